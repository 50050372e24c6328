/**
 * The C library functions onnxruntime-web's kernels call where it does not use MLAS, as emscripten's libc (musl)
 * computes them, for the reference operators that must give its bits.
 *
 * logf(x), musl's table method (the result is not always the correctly rounded log: off by one ulp for about 2 in
 * 10^4 inputs): write x = 2^k * z with z in [0.6992..., 1.3984...) (the float bits of z start at 0x3f330000), split
 * that range into 16 sub-intervals by the 4 mantissa bits under the start, and for the sub-interval's tabulated
 * invc ~ 1/c and logc = log(c):
 *   log(x) = log1p(r) + logc + k ln2,  r = z invc - 1 (in double),
 *   log1p(r) ~ r + A2 r^2 + A1 r^3 + A0 r^4, evaluated as (A0 r^2 + (A1 r + A2)) r^2 + ((logc + k ln2) + r),
 * one double operation per step, rounded once to float32. A subnormal x is scaled by 2^23 first; logf(1) = +0,
 * logf(+-0) = -inf, logf(+inf) = +inf, negative x and NaN give NaN.
 */

/** The exact double of a C hexadecimal float literal. */
function hex(s: string): number {
  const neg = s.startsWith('-');
  const [mant, exp] = s.replace(/^-?0x/, '').split('p');
  const [int, frac = ''] = mant.split('.');
  return (neg ? -1 : 1) * Number(BigInt(`0x${int}${frac}`)) * 2 ** (Number(exp) - 4 * frac.length);
}

// musl src/math/logf_data.c: { invc, logc } for each sub-interval; ln2; A0, A1, A2.
const LOGF_TAB: [number, number][] = (
  [
    ['0x1.661ec79f8f3bep+0', '-0x1.57bf7808caadep-2'],
    ['0x1.571ed4aaf883dp+0', '-0x1.2bef0a7c06ddbp-2'],
    ['0x1.49539f0f010bp+0', '-0x1.01eae7f513a67p-2'],
    ['0x1.3c995b0b80385p+0', '-0x1.b31d8a68224e9p-3'],
    ['0x1.30d190c8864a5p+0', '-0x1.6574f0ac07758p-3'],
    ['0x1.25e227b0b8eap+0', '-0x1.1aa2bc79c81p-3'],
    ['0x1.1bb4a4a1a343fp+0', '-0x1.a4e76ce8c0e5ep-4'],
    ['0x1.12358f08ae5bap+0', '-0x1.1973c5a611cccp-4'],
    ['0x1.0953f419900a7p+0', '-0x1.252f438e10c1ep-5'],
    ['0x1p+0', '0x0p+0'],
    ['0x1.e608cfd9a47acp-1', '0x1.aa5aa5df25984p-5'],
    ['0x1.ca4b31f026aap-1', '0x1.c5e53aa362eb4p-4'],
    ['0x1.b2036576afce6p-1', '0x1.526e57720db08p-3'],
    ['0x1.9c2d163a1aa2dp-1', '0x1.bc2860d22477p-3'],
    ['0x1.886e6037841edp-1', '0x1.1058bc8a07ee1p-2'],
    ['0x1.767dcf5534862p-1', '0x1.4043057b6ee09p-2'],
  ] as const
).map(([c, l]) => [hex(c), hex(l)]);
const LN2 = hex('0x1.62e42fefa39efp-1');
const [A0, A1, A2] = ['-0x1.00ea348b88334p-2', '0x1.5575b0be00b6ap-2', '-0x1.ffffef20a4123p-2'].map(hex);

const f = new Float32Array(1);
const u = new Uint32Array(f.buffer);

