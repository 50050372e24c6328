// Resize of float32 4-D tensors on H and W (src/model/backends/wasm-float/resize.ts takes every index and weight from
// the TypeScript operator's tables, src/model/backends/host/resize.ts; this file only gathers and blends). NCHW, or
// NCHW44 ([N][C/4][H][W][4]: the 4 channels of a pixel are one 16-byte vector, moved and blended together).
//
// Tables (byte offsets in the ctx record):
//   YTAB  i32[OH][4]: input rows y1, y2, dup (1: output row oy equals row oy - 1), fill (1: every output of the row
//                     is FILL)
//   YW    f32[OH][4]: dy2, dy2, dy1, dy1                                    (linear)
//   XTAB  i32[OWP][2]: input columns x1, x2 (nearest: x2 = x1; 0 past OW)
//   XW    f32: NCHW: dx1[0..OWP), then dx2[0..OWP) (OWP = OW rounded up to 4, zeros past OW);
//              NCHW44: f32[OW][4] dx2, dx1, dx2, dx1                       (linear)
//   GRP   NCHW: per 4-column group k (columns 4k .. 4k + 3): i32 base, i32 ok, 8 bytes 0, then the byte swizzles of
//         x1 - base and of x2 - base (16 bytes each). ok = 1 when base + 4 <= IW and every x2 of the group is below
//         base + 4, so the one 16-byte load at column base (inside the row) holds the group's sources; else the
//         kernel loads them lane by lane.
// - nearest: y[oy][ox] = x[y1][x1] (a float's bits, or an NCHW44 pixel's 16 bytes).
// - linear: y = the left-to-right f32 sum of f(f(dx2 * dy2) * X11), f(f(dx1 * dy2) * X21), f(f(dx2 * dy1) * X12),
//   f(f(dx1 * dy1) * X22), X21 = x[y1][x2], X12 = x[y2][x1]: each product and sum one f32x4 operation, in the
//   TypeScript operator's order (so NaN, +-0 and +-inf come out as there).
// - tf_crop_and_resize: a row with fill = 1, and the columns outside [X0, X1), are FILL (the extrapolation value).
// Tasks (n, g, t): planes g * PPT .. (channels, NCHW44 blocks) of image n, output rows t * ROWS ..; a row whose
// tables equal the previous row's is a copy of it (inside one task only). Every read is inside the input.
import { copyBytes } from './spatial-common';

// ctx record: field indices (byte offset = index * 4), assembly/model/spatial-resize-f32-ctx.ts (generated from
// tools/model-ctx.mjs, as the host's offsets are).
import {
  LAYOUT, PLANES, IH, IW, OH, OW, PPT, ROWS, LINEAR, YTAB, YW, XTAB, XW, GRP, OWP, X0, X1, FILL,
} from './spatial-resize-f32-ctx';

// @ts-ignore: decorator
@inline function field(ctx: usize, i: i32): i32 {
  return load<i32>(ctx + (<usize>i << 2));
}

const GRP_BYTES: usize = 48;

/** Stores lanes 0 .. count - 1 (count 1..3) of v at p. */
// @ts-ignore: decorator
@inline function storeLanes(p: usize, v: v128, count: i32): void {
  v128.store32_lane(p, v, 0);
  if (count > 1) v128.store32_lane(p, v, 1, 4);
  if (count > 2) v128.store32_lane(p, v, 2, 8);
}

/** The floats of a row at the 4 columns of XTAB entries t, t + 8, t + 16, t + 24 (t: an x1 or x2 entry). */
// @ts-ignore: decorator
@inline function gather(row: usize, t: usize): v128 {
  let v = v128.load32_zero(row + (<usize>load<i32>(t) << 2));
  v = v128.load32_lane(row + (<usize>load<i32>(t, 8) << 2), v, 1);
  v = v128.load32_lane(row + (<usize>load<i32>(t, 16) << 2), v, 2);
  return v128.load32_lane(row + (<usize>load<i32>(t, 24) << 2), v, 3);
}

