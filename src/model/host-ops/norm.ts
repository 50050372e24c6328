/**
 * BatchNormalization, inference (float32), as onnxruntime's CPU kernel and the reference executor compute it: per
 * channel c, inv = f(1 / f(sqrt(f(var[c] + epsilon)))), s = f(inv * scale[c]), b = f(B[c] - f(mean[c] * s)); each
 * element of channel c: y = f(f(x * s) + b). X is [N, C, ...] (rank >= 2). Refused: training_mode = 1 (opset 14+),
 * spatial = 0 (opset < 9), more than one output.
 */
import type { HostOpFactory } from '../kernels/types.js';
import { attrFloat, attrInt, expectDims, expectOutType, expectType, f32, need, numel, onlyAttrs, unsupported } from './common.js';

export const BatchNormalization: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'epsilon', 'momentum', ...(opset < 9 ? ['spatial'] : []), ...(opset >= 14 ? ['training_mode'] : []), ...(opset < 7 ? ['is_test', 'consumed_inputs'] : []));
  if (attrInt(node, 'training_mode', 0) !== 0) unsupported(node, 'training_mode is not supported');
  if (attrInt(node, 'spatial', 1) !== 1) unsupported(node, 'spatial = 0 is not supported');
  if (outputs.slice(1).some(Boolean)) unsupported(node, 'the training outputs (running mean and var) are not supported');
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  if (x.dims.length < 2) unsupported(node, `X [${x.dims}] must have rank >= 2`);
  const c = x.dims[1];
  ['scale', 'B', 'input_mean', 'input_var'].forEach((what, k) => {
    const p = need(node, inputs, k + 1, what);
    expectType(node, p, what, 'float32');
    if (numel(p.dims) !== c) unsupported(node, `${what} has ${numel(p.dims)} values, X has ${c} channels`);
  });
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  const eps = f32(attrFloat(node, 'epsilon', 1e-5));
  const inner = numel(x.dims.slice(2));
  const planes = x.dims[0] * c;
  const s = new Float32Array(c), sh = new Float32Array(c);
  return (ins, outs) => {
    const [scale, bias, mean, variance] = [1, 2, 3, 4].map((k) => ins[k]!.data as Float32Array);
    for (let k = 0; k < c; k++) {
      s[k] = scale[k] * f32(1 / f32(Math.sqrt(f32(variance[k] + eps))));
      sh[k] = bias[k] - f32(mean[k] * s[k]);
    }
    const X = ins[0]!.data as Float32Array, Y = outs[0].data as Float32Array;
    for (let p = 0; p < planes; p++) {
      const sv = s[p % c], bv = sh[p % c];
      for (let i = p * inner, e = i + inner; i < e; i++) Y[i] = f32(X[i] * sv) + bv;
    }
  };
};
