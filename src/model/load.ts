/**
 * rt.loadModel: bytes -> Model. The pipeline, stage by stage (docs/model.md, docs/architecture.md):
 *   graph:    read (graph/onnx/reader.ts or graph/tflite/reader.ts: BAD_MODEL) -> bind input shapes and infer every
 *             shape (graph/passes/infer-shapes.ts, the operator table's shape rules: BAD_SHAPE) -> check operand
 *             element types (graph/passes/check-types.ts: BAD_MODEL) -> on one GraphView:
 *             fold constants -> inline the Ifs of constant conditions, lift the other Ifs' reads of the enclosing
 *             graph into inputs (graph/passes/inline-if.ts) -> remove Identity / Dropout -> fold BatchNormalization ->
 *             onnxruntime's PadFusion (graph/passes/fold-pad.ts fusePadOrtPass: a zero Pad into a Conv / MaxPool) ->
 *             a float MatMul read only by an Add into a Gemm (as onnxruntime does) -> onnxruntime's QDQ propagation
 *             (graph/passes/propagate-qdq.ts) -> quantize float weights as
 *             onnxruntime's WeightBiasQuantization -> fuse Q/DQ groups (the table's rules) -> fold Pads -> the DQs
 *             of constants left unfused into float initializers -> compose tables -> a QLinearMatMul of many rows as
 *             a 1x1 convolution over pixels -> size checks -> name the steps -> the work budget
 *             (lowering/bounds.ts: TOO_LARGE) -> the fusions (tables into convolutions, Resizes into concats, channel
 *             gates, channel chains: i8conv nodes)
 *   lowering: every node to a step, by the operator table (lowering/lower.ts: UNSUPPORTED_OP lists every node that
 *             cannot run) -> plan layouts (lowering/layouts.ts) -> plan the arena (lowering/memory.ts)
 *   executor: build each step (weights packed, tables written) -> Model (executor/model.ts)
 * An If whose condition only the run decides plans each branch as a program of its own through these same stages
 * (planSubgraph, given to the lowering), which its step builds and runs (backends/host/control.ts).
 * Everything that can be refused is refused before the first wasm allocation (operand element types: right after
 * the shapes, graph/passes/check-types.ts); a failure after it, at any stage, releases every heap block the load
 * took (a mark of each heap, heap.ts), whoever took it. The runtime stays usable either way.
 */
import { I8ConvError, check } from '../errors.js';
import type { WasmRuntimeCore } from '../runtime.js';
import type { AlgoSelector } from '../conv.js';
import { readOnnxModel } from './graph/onnx/reader.js';
import { isTflite, readTfliteModel } from './graph/tflite/reader.js';
import { inferShapes } from './graph/passes/infer-shapes.js';
import { checkTypes } from './graph/passes/check-types.js';
import { GraphView } from './graph/view.js';
import { float16AsFloat32, float16IO, holdsFloat16 } from './graph/passes/float16.js';
import { foldConstantsPass } from './graph/passes/fold-constants.js';
import { removeIdentityPass } from './graph/passes/remove-identity.js';
import { foldBatchNormPass } from './graph/passes/fold-batchnorm.js';
import { fuseQdqPass } from './graph/passes/fuse-qdq.js';
import { propagateQdqPass } from './graph/passes/propagate-qdq.js';
import { fuseMatMulAddPass } from './graph/passes/fuse-matmul-add.js';
import { fuseLayerNormPass } from './graph/passes/fuse-layer-norm.js';
import { fuseDivMulPass, fuseGeluPass } from './graph/passes/fuse-gelu.js';
import { fuseLutsPass } from './graph/passes/fuse-luts.js';
import { contribQdqToDefault } from './graph/passes/contrib-qdq.js';
import { foldPadPass, fusePadOrtPass } from './graph/passes/fold-pad.js';
import { foldConstantDqPass } from './graph/passes/fold-constant-dq.js';
import { matmulRowsPass } from './graph/passes/matmul-rows.js';
import { weightBiasQuantizationPass } from './graph/passes/weight-bias-quant.js';
import { maxPoolCodesPass } from './graph/passes/maxpool-codes.js';
import { quantizeBeforePadPass } from './graph/passes/quantize-before-pad.js';
import { inlineIfPass, liftIfCapturesPass } from './graph/passes/inline-if.js';
import { checkedOrder, lowerGraph, plannedValues } from './lowering/lower.js';
import { nameStepsPass } from './graph/passes/name-steps.js';
import { checkBounds } from './lowering/bounds.js';
import { fuseOutputTablesPass } from './graph/passes/fuse-output-tables.js';
import { fuseResidualAddsPass } from './graph/passes/fuse-residual-adds.js';
import { fuseIntegerEpiloguePass } from './graph/passes/fuse-integer-epilogue.js';
import { decomposeIntegerToFloatPass } from './graph/passes/decompose-integer-to-float.js';
import { decomposeFusedConvPass } from './graph/passes/decompose-fused-conv.js';
import { decomposeOrtActivationsPass } from './graph/passes/decompose-ort-activations.js';
import { decomposeEinsumPass } from './graph/passes/decompose-einsum.js';
import { decomposeLegacyImageOpsPass } from './graph/passes/decompose-legacy-image-ops.js';
import { fuseMatMulScalePass } from './graph/passes/fuse-matmul-scale.js';
import { ortConstantValues, ortKnownShapes } from './graph/passes/ort-shapes.js';
import { fuseConcatFeedersPass } from './graph/passes/fuse-concat-feeders.js';
import { fuseChannelGatesPass } from './graph/passes/fuse-channel-gates.js';
import { fuseChannelChainsPass } from './graph/passes/fuse-channel-chains.js';
import { fuseFloatRegionsPass } from './graph/passes/fuse-float-regions.js';
import { fuseConvAddPass, fuseConvReluPass } from './graph/passes/fuse-conv-add.js';
import { declaredDims } from './graph/passes/declared-dims.js';
import { planLayouts } from './lowering/layouts.js';
import { planMemory } from './lowering/memory.js';
import type { LoweredNode, PlannedProgram, StepImpl } from './executor/step.js';
import type { Dim, Graph, Tensor } from './graph/ir.js';
import type { PlannedValue } from './lowering/values.js';
import { Model, ModelPlan, type ModelIO, type ModelTensorType, type Replanner } from './executor/model.js';
import { rowFor } from './lowering/registry.js';
import { unsupportedModel } from './executor/step.js';
import { StagedModel, attachSplit, evaluateAtRun, splitStages } from './executor/staged.js';
import { RunTimeShapeError } from './graph/shape-rules.js';
import type { LoadProgress } from './source.js';

