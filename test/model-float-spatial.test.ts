// The float32 spatial kernels of the model executor: MaxPool, AveragePool and GlobalAveragePool on float32
// (src/model/backends/wasm-float/pool.ts, assembly/model/spatial-pool-f32.ts) and the relayout of 4-byte values
// (src/model/backends/wasm-int8/relayout.ts). Each pool kernel is compared bit for bit (NaN with NaN, -0 apart from
// +0) with the TypeScript operator (src/model/backends/host/pool.ts) and the reference executor on seeded data with
// NaN, +-0, +-inf, -FLT_MAX and large values, in both layouts, for every loop onnxruntime picks (functor, generic,
// vector, global): every H, W in 1..9, widths around the vector tails, pads on every side, strides, dilations,
// ceil_mode, auto_pad, count_include_pad, N > 1, tasks in the contract's order and shuffled, guard bytes around
// the output and the kernel's tables. Then against onnxruntime-web: the TypeScript operators and the reference on
// 1-D, 2-D and 3-D pools, and whole models through rt.loadModel: float pools alone, after a float Conv, and between
// two QDQ convolutions, where the profile must show the pools in NCHW44 and no relayout of a float value; and the
// same on a pool of threads.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantiateCore, type WasmRuntimeCore } from '../src/runtime.js';
import { createRuntime, type Runtime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { runKernelSerial, type Layout, type ModelKernel } from '../src/model/backends/types.js';
import { FloatPool, floatPoolParams } from '../src/model/backends/wasm-float/pool.js';
import { Relayout } from '../src/model/backends/wasm-int8/relayout.js';
import { HOST_OPS } from '../src/model/backends/host/index.js';
import type { Attribute, Graph, Tensor } from '../src/model/graph/ir.js';
import { runReference } from '../kernels-ref/model/index.js';
import { AT, le, writeModel, type AttrSpec, type NodeSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { randInt, rng } from './helpers/rng.js';

let ort: typeof import('onnxruntime-web') | null = null;
try {
  ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
} catch {
  ort = null;
}

type PoolOp = 'MaxPool' | 'AveragePool' | 'GlobalAveragePool';
const ints = (value: number[]): Attribute => ({ kind: 'ints', value });
const int = (value: number): Attribute => ({ kind: 'int', value });
const str = (value: string): Attribute => ({ kind: 'string', value });
const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
const LOWEST = -3.4028234663852886e38;

const SPECIAL = [0, -0, Number.NaN, Infinity, -Infinity, LOWEST, -LOWEST, 1e8, -1e8, 1, -1];
/** float32 values: mostly in +-4, some of magnitude 1e7 (the order of a sum shows), `specials` of SPECIAL. */
function randFloats(r: () => number, n: number, specials: number): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = r();
    a[i] = u < specials ? SPECIAL[Math.floor(r() * SPECIAL.length)] : Math.fround((r() * 2 - 1) * (u > 0.92 ? 1e7 : 4));
  }
  return a;
}
const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** NCHW <-> NCHW44 of 4-byte elements (as 32-bit words, so NaN payloads pass). */
function to44(x: Uint32Array, [n, c, h, w]: readonly number[]): Uint32Array {
  const y = new Uint32Array(x.length);
  const p = h * w;
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++)
      for (let i = 0; i < p; i++) y[((b * (c >> 2) + (ch >> 2)) * p + i) * 4 + (ch & 3)] = x[(b * c + ch) * p + i];
  return y;
}
function from44(y: Uint32Array, [n, c, h, w]: readonly number[]): Uint32Array {
  const x = new Uint32Array(y.length);
  const p = h * w;
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++)
      for (let i = 0; i < p; i++) x[(b * c + ch) * p + i] = y[((b * (c >> 2) + (ch >> 2)) * p + i) * 4 + (ch & 3)];
  return x;
}

/** The same floats: NaN matches NaN, -0 does not match +0. */
function expectFloats(got: Float32Array, want: ArrayLike<number>, what: string): void {
  expect(got.length, `${what}: length`).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const g = got[i],
      w = want[i];
    if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w))) expect(g, `${what} [${i}]`).toBe(w);
  }
}

// ---- running a kernel on guarded memory ------------------------------------------------------------------------------

const GUARD = 64;

/** Runs every task of every dispatch directly through the exports, in a seeded random order. */
function runShuffled(core: WasmRuntimeCore, k: ModelKernel, src: number, dst: number, r: () => number): void {
  for (const d of k.dispatch) {
    const range = [1, 1, 1];
    d.range.forEach((v, i) => (range[3 - d.range.length + i] = v));
    const tasks: number[][] = [];
    for (let a = 0; a < range[0]; a++)
      for (let b = 0; b < range[1]; b++) for (let c = 0; c < range[2]; c++) tasks.push([a, b, c]);
    for (let i = tasks.length - 1; i > 0; i--) {
      const j = randInt(r, 0, i);
      [tasks[i], tasks[j]] = [tasks[j], tasks[i]];
    }
    const base = (a: (typeof d.args)[number]) => (a.base === 'src' ? src : a.base === 'dst' ? dst : 0);
    const fn = core.exports[d.fn] as (...a: number[]) => void;
    for (const [a, b, c] of tasks) fn(k.ctx, base(d.args[0]), base(d.args[1]), base(d.args[2]), a, b, c);
  }
}

