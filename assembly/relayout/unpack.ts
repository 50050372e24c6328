// Channel unpacking: NCHWP-like blocks (P = 4 or 8) -> NCHW-like planes, for 1-byte and 4-byte elements.
//
//   for o < outer, c < chans, i < hw:   (cb = c / P, p = c % P)
//     dst[o*dstOuterStride + c*planeStride + i] = src[o*srcOuterStride + cb*srcBlockStride + i*P + p]
//
// Strides in elements. Channels >= chans of the last block are dropped (NCHW4_NCHW with oc, NCHW44_NCHW);
// grouped NCHW4_NCHW whose groups start on a block boundary uses outer = N*group. NHWCD4_NCHW uses outer = H
// with planeStride = H*W. Only planes c < chans are written; loop tails are scalar.
import { lo8, hi8, lo32, hi32, lo64, hi64, transpose4x32Store } from './shuffles';

// How the byte blocks are unpacked, and why this way (measured with V8 11.3 / Node 20 on x64):
//  - an i8x16.shuffle of one vector becomes a pshufb whose mask V8 rebuilds for every shuffle (four
//    instructions), but i8x16.swizzle with a constant mask becomes a bare pshufb whose mask is built once
//    per loop iteration and shared by every swizzle in it;
//  - the interleave patterns (lo8/hi8/lo32/hi32/lo64/hi64) are single punpck* instructions;
//  - every iteration of a wasm loop pays an interrupt check, and the bound here is the instruction count.
// So a full 4-channel block takes, per 16 positions (64 bytes): one swizzle per vector, grouping its bytes
// by channel (4 positions of channel c in 32-bit unit c), then a 4x4 transpose of 32-bit units (8
// interleaves) giving one vector per channel: 12 shuffles. Sixteen (then eight, then one) such steps per loop
// iteration: from 27 GB/s for a plain byChannel + transpose loop to ~54 GB/s on NCHW44 -> NCHW int8
// 1x64x56x56 (x8: ~52).
// The last, partial block of NCHW4_NCHW (oc % 4 != 0) uses four rounds of byte interleaves instead: a round
// over pairs (v[k], v[k+2]) rotates the bits of the element index [vector | byte] left by one, and
// [j1 j0 | p1 p0 c1 c0] -> [c1 c0 | j1 j0 p1 p0] is a rotation by four (no constant at all).

