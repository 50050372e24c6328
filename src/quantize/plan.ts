/**
 * The quantization plan of a float graph: which nodes run on quantized data, which values get a QuantizeLinear ->
 * DequantizeLinear pair and with which scale and zero point, and every weight, bias and constant stored quantized.
 * The rules are onnxruntime's static quantizer's (onnxruntime/python/tools/quantization, QDQ format, default
 * options), so that the QDQ fusion of onnxruntime and of i8conv (src/model/graph/passes/fuse-qdq.ts) meets what it expects.
 * qdq.ts writes the QDQ model from a plan.
 *
 * What gets quantized:
 * - Operators quantized with their own output range ("full"): Conv, MatMul, Gemm, Add, Mul, Concat,
 *   GlobalAveragePool, Sigmoid, LeakyRelu. Every float input and the output get a QuantizeLinear ->
 *   DequantizeLinear pair; a float initializer input (not a weight or bias) is stored quantized with the activation
 *   type (its own min/max) behind a DequantizeLinear. A node is left float when one of its activation inputs or its
 *   output has no parameters (a non-float value, e.g. int64 shape plumbing), a Conv or Gemm whose weight is not a
 *   float initializer, a Gemm with transA, or with a bias and alpha / beta other than 1, a bias that is not a 1-D float
 *   initializer.
 * - Operators on 8-bit data ("same as input"): MaxPool, AveragePool, Resize, Reshape, Flatten, Transpose, Squeeze,
 *   Unsqueeze, Slice, Gather, Split. Only when their data input is already quantized; their outputs reuse the
 *   input's scale and zero point (onnxruntime's `quantize_output_same_as_input`), which lets a QDQ fusion drop the
 *   pair. (onnxruntime leaves Flatten unquantized; here it is "same as input", which fuses to the same model.)
 * - Relu and Clip after a "full" operator's quantized output that nothing else reads (and that is no graph input or
 *   output) are removed, as onnxruntime's `QDQRemovableActivation` does, where the Q's saturation does the clipping:
 *   the activation's parameters (the producer's output takes its name) represent nothing below its lower bound (0
 *   for Relu) nor above its upper bound, within half a quantum. An asymmetric range of a Relu output starts at 0, so
 *   it is removed; a symmetric one (TQT int8) keeps the Relu, as onnxruntime keeps it with symmetric activations.
 *   A Clip whose interval leaves out 0 (a lower bound above 0, as openWakeWord's Clip(1e-10) before a Log) is neither
 *   removed nor given an output Q/DQ: it stays float (not onnxruntime's rule). A quantized range always holds 0, so
 *   a value rounded to 0 would reach the Log.
 *   Otherwise a Relu / Clip after a quantized value stays, with Q/DQ on both sides.
 * - Element-wise chains (`elementwise: 'table'`, the default; not onnxruntime's rule): where two or more nodes are
 *   element-wise functions of one value and constant scalars (`elementwiseRoots`: Add, Sub, Mul, Div, Neg, Abs,
 *   Relu, Clip, LeakyRelu, HardSigmoid, HardSwish, Sigmoid, Sqrt, Pow, Tanh, Exp; e.g. PP-LCNetV3's
 *   LearnableAffineBlock + decomposed HardSwish: Mul, Add, Add, Clip, Mul, Div, Mul, Add), their Add / Mul / Sigmoid /
 *   LeakyRelu are not quantized with ranges of their own: the chain runs in float between the Q/DQ of its root and
 *   the Q/DQ its consumers put on its end, so it is rounded once instead of once per node. i8conv runs such a
 *   chain as one 256-entry table (fuse-qdq's stage 3; often applied by the convolution before it), onnxruntime in
 *   float. 'quantize' is onnxruntime's rule (each Add / Mul with its own range). A chain of one node keeps the rule
 *   above (a lone Sigmoid is a QLinearSigmoid).
 * - Values that are compared stay float (not onnxruntime's rule): a node whose output is a data input of an Equal,
 *   Less, LessOrEqual, Greater or GreaterOrEqual, directly or through operators that keep ties (those that only move,
 *   pick or pad values: ranges.ts `RANGE_KEEPING`; Resize; the element-wise functions of one value, and binary
 *   ones with a constant operand: `TIE_KEEPING`), is not quantized, nor are those operators. Values that differ in
 *   float tie on 8-bit codes, and stay tied through such operators: M-LSD finds its line centres as `heat ==
 *   MaxPool(heat)` with heat = Sigmoid(Slice(Resize(Conv))), and with the Conv's output quantized, neighbours one
 *   code apart become two centres. Where another node quantizes a compared value (M-LSD's `heat * keep`), the
 *   comparison still reads the float value (qdq.ts).
 * - Everything else, and every node named in `exclude`, stays a float node reading DequantizeLinear outputs where
 *   its inputs are quantized; `floatNodes` names each with the reason.
 *
 * Parameters: activations from `acts` (an observer's, or `rangeParams` of a range); a float constant input of a full
 * node `rangeParams` of its own min / max; weights (Conv input 1, Gemm B, MatMul B when an initializer) symmetric
 * int8 narrow range `quantizeWeight`, per channel (Conv axis 0, Gemm axis 0 with transB else 1, MatMul the last
 * axis) or per tensor, with onnxruntime's weight-scale adjustment where a node's bias would overflow int32
 * (params.ts `adjustWeightScalesForBias`); bias (Conv input 2, Gemm C) int32 with scale f32(x_scale * w_scale[c]),
 * zero point 0.
 * Names follow onnxruntime's: `<t>_QuantizeLinear_Output`, `<t>_DequantizeLinear_Output`, `<t>_scale`,
 * `<t>_zero_point`, `<w>_quantized`.
 *
 * Not done (onnxruntime does these): per-tensor overrides, Softmax / Where / Pad / normalization quantization.
 */
