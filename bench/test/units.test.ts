// Unit tests of the benchmark suite's pieces: shape declarations, CLI options, statistics, the protobuf writer,
// layout conversions and the naive convolution's rounding.
import { describe, expect, it } from 'vitest';
import { SHAPES, selectShapes, shapeFromId } from '../shapes.js';
import { measure, measureInterleaved, quantile, summarize } from '../stats.js';
import { buildQLinearConvModel } from '../../fixtures/qlinearconv-model.js';
import { compareOutputs, makeProblem, nchw44ToNchw, nchwToNchw44 } from '../data.js';
import { naiveConvNCHW, roundHalfEven } from '../naive-conv.js';
import { parseArgs } from '../main.js';
import { isDenseShape, speedBars, speedBarsTable } from '../report.js';
import type { BenchResults } from '../schema.js';
import { LINEARITY_FACTOR, checkLinearity, type CeilingExports } from '../ceiling.js';
import { runSuite, type SuiteInput } from '../suite.js';

describe('bench shapes', () => {
  it('parses ids into shapes with MAC counts', () => {
    const s = shapeFromId('64-64-56-k3s1');
    expect(s).toMatchObject({ ic: 64, oc: 64, h: 56, k: 3, s: 1, pad: 1, group: 1, oh: 56, format: 'NCHW44' });
    expect(s.macs).toBe(64 * 64 * 9 * 56 * 56);
    const g = shapeFromId('32-32-112-k3s1-g8');
    expect(g.macs).toBe(32 * 4 * 9 * 112 * 112);
    const f = shapeFromId('3-24-224-k7s2');
    expect(f).toMatchObject({ format: 'NCHW_NCHW44', oh: 112, pad: 3 });
    expect(() => shapeFromId('64x64')).toThrow(/bad shape id/);
    expect(() => shapeFromId('6-8-10-k3s1-g4')).toThrow(/divisible/);
  });

  it('declares the core shape list, first layers and a MobileNet-like sequence', () => {
    const ids = SHAPES.map((s) => s.id);
    for (const id of [
      '64-64-56-k3s1',
      '128-128-28-k3s1',
      '256-256-14-k3s1',
      '64-64-56-k5s1',
      '64-64-56-k7s1',
      '32-32-112-k3s2',
      '64-64-56-k2s1',
      '64-64-56-k2s2',
      '64-64-56-k5s2',
      '64-64-56-k7s2',
      '3-32-224-k3s2',
      '3-24-224-k7s2',
    ]) {
      expect(ids).toContain(id);
    }
    expect(SHAPES.filter((s) => s.tags.includes('mobilenet')).length).toBeGreaterThan(4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('selects groups, declared ids and ad-hoc ids, without duplicates', () => {
    expect(selectShapes(undefined).length).toBe(SHAPES.length);
    const q = selectShapes(undefined, true);
    expect(q.length).toBeGreaterThan(2);
    expect(q.every((s) => s.tags.includes('quick'))).toBe(true);
    const x = selectShapes('first-layer,8-8-10-k5s2,3-32-224-k3s2');
    expect(x.map((s) => s.id)).toEqual(['3-32-224-k3s2', '3-24-224-k7s2', '8-8-10-k5s2']);
  });
});

describe('bench CLI options', () => {
  it('parses every option', () => {
    const o = parseArgs(['--quick', '--shapes', 'core', '--filter=ort-web', '--json', '--out', '/tmp/x']);
    expect(o).toMatchObject({ quick: true, shapes: 'core', filter: 'ort-web', json: true, out: '/tmp/x' });
    expect(parseArgs([])).toMatchObject({ quick: false, full: false, threads: 1 });
    expect(parseArgs(['--full'])).toMatchObject({ quick: false, full: true, threads: 2 });
    expect(() => parseArgs(['--full', '--quick'])).toThrow(/do not go together/);
  });
  it('the headline shapes: the quick set and the 3x3 stride-1 dense shapes of the core list', () => {
    const ids = selectShapes('headline').map((s) => s.id);
    expect(ids).toHaveLength(8);
    for (const id of selectShapes('quick').map((s) => s.id)) expect(ids).toContain(id);
    for (const id of ['64-64-56-k3s1', '128-128-28-k3s1', '256-256-14-k3s1']) expect(ids).toContain(id);
  });
  it('rejects unknown options, bad shapes and bad expressions', () => {
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option/);
    expect(() => parseArgs(['--shapes', 'big'])).toThrow(/bad shape id/);
    expect(() => parseArgs(['--filter', '('])).toThrow();
    expect(() => parseArgs(['--filter'])).toThrow(/needs a value/);
  });
});

describe('bench statistics', () => {
  it('computes median, quartiles and spread', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    const t = summarize([4, 1, 3, 2, 100], 7);
    expect(t).toMatchObject({ ms: 3, msMin: 1, msMax: 100, msP25: 2, msP75: 4, samples: 5, callsPerSample: 7 });
    expect(t.spread).toBeCloseTo(2 / 3);
  });

  it('times sync and async functions against an injected clock', async () => {
    // Each call advances the fake clock by 2 ms: every per-call time must come out as exactly 2.
    let clock = 0;
    const now = () => clock;
    const opts = { warmupMs: 10, minSampleMs: 9, minSamples: 4, maxSamples: 6, budgetMs: 50 };
    const sync = await measure(() => void (clock += 2), opts, now);
    expect(sync.ms).toBe(2);
    expect(sync.callsPerSample).toBe(5);
    expect(sync.samples).toBeGreaterThanOrEqual(4);
    const asyncT = await measure(async () => void (clock += 2), opts, now);
    expect(asyncT.ms).toBe(2);
  });

  it('samples several functions round-robin', async () => {
    let clock = 0;
    const order: string[] = [];
    const opts = { warmupMs: 0, minSampleMs: 10, minSamples: 3, maxSamples: 5, budgetMs: 30 };
    const [a, b] = await measureInterleaved(
      [() => void ((clock += 1), order.push('a')), async () => void ((clock += 5), order.push('b'))],
      opts,
      () => clock,
    );
    expect(a.ms).toBe(1);
    expect(b.ms).toBe(5);
    expect(a.samples).toBe(b.samples);
    // after the warm-ups, samples alternate: 10 calls of a, 2 calls of b, 10 of a, ...
    const timed = order.join('').replace(/^a+b+/, '');
    expect(timed.startsWith('a'.repeat(10) + 'bb' + 'a'.repeat(10) + 'bb')).toBe(true);
  });
});

describe("the onnxruntime-web backends' QLinearConv model (fixtures/qlinearconv-model.ts, the product's ONNX writer)", () => {
  it('builds a model that names QLinearConv and carries the weights verbatim', () => {
    const w = Int8Array.from({ length: 8 * 4 * 9 }, (_, i) => (i % 200) - 100);
    const m = buildQLinearConvModel({
      activation: 'uint8',
      n: 1,
      ic: 4,
      ih: 6,
      iw: 6,
      oc: 8,
      fh: 3,
      fw: 3,
      stride: [1, 1],
      pad: [1, 1],
      group: 1,
      srcScale: 0.5,
      filterScale: 0.25,
      dstScale: 2,
      weights: w,
      bias: new Int32Array(8),
    });
    const text = new TextDecoder('latin1').decode(m);
    expect(text).toContain('QLinearConv');
    expect(text).toContain('kernel_shape');
    const wBytes = new Uint8Array(w.buffer);
    let found = false;
    for (let i = 0; i + wBytes.length <= m.length && !found; i++) found = wBytes.every((b, j) => m[i + j] === b);
    expect(found).toBe(true);
  });
});

describe('bench data and naive convolution', () => {
  it('converts NCHW <-> NCHW44 both ways', () => {
    const x = Int8Array.from({ length: 8 * 3 * 2 }, (_, i) => i);
    const b = nchwToNchw44(x, 8, 3, 2);
    // channel 5, pixel (1, 1): NCHW index 5*6+3 = 33; NCHW44 index (1*6 + 3)*4 + 1 = 37
    expect(b[37]).toBe(33);
    expect([...nchw44ToNchw(b, 8, 3, 2)]).toEqual([...x]);
  });

  it('rounds half to even', () => {
    expect([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.4, -2.6].map(roundHalfEven)).toEqual([0, 2, 2, -0, -2, -2, 2, -3]);
  });

  it('computes a hand-checked 1x1-output convolution', () => {
    // one 2x2 window, 4 channels, weights all 1, bias 3, ratio 1/... chosen so acc * ratio is exact
    const shape = shapeFromId('4-4-2-k2s1');
    const pb = makeProblem(shape);
    const p = { ...pb.params, pad: [0, 0] as [number, number], srcScale: 1, filterScale: 1, dstScale: 4 };
    const src = Int8Array.from({ length: 16 }, (_, i) => i - 8); // NCHW: channel c, pixel q -> 4c + q - 8
    const w = new Int8Array(4 * 4 * 4).fill(1);
    const dst = new Int8Array(4);
    naiveConvNCHW(p, src, w, new Int32Array([3, 3, 3, 3]), dst);
    // acc = sum(i - 8, i = 0..15) + 3 = -8 + 3 = -5; -5 / 4 = -1.25 -> -1
    expect([...dst]).toEqual([-1, -1, -1, -1]);
  });

  it('reports the first differing element', () => {
    expect(compareOutputs('x', [1, 2, 3], [1, 2, 3])).toBeNull();
    expect(compareOutputs('x', [1, 9, 3, 0], [1, 2, 3, 4])).toMatchObject({
      count: 2,
      firstIndex: 1,
      got: 9,
      want: 2,
      maxAbsDiff: 7,
    });
    expect(compareOutputs('x', [1], [1, 2])?.error).toMatch(/length/);
  });
});

describe('bench speed bars', () => {
  // a results object with just what speedBars reads: shapes (with their backends' GMAC/s), the build, the ceiling
  const shapeRes = (id: string, gmacs: Record<string, number>) => {
    const s = shapeFromId(id);
    const backends = Object.fromEntries(Object.entries(gmacs).map(([b, g]) => [b, { gmacs: g }]));
    return { ...s, w: s.h, ow: s.oh, backends, mismatches: [], skipped: [] };
  };
  const results = (build: string, ceilingRelaxedGmacs: number | null, shapes: ReturnType<typeof shapeRes>[]) =>
    ({ builds: { i8conv: build }, ceilingRelaxedGmacs, shapes }) as unknown as BenchResults;

  it('dense shapes are 3x3/5x5/7x7 stride 1 with 64-256 channels and no groups', () => {
    expect(['64-64-56-k3s1', '256-256-14-k3s1', '64-64-56-k7s1'].every((id) => isDenseShape(shapeFromId(id)))).toBe(
      true,
    );
    expect(
      [
        '32-32-112-k3s2',
        '64-64-56-k2s1',
        '64-64-56-k5s2',
        '512-512-14-k1s1',
        '128-128-56-k3s1-g128',
        '32-32-112-k3s1',
      ].some((id) => isDenseShape(shapeFromId(id))),
    ).toBe(false);
  });

  it('relaxed build: 2x / 1.5x onnxruntime-web, 70% of the relaxed ceiling, XNNPACK where it ran', () => {
    const r = results('relaxed', 100, [
      shapeRes('64-64-56-k3s1', { i8conv: 80, 'ort-web-uint8': 30, 'xnnpack-litert': 75 }),
      shapeRes('64-64-56-k7s1', { i8conv: 65, 'ort-web-uint8': 35, 'xnnpack-litert': 70 }),
      shapeRes('32-32-112-k3s2', { i8conv: 60, 'ort-web-uint8': 30 }),
    ]);
    const bars = speedBars(r);
    const by = Object.fromEntries(bars.map((b) => [b.label.split(' on ')[0].split(' (')[0], b]));
    expect(by['i8conv >= 2x ort-web-uint8']).toMatchObject({ status: 'not met' }); // 65 / 35 = 1.86x
    expect(by['i8conv >= 2x ort-web-uint8'].detail).toContain('1/2 shapes');
    expect(by['i8conv >= 1.5x ort-web-uint8']).toMatchObject({ status: 'met' });
    expect(by['i8conv >= 70% of the relaxed dot-add ceiling']).toMatchObject({ status: 'not met' }); // 65%
    expect(by['i8conv >= xnnpack-litert']).toMatchObject({ status: 'not met' });
    const t = speedBarsTable(r);
    expect(t.head).toContain('i8conv / xnnpack-litert');
    expect(t.rows[0]).toEqual(['64→64 56² 3x3 s1', 'yes', '80.0', '80%', '2.67x', '75.0', '1.07x']);
    expect(bars.some((b) => b.label.includes('same rounds'))).toBe(false); // no shape carries the same-rounds loop
  });

  it('the relaxed loop timed in the same rounds: its own bar and columns, next to the run-best ceiling', () => {
    const a = { ...shapeRes('64-64-56-k3s1', { i8conv: 80, 'ort-web-uint8': 30 }), relaxedCeilingRoundsGmacs: 100 };
    const b = { ...shapeRes('64-64-56-k5s1', { i8conv: 60, 'ort-web-uint8': 25 }), relaxedCeilingRoundsGmacs: 80 };
    const r = results('relaxed', 110, [a, b]);
    const rounds = speedBars(r).find((x) => x.label.includes('same rounds'))!;
    expect(rounds).toMatchObject({ status: 'met' }); // 80% and 75%, while 60 / 110 = 55% of the run-best ceiling
    expect(rounds.detail).toContain('lowest 75%');
    expect(speedBars(r).find((x) => x.label.startsWith('i8conv >= 70% of the relaxed dot-add ceiling'))).toMatchObject({
      status: 'not met',
    });
    const t = speedBarsTable(r);
    expect(t.head).toEqual([
      'shape',
      'dense',
      'i8conv GMAC/s',
      '% relaxed ceiling',
      'relaxed loop, same rounds',
      '% of it',
      'i8conv / ort-web-uint8',
    ]);
    expect(t.rows[1]).toEqual(['64→64 56² 5x5 s1', 'yes', '60.0', '55%', '80.0', '75%', '2.40x']);
  });

  it('SIMD128 build: 0.95x onnxruntime-web on the dense shapes only; nothing ran reads "not measured"', () => {
    const met = speedBars(results('simd128', null, [shapeRes('64-64-56-k3s1', { i8conv: 29, 'ort-web-uint8': 30 })]));
    expect(met).toHaveLength(1);
    expect(met[0]).toMatchObject({ status: 'met' });
    expect(
      speedBars(results('simd128', null, [shapeRes('32-32-112-k3s2', { i8conv: 29, 'ort-web-uint8': 30 })]))[0].status,
    ).toBe('not measured');
  });
});

describe("the ceiling loops' linearity guard", () => {
  it('accepts a time ratio near the trip ratio, refuses one that did not grow (a dropped or collapsed loop) or moved wildly', () => {
    expect(LINEARITY_FACTOR).toBe(4);
    for (const ok of [4, 3.6, 4.4, 2, 8]) expect(checkLinearity(ok), String(ok)).toEqual({ ok: true, reason: null });
    expect(checkLinearity(1.02)).toEqual({
      ok: false,
      reason: expect.stringMatching(/took only 1\.02x the time \(>= 2 expected\): the engine did not run every trip/),
    });
    expect(checkLinearity(1.9).ok).toBe(false);
    expect(checkLinearity(8.5)).toEqual({
      ok: false,
      reason: expect.stringMatching(/8\.50x the time \(<= 8 expected\): the machine's speed moved/),
    });
    for (const bad of [NaN, 0, -1, Infinity]) expect(checkLinearity(bad).ok, String(bad)).toBe(false);
    expect(checkLinearity(2.1, 2).ok).toBe(true); // another trip ratio
    expect(checkLinearity(0.9, 2).ok).toBe(false);
  });

  // A fake engine on a fake clock: each ceiling call advances the clock by what its trips would take. runSuite with
  // no shape and no section still measures the ceilings at its start and end, so the guard's verdict shows.
  const suiteWith = (ms: (trips: number) => number, relaxedMs?: (trips: number) => number) => {
    let clock = 0;
    const ceiling: CeilingExports = {
      ceilingDotI16: (t) => ((clock += ms(t)), t),
      ceilingMacsPerTrip: () => 128,
      ...(relaxedMs
        ? {
            ceilingHasRelaxed: () => 1,
            ceilingRelaxedDot: (t: number) => ((clock += relaxedMs(t)), t),
            ceilingRelaxedMacsPerTrip: () => 320,
          }
        : {}),
    };
    const input: SuiteInput = {
      shapes: [],
      backends: [],
      oracle: null,
      oracleName: 'none',
      ceiling,
      quick: true,
      filter: null,
      sampling: { warmupMs: 1, minSampleMs: 1, minSamples: 3, maxSamples: 5, budgetMs: 5 },
      engine: { name: 'node', version: 'test' },
      machine: { platform: 'test' },
      builds: { i8conv: relaxedMs ? 'relaxed' : 'simd128', ortWeb: null, ortWebVersion: null },
      now: () => clock,
    };
    return runSuite(input);
  };

  it('a loop that runs every trip is accepted: no error, linearity ~4 at the start and at the end', async () => {
    const r = await suiteWith(
      (t) => t / 1e6,
      (t) => t / 2e6,
    );
    expect(r.ceiling.linearityRuns).toEqual([4, 4]);
    expect(r.ceiling.refused).toBeNull();
    expect(r.ceiling.relaxedLinearityRuns).toEqual([4, 4]);
    expect(r.ceiling.relaxedRefused).toBeNull();
    expect(r.errors).toEqual([]);
    expect(r.ceilingGmacs).toBeCloseTo(128, 6); // 128 MACs a trip, 1 ns a trip: 128 GMAC/s
  });

  it('a loop whose time does not grow with its trips is refused: listed under errors and in the header, its bars not judged', async () => {
    const r = await suiteWith(
      () => 1,
      (t) => t / 2e6,
    );
    expect(r.ceiling.linearityRuns).toEqual([1, 1]);
    expect(r.ceiling.refused).toMatch(/did not run every trip/);
    expect(r.errors).toEqual([
      expect.stringMatching(/^SIMD128 ceiling loop refused: 4x the trips took only 1\.00x the time/),
    ]);
    const rx = await suiteWith(
      (t) => t / 1e6,
      () => 1,
    );
    expect(rx.ceiling.relaxedRefused).toMatch(/did not run every trip/);
    expect(rx.errors).toEqual([expect.stringMatching(/^relaxed dot-add ceiling loop refused/)]);
    // the relaxed-ceiling bars are not judged against a refused loop
    const withShapes = {
      ...rx,
      shapes: [
        {
          ...shapeFromId('64-64-56-k3s1'),
          w: 56,
          ow: 56,
          mismatches: [],
          skipped: [],
          backends: { i8conv: { gmacs: 80 }, 'ort-web-uint8': { gmacs: 30 } },
        },
      ],
    } as unknown as BenchResults;
    const bar = speedBars(withShapes).find((b) => b.label.startsWith('i8conv >= 70% of the relaxed dot-add ceiling'))!;
    expect(bar).toMatchObject({ status: 'not measured', detail: expect.stringMatching(/refused as a ceiling/) });
  });
});
