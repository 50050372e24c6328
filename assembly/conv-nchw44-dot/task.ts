// One task of the NCHW44 dot convolution: batch n, group g, output-row tile t (spec cpu-conv.md §3.3).
// Reads:  src NCHW44 {N, G*ICB, IH, IW, 4} int8 (srcKind 0) or NCHW {N, IC<4, IH, IW} int8 (srcKind 1, G == 1)
// Writes: dst NCHW44 {N, G*OCPG/4, OH, OW, 4}, int8 or int32; rows [t*ohTile, t*ohTile + ohN) of (n, g) only.
// Workspace (this thread's slice): [SCRATCH_BYTES accumulator scratch][packed input rows]
//   packed[ib][r][p] = 32 bytes: i16 [x0,x1,x0,x1,x0,x1,x0,x1 | x2,x3,x2,x3,x2,x3,x2,x3] of padded pixel p of
//   padded row r (row 0 = source row oh0*S - PH), zero outside the image. Every byte a kernel may read is
//   written by this task (zero or data), so stale workspace never reaches an output.
import {
  CTX_DSTTYPE, CTX_BIASMODE, CTX_ICB, CTX_ICREAL, CTX_SRCKIND, CTX_IH, CTX_IW, CTX_OCPG, CTX_GROUP, CTX_OH,
  CTX_OW, CTX_FH, CTX_STRIDE, CTX_PH, CTX_PW, CTX_OHTILE, CTX_IWP, CTX_WEIGHTS, CTX_GROUPWEIGHTBYTES, CTX_BIAS,
  CTX_MAINVARIANT, CTX_MAINNB, CTX_TAILVARIANT, CTX_TAILNB, CTX_FW,
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

/** Same for an NCHW source with c < 4 channels (planes `planeStride` bytes apart); missing channels are 0. */
function expandPixelsNchw(out: usize, src: usize, planeStride: i32, c: i32, count: i32): void {
  for (let p: i32 = 0; p < count; p++) {
    const s = src + <usize>p;
    const x0 = <i32>load<i8>(s);
    const x1 = c > 1 ? <i32>load<i8>(s + <usize>planeStride) : 0;
    const x2 = c > 2 ? <i32>load<i8>(s + <usize>(2 * planeStride)) : 0;
    const o = out + <usize>(p * 32);
    v128.store(o, i32x4.splat((x0 & 0xffff) | (x1 << 16)), 0);
    v128.store(o, i32x4.splat(x2 & 0xffff), 16);
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
  const plane = ih * iw; // pixels per channel (block) plane
  for (let ib: i32 = 0; ib < icb; ib++) {
    for (let r: i32 = 0; r < ihN; r++) {
      const row = packed + <usize>(ib * blockBytes + r * rowBytes);
      const y = oh0 * s - ph + r;
      if (y < 0 || y >= ih) {
        memory.fill(row, 0, <usize>rowBytes);
        continue;
      }
      if (pw > 0) memory.fill(row, 0, <usize>(pw * 32));
      const right = iwp - pw - iw;
      if (right > 0) memory.fill(row + <usize>((pw + iw) * 32), 0, <usize>(right * 32));
      if (srcKind == 0) {
        const cb = n * groups * icb + g * icb + ib;
        expandPixels44(row + <usize>(pw * 32), src + <usize>((cb * plane + y * iw) * 4), iw);
      } else {
        const c = load<i32>(ctx, CTX_ICREAL);
        expandPixelsNchw(row + <usize>(pw * 32), src + <usize>(n * c * plane + y * iw), plane, c, iw);
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
  const tileWeightBytes = mainNb * icb * fh * fw * 32;
  const weights = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>(g * load<i32>(ctx, CTX_GROUPWEIGHTBYTES));
  const bias = <usize>load<i32>(ctx, CTX_BIAS);
  const planeOut = oh * ow * 4; // elements per output channel block
  const dstBlockStride = planeOut * dstElem;
  const biasBlockStride = planeOut * 4;
  const ocbBase = n * groups * ocbG + g * ocbG; // first output block of (n, g)
  for (let tile: i32 = 0; tile < nTiles; tile++) {
    const full = tile < fullTiles;
    const id = full ? mainId : tailId;
    const ocb = ocbBase + tile * mainNb;
    const wTile = weights + <usize>(tile * tileWeightBytes);
    const chanBias: usize = biasMode == 1 ? bias + <usize>((g * ocpg + tile * mainNb * 4) * 4) : 0;
    for (let r: i32 = 0; r < ohN; r++) {
      const y = oh0 + r;
      const pix = ocb * planeOut + y * ow * 4; // element offset of (block ocb, row y, pixel 0)
      convNchw44DotRow(
        id, packed + <usize>(r * s * rowBytes), blockBytes, rowBytes, icb, fh, wTile, chanBias,
        dst + <usize>(pix * dstElem), dstBlockStride,
        biasMode == 2 ? bias + <usize>(pix * 4) : 0, biasBlockStride, ow, ctx, scratch,
      );
    }
  }
}
