// QLinearSoftmax (com.microsoft) on rows of LEN contiguous 8-bit values, as the TypeScript operator
// (src/model/backends/host/quant.ts, qlinearSoftmaxHost) computes it, bit for bit. Per row, with the host's two
// tables of 256 float32 (e: onnxruntime's exp table, p: e times floor(1 / y_scale)):
//   m    the row's largest value (from -128: the operator's start), as a signed or unsigned integer
//   sum  f32 sum from 0 of e[255 - m + x] over the row, in order (one rounding per add)
//   y    q = RNE(f32(p[255 - m + x] / sum)); int8: clamp(int32_sat(q) + zp, -128, 127) (the add wrapping);
//        uint8: min(uint32_sat(q) + zp, 255) (NaN -> 0 both: the saturating conversions)
// The sums of four rows run as four independent chains (each row's adds in its own order); the maximum and the
// outputs take four values per SIMD step (the table reads one lane at a time). Task t: rows [t * RPT, + RPT).
// Rows along a strided axis (opset 13+, the axis not innermost: values INNER apart, as YOLOv8's DFL head): four
// neighbouring rows (inner positions j .. j + 3 of one block) are the four lanes, each lane's maximum, sum and
// outputs computed over its own row in row order (qsoftmaxStridedTask).
import { QS_ROWS, QS_LEN, QS_ROWS_PER_TASK, QS_SIGNED, QS_YZP, QS_E, QS_P, QS_INNER } from './qsoftmax-ctx';

