/**
 * The reductions ReduceSum, ReduceMax, ReduceMin, ReduceProd, ReduceL1, ReduceL2, ReduceSumSquare, ReduceLogSum,
 * ReduceLogSumExp, and ArgMax / ArgMin, as ONNX defines them and onnxruntime's CPU kernel (one thread) computes them.
 * (ReduceMean is ./ReduceMean.ts: the sum of ReduceSum, then / n.)
 *
 * Axes: the `axes` attribute below opset 18 (ReduceSum below 13), the optional int64 input 1 from then on, where
 * `noop_with_empty_axes` = 1 with no axes makes the node element-wise (below); otherwise no axes reduce every axis.
 * keepdims (default 1) keeps the reduced axes as 1. Types: float32 everywhere; ReduceSum also int32 / int64;
 * ReduceMax / ReduceMin also int32 / int64, and uint8 / int8 from opset 12.
 *
 * The reduced elements of one output are taken in row-major order ("its elements" below). onnxruntime first merges
 * neighbouring axes of the same kind (R reduced, K kept; dims of 1 are not dropped) into the "fast shape", and its
 * loop, so the float rounding, depends on it (one thread: the "degree of parallelism" is 1):
 * - ReduceSum (float32), the sum s of the elements:
 *   - R (every axis reduced), KR, and RK with R > 16 and max(R, K) > 256: from the first element, in order;
 *   - KRK with a leading block of 2 or more: MLAS's one-row SGEMM with a row of ones: a column j < K - K % 4 from its
 *     first element in order; a tail column from its first element, then four rows at a time
 *     (s = f(s + f(f(f(a + b) + c) + d))), the last (R - 1) % 4 rows one by one;
 *   - RKR with a middle block of 2 or more: 0, then each outer block's contiguous run, summed from its first element,
 *     added in turn;
 *   - every other shape: 0, then each element in turn.
 *   (The starts differ only where every element is -0: -0 from the first element, +0 from 0.)
 * - ReduceSum (int32 / int64): the elements converted to double and added from 0; int64 by Kahan's compensated sum
 *   (y = v - c, t = s + y, c = (t - s) - y, s = t) on the R, KR and general loops, plainly on the RK, KRK and RKR
 *   ones (onnxruntime's loops; int32 sums are exact either way); the double then saturates to the type's range
 *   (>= max gives max, <= min gives min) and is truncated.
 * - ReduceMax / ReduceMin: m = the first element, then m = x wherever x > m (x < m): the first of equal extremes is
 *   kept (-0 and +0 are equal), a NaN is kept only where it comes first. On the RKR loop (middle block of 2 or more)
 *   each outer block's run is reduced so, then the blocks' results the same way starting from the first element: a
 *   block whose run starts with a NaN is skipped.
 * - ReduceProd: f(p * x) from 1; ReduceL1: f(s + |x|) from 0; ReduceSumSquare: f(s + f(x * x)) from 0; ReduceL2:
 *   f(sqrt(that)); ReduceLogSum: f(log(the f32 sum from 0)).
 * - ReduceLogSumExp: m = the first element's fold (x replaces m where x > m) when every axis is reduced (R), and then
 *   y = m if m is infinite; on the other loops m starts at the first element (0 if it is infinite) and takes each
 *   finite x > m. Then s = 0, s = f(s + f(exp(f(x - m)))) for every x but -inf, y = f(f(log(s)) + m).
 * exp and log are the C library's expf and logf that onnxruntime calls: musl's (../activation-math.ts muslExpf,
 * ../libm.ts logf), which are not always the correctly rounded values.
 *
 * An empty input gives the empty reduction: 0 (Sum, L1, L2, SumSquare), 1 (Prod), -inf / the type's lowest (Max),
 * +inf / the type's largest (Min), -inf (LogSum, LogSumExp). A rank-0 input is one element x reduced by the
 * aggregator's own steps: f(0 + x) for Sum (so -0 gives +0), x for Max / Min / Prod, and the formulas above for the
 * rest. `noop_with_empty_axes` with no axes: Sum, Max, Min and Prod copy X; L1, L2, SumSquare, LogSum and
 * LogSumExp apply their per-element steps to each element alone (|x|, f(sqrt(f(x * x))), f(x * x), f(log(f(0 + x))),
 * the rank-0 LogSumExp).
 *
 * ArgMax / ArgMin (float32, int32, uint8, int8 -> int64): along `axis` (default 0), keepdims (default 1),
 * select_last_index (opset 12+, default 0): the index of the first (last) extreme, from the first element (x > m,
 * x >= m with select_last_index; a NaN is kept only where it comes first). A 1-D input without select_last_index is
 * reduced by Eigen's visitor instead: the index of the first NaN if there is one, else of the first extreme.
 */
