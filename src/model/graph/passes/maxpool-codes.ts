/**
 * Pass (before fuse-qdq): a float MaxPool of a non-decreasing function of 8-bit codes pools the codes instead.
 *
 *   x8 -> DequantizeLinear -> e1 -> ... -> ek -> MaxPool -> y      becomes
 *   x8 -> MaxPool -> DequantizeLinear -> e1 -> ... -> ek -> y
 *
 * (docs/model.md, "Max pools of codes"). With f = ek o ... o e1 o DQ a non-decreasing function of the code, the max of
 * f over a window is f of the window's largest code, value for value; MaxPool's padding is no candidate in either
 * form (ONNX pads a max pool with -inf; the 8-bit kernel leaves padding out). The MaxPool then runs on bytes and the
 * trailing DQ -> e1 .. ek -> Q becomes a table (fuse-qdq's float region) instead of a float table, a float pool and a
 * QuantizeLinear. openWakeWord's embedding model quantized by i8conv (`Q -> DQ -> Max(x, -0.4) -> MaxPool -> Q`)
 * and convs-only QDQ CNNs (`Conv -> Q -> DQ -> Relu -> MaxPool -> Q`) have this shape.
 *
 * Only where the result is the same, bit for bit:
 * - DQ is per tensor (one scale, one zero point), of uint8 / int8 codes, scale float32, finite and > 0;
 * - each e_i is one of Relu, LeakyRelu (alpha >= 0), Clip (constant bounds), Max / Min / Add of one constant, Sub /
 *   Div of one constant (the data first; Div by a constant > 0), Mul by one constant > 0: float32 operators that are
 *   exactly rounded and monotonic non-decreasing (no Sigmoid, Tanh, Exp, ...: onnxruntime approximates them, and
 *   an approximation need not be monotonic); every constant float32, one value, finite, of rank 4 or less (no
 *   broadcast grows the data); at least one e_i (a bare DQ -> MaxPool -> Q is fuse-qdq's own rule);
 * - f, evaluated at load on every code of the type in float32 as those operators compute it, is finite and
 *   non-decreasing (so never NaN, never infinite: onnxruntime's max starts from the lowest finite float);
 * - a max picks one of equal values; the only equal float32 values of different bits are -0 and +0, so: either
 *   every reader of y is a QuantizeLinear (its input 0; -0 and +0 give one code) and y is no graph output, or no -0
 *   occurs in f (no constant -0, no code whose value or any intermediate value is -0);
 * - every value from DQ's output to the MaxPool's input has one reader, the next node, and is no graph output;
 * - the MaxPool has the values output only (no Indices: storage_order then orders nothing and is dropped), opset 12
 *   or later (MaxPool of 8-bit data), a 4-D input of known dims, and a window the 8-bit kernel takes
 *   (poolWindow2d: every window holds a cell of the input, strides / dilations / ceil_mode / auto_pad as ONNX
 *   gives them).
 * On a GraphView (maxPoolCodes: on a Graph).
 */
import type { Graph, Node, Tensor } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';
import { isDQ, isQ, qdqParams } from './qdq-rules.js';
import { poolAttributesOf, poolWindow2d } from '../../backends/wasm-int8/pool.js';

const f32 = Math.fround;
/** the longest chain of element-wise nodes followed back from a MaxPool */
const MAX_CHAIN = 16;

/** One element-wise step of the chain as a float32 function (null: not an exactly rounded non-decreasing op). */
type Step = { node: Node; data: string; fn: (x: number) => number; negZeroConst: boolean };

export function maxPoolCodesPass(v: GraphView): void {
  if (v.opset('') < 12) return;
  for (const pool of v.nodes) {
    if (pool.domain !== '' || pool.opType !== 'MaxPool' || !v.has(pool)) continue;
    const y = pool.outputs[0] ?? '';
    if (y === '' || pool.outputs.slice(1).some((o) => o !== '')) continue;
    const xf = pool.inputs[0];
    const dims = v.dimsOf(xf);
    if (v.typeOf(xf) !== 'float32' || !dims || dims.length !== 4) continue;
    // the chain, walked back from the pool's input to a DequantizeLinear
    const steps: Step[] = [];
    let cur = xf;
    let dq: Node | undefined;
    while (steps.length <= MAX_CHAIN) {
      if (v.isGraphOutput(cur) || v.readers(cur) !== 1) break;
      const n = v.producerOf(cur);
      if (!n || n.outputs.length !== 1) break;
      if (isDQ(n)) {
        dq = n;
        break;
      }
      const s = stepOf(v, n);
      if (!s) break;
      steps.unshift(s);
      cur = s.data;
    }
    if (!dq || steps.length === 0) continue;
    const p = qdqParams(v, dq);
    if (!p || !p.perTensor || (p.type !== 'uint8' && p.type !== 'int8')) continue;
    const scale = p.scales[0];
    const zp = p.zps[0];
    if (v.typeOf(dq.inputs[1]) !== 'float32' || !(scale > 0) || !Number.isFinite(scale)) continue;
    if (v.typeOf(dq.outputs[0]) !== 'float32') continue;
    // f on every code: finite, non-decreasing; -0 anywhere noted
    const lo = p.type === 'uint8' ? 0 : -128;
    let prev = Number.NEGATIVE_INFINITY;
    let ok = true;
    let negZero = steps.some((s) => s.negZeroConst);
    for (let q = lo; q < lo + 256 && ok; q++) {
      let x = f32((q - zp) * scale);
      if (Object.is(x, -0)) negZero = true;
      for (const s of steps) {
        x = s.fn(x);
        if (Object.is(x, -0)) negZero = true;
      }
      if (!Number.isFinite(x) || x < prev) ok = false;
      prev = x;
    }
    if (!ok) continue;
    const onlyQ = !v.isGraphOutput(y) && v.consumersOf(y).every((e) => isQ(e.node) && e.slot === 0);
    if (negZero && !onlyQ) continue;
    // the window the 8-bit kernel takes (it refuses the others: leave those to the float pool)
    const attributes = new Map(pool.attributes);
    attributes.delete('storage_order');
    try {
      poolWindow2d('MaxPool', pool.name, dims[2], dims[3], poolAttributesOf('MaxPool', pool.name, attributes), true);
    } catch {
      continue;
    }
    const outDims = v.dimsOf(y);
    if (!outDims) continue;
    // rewrite: the pool reads the codes; DQ and the chain follow it, the last of them writing y
    const codes = v.fresh(`${y}_codes`);
    v.annotate({ name: codes, type: p.type, onnxElemType: p.type === 'uint8' ? 2 : 3, shape: outDims });
    const chain = [dq, ...steps.map((s) => s.node)];
    const news: Node[] = [{ ...pool, inputs: [dq.inputs[0]], outputs: [codes], attributes }];
    let input = codes;
    for (const [k, n] of chain.entries()) {
      const out = k === chain.length - 1 ? y : n.outputs[0];
      if (out !== y) v.annotate({ name: out, type: 'float32', onnxElemType: 1, shape: outDims });
      const from = k === 0 ? dq.inputs[0] : chain[k - 1].outputs[0];
      news.push({ ...n, inputs: n.inputs.map((x) => (x === from ? input : x)), outputs: [out] });
      input = out;
    }
    for (const n of chain) v.remove(n);
    v.replaceWith(pool, news);
  }
}

