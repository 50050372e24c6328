/**
 * DequantizeLinear (opset 10 / 13+; uint8 / int8 / int32 inputs; per tensor or per axis), as onnxruntime-web computes
 * it (docs/int8-ops.md, QuantizeLinear and DequantizeLinear): y = f32(float(x - zp) * s). The integer subtraction and
 * its conversion are exact, the one multiply rounds. int32 inputs take no zero point (ONNX: it must be 0 or absent).
 */
import { quantParams } from '../quant-params.js';
import { expectType, f32, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const DequantizeLinear: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'DequantizeLinear', 'axis', 'block_size');
  const x = need(inputs, 0, 'x');
  const scale = need(inputs, 1, 'x_scale');
  const zp = inputs[2];
  expectType(x, 'DequantizeLinear x', 'uint8', 'int8', 'int32');
  if (zp && zp.type !== x.type) throw new Error(`DequantizeLinear: zero point is ${zp.type}, x is ${x.type}`);
  const p = quantParams(x, scale, zp, attrs, opset, 'DequantizeLinear');
  if (x.type === 'int32' && p.zeroPoints.some((z) => z !== 0))
    throw new Error('DequantizeLinear: an int32 x takes zero point 0');
  const y = makeTensor('float32', x.dims);
  const xd = x.data as ArrayLike<number>;
  for (let i = 0; i < xd.length; i++) {
    const k = p.at(i);
    y.data[i] = f32(f32(xd[i] - p.zeroPoints[k]) * p.scales[k]); // float(int32) rounds first (int32 x)
  }
  return [y];
};
