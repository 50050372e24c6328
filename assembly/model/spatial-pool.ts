// Pooling of 8-bit 4-D tensors for the model executor (src/model/kernels/pool.ts builds the ctx record and the
// dispatch): MaxPool, com.microsoft QLinearAveragePool and QLinearGlobalAveragePool, uint8 or int8, NCHW or NCHW44
// ([N][C/4][H][W][4]; the 4 channels of a block are one 32-bit word of a pixel and are processed together).
//
// Geometry (computed by the host): output (oy, ox) reads input rows oy * SH - PT + ky * DH (ky < KH) and columns
// ox * SW - PL + kx * DW (kx < KW); cells outside the input are skipped (never a candidate, never summed). The host
// refuses windows with no cell inside. Columns [OX0, OX1) are "interior": every kx of them is inside the input, so
// a vector of adjacent output columns shares one set of taps there; the others are computed one at a time.
//
// - MaxPool: the max of the window's cells (a max has no rounding: the order does not matter).
// - QLinearAveragePool (spec §5b): xf = f(x_scale * f(x - x_zp)) per cell, sum = f32 sum from 0 in the order ky
//   then kx over the cells inside, avg = f(sum / count) (count: KH * KW with count_include_pad, else the cells
//   inside), y = clamp(RNE(f(f(avg / y_scale) + y_zp)), lo, hi); NaN -> 0.
// - QLinearGlobalAveragePool (spec §5a): acc = sum(x) - x_zp * S in wrapping int32, y = clamp(RNE(f(f(acc) *
//   scale)) + y_zp, lo, hi), scale = f(x_scale / f(y_scale * S)) from the host.
//
// Tasks: (n, g, t): image n, planes (NCHW channels, NCHW44 channel blocks) g * PPT .. g * PPT + PPT - 1, output
// rows t * ROWS .. t * ROWS + ROWS - 1 (the global pool: (n, g) only). Each task writes only those outputs.
import { storePartial } from './spatial-common';

// ctx record: i32 fields (byte offset = index * 4); F_* fields are f32. Mirrored in src/model/kernels/pool.ts.
const LAYOUT = 0; // 0 NCHW, 1 NCHW44
const SIGNED = 1; // 1: int8, 0: uint8
const PLANES = 2; // C (NCHW) or C / 4 (NCHW44)
const IH = 3;
const IW = 4;
const OH = 5;
const OW = 6;
const KH = 7;
const KW = 8;
const SH = 9;
const SW = 10;
const DH = 11;
const DW = 12;
const PT = 13;
const PL = 14;
const PPT = 15;
const ROWS = 16;
const OX0 = 17;
const OX1 = 18;
const INCLUDEPAD = 19;
const XZP = 20;
const YZP = 21;
const F_XSCALE = 22;
const F_YSCALE = 23;
const F_GSCALE = 24;

