// WASMS8_WINOGRAD_F23_NCHW44 (src/algos/winograd.ts, assembly/winograd/task.ts): the exact integer Winograd F(2, 3)
// against the oracle bit for bit: every tile tail (output widths and heights 1..17, odd and even), padding of 0..2
// on each side (tiles that are mostly padding), every K-step count of the pairs GEMM, 1-4 output-channel blocks,
// groups and batches, every quantization variant, thread plans (panels and output-channel parts), each pairs GEMM
// kernel forced by name, 5x5 and 7x7 filters (blocks of 3x3), and the exactness bounds: the largest |4 Y| the algorithm
// admits (1824 input channels of -128 weights on d = -255 for 3x3, 656 for 5x5, 332 for 7x7), refused one block past. Guard bytes around every buffer (runCase).
import { describe, expect, it } from 'vitest';
import { WINOGRAD_KERNELS, type Runtime, I8ConvError } from '../src/index.js';
import type { ConvBiasParams } from '../src/params.js';
import { normalizeConvParams } from '../src/params.js';
import {
  winogradF23,
  winogradFilter,
  winogradMaxIcpg,
  winogradPlanFacts,
  WINOGRAD_MAX_ICPG,
} from '../src/algos/winograd.js';
import { quantVariant, runCase, type CaseOptions } from './helpers/conv-case.js';
import { rng, randInt } from './helpers/rng.js';
import { describeEachKernelSet, foreignKernels, LAB_KERNELS, type KernelSet } from './helpers/kernel-sets.js';

const A = 'WASMS8_WINOGRAD_F23_NCHW44';

const quant = (i: number, oc: number): Partial<ConvBiasParams> => quantVariant(i, oc, 7000 + i, [0.5, 4]);

const conv = (p: Partial<ConvBiasParams>): ConvBiasParams => ({
  format: 'NCHW44',
  n: 1,
  ic: 4,
  ih: 3,
  iw: 3,
  oc: 4,
  fh: 3,
  fw: 3,
  pad: 1,
  srcScale: 0.05,
  filterScale: 0.01,
  dstScale: 0.5,
  ...p,
});

