// Channel-wise (depthwise) convolution: group = IC = OC, one filter per channel. One task: batch n, block gb of 4
// channels, output-row tile t. NCHW44 or NCHW source and output (NCHW: channels past C are absent).
//
// Packed rows (this thread's slice), per padded row r (row 0 = source row oh0 * SH - PT), per padded column x:
//   Q[r][x] = i16 [v(x,c0), v(x+1,c0), v(x,c1), v(x+1,c1), v(x,c2), v(x+1,c2), v(x,c3), v(x+1,c3)]   (16 bytes)
// with v = xs - zp (0 outside the image). The packed filter of block gb, per filter row kh and tap pair q:
//   W[kh][q] = i16 [w(c0,kh,2q), w(c0,kh,2q+1), w(c1,kh,2q), ...] (taps past FW are 0)
// so dot(Q[r][ow * SW + 2q], W[kh][q]) is taps 2q and 2q + 1 of row kh for the block's 4 channels at output
// pixel ow: FH * ceil(FW / 2) dots per output pixel and block, for any stride. Stride 2 reads only even x, so
// there the row holds Q[2m] alone (entry m: half the packing, and dot(Q'[ow + q], W[kh][q])).
//
// Relaxed dot8 (CTX_RELAXED 2: engines whose relaxed dot is exact on b = xs ^ dotXor, src/features.ts) packs
//   Q[r][x] = int8 [b(x..x+3, c0), b(x..x+3, c1), b(x..x+3, c2), b(x..x+3, c3)]   (16 bytes; compact: Q'[m] = Q[2m])
// with b = xs ^ dotXor (padding: b of the zero point) and filter quads W[kh][q] = int8 [w(c0,kh,4q..4q+3), ...]:
// relaxed_dot(W[kh][q], Q[r][ow * SW + 4q]) is 4 taps of row kh for 4 channels, FH * ceil(FW / 4) dots per output
// pixel and block; the host's accumulator start holds -(zp + off) * sum w (src/algos/chanwise.ts).
// Slice: [scratchBytes: the tile's accumulators, ohTile * OW + 3 pixels][raw row: rawCols + 8 words][Q rows: ihN * iwp * 16 bytes]
// (iwp = Q entries per row).
import {
  CTX_SRCXOR, CTX_SRCZP, CTX_IC, CTX_IH, CTX_IW, CTX_OH, CTX_OW, CTX_FH, CTX_FW, CTX_SH, CTX_SW, CTX_PT, CTX_PL,
  CTX_WEIGHTS, CTX_GROUPWEIGHTBYTES, CTX_INIT, CTX_BIAS, CTX_BIASMODE, CTX_DSTTYPE, CTX_OHTILE, CTX_IWP,
  CTX_SCRATCHBYTES, CTX_SRCLAYOUT, CTX_OC, CTX_RAWCOLS, CTX_BLOCKSPERTASK, CTX_RELAXED, CTX_DOTXOR,
  CTX_NONLIN, CTX_ROUNDING, CTX_DSTLAYOUT, CTX_RATIO, CTX_CLAMPHI, CTX_LUT, CTX_ADDRECORD, CTX_ADDDELTA,
} from '../common/ctx';
import { finishTile, quantZp, quantZpLow, quantZpMagic, quantZpSub, storePixels44 } from '../common/finish';
import { lookInPlace } from '../common/table';
import { residualAddRun } from '../model/elementwise';
import { fillBytes, pick, transpose44Mask } from '../common/vconst';
import { dotStep, dotStepBuilt } from '../common/dot-step';

/**
 * One output row: `ow` pixels (4 at a time) of the block. T picks the step (common/dot-step.ts): i16 SIMD128 tap
 * pairs, i8 relaxed dot8 tap quads. S: Q entries between output pixels, QS: bytes between tap pairs / quads
 * (constants where inlined: SIMD128 1 / 32 for stride 1, 1 / 16 for the compact stride-2 rows; dot8 1 / 64 and
 * 1 / 32).
 */
