/**
 * The Q/DQ fusion rules, as data: each rule is a selector (does this `DQ* -> op -> (Relu | Clip)? -> Q*` group
 * qualify, and with which parameters) and an action (the QOperator node that replaces the group), as onnxruntime's
 * QDQ selector / action transformer pairs them. The operator table (src/model/lowering/registry.ts) names the rule
 * of each operator; ./fuse-qdq.ts finds each group (`selectGroup`) and applies its operator's rule. What each rule
 * accepts and makes, in words: docs/int8-ops.md, "Q/DQ fusion".
 *
 * Terms. A DQ / Q node's parameters are usable when its scale is a float32 initializer and its zero point is an
 * initializer (or absent: 0, uint8 for a Q, the data's type for a DQ), with no `block_size` and, for a Q, no
 * `output_dtype`. "Per tensor" = one value (rank 0 or [1]). Activation parameters (the DQ of a data input, every Q)
 * must be per tensor. An edge is one (node, input slot) reading a value.
 */
import type { Attribute, ElementType, Node, Tensor } from '../ir.js';
import type { GraphView } from '../view.js';
import type { QdqRuleName } from '../../lowering/registry.js';
import { quantizeValue, roundHalfEven } from '../../numerics/quantize.js';
import { numbersOf } from '../attrs.js';

const f32 = Math.fround;
const FLT_EPSILON = 2 ** -23;
export const FLT_MAX = 3.4028234663852886e38;

export type QType = 'uint8' | 'int8';
export const RANGE: Record<QType, [number, number]> = { uint8: [0, 255], int8: [-128, 127] };
export const is8 = (t: ElementType | null | undefined): t is QType => t === 'uint8' || t === 'int8';

export const isOp = (n: Node | undefined, op: string): n is Node =>
  n !== undefined && n.domain === '' && n.opType === op;
export const isQ = (n: Node | undefined): n is Node => isOp(n, 'QuantizeLinear');
export const isDQ = (n: Node | undefined): n is Node => isOp(n, 'DequantizeLinear');
const attrOf = (n: Node, name: string): Attribute | undefined => n.attributes.get(name);
export function attrNum(n: Node, name: string, dflt: number): number {
  const a = attrOf(n, name);
  return a && (a.kind === 'int' || a.kind === 'float') ? a.value : dflt;
}
const values = numbersOf;

// ---- Q / DQ parameters ------------------------------------------------------------------------------------------

export interface QdqParams {
  readonly node: Node;
  /** DQ: the input's type; Q: the output's type. */
  readonly type: 'uint8' | 'int8' | 'int32';
  readonly scaleName: string;
  /** '' when omitted. */
  readonly zpName: string;
  readonly scales: readonly number[];
  readonly zps: readonly number[];
  /** One value (rank 0 or [1]) for scale and zero point. */
  readonly perTensor: boolean;
  /** rank-0 scale and zero point (or no zero point): what onnxruntime's Clip / Relu rules read. */
  readonly rank0: boolean;
  /** The normalized axis of a per-axis scale (null per tensor). */
  readonly axis: number | null;
}

/** The parameters of a Q or DQ node, or null when they are not usable constants (see the header). */
export function qdqParams(w: GraphView, n: Node): QdqParams | null {
  const q = n.domain === '' && n.opType === 'QuantizeLinear';
  if (!q && !(n.domain === '' && n.opType === 'DequantizeLinear')) return null;
  if (n.inputs.length < 2 || n.outputs.length !== 1) return null;
  const scale = w.constant(n.inputs[1]);
  const zpName = n.inputs[2] ?? '';
  const zpT = zpName === '' ? undefined : w.constant(zpName);
  const dataName = q ? n.outputs[0] : n.inputs[0];
  const dataType = w.typeOf(q ? n.inputs[0] : dataName);
  const dims = scale && scale.data.length > 1 ? w.dimsOf(q ? n.inputs[0] : dataName) : null;
  // the rules ask again and again for the same nodes: the answer is kept per node while what it was made of (the
  // constants, the data's type and dims) is the same (nodes are never edited, only replaced)
  const had = PARAMS.get(n);
  if (had && had.scale === scale && had.zp === zpT && had.dataType === dataType && had.dims === dims) return had.p;
  const p = qdqParamsOf(w, n, q, scale, zpName, zpT, dataName, dataType, dims);
  PARAMS.set(n, { scale, zp: zpT, dataType, dims, p });
  return p;
}
const PARAMS = new WeakMap<
  Node,
  {
    scale: Tensor | undefined;
    zp: Tensor | undefined;
    dataType: ElementType | null;
    dims: number[] | null;
    p: QdqParams | null;
  }
