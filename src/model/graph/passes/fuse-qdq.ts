/**
 * Pass: fuse the DequantizeLinear -> op -> QuantizeLinear groups of a QDQ model into QOperator form, by the rules of
 * onnxruntime's QDQ selector/action transformer (spec /work/shared/spec/onnx-int8-ops.md §9-§10), so that the
 * executor only meets QLinear* / QGemm nodes, Q / DQ nodes, int8 data movement, i8conv's `Lut`, and float ops.
 * The result computes what onnxruntime-web computes on the same file (bit for bit, except where an op evaluates a
 * transcendental function, below).
 *
 * Input: a graph after inferShapes + foldConstants + removeIdentity + foldBatchNorm (every node output has a
 * valueInfo entry with type and dims; weights, scales and zero points are initializers). Output: a new graph (the
 * input is not changed) with the same inputs and outputs, valueInfo for every node output, initializers nobody reads
 * any more dropped, and the 'i8conv' and 'com.microsoft' opsets imported where nodes of theirs were made. The nodes
 * stay in dependency order (a fused node takes its target's place, a Lut its Q's). A model in QOperator form has
 * no group and passes through unchanged.
 *
 * Terms. A DQ / Q node's parameters are usable when its scale is a float32 initializer and its zero point is an
 * initializer (or absent: 0, uint8 for a Q, the data's type for a DQ), with no `block_size` and, for a Q, no
 * `output_dtype`. "Per tensor" = one value (rank 0 or [1]). Activation parameters (the DQ of a data input, every Q)
 * must be per tensor: onnxruntime would fuse a per-axis activation DQ and then fail at run time; here the group is
 * left as it is. An edge is one (node, input slot) reading a value.
 *
 * The stages, in onnxruntime's order:
 *
 * 1. Level-1 rewrites. A Relu or Clip whose output has one edge, into a QuantizeLinear, and is no graph output, is
 *    removed (the Q reads its input) when the Q's saturation already does its work: Relu when the Q's zero point is
 *    its type's minimum (ReluQuantFusion); Clip (opsets 10-18, where onnxruntime's rule matches the Q's version)
 *    when with the Q's rank-0 scale s and zero point z, lower = f(s * (qmin - z)), upper = f(s * (qmax - z)):
 *    f(min - lower) <= FLT_EPSILON and f(upper - max) <= FLT_EPSILON (ClipQuantFusion; min / max from the
 *    attributes below opset 11, else constant inputs, absent = -/+FLT_MAX).
 *
 * 2. Groups (onnxruntime's GetQDQSelection + one selector per op), each target node in turn (dependency order):
 *    - DQs: the DQ nodes producing the target's inputs, in input order. A DQ shared by several consumers is taken by
 *      each (onnxruntime duplicates it first, EnsureUniqueDQForNodeUnit); it stays while anything else reads it.
 *    - A redundant Clip / Relu: when the target's only edge goes to a Relu / Clip whose only edge goes on and which is
 *      no graph output, that node is part of the group: it must feed exactly one Q that makes it redundant
 *      (IsClipMadeRedundantByQ: Relu when the Q's zero point is its type's minimum; Clip with constant bounds when
 *      int(rint(f(min / s))) + z <= qmin and int(rint(f(max / s))) + z >= qmax, rank-0 Q scale), or the group is
 *      refused. A redundant one is removed with the group (the QLinear op saturates the same way).
 *    - Qs: the Q nodes reading the target's (or the Clip's) outputs. Common checks (CheckQDQNodes): one DQ per
 *      existing input (fewer for some rules, below); then, when there are Qs, one per existing output and no other
 *      edge out of the target, and the target produces no graph output. Only Gemm may have no Q.
 *    - The rules (activation = the data DQs and the Qs; types must be uint8 or int8):
 *      Conv -> QLinearConv(x, x_s, x_zp, w, w_s, w_zp, y_s, y_zp[, B]): the x and y types equal; int8 x needs int8
 *        w; w per tensor or per output channel (DQ axis 0, one value per channel) with equal zero points
 *        (onnxruntime's QLinearConv refuses unequal ones); the bias is the bias DQ's int32 input as it is, 1-D of
 *        one value per channel, its DQ's scale and zero point dropped, so (onnxruntime PR #28229, in 1.30) the
 *        group is refused unless that zero point is 0 (or absent) and every bias scale is within 1% of f(x_s *
 *        w_s[c]) (|b_s - f(x_s * w_s)| <= 0.01 |f(x_s * w_s)|, all finite; the tests find onnxruntime-web 1.30
 *        fusing at 1% and not at 1.001%). Conv's attributes are kept.
 *      MatMul (with a Q) -> QLinearMatMul(a, a_s, a_zp, b, b_s, b_zp, y_s, y_zp): two DQs; int8 a needs int8 b;
 *        y's type a's; b per tensor or, for a 2-D b, per column (DQ axis 1). Without a Q onnxruntime makes a
 *        com.microsoft MatMulIntegerToFloat; that is not done here: the MatMul stays float.
 *      Gemm -> com.microsoft QGemm(A, a_s, a_zp, B, b_s, b_zp, C or '', [y_s, y_zp]): a DQ on every input; int8 A
 *        needs int8 B; with a Q y's type is A's, without one the output is float32 (it may then be a graph output
 *        or have any consumers); with a bias, beta = 1, alpha = 1 (QGemm computes alpha * (A B + C), Gemm alpha *
 *        A B + C; onnxruntime-web leaves such a Gemm float, as its tests here find) and the bias DQ's input is int32
 *        (used as it is); B per tensor or per column of B' (DQ axis 1, or 0 with transB). alpha, transA, transB
 *        are kept, beta dropped.
 *      Add, Mul -> com.microsoft QLinearAdd / QLinearMul(a, a_s, a_zp, b, b_s, b_zp, y_s, y_zp): a, b, y one type.
 *      Concat -> com.microsoft QLinearConcat(y_s, y_zp, then x, x_s, x_zp per input): one type; axis kept.
 *      AveragePool, GlobalAveragePool, Sigmoid, LeakyRelu -> com.microsoft QLinearAveragePool /
 *        QLinearGlobalAveragePool / QLinearSigmoid / QLinearLeakyRelu(x, x_s, x_zp, y_s, y_zp): x and y one type;
 *        the attributes are kept as onnxruntime's action does (an AveragePool's all-ones `dilations` dropped; other
 *        dilations refuse the group: QLinearAveragePool has none).
 *      Softmax -> com.microsoft QLinearSoftmax(x, x_s, x_zp, y_s, y_zp) (the same unary rule: x and y one type),
 *        with `opset` = the Softmax's since-version (1, 11 or 13: what onnxruntime's UnaryReplaceWithQLinear
 *        writes; below 13 rows are X coerced to 2-D at `axis`, from 13 the values along `axis`) and `axis` = the
 *        Softmax's, or its default where absent (1 below opset 13, -1 from 13: onnxruntime's node carries the
 *        default, and QLinearSoftmax's own default, -1, would change the rows). Its table arithmetic (spec §7c,
 *        kernels-ref/model/ops/QLinearSoftmax.ts) is onnxruntime's, not the float Softmax's.
 *      "drop": Reshape, Flatten, Transpose, Squeeze, Unsqueeze, Slice, Gather, Expand, Tile, Resize (mode
 *        nearest only: onnxruntime PR #28414 keeps linear / cubic ones float, as integer interpolation truncates),
 *        and MaxPool (opset >= 12, one output, Q scale > 0): one DQ, on input 0; no redundant Clip (a Clip / Relu after the
 *        op refuses it); the DQ and the Q both carry a zero point, both per-tensor constants, the same type, equal
 *        zero points and equal scales (IsQDQPairSupported). The op then runs on the integer data: DQ's input in,
 *        Q's output out. Split likewise (every output into its own Q, each with the DQ's parameters; a Split into
 *        equal parts gets its sizes written out, an int64 input from opset 13, else the `split` attribute).
 *        Pad (opset >= 11) too, which onnxruntime does not do: DQ -> Pad -> Q with equal parameters is exactly a Pad
 *        of the integer data whose constant is Q(constant_value) (spec §1; 0 when absent, so the zero point), a
 *        constant initializer here; edge / reflect copy values and take no constant.
 *    int8 is always allowed (onnxruntime on wasm would first rewrite int8 Q -> DQ pairs to uint8, or leave int8
 *    Conv / MatMul groups float; i8conv fuses them, see issue 32).
 *
 * 3. Look-up tables (i8conv's own rule). Where a QuantizeLinear (per tensor) reads the last value of a region of
 *    float elementwise nodes whose every data path starts at the same int8 / uint8 tensor x (through DQ nodes of x
 *    with equal per-tensor parameters), whose intermediate values are read by region nodes only and are no graph
 *    outputs, and whose values all have x's dims, the region and the Q become one node
 *      { domain: 'i8conv', opType: 'Lut', inputs: [x, table] }
 *    (kernels-ref/model/ops/Lut.ts), the table a new 256-value initializer of the Q's output type indexed by x's raw
 *    byte: entry b is Q(region(DQ(t))) with t = b (uint8) or the int8 of byte b, DQ = f(f(t - zp) * s) (spec §2),
 *    Q the spec §1 formula, and each op computed in float32 as onnxruntime computes it: Add / Sub / Mul / Div f(a op
 *    b); Neg; Abs; Relu (x < 0 ? 0 : x); Clip (C++ max then min; constant bounds); LeakyRelu (x >= 0 ? x : f(alpha
 *    * x)); HardSigmoid max(0, min(1, f(f(alpha * x) + beta))); HardSwish f(x * HardSigmoid(x)) with alpha =
 *    f(1/6), beta = 0.5; Sigmoid MLAS's logistic (spec §7b); Sqrt f(sqrt); Pow with a constant scalar exponent
 *    (2: f(x * x), 3: f(f(x * x) * x), else f(pow)); Tanh, Exp as MLAS computes them. A second operand is a
 *    value of the region or a constant scalar (a float32 initializer of one value, or a DQ of a one-value
 *    initializer).
 *    Groups of stage 2 are made first, so a region never holds what onnxruntime fuses into a QLinear op (a lone
 *    DQ -> Sigmoid -> Q is a QLinearSigmoid, not a Lut); what is left is what onnxruntime runs in float32, and
 *    the table gives its bits for every input byte. Tanh and Exp follow MLAS's approximations step by step (below);
 *    Pow with another exponent uses JS's Math.pow where onnxruntime calls powf, which may differ by an ulp in
 *    float32, so by a quantum in the table.
 *
 * Not done (onnxruntime does): QDQPropagationTransformer (moving a DQ forward through data movement that has no Q
 * after it), DoubleQDQPairsRemover, MatMulIntegerToFloat, QLinearWhere, GatherElements and the
 * Reduce* drops, 16-bit and 4-bit types.
 */