// @ts-ignore: decorator
@inline
function convRow<T>(q0: usize, rowBytes: i32, fh: i32, nq: i32, w: usize, init: v128, ow: i32, S: i32, QS: i32, scratch: usize): void {
  if (!dotStepBuilt<T>()) unreachable(); else {
    const step = <usize>(S * 16);
    for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
      let a0 = init;
      let a1 = init;
      let a2 = init;
      let a3 = init;
      let wp = w;
      let rp = q0 + <usize>(ow0 * S * 16);
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xp = rp;
        for (let q: i32 = 0; q < nq; q++) {
          const wv = v128.load(wp);
          a0 = dotStep<T>(a0, v128.load(xp), wv);
          a1 = dotStep<T>(a1, v128.load(xp + step), wv);
          a2 = dotStep<T>(a2, v128.load(xp + 2 * step), wv);
          a3 = dotStep<T>(a3, v128.load(xp + 3 * step), wv);
          wp += 16;
          xp += <usize>QS;
        }
        rp += <usize>rowBytes;
      }
      const sp = scratch + <usize>(ow0 * 16);
      v128.store(sp, a0, 0);
      v128.store(sp, a1, 16);
      v128.store(sp, a2, 32);
      v128.store(sp, a3, 48);
    }
  }
}

/**
 * 4 accumulators of one block (4 pixels x 4 channels, lanes = channels) -> 16 output bytes, the 4 pixels' 4-channel
 * groups in NCHW44 order: common/finish.ts's quantZp (zero point and lower clamp included), the upper clamp (relu6;
 * else the whole i16 range), and for uint8 outputs y - 128 narrowed signed with the top bit flipped back (subBits,
 * hi and xo carry the 128), so that one loop serves both output types.
 */
// @ts-ignore: decorator
@inline
function quant16(a0: v128, a1: v128, a2: v128, a3: v128, ratio: v128, lowBits: v128, subBits: v128, magic: v128, hi: v128, xo: v128): v128 {
  const n01 = i16x8.min_s(i16x8.narrow_i32x4_s(quantZp(a0, ratio, lowBits, subBits, magic), quantZp(a1, ratio, lowBits, subBits, magic)), hi);
  const n23 = i16x8.min_s(i16x8.narrow_i32x4_s(quantZp(a2, ratio, lowBits, subBits, magic), quantZp(a3, ratio, lowBits, subBits, magic)), hi);
  return v128.xor(i8x16.narrow_i16x8_s(n01, n23), xo);
}

/** rows3x3's dot8 entry i of 4 at x: packed (ps 0, 16 bytes apart) or picked from a padded row (ps bytes apart). */
// @ts-ignore: decorator
@inline
function entry8(x: usize, i: i32, ps: usize, tr: v128): v128 {
  return ps ? pick(v128.load(x + <usize>i * ps), tr) : v128.load(x + <usize>(i << 4));
}

/**
 * 3x3 filters, stride 1 or 2, NCHW44 8-bit output, half-even rounding, no full bias, activation none / relu / relu6:
 * the tile's output rows computed and requantized in registers, 16 bytes stored per 4 pixels (no accumulator
 * scratch, no finishing pass). The filter's 3 (dot8) or 6 (SIMD128 pairs) vectors stay in registers for the tile.
 * QS: bytes between tap pairs (SIMD128: 32 for stride 1, 16 for the compact stride-2 rows). PS (dot8 only): 0 for
 * packed entries, else the rows are the padded rows themselves (padRawRow) and an entry (4 pixels from column
 * sw * p, transposed to 4 bytes per channel) is picked from their 16 bytes as each dot needs it, PS = 4 * sw bytes
 * between output pixels; the transpose mask is a loaded value, so each pick is one pshufb.
 */