>();

function qdqParamsOf(
  w: GraphView,
  n: Node,
  q: boolean,
  scale: Tensor | undefined,
  zpName: string,
  zpT: Tensor | undefined,
  dataName: string,
  dataType: ElementType | null,
  dims: number[] | null,
): QdqParams | null {
  for (const k of n.attributes.keys())
    if (k !== 'axis' && k !== 'saturate' && !(k === 'block_size' && attrNum(n, k, 0) === 0)) return null;
  if (!scale || scale.type !== 'float32' || scale.data.length === 0) return null;
  if (zpName !== '' && !zpT) return null;
  let type: QdqParams['type'];
  if (q) {
    if (dataType !== 'float32') return null;
    const t = zpT ? zpT.type : 'uint8';
    if (!is8(t)) return null;
    type = t;
  } else {
    const t = dataType;
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
  return (
    a.zpName !== '' &&
    b.zpName !== '' &&
    a.perTensor &&
    b.perTensor &&
    a.type === b.type &&
    a.zps[0] === b.zps[0] &&
    a.scales[0] === b.scales[0]
  );
}

/** Constant Clip bounds (onnxruntime's GetClipConstantMinMax), or null. */
export function clipBounds(w: GraphView, clip: Node): [number, number] | null {
  if (w.opset() < 11) return [f32(attrNum(clip, 'min', -FLT_MAX)), f32(attrNum(clip, 'max', FLT_MAX))];
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

/** onnxruntime's ClipQuantFusion / ReluQuantFusion test: the Q's saturation does the Relu's / Clip's work. */
export function saturatedByQ(w: GraphView, act: Node, p: QdqParams): boolean {
  const [lo, hi] = RANGE[p.type as QType];
  if (act.opType === 'Relu') return p.zps.length === 1 && p.zps[0] === lo;
  if (!(w.opset() >= 10 && w.opset() <= 18 && p.rank0)) return false;
  const b = clipBounds(w, act);
  if (!b) return false;
  const lower = f32(p.scales[0] * (lo - p.zps[0]));
  const upper = f32(p.scales[0] * (hi - p.zps[0]));
  return !(FLT_EPSILON < f32(b[0] - lower) || FLT_EPSILON < f32(upper - b[1]));
}

/** onnxruntime's IsClipMadeRedundantByQ (the selectors' check). */
function clipRedundantByQ(w: GraphView, clip: Node, q: Node): boolean {
  const p = qdqParams(w, q);
  if (!p || !p.rank0 || !is8(p.type)) return false;
  const [lo, hi] = RANGE[p.type];
  if (clip.opType === 'Relu') return p.zps[0] === lo;
  const b = clipBounds(w, clip);
  if (!b) return false;
  // static_cast<int32_t>(rint(f(bound / s))) + zp; out-of-range casts saturate (wasm's trunc_sat).
  const toI32 = (v: number): number =>
    Number.isNaN(v) ? 0 : Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, roundHalfEven(v)));
  return toI32(f32(b[0] / p.scales[0])) + p.zps[0] <= lo && toI32(f32(b[1] / p.scales[0])) + p.zps[0] >= hi;
}

// ---- onnxruntime's int8 -> uint8 rewrite of Q -> DQ pairs ---------------------------------------------------------