import { quantizeValue, roundHalfEven } from '../../numerics/quantize.js';
import { exp, logistic, tanh } from '../../numerics/float-math.js';
import type { Attribute, ElementType, Graph, Node, Tensor, ValueInfo } from '../ir.js';

const f32 = Math.fround;
const FLT_EPSILON = 2 ** -23;
const FLT_MAX = 3.4028234663852886e38;

type QType = 'uint8' | 'int8';
const RANGE: Record<QType, [number, number]> = { uint8: [0, 255], int8: [-128, 127] };
const is8 = (t: ElementType | null | undefined): t is QType => t === 'uint8' || t === 'int8';

/** C++ std::max / std::min (NaN in the first operand stays). */
const cmax = (a: number, b: number): number => (a < b ? b : a);
const cmin = (a: number, b: number): number => (b < a ? b : a);

// ---- graph state ------------------------------------------------------------------------------------------------

interface Edge {
  node: Node;
  slot: number;
}

/** The working graph: live nodes in order, with producer / consumer indexes kept current by replace / kill. */
class Work {
  /** The nodes in file order; a removed node leaves an empty slot, which its replacement may take. */
  private readonly slots: (Node | null)[];
  readonly inits: Map<string, Tensor>;
  readonly valueInfo: Map<string, ValueInfo>;
  readonly inputs: Map<string, ValueInfo>;
  readonly outputNames: Set<string>;
  readonly opset: number;
  private readonly slotOf = new Map<Node, number>();
  private readonly producer = new Map<string, Node>();
  private readonly consumers = new Map<string, Edge[]>();
  private readonly taken = new Set<string>();
  private readonly zeros = new Map<string, string>();

