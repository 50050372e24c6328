/**
 * powf as onnxruntime-web computes it where its kernels call the C library (LRN's Eigen array pow, scalar in the wasm
 * build): emscripten's libc is musl, whose powf is Arm's table method. It is not the correctly rounded f(x ** y)
 * (about 1 element in 2000 of LRN's outputs differed from that by one ulp), so the model runtime takes the same
 * steps to give onnxruntime-web's bits (test/model-ops-reduce.test.ts checks LRN on it).
 *
 * The method, in double: log2(|x|) from x = 2^k * z (z's float bits in [0x3f330000, 0x3f330000 + 2^23)), the 4
 * mantissa bits below that offset picking one of 16 sub-intervals with a tabulated invc (about 1/c) and logc =
 * log2(c):
 *   r = z * invc - 1, y0 = logc + k, r2 = r * r, r4 = r2 * r2,
 *   log2 = (A0 * r + A1) * r4 + ((A2 * r + A3) * r2 + (A4 * r + y0));
 * then t = y * log2 and 2^t as expf takes it (./expf.ts's table): k = t * 32 rounded (ties to even), r = t - k / 32,
 *   2^t = s * ((C0 * r + C1) * r^2 + (C2 * r + 1)),  s = T[k mod 32] * 2^floor(k / 32) (negated for an odd integer y
 *   of a negative x),
 * each step one double operation (wasm has no fused multiply-add), rounded once to float32. t > 0x1.fffffffd1d571p6
 * gives +-inf, t <= -150 gives +-0. The special values are C's: pow(x, +-0) = 1, pow(1, y) = 1, pow(-1, +-inf) = 1,
 * NaN in gives NaN, |x| < 1 to +inf and |x| > 1 to -inf give +0, the other infinite y +inf; x = +-0 or +-inf: x^2, or
 * its inverse for a negative y, negated for an odd integer y of a negative x; a negative finite x with a non-integer
 * y gives NaN; a subnormal x is scaled by 2^23 first.
 */
import { hexFloat, P2, T } from './expf.js';

// musl's powf_log2_data: (invc, log2(c)) per sub-interval, and the polynomial for log1p(r) / ln2.
const TABLE = [
  ['0x1.661ec79f8f3bep+0', '-0x1.efec65b963019p-2'],
  ['0x1.571ed4aaf883dp+0', '-0x1.b0b6832d4fca4p-2'],
  ['0x1.49539f0f010bp+0', '-0x1.7418b0a1fb77bp-2'],
  ['0x1.3c995b0b80385p+0', '-0x1.39de91a6dcf7bp-2'],
  ['0x1.30d190c8864a5p+0', '-0x1.01d9bf3f2b631p-2'],
  ['0x1.25e227b0b8eap+0', '-0x1.97c1d1b3b7afp-3'],
  ['0x1.1bb4a4a1a343fp+0', '-0x1.2f9e393af3c9fp-3'],
  ['0x1.12358f08ae5bap+0', '-0x1.960cbbf788d5cp-4'],
  ['0x1.0953f419900a7p+0', '-0x1.a6f9db6475fcep-5'],
  ['0x1p+0', '0x0p+0'],
  ['0x1.e608cfd9a47acp-1', '0x1.338ca9f24f53dp-4'],
  ['0x1.ca4b31f026aap-1', '0x1.476a9543891bap-3'],
  ['0x1.b2036576afce6p-1', '0x1.e840b4ac4e4d2p-3'],
  ['0x1.9c2d163a1aa2dp-1', '0x1.40645f0c6651cp-2'],
  ['0x1.886e6037841edp-1', '0x1.88e9c2c1b9ff8p-2'],
  ['0x1.767dcf5534862p-1', '0x1.ce0a44eb17bccp-2'],
] as const;
const INVC = Float64Array.from(TABLE, ([c]) => hexFloat(c));
const LOGC = Float64Array.from(TABLE, ([, l]) => hexFloat(l));
const [A0, A1, A2, A3, A4] = [
  '0x1.27616c9496e0bp-2',
  '-0x1.71969a075c67ap-2',
  '0x1.ec70a6ca7baddp-2',
  '-0x1.7154748bef6c8p-1',
  '0x1.71547652ab82bp0',
].map(hexFloat);
// musl's exp2f_data polynomial for 2^r - 1 on |r| <= 1/64, and its shift (1.5 * 2^52 / 32: t + SHIFT rounds t to k / 32)
const [C0, C1, C2] = ['0x1.c6af84b912394p-5', '0x1.ebfce50fac4f3p-3', '0x1.62e42ff0c52d6p-1'].map(hexFloat);
const SHIFT = hexFloat('0x1.8p+52') / 32;
const OVERFLOW = hexFloat('0x1.fffffffd1d571p+6');
const OFF = 0x3f330000;

