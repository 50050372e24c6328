// Helpers the spatial model kernels (spatial-pool, spatial-resize, spatial-transpose) share: byte copies that stay
// inside their ranges, and partial vector stores.

/** Stores the first `count` (0..16) bytes of v at p, nothing past p + count. */
// @ts-ignore: decorator
@inline
export function storePartial(p: usize, v: v128, count: i32): void {
  if (count & 8) {
    v128.store64_lane(p, v, 0);
    v = i64x2.shuffle(v, v, 1, 1);
    p += 8;
  }
  if (count & 4) {
    v128.store32_lane(p, v, 0);
    v = i32x4.shuffle(v, v, 1, 1, 1, 1);
    p += 4;
  }
  if (count & 2) {
    v128.store16_lane(p, v, 0);
    v = i16x8.shuffle(v, v, 1, 1, 1, 1, 1, 1, 1, 1);
    p += 2;
  }
  if (count & 1) v128.store8_lane(p, v, 0);
}

/**
 * Copies n bytes from s to d (ranges that do not overlap): 16-byte vectors, the last one overlapping the previous
 * when n is not a multiple of 16 (n >= 16), bytes below that. A loop, not memory.copy: V8 calls out of the module
 * for memory.copy, which costs more than the short rows these kernels move.
 */
export function copyBytes(d: usize, s: usize, n: i32): void {
  if (n >= 16) {
    const last = <usize>(n - 16);
    let i: usize = 0;
    for (; i < last; i += 16) v128.store(d + i, v128.load(s + i));
    v128.store(d + last, v128.load(s + last));
    return;
  }
  let i: i32 = 0;
  for (; i + 4 <= n; i += 4) store<u32>(d + <usize>i, load<u32>(s + <usize>i));
  for (; i < n; i++) store<u8>(d + <usize>i, load<u8>(s + <usize>i));
}