  constructor(graph: Graph) {
    this.slots = graph.nodes.map((n) => ({ ...n, inputs: [...n.inputs], outputs: [...n.outputs], attributes: new Map(n.attributes) }));
    this.inits = new Map(graph.initializers);
    this.valueInfo = new Map(graph.valueInfo);
    this.inputs = new Map(graph.inputs.map((v) => [v.name, v]));
    this.outputNames = new Set(graph.outputs.map((o) => o.name));
    this.opset = graph.opsetImports.get('') ?? 1;
    this.slots.forEach((n, i) => this.index(n!, i));
    for (const name of [...this.inits.keys(), ...this.inputs.keys(), ...this.outputNames, ...this.valueInfo.keys()]) this.taken.add(name);
  }

  /** The live nodes, in order. */
  get nodes(): Node[] {
    return this.slots.filter((n): n is Node => n !== null);
  }

  private index(n: Node, slot: number): void {
    this.slotOf.set(n, slot);
    n.outputs.forEach((o) => {
      if (o !== '') this.producer.set(o, n);
      this.taken.add(o);
    });
    n.inputs.forEach((name, k) => {
      if (name === '') return;
      const list = this.consumers.get(name) ?? [];
      list.push({ node: n, slot: k });
      this.consumers.set(name, list);
      this.taken.add(name);
    });
  }

  /** Replaces the live nodes `old` by `n`, placed where the first of them was. */
  replace(old: readonly Node[], n: Node): void {
    const at = this.slotOf.get(old[0])!;
    for (const o of old) this.kill(o);
    this.slots[at] = n;
    this.index(n, at);
  }

  kill(n: Node): void {
    const at = this.slotOf.get(n);
    if (at === undefined) return;
    this.slotOf.delete(n);
    this.slots[at] = null;
    for (const o of n.outputs) if (this.producer.get(o) === n) this.producer.delete(o);
    // Its edges stay in the consumer lists and are skipped when read (a scale read by every Q would make removing
    // them one by one quadratic).
  }

  has(n: Node): boolean {
    return this.slotOf.has(n);
  }
  producerOf(name: string): Node | undefined {
    return name === '' ? undefined : this.producer.get(name);
  }
  edgesOf(name: string): Edge[] {
    return (this.consumers.get(name) ?? []).filter((e) => this.slotOf.has(e.node));
  }
  /** Every edge out of a node, over all its outputs. */
  outEdges(n: Node): Edge[] {
    return n.outputs.flatMap((o) => (o === '' ? [] : this.edgesOf(o)));
  }
  producesGraphOutput(n: Node): boolean {
    return n.outputs.some((o) => o !== '' && this.outputNames.has(o));
  }
  /** A constant: an initializer that no feed can replace. */
  constant(name: string): Tensor | undefined {
    return name === '' || this.inputs.has(name) ? undefined : this.inits.get(name);
  }
  typeOf(name: string): ElementType | null {
    return this.inits.get(name)?.type ?? this.valueInfo.get(name)?.type ?? this.inputs.get(name)?.type ?? null;
  }
  dimsOf(name: string): number[] | null {
    const t = this.inits.get(name);
    if (t) return t.dims;
    const shape = this.valueInfo.get(name)?.shape ?? this.inputs.get(name)?.shape;
    return shape && shape.every((d): d is number => typeof d === 'number') ? shape : null;
  }

  fresh(base: string): string {
    let name = base;
    for (let k = 1; this.taken.has(name); k++) name = `${base}_${k}`;
    this.taken.add(name);
    return name;
  }
  addInit(base: string, type: ElementType, dims: number[], data: Tensor['data']): string {
    const name = this.fresh(base);
    this.inits.set(name, { name, type, dims, data });
    return name;
  }
  /** A scalar zero of an 8-bit type, for a Q / DQ whose zero point is omitted (onnxruntime fills the same). */
  zero(type: QType): string {
    let name = this.zeros.get(type);
    if (!name) {
      name = this.addInit(`fuse_qdq_zero_${type}`, type, [], type === 'uint8' ? new Uint8Array(1) : new Int8Array(1));
      this.zeros.set(type, name);
    }
    return name;
  }
}

// ---- Q / DQ parameters ------------------------------------------------------------------------------------------

interface QdqParams {
  node: Node;
  /** DQ: the input's type; Q: the output's type. */
  type: 'uint8' | 'int8' | 'int32';
  scaleName: string;
  /** '' when omitted. */
  zpName: string;
  scales: number[];
  zps: number[];
  /** One value (rank 0 or [1]) for scale and zero point. */
  perTensor: boolean;
  /** rank-0 scale and zero point (or no zero point): what onnxruntime's Clip / Relu rules read. */
  rank0: boolean;
  /** The normalized axis of a per-axis scale (null per tensor). */
  axis: number | null;
}

const isOp = (n: Node | undefined, op: string): n is Node => n !== undefined && n.domain === '' && n.opType === op;
const isQ = (n: Node | undefined): n is Node => isOp(n, 'QuantizeLinear');
const isDQ = (n: Node | undefined): n is Node => isOp(n, 'DequantizeLinear');
const attrOf = (n: Node, name: string): Attribute | undefined => n.attributes.get(name);
function attrNum(n: Node, name: string, dflt: number): number {
  const a = attrOf(n, name);
  return a && (a.kind === 'int' || a.kind === 'float') ? a.value : dflt;
}
const values = (t: Tensor): number[] => Array.from(t.data as ArrayLike<number | bigint>, Number);

