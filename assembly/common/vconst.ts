// v128 constants handed to hot loops as values. V8 (Turboshaft, x64) materializes a v128 constant where it is used,
// inside the loop: a shuffle's byte mask costs two 64-bit loads, a move and an insert per shuffle, a splatted float
// a load, a move and an unpack. A value loaded from memory before the loop stays in a register (or is read as a
// memory operand) instead. Measured on MobileNetV2 (Node 24, relaxed build): docs/conv.md#constants-in-loops.

/** Bytes 0, 4, 8, 12, 1, 5, ...: a 4x4 byte transpose (4 lanes of 4 bytes <-> 4 bytes of each lane). */
const BY_CHANNEL44: usize = memory.data<u8>([0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15], 16);

/** The 4x4 byte transpose mask, for pick(). Load it before the loop. */
// @ts-ignore: decorator
@inline
export function transpose44Mask(): v128 {
  return v128.load(BY_CHANNEL44);
}

/**
 * v's bytes at the indices in mask (every index below 16). The relaxed builds' relaxed swizzle is one pshufb; the
 * exact swizzle adds a saturating add that sends indices past 15 to zero.
 */
// @ts-ignore: decorator
@inline
export function pick(v: v128, mask: v128): v128 {
  if (ASC_FEATURE_RELAXED_SIMD) return i8x16.relaxed_swizzle(v, mask);
  else return i8x16.swizzle(v, mask);
}

/** n bytes of `byte` at p, by vectors (the short runs kernels fill: a padded row). */
export function fillBytes(p: usize, byte: i32, n: i32): void {
  const v = i8x16.splat(<i8>byte);
  let i: i32 = 0;
  for (; i + 16 <= n; i += 16) v128.store(p + <usize>i, v);
  for (; i < n; i++) store<u8>(p + <usize>i, <u8>byte);
}
