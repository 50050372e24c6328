/**
 * BatchNormalization, inference only (float32), as onnxruntime's CPU kernel computes it: per channel c,
 * inv = f(1 / f(sqrt(f(var[c] + epsilon)))), s = f(inv * scale[c]), b = f(B[c] - f(mean[c] * s)), and then every
 * element of channel c: y = f(f(x * s) + b). X is [N, C, ...] (rank >= 2); scale, B, mean, var have C values.
 * Refused: training (`training_mode` = 1, opset 14+), `spatial` = 0 (opset < 9). `momentum` is read and unused.
 */
import { attrFloat, attrInt, expectType, f32, makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const BatchNormalization: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(
    attrs,
    'BatchNormalization',
    'epsilon',
    'momentum',
    ...(opset < 9 ? ['spatial'] : []),
    ...(opset >= 14 ? ['training_mode'] : []),
    ...(opset < 7 ? ['is_test', 'consumed_inputs'] : []),
  );
  if (attrInt(attrs, 'training_mode', 0) !== 0) throw new Error('BatchNormalization: training_mode is not supported');
  if (attrInt(attrs, 'spatial', 1) !== 1) throw new Error('BatchNormalization: spatial = 0 is not supported');
  const x = need(inputs, 0, 'X');
  const params = [1, 2, 3, 4].map((k) => need(inputs, k, ['scale', 'B', 'input_mean', 'input_var'][k - 1]));
  expectType(x, 'BatchNormalization X', 'float32');
  if (x.dims.length < 2) throw new Error(`BatchNormalization: X [${x.dims}] must have rank >= 2`);
  const c = x.dims[1];
  for (const p of params) {
    expectType(p, 'BatchNormalization parameter', 'float32');
    if (p.data.length !== c)
      throw new Error(`BatchNormalization: a parameter has ${p.data.length} values, X has ${c} channels`);
  }
  const [scale, bias, mean, variance] = params.map((p) => p.data as Float32Array);
  const eps = f32(attrFloat(attrs, 'epsilon', 1e-5));
  const s = new Float32Array(c);
  const b = new Float32Array(c);
  for (let k = 0; k < c; k++) {
    const inv = f32(1 / f32(Math.sqrt(f32(variance[k] + eps))));
    s[k] = f32(inv * scale[k]);
    b[k] = f32(bias[k] - f32(mean[k] * s[k]));
  }
  const inner = numel(x.dims.slice(2));
  const y = makeTensor('float32', x.dims);
  const xd = x.data as Float32Array;
  for (let i = 0; i < xd.length; i++) {
    const k = Math.floor(i / inner) % c;
    y.data[i] = f32(f32(xd[i] * s[k]) + b[k]);
  }
  return [y];
};