/**
 * The Q -> DQ pairs onnxruntime's wasm build rewrites to uint8 (zero points + 128; its QDQS8ToU8Transformer, which runs
 * before its QDQ selectors because int8 activations are allowed on ARM only), by the name of the Q's output: a
 * QuantizeLinear whose output is no graph output and has exactly one edge, into a DequantizeLinear, both with three
 * inputs whose zero points are constant one-value int8 initializers of equal value (the scales are not compared).
 * The edges are counted as onnxruntime's earlier passes leave them: Qs of the same inputs and attributes are one node
 * (CommonSubexpressionElimination; it keeps DQs apart), and every reader of a DQ has a DQ of its own
 * (EnsureUniqueDQForNodeUnit): a DQ read by several nodes, or read by one and a graph output too, or a second Q of
 * the same tensor, leaves the Q with several edges, and the pair stays int8.
 * The rewrite changes no value; it matters where a fused operator rounds with the zero point added in float
 * (QLinearAveragePool), and where it makes the types around a target differ (onnxruntime then does not fuse it).
 * Taken on the graph as it reaches the group stage, before any group absorbs a Q.
 */
export function uint8Pairs(w: GraphView): Set<string> {
  const pairs = new Set<string>();
  const int8Zp = (name: string | undefined): number | null => {
    const t = name ? w.constant(name) : undefined;
    return t && t.type === 'int8' && t.data.length === 1 ? Number(t.data[0]) : null;
  };
  // Qs that onnxruntime merges: same inputs, same attributes
  const keyOf = (q: Node): string => {
    let key = JSON.stringify(q.inputs);
    for (const [k, a] of q.attributes)
      key += JSON.stringify([
        k,
        a.kind,
        a.kind === 'tensor' || a.kind === 'graph' || a.kind === 'unsupported' ? k : String(a.value),
      ]);
    return key;
  };
  const twins = new Map<string, number>();
  const keys = new Map<Node, string>();
  const nodes = w.nodes;
  for (const q of nodes) {
    if (!isQ(q)) continue;
    const k = keyOf(q);
    keys.set(q, k);
    twins.set(k, (twins.get(k) ?? 0) + 1);
  }
  for (const [q, k] of keys) {
    if (q.outputs.length !== 1 || w.producesGraphOutput(q) || twins.get(k)! > 1) continue;
    const edges = w.consumersOf(q.outputs[0]);
    if (edges.length !== 1 || !isDQ(edges[0].node)) continue;
    const dq = edges[0].node;
    if (q.inputs.length !== 3 || dq.inputs.length !== 3) continue;
    // the DQ copies the Q feeds once each reader has its own: one per edge of the DQ, one more if it is a graph output
    const copies = w.consumersOf(dq.outputs[0]).length + (w.producesGraphOutput(dq) ? 1 : 0);
    if (copies > 1) continue;
    const a = int8Zp(q.inputs[2]);
    const b = int8Zp(dq.inputs[2]);
    if (a !== null && a === b) pairs.add(q.outputs[0]);
  }
  return pairs;
}

/** What the group stage knows of the graph before its first group: the pairs onnxruntime makes uint8. */
export interface FusionContext {
  uint8Pairs: ReadonlySet<string>;
}

// ---- groups -----------------------------------------------------------------------------------------------------

/** A target node with the DQs that feed it, the Relu / Clip it may absorb and the Qs that read it. */
export interface Group {
  target: Node;
  /** The DQ producing each input slot, undefined where none does. */
  dq: (Node | undefined)[];
  dqCount: number;
  clip: Node | undefined;
  qs: Node[];
}

/** onnxruntime's GetQDQSelection: the group around `t`, or null where a Relu / Clip after it is not redundant. */
export function selectGroup(w: GraphView, t: Node): Group | null {
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
  const qs = w
    .outEdges(clip ?? t)
    .map((e) => e.node)
    .filter(isQ);
  if (clip && (qs.length !== 1 || !clipRedundantByQ(w, clip, qs[0]))) return null;
  return { target: t, dq, dqCount: dq.filter(Boolean).length, clip, qs };
}