import { muslExpf } from '../activation-math.js';
import { logf } from '../libm.js';
import {
  attrInt,
  attrInts,
  expectType,
  f32,
  makeTensor,
  need,
  normAxis,
  numbers,
  numel,
  onlyAttrs,
  type ElementType,
  type OpFn,
} from '../tensor.js';

type Kind = 'sum' | 'max' | 'min' | 'prod' | 'l1' | 'l2' | 'sumsq' | 'logsum' | 'lse';

const INT_RANGE: Record<string, [number, number]> = {
  int8: [-128, 127],
  uint8: [0, 255],
  int32: [-2147483648, 2147483647],
};

/** The types an operator takes at an opset. */
function typesOf(kind: Kind, opset: number): ElementType[] {
  if (kind === 'sum') return ['float32', 'int32', 'int64'];
  if (kind === 'max' || kind === 'min')
    return opset >= 12 ? ['float32', 'int32', 'int64', 'uint8', 'int8'] : ['float32', 'int32', 'int64'];
  return ['float32'];
}

/** The loop onnxruntime takes for a fast shape (`sig` of R / K letters, `sz` its sizes), for the kinds that have them. */
function fastLoop(kind: Kind, sig: string, sz: number[]): string {
  if (sig === 'R') return 'R';
  if (kind !== 'sum' && kind !== 'max' && kind !== 'min') return 'general';
  if (sig === 'KR') return 'KR';
  if (sig === 'RK' && sz[0] > 16 && Math.max(sz[0], sz[1]) > 256) return 'RK';
  if (sig === 'KRK' && sz[0] >= 2) return 'KRK';
  if (sig === 'RKR' && sz[1] >= 2) return 'RKR';
  return 'general';
}

/** One element reduced alone (a rank-0 input; noop_with_empty_axes for the kinds with a per-element step). */
function single(kind: Kind, v: number): number {
  switch (kind) {
    case 'sum':
      return f32(0 + v);
    case 'max':
    case 'min':
    case 'prod':
      return v;
    case 'l1':
      return f32(0 + Math.abs(v));
    case 'l2':
      return f32(Math.sqrt(f32(0 + f32(v * v))));
    case 'sumsq':
      return f32(0 + f32(v * v));
    case 'logsum':
      return logf(f32(0 + v));
    case 'lse': {
      const m = Math.abs(v) === Infinity ? 0 : v;
      const s = v === -Infinity ? 0 : f32(0 + muslExpf(f32(v - m)));
      return f32(logf(s) + m);
    }
  }
}

/** The value of an empty reduction. */
function emptyValue(kind: Kind, type: ElementType): number | bigint {
  const int = type !== 'float32';
  switch (kind) {
    case 'sum':
    case 'l1':
    case 'l2':
    case 'sumsq':
      return type === 'int64' ? 0n : 0;
    case 'prod':
      return 1;
    case 'max':
      return type === 'int64' ? -(2n ** 63n) : int ? INT_RANGE[type][0] : -Infinity;
    case 'min':
      return type === 'int64' ? 2n ** 63n - 1n : int ? INT_RANGE[type][1] : Infinity;
    case 'logsum':
    case 'lse':
      return -Infinity;
  }
}

/** The float32 sum of `v` in order, from its first element (or from 0 with `fromZero`). */
function sumInOrder(v: readonly number[], fromZero: boolean): number {
  let s = fromZero ? 0 : v[0];
  for (let k = fromZero ? 0 : 1; k < v.length; k++) s = f32(s + v[k]);
  return s;
}

/** m = first, then each x that beats m (x > m for max, x < m for min). */
function fold(v: readonly number[], kind: 'max' | 'min'): number {
  let m = v[0];
  for (const x of v) if (kind === 'max' ? x > m : x < m) m = x;
  return m;
}

/** Saturating conversion of an integral double to int32 / int64. */
function saturate(s: number, type: ElementType): number | bigint {
  if (type === 'int64') {
    if (s >= 2 ** 63) return 2n ** 63n - 1n;
    if (s <= -(2 ** 63)) return -(2n ** 63n);
    return BigInt(Math.trunc(s));
  }
  const [lo, hi] = INT_RANGE[type];
  return s >= hi ? hi : s <= lo ? lo : Math.trunc(s);
}

/**
 * One output's reduction. `vals`: its elements in row-major order; `loop`: onnxruntime's loop; `geom`: for the KRK
 * loop the tail flag of its column, for the RKR loop the length of each outer block's run.
 */
