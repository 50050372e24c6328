// One task of the NCHW44 dot convolution: batch n, group g, output-row tile t (spec cpu-conv.md §3.3).
// Reads:  src NCHW44 {N, G*ICB, IH, IW, 4} int8 (srcKind 0) or NCHW {N, IC<4, IH, IW} int8 (srcKind 1, G == 1)
// Writes: dst NCHW44 {N, G*OCPG/4, OH, OW, 4}, int8 or int32; rows [t*ohTile, t*ohTile + ohN) of (n, g) only.
// Workspace (this thread's slice): [SCRATCH_BYTES accumulator scratch][packed input rows]
//   packed[ib][r][p] = 32 bytes for padded pixel p of padded row r (row 0 = source row oh0*S - PH):
//     SIMD128 kernels: i16 [x0,x1,x0,x1,x0,x1,x0,x1 | x2,x3,x2,x3,x2,x3,x2,x3]
//     relaxed kernels: u = x + 128 (= x ^ 0x80), u8 [u0&127, u1&127, u2&127, u3&127] x 4 | [u0>>7 .. u3>>7] x 4
//   Pixels outside the image hold the encoding of x = 0 (all zero; relaxed: lo 0, hi 1). Every byte a kernel may
//   read is written by this task, so stale workspace never reaches an output.
import {
  CTX_DSTTYPE, CTX_BIASMODE, CTX_ICB, CTX_ICREAL, CTX_SRCKIND, CTX_IH, CTX_IW, CTX_OCPG, CTX_GROUP, CTX_OH,
  CTX_OW, CTX_FH, CTX_STRIDE, CTX_PH, CTX_PW, CTX_OHTILE, CTX_IWP, CTX_WEIGHTS, CTX_GROUPWEIGHTBYTES, CTX_BIAS,
  CTX_MAINVARIANT, CTX_MAINNB, CTX_TAILVARIANT, CTX_TAILNB, CTX_FW, CTX_INIT, CTX_RELAXED,
} from './ctx';
import { convNchw44DotRow } from './generated';

export const SCRATCH_BYTES: i32 = 512;

/** Expands `count` NCHW44 pixels (4 int8 channels each) into 32-byte pair-broadcast i16 vectors. */
function expandPixels44(out: usize, src: usize, count: i32): void {
  let p: i32 = 0;
  for (; p + 4 <= count; p += 4) {
    const v = v128.load(src + <usize>(p * 4));
    const lo = i16x8.extend_low_i8x16_s(v);
    const hi = i16x8.extend_high_i8x16_s(v);
    const o = out + <usize>(p * 32);
    v128.store(o, v128.shuffle<i32>(lo, lo, 0, 0, 0, 0), 0);
    v128.store(o, v128.shuffle<i32>(lo, lo, 1, 1, 1, 1), 16);
    v128.store(o, v128.shuffle<i32>(lo, lo, 2, 2, 2, 2), 32);
    v128.store(o, v128.shuffle<i32>(lo, lo, 3, 3, 3, 3), 48);
    v128.store(o, v128.shuffle<i32>(hi, hi, 0, 0, 0, 0), 64);
    v128.store(o, v128.shuffle<i32>(hi, hi, 1, 1, 1, 1), 80);
    v128.store(o, v128.shuffle<i32>(hi, hi, 2, 2, 2, 2), 96);
    v128.store(o, v128.shuffle<i32>(hi, hi, 3, 3, 3, 3), 112);
  }
  for (; p < count; p++) {
    const lo = i16x8.extend_low_i8x16_s(v128.load32_zero(src + <usize>(p * 4)));
    const o = out + <usize>(p * 32);
    v128.store(o, v128.shuffle<i32>(lo, lo, 0, 0, 0, 0), 0);
    v128.store(o, v128.shuffle<i32>(lo, lo, 1, 1, 1, 1), 16);
  }
}

/** Relaxed-kernel packing of `count` NCHW44 pixels: the 7-bit and 1-bit parts of x + 128, each broadcast. */
function expandPixels44Relaxed(out: usize, src: usize, count: i32): void {
  const m7 = i8x16.splat(127);
  let p: i32 = 0;
  for (; p + 4 <= count; p += 4) {
    const u = v128.xor(v128.load(src + <usize>(p * 4)), i8x16.splat(-128));
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
    const u = v128.xor(v128.load32_zero(src + <usize>(p * 4)), i8x16.splat(-128));
    const o = out + <usize>(p * 32);
    v128.store(o, v128.shuffle<i32>(v128.and(u, m7), u, 0, 0, 0, 0), 0);
    v128.store(o, v128.shuffle<i32>(i8x16.shr_u(u, 7), u, 0, 0, 0, 0), 16);
  }
}

/** Writes the encoding of x = 0 into `count` packed pixels. */
function fillZeroPixels(out: usize, count: i32, relaxed: bool): void {
  if (!relaxed) {
    memory.fill(out, 0, <usize>(count * 32));
    return;
  }
  const lo = i32x4.splat(0);
  const hi = i8x16.splat(1); // u = 128: lo part 0, hi part 1
  for (let p: i32 = 0; p < count; p++) {
    v128.store(out + <usize>(p * 32), lo, 0);
    v128.store(out + <usize>(p * 32), hi, 16);
  }
}

