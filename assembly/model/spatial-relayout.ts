// NCHW <-> NCHW44 of 8-bit 4-D tensors (C % 4 == 0) for the model executor, as task functions around the relayout
// kernels of assembly/relayout/ (the ones rt.relayout runs): src/model/backends/wasm-int8/relayout.ts builds the ctx record.
//   NCHW44[n][c / 4][p][c % 4] = NCHW[n][c][p]   (p < H * W)
// Task (n, g): channel blocks g * BPT .. g * BPT + BPT - 1 of image n (disjoint outputs).
import { relayout_pack4_b8 } from '../relayout/pack';
import { relayout_unpack4_b8 } from '../relayout/unpack';

// ctx record: field indices (byte offset = index * 4), assembly/model/spatial-relayout-ctx.ts (generated from
// tools/model-ctx.mjs, as the host's offsets are).
import { TO44, C, HW, BPT } from './spatial-relayout-ctx';

/** Relayout task (n, g). */
export function relayout44Task(ctx: usize, src: usize, dst: usize, _unused: usize, n: i32, g: i32, _t: i32): void {
  const c = load<i32>(ctx, C << 2);
  const hw = load<i32>(ctx, HW << 2);
  const per = load<i32>(ctx, BPT << 2);
  const b0 = g * per;
  let nb = (c >> 2) - b0;
  if (nb > per) nb = per;
  if (nb <= 0) return;
  // both layouts put block b of image n at byte (n * C + 4 * b) * HW
  const off = <usize>((n * c + 4 * b0) * hw);
  if (load<i32>(ctx, TO44 << 2)) relayout_pack4_b8(src + off, dst + off, 1, 0, 0, 4 * nb, nb, hw, hw, 4 * hw, 0);
  else relayout_unpack4_b8(src + off, dst + off, 1, 0, 0, 4 * nb, hw, 4 * hw, hw);
}