import { I8ConvError } from '../errors.js';
import type { Graph, Node, Tensor } from '../model/graph/ir.js';
import { elementwiseEval } from '../model/graph/passes/fuse-qdq.js';
import { consumersOf, tensor } from './graph.js';
import { qRange, quantizeBias, quantizeData, quantizeWeight, rangeParams, type QType } from './params.js';
import { RANGE_KEEPING } from './ranges.js';

export interface PlanOptions {
  activations: QType;
  weights: 'per-channel' | 'per-tensor';
  /** node names to keep float (an unnamed node by the name of its first output) */
  exclude?: ReadonlySet<string>;
  /**
   * 'table' (default): Add / Mul / Sigmoid / LeakyRelu nodes inside an element-wise chain of two or more nodes on one
   * value stay float, so that the chain is rounded once, where it ends (see the header). 'quantize': onnxruntime's
   * rule, every such node quantized with its own output range.
   */
  elementwise?: 'table' | 'quantize';
  /**
   * 'float' (default): ConvTranspose stays a float node (its weights float; onnxruntime's CPU EP has no QDQ fusion
   * for it and quantizes its weights at load, passes/weight-bias-quant.ts). 'quantize': a full operator like Conv, as
   * onnxruntime's quantizer writes it (QDQConv): int8 weights per channel along axis 1 (W is [C, M / group, k..]),
   * an int32 bias, its output with its own range. Models that must be all int8 (a TFLite file of the same numbers)
   * need it.
   */
  convTranspose?: 'float' | 'quantize';
  /**
   * which operators are quantized and by which rule (ops.ts: the presets 'default', 'all', 'convs', or an op list);
   * default: FULL_OPS, SAME_OPS and Relu / Clip removable
   */
  ops?: OpRules;
  /** nodes kept float by index in the float graph's `nodes` (targetSqnr's choice), besides `exclude` by name */
  excludeIndex?: ReadonlySet<number>;
}

/** The operator types quantized by each rule of the header: full, same as input, removable activation. */
export interface OpRules {
  full: ReadonlySet<string>;
  same: ReadonlySet<string>;
  removable: ReadonlySet<string>;
}

