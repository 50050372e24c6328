/**
 * The reductions, bit for bit as onnxruntime's CPU kernel (one thread) computes them, and as the reference executor
 * defines them (kernels-ref/model/ops/Reduce.ts, ReduceMean.ts, GlobalMaxPool.ts: each rule is stated there):
 * ReduceSum, ReduceMean, ReduceMax, ReduceMin, ReduceProd, ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSum,
 * ReduceLogSumExp, ArgMax, ArgMin, GlobalMaxPool.
 *
 * Axes come from the attribute (below opset 18, ReduceSum below 13) or the optional constant input 1 (where
 * `noop_with_empty_axes` = 1 with no axes makes the node element-wise); empty axes reduce everything; keepdims
 * default 1. Types: float32; ReduceSum int32 / int64; ReduceMax / ReduceMin int32 / int64, uint8 / int8 from opset
 * 12; ArgMax / ArgMin float32, int32, uint8, int8. Everything else is refused at load.
 *
 * Each output's reduced elements are listed at load as offsets in X (row-major), and onnxruntime's loop is picked
 * from the "fast shape" (X's dims, neighbours of one kind merged: R reduced, K kept):
 * - float sums (ReduceSum, ReduceMean): KR and R from the first element; RK with R > 16 and max(R, K) > 256 the rows
 *   added in order from the first; KRK with a leading block >= 2 MLAS's one-row SGEMM (columns j < K - K % 4 in order
 *   from their first element; tail columns from their first element, then four rows at a time,
 *   c = f(c + f(f(f(a + b) + c') + d)), the last (R - 1) % 4 rows one by one); RKR with a middle block >= 2, 0 plus
 *   each outer block's in-order sum (from its first element); otherwise 0 plus each element in row-major order.
 *   ReduceMean then divides: y = f(sum / n). An empty ReduceMean gives 0, as onnxruntime's (not 0 / 0).
 * - integer sums: doubles from 0 (Kahan's compensated sum for int64 on the R, KR and general loops), saturated.
 * - ReduceMax / ReduceMin: the first element, replaced by each later one that beats it (NaN kept only first); on the
 *   RKR loop per outer block, then across blocks.
 * - ReduceProd, ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSum, ReduceLogSumExp: no fast loop; one accumulator per
 *   output in row-major order (ReduceLogSumExp's maximum as the reference states, by loop).
 * exp and log are musl's expf / logf, which onnxruntime's kernel calls through the C library (../../numerics/expf.ts,
 * logf.ts): every reduction is bit for bit.
 * - ArgMax / ArgMin: the first (with select_last_index the last) extreme; a 1-D input without select_last_index: the
 *   first NaN if any (Eigen's visitor).
 * - GlobalMaxPool: MLAS's global kernel: Math.max over the first size - size % 4 elements from the lowest float, then
 *   C++ std::max over the rest.
 */
