// The finishing stage every convolution kernel shares: int32 accumulators (channel bias and filter corrections
// already in) -> full bias -> activation -> requantization -> zero point -> saturation -> store of the valid
// pixels and channels only. Exactly the contract of kernels-ref/requant.ts, per output channel o:
//   int8 / uint8:  identity/relu: v = f32(acc) * ratio[o] (relu: max(v, 0));
//                  hswish: x = f32(acc) * s_bias[o], v = ((x * min(max(x + 3, 0), 6)) * f32(1/6)) * inv_dst;
//                  y = sat(round(v) + zp);   relu6: y = sat(min(max(identity's y, zp), zp + round(6 * inv_dst)))
//   int32:         identity: acc; relu: max(acc, 0); hswish: round(hswish(f32(acc) * s_bias[o]) / s_bias[o])
// round: half-away (exact: t = trunc(v), t + sign(v) where |v - t| >= 0.5) or half-even (|v| + 2^23 - 2^23).
// The zero point is added after a saturating narrow to i16 (i16x8.add_sat_s), so a huge v cannot wrap around, and
// the final narrow saturates to the output type; saturating at i16 first gives the same result because every zero
// point lies inside the output type's range.
// Output table (ctx lut, 8-bit outputs only): y = lut[y] on every stored byte, applied over the bytes just stored
// (still in L1) on the fast paths, before the store on the element-wise ones; the model runtime fuses a look-up
// operator (Sigmoid, HardSwish, LeakyRelu... on 8 bits) into the convolution that feeds it this way.
// Residual add (ctx addRecord, 8-bit outputs only): after the table, y = QLinearAdd(y, r) with r the byte addDelta
// bytes further (the other operand, in the output's layout and shape), by the record's integer form or float formula
// (assembly/model/elementwise.ts residualAddRun), over the bytes just stored, in place; the model runtime fuses a
// QLinearAdd of a convolution's output and a same-shaped value into the convolution this way.
// f32x4.min/max must order NaN and signed zeros, which V8 lowers to several instructions each; pmin/pmax are single
// instructions and agree with min/max here (no NaN can occur, and the sign of a zero does not survive the
// conversion to an integer). With these and the 2^23 rounding instead of f32x4.nearest, hswish + half-even ran
// 64->64 56² 2x2 s2 at 28.8-29.1 GMAC/s against 26.2-28.2 before (Node 20, best of runs, A/B alternated).
//
// Window sums and float epilogue (ctx winSums / epiScales, int32 outputs only: a ConvInteger / MatMulInteger of the
// model whose weights were shifted per output channel, batch 1, one group): v = acc + e[c] * S[p] (int32, wrapping;
// S the window sums of the image, one per output pixel), then, with epiScales, f = f32(f32(v) * scale[c]) +
// bias[c] and f < 0 ? 0 : f where epiRelu, stored as float32 (4 bytes, where the int32 would go); the model's
// quantize_dynamic epilogue (Cast -> Mul -> Add -> Relu) done as the sums are stored, the operators' float32
// operations in their order.
// Addressing: output channel oc, flat output pixel p (= y * OW + x) of one image:
//   NCHW44: ((oc >> 2) * plane + p) * 4 + (oc & 3)        NCHW: oc * plane + p        (elements; full bias alike)
import { pick, transpose44Mask } from './vconst';
import {
  CTX_DSTTYPE, CTX_NONLIN, CTX_ROUNDING, CTX_BIASMODE, CTX_RATIO, CTX_SBIAS, CTX_INVDST, CTX_DSTZP, CTX_CLAMPLO,
  CTX_CLAMPHI, CTX_DSTLAYOUT, CTX_PLANE, CTX_LUT, CTX_ADDRECORD, CTX_ADDDELTA, CTX_WINSUMS, CTX_WINSHIFTS,
  CTX_EPISCALES, CTX_EPIBIAS, CTX_EPIRELU,
} from './ctx';
import { look4, lookInPlace } from './table';
import { residualAddRun } from '../model/elementwise';

/**
 * Nearest integer, ties away from zero, exact for every float: d = v - trunc(v) is exact and lies in (-1, 1), so
 * 2 * d is exact too and trunc(2 * d) is sign(v) exactly when |d| >= 0.5, else 0.
 */
// @ts-ignore: decorator
@inline
function roundHalfAway(v: v128): v128 {
  const t = f32x4.trunc(v);
  const d = f32x4.sub(v, t);
  return f32x4.add(t, f32x4.trunc(f32x4.add(d, d)));
}

/** Nearest integer, ties to even, exact for every float: below 2^23 adding and removing 2^23 rounds (RNE). */
// @ts-ignore: decorator
@inline
function roundHalfEven(v: v128): v128 {
  const a = f32x4.abs(v);
  const two23 = f32x4.splat(8388608.0);
  const r = v128.bitselect(a, f32x4.sub(f32x4.add(a, two23), two23), f32x4.ge(a, two23)); // >= 2^23: integral
  return v128.or(r, v128.and(v, i32x4.splat(0x80000000))); // copysign(r, v)
}

/** max(v, 0) for v that is not NaN. */
// @ts-ignore: decorator
@inline
function max0(v: v128): v128 {
  return f32x4.pmax(f32x4.splat(0.0), v);
}

// @ts-ignore: decorator
@inline
function hswish(x: v128): v128 {
  const t = f32x4.pmin(f32x4.splat(6.0), max0(f32x4.add(x, f32x4.splat(3.0))));
  return f32x4.mul(f32x4.mul(x, t), f32x4.splat(<f32>(1.0 / 6.0)));
}

// @ts-ignore: decorator
@inline
function roundBy(v: v128, even: bool): v128 {
  if (even) return roundHalfEven(v);
  return roundHalfAway(v);
}

/**
 * round(v) as int32 for a quantized output, which saturates to at most 16 bits afterwards.
 *   half-away: trunc(v + copysign(h, v)) with h = 0.49999997 (the float just below 0.5). Exact for every float:
 *     for |v| below 2^23 the sum rounds up to the next integer exactly when v's fraction is >= 0.5 (a fraction of
 *     0.5 - ulp(v) stays more than half a spacing below it, and 0.5 lands on or above the tie), and for larger |v|,
 *     already integral, h is less than half a spacing and the sum rounds back to v. The truncation is
 *     trunc_sat's own.
 *   half-even: |v| is clamped to 2^22 (such outputs saturate either way); then c + 1.5 * 2^23 rounds c to the
 *     nearest integer, ties to even, and since floats in [2^23, 2^24] are spaced 1 apart its bits minus those of
 *     1.5 * 2^23 are that integer as int32 (the end points 2^23 and 2^24 give -2^22 and 2^22 as well). This spares
 *     the subtraction and the i32x4.trunc_sat_f32x4_s that x86 engines lower to about seven instructions: 1.19x
 *     on a 3x3 depthwise layer (Node 24; the same trick with f32x4.trunc for half-away measured slower than
 *     trunc_sat). A NaN clamps to -2^22 (pmax returns its first operand when the comparison fails).
 */
