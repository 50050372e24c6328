// com.microsoft QLinearSoftmax (docs/int8-ops.md, QLinearSoftmax): the reference operator
// (kernels-ref/model/ops/QLinearSoftmax.ts) against onnxruntime-web 1.30 (wasm, one thread) on seeded single-node
// models, and the product (rt.loadModelSync: the wasm kernels of assembly/model/qsoftmax.ts, contiguous and strided rows)
// against the reference on DQ -> Softmax -> Q models that the fusion pass turns into one QLinearSoftmax.
//  1. reference == onnxruntime, bit for bit: uint8 and int8, rank 1-4, odd row lengths and long rows (1001), axis
//     last and not last, given and absent (QLinearSoftmax's default -1), `opset` 1 / 11 (X coerced to 2-D at axis)
//     and 13 (the one axis), scales near 1/256 and far from it, and the edges (y_scale 0, negative, 1e-30; x_scale
//     0, negative, 1e30, 1e-30), where the integer conversions saturate and the additions wrap.
//  2. the table's libm: onnxruntime computes shift from `log` of a float (the float overload, logf) and the entries
//     with double exp. Batches where the variants give different outputs (f(Math.log), its neighbouring float, the
//     double log) show which one onnxruntime-web runs: logf, correctly rounded even where log(FLT_MAX / D) lies within
//     5e-4 ulp of a float midpoint (D = 430). For exp, no entry of the tables of the scales and lengths tested lies
//     within 2 double ulps of a float32 rounding midpoint, so JS's Math.exp and emscripten's exp (each within an ulp)
//     give the same float32 table.
//  3. product == reference (and onnxruntime) on the fused QDQ models: opsets 10 / 11 / 13 (since-versions 1 / 11 /
//     13), strided rows, the scale edges; model.nodes holds one QLinearSoftmax.
//  4. PP-OCRv4 rec (fixtures/models/ppocr.ts, uint8 QDQ): the product's output equals onnxruntime-web's, every value.
import { loadModelSync } from '../src/model/load.js';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ortRun as ortRunModel, ortSession } from '../fixtures/models/ort.js';
import { PPOCR, PPOCR_DIR, ppocrInput, ppocrQdq } from '../fixtures/models/ppocr.js';
import { runReference } from '../kernels-ref/model/index.js';
import { qlinearSoftmaxTable } from '../kernels-ref/model/ops/QLinearSoftmax.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { DT_OF } from './helpers/model-tensors.js';
import { AT, le, writeModel, type AttrSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { randInt, rng } from './helpers/rng.js';
import { fusedGraph } from './helpers/model-builders.js';

let ort: typeof import('onnxruntime-web') | null = null;
try {
  ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
} catch {
  ort = null;
}

type QType = 'uint8' | 'int8';
const f32 = Math.fround;
const FLT_MAX = 3.4028234663852886e38;

interface Params {
  type: QType;
  dims: number[];
  xs: number;
  ys: number;
  yz: number;
  /** QOperator models: the `opset` attribute; QDQ models: the model's opset. */
  opset: number;
  axis?: number;
}

const scalar = (name: string, type: 'float32' | QType, v: number): TensorSpec => ({
  name,
  dataType: DT_OF[type],
  dims: [],
  raw: le(type === 'float32' ? Float32Array.of(v) : type === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v)),
});
const axisAttr = (axis?: number): AttrSpec[] => (axis === undefined ? [] : [{ name: 'axis', type: AT.INT, i: axis }]);

