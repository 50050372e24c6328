// One task of a GEMM convolution (1x1 and im2col): batch n, group g, a panel of `panelPix` consecutive output
// pixels (flat index y * OW + x). The panel's im2col matrix B is packed into this thread's workspace slice, then
// every output-channel tile of the group runs over it (assembly/gemm/generated.ts), so the packed weights of a
// tile stay in cache while B streams by.
//
// K order: k = ((kh * FW + kw) * icbG + ib) * 4 + i, channel 4 * ib + i of the group (channels past ICPG are 0
// with weight 0). B panel: [pixel group][kb][j < npix] 32 bytes: i16 [v(k0), v(k1)] x 4 | [v(k2), v(k3)] x 4 with
// v = xs - zp (xs = raw ^ srcXor, the signed value; zp in that domain), so padding and absent channels are v = 0
// and the zero point costs nothing in the kernels. Pixels past the plane (the panel's last group) are 0.
// Workspace slice: [SCRATCH_BYTES accumulator scratch][B panel].
// Reads only src[0, N * IC * IH * IW); writes only dst elements of the panel's pixels and this group's channels.
import {
  CTX_SRCXOR, CTX_SRCZP, CTX_IC, CTX_ICPG, CTX_IH, CTX_IW, CTX_OH, CTX_OW, CTX_FH, CTX_FW, CTX_SH, CTX_SW, CTX_PT,
  CTX_PL, CTX_DH, CTX_DW, CTX_WEIGHTS, CTX_GROUPWEIGHTBYTES, CTX_MAINVARIANT, CTX_MAINNB, CTX_TAILVARIANT,
  CTX_TAILNB, CTX_KBN, CTX_PANELPIX, CTX_PACKMODE, CTX_ICBG, CTX_TILENPIX, CTX_OCPG, CTX_OCPGPAD, CTX_OC,
  CTX_INIT, CTX_BIAS, CTX_BIASMODE, CTX_DSTTYPE,
} from '../common/ctx';
import { gemmRun } from './generated';

export const GEMM_SCRATCH_BYTES: i32 = 512;

/** Stores the pair-broadcast form of the 4 i16 lanes at `v` lanes 0..3 (k0..k3) to o[0, 32). */
// @ts-ignore: decorator
@inline
function storePairs(o: usize, v: v128): void {
  v128.store(o, v128.shuffle<i32>(v, v, 0, 0, 0, 0), 0);
  v128.store(o, v128.shuffle<i32>(v, v, 1, 1, 1, 1), 16);
}

/** Same for lanes 4..7 (the second pixel of a widened 8-byte load). */
// @ts-ignore: decorator
@inline
function storePairsHi(o: usize, v: v128): void {
  v128.store(o, v128.shuffle<i32>(v, v, 2, 2, 2, 2), 0);
  v128.store(o, v128.shuffle<i32>(v, v, 3, 3, 3, 3), 16);
}

/** The signed value of a source byte minus the zero point. */
// @ts-ignore: decorator
@inline
function valueAt(p: usize, xor: i32, zp: i32): i32 {
  return (((<i32>load<u8>(p) ^ xor) << 24) >> 24) - zp;
}

/** Stores 4 scalar values (each in [-255, 255]) in the pair-broadcast form. */
// @ts-ignore: decorator
@inline
function storeScalars(o: usize, v0: i32, v1: i32, v2: i32, v3: i32): void {
  v128.store(o, i32x4.splat((v0 & 0xffff) | (v1 << 16)), 0);
  v128.store(o, i32x4.splat((v2 & 0xffff) | (v3 << 16)), 16);
}

/** Byte offset of pixel r (panel-relative) at K step kb in the B panel. */
// @ts-ignore: decorator
@inline
function bAt(r: i32, kb: i32, kbn: i32, npix: i32): usize {
  const q = r / npix;
  return <usize>(((q * kbn + kb) * npix + (r - q * npix)) << 5);
}