// @ts-ignore: decorator
@inline
function roundQ(v: v128, even: bool): v128 {
  if (even) {
    const c = f32x4.pmin(f32x4.splat(4194304.0), f32x4.pmax(f32x4.splat(-4194304.0), v));
    const magic = f32x4.splat(12582912.0); // bits 0x4B400000
    return i32x4.sub(f32x4.add(c, magic), magic);
  }
  const h = v128.or(v128.and(v, i32x4.splat(0x80000000)), f32x4.splat(<f32>0.49999997));
  return i32x4.trunc_sat_f32x4_s(f32x4.add(v, h));
}

/** One vector of 4 accumulators -> 4 requantized int32 (quantized output: saturated to 16 bits afterwards). */
// @ts-ignore: decorator
@inline
function quantVec(a: v128, ratio: v128, sBias: v128, invDst: v128, even: bool, nl: i32): v128 {
  let v: v128;
  if (nl == 2) {
    v = f32x4.mul(hswish(f32x4.mul(f32x4.convert_i32x4_s(a), sBias)), invDst);
  } else {
    v = f32x4.mul(f32x4.convert_i32x4_s(a), ratio);
    if (nl == 1) v = max0(v);
  }
  return roundQ(v, even);
}

/** Activation + requantization of one vector of 4 accumulators; returns 4 int32 (not yet offset or narrowed). */
// @ts-ignore: decorator
@inline
export function requantVec(acc: v128, dstInt32: bool, nonlin: i32, even: bool, ratio: v128, sBias: v128, invDst: v128): v128 {
  if (dstInt32) {
    if (nonlin == 0) return acc;
    if (nonlin == 1) return i32x4.max_s(acc, i32x4.splat(0));
    const h = hswish(f32x4.mul(f32x4.convert_i32x4_s(acc), sBias));
    return i32x4.trunc_sat_f32x4_s(roundBy(f32x4.div(h, sBias), even));
  }
  return quantVec(acc, ratio, sBias, invDst, even, nonlin);
}

/** The first min(n, 4) 4-byte pixel groups (NCHW44: a pixel's 4 channels) of v to p. */
// @ts-ignore: decorator
@inline
export function storePixels44(p: usize, v: v128, n: i32): void {
  if (n >= 4) {
    v128.store(p, v);
  } else {
    v128.store32_lane(p, v, 0);
    if (n > 1) v128.store32_lane(p, v, 1, 4);
    if (n > 2) v128.store32_lane(p, v, 2, 8);
  }
}

/** i16 lanes + zero point, relu6 clamp. */
// @ts-ignore: decorator
@inline
function offsetClamp(n16: v128, zp: v128, lo: v128, hi: v128, relu6: bool): v128 {
  let r = i16x8.add_sat_s(n16, zp);
  if (relu6) r = i16x8.min_s(i16x8.max_s(r, lo), hi);
  return r;
}

/**
 * Half-even requantization with the zero point and the lower clamp folded in, for identity / relu / relu6 (not
 * hswish): bits(v + 1.5 * 2^23) is bits(1.5 * 2^23) + round(v) for |v| <= 2^22, and the bits of non-negative floats
 * grow with their values, so
 *   max(bits(v + M), bits(M) + lo - zp) - (bits(M) - zp) = max(round(v) + zp, lo)
 * for every v: above 2^22 the bits stay above bits(M) + 2^22 (the output saturates high, as it should), below -2^22
 * (negative sums included, whose bits are negative as int32) they fall under the clamp, which lies above
 * bits(M) - 2^22 because lo - zp > -2^22. lo: the output type's lowest value, the zero point for relu and relu6
 * (max(round(v), 0) + zp = max(round(v) + zp, zp)). Five vector operations per 4 outputs, zero point and
 * lower clamp included, against six before the saturating zero-point add and the clamps of the general sequence.
 * lowBits = splat(0x4B400000 + lo - zp), subBits = splat(0x4B400000 - zp) (quantZpLow, quantZpSub). (XNNPACK's fp32 requantization works
 * this way too.)
 */
// @ts-ignore: decorator
@inline
export function quantZp(a: v128, ratio: v128, lowBits: v128, subBits: v128, magic: v128): v128 {
  return i32x4.sub(i32x4.max_s(f32x4.add(f32x4.mul(f32x4.convert_i32x4_s(a), ratio), magic), lowBits), subBits);
}

/**
 * quantZp's M = splat(1.5 * 2^23), loaded from memory where a finishing loop starts and passed down as a value: V8
 * (Turboshaft) materializes a v128 constant at each use inside the loop (a 64-bit load, a move and an insert), while
 * a value it keeps in a register or reads as a memory operand.
 */
const QUANT_MAGIC: usize = memory.data<f32>([12582912.0, 12582912.0, 12582912.0, 12582912.0], 16);
// @ts-ignore: decorator
@inline
export function quantZpMagic(): v128 {
  return v128.load(QUANT_MAGIC);
}

/**
 * quantZp's lowBits for this context: splat(0x4B400000 + lo - zp), lo the output type's lowest value, or the zero
 * point for relu and relu6.
 */
// @ts-ignore: decorator
@inline
export function quantZpLow(ctx: usize): v128 {
  const nonlin = load<i32>(ctx, CTX_NONLIN);
  const zp = load<i32>(ctx, CTX_DSTZP);
  let lo = nonlin == 3 ? load<i32>(ctx, CTX_CLAMPLO) : nonlin == 1 ? zp : -32768;
  const typeMin = load<i32>(ctx, CTX_DSTTYPE) == 2 ? 0 : -128;
  if (lo < typeMin) lo = typeMin;
  return i32x4.splat(0x4B400000 + lo - zp);
}

/** quantZp's subBits for this context: splat(0x4B400000 - zp + shift), every output less `shift`. */
// @ts-ignore: decorator
@inline
export function quantZpSub(ctx: usize, shift: i32): v128 {
  return i32x4.splat(0x4B400000 - load<i32>(ctx, CTX_DSTZP) + shift);
}

/**
 * Two vectors of 4 accumulators -> 8 requantized i16 lanes (zero point added, activation clamped; saturated to 8 bits
 * by the caller's narrowing). Half-even without hswish takes quantZp; the rest the general sequence.
 */
