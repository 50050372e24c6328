/**
 * WASMS8_CHANWISE: channel-wise (depthwise) convolution, group = IC = OC, in NCHW44 (MegEngine's
 * S8_CHAN_WISE_STRD1/2_NCHW44 and its large-kernel siblings) and in NCHW (any channel count). Any filter size,
 * rectangular too, any stride, uneven padding. A dilated filter runs as the undilated filter that spans the same
 * taps, zeros between them ((FH - 1) * DH + 1 rows by (FW - 1) * DW + 1 columns: the same output size and the same
 * integer sums), where that costs at most MAX_DILATED_GROWTH times the taps (a dilated depthwise layer of a
 * segmentation backbone: 5x5 at dilation 2 is 9x9, 3.2x; the im2col GEMM runs one tiny product per channel). Kernels: assembly/chanwise/task.ts, which packs a tile
 * of padded rows as interleaved pixel pairs and spends FH * ceil(FW / 2) i32x4.dot_i16x8_s per output pixel and
 * block of 4 channels.
 *
 * With the relaxed dot (runtime isa wasmusdot / wasmsdot, kernel mode 2) the rows are packed as 4-pixel runs of
 * bytes instead (b = xs ^ dotXor) and each output pixel and block of 4 channels costs FH * ceil(FW / 4)
 * i32x4.relaxed_dot_i8x16_i7x16_add_s; the split-relaxed isa (saturating engines) runs the SIMD128 kernel.
 *
 * Packed filter, per block of 4 channels gb, per filter row kh:
 *   SIMD128, per tap pair q: 16 bytes, i16 [w(c0, kh, 2q), w(c0, kh, 2q + 1), w(c1, kh, 2q), ...]
 *   dot8, per tap quad q:    16 bytes, int8 [w(c0, kh, 4q .. 4q + 3), w(c1, kh, 4q .. 4q + 3), ...], and the
 *                            accumulator start corrected by -(zp + off) * sum of w (off 128 for usdot, 0 for sdot)
 * with c = 4 * gb + i (channels past C and taps past FW are 0).
 */
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { reject, type AlgoPlan, type ConvAlgorithm, type Isa, type PlanOptions } from './types.js';
import { zeroPointCorrection } from './common.js';
import { activationOffset, dotXor, pickSingleKernel, runsDot8 } from './isa.js';
import { CHANWISE_KERNELS } from './kernel-table.generated.js';

/** The most taps a dilated filter may grow to when its zeros are written out, as a multiple of its own taps. */
export const MAX_DILATED_GROWTH = 12;

/** The undilated shape of the same convolution (the filter spanning the dilated taps, zeros between them). */
export function undilated(s: ConvShape): ConvShape {
  if (s.dh === 1 && s.dw === 1) return s;
  return { ...s, fh: (s.fh - 1) * s.dh + 1, fw: (s.fw - 1) * s.dw + 1, dh: 1, dw: 1 };
}

/** An OIHW channel-wise filter of shape s written out at the undilated shape e (zeros between the taps). */
function spreadFilter(s: ConvShape, e: ConvShape, oihw: Int8Array): Int8Array {
  if (e === s) return oihw;
  const out = new Int8Array(s.oc * e.fh * e.fw);
  for (let c = 0; c < s.oc; c++)
    for (let kh = 0; kh < s.fh; kh++)
      for (let kw = 0; kw < s.fw; kw++)
        out[(c * e.fh + kh * s.dh) * e.fw + kw * s.dw] = oihw[(c * s.fh + kh) * s.fw + kw];
  return out;
}

/** Target bytes of one task's packed rows (Q): they are read FH times per output row, so they should stay in L2. */
const ROWS_BUDGET = 128 * 1024;
/** Output pixels per micro-tile (assembly/chanwise/task.ts convRow). */
const NPIX = 4;
/**
 * Output pixels (of one 4-channel block) a task should at least compute: below that, a task's call from the host
 * and its setup cost more than its work. Small planes get several blocks per task (960 channels at 7²: 4.3 GMAC/s
 * with one block per task).
 */
const TASK_MIN_PIXELS = 2048;

export interface ChanwisePlanFacts {
  /** Q entries per packed row */
  iwp: number;
  /** padded source pixels per raw row */
  rawCols: number;
  ohTile: number;
  ohTiles: number;
  blocks: number;
  blocksPerTask: number;
  blockTasks: number;
  scratchBytes: number;
  perThreadBytes: number;
}