// @ts-ignore: decorator
@inline function field(ctx: usize, i: i32): i32 {
  return load<i32>(ctx + (<usize>i << 2));
}
// @ts-ignore: decorator
@inline function ffield(ctx: usize, i: i32): f32 {
  return load<f32>(ctx + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline function vmax<T>(a: v128, b: v128): v128 {
  if (isSigned<T>()) return i8x16.max_s(a, b);
  return i8x16.max_u(a, b);
}
// @ts-ignore: decorator
@inline function vlowest<T>(): v128 {
  return isSigned<T>() ? i8x16.splat(-128) : i8x16.splat(0);
}
/** The 16 bytes at even offsets of the 31 bytes at p (p + 0, 2, ..., 30), reading nothing past p + 30. */
// @ts-ignore: decorator
@inline function evenBytes(p: usize): v128 {
  return i8x16.shuffle(v128.load(p), v128.load(p + 15), 0, 2, 4, 6, 8, 10, 12, 14, 17, 19, 21, 23, 25, 27, 29, 31);
}
/** The pixel words at p + 0, 8, 16, 24 (pixels 0, 2, 4, 6), reading nothing past p + 28. */
// @ts-ignore: decorator
@inline function evenWords(p: usize): v128 {
  return i32x4.shuffle(v128.load(p), v128.load(p + 12), 0, 2, 5, 7);
}
/** Four pixel words at p + k * step. */
// @ts-ignore: decorator
@inline function gatherWords(p: usize, step: usize): v128 {
  let v = v128.load32_zero(p);
  v = i32x4.replace_lane(v, 1, load<i32>(p + step));
  v = i32x4.replace_lane(v, 2, load<i32>(p + 2 * step));
  return i32x4.replace_lane(v, 3, load<i32>(p + 3 * step));
}

// ---- MaxPool -----------------------------------------------------------------------------------------------------

/** Max of the window of output column ox (NCHW, one byte). */
function maxOne<T>(ctx: usize, s: usize, y0: i32, ox: i32): i32 {
  const H = field(ctx, IH), W = field(ctx, IW), kh = field(ctx, KH), kw = field(ctx, KW);
  const dh = field(ctx, DH), dw = field(ctx, DW);
  const x0 = ox * field(ctx, SW) - field(ctx, PL);
  let m: i32 = isSigned<T>() ? -128 : 0;
  for (let ky: i32 = 0; ky < kh; ky++) {
    const y = y0 + ky * dh;
    if (y < 0 || y >= H) continue;
    const row = s + <usize>(y * W);
    for (let kx: i32 = 0; kx < kw; kx++) {
      const x = x0 + kx * dw;
      if (x < 0 || x >= W) continue;
      const v = <i32>load<T>(row + <usize>x);
      if (v > m) m = v;
    }
  }
  return m;
}

/** Max of the window of output pixel ox (NCHW44: the 4 channels in lanes 0..3). */
function maxPixel<T>(ctx: usize, s: usize, y0: i32, ox: i32): v128 {
  const H = field(ctx, IH), W = field(ctx, IW), kh = field(ctx, KH), kw = field(ctx, KW);
  const dh = field(ctx, DH), dw = field(ctx, DW);
  const x0 = ox * field(ctx, SW) - field(ctx, PL);
  let m = vlowest<T>();
  for (let ky: i32 = 0; ky < kh; ky++) {
    const y = y0 + ky * dh;
    if (y < 0 || y >= H) continue;
    const row = s + <usize>((y * W) << 2);
    for (let kx: i32 = 0; kx < kw; kx++) {
      const x = x0 + kx * dw;
      if (x < 0 || x >= W) continue;
      m = vmax<T>(m, v128.load32_zero(row + <usize>(x << 2)));
    }
  }
  return m;
}

/** 16 interior output columns from ox (NCHW), stride 1 (mode 1), 2 (mode 2). */
// @ts-ignore: decorator
@inline function max16<T>(ctx: usize, s: usize, y0: i32, ox: i32, mode: i32): v128 {
  const H = field(ctx, IH), W = field(ctx, IW), kh = field(ctx, KH), kw = field(ctx, KW);
  const dh = field(ctx, DH), dw = <usize>field(ctx, DW);
  const x0 = ox * field(ctx, SW) - field(ctx, PL);
  let m = vlowest<T>();
  for (let ky: i32 = 0; ky < kh; ky++) {
    const y = y0 + ky * dh;
    if (y < 0 || y >= H) continue;
    let p = s + <usize>(y * W + x0);
    for (let kx: i32 = 0; kx < kw; kx++) {
      m = vmax<T>(m, mode == 1 ? v128.load(p) : evenBytes(p));
      p += dw;
    }
  }
  return m;
}

/** 4 interior output pixels from ox (NCHW44), stride 1 (mode 1), 2 (mode 2) or any (mode 0). */
// @ts-ignore: decorator
@inline function max4px<T>(ctx: usize, s: usize, y0: i32, ox: i32, mode: i32): v128 {
  const H = field(ctx, IH), W = field(ctx, IW), kh = field(ctx, KH), kw = field(ctx, KW);
  const dh = field(ctx, DH), dw = <usize>(field(ctx, DW) << 2);
  const sw = field(ctx, SW);
  const step = <usize>(sw << 2);
  const x0 = ox * sw - field(ctx, PL);
  let m = vlowest<T>();
  for (let ky: i32 = 0; ky < kh; ky++) {
    const y = y0 + ky * dh;
    if (y < 0 || y >= H) continue;
    let p = s + <usize>((y * W + x0) << 2);
    for (let kx: i32 = 0; kx < kw; kx++) {
      m = vmax<T>(m, mode == 1 ? v128.load(p) : mode == 2 ? evenWords(p) : gatherWords(p, step));
      p += dw;
    }
  }
  return m;
}

function maxRowNchw<T>(ctx: usize, s: usize, d: usize, y0: i32): void {
  const ow = field(ctx, OW), sw = field(ctx, SW);
  let lo = field(ctx, OX0), hi = field(ctx, OX1);
  if (hi - lo < 16 || sw > 2) {
    lo = 0;
    hi = 0;
  }
  for (let ox: i32 = 0; ox < lo; ox++) store<u8>(d + <usize>ox, maxOne<T>(ctx, s, y0, ox));
  for (let ox: i32 = hi > lo ? hi : 0; ox < ow; ox++) store<u8>(d + <usize>ox, maxOne<T>(ctx, s, y0, ox));
  if (hi <= lo) return;
  // the last vector overlaps the one before it when the interior is not a multiple of 16 (same values)
  if (sw == 1) {
    for (let ox = lo; ; ox += 16) {
      if (ox > hi - 16) ox = hi - 16;
      v128.store(d + <usize>ox, max16<T>(ctx, s, y0, ox, 1));
      if (ox == hi - 16) break;
    }
  } else {
    for (let ox = lo; ; ox += 16) {
      if (ox > hi - 16) ox = hi - 16;
      v128.store(d + <usize>ox, max16<T>(ctx, s, y0, ox, 2));
      if (ox == hi - 16) break;
    }
  }
}

function maxRowNchw44<T>(ctx: usize, s: usize, d: usize, y0: i32): void {
  const ow = field(ctx, OW), sw = field(ctx, SW);
  let lo = field(ctx, OX0), hi = field(ctx, OX1);
  if (hi - lo < 4) {
    lo = 0;
    hi = 0;
  }
  for (let ox: i32 = 0; ox < lo; ox++) v128.store32_lane(d + <usize>(ox << 2), maxPixel<T>(ctx, s, y0, ox), 0);
  for (let ox: i32 = hi > lo ? hi : 0; ox < ow; ox++) v128.store32_lane(d + <usize>(ox << 2), maxPixel<T>(ctx, s, y0, ox), 0);
  if (hi <= lo) return;
  if (sw == 1) {
    for (let ox = lo; ; ox += 4) {
      if (ox > hi - 4) ox = hi - 4;
      v128.store(d + <usize>(ox << 2), max4px<T>(ctx, s, y0, ox, 1));
      if (ox == hi - 4) break;
    }
  } else if (sw == 2) {
    for (let ox = lo; ; ox += 4) {
      if (ox > hi - 4) ox = hi - 4;
      v128.store(d + <usize>(ox << 2), max4px<T>(ctx, s, y0, ox, 2));
      if (ox == hi - 4) break;
    }
  } else {
    for (let ox = lo; ; ox += 4) {
      if (ox > hi - 4) ox = hi - 4;
      v128.store(d + <usize>(ox << 2), max4px<T>(ctx, s, y0, ox, 0));
      if (ox == hi - 4) break;
    }
  }
}

function maxPlanes<T>(ctx: usize, src: usize, dst: usize, n: i32, g: i32, t: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT), rows = field(ctx, ROWS);
  const oh = field(ctx, OH), ow = field(ctx, OW);
  const plane = field(ctx, IH) * field(ctx, IW);
  const sh = field(ctx, SH), pt = field(ctx, PT);
  const b44 = field(ctx, LAYOUT) == 1;
  const e: i32 = b44 ? 4 : 1; // bytes per pixel
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  const r0 = t * rows;
  let r1 = r0 + rows;
  if (r1 > oh) r1 = oh;
  for (let p = g * per; p < pEnd; p++) {
    const s = src + <usize>((n * planes + p) * plane * e);
    const d = dst + <usize>((n * planes + p) * oh * ow * e);
    for (let oy = r0; oy < r1; oy++) {
      const dr = d + <usize>(oy * ow * e);
      if (b44) maxRowNchw44<T>(ctx, s, dr, oy * sh - pt);
      else maxRowNchw<T>(ctx, s, dr, oy * sh - pt);
    }
  }
}

/** MaxPool task (n, g, t). */
export function maxPoolTask(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, t: i32): void {
  if (field(ctx, SIGNED)) maxPlanes<i8>(ctx, src, dst, n, g, t);
  else maxPlanes<u8>(ctx, src, dst, n, g, t);
}

// ---- QLinearAveragePool --------------------------------------------------------------------------------------------

/** y of one output from its f32 sum and cell count (scalar form of finish4). */
// @ts-ignore: decorator
@inline function finishOne<T>(ctx: usize, sum: f32, count: i32): i32 {
  const avg = sum / <f32>count;
  const q = nearest<f32>(avg / ffield(ctx, F_YSCALE) + <f32>field(ctx, YZP));
  if (q != q) return 0; // NaN
  const lo: f32 = isSigned<T>() ? -128 : 0;
  const hi: f32 = isSigned<T>() ? 127 : 255;
  return <i32>(q < lo ? lo : q > hi ? hi : q);
}

/** Four outputs (lanes) from their f32 sums and one count, as 4 bytes in lanes 0..3 (the same steps as finishOne). */
// @ts-ignore: decorator
@inline function finish4<T>(ctx: usize, sum: v128, count: i32): v128 {
  const avg = f32x4.div(sum, f32x4.splat(<f32>count));
  const q = f32x4.nearest(f32x4.add(f32x4.div(avg, f32x4.splat(ffield(ctx, F_YSCALE))), f32x4.splat(<f32>field(ctx, YZP))));
  const i = i32x4.trunc_sat_f32x4_s(q); // NaN -> 0; the narrows saturate to the type's range
  const h = i16x8.narrow_i32x4_s(i, i);
  return isSigned<T>() ? i8x16.narrow_i16x8_s(h, h) : i8x16.narrow_i16x8_u(h, h);
}

/** f(x_scale * f(x - x_zp)) of 4 bytes widened to i32 lanes. */
// @ts-ignore: decorator
@inline function deq4(x: v128, zp: v128, scale: v128): v128 {
  return f32x4.mul(f32x4.convert_i32x4_s(i32x4.sub(x, zp)), scale);
}
// @ts-ignore: decorator
@inline function widen4<T>(v: v128): v128 {
  if (isSigned<T>()) return i32x4.extend_low_i16x8_s(i16x8.extend_low_i8x16_s(v));
  return i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v));
}

