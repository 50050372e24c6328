// Transpose of 1- or 4-byte elements for the model executor (src/model/backends/wasm-int8/transpose.ts reduces the permutation
// first: axes of extent 1 dropped, output-adjacent axes that are adjacent in the input merged). Two kinds remain:
//
// KIND 0, rows: the input's last axis stays last. The output is R rows of ROWLEN bytes, row r at dst + r * ROWLEN,
//   copied from src + sum(coord_i * srcStride_i), coord = r unravelled over the NOUT outer output dims.
// KIND 1, tiles: the output's last axis is input axis a (src stride SA bytes), and the input's last axis (COLS
//   elements, contiguous) is output axis b (dst stride TB bytes). For each combination m of the other NOUT axes
//   (dims, src and dst strides in the ctx), a 2-D transpose: out[c * TB + r * e] = in[r * SA + c * e], r < ROWS,
//   c < COLS, e = ESIZE: 16x16 byte tiles (4x4 for 32-bit elements) through registers, a vector band overlapping the
//   previous one at a remainder (same values, rewritten), elements one at a time where a dim is below the tile.
// Tasks: KIND 0 (t): rows t * RPT ..; KIND 1 (m, t): tile rows t * RPT .. of combination m (the last task of a
// combination to the end). Disjoint outputs.
import { copyBytes } from './spatial-common';
import { transpose16x8Store, transpose4x32Store } from '../relayout/shuffles';

// ctx record: field indices (byte offset = index * 4), assembly/model/spatial-transpose-ctx.ts (generated from
// tools/model-ctx.mjs, as the host's offsets are).
import { ESIZE, KIND, NOUT, RPT, ROWLEN, COLS, SA, TB, TOTAL, TILES, OUTER } from './spatial-transpose-ctx';

// @ts-ignore: decorator
@inline function field(ctx: usize, i: i32): i32 {
  return load<i32>(ctx + (<usize>i << 2));
}

/** Source and destination offsets (bytes) of outer combination m: [src, dst] packed as i64 (src low). */
// @ts-ignore: decorator
@inline function outerOffsets(ctx: usize, m: i32): i64 {
  const k = field(ctx, NOUT);
  let s: i32 = 0;
  let d: i32 = 0;
  for (let i = k - 1; i >= 0; i--) {
    const f = ctx + (<usize>(OUTER + 3 * i) << 2);
    const dim = load<i32>(f);
    const c = m % dim;
    m = m / dim;
    s += c * load<i32>(f, 4);
    d += c * load<i32>(f, 8);
  }
  return (<i64>d << 32) | <i64><u32>s;
}

function rowsTask(ctx: usize, src: usize, dst: usize, t: i32): void {
  const rpt = field(ctx, RPT), len = field(ctx, ROWLEN), total = field(ctx, TOTAL);
  const k = field(ctx, NOUT);
  const r0 = t * rpt;
  let r1 = r0 + rpt;
  if (r1 > total) r1 = total;
  if (r0 >= r1) return;
  if (k == 0) {
    copyBytes(dst + <usize>(r0 * len), src + <usize>(r0 * len), (r1 - r0) * len);
    return;
  }
  // the innermost outer axis advances row by row; the others are recomputed when it wraps
  const f = ctx + (<usize>(OUTER + 3 * (k - 1)) << 2);
  const dim = load<i32>(f), step = <usize>load<i32>(f, 4);
  let r = r0;
  while (r < r1) {
    const c = r % dim;
    let n = dim - c;
    if (n > r1 - r) n = r1 - r;
    let s = src + <usize><u32>outerOffsets(ctx, r);
    let d = dst + <usize>(r * len);
    for (let i: i32 = 0; i < n; i++) {
      copyBytes(d, s, len);
      s += step;
      d += <usize>len;
    }
    r += n;
  }
}

function tile8(s: usize, d: usize, sa: usize, tb: usize, r0: i32, r1: i32, cols: i32): void {
  // rows r0 .. r1 - 1 of the input tile (output columns), all input columns (output rows)
  if (r1 - r0 >= 16 && cols >= 16) {
    for (let r = r0; ; r += 16) {
      if (r > r1 - 16) r = r1 - 16;
      const p0 = s + <usize>r * sa;
      for (let c = 0; ; c += 16) {
        if (c > cols - 16) c = cols - 16;
        const p = p0 + <usize>c;
        transpose16x8Store(
          v128.load(p), v128.load(p + sa), v128.load(p + 2 * sa), v128.load(p + 3 * sa),
          v128.load(p + 4 * sa), v128.load(p + 5 * sa), v128.load(p + 6 * sa), v128.load(p + 7 * sa),
          v128.load(p + 8 * sa), v128.load(p + 9 * sa), v128.load(p + 10 * sa), v128.load(p + 11 * sa),
          v128.load(p + 12 * sa), v128.load(p + 13 * sa), v128.load(p + 14 * sa), v128.load(p + 15 * sa),
          d + <usize>c * tb + <usize>r, tb, 16,
        );
        if (c == cols - 16) break;
      }
      if (r == r1 - 16) break;
    }
    return;
  }
  for (let r = r0; r < r1; r++) {
    const p = s + <usize>r * sa;
    const q = d + <usize>r;
    for (let c: i32 = 0; c < cols; c++) store<u8>(q + <usize>c * tb, load<u8>(p + <usize>c));
  }
}

function tile32(s: usize, d: usize, sa: usize, tb: usize, r0: i32, r1: i32, cols: i32): void {
  if (r1 - r0 >= 4 && cols >= 4) {
    for (let r = r0; ; r += 4) {
      if (r > r1 - 4) r = r1 - 4;
      const p0 = s + <usize>r * sa;
      for (let c = 0; ; c += 4) {
        if (c > cols - 4) c = cols - 4;
        const p = p0 + (<usize>c << 2);
        transpose4x32Store(v128.load(p), v128.load(p + sa), v128.load(p + 2 * sa), v128.load(p + 3 * sa),
          d + <usize>c * tb + (<usize>r << 2), tb);
        if (c == cols - 4) break;
      }
      if (r == r1 - 4) break;
    }
    return;
  }
  for (let r = r0; r < r1; r++) {
    const p = s + <usize>r * sa;
    const q = d + (<usize>r << 2);
    for (let c: i32 = 0; c < cols; c++) store<u32>(q + <usize>c * tb, load<u32>(p + (<usize>c << 2)));
  }
}

function tilesTask(ctx: usize, src: usize, dst: usize, m: i32, t: i32): void {
  const rpt = field(ctx, RPT), rows = field(ctx, ROWLEN), cols = field(ctx, COLS);
  const r0 = t * rpt;
  let r1 = t == field(ctx, TILES) - 1 ? rows : r0 + rpt;
  if (r1 > rows) r1 = rows;
  if (r0 >= r1) return;
  const o = outerOffsets(ctx, m);
  const s = src + <usize><u32>o;
  const d = dst + <usize><u32>(o >>> 32);
  const sa = <usize>field(ctx, SA), tb = <usize>field(ctx, TB);
  if (field(ctx, ESIZE) == 1) tile8(s, d, sa, tb, r0, r1, cols);
  else tile32(s, d, sa, tb, r0, r1, cols);
}

/** Transpose task: KIND 0 (0, 0, t) or KIND 1 (0, m, t). */
export function transposeTask(ctx: usize, src: usize, dst: usize, _unused: usize, _i0: i32, m: i32, t: i32): void {
  if (field(ctx, KIND) == 0) rowsTask(ctx, src, dst, t);
  else tilesTask(ctx, src, dst, m, t);
}