/**
 * Runs kernel k on `input` into `outBytes` bytes between guard bands (serially or shuffled); checks the guards, the
 * kernel's tables' guards and that the input is unchanged; returns the output bytes.
 */
function runKernel(
  core: WasmRuntimeCore,
  k: ModelKernel & { checkGuards(): boolean },
  input: Uint8Array,
  outBytes: number,
  shuffled: boolean,
  r: () => number,
): Uint8Array {
  const heap = core.heap;
  const sOff = heap.alloc(input.length + 2 * GUARD, 64);
  const dOff = heap.alloc(outBytes + 2 * GUARD, 64);
  try {
    const src = sOff + GUARD,
      dst = dOff + GUARD;
    let u8 = core.u8();
    u8.fill(0x5a, sOff, sOff + input.length + 2 * GUARD);
    u8.set(input, src);
    u8.fill(0x3c, dOff, dOff + outBytes + 2 * GUARD);
    u8.fill(0xcd, dst, dst + outBytes);
    if (shuffled) runShuffled(core, k, src, dst, r);
    else runKernelSerial(core, k, src, 0, dst);
    u8 = core.u8();
    for (let i = 0; i < GUARD; i++) {
      if (u8[dOff + i] !== 0x3c || u8[dst + outBytes + i] !== 0x3c)
        throw new Error(`output guard byte ${i} changed (${k.algorithm})`);
      if (u8[sOff + i] !== 0x5a || u8[src + input.length + i] !== 0x5a)
        throw new Error(`input guard byte ${i} changed (${k.algorithm})`);
    }
    const after = u8.slice(src, src + input.length);
    for (let i = 0; i < input.length; i++)
      if (after[i] !== input[i]) throw new Error(`input byte ${i} changed (${k.algorithm})`);
    expect(k.checkGuards(), `${k.algorithm}: guards of the kernel's tables`).toBe(true);
    return u8.slice(dst, dst + outBytes);
  } finally {
    heap.release(sOff);
    heap.release(dOff);
  }
}

// ---- one pool: the TypeScript operator, the reference, the kernel ------------------------------------------------------

interface PoolCase {
  op: PoolOp;
  dims: number[];
  attrs: Record<string, Attribute>;
  opset: number;
}
const describeCase = (c: PoolCase) =>
  `${c.op} opset ${c.opset} [${c.dims}] ${Object.entries(c.attrs)
    .map(([k, a]) => `${k}=${JSON.stringify((a as { value: unknown }).value)}`)
    .join(' ')}`;
const hostNodeOf = (c: PoolCase) => ({
  name: 'pool',
  opType: c.op,
  domain: '',
  attributes: new Map(Object.entries(c.attrs)),
});

/** The reference executor's output (its dims decide the output's). */
function refPool(c: PoolCase, x: Float32Array): Tensor {
  const g: Graph = {
    name: 'pool',
    irVersion: 8,
    opsetImports: new Map([['', c.opset]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: c.dims }],
    outputs: [{ name: 'y', type: null, onnxElemType: 0, shape: null }],
    initializers: new Map(),
    valueInfo: new Map(),
    nodes: [
      {
        name: 'pool',
        opType: c.op,
        domain: '',
        inputs: ['x'],
        outputs: ['y'],
        attributes: new Map(Object.entries(c.attrs)),
      },
    ],
  };
  return runReference(g, [['x', { name: 'x', type: 'float32', dims: c.dims, data: x }]]).get('y')!;
}

/** The TypeScript operator's output. */
function hostPool(c: PoolCase, x: Float32Array, outDims: readonly number[]): Float32Array {
  const op = HOST_OPS.get(`:${c.op}`)!(
    hostNodeOf(c),
    [{ type: 'float32', dims: c.dims }],
    [{ type: 'float32', dims: outDims }],
    c.opset,
  );
  const y = new Float32Array(numel(outDims));
  op([{ type: 'float32', dims: c.dims, data: x }], [{ type: 'float32', dims: outDims, data: y }]);
  return y;
}

let core: WasmRuntimeCore;
beforeAll(async () => {
  core = await instantiateCore();
});
afterAll(() => core?.dispose());

/**
 * The kernel on `c` in each layout it takes (NCHW44 where C % 4 == 0), serial and shuffled, equals the TypeScript
 * operator, which equals the reference; returns the kernel's algorithm, or null where the kernel refuses the case.
 */
function checkPool(c: PoolCase, x: Float32Array, r: () => number): string | null {
  const want = refPool(c, x);
  const host = hostPool(c, x, want.dims);
  expectFloats(host, want.data as Float32Array, `${describeCase(c)}: TypeScript operator vs reference`);
  let algo: string | null = null;
  const layouts: Layout[] = c.dims[1] % 4 === 0 ? ['NCHW', 'NCHW44'] : ['NCHW'];
  for (const layout of layouts) {
    const p = floatPoolParams(c.op, hostNodeOf(c), c.dims, c.opset, layout);
    try {
      FloatPool.check(p);
    } catch {
      return null;
    }
    const k = new FloatPool(core, p);
    try {
      expect(k.outDims, describeCase(c)).toEqual(want.dims);
      const b44 = layout === 'NCHW44';
      const input = bytesOf(b44 ? to44(new Uint32Array(x.buffer), c.dims) : x);
      for (const shuffled of [false, true]) {
        const out = new Uint32Array(runKernel(core, k, input, want.data.length * 4, shuffled, r).buffer);
        const got = new Float32Array((b44 ? from44(out, want.dims) : out).buffer);
        expectFloats(got, host, `${describeCase(c)} ${k.algorithm}${shuffled ? ' shuffled' : ''}`);
      }
      algo = k.algorithm;
    } finally {
      k.dispose();
    }
  }
  return algo;
}

