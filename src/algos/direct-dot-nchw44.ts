/**
 * WASMDOTS8DIRECT_NCHW44 and WASMDOTS8_NCHW_NCHW44: MegEngine's ARMDOTS8DIRECT_NCHW44 (and its first-layer
 * hybrid sibling) on wasm SIMD128; makeDotPlan also serves WASMDOTS8DIRECT_NCHW (src/algos/direct-dot-nchw.ts). Kernels: assembly/conv-nchw44-dot/ (task.ts packs and loops, generated.ts
 * holds one row kernel per variant of src/algos/kernel-table.generated.ts).
 *
 * Packed filter, per group, per oc tile (nb blocks of 4 output channels), per ib, kh, kw, block b:
 *   wasmsimd:        32 bytes, i16 [w(o,4ib+0), w(o,4ib+1)] for o = 0..3 | i16 [w(o,4ib+2), w(o,4ib+3)] for o = 0..3
 *                    (the w8 tiles: the same values as 16 bytes of int8, sign-extended by the kernels as they load them)
 *   wasmrelaxedsimd: 16 bytes, int8 w(o, 4ib+i) at [o*4 + i]; plus init(o) -= (zp + 128) * sum of w(o, ...) because
 *                    the kernels multiply by u = xs + 128 and padding holds u = zp + 128 (tools/gen-conv-kernels.mjs)
 *   wasmusdot / wasmsdot (the wasmrelaxeddot kernels): the same 16 bytes; the kernels multiply by b = xs + 128
 *                    (usdot) or b = xs (sdot), so init(o) -= (zp + 128) * sum w, or zp * sum w
 * (o is the channel inside block b; input channels past IC are 0, which is how the hybrid IC < 4 case runs).
 * Full tiles hold mainNb blocks, the last tile of a group the remaining tailNb blocks.
 */
import type { SimdTileSet } from '../features.js';
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { KERNELS, type KernelVariant } from './kernel-table.generated.js';
import {
  reject,
  type AlgoPlan,
  type ConvAlgorithm,
  type Isa,
  type KernelDispatch,
  type PlanOptions,
  type Rejection,
} from './types.js';
import { activationOffset, dotXor, kernelIsa, packedInputMode } from './isa.js';
import { I8ConvError } from '../errors.js';
import { ocPartsFor, splitForThreads, zeroPointCorrection } from './common.js';

/**
 * Target size of one task's packed input rows: they stay in the core's L2 with the weights of one tile. Measured
 * (Node 20, 2-core AMD EPYC VM, median of bursts, GMAC/s or speedup): one thread is flat from 128 to 512 KiB (3x3 s2
 * 32->32 112²: 0.889 / 0.855 / 0.841 ms at 512 / 256 / 128 KiB); two threads want the smaller tiles (the same
 * shape 1.19x / 1.67x / 1.08x over one thread; 7x7 1.85x / 1.95x / 1.93x), 128 KiB re-packs too many halo rows.
 */
const PACKED_TILE_BUDGET = 256 * 1024;

const FILTER_SIZES = [...new Set(KERNELS.map((k) => k.fw))];
const STRIDES = [...new Set(KERNELS.map((k) => k.stride))];
/**
 * Filter widths whose row kernels loop over the filter rows at run time (the generator unrolls the rows only of
 * filters up to 2 wide, tools/conv-variants.mjs UNROLL_KH_MAX), so that they also run FH x FW filters of other
 * heights: the 1 x 3 / 1 x 5 of 1-D convolutions and separable pairs, 3 x 5 ... (not FW 1: no such kernels).
 */
const RECT_WIDTHS = FILTER_SIZES.filter((f) => f > 2);
/** The most rows of a non-square filter. */
const MAX_RECT_FH = 7;

/**
 * A non-square filter over output rows narrower than 8 pixels: the row kernels pad each row to their tile (6
 * pixels on the dot8 runtimes), and the im2col GEMM (preferred there) was faster. Measured (each forced by name,
 * Node 24, Xeon with AVX-VNNI, 1 thread, time direct / GEMM, uint8, relaxed dot8 | SIMD128): 1x3 24->24 74x32 NCHW
 * 0.64 | 0.76, NCHW44 0.94 | 0.92; 1x3 48->48 34x16 0.80 | 0.91; 1x3 72->72 30x8 1.00 | 0.94; 1x3 128->64 1x16 0.58 |
 * 0.82; 1x5 64->64 1x100 0.77 | 0.91; 1x3 256->256 1x50 0.82 | 0.86; 1x7 64->64 28x28 0.76 | 0.91; 7x3 0.72 | 0.93;
 * but 1x3 96->96 12x4 1.22 | 1.07 and 10x2 1.15 | 1.06.
 */
