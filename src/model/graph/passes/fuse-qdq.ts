/**
 * Pass: fuse the DequantizeLinear -> op -> QuantizeLinear groups of a QDQ model into QOperator form, as
 * onnxruntime's QDQ transformers do, so that the lowering meets QLinear* / QGemm nodes, Q / DQ nodes, int8 data
 * movement, i8conv's `Lut` and float ops. The result computes what onnxruntime-web computes on the same file (bit
 * for bit, except where an op evaluates a transcendental function onnxruntime takes from libm). What each stage
 * accepts and makes, in words: docs/int8-ops.md, "Q/DQ fusion". Stages, in onnxruntime's order:
 *
 * 1. Relu / Clip before a Q: a Relu or Clip whose only edge goes into a QuantizeLinear (and no graph output) is
 *    removed where the Q's saturation already does its work (onnxruntime's ReluQuantFusion / ClipQuantFusion).
 * 2. Groups: each node, in dependency order, whose operator has a Q/DQ rule in the operator table
 *    (src/model/lowering/registry.ts, OpRow.qdq): the group around it (./qdq-rules.ts `selectGroup`: its input DQs,
 *    a redundant Relu / Clip, its output Qs) is replaced by what the rule's action makes, where its selector accepts
 *    it. A DQ shared by several consumers is taken by each and stays while anything else reads it. Before the
 *    first group, the Q -> DQ pairs onnxruntime's wasm build rewrites from int8 to uint8 are noted (qdq-rules.ts
 *    `uint8Pairs`): an int8 pool's rule follows them (the rounding of its uint8 twin, or no fusion where only one
 *    of its pairs is rewritten).
 * 3. Look-up tables (i8conv's own rule): where a per-tensor QuantizeLinear reads the last value of a region of float
 *    element-wise nodes whose every data path starts at one 8-bit tensor x (through DQs of equal per-tensor
 *    parameters), closed (intermediate values read inside only, no graph outputs, all of x's dims), the region and
 *    the Q become one `i8conv Lut(x, table)`, the table (a new 256-entry initializer of the Q's output type, indexed
 *    by x's raw byte) computed with onnxruntime's float32 arithmetic for every byte (`elementwiseEval`). Groups of
 *    stage 2 are made first, so a region never holds what onnxruntime fuses into a QLinear op.
 *
 * Input: a graph after inferShapes, foldConstants, removeIdentity and foldBatchNorm (every node output annotated;
 * weights, scales and zero points initializers). A model in QOperator form has no group and passes unchanged.
 *
 * onnxruntime's QDQPropagationTransformer runs before this pass (./propagate-qdq.ts).
 * Not done (onnxruntime does): DoubleQDQPairsRemover, MatMulIntegerToFloat, QLinearWhere,
 * GatherElements and the Reduce* drops, 16-bit and 4-bit types.
 */
import { quantizeValue } from '../../numerics/quantize.js';
import { exp, logistic, tanh } from '../../numerics/float-math.js';
import type { Graph, Node } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';
import { rowFor } from '../../lowering/registry.js';
import {
  FLT_MAX,
  QDQ_RULES,
  type QdqParams,
  type QType,
  act,
  attrNum,
  dropUnusedDqs,
  is8,
  isDQ,
  isOp,
  isQ,
  qdqParams,
  replaceGroup,
  saturatedByQ,
  selectGroup,
  uint8Pairs,
} from './qdq-rules.js';

const f32 = Math.fround;

/** C++ std::max / std::min (NaN in the first operand stays). */
const cmax = (a: number, b: number): number => (a < b ? b : a);
const cmin = (a: number, b: number): number => (b < a ? b : a);

// ---- stage 1: Relu / Clip before a Q ------------------------------------------------------------------------------

