// Float MatMul + Add in models, against onnxruntime-web with its default graph optimizations (which rewrite a MatMul
// read only by an Add into a Gemm, changing the order of the sums once K spans more than one block): the product
// rewrites the same nodes (graph/passes/fuse-matmul-add.ts) and gives the same bits; the pass's result run by the
// reference executor gives them too; where the rewrite does not apply (two readers, a C that Gemm cannot
// broadcast) the MatMul and Add stay and still equal onnxruntime-web.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime, type Runtime } from '../src/index.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { fuseMatMulAddPass } from '../src/model/graph/passes/fuse-matmul-add.js';
import { inferShapes } from '../src/model/graph/passes/infer-shapes.js';
import { runPasses } from '../src/model/graph/view.js';
import { AT, type AttrSpec, le, writeModel, type NodeSpec } from './helpers/onnx-writer.js';
import { loadOrt } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const F = Math.fround;
const ort = await loadOrt();

interface Spec {
  what: string;
  a: number[];
  b: number[];
  c: number[];
  /** B fed rather than a constant */
  bFed?: boolean;
  /** the MatMul's output is also a graph output (two readers: no rewrite) */
  twoReaders?: boolean;
  /** the Add's operands swapped */
  swapped?: boolean;
}

function build(s: Spec, seed: number) {
  const r = rng(seed);
  const rand = (n: number) => Float32Array.from({ length: n }, () => F((r() * 2 - 1) * 2));
  const numel = (d: number[]) => d.reduce((x, y) => x * y, 1);
  const bData = rand(numel(s.b));
  const cData = rand(numel(s.c));
  const nodes: NodeSpec[] = [
    { opType: 'MatMul', inputs: ['a', 'b'], outputs: ['mm'] },
    { opType: 'Add', inputs: s.swapped ? ['c', 'mm'] : ['mm', 'c'], outputs: ['y'] },
  ];
  const bytes = writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'matmul-add',
      nodes,
      initializers: [
        ...(s.bFed ? [] : [{ name: 'b', dataType: 1, dims: s.b, raw: le(bData) }]),
        { name: 'c', dataType: 1, dims: s.c, raw: le(cData) },
      ],
      inputs: [{ name: 'a', elemType: 1, shape: s.a }, ...(s.bFed ? [{ name: 'b', elemType: 1, shape: s.b }] : [])],
      outputs: [{ name: 'y', elemType: 1 }, ...(s.twoReaders ? [{ name: 'mm', elemType: 1 }] : [])],
    },
  });
  const feeds: Record<string, Float32Array> = { a: rand(numel(s.a)) };
  if (s.bFed) feeds.b = bData;
  return { bytes, feeds };
}

const SPECS: Spec[] = [
  { what: '2-D A, K 600 (three packed blocks), C [N]', a: [3, 600], b: [600, 17], c: [17] },
  { what: '2-D A, K 300, C [M, 1]', a: [4, 300], b: [300, 9], c: [4, 1] },
  { what: '2-D A, K 1100, C [1, N], one row', a: [1, 1100], b: [1100, 5], c: [1, 5] },
  { what: '2-D A, K 513, C [M, N], swapped Add', a: [2, 513], b: [513, 6], c: [2, 6], swapped: true },
  { what: '3-D A (reshaped to rows), K 257, C [N]', a: [2, 3, 257], b: [257, 11], c: [11] },
  { what: '1-D A, K 700, C [N]', a: [700], b: [700, 4], c: [4] },
  { what: 'B fed, one row (the one-row product from C), K 400', a: [1, 400], b: [400, 7], c: [7], bFed: true },
  { what: 'B fed, K 900, 3 rows', a: [3, 900], b: [900, 3], c: [3], bFed: true },
  {
    what: 'no rewrite: the MatMul output is also read as a graph output',
    a: [2, 600],
    b: [600, 5],
    c: [5],
    twoReaders: true,
  },
  { what: 'no rewrite: C [M, N] with a 3-D A', a: [2, 2, 300], b: [300, 3], c: [2, 2, 3] },
];

describe('float MatMul + Add (onnxruntime rewrites it into a Gemm)', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  it('the pass rewrites exactly the pairs onnxruntime rewrites', () => {
    const ops = SPECS.map((s, i) => {
      const g = runPasses(inferShapes(readOnnxModel(build(s, i).bytes)), fuseMatMulAddPass);
      return g.nodes.map((n) => n.opType).join(' ');
    });
    expect(ops).toEqual([
      'Gemm',
      'Gemm',
      'Gemm',
      'Gemm',
      'Reshape Gemm Reshape',
      'Reshape Gemm Reshape',
      'Gemm',
      'Gemm',
      'MatMul Add',
      'MatMul Add',
    ]);
  });

  it.skipIf(!ort)(
    'outputs equal onnxruntime-web (default optimizations) and the reference run of the rewritten graph',
    async () => {
      for (const [i, s] of SPECS.entries()) {
        const { bytes, feeds } = build(s, 100 + i);
        const model = await rt.loadModel(bytes);
        const got = model.run(feeds);
        model.dispose();
        const session = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
        const ortFeeds: Record<string, import('onnxruntime-web').Tensor> = {};
        const graph = readOnnxModel(bytes);
        for (const input of graph.inputs)
          ortFeeds[input.name] = new ort!.Tensor('float32', feeds[input.name], input.shape as number[]);
        const want = await session.run(ortFeeds);
        await session.release();
        const rewritten = runPasses(inferShapes(graph), fuseMatMulAddPass);
        const ref = runReference(
          rewritten,
          graph.inputs.map((input) => [
            input.name,
            { name: input.name, type: 'float32', dims: input.shape as number[], data: feeds[input.name] },
          ]),
        );
        for (const name of Object.keys(want)) {
          const w = want[name].data as Float32Array;
          const g = got[name] as Float32Array;
          const rf = ref.get(name)!.data as Float32Array;
          expect(g.length, `${s.what}: ${name} length`).toBe(w.length);
          for (let j = 0; j < w.length; j++) {
            if (!Object.is(g[j], w[j])) expect(g[j], `${s.what}: ${name}[${j}] vs onnxruntime-web`).toBe(w[j]);
            if (!Object.is(rf[j], w[j]))
              expect(rf[j], `${s.what}: ${name}[${j}] reference vs onnxruntime-web`).toBe(w[j]);
          }
        }
      }
    },
  );
});

