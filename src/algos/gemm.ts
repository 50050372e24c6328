/**
 * The GEMM convolution plan shared by WASMS8_CONV1x1_GEMM (src/algos/conv1x1-gemm.ts) and WASMS8_IM2COL_GEMM
 * (src/algos/im2col-gemm.ts): C[oc][pixel] = sum over k of W[oc][k] * B[k][pixel], K = FH * FW * ceil(ICPG / 4) * 4.
 * Kernels: assembly/gemm/ (task.ts packs one panel of output pixels, generated.ts holds the micro-kernels of
 * src/algos/kernel-table.generated.ts GEMM_KERNELS).
 *
 * Packed filter, per group, output channels in blocks of 4, each block in micro-tiles of main.noc channels and then
 * 1-channel tiles (assembly/gemm/task.ts runs them in that order); per tile, per K step
 * kb = (kh * FW + kw) * icbG + ib, per channel o of the tile: 8 bytes, i16 [w(o, c0), w(o, c1), w(o, c2), w(o, c3)]
 * (the kernels splat each pair to the 4 pixel lanes as they load it) with cj = 4 * ib + j the group's input channel
 * (0 past ICPG). A channel's tile data starts at (channel * kbn * 8) within the group, whatever the tiling. (Until
 * 2026-12-04 the pairs were stored splat, 32 bytes: 4x the weight bytes streamed per exec.)
 */
import type { ConvShape } from '../params.js';
import type { SimdTileSet } from '../features.js';
import { WorkspaceBundle } from '../workspace.js';
import { GEMM_KERNELS, type GemmKernelVariant } from './kernel-table.generated.js';
import type { AlgoPlan, Isa, PlanOptions } from './types.js';
import { activationOffset, dotXor, kernelIsa } from './isa.js';
import { ocPartsFor, splitForThreads, zeroPointCorrection } from './common.js';
import { I8ConvError } from '../errors.js';

/**
 * Target bytes of one task's B panel. The micro-kernels stream it once per output-channel tile while the tile's
 * weights stay in L1, so it should sit in L2 (512 KiB-2 MiB on the machines measured) together with the next
 * panel's source rows.
 */
const PANEL_BUDGET = 192 * 1024;

export type GemmLanes = 'pixel' | 'channel';

export interface GemmKernelSet {
  lanes: GemmLanes;
  main: GemmKernelVariant;
  /** pixel-lane: 1 channel, main's pixels (a 4-channel block's remainder); channel-lane: 1 block, main's pixels */
  tail: GemmKernelVariant;
  /** pixel-lane: main's channels, 4 pixels; 1 channel, 4 pixels (a panel's last 1-4 pixels); channel-lane: unused */
  mainNarrow: GemmKernelVariant;
  tailNarrow: GemmKernelVariant;
}

/** The GEMM kernels' ISA for a runtime ISA: the relaxed dot8 kernels for usdot / sdot, SIMD128 otherwise. */
function gemmIsa(isa: Isa): 'wasmsimd' | 'wasmrelaxeddot' {
  return kernelIsa(isa, 'gemm') as 'wasmsimd' | 'wasmrelaxeddot';
}

function gemmKernel(
  lanes: GemmLanes,
  noc: number,
  npix: number,
  isa: 'wasmsimd' | 'wasmrelaxeddot',
): GemmKernelVariant {
  const fits = GEMM_KERNELS.filter((k) => k.lanes === lanes && k.noc === noc && k.npix === npix && k.isa === isa);
  const k = fits.find((v) => v.role !== 'alt') ?? fits[0];
  if (!k) throw new Error(`no ${lanes}-lane ${isa} GEMM kernel with ${noc} channels and ${npix} pixels`);
  return k;
}

