/**
 * DynamicQuantizeLinear (opset 11; float32 -> uint8), as onnxruntime computes it (docs/int8-ops.md,
 * DynamicQuantizeLinear): the smallest and largest value of x, the range widened to hold 0, the scale
 * (max - min) / 255 in float32 (1 for an all-zero range), the zero point 0 - min / scale clamped to [0, 255] and
 * rounded half to even, then every element quantized with them as QuantizeLinear does. Outputs: y, y_scale (a
 * float32 scalar), y_zero_point (a uint8 scalar). NaN as onnxruntime's reduction treats it: it counts (the range is NaN)
 * when it is among the first n - n % 4 elements (n >= 4), which its vector min / max read, and is skipped when it is
 * among the rest, which its scalar loop reads.
 */
import {
  cmax,
  cmin,
  expectType,
  f32,
  makeTensor,
  need,
  onlyAttrs,
  roundHalfEven,
  toInt,
  type OpFn,
} from '../tensor.js';

export const DynamicQuantizeLinear: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'DynamicQuantizeLinear');
  const x = need(inputs, 0, 'x');
  expectType(x, 'DynamicQuantizeLinear x', 'float32');
  const xd = x.data as Float32Array;
  let lo = Infinity;
  let hi = -Infinity;
  const vectorPart = xd.length >= 4 ? xd.length - (xd.length % 4) : 0;
  xd.forEach((v, i) => {
    if (Number.isNaN(v) && i < vectorPart) lo = hi = Number.NaN;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  });
  lo = cmin(lo, 0);
  hi = cmax(hi, 0);
  const scale = hi === lo ? 1 : f32(f32(hi - lo) / 255);
  // std::max(0, std::min(255, z)): a NaN z (an infinite range) gives 255
  const zero = roundHalfEven(cmax(0, cmin(255, f32(0 - f32(lo / scale)))));
  const y = makeTensor('uint8', x.dims);
  for (let i = 0; i < xd.length; i++)
    y.data[i] = toInt(cmin(cmax(f32(roundHalfEven(f32(xd[i] / scale)) + zero), 0), 255));
  return [y, makeTensor('float32', [], Float32Array.of(scale)), makeTensor('uint8', [], Uint8Array.of(zero))];
};