function reduceGroup(
  kind: Kind,
  type: ElementType,
  vals: (number | bigint)[],
  loop: string,
  geom: { tail: boolean; run: number },
): number | bigint {
  if (type !== 'float32') {
    if (kind === 'max' || kind === 'min') {
      let m = vals[0];
      for (const x of vals) if (kind === 'max' ? x > m : x < m) m = x;
      return m;
    }
    // sum: doubles from 0, Kahan's for int64 on the R / KR / general loops
    const kahan = type === 'int64' && (loop === 'R' || loop === 'KR' || loop === 'general');
    let s = 0,
      c = 0;
    for (const x of vals) {
      const d = Number(x);
      if (kahan) {
        const y = d - c;
        const t = s + y;
        c = t - s - y;
        s = t;
      } else s += d;
    }
    return saturate(s, type);
  }
  const v = vals as number[];
  switch (kind) {
    case 'sum': {
      if (loop === 'R' || loop === 'KR' || loop === 'RK' || (loop === 'KRK' && !geom.tail)) return sumInOrder(v, false);
      if (loop === 'KRK') {
        let s = v[0];
        let k = 1;
        for (; k + 4 <= v.length; k += 4) s = f32(s + f32(f32(f32(v[k] + v[k + 1]) + v[k + 2]) + v[k + 3]));
        for (; k < v.length; k++) s = f32(s + v[k]);
        return s;
      }
      if (loop === 'RKR') {
        let s = 0;
        for (let b = 0; b < v.length; b += geom.run) s = f32(s + sumInOrder(v.slice(b, b + geom.run), false));
        return s;
      }
      return sumInOrder(v, true);
    }
    case 'max':
    case 'min': {
      if (loop !== 'RKR') return fold(v, kind);
      let m = v[0];
      for (let b = 0; b < v.length; b += geom.run) {
        const r = fold(v.slice(b, b + geom.run), kind);
        if (kind === 'max' ? r > m : r < m) m = r;
      }
      return m;
    }
    case 'prod': {
      let p = 1;
      for (const x of v) p = f32(p * x);
      return p;
    }
    case 'l1': {
      let s = 0;
      for (const x of v) s = f32(s + Math.abs(x));
      return s;
    }
    case 'l2':
    case 'sumsq': {
      let s = 0;
      for (const x of v) s = f32(s + f32(x * x));
      return kind === 'l2' ? f32(Math.sqrt(s)) : s;
    }
    case 'logsum':
      return logf(sumInOrder(v, true));
    case 'lse': {
      let m: number;
      if (loop === 'R') {
        m = fold(v, 'max');
        if (Math.abs(m) === Infinity) return m;
      } else {
        m = Math.abs(v[0]) === Infinity ? 0 : v[0];
        for (const x of v) if (Number.isFinite(x) && !(x < m)) m = x;
      }
      let s = 0;
      for (const x of v) if (x !== -Infinity) s = f32(s + muslExpf(f32(x - m)));
      return f32(logf(s) + m);
    }
  }
}

