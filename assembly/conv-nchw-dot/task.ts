// NCHW direct dot convolution (MegEngine's ARMDOTS8STRD1 / ARMDOTS8STRD2, docs/conv.md#nchw-direct-dot): square FH = FW
// filters, stride 1 or 2, any channel count. Two kernels run back to back:
//   nchwDotPad  over {N, G, ICPG}: one padded input plane each, into the shared plane area of the workspace
//   nchwDotConv over {N, G, OCPG}: one output channel each, accumulated input channel by input channel through an
//                                  int32 plane in the thread's slice (the first input channel starts from the
//                                  channel's bias, the later ones add to it), then finished row by row
// Padded plane rows (v = xs - zp, 0 outside the image):
//   stride 1: P[y][x] = i16 pair (v[y][x], v[y][x + 1]), 4 bytes per column: 4 consecutive output columns c..c+3
//             and taps (2q, 2q + 1) are the 16 bytes at column c + 2q
//   stride 2: i16 v[y][x], 2 bytes per column: output columns c..c+3 and taps (2q, 2q + 1) are the 8 values at
//             column 2c + 2q, i.e. the 16 bytes at byte 4 * (c + q)
// Packed filter, per output channel, per input channel, filter row kh, tap pair q: i16 [w(kh,2q), w(kh,2q+1)] x 4.
// Accumulators hold 4 consecutive output columns of one channel (pixel-lane, finished by finishRows).
// Relaxed dot8 (CTX_RELAXED 2) rows: P[y][m] = int8 b(y, S*m .. S*m + 3), b = xs ^ dotXor (padding: b of the zero
// point), 4 bytes per column for both strides: output columns c..c+3 and taps 4q..4q+3 are the 16 bytes at column
// c + 4q / S; filter, per tap quad q: int8 w(kh, 4q .. 4q + 3) x 4, one relaxed_dot_i8x16_i7x16_add_s per 16 MACs
// (the host's accumulator start holds -(zp + off) * sum w).
import {
  CTX_SRCXOR, CTX_SRCZP, CTX_IC, CTX_ICPG, CTX_IH, CTX_IW, CTX_OH, CTX_OW, CTX_FH, CTX_SH, CTX_PT, CTX_PL,
  CTX_WEIGHTS, CTX_INIT, CTX_BIAS, CTX_BIASMODE, CTX_DSTTYPE, CTX_ROWBYTES, CTX_OCPG, CTX_OCPGPAD, CTX_OC, CTX_GROUP,
  CTX_OWPAD, CTX_SRCLAYOUT, CTX_RELAXED, CTX_DOTXOR,
} from '../common/ctx';
import { finishRows } from '../common/finish';
import { dotStep, dotStepBuilt } from '../common/dot-step';

/** Rows of a padded plane: (OH - 1) * S + FH. */
// @ts-ignore: decorator
@inline
function paddedRows(ctx: usize): i32 {
  return (load<i32>(ctx, CTX_OH) - 1) * load<i32>(ctx, CTX_SH) + load<i32>(ctx, CTX_FH);
}

