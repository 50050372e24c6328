// i8conv/quantize: element-wise chains (plan.ts elementwiseRoots, elementwise: 'table'), the intervals outside
// which a chain is constant (chains.ts flatIntervals; a chain's root is observed clamped to its interval) and
// Conv -> depthwise Conv activation equalization (equalize.ts). On small graphs built in code: the chains and
// intervals of hand-worked functions (LearnableAffineBlock + decomposed HardSwish, HardSigmoid, Relu6, a bump, a
// negative scale, Swish, a root read outside its chain); clamping every root to its interval changes no output of
// the float graph (reference executor, values far outside included); a quantized chain is one table in i8conv (applied by the Conv)
// and gives onnxruntime-web's outputs bit for bit; the clamped root's range in the report; equalization's pairs,
// scales, the float graph unchanged within float32 rounding, and the pair's activation noise lower than without.
import { describe, expect, it } from 'vitest';
import { GraphBuilder, attrFloat, attrInt, attrInts, f32, valueInfo } from '../fixtures/models/build.js';
import { ortRun, ortSession } from '../fixtures/models/ort.js';
import { referenceInterpreter } from '../kernels-ref/index.js';
import { runReference } from '../kernels-ref/model/run.js';
import { I8ConvError } from '../src/errors.js';
import { createRuntime } from '../src/index.js';
import type { Graph } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { clampTo, flatIntervals } from '../src/quantize/chains.js';
import { channelAbsMax, equalizationPairs, equalizationScales, equalize } from '../src/quantize/equalize.js';
import { quantizeModel, type QuantizeModelOptions } from '../src/quantize/index.js';
import { elementwiseRoots } from '../src/quantize/plan.js';
import { prepareFloatGraph } from '../src/quantize/prepare.js';
import { randFloats } from './helpers/rng.js';
import { loadOrt as ortIfInstalled } from './helpers/one-node.js';

const qm = (b: Uint8Array, o: QuantizeModelOptions) => quantizeModel(b, { executor: referenceInterpreter, ...o });
// (helpers/one-node's loader: null where onnxruntime-web is not installed)
const ortOk = (await ortIfInstalled()) !== null;
const rand = randFloats;

/**
 * x [1, 4, 6, 6] -> Conv 3x3 (pad 1) = c -> Mul(a) -> Add(b) -> decomposed HardSwish (Add 3, Clip 0..6, Mul, Div 6)
 * -> Mul(e) -> Add(d) = h -> Conv 1x1 = y. PP-LCNetV3's LearnableAffineBlock around a HardSwish, as paddle2onnx
 * writes it.
 */
