// Input shapes per run (docs/model.md "Input shapes per run"): a model with symbolic input dims, loaded once, runs
// tensor feeds { data, dims } of other sizes in any order; each run equals a fresh load at that size bit for bit and
// onnxruntime-web on the same file; on 1 and 2 threads, run and runAsync; plans are kept per shape (least recently
// run dropped beyond maxPlans) and dispose frees them all (rt.memoryInUse back where it was). Feeds whose dims the
// model does not take are BAD_FEED before anything is written; a fixed-shape model behaves as before. The real
// model: PP-OCR det (dynamic N, H, W), quantized by quantizeModel at 64x64, run at three other sizes.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Model, ModelArray, Tensor } from '../src/index.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import type { Dim } from '../src/model/graph/ir.js';
import { loadOrt, ortRunShaped, ortSession } from '../fixtures/models/ort.js';
import { PPOCR, PPOCR_DIR, ppocrInput } from '../fixtures/models/ppocr.js';
import { quantizeModel } from '../src/quantize/index.js';
import { convChain, randomFeed } from './helpers/model-builders.js';
import { codeOf, hasDist, oneAndTwoThreads, type ThreadedRuntime } from './helpers/runtimes.js';

let ortOk = true;
try {
  await loadOrt();
} catch {
  ortOk = false;
}
if (process.env.CI && !ortOk) throw new Error('onnxruntime-web does not load in CI');

/** The model `bytes` with its graph input `x` declared of dims `shape` (symbols, unknowns). */
function withInputDims(bytes: Uint8Array, shape: Dim[]): Uint8Array {
  const g = readOnnxModel(bytes);
  return writeOnnxModel({ ...g, inputs: g.inputs.map((v) => (v.name === 'x' ? { ...v, shape } : v)) });
}

const layers = [
  { oc: 8, k: 3, stride: 2, pad: 1 },
  { oc: 8, k: 3, stride: 1, pad: 1, group: 8 },
  { oc: 16, k: 1, stride: 1, pad: 0 },
];
const FIXED = convChain(31, 'uint8', 3, 13, layers);
const SYMBOLIC = withInputDims(FIXED, ['N', 3, 'H', 'W']);
// load at the first; then every size, back and forth (a plan reused, one dropped and planned again)
const SIZES: number[][] = [
  [1, 3, 13, 13],
  [1, 3, 8, 21],
  [2, 3, 17, 9],
  [1, 3, 13, 13],
  [1, 3, 1, 1],
  [1, 3, 8, 21],
  [2, 3, 17, 9],
];
const n = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
/** A seeded feed of `dims` (the seed from the dims: one input per size) */
const feedOf = (dims: number[]) => ({ data: randomFeed(n(dims) + dims[2], 'uint8', n(dims)) as Uint8Array, dims });
const bits = (a: ModelArray) => Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

