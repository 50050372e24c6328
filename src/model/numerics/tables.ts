/**
 * The 256-entry tables of the 8-bit operators that map each input byte to one output byte, built on the host with
 * the float32 arithmetic of the operator they stand for, so that looking a byte up gives the operator's bits
 * (docs/int8-ops.md says what each computes). The wasm LUT kernels (src/model/backends/wasm-int8/lut.ts) apply them;
 * the graph passes that compose or fuse tables (src/model/graph/passes/) build them.
 *
 *   lutTable            QuantizeLinear(F(DequantizeLinear(x))) for a float32 function F, per raw input byte
 *   requantTable        F = identity: a QLinearConcat input whose scale or zero point differs from the output's
 *   sigmoidTable        QLinearSigmoid: F = MLAS's logistic approximation (../numerics/float-math.ts)
 *   leakyReluTable      QLinearLeakyRelu: F(d) = d >= 0 ? d : f32(alpha * d)
 *   qlinearBinaryTable  QLinearAdd / QLinearMul with one operand a constant scalar
 *   qlinearBinaryByte   one output byte of QLinearAdd / QLinearMul
 *
 * Tables are Uint8Array(256) of raw output bytes (an int8 -1 is 255), indexed by the raw input byte.
 */
import { I8ConvError, check } from '../../errors.js';
import { logistic } from './float-math.js';
import {
  Q_RANGE,
  checkQType,
  checkScale,
  checkZeroPoint,
  quantizeValue,
  roundHalfEven,
  type QType,
} from './quantize.js';

const f32 = Math.fround;
const rne = roundHalfEven;

/** The 256 entries as bytes; BAD_BUFFER / INVALID_PARAM where they are not 256 integers in [-128, 255]. */
export function checkTable(t: ArrayLike<number> | undefined): Uint8Array {
  check(
    t !== null && typeof t === 'object' && typeof t.length === 'number' && t.length === 256,
    'BAD_BUFFER',
    'Lut.table',
    () => `must hold 256 entries, got ${t && typeof t === 'object' ? t.length : String(t)}`,
  );
  const out = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    const v = t[i];
    // the message only for a bad entry, out of the loop (a message built, or a closure's context, for each of 256
    // entries was most of a load's table checks)
    if (!(Number.isInteger(v) && v >= -128 && v <= 255)) badEntry(i, v);
    out[i] = v & 255;
  }
  return out;
}
function badEntry(i: number, v: unknown): never {
  throw new I8ConvError(
    'INVALID_PARAM',
    `Lut.table: entry ${i} must be an integer in [-128, 255], got ${String(v)}`,
    'Lut.table',
  );
}

/**
 * The table of QuantizeLinear(fn(DequantizeLinear(x))): per raw input byte i, t = the inType value of i,
 * d = f32(xScale * (t - xZp)), out = quantizeValue(fn(d), yScale, yZp, outType) as a raw byte.
 * Throws INVALID_PARAM (types, zero points) and INVALID_SCALE.
 */
export function lutTable(
  inType: QType,
  xScale: number,
  xZp: number,
  outType: QType,
  yScale: number,
  yZp: number,
  fn: (d: number) => number,
): Uint8Array {
  checkQType(inType, 'inType');
  checkQType(outType, 'outType');
  const xs = checkScale(xScale, 'xScale');
  const ys = checkScale(yScale, 'yScale');
  checkZeroPoint(xZp, inType, 'xZeroPoint');
  checkZeroPoint(yZp, outType, 'yZeroPoint');
  const lo = Q_RANGE[inType][0];
  const table = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    const t = lo < 0 && i >= 128 ? i - 256 : i;
    table[i] = quantizeValue(fn(f32(xs * (t - xZp))), ys, yZp, outType) & 255;
  }
  return table;
}

/** QLinearConcat's requantization of one input: the identity through the table. */
export function requantTable(type: QType, xScale: number, xZp: number, yScale: number, yZp: number): Uint8Array {
  return lutTable(type, xScale, xZp, type, yScale, yZp, (d) => d);
}

/** MLAS's logistic on one float32, the host operators' implementation (./float-math.ts). */
export const mlasLogistic = logistic;

