// The benchmark's models level (bench/models.ts, bench/models-node.ts): options, the output comparison, the
// breakdown and the bars on hand-made figures, then MobileNetV2 at 64x64 end to end through the same code as
// `npm start` (i8conv model.run against onnxruntime-web session.run on the same QDQ file: outputs equal, rows,
// ratios, breakdown, memory, bars, every report), a wrong i8conv output failing the run, and the threads set through
// its child process. The end-to-end parts need `npm run build` (dist-bench) for the child.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BAR_NONCONV_SHARE,
  MODEL_IDS,
  breakdownOf,
  compareModelOutputs,
  completeModels,
  defaultModels,
  modelBars,
  runModelsLevel,
  selectModels,
  watchOrtMemory,
  type BuiltModel,
  type ModelLike,
  type ModelRuntimeLike,
} from '../models.js';
import { outputQuanta } from '../../fixtures/models/quantize-minmax.js';
import { createRuntime } from '../../src/index.js';
import { finishRun, loadOrtForNode, parseArgs } from '../main.js';
import { CHROMIUM } from '../../fixtures/browser.js';
import { runInBrowser } from '../browser.js';
import {
  MODELS_CHILD_SCRIPT,
  buildModelNode,
  parseModelsChildArgs,
  runModelsThreadsChild,
  writeModelsDir,
} from '../models-node.js';
import { renderHtml, renderMarkdown, renderText } from '../report.js';
import { validateResults, type ModelRowResult, type ModelsSection } from '../schema.js';
import { prepareSuite } from '../setup.js';
import { runSuite } from '../suite.js';
import type { OrtModule } from '../../fixtures/models/ort.js';

// before onnxruntime-web's first session in this process (imports are evaluated first, and make none)
const ortMemory = watchOrtMemory();
const TINY = { warmupMs: 0, minSampleMs: 0.01, minSamples: 2, maxSamples: 2, budgetMs: 0 };
const SIZE = 64;

describe('models level options', () => {
  it('--models: ids, all, none; default all, MobileNetV2 alone with --quick; the children take their own options', () => {
    expect(selectModels('resnet18,mobilenetv2')).toEqual(['resnet18', 'mobilenetv2']);
    expect(selectModels('all')).toEqual([...MODEL_IDS]);
    expect(selectModels('none')).toEqual([]);
    expect(selectModels(undefined)).toEqual([]);
    expect(() => selectModels('vgg16')).toThrow(/unknown model 'vgg16'/);
    expect(defaultModels(true)).toBe('mobilenetv2');
    expect(selectModels(defaultModels(false))).toEqual(['mobilenetv2', 'resnet18', 'ppocr-det']);
    expect(parseArgs(['--models', 'ppocr-det']).models).toBe('ppocr-det');
    expect(parseArgs([]).models).toBeUndefined();
    expect(() => parseArgs(['--models', 'vgg16'])).toThrow(/unknown model/);
    expect(parseModelsChildArgs(['--threads', '2', '--dir', '/x', '--models', 'all', '--quick'])).toMatchObject({
      threads: 2,
      dir: '/x',
      models: [...MODEL_IDS],
      quick: true,
    });
    expect(
      parseModelsChildArgs(['--build', '--dir', '/x', '--models', 'mobilenetv2', '--input-size', '64']),
    ).toMatchObject({ build: true, inputSize: 64 });
    expect(() => parseModelsChildArgs(['--threads', '1', '--dir', '/x'])).toThrow(/--threads/);
    expect(() => parseModelsChildArgs(['--threads', '2'])).toThrow(/--dir/);
  });
});