describe('the Winograd F(2, 3) transforms (host side, no kernel)', () => {
  it("U' = G' g G'^T, V = B^T d B and 4 Y = A^T (U' . V) A give 4x the direct 2x2 outputs", () => {
    const r = rng(5);
    for (let trial = 0; trial < 200; trial++) {
      const g = Array.from({ length: 9 }, () => randInt(r, -128, 127));
      const d = Array.from({ length: 16 }, () => randInt(r, -255, 255));
      const u = winogradFilter(g);
      // V = B^T d B, B^T = [[1,0,-1,0],[0,1,1,0],[0,-1,1,0],[0,1,0,-1]]
      const BT = [
        [1, 0, -1, 0],
        [0, 1, 1, 0],
        [0, -1, 1, 0],
        [0, 1, 0, -1],
      ];
      const v = new Array(16).fill(0);
      for (let i = 0; i < 4; i++)
        for (let j = 0; j < 4; j++)
          for (let a = 0; a < 4; a++) for (let b = 0; b < 4; b++) v[i * 4 + j] += BT[i][a] * d[a * 4 + b] * BT[j][b];
      const AT = [
        [1, 1, 1, 0],
        [0, 1, -1, -1],
      ];
      for (let y = 0; y < 2; y++)
        for (let x = 0; x < 2; x++) {
          let four = 0;
          for (let i = 0; i < 4; i++)
            for (let j = 0; j < 4; j++) four += AT[y][i] * u[i * 4 + j] * v[i * 4 + j] * AT[x][j];
          let direct = 0;
          for (let kh = 0; kh < 3; kh++)
            for (let kw = 0; kw < 3; kw++) direct += g[kh * 3 + kw] * d[(y + kh) * 4 + x + kw];
          expect(four).toBe(4 * direct);
        }
      for (const x of u) expect(Math.abs(x)).toBeLessThanOrEqual(1152);
      for (const x of v) expect(Math.abs(x)).toBeLessThanOrEqual(1020);
    }
    // the largest entries: every weight -128 (|U'| = 9 * 128 in the middle positions)
    expect(Math.max(...winogradFilter(new Array(9).fill(-128)).map(Math.abs))).toBe(1152);
  });

  it('is usable only where it is exact: 3x3 / 5x5 / 7x7, stride 1, dilation 1, NCHW44, channels in blocks of 4, ICPG within the bound', () => {
    const s = (p: Partial<ConvBiasParams>) => normalizeConvParams(conv(p));
    expect(winogradF23.usable(s({ ic: 8, oc: 8, ih: 6, iw: 6 }))).toBeNull();
    expect(winogradF23.usable(s({ ic: WINOGRAD_MAX_ICPG, oc: 4, ih: 4, iw: 4 }))).toBeNull();
    expect(winogradF23.usable(s({ ic: WINOGRAD_MAX_ICPG + 4, oc: 4, ih: 4, iw: 4 }))?.code).toBe('TOO_MANY_CHANNELS');
    expect(winogradF23.usable(s({ ic: 2 * (WINOGRAD_MAX_ICPG + 4), group: 2, oc: 8, ih: 4, iw: 4 }))?.code).toBe(
      'TOO_MANY_CHANNELS',
    );
    expect(winogradF23.usable(s({ ic: 8, oc: 8, ih: 6, iw: 6, stride: 2 }))?.code).toBe('UNSUPPORTED_STRIDE');
    expect(winogradF23.usable(s({ ic: 8, oc: 8, ih: 6, iw: 6, dilation: 2, pad: 2 }))?.code).toBe(
      'UNSUPPORTED_DILATION',
    );
    // 5x5 and 7x7 as blocks of 3x3 filters, with their own exactness bounds
    expect([WINOGRAD_MAX_ICPG, winogradMaxIcpg(5), winogradMaxIcpg(7)]).toEqual([1824, 656, 332]);
    for (const f of [3, 5, 7]) {
      const m = winogradMaxIcpg(f);
      expect(4 * f * f * 128 * 255 * m).toBeLessThan(2 ** 31);
      expect(4 * f * f * 128 * 255 * (m + 4)).toBeGreaterThanOrEqual(2 ** 31);
      expect(winogradF23.usable(s({ ic: m, oc: 4, ih: 8, iw: 8, fh: f, fw: f, pad: f >> 1 }))).toBeNull();
      expect(winogradF23.usable(s({ ic: m + 4, oc: 4, ih: 8, iw: 8, fh: f, fw: f, pad: f >> 1 }))?.code).toBe(
        'TOO_MANY_CHANNELS',
      );
    }
    expect(winogradF23.usable(s({ ic: 8, oc: 8, ih: 6, iw: 6, fh: 2, fw: 2, pad: 1 }))?.code).toBe(
      'UNSUPPORTED_FILTER',
    );
    expect(winogradF23.usable(s({ ic: 8, oc: 8, ih: 6, iw: 6, fh: 5, fw: 3, pad: [2, 1] }))?.code).toBe(
      'UNSUPPORTED_FILTER',
    );
    expect(winogradF23.usable(s({ ic: 8, oc: 8, ih: 6, iw: 6, fh: 3, fw: 1, pad: [1, 0] }))?.code).toBe(
      'UNSUPPORTED_FILTER',
    );
    expect(winogradF23.usable(s({ format: 'NCHW', ic: 8, oc: 8, ih: 6, iw: 6 }))?.code).toBe('UNSUPPORTED_FORMAT');
    expect(winogradF23.usable(s({ ic: 8, oc: 8, group: 4, ih: 6, iw: 6 }))?.code).toBe('CHANNELS_NOT_MULTIPLE_OF_4');
  });

  it('plans tasks that cover every tile row, within the B budget, with whole output-channel blocks per part', () => {
    for (const [ic, oc, hw] of [
      [64, 64, 56],
      [128, 128, 28],
      [256, 256, 14],
      [512, 512, 7],
      [4, 4, 1],
      [16, 8, 17],
    ])
      for (const threads of [1, 2, 3, 4]) {
        const s = normalizeConvParams(conv({ ic, oc, ih: hw, iw: hw }));
        const f = winogradPlanFacts(s, threads);
        const th = Math.ceil(s.oh / 2);
        expect(f.rows * f.panels).toBeGreaterThanOrEqual(th);
        expect(f.rows * (f.panels - 1)).toBeLessThan(th);
        expect(f.ocParts).toBeGreaterThanOrEqual(1);
        expect(f.ocParts).toBeLessThanOrEqual(oc / 4);
        // threads get whole rounds of tasks wherever the channel blocks allow it
        if (threads > 1 && f.ocParts < oc / 4)
          expect((f.panels * f.ocParts) % threads === 0 || f.panels * f.ocParts >= 2 * threads).toBe(true);
      }
  });
});