// @ts-ignore: decorator
@inline
function quantPair(
  a: v128, b: v128, ra: v128, rb: v128, sa: v128, sb: v128, invDst: v128, zp: v128, lo: v128, hi: v128,
  lowBits: v128, subBits: v128, magic: v128, even: bool, nl: i32, relu6: bool,
): v128 {
  if (even && nl != 2) {
    const n = i16x8.narrow_i32x4_s(quantZp(a, ra, lowBits, subBits, magic), quantZp(b, rb, lowBits, subBits, magic));
    return relu6 ? i16x8.min_s(n, hi) : n;
  }
  return offsetClamp(i16x8.narrow_i32x4_s(quantVec(a, ra, sa, invDst, even, nl), quantVec(b, rb, sb, invDst, even, nl)), zp, lo, hi, relu6);
}

/**
 * The common case, specialized by the caller's constant flags: a block of 4 output channels that starts on a
 * channel boundary of 4, quantized output, no full bias. Four pixels at a time become 16 output bytes: in
 * NCHW44 they are contiguous (one store), in NCHW a 4x4 transpose gives one 4-byte store per channel plane.
 */
// @ts-ignore: decorator
@inline
function fastLoop(
  acc: usize, n: i32, out: usize, planeBytes: usize, nc: i32, nchw: bool,
  ratio: v128, sBias: v128, invDst: v128, zp: v128, lo: v128, hi: v128, lowBits: v128, subBits: v128, magic: v128, even: bool, nl: i32, relu6: bool, unsigned: bool,
): void {
  let j: i32 = 0;
  for (; j + 4 <= n; j += 4) {
    const a = acc + <usize>(j << 4);
    const n01 = quantPair(v128.load(a, 0), v128.load(a, 16), ratio, ratio, sBias, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, even, nl, relu6);
    const n23 = quantPair(v128.load(a, 32), v128.load(a, 48), ratio, ratio, sBias, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, even, nl, relu6);
    const b = unsigned ? i8x16.narrow_i16x8_u(n01, n23) : i8x16.narrow_i16x8_s(n01, n23);
    if (nchw) {
      const t = i8x16.shuffle(b, b, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
      const o = out + <usize>j;
      v128.store32_lane(o, t, 0);
      if (nc > 1) v128.store32_lane(o + planeBytes, t, 1);
      if (nc > 2) v128.store32_lane(o + 2 * planeBytes, t, 2);
      if (nc > 3) v128.store32_lane(o + 3 * planeBytes, t, 3);
    } else {
      v128.store(out + <usize>(j << 2), b);
    }
  }
  for (; j < n; j++) {
    const a = v128.load(acc + <usize>(j << 4));
    const n16 = quantPair(a, a, ratio, ratio, sBias, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, even, nl, relu6);
    const b = unsigned ? i8x16.narrow_i16x8_u(n16, n16) : i8x16.narrow_i16x8_s(n16, n16);
    if (nchw) {
      const o = out + <usize>j;
      v128.store8_lane(o, b, 0);
      if (nc > 1) v128.store8_lane(o + planeBytes, b, 1);
      if (nc > 2) v128.store8_lane(o + 2 * planeBytes, b, 2);
      if (nc > 3) v128.store8_lane(o + 3 * planeBytes, b, 3);
    } else {
      v128.store32_lane(out + <usize>(j << 2), b, 0);
    }
  }
}

/** fastLoop with every flag a constant (so the inliner removes the branches); key = even | nl << 1 | unsigned << 3 | nchw << 4. */
function fastFinish(
  key: i32, acc: usize, n: i32, out: usize, planeBytes: usize, nc: i32,
  ratio: v128, sBias: v128, invDst: v128, zp: v128, lo: v128, hi: v128, lowBits: v128, subBits: v128, magic: v128,
): void {
  switch (key) {
    case 0: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, false, false); break;
    case 1: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, false, false); break;
    case 2: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 1, false, false); break;
    case 3: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 1, false, false); break;
    case 4: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 2, false, false); break;
    case 5: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 2, false, false); break;
    case 6: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, true, false); break;
    case 7: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, true, false); break;
    case 8: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, false, true); break;
    case 9: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, false, true); break;
    case 10: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 1, false, true); break;
    case 11: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 1, false, true); break;
    case 12: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 2, false, true); break;
    case 13: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 2, false, true); break;
    case 14: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, true, true); break;
    case 15: fastLoop(acc, n, out, planeBytes, nc, false, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, true, true); break;
    case 16: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, false, false); break;
    case 17: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, false, false); break;
    case 18: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 1, false, false); break;
    case 19: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 1, false, false); break;
    case 20: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 2, false, false); break;
    case 21: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 2, false, false); break;
    case 22: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, true, false); break;
    case 23: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, true, false); break;
    case 24: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, false, true); break;
    case 25: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, false, true); break;
    case 26: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 1, false, true); break;
    case 27: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 1, false, true); break;
    case 28: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 2, false, true); break;
    case 29: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 2, false, true); break;
    case 30: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, true, true); break;
    case 31: fastLoop(acc, n, out, planeBytes, nc, true, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, true, true); break;
    default: unreachable();
  }
}

/** Lanes l < n of an int32 vector to 4 addresses `stride` bytes apart (NCHW channels). */
// @ts-ignore: decorator
@inline
function storeLanes32(p: usize, stride: usize, v: v128, n: i32): void {
  v128.store32_lane(p, v, 0);
  if (n > 1) v128.store32_lane(p + stride, v, 1);
  if (n > 2) v128.store32_lane(p + 2 * stride, v, 2);
  if (n > 3) v128.store32_lane(p + 3 * stride, v, 3);
}

/** Bytes 0..n-1 of a vector to 4 addresses `stride` bytes apart (NCHW channels). */
// @ts-ignore: decorator
@inline
function storeLanes8(p: usize, stride: usize, v: v128, n: i32): void {
  v128.store8_lane(p, v, 0);
  if (n > 1) v128.store8_lane(p + stride, v, 1);
  if (n > 2) v128.store8_lane(p + 2 * stride, v, 2);
  if (n > 3) v128.store8_lane(p + 3 * stride, v, 3);
}

/** Element offset of (channel oc, flat pixel p) in the output layout. */
// @ts-ignore: decorator
@inline
function elemAt(nchw: bool, plane: i32, oc: i32, p: i32): i32 {
  return nchw ? oc * plane + p : (((oc >> 2) * plane + p) << 2) + (oc & 3);
}

