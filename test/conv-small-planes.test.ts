// GEMM convolutions over small planes (1-13 output pixels: an audio model's 1-D encoder after its STFT, the last
// stages of a classifier): the dot8 runtimes run them on the channel-lane kernels (src/algos/gemm.ts defaultLanes),
// whose panels are whole groups of 4 pixels, so most planes end mid-group. Every GEMM algorithm that runs a shape,
// on its default kernels and on each lane's main kernel forced, planned for 1, 2 and 3 threads (the extra task splits
// run on the calling thread), equals the oracle bit for bit: 1-D and 2-D filters, strides, pads, groups, channel
// counts that leave partial blocks and partial 32-channel tiles, NCHW / NCHW44 sources, int8 / uint8, int32 and
// 8-bit outputs; once per kernel set the engine offers.
import { expect, it } from 'vitest';
import { reference } from '../kernels-ref/index.js';
import { GEMM_KERNELS } from '../src/algos/kernel-table.generated.js';
import type { ConvBiasParams } from '../src/params.js';
import { normalizeConvParams } from '../src/params.js';
import { randSource } from './helpers/conv-case.js';
import { describeEachKernelSet } from './helpers/kernel-sets.js';
import { randInt32, randInt8, rng } from './helpers/rng.js';

const SHAPES: Partial<ConvBiasParams>[] = [
  // Silero VAD's encoder: 1-D k3 over 4 / 2 / 1 frames
  { format: 'NCHW', ic: 129, oc: 128, ih: 1, iw: 4, fh: 1, fw: 3, pad: [0, 1] },
  { format: 'NCHW', ic: 128, oc: 64, ih: 1, iw: 4, fh: 1, fw: 3, pad: [0, 1], stride: [1, 2] },
  { format: 'NCHW44', ic: 64, oc: 64, ih: 1, iw: 2, fh: 1, fw: 3, pad: [0, 1], stride: [1, 2] },
  // its STFT: one input channel, taps in K steps
  { format: 'NCHW', ic: 1, oc: 66, ih: 1, iw: 200, fh: 1, fw: 64, stride: [1, 32] },
  { format: 'NCHW', ic: 20, oc: 36, ih: 1, iw: 5, fh: 1, fw: 3, pad: [0, 1] },
  { format: 'NCHW', ic: 7, oc: 44, ih: 1, iw: 13, fh: 1, fw: 5, pad: [0, 2] },
  { format: 'NCHW44', ic: 16, oc: 72, ih: 1, iw: 7, fh: 1, fw: 3, pad: [0, 1] },
  { format: 'NCHW44', ic: 32, oc: 40, ih: 3, iw: 4, fh: 1, fw: 1 },
  { format: 'NCHW44', ic: 24, oc: 100, ih: 2, iw: 3, fh: 1, fw: 1 },
  { format: 'NCHW44', ic: 12, oc: 36, ih: 3, iw: 3, fh: 1, fw: 1, stride: [2, 2] },
  { format: 'NCHW44', ic: 8, oc: 12, ih: 2, iw: 5, fh: 1, fw: 1 },
  { format: 'NCHW44', ic: 16, oc: 64, ih: 3, iw: 3, fh: 3, fw: 3, pad: [1, 1] },
  { format: 'NCHW44', ic: 16, oc: 32, ih: 4, iw: 3, fh: 3, fw: 3, pad: [1, 1], group: 2 },
  { format: 'NCHW', ic: 6, oc: 34, ih: 2, iw: 2, fh: 2, fw: 3, pad: [1, 1, 0, 1] },
  { format: 'NCHW', ic: 9, oc: 33, ih: 1, iw: 1, fh: 1, fw: 1 },
  { format: 'NCHW', ic: 10, oc: 9, ih: 3, iw: 4, fh: 1, fw: 3, pad: [0, 1] },
];

describeEachKernelSet((set, runtime) => {
  it('every GEMM algorithm on small planes equals the oracle, any lanes, any task split', () => {
    const rt = runtime();
    let runs = 0;
    let channelMulti = 0;
    const mains = GEMM_KERNELS.filter((k) => k.isa === set.gemmKernelIsa && k.role === 'main').map((k) => k.name);
    for (const [k, shape] of SHAPES.entries())
      for (const srcType of ['uint8', 'int8'] as const)
        for (const out of ['int32', 'int8'] as const) {
          const base = {
            n: 1,
            srcScale: 0.05,
            filterScale: 0.01,
            srcType,
            srcZeroPoint: srcType === 'uint8' ? 131 : -3,
            ...(out === 'int32' ? { dstType: 'int32' } : { dstType: 'int8', dstScale: 0.9, dstZeroPoint: -7 }),
            biasMode: 'channel',
            rounding: 'half-even',
            ...shape,
          } as ConvBiasParams;
          const s = normalizeConvParams(base);
          const r = rng(300 + k);
          const w = randInt8(r, s.filterLength);
          const bias = randInt32(r, s.biasLength, -3000, 3000);
          const src = randSource(r, s.srcLength, srcType, -128, 127);
          const want = reference.convBias(base, src, w, bias);
          for (const a of rt.algorithms(base)) {
            if (a.usable !== true || !a.name.includes('GEMM')) continue;
            for (const kernel of [undefined, ...mains])
              for (const threads of [1, 2, 3]) {
                const c = rt.convBias({ ...base, algo: a.name }, { threads, kernel });
                try {
                  c.setFilter(w, 'OIHW');
                  c.setBias(bias);
                  const dst = out === 'int32' ? new Int32Array(s.dstLength) : new Int8Array(s.dstLength);
                  c.exec(src, dst);
                  const what = `${a.name} ${kernel ?? c.kernels.join('+')} t${threads} ${JSON.stringify(shape)} ${srcType} -> ${out}`;
                  expect(Array.from(dst), what).toEqual(Array.from(want));
                  expect(c.checkGuards(), what).toBe(true);
                  if (kernel === undefined && s.oh * s.ow > 1 && c.kernels.some((n) => n.includes('s8c_')))
                    channelMulti++;
                  runs++;
                } finally {
                  c.dispose();
                }
              }
          }
        }
    expect(runs, set.label).toBeGreaterThan(400);
    // the dot8 set must have run its channel lanes on planes of several pixels by default (the subject of this test)
    if (set.gemmKernelIsa === 'wasmrelaxeddot') expect(channelMulti, set.label).toBeGreaterThan(50);
  });
});
