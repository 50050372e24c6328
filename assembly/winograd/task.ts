// One task of the exact integer Winograd F(2, 3) convolution (3x3, stride 1, NCHW44 source; src/algos/winograd.ts;
// 5x5 and 7x7 filters as 2x2 or 3x3 blocks of 3x3 filters, zero-padded, whose products all go into the same sums):
// batch n, group g, a panel of `winoRows` tile rows (each tile is 2x2 output pixels and reads a 4x4 input patch), and
// one part of the group's output channels.
//
//   1. Input transform: for every tile and input-channel block of 4, V = B^T d B (d = xs - zp, so padding is 0),
//      |V| <= 4 * 255 fits i16. The 16 positions xi = 4 i + j of V go to 16 B panels, each in the pixel-lane GEMM
//      layout (a tile plays a pixel's part): panel xi, [micro-tile group][kb][j < npg] 32 bytes for 4 tiles,
//      i16 [v(t0,k0), v(t0,k1), v(t1,k0), ..., v(t3,k1)] | the same for k2, k3.
//   2. Per output-channel block of 4 and position xi: M_xi = U'_xi . V_xi over the input channels, by the pairs GEMM
//      micro-kernels (assembly/gemm/generated.ts gemm_s16p_*), with U' = G' g G'^T, G' = 2 G (integers, |U'| <= 1152).
//      The accumulators wrap modulo 2^32; what the output transform makes of them is 4 Y, which is exact as long as
//      the true 4 Y fits i32 (the algorithm takes at most 1824 input channels per group).
//   3. Output transform: 4 Y = A^T M A; Y = (4 Y) >> 2 (an exact division) plus the channel's accumulator start,
//      into 4 channel rows of the panel's output pixels, which finishRows requantizes and stores.
//
// Thread slice: [0, 16) zeros (the GEMM's accumulator start) | [16, 80) a spill area | [128, ...) 4 output rows of
// rowStride bytes | 64 M rows (xi * 4 + channel) of mStride bytes | at scratchBytes: the 16 B panels.
// Reads only src[0, N * IC * IH * IW); writes only the dst pixels of the panel's output rows and this part's channels.
import {
  CTX_SRCXOR, CTX_SRCZP, CTX_IC, CTX_IH, CTX_IW, CTX_OH, CTX_OW, CTX_PT, CTX_PL, CTX_WEIGHTS, CTX_GROUPWEIGHTBYTES,
  CTX_MAINVARIANT, CTX_MAINNB, CTX_MAINNARROW, CTX_KBN, CTX_ICBG, CTX_TILENPIX, CTX_OCPG, CTX_OCPGPAD, CTX_OC, CTX_INIT,
  CTX_BIAS, CTX_BIASMODE, CTX_DSTTYPE, CTX_SCRATCHBYTES, CTX_OCPARTS, CTX_WINOROWS, CTX_FH,
} from '../common/ctx';
import { finishRows } from '../common/finish';
import { gemmRun } from '../gemm/generated';

const HEADER: usize = 128;
const SPILL: usize = 16;

/** Byte offset of tile group q (4 tiles) at K step kb in one position's B panel. */
// @ts-ignore: decorator
@inline
function bAt(q: i32, kb: i32, kbn: i32, npg: i32): usize {
  const gq = q / npg;
  return <usize>(((gq * kbn + kb) * npg + (q - gq * npg)) << 5);
}

/** 4 source pixels x 4 channels of row iy from column ix (NCHW44 block plane at `base`), the pad word outside. */
// @ts-ignore: decorator
@inline
function patchRow(base: usize, iy: i32, ix: i32, ih: i32, iw: i32, pad: v128): v128 {
  if (<u32>iy >= <u32>ih) return pad;
  const row = base + <usize>((iy * iw) << 2);
  if (ix >= 0 && ix + 4 <= iw) return v128.load(row + <usize>(ix << 2));
  let v = pad;
  if (<u32>ix < <u32>iw) v = i32x4.replace_lane(v, 0, load<i32>(row + <usize>(ix << 2)));
  if (<u32>(ix + 1) < <u32>iw) v = i32x4.replace_lane(v, 1, load<i32>(row + <usize>((ix + 1) << 2)));
  if (<u32>(ix + 2) < <u32>iw) v = i32x4.replace_lane(v, 2, load<i32>(row + <usize>((ix + 2) << 2)));
  if (<u32>(ix + 3) < <u32>iw) v = i32x4.replace_lane(v, 3, load<i32>(row + <usize>((ix + 3) << 2)));
  return v;
}

/**
 * One row e of B^T d (as lo = columns 0, 1 and hi = columns 2, 3, 4 channels each) times B: V(i, 0..3) stored for
 * the tile at byte `at` of every position panel 4 i + j (bx bytes apart).
 */