/** The largest of the row's len values (and -128), as an integer. */
function rowMax(x: usize, len: i32, signed: bool): i32 {
  let m: i32 = -128;
  let i = 0;
  if (len >= 16) {
    let v = v128.load(x);
    for (i = 16; i + 16 <= len; i += 16) v = signed ? i8x16.max_s(v, v128.load(x + i)) : i8x16.max_u(v, v128.load(x + i));
    if (signed) {
      v = i8x16.max_s(v, v128.shuffle<u8>(v, v, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
      v = i8x16.max_s(v, v128.shuffle<u8>(v, v, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3));
      v = i8x16.max_s(v, v128.shuffle<u8>(v, v, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1));
      v = i8x16.max_s(v, v128.shuffle<u8>(v, v, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0));
      m = i8x16.extract_lane_s(v, 0);
    } else {
      v = i8x16.max_u(v, v128.shuffle<u8>(v, v, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7));
      v = i8x16.max_u(v, v128.shuffle<u8>(v, v, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3));
      v = i8x16.max_u(v, v128.shuffle<u8>(v, v, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1));
      v = i8x16.max_u(v, v128.shuffle<u8>(v, v, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0));
      m = i8x16.extract_lane_u(v, 0);
    }
  }
  for (; i < len; i++) {
    const v: i32 = signed ? <i32>load<i8>(x + i) : <i32>load<u8>(x + i);
    if (v > m) m = v;
  }
  return m;
}

// @ts-ignore: decorator
@inline
function value(x: usize, signed: bool): i32 {
  return signed ? <i32>load<i8>(x) : <i32>load<u8>(x);
}

/** The table entry of x for a row of base 255 - m (a byte offset into a table of f32). */
// @ts-ignore: decorator
@inline
function entry(x: usize, base: i32, signed: bool): usize {
  return <usize>(base + value(x, signed)) << 2;
}

/** Four quotients p / sum of the row (lanes), rounded and stored as four bytes at y. */
// @ts-ignore: decorator
@inline
function store4(y: usize, q: v128, signed: bool, zp: v128, lo: v128, hi: v128): void {
  const r = f32x4.nearest(q);
  let v: v128;
  if (signed) {
    v = i32x4.min_s(i32x4.max_s(i32x4.add(i32x4.trunc_sat_f32x4_s(r), zp), lo), hi);
    v = i8x16.narrow_i16x8_s(i16x8.narrow_i32x4_s(v, v), i16x8.narrow_i32x4_s(v, v));
  } else {
    v = i32x4.min_u(i32x4.add(i32x4.trunc_sat_f32x4_u(r), zp), hi);
    v = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(v, v), i16x8.narrow_i32x4_s(v, v));
  }
  v128.store32_lane(y, v, 0);
}

/** The outputs of one row (x, y: its first byte) with its base and sum. */
function rowOut(x: usize, y: usize, len: i32, base: i32, sum: f32, p: usize, signed: bool, yzp: i32): void {
  const s = f32x4.splat(sum);
  const zp = i32x4.splat(yzp);
  const lo = i32x4.splat(-128);
  const hi = i32x4.splat(signed ? 127 : 255);
  let i = 0;
  for (; i + 4 <= len; i += 4) {
    let q = f32x4.splat(load<f32>(p + entry(x + i, base, signed)));
    q = f32x4.replace_lane(q, 1, load<f32>(p + entry(x + i + 1, base, signed)));
    q = f32x4.replace_lane(q, 2, load<f32>(p + entry(x + i + 2, base, signed)));
    q = f32x4.replace_lane(q, 3, load<f32>(p + entry(x + i + 3, base, signed)));
    store4(y + i, f32x4.div(q, s), signed, zp, lo, hi);
  }
  for (; i < len; i++) store<u8>(y + i, out1(load<f32>(p + entry(x + i, base, signed)), s, signed, zp, lo, hi));
}

/** One quotient p / sum through the same lanes as store4 (lane 0), as the output byte. */
// @ts-ignore: decorator
@inline
function out1(pe: f32, s: v128, signed: bool, zp: v128, lo: v128, hi: v128): u8 {
  const r = f32x4.nearest(f32x4.div(f32x4.splat(pe), s));
  let v: v128;
  if (signed) v = i32x4.min_s(i32x4.max_s(i32x4.add(i32x4.trunc_sat_f32x4_s(r), zp), lo), hi);
  else v = i32x4.min_u(i32x4.add(i32x4.trunc_sat_f32x4_u(r), zp), hi);
  return <u8>i32x4.extract_lane(v, 0);
}

export function qsoftmaxTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const rows = load<i32>(ctx, QS_ROWS);
  const len = load<i32>(ctx, QS_LEN);
  const rpt = load<i32>(ctx, QS_ROWS_PER_TASK);
  const signed = load<i32>(ctx, QS_SIGNED) != 0;
  const e = <usize>load<i32>(ctx, QS_E);
  const p = <usize>load<i32>(ctx, QS_P);
  const yzp = load<i32>(ctx, QS_YZP);
  const r0 = t * rpt;
  let r1 = r0 + rpt;
  if (r1 > rows) r1 = rows;
  const rowBytes = <usize>len;
  let r = r0;
  for (; r + 4 <= r1; r += 4) {
    const x0 = x + <usize>r * rowBytes;
    const x1 = x0 + rowBytes,
      x2 = x1 + rowBytes,
      x3 = x2 + rowBytes;
    const b0 = 255 - rowMax(x0, len, signed),
      b1 = 255 - rowMax(x1, len, signed),
      b2 = 255 - rowMax(x2, len, signed),
      b3 = 255 - rowMax(x3, len, signed);
    let s0: f32 = 0,
      s1: f32 = 0,
      s2: f32 = 0,
      s3: f32 = 0;
    for (let i = 0; i < len; i++) {
      const o = <usize>i;
      s0 = s0 + load<f32>(e + entry(x0 + o, b0, signed));
      s1 = s1 + load<f32>(e + entry(x1 + o, b1, signed));
      s2 = s2 + load<f32>(e + entry(x2 + o, b2, signed));
      s3 = s3 + load<f32>(e + entry(x3 + o, b3, signed));
    }
    const y0 = y + <usize>r * rowBytes;
    rowOut(x0, y0, len, b0, s0, p, signed, yzp);
    rowOut(x1, y0 + rowBytes, len, b1, s1, p, signed, yzp);
    rowOut(x2, y0 + 2 * rowBytes, len, b2, s2, p, signed, yzp);
    rowOut(x3, y0 + 3 * rowBytes, len, b3, s3, p, signed, yzp);
  }
  for (; r < r1; r++) {
    const xr = x + <usize>r * rowBytes;
    const b = 255 - rowMax(xr, len, signed);
    let s: f32 = 0;
    for (let i = 0; i < len; i++) s = s + load<f32>(e + entry(xr + <usize>i, b, signed));
    rowOut(xr, y + <usize>r * rowBytes, len, b, s, p, signed, yzp);
  }
}

