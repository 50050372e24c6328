/**
 * ReduceMean (float32), bit for bit as onnxruntime's CPU kernel (one thread) computes it, and as the reference
 * executor defines it (kernels-ref/model/ops/ReduceMean.ts). Axes come from the attribute (opset < 18) or the
 * optional constant input 1 (18+; `noop_with_empty_axes` then makes empty axes a copy); empty axes reduce
 * everything; keepdims default 1. y = f(sum / n), n the count of reduced elements, the sum's order set by the
 * "fast shape" (X's dims, neighbours of one kind merged: R reduced, K kept):
 * - KR: each row in order from its first element.
 * - KRK with a leading block >= 2: MLAS's one-row SGEMM with a row of ones: columns j < K - K % 4 in order from their
 *   first element; tail columns from their first element, then four rows at a time (c = f(c + f(f(f(a + b) + c') +
 *   d))), the last (R - 1) % 4 rows one by one.
 * - RKR with a middle block >= 2: 0, plus per outer block the in-order sum of its inner run (from its first element).
 * - RK with R > 16 and max(R, K) > 256: the rows added in order from the first.
 * - R (everything reduced): X in order from its first element.
 * - otherwise: row-major over X onto accumulators that start at 0.
 */
import type { HostOpFactory } from '../types.js';
import {
  attrInt,
  attrInts,
  constInts,
  expectDims,
  expectOutType,
  expectType,
  need,
  normAxis,
  numel,
  onlyAttrs,
  stridesOf,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

export const ReduceMean: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'keepdims', ...(opset < 18 ? ['axes'] : ['noop_with_empty_axes']));
  const x = need(node, inputs, 0, 'data');
  expectType(node, x, 'data', 'float32');
  expectOutType(node, outputs[0], 'float32');
  const r = x.dims.length;
  const axesIn =
    opset < 18 ? (attrInts(node, 'axes') ?? []) : inputs[1] ? constInts(node, inputs[1], 'input 1 (axes)') : [];
  const keep = attrInt(node, 'keepdims', 1) !== 0;
  if (axesIn.length === 0 && opset >= 18 && attrInt(node, 'noop_with_empty_axes', 0) !== 0) {
    expectDims(node, outputs[0], x.dims);
    return (ins, outs) => (outs[0].data as Float32Array).set(ins[0]!.data as Float32Array);
  }
  const red = x.dims.map(() => axesIn.length === 0);
  for (const a of axesIn) red[normAxis(node, a, r)] = true;
  expectDims(node, outputs[0], keep ? x.dims.map((d, i) => (red[i] ? 1 : d)) : x.dims.filter((_, i) => !red[i]));
  if (r === 0) return (ins, outs) => (outs[0].data as Float32Array).set(ins[0]!.data as Float32Array);
  const n = numel(x.dims.filter((_, i) => red[i]));
  const outN = numel(x.dims.filter((_, i) => !red[i]));

  const sizes: number[] = [];
  const kinds: boolean[] = [];
  x.dims.forEach((d, i) => {
    if (kinds.length && kinds[kinds.length - 1] === red[i]) sizes[sizes.length - 1] *= d;
    else {
      kinds.push(red[i]);
      sizes.push(d);
    }
  });
  const sig = kinds.map((k) => (k ? 'R' : 'K')).join('');
  const finish = (Y: Float32Array) => {
    for (let i = 0; i < outN; i++) Y[i] = Y[i] / n;
  };

  if (sig === 'R' && sizes[0] > 0)
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array;
      let s = X[0];
      for (let k = 1; k < X.length; k++) s = f32(s + X[k]);
      (outs[0].data as Float32Array)[0] = s / n;
    };
  if (sig === 'KR' && sizes[1] > 0)
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
      const [rows, len] = sizes;
      for (let o = 0, p = 0; o < rows; o++) {
        let s = X[p++];
        for (let k = 1; k < len; k++) s = f32(s + X[p++]);
        Y[o] = s / n;
      }
    };
  if (sig === 'KRK' && sizes[0] >= 2 && sizes[1] > 0)
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
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
            const p = xo + k * cols + j;
            s = f32(s + f32(f32(f32(X[p] + X[p + cols]) + X[p + 2 * cols]) + X[p + 3 * cols]));
          }
          for (; k < rows; k++) s = f32(s + X[xo + k * cols + j]);
          Y[yo + j] = s;
        }
      }
      finish(Y);
    };
  if (sig === 'RKR' && sizes[1] >= 2 && sizes[2] > 0)
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
      const [outer, mid, inner] = sizes;
      for (let j = 0; j < mid; j++) {
        let s = 0;
        for (let o = 0; o < outer; o++) {
          let p = (o * mid + j) * inner;
          let part = X[p++];
          for (let k = 1; k < inner; k++) part = f32(part + X[p++]);
          s = f32(s + part);
        }
        Y[j] = s;
      }
      finish(Y);
    };
  if (sig === 'RK' && sizes[0] > 16 && Math.max(sizes[0], sizes[1]) > 256)
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
      const [rows, cols] = sizes;
      Y.set(X.subarray(0, cols));
      for (let k = 1; k < rows; k++) for (let j = 0, p = k * cols; j < cols; j++) Y[j] = Y[j] + X[p + j];
      finish(Y);
    };
  // General: walk X in row-major order; each element lands on its output (kept dims' strides, 0 on reduced dims).
  const keptDims = x.dims.map((d, i) => (red[i] ? 1 : d));
  const ostr = stridesOf(keptDims).map((s, i) => (red[i] ? 0 : s));
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    Y.fill(0);
    if (X.length === 0) return finish(Y);
    const idx = new Int32Array(r);
    const last = r - 1;
    const lastLen = x.dims[last],
      lastStride = ostr[last];
    let o = 0;
    for (let p = 0; p < X.length; ) {
      for (let k = 0; k < lastLen; k++, p++) Y[o + k * lastStride] = Y[o + k * lastStride] + X[p];
      // Advance over the dims before the last.
      for (let d = last - 1; d >= 0; d--) {
        o += ostr[d];
        if (++idx[d] < x.dims[d]) break;
        o -= ostr[d] * x.dims[d];
        idx[d] = 0;
      }
    }
    finish(Y);
  };
};