/** One com.microsoft QLinearSoftmax node; X is the graph input, the rest initializers (X_zero_point 7: never read). */
function qoperatorModel(p: Params): Uint8Array {
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      ['com.microsoft', 1],
    ],
    graph: {
      name: 'qlinear_softmax',
      nodes: [
        {
          opType: 'QLinearSoftmax',
          domain: 'com.microsoft',
          inputs: ['x', 'xs', 'xz', 'ys', 'yz'],
          outputs: ['y'],
          attributes: [{ name: 'opset', type: AT.INT, i: p.opset }, ...axisAttr(p.axis)],
        },
      ],
      initializers: [
        scalar('xs', 'float32', p.xs),
        scalar('xz', p.type, 7),
        scalar('ys', 'float32', p.ys),
        scalar('yz', p.type, p.yz),
      ],
      inputs: [{ name: 'x', elemType: DT_OF[p.type], shape: p.dims }],
      outputs: [{ name: 'y', elemType: DT_OF[p.type] }],
    },
  });
}

/** x (8-bit input) -> DequantizeLinear -> Softmax -> QuantizeLinear -> y, at opset `p.opset`: one QLinearSoftmax once fused. */
function qdqModel(p: Params): Uint8Array {
  return writeModel({
    irVersion: 8,
    opsets: [['', p.opset]],
    graph: {
      name: 'qdq_softmax',
      nodes: [
        { opType: 'DequantizeLinear', inputs: ['x', 'xs', 'xz'], outputs: ['d'] },
        { opType: 'Softmax', inputs: ['d'], outputs: ['s'], attributes: axisAttr(p.axis) },
        { opType: 'QuantizeLinear', inputs: ['s', 'ys', 'yz'], outputs: ['y'] },
      ],
      initializers: [
        scalar('xs', 'float32', p.xs),
        scalar('xz', p.type, p.type === 'uint8' ? 130 : 2),
        scalar('ys', 'float32', p.ys),
        scalar('yz', p.type, p.yz),
      ],
      inputs: [{ name: 'x', elemType: DT_OF[p.type], shape: p.dims }],
      outputs: [{ name: 'y', elemType: DT_OF[p.type] }],
    },
  });
}

function input(p: Params, r: () => number, lo?: number): Tensor {
  const n = p.dims.reduce((a, b) => a * b, 1);
  const [min, max] = p.type === 'uint8' ? [0, 255] : [-128, 127];
  const v = Array.from({ length: n }, () => randInt(r, lo ?? min, max));
  const data = p.type === 'uint8' ? Uint8Array.from(v) : Int8Array.from(v);
  return { name: 'x', type: p.type, dims: [...p.dims], data };
}

async function ortRun(bytes: Uint8Array, x: Tensor): Promise<number[]> {
  const s = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  const out = await s.run({ x: new ort!.Tensor(x.type as QType, x.data as Uint8Array, x.dims) });
  await s.release();
  return Array.from(out.y.data as Uint8Array);
}

const refRun = (g: Graph, x: Tensor): number[] => Array.from(runReference(g, [['x', x]]).get('y')!.data as Uint8Array);
const describeParams = (p: Params): string =>
  `${p.type} [${p.dims}] x_scale ${p.xs} y_scale ${p.ys} y_zp ${p.yz} opset ${p.opset} axis ${p.axis ?? '-'}`;

function expectSame(got: number[], want: number[], what: string): void {
  expect(got.length, what).toBe(want.length);
  const bad = got.findIndex((v, i) => v !== want[i]);
  if (bad >= 0)
    expect(got[bad], `${what}: [${bad}] (${got.filter((v, i) => v !== want[i]).length} differ)`).toBe(want[bad]);
}

