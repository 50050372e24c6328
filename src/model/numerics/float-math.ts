/**
 * onnxruntime's float transcendental functions, as its wasm build computes them (MLAS's portable kernels, where a
 * "multiply-add" is a float32 multiply then a float32 add), written as float32 steps: each function returns
 * onnxruntime-web 1.30's exact bits (checked on it in test/model-host-ops.test.ts).
 *
 * - logistic (Sigmoid, MLAS logistic.cpp): v = clamp(x, -18, 18), v2 = f(v * v), p = v * (odd polynomial in v2),
 *   q = even polynomial in v2 (Horner, f32 steps), y = clamp(f(f(p / q) + 0.5), 0, 1).
 * - tanh (MLAS tanh.cpp): v = clamp(x, -9, 9), p = v * (degree-6 polynomial in v2), q = degree-3 polynomial in v2,
 *   y = f(p / q).
 * - exp (MLAS compute.cpp MlasComputeExpVector): x clamped to [-103.97, 88.78], m = round(x * log2 e) by the
 *   1.5 * 2^23 trick, r = x - m * ln2 in two f32 steps (hi, lo), a degree-5 polynomial in r, and 2^m applied as two
 *   factors so that subnormal results come out.
 * - the softmax exponential (MlasComputeSumExpVector): exp(x + negMax) with the lower clamp -88.376 only, 2^m as
 *   one factor, the polynomial's constant term added twice as MLAS does.
 * NaN passes through all of them (wasm's f32x4.min / max propagate it).
 * - erf: evaluated in double, then rounded once (onnxruntime's MLAS erf polynomial is within 1 ulp of it).
 * The operators call the row functions (logisticRow, tanhRow, expRow, sumExpRow): their loops call the
 * element functions of this module directly, so the engine inlines them (no call through an import per element).
 * 2^m is read from a table of the same bit patterns the MLAS code builds ((m << 23) + the bits of 1.0f).
 */
const f32 = Math.fround;

const scratch = new DataView(new ArrayBuffer(4));
function floatOf(bits: number): number {
  scratch.setInt32(0, bits, true);
  return scratch.getFloat32(0, true);
}

// logistic.cpp constants (float literals).
const LA9 = f32(4.37031012579801e-11),
  LA7 = f32(1.15627324459942e-7),
  LA5 = f32(6.08574864600143e-5);
const LA3 = f32(8.51377133304701e-3),
  LA1 = f32(2.48287947061529e-1);
const LB10 = f32(6.10247389755681e-13),
  LB8 = f32(5.76102136993427e-9),
  LB6 = f32(6.2910678501704e-6);
const LB4 = f32(1.70198817374094e-3),
  LB2 = f32(1.16817656904453e-1),
  LB0 = f32(9.9315192102318e-1);

export function logistic(x: number): number {
  // max(-18, x) then min(18, x), NaN kept
  const v = x !== x ? x : x < -18 ? -18 : x > 18 ? 18 : x;
  const v2 = f32(v * v);
  let p = f32(f32(v2 * LA9) + LA7);
  p = f32(f32(p * v2) + LA5);
  p = f32(f32(p * v2) + LA3);
  p = f32(f32(p * v2) + LA1);
  p = f32(p * v);
  let q = f32(f32(v2 * LB10) + LB8);
  q = f32(f32(q * v2) + LB6);
  q = f32(f32(q * v2) + LB4);
  q = f32(f32(q * v2) + LB2);
  q = f32(f32(q * v2) + LB0);
  const g = f32(f32(p / q) + 0.5);
  return g !== g ? g : g < 0 ? 0 : g > 1 ? 1 : g;
}

// tanh.cpp constants.
const TA13 = f32(-2.76076847742355e-16),
  TA11 = f32(2.00018790482477e-13),
  TA9 = f32(-8.60467152213735e-11);
const TA7 = f32(5.12229709037114e-8),
  TA5 = f32(1.48572235717979e-5),
  TA3 = f32(6.37261928875436e-4),
  TA1 = f32(4.89352455891786e-3);
const TB6 = f32(1.19825839466702e-6),
  TB4 = f32(1.18534705686654e-4),
  TB2 = f32(2.268434632439e-3),
  TB0 = f32(4.89352518554385e-3);

export function tanh(x: number): number {
  const v = x < -9 ? -9 : x > 9 ? 9 : x;
  const v2 = f32(v * v);
  let p = f32(f32(v2 * TA13) + TA11);
  p = f32(f32(p * v2) + TA9);
  p = f32(f32(p * v2) + TA7);
  p = f32(f32(p * v2) + TA5);
  p = f32(f32(p * v2) + TA3);
  p = f32(f32(p * v2) + TA1);
  p = f32(p * v);
  let q = f32(f32(v2 * TB6) + TB4);
  q = f32(f32(q * v2) + TB2);
  q = f32(f32(q * v2) + TB0);
  return f32(p / q);
}

// compute.cpp MlasExpConstants (the polynomial's hex literals 0x1.694000p-10 ... 0x1.000000p+0 in decimal).
const E_P0 = 0.0013780593872070312,
  E_P1 = 0.008373124524950981,
  E_P2 = 0.041669536381959915;