export function rectPrefersGemm(s: ConvShape): boolean {
  return s.fh !== s.fw && s.ow < 8;
}

/**
 * Int8 weights (the w8 twins of the wide 3x3 tiles) where a tile's i16 weights exceed this: the row kernels stream a
 * tile's weights once per output row, and past the core's L1 the bytes cost more than sign-extending them as they
 * are loaded (v128.load8x8_s). Measured in ResNet-18 (model.run, Node 24, AMD Zen 4 VM with 32 KiB L1 / 1 MiB L2,
 * per layer, int8 vs i16 weights, two runs each): 512->512 7² (2x7 tile, 72 KiB of i16 weights per tile) 35.9-36.8
 * vs 32.2-33.7 GMAC/s; 256->256 14² (3x2, 54 KiB) 33.3-33.8 vs 36.2-36.3; 128 and 64 channels 37-38 vs 40-41.
 */
const W8_TILE_BYTES = 64 * 1024;

/**
 * A main tile of one output-channel block runs at about this share of a two-block tile's speed on a row it does not
 * pad (it loads a pixel per dot, not per two): relaxed dot8 (1, 7) 82 against (2, 6) 98 GMAC/s on 64->64 56² 3x3
 * (tools/conv-variants.mjs has the table). (No product main tile has one block since the remainder tiles.)
 */
const ONE_BLOCK_SPEED = 0.8;

/** Output columns a row kernel computes for a row of OW: whole tiles of npix, or OW itself for a remainder tile. */
function computedColumns(k: KernelVariant, ow: number): number {
  return k.rem ? ow : Math.ceil(ow / k.npix) * k.npix;
}

/**
 * What a row's pixels cost, in pixels of the (2, 6) main body, on the relaxed dot8 3x3 remainder tiles (the only
 * place where several main tiles compete): a (2, 5) main-body pixel costs 1.05 (it loads the weights for 5 pixels,
 * not 6), and the last r pixels of a row REMAINDER_COST[r] together. The one-pixel body loads 2 weight vectors and a
 * pixel for 2 dots (1.6); 2 and 4 pixels unroll the filter columns with accumulators of their own (1.0, 1.1 each);
 * 3 pixels of 2 blocks cannot (they spill, see tools/gen-conv-kernels.mjs) and wait on their 6 dot chains (1.4 each).
 * Fitted to tools/ab-kernels.mjs (Node 24, Zen 5, best of 1.5 s, 256->256 3x3 at OW 7-17 stride 1 and 7, 9, 11
 * stride 2, 128->128 OW 20 and 28, 64->64 OW 56): the cheaper tile by this cost was the faster one on all 16.
 */
const REMAINDER_COST = [0, 1.6, 2.0, 4.2, 4.4, 5.25];
const MAIN_PIXEL_COST: Record<number, number> = { 5: 1.05 };

/** The cost of the last r pixels of a row (any remainder tile; r < npix). */
function remainderCost(r: number): number {
  return REMAINDER_COST[r] ?? r * 1.05;
}

/** A tile's cost for a row of OW, in main-body pixels. */
function rowCost(k: KernelVariant, ow: number): number {
  if (!k.rem) return computedColumns(k, ow);
  const r = ow % k.npix;
  return (ow - r) * (MAIN_PIXEL_COST[k.npix] ?? 1) + remainderCost(r);
}