/** Stores the group's 4 outputs at d (fewer in the row's last group). */
// @ts-ignore: decorator
@inline function storeGroup(d: usize, v: v128, count: i32): void {
  if (count >= 4) v128.store(d, v);
  else storeLanes(d, v, count);
}

// ---- nearest -------------------------------------------------------------------------------------------------------

function nearestRowNchw(ctx: usize, row: usize, d: usize): void {
  const ow = field(ctx, OW);
  const xt = <usize>field(ctx, XTAB);
  const grp = <usize>field(ctx, GRP);
  for (let ox0: i32 = 0; ox0 < ow; ox0 += 4) {
    const gp = grp + <usize>(ox0 >> 2) * GRP_BYTES;
    let v: v128;
    if (load<i32>(gp, 4)) v = i8x16.swizzle(v128.load(row + (<usize>load<i32>(gp) << 2)), v128.load(gp, 16));
    else v = gather(row, xt + (<usize>ox0 << 3));
    storeGroup(d + (<usize>ox0 << 2), v, ow - ox0);
  }
}

function nearestRowNchw44(ctx: usize, row: usize, d: usize): void {
  const ow = field(ctx, OW);
  const xt = <usize>field(ctx, XTAB);
  for (let ox: i32 = 0; ox < ow; ox++) {
    v128.store(d + (<usize>ox << 4), v128.load(row + (<usize>load<i32>(xt + (<usize>ox << 3)) << 4)));
  }
}

// ---- linear --------------------------------------------------------------------------------------------------------

/** The blend in lanes, in the TypeScript operator's order. */
// @ts-ignore: decorator
@inline function blend(x11: v128, x21: v128, x12: v128, x22: v128, dx1: v128, dx2: v128, dy1: v128, dy2: v128): v128 {
  let v = f32x4.mul(f32x4.mul(dx2, dy2), x11);
  v = f32x4.add(v, f32x4.mul(f32x4.mul(dx1, dy2), x21));
  v = f32x4.add(v, f32x4.mul(f32x4.mul(dx2, dy1), x12));
  return f32x4.add(v, f32x4.mul(f32x4.mul(dx1, dy1), x22));
}

function linearRowNchw(ctx: usize, r1: usize, r2: usize, d: usize, dy1: v128, dy2: v128): void {
  const ow = field(ctx, OW);
  const xt = <usize>field(ctx, XTAB);
  const xw = <usize>field(ctx, XW);
  const dxs = <usize>field(ctx, OWP) << 2; // bytes from dx1 to dx2
  const grp = <usize>field(ctx, GRP);
  for (let ox0: i32 = 0; ox0 < ow; ox0 += 4) {
    const gp = grp + <usize>(ox0 >> 2) * GRP_BYTES;
    let x11: v128, x21: v128, x12: v128, x22: v128;
    if (load<i32>(gp, 4)) {
      const at = <usize>load<i32>(gp) << 2;
      const s1 = v128.load(gp, 16), s2 = v128.load(gp, 32);
      const a = v128.load(r1 + at), b = v128.load(r2 + at);
      x11 = i8x16.swizzle(a, s1);
      x21 = i8x16.swizzle(a, s2);
      x12 = i8x16.swizzle(b, s1);
      x22 = i8x16.swizzle(b, s2);
    } else {
      const t = xt + (<usize>ox0 << 3);
      x11 = gather(r1, t);
      x21 = gather(r1, t + 4);
      x12 = gather(r2, t);
      x22 = gather(r2, t + 4);
    }
    const w = xw + (<usize>ox0 << 2);
    storeGroup(d + (<usize>ox0 << 2), blend(x11, x21, x12, x22, v128.load(w), v128.load(w + dxs), dy1, dy2), ow - ox0);
  }
}