/** Pads input channel ic of group g of image n into its plane of the shared area `planes`. */
export function nchwDotPad(ctx: usize, src: usize, planes: usize, _unused: usize, n: i32, g: i32, ic: i32): void {
  const C = load<i32>(ctx, CTX_IC);
  const icpg = load<i32>(ctx, CTX_ICPG);
  const groups = load<i32>(ctx, CTX_GROUP);
  const ih = load<i32>(ctx, CTX_IH);
  const iw = load<i32>(ctx, CTX_IW);
  const s = load<i32>(ctx, CTX_SH);
  const pt = load<i32>(ctx, CTX_PT);
  const pl = load<i32>(ctx, CTX_PL);
  const rowBytes = load<i32>(ctx, CTX_ROWBYTES); // bytes per padded row
  const rows = paddedRows(ctx);
  const xor = load<i32>(ctx, CTX_SRCXOR);
  const zp = load<i32>(ctx, CTX_SRCZP);
  const nchw = load<i32>(ctx, CTX_SRCLAYOUT) == 1;
  const c = g * icpg + ic;
  const plane = planes + <usize>(((n * groups + g) * icpg + ic) * rows * rowBytes);
  if (load<i32>(ctx, CTX_RELAXED) == 2) {
    padDot8(src, plane, n, c, C, ih, iw, s, pt, pl, rowBytes, rows, xor ^ load<i32>(ctx, CTX_DOTXOR), zp ^ load<i32>(ctx, CTX_DOTXOR), nchw);
    return;
  }
  const cols = s == 1 ? rowBytes >> 2 : rowBytes >> 1; // columns of the padded row
  const xorv = i8x16.splat(<i8>xor);
  const zpv = i16x8.splat(<i16>zp);
  const per = s == 1 ? 4 : 8; // columns one vector store writes
  for (let r: i32 = 0; r < rows; r++) {
    const y = r - pt;
    const row = plane + <usize>(r * rowBytes);
    if (y < 0 || y >= ih) {
      memory.fill(row, 0, <usize>rowBytes);
      continue;
    }
    // source element (n, c, y, x)
    const base = nchw ? src + <usize>((n * C + c) * ih * iw + y * iw) : src + <usize>(((((n * (C >> 2) + (c >> 2)) * ih + y) * iw) << 2) + (c & 3));
    const step: usize = nchw ? 1 : 4;
    // column m: stride 1 the pair (v[m], v[m + 1]), stride 2 v[m], of the padded row (source element m - PL);
    // columns whose elements lie inside the image row go 4 (8) at a time from one 16-byte source load
    let m: i32 = 0;
    while (m < cols) {
      const x0 = m - pl;
      if (nchw && x0 >= 0 && x0 + 16 <= iw && m + per <= cols) {
        const e = i16x8.sub(i16x8.extend_low_i8x16_s(v128.xor(v128.load(base + <usize>x0), xorv)), zpv);
        v128.store(row + <usize>(s == 1 ? m << 2 : m << 1), s == 1 ? i8x16.shuffle(e, e, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9) : e);
        m += per;
        continue;
      }
      for (let k: i32 = 0; k < (s == 1 ? 2 : 1); k++) {
        const x = x0 + k;
        const v = x >= 0 && x < iw ? <i16>((((<i32>load<u8>(base + <usize>x * step) ^ xor) << 24) >> 24) - zp) : <i16>0;
        store<i16>(row + <usize>(s == 1 ? (m << 2) + (k << 1) : m << 1), v);
      }
      m++;
    }
  }
}

/**
 * nchwDotPad for the dot8 rows: column m holds elements S*m .. S*m + 3 of the padded row. Columns whose elements
 * lie inside the image row, 4 at a time, are one 16-byte load of the source row and one shuffle; the others are
 * gathered element by element.
 */
function padDot8(
  src: usize, plane: usize, n: i32, c: i32, C: i32, ih: i32, iw: i32, s: i32, pt: i32, pl: i32, rowBytes: i32, rows: i32,
  bx: i32, padB: i32, nchw: bool,
): void {
  const cols = rowBytes >> 2;
  const bxv = i8x16.splat(<i8>bx);
  const step: usize = nchw ? 1 : 4;
  for (let r: i32 = 0; r < rows; r++) {
    const y = r - pt;
    const row = plane + <usize>(r * rowBytes);
    if (y < 0 || y >= ih) {
      memory.fill(row, <u8>padB, <usize>rowBytes);
      continue;
    }
    const base = nchw ? src + <usize>((n * C + c) * ih * iw + y * iw) : src + <usize>(((((n * (C >> 2) + (c >> 2)) * ih + y) * iw) << 2) + (c & 3));
    let m: i32 = 0;
    while (m < cols) {
      const x0 = s * m - pl; // first element of column m in the source row
      if (nchw && x0 >= 0 && x0 + 16 <= iw && m + 4 <= cols) {
        const v = v128.xor(v128.load(base + <usize>x0), bxv);
        const q = s == 1
          ? i8x16.shuffle(v, v, 0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5, 3, 4, 5, 6)
          : i8x16.shuffle(v, v, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9);
        v128.store(row + <usize>(m << 2), q);
        m += 4;
        continue;
      }
      for (let k: i32 = 0; k < 4; k++) {
        const x = x0 + k;
        const v = x >= 0 && x < iw ? <i32>load<u8>(base + <usize>x * step) ^ bx : padB;
        store<u8>(row + <usize>((m << 2) + k), <u8>v);
      }
      m++;
    }
  }
}

/**
 * nchwDotConv's row loop: output row `tr` of the int32 plane (owp columns, 8 a trip: two accumulators of 4) for
 * one input channel, from the padded rows at `rowBase` (stride 1: column c of P; stride 2: byte 4c, column 2c;
 * dot8: column c); `first`: start from `init` instead of the plane. T picks the step (common/dot-step.ts): i16
 * SIMD128 tap pairs, i8 relaxed dot8 tap quads; qStep: bytes between them in a padded row.
 */