function pickVariant(
  fw: number,
  stride: number,
  runtimeIsa: Isa,
  ow: number,
  forced?: string,
  tiles: SimdTileSet = 'wide',
  w8 = false,
): KernelVariant {
  const isa = kernelIsa(runtimeIsa, 'conv-nchw44-dot');
  if (forced !== undefined) {
    const v = KERNELS.find((k) => k.name === forced);
    if (!v || v.fw !== fw || v.stride !== stride || v.isa !== isa) {
      throw new I8ConvError(
        'UNKNOWN_KERNEL',
        `kernel: '${forced}' is not a ${isa} kernel for ${fw}x${fw} stride ${stride}`,
        'kernel',
      );
    }
    return v;
  }
  // the main tiles of the engine's tile set; of several, the one whose row costs least (padded pixels, or a remainder
  // tile's narrow body: rowCost; the first declared on ties), a one-block tile's row weighed by 1 / ONE_BLOCK_SPEED
  const mains = KERNELS.filter(
    (k) =>
      k.fw === fw &&
      k.stride === stride &&
      k.role === 'main' &&
      k.isa === isa &&
      (k.tileSet === null || k.tileSet === tiles) &&
      k.w8 === w8,
  );
  if (!mains.length) throw new Error(`no main ${isa} kernel for f${fw}s${stride}`);
  const cost = (k: KernelVariant) => rowCost(k, ow) / (k.nb === 1 ? ONE_BLOCK_SPEED : 1);
  return mains.reduce((best, k) => (cost(k) < cost(best) ? k : best));
}

/** Shape checks shared by the dot algorithms (after the format-specific ones). */
export function commonUsable(s: ConvShape): Rejection | null {
  if (s.dh !== 1 || s.dw !== 1)
    return reject('UNSUPPORTED_DILATION', 'dilation', `must be [1, 1], got [${s.dh}, ${s.dw}]`);
  if (!FILTER_SIZES.includes(s.fw) || (s.fh !== s.fw && (!RECT_WIDTHS.includes(s.fw) || s.fh > MAX_RECT_FH))) {
    return reject(
      'UNSUPPORTED_FILTER',
      'fh',
      `square filters of size ${FILTER_SIZES.join(', ')} and FH x ${RECT_WIDTHS.join(' / ')} up to ${MAX_RECT_FH} rows are supported, got ${s.fh}x${s.fw}`,
    );
  }
  // one output row (a 1-D convolution as 1 x W): the vertical stride is never applied
  if (!STRIDES.includes(s.sw) || (s.sh !== s.sw && s.oh !== 1)) {
    return reject('UNSUPPORTED_STRIDE', 'stride', `must be [1, 1] or [2, 2], got [${s.sh}, ${s.sw}]`);
  }
  return null;
}

export interface DotPlanFacts {
  main: KernelVariant;
  tail: KernelVariant | null;
  icb: number;
  iwp: number;
  ohTile: number;
  ohTiles: number;
  /** parts the output-channel tiles are split into (tasks: N x G x ocParts * ohTiles) */
  ocParts: number;
  perThreadBytes: number;
  scratchBytes: number;
}

/** Every plan-time size, from the shape alone (used by plan() and by tests). */
export function dotPlanFacts(
  s: ConvShape,
  threads: number,
  isa: Isa = 'wasmsimd',
  kernel?: string,
  tiles: SimdTileSet = 'wide',
): DotPlanFacts {
  const icb = Math.ceil(s.icpg / 4);
  let main = pickVariant(s.fw, s.sw, isa, s.ow, kernel, tiles);
  // large tiles of i16 weights: the int8-weight twin of the same tile, where there is one
  const kIsa = kernelIsa(isa, 'conv-nchw44-dot');
  if (kernel === undefined && kIsa === 'wasmsimd' && main.nb * icb * s.fh * s.fw * 32 > W8_TILE_BYTES) {
    main =
      KERNELS.find(
        (k) =>
          k.w8 &&
          k.role === 'main' &&
          k.fw === main.fw &&
          k.stride === main.stride &&
          k.nb === main.nb &&
          k.npix === main.npix &&
          k.rem === main.rem,
      ) ?? main;
  }
  const pixBytes = kIsa === 'wasmrelaxeddot' ? 4 : kIsa === 'wasmrelaxedsimd' ? 32 : 8; // packed bytes per pixel (assembly/conv-nchw44-dot/task.ts)
  const ocbG = Math.ceil(s.ocpg / 4);
  const tailNb = ocbG % main.nb;
  // the remainder tile: the declared tail with exactly that many blocks, else any variant with that many
  const fits = KERNELS.filter(
    (k) => k.fw === s.fw && k.stride === s.sw && k.nb === tailNb && k.isa === kIsa && k.w8 === main.w8,
  );
  const tail = tailNb === 0 ? null : (fits.find((k) => k.role === 'tail') ?? fits[0] ?? null);
  if (tailNb !== 0 && !tail) throw new Error(`no kernel with ${tailNb} oc blocks for f${s.fw}s${s.sw}`);
  // Row kernels compute whole tiles of npix pixels (remainder tiles: OW pixels): pixels past OW read columns up to
  // this bound (zeros).
  const cols = Math.max(...[main, tail].filter((k) => k !== null).map((k) => computedColumns(k!, s.ow)));
  const readCols = (cols - 1) * s.sw + s.fw;
  const iwp = Math.max(s.pl + s.iw, readCols);
  const rowBytes = icb * iwp * pixBytes;
  // Rows per task: as many as fit the budget, split evenly over the threads; where the rows cannot balance them
  // (small planes), the output-channel tiles are split too.
  const rowsFit = Math.floor((PACKED_TILE_BUDGET / rowBytes - s.fh + s.sh) / s.sh);
  const outer = s.n * s.group;
  const { per: ohTile, count: ohTiles } = splitForThreads(s.oh, Math.max(1, rowsFit), outer, threads);
  const ocTiles = Math.ceil(ocbG / main.nb);
  const ocParts = ocPartsFor(outer * ohTiles, threads, ocTiles);
  const ihN = (ohTile - 1) * s.sh + s.fh;
  // accumulator scratch: one output row of the widest tile ([block][pixel] vectors, rows padded to the tile)
  const scratchBytes = Math.max(
    ...[main, tail].filter((k) => k !== null).map((k) => k!.nb * Math.ceil(s.ow / k!.npix) * k!.npix * 16),
  );
  const perThreadBytes = scratchBytes + icb * ihN * iwp * pixBytes;
  return { main, tail, icb, iwp, ohTile, ohTiles, ocParts, perThreadBytes, scratchBytes };
}