@inline function byChannel4(v: v128): v128 {
  return i8x16.swizzle(v, v128(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
}

// 16 positions of a full block: 64 bytes at q -> 16 bytes at each of d0..d3.
@inline function unpack4Full(q: usize, d0: usize, d1: usize, d2: usize, d3: usize): void {
  const q0 = byChannel4(v128.load(q)), q1 = byChannel4(v128.load(q, 16));
  const q2 = byChannel4(v128.load(q, 32)), q3 = byChannel4(v128.load(q, 48));
  const t0 = lo32(q0, q1), t1 = hi32(q0, q1), t2 = lo32(q2, q3), t3 = hi32(q2, q3);
  v128.store(d0, lo64(t0, t2));
  v128.store(d1, hi64(t0, t2));
  v128.store(d2, lo64(t1, t3));
  v128.store(d3, hi64(t1, t3));
}

// 16 positions of a partial block (valid < 4 channels): four interleave rounds, written out.
@inline function unpack4Partial(q: usize, d0: usize, d1: usize, d2: usize, valid: i32): void {
  const v0 = v128.load(q), v1 = v128.load(q, 16), v2 = v128.load(q, 32), v3 = v128.load(q, 48);
  const a0 = lo8(v0, v2), b0 = hi8(v0, v2), c0 = lo8(v1, v3), e0 = hi8(v1, v3);
  const a1 = lo8(a0, c0), b1 = hi8(a0, c0), c1 = lo8(b0, e0), e1 = hi8(b0, e0);
  const a2 = lo8(a1, c1), b2 = hi8(a1, c1), c2 = lo8(b1, e1), e2 = hi8(b1, e1);
  v128.store(d0, lo8(a2, c2));
  if (valid > 1) v128.store(d1, hi8(a2, c2));
  if (valid > 2) v128.store(d2, lo8(b2, e2));
}

function unpack4BlockB8(s: usize, d: usize, ps: usize, hw: i32, valid: i32): void {
  let i = 0;
  const d1 = d + ps, d2 = d + 2 * ps, d3 = d + 3 * ps;
  if (valid >= 4) {
    for (; i + 256 <= hw; i += 256) {
      const o = <usize>i;
      const q = s + (o << 2);
      unpack4Full(q + 0, d + o + 0, d1 + o + 0, d2 + o + 0, d3 + o + 0);
      unpack4Full(q + 64, d + o + 16, d1 + o + 16, d2 + o + 16, d3 + o + 16);
      unpack4Full(q + 128, d + o + 32, d1 + o + 32, d2 + o + 32, d3 + o + 32);
      unpack4Full(q + 192, d + o + 48, d1 + o + 48, d2 + o + 48, d3 + o + 48);
      unpack4Full(q + 256, d + o + 64, d1 + o + 64, d2 + o + 64, d3 + o + 64);
      unpack4Full(q + 320, d + o + 80, d1 + o + 80, d2 + o + 80, d3 + o + 80);
      unpack4Full(q + 384, d + o + 96, d1 + o + 96, d2 + o + 96, d3 + o + 96);
      unpack4Full(q + 448, d + o + 112, d1 + o + 112, d2 + o + 112, d3 + o + 112);
      unpack4Full(q + 512, d + o + 128, d1 + o + 128, d2 + o + 128, d3 + o + 128);
      unpack4Full(q + 576, d + o + 144, d1 + o + 144, d2 + o + 144, d3 + o + 144);
      unpack4Full(q + 640, d + o + 160, d1 + o + 160, d2 + o + 160, d3 + o + 160);
      unpack4Full(q + 704, d + o + 176, d1 + o + 176, d2 + o + 176, d3 + o + 176);
      unpack4Full(q + 768, d + o + 192, d1 + o + 192, d2 + o + 192, d3 + o + 192);
      unpack4Full(q + 832, d + o + 208, d1 + o + 208, d2 + o + 208, d3 + o + 208);
      unpack4Full(q + 896, d + o + 224, d1 + o + 224, d2 + o + 224, d3 + o + 224);
      unpack4Full(q + 960, d + o + 240, d1 + o + 240, d2 + o + 240, d3 + o + 240);
    }
    for (; i + 128 <= hw; i += 128) {
      const o = <usize>i;
      const q = s + (o << 2);
      unpack4Full(q, d + o, d1 + o, d2 + o, d3 + o);
      unpack4Full(q + 64, d + o + 16, d1 + o + 16, d2 + o + 16, d3 + o + 16);
      unpack4Full(q + 128, d + o + 32, d1 + o + 32, d2 + o + 32, d3 + o + 32);
      unpack4Full(q + 192, d + o + 48, d1 + o + 48, d2 + o + 48, d3 + o + 48);
      unpack4Full(q + 256, d + o + 64, d1 + o + 64, d2 + o + 64, d3 + o + 64);
      unpack4Full(q + 320, d + o + 80, d1 + o + 80, d2 + o + 80, d3 + o + 80);
      unpack4Full(q + 384, d + o + 96, d1 + o + 96, d2 + o + 96, d3 + o + 96);
      unpack4Full(q + 448, d + o + 112, d1 + o + 112, d2 + o + 112, d3 + o + 112);
    }
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      unpack4Full(s + (o << 2), d + o, d1 + o, d2 + o, d3 + o);
    }
  } else {
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      unpack4Partial(s + (o << 2), d + o, d1 + o, d2 + o, valid);
    }
  }
  for (; i < hw; i++) {
    const o = <usize>i;
    for (let r = 0; r < valid; r++) store<u8>(d + <usize>r * ps + o, load<u8>(s + (o << 2) + <usize>r));
  }
}

// 16 positions of an 8-channel block: 128 bytes at q -> 16 bytes in each of the `valid` planes d + r*ps.
@inline function unpack8Step(q: usize, d: usize, ps: usize, valid: i32, full: bool): void {
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
  v128.store(d, r3_0);
  if (full || valid > 1) v128.store(d + ps, r3_1);
  if (full || valid > 2) v128.store(d + 2 * ps, r3_2);
  if (full || valid > 3) v128.store(d + 3 * ps, r3_3);
  if (full || valid > 4) v128.store(d + 4 * ps, r3_4);
  if (full || valid > 5) v128.store(d + 5 * ps, r3_5);
  if (full || valid > 6) v128.store(d + 6 * ps, r3_6);
  if (full) v128.store(d + 7 * ps, r3_7);
}

function unpack8BlockB8(s: usize, d: usize, ps: usize, hw: i32, valid: i32): void {
  let i = 0;
  if (valid >= 8) {
    // Two steps per iteration (V8 checks for interrupts on every loop iteration).
    for (; i + 32 <= hw; i += 32) {
      const o = <usize>i;
      unpack8Step(s + (o << 3), d + o, ps, 8, true);
      unpack8Step(s + (o << 3) + 128, d + o + 16, ps, 8, true);
    }
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      unpack8Step(s + (o << 3), d + o, ps, 8, true);
    }
  } else {
    for (; i + 16 <= hw; i += 16) {
      const o = <usize>i;
      unpack8Step(s + (o << 3), d + o, ps, valid, false);
    }
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