/** A random pool case (see the header); `hw`: the spatial dims. */
function randomCase(r: () => number, op: PoolOp, hw: [number, number], c = randInt(r, 1, 9)): PoolCase {
  const dims = [randInt(r, 1, 2), c, ...hw];
  const attrs: Record<string, Attribute> = {};
  let opset = randInt(r, 11, 18);
  if (op === 'GlobalAveragePool') return { op, dims, attrs, opset };
  const k = hw.map((d) => randInt(r, 1, Math.min(d, r() < 0.2 ? 7 : 4)));
  if (r() < 0.08) k.splice(0, 2, hw[0], hw[1]); // the whole image: the global loop when strides 1 and no pads
  attrs.kernel_shape = ints(k);
  if (r() < 0.75) attrs.strides = ints(k.map(() => (r() < 0.15 ? 3 : randInt(r, 1, 2))));
  const strides = (attrs.strides as { value: number[] } | undefined)?.value ?? [1, 1];
  const mode = randInt(r, 0, 3);
  if (mode === 1) attrs.pads = ints([...k.map((v) => randInt(r, 0, v - 1)), ...k.map((v) => randInt(r, 0, v - 1))]);
  if (mode === 2 && strides.every((s, i) => s <= k[i])) attrs.auto_pad = str(r() < 0.5 ? 'SAME_UPPER' : 'SAME_LOWER');
  if (mode === 3) attrs.auto_pad = str('VALID');
  if (mode <= 1 && r() < 0.4) attrs.ceil_mode = int(1);
  if (op === 'AveragePool' && r() < 0.5) attrs.count_include_pad = int(1);
  if (op === 'AveragePool' && r() < 0.3) opset = 19;
  if (r() < 0.15 && !attrs.auto_pad && (op === 'MaxPool' || opset >= 19))
    attrs.dilations = ints(k.map(() => randInt(r, 1, 2)));
  if (op === 'MaxPool' && !attrs.dilations && r() < 0.05) attrs.storage_order = int(1);
  return { op, dims, attrs, opset };
}

