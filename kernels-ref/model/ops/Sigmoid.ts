/** Sigmoid (float32): f(1 / (1 + exp(-x))) in double, rounded once (within ONNX's float tolerance of onnxruntime). */
import { expectType, f32, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Sigmoid: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Sigmoid');
  const x = need(inputs, 0, 'X');
  expectType(x, 'Sigmoid X', 'float32');
  const y = makeTensor('float32', x.dims);
  const xd = x.data as Float32Array;
  for (let i = 0; i < xd.length; i++) y.data[i] = f32(1 / (1 + Math.exp(-xd[i])));
  return [y];
};
