// Float32 pooling of 4-D tensors for the model executor (src/model/backends/wasm-float/pool.ts builds the ctx record,
// the tables and the dispatch): MaxPool, AveragePool, GlobalAveragePool, NCHW or NCHW44 ([N][C/4][H][W][4]; the 4
// channels of a block are one 16-byte vector of a pixel). Each output is computed with the float operations of the
// loop onnxruntime-web runs for the node (src/model/backends/host/pool.ts states the four loops), in its order, so
// the bits equal the TypeScript operator's and onnxruntime's. Plain SIMD128 float ops only:
//   max(a, b)  = f32x4.max  (NaN if either is NaN; +0 above -0): MLAS's vector max
//   pmax(m, x) = f32x4.pmax (m < x ? x : m):                   C++ std::max, MLAS's scalar max, `x > m` of the functor
//   sums       = f32x4.add, one rounding each; averages f32x4.div by the exact integer count.
//
// Geometry (the host's tables): output (oy, ox) reads rows oy * SH - PT + ky * DH and columns ox * SW - PL + kx * DW;
// YT holds per output row the taps [ky0, ky1) inside the input and the row factor of its count, XT per output column
// [kx0, kx1), the column factor and 1 where a window column lies outside the input. The count of an average is
// row factor * column factor (the cells inside, the cells inside the padded input, or the kernel's, as the loop
// counts them). The host refuses windows with no cell inside.
// - LOOP_FUNCTOR / LOOP_GENERIC: the window's cells inside the input in window order (rows, then columns); max from
//   the first cell (functor) or from lowest (generic) with pmax, or the sum from 0.
// - LOOP_VECTOR (dilations 1): each window column x inside the input folds its rows inside the input from the first
//   row's cell: with max for x < WV (MLAS's vector columns), pmax beyond, or +; then the max of the columns (and
//   lowest where a window column is outside the input), or the sum of the K columns in order from the first, a
//   column outside the input adding 0.
// - LOOP_GLOBAL (globalPoolF32Task): the n = IH * IW cells of an image, lane j of four over the cells i < n - n % 4
//   with i % 4 == j (max from lowest, or sums from 0), then (l0 op l2) op (l1 op l3), then the last n % 4 cells in
//   order with pmax or +; the average divides by f(n).
//
// Vectors: NCHW44 computes 4 channels of one output pixel per vector, for every output. NCHW computes 4 adjacent
// outputs of a row per vector where every window column is inside the input ([OX0, OX1), strides 1 and 2), and the
// others one at a time (a float splat in every lane, lane 0 stored) with the same steps; a vector of the vector
// loop's max whose columns reach WV picks max or pmax per lane. Tasks: (n, g, t): image n, planes g * PPT .. (NCHW
// channels, NCHW44 channel blocks), output rows t * ROWS ..; the global pool (n, g). Each task writes only those.

// ctx record: field indices (byte offset = index * 4), assembly/model/spatial-pool-f32-ctx.ts (generated from
// tools/model-ctx.mjs, as the host's offsets are).
import {
  LAYOUT, PLANES, IH, IW, OH, OW, KW, SH, SW, DH, DW, PT, PL, PPT, ROWS, OP, LOOP, WV, OX0, OX1, YT, XT, OP_AVG,
  LOOP_FUNCTOR, LOOP_VECTOR,
} from './spatial-pool-f32-ctx';

// @ts-ignore: decorator
@inline function field(ctx: usize, i: i32): i32 {
  return load<i32>(ctx + (<usize>i << 2));
}
// @ts-ignore: decorator
@inline function entry(table: usize, i: i32): i32 {
  return load<i32>(table + (<usize>i << 2));
}

/** -FLT_MAX, MLAS's starting value and padding of a max. */
const LOWEST: f32 = -3.4028234663852886e38;

/** One pixel: NCHW44 its 4 channels; NCHW its float in every lane. */
// @ts-ignore: decorator
@inline function pix(p: usize, b44: bool): v128 {
  return b44 ? v128.load(p) : v128.load32_splat(p);
}

// ---- one output (every NCHW44 output, the NCHW edges) ----------------------------------------------------------

/** Max over the window's cells inside the input, window order, from the first cell or from lowest (pmax). */
function maxFold(
  s: usize, rb: i32, e: i32, b44: bool, y0: i32, ky0: i32, ky1: i32, dh: i32, x0: i32, kx0: i32, kx1: i32,
  dw: i32, fromLowest: bool,
): v128 {
  let m = f32x4.splat(LOWEST);
  let kx = kx0;
  if (!fromLowest) {
    m = pix(s + <usize>((y0 + ky0 * dh) * rb + (x0 + kx0 * dw) * e), b44);
    kx = kx0 + 1;
  }
  for (let ky = ky0; ky < ky1; ky++) {
    const row = s + <usize>((y0 + ky * dh) * rb);
    for (; kx < kx1; kx++) m = f32x4.pmax(m, pix(row + <usize>((x0 + kx * dw) * e), b44));
    kx = kx0;
  }
  return m;
}