describe('input shapes per run', () => {
  let rts: ThreadedRuntime[] = [];
  /** key of a size -> the fresh load's and onnxruntime's output at it */
  const fresh = new Map<string, { out: number[]; dims: number[] }>();
  const ort = new Map<string, { out: number[]; dims: number[] }>();
  beforeAll(async () => {
    rts = await oneAndTwoThreads();
    if (process.env.CI && !hasDist) throw new Error('dist/ is not built: the 2-thread runtime is missing in CI');
    const rt = rts[0];
    for (const dims of SIZES) {
      const key = dims.join('x');
      if (fresh.has(key)) continue;
      const m = rt.load(rt.rt, SYMBOLIC, { inputShapes: { x: dims } });
      const t = m.runTensors({ x: feedOf(dims) });
      fresh.set(key, { out: bits(t.c2_y.data), dims: t.c2_y.dims });
      m.dispose();
      if (ortOk) {
        const s = await ortSession(SYMBOLIC);
        const o = (await ortRunShaped(s, { x: feedOf(dims) })).get('c2_y')!;
        ort.set(key, { out: Array.from(o.data as Uint8Array), dims: o.dims });
        await s.release();
      }
    }
  });
  afterAll(() => {
    for (const r of rts) r.rt.dispose();
  });

  it('the fresh loads equal onnxruntime-web at every size', (ctx) => {
    if (!ortOk) ctx.skip();
    for (const [key, f] of fresh) expect(f, key).toEqual(ort.get(key));
  });

  for (const [threads, label] of [
    [0, '1 thread'],
    [1, '2 threads'],
  ] as const) {
    for (const mode of ['run', 'runAsync'] as const) {
      it(`${label}, ${mode}: every size in any order equals a fresh load there; dispose frees every plan`, async (ctx) => {
        const r = rts[threads];
        if (!r) ctx.skip(); // dist/ not built (CI throws above)
        const before = r.rt.memoryInUse;
        const m: Model = await r.rt.loadModel(SYMBOLIC, { inputShapes: { x: SIZES[0] }, maxPlans: 3 });
        expect(m.dynamicShapes).toBe(true);
        expect(m.inputs[0].shape).toEqual(SIZES[0]);
        for (const dims of SIZES) {
          const feeds = { x: feedOf(dims) };
          const t: Record<string, Tensor> = mode === 'run' ? m.runTensors(feeds) : await m.runTensorsAsync(feeds);
          const want = fresh.get(dims.join('x'))!;
          expect({ out: bits(t.c2_y.data), dims: t.c2_y.dims }, dims.join('x')).toEqual(want);
          expect(t.c2_y.type).toBe('uint8');
          expect(m.outputShapes).toEqual({ c2_y: want.dims });
          expect(m.inputs[0].shape).toEqual(dims);
          expect(m.plannedShapes().length).toBeLessThanOrEqual(3);
          expect(m.plannedShapes().at(-1)).toEqual({ x: dims });
          expect(m.checkGuards()).toBe(true);
        }
        // the last three sizes run, least recently run first
        expect(m.plannedShapes()).toEqual([{ x: SIZES[4] }, { x: SIZES[5] }, { x: SIZES[6] }]);
        // a plain typed array runs the dims run last
        const last = SIZES[6];
        const plain = m.run({ x: feedOf(last).data });
        expect(bits(plain.c2_y)).toEqual(fresh.get(last.join('x'))!.out);
        expect(m.memoryBytes).toBeGreaterThan(0);
        m.dispose();
        expect(r.rt.memoryInUse).toBe(before);
      });
    }
  }

  it('BAD_FEED for dims the model does not take, BAD_SHAPE for dims that do not infer: nothing written', async () => {
    const { rt } = rts[0];
    const before = rt.memoryInUse;
    const m = await rt.loadModel(SYMBOLIC, { inputShapes: { x: [1, 3, 13, 13] } });
    const x = feedOf([1, 3, 13, 13]);
    const want = bits(m.run({ x }).c2_y);
    const held = rt.memoryInUse;
    const bad: [string, unknown][] = [
      ['a fixed dim changed', { x: { data: new Uint8Array(4 * 13 * 13), dims: [1, 4, 13, 13] } }],
      ['another rank', { x: { data: new Uint8Array(3 * 13 * 13), dims: [3, 13, 13] } }],
      ['a length other than the dims', { x: { data: new Uint8Array(10), dims: [1, 3, 13, 13] } }],
      ['a negative dim', { x: { data: new Uint8Array(0), dims: [1, 3, -1, 13] } }],
      ['a fractional dim', { x: { data: new Uint8Array(39), dims: [1, 3, 1.5, 13] } }],
      ['dims not an array', { x: { data: new Uint8Array(3), dims: '1,3,1,1' } }],
      ['another type', { x: { data: new Uint8Array(3), dims: [1, 3, 1, 1], type: 'int8' } }],
      ['data of another class', { x: { data: new Int8Array(3), dims: [1, 3, 1, 1] } }],
      ['a plain array of another length', { x: new Uint8Array(3 * 8 * 8) }],
    ];
    for (const [what, feeds] of bad) {
      expect(
        codeOf(() => m.run(feeds as Record<string, ModelArray>)),
        what,
      ).toBe('BAD_FEED');
      await expect(m.runAsync(feeds as Record<string, ModelArray>), what).rejects.toMatchObject({ code: 'BAD_FEED' });
    }
    // a height of 0 binds, but the convolutions' outputs are empty: the shapes do not infer
    expect(codeOf(() => m.run({ x: { data: new Uint8Array(0), dims: [1, 3, 0, 5] } }))).toBe('BAD_SHAPE');
    expect(rt.memoryInUse).toBe(held);
    expect(m.plannedShapes()).toEqual([{ x: [1, 3, 13, 13] }]);
    expect(bits(m.run({ x }).c2_y)).toEqual(want);
    m.dispose();
    expect(rt.memoryInUse).toBe(before);
  });

  it('a fixed-shape model: one plan; a tensor feed of its dims runs, other dims are BAD_FEED', async () => {
    const { rt } = rts[0];
    const m = await rt.loadModel(FIXED);
    expect(m.dynamicShapes).toBe(false);
    const x = feedOf([1, 3, 13, 13]);
    expect(bits(m.run({ x }).c2_y)).toEqual(bits(m.run({ x: x.data }).c2_y));
    expect(codeOf(() => m.run({ x: { data: new Uint8Array(3 * 8 * 8), dims: [1, 3, 8, 8] } }))).toBe('BAD_FEED');
    expect(m.plannedShapes()).toEqual([{ x: [1, 3, 13, 13] }]);
    m.dispose();
  });

  it('a symbolic dim without inputShapes: loaded with no plan, the first tensor feed plans; maxPlans checked', async () => {
    for (const r of rts) {
      const before = r.rt.memoryInUse;
      const m = await r.rt.loadModel(SYMBOLIC);
      // nothing planned yet: the file's inputs and outputs, a symbolic dim as 0, nothing of the wasm memory taken
      expect(m.plannedShapes()).toEqual([]);
      expect(m.inputs).toEqual([{ name: 'x', type: 'uint8', shape: [0, 3, 0, 0] }]);
      expect(m.nodes).toEqual([]);
      expect(r.rt.memoryInUse).toBe(before);
      // a plain array cannot say its dims
      expect(codeOf(() => m.run({ x: new Uint8Array(3 * 13 * 13) }))).toBe('BAD_FEED');
      for (const dims of [SIZES[1], SIZES[0]]) {
        const t = m.runTensors({ x: feedOf(dims) });
        expect({ out: bits(t.c2_y.data), dims: t.c2_y.dims }, dims.join('x')).toEqual(fresh.get(dims.join('x')));
      }
      expect(m.plannedShapes()).toEqual([{ x: SIZES[1] }, { x: SIZES[0] }]);
      // with a plan made, a plain array runs the dims of the plan run last
      expect(bits(m.run({ x: feedOf(SIZES[0]).data }).c2_y)).toEqual(fresh.get(SIZES[0].join('x'))!.out);
      m.dispose();
      expect(r.rt.memoryInUse).toBe(before);
    }
    // an operator the runtime lacks is still named at load
    const g = readOnnxModel(SYMBOLIC);
    g.nodes.push({
      name: 'odd',
      opType: 'NoSuchOp',
      domain: '',
      inputs: ['c2_y'],
      outputs: ['odd'],
      attributes: new Map(),
    });
    g.outputs.push({ name: 'odd', type: null, onnxElemType: 0, shape: null });
    await expect(rts[0].rt.loadModel(writeOnnxModel(g))).rejects.toMatchObject({ code: 'UNSUPPORTED_OP' });
    for (const maxPlans of [0, 1.5, '2', 2000])
      await expect(
        rts[0].rt.loadModel(SYMBOLIC, { inputShapes: { x: [1, 3, 8, 8] }, maxPlans: maxPlans as number }),
      ).rejects.toMatchObject({ code: 'INVALID_PARAM' });
  });
});

