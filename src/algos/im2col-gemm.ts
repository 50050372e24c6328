/**
 * WASMS8_IM2COL_GEMM: im2col + GEMM for every shape: rectangular, dilated, strided, grouped, unevenly padded; any
 * layout, any channel count. The fallback that runs what the direct algorithms do not (preferred only for non-square
 * filters on output rows narrower than 8 pixels; elsewhere, where a direct algorithm runs a shape it was measured
 * faster, see their isPreferred). The plan: src/algos/gemm.ts
 * (the im2col matrix is packed one panel of output pixels at a time, never whole; at stride 1 from shifted reads of
 * the source rows, 4 pixels per load: pack modes 7 / 8, docs/conv.md "Shifted-row packing").
 */
import type { ConvAlgorithm } from './types.js';
import { makeGemmPlan } from './gemm.js';
import { rectPrefersGemm } from './direct-dot-nchw44.js';

export const im2colGemm: ConvAlgorithm = {
  name: 'WASMS8_IM2COL_GEMM',
  formats: ['NCHW44', 'NCHW', 'NCHW_NCHW44'],
  usable: () => null,
  // preferred only over the direct dot kernels' non-square filters on narrow rows (rectPrefersGemm)
  isPreferred: (s) => rectPrefersGemm(s),
  plan: makeGemmPlan,
};
