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
 * Packed filter, per group, per tile of nb blocks of 4 output channels, per K step kb = (kh * FW + kw) * icbG + ib,
 * per block b: 32 bytes, i16 [w(o, c0), w(o, c1)] for o = 0..3 | [w(o, c2), w(o, c3)] for o = 0..3, channel
 * cj = 4 * ib + j of the group; channels past ICPG and outputs past OCPG are 0.
 */
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { GEMM_KERNELS, type GemmKernelVariant } from './kernel-table.generated.js';
import { reject, type AlgoPlan, type ConvAlgorithm, type PlanOptions } from './types.js';
import { I8ConvError } from '../errors.js';

/** Bytes of accumulator scratch at the start of each thread slice (assembly/gemm/task.ts GEMM_SCRATCH_BYTES). */
const SCRATCH_BYTES = 512;
/**
 * Target bytes of one task's B panel. The micro-kernels stream it once per output-channel tile while the tile's
 * weights stay in L1, so it should sit in L2 (512 KiB-2 MiB on the machines measured) together with the next
 * panel's source rows.
 */
const PANEL_BUDGET = 192 * 1024;

export function pickGemmKernels(forced?: string): { main: GemmKernelVariant; tail: (nb: number) => GemmKernelVariant | null } {
  let main: GemmKernelVariant | undefined;
  if (forced !== undefined) {
    main = GEMM_KERNELS.find((k) => k.name === forced);
    if (!main) throw new I8ConvError('UNKNOWN_KERNEL', `kernel: '${forced}' is not a GEMM kernel (${GEMM_KERNELS.map((k) => k.name).join(', ')})`, 'kernel');
  } else {
    main = GEMM_KERNELS.find((k) => k.role === 'main')!;
  }
  const m = main;
  return {
    main: m,
    tail: (nb) => {
      if (nb === 0) return null;
      const fits = GEMM_KERNELS.filter((k) => k.nb === nb && k.npix === m.npix);
      const t = fits.find((k) => k.role === 'tail') ?? fits[0];
      if (!t) throw new Error(`no GEMM kernel with ${nb} oc blocks and ${m.npix} pixels`);
      return t;
    },
  };
}

export interface GemmPlanFacts {
  main: GemmKernelVariant;
  tail: GemmKernelVariant | null;
  icbG: number;
  kbn: number;
  ocpgPad: number;
  panelPix: number;
  panels: number;
  perThreadBytes: number;
  packMode: number;
}

/** Pack modes of assembly/gemm/task.ts. */
function packModeOf(s: ConvShape, allowDirect: boolean): number {
  const plain1x1 = s.fh === 1 && s.fw === 1 && s.sh === 1 && s.sw === 1 && s.pt + s.pl + s.pb + s.pr === 0;
  const nchw44Src = s.format === 'NCHW44';
  if (nchw44Src && s.icpg % 4 === 0) return allowDirect && plain1x1 ? 0 : 1;
  if (nchw44Src) return 4;
  return allowDirect && plain1x1 ? 2 : 3;
}

export function gemmPlanFacts(s: ConvShape, threads: number, kernel?: string, allowDirect = true): GemmPlanFacts {
  const { main, tail } = pickGemmKernels(kernel);
  const icbG = Math.ceil(s.icpg / 4);
  const kbn = s.fh * s.fw * icbG;
  const ocpgPad = Math.ceil(s.ocpg / 4) * 4;
  const plane = s.oh * s.ow;
  const npix = main.npix;
  const roundUp = (v: number) => Math.ceil(v / npix) * npix;
  let panelPix = Math.max(npix, Math.floor(PANEL_BUDGET / (kbn * 32) / npix) * npix);
  panelPix = Math.min(panelPix, roundUp(plane));
  // every thread gets work: split the plane further when batch x groups gives fewer tasks than threads
  const outer = s.n * s.group;
  if (threads > 1 && outer * Math.ceil(plane / panelPix) < threads) {
    panelPix = Math.max(npix, roundUp(Math.ceil(plane / Math.ceil(threads / outer))));
  }
  const panels = Math.ceil(plane / panelPix);
  return {
    main,
    tail: tail((ocpgPad / 4) % main.nb),
    icbG,
    kbn,
    ocpgPad,
    panelPix,
    panels,
    perThreadBytes: SCRATCH_BYTES + panelPix * kbn * 32,
    packMode: packModeOf(s, allowDirect),
  };
}

function makeGemmPlan(s: ConvShape, { threads, kernel }: PlanOptions): AlgoPlan {
  const f = gemmPlanFacts(s, threads, kernel);
  const ocbG = f.ocpgPad / 4;
  const groupWeightBytes = ocbG * f.kbn * 32;
  const workspace = new WorkspaceBundle([groupWeightBytes * s.group, f.perThreadBytes * threads]);
  return {
    workspace,
    perThreadBytes: f.perThreadBytes,
    ocpgPad: f.ocpgPad,
    packedFilterBytes: groupWeightBytes * s.group,
    kernelNames: [f.main.name, ...(f.tail ? [f.tail.name] : [])],
    ctxFields: {
      kbn: f.kbn,
      icbG: f.icbG,
      panelPix: f.panelPix,
      tileNpix: f.main.npix,
      packMode: f.packMode,
      groupWeightBytes,
      mainVariant: f.main.id,
      mainNb: f.main.nb,
      tailVariant: f.tail ? f.tail.id : -1,
      tailNb: f.tail ? f.tail.nb : 0,
    },
    packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null {
      const { icpg, ocpg, fh, fw } = s;
      const o16 = new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1);
      const weight = (g: number, o: number, c: number, kh: number, kw: number) =>
        o < ocpg && c < icpg ? oihw[(((g * ocpg + o) * icpg + c) * fh + kh) * fw + kw] : 0;
      let p = 0;
      for (let g = 0; g < s.group; g++) {
        for (let blk0 = 0; blk0 < ocbG; blk0 += f.main.nb) {
          const nb = Math.min(f.main.nb, ocbG - blk0);
          for (let kh = 0; kh < fh; kh++)
            for (let kw = 0; kw < fw; kw++)
              for (let ib = 0; ib < f.icbG; ib++)
                for (let b = 0; b < nb; b++)
                  for (let half = 0; half < 2; half++)
                    for (let o4 = 0; o4 < 4; o4++)
                      for (let j = 0; j < 2; j++) o16[p++] = weight(g, (blk0 + b) * 4 + o4, ib * 4 + half * 2 + j, kh, kw);
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