/** onnxruntime's CheckQDQNodes. */
function checkGroup(w: GraphView, g: Group, dqInputs = -1, qOptional = false): boolean {
  const need = dqInputs < 0 ? g.target.inputs.filter((i) => i !== '').length : dqInputs;
  if (g.dqCount !== need) return false;
  if (g.qs.length === 0) return qOptional;
  const outs = g.target.outputs.filter((o) => o !== '').length;
  return outs === g.qs.length && g.qs.length === w.outEdges(g.target).length && !w.producesGraphOutput(g.target);
}

/** Replaces a group by `fused` (placed where the target was); absorbed DQs nobody else reads go too. */
export function replaceGroup(w: GraphView, g: Group, fused: Node): void {
  w.replace([g.target, ...(g.clip ? [g.clip] : []), ...g.qs], fused);
  dropUnusedDqs(w, g.dq);
}

export function dropUnusedDqs(w: GraphView, dqs: readonly (Node | undefined)[]): void {
  for (const d of dqs)
    if (d && w.has(d) && w.consumersOf(d.outputs[0]).length === 0 && !w.producesGraphOutput(d)) w.remove(d);
}

export const act = (p: QdqParams | null): p is QdqParams & { type: QType } => p !== null && p.perTensor && is8(p.type);
const zpOf = (w: GraphView, p: QdqParams & { type: QType }): string => (p.zpName !== '' ? p.zpName : w.zero(p.type));
const wzpOf = (w: GraphView, p: QdqParams): string => (p.zpName !== '' ? p.zpName : w.zero(p.type as QType));
const qlinear = (
  t: Node,
  opType: string,
  domain: string,
  inputs: string[],
  outputs: string[],
  attributes = new Map(t.attributes),
): Node => ({
  name: t.name,
  opType,
  domain,
  inputs,
  outputs,
  attributes,
});

// ---- the rules --------------------------------------------------------------------------------------------------

/** A rule: `select` says whether the group qualifies (and with what), `act` makes the node that replaces it. */
export interface QdqRule<S = unknown> {
  /** what the group becomes (docs) */
  readonly emits: string;
  select(w: GraphView, g: Group, ctx: FusionContext): S | null;
  act(w: GraphView, g: Group, s: S): Node;
}

const rule = <S>(r: QdqRule<S>): QdqRule<unknown> => r as QdqRule<unknown>;

/** Conv -> QLinearConv(x, x_s, x_zp, w, w_s, w_zp, y_s, y_zp[, B]). */
const conv = rule<{ x: QdqParams & { type: QType }; wt: QdqParams; y: QdqParams & { type: QType } }>({
  emits: 'QLinearConv',
  select(w, g) {
    if (
      !checkGroup(w, g) ||
      !g.dq[0] ||
      !g.dq[1] ||
      (g.target.inputs.length > 2 && g.target.inputs[2] !== '' && !g.dq[2])
    )
      return null;
    const x = qdqParams(w, g.dq[0]);
    const wt = qdqParams(w, g.dq[1]);
    const b = g.dq[2] ? qdqParams(w, g.dq[2]) : null;
    const y = qdqParams(w, g.qs[0]);
    if (!act(x) || !act(y) || !wt || !is8(wt.type) || y.type !== x.type || (x.type === 'int8' && wt.type !== 'int8'))
      return null;
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
        if (!Number.isFinite(want) || !Number.isFinite(got) || !(Math.abs(got - want) <= 1e-2 * Math.abs(want)))
          return null;
      }
    }
    return { x, wt, y };
  },
  act(w, g, { x, wt, y }) {
    const inputs = [
      g.dq[0]!.inputs[0],
      x.scaleName,
      zpOf(w, x),
      g.dq[1]!.inputs[0],
      wt.scaleName,
      wzpOf(w, wt),
      y.scaleName,
      zpOf(w, y),
    ];
    if (g.dq[2]) inputs.push(g.dq[2].inputs[0]);
    return qlinear(g.target, 'QLinearConv', '', inputs, [g.qs[0].outputs[0]]);
  },
});