/**
 * The lanes for a shape when no kernel is forced. Per exec, the pixel-lane kernels pack B widened (2x the source's
 * bytes) and read compact weights; the channel-lane kernels pack B as broadcast pairs (8x) and compact weights.
 * - narrow tile set (Node 20): channel-lane when the plane has fewer pixels than the group has output channels.
 *   Measured when the pixel-lane weights were still stored splat (4x), Node 20, AMD EPYC, NCHW44 uint8 1x1, GMAC/s
 *   pixel-lane vs channel-lane, one process, ceiling loop 45-46: 576->160 7² 34.6 vs 37.8, 320->1280 7² 35.5 vs
 *   41.6, 96->576 14² 38.2 vs 39.8; and the other way: 384->64 14² 34.0 vs 31.4, 64->384 28² 35.4 vs 34.8, 256->256
 *   56² 39.0 vs 38.2, 16->96 112² 20.8 vs 19.0.
 * - wide (2x12 pixel-lane tiles, compact weights): channel-lane only above 6 output channels per pixel. Forced by
 *   name (Node 24, Zen 5, medians of 1.5 s, GMAC/s 2x12 vs channel-lane oc8x2): 96->576 14² 47.8 vs 45.4, 576->160
 *   7² 44.0 vs 41.8, 960->160 7² 44.4 vs 41.7, 1024->256 7² 45.0 vs 43.6, 256->1024 14² 49.8 vs 46.4 (5.2 channels a
 *   pixel), 128->512 7² 43.7 vs 43.3 (10.4); 64->384 7² 40.2 vs 41.1 (7.8), 96->576 7² 42.5 vs 43.3, 160->960 7²
 *   45.7 vs 46.1, 320->1280 7² 46.4 vs 47.5. In MobileNetV2 the bound took 0.988x the time, no layer slower. (With
 *   the weights still splat, pixel lanes on 576->160 7² had made that layer 1.22x slower in the model though faster
 *   alone: a model streams its weights from further out than a benchmark repeating one layer.)
 */
/** Output channels of the (SIMD128) channel-lane main kernel's tile. */
export const CHANNEL_LANE_NOC = GEMM_KERNELS.find((k) => k.lanes === 'channel' && k.role === 'main')!.noc;

export function defaultLanes(s: ConvShape, isa: Isa = 'wasmsimd', tiles: SimdTileSet = 'wide'): GemmLanes {
  // the dot8 kernels read both operands compact (no broadcast copies): the pixel-lane ones serve every plane but
  // small ones. A plane of 12 pixels or fewer runs the pixel-lane main tile (24 pixels) only on its last 1-4 by the
  // 4-pixel companions, two accumulators in flight; the channel-lane kernels (4 channels per accumulator, the pixel's
  // 4 bytes splat, 8 accumulators) re-read the weights per pixel and win there. Forced by name, 1 thread (Node 24,
  // Xeon with AVX-VNNI, usdot), channel / pixel time over planes of 2 / 4 / 8 / 12 / 16 / 24 pixels: 1x3 1-D 128->128
  // 0.38 / 0.49 / 0.51 / 0.76 / 1.00 / 1.59, 1x3 512->512 0.43-0.84 up to 12 then 1.11 / 1.69, 1x1 NCHW44 256->64 0.60
  // / 0.78 / 0.65 / 0.94 / 1.17 / 2.12; with few channels the bound is lower: 64->8 0.45 / 0.48 / 0.73 / 1.02, 64->16
  // 0.47 / 0.54 / 0.83 / 1.16. (Silero VAD's 1-D encoder: 4 and 2 pixels, 14 -> 7 us a layer.)
  if (gemmIsa(isa) === 'wasmrelaxeddot') {
    const plane = s.oh * s.ow;
    return s.ocpg >= CHANNEL_LANE_NOC && (plane <= 8 || (plane <= 12 && s.ocpg >= 32)) ? 'channel' : 'pixel';
  }
  if (tiles === 'wide') return s.oh * s.ow * 6 < s.ocpg ? 'channel' : 'pixel';
  return s.oh * s.ow < s.ocpg ? 'channel' : 'pixel';
}

/**
 * The kernels of a shape's lanes: the forced main kernel, or the ISA's main tile (SIMD128 pixel-lane: the one of the
 * engine's tile set, tools/conv-variants.mjs GEMM_TILES), with the tail and 4-pixel companions of its size.
 */
