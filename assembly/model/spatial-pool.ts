// Pooling of 8-bit 4-D tensors for the model executor (src/model/backends/wasm-int8/pool.ts builds the ctx record and the
// dispatch): MaxPool, com.microsoft QLinearAveragePool and QLinearGlobalAveragePool, uint8 or int8, NCHW or NCHW44
// ([N][C/4][H][W][4]; the 4 channels of a block are one 32-bit word of a pixel and are processed together).
//
// Geometry (computed by the host): output (oy, ox) reads input rows oy * SH - PT + ky * DH (ky < KH) and columns
// ox * SW - PL + kx * DW (kx < KW); cells outside the input are skipped (never a candidate, never summed). The host
// refuses windows with no cell inside. Columns [OX0, OX1) are "interior": every kx of them is inside the input, so
// a vector of adjacent outputs shares one set of taps there. A vector is 16 bytes either way: 16 output columns
// (NCHW, strides 1 and 2) or 4 output pixels of 4 channels (NCHW44, any stride); each byte lane is one output.
// The other outputs (the edges, and NCHW with strides above 2) are computed one at a time, with the same steps.
// - MaxPool: the max of the window's cells (a max has no rounding: the order does not matter).
// (docs/int8-ops.md, QLinearGlobalAveragePool and QLinearAveragePool)
// - QLinearAveragePool: xf = f(x_scale * f(x - x_zp)) per cell, sum = f32 sum from 0 in the order ky
//   then kx over the cells inside, avg = f(sum / count) (count: f(KH * KW) from the host with count_include_pad,
//   else the cells inside), y = clamp(RNE(f(f(avg / y_scale) + y_zp)), lo, hi); NaN -> 0. With YSHIFT = 128 (an
//   int8 pool that onnxruntime runs as its uint8 twin) y = clamp(RNE(f(f(avg / y_scale) + (y_zp + 128))), 0, 255)
//   - 128.
// - QLinearGlobalAveragePool: acc = sum(x) - x_zp * S in wrapping int32, y = clamp(RNE(f(f(acc) *
//   scale)) + y_zp, lo, hi), scale = f(x_scale / f(y_scale * S)) from the host.
//
// Tasks: (n, g, t): image n, planes (NCHW channels, NCHW44 channel blocks) g * PPT .. g * PPT + PPT - 1, output
// rows t * ROWS .. t * ROWS + ROWS - 1 (the global pool: (n, g) only). Each task writes only those outputs.

// ctx record: field indices (byte offset = index * 4), assembly/model/spatial-pool-ctx.ts (generated from
// tools/model-ctx.mjs, as the host's offsets are).
import {
  LAYOUT, SIGNED, PLANES, IH, IW, OH, OW, KH, KW, SH, SW, DH, DW, PT, PL, PPT, ROWS, OX0, OX1, INCLUDEPAD, XZP, YZP,
  F_XSCALE, F_YSCALE, F_GSCALE, F_KCOUNT, YSHIFT,
} from './spatial-pool-ctx';

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

/**
 * The taps of a window axis starting at `start` (tap j at start + j * d, j < k) that fall inside [0, size) are
 * [tapBegin, tapEnd) (contiguous: the positions grow with j). Closed forms in i32: the host bounds start, k * d and
 * size so that no sum here passes 2^31 (src/model/backends/wasm-int8/pool.ts, poolWindow2d).
 */
// @ts-ignore: decorator
@inline function tapBegin(start: i32, k: i32, d: i32): i32 {
  if (start >= 0) return 0;
  const a = (d - 1 - start) / d; // ceil(-start / d): the first j with start + j * d >= 0
  return a < k ? a : k;
}
// @ts-ignore: decorator
@inline function tapEnd(start: i32, k: i32, d: i32, size: i32, a: i32): i32 {
  if (start >= size) return a;
  const b = (size - start + d - 1) / d; // ceil((size - start) / d): the first j with start + j * d >= size
  const e = b < k ? b : k;
  return e > a ? e : a;
}

/**
 * The 16 bytes of one tap for a vector of adjacent outputs whose first tap cell is at p. mode 1: 16 consecutive
 * bytes (stride 1, either layout); 2: every other byte (NCHW, stride 2); 3: every other pixel word (NCHW44, stride
 * 2); 4: pixel words `step` bytes apart (NCHW44, any stride). Reads nothing past the last cell it returns.
 */
// @ts-ignore: decorator
@inline function tapLoad(p: usize, mode: i32, step: usize): v128 {
  if (mode == 1) return v128.load(p);
  if (mode == 2) return evenBytes(p);
  if (mode == 3) return evenWords(p);
  return gatherWords(p, step);
}