/** Seeded configurations: types, ranks, odd lengths, axes, opsets, scales near and far from 1/256. */
function seededParams(seed: number, count: number, opsets: number[]): Params[] {
  const r = rng(seed);
  const out: Params[] = [];
  const xsList = [1 / 256, 0.0039, 0.0125, 0.05, 0.1, 0.3, 1.7, 8];
  const ysList = [1 / 256, 1 / 255, 1 / 200, 0.0041, 0.01, 1 / 128, 0.3];
  for (let k = 0; k < count; k++) {
    const type: QType = k % 2 ? 'int8' : 'uint8';
    const opset = opsets[k % opsets.length];
    const rank = randInt(r, opset < 13 ? 2 : 1, 4); // a rank-1 Softmax below opset 13 has no valid default axis
    const dims = Array.from({ length: rank }, () => randInt(r, 1, 9));
    const xs = f32(xsList[k % xsList.length] * (1 + (r() - 0.5) * 0.1));
    const ys = f32(ysList[k % ysList.length]);
    const yz = type === 'uint8' ? randInt(r, 0, 12) : randInt(r, -128, -100);
    const axis = r() < 0.6 ? randInt(r, -rank, rank - 1) : undefined;
    out.push({ type, dims, xs, ys, yz, opset, axis });
  }
  return out;
}

const LONG: Params[] = [
  { type: 'uint8', dims: [3, 1001], xs: f32(0.2), ys: f32(1 / 256), yz: 0, opset: 13 },
  { type: 'int8', dims: [1001, 3], xs: f32(0.07), ys: f32(1 / 256), yz: -128, opset: 13, axis: 0 },
  { type: 'int8', dims: [2, 7, 43], xs: f32(0.011), ys: f32(1 / 256), yz: -128, opset: 11, axis: 1 },
];

/** Scales where the conversions saturate or wrap, or the table is NaN / infinite. */
const EDGES: Params[] = (['uint8', 'int8'] as const).flatMap((type) => {
  const z = (u: number) => (type === 'uint8' ? u : u - 128);
  return [
    { ys: 0, yz: z(100) },
    { ys: -0.01, yz: z(100) },
    { ys: -0.01, yz: z(28) },
    { ys: 1e-9, yz: z(100) },
    { ys: 1e-30, yz: z(131) },
    { xs: 0 },
    { xs: -0.2 },
    { xs: 1e30 },
    { xs: 1e-30 },
    { xs: 40 },
  ].map((e) => ({ type, dims: [3, 5], xs: f32(e.xs ?? 0.2), ys: f32(e.ys ?? 0.01), yz: e.yz ?? z(5), opset: 13 }));
});

