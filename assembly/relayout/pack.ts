// Channel packing: NCHW-like planes -> NCHWP-like blocks (P = 4 or 8), for 1-byte and 4-byte elements.
//
//   for o < outer, cb < blocks, i < hw, p < P:
//     dst[o*dstOuterStride + cb*dstBlockStride + i*P + p] =
//         c < chans ? src[o*srcOuterStride + c*planeStride + i] : pad        (c = cb*P + p)
//
// All strides are in elements. One call covers NCHW_NCHW4 (outer = N*group, one group's channels per
// outer step), NCHW_NCHW44, NCHW_NCHW88, the IC_SMALL modes, NCHW_NHWCD4 (outer = H, planeStride = H*W) and
// the channel-wise weight packings. Never reads a plane c >= chans and never reads or writes past the ranges
// above: partial blocks load a real plane and mask the lanes, loop tails are scalar.
import { lo8, hi8, lo16, hi16, lo32, transpose4x32Store, hi32 } from './shuffles';

// ---- 1-byte elements ---------------------------------------------------------------------------------------

// Interleave four 16-byte rows (16 positions of channels p=0..3) into 64 bytes [position][channel].
@inline function store4x8(d: usize, a: v128, b: v128, c: v128, e: v128): void {
  const ab0 = lo8(a, b), ab1 = hi8(a, b); // 16-bit units: (a_i, b_i)
  const ce0 = lo8(c, e), ce1 = hi8(c, e);
  v128.store(d, lo16(ab0, ce0)); // 32-bit units: (a_i b_i c_i e_i), positions 0..3
  v128.store(d, hi16(ab0, ce0), 16);
  v128.store(d, lo16(ab1, ce1), 32);
  v128.store(d, hi16(ab1, ce1), 48);
}

// Interleave eight 16-byte rows into 128 bytes [position][channel 0..7].
@inline function store8x8(
  d: usize, a: v128, b: v128, c: v128, e: v128, f: v128, g: v128, h: v128, k: v128,
): void {
  const ab0 = lo8(a, b), ab1 = hi8(a, b);
  const ce0 = lo8(c, e), ce1 = hi8(c, e);
  const fg0 = lo8(f, g), fg1 = hi8(f, g);
  const hk0 = lo8(h, k), hk1 = hi8(h, k);
  const q0 = lo16(ab0, ce0), q1 = hi16(ab0, ce0), q2 = lo16(ab1, ce1), q3 = hi16(ab1, ce1); // ch 0..3
  const r0 = lo16(fg0, hk0), r1 = hi16(fg0, hk0), r2 = lo16(fg1, hk1), r3 = hi16(fg1, hk1); // ch 4..7
  v128.store(d, lo32(q0, r0)); // 64-bit units: one position, 8 channels
  v128.store(d, hi32(q0, r0), 16);
  v128.store(d, lo32(q1, r1), 32);
  v128.store(d, hi32(q1, r1), 48);
  v128.store(d, lo32(q2, r2), 64);
  v128.store(d, hi32(q2, r2), 80);
  v128.store(d, lo32(q3, r3), 96);
  v128.store(d, hi32(q3, r3), 112);
}

// Row r of a block: a real plane when r < valid, else plane 0 (in bounds; its lanes are replaced by pad).
@inline function rowPtr(s: usize, r: i32, valid: i32, ps: usize): usize {
  return r < valid ? s + <usize>r * ps : s;
}
@inline function rowMask(r: i32, valid: i32): v128 {
  return i32x4.splat(r < valid ? 0 : -1);
}