/** The f32 sum from 0 of the window's cells inside the input, window order. */
function sumFold(
  s: usize, rb: i32, e: i32, b44: bool, y0: i32, ky0: i32, ky1: i32, dh: i32, x0: i32, kx0: i32, kx1: i32,
  dw: i32,
): v128 {
  let a = f32x4.splat(0);
  for (let ky = ky0; ky < ky1; ky++) {
    const row = s + <usize>((y0 + ky * dh) * rb);
    for (let kx = kx0; kx < kx1; kx++) a = f32x4.add(a, pix(row + <usize>((x0 + kx * dw) * e), b44));
  }
  return a;
}

/** The vector loop's max: columns down their rows (max below WV, pmax from WV), then max across, lowest if padded. */
function maxColumns(
  s: usize, rb: i32, e: i32, b44: bool, y0: i32, ky0: i32, ky1: i32, x0: i32, kx0: i32, kx1: i32, wv: i32,
  padded: bool,
): v128 {
  let acc = f32x4.splat(LOWEST);
  let have = padded;
  const top = s + <usize>((y0 + ky0) * rb);
  for (let kx = kx0; kx < kx1; kx++) {
    const x = x0 + kx;
    let p = top + <usize>(x * e);
    let v = pix(p, b44);
    if (x < wv) {
      for (let ky = ky0 + 1; ky < ky1; ky++) {
        p += <usize>rb;
        v = f32x4.max(v, pix(p, b44));
      }
    } else {
      for (let ky = ky0 + 1; ky < ky1; ky++) {
        p += <usize>rb;
        v = f32x4.pmax(v, pix(p, b44));
      }
    }
    acc = have ? f32x4.max(acc, v) : v;
    have = true;
  }
  return acc;
}

/** The vector loop's sum: each of the K columns down its rows from the first row, added in order (0 outside). */
function sumColumns(
  s: usize, rb: i32, e: i32, b44: bool, y0: i32, ky0: i32, ky1: i32, x0: i32, kx0: i32, kx1: i32, kw: i32,
): v128 {
  const top = s + <usize>((y0 + ky0) * rb);
  let acc = f32x4.splat(0);
  for (let kx = 0; kx < kw; kx++) {
    let v = f32x4.splat(0);
    if (kx >= kx0 && kx < kx1) {
      let p = top + <usize>((x0 + kx) * e);
      v = pix(p, b44);
      for (let ky = ky0 + 1; ky < ky1; ky++) {
        p += <usize>rb;
        v = f32x4.add(v, pix(p, b44));
      }
    }
    acc = kx == 0 ? v : f32x4.add(acc, v);
  }
  return acc;
}

// ---- four adjacent NCHW outputs (every window column inside the input) --------------------------------------------

/** The four outputs' cells of one tap whose first (lane 0) is at p: stride 1 adjacent, stride 2 every other float. */
// @ts-ignore: decorator
@inline function tap4(p: usize, sw: i32): v128 {
  if (sw == 1) return v128.load(p);
  return i32x4.shuffle(v128.load(p), v128.load(p + 12), 0, 2, 5, 7); // floats 0, 2, 4, 6: nothing read past 6
}