// @ts-ignore: decorator
@inline
function columnsOut(lo: v128, hi: v128, at: usize, bx: usize): void {
  const f03 = i16x8.sub(lo, hi); // [c0 - c2 | c1 - c3] = [V(i,0) | V(i,3)]
  const x = v128.shuffle<i64>(lo, hi, 1, 2); // [c1 | c2]
  const y = v128.shuffle<i64>(x, x, 1, 0); // [c2 | c1]
  const f12 = v128.shuffle<i64>(i16x8.add(x, y), i16x8.sub(y, x), 0, 2); // [c1 + c2 | c2 - c1] = [V(i,1) | V(i,2)]
  v128.store32_lane(at, f03, 0);
  v128.store32_lane(at, f03, 1, 16);
  v128.store32_lane(at + bx, f12, 0);
  v128.store32_lane(at + bx, f12, 1, 16);
  v128.store32_lane(at + 2 * bx, f12, 2);
  v128.store32_lane(at + 2 * bx, f12, 3, 16);
  v128.store32_lane(at + 3 * bx, f03, 2);
  v128.store32_lane(at + 3 * bx, f03, 3, 16);
}

/** Step 1: the input transform of tile rows tr0 .. tr0 + nrows - 1 into the 16 B panels at bp (bx bytes each). */
function inputTransform(ctx: usize, src: usize, bp: usize, bx: usize, n: i32, g: i32, tr0: i32, nrows: i32, tw: i32, kbn: i32, npg: i32): void {
  const xorv = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const pad = i32x4.splat(((load<i32>(ctx, CTX_SRCZP) ^ load<i32>(ctx, CTX_SRCXOR)) & 0xff) * 0x01010101);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const icb = load<i32>(ctx, CTX_IC) >> 2;
  const icbG = load<i32>(ctx, CTX_ICBG);
  const blocks = (load<i32>(ctx, CTX_FH) + 2) / 3; // 3x3 blocks per filter side
  const plane = ih * iw;
  const row4: usize = bx << 2;
  // K step kb = (block a * blocks + block b) * icbG + channel block: block (a, b) reads the patch 3a rows down and 3b
  // columns right of the tile's own
  for (let kb: i32 = 0; kb < kbn; kb++) {
    const sub = kb / icbG;
    const cb = kb - sub * icbG;
    const ba = sub / blocks;
    const dy = 3 * ba;
    const dx = 3 * (sub - ba * blocks);
    const base = src + <usize>(((n * icb + g * icbG + cb) * plane) << 2);
    for (let r: i32 = 0; r < nrows; r++) {
      const iy = 2 * (tr0 + r) - pt + dy;
      for (let tx: i32 = 0; tx < tw; tx++) {
        const ix = 2 * tx - pl + dx;
        const t = r * tw + tx;
        const at = bp + bAt(t >> 2, kb, kbn, npg) + <usize>((t & 3) << 2);
        const r0 = v128.xor(patchRow(base, iy, ix, ih, iw, pad), xorv);
        const r1 = v128.xor(patchRow(base, iy + 1, ix, ih, iw, pad), xorv);
        const r2 = v128.xor(patchRow(base, iy + 2, ix, ih, iw, pad), xorv);
        const r3 = v128.xor(patchRow(base, iy + 3, ix, ih, iw, pad), xorv);
        const d0l = i16x8.sub(i16x8.extend_low_i8x16_s(r0), zp);
        const d0h = i16x8.sub(i16x8.extend_high_i8x16_s(r0), zp);
        const d1l = i16x8.sub(i16x8.extend_low_i8x16_s(r1), zp);
        const d1h = i16x8.sub(i16x8.extend_high_i8x16_s(r1), zp);
        const d2l = i16x8.sub(i16x8.extend_low_i8x16_s(r2), zp);
        const d2h = i16x8.sub(i16x8.extend_high_i8x16_s(r2), zp);
        const d3l = i16x8.sub(i16x8.extend_low_i8x16_s(r3), zp);
        const d3h = i16x8.sub(i16x8.extend_high_i8x16_s(r3), zp);
        // rows of B^T d: d0 - d2, d1 + d2, d2 - d1, d1 - d3
        columnsOut(i16x8.sub(d0l, d2l), i16x8.sub(d0h, d2h), at, bx);
        columnsOut(i16x8.add(d1l, d2l), i16x8.add(d1h, d2h), at + row4, bx);
        columnsOut(i16x8.sub(d2l, d1l), i16x8.sub(d2h, d1h), at + 2 * row4, bx);
        columnsOut(i16x8.sub(d1l, d3l), i16x8.sub(d1h, d3h), at + 3 * row4, bx);
      }
    }
  }
}

/**
 * Step 3 for one channel: Y of the panel's tiles (M rows of position xi at m + xi * 4 * mStride) plus the
 * accumulator start, into the output row buffer `out` (local pixel (y, x) at (y * ow + x) * 4).
 */
