/**
 * QuantizeLinear (opset 10 / 13+; uint8 / int8 outputs; per tensor or per axis), as onnxruntime-web computes it
 * (MLAS's scalar branch; docs/int8-ops.md, QuantizeLinear and DequantizeLinear): q = RNE(f32(x / s)) (a true
 * division), v = f32(q + zp), clamped to the type's range with C++ max then min, converted to an integer (NaN -> 0).
 * The output type is the zero point's, uint8 when it is absent.
 */
import { quantParams } from '../quant-params.js';
import {
  cmax,
  cmin,
  expectType,
  f32,
  makeTensor,
  need,
  onlyAttrs,
  qRange,
  roundHalfEven,
  toInt,
  type OpFn,
} from '../tensor.js';

export const QuantizeLinear: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'QuantizeLinear', 'axis', 'saturate', 'block_size');
  const x = need(inputs, 0, 'x');
  const scale = need(inputs, 1, 'y_scale');
  const zp = inputs[2];
  expectType(x, 'QuantizeLinear x', 'float32');
  const type = zp ? zp.type : 'uint8';
  const [lo, hi] = qRange(type);
  const p = quantParams(x, scale, zp, attrs, opset, 'QuantizeLinear');
  const y = makeTensor(type, x.dims);
  const xd = x.data as Float32Array;
  for (let i = 0; i < xd.length; i++) {
    const k = p.at(i);
    const q = roundHalfEven(f32(xd[i] / p.scales[k]));
    const v = cmin(cmax(f32(q + p.zeroPoints[k]), lo), hi);
    y.data[i] = toInt(v);
  }
  return [y];
};