/** The int32 full-bias values of channels oc .. oc + n - 1 (n <= 4) at pixel p; lanes past n are 0. */
// @ts-ignore: decorator
@inline
function loadBias(bias: usize, nchw: bool, aligned: bool, plane: i32, oc: i32, p: i32, n: i32): v128 {
  if (aligned) return v128.load(bias + <usize>(elemAt(false, plane, oc, p) << 2));
  let v = i32x4.splat(0);
  v = i32x4.replace_lane(v, 0, load<i32>(bias + <usize>(elemAt(nchw, plane, oc, p) << 2)));
  if (n > 1) v = i32x4.replace_lane(v, 1, load<i32>(bias + <usize>(elemAt(nchw, plane, oc + 1, p) << 2)));
  if (n > 2) v = i32x4.replace_lane(v, 2, load<i32>(bias + <usize>(elemAt(nchw, plane, oc + 2, p) << 2)));
  if (n > 3) v = i32x4.replace_lane(v, 3, load<i32>(bias + <usize>(elemAt(nchw, plane, oc + 3, p) << 2)));
  return v;
}

/** Lanes l < n of an int32 vector to channels oc + l of pixel p, one element at a time (any layout). */
function storeLanesAt32(dst: usize, nchw: bool, plane: i32, oc: i32, p: i32, v: v128, n: i32): void {
  store<i32>(dst + <usize>(elemAt(nchw, plane, oc, p) << 2), i32x4.extract_lane(v, 0));
  if (n > 1) store<i32>(dst + <usize>(elemAt(nchw, plane, oc + 1, p) << 2), i32x4.extract_lane(v, 1));
  if (n > 2) store<i32>(dst + <usize>(elemAt(nchw, plane, oc + 2, p) << 2), i32x4.extract_lane(v, 2));
  if (n > 3) store<i32>(dst + <usize>(elemAt(nchw, plane, oc + 3, p) << 2), i32x4.extract_lane(v, 3));
}

/** Bytes l < n of a vector to channels oc + l of pixel p, one element at a time (any layout). */
function storeLanesAt8(dst: usize, nchw: bool, plane: i32, oc: i32, p: i32, v: v128, n: i32): void {
  store<u8>(dst + <usize>elemAt(nchw, plane, oc, p), i8x16.extract_lane_u(v, 0));
  if (n > 1) store<u8>(dst + <usize>elemAt(nchw, plane, oc + 1, p), i8x16.extract_lane_u(v, 1));
  if (n > 2) store<u8>(dst + <usize>elemAt(nchw, plane, oc + 2, p), i8x16.extract_lane_u(v, 2));
  if (n > 3) store<u8>(dst + <usize>elemAt(nchw, plane, oc + 3, p), i8x16.extract_lane_u(v, 3));
}

/** The residual add (ctx addRecord `add`, non-zero) on the one output byte at q, in place. */
function addAt(add: usize, delta: usize, q: usize): void {
  residualAddRun(add, q, q + delta, q, 1);
}

/** The residual add on bytes l < n of channels oc + l of pixel p (any layout), after storeLanesAt8 / storeLanes8. */
function addLanesAt(add: usize, delta: usize, dst: usize, nchw: bool, plane: i32, oc: i32, p: i32, n: i32): void {
  for (let l: i32 = 0; l < n && l < 4; l++) addAt(add, delta, dst + <usize>elemAt(nchw, plane, oc + l, p));
}

/**
 * Finishes a micro-tile. acc: nb * npix vectors, block-major (block b, pixel j at (b * npix + j) * 16).
 * ch: index of block 0's lane 0 in the per-channel arrays (ratio, sBias: [G][ocpgPad]); oc0: its output channel;
 * nch: valid channels from oc0 (lanes past it are not stored); pix: flat pixel of j = 0; npv: valid pixels from
 * pix (at most npix are stored); dst / bias: the image's output / full bias (int32, dst layout).
 */
