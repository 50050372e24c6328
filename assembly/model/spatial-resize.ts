// Resize of 8-bit 4-D tensors on H and W (src/model/backends/wasm-int8/resize.ts computes every index and weight table in
// TypeScript, with onnxruntime's f32 steps; this file only gathers and blends). uint8 or int8, NCHW or NCHW44
// ([N][C/4][H][W][4]: the 4 channels of a pixel are one 32-bit word, moved and blended together).
//
// Tables (byte offsets in the ctx record):
//   YTAB  i32[OH][4]: input rows y1, y2, dup (1: output row oy equals row oy - 1), 0
//   YW    f32[OH][4]: dy2, dy2, dy1, dy1                                    (linear)
//   XTAB  i32[OW][2]: input columns x1, x2                                  (nearest: x2 = x1)
//   XW    f32[OWP][2]: NCHW: dx1[0..OWP), then dx2[0..OWP) (OWP = OW rounded up to 16, zeros past OW);
//                      NCHW44: f32[OW][4] dx2, dx1, dx2, dx1                 (linear)
//   GRP   NCHW: per 16-column group k (columns 16k .. 16k + 15): i32 base, i32 ok, 8 bytes 0, then the swizzle
//         indices of x1 - base and of x2 - base (16 bytes each; 0 past OW). ok = 1 when every x2 of the group is
//         below base + 16, so one 16-byte load at column base holds the group's sources.
// - nearest: y[oy][ox] = x[y1][x1] (a byte, or an NCHW44 pixel word).
// - linear (docs/int8-ops.md, MaxPool and Resize on 8-bit data): y =
//   (T) trunc(f(f(f(f(dx2*dy2)*X11) + f(f(dx1*dy2)*X21)) + f(f(dx2*dy1)*X12)) + f(f(dx1*dy1)*X22)),
//   X11 = x[y1][x1], X21 = x[y1][x2], X12 = x[y2][x1], X22 = x[y2][x2], each product and sum one f32 operation
//   (the same in f32x4 lanes), truncated toward zero (values stay inside the type's range: convex weights).
// Tasks (n, g, t): planes g * PPT .. (channels, NCHW44 blocks) of image n, output rows t * ROWS .. ; a row whose
// tables equal the previous row's is a copy of it (inside one task only).
import { copyBytes, storePartial } from './spatial-common';
import { lookInPlace } from '../common/table';

// ctx record: field indices (byte offset = index * 4), assembly/model/spatial-resize-ctx.ts (generated from
// tools/model-ctx.mjs, as the host's offsets are).
import {
  LAYOUT, SIGNED, PLANES, IH, IW, OH, OW, PPT, ROWS, LINEAR, YTAB, YW, XTAB, XW, GRP, OWP, SRCBYTES, TABLE,
} from './spatial-resize-ctx';

// @ts-ignore: decorator
@inline function field(ctx: usize, i: i32): i32 {
  return load<i32>(ctx + (<usize>i << 2));
}

const GRP_BYTES: usize = 48;

// ---- nearest -------------------------------------------------------------------------------------------------------

function nearestRowNchw(ctx: usize, row: usize, d: usize, srcEnd: usize): void {
  const ow = field(ctx, OW);
  const xt = <usize>field(ctx, XTAB);
  const grp = <usize>field(ctx, GRP);
  for (let ox0: i32 = 0; ox0 < ow; ox0 += 16) {
    const gp = grp + <usize>(ox0 >> 4) * GRP_BYTES;
    const base = load<i32>(gp);
    let count = ow - ox0;
    if (count > 16) count = 16;
    const from = row + <usize>base;
    if (load<i32>(gp, 4) && from + 16 <= srcEnd) {
      const v = i8x16.swizzle(v128.load(from), v128.load(gp, 16));
      if (count == 16) v128.store(d + <usize>ox0, v);
      else storePartial(d + <usize>ox0, v, count);
    } else {
      for (let i: i32 = 0; i < count; i++) {
        const ox = ox0 + i;
        store<u8>(d + <usize>ox, load<u8>(row + <usize>load<i32>(xt + (<usize>ox << 3))));
      }
    }
  }
}

function nearestRowNchw44(ctx: usize, row: usize, d: usize): void {
  const ow = field(ctx, OW);
  const xt = <usize>field(ctx, XTAB);
  for (let ox: i32 = 0; ox < ow; ox++) {
    store<u32>(d + (<usize>ox << 2), load<u32>(row + (<usize>load<i32>(xt + (<usize>ox << 3)) << 2)));
  }
}

// ---- linear --------------------------------------------------------------------------------------------------------

// @ts-ignore: decorator
@inline function toF<T>(v: v128): v128 {
  // 4 bytes (lanes 0..3) -> f32x4
  if (isSigned<T>()) return f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(i16x8.extend_low_i8x16_s(v)));
  return f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v)));
}

