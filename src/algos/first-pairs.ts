/**
 * WASMDOTS8PAIRS_NCHW_NCHW44: first layers (NCHW source with IC <= 3, NCHW44 output) without padding IC to 4.
 * A filter row of an output pixel is FW * IC consecutive values of the padded row with its channels interleaved per
 * column; the kernel takes them two at a time, one i32x4.dot_i16x8_s per pair, block of 4 output channels and
 * pixel (assembly/conv-first/task.ts says how). Usable where SW * IC is even (every RGB stride-2 first layer, and
 * 1- or 2-channel ones): then every output pixel's run starts on a pair.
 *
 * Packed filter, per tile of the main kernel's blocks of 4 output channels (the rest one block at a time), per filter
 * row kh, per pair m,
 * per block b of the tile: 16 bytes, i16 [w(o, k), w(o, k + 1)] for the block's channels o = 0..3, with k = 2m and
 * w(o, k) = weight(o, channel k % IC, kh, column k / IC), 0 past FW * IC or past OC. The zero point is subtracted
 * while the rows are packed, so the accumulator start is the channel bias alone.
 *
 * Preferred on the SIMD128 build. The relaxed dot8 builds keep WASMDOTS8_NCHW_NCHW44, whose one dot per 16
 * multiply-adds does more even with a quarter of them on padding.
 */
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { reject, type AlgoPlan, type ConvAlgorithm, type Isa, type PlanOptions } from './types.js';
import { runsDot8 } from './isa.js';
import { I8ConvError } from '../errors.js';
import { FIRST_PAIRS_KERNELS, type FirstPairsKernelVariant } from './kernel-table.generated.js';

/** Target bytes of one task's packed rows (they are read FH times per output row, so they should stay in L2). */
const ROWS_BUDGET = 128 * 1024;
/** The pair step's tiles, from the kernel table: the widest (main) and the one-block tile for a last odd block. */
function tilesFor(ps: number): { main: FirstPairsKernelVariant; tail: FirstPairsKernelVariant } {
  const ks = FIRST_PAIRS_KERNELS.filter((k) => k.ps === ps);
  const main = ks.reduce((a, b) => (b.nb > a.nb ? b : a));
  const tail = ks.find((k) => k.nb === 1 && k.npix === main.npix);
  if (!tail) throw new Error(`no one-block first-layer pair kernel for ps ${ps}`);
  return { main, tail };
}

export interface FirstPairsFacts {
  /** i16 pairs between two output pixels */
  ps: number;
  main: FirstPairsKernelVariant;
  tail: FirstPairsKernelVariant;
  /** pairs per filter row */
  taps: number;
  /** pairs per packed row */
  iwp: number;
  rowBytes: number;
  ohTile: number;
  ohTiles: number;
  scratchBytes: number;
  perThreadBytes: number;
}

export function firstPairsFacts(s: ConvShape, threads: number): FirstPairsFacts {
  const ps = (s.sw * s.ic) / 2;
  const taps = Math.ceil((s.fw * s.ic) / 2);
  const { main, tail } = tilesFor(ps);
  const owPad = Math.ceil(s.ow / main.npix) * main.npix;
  const iwp = (owPad - 1) * ps + taps;
  const rowBytes = Math.ceil((iwp * 4) / 16) * 16;
  const rowsFit = Math.floor((ROWS_BUDGET / rowBytes - s.fh + s.sh) / s.sh);
  let ohTile = Math.max(1, Math.min(s.oh, rowsFit));
  if (threads > 1 && s.n * Math.ceil(s.oh / ohTile) < 2 * threads)
    ohTile = Math.max(1, Math.ceil(s.oh / Math.ceil((2 * threads) / s.n)));
  const ohTiles = Math.ceil(s.oh / ohTile);
  const ihN = (ohTile - 1) * s.sh + s.fh;
  const scratchBytes = main.nb * owPad * 16; // one output row of the main tile's accumulators
  return {
    ps,
    main,
    tail,
    taps,
    iwp,
    rowBytes,
    ohTile,
    ohTiles,
    scratchBytes,
    perThreadBytes: scratchBytes + ihN * rowBytes,
  };
}