/** The cell count of a window with `nr` rows and `nc` columns inside. */
// @ts-ignore: decorator
@inline function avgCount(ctx: usize, nr: i32, nc: i32): i32 {
  return field(ctx, INCLUDEPAD) ? field(ctx, KH) * field(ctx, KW) : nr * nc;
}

/** One output column ox of an NCHW plane. */
function avgOne<T>(ctx: usize, s: usize, y0: i32, ox: i32): i32 {
  const H = field(ctx, IH), W = field(ctx, IW), kh = field(ctx, KH), kw = field(ctx, KW);
  const x0 = ox * field(ctx, SW) - field(ctx, PL);
  const zp = field(ctx, XZP);
  const xs = ffield(ctx, F_XSCALE);
  let sum: f32 = 0;
  let nr: i32 = 0;
  let nc: i32 = 0;
  for (let ky: i32 = 0; ky < kh; ky++) {
    const y = y0 + ky;
    if (y < 0 || y >= H) continue;
    nr++;
    const row = s + <usize>(y * W);
    nc = 0;
    for (let kx: i32 = 0; kx < kw; kx++) {
      const x = x0 + kx;
      if (x < 0 || x >= W) continue;
      nc++;
      sum += xs * <f32>(<i32>load<T>(row + <usize>x) - zp);
    }
  }
  return finishOne<T>(ctx, sum, avgCount(ctx, nr, nc));
}