describe('models level figures', () => {
  const f = (...v: number[]) => Float32Array.from(v);
  it('compareModelOutputs: equal, within tolerance (near, >= 99% identical), differs; counts, max |diff|, quanta', () => {
    const want = { y: f(...new Array(200).fill(0).map((_, i) => i / 10)) };
    expect(compareModelOutputs({ y: want.y.slice() }, want, ['y'], 'exact', { y: 0.1 }).compare).toEqual({
      expect: 'exact',
      total: 200,
      count: 0,
      maxAbsDiff: 0,
      maxQuanta: 0,
      status: 'equal',
    });
    const one = want.y.slice();
    one[7] += 0.25;
    const c1 = compareModelOutputs({ y: one }, want, ['y'], 'exact', { y: 0.125 });
    expect(c1.compare).toMatchObject({ count: 1, status: 'differs' });
    expect(c1.compare.maxAbsDiff).toBeCloseTo(0.25, 6);
    expect(c1.compare.maxQuanta).toBeCloseTo(2, 5);
    expect(c1.first).toMatchObject({ index: 7 });
    // near: 2 of 200 differ = 1%: within; 3: not
    const two = want.y.slice();
    two[1] += 1;
    two[2] += 1;
    expect(compareModelOutputs({ y: two }, want, ['y'], 'near', { y: null }).compare).toMatchObject({
      count: 2,
      status: 'within tolerance',
      maxQuanta: null,
    });
    two[3] += 1;
    expect(compareModelOutputs({ y: two }, want, ['y'], 'near', {}).compare.status).toBe('differs');
    // several outputs: indices run on across them; a missing output is an error
    const c2 = compareModelOutputs({ a: f(1, 2), b: f(3, 5) }, { a: f(1, 2), b: f(3, 4) }, ['a', 'b'], 'exact', {});
    expect(c2.first).toEqual({ index: 3, got: 5, want: 4 });
    expect(compareModelOutputs({ a: f(1) }, { a: f(1), b: f(2) }, ['a', 'b'], 'exact', {})).toMatchObject({
      error: "no output 'b'",
      compare: { status: 'differs' },
    });
    // NaN equals NaN; a NaN on one side differs without bound
    expect(compareModelOutputs({ a: f(NaN, 1) }, { a: f(NaN, 1) }, ['a'], 'exact', {}).compare.status).toBe('equal');
    expect(compareModelOutputs({ a: f(NaN, 1) }, { a: f(0, 1) }, ['a'], 'exact', {}).compare).toMatchObject({
      count: 1,
      maxAbsDiff: Infinity,
    });
  });

  it('breakdownOf: per-op medians, the time outside the steps, the non-convolution share, layouts', () => {
    const run = (conv: number, add: number) => [
      { op: 'QLinearConv', ms: conv, macs: 100 },
      { op: 'QLinearAdd', ms: add, macs: 0 },
      { op: 'QLinearConv', ms: conv, macs: 50 },
      { op: 'Relayout', ms: 0.5, macs: 0 },
    ];
    const b = breakdownOf(
      [run(4, 1), run(5, 2), run(4.5, 1.5)],
      [10, 13, 12],
      [{ layout: 'NCHW44' }, { layout: 'NCHW44' }, { layout: 'NCHW' }],
    );
    expect(b.runs).toBe(3);
    expect(b.totalMs).toBe(12);
    const conv = b.ops.find((o) => o.op === 'QLinearConv')!;
    expect(conv).toMatchObject({ steps: 2, ms: 9, conv: true, macs: 150 });
    expect(conv.share).toBeCloseTo(9 / 12, 9);
    expect(b.ops.find((o) => o.op === 'QLinearAdd')).toMatchObject({ steps: 1, ms: 1.5, conv: false });
    // outside: 10 - 9.5, 13 - 12.5, 12 - 11 -> median 0.5
    expect(b.ops.find((o) => o.op === '(outside the steps)')!.ms).toBeCloseTo(0.5, 9);
    expect(b.ops[0].op).toBe('QLinearConv');
    // per run 1 - conv / total: 0.2, 0.2308, 0.25 -> median
    expect(b.nonConvShare).toBeCloseTo(1 - 10 / 13, 9);
    expect(b.layouts).toEqual({ NCHW44: 2, NCHW: 1 });
  });

  const row = (
    id: string,
    set: ModelRowResult['set'],
    i8: number,
    ort: number,
    extra: Partial<ModelRowResult> = {},
  ): ModelRowResult => ({
    id,
    label: id,
    set,
    threads: set === 'threads' ? 2 : 1,
    build: 'simd128',
    isa: 'wasmsimd',
    input: { name: 'x', shape: [1, 3, 8, 8] },
    modelBytes: 1,
    macs: null,
    steps: 1,
    relayouts: 0,
    loadMs: { i8conv: 1, i8convNchw: 1, ort: 1 },
    i8conv: { ms: i8, msMin: i8, msMax: i8, spread: 0, samples: 3, callsPerSample: 1 },
    i8convNchw: null,
    ort: { ms: ort, msMin: ort, msMax: ort, spread: 0, samples: 3, callsPerSample: 1 },
    rounds: 3,
    ratioOrt: i8 / ort,
    ratioOrtOfMedians: i8 / ort,
    ratioAutoNchw: 0.9,
    compare: null,
    compareNchw: null,
    breakdown: { runs: 1, totalMs: i8, ops: [], nonConvShare: 0.05, layouts: {} },
    i8convMemoryBytes: 1,
    ortWasmBytes: null,
    ortWasmGrowthBytes: null,
    checks: {},
    mismatches: [],
    notes: [],
    ...extra,
  });
  const section = (rows: ModelRowResult[], over: Partial<ModelsSection> = {}): ModelsSection => ({
    models: [...MODEL_IDS],
    build: 'simd128',
    isa: 'wasmsimd',
    dotFlavour: null,
    ortWeb: { version: '1.30.0', build: 'x' },
    ortMemory: 'x',
    sampling: TINY,
    rows,
    threads: { unavailable: 'not selected (--threads 1)' },
    bars: [],
    durationS: 1,
    buildS: {},
    errors: [],
    ...over,
  });
  const bar = (s: ModelsSection, id: string) => modelBars(s).find((b) => b.id === id)!;

  it('bars: 0.5x of onnxruntime-web for MobileNetV2 / PP-OCR det; ResNet-18 0.8x on SIMD128, 0.5x only where relaxed usdot/sdot runs', () => {
    const s = section([
      row('mobilenetv2', 'default', 10, 25),
      row('ppocr-det', 'default', 60, 100),
      row('resnet18', 'default', 70, 100),
    ]);
    expect(bar(s, 'mobilenetv2-vs-ort')).toMatchObject({
      status: 'met',
      detail: expect.stringMatching(/^i8conv 10\.0 ms, onnxruntime-web 25\.0 ms: 0\.40x/),
    });
    expect(bar(s, 'ppocr-det-vs-ort').status).toBe('not met');
    expect(bar(s, 'resnet18-vs-ort-simd128').status).toBe('met'); // the default build is simd128: its row
    expect(bar(s, 'resnet18-vs-ort-relaxed')).toMatchObject({
      status: 'n/a',
      detail: expect.stringMatching(/relaxed build does not run here/),
    });
    // relaxed usdot default build: the default row is held to 0.5x, the simd128 row to 0.8x
    const r = section(
      [row('resnet18', 'default', 45, 100, { build: 'relaxed' }), row('resnet18', 'simd128', 85, 100)],
      { build: 'relaxed', dotFlavour: 'usdot', models: ['resnet18'] },
    );
    expect(bar(r, 'resnet18-vs-ort-relaxed').status).toBe('met');
    expect(bar(r, 'resnet18-vs-ort-simd128')).toMatchObject({
      status: 'not met',
      detail: expect.stringContaining('85.0 ms'),
    });
    expect(bar(r, 'mobilenetv2-vs-ort')).toMatchObject({ status: 'n/a', detail: 'not selected (--models)' });
    // a model that failed in i8conv is not met; one whose onnxruntime-web failed is n/a
    const failed = section([
      row('mobilenetv2', 'default', 1, 1, {
        i8conv: null,
        ratioOrt: null,
        mismatches: [
          {
            backend: 'i8conv',
            count: 0,
            total: 0,
            maxAbsDiff: NaN,
            firstIndex: -1,
            got: NaN,
            want: NaN,
            error: 'UNSUPPORTED_OP: x',
            phase: 'prepare',
            against: 'none',
          },
        ],
      }),
    ]);
    expect(bar(failed, 'mobilenetv2-vs-ort')).toMatchObject({
      status: 'not met',
      detail: expect.stringContaining('UNSUPPORTED_OP'),
    });
    expect(bar(section([]), 'mobilenetv2-vs-ort')).toMatchObject({
      status: 'not met',
      detail: expect.stringContaining('did not run'),
    });
  });

  it('bars: threads ahead of onnxruntime-web, non-convolution share, layout auto faster than nchw', () => {
    const rows = [
      row('mobilenetv2', 'default', 10, 25),
      row('resnet18', 'default', 50, 100, {
        ratioAutoNchw: 1.05,
        breakdown: {
          runs: 1,
          totalMs: 1,
          ops: [{ op: 'MaxPool', steps: 1, ms: 1, share: 0.2, conv: false, macs: 0 }],
          nonConvShare: 0.2,
          layouts: {},
        },
      }),
    ];
    const s = section(rows);
    expect(bar(s, 'threads-vs-ort')).toMatchObject({ status: 'n/a', detail: 'not selected (--threads 1)' });
    expect(bar(s, 'nonconv-share')).toMatchObject({
      status: 'not met',
      detail: expect.stringContaining('resnet18 20.0% (MaxPool 20.0%)'),
    });
    expect(BAR_NONCONV_SHARE).toBe(0.15);
    expect(bar(s, 'layout-auto-faster')).toMatchObject({
      status: 'not met',
      detail: expect.stringMatching(/^1\/2 models/),
    });
    const t = section([...rows, row('mobilenetv2', 'threads', 5, 20), row('resnet18', 'threads', 30, 25)], {
      threads: { threads: 2, durationS: 1 },
    });
    expect(bar(t, 'threads-vs-ort')).toMatchObject({
      status: 'not met',
      detail: expect.stringMatching(/^1\/2 models ahead/),
    });
    expect(bar(t, 'nonconv-share').detail).toMatch(/^1\/2 models within/); // threads rows are not judged here
  });
});