export interface LoadModelOptions {
  /**
   * binds symbolic / dynamic input dims for the plan made at load: input name -> dims; required where a dim is
   * symbolic. A run may feed other dims (a tensor feed { data, dims }): the model plans them then (docs/model.md)
   */
  inputShapes?: Record<string, number[]>;
  /** per-convolution algorithm choice, as for rt.convBias (default: the runtime's) */
  selection?: 'heuristic' | 'profile';
  /** 'auto' (default) plans NCHW44 where the operators have it; 'nchw' keeps every tensor NCHW */
  layout?: 'auto' | 'nchw';
  /**
   * called as the model's bytes arrive (a URL, Response, Blob or stream): the bytes so far and the size announced
   * before reading (undefined: unknown); last with both equal to the model's size
   */
  onProgress?: LoadProgress;
  /**
   * a float model (no convolution or matrix product in int8: it runs, slowly, on the float path): 'warn' (default:
   * one console.warn per load, naming the quantizer), 'error' (FLOAT_MODEL, before anything is allocated), 'allow'
   */
  onFloatModel?: 'warn' | 'error' | 'allow';
  /**
   * a model with symbolic or unknown input dims: how many plans (input shapes) it keeps, the least recently run
   * dropped first (default 4; each plan holds its packed weights and its arena)
   */
  maxPlans?: number;
}