const word = new DataView(new ArrayBuffer(4));
const bitsOf = (x: number): number => {
  word.setFloat32(0, x, true);
  return word.getUint32(0, true);
};
const floatOf = (b: number): number => {
  word.setUint32(0, b >>> 0, true);
  return word.getFloat32(0, true);
};

/** 0 when the float bits iy are not an integer, 1 an odd integer, 2 an even one (iy non-zero and finite). */
function integerKind(iy: number): number {
  const e = (iy >>> 23) & 0xff;
  if (e < 0x7f) return 0;
  if (e > 0x7f + 23) return 2;
  const unit = 0x7f + 23 - e; // the bit of the units
  if (iy & ((1 << unit) - 1)) return 0;
  return iy & (1 << unit) ? 1 : 2;
}

/** +-0, +-inf or NaN, from the float bits. */
const zeroInfNaN = (i: number): boolean => (2 * i - 1) >>> 0 >= 2 * 0x7f800000 - 1;

/** log2 of the positive float bits ix (a subnormal's bits already scaled, with a negative exponent). */
function log2Of(ix: number): number {
  const tmp = (ix - OFF) >>> 0;
  const i = (tmp >>> 19) & 15;
  const top = (tmp & 0xff800000) >>> 0;
  const k = (top | 0) >> 23;
  const z = floatOf(ix - top);
  const r = z * INVC[i] - 1;
  const y0 = LOGC[i] + k;
  const r2 = r * r;
  const y = A0 * r + A1;
  const p = A2 * r + A3;
  const r4 = r2 * r2;
  let q = A4 * r + y0;
  q = p * r2 + q;
  return y * r4 + q;
}

/** musl's powf of float32 x and y, as a float32 value. */
export function powf(x: number, y: number): number {
  let ix = bitsOf(x);
  const iy = bitsOf(y);
  let negate = false;
  if ((ix - 0x00800000) >>> 0 >= 0x7f800000 - 0x00800000 || zeroInfNaN(iy)) {
    // x is subnormal, zero, negative, infinite or NaN, or y is zero, infinite or NaN
    if (zeroInfNaN(iy)) {
      if ((iy & 0x7fffffff) === 0) return 1;
      if (ix === 0x3f800000) return 1;
      if (x !== x || y !== y) return x + y;
      if (ix === 0xbf800000) return 1;
      if (Math.abs(x) < 1 === y > 0) return 0;
      return y * y;
    }
    if (zeroInfNaN(ix)) {
      let x2 = Math.fround(x * x);
      if (ix & 0x80000000 && integerKind(iy) === 1) x2 = -x2;
      return iy & 0x80000000 ? Math.fround(1 / x2) : x2;
    }
    // x and y are non-zero and finite
    if (ix & 0x80000000) {
      const kind = integerKind(iy);
      if (kind === 0) return NaN;
      negate = kind === 1;
      ix &= 0x7fffffff;
    }
    if (ix < 0x00800000) ix = ((bitsOf(Math.fround(Math.abs(x) * 2 ** 23)) & 0x7fffffff) - (23 << 23)) >>> 0;
  }
  const t = y * log2Of(ix);
  if (t > OVERFLOW) return negate ? -Infinity : Infinity;
  if (t <= -150) return negate ? -0 : 0;
  const kd = t + SHIFT - SHIFT; // k / 32, k = t * 32 rounded, ties to even
  const r = t - kd;
  const k = kd * 32;
  const j = k & 31;
  const s = T[j] * P2[(k - j) / 32 + 160];
  const z = C0 * r + C1;
  const r2 = r * r;
  const p = (z * r2 + (C2 * r + 1)) * s;
  return Math.fround(negate ? -p : p);
}