describe('models level end to end (MobileNetV2 at 64x64)', () => {
  let built: BuiltModel;
  let ort: OrtModule;
  beforeAll(async () => {
    const o = await loadOrtForNode();
    ort = o.ort!;
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.proxy = false;
    built = await buildModelNode('mobilenetv2', { inputSize: SIZE });
  }, 60_000);

  it('builds a QDQ file with its metadata: input bound, output quantum from the last DequantizeLinear', () => {
    expect(built.meta).toMatchObject({
      id: 'mobilenetv2',
      inputName: 'input',
      shape: [1, 3, SIZE, SIZE],
      expect: 'exact',
      bytes: built.bytes.length,
    });
    expect(built.meta.outputQuanta.output).toBeGreaterThan(0);
    expect(outputQuanta({ outputs: [{ name: 'y' }], nodes: [], initializers: new Map() } as never)).toEqual({
      y: null,
    });
  });

  it('one thread: i8conv equals onnxruntime-web; rows, ratios, breakdown, memory, bars, reports; a wrong output fails the run', async () => {
    const rt = await createRuntime({ threads: 1 });
    const rt128 = await createRuntime({ build: 'simd128', threads: 1 });
    // a test double of the default runtime that says it is not simd128, so that the simd128 row runs on Node 20 too
    const asDefault: ModelRuntimeLike = {
      loadModel: (b, o) => rt.loadModel(b, o) as unknown as Promise<ModelLike>,
      features: { ...rt.features, build: 'test-default' },
      threads: 1,
    };
    const lines: string[] = [];
    const s = await runModelsLevel({
      ids: ['mobilenetv2'],
      rt: asDefault,
      rtSimd128: rt128 as unknown as ModelRuntimeLike,
      simd128Models: ['mobilenetv2'],
      ort,
      ortMemory,
      sampling: TINY,
      build: async () => built,
      onLine: (l) => lines.push(l),
    });
    expect(s.errors).toEqual([]);
    expect(s.rows.map((r) => r.set)).toEqual(['default', 'simd128']);
    const [d, w] = s.rows;
    for (const r of [d, w]) {
      expect(r.mismatches, r.set).toEqual([]);
      expect(r.compare).toEqual({
        expect: 'exact',
        total: 1000,
        count: 0,
        maxAbsDiff: 0,
        maxQuanta: 0,
        status: 'equal',
      });
      expect(r.i8conv!.ms).toBeGreaterThan(0);
      expect(r.ratioOrt).toBeGreaterThan(0);
      expect(r.rounds).toBe(2);
      expect(r.i8convMemoryBytes).toBeGreaterThan(built.bytes.length / 2);
    }
    expect(d.checks).toEqual({ i8conv: 'ok', 'ort-web': 'ok', 'i8conv-nchw': 'ok' });
    expect(d.compareNchw?.status).toBe('equal');
    expect(d.ratioAutoNchw).toBeGreaterThan(0);
    expect(d.steps).toBeGreaterThan(50);
    expect(w.ort).toBe(d.ort); // timed in the same rounds against the same session
    expect(w.i8convNchw).toBeNull();
    const b = d.breakdown!;
    expect(b.ops.find((o) => o.op === 'QLinearConv')).toMatchObject({ steps: 52, conv: true });
    expect(b.nonConvShare).toBeGreaterThan(0);
    expect(b.nonConvShare).toBeLessThan(1);
    expect(d.macs).toBeGreaterThan(0);
    expect(d.ortWasmBytes).toBeGreaterThan(0);
    expect(d.ortWasmGrowthBytes).not.toBeNull();
    expect(s.ortMemory).toMatch(/WebAssembly\.Memory/);
    expect(
      lines.some((l) =>
        /MobileNetV2 \(test-default, 1 thread\): i8conv [\d.]+ ms, nchw [\d.]+ ms, onnxruntime-web [\d.]+ ms/.test(l),
      ),
    ).toBe(true);

    // inside a run's results: valid JSON, the table and bars in every report, exit status 0
    const input = await prepareSuite({
      quick: true,
      shapes: '8-8-6-k3s1',
      filter: 'i8conv$',
      ort,
      networks: 'none',
      engine: { name: 'node', version: process.versions.node },
      machine: { platform: process.platform },
    });
    const r = await runSuite({
      ...input,
      sampling: { ...TINY, minSampleMs: 1 },
      kernels: undefined,
      relayout: undefined,
    });
    completeModels(r, s);
    expect(s.bars.map((x) => x.id)).toEqual([
      'mobilenetv2-vs-ort',
      'ppocr-det-vs-ort',
      'resnet18-vs-ort-relaxed',
      'resnet18-vs-ort-simd128',
      'threads-vs-ort',
      'nonconv-share',
      'layout-auto-faster',
    ]);
    expect(['met', 'not met']).toContain(s.bars[0].status);
    expect(validateResults(JSON.parse(JSON.stringify(r)))).toEqual([]);
    expect(r.mismatches).toEqual([]);
    const text = renderText(r);
    expect(text).toMatch(/models level: whole QDQ models/);
    expect(text).toMatch(/MobileNetV2 +test-default, 1T/);
    // the ops come in order of their time: at 64x64 the 52 convolutions and the QGemm are close, so either may lead
    expect(text).toMatch(
      /MobileNetV2 breakdown \(3 profiled runs, [\d.]+ ms, \d+ MMAC in the convolutions\): [^\n]*QLinearConv x52 [\d.]+% \[conv\]/,
    );
    expect(text).toMatch(
      /bar MobileNetV2: i8conv <= 0\.5x onnxruntime-web's time, 1 thread \(test-default build\): (MET|NOT MET) — i8conv/,
    );
    expect(text).toMatch(/MobileNetV2 \(whole model\): i8conv takes [\d.]+x onnxruntime-web's time/);
    expect(renderMarkdown(r)).toContain('## Models level');
    expect(renderHtml(r)).toContain('Whole models: ms per run');
    const out = mkdtempSync(join(tmpdir(), 'i8conv-bench-models-'));
    const sink = { write: () => true } as unknown as NodeJS.WritableStream;
    expect(finishRun(r, { out, json: false }, sink)).toBe(0);

    // i8conv with one output value changed: i8conv's mismatch against onnxruntime-web, exit status 1
    const wrong: ModelRuntimeLike = {
      features: rt.features,
      threads: 1,
      async loadModel(bytes, o) {
        const m = (await rt.loadModel(bytes, o)) as unknown as ModelLike;
        return {
          get nodes() {
            return m.nodes;
          },
          get memoryBytes() {
            return m.memoryBytes;
          },
          get lastProfile() {
            return m.lastProfile;
          },
          dispose: () => m.dispose(),
          run: (feeds, opts) => {
            const y = m.run(feeds, opts);
            (y.output as Float32Array)[3] += 1;
            return y;
          },
        };
      },
    };
    const bad = await runModelsLevel({
      ids: ['mobilenetv2'],
      rt: wrong,
      ort,
      ortMemory,
      sampling: TINY,
      build: async () => built,
    });
    const r2 = await runSuite({
      ...input,
      sampling: { ...TINY, minSampleMs: 1 },
      kernels: undefined,
      relayout: undefined,
    });
    completeModels(r2, bad);
    const mm = r2.mismatches.filter((m) => m.shape === 'model/mobilenetv2');
    expect(mm.map((m) => [m.backend, m.phase, m.count])).toEqual([
      ['i8conv', 'first-call', 1],
      ['i8conv', 'after-timing', 1],
    ]);
    expect(mm[0]).toMatchObject({ against: 'ort-web', firstIndex: 3 });
    expect(mm[0].maxAbsDiff).toBeCloseTo(1, 6);
    expect(bad.rows[0].checks['i8conv-nchw']).toBe('ok'); // auto and nchw both changed the same way
    expect(validateResults(JSON.parse(JSON.stringify(r2)))).toEqual([]);
    expect(renderText(r2)).toMatch(/model\/mobilenetv2 i8conv \[first-call\]: 1\/1000 elements differ from ort-web/);
    expect(finishRun(r2, { out, json: false }, sink)).toBe(1);
    rmSync(out, { recursive: true, force: true });
    rt.dispose();
    rt128.dispose();
  });

  it('a model that throws while timed is its failure, reported (no crash); the other figures are dropped', async () => {
    let calls = 0;
    const fake: ModelRuntimeLike = {
      features: { build: 'fake' },
      threads: 1,
      loadModel: async () => ({
        nodes: [],
        memoryBytes: 0,
        lastProfile: null,
        dispose: () => {},
        run: () => {
          if (++calls > 3) throw new Error('boom');
          return { output: new Float32Array(1000) };
        },
      }),
    };
    const s = await runModelsLevel({
      ids: ['mobilenetv2'],
      rt: fake,
      ort: null,
      sampling: TINY,
      nchw: false,
      build: async () => built,
    });
    const [r] = s.rows;
    expect(r.mismatches).toEqual([
      expect.objectContaining({ backend: 'i8conv', phase: 'after-timing', error: 'while timing: Error: boom' }),
    ]);
    expect(r.i8conv).toBeNull();
    expect(r.notes.some((n) => n.startsWith('onnxruntime-web not run'))).toBe(true);
    expect(modelBars(s).find((b) => b.id === 'mobilenetv2-vs-ort')?.status).toBe('not met');
  });

  it('threads set through its child process (node dist-bench/bench/models-node.js): 2 threads against numThreads 2', async (ctx) => {
    if (!existsSync(MODELS_CHILD_SCRIPT)) return ctx.skip('run `npm run build` first (dist-bench)');
    const dir = mkdtempSync(join(tmpdir(), 'i8conv-bench-models-'));
    try {
      writeModelsDir([built], dir);
      const lines: string[] = [];
      const t = await runModelsThreadsChild({
        threads: 2,
        dir,
        models: ['mobilenetv2'],
        quick: true,
        execArgv: [],
        onLine: (l) => lines.push(l),
        timeoutMs: 60_000,
      });
      if ('unavailable' in t) throw new Error(t.unavailable);
      expect(t.threads).toBe(2);
      expect(t.rows).toHaveLength(1);
      expect(t.rows[0]).toMatchObject({ id: 'mobilenetv2', set: 'threads', threads: 2, i8convNchw: null });
      expect(t.rows[0].breakdown?.ops.find((o) => o.op === 'QLinearConv')).toMatchObject({ steps: 52, conv: true });
      expect(t.rows[0].compare?.status).toBe('equal');
      expect(t.rows[0].ratioOrt).toBeGreaterThan(0);
      expect(lines.some((l) => l.includes('MobileNetV2 (2 threads)'))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('models level in headless Chromium', () => {
  it('the driver builds MobileNetV2 (64x64), the page fetches it and runs the same level: equal outputs, bars', async (ctx) => {
    if (!existsSync(CHROMIUM) || !existsSync('dist-bench/bench/browser-page.js'))
      return ctx.skip('needs Chromium and `npm run build`');
    const lines: string[] = [];
    const r = await runInBrowser(
      {
        quick: true,
        shapes: '8-8-6-k3s1',
        filter: 'i8conv$',
        networks: 'none',
        models: 'mobilenetv2',
        modelInputSize: SIZE,
      },
      undefined,
      (l) => lines.push(l),
    );
    expect(validateResults(r)).toEqual([]);
    // the ceiling loop's own sanity check can refuse on a loaded machine (its test is bench-ceiling's): not this
    // test's subject
    expect(r.errors.filter((e) => !/ceiling loop refused/.test(e))).toEqual([]);
    expect(r.mismatches).toEqual([]);
    const m = r.models as ModelsSection;
    expect(m.rows.map((x) => [x.id, x.set, x.compare?.status, x.compareNchw?.status])).toEqual([
      ['mobilenetv2', 'default', 'equal', 'equal'],
    ]);
    expect(m.rows[0].input.shape).toEqual([1, 3, SIZE, SIZE]);
    expect(m.ortWeb.build).toMatch(/ort-wasm-simd-threaded.*\.wasm/);
    expect(m.rows[0].ortWasmBytes).toBeGreaterThan(0);
    expect(m.threads).toEqual({ unavailable: expect.stringMatching(/no threads set in the browser/) });
    expect(m.bars.find((b) => b.id === 'threads-vs-ort')?.status).toBe('n/a');
    expect(lines.some((l) => l.startsWith('model MobileNetV2'))).toBe(true);
  }, 90_000);
});
