/**
 * Parameters of the weight-only low-memory convolution (MNN ConvLowMemoryExecution semantics, see
 * docs/gpu.md#semantics): validation, derived shape numbers, path selection and the tuning-cache key.
 * Everything here is pure and runs before anything touches the GPU, so a bad call leaves the runtime usable.
 */
import { check, isNonNegativeInt, isPositiveInt } from '../errors.js';

export type Activation = 'none' | 'relu' | 'relu6';
/** 4 and 8 are the quantized formats; 32 is the float32-weight twin used as the speed baseline. */
export type WeightBits = 4 | 8 | 32;
export type GpuPath = 'gemm' | 'conv1x1' | 'general';

export interface LowMemoryConvParams {
  n: number;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  fh: number;
  fw: number;
  /** [h, w]; default [1, 1] */
  stride?: readonly [number, number] | readonly number[];
  /** [h, w], applied on both sides; default [0, 0] */
  pad?: readonly [number, number] | readonly number[];
  /** [h, w]; default [1, 1] */
  dilation?: readonly [number, number] | readonly number[];
  /** only 1 is supported (MNN's low-memory path ignores groups; we refuse them) */
  group?: number;
  weightBits: 4 | 8;
  /** input channels per scale block; 0 = one block per output channel */
  blockSize?: number;
  asymmetric?: boolean;
  activation?: Activation;
  /** force a kernel variant by name (see `variantsForPath`) */
  variant?: string;
}

/** Fully derived, validated shape. All counts are integers; names follow MNN's kernels (ICB = ceil(IC/4), OCB = ceil(OC/4)). */
export interface ConvShape {
  n: number; ic: number; ih: number; iw: number; oc: number; kh: number; kw: number;
  sh: number; sw: number; ph: number; pw: number; dh: number; dw: number;
  oh: number; ow: number;
  icb: number; ocb: number;
  /** number of 4-input-channel weight tiles along K: icb*kh*kw */
  kb: number;
  bits: WeightBits;
  /** scale blocks per output channel */
  nBlk: number;
  /** 4-channel tiles per scale block (icb when per-channel) */
  blkTiles: number;
  blockSize: number;
  asym: boolean;
  act: Activation;
  path: GpuPath;
}

function pair(v: unknown, name: string, dflt: number, min: number): [number, number] {
  if (v === undefined) return [dflt, dflt];
  check(Array.isArray(v) || ArrayBuffer.isView(v), 'BAD_PARAM', name, 'must be an [h, w] pair');
  const a = v as ArrayLike<number>;
  check(a.length === 2, 'BAD_PARAM', name, `must have 2 entries, got ${a.length}`);
  for (let i = 0; i < 2; i++) {
    check(Number.isInteger(a[i]) && a[i] >= min, 'BAD_PARAM', name, `entries must be integers >= ${min}, got ${a[i]}`);
  }
  return [a[0], a[1]];
}

/**
 * Validates the declared parameters and derives every shape number. `bits` 32 is accepted only when the
 * caller asks for the float twin (`allowFloat`), never through the public quantized entry point.
 */
