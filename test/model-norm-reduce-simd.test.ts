// The wasm SIMD kernels of LayerNormalization, InstanceNormalization, ReduceSum / ReduceMean / ReduceMax / ReduceMin
// (onnxruntime's KR and R loops; ReduceSum / ReduceMean over the middle axis of [outer, R, K] too: its RK loop and its
// general loop, as columns) and GlobalMaxPool (assembly/model/host-float.ts: layerNormTask, instanceNormTask,
// reduceRowsTask, reduceColsTask; src/model/backends/wasm-float/kernels.ts): one-node models through rt.loadModel, whose plan must
// name the kernel (so a silent fall back to the TypeScript operator fails), give the TypeScript operator's bits
// (src/model/backends/host/normalize.ts, reduce.ts, run directly) and onnxruntime-web 1.30's, on seeded values with
// NaN, infinities, -0, huge and tiny magnitudes spread in; row lengths 1 to 17 and around the 4-value blocks, row
// counts that leave every lane group remainder, several tasks on 1 and 2 threads; the cases the kernels leave to the
// TypeScript operator (computed Scale, Mean / InvStdDev outputs, other fast shapes) still run there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { createRuntime, type Runtime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { A, type Case, feedsOf, hostRun, i64t, loadOrt, modelBytes, nodeOf, ortRun, f32t } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
const F = Math.fround;
const SPECIAL = [NaN, Infinity, -Infinity, -0, 0, 3e38, -3e38, 1e-38, -1e-38, 1e-45, 1e30, -1e30];

/** Seeded floats in +-4 (some 1000x larger); where `rate` > 0, that share of them special values. */
function values(r: () => number, n: number, rate: number): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = r();
    a[i] =
      u < rate
        ? SPECIAL[Math.floor(r() * SPECIAL.length)]
        : F((r() * 8 - 4) * (u > 0.97 ? 1000 : 1) + (u > 0.5 ? 0.1 : 0));
  }
  return a;
}

/** X of `dims`: clean rows and rows with specials (so one NaN does not hide the rest of the tensor). */
function input(r: () => number, dims: number[], rowLen: number): Float32Array {
  const n = dims.reduce((a, b) => a * b, 1);
  const x = values(r, n, 0);
  for (let b = 0; b < n; b += rowLen) if (r() < 0.3) x.set(values(r, Math.min(rowLen, n - b), 0.15), b);
  return x;
}

function same(got: Float32Array, want: ArrayLike<number>, what: string): void {
  expect(got.length, `${what}: length`).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const g = got[i],
      w = want[i];
    if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w))) expect(g, `${what}[${i}]`).toBe(w);
  }
}

/** Runs case c through rt.loadModel: the plan's algorithm of its one node, output 0, and every output. */
function modelRun(
  rt: Runtime,
  c: Case,
  load = loadModelSync,
): { algorithm: string; y: Float32Array; all: Float32Array[] } {
  const m = load(rt, modelBytes(c), { onFloatModel: 'allow' });
  try {
    const feeds = Object.fromEntries(feedsOf(c).map(([n, t]) => [n, t.data]));
    const out = m.run(feeds as never);
    const all = nodeOf(c).outputs.map((n) => out[n] as Float32Array);
    return { algorithm: m.nodes[0].algorithm, y: all[0], all };
  } finally {
    m.dispose();
  }
}

/** The TypeScript operator's output 0 for case c. */
function hostY(c: Case, dims: number[]): Float32Array {
  return hostRun(c, [{ type: 'float32', dims }])[0].data as Float32Array;
}

const layerNorm = (r: () => number, dims: number[], axis: number, bias: boolean, opset = 17): Case => {
  const tail = dims.slice(axis < 0 ? dims.length + axis : axis);
  const w = tail.reduce((a, b) => a * b, 1);
  return {
    op: 'LayerNormalization',
    inputs: [
      [f32t(dims, input(r, dims, w)), 'feed'],
      [f32t(tail, values(r, w, 0.05)), 'init'],
      [bias ? f32t(tail, values(r, w, 0.05)) : null, 'init'],
    ],
    attrs: { axis: A.i(axis), epsilon: A.f(r() < 0.5 ? 1e-5 : 1e-3) },
    opset,
  };
};

