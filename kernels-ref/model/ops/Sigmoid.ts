/** Sigmoid (float32): MLAS's logistic as onnxruntime-web computes it (../mlas-math.ts), bit for bit. */
import { mlasLogistic } from '../mlas-math.js';
import { expectType, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Sigmoid: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Sigmoid');
  const x = need(inputs, 0, 'X');
  expectType(x, 'Sigmoid X', 'float32');
  const y = makeTensor('float32', x.dims);
  const xd = x.data as Float32Array;
  for (let i = 0; i < xd.length; i++) y.data[i] = mlasLogistic(xd[i]);
  return [y];
};