/** One output pixel ox of an NCHW44 block plane: 4 channels in lanes 0..3. */
function avgPixel<T>(ctx: usize, s: usize, y0: i32, ox: i32): v128 {
  const H = field(ctx, IH), W = field(ctx, IW), kh = field(ctx, KH), kw = field(ctx, KW);
  const x0 = ox * field(ctx, SW) - field(ctx, PL);
  const zp = i32x4.splat(field(ctx, XZP));
  const xs = f32x4.splat(ffield(ctx, F_XSCALE));
  let sum = f32x4.splat(0);
  let nr: i32 = 0;
  let nc: i32 = 0;
  for (let ky: i32 = 0; ky < kh; ky++) {
    const y = y0 + ky;
    if (y < 0 || y >= H) continue;
    nr++;
    const row = s + <usize>((y * W) << 2);
    nc = 0;
    for (let kx: i32 = 0; kx < kw; kx++) {
      const x = x0 + kx;
      if (x < 0 || x >= W) continue;
      nc++;
      sum = f32x4.add(sum, deq4(widen4<T>(v128.load32_zero(row + <usize>(x << 2))), zp, xs));
    }
  }
  return finish4<T>(ctx, sum, avgCount(ctx, nr, nc));
}

/** 16 interior output columns from ox of an NCHW plane, stride 1. */
function avg16<T>(ctx: usize, s: usize, d: usize, y0: i32, ox: i32): void {
  const H = field(ctx, IH), W = field(ctx, IW), kh = field(ctx, KH), kw = field(ctx, KW);
  const x0 = ox - field(ctx, PL);
  const zp = i32x4.splat(field(ctx, XZP));
  const xs = f32x4.splat(ffield(ctx, F_XSCALE));
  let s0 = f32x4.splat(0), s1 = s0, s2 = s0, s3 = s0;
  let nr: i32 = 0;
  for (let ky: i32 = 0; ky < kh; ky++) {
    const y = y0 + ky;
    if (y < 0 || y >= H) continue;
    nr++;
    let p = s + <usize>(y * W + x0);
    for (let kx: i32 = 0; kx < kw; kx++) {
      const v = v128.load(p);
      let lo: v128, hi: v128;
      if (isSigned<T>()) {
        lo = i16x8.extend_low_i8x16_s(v);
        hi = i16x8.extend_high_i8x16_s(v);
        s0 = f32x4.add(s0, deq4(i32x4.extend_low_i16x8_s(lo), zp, xs));
        s1 = f32x4.add(s1, deq4(i32x4.extend_high_i16x8_s(lo), zp, xs));
        s2 = f32x4.add(s2, deq4(i32x4.extend_low_i16x8_s(hi), zp, xs));
        s3 = f32x4.add(s3, deq4(i32x4.extend_high_i16x8_s(hi), zp, xs));
      } else {
        lo = i16x8.extend_low_i8x16_u(v);
        hi = i16x8.extend_high_i8x16_u(v);
        s0 = f32x4.add(s0, deq4(i32x4.extend_low_i16x8_u(lo), zp, xs));
        s1 = f32x4.add(s1, deq4(i32x4.extend_high_i16x8_u(lo), zp, xs));
        s2 = f32x4.add(s2, deq4(i32x4.extend_low_i16x8_u(hi), zp, xs));
        s3 = f32x4.add(s3, deq4(i32x4.extend_high_i16x8_u(hi), zp, xs));
      }
      p++;
    }
  }
  const count = avgCount(ctx, nr, kw);
  const a = i32x4.shuffle(finish4<T>(ctx, s0, count), finish4<T>(ctx, s1, count), 0, 4, 0, 0);
  const b = i32x4.shuffle(finish4<T>(ctx, s2, count), finish4<T>(ctx, s3, count), 0, 4, 0, 0);
  v128.store(d + <usize>ox, i64x2.shuffle(a, b, 0, 2));
}