/** Tests only. */
export interface LoadModelHooks {
  /** false: every value gets its own arena bytes (no reuse, no in-place) */
  reuse?: boolean;
  /** guard bytes after every value (checked by model.checkGuards()) */
  valueGuards?: number;
  /** false: skip the WeightBiasQuantization pass (tests of that pass: what a model computes without it) */
  weightBiasQuantization?: boolean;
  /** false: a decomposed layer normalization stays its nodes (no i8conv:LayerNormalization: onnxruntime's fusion) */
  layerNorm?: boolean;
  /** false: x * 0.5 * (1 + erf(x / sqrt 2)) stays its nodes (no com.microsoft Gelu: onnxruntime's GeluFusion) */
  gelu?: boolean;
  /** false: Mul(Div(1, x), y) stays two nodes (onnxruntime's DivMulFusion makes it Div(y, x)) */
  divMul?: boolean;
  /** false: a float MaxPool of a non-decreasing function of 8-bit codes stays float (no pool of the codes) */
  maxPoolCodes?: boolean;
  /** false: a float Pad read by a QuantizeLinear stays float (the codes are not padded instead) */
  quantizeBeforePad?: boolean;
  /** false: a float Conv and the Add after it stay two steps (no ConvAdd: onnxruntime's FusedConv order) */
  convAdd?: boolean;
  /** false: a float Conv (or ConvAdd) and the Relu after it stay two steps (no activation in the convolution) */
  convRelu?: boolean;
  /** false: a ConvInteger / MatMulInteger and the float Cast -> Mul -> Add -> Relu after it stay apart (the float region runs the epilogue) */
  integerEpilogue?: boolean;
  /** onnxruntime's MatMulScaleFusion (fuse-matmul-scale.ts); false: the scaled MatMuls stay as written */
  matmulScale?: boolean;
  /** false: a QLinearAdd of a convolution's output stays a step of its own (not applied as the convolution stores) */
  residualAdds?: boolean;
  /** false: look-up steps stay steps of their own (not folded into the convolutions that feed them) */
  outputTables?: boolean;
  /** false: chains of per-channel element-wise steps stay steps (not tabulated into one ChannelTable step) */
  channelChains?: boolean;
  /** false: a Resize feeding a concat stays its own step (not run into the concat's output) */
  concatFeeders?: boolean;
  /** false: a QLinearMul by a per-channel gate (and the QLinearAdd of its input) stay steps (no ChannelGate step) */
  channelGates?: boolean;
  /** false: float element-wise operators stay steps of their own (no ElementwiseRegion steps) */
  floatRegions?: boolean;
  /**
   * Called as the loader enters each stage ('read', 'passes', 'lower', 'layouts', 'memory', 'build', 'build <step>'
   * after each step is built, 'model' once the model holds its arena): a test throws from it to fail a load there.
   */
  stage?: (name: string) => void;
}

const KEYS = new Set(['inputShapes', 'selection', 'layout', 'onProgress', 'onFloatModel', 'maxPlans']);
/** Largest arena / value the planner accepts (a 32-bit wasm memory holds 4 GiB; leave room for weights). */
export const MAX_ARENA_BYTES = 2 ** 31;

export function checkLoadOptions(opts: unknown): LoadModelOptions {
  check(
    opts === undefined || (typeof opts === 'object' && opts !== null && !Array.isArray(opts)),
    'INVALID_PARAM',
    'opts',
    'must be an object (LoadModelOptions) or omitted',
  );
  const o = (opts ?? {}) as LoadModelOptions;
  for (const k of Object.keys(o))
    check(KEYS.has(k), 'INVALID_PARAM', k, () => `is not an option of loadModel (known: ${[...KEYS].join(', ')})`);
  check(
    o.layout === undefined || o.layout === 'auto' || o.layout === 'nchw',
    'INVALID_PARAM',
    'layout',
    () => `must be 'auto' or 'nchw', got ${String(o.layout)}`,
  );
  check(
    o.selection === undefined || o.selection === 'heuristic' || o.selection === 'profile',
    'INVALID_PARAM',
    'selection',
    () => `must be 'heuristic' or 'profile', got ${String(o.selection)}`,
  );
  check(
    o.onProgress === undefined || typeof o.onProgress === 'function',
    'INVALID_PARAM',
    'onProgress',
    'must be a function (loadedBytes, totalBytes) => void',
  );
  check(
    o.onFloatModel === undefined ||
      o.onFloatModel === 'warn' ||
      o.onFloatModel === 'error' ||
      o.onFloatModel === 'allow',
    'INVALID_PARAM',
    'onFloatModel',
    () => `must be 'warn', 'error' or 'allow', got ${String(o.onFloatModel)}`,
  );
  check(
    o.maxPlans === undefined || (Number.isInteger(o.maxPlans) && o.maxPlans >= 1 && o.maxPlans <= 1024),
    'INVALID_PARAM',
    'maxPlans',
    () => `must be an integer from 1 to 1024, got ${String(o.maxPlans)}`,
  );
  if (o.inputShapes !== undefined) {
    check(
      typeof o.inputShapes === 'object' && o.inputShapes !== null && !Array.isArray(o.inputShapes),
      'INVALID_PARAM',
      'inputShapes',
      'must be an object { [inputName]: number[] }',
    );
    for (const [k, v] of Object.entries(o.inputShapes)) {
      check(
        Array.isArray(v) && v.every((d) => Number.isInteger(d) && d >= 0 && d <= 2 ** 31),
        'BAD_SHAPE',
        `inputShapes.${k}`,
        () => `must be an array of non-negative integers, got ${JSON.stringify(v)}`,
      );
    }
  }
  return o;
}

/**
 * The graph passes, in order, on one view of the graph (graph/view.ts): the graph the lowering runs (every node one
 * the operator table lowers: the fusions' i8conv nodes included) and the planned values.
 */
