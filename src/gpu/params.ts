/**
 * Parameters of the weight-only low-memory convolution (MNN ConvLowMemoryExecution semantics, see
 * docs/gpu.md#semantics): validation, derived shape numbers, path selection and the tuning-cache key.
 * Everything here is pure and runs before anything touches the GPU, so a bad call leaves the runtime usable.
 */
import { check, isNonNegativeInt, isPositiveInt } from '../errors.js';
import type { Nonlinearity } from '../params.js';

/** The nonlinearities the WebGPU kernels apply (those of the CPU's Nonlinearity but hswish). */
export type GpuNonlinearity = Extract<Nonlinearity, 'identity' | 'relu' | 'relu6'>;
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
  /** 'identity' (default), 'relu' or 'relu6', as the CPU convolution names them (this option was `activation`
   *  with 'none' for identity: passing `activation` is an INVALID_PARAM that says so) */
  nonlinearity?: GpuNonlinearity;
  /** force a kernel variant by name (see `variantsForPath`) */
  variant?: string;
}

/**
 * Fully derived, validated shape. All counts are integers. The names the CPU's ConvShape (src/params.ts) also has
 * mean the same there (n, ic, ih, iw, oc, fh, fw, sh, sw, dh, dw, oh, ow, nonlinearity); the rest is the WebGPU
 * kernels' own: padding is symmetric (ph, pw on both sides, where the CPU keeps four sides), channels are counted
 * in 4-channel blocks (icb, ocb, kb), weights have a bit width and scale blocks, and `path` picks the kernel family.
 */
export interface LowMemoryConvShape {
  n: number;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  fh: number;
  fw: number;
  sh: number;
  sw: number;
  ph: number;
  pw: number;
  dh: number;
  dw: number;
  oh: number;
  ow: number;
  icb: number;
  ocb: number;
  /** number of 4-input-channel weight tiles along K: icb*kh*kw */
  kb: number;
  bits: WeightBits;
  /** scale blocks per output channel */
  nBlk: number;
  /** 4-channel tiles per scale block (icb when per-channel) */
  blkTiles: number;
  blockSize: number;
  asym: boolean;
  nonlinearity: GpuNonlinearity;
  path: GpuPath;
}

function pair(v: unknown, name: string, dflt: number, min: number): [number, number] {
  if (v === undefined) return [dflt, dflt];
  check(Array.isArray(v) || ArrayBuffer.isView(v), 'INVALID_PARAM', name, 'must be an [h, w] pair');
  const a = v as ArrayLike<number>;
  check(a.length === 2, 'INVALID_PARAM', name, () => `must have 2 entries, got ${a.length}`);
  for (let i = 0; i < 2; i++) {
    check(
      Number.isInteger(a[i]) && a[i] >= min,
      'INVALID_PARAM',
      name,
      () => `entries must be integers >= ${min}, got ${a[i]}`,
    );
  }
  return [a[0], a[1]];
}

/**
 * Validates the declared parameters and derives every shape number. `bits` 32 is accepted only when the
 * caller asks for the float twin (`allowFloat`), never through the public quantized entry point.
 */
