/**
 * The transcendental functions of onnxruntime's float kernels as its wasm build computes them (MLAS's portable
 * code: `logistic.cpp`, `tanh.cpp` MlasTanhKernel, `compute.cpp` MlasComputeExpVector), written out as scalar float32 steps, so
 * that the reference executor's Tanh and Exp give onnxruntime-web 1.30's bits (checked there, test/model-host-ops).
 *
 * In wasm MLAS has no fused multiply-add: `MlasMultiplyAddFloat32x4(a, b, c)` is a float32 multiply, then a
 * float32 add, each rounded (`f()` below). The 4-wide loops and the scalar tails do the same arithmetic.
 *
 * - tanh: v = min(max(x, -9), 9) (NaN passes); v2 = f(v * v);
 *   p = f(v2 * a13 + a11), then p = f(p * v2 + a) for a9, a7, a5, a3, a1; p = f(p * v);
 *   q = f(v2 * b6 + b4), then q = f(q * v2 + b) for b2, b0; y = f(p / q).
 * - logistic (Sigmoid, `logistic.cpp` MlasLogisticKernel): v = clamp(x, -18, 18) (NaN passes); v2 = f(v * v);
 *   p = f(v2 * a9 + a7), then p = f(p * v2 + a) for a5, a3, a1; p = f(p * v); q = f(v2 * b10 + b8), then
 *   q = f(q * v2 + b) for b6, b4, b2, b0; y = clamp(f(f(p / q) + 0.5), 0, 1) (NaN passes).
 * - exp: v = clamp(x, -103.972084, 88.7762627) (NaN passes); range reduction with the rounding constant 1.5 * 2^23:
 *   biased = f(v * log2(e) + 12582912), m = f(biased - 12582912) (the nearest integer to v * log2(e)),
 *   v = f(m * -0.693145752 + v), v = f(m * -1.42860677e-6 + v); the power 2^m is built from the integer bits of
 *   `biased` in two factors, `normal` = 2^clamp(m, -126, 127) and `overflow` = 2^(m - clamp(m, -126, 127)), so that
 *   results down to the subnormals come out; p = a degree-5 polynomial in v (Horner, f32 steps),
 *   p = f(p * f(v * overflow) + overflow), y = f(p * normal).
 */
import { f32 } from './tensor.js';

const TANH_A = [
  -2.76076847742355e-16, 2.00018790482477e-13, -8.60467152213735e-11, 5.12229709037114e-8, 1.48572235717979e-5,
  6.37261928875436e-4, 4.89352455891786e-3,
].map(f32);
const TANH_B = [1.19825839466702e-6, 1.18534705686654e-4, 2.268434632439e-3, 4.89352518554385e-3].map(f32);

export function mlasTanh(x: number): number {
  let v = x < -9 ? -9 : x;
  v = v > 9 ? 9 : v;
  const v2 = f32(v * v);
  let p = f32(f32(v2 * TANH_A[0]) + TANH_A[1]);
  for (let k = 2; k < TANH_A.length; k++) p = f32(f32(p * v2) + TANH_A[k]);
  p = f32(p * v);
  let q = f32(f32(v2 * TANH_B[0]) + TANH_B[1]);
  for (let k = 2; k < TANH_B.length; k++) q = f32(f32(q * v2) + TANH_B[k]);
  return f32(p / q);
}

const LOGISTIC_A = [
  4.37031012579801e-11, 1.15627324459942e-7, 6.08574864600143e-5, 8.51377133304701e-3, 2.48287947061529e-1,
].map(f32);
const LOGISTIC_B = [
  6.10247389755681e-13, 5.76102136993427e-9, 6.2910678501704e-6, 1.70198817374094e-3, 1.16817656904453e-1,
  9.9315192102318e-1,
].map(f32);

export function mlasLogistic(x: number): number {
  let v = x < -18 ? -18 : x;
  v = v > 18 ? 18 : v;
  const v2 = f32(v * v);
  let p = f32(f32(v2 * LOGISTIC_A[0]) + LOGISTIC_A[1]);
  for (let k = 2; k < LOGISTIC_A.length; k++) p = f32(f32(p * v2) + LOGISTIC_A[k]);
  p = f32(p * v);
  let q = f32(f32(v2 * LOGISTIC_B[0]) + LOGISTIC_B[1]);
  for (let k = 2; k < LOGISTIC_B.length; k++) q = f32(f32(q * v2) + LOGISTIC_B[k]);
  let y = f32(f32(p / q) + 0.5);
  y = y < 0 ? 0 : y;
  return y > 1 ? 1 : y;
}

// MlasExpConstants: the hex float literals 0x1.694000p-10, 0x1.125edcp-7, 0x1.555b5ap-5, 0x1.555450p-3,
// 0x1.fffff6p-2, 0x1.000000p+0 as decimals (each exact in float32).
const EXP_POLY = [
  0.0013780593872070312, 0.008373124524950981, 0.041669536381959915, 0.166664719581604, 0.49999985098838806, 1,
];
const EXP_LO = f32(-103.9720840454);
const EXP_HI = f32(88.776262664795);
const ROUNDING_BIAS = 12582912; // 1.5 * 2^23
const LOG2_E = f32(1.44269504088896341);
const LN2_HI = f32(-6.93145752e-1);
const LN2_LO = f32(-1.42860677e-6);

const bits = new DataView(new ArrayBuffer(4));
const floatBits = (x: number): number => (bits.setFloat32(0, x, true), bits.getInt32(0, true));
const bitsFloat = (i: number): number => (bits.setInt32(0, i, true), bits.getFloat32(0, true));

/** wasm f32x4.max / f32x4.min: NaN in either operand gives NaN. */
const wmax = (a: number, b: number): number => (a !== a || b !== b ? NaN : a > b ? a : b);
const wmin = (a: number, b: number): number => (a !== a || b !== b ? NaN : a < b ? a : b);

export function mlasExp(x: number): number {
  let v = wmin(EXP_HI, wmax(EXP_LO, x));
  const biased = f32(f32(v * LOG2_E) + ROUNDING_BIAS);
  const m = f32(biased - ROUNDING_BIAS);
  v = f32(f32(m * LN2_HI) + v);
  v = f32(f32(m * LN2_LO) + v);
  // The integer m sits in the low mantissa bits of `biased`; shifting them up to the exponent field gives m << 23.
  const shifted = floatBits(biased) << 23;
  const normal = Math.min(Math.max(shifted, -126 << 23), 127 << 23);
  const overflow = bitsFloat((shifted - normal + (127 << 23)) | 0);
  const scale = bitsFloat((normal + (127 << 23)) | 0);
  let p = EXP_POLY[0];
  for (let k = 1; k < EXP_POLY.length; k++) p = f32(f32(p * v) + EXP_POLY[k]);
  v = f32(v * overflow);
  p = f32(f32(p * v) + overflow);
  return f32(p * scale);
}