export function prepareGraph(
  bytes: Uint8Array | ArrayBuffer,
  o: LoadModelOptions,
  hooks: LoadModelHooks = {},
): { graph: Graph; values: Map<string, PlannedValue> } {
  hooks.stage?.('read');
  return preparePasses(readGraph(bytes), o, hooks);
}

/** The graph IR of an ONNX or TFLite file (BAD_MODEL). */
function readGraph(bytes: Uint8Array | ArrayBuffer): Graph {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return isTflite(u8) ? readTfliteModel(u8) : readOnnxModel(bytes);
}

/** The graph passes on a graph as read: a model's, or an If branch's (its fed inputs declared with their dims). */
function preparePasses(
  file: Graph,
  o: LoadModelOptions,
  hooks: LoadModelHooks,
): { graph: Graph; values: Map<string, PlannedValue>; float16: Set<string> } {
  // onnxruntime's contrib QuantizeLinear / DequantizeLinear of 8-bit types: the default domain's (contrib-qdq.ts)
  const read = contribQdqToDefault(file);
  const typed = inferShapes(read, o.inputShapes ?? {});
  const halfIO = float16IO(typed);
  // BAD_MODEL: operands of element types their operators do not take (a zero point of float32, a scale of int8)
  checkTypes(typed);
  hooks.stage?.('passes');
  let view = new GraphView(typed);
  foldConstantsPass(view);
  if (holdsFloat16(typed)) {
    // a model that computes in float16 runs in float32 as onnxruntime's CPU provider runs it (float16.ts)
    view = new GraphView(float16AsFloat32(view.toGraph()));
    foldConstantsPass(view);
  }
  foldFloatConstants(view, () => ortConstantValues(typed, () => declaredDims(read, typed)));
  inlineIfPass(view);
  liftIfCapturesPass(view);
  // onnxruntime's MatMulIntegerToFloat / DynamicQuantizeMatMul: into quantize_dynamic's nodes (fused again below)
  decomposeIntegerToFloatPass(view);
  // onnxruntime's FusedConv: into the Conv and its activation (fused again below where they can be)
  decomposeFusedConvPass(view);
  // onnxruntime's FusedGemm and QuickGelu: into Gemm and its activation, Mul -> Sigmoid -> Mul
  decomposeOrtActivationsPass(view);
  // early ONNX's ImageScaler and Crop: into Mul / Add and Slice
  decomposeLegacyImageOpsPass(view);
  removeIdentityPass(view);
  foldBatchNormPass(view);
  // onnxruntime's PadFusion (a basic-level rewrite): a zero Pad into the Conv / MaxPool that reads it; not in a TFLite
  // model (LiteRT pads a max pool's window with the Pad's value)
  if (read.format !== 'tflite') fusePadOrtPass(view);
  if (hooks.divMul !== false) fuseDivMulPass(view);
  fuseMatMulAddPass(view);
  // onnxruntime's QDQ propagation (a basic-level rewrite: before its fusions): Q back and DQ forward through Reshape,
  // Transpose, Slice, ... so that the Q/DQ fusion below meets the groups onnxruntime's does
  propagateQdqPass(view);
  // onnxruntime's MatMulScaleFusion: a MatMul scaled before or after by a constant becomes FusedMatMul (its bits)
  if (hooks.matmulScale !== false)
    fuseMatMulScalePass(view, () => ortKnownShapes(typed, () => declaredDims(read, typed)));
  // onnxruntime's CPU provider does not fuse a layer normalization of float16 values (and runs it in float32 as the
  // float16 pass lays out); float16 models keep their nodes
  if (hooks.layerNorm !== false && !holdsFloat16(typed)) fuseLayerNormPass(view);
  if (hooks.gelu !== false && !holdsFloat16(typed)) fuseGeluPass(view);
  if (hooks.weightBiasQuantization !== false) weightBiasQuantizationPass(view);
  // before fuse-qdq: DQ -> element-wise chain -> MaxPool -> Q becomes MaxPool (codes) -> DQ -> chain -> Q, which
  // fuse-qdq then makes one table (a float region tabulated, not a float pool between two float steps)
  if (hooks.maxPoolCodes !== false) maxPoolCodesPass(view);
  // before fuse-qdq: float Pad -> QuantizeLinear becomes QuantizeLinear -> Pad of the codes, which fold-pad then makes
  // the convolution's own padding
  if (hooks.quantizeBeforePad !== false) quantizeBeforePadPass(view);
  fuseQdqPass(view);
  foldPadPass(view);
  foldConstantDqPass(view);
  fuseLutsPass(view);
  matmulRowsPass(view);
  // after every pass that fuses a MatMul with its neighbours (onnxruntime does not fuse an Einsum)
  decomposeEinsumPass(view);
  const values = plannedValues(view);
  // sizes before the fusions and the lowering: both build tables that grow with the dims (a declared shape of 10^9
  // took a minute)
  tooLarge(values);
  checkedOrder(view.toGraph()); // BAD_MODEL (a cycle, a value produced twice or by nobody) before any fusion
  // the fusions: graph rewrites into i8conv nodes, which the operator table lowers like any node
  nameStepsPass(view);
  // the work budget (lowering/bounds.ts: TOO_LARGE), on the named nodes, before any table or kernel is planned
  checkBounds(view, values);
  if (hooks.convAdd !== false) {
    let declared: Map<string, Dim[]> | null | undefined;
    fuseConvAddPass(view, values, () => {
      if (declared === undefined) declared = declaredDims(read, typed);
      return declared;
    });
  }
  if (hooks.convRelu !== false) fuseConvReluPass(view, values);
  // quantize_dynamic's Cast -> Mul -> Add -> Relu after a ConvInteger / MatMulInteger: into its finishing pass
  if (hooks.integerEpilogue !== false) fuseIntegerEpiloguePass(view, values);
  if (hooks.outputTables !== false) fuseOutputTablesPass(view, values);
  if (hooks.concatFeeders !== false) fuseConcatFeedersPass(view, values);
  if (hooks.channelGates !== false) fuseChannelGatesPass(view, values);
  if (hooks.channelChains !== false) fuseChannelChainsPass(view, values);
  // a chain tabulated the same for every channel (DQ -> Q of new parameters, DQ -> Clip -> Q) is a table too: into
  // the convolution that feeds it
  if (hooks.outputTables !== false && hooks.channelChains !== false) fuseOutputTablesPass(view, values);
  // a QLinearAdd of a convolution's output and a same-shaped value: into the convolution (after its table)
  if (hooks.residualAdds !== false) fuseResidualAddsPass(view, values);
  if (hooks.floatRegions !== false) fuseFloatRegionsPass(view, values);
  const graph = view.toGraph();
  // the inputs and outputs declared float16 that the float16 pass carries as float32: the model converts them
  const float16 = new Set(
    [...graph.inputs, ...graph.outputs].filter((v) => halfIO.has(v.name) && v.type !== 'float16').map((v) => v.name),
  );
  return { graph, values, float16 };
}

