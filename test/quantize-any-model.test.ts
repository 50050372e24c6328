// i8conv/quantize quantizeModel on any float model its executor runs (issue 48, section 3): an operator that neither
// quantizes nor runs in i8conv stays float and the report names it; the default ranges never lose to plain min / max
// on a graph output by more than 0.5 dB, on small models built so that a histogram's range clips what a head's
// outputs are read for; the report's outputs (SQNR, cosine, verdict), layer ranking, `keepFloat` and `targetSqnr`
// (behaviour and validation), and the forms of `ops`.
import { describe, expect, it } from 'vitest';
import { GraphBuilder, attrInt, attrInts, f32, valueInfo } from '../fixtures/models/build.js';
import { ortRun, ortSession } from '../fixtures/models/ort.js';
import { referenceInterpreter } from '../kernels-ref/index.js';
import { runReference } from '../kernels-ref/model/run.js';
import { I8ConvError } from '../src/errors.js';
import { createRuntime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import type { Graph } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { quantizeModel, type QuantizeModelOptions, type QuantizeReport } from '../src/quantize/index.js';
import { ownBiases } from '../src/quantize/prepare.js';
import { randFloats, rng } from './helpers/rng.js';
import { loadOrt as ortIfInstalled } from './helpers/one-node.js';

const qm = (b: Uint8Array, o: QuantizeModelOptions) => quantizeModel(b, { executor: referenceInterpreter, ...o });

// (helpers/one-node's loader: null where onnxruntime-web is not installed)
const ortOk = (await ortIfInstalled()) !== null;

const rand = randFloats;

async function failure(p: Promise<unknown>): Promise<{ code: string; param?: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof I8ConvError) return { code: e.code, param: e.param };
    return { code: `not an I8ConvError: ${String(e)}` };
  }
  return { code: 'no error' };
}

const S = 24; // the detector's input is [1, 1, S, S]

/**
 * A detector-like net: x -> Conv 3x3 (8 channels) -> Relu = f -> Conv 3x3 (8) -> Relu = g, then two heads on g:
 * Conv 1x1 -> `heat` (a score map whose energy is in a few peaks) and Conv 1x1 -> `box` (4 channels), and
 * MaxPool 2x2 of heat -> Reshape = `peaks`. The inputs are faint noise with one or two bright dots: f and g are
 * near zero but at the dots, so a least-squared-error range clips exactly the values the heads are read for.
 */
function detector(): Graph {
  const b = new GraphBuilder('detector');
  b.inputs.push(valueInfo('x', 'float32', [1, 1, S, S]));
  b.init(f32('w1', [8, 1, 3, 3], rand(1, 72, -0.2, 1)));
  b.init(f32('b1', [8], rand(2, 8, -0.05, 0.02)));
  b.init(f32('w2', [8, 8, 3, 3], rand(3, 576, -0.15, 0.3)));
  b.init(f32('b2', [8], rand(4, 8, -0.1, 0)));
  b.init(f32('wh', [1, 8, 1, 1], rand(5, 8, 0.2, 1)));
  b.init(f32('bh', [1], [-0.5]));
  b.init(f32('wb', [4, 8, 1, 1], rand(6, 32, -1, 1)));
  b.init(f32('bb', [4], [0.1, 0.2, -0.1, 0]));
  b.init({ name: 'shape', type: 'int64', dims: [2], data: BigInt64Array.of(1n, -1n) });
  const pads = { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) };
  b.node('Conv', ['x', 'w1', 'b1'], ['c1'], pads, { name: 'conv1' });
  b.node('Relu', ['c1'], ['f'], {}, { name: 'relu1' });
  b.node('Conv', ['f', 'w2', 'b2'], ['c2'], pads, { name: 'conv2' });
  b.node('Relu', ['c2'], ['g'], {}, { name: 'relu2' });
  b.node('Conv', ['g', 'wh', 'bh'], ['heat'], { kernel_shape: attrInts([1, 1]) }, { name: 'head' });
  b.node('Conv', ['g', 'wb', 'bb'], ['box'], { kernel_shape: attrInts([1, 1]) }, { name: 'boxes' });
  b.node('MaxPool', ['heat'], ['hp'], { kernel_shape: attrInts([2, 2]), strides: attrInts([2, 2]) }, { name: 'pool' });
  b.node('Reshape', ['hp', 'shape'], ['peaks'], {}, { name: 'flat' });
  b.outputs.push(
    valueInfo('heat', 'float32', [1, 1, S, S]),
    valueInfo('box', 'float32', [1, 4, S, S]),
    valueInfo('peaks', 'float32', [1, (S / 2) * (S / 2)]),
  );
  return b.graph();
}

/** Faint noise with `dots` bright pixels (value 4-8) at seeded places. */
function dotted(seed: number, dots: number): Float32Array {
  const r = rng(seed);
  const x = Float32Array.from({ length: S * S }, () => (r() - 0.5) * 0.1);
  for (let k = 0; k < dots; k++) x[Math.floor(r() * S * S)] = 4 + 4 * r();
  return x;
}
const DETECTOR = writeOnnxModel(detector());
const detFeeds = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ x: dotted(seed + i, 1 + (i % 2)) }));