/** 4 interior output columns from ox of an NCHW plane, any stride (bytes gathered). */
function avg4<T>(ctx: usize, s: usize, d: usize, y0: i32, ox: i32): void {
  const H = field(ctx, IH), W = field(ctx, IW), kh = field(ctx, KH), kw = field(ctx, KW);
  const sw = field(ctx, SW);
  const step = <usize>sw;
  const x0 = ox * sw - field(ctx, PL);
  const zp = i32x4.splat(field(ctx, XZP));
  const xs = f32x4.splat(ffield(ctx, F_XSCALE));
  let sum = f32x4.splat(0);
  let nr: i32 = 0;
  for (let ky: i32 = 0; ky < kh; ky++) {
    const y = y0 + ky;
    if (y < 0 || y >= H) continue;
    nr++;
    let p = s + <usize>(y * W + x0);
    for (let kx: i32 = 0; kx < kw; kx++) {
      let v = i32x4.splat(<i32>load<T>(p));
      v = i32x4.replace_lane(v, 1, <i32>load<T>(p + step));
      v = i32x4.replace_lane(v, 2, <i32>load<T>(p + 2 * step));
      v = i32x4.replace_lane(v, 3, <i32>load<T>(p + 3 * step));
      sum = f32x4.add(sum, deq4(v, zp, xs));
      p++;
    }
  }
  v128.store32_lane(d + <usize>ox, finish4<T>(ctx, sum, avgCount(ctx, nr, kw)), 0);
}