function makePlan(s: ConvShape, { threads, kernel }: PlanOptions): AlgoPlan {
  const f = firstPairsFacts(s, threads);
  const ocb = Math.ceil(s.oc / 4);
  const filterBytes = ocb * s.fh * f.taps * 16;
  const { main, tail } = f;
  const names = [...(ocb >= main.nb ? [main.name] : []), ...(ocb % main.nb !== 0 ? [tail.name] : [])];
  if (kernel !== undefined && kernel !== names[0]) {
    throw new I8ConvError(
      'UNKNOWN_KERNEL',
      `kernel: '${kernel}' is not the first-layer pair kernel of this shape (${names[0]})`,
      'kernel',
    );
  }
  return {
    workspace: new WorkspaceBundle([filterBytes, f.perThreadBytes * threads]),
    perThreadBytes: f.perThreadBytes,
    ocpgPad: ocb * 4,
    packedFilterBytes: filterBytes,
    kernelNames: names,
    ctxFields: {
      ohTile: f.ohTile,
      iwp: f.iwp,
      pairTaps: f.taps,
      scratchBytes: f.scratchBytes,
      mainVariant: main.id,
      mainNb: main.nb,
      tailVariant: tail.id,
      tailNb: tail.nb,
    },
    packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null {
      const { ic: C, fh, fw, oc } = s;
      const o16 = new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1);
      let p = 0;
      for (let b0 = 0; b0 < ocb; b0 += main.nb) {
        const nb = ocb - b0 >= main.nb ? main.nb : tail.nb;
        for (let kh = 0; kh < fh; kh++)
          for (let m = 0; m < f.taps; m++)
            for (let b = 0; b < nb; b++)
              for (let o4 = 0; o4 < 4; o4++)
                for (let e = 0; e < 2; e++) {
                  const o = (b0 + b) * 4 + o4;
                  const k = 2 * m + e;
                  const kw = Math.floor(k / C);
                  o16[p++] = o < oc && kw < fw ? oihw[((o * C + (k % C)) * fh + kh) * fw + kw] : 0;
                }
      }
      if (p * 2 !== out.byteLength) throw new Error(`packFilter wrote ${p * 2} of ${out.byteLength} bytes`);
      return null;
    },
    kernels: [
      {
        fn: 'firstPairsTask',
        range: [s.n, 1, f.ohTiles],
        args: [{ base: 'src' }, { base: 'dst' }, { base: 'slices', perThread: f.perThreadBytes }],
      },
    ],
  };
}

export const firstPairs: ConvAlgorithm = {
  name: 'WASMDOTS8PAIRS_NCHW_NCHW44',
  formats: ['NCHW_NCHW44'],
  usable(s) {
    if (s.format !== 'NCHW_NCHW44')
      return reject('UNSUPPORTED_FORMAT', 'format', `this algorithm takes NCHW_NCHW44, got ${s.format}`);
    if (s.group !== 1) return reject('GROUP_MISMATCH', 'group', `first-layer pairs run group 1, got ${s.group}`);
    if (s.ic > 3)
      return reject(
        'UNSUPPORTED_FORMAT',
        'ic',
        `first-layer pairs take NCHW sources of at most 3 channels, got ${s.ic}`,
      );
    if ((s.sw * s.ic) % 2 !== 0 || s.sw * s.ic > 6) {
      return reject(
        'UNSUPPORTED_STRIDE',
        'stride',
        `first-layer pairs need stride x input channels even and at most 6, got ${s.sw} x ${s.ic}`,
      );
    }
    if (s.dh !== 1 || s.dw !== 1)
      return reject('UNSUPPORTED_DILATION', 'dilation', `must be [1, 1], got [${s.dh}, ${s.dw}]`);
    return null;
  },
  isPreferred: (_s, isa?: Isa) => !isa || !runsDot8(isa),
  plan: makePlan,
};