export function maxPoolCodes(graph: Graph): Graph {
  return runPasses(graph, maxPoolCodesPass);
}

/** The one finite float32 value of a constant of rank 4 or less, or null. */
function single(v: GraphView, name: string | undefined): number | null {
  const t: Tensor | undefined = name ? v.constant(name) : undefined;
  if (!t || t.type !== 'float32' || t.data.length !== 1 || t.dims.length > 4) return null;
  const c = Number(t.data[0]);
  return Number.isFinite(c) ? c : null;
}

/**
 * An exactly rounded, monotonic non-decreasing float32 element-wise node of one data input and single-value
 * constants, as a function of its data input (as onnxruntime computes it: each result the float32 nearest to the exact
 * one); null for anything else.
 */
function stepOf(v: GraphView, n: Node): Step | null {
  if (n.domain !== '') return null;
  const ins = n.inputs;
  const step = (data: string, fn: (x: number) => number, consts: number[] = []): Step | null =>
    v.typeOf(data) === 'float32' && v.constant(data) === undefined
      ? { node: n, data, fn, negZeroConst: consts.some((c) => Object.is(c, -0)) }
      : null;
  switch (n.opType) {
    case 'Relu':
      return ins.length === 1 ? step(ins[0], (x) => (x < 0 ? 0 : x)) : null;
    case 'LeakyRelu': {
      const a = n.attributes.get('alpha');
      const alpha = a === undefined ? f32(0.01) : a.kind === 'float' ? f32(a.value) : Number.NaN;
      if (ins.length !== 1 || !(alpha >= 0) || !Number.isFinite(alpha)) return null;
      return step(ins[0], (x) => (x >= 0 ? x : f32(x * alpha)), [alpha]);
    }
    case 'Clip': {
      let lo = Number.NEGATIVE_INFINITY;
      let hi = Number.POSITIVE_INFINITY;
      if (v.opset('') >= 11) {
        if (ins.length > 3) return null;
        for (const [k, name] of ins.entries()) {
          if (k === 0 || name === '') continue;
          const c = single(v, name);
          if (c === null) return null;
          if (k === 1) lo = c;
          else hi = c;
        }
      } else {
        const a = n.attributes.get('min');
        const b = n.attributes.get('max');
        if (a) lo = a.kind === 'float' ? f32(a.value) : Number.NaN;
        if (b) hi = b.kind === 'float' ? f32(b.value) : Number.NaN;
        if (Number.isNaN(lo) || Number.isNaN(hi) || ins.length !== 1) return null;
      }
      return step(ins[0], (x) => Math.min(Math.max(x, lo), hi), [lo, hi]);
    }
    case 'Max':
    case 'Min':
    case 'Add':
    case 'Mul': {
      if (ins.length !== 2) return null;
      const j = single(v, ins[1]) !== null ? 0 : 1; // the data operand
      const c = single(v, ins[1 - j]);
      if (c === null) return null;
      if (n.opType === 'Mul' && !(c > 0)) return null;
      const fn =
        n.opType === 'Max'
          ? (x: number) => Math.max(x, c)
          : n.opType === 'Min'
            ? (x: number) => Math.min(x, c)
            : n.opType === 'Add'
              ? (x: number) => f32(x + c)
              : (x: number) => f32(x * c);
      return step(ins[j], fn, [c]);
    }
    case 'Sub':
    case 'Div': {
      // x - c and x / c only (c - x, c / x decrease)
      if (ins.length !== 2) return null;
      const c = single(v, ins[1]);
      if (c === null || (n.opType === 'Div' && !(c > 0))) return null;
      return step(ins[0], n.opType === 'Sub' ? (x) => f32(x - c) : (x) => f32(x / c), [c]);
    }
    default:
      return null;
  }
}
