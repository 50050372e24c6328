/**
 * Indexing and generator operators, as onnxruntime-web 1.30's CPU kernels compute them (one thread), on the types
 * onnxruntime registers for each (others refused at load with UNSUPPORTED_OP). Tensors are plain row-major.
 * An index read at run time that is out of range is BAD_FEED (onnxruntime fails the run), raised after every index
 * is checked and before any output element is written; a constant one is BAD_MODEL at load.
 * - GatherElements (any type; int32 / int64 indices of data's rank, each non-axis dim <= data's):
 *   y[p] = x[p with p[axis] = idx[p]] (a negative index adds dims[axis]).
 * - ScatterElements (opset 11+; any type) and Scatter (opset 9-10, its older name): y = data, then for every index
 *   position p in row-major order y[p with p[axis] = idx[p]] = f(that, updates[p]); reduction (opset 16+) 'none'
 *   (f: the update; duplicates: the last wins), 'add', 'mul', 'max', 'min' (18+), in the element type (float32
 *   rounded once per step, integers wrapping; bool add = or, mul = and; max = (y > u ? y : u), min = (y < u ? y : u)
 *   as onnxruntime writes them: a NaN update is taken, and an update after a NaN replaces it). bool max / min are
 *   refused (onnxruntime fails the run).
 * - ScatterND (any type; int64 indices [..., k], k <= rank): y = data, then for every index tuple in row-major order
 *   the slice y[tuple, ...] = f(that, updates[...]) element-wise, reductions as ScatterElements'. Negative indices
 *   add the dim.
 * - GatherND (any type; int64 indices [..., k], batch_dims b, k <= rank - b): out dims indices.dims[:-1] ++
 *   data.dims[b + k:]; per batch, the slice x[batch, tuple, ...]. Negative indices add the dim.
 * - CumSum (float32, int32, int64; the axis an int32 / int64 scalar input, constant or read at run time): running
 *   sums along the axis in the element type, exclusive (y starts at 0 and lags one element) and / or reverse.
 * - Trilu (float32, int32, int64, bool; opset 14): keeps x[..., i, j] where j - i >= k (upper, the default) or
 *   j - i <= k (lower), else 0; k the optional int64 scalar input 1 (constant or read at run time, default 0).
 * - OneHot (opset 9+; axis default -1): out dims the indices' with depth inserted at axis; off everywhere, on where
 *   the position j along axis equals the index, compared in the index type as onnxruntime does (a negative index
 *   plus depth first, float32 rounded; a float index that is not a whole number, or one outside [0, depth), gives a
 *   row of off values). depth (truncated to an integer) must be a constant (the output dims are its value).
 *   (indices, depth, values) types are onnxruntime's registered combinations (ONE_HOT_TYPES).
 * - EyeLike (2-D float32 / int32 / int64 input; dtype float32 / int32 / int64, default the input's; k): 1 on the
 *   k-th diagonal (j - i = k), 0 elsewhere; the input's values are never read.
 * - ReverseSequence (opset 10+; any type; batch_axis / time_axis 1 / 0 or 0 / 1): per batch b the first
 *   sequence_lens[b] (int64, in [0, steps]) time steps reversed, the rest copied.
 * - Compress (opset 9+; any type): the slices along axis (or the elements of the flattened input, no axis) whose
 *   condition entry is true; the condition (bool, 1-D) must be a constant (the output dims count its true values),
 *   read up to the axis length as onnxruntime reads it (entries past it ignored).
 */