export function finishTile(
  ctx: usize, acc: usize, nb: i32, npix: i32, ch: i32, oc0: i32, nch: i32, pix: i32, npv: i32, dst: usize, bias: usize,
): void {
  const dstType = load<i32>(ctx, CTX_DSTTYPE);
  const dstInt32 = dstType == 1;
  const unsigned = dstType == 2;
  const nonlin = load<i32>(ctx, CTX_NONLIN);
  const relu6 = nonlin == 3;
  const nl = relu6 ? 0 : nonlin;
  const even = load<i32>(ctx, CTX_ROUNDING) == 1;
  const fullMode = load<i32>(ctx, CTX_BIASMODE) == 2;
  const nchw = load<i32>(ctx, CTX_DSTLAYOUT) == 1;
  const plane = load<i32>(ctx, CTX_PLANE);
  const ratioP = <usize>load<i32>(ctx, CTX_RATIO);
  const sBiasP = <usize>load<i32>(ctx, CTX_SBIAS);
  const invDst = f32x4.splat(load<f32>(ctx, CTX_INVDST));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_DSTZP));
  const lo = i16x8.splat(<i16>load<i32>(ctx, CTX_CLAMPLO));
  const hi = i16x8.splat(<i16>load<i32>(ctx, CTX_CLAMPHI));
  const lowBits = quantZpLow(ctx);
  const subBits = quantZpSub(ctx, 0);
  const magic = quantZpMagic();
  const elem: i32 = dstInt32 ? 4 : 1;
  const planeBytes = <usize>(plane * elem);
  const lut: usize = dstInt32 ? 0 : <usize>load<i32>(ctx, CTX_LUT);
  const add: usize = dstInt32 ? 0 : <usize>load<i32>(ctx, CTX_ADDRECORD);
  const delta = <usize>load<i32>(ctx, CTX_ADDDELTA);
  let nvalid = npv;
  if (nvalid > npix) nvalid = npix;
  const ws = dstInt32 ? <usize>load<i32>(ctx, CTX_WINSUMS) : 0;
  const eScales = dstInt32 ? <usize>load<i32>(ctx, CTX_EPISCALES) : 0;
  const epi = ws != 0 || eScales != 0;
  const eRelu = load<i32>(ctx, CTX_EPIRELU) != 0;
  for (let b: i32 = 0; b < nb; b++) {
    const nc = nch - 4 * b; // valid lanes of this block
    if (nc <= 0) break;
    const oc = oc0 + 4 * b;
    const e4 = chanVec(<usize>load<i32>(ctx, CTX_WINSHIFTS), oc, true);
    const s4 = chanVec(eScales, oc, true);
    const b4 = chanVec(<usize>load<i32>(ctx, CTX_EPIBIAS), oc, true);
    const ratio = v128.load(ratioP + <usize>((ch + 4 * b) << 2));
    const sBias = v128.load(sBiasP + <usize>((ch + 4 * b) << 2));
    const accB = acc + <usize>(b * npix * 16);
    // NCHW44 blocks that start on a 4-channel boundary with all 4 lanes valid store one vector / one i32
    const aligned = !nchw && (oc & 3) == 0 && nc >= 4;
    if (!dstInt32 && !fullMode && (aligned || nchw)) {
      const key = (even ? 1 : 0) | (nonlin << 1) | (unsigned ? 8 : 0) | (nchw ? 16 : 0);
      const out = dst + <usize>(nchw ? oc * plane + pix : elemAt(false, plane, oc, pix));
      fastFinish(key, accB, nvalid, out, planeBytes, nc < 4 ? nc : 4, ratio, sBias, invDst, zp, lo, hi, lowBits, subBits, magic);
      if (lut) {
        if (!nchw) lookInPlace(lut, out, nvalid << 2);
        else for (let c: i32 = 0; c < nc && c < 4; c++) lookInPlace(lut, out + <usize>c * planeBytes, nvalid);
      }
      if (add) {
        if (!nchw) residualAddRun(add, out, out + delta, out, nvalid << 2);
        else
          for (let c: i32 = 0; c < nc && c < 4; c++) {
            const o = out + <usize>c * planeBytes;
            residualAddRun(add, o, o + delta, o, nvalid);
          }
      }
      continue;
    }
    for (let j: i32 = 0; j < nvalid; j++) {
      const p = pix + j;
      let a = v128.load(accB + <usize>(j * 16));
      if (fullMode) a = i32x4.add(a, loadBias(bias, nchw, aligned, plane, oc, p, nc));
      if (epi) a = epiVec(a, e4, ws != 0 ? i32x4.splat(load<i32>(ws + (<usize>p << 2))) : a, s4, b4, ws != 0, eScales != 0, eRelu);
      const r = requantVec(a, dstInt32, nl, even, ratio, sBias, invDst);
      if (dstInt32) {
        if (aligned) v128.store(dst + <usize>(elemAt(false, plane, oc, p) << 2), r);
        else if (nchw) storeLanes32(dst + <usize>((oc * plane + p) << 2), planeBytes, r, nc);
        else storeLanesAt32(dst, false, plane, oc, p, r, nc);
      } else {
        let n16 = i16x8.add_sat_s(i16x8.narrow_i32x4_s(r, r), zp);
        if (relu6) n16 = i16x8.min_s(i16x8.max_s(n16, lo), hi);
        let n8 = unsigned ? i8x16.narrow_i16x8_u(n16, n16) : i8x16.narrow_i16x8_s(n16, n16);
        if (lut) n8 = i32x4.splat(look4(lut, i32x4.extract_lane(n8, 0))); // bytes 0-3: the 4 channels
        if (aligned) v128.store32_lane(dst + <usize>elemAt(false, plane, oc, p), n8, 0);
        else if (nchw) storeLanes8(dst + <usize>(oc * plane + p), planeBytes, n8, nc);
        else storeLanesAt8(dst, false, plane, oc, p, n8, nc);
        if (add) addLanesAt(add, delta, dst, nchw, plane, oc, p, nc);
      }
    }
  }
}

// ---- pixel-lane accumulators (GEMM kernels): one vector = 4 consecutive pixels of one output channel ----------

/**
 * 4 channels (rows of i32 accumulators, `stride` bytes apart) -> NCHW44 output, 4 pixels at a time: the 4x4
 * bytes become the 4 pixels' 4-channel groups, contiguous in NCHW44 (one 16-byte store).
 */
// @ts-ignore: decorator
@inline
function rows44(
  acc: usize, stride: i32, n: i32, out: usize, ratioP: usize, sBiasP: usize, invDst: v128, zp: v128, lo: v128, hi: v128, lowBits: v128, subBits: v128, magic: v128, tr: v128,
  even: bool, nl: i32, relu6: bool, unsigned: bool,
): void {
  const r0c = v128.load32_splat(ratioP, 0);
  const r1c = v128.load32_splat(ratioP, 4);
  const r2c = v128.load32_splat(ratioP, 8);
  const r3c = v128.load32_splat(ratioP, 12);
  const s0c = v128.load32_splat(sBiasP, 0);
  const s1c = v128.load32_splat(sBiasP, 4);
  const s2c = v128.load32_splat(sBiasP, 8);
  const s3c = v128.load32_splat(sBiasP, 12);
  const st = <usize>stride;
  for (let j: i32 = 0; j < n; j += 4) {
    const a = acc + <usize>(j << 2);
    const n01 = quantPair(v128.load(a), v128.load(a + st), r0c, r1c, s0c, s1c, invDst, zp, lo, hi, lowBits, subBits, magic, even, nl, relu6);
    const n23 = quantPair(v128.load(a + 2 * st), v128.load(a + 3 * st), r2c, r3c, s2c, s3c, invDst, zp, lo, hi, lowBits, subBits, magic, even, nl, relu6);
    const b = unsigned ? i8x16.narrow_i16x8_u(n01, n23) : i8x16.narrow_i16x8_s(n01, n23);
    storePixels44(out + <usize>(j << 2), pick(b, tr), n - j);
  }
}

/** nc <= 4 channels (rows) -> NCHW output: each channel's 4 pixels are 4 contiguous bytes of its plane. */
// @ts-ignore: decorator
@inline
function rowsNchw(
  acc: usize, stride: i32, n: i32, nc: i32, out: usize, planeBytes: usize, ratioP: usize, sBiasP: usize,
  invDst: v128, zp: v128, lo: v128, hi: v128, lowBits: v128, subBits: v128, magic: v128, even: bool, nl: i32, relu6: bool, unsigned: bool,
): void {
  for (let c: i32 = 0; c < nc; c++) {
    const rc = v128.load32_splat(ratioP + <usize>(c << 2));
    const sc = v128.load32_splat(sBiasP + <usize>(c << 2));
    const row = acc + <usize>(c * stride);
    const o = out + <usize>c * planeBytes;
    let j: i32 = 0;
    for (; j + 8 <= n; j += 8) {
      const n16 = quantPair(v128.load(row + <usize>(j << 2)), v128.load(row + <usize>(j << 2), 16), rc, rc, sc, sc, invDst, zp, lo, hi, lowBits, subBits, magic, even, nl, relu6);
      const b = unsigned ? i8x16.narrow_i16x8_u(n16, n16) : i8x16.narrow_i16x8_s(n16, n16);
      v128.store64_lane(o + <usize>j, b, 0);
    }
    for (; j < n; j += 4) {
      const a = v128.load(row + <usize>(j << 2));
      const n16 = quantPair(a, a, rc, rc, sc, sc, invDst, zp, lo, hi, lowBits, subBits, magic, even, nl, relu6);
      const b = unsigned ? i8x16.narrow_i16x8_u(n16, n16) : i8x16.narrow_i16x8_s(n16, n16);
      const p = o + <usize>j;
      if (j + 4 <= n) {
        v128.store32_lane(p, b, 0);
      } else {
        v128.store8_lane(p, b, 0);
        if (j + 1 < n) v128.store8_lane(p, b, 1, 1);
        if (j + 2 < n) v128.store8_lane(p, b, 2, 2);
      }
    }
  }
}

