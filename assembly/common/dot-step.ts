// The multiply-accumulate step that the SIMD128 and relaxed dot8 row loops of the channel-wise and NCHW direct dot
// kernels share. The loops are generic over a marker type T that picks the step at compile time (no branch is left
// in the loop):
//   T = i16: SIMD128. x holds 8 i16 activations, w 8 i16 weights; i32x4.dot_i16x8_s adds 2 products per i32 lane.
//   T = i8:  relaxed dot8. x holds 16 bytes b (b = xs ^ dotXor), w 16 int8 weights; one
//            i32x4.relaxed_dot_i8x16_i7x16_add_s adds 4 products per i32 lane.
// A loop instantiated with i8 compiles to `unreachable` in a build without relaxed SIMD (dotStepBuilt), as the
// host never runs it there.

/** Whether row loops of marker T exist in this build (the dot8 ones only in the relaxed builds). */
// @ts-ignore: decorator
@inline
export function dotStepBuilt<T>(): bool {
  return sizeof<T>() != 1 || ASC_FEATURE_RELAXED_SIMD;
}

/** acc + the products of x and w, 2 (T = i16) or 4 (T = i8) per i32 lane. */
// @ts-ignore: decorator
@inline
export function dotStep<T>(acc: v128, x: v128, w: v128): v128 {
  if (sizeof<T>() == 1) {
    if (!ASC_FEATURE_RELAXED_SIMD) return unreachable(); else return i32x4.relaxed_dot_i8x16_i7x16_add_s(w, x, acc);
  }
  return i32x4.add(acc, i32x4.dot_i16x8_s(x, w));
}
