// The float32 Resize kernel of the model executor (src/model/backends/wasm-float/resize.ts,
// assembly/model/spatial-resize-f32.ts):
// - the kernel equals the TypeScript operator (src/model/backends/host/resize.ts), which equals the reference, bit for
//   bit (NaN with NaN, -0 apart from +0) on seeded 4-D float32 data with NaN, +-0, +-inf and large values: nearest
//   (every nearest_mode, "simple" at opset 10 and Upsample) and linear, every coordinate_transformation_mode
//   (tf_crop_and_resize with its roi and extrapolation_value, half_pixel_symmetric at opset 19), scales (integer and
//   not, up and down) or sizes (keep_aspect_ratio_policy, axes), odd sizes, widths around the 4-column groups, N > 1,
//   both layouts (NCHW44 where C % 4 == 0), tasks in the contract's order and shuffled, guard bytes around the
//   output and the kernel's tables;
// - what the kernel refuses (cubic, antialias, a resize of N or C, other types and ranks) falls to the TypeScript
//   operator;
// - against onnxruntime-web: one Resize / Upsample per model through rt.loadModel (the step runs the kernel), a float
//   Resize between two QDQ convolutions (NCHW44, no relayout of a float value), a Concat fed by float Resizes (run
//   into the concat's NCHW44 output), and the same models on 2 threads.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantiateCore, type WasmRuntimeCore } from '../src/runtime.js';
import { createRuntime, type Runtime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { runKernelSerial, type HostValueInfo, type Layout, type ModelKernel } from '../src/model/backends/types.js';
import { FloatResize } from '../src/model/backends/wasm-float/resize.js';
import { type ResizeSpec, resizeSpec, upsampleSpec } from '../src/model/backends/host/resize.js';
import type { Attribute, Tensor } from '../src/model/graph/ir.js';
import { AT, le, writeModel, type AttrSpec, type NodeSpec, type TensorSpec } from './helpers/onnx-writer.js';
import {
  A,
  type Case,
  f32t,
  hostRun,
  i64t,
  loadOrt,
  modelBytes,
  nodeOf,
  ortRun,
  refRun,
  tensor,
} from './helpers/one-node.js';
import { randInt, rng } from './helpers/rng.js';

const F = Math.fround;
const ort = await loadOrt();
const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
const LOWEST = -3.4028234663852886e38;
const SPECIAL = [0, -0, Number.NaN, Infinity, -Infinity, LOWEST, -LOWEST, 1e8, -1e8, 1, -1];

/** float32 values: mostly in +-4, some of magnitude 1e7 (the order of a sum shows), `specials` of SPECIAL. */
function randFloats(r: () => number, n: number, specials: number): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = r();
    a[i] = u < specials ? SPECIAL[Math.floor(r() * SPECIAL.length)] : F((r() * 2 - 1) * (u > 0.92 ? 1e7 : 4));
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
function expectFloats(got: ArrayLike<number>, want: ArrayLike<number>, what: string): void {
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

// ---- cases -----------------------------------------------------------------------------------------------------------

const CTMS = [
  'half_pixel',
  'pytorch_half_pixel',
  'align_corners',
  'asymmetric',
  'tf_half_pixel_for_nn',
  'tf_crop_and_resize',
  'half_pixel_symmetric',
];
const NEAREST_MODES = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];
const SCALES = [0.5, 0.6, 0.75, 0.34, 0.9, 1, 1.25, 1.5, 1.7, 2, 2.5, 3, 4, 1.33];

const describeCase = (c: Case) =>
  `${c.op} opset ${c.opset} [${c.inputs[0][0]!.dims}] ${JSON.stringify(
    Object.entries(c.attrs ?? {}).map(([k, a]) => [k, (a as { value: unknown }).value]),
  )} ${c.inputs
    .slice(1)
    .map(([t]) => (t ? `[${Array.from(t.data as ArrayLike<number | bigint>, String)}]` : '-'))
    .join(' ')}`;

interface ResizeOpts {
  mode: 'nearest' | 'linear';
  dims: number[];
  /** the opset (10: scales input 1, asymmetric, "simple" nearest; 19: half_pixel_symmetric) */
  opset?: number;
  ctm?: string;
  specials?: number;
}

/** A random 4-D float32 Resize on H and W (see the header). */
function resizeCase(r: () => number, o: ResizeOpts): Case {
  const x = tensor('float32', o.dims, randFloats(r, numel(o.dims), o.specials ?? 0.03));
  const ctm = o.ctm ?? CTMS[randInt(r, 0, CTMS.length - 1)];
  let opset = o.opset ?? (ctm === 'half_pixel_symmetric' ? 19 : [11, 13, 18][randInt(r, 0, 2)]);
  if (ctm === 'half_pixel_symmetric') opset = Math.max(opset, 19);
  const pick = () => SCALES[randInt(r, 0, SCALES.length - 1)];
  if (opset === 10) {
    const scales = f32t([4], [1, 1, pick(), pick()]);
    return {
      op: 'Resize',
      inputs: [
        [x, 'feed'],
        [scales, 'init'],
      ],
      attrs: { mode: A.s(o.mode) },
      opset,
    };
  }
  const attrs: Record<string, Attribute> = { mode: A.s(o.mode), coordinate_transformation_mode: A.s(ctm) };
  if (o.mode === 'nearest') attrs.nearest_mode = A.s(NEAREST_MODES[randInt(r, 0, 3)]);
  if (ctm === 'tf_crop_and_resize') attrs.extrapolation_value = A.f(F([-7.25, 3, 0][randInt(r, 0, 2)]));
  const useSizes = r() < 0.35;
  const useAxes = opset >= 18 && r() < 0.4;
  const policy = useSizes && useAxes && r() < 0.5;
  if (useAxes) attrs.axes = A.is([2, 3]);
  if (policy) attrs.keep_aspect_ratio_policy = A.s(['not_larger', 'not_smaller'][randInt(r, 0, 1)]);
  const hw = o.dims.slice(2);
  const named = useAxes ? [2, 3] : [0, 1, 2, 3];
  let scales: Tensor | null = null,
    sizes: Tensor | null = null;
  if (useSizes)
    sizes = i64t(
      [named.length],
      named.map((a) => (a < 2 ? o.dims[a] : Math.max(1, Math.floor(hw[a - 2] * pick()) + randInt(r, -1, 1)))),
    );
  else
    scales = f32t(
      [named.length],
      named.map((a) => (a < 2 ? 1 : pick())),
    );
  const roi =
    ctm === 'tf_crop_and_resize'
      ? f32t(
          [2 * named.length],
          [
            ...named.map((a) => (a < 2 ? 0 : F(r() * 0.6 - 0.2))),
            ...named.map((a) => (a < 2 ? 1 : F(0.5 + r() * 0.8))),
          ],
        )
      : null;
  return {
    op: 'Resize',
    inputs: [
      [x, 'feed'],
      [roi, 'init'],
      [scales, 'init'],
      [sizes, 'init'],
    ],
    attrs,
    opset,
  };
}

/** An Upsample (opset 7: the scales attribute; 9: the scales input), scales >= 1. */
function upsampleCase(r: () => number, mode: 'nearest' | 'linear', dims: number[], opset: 7 | 9): Case {
  const x = tensor('float32', dims, randFloats(r, numel(dims), 0.03));
  const s = [1, 1, [1, 1.5, 2, 2.5, 3, 1.2][randInt(r, 0, 5)], [1, 1.5, 2, 3, 1.7][randInt(r, 0, 4)]];
  return opset === 7
    ? { op: 'Upsample', inputs: [[x, 'feed']], attrs: { mode: A.s(mode), scales: A.fs(s) }, opset }
    : {
        op: 'Upsample',
        inputs: [
          [x, 'feed'],
          [f32t([4], s), 'init'],
        ],
        attrs: { mode: A.s(mode) },
        opset,
      };
}

/** What the node computes (the TypeScript operator's spec), its output dims `outDims`. */
function specOf(c: Case, outDims: readonly number[]): ResizeSpec {
  const infos: (HostValueInfo | undefined)[] = c.inputs.map(([t, kind]) =>
    t ? ({ type: t.type, dims: t.dims, constant: kind === 'init' ? t : undefined } as HostValueInfo) : undefined,
  );
  const outs = [{ type: 'float32' as const, dims: [...outDims] }];
  return (c.op === 'Resize' ? resizeSpec : upsampleSpec)(nodeOf(c), infos, outs, c.opset ?? 13);
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
function checkResize(c: Case, r: () => number): string | null {
  const [want] = refRun(c);
  const x = c.inputs[0][0]!;
  const [host] = hostRun(c, [want]);
  const what = describeCase(c);
  expectFloats(host.data as Float32Array, want.data as Float32Array, `${what}: TypeScript operator vs reference`);
  if (numel(want.dims) === 0) return null;
  const spec = specOf(c, want.dims);
  let algo: string | null = null;
  const layouts: Layout[] = x.dims[1] % 4 === 0 ? ['NCHW', 'NCHW44'] : ['NCHW'];
  for (const layout of layouts) {
    const p = { node: 'resize', spec, layout };
    try {
      FloatResize.check(p);
    } catch {
      return null;
    }
    const k = new FloatResize(core, p);
    try {
      expect(k.outDims, what).toEqual(want.dims);
      const b44 = layout === 'NCHW44';
      const xd = x.data as Float32Array;
      const input = bytesOf(b44 ? to44(new Uint32Array(xd.buffer, xd.byteOffset, xd.length), x.dims) : xd);
      for (const shuffled of [false, true]) {
        const out = new Uint32Array(runKernel(core, k, input, want.data.length * 4, shuffled, r).buffer);
        const got = new Float32Array((b44 ? from44(out, want.dims) : out).buffer);
        expectFloats(got, host.data as Float32Array, `${what} ${k.algorithm}${shuffled ? ' shuffled' : ''}`);
      }
      algo = k.algorithm;
    } finally {
      k.dispose();
    }
  }
  return algo;
}

describe('float32 Resize: the kernel equals the TypeScript operator and the reference, bit for bit', () => {
  it('every H, W in 1..9, nearest and linear, every mode, scales and sizes, both layouts, serial and shuffled', () => {
    const r = rng(4801);
    const seen = new Map<string, number>();
    let ran = 0;
    for (let h = 1; h <= 9; h++)
      for (let w = 1; w <= 9; w++)
        for (const mode of ['nearest', 'linear'] as const) {
          const c = resizeCase(r, {
            mode,
            dims: [randInt(r, 1, 2), r() < 0.5 ? 4 : randInt(r, 1, 9), h, w],
            specials: (h + w) % 3 === 0 ? 0.3 : 0.03,
          });
          const algo = checkResize(c, r);
          if (!algo) continue;
          ran++;
          seen.set(algo, (seen.get(algo) ?? 0) + 1);
        }
    expect(ran).toBeGreaterThan(130);
    for (const a of [
      'resize-f32-nearest-nchw',
      'resize-f32-nearest-nchw44',
      'resize-f32-linear-nchw',
      'resize-f32-linear-nchw44',
      'resize-f32-copy-nchw',
    ])
      expect(seen.get(a) ?? 0, a).toBeGreaterThan(0);
  });

  it('each coordinate mode and nearest_mode, wide rows around the 4-column groups, up and down, N and C > 4', () => {
    const r = rng(4802);
    let ran = 0;
    for (const ctm of CTMS)
      for (const mode of ['nearest', 'linear'] as const)
        for (let t = 0; t < 12; t++) {
          const dims = [randInt(r, 1, 2), [4, 8, 12, 3, 5, 1][t % 6], randInt(r, 1, 17), randInt(r, 9, 45)];
          if (checkResize(resizeCase(r, { mode, dims, ctm, specials: t % 4 === 0 ? 0.2 : 0.02 }), r)) ran++;
        }
    expect(ran).toBeGreaterThan(150);
  });

  it('opset 10 ("simple" nearest, asymmetric), Upsample 7 and 9', () => {
    const r = rng(4803);
    let ran = 0;
    for (let t = 0; t < 60; t++) {
      const mode = t % 2 ? 'linear' : 'nearest';
      const dims = [randInt(r, 1, 2), [4, 3, 8][t % 3], randInt(r, 1, 11), randInt(r, 1, 23)];
      const c =
        t % 3 === 0 ? resizeCase(r, { mode, dims, opset: 10 }) : upsampleCase(r, mode, dims, t % 3 === 1 ? 7 : 9);
      if (checkResize(c, r)) ran++;
    }
    expect(ran).toBeGreaterThan(50);
  });

  it("the shapes of CNNs: x2 / x4 nearest and bilinear (M-LSD's, FPNs'), /2, sizes to an odd map", () => {
    const r = rng(4804);
    const cases: Array<[string, string, number[], number[] | null, number[] | null]> = [
      ['linear', 'align_corners', [1, 16, 20, 20], [1, 1, 2, 2], null],
      ['linear', 'half_pixel', [1, 16, 20, 20], [1, 1, 2, 2], null],
      ['linear', 'pytorch_half_pixel', [2, 8, 13, 17], [1, 1, 2, 2], null],
      ['nearest', 'asymmetric', [1, 16, 20, 20], [1, 1, 2, 2], null],
      ['nearest', 'half_pixel', [1, 8, 10, 10], [1, 1, 4, 4], null],
      ['linear', 'asymmetric', [1, 8, 40, 40], [1, 1, 0.5, 0.5], null],
      ['linear', 'half_pixel', [1, 12, 24, 32], null, [1, 12, 37, 53]],
      ['nearest', 'tf_half_pixel_for_nn', [1, 4, 15, 21], null, [1, 4, 7, 11]],
    ];
    for (const [mode, ctm, dims, scales, sizes] of cases) {
      const x = tensor('float32', dims, randFloats(r, numel(dims), 0.01));
      const c: Case = {
        op: 'Resize',
        inputs: [
          [x, 'feed'],
          [null, 'init'],
          [scales ? f32t([4], scales) : null, 'init'],
          [sizes ? i64t([4], sizes) : null, 'init'],
        ],
        attrs: { mode: A.s(mode), coordinate_transformation_mode: A.s(ctm), nearest_mode: A.s('floor') },
        opset: 13,
      };
      expect(checkResize(c, r), describeCase(c)).toMatch(/^resize-f32-(nearest|linear)-nchw44$/);
    }
  });

  it('refuses what it does not run (the TypeScript operator runs those): cubic, antialias, N or C, other types', () => {
    const r = rng(4805);
    const base = (attrs: Record<string, Attribute>, s: number[], dims = [1, 4, 5, 6], type = 'float32' as const) =>
      ({
        op: 'Resize',
        inputs: [
          [tensor(type, dims, randFloats(r, numel(dims), 0)), 'feed'],
          [null, 'init'],
          [f32t([s.length], s), 'init'],
        ],
        attrs,
        opset: 18,
      }) as Case;
    const refused = (c: Case): string => {
      const [want] = refRun(c);
      try {
        FloatResize.check({ node: 'r', spec: specOf(c, want.dims), layout: 'NCHW' });
      } catch (e) {
        expect((e as { code?: string }).code).toBe('UNSUPPORTED_OP');
        return String(e);
      }
      return 'taken';
    };
    expect(refused(base({ mode: A.s('cubic') }, [1, 1, 2, 2]))).toMatch(/mode cubic/);
    expect(refused(base({ mode: A.s('linear'), antialias: A.i(1) }, [1, 1, 0.5, 0.5]))).toMatch(/antialias/);
    expect(refused(base({ mode: A.s('nearest') }, [2, 1, 2, 2]))).toMatch(/N or C/);
    expect(refused(base({ mode: A.s('nearest') }, [1, 2, 1, 1]))).toMatch(/N or C/);
    expect(refused(base({ mode: A.s('nearest') }, [1, 2, 2], [4, 5, 6]))).toMatch(/4-D/);
    expect(refused(base({ mode: A.s('linear') }, [1, 1, 2, 2]))).toBe('taken');
    // the same dims: a copy, whatever the mode
    expect(refused(base({ mode: A.s('cubic') }, [1, 1, 1.1, 1.1]))).toBe('taken');
    const u8 = tensor(
      'uint8',
      [1, 4, 5, 6],
      Array.from({ length: 120 }, (_, i) => i),
    );
    const c8: Case = {
      op: 'Resize',
      inputs: [
        [u8, 'feed'],
        [null, 'init'],
        [f32t([4], [1, 1, 2, 2]), 'init'],
      ],
      opset: 13,
    };
    const [w8] = refRun(c8);
    expect(() => FloatResize.check({ spec: specOf(c8, w8.dims), layout: 'NCHW' })).toThrow(/float32/);
    const c6 = base({ mode: A.s('nearest') }, [1, 1, 2, 2], [1, 6, 3, 3]);
    expect(() => FloatResize.check({ spec: specOf(c6, [1, 6, 6, 6]), layout: 'NCHW44' })).toThrow(/C % 4/);
  });
});

// ---- models against onnxruntime-web -------------------------------------------------------------------------------------

const fT = (name: string, dims: number[], v: ArrayLike<number>): TensorSpec => ({
  name,
  dataType: 1,
  dims,
  raw: le(Float32Array.from(v)),
});
const tSpec = (name: string, dataType: number, data: ArrayBufferView, dims: number[]): TensorSpec => ({
  name,
  dataType,
  dims,
  raw: le(data),
});
const S = (name: string, v: string): AttrSpec => ({ name, type: AT.STRING, s: v });
const Is = (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v });

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

/**
 * QDQ: x -> Q -> DQ -> Conv (int8 weights) -> Q -> DQ -> Resize (float: the Q after it has other parameters than the
 * DQ before, so neither onnxruntime nor i8conv runs it on 8-bit data) -> Q -> DQ -> Conv -> Q -> DQ -> y.
 * With `concat`: the resized map and a second Resize of the same map (nearest) are concatenated before the Q.
 */
function qdqModel(r: () => number, [C, M, H, W]: number[], resize: NodeSpec['attributes'], concat: boolean) {
  const wq = (n: number) => Int8Array.from({ length: n }, () => randInt(r, -127, 127));
  const M2 = concat ? 2 * M : M;
  const inits: TensorSpec[] = [
    fT('sx', [], [0.03]),
    tSpec('zx', 2, Uint8Array.of(128), []),
    tSpec('w1', 3, wq(M * C * 9), [M, C, 3, 3]),
    fT('sw1', [], [0.004]),
    tSpec('zw', 3, Int8Array.of(0), []),
    fT('s1', [], [0.05]),
    tSpec('z1', 2, Uint8Array.of(120), []),
    fT('s2', [], [0.043]),
    tSpec('z2', 2, Uint8Array.of(125), []),
    tSpec('w2', 3, wq(M * M2 * 9), [M, M2, 3, 3]),
    fT('sw2', [], [0.003]),
    fT('s3', [], [0.06]),
    tSpec('z3', 2, Uint8Array.of(131), []),
    fT('scales', [4], [1, 1, 2, 2]),
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
  const conv = (x: string, w: string, y: string): NodeSpec => ({
    opType: 'Conv',
    inputs: [x, w],
    outputs: [y],
    attributes: [Is('kernel_shape', [3, 3]), Is('pads', [1, 1, 1, 1])],
  });
  const nodes: NodeSpec[] = [
    Q('x', 'sx', 'zx', 'xq'),
    DQ('xq', 'sx', 'zx', 'xd'),
    DQ('w1', 'sw1', 'zw', 'w1d'),
    conv('xd', 'w1d', 'c1'),
    Q('c1', 's1', 'z1', 'c1q'),
    DQ('c1q', 's1', 'z1', 'c1d'),
    { opType: 'Resize', inputs: ['c1d', '', 'scales'], outputs: ['rs'], attributes: resize },
  ];
  if (concat)
    nodes.push(
      {
        opType: 'Resize',
        inputs: ['c1d', '', 'scales'],
        outputs: ['rs2'],
        attributes: [
          S('mode', 'nearest'),
          S('coordinate_transformation_mode', 'asymmetric'),
          S('nearest_mode', 'floor'),
        ],
      },
      { opType: 'Concat', inputs: ['rs', 'rs2'], outputs: ['cat'], attributes: [{ name: 'axis', type: AT.INT, i: 1 }] },
    );
  nodes.push(
    Q(concat ? 'cat' : 'rs', 's2', 'z2', 'rq'),
    DQ('rq', 's2', 'z2', 'rd'),
    DQ('w2', 'sw2', 'zw', 'w2d'),
    conv('rd', 'w2d', 'c2'),
    Q('c2', 's3', 'z3', 'c2q'),
    DQ('c2q', 's3', 'z3', 'y'),
  );
  const bytes = writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'qdq-resize',
      nodes,
      initializers: inits,
      inputs: [{ name: 'x', elemType: 1, shape: [1, C, H, W] }],
      outputs: [{ name: 'y', elemType: 1 }],
    },
  });
  const x = Float32Array.from({ length: C * H * W }, () => F((r() * 2 - 1) * 3.5));
  return { bytes, x, dims: [1, C, H, W] };
}