/** rows44 with constant flags; key = even | nl << 1 | unsigned << 3 (nl 3 = relu6). */
function fastRows44(
  key: i32, acc: usize, stride: i32, n: i32, out: usize, ratioP: usize, sBiasP: usize, invDst: v128, zp: v128, lo: v128, hi: v128, lowBits: v128, subBits: v128, magic: v128, tr: v128,
): void {
  switch (key) {
    case 0: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, false, 0, false, false); break;
    case 1: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, true, 0, false, false); break;
    case 2: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, false, 1, false, false); break;
    case 3: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, true, 1, false, false); break;
    case 4: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, false, 2, false, false); break;
    case 5: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, true, 2, false, false); break;
    case 6: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, false, 0, true, false); break;
    case 7: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, true, 0, true, false); break;
    case 8: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, false, 0, false, true); break;
    case 9: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, true, 0, false, true); break;
    case 10: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, false, 1, false, true); break;
    case 11: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, true, 1, false, true); break;
    case 12: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, false, 2, false, true); break;
    case 13: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, true, 2, false, true); break;
    case 14: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, false, 0, true, true); break;
    case 15: rows44(acc, stride, n, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, tr, true, 0, true, true); break;
    default: unreachable();
  }
}

/** rowsNchw with constant flags (same key). */
function fastRowsNchw(
  key: i32, acc: usize, stride: i32, n: i32, nc: i32, out: usize, planeBytes: usize, ratioP: usize, sBiasP: usize,
  invDst: v128, zp: v128, lo: v128, hi: v128, lowBits: v128, subBits: v128, magic: v128,
): void {
  switch (key) {
    case 0: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, false, false); break;
    case 1: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, false, false); break;
    case 2: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, false, 1, false, false); break;
    case 3: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, true, 1, false, false); break;
    case 4: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, false, 2, false, false); break;
    case 5: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, true, 2, false, false); break;
    case 6: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, true, false); break;
    case 7: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, true, false); break;
    case 8: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, false, true); break;
    case 9: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, false, true); break;
    case 10: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, false, 1, false, true); break;
    case 11: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, true, 1, false, true); break;
    case 12: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, false, 2, false, true); break;
    case 13: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, true, 2, false, true); break;
    case 14: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, false, 0, true, true); break;
    case 15: rowsNchw(acc, stride, n, nc, out, planeBytes, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, true, 0, true, true); break;
    default: unreachable();
  }
}

/**
 * 4 channel vectors of 4 pixels' 32-bit values -> the pixels' 4-channel groups at o, 16 bytes each (NCHW44): the
 * first min(left, 4) pixels.
 */
// @ts-ignore: decorator
@inline
function storeTransposed44(o: usize, r0: v128, r1: v128, r2: v128, r3: v128, left: i32): void {
  const t0 = v128.shuffle<i32>(r0, r1, 0, 4, 1, 5); // [c0 p0, c1 p0, c0 p1, c1 p1]
  const t1 = v128.shuffle<i32>(r0, r1, 2, 6, 3, 7);
  const t2 = v128.shuffle<i32>(r2, r3, 0, 4, 1, 5);
  const t3 = v128.shuffle<i32>(r2, r3, 2, 6, 3, 7);
  v128.store(o, v128.shuffle<i64>(t0, t2, 0, 2));
  if (left > 1) v128.store(o, v128.shuffle<i64>(t0, t2, 1, 3), 16);
  if (left > 2) v128.store(o, v128.shuffle<i64>(t1, t3, 0, 2), 32);
  if (left > 3) v128.store(o, v128.shuffle<i64>(t1, t3, 1, 3), 48);
}

/** The window sums of pixels p .. p + 3 (only the first `left` read where fewer remain). */
// @ts-ignore: decorator
@inline
function sums4(ws: usize, p: i32, left: i32): v128 {
  const at = ws + (<usize>p << 2);
  if (left >= 4) return v128.load(at);
  let v = i32x4.splat(load<i32>(at));
  if (left > 1) v = i32x4.replace_lane(v, 1, load<i32>(at, 4));
  if (left > 2) v = i32x4.replace_lane(v, 2, load<i32>(at, 8));
  return v;
}

/**
 * The window correction and float epilogue of 4 int32 sums (see the header): v + e * s, then (float) f32(v) * sc + b
 * and the Relu; returns int32 lanes or float32 bits.
 */
// @ts-ignore: decorator
@inline
function epiVec(v: v128, e: v128, s: v128, sc: v128, b: v128, win: bool, float: bool, relu: bool): v128 {
  const a = win ? i32x4.add(v, i32x4.mul(e, s)) : v;
  if (!float) return a;
  const f = f32x4.add(f32x4.mul(f32x4.convert_i32x4_s(a), sc), b);
  return relu ? f32x4.pmax(f, f32x4.splat(0.0)) : f;
}

/** Lanes of a per-channel array at channel oc: 4 channels (oc .. oc + 3) or one splatted; zero where absent. */
// @ts-ignore: decorator
@inline
function chanVec(arr: usize, oc: i32, four: bool): v128 {
  if (arr == 0) return i32x4.splat(0);
  return four ? v128.load(arr + (<usize>oc << 2)) : v128.load32_splat(arr + (<usize>oc << 2));
}

/**
 * 4 channel rows (`stride` bytes apart) of int32 sums of pixels pix .. pix + n - 1 -> NCHW44 output from `out`
 * through the window correction and epilogue (epiVec), 16 bytes a pixel.
 */