// ---- the wasm kernel of a constant B (assembly/model/gemm-f32.ts) ------------------------------------------------

interface KernelCase {
  what: string;
  op: 'MatMul' | 'Gemm';
  a: number[];
  b: number[];
  c?: number[];
  attrs?: NodeSpec['attributes'];
}

function kernelModel(s: KernelCase, seed: number) {
  const r = rng(seed);
  const numel = (d: number[]) => d.reduce((x, y) => x * y, 1);
  const rand = (n: number) =>
    Float32Array.from({ length: n }, (_, i) => (i % 97 === 13 ? -0 : F((r() * 2 - 1) * (i % 31 === 5 ? 300 : 2))));
  const bytes = writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'gemm-kernel',
      nodes: [{ opType: s.op, inputs: ['a', 'b', ...(s.c ? ['c'] : [])], outputs: ['y'], attributes: s.attrs ?? [] }],
      initializers: [
        { name: 'b', dataType: 1, dims: s.b, raw: le(rand(numel(s.b))) },
        ...(s.c ? [{ name: 'c', dataType: 1, dims: s.c, raw: le(rand(numel(s.c))) }] : []),
      ],
      inputs: [{ name: 'a', elemType: 1, shape: s.a }],
      outputs: [{ name: 'y', elemType: 1 }],
    },
  });
  return { bytes, a: rand(numel(s.a)) };
}

const I = (name: string, i: number) => ({ name, type: AT.INT, i });
const Fl = (name: string, f: number) => ({ name, type: AT.FLOAT, f });

function kernelCases(): KernelCase[] {
  const out: KernelCase[] = [];
  const r = rng(4900);
  const ks = [1, 2, 7, 255, 256, 257, 600];
  const ns = [1, 3, 4, 5, 15, 16, 17, 31, 33];
  for (let t = 0; t < 36; t++) {
    const k = ks[t % ks.length];
    const n = ns[Math.floor(r() * ns.length)];
    const m = [1, 2, 3, 5, 9][t % 5];
    if (t % 3 === 0) {
      const a = t % 6 === 0 ? [2, m, k] : [m, k];
      out.push({ what: `MatMul [${a}] x [${k}, ${n}]`, op: 'MatMul', a, b: [k, n] });
      continue;
    }
    const ta = t % 4 === 1 ? 1 : 0,
      tb = t % 5 === 2 ? 1 : 0;
    const c = [undefined, [n], [1, n], [m, 1], [m, n], [1]][t % 6];
    const attrs: AttrSpec[] = [I('transA', ta), I('transB', tb)];
    if (t % 7 === 3) attrs.push(Fl('alpha', F(0.37)));
    if (t % 4 === 2) attrs.push(Fl('beta', F(-1.5)));
    else if (t % 9 === 4) attrs.push(Fl('beta', 0));
    out.push({
      what: `Gemm ${m}x${k}x${n} ta ${ta} tb ${tb} C [${c ?? ''}] ${
        attrs.length > 2
          ? attrs
              .slice(2)
              .map((x) => x.name)
              .join(' ')
          : ''
      }`,
      op: 'Gemm',
      a: ta ? [k, m] : [m, k],
      b: tb ? [n, k] : [k, n],
      c,
      attrs,
    });
  }
  return out;
}

describe('float MatMul / Gemm with a constant B: the wasm kernel', () => {
  const rts: Runtime[] = [];
  afterAll(() => {
    for (const rt of rts) rt.dispose();
  });

  it.skipIf(!ort)(
    'every N tail, K across blocks of 256, transA / transB, alpha, beta, C broadcasts: onnxruntime-web bit for bit, threads 1 and 2',
    async () => {
      const one = await createRuntime({ threads: 1 });
      const two = await createRuntime({ threads: 2 });
      rts.push(one, two);
      let kernels = 0;
      for (const [i, s] of kernelCases().entries()) {
        const { bytes, a } = kernelModel(s, 5000 + i);
        const session = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
        const want = (await session.run({ a: new ort!.Tensor('float32', a, s.a) })).y.data as Float32Array;
        await session.release();
        for (const rt of [one, two]) {
          const model = await rt.loadModel(bytes);
          if (model.nodes.some((n) => n.algorithm === 'gemm-f32-simd')) kernels++;
          const got = model.run({ a }).y as Float32Array;
          expect(model.checkGuards(), `${s.what}: guard bytes`).toBe(true);
          model.dispose();
          expect(got.length, s.what).toBe(want.length);
          for (let j = 0; j < want.length; j++)
            if (!Object.is(got[j], want[j])) expect(got[j], `${s.what}[${j}] vs onnxruntime-web`).toBe(want[j]);
        }
      }
      // every case has a constant B: the kernel ran each (beta 0 with a C included)
      expect(kernels).toBe(2 * kernelCases().length);
    },
  );
});
