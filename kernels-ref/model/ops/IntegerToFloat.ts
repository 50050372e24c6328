/**
 * com.microsoft MatMulIntegerToFloat and DynamicQuantizeMatMul (what onnxruntime's graph optimizer writes for a
 * quantize_dynamic matrix product): the exact int32 product of MatMulInteger, each sum to float32, times the product
 * of the two scales (one float32 multiplication), plus the bias where given (one float32 addition per element, the
 * bias along the last axis):
 *   MatMulIntegerToFloat(A, B, a_scale, b_scale, a_zero_point?, b_zero_point?, bias?)
 *   DynamicQuantizeMatMul(A, B, b_scale, b_zero_point?, bias?): A (float32) through DynamicQuantizeLinear first.
 * One scale and one zero point per operand (onnxruntime's kernels take no other).
 */
import { DynamicQuantizeLinear } from './DynamicQuantizeLinear.js';
import { MatMulInteger } from './MatMulInteger.js';
import { expectType, f32, makeTensor, need, onlyAttrs, type OpFn, type Tensor } from '../tensor.js';

function one(t: Tensor | undefined, what: string): void {
  if (t && (t.data.length !== 1 || t.dims.length > 1)) throw new Error(`${what} must hold one value`);
}

function toFloat(
  a: Tensor,
  b: Tensor,
  aScale: Tensor,
  bScale: Tensor,
  aZp: Tensor | undefined,
  bZp: Tensor | undefined,
  bias: Tensor | undefined,
): Tensor {
  for (const [t, w] of [
    [aScale, 'a_scale'],
    [bScale, 'b_scale'],
    [aZp, 'a_zero_point'],
    [bZp, 'b_zero_point'],
  ] as const)
    one(t, w);
  expectType(aScale, 'a_scale', 'float32');
  expectType(bScale, 'b_scale', 'float32');
  const [sums] = MatMulInteger([a, b, aZp, bZp], new Map(), 10);
  const scale = f32((aScale.data[0] as number) * (bScale.data[0] as number));
  const y = makeTensor('float32', sums.dims);
  const s = sums.data as Int32Array,
    out = y.data as Float32Array;
  const n = sums.dims[sums.dims.length - 1] ?? 1;
  if (bias) {
    expectType(bias, 'bias', 'float32');
    if (bias.data.length !== n) throw new Error(`bias has ${bias.data.length} values, expected ${n}`);
  }
  for (let i = 0; i < s.length; i++) {
    const v = f32(f32(s[i]) * scale);
    out[i] = bias ? f32(v + (bias.data[i % n] as number)) : v;
  }
  return y;
}

export const MatMulIntegerToFloat: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'MatMulIntegerToFloat');
  const a = need(inputs, 0, 'A'),
    b = need(inputs, 1, 'B');
  return [toFloat(a, b, need(inputs, 2, 'a_scale'), need(inputs, 3, 'b_scale'), inputs[4], inputs[5], inputs[6])];
};

export const DynamicQuantizeMatMul: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'DynamicQuantizeMatMul');
  const a = need(inputs, 0, 'A'),
    b = need(inputs, 1, 'B');
  expectType(a, 'DynamicQuantizeMatMul A', 'float32');
  const [a8, aScale, aZp] = DynamicQuantizeLinear([a], new Map(), 11);
  return [toFloat(a8, b, aScale, need(inputs, 2, 'b_scale'), aZp, inputs[3], inputs[4])];
};
