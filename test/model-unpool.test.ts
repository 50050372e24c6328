// MaxUnpool (src/model/backends/host/pool.ts; reference kernels-ref/model/ops/MaxUnpool.ts): after a MaxPool with its
// Indices output (SegNet / ENet's decoder), 1-D to 3-D, strides, pads, overlapping windows (an index chosen twice:
// the later value stays), an output_shape larger than the inferred one, against onnxruntime-web and the reference
// bit for bit; fed indices outside the output are BAD_FEED before anything is written, and the model runs on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Graph, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadModelSync } from '../src/model/load.js';
import { runReference } from '../kernels-ref/model/index.js';
import { floatBits, loadOrt, ortRunModel } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';
import { codeOf } from './helpers/runtimes.js';

const ort = await loadOrt();
let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

const ints = (value: number[]): Attribute => ({ kind: 'ints', value });

function caseOf(seed: number): { g: Graph; x: Tensor; desc: string } {
  const r = rng(seed);
  const sp = 1 + (seed % 3);
  const k = Array.from({ length: sp }, () => 1 + Math.floor(r() * 3));
  // half the cases: windows that tile the input (the inferred output is the input's shape); the others: overlapping
  // windows, pads, and output_shape given (the input's shape, a spatial dim sometimes larger): MaxPool's indices
  // count the input's elements, so the output must hold at least as many
  const tiled = seed % 2 === 0;
  const s = tiled ? k : k.map((kk) => (r() < 0.5 ? kk : Math.max(1, kk - 1)));
  const p = tiled
    ? new Array(2 * sp).fill(0)
    : [...k.map((kk) => Math.floor(r() * kk)), ...k.map((kk) => Math.floor(r() * kk))];
  const dims = [
    1 + Math.floor(r() * 2),
    1 + Math.floor(r() * 3),
    ...k.map((kk) => (tiled ? kk * (1 + Math.floor(r() * 3)) : kk + Math.floor(r() * 5))),
  ];
  const n = dims.reduce((a, b) => a * b, 1);
  // few distinct values: ties inside windows
  const x: Tensor = {
    name: 'x',
    type: 'float32',
    dims,
    data: Float32Array.from({ length: n }, () => Math.round(r() * 8) / 4 - 1),
  };
  const poolAttrs = new Map<string, Attribute>([
    ['kernel_shape', ints(k)],
    ['strides', ints(s)],
    ['pads', ints(p)],
  ]);
  const withShape = !tiled;
  const inits = new Map<string, Tensor>();
  const unpoolIns = ['v', 'i'];
  if (withShape) {
    const pooled = dims.slice(2).map((d, a) => Math.floor((d + p[a] + p[sp + a] - k[a]) / s[a]) + 1);
    const inferred = pooled.map((d, a) => (d - 1) * s[a] - p[a] - p[sp + a] + k[a]);
    const out = [dims[0], dims[1], ...dims.slice(2).map((d, a) => Math.max(d, inferred[a]) + (r() < 0.3 ? 1 : 0))];
    inits.set('shape', { name: 'shape', type: 'int64', dims: [out.length], data: BigInt64Array.from(out, BigInt) });
    unpoolIns.push('shape');
  }
  const g: Graph = {
    name: 'unpool',
    irVersion: 8,
    opsetImports: new Map([['', 11]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: dims }],
    outputs: [
      { name: 'y', type: 'float32', onnxElemType: 1, shape: null },
      { name: 'i', type: 'int64', onnxElemType: 7, shape: null },
    ],
    initializers: inits,
    valueInfo: new Map(),
    nodes: [
      { name: 'pool', opType: 'MaxPool', domain: '', inputs: ['x'], outputs: ['v', 'i'], attributes: poolAttrs },
      {
        name: 'unpool',
        opType: 'MaxUnpool',
        domain: '',
        inputs: unpoolIns,
        outputs: ['y'],
        attributes: new Map(poolAttrs),
      },
    ],
  };
  return { g, x, desc: `seed ${seed} x [${dims}] k [${k}] s [${s}] p [${p}] shape ${withShape}` };
}