export function pickGemmKernels(
  forced: string | undefined,
  lanes: GemmLanes,
  runtimeIsa: Isa = 'wasmsimd',
  tiles: SimdTileSet = 'wide',
): GemmKernelSet {
  const isa = gemmIsa(runtimeIsa);
  let main: GemmKernelVariant | undefined;
  if (forced !== undefined) {
    main = GEMM_KERNELS.find((k) => k.name === forced && k.isa === isa);
    if (!main) {
      const names = GEMM_KERNELS.filter((k) => k.isa === isa)
        .map((k) => k.name)
        .join(', ');
      throw new I8ConvError('UNKNOWN_KERNEL', `kernel: '${forced}' is not a ${isa} GEMM kernel (${names})`, 'kernel');
    }
  } else {
    main = GEMM_KERNELS.find(
      (k) => k.role === 'main' && k.lanes === lanes && k.isa === isa && (k.tileSet === null || k.tileSet === tiles),
    )!;
  }
  const m = main;
  if (m.lanes === 'channel') {
    const tail = gemmKernel('channel', 4, m.npix, isa);
    return { lanes: 'channel', main: m, tail, mainNarrow: tail, tailNarrow: tail };
  }
  return {
    lanes: 'pixel',
    main: m,
    tail: gemmKernel('pixel', 1, m.npix, isa),
    mainNarrow: gemmKernel('pixel', m.noc, 4, isa),
    tailNarrow: gemmKernel('pixel', 1, 4, isa),
  };
}

export interface GemmPlanFacts extends GemmKernelSet {
  icbG: number;
  kbn: number;
  ocpgPad: number;
  panelPix: number;
  panels: number;
  /** parts the output channels are split into (tasks: N x G x ocParts * panels) */
  ocParts: number;
  /** accumulator scratch: 4 channel rows (pixel-lane) or the main tile's blocks (channel-lane) of the panel */
  scratchBytes: number;
  perThreadBytes: number;
  packMode: number;
}

/**
 * Whether a K step holds 4 filter taps of one input channel (pack mode 6) rather than one tap of 4 channels: an NCHW
 * source with one input channel per group and a filter row of 2 taps or more (an audio front end's 1-channel STFT
 * convolution of 512 taps: 128 K steps instead of 512, a 4x smaller GEMM).
 */
export const tapSteps = (s: ConvShape): boolean => s.icpg === 1 && s.fw >= 2 && s.format !== 'NCHW44';

/**
 * Pack modes of assembly/gemm/task.ts: 0 the NCHW44 1x1 stride-1 unpadded source read as it is, 5 the NCHW44 strided
 * unpadded 1x1, 7 every other NCHW44 filter with channels per group a multiple of 4, 8 every NCHW filter (7 and 8: at
 * stride 1 one load per 4 pixels of a row, shifted per K step, across row ends where the rows follow each other,
 * gathered only at borders; at larger strides a gather), 4 NCHW44 sources whose groups split their 4-channel blocks,
 * 6 one input channel per group (4 taps to a K step). (Modes 1, 2 and 3, the former NCHW44 / NCHW gathers and the
 * NCHW 1x1 packer, are gone: 7 and 8 took their shapes, as fast or faster.) allowDirect false: 7 for the NCHW44 1x1
 * shapes too.
 */
function packModeOf(s: ConvShape, allowDirect: boolean): number {
  if (tapSteps(s)) return 6;
  const unpadded1x1 = s.fh === 1 && s.fw === 1 && s.pt + s.pl + s.pb + s.pr === 0;
  const plain1x1 = unpadded1x1 && s.sh === 1 && s.sw === 1;
  const nchw44Src = s.format === 'NCHW44';
  if (nchw44Src && s.icpg % 4 === 0) return allowDirect && plain1x1 ? 0 : allowDirect && unpadded1x1 ? 5 : 7;
  if (nchw44Src) return 4;
  return 8;
}

/**
 * What packing a task's B panel costs, in output-channel tiles of that panel: a panel's K steps are packed once
 * and then streamed once per tile, so the packing's share of a task is PACK / (PACK + tiles). Every output-channel
 * part of a panel packs it again. Fitted to the 1-thread time of plans split into 2 channel parts over the unsplit
 * plan (Node 20, AMD EPYC, NCHW44 1x1): 192->32 28² (8 tiles) 1.13-1.16, 144->32 28² (8) 1.13-1.16, 384->64 14²
 * (16) 1.07-1.09, 576->160 7² (20) 1.09-1.12.
 */
const GEMM_PACK_TILES = 1.3;

/**
 * The panels and output-channel parts of a GEMM convolution on `threads` threads: the split whose tasks, taken in
 * order by whichever thread is free (src/threads/protocol.ts runJob), end soonest, counting the re-packing every extra channel
 * part costs; among splits within 1% of the best, the one with the fewest tasks. Splitting the channels of every
 * panel just to have 2 tasks per thread made small pixel-lane 1x1 layers slower; 2 threads over 1, one process,
 * 2-thread plans of the previous rule / of this one: 192->32 28² 1.06x / 1.24x, 192->64 14² 1.15x / 1.36x,
 * 144->32 28² 1.38x / 1.50x, 384->64 14² 1.45x / 1.61x, 384->96 14² 1.48x / 1.58x, 32->192 28² 1.60x / 1.58x.
 */