/** QLinearSigmoid's table: Y = quantize(logistic(dequantize(X))). */
export function sigmoidTable(type: QType, xScale: number, xZp: number, yScale: number, yZp: number): Uint8Array {
  return lutTable(type, xScale, xZp, type, yScale, yZp, mlasLogistic);
}

/** QLinearLeakyRelu's table: F(d) = d >= 0 ? d : f32(alpha * d); -0 takes the d branch. */
export function leakyReluTable(
  type: QType,
  xScale: number,
  xZp: number,
  yScale: number,
  yZp: number,
  alpha = 0.01,
): Uint8Array {
  check(
    typeof alpha === 'number' && Number.isFinite(alpha),
    'INVALID_PARAM',
    'alpha',
    () => `must be a finite number, got ${String(alpha)}`,
  );
  const a = f32(alpha);
  return lutTable(type, xScale, xZp, type, yScale, yZp, (d) => (d >= 0 ? d : f32(a * d)));
}

/**
 * QLinearAdd / QLinearMul with one operand a constant scalar, as a 256-entry table over the other operand's raw
 * byte (int8 by value & 255): the QLinearAdd / QLinearMul formula (docs/int8-ops.md) evaluated per byte value, so applying the table is bit-identical
 * to the element-wise kernel. `sc` = [a_s, a_zp, b_s, b_zp, c_s, c_zp]; `scalarSide` 0: A is the constant `c`.
 */
export function qlinearBinaryTable(
  mul: boolean,
  type: 'uint8' | 'int8',
  scalarSide: 0 | 1,
  c: number,
  sc: readonly number[],
  twin = false,
): Uint8Array {
  const table = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    const v = type === 'int8' ? (i << 24) >> 24 : i;
    table[i] =
      scalarSide === 0 ? qlinearBinaryByte(mul, type, c, v, sc, twin) : qlinearBinaryByte(mul, type, v, c, sc, twin);
  }
  return table;
}

/**
 * One output of QLinearAdd / QLinearMul as its raw byte (int8 -1 is 255): `a`, `b` the operands' values
 * (uint8 0..255, int8 -128..127), `sc` = [a_s, a_zp, b_s, b_zp, c_s, c_zp]. The arithmetic of the element-wise
 * kernel, step for step in f32; qlinearBinaryTable and passes/fuse-luts.ts (x op f(x) as a table of x) use it.
 * `twin` (int8 only): rounded as onnxruntime's uint8 twin, y = RNE(f32(c + (c_zp + 128))) - 128.
 */
export function qlinearBinaryByte(
  mul: boolean,
  type: 'uint8' | 'int8',
  a: number,
  b: number,
  sc: readonly number[],
  twin = false,
): number {
  // plain locals, no destructuring: a table is 256 calls, a model's tables thousands
  const as = f32(sc[0]),
    az = sc[1],
    bs = f32(sc[2]),
    bz = sc[3],
    cs = f32(sc[4]),
    cz = sc[5];
  const range = Q_RANGE[type];
  const lo = range[0],
    hi = range[1];
  const fa = f32(as * (a - az)),
    fb = f32(bs * (b - bz));
  let r = f32(f32(mul ? fa * fb : fa + fb) / cs);
  r = r < lo - cz ? lo - cz : r;
  r = hi - cz < r ? hi - cz : r;
  const shift = twin ? 128 : 0;
  const q = rne(f32(r + (cz + shift)));
  return ((Number.isNaN(q) ? 0 : q) - shift) & 255;
}

/** The integer form of a QLinearAdd of two same-shaped operands (the wasm kernel's QB_INT: binaryRunInt). */
export interface QAddIntForm {
  ma: number;
  mb: number;
  k: number;
  shift: number;
  /** byte pairs the form misses, each raw a | raw b << 8 | raw output << 16 (at most QADD_INT_MAX_EXCEPTIONS) */
  exceptions: number[];
}

export const QADD_INT_MAX_EXCEPTIONS = 8;

/** The inputs of the pair scan of qaddIntForm (see QAddPairScan). */
export interface QAddScanParams {
  /** A's and B's dequantized values by unsigned byte, f32(scale * (value - zero point)) */
  fa: Float32Array;
  fb: Float32Array;
  /** the output's scale, its range less the zero point, the zero point (+ 128 for the twin), 128 for the twin */
  cs: number;
  lo: number;
  hi: number;
  bias: number;
  off: number;
  /** 128 for int8 (the unsigned-domain xor), else 0 */
  x: number;
  ma: number;
  mb: number;
  one: number;
  /** bounds kept per side */
  e: number;
}

