// Vector pieces the element-wise model kernels share (elementwise.ts, requant.ts): task ranges, byte widening,
// rounding to the nearest integer (ties to even) by the 1.5 * 2^23 trick, and packing to bytes.
//
// Rounding: for |c| < 2^22, f32(c + 1.5 * 2^23) lies in [2^23, 2^24), where floats are spaced exactly 1 apart, so the
// addition rounds c to the nearest integer with ties to even (the f32 add is RNE), and its bits minus the bits of
// 1.5 * 2^23 (0x4B400000) are that integer as an int32. This is what onnxruntime's MLAS does (its "magic bias"),
// and it spares V8's lowering of f32x4.nearest + i32x4.trunc_sat_f32x4_s (about eight x86 instructions: see
// assembly/common/finish.ts). Every caller clamps c into a range of a few hundred first.

/** 1.5 * 2^23; its bits are 0x4B400000. */
export const MAGIC: f32 = 12582912.0;
export const MAGIC_BITS: i32 = 0x4b400000;

/** round-half-even(c) + add, for float lanes |c| < 2^22; `bias` is i32x4.splat(MAGIC_BITS - add). */
// @ts-ignore: decorator
@inline
export function roundAdd(c: v128, bias: v128): v128 {
  return i32x4.sub(f32x4.add(c, f32x4.splat(MAGIC)), bias);
}

/** Four int32 vectors with lanes in [0, 255] -> 16 bytes, xored with `xor` (0x80 turns unsigned-domain bytes to int8). */
// @ts-ignore: decorator
@inline
export function packBytes(r0: v128, r1: v128, r2: v128, r3: v128, xor: v128): v128 {
  return v128.xor(i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(r0, r1), i16x8.narrow_i32x4_s(r2, r3)), xor);
}

/** Four all-ones / all-zeros int32 lane masks -> 16 byte masks. */
// @ts-ignore: decorator
@inline
export function packMasks(m0: v128, m1: v128, m2: v128, m3: v128): v128 {
  return i8x16.narrow_i16x8_s(i16x8.narrow_i32x4_s(m0, m1), i16x8.narrow_i32x4_s(m2, m3));
}

/** Lanes 0-3 / 4-7 / 8-11 / 12-15 of 16 unsigned bytes as int32 vectors. */
// @ts-ignore: decorator
@inline
export function widen0(v: v128): v128 {
  return i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v));
}
// @ts-ignore: decorator
@inline
export function widen1(v: v128): v128 {
  return i32x4.extend_high_i16x8_u(i16x8.extend_low_i8x16_u(v));
}
// @ts-ignore: decorator
@inline
export function widen2(v: v128): v128 {
  return i32x4.extend_low_i16x8_u(i16x8.extend_high_i8x16_u(v));
}
// @ts-ignore: decorator
@inline
export function widen3(v: v128): v128 {
  return i32x4.extend_high_i16x8_u(i16x8.extend_high_i8x16_u(v));
}

/** First element of task t of a kernel over n elements, grain per task; -1 when the task is past the end. */
// @ts-ignore: decorator
@inline
export function taskStart(n: i32, grain: i32, t: i32): i32 {
  const s = <i64>t * <i64>grain;
  return t < 0 || s >= <i64>n ? -1 : <i32>s;
}

/** One past the last element of the task that starts at s. */
// @ts-ignore: decorator
@inline
export function taskEnd(n: i32, grain: i32, s: i32): i32 {
  return n - s > grain ? s + grain : n;
}
