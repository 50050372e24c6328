// The benchmark's threads section (bench/threads.ts): i8conv on 1 and 2 threads and onnxruntime-web with numThreads
// 2, on tiny shapes and a tiny network, run in-process through the same code as the child process of `npm start`
// and once through the child process itself; its JSON, tables and bars; a 2-thread output that differs from the
// 1-thread one is a mismatch that fails the run; the options.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// the built library (dist/) for the runtimes: its worker script is JavaScript, which the worker threads load
import { createRuntime } from '../../dist/src/index.js';
import type { OrtModule } from '../../fixtures/models/ort.js';
import { attachThreads, finishRun, parseArgs } from '../main.js';
import type { NetLayer, Network } from '../../fixtures/networks.js';
import { renderHtml, renderMarkdown, renderText, threadsIntro } from '../report.js';
import { validateResults, validateThreads, type BenchResults, type ThreadsSection } from '../schema.js';
import { loadOracle, prepareSuite } from '../setup.js';
import { selectShapes } from '../shapes.js';
import { measureRounds, perRoundRatio } from '../stats.js';
import { runSuite } from '../suite.js';
import {
  finishThreads,
  isDenseShape,
  parseChildArgs,
  threadsBars,
  parseThreadsOption,
  runThreadsBench,
  runThreadsChild,
  speedupTarget,
  threadsMismatches,
  type ThreadsBenchInput,
  type ThreadsRuntime,
} from '../threads.js';

const TINY = {
  passes: 2,
  warmupMs: 2,
  minSampleMs: 1,
  minSamples: 1,
  maxSamples: 2,
  budgetMs: 2,
  settleMs: 1,
  primeMs: 0.5,
};

function layer(
  name: string,
  ic: number,
  oc: number,
  h: number,
  k: number,
  stride: number,
  group = 1,
  count = 1,
): NetLayer {
  return {
    name,
    occurs: Array.from({ length: count }, (_, i) => `${name}#${i}`),
    ic,
    oc,
    h,
    k,
    stride,
    pad: k > 1 ? k >> 1 : 0,
    group,
    count,
  };
}
/** A first layer, a channel-wise 3x3 (twice) and a 1x1 large enough to run threaded. */
const TINY_NET: Network = {
  id: 'tiny',
  label: 'tiny test network',
  layers: [layer('first', 3, 8, 11, 3, 2), layer('dw', 8, 8, 6, 3, 1, 8, 2), layer('pw', 64, 64, 14, 1, 1)],
};
// 8-8-6-k3s1: 0.02 M MACs (under POOL_MIN_MACS: runs on the calling thread); 32-32-28-k3s1: 7.2 M, threaded, dense
const SHAPES = '8-8-6-k3s1,32-32-28-k3s1';

/** A 2-thread runtime whose outputs have one element changed: the section must report it. */
function wrongRuntime(rt: ThreadsRuntime): ThreadsRuntime {
  return {
    convBias(p) {
      const c = rt.convBias(p);
      return {
        setFilter: (w, l) => c.setFilter(w, l),
        setBias: (b) => c.setBias(b),
        exec: (src, dst) => {
          c.exec(src, dst);
          dst[3] ^= 1;
        },
        get algorithm() {
          return c.algorithm;
        },
        get threaded() {
          return c.threaded;
        },
        dispose: () => c.dispose(),
      };
    },
  };
}

let ortModule: OrtModule | null = null;
/** onnxruntime-web with numThreads 2 (set before its first session in this test process). */
async function ort2(): Promise<OrtModule> {
  if (!ortModule) {
    ortModule = (await import('onnxruntime-web')) as unknown as OrtModule;
    ortModule.env.wasm.numThreads = 2;
    ortModule.env.wasm.proxy = false;
  }
  return ortModule;
}