describe('PP-OCR det: dynamic H and W', () => {
  const det = `${PPOCR_DIR}/${PPOCR.det.file}`;
  const sizes: [number, number, number, number][] = [
    [1, 3, 64, 64],
    [1, 3, 96, 64],
    [1, 3, 64, 128],
    [1, 3, 64, 64],
    [1, 3, 96, 64],
  ];
  let qdq: Uint8Array | undefined;
  let rts: ThreadedRuntime[] = [];
  beforeAll(async () => {
    if (!ortOk) return;
    rts = await oneAndTwoThreads();
    const shape = sizes[0];
    const calibration = [1, 2].map((s) => ({ x: ppocrInput('det', s, shape) }));
    qdq = (
      await quantizeModel(readFileSync(det), {
        calibration,
        inputShapes: { x: shape },
        observer: 'minmax',
        report: false,
      })
    ).model;
  }, 120_000);
  afterAll(() => {
    for (const r of rts) r.rt.dispose();
  });

  it('one load runs every size as a fresh load there and as onnxruntime-web, on 1 and 2 threads', async (ctx) => {
    if (!ortOk || !qdq) ctx.skip();
    const bytes = qdq!;
    expect(
      readOnnxModel(bytes)
        .inputs[0].shape!.slice(2)
        .every((d) => typeof d !== 'number'),
    ).toBe(true);
    const s = await ortSession(bytes);
    const want = new Map<string, { out: number[]; dims: number[] }>();
    for (const dims of sizes) {
      const key = dims.join('x');
      if (want.has(key)) continue;
      const o = [...(await ortRunShaped(s, { x: { data: ppocrInput('det', 3, dims), dims } })).values()][0];
      want.set(key, { out: Array.from(o.data as Float32Array), dims: o.dims });
      const m = await rts[0].rt.loadModel(bytes, { inputShapes: { x: dims } });
      const t = Object.values(m.runTensors({ x: { data: ppocrInput('det', 3, dims), dims } }))[0];
      expect({ out: Array.from(t.data as Float32Array), dims: t.dims }, `fresh load ${key} vs onnxruntime-web`).toEqual(
        want.get(key),
      );
      m.dispose();
    }
    await s.release();
    for (const r of rts) {
      const before = r.rt.memoryInUse;
      const m = await r.rt.loadModel(bytes, { inputShapes: { x: sizes[0] } });
      for (const [k, dims] of sizes.entries()) {
        const feeds = { x: { data: ppocrInput('det', 3, dims), dims } };
        const t = Object.values(k % 2 ? await m.runTensorsAsync(feeds) : m.runTensors(feeds))[0];
        expect({ out: Array.from(t.data as Float32Array), dims: t.dims }, `${r.rt.threads} threads ${dims}`).toEqual(
          want.get(dims.join('x')),
        );
      }
      expect(m.plannedShapes().length).toBe(3);
      m.dispose();
      expect(r.rt.memoryInUse).toBe(before);
    }
  }, 120_000);
});
