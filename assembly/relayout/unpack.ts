// Channel unpacking: NCHWP-like blocks (P = 4 or 8) -> NCHW-like planes, for 1-byte and 4-byte elements.
//
//   for o < outer, c < chans, i < hw:   (cb = c / P, p = c % P)
//     dst[o*dstOuterStride + c*planeStride + i] = src[o*srcOuterStride + cb*srcBlockStride + i*P + p]
//
// Strides in elements. Channels >= chans of the last block are dropped (NCHW4_NCHW with oc, NCHW44_NCHW);
// grouped NCHW4_NCHW whose groups start on a block boundary uses outer = N*group. NHWCD4_NCHW uses outer = H
// with planeStride = H*W. Only planes c < chans are written; loop tails are scalar.
import { lo16, hi16, lo32, hi32, lo64, hi64, transpose4x32Store } from './shuffles';

// Bytes [position p][channel c] of one vector (4 positions x 4 channels) regrouped as [c][p].
@inline function byChannel4(v: v128): v128 {
  return i8x16.shuffle(v, v, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
}
// Bytes [position p][channel c] of one vector (2 positions x 8 channels) regrouped as [c][p].
@inline function byChannel8(v: v128): v128 {
  return i8x16.shuffle(v, v, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
}

function unpack4BlockB8(s: usize, d: usize, ps: usize, hw: i32, valid: i32): void {
  let i = 0;
  for (; i + 16 <= hw; i += 16) {
    const o = <usize>i;
    const q = s + (o << 2);
    // After byChannel4 the 32-bit unit c of vector j is channel c at positions 4j..4j+3; a 4x4 transpose of
    // 32-bit units then gives one vector per channel.
    const q0 = byChannel4(v128.load(q)), q1 = byChannel4(v128.load(q, 16));
    const q2 = byChannel4(v128.load(q, 32)), q3 = byChannel4(v128.load(q, 48));
    const t0 = lo32(q0, q1), t1 = hi32(q0, q1), t2 = lo32(q2, q3), t3 = hi32(q2, q3);
    v128.store(d + o, lo64(t0, t2));
    if (valid > 1) v128.store(d + ps + o, hi64(t0, t2));
    if (valid > 2) v128.store(d + 2 * ps + o, lo64(t1, t3));
    if (valid > 3) v128.store(d + 3 * ps + o, hi64(t1, t3));
  }
  for (; i < hw; i++) {
    const o = <usize>i;
    for (let r = 0; r < valid; r++) store<u8>(d + <usize>r * ps + o, load<u8>(s + (o << 2) + <usize>r));
  }
}

function unpack8BlockB8(s: usize, d: usize, ps: usize, hw: i32, valid: i32): void {
  let i = 0;
  for (; i + 16 <= hw; i += 16) {
    const o = <usize>i;
    const q = s + (o << 3);
    // After byChannel8 the 16-bit unit c of vector j is channel c at positions 2j, 2j+1; an 8x8 transpose of
    // 16-bit units (three interleave rounds) then gives one vector per channel.
    const q0 = byChannel8(v128.load(q)), q1 = byChannel8(v128.load(q, 16));
    const q2 = byChannel8(v128.load(q, 32)), q3 = byChannel8(v128.load(q, 48));
    const q4 = byChannel8(v128.load(q, 64)), q5 = byChannel8(v128.load(q, 80));
    const q6 = byChannel8(v128.load(q, 96)), q7 = byChannel8(v128.load(q, 112));
    // 32-bit unit u: channel u (lo) or 4+u (hi), positions 4k..4k+3 for the pair k.
    const a0l = lo16(q0, q1), a0h = hi16(q0, q1), a1l = lo16(q2, q3), a1h = hi16(q2, q3);
    const a2l = lo16(q4, q5), a2h = hi16(q4, q5), a3l = lo16(q6, q7), a3h = hi16(q6, q7);
    // 64-bit unit u: channel (base + u), positions 8m..8m+7.
    const b0c01 = lo32(a0l, a1l), b0c23 = hi32(a0l, a1l), b0c45 = lo32(a0h, a1h), b0c67 = hi32(a0h, a1h);
    const b1c01 = lo32(a2l, a3l), b1c23 = hi32(a2l, a3l), b1c45 = lo32(a2h, a3h), b1c67 = hi32(a2h, a3h);
    v128.store(d + o, lo64(b0c01, b1c01));
    if (valid > 1) v128.store(d + ps + o, hi64(b0c01, b1c01));
    if (valid > 2) v128.store(d + 2 * ps + o, lo64(b0c23, b1c23));
    if (valid > 3) v128.store(d + 3 * ps + o, hi64(b0c23, b1c23));
    if (valid > 4) v128.store(d + 4 * ps + o, lo64(b0c45, b1c45));
    if (valid > 5) v128.store(d + 5 * ps + o, hi64(b0c45, b1c45));
    if (valid > 6) v128.store(d + 6 * ps + o, lo64(b0c67, b1c67));
    if (valid > 7) v128.store(d + 7 * ps + o, hi64(b0c67, b1c67));
  }
  for (; i < hw; i++) {
    const o = <usize>i;
    for (let r = 0; r < valid; r++) store<u8>(d + <usize>r * ps + o, load<u8>(s + (o << 3) + <usize>r));
  }
}

// 4-byte elements: s, d and psb (plane stride) in bytes.
function unpack4BlockB32(s: usize, d: usize, psb: usize, hw: i32, valid: i32): void {
  let i = 0;
  if (valid >= 4) {
    for (; i + 4 <= hw; i += 4) {
      const o = <usize>i << 2;
      const q = s + (o << 2);
      transpose4x32Store(v128.load(q), v128.load(q, 16), v128.load(q, 32), v128.load(q, 48), d + o, psb);
    }
  }
  for (; i < hw; i++) {
    const o = <usize>i << 2;
    for (let r = 0; r < valid; r++) store<i32>(d + <usize>r * psb + o, load<i32>(s + (o << 2) + (<usize>r << 2)));
  }
}

function unpack8BlockB32(s: usize, d: usize, psb: usize, hw: i32, valid: i32): void {
  let i = 0;
  if (valid >= 8) {
    for (; i + 4 <= hw; i += 4) {
      const o = <usize>i << 2;
      const q = s + (o << 3);
      // Position j occupies 32 bytes: channels 0..3 then 4..7.
      transpose4x32Store(v128.load(q), v128.load(q, 32), v128.load(q, 64), v128.load(q, 96), d + o, psb);
      transpose4x32Store(v128.load(q, 16), v128.load(q, 48), v128.load(q, 80), v128.load(q, 112),
        d + 4 * psb + o, psb);
    }
  }
  for (; i < hw; i++) {
    const o = <usize>i << 2;
    for (let r = 0; r < valid; r++) store<i32>(d + <usize>r * psb + o, load<i32>(s + (o << 3) + (<usize>r << 2)));
  }
}

export function relayout_unpack4_b8(
  src: usize, dst: usize, outer: i32, srcOuterStride: i32, dstOuterStride: i32, chans: i32, hw: i32,
  srcBlockStride: i32, planeStride: i32,
): void {
  const blocks = (chans + 3) >> 2;
  for (let o = 0; o < outer; o++) {
    const s = src + <usize>o * <usize>srcOuterStride;
    const d = dst + <usize>o * <usize>dstOuterStride;
    for (let cb = 0; cb < blocks; cb++) {
      unpack4BlockB8(s + <usize>cb * <usize>srcBlockStride, d + <usize>(cb * 4) * <usize>planeStride,
        <usize>planeStride, hw, min(4, chans - cb * 4));
    }
  }
}

export function relayout_unpack8_b8(
  src: usize, dst: usize, outer: i32, srcOuterStride: i32, dstOuterStride: i32, chans: i32, hw: i32,
  srcBlockStride: i32, planeStride: i32,
): void {
  const blocks = (chans + 7) >> 3;
  for (let o = 0; o < outer; o++) {
    const s = src + <usize>o * <usize>srcOuterStride;
    const d = dst + <usize>o * <usize>dstOuterStride;
    for (let cb = 0; cb < blocks; cb++) {
      unpack8BlockB8(s + <usize>cb * <usize>srcBlockStride, d + <usize>(cb * 8) * <usize>planeStride,
        <usize>planeStride, hw, min(8, chans - cb * 8));
    }
  }
}

export function relayout_unpack4_b32(
  src: usize, dst: usize, outer: i32, srcOuterStride: i32, dstOuterStride: i32, chans: i32, hw: i32,
  srcBlockStride: i32, planeStride: i32,
): void {
  const blocks = (chans + 3) >> 2;
  for (let o = 0; o < outer; o++) {
    const s = src + ((<usize>o * <usize>srcOuterStride) << 2);
    const d = dst + ((<usize>o * <usize>dstOuterStride) << 2);
    for (let cb = 0; cb < blocks; cb++) {
      unpack4BlockB32(s + ((<usize>cb * <usize>srcBlockStride) << 2), d + ((<usize>(cb * 4) * <usize>planeStride) << 2),
        <usize>planeStride << 2, hw, min(4, chans - cb * 4));
    }
  }
}

export function relayout_unpack8_b32(
  src: usize, dst: usize, outer: i32, srcOuterStride: i32, dstOuterStride: i32, chans: i32, hw: i32,
  srcBlockStride: i32, planeStride: i32,
): void {
  const blocks = (chans + 7) >> 3;
  for (let o = 0; o < outer; o++) {
    const s = src + ((<usize>o * <usize>srcOuterStride) << 2);
    const d = dst + ((<usize>o * <usize>dstOuterStride) << 2);
    for (let cb = 0; cb < blocks; cb++) {
      unpack8BlockB32(s + ((<usize>cb * <usize>srcBlockStride) << 2), d + ((<usize>(cb * 8) * <usize>planeStride) << 2),
        <usize>planeStride << 2, hw, min(8, chans - cb * 8));
    }
  }
}