import { expf } from '../../numerics/expf.js';
import { logf } from '../../numerics/logf.js';
import type { HostOp, HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import {
  attrInt,
  attrInts,
  checkWorkspace,
  constInts,
  type ElemType,
  expectDims,
  expectOutType,
  expectType,
  need,
  normAxis,
  numel,
  onlyAttrs,
  stridesOf,
  unsupported,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

type Kind = 'sum' | 'mean' | 'max' | 'min' | 'prod' | 'l1' | 'l2' | 'sumsq' | 'logsum' | 'lse';

// ---- the plan: each output's elements, the fast shape and onnxruntime's loop ------------------------------------

/** Every combination of indices of `dims` (row-major), as sum(index * stride). */
function offsetsOf(dims: readonly number[], strides: readonly number[]): Int32Array {
  const out = new Int32Array(numel(dims));
  if (out.length === 0) return out;
  const idx = new Array<number>(dims.length).fill(0);
  let off = 0;
  for (let i = 0; i < out.length; i++) {
    out[i] = off;
    for (let d = dims.length - 1; d >= 0; d--) {
      off += strides[d];
      if (++idx[d] < dims[d]) break;
      off -= strides[d] * dims[d];
      idx[d] = 0;
    }
  }
  return out;
}

interface Plan {
  /** the fast shape: R / K per merged block, and the block sizes */
  sig: string;
  sizes: number[];
  /** onnxruntime's loop: 'R', 'KR', 'RK', 'KRK', 'RKR' or 'general' */
  loop: string;
  /** per output (row-major): the offset of its first element in X */
  base: Int32Array;
  /** per reduced element of an output (row-major): its offset from the output's base */
  offs: Int32Array;
}

function planOf(node: HostOpNode, kind: Kind, dims: readonly number[], red: readonly boolean[]): Plan {
  const sizes: number[] = [];
  const kinds: boolean[] = [];
  dims.forEach((d, i) => {
    if (kinds.length && kinds[kinds.length - 1] === red[i]) sizes[sizes.length - 1] *= d;
    else {
      kinds.push(red[i]);
      sizes.push(d);
    }
  });
  const sig = kinds.map((k) => (k ? 'R' : 'K')).join('');
  const fast = kind === 'sum' || kind === 'mean' || kind === 'max' || kind === 'min';
  let loop = 'general';
  if (sig === 'R') loop = 'R';
  else if (fast && sig === 'KR') loop = 'KR';
  else if (fast && sig === 'RK' && sizes[0] > 16 && Math.max(sizes[0], sizes[1]) > 256) loop = 'RK';
  else if (fast && sig === 'KRK' && sizes[0] >= 2) loop = 'KRK';
  else if (fast && sig === 'RKR' && sizes[1] >= 2) loop = 'RKR';
  const strides = stridesOf(dims);
  const keptDims = dims.map((d, i) => (red[i] ? 1 : d));
  const redDims = dims.map((d, i) => (red[i] ? d : 1));
  checkWorkspace(node, numel(keptDims) + numel(redDims), 'index tables');
  return { sig, sizes, loop, base: offsetsOf(keptDims, strides), offs: offsetsOf(redDims, strides) };
}

// ---- float32 sums (ReduceSum, ReduceMean) -----------------------------------------------------------------------

/** Writes each output's float32 sum into Y by onnxruntime's loop. */
function sumF32(p: Plan): (X: Float32Array, Y: Float32Array) => void {
  const { base, offs, sizes } = p;
  const n = offs.length;
  if (p.loop === 'R' || p.loop === 'KR' || p.loop === 'RK')
    // from the first element in order (RK: row 0, then each row added; the same per column)
    return (X, Y) => {
      for (let o = 0; o < base.length; o++) {
        const b = base[o];
        let s = X[b + offs[0]];
        for (let k = 1; k < n; k++) s = f32(s + X[b + offs[k]]);
        Y[o] = s;
      }
    };
  if (p.loop === 'KRK')
    return (X, Y) => {
      const [outer, rows, cols] = sizes;
      const tail = cols - (cols % 4);
      for (let o = 0; o < outer; o++) {
        const xo = o * rows * cols,
          yo = o * cols;
        // Vector columns: row by row, each column in order.
        for (let j = 0; j < cols; j++) Y[yo + j] = X[xo + j];
        for (let k = 1; k < rows; k++) {
          const row = xo + k * cols;
          for (let j = 0; j < tail; j++) Y[yo + j] = Y[yo + j] + X[row + j];
        }
        for (let j = tail; j < cols; j++) {
          let s = X[xo + j];
          let k = 1;
          for (; k + 4 <= rows; k += 4) {
            const q = xo + k * cols + j;
            s = f32(s + f32(f32(f32(X[q] + X[q + cols]) + X[q + 2 * cols]) + X[q + 3 * cols]));
          }
          for (; k < rows; k++) s = f32(s + X[xo + k * cols + j]);
          Y[yo + j] = s;
        }
      }
    };
  if (p.loop === 'RKR')
    return (X, Y) => {
      const [outer, mid, inner] = sizes;
      for (let j = 0; j < mid; j++) {
        let s = 0;
        for (let o = 0; o < outer; o++) {
          let q = (o * mid + j) * inner;
          let part = X[q++];
          for (let k = 1; k < inner; k++) part = f32(part + X[q++]);
          s = f32(s + part);
        }
        Y[j] = s;
      }
    };
  return (X, Y) => {
    for (let o = 0; o < base.length; o++) {
      const b = base[o];
      let s = 0;
      for (let k = 0; k < n; k++) s = f32(s + X[b + offs[k]]);
      Y[o] = s;
    }
  };
}

// ---- the other accumulations ------------------------------------------------------------------------------------

/** Integer sums (int32 / int64): doubles, Kahan's for int64 on the R, KR and general loops, saturated. */
function sumInt(p: Plan, type: ElemType): HostOp {
  const { base, offs } = p;
  const n = offs.length;
  const kahan = type === 'int64' && (p.loop === 'R' || p.loop === 'KR' || p.loop === 'general');
  if (type === 'int32')
    return (ins, outs) => {
      const X = ins[0]!.data as Int32Array,
        Y = outs[0].data as Int32Array;
      for (let o = 0; o < base.length; o++) {
        let s = 0;
        for (let k = 0; k < n; k++) s += X[base[o] + offs[k]];
        Y[o] = s >= 2147483647 ? 2147483647 : s <= -2147483648 ? -2147483648 : s;
      }
    };
  return (ins, outs) => {
    const X = ins[0]!.data as BigInt64Array,
      Y = outs[0].data as BigInt64Array;
    for (let o = 0; o < base.length; o++) {
      let s = 0,
        c = 0;
      for (let k = 0; k < n; k++) {
        const v = Number(X[base[o] + offs[k]]);
        if (kahan) {
          const y = v - c;
          const t = s + y;
          c = t - s - y;
          s = t;
        } else s += v;
      }
      Y[o] = s >= 2 ** 63 ? 0x7fffffffffffffffn : s <= -(2 ** 63) ? -0x8000000000000000n : BigInt(s);
    }
  };
}

/** ReduceMax / ReduceMin of any taken type: the first element, then each one that beats it; RKR per block. */
function extreme(p: Plan, max: boolean): HostOp {
  const { base, offs, sizes } = p;
  const n = offs.length;
  const run = p.loop === 'RKR' ? sizes[2] : n;
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let o = 0; o < base.length; o++) {
      const b = base[o];
      let m = X[b + offs[0]];
      for (let k0 = 0; k0 < n; k0 += run) {
        // one block (the whole group outside the RKR loop): its own fold, then it competes with m
        let v = X[b + offs[k0]];
        for (let k = k0 + 1; k < k0 + run; k++) {
          const x = X[b + offs[k]];
          if (max ? x > v : x < v) v = x;
        }
        if (max ? v > m : v < m) m = v;
      }
      Y[o] = m;
    }
  };
}