/** Mode 0: NCHW44 source, ICPG % 4 == 0, 1x1 stride 1 without padding: B pixel r is source pixel p0 + r. */
function packNchw44Direct(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, cnt: i32, kbn: i32, npix: i32): void {
  const xor = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const plane = load<i32>(ctx, CTX_IH) * load<i32>(ctx, CTX_IW);
  const icb = load<i32>(ctx, CTX_IC) >> 2;
  const icbG = load<i32>(ctx, CTX_ICBG);
  for (let kb: i32 = 0; kb < kbn; kb++) {
    const from = src + <usize>((((n * icb + g * icbG + kb) * plane) + p0) << 2);
    let r: i32 = 0;
    for (; r + 4 <= nv; r += 4) {
      const v = v128.xor(v128.load(from + <usize>(r << 2)), xor);
      const lo = i16x8.sub(i16x8.extend_low_i8x16_s(v), zp);
      const hi = i16x8.sub(i16x8.extend_high_i8x16_s(v), zp);
      storePairs(bp + bAt(r, kb, kbn, npix), lo);
      storePairsHi(bp + bAt(r + 1, kb, kbn, npix), lo);
      storePairs(bp + bAt(r + 2, kb, kbn, npix), hi);
      storePairsHi(bp + bAt(r + 3, kb, kbn, npix), hi);
    }
    for (; r < nv; r++) {
      const v = v128.xor(v128.load32_zero(from + <usize>(r << 2)), xor);
      storePairs(bp + bAt(r, kb, kbn, npix), i16x8.sub(i16x8.extend_low_i8x16_s(v), zp));
    }
    for (; r < cnt; r++) memory.fill(bp + bAt(r, kb, kbn, npix), 0, 32);
  }
}

/** Mode 1: NCHW44 source, ICPG % 4 == 0, any filter / stride / padding / dilation: one 4-byte pixel per (kb, r). */
function packNchw44Im2col(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, cnt: i32, kbn: i32, npix: i32): void {
  const xor = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const ow = load<i32>(ctx, CTX_OW);
  const fh = load<i32>(ctx, CTX_FH);
  const fw = load<i32>(ctx, CTX_FW);
  const sh = load<i32>(ctx, CTX_SH);
  const sw = load<i32>(ctx, CTX_SW);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const dh = load<i32>(ctx, CTX_DH);
  const dw = load<i32>(ctx, CTX_DW);
  const icb = load<i32>(ctx, CTX_IC) >> 2;
  const icbG = load<i32>(ctx, CTX_ICBG);
  const plane = ih * iw;
  let kb: i32 = 0;
  for (let kh: i32 = 0; kh < fh; kh++) {
    for (let kw: i32 = 0; kw < fw; kw++) {
      for (let ib: i32 = 0; ib < icbG; ib++) {
        const blockBase = src + <usize>(((n * icb + g * icbG + ib) * plane) << 2);
        let oy = p0 / ow;
        let ox = p0 - oy * ow;
        for (let r: i32 = 0; r < cnt; r++) {
          const o = bp + bAt(r, kb, kbn, npix);
          const y = oy * sh + kh * dh - pt;
          const x = ox * sw + kw * dw - pl;
          if (r < nv && <u32>y < <u32>ih && <u32>x < <u32>iw) {
            const v = v128.xor(v128.load32_zero(blockBase + <usize>((y * iw + x) << 2)), xor);
            storePairs(o, i16x8.sub(i16x8.extend_low_i8x16_s(v), zp));
          } else {
            memory.fill(o, 0, 32);
          }
          if (++ox == ow) {
            ox = 0;
            oy++;
          }
        }
        kb++;
      }
    }
  }
}

