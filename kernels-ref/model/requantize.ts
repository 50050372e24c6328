/**
 * The int32 -> int8 / uint8 output stage of QLinearConv and QLinearMatMul (docs/int8-ops.md, QLinearConv,
 * QLinearMatMul and QGemm; MLAS's scalar `MlasRequantizeOutput`): the int32 bias is added as an integer, the sum
 * converted to float32, multiplied by the output scale in float32, clamped in float (C++ max then min) to [lo - zp,
 * hi - zp], rounded half to even, and the zero point added as an integer.
 *
 * The output scale is f32(f32(in_scale * w_scale[n]) / y_scale), left to right.
 */
import { cmax, cmin, f32, roundHalfEven } from './tensor.js';

export function outputScale(inScale: number, wScale: number, yScale: number): number {
  return f32(f32(inScale * wScale) / yScale);
}

export function requantize(acc: number, bias: number, scale: number, zp: number, lo: number, hi: number): number {
  const v = (acc + bias) | 0; // int32 wraparound
  let f = f32(f32(v) * scale);
  f = cmin(cmax(f, lo - zp), hi - zp);
  return roundHalfEven(f) + zp;
}