/** MatMul (with a Q) -> QLinearMatMul(a, a_s, a_zp, b, b_s, b_zp, y_s, y_zp). */
const matmul = rule<{ a: QdqParams & { type: QType }; b: QdqParams; y: QdqParams & { type: QType } }>({
  emits: 'QLinearMatMul',
  select(w, g) {
    if (g.dqCount !== 2 || g.qs.length === 0 || !checkGroup(w, g)) return null;
    const a = qdqParams(w, g.dq[0]!);
    const b = qdqParams(w, g.dq[1]!);
    const y = qdqParams(w, g.qs[0]);
    if (!act(a) || !act(y) || !b || !is8(b.type) || y.type !== a.type || (a.type === 'int8' && b.type !== 'int8'))
      return null;
    if (!b.perTensor) {
      const bDims = w.dimsOf(g.dq[1]!.inputs[0]);
      if (!bDims || bDims.length !== 2 || b.axis !== 1) return null;
    }
    return { a, b, y };
  },
  act: (w, g, { a, b, y }) =>
    qlinear(
      g.target,
      'QLinearMatMul',
      '',
      [
        g.dq[0]!.inputs[0],
        a.scaleName,
        zpOf(w, a),
        g.dq[1]!.inputs[0],
        b.scaleName,
        wzpOf(w, b),
        y.scaleName,
        zpOf(w, y),
      ],
      [g.qs[0].outputs[0]],
      new Map(),
    ),
});

/** Gemm -> com.microsoft QGemm(A, a_s, a_zp, B, b_s, b_zp, C or '', [y_s, y_zp]). */
const gemm = rule<{ a: QdqParams & { type: QType }; b: QdqParams; y: (QdqParams & { type: QType }) | null }>({
  emits: 'com.microsoft QGemm',
  select(w, g) {
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
    if (g.dq[2]) {
      const c = qdqParams(w, g.dq[2]);
      // QGemm scales the int32 C with the product (alpha * (A B + C)) where Gemm adds it unscaled: with alpha != 1
      // the two differ, and onnxruntime-web 1.30 leaves such a Gemm unfused (the tests find it).
      if (!c || c.type !== 'int32' || f32(attrNum(t, 'beta', 1)) !== 1 || f32(attrNum(t, 'alpha', 1)) !== 1)
        return null;
    }
    return { a, b, y: y && act(y) ? y : null };
  },
  act(w, g, { a, b, y }) {
    const t = g.target;
    const inputs = [
      g.dq[0]!.inputs[0],
      a.scaleName,
      zpOf(w, a),
      g.dq[1]!.inputs[0],
      b.scaleName,
      wzpOf(w, b),
      g.dq[2] ? g.dq[2].inputs[0] : '',
    ];
    if (y) inputs.push(y.scaleName, zpOf(w, y));
    const attributes = new Map(t.attributes);
    attributes.delete('beta');
    return qlinear(t, 'QGemm', 'com.microsoft', inputs, [g.qs.length ? g.qs[0].outputs[0] : t.outputs[0]], attributes);
  },
});

/**
 * Add, Mul, Concat, AveragePool, GlobalAveragePool, Sigmoid, LeakyRelu, Softmax -> the com.microsoft QLinear op:
 * every input DQ'd, one Q, one 8-bit type, per-tensor parameters. The pools of int8 data follow onnxruntime's uint8
 * rewrite of the pairs around them (uint8Pairs): with both pairs rewritten, an AveragePool becomes
 * i8conv:QLinearAveragePool (its uint8 twin's rounding); with one of them only, the types differ and the pool stays
 * float, as in onnxruntime. An int8 Add / Mul likewise (a constant operand's DQ stays int8): all
 * uint8, i8conv:QLinearAdd / QLinearMul; all int8, the com.microsoft node; a mix stays float.
 */
