// i8conv/quantize quantizeModel on small float CNNs built in code: Constant-node weights become initializers,
// BatchNormalization folds into the Conv (exact to float32 rounding), Relu / Clip are absorbed, Softmax (not
// quantized) stays float and the report names it; the written QDQ model parses with the project's reader, loads in
// onnxruntime-web and in rt.loadModel (whose outputs equal onnxruntime's); every observer, both activation types,
// per-tensor weights, `exclude`, symbolic input dims, the onnxruntime-web executor, an i8conv runtime for the
// report, AsyncIterable feeds and progress; bad input gives the typed errors before any run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphBuilder, attrFloat, attrInt, attrInts, f32, valueInfo } from '../fixtures/models/build.js';
import { loadOrt, ortRun, ortSession } from '../fixtures/models/ort.js';
import { runReference } from '../kernels-ref/model/run.js';
import { I8ConvError } from '../src/errors.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Dim, Graph, Tensor } from '../src/model/graph/ir.js';
import { loadModelSync } from '../src/model/load.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { quantizeModel, type QuantizeModelOptions, type QuantizeReport } from '../src/quantize/index.js';
import { importOrt } from '../src/quantize/executors.js';
import { referenceInterpreter } from '../kernels-ref/index.js';
import { prepareFloatGraph } from '../src/quantize/prepare.js';
import { rng } from './helpers/rng.js';

/** quantizeModel on the reference executor (the tests' default; the product's default is onnxruntime-web). */
const qm = (b: Uint8Array | ArrayBuffer, o: QuantizeModelOptions) =>
  quantizeModel(b, { executor: referenceInterpreter, ...o });

let ortOk = true;
try {
  await loadOrt();
} catch {
  ortOk = false;
}

const f = Math.fround;
const rand = (seed: number, n: number, lo: number, hi: number) => {
  const r = rng(seed);
  return Float32Array.from({ length: n }, () => lo + r() * (hi - lo));
};

/**
 * x [N, 3, 8, 8] -> Conv 3x3 (pad 1) -> BatchNormalization -> Relu -> MaxPool 2x2 -> Conv 1x1 (weight from a
 * Constant node) -> Clip(0, 6) -> GlobalAveragePool -> Flatten -> Gemm (transB) = logits -> Softmax = probs.
 */
function smallNet(batch: Dim = 1): Graph {
  const b = new GraphBuilder('small');
  b.inputs.push(valueInfo('x', 'float32', [batch, 3, 8, 8]));
  b.init(f32('w1', [4, 3, 3, 3], rand(1, 108, -0.5, 0.5)));
  b.init(f32('b1', [4], [0.1, -0.2, 0.05, 0]));
  b.init(f32('bn_scale', [4], [1.5, 0.8, 1.1, 0.6]));
  b.init(f32('bn_bias', [4], [0.2, -0.1, 0.3, 0.05]));
  b.init(f32('bn_mean', [4], [0.1, 0.05, -0.2, 0.3]));
  b.init(f32('bn_var', [4], [0.9, 1.2, 0.5, 2]));
  b.init(f32('b2', [6], [0.01, 0.02, -0.03, 0.04, 0, -0.01]));
  b.init(f32('lo', [], [0]));
  b.init(f32('hi', [], [6]));
  b.init(f32('wg', [5, 6], rand(2, 30, -1, 1)));
  b.init(f32('bg', [5], [0.1, 0, -0.1, 0.2, -0.2]));
  const w2: Tensor = { name: 'w2v', type: 'float32', dims: [6, 4, 1, 1], data: rand(3, 24, -1, 1) };
  b.node('Constant', [], ['w2'], { value: { kind: 'tensor', value: w2 } }, { name: 'w2c' });
  b.node(
    'Conv',
    ['x', 'w1', 'b1'],
    ['c1'],
    { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) },
    { name: 'conv1' },
  );
  b.node(
    'BatchNormalization',
    ['c1', 'bn_scale', 'bn_bias', 'bn_mean', 'bn_var'],
    ['n1'],
    { epsilon: attrFloat(1e-3) },
    { name: 'bn' },
  );
  b.node('Relu', ['n1'], ['r1'], {}, { name: 'relu1' });
  b.node('MaxPool', ['r1'], ['p1'], { kernel_shape: attrInts([2, 2]), strides: attrInts([2, 2]) }, { name: 'pool' });
  b.node('Conv', ['p1', 'w2', 'b2'], ['c2'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv2' });
  b.node('Clip', ['c2', 'lo', 'hi'], ['k2'], {}, { name: 'clip' });
  b.node('GlobalAveragePool', ['k2'], ['g'], {}, { name: 'gap' });
  b.node('Flatten', ['g'], ['fl'], { axis: attrInt(1) }, { name: 'flatten' });
  b.node('Gemm', ['fl', 'wg', 'bg'], ['logits'], { transB: attrInt(1) }, { name: 'gemm' });
  b.node('Softmax', ['logits'], ['probs'], { axis: attrInt(-1) }, { name: 'softmax' });
  b.outputs.push(valueInfo('logits', 'float32', [batch, 5]), valueInfo('probs', 'float32', [batch, 5]));
  return b.graph();
}

const SMALL = writeOnnxModel(smallNet());
const feeds = (n: number, seed = 10) => Array.from({ length: n }, (_, i) => ({ x: rand(seed + i, 192, -2, 2) }));
const count = (g: Graph, op: string) => g.nodes.filter((n) => n.opType === op).length;

async function ortOutputs(bytes: Uint8Array, x: Float32Array): Promise<Map<string, Float32Array>> {
  const s = await ortSession(bytes);
  try {
    return (await ortRun(s, { x: { data: x, dims: [1, 3, 8, 8] } })) as Map<string, Float32Array>;
  } finally {
    await s.release();
  }
}

function floatRun(bytes: Uint8Array, x: Float32Array): Map<string, Float32Array> {
  const out = runReference(readOnnxModel(bytes), [['x', { name: 'x', type: 'float32', dims: [1, 3, 8, 8], data: x }]]);
  return new Map([...out].map(([k, t]) => [k, t.data as Float32Array]));
}

/** The scalar scale initializers of activations (Q/DQ pairs) of a QDQ graph. */
function activationScales(g: Graph): number[] {
  const names = new Set(g.nodes.filter((n) => n.opType === 'QuantizeLinear').map((n) => n.inputs[1]));
  return [...names].map((s) => g.initializers.get(s)!.data[0] as number);
}

async function errorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof I8ConvError ? e.code : `not an I8ConvError: ${String(e)}`;
  }
  return 'no error';
}