describe('float32 pools: the kernel equals the TypeScript operator and the reference, bit for bit', () => {
  it('every H, W in 1..9, each op and loop, both layouts, serial and shuffled tasks', () => {
    const r = rng(1301);
    const seen = new Map<string, number>();
    for (let h = 1; h <= 9; h++)
      for (let w = 1; w <= 9; w++)
        for (const op of ['MaxPool', 'AveragePool', 'GlobalAveragePool'] as PoolOp[]) {
          const c = randomCase(r, op, [h, w], r() < 0.5 ? 4 : randInt(r, 1, 9));
          let algo: string | null = null;
          try {
            algo = checkPool(c, randFloats(r, numel(c.dims), (h + w) % 3 === 0 ? 0.3 : 0.03), r);
          } catch (e) {
            if (/larger than the padded input/.test(String(e))) continue; // a geometry ONNX refuses
            throw e;
          }
          if (algo) seen.set(algo.replace(/-nchw(44)?$/, ''), (seen.get(algo.replace(/-nchw(44)?$/, '')) ?? 0) + 1);
        }
    // every loop of both ops ran
    for (const a of [
      'maxpool-f32-functor',
      'maxpool-f32-generic',
      'maxpool-f32-vector',
      'maxpool-f32-global',
      'avgpool-f32-functor',
      'avgpool-f32-generic',
      'avgpool-f32-vector',
      'avgpool-f32-global',
    ])
      expect(seen.get(a) ?? 0, a).toBeGreaterThan(0);
  });

  it('widths around the vector tails (W % 4), larger planes, pads on every side, N and C > 4', () => {
    const r = rng(1302);
    let ran = 0;
    for (let t = 0; t < 160; t++) {
      const op = (['MaxPool', 'AveragePool', 'GlobalAveragePool'] as PoolOp[])[t % 3];
      const hw: [number, number] = [randInt(r, 1, 20), randInt(r, 12, 45)];
      const c = randomCase(r, op, hw, [4, 8, 12, 3, 5][t % 5]);
      try {
        if (checkPool(c, randFloats(r, numel(c.dims), t % 4 === 0 ? 0.25 : 0.02), r)) ran++;
      } catch (e) {
        if (/larger than the padded input/.test(String(e))) continue;
        throw e;
      }
    }
    expect(ran).toBeGreaterThan(120);
  });

  it('the shapes of CNNs: 3x3 / 2, 2x2 / 2, 3x3 / 1 (every loop), a 7x7 global window', () => {
    const r = rng(1303);
    const shapes: Array<[PoolOp, Record<string, Attribute>, number]> = [
      ['MaxPool', { kernel_shape: ints([3, 3]), strides: ints([2, 2]), pads: ints([1, 1, 1, 1]) }, 13],
      ['MaxPool', { kernel_shape: ints([2, 2]), strides: ints([2, 2]) }, 13],
      ['MaxPool', { kernel_shape: ints([3, 3]), strides: ints([2, 2]), ceil_mode: int(1) }, 13],
      ['MaxPool', { kernel_shape: ints([5, 5]), pads: ints([2, 2, 2, 2]) }, 13],
      ['AveragePool', { kernel_shape: ints([3, 3]), pads: ints([1, 1, 1, 1]) }, 13],
      ['AveragePool', { kernel_shape: ints([3, 3]), pads: ints([1, 1, 1, 1]), count_include_pad: int(1) }, 13],
      ['AveragePool', { kernel_shape: ints([3, 3]), pads: ints([1, 1, 1, 1]) }, 19],
      ['AveragePool', { kernel_shape: ints([2, 2]), strides: ints([2, 2]), ceil_mode: int(1) }, 13],
      [
        'AveragePool',
        { kernel_shape: ints([2, 2]), strides: ints([2, 2]), ceil_mode: int(1), count_include_pad: int(1) },
        13,
      ],
      ['AveragePool', { kernel_shape: ints([3, 3]), strides: ints([3, 3]) }, 13],
      ['AveragePool', { kernel_shape: ints([7, 7]) }, 13],
      ['GlobalAveragePool', {}, 13],
    ];
    for (const [op, attrs, opset] of shapes)
      for (const dims of [
        [1, 16, 28, 28],
        [2, 8, 15, 17],
        [1, 4, 7, 7],
      ]) {
        const c: PoolCase = { op, dims, attrs, opset };
        expect(checkPool(c, randFloats(r, numel(dims), 0.01), r), describeCase(c)).not.toBe(null);
      }
  });

  it("MLAS's row room: 2045 floats with the padding take the vector loop, one more the generic loop", () => {
    const r = rng(1304);
    const algos: string[] = [];
    for (const w of [2043, 2044]) {
      const c: PoolCase = {
        op: 'AveragePool',
        dims: [1, 4, 3, w],
        attrs: { kernel_shape: ints([2, 3]), pads: ints([0, 1, 1, 1]) },
        opset: 13,
      };
      algos.push(checkPool(c, randFloats(r, numel(c.dims), 0.02), r)!);
    }
    expect(algos).toEqual(['avgpool-f32-vector-nchw44', 'avgpool-f32-generic-nchw44']);
  });

  it('refuses windows with no cell inside the input and non-4-D tensors (the TypeScript operator runs those)', () => {
    const g = (pads: number[]) => ({
      spatial: [4, 4],
      kernel: [2, 2],
      strides: [1, 1],
      dilations: [1, 1],
      padBegin: pads.slice(0, 2),
      padEnd: pads.slice(2),
      outDims: [4 + pads[0] + pads[2] - 1, 4 + pads[1] + pads[3] - 1],
    });
    const p = (pads: number[], dims = [1, 4, 4, 4]) =>
      ({ op: 'max', loop: 'generic', layout: 'NCHW', dims, geometry: g(pads) }) as const;
    expect(() => FloatPool.check(p([0, 0, 0, 0]))).not.toThrow();
    expect(() => FloatPool.check(p([2, 0, 0, 0]))).toThrow(/no cell inside/);
    expect(() => FloatPool.check(p([0, 0, 0, 2]))).toThrow(/no cell inside/);
    expect(() => FloatPool.check(p([0, 0, 0, 0], [1, 4, 4]))).toThrow(/4-D/);
    expect(() => FloatPool.check({ ...p([0, 0, 0, 0], [1, 6, 4, 4]), layout: 'NCHW44' })).toThrow(/C % 4/);
  });
});

// ---- relayout of 4-byte values -------------------------------------------------------------------------------------------

describe('Relayout NCHW <-> NCHW44 of float32 / int32', () => {
  it('every H, W in 1..9 and wider planes, N 1..2, C 4..16: the words move as they are (NaN payloads too)', () => {
    const r = rng(1310);
    const dimsList: number[][] = [];
    for (let h = 1; h <= 9; h++)
      for (let w = 1; w <= 9; w++) dimsList.push([randInt(r, 1, 2), 4 * randInt(r, 1, 4), h, w]);
    dimsList.push([1, 64, 30, 30], [2, 8, 13, 37], [1, 4, 1, 1001]);
    for (const dims of dimsList)
      for (const type of ['float32', 'int32'] as const) {
        const x = new Uint32Array(numel(dims));
        for (let i = 0; i < x.length; i++) x[i] = (r() * 2 ** 32) >>> 0;
        const to = new Relayout(core, { type, dims, from: 'NCHW', to: 'NCHW44' });
        const back = new Relayout(core, { type, dims, from: 'NCHW44', to: 'NCHW' });
        expect(to.algorithm).toBe('relayout-nchw-nchw44-b32');
        const shuffled = r() < 0.5;
        const y = new Uint32Array(runKernel(core, to, bytesOf(x), x.length * 4, shuffled, r).buffer);
        expect([...y], `${type} [${dims}] to NCHW44`).toEqual([...to44(x, dims)]);
        const z = new Uint32Array(runKernel(core, back, bytesOf(y), x.length * 4, !shuffled, r).buffer);
        expect([...z], `${type} [${dims}] back`).toEqual([...x]);
        to.dispose();
        back.dispose();
      }
  });

  it('refuses other element types and C % 4 != 0', () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as { code?: string }).code;
      }
      return 'none';
    };
    expect(code(() => new Relayout(core, { type: 'int64', dims: [1, 4, 2, 2], from: 'NCHW', to: 'NCHW44' }))).toBe(
      'UNSUPPORTED_OP',
    );
    expect(code(() => new Relayout(core, { type: 'float32', dims: [1, 6, 2, 2], from: 'NCHW', to: 'NCHW44' }))).toBe(
      'UNSUPPORTED_OP',
    );
  });
});

