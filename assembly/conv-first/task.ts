// First-layer pair convolution (src/algos/first-pairs.ts): NCHW source with few channels (IC <= 3), NCHW44 output.
// One task: image n, output-row tile t, every output channel.
//
// The direct NCHW44 algorithms pad IC to 4 and multiply 4 channels per filter tap; with IC = 3 a quarter of their
// dots multiply padding. Here the channels of one padded row are interleaved column by column into one run of
// values, v[k] = x(column k / IC, channel k % IC) - zp (0 outside the image), and a filter row of an output pixel
// is FW * IC consecutive values of it, starting at value SW * IC * ox. Taken two at a time (i16 pairs, pair m at
// byte 4m), that is ceil(FW * IC / 2) pairs from pair ps * ox (ps = SW * IC / 2, whole where SW * IC is even):
// each pair, splat to all lanes, meets a vector of 4 output channels' two weights in one i32x4.dot_i16x8_s. An RGB
// 7x7 stride-2 layer spends 11 dots per filter row, block and pixel instead of 14; 3x3 stride 2, 5 instead of 6.
//
// Slice: [scratchBytes: a row of accumulators, nb blocks x owPad pixels][packed rows: ihN x rowBytes]
// (rowBytes = CTX_IWP pairs x 4 bytes, rounded up to 16).
import {
  CTX_SRCXOR, CTX_SRCZP, CTX_IC, CTX_IH, CTX_IW, CTX_OH, CTX_OW, CTX_FH, CTX_SH, CTX_PT, CTX_PL, CTX_WEIGHTS,
  CTX_INIT, CTX_BIAS, CTX_BIASMODE, CTX_DSTTYPE, CTX_OC, CTX_OCPGPAD, CTX_OHTILE, CTX_IWP, CTX_SCRATCHBYTES,
  CTX_PAIRTAPS, CTX_MAINVARIANT, CTX_MAINNB, CTX_TAILVARIANT, CTX_TAILNB,
} from '../common/ctx';
import { firstPairsRow } from './generated';

/** Packs padded source row y of image n into `row`: nv i16 values (channels interleaved per column). */
// @ts-ignore: decorator
@inline
function packRow(src: usize, row: usize, rowBytes: i32, n: i32, y: i32, C: i32, ih: i32, iw: i32, pl: i32, nv: i32, xor: i32, zp: i32): void {
  memory.fill(row, 0, <usize>rowBytes);
  if (y < 0 || y >= ih) return; // v - zp = 0 everywhere
  // image columns whose values fall inside the row: x + pl < ceil(nv / C)
  let x1 = (nv + C - 1) / C - pl;
  if (x1 > iw) x1 = iw;
  let x0: i32 = 0; // columns left of the image are padding (pl >= 0)
  const plane = <usize>(ih * iw);
  const base = src + <usize>(n * C) * plane + <usize>(y * iw);
  if (C == 3) {
    // 8 columns a step: three planes of 8 bytes -> 24 interleaved i16 values (uint8: raw - (zp + 128) = xs - zp)
    const unsigned = xor != 0;
    const zpv = i16x8.splat(<i16>(zp + (unsigned ? 128 : 0)));
    const p1 = base + plane, p2 = base + 2 * plane;
    for (; x0 + 8 <= x1 && (x0 + pl) * 3 + 24 <= nv; x0 += 8) {
      const o = <usize>x0;
      const a = i16x8.sub(unsigned ? v128.load8x8_u(base + o) : v128.load8x8_s(base + o), zpv);
      const b = i16x8.sub(unsigned ? v128.load8x8_u(p1 + o) : v128.load8x8_s(p1 + o), zpv);
      const c = i16x8.sub(unsigned ? v128.load8x8_u(p2 + o) : v128.load8x8_s(p2 + o), zpv);
      const q = row + <usize>((x0 + pl) * 6);
      v128.store(q, v128.shuffle<i16>(v128.shuffle<i16>(a, b, 0, 8, 0, 1, 9, 0, 2, 10), c, 0, 1, 8, 3, 4, 9, 6, 7), 0);
      v128.store(q, v128.shuffle<i16>(v128.shuffle<i16>(a, b, 0, 3, 11, 0, 4, 12, 0, 5), c, 10, 1, 2, 11, 4, 5, 12, 7), 16);
      v128.store(q, v128.shuffle<i16>(v128.shuffle<i16>(a, b, 13, 0, 6, 14, 0, 7, 15, 0), c, 0, 13, 2, 3, 14, 5, 6, 15), 32);
    }
  }
  for (let c: i32 = 0; c < C; c++) {
    const from = base + <usize>c * plane;
    let k = (x0 + pl) * C + c;
    for (let x = x0; x < x1; x++) {
      if (k < nv) store<i16>(row + <usize>(k << 1), <i16>(<i32><i8>(load<u8>(from + <usize>x) ^ xor) - zp));
      k += C;
    }
  }
}