/** Mode 2: NCHW source, 1x1 stride 1 without padding: 4 channel planes gathered 4 pixels at a time. */
function packNchwDirect(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, cnt: i32, kbn: i32, npix: i32): void {
  const xorS = load<i32>(ctx, CTX_SRCXOR);
  const zpS = load<i32>(ctx, CTX_SRCZP);
  const xor = i8x16.splat(<i8>xorS);
  const zp = i16x8.splat(<i16>zpS);
  const plane = load<i32>(ctx, CTX_IH) * load<i32>(ctx, CTX_IW);
  const ic = load<i32>(ctx, CTX_IC);
  const icpg = load<i32>(ctx, CTX_ICPG);
  const pb = <usize>plane;
  for (let kb: i32 = 0; kb < kbn; kb++) {
    const c0 = 4 * kb; // first channel of this K step, within the group
    const nc = icpg - c0; // valid channels (>= 1)
    const base = src + <usize>((n * ic + g * icpg + c0) * plane + p0);
    const keep = keepMask(nc); // lanes of absent channels are zeroed after the subtraction
    let r: i32 = 0;
    for (; r + 4 <= nv; r += 4) {
      // rows: channel c's 4 pixels as one i32 lane
      let m = i32x4.splat(0);
      m = i32x4.replace_lane(m, 0, load<i32>(base + <usize>r));
      if (nc > 1) m = i32x4.replace_lane(m, 1, load<i32>(base + pb + <usize>r));
      if (nc > 2) m = i32x4.replace_lane(m, 2, load<i32>(base + 2 * pb + <usize>r));
      if (nc > 3) m = i32x4.replace_lane(m, 3, load<i32>(base + 3 * pb + <usize>r));
      // transpose 4 channels x 4 pixels -> 4 pixels x 4 channels
      const t = v128.xor(v128.swizzle(m, i8x16(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15)), xor);
      const lo = v128.and(i16x8.sub(i16x8.extend_low_i8x16_s(t), zp), keep);
      const hi = v128.and(i16x8.sub(i16x8.extend_high_i8x16_s(t), zp), keep);
      storePairs(bp + bAt(r, kb, kbn, npix), lo);
      storePairsHi(bp + bAt(r + 1, kb, kbn, npix), lo);
      storePairs(bp + bAt(r + 2, kb, kbn, npix), hi);
      storePairsHi(bp + bAt(r + 3, kb, kbn, npix), hi);
    }
    for (; r < nv; r++) {
      const a = base + <usize>r;
      storeScalars(
        bp + bAt(r, kb, kbn, npix),
        valueAt(a, xorS, zpS),
        nc > 1 ? valueAt(a + pb, xorS, zpS) : 0,
        nc > 2 ? valueAt(a + 2 * pb, xorS, zpS) : 0,
        nc > 3 ? valueAt(a + 3 * pb, xorS, zpS) : 0,
      );
    }
    for (; r < cnt; r++) memory.fill(bp + bAt(r, kb, kbn, npix), 0, 32);
  }
}

/** i16 lanes of two pixels x 4 channels kept for the first `nc` channels: lanes c and 4 + c for c < nc. */
// @ts-ignore: decorator
@inline
function keepMask(nc: i32): v128 {
  if (nc >= 4) return i16x8.splat(-1);
  if (nc == 3) return i16x8(-1, -1, -1, 0, -1, -1, -1, 0);
  if (nc == 2) return i16x8(-1, -1, 0, 0, -1, -1, 0, 0);
  return i16x8(-1, 0, 0, 0, -1, 0, 0, 0);
}

/** Modes 3 (NCHW) and 4 (NCHW44): any shape, any channel split: one channel at a time (the general gather). */
function packGather(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, cnt: i32, kbn: i32, npix: i32, nchw: bool): void {
  const xorS = load<i32>(ctx, CTX_SRCXOR);
  const zpS = load<i32>(ctx, CTX_SRCZP);
  const ic = load<i32>(ctx, CTX_IC);
  const icpg = load<i32>(ctx, CTX_ICPG);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const ow = load<i32>(ctx, CTX_OW);
  const fh = load<i32>(ctx, CTX_FH);
  const fw = load<i32>(ctx, CTX_FW);
  const sh = load<i32>(ctx, CTX_SH);
  const sw = load<i32>(ctx, CTX_SW);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const dh = load<i32>(ctx, CTX_DH);
  const dw = load<i32>(ctx, CTX_DW);
  const icbG = load<i32>(ctx, CTX_ICBG);
  const plane = ih * iw;
  let kb: i32 = 0;
  for (let kh: i32 = 0; kh < fh; kh++) {
    for (let kw: i32 = 0; kw < fw; kw++) {
      for (let ib: i32 = 0; ib < icbG; ib++) {
        const c0 = g * icpg + 4 * ib; // first source channel of this K step
        let nc = icpg - 4 * ib;
        if (nc > 4) nc = 4;
        let oy = p0 / ow;
        let ox = p0 - oy * ow;
        for (let r: i32 = 0; r < cnt; r++) {
          const o = bp + bAt(r, kb, kbn, npix);
          const y = oy * sh + kh * dh - pt;
          const x = ox * sw + kw * dw - pl;
          if (r < nv && <u32>y < <u32>ih && <u32>x < <u32>iw) {
            let v0 = 0, v1 = 0, v2 = 0, v3 = 0;
            const pix = y * iw + x;
            if (nchw) {
              const a = src + <usize>((n * ic + c0) * plane + pix);
              v0 = valueAt(a, xorS, zpS);
              if (nc > 1) v1 = valueAt(a + <usize>plane, xorS, zpS);
              if (nc > 2) v2 = valueAt(a + <usize>(2 * plane), xorS, zpS);
              if (nc > 3) v3 = valueAt(a + <usize>(3 * plane), xorS, zpS);
            } else {
              const nb = n * (ic >> 2);
              v0 = valueAt(src + <usize>((((nb + (c0 >> 2)) * plane + pix) << 2) + (c0 & 3)), xorS, zpS);
              if (nc > 1) v1 = valueAt(src + <usize>((((nb + ((c0 + 1) >> 2)) * plane + pix) << 2) + ((c0 + 1) & 3)), xorS, zpS);
              if (nc > 2) v2 = valueAt(src + <usize>((((nb + ((c0 + 2) >> 2)) * plane + pix) << 2) + ((c0 + 2) & 3)), xorS, zpS);
              if (nc > 3) v3 = valueAt(src + <usize>((((nb + ((c0 + 3) >> 2)) * plane + pix) << 2) + ((c0 + 3) & 3)), xorS, zpS);
            }
            storeScalars(o, v0, v1, v2, v3);
          } else {
            memory.fill(o, 0, 32);
          }
          if (++ox == ow) {
            ox = 0;
            oy++;
          }
        }
        kb++;
      }
    }
  }
}

