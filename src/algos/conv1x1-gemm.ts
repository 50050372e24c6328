/**
 * WASMS8_CONV1x1_GEMM: 1x1 convolutions as a GEMM (MegEngine's CONV1x1 over an MK4_DOT-style matmul), every format:
 * B is the source itself (stride 1, no padding: NCHW44 pixels or NCHW planes read 4 pixels at a time), the source
 * read 4 output pixels per load (NCHW44 strided, unpadded) or a gather of it (padding); a fully connected layer is a
 * 1x1 convolution of a 1x1 image (batch N: N tasks). The plan: src/algos/gemm.ts.
 */
import { reject, type ConvAlgorithm } from './types.js';
import { makeGemmPlan } from './gemm.js';

export const conv1x1Gemm: ConvAlgorithm = {
  name: 'WASMS8_CONV1x1_GEMM',
  formats: ['NCHW44', 'NCHW', 'NCHW_NCHW44'],
  usable(s) {
    if (s.fh !== 1 || s.fw !== 1)
      return reject('UNSUPPORTED_FILTER', 'fh', `this algorithm takes 1x1 filters, got ${s.fh}x${s.fw}`);
    return null;
  },
  isPreferred: () => true,
  plan: makeGemmPlan,
};
