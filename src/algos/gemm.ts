/**
 * The GEMM convolutions: C[oc][pixel] = sum over k of W[oc][k] * B[k][pixel], K = FH * FW * ceil(ICPG / 4) * 4.
 *   WASMS8_CONV1x1_GEMM   1x1 filters (MegEngine's CONV1x1 over an MK4_DOT-style matmul): B is the source itself
 *                         (stride 1, no padding) or a gather of it (stride 2, padding); a fully connected layer is
 *                         a 1x1 convolution of a 1x1 image.
 *   WASMS8_IM2COL_GEMM    every other shape: rectangular, dilated, strided, grouped, unevenly padded; any layout,
 *                         any channel count. The fallback that runs what the direct algorithms do not.
 * Kernels: assembly/gemm/ (task.ts packs one panel of output pixels, generated.ts holds the micro-kernels of
 * src/algos/kernel-table.generated.ts GEMM_KERNELS).
 *
 * Packed filter, per group, output channels in blocks of 4, each block in micro-tiles of main.noc channels and then
 * 1-channel tiles (assembly/gemm/task.ts runs them in that order); per tile, per K step
 * kb = (kh * FW + kw) * icbG + ib, per channel o of the tile: 32 bytes, i16 [w(o, c0), w(o, c1)] x 4 |
 * [w(o, c2), w(o, c3)] x 4 with cj = 4 * ib + j the group's input channel (0 past ICPG). A channel's tile data
 * starts at (channel * kbn * 32) within the group, whatever the tiling.
 */
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { GEMM_KERNELS, type GemmKernelVariant } from './kernel-table.generated.js';
import { reject, type AlgoPlan, type ConvAlgorithm, type PlanOptions } from './types.js';
import { I8ConvError } from '../errors.js';

/**
 * Target bytes of one task's B panel. The micro-kernels stream it once per output-channel tile while the tile's
 * weights stay in L1, so it should sit in L2 (512 KiB-2 MiB on the machines measured) together with the next
 * panel's source rows.
 */
const PANEL_BUDGET = 192 * 1024;

export interface GemmKernelSet {
  main: GemmKernelVariant;
  /** 1 channel, main's pixels (a 4-channel block's remainder) */
  tail: GemmKernelVariant;
  /** main's channels, 4 pixels; 1 channel, 4 pixels (a panel's last 1-4 pixels) */
  mainNarrow: GemmKernelVariant;
  tailNarrow: GemmKernelVariant;
}

function gemmKernel(noc: number, npg: number): GemmKernelVariant {
  const fits = GEMM_KERNELS.filter((k) => k.noc === noc && k.npg === npg);
  const k = fits.find((v) => v.role !== 'alt') ?? fits[0];
  if (!k) throw new Error(`no GEMM kernel with ${noc} channels and ${npg * 4} pixels`);
  return k;
}

export function pickGemmKernels(forced?: string): GemmKernelSet {
  let main: GemmKernelVariant | undefined;
  if (forced !== undefined) {
    main = GEMM_KERNELS.find((k) => k.name === forced);
    if (!main) throw new I8ConvError('UNKNOWN_KERNEL', `kernel: '${forced}' is not a GEMM kernel (${GEMM_KERNELS.map((k) => k.name).join(', ')})`, 'kernel');
  } else {
    main = GEMM_KERNELS.find((k) => k.role === 'main')!;
  }
  return { main, tail: gemmKernel(1, main.npg), mainNarrow: gemmKernel(main.noc, 1), tailNarrow: gemmKernel(1, 1) };
}

export interface GemmPlanFacts extends GemmKernelSet {
  icbG: number;
  kbn: number;
  ocpgPad: number;
  panelPix: number;
  panels: number;
  /** accumulator scratch: 4 channel rows of the panel */
  scratchBytes: number;
  perThreadBytes: number;
  packMode: number;
}

/** Pack modes of assembly/gemm/task.ts. */
function packModeOf(s: ConvShape, allowDirect: boolean): number {
  const unpadded1x1 = s.fh === 1 && s.fw === 1 && s.pt + s.pl + s.pb + s.pr === 0;
  const plain1x1 = unpadded1x1 && s.sh === 1 && s.sw === 1;
  const nchw44Src = s.format === 'NCHW44';
  if (nchw44Src && s.icpg % 4 === 0) return allowDirect && plain1x1 ? 0 : allowDirect && unpadded1x1 ? 5 : 1;
  if (nchw44Src) return 4;
  return allowDirect && plain1x1 ? 2 : 3;
}

