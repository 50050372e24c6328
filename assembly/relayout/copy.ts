// Plain byte copy and fill, used by the relayout plans (fills of padded rows) and as the bandwidth baseline
// of the relayout benchmark: `memory.copy` of the same number of bytes a relayout moves.
export function relayout_copy_b8(dst: usize, src: usize, n: i32): void {
  memory.copy(dst, src, <usize>n);
}

export function relayout_fill_b8(dst: usize, value: i32, n: i32): void {
  memory.fill(dst, <u8>value, <usize>n);
}