import { I8ConvError } from '../../../errors.js';
import type { HostData, HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import {
  copyRun,
  attrInt,
  attrString,
  checkWorkspace,
  constInts,
  expectDims,
  expectOutType,
  expectType,
  fail,
  need,
  nodeName,
  normAxis,
  numel,
  onlyAttrs,
  stridesOf,
  unsupported,
  type ElemType,
} from './common.js';

/** Same-class element access (numbers, or bigints for int64). */
type Any = Float32Array;

function badFeed(node: HostOpNode, message: string): never {
  throw new I8ConvError('BAD_FEED', `${nodeName(node)}: ${message}`, node.name);
}

/** idx normalized into [0, d), or -1 outside [-d, d). */
const inRange = (i: number, d: number): number => {
  const k = i < 0 ? i + d : i;
  return k >= 0 && k < d ? k : -1;
};

/** Refuses (BAD_MODEL) a constant index tensor with a value outside [-d, d) for its dim `dimOf(position)`. */
function checkConstIndices(node: HostOpNode, v: HostValueInfo, dimOf: (p: number) => number): void {
  const t = v.constant;
  if (!t) return;
  for (let p = 0; p < t.data.length; p++) {
    const d = dimOf(p);
    if (inRange(Number(t.data[p]), d) < 0) fail('BAD_MODEL', node, `index ${t.data[p]} is out of range for dim ${d}`);
  }
}

/**
 * For every position of a tensor of dims `dims` (row-major), the offset into a tensor of strides `strides` of the
 * same coordinates, `axis` left out (its coordinate counted as 0).
 */
function offsetsOf(node: HostOpNode, dims: readonly number[], strides: readonly number[], axis: number): Float64Array {
  const n = numel(dims);
  checkWorkspace(node, n, 'offset table');
  const out = new Float64Array(n);
  const r = dims.length;
  const idx = new Array<number>(r).fill(0);
  let at = 0;
  for (let p = 0; p < n; p++) {
    out[p] = at;
    for (let i = r - 1; i >= 0; i--) {
      const s = i === axis ? 0 : strides[i];
      if (++idx[i] < dims[i]) {
        at += s;
        break;
      }
      at -= s * (dims[i] - 1);
      idx[i] = 0;
    }
  }
  return out;
}

type Combine = (a: number & bigint, b: number & bigint) => number & bigint;

/** The reduction of ScatterElements / ScatterND on one element type, or undefined for 'none'. */
function reductionOf(node: HostOpNode, opset: number, type: ElemType): Combine | undefined {
  const red = opset >= 16 ? attrString(node, 'reduction', 'none') : 'none';
  const known = opset >= 18 ? ['none', 'add', 'mul', 'max', 'min'] : ['none', 'add', 'mul'];
  if (!known.includes(red)) unsupported(node, `reduction ${red} is not defined at opset ${opset}`);
  if (red === 'none') return undefined;
  if (type === 'bool' && (red === 'max' || red === 'min'))
    unsupported(node, `reduction ${red} on bool: onnxruntime has no such kernel`);
  const c = <T>(f: (a: T, b: T) => T) => f as unknown as Combine;
  // onnxruntime's (old > u ? old : u) and (old < u ? old : u): a NaN update is taken, a later one replaces a NaN
  if (red === 'max') return c((a: number, b: number) => (a > b ? a : b));
  if (red === 'min') return c((a: number, b: number) => (a < b ? a : b));
  const add = red === 'add';
  if (type === 'int64')
    return add
      ? c((a: bigint, b: bigint) => BigInt.asIntN(64, a + b))
      : c((a: bigint, b: bigint) => BigInt.asIntN(64, a * b));
  if (type === 'bool') return add ? c((a: number, b: number) => a | b) : c((a: number, b: number) => a & b);
  if (type === 'int32') return add ? c((a: number, b: number) => (a + b) | 0) : c(Math.imul);
  // float32 (the store rounds the exact double sum / product once), uint8 / int8 (the store keeps the low bits)
  return add ? c((a: number, b: number) => a + b) : c((a: number, b: number) => a * b);
}

// ---- GatherElements, ScatterElements -------------------------------------------------------------------------------

function elementsPlan(node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[]) {
  const x = need(node, inputs, 0, 'data');
  const ind = need(node, inputs, 1, 'indices');
  expectType(node, ind, 'indices', 'int32', 'int64');
  const r = x.dims.length;
  if (r === 0) unsupported(node, 'data must have rank >= 1');
  if (ind.dims.length !== r) unsupported(node, `indices [${ind.dims}] must have data's rank (data [${x.dims}])`);
  const axis = normAxis(node, attrInt(node, 'axis', 0), r);
  for (let i = 0; i < r; i++)
    if (i !== axis && ind.dims[i] > x.dims[i])
      unsupported(node, `indices dim ${i} (${ind.dims[i]}) exceeds data's (${x.dims[i]}), data [${x.dims}]`);
  const d = x.dims[axis];
  checkConstIndices(node, ind, () => d);
  const xs = stridesOf(x.dims);
  return { x, ind, d, step: xs[axis], base: offsetsOf(node, ind.dims, xs, axis) };
}

/** Every index normalized into `rows` (BAD_FEED on the first out of range). */
function readIndices(node: HostOpNode, I: HostData, d: number, rows: Float64Array): void {
  for (let p = 0; p < rows.length; p++) {
    const k = inRange(Number(I[p]), d);
    if (k < 0) badFeed(node, `index ${I[p]} is out of range for dim ${d}`);
    rows[p] = k;
  }
}

export const GatherElements: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'axis');
  const { x, ind, d, step, base } = elementsPlan(node, inputs);
  expectDims(node, outputs[0], ind.dims);
  expectOutType(node, outputs[0], x.type);
  const rows = new Float64Array(base.length);
  return (ins, outs) => {
    readIndices(node, ins[1]!.data, d, rows);
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    for (let p = 0; p < rows.length; p++) Y[p] = X[base[p] + rows[p] * step];
  };
};