/** Outputs [lo, hi) of one NCHW row, 4 per vector (hi - lo >= 4; the last vector overlaps the one before). */
// @ts-ignore: decorator
@inline function interiorRow(
  s: usize, dr: usize, rb: i32, y0: i32, ky0: i32, ky1: i32, dh: i32, sw: i32, pl: i32, kw: i32, dw: i32,
  lo: i32, hi: i32, op: i32, loop: i32, wv: i32, cy: i32, xcnt: usize,
): void {
  const tapStep = <usize>(dw << 2);
  for (let ox = lo; ; ox += 4) {
    if (ox > hi - 4) ox = hi - 4;
    const x0 = ox * sw - pl;
    const first = s + <usize>((y0 + ky0 * dh) * rb + (x0 << 2));
    let v: v128;
    if (op == OP_AVG) {
      if (loop == LOOP_VECTOR) {
        v = f32x4.splat(0);
        for (let kx = 0; kx < kw; kx++) {
          let p = first + <usize>(kx << 2);
          let c = tap4(p, sw);
          for (let ky = ky0 + 1; ky < ky1; ky++) {
            p += <usize>rb;
            c = f32x4.add(c, tap4(p, sw));
          }
          v = kx == 0 ? c : f32x4.add(v, c);
        }
      } else {
        v = f32x4.splat(0);
        for (let ky = ky0; ky < ky1; ky++) {
          let p = s + <usize>((y0 + ky * dh) * rb + (x0 << 2));
          for (let kx = 0; kx < kw; kx++) {
            v = f32x4.add(v, tap4(p, sw));
            p += tapStep;
          }
        }
      }
      const cnt = i32x4.mul(i32x4.splat(cy), v128.load(xcnt + (<usize>ox << 2)));
      v = f32x4.div(v, f32x4.convert_i32x4_s(cnt));
    } else if (loop == LOOP_VECTOR) {
      // lane i's window columns x0 + i * sw + kx: below WV every fold is f32.max, in any order
      if (x0 + 3 * sw + kw - 1 < wv) {
        v = tap4(first, sw);
        for (let ky = ky0; ky < ky1; ky++) {
          const row = first + <usize>((ky - ky0) * rb);
          for (let kx = ky == ky0 ? 1 : 0; kx < kw; kx++) v = f32x4.max(v, tap4(row + <usize>(kx << 2), sw));
        }
      } else {
        v = f32x4.splat(0);
        const lanes = i32x4.mul(i32x4(0, 1, 2, 3), i32x4.splat(sw));
        for (let kx = 0; kx < kw; kx++) {
          let p = first + <usize>(kx << 2);
          let cm = tap4(p, sw);
          let cp = cm;
          for (let ky = ky0 + 1; ky < ky1; ky++) {
            p += <usize>rb;
            const t = tap4(p, sw);
            cm = f32x4.max(cm, t);
            cp = f32x4.pmax(cp, t);
          }
          const beyond = i32x4.ge_s(i32x4.add(lanes, i32x4.splat(x0 + kx)), i32x4.splat(wv));
          const c = v128.bitselect(cp, cm, beyond);
          v = kx == 0 ? c : f32x4.max(v, c);
        }
      }
    } else {
      let kx0 = 0;
      if (loop == LOOP_FUNCTOR) {
        v = tap4(first, sw);
        kx0 = 1;
      } else v = f32x4.splat(LOWEST);
      for (let ky = ky0; ky < ky1; ky++) {
        let p = s + <usize>((y0 + ky * dh) * rb + (x0 << 2)) + <usize>kx0 * tapStep;
        for (let kx = kx0; kx < kw; kx++) {
          v = f32x4.pmax(v, tap4(p, sw));
          p += tapStep;
        }
        kx0 = 0;
      }
    }
    v128.store(dr + (<usize>ox << 2), v);
    if (ox == hi - 4) break;
  }
}

/** MaxPool / AveragePool task (n, g, t): functor, generic and vector loops. */
export function poolF32Task(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, t: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT), rows = field(ctx, ROWS);
  const H = field(ctx, IH), W = field(ctx, IW), oh = field(ctx, OH), ow = field(ctx, OW);
  const kw = field(ctx, KW), sh = field(ctx, SH), sw = field(ctx, SW);
  const dh = field(ctx, DH), dw = field(ctx, DW), pt = field(ctx, PT), pl = field(ctx, PL);
  const op = field(ctx, OP), loop = field(ctx, LOOP), wv = field(ctx, WV);
  const yt = <usize>field(ctx, YT), xt = <usize>field(ctx, XT);
  const b44 = field(ctx, LAYOUT) == 1;
  const e: i32 = b44 ? 16 : 4; // bytes per pixel
  const rb = W * e;
  const xs = ow + 4; // entries per XT column table
  const xcnt = xt + (<usize>(2 * xs) << 2);
  let lo = field(ctx, OX0), hi = field(ctx, OX1);
  if (b44 || hi - lo < 4) {
    lo = 0;
    hi = 0;
  }
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  const r0 = t * rows;
  let r1 = r0 + rows;
  if (r1 > oh) r1 = oh;
  for (let p = g * per; p < pEnd; p++) {
    const s = src + <usize>((n * planes + p) * H) * <usize>rb;
    const d = dst + <usize>((n * planes + p) * oh * ow) * <usize>e;
    for (let oy = r0; oy < r1; oy++) {
      const dr = d + <usize>(oy * ow * e);
      const y0 = oy * sh - pt;
      const ky0 = entry(yt, oy), ky1 = entry(yt, oh + oy), cy = entry(yt, 2 * oh + oy);
      for (let ox: i32 = 0; ox < ow; ox++) {
        if (ox == lo && hi > lo) ox = hi; // the interior runs below
        if (ox >= ow) break;
        const x0 = ox * sw - pl;
        const kx0 = entry(xt, ox), kx1 = entry(xt, xs + ox);
        let v: v128;
        if (op == OP_AVG) {
          v =
            loop == LOOP_VECTOR
              ? sumColumns(s, rb, e, b44, y0, ky0, ky1, x0, kx0, kx1, kw)
              : sumFold(s, rb, e, b44, y0, ky0, ky1, dh, x0, kx0, kx1, dw);
          v = f32x4.div(v, f32x4.splat(<f32>(cy * entry(xt, 2 * xs + ox))));
        } else if (loop == LOOP_VECTOR) {
          v = maxColumns(s, rb, e, b44, y0, ky0, ky1, x0, kx0, kx1, wv, entry(xt, 3 * xs + ox) != 0);
        } else {
          v = maxFold(s, rb, e, b44, y0, ky0, ky1, dh, x0, kx0, kx1, dw, loop != LOOP_FUNCTOR);
        }
        if (b44) v128.store(dr + <usize>(ox << 4), v);
        else v128.store32_lane(dr + <usize>(ox << 2), v, 0);
      }
      if (hi <= lo) continue;
      if (sw == 1) interiorRow(s, dr, rb, y0, ky0, ky1, dh, 1, pl, kw, dw, lo, hi, op, loop, wv, cy, xcnt);
      else interiorRow(s, dr, rb, y0, ky0, ky1, dh, 2, pl, kw, dw, lo, hi, op, loop, wv, cy, xcnt);
    }
  }
}

