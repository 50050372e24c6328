/**
 * WASMS8_WINOGRAD_F23_NCHW44: 3x3 stride-1 convolutions by an exact integer Winograd F(2, 3) (Lavin's algorithm with
 * integer transforms), on SIMD128: 16 multiplies per 2x2 output tile and input channel instead of 36. Kernels:
 * assembly/winograd/task.ts (transforms and loop) and the pairs GEMM micro-kernels of WINOGRAD_KERNELS
 * (assembly/gemm/generated.ts gemm_s16p_*).
 *
 * Exactness (docs/conv.md#winograd): with G' = 2 G = [[2,0,0],[1,1,1],[1,-1,1],[0,0,2]] the filter transform
 * U' = G' g G'^T has integer entries, |U'| <= 9 * 128 = 1152; the input transform V = B^T d B of d = xs - zp
 * (|d| <= 255, padding 0) has |V| <= 1020; both fit the i16 lanes of i32x4.dot_i16x8_s, whose pair sums
 * (<= 2 * 1152 * 1020) fit i32. A^T (sum over channels of U' V) A = 4 Y, computed with wrapping i32 adds, equals
 * the true 4 Y modulo 2^32, hence exactly whenever |4 Y| < 2^31: 4 * 9 * ICPG * 128 * 255 < 2^31 for ICPG <= 1827,
 * so the algorithm takes at most 1824 input channels per group. Y = 4 Y >> 2.
 *
 * Packed filter, per group, per block of 4 output channels, per position xi = 4 i + j (16), per micro-tile of `noc`
 * consecutive channels of the block, per K step kb (input channels 4 kb .. 4 kb + 3), per channel o of the
 * micro-tile: 8 bytes, i16 [U'(o,k0), U'(o,k1)] | [U'(o,k2), U'(o,k3)]. A block's 16 positions are one contiguous
 * stream, in the order the task reads them; channel c of the block starts at c * kbn * 8 within its position. 32 bytes per (input, output channel) pair: 3.6x the int8 filter, against the
 * direct SIMD128 kernels' 18 (i16) or 9 (int8 twins).
 */
import type { SimdTileSet } from '../features.js';
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { WINOGRAD_KERNELS, type WinogradKernelVariant } from './kernel-table.generated.js';
import { reject, type AlgoPlan, type ConvAlgorithm, type Isa, type PlanOptions } from './types.js';
import { runsDot8 } from './isa.js';
import { ocPartsFor, splitForThreads } from './common.js';
import { I8ConvError } from '../errors.js';

/**
 * The most input channels per group for which 4 Y fits i32 with an f x f filter: 4 * f² * 128 * 255 * ICPG < 2^31,
 * rounded down to a multiple of 4 (3x3 1824, 5x5 656, 7x7 332).
 */
export function winogradMaxIcpg(f: number): number {
  return Math.floor((2 ** 31 - 1) / (4 * f * f * 128 * 255) / 4) * 4;
}

/** The 3x3 bound, 1824. */
export const WINOGRAD_MAX_ICPG = winogradMaxIcpg(3);

/** 3x3 blocks per side of an f x f filter (the filter zero-padded to 3, 6 or 9). */
function blocksOf(f: number): number {
  return Math.ceil(f / 3);
}

/**
 * Target bytes of a task's 16 B panels (the transformed input of its tiles): each position's panel is streamed once
 * per micro-tile of output channels, so it should sit in L1 (32-48 KiB on the machines measured) and all 16 in L2.
 */
const B_BUDGET = 384 * 1024;

/**
 * Fewest tiles of a panel that threads may split the tile rows into; below it they split the output channels. 2
 * threads, Node 24, Zen 5, 512->512 7² (4 tile rows of 4): 2 panels of 8 tiles 79.4 GMAC/s (direct 82.2) against
 * 4 channel parts of all 16 tiles 102.9 (direct 85.8).
 */
const MIN_SPLIT_TILES = 32;

