/** GlobalAveragePool (float32): X [N, C, D1..Dk] -> [N, C, 1..1], the f32 sum over the image from 0, / size in f32. */
import { expectType, f32, makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const GlobalAveragePool: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'GlobalAveragePool');
  const x = need(inputs, 0, 'X');
  expectType(x, 'GlobalAveragePool X', 'float32');
  if (x.dims.length < 3) throw new Error(`GlobalAveragePool: X must have rank 3 or more, has dims [${x.dims}]`);
  const [n, c, ...spatial] = x.dims;
  const size = numel(spatial);
  const y = makeTensor('float32', [n, c, ...spatial.map(() => 1)]);
  const xd = x.data as Float32Array;
  for (let p = 0; p < n * c; p++) {
    let sum = 0;
    for (let i = 0; i < size; i++) sum = f32(sum + xd[p * size + i]);
    y.data[p] = f32(sum / size);
  }
  return [y];
};