function avgRowNchw<T>(ctx: usize, s: usize, d: usize, y0: i32): void {
  const ow = field(ctx, OW), sw = field(ctx, SW);
  let lo = field(ctx, OX0), hi = field(ctx, OX1);
  const wide = sw == 1 && hi - lo >= 16;
  const vw = wide ? 16 : 4;
  if (hi - lo < vw) {
    lo = 0;
    hi = 0;
  }
  for (let ox: i32 = 0; ox < lo; ox++) store<u8>(d + <usize>ox, avgOne<T>(ctx, s, y0, ox));
  for (let ox: i32 = hi > lo ? hi : 0; ox < ow; ox++) store<u8>(d + <usize>ox, avgOne<T>(ctx, s, y0, ox));
  if (hi <= lo) return;
  for (let ox = lo; ; ox += vw) {
    if (ox > hi - vw) ox = hi - vw;
    if (wide) avg16<T>(ctx, s, d, y0, ox);
    else avg4<T>(ctx, s, d, y0, ox);
    if (ox == hi - vw) break;
  }
}

function avgPlanes<T>(ctx: usize, src: usize, dst: usize, n: i32, g: i32, t: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT), rows = field(ctx, ROWS);
  const oh = field(ctx, OH), ow = field(ctx, OW);
  const plane = field(ctx, IH) * field(ctx, IW);
  const sh = field(ctx, SH), pt = field(ctx, PT);
  const b44 = field(ctx, LAYOUT) == 1;
  const e: i32 = b44 ? 4 : 1;
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  const r0 = t * rows;
  let r1 = r0 + rows;
  if (r1 > oh) r1 = oh;
  for (let p = g * per; p < pEnd; p++) {
    const s = src + <usize>((n * planes + p) * plane * e);
    const d = dst + <usize>((n * planes + p) * oh * ow * e);
    for (let oy = r0; oy < r1; oy++) {
      const dr = d + <usize>(oy * ow * e);
      const y0 = oy * sh - pt;
      if (b44) {
        for (let ox: i32 = 0; ox < ow; ox++) v128.store32_lane(dr + <usize>(ox << 2), avgPixel<T>(ctx, s, y0, ox), 0);
      } else avgRowNchw<T>(ctx, s, dr, y0);
    }
  }
}

/** QLinearAveragePool task (n, g, t). */
export function qAvgPoolTask(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, t: i32): void {
  if (field(ctx, SIGNED)) avgPlanes<i8>(ctx, src, dst, n, g, t);
  else avgPlanes<u8>(ctx, src, dst, n, g, t);
}

// ---- QLinearGlobalAveragePool ----------------------------------------------------------------------------------------