/**
 * srcKind 0: NCHW44 source; 1: NCHW source with IC < 4 read directly (hybrid); 2: NCHW source of any channel
 * count, relayouted to NCHW44 by a first kernel into a shared buffer at the start of workspace chunk 1.
 */
export function makeDotPlan(s: ConvShape, { threads, isa, kernel, tiles }: PlanOptions, srcKind: 0 | 1 | 2): AlgoPlan {
  const f = dotPlanFacts(s, threads, isa, kernel, tiles);
  // packed input: 0 SIMD128 pairs, 1 relaxed 7-bit split, 2 relaxed dot8 (4 bytes a pixel)
  const mode = packedInputMode(kernelIsa(isa, 'conv-nchw44-dot'));
  const relaxed = mode !== 0;
  const w8 = f.main.w8;
  const tapWeightBytes = relaxed || w8 ? 16 : 32;
  const tapsPerBlock = f.icb * s.fh * s.fw * tapWeightBytes; // bytes per oc block across (ib, kh, kw)
  const ocpgPad = Math.ceil(s.ocpg / 4) * 4;
  const groupWeightBytes = (ocpgPad / 4) * tapsPerBlock;
  // NCHW source (kind 2): the relayouted copy {N, G, icb, IH, IW, 4}
  const relayoutBytes = srcKind === 2 ? s.n * s.group * f.icb * s.ih * s.iw * 4 : 0;
  const sliceBase = Math.ceil(relayoutBytes / 64) * 64;
  // chunk 0: the packed filter (written once, by setFilter); chunk 1: [relayout buffer] one source-packing slice per thread
  const workspace = new WorkspaceBundle([groupWeightBytes * s.group, sliceBase + f.perThreadBytes * threads]);
  const dotKernel: KernelDispatch = {
    fn: 'convNchw44DotTask',
    range: [s.n, s.group, f.ocParts * f.ohTiles],
    args: [
      srcKind === 2 ? { base: 'slices' } : { base: 'src' },
      { base: 'dst' },
      { base: 'slices', offset: sliceBase, perThread: f.perThreadBytes },
    ],
  };
  const relayoutKernel: KernelDispatch = {
    fn: 'nchwToNchw44',
    range: [s.n, s.group, f.icb],
    args: [{ base: 'src' }, { base: 'slices' }, { base: 'none' }],
  };
  return {
    workspace,
    perThreadBytes: f.perThreadBytes,
    ocpgPad,
    packedFilterBytes: groupWeightBytes * s.group,
    kernelNames: [f.main.name, ...(f.tail ? [f.tail.name] : [])],
    ctxFields: {
      icb: f.icb,
      srcKind: srcKind === 1 ? 1 : 0,
      ohTile: f.ohTile,
      iwp: f.iwp,
      groupWeightBytes,
      tapWeightBytes,
      mainVariant: f.main.id,
      mainNb: f.main.nb,
      tailVariant: f.tail ? f.tail.id : -1,
      tailNb: f.tail ? f.tail.nb : 0,
      relaxed: mode,
      dotXor: dotXor(isa),
      scratchBytes: f.scratchBytes,
      ocParts: f.ocParts,
    },
    packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null {
      const { icpg, ocpg, fh, fw } = s;
      const ocbG = ocpgPad / 4;
      // (g, o): channel o of group g; channels past OCPG and inputs past ICPG are 0
      const per = icpg * fh * fw;
      const o16 = new Int16Array(out.buffer, out.byteOffset, out.byteLength >> 1);
      const o8 = new Int8Array(out.buffer, out.byteOffset, out.byteLength);
      // per tap: lane k of an output block's 16 (relaxed: o4 * 4 + i4; SIMD128: half * 8 + o4 * 2 + k), its output
      // channel in the block and its input channel in the input block
      const O4 = Int32Array.from({ length: 16 }, (_, k) => (relaxed ? k >> 2 : (k >> 1) & 3));
      const I4 = Int32Array.from({ length: 16 }, (_, k) => (relaxed ? k & 3 : (k >> 3) * 2 + (k & 1)));
      const v = relaxed || w8 ? o8 : o16;
      let p = 0;
      for (let g = 0; g < s.group; g++) {
        for (let ob0 = 0; ob0 < ocbG; ob0 += f.main.nb) {
          const nb = Math.min(f.main.nb, ocbG - ob0);
          for (let ib = 0; ib < f.icb; ib++)
            for (let kh = 0; kh < fh; kh++)
              for (let kw = 0; kw < fw; kw++)
                for (let b = 0; b < nb; b++) {
                  const o0 = (ob0 + b) * 4;
                  for (let k = 0; k < 16; k++) {
                    const o = o0 + O4[k];
                    const i = ib * 4 + I4[k];
                    v[p++] = i < icpg && o < ocpg ? oihw[(g * ocpg + o) * per + (i * fh + kh) * fw + kw] : 0;
                  }
                }
        }
      }
      const written = relaxed || w8 ? p : p * 2;
      if (written !== out.byteLength) throw new Error(`packFilter wrote ${written} of ${out.byteLength} bytes`);
      if (!relaxed) return null;
      // u = xs + off everywhere (padding: u = zp + off; off = 128, or 0 for sdot's signed b)
      return zeroPointCorrection(s, oihw, ocpgPad, activationOffset(isa));
    },
    kernels: srcKind === 2 ? [relayoutKernel, dotKernel] : [dotKernel],
  };
}

