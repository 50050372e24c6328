/**
 * erf as onnxruntime-web computes it in its Gelu kernels (ONNX Gelu, com.microsoft Gelu and BiasGelu): MLAS's
 * MlasErfKernel, whose 4-wide loop and scalar tail compute the same float32 steps in wasm (no fused multiply-add:
 * each multiply and each add rounded). The same function backs onnxruntime's Erf operator (checked on
 * onnxruntime-web 1.30 bit for bit, test/model-ops-activations.test.ts).
 *
 * With a = |x| (f() rounds to float32, every operation below is rounded):
 * - a <= 0.921875: s = f(a * a), p = Horner in s of S0..S5 (f(f(p * s) + Sk)), y = f(f(p * x) + x) (the sign is x's);
 * - a > 0.921875 (NaN is not): a = min(a, 3.925); q = Horner in a of B0..B6, q = f(f(q * a) + a); then
 *   e = exp(-q) by MLAS's erf-local exp: v = max(-q, -88.3762626647949), m = f(f(f(v * log2(e)) + 12582912) -
 *   12582912) (v / ln2 to the nearest integer), r = f(f(m * -ln2_hi) + v), r = f(f(m * -ln2_lo) + r), e = Horner
 *   in r of E0..E6 times 2^m; y = f(1 - e), negated for a negative x.
 * NaN gives NaN, +-0 give +-0, |x| >= 3.925 gives +-1.
 */
const f32 = Math.fround;

const UPPER = f32(3.925),
  SPLIT = 0.921875;
const S = [-5.99104969e-4, 4.99339588e-3, -2.67667342e-2, 1.12818025e-1, -3.76124859e-1, 1.28379151e-1].map(f32);
const B = [1.7294893e-5, -3.8320868e-4, 3.88393435e-3, -2.42545605e-2, 1.06777847e-1, 6.34846687e-1, 1.28717512e-1].map(
  f32,
);
const E = [1.38319808e-3, 8.37550033e-3, 4.16689515e-2, 1.66664466e-1, 4.99999851e-1, 1, 1].map(f32);
const EXP_LOWER = f32(-88.3762626647949),
  LOG2E = f32(1.44269504088896341),
  LN2_HI = f32(-6.93145752e-1),
  LN2_LO = f32(-1.42860677e-6),
  ROUND = 12582912; // 1.5 * 2^23

export function mlasErf(x: number): number {
  let a = Math.abs(x);
  if (a > SPLIT) {
    a = a < UPPER ? a : UPPER;
    let q = B[0];
    for (let k = 1; k < 7; k++) q = f32(f32(q * a) + B[k]);
    q = f32(f32(q * a) + a);
    const v = -q < EXP_LOWER ? EXP_LOWER : -q;
    const m = f32(f32(f32(LOG2E * v) + ROUND) - ROUND);
    let r = f32(f32(m * LN2_HI) + v);
    r = f32(f32(m * LN2_LO) + r);
    let e = E[0];
    for (let k = 1; k < 7; k++) e = f32(f32(e * r) + E[k]);
    const y = f32(1 - f32(e * 2 ** m));
    return x < 0 ? -y : y;
  }
  const s = f32(a * a);
  let p = S[0];
  for (let k = 1; k < 6; k++) p = f32(f32(p * s) + S[k]);
  return f32(f32(p * x) + x);
}
