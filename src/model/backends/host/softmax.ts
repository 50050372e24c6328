/**
 * Softmax (float32) as onnxruntime-web computes it (MLAS MlasComputeSoftmax, one thread), bit for bit:
 * - groups: opset < 13 flattens X to [prod(dims[:axis]), prod(dims[axis:])] (axis default 1) and normalizes each
 *   row; opset 13+ normalizes along the one axis `axis` (default -1), strided groups being gathered into a row and
 *   scattered back (onnxruntime transposes the axis last; the arithmetic is the same per row).
 * - per row of n values: m = the maximum; e[i] = the softmax exponential of x[i] + (-m) (./float-math.ts); the sum:
 *   when n >= 4, four lane sums s0..s3 over the first 4 * floor(n / 4) values (value i to lane i % 4), combined as
 *   f(f(s0 + s2) + f(s1 + s3)), then the remaining values added one by one (from 0 when n < 4); y[i] = f(e[i] * f(1 / sum)).
 * The reference executor's Softmax (kernels-ref) uses libm's exp and y = e / sum: within a few ulps of this.
 */
import type { HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import { attrInt, expectDims, expectOutType, expectType, need, normAxis, numel, onlyAttrs } from './common.js';
import { sumExpRow } from '../../numerics/float-math.js';

const f32 = Math.fround;

/** Softmax of x[xo .. xo + n) into y[yo .. yo + n) (y may be x). */
function softmaxRow(x: Float32Array, xo: number, y: Float32Array, yo: number, n: number): void {
  let m = -3.4028234663852886e38;
  for (let i = xo, e = xo + n; i < e; i++) m = Math.max(m, x[i]);
  const scale = f32(1 / sumExpRow(x, xo, y, yo, n, -m));
  for (let i = yo, e = yo + n; i < e; i++) y[i] = scale * y[i];
}

/** Checks a Softmax node and returns its groups: `outer` blocks of `len` values `inner` apart, `inner` per block. */
export function softmaxGroups(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
): { outer: number; len: number; inner: number } {
  onlyAttrs(node, 'axis');
  const x = need(node, inputs, 0, 'input');
  expectType(node, x, 'input', 'float32');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  const r = x.dims.length;
  const axis = normAxis(node, attrInt(node, 'axis', opset < 13 ? 1 : -1), Math.max(r, 1));
  return {
    outer: numel(x.dims.slice(0, axis)),
    len: opset < 13 ? numel(x.dims.slice(axis)) : (x.dims[axis] ?? 1),
    inner: opset < 13 ? 1 : numel(x.dims.slice(axis + 1)),
  };
}

export const Softmax: HostOpFactory = (node, inputs, outputs, opset) => {
  const { outer, len, inner } = softmaxGroups(node, inputs, outputs, opset);
  if (inner === 1)
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
      for (let o = 0; o < outer; o++) softmaxRow(X, o * len, Y, o * len, len);
    };
  const row = new Float32Array(len);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let o = 0; o < outer; o++)
      for (let j = 0; j < inner; j++) {
        const base = o * len * inner + j;
        for (let k = 0; k < len; k++) row[k] = X[base + k * inner];
        softmaxRow(row, 0, row, 0, len);
        for (let k = 0; k < len; k++) Y[base + k * inner] = row[k];
      }
  };
};