function epiRows44(ctx: usize, acc: usize, stride: usize, n: i32, pix: i32, out: usize, oc0: i32): void {
  const ws = <usize>load<i32>(ctx, CTX_WINSUMS);
  const shifts = <usize>load<i32>(ctx, CTX_WINSHIFTS);
  const scales = <usize>load<i32>(ctx, CTX_EPISCALES);
  const bias = <usize>load<i32>(ctx, CTX_EPIBIAS);
  const win = ws != 0;
  const float = scales != 0;
  const relu = load<i32>(ctx, CTX_EPIRELU) != 0;
  const e0 = chanVec(shifts, oc0, false), e1 = chanVec(shifts, oc0 + 1, false);
  const e2 = chanVec(shifts, oc0 + 2, false), e3 = chanVec(shifts, oc0 + 3, false);
  const s0 = chanVec(scales, oc0, false), s1 = chanVec(scales, oc0 + 1, false);
  const s2 = chanVec(scales, oc0 + 2, false), s3 = chanVec(scales, oc0 + 3, false);
  const b0 = chanVec(bias, oc0, false), b1 = chanVec(bias, oc0 + 1, false);
  const b2 = chanVec(bias, oc0 + 2, false), b3 = chanVec(bias, oc0 + 3, false);
  for (let j: i32 = 0; j < n; j += 4) {
    const a = acc + <usize>(j << 2);
    const w = win ? sums4(ws, pix + j, n - j) : i32x4.splat(0);
    const r0 = epiVec(v128.load(a), e0, w, s0, b0, win, float, relu);
    const r1 = epiVec(v128.load(a + stride), e1, w, s1, b1, win, float, relu);
    const r2 = epiVec(v128.load(a + 2 * stride), e2, w, s2, b2, win, float, relu);
    const r3 = epiVec(v128.load(a + 3 * stride), e3, w, s3, b3, win, float, relu);
    storeTransposed44(out + <usize>(j << 4), r0, r1, r2, r3, n - j);
  }
}

/** One channel row of int32 sums -> its NCHW plane from `out` (n pixels) through the correction and epilogue. */
function epiRowNchw(ctx: usize, row: usize, n: i32, pix: i32, out: usize, oc: i32): void {
  const ws = <usize>load<i32>(ctx, CTX_WINSUMS);
  const scales = <usize>load<i32>(ctx, CTX_EPISCALES);
  const win = ws != 0;
  const float = scales != 0;
  const relu = load<i32>(ctx, CTX_EPIRELU) != 0;
  const e = chanVec(<usize>load<i32>(ctx, CTX_WINSHIFTS), oc, false);
  const sc = chanVec(scales, oc, false);
  const b = chanVec(<usize>load<i32>(ctx, CTX_EPIBIAS), oc, false);
  for (let j: i32 = 0; j < n; j += 4) {
    const w = win ? sums4(ws, pix + j, n - j) : i32x4.splat(0);
    const v = epiVec(v128.load(row + <usize>(j << 2)), e, w, sc, b, win, float, relu);
    const o = out + <usize>(j << 2);
    if (j + 4 <= n) {
      v128.store(o, v);
    } else {
      v128.store32_lane(o, v, 0);
      if (j + 1 < n) v128.store32_lane(o, v, 1, 4);
      if (j + 2 < n) v128.store32_lane(o, v, 2, 8);
    }
  }
}

/**
 * 4 channel rows of int32 accumulators (`stride` bytes apart) -> NCHW44 int32 output from `out` (n pixels, 16 bytes
 * each): a 4x4 transpose per 4 pixels; relu: max(acc, 0) first.
 */
function int32Rows44(acc: usize, stride: usize, n: i32, out: usize, relu: bool): void {
  const zero = i32x4.splat(0);
  for (let j: i32 = 0; j < n; j += 4) {
    const a = acc + <usize>(j << 2);
    let r0 = v128.load(a);
    let r1 = v128.load(a + stride);
    let r2 = v128.load(a + 2 * stride);
    let r3 = v128.load(a + 3 * stride);
    if (relu) {
      r0 = i32x4.max_s(r0, zero);
      r1 = i32x4.max_s(r1, zero);
      r2 = i32x4.max_s(r2, zero);
      r3 = i32x4.max_s(r3, zero);
    }
    storeTransposed44(out + <usize>(j << 4), r0, r1, r2, r3, n - j);
  }
}

/** One channel row of int32 accumulators -> its NCHW int32 plane from `out` (n pixels); relu: max(acc, 0) first. */
function int32RowNchw(row: usize, n: i32, out: usize, relu: bool): void {
  const zero = i32x4.splat(0);
  let j: i32 = 0;
  for (; j + 4 <= n; j += 4) {
    let v = v128.load(row + <usize>(j << 2));
    if (relu) v = i32x4.max_s(v, zero);
    v128.store(out + <usize>(j << 2), v);
  }
  for (; j < n; j++) {
    let v = load<i32>(row + <usize>(j << 2));
    if (relu && v < 0) v = 0;
    store<i32>(out + <usize>(j << 2), v);
  }
}

/**
 * Finishes pixel-lane accumulator rows: acc[c][j] (int32, row c at acc + c * stride, rows padded to a multiple of 4
 * pixels) for output channels oc0 .. oc0 + nch - 1 (nch <= 4; per-channel arrays at index ch + c) and flat pixels
 * pix .. pix + npv - 1 of one image (dst, bias: its output and full bias).
 */
