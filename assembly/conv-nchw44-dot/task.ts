// One task of the NCHW44 dot convolution: batch n, group g, output-row tile t (docs/conv.md#nchw44-direct-dot).
// Reads:  src NCHW44 {N, G*ICB, IH, IW, 4} int8 (srcKind 0) or NCHW {N, IC<4, IH, IW} int8 (srcKind 1, G == 1)
// Writes: dst NCHW44 {N, G*OCPG/4, OH, OW, 4} or NCHW, int8 / uint8 / int32; rows [t*ohTile, t*ohTile + ohN) of (n, g)
// only. (An NCHW source is first relayouted to NCHW44 by nchwToNchw44 below; OCPG may then be any count.)
// Workspace (this thread's slice): [scratchBytes accumulator scratch: one output row of a tile][packed input rows]
//   packed[ib][r][p] = the packed pixel p of padded row r (row 0 = source row oh0*S - PT):
//     SIMD128 kernels, 8 bytes: i16 v = xs - zp: [v0, v1, v2, v3] (the kernels' load32_splat broadcasts each pair)
//     relaxed kernels, 32 bytes: u = xs + 128 (= xs ^ 0x80), u8 [u0&127, u1&127, u2&127, u3&127] x 4 | [u0>>7 .. u3>>7] x 4
//   or 4 bytes for the relaxed dot8 kernels (ctx relaxed == 2): b = xs ^ dotXor per channel (usdot: dotXor = 0x80,
//     the unsigned u = xs + 128; sdot: 0, xs itself), broadcast by the kernel's load32_splat
//   (xs = raw ^ srcXor: the signed value of an int8 or uint8 source; zp its zero point in that domain.)
//   Pixels outside the image hold the zero point (SIMD128: v = 0; relaxed: u = zp + 128, whose products the
//   accumulator start removes with -(zp + 128) * sum(w); dot8: (zp ^ dotXor), removed with -(zp + off) * sum(w),
//   off = 128 for usdot, 0 for sdot). Every byte a kernel may read is written by this task, so
//   stale workspace never reaches an output.
import {
  CTX_DSTTYPE, CTX_BIASMODE, CTX_ICB, CTX_ICPG, CTX_SRCKIND, CTX_IH, CTX_IW, CTX_OCPG, CTX_GROUP, CTX_OH,
  CTX_OW, CTX_FH, CTX_SH, CTX_PT, CTX_PL, CTX_OHTILE, CTX_IWP, CTX_WEIGHTS, CTX_GROUPWEIGHTBYTES, CTX_BIAS, CTX_TAPWEIGHTBYTES,
  CTX_MAINVARIANT, CTX_MAINNB, CTX_TAILVARIANT, CTX_TAILNB, CTX_FW, CTX_INIT, CTX_RELAXED, CTX_SRCXOR, CTX_SRCZP,
  CTX_OC, CTX_SCRATCHBYTES, CTX_OCPGPAD, CTX_IC, CTX_OCPARTS, CTX_DOTXOR,
} from '../common/ctx';
import { convNchw44DotRow } from './generated';

/** Widens `count` NCHW44 pixels (4 channels each) to 8-byte i16 [v0, v1, v2, v3] of v = xs - zp. */
function expandPixels44(out: usize, src: usize, count: i32, xor: v128, zp: v128): void {
  let p: i32 = 0;
  for (; p + 4 <= count; p += 4) {
    const v = v128.xor(v128.load(src + <usize>(p * 4)), xor);
    const o = out + <usize>(p * 8);
    v128.store(o, i16x8.sub(i16x8.extend_low_i8x16_s(v), zp), 0);
    v128.store(o, i16x8.sub(i16x8.extend_high_i8x16_s(v), zp), 16);
  }
  for (; p < count; p++) {
    const lo = i16x8.sub(i16x8.extend_low_i8x16_s(v128.xor(v128.load32_zero(src + <usize>(p * 4)), xor)), zp);
    v128.store64_lane(out + <usize>(p * 8), lo, 0);
  }
}

/** Relaxed-kernel packing of `count` NCHW44 pixels: the 7-bit and 1-bit parts of u = xs + 128, each broadcast.
 *  `xor` is srcXor ^ 0x80 in every byte. */
