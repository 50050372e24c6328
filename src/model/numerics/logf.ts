/**
 * logf as onnxruntime-web computes it: its Log kernel (Eigen's array log, scalar in the wasm build) calls the C
 * library's logf, which in emscripten's libc is musl's table method (the same as glibc's since 2018). It is not the
 * correctly rounded f(log(x)): it differs from that by one ulp on about 2 in 10^4 inputs, so the model runtime takes
 * the same steps to give onnxruntime-web's bits (test/model-elementwise-ops.test.ts checks them on it).
 *
 * The method, in double: x = 2^k * z, z's float bits in [0x3f330000, 0x3f330000 + 2^23) (z in about [0.7, 1.4));
 * the 4 mantissa bits below the offset pick one of 16 sub-intervals, with a tabulated invc (close to 1/c for the
 * sub-interval's centre c) and logc = log(c); then
 *   r = z * invc - 1,  y0 = logc + k * ln2,  r2 = r * r,
 *   y = (A0 * r2 + (A1 * r + A2)) * r2 + (y0 + r)
 * in exactly that order, each step one double operation, and y rounded once to float32. Subnormal x is first scaled
 * by 2^23 (k lowered by 23); x = 1 gives +0, +-0 give -inf, +inf gives +inf, negative x and NaN give NaN.
 */

/** A C hexadecimal float literal ('-0x1.57bf7808caadep-2') as a number: the constants below are exact as written. */
function hexFloat(s: string): number {
  const m = /^(-?)0x([0-9a-f])\.?([0-9a-f]*)p([+-]?\d+)$/i.exec(s);
  if (!m) throw new Error(`bad hex float ${s}`);
  const digits = m[2] + m[3];
  return (m[1] ? -1 : 1) * Number.parseInt(digits, 16) * 2 ** (Number(m[4]) - 4 * m[3].length);
}

// musl's logf_data: (invc, logc) per sub-interval, ln2, and the polynomial (its first-order coefficient is 1).
const TABLE = [
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
];
const INVC = Float64Array.from(TABLE, ([c]) => hexFloat(c));
const LOGC = Float64Array.from(TABLE, ([, l]) => hexFloat(l));
const LN2 = hexFloat('0x1.62e42fefa39efp-1');
const A0 = hexFloat('-0x1.00ea348b88334p-2'),
  A1 = hexFloat('0x1.5575b0be00b6ap-2'),
  A2 = hexFloat('-0x1.ffffef20a4123p-2');
const OFF = 0x3f330000;

const word = new DataView(new ArrayBuffer(4));

/** logf(x) of a float32 x, as a float32 value. */
export function logf(x: number): number {
  word.setFloat32(0, x, true);
  let ix = word.getUint32(0, true);
  if (ix === 0x3f800000) return 0;
  if ((ix - 0x00800000) >>> 0 >= 0x7f800000 - 0x00800000) {
    // below 2^-126 (zero, subnormal, negative), infinite or NaN
    if ((ix & 0x7fffffff) === 0) return -Infinity;
    if (ix === 0x7f800000) return x;
    if (ix & 0x80000000 || ix >= 0x7f800000) return Number.NaN;
    word.setFloat32(0, x * 8388608, true); // exact: a subnormal times 2^23 is normal
    ix = word.getUint32(0, true) - (23 << 23);
  }
  const tmp = ix - OFF;
  const i = (tmp >>> 19) & 15;
  const k = tmp >> 23; // arithmetic: k < 0 below the offset
  word.setUint32(0, ix - (tmp & (0x1ff << 23)), true);
  const z = word.getFloat32(0, true);
  const r = z * INVC[i] - 1;
  const y0 = LOGC[i] + k * LN2;
  const r2 = r * r;
  let y = A1 * r + A2;
  y = A0 * r2 + y;
  y = y * r2 + (y0 + r);
  return Math.fround(y);
}

/** y[i] = logf(x[i]). */
export function logfRow(x: Float32Array, y: Float32Array): void {
  for (let i = 0; i < x.length; i++) y[i] = logf(x[i]);
}