/** Same for an NCHW source with c < 4 channels (planes `planeStride` bytes apart); missing channels are 0. */
function expandPixelsNchw(out: usize, src: usize, planeStride: i32, c: i32, count: i32, relaxed: bool): void {
  for (let p: i32 = 0; p < count; p++) {
    const s = src + <usize>p;
    const x0 = <i32>load<i8>(s);
    const x1 = c > 1 ? <i32>load<i8>(s + <usize>planeStride) : 0;
    const x2 = c > 2 ? <i32>load<i8>(s + <usize>(2 * planeStride)) : 0;
    const o = out + <usize>(p * 32);
    if (relaxed) {
      // u = x + 128 per channel (channel 3 is x = 0: u = 128); bytes c0..c3 of one i32
      const u = ((x0 + 128) & 0xff) | (((x1 + 128) & 0xff) << 8) | (((x2 + 128) & 0xff) << 16) | (128 << 24);
      v128.store(o, i32x4.splat(u & 0x7f7f7f7f), 0);
      v128.store(o, i32x4.splat((u >>> 7) & 0x01010101), 16);
    } else {
      v128.store(o, i32x4.splat((x0 & 0xffff) | (x1 << 16)), 0);
      v128.store(o, i32x4.splat(x2 & 0xffff), 16);
    }
  }
}

export function convNchw44DotTask(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, g: i32, t: i32): void {
  const icb = load<i32>(ctx, CTX_ICB);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const ocpg = load<i32>(ctx, CTX_OCPG);
  const groups = load<i32>(ctx, CTX_GROUP);
  const oh = load<i32>(ctx, CTX_OH);
  const ow = load<i32>(ctx, CTX_OW);
  const fh = load<i32>(ctx, CTX_FH);
  const s = load<i32>(ctx, CTX_STRIDE);
  const ph = load<i32>(ctx, CTX_PH);
  const pw = load<i32>(ctx, CTX_PW);
  const ohTile = load<i32>(ctx, CTX_OHTILE);
  const iwp = load<i32>(ctx, CTX_IWP);
  const dstElem: i32 = load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1;
  const biasMode = load<i32>(ctx, CTX_BIASMODE);

  const oh0 = t * ohTile;
  let ohN = oh - oh0;
  if (ohN > ohTile) ohN = ohTile;
  const ihN = (ohN - 1) * s + fh; // padded rows this task reads
  const rowBytes = iwp * 32;
  const blockBytes = ihN * rowBytes;
  const scratch = ws;
  const packed = ws + <usize>SCRATCH_BYTES;

  // ---- pack the source rows of this tile ----
  const srcKind = load<i32>(ctx, CTX_SRCKIND);
  const relaxed = load<i32>(ctx, CTX_RELAXED) != 0;
  const plane = ih * iw; // pixels per channel (block) plane
  for (let ib: i32 = 0; ib < icb; ib++) {
    for (let r: i32 = 0; r < ihN; r++) {
      const row = packed + <usize>(ib * blockBytes + r * rowBytes);
      const y = oh0 * s - ph + r;
      if (y < 0 || y >= ih) {
        fillZeroPixels(row, iwp, relaxed);
        continue;
      }
      fillZeroPixels(row, pw, relaxed);
      const right = iwp - pw - iw;
      if (right > 0) fillZeroPixels(row + <usize>((pw + iw) * 32), right, relaxed);
      const out = row + <usize>(pw * 32);
      if (srcKind == 0) {
        const from = src + <usize>((((n * groups * icb + g * icb + ib) * plane) + y * iw) * 4);
        if (relaxed) expandPixels44Relaxed(out, from, iw);
        else expandPixels44(out, from, iw);
      } else {
        const c = load<i32>(ctx, CTX_ICREAL);
        expandPixelsNchw(out, src + <usize>(n * c * plane + y * iw), plane, c, iw, relaxed);
      }
    }
  }

  // ---- compute: oc tiles outermost (their weights stay in cache), then rows ----
  const fw = load<i32>(ctx, CTX_FW);
  const mainNb = load<i32>(ctx, CTX_MAINNB);
  const tailNb = load<i32>(ctx, CTX_TAILNB);
  const mainId = load<i32>(ctx, CTX_MAINVARIANT);
  const tailId = load<i32>(ctx, CTX_TAILVARIANT);
  const ocbG = ocpg >> 2;
  const fullTiles = ocbG / mainNb;
  const nTiles = fullTiles + (ocbG % mainNb != 0 ? 1 : 0);
  const tileWeightBytes = mainNb * icb * fh * fw * (relaxed ? 16 : 32);
  const weights = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>(g * load<i32>(ctx, CTX_GROUPWEIGHTBYTES));
  const bias = <usize>load<i32>(ctx, CTX_BIAS);
  const init = <usize>load<i32>(ctx, CTX_INIT);
  const planeOut = oh * ow * 4; // elements per output channel block
  const dstBlockStride = planeOut * dstElem;
  const biasBlockStride = planeOut * 4;
  const ocbBase = n * groups * ocbG + g * ocbG; // first output block of (n, g)
  for (let tile: i32 = 0; tile < nTiles; tile++) {
    const full = tile < fullTiles;
    const id = full ? mainId : tailId;
    const ocb = ocbBase + tile * mainNb;
    const wTile = weights + <usize>(tile * tileWeightBytes);
    const initTile = init + <usize>((g * ocpg + tile * mainNb * 4) * 4);
    for (let r: i32 = 0; r < ohN; r++) {
      const y = oh0 + r;
      const pix = ocb * planeOut + y * ow * 4; // element offset of (block ocb, row y, pixel 0)
      convNchw44DotRow(
        id, packed + <usize>(r * s * rowBytes), blockBytes, rowBytes, icb, fh, wTile, initTile,
        dst + <usize>(pix * dstElem), dstBlockStride,
        biasMode == 2 ? bias + <usize>(pix * 4) : 0, biasBlockStride, ow, ctx, scratch,
      );
    }
  }
}