const E_P3 = 0.166664719581604,
  E_P4 = 0.49999985098838806,
  E_P56 = 1;
const E_LOWER = f32(-103.9720840454),
  E_UPPER = f32(88.776262664795),
  E_LOWER_SUMEXP = f32(-88.3762626647949);
const E_BIAS = 12582912; // 1.5 * 2^23: adding it rounds to an integer held in the low mantissa bits
const E_LOG2E = f32(1.44269504088896341),
  E_LN2_HI = f32(-6.93145752e-1),
  E_LN2_LO = f32(-1.42860677e-6);
const EXP_ONE = 127 << 23; // the bits of 1.0f

function expPoly(r: number): number {
  let p = f32(f32(E_P0 * r) + E_P1);
  p = f32(f32(p * r) + E_P2);
  p = f32(f32(p * r) + E_P3);
  p = f32(f32(p * r) + E_P4);
  return f32(f32(p * r) + E_P56);
}

/** POW2[m + POW2_BIAS] = the float whose bits are (m << 23) + the bits of 1.0f: 2^m for -126 <= m <= 127. */
const POW2_BIAS = 256;
const POW2 = new Float64Array(512);
for (let m = -POW2_BIAS; m < POW2_BIAS; m++) POW2[m + POW2_BIAS] = floatOf(((m << 23) + EXP_ONE) | 0);

export function exp(x: number): number {
  const v = x !== x ? x : x < E_LOWER ? E_LOWER : x > E_UPPER ? E_UPPER : x;
  const biased = f32(f32(v * E_LOG2E) + E_BIAS);
  // m: an integer in [-150, 128] (NaN for a NaN x); biased's bits are those of 1.5 * 2^23 plus m
  const m = f32(biased - E_BIAS);
  let r = f32(f32(m * E_LN2_HI) + v);
  r = f32(f32(m * E_LN2_LO) + r);
  // MLAS: e = m << 23 clamped to [-126 << 23, 127 << 23] as `normal`; over = 2^(m - normal), scale = 2^normal
  const normal = m < -126 ? -126 : m > 127 ? 127 : m;
  const over = POW2[m - normal + POW2_BIAS];
  const p = expPoly(r);
  return f32(f32(f32(p * f32(r * over)) + over) * POW2[normal + POW2_BIAS]);
}

/** One term of MLAS's softmax: exp(x + negMax), where x + negMax <= 0. */
export function sumExpTerm(x: number, negMax: number): number {
  let v = f32(x + negMax);
  v = v !== v ? v : v < E_LOWER_SUMEXP ? E_LOWER_SUMEXP : v;
  const biased = f32(f32(v * E_LOG2E) + E_BIAS);
  const m = f32(biased - E_BIAS);
  let r = f32(f32(m * E_LN2_HI) + v);
  r = f32(f32(m * E_LN2_LO) + r);
  const p = f32(f32(expPoly(r) * r) + E_P56);
  return f32(p * POW2[m + POW2_BIAS]);
}

/**
 * MlasComputeSumExpVector: y[yo + i] = sumExpTerm(x[xo + i], negMax) for i < n, and their sum in MLAS's order:
 * when n >= 4, four lane sums s0..s3 over the first 4 * floor(n / 4) values (value i to lane i % 4), combined as
 * f(f(s0 + s2) + f(s1 + s3)), then the remaining values added one by one (from 0 when n < 4). y may be x.
 */
export function sumExpRow(x: Float32Array, xo: number, y: Float32Array, yo: number, n: number, negMax: number): number {
  let sum = 0;
  let i = 0;
  if (n >= 4) {
    let s0 = 0,
      s1 = 0,
      s2 = 0,
      s3 = 0;
    for (; i + 4 <= n; i += 4) {
      const e0 = sumExpTerm(x[xo + i], negMax),
        e1 = sumExpTerm(x[xo + i + 1], negMax);
      const e2 = sumExpTerm(x[xo + i + 2], negMax),
        e3 = sumExpTerm(x[xo + i + 3], negMax);
      y[yo + i] = e0;
      y[yo + i + 1] = e1;
      y[yo + i + 2] = e2;
      y[yo + i + 3] = e3;
      s0 = f32(s0 + e0);
      s1 = f32(s1 + e1);
      s2 = f32(s2 + e2);
      s3 = f32(s3 + e3);
    }
    sum = f32(f32(s0 + s2) + f32(s1 + s3));
  }
  for (; i < n; i++) {
    const e = sumExpTerm(x[xo + i], negMax);
    y[yo + i] = e;
    sum = f32(sum + e);
  }
  return sum;
}

export function logisticRow(x: Float32Array, y: Float32Array): void {
  for (let i = 0; i < x.length; i++) y[i] = logistic(x[i]);
}
export function tanhRow(x: Float32Array, y: Float32Array): void {
  for (let i = 0; i < x.length; i++) y[i] = tanh(x[i]);
}
export function expRow(x: Float32Array, y: Float32Array): void {
  for (let i = 0; i < x.length; i++) y[i] = exp(x[i]);
}