export function balanceGemmTasks(
  plane: number,
  maxPanel: number,
  unit: number,
  outer: number,
  threads: number,
  ocTiles: number,
): { per: number; count: number; parts: number } {
  const roundUp = (v: number) => Math.ceil(v / unit) * unit;
  const fewest = Math.ceil(plane / Math.max(unit, Math.min(maxPanel, roundUp(plane))));
  const most = Math.ceil(plane / unit);
  let best = { per: roundUp(plane), count: 1, parts: 1 };
  let bestSpan = Infinity;
  let bestTasks = Infinity;
  const free = new Float64Array(threads);
  const packShare = GEMM_PACK_TILES / (GEMM_PACK_TILES + ocTiles);
  for (let want = fewest; want <= Math.min(most, fewest + 2 * threads); want++) {
    const per = Math.max(unit, roundUp(Math.ceil(plane / want)));
    if (per > Math.max(unit, maxPanel) && want > fewest) continue;
    const count = Math.ceil(plane / per);
    for (let parts = 1; parts <= Math.min(ocTiles, 2 * threads); parts++) {
      const perPart = Math.ceil(ocTiles / parts);
      // the kernel's order: per (n, group), part-major, then panel
      free.fill(0);
      for (let o = 0; o < outer; o++)
        for (let part = 0; part < parts; part++) {
          const share = Math.max(0, Math.min(ocTiles, (part + 1) * perPart) - part * perPart) / ocTiles;
          for (let panel = 0; panel < count; panel++) {
            // the micro-kernels run whole tiles: a panel's last pixels cost a full one
            const pix = roundUp(Math.min(per, plane - panel * per));
            let t = 0;
            for (let i = 1; i < threads; i++) if (free[i] < free[t]) t = i;
            free[t] += pix * (packShare + (1 - packShare) * share);
          }
        }
      let span = 0;
      for (let i = 0; i < threads; i++) span = Math.max(span, free[i]);
      const tasks = outer * count * parts;
      if (span < bestSpan * 0.99 || (span <= bestSpan * 1.01 && tasks < bestTasks)) {
        if (span < bestSpan) bestSpan = span;
        bestTasks = tasks;
        best = { per, count, parts };
      }
    }
  }
  return best;
}

export function gemmPlanFacts(
  s: ConvShape,
  threads: number,
  kernel?: string,
  allowDirect = true,
  isa: Isa = 'wasmsimd',
  tiles: SimdTileSet = 'wide',
): GemmPlanFacts {
  const kernels = pickGemmKernels(kernel, defaultLanes(s, isa, tiles), isa, tiles);
  const { main, lanes } = kernels;
  const dot8 = main.isa === 'wasmrelaxeddot';
  const icbG = Math.ceil(s.icpg / 4);
  const kbn = tapSteps(s) ? s.fh * Math.ceil(s.fw / 4) : s.fh * s.fw * icbG;
  const ocpgPad = Math.ceil(s.ocpg / 4) * 4;
  const plane = s.oh * s.ow;
  // panel granularity: whole micro-tiles, and whole groups of 4 pixels (the packers write 4 at a time)
  const unit = lanes === 'pixel' ? main.npix : Math.max(4, main.npix);
  const roundUp = (v: number) => Math.ceil(v / unit) * unit;
  // B holds 8 (pixel-lane: widened), 32 (channel-lane: broadcast pairs) or 4 (dot8: raw) bytes per (pixel, K step)
  const bBytes = dot8 ? 4 : lanes === 'pixel' ? 8 : 32;
  const maxPanel = Math.max(unit, Math.floor(PANEL_BUDGET / (kbn * bBytes) / unit) * unit);
  // panels split evenly over the threads; where the pixels cannot balance them (small planes), the output
  // channels are split too
  const outer = s.n * s.group;
  const ocTiles = lanes === 'pixel' ? ocpgPad / 4 : Math.ceil(ocpgPad / 4 / main.nb);
  // pixel-lane: the split the task model picks; channel-lane (small planes, many channels, cheap packing): panels
  // split evenly over the threads, then the channels until there are 2 tasks per thread (the model's fewer, larger
  // tasks measured 0.05-0.25x slower there: 320->1280 7² 1.85x -> 1.69x, 960->160 7² 1.45x -> 1.21x)
  let split: { per: number; count: number; parts: number };
  if (threads > 1 && lanes === 'pixel') split = balanceGemmTasks(plane, maxPanel, unit, outer, threads, ocTiles);
  else {
    const even = splitForThreads(plane, Math.min(maxPanel, roundUp(plane)), outer, threads, unit);
    split = { ...even, parts: ocPartsFor(outer * even.count, threads, ocTiles) };
  }
  const { per: panelPix, count: panels, parts: ocParts } = split;
  const scratchBytes = lanes === 'pixel' ? 4 * panelPix * 4 : main.nb * panelPix * 16;
  return {
    ...kernels,
    icbG,
    kbn,
    ocpgPad,
    panelPix,
    panels,
    ocParts,
    scratchBytes,
    perThreadBytes: scratchBytes + panelPix * kbn * bBytes,
    packMode: packModeOf(s, allowDirect),
  };
}