const instanceNorm = (r: () => number, dims: number[]): Case => {
  const c = dims[1];
  const w = dims.slice(2).reduce((a, b) => a * b, 1);
  return {
    op: 'InstanceNormalization',
    inputs: [
      [f32t(dims, input(r, dims, w)), 'feed'],
      [f32t([c], values(r, c, 0.05)), 'init'],
      [f32t([c], values(r, c, 0.05)), 'init'],
    ],
    attrs: { epsilon: A.f(r() < 0.5 ? 1e-5 : 1e-2) },
    opset: 13,
  };
};

type Reduce = 'ReduceSum' | 'ReduceMean' | 'ReduceMax' | 'ReduceMin';
/** A reduction over `axes` (opset 13: attribute, ReduceSum's input; opset 18: input) keeping dims or not. */
const reduce = (r: () => number, op: Reduce, dims: number[], axes: number[], opset: 13 | 18, keep: boolean): Case => {
  const inner = axes.length ? dims.slice(Math.min(...axes)).reduce((a, b) => a * b, 1) : 0;
  const x = f32t(dims, input(r, dims, inner || dims.reduce((a, b) => a * b, 1)));
  const asInput = opset === 18 || op === 'ReduceSum';
  return {
    op,
    inputs: asInput
      ? [
          [x, 'feed'],
          [i64t([axes.length], axes), 'init'],
        ]
      : [[x, 'feed']],
    attrs: { keepdims: A.i(keep ? 1 : 0), ...(asInput ? {} : { axes: A.is(axes) }) },
    opset,
  };
};
const reducedDims = (dims: number[], axes: number[], keep: boolean) => {
  const red = dims.map((_, i) => axes.length === 0 || axes.includes(i));
  return keep ? dims.map((d, i) => (red[i] ? 1 : d)) : dims.filter((_, i) => !red[i]);
};

const globalMax = (r: () => number, dims: number[]): Case => ({
  op: 'GlobalMaxPool',
  inputs: [
    [
      f32t(
        dims,
        input(
          r,
          dims,
          dims.slice(2).reduce((a, b) => a * b, 1),
        ),
      ),
      'feed',
    ],
  ],
  opset: 13,
});

/** Row lengths 1 to 17 (every tail of the 4-value blocks), longer ones around them, and row counts 1 to 9. */
const LENS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 15, 16, 17, 31, 64, 65, 127];
const ROWS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt.dispose());

