// ConvBias.setSourceZeroPoint (the model runtime's ConvInteger after a DynamicQuantizeLinear, whose source zero
// point is known only at run time): every algorithm that runs a shape, built with one source zero point and moved to
// others between runs, equals the oracle built with the zero point of the run, bit for bit (padding, the kernels'
// zero-point subtraction and the filter correction all follow). Shapes cover 1x1 / 3x3 / 5x5, strides 1 and 2, groups
// and depthwise, first layers (3 input channels), NCHW44 / NCHW / NCHW_NCHW44, int8 and uint8 sources, int32 and
// 8-bit outputs; once per kernel set the engine offers (test/helpers/kernel-sets.ts).
import { expect, it } from 'vitest';
import { reference } from '../kernels-ref/index.js';
import type { ConvBiasParams } from '../src/params.js';
import { normalizeConvParams } from '../src/params.js';
import { randSource } from './helpers/conv-case.js';
import { describeEachKernelSet } from './helpers/kernel-sets.js';
import { randInt32, randInt8, rng } from './helpers/rng.js';

const SHAPES: Partial<ConvBiasParams>[] = [
  { format: 'NCHW44', ic: 8, oc: 12, ih: 7, iw: 9, fh: 1, fw: 1 },
  { format: 'NCHW44', ic: 8, oc: 8, ih: 9, iw: 11, fh: 3, fw: 3, pad: [1, 1] },
  { format: 'NCHW44', ic: 4, oc: 8, ih: 10, iw: 9, fh: 3, fw: 3, pad: [1, 1], stride: [2, 2] },
  { format: 'NCHW44', ic: 8, oc: 8, ih: 8, iw: 8, fh: 3, fw: 3, pad: [1, 1], group: 8 },
  { format: 'NCHW44', ic: 8, oc: 8, ih: 9, iw: 9, fh: 5, fw: 5, pad: [2, 2] },
  { format: 'NCHW', ic: 3, oc: 8, ih: 9, iw: 10, fh: 3, fw: 3, pad: [1, 1], stride: [2, 2] },
  { format: 'NCHW_NCHW44', ic: 3, oc: 8, ih: 11, iw: 9, fh: 3, fw: 3, pad: [1, 1], stride: [2, 2] },
  { format: 'NCHW', ic: 5, oc: 6, ih: 6, iw: 7, fh: 3, fw: 3, pad: [1, 1] },
];

describeEachKernelSet((set, runtime) => {
  it('every algorithm, moved to another source zero point between runs, equals the oracle built with it', () => {
    const rt = runtime();
    let runs = 0;
    for (const [k, shape] of SHAPES.entries())
      for (const srcType of ['uint8', 'int8'] as const)
        for (const out of ['int32', 'uint8'] as const) {
          const base: ConvBiasParams = {
            n: 1,
            srcScale: 0.05,
            filterScale: 0.01,
            srcType,
            srcZeroPoint: srcType === 'uint8' ? 128 : 0,
            ...(out === 'int32' ? { dstType: 'int32' } : { dstType: 'uint8', dstScale: 0.7, dstZeroPoint: 5 }),
            biasMode: 'channel',
            rounding: 'half-even',
            ...shape,
          } as ConvBiasParams;
          const s = normalizeConvParams(base);
          const r = rng(100 + k);
          const w = randInt8(r, s.filterLength);
          const bias = randInt32(r, s.biasLength, -3000, 3000);
          const src = randSource(r, s.srcLength, srcType, -128, 127);
          const zps = srcType === 'uint8' ? [128, 0, 255, 37, 201] : [0, -128, 127, -9, 64];
          for (const a of rt.algorithms(base)) {
            if (a.usable !== true) continue;
            const c = rt.convBias({ ...base, algo: a.name });
            try {
              c.setFilter(w, 'OIHW');
              c.setBias(bias);
              for (const zp of zps) {
                c.setSourceZeroPoint(zp);
                const want = reference.convBias({ ...base, srcZeroPoint: zp }, src, w, bias);
                const dst = out === 'int32' ? new Int32Array(s.dstLength) : new Uint8Array(s.dstLength);
                c.exec(src, dst);
                expect(
                  Array.from(dst),
                  `${a.name} ${JSON.stringify(shape)} ${srcType} -> ${out}, zero point ${zp}`,
                ).toEqual(Array.from(want));
                expect(c.checkGuards()).toBe(true);
                runs++;
              }
            } finally {
              c.dispose();
            }
          }
        }
    expect(runs, set.label).toBeGreaterThan(200);
  });

  it('refuses a zero point outside the source type', () => {
    const rt = runtime();
    const c = rt.convBias({
      format: 'NCHW44',
      n: 1,
      ic: 4,
      oc: 4,
      ih: 3,
      iw: 3,
      fh: 1,
      fw: 1,
      srcScale: 1,
      filterScale: 1,
      dstType: 'int32',
      srcType: 'uint8',
    } as ConvBiasParams);
    c.setFilter(new Int8Array(16), 'OIHW');
    expect(() => c.setSourceZeroPoint(256)).toThrow(/INVALID_PARAM/);
    expect(() => c.setSourceZeroPoint(1.5)).toThrow(/INVALID_PARAM/);
    c.dispose();
  });
});