/** f32x4 of bytes 4q .. 4q + 3 of v (q constant). */
// @ts-ignore: decorator
@inline function quarterF<T>(v: v128, q: i32): v128 {
  let h: v128;
  if (isSigned<T>()) {
    h = q < 2 ? i16x8.extend_low_i8x16_s(v) : i16x8.extend_high_i8x16_s(v);
    return f32x4.convert_i32x4_s((q & 1) == 0 ? i32x4.extend_low_i16x8_s(h) : i32x4.extend_high_i16x8_s(h));
  }
  h = q < 2 ? i16x8.extend_low_i8x16_u(v) : i16x8.extend_high_i8x16_u(v);
  return f32x4.convert_i32x4_s((q & 1) == 0 ? i32x4.extend_low_i16x8_u(h) : i32x4.extend_high_i16x8_u(h));
}

/** The blend in lanes, as onnxruntime orders it; truncated toward zero to i32 lanes. */
// @ts-ignore: decorator
@inline function blend(x11: v128, x21: v128, x12: v128, x22: v128, dx1: v128, dx2: v128, dy1: v128, dy2: v128): v128 {
  let v = f32x4.mul(f32x4.mul(dx2, dy2), x11);
  v = f32x4.add(v, f32x4.mul(f32x4.mul(dx1, dy2), x21));
  v = f32x4.add(v, f32x4.mul(f32x4.mul(dx2, dy1), x12));
  v = f32x4.add(v, f32x4.mul(f32x4.mul(dx1, dy1), x22));
  return i32x4.trunc_sat_f32x4_s(v);
}

// @ts-ignore: decorator
@inline function narrow<T>(a: v128, b: v128, c: v128, e: v128): v128 {
  const lo = i16x8.narrow_i32x4_s(a, b);
  const hi = i16x8.narrow_i32x4_s(c, e);
  return isSigned<T>() ? i8x16.narrow_i16x8_s(lo, hi) : i8x16.narrow_i16x8_u(lo, hi);
}

/** One output byte (NCHW), scalar: the same f32 operations as blend. */
// @ts-ignore: decorator
@inline function linearOne<T>(r1: usize, r2: usize, x1: i32, x2: i32, dx1: f32, dx2: f32, dy1: f32, dy2: f32): i32 {
  let v: f32 = (dx2 * dy2) * <f32>load<T>(r1 + <usize>x1);
  v += (dx1 * dy2) * <f32>load<T>(r1 + <usize>x2);
  v += (dx2 * dy1) * <f32>load<T>(r2 + <usize>x1);
  v += (dx1 * dy1) * <f32>load<T>(r2 + <usize>x2);
  return <i32>v;
}

function linearRowNchw<T>(ctx: usize, r1: usize, r2: usize, d: usize, dy1s: f32, dy2s: f32, srcEnd: usize): void {
  const ow = field(ctx, OW);
  const xt = <usize>field(ctx, XTAB);
  const xw = <usize>field(ctx, XW);
  const dxs = <usize>field(ctx, OWP) << 2; // bytes from dx1 to dx2
  const grp = <usize>field(ctx, GRP);
  const dy1 = f32x4.splat(dy1s), dy2 = f32x4.splat(dy2s);
  for (let ox0: i32 = 0; ox0 < ow; ox0 += 16) {
    const gp = grp + <usize>(ox0 >> 4) * GRP_BYTES;
    const base = load<i32>(gp);
    let count = ow - ox0;
    if (count > 16) count = 16;
    const f1 = r1 + <usize>base, f2 = r2 + <usize>base;
    if (load<i32>(gp, 4) && f1 + 16 <= srcEnd && f2 + 16 <= srcEnd) {
      const s1 = v128.load(gp, 16), s2 = v128.load(gp, 32);
      const a = v128.load(f1), b = v128.load(f2);
      const x11 = i8x16.swizzle(a, s1), x21 = i8x16.swizzle(a, s2);
      const x12 = i8x16.swizzle(b, s1), x22 = i8x16.swizzle(b, s2);
      const w = xw + (<usize>ox0 << 2);
      const o0 = blend(quarterF<T>(x11, 0), quarterF<T>(x21, 0), quarterF<T>(x12, 0), quarterF<T>(x22, 0), v128.load(w), v128.load(w + dxs), dy1, dy2);
      const o1 = blend(quarterF<T>(x11, 1), quarterF<T>(x21, 1), quarterF<T>(x12, 1), quarterF<T>(x22, 1), v128.load(w, 16), v128.load(w + dxs, 16), dy1, dy2);
      const o2 = blend(quarterF<T>(x11, 2), quarterF<T>(x21, 2), quarterF<T>(x12, 2), quarterF<T>(x22, 2), v128.load(w, 32), v128.load(w + dxs, 32), dy1, dy2);
      const o3 = blend(quarterF<T>(x11, 3), quarterF<T>(x21, 3), quarterF<T>(x12, 3), quarterF<T>(x22, 3), v128.load(w, 48), v128.load(w + dxs, 48), dy1, dy2);
      const v = narrow<T>(o0, o1, o2, o3);
      if (count == 16) v128.store(d + <usize>ox0, v);
      else storePartial(d + <usize>ox0, v, count);
    } else {
      for (let i: i32 = 0; i < count; i++) {
        const ox = ox0 + i;
        const t = xt + (<usize>ox << 3);
        const w = xw + (<usize>ox << 2);
        store<u8>(d + <usize>ox, linearOne<T>(r1, r2, load<i32>(t), load<i32>(t, 4), load<f32>(w), load<f32>(w + dxs), dy1s, dy2s));
      }
    }
  }
}