/** The parameters of a Q or DQ node, or null when they are not usable constants (see the header). */
function qdqParams(w: Work, n: Node): QdqParams | null {
  const q = n.domain === '' && n.opType === 'QuantizeLinear';
  if (!q && !(n.domain === '' && n.opType === 'DequantizeLinear')) return null;
  if (n.inputs.length < 2 || n.outputs.length !== 1) return null;
  for (const k of n.attributes.keys()) if (k !== 'axis' && k !== 'saturate' && !(k === 'block_size' && attrNum(n, k, 0) === 0)) return null;
  const scale = w.constant(n.inputs[1]);
  if (!scale || scale.type !== 'float32' || scale.data.length === 0) return null;
  const zpName = n.inputs[2] ?? '';
  const zpT = zpName === '' ? undefined : w.constant(zpName);
  if (zpName !== '' && !zpT) return null;
  const dataName = q ? n.outputs[0] : n.inputs[0];
  let type: QdqParams['type'];
  if (q) {
    if (w.typeOf(n.inputs[0]) !== 'float32') return null;
    const t = zpT ? zpT.type : 'uint8';
    if (!is8(t)) return null;
    type = t;
  } else {
    const t = w.typeOf(dataName);
    if (!is8(t) && t !== 'int32') return null;
    if (zpT && zpT.type !== t) return null;
    type = t;
  }
  const scales = values(scale);
  const zps = zpT ? values(zpT) : scales.map(() => 0);
  if (zpT && zpT.data.length !== scale.data.length) return null;
  const perTensor = scale.data.length === 1 && scale.dims.length <= 1;
  let axis: number | null = null;
  if (!perTensor) {
    const dims = w.dimsOf(q ? n.inputs[0] : dataName);
    if (!dims || scale.dims.length !== 1) return null;
    const a = attrNum(n, 'axis', 1);
    if (a < -dims.length || a >= dims.length) return null;
    axis = a < 0 ? a + dims.length : a;
    if (dims[axis] !== scales.length) return null;
  }
  const rank0 = scale.dims.length === 0 && (!zpT || zpT.dims.length === 0);
  return { node: n, type, scaleName: n.inputs[1], zpName, scales, zps, perTensor, rank0, axis };
}

/** onnxruntime's IsQDQPairSupported: both zero points present, both per-tensor constants, equal values and types. */
function samePair(a: QdqParams, b: QdqParams): boolean {
  return a.zpName !== '' && b.zpName !== '' && a.perTensor && b.perTensor && a.type === b.type
    && a.zps[0] === b.zps[0] && a.scales[0] === b.scales[0];
}

/** Constant Clip bounds (onnxruntime's GetClipConstantMinMax), or null. */
function clipBounds(w: Work, clip: Node): [number, number] | null {
  if (w.opset < 11) return [f32(attrNum(clip, 'min', -FLT_MAX)), f32(attrNum(clip, 'max', FLT_MAX))];
  const bound = (i: number, dflt: number): number | null => {
    const name = clip.inputs[i] ?? '';
    if (name === '') return dflt;
    const t = w.constant(name);
    return t && t.type === 'float32' && t.data.length === 1 ? (t.data[0] as number) : null;
  };
  const lo = bound(1, -FLT_MAX);
  const hi = bound(2, FLT_MAX);
  return lo === null || hi === null ? null : [lo, hi];
}

/** onnxruntime's IsClipMadeRedundantByQ (the selectors' check). */
function clipRedundantByQ(w: Work, clip: Node, q: Node): boolean {
  const p = qdqParams(w, q);
  if (!p || !p.rank0 || !is8(p.type)) return false;
  const [lo, hi] = RANGE[p.type];
  if (clip.opType === 'Relu') return p.zps[0] === lo;
  const b = clipBounds(w, clip);
  if (!b) return false;
  // static_cast<int32_t>(rint(f(bound / s))) + zp; out-of-range casts saturate (wasm's trunc_sat).
  const toI32 = (v: number): number => (Number.isNaN(v) ? 0 : Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, roundHalfEven(v))));
  return toI32(f32(b[0] / p.scales[0])) + p.zps[0] <= lo && toI32(f32(b[1] / p.scales[0])) + p.zps[0] >= hi;
}

// ---- stage 1: Relu / Clip before a Q ------------------------------------------------------------------------------

function removeSaturatingActivations(w: Work): void {
  for (const n of [...w.nodes]) {
    if (!isOp(n, 'Relu') && !isOp(n, 'Clip')) continue;
    if (n.outputs.length !== 1 || w.producesGraphOutput(n)) continue;
    const edges = w.edgesOf(n.outputs[0]);
    if (edges.length !== 1 || !isQ(edges[0].node) || edges[0].slot !== 0) continue;
    const q = edges[0].node;
    const p = qdqParams(w, q);
    if (!p || !is8(p.type) || p.zpName === '') continue;
    const [lo, hi] = RANGE[p.type];
    let redundant = false;
    if (n.opType === 'Relu') redundant = p.zps.length === 1 && p.zps[0] === lo;
    else if (w.opset >= 10 && w.opset <= 18 && p.rank0) {
      const b = clipBounds(w, n);
      if (b) {
        const lower = f32(p.scales[0] * (lo - p.zps[0]));
        const upper = f32(p.scales[0] * (hi - p.zps[0]));
        redundant = !(FLT_EPSILON < f32(b[0] - lower) || FLT_EPSILON < f32(upper - b[1]));
      }
    }
    if (!redundant) continue;
    w.replace([q, n], { ...q, inputs: [n.inputs[0], ...q.inputs.slice(1)] });
  }
}

// ---- stage 2: groups ----------------------------------------------------------------------------------------------

interface Group {
  target: Node;
  /** The DQ producing each input slot, undefined where none does. */
  dq: (Node | undefined)[];
  dqCount: number;
  clip: Node | undefined;
  qs: Node[];
}

function selectGroup(w: Work, t: Node): Group | null {
  const dq = t.inputs.map((name) => {
    const p = w.producerOf(name);
    return isDQ(p) ? p : undefined;
  });
  const edges = w.outEdges(t);
  let clip: Node | undefined;
  if (edges.length === 1) {
    const c = edges[0].node;
    if ((isOp(c, 'Relu') || isOp(c, 'Clip')) && w.outEdges(c).length === 1 && !w.producesGraphOutput(c)) clip = c;
  }
  const qs = w.outEdges(clip ?? t).map((e) => e.node).filter(isQ);
  if (clip && (qs.length !== 1 || !clipRedundantByQ(w, clip, qs[0]))) return null;
  return { target: t, dq, dqCount: dq.filter(Boolean).length, clip, qs };
}