export function chanwisePlanFacts(s: ConvShape, threads: number, isa: Isa = 'wasmsimd'): ChanwisePlanFacts {
  const owPad = Math.ceil(s.ow / NPIX) * NPIX;
  // taps per entry: 2 (SIMD128 pairs) or 4 (dot8 runs); nq entries per filter row
  const taps = runsDot8(isa) ? 4 : 2;
  const nq = Math.ceil(s.fw / taps);
  // Q entries read: stride 2 (compact, Q'[m] = Q[2m]): owPad - 1 + (nq - 1) * taps / 2 + 1; otherwise
  // (owPad - 1) * SW + (nq - 1) * taps + 1
  const compact = s.sw === 2;
  const iwp = compact ? owPad + ((nq - 1) * taps) / 2 : (owPad - 1) * s.sw + (nq - 1) * taps + 1;
  // raw pixels those entries read (Q[x]: x .. x + taps - 1; compact: 2m .. 2m + taps - 1), rounded up to the
  // 4-pixel loads of the packer
  const rawCols = Math.ceil((compact ? 2 * (iwp - 1) + taps : iwp - 1 + taps) / 4) * 4;
  const rowBytes = iwp * 16;
  const rowsFit = Math.floor((ROWS_BUDGET / rowBytes - s.fh + s.sh) / s.sh);
  let ohTile = Math.max(1, Math.min(s.oh, rowsFit));
  const blocks = Math.ceil(s.ic / 4);
  const outer = s.n * blocks;
  if (threads > 1 && outer < threads)
    ohTile = Math.max(1, Math.min(ohTile, Math.ceil(s.oh / Math.ceil(threads / outer))));
  const ohTiles = Math.ceil(s.oh / ohTile);
  // several blocks per task on small planes, as long as every thread still gets a task
  let blocksPerTask = Math.max(1, Math.min(blocks, Math.floor(TASK_MIN_PIXELS / (ohTile * s.ow))));
  while (blocksPerTask > 1 && s.n * Math.ceil(blocks / blocksPerTask) * ohTiles < threads) blocksPerTask--;
  const blockTasks = Math.ceil(blocks / blocksPerTask);
  const ihN = (ohTile - 1) * s.sh + s.fh;
  const scratchBytes = (ohTile * s.ow + NPIX) * 16;
  return {
    iwp,
    rawCols,
    ohTile,
    ohTiles,
    blocks,
    blocksPerTask,
    blockTasks,
    scratchBytes,
    perThreadBytes: scratchBytes + (rawCols + 8) * 4 + ihN * rowBytes,
  };
}

function makePlan(dilated: ConvShape, { threads, kernel, isa }: PlanOptions): AlgoPlan {
  const s = undilated(dilated);
  const k = pickSingleKernel(CHANWISE_KERNELS, isa, 'chanwise', () => true, kernel);
  const dot8 = k.mode === 2;
  const f = chanwisePlanFacts(s, threads, isa);
  const taps = dot8 ? 4 : 2;
  const nq = Math.ceil(s.fw / taps);
  const blockWeightBytes = s.fh * nq * 16;
  const workspace = new WorkspaceBundle([blockWeightBytes * f.blocks, f.perThreadBytes * threads]);
  return {
    workspace,
    perThreadBytes: f.perThreadBytes,
    ocpgPad: 1, // one channel per group: the per-channel arrays are flat
    packedFilterBytes: blockWeightBytes * f.blocks,
    kernelNames: [k.name],
    ctxFields: {
      // the undilated filter's size (the common fields hold the node's)
      fh: s.fh,
      fw: s.fw,
      dh: 1,
      dw: 1,
      relaxed: k.mode,
      dotXor: dotXor(isa),
      ohTile: f.ohTile,
      iwp: f.iwp,
      rawCols: f.rawCols,
      groupWeightBytes: blockWeightBytes,
      scratchBytes: f.scratchBytes,
      blocksPerTask: f.blocksPerTask,
    },
    packFilter(given: Int8Array, out: Uint8Array): Int32Array | null {
      const oihw = spreadFilter(dilated, s, given);
      const elems = dot8
        ? new Int8Array(out.buffer, out.byteOffset, out.byteLength)
        : new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1);
      const C = s.ic;
      let p = 0;
      for (let gb = 0; gb < f.blocks; gb++)
        for (let kh = 0; kh < s.fh; kh++)
          for (let q = 0; q < nq; q++)
            for (let i = 0; i < 4; i++)
              for (let j = 0; j < taps; j++) {
                const c = gb * 4 + i;
                const kw = taps * q + j;
                elems[p++] = c < C && kw < s.fw ? oihw[(c * s.fh + kh) * s.fw + kw] : 0;
              }
      if (p * elems.BYTES_PER_ELEMENT !== out.byteLength)
        throw new Error(`packFilter wrote ${p * elems.BYTES_PER_ELEMENT} of ${out.byteLength} bytes`);
      // SIMD128: the zero point is subtracted while packing the rows; dot8: b = xs + off, corrected in the start
      return dot8 ? zeroPointCorrection(s, oihw, 1, activationOffset(isa)) : null;
    },
    kernels: [
      {
        fn: k.fn,
        range: [s.n, f.blockTasks, f.ohTiles],
        args: [{ base: 'src' }, { base: 'dst' }, { base: 'slices', perThread: f.perThreadBytes }],
      },
    ],
  };
}

export const chanwise: ConvAlgorithm = {
  name: 'WASMS8_CHANWISE',
  formats: ['NCHW44', 'NCHW'],
  usable(s) {
    if (s.format === 'NCHW_NCHW44')
      return reject('UNSUPPORTED_FORMAT', 'format', 'this algorithm takes NCHW44 or NCHW');
    if (s.icpg !== 1 || s.ocpg !== 1) {
      return reject(
        'GROUP_MISMATCH',
        'group',
        `channel-wise needs group = ic = oc, got group ${s.group}, ic ${s.ic}, oc ${s.oc}`,
      );
    }
    const e = undilated(s);
    if (e.fh * e.fw > MAX_DILATED_GROWTH * s.fh * s.fw)
      return reject(
        'UNSUPPORTED_DILATION',
        'dilation',
        `[${s.dh}, ${s.dw}] spreads the ${s.fh}x${s.fw} filter over ${e.fh}x${e.fw} taps, more than ${MAX_DILATED_GROWTH} times its own`,
      );
    return null;
  },
  isPreferred: () => true,
  plan: makePlan,
};