/**
 * The micro-tiles of the 4-channel block at c0 (nch channels), as the task runs them: `noc` channels while they
 * fit, then single channels. [first channel, channels] each.
 */
function blockTiles(c0: number, nch: number, noc: number): Array<[number, number]> {
  const tiles: Array<[number, number]> = [];
  let c = 0;
  for (; c + noc <= nch; c += noc) tiles.push([c0 + c, noc]);
  for (; c < nch; c++) tiles.push([c0 + c, 1]);
  return tiles;
}

/**
 * The channel-lane tiles of a group as assembly/gemm/task.ts runs them: [first block, blocks], whole main tiles of
 * main.nb blocks, then each remaining block alone (the 1-block tail kernel).
 */
function channelTiles(f: GemmPlanFacts): Array<[number, number]> {
  const ocbG = f.ocpgPad / 4;
  const tiles: Array<[number, number]> = [];
  let b = 0;
  for (; b + f.main.nb <= ocbG; b += f.main.nb) tiles.push([b, f.main.nb]);
  for (; b < ocbG; b++) tiles.push([b, 1]);
  return tiles;
}

/**
 * The packed filter. Pixel-lane, per group, per channel (the micro-tiles of a 4-channel block are consecutive
 * channels, so any tiling reads channel o's K steps at o * kbn * 4 elements ... [kb][o < noc] within a tile): per K
 * step w(o, c0..c3), int8 (dot8) or i16 (SIMD128, which splats each pair as it loads it). Channel-lane, per group, tiles
 * of main.nb blocks, then the remaining blocks one by one, per K step and block: dot8 int8 [o < 4][c0..c3], SIMD128 i16
 * [w(o, c0), w(o, c1)] for o < 4 | [w(o, c2), w(o, c3)] for o < 4. Returns the dot8 accumulator correction: B holds
 * b = xs + off (off = 128 for usdot, 0 for sdot; padding b = zp + off), so sum w * (xs - zp) = sum w * b - (zp + off)
 * * sum w; SIMD128 subtracts the zero point while packing B (null).
 */