/** onnxruntime's CheckQDQNodes. */
function checkGroup(w: Work, g: Group, dqInputs = -1, qOptional = false): boolean {
  const need = dqInputs < 0 ? g.target.inputs.filter((i) => i !== '').length : dqInputs;
  if (g.dqCount !== need) return false;
  if (g.qs.length === 0) return qOptional;
  const outs = g.target.outputs.filter((o) => o !== '').length;
  return outs === g.qs.length && g.qs.length === w.outEdges(g.target).length && !w.producesGraphOutput(g.target);
}

/** Replaces a group by `fused` (placed where the target was); absorbed DQs nobody else reads go too. */
function replaceGroup(w: Work, g: Group, fused: Node): void {
  w.replace([g.target, ...(g.clip ? [g.clip] : []), ...g.qs], fused);
  dropUnusedDqs(w, g.dq);
}

function dropUnusedDqs(w: Work, dqs: readonly (Node | undefined)[]): void {
  for (const d of dqs) if (d && w.has(d) && w.edgesOf(d.outputs[0]).length === 0 && !w.producesGraphOutput(d)) w.kill(d);
}

const act = (p: QdqParams | null): p is QdqParams & { type: QType } => p !== null && p.perTensor && is8(p.type);
const zpOf = (w: Work, p: QdqParams & { type: QType }): string => (p.zpName !== '' ? p.zpName : w.zero(p.type));
const qlinear = (t: Node, opType: string, domain: string, inputs: string[], outputs: string[], attributes = new Map(t.attributes)): Node => ({
  name: t.name, opType, domain, inputs, outputs, attributes,
});

function fuseConv(w: Work, g: Group): Node | null {
  if (!checkGroup(w, g) || !g.dq[0] || !g.dq[1] || (g.target.inputs.length > 2 && g.target.inputs[2] !== '' && !g.dq[2])) return null;
  const x = qdqParams(w, g.dq[0]);
  const wt = qdqParams(w, g.dq[1]);
  const b = g.dq[2] ? qdqParams(w, g.dq[2]) : null;
  const y = qdqParams(w, g.qs[0]);
  if (!act(x) || !act(y) || !wt || !is8(wt.type) || y.type !== x.type || (x.type === 'int8' && wt.type !== 'int8')) return null;
  const wDims = w.dimsOf(g.dq[1].inputs[0]);
  if (!wDims || wDims.length < 3) return null;
  const m = wDims[0];
  if (!wt.perTensor && wt.axis !== 0) return null;
  if (wt.zps.some((z) => z !== wt.zps[0])) return null;
  if (g.dq[2]) {
    const bDims = w.dimsOf(g.dq[2].inputs[0]);
    if (!b || b.type !== 'int32' || !bDims || bDims.length !== 1 || bDims[0] !== m) return null;
    // The bias DQ's scale and zero point are dropped: only fuse where that changes (almost) nothing.
    if (b.zps.some((z) => z !== 0) || !Number.isFinite(x.scales[0])) return null;
    for (let c = 0; c < m; c++) {
      const want = f32(x.scales[0] * wt.scales[wt.perTensor ? 0 : c]);
      const got = b.scales[b.perTensor ? 0 : c];
      if (b.scales.length !== 1 && b.scales.length !== m) return null;
      if (!Number.isFinite(want) || !Number.isFinite(got) || !(Math.abs(got - want) <= 1e-2 * Math.abs(want))) return null;
    }
  }
  const wZp = wt.zpName !== '' ? wt.zpName : w.zero(wt.type as QType);
  const inputs = [g.dq[0].inputs[0], x.scaleName, zpOf(w, x), g.dq[1].inputs[0], wt.scaleName, wZp, y.scaleName, zpOf(w, y)];
  if (g.dq[2]) inputs.push(g.dq[2].inputs[0]);
  return qlinear(g.target, 'QLinearConv', '', inputs, [g.qs[0].outputs[0]]);
}

function fuseMatMul(w: Work, g: Group): Node | null {
  if (g.dqCount !== 2 || g.qs.length === 0 || !checkGroup(w, g)) return null;
  const a = qdqParams(w, g.dq[0]!);
  const b = qdqParams(w, g.dq[1]!);
  const y = qdqParams(w, g.qs[0]);
  if (!act(a) || !act(y) || !b || !is8(b.type) || y.type !== a.type || (a.type === 'int8' && b.type !== 'int8')) return null;
  if (!b.perTensor) {
    const bDims = w.dimsOf(g.dq[1]!.inputs[0]);
    if (!bDims || bDims.length !== 2 || b.axis !== 1) return null;
  }
  const bZp = b.zpName !== '' ? b.zpName : w.zero(b.type as QType);
  return qlinear(g.target, 'QLinearMatMul', '', [g.dq[0]!.inputs[0], a.scaleName, zpOf(w, a), g.dq[1]!.inputs[0], b.scaleName, bZp, y.scaleName, zpOf(w, y)],
    [g.qs[0].outputs[0]], new Map());
}

function fuseGemm(w: Work, g: Group): Node | null {
  if (!checkGroup(w, g, -1, true) || !g.dq[0] || !g.dq[1]) return null;
  const t = g.target;
  const a = qdqParams(w, g.dq[0]);
  const b = qdqParams(w, g.dq[1]);
  const y = g.qs.length ? qdqParams(w, g.qs[0]) : null;
  if (!act(a) || !b || !is8(b.type) || (a.type === 'int8' && b.type !== 'int8')) return null;
  if (g.qs.length && (!act(y) || y.type !== a.type)) return null;
  const bDims = w.dimsOf(g.dq[1].inputs[0]);
  if (!bDims || bDims.length !== 2) return null;
  const transB = attrNum(t, 'transB', 0) === 1;
  if (!b.perTensor && b.axis !== (transB ? 0 : 1)) return null;
  let bias = '';
  if (g.dq[2]) {
    const c = qdqParams(w, g.dq[2]);
    // QGemm scales the int32 C with the product (alpha * (A B + C)) where Gemm adds it unscaled: with alpha != 1
    // the two differ, and onnxruntime-web 1.30 leaves such a Gemm unfused (the tests find it).
    if (!c || c.type !== 'int32' || f32(attrNum(t, 'beta', 1)) !== 1 || f32(attrNum(t, 'alpha', 1)) !== 1) return null;
    bias = g.dq[2].inputs[0];
  }
  const bZp = b.zpName !== '' ? b.zpName : w.zero(b.type as QType);
  const inputs = [g.dq[0].inputs[0], a.scaleName, zpOf(w, a), g.dq[1].inputs[0], b.scaleName, bZp, bias];
  if (y && act(y)) inputs.push(y.scaleName, zpOf(w, y));
  const attributes = new Map(t.attributes);
  attributes.delete('beta');
  return qlinear(t, 'QGemm', 'com.microsoft', inputs, [g.qs.length ? g.qs[0].outputs[0] : t.outputs[0]], attributes);
}