describe('float SIMD row kernels: the TypeScript operators bit for bit, through rt.loadModel', () => {
  it('LayerNormalization (opset 17; axis -1, 1, 2; with and without B): every row length and lane-group tail', () => {
    const r = rng(17001);
    let n = 0;
    for (const rows of ROWS)
      for (const w of LENS) {
        const c = layerNorm(r, [rows, w], -1, (rows + w) % 2 === 0);
        const got = modelRun(rt, c);
        expect(got.algorithm, `[${rows}, ${w}]`).toBe('layernorm-f32-simd');
        same(got.y, hostY(c, [rows, w]), `LayerNormalization [${rows}, ${w}]`);
        n++;
      }
    for (const [dims, axis] of [
      [[2, 3, 5], 1],
      [[3, 2, 2, 3], 2],
      [[5, 7, 9], -1],
      [[1, 1], 0],
      [[7, 1], -1],
    ] as [number[], number][])
      for (const bias of [true, false]) {
        const c = layerNorm(r, dims, axis, bias);
        const got = modelRun(rt, c);
        expect(got.algorithm).toBe('layernorm-f32-simd');
        same(got.y, hostY(c, dims), `LayerNormalization [${dims}] axis ${axis} bias ${bias}`);
        n++;
      }
    expect(n).toBeGreaterThan(170);
  });

  it('InstanceNormalization: planes of 1 to 127 values, plane counts leaving every lane-group tail, rank 3 to 5', () => {
    const r = rng(17002);
    for (const planes of ROWS)
      for (const w of LENS) {
        // N * C = planes: one image of `planes` channels, or two images where it is even
        const dims = planes % 2 === 0 && w % 2 === 1 ? [2, planes / 2, w] : [1, planes, w];
        const c = instanceNorm(r, dims);
        const got = modelRun(rt, c);
        expect(got.algorithm, `[${dims}]`).toBe('instancenorm-f32-simd');
        same(got.y, hostY(c, dims), `InstanceNormalization [${dims}]`);
      }
    for (const dims of [
      [2, 3, 4, 5],
      [1, 5, 3, 3],
      [2, 2, 2, 3, 3],
    ]) {
      const c = instanceNorm(r, dims);
      const got = modelRun(rt, c);
      expect(got.algorithm).toBe('instancenorm-f32-simd');
      same(got.y, hostY(c, dims), `InstanceNormalization [${dims}]`);
    }
  });

  it('ReduceSum / Mean / Max / Min on the KR and R loops (axes [2, 3], last axis, all; attribute and input; keepdims both)', () => {
    const r = rng(17003);
    const ops: Reduce[] = ['ReduceSum', 'ReduceMean', 'ReduceMax', 'ReduceMin'];
    for (const op of ops)
      for (const rows of ROWS)
        for (const w of LENS) {
          if ((rows * 7 + w) % 3 === 2 && rows > 1) continue; // a third of the grid per op, every length and count
          const shapes: [number[], number[]][] = [
            [[rows, w], [1]],
            [
              [1, rows, w, 1],
              [2, 3],
            ],
          ];
          for (const [dims, axes] of shapes) {
            const keep = (rows + w) % 2 === 0;
            const c = reduce(r, op, dims, axes, w % 2 === 0 ? 13 : 18, keep);
            const got = modelRun(rt, c);
            expect(got.algorithm, `${op} [${dims}] axes ${axes}`).toBe(`reduce-${op.slice(6).toLowerCase()}-f32-simd`);
            same(got.y, hostY(c, reducedDims(dims, axes, keep)), `${op} [${dims}] axes ${axes}`);
          }
        }
    // ties of +0 and -0 (which one wins is the order of the comparisons), NaN first or later
    for (const op of ['ReduceMax', 'ReduceMin'] as Reduce[])
      for (const w of LENS) {
        const dims = [9, w];
        const c = reduce(r, op, dims, [1], 13, true);
        const ties = [0, -0, op === 'ReduceMax' ? -1 : 1];
        c.inputs[0][0]!.data = Float32Array.from({ length: 9 * w }, () =>
          r() < 0.02 ? NaN : ties[Math.floor(r() * 3)],
        );
        const got = modelRun(rt, c);
        expect(got.algorithm).toBe(`reduce-${op.slice(6).toLowerCase()}-f32-simd`);
        same(got.y, hostY(c, [9, 1]), `${op} ties [${dims}]`);
      }
    // the R loop: everything (no axes; every axis listed)
    for (const op of ops)
      for (const n of [1, 3, 4, 5, 17, 100]) {
        const dims = [n, 2];
        const c = reduce(r, op, dims, op === 'ReduceSum' ? [0, 1] : [], 13, true);
        const got = modelRun(rt, c);
        expect(got.algorithm).toMatch(/^reduce-.*-f32-simd$/);
        same(got.y, hostY(c, [1, 1]), `${op} all of [${dims}]`);
      }
  });

  it('GlobalMaxPool: planes of 1 to 127 values (the four-value part and the std::max tail), rank 3 to 5', () => {
    const r = rng(17004);
    for (const planes of ROWS)
      for (const w of LENS) {
        const dims = [1, planes, w];
        const c = globalMax(r, dims);
        const got = modelRun(rt, c);
        expect(got.algorithm).toBe('globalmaxpool-f32-simd');
        same(got.y, hostY(c, [1, planes, 1]), `GlobalMaxPool [${dims}]`);
      }
    for (const dims of [
      [2, 3, 4, 5],
      [1, 2, 2, 3, 3],
    ]) {
      const c = globalMax(r, dims);
      const got = modelRun(rt, c);
      expect(got.algorithm).toBe('globalmaxpool-f32-simd');
      same(got.y, hostY(c, [...dims.slice(0, 2), ...dims.slice(2).map(() => 1)]), `GlobalMaxPool [${dims}]`);
    }
  });

  it('LayerNormalization with its Mean and InvStdDev outputs (rows 1 to 19, every lane-group tail)', () => {
    const r = rng(17008);
    for (const rows of [1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 19])
      for (const w of [1, 3, 4, 7, 17]) {
        const dims = [rows, w];
        const c = { ...layerNorm(r, dims, -1, w !== 3), outputs: 3 };
        const got = modelRun(rt, c);
        expect(got.algorithm).toBe('layernorm-f32-simd');
        const want = hostRun(c, [
          { type: 'float32', dims },
          { type: 'float32', dims: [rows, 1] },
          { type: 'float32', dims: [rows, 1] },
        ]);
        want.forEach((t, k) => same(got.all[k], t.data as Float32Array, `LayerNormalization [${dims}] output ${k}`));
      }
  });

  it('ReduceSum / Mean over the middle axis: the general loop (from 0) and the RK loop (from the first value), every column tail', () => {
    const r = rng(17009);
    const shapes: [number[], number[], string][] = [];
    for (const R of [1, 2, 3, 5, 17, 40])
      for (const K of [1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 16, 17, 64, 301]) {
        if ((R * 5 + K) % 2 === 1 && K > 9) continue;
        shapes.push([[1, R, K], [1], 'general']);
      }
    // rank 4, a leading block of 1; the RK loop (R > 16, max(R, K) > 256): rows added from the first
    shapes.push([[1, 1, 6, 11], [2], 'general']);
    shapes.push([[5, 7], [0], 'general']);
    shapes.push([[16, 300], [0], 'general']);
    shapes.push([[40, 300], [0], 'RK']);
    shapes.push([[17, 257], [-2], 'RK']);
    shapes.push([[300, 5], [0], 'RK']);
    for (const op of ['ReduceSum', 'ReduceMean'] as Reduce[])
      for (const [dims, axes, loop] of shapes) {
        const keep = (dims[dims.length - 1] + dims.length) % 2 === 0;
        const c = reduce(r, op, dims, axes, dims[dims.length - 1] % 2 === 0 ? 13 : 18, keep);
        const got = modelRun(rt, c);
        const what = `${op} [${dims}] axes ${axes} (${loop})`;
        expect(got.algorithm, what).toBe(`reduce-${op.slice(6).toLowerCase()}-cols-f32-simd`);
        same(
          got.y,
          hostY(
            c,
            reducedDims(
              dims,
              axes.map((a) => (a < 0 ? a + dims.length : a)),
              keep,
            ),
          ),
          what,
        );
      }
    // -0 columns: 0 + (-0) is +0 on the general loop, the first value -0 stays on the RK loop
    for (const [dims, want] of [
      [[1, 3, 9], 0],
      [[40, 300], -0],
    ] as [number[], number][]) {
      const c = reduce(r, 'ReduceSum', dims, [dims.length - 2], 13, true);
      c.inputs[0][0]!.data = new Float32Array(dims.reduce((a, b) => a * b, 1)).fill(-0);
      const got = modelRun(rt, c);
      expect(got.algorithm).toBe('reduce-sum-cols-f32-simd');
      same(got.y, hostY(c, reducedDims(dims, [dims.length - 2], true)), `-0 columns [${dims}]`);
      expect(Object.is(got.y[0], want), `-0 columns [${dims}]`).toBe(true);
    }
  });

  it('what the kernels leave to the TypeScript operator runs there: a computed Scale, other fast shapes', () => {
    const r = rng(17005);
    const fedScale = layerNorm(r, [3, 8], -1, true);
    fedScale.inputs[1][1] = 'feed';
    expect(modelRun(rt, fedScale).algorithm).toBe('host');
    // KRK with a leading block of 2, RKR: not the kernels' loops (RK and the general loop over one middle axis are)
    for (const [dims, axes] of [
      [[2, 3, 4], [1]],
      [
        [2, 3, 4],
        [0, 2],
      ],
    ] as [number[], number[]][]) {
      const c = reduce(r, 'ReduceMean', dims, axes, 13, true);
      const got = modelRun(rt, c);
      expect(got.algorithm, `[${dims}] axes ${axes}`).toBe('host');
      same(got.y, hostY(c, reducedDims(dims, axes, true)), `ReduceMean [${dims}] axes ${axes}`);
    }
    // the RK loop of ReduceMax: not the column kernel's
    const rkMax = reduce(r, 'ReduceMax', [40, 300], [0], 13, true);
    expect(modelRun(rt, rkMax).algorithm).toBe('host');
  });
});