export function finishRows(
  ctx: usize, acc: usize, stride: i32, ch: i32, oc0: i32, nch: i32, pix: i32, npv: i32, dst: usize, bias: usize,
): void {
  const dstType = load<i32>(ctx, CTX_DSTTYPE);
  const dstInt32 = dstType == 1;
  const nonlin = load<i32>(ctx, CTX_NONLIN);
  const even = load<i32>(ctx, CTX_ROUNDING) == 1;
  const fullMode = load<i32>(ctx, CTX_BIASMODE) == 2;
  const nchw = load<i32>(ctx, CTX_DSTLAYOUT) == 1;
  const plane = load<i32>(ctx, CTX_PLANE);
  const ratioP = <usize>load<i32>(ctx, CTX_RATIO) + <usize>(ch << 2);
  const sBiasP = <usize>load<i32>(ctx, CTX_SBIAS) + <usize>(ch << 2);
  const invDst = f32x4.splat(load<f32>(ctx, CTX_INVDST));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_DSTZP));
  const lo = i16x8.splat(<i16>load<i32>(ctx, CTX_CLAMPLO));
  const hi = i16x8.splat(<i16>load<i32>(ctx, CTX_CLAMPHI));
  const lowBits = quantZpLow(ctx);
  const subBits = quantZpSub(ctx, 0);
  const magic = quantZpMagic();
  const lut: usize = dstInt32 ? 0 : <usize>load<i32>(ctx, CTX_LUT);
  const add: usize = dstInt32 ? 0 : <usize>load<i32>(ctx, CTX_ADDRECORD);
  const delta = <usize>load<i32>(ctx, CTX_ADDDELTA);
  if (!dstInt32 && !fullMode) {
    const key = (even ? 1 : 0) | (nonlin << 1) | (dstType == 2 ? 8 : 0);
    if (!nchw && (oc0 & 3) == 0 && nch == 4) {
      const out = dst + <usize>elemAt(false, plane, oc0, pix);
      fastRows44(key, acc, stride, npv, out, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic, transpose44Mask());
      if (lut) lookInPlace(lut, out, npv << 2);
      if (add) residualAddRun(add, out, out + delta, out, npv << 2);
      return;
    }
    if (nchw) {
      const out = dst + <usize>(oc0 * plane + pix);
      fastRowsNchw(key, acc, stride, npv, nch, out, <usize>plane, ratioP, sBiasP, invDst, zp, lo, hi, lowBits, subBits, magic);
      if (lut) for (let c: i32 = 0; c < nch; c++) lookInPlace(lut, out + <usize>(c * plane), npv);
      if (add)
        for (let c: i32 = 0; c < nch; c++) {
          const o = out + <usize>(c * plane);
          residualAddRun(add, o, o + delta, o, npv);
        }
      return;
    }
  }
  const relu6 = nonlin == 3;
  const nl = relu6 ? 0 : nonlin;
  const epi = dstInt32 && (load<i32>(ctx, CTX_WINSUMS) != 0 || load<i32>(ctx, CTX_EPISCALES) != 0);
  if (epi) {
    // the window correction and float epilogue (identity, no bias: the host sets it only so)
    if (!nchw && (oc0 & 3) == 0 && nch == 4) {
      epiRows44(ctx, acc, <usize>stride, npv, pix, dst + <usize>(elemAt(false, plane, oc0, pix) << 2), oc0);
      return;
    }
    if (nchw) {
      for (let c: i32 = 0; c < nch; c++)
        epiRowNchw(ctx, acc + <usize>(c * stride), npv, pix, dst + <usize>(((oc0 + c) * plane + pix) << 2), oc0 + c);
      return;
    }
  }
  if (dstInt32 && !fullMode && nl != 2 && !epi) {
    // int32 output (ConvInteger, the first of a window-corrected pair): whole vectors
    if (!nchw && (oc0 & 3) == 0 && nch == 4) {
      int32Rows44(acc, <usize>stride, npv, dst + <usize>(elemAt(false, plane, oc0, pix) << 2), nl == 1);
      return;
    }
    if (nchw) {
      for (let c: i32 = 0; c < nch; c++)
        int32RowNchw(acc + <usize>(c * stride), npv, dst + <usize>(((oc0 + c) * plane + pix) << 2), nl == 1);
      return;
    }
  }
  // general case (full bias, hswish on int32, NCHW44 channels not on a block boundary): one element at a time
  const unsigned = dstType == 2;
  const ws = <usize>load<i32>(ctx, CTX_WINSUMS);
  const eScales = <usize>load<i32>(ctx, CTX_EPISCALES);
  const eRelu = load<i32>(ctx, CTX_EPIRELU) != 0;
  for (let c: i32 = 0; c < nch; c++) {
    const oc = oc0 + c;
    const rc = v128.load32_splat(ratioP + <usize>(c << 2));
    const sc = v128.load32_splat(sBiasP + <usize>(c << 2));
    const row = acc + <usize>(c * stride);
    const ec = chanVec(<usize>load<i32>(ctx, CTX_WINSHIFTS), oc, false);
    const esc = chanVec(eScales, oc, false);
    const ebc = chanVec(<usize>load<i32>(ctx, CTX_EPIBIAS), oc, false);
    for (let j: i32 = 0; j < npv; j += 4) {
      let a = v128.load(row + <usize>(j << 2));
      if (epi) a = epiVec(a, ec, ws != 0 ? sums4(ws, pix + j, npv - j) : i32x4.splat(0), esc, ebc, ws != 0, eScales != 0, eRelu);
      if (fullMode) {
        let bv = i32x4.splat(0);
        bv = i32x4.replace_lane(bv, 0, load<i32>(bias + <usize>(elemAt(nchw, plane, oc, pix + j) << 2)));
        if (j + 1 < npv) bv = i32x4.replace_lane(bv, 1, load<i32>(bias + <usize>(elemAt(nchw, plane, oc, pix + j + 1) << 2)));
        if (j + 2 < npv) bv = i32x4.replace_lane(bv, 2, load<i32>(bias + <usize>(elemAt(nchw, plane, oc, pix + j + 2) << 2)));
        if (j + 3 < npv) bv = i32x4.replace_lane(bv, 3, load<i32>(bias + <usize>(elemAt(nchw, plane, oc, pix + j + 3) << 2)));
        a = i32x4.add(a, bv);
      }
      const r = requantVec(a, dstInt32, nl, even, rc, sc, invDst);
      if (dstInt32) {
        store<i32>(dst + <usize>(elemAt(nchw, plane, oc, pix + j) << 2), i32x4.extract_lane(r, 0));
        if (j + 1 < npv) store<i32>(dst + <usize>(elemAt(nchw, plane, oc, pix + j + 1) << 2), i32x4.extract_lane(r, 1));
        if (j + 2 < npv) store<i32>(dst + <usize>(elemAt(nchw, plane, oc, pix + j + 2) << 2), i32x4.extract_lane(r, 2));
        if (j + 3 < npv) store<i32>(dst + <usize>(elemAt(nchw, plane, oc, pix + j + 3) << 2), i32x4.extract_lane(r, 3));
      } else {
        const n16 = offsetClamp(i16x8.narrow_i32x4_s(r, r), zp, lo, hi, relu6);
        let b = unsigned ? i8x16.narrow_i16x8_u(n16, n16) : i8x16.narrow_i16x8_s(n16, n16);
        if (lut) b = i32x4.splat(look4(lut, i32x4.extract_lane(b, 0))); // bytes 0-3: the 4 pixels
        store<u8>(dst + <usize>elemAt(nchw, plane, oc, pix + j), i8x16.extract_lane_u(b, 0));
        if (j + 1 < npv) store<u8>(dst + <usize>elemAt(nchw, plane, oc, pix + j + 1), i8x16.extract_lane_u(b, 1));
        if (j + 2 < npv) store<u8>(dst + <usize>elemAt(nchw, plane, oc, pix + j + 2), i8x16.extract_lane_u(b, 2));
        if (j + 3 < npv) store<u8>(dst + <usize>elemAt(nchw, plane, oc, pix + j + 3), i8x16.extract_lane_u(b, 3));
        if (add)
          for (let k: i32 = 0; k < 4 && j + k < npv; k++) addAt(add, delta, dst + <usize>elemAt(nchw, plane, oc, pix + j + k));
      }
    }
  }
}
