/**
 * log1pf as onnxruntime-web computes it where its kernels call the C library (Eigen's array log1p, scalar in the
 * wasm build: Softplus, and so Mish): emscripten's libc is musl, whose log1pf is FreeBSD's (Sun's) float method,
 * every step a float32 operation. It is not the correctly rounded f(log1p(x)) (about 1 input in 3000 differs from that
 * by one ulp), so the model runtime takes the same steps to give onnxruntime-web's bits
 * (test/model-ops-activations.test.ts checks them on it).
 *
 * The method (f() rounds to float32; every operation below is rounded): |x| < 2^-24 gives x; x = -1 gives -inf,
 * x < -1 NaN; +inf and NaN pass. Otherwise 1 + x = 2^k * (1 + f) with 1 + f in [sqrt(2)/2, sqrt(2)): for
 * sqrt(2)/2 - 1 <= x < sqrt(2) - 1, k = 0, f = x and c = 0; else u = f(1 + x), k from u's exponent after adding
 * 0x3f800000 - 0x3f3504f3 to its bits, f = u's mantissa placed in [sqrt(2)/2, sqrt(2)) minus 1, and the rounding
 * error of u corrected by c = (k >= 2 ? 1 - (u - x) : x - (u - 1)) / u (0 when k >= 25). Then
 *   s = f / (2 + f), z = s^2, w = z^2, R = z (Lg1 + w Lg3) + w (Lg2 + w Lg4), hfsq = 0.5 f * f,
 *   y = s (hfsq + R) + (k ln2_lo + c) - hfsq + f + k ln2_hi
 * evaluated left to right.
 */

const f32 = Math.fround;
const word = new DataView(new ArrayBuffer(4));
function bitsOf(x: number): number {
  word.setFloat32(0, x, true);
  return word.getUint32(0, true);
}
function floatOf(bits: number): number {
  word.setUint32(0, bits >>> 0, true);
  return word.getFloat32(0, true);
}

const LN2_HI = floatOf(0x3f317180),
  LN2_LO = floatOf(0x3717f7d1);
// 0xaaaaaa.0p-24, 0xccce13.0p-25, 0x91e9ee.0p-25, 0xf89e26.0p-26 (exact in float32)
const LG1 = 0xaaaaaa * 2 ** -24,
  LG2 = 0xccce13 * 2 ** -25,
  LG3 = 0x91e9ee * 2 ** -25,
  LG4 = 0xf89e26 * 2 ** -26;

/** log1pf(x) of a float32 x, as a float32 value. */
export function log1pf(x: number): number {
  const ix = bitsOf(x);
  let k = 1;
  let c = 0;
  let f = 0;
  if (ix < 0x3ed413d0 || ix >>> 31) {
    // 1 + x < sqrt(2), or x negative (NaN with the sign bit included)
    if (ix >= 0xbf800000) return x === -1 ? -Infinity : Number.NaN; // x <= -1
    if ((ix << 1) >>> 0 < 0x33800000 * 2) return x; // |x| < 2^-24
    if (ix <= 0xbe95f619) {
      // sqrt(2)/2 <= 1 + x < sqrt(2)
      k = 0;
      f = x;
    }
  } else if (ix >= 0x7f800000) return x; // +inf, NaN
  if (k) {
    const u = f32(1 + x);
    let iu = (bitsOf(u) + (0x3f800000 - 0x3f3504f3)) >>> 0;
    k = (iu >>> 23) - 0x7f;
    // the correction term ~ log(1 + x) - log(u)
    if (k < 25) c = f32((k >= 2 ? f32(1 - f32(u - x)) : f32(x - f32(u - 1))) / u);
    iu = (iu & 0x007fffff) + 0x3f3504f3;
    f = f32(floatOf(iu) - 1);
  }
  const s = f32(f / f32(2 + f));
  const z = f32(s * s);
  const w = f32(z * z);
  const t1 = f32(w * f32(LG2 + f32(w * LG4)));
  const t2 = f32(z * f32(LG1 + f32(w * LG3)));
  const R = f32(t2 + t1);
  const hfsq = f32(f32(0.5 * f) * f);
  let y = f32(s * f32(hfsq + R));
  y = f32(y + f32(f32(k * LN2_LO) + c));
  y = f32(y - hfsq);
  y = f32(y + f);
  return f32(y + f32(k * LN2_HI));
}
