/**
 * LogSoftmax (float32, opset 1+) as onnxruntime-web 1.30 computes it (MLAS MlasComputeSoftmax with its LogSoftmax
 * flag, one thread), bit for bit (test/model-ops-activations.test.ts checks it on onnxruntime-web):
 * - groups: those of Softmax (./softmax.ts): opset < 13 the rows of the input flattened to 2-D at `axis` (default 1),
 *   opset 13+ the one axis `axis` (default -1), strided groups gathered into a row and scattered back.
 * - per group of n values: m = the maximum, from -inf (so a group of -inf only gives NaN, as there; a NaN anywhere
 *   makes the whole group NaN, as every term does there); s = the sum of MLAS's softmax exponentials of x + (-m) in
 *   MLAS's lane order (../../numerics/float-math.ts sumExpRow); y = f(f(x + (-m)) - logf(s)) with the C library's
 *   logf (musl's, ../../numerics/logf.ts), f() rounding to float32.
 * The reference executor's LogSoftmax (kernels-ref) uses libm's exp and log in double: within 1 ulp of max(1, |y|).
 */
import type { HostOpFactory } from '../types.js';
import { softmaxGroups } from './softmax.js';
import { sumExpRow } from '../../numerics/float-math.js';
import { logf } from '../../numerics/logf.js';

const f32 = Math.fround;

/** LogSoftmax of x[xo .. xo + n) into y[yo .. yo + n) (y may be x); e holds the n exponentials. */
function logSoftmaxRow(x: Float32Array, xo: number, y: Float32Array, yo: number, n: number, e: Float32Array): void {
  let m = -Infinity;
  for (let i = xo, end = xo + n; i < end; i++) m = Math.max(m, x[i]);
  const negMax = -m;
  const lg = logf(sumExpRow(x, xo, e, 0, n, negMax));
  for (let i = 0; i < n; i++) y[yo + i] = f32(x[xo + i] + negMax) - lg;
}

export const LogSoftmax: HostOpFactory = (node, inputs, outputs, opset) => {
  const { outer, len, inner } = softmaxGroups(node, inputs, outputs, opset);
  const e = new Float32Array(len);
  if (inner === 1)
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
      for (let o = 0; o < outer; o++) logSoftmaxRow(X, o * len, Y, o * len, len, e);
    };
  const row = new Float32Array(len);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let o = 0; o < outer; o++)
      for (let j = 0; j < inner; j++) {
        const base = o * len * inner + j;
        for (let k = 0; k < len; k++) row[k] = X[base + k * inner];
        logSoftmaxRow(row, 0, row, 0, len, e);
        for (let k = 0; k < len; k++) Y[base + k * inner] = row[k];
      }
  };
};