export function gemmPlanFacts(s: ConvShape, threads: number, kernel?: string, allowDirect = true): GemmPlanFacts {
  const kernels = pickGemmKernels(kernel);
  const { main } = kernels;
  const icbG = Math.ceil(s.icpg / 4);
  const kbn = s.fh * s.fw * icbG;
  const ocpgPad = Math.ceil(s.ocpg / 4) * 4;
  const plane = s.oh * s.ow;
  const unit = main.npg * 4; // pixels per micro-tile
  const roundUp = (v: number) => Math.ceil(v / unit) * unit;
  // B holds 8 bytes per (pixel, K step)
  let panelPix = Math.max(unit, Math.floor(PANEL_BUDGET / (kbn * 8) / unit) * unit);
  panelPix = Math.min(panelPix, roundUp(plane));
  // every thread gets work: split the plane further when batch x groups gives fewer tasks than threads
  const outer = s.n * s.group;
  if (threads > 1 && outer * Math.ceil(plane / panelPix) < threads) {
    panelPix = Math.max(unit, roundUp(Math.ceil(plane / Math.ceil(threads / outer))));
  }
  const panels = Math.ceil(plane / panelPix);
  const scratchBytes = 4 * panelPix * 4;
  return {
    ...kernels, icbG, kbn, ocpgPad, panelPix, panels, scratchBytes,
    perThreadBytes: scratchBytes + panelPix * kbn * 8,
    packMode: packModeOf(s, allowDirect),
  };
}

function makeGemmPlan(s: ConvShape, { threads, kernel }: PlanOptions): AlgoPlan {
  const f = gemmPlanFacts(s, threads, kernel);
  const chanBytes = f.kbn * 32;
  const groupWeightBytes = s.ocpg * chanBytes;
  const workspace = new WorkspaceBundle([groupWeightBytes * s.group, f.perThreadBytes * threads]);
  return {
    workspace,
    perThreadBytes: f.perThreadBytes,
    ocpgPad: f.ocpgPad,
    packedFilterBytes: groupWeightBytes * s.group,
    kernelNames: [f.main.name, f.tail.name, f.mainNarrow.name, f.tailNarrow.name],
    ctxFields: {
      kbn: f.kbn,
      icbG: f.icbG,
      panelPix: f.panelPix,
      tileNpix: f.main.npg * 4,
      packMode: f.packMode,
      groupWeightBytes,
      mainVariant: f.main.id,
      mainNb: f.main.noc,
      tailVariant: f.tail.id,
      tailNb: 1,
      mainNarrow: f.mainNarrow.id,
      tailNarrow: f.tailNarrow.id,
      scratchBytes: f.scratchBytes,
    },
    packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null {
      const { icpg, ocpg, fh, fw } = s;
      const o16 = new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1);
      const weight = (g: number, o: number, c: number, kh: number, kw: number) =>
        c < icpg ? oihw[(((g * ocpg + o) * icpg + c) * fh + kh) * fw + kw] : 0;
      let p = 0;
      for (let g = 0; g < s.group; g++) {
        for (let c0 = 0; c0 < ocpg; c0 += 4) {
          const nch = Math.min(4, ocpg - c0);
          // the block's micro-tiles, as the task runs them: main.noc channels while they fit, then single channels
          const tiles: Array<[number, number]> = [];
          let c = 0;
          for (; c + f.main.noc <= nch; c += f.main.noc) tiles.push([c0 + c, f.main.noc]);
          for (; c < nch; c++) tiles.push([c0 + c, 1]);
          for (const [first, noc] of tiles) {
            for (let kh = 0; kh < fh; kh++)
              for (let kw = 0; kw < fw; kw++)
                for (let ib = 0; ib < f.icbG; ib++)
                  for (let o = first; o < first + noc; o++)
                    for (let half = 0; half < 2; half++)
                      for (let lane = 0; lane < 4; lane++)
                        for (let j = 0; j < 2; j++) o16[p++] = weight(g, o, ib * 4 + half * 2 + j, kh, kw);
          }
        }
      }
      if (p * 2 !== out.byteLength) throw new Error(`packFilter wrote ${p * 2} of ${out.byteLength} bytes`);
      return null; // the zero point is subtracted while packing B
    },
    kernels: [
      {
        range: [s.n, s.group, f.panels],
        run(e, threadId, [n, g, t]) {
          e.core.exports.convGemmTask(e.ctx, e.src, e.dst, e.threadSlices + threadId * f.perThreadBytes, n, g, t);
        },
      },
    ],
  };
}

export const conv1x1Gemm: ConvAlgorithm = {
  name: 'WASMS8_CONV1x1_GEMM',
  formats: ['NCHW44', 'NCHW', 'NCHW_NCHW44'],
  usable(s) {
    if (s.fh !== 1 || s.fw !== 1) return reject('UNSUPPORTED_FILTER', 'fh', `this algorithm takes 1x1 filters, got ${s.fh}x${s.fw}`);
    return null;
  },
  isPreferred: () => true,
  plan: makeGemmPlan,
};

export const im2colGemm: ConvAlgorithm = {
  name: 'WASMS8_IM2COL_GEMM',
  formats: ['NCHW44', 'NCHW', 'NCHW_NCHW44'],
  usable: () => null,
  isPreferred: () => false,
  plan: makeGemmPlan,
};
