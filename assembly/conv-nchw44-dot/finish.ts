// Finishing stage of the NCHW44 dot convolution: int32 accumulators (channel bias already in) -> full bias ->
// activation -> requantization -> store of the valid pixels only. Exactly the contract of kernels-ref/requant.ts:
//   qint8:  identity/relu: v = f32(acc) * ratio (relu: max(v, 0));  hswish: x = f32(acc) * s_bias,
//           v = ((x * min(max(x + 3, 0), 6)) * f32(1/6)) * inv_dst;  y = sat8(round(v))
//   qint32: identity: acc; relu: max(acc, 0); hswish: round(hswish(f32(acc) * s_bias) / s_bias)
// round: half-away (exact: t = trunc(v), t + sign(v) where |v - t| >= 0.5) or half-even (|v| + 2^23 - 2^23).
// Saturation comes from i32x4.trunc_sat_f32x4_s and the two saturating narrows.
// f32x4.min/max must order NaN and signed zeros, which V8 lowers to several instructions each; pmin/pmax are single
// instructions and agree with min/max here (no NaN can occur, and the sign of a zero does not survive the
// conversion to an integer). With these and the 2^23 rounding instead of f32x4.nearest, hswish + half-even ran
// 64->64 56² 2x2 s2 at 28.8-29.1 GMAC/s against 26.2-28.2 before (Node 20, best of runs, A/B alternated); 3x3
// shapes are unchanged (the finish stage is a small share there).
import {
  CTX_DSTTYPE, CTX_NONLIN, CTX_ROUNDING, CTX_BIASMODE, CTX_RATIO, CTX_SBIAS, CTX_INVDST,
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

/** Activation + requantization of one vector of 4 accumulators; returns 4 int32 (not yet narrowed). */
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

/**
 * acc: nb*npix vectors (block-major). dst / fullBias point at pixel 0 of this output row of the tile's first
 * output-channel block; block strides are in bytes. Writes pixels ow0 .. min(ow0 + npix, ow) - 1 only.
 */
export function finishTile(
  ctx: usize, acc: usize, nb: i32, npix: i32, dst: usize, dstBlockStride: i32, fullBias: usize,
  biasBlockStride: i32, ow0: i32, ow: i32,
): void {
  const dstInt32 = load<i32>(ctx, CTX_DSTTYPE) == 1;
  const nonlin = load<i32>(ctx, CTX_NONLIN);
  const even = load<i32>(ctx, CTX_ROUNDING) == 1;
  const fullMode = load<i32>(ctx, CTX_BIASMODE) == 2;
  const ratio = f32x4.splat(load<f32>(ctx, CTX_RATIO));
  const sBias = f32x4.splat(load<f32>(ctx, CTX_SBIAS));
  const invDst = f32x4.splat(load<f32>(ctx, CTX_INVDST));
  let nvalid = ow - ow0;
  if (nvalid > npix) nvalid = npix;
  for (let b: i32 = 0; b < nb; b++) {
    const accB = acc + <usize>(b * npix * 16);
    const dstB = dst + <usize>(b * dstBlockStride);
    const biasB = fullBias + <usize>(b * biasBlockStride + ow0 * 16);
    for (let j: i32 = 0; j < nvalid; j++) {
      let a = v128.load(accB + <usize>(j * 16));
      if (fullMode) a = i32x4.add(a, v128.load(biasB + <usize>(j * 16)));
      const r = requantVec(a, dstInt32, nonlin, even, ratio, sBias, invDst);
      if (dstInt32) {
        v128.store(dstB + <usize>((ow0 + j) * 16), r);
      } else {
        const n16 = i16x8.narrow_i32x4_s(r, r);
        v128.store32_lane(dstB + <usize>((ow0 + j) * 4), i8x16.narrow_i16x8_s(n16, n16), 0);
      }
    }
  }
}
