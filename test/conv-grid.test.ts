// MegEngine's test grids for ARMDOTS8DIRECT_NCHW44 and ARMDOTS8_NCHW_NCHW44 (docs/testing.md#a2-the-nchw44-dot-grid), forced by
// algorithm name, every nonlinearity and every bias mode really passed, compared with the oracle exactly.
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { BiasMode, ConvBiasParams, Nonlinearity, Rounding } from '../src/params.js';
import { runCase } from './helpers/conv-case.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ build: 'simd128' });
});

// qint8x8x8 scales of the upstream suite; data in [-50, 50] as UniformIntRNG{-50, 50}.
const Q8 = { srcScale: 0.41113496, filterScale: 0.01887994, dstScale: 0.49550694 };

interface GridCase {
  n: number; k: number; oc: number; ic: number; h: number; w: number; g: number;
}

/** get_nchw44_conv_bias_args: the (oc, ic, group) combos that survive are (4,4,1) (4,12,1) (12,4,1) (12,12,1) (12,12,3). */
function nchw44Grid(hs: number[], ws: number[], hybrid: boolean): GridCase[] {
  const out: GridCase[] = [];
  for (const n of [1, 2])
    for (const k of [2, 3, 5, 7])
      for (const oc of [4, 12])
        for (const ic of [1, 3, 4, 12])
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

function params(c: GridCase, s: number, extra: Partial<ConvBiasParams>, hybrid = false): ConvBiasParams {
  return {
    format: hybrid ? 'NCHW_NCHW44' : 'NCHW44', n: c.n, ic: c.ic, ih: c.h, iw: c.w, oc: c.oc, fh: c.k, fw: c.k,
    stride: s, pad: c.k >> 1, group: c.g, ...Q8, algo: hybrid ? 'WASMDOTS8_NCHW_NCHW44' : 'WASMDOTS8DIRECT_NCHW44', ...extra,
  };
}

function runGrid(cases: GridCase[], s: number, extra: Partial<ConvBiasParams>, hybrid = false): void {
  const failures: string[] = [];
  cases.forEach((c, i) => {
    const p = params(c, s, extra, hybrid);
    const r = runCase(rt, p, 1000 + i, { lo: -50, hi: 50, biasRange: 50 });
    if (!r.ok) failures.push(`${JSON.stringify(c)} mism=${r.mismatches} guards=${r.guardsOk} ${JSON.stringify(r.firstMismatch)}`);
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

for (const s of [1, 2]) {
  describe(`WASMDOTS8DIRECT_NCHW44 stride ${s}, qint8 out (v0.5 grid, half-away)`, () => {
    for (const nl of NLS)
      for (const biasMode of BIASES)
        it(`${nl}, bias ${biasMode}`, () => runGrid(V05, s, { nonlinearity: nl, biasMode }));
  });
  describe(`WASMDOTS8DIRECT_NCHW44 stride ${s}, qint8 out (master grid, half-even)`, () => {
    for (const nl of NLS)
      for (const biasMode of BIASES)
        it(`${nl}, bias ${biasMode}`, () => runGrid(MASTER, s, { nonlinearity: nl, biasMode, rounding: 'half-even' as Rounding }));
  });
  describe(`WASMDOTS8DIRECT_NCHW44 stride ${s}, qint32 out (master grid)`, () => {
    for (const nl of NLS)
      for (const biasMode of ['none', 'channel'] as BiasMode[])
        it(`${nl}, bias ${biasMode}`, () => runGrid(MASTER, s, { nonlinearity: nl, biasMode, dstScale: undefined, srcScale: 2.5, filterScale: 2.5 }));
  });
  describe(`WASMDOTS8_NCHW_NCHW44 (hybrid first layer) stride ${s}`, () => {
    for (const nl of NLS)
      for (const biasMode of ['none', 'channel'] as BiasMode[])
        it(`${nl}, bias ${biasMode}`, () => runGrid(HYBRID, s, { nonlinearity: nl, biasMode }, true));
  });
}