/**
 * Fewest tiles a panel holds where the plane has them, whatever B_BUDGET says: with 5x5 and 7x7 filters (4 or 9 times
 * the K steps) one tile row of a 14x14 plane is 7 tiles, too few to pay for streaming the filter. Node 24, Zen 5,
 * 2x12 tiles, GMAC/s at one row / 4 rows a panel: 256->256 14² 5x5 37.8 / 52.8, 128->128 28² 5x5 48.7 / 56.6.
 */
const MIN_PANEL_TILES = 24;

/** Bytes before the output rows in a thread slice (assembly/winograd/task.ts HEADER). */
const HEADER = 128;

/** winogradFilter's 4 x 3 intermediate t = G' g (|t| <= 3 * 128: int16). */
const T = new Int16Array(12);

/**
 * U' = G' g G'^T of one 3x3 filter (row-major g), 16 integers, position xi = 4 i + j at [xi] (written into u when
 * given), with G' = 2 G = [[2,0,0],[1,1,1],[1,-1,1],[0,0,2]]: t = G' g (4 x 3), then t G'^T, each product of G' with a
 * vector (a, b, c) being (2a, a + b + c, a - b + c, 2c). Exact integers (|t| <= 384, |U'| <= 1152).
 */
export function winogradFilter(g: ArrayLike<number>, u: Int16Array = new Int16Array(16)): Int16Array {
  // t = G' g, one column (a, b, c) of g at a time: (2a, a + b + c, a - b + c, 2c)
  for (let j = 0; j < 3; j++) {
    const a = g[j],
      b = g[3 + j],
      c = g[6 + j];
    T[j] = 2 * a;
    T[3 + j] = a + b + c;
    T[6 + j] = a - b + c;
    T[9 + j] = 2 * c;
  }
  // U' = t G'^T, one row (a, b, c) of t at a time, the same combinations
  for (let i = 0; i < 4; i++) {
    const a = T[3 * i],
      b = T[3 * i + 1],
      c = T[3 * i + 2];
    u[4 * i] = 2 * a;
    u[4 * i + 1] = a + b + c;
    u[4 * i + 2] = a - b + c;
    u[4 * i + 3] = 2 * c;
  }
  return u;
}

export function pickWinogradKernels(
  forced: string | undefined,
  tiles: SimdTileSet = 'wide',
  f = 3,
): { main: WinogradKernelVariant; narrow: WinogradKernelVariant } {
  let main: WinogradKernelVariant | undefined;
  if (forced !== undefined) {
    main = WINOGRAD_KERNELS.find((k) => k.name === forced && k.npg > 1);
    if (!main) {
      const names = WINOGRAD_KERNELS.filter((k) => k.npg > 1)
        .map((k) => k.name)
        .join(', ');
      throw new I8ConvError('UNKNOWN_KERNEL', `kernel: '${forced}' is not a Winograd GEMM kernel (${names})`, 'kernel');
    }
  } else main = WINOGRAD_KERNELS.find((k) => k.role === 'main' && k.tileSet === tiles && k.filters.includes(f))!;
  const m = main;
  const narrow = WINOGRAD_KERNELS.find((k) => k.noc === m.noc && k.npg === 1);
  if (!narrow) throw new Error(`no 1-group Winograd kernel with ${m.noc} channels`);
  return { main: m, narrow };
}

/**
 * Bytes of one position's B panel (assembly/winograd/task.ts): whole 4 KiB pages plus 64 bytes. The input transform
 * stores each tile's values to all 16 panels; 16 panels a multiple of 4 KiB apart map to one L1 set (more lines than
 * its ways). Measured (Node 24, Zen 5, 64->64 56² 5x5, one tile row a panel, 2x8 tiles: panels of exactly 16 KiB):
 * 37.3 GMAC/s unstaggered, 56.0 staggered (2x12 tiles, 18 KiB panels: 56.5 / 57.2).
 */
function panelBytes(raw: number): number {
  return Math.ceil(raw / 4096) * 4096 + 64;
}

export interface WinogradPlanFacts {
  main: WinogradKernelVariant;
  narrow: WinogradKernelVariant;
  /** input-channel blocks of 4 per group, and the GEMM's K steps (one per 3x3 block and channel block) */
  icbG: number;
  kbn: number;
  /** tile rows per task, tasks per (n, group), output-channel parts */
  rows: number;
  panels: number;
  ocParts: number;
  scratchBytes: number;
  perThreadBytes: number;
}