/** x [1, 4, 6, 6] -> Conv 3x3 -> `opType` (a float operator the quantizer does not quantize) -> Conv 1x1 = y. */
function sandwich(opType: string, opset = 13): Graph {
  const b = new GraphBuilder(`sandwich-${opType}`, new Map([['', opset]]));
  b.inputs.push(valueInfo('x', 'float32', [1, 4, 6, 6]));
  b.init(f32('w1', [6, 4, 3, 3], rand(11, 216, -0.5, 0.5)));
  b.init(f32('b1', [6], rand(12, 6, -0.1, 0.1)));
  b.init(f32('w2', [3, 6, 1, 1], rand(13, 18, -1, 1)));
  b.node(
    'Conv',
    ['x', 'w1', 'b1'],
    ['c1'],
    { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) },
    {
      name: 'conv1',
    },
  );
  b.node(opType, ['c1'], ['m'], {}, { name: 'odd' });
  b.node('Conv', ['m', 'w2'], ['y'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv2' });
  b.outputs.push(valueInfo('y', 'float32', [1, 3, 6, 6]));
  return b.graph();
}
/**
 * The sandwich with an operator onnxruntime-web runs and i8conv does not (com.microsoft Inverse, of each 6 x 6 plane
 * made well conditioned by adding 8 I first): what the quantizer meets in a model of operators it cannot run itself.
 */
function oddSandwich(): Graph {
  const g = sandwich('Relu');
  const eye = new Float32Array(36);
  for (let i = 0; i < 6; i++) eye[i * 7] = 8;
  const nodes = g.nodes.filter((n) => n.name !== 'odd');
  const at = nodes.findIndex((n) => n.name === 'conv2');
  nodes.splice(
    at,
    0,
    { name: 'shift', opType: 'Add', domain: '', inputs: ['c1', 'eye'], outputs: ['c1s'], attributes: new Map() },
    { name: 'odd', opType: 'Inverse', domain: 'com.microsoft', inputs: ['c1s'], outputs: ['m'], attributes: new Map() },
  );
  return {
    ...g,
    opsetImports: new Map([...g.opsetImports, ['com.microsoft', 1]]),
    initializers: new Map([...g.initializers, ['eye', f32('eye', [6, 6], Array.from(eye))]]),
    nodes,
  };
}
const sandFeeds = (n: number) => Array.from({ length: n }, (_, i) => ({ x: rand(30 + i, 144, -1, 1) }));

/**
 * x [1, 4, 6, 6] -> If (Shape(x)[2] == 6: decided by the shapes) -> then: Conv 3x3 of x, else: x itself -> Conv 1x1 = y
 * (Silero VAD's decoder reads its encoder through such an If).
 */
function shapeIf(): Graph {
  const b = new GraphBuilder('shape-if');
  b.inputs.push(valueInfo('x', 'float32', [1, 4, 6, 6]));
  b.init(f32('w1', [4, 4, 3, 3], rand(21, 144, -0.5, 0.5)));
  b.init(f32('w2', [3, 4, 1, 1], rand(22, 12, -1, 1)));
  b.init({ name: 'two', type: 'int64', dims: [], data: BigInt64Array.of(2n) });
  b.init({ name: 'six', type: 'int64', dims: [], data: BigInt64Array.of(6n) });
  b.node('Shape', ['x'], ['sh'], {}, { name: 'shape' });
  b.node('Gather', ['sh', 'two'], ['h'], {}, { name: 'h' });
  b.node('Equal', ['h', 'six'], ['c'], {}, { name: 'is6' });
  const branch = (name: string, conv: boolean): Graph => {
    const g = new GraphBuilder(name);
    if (conv)
      g.node(
        'Conv',
        ['x', 'w1'],
        [`${name}_y`],
        { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) },
        { name: `${name}_conv` },
      );
    else g.node('Identity', ['x'], [`${name}_y`], {}, { name: `${name}_id` });
    g.outputs.push(valueInfo(`${name}_y`, 'float32', [1, 4, 6, 6]));
    return g.graph();
  };
  b.node(
    'If',
    ['c'],
    ['m'],
    {
      then_branch: { kind: 'graph', value: branch('then', true) },
      else_branch: { kind: 'graph', value: branch('else', false) },
    },
    { name: 'if' },
  );
  b.node('Conv', ['m', 'w2'], ['y'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv2' });
  b.outputs.push(valueInfo('y', 'float32', [1, 3, 6, 6]));
  return b.graph();
}

describe('an If the shapes decide', () => {
  it.skipIf(!ortOk)(
    'is inlined before quantization: the branch taken is quantized like the rest (both convolutions int8)',
    async () => {
      const feeds = Array.from({ length: 3 }, (_, i) => ({ x: rand(40 + i, 144, -1, 1) }));
      const { model } = await quantizeModel(writeOnnxModel(shapeIf()), { calibration: feeds });
      const g = readOnnxModel(model);
      expect(g.nodes.some((n) => n.opType === 'If')).toBe(false);
      const rt = await createRuntime();
      try {
        const m = loadModelSync(rt, model);
        expect(m.nodes.filter((n) => n.op === 'QLinearConv').length).toBe(2);
        const s = await ortSession(model);
        const want = (await ortRun(s, { x: { dims: [1, 4, 6, 6], data: feeds[0].x } })).get('y') as Float32Array;
        await s.release();
        expect(Array.from(m.run({ x: feeds[0].x }).y as Float32Array)).toEqual(Array.from(want));
        m.dispose();
      } finally {
        rt.dispose();
      }
    },
  );
});

describe('an operator i8conv does not run', () => {
  it('an operator not quantized (Mish, opset 18) stays float between quantized convolutions, with its reason', async () => {
    const { report } = await qm(writeOnnxModel(sandwich('Mish', 18)), { calibration: sandFeeds(3) });
    // i8conv runs Mish (a float operator): the reason names no missing operator
    expect(report.floatNodes).toEqual([{ name: 'odd', opType: 'Mish', reason: 'operator Mish is not quantized' }]);
    expect(report.outputs.map((o) => o.name)).toEqual(['y']);
    expect(report.outputs[0].sqnrDb).toBeGreaterThan(25);
  });

  it.skipIf(!ortOk)(
    'onnxruntime-web calibrates an operator with no shape rule here (com.microsoft Inverse): no refusal, a note, the model runs',
    async () => {
      const { model, report } = await quantizeModel(writeOnnxModel(oddSandwich()), { calibration: sandFeeds(3) });
      expect(report.executor).toBe('onnxruntime-web');
      expect(report.floatNodes.find((n) => n.name === 'odd')!.reason).toMatch(/Inverse/);
      expect(report.notes.join(' ')).toMatch(/shape rules do not cover 1 node.*Inverse/);
      expect(report.floatNodes.map((n) => n.name)).toEqual(['odd']);
      expect(readOnnxModel(model).nodes.filter((n) => n.opType === 'QuantizeLinear').length).toBeGreaterThanOrEqual(3);
      expect(report.outputs[0].sqnrDb).toBeGreaterThan(25);
      // the written model runs in onnxruntime-web close to the float one
      const s = await ortSession(model);
      const f = await ortSession(writeOnnxModel(oddSandwich()));
      try {
        const x = { data: sandFeeds(1)[0].x, dims: [1, 4, 6, 6] };
        const q = (await ortRun(s, { x })).get('y') as Float32Array;
        const y = (await ortRun(f, { x })).get('y') as Float32Array;
        expect(q.length).toBe(108);
        let err = 0;
        for (let i = 0; i < q.length; i++) err = Math.max(err, Math.abs(q[i] - y[i]));
        expect(err).toBeLessThanOrEqual(report.outputs[0].maxAbsError * 1.5 + 1e-6);
      } finally {
        await s.release();
        await f.release();
      }
    },
  );

  it('names the model already uses (a model quantized before) get a numeric suffix, not a refusal', async () => {
    // the value names the quantizer would write for x / m, taken by the model itself
    const g = sandwich('Relu');
    const taken = ['x_scale', 'x_zero_point', 'x_QuantizeLinear_Output', 'm_scale', 'm_DequantizeLinear_Output'];
    // a chain of Neg nodes beside the convolutions writes the taken names
    const clash = { ...g, nodes: [...g.nodes] };
    for (const [i, name] of taken.entries())
      clash.nodes.push({
        name: `id${i}`,
        opType: 'Neg',
        domain: '',
        inputs: [i ? taken[i - 1] : 'x'],
        outputs: [name],
        attributes: new Map(),
      });
    clash.outputs = [...g.outputs, valueInfo(taken.at(-1)!, 'float32', [1, 4, 6, 6])];
    const { model } = await qm(writeOnnxModel(clash), { calibration: sandFeeds(2) });
    const q = readOnnxModel(model);
    const written = q.nodes.flatMap((n) => n.outputs);
    expect(new Set(written).size).toBe(written.length); // every value written once
    expect(q.nodes.filter((n) => n.opType === 'QuantizeLinear').length).toBeGreaterThanOrEqual(3);
    // the model's own values keep their names; the quantizer's take the next free one
    for (const name of taken) expect(written.filter((w) => w === name).length, name).toBe(1);
    expect([...q.initializers.keys(), ...written].some((n) => /^x_scale_1$/.test(n))).toBe(true);
  });

  it.skipIf(!ortOk)(
    'a bias initializer several nodes read (PyTorch shares equal ones) gets a copy per convolution, in every form',
    async () => {
      // x -> Conv(w1, zb) -> Relu -> Conv(w2, zb) -> Add(zb) = y: both convolutions and the Add read zb
      const b = new GraphBuilder('shared-bias');
      b.inputs.push(valueInfo('x', 'float32', [1, 4, 6, 6]));
      b.init(f32('w1', [6, 4, 3, 3], rand(21, 216, -0.5, 0.5)));
      b.init(f32('w2', [6, 6, 1, 1], rand(22, 36, -1, 1)));
      b.init(f32('zb', [6], rand(23, 6, -0.2, 0.2)));
      const k3 = { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) };
      b.node('Conv', ['x', 'w1', 'zb'], ['c1'], k3, { name: 'conv1' });
      b.node('Relu', ['c1'], ['r'], {}, { name: 'relu' });
      b.node('Conv', ['r', 'w2', 'zb'], ['c2'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv2' });
      b.node('Add', ['c2', 'zb'], ['y'], {}, { name: 'add' });
      b.outputs.push(valueInfo('y', 'float32', [1, 6, 6, 6]));
      const float = writeOnnxModel(b.graph());
      const rt = await createRuntime();
      try {
        for (const ops of [undefined, 'all', 'convs'] as const) {
          const { model, report } = await quantizeModel(float, { calibration: sandFeeds(3), ops });
          const q = readOnnxModel(model);
          // each convolution reads a bias of its own (int32: quantized with its own scale)
          const biases = q.nodes.filter(
            (n) => n.opType === 'DequantizeLinear' && q.initializers.get(n.inputs[0])?.type === 'int32',
          );
          expect(new Set(biases.map((n) => n.inputs[0])).size, String(ops)).toBe(2);
          expect(report.outputs[0].sqnrDb, String(ops)).toBeGreaterThan(25);
          const m = loadModelSync(rt, model);
          expect(m.nodes.filter((n) => n.op === 'QLinearConv').length, String(ops)).toBe(2);
          const s = await ortSession(model);
          for (const feed of sandFeeds(2)) {
            const want = (await ortRun(s, { x: { dims: [1, 4, 6, 6], data: feed.x } })).get('y') as Float32Array;
            expect(Array.from(m.run({ x: feed.x }).y as Float32Array), String(ops)).toEqual(Array.from(want));
          }
          await s.release();
          m.dispose();
        }
      } finally {
        rt.dispose();
      }
    },
  );

  it.skipIf(!ortOk)(
    'a 3-D convolution stays float (8-bit convolutions run on 1-D and 2-D planes), with its reason',
    async () => {
      // x [1, 2, 4, 6, 6] -> Conv 3x3x3 -> Relu -> Conv 1x1x1 = y
      const b = new GraphBuilder('conv3d');
      b.inputs.push(valueInfo('x', 'float32', [1, 2, 4, 6, 6]));
      b.init(f32('w1', [4, 2, 3, 3, 3], rand(31, 216, -0.5, 0.5)));
      b.init(f32('w2', [3, 4, 1, 1, 1], rand(32, 12, -1, 1)));
      b.node(
        'Conv',
        ['x', 'w1'],
        ['c1'],
        { kernel_shape: attrInts([3, 3, 3]), pads: attrInts([1, 1, 1, 1, 1, 1]) },
        { name: 'conv1' },
      );
      b.node('Relu', ['c1'], ['r'], {}, { name: 'relu' });
      b.node('Conv', ['r', 'w2'], ['y'], { kernel_shape: attrInts([1, 1, 1]) }, { name: 'conv2' });
      b.outputs.push(valueInfo('y', 'float32', [1, 3, 4, 6, 6]));
      const float = writeOnnxModel(b.graph());
      const feeds = Array.from({ length: 3 }, (_, i) => ({ x: rand(50 + i, 288, -1, 1) }));
      const { model, report } = await quantizeModel(float, { calibration: feeds, ops: 'convs' });
      expect(report.floatNodes.map((n) => [n.name, n.reason])).toEqual([
        ['conv1', 'its input has 3 spatial dims (8-bit Conv runs on 1-D and 2-D planes)'],
        ['relu', 'operator Relu is not quantized'],
        ['conv2', 'its input has 3 spatial dims (8-bit Conv runs on 1-D and 2-D planes)'],
      ]);
      const rt = await createRuntime();
      try {
        const m = loadModelSync(rt, model, { onFloatModel: 'allow' });
        const s = await ortSession(model);
        const want = (await ortRun(s, { x: { dims: [1, 2, 4, 6, 6], data: feeds[0].x } })).get('y') as Float32Array;
        await s.release();
        expect(Array.from(m.run({ x: feeds[0].x }).y as Float32Array)).toEqual(Array.from(want));
        m.dispose();
      } finally {
        rt.dispose();
      }
    },
  );

  it('ownBiases copies only shared bias initializers, keeping a sole bias reader and every other reader', () => {
    const b = new GraphBuilder('biases');
    b.inputs.push(valueInfo('x', 'float32', [1, 2, 4, 4]));
    b.init(f32('w', [2, 2, 1, 1], [1, 2, 3, 4]));
    for (const n of ['b0', 'b1', 'b2']) b.init(f32(n, [2], [0.5, -0.5]));
    const k1 = { kernel_shape: attrInts([1, 1]) };
    b.node('Conv', ['x', 'w', 'b0'], ['a'], k1); // b0: read once
    b.node('Conv', ['a', 'w', 'b1'], ['c'], k1); // b1: two biases
    b.node('Conv', ['c', 'w', 'b1'], ['d'], k1);
    b.node('Conv', ['d', 'w', 'b2'], ['e'], k1); // b2: a bias and an Add
    b.node('Add', ['e', 'b2'], ['y']);
    b.outputs.push(valueInfo('y', 'float32', [1, 2, 4, 4]));
    const g = b.graph();
    const own = ownBiases(g);
    expect(own.nodes.map((n) => n.inputs.join(','))).toEqual(['x,w,b0', 'a,w,b1', 'c,w,b1_1', 'd,w,b2_1', 'e,b2']);
    expect(Array.from(own.initializers.get('b1_1')!.data as Float32Array)).toEqual([0.5, -0.5]);
    expect(own.initializers.get('b2_1')!.dims).toEqual([2]);
    // nothing shared: the graph itself
    const alone = { ...g, nodes: g.nodes.slice(0, 2) };
    expect(ownBiases(alone)).toBe(alone);
  });

  it('an operator the executor does not run either is UNSUPPORTED_OP (the reference has no com.microsoft Inverse)', async () => {
    expect((await failure(qm(writeOnnxModel(oddSandwich()), { calibration: sandFeeds(1) }))).code).toBe(
      'UNSUPPORTED_OP',
    );
  });
});

/**
 * A head whose output is read for its tail: x [1, 1, 64, 64] -> Conv 1x1 (4 channels) = t -> Exp = `e` (float:
 * Exp is not quantized), and t -> Conv 1x1 (2 channels) = `z`. t is Laplace-distributed (x is): a least-squared-error
 * range clips its largest few values, which are the whole energy of e.
 */
function expHead(): Graph {
  const b = new GraphBuilder('exp-head');
  b.inputs.push(valueInfo('x', 'float32', [1, 1, 64, 64]));
  b.init(f32('w1', [4, 1, 1, 1], [1, -0.9, 0.8, 0.6]));
  b.init(f32('b1', [4], [0, 0.1, -0.1, 0]));
  b.init(f32('w2', [2, 4, 1, 1], [0.5, -0.25, 0.3, 0.1, -0.2, 0.4, 0.1, 0.3]));
  b.node('Conv', ['x', 'w1', 'b1'], ['t'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv1' });
  b.node('Exp', ['t'], ['e'], {}, { name: 'exp' });
  b.node('Conv', ['t', 'w2'], ['z'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv2' });
  b.outputs.push(valueInfo('e', 'float32', [1, 4, 64, 64]), valueInfo('z', 'float32', [1, 2, 64, 64]));
  return b.graph();
}
const laplace = (seed: number) => {
  const r = rng(seed);
  return Float32Array.from({ length: 64 * 64 }, () => {
    const u = r() - 0.5;
    return -Math.sign(u) * Math.log(1 - 2 * Math.abs(u) + 1e-12);
  });
};
const EXP_HEAD = writeOnnxModel(expHead());

describe('the default ranges against min / max', () => {
  const db = (r: QuantizeReport, name: string) => r.outputs.find((o) => o.name === name)!.sqnrDb;
  const models: Array<[string, Uint8Array, (seed: number) => Array<{ x: Float32Array }>, string[]]> = [
    ['the exp head', EXP_HEAD, (seed) => Array.from({ length: 6 }, (_, i) => ({ x: laplace(seed + i) })), ['e', 'z']],
    ['the detector', DETECTOR, (seed) => detFeeds(seed, 6), ['heat', 'box', 'peaks']],
  ];
  for (const [what, bytes, make, outs] of models) {
    describe(what, () => {
      let auto: QuantizeReport;
      let minmax: QuantizeReport;
      let histogram: QuantizeReport;
      // the exp head is judged on its calibration feeds: on held-out ones a value beyond the calibrated range,
      // clipped by every observer, would dominate e's error
      const opts = {
        calibration: make(100),
        evaluation: what === 'the exp head' ? undefined : make(200),
        rankLayers: false,
      };

      it("the default ('auto') is within 0.5 dB of min / max or better on every output", async () => {
        [auto, minmax, histogram] = await Promise.all([
          qm(bytes, opts).then((r) => r.report),
          qm(bytes, { ...opts, observer: 'minmax' }).then((r) => r.report),
          qm(bytes, { ...opts, observer: 'histogram' }).then((r) => r.report),
        ]);
        expect(auto.observer).toBe('auto');
        for (const name of outs) {
          expect(db(auto, name), name).toBeGreaterThanOrEqual(db(minmax, name) - 0.5);
          // the report gives min / max's figure beside it (measured on the switchable graph, the same feeds)
          const o = auto.outputs.find((x) => x.name === name)!;
          expect(Math.abs(o.minmaxSqnrDb! - db(minmax, name)), name).toBeLessThan(0.01);
        }
      });

      if (what === 'the exp head')
        it('a plain histogram loses to min / max there; the default took min / max everywhere and says so', () => {
          expect(db(histogram, 'e')).toBeLessThan(db(minmax, 'e') - 3);
          expect(auto.notes.join(' ')).toMatch(/min \/ max ranges are used for every value/);
          for (const t of auto.tensors.filter((x) => x.kind === 'activation')) expect(t.range, t.name).toBe('minmax');
        });
      else
        it('where the histogram does not lose, the values that feed an output keep their full range, the others the histogram', () => {
          expect(auto.notes.join(' ')).not.toMatch(/min \/ max ranges are used/);
          const range = new Map(auto.tensors.filter((t) => t.kind === 'activation').map((t) => [t.name, t.range]));
          expect(range.get('heat')).toBe('minmax');
          expect(range.get('box')).toBe('minmax');
          expect(range.get('f')).toBe('histogram');
        });
    });
  }
});

/**
 * M-LSD's centre finding: x [1, 1, 12, 12] -> Conv 3x3 -> Sigmoid = heat; keep = Cast(Equal(heat, MaxPool 3x3
 * (heat))); scores = heat * keep (each local maximum's score, 0 elsewhere).
 */
function centres(): Graph {
  const b = new GraphBuilder('centres');
  b.inputs.push(valueInfo('x', 'float32', [1, 1, 12, 12]));
  b.init(f32('w', [1, 1, 3, 3], rand(50, 9, -0.5, 1)));
  b.init(f32('b', [1], [-2]));
  b.init({ name: 'shape', type: 'int64', dims: [2], data: BigInt64Array.of(1n, -1n) });
  b.node(
    'Conv',
    ['x', 'w', 'b'],
    ['c'],
    { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) },
    { name: 'conv' },
  );
  b.node('Sigmoid', ['c'], ['heat'], {}, { name: 'sig' });
  b.node(
    'MaxPool',
    ['heat'],
    ['hmax'],
    { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) },
    { name: 'pool' },
  );
  b.node('Reshape', ['hmax', 'shape'], ['hflat'], {}, { name: 'flat' });
  b.node('Reshape', ['heat', 'shape'], ['heatflat'], {}, { name: 'flat2' });
  b.node('Equal', ['heatflat', 'hflat'], ['peak'], {}, { name: 'eq' });
  b.node('Cast', ['peak'], ['keep'], { to: attrInt(1) }, { name: 'cast' });
  b.node('Mul', ['heatflat', 'keep'], ['scores'], {}, { name: 'mul' });
  b.outputs.push(valueInfo('scores', 'float32', [1, 144]));
  return b.graph();
}

describe('compared values', () => {
  it('a value an Equal reads stays float, back through the operators that keep ties: local maxima survive', async () => {
    const cal = Array.from({ length: 4 }, (_, i) => ({ x: rand(60 + i, 144, 0, 3) }));
    const { report, model } = await qm(writeOnnxModel(centres()), { calibration: cal, rankLayers: false });
    const reasons = new Map(report.floatNodes.map((n) => [n.name, n.reason]));
    for (const name of ['conv', 'sig', 'pool', 'flat', 'flat2'])
      expect(reasons.get(name), name).toBe(
        'its output is compared (Equal "eq"): 8-bit values would tie where float ones differ',
      );
    expect(reasons.has('mul')).toBe(false);
    expect(report.outputs[0].sqnrDb).toBeGreaterThan(25);
    // the Mul quantizes heat; the Equal reads its float value
    const g = readOnnxModel(model);
    expect(g.nodes.find((n) => n.name === 'eq')!.inputs).toEqual(['heatflat', 'hflat']);
    expect(g.nodes.find((n) => n.name === 'mul')!.inputs[0]).toBe('heatflat_DequantizeLinear_Output');
    // i8conv's rt.loadModel runs it (a value read by a QuantizeLinear and by a float Equal)
    const rt = await createRuntime({ threads: 1 });
    try {
      const m = loadModelSync(rt, model);
      const ref = runReference(
        g,
        new Map([['x', { name: 'x', type: 'float32', dims: [1, 1, 12, 12], data: cal[0].x }]]),
      );
      const got = (m.run({ x: cal[0].x }) as Record<string, Float32Array>).scores;
      const want = ref.get('scores')!.data as Float32Array;
      let diff = 0;
      for (let i = 0; i < want.length; i++) diff = Math.max(diff, Math.abs(got[i] - want[i]));
      expect(diff).toBeLessThanOrEqual(0.01);
      m.dispose();
    } finally {
      rt.dispose();
    }
  });
});

describe('a Clip that keeps values away from 0', () => {
  it('stays float, neither absorbed nor quantized, before a Log (openWakeWord: MatMul -> Clip(1e-10) -> Log)', async () => {
    const b = new GraphBuilder('log-mel');
    b.inputs.push(valueInfo('x', 'float32', [1, 8]));
    // column 0 large, the others tiny: their products round to code 0
    b.init(
      f32(
        'w',
        [8, 8],
        Array.from({ length: 64 }, (_, i) => (i % 8 === 0 ? 10 : 0.001 * (i % 5))),
      ),
    );
    b.init(f32('lo', [], [1e-10]));
    b.node('MatMul', ['x', 'w'], ['m'], {}, { name: 'mm' });
    b.node('Clip', ['m', 'lo'], ['c'], {}, { name: 'clip' });
    b.node('Log', ['c'], ['y'], {}, { name: 'log' });
    b.outputs.push(valueInfo('y', 'float32', [1, 8]));
    const cal = Array.from({ length: 3 }, (_, i) => ({ x: rand(70 + i, 8, 0, 1) }));
    const { report } = await qm(writeOnnxModel(b.graph()), { calibration: cal, rankLayers: false });
    expect(report.absorbed).toEqual([]);
    expect(report.floatNodes.find((n) => n.name === 'clip')!.reason).toMatch(/leaves out 0/);
    expect(report.outputs[0].nonFinite).toBe(0);
    expect(Number.isFinite(report.outputs[0].sqnrDb)).toBe(true);
  });
});

describe('the report, keepFloat and targetSqnr', () => {
  const cal = detFeeds(100, 4);
  let base: { model: Uint8Array; report: QuantizeReport };

  it('judges each output (SQNR, cosine, max error, verdict) and ranks the quantized layers, most harmful first', async () => {
    base = await qm(DETECTOR, { calibration: cal, observer: 'histogram', rankLayers: true });
    const r = base.report;
    expect(r.outputs.map((o) => o.name)).toEqual(['heat', 'box', 'peaks']);
    for (const o of r.outputs) {
      expect(Number.isFinite(o.sqnrDb)).toBe(true);
      expect(o.cosine).toBeGreaterThan(0.5);
      expect(o.cosine).toBeLessThanOrEqual(1 + 1e-12);
      expect(o.maxAbsError).toBeGreaterThan(0);
      expect(o.nonFinite).toBe(0);
      expect(o.verdict).toBe(o.sqnrDb >= 30 ? 'good' : o.sqnrDb >= 20 ? 'fair' : 'poor');
    }
    const worst = Math.min(...r.outputs.map((o) => o.sqnrDb));
    expect(r.verdict.level).toBe(worst >= 30 ? 'good' : worst >= 20 ? 'fair' : 'poor');
    expect(r.verdict.text.length).toBeGreaterThan(10);
    // every quantized Conv is ranked (the Relus are absorbed, the MaxPool and Reshape run on 8-bit data)
    expect(r.layers.map((l) => l.node).sort()).toEqual(['boxes', 'conv1', 'conv2', 'flat', 'head', 'pool']);
    for (let i = 1; i < r.layers.length; i++) expect(r.layers[i].sqnrDb).toBeGreaterThanOrEqual(r.layers[i - 1].sqnrDb);
    for (const l of r.layers) expect(['heat', 'box', 'peaks']).toContain(l.output);
    expect(r.keptFloat).toEqual([]);
    expect(r.target).toBeUndefined();
  });

  it('by default the layers are ranked only where an output is below good (30 dB), else a note says why not', async () => {
    for (const bytes of [DETECTOR, writeOnnxModel(sandwich('Relu'))]) {
      const c = bytes === DETECTOR ? cal : sandFeeds(3);
      const { report } = await qm(bytes, { calibration: c, observer: 'minmax' });
      const good = report.outputs.every((o) => o.sqnrDb >= 30);
      expect(report.layers.length === 0).toBe(good);
      expect(report.notes.some((n) => n.startsWith('the layers were not ranked'))).toBe(good);
    }
  });

  it('keepFloat keeps the named layers float (float weights, reported) and changes the error', async () => {
    const { model, report } = await qm(DETECTOR, { calibration: cal, observer: 'histogram', keepFloat: ['conv2'] });
    expect(report.keptFloat).toEqual(['conv2']);
    expect(report.floatNodes).toContainEqual({
      name: 'conv2',
      opType: 'Conv',
      reason: 'kept float (options.keepFloat)',
    });
    const g = readOnnxModel(model);
    const conv2 = g.nodes.find((n) => n.name === 'conv2')!;
    expect(g.initializers.get(conv2.inputs[1])!.type).toBe('float32');
    expect(report.layers.map((l) => l.node)).not.toContain('conv2');
    expect(report.outputs[0].sqnrDb).not.toBe(base.report.outputs[0].sqnrDb);
  });

  it('targetSqnr keeps the most harmful layers float, in the ranking order, until every output reaches it', async () => {
    const worst = Math.min(...base.report.outputs.map((o) => o.sqnrDb));
    const t = worst + 6;
    const { report } = await qm(DETECTOR, { calibration: cal, observer: 'histogram', targetSqnr: t });
    expect(report.target!.sqnrDb).toBe(t);
    expect(report.target!.reached).toBe(true);
    const added = report.target!.added;
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThan(base.report.layers.length);
    // the first layers of the ranking, in its order
    expect(added).toEqual(report.layers.slice(0, added.length).map((l) => l.node));
    expect(report.keptFloat).toEqual(added);
    for (const a of added) expect(report.floatNodes.find((n) => n.name === a)!.reason).toMatch(/targetSqnr/);
    for (const o of report.outputs) expect(o.sqnrDb, o.name).toBeGreaterThanOrEqual(t);
  });

  it('a target the plan already meets keeps nothing float', async () => {
    const { report } = await qm(DETECTOR, { calibration: cal, observer: 'histogram', targetSqnr: -20 });
    expect(report.target).toEqual({ sqnrDb: -20, reached: true, added: [] });
    expect(report.keptFloat).toEqual([]);
  });

  it('validation: INVALID_PARAM naming the option, before any run', async () => {
    let runs = 0;
    const o = (x: Partial<QuantizeModelOptions>) =>
      ({ calibration: cal, onProgress: () => runs++, ...x }) as QuantizeModelOptions;
    const cases: Array<[Partial<QuantizeModelOptions>, string]> = [
      [{ keepFloat: ['no such node'] }, 'keepFloat'],
      [{ keepFloat: ['conv1', 'convX'] }, 'keepFloat'],
      [{ keepFloat: 'conv1' as unknown as string[] }, 'keepFloat'],
      [{ keepFloat: [3 as unknown as string] }, 'keepFloat'],
      [{ targetSqnr: Number.NaN }, 'targetSqnr'],
      [{ targetSqnr: Infinity }, 'targetSqnr'],
      [{ targetSqnr: '30' as unknown as number }, 'targetSqnr'],
      [{ targetSqnr: 30, report: false }, 'targetSqnr'],
      [{ rankLayers: 0 as unknown as number }, 'rankLayers'],
      [{ ops: 'some' as 'all' }, 'ops'],
      [{ observer: 'auto2' as 'auto' }, 'observer'],
    ];
    for (const [x, param] of cases)
      expect(await failure(qm(DETECTOR, o(x))), param).toEqual({ code: 'INVALID_PARAM', param });
    expect(runs).toBe(0);
  });

  it('an unnamed node is named by its first output, in the ranking and for keepFloat', async () => {
    const g = detector();
    for (const n of g.nodes) n.name = '';
    const bytes = writeOnnxModel(g);
    const { report } = await qm(bytes, { calibration: cal, observer: 'minmax', rankLayers: 1 });
    expect(report.layers.map((l) => l.node).sort()).toEqual(['box', 'c1', 'c2', 'heat', 'hp', 'peaks']);
    const kept = await qm(bytes, { calibration: cal, observer: 'minmax', keepFloat: ['c2'], rankLayers: false });
    expect(kept.report.floatNodes.map((n) => n.reason)).toContain('kept float (options.keepFloat)');
  });
});

describe('the forms of ops', () => {
  const cal = detFeeds(100, 2);
  const opts = { calibration: cal, rankLayers: false, observer: 'minmax' } as const;

  it("'convs' quantizes Conv / MatMul / Gemm only; 'all' quantizes what onnxruntime's QDQ quantizer does", async () => {
    const convs = await qm(DETECTOR, { ...opts, ops: 'convs' });
    expect(convs.report.ops).toBe('convs');
    // the Relus stay (float, between Q/DQ pairs); MaxPool and Reshape run in float
    expect(convs.report.floatNodes.map((n) => n.name).sort()).toEqual(['flat', 'pool', 'relu1', 'relu2']);
    expect(convs.report.absorbed).toEqual([]);
    const all = await qm(DETECTOR, { ...opts, ops: 'all' });
    expect(all.report.floatNodes).toEqual([]);
    expect(all.report.absorbed.map((n) => n.name)).toEqual(['relu1', 'relu2']);
    const list = await qm(DETECTOR, { ...opts, ops: ['Conv', 'Relu'] });
    expect(list.report.floatNodes.map((n) => n.name).sort()).toEqual(['flat', 'pool']);
    expect(list.report.absorbed.map((n) => n.name)).toEqual(['relu1', 'relu2']);
  });

  it("'all' with int8 activations keeps the Softmax quantized (its own ranges)", async () => {
    const b = new GraphBuilder('softmax');
    b.inputs.push(valueInfo('x', 'float32', [1, 8]));
    b.init(f32('w', [8, 8], rand(40, 64, -1, 1)));
    b.node('MatMul', ['x', 'w'], ['m'], {}, { name: 'mm' });
    b.node('Softmax', ['m'], ['p'], { axis: attrInt(-1) }, { name: 'sm' });
    b.outputs.push(valueInfo('p', 'float32', [1, 8]));
    const bytes = writeOnnxModel(b.graph());
    const c = [{ x: rand(41, 8, -1, 1) }, { x: rand(42, 8, -1, 1) }];
    const all = await qm(bytes, { calibration: c, ops: 'all', activations: 'int8', rankLayers: false });
    expect(all.report.floatNodes).toEqual([]);
    expect(readOnnxModel(all.model).nodes.filter((n) => n.opType === 'QuantizeLinear').length).toBe(3);
    const def = await qm(bytes, { calibration: c, rankLayers: false });
    expect(def.report.floatNodes.map((n) => n.opType)).toEqual(['Softmax']);
  });
});