// @ts-ignore: decorator
@inline
function rows3x3<T>(ctx: usize, qBase: usize, rowBytes: i32, sh: i32, ohN: i32, ow: i32, w: usize, init: v128, out: usize, ch: i32, QS: i32, PS: i32): void {
  if (!dotStepBuilt<T>()) unreachable(); else {
    const shift = load<i32>(ctx, CTX_DSTTYPE) == 2 ? 128 : 0;
    const lowBits = quantZpLow(ctx);
    const subBits = quantZpSub(ctx, shift);
    const magic = quantZpMagic();
    const hi = i16x8.splat(<i16>(load<i32>(ctx, CTX_CLAMPHI) - shift));
    const xo = i8x16.splat(<i8>shift);
    const ratio = v128.load(<usize>load<i32>(ctx, CTX_RATIO) + <usize>(ch << 2));
    const lut = <usize>load<i32>(ctx, CTX_LUT);
    const add = <usize>load<i32>(ctx, CTX_ADDRECORD);
    const delta = <usize>load<i32>(ctx, CTX_ADDDELTA);
    const pair = sizeof<T>() != 1; // SIMD128: two tap pairs per filter row
    const w0 = v128.load(w, 0);
    const w1 = v128.load(w, 16);
    const w2 = v128.load(w, 32);
    const w3 = pair ? v128.load(w, 48) : w0;
    const w4 = pair ? v128.load(w, 64) : w0;
    const w5 = pair ? v128.load(w, 80) : w0;
    const qs = <usize>QS;
    const ps = <usize>PS;
    const tr = transpose44Mask();
    const rb = <usize>rowBytes;
    for (let r: i32 = 0; r < ohN; r++) {
      const q0 = qBase + <usize>(r * sh * rowBytes);
      const o = out + <usize>(r * ow * 4);
      for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
        let a0 = init;
        let a1 = init;
        let a2 = init;
        let a3 = init;
        let x = q0 + (ps ? <usize>ow0 * ps : <usize>(ow0 << 4));
        if (pair) {
          // row kh: pairs (w[2kh], w[2kh + 1]); dot8 packs one quad per row, at w[kh]
          for (let kh: i32 = 0; kh < 3; kh++) {
            const wa = kh == 0 ? w0 : kh == 1 ? w2 : w4;
            const wb = kh == 0 ? w1 : kh == 1 ? w3 : w5;
            a0 = dotStep<T>(dotStep<T>(a0, v128.load(x, 0), wa), v128.load(x + qs, 0), wb);
            a1 = dotStep<T>(dotStep<T>(a1, v128.load(x, 16), wa), v128.load(x + qs, 16), wb);
            a2 = dotStep<T>(dotStep<T>(a2, v128.load(x, 32), wa), v128.load(x + qs, 32), wb);
            a3 = dotStep<T>(dotStep<T>(a3, v128.load(x, 48), wa), v128.load(x + qs, 48), wb);
            x += rb;
          }
        } else {
          a0 = dotStep<T>(a0, entry8(x, 0, ps, tr), w0);
          a1 = dotStep<T>(a1, entry8(x, 1, ps, tr), w0);
          a2 = dotStep<T>(a2, entry8(x, 2, ps, tr), w0);
          a3 = dotStep<T>(a3, entry8(x, 3, ps, tr), w0);
          x += rb;
          a0 = dotStep<T>(a0, entry8(x, 0, ps, tr), w1);
          a1 = dotStep<T>(a1, entry8(x, 1, ps, tr), w1);
          a2 = dotStep<T>(a2, entry8(x, 2, ps, tr), w1);
          a3 = dotStep<T>(a3, entry8(x, 3, ps, tr), w1);
          x += rb;
          a0 = dotStep<T>(a0, entry8(x, 0, ps, tr), w2);
          a1 = dotStep<T>(a1, entry8(x, 1, ps, tr), w2);
          a2 = dotStep<T>(a2, entry8(x, 2, ps, tr), w2);
          a3 = dotStep<T>(a3, entry8(x, 3, ps, tr), w2);
        }
        storePixels44(o + <usize>(ow0 << 2), quant16(a0, a1, a2, a3, ratio, lowBits, subBits, magic, hi, xo), ow - ow0);
      }
      if (lut) lookInPlace(lut, o, ow << 2);
      if (add) residualAddRun(add, o, o + delta, o, ow << 2);
    }
  }
}

/**
 * Padded row y of block gb (NCHW44 source) as b bytes, 4 per pixel, at row: the zero point's word outside the image
 * (and for rows outside it), rawCols + 8 words in all (rows3x3 reads up to 3 pixels past the last entry it uses).
 */