export const ScatterElements: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'axis', ...(opset >= 16 && node.opType === 'ScatterElements' ? ['reduction'] : []));
  const { x, ind, d, step, base } = elementsPlan(node, inputs);
  const u = need(node, inputs, 2, 'updates');
  if (u.type !== x.type) unsupported(node, `updates are ${u.type}, data is ${x.type}`);
  if (u.dims.length !== ind.dims.length || u.dims.some((v, i) => v !== ind.dims[i]))
    unsupported(node, `updates [${u.dims}] must have the indices' dims [${ind.dims}]`);
  const f = reductionOf(node, opset, x.type);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], x.type);
  const rows = new Float64Array(base.length);
  return (ins, outs) => {
    readIndices(node, ins[1]!.data, d, rows);
    const Y = outs[0].data as Any,
      U = ins[2]!.data as Any;
    Y.set(ins[0]!.data as Any);
    for (let p = 0; p < rows.length; p++) {
      const at = base[p] + rows[p] * step;
      Y[at] = f ? f(Y[at] as never, U[p] as never) : U[p];
    }
  };
};

// ---- GatherND, ScatterND -------------------------------------------------------------------------------------------

/** The index tuples of GatherND / ScatterND: indices [..., k] over dims `dims` (from `from`). */
function tuplePlan(node: HostOpNode, ind: HostValueInfo, dims: readonly number[], from: number) {
  expectType(node, ind, 'indices', 'int64');
  if (ind.dims.length < 1) unsupported(node, 'indices must have rank >= 1');
  const k = ind.dims[ind.dims.length - 1];
  if (k > dims.length - from)
    unsupported(node, `indices' last dim ${k} exceeds the ${dims.length - from} indexable dims of [${dims}]`);
  const strides = stridesOf(dims);
  checkConstIndices(node, ind, (p) => dims[from + (p % k)]);
  return { k, strides, slice: numel(dims.slice(from + k)), tuples: numel(ind.dims.slice(0, -1)) };
}

/** Offsets of the tuples (BAD_FEED on the first index out of range), relative to the batch start. */
function readTuples(
  node: HostOpNode,
  I: BigInt64Array,
  k: number,
  dims: readonly number[],
  strides: readonly number[],
  from: number,
  out: Float64Array,
): void {
  for (let t = 0; t < out.length; t++) {
    let at = 0;
    for (let j = 0; j < k; j++) {
      const d = dims[from + j];
      const v = inRange(Number(I[t * k + j]), d);
      if (v < 0) badFeed(node, `index ${I[t * k + j]} is out of range for dim ${d}`);
      at += v * strides[from + j];
    }
    out[t] = at;
  }
}

export const GatherND: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, ...(opset >= 12 ? ['batch_dims'] : []));
  const x = need(node, inputs, 0, 'data');
  const ind = need(node, inputs, 1, 'indices');
  const b = attrInt(node, 'batch_dims', 0);
  if (!(b >= 0 && b < Math.min(x.dims.length, ind.dims.length)))
    unsupported(node, `batch_dims ${b} must be below both ranks (data [${x.dims}], indices [${ind.dims}])`);
  for (let i = 0; i < b; i++)
    if (x.dims[i] !== ind.dims[i]) unsupported(node, `batch dim ${i} differs: data [${x.dims}], indices [${ind.dims}]`);
  const { k, strides, slice, tuples } = tuplePlan(node, ind, x.dims, b);
  const outDims = [...ind.dims.slice(0, -1), ...x.dims.slice(b + k)];
  expectDims(node, outputs[0], outDims);
  expectOutType(node, outputs[0], x.type);
  const batches = numel(x.dims.slice(0, b));
  const batchSize = numel(x.dims.slice(b));
  const perBatch = batches === 0 ? 0 : tuples / batches;
  const offs = new Float64Array(tuples);
  return (ins, outs) => {
    readTuples(node, ins[1]!.data as BigInt64Array, k, x.dims, strides, b, offs);
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    for (let t = 0; t < tuples; t++) {
      const src = Math.floor(t / perBatch) * batchSize + offs[t];
      copyRun(Y, t * slice, X, src, slice);
    }
  };
};