export function deriveShape(p: LowMemoryConvParams, allowFloat = false): LowMemoryConvShape {
  check(p !== null && typeof p === 'object', 'INVALID_PARAM', 'params', 'must be an object');
  for (const k of ['n', 'ic', 'ih', 'iw', 'oc', 'fh', 'fw'] as const) {
    check(isPositiveInt(p[k]), 'INVALID_PARAM', k, () => `must be a positive integer, got ${String(p[k])}`);
  }
  check(
    p.group === undefined || p.group === 1,
    'UNSUPPORTED_GROUP',
    'group',
    () => `only group 1 is supported, got ${String(p.group)}`,
  );
  const bits = p.weightBits as number;
  check(
    bits === 4 || bits === 8 || (allowFloat && bits === 32),
    'UNSUPPORTED_BITS',
    'weightBits',
    () => `must be 4 or 8, got ${String(p.weightBits)}`,
  );
  const [sh, sw] = pair(p.stride, 'stride', 1, 1);
  const [ph, pw] = pair(p.pad, 'pad', 0, 0);
  const [dh, dw] = pair(p.dilation, 'dilation', 1, 1);
  const blockSize = p.blockSize ?? 0;
  check(
    isNonNegativeInt(blockSize),
    'INVALID_PARAM',
    'blockSize',
    () => `must be a non-negative integer, got ${String(blockSize)}`,
  );
  if (blockSize !== 0) {
    check(
      blockSize % 4 === 0,
      'INVALID_PARAM',
      'blockSize',
      () => `must be a multiple of 4 input channels, got ${blockSize}`,
    );
    check(p.ic % blockSize === 0, 'INVALID_PARAM', 'blockSize', () => `must divide ic=${p.ic}, got ${blockSize}`);
  }
  const asym = p.asymmetric ?? false;
  check(typeof asym === 'boolean', 'INVALID_PARAM', 'asymmetric', 'must be a boolean');
  check(
    (p as { activation?: unknown }).activation === undefined,
    'INVALID_PARAM',
    'activation',
    "was renamed nonlinearity: 'identity' (was 'none'), 'relu' or 'relu6', as the CPU convolution names them",
  );
  const nonlinearity = p.nonlinearity ?? 'identity';
  check(
    nonlinearity === 'identity' || nonlinearity === 'relu' || nonlinearity === 'relu6',
    'UNSUPPORTED_NONLINEARITY',
    'nonlinearity',
    () => `must be 'identity', 'relu' or 'relu6', got ${String(nonlinearity)}`,
  );
  const ehh = (p.fh - 1) * dh + 1;
  const eww = (p.fw - 1) * dw + 1;
  check(
    p.ih + 2 * ph >= ehh,
    'INVALID_PARAM',
    'fh',
    () => `dilated filter height ${ehh} exceeds padded input height ${p.ih + 2 * ph}`,
  );
  check(
    p.iw + 2 * pw >= eww,
    'INVALID_PARAM',
    'fw',
    () => `dilated filter width ${eww} exceeds padded input width ${p.iw + 2 * pw}`,
  );
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
    n: p.n,
    ic: p.ic,
    ih: p.ih,
    iw: p.iw,
    oc: p.oc,
    fh: p.fh,
    fw: p.fw,
    sh,
    sw,
    ph,
    pw,
    dh,
    dw,
    oh,
    ow,
    icb,
    ocb,
    kb: icb * p.fh * p.fw,
    bits: bits as WeightBits,
    nBlk,
    blkTiles,
    blockSize,
    asym,
    nonlinearity,
    path,
  };
}

/**
 * Tuning-cache key: only declared inputs that change the generated code or the choice (MNN's tuner uses
 * kernel name + "IC_OC_KH_KW_SH_SW_DH_DW" + global size; the global size follows from n, ih, iw here).
 */
export function tuneKey(s: LowMemoryConvShape): string {
  return (
    `${s.path}|w${s.bits}${s.asym ? 'a' : 's'}b${s.blockSize}|${s.nonlinearity}|` +
    `${s.ic}_${s.oc}_${s.fh}_${s.fw}_${s.sh}_${s.sw}_${s.dh}_${s.dw}_${s.ph}_${s.pw}|${s.n}_${s.ih}_${s.iw}`
  );
}

/** Element counts of the host-side arrays the API accepts. */
export function hostSizes(s: LowMemoryConvShape) {
  const wCount = s.oc * s.ic * s.fh * s.fw;
  return {
    input: s.n * s.ic * s.ih * s.iw,
    output: s.n * s.oc * s.oh * s.ow,
    weightCount: wCount,
    weightBytes: s.bits === 4 ? Math.ceil(wCount / 2) : wCount,
    scales: s.oc * s.nBlk,
  };
}
