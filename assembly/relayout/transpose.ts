// Batched 2-D transposes of 1-, 4- and 16-byte units:
//
//   for b < batch, r < rows, c < cols:   dst[b][c][r] = src[b][r][c]     (units of 1, 4 or 16 bytes)
//
// NCHW_NHWC is (batch N, rows C, cols H*W); NHWC_NCHW is (N, H*W, C); NCHW4_CHWN4 moves 4-element units
// (1, N, C/4*H*W) and CHWN4_NCHW4 the reverse; NHWC_NHWCD4 and NHWCD4_NHWC move 4-element units per (n, h).
// Full 16x16 (bytes) or 4x4 (32-bit) tiles go through registers; the row and column remainders are scalar.
// With one row or one column (NCHW4_CHWN4 with N = 1, for instance) a transpose is the identity: memory.copy.
import { transpose16x8Store, transpose4x32Store } from './shuffles';

export function relayout_transpose_b8(src: usize, dst: usize, batch: i32, rows: i32, cols: i32): void {
  if (rows == 1 || cols == 1) {
    memory.copy(dst, src, <usize>batch * <usize>rows * <usize>cols * 1);
    return;
  }
  const R = <usize>rows, C = <usize>cols;
  const rFull = rows & ~15, cFull = cols & ~15;
  for (let b = 0; b < batch; b++) {
    const s = src + <usize>b * R * C;
    const d = dst + <usize>b * R * C;
    for (let r0 = 0; r0 < rFull; r0 += 16) {
      const sr = s + <usize>r0 * C;
      for (let c0 = 0; c0 < cFull; c0 += 16) {
        const p = sr + <usize>c0;
        transpose16x8Store(
          v128.load(p), v128.load(p + C), v128.load(p + 2 * C), v128.load(p + 3 * C),
          v128.load(p + 4 * C), v128.load(p + 5 * C), v128.load(p + 6 * C), v128.load(p + 7 * C),
          v128.load(p + 8 * C), v128.load(p + 9 * C), v128.load(p + 10 * C), v128.load(p + 11 * C),
          v128.load(p + 12 * C), v128.load(p + 13 * C), v128.load(p + 14 * C), v128.load(p + 15 * C),
          d + <usize>c0 * R + <usize>r0, R, 16,
        );
      }
      // Column remainder of this band of 16 rows.
      for (let c = cFull; c < cols; c++) {
        for (let r = r0; r < r0 + 16; r++) store<u8>(d + <usize>c * R + <usize>r, load<u8>(s + <usize>r * C + <usize>c));
      }
    }
    // Row remainder: read along rows, write with stride R.
    for (let r = rFull; r < rows; r++) {
      for (let c = 0; c < cols; c++) store<u8>(d + <usize>c * R + <usize>r, load<u8>(s + <usize>r * C + <usize>c));
    }
  }
}

export function relayout_transpose_b32(src: usize, dst: usize, batch: i32, rows: i32, cols: i32): void {
  if (rows == 1 || cols == 1) {
    memory.copy(dst, src, <usize>batch * <usize>rows * <usize>cols * 4);
    return;
  }
  const RB = <usize>rows << 2, CB = <usize>cols << 2; // row pitch of dst and src in bytes
  const rFull = rows & ~3, cFull = cols & ~3;
  for (let b = 0; b < batch; b++) {
    const s = src + <usize>b * <usize>rows * CB;
    const d = dst + <usize>b * <usize>rows * CB;
    for (let r0 = 0; r0 < rFull; r0 += 4) {
      const sr = s + <usize>r0 * CB;
      for (let c0 = 0; c0 < cFull; c0 += 4) {
        const p = sr + (<usize>c0 << 2);
        transpose4x32Store(v128.load(p), v128.load(p + CB), v128.load(p + 2 * CB), v128.load(p + 3 * CB),
          d + <usize>c0 * RB + (<usize>r0 << 2), RB);
      }
      for (let c = cFull; c < cols; c++) {
        for (let r = r0; r < r0 + 4; r++) {
          store<u32>(d + <usize>c * RB + (<usize>r << 2), load<u32>(s + <usize>r * CB + (<usize>c << 2)));
        }
      }
    }
    for (let r = rFull; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        store<u32>(d + <usize>c * RB + (<usize>r << 2), load<u32>(s + <usize>r * CB + (<usize>c << 2)));
      }
    }
  }
}

// 16-byte units are whole vectors: no shuffles, just a strided copy in source order.
export function relayout_transpose_b128(src: usize, dst: usize, batch: i32, rows: i32, cols: i32): void {
  if (rows == 1 || cols == 1) {
    memory.copy(dst, src, <usize>batch * <usize>rows * <usize>cols * 16);
    return;
  }
  const RB = <usize>rows << 4, CB = <usize>cols << 4;
  for (let b = 0; b < batch; b++) {
    const s = src + <usize>b * <usize>rows * CB;
    const d = dst + <usize>b * <usize>rows * CB;
    for (let r = 0; r < rows; r++) {
      const sr = s + <usize>r * CB;
      const dr = d + (<usize>r << 4);
      for (let c = 0; c < cols; c++) v128.store(dr + <usize>c * RB, v128.load(sr + (<usize>c << 4)));
    }
  }
}