export const ScatterND: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, ...(opset >= 16 ? ['reduction'] : []));
  const x = need(node, inputs, 0, 'data');
  const ind = need(node, inputs, 1, 'indices');
  const u = need(node, inputs, 2, 'updates');
  if (u.type !== x.type) unsupported(node, `updates are ${u.type}, data is ${x.type}`);
  const { k, strides, slice, tuples } = tuplePlan(node, ind, x.dims, 0);
  const uDims = [...ind.dims.slice(0, -1), ...x.dims.slice(k)];
  if (u.dims.length !== uDims.length || u.dims.some((v, i) => v !== uDims[i]))
    unsupported(node, `updates [${u.dims}] must be [${uDims}] (indices [${ind.dims}], data [${x.dims}])`);
  const f = reductionOf(node, opset, x.type);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], x.type);
  const offs = new Float64Array(tuples);
  return (ins, outs) => {
    readTuples(node, ins[1]!.data as BigInt64Array, k, x.dims, strides, 0, offs);
    const Y = outs[0].data as Any,
      U = ins[2]!.data as Any;
    Y.set(ins[0]!.data as Any);
    for (let t = 0; t < tuples; t++) {
      const at = offs[t];
      if (!f) Y.set(U.subarray(t * slice, (t + 1) * slice), at);
      else for (let j = 0; j < slice; j++) Y[at + j] = f(Y[at + j] as never, U[t * slice + j] as never);
    }
  };
};

// ---- CumSum, Trilu -------------------------------------------------------------------------------------------------

/** Refuses a scalar int input (CumSum's axis, Trilu's k) of another type or size, or a constant beyond 2^53. */
function scalarInput(node: HostOpNode, v: HostValueInfo, what: string, types: ElemType[]): void {
  expectType(node, v, what, ...types);
  if (numel(v.dims) !== 1 || v.dims.length > 1)
    unsupported(node, `${what} must be a scalar (or 1-D of one value), has dims [${v.dims}]`);
  if (v.constant) constInts(node, v, what);
}

export const CumSum: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'exclusive', 'reverse');
  const x = need(node, inputs, 0, 'x');
  expectType(node, x, 'x', 'float32', 'int32', 'int64');
  const axisV = need(node, inputs, 1, 'axis');
  scalarInput(node, axisV, 'axis', ['int32', 'int64']);
  const r = x.dims.length;
  if (r === 0) unsupported(node, 'x must have rank >= 1');
  const constAxis = axisV.constant ? normAxis(node, Number(axisV.constant.data[0]), r) : undefined;
  const exclusive = attrInt(node, 'exclusive', 0) !== 0;
  const reverse = attrInt(node, 'reverse', 0) !== 0;
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], x.type);
  const big = x.type === 'int64';
  const add = big
    ? (a: bigint, b: bigint) => BigInt.asIntN(64, a + b)
    : x.type === 'int32'
      ? (a: number, b: number) => (a + b) | 0
      : (a: number, b: number) => Math.fround(a + b);
  const sum = add as unknown as (a: number & bigint, b: number & bigint) => number & bigint;
  const zero = (big ? 0n : 0) as number & bigint;
  return (ins, outs) => {
    let axis = constAxis;
    if (axis === undefined) {
      const a = Number(ins[1]!.data[0]);
      if (!(a >= -r && a < r)) badFeed(node, `axis ${a} is out of range for rank ${r}`);
      axis = a < 0 ? a + r : a;
    }
    const d = x.dims[axis];
    const inner = numel(x.dims.slice(axis + 1)),
      outer = numel(x.dims.slice(0, axis));
    const X = ins[0]!.data as unknown as (number & bigint)[],
      Y = outs[0].data as unknown as (number & bigint)[];
    for (let o = 0; o < outer; o++)
      for (let i = 0; i < inner; i++) {
        const base = o * d * inner + i;
        let acc = zero;
        for (let s = 0; s < d; s++) {
          const at = base + (reverse ? d - 1 - s : s) * inner;
          if (exclusive) {
            Y[at] = acc;
            acc = sum(acc, X[at]);
          } else {
            acc = sum(acc, X[at]);
            Y[at] = acc;
          }
        }
      }
  };
};