function padRawRow(row: usize, src: usize, n: i32, gb: i32, C: i32, ih: i32, iw: i32, y: i32, pl: i32, rawCols: i32, padWord: i32, bx: v128): void {
  const padB = padWord ^ i32x4.extract_lane(bx, 0); // the zero point's b word
  const words = rawCols + 8;
  if (y < 0 || y >= ih) {
    fillBytes(row, padB & 0xff, words << 2);
    return;
  }
  let cols = iw;
  if (cols > rawCols - pl) cols = rawCols - pl;
  if (cols < 0) cols = 0;
  for (let x: i32 = 0; x < pl && x < words; x++) store<i32>(row + <usize>(x << 2), padB);
  for (let x: i32 = pl + cols; x < words; x++) store<i32>(row + <usize>(x << 2), padB);
  const from = src + <usize>((((n * (C >> 2) + gb) * ih + y) * iw) << 2);
  const to = row + <usize>(pl << 2);
  let x: i32 = 0;
  for (; x + 4 <= cols; x += 4) v128.store(to + <usize>(x << 2), v128.xor(v128.load(from + <usize>(x << 2)), bx));
  const b = i32x4.extract_lane(bx, 0);
  for (; x < cols; x++) store<i32>(to + <usize>(x << 2), load<i32>(from + <usize>(x << 2)) ^ b);
}

/** Task (n, block group bg, row tile t): blocks bg * blocksPerTask .. of image n, rows of tile t. */
export function chanwiseTask(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, bg: i32, t: i32): void {
  const per = load<i32>(ctx, CTX_BLOCKSPERTASK);
  const blocks = (load<i32>(ctx, CTX_IC) + 3) >> 2;
  let end = (bg + 1) * per;
  if (end > blocks) end = blocks;
  for (let gb = bg * per; gb < end; gb++) chanwiseBlock(ctx, src, dst, ws, n, gb, t);
}