function pack4BlockB8(s: usize, ps: usize, d: usize, hw: i32, valid: i32, pad: i32): void {
  let i = 0;
  if (valid >= 4) {
    const s1 = s + ps, s2 = s + 2 * ps, s3 = s + 3 * ps;
    // Two steps per iteration halve the loop overhead (V8 checks for interrupts on every iteration): +13%.
    for (; i + 32 <= hw; i += 32) {
      const o = <usize>i;
      store4x8(d + (o << 2), v128.load(s + o), v128.load(s1 + o), v128.load(s2 + o), v128.load(s3 + o));
      store4x8(d + (o << 2) + 64, v128.load(s + o, 16), v128.load(s1 + o, 16), v128.load(s2 + o, 16), v128.load(s3 + o, 16));
    }
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      store4x8(d + (o << 2), v128.load(s + o), v128.load(s1 + o), v128.load(s2 + o), v128.load(s3 + o));
    }
    for (; i < hw; i++) {
      const o = <usize>i;
      const q = d + (o << 2);
      store<u8>(q, load<u8>(s + o));
      store<u8>(q, load<u8>(s1 + o), 1);
      store<u8>(q, load<u8>(s2 + o), 2);
      store<u8>(q, load<u8>(s3 + o), 3);
    }
    return;
  }
  if (valid <= 0) {
    memory.fill(d, <u8>pad, <usize>hw << 2);
    return;
  }
  const padv = i8x16.splat(<i8>pad);
  const s1 = rowPtr(s, 1, valid, ps), s2 = rowPtr(s, 2, valid, ps), s3 = rowPtr(s, 3, valid, ps);
  const m1 = rowMask(1, valid), m2 = rowMask(2, valid), m3 = rowMask(3, valid);
  for (; i + 16 <= hw; i += 16) {
    const o = <usize>i;
    store4x8(
      d + (o << 2),
      v128.load(s + o),
      v128.bitselect(padv, v128.load(s1 + o), m1),
      v128.bitselect(padv, v128.load(s2 + o), m2),
      v128.bitselect(padv, v128.load(s3 + o), m3),
    );
  }
  for (; i < hw; i++) {
    const o = <usize>i;
    const q = d + (o << 2);
    for (let r = 0; r < 4; r++) {
      store<u8>(q + <usize>r, r < valid ? load<u8>(s + <usize>r * ps + o) : <u8>pad);
    }
  }
}

function pack8BlockB8(s: usize, ps: usize, d: usize, hw: i32, valid: i32, pad: i32): void {
  let i = 0;
  if (valid <= 0) {
    memory.fill(d, <u8>pad, <usize>hw << 3);
    return;
  }
  // One loop for full and partial blocks: with valid == 8 every mask is zero and bitselect passes the load
  // through (an extra and/or per row; NCHW88 is not the format the NCHW44 convolutions need).
  const padv = i8x16.splat(<i8>pad);
  const s1 = rowPtr(s, 1, valid, ps), s2 = rowPtr(s, 2, valid, ps), s3 = rowPtr(s, 3, valid, ps);
  const s4 = rowPtr(s, 4, valid, ps), s5 = rowPtr(s, 5, valid, ps), s6 = rowPtr(s, 6, valid, ps);
  const s7 = rowPtr(s, 7, valid, ps);
  if (valid >= 8) {
    // Two steps per iteration halve the loop overhead (V8 checks for interrupts on every iteration).
    for (; i + 32 <= hw; i += 32) {
      const o = <usize>i;
      store8x8(
        d + (o << 3),
        v128.load(s + o), v128.load(s1 + o), v128.load(s2 + o), v128.load(s3 + o),
        v128.load(s4 + o), v128.load(s5 + o), v128.load(s6 + o), v128.load(s7 + o),
      );
      store8x8(
        d + (o << 3) + 128,
        v128.load(s + o, 16), v128.load(s1 + o, 16), v128.load(s2 + o, 16), v128.load(s3 + o, 16),
        v128.load(s4 + o, 16), v128.load(s5 + o, 16), v128.load(s6 + o, 16), v128.load(s7 + o, 16),
      );
    }
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      store8x8(
        d + (o << 3),
        v128.load(s + o), v128.load(s1 + o), v128.load(s2 + o), v128.load(s3 + o),
        v128.load(s4 + o), v128.load(s5 + o), v128.load(s6 + o), v128.load(s7 + o),
      );
    }
  } else {
    const m1 = rowMask(1, valid), m2 = rowMask(2, valid), m3 = rowMask(3, valid);
    const m4 = rowMask(4, valid), m5 = rowMask(5, valid), m6 = rowMask(6, valid), m7 = rowMask(7, valid);
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      store8x8(
        d + (o << 3),
        v128.load(s + o),
        v128.bitselect(padv, v128.load(s1 + o), m1),
        v128.bitselect(padv, v128.load(s2 + o), m2),
        v128.bitselect(padv, v128.load(s3 + o), m3),
        v128.bitselect(padv, v128.load(s4 + o), m4),
        v128.bitselect(padv, v128.load(s5 + o), m5),
        v128.bitselect(padv, v128.load(s6 + o), m6),
        v128.bitselect(padv, v128.load(s7 + o), m7),
      );
    }
  }
  for (; i < hw; i++) {
    const o = <usize>i;
    const q = d + (o << 3);
    for (let r = 0; r < 8; r++) {
      store<u8>(q + <usize>r, r < valid ? load<u8>(s + <usize>r * ps + o) : <u8>pad);
    }
  }
}