export const Trilu: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 14) unsupported(node, `opset ${opset} has no Trilu (from 14)`);
  onlyAttrs(node, 'upper');
  const x = need(node, inputs, 0, 'input');
  expectType(node, x, 'input', 'float32', 'int32', 'int64', 'bool');
  const r = x.dims.length;
  if (r < 2) unsupported(node, `input [${x.dims}] must have rank >= 2`);
  const kV = inputs[1];
  if (kV) scalarInput(node, kV, 'k', ['int64']);
  const constK = !kV ? 0 : kV.constant ? Number(kV.constant.data[0]) : undefined;
  const upper = attrInt(node, 'upper', 1) !== 0;
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], x.type);
  const [h, w] = x.dims.slice(-2);
  const mats = numel(x.dims.slice(0, -2));
  const zero = x.type === 'int64' ? 0n : 0;
  return (ins, outs) => {
    const k = constK ?? Number(ins[1]!.data[0]);
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    for (let m = 0, p = 0; m < mats; m++)
      for (let i = 0; i < h; i++)
        for (let j = 0; j < w; j++, p++) Y[p] = (upper ? j - i >= k : j - i <= k) ? X[p] : (zero as number);
  };
};

// ---- OneHot, EyeLike -----------------------------------------------------------------------------------------------

/** onnxruntime's registered (indices, depth, values) types. */
const ONE_HOT_TYPES = [
  'float32 float32 float32',
  'float32 int64 int64',
  'int32 float32 float32',
  'int32 int32 float32',
  'int64 float32 float32',
  'int64 float32 int32',
  'int64 int32 float32',
  'int64 int64 float32',
  'int64 int64 int64',
];

export const OneHot: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 9) unsupported(node, `opset ${opset} has no OneHot (from 9)`);
  onlyAttrs(node, 'axis');
  const ind = need(node, inputs, 0, 'indices');
  const depthV = need(node, inputs, 1, 'depth');
  const vals = need(node, inputs, 2, 'values');
  const combo = `${ind.type} ${depthV.type} ${vals.type}`;
  if (!ONE_HOT_TYPES.includes(combo))
    unsupported(node, `(indices, depth, values) types ${combo}; supported: ${ONE_HOT_TYPES.join('; ')}`);
  if (numel(vals.dims) !== 2 || vals.dims.length !== 1) unsupported(node, `values [${vals.dims}] must be 1-D of 2`);
  if (!depthV.constant) unsupported(node, 'depth must be a constant: the output dims are its value');
  if (numel(depthV.dims) !== 1) unsupported(node, `depth must hold one value, has dims [${depthV.dims}]`);
  const depth = Math.trunc(Number(depthV.constant.data[0]));
  if (!(depth >= 1)) fail('BAD_MODEL', node, `depth ${depthV.constant.data[0]} must be >= 1`);
  const r = ind.dims.length;
  if (r === 0) unsupported(node, 'indices must have rank >= 1 (onnxruntime refuses a scalar)');
  const axis = normAxis(node, attrInt(node, 'axis', -1), r + 1);
  const outDims = [...ind.dims.slice(0, axis), depth, ...ind.dims.slice(axis)];
  checkWorkspace(node, numel(outDims), 'output');
  expectDims(node, outputs[0], outDims);
  expectOutType(node, outputs[0], vals.type);
  const outer = numel(ind.dims.slice(0, axis)),
    inner = numel(ind.dims.slice(axis));
  const fl = ind.type === 'float32';
  return (ins, outs) => {
    const I = ins[0]!.data,
      V = ins[2]!.data as Any,
      Y = outs[0].data as Any;
    Y.fill(V[0]);
    for (let o = 0; o < outer; o++)
      for (let i = 0; i < inner; i++) {
        let v = Number(I[o * inner + i]);
        if (v < 0) v = fl ? Math.fround(v + depth) : v + depth;
        if (Number.isInteger(v) && v >= 0 && v < depth) Y[(o * depth + v) * inner + i] = V[1];
      }
  };
};

const EYE_TYPES: Record<number, ElemType> = { 1: 'float32', 6: 'int32', 7: 'int64' };

export const EyeLike: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 9) unsupported(node, `opset ${opset} has no EyeLike (from 9)`);
  onlyAttrs(node, 'dtype', 'k');
  const x = need(node, inputs, 0, 'input');
  expectType(node, x, 'input', 'float32', 'int32', 'int64');
  if (x.dims.length !== 2) unsupported(node, `input [${x.dims}] must be 2-D`);
  const code = attrInt(node, 'dtype', 0);
  const type = node.attributes.has('dtype') ? EYE_TYPES[code] : x.type;
  if (!type) unsupported(node, `dtype ${code}; supported: 1 (float32), 6 (int32), 7 (int64)`);
  const k = attrInt(node, 'k', 0);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], type);
  const [h, w] = x.dims;
  const one = type === 'int64' ? 1n : 1;
  return (_ins, outs) => {
    const Y = outs[0].data as Any;
    Y.fill(type === 'int64' ? (0n as never) : 0);
    for (let i = Math.max(0, -k); i < h && i + k < w; i++) Y[i * w + i + k] = one as number;
  };
};