function outputTransform(m: usize, mStride: i32, out: usize, spill: usize, init: i32, tr0: i32, nrows: i32, tw: i32, oh: i32, ow: i32): void {
  const start = i32x4.splat(init);
  const ms = <usize>(mStride << 2); // bytes between positions of one channel
  for (let r: i32 = 0; r < nrows; r++) {
    const second = 2 * (tr0 + r) + 1 < oh;
    const o0 = out + <usize>((2 * r * ow) << 2);
    const o1 = o0 + <usize>(ow << 2);
    for (let tx: i32 = 0; tx < tw; tx += 4) {
      const p = m + <usize>((r * tw + tx) << 2);
      // rows of A^T M: m0 + m1 + m2 and m1 - m2 - m3, per column j
      const m10 = v128.load(p + 4 * ms);
      const m11 = v128.load(p + 5 * ms);
      const m12 = v128.load(p + 6 * ms);
      const m13 = v128.load(p + 7 * ms);
      const m20 = v128.load(p + 8 * ms);
      const m21 = v128.load(p + 9 * ms);
      const m22 = v128.load(p + 10 * ms);
      const m23 = v128.load(p + 11 * ms);
      const s0 = i32x4.add(m10, m20);
      const s1 = i32x4.add(m11, m21);
      const s2 = i32x4.add(m12, m22);
      const s3 = i32x4.add(m13, m23);
      const d0 = i32x4.sub(m10, m20);
      const d1 = i32x4.sub(m11, m21);
      const d2 = i32x4.sub(m12, m22);
      const d3 = i32x4.sub(m13, m23);
      const a0 = i32x4.add(s0, v128.load(p));
      const a1 = i32x4.add(s1, v128.load(p + ms));
      const a2 = i32x4.add(s2, v128.load(p + 2 * ms));
      const a3 = i32x4.add(s3, v128.load(p + 3 * ms));
      const b0 = i32x4.sub(d0, v128.load(p + 12 * ms));
      const b1 = i32x4.sub(d1, v128.load(p + 13 * ms));
      const b2 = i32x4.sub(d2, v128.load(p + 14 * ms));
      const b3 = i32x4.sub(d3, v128.load(p + 15 * ms));
      // times A: columns c0 + c1 + c2 and c1 - c2 - c3; 4 Y >> 2 = Y
      const y00 = i32x4.add(i32x4.shr_s(i32x4.add(i32x4.add(a0, a1), a2), 2), start);
      const y01 = i32x4.add(i32x4.shr_s(i32x4.sub(i32x4.sub(a1, a2), a3), 2), start);
      const y10 = i32x4.add(i32x4.shr_s(i32x4.add(i32x4.add(b0, b1), b2), 2), start);
      const y11 = i32x4.add(i32x4.shr_s(i32x4.sub(i32x4.sub(b1, b2), b3), 2), start);
      const x = tx << 1;
      if (x + 8 <= ow) {
        // 4 tiles = 8 consecutive pixels of each of the two output rows
        v128.store(o0 + <usize>(x << 2), v128.shuffle<i32>(y00, y01, 0, 4, 1, 5));
        v128.store(o0 + <usize>(x << 2), v128.shuffle<i32>(y00, y01, 2, 6, 3, 7), 16);
        if (second) {
          v128.store(o1 + <usize>(x << 2), v128.shuffle<i32>(y10, y11, 0, 4, 1, 5));
          v128.store(o1 + <usize>(x << 2), v128.shuffle<i32>(y10, y11, 2, 6, 3, 7), 16);
        }
      } else {
        // the row's last tiles: only the pixels inside the output
        v128.store(spill, y00);
        v128.store(spill, y01, 16);
        v128.store(spill, y10, 32);
        v128.store(spill, y11, 48);
        let lanes = tw - tx;
        if (lanes > 4) lanes = 4;
        for (let l: i32 = 0; l < lanes; l++) {
          const xl = x + 2 * l;
          const l4 = <usize>(l << 2);
          store<i32>(o0 + <usize>(xl << 2), load<i32>(spill + l4));
          if (xl + 1 < ow) store<i32>(o0 + <usize>((xl + 1) << 2), load<i32>(spill + l4, 16));
          if (second) {
            store<i32>(o1 + <usize>(xl << 2), load<i32>(spill + l4, 32));
            if (xl + 1 < ow) store<i32>(o1 + <usize>((xl + 1) << 2), load<i32>(spill + l4, 48));
          }
        }
      }
    }
  }
}

