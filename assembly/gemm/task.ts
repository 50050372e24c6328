// One task of a GEMM convolution (1x1 and im2col): batch n, group g, a panel of `panelPix` consecutive output
// pixels (flat index y * OW + x). The panel's im2col matrix B is packed into this thread's workspace slice, then
// every output-channel tile of the group runs over it (assembly/gemm/generated.ts), so the packed weights of a
// tile stay in cache while B streams by.
//
// K order: k = ((kh * FW + kw) * icbG + ib) * 4 + i, channel 4 * ib + i of the group (channels past ICPG have
// weight 0). B panel: [micro-tile group][kb][j < npg] 32 bytes for pixel group q = group * npg + j (pixels
// 4q .. 4q + 3 of the panel): i16 [v(p0,k0), v(p0,k1), v(p1,k0), v(p1,k1), ..., v(p3,k1)] | same for k2, k3, with
// v = xs - zp (xs = raw ^ srcXor, the signed value; zp in that domain). Every packer first gathers the 16 raw
// bytes of a pixel group (4 pixels x 4 channels); positions outside the image hold the raw byte of the zero point,
// so after the subtraction padding is exactly 0 and the zero point costs nothing in the kernels.
// Relaxed dot8 kernels (ctx relaxed == 2; usdot / sdot flavours): B panel [group][kb][j < npg] 16 bytes per pixel
// group, pixel-major raw ^ srcXor ^ dotXor (b = xs + 128 unsigned, or xs signed); padding holds the zero point's
// byte, whose products the accumulator start removes (-(zp + off) * sum w, src/algos/gemm.ts). Their channel-lane
// kernels (one-pixel planes) read B as [group][kb][j < tile] 4 bytes per pixel, splat to every lane.
// Workspace slice: [scratchBytes: 4 channel rows of the panel's int32 accumulators][B panel].
// Output channels run in blocks of 4 (one finishRows call each), each block in micro-tiles of mainNoc channels and
// then 1-channel tiles; the packed weights follow the same order, [kb][o < noc] per tile (src/algos/gemm.ts).
// Reads only src[0, N * IC * IH * IW); writes only dst elements of the panel's pixels and this group's channels.
import {
  CTX_SRCXOR, CTX_SRCZP, CTX_IC, CTX_ICPG, CTX_IH, CTX_IW, CTX_OH, CTX_OW, CTX_FH, CTX_FW, CTX_SH, CTX_SW, CTX_PT,
  CTX_PL, CTX_DH, CTX_DW, CTX_WEIGHTS, CTX_GROUPWEIGHTBYTES, CTX_MAINVARIANT, CTX_MAINNB, CTX_TAILVARIANT,
  CTX_KBN, CTX_PANELPIX, CTX_PACKMODE, CTX_ICBG, CTX_TILENPIX, CTX_OCPG, CTX_OCPGPAD, CTX_OC,
  CTX_INIT, CTX_BIAS, CTX_BIASMODE, CTX_DSTTYPE, CTX_SCRATCHBYTES, CTX_MAINNARROW, CTX_TAILNARROW, CTX_GEMMLANES, CTX_OCPARTS,
  CTX_RELAXED, CTX_DOTXOR,
} from '../common/ctx';
import { finishRows, finishTile } from '../common/finish';
import { gemmRun } from './generated';

/** The raw word (4 bytes) of the source zero point: raw ^ srcXor, as int8, minus srcZp is 0. */
// @ts-ignore: decorator
@inline
function padWordOf(ctx: usize): i32 {
  return ((load<i32>(ctx, CTX_SRCZP) ^ load<i32>(ctx, CTX_SRCXOR)) & 0xff) * 0x01010101;
}

/**
 * 16 raw bytes of a pixel group, pixel-major (p0 c0..c3, p1 c0..c3, ...) -> the two B vectors: widened first, then the
 * pixels' (c0, c1) and (c2, c3) pairs gathered as 32-bit lanes of the two halves (a two-operand i32 shuffle V8 emits as
 * one `shufps`; a byte shuffle would be a `pshufb` whose mask V8 rebuilds in every loop that packs).
 */
// @ts-ignore: decorator
@inline
function packRaw(o: usize, raw: v128, xor: v128, zp: v128): void {
  const t = v128.xor(raw, xor);
  const lo = i16x8.sub(i16x8.extend_low_i8x16_s(t), zp); // p0, p1: c0 c1 c2 c3 each
  const hi = i16x8.sub(i16x8.extend_high_i8x16_s(t), zp); // p2, p3
  v128.store(o, v128.shuffle<i32>(lo, hi, 0, 2, 4, 6), 0);
  v128.store(o, v128.shuffle<i32>(lo, hi, 1, 3, 5, 7), 16);
}

/**
 * One pixel group of a pixel-lane panel at o (its place in the panel: 32 bytes SIMD128, 16 bytes dot8), from its 16
 * raw bytes, pixel-major.
 */
// @ts-ignore: decorator
@inline
function emitPixelLane(o: usize, raw: v128, xor: v128, zp: v128): void {
  if (dot8) v128.store(o, v128.xor(raw, dot8Xor));
  else packRaw(o, raw, xor, zp);
}