export function winogradPlanFacts(
  s: ConvShape,
  threads: number,
  kernel?: string,
  tiles?: SimdTileSet,
): WinogradPlanFacts {
  const { main, narrow } = pickWinogradKernels(kernel, tiles, s.fh);
  const icbG = s.icpg / 4;
  const kbn = blocksOf(s.fh) ** 2 * icbG;
  const th = Math.ceil(s.oh / 2);
  const tw = Math.ceil(s.ow / 2);
  const perRow = 16 * tw * kbn * 8;
  // at least MIN_PANEL_TILES tiles where the plane has them: a panel streams the whole packed filter once
  const maxRows = Math.max(1, Math.floor(B_BUDGET / perRow), Math.ceil(MIN_PANEL_TILES / tw));
  const outer = s.n * s.group;
  // threads: more panels of fewer tile rows, unless that leaves a panel fewer than MIN_SPLIT_TILES tiles (each
  // panel streams all the group's packed weights); then the output channels are split instead
  let { per: rows, count: panels } = splitForThreads(th, Math.min(th, maxRows), outer, threads);
  if (threads > 1 && rows * tw < MIN_SPLIT_TILES)
    ({ per: rows, count: panels } = splitForThreads(th, Math.min(th, maxRows), outer, 1));
  const ocParts = ocPartsFor(outer * panels, threads, s.ocpg / 4);
  const tilesPad = Math.ceil((rows * tw) / main.npix) * main.npix;
  const rowStride = Math.ceil((2 * rows * s.ow) / 4) * 4 * 4;
  const mStride = (tilesPad + 4) * 4;
  const scratchBytes = HEADER + 4 * rowStride + 64 * mStride;
  return {
    main,
    narrow,
    icbG,
    kbn,
    rows,
    panels,
    ocParts,
    scratchBytes,
    perThreadBytes: scratchBytes + 16 * panelBytes(tilesPad * kbn * 8),
  };
}

/**
 * The packed filter (the header's layout) of an f x f filter: per output channel o, input channel c and 3x3 block
 * (a, b) of the filter zero-padded to a multiple of 3, U' = G' g G'^T (winogradFilter's arithmetic, inlined: the same
 * integers) at its 16 positions' streams. A block of 4 output channels at a time: its transforms first into a staging
 * array (one row of K = kbn * 4 values per position and channel, rows a little more than a 4 KiB multiple apart, so
 * that the 16 rows written together do not share cache sets), then each position's stream in order.
 */
