/**
 * sinf, cosf and tanf as onnxruntime-web computes them: its Sin and Cos call the C library, emscripten's musl, whose float
 * functions evaluate a short polynomial in double and round once (so they miss the correctly rounded value by an ulp
 * on about 3 inputs in 10^4: the polynomials are only accurate to about 2^-37). Written from their description:
 *
 * - |x| < 2^-12: sin x = x, cos x = 1.
 * - |x| <= pi/4: the kernels on x; up to 9 pi/4: the kernels on x minus the nearest of 1..4 multiples of pi/2 (each a
 *   double), choosing sin or cos and the sign by the quadrant; beyond, up to 2^28 pi/2: n = the nearest integer to
 *   x * 2/pi (double, rounded by adding and subtracting 1.5 * 2^52), y = (x - n P1) - n P1t with P1 the first 25 bits
 *   of pi/2 and P1t the rest, n corrected by one where y left [-pi/4, pi/4], then the kernels on y by n mod 4.
 * - tan: the same reduction, the quadrants by pairs (x less the nearest of 1..4 multiples of pi/2, n odd: -1 / t);
 *   tan kernel t(x) = (x + s (T0 + z T1)) + s w ((T2 + z T3) + w (T4 + z T5)), then -1 / t in double where odd;
 * - sin kernel s(x) = (x + s (S1 + z S2)) + s w (S3 + z S4), z = x^2, w = z^2, s = z x;
 *   cos kernel c(x) = ((1 + z C0) + w C1) + w z (C2 + z C3); every step one double operation, rounded once to float32.
 * - Beyond 2^28 pi/2 (about 4.2e8) musl reduces |x| exactly in multi-precision (its sum of the remainder's parts, a
 *   double); here |x| 2/pi is computed exactly in integers against 2/pi to 320 bits (computed at first use by
 *   Machin's formula), n its nearest integer and y = (|x| 2/pi - n) pi/2 rounded to the nearest double, then the sign
 *   of x applied to n and y (musl's large-argument path agrees with it but for double-ulp differences, which the
 *   float32 result does not see).
 * - Infinity and NaN give NaN.
 */

const f32 = Math.fround;
/** m 2^e, exact (m below 2^53). */
const hx = (m: number, e: number): number => m * 2 ** e;

const S1 = -hx(0x15555554cbac77, -55),
  S2 = hx(0x111110896efbb2, -59),
  S3 = -hx(0x1a00f9e2cae774, -65),
  S4 = hx(0x16cd878c3b46a7, -71);
const C0 = -hx(0x1ffffffd0c5e81, -54),
  C1 = hx(0x155553e1053a42, -57),
  C2 = -hx(0x16c087e80f1e27, -62),
  C3 = hx(0x199342e0ee5069, -68);
const T0 = hx(0x15554d3418c99f, -54),
  T1 = hx(0x1112fd38999f72, -55),
  T2 = hx(0x1b54c91d865afe, -57),
  T3 = hx(0x191df3908c33ce, -58),
  T4 = hx(0x185dadfcecf44e, -61),
  T5 = hx(0x1362b9bf971bcd, -59);
const PIO2 = [0, 1, 2, 3, 4].map((k) => k * (Math.PI / 2));
const TOINT = 1.5 * 2 ** 52,
  PIO4 = hx(0x1921fb6, -25),
  INVPIO2 = 6.36619772367581382433e-1,
  PIO2_1 = 1.5707963109016418457,
  PIO2_1T = 1.58932547735281966916e-8;

// ---- the exact reduction of large arguments ----------------------------------------------------------------------

const K = 320n;
let twoOverPi: bigint | undefined, halfPi: bigint | undefined;
/** atan(1 / q) * 2^bits, by its series (integer arithmetic; the error is a few units). */
function atanInv(q: bigint, bits: bigint): bigint {
  const q2 = q * q;
  let term = (1n << bits) / q,
    sum = term;
  for (let k = 1n; term !== 0n; k++) {
    term /= q2;
    sum += (k % 2n === 1n ? -term : term) / (2n * k + 1n);
  }
  return sum;
}
/** floor(2/pi 2^K) and floor(pi/2 2^K), made once (pi from Machin's formula with 64 guard bits). */
function constants(): [bigint, bigint] {
  if (!twoOverPi || !halfPi) {
    const g = K + 64n;
    const pi = 16n * atanInv(5n, g) - 4n * atanInv(239n, g);
    twoOverPi = ((1n << (2n * g + 1n)) / pi) >> 64n;
    halfPi = pi >> 65n;
  }
  return [twoOverPi, halfPi];
}

/** [n, y]: |x| = n pi/2 + y, y in [-pi/4, pi/4] rounded to double, the sign of x on both (x finite, large). */
function reduceLarge(x: number): [number, number] {
  const [tp, hp] = constants();
  asFloat[0] = Math.abs(x);
  const b = bits[0];
  // |x| = m 2^e exactly (a normal float32: 24-bit m)
  const m = BigInt((b & 0x7fffff) | 0x800000),
    e = BigInt((b >>> 23) - 150);
  const p = (m * tp) << e; // |x| 2/pi 2^K (e > 0 here)
  const one = 1n << K;
  let n = p >> K;
  let frac = p - (n << K);
  if (frac > one >> 1n) {
    n += 1n;
    frac -= one;
  }
  // y = frac / 2^K * pi/2: the exact product, rounded once by Number() of its top bits
  const r = frac * hp;
  const shift = 2n * K - 200n;
  const y = Number(r >> shift) / 2 ** 200;
  const q = Number(n & 3n);
  return x < 0 ? [-q, -y] : [q, y];
}

