/**
 * GlobalAveragePool (float32): X [N, C, D1..Dk] -> [N, C, 1..1], onnxruntime's global loop (pool-float.ts): four
 * lanes of f32 sums over the first n - n % 4 cells, (l0 + l2) + (l1 + l3), the other cells in order, / f(n).
 */
import { globalFold } from '../pool-float.js';
import { expectType, makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const GlobalAveragePool: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'GlobalAveragePool');
  const x = need(inputs, 0, 'X');
  expectType(x, 'GlobalAveragePool X', 'float32');
  if (x.dims.length < 3) throw new Error(`GlobalAveragePool: X must have rank 3 or more, has dims [${x.dims}]`);
  const [n, c, ...spatial] = x.dims;
  const size = numel(spatial);
  const y = makeTensor('float32', [n, c, ...spatial.map(() => 1)]);
  const xd = x.data as Float32Array;
  for (let p = 0; p < n * c; p++) y.data[p] = globalFold(true, size, (i) => xd[p * size + i]);
  return [y];
};
