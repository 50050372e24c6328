// QLinearMatMul with a computed B (attention's products) on the wasm kernel (assembly/model/qmatmul.ts): the same
// bytes as onnxruntime-web 1.30, the reference executor and the TypeScript operator, on fed A and B of every type
// pair onnxruntime takes, shapes whose K, N and M hit every tail of the packing (K to 8, N to 4) and the row tasks,
// batches broadcast both ways, per-column B parameters, scales that saturate the output; 1 and 2 threads.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import type { Tensor } from '../src/model/graph/ir.js';
import { loadModelSync } from '../src/model/load.js';
import { type Case, feedsOf, loadOrt, modelBytes, nodeOf, ortRun, refRun, tensor } from './helpers/one-node.js';
import { qlinearMatMulHost } from '../src/model/backends/host/quant.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
const f32 = Math.fround;

interface Form {
  a: 'uint8' | 'int8';
  b: 'uint8' | 'int8';
  aDims: number[];
  bDims: number[];
  /** per-column B scale and zero point */
  perColumn?: boolean;
  ys?: number;
}

const FORMS: Form[] = [
  { a: 'uint8', b: 'uint8', aDims: [1, 1], bDims: [1, 1] },
  { a: 'uint8', b: 'uint8', aDims: [3, 5], bDims: [5, 7] },
  { a: 'uint8', b: 'int8', aDims: [9, 17], bDims: [17, 9] },
  { a: 'int8', b: 'int8', aDims: [4, 8], bDims: [8, 4] },
  { a: 'int8', b: 'int8', aDims: [2, 3, 7, 23], bDims: [2, 3, 23, 6] },
  { a: 'uint8', b: 'uint8', aDims: [2, 1, 5, 9], bDims: [4, 9, 10] },
  { a: 'uint8', b: 'int8', aDims: [6, 33], bDims: [3, 33, 5] },
  { a: 'uint8', b: 'uint8', aDims: [130, 64], bDims: [64, 130] },
  { a: 'int8', b: 'int8', aDims: [8, 40, 12], bDims: [8, 12, 40] },
  { a: 'uint8', b: 'uint8', aDims: [5, 16], bDims: [16, 11], perColumn: true },
  { a: 'uint8', b: 'uint8', aDims: [4, 9], bDims: [9, 6], ys: 1e-4 },
  { a: 'int8', b: 'int8', aDims: [3, 31], bDims: [31, 5], ys: 1e-4 },
];

function values(type: 'uint8' | 'int8', n: number, r: () => number): number[] {
  return Array.from({ length: n }, () => Math.floor(r() * 256) - (type === 'int8' ? 128 : 0));
}

function caseOf(f: Form, seed: number): Case {
  const r = rng(seed);
  const n = (d: number[]) => d.reduce((p, q) => p * q, 1);
  const N = f.bDims[f.bDims.length - 1];
  const zp = (t: 'uint8' | 'int8') => Math.floor(r() * 60) + (t === 'uint8' ? 100 : -30);
  const cols = f.perColumn ? N : 1;
  const colDims = f.perColumn ? [N] : [];
  return {
    op: 'QLinearMatMul',
    opset: 10,
    inputs: [
      [tensor(f.a, f.aDims, values(f.a, n(f.aDims), r)), 'feed'],
      [tensor('float32', [], [f32(0.02 + r() * 0.05)]), 'init'],
      [tensor(f.a, [], [zp(f.a)]), 'init'],
      [tensor(f.b, f.bDims, values(f.b, n(f.bDims), r)), 'feed'],
      [
        tensor(
          'float32',
          colDims,
          Array.from({ length: cols }, () => f32(0.01 + r() * 0.04)),
        ),
        'init',
      ],
      [
        tensor(
          f.b,
          colDims,
          Array.from({ length: cols }, () => zp(f.b)),
        ),
        'init',
      ],
      [tensor('float32', [], [f32(f.ys ?? 0.05 + r() * 0.2)]), 'init'],
      [tensor(f.a, [], [zp(f.a)]), 'init'],
    ],
  };
}

const bytesOf = (t: { data: ArrayLike<number | bigint> }) => Array.from(t.data as ArrayLike<number>);

describe('QLinearMatMul of a computed B: the wasm kernel', () => {
  it('equals onnxruntime-web, the reference and the TypeScript operator', async () => {
    const rt = await createRuntime();
    const fails: string[] = [];
    try {
      for (const [i, f] of FORMS.entries()) {
        const c = caseOf(f, 300 + i);
        const what = JSON.stringify(f);
        const want = refRun(c)[0];
        const m = loadModelSync(rt, modelBytes(c));
        try {
          const algos = m.nodes.map((s) => s.algorithm).join(' ');
          if (algos !== 'qmatmul-simd') fails.push(`${what}: ${algos}`);
          const feeds = Object.fromEntries(feedsOf(c).map(([k, t]) => [k, t.data])) as never;
          for (let run = 0; run < 2; run++) {
            const got = m.run(feeds).y0 as ArrayLike<number>;
            if (JSON.stringify(Array.from(got)) !== JSON.stringify(bytesOf(want)))
              fails.push(`${what}: run ${run} differs from the reference`);
          }
          expect(m.checkGuards()).toBe(true);
        } finally {
          m.dispose();
        }
        // the TypeScript operator (the rule after the kernel's)
        const infos = c.inputs.map(([t, kind]) =>
          t ? { type: t.type as never, dims: t.dims, constant: kind === 'init' ? (t as never) : undefined } : undefined,
        );
        const op = qlinearMatMulHost(nodeOf(c), infos, [{ type: want.type as never, dims: [...want.dims] }], 10);
        const host = { data: new (want.type === 'int8' ? Int8Array : Uint8Array)(want.data.length) };
        op(
          c.inputs.map(([t]) => t as never),
          [{ type: want.type as never, dims: [...want.dims], data: host.data }],
        );
        if (JSON.stringify(bytesOf(host)) !== JSON.stringify(bytesOf(want)))
          fails.push(`${what}: operator vs reference`);
        if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
        const o = (await ortRun(c))[0] as Tensor;
        if (JSON.stringify(bytesOf(o)) !== JSON.stringify(bytesOf(want)))
          fails.push(`${what}: reference vs onnxruntime`);
      }
    } finally {
      rt.dispose();
    }
    expect(fails.join('\n')).toBe('');
  });

  const DIST = new URL('../dist/src/index.js', import.meta.url);
  it.skipIf(!existsSync(DIST))('on 2 threads: batches and row tasks on the pool, run and runAsync', async (ctx) => {
    const { createRuntime: createDist } = (await import(DIST.href)) as { createRuntime: typeof createRuntime };
    const rt2 = await createDist({ threads: 2 });
    try {
      if (rt2.threads < 2) return ctx.skip();
      for (const [i, f] of FORMS.entries()) {
        const c = caseOf(f, 400 + i);
        const want = bytesOf(refRun(c)[0]);
        const m = loadModelSync(rt2, modelBytes(c));
        try {
          expect(m.nodes.map((s) => s.algorithm)).toEqual(['qmatmul-simd']);
          const feeds = Object.fromEntries(feedsOf(c).map(([k, t]) => [k, t.data])) as never;
          expect(Array.from(m.run(feeds).y0 as ArrayLike<number>), JSON.stringify(f)).toEqual(want);
          expect(Array.from((await m.runAsync(feeds)).y0 as ArrayLike<number>), JSON.stringify(f)).toEqual(want);
        } finally {
          m.dispose();
        }
      }
    } finally {
      rt2.dispose();
    }
  });
});