/** y of one channel from its wrapping int32 sum of the raw values. */
// @ts-ignore: decorator
@inline function globalFinish<T>(ctx: usize, sum: i32, size: i32): i32 {
  const acc = sum - field(ctx, XZP) * size;
  let r = nearest<f32>(<f32>acc * ffield(ctx, F_GSCALE));
  // keep the integer conversion and the + zp inside i32 (the clamp below takes any of these to the same end)
  if (r > 65536) r = 65536;
  if (r < -65536) r = -65536;
  const v = <i32>r + field(ctx, YZP);
  const lo: i32 = isSigned<T>() ? -128 : 0;
  const hi: i32 = isSigned<T>() ? 127 : 255;
  return v < lo ? lo : v > hi ? hi : v;
}

/** Sum of n bytes at p, as i32x4 partial sums (wrapping). */
// @ts-ignore: decorator
@inline function sumBytes4<T>(p: usize, n: i32): v128 {
  let acc = i32x4.splat(0);
  let i: i32 = 0;
  for (; i + 16 <= n; i += 16) {
    const v = v128.load(p + <usize>i);
    const h = isSigned<T>() ? i16x8.extadd_pairwise_i8x16_s(v) : i16x8.extadd_pairwise_i8x16_u(v);
    acc = i32x4.add(acc, i32x4.extadd_pairwise_i16x8_s(h));
  }
  let tail: i32 = 0;
  for (; i < n; i++) tail += <i32>load<T>(p + <usize>i);
  return i32x4.replace_lane(acc, 0, i32x4.extract_lane(acc, 0) + tail);
}

function globalPlanes<T>(ctx: usize, src: usize, dst: usize, n: i32, g: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT);
  const size = field(ctx, IH) * field(ctx, IW);
  const b44 = field(ctx, LAYOUT) == 1;
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  for (let p = g * per; p < pEnd; p++) {
    const q = n * planes + p;
    if (!b44) {
      const a = sumBytes4<T>(src + <usize>(q * size), size);
      const sum = i32x4.extract_lane(a, 0) + i32x4.extract_lane(a, 1) + i32x4.extract_lane(a, 2) + i32x4.extract_lane(a, 3);
      store<u8>(dst + <usize>q, globalFinish<T>(ctx, sum, size));
      continue;
    }
    // NCHW44: 4 pixels (16 bytes) per step; i16 lanes hold the sum of two pixels per channel, pairs added in i32
    const s = src + <usize>((q * size) << 2);
    let lo = i32x4.splat(0);
    let hi = lo;
    let i: i32 = 0;
    for (; i + 4 <= size; i += 4) {
      const v = v128.load(s + <usize>(i << 2));
      const h = isSigned<T>()
        ? i16x8.add(i16x8.extend_low_i8x16_s(v), i16x8.extend_high_i8x16_s(v))
        : i16x8.add(i16x8.extend_low_i8x16_u(v), i16x8.extend_high_i8x16_u(v));
      lo = i32x4.add(lo, i32x4.extend_low_i16x8_s(h));
      hi = i32x4.add(hi, i32x4.extend_high_i16x8_s(h));
    }
    for (; i < size; i++) lo = i32x4.add(lo, widen4<T>(v128.load32_zero(s + <usize>(i << 2))));
    const a = i32x4.add(lo, hi);
    const d = dst + <usize>(q << 2);
    store<u8>(d, globalFinish<T>(ctx, i32x4.extract_lane(a, 0), size));
    store<u8>(d, globalFinish<T>(ctx, i32x4.extract_lane(a, 1), size), 1);
    store<u8>(d, globalFinish<T>(ctx, i32x4.extract_lane(a, 2), size), 2);
    store<u8>(d, globalFinish<T>(ctx, i32x4.extract_lane(a, 3), size), 3);
  }
}

/** QLinearGlobalAveragePool task (n, g). */
export function qGlobalAvgPoolTask(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, _t: i32): void {
  if (field(ctx, SIGNED)) globalPlanes<i8>(ctx, src, dst, n, g);
  else globalPlanes<u8>(ctx, src, dst, n, g);
}