/** ReduceProd, ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSum: one float32 accumulator per output, in order. */
function accumulate(p: Plan, kind: Kind): HostOp {
  const { base, offs } = p;
  const n = offs.length;
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let o = 0; o < base.length; o++) {
      const b = base[o];
      let s = kind === 'prod' ? 1 : 0;
      if (kind === 'prod') for (let k = 0; k < n; k++) s = f32(s * X[b + offs[k]]);
      else if (kind === 'l1') for (let k = 0; k < n; k++) s = f32(s + Math.abs(X[b + offs[k]]));
      else if (kind === 'logsum') for (let k = 0; k < n; k++) s = f32(s + X[b + offs[k]]);
      else
        for (let k = 0; k < n; k++) {
          const x = X[b + offs[k]];
          s = f32(s + f32(x * x));
        }
      Y[o] = kind === 'l2' ? Math.sqrt(s) : kind === 'logsum' ? logf(s) : s;
    }
  };
}

/** ReduceLogSumExp: the maximum by loop (the reference states both), then f(f(log(sum of f(exp(f(x - m))))) + m). */
function logSumExp(p: Plan): HostOp {
  const { base, offs } = p;
  const n = offs.length;
  const all = p.loop === 'R';
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let o = 0; o < base.length; o++) {
      const b = base[o];
      let m = X[b + offs[0]];
      if (all) {
        for (let k = 1; k < n; k++) if (X[b + offs[k]] > m) m = X[b + offs[k]];
        if (m === Infinity || m === -Infinity) {
          Y[o] = m;
          continue;
        }
      } else {
        if (m === Infinity || m === -Infinity) m = 0;
        for (let k = 0; k < n; k++) {
          const x = X[b + offs[k]];
          if (x - x === 0 && !(x < m)) m = x; // finite (x - x is NaN for infinities and NaN)
        }
      }
      let s = 0;
      for (let k = 0; k < n; k++) {
        const x = X[b + offs[k]];
        if (x !== -Infinity) s = f32(s + expf(f32(x - m)));
      }
      Y[o] = logf(s) + m;
    }
  };
}

