// Register-level building blocks of the relayout kernels: interleaves ("unpack low/high" of 8/16/32/64-bit
// units) and the two transposes every kernel is made of. Each interleave is a two-operand shuffle whose lane
// pattern engines recognise (V8 lowers them to single punpck* instructions on x64 and zip1/zip2 on arm64), so
// a 4x4 or 16x16 transpose costs one instruction per shuffle.

// Interleave the low (resp. high) halves of a and b in 8-bit units: a0 b0 a1 b1 ... a7 b7.
@inline export function lo8(a: v128, b: v128): v128 {
  return i8x16.shuffle(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
}
@inline export function hi8(a: v128, b: v128): v128 {
  return i8x16.shuffle(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
}
@inline export function lo16(a: v128, b: v128): v128 {
  return i16x8.shuffle(a, b, 0, 8, 1, 9, 2, 10, 3, 11);
}
@inline export function hi16(a: v128, b: v128): v128 {
  return i16x8.shuffle(a, b, 4, 12, 5, 13, 6, 14, 7, 15);
}
@inline export function lo32(a: v128, b: v128): v128 {
  return i32x4.shuffle(a, b, 0, 4, 1, 5);
}
@inline export function hi32(a: v128, b: v128): v128 {
  return i32x4.shuffle(a, b, 2, 6, 3, 7);
}
@inline export function lo64(a: v128, b: v128): v128 {
  return i64x2.shuffle(a, b, 0, 2);
}
@inline export function hi64(a: v128, b: v128): v128 {
  return i64x2.shuffle(a, b, 1, 3);
}

/**
 * 4x4 transpose of 32-bit lanes: row r of the input is (a, b, c, e)[r]; output j (stored at d + j*stride)
 * holds lane j of a, b, c, e in that order.
 */
@inline export function transpose4x32Store(a: v128, b: v128, c: v128, e: v128, d: usize, stride: usize): void {
  const t0 = lo32(a, b); // a0 b0 a1 b1
  const t1 = hi32(a, b); // a2 b2 a3 b3
  const t2 = lo32(c, e);
  const t3 = hi32(c, e);
  v128.store(d, lo64(t0, t2));
  v128.store(d + stride, hi64(t0, t2));
  v128.store(d + 2 * stride, lo64(t1, t3));
  v128.store(d + 3 * stride, hi64(t1, t3));
}

/**
 * 16x16 byte transpose: input rows r0..r15 (16 bytes each); output column k (byte k of every row, row order)
 * is stored at d + k*stride for k < count (count <= 16; the other columns are computed and dropped).
 * Four rounds of interleaves, each doubling the unit: after round 1 a 16-bit unit holds one column of two
 * rows, after round 2 a 32-bit unit one column of four rows, and so on until a vector is one whole column.
 */
@inline export function transpose16x8Store(
  r0: v128, r1: v128, r2: v128, r3: v128, r4: v128, r5: v128, r6: v128, r7: v128,
  r8: v128, r9: v128, r10: v128, r11: v128, r12: v128, r13: v128, r14: v128, r15: v128,
  d: usize, stride: usize, count: i32,
): void {
  // Round 1: pair rows (2j, 2j+1). Even result: columns 0..7, odd result: columns 8..15.
  const a0 = lo8(r0, r1), a1 = hi8(r0, r1);
  const a2 = lo8(r2, r3), a3 = hi8(r2, r3);
  const a4 = lo8(r4, r5), a5 = hi8(r4, r5);
  const a6 = lo8(r6, r7), a7 = hi8(r6, r7);
  const a8 = lo8(r8, r9), a9 = hi8(r8, r9);
  const a10 = lo8(r10, r11), a11 = hi8(r10, r11);
  const a12 = lo8(r12, r13), a13 = hi8(r12, r13);
  const a14 = lo8(r14, r15), a15 = hi8(r14, r15);
  // Round 2: rows 4m..4m+3; bXq holds columns 4q..4q+3 (one per 32-bit unit).
  const b00 = lo16(a0, a2), b01 = hi16(a0, a2), b02 = lo16(a1, a3), b03 = hi16(a1, a3);
  const b10 = lo16(a4, a6), b11 = hi16(a4, a6), b12 = lo16(a5, a7), b13 = hi16(a5, a7);
  const b20 = lo16(a8, a10), b21 = hi16(a8, a10), b22 = lo16(a9, a11), b23 = hi16(a9, a11);
  const b30 = lo16(a12, a14), b31 = hi16(a12, a14), b32 = lo16(a13, a15), b33 = hi16(a13, a15);
  // Round 3: rows 8p..8p+7; cPqH holds columns 4q+2H and 4q+2H+1 (one per 64-bit unit).
  const c0q0l = lo32(b00, b10), c0q0h = hi32(b00, b10);
  const c0q1l = lo32(b01, b11), c0q1h = hi32(b01, b11);
  const c0q2l = lo32(b02, b12), c0q2h = hi32(b02, b12);
  const c0q3l = lo32(b03, b13), c0q3h = hi32(b03, b13);
  const c1q0l = lo32(b20, b30), c1q0h = hi32(b20, b30);
  const c1q1l = lo32(b21, b31), c1q1h = hi32(b21, b31);
  const c1q2l = lo32(b22, b32), c1q2h = hi32(b22, b32);
  const c1q3l = lo32(b23, b33), c1q3h = hi32(b23, b33);
  // Round 4: whole columns.
  if (count > 0) v128.store(d, lo64(c0q0l, c1q0l));
  if (count > 1) v128.store(d + stride, hi64(c0q0l, c1q0l));
  if (count > 2) v128.store(d + 2 * stride, lo64(c0q0h, c1q0h));
  if (count > 3) v128.store(d + 3 * stride, hi64(c0q0h, c1q0h));
  if (count > 4) v128.store(d + 4 * stride, lo64(c0q1l, c1q1l));
  if (count > 5) v128.store(d + 5 * stride, hi64(c0q1l, c1q1l));
  if (count > 6) v128.store(d + 6 * stride, lo64(c0q1h, c1q1h));
  if (count > 7) v128.store(d + 7 * stride, hi64(c0q1h, c1q1h));
  if (count > 8) v128.store(d + 8 * stride, lo64(c0q2l, c1q2l));
  if (count > 9) v128.store(d + 9 * stride, hi64(c0q2l, c1q2l));
  if (count > 10) v128.store(d + 10 * stride, lo64(c0q2h, c1q2h));
  if (count > 11) v128.store(d + 11 * stride, hi64(c0q2h, c1q2h));
  if (count > 12) v128.store(d + 12 * stride, lo64(c0q3l, c1q3l));
  if (count > 13) v128.store(d + 13 * stride, hi64(c0q3l, c1q3l));
  if (count > 14) v128.store(d + 14 * stride, lo64(c0q3h, c1q3h));
  if (count > 15) v128.store(d + 15 * stride, hi64(c0q3h, c1q3h));
}