const qlinearOp = rule<{ ins: (QdqParams & { type: QType })[]; y: QdqParams & { type: QType }; twin: boolean }>({
  emits: 'com.microsoft QLinear<op>',
  select(w, g, ctx) {
    if (!checkGroup(w, g)) return null;
    const ins = g.dq.map((d) => (d ? qdqParams(w, d) : null));
    const y = qdqParams(w, g.qs[0]);
    if (!act(y) || ins.some((p) => !act(p) || p.type !== y.type)) return null;
    const op = g.target.opType;
    if (op === 'AveragePool') {
      const dil = attrOf(g.target, 'dilations');
      if (dil && (dil.kind !== 'ints' || dil.value.some((v) => v !== 1))) return null;
    }
    let twin = false;
    if ((op === 'AveragePool' || op === 'GlobalAveragePool' || op === 'Softmax') && y.type === 'int8') {
      // (a Softmax with one pair of each runs float in onnxruntime, whose arithmetic is not QLinearSoftmax's tables';
      // with both rewritten its uint8 QLinearSoftmax gives the int8 node's values: test/model-int8-twin.test.ts)
      const inU8 = ctx.uint8Pairs.has(g.dq[0]!.inputs[0]);
      const outU8 = ctx.uint8Pairs.has(g.qs[0].outputs[0]);
      if (inU8 !== outU8) return null;
      // QLinearGlobalAveragePool adds its zero point as an integer: its uint8 twin gives the int8 bytes + 128
      twin = inU8 && op === 'AveragePool';
    }
    if ((op === 'Add' || op === 'Mul') && y.type === 'int8') {
      // onnxruntime fuses the group only where its operands and output are of one type after the uint8 rewrite:
      // all uint8 is the twin (its QLinearAdd / QLinearMul adds C's zero point + 128 in float before rounding);
      // a mix stays float (DQ -> Add -> Q)
      // (a DQ of a constant int8 initializer stays int8: onnxruntime-web 1.30 converts no such "weight" here, whatever
      // its values; test/model-int8-twin.test.ts)
      const u8 = [...g.dq.map((d) => ctx.uint8Pairs.has(d!.inputs[0])), ctx.uint8Pairs.has(g.qs[0].outputs[0])];
      if (u8.some((v) => v !== u8[0])) return null;
      twin = u8[0];
    }
    return { ins: ins as (QdqParams & { type: QType })[], y, twin };
  },
  act(w, g, { ins, y, twin }) {
    const opType = g.target.opType;
    const triples = g.dq.flatMap((d, i) => [d!.inputs[0], ins[i].scaleName, zpOf(w, ins[i])]);
    const attributes = new Map(g.target.attributes);
    if (opType === 'AveragePool') attributes.delete('dilations');
    if (opType === 'Softmax') {
      // QLinearSoftmax's `opset` is the Softmax's since-version (onnxruntime's UnaryReplaceWithQLinear); `axis` is
      // written out with the Softmax's default (1 below opset 13, -1 from 13) where it is absent, as onnxruntime's
      // node carries its schema's defaults (QLinearSoftmax's own default, -1 at every opset, would change rows).
      if (!attributes.has('axis')) attributes.set('axis', { kind: 'int', value: w.opset() >= 13 ? -1 : 1 });
      attributes.set('opset', { kind: 'int', value: w.opset() >= 13 ? 13 : w.opset() >= 11 ? 11 : 1 });
    }
    const yz = [y.scaleName, zpOf(w, y)];
    const inputs = opType === 'Concat' ? [...yz, ...triples] : [...triples, ...yz];
    return qlinear(
      g.target,
      `QLinear${opType}`,
      twin ? 'i8conv' : 'com.microsoft',
      inputs,
      [g.qs[0].outputs[0]],
      attributes,
    );
  },
});

