/**
 * Problem data for one benchmark shape: seeded inputs (fixtures/rng.ts's mulberry32), the parameter object of the
 * public API, layout conversions between NCHW44 (i8conv) and NCHW (onnxruntime), and the output comparison.
 *
 * NCHW44 index of element (n, c, h, w) with C channels: ((n*(C/4) + c>>2)*H + h)*W*4 + w*4 + (c & 3).
 */
import { rng } from '../fixtures/rng.js';
import type { BenchShape } from './shapes.js';

/** The parameter object of `rt.convBias` / `reference.convBias` for a shape (rounding half-even, see below). */
export interface ConvParams {
  format: 'NCHW44' | 'NCHW_NCHW44';
  n: number;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  fh: number;
  fw: number;
  stride: [number, number];
  pad: [number, number];
  dilation: [number, number];
  group: number;
  srcScale: number;
  filterScale: number;
  dstScale: number;
  biasMode: 'channel';
  nonlinearity: 'identity';
  rounding: 'half-even';
  algo?: string;
}

export interface ProblemData {
  shape: BenchShape;
  params: ConvParams;
  /** Source in the i8conv layout: NCHW44 {1, IC/4, H, W, 4}, or NCHW {1, IC, H, W} for first-layer shapes. */
  src: Int8Array;
  /** Source as NCHW {1, IC, H, W} for onnxruntime. */
  srcNCHW: Int8Array;
  /** OIHW weights ({OC, IC/G, K, K} for groups, the same flat order as GOIHW). */
  weights: Int8Array;
  bias: Int32Array;
  /** Elements of the int8 NCHW44 output {1, OC/4, OH, OW, 4}. */
  dstLength: number;
}

/**
 * Seeded data for a shape. Activations span all of int8; weights stay in [-127, 127] (symmetric quantization,
 * what int8 weight quantizers produce). The output scale is chosen from the accumulator's expected spread so
 * that outputs use much of the int8 range without saturating most of them: an all-saturated output would make
 * the correctness check meaningless.
 *
 * The benchmark uses rounding 'half-even' because that is the ONNX convention onnxruntime follows, so every
 * backend can be checked against the same oracle output.
 */
export function makeProblem(shape: BenchShape, seed = 1): ProblemData {
  const r = rng(seed * 7919 + shape.ic * 131 + shape.oc * 17 + shape.h * 3 + shape.k);
  const { ic, oc, h, k, s, pad, group } = shape;
  const icpg = ic / group;
  const src = new Int8Array(ic * h * h);
  for (let i = 0; i < src.length; i++) src[i] = Math.floor(r() * 256) - 128;
  const weights = new Int8Array(oc * icpg * k * k);
  for (let i = 0; i < weights.length; i++) weights[i] = Math.floor(r() * 255) - 127;
  const bias = new Int32Array(oc);
  for (let i = 0; i < oc; i++) bias[i] = Math.floor(r() * 20001) - 10000;
  const srcScale = 0.02;
  const filterScale = 0.01;
  // std of one product of two uniform int8 values ~ 74*73; of a sum of K of them ~ sqrt(K) times that. Aim the
  // output std at ~40 quantization steps.
  const accStd = Math.sqrt(icpg * k * k) * 74 * 73;
  const dstScale = Math.fround((srcScale * filterScale * accStd) / 40);
  const params: ConvParams = {
    format: shape.format,
    n: 1,
    ic,
    ih: h,
    iw: h,
    oc,
    fh: k,
    fw: k,
    stride: [s, s],
    pad: [pad, pad],
    dilation: [1, 1],
    group,
    srcScale,
    filterScale,
    dstScale,
    biasMode: 'channel',
    nonlinearity: 'identity',
    rounding: 'half-even',
  };
  // `src` as generated is NCHW; i8conv's NCHW44 shapes take it blocked by 4 channels.
  const srcNCHW = src;
  const srcI8conv = shape.format === 'NCHW44' ? nchwToNchw44(srcNCHW, ic, h, h) : srcNCHW;
  return { shape, params, src: srcI8conv, srcNCHW, weights, bias, dstLength: oc * shape.oh * shape.oh };
}

/** NCHW {1, C, H, W} -> NCHW44 {1, C/4, H, W, 4}; C must be a multiple of 4. */
export function nchwToNchw44<T extends Int8Array | Uint8Array>(x: T, c: number, h: number, w: number): T {
  const out = new (x.constructor as { new (n: number): T })(x.length);
  const hw = h * w;
  for (let ch = 0; ch < c; ch++) {
    const base = (ch >> 2) * hw * 4 + (ch & 3);
    const from = ch * hw;
    for (let p = 0; p < hw; p++) out[base + p * 4] = x[from + p];
  }
  return out;
}

/** NCHW44 -> NCHW, the inverse of nchwToNchw44. */
export function nchw44ToNchw<T extends Int8Array | Uint8Array>(x: T, c: number, h: number, w: number): T {
  const out = new (x.constructor as { new (n: number): T })(x.length);
  const hw = h * w;
  for (let ch = 0; ch < c; ch++) {
    const base = (ch >> 2) * hw * 4 + (ch & 3);
    const to = ch * hw;
    for (let p = 0; p < hw; p++) out[to + p] = x[base + p * 4];
  }
  return out;
}

/** A backend's output differing from the oracle's. */
export interface Mismatch {
  backend: string;
  /** Elements that differ. */
  count: number;
  total: number;
  maxAbsDiff: number;
  /** First differing element: NCHW44 flat index, the backend's value, the oracle's value. */
  firstIndex: number;
  got: number;
  want: number;
  /** Set when the backend failed to produce an output at all (exception), instead of differing values. */
  error?: string;
}

/** Compares element by element (tolerance 0); returns null when equal. */
export function compareOutputs(backend: string, got: ArrayLike<number>, want: ArrayLike<number>): Mismatch | null {
  if (got.length !== want.length) {
    return {
      backend,
      count: Math.max(got.length, want.length),
      total: want.length,
      maxAbsDiff: NaN,
      firstIndex: -1,
      got: got.length,
      want: want.length,
      error: `output length ${got.length}, expected ${want.length}`,
    };
  }
  let count = 0;
  let maxAbsDiff = 0;
  let firstIndex = -1;
  for (let i = 0; i < want.length; i++) {
    const d = Math.abs(got[i] - want[i]);
    if (d !== 0) {
      if (firstIndex < 0) firstIndex = i;
      count++;
      if (d > maxAbsDiff) maxAbsDiff = d;
    }
  }
  if (!count) return null;
  return { backend, count, total: want.length, maxAbsDiff, firstIndex, got: got[firstIndex], want: want[firstIndex] };
}