/** The scale and zero point of an activation value, or undefined where it has none (not a float value). */
export type ActivationParams = (value: string) => { scale: number; zeroPoint: number } | undefined;

export interface ActParams {
  scale: number;
  zeroPoint: number;
  scaleName: string;
  zpName: string;
}

/** An initializer stored quantized behind a DequantizeLinear. */
export interface QuantizedInit {
  /** The DequantizeLinear's inputs (quantized data, scale, zero point) and its output. */
  q: Tensor;
  scale: Tensor;
  zp: Tensor;
  axis?: number;
  out: string;
  role: 'weight' | 'bias' | 'constant';
}

/** A node of the float graph left float, and why. */
export interface FloatNode {
  name: string;
  opType: string;
  reason: string;
}

export interface Plan {
  /** The float graph after removing the removable activations (nodes renamed accordingly). */
  nodes: Node[];
  graph: Graph;
  /** Activation values with a Q -> DQ pair, by name, with their parameters. */
  act: Map<string, ActParams>;
  /** Initializers consumed through a DequantizeLinear. */
  inits: Map<string, QuantizedInit>;
  /** Nodes that run on quantized data (full or same-as-input), by index in `nodes`. */
  quantizedNodes: Set<number>;
  /** The index in the float graph's `nodes` of each node of `nodes`. */
  origin: number[];
  /** Relu / Clip nodes removed into their producer's output range. */
  absorbed: FloatNode[];
  /** Nodes left float (by index in `nodes`: every node not in quantizedNodes), with the reason. */
  floatNodes: FloatNode[];
  type: QType;
}

export const FULL_OPS: ReadonlySet<string> = new Set([
  'Conv',
  'MatMul',
  'Gemm',
  'Add',
  'Mul',
  'Concat',
  'GlobalAveragePool',
  'Sigmoid',
  'LeakyRelu',
]);
export const SAME_OPS: ReadonlySet<string> = new Set([
  'MaxPool',
  'AveragePool',
  'Resize',
  'Reshape',
  'Flatten',
  'Transpose',
  'Squeeze',
  'Unsqueeze',
  'Slice',
  'Gather',
  'Split',
]);
export const REMOVABLE: ReadonlySet<string> = new Set(['Relu', 'Clip']);
/**
 * The element-wise chains of a graph: for every node that is an element-wise function of one value (an operator
 * fuse-qdq's stage 3 composes into a table: `elementwiseEval`; each data input either a constant scalar or a value
 * that is itself that value or a function of it through such nodes, and at least one input that is; its constant
 * operands, Clip's bounds and Pow's exponent, constant scalars), the root value, by node index.
 */
export function elementwiseRoots(
  nodes: readonly Node[],
  isScalarConst: (v: string) => boolean,
  opset = 13,
): Map<number, string> {
  const rootOf = new Map<string, string>(); // value -> its root, for outputs of chain nodes
  const roots = new Map<number, string>();
  nodes.forEach((n, i) => {
    const ev = elementwiseEval(n, opset);
    if (!ev || !ev.params.every((k) => isScalarConst(n.inputs[k]))) return;
    const data = ev.data.map((k) => n.inputs[k]);
    let root: string | undefined;
    for (const x of data) {
      if (x === '' || isScalarConst(x)) continue;
      const r = rootOf.get(x) ?? x;
      if (root !== undefined && root !== r) return;
      root = r;
    }
    if (root === undefined) return;
    roots.set(i, root);
    rootOf.set(n.outputs[0], root);
  });
  return roots;
}

const f = Math.fround;
/** Operators over spatial planes whose 8-bit forms the model runtime runs on 1-D and 2-D planes only. */
const SPATIAL: ReadonlySet<string> = new Set([
  'Conv',
  'ConvTranspose',
  'MaxPool',
  'AveragePool',
  'GlobalAveragePool',
  'GlobalMaxPool',
  'Resize',
]);
const fail = (message: string) => new I8ConvError('UNSUPPORTED_OP', `quantizer: ${message}`, 'model');