function expandPixels44Relaxed(out: usize, src: usize, count: i32, xor: v128): void {
  const m7 = i8x16.splat(127);
  let p: i32 = 0;
  for (; p + 4 <= count; p += 4) {
    const u = v128.xor(v128.load(src + <usize>(p * 4)), xor);
    const lo = v128.and(u, m7);
    const hi = i8x16.shr_u(u, 7);
    const o = out + <usize>(p * 32);
    v128.store(o, v128.shuffle<i32>(lo, lo, 0, 0, 0, 0), 0);
    v128.store(o, v128.shuffle<i32>(hi, hi, 0, 0, 0, 0), 16);
    v128.store(o, v128.shuffle<i32>(lo, lo, 1, 1, 1, 1), 32);
    v128.store(o, v128.shuffle<i32>(hi, hi, 1, 1, 1, 1), 48);
    v128.store(o, v128.shuffle<i32>(lo, lo, 2, 2, 2, 2), 64);
    v128.store(o, v128.shuffle<i32>(hi, hi, 2, 2, 2, 2), 80);
    v128.store(o, v128.shuffle<i32>(lo, lo, 3, 3, 3, 3), 96);
    v128.store(o, v128.shuffle<i32>(hi, hi, 3, 3, 3, 3), 112);
  }
  for (; p < count; p++) {
    const u = v128.xor(v128.load32_zero(src + <usize>(p * 4)), xor);
    const o = out + <usize>(p * 32);
    v128.store(o, v128.shuffle<i32>(v128.and(u, m7), u, 0, 0, 0, 0), 0);
    v128.store(o, v128.shuffle<i32>(i8x16.shr_u(u, 7), u, 0, 0, 0, 0), 16);
  }
}

/** Dot8 packing of `count` NCHW44 pixels: 4 bytes each, raw ^ xor (xor = srcXor ^ dotXor in every byte). */
function copyPixels44Dot8(out: usize, src: usize, count: i32, xor: v128): void {
  let p: i32 = 0;
  for (; p + 4 <= count; p += 4) v128.store(out + <usize>(p * 4), v128.xor(v128.load(src + <usize>(p * 4)), xor));
  const x = i32x4.extract_lane(xor, 0);
  for (; p < count; p++) store<i32>(out + <usize>(p * 4), load<i32>(src + <usize>(p * 4)) ^ x);
}

/** Dot8: `count` packed pixels of the zero point's byte `zb` (zp ^ dotXor) in every channel. */
function fillZeroPixelsDot8(out: usize, count: i32, zb: i32): void {
  memory.fill(out, <u8>zb, <usize>(count * 4));
}

/** Writes the encoding of the zero point into `count` packed pixels (relaxed: u = zpU, in [0, 255]). */
function fillZeroPixels(out: usize, count: i32, relaxed: bool, zpU: i32): void {
  if (!relaxed) {
    memory.fill(out, 0, <usize>(count * 8));
    return;
  }
  const lo = i8x16.splat(<i8>(zpU & 127));
  const hi = i8x16.splat(<i8>(zpU >> 7));
  for (let p: i32 = 0; p < count; p++) {
    v128.store(out + <usize>(p * 32), lo, 0);
    v128.store(out + <usize>(p * 32), hi, 16);
  }
}

/**
 * Dot8 packing of an NCHW source with c < 4 channels: byte i = raw_i ^ xor (srcXor ^ dotXor); absent channels 0.
 * 16 pixels a step: the planes' bytes interleaved by two rounds of unpacking (bytes of channels 0 and 1, and of
 * channel 2 and zero, then their 16-bit pairs), four 16-byte stores; the last count % 16 pixels one at a time.
 */
