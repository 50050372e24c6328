/**
 * com.microsoft QLinearSigmoid and QLinearLeakyRelu (docs/int8-ops.md, QLinearSigmoid and QLinearLeakyRelu): inputs
 * X, X_scale, X_zero_point (optional), Y_scale, Y_zero_point (optional); the output has X's type. Each is a 256-entry
 * table (qlinear.ts) of quantize(F(f(x_scale * (t - x_zp)))):
 * - LeakyRelu: F(d) = d >= 0 ? d : f(alpha * d) (alpha default 0.01f; -0 keeps d);
 * - Sigmoid: MLAS's MlasLogisticKernel, a rational approximation, every step an f32 mul or add.
 */
import { buildLut, byteOf, scaleIn, zpIn } from '../qlinear.js';
import { attrFloat, cmax, cmin, expectType, f32, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

const A9 = f32(4.37031012579801e-11),
  A7 = f32(1.15627324459942e-7),
  A5 = f32(6.08574864600143e-5);
const A3 = f32(8.51377133304701e-3),
  A1 = f32(2.48287947061529e-1);
const B10 = f32(6.10247389755681e-13),
  B8 = f32(5.76102136993427e-9),
  B6 = f32(6.2910678501704e-6);
const B4 = f32(1.70198817374094e-3),
  B2 = f32(1.16817656904453e-1),
  B0 = f32(9.9315192102318e-1);

/** MlasLogisticKernel (docs/int8-ops.md, QLinearSigmoid and QLinearLeakyRelu). */
export function mlasLogistic(d: number): number {
  const v = cmin(cmax(d, -18), 18);
  const v2 = f32(v * v);
  let p = f32(f32(v2 * A9) + A7);
  p = f32(f32(p * v2) + A5);
  p = f32(f32(p * v2) + A3);
  p = f32(f32(p * v2) + A1);
  p = f32(p * v);
  let q = f32(f32(v2 * B10) + B8);
  q = f32(f32(q * v2) + B6);
  q = f32(f32(q * v2) + B4);
  q = f32(f32(q * v2) + B2);
  q = f32(f32(q * v2) + B0);
  return cmin(cmax(f32(f32(p / q) + 0.5), 0), 1);
}

function lutOp(op: string, attrNames: string[], fnOf: (attrs: Parameters<OpFn>[1]) => (d: number) => number): OpFn {
  return (inputs, attrs) => {
    onlyAttrs(attrs, op, ...attrNames);
    const x = need(inputs, 0, 'X');
    expectType(x, `${op} X`, 'uint8', 'int8');
    const lut = buildLut(
      x.type,
      scaleIn(inputs, 1, 'X_scale', op),
      zpIn(inputs, 2, x.type, 'X_zero_point', op),
      scaleIn(inputs, 3, 'Y_scale', op),
      zpIn(inputs, 4, x.type, 'Y_zero_point', op),
      fnOf(attrs),
    );
    const y = makeTensor(x.type, x.dims);
    const xd = x.data as ArrayLike<number>;
    for (let i = 0; i < xd.length; i++) y.data[i] = lut[byteOf(xd[i])];
    return [y];
  };
}

export const QLinearSigmoid = lutOp('QLinearSigmoid', [], () => mlasLogistic);
export const QLinearLeakyRelu = lutOp('QLinearLeakyRelu', ['alpha'], (attrs) => {
  const alpha = f32(attrFloat(attrs, 'alpha', 0.01));
  return (d) => (d >= 0 ? d : f32(alpha * d));
});
