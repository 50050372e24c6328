// MegEngine's test grids for ARMDOTS8DIRECT_NCHW44 and ARMDOTS8_NCHW_NCHW44 (docs/testing.md#a2-the-nchw44-dot-grid), forced by
// algorithm name, every nonlinearity and every bias mode really passed, compared with the oracle exactly.
// Once per kernel set this engine offers (test/helpers/kernel-sets.ts; a set it cannot compute is reported
// skipped): SIMD128 runs the whole grid once per (nonlinearity, bias mode); the relaxed sets run every grid case
// once, the (nonlinearity, bias mode) pairs taking turns over the cases, so every shape, tail and pair is still hit
// at a seventh of the cost.
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../src/index.js';
import type { BiasMode, ConvBiasParams, Nonlinearity, Rounding } from '../src/params.js';
import { runCase } from './helpers/conv-case.js';
import { describeEachKernelSet, foreignKernels, type KernelSet } from './helpers/kernel-sets.js';

// qint8x8x8 scales of the upstream suite; data in [-50, 50] as UniformIntRNG{-50, 50}.
const Q8 = { srcScale: 0.41113496, filterScale: 0.01887994, dstScale: 0.49550694 };

interface GridCase {
  n: number;
  k: number;
  oc: number;
  ic: number;
  h: number;
  w: number;
  g: number;
}

/** get_nchw44_conv_bias_args: the (oc, ic, group) combos that survive are (4,4,1) (4,12,1) (12,4,1) (12,12,1) (12,12,3). */
function nchw44Grid(hs: number[], ws: number[], hybrid: boolean, ics = [1, 3, 4, 12]): GridCase[] {
  const out: GridCase[] = [];
  for (const n of [1, 2])
    for (const k of [2, 3, 5, 7])
      for (const oc of [4, 12])
        for (const ic of ics)
          for (const h of hs)
            for (const w of ws)
              for (let g = 1; g <= Math.min(oc, ic, 4); g++) {
                const pad = k >> 1;
                if (oc % g || ic % g) continue;
                if (w + 2 * pad < k || h + 2 * pad < k) continue;
                if (hybrid) {
                  if (g !== 1 || ic >= 4) continue;
                } else if ((oc / g) % 4 || (ic / g) % 4) continue;
                out.push({ n, k, oc, ic, h, w, g });
              }
  return out;
}

const V05 = nchw44Grid([3, 5, 12], [7, 16, 23], false);
const MASTER = nchw44Grid([3, 12], [16, 23], false);
const HYBRID = nchw44Grid([3, 5, 12], [7, 16, 23], true);
/** Beyond the upstream grid: 2 input planes (the packing interleaves 1, 2 or 3), rows of 1, 2 and 3 vector steps
 *  of 16 pixels with and without a tail. */
const HYBRID_MORE = [...nchw44Grid([3], [16, 33, 47], true, [1, 2, 3]), ...nchw44Grid([5], [7, 23], true, [2])];

function params(c: GridCase, s: number, extra: Partial<ConvBiasParams>, hybrid = false): ConvBiasParams {
  return {
    format: hybrid ? 'NCHW_NCHW44' : 'NCHW44',
    n: c.n,
    ic: c.ic,
    ih: c.h,
    iw: c.w,
    oc: c.oc,
    fh: c.k,
    fw: c.k,
    stride: s,
    pad: c.k >> 1,
    group: c.g,
    ...Q8,
    algo: hybrid ? 'WASMDOTS8_NCHW_NCHW44' : 'WASMDOTS8DIRECT_NCHW44',
    ...extra,
  };
}

/** Runs every case with `extra`, or with extra(i) for case i; each must equal the oracle and run `set`'s kernels. */
function runGrid(
  rt: Runtime,
  set: KernelSet,
  cases: GridCase[],
  s: number,
  extra: Partial<ConvBiasParams> | ((i: number) => Partial<ConvBiasParams>),
  hybrid = false,
): void {
  const failures: string[] = [];
  cases.forEach((c, i) => {
    const p = params(c, s, typeof extra === 'function' ? extra(i) : extra, hybrid);
    const r = runCase(rt, p, 1000 + i, { lo: -50, hi: 50, biasRange: 50 });
    if (!r.ok)
      failures.push(
        `${JSON.stringify(c)} mism=${r.mismatches} guards=${r.guardsOk} ${JSON.stringify(r.firstMismatch)}`,
      );
    const foreign = foreignKernels(set, r.algorithm, r.kernels);
    if (foreign.length) failures.push(`${JSON.stringify(c)} ran ${foreign.join(', ')}, not ${set.label} kernels`);
  });
  expect(failures.slice(0, 5)).toEqual([]);
}