function weightAxis(node: Node, dims: readonly number[], opts: PlanOptions): number | undefined {
  if (opts.weights === 'per-tensor') return undefined;
  if (node.opType === 'Conv') return 0;
  if (node.opType === 'ConvTranspose') {
    const g = node.attributes.get('group');
    if (g?.kind === 'int' && g.value !== 1) return undefined; // per channel along axis 1 names M / group channels
    return 1;
  }
  if (node.opType === 'Gemm') {
    const tb = node.attributes.get('transB');
    return tb?.kind === 'int' && tb.value !== 0 ? 0 : 1;
  }
  return dims.length - 1; // MatMul: per output column
}

/** Decides which nodes and values are quantized, and every parameter (see the header). */
export function planQuantization(float: Graph, acts: ActivationParams, opts: PlanOptions): Plan {
  const type = opts.activations;
  const exclude = opts.exclude ?? new Set<string>();
  const graphOutputs = new Set(float.outputs.map((o) => o.name));
  const graphInputs = new Set(float.inputs.map((i) => i.name));
  const isConst = (n: string) => float.initializers.has(n) && !graphInputs.has(n);
  const isFloatConst = (n: string) => isConst(n) && float.initializers.get(n)!.type === 'float32';
  let nodes = float.nodes.map((n) => ({
    ...n,
    inputs: [...n.inputs],
    outputs: [...n.outputs],
    attributes: new Map(n.attributes),
  }));
  const cache = new Map<string, { scale: number; zeroPoint: number } | undefined>();
  const paramsOf = (v: string) => {
    if (!cache.has(v)) cache.set(v, acts(v));
    return cache.get(v);
  };
  const hasRange = (n: string) => paramsOf(n) !== undefined;
  const rules = opts.ops ?? { full: FULL_OPS, same: SAME_OPS, removable: REMOVABLE };
  const fullOps = opts.convTranspose === 'quantize' ? new Set([...rules.full, 'ConvTranspose']) : rules.full;
  const sameOps = rules.same;
  const removable = rules.removable;
  const excludeIndex = opts.excludeIndex ?? new Set<number>();
  const isWeighted = (op: string) =>
    op === 'Conv' || op === 'Gemm' || op === 'MatMul' || (op === 'ConvTranspose' && fullOps.has(op));
  // Element-wise chains of two or more nodes on one value: their quantized operators stay float.
  const chained = new Set<number>();
  if ((opts.elementwise ?? 'table') === 'table') {
    const roots = elementwiseRoots(
      nodes,
      (v) => isFloatConst(v) && float.initializers.get(v)!.data.length === 1,
      float.opsetImports.get('') ?? 13,
    );
    const size = new Map<string, number>();
    for (const r of roots.values()) size.set(r, (size.get(r) ?? 0) + 1);
    for (const [i, r] of roots) if (size.get(r)! >= 2) chained.add(i);
  }

  // Pass 1: which values are quantized (in node order, as onnxruntime's quantizer walks), and the removals.
  const quantized = new Set<string>();
  const sameAs = new Map<string, string>();
  const removed = new Set<number>();
  const producer = new Map<string, number>();
  nodes.forEach((n, i) => n.outputs.forEach((o) => o && producer.set(o, i)));
  const compared = comparedNodes(nodes, producer, (v) => float.initializers.has(v));
  const consumers = consumersOf(nodes);
  const full = new Set<number>();
  const why = new Map<number, string>();
  const absorbed: FloatNode[] = [];
  const floatAttr = (n: Node, a: string) => {
    const v = n.attributes.get(a);
    return v?.kind === 'float' ? v.value : 1;
  };
  /** Why a full node cannot be quantized, or undefined. */
  const fullRefusal = (n: Node): string | undefined => {
    if (n.outputs.length !== 1) return 'it has more than one output';
    const weighted = isWeighted(n.opType);
    const noRange = n.inputs.find((x) => x !== '' && !isFloatConst(x) && !hasRange(x));
    if (noRange !== undefined) return `its input ${JSON.stringify(noRange)} is not a float value with a range`;
    if (!hasRange(n.outputs[0])) return 'its output is not a float value with a range';
    if ((n.opType === 'Conv' || n.opType === 'Gemm' || n.opType === 'ConvTranspose') && !isFloatConst(n.inputs[1]))
      return 'its weight is not a float initializer';
    // the model runtime's 8-bit convolutions and pools take 1-D and 2-D planes (a video model's 3-D ones run in float)
    const x = n.inputs[0];
    const rank =
      (float.valueInfo.get(x) ?? float.inputs.find((v) => v.name === x))?.shape?.length ??
      float.initializers.get(x)?.dims.length;
    if (SPATIAL.has(n.opType) && rank !== undefined && rank > 4)
      return `its input has ${rank - 2} spatial dims (8-bit ${n.opType} runs on 1-D and 2-D planes)`;
    if (n.opType === 'Gemm') {
      const ta = n.attributes.get('transA');
      if (ta?.kind === 'int' && ta.value !== 0) return 'Gemm with transA';
      if (n.inputs[2] && (floatAttr(n, 'alpha') !== 1 || floatAttr(n, 'beta') !== 1))
        return 'Gemm with a bias and alpha or beta other than 1';
    }
    if (weighted && n.opType !== 'MatMul' && n.inputs[2]) {
      const b = float.initializers.get(n.inputs[2]);
      if (!isFloatConst(n.inputs[2]) || !b || b.dims.length !== 1) return 'its bias is not a 1-D float initializer';
    }
    return undefined;
  };
  /**
   * Whether y's QuantizeLinear clips where the Relu / Clip n would: the lowest code's value is at or above the
   * activation's lower bound and the highest code's at or below its upper bound, within half a quantum (the
   * rounding the Q adds anyway; a float32 range can put the top code an ulp above a Clip bound).
   */
  const clippedByQ = (n: Node, y: string): boolean => {
    const q = paramsOf(y)!;
    const [qmin, qmax] = qRange(type);
    const low = (qmin - q.zeroPoint) * q.scale;
    const high = (qmax - q.zeroPoint) * q.scale;
    let lo = 0;
    let hi = Infinity;
    if (n.opType === 'Clip') {
      const bound = (k: number, dflt: number): number | undefined => {
        if (!n.inputs[k]) return dflt;
        const t = float.initializers.get(n.inputs[k]);
        return t && isConst(n.inputs[k]) && t.type === 'float32' && t.data.length === 1
          ? (t.data[0] as number)
          : undefined;
      };
      const a = bound(1, -Infinity);
      const b = bound(2, Infinity);
      if (a === undefined || b === undefined) return false;
      lo = a;
      hi = b;
    }
    return low >= lo - q.scale / 2 && high <= hi + q.scale / 2;
  };
  /** Whether a Clip's constant bounds leave out 0 (a lower bound above 0 or an upper one below). */
  const leavesOutZero = (n: Node): boolean => {
    if (n.opType !== 'Clip') return false;
    const at = (k: number) => {
      const t = n.inputs[k] ? float.initializers.get(n.inputs[k]) : undefined;
      return t && t.type === 'float32' && t.data.length === 1 ? (t.data[0] as number) : undefined;
    };
    return (at(1) ?? 0) > 0 || (at(2) ?? 0) < 0;
  };
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    if (exclude.has(n.name) || (!n.name && exclude.has(n.outputs[0]))) {
      why.set(i, 'kept float (options.keepFloat)');
      continue;
    }
    if (excludeIndex.has(i)) {
      why.set(i, 'kept float to reach options.targetSqnr');
      continue;
    }
    const cmp = compared.get(i);
    if (cmp !== undefined && (fullOps.has(n.opType) || sameOps.has(n.opType) || removable.has(n.opType))) {
      why.set(i, `its output is compared (${cmp}): 8-bit values would tie where float ones differ`);
      continue;
    }
    if (n.domain !== '') {
      why.set(i, `operator ${n.domain}.${n.opType} is not quantized`);
      continue;
    }
    if (fullOps.has(n.opType) && chained.has(i)) {
      why.set(i, 'part of an element-wise chain on one value: runs in float, rounded once where the chain ends');
      continue;
    }
    if (fullOps.has(n.opType)) {
      const refusal = fullRefusal(n);
      if (refusal) {
        why.set(i, refusal);
        continue;
      }
      const weighted = isWeighted(n.opType);
      const actIns = n.inputs.filter((x, k) => x !== '' && !isConst(x) && !(weighted && k > 0 && isFloatConst(x)));
      actIns.forEach((x) => quantized.add(x));
      quantized.add(n.outputs[0]);
      full.add(i);
    } else if (sameOps.has(n.opType)) {
      const x = n.inputs[0];
      if (!quantized.has(x)) {
        why.set(i, 'its data input is not quantized (it runs on 8-bit data only after a quantized value)');
        continue;
      }
      for (const o of n.outputs) {
        if (!o) continue;
        quantized.add(o);
        sameAs.set(o, sameAs.get(x) ?? x);
      }
      full.add(i);
    } else if (removable.has(n.opType)) {
      const x = n.inputs[0];
      const y = n.outputs[0];
      if (!quantized.has(x) || !hasRange(y)) {
        why.set(i, 'its input is not quantized');
        continue;
      }
      if (leavesOutZero(n)) {
        why.set(i, 'its interval leaves out 0, which a quantized range holds (a Log or a division may follow)');
        continue;
      }
      const p = producer.get(x);
      const onlyReader = (consumers.get(x) ?? []).length === 1;
      // Only after an operator with its own output range (removing a Relu after a MaxPool would lose it), and only
      // where y's QuantizeLinear saturates where the activation would clip (onnxruntime keeps them with symmetric
      // activations for that reason).
      if (
        p !== undefined &&
        full.has(p) &&
        fullOps.has(nodes[p].opType) &&
        onlyReader &&
        !graphOutputs.has(x) &&
        !graphInputs.has(x) &&
        clippedByQ(n, y)
      ) {
        // Remove: the producer writes y, which takes x's place (and its own range).
        nodes[p].outputs = nodes[p].outputs.map((o) => (o === x ? y : o));
        quantized.delete(x);
        sameAs.delete(x);
        quantized.add(y);
        removed.add(i);
        absorbed.push({
          name: n.name,
          opType: n.opType,
          reason: `absorbed into the output range of ${nodes[p].opType} ${JSON.stringify(nodes[p].name)}`,
        });
        producer.set(y, p);
      } else {
        quantized.add(y);
        why.set(i, 'runs in float between Q/DQ pairs (not after a quantized operator it could be absorbed into)');
      }
    } else {
      why.set(i, `operator ${n.opType} is not quantized`);
    }
  }
  // Renumber without the removed nodes.
  const keep = nodes.map((_, i) => i).filter((i) => !removed.has(i));
  const quantizedNodes = new Set<number>();
  const floatNodes: FloatNode[] = [];
  keep.forEach((i, j) => {
    if (full.has(i)) quantizedNodes.add(j);
    else floatNodes.push({ name: nodes[i].name, opType: nodes[i].opType, reason: why.get(i) ?? 'not quantized' });
  });
  nodes = keep.map((i) => nodes[i]);
  const origin = keep;

  // Pass 2: parameters. Activations first (a value quantized "same as" another shares its initializers).
  const act = new Map<string, ActParams>();
  const taken = new Set<string>([
    ...float.initializers.keys(),
    ...nodes.flatMap((n) => [...n.inputs, ...n.outputs]),
    ...graphInputs,
  ]);
  // a new value's name: the conventional one, or with a numeric suffix where the model already uses it (a model
  // quantized before, e.g. by onnxruntime's quantize_dynamic, has names of the same form)
  const fresh = (name: string) => {
    let n = name;
    for (let k = 1; taken.has(n); k++) n = `${name}_${k}`;
    taken.add(n);
    return n;
  };
  const zpTensor = (name: string, zp: number) =>
    tensor(name, type, [], type === 'uint8' ? Uint8Array.of(zp) : Int8Array.of(zp));
  const paramInits = new Map<string, Tensor>();
  for (const v of quantized) {
    if (sameAs.has(v)) continue;
    if (float.initializers.has(v)) continue;
    const r = paramsOf(v);
    if (!r) throw fail(`no parameters for ${JSON.stringify(v)}`);
    const p: ActParams = {
      scale: r.scale,
      zeroPoint: r.zeroPoint,
      scaleName: fresh(`${v}_scale`),
      zpName: fresh(`${v}_zero_point`),
    };
    paramInits.set(p.scaleName, tensor(p.scaleName, 'float32', [], Float32Array.of(p.scale)));
    paramInits.set(p.zpName, zpTensor(p.zpName, p.zeroPoint));
    act.set(v, p);
  }
  for (const [v, src] of sameAs) {
    const p = act.get(src);
    if (!p) throw fail(`${v} shares the parameters of ${src}, which has none`);
    act.set(v, p);
  }

  // Initializers: weights, biases, constant inputs of full nodes.
  const inits = new Map<string, QuantizedInit>();
  // An initializer read by several quantized nodes is quantized once (its parameters come from its data alone),
  // except a bias, whose scale depends on the node's input: two different ones cannot share it.
  const sameBytes = (a: Tensor, b: Tensor) =>
    a.data.length === b.data.length && a.data.every((v, i) => v === b.data[i]);
  const addInit = (name: string, role: QuantizedInit['role'], make: () => Omit<QuantizedInit, 'out'>) => {
    const had = inits.get(name);
    if (had && had.role !== role) throw fail(`initializer ${name} is read both as a ${had.role} and as a ${role}`);
    if (had && had.role !== 'bias') return;
    const made = make();
    if (had) {
      if (!sameBytes(had.scale, made.scale))
        throw fail(`bias ${name} is read by two nodes whose input and weight scales differ`);
      return;
    }
    const qi = {
      ...made,
      q: { ...made.q, name: fresh(made.q.name) },
      scale: { ...made.scale, name: fresh(made.scale.name) },
      zp: { ...made.zp, name: fresh(made.zp.name) },
    };
    inits.set(name, { ...qi, out: fresh(`${name}_DequantizeLinear_Output`) });
  };
  for (const j of quantizedNodes) {
    const n = nodes[j];
    if (!fullOps.has(n.opType)) continue;
    const weighted = isWeighted(n.opType);
    n.inputs.forEach((x, k) => {
      if (x === '' || !isFloatConst(x)) return;
      const t = float.initializers.get(x)!;
      const data = t.data as Float32Array;
      if (weighted && k === 1) {
        const axis = weightAxis(n, t.dims, opts);
        const had = inits.get(x);
        if (had && had.axis !== axis)
          throw fail(`weight ${x} is read by two nodes that quantize it along different axes`);
        // the bias's int32 must hold it: onnxruntime's weight-scale adjustment (params.ts adjustWeightScalesForBias)
        const b =
          n.inputs[2] && isFloatConst(n.inputs[2])
            ? (float.initializers.get(n.inputs[2])!.data as Float32Array)
            : undefined;
        const xs = act.get(n.inputs[0])?.scale;
        addInit(x, 'weight', () => {
          const { q, scales } = quantizeWeight(
            data,
            t.dims,
            axis,
            b && xs !== undefined ? { data: b, inputScale: xs } : undefined,
          );
          const per = axis !== undefined;
          return {
            q: tensor(`${x}_quantized`, 'int8', t.dims, q),
            scale: tensor(`${x}_scale`, 'float32', per ? [scales.length] : [], scales),
            zp: tensor(`${x}_zero_point`, 'int8', per ? [scales.length] : [], new Int8Array(scales.length)),
            axis,
            role: 'weight',
          };
        });
      } else if (weighted && k === 2) {
        const xs = act.get(n.inputs[0])!.scale;
        const ws = inits.get(n.inputs[1])!.scale.data as Float32Array;
        const bs = ws.map((w) => f(xs * w));
        const per = bs.length > 1;
        addInit(x, 'bias', () => ({
          q: tensor(`${x}_quantized`, 'int32', t.dims, quantizeBias(data, bs)),
          scale: tensor(`${x}_scale`, 'float32', per ? [bs.length] : [], bs),
          zp: tensor(`${x}_zero_point`, 'int32', per ? [bs.length] : [], new Int32Array(bs.length)),
          axis: per ? 0 : undefined,
          role: 'bias',
        }));
      } else {
        let mn = Infinity;
        let mx = -Infinity;
        for (const v of data) {
          mn = Math.min(mn, v);
          mx = Math.max(mx, v);
        }
        const { scale, zeroPoint } = rangeParams(mn, mx, type);
        addInit(x, 'constant', () => ({
          q: tensor(`${x}_quantized`, type, t.dims, quantizeData(data, scale, zeroPoint, type)),
          scale: tensor(`${x}_scale`, 'float32', [], Float32Array.of(scale)),
          zp: zpTensor(`${x}_zero_point`, zeroPoint),
          role: 'constant',
        }));
      }
    });
  }
  const graph: Graph = {
    ...float,
    nodes,
    initializers: new Map([...float.initializers, ...paramInits]),
    valueInfo: new Map(),
  };
  return { nodes, graph, act, inits, quantizedNodes, origin, absorbed, floatNodes, type };
}