function packWinogradFilter(s: ConvShape, f: WinogradPlanFacts, oihw: Int8Array, o16: Int16Array): void {
  const { icpg, ocpg, fh, fw } = s;
  const noc = f.main.noc;
  const nb = blocksOf(fh);
  const K = f.kbn * 4; // K index k = 4 kb + (c & 3) = sub * icpg + c
  const taps = fh * fw;
  // staging: [position][channel of the block][k], a position's 4 rows S = 4 K + 32 apart
  const S = 4 * K + 32;
  const st = new Int16Array(16 * S);
  for (let g = 0; g < s.group; g++)
    for (let b = 0; b < ocpg >> 2; b++) {
      for (let ol = 0; ol < 4; ol++) {
        const row = (g * ocpg + 4 * b + ol) * icpg * taps;
        for (let sub = 0; sub < nb * nb; sub++) {
          // block (ba, bb): taps (3 ba + i, 3 bb + j), 0 past the filter
          const ba = (sub / nb) | 0;
          const bb = sub - ba * nb;
          const kh0 = 3 * ba;
          const kw0 = 3 * bb;
          const whole = kh0 + 3 <= fh && kw0 + 3 <= fw;
          for (let c = 0; c < icpg; c++) {
            const at = row + c * taps + kh0 * fw + kw0;
            let g0: number, g1: number, g2: number, g3: number, g4: number, g5: number, g6: number, g7: number;
            let g8: number;
            if (whole) {
              g0 = oihw[at];
              g1 = oihw[at + 1];
              g2 = oihw[at + 2];
              g3 = oihw[at + fw];
              g4 = oihw[at + fw + 1];
              g5 = oihw[at + fw + 2];
              g6 = oihw[at + 2 * fw];
              g7 = oihw[at + 2 * fw + 1];
              g8 = oihw[at + 2 * fw + 2];
            } else {
              const tap = (i: number, j: number) => (kh0 + i < fh && kw0 + j < fw ? oihw[at + i * fw + j] : 0);
              g0 = tap(0, 0);
              g1 = tap(0, 1);
              g2 = tap(0, 2);
              g3 = tap(1, 0);
              g4 = tap(1, 1);
              g5 = tap(1, 2);
              g6 = tap(2, 0);
              g7 = tap(2, 1);
              g8 = tap(2, 2);
            }
            // t = G' g, column by column (a, b, c) -> (2a, a + b + c, a - b + c, 2c); rows t0..t3 of 3
            const t00 = 2 * g0,
              t01 = 2 * g1,
              t02 = 2 * g2;
            const t10 = g0 + g3 + g6,
              t11 = g1 + g4 + g7,
              t12 = g2 + g5 + g8;
            const t20 = g0 - g3 + g6,
              t21 = g1 - g4 + g7,
              t22 = g2 - g5 + g8;
            const t30 = 2 * g6,
              t31 = 2 * g7,
              t32 = 2 * g8;
            let q = ol * K + sub * icpg + c;
            // U' = t G'^T, row by row, the same combinations; positions xi = 4 i + j in order
            st[q] = 2 * t00;
            st[(q += S)] = t00 + t01 + t02;
            st[(q += S)] = t00 - t01 + t02;
            st[(q += S)] = 2 * t02;
            st[(q += S)] = 2 * t10;
            st[(q += S)] = t10 + t11 + t12;
            st[(q += S)] = t10 - t11 + t12;
            st[(q += S)] = 2 * t12;
            st[(q += S)] = 2 * t20;
            st[(q += S)] = t20 + t21 + t22;
            st[(q += S)] = t20 - t21 + t22;
            st[(q += S)] = 2 * t22;
            st[(q += S)] = 2 * t30;
            st[(q += S)] = t30 + t31 + t32;
            st[(q += S)] = t30 - t31 + t32;
            st[(q += S)] = 2 * t32;
          }
        }
      }
      // the block's streams: i16 index group, block, position, the micro-tile's channels, K step, channel in the
      // tile, pair, value; position xi's stream starts 4 K after position xi - 1's
      const blockBase = (g * (ocpg >> 2) + b) * 16 * 4 * K;
      for (let xi = 0; xi < 16; xi++)
        for (let ol = 0; ol < 4; ol++) {
          const o = 4 * b + ol;
          const tile0 = o - (o % noc);
          let q = blockBase + xi * 4 * K + (tile0 - 4 * b) * K + (o - tile0) * 4;
          let r = xi * S + ol * K;
          for (let kb = 0; kb < f.kbn; kb++, q += noc * 4, r += 4) {
            o16[q] = st[r];
            o16[q + 1] = st[r + 1];
            o16[q + 2] = st[r + 2];
            o16[q + 3] = st[r + 3];
          }
        }
    }
}

function makeWinogradPlan(s: ConvShape, { threads, kernel, tiles }: PlanOptions): AlgoPlan {
  const f = winogradPlanFacts(s, threads, kernel, tiles);
  const groupWeightBytes = 16 * s.ocpg * f.kbn * 8;
  const workspace = new WorkspaceBundle([groupWeightBytes * s.group, f.perThreadBytes * threads]);
  return {
    workspace,
    perThreadBytes: f.perThreadBytes,
    ocpgPad: s.ocpg,
    packedFilterBytes: groupWeightBytes * s.group,
    kernelNames: [...new Set([f.main.name, f.narrow.name])],
    ctxFields: {
      kbn: f.kbn,
      icbG: f.icbG,
      tileNpix: f.main.npix,
      winoRows: f.rows,
      ocParts: f.ocParts,
      groupWeightBytes,
      mainVariant: f.main.id,
      mainNb: f.main.noc,
      mainNarrow: f.narrow.id,
      scratchBytes: f.scratchBytes,
      relaxed: 0,
    },
    packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null {
      packWinogradFilter(s, f, oihw, new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1));
      return null; // d = xs - zp in the input transform: padding is 0, no correction
    },
    kernels: [
      {
        fn: 'convWinogradTask',
        range: [s.n, s.group, f.ocParts * f.panels],
        args: [{ base: 'src' }, { base: 'dst' }, { base: 'slices', perThread: f.perThreadBytes }],
      },
    ],
  };
}