function tooLarge(values: ReadonlyMap<string, PlannedValue>): void {
  for (const v of values.values()) {
    // the message only for a value too large (built for every value, it cost milliseconds a load)
    if (v.bytes <= MAX_ARENA_BYTES) continue;
    check(
      false,
      'TOO_LARGE',
      'model',
      () =>
        `value ${JSON.stringify(v.name)} of shape [${v.dims}] (${v.type}) needs ${v.bytes} bytes, more than a wasm memory can hold`,
    );
  }
}

export function loadModel(
  core: WasmRuntimeCore,
  select: AlgoSelector,
  bytes: unknown,
  opts?: LoadModelOptions,
  hooks: LoadModelHooks = {},
): Model {
  const o = checkLoadOptions(opts);
  check(
    bytes instanceof Uint8Array || bytes instanceof ArrayBuffer,
    'INVALID_PARAM',
    'bytes',
    'must be a Uint8Array or an ArrayBuffer holding an ONNX or TFLite model',
  );
  hooks.stage?.('read');
  const read = readGraph(bytes);
  const declared = dynamicInputs(read);
  // each new input shape (and a split's head) reads the file again (the passes rewrite what they are given): a copy
  // of the caller's bytes, which the caller may change; taken only where needed
  let own: Uint8Array | ArrayBuffer | undefined;
  const snapshot = () => (own ??= bytes instanceof Uint8Array ? bytes.slice() : bytes.slice(0));
  const again = (): Graph => readGraph(snapshot());
  // (the copy now, before the caller can change its bytes; read only when a new shape needs it)
  if (declared !== undefined) snapshot();
  let warned = false;
  return loadGraph(core, select, read, again, declared, o, hooks, (graph) => {
    if (!isFloatModel(graph)) return;
    check(
      o.onFloatModel !== 'error',
      'FLOAT_MODEL',
      'model',
      () => `no convolution or matrix product of the model runs in int8 (onFloatModel: 'error'): ${QUANTIZE_HINT}`,
    );
    if (warned || (o.onFloatModel ?? 'warn') !== 'warn') return;
    warned = true;
    console.warn(
      `i8conv: this model has no int8 convolution or matrix product: it runs on the float path, slowly. ${QUANTIZE_HINT} (loadModel option onFloatModel: 'allow' silences this warning, 'error' refuses such models)`,
    );
  });
}