function reduceOp(op: string, kind: Kind): OpFn {
  return (inputs, attrs, opset) => {
    const axesInput = opset >= 18 || (op === 'ReduceSum' && opset >= 13);
    onlyAttrs(attrs, op, 'keepdims', ...(axesInput ? ['noop_with_empty_axes'] : ['axes']));
    const x = need(inputs, 0, 'data');
    expectType(x, `${op} data`, ...typesOf(kind, opset));
    const r = x.dims.length;
    const axesIn = axesInput ? (inputs[1] ? numbers(inputs[1]) : []) : (attrInts(attrs, 'axes') ?? []);
    const keep = attrInt(attrs, 'keepdims', 1) !== 0;
    const xd = x.data as ArrayLike<number | bigint>;
    if (axesIn.length === 0 && axesInput && attrInt(attrs, 'noop_with_empty_axes', 0) !== 0) {
      const y = makeTensor(x.type, x.dims);
      const copy = kind === 'sum' || kind === 'max' || kind === 'min' || kind === 'prod';
      for (let i = 0; i < xd.length; i++) y.data[i] = copy ? xd[i] : single(kind, xd[i] as number);
      return [y];
    }
    const red = new Set(axesIn.length ? axesIn.map((a) => normAxis(a, r, `${op}: axis`)) : x.dims.map((_, i) => i));
    const outDims = keep ? x.dims.map((d, i) => (red.has(i) ? 1 : d)) : x.dims.filter((_, i) => !red.has(i));
    const y = makeTensor(x.type, outDims);
    const yd = y.data as unknown as (number | bigint)[];
    if (xd.length === 0) {
      yd.fill(emptyValue(kind, x.type) as never);
      return [y];
    }
    if (r === 0) {
      yd[0] =
        x.type === 'float32' ? single(kind, xd[0] as number) : kind === 'sum' ? saturate(Number(xd[0]), x.type) : xd[0];
      return [y];
    }

    // The fast shape: runs of reduced / kept dims merged.
    const kinds: { red: boolean; size: number }[] = [];
    x.dims.forEach((d, i) => {
      const last = kinds[kinds.length - 1];
      if (last && last.red === red.has(i)) last.size *= d;
      else kinds.push({ red: red.has(i), size: d });
    });
    const sig = kinds.map((k) => (k.red ? 'R' : 'K')).join('');
    const sz = kinds.map((k) => k.size);
    const loop = fastLoop(kind, sig, sz);

    // Each output's elements in row-major order.
    const keptDims = x.dims.map((d, i) => (red.has(i) ? 1 : d));
    const ostr = keptDims.map((_, i) => numel(keptDims.slice(i + 1)));
    const groups: (number | bigint)[][] = Array.from({ length: yd.length }, () => []);
    const idx = new Array<number>(r).fill(0);
    for (let i = 0; i < xd.length; i++) {
      let o = 0;
      for (let d = 0; d < r; d++) if (!red.has(d)) o += idx[d] * ostr[d];
      groups[o].push(xd[i]);
      for (let d = r - 1; d >= 0; d--) {
        if (++idx[d] < x.dims[d]) break;
        idx[d] = 0;
      }
    }
    const cols = sig === 'KRK' ? sz[2] : 1;
    groups.forEach((g, o) => {
      yd[o] = reduceGroup(kind, x.type, g, loop, {
        tail: o % cols >= cols - (cols % 4),
        run: sig === 'RKR' ? sz[2] : 1,
      });
    });
    return [y];
  };
}

export const ReduceSum = reduceOp('ReduceSum', 'sum');
export const ReduceMax = reduceOp('ReduceMax', 'max');
export const ReduceMin = reduceOp('ReduceMin', 'min');
export const ReduceProd = reduceOp('ReduceProd', 'prod');
export const ReduceL1 = reduceOp('ReduceL1', 'l1');
export const ReduceL2 = reduceOp('ReduceL2', 'l2');
export const ReduceSumSquare = reduceOp('ReduceSumSquare', 'sumsq');
export const ReduceLogSum = reduceOp('ReduceLogSum', 'logsum');
export const ReduceLogSumExp = reduceOp('ReduceLogSumExp', 'lse');

function argOp(op: string, max: boolean): OpFn {
  return (inputs, attrs, opset) => {
    onlyAttrs(attrs, op, 'axis', 'keepdims', ...(opset >= 12 ? ['select_last_index'] : []));
    const x = need(inputs, 0, 'data');
    expectType(x, `${op} data`, 'float32', 'int32', 'uint8', 'int8');
    const r = x.dims.length;
    const axis = normAxis(attrInt(attrs, 'axis', 0), r, `${op}: axis`);
    const keep = attrInt(attrs, 'keepdims', 1) !== 0;
    const last = attrInt(attrs, 'select_last_index', 0) !== 0;
    const len = x.dims[axis];
    const outDims = keep ? x.dims.map((d, i) => (i === axis ? 1 : d)) : x.dims.filter((_, i) => i !== axis);
    const y = makeTensor('int64', outDims);
    if (y.data.length === 0) return [y];
    if (len === 0) throw new Error(`${op}: the reduced axis is empty`);
    const inner = numel(x.dims.slice(axis + 1));
    const xd = x.data as ArrayLike<number>;
    const beats = (v: number, m: number) => (last ? (max ? v >= m : v <= m) : max ? v > m : v < m);
    for (let o = 0; o < y.data.length; o++) {
      const base = Math.floor(o / inner) * len * inner + (o % inner);
      const at = (k: number) => xd[base + k * inner];
      let arg = 0;
      if (r === 1 && !last) {
        const nan = Array.from({ length: len }, (_, k) => at(k)).findIndex(Number.isNaN);
        if (nan >= 0) arg = nan;
        else for (let k = 1; k < len; k++) if (beats(at(k), at(arg))) arg = k;
      } else {
        let m = at(0);
        for (let k = 0; k < len; k++)
          if (beats(at(k), m)) {
            m = at(k);
            arg = k;
          }
      }
      y.data[o] = BigInt(arg);
    }
    return [y];
  };
}

export const ArgMax = argOp('ArgMax', true);
export const ArgMin = argOp('ArgMin', false);