// ---- 4-byte elements ---------------------------------------------------------------------------------------

function pack4BlockB32(s: usize, ps: usize, d: usize, hw: i32, valid: i32, pad: i32): void {
  let i = 0;
  if (valid <= 0) {
    for (let j = 0; j < hw * 4; j++) store<i32>(d + (<usize>j << 2), pad);
    return;
  }
  const padv = i32x4.splat(pad);
  const s1 = rowPtr(s, 1, valid, ps << 2), s2 = rowPtr(s, 2, valid, ps << 2), s3 = rowPtr(s, 3, valid, ps << 2);
  const m1 = rowMask(1, valid), m2 = rowMask(2, valid), m3 = rowMask(3, valid);
  for (; i + 4 <= hw; i += 4) {
    const o = <usize>i << 2;
    transpose4x32Store(
      v128.load(s + o),
      v128.bitselect(padv, v128.load(s1 + o), m1),
      v128.bitselect(padv, v128.load(s2 + o), m2),
      v128.bitselect(padv, v128.load(s3 + o), m3),
      d + (o << 2), 16,
    );
  }
  for (; i < hw; i++) {
    const o = <usize>i << 2;
    const q = d + (o << 2);
    for (let r = 0; r < 4; r++) {
      store<i32>(q + (<usize>r << 2), r < valid ? load<i32>(s + <usize>r * (ps << 2) + o) : pad);
    }
  }
}

function pack8BlockB32(s: usize, ps: usize, d: usize, hw: i32, valid: i32, pad: i32): void {
  let i = 0;
  if (valid <= 0) {
    for (let j = 0; j < hw * 8; j++) store<i32>(d + (<usize>j << 2), pad);
    return;
  }
  const pb = ps << 2;
  const padv = i32x4.splat(pad);
  const s1 = rowPtr(s, 1, valid, pb), s2 = rowPtr(s, 2, valid, pb), s3 = rowPtr(s, 3, valid, pb);
  const s4 = rowPtr(s, 4, valid, pb), s5 = rowPtr(s, 5, valid, pb), s6 = rowPtr(s, 6, valid, pb);
  const s7 = rowPtr(s, 7, valid, pb);
  const m1 = rowMask(1, valid), m2 = rowMask(2, valid), m3 = rowMask(3, valid);
  const m4 = rowMask(4, valid), m5 = rowMask(5, valid), m6 = rowMask(6, valid), m7 = rowMask(7, valid);
  for (; i + 4 <= hw; i += 4) {
    const o = <usize>i << 2;
    const q = d + (o << 3);
    // Channels 0..3 go to the first 16 bytes of each 32-byte position, channels 4..7 to the second.
    transpose4x32Store(
      v128.load(s + o),
      v128.bitselect(padv, v128.load(s1 + o), m1),
      v128.bitselect(padv, v128.load(s2 + o), m2),
      v128.bitselect(padv, v128.load(s3 + o), m3),
      q, 32,
    );
    transpose4x32Store(
      v128.bitselect(padv, v128.load(s4 + o), m4),
      v128.bitselect(padv, v128.load(s5 + o), m5),
      v128.bitselect(padv, v128.load(s6 + o), m6),
      v128.bitselect(padv, v128.load(s7 + o), m7),
      q + 16, 32,
    );
  }
  for (; i < hw; i++) {
    const o = <usize>i << 2;
    const q = d + (o << 3);
    for (let r = 0; r < 8; r++) {
      store<i32>(q + (<usize>r << 2), r < valid ? load<i32>(s + <usize>r * pb + o) : pad);
    }
  }
}