function labNet(a = 2, b = 1): Graph {
  const g = new GraphBuilder('lab');
  g.inputs.push(valueInfo('x', 'float32', [1, 4, 6, 6]));
  g.init(f32('w1', [8, 4, 3, 3], rand(1, 288, -0.4, 0.4)));
  g.init(f32('b1', [8], rand(2, 8, -0.3, 0.3)));
  g.init(f32('w2', [6, 8, 1, 1], rand(3, 48, -0.6, 0.6)));
  for (const [k, v] of Object.entries({ a, b, three: 3, zero: 0, six: 6, e: 0.7, d: -0.2 })) g.init(f32(k, [], [v]));
  g.node(
    'Conv',
    ['x', 'w1', 'b1'],
    ['c'],
    { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) },
    { name: 'conv1' },
  );
  g.node('Mul', ['a', 'c'], ['m1'], {}, { name: 'lab1_mul' });
  g.node('Add', ['m1', 'b'], ['z'], {}, { name: 'lab1_add' });
  g.node('Add', ['z', 'three'], ['z3'], {}, { name: 'hs_add' });
  g.node('Clip', ['z3', 'zero', 'six'], ['cl'], {}, { name: 'hs_clip' });
  g.node('Mul', ['z', 'cl'], ['zc'], {}, { name: 'hs_mul' });
  g.node('Div', ['zc', 'six'], ['hs'], {}, { name: 'hs_div' });
  g.node('Mul', ['e', 'hs'], ['m2'], {}, { name: 'lab2_mul' });
  g.node('Add', ['m2', 'd'], ['h'], {}, { name: 'lab2_add' });
  g.node('Conv', ['h', 'w2'], ['y'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv2' });
  g.outputs.push(valueInfo('y', 'float32', [1, 6, 6, 6]));
  return g.graph();
}

/** x [1, 2, 5] -> one chain on x given by `body` (which names its output 'y'). */
function chainNet(body: (g: GraphBuilder) => void, consts: Record<string, number> = {}): Graph {
  const g = new GraphBuilder('chain');
  g.inputs.push(valueInfo('x', 'float32', [1, 2, 5]));
  g.init(f32('w', [2, 2, 1], [1, 0.5, -0.5, 1]));
  for (const [k, v] of Object.entries(consts)) g.init(f32(k, [], [v]));
  g.node('Conv', ['x', 'w'], ['r'], { kernel_shape: attrInts([1]) }, { name: 'conv' });
  body(g);
  g.outputs.push(valueInfo('y', 'float32', [1, 2, 5]));
  return prepareFloatGraph(g.graph());
}

const feed = (x: Float32Array, dims: number[]) =>
  new Map([['x', { name: 'x', type: 'float32' as const, dims, data: x }]]);

describe('element-wise chains', () => {
  it('elementwiseRoots: every node of the LAB + HardSwish chain has the Conv output as its root; the Convs none', () => {
    const g = labNet();
    const isScalar = (v: string) => g.initializers.get(v)?.data.length === 1;
    const roots = elementwiseRoots(g.nodes, isScalar);
    const named = new Map([...roots].map(([i, r]) => [g.nodes[i].name, r]));
    expect(named).toEqual(
      new Map(
        ['lab1_mul', 'lab1_add', 'hs_add', 'hs_clip', 'hs_mul', 'hs_div', 'lab2_mul', 'lab2_add'].map((n) => [n, 'c']),
      ),
    );
  });

  it('flatIntervals: LAB + HardSwish, HardSigmoid, Relu6, a bump, a negative scale; none for Swish or a root read elsewhere', () => {
    // d + e * h(a x + b) is constant where a x + b <= -3: x <= (-3 - b) / a
    expect(flatIntervals(prepareFloatGraph(labNet(2, 1)))).toEqual(new Map([['c', [-2, Infinity]]]));
    expect(flatIntervals(prepareFloatGraph(labNet(0.5, 0.5)))).toEqual(new Map([['c', [-7, Infinity]]]));
    // a negative scale puts the flat part above: -2 x + 1 <= -3 for x >= 2
    expect(flatIntervals(prepareFloatGraph(labNet(-2, 1)))).toEqual(new Map([['c', [-Infinity, 2]]]));
    const hsig = chainNet((g) => g.node('HardSigmoid', ['r'], ['y'], { alpha: attrFloat(0.25), beta: attrFloat(0.5) }));
    // 0.25 x + 0.5 rounds to 1 in float32 from the float below 2 on
    expect(flatIntervals(hsig)).toEqual(new Map([['r', [-2, Math.fround(2 - 2 ** -23)]]]));
    const relu6 = chainNet(
      (g) => {
        g.node('Relu', ['r'], ['t']);
        g.node('Clip', ['t', 'lo', 'hi'], ['y']);
      },
      { lo: 0, hi: 6 },
    );
    const [lo6, hi6] = flatIntervals(relu6).get('r')!;
    expect(lo6).toBeGreaterThanOrEqual(0);
    expect(lo6).toBeLessThan(1e-12);
    expect(hi6).toBe(6);
    // a ramp: clip(relu(x + 5), 0, 2) / 2 is 0 below -5 and 1 above -3
    const ramp = chainNet(
      (g) => {
        g.node('Add', ['r', 'five'], ['p']);
        g.node('Relu', ['p'], ['q']);
        g.node('Clip', ['q', 'zero', 'two'], ['t']);
        g.node('Div', ['t', 'two'], ['y']);
      },
      { five: 5, zero: 0, two: 2 },
    );
    expect(flatIntervals(ramp)).toEqual(new Map([['r', [-5, -3]]]));
    // relu(x + 5) - relu(x + 3) is 2 above -3 in real arithmetic, not in float32 (f32(x + 5) - f32(x + 3) for a
    // tiny x rounds differently): only its lower side is flat
    const bump = chainNet(
      (g) => {
        g.node('Add', ['r', 'five'], ['p']);
        g.node('Relu', ['p'], ['q']);
        g.node('Add', ['r', 'three'], ['s']);
        g.node('Relu', ['s'], ['t']);
        g.node('Sub', ['q', 't'], ['y']);
      },
      { five: 5, three: 3 },
    );
    expect(flatIntervals(bump)).toEqual(new Map([['r', [-5, Infinity]]]));
    const swish = chainNet((g) => {
      g.node('Sigmoid', ['r'], ['s']);
      g.node('Mul', ['r', 's'], ['y']);
    });
    expect(flatIntervals(swish).size).toBe(0);
    // the root also read by a node outside its chain (a residual Add of two different values)
    const shared = chainNet((g) => {
      g.node('Relu', ['r'], ['t']);
      g.node('Add', ['r', 'x'], ['u']);
      g.node('Add', ['t', 'u'], ['y']);
    });
    expect(flatIntervals(shared).size).toBe(0);
  });

  it('clamping every root to its interval leaves every output of the float graph as it is (values far outside included)', () => {
    const base = labNet(1.3, -0.4);
    const g = prepareFloatGraph(base);
    const flats = flatIntervals(g);
    expect(flats.size).toBe(1);
    // run the chain alone on the root's values, clamped and not, with the reference executor
    const chainOnly: Graph = {
      ...g,
      inputs: [valueInfo('c', 'float32', [1, 8, 6, 6])],
      nodes: g.nodes.filter((n) => n.opType !== 'Conv'),
      outputs: [valueInfo('h', 'float32', [1, 8, 6, 6])],
    };
    const [lo, hi] = flats.get('c')!;
    const x = rand(5, 288, -40, 40);
    x.set([lo, Math.fround(lo - 1e-6), -1e30, 1e30, 0, -0], 0);
    const run = (v: Float32Array) =>
      runReference(chainOnly, new Map([['c', { name: 'c', type: 'float32', dims: [1, 8, 6, 6], data: v }]])).get('h')!
        .data as Float32Array;
    expect(Array.from(run(clampTo(x, lo, hi)))).toEqual(Array.from(run(x)));
  });

  it("a quantized chain: one float region between the Conv's Q/DQ pairs (the report says why), one table in i8conv (applied by the Conv)", async () => {
    const bytes = writeOnnxModel(labNet());
    const cal = Array.from({ length: 3 }, (_, i) => ({ x: rand(20 + i, 144, -2, 2) }));
    const { model, report } = await qm(bytes, { calibration: cal, observer: 'minmax' });
    const q = readOnnxModel(model);
    const chainNames = ['lab1_mul', 'lab1_add', 'hs_add', 'hs_clip', 'hs_mul', 'hs_div', 'lab2_mul', 'lab2_add'];
    for (const n of chainNames) expect(q.nodes.some((m) => m.name === n && m.domain === '')).toBe(true);
    expect(report.floatNodes.find((n) => n.name === 'lab1_mul')!.reason).toMatch(/element-wise chain/);
    // Q/DQ only on x, c (the chain's root), h (its end) and the output y: no value inside the chain
    expect(new Set(q.nodes.filter((n) => n.opType === 'QuantizeLinear').map((n) => n.inputs[0]))).toEqual(
      new Set(['x', 'c', 'h', 'y_QuantizeInput']),
    );
    // c's range is the clamped one: its minimum is the interval's -2 (the data went below it)
    const c = report.tensors.find((t) => t.name === 'c')!;
    expect(c.min).toBe(-2);
    const rt = await createRuntime({ threads: 1 });
    try {
      const m = await rt.loadModel(model);
      try {
        // the chain became a table, which the first convolution applies as it stores: no float step
        expect(m.nodes.map((n) => n.op).filter((op) => op !== 'Relayout')).toEqual([
          'QuantizeLinear',
          'QLinearConv',
          'QLinearConv',
          'DequantizeLinear',
        ]);
        if (ortOk) {
          const x = rand(40, 144, -2.5, 2.5);
          const got = m.run({ x }).y as Float32Array;
          const s = await ortSession(model);
          try {
            const want = (await ortRun(s, { x: { data: x, dims: [1, 4, 6, 6] } })).get('y') as Float32Array;
            expect(Array.from(got)).toEqual(Array.from(want));
          } finally {
            await s.release();
          }
        }
      } finally {
        m.dispose();
      }
    } finally {
      rt.dispose();
    }
    // elementwise: 'quantize' is onnxruntime's rule: QLinear Mul / Add in the chain, and no clamping
    const r2 = await qm(bytes, { calibration: cal, observer: 'minmax', elementwise: 'quantize' });
    const q2 = readOnnxModel(r2.model);
    expect(q2.nodes.filter((n) => n.opType === 'QuantizeLinear').length).toBeGreaterThan(3);
    expect(r2.report.tensors.find((t) => t.name === 'c')!.min).toBeLessThan(-2);
  });

  it.skipIf(!ortOk)(
    'quantized chain in onnxruntime-web (graph optimizations on) equals i8conv for int8 activations too',
    async () => {
      const bytes = writeOnnxModel(labNet(0.8, 0.3));
      const cal = Array.from({ length: 2 }, (_, i) => ({ x: rand(60 + i, 144, -2, 2) }));
      const { model } = await quantizeModel(bytes, { calibration: cal, activations: 'int8' });
      const rt = await createRuntime({ threads: 1 });
      const m = await rt.loadModel(model);
      const s = await ortSession(model);
      try {
        const x = rand(70, 144, -3, 3);
        const want = (await ortRun(s, { x: { data: x, dims: [1, 4, 6, 6] } })).get('y') as Float32Array;
        expect(Array.from(m.run({ x }).y as Float32Array)).toEqual(Array.from(want));
      } finally {
        await s.release();
        m.dispose();
        rt.dispose();
      }
    },
  );
});

/** x [1, 3, 8, 8] -> Conv 3x3 (4 channels, very unequal output ranges) [-> Relu] -> depthwise Conv 3x3 (pad 1) = y. */
function pairNet(relu: boolean, extraReader = false): Graph {
  const g = new GraphBuilder('pair');
  g.inputs.push(valueInfo('x', 'float32', [1, 3, 8, 8]));
  const w1 = rand(7, 108, -0.5, 0.5);
  const gains = [8, 0.05, 1, 0.01];
  for (let i = 0; i < w1.length; i++) w1[i] = Math.fround(w1[i] * gains[Math.floor(i / 27)]);
  g.init(f32('w1', [4, 3, 3, 3], w1));
  g.init(f32('b1', [4], [0.5, 0.01, -0.2, 0.002]));
  g.init(
    f32(
      'wd',
      [4, 1, 3, 3],
      rand(8, 36, -1, 1).map((v, i) => Math.fround(v / gains[Math.floor(i / 9)] / 4)),
    ),
  );
  g.node(
    'Conv',
    ['x', 'w1', 'b1'],
    ['a'],
    { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) },
    { name: 'convA' },
  );
  let t = 'a';
  if (relu) {
    g.node('Relu', ['a'], ['ar'], {}, { name: 'relu' });
    t = 'ar';
  }
  g.node(
    'Conv',
    [t, 'wd'],
    ['y'],
    { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]), group: attrInt(4) },
    { name: 'convB' },
  );
  g.outputs.push(valueInfo('y', 'float32', [1, 4, 8, 8]));
  if (extraReader) g.outputs.push(valueInfo('a', 'float32', [1, 4, 8, 8]));
  return g.graph();
}