/** One element reduced alone (rank-0 input; noop_with_empty_axes for L1, L2, SumSquare, LogSum, LogSumExp). */
function single(kind: Kind, v: number): number {
  switch (kind) {
    case 'sum':
    case 'mean':
      return 0 + v;
    case 'l1':
      return 0 + Math.abs(v);
    case 'l2':
      return Math.sqrt(f32(v * v));
    case 'sumsq':
      return f32(v * v);
    case 'logsum':
      return logf(0 + v);
    case 'lse': {
      const m = v === Infinity || v === -Infinity ? 0 : v;
      const s = v === -Infinity ? 0 : expf(f32(v - m));
      return logf(s) + m;
    }
    default:
      return v;
  }
}

/** The value of an empty reduction, by kind and type. */
function emptyValue(kind: Kind, type: ElemType): number | bigint {
  const lo = {
    float32: -Infinity,
    double: -Infinity,
    int32: -2147483648,
    int64: -(2n ** 63n),
    uint8: 0,
    int8: -128,
    bool: 0,
  }[type];
  const hi = {
    float32: Infinity,
    double: Infinity,
    int32: 2147483647,
    int64: 2n ** 63n - 1n,
    uint8: 255,
    int8: 127,
    bool: 1,
  }[type];
  if (kind === 'max') return lo;
  if (kind === 'min') return hi;
  if (kind === 'prod') return 1;
  if (kind === 'logsum' || kind === 'lse') return -Infinity;
  return type === 'int64' ? 0n : 0;
}

// ---- the factories ----------------------------------------------------------------------------------------------

/** The node's axes as given (attribute or constant input 1; [] where none). */
function axesOf(node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[], opset: number): number[] {
  const axesInput = opset >= 18 || (node.opType === 'ReduceSum' && opset >= 13);
  if (!axesInput) return attrInts(node, 'axes') ?? [];
  return inputs[1] ? constInts(node, inputs[1], 'input 1 (axes)') : [];
}

const KINDS: Record<string, Kind> = { ReduceSum: 'sum', ReduceMean: 'mean', ReduceMax: 'max', ReduceMin: 'min' };

/**
 * The plan of a float32 reduction the wasm kernels may take (default domain, a non-empty input, not a no-op for empty
 * axes), or null: the reduced axes as the operator reads them, onnxruntime's loop for its fast shape.
 */
function floatPlan(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  opset: number,
): { kind: Kind; p: Plan } | null {
  const kind = KINDS[node.opType];
  const x = inputs[0];
  if (!kind || node.domain !== '' || !x || x.type !== 'float32' || x.dims.length === 0 || numel(x.dims) === 0)
    return null;
  const axesIn = axesOf(node, inputs, opset);
  const axesInput = opset >= 18 || (node.opType === 'ReduceSum' && opset >= 13);
  if (axesIn.length === 0 && axesInput && attrInt(node, 'noop_with_empty_axes', 0) !== 0) return null;
  const red = x.dims.map(() => axesIn.length === 0);
  for (const a of axesIn) red[normAxis(node, a, x.dims.length)] = true;
  return { kind, p: planOf(node, kind, x.dims, red) };
}

/**
 * A float32 ReduceSum / ReduceMean / ReduceMax / ReduceMin on onnxruntime's KR or R loop (the reduced values of each
 * output contiguous, the outputs in order): its rows (outputs) and their length, for the wasm kernel
 * (../wasm-float/kernels.ts), or null (another op, type or fast shape; the element-wise no-op; an empty or rank-0
 * input). Call it after the operator's factory accepted the node.
 */
export function reduceRows(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  opset: number,
): { kind: 'sum' | 'mean' | 'max' | 'min'; rows: number; len: number } | null {
  const f = floatPlan(node, inputs, opset);
  if (!f || (f.p.loop !== 'R' && f.p.loop !== 'KR')) return null;
  return { kind: f.kind as 'sum' | 'mean' | 'max' | 'min', rows: f.p.base.length, len: f.p.offs.length };
}