export function logf(x: number): number {
  f[0] = x;
  let bits = u[0];
  if (Number.isNaN(f[0]) || f[0] < 0) return Number.NaN;
  if (f[0] === 0) return -Infinity;
  if (f[0] === Infinity) return Infinity;
  if (f[0] === 1) return 0;
  let k = 0;
  if (bits < 0x00800000) {
    // subnormal: x * 2^23 is normal and exact
    f[0] = f[0] * 2 ** 23;
    bits = u[0];
    k = -23;
  }
  // 2^e * z with z's bits in [0x3f330000, 0x3fb30000): e = floor((bits - 0x3f330000) / 2^23)
  const e = Math.floor((bits - 0x3f330000) / 2 ** 23);
  const zBits = bits - e * 2 ** 23;
  const i = Math.floor((zBits - 0x3f330000) / 2 ** 19);
  u[0] = zBits;
  const z = f[0];
  const [invc, logc] = LOGF_TAB[i];
  const r = z * invc - 1;
  const y0 = logc + (k + e) * LN2;
  const r2 = r * r;
  const y = (A0 * r2 + (A1 * r + A2)) * r2 + (y0 + r);
  return Math.fround(y);
}

/*
 * sinf(x), cosf(x), musl's: the argument reduced to y in about [-pi/4, pi/4] with x = y + q pi/2, then a polynomial
 * in double rounded once to float32 (accurate to about 2^-37, so not always the correctly rounded value):
 *   sin(x) = S(y), C(y), S(-y), -C(y) and cos(x) = C(y), S(-y), -C(y), S(y) for q mod 4 = 0, 1, 2, 3, with
 *   S(y) = (y + s (S1 + z S2)) + s w (S3 + z S4), C(y) = ((1 + z C0) + w C1) + w z (C2 + z C3), z = y^2, w = z^2,
 *   s = z y, each step a double operation.
 * The reduction, by |x|'s float32 bits: up to 0x3f490fda (pi/4) q = 0, y = x (below 2^-12 sin x = x and cos x = 1
 * outright); up to 0x4016cbe3, 0x407b53d1, 0x40afeddf, 0x40e231d5 (3, 5, 7, 9 pi/4) q = +-1, 2, 3, 4 (the sign of
 * x) and y = x - q (pi/2) with q (pi/2) one double; up to 0x4dc90fdb (2^28 pi/2) q = the double x (2/pi) rounded to
 * an integer (adding and subtracting 1.5 2^52), y = (x - q P1) - q P1t (P1 the first 25 bits of pi/2, P1t the rest),
 * q moved by one where y fell outside [-pi/4, pi/4]. Beyond that musl reduces exactly in multi-precision: here
 * q = the integer nearest |x| / (pi/2) and y = |x| - q pi/2 in integers scaled by 2^400 (pi from Machin's formula),
 * rounded to a double, the sign of x on both. Infinity and NaN give NaN.
 */
const TRIG_S = ['-0x15555554cbac77p-55', '0x111110896efbb2p-59', '-0x1a00f9e2cae774p-65', '0x16cd878c3b46a7p-71'].map(
  hex,
);
const TRIG_C = ['-0x1ffffffd0c5e81p-54', '0x155553e1053a42p-57', '-0x16c087e80f1e27p-62', '0x199342e0ee5069p-68'].map(
  hex,
);
const HALF_PI = Math.PI / 2;
/** the float32 bits of |x| up to which q = 0, 1, 2, 3, 4 */
const QUADRANT_LIMITS = [0x3f490fda, 0x4016cbe3, 0x407b53d1, 0x40afeddf, 0x40e231d5];

function sinPoly(y: number): number {
  const [s1, s2, s3, s4] = TRIG_S;
  const z = y * y;
  const w = z * z;
  const s = z * y;
  return Math.fround(y + s * (s1 + z * s2) + s * w * (s3 + z * s4));
}

function cosPoly(y: number): number {
  const [c0, c1, c2, c3] = TRIG_C;
  const z = y * y;
  const w = z * z;
  return Math.fround(1 + z * c0 + w * c1 + w * z * (c2 + z * c3));
}

/** pi 2^bits by Machin's formula, pi = 16 atan(1/5) - 4 atan(1/239), each series in integers. */
function piScaled(bits: bigint): bigint {
  const atan = (q: bigint) => {
    let sum = 0n;
    let power = (1n << bits) / q; // 2^bits / q^(2k+1)
    for (let k = 0n; power !== 0n; k++, power /= q * q) sum += (k % 2n === 0n ? power : -power) / (2n * k + 1n);
    return sum;
  };
  return 16n * atan(5n) - 4n * atan(239n);
}
let PI_400: bigint | undefined;