/** What the pair scan gives: every pair's raw output byte and the kept bounds on k, best first, with their pairs. */
export interface QAddPairs {
  /** raw bytes by pair, (unsigned a) << 8 | unsigned b; a scan may give only a reader of them */
  want: (p: number) => number;
  loV: number[];
  loP: number[];
  hiV: number[];
  hiP: number[];
}

/**
 * The scan over the 65536 byte pairs: each pair's output byte by the float formula, and the E highest lower bounds and
 * E lowest upper bounds the pairs put on k (ties keep the earlier pair first). qaddPairsJs is the host's; the wasm
 * kernel assembly/model/qadd-form.ts computes the same lists (src/model/backends/wasm-int8/binary.ts wasmPairScan).
 */
export type QAddPairScan = (p: QAddScanParams) => QAddPairs;

/** The pair scan in TypeScript (the tests' oracle of the wasm one). */
export function qaddPairsJs(p: QAddScanParams): QAddPairs {
  const { fa, fb, cs, lo, hi, bias, off, x, ma, mb, one, e: E } = p;
  const loV: number[] = [],
    loP: number[] = [],
    hiV: number[] = [],
    hiP: number[] = [];
  const insert = (vs: number[], ps: number[], v: number, pair: number, higher: boolean) => {
    if (vs.length === E && (higher ? v <= vs[E - 1] : v >= vs[E - 1])) return;
    let j = vs.length === E ? E - 1 : vs.length;
    while (j > 0 && (higher ? vs[j - 1] < v : vs[j - 1] > v)) {
      vs[j] = vs[j - 1];
      ps[j] = ps[j - 1];
      j--;
    }
    vs[j] = v;
    ps[j] = pair;
  };
  const want = new Uint8Array(65536);
  for (let ua = 0; ua < 256; ua++) {
    const a = fa[ua];
    for (let ub = 0; ub < 256; ub++) {
      let r = f32(f32(a + fb[ub]) / cs);
      r = r < lo ? lo : r;
      r = hi < r ? hi : r;
      const q = rne(f32(r + bias));
      const raw = ((Number.isNaN(q) ? 0 : q) - off) & 255;
      const pair = (ua << 8) | ub;
      want[pair] = raw;
      const u = raw ^ x;
      const t = ua * ma + ub * mb;
      if (u > 0) insert(loV, loP, u * one - t, pair, true);
      if (u < 255) insert(hiV, hiP, (u + 1) * one - t - 1, pair, false);
    }
  }
  return { want: (pair) => want[pair], loV, loP, hiV, hiP };
}

/**
 * An integer form of QLinearAdd that gives the float formula's byte (qlinearBinaryByte) for every one of the 65536
 * byte pairs, or undefined. In the unsigned domain (an int8 byte ^ 0x80): u = clamp((ua * ma + ub * mb + k) >> shift,
 * 0, 255), with ma, mb the scale ratios a_s / c_s, b_s / c_s in fixed point; every pair's wanted u bounds k to an
 * interval, and k is taken in all of them but at most QADD_INT_MAX_EXCEPTIONS (those with the highest lower bounds
 * or the lowest upper bounds, left out fewest first), which the kernel patches by their bytes. Undefined where more
 * pairs would be left out, where the sums could leave int32, or where a scale overflows (the float formula's NaN).
 * The check is exhaustive, so the form is exact by construction, whatever float rounding the formula does. `scan`
 * runs that check (qaddPairsJs, or the wasm kernel's).
 */
export function qaddIntForm(
  type: QType,
  sc: readonly number[],
  twin = false,
  scan: QAddPairScan = qaddPairsJs,
): QAddIntForm | undefined {
  // a pure function of its parameters (either scan gives the same form): kept for the model's next load
  const key = `${type} ${twin ? 1 : 0} ${sc.join(' ')}`;
  if (FORMS.has(key)) {
    const had = FORMS.get(key);
    return had && { ...had, exceptions: [...had.exceptions] };
  }
  const form = computeQaddIntForm(type, sc, twin, scan);
  if (FORMS.size >= 1024) FORMS.delete(FORMS.keys().next().value as string);
  FORMS.set(key, form);
  return form && { ...form, exceptions: [...form.exceptions] };
}