function removeSaturatingActivations(w: GraphView): void {
  for (const n of [...w.nodes]) {
    if (!isOp(n, 'Relu') && !isOp(n, 'Clip')) continue;
    if (n.outputs.length !== 1 || w.producesGraphOutput(n)) continue;
    const edges = w.consumersOf(n.outputs[0]);
    if (edges.length !== 1 || !isQ(edges[0].node) || edges[0].slot !== 0) continue;
    const q = edges[0].node;
    const p = qdqParams(w, q);
    if (!p || !is8(p.type) || p.zpName === '' || !saturatedByQ(w, n, p)) continue;
    w.replace([q, n], { ...q, inputs: [n.inputs[0], ...q.inputs.slice(1)] });
  }
}

// ---- stage 2: groups ----------------------------------------------------------------------------------------------

function fuseGroups(w: GraphView): void {
  const ctx = { uint8Pairs: uint8Pairs(w) };
  const { order, blocked } = w.order();
  for (const t of [...order, ...blocked]) {
    if (!w.has(t) || t.domain !== '') continue;
    const name = rowFor('', t.opType, w.opset())?.qdq;
    if (!name) continue;
    const g = selectGroup(w, t);
    if (!g) continue;
    const r = QDQ_RULES[name];
    const s = r.select(w, g, ctx);
    if (s !== null) replaceGroup(w, g, r.act(w, g, s));
  }
}

// ---- stage 3: look-up tables ----------------------------------------------------------------------------------

/** An operand of a region node: a region value or a constant. */
type Arg = { value: string } | { constant: number };
type Eval = (args: number[]) => number;