// @ts-ignore: decorator
@inline
function convRow<T>(tr: usize, rowBase: usize, owp: i32, wIc: usize, init: v128, first: bool, fh: i32, nq: i32, qStep: i32, rowBytes: i32): void {
  if (!dotStepBuilt<T>()) unreachable(); else {
    for (let c: i32 = 0; c < owp; c += 8) {
      let a0 = first ? init : v128.load(tr + <usize>(c << 2));
      let a1 = first ? init : v128.load(tr + <usize>(c << 2), 16);
      let wp = wIc;
      let rp = rowBase + <usize>(c << 2);
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xp = rp;
        for (let q: i32 = 0; q < nq; q++) {
          const wv = v128.load(wp);
          a0 = dotStep<T>(a0, v128.load(xp), wv);
          a1 = dotStep<T>(a1, v128.load(xp, 16), wv);
          wp += 16;
          xp += <usize>qStep;
        }
        rp += <usize>rowBytes;
      }
      v128.store(tr + <usize>(c << 2), a0);
      v128.store(tr + <usize>(c << 2), a1, 16);
    }
  }
}

/** One output channel oc of group g of image n. */
export function nchwDotConv(ctx: usize, planes: usize, dst: usize, ws: usize, n: i32, g: i32, oc: i32): void {
  const icpg = load<i32>(ctx, CTX_ICPG);
  const groups = load<i32>(ctx, CTX_GROUP);
  const oh = load<i32>(ctx, CTX_OH);
  const ow = load<i32>(ctx, CTX_OW);
  const fh = load<i32>(ctx, CTX_FH);
  const s = load<i32>(ctx, CTX_SH);
  const rowBytes = load<i32>(ctx, CTX_ROWBYTES);
  const rows = paddedRows(ctx);
  const ocpg = load<i32>(ctx, CTX_OCPG);
  const owp = load<i32>(ctx, CTX_OWPAD); // output columns rounded up to 8
  const dot8 = load<i32>(ctx, CTX_RELAXED) == 2;
  const nq = dot8 ? (fh + 3) >> 2 : (fh + 1) >> 1;
  // bytes between tap pairs (dot8: quads) in a padded row
  const qStep = dot8 ? (s == 1 ? 16 : 8) : s == 1 ? 8 : 4;
  const planeBytes = rows * rowBytes;
  const temp = ws; // int32 [OH][owp]
  const tempRow = owp << 2;
  const chanW = icpg * fh * nq * 16;
  const w0 = <usize>load<i32>(ctx, CTX_WEIGHTS) + <usize>((g * ocpg + oc) * chanW);
  const ch = g * load<i32>(ctx, CTX_OCPGPAD) + oc;
  const init = v128.load32_splat(<usize>load<i32>(ctx, CTX_INIT) + <usize>(ch << 2));
  const groupPlanes = planes + <usize>((n * groups + g) * icpg * planeBytes);
  for (let ic: i32 = 0; ic < icpg; ic++) {
    const first = ic == 0;
    const pIc = groupPlanes + <usize>(ic * planeBytes);
    const wIc = w0 + <usize>(ic * fh * nq * 16);
    for (let r: i32 = 0; r < oh; r++) {
      const tr = temp + <usize>(r * tempRow);
      const rowBase = pIc + <usize>(r * s * rowBytes);
      if (dot8) {
        convRow<i8>(tr, rowBase, owp, wIc, init, first, fh, nq, qStep, rowBytes);
        continue;
      }
      convRow<i16>(tr, rowBase, owp, wIc, init, first, fh, nq, qStep, rowBytes);
    }
  }
  const plane = oh * ow;
  const elem: i32 = load<i32>(ctx, CTX_DSTTYPE) == 1 ? 4 : 1;
  const occ = load<i32>(ctx, CTX_OC);
  const dstN = dst + <usize>(n * occ * plane * elem);
  const biasN = load<i32>(ctx, CTX_BIASMODE) == 2 ? <usize>load<i32>(ctx, CTX_BIAS) + <usize>(n * occ * plane * 4) : 0;
  for (let r: i32 = 0; r < oh; r++) {
    finishRows(ctx, temp + <usize>(r * tempRow), tempRow, ch, g * ocpg + oc, 1, r * ow, ow, dstN, biasN);
  }
}