/** Four bytes at x (four neighbouring rows' values) widened to i32 lanes. */
// @ts-ignore: decorator
@inline
function lanes4(x: usize, signed: bool): v128 {
  const b = v128.load32_zero(x);
  return signed ? i32x4.extend_low_i16x8_s(i16x8.extend_low_i8x16_s(b)) : i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(b));
}

/** The four table entries (f32 at t) of the lanes' indices. */
// @ts-ignore: decorator
@inline
function gather4(t: usize, k: v128): v128 {
  let g = f32x4.splat(load<f32>(t + (<usize>i32x4.extract_lane(k, 0) << 2)));
  g = f32x4.replace_lane(g, 1, load<f32>(t + (<usize>i32x4.extract_lane(k, 1) << 2)));
  g = f32x4.replace_lane(g, 2, load<f32>(t + (<usize>i32x4.extract_lane(k, 2) << 2)));
  return f32x4.replace_lane(g, 3, load<f32>(t + (<usize>i32x4.extract_lane(k, 3) << 2)));
}

/** One strided row (len values `inner` apart from x), its outputs at the same offsets from y. */
function stridedRow(x: usize, y: usize, len: i32, inner: usize, e: usize, p: usize, signed: bool, yzp: i32): void {
  let m: i32 = -128;
  for (let i = 0; i < len; i++) {
    const v = value(x + <usize>i * inner, signed);
    if (v > m) m = v;
  }
  const base = 255 - m;
  let sum: f32 = 0;
  for (let i = 0; i < len; i++) sum = sum + load<f32>(e + entry(x + <usize>i * inner, base, signed));
  const s = f32x4.splat(sum);
  const zp = i32x4.splat(yzp);
  const lo = i32x4.splat(-128);
  const hi = i32x4.splat(signed ? 127 : 255);
  for (let i = 0; i < len; i++) {
    const o = <usize>i * inner;
    store<u8>(y + o, out1(load<f32>(p + entry(x + o, base, signed)), s, signed, zp, lo, hi));
  }
}

/**
 * Rows along a strided axis: blocks of LEN x INNER values (QS_ROWS of them), the rows of a block its INNER columns.
 * Task t: groups [t * RPT, + RPT) of 4 neighbouring rows (the last group of a block may hold fewer: one at a time).
 */
export function qsoftmaxStridedTask(ctx: usize, x: usize, _u: usize, y: usize, _i0: i32, _i1: i32, t: i32): void {
  const blocks = load<i32>(ctx, QS_ROWS);
  const len = load<i32>(ctx, QS_LEN);
  const gpt = load<i32>(ctx, QS_ROWS_PER_TASK);
  const inner = load<i32>(ctx, QS_INNER);
  const signed = load<i32>(ctx, QS_SIGNED) != 0;
  const e = <usize>load<i32>(ctx, QS_E);
  const p = <usize>load<i32>(ctx, QS_P);
  const yzp = load<i32>(ctx, QS_YZP);
  const per = (inner + 3) >> 2; // groups per block
  const g0 = t * gpt;
  let g1 = g0 + gpt;
  if (g1 > blocks * per) g1 = blocks * per;
  const stride = <usize>inner;
  const c255 = i32x4.splat(255);
  const zp = i32x4.splat(yzp);
  const lo = i32x4.splat(-128);
  const hi = i32x4.splat(signed ? 127 : 255);
  for (let g = g0; g < g1; g++) {
    const b = g / per;
    const j = (g - b * per) << 2;
    const off = <usize>b * <usize>len * stride + <usize>j;
    const xb = x + off,
      yb = y + off;
    if (j + 4 > inner) {
      for (let l = j; l < inner; l++) stridedRow(xb + <usize>(l - j), yb + <usize>(l - j), len, stride, e, p, signed, yzp);
      continue;
    }
    let m = i32x4.splat(-128);
    for (let i = 0; i < len; i++) m = i32x4.max_s(m, lanes4(xb + <usize>i * stride, signed));
    const base = i32x4.sub(c255, m);
    let sum = f32x4.splat(0);
    for (let i = 0; i < len; i++) sum = f32x4.add(sum, gather4(e, i32x4.add(base, lanes4(xb + <usize>i * stride, signed))));
    for (let i = 0; i < len; i++) {
      const o = <usize>i * stride;
      store4(yb + o, f32x4.div(gather4(p, i32x4.add(base, lanes4(xb + o, signed))), sum), signed, zp, lo, hi);
    }
  }
}