export const dotNchw44Direct: ConvAlgorithm = {
  name: 'WASMDOTS8DIRECT_NCHW44',
  formats: ['NCHW44'],
  usable(s) {
    if (s.format !== 'NCHW44')
      return reject('UNSUPPORTED_FORMAT', 'format', `this algorithm takes NCHW44, got ${s.format}`);
    if (s.icpg % 4 !== 0)
      return reject('CHANNELS_NOT_MULTIPLE_OF_4', 'ic', `channels per group (${s.icpg}) must be a multiple of 4`);
    if (s.ocpg % 4 !== 0)
      return reject('CHANNELS_NOT_MULTIPLE_OF_4', 'oc', `channels per group (${s.ocpg}) must be a multiple of 4`);
    return commonUsable(s);
  },
  isPreferred: (s) => !rectPrefersGemm(s),
  plan: (s, o) => makeDotPlan(s, o, 0),
};

export const dotNchwNchw44: ConvAlgorithm = {
  name: 'WASMDOTS8_NCHW_NCHW44',
  formats: ['NCHW_NCHW44'],
  usable(s) {
    if (s.format !== 'NCHW_NCHW44')
      return reject('UNSUPPORTED_FORMAT', 'format', `this algorithm takes NCHW_NCHW44, got ${s.format}`);
    return commonUsable(s);
  },
  isPreferred: (s) => !rectPrefersGemm(s),
  plan: (s, o) => makeDotPlan(s, o, 1),
};
