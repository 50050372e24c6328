import { reject, type ConvAlgorithm } from './types.js';
import { commonUsable, makeDotPlan } from './dot-nchw44.js';
import { preferredNchwDot } from './nchw-dot.js';

/**
 * WASMDOTS8DIRECT_NCHW: the same kernels for NCHW tensors of any channel count: a first kernel relayouts the
 * source to NCHW44 (channels padded to 4 with the zero point), the dot kernels write NCHW directly. Preferred where
 * the NCHW direct dot algorithms are not (they win on few output channels, src/algos/nchw-dot.ts); measured
 * against the im2col GEMM below.
 */
export const dotNchwDirect: ConvAlgorithm = {
  name: 'WASMDOTS8DIRECT_NCHW',
  formats: ['NCHW'],
  usable(s) {
    if (s.format !== 'NCHW') return reject('UNSUPPORTED_FORMAT', 'format', `this algorithm takes NCHW, got ${s.format}`);
    return commonUsable(s);
  },
  isPreferred: (s) => !preferredNchwDot(s),
  plan: (s, o) => makeDotPlan(s, o, 2),
};