// ---- whole models against onnxruntime-web --------------------------------------------------------------------------------

const A = {
  ints: (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v }),
  int: (name: string, v: number): AttrSpec => ({ name, type: AT.INT, i: v }),
  str: (name: string, v: string): AttrSpec => ({ name, type: AT.STRING, s: v }),
};
const fT = (name: string, dims: number[], v: ArrayLike<number>): TensorSpec => ({
  name,
  dataType: 1,
  dims,
  raw: le(Float32Array.from(v)),
});
const specOf = (name: string, dataType: number, data: ArrayBufferView, dims: number[]): TensorSpec => ({
  name,
  dataType,
  dims,
  raw: le(data),
});
const attrSpecs = (attrs: Record<string, Attribute>): AttrSpec[] =>
  Object.entries(attrs).map(([name, a]) =>
    a.kind === 'int'
      ? A.int(name, a.value)
      : a.kind === 'string'
        ? A.str(name, a.value)
        : A.ints(name, (a as { value: number[] }).value),
  );

async function ortOutputs(bytes: Uint8Array, feeds: Record<string, Float32Array>, dims: Record<string, number[]>) {
  const s = await ort!.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  const input: Record<string, import('onnxruntime-web').Tensor> = {};
  for (const [k, v] of Object.entries(feeds)) input[k] = new ort!.Tensor('float32', v, dims[k]);
  const out = await s.run(input);
  const res: Record<string, Float32Array> = {};
  for (const [k, t] of Object.entries(out)) res[k] = t.data as Float32Array;
  await s.release();
  return res;
}

/** x [N, C, H, W] float -> one pool node -> y. */
function poolModel(c: PoolCase): Uint8Array {
  return writeModel({
    irVersion: 8,
    opsets: [['', c.opset]],
    graph: {
      name: 'pool',
      nodes: [{ opType: c.op, inputs: ['x'], outputs: ['y'], attributes: attrSpecs(c.attrs) }],
      inputs: [{ name: 'x', elemType: 1, shape: c.dims }],
      outputs: [{ name: 'y', elemType: 1 }],
    },
  });
}

/**
 * A float Conv (3x3, pad 1; inputs multiples of 1/64, weights of 1/8: every sum exact, so any order gives the same
 * bits) -> MaxPool 2x2 / 2 -> AveragePool 3x3 / 1 pad 1 -> GlobalAveragePool, every pool's output a graph output.
 */
function floatConvModel(r: () => number, opset: number, [C, M, H, W]: number[]) {
  const w = Array.from({ length: M * C * 9 }, () => randInt(r, -8, 8) / 8);
  const b = Array.from({ length: M }, () => randInt(r, -16, 16) / 8);
  const bytes = writeModel({
    irVersion: 8,
    opsets: [['', opset]],
    graph: {
      name: 'floatconv',
      nodes: [
        {
          opType: 'Conv',
          inputs: ['x', 'w', 'b'],
          outputs: ['c'],
          attributes: [A.ints('kernel_shape', [3, 3]), A.ints('pads', [1, 1, 1, 1])],
        },
        {
          opType: 'MaxPool',
          inputs: ['c'],
          outputs: ['mp'],
          attributes: [A.ints('kernel_shape', [2, 2]), A.ints('strides', [2, 2])],
        },
        {
          opType: 'AveragePool',
          inputs: ['mp'],
          outputs: ['ap'],
          attributes: [A.ints('kernel_shape', [3, 3]), A.ints('pads', [1, 1, 1, 1])],
        },
        { opType: 'GlobalAveragePool', inputs: ['ap'], outputs: ['gp'] },
      ],
      initializers: [fT('w', [M, C, 3, 3], w), fT('b', [M], b)],
      inputs: [{ name: 'x', elemType: 1, shape: [1, C, H, W] }],
      outputs: [
        { name: 'mp', elemType: 1 },
        { name: 'ap', elemType: 1 },
        { name: 'gp', elemType: 1 },
      ],
    },
  });
  const x = Float32Array.from({ length: C * H * W }, () => randInt(r, -256, 256) / 64);
  return { bytes, x, dims: [1, C, H, W] };
}