// ---- ReverseSequence, Compress -------------------------------------------------------------------------------------

export const ReverseSequence: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 10) unsupported(node, `opset ${opset} has no ReverseSequence (from 10)`);
  onlyAttrs(node, 'batch_axis', 'time_axis');
  const x = need(node, inputs, 0, 'input');
  const lens = need(node, inputs, 1, 'sequence_lens');
  expectType(node, lens, 'sequence_lens', 'int64');
  if (x.dims.length < 2) unsupported(node, `input [${x.dims}] must have rank >= 2`);
  const bAxis = attrInt(node, 'batch_axis', 1),
    tAxis = attrInt(node, 'time_axis', 0);
  if (!((bAxis === 0 && tAxis === 1) || (bAxis === 1 && tAxis === 0)))
    unsupported(node, `batch_axis ${bAxis} and time_axis ${tAxis} must be 0 and 1, one each`);
  const batch = x.dims[bAxis],
    steps = x.dims[tAxis];
  if (lens.dims.length !== 1 || lens.dims[0] !== batch)
    unsupported(node, `sequence_lens [${lens.dims}] must be 1-D of the batch size ${batch}`);
  const check = (v: bigint) => v >= 0n && v <= BigInt(steps);
  if (lens.constant)
    for (const v of lens.constant.data as BigInt64Array)
      if (!check(v)) fail('BAD_MODEL', node, `sequence length ${v} is outside [0, ${steps}]`);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], x.type);
  const inner = numel(x.dims.slice(2));
  // element (t, b) starts at t * tStride + b * bStride
  const tStride = tAxis === 0 ? batch * inner : inner,
    bStride = bAxis === 0 ? steps * inner : inner;
  return (ins, outs) => {
    const L = ins[1]!.data as BigInt64Array;
    for (let b = 0; b < batch; b++) if (!check(L[b])) badFeed(node, `sequence length ${L[b]} is outside [0, ${steps}]`);
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    for (let b = 0; b < batch; b++) {
      const len = Number(L[b]);
      for (let t = 0; t < steps; t++) {
        const src = (t < len ? len - 1 - t : t) * tStride + b * bStride;
        copyRun(Y, t * tStride + b * bStride, X, src, inner);
      }
    }
  };
};

export const Compress: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 9) unsupported(node, `opset ${opset} has no Compress (from 9)`);
  onlyAttrs(node, 'axis');
  const x = need(node, inputs, 0, 'input');
  const cond = need(node, inputs, 1, 'condition');
  expectType(node, cond, 'condition', 'bool');
  if (cond.dims.length !== 1) unsupported(node, `condition [${cond.dims}] must be 1-D`);
  if (!cond.constant)
    unsupported(
      node,
      'condition must be a constant: the output dims count its true values, the runtime plans static shapes',
    );
  const hasAxis = node.attributes.has('axis');
  const r = x.dims.length;
  if (hasAxis && r === 0) unsupported(node, 'axis on a scalar input');
  const axis = hasAxis ? normAxis(node, attrInt(node, 'axis', 0), r) : 0;
  const d = hasAxis ? x.dims[axis] : numel(x.dims);
  // onnxruntime reads the condition up to the axis length (a longer one's tail is ignored)
  const keep: number[] = [];
  const C = cond.constant.data as Uint8Array;
  for (let i = 0; i < Math.min(d, C.length); i++) if (C[i]) keep.push(i);
  const outDims = hasAxis ? x.dims.map((v, i) => (i === axis ? keep.length : v)) : [keep.length];
  expectDims(node, outputs[0], outDims);
  expectOutType(node, outputs[0], x.type);
  const inner = hasAxis ? numel(x.dims.slice(axis + 1)) : 1,
    outer = hasAxis ? numel(x.dims.slice(0, axis)) : 1;
  return (ins, outs) => {
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    let p = 0;
    for (let o = 0; o < outer; o++)
      for (const k of keep) {
        const src = (o * d + k) * inner;
        copyRun(Y, p, X, src, inner);
        p += inner;
      }
  };
};