describe('reference QLinearSoftmax against onnxruntime-web', () => {
  it.skipIf(!ort)(
    'seeded models: uint8 / int8, ranks 1-4, axes, opset 1 / 11 / 13, scales near and far from 1/256, long rows, edges',
    async () => {
      const r = rng(41);
      for (const p of [...seededParams(40, 60, [1, 11, 13]), ...LONG, ...EDGES]) {
        const bytes = qoperatorModel(p);
        const x = input(p, r);
        expectSame(refRun(readOnnxModel(bytes), x), await ortRun(bytes, x), describeParams(p));
      }
    },
  );

  it.skipIf(!ort)('the table takes logf of f(FLT_MAX / f(D)), correctly rounded, and double exp', async () => {
    // Each batch holds rows where a table built from another log would give other outputs; the reference's must
    // equal onnxruntime's everywhere. D = 430: log(FLT_MAX / D) is 4.4e-4 float ulps from a rounding midpoint.
    // [x_scale, D, rows, seed, lowest input, the variants (logVariants) the batch tells from logf]; seed 38 gives a
    // row telling logf from its neighbouring float at row 71.
    const batches = [
      [f32(0.05), 430, 300, 38, 150, [1]],
      [f32(0.05), 7, 60000, 7, 0, [2, 3]],
      [f32(0.02), 97, 20000, 97, 0, [1, 2]],
    ] as const;
    for (const [xs, d, rows, seed, lo, against] of batches) {
      const p: Params = { type: 'uint8', dims: [rows, d], xs, ys: f32(1 / 256), yz: 0, opset: 13 };
      const bytes = qoperatorModel(p);
      const x = input(p, rng(seed), lo);
      const theirs = await ortRun(bytes, x);
      expectSame(refRun(readOnnxModel(bytes), x), theirs, `D ${d}`);
      const variants = logVariants(d);
      expectSame(
        softmaxRows(x.data as Uint8Array, d, tableFromLog(xs, variants[0][1]), 256),
        theirs,
        `D ${d}: the test's own row arithmetic`,
      );
      for (const [name, l] of against.map((k) => variants[k])) {
        const other = softmaxRows(x.data as Uint8Array, d, tableFromLog(xs, l), 256);
        expect(
          other.some((v, i) => v !== theirs[i]),
          `D ${d}: ${name} would match onnxruntime too (the batch does not tell them apart)`,
        ).toBe(true);
      }
    }
  });

  it('no float32 table entry is within 2 double ulps of a rounding midpoint (Math.exp vs emscripten exp)', () => {
    let closest = Infinity;
    // The scales of the tests here, and PP-OCRv4 rec's two QLinearSoftmax inputs (D = 40).
    for (const xs of [
      1 / 256,
      0.0039,
      0.0125,
      0.05,
      0.1,
      0.3,
      1.7,
      8,
      0.011,
      0.07,
      0.2,
      0.03538470342755318,
      0.2920103967189789,
    ]) {
      for (let d = 1; d <= 300; d++) {
        const l = f32(Math.log(f32(FLT_MAX / f32(d))));
        const shift = Math.max(0, l - 5) / f32(xs);
        for (let i = 0; i < 256; i++) {
          const e = Math.exp((i - 255 + shift) * f32(xs));
          if (!(f32(e) >= 2 ** -126) || !Number.isFinite(f32(e))) continue; // zero / subnormal: far below any sum
          closest = Math.min(closest, midpointDistance(e));
        }
      }
    }
    // Measured: 204 double ulps at the closest (of 1.0M entries; a float32 midpoint lies within 1 ulp at odds of
    // about 2^-28 per entry).
    expect(closest).toBeGreaterThan(2);
  });

  it('the exported table: 256 increasing entries, E(255) = exp(max(0, L - 5))', () => {
    const t = qlinearSoftmaxTable(f32(0.05), 7);
    expect(t.length).toBe(256);
    expect(t[255]).toBe(f32(Math.exp(Math.max(0, f32(Math.log(f32(FLT_MAX / 7))) - 5))));
    for (let i = 1; i < 256; i++) expect(t[i]).toBeGreaterThan(t[i - 1]);
  });
});

/** The distance from double d to the nearest float32 rounding midpoint, in ulps of d. */
function midpointDistance(d: number): number {
  const v = new DataView(new ArrayBuffer(8));
  const f = f32(d);
  v.setFloat32(0, f);
  const b = v.getUint32(0);
  v.setUint32(0, b + 1);
  const up = v.getFloat32(0);
  v.setUint32(0, b - 1);
  const down = v.getFloat32(0);
  v.setFloat64(0, d);
  v.setBigUint64(0, v.getBigUint64(0) + 1n);
  const ulp = v.getFloat64(0) - d;
  return Math.min(Math.abs(d - (f + up) / 2), Math.abs(d - (f + down) / 2)) / ulp;
}

/**
 * Candidates for L = log(FLT_MAX / D) in the table: logf (f(Math.log), the reference's), the other float next to the
 * double log, the double log of the float quotient, the double log of the exact quotient.
 */
function logVariants(d: number): [string, number][] {
  const l = Math.log(f32(FLT_MAX / f32(d)));
  const near = f32(l);
  const bits = new DataView(new ArrayBuffer(4));
  bits.setFloat32(0, near);
  bits.setUint32(0, bits.getUint32(0) + (l > near ? 1 : -1)); // L > 0: one step up or down
  return [
    ['logf', near],
    ['the other float next to log', bits.getFloat32(0)],
    ['double log', l],
    ['double log of FLT_MAX / D', Math.log(FLT_MAX / d)],
  ];
}