async function input(rtN?: ThreadsRuntime): Promise<ThreadsBenchInput> {
  const rt1 = await createRuntime({ threads: 1 });
  const rt2 = await createRuntime({ threads: 2 });
  expect(rt1.threading.enabled).toBe(false);
  expect(rt2.threading).toMatchObject({ enabled: true, threads: 2 });
  return {
    threads: 2,
    rt1,
    rtN: rtN ? rtN : rt2,
    threading: { ...rt2.threading },
    build: rt2.features.build ?? null,
    ort: await ort2(),
    shapes: selectShapes(SHAPES),
    networks: [TINY_NET],
    sampling: TINY,
    networkSampling: TINY,
    oracle: (await loadOracle()).oracle,
  };
}

/** The main process's part of a results object (operator level on the same tiny shapes, one thread). */
async function mainResults(): Promise<BenchResults> {
  const suite = await prepareSuite({
    quick: true,
    shapes: SHAPES,
    filter: 'i8conv$',
    ort: null,
    networks: 'none',
    engine: { name: 'node', version: process.versions.node },
    machine: { platform: process.platform },
  });
  return runSuite({ ...suite, sampling: TINY, kernels: undefined, relayout: undefined });
}

describe('threads section options', () => {
  it('--threads N | none; default 2 with --full or --quick, none in the headline run; the child takes its own options', () => {
    expect(parseArgs([]).threads).toBe(1);
    expect(parseArgs(['--full']).threads).toBe(2);
    expect(parseArgs(['--quick']).threads).toBe(2);
    expect(parseArgs(['--full', '--threads', 'none']).threads).toBe(1);
    expect(parseArgs(['--threads', '2']).threads).toBe(2);
    expect(parseArgs(['--threads', '3']).threads).toBe(3);
    expect(parseArgs(['--threads=none']).threads).toBe(1);
    expect(parseArgs(['--threads', '1']).threads).toBe(1);
    expect(() => parseArgs(['--threads', '0'])).toThrow(/--threads 0/);
    expect(() => parseArgs(['--threads', 'two'])).toThrow(/expected an integer/);
    expect(() => parseArgs(['--threads'])).toThrow(/needs a value/);
    expect(parseThreadsOption('NONE')).toBe(1);
    expect(speedupTarget(2)).toBe(1.8);
    expect(
      parseChildArgs(['--threads', '2', '--quick', '--shapes', 'none', '--networks', 'mobilenetv2', '--no-ort']),
    ).toEqual({ threads: 2, quick: true, shapes: 'none', networks: 'mobilenetv2', ort: false, hog: 0 });
    expect(parseChildArgs(['--threads', '2', '--hog', '3']).hog).toBe(3);
    expect(() => parseChildArgs(['--hog', '-1'])).toThrow(/--hog -1/);
    expect(parseArgs(['--threads', '2', '--hog', '2']).hog).toBe(2);
    expect(parseArgs([]).hog).toBe(0);
    expect(() => parseChildArgs(['--threads', '1'])).toThrow(/N >= 2/);
    expect(() => parseChildArgs(['--shapes', 'big'])).toThrow(/bad shape id/);
    expect(() => parseChildArgs(['--networks', 'vgg'])).toThrow(/unknown network/);
  });

  it('dense shapes are the core group 3x3/5x5/7x7 ones', () => {
    const dense = selectShapes('core')
      .filter(isDenseShape)
      .map((s) => s.id);
    expect(dense).toEqual([
      '64-64-56-k3s1',
      '128-128-28-k3s1',
      '256-256-14-k3s1',
      '64-64-56-k5s1',
      '64-64-56-k7s1',
      '32-32-112-k3s2',
      '64-64-56-k5s2',
      '64-64-56-k7s2',
    ]);
    expect(selectShapes('first-layer,mobilenet').filter(isDenseShape)).toEqual([]);
  });

  it('measureRounds: primes, settles after the functions asked, keeps every round; perRoundRatio', async () => {
    let clock = 0;
    const calls: string[] = [];
    const sleeps: number[] = [];
    const { timings, rounds } = await measureRounds(
      [() => void ((clock += 1), calls.push('a')), () => void ((clock += 2), calls.push('b'))],
      {
        warmupMs: 0,
        minSampleMs: 4,
        minSamples: 3,
        maxSamples: 3,
        budgetMs: 1,
        primeMs: 1,
        settleAfterMs: [0, 7],
        sleep: async (ms) => void (sleeps.push(ms), (clock += ms)),
      },
      () => clock,
    );
    expect(timings.map((t) => t.ms)).toEqual([1, 2]);
    expect(rounds).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(sleeps).toEqual([7, 7, 7]); // after b's samples only
    // each sample: one prime call, then the sample's calls (a: 4 of 1 ms, b: 2 of 2 ms)
    expect(calls.join('').replace(/^a+b+/, '').startsWith('aaaaabbbaaaaabbb')).toBe(true);
    expect(
      perRoundRatio(
        [
          [2, 1],
          [3, 1],
          [30, 1],
          [null, 1],
        ],
        0,
        1,
      ),
    ).toBe(3);
    // a sample dropped for recalibration (the calibration call was slow: 10 ms, then 1 ms a call) is taken again in
    // its round, so every round keeps a pair for the per-round ratios
    let t = 0;
    let n = 0;
    const slowFirst = () => void (t += ++n === 2 ? 10 : 1);
    const r2 = await measureRounds(
      [slowFirst, () => void (t += 2)],
      { warmupMs: 0, minSampleMs: 4, minSamples: 3, maxSamples: 3, budgetMs: 1 },
      () => t,
    );
    expect(r2.rounds.every((row) => row.every((v) => v !== null))).toBe(true);
    expect(r2.rounds.map((row) => row[0])).toEqual([1, 1, 1]);
    expect(perRoundRatio(r2.rounds, 1, 0)).toBe(2);
    expect(Number.isNaN(perRoundRatio([[null, 1]], 0, 1))).toBe(true);
  });
});