export function deriveShape(p: LowMemoryConvParams, allowFloat = false): ConvShape {
  check(p !== null && typeof p === 'object', 'BAD_PARAM', 'params', 'must be an object');
  for (const k of ['n', 'ic', 'ih', 'iw', 'oc', 'fh', 'fw'] as const) {
    check(isPositiveInt(p[k]), 'BAD_SHAPE', k, `must be a positive integer, got ${String(p[k])}`);
  }
  check(p.group === undefined || p.group === 1, 'UNSUPPORTED_GROUP', 'group', `only group 1 is supported, got ${String(p.group)}`);
  const bits = p.weightBits as number;
  check(bits === 4 || bits === 8 || (allowFloat && bits === 32), 'UNSUPPORTED_BITS', 'weightBits',
    `must be 4 or 8, got ${String(p.weightBits)}`);
  const [sh, sw] = pair(p.stride, 'stride', 1, 1);
  const [ph, pw] = pair(p.pad, 'pad', 0, 0);
  const [dh, dw] = pair(p.dilation, 'dilation', 1, 1);
  const blockSize = p.blockSize ?? 0;
  check(isNonNegativeInt(blockSize), 'BAD_BLOCK_SIZE', 'blockSize', `must be a non-negative integer, got ${String(blockSize)}`);
  if (blockSize !== 0) {
    check(blockSize % 4 === 0, 'BAD_BLOCK_SIZE', 'blockSize', `must be a multiple of 4 input channels, got ${blockSize}`);
    check(p.ic % blockSize === 0, 'BAD_BLOCK_SIZE', 'blockSize', `must divide ic=${p.ic}, got ${blockSize}`);
  }
  const asym = p.asymmetric ?? false;
  check(typeof asym === 'boolean', 'BAD_PARAM', 'asymmetric', 'must be a boolean');
  const act = p.activation ?? 'none';
  check(act === 'none' || act === 'relu' || act === 'relu6', 'BAD_ACTIVATION', 'activation',
    `must be 'none', 'relu' or 'relu6', got ${String(act)}`);
  const ehh = (p.fh - 1) * dh + 1;
  const eww = (p.fw - 1) * dw + 1;
  check(p.ih + 2 * ph >= ehh, 'BAD_SHAPE', 'fh', `dilated filter height ${ehh} exceeds padded input height ${p.ih + 2 * ph}`);
  check(p.iw + 2 * pw >= eww, 'BAD_SHAPE', 'fw', `dilated filter width ${eww} exceeds padded input width ${p.iw + 2 * pw}`);
  const oh = Math.floor((p.ih + 2 * ph - ehh) / sh) + 1;
  const ow = Math.floor((p.iw + 2 * pw - eww) / sw) + 1;
  const icb = Math.ceil(p.ic / 4);
  const ocb = Math.ceil(p.oc / 4);
  const nBlk = blockSize === 0 ? 1 : p.ic / blockSize;
  const blkTiles = blockSize === 0 ? icb : blockSize / 4;
  const is1x1 = p.fh === 1 && p.fw === 1 && sh === 1 && sw === 1 && ph === 0 && pw === 0;
  // docs/gpu.md#path-selection: gemm = the 1x1 case with a 1x1 input image (dilation is irrelevant for a 1x1 filter)
  const path: GpuPath = is1x1 && p.ih === 1 && p.iw === 1 ? 'gemm' : is1x1 ? 'conv1x1' : 'general';
  return {
    n: p.n, ic: p.ic, ih: p.ih, iw: p.iw, oc: p.oc, kh: p.fh, kw: p.fw, sh, sw, ph, pw, dh, dw, oh, ow,
    icb, ocb, kb: icb * p.fh * p.fw, bits: bits as WeightBits, nBlk, blkTiles, blockSize, asym, act, path,
  };
}

/**
 * Tuning-cache key: only declared inputs that change the generated code or the choice (MNN's tuner uses
 * kernel name + "IC_OC_KH_KW_SH_SW_DH_DW" + global size; the global size follows from n, ih, iw here).
 */
export function tuneKey(s: ConvShape): string {
  return `${s.path}|w${s.bits}${s.asym ? 'a' : 's'}b${s.blockSize}|${s.act}|` +
    `${s.ic}_${s.oc}_${s.kh}_${s.kw}_${s.sh}_${s.sw}_${s.dh}_${s.dw}_${s.ph}_${s.pw}|${s.n}_${s.ih}_${s.iw}`;
}

/** Element counts of the host-side arrays the API accepts. */
export function hostSizes(s: ConvShape) {
  const wCount = s.oc * s.ic * s.kh * s.kw;
  return {
    input: s.n * s.ic * s.ih * s.iw,
    output: s.n * s.oc * s.oh * s.ow,
    weightCount: wCount,
    weightBytes: s.bits === 4 ? Math.ceil(wCount / 2) : wCount,
    scales: s.oc * s.nBlk,
  };
}