/**
 * The model of a read graph: one plan at o.inputShapes, a replanner where `declared` (dynamic input dims), and a
 * StagedModel where a plan is split at dims only the run decides (executor/staged.ts): `again` reads the graph anew
 * for each further plan and for a split (the passes rewrite the graph they are given; `read` is the first plan's).
 */
function loadGraph(
  core: WasmRuntimeCore,
  select: AlgoSelector,
  read: Graph,
  again: () => Graph,
  declared: Map<string, (number | string | null)[] | undefined> | undefined,
  o: LoadModelOptions,
  hooks: LoadModelHooks,
  prepared?: (graph: Graph) => void,
): Model {
  let staged = false;
  const planAt = (g: Graph, inputShapes: Record<string, number[]> | undefined): ModelPlan => {
    const at = { ...o, inputShapes };
    try {
      return buildPlan(core, select, g, at, hooks, prepared);
    } catch (e) {
      if (!(e instanceof RunTimeShapeError)) throw e;
      const split = splitStages(again(), inputShapes ?? {});
      if (!split) throw e;
      const plan = buildPlan(core, select, split.head, at, hooks, prepared);
      attachSplit(plan, split);
      staged = true;
      return plan;
    }
  };
  // a symbolic or unknown input dim that inputShapes leaves unbound: no plan until a run's tensor feeds give the dims
  // (the operators are checked now: every node must be one the runtime has)
  const lazy = declared !== undefined && !bindsEveryDim(read, o.inputShapes);
  if (lazy) checkOperators(read);
  const first = lazy ? null : planAt(read, o.inputShapes);
  const replanner: Replanner | undefined = declared && {
    declared,
    maxPlans: o.maxPlans ?? 4,
    plan: (shapes) => planAt(again(), shapes),
  };
  if (!staged && !declared) return new Model(core, first!);
  // a tail: fixed input dims (the frontier's), float or not as the model is, no progress to report
  const tailOpts: LoadModelOptions = { ...o, inputShapes: undefined, onProgress: undefined, onFloatModel: 'allow' };
  const loadTail = (g: Graph): Model => {
    const copy = structuredClone(g);
    return loadGraph(core, select, g, () => structuredClone(copy), undefined, tailOpts, hooks);
  };
  return new StagedModel(core, first, loadTail, replanner, lazy ? declaredIO(read) : undefined);
}

/** Whether inputShapes binds every fed input whose declared dims are not all numbers (or that declares none). */
function bindsEveryDim(read: Graph, inputShapes: Record<string, number[]> | undefined): boolean {
  return read.inputs
    .filter((v) => !read.initializers.has(v.name))
    .every(
      (v) =>
        (v.shape !== null && v.shape.every((d) => typeof d === 'number')) ||
        (inputShapes !== undefined && Object.hasOwn(inputShapes, v.name)),
    );
}

/** UNSUPPORTED_OP naming every node (subgraphs too) of an operator the runtime does not have at the model's opset. */
function checkOperators(read: Graph): void {
  const problems: string[] = [];
  const walk = (g: Graph, where: string): void => {
    g.nodes.forEach((n, i) => {
      if (!rowFor(n.domain, n.opType, read.opsetImports.get(n.domain) ?? 1))
        problems.push(
          `node ${JSON.stringify(n.name || `${n.opType}#${i}`)} (${n.domain ? `${n.domain}.` : ''}${n.opType})${where}: the runtime has no operator ${n.opType} at this opset`,
        );
      for (const a of n.attributes.values())
        if (a.kind === 'graph') walk(a.value, ` in a subgraph of ${JSON.stringify(n.name || n.opType)}`);
    });
  };
  walk(read, '');
  if (problems.length) throw unsupportedModel(problems);
}

const IO_TYPES = new Set(['float32', 'uint8', 'int8', 'int32', 'int64', 'bool', 'float16', 'double']);

/** The inputs and outputs as the file declares them (a symbolic or unknown dim reads 0); BAD_SHAPE for a type the
 * runtime does not carry. */
