// Channel unpacking: NCHWP-like blocks (P = 4 or 8) -> NCHW-like planes, for 1-byte and 4-byte elements.
//
//   for o < outer, c < chans, i < hw:   (cb = c / P, p = c % P)
//     dst[o*dstOuterStride + c*planeStride + i] = src[o*srcOuterStride + cb*srcBlockStride + i*P + p]
//
// Strides in elements. Channels >= chans of the last block are dropped (NCHW4_NCHW with oc, NCHW44_NCHW);
// grouped NCHW4_NCHW whose groups start on a block boundary uses outer = N*group. NHWCD4_NCHW uses outer = H
// with planeStride = H*W. Only planes c < chans are written; loop tails are scalar.
import { lo8, hi8, transpose4x32Store } from './shuffles';

// Why only byte interleaves: V8 (Node 20) rebuilds the constant of every general byte shuffle (pshufb mask)
// inside the loop, four instructions each time, while the interleave patterns are single instructions. A
// round of interleaves over pairs of vectors (k, k + V/2) rotates the bits of the element index (vector
// bits, then byte bits) left by one, and unpacking a block is a rotation of that index:
//   P = 4: 4 vectors, index [j1 j0 | p1 p0 c1 c0] -> [c1 c0 | j1 j0 p1 p0]: rotate left by 4 = 4 rounds;
//   P = 8: 8 vectors, index [j2 j1 j0 | p0 c2 c1 c0] -> [c2 c1 c0 | j2 j1 j0 p0]: rotate left by 4 = 4 rounds;
// after which vector c holds channel c for 16 consecutive positions. 16 interleaves per 64 bytes measured
// faster here than 4 pshufb + 8 interleaves (see docs/relayout.md).

// Four rounds on four vectors: in (4 positions x 4 channels each), out (16 positions of one channel each).
// The rounds are written out: a wasm loop costs V8 an interrupt check per iteration.
@inline function unpack4Store(q: usize, d0: usize, d1: usize, d2: usize, d3: usize, valid: i32, full: bool): void {
  const v0 = v128.load(q), v1 = v128.load(q, 16), v2 = v128.load(q, 32), v3 = v128.load(q, 48);
  const a0 = lo8(v0, v2), b0 = hi8(v0, v2), c0 = lo8(v1, v3), e0 = hi8(v1, v3);
  const a1 = lo8(a0, c0), b1 = hi8(a0, c0), c1 = lo8(b0, e0), e1 = hi8(b0, e0);
  const a2 = lo8(a1, c1), b2 = hi8(a1, c1), c2 = lo8(b1, e1), e2 = hi8(b1, e1);
  const a3 = lo8(a2, c2), b3 = hi8(a2, c2), c3 = lo8(b2, e2), e3 = hi8(b2, e2);
  v128.store(d0, a3);
  if (full || valid > 1) v128.store(d1, b3);
  if (full || valid > 2) v128.store(d2, c3);
  if (full) v128.store(d3, e3);
}

function unpack4BlockB8(s: usize, d: usize, ps: usize, hw: i32, valid: i32): void {
  let i = 0;
  const d1 = d + ps, d2 = d + 2 * ps, d3 = d + 3 * ps;
  if (valid >= 4) {
    // Two independent 16-position steps per iteration: halves the loop overhead (measured +30%).
    for (; i + 32 <= hw; i += 32) {
      const o = <usize>i;
      const q = s + (o << 2);
      unpack4Store(q, d + o, d1 + o, d2 + o, d3 + o, 4, true);
      unpack4Store(q + 64, d + o + 16, d1 + o + 16, d2 + o + 16, d3 + o + 16, 4, true);
    }
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      unpack4Store(s + (o << 2), d + o, d1 + o, d2 + o, d3 + o, 4, true);
    }
  } else {
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      unpack4Store(s + (o << 2), d + o, d1 + o, d2 + o, d3 + o, valid, false);
    }
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
    const v0 = v128.load(q), v1 = v128.load(q, 16), v2 = v128.load(q, 32), v3 = v128.load(q, 48);
    const v4 = v128.load(q, 64), v5 = v128.load(q, 80), v6 = v128.load(q, 96), v7 = v128.load(q, 112);
    const r0_0 = lo8(v0, v4), r0_1 = hi8(v0, v4), r0_2 = lo8(v1, v5), r0_3 = hi8(v1, v5);
    const r0_4 = lo8(v2, v6), r0_5 = hi8(v2, v6), r0_6 = lo8(v3, v7), r0_7 = hi8(v3, v7);
    const r1_0 = lo8(r0_0, r0_4), r1_1 = hi8(r0_0, r0_4), r1_2 = lo8(r0_1, r0_5), r1_3 = hi8(r0_1, r0_5);
    const r1_4 = lo8(r0_2, r0_6), r1_5 = hi8(r0_2, r0_6), r1_6 = lo8(r0_3, r0_7), r1_7 = hi8(r0_3, r0_7);
    const r2_0 = lo8(r1_0, r1_4), r2_1 = hi8(r1_0, r1_4), r2_2 = lo8(r1_1, r1_5), r2_3 = hi8(r1_1, r1_5);
    const r2_4 = lo8(r1_2, r1_6), r2_5 = hi8(r1_2, r1_6), r2_6 = lo8(r1_3, r1_7), r2_7 = hi8(r1_3, r1_7);
    const r3_0 = lo8(r2_0, r2_4), r3_1 = hi8(r2_0, r2_4), r3_2 = lo8(r2_1, r2_5), r3_3 = hi8(r2_1, r2_5);
    const r3_4 = lo8(r2_2, r2_6), r3_5 = hi8(r2_2, r2_6), r3_6 = lo8(r2_3, r2_7), r3_7 = hi8(r2_3, r2_7);
    v128.store(d + o, r3_0);
    if (valid > 1) v128.store(d + ps + o, r3_1);
    if (valid > 2) v128.store(d + 2 * ps + o, r3_2);
    if (valid > 3) v128.store(d + 3 * ps + o, r3_3);
    if (valid > 4) v128.store(d + 4 * ps + o, r3_4);
    if (valid > 5) v128.store(d + 5 * ps + o, r3_5);
    if (valid > 6) v128.store(d + 6 * ps + o, r3_6);
    if (valid > 7) v128.store(d + 7 * ps + o, r3_7);
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