/** Add, Mul, Concat, and the one-input ops: every input DQ'd, one Q, one 8-bit type, per-tensor parameters. */
function fuseSimple(w: Work, g: Group, opType: string): Node | null {
  if (!checkGroup(w, g)) return null;
  const ins = g.dq.map((d) => (d ? qdqParams(w, d) : null));
  const y = qdqParams(w, g.qs[0]);
  if (!act(y) || ins.some((p) => !act(p) || p.type !== y.type)) return null;
  const triples = g.dq.flatMap((d, i) => [d!.inputs[0], ins[i]!.scaleName, zpOf(w, ins[i] as QdqParams & { type: QType })]);
  const attributes = new Map(g.target.attributes);
  if (opType === 'AveragePool') {
    const dil = attrOf(g.target, 'dilations');
    if (dil && (dil.kind !== 'ints' || dil.value.some((v) => v !== 1))) return null;
    attributes.delete('dilations');
  }
  if (opType === 'Softmax') {
    // QLinearSoftmax's `opset` is the Softmax's since-version (onnxruntime's UnaryReplaceWithQLinear); `axis` is
    // written out with the Softmax's default (1 below opset 13, -1 from 13) where it is absent, as onnxruntime's
    // node carries its schema's defaults (QLinearSoftmax's own default, -1 at every opset, would change rows).
    if (!attributes.has('axis')) attributes.set('axis', { kind: 'int', value: w.opset >= 13 ? -1 : 1 });
    attributes.set('opset', { kind: 'int', value: w.opset >= 13 ? 13 : w.opset >= 11 ? 11 : 1 });
  }
  const yz = [y.scaleName, zpOf(w, y)];
  const inputs = opType === 'Concat' ? [...yz, ...triples] : [...triples, ...yz];
  return qlinear(g.target, `QLinear${opType}`, 'com.microsoft', inputs, [g.qs[0].outputs[0]], attributes);
}

const DROP_OPS = new Set(['Reshape', 'Flatten', 'Transpose', 'Squeeze', 'Unsqueeze', 'Slice', 'Gather', 'Expand', 'Tile', 'Resize', 'MaxPool', 'Pad']);

/** DQ -> op -> Q with equal parameters: the op on the integer data (Split: each output into its own Q). */
function fuseDrop(w: Work, g: Group): Node | null {
  const t = g.target;
  if (g.clip || !checkGroup(w, g, 1) || !g.dq[0]) return null;
  const x = qdqParams(w, g.dq[0]);
  if (!x || !is8(x.type)) return null;
  if (t.opType === 'Resize') {
    const mode = attrOf(t, 'mode');
    if (mode && !(mode.kind === 'string' && mode.value === 'nearest')) return null;
  }
  const outputs: string[] = [];
  for (const [j, o] of t.outputs.entries()) {
    if (o === '') {
      outputs.push('');
      continue;
    }
    const edges = w.edgesOf(o);
    if (edges.length !== 1 || !isQ(edges[0].node)) return null;
    const y = qdqParams(w, edges[0].node);
    if (!y || !samePair(x, y)) return null;
    if (t.opType === 'MaxPool' && (j !== 0 || !(y.scales[0] > 0))) return null;
    outputs.push(edges[0].node.outputs[0]);
  }
  if (t.opType !== 'Split' && outputs.filter((o) => o !== '').length !== 1) return null;
  const inputs = [g.dq[0].inputs[0], ...t.inputs.slice(1)];
  if (t.opType === 'MaxPool' && w.opset < 12) return null;
  if (t.opType === 'Pad') {
    if (w.opset < 11) return null;
    const mode = attrOf(t, 'mode');
    const constantMode = !mode || (mode.kind === 'string' && mode.value === 'constant');
    const cvName = t.inputs[2] ?? '';
    let cv = 0;
    if (cvName !== '') {
      const c = w.constant(cvName);
      if (!c || c.type !== 'float32' || c.data.length !== 1) return null;
      cv = c.data[0] as number;
    }
    if (constantMode) {
      const type = x.type as QType;
      const v = quantizeValue(cv, x.scales[0], x.zps[0], type);
      inputs[2] = w.addInit(`${t.name || 'pad'}_constant_q`, type, [], type === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v));
    } else if (inputs.length > 2) inputs[2] = '';
    while (inputs.length > 1 && inputs[inputs.length - 1] === '') inputs.pop();
  }
  const attributes = new Map(t.attributes);
  if (t.opType === 'Split' && (inputs[1] ?? '') === '' && !attributes.has('split') && !(w.opset >= 18 && attributes.has('num_outputs'))) {
    // Equal parts, one per output: write the sizes out (from the outputs' dims), so that the node says what it
    // computes without counting its outputs.
    const dims = w.dimsOf(t.inputs[0]);
    const a = attrNum(t, 'axis', 0);
    const axis = dims && a < 0 ? a + dims.length : a;
    const sizes = t.outputs.map((o) => w.dimsOf(o)?.[axis]);
    if (!dims || sizes.some((v) => v === undefined)) return null;
    if (w.opset >= 13) inputs[1] = w.addInit(`${t.name || 'split'}_sizes`, 'int64', [sizes.length], BigInt64Array.from(sizes as number[], BigInt));
    else attributes.set('split', { kind: 'ints', value: sizes as number[] });
  }
  return { ...t, inputs, outputs, attributes };
}