function declaredIO(read: Graph): { inputs: ModelIO[]; outputs: ModelIO[] } {
  const io = (v: Graph['inputs'][number], what: string): ModelIO => {
    const type = v.type ?? (what === 'output' ? 'float32' : null);
    check(
      type !== null && IO_TYPES.has(type),
      'BAD_SHAPE',
      `${what} ${JSON.stringify(v.name)}`,
      () => `no element type the runtime carries (ONNX type ${v.onnxElemType})`,
    );
    return {
      name: v.name,
      type: type as ModelTensorType,
      shape: v.shape ? v.shape.map((d) => (typeof d === 'number' ? d : 0)) : [],
    };
  };
  return {
    inputs: read.inputs.filter((v) => !read.initializers.has(v.name)).map((v) => io(v, 'input')),
    outputs: read.outputs.map((v) => io(v, 'output')),
  };
}

const QUANTIZE_HINT =
  "Quantize it to int8 first: quantizeModel from 'i8conv/quantize', or `npx i8conv quantize IN.onnx OUT.onnx --calibrate DIR`";

/** Convolutions and matrix products in int8, and in float (their fused forms included: i8conv:QLinearConv, ConvAdd). */
const INT8_PRODUCTS = new Set(['QLinearConv', 'QLinearMatMul', 'QGemm', 'ConvInteger', 'MatMulInteger']);
const FLOAT_PRODUCTS = new Set(['Conv', 'ConvTranspose', 'MatMul', 'Gemm', 'ConvAdd', 'LSTM', 'GRU']);

/**
 * Whether a prepared graph is a float model: it has convolutions or matrix products (an If's branches included) and
 * none of them runs in int8. A model without any (plumbing, pooling) is none: quantizing would not speed it up.
 */
export function isFloatModel(graph: Graph): boolean {
  let int8 = false;
  let float = false;
  const walk = (g: Graph): void => {
    for (const n of g.nodes) {
      if (INT8_PRODUCTS.has(n.opType)) int8 = true;
      else if (FLOAT_PRODUCTS.has(n.opType)) float = true;
      for (const a of n.attributes.values()) if (a.kind === 'graph') walk(a.value);
    }
  };
  walk(graph);
  return float && !int8;
}

/**
 * Each fed input's declared dims where one of them is symbolic or unknown (or an input declares no shape): the model
 * plans each new input shape on first use; undefined where every dim is fixed (one plan, the load's).
 */
function dynamicInputs(read: Graph): Map<string, (number | string | null)[] | undefined> | undefined {
  const fed = read.inputs.filter((v) => !read.initializers.has(v.name));
  const dynamic = fed.some((v) => v.shape === null || v.shape.some((d) => typeof d !== 'number'));
  return dynamic ? new Map(fed.map((v) => [v.name, v.shape === null ? undefined : [...v.shape]])) : undefined;
}

/**
 * One plan of a read graph (the graph passes with o.inputShapes, lowering, layouts, memory, every step built). Every
 * block it takes from either heap (the threaded build's and its single-thread companion's) is recorded; a failure at
 * any stage releases them all, whichever owner took them. `prepared` sees the prepared graph before the lowering.
 */
function buildPlan(
  core: WasmRuntimeCore,
  select: AlgoSelector,
  read: Graph,
  o: LoadModelOptions,
  hooks: LoadModelHooks,
  prepared?: (graph: Graph) => void,
): ModelPlan {
  const marks = [core.heap.mark(), ...(core.serial ? [core.serial.heap.mark()] : [])];
  const impls: StepImpl[] = [];
  try {
    const { graph, values, float16 } = preparePasses(read, o, hooks);
    prepared?.(graph);
    const { steps, inputs, outputs, arenaBytes } = planProgram(graph, values, o, hooks);
    const env = {
      core,
      values,
      select,
      convOptions: {},
      selection: o.selection,
      opset: (d: string) => graph.opsetImports.get(d) ?? 1,
    };
    hooks.stage?.('build');
    for (const s of steps) {
      impls.push(s.build(env, s));
      hooks.stage?.(`build ${s.name}`);
    }
    const plan = new ModelPlan({
      core,
      steps,
      impls,
      values,
      inputs,
      outputs,
      arenaBytes,
      valueGuards: hooks.valueGuards ?? 0,
      float16,
    });
    hooks.stage?.('model');
    for (const m of marks) m.close();
    return plan;
  } catch (e) {
    for (const i of impls) i.dispose();
    for (const m of marks) m.rollback();
    if (e instanceof RangeError)
      throw new I8ConvError(
        'OUT_OF_MEMORY',
        `model: the wasm memory could not grow to hold the model: ${e.message}`,
        'model',
      );
    throw e;
  }
}

/**
 * Lowering, layouts and memory of a prepared graph: its program (pure: nothing allocated). An If's branches are
 * planned the same way, from the lowering of the If (planSubgraph).
 */