/**
 * The vector mode of a layout and stride (see tapLoad), 0 where none: a vector holds 16 outputs (NCHW) or 4 pixels
 * of 4 channels (NCHW44); each byte lane is one output either way.
 */
// @ts-ignore: decorator
@inline function vectorMode(b44: bool, sw: i32): i32 {
  if (b44) return sw == 1 ? 1 : sw == 2 ? 3 : 4;
  return sw == 1 ? 1 : sw == 2 ? 2 : 0;
}

// ---- MaxPool -----------------------------------------------------------------------------------------------------

/** Max over the window of an edge output (NCHW: one byte in lane 0; NCHW44: 4 channels in lanes 0..3). */
function maxEdge<T>(s: usize, e: i32, W: i32, y0: i32, ky0: i32, ky1: i32, dh: i32, x0: i32, kw: i32, dw: i32): v128 {
  const kx0 = tapBegin(x0, kw, dw), kx1 = tapEnd(x0, kw, dw, W, kx0);
  let m = vlowest<T>();
  for (let ky = ky0; ky < ky1; ky++) {
    const row = s + <usize>((y0 + ky * dh) * W * e);
    for (let j = kx0; j < kx1; j++) {
      const a = row + <usize>((x0 + j * dw) * e);
      m = vmax<T>(m, e == 4 ? v128.load32_zero(a) : v128.load8_splat(a));
    }
  }
  return m;
}

/** Interior outputs [lo, hi) of one row, V per vector (the last vector overlaps the one before: same values). */
// @ts-ignore: decorator
@inline function maxRowVec<T>(s: usize, d: usize, e: i32, W: i32, y0: i32, ky0: i32, ky1: i32, dh: i32, sw: i32, pl: i32,
  kw: i32, dw: i32, lo: i32, hi: i32, V: i32, mode: i32): void {
  const step = <usize>(sw * e);
  const tapStep = <usize>(dw * e);
  for (let ox = lo; ; ox += V) {
    if (ox > hi - V) ox = hi - V;
    const xb = (ox * sw - pl) * e;
    let m = vlowest<T>();
    for (let ky = ky0; ky < ky1; ky++) {
      let p = s + <usize>((y0 + ky * dh) * W * e + xb);
      for (let kx: i32 = 0; kx < kw; kx++) {
        m = vmax<T>(m, tapLoad(p, mode, step));
        p += tapStep;
      }
    }
    v128.store(d + <usize>(ox * e), m);
    if (ox == hi - V) break;
  }
}

function maxPlanes<T>(ctx: usize, src: usize, dst: usize, n: i32, g: i32, t: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT), rows = field(ctx, ROWS);
  const H = field(ctx, IH), W = field(ctx, IW), oh = field(ctx, OH), ow = field(ctx, OW);
  const kh = field(ctx, KH), kw = field(ctx, KW), sh = field(ctx, SH), sw = field(ctx, SW);
  const dh = field(ctx, DH), dw = field(ctx, DW), pt = field(ctx, PT), pl = field(ctx, PL);
  const b44 = field(ctx, LAYOUT) == 1;
  const e: i32 = b44 ? 4 : 1; // bytes per pixel
  const V: i32 = b44 ? 4 : 16; // outputs per vector
  const mode = vectorMode(b44, sw);
  let lo = field(ctx, OX0), hi = field(ctx, OX1);
  if (mode == 0 || hi - lo < V) {
    lo = 0;
    hi = 0;
  }
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  const r0 = t * rows;
  let r1 = r0 + rows;
  if (r1 > oh) r1 = oh;
  for (let p = g * per; p < pEnd; p++) {
    const s = src + <usize>((n * planes + p) * H * W * e);
    const d = dst + <usize>((n * planes + p) * oh * ow * e);
    for (let oy = r0; oy < r1; oy++) {
      const dr = d + <usize>(oy * ow * e);
      const y0 = oy * sh - pt;
      const ky0 = tapBegin(y0, kh, dh), ky1 = tapEnd(y0, kh, dh, H, ky0);
      for (let ox: i32 = 0; ox < ow; ox++) {
        if (ox == lo && hi > lo) ox = hi; // the interior runs below
        if (ox >= ow) break;
        const m = maxEdge<T>(s, e, W, y0, ky0, ky1, dh, ox * sw - pl, kw, dw);
        if (b44) v128.store32_lane(dr + <usize>(ox << 2), m, 0);
        else v128.store8_lane(dr + <usize>ox, m, 0);
      }
      if (hi <= lo) continue;
      if (mode == 1) maxRowVec<T>(s, dr, e, W, y0, ky0, ky1, dh, sw, pl, kw, dw, lo, hi, V, 1);
      else if (mode == 2) maxRowVec<T>(s, dr, e, W, y0, ky0, ky1, dh, sw, pl, kw, dw, lo, hi, V, 2);
      else if (mode == 3) maxRowVec<T>(s, dr, e, W, y0, ky0, ky1, dh, sw, pl, kw, dw, lo, hi, V, 3);
      else maxRowVec<T>(s, dr, e, W, y0, ky0, ky1, dh, sw, pl, kw, dw, lo, hi, V, 4);
    }
  }
}