function tanKernel(x: number, odd: boolean): number {
  const z = x * x;
  const r = T4 + z * T5,
    t = T2 + z * T3,
    w = z * z,
    s = z * x,
    u = T0 + z * T1;
  const v = x + s * u + s * w * (t + w * r);
  return f32(odd ? -1 / v : v);
}

function sinKernel(x: number): number {
  const z = x * x,
    w = z * z,
    r = S3 + z * S4,
    s = z * x;
  return f32(x + s * (S1 + z * S2) + s * w * r);
}

function cosKernel(x: number): number {
  const z = x * x,
    w = z * z,
    r = C2 + z * C3;
  return f32(1 + z * C0 + w * C1 + w * z * r);
}

const bits = new Uint32Array(1);
const asFloat = new Float32Array(bits.buffer);
/** |x|'s float32 bits. */
function absBits(x: number): number {
  asFloat[0] = x;
  return bits[0] & 0x7fffffff;
}

/** x reduced by the nearest multiple n of pi/2 (|x| below 2^28 pi/2): [n, y]. */
function reduce(x: number): [number, number] {
  let fn = x * INVPIO2 + TOINT - TOINT;
  let y = x - fn * PIO2_1 - fn * PIO2_1T;
  if (y < -PIO4) {
    fn--;
    y = x - fn * PIO2_1 - fn * PIO2_1T;
  } else if (y > PIO4) {
    fn++;
    y = x - fn * PIO2_1 - fn * PIO2_1T;
  }
  return [fn, y];
}

export function sinf(x: number): number {
  const ix = absBits(x);
  const neg = x < 0;
  if (ix <= 0x3f490fda) return ix < 0x39800000 ? x : sinKernel(x);
  if (ix <= 0x407b53d1) {
    if (ix <= 0x4016cbe3) return neg ? -cosKernel(x + PIO2[1]) : cosKernel(x - PIO2[1]);
    return sinKernel(neg ? -(x + PIO2[2]) : -(x - PIO2[2]));
  }
  if (ix <= 0x40e231d5) {
    if (ix <= 0x40afeddf) return neg ? cosKernel(x + PIO2[3]) : -cosKernel(x - PIO2[3]);
    return sinKernel(neg ? x + PIO2[4] : x - PIO2[4]);
  }
  if (ix >= 0x7f800000) return Number.NaN;
  const [n, y] = ix >= 0x4dc90fdb ? reduceLarge(x) : reduce(x);
  switch (n & 3) {
    case 0:
      return sinKernel(y);
    case 1:
      return cosKernel(y);
    case 2:
      return sinKernel(-y);
    default:
      return -cosKernel(y);
  }
}

export function cosf(x: number): number {
  const ix = absBits(x);
  const neg = x < 0;
  if (ix <= 0x3f490fda) return ix < 0x39800000 ? 1 : cosKernel(x);
  if (ix <= 0x407b53d1) {
    if (ix > 0x4016cbe3) return -cosKernel(neg ? x + PIO2[2] : x - PIO2[2]);
    return neg ? sinKernel(x + PIO2[1]) : sinKernel(PIO2[1] - x);
  }
  if (ix <= 0x40e231d5) {
    if (ix > 0x40afeddf) return cosKernel(neg ? x + PIO2[4] : x - PIO2[4]);
    return neg ? sinKernel(-x - PIO2[3]) : sinKernel(x - PIO2[3]);
  }
  if (ix >= 0x7f800000) return Number.NaN;
  const [n, y] = ix >= 0x4dc90fdb ? reduceLarge(x) : reduce(x);
  switch (n & 3) {
    case 0:
      return cosKernel(y);
    case 1:
      return sinKernel(-y);
    case 2:
      return -cosKernel(y);
    default:
      return sinKernel(y);
  }
}

export function tanf(x: number): number {
  const ix = absBits(x);
  const neg = x < 0;
  if (ix <= 0x3f490fda) return ix < 0x39800000 ? x : tanKernel(x, false);
  if (ix <= 0x407b53d1) {
    if (ix <= 0x4016cbe3) return tanKernel(neg ? x + PIO2[1] : x - PIO2[1], true);
    return tanKernel(neg ? x + PIO2[2] : x - PIO2[2], false);
  }
  if (ix <= 0x40e231d5) {
    if (ix <= 0x40afeddf) return tanKernel(neg ? x + PIO2[3] : x - PIO2[3], true);
    return tanKernel(neg ? x + PIO2[4] : x - PIO2[4], false);
  }
  if (ix >= 0x7f800000) return Number.NaN;
  const [n, y] = ix >= 0x4dc90fdb ? reduceLarge(x) : reduce(x);
  return tanKernel(y, (n & 1) !== 0);
}