function planProgram(
  graph: Graph,
  values: Map<string, PlannedValue>,
  o: LoadModelOptions,
  hooks: LoadModelHooks,
): PlannedProgram {
  hooks.stage?.('lower');
  const lowered = lowerGraph(graph, values, (g) => {
    const sub = preparePasses(g, { ...o, inputShapes: {} }, hooks);
    return planProgram(sub.graph, sub.values, o, hooks);
  });
  tooLarge(values);
  const inputs = graph.inputs.filter((v) => !graph.initializers.has(v.name)).map((v) => v.name);
  const outputs = graph.outputs.map((v) => v.name);
  hooks.stage?.('layouts');
  const layout = planLayouts(lowered, values, outputs, o.layout ?? 'auto');
  const reuse = hooks.reuse ?? true;
  // memory first (pure arithmetic: an arena too large is refused before anything is allocated)
  hooks.stage?.('memory');
  const mem = planMemory(layout.steps, values, inputs, outputs, { reuse, gap: hooks.valueGuards ?? 0 });
  check(
    mem.arenaBytes <= MAX_ARENA_BYTES,
    'OUT_OF_MEMORY',
    'model',
    () => `the model's tensors need an arena of ${mem.arenaBytes} bytes, more than a wasm memory can hold`,
  );
  return { steps: layout.steps as LoweredNode[], values, inputs, outputs, arenaBytes: mem.arenaBytes };
}

/**
 * @internal Tests: rt.loadModel of bytes without the promise, with the planner's test hooks; float models allowed
 * silently unless opts.onFloatModel says otherwise (the tests and the fuzzer load them on purpose).
 */
export function loadModelSync(
  rt: { core: WasmRuntimeCore; selector: { select: AlgoSelector } },
  bytes: Uint8Array | ArrayBuffer,
  opts?: LoadModelOptions,
  hooks?: LoadModelHooks,
): Model {
  check(!rt.core.disposed, 'DISPOSED', 'runtime', 'the runtime was disposed');
  const o =
    opts === undefined
      ? { onFloatModel: 'allow' as const }
      : typeof opts === 'object' && opts !== null && !Array.isArray(opts) && !Object.hasOwn(opts, 'onFloatModel')
        ? { ...opts, onFloatModel: 'allow' as const }
        : opts;
  return loadModel(rt.core, (p, s, plan, sel) => rt.selector.select(p, s, plan, sel), bytes, o, hooks);
}

/**
 * Float element-wise operators whose inputs are all constants, evaluated once by their host operators (the kernels'
 * arithmetic: the same bits a run would compute), as onnxruntime's constant folding evaluates them before its fusions:
 * Swin's attention scale is `Pow(32, -0.5)`, and only once it is a constant do MatMulScaleFusion and i8conv's
 * fuse-matmul-scale make the scaled product a FusedMatMul. Inputs the file holds as constants only (a value folded
 * from a shape is not one where a dim is symbolic: onnxruntime then leaves it computed, and so does this), outputs
 * of up to FOLD_FLOAT_ELEMENTS values (a scale, a bias), float32 only.
 */
const FOLD_FLOAT_OPS: ReadonlySet<string> = new Set([
  'Add',
  'Sub',
  'Mul',
  'Div',
  'Pow',
  'Sqrt',
  'Reciprocal',
  'Neg',
  'Abs',
  'Exp',
  'Log',
  'Max',
  'Min',
]);
const FOLD_FLOAT_ELEMENTS = 65536;

function foldFloatConstants(v: GraphView, constants: () => Set<string>): void {
  // the constants onnxruntime knows at session creation (graph/passes/ort-shapes.ts: not a value computed from a dim
  // that is symbolic in the file), and what this folds from them
  let known: Set<string> | undefined;
  for (const node of v.live()) {
    if (node.domain !== '' || !FOLD_FLOAT_OPS.has(node.opType) || node.outputs.length !== 1) continue;
    const out = node.outputs[0];
    if (out === '' || v.initializers.has(out)) continue;
    known ??= constants();
    if (!node.inputs.every((n) => n === '' || known!.has(n))) continue;
    const inputs = node.inputs.map((n) => (n === '' ? undefined : v.constant(n)));
    if (inputs.some((t, k) => node.inputs[k] !== '' && (!t || t.type !== 'float32'))) continue;
    const dims = v.dimsOf(out);
    if (!dims || dims.reduce((a, b) => a * b, 1) > FOLD_FLOAT_ELEMENTS) continue;
    let folded: Tensor[];
    try {
      folded = evaluateAtRun(node, inputs, v.opset());
    } catch {
      continue;
    }
    v.remove(node);
    v.setInitializer({ ...folded[0], name: out });
    known.add(out);
  }
}