function linearRowNchw44(ctx: usize, r1: usize, r2: usize, d: usize, yw: v128): void {
  const ow = field(ctx, OW);
  const xt = <usize>field(ctx, XTAB);
  const xw = <usize>field(ctx, XW);
  for (let ox: i32 = 0; ox < ow; ox++) {
    const t = xt + (<usize>ox << 3);
    const x1 = <usize>load<i32>(t) << 4, x2 = <usize>load<i32>(t, 4) << 4;
    // [dx2, dx1, dx2, dx1] * [dy2, dy2, dy1, dy1]: the four weights, each the one f32 product of the blend
    const w = f32x4.mul(v128.load(xw + (<usize>ox << 4)), yw);
    let v = f32x4.mul(i32x4.shuffle(w, w, 0, 0, 0, 0), v128.load(r1 + x1));
    v = f32x4.add(v, f32x4.mul(i32x4.shuffle(w, w, 1, 1, 1, 1), v128.load(r1 + x2)));
    v = f32x4.add(v, f32x4.mul(i32x4.shuffle(w, w, 2, 2, 2, 2), v128.load(r2 + x1)));
    v128.store(d + (<usize>ox << 4), f32x4.add(v, f32x4.mul(i32x4.shuffle(w, w, 3, 3, 3, 3), v128.load(r2 + x2))));
  }
}

/** Writes the fill value over bytes [from, to) of a row (multiples of 4). */
function fillBytes(d: usize, from: i32, to: i32, fill: v128): void {
  let i = from;
  for (; i + 16 <= to; i += 16) v128.store(d + <usize>i, fill);
  for (; i < to; i += 4) v128.store32_lane(d + <usize>i, fill, 0);
}

/** Resize task (n, g, t). */
export function resizeF32Task(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, t: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT), rows = field(ctx, ROWS);
  const ih = field(ctx, IH), iw = field(ctx, IW), oh = field(ctx, OH), ow = field(ctx, OW);
  const b44 = field(ctx, LAYOUT) == 1;
  const linear = field(ctx, LINEAR) == 1;
  const yt = <usize>field(ctx, YTAB);
  const yw = <usize>field(ctx, YW);
  const e: i32 = b44 ? 16 : 4; // bytes per pixel
  const rowBytes = ow * e;
  const c0 = field(ctx, X0) * e, c1 = field(ctx, X1) * e;
  const fill = v128.load32_splat(ctx + (<usize>FILL << 2));
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  const r0 = t * rows;
  let rEnd = r0 + rows;
  if (rEnd > oh) rEnd = oh;
  for (let p = g * per; p < pEnd; p++) {
    const s = src + <usize>(n * planes + p) * <usize>(ih * iw * e);
    const d = dst + <usize>(n * planes + p) * <usize>(oh * rowBytes);
    for (let oy = r0; oy < rEnd; oy++) {
      const dr = d + <usize>(oy * rowBytes);
      const ty = yt + (<usize>oy << 4);
      if (oy > r0 && load<i32>(ty, 8)) {
        copyBytes(dr, dr - <usize>rowBytes, rowBytes);
        continue;
      }
      if (load<i32>(ty, 12)) {
        fillBytes(dr, 0, rowBytes, fill);
        continue;
      }
      const row1 = s + <usize>(load<i32>(ty) * iw * e);
      if (!linear) {
        if (b44) nearestRowNchw44(ctx, row1, dr);
        else nearestRowNchw(ctx, row1, dr);
      } else {
        const row2 = s + <usize>(load<i32>(ty, 4) * iw * e);
        const w = yw + (<usize>oy << 4);
        if (b44) linearRowNchw44(ctx, row1, row2, dr, v128.load(w));
        else linearRowNchw(ctx, row1, row2, dr, v128.load32_splat(w + 8), v128.load32_splat(w));
      }
      // tf_crop_and_resize: the columns outside the input
      if (c0 > 0) fillBytes(dr, 0, c0, fill);
      if (c1 < rowBytes) fillBytes(dr, c1, rowBytes, fill);
    }
  }
}