export function firstPairsTask(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, _unused: i32, t: i32): void {
  const C = load<i32>(ctx, CTX_IC);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const oh = load<i32>(ctx, CTX_OH);
  const ow = load<i32>(ctx, CTX_OW);
  const fh = load<i32>(ctx, CTX_FH);
  const sh = load<i32>(ctx, CTX_SH);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const ohTile = load<i32>(ctx, CTX_OHTILE);
  const iwp = load<i32>(ctx, CTX_IWP);
  const taps = load<i32>(ctx, CTX_PAIRTAPS);
  const xor = load<i32>(ctx, CTX_SRCXOR);
  const zp = load<i32>(ctx, CTX_SRCZP);

  const oh0 = t * ohTile;
  let ohN = oh - oh0;
  if (ohN > ohTile) ohN = ohTile;
  const ihN = (ohN - 1) * sh + fh;
  const rowBytes = ((iwp * 4 + 15) >> 4) << 4;
  const scratch = ws;
  const packed = ws + <usize>load<i32>(ctx, CTX_SCRATCHBYTES);
  for (let r: i32 = 0; r < ihN; r++) packRow(src, packed + <usize>(r * rowBytes), rowBytes, n, oh0 * sh - pt + r, C, ih, iw, pl, iwp * 2, xor, zp);

  const oc = load<i32>(ctx, CTX_OC);
  const ocb = load<i32>(ctx, CTX_OCPGPAD) >> 2;
  const planeOut = oh * ow;
  const dstN = dst + <usize>(n * oc * planeOut * (load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1));
  const biasN = load<i32>(ctx, CTX_BIASMODE) == 2 ? <usize>load<i32>(ctx, CTX_BIAS) + <usize>(n * oc * planeOut * 4) : 0;
  const weights = <usize>load<i32>(ctx, CTX_WEIGHTS);
  const init = <usize>load<i32>(ctx, CTX_INIT);
  const blockWeights = fh * taps * 16; // bytes per block of 4 output channels
  // tiles of mainNb blocks, the rest tailNb at a time (the host picks both kernels from the table)
  const mainNb = load<i32>(ctx, CTX_MAINNB);
  const tailNb = load<i32>(ctx, CTX_TAILNB);
  for (let b0: i32 = 0; b0 < ocb; ) {
    const main = ocb - b0 >= mainNb;
    const nb = main ? mainNb : tailNb;
    const id = main ? load<i32>(ctx, CTX_MAINVARIANT) : load<i32>(ctx, CTX_TAILVARIANT);
    const c0 = b0 * 4;
    let nch = oc - c0;
    if (nch > nb * 4) nch = nb * 4;
    const w = weights + <usize>(b0 * blockWeights);
    for (let r: i32 = 0; r < ohN; r++) {
      firstPairsRow(id, packed + <usize>(r * sh * rowBytes), rowBytes, fh, taps, w, init + <usize>(c0 << 2), ctx, scratch,
        c0, c0, nch, (oh0 + r) * ow, ow, dstN, biasN);
    }
    b0 += nb;
  }
}