/** MaxPool task (n, g, t). */
export function maxPoolTask(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, t: i32): void {
  if (field(ctx, SIGNED)) maxPlanes<i8>(ctx, src, dst, n, g, t);
  else maxPlanes<u8>(ctx, src, dst, n, g, t);
}

// ---- QLinearAveragePool --------------------------------------------------------------------------------------------

/**
 * Four outputs (lanes) from their f32 sums and one f32 count, as 4 bytes in lanes 0..3: avg = f(sum / count),
 * v = RNE(f(f(avg / y_scale) + yZp)) (yZp: y_zp + shift), v - shift converted with saturation to the type's range
 * (NaN -> v = 0). shift (i16 lanes) is 0, or 128 for an int8 pool computed as its uint8 twin: clamp(v, 0, 255) - 128
 * is what the saturations give.
 */
// @ts-ignore: decorator
@inline function finish4<T>(sum: v128, count: f32, yScale: v128, yZp: v128, shift: v128): v128 {
  const avg = f32x4.div(sum, f32x4.splat(count));
  const q = f32x4.nearest(f32x4.add(f32x4.div(avg, yScale), yZp));
  const i = i32x4.trunc_sat_f32x4_s(q);
  const h = i16x8.sub_sat_s(i16x8.narrow_i32x4_s(i, i), shift);
  return isSigned<T>() ? i8x16.narrow_i16x8_s(h, h) : i8x16.narrow_i16x8_u(h, h);
}

/** f(x_scale * f(x - x_zp)) of 4 values in i32 lanes. */
// @ts-ignore: decorator
@inline function deq4(x: v128, zp: v128, scale: v128): v128 {
  return f32x4.mul(f32x4.convert_i32x4_s(i32x4.sub(x, zp)), scale);
}
/** Bytes 4q .. 4q + 3 of v widened to i32 lanes (q constant). */
// @ts-ignore: decorator
@inline function quarter<T>(v: v128, q: i32): v128 {
  if (isSigned<T>()) {
    const h = q < 2 ? i16x8.extend_low_i8x16_s(v) : i16x8.extend_high_i8x16_s(v);
    return (q & 1) == 0 ? i32x4.extend_low_i16x8_s(h) : i32x4.extend_high_i16x8_s(h);
  }
  const h = q < 2 ? i16x8.extend_low_i8x16_u(v) : i16x8.extend_high_i8x16_u(v);
  return (q & 1) == 0 ? i32x4.extend_low_i16x8_u(h) : i32x4.extend_high_i16x8_u(h);
}

/** An edge output: NCHW one byte (lane 0), NCHW44 one pixel (lanes 0..3); the cells summed in window order. */
function avgEdge<T>(ctx: usize, s: usize, e: i32, W: i32, y0: i32, ky0: i32, ky1: i32, x0: i32, kw: i32, zp: v128, xs: v128, ys: v128, yzp: v128, shift: v128): v128 {
  const kx0 = tapBegin(x0, kw, 1), kx1 = tapEnd(x0, kw, 1, W, kx0);
  let sum = f32x4.splat(0);
  for (let ky = ky0; ky < ky1; ky++) {
    const row = s + <usize>((y0 + ky) * W * e);
    for (let j = kx0; j < kx1; j++) {
      const a = row + <usize>((x0 + j) * e);
      sum = f32x4.add(sum, deq4(quarter<T>(e == 4 ? v128.load32_zero(a) : v128.load8_splat(a), 0), zp, xs));
    }
  }
  const count: f32 = field(ctx, INCLUDEPAD) ? ffield(ctx, F_KCOUNT) : <f32>((ky1 - ky0) * (kx1 - kx0));
  return finish4<T>(sum, count, ys, yzp, shift);
}

