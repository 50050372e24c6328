// NCHW <-> NCHW44 of 4-D tensors (C % 4 == 0) with 1-byte (uint8, int8) or 4-byte (float32, int32) elements for the
// model executor, as task functions around the relayout kernels of assembly/relayout/ (the ones rt.relayout runs):
// src/model/backends/wasm-int8/relayout.ts builds the ctx record.
//   NCHW44[n][c / 4][p][c % 4] = NCHW[n][c][p]   (p < H * W; elements of ES bytes, moved as they are)
// Task (n, g): channel blocks g * BPT .. g * BPT + BPT - 1 of image n (disjoint outputs).
import { relayout_pack4_b8, relayout_pack4_b32 } from '../relayout/pack';
import { relayout_unpack4_b8, relayout_unpack4_b32 } from '../relayout/unpack';

// ctx record: field indices (byte offset = index * 4), assembly/model/spatial-relayout-ctx.ts (generated from
// tools/model-ctx.mjs, as the host's offsets are).
import { TO44, C, HW, BPT, ES } from './spatial-relayout-ctx';

/** Relayout task (n, g). */
export function relayout44Task(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, _t: i32): void {
  const c = load<i32>(ctx, C << 2);
  const hw = load<i32>(ctx, HW << 2);
  const per = load<i32>(ctx, BPT << 2);
  const b0 = g * per;
  let nb = (c >> 2) - b0;
  if (nb > per) nb = per;
  if (nb <= 0) return;
  // both layouts put block b of image n at element (n * C + 4 * b) * HW; the kernels' strides count elements
  const el = <usize>((n * c + 4 * b0) * hw);
  const to44 = load<i32>(ctx, TO44 << 2);
  if (load<i32>(ctx, ES << 2) == 4) {
    const off = el << 2;
    if (to44) relayout_pack4_b32(src + off, dst + off, 1, 0, 0, 4 * nb, nb, hw, hw, 4 * hw, 0);
    else relayout_unpack4_b32(src + off, dst + off, 1, 0, 0, 4 * nb, hw, 4 * hw, hw);
    return;
  }
  if (to44) relayout_pack4_b8(src + el, dst + el, 1, 0, 0, 4 * nb, nb, hw, hw, 4 * hw, 0);
  else relayout_unpack4_b8(src + el, dst + el, 1, 0, 0, 4 * nb, hw, 4 * hw, hw);
}