/** The same from channel-major bytes (c0 p0..p3, c1 p0..p3, ...). */
// @ts-ignore: decorator
@inline
function packRawChannelMajor(o: usize, raw: v128, xor: v128, zp: v128): void {
  const t = i8x16.shuffle(v128.xor(raw, xor), raw, 0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
  v128.store(o, i16x8.sub(i16x8.extend_low_i8x16_s(t), zp), 0);
  v128.store(o, i16x8.sub(i16x8.extend_high_i8x16_s(t), zp), 16);
}

/** Byte offset of pixel group q (4 pixels, panel-relative) at K step kb in the B panel. */
// @ts-ignore: decorator
@inline
function bAt(q: i32, kb: i32, kbn: i32, npg: i32): usize {
  const gq = q / npg;
  return <usize>(((gq * kbn + kb) * npg + (q - gq * npg)) << 5);
}

/**
 * Channel-lane panels (assembly/gemm/generated.ts gemm_s8c_*): 0 while packing for the pixel-lane kernels, else the
 * channel-lane tile's pixels. Set by convGemmTask before it packs.
 */
let bcastTile: i32 = 0;

/** Dot8 panels (relaxed dot8 kernels): set by convGemmTask before it packs, with the byte mask it applies. */
let dot8: bool = false;
let dot8Xor: v128 = i32x4.splat(0);

/** One pixel's 4 channels (i16 lanes 4i .. 4i + 3 of v, i = 0 or 1) as the two broadcast pair vectors. */
// @ts-ignore: decorator
@inline
function storeBroadcast(o: usize, v: v128, hiPixel: bool): void {
  if (hiPixel) {
    v128.store(o, v128.shuffle<i32>(v, v, 2, 2, 2, 2), 0);
    v128.store(o, v128.shuffle<i32>(v, v, 3, 3, 3, 3), 16);
  } else {
    v128.store(o, v128.shuffle<i32>(v, v, 0, 0, 0, 0), 0);
    v128.store(o, v128.shuffle<i32>(v, v, 1, 1, 1, 1), 16);
  }
}

/** Byte offset of panel pixel p at K step kb for the channel-lane kernels: [group][kb][j < tile][32]. */
// @ts-ignore: decorator
@inline
function bAtC(p: i32, kb: i32, kbn: i32, tile: i32): usize {
  const gq = p / tile;
  return <usize>(((gq * kbn + kb) * tile + (p - gq * tile)) << 5);
}

/** The 16 raw bytes (pixel-major) of pixel group q at K step kb, into whichever panel layout is being packed. */
// @ts-ignore: decorator
@inline
function emitRaw(bp: usize, q: i32, kb: i32, kbn: i32, npg: i32, raw: v128, xor: v128, zp: v128): void {
  const tile = bcastTile;
  if (dot8) {
    const b = v128.xor(raw, dot8Xor);
    if (tile == 0) {
      v128.store(bp + (bAt(q, kb, kbn, npg) >> 1), b);
      return;
    }
    // channel-lane dot8 panel [group][kb][j < tile]: 4 bytes per pixel
    const p = q << 2;
    v128.store32_lane(bp + (bAtC(p, kb, kbn, tile) >> 3), b, 0);
    v128.store32_lane(bp + (bAtC(p + 1, kb, kbn, tile) >> 3), b, 1);
    v128.store32_lane(bp + (bAtC(p + 2, kb, kbn, tile) >> 3), b, 2);
    v128.store32_lane(bp + (bAtC(p + 3, kb, kbn, tile) >> 3), b, 3);
    return;
  }
  if (tile == 0) {
    packRaw(bp + bAt(q, kb, kbn, npg), raw, xor, zp);
    return;
  }
  const t = v128.xor(raw, xor);
  const lo = i16x8.sub(i16x8.extend_low_i8x16_s(t), zp);
  const hi = i16x8.sub(i16x8.extend_high_i8x16_s(t), zp);
  const p = q << 2;
  storeBroadcast(bp + bAtC(p, kb, kbn, tile), lo, false);
  storeBroadcast(bp + bAtC(p + 1, kb, kbn, tile), lo, true);
  storeBroadcast(bp + bAtC(p + 2, kb, kbn, tile), hi, false);
  storeBroadcast(bp + bAtC(p + 3, kb, kbn, tile), hi, true);
}

/** The same from channel-major raw bytes (c0 p0..p3, c1 p0..p3, ...). */
// @ts-ignore: decorator
@inline
function emitRawCM(bp: usize, q: i32, kb: i32, kbn: i32, npg: i32, raw: v128, xor: v128, zp: v128): void {
  if (dot8) {
    emitRaw(bp, q, kb, kbn, npg, i8x16.shuffle(raw, raw, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15), xor, zp);
    return;
  }
  if (bcastTile == 0) {
    packRawChannelMajor(bp + bAt(q, kb, kbn, npg), raw, xor, zp);
    return;
  }
  emitRaw(bp, q, kb, kbn, npg, i8x16.shuffle(raw, raw, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15), xor, zp);
}

/** Zeros for pixel group q (pixels past the plane) at K step kb. */
// @ts-ignore: decorator
@inline
function emitZero(bp: usize, q: i32, kb: i32, kbn: i32, npg: i32): void {
  const tile = bcastTile;
  if (dot8) {
    if (tile == 0) {
      v128.store(bp + (bAt(q, kb, kbn, npg) >> 1), i32x4.splat(0));
      return;
    }
    for (let i: i32 = 0; i < 4; i++) store<i32>(bp + (bAtC((q << 2) + i, kb, kbn, tile) >> 3), 0);
    return;
  }
  if (tile == 0) {
    memory.fill(bp + bAt(q, kb, kbn, npg), 0, 32);
    return;
  }
  const z = i32x4.splat(0);
  for (let i: i32 = 0; i < 4; i++) {
    const o = bp + bAtC((q << 2) + i, kb, kbn, tile);
    v128.store(o, z, 0);
    v128.store(o, z, 16);
  }
}

/** Mode 0: NCHW44 source, ICPG % 4 == 0, 1x1 stride 1 without padding: B pixel r is source pixel p0 + r. */
function packNchw44Direct(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, ngroups: i32, kbn: i32, npg: i32): void {
  const xor = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const pad = i32x4.splat(padWordOf(ctx));
  const plane = load<i32>(ctx, CTX_IH) * load<i32>(ctx, CTX_IW);
  const icb = load<i32>(ctx, CTX_IC) >> 2;
  const icbG = load<i32>(ctx, CTX_ICBG);
  const full = nv >> 2;
  const rest = nv & 3;
  // pixel-lane panels: whole micro-tiles of npg groups at running offsets (bAt's division per group showed in perf)
  const unit: i32 = dot8 ? 4 : 5; // log2 of a group's bytes per K step
  const wholeTiles = bcastTile == 0 ? full / npg : 0;
  const tileStride = <usize>((kbn * npg) << unit);
  for (let kb: i32 = 0; kb < kbn; kb++) {
    const from = src + <usize>((((n * icb + g * icbG + kb) * plane) + p0) << 2);
    let q: i32 = 0;
    let o = bp + <usize>((kb * npg) << unit);
    for (let t: i32 = 0; t < wholeTiles; t++) {
      for (let j: i32 = 0; j < npg; j++) emitPixelLane(o + <usize>(j << unit), v128.load(from + <usize>((q + j) << 4)), xor, zp);
      q += npg;
      o += tileStride;
    }
    for (; q < full; q++) emitRaw(bp, q, kb, kbn, npg, v128.load(from + <usize>(q << 4)), xor, zp);
    if (rest != 0) {
      let v = pad;
      const a = from + <usize>(q << 4);
      v = i32x4.replace_lane(v, 0, load<i32>(a));
      if (rest > 1) v = i32x4.replace_lane(v, 1, load<i32>(a, 4));
      if (rest > 2) v = i32x4.replace_lane(v, 2, load<i32>(a, 8));
      emitRaw(bp, q, kb, kbn, npg, v, xor, zp);
      q++;
    }
    for (; q < ngroups; q++) emitZero(bp, q, kb, kbn, npg);
  }
}

/**
 * Mode 5: NCHW44 source, ICPG % 4 == 0, 1x1 with stride (SH, SW) and no padding: output pixel (oy, ox) is source
 * pixel (oy * SH, ox * SW). Groups of 4 output pixels inside one output row load 16 (SW 1) or 32 (SW 2) bytes.
 */
function packNchw44Strided(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, ngroups: i32, kbn: i32, npg: i32): void {
  const xor = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const padWord = padWordOf(ctx);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const ow = load<i32>(ctx, CTX_OW);
  const sh = load<i32>(ctx, CTX_SH);
  const sw = load<i32>(ctx, CTX_SW);
  const icb = load<i32>(ctx, CTX_IC) >> 2;
  const icbG = load<i32>(ctx, CTX_ICBG);
  const plane = ih * iw;
  for (let kb: i32 = 0; kb < kbn; kb++) {
    const blockBase = src + <usize>(((n * icb + g * icbG + kb) * plane) << 2);
    let oy = p0 / ow;
    let ox = p0 - oy * ow;
    for (let q: i32 = 0; q < ngroups; q++) {
      const r = q << 2;
      const at = blockBase + <usize>(((oy * sh) * iw + ox * sw) << 2);
      if (r + 4 <= nv && ox + 4 <= ow && sw <= 2) {
        let v: v128;
        if (sw == 1) v = v128.load(at);
        else v = i8x16.shuffle(v128.load(at), v128.load(at, 16), 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
        emitRaw(bp, q, kb, kbn, npg, v, xor, zp);
        ox += 4;
        if (ox == ow) {
          ox = 0;
          oy++;
        }
      } else {
        let v = i32x4.splat(padWord);
        for (let i: i32 = 0; i < 4; i++) {
          if (r + i < nv) {
            const word = load<i32>(blockBase + <usize>(((oy * sh) * iw + ox * sw) << 2));
            if (i == 0) v = i32x4.replace_lane(v, 0, word);
            else if (i == 1) v = i32x4.replace_lane(v, 1, word);
            else if (i == 2) v = i32x4.replace_lane(v, 2, word);
            else v = i32x4.replace_lane(v, 3, word);
            if (++ox == ow) {
              ox = 0;
              oy++;
            }
          }
        }
        emitRaw(bp, q, kb, kbn, npg, v, xor, zp);
      }
    }
  }
}

/**
 * emitRaw out of line, and from channel-major bytes: the indexed panels (dot8, channel-lane) of modes 7 and 8, their
 * rarer path (the pixel-lane SIMD128 panels are written inline at running offsets).
 */
function emitRawAt(bp: usize, q: i32, kb: i32, kbn: i32, npg: i32, raw: v128, xor: v128, zp: v128): void {
  emitRaw(bp, q, kb, kbn, npg, raw, xor, zp);
}
// @ts-ignore: decorator
@inline
function emitRawCMAt(bp: usize, q: i32, kb: i32, kbn: i32, npg: i32, raw: v128, xor: v128, zp: v128): void {
  emitRawAt(bp, q, kb, kbn, npg, i8x16.shuffle(raw, raw, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15), xor, zp);
}

/**
 * The pixel-lane SIMD128 place of the next pixel group (running offsets, no division per group): `o` the group's
 * 32 bytes, advanced by `nextGroup`; j its index within its micro-tile. Other panels (dot8, channel-lane) go through
 * emitRaw / emitRawCM by index.
 */
// @ts-ignore: decorator
@inline
function nextGroup(o: usize, j: i32, npg: i32, tileStride: usize): usize {
  return j + 1 == npg ? o + tileStride - <usize>((npg - 1) << 5) : o + 32;
}

/**
 * Mode 7: NCHW44 source, ICPG % 4 == 0, any filter / stride / padding / dilation (but the 1x1 modes 0 and 5). A K
 * step (kh, kw, ib) reads output pixel (oy, ox) from source pixel (oy * SH + kh * DH - PT, ox * SW + kw * DW - PL).
 * At SW 1 each output row's run of 4-pixel groups whose pixels lie inside the image is one 16-byte load per group (a
 * tight loop) and a group at a left / right border 4 checked word loads; groups across a row end, a panel's last
 * pixels and every group at SW > 1 are gathered pixel by pixel (what the former mode 1 did for every group: a 1x3
 * layer of 24 channels spent half its time there).
 */
function packNchw44Shift(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, ngroups: i32, kbn: i32, npg: i32): void {
  const xor = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const padWord = padWordOf(ctx);
  const pad = i32x4.splat(padWord);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const ow = load<i32>(ctx, CTX_OW);
  const oh = load<i32>(ctx, CTX_OH);
  const fh = load<i32>(ctx, CTX_FH);
  const fw = load<i32>(ctx, CTX_FW);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const dh = load<i32>(ctx, CTX_DH);
  const dw = load<i32>(ctx, CTX_DW);
  const sh = load<i32>(ctx, CTX_SH);
  const sw = load<i32>(ctx, CTX_SW);
  const icb = load<i32>(ctx, CTX_IC) >> 2;
  const icbG = load<i32>(ctx, CTX_ICBG);
  const plane = ih * iw;
  const oy0 = p0 / ow;
  const ox0 = p0 - oy0 * ow;
  const running = bcastTile == 0 && !dot8;
  const tileStride = <usize>((kbn * npg) << 5);
  let kb: i32 = 0;
  for (let kh: i32 = 0; kh < fh; kh++) {
    const dy = kh * dh - pt;
    for (let kw: i32 = 0; kw < fw; kw++) {
      const dx = kw * dw - pl;
      // output columns whose shifted column is inside the image: [xlo, xhi)
      const xlo = sw != 1 ? ow : dx < 0 ? -dx : 0; // strided: no runs
      let xhi = iw - dx;
      if (xhi > ow) xhi = ow;
      // flat: shifted rows follow each other in the source as in the output (no column shift, SH 1, OW == IW), so a
      // run goes on across row ends to the end of the last row inside the image
      const flat = dx == 0 && sh == 1 && ow == iw;
      let rowsEnd = ih - dy;
      if (rowsEnd > oh) rowsEnd = oh;
      rowsEnd *= ow;
      for (let ib: i32 = 0; ib < icbG; ib++) {
        const blockBase = src + <usize>(((n * icb + g * icbG + ib) * plane) << 2);
        // output pixel (y, x) reads shifted + 4 * (y * iw + x) (wraps below blockBase where dy or dx < 0: only
        // inside-image pixels are read)
        const shifted = blockBase + <usize>((dy * iw + dx) << 2);
        let oy = oy0;
        let ox = ox0;
        let o = bp + <usize>((kb * npg) << 5);
        let j: i32 = 0;
        let q: i32 = 0;
        while (q < ngroups) {
          const r = q << 2;
          const rowIn = <u32>(oy * sh + dy) < <u32>ih;
          if (rowIn && ox >= xlo && r + 4 <= nv) {
            // a run of whole groups inside the image: to the row's last inside column (flat: the last inside row's end)
            const cur = oy * ow + ox;
            let cnt = ((flat ? rowsEnd : oy * ow + xhi) - cur) >> 2;
            const left = (nv - r) >> 2;
            if (cnt > left) cnt = left;
            if (cnt > 0) {
              let at = shifted + <usize>((oy * sh * iw + ox) << 2);
              if (running) {
                for (let k: i32 = 0; k < cnt; k++) {
                  packRaw(o, v128.load(at), xor, zp);
                  at += 16;
                  o = nextGroup(o, j, npg, tileStride);
                  if (++j == npg) j = 0;
                }
              } else for (let k: i32 = 0; k < cnt; k++) emitRawAt(bp, q + k, kb, kbn, npg, v128.load(at + <usize>(k << 4)), xor, zp);
              q += cnt;
              const next = cur + (cnt << 2);
              oy = next / ow;
              ox = next - oy * ow;
              continue;
            }
          }
          if (r + 4 <= nv && ox + 4 <= ow && sw == 1) {
            // a group inside one output row at a left / right border (or in a row outside the image)
            let v = pad;
            if (rowIn) {
              const at = shifted + <usize>((oy * sh * iw + ox) << 2);
              const x = ox + dx;
              if (<u32>x < <u32>iw) v = i32x4.replace_lane(v, 0, load<i32>(at));
              if (<u32>(x + 1) < <u32>iw) v = i32x4.replace_lane(v, 1, load<i32>(at, 4));
              if (<u32>(x + 2) < <u32>iw) v = i32x4.replace_lane(v, 2, load<i32>(at, 8));
              if (<u32>(x + 3) < <u32>iw) v = i32x4.replace_lane(v, 3, load<i32>(at, 12));
            }
            if (running) packRaw(o, v, xor, zp);
            else emitRawAt(bp, q, kb, kbn, npg, v, xor, zp);
            o = nextGroup(o, j, npg, tileStride);
            if (++j == npg) j = 0;
            q++;
            ox += 4;
            if (ox == ow) {
              ox = 0;
              oy++;
            }
          } else {
            // across a row end, or the panel's last pixels: one pixel at a time
            let v = pad;
            for (let i: i32 = 0; i < 4; i++) {
              if (r + i < nv) {
                const y = oy * sh + dy;
                const x = ox * sw + dx;
                if (<u32>y < <u32>ih && <u32>x < <u32>iw) {
                  const word = load<i32>(blockBase + <usize>((y * iw + x) << 2));
                  if (i == 0) v = i32x4.replace_lane(v, 0, word);
                  else if (i == 1) v = i32x4.replace_lane(v, 1, word);
                  else if (i == 2) v = i32x4.replace_lane(v, 2, word);
                  else v = i32x4.replace_lane(v, 3, word);
                }
                if (++ox == ow) {
                  ox = 0;
                  oy++;
                }
              }
            }
            if (running) packRaw(o, v, xor, zp);
            else emitRawAt(bp, q, kb, kbn, npg, v, xor, zp);
            o = nextGroup(o, j, npg, tileStride);
            if (++j == npg) j = 0;
            q++;
          }
        }
        kb++;
      }
    }
  }
}

/**
 * Mode 8: NCHW source, any filter / stride / padding / dilation / channel split (but mode 6: one channel per group
 * with a filter row of 2 taps or more). A K step (kh, kw, ib) reads up to 4
 * channel planes, output pixel (oy, ox) from (oy * SH + kh * DH - PT, ox * SW + kw * DW - PL). At SW 1 each output
 * row's run of 4-pixel groups whose pixels lie inside the image is one 16-byte load per channel and 16 pixels (a 4x4
 * transpose of 32-bit lanes), then 4-byte loads per channel and group; a group at a left / right border is the row's
 * nearest 4 bytes per channel, shifted. Groups across a row end, a panel's last pixels, rows narrower than 4 and every
 * group at SW > 1 are gathered a byte at a time (what the former mode 3 did for every group).
 */
function packNchwShift(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, ngroups: i32, kbn: i32, npg: i32): void {
  const xor = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const padWord = padWordOf(ctx);
  const pad = i32x4.splat(padWord);
  const ic = load<i32>(ctx, CTX_IC);
  const icpg = load<i32>(ctx, CTX_ICPG);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const ow = load<i32>(ctx, CTX_OW);
  const oh = load<i32>(ctx, CTX_OH);
  const fh = load<i32>(ctx, CTX_FH);
  const fw = load<i32>(ctx, CTX_FW);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const dh = load<i32>(ctx, CTX_DH);
  const dw = load<i32>(ctx, CTX_DW);
  const sh = load<i32>(ctx, CTX_SH);
  const sw = load<i32>(ctx, CTX_SW);
  const icbG = load<i32>(ctx, CTX_ICBG);
  const plane = ih * iw;
  const pb = <usize>plane;
  const oy0 = p0 / ow;
  const ox0 = p0 - oy0 * ow;
  const running = bcastTile == 0 && !dot8;
  const tileStride = <usize>((kbn * npg) << 5);
  let kb: i32 = 0;
  for (let kh: i32 = 0; kh < fh; kh++) {
    const dy = kh * dh - pt;
    for (let kw: i32 = 0; kw < fw; kw++) {
      const dx = kw * dw - pl;
      const xlo = sw != 1 ? ow : dx < 0 ? -dx : 0; // strided: no runs
      let xhi = iw - dx;
      if (xhi > ow) xhi = ow;
      // flat: shifted rows follow each other in the source as in the output (no column shift, SH 1, OW == IW), so a
      // run goes on across row ends to the end of the last row inside the image
      const flat = dx == 0 && sh == 1 && ow == iw;
      let rowsEnd = ih - dy;
      if (rowsEnd > oh) rowsEnd = oh;
      rowsEnd *= ow;
      for (let ib: i32 = 0; ib < icbG; ib++) {
        let nc = icpg - 4 * ib; // valid channels of this K step; absent ones keep the pad word
        if (nc > 4) nc = 4;
        const chan = src + <usize>((n * ic + g * icpg + 4 * ib) * plane); // its first channel plane
        const shifted = chan + <usize>(dy * iw + dx); // wraps below chan where dy or dx < 0, as in mode 7
        let oy = oy0;
        let ox = ox0;
        let o = bp + <usize>((kb * npg) << 5);
        let j: i32 = 0;
        let q: i32 = 0;
        while (q < ngroups) {
          const r = q << 2;
          const rowIn = <u32>(oy * sh + dy) < <u32>ih;
          let m = pad; // channel-major: lane c holds channel c's 4 pixels
          const cur = oy * ow + ox;
          let cnt = ((flat ? rowsEnd : oy * ow + xhi) - cur) >> 2; // as in mode 7
          const left = (nv - r) >> 2;
          if (cnt > left) cnt = left;
          if (rowIn && ox >= xlo && cnt > 0) {
            let at = shifted + <usize>(oy * sh * iw + ox);
            let k: i32 = 0;
            if (running && nc == 4) {
              // 16 pixels of the 4 channels: one load per channel, a 4x4 transpose of 32-bit lanes into 4 groups
              for (; k + 4 <= cnt; k += 4) {
                const v0 = v128.load(at);
                const v1 = v128.load(at + pb);
                const v2 = v128.load(at + 2 * pb);
                const v3 = v128.load(at + 3 * pb);
                const t0 = v128.shuffle<i32>(v0, v1, 0, 4, 1, 5);
                const t1 = v128.shuffle<i32>(v2, v3, 0, 4, 1, 5);
                const t2 = v128.shuffle<i32>(v0, v1, 2, 6, 3, 7);
                const t3 = v128.shuffle<i32>(v2, v3, 2, 6, 3, 7);
                packRawChannelMajor(o, v128.shuffle<i32>(t0, t1, 0, 1, 4, 5), xor, zp);
                o = nextGroup(o, j, npg, tileStride);
                if (++j == npg) j = 0;
                packRawChannelMajor(o, v128.shuffle<i32>(t0, t1, 2, 3, 6, 7), xor, zp);
                o = nextGroup(o, j, npg, tileStride);
                if (++j == npg) j = 0;
                packRawChannelMajor(o, v128.shuffle<i32>(t2, t3, 0, 1, 4, 5), xor, zp);
                o = nextGroup(o, j, npg, tileStride);
                if (++j == npg) j = 0;
                packRawChannelMajor(o, v128.shuffle<i32>(t2, t3, 2, 3, 6, 7), xor, zp);
                o = nextGroup(o, j, npg, tileStride);
                if (++j == npg) j = 0;
                at += 16;
              }
            }
            for (; k < cnt; k++) {
              let v = i32x4.replace_lane(pad, 0, load<i32>(at));
              if (nc > 1) v = i32x4.replace_lane(v, 1, load<i32>(at + pb));
              if (nc > 2) v = i32x4.replace_lane(v, 2, load<i32>(at + 2 * pb));
              if (nc > 3) v = i32x4.replace_lane(v, 3, load<i32>(at + 3 * pb));
              if (running) packRawChannelMajor(o, v, xor, zp);
              else emitRawCMAt(bp, q + k, kb, kbn, npg, v, xor, zp);
              at += 4;
              o = nextGroup(o, j, npg, tileStride);
              if (++j == npg) j = 0;
            }
            q += cnt;
            const next = cur + (cnt << 2);
            oy = next / ow;
            ox = next - oy * ow;
            continue;
          }
          if (r + 4 <= nv && ox + 4 <= ow && iw >= 4 && sw == 1) {
            // a group inside one output row at an image border: the row's 4 bytes nearest it, per channel, shifted
            // by the pixels it overhangs (the pad byte shifted in); a row outside the image is all pad
            const x = ox + dx;
            if (rowIn && x < iw && x + 4 > 0) {
              let xc = x < 0 ? 0 : x;
              if (xc > iw - 4) xc = iw - 4;
              const a = chan + <usize>((oy * sh + dy) * iw + xc);
              const sl = x < xc ? 8 * (xc - x) : 0; // left shift (x < 0): 8..24
              const sr = x > xc ? 8 * (x - xc) : 0; // right shift (x + 4 > iw): 8..24
              const keep = sl > 0 ? (1 << sl) - 1 : sr > 0 ? ~(<i32>(<u32>-1 >>> sr)) : 0;
              const fill = padWord & keep;
              m = i32x4.replace_lane(m, 0, ((load<i32>(a) << sl) >>> sr) | fill);
              if (nc > 1) m = i32x4.replace_lane(m, 1, ((load<i32>(a + pb) << sl) >>> sr) | fill);
              if (nc > 2) m = i32x4.replace_lane(m, 2, ((load<i32>(a + 2 * pb) << sl) >>> sr) | fill);
              if (nc > 3) m = i32x4.replace_lane(m, 3, ((load<i32>(a + 3 * pb) << sl) >>> sr) | fill);
            }
            ox += 4;
            if (ox == ow) {
              ox = 0;
              oy++;
            }
            if (running) packRawChannelMajor(o, m, xor, zp);
            else emitRawCMAt(bp, q, kb, kbn, npg, m, xor, zp);
            o = nextGroup(o, j, npg, tileStride);
            if (++j == npg) j = 0;
            q++;
            continue;
          }
          // across a row end, the panel's last pixels, rows narrower than 4: byte i of word c is pixel i of channel c
          let w0 = padWord;
          let w1 = padWord;
          let w2 = padWord;
          let w3 = padWord;
          for (let i: i32 = 0; i < 4; i++) {
            if (r + i < nv) {
              const y = oy * sh + dy;
              const x = ox * sw + dx;
              if (<u32>y < <u32>ih && <u32>x < <u32>iw) {
                const a = chan + <usize>(y * iw + x);
                const bs = 8 * i;
                const keep = ~(0xff << bs);
                w0 = (w0 & keep) | (<i32>load<u8>(a) << bs);
                if (nc > 1) w1 = (w1 & keep) | (<i32>load<u8>(a + pb) << bs);
                if (nc > 2) w2 = (w2 & keep) | (<i32>load<u8>(a + 2 * pb) << bs);
                if (nc > 3) w3 = (w3 & keep) | (<i32>load<u8>(a + 3 * pb) << bs);
              }
              if (++ox == ow) {
                ox = 0;
                oy++;
              }
            }
          }
          m = i32x4.replace_lane(m, 0, w0);
          m = i32x4.replace_lane(m, 1, w1);
          m = i32x4.replace_lane(m, 2, w2);
          m = i32x4.replace_lane(m, 3, w3);
          if (running) packRawChannelMajor(o, m, xor, zp);
          else emitRawCMAt(bp, q, kb, kbn, npg, m, xor, zp);
          o = nextGroup(o, j, npg, tileStride);
          if (++j == npg) j = 0;
          q++;
        }
        kb++;
      }
    }
  }
}

/** Mode 4: NCHW44 source whose groups split its 4-channel blocks (ICPG % 4 != 0): one channel value at a time. */
function packGather(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, ngroups: i32, kbn: i32, npg: i32): void {
  const xor = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const padWord = padWordOf(ctx);
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
  const cnt = ngroups << 2;
  let kb: i32 = 0;
  for (let kh: i32 = 0; kh < fh; kh++) {
    for (let kw: i32 = 0; kw < fw; kw++) {
      for (let ib: i32 = 0; ib < icbG; ib++) {
        const c0 = g * icpg + 4 * ib; // first source channel of this K step
        let nc = icpg - 4 * ib;
        if (nc > 4) nc = 4;
        let oy = p0 / ow;
        let ox = p0 - oy * ow;
        let v = i32x4.splat(0);
        for (let r: i32 = 0; r < cnt; r++) {
          const y = oy * sh + kh * dh - pt;
          const x = ox * sw + kw * dw - pl;
          let word = padWord;
          if (r < nv && <u32>y < <u32>ih && <u32>x < <u32>iw) {
            const pix = y * iw + x;
            for (let i: i32 = 0; i < nc; i++) {
              const c = c0 + i;
              const at = (((n * (ic >> 2) + (c >> 2)) * plane + pix) << 2) + (c & 3);
              word = (word & ~(0xff << (8 * i))) | (<i32>load<u8>(src + <usize>at) << (8 * i));
            }
          }
          const lane = r & 3;
          if (lane == 0) v = i32x4.replace_lane(v, 0, word);
          else if (lane == 1) v = i32x4.replace_lane(v, 1, word);
          else if (lane == 2) v = i32x4.replace_lane(v, 2, word);
          else emitRaw(bp, r >> 2, kb, kbn, npg, i32x4.replace_lane(v, 3, word), xor, zp);
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

/**
 * Mode 6 (NCHW, one input channel per group): a K step is 4 consecutive filter taps of a row, kb = kh * ceil(FW / 4)
 * + kwb, byte j of a pixel's word the tap kw = 4 kwb + j (the pad byte past FW, where the packed weight is 0), instead
 * of one tap with its channel padded to 4: a 1-channel filter of FW taps is ceil(FW / 4) K steps, not FW.
 */
function packTaps(ctx: usize, bp: usize, src: usize, n: i32, g: i32, p0: i32, nv: i32, ngroups: i32, kbn: i32, npg: i32): void {
  const xor = i8x16.splat(<i8>load<i32>(ctx, CTX_SRCXOR));
  const zp = i16x8.splat(<i16>load<i32>(ctx, CTX_SRCZP));
  const padByte = padWordOf(ctx) & 0xff;
  const ic = load<i32>(ctx, CTX_IC);
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
  const plane = ih * iw;
  const chan = src + <usize>((n * ic + g) * plane); // the group's one input channel
  const fwb = (fw + 3) >> 2;
  const cnt = ngroups << 2;
  let kb: i32 = 0;
  for (let kh: i32 = 0; kh < fh; kh++) {
    for (let kwb: i32 = 0; kwb < fwb; kwb++) {
      let oy = p0 / ow;
      let ox = p0 - oy * ow;
      let v = i32x4.splat(0);
      const whole = 4 * kwb + 4 <= fw; // no tap of this K step past the filter
      for (let r: i32 = 0; r < cnt; r++) {
        const y = oy * sh + kh * dh - pt;
        let word: i32 = padByte * 0x01010101;
        if (r < nv && <u32>y < <u32>ih) {
          const row = chan + <usize>(y * iw);
          const x0 = ox * sw + 4 * kwb * dw - pl;
          if (whole && dw == 1 && x0 >= 0 && x0 + 4 <= iw) {
            // the 4 taps are 4 consecutive bytes of the row (a long 1-D filter: an STFT's 512 taps)
            word = load<i32>(row + <usize>x0);
          } else {
            for (let j: i32 = 0; j < 4; j++) {
              const kw = 4 * kwb + j;
              const x = x0 + j * dw;
              if (kw < fw && <u32>x < <u32>iw)
                word = (word & ~(0xff << (8 * j))) | (<i32>load<u8>(row + <usize>x) << (8 * j));
            }
          }
        }
        const lane = r & 3;
        if (lane == 0) v = i32x4.replace_lane(v, 0, word);
        else if (lane == 1) v = i32x4.replace_lane(v, 1, word);
        else if (lane == 2) v = i32x4.replace_lane(v, 2, word);
        else emitRaw(bp, r >> 2, kb, kbn, npg, i32x4.replace_lane(v, 3, word), xor, zp);
        if (++ox == ow) {
          ox = 0;
          oy++;
        }
      }
      kb++;
    }
  }
}

export function convGemmTask(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, g: i32, pp: i32): void {
  const plane = load<i32>(ctx, CTX_OH) * load<i32>(ctx, CTX_OW);
  const panelPix = load<i32>(ctx, CTX_PANELPIX);
  // pp = part * panels + panel: this task's pixels, and its share of the output channels
  const panels = (plane + panelPix - 1) / panelPix;
  const part = pp / panels;
  const panel = pp - part * panels;
  const parts = load<i32>(ctx, CTX_OCPARTS);
  const npix = load<i32>(ctx, CTX_TILENPIX); // pixels per micro-tile
  const channelLanes = load<i32>(ctx, CTX_GEMMLANES) == 1;
  const npg = channelLanes ? 1 : npix >> 2; // pixel-lane: groups of 4 pixels per micro-tile
  const kbn = load<i32>(ctx, CTX_KBN);
  const p0 = panel * panelPix;
  let nv = plane - p0;
  if (nv > panelPix) nv = panelPix;
  const tiles = (nv + npix - 1) / npix; // micro-tile groups of the panel
  // pixel groups of 4 the packers write (channel-lane tiles of 2 pixels: rounded up to whole groups of 4)
  const ngroups = channelLanes ? (tiles * npix + 3) >> 2 : tiles * npg;
  const rows = ws;
  const bp = ws + <usize>load<i32>(ctx, CTX_SCRATCHBYTES);

  bcastTile = channelLanes ? npix : 0;
  dot8 = load<i32>(ctx, CTX_RELAXED) == 2;
  dot8Xor = i8x16.splat(<i8>(load<i32>(ctx, CTX_SRCXOR) ^ load<i32>(ctx, CTX_DOTXOR)));
  const mode = load<i32>(ctx, CTX_PACKMODE);
  // In place: dot8 pixel-lane kernels on an NCHW44 1x1 stride-1 source whose raw bytes are already the dot's b (no
  // xor): a micro-tile's B rows (4 pixels x 4 k per vector, one K step a plane further) are the source's own bytes,
  // so the kernels read its whole micro-tiles where they are and only the last partial one is packed.
  const inPlace = dot8 && !channelLanes && mode == 0 && ((load<i32>(ctx, CTX_SRCXOR) ^ load<i32>(ctx, CTX_DOTXOR)) & 0xff) == 0;
  const direct = inPlace ? nv / npix : 0; // micro-tiles read in place
  const packNv = nv - direct * npix; // pixels packed (all of them unless in place)
  if (mode == 0) {
    if (packNv > 0) packNchw44Direct(ctx, bp, src, n, g, p0 + direct * npix, packNv, inPlace ? npg : ngroups, kbn, npg);
  }
  else if (mode == 5) packNchw44Strided(ctx, bp, src, n, g, p0, nv, ngroups, kbn, npg);
  else if (mode == 6) packTaps(ctx, bp, src, n, g, p0, nv, ngroups, kbn, npg);
  else if (mode == 7) packNchw44Shift(ctx, bp, src, n, g, p0, nv, ngroups, kbn, npg);
  else if (mode == 8) packNchwShift(ctx, bp, src, n, g, p0, nv, ngroups, kbn, npg);
  else packGather(ctx, bp, src, n, g, p0, nv, ngroups, kbn, npg);

  const ocpg = load<i32>(ctx, CTX_OCPG);
  const ocpgPad = load<i32>(ctx, CTX_OCPGPAD);
  const oc = load<i32>(ctx, CTX_OC);
  const mainNoc = load<i32>(ctx, CTX_MAINNB);
  const mainId = load<i32>(ctx, CTX_MAINVARIANT);
  const tailId = load<i32>(ctx, CTX_TAILVARIANT);
  const weights = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>(g * load<i32>(ctx, CTX_GROUPWEIGHTBYTES));
  const init = <usize>load<i32>(ctx, CTX_INIT) + <usize>((g * ocpgPad) << 2);
  const elem: i32 = load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1;
  const dstN = dst + <usize>(n * oc * plane * elem);
  const biasN = load<i32>(ctx, CTX_BIASMODE) == 2 ? <usize>load<i32>(ctx, CTX_BIAS) + <usize>(n * oc * plane * 4) : 0;

  if (channelLanes) {
    // tiles of mainNb blocks of 4 channels, weights [tile][kb][b][32 (dot8: 16)]; the remaining blocks one at a time
    // by the 1-block tail kernel, weights [b][kb][32 (16)]
    const mainNb = mainNoc >> 2;
    const ocbG = ocpgPad >> 2;
    const cnt = tiles * npix;
    const stride = cnt << 4; // bytes per block of accumulators
    const tileBytes = mainNb * kbn * (dot8 ? 16 : 32);
    const cstep = npix * (dot8 ? 4 : 32); // panel bytes per K step
    const nTiles = (ocbG + mainNb - 1) / mainNb;
    const perPart = (nTiles + parts - 1) / parts;
    let blkEnd = (part + 1) * perPart * mainNb;
    if (blkEnd > ocbG) blkEnd = ocbG;
    for (let blk0 = part * perPart * mainNb; blk0 < blkEnd; blk0 += mainNb) {
      const full = blk0 + mainNb <= ocbG;
      let nch = ocpg - blk0 * 4;
      if (nch > mainNb * 4) nch = mainNb * 4;
      const wt = weights + <usize>((blk0 / mainNb) * tileBytes);
      const it = init + <usize>((blk0 * 4) << 2);
      if (full) gemmRun(mainId, bp, tiles, kbn, wt, it, rows, stride, cstep, kbn * cstep);
      else {
        for (let b: i32 = 0; b < ocbG - blk0; b++) {
          gemmRun(tailId, bp, tiles, kbn, wt + <usize>(b * (tileBytes / mainNb)), it + <usize>(b << 4), rows + <usize>(b * stride), stride, cstep, kbn * cstep);
        }
      }
      finishTile(ctx, rows, full ? mainNb : ocbG - blk0, cnt, g * ocpgPad + blk0 * 4, g * ocpg + blk0 * 4, nch, p0, nv, dstN, biasN);
    }
    return;
  }

  const chanBytes = kbn * (dot8 ? 4 : 8); // packed weights per output channel
  // micro-tiles: `full` of npix pixels, and the last 1-4 pixels (when npg > 1) by the 1-group kernels. In place:
  // `direct` micro-tiles from the source, then the packed rest (one micro-tile, or 1-4 pixels by the 1-group kernels)
  const bstep = npg * (dot8 ? 16 : 32);
  const gstep = kbn * bstep;
  const lastPix = inPlace ? packNv : nv - (tiles - 1) * npix;
  const narrow = npg > 1 && lastPix > 0 && lastPix <= 4;
  const full = inPlace ? direct : narrow ? tiles - 1 : tiles;
  const packedTile = inPlace && lastPix > 0 && !narrow; // the in-place rest: one packed micro-tile
  const srcPlane = load<i32>(ctx, CTX_IH) * load<i32>(ctx, CTX_IW);
  const mainB = inPlace
    ? src + <usize>((((n * (load<i32>(ctx, CTX_IC) >> 2) + g * load<i32>(ctx, CTX_ICBG)) * srcPlane) + p0) << 2)
    : bp;
  const mainBstep = inPlace ? srcPlane << 2 : bstep;
  const mainGstep = inPlace ? npix << 2 : gstep;
  const lastB = inPlace ? bp : bp + <usize>(full * kbn * bstep);
  const lastRows = <usize>(full * npix * 4);
  const stride = ngroups << 4; // bytes per accumulator row
  const mainNarrow = load<i32>(ctx, CTX_MAINNARROW);
  const tailNarrow = load<i32>(ctx, CTX_TAILNARROW);
  const blocks = (ocpg + 3) >> 2;
  const perPart = (blocks + parts - 1) / parts;
  let cEnd = (part + 1) * perPart * 4;
  if (cEnd > ocpg) cEnd = ocpg;
  for (let c0 = part * perPart * 4; c0 < cEnd; c0 += 4) {
    let nch = ocpg - c0;
    if (nch > 4) nch = 4;
    let c: i32 = 0;
    for (; c + mainNoc <= nch; c += mainNoc) {
      const wc = weights + <usize>((c0 + c) * chanBytes);
      const ic = init + <usize>((c0 + c) << 2);
      const rc = rows + <usize>(c * stride);
      if (full > 0) gemmRun(mainId, mainB, full, kbn, wc, ic, rc, stride, mainBstep, mainGstep);
      if (packedTile) gemmRun(mainId, lastB, 1, kbn, wc, ic, rc + lastRows, stride, bstep, gstep);
      if (narrow) gemmRun(mainNarrow, lastB, 1, kbn, wc, ic, rc + lastRows, stride, bstep, gstep);
    }
    for (; c < nch; c++) {
      const wc = weights + <usize>((c0 + c) * chanBytes);
      const ic = init + <usize>((c0 + c) << 2);
      const rc = rows + <usize>(c * stride);
      if (full > 0) gemmRun(tailId, mainB, full, kbn, wc, ic, rc, stride, mainBstep, mainGstep);
      if (packedTile) gemmRun(tailId, lastB, 1, kbn, wc, ic, rc + lastRows, stride, bstep, gstep);
      if (narrow) gemmRun(tailNarrow, lastB, 1, kbn, wc, ic, rc + lastRows, stride, bstep, gstep);
    }
    finishRows(ctx, rows, stride, g * ocpgPad + c0, g * ocpg + c0, nch, p0, nv, dstN, biasN);
  }
}