const RESIZES: Array<[string, NodeSpec['attributes']]> = [
  ['bilinear align_corners', [S('mode', 'linear'), S('coordinate_transformation_mode', 'align_corners')]],
  ['bilinear half_pixel', [S('mode', 'linear')]],
  [
    'nearest asymmetric floor',
    [S('mode', 'nearest'), S('coordinate_transformation_mode', 'asymmetric'), S('nearest_mode', 'floor')],
  ],
];

describe('float32 Resize in models, against onnxruntime-web', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime();
  });
  afterAll(() => rt?.dispose());

  it.skipIf(!ort)(
    'one Resize / Upsample node per model (every mode, NaN / +-0 / +-inf): the step runs the kernel, the same floats',
    async () => {
      const r = rng(4810);
      let ran = 0;
      for (let t = 0; t < 70; t++) {
        const mode = t % 2 ? 'linear' : 'nearest';
        const dims = [randInt(r, 1, 2), [4, 3, 8, 1][t % 4], randInt(r, 1, 12), randInt(r, 1, 19)];
        const c =
          t % 10 === 9
            ? upsampleCase(r, mode, dims, t % 20 === 9 ? 7 : 9)
            : resizeCase(r, { mode, dims, opset: t % 10 === 8 ? 10 : undefined, specials: t % 4 === 0 ? 0.2 : 0.02 });
        const [want] = refRun(c);
        if (numel(want.dims) === 0) continue;
        let fromOrt: Tensor;
        try {
          [fromOrt] = await ortRun(c);
        } catch {
          continue; // onnxruntime-web refuses it
        }
        const m = loadModelSync(rt, modelBytes(c));
        try {
          const x = c.inputs[0][0]!;
          const out = m.run({ x0: x.data as Float32Array }, { profile: true });
          const step = m.lastProfile!.find((p) => p.op === c.op)!;
          expect(step.algorithm, describeCase(c)).toMatch(/^resize-f32-(nearest|linear|copy)-nchw$/);
          expectFloats(out.y0 as Float32Array, fromOrt.data as Float32Array, `${describeCase(c)} vs onnxruntime-web`);
        } finally {
          m.dispose();
        }
        ran++;
      }
      expect(ran).toBeGreaterThan(50);
    },
  );

  it.skipIf(!ort)('QDQ Conv -> DQ -> Resize -> Q -> Conv: equal, the Resize in NCHW44, no float relayout', async () => {
    const r = rng(4811);
    for (const [what, attrs] of RESIZES)
      for (const shape of [
        [8, 16, 16, 16],
        [4, 8, 9, 13],
      ]) {
        const { bytes, x, dims } = qdqModel(r, shape, attrs, false);
        const want = await ortOutputs(bytes, { x }, { x: dims });
        const m = loadModelSync(rt, bytes);
        expectFloats(m.run({ x }, { profile: true }).y as Float32Array, want.y, `${what} [${shape}]`);
        const prof = m.lastProfile!;
        const rs = prof.filter((p) => p.op === 'Resize');
        expect(
          rs.map((p) => [p.algorithm, p.layout]),
          what,
        ).toEqual([[`resize-f32-${what.startsWith('nearest') ? 'nearest' : 'linear'}-nchw44`, 'NCHW44']]);
        expect(prof.filter((p) => p.op === 'Relayout' && p.algorithm.endsWith('-b32'))).toEqual([]);
        expect(prof.filter((p) => p.algorithm === 'relayout-host')).toEqual([]);
        m.dispose();
      }
  });

  it.skipIf(!ort)('a Concat fed by two float Resizes: they write into its NCHW44 output, equal', async () => {
    const r = rng(4812);
    for (const [what, attrs] of RESIZES.slice(0, 2))
      for (const shape of [
        [8, 16, 16, 16],
        [4, 8, 9, 13],
      ]) {
        const { bytes, x, dims } = qdqModel(r, shape, attrs, true);
        const want = await ortOutputs(bytes, { x }, { x: dims });
        const m = loadModelSync(rt, bytes);
        expectFloats(m.run({ x }, { profile: true }).y as Float32Array, want.y, `concat ${what} [${shape}]`);
        const prof = m.lastProfile!;
        const cat = prof.filter((p) => p.op === 'Concat');
        expect(cat.map((p) => [p.algorithm, p.layout])).toEqual([
          ['concat-copy+resize-f32-linear-nchw44+resize-f32-nearest-nchw44', 'NCHW44'],
        ]);
        expect(prof.filter((p) => p.op === 'Relayout' && p.algorithm.endsWith('-b32'))).toEqual([]);
        expect(prof.filter((p) => p.algorithm === 'relayout-host')).toEqual([]);
        m.dispose();
      }
  });

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
      const r = rng(4813);
      const models: Array<{ bytes: Uint8Array; x: Float32Array }> = [
        qdqModel(r, [8, 16, 48, 48], RESIZES[0][1], false),
        qdqModel(r, [8, 16, 40, 44], RESIZES[1][1], true),
        qdqModel(r, [4, 8, 64, 64], RESIZES[2][1], false),
      ];
      for (const mode of ['nearest', 'linear'] as const) {
        const c = resizeCase(r, { mode, dims: [2, 12, 61, 77], ctm: 'half_pixel', specials: 0.02 });
        models.push({ bytes: modelBytes(c), x: c.inputs[0][0]!.data as Float32Array });
      }
      for (const { bytes, x } of models) {
        const one = loadModelSync(rt, bytes);
        const two = loadDist(mt, bytes);
        const feeds: Record<string, Float32Array> = { [one.inputs[0].name]: x };
        const a = one.run(feeds),
          b = two.run(feeds, { profile: true }),
          c = await two.runAsync(feeds);
        expect(two.lastProfile!.some((p) => /resize-f32-/.test(p.algorithm))).toBe(true);
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