// ---- exported kernels (pointers are byte offsets; counts and strides are elements) --------------------------

export function relayout_pack4_b8(
  src: usize, dst: usize, outer: i32, srcOuterStride: i32, dstOuterStride: i32, chans: i32, blocks: i32,
  hw: i32, planeStride: i32, dstBlockStride: i32, pad: i32,
): void {
  for (let o = 0; o < outer; o++) {
    const s = src + <usize>o * <usize>srcOuterStride;
    const d = dst + <usize>o * <usize>dstOuterStride;
    for (let cb = 0; cb < blocks; cb++) {
      pack4BlockB8(s + <usize>(cb * 4) * <usize>planeStride, <usize>planeStride,
        d + <usize>cb * <usize>dstBlockStride, hw, min(4, chans - cb * 4), pad);
    }
  }
}

export function relayout_pack8_b8(
  src: usize, dst: usize, outer: i32, srcOuterStride: i32, dstOuterStride: i32, chans: i32, blocks: i32,
  hw: i32, planeStride: i32, dstBlockStride: i32, pad: i32,
): void {
  for (let o = 0; o < outer; o++) {
    const s = src + <usize>o * <usize>srcOuterStride;
    const d = dst + <usize>o * <usize>dstOuterStride;
    for (let cb = 0; cb < blocks; cb++) {
      pack8BlockB8(s + <usize>(cb * 8) * <usize>planeStride, <usize>planeStride,
        d + <usize>cb * <usize>dstBlockStride, hw, min(8, chans - cb * 8), pad);
    }
  }
}

export function relayout_pack4_b32(
  src: usize, dst: usize, outer: i32, srcOuterStride: i32, dstOuterStride: i32, chans: i32, blocks: i32,
  hw: i32, planeStride: i32, dstBlockStride: i32, pad: i32,
): void {
  for (let o = 0; o < outer; o++) {
    const s = src + ((<usize>o * <usize>srcOuterStride) << 2);
    const d = dst + ((<usize>o * <usize>dstOuterStride) << 2);
    for (let cb = 0; cb < blocks; cb++) {
      pack4BlockB32(s + ((<usize>(cb * 4) * <usize>planeStride) << 2), <usize>planeStride,
        d + ((<usize>cb * <usize>dstBlockStride) << 2), hw, min(4, chans - cb * 4), pad);
    }
  }
}

export function relayout_pack8_b32(
  src: usize, dst: usize, outer: i32, srcOuterStride: i32, dstOuterStride: i32, chans: i32, blocks: i32,
  hw: i32, planeStride: i32, dstBlockStride: i32, pad: i32,
): void {
  for (let o = 0; o < outer; o++) {
    const s = src + ((<usize>o * <usize>srcOuterStride) << 2);
    const d = dst + ((<usize>o * <usize>dstOuterStride) << 2);
    for (let cb = 0; cb < blocks; cb++) {
      pack8BlockB32(s + ((<usize>(cb * 8) * <usize>planeStride) << 2), <usize>planeStride,
        d + ((<usize>cb * <usize>dstBlockStride) << 2), hw, min(8, chans - cb * 8), pad);
    }
  }
}