function packGemmFilter(s: ConvShape, f: GemmPlanFacts, isa: Isa, oihw: Int8Array, out: Uint8Array): Int32Array | null {
  const { icpg, ocpg, fh, fw } = s;
  const dot8 = f.main.isa === 'wasmrelaxeddot';
  const v = dot8
    ? new Int8Array(out.buffer, out.byteOffset, out.byteLength)
    : new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1);
  // K step kb, its lane j: (kh, kw, channel) — one tap of channels 4 ib + j, or (mode 6) taps 4 kwb + j of channel 0;
  // koff[4 kb + j]: that weight's offset within an output channel's icpg * fh * fw weights, -1 where it is 0
  // (a channel past ICPG, a tap past FW)
  const taps = tapSteps(s);
  const fwb = Math.ceil(fw / 4);
  const koff = new Int32Array(f.kbn * 4);
  for (let kb = 0; kb < f.kbn; kb++)
    for (let j = 0; j < 4; j++) {
      let c: number, kh: number, kw: number;
      if (taps) {
        c = 0;
        kh = Math.floor(kb / fwb);
        kw = (kb % fwb) * 4 + j;
      } else {
        const t = Math.floor(kb / f.icbG);
        c = (kb % f.icbG) * 4 + j;
        kh = Math.floor(t / fw);
        kw = t % fw;
      }
      koff[kb * 4 + j] = c < icpg && kw < fw ? (c * fh + kh) * fw + kw : -1;
    }
  const per = icpg * fh * fw;
  let p = 0;
  if (f.lanes === 'channel') {
    // lane k of a block's 16: dot8 k = o4 * 4 + j; SIMD128 k = half * 8 + o4 * 2 + j
    const O4 = Int32Array.from({ length: 16 }, (_, k) => (dot8 ? k >> 2 : (k >> 1) & 3));
    const C = Int32Array.from({ length: 16 }, (_, k) => (dot8 ? k & 3 : (k >> 3) * 2 + (k & 1)));
    for (let g = 0; g < s.group; g++)
      for (const [blk0, nb] of channelTiles(f))
        for (let kb = 0; kb < f.kbn; kb++)
          for (let b = 0; b < nb; b++) {
            const o0 = (blk0 + b) * 4;
            for (let k = 0; k < 16; k++) {
              const o = o0 + O4[k];
              const off = koff[kb * 4 + C[k]];
              v[p++] = o < ocpg && off >= 0 ? oihw[(g * ocpg + o) * per + off] : 0;
            }
          }
  } else
    for (let g = 0; g < s.group; g++)
      for (let c0 = 0; c0 < ocpg; c0 += 4)
        for (const [first, noc] of blockTiles(c0, Math.min(4, ocpg - c0), f.main.noc))
          for (let kb = 0; kb < f.kbn; kb++)
            for (let o = first; o < first + noc; o++) {
              const row = (g * ocpg + o) * per;
              for (let j = 0; j < 4; j++) {
                const off = koff[kb * 4 + j];
                v[p++] = off >= 0 ? oihw[row + off] : 0;
              }
            }
  if (p * v.BYTES_PER_ELEMENT !== out.byteLength)
    throw new Error(`packFilter wrote ${p * v.BYTES_PER_ELEMENT} of ${out.byteLength} bytes`);
  return dot8 ? zeroPointCorrection(s, oihw, f.ocpgPad, activationOffset(isa)) : null;
}

/** The plan every GEMM convolution shares (the 1x1 and im2col algorithms differ only in what they accept). */
export function makeGemmPlan(s: ConvShape, { threads, kernel, isa, tiles }: PlanOptions): AlgoPlan {
  const f = gemmPlanFacts(s, threads, kernel, true, isa, tiles);
  const dot8 = f.main.isa === 'wasmrelaxeddot';
  // pixel-lane: per (channel, K step) 8 bytes, dot8 4; channel-lane: per (block of 4 channels, K step) 32 bytes,
  // dot8 16 (packGemmFilter)
  const groupWeightBytes =
    f.lanes === 'pixel' ? s.ocpg * f.kbn * (dot8 ? 4 : 8) : (f.ocpgPad / 4) * f.kbn * (dot8 ? 16 : 32);
  const workspace = new WorkspaceBundle([groupWeightBytes * s.group, f.perThreadBytes * threads]);
  return {
    workspace,
    perThreadBytes: f.perThreadBytes,
    ocpgPad: f.ocpgPad,
    packedFilterBytes: groupWeightBytes * s.group,
    kernelNames: [...new Set([f.main.name, f.tail.name, f.mainNarrow.name, f.tailNarrow.name])],
    ctxFields: {
      kbn: f.kbn,
      icbG: f.icbG,
      panelPix: f.panelPix,
      tileNpix: f.main.npix,
      gemmLanes: f.lanes === 'pixel' ? 0 : 1,
      ocParts: f.ocParts,
      packMode: f.packMode,
      groupWeightBytes,
      mainVariant: f.main.id,
      mainNb: f.main.noc,
      tailVariant: f.tail.id,
      tailNb: 1,
      mainNarrow: f.mainNarrow.id,
      tailNarrow: f.tailNarrow.id,
      scratchBytes: f.scratchBytes,
      relaxed: dot8 ? 2 : 0,
      dotXor: dotXor(isa),
    },
    packFilter: (oihw: Int8Array, out: Uint8Array) => packGemmFilter(s, f, isa, oihw, out),
    kernels: [
      {
        fn: 'convGemmTask',
        range: [s.n, s.group, f.ocParts * f.panels],
        args: [{ base: 'src' }, { base: 'dst' }, { base: 'slices', perThread: f.perThreadBytes }],
      },
    ],
  };
}