function copyPixelsNchwDot8(out: usize, src: usize, planeStride: i32, c: i32, count: i32, xor: i32): void {
  const xv = i8x16.splat(<i8>xor);
  const z = i8x16.splat(0);
  let p: i32 = 0;
  for (; p + 16 <= count; p += 16) {
    const s = src + <usize>p;
    const c0 = v128.xor(v128.load(s), xv);
    const c1 = c > 1 ? v128.xor(v128.load(s + <usize>planeStride), xv) : z;
    const c2 = c > 2 ? v128.xor(v128.load(s + <usize>(2 * planeStride)), xv) : z;
    const l01 = i8x16.shuffle(c0, c1, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const h01 = i8x16.shuffle(c0, c1, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    const l2 = i8x16.shuffle(c2, z, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const h2 = i8x16.shuffle(c2, z, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    const o = out + <usize>(p * 4);
    v128.store(o, i8x16.shuffle(l01, l2, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23), 0);
    v128.store(o, i8x16.shuffle(l01, l2, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31), 16);
    v128.store(o, i8x16.shuffle(h01, h2, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23), 32);
    v128.store(o, i8x16.shuffle(h01, h2, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31), 48);
  }
  for (; p < count; p++) {
    const s = src + <usize>p;
    let b = (<i32>load<u8>(s) ^ xor) & 0xff;
    if (c > 1) b |= ((<i32>load<u8>(s + <usize>planeStride) ^ xor) & 0xff) << 8;
    if (c > 2) b |= ((<i32>load<u8>(s + <usize>(2 * planeStride)) ^ xor) & 0xff) << 16;
    store<i32>(out + <usize>(p * 4), b);
  }
}

/** The signed value xs of a source byte: raw ^ srcXor, as int8. */
// @ts-ignore: decorator
@inline
function signedAt(p: usize, xor: i32): i32 {
  return ((<i32>load<u8>(p) ^ xor) << 24) >> 24;
}

/**
 * Same for an NCHW source with c < 4 channels (planes `planeStride` bytes apart). Missing channels (their weights
 * are 0) are packed as v = 0 (SIMD128) or u = 128 (relaxed).
 */
function expandPixelsNchw(out: usize, src: usize, planeStride: i32, c: i32, count: i32, relaxed: bool, xor: i32, zp: i32): void {
  for (let p: i32 = 0; p < count; p++) {
    const s = src + <usize>p;
    const o = out + <usize>(p * (relaxed ? 32 : 8));
    if (relaxed) {
      const x0 = signedAt(s, xor);
      const x1 = c > 1 ? signedAt(s + <usize>planeStride, xor) : 0;
      const x2 = c > 2 ? signedAt(s + <usize>(2 * planeStride), xor) : 0;
      // u = xs + 128 per channel (channel 3 is absent: u = 128); bytes c0..c3 of one i32
      const u = ((x0 + 128) & 0xff) | (((x1 + 128) & 0xff) << 8) | (((x2 + 128) & 0xff) << 16) | (128 << 24);
      v128.store(o, i32x4.splat(u & 0x7f7f7f7f), 0);
      v128.store(o, i32x4.splat((u >>> 7) & 0x01010101), 16);
    } else {
      const v0 = signedAt(s, xor) - zp;
      const v1 = c > 1 ? signedAt(s + <usize>planeStride, xor) - zp : 0;
      const v2 = c > 2 ? signedAt(s + <usize>(2 * planeStride), xor) - zp : 0;
      store<i32>(o, (v0 & 0xffff) | (v1 << 16), 0);
      store<i32>(o, v2 & 0xffff, 4);
    }
  }
}

export function convNchw44DotTask(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, g: i32, pt: i32): void {
  // pt = part * ohTiles + row tile: this task's rows, and its share of the output-channel tiles
  const ohTiles = (load<i32>(ctx, CTX_OH) + load<i32>(ctx, CTX_OHTILE) - 1) / load<i32>(ctx, CTX_OHTILE);
  const part = pt / ohTiles;
  const t = pt - part * ohTiles;
  const icb = load<i32>(ctx, CTX_ICB);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const ocpg = load<i32>(ctx, CTX_OCPG);
  const groups = load<i32>(ctx, CTX_GROUP);
  const oh = load<i32>(ctx, CTX_OH);
  const ow = load<i32>(ctx, CTX_OW);
  const fh = load<i32>(ctx, CTX_FH);
  const s = load<i32>(ctx, CTX_SH);
  const ph = load<i32>(ctx, CTX_PT);
  const pw = load<i32>(ctx, CTX_PL);
  const ohTile = load<i32>(ctx, CTX_OHTILE);
  const iwp = load<i32>(ctx, CTX_IWP);
  const dstElem: i32 = load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1;
  const biasMode = load<i32>(ctx, CTX_BIASMODE);

  const oh0 = t * ohTile;
  let ohN = oh - oh0;
  if (ohN > ohTile) ohN = ohTile;
  const ihN = (ohN - 1) * s + fh; // padded rows this task reads
  const mode = load<i32>(ctx, CTX_RELAXED); // 0 SIMD128, 1 relaxed split, 2 relaxed dot8
  const pixBytes = mode == 2 ? 4 : mode == 1 ? 32 : 8; // dot8 bytes | relaxed split parts | SIMD128 i16
  const rowBytes = iwp * pixBytes;
  const blockBytes = ihN * rowBytes;
  const scratch = ws;
  const packed = ws + <usize>load<i32>(ctx, CTX_SCRATCHBYTES);

  // ---- pack the source rows of this tile ----
  const srcKind = load<i32>(ctx, CTX_SRCKIND);
  const relaxed = mode == 1;
  const xorS = load<i32>(ctx, CTX_SRCXOR);
  const zpS = load<i32>(ctx, CTX_SRCZP);
  const zpU = zpS + 128;
  const dotXor = load<i32>(ctx, CTX_DOTXOR);
  const zb = (zpS & 0xff) ^ dotXor; // dot8: the zero point's packed byte
  const xorV = i8x16.splat(<i8>(mode == 2 ? xorS ^ dotXor : relaxed ? xorS ^ 0x80 : xorS));
  const zpV = i16x8.splat(<i16>zpS);
  const plane = ih * iw; // pixels per channel (block) plane
  for (let ib: i32 = 0; ib < icb; ib++) {
    for (let r: i32 = 0; r < ihN; r++) {
      const row = packed + <usize>(ib * blockBytes + r * rowBytes);
      const y = oh0 * s - ph + r;
      const right = iwp - pw - iw;
      const out = row + <usize>(pw * pixBytes);
      if (mode == 2) {
        if (y < 0 || y >= ih) {
          fillZeroPixelsDot8(row, iwp, zb);
          continue;
        }
        fillZeroPixelsDot8(row, pw, zb);
        if (right > 0) fillZeroPixelsDot8(row + <usize>((pw + iw) * 4), right, zb);
        if (srcKind == 0) copyPixels44Dot8(out, src + <usize>((((n * groups * icb + g * icb + ib) * plane) + y * iw) * 4), iw, xorV);
        else copyPixelsNchwDot8(out, src + <usize>(n * load<i32>(ctx, CTX_ICPG) * plane + y * iw), plane, load<i32>(ctx, CTX_ICPG), iw, xorS ^ dotXor);
        continue;
      }
      if (y < 0 || y >= ih) {
        fillZeroPixels(row, iwp, relaxed, zpU);
        continue;
      }
      fillZeroPixels(row, pw, relaxed, zpU);
      if (right > 0) fillZeroPixels(row + <usize>((pw + iw) * pixBytes), right, relaxed, zpU);
      if (srcKind == 0) {
        const from = src + <usize>((((n * groups * icb + g * icb + ib) * plane) + y * iw) * 4);
        if (relaxed) expandPixels44Relaxed(out, from, iw, xorV);
        else expandPixels44(out, from, iw, xorV, zpV);
      } else {
        const c = load<i32>(ctx, CTX_ICPG);
        expandPixelsNchw(out, src + <usize>(n * c * plane + y * iw), plane, c, iw, relaxed, xorS, zpS);
      }
    }
  }

  // ---- compute: oc tiles outermost (their weights stay in cache), then rows ----
  const fw = load<i32>(ctx, CTX_FW);
  const mainNb = load<i32>(ctx, CTX_MAINNB);
  const tailNb = load<i32>(ctx, CTX_TAILNB);
  const mainId = load<i32>(ctx, CTX_MAINVARIANT);
  const tailId = load<i32>(ctx, CTX_TAILVARIANT);
  const ocpgPad = load<i32>(ctx, CTX_OCPGPAD);
  const ocbG = ocpgPad >> 2; // output blocks per group (NCHW output: the last may be partly past OCPG)
  const fullTiles = ocbG / mainNb;
  const nTiles = fullTiles + (ocbG % mainNb != 0 ? 1 : 0);
  const parts = load<i32>(ctx, CTX_OCPARTS);
  const perPart = (nTiles + parts - 1) / parts;
  const tile0 = part * perPart;
  let tile1 = tile0 + perPart;
  if (tile1 > nTiles) tile1 = nTiles;
  const tileWeightBytes = mainNb * icb * fh * fw * load<i32>(ctx, CTX_TAPWEIGHTBYTES);
  const weights = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>(g * load<i32>(ctx, CTX_GROUPWEIGHTBYTES));
  const bias = <usize>load<i32>(ctx, CTX_BIAS);
  const init = <usize>load<i32>(ctx, CTX_INIT);
  const oc = load<i32>(ctx, CTX_OC);
  const planeOut = oh * ow;
  const dstN = dst + <usize>(n * oc * planeOut * dstElem); // this image's output
  const biasN = biasMode == 2 ? bias + <usize>(n * oc * planeOut * 4) : 0;
  for (let tile = tile0; tile < tile1; tile++) {
    const full = tile < fullTiles;
    const id = full ? mainId : tailId;
    const c0 = tile * mainNb * 4; // first channel of the tile within the group
    const oc0 = g * ocpg + c0; // its output channel
    const ch = g * ocpgPad + c0; // its index in the per-channel arrays
    let nch = ocpg - c0;
    const tileCh = (full ? mainNb : tailNb) * 4;
    if (nch > tileCh) nch = tileCh;
    const wTile = weights + <usize>(tile * tileWeightBytes);
    const initTile = init + <usize>(ch * 4);
    for (let r: i32 = 0; r < ohN; r++) {
      const y = oh0 + r;
      convNchw44DotRow(
        id, packed + <usize>(r * s * rowBytes), blockBytes, rowBytes, icb, fh, wTile, initTile, ctx, scratch,
        ch, oc0, nch, y * ow, ow, dstN, biasN,
      );
    }
  }
}

/**
 * The relayout pre-pass of the NCHW algorithm: channels 4 * ib .. 4 * ib + 3 of group g of image n, NCHW, into
 * block (n, g, ib) of an NCHW44 buffer laid out {N, G, ceil(ICPG / 4), IH, IW, 4}; channels past ICPG hold the
 * raw byte of the zero point (their weights are 0).
 */
export function nchwToNchw44(ctx: usize, src: usize, buf: usize, _unused: usize, n: i32, g: i32, ib: i32): void {
  const C = load<i32>(ctx, CTX_IC);
  const icpg = load<i32>(ctx, CTX_ICPG);
  const groups = load<i32>(ctx, CTX_GROUP);
  const icb = load<i32>(ctx, CTX_ICB);
  const plane = load<i32>(ctx, CTX_IH) * load<i32>(ctx, CTX_IW);
  const padByte = (load<i32>(ctx, CTX_SRCZP) ^ load<i32>(ctx, CTX_SRCXOR)) & 0xff;
  const c0 = g * icpg + 4 * ib;
  let nc = icpg - 4 * ib;
  if (nc > 4) nc = 4;
  const out = buf + <usize>((((n * groups + g) * icb + ib) * plane) << 2);
  const pb = <usize>plane;
  const p0 = src + <usize>((n * C + c0) * plane);
  const pad = i8x16.splat(<i8>padByte);
  let p: i32 = 0;
  for (; p + 16 <= plane; p += 16) {
    const a = v128.load(p0 + <usize>p);
    const b = nc > 1 ? v128.load(p0 + pb + <usize>p) : pad;
    const c = nc > 2 ? v128.load(p0 + 2 * pb + <usize>p) : pad;
    const d = nc > 3 ? v128.load(p0 + 3 * pb + <usize>p) : pad;
    // 4 x 16 bytes -> 16 pixels x 4 channels
    const ab0 = i8x16.shuffle(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const ab1 = i8x16.shuffle(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    const cd0 = i8x16.shuffle(c, d, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    const cd1 = i8x16.shuffle(c, d, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    const o = out + <usize>(p << 2);
    v128.store(o, v128.shuffle<i16>(ab0, cd0, 0, 8, 1, 9, 2, 10, 3, 11), 0);
    v128.store(o, v128.shuffle<i16>(ab0, cd0, 4, 12, 5, 13, 6, 14, 7, 15), 16);
    v128.store(o, v128.shuffle<i16>(ab1, cd1, 0, 8, 1, 9, 2, 10, 3, 11), 32);
    v128.store(o, v128.shuffle<i16>(ab1, cd1, 4, 12, 5, 13, 6, 14, 7, 15), 48);
  }
  for (; p < plane; p++) {
    const o = out + <usize>(p << 2);
    for (let i: i32 = 0; i < 4; i++) store<u8>(o + <usize>i, i < nc ? load<u8>(p0 + <usize>i * pb + <usize>p) : <u8>padByte);
  }
}