describe('MaxUnpool', () => {
  it.skipIf(!ort)('after MaxPool with Indices: onnxruntime-web and the reference, bit for bit', async () => {
    for (let seed = 1; seed <= 90; seed++) {
      const c = caseOf(seed);
      const bytes = writeOnnxModel(c.g);
      const m = loadModelSync(rt, bytes);
      const got = m.run({ x: c.x.data } as never);
      m.dispose();
      const want = await ortRunModel(bytes, new Map([['x', c.x]]), ['y', 'i']);
      expect(floatBits(got.y as Float32Array), c.desc).toEqual(floatBits(want.get('y')!.data as Float32Array));
      expect(Array.from(got.i as BigInt64Array), `${c.desc}: indices`).toEqual(
        Array.from(want.get('i')!.data as BigInt64Array),
      );
      const ref = runReference(c.g, [['x', c.x]]).get('y')!.data as Float32Array;
      expect(floatBits(ref), `${c.desc}: reference`).toEqual(floatBits(want.get('y')!.data as Float32Array));
    }
  });

  it('fed indices outside the output: BAD_FEED before anything is written; the model runs on', () => {
    const g: Graph = {
      name: 'unpool',
      irVersion: 8,
      opsetImports: new Map([['', 11]]),
      inputs: [
        { name: 'x', type: 'float32', onnxElemType: 1, shape: [1, 1, 2] },
        { name: 'i', type: 'int64', onnxElemType: 7, shape: [1, 1, 2] },
      ],
      outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: null }],
      initializers: new Map(),
      valueInfo: new Map(),
      nodes: [
        {
          name: 'unpool',
          opType: 'MaxUnpool',
          domain: '',
          inputs: ['x', 'i'],
          outputs: ['y'],
          attributes: new Map([['kernel_shape', ints([2])]]),
        },
      ],
    };
    const m = loadModelSync(rt, writeOnnxModel(g));
    expect(codeOf(() => m.run({ x: Float32Array.of(1, 2), i: BigInt64Array.of(0n, 3n) } as never))).toBe('BAD_FEED');
    expect(m.run({ x: Float32Array.of(1, 2), i: BigInt64Array.of(2n, 0n) } as never).y).toEqual(
      Float32Array.of(2, 0, 1),
    );
    m.dispose();
  });
});

/** float32 ulps between two floats (0 for equal bits). */
function ulps(a: number, b: number): number {
  const ia = new Int32Array(Float32Array.of(a).buffer)[0],
    ib = new Int32Array(Float32Array.of(b).buffer)[0];
  return Math.abs(ia - ib);
}

describe('LpPool and GlobalLpPool', () => {
  it.skipIf(!ort)("p 1 and 2, 1-D to 3-D, strides, pads, auto_pad, ceil_mode: onnxruntime-web's bits", async () => {
    let worstRef = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const r = rng(1000 + seed);
      const global = seed % 4 === 0;
      const sp = 1 + (seed % 3);
      const p = seed % 2 ? 2 : 1;
      const k = Array.from({ length: sp }, () => 1 + Math.floor(r() * 3));
      const dims = [1 + Math.floor(r() * 2), 1 + Math.floor(r() * 3), ...k.map((kk) => kk + Math.floor(r() * 5))];
      const n = dims.reduce((a, b) => a * b, 1);
      const x: Tensor = {
        name: 'x',
        type: 'float32',
        dims,
        data: Float32Array.from({ length: n }, () => (r() * 2 - 1) * 3),
      };
      const attrs = new Map<string, Attribute>([['p', { kind: 'int', value: p }]]);
      const auto = global ? 'NOTSET' : ['NOTSET', 'NOTSET', 'SAME_UPPER', 'VALID'][seed % 4];
      if (!global) {
        attrs.set('kernel_shape', ints(k));
        attrs.set('strides', ints(k.map(() => 1 + Math.floor(r() * 2))));
        if (auto === 'NOTSET')
          attrs.set('pads', ints([...k.map((kk) => Math.floor(r() * kk)), ...k.map((kk) => Math.floor(r() * kk))]));
        else attrs.set('auto_pad', { kind: 'string', value: auto });
      }
      const opType = global ? 'GlobalLpPool' : 'LpPool';
      const g: Graph = {
        name: 'lp',
        irVersion: 8,
        opsetImports: new Map([['', 11]]),
        inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: dims }],
        outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: null }],
        initializers: new Map(),
        valueInfo: new Map(),
        nodes: [{ name: 'lp', opType, domain: '', inputs: ['x'], outputs: ['y'], attributes: attrs }],
      };
      const desc = `seed ${seed} ${opType} p ${p} x [${dims}] ${JSON.stringify([...attrs].map(([a, v]) => [a, (v as { value: unknown }).value]))}`;
      const bytes = writeOnnxModel(g);
      const m = loadModelSync(rt, bytes);
      const got = m.run({ x: x.data } as never).y as Float32Array;
      m.dispose();
      const want = (await ortRunModel(bytes, new Map([['x', x]]), ['y'])).get('y')!.data as Float32Array;
      expect(floatBits(got), desc).toEqual(floatBits(want));
      const ref = runReference(g, [['x', x]]).get('y')!.data as Float32Array;
      expect(ref.length, desc).toBe(want.length);
      for (let i = 0; i < ref.length; i++) worstRef = Math.max(worstRef, ulps(ref[i], want[i]));
    }
    // the reference's root is the double power rounded once: within 1 ulp of musl's powf
    expect(worstRef).toBeLessThanOrEqual(1);
  });
});
