/**
 * Conv (float32): per output element, a float32 sum in tap order (input channel of the group, then kernel
 * position row-major), each product rounded to float32 and each addition too, then the bias B[m] added last.
 * Padding adds nothing. onnxruntime's float Conv runs a blocked GEMM whose summation order is its own: float
 * results agree within ONNX's test tolerance, not bit for bit (the integer operators are the exact ones).
 */
import { convGeometry, forEachOutput } from '../conv-geometry.js';
import { expectType, f32, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Conv: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Conv', 'auto_pad', 'dilations', 'group', 'kernel_shape', 'pads', 'strides');
  const x = need(inputs, 0, 'X');
  const w = need(inputs, 1, 'W');
  const b = inputs[2];
  expectType(x, 'Conv X', 'float32');
  expectType(w, 'Conv W', 'float32');
  const g = convGeometry(x, w, attrs, 'Conv');
  if (b && (b.type !== 'float32' || b.data.length !== g.m))
    throw new Error(`Conv: B must be float32 with ${g.m} values`);
  const y = makeTensor('float32', [g.n, g.m, ...g.outDims]);
  const xd = x.data as Float32Array;
  const wd = w.data as Float32Array;
  forEachOutput(g, (yi, m, xIdx, wIdx, count) => {
    let acc = 0;
    for (let t = 0; t < count; t++) if (xIdx[t] >= 0) acc = f32(acc + f32(xd[xIdx[t]] * wd[wIdx[t]]));
    y.data[yi] = b ? f32(acc + (b.data as Float32Array)[m]) : acc;
  });
  return [y];
};
