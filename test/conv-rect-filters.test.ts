// Non-square filters on the direct dot kernels (src/algos/direct-dot-nchw44.ts commonUsable: filter widths whose row
// kernels loop over the rows at run time take any height up to 7): the 1 x K of 1-D convolutions (an audio model's
// encoder, an ONNX Conv over [N, C, L] run as 1 x L), the 1 x 3 / 1 x 7 halves of separable pairs, 7 x 3. Every
// algorithm that runs a shape, planned for 1 and 2 threads (the second split on the calling thread), equals the
// oracle bit for bit: pads on every side, strides 1 and 2 (a 1-D convolution's vertical stride never applies),
// groups, channel counts with partial blocks, NCHW / NCHW44 / NCHW_NCHW44, int8 / uint8, int32 and 8-bit outputs;
// once per kernel set the engine offers. The heuristic's choice is checked too: the direct kernels on rows of 8
// pixels or more, the im2col GEMM on narrower ones.
import { expect, it } from 'vitest';
import { reference } from '../kernels-ref/index.js';
import type { ConvBiasParams } from '../src/params.js';
import { normalizeConvParams } from '../src/params.js';
import { randSource } from './helpers/conv-case.js';
import { describeEachKernelSet } from './helpers/kernel-sets.js';
import { randInt32, randInt8, rng } from './helpers/rng.js';

const SHAPES: Partial<ConvBiasParams>[] = [
  { format: 'NCHW44', ic: 16, oc: 24, ih: 9, iw: 13, fh: 1, fw: 3, pad: [0, 1] },
  { format: 'NCHW44', ic: 8, oc: 12, ih: 1, iw: 37, fh: 1, fw: 5, pad: [0, 2], stride: [1, 2] },
  { format: 'NCHW', ic: 7, oc: 20, ih: 1, iw: 29, fh: 1, fw: 3, pad: [0, 1] },
  { format: 'NCHW', ic: 12, oc: 8, ih: 1, iw: 41, fh: 1, fw: 7, pad: [0, 3, 0, 2], stride: [1, 2] },
  { format: 'NCHW44', ic: 8, oc: 8, ih: 11, iw: 10, fh: 1, fw: 7, pad: [0, 3] },
  { format: 'NCHW44', ic: 8, oc: 16, ih: 10, iw: 12, fh: 7, fw: 3, pad: [3, 1] },
  { format: 'NCHW44', ic: 12, oc: 8, ih: 9, iw: 17, fh: 2, fw: 3, pad: [1, 1, 0, 1], stride: [2, 2] },
  { format: 'NCHW44', ic: 16, oc: 16, ih: 8, iw: 14, fh: 5, fw: 3, pad: [2, 1], group: 4 },
  { format: 'NCHW', ic: 6, oc: 10, ih: 6, iw: 19, fh: 3, fw: 5, pad: [1, 2], stride: [2, 2] },
  { format: 'NCHW_NCHW44', ic: 1, oc: 8, ih: 1, iw: 40, fh: 1, fw: 5, stride: [1, 2] },
  { format: 'NCHW_NCHW44', ic: 3, oc: 12, ih: 8, iw: 15, fh: 1, fw: 3, pad: [0, 1] },
  // narrow rows: the im2col GEMM is preferred
  { format: 'NCHW44', ic: 16, oc: 20, ih: 6, iw: 4, fh: 1, fw: 3, pad: [0, 1] },
  { format: 'NCHW', ic: 9, oc: 12, ih: 1, iw: 5, fh: 1, fw: 3, pad: [0, 1], stride: [1, 2] },
];

describeEachKernelSet((set, runtime) => {
  it('non-square filters: every algorithm equals the oracle; the heuristic takes the direct kernels on wide rows', () => {
    const rt = runtime();
    let runs = 0;
    let direct = 0;
    for (const [k, shape] of SHAPES.entries())
      for (const srcType of ['uint8', 'int8'] as const)
        for (const out of ['int32', 'uint8'] as const) {
          const base = {
            n: 2,
            srcScale: 0.05,
            filterScale: 0.01,
            srcType,
            srcZeroPoint: srcType === 'uint8' ? 119 : 4,
            ...(out === 'int32' ? { dstType: 'int32' } : { dstType: 'uint8', dstScale: 0.6, dstZeroPoint: 131 }),
            biasMode: 'channel',
            rounding: 'half-even',
            ...shape,
          } as ConvBiasParams;
          const s = normalizeConvParams(base);
          const r = rng(500 + k);
          const w = randInt8(r, s.filterLength);
          const bias = randInt32(r, s.biasLength, -3000, 3000);
          const src = randSource(r, s.srcLength, srcType, -128, 127);
          const want = reference.convBias(base, src, w, bias);
          const picked = rt.convBias(base);
          const wantPick =
            s.ow < 8 ? 'WASMS8_IM2COL_GEMM' : /^WASMDOTS8(DIRECT_NCHW|DIRECT_NCHW44|_NCHW_NCHW44|PAIRS_NCHW_NCHW44)$/;
          expect(picked.algorithm, JSON.stringify(shape)).toMatch(wantPick);
          picked.dispose();
          for (const a of rt.algorithms(base)) {
            if (a.usable !== true || a.name === 'WASM_NAIVE') continue;
            for (const threads of [1, 2]) {
              const c = rt.convBias({ ...base, algo: a.name }, { threads });
              try {
                c.setFilter(w, 'OIHW');
                c.setBias(bias);
                const dst = out === 'int32' ? new Int32Array(s.dstLength) : new Uint8Array(s.dstLength);
                c.exec(src, dst);
                const what = `${a.name} ${c.kernels.join('+')} t${threads} ${JSON.stringify(shape)} ${srcType} -> ${out}`;
                expect(Array.from(dst), what).toEqual(Array.from(want));
                expect(c.checkGuards(), what).toBe(true);
                if (a.name.includes('DOTS8')) direct++;
                runs++;
              } finally {
                c.dispose();
              }
            }
          }
        }
    expect(runs, set.label).toBeGreaterThan(150);
    expect(direct, set.label).toBeGreaterThan(80);
  });
});
