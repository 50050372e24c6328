/**
 * QLinearMatMul: the exact int32 matmul of (a - a_zp) * (b - b_zp[n]) (numpy batching, matmul.ts), then the
 * requantization of requantize.ts without bias, with scale[n] = f32(f32(a_scale * b_scale[n]) / y_scale)
 * (docs/int8-ops.md, QLinearConv, QLinearMatMul and QGemm). a and y parameters are per tensor; b_scale and
 * b_zero_point per tensor or per column (N values). The output type is y_zero_point's.
 */
import { intMatMul } from '../matmul.js';
import { outputScale, requantize } from '../requantize.js';
import { expectType, makeTensor, need, numbers, onlyAttrs, qRange, scalarOf, type OpFn } from '../tensor.js';

export const QLinearMatMul: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'QLinearMatMul');
  const a = need(inputs, 0, 'a');
  const aScale = scalarOf(need(inputs, 1, 'a_scale'), 'QLinearMatMul a_scale');
  const aZp = scalarOf(need(inputs, 2, 'a_zero_point'), 'QLinearMatMul a_zero_point');
  const b = need(inputs, 3, 'b');
  const bScales = numbers(need(inputs, 4, 'b_scale'));
  const bZps = numbers(need(inputs, 5, 'b_zero_point'));
  const yScale = scalarOf(need(inputs, 6, 'y_scale'), 'QLinearMatMul y_scale');
  const yZpT = need(inputs, 7, 'y_zero_point');
  const yZp = scalarOf(yZpT, 'QLinearMatMul y_zero_point');
  expectType(a, 'QLinearMatMul a', 'uint8', 'int8');
  expectType(b, 'QLinearMatMul b', 'uint8', 'int8');
  const [lo, hi] = qRange(yZpT.type);
  const n = b.dims.length === 1 ? 1 : b.dims[b.dims.length - 1];
  for (const [v, what] of [
    [bScales, 'b_scale'],
    [bZps, 'b_zero_point'],
  ] as const)
    if (v.length !== 1 && v.length !== n)
      throw new Error(`QLinearMatMul: ${what} has ${v.length} values, expected 1 or ${n}`);
  const at = (v: number[], j: number) => v[v.length === 1 ? 0 : j];
  const scales = Array.from({ length: n }, (_, j) => outputScale(aScale, at(bScales, j), yScale));
  const r = intMatMul(
    a,
    b,
    () => aZp,
    (j) => at(bZps, j),
    'QLinearMatMul',
  );
  const y = makeTensor(yZpT.type, r.dims);
  for (let i = 0; i < r.acc.length; i++) y.data[i] = requantize(r.acc[i], 0, scales[r.col[i]], yZp, lo, hi);
  return [y];
};