function linearRowNchw44<T>(ctx: usize, r1: usize, r2: usize, d: usize, yw: v128): void {
  const ow = field(ctx, OW);
  const xt = <usize>field(ctx, XTAB);
  const xw = <usize>field(ctx, XW);
  for (let ox: i32 = 0; ox < ow; ox++) {
    const t = xt + (<usize>ox << 3);
    const x1 = <usize>load<i32>(t) << 2, x2 = <usize>load<i32>(t, 4) << 2;
    // [dx2, dx1, dx2, dx1] * [dy2, dy2, dy1, dy1]: the four weights w11, w21, w12, w22, each one f32 product
    const w = f32x4.mul(v128.load(xw + (<usize>ox << 4)), yw);
    let v = f32x4.mul(i32x4.shuffle(w, w, 0, 0, 0, 0), toF<T>(v128.load32_zero(r1 + x1)));
    v = f32x4.add(v, f32x4.mul(i32x4.shuffle(w, w, 1, 1, 1, 1), toF<T>(v128.load32_zero(r1 + x2))));
    v = f32x4.add(v, f32x4.mul(i32x4.shuffle(w, w, 2, 2, 2, 2), toF<T>(v128.load32_zero(r2 + x1))));
    v = f32x4.add(v, f32x4.mul(i32x4.shuffle(w, w, 3, 3, 3, 3), toF<T>(v128.load32_zero(r2 + x2))));
    const i = i32x4.trunc_sat_f32x4_s(v);
    const h = i16x8.narrow_i32x4_s(i, i);
    v128.store32_lane(d + (<usize>ox << 2), isSigned<T>() ? i8x16.narrow_i16x8_s(h, h) : i8x16.narrow_i16x8_u(h, h), 0);
  }
}

function resizePlanes<T>(ctx: usize, src: usize, dst: usize, n: i32, g: i32, t: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT), rows = field(ctx, ROWS);
  const ih = field(ctx, IH), iw = field(ctx, IW), oh = field(ctx, OH), ow = field(ctx, OW);
  const b44 = field(ctx, LAYOUT) == 1;
  const linear = field(ctx, LINEAR) == 1;
  const yt = <usize>field(ctx, YTAB);
  const yw = <usize>field(ctx, YW);
  const e: i32 = b44 ? 4 : 1;
  const srcEnd = src + <usize>field(ctx, SRCBYTES);
  const rowBytes = ow * e;
  const table = <usize>field(ctx, TABLE);
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  const r0 = t * rows;
  let r1 = r0 + rows;
  if (r1 > oh) r1 = oh;
  for (let p = g * per; p < pEnd; p++) {
    const s = src + <usize>((n * planes + p) * ih * iw * e);
    const d = dst + <usize>((n * planes + p) * oh * ow * e);
    for (let oy = r0; oy < r1; oy++) {
      const dr = d + <usize>(oy * rowBytes);
      const ty = yt + (<usize>oy << 4);
      if (oy > r0 && load<i32>(ty, 8)) {
        copyBytes(dr, dr - <usize>rowBytes, rowBytes);
        continue;
      }
      const row1 = s + <usize>(load<i32>(ty) * iw * e);
      if (!linear) {
        if (b44) nearestRowNchw44(ctx, row1, dr);
        else nearestRowNchw(ctx, row1, dr, srcEnd);
      } else {
        const row2 = s + <usize>(load<i32>(ty, 4) * iw * e);
        const w = yw + (<usize>oy << 4);
        if (b44) linearRowNchw44<T>(ctx, row1, row2, dr, v128.load(w));
        else linearRowNchw<T>(ctx, row1, row2, dr, load<f32>(w, 8), load<f32>(w), srcEnd);
      }
      // a computed row is looked up once; the rows that copy it (above) copy looked-up bytes
      if (table) lookInPlace(table, dr, rowBytes);
    }
  }
}

/** Resize task (n, g, t). */
export function resizeTask(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, t: i32): void {
  if (field(ctx, SIGNED)) resizePlanes<i8>(ctx, src, dst, n, g, t);
  else resizePlanes<u8>(ctx, src, dst, n, g, t);
}