function tableFromLog(xs: number, l: number): Float32Array {
  const shift = Math.max(0, l - 5) / xs;
  return Float32Array.from({ length: 256 }, (_, i) => Math.exp((i - 255 + shift) * xs));
}

/** uint8 rows of length d, y_zp 0: QLinearSoftmax's row arithmetic (docs/int8-ops.md) with a given table. */
function softmaxRows(x: Uint8Array, d: number, table: Float32Array, ys: number): number[] {
  const out: number[] = [];
  for (let o = 0; o < x.length; o += d) {
    let m = 0;
    for (let k = 0; k < d; k++) m = Math.max(m, x[o + k]);
    let sum = 0;
    for (let k = 0; k < d; k++) sum = f32(sum + table[255 - m + x[o + k]]);
    for (let k = 0; k < d; k++) {
      const v = f32(f32(table[255 - m + x[o + k]] * ys) / sum);
      const r = Math.round(v);
      out.push(Math.min(255, r - v === 0.5 && r % 2 ? r - 1 : r));
    }
  }
  return out;
}

describe('product QLinearSoftmax (fused from DQ -> Softmax -> Q) against the reference', () => {
  let rt: Runtime;
  it('loads a runtime', async () => {
    rt = await createRuntime();
  });

  const fused = (bytes: Uint8Array): Graph => fusedGraph(readOnnxModel(bytes));

  it('seeded models at opsets 10 / 11 / 13, long rows, edges: product == reference == onnxruntime', async () => {
    const r = rng(42);
    const cases = [
      ...seededParams(50, 36, [10, 11, 13]),
      ...LONG,
      ...EDGES.map((p) => ({ ...p, dims: [2, 3, 5], axis: 1 })),
    ];
    for (const p of cases) {
      const what = describeParams(p);
      const bytes = qdqModel(p);
      const g = fused(bytes);
      expect(
        g.nodes.map((n) => `${n.domain}.${n.opType}`),
        what,
      ).toEqual(['com.microsoft.QLinearSoftmax']);
      const model = loadModelSync(rt, bytes);
      try {
        // the wasm kernels: contiguous rows (opset < 13 flattens from the axis; 13 the axis innermost), or strided ones
        // four neighbouring rows a step
        const rank = p.dims.length;
        const axis = p.axis === undefined ? (p.opset < 13 ? 1 : rank - 1) : p.axis < 0 ? p.axis + rank : p.axis;
        const contiguous = p.opset < 13 || p.dims.slice(axis + 1).every((d) => d === 1);
        expect(
          model.nodes.map((n) => [n.op, n.algorithm]),
          what,
        ).toEqual([['QLinearSoftmax', contiguous ? 'qsoftmax-simd' : 'qsoftmax-strided-simd']]);
        const x = input(p, r);
        const want = refRun(g, x);
        for (let rep = 0; rep < 2; rep++)
          expectSame(Array.from(model.run({ x: x.data as Uint8Array }).y as Uint8Array), want, `${what} (run ${rep})`);
        if (ort) expectSame(want, await ortRun(bytes, x), `${what}: reference vs onnxruntime`);
      } finally {
        model.dispose();
      }
    }
  });
});