/** Interior outputs [lo, hi) of one row, 16 byte lanes per vector (the last vector overlapping: same values). */
// @ts-ignore: decorator
@inline function avgRowVec<T>(s: usize, d: usize, e: i32, W: i32, y0: i32, ky0: i32, ky1: i32, sw: i32, pl: i32, kw: i32,
  count: f32, lo: i32, hi: i32, V: i32, mode: i32, zp: v128, xs: v128, ys: v128, yzp: v128, shift: v128): void {
  const step = <usize>(sw * e);
  const tapStep = <usize>e;
  for (let ox = lo; ; ox += V) {
    if (ox > hi - V) ox = hi - V;
    const xb = (ox * sw - pl) * e;
    let s0 = f32x4.splat(0), s1 = s0, s2 = s0, s3 = s0;
    for (let ky = ky0; ky < ky1; ky++) {
      let p = s + <usize>((y0 + ky) * W * e + xb);
      for (let kx: i32 = 0; kx < kw; kx++) {
        const v = tapLoad(p, mode, step);
        s0 = f32x4.add(s0, deq4(quarter<T>(v, 0), zp, xs));
        s1 = f32x4.add(s1, deq4(quarter<T>(v, 1), zp, xs));
        s2 = f32x4.add(s2, deq4(quarter<T>(v, 2), zp, xs));
        s3 = f32x4.add(s3, deq4(quarter<T>(v, 3), zp, xs));
        p += tapStep;
      }
    }
    const a = i32x4.shuffle(finish4<T>(s0, count, ys, yzp, shift), finish4<T>(s1, count, ys, yzp, shift), 0, 4, 0, 0);
    const b = i32x4.shuffle(finish4<T>(s2, count, ys, yzp, shift), finish4<T>(s3, count, ys, yzp, shift), 0, 4, 0, 0);
    v128.store(d + <usize>(ox * e), i64x2.shuffle(a, b, 0, 2));
    if (ox == hi - V) break;
  }
}

function avgPlanes<T>(ctx: usize, src: usize, dst: usize, n: i32, g: i32, t: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT), rows = field(ctx, ROWS);
  const H = field(ctx, IH), W = field(ctx, IW), oh = field(ctx, OH), ow = field(ctx, OW);
  const kh = field(ctx, KH), kw = field(ctx, KW), sh = field(ctx, SH), sw = field(ctx, SW);
  const pt = field(ctx, PT), pl = field(ctx, PL);
  const include = field(ctx, INCLUDEPAD) != 0;
  const zp = i32x4.splat(field(ctx, XZP));
  const xs = f32x4.splat(ffield(ctx, F_XSCALE));
  const ys = f32x4.splat(ffield(ctx, F_YSCALE));
  const yzp = f32x4.splat(<f32>(field(ctx, YZP) + field(ctx, YSHIFT)));
  const shift = i16x8.splat(<i16>field(ctx, YSHIFT));
  const b44 = field(ctx, LAYOUT) == 1;
  const e: i32 = b44 ? 4 : 1;
  const V: i32 = b44 ? 4 : 16;
  const mode = vectorMode(b44, sw);
  let lo = field(ctx, OX0), hi = field(ctx, OX1);
  if (mode == 0 || hi - lo < V) {
    lo = 0;
    hi = 0;
  }
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  const r0 = t * rows;
  let r1 = r0 + rows;
  if (r1 > oh) r1 = oh;
  for (let p = g * per; p < pEnd; p++) {
    const s = src + <usize>((n * planes + p) * H * W * e);
    const d = dst + <usize>((n * planes + p) * oh * ow * e);
    for (let oy = r0; oy < r1; oy++) {
      const dr = d + <usize>(oy * ow * e);
      const y0 = oy * sh - pt;
      const ky0 = tapBegin(y0, kh, 1), ky1 = tapEnd(y0, kh, 1, H, ky0);
      for (let ox: i32 = 0; ox < ow; ox++) {
        if (ox == lo && hi > lo) ox = hi;
        if (ox >= ow) break;
        const v = avgEdge<T>(ctx, s, e, W, y0, ky0, ky1, ox * sw - pl, kw, zp, xs, ys, yzp, shift);
        if (b44) v128.store32_lane(dr + <usize>(ox << 2), v, 0);
        else v128.store8_lane(dr + <usize>ox, v, 0);
      }
      if (hi <= lo) continue;
      const count: f32 = include ? ffield(ctx, F_KCOUNT) : <f32>((ky1 - ky0) * kw);
      if (mode == 1) avgRowVec<T>(s, dr, e, W, y0, ky0, ky1, sw, pl, kw, count, lo, hi, V, 1, zp, xs, ys, yzp, shift);
      else if (mode == 2) avgRowVec<T>(s, dr, e, W, y0, ky0, ky1, sw, pl, kw, count, lo, hi, V, 2, zp, xs, ys, yzp, shift);
      else if (mode == 3) avgRowVec<T>(s, dr, e, W, y0, ky0, ky1, sw, pl, kw, count, lo, hi, V, 3, zp, xs, ys, yzp, shift);
      else avgRowVec<T>(s, dr, e, W, y0, ky0, ky1, sw, pl, kw, count, lo, hi, V, 4, zp, xs, ys, yzp, shift);
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
    for (; i < size; i++) lo = i32x4.add(lo, quarter<T>(v128.load32_zero(s + <usize>(i << 2)), 0));
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