describe('threads section runs', () => {
  it('in-process: 2-thread outputs equal 1-thread and onnxruntime-web outputs; valid JSON; tables and bars in every report', async () => {
    const t = await runThreadsBench(await input());
    expect(validateThreads(t)).toEqual([]);
    expect(t.shapes.map((s) => s.id)).toEqual(['8-8-6-k3s1', '32-32-28-k3s1']);
    expect(t.ortWeb).toEqual({ numThreads: 2, version: expect.any(String) });
    for (const s of t.shapes) {
      expect(s.mismatches, s.id).toEqual([]);
      expect(s.checks).toEqual({ 'i8conv-2t': 'ok', 'ort-web-uint8-2t': 'ok' });
      for (const k of ['i8conv1', 'i8convN', 'ortN'] as const) expect(s[k]?.gmacs, `${s.id} ${k}`).toBeGreaterThan(0);
      expect(s.speedup).toBeGreaterThan(0);
      expect(s.ratioOrtN).toBeGreaterThan(0);
      expect(s.rounds).toBeGreaterThanOrEqual(2);
    }
    expect(t.shapes.map((s) => [s.threaded, s.dense])).toEqual([
      [false, false],
      [true, true],
    ]);
    const [n] = t.networks;
    expect(n.layers.map((l) => [l.name, l.threaded, l.checks['i8conv-2t']])).toEqual([
      ['first', false, 'ok'],
      ['dw', false, 'ok'],
      ['pw', true, 'ok'],
    ]);
    expect(n.sums.i8conv1).toBeCloseTo(
      n.layers.reduce((a, l) => a + l.i8conv1!.ms * l.count, 0),
      9,
    );
    expect(n.speedup).toBeCloseTo(n.sums.i8conv1! / n.sums.i8convN!, 9);

    // the main process's side: its results, onnxruntime-web 1-thread figures (here: faked), bars, reports
    const r = await mainResults();
    for (const s of r.shapes) s.backends['ort-web-uint8'] = { ...s.backends.i8conv, gmacs: 1 };
    attachThreads(r, JSON.parse(JSON.stringify(t)) as ThreadsSection);
    expect(validateResults(r)).toEqual([]);
    expect(validateResults(JSON.parse(JSON.stringify(r)))).toEqual([]);
    expect(r.mismatches).toEqual([]);
    const th = r.threads as ThreadsSection;
    expect(th.shapes[1].ort1Gmacs).toBe(1);
    expect(th.shapes[1].ortSpeedup).toBeCloseTo(th.shapes[1].ortN!.gmacs, 9);
    expect(th.bars.map((b) => b.id)).toEqual([
      'dense-speedup',
      'layers-speedup:tiny',
      'network-speedup:tiny',
      'no-slowdown',
      'vs-ort-threads',
    ]);
    for (const b of th.bars) expect(['met', 'not met'], b.id).toContain(b.status);
    expect(th.bars[0].detail).toMatch(/^\d\/1 shapes at >= 1.8x; lowest 32→32 28² 3x3 s1 \d+\.\d\dx/);
    const text = renderText(r);
    expect(text).toContain('threads section (child process: node dist-bench/bench/threads.js --threads 2)');
    expect(text).toMatch(
      /shape +MMAC +algo +i8conv 1T GMAC\/s +i8conv 2T GMAC\/s +speedup +of medians +threaded +ort 1T GMAC\/s \(main\) +ort 2T GMAC\/s +ort speedup +i8conv 2T \/ ort 2T/,
    );
    expect(text).toMatch(/32→32 28² 3x3 s1 .* yes .* ok/);
    expect(text).toContain('threads — tiny test network');
    expect(text).toMatch(/sum \(ms x count\) +4 convolutions/);
    expect(text).toMatch(/bar 2 threads >= 1.8x 1 thread on every dense suite shape .*: (met|NOT met) — /);
    expect(text).toMatch(
      /bar i8conv 2 threads faster than onnxruntime-web uint8 numThreads 2 .*: (met|NOT met) — geometric mean/,
    );
    expect(renderMarkdown(r)).toContain('## Threads: 1 against 2 threads');
    expect(renderMarkdown(r)).toContain('### tiny test network, 1 against 2 threads');
    expect(renderHtml(r)).toContain('GMAC/s per shape, 1 and 2 threads (median)');
    const out = mkdtempSync(join(tmpdir(), 'i8conv-bench-threads-'));
    const sink = { write: () => true } as unknown as NodeJS.WritableStream;
    expect(finishRun(r, { out, json: false }, sink)).toBe(0);
  });

  it('a 2-thread output that differs from the 1-thread one is an i8conv mismatch: exit status 1', async () => {
    const i = await input();
    const t = await runThreadsBench({ ...i, rtN: wrongRuntime(i.rtN), shapes: selectShapes('32-32-28-k3s1') });
    expect(validateThreads(t)).toEqual([]);
    const [s] = t.shapes;
    expect(s.checks['i8conv-2t']).toBe('mismatch');
    // against 1 thread (first call, after timing) and against onnxruntime-web, where the oracle sides with it
    expect(s.mismatches.map((m) => [m.backend, m.against, m.phase])).toEqual([
      ['i8conv-2t', 'i8conv-1t', 'first-call'],
      ['i8conv-2t', 'ort-web-uint8-2t', 'first-call'],
      ['i8conv-2t', 'i8conv-1t', 'after-timing'],
      ['i8conv-2t', 'ort-web-uint8-2t', 'after-timing'],
    ]);
    expect(s.mismatches[0]).toMatchObject({ count: 1, firstIndex: 3, note: '2 threads differ from 1 thread' });
    expect(s.mismatches[1].note).toBe('onnxruntime-web equals the oracle');
    expect(s.checks['ort-web-uint8-2t']).toBe('ok');
    const l = t.networks[0].layers;
    expect(l.every((x) => x.checks['i8conv-2t'] === 'mismatch' && x.mismatches.length === 2)).toBe(true);
    expect(threadsMismatches(t).map((m) => m.shape)).toEqual([
      'threads/32-32-28-k3s1',
      'threads/32-32-28-k3s1',
      'threads/32-32-28-k3s1',
      'threads/32-32-28-k3s1',
      'threads/tiny/first',
      'threads/tiny/first',
      'threads/tiny/dw',
      'threads/tiny/dw',
      'threads/tiny/pw',
      'threads/tiny/pw',
    ]);
    const r = await mainResults();
    attachThreads(r, t);
    finishThreads(t, r);
    expect(validateResults(r)).toEqual([]);
    expect(renderText(r)).toMatch(
      /threads\/32-32-28-k3s1 i8conv-2t \[first-call\]: 1\/\d+ elements differ from i8conv-1t/,
    );
    expect(renderText(r)).toMatch(/32→32 28² 3x3 s1 .* MISMATCH: i8conv-2t/);
    const out = mkdtempSync(join(tmpdir(), 'i8conv-bench-threads-'));
    const sink = { write: () => true } as unknown as NodeJS.WritableStream;
    expect(finishRun(r, { out, json: false }, sink)).toBe(1);
  });

  it('through the child process (node dist-bench/bench/threads.js): the JSON it prints is the section', async () => {
    const lines: string[] = [];
    const t = await runThreadsChild({
      threads: 2,
      quick: true,
      shapes: ['8-8-6-k3s1'],
      networks: [],
      execArgv: [],
      hog: 1,
      onLine: (l) => lines.push(l),
      timeoutMs: 60_000,
    });
    if ('unavailable' in t) throw new Error(t.unavailable);
    expect(validateThreads(t)).toEqual([]);
    expect(t.threads).toBe(2);
    // --hog 1: one busy-loop process beside the section, said in the JSON and in the progress
    expect(t.hog).toBe(1);
    expect(lines.some((l) => /1 busy-loop processes beside the section/.test(l))).toBe(true);
    expect(t.ortWeb).toMatchObject({ numThreads: 2 });
    expect(t.shapes.map((s) => [s.id, s.checks])).toEqual([
      ['8-8-6-k3s1', { 'i8conv-2t': 'ok', 'ort-web-uint8-2t': 'ok' }],
    ]);
    expect(t.networks).toEqual([]);
    expect(lines.some((l) => /^threads \[1\/1\] 8→8 6² 3x3 s1 .* ok$/.test(l))).toBe(true);
    // the scaling of an embarrassingly parallel loop on 2 threads, measured before and after: a loop alone and on
    // 2 threads at once, the loop of the threaded runtime's build, its linearity guarded
    for (const c of [t.loopScaling!.before, t.loopScaling!.after]) {
      expect(c).toMatchObject({ threads: 2, rounds: 3, build: t.i8conv.build === 'relaxed' ? 'relaxed' : 'simd128' });
      expect(c.aloneGmacs).toBeGreaterThan(0);
      expect(c.togetherGmacs).toBeGreaterThan(0);
      // N x alone / slowest together: a timing, so only its form is checked (with the busy loop beside the section
      // an "alone" round it preempts made it 2.58 on 2 threads once; a test asserts no timing)
      expect(Number.isFinite(c.speedup) && c.speedup > 0).toBe(true);
      expect(c.linearity).toBeGreaterThan(0);
      expect(typeof c.linear).toBe('boolean');
    }
    expect(threadsIntro(t)).toMatch(
      /scaling of an embarrassingly parallel loop on 2 threads \(the (simd128|relaxed) ceiling loop, register-resident, on 1 thread alone, then on 2 at once; .*not a bound/,
    );
    expect(threadsIntro(t)).not.toMatch(/the most any split can gain/);
    expect(
      threadsBars({ ...t, shapes: t.shapes.map((s) => ({ ...s, dense: true })) }).find((b) => b.id === 'dense-speedup')!
        .detail,
    ).toMatch(
      /for context, an embarrassingly parallel (simd128|relaxed) loop scaled [0-9.]+x on 2 threads before the section, [0-9.]+x after/,
    );
    // a child that cannot run says why instead of hanging or throwing
    const bad = await runThreadsChild({
      threads: 2,
      quick: true,
      shapes: [],
      networks: [],
      execArgv: [],
      script: join(tmpdir(), 'no-such-threads.js'),
    });
    expect(bad).toEqual({
      unavailable: expect.stringMatching(/threads child process ended with code \d+ and no results/),
    });
  });
});