export const winogradF23: ConvAlgorithm = {
  name: 'WASMS8_WINOGRAD_F23_NCHW44',
  formats: ['NCHW44'],
  usable(s) {
    if (s.format !== 'NCHW44')
      return reject('UNSUPPORTED_FORMAT', 'format', `this algorithm takes NCHW44, got ${s.format}`);
    if (s.fh !== s.fw || ![3, 5, 7].includes(s.fh))
      return reject('UNSUPPORTED_FILTER', 'fh', `this algorithm takes 3x3, 5x5 and 7x7 filters, got ${s.fh}x${s.fw}`);
    if (s.sh !== 1 || s.sw !== 1)
      return reject('UNSUPPORTED_STRIDE', 'sh', `this algorithm takes stride 1, got ${s.sh}x${s.sw}`);
    if (s.dh !== 1 || s.dw !== 1)
      return reject('UNSUPPORTED_DILATION', 'dh', `this algorithm takes dilation 1, got ${s.dh}x${s.dw}`);
    if (s.icpg % 4 !== 0)
      return reject('CHANNELS_NOT_MULTIPLE_OF_4', 'ic', `channels per group (${s.icpg}) must be a multiple of 4`);
    if (s.ocpg % 4 !== 0)
      return reject('CHANNELS_NOT_MULTIPLE_OF_4', 'oc', `channels per group (${s.ocpg}) must be a multiple of 4`);
    const most = winogradMaxIcpg(s.fh);
    if (s.icpg > most)
      return reject(
        'TOO_MANY_CHANNELS',
        'ic',
        `at most ${most} input channels per group with ${s.fh}x${s.fw} filters (exactness), got ${s.icpg}`,
      );
    return null;
  },
  /**
   * On SIMD128 runtimes (where the relaxed dot8 kernels run, the direct ones do 16 MACs an instruction and stay
   * faster: 100-110 against 80-90 GMAC/s), from 12 input channels per group and 9 tiles (a 5x5 output) up. Measured
   * (tools/ab-winograd.mjs, Node 24, Zen 5, 1 thread, GMAC/s direct / Winograd): 8->8 56² 37.8 / 36.7 (Node 20
   * 33.7 / 24.0), 12->12 56² 36.5 / 47.4, 16->16 56² 43.9 / 57.0, 256->256 5² (9 tiles) 41.5 / 53.4, 512->512 4²
   * (4 tiles) 42.3 / 34.1, 256->256 2² 41.8 / 16.2.
   * 5x5 (4 blocks of 3x3: 64 multiplies per tile and channel pair instead of 100) from 24 input channels: 64->64
   * 56² 44.9 / 59.7 (Chromium 47.8 / 63.0, Firefox 47.2 / 60.8, Node 20 44.0 / 52.7), 256->256 14² 45.7 / 54.3,
   * 32->32 56² 47.1 / 55.2, 16->16 56² 47.5 / 46.7. 7x7 (9 blocks: 144 against 196) is usable, not preferred: 1.06-1.16x
   * with the 4x8 tile in Node 24, Chromium and Firefox (64->64 56² 47.5 / 53.9), no gain with 2x8 (Node 20's tile).
   */
  isPreferred: (s: ConvShape, isa?: Isa) =>
    (isa === undefined || !runsDot8(isa)) &&
    Math.ceil(s.oh / 2) * Math.ceil(s.ow / 2) >= 9 &&
    (s.fh === 3 ? s.icpg >= 12 : s.fh === 5 && s.icpg >= 24),
  plan: makeWinogradPlan,
};