describe.skipIf(!ort)('float SIMD row kernels: onnxruntime-web 1.30 bit for bit', () => {
  it('LayerNormalization, InstanceNormalization, the four reductions, GlobalMaxPool', async () => {
    const r = rng(17006);
    const cases: [Case, string][] = [];
    for (const rows of [1, 3, 5, 8])
      for (const w of [1, 3, 4, 7, 9, 17, 64]) {
        cases.push([layerNorm(r, [rows, w], -1, w % 2 === 1), 'layernorm-f32-simd']);
        cases.push([instanceNorm(r, [1, rows, w]), 'instancenorm-f32-simd']);
        cases.push([globalMax(r, [1, rows, w]), 'globalmaxpool-f32-simd']);
        for (const op of ['ReduceSum', 'ReduceMean', 'ReduceMax', 'ReduceMin'] as Reduce[])
          cases.push([
            reduce(r, op, [1, rows, w, 1], [2, 3], 13, true),
            `reduce-${op.slice(6).toLowerCase()}-f32-simd`,
          ]);
      }
    cases.push([layerNorm(r, [2, 3, 4, 5], 2, true), 'layernorm-f32-simd']);
    cases.push([instanceNorm(r, [2, 3, 5, 7]), 'instancenorm-f32-simd']);
    cases.push([reduce(r, 'ReduceMean', [2, 45], [], 18, false), 'reduce-mean-f32-simd']);
    // columns: the general loop (from 0) and the RK loop
    cases.push([reduce(r, 'ReduceMean', [1, 258, 13], [1], 13, true), 'reduce-mean-cols-f32-simd']);
    cases.push([reduce(r, 'ReduceSum', [1, 7, 10], [1], 13, false), 'reduce-sum-cols-f32-simd']);
    cases.push([reduce(r, 'ReduceMean', [40, 301], [0], 18, true), 'reduce-mean-cols-f32-simd']);
    const negZero = reduce(r, 'ReduceSum', [1, 3, 6], [1], 13, true);
    negZero.inputs[0][0]!.data = new Float32Array(18).fill(-0);
    cases.push([negZero, 'reduce-sum-cols-f32-simd']);
    for (const op of ['ReduceMax', 'ReduceMin'] as Reduce[]) {
      // ties of +0 and -0, NaN
      const c = reduce(r, op, [9, 13], [1], 13, true);
      c.inputs[0][0]!.data = Float32Array.from({ length: 9 * 13 }, () =>
        r() < 0.02 ? NaN : [0, -0, -1, 1][Math.floor(r() * 4)],
      );
      cases.push([c, `reduce-${op.slice(6).toLowerCase()}-f32-simd`]);
    }
    // Mean and InvStdDev too
    cases.push([{ ...layerNorm(r, [11, 9], -1, true), outputs: 3 }, 'layernorm-f32-simd']);
    cases.push([{ ...layerNorm(r, [2, 3, 4, 5], 1, false), outputs: 3 }, 'layernorm-f32-simd']);
    for (const [c, algo] of cases) {
      const got = modelRun(rt, c);
      expect(got.algorithm, `${c.op} [${c.inputs[0][0]!.dims}]`).toBe(algo);
      const want = await ortRun(c);
      want.forEach((t, k) =>
        same(got.all[k], t.data as Float32Array, `${c.op} [${c.inputs[0][0]!.dims}] output ${k} vs onnxruntime-web`),
      );
    }
  });
});