/**
 * DQ -> op -> Q with equal parameters (data movement, MaxPool, nearest Resize, Pad): the op on the integer data, DQ's
 * input in, Q's output out (Split: each output into its own Q).
 */
const drop = rule<{ x: QdqParams; outputs: string[] }>({
  emits: 'the op on 8-bit data',
  select(w, g) {
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
      const edges = w.consumersOf(o);
      if (edges.length !== 1 || !isQ(edges[0].node)) return null;
      const y = qdqParams(w, edges[0].node);
      if (!y || !samePair(x, y)) return null;
      if (t.opType === 'MaxPool' && (j !== 0 || !(y.scales[0] > 0))) return null;
      outputs.push(edges[0].node.outputs[0]);
    }
    if (t.opType !== 'Split' && outputs.filter((o) => o !== '').length !== 1) return null;
    if (t.opType === 'MaxPool' && w.opset() < 12) return null;
    if (t.opType === 'Pad') {
      if (w.opset() < 11) return null;
      const cvName = t.inputs[2] ?? '';
      if (cvName !== '') {
        const c = w.constant(cvName);
        if (!c || c.type !== 'float32' || c.data.length !== 1) return null;
      }
    }
    if (
      t.opType === 'Split' &&
      (t.inputs[1] ?? '') === '' &&
      !t.attributes.has('split') &&
      !(w.opset() >= 18 && t.attributes.has('num_outputs'))
    ) {
      const dims = w.dimsOf(t.inputs[0]);
      const a = attrNum(t, 'axis', 0);
      const axis = dims && a < 0 ? a + dims.length : a;
      if (!dims || t.outputs.some((o) => w.dimsOf(o)?.[axis] === undefined)) return null;
    }
    return { x, outputs };
  },
  act(w, g, { x, outputs }) {
    const t = g.target;
    const inputs = [g.dq[0]!.inputs[0], ...t.inputs.slice(1)];
    if (t.opType === 'Pad') {
      const mode = attrOf(t, 'mode');
      const constantMode = !mode || (mode.kind === 'string' && mode.value === 'constant');
      const cvName = t.inputs[2] ?? '';
      const cv = cvName !== '' ? (w.constant(cvName)!.data[0] as number) : 0;
      if (constantMode) {
        // Q(constant_value) (0 when absent, so the zero point), a constant initializer
        const type = x.type as QType;
        const v = quantizeValue(cv, x.scales[0], x.zps[0], type);
        inputs[2] = w.addInitializer(
          `${t.name || 'pad'}_constant_q`,
          type,
          [],
          type === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v),
        );
      } else if (inputs.length > 2) inputs[2] = '';
      while (inputs.length > 1 && inputs[inputs.length - 1] === '') inputs.pop();
    }
    const attributes = new Map(t.attributes);
    if (
      t.opType === 'Split' &&
      (inputs[1] ?? '') === '' &&
      !attributes.has('split') &&
      !(w.opset() >= 18 && attributes.has('num_outputs'))
    ) {
      // Equal parts, one per output: write the sizes out (from the outputs' dims), so that the node says what it
      // computes without counting its outputs.
      const dims = w.dimsOf(t.inputs[0])!;
      const a = attrNum(t, 'axis', 0);
      const axis = a < 0 ? a + dims.length : a;
      const sizes = t.outputs.map((o) => w.dimsOf(o)![axis]);
      if (w.opset() >= 13)
        inputs[1] = w.addInitializer(
          `${t.name || 'split'}_sizes`,
          'int64',
          [sizes.length],
          BigInt64Array.from(sizes, BigInt),
        );
      else attributes.set('split', { kind: 'ints', value: sizes });
    }
    return { ...t, inputs, outputs, attributes };
  },
});

/** The rules by the name the operator table gives (OpRow.qdq). */
export const QDQ_RULES: Readonly<Record<QdqRuleName, QdqRule>> = { conv, matmul, gemm, qlinear: qlinearOp, drop };