describe('grid sizes', () => {
  it('match the upstream counts (v0.5 360, master 160 per stride; hybrid 144)', () => {
    expect(V05.length).toBe(360);
    expect(MASTER.length).toBe(160);
    expect(HYBRID.length).toBe(2 * 4 * 2 * 2 * 9);
  });
});

const NLS: Nonlinearity[] = ['identity', 'relu', 'hswish'];
const BIASES: BiasMode[] = ['none', 'channel', 'full'];

/** Case i's (nonlinearity, bias mode) when the pairs take turns: consecutive cases take consecutive pairs. */
const turn = <N, B>(nls: N[], biases: B[], i: number): { nonlinearity: N; biasMode: B } => ({
  nonlinearity: nls[i % nls.length],
  biasMode: biases[Math.floor(i / nls.length) % biases.length],
});

describeEachKernelSet((set, rt) => {
  for (const s of [1, 2]) {
    if (set.full) {
      describe(`WASMDOTS8DIRECT_NCHW44 stride ${s}, qint8 out (v0.5 grid, half-away)`, () => {
        for (const nl of NLS)
          for (const biasMode of BIASES)
            it(`${nl}, bias ${biasMode}`, () => runGrid(rt(), set, V05, s, { nonlinearity: nl, biasMode }));
      });
      describe(`WASMDOTS8DIRECT_NCHW44 stride ${s}, qint8 out (master grid, half-even)`, () => {
        for (const nl of NLS)
          for (const biasMode of BIASES)
            it(`${nl}, bias ${biasMode}`, () =>
              runGrid(rt(), set, MASTER, s, { nonlinearity: nl, biasMode, rounding: 'half-even' as Rounding }));
      });
      describe(`WASMDOTS8DIRECT_NCHW44 stride ${s}, qint32 out (master grid)`, () => {
        for (const nl of NLS)
          for (const biasMode of ['none', 'channel'] as BiasMode[])
            it(`${nl}, bias ${biasMode}`, () =>
              runGrid(rt(), set, MASTER, s, {
                nonlinearity: nl,
                biasMode,
                dstScale: undefined,
                srcScale: 2.5,
                filterScale: 2.5,
              }));
      });
      describe(`WASMDOTS8_NCHW_NCHW44 (hybrid first layer) stride ${s}`, () => {
        for (const nl of NLS)
          for (const biasMode of ['none', 'channel'] as BiasMode[])
            it(`${nl}, bias ${biasMode}`, () =>
              runGrid(rt(), set, [...HYBRID, ...HYBRID_MORE], s, { nonlinearity: nl, biasMode }, true));
      });
    } else {
      describe(`stride ${s}, every grid case once, (nonlinearity, bias mode) taking turns`, () => {
        it('WASMDOTS8DIRECT_NCHW44, qint8 out (v0.5 grid, half-away)', () =>
          runGrid(rt(), set, V05, s, (i) => turn(NLS, BIASES, i)));
        it('WASMDOTS8DIRECT_NCHW44, qint8 out (master grid, half-even)', () =>
          runGrid(rt(), set, MASTER, s, (i) => ({ ...turn(NLS, BIASES, i), rounding: 'half-even' as Rounding })));
        it('WASMDOTS8DIRECT_NCHW44, qint32 out (master grid)', () =>
          runGrid(rt(), set, MASTER, s, (i) => ({
            ...turn(NLS, ['none', 'channel'] as BiasMode[], i),
            dstScale: undefined,
            srcScale: 2.5,
            filterScale: 2.5,
          })));
        it('WASMDOTS8_NCHW_NCHW44 (hybrid first layer)', () =>
          runGrid(
            rt(),
            set,
            [...HYBRID, ...HYBRID_MORE],
            s,
            (i) => turn(NLS, ['none', 'channel'] as BiasMode[], i),
            true,
          ));
      });
    }
  }
});