/** [q, y] of a large finite |x| (beyond 2^28 pi/2), exactly reduced, the sign of x on both. */
function quadrantLarge(x: number): [number, number] {
  const L = 400n;
  PI_400 ??= piScaled(L);
  // |x| 2^L exactly: |x| is an integer here (its exponent is past 2^23)
  const ax = BigInt(Math.abs(x)) << L;
  // q = round(|x| / (pi/2)) = round(2 |x| 2^L / (pi 2^L))
  const twice = 2n * ax;
  let q = twice / PI_400;
  if (2n * (twice - q * PI_400) > PI_400) q += 1n;
  // y 2^(L+1) = 2 |x| 2^L - q pi 2^L
  const y = Number((twice - q * PI_400) >> (L + 1n - 200n)) / 2 ** 200;
  const quad = Number(q % 4n);
  return x < 0 ? [-quad, -y] : [quad, y];
}

/** [q, y]: x = y + q pi/2 as musl reduces it. */
function quadrant(x: number, absBits: number): [number, number] {
  const sign = x < 0 ? -1 : 1;
  for (let k = 0; k < QUADRANT_LIMITS.length; k++)
    if (absBits <= QUADRANT_LIMITS[k]) return [sign * k, x - sign * (k * HALF_PI)];
  if (absBits >= 0x4dc90fdb) return quadrantLarge(x);
  const toInt = 1.5 * 2 ** 52;
  const p1 = 1.5707963109016418457,
    p1t = 1.58932547735281966916e-8,
    pio4 = hex('0x1.921fb6p-1');
  let q = x * 6.36619772367581382433e-1 + toInt - toInt;
  const rem = () => x - q * p1 - q * p1t;
  let y = rem();
  if (y < -pio4) {
    q -= 1;
    y = rem();
  } else if (y > pio4) {
    q += 1;
    y = rem();
  }
  return [q, y];
}

function trigf(x: number, cos: boolean): number {
  f[0] = x;
  const absBits = u[0] & 0x7fffffff;
  if (absBits >= 0x7f800000) return Number.NaN;
  if (absBits < 0x39800000) return cos ? 1 : f[0];
  const [q, y] = quadrant(f[0], absBits);
  const at = ((q % 4) + 4 + (cos ? 1 : 0)) % 4; // cos(x) = sin(x + pi/2)
  return [sinPoly(y), cosPoly(y), sinPoly(-y), -cosPoly(y)][at];
}

export const sinf = (x: number): number => trigf(x, false);

/**
 * tanf(x), musl's: the reduction above, then T(y) = (y + s (T0 + z T1)) + s w ((T2 + z T3) + w (T4 + z T5)) in double
 * (z = y^2, w = z^2, s = z y), and -1 / T(y) in double where q is odd, rounded once to float32.
 */
const TAN_T = [
  '0x15554d3418c99fp-54',
  '0x1112fd38999f72p-55',
  '0x1b54c91d865afep-57',
  '0x191df3908c33cep-58',
  '0x185dadfcecf44ep-61',
  '0x1362b9bf971bcdp-59',
].map(hex);
export function tanf(x: number): number {
  f[0] = x;
  const absBits = u[0] & 0x7fffffff;
  if (absBits >= 0x7f800000) return Number.NaN;
  if (absBits < 0x39800000) return f[0];
  const [q, y] = quadrant(f[0], absBits);
  const [t0, t1, t2, t3, t4, t5] = TAN_T;
  const z = y * y;
  const w = z * z;
  const s = z * y;
  const v = y + s * (t0 + z * t1) + s * w * (t2 + z * t3 + w * (t4 + z * t5));
  return Math.fround(Math.abs(q % 2) === 1 ? -1 / v : v);
}
export const cosf = (x: number): number => trigf(x, true);
