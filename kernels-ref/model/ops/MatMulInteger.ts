/**
 * MatMulInteger: numpy matmul of uint8 / int8 operands into int32, (a - a_zero_point) * (b - b_zero_point)
 * summed exactly (wrapping as int32). a_zero_point is per tensor or per row (M values), b_zero_point per tensor or
 * per column (N values); both default to 0.
 */
import { intMatMul } from '../matmul.js';
import { expectType, makeTensor, need, numbers, onlyAttrs, type OpFn } from '../tensor.js';

function perIndex(values: number[], count: () => number, what: string): (i: number) => number {
  if (values.length === 1) return () => values[0];
  return (i) => {
    if (values.length !== count())
      throw new Error(`MatMulInteger: ${what} has ${values.length} values, expected 1 or ${count()}`);
    return values[i];
  };
}

export const MatMulInteger: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'MatMulInteger');
  const a = need(inputs, 0, 'A');
  const b = need(inputs, 1, 'B');
  expectType(a, 'MatMulInteger A', 'uint8', 'int8');
  expectType(b, 'MatMulInteger B', 'uint8', 'int8');
  const aZps = inputs[2] ? numbers(inputs[2]) : [0];
  const bZps = inputs[3] ? numbers(inputs[3]) : [0];
  const m = a.dims.length === 1 ? 1 : a.dims[a.dims.length - 2];
  const n = b.dims.length === 1 ? 1 : b.dims[b.dims.length - 1];
  const r = intMatMul(
    a,
    b,
    perIndex(aZps, () => m, 'a_zero_point'),
    perIndex(bZps, () => n, 'b_zero_point'),
    'MatMulInteger',
  );
  return [makeTensor('int32', r.dims, r.acc)];
};