/**
 * Operators whose result depends on the order of their data inputs' values (see the header). They read the float
 * values of their quantized inputs, not the DequantizeLinear outputs (qdq.ts, switch-graph.ts).
 */
export const COMPARISONS: ReadonlySet<string> = new Set(['Equal', 'Less', 'LessOrEqual', 'Greater', 'GreaterOrEqual']);

/** Element-wise operators of one data input (the others constant, for a binary one), and Resize: ties stay ties. */
const TIE_KEEPING: ReadonlySet<string> = new Set([
  'Resize',
  'Sigmoid',
  'Tanh',
  'Relu',
  'LeakyRelu',
  'Clip',
  'Exp',
  'HardSigmoid',
  'HardSwish',
  'Softplus',
  'Neg',
  'Abs',
  'Sqrt',
  'Add',
  'Sub',
  'Mul',
  'Div',
  'Pow',
]);

/**
 * The nodes whose outputs a comparison reads, directly or through RANGE_KEEPING or TIE_KEEPING operators (which are
 * included), by index, each with the comparison that reads it (its op type and name). `isConst`: an initializer.
 */
function comparedNodes(
  nodes: readonly Node[],
  producer: ReadonlyMap<string, number>,
  isConst: (v: string) => boolean,
): Map<number, string> {
  const out = new Map<number, string>();
  for (const c of nodes) {
    if (c.domain !== '' || !COMPARISONS.has(c.opType)) continue;
    const label = `${c.opType} ${JSON.stringify(c.name || c.outputs[0])}`;
    const stack = c.inputs.filter((x) => x !== '');
    while (stack.length) {
      const p = producer.get(stack.pop()!);
      if (p === undefined || out.has(p)) continue;
      out.set(p, label);
      const n = nodes[p];
      if (n.domain !== '') continue;
      if (RANGE_KEEPING.has(n.opType)) {
        stack.push(...(n.opType === 'Concat' ? n.inputs : n.inputs.slice(0, 1)).filter((x) => x !== ''));
        continue;
      }
      if (!TIE_KEEPING.has(n.opType)) continue;
      // one data input; a binary operator's other operand constant
      const data =
        n.opType === 'Resize' || n.opType === 'Clip'
          ? n.inputs.slice(0, 1)
          : n.inputs.filter((x) => x !== '' && !isConst(x));
      if (data.length === 1) stack.push(data[0]);
    }
  }
  return out;
}
