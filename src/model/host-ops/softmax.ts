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
import type { HostOpFactory } from '../kernels/types.js';
import { attrInt, expectDims, expectOutType, expectType, f32, need, normAxis, numel, onlyAttrs } from './common.js';
import { sumExpTerm } from './float-math.js';

/** Softmax of row[0..n) into out[0..n) (may be the same array). */
function softmaxRow(row: Float32Array, out: Float32Array, n: number): void {
  let m = -3.4028234663852886e38;
  for (let i = 0; i < n; i++) m = Math.max(m, row[i]);
  const neg = -m;
  let sum = 0;
  let i = 0;
  if (n >= 4) {
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (; i + 4 <= n; i += 4) {
      const e0 = sumExpTerm(row[i], neg), e1 = sumExpTerm(row[i + 1], neg), e2 = sumExpTerm(row[i + 2], neg), e3 = sumExpTerm(row[i + 3], neg);
      out[i] = e0; out[i + 1] = e1; out[i + 2] = e2; out[i + 3] = e3;
      s0 = f32(s0 + e0); s1 = f32(s1 + e1); s2 = f32(s2 + e2); s3 = f32(s3 + e3);
    }
    sum = f32(f32(s0 + s2) + f32(s1 + s3));
  }
  for (; i < n; i++) {
    const e = sumExpTerm(row[i], neg);
    out[i] = e;
    sum = f32(sum + e);
  }
  const scale = f32(1 / sum);
  for (let k = 0; k < n; k++) out[k] = scale * out[k];
}

export const Softmax: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'axis');
  const x = need(node, inputs, 0, 'input');
  expectType(node, x, 'input', 'float32');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  const r = x.dims.length;
  const axis = normAxis(node, attrInt(node, 'axis', opset < 13 ? 1 : -1), Math.max(r, 1));
  const outer = numel(x.dims.slice(0, axis));
  const len = opset < 13 ? numel(x.dims.slice(axis)) : x.dims[axis] ?? 1;
  const inner = opset < 13 ? 1 : numel(x.dims.slice(axis + 1));
  if (inner === 1)
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array, Y = outs[0].data as Float32Array;
      for (let o = 0; o < outer; o++) softmaxRow(X.subarray(o * len, (o + 1) * len), Y.subarray(o * len, (o + 1) * len), len);
    };
  const row = new Float32Array(len);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array, Y = outs[0].data as Float32Array;
    for (let o = 0; o < outer; o++)
      for (let j = 0; j < inner; j++) {
        const base = o * len * inner + j;
        for (let k = 0; k < len; k++) row[k] = X[base + k * inner];
        softmaxRow(row, row, len);
        for (let k = 0; k < len; k++) Y[base + k * inner] = row[k];
      }
  };
};