export function convGemmTask(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, g: i32, panel: i32): void {
  const plane = load<i32>(ctx, CTX_OH) * load<i32>(ctx, CTX_OW);
  const panelPix = load<i32>(ctx, CTX_PANELPIX);
  const npix = load<i32>(ctx, CTX_TILENPIX);
  const kbn = load<i32>(ctx, CTX_KBN);
  const p0 = panel * panelPix;
  let nv = plane - p0;
  if (nv > panelPix) nv = panelPix;
  const groups = (nv + npix - 1) / npix;
  const cnt = groups * npix;
  const scratch = ws;
  const bp = ws + <usize>GEMM_SCRATCH_BYTES;

  const mode = load<i32>(ctx, CTX_PACKMODE);
  if (mode == 0) packNchw44Direct(ctx, bp, src, n, g, p0, nv, cnt, kbn, npix);
  else if (mode == 1) packNchw44Im2col(ctx, bp, src, n, g, p0, nv, cnt, kbn, npix);
  else if (mode == 2) packNchwDirect(ctx, bp, src, n, g, p0, nv, cnt, kbn, npix);
  else packGather(ctx, bp, src, n, g, p0, nv, cnt, kbn, npix, mode == 3);

  const ocpg = load<i32>(ctx, CTX_OCPG);
  const ocpgPad = load<i32>(ctx, CTX_OCPGPAD);
  const oc = load<i32>(ctx, CTX_OC);
  const mainNb = load<i32>(ctx, CTX_MAINNB);
  const tailNb = load<i32>(ctx, CTX_TAILNB);
  const mainId = load<i32>(ctx, CTX_MAINVARIANT);
  const tailId = load<i32>(ctx, CTX_TAILVARIANT);
  const ocbG = ocpgPad >> 2;
  const fullTiles = ocbG / mainNb;
  const nTiles = fullTiles + (ocbG % mainNb != 0 ? 1 : 0);
  const tileBytes = mainNb * kbn * 32;
  const weights = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>(g * load<i32>(ctx, CTX_GROUPWEIGHTBYTES));
  const init = <usize>load<i32>(ctx, CTX_INIT);
  const elem: i32 = load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1;
  const dstN = dst + <usize>(n * oc * plane * elem);
  const biasN = load<i32>(ctx, CTX_BIASMODE) == 2 ? <usize>load<i32>(ctx, CTX_BIAS) + <usize>(n * oc * plane * 4) : 0;
  for (let tile: i32 = 0; tile < nTiles; tile++) {
    const full = tile < fullTiles;
    const blk0 = tile * mainNb;
    const ch = g * ocpgPad + blk0 * 4;
    let nch = ocpg - blk0 * 4;
    const tileCh = (full ? mainNb : tailNb) * 4;
    if (nch > tileCh) nch = tileCh;
    gemmRun(
      full ? mainId : tailId, ctx, bp, groups, kbn, weights + <usize>(tile * tileBytes), init + <usize>(ch << 2), scratch,
      ch, g * ocpg + blk0 * 4, nch, p0, nv, dstN, biasN,
    );
  }
}