/**
 * QDQ: x -> Q -> DQ -> Conv (int8 weights, DQ) -> Q -> DQ -> MaxPool 3x3 / 2 pad 1 -> AveragePool 3x3 / 1 pad 1
 * (float, between two convolutions: the Q after it has other parameters than the DQ before, so neither onnxruntime
 * nor i8conv drops them) -> Q -> DQ -> Conv -> Q -> DQ -> GlobalAveragePool -> y.
 */
function qdqModel(r: () => number, [C, M, H, W]: number[]) {
  const wq = (n: number) => Int8Array.from({ length: n }, () => randInt(r, -127, 127));
  const inits: TensorSpec[] = [
    fT('sx', [], [0.03]),
    specOf('zx', 2, Uint8Array.of(128), []),
    specOf('w1', 3, wq(M * C * 9), [M, C, 3, 3]),
    fT('sw1', [], [0.004]),
    specOf('zw', 3, Int8Array.of(0), []),
    specOf(
      'b1',
      6,
      Int32Array.from({ length: M }, () => randInt(r, -3000, 3000)),
      [M],
    ),
    fT('sb1', [], [Math.fround(0.03 * 0.004)]),
    specOf('zb', 6, Int32Array.of(0), []),
    fT('s1', [], [0.05]),
    specOf('z1', 2, Uint8Array.of(120), []),
    fT('s2', [], [0.043]),
    specOf('z2', 2, Uint8Array.of(125), []),
    specOf('w2', 3, wq(M * M * 9), [M, M, 3, 3]),
    fT('sw2', [], [0.003]),
    specOf(
      'b2',
      6,
      Int32Array.from({ length: M }, () => randInt(r, -3000, 3000)),
      [M],
    ),
    fT('sb2', [], [Math.fround(0.043 * 0.003)]),
    fT('s3', [], [0.06]),
    specOf('z3', 2, Uint8Array.of(131), []),
  ];
  const Q = (x: string, s: string, z: string, y: string): NodeSpec => ({
    opType: 'QuantizeLinear',
    inputs: [x, s, z],
    outputs: [y],
  });
  const DQ = (x: string, s: string, z: string, y: string): NodeSpec => ({
    opType: 'DequantizeLinear',
    inputs: [x, s, z],
    outputs: [y],
  });
  const conv = (x: string, w: string, b: string, y: string): NodeSpec => ({
    opType: 'Conv',
    inputs: [x, w, b],
    outputs: [y],
    attributes: [A.ints('kernel_shape', [3, 3]), A.ints('pads', [1, 1, 1, 1])],
  });
  const nodes: NodeSpec[] = [
    Q('x', 'sx', 'zx', 'xq'),
    DQ('xq', 'sx', 'zx', 'xd'),
    DQ('w1', 'sw1', 'zw', 'w1d'),
    DQ('b1', 'sb1', 'zb', 'b1d'),
    conv('xd', 'w1d', 'b1d', 'c1'),
    Q('c1', 's1', 'z1', 'c1q'),
    DQ('c1q', 's1', 'z1', 'c1d'),
    // (an Abs first: a DQ straight into the MaxPool would move past it, onnxruntime's QDQ propagation, and the pool
    // would run on codes)
    { opType: 'Abs', inputs: ['c1d'], outputs: ['c1a'] },
    {
      opType: 'MaxPool',
      inputs: ['c1a'],
      outputs: ['mp'],
      attributes: [A.ints('kernel_shape', [3, 3]), A.ints('strides', [2, 2]), A.ints('pads', [1, 1, 1, 1])],
    },
    {
      opType: 'AveragePool',
      inputs: ['mp'],
      outputs: ['ap'],
      attributes: [A.ints('kernel_shape', [3, 3]), A.ints('pads', [1, 1, 1, 1])],
    },
    Q('ap', 's2', 'z2', 'apq'),
    DQ('apq', 's2', 'z2', 'apd'),
    DQ('w2', 'sw2', 'zw', 'w2d'),
    DQ('b2', 'sb2', 'zb', 'b2d'),
    conv('apd', 'w2d', 'b2d', 'c2'),
    Q('c2', 's3', 'z3', 'c2q'),
    DQ('c2q', 's3', 'z3', 'c2d'),
    { opType: 'GlobalAveragePool', inputs: ['c2d'], outputs: ['y'] },
  ];
  const bytes = writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'qdq-pools',
      nodes,
      initializers: inits,
      inputs: [{ name: 'x', elemType: 1, shape: [1, C, H, W] }],
      outputs: [{ name: 'y', elemType: 1 }],
    },
  });
  const x = Float32Array.from({ length: C * H * W }, () => Math.fround((r() * 2 - 1) * 3.5));
  return { bytes, x, dims: [1, C, H, W] };
}