/**
 * A float32 ReduceSum / ReduceMean whose outputs are columns: X as [outer, R, K] (fast shape RK, or KRK whose leading
 * block is 1: onnxruntime's RK loop, or its general loop, which then adds each column in order from 0), reducing the
 * middle axis: the wasm column kernel's plan (wasm-float/kernels.ts), or null.
 */
export function reduceCols(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  opset: number,
): { mean: boolean; outer: number; r: number; k: number; fromZero: boolean } | null {
  const f = floatPlan(node, inputs, opset);
  if (!f || (f.kind !== 'sum' && f.kind !== 'mean')) return null;
  const { p } = f;
  const mean = f.kind === 'mean';
  if (p.loop === 'RK') return { mean, outer: 1, r: p.sizes[0], k: p.sizes[1], fromZero: false };
  if (p.loop !== 'general') return null;
  if (p.sig === 'RK') return { mean, outer: 1, r: p.sizes[0], k: p.sizes[1], fromZero: true };
  if (p.sig === 'KRK' && p.sizes[0] === 1) return { mean, outer: 1, r: p.sizes[1], k: p.sizes[2], fromZero: true };
  return null;
}

const TYPES: Record<Kind, (opset: number) => ElemType[]> = {
  sum: () => ['float32', 'int32', 'int64'],
  max: (o) => (o >= 12 ? ['float32', 'int32', 'int64', 'uint8', 'int8'] : ['float32', 'int32', 'int64']),
  min: (o) => (o >= 12 ? ['float32', 'int32', 'int64', 'uint8', 'int8'] : ['float32', 'int32', 'int64']),
  mean: () => ['float32'],
  prod: () => ['float32'],
  l1: () => ['float32'],
  l2: () => ['float32'],
  sumsq: () => ['float32'],
  logsum: () => ['float32'],
  lse: () => ['float32'],
};

function reduceFactory(kind: Kind): HostOpFactory {
  return (node, inputs, outputs, opset) => {
    const axesInput = opset >= 18 || (node.opType === 'ReduceSum' && opset >= 13);
    onlyAttrs(node, 'keepdims', ...(axesInput ? ['noop_with_empty_axes'] : ['axes']));
    const x = need(node, inputs, 0, 'data');
    expectType(node, x, 'data', ...TYPES[kind](opset));
    expectOutType(node, outputs[0], x.type);
    const r = x.dims.length;
    const axesIn = axesOf(node, inputs, opset);
    const keep = attrInt(node, 'keepdims', 1) !== 0;
    if (axesIn.length === 0 && axesInput && attrInt(node, 'noop_with_empty_axes', 0) !== 0) {
      expectDims(node, outputs[0], x.dims);
      if (kind === 'sum' || kind === 'mean' || kind === 'max' || kind === 'min' || kind === 'prod')
        return (ins, outs) => outs[0].data.set(ins[0]!.data as never);
      return (ins, outs) => {
        const X = ins[0]!.data as Float32Array,
          Y = outs[0].data as Float32Array;
        for (let i = 0; i < X.length; i++) Y[i] = single(kind, X[i]);
      };
    }
    const red = x.dims.map(() => axesIn.length === 0);
    for (const a of axesIn) red[normAxis(node, a, r)] = true;
    expectDims(node, outputs[0], keep ? x.dims.map((d, i) => (red[i] ? 1 : d)) : x.dims.filter((_, i) => !red[i]));
    if (numel(x.dims) === 0) {
      const v = emptyValue(kind, x.type);
      return (_, outs) => outs[0].data.fill(v as never);
    }
    if (r === 0)
      return (ins, outs) => {
        outs[0].data[0] = (x.type === 'float32' ? single(kind, ins[0]!.data[0] as number) : ins[0]!.data[0]) as never;
      };
    const p = planOf(node, kind, x.dims, red);
    if (kind === 'sum' || kind === 'mean') {
      if (x.type !== 'float32') return sumInt(p, x.type);
      const sum = sumF32(p);
      const count = p.offs.length;
      return (ins, outs) => {
        const Y = outs[0].data as Float32Array;
        sum(ins[0]!.data as Float32Array, Y);
        if (kind === 'mean') for (let i = 0; i < Y.length; i++) Y[i] = Y[i] / count;
      };
    }
    if (kind === 'max' || kind === 'min') return extreme(p, kind === 'max');
    if (kind === 'lse') return logSumExp(p);
    return accumulate(p, kind);
  };
}

