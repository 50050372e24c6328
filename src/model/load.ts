/**
 * rt.loadModel: bytes -> Model. The pipeline, stage by stage (docs/model.md, docs/architecture.md):
 *   graph:    read (graph/onnx/reader.ts or graph/tflite/reader.ts: BAD_MODEL) -> bind input shapes and infer every
 *             shape (graph/passes/infer-shapes.ts, the operator table's shape rules: BAD_SHAPE) -> check operand
 *             element types (graph/passes/check-types.ts: BAD_MODEL) -> on one GraphView:
 *             fold constants -> inline the Ifs of constant conditions, lift the other Ifs' reads of the enclosing
 *             graph into inputs (graph/passes/inline-if.ts) -> remove Identity / Dropout -> fold BatchNormalization ->
 *             a float MatMul read only by an Add into a Gemm (as onnxruntime does) -> quantize float weights as
 *             onnxruntime's WeightBiasQuantization -> fuse Q/DQ groups (the table's rules) -> fold Pads -> compose
 *             tables -> size checks -> name the steps -> the work budget (lowering/bounds.ts: TOO_LARGE) -> the
 *             fusions (tables into convolutions, Resizes into concats, channel gates, channel chains: i8conv nodes)
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
import { foldConstantsPass } from './graph/passes/fold-constants.js';
import { removeIdentityPass } from './graph/passes/remove-identity.js';
import { foldBatchNormPass } from './graph/passes/fold-batchnorm.js';
import { fuseQdqPass } from './graph/passes/fuse-qdq.js';
import { fuseMatMulAddPass } from './graph/passes/fuse-matmul-add.js';
import { fuseLutsPass } from './graph/passes/fuse-luts.js';
import { foldPadPass } from './graph/passes/fold-pad.js';
import { weightBiasQuantizationPass } from './graph/passes/weight-bias-quant.js';
import { inlineIfPass, liftIfCapturesPass } from './graph/passes/inline-if.js';
import { checkedOrder, lowerGraph, plannedValues } from './lowering/lower.js';
import { nameStepsPass } from './graph/passes/name-steps.js';
import { checkBounds } from './lowering/bounds.js';
import { fuseOutputTablesPass } from './graph/passes/fuse-output-tables.js';
import { fuseConcatFeedersPass } from './graph/passes/fuse-concat-feeders.js';
import { fuseChannelGatesPass } from './graph/passes/fuse-channel-gates.js';
import { fuseChannelChainsPass } from './graph/passes/fuse-channel-chains.js';
import { fuseFloatRegionsPass } from './graph/passes/fuse-float-regions.js';
import { fuseConvAddPass } from './graph/passes/fuse-conv-add.js';
import { planLayouts } from './lowering/layouts.js';
import { planMemory } from './lowering/memory.js';
import type { LoweredNode, PlannedProgram, StepImpl } from './executor/step.js';
import type { Graph } from './graph/ir.js';
import type { PlannedValue } from './lowering/values.js';
import { Model } from './executor/model.js';

export interface LoadModelOptions {
  /** binds symbolic / dynamic input dims: input name -> dims; required where a dim is symbolic */
  inputShapes?: Record<string, number[]>;
  /** per-convolution algorithm choice, as for rt.convBias (default: the runtime's) */
  selection?: 'heuristic' | 'profile';
  /** 'auto' (default) plans NCHW44 where the operators have it; 'nchw' keeps every tensor NCHW */
  layout?: 'auto' | 'nchw';
}

