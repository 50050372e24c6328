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
