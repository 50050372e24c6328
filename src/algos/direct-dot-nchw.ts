/**
 * WASMDOTS8DIRECT_NCHW: the NCHW44 dot kernels (src/algos/direct-dot-nchw44.ts) for NCHW tensors of any channel
 * count: a first kernel relayouts the source to NCHW44 (channels padded to 4 with the zero point), the dot kernels
 * write NCHW directly. Preferred wherever the NCHW direct dot algorithms are not (they win only with one input
 * channel; measurements in src/algos/strided-dot-nchw.ts preferredNchwDot). Against the im2col GEMM (Node 20,
 * GMAC/s, uint8): 64->64 56² 3x3 25.5 vs 13.1, 16->16 56² 20.0 vs 4.4, 3->32 224² s2 10.7 vs 4.9.
 */
import { reject, type ConvAlgorithm } from './types.js';
import { commonUsable, makeDotPlan, rectPrefersGemm } from './direct-dot-nchw44.js';
import { preferredNchwDot } from './strided-dot-nchw.js';

export const dotNchwDirect: ConvAlgorithm = {
  name: 'WASMDOTS8DIRECT_NCHW',
  formats: ['NCHW'],
  usable(s) {
    if (s.format !== 'NCHW')
      return reject('UNSUPPORTED_FORMAT', 'format', `this algorithm takes NCHW, got ${s.format}`);
    return commonUsable(s);
  },
  isPreferred: (s) => !preferredNchwDot(s) && !rectPrefersGemm(s),
  plan: (s, o) => makeDotPlan(s, o, 2),
};