describe('graph preparation', () => {
  it('a Constant-node weight becomes an initializer; BatchNormalization folds into the Conv, exact to float32 rounding', () => {
    const g = readOnnxModel(SMALL);
    const p = prepareFloatGraph(g);
    expect(count(p, 'Constant')).toBe(0);
    expect(count(p, 'BatchNormalization')).toBe(0);
    const conv = p.nodes.find((n) => n.name === 'conv1')!;
    const w = p.initializers.get(conv.inputs[1])!.data as Float32Array;
    const bias = p.initializers.get(conv.inputs[2])!.data as Float32Array;
    const t = (name: string) => g.initializers.get(name)!.data as Float32Array;
    for (let c = 0; c < 4; c++) {
      const s = f(t('bn_scale')[c] / f(Math.sqrt(f(t('bn_var')[c] + f(1e-3)))));
      for (let k = 0; k < 27; k++) expect(w[c * 27 + k]).toBe(f(t('w1')[c * 27 + k] * s));
      expect(bias[c]).toBe(f(f(f(t('b1')[c] - t('bn_mean')[c]) * s) + t('bn_bias')[c]));
    }
    expect(p.initializers.has(p.nodes.find((n) => n.name === 'conv2')!.inputs[1])).toBe(true);
    // The prepared graph computes what the original computes (the reference runs BatchNormalization), within the
    // float32 rounding the folding moves: 1e-5 of the largest magnitude.
    for (const x of feeds(3).map((fd) => fd.x)) {
      const a = floatRun(SMALL, x).get('logits')!;
      const out = runReference(p, [['x', { name: 'x', type: 'float32', dims: [1, 3, 8, 8], data: x }]]);
      const b = out.get('logits')!.data as Float32Array;
      const big = Math.max(...a.map(Math.abs));
      for (let i = 0; i < a.length; i++) expect(Math.abs(a[i] - b[i])).toBeLessThanOrEqual(1e-5 * big);
    }
  });
});