function chanwiseBlock(ctx: usize, src: usize, dst: usize, ws: usize, n: i32, gb: i32, t: i32): void {
  const C = load<i32>(ctx, CTX_IC);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const oh = load<i32>(ctx, CTX_OH);
  const ow = load<i32>(ctx, CTX_OW);
  const fh = load<i32>(ctx, CTX_FH);
  const fw = load<i32>(ctx, CTX_FW);
  const sh = load<i32>(ctx, CTX_SH);
  const sw = load<i32>(ctx, CTX_SW);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const ohTile = load<i32>(ctx, CTX_OHTILE);
  const iwp = load<i32>(ctx, CTX_IWP); // Q entries per packed row
  const rawCols = load<i32>(ctx, CTX_RAWCOLS);
  const compact = sw == 2;
  const nchw = load<i32>(ctx, CTX_SRCLAYOUT) == 1;
  const xorS = load<i32>(ctx, CTX_SRCXOR);
  const zpS = load<i32>(ctx, CTX_SRCZP);
  const xor = i8x16.splat(<i8>xorS);
  const zp = i16x8.splat(<i16>zpS);
  const padWord = ((zpS ^ xorS) & 0xff) * 0x01010101;
  const dot8 = load<i32>(ctx, CTX_RELAXED) == 2;
  const dotXorS = load<i32>(ctx, CTX_DOTXOR);
  const bx = i8x16.splat(<i8>(xorS ^ dotXorS)); // raw byte -> b

  const oh0 = t * ohTile;
  let ohN = oh - oh0;
  if (ohN > ohTile) ohN = ohTile;
  const ihN = (ohN - 1) * sh + fh;
  const rowBytes = iwp * 16;
  const scratch = ws;
  const raw = ws + <usize>load<i32>(ctx, CTX_SCRATCHBYTES);
  const qBase = raw + <usize>((rawCols + 8) * 4);
  const plane = ih * iw;

  let nch = C - gb * 4;
  if (nch > 4) nch = 4;
  const rows3 = fh == 3 && fw == 3 && (sw == 1 || sw == 2) && nch == 4 && !nchw && load<i32>(ctx, CTX_DSTTYPE) != 1 &&
    load<i32>(ctx, CTX_NONLIN) != 2 && load<i32>(ctx, CTX_ROUNDING) == 1 && load<i32>(ctx, CTX_BIASMODE) != 2 && load<i32>(ctx, CTX_DSTLAYOUT) == 0;
  // dot8 3x3 rows: the padded rows themselves (b bytes, 4 per pixel) in the row area, no packed entries; rows3x3
  // picks each entry's 16 bytes as it goes (rows3x3's PS; where a padded row fits in a packed row's room)
  const rawRows = dot8 && rows3 && ((rawCols + 8) << 2) <= rowBytes;

  // ---- pack the tile's rows ----
  for (let r: i32 = 0; r < ihN; r++) {
    const y = oh0 * sh - pt + r;
    const qRow = qBase + <usize>(r * rowBytes);
    if (rawRows) {
      padRawRow(qRow, src, n, gb, C, ih, iw, y, pl, rawCols, padWord, bx);
      continue;
    }
    if (y < 0 || y >= ih) {
      // SIMD128: v - zp = 0; dot8: b of the zero point
      memory.fill(qRow, dot8 ? <u8>(zpS ^ dotXorS) : 0, <usize>rowBytes);
      continue;
    }
    // the padded row as 4-channel raw words, the zero point's raw word outside the image
    let cols = iw;
    if (cols > rawCols - pl) cols = rawCols - pl; // columns no output reads stay out
    if (cols < 0) cols = 0;
    for (let x: i32 = 0; x < pl && x < rawCols; x++) store<i32>(raw + <usize>(x << 2), padWord);
    for (let x: i32 = pl + cols; x < rawCols + 8; x++) store<i32>(raw + <usize>(x << 2), padWord);
    if (cols > 0) {
      if (!nchw) {
        // a vector loop, not memory.copy: V8 calls out of the module for it, which cost more than these short rows
        const from = src + <usize>((((n * (C >> 2) + gb) * ih + y) * iw) << 2);
        const to = raw + <usize>(pl << 2);
        let x: i32 = 0;
        for (; x + 4 <= cols; x += 4) v128.store(to + <usize>(x << 2), v128.load(from + <usize>(x << 2)));
        for (; x < cols; x++) store<i32>(to + <usize>(x << 2), load<i32>(from + <usize>(x << 2)));
      } else {
        const c0 = gb * 4;
        let nc = C - c0;
        if (nc > 4) nc = 4;
        const base = src + <usize>((n * C + c0) * plane + y * iw);
        const pb = <usize>plane;
        let x: i32 = 0;
        for (; x + 4 <= cols; x += 4) {
          let m = i32x4.splat(padWord);
          const a = base + <usize>x;
          m = i32x4.replace_lane(m, 0, load<i32>(a));
          if (nc > 1) m = i32x4.replace_lane(m, 1, load<i32>(a + pb));
          if (nc > 2) m = i32x4.replace_lane(m, 2, load<i32>(a + 2 * pb));
          if (nc > 3) m = i32x4.replace_lane(m, 3, load<i32>(a + 3 * pb));
          v128.store(raw + <usize>((pl + x) << 2), i8x16.shuffle(m, m, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
        }
        for (; x < cols; x++) {
          for (let i: i32 = 0; i < nc; i++) store<u8>(raw + <usize>(((pl + x) << 2) + i), load<u8>(base + <usize>i * pb + <usize>x));
        }
      }
    }
    if (dot8) {
      // Q[x] (compact Q'[m] = Q[2m]): 4 raw pixels from pixel x (2m), transposed to 4 bytes per channel
      const rs: usize = compact ? 8 : 4;
      const tr = transpose44Mask();
      for (let x: i32 = 0; x < iwp; x++) {
        const a = v128.xor(v128.load(raw + <usize>x * rs), bx);
        v128.store(qRow + <usize>(x << 4), pick(a, tr));
      }
      continue;
    }
    // The interleaving shuffles below are byte unpacks (and a rotate), which V8 emits as punpck / palignr without a
    // mask; general shuffles cost a pshufb whose mask V8 rebuilds inside the loop (three more instructions each),
    // and made this packing about 40% of a SIMD128 depthwise layer (MobileNetV2's 144-channel 56² 3x3, perf).
    if (compact) {
      // Q'[m] = Q[2m] interleaves pixels 2m and 2m + 1: a's bytes unpacked with a rotated by one pixel give
      // [pixel 2m with 2m + 1 | ...] in the low half and [pixel 2m + 2 with 2m + 3 | ...] in the high half
      for (let m: i32 = 0; m < iwp; m += 2) {
        const a = v128.xor(v128.load(raw + <usize>(m << 3)), xor);
        const r = i8x16.shuffle(a, a, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3);
        const o = qRow + <usize>(m << 4);
        v128.store(o, i16x8.sub(i16x8.extend_low_i8x16_s(i8x16.shuffle(a, r, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23)), zp), 0);
        if (m + 1 < iwp) v128.store(o, i16x8.sub(i16x8.extend_low_i8x16_s(i8x16.shuffle(a, r, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)), zp), 16);
      }
      continue;
    }
    // Q[x] interleaves pixels x and x + 1 channel by channel: the bytes of pixels x.. (a) and x + 1.. (b) unpacked
    // are Q[x], Q[x + 1] (low half) and Q[x + 2], Q[x + 3] (high half)
    for (let x: i32 = 0; x < iwp; x += 4) {
      const a = v128.xor(v128.load(raw + <usize>(x << 2)), xor);
      const b = v128.xor(v128.load(raw + <usize>((x + 1) << 2)), xor);
      const lo = i8x16.shuffle(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
      const hi = i8x16.shuffle(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
      const o = qRow + <usize>(x << 4);
      v128.store(o, i16x8.sub(i16x8.extend_low_i8x16_s(lo), zp), 0);
      if (x + 1 < iwp) v128.store(o, i16x8.sub(i16x8.extend_high_i8x16_s(lo), zp), 16);
      if (x + 2 < iwp) v128.store(o, i16x8.sub(i16x8.extend_low_i8x16_s(hi), zp), 32);
      if (x + 3 < iwp) v128.store(o, i16x8.sub(i16x8.extend_high_i8x16_s(hi), zp), 48);
    }
  }

  // ---- compute ----
  const nq = dot8 ? (fw + 3) >> 2 : (fw + 1) >> 1;
  const w = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>(gb * load<i32>(ctx, CTX_GROUPWEIGHTBYTES));
  const init = v128.load(<usize>load<i32>(ctx, CTX_INIT) + <usize>(gb << 4));
  const oc = load<i32>(ctx, CTX_OC);
  const planeOut = oh * ow;
  const elem: i32 = load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1;
  const dstN = dst + <usize>(n * oc * planeOut * elem);
  const biasN = load<i32>(ctx, CTX_BIASMODE) == 2 ? <usize>load<i32>(ctx, CTX_BIAS) + <usize>(n * oc * planeOut * 4) : 0;
  if (rows3) {
    const out = dstN + <usize>(((gb * planeOut + oh0 * ow) << 2));
    if (rawRows) rows3x3<i8>(ctx, qBase, rowBytes, sh, ohN, ow, w, init, out, gb * 4, 0, sw << 2);
    else if (dot8) rows3x3<i8>(ctx, qBase, rowBytes, sh, ohN, ow, w, init, out, gb * 4, 0, 0);
    else if (sw == 1) rows3x3<i16>(ctx, qBase, rowBytes, sh, ohN, ow, w, init, out, gb * 4, 32, 0);
    else rows3x3<i16>(ctx, qBase, rowBytes, sh, ohN, ow, w, init, out, gb * 4, 16, 0);
    return;
  }
  // rows of accumulators back to back (stride OW): a row's up to 3 extra pixels land where the next row's first
  // ones go and are overwritten by them, so the tile is one run of ohN * OW pixels, finished in one call
  for (let r: i32 = 0; r < ohN; r++) {
    const q0 = qBase + <usize>(r * sh * rowBytes);
    const sp = scratch + <usize>(r * ow * 16);
    if (dot8) {
      if (sw == 1) convRow<i8>(q0, rowBytes, fh, nq, w, init, ow, 1, 64, sp);
      else if (sw == 2) convRow<i8>(q0, rowBytes, fh, nq, w, init, ow, 1, 32, sp);
      else convRow<i8>(q0, rowBytes, fh, nq, w, init, ow, sw, 64, sp);
    } else if (sw == 1) convRow<i16>(q0, rowBytes, fh, nq, w, init, ow, 1, 32, sp);
    else if (sw == 2) convRow<i16>(q0, rowBytes, fh, nq, w, init, ow, 1, 16, sp);
    else convRow<i16>(q0, rowBytes, fh, nq, w, init, ow, sw, 32, sp);
  }
  finishTile(ctx, scratch, 1, ohN * ow, gb * 4, gb * 4, nch, oh0 * ow, ohN * ow, dstN, biasN);
}