describeEachKernelSet((set: KernelSet, rt: () => Runtime, lab: () => Runtime) => {
  const ex = (p: ConvBiasParams, seed: number, opts: CaseOptions = {}) => {
    const on = opts.kernel !== undefined && LAB_KERNELS.has(opts.kernel) ? lab() : rt();
    const r = runCase(on, { ...p, algo: A }, seed, opts);
    expect(r, `${JSON.stringify(p)} ${JSON.stringify(opts)} -> ${JSON.stringify(r.firstMismatch)}`).toMatchObject({
      ok: true,
    });
    expect(r.algorithm).toBe(A);
    expect(foreignKernels(set, r.algorithm, r.kernels), `${set.label}: ${A} ran ${r.kernels.join(', ')}`).toEqual([]);
    return r;
  };

  describe(A, () => {
    it('every output width and height 1..17 (tile and tile-group tails), padding 0..2 per side', () => {
      let i = 0;
      for (let ow = 1; ow <= 17; ow++) {
        const oh = 1 + ((ow * 7) % 9);
        const pad: [number, number, number, number] = [i % 3, (i >> 1) % 3, (i >> 2) % 3, i % 2];
        const ih = oh + 2 - pad[0] - pad[2];
        const iw = ow + 2 - pad[1] - pad[3];
        if (ih < 1 || iw < 1) continue;
        ex(conv({ ic: 8, oc: 8, ih, iw, pad, ...quant(i, 8) }), 100 + i);
        i++;
      }
      for (let oh = 1; oh <= 17; oh++) {
        ex(conv({ ic: 4, oc: 4, ih: oh, iw: 9, pad: 1, ...quant(i, 4) }), 100 + i);
        i++;
      }
    });

    it('every K-step count 1..17, 1..5 output-channel blocks, groups, batches, mostly-padding tiles', () => {
      let i = 0;
      for (let kb = 1; kb <= 17; kb++) {
        const oc = 4 * (1 + (kb % 5));
        ex(conv({ ic: 4 * kb, oc, ih: 5 + (kb % 4), iw: 6 + (kb % 5), pad: 1, ...quant(i, oc) }), 300 + i);
        i++;
      }
      ex(conv({ ic: 16, oc: 24, group: 2, n: 2, ih: 7, iw: 11, pad: 1, ...quant(i, 24) }), 300 + i++);
      ex(conv({ ic: 12, oc: 8, group: 1, n: 3, ih: 2, iw: 2, pad: 2, ...quant(i, 8) }), 300 + i++); // 4x4 output of mostly padding
      ex(conv({ ic: 8, oc: 8, ih: 1, iw: 1, pad: 1, ...quant(i, 8) }), 300 + i++);
      ex(conv({ ic: 32, oc: 16, ih: 30, iw: 30, pad: [1, 1, 1, 1], ...quant(i, 16) }), 300 + i++);
    });

    it('5x5 and 7x7 as 3x3 blocks: output widths 1..17, padding 0..f-1 per side, K-step counts, groups', () => {
      let i = 0;
      for (const f of [5, 7])
        for (let ow = 1; ow <= 17; ow += 2) {
          const pad: [number, number, number, number] = [(i * 3) % f, i % f, (i >> 1) % f, (i * 5) % f];
          const oh = 1 + ((ow * 5) % 7);
          const ih = oh + f - 1 - pad[0] - pad[2];
          const iw = ow + f - 1 - pad[1] - pad[3];
          if (ih < 1 || iw < 1) continue;
          const g = i % 4 === 3 ? 2 : 1;
          const oc = 4 * g * (1 + (i % 3));
          ex(
            conv({
              ic: 4 * g * (1 + (i % 5)),
              oc,
              group: g,
              n: 1 + (i % 2),
              ih,
              iw,
              fh: f,
              fw: f,
              pad,
              ...quant(i, oc),
            }),
            400 + i,
          );
          i++;
        }
    });

    it('thread plans: panels split over threads and output-channel parts', () => {
      let i = 0;
      for (const threads of [2, 3, 4])
        for (const [ic, oc, hw] of [
          [16, 32, 7],
          [8, 12, 3],
          [32, 16, 20],
          [4, 64, 2],
        ]) {
          ex(conv({ ic, oc, ih: hw, iw: hw + 1, pad: 1, ...quant(i, oc) }), 500 + i, { threads });
          i++;
        }
    });

    it('each pairs GEMM kernel, forced by name, over every tile tail of its micro-tile', () => {
      let i = 0;
      const mains = WINOGRAD_KERNELS.filter((k) => k.npg > 1);
      expect(mains.length).toBeGreaterThan(0);
      for (const k of mains)
        for (let ow = 1; ow <= 2 * k.npix + 2; ow += 3) {
          ex(conv({ ic: 8, oc: 8, ih: 3 + (ow % 3), iw: ow, pad: 1, ...quant(i, 8) }), 700 + i, { kernel: k.name });
          i++;
        }
      // a 1-group kernel is a companion, not a main tile
      const narrow = WINOGRAD_KERNELS.find((k) => k.npg === 1)!;
      expect(() =>
        rt().convBias({ ...conv({ ic: 8, oc: 8, ih: 5, iw: 5 }), algo: A }, { kernel: narrow.name }),
      ).toThrow(I8ConvError);
    });

    it('exact at the bound: 1824 input channels, every weight -128, every d = -255 (|4 Y| = 2^31 - 2^20 ...)', () => {
      // a uint8 source of 0 with zero point 255 is d = -255 everywhere inside; padding is 0
      const p = conv({
        ic: WINOGRAD_MAX_ICPG,
        oc: 4,
        ih: 4,
        iw: 4,
        pad: 1,
        srcType: 'uint8',
        srcZeroPoint: 255,
        dstType: 'int32',
        dstScale: undefined,
        biasMode: 'none',
      });
      // lo = hi = -128: int8 weights all -128 and a uint8 source of 0
      ex(p, 900, { lo: -128, hi: -128 });
      const q = conv({
        ic: WINOGRAD_MAX_ICPG,
        oc: 4,
        ih: 4,
        iw: 4,
        pad: 1,
        srcType: 'int8',
        srcZeroPoint: -128,
        dstType: 'int32',
        dstScale: undefined,
        biasMode: 'none',
      });
      ex(q, 901, { lo: 127, hi: 127 });
      // and with 5x5 / 7x7 filters at theirs (every tap of the centre pixels inside the image)
      for (const f of [5, 7]) {
        const at = {
          ic: winogradMaxIcpg(f),
          oc: 4,
          ih: f + 1,
          iw: f + 1,
          fh: f,
          fw: f,
          pad: f >> 1,
          dstType: 'int32' as const,
          dstScale: undefined,
          biasMode: 'none' as const,
        };
        ex(conv({ ...at, srcType: 'uint8', srcZeroPoint: 255 }), 902 + f, { lo: -128, hi: -128 });
        ex(conv({ ...at, srcType: 'int8', srcZeroPoint: -128 }), 912 + f, { lo: 127, hi: 127 });
      }
    });
  });
});
