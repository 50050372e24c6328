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
// f32x4.min/max must order NaN and signed zeros, which V8 lowers to several instructions each; pmin/pmax are single
// instructions and agree with min/max here (no NaN can occur, and the sign of a zero does not survive the
// conversion to an integer). With these and the 2^23 rounding instead of f32x4.nearest, hswish + half-even ran
// 64->64 56² 2x2 s2 at 28.8-29.1 GMAC/s against 26.2-28.2 before (Node 20, best of runs, A/B alternated).
//
// Addressing: output channel oc, flat output pixel p (= y * OW + x) of one image:
//   NCHW44: ((oc >> 2) * plane + p) * 4 + (oc & 3)        NCHW: oc * plane + p        (elements; full bias alike)
import {
  CTX_DSTTYPE, CTX_NONLIN, CTX_ROUNDING, CTX_BIASMODE, CTX_RATIO, CTX_SBIAS, CTX_INVDST, CTX_DSTZP, CTX_CLAMPLO,
  CTX_CLAMPHI, CTX_DSTLAYOUT, CTX_PLANE,
} from './ctx';

// @ts-ignore: decorator
@inline
function roundHalfAway(v: v128): v128 {
  const t = f32x4.trunc(v);
  const frac = f32x4.abs(f32x4.sub(v, t));
  const sign1 = v128.or(v128.and(v, i32x4.splat(0x80000000)), f32x4.splat(1.0)); // copysign(1, v)
  return f32x4.add(t, v128.and(sign1, f32x4.ge(frac, f32x4.splat(0.5))));
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
  let v: v128;
  if (nonlin == 2) {
    v = f32x4.mul(hswish(f32x4.mul(f32x4.convert_i32x4_s(acc), sBias)), invDst);
  } else {
    v = f32x4.mul(f32x4.convert_i32x4_s(acc), ratio);
    if (nonlin == 1) v = max0(v);
  }
  return i32x4.trunc_sat_f32x4_s(roundBy(v, even));
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
  const elem: i32 = dstInt32 ? 4 : 1;
  const planeBytes = <usize>(plane * elem);
  let nvalid = npv;
  if (nvalid > npix) nvalid = npix;
  for (let b: i32 = 0; b < nb; b++) {
    const nc = nch - 4 * b; // valid lanes of this block
    if (nc <= 0) break;
    const oc = oc0 + 4 * b;
    const ratio = v128.load(ratioP + <usize>((ch + 4 * b) << 2));
    const sBias = v128.load(sBiasP + <usize>((ch + 4 * b) << 2));
    const accB = acc + <usize>(b * npix * 16);
    // NCHW44 blocks that start on a 4-channel boundary with all 4 lanes valid store one vector / one i32
    const aligned = !nchw && (oc & 3) == 0 && nc >= 4;
    for (let j: i32 = 0; j < nvalid; j++) {
      const p = pix + j;
      let a = v128.load(accB + <usize>(j * 16));
      if (fullMode) a = i32x4.add(a, loadBias(bias, nchw, aligned, plane, oc, p, nc));
      const r = requantVec(a, dstInt32, nl, even, ratio, sBias, invDst);
      if (dstInt32) {
        if (aligned) v128.store(dst + <usize>(elemAt(false, plane, oc, p) << 2), r);
        else if (nchw) storeLanes32(dst + <usize>((oc * plane + p) << 2), planeBytes, r, nc);
        else storeLanesAt32(dst, false, plane, oc, p, r, nc);
      } else {
        let n16 = i16x8.add_sat_s(i16x8.narrow_i32x4_s(r, r), zp);
        if (relu6) n16 = i16x8.min_s(i16x8.max_s(n16, lo), hi);
        const n8 = unsigned ? i8x16.narrow_i16x8_u(n16, n16) : i8x16.narrow_i16x8_s(n16, n16);
        if (aligned) v128.store32_lane(dst + <usize>elemAt(false, plane, oc, p), n8, 0);
        else if (nchw) storeLanes8(dst + <usize>(oc * plane + p), planeBytes, n8, nc);
        else storeLanesAt8(dst, false, plane, oc, p, n8, nc);
      }
    }
  }
}