/** The forms qaddIntForm computed, by parameters (at most 1024, the oldest dropped first). */
const FORMS = new Map<string, QAddIntForm | undefined>();

/** qaddIntForm without its memory of earlier answers (the tests compare the two scans through it). */
export function computeQaddIntForm(
  type: QType,
  sc: readonly number[],
  twin = false,
  scan: QAddPairScan = qaddPairsJs,
): QAddIntForm | undefined {
  const x = type === 'int8' ? 128 : 0;
  const ra = f32(sc[0]) / f32(sc[4]),
    rb = f32(sc[2]) / f32(sc[4]);
  if (!(f32(f32(sc[0]) * 255) < Infinity && f32(f32(sc[2]) * 255) < Infinity) || !(ra > 0 && rb > 0)) return undefined;
  // |ua * ma + ub * mb + k| stays below 2^30 for every pair (k is near (zp terms) * 2^shift)
  const shift = Math.min(24, Math.floor(Math.log2(2 ** 30 / (256 + 510 * (ra + rb)))));
  if (!(shift >= 8)) return undefined;
  const ma = Math.round(ra * 2 ** shift),
    mb = Math.round(rb * 2 ** shift);
  const one = 2 ** shift;
  const E = QADD_INT_MAX_EXCEPTIONS + 1;
  // qlinearBinaryByte's add for every pair, its per-operand products taken once per byte: the same f32 steps
  const fa = new Float32Array(256),
    fb = new Float32Array(256);
  const as = f32(sc[0]),
    bs = f32(sc[2]),
    cz = sc[5];
  for (let u = 0; u < 256; u++) {
    const v = type === 'int8' ? ((u ^ x) << 24) >> 24 : u;
    fa[u] = f32(as * (v - sc[1]));
    fb[u] = f32(bs * (v - sc[3]));
  }
  const range = Q_RANGE[type];
  const off = twin ? 128 : 0;
  // the E highest lower bounds and the E lowest upper bounds of k, with their pairs
  const { want, loV, loP, hiV, hiP } = scan({
    fa,
    fb,
    cs: f32(sc[4]),
    lo: range[0] - cz,
    hi: range[1] - cz,
    bias: cz + off,
    off,
    x,
    ma,
    mb,
    one,
    e: E,
  });
  let best: { k: number; pairs: Set<number> } | undefined;
  for (let i = 0; i < E; i++)
    for (let j = 0; i + j < E; j++) {
      const lo = i < loV.length ? loV[i] : -(2 ** 30),
        hi = j < hiV.length ? hiV[j] : 2 ** 30;
      if (lo > hi) continue;
      const pairs = new Set([...loP.slice(0, i), ...hiP.slice(0, j)]);
      if (pairs.size <= QADD_INT_MAX_EXCEPTIONS && (!best || pairs.size < best.pairs.size))
        best = { k: Math.max(lo, Math.min(hi, 0)), pairs };
    }
  if (!best) return undefined;
  const k = best.k;
  if (k < -(2 ** 30) || k + 255 * (ma + mb) >= 2 ** 30) return undefined;
  const exceptions = [...best.pairs].map((p) => {
    const ua = p >> 8,
      ub = p & 255;
    return (ua ^ x) | ((ub ^ x) << 8) | (want(p) << 16);
  });
  return { ma, mb, k, shift, exceptions };
}

/** The byte of the integer form (what binaryRunInt stores) for raw bytes a, b: a test's check of qaddIntForm. */
export function qaddIntByte(type: QType, f: QAddIntForm, a: number, b: number): number {
  const x = type === 'int8' ? 128 : 0;
  for (const e of f.exceptions) if ((e & 255) === a && ((e >> 8) & 255) === b) return (e >> 16) & 255;
  const v = Math.floor(((a ^ x) * f.ma + (b ^ x) * f.mb + f.k) / 2 ** f.shift);
  return (v < 0 ? 0 : v > 255 ? 255 : v) ^ x;
}