// the pool's workers load the built library (dist/: `npm test` builds it first)
const DIST = new URL('../dist/src/index.js', import.meta.url);
describe.skipIf(!existsSync(DIST))('float SIMD row kernels on 2 threads', () => {
  it('several tasks per node (row groups split over the threads): the TypeScript operators bit for bit', async (ctx) => {
    const { createRuntime: createDist } = (await import(DIST.href)) as { createRuntime: typeof createRuntime };
    const { loadModelSync: loadDist } = (await import(new URL('../dist/src/model/load.js', import.meta.url).href)) as {
      loadModelSync: typeof loadModelSync;
    };
    const mt = await createDist({ threads: 2 });
    try {
      if (mt.threads < 2) return ctx.skip();
      const r = rng(17007);
      const cases: [Case, number[]][] = [
        // 16384 / 384 -> 40 rows per task: 5 tasks, the last of 36 rows
        [layerNorm(r, [1, 197, 384], -1, true), [1, 197, 384]],
        [layerNorm(r, [1, 83, 121], -1, false), [1, 83, 121]],
        // 4 planes per task of 4096: 7 tasks, the last one plane
        [instanceNorm(r, [1, 25, 64, 64]), [1, 25, 64, 64]],
        [reduce(r, 'ReduceMean', [1, 67, 56, 56], [2, 3], 13, true), [1, 67, 1, 1]],
        [reduce(r, 'ReduceSum', [1, 197, 384], [2], 13, false), [1, 197]],
        [reduce(r, 'ReduceMax', [1, 67, 56, 57], [2, 3], 18, true), [1, 67, 1, 1]],
        [reduce(r, 'ReduceMin', [3, 1001, 33], [2], 13, true), [3, 1001, 1]],
        [globalMax(r, [2, 37, 30, 31]), [2, 37, 1, 1]],
        // columns: 16384 / 64 rows -> 256 columns a task: 8 tasks over 2001 columns, the last of 209
        [reduce(r, 'ReduceMean', [1, 64, 2001], [1], 13, true), [1, 1, 2001]],
        [reduce(r, 'ReduceSum', [300, 999], [0], 13, false), [999]],
      ];
      for (const [c, outDims] of cases) {
        const got = modelRun(mt, c, loadDist);
        expect(got.algorithm).toMatch(/-f32-simd$/);
        same(got.y, hostY(c, outDims), `2 threads ${c.op} [${c.inputs[0][0]!.dims}]`);
      }
      // LayerNormalization's Mean and InvStdDev, written by every task
      const stats = { ...layerNorm(r, [1, 197, 120], -1, true), outputs: 3 };
      const got = modelRun(mt, stats, loadDist);
      expect(got.algorithm).toBe('layernorm-f32-simd');
      const want = hostRun(stats, [
        { type: 'float32', dims: [1, 197, 120] },
        { type: 'float32', dims: [1, 197, 1] },
        { type: 'float32', dims: [1, 197, 1] },
      ]);
      want.forEach((t, k) => same(got.all[k], t.data as Float32Array, `2 threads LayerNormalization output ${k}`));
    } finally {
      mt.dispose();
    }
  });
});