function fuseGroups(w: Work): void {
  for (const t of topoOrder(w)) {
    if (!w.has(t) || t.domain !== '') continue;
    const op = t.opType;
    let fusedBy: ((g: Group) => Node | null) | null = null;
    if (op === 'Conv') fusedBy = (g) => fuseConv(w, g);
    else if (op === 'MatMul') fusedBy = (g) => fuseMatMul(w, g);
    else if (op === 'Gemm') fusedBy = (g) => fuseGemm(w, g);
    else if (op === 'Add' || op === 'Mul' || op === 'Concat' || op === 'AveragePool' || op === 'GlobalAveragePool' || op === 'Sigmoid' || op === 'LeakyRelu'
      || op === 'Softmax')
      fusedBy = (g) => fuseSimple(w, g, op);
    else if (DROP_OPS.has(op) || op === 'Split') fusedBy = (g) => fuseDrop(w, g);
    if (!fusedBy) continue;
    const g = selectGroup(w, t);
    if (!g) continue;
    const fused = fusedBy(g);
    if (fused) replaceGroup(w, g, fused);
  }
}

/** The live nodes in dependency order, ties in file order (as the reference executor runs them). */
function topoOrder(w: Work): Node[] {
  const nodes = w.nodes;
  const known = new Set<string>();
  const before = (n: Node) => n.inputs.every((name) => known.has(name) || !w.producerOf(name) || w.producerOf(name) === n);
  if (nodes.every((n) => before(n) && (n.outputs.forEach((o) => known.add(o)), true))) return nodes; // the usual case
  const pending = [...nodes];
  const order: Node[] = [];
  known.clear();
  while (pending.length) {
    const k = pending.findIndex(before);
    if (k < 0) return [...order, ...pending]; // a cycle: the rest in file order (the executor refuses the graph)
    const n = pending.splice(k, 1)[0];
    order.push(n);
    n.outputs.forEach((o) => known.add(o));
  }
  return order;
}

// ---- stage 3: look-up tables ----------------------------------------------------------------------------------

/** An operand of a region node: a region value or a constant. */
type Arg = { value: string } | { constant: number };
type Eval = (args: number[]) => number;

/** A constant scalar operand: a one-value float32 initializer, or a DQ of a one-value initializer. */
function scalarConstant(w: Work, name: string): number | null {
  const t = w.constant(name);
  if (t) return t.type === 'float32' && t.data.length === 1 ? (t.data[0] as number) : null;
  const d = w.producerOf(name);
  if (!isDQ(d)) return null;
  const p = qdqParams(w, d);
  const x = w.constant(d.inputs[0]);
  if (!p || !p.perTensor || !x || x.data.length !== 1) return null;
  return f32(f32(Number(x.data[0]) - p.zps[0]) * p.scales[0]);
}

/**
 * The float32 evaluator of one elementwise node (at default-domain opset `opset`) and which of its inputs are data
 * (region values or constants) and which must be constants, or null when the node is not one the tables take.
 * Exported for the quantizer's chain analysis (src/quantize/chains.ts), which evaluates the same arithmetic.
 */
export function elementwiseEval(n: Node, opset: number): { data: number[]; params: number[]; fn: (args: number[], params: number[]) => number } | null {
  if (n.domain !== '' || n.outputs.length !== 1) return null;
  const present = n.inputs.map((i, k) => (i !== '' ? k : -1)).filter((k) => k >= 0);
  const alpha = (d: number) => f32(attrNum(n, 'alpha', d));
  const unary = (fn: (x: number) => number) => (n.inputs.length === 1 ? { data: [0], params: [], fn: (a: number[]) => fn(a[0]) } : null);
  const binary = (fn: Eval) => (n.inputs.length === 2 && present.length === 2 ? { data: [0, 1], params: [], fn } : null);
  switch (n.opType) {
    case 'Relu': return unary((x) => (x < 0 ? 0 : x));
    case 'Neg': return unary((x) => -x);
    case 'Abs': return unary((x) => Math.abs(x));
    case 'Sqrt': return unary((x) => f32(Math.sqrt(x)));
    case 'Exp': return unary(exp);
    case 'Tanh': return unary(tanh);
    case 'Sigmoid': return unary(logistic);
    case 'LeakyRelu': {
      const a = alpha(0.01);
      return unary((x) => (x >= 0 ? x : f32(a * x)));
    }
    case 'HardSigmoid': {
      const a = alpha(0.2), b = f32(attrNum(n, 'beta', 0.5));
      return unary((x) => cmax(cmin(f32(f32(a * x) + b), 1), 0));
    }
    case 'HardSwish': {
      const a = f32(1 / 6);
      return unary((x) => f32(x * cmax(cmin(f32(f32(a * x) + 0.5), 1), 0)));
    }
    case 'Add': return binary((v) => f32(v[0] + v[1]));
    case 'Sub': return binary((v) => f32(v[0] - v[1]));
    case 'Mul': return binary((v) => f32(v[0] * v[1]));
    case 'Div': return binary((v) => f32(v[0] / v[1]));
    case 'Clip': {
      if (opset < 11) {
        const b = [f32(attrNum(n, 'min', -FLT_MAX)), f32(attrNum(n, 'max', FLT_MAX))];
        return n.inputs.length === 1 ? { data: [0], params: [], fn: (v) => cmin(cmax(v[0], b[0]), b[1]) } : null;
      }
      if (n.inputs.length > 3) return null;
      const params = [1, 2].filter((k) => (n.inputs[k] ?? '') !== '');
      const lo = (n.inputs[1] ?? '') !== '', hi = (n.inputs[2] ?? '') !== '';
      return {
        data: [0], params,
        fn: (v, p) => cmin(cmax(v[0], lo ? p[0] : -FLT_MAX), hi ? p[lo ? 1 : 0] : FLT_MAX),
      };
    }
    case 'Pow': {
      if (n.inputs.length !== 2) return null;
      return {
        data: [0], params: [1],
        fn: (v, p) => (p[0] === 2 ? f32(v[0] * v[0]) : p[0] === 3 ? f32(f32(v[0] * v[0]) * v[0]) : f32(Math.pow(v[0], p[0]))),
      };
    }
    default: return null;
  }
}