describe('Conv -> depthwise Conv equalization', () => {
  it('finds Conv -> dw and Conv -> Relu -> dw; not where the Conv output has another reader or is a graph output', () => {
    for (const relu of [false, true]) {
      const p = equalizationPairs(prepareFloatGraph(pairNet(relu)));
      expect(p.map((q) => [q.a.name, q.b.name, q.y, q.channels])).toEqual([['convA', 'convB', 'a', 4]]);
    }
    expect(equalizationPairs(prepareFloatGraph(pairNet(false, true)))).toEqual([]);
  });

  it('scales: amax / max amax, 1 for a channel never nonzero, at least 2^-10', () => {
    expect(Array.from(equalizationScales(Float64Array.of(4, 1, 0, 2, 1e-9)))).toEqual([1, 0.25, 1, 0.5, 2 ** -10]);
    const into = new Float64Array(2);
    channelAbsMax(into, Float32Array.of(1, -3, 2, 0.5, 0, -1, 7, 2), 2, 2);
    expect(Array.from(into)).toEqual([3, 7]); // [N 2][C 2][2]: channel 0 holds 1, -3, 0, -1
  });

  it('the equalized graph computes the same output within float32 rounding; the channels span one range', () => {
    for (const relu of [false, true]) {
      const g = prepareFloatGraph(pairNet(relu));
      const pairs = equalizationPairs(g);
      const x = rand(30, 192, -1, 1);
      const before = runReference(g, feed(x, [1, 3, 8, 8]));
      const amax = new Float64Array(4);
      channelAbsMax(
        amax,
        runReference({ ...g, outputs: [valueInfo('a', 'float32', null)] }, feed(x, [1, 3, 8, 8])).get('a')!
          .data as Float32Array,
        4,
        64,
      );
      const e = equalize(g, pairs, new Map([['a', amax]]));
      const y0 = before.get('y')!.data as Float32Array;
      const y1 = runReference(e, feed(x, [1, 3, 8, 8])).get('y')!.data as Float32Array;
      let scale = 0;
      for (const v of y0) scale = Math.max(scale, Math.abs(v));
      for (let i = 0; i < y0.length; i++) expect(Math.abs(y1[i] - y0[i])).toBeLessThanOrEqual(1e-5 * scale);
      const a1 = new Float64Array(4);
      channelAbsMax(
        a1,
        runReference({ ...e, outputs: [valueInfo('a', 'float32', null)] }, feed(x, [1, 3, 8, 8])).get('a')!
          .data as Float32Array,
        4,
        64,
      );
      for (const v of a1) expect(v / Math.max(...a1)).toBeGreaterThan(0.999);
      // the original graph is not changed
      expect((g.initializers.get('w1')!.data as Float32Array)[27]).toBe(
        (prepareFloatGraph(pairNet(relu)).initializers.get('w1')!.data as Float32Array)[27],
      );
    }
  });

  it('quantized: the output error is lower with equalization than without; per-tensor weights are not equalized', async () => {
    const bytes = writeOnnxModel(pairNet(false));
    const cal = Array.from({ length: 4 }, (_, i) => ({ x: rand(80 + i, 192, -1, 1) }));
    const on = await qm(bytes, { calibration: cal });
    const off = await qm(bytes, { calibration: cal, equalize: false });
    expect(on.report.outputs[0].sqnrDb).toBeGreaterThan(off.report.outputs[0].sqnrDb + 10);
    const w = (m: Uint8Array) => readOnnxModel(m).initializers.get('w1_scale')!.data as Float32Array;
    expect(Array.from(w(on.model))).not.toEqual(Array.from(w(off.model)));
    const pt = await qm(bytes, { calibration: cal, weights: 'per-tensor' });
    const ptOff = await qm(bytes, { calibration: cal, weights: 'per-tensor', equalize: false });
    expect(Array.from(w(pt.model))).toEqual(Array.from(w(ptOff.model)));
  });

  it('report: false writes the same model without the second pass (activation SQNR NaN, no outputs, one pass fewer)', async () => {
    const bytes = writeOnnxModel(pairNet(false));
    const cal = Array.from({ length: 3 }, (_, i) => ({ x: rand(90 + i, 192, -1, 1) }));
    const steps: number[] = [];
    const full = await qm(bytes, { calibration: cal });
    const lean = await qm(bytes, { calibration: cal, report: false, onProgress: (_, n) => steps.push(n) });
    expect(Buffer.from(lean.model).equals(Buffer.from(full.model))).toBe(true);
    expect(lean.report.outputs).toEqual([]);
    expect(lean.report.qdqExecutor).toBe('none');
    expect(lean.report.tensors.filter((t) => t.kind === 'activation').every((t) => Number.isNaN(t.sqnrDb))).toBe(true);
    expect(lean.report.tensors.filter((t) => t.kind === 'weight').every((t) => t.sqnrDb > 20)).toBe(true);
    expect(steps).toEqual([3, 3, 3, 3, 3, 3]); // the equalization pass and calibration, 3 feeds each
  });

  it('bad options: INVALID_PARAM', async () => {
    const bytes = writeOnnxModel(pairNet(false));
    const cal = [{ x: rand(1, 192, -1, 1) }];
    for (const o of [{ equalize: 'yes' }, { elementwise: 'float' }, { report: 0 }]) {
      const e = await qm(bytes, { calibration: cal, ...(o as object) }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(I8ConvError);
      expect((e as I8ConvError).code).toBe('INVALID_PARAM');
    }
  });
});