/** The task: pp = part * panels + panel. */
export function convWinogradTask(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, g: i32, pp: i32): void {
  const oh = load<i32>(ctx, CTX_OH);
  const ow = load<i32>(ctx, CTX_OW);
  const th = (oh + 1) >> 1;
  const tw = (ow + 1) >> 1;
  const wr = load<i32>(ctx, CTX_WINOROWS);
  const panels = (th + wr - 1) / wr;
  const part = pp / panels;
  const panel = pp - part * panels;
  const tr0 = panel * wr;
  let nrows = th - tr0;
  if (nrows > wr) nrows = wr;
  const ntiles = nrows * tw;
  const npix = load<i32>(ctx, CTX_TILENPIX);
  const npg = npix >> 2;
  const micro = (ntiles + npix - 1) / npix;
  const kbn = load<i32>(ctx, CTX_KBN);
  const mStride = (micro * npix + 4) << 2; // bytes per M row (4 tiles of slack for the output transform's loads)
  // bytes per position panel: a multiple of 4 KiB plus 64, so that the 16 panels of one tile's stores do not all
  // fall in one L1 set (src/algos/winograd.ts panelBytes)
  const bx = <usize>((((micro * npix * kbn * 8) + 4095) & ~4095) + 64);
  const rowStrideMax = ((2 * wr * ow + 3) & ~3) << 2;
  const zero = ws;
  const spill = ws + SPILL;
  const rows = ws + HEADER;
  const mBase = rows + <usize>(4 * rowStrideMax);
  const bp = ws + <usize>load<i32>(ctx, CTX_SCRATCHBYTES);
  v128.store(zero, i32x4.splat(0));

  inputTransform(ctx, src, bp, bx, n, g, tr0, nrows, tw, kbn, npg);

  const ocpg = load<i32>(ctx, CTX_OCPG);
  const ocpgPad = load<i32>(ctx, CTX_OCPGPAD);
  const oc = load<i32>(ctx, CTX_OC);
  const noc = load<i32>(ctx, CTX_MAINNB);
  const mainId = load<i32>(ctx, CTX_MAINVARIANT);
  const narrowId = load<i32>(ctx, CTX_MAINNARROW);
  const chanBytes = kbn << 3; // packed weights per (position, output channel)
  const posBytes = <usize>(chanBytes << 2); // per (block of 4 channels, position)
  const weights = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>(g * load<i32>(ctx, CTX_GROUPWEIGHTBYTES));
  const init = <usize>load<i32>(ctx, CTX_INIT) + <usize>((g * ocpgPad) << 2);
  const elem: i32 = load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1;
  const plane = oh * ow;
  const dstN = dst + <usize>(n * oc * plane * elem);
  const biasN = load<i32>(ctx, CTX_BIASMODE) == 2 ? <usize>load<i32>(ctx, CTX_BIAS) + <usize>(n * oc * plane * 4) : 0;
  const pix0 = 2 * tr0 * ow;
  let yEnd = 2 * (tr0 + nrows);
  if (yEnd > oh) yEnd = oh;
  const npv = (yEnd - 2 * tr0) * ow;
  const rowStride = ((npv + 3) & ~3) << 2;

  // micro-tiles of npix tiles, the last 1-4 tiles by the 1-group kernel
  const bstep = npg << 5;
  const narrow = npg > 1 && ntiles - (micro - 1) * npix <= 4;
  const full = narrow ? micro - 1 : micro;
  const lastB = <usize>(full * kbn * bstep);
  const lastRows = <usize>(full * npix * 4);

  const parts = load<i32>(ctx, CTX_OCPARTS);
  const blocks = ocpg >> 2;
  const perPart = (blocks + parts - 1) / parts;
  let cEnd = (part + 1) * perPart * 4;
  if (cEnd > ocpg) cEnd = ocpg;
  for (let c0 = part * perPart * 4; c0 < cEnd; c0 += 4) {
    for (let xi: i32 = 0; xi < 16; xi++) {
      const b = bp + <usize>xi * bx;
      for (let c: i32 = 0; c < 4; c += noc) {
        const w = weights + <usize>((c0 << 2) + xi) * posBytes + <usize>(c * chanBytes);
        const rc = mBase + <usize>((xi * 4 + c) * mStride);
        if (full > 0) gemmRun(mainId, b, full, kbn, w, zero, rc, mStride, bstep, kbn * bstep);
        if (narrow) gemmRun(narrowId, b + lastB, 1, kbn, w, zero, rc + lastRows, mStride, bstep, kbn * bstep);
      }
    }
    for (let c: i32 = 0; c < 4; c++) {
      outputTransform(mBase + <usize>(c * mStride), mStride, rows + <usize>(c * rowStride), spill,
        load<i32>(init + <usize>((c0 + c) << 2)), tr0, nrows, tw, oh, ow);
    }
    finishRows(ctx, rows, rowStride, g * ocpgPad + c0, g * ocpg + c0, 4, pix0, npv, dstN, biasN);
  }
}