/** A constant scalar operand: a one-value float32 initializer, or a DQ of a one-value initializer. */
function scalarConstant(w: GraphView, name: string): number | null {
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
export function elementwiseEval(
  n: Node,
  opset: number,
): { data: number[]; params: number[]; fn: (args: number[], params: number[]) => number } | null {
  if (n.domain !== '' || n.outputs.length !== 1) return null;
  const present = n.inputs.map((i, k) => (i !== '' ? k : -1)).filter((k) => k >= 0);
  const alpha = (d: number) => f32(attrNum(n, 'alpha', d));
  const unary = (fn: (x: number) => number) =>
    n.inputs.length === 1 ? { data: [0], params: [], fn: (a: number[]) => fn(a[0]) } : null;
  const binary = (fn: Eval) =>
    n.inputs.length === 2 && present.length === 2 ? { data: [0, 1], params: [], fn } : null;
  switch (n.opType) {
    case 'Relu':
      return unary((x) => (x < 0 ? 0 : x));
    case 'Neg':
      return unary((x) => -x);
    case 'Abs':
      return unary((x) => Math.abs(x));
    case 'Sqrt':
      return unary((x) => f32(Math.sqrt(x)));
    case 'Exp':
      return unary(exp);
    case 'Tanh':
      return unary(tanh);
    case 'Sigmoid':
      return unary(logistic);
    case 'LeakyRelu': {
      const a = alpha(0.01);
      return unary((x) => (x >= 0 ? x : f32(a * x)));
    }
    case 'HardSigmoid': {
      const a = alpha(0.2),
        b = f32(attrNum(n, 'beta', 0.5));
      return unary((x) => cmax(cmin(f32(f32(a * x) + b), 1), 0));
    }
    case 'HardSwish': {
      const a = f32(1 / 6);
      return unary((x) => f32(x * cmax(cmin(f32(f32(a * x) + 0.5), 1), 0)));
    }
    case 'Add':
      return binary((v) => f32(v[0] + v[1]));
    case 'Sub':
      return binary((v) => f32(v[0] - v[1]));
    case 'Mul':
      return binary((v) => f32(v[0] * v[1]));
    case 'Div':
      return binary((v) => f32(v[0] / v[1]));
    case 'Clip': {
      if (opset < 11) {
        const b = [f32(attrNum(n, 'min', -FLT_MAX)), f32(attrNum(n, 'max', FLT_MAX))];
        return n.inputs.length === 1 ? { data: [0], params: [], fn: (v) => cmin(cmax(v[0], b[0]), b[1]) } : null;
      }
      if (n.inputs.length > 3) return null;
      const params = [1, 2].filter((k) => (n.inputs[k] ?? '') !== '');
      const lo = (n.inputs[1] ?? '') !== '',
        hi = (n.inputs[2] ?? '') !== '';
      return {
        data: [0],
        params,
        fn: (v, p) => cmin(cmax(v[0], lo ? p[0] : -FLT_MAX), hi ? p[lo ? 1 : 0] : FLT_MAX),
      };
    }
    case 'Pow': {
      if (n.inputs.length !== 2) return null;
      return {
        data: [0],
        params: [1],
        fn: (v, p) =>
          p[0] === 2 ? f32(v[0] * v[0]) : p[0] === 3 ? f32(f32(v[0] * v[0]) * v[0]) : f32(Math.pow(v[0], p[0])),
      };
    }
    default:
      return null;
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
function regionOf(w: GraphView, q: Node): Region | null {
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
    const ew = elementwiseEval(n, w.opset());
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
    if (w.isGraphOutput(o) || w.typeOf(o) !== 'float32') return null;
    const dims = w.dimsOf(o);
    if (!dims || dims.length !== xDims.length || dims.some((d, i) => d !== xDims[i])) return null;
    const edges = w.consumersOf(o);
    if (s.node === end ? edges.length !== 1 || edges[0].node !== q : edges.some((e) => !seen.has(e.node))) return null;
  }
  return { x, leaves: ls, steps, constDqs, dq };
}

function makeLuts(w: GraphView): boolean {
  let made = false;
  for (const q of [...w.nodes]) {
    if (!isQ(q) || !w.has(q)) continue;
    const y = qdqParams(w, q);
    if (!act(y)) continue;
    const r = regionOf(w, q);
    if (!r) continue;
    const xType = r.dq.type as QType;
    const table = y.type === 'uint8' ? new Uint8Array(256) : new Int8Array(256);
    // each operand as an index into one row of values per byte: 0 the dequantized byte, 1 + j step j's result,
    // -1 - c constant c (the steps are in post-order: an operand's step comes first)
    const leafOuts = new Set(r.leaves.map((l) => l.outputs[0]));
    const stepOf = new Map<string, number>();
    r.steps.forEach((s, j) => stepOf.set(s.node.outputs[0], j + 1));
    const constants: number[] = [];
    const operands = r.steps.map((s) =>
      s.args.map((a) => {
        if ('constant' in a) return -1 - (constants.push(a.constant) - 1);
        return leafOuts.has(a.value) ? 0 : stepOf.get(a.value)!;
      }),
    );
    const argv = r.steps.map((s) => new Array<number>(s.args.length));
    const row = new Float64Array(r.steps.length + 1);
    const last = stepOf.get(q.inputs[0])!;
    for (let b = 0; b < 256; b++) {
      const t = xType === 'int8' ? (b << 24) >> 24 : b;
      row[0] = f32(f32(t - r.dq.zps[0]) * r.dq.scales[0]);
      for (let j = 0; j < r.steps.length; j++) {
        const ops = operands[j];
        const args = argv[j];
        for (let k = 0; k < ops.length; k++) args[k] = ops[k] < 0 ? constants[-1 - ops[k]] : row[ops[k]];
        row[j + 1] = r.steps[j].fn(args, r.steps[j].params);
      }
      table[b] = quantizeValue(row[last], y.scales[0], y.zps[0], y.type);
    }
    const end = r.steps[r.steps.length - 1].node;
    const tableName = w.addInitializer(`${q.outputs[0]}_lut`, y.type, [256], table);
    const lut: Node = {
      name: q.name || end.name,
      opType: 'Lut',
      domain: 'i8conv',
      inputs: [r.x, tableName],
      outputs: [q.outputs[0]],
      attributes: new Map(),
    };
    w.replace([q, ...r.steps.map((s) => s.node)], lut);
    dropUnusedDqs(w, [...r.leaves, ...r.constDqs]);
    made = true;
  }
  return made;
}

// ---- the pass ---------------------------------------------------------------------------------------------------

export function fuseQdqPass(w: GraphView): void {
  removeSaturatingActivations(w);
  fuseGroups(w);
  makeLuts(w);
}

export function fuseQdq(graph: Graph): Graph {
  return runPasses(graph, fuseQdqPass);
}