interface Region {
  x: string;
  leaves: Node[];
  /** Region nodes in evaluation order, each with its operands. */
  steps: { node: Node; args: Arg[]; params: number[]; fn: (args: number[], params: number[]) => number }[];
  /** DQs of constants the region read (dropped when nothing else reads them). */
  constDqs: Node[];
  dq: QdqParams;
}

/** The region ending at Q node `q`, or null (see the header, stage 3). */
function regionOf(w: Work, q: Node): Region | null {
  const end = w.producerOf(q.inputs[0]);
  if (!end) return null;
  const steps: Region['steps'] = [];
  const seen = new Set<Node>();
  const leaves = new Set<Node>();
  const constDqs: Node[] = [];
  let failed = false;
  const visit = (n: Node): void => {
    if (failed || seen.has(n)) return;
    seen.add(n);
    const ew = elementwiseEval(n, w.opset);
    if (!ew) {
      failed = true;
      return;
    }
    const params: number[] = [];
    for (const k of ew.params) {
      const v = scalarConstant(w, n.inputs[k]);
      if (v === null) {
        failed = true;
        return;
      }
      params.push(v);
      const d = w.producerOf(n.inputs[k]);
      if (d) constDqs.push(d);
    }
    const args: Arg[] = [];
    for (const k of ew.data) {
      const name = n.inputs[k];
      const c = scalarConstant(w, name);
      if (c !== null) {
        args.push({ constant: c });
        const d = w.producerOf(name);
        if (d) constDqs.push(d);
        continue;
      }
      const p = w.producerOf(name);
      if (!p) {
        failed = true;
        return;
      }
      if (isDQ(p)) leaves.add(p);
      else visit(p);
      args.push({ value: name });
    }
    steps.push({ node: n, args, params, fn: ew.fn }); // post-order: operands first
  };
  visit(end);
  if (failed || leaves.size === 0 || steps.every((s) => s.args.every((a) => 'constant' in a))) return null;

  // One x through DQs of equal per-tensor parameters.
  const ls = [...leaves];
  const x = ls[0].inputs[0];
  const dq = qdqParams(w, ls[0]);
  if (!dq || !dq.perTensor || !is8(dq.type)) return null;
  for (const l of ls.slice(1)) {
    const p = qdqParams(w, l);
    if (l.inputs[0] !== x || !p || !p.perTensor || p.scales[0] !== dq.scales[0] || p.zps[0] !== dq.zps[0]) return null;
  }
  // Closed: intermediate values read only inside; the end read only by q; nothing is a graph output; x's dims.
  const xDims = w.dimsOf(x);
  if (!xDims) return null;
  for (const s of steps) {
    const o = s.node.outputs[0];
    if (w.outputNames.has(o) || w.typeOf(o) !== 'float32') return null;
    const dims = w.dimsOf(o);
    if (!dims || dims.length !== xDims.length || dims.some((d, i) => d !== xDims[i])) return null;
    const edges = w.edgesOf(o);
    if (s.node === end ? edges.length !== 1 || edges[0].node !== q : edges.some((e) => !seen.has(e.node))) return null;
  }
  return { x, leaves: ls, steps, constDqs, dq };
}

function makeLuts(w: Work): boolean {
  let made = false;
  for (const q of [...w.nodes]) {
    if (!isQ(q) || !w.has(q)) continue;
    const y = qdqParams(w, q);
    if (!act(y)) continue;
    const r = regionOf(w, q);
    if (!r) continue;
    const xType = r.dq.type as QType;
    const table = y.type === 'uint8' ? new Uint8Array(256) : new Int8Array(256);
    const leafOuts = new Set(r.leaves.map((l) => l.outputs[0]));
    for (let b = 0; b < 256; b++) {
      const t = xType === 'int8' ? (b << 24) >> 24 : b;
      const d = f32(f32(t - r.dq.zps[0]) * r.dq.scales[0]);
      const vals = new Map<string, number>();
      for (const s of r.steps) {
        const args = s.args.map((a) => ('constant' in a ? a.constant : leafOuts.has(a.value) ? d : vals.get(a.value)!));
        vals.set(s.node.outputs[0], s.fn(args, s.params));
      }
      table[b] = quantizeValue(vals.get(q.inputs[0])!, y.scales[0], y.zps[0], y.type);
    }
    const end = r.steps[r.steps.length - 1].node;
    const tableName = w.addInit(`${q.outputs[0]}_lut`, y.type, [256], table);
    const lut: Node = { name: q.name || end.name, opType: 'Lut', domain: 'i8conv', inputs: [r.x, tableName], outputs: [q.outputs[0]], attributes: new Map() };
    w.replace([q, ...r.steps.map((s) => s.node)], lut);
    dropUnusedDqs(w, [...r.leaves, ...r.constDqs]);
    made = true;
  }
  return made;
}

// ---- the pass ---------------------------------------------------------------------------------------------------

export function fuseQdq(graph: Graph): Graph {
  const w = new Work(graph);
  removeSaturatingActivations(w);
  fuseGroups(w);
  const luts = makeLuts(w);

  // Drop initializers the nodes read before and no longer do, and the annotations of values no node produces.
  const nodes = w.nodes;
  const read = new Set(nodes.flatMap((n) => n.inputs));
  const readBefore = new Set(graph.nodes.flatMap((n) => n.inputs));
  const keep = (name: string) => read.has(name) || w.outputNames.has(name) || w.inputs.has(name);
  const initializers = new Map([...w.inits].filter(([name]) => keep(name) || (graph.initializers.has(name) && !readBefore.has(name))));
  const produced = new Set(nodes.flatMap((n) => n.outputs));
  const valueInfo = new Map([...w.valueInfo].filter(([name]) => produced.has(name)));
  const opsetImports = new Map(graph.opsetImports);
  if (luts && !opsetImports.has('i8conv')) opsetImports.set('i8conv', 1);
  if (nodes.some((n) => n.domain === 'com.microsoft') && !opsetImports.has('com.microsoft')) opsetImports.set('com.microsoft', 1);
  return { ...graph, opsetImports, nodes, initializers, valueInfo };
}