// the wasm kernel's row tasks on the pool (the library built: dist/, as `npm test` builds it first)
const DIST = new URL('../dist/src/index.js', import.meta.url);
describe.skipIf(!existsSync(DIST))('product QLinearSoftmax on 2 threads', () => {
  it('rows split into tasks on the pool: the same bytes as the reference (uint8 and int8, 1 to 997 values a row, contiguous and strided)', async (ctx) => {
    const { createRuntime: createDist } = (await import(DIST.href)) as { createRuntime: typeof createRuntime };
    const rt2 = await createDist({ threads: 2 });
    try {
      if (rt2.threads < 2) return ctx.skip();
      const r = rng(77);
      for (const p of [
        { type: 'uint8', dims: [613, 40], xs: f32(0.2), ys: f32(1 / 256), yz: 0, opset: 13 },
        { type: 'int8', dims: [2, 45, 997], xs: f32(0.05), ys: f32(1 / 256), yz: -128, opset: 13 },
        { type: 'uint8', dims: [4099, 1], xs: f32(0.5), ys: f32(1 / 200), yz: 3, opset: 13 },
        { type: 'int8', dims: [33, 17, 19], xs: f32(0.03), ys: f32(1 / 256), yz: -100, opset: 11, axis: 1 },
        // strided rows (YOLOv8's DFL softmax over 16 bins, 4 sides, 2100 anchors), inner counts off a multiple of 4
        { type: 'uint8', dims: [1, 16, 4, 2100], xs: f32(0.11), ys: f32(1 / 256), yz: 0, opset: 13, axis: 1 },
        { type: 'int8', dims: [3, 9, 7, 6], xs: f32(0.04), ys: f32(1 / 256), yz: -128, opset: 13, axis: 1 },
        { type: 'uint8', dims: [5, 301, 3], xs: f32(0.3), ys: f32(1 / 250), yz: 2, opset: 13, axis: 1 },
        { type: 'int8', dims: [2, 2, 1001], xs: f32(0.02), ys: f32(1 / 256), yz: -128, opset: 13, axis: 1 },
      ] as Params[]) {
        const what = describeParams(p);
        const bytes = qdqModel(p);
        const model = loadModelSync(rt2, bytes);
        try {
          const strided = p.opset >= 13 && p.axis !== undefined && p.dims.slice(p.axis + 1).some((d) => d !== 1);
          expect(
            model.nodes.map((n) => n.algorithm),
            what,
          ).toEqual([strided ? 'qsoftmax-strided-simd' : 'qsoftmax-simd']);
          const x = input(p, r);
          const want = refRun(fusedGraph(readOnnxModel(bytes)), x);
          expectSame(Array.from(model.run({ x: x.data as Uint8Array }).y as Uint8Array), want, what);
          expectSame(Array.from((await model.runAsync({ x: x.data as Uint8Array })).y as Uint8Array), want, what);
        } finally {
          model.dispose();
        }
      }
    } finally {
      rt2.dispose();
    }
  });
});

// ---- PP-OCRv4 rec end to end ------------------------------------------------------------------------------------

const recFile = `${PPOCR_DIR}/${PPOCR.rec.file}`;
describe.skipIf(!ort || !existsSync(recFile))('PP-OCRv4 rec quantized to QDQ (uint8), end to end', () => {
  it('two attention Softmax groups become QLinearSoftmax; the output equals onnxruntime-web, all 265,000 values', async () => {
    // Before QLinearSoftmax was fused every output value differed (max 0.0946): the two DQ -> Softmax -> Q groups
    // (x [1, 8, 40, 40], axis 3) ran in float where onnxruntime runs its table. The last Softmax (over the 6625
    // classes) is the graph output, has no Q, and stays float in both.
    const q = await ppocrQdq('rec', readFileSync(recFile));
    const rt = await createRuntime();
    const model = loadModelSync(rt, q.qdqBytes);
    try {
      expect(model.nodes.filter((n) => n.op === 'QLinearSoftmax').length).toBe(2);
      const x = ppocrInput('rec', 5);
      const ours = model.run({ x });
      const s = await ortSession(q.qdqBytes);
      const theirs = await ortRunModel(s, { x: { data: x, dims: PPOCR.rec.shape } });
      await s.release();
      expect([...theirs.keys()]).toEqual(Object.keys(ours));
      for (const [name, want] of theirs) {
        const got = ours[name] as Float32Array;
        expect(got.length, name).toBe(265000);
        expectSame(Array.from(got), Array.from(want as Float32Array), name);
      }
    } finally {
      model.dispose();
      rt.dispose();
    }
  });
});