/** Tests only. */
export interface LoadModelHooks {
  /** false: every value gets its own arena bytes (no reuse, no in-place) */
  reuse?: boolean;
  /** guard bytes after every value (checked by model.checkGuards()) */
  valueGuards?: number;
  /** false: skip the WeightBiasQuantization pass (tests of that pass: what a model computes without it) */
  weightBiasQuantization?: boolean;
  /** false: a float Conv and the Add after it stay two steps (no ConvAdd: onnxruntime's FusedConv order) */
  convAdd?: boolean;
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

const KEYS = new Set(['inputShapes', 'selection', 'layout']);
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
    check(KEYS.has(k), 'INVALID_PARAM', k, `is not an option of loadModel (known: ${[...KEYS].join(', ')})`);
  check(
    o.layout === undefined || o.layout === 'auto' || o.layout === 'nchw',
    'INVALID_PARAM',
    'layout',
    `must be 'auto' or 'nchw', got ${String(o.layout)}`,
  );
  check(
    o.selection === undefined || o.selection === 'heuristic' || o.selection === 'profile',
    'INVALID_PARAM',
    'selection',
    `must be 'heuristic' or 'profile', got ${String(o.selection)}`,
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
        `must be an array of non-negative integers, got ${JSON.stringify(v)}`,
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
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  hooks.stage?.('read');
  const read = isTflite(u8) ? readTfliteModel(u8) : readOnnxModel(bytes);
  return preparePasses(read, o, hooks);
}

/** The graph passes on a graph as read: a model's, or an If branch's (its fed inputs declared with their dims). */
function preparePasses(
  read: Graph,
  o: LoadModelOptions,
  hooks: LoadModelHooks,
): { graph: Graph; values: Map<string, PlannedValue> } {
  const typed = inferShapes(read, o.inputShapes ?? {});
  // BAD_MODEL: operands of element types their operators do not take (a zero point of float32, a scale of int8)
  checkTypes(typed);
  hooks.stage?.('passes');
  const view = new GraphView(typed);
  foldConstantsPass(view);
  inlineIfPass(view);
  liftIfCapturesPass(view);
  removeIdentityPass(view);
  foldBatchNormPass(view);
  fuseMatMulAddPass(view);
  if (hooks.weightBiasQuantization !== false) weightBiasQuantizationPass(view);
  fuseQdqPass(view);
  foldPadPass(view);
  fuseLutsPass(view);
  const values = plannedValues(view);
  // sizes before the fusions and the lowering: both build tables that grow with the dims (a declared shape of 10^9
  // took a minute)
  tooLarge(values);
  checkedOrder(view.toGraph()); // BAD_MODEL (a cycle, a value produced twice or by nobody) before any fusion
  // the fusions: graph rewrites into i8conv nodes, which the operator table lowers like any node
  nameStepsPass(view);
  // the work budget (lowering/bounds.ts: TOO_LARGE), on the named nodes, before any table or kernel is planned
  checkBounds(view, values);
  if (hooks.convAdd !== false) fuseConvAddPass(view, values);
  if (hooks.outputTables !== false) fuseOutputTablesPass(view, values);
  if (hooks.concatFeeders !== false) fuseConcatFeedersPass(view, values);
  if (hooks.channelGates !== false) fuseChannelGatesPass(view, values);
  if (hooks.channelChains !== false) fuseChannelChainsPass(view, values);
  if (hooks.floatRegions !== false) fuseFloatRegionsPass(view, values);
  return { graph: view.toGraph(), values };
}

function tooLarge(values: ReadonlyMap<string, PlannedValue>): void {
  for (const v of values.values()) {
    // the message only for a value too large (built for every value, it cost milliseconds a load)
    if (v.bytes <= MAX_ARENA_BYTES) continue;
    check(
      false,
      'TOO_LARGE',
      'model',
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
  // every block the load takes from either heap (the threaded build's and its single-thread companion's) is
  // recorded from here on; a failure at any stage releases them all, whichever owner took them
  const marks = [core.heap.mark(), ...(core.serial ? [core.serial.heap.mark()] : [])];
  const impls: StepImpl[] = [];
  try {
    const { graph, values } = prepareGraph(bytes, o, hooks);
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
    const model = new Model({
      core,
      steps,
      impls,
      values,
      inputs,
      outputs,
      arenaBytes,
      valueGuards: hooks.valueGuards ?? 0,
    });
    hooks.stage?.('model');
    for (const m of marks) m.close();
    return model;
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
    `the model's tensors need an arena of ${mem.arenaBytes} bytes, more than a wasm memory can hold`,
  );
  return { steps: layout.steps as LoweredNode[], values, inputs, outputs, arenaBytes: mem.arenaBytes };
}

/** @internal Tests: rt.loadModel without the promise, with the planner's test hooks. */
export function loadModelSync(
  rt: { core: WasmRuntimeCore; selector: { select: AlgoSelector } },
  bytes: Uint8Array | ArrayBuffer,
  opts?: LoadModelOptions,
  hooks?: LoadModelHooks,
): Model {
  check(!rt.core.disposed, 'DISPOSED', 'runtime', 'the runtime was disposed');
  return loadModel(rt.core, (p, s, plan, o) => rt.selector.select(p, s, plan, o), bytes, opts, hooks);
}