describe('quantizeModel', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime();
  });
  afterAll(() => rt?.dispose());

  let report: QuantizeReport;
  let model: Uint8Array;
  beforeAll(async () => {
    ({ model, report } = await qm(SMALL, { calibration: feeds(4) }));
  });

  it('writes a QDQ model the reader parses: BN folded, Relu / Clip absorbed, Softmax float and named in the report', () => {
    const q = readOnnxModel(model);
    expect(q.opsetImports.get('')).toBeGreaterThanOrEqual(13);
    for (const op of ['BatchNormalization', 'Constant', 'Relu', 'Clip']) expect(count(q, op), op).toBe(0);
    expect(count(q, 'Conv')).toBe(2);
    expect(count(q, 'Softmax')).toBe(1);
    expect(count(q, 'QuantizeLinear')).toBeGreaterThanOrEqual(6);
    // per-channel weights: DQ with axis on int8 data with zero points 0
    const wdq = q.nodes.filter((n) => n.opType === 'DequantizeLinear' && n.attributes.has('axis'));
    expect(wdq.length).toBeGreaterThanOrEqual(3);
    expect(report.floatNodes).toEqual([
      { name: 'softmax', opType: 'Softmax', reason: 'operator Softmax is not quantized' },
    ]);
    expect(report.absorbed.map((n) => n.name)).toEqual(['relu1', 'clip']);
    expect(report).toMatchObject({
      samples: 4,
      observer: 'auto',
      activations: 'uint8',
      weights: 'per-channel',
      executor: 'reference',
      qdqExecutor: 'reference',
    });
  });

  it('reports range, scale, zero point and SQNR per tensor, error per output', () => {
    const byName = new Map(report.tensors.map((t) => [t.name, t]));
    expect([...byName.keys()].sort()).toEqual(expect.arrayContaining(['x', 'r1', 'k2', 'g', 'logits']));
    const relu = byName.get('r1')!;
    expect(relu.kind).toBe('activation');
    expect(relu.zeroPoint).toBe(0); // the Relu's range starts at 0
    expect(relu.min).toBeGreaterThanOrEqual(0);
    for (const t of report.tensors) {
      expect(Number.isFinite(t.sqnrDb), t.name).toBe(true);
      expect(t.sqnrDb, t.name).toBeGreaterThan(t.kind === 'activation' ? 25 : 30);
    }
    const w = report.tensors.find((t) => t.kind === 'weight')!;
    expect(Array.isArray(w.scale)).toBe(true);
    expect(w.type).toBe('int8');
    expect(report.tensors.filter((t) => t.kind === 'bias').every((t) => t.type === 'int32')).toBe(true);
    const logits = report.outputs.find((o) => o.name === 'logits')!;
    expect(logits.sqnrDb).toBeGreaterThan(20);
    expect(logits.maxAbsError).toBeGreaterThan(0);
    expect(logits.maxAbsError).toBeLessThan(0.1);
  });

  /** The logits' quantum (the scale of their QuantizeLinear). */
  const logitsScale = (q: Uint8Array) => {
    const g = readOnnxModel(q);
    const n = g.nodes.find((m) => m.opType === 'QuantizeLinear' && m.inputs[0] === 'logits_QuantizeInput')!;
    return g.initializers.get(n.inputs[1])!.data[0] as number;
  };

  /**
   * rt.loadModel runs the QDQ model on the calibration feeds within the report's float-vs-int8 error (which the
   * reference executor measured on the unfused QDQ graph) plus one quantum of the logits; onnxruntime-web gives the
   * same logits as rt.loadModel bit for bit where `exact`, within a quantum otherwise.
   */
  async function checkRuns(q: Uint8Array, r: QuantizeReport, cal: Array<{ x: Float32Array }>, exact: boolean) {
    const m = loadModelSync(rt, q);
    const s = logitsScale(q);
    const bound = r.outputs.find((o) => o.name === 'logits')!.maxAbsError + s;
    try {
      for (const { x } of cal) {
        const got = m.run({ x }) as Record<string, Float32Array>;
        const ref = floatRun(SMALL, x).get('logits')!;
        for (let i = 0; i < 5; i++) expect(Math.abs(got.logits[i] - ref[i])).toBeLessThanOrEqual(bound);
        if (!ortOk) continue;
        const o = await ortOutputs(q, x);
        if (exact) expect(Array.from(got.logits)).toEqual(Array.from(o.get('logits')!));
        else
          for (let i = 0; i < 5; i++)
            expect(Math.abs(got.logits[i] - o.get('logits')![i])).toBeLessThanOrEqual(s * 1.0001);
        for (let i = 0; i < 5; i++)
          expect(Math.abs(got.probs[i] - o.get('probs')![i])).toBeLessThan(exact ? 1e-6 : 0.01);
      }
    } finally {
      m.dispose();
    }
  }

  it('loads in rt.loadModel within the reported error of float; onnxruntime-web gives the same logits bit for bit', async () => {
    await checkRuns(model, report, feeds(4), true);
  });

  for (const observer of ['minmax', 'ema', 'tqt'] as const) {
    it(`observer ${observer}, int8 activations, per-tensor weights: loads in rt.loadModel and onnxruntime-web`, async () => {
      const cal = feeds(3);
      const { model: q, report: r } = await qm(SMALL, {
        calibration: cal,
        observer,
        activations: 'int8',
        weights: 'per-tensor',
      });
      const g = readOnnxModel(q);
      expect(r.observer).toBe(observer);
      expect(
        g.nodes.filter(
          (n) =>
            n.opType === 'DequantizeLinear' &&
            n.attributes.has('axis') &&
            g.initializers.get(n.inputs[0])?.type === 'int8',
        ),
      ).toEqual([]);
      for (const t of g.nodes.filter((n) => n.opType === 'QuantizeLinear'))
        expect(g.initializers.get(t.inputs[2])!.type).toBe('int8');
      if (observer === 'tqt') {
        for (const s of activationScales(g)) expect(Number.isInteger(Math.log2(s)), String(s)).toBe(true);
        // symmetric int8: the Relu's range is not clipped at 0 by the Q, so the Relu stays (float, between Q/DQ)
        expect(r.floatNodes.map((n) => n.opType)).toContain('Relu');
      } else expect(r.absorbed.map((n) => n.opType)).toEqual(['Relu', 'Clip']);
      await checkRuns(q, r, cal, false);
    });
  }

  it('exclude (keepFloat) keeps a node float and the report says so', async () => {
    const { model: q, report: r } = await qm(SMALL, { calibration: feeds(2), exclude: ['conv2'], observer: 'minmax' });
    const g = readOnnxModel(q);
    const conv2 = g.nodes.find((n) => n.name === 'conv2')!;
    expect(g.initializers.get(conv2.inputs[1])!.type).toBe('float32');
    expect(r.floatNodes.map((n) => [n.name, n.reason])).toContainEqual(['conv2', 'kept float (options.keepFloat)']);
    expect(r.keptFloat).toEqual(['conv2']);
    const m = loadModelSync(rt, q);
    m.run({ x: feeds(1)[0].x });
    m.dispose();
  });

  it('symbolic input dims: bound by inputShapes, kept symbolic in the written model; unbound is BAD_SHAPE', async () => {
    const bytes = writeOnnxModel(smallNet('N'));
    expect(await errorOf(qm(bytes, { calibration: feeds(1) }))).toBe('BAD_SHAPE');
    const { model: q } = await qm(bytes, {
      calibration: feeds(2),
      inputShapes: { x: [1, 3, 8, 8] },
      observer: 'minmax',
    });
    expect(readOnnxModel(q).inputs[0].shape).toEqual(['N', 3, 8, 8]);
    const m = loadModelSync(rt, q, { inputShapes: { x: [1, 3, 8, 8] } });
    expect((m.run({ x: feeds(1)[0].x }) as Record<string, Float32Array>).logits.length).toBe(5);
    m.dispose();
  });

  it('an i8conv runtime runs the QDQ model for the report; AsyncIterable feeds; progress per phase', async () => {
    const steps: Array<[number, number, string]> = [];
    async function* gen() {
      for (const fd of feeds(3)) yield fd;
    }
    const { report: r } = await qm(SMALL, {
      calibration: gen(),
      runtime: rt,
      onProgress: (i, n, phase) => steps.push([i, n, phase]),
    });
    expect(r.qdqExecutor).toBe('i8conv');
    // calibration, then the evaluation runs (the plan, min / max), the ranking where needed, the report: n runs each
    const of = (phase: string) => steps.filter((s) => s[2] === phase);
    expect(of('calibrate')).toEqual([1, 2, 3].map((i) => [i, 3, 'calibrate']));
    expect(of('report')).toEqual([1, 2, 3].map((i) => [i, 3, 'report']));
    expect(of('evaluate')).toEqual([1, 2, 3, 1, 2, 3].map((i) => [i, 3, 'evaluate']));
    expect(of('rank').length).toBe(r.layers.length * 3);
    // the ranking runs only where an output is below 'good' (30 dB)
    const ranked = r.layers.length > 0 ? ['rank'] : [];
    expect([...new Set(steps.map((s) => s[2]))]).toEqual(['calibrate', 'evaluate', ...ranked, 'report']);
    const logits = r.outputs.find((o) => o.name === 'logits')!;
    expect(logits.sqnrDb).toBeGreaterThan(20);
  });

  it.skipIf(!ortOk)(
    "executor 'onnxruntime-web' calibrates to the reference's parameters (min/max within float rounding)",
    async () => {
      // onnxruntime-web is the default executor (no `executor` option)
      const a = await quantizeModel(SMALL, { calibration: feeds(3), observer: 'minmax' });
      const b = await qm(SMALL, { calibration: feeds(3), observer: 'minmax' });
      expect(a.report.executor).toBe('onnxruntime-web');
      expect(a.report.qdqExecutor).toBe('onnxruntime-web');
      expect(b.report.executor).toBe('reference');
      expect(a.report.tensors.map((t) => t.name)).toEqual(b.report.tensors.map((t) => t.name));
      a.report.tensors.forEach((t, i) => {
        const u = b.report.tensors[i];
        if (typeof t.scale === 'number')
          expect(Math.abs(t.scale - (u.scale as number)) / (u.scale as number), t.name).toBeLessThan(1e-5);
        expect(Math.abs(t.zeroPoint - u.zeroPoint), t.name).toBeLessThanOrEqual(1);
      });
    },
  );

  describe('bad input: typed errors before any run', () => {
    const base = (o: Partial<QuantizeModelOptions> = {}) => ({ calibration: feeds(1), ...o }) as QuantizeModelOptions;
    let runs = 0;
    const counted = (o: Partial<QuantizeModelOptions>) => base({ ...o, onProgress: () => runs++ });
    const cases: Array<[string, () => Promise<unknown>, string]> = [
      ['not a model', () => qm(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8), counted({})), 'BAD_MODEL'],
      ['not bytes', () => quantizeModel('model' as unknown as Uint8Array, counted({})), 'INVALID_PARAM'],
      ['no options', () => quantizeModel(SMALL, undefined as unknown as QuantizeModelOptions), 'INVALID_PARAM'],
      ['an empty calibration set', () => qm(SMALL, counted({ calibration: [] })), 'INVALID_PARAM'],
      ['calibration not iterable', () => qm(SMALL, counted({ calibration: 5 as unknown as [] })), 'INVALID_PARAM'],
      ['an unknown option', () => qm(SMALL, { ...counted({}), bits: 4 } as QuantizeModelOptions), 'INVALID_PARAM'],
      ['an unknown observer', () => qm(SMALL, counted({ observer: 'kl' as 'tqt' })), 'INVALID_PARAM'],
      ['an unknown activation type', () => qm(SMALL, counted({ activations: 'int4' as 'int8' })), 'INVALID_PARAM'],
      ['exclude names no node', () => qm(SMALL, counted({ exclude: ['nope'] })), 'INVALID_PARAM'],
      [
        'a feed of an unknown name',
        () => qm(SMALL, counted({ calibration: [{ x: feeds(1)[0].x, y: new Float32Array(1) }] })),
        'BAD_FEED',
      ],
      ['a feed missing the input', () => qm(SMALL, counted({ calibration: [{}] })), 'BAD_FEED'],
      [
        'a feed of the wrong length',
        () => qm(SMALL, counted({ calibration: [{ x: new Float32Array(191) }] })),
        'BAD_FEED',
      ],
      [
        'a feed of the wrong type',
        () => qm(SMALL, counted({ calibration: [{ x: new Float64Array(192) as unknown as Float32Array }] })),
        'BAD_FEED',
      ],
      [
        'a bad third feed',
        () => qm(SMALL, counted({ calibration: [...feeds(2), { x: new Float32Array(3) }] })),
        'BAD_FEED',
      ],
      ['an input shape of the wrong rank', () => qm(SMALL, counted({ inputShapes: { x: [1, 3, 8] } })), 'BAD_SHAPE'],
    ];
    for (const [what, call, want] of cases) it(what, async () => expect(await errorOf(call())).toBe(want));
    it('no case ran the model', () => expect(runs).toBe(0));
    it("onnxruntime-web that cannot be imported is INVALID_PARAM (param 'executor')", async () => {
      expect(await errorOf(importOrt('i8conv-no-such-module'))).toBe('INVALID_PARAM');
      await importOrt('i8conv-no-such-module').catch((e: I8ConvError) => expect(e.param).toBe('executor'));
    });
    it('an operator the reference executor does not run is UNSUPPORTED_OP', async () => {
      const g = smallNet();
      g.nodes.push({
        name: 'odd',
        opType: 'Det',
        domain: '',
        inputs: ['probs'],
        outputs: ['h'],
        attributes: new Map(),
      });
      g.outputs.push(valueInfo('h', 'float32', [1, 5]));
      const code = await errorOf(qm(writeOnnxModel(g), base()));
      expect(['UNSUPPORTED_OP', 'BAD_SHAPE']).toContain(code); // BAD_SHAPE: no shape rule either
    });
  });
});