describe('float32 pools in models, against onnxruntime-web', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime();
  });
  afterAll(() => rt?.dispose());

  it.skipIf(!ort)(
    'the TypeScript operators and the reference equal onnxruntime-web on 1-D, 2-D and 3-D pools (every loop, specials)',
    async () => {
      const r = rng(1319);
      let ran = 0;
      for (let t = 0; t < 240; t++) {
        const op = (['MaxPool', 'AveragePool', 'GlobalAveragePool'] as PoolOp[])[t % 3];
        const k = randInt(r, 1, 3);
        const sp = Array.from({ length: k }, () => randInt(r, 1, k === 3 ? 6 : 13));
        const c = randomCase(r, op, [1, 1]);
        c.dims = [c.dims[0], c.dims[1], ...sp];
        if (op !== 'GlobalAveragePool') {
          // the attributes for k axes: a kernel within each axis (sometimes the whole image), strides, pads
          const kk = sp.map((d) => randInt(r, 1, Math.min(d, 4)));
          const attrs: Record<string, Attribute> = { kernel_shape: ints(r() < 0.15 ? [...sp] : kk) };
          const ker = (attrs.kernel_shape as { value: number[] }).value;
          if (r() < 0.7) attrs.strides = ints(ker.map(() => randInt(r, 1, 3)));
          if (r() < 0.4)
            attrs.pads = ints([...ker.map((v) => randInt(r, 0, v - 1)), ...ker.map((v) => randInt(r, 0, v - 1))]);
          if (r() < 0.3) attrs.ceil_mode = int(1);
          if (op === 'AveragePool' && r() < 0.5) attrs.count_include_pad = int(1);
          if (op === 'MaxPool' && r() < 0.2) attrs.dilations = ints(ker.map(() => randInt(r, 1, 2)));
          c.attrs = attrs;
        }
        c.opset = op === 'AveragePool' && r() < 0.3 ? 19 : randInt(r, 12, 18);
        const x = randFloats(r, numel(c.dims), t % 4 === 0 ? 0.3 : 0.03);
        let want: Tensor;
        try {
          want = refPool(c, x);
        } catch {
          continue; // a geometry the reference refuses
        }
        let fromOrt: Float32Array;
        try {
          fromOrt = (await ortOutputs(poolModel(c), { x }, { x: c.dims })).y;
        } catch {
          continue; // onnxruntime-web refuses it
        }
        if (fromOrt.length !== want.data.length) continue; // ceil_mode with dilations: onnxruntime's shape differs
        expectFloats(want.data as Float32Array, fromOrt, `${describeCase(c)}: reference vs onnxruntime-web`);
        expectFloats(hostPool(c, x, want.dims), fromOrt, `${describeCase(c)}: TypeScript vs onnxruntime-web`);
        ran++;
      }
      expect(ran).toBeGreaterThan(200);
    },
  );

  it.skipIf(!ort)('one pool node per model (every loop, NaN / +-0 / +-inf in the data): the same floats', async () => {
    const r = rng(1320);
    let ran = 0;
    for (let t = 0; t < 60; t++) {
      const op = (['MaxPool', 'AveragePool', 'GlobalAveragePool'] as PoolOp[])[t % 3];
      const c = randomCase(r, op, [randInt(r, 1, 12), randInt(r, 1, 19)]);
      delete c.attrs.storage_order; // onnxruntime's storage_order only orders the Indices output
      if (c.attrs.dilations && c.attrs.ceil_mode) delete c.attrs.ceil_mode;
      let want: Float32Array;
      try {
        want = refPool(c, new Float32Array(numel(c.dims))).data as Float32Array;
      } catch {
        continue;
      }
      const x = randFloats(r, numel(c.dims), t % 4 === 0 ? 0.3 : 0.02);
      const bytes = poolModel(c);
      let fromOrt: Float32Array;
      try {
        fromOrt = (await ortOutputs(bytes, { x }, { x: c.dims })).y;
      } catch {
        continue; // onnxruntime-web refuses it
      }
      if (fromOrt.length !== want.length) continue; // onnxruntime's shape differs (ceil_mode with dilations)
      const m = loadModelSync(rt, bytes);
      expect(m.nodes[0].algorithm, describeCase(c)).toMatch(/^(max|avg)pool-f32-/);
      expectFloats(m.run({ x }).y as Float32Array, fromOrt, `${describeCase(c)} vs onnxruntime-web`);
      m.dispose();
      ran++;
    }
    expect(ran).toBeGreaterThan(40);
  });

  it.skipIf(!ort)(
    'a float Conv -> MaxPool -> AveragePool -> GlobalAveragePool (opset 13 and 19): the same floats',
    async () => {
      const r = rng(1321);
      for (const opset of [13, 19])
        for (const shape of [
          [3, 8, 32, 32],
          [5, 6, 17, 23],
        ]) {
          const { bytes, x, dims } = floatConvModel(r, opset, shape);
          const want = await ortOutputs(bytes, { x }, { x: dims });
          const m = loadModelSync(rt, bytes);
          const out = m.run({ x }, { profile: true });
          for (const k of ['mp', 'ap', 'gp'])
            expectFloats(out[k] as Float32Array, want[k], `opset ${opset} [${shape}] ${k}`);
          const pools = m.lastProfile!.filter((p) => /Pool$/.test(p.op));
          expect(pools.map((p) => p.algorithm)).toEqual([
            'maxpool-f32-vector-nchw',
            opset >= 19 ? 'avgpool-f32-functor-nchw' : 'avgpool-f32-vector-nchw',
            'avgpool-f32-global-nchw',
          ]);
          m.dispose();
        }
    },
  );

  it.skipIf(!ort)(
    'QDQ Conv -> DQ -> Abs -> MaxPool -> AveragePool -> Q -> Conv -> DQ -> GlobalAveragePool: equal, the pools in NCHW44, no host relayout',
    async () => {
      const r = rng(1322);
      for (const shape of [
        [8, 16, 32, 32],
        [4, 8, 19, 27],
      ]) {
        const { bytes, x, dims } = qdqModel(r, shape);
        const want = await ortOutputs(bytes, { x }, { x: dims });
        const m = loadModelSync(rt, bytes);
        expectFloats(m.run({ x }, { profile: true }).y as Float32Array, want.y, `qdq [${shape}]`);
        const prof = m.lastProfile!;
        const pools = prof.filter((p) => /Pool$/.test(p.op));
        expect(pools.map((p) => [p.algorithm, p.layout])).toEqual([
          ['maxpool-f32-vector-nchw44', 'NCHW44'],
          ['avgpool-f32-vector-nchw44', 'NCHW44'],
          ['avgpool-f32-global-nchw44', 'NCHW44'],
        ]);
        expect(prof.filter((p) => p.algorithm === 'relayout-host')).toEqual([]);
        // the only float relayout left: the global pool's [N, C, 1, 1] output to the graph's NCHW (the same bytes)
        const relayouts = prof.filter((p) => p.op === 'Relayout');
        expect(relayouts.filter((p) => p.algorithm.endsWith('-b32')).map((p) => p.name)).toEqual([
          'relayout y -> NCHW',
        ]);
        m.dispose();
      }
    },
  );

  it.skipIf(!ort)(
    "quantize_dynamic's form, DynamicQuantizeLinear -> ConvInteger -> Cast -> Mul: the int32 output relaid out by the kernel",
    async () => {
      const r = rng(1324);
      for (const [C, M, H, W] of [
        [8, 16, 24, 24],
        [4, 8, 13, 17],
      ]) {
        const bytes = writeModel({
          irVersion: 8,
          opsets: [['', 13]],
          graph: {
            name: 'dynamic',
            nodes: [
              { opType: 'DynamicQuantizeLinear', inputs: ['x'], outputs: ['xq', 'xs', 'xz'] },
              {
                opType: 'ConvInteger',
                inputs: ['xq', 'w', 'xz', 'wz'],
                outputs: ['ci'],
                attributes: [A.ints('kernel_shape', [3, 3]), A.ints('pads', [1, 1, 1, 1])],
              },
              { opType: 'Cast', inputs: ['ci'], outputs: ['cf'], attributes: [A.int('to', 1)] },
              { opType: 'Mul', inputs: ['xs', 'ws'], outputs: ['s'] },
              { opType: 'Mul', inputs: ['cf', 's'], outputs: ['y'] },
            ],
            initializers: [
              specOf(
                'w',
                2,
                Uint8Array.from({ length: M * C * 9 }, () => randInt(r, 0, 255)),
                [M, C, 3, 3],
              ),
              specOf('wz', 2, Uint8Array.of(131), []),
              fT('ws', [], [0.0042]),
            ],
            inputs: [{ name: 'x', elemType: 1, shape: [1, C, H, W] }],
            outputs: [{ name: 'y', elemType: 1 }],
          },
        });
        const x = Float32Array.from({ length: C * H * W }, () => Math.fround(r() * 6 - 2));
        const want = await ortOutputs(bytes, { x }, { x: [1, C, H, W] });
        const m = loadModelSync(rt, bytes);
        expectFloats(m.run({ x }, { profile: true }).y as Float32Array, want.y, `dynamic [${[C, M, H, W]}]`);
        const relayouts = m.lastProfile!.filter((p) => p.op === 'Relayout').map((p) => p.algorithm);
        expect(relayouts).toContain('relayout-nchw44-nchw-b32');
        expect(relayouts).not.toContain('relayout-host');
        m.dispose();
      }
    },
  );

  // the pool's workers load the built library (dist/: `npm test` builds it first)
  const DIST = new URL('../dist/src/index.js', import.meta.url);
  it.skipIf(!existsSync(DIST))('the same models on 2 threads: the same floats as on one', async (ctx) => {
    const { createRuntime: createDist } = (await import(DIST.href)) as { createRuntime: typeof createRuntime };
    const { loadModelSync: loadDist } = (await import(new URL('../dist/src/model/load.js', import.meta.url).href)) as {
      loadModelSync: typeof loadModelSync;
    };
    const mt = await createDist({ threads: 2 });
    try {
      if (mt.threads < 2) return ctx.skip();
      const r = rng(1323);
      for (const { bytes, x } of [qdqModel(r, [8, 16, 64, 64]), floatConvModel(r, 13, [3, 16, 64, 64])]) {
        const one = loadModelSync(rt, bytes);
        const two = loadDist(mt, bytes);
        const a = one.run({ x }),
          b = two.run({ x }),
          c = await two.runAsync({ x });
        for (const k of Object.keys(a)) {
          expectFloats(b[k] as Float32Array, a[k] as Float32Array, `2 threads ${k}`);
          expectFloats(c[k] as Float32Array, a[k] as Float32Array, `2 threads runAsync ${k}`);
        }
        one.dispose();
        two.dispose();
      }
    } finally {
      mt.dispose();
    }
  });
});