// ---- the global loop ----------------------------------------------------------------------------------------------

/** Global pool task (n, g): planes g * PPT .. of image n, each to one value (NCHW) or one 4-channel vector. */
export function globalPoolF32Task(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, _t: i32): void {
  const planes = field(ctx, PLANES), per = field(ctx, PPT);
  const hw = field(ctx, IH) * field(ctx, IW);
  const avg = field(ctx, OP) == OP_AVG;
  const b44 = field(ctx, LAYOUT) == 1;
  const init = f32x4.splat(avg ? 0 : LOWEST);
  const div = f32x4.splat(<f32>hw);
  const bulk = hw & ~3;
  let pEnd = (g + 1) * per;
  if (pEnd > planes) pEnd = planes;
  for (let p = g * per; p < pEnd; p++) {
    const plane = n * planes + p;
    let r: v128;
    if (b44) {
      // lane j of MLAS's loop is a vector of 4 channels here: a0..a3 take the pixels i % 4 == 0..3
      const s = src + (<usize>plane * <usize>hw << 4);
      let a0 = init, a1 = init, a2 = init, a3 = init;
      let i = 0;
      if (avg) {
        for (; i < bulk; i += 4) {
          const q = s + (<usize>i << 4);
          a0 = f32x4.add(a0, v128.load(q));
          a1 = f32x4.add(a1, v128.load(q, 16));
          a2 = f32x4.add(a2, v128.load(q, 32));
          a3 = f32x4.add(a3, v128.load(q, 48));
        }
        r = f32x4.add(f32x4.add(a0, a2), f32x4.add(a1, a3));
        for (; i < hw; i++) r = f32x4.add(r, v128.load(s + (<usize>i << 4)));
        r = f32x4.div(r, div);
      } else {
        for (; i < bulk; i += 4) {
          const q = s + (<usize>i << 4);
          a0 = f32x4.max(a0, v128.load(q));
          a1 = f32x4.max(a1, v128.load(q, 16));
          a2 = f32x4.max(a2, v128.load(q, 32));
          a3 = f32x4.max(a3, v128.load(q, 48));
        }
        r = f32x4.max(f32x4.max(a0, a2), f32x4.max(a1, a3));
        for (; i < hw; i++) r = f32x4.pmax(r, v128.load(s + (<usize>i << 4)));
      }
      v128.store(dst + (<usize>plane << 4), r);
      continue;
    }
    const s = src + (<usize>plane * <usize>hw << 2);
    let a = init;
    let i = 0;
    if (avg) {
      for (; i < bulk; i += 4) a = f32x4.add(a, v128.load(s + (<usize>i << 2)));
      a = f32x4.add(a, i32x4.shuffle(a, a, 2, 3, 2, 3));
      r = f32x4.add(a, i32x4.shuffle(a, a, 1, 1, 1, 1));
      for (; i < hw; i++) r = f32x4.add(r, v128.load32_splat(s + (<usize>i << 2)));
      r = f32x4.div(r, div);
    } else {
      for (; i < bulk; i += 4) a = f32x4.max(a, v128.load(s + (<usize>i << 2)));
      a = f32x4.max(a, i32x4.shuffle(a, a, 2, 3, 2, 3));
      r = f32x4.max(a, i32x4.shuffle(a, a, 1, 1, 1, 1));
      for (; i < hw; i++) r = f32x4.pmax(r, v128.load32_splat(s + (<usize>i << 2)));
    }
    v128.store32_lane(dst + (<usize>plane << 2), r, 0);
  }
}
