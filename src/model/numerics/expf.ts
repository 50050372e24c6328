/**
 * expf as onnxruntime-web computes it where its kernels call the C library (Eigen's array exp, scalar in the wasm
 * build: Elu, Selu, Celu, Softplus): emscripten's libc is musl, whose expf is Arm's table method. It is not the
 * correctly rounded f(exp(x)) (about 1 input in 400 differs from that by one ulp), nor MLAS's exp (./float-math.ts,
 * which onnxruntime's Exp operator calls), so the model runtime takes the same steps to give onnxruntime-web's bits
 * (test/model-ops-activations.test.ts checks them on it).
 *
 * The method, in double: z = x * 32 / ln2; k = the nearest integer to z (z + 1.5 * 2^52, then minus it: ties to
 * even); r = z - k; s = 2^(k / 32) = T[k mod 32] * 2^floor(k / 32) with T[j] = 2^(j / 32) as tabulated (the double
 * whose bits are musl's tab[j] + (j << 47)); then
 *   y = (C0 * r + C1) * (r * r) + (C2 * r + 1),  result = f(y * s)
 * in exactly that order, each step one double operation (wasm has no fused multiply-add), rounded once to float32.
 * Outside the polynomial's range: |x| >= 88 takes musl's special cases (-inf -> +0, NaN and +inf pass, above
 * 0x1.62e42ep6 -> +inf, below -0x1.9fe368p6 -> +0), the rest of that range the same steps.
 */

/** A C hexadecimal float literal ('0x1.c6af84b912394p-5') as a number: the constants below are exact as written. */
export function hexFloat(s: string): number {
  const m = /^(-?)0x([0-9a-f])\.?([0-9a-f]*)p([+-]?\d+)$/i.exec(s);
  if (!m) throw new Error(`bad hex float ${s}`);
  return (m[1] ? -1 : 1) * Number.parseInt(m[2] + m[3], 16) * 2 ** (Number(m[4]) - 4 * m[3].length);
}

// musl's exp2f_data: tab[j] = bits(2^(j / 32)) - (j << 47), so bits(2^(j / 32)) = tab[j] + (j << 47).
const TAB = [
  0x3ff0000000000000n,
  0x3fefd9b0d3158574n,
  0x3fefb5586cf9890fn,
  0x3fef9301d0125b51n,
  0x3fef72b83c7d517bn,
  0x3fef54873168b9aan,
  0x3fef387a6e756238n,
  0x3fef1e9df51fdee1n,
  0x3fef06fe0a31b715n,
  0x3feef1a7373aa9cbn,
  0x3feedea64c123422n,
  0x3feece086061892dn,
  0x3feebfdad5362a27n,
  0x3feeb42b569d4f82n,
  0x3feeab07dd485429n,
  0x3feea47eb03a5585n,
  0x3feea09e667f3bcdn,
  0x3fee9f75e8ec5f74n,
  0x3feea11473eb0187n,
  0x3feea589994cce13n,
  0x3feeace5422aa0dbn,
  0x3feeb737b0cdc5e5n,
  0x3feec49182a3f090n,
  0x3feed503b23e255dn,
  0x3feee89f995ad3adn,
  0x3feeff76f2fb5e47n,
  0x3fef199bdd85529cn,
  0x3fef3720dcef9069n,
  0x3fef5818dcfba487n,
  0x3fef7c97337b9b5fn,
  0x3fefa4afa2a490dan,
  0x3fefd0765b6e4540n,
];
const bits64 = new DataView(new ArrayBuffer(8));
/** T[j] = 2^(j / 32) as musl tabulates it (its exp2f_data, shared with ./powf.ts). */
export const T = Float64Array.from(TAB, (t, j) => {
  bits64.setBigUint64(0, t + (BigInt(j) << 47n), true);
  return bits64.getFloat64(0, true);
});
/** P2[q + 160] = 2^q for -160 <= q < 160 (exact). */
export const P2 = Float64Array.from({ length: 320 }, (_, i) => 2 ** (i - 160));

const SHIFT = hexFloat('0x1.8p+52');
const INV_LN2_N = hexFloat('0x1.71547652b82fep+0') * 32;
const C0 = hexFloat('0x1.c6af84b912394p-5') / 32 / 32 / 32,
  C1 = hexFloat('0x1.ebfce50fac4f3p-3') / 32 / 32,
  C2 = hexFloat('0x1.62e42ff0c52d6p-1') / 32;
const OVERFLOW = hexFloat('0x1.62e42ep6'),
  UNDERFLOW = -hexFloat('0x1.9fe368p6');

/** expf(x) of a float32 x, as a float32 value. */
export function expf(x: number): number {
  if (!(x < 88 && x > -88)) {
    // |x| >= 88, or NaN
    if (x !== x || x === Infinity) return x + x;
    if (x > OVERFLOW) return Infinity;
    if (x < UNDERFLOW) return 0; // -inf included
  }
  const z = INV_LN2_N * x;
  const k = z + SHIFT - SHIFT; // z rounded to an integer, ties to even
  const r = z - k;
  const j = k & 31;
  const s = T[j] * P2[(k - j) / 32 + 160];
  const y = (C0 * r + C1) * (r * r) + (C2 * r + 1);
  return Math.fround(y * s);
}