export const ReduceSum = reduceFactory('sum');
export const ReduceMean = reduceFactory('mean');
export const ReduceMax = reduceFactory('max');
export const ReduceMin = reduceFactory('min');
export const ReduceProd = reduceFactory('prod');
export const ReduceL1 = reduceFactory('l1');
export const ReduceL2 = reduceFactory('l2');
export const ReduceSumSquare = reduceFactory('sumsq');
export const ReduceLogSum = reduceFactory('logsum');
export const ReduceLogSumExp = reduceFactory('lse');

// ---- ArgMax / ArgMin ----------------------------------------------------------------------------------------------

function argFactory(max: boolean): HostOpFactory {
  return (node, inputs, outputs, opset) => {
    onlyAttrs(node, 'axis', 'keepdims', ...(opset >= 12 ? ['select_last_index'] : []));
    const x = need(node, inputs, 0, 'data');
    expectType(node, x, 'data', 'float32', 'int32', 'uint8', 'int8');
    expectOutType(node, outputs[0], 'int64');
    const r = x.dims.length;
    const axis = normAxis(node, attrInt(node, 'axis', 0), r);
    const keep = attrInt(node, 'keepdims', 1) !== 0;
    const last = attrInt(node, 'select_last_index', 0) !== 0;
    expectDims(
      node,
      outputs[0],
      keep ? x.dims.map((d, i) => (i === axis ? 1 : d)) : x.dims.filter((_, i) => i !== axis),
    );
    const len = x.dims[axis];
    const inner = numel(x.dims.slice(axis + 1));
    const outN = numel(x.dims) / (len || 1);
    if (len === 0 && numel(x.dims.filter((_, i) => i !== axis)) > 0)
      unsupported(node, `the reduced axis ${axis} of [${x.dims}] is empty`);
    const eigen = r === 1 && !last;
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as BigInt64Array;
      for (let o = 0; o < outN; o++) {
        const b = (o - (o % inner)) * len + (o % inner);
        let arg = 0;
        let m = X[b];
        if (eigen) {
          // Eigen's visitor: the first NaN wins, else the first extreme
          for (let k = 1; k < len && m === m; k++) {
            const v = X[b + k * inner];
            if (v !== v || (max ? v > m : v < m)) {
              m = v;
              arg = k;
            }
          }
        } else
          for (let k = 1; k < len; k++) {
            const v = X[b + k * inner];
            if (last ? (max ? v >= m : v <= m) : max ? v > m : v < m) {
              m = v;
              arg = k;
            }
          }
        Y[o] = BigInt(arg);
      }
    };
  };
}

export const ArgMax = argFactory(true);
export const ArgMin = argFactory(false);

// ---- GlobalMaxPool ------------------------------------------------------------------------------------------------

/** The lowest float32, MLAS's starting value. */
const LOWEST = -3.4028234663852886e38;

export const GlobalMaxPool: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  if (x.dims.length < 3 || x.dims.length > 5)
    unsupported(node, `X [${x.dims}] must have rank 3 to 5 (1 to 3 spatial dims, as onnxruntime takes)`);
  const [n, c, ...spatial] = x.dims;
  expectDims(node, outputs[0], [n, c, ...spatial.map(() => 1)]);
  expectOutType(node, outputs[0], 'float32');
  const size = numel(spatial);
  const vec = size - (size % 4);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let p = 0; p < n * c; p++) {
      const b = p * size;
      let m = LOWEST;
      for (let i = 0; i < vec; i++) m = Math.max(m, X[b + i]); // f32x4.max lane by lane: NaN wins, -0 < +0
      for (let i = vec; i < size; i++) if (m < X[b + i]) m = X[b + i]; // C++ std::max
      Y[p] = m;
    }
  };
};
