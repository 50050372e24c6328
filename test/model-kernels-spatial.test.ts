// The spatial / data-movement kernels of the model executor (src/model/backends/wasm-int8/{pool,resize,transpose,relayout}.ts,
// assembly/model/spatial-*.ts) against the reference executor's operators (kernels-ref/model/ops/) on the same
// seeded data, bit for bit: MaxPool, QLinearAveragePool, QLinearGlobalAveragePool, Resize, Transpose, Relayout;
// uint8 and int8, NCHW and NCHW44; every H, W in 1..9 and larger planes whose widths hit every tail of the vector
// loops; pads / strides / dilations / ceil_mode / auto_pad / count_include_pad; every resize mode; random
// permutations of ranks 1..6. Each run checks the guard bytes around its output and the kernel's own tables, and
// that the input is unchanged. Tasks run in the contract's order (runKernelSerial) or shuffled (they must not
// depend on each other); a few cases check that every output byte is written by exactly one task, and a few run
// on a real pool of 3 threads.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantiateCore, type WasmRuntimeCore } from '../src/runtime.js';
import { I8ConvError } from '../src/errors.js';
import type { Attribute, Tensor } from '../src/model/graph/ir.js';
import { runKernelSerial, type Layout, type ModelKernel, type QType } from '../src/model/backends/types.js';
import {
  MaxPool,
  QLinearAveragePool,
  QLinearGlobalAveragePool,
  poolAttributesOf,
  poolWindow2d,
} from '../src/model/backends/wasm-int8/pool.js';
import { Resize, resizeAttributesOf } from '../src/model/backends/wasm-int8/resize.js';
import { Transpose, reducePermutation } from '../src/model/backends/wasm-int8/transpose.js';
import { Relayout } from '../src/model/backends/wasm-int8/relayout.js';
import { MaxPool as refMaxPool } from '../kernels-ref/model/ops/MaxPool.js';
import { QLinearAveragePool as refQAvgPool } from '../kernels-ref/model/ops/QLinearAveragePool.js';
import { QLinearGlobalAveragePool as refQGlobal } from '../kernels-ref/model/ops/QLinearGlobalAveragePool.js';
import { Resize as refResize } from '../kernels-ref/model/ops/Resize.js';
import { Transpose as refTranspose } from '../kernels-ref/model/ops/Transpose.js';
import { randInt, rng } from './helpers/rng.js';

type Attrs = Map<string, Attribute>;
const ints = (v: number[]): Attribute => ({ kind: 'ints', value: v });
const int = (v: number): Attribute => ({ kind: 'int', value: v });
const str = (v: string): Attribute => ({ kind: 'string', value: v });

const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
const T = (type: Tensor['type'], dims: number[], data: Tensor['data']): Tensor => ({ name: '', type, dims, data });
const scalarF = (v: number) => T('float32', [], Float32Array.of(v));
const scalarQ = (type: QType, v: number) => T(type, [], type === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v));

function randData(r: () => number, type: QType, n: number): Uint8Array | Int8Array {
  const a = type === 'uint8' ? new Uint8Array(n) : new Int8Array(n);
  for (let i = 0; i < n; i++) a[i] = randInt(r, 0, 255);
  return a;
}
const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** NCHW -> NCHW44 bytes ([N][C/4][H][W][4]) and back. */
function to44(x: Uint8Array, [n, c, h, w]: readonly number[]): Uint8Array {
  const y = new Uint8Array(x.length);
  const p = h * w;
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++)
      for (let i = 0; i < p; i++) y[((b * (c >> 2) + (ch >> 2)) * p + i) * 4 + (ch & 3)] = x[(b * c + ch) * p + i];
  return y;
}
function from44(y: Uint8Array, [n, c, h, w]: readonly number[]): Uint8Array {
  const x = new Uint8Array(y.length);
  const p = h * w;
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++)
      for (let i = 0; i < p; i++) x[(b * c + ch) * p + i] = y[((b * (c >> 2) + (ch >> 2)) * p + i) * 4 + (ch & 3)];
  return x;
}

const GUARD = 64;
type RunMode = 'serial' | 'shuffled';

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
 * Runs kernel k on `input` (bytes in its layout) into an output of outBytes bytes between guard bands; checks the
 * guards, the kernel's tables' guards and that the input is unchanged; returns the output bytes.
 */
function runKernel(
  core: WasmRuntimeCore,
  k: ModelKernel & { checkGuards(): boolean },
  input: Uint8Array,
  outBytes: number,
  mode: RunMode,
  r: () => number,
  prefill = 0xcd,
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
    u8.fill(prefill, dst, dst + outBytes);
    if (mode === 'serial') runKernelSerial(core, k, src, 0, dst);
    else runShuffled(core, k, src, dst, r);
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

/** Which task wrote which output byte: every byte by exactly one task. */
function expectDisjointTasks(
  core: WasmRuntimeCore,
  k: ModelKernel & { checkGuards(): boolean },
  input: Uint8Array,
  outBytes: number,
): number {
  const owner = new Int32Array(outBytes).fill(-1);
  const d = k.dispatch[0];
  expect(k.dispatch.length).toBe(1);
  const total = numel(d.range);
  for (let t = 0; t < total; t++) {
    // task t alone, on outputs prefilled with 0x00 and with 0xff: a byte it writes differs from one of the two
    const written = new Uint8Array(outBytes);
    for (const fill of [0x00, 0xff]) {
      const out = runOneTask(core, k, input, outBytes, t, fill);
      for (let i = 0; i < outBytes; i++) if (out[i] !== fill) written[i] = 1;
    }
    for (let i = 0; i < outBytes; i++) {
      if (!written[i]) continue;
      if (owner[i] !== -1) throw new Error(`${k.algorithm}: byte ${i} written by tasks ${owner[i]} and ${t}`);
      owner[i] = t;
    }
  }
  const missing = owner.indexOf(-1);
  if (missing >= 0) throw new Error(`${k.algorithm}: byte ${missing} written by no task`);
  return total;
}

function runOneTask(
  core: WasmRuntimeCore,
  k: ModelKernel,
  input: Uint8Array,
  outBytes: number,
  t: number,
  fill: number,
): Uint8Array {
  const d = k.dispatch[0];
  const range = [1, 1, 1];
  d.range.forEach((v, i) => (range[3 - d.range.length + i] = v));
  const c = t % range[2];
  const b = Math.floor(t / range[2]) % range[1];
  const a = Math.floor(t / (range[1] * range[2]));
  const sOff = core.heap.alloc(input.length, 64);
  const dOff = core.heap.alloc(outBytes, 64);
  try {
    const u8 = core.u8();
    u8.set(input, sOff);
    u8.fill(fill, dOff, dOff + outBytes);
    (core.exports[d.fn] as (...a: number[]) => void)(k.ctx, sOff, dOff, 0, a, b, c);
    return core.u8().slice(dOff, dOff + outBytes);
  } finally {
    core.heap.release(sOff);
    core.heap.release(dOff);
  }
}

function expectBytes(got: Uint8Array, want: Uint8Array, what: string): void {
  expect(got.length, what).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    if (got[i] !== want[i]) {
      throw new Error(`${what}: byte ${i} is ${got[i]}, the reference has ${want[i]}`);
    }
  }
}

/** The kernel's input bytes and the reference's expected bytes, both in `layout`. */
function inLayout(x: Uint8Array, dims: readonly number[], layout: Layout): Uint8Array {
  return layout === 'NCHW44' ? to44(x, dims) : x;
}

let core: WasmRuntimeCore;
let relaxed: WasmRuntimeCore | null = null;
beforeAll(async () => {
  core = await instantiateCore({ build: 'simd128' });
  try {
    relaxed = await instantiateCore({ build: 'relaxed' });
  } catch (e) {
    if (!(e instanceof I8ConvError && e.code === 'NO_RELAXED_SIMD')) throw e;
  }
});

const TYPES: QType[] = ['uint8', 'int8'];
const LAYOUTS: Layout[] = ['NCHW', 'NCHW44'];

// ---- pools -------------------------------------------------------------------------------------------------------------

interface PoolCase {
  dims: number[];
  attrs: Attrs;
}

/** Random valid pool attributes for an H x W input (pads below the kernel, as ONNX models have them). */
function randomPoolAttrs(r: () => number, h: number, w: number, dilations: boolean): Attrs | null {
  const k = [randInt(r, 1, Math.min(h + 1, 4)), randInt(r, 1, Math.min(w + 1, 4))];
  const a: Attrs = new Map([['kernel_shape', ints(k)]]);
  if (r() < 0.8) a.set('strides', ints([randInt(r, 1, 3), randInt(r, 1, 3)]));
  const mode = randInt(r, 0, 3);
  if (mode === 1)
    a.set(
      'pads',
      ints([randInt(r, 0, k[0] - 1), randInt(r, 0, k[1] - 1), randInt(r, 0, k[0] - 1), randInt(r, 0, k[1] - 1)]),
    );
  if (mode === 2) a.set('auto_pad', str(r() < 0.5 ? 'SAME_UPPER' : 'SAME_LOWER'));
  if (mode === 3 && r() < 0.5) a.set('auto_pad', str('VALID'));
  if (mode !== 2 && r() < 0.4) a.set('ceil_mode', int(1));
  if (dilations && mode !== 2 && r() < 0.3) a.set('dilations', ints([randInt(r, 1, 2), randInt(r, 1, 2)]));
  return a;
}

/** Whether the geometry is one the kernels take (the reference would reject it or find an empty window). */
function takes(h: number, w: number, a: Attrs, op: string): boolean {
  try {
    poolWindow2d(op, 'n', h, w, poolAttributesOf(op, 'n', a), op === 'MaxPool');
    return true;
  } catch (e) {
    if (e instanceof I8ConvError && (e.code === 'UNSUPPORTED_OP' || e.code === 'BAD_SHAPE')) return false;
    throw e;
  }
}

function poolCases(r: () => number, op: string, large: number[][]): PoolCase[] {
  const cases: PoolCase[] = [];
  for (let h = 1; h <= 9; h++) {
    for (let w = 1; w <= 9; w++) {
      // three geometries per size
      for (let tries = 0, found = 0; tries < 60 && found < 3; tries++) {
        const a = randomPoolAttrs(r, h, w, op === 'MaxPool');
        if (a && takes(h, w, a, op)) {
          cases.push({ dims: [randInt(r, 1, 2), 4 * randInt(r, 1, 2), h, w], attrs: a });
          found++;
        }
      }
    }
  }
  for (const [n, c, h, w, kh, kw, sh, sw, p, dil, ceil] of large) {
    const a: Attrs = new Map([
      ['kernel_shape', ints([kh, kw])],
      ['strides', ints([sh, sw])],
      ['pads', ints([p, p, p, p])],
    ]);
    if (dil > 1) a.set('dilations', ints([dil, dil]));
    if (ceil) a.set('ceil_mode', int(1));
    cases.push({ dims: [n, c, h, w], attrs: a });
  }
  return cases;
}

// [N, C, H, W, kh, kw, sh, sw, pad, dilation, ceil]: interior widths that hit the 16-column vectors with and without
// an overlapping tail, stride 2 deinterleaving, dilation, the 4-pixel NCHW44 vectors, and a split into row tiles
const LARGE_MAX = [
  [1, 8, 37, 70, 3, 3, 1, 1, 1, 1, 0],
  [1, 4, 20, 48, 2, 2, 1, 1, 0, 1, 0],
  [2, 8, 31, 75, 3, 3, 2, 2, 1, 1, 1],
  [1, 4, 33, 67, 3, 5, 2, 2, 2, 1, 0],
  [1, 4, 17, 53, 3, 3, 1, 1, 1, 2, 0],
  [1, 4, 40, 69, 2, 2, 2, 2, 0, 1, 0],
  [1, 4, 21, 80, 3, 3, 3, 3, 1, 1, 1],
  [1, 4, 160, 150, 3, 3, 2, 2, 1, 1, 0],
];

describe('MaxPool (8-bit) against the reference MaxPool', () => {
  it('every H, W in 1..9 with random kernels / strides / pads / auto_pad / ceil_mode / dilations, and large planes, both types and layouts', () => {
    const r = rng(101);
    const cases = poolCases(r, 'MaxPool', LARGE_MAX);
    expect(cases.length).toBeGreaterThan(3 * 81 - 10);
    let runs = 0;
    for (const [ci, c] of cases.entries()) {
      for (const type of TYPES) {
        const x = randData(r, type, numel(c.dims));
        const [want] = refMaxPool([T(type, c.dims, x)], c.attrs, 13);
        for (const layout of LAYOUTS) {
          const k = new MaxPool(core, {
            node: 'mp',
            type,
            layout,
            dims: c.dims,
            ...poolAttributesOf('MaxPool', 'mp', c.attrs),
          });
          expect(k.outDims).toEqual(want.dims);
          const what = `MaxPool ${type} ${layout} [${c.dims}] ${JSON.stringify([...c.attrs])}`;
          const out = runKernel(
            core,
            k,
            inLayout(bytesOf(x), c.dims, layout),
            numel(want.dims),
            (ci + runs) % 2 ? 'shuffled' : 'serial',
            r,
          );
          expectBytes(layout === 'NCHW44' ? from44(out, want.dims) : out, bytesOf(want.data as Uint8Array), what);
          k.dispose();
          runs++;
        }
      }
    }
  });

  it('the vectors take only cells inside the input: equal maxima, extremes and one hot cell per window', () => {
    // all-lowest input with a single max at each corner / edge: padding must never win, the hot cell always
    for (const type of TYPES) {
      const lowest = type === 'uint8' ? 0 : 0x80;
      for (const layout of LAYOUTS) {
        const dims = [1, 4, 9, 40];
        for (const hot of [0, 39, 8 * 40, 9 * 40 - 1, 4 * 40 + 17]) {
          const x = new Uint8Array(numel(dims)).fill(lowest);
          for (let c = 0; c < 4; c++) x[c * 360 + hot] = type === 'uint8' ? 255 : 127;
          const xt = type === 'uint8' ? x : new Int8Array(x.buffer);
          const attrs: Attrs = new Map([
            ['kernel_shape', ints([3, 3])],
            ['pads', ints([1, 1, 1, 1])],
          ]);
          const [want] = refMaxPool([T(type, dims, xt)], attrs, 13);
          const k = new MaxPool(core, { type, layout, dims, kernelShape: [3, 3], pads: [1, 1, 1, 1] });
          const out = runKernel(core, k, inLayout(x, dims, layout), numel(want.dims), 'serial', rng(1));
          expectBytes(
            layout === 'NCHW44' ? from44(out, want.dims) : out,
            bytesOf(want.data as Uint8Array),
            `hot ${hot} ${type} ${layout}`,
          );
          k.dispose();
        }
      }
    }
  });
});

function randomScales(r: () => number): [number, number] {
  const pick = randInt(r, 0, 3);
  if (pick === 0) return [1, 1]; // ties at .5 (sums over 2 or 4 cells)
  if (pick === 1) return [Math.fround(0.5), Math.fround(1)];
  return [Math.fround(0.001 + r() * 0.2), Math.fround(0.001 + r() * 0.2)];
}

const LARGE_AVG = [
  [1, 8, 37, 70, 3, 3, 1, 1, 1, 1, 0],
  [1, 4, 20, 40, 2, 2, 1, 1, 0, 1, 0],
  [2, 8, 31, 41, 3, 3, 2, 2, 1, 1, 1],
  [1, 4, 33, 47, 2, 2, 2, 2, 0, 1, 0],
  [1, 4, 19, 35, 5, 5, 1, 1, 2, 1, 1],
  [1, 4, 21, 50, 3, 3, 3, 3, 1, 1, 1],
  [1, 4, 130, 140, 3, 3, 1, 1, 1, 1, 0],
];

describe('QLinearAveragePool against the reference', () => {
  it('every H, W in 1..9 with random kernels / strides / pads / auto_pad / ceil_mode / count_include_pad, and large planes', () => {
    const r = rng(202);
    const cases = poolCases(r, 'QLinearAveragePool', LARGE_AVG);
    for (const [ci, c] of cases.entries()) {
      if (r() < 0.5) c.attrs.set('count_include_pad', int(1));
      for (const type of TYPES) {
        const x = randData(r, type, numel(c.dims));
        const [xs, ys] = randomScales(r);
        const [lo, hi] = type === 'uint8' ? [0, 255] : [-128, 127];
        const xz = randInt(r, lo, hi),
          yz = randInt(r, lo, hi);
        const [want] = refQAvgPool(
          [T(type, c.dims, x), scalarF(xs), scalarQ(type, xz), scalarF(ys), scalarQ(type, yz)],
          c.attrs,
          13,
        );
        for (const layout of LAYOUTS) {
          const a = poolAttributesOf('QLinearAveragePool', 'ap', c.attrs);
          const k = new QLinearAveragePool(core, {
            node: 'ap',
            type,
            layout,
            dims: c.dims,
            ...a,
            xScale: xs,
            xZeroPoint: xz,
            yScale: ys,
            yZeroPoint: yz,
          });
          expect(k.outDims).toEqual(want.dims);
          const what = `QLinearAveragePool ${type} ${layout} [${c.dims}] ${JSON.stringify([...c.attrs])} scales ${xs} ${ys} zps ${xz} ${yz}`;
          const out = runKernel(
            core,
            k,
            inLayout(bytesOf(x), c.dims, layout),
            numel(want.dims),
            ci % 2 ? 'shuffled' : 'serial',
            r,
          );
          expectBytes(layout === 'NCHW44' ? from44(out, want.dims) : out, bytesOf(want.data as Uint8Array), what);
          k.dispose();
        }
      }
    }
  });

  it('saturates at both ends and rounds ties to even after adding the zero point', () => {
    const dims = [1, 4, 6, 36];
    for (const type of TYPES) {
      for (const [xs, ys, yz] of [
        [1, 1, 0],
        [1, 1, 3],
        [4, 0.25, 0],
        [0.5, 1, -1],
      ]) {
        const r = rng(7 + xs * 10 + yz);
        const x = randData(r, type, numel(dims));
        const zp = type === 'uint8' ? Math.abs(yz) : yz;
        const attrs: Attrs = new Map([
          ['kernel_shape', ints([2, 2])],
          ['pads', ints([1, 1, 0, 0])],
        ]);
        const [want] = refQAvgPool(
          [T(type, dims, x), scalarF(xs), scalarQ(type, 0), scalarF(ys), scalarQ(type, zp)],
          attrs,
          13,
        );
        for (const layout of LAYOUTS) {
          const k = new QLinearAveragePool(core, {
            type,
            layout,
            dims,
            kernelShape: [2, 2],
            pads: [1, 1, 0, 0],
            xScale: xs,
            xZeroPoint: 0,
            yScale: ys,
            yZeroPoint: zp,
          });
          const out = runKernel(core, k, inLayout(bytesOf(x), dims, layout), numel(want.dims), 'serial', r);
          expectBytes(
            layout === 'NCHW44' ? from44(out, want.dims) : out,
            bytesOf(want.data as Uint8Array),
            `${type} ${layout} ${xs} ${ys} ${zp}`,
          );
          k.dispose();
        }
      }
    }
  });
});

describe('QLinearGlobalAveragePool against the reference', () => {
  it('every H, W in 1..9 and large planes, both types and layouts, random and tie-making scales', () => {
    const r = rng(303);
    const shapes: number[][] = [];
    for (let h = 1; h <= 9; h++)
      for (let w = 1; w <= 9; w++) shapes.push([randInt(r, 1, 2), 4 * randInt(r, 1, 3), h, w]);
    shapes.push([1, 8, 56, 56], [2, 12, 17, 33], [1, 4, 7, 7], [1, 64, 1, 1], [1, 8, 100, 101]);
    for (const [si, dims] of shapes.entries()) {
      for (const type of TYPES) {
        const x = randData(r, type, numel(dims));
        const size = dims[2] * dims[3];
        const [lo, hi] = type === 'uint8' ? [0, 255] : [-128, 127];
        const xz = randInt(r, lo, hi),
          yz = randInt(r, lo, hi);
        // scale 1 / S * 2: sums of odd values land on .5 ties; else random
        const [xs, ys] = r() < 0.3 ? [2, size] : randomScales(r);
        const [want] = refQGlobal(
          [T(type, dims, x), scalarF(xs), scalarQ(type, xz), scalarF(ys), scalarQ(type, yz)],
          new Map(),
          13,
        );
        for (const layout of LAYOUTS) {
          const k = new QLinearGlobalAveragePool(core, {
            node: 'g',
            type,
            layout,
            dims,
            xScale: xs,
            xZeroPoint: xz,
            yScale: ys,
            yZeroPoint: yz,
          });
          expect(k.outDims).toEqual(want.dims);
          const out = runKernel(
            core,
            k,
            inLayout(bytesOf(x), dims, layout),
            numel(want.dims),
            si % 2 ? 'shuffled' : 'serial',
            r,
          );
          // [N, C, 1, 1] has the same bytes in both layouts
          expectBytes(
            out,
            bytesOf(want.data as Uint8Array),
            `QLinearGlobalAveragePool ${type} ${layout} [${dims}] ${xs} ${ys} ${xz} ${yz}`,
          );
          k.dispose();
        }
      }
    }
  });
});

// ---- Resize ------------------------------------------------------------------------------------------------------------

interface ResizeCase {
  dims: number[];
  attrs: Attrs;
  scales?: number[];
  sizes?: number[];
  opset: number;
}

const CTMS = ['half_pixel', 'pytorch_half_pixel', 'align_corners', 'asymmetric', 'tf_half_pixel_for_nn'];
const NEAREST = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];

function resizeCases(r: () => number): ResizeCase[] {
  const cases: ResizeCase[] = [];
  const scaleOf = () => Math.fround(0.25 * randInt(r, 1, 12));
  for (let h = 1; h <= 9; h++) {
    for (let w = 1; w <= 9; w++) {
      const dims = [randInt(r, 1, 2), 4 * randInt(r, 1, 2), h, w];
      // every mode on every size: nearest with a coordinate and rounding mode, linear with a coordinate mode, opset 10
      const nearest: Attrs = new Map([
        ['mode', str('nearest')],
        ['coordinate_transformation_mode', str(CTMS[(h + w) % 5])],
        ['nearest_mode', str(NEAREST[(h * w) % 4])],
      ]);
      const linear: Attrs = new Map([
        ['mode', str('linear')],
        ['coordinate_transformation_mode', str(CTMS[(h * 3 + w) % 4])],
      ]);
      for (const attrs of [nearest, linear]) {
        if (r() < 0.5) cases.push({ dims, attrs, scales: [1, 1, scaleOf(), scaleOf()], opset: 13 });
        else cases.push({ dims, attrs, sizes: [dims[0], dims[1], randInt(r, 1, 19), randInt(r, 1, 19)], opset: 13 });
      }
      if ((h + w) % 3 === 0)
        cases.push({
          dims,
          attrs: new Map([['mode', str(r() < 0.5 ? 'nearest' : 'linear')]]),
          scales: [1, 1, scaleOf(), scaleOf()],
          opset: 10,
        });
    }
  }
  // large planes: 16-column groups (gathered by one load and a swizzle, or one by one), row copies, the last rows
  // of the tensor (where a 16-byte load would pass its end), downsampling
  const big: Array<[number[], number[] | null, number[] | null]> = [
    [[1, 8, 20, 40], [1, 1, 2, 2], null],
    [[1, 4, 33, 50], null, [1, 4, 64, 100]],
    [[1, 4, 64, 64], [1, 1, 0.5, 0.5], null],
    [[2, 4, 13, 17], [1, 1, 3, 3], null],
    [[1, 4, 30, 70], null, [1, 4, 45, 99]],
    [[1, 4, 9, 100], null, [1, 4, 20, 37]],
    [[1, 4, 80, 80], [1, 1, 2, 2], null],
  ];
  for (const [dims, scales, sizes] of big) {
    for (const [mode, ctm, nm] of [
      ['nearest', 'asymmetric', 'floor'],
      ['nearest', 'half_pixel', 'round_prefer_ceil'],
      ['linear', 'half_pixel', ''],
      ['linear', 'align_corners', ''],
      ['linear', 'pytorch_half_pixel', ''],
    ]) {
      const attrs: Attrs = new Map([
        ['mode', str(mode)],
        ['coordinate_transformation_mode', str(ctm)],
      ]);
      if (nm) attrs.set('nearest_mode', str(nm));
      cases.push({ dims, attrs, scales: scales ?? undefined, sizes: sizes ?? undefined, opset: 13 });
    }
  }
  return cases;
}

function runResize(cr: WasmRuntimeCore, c: ResizeCase, type: QType, r: () => number, ci: number): void {
  const x = randData(r, type, numel(c.dims));
  const inputs = [
    T(type, c.dims, x),
    undefined,
    c.scales ? T('float32', [4], Float32Array.from(c.scales)) : undefined,
    c.sizes ? T('int64', [4], BigInt64Array.from(c.sizes, BigInt)) : undefined,
  ];
  const [want] = refResize(c.opset < 11 ? [inputs[0], inputs[2]] : inputs, c.attrs, c.opset);
  for (const layout of LAYOUTS) {
    if (numel(want.dims) === 0) {
      // an empty output: refused (the executor has nothing to run)
      expect(
        () =>
          new Resize(cr, {
            type,
            layout,
            dims: c.dims,
            scales: c.scales,
            sizes: c.sizes,
            opset: c.opset,
            ...resizeAttributesOf('rs', c.attrs),
          }),
      ).toThrow(/empty output/);
      continue;
    }
    const k = new Resize(cr, {
      node: 'rs',
      type,
      layout,
      dims: c.dims,
      scales: c.scales,
      sizes: c.sizes,
      opset: c.opset,
      ...resizeAttributesOf('rs', c.attrs),
    });
    expect(k.outDims).toEqual(want.dims);
    const what = `Resize ${type} ${layout} [${c.dims}] ${c.scales ? `scales [${c.scales}]` : `sizes [${c.sizes}]`} opset ${c.opset} ${JSON.stringify([...c.attrs])}`;
    const out = runKernel(
      cr,
      k,
      inLayout(bytesOf(x), c.dims, layout),
      numel(want.dims),
      ci % 2 ? 'shuffled' : 'serial',
      r,
    );
    expectBytes(layout === 'NCHW44' ? from44(out, want.dims) : out, bytesOf(want.data as Uint8Array), what);
    k.dispose();
  }
}

describe('Resize (8-bit) against the reference Resize', () => {
  it('every H, W in 1..9 in every mode (nearest modes, coordinate modes, linear, opset 10), scales and sizes, and large planes', () => {
    const r = rng(404);
    const cases = resizeCases(r);
    for (const [ci, c] of cases.entries()) for (const type of TYPES) runResize(core, c, type, r, ci);
  });

  it('every coordinate and nearest mode on one upsampling and one downsampling, linear blending extremes', () => {
    const r = rng(405);
    for (const [dims, sizes] of [
      [
        [1, 4, 7, 23],
        [1, 4, 16, 53],
      ],
      [
        [1, 4, 23, 37],
        [1, 4, 9, 14],
      ],
    ]) {
      for (const ctm of CTMS) {
        for (const nm of NEAREST)
          runResize(
            core,
            {
              dims,
              sizes,
              attrs: new Map([
                ['mode', str('nearest')],
                ['coordinate_transformation_mode', str(ctm)],
                ['nearest_mode', str(nm)],
              ]),
              opset: 13,
            },
            'int8',
            r,
            0,
          );
        if (ctm !== 'tf_half_pixel_for_nn')
          for (const type of TYPES)
            runResize(
              core,
              {
                dims,
                sizes,
                attrs: new Map([
                  ['mode', str('linear')],
                  ['coordinate_transformation_mode', str(ctm)],
                ]),
                opset: 13,
              },
              type,
              r,
              1,
            );
      }
    }
  });
});

// ---- Transpose ---------------------------------------------------------------------------------------------------------

function runTranspose(
  cr: WasmRuntimeCore,
  dims: number[],
  perm: number[] | undefined,
  e: 1 | 4,
  r: () => number,
  mode: RunMode,
): void {
  const n = numel(dims);
  const x =
    e === 1 ? randData(r, 'int8', n) : Int32Array.from({ length: n }, () => randInt(r, -(2 ** 31), 2 ** 31 - 1));
  const attrs: Attrs = perm ? new Map([['perm', ints(perm)]]) : new Map();
  const [want] = refTranspose([T(e === 1 ? 'int8' : 'int32', dims, x)], attrs, 13);
  const k = new Transpose(cr, { node: 'tp', elementBytes: e, dims, perm });
  expect(k.outDims).toEqual(want.dims);
  const out = runKernel(cr, k, bytesOf(x), n * e, mode, r);
  expectBytes(
    out,
    bytesOf(want.data as Int8Array),
    `Transpose ${e}-byte [${dims}] perm [${perm ?? 'reversed'}] (${k.algorithm})`,
  );
  k.dispose();
}

describe('Transpose against the reference Transpose', () => {
  it('random permutations of ranks 1..6, 1- and 4-byte elements', () => {
    const r = rng(505);
    for (let i = 0; i < 400; i++) {
      const rank = randInt(r, 1, 6);
      const dims = Array.from({ length: rank }, () => randInt(r, 1, rank <= 3 ? 20 : 6));
      const perm = dims.map((_, j) => j);
      for (let j = rank - 1; j > 0; j--) {
        const q = randInt(r, 0, j);
        [perm[j], perm[q]] = [perm[q], perm[j]];
      }
      runTranspose(core, dims, r() < 0.1 ? undefined : perm, r() < 0.5 ? 1 : 4, r, i % 2 ? 'shuffled' : 'serial');
    }
  });

  it('NCHW <-> NHWC and the other 4-D permutations on planes whose sides are off the tiles', () => {
    const r = rng(506);
    const perms = [
      [0, 2, 3, 1],
      [0, 3, 1, 2],
      [0, 1, 3, 2],
      [1, 0, 2, 3],
      [0, 2, 1, 3],
      [3, 2, 1, 0],
      [2, 3, 0, 1],
    ];
    for (const dims of [
      [1, 37, 9, 23],
      [2, 64, 16, 16],
      [1, 3, 50, 50],
      [1, 17, 33, 5],
      [1, 16, 1, 31],
      [2, 5, 3, 1],
    ]) {
      for (const perm of perms)
        for (const e of [1, 4] as const) runTranspose(core, dims, perm, e, r, e === 1 ? 'serial' : 'shuffled');
    }
    runTranspose(core, [1, 96, 120, 160], [0, 2, 3, 1], 1, r, 'shuffled');
    runTranspose(core, [3, 1, 50000], [1, 0, 2], 4, r, 'shuffled'); // an identity: one copy over several tasks
    runTranspose(core, [1, 120, 160, 96], [0, 3, 1, 2], 4, r, 'serial');
  });

  it('reduces permutations: extent-1 axes dropped, adjacent axes merged', () => {
    expect(reducePermutation([2, 3, 4, 5], [0, 2, 3, 1])).toEqual({ dims: [2, 3, 20], perm: [0, 2, 1] });
    expect(reducePermutation([1, 3, 4, 5], [0, 2, 3, 1])).toEqual({ dims: [3, 20], perm: [1, 0] });
    expect(reducePermutation([2, 3, 4, 5], [0, 1, 2, 3])).toEqual({ dims: [120], perm: [0] });
    expect(reducePermutation([1, 1, 1], [2, 0, 1])).toEqual({ dims: [1], perm: [0] });
    expect(reducePermutation([2, 3, 4, 5], [3, 2, 1, 0])).toEqual({ dims: [2, 3, 4, 5], perm: [3, 2, 1, 0] });
    expect(reducePermutation([6, 1, 7], [2, 1, 0])).toEqual({ dims: [6, 7], perm: [1, 0] });
  });

  it('an empty tensor has no tasks', () => {
    const k = new Transpose(core, { elementBytes: 1, dims: [3, 0, 2], perm: [2, 0, 1] });
    expect(k.outDims).toEqual([2, 3, 0]);
    expect(k.dispatch).toEqual([]);
    k.dispose();
  });
});

// ---- Relayout ----------------------------------------------------------------------------------------------------------

describe('Relayout NCHW <-> NCHW44', () => {
  it('every H, W in 1..9 and large planes, both directions, equal to the layout definition', () => {
    const r = rng(606);
    const shapes: number[][] = [];
    for (let h = 1; h <= 9; h++)
      for (let w = 1; w <= 9; w++) shapes.push([randInt(r, 1, 2), 4 * randInt(r, 1, 3), h, w]);
    shapes.push([1, 64, 56, 56], [2, 12, 17, 33], [1, 4, 1, 1], [1, 256, 7, 7]);
    for (const [si, dims] of shapes.entries()) {
      const x = randData(r, 'uint8', numel(dims)) as Uint8Array;
      const to = new Relayout(core, { dims, from: 'NCHW', to: 'NCHW44' });
      const back = new Relayout(core, { dims, from: 'NCHW44', to: 'NCHW' });
      const y = runKernel(core, to, x, x.length, si % 2 ? 'shuffled' : 'serial', r);
      expectBytes(y, to44(x, dims), `NCHW -> NCHW44 [${dims}]`);
      expectBytes(runKernel(core, back, y, x.length, si % 2 ? 'serial' : 'shuffled', r), x, `NCHW44 -> NCHW [${dims}]`);
      to.dispose();
      back.dispose();
    }
  });
});

// ---- task independence, threads, the relaxed build ----------------------------------------------------------------------

describe('tasks and threads', () => {
  it('every output byte is written by exactly one task', () => {
    const r = rng(707);
    const mk = (layout: Layout): Array<[ModelKernel & { checkGuards(): boolean }, number[], number]> => {
      const d = [2, 8, 70, 90];
      return [
        [
          new MaxPool(core, {
            type: 'int8',
            layout,
            dims: d,
            kernelShape: [3, 3],
            strides: [2, 2],
            pads: [1, 1, 1, 1],
          }),
          d,
          2 * 8 * 35 * 45,
        ],
        [
          new QLinearAveragePool(core, {
            type: 'uint8',
            layout,
            dims: d,
            kernelShape: [3, 3],
            pads: [1, 1, 1, 1],
            xScale: 0.1,
            xZeroPoint: 3,
            yScale: 0.2,
            yZeroPoint: 7,
          }),
          d,
          2 * 8 * 70 * 90,
        ],
        [
          new QLinearGlobalAveragePool(core, {
            type: 'int8',
            layout,
            dims: [2, 32, 30, 30],
            xScale: 0.1,
            xZeroPoint: 3,
            yScale: 0.2,
            yZeroPoint: 7,
          }),
          [2, 32, 30, 30],
          64,
        ],
        [
          new Resize(core, { type: 'uint8', layout, dims: [1, 8, 40, 50], scales: [1, 1, 2, 2], mode: 'linear' }),
          [1, 8, 40, 50],
          8 * 80 * 100,
        ],
        [
          new Resize(core, { type: 'uint8', layout, dims: [1, 8, 40, 50], scales: [1, 1, 2, 2], mode: 'nearest' }),
          [1, 8, 40, 50],
          8 * 80 * 100,
        ],
      ];
    };
    let multi = 0;
    for (const layout of LAYOUTS) {
      for (const [k, dims, outBytes] of mk(layout)) {
        const x = bytesOf(randData(r, 'int8', numel(dims)));
        if (expectDisjointTasks(core, k, x, outBytes) > 1) multi++;
        k.dispose();
      }
    }
    const t = new Transpose(core, { elementBytes: 1, dims: [1, 40, 60, 70], perm: [0, 2, 3, 1] });
    expect(expectDisjointTasks(core, t, bytesOf(randData(r, 'int8', 40 * 60 * 70)), 40 * 60 * 70)).toBeGreaterThan(1);
    t.dispose();
    const id = new Transpose(core, { elementBytes: 4, dims: [3, 1, 20000], perm: [1, 0, 2] });
    expect(expectDisjointTasks(core, id, bytesOf(randData(r, 'int8', 4 * 60000)), 4 * 60000)).toBeGreaterThan(1);
    id.dispose();
    const rl = new Relayout(core, { dims: [1, 64, 30, 30], from: 'NCHW', to: 'NCHW44' });
    expect(expectDisjointTasks(core, rl, bytesOf(randData(r, 'int8', 64 * 900)), 64 * 900)).toBeGreaterThan(1);
    rl.dispose();
    expect(multi).toBe(10);
  });

  // the workers load the built library's worker script (JavaScript): dist/, which `npm test` builds first
  const distRuntime = new URL('../dist/src/runtime.js', import.meta.url);
  it.skipIf(!existsSync(distRuntime))(
    'a pool of 3 threads computes what one thread does (the threaded build, dist/)',
    async () => {
      const dist = (await import(distRuntime.href)) as { instantiateCore: typeof instantiateCore };
      const mt = await dist.instantiateCore({ build: 'simd128', threads: 3 });
      try {
        expect(mt.threading.reason).toBe('enabled');
        const r = rng(808);
        const kernels: Array<[(c: WasmRuntimeCore) => ModelKernel & { checkGuards(): boolean }, number[], number]> = [
          [
            (c) =>
              new MaxPool(c, {
                type: 'uint8',
                layout: 'NCHW44',
                dims: [1, 32, 128, 128],
                kernelShape: [3, 3],
                strides: [2, 2],
                pads: [1, 1, 1, 1],
              }),
            [1, 32, 128, 128],
            32 * 64 * 64,
          ],
          [
            (c) =>
              new QLinearAveragePool(c, {
                type: 'int8',
                layout: 'NCHW',
                dims: [1, 16, 64, 64],
                kernelShape: [3, 3],
                pads: [1, 1, 1, 1],
                countIncludePad: 1,
                xScale: 0.05,
                xZeroPoint: -3,
                yScale: 0.04,
                yZeroPoint: 2,
              }),
            [1, 16, 64, 64],
            16 * 64 * 64,
          ],
          [
            (c) =>
              new Resize(c, {
                type: 'int8',
                layout: 'NCHW',
                dims: [1, 16, 32, 32],
                scales: [1, 1, 2, 2],
                mode: 'linear',
              }),
            [1, 16, 32, 32],
            16 * 64 * 64,
          ],
          [
            (c) => new Transpose(c, { elementBytes: 1, dims: [1, 64, 48, 48], perm: [0, 2, 3, 1] }),
            [1, 64, 48, 48],
            64 * 48 * 48,
          ],
        ];
        for (const [make, dims, outBytes] of kernels) {
          const x = bytesOf(randData(r, 'int8', numel(dims)));
          const k1 = make(core);
          const want = runKernel(core, k1, x, outBytes, 'serial', r);
          k1.dispose();
          const k = make(mt);
          expect(numel(k.dispatch[0].range), `${k.algorithm}: tasks`).toBeGreaterThanOrEqual(4);
          const src = mt.heap.alloc(x.length),
            dst = mt.heap.alloc(outBytes);
          mt.u8().set(x, src);
          for (const d of k.dispatch) mt.pool!.run(mt.exports, d, { ctx: k.ctx, src, dst, slices: 0 });
          expectBytes(mt.u8().slice(dst, dst + outBytes), want, `${k.algorithm} on 3 threads`);
          expect(k.checkGuards()).toBe(true);
          k.dispose();
          mt.heap.release(src);
          mt.heap.release(dst);
        }
      } finally {
        mt.dispose();
      }
    },
  );

  it('the relaxed build computes the same (where the engine has it)', (ctx) => {
    if (!relaxed) return ctx.skip();
    const rx = relaxed;
    const r = rng(909);
    for (const c of resizeCases(r).slice(-10)) runResize(rx, c, 'uint8', r, 0);
    for (const dims of [
      [1, 8, 37, 70],
      [2, 8, 31, 75],
    ]) {
      for (const layout of LAYOUTS) {
        const x = randData(r, 'int8', numel(dims));
        const attrs: Attrs = new Map([
          ['kernel_shape', ints([3, 3])],
          ['strides', ints([2, 2])],
          ['pads', ints([1, 1, 1, 1])],
        ]);
        const [want] = refMaxPool([T('int8', dims, x)], attrs, 13);
        const k = new MaxPool(rx, {
          type: 'int8',
          layout,
          dims,
          kernelShape: [3, 3],
          strides: [2, 2],
          pads: [1, 1, 1, 1],
        });
        const out = runKernel(rx, k, inLayout(bytesOf(x), dims, layout), numel(want.dims), 'serial', r);
        expectBytes(
          layout === 'NCHW44' ? from44(out, want.dims) : out,
          bytesOf(want.data as Int8Array),
          `relaxed MaxPool ${layout}`,
        );
        k.dispose();
      }
    }
    runTranspose(rx, [1, 37, 9, 23], [0, 2, 3, 1], 1, r, 'serial');
    // the others: the same bytes as the SIMD128 build
    const q = { xScale: 0.07, xZeroPoint: 5, yScale: 0.05, yZeroPoint: -3 };
    const makers: Array<[(c: WasmRuntimeCore) => ModelKernel & { checkGuards(): boolean }, number[], number]> = [
      [
        (c) =>
          new QLinearAveragePool(c, {
            type: 'int8',
            layout: 'NCHW',
            dims: [1, 8, 21, 45],
            kernelShape: [3, 3],
            pads: [1, 1, 1, 1],
            ...q,
          }),
        [1, 8, 21, 45],
        8 * 21 * 45,
      ],
      [
        (c) =>
          new QLinearAveragePool(c, {
            type: 'int8',
            layout: 'NCHW44',
            dims: [1, 8, 21, 45],
            kernelShape: [2, 2],
            strides: [2, 2],
            ...q,
          }),
        [1, 8, 21, 45],
        8 * 10 * 22,
      ],
      [
        (c) => new QLinearGlobalAveragePool(c, { type: 'int8', layout: 'NCHW44', dims: [1, 8, 21, 45], ...q }),
        [1, 8, 21, 45],
        8,
      ],
      [(c) => new Relayout(c, { dims: [1, 8, 21, 45], from: 'NCHW', to: 'NCHW44' }), [1, 8, 21, 45], 8 * 21 * 45],
      [
        (c) => new Transpose(c, { elementBytes: 4, dims: [2, 9, 33, 7], perm: [3, 1, 0, 2] }),
        [2, 9, 33, 7 * 4],
        2 * 9 * 33 * 7 * 4,
      ],
    ];
    for (const [make, dims, outBytes] of makers) {
      const x = bytesOf(randData(r, 'int8', numel(dims)));
      const a = make(core),
        b = make(rx);
      expectBytes(
        runKernel(rx, b, x, outBytes, 'serial', r),
        runKernel(core, a, x, outBytes, 'serial', r),
        `relaxed ${a.algorithm}`,
      );
      a.dispose();
      b.dispose();
    }
  });
});

describe('inputs that end where the wasm memory ends: no kernel reads past its input', () => {
  /** Runs k with its input placed at the very end of the memory (above the heap's top: unused), serially. */
  function runAtEnd(k: ModelKernel & { checkGuards(): boolean }, input: Uint8Array, outBytes: number): Uint8Array {
    const dOff = core.heap.alloc(outBytes, 64);
    try {
      const top = (core.heap as unknown as { top: number }).top;
      if (core.memory.buffer.byteLength - top < input.length + 64)
        core.memory.grow(Math.ceil((input.length + 64) / 65536));
      const src = core.memory.buffer.byteLength - input.length;
      core.u8().set(input, src);
      runKernelSerial(core, k, src, 0, dOff);
      return core.u8().slice(dOff, dOff + outBytes);
    } finally {
      core.heap.release(dOff);
    }
  }
  it('pools, resize, transpose and relayout', () => {
    const r = rng(1001);
    const cases: Array<[ModelKernel & { checkGuards(): boolean }, number[], number]> = [];
    for (const layout of LAYOUTS) {
      for (const type of TYPES) {
        const d = [1, 4, 9, 37];
        cases.push(
          [new MaxPool(core, { type, layout, dims: d, kernelShape: [3, 3], pads: [1, 1, 1, 1] }), d, 4 * 9 * 37],
          [
            new MaxPool(core, { type, layout, dims: d, kernelShape: [3, 3], strides: [2, 2], pads: [0, 0, 0, 0] }),
            d,
            4 * 4 * 18,
          ],
          [new MaxPool(core, { type, layout, dims: d, kernelShape: [2, 2], strides: [1, 3] }), d, 4 * 8 * 12],
          [
            new QLinearAveragePool(core, {
              type,
              layout,
              dims: d,
              kernelShape: [3, 3],
              pads: [1, 1, 1, 1],
              xScale: 0.1,
              xZeroPoint: 1,
              yScale: 0.1,
              yZeroPoint: 2,
            }),
            d,
            4 * 9 * 37,
          ],
          [
            new QLinearAveragePool(core, {
              type,
              layout,
              dims: d,
              kernelShape: [2, 2],
              strides: [2, 2],
              xScale: 0.1,
              xZeroPoint: 1,
              yScale: 0.1,
              yZeroPoint: 2,
            }),
            d,
            4 * 4 * 18,
          ],
          [
            new QLinearGlobalAveragePool(core, {
              type,
              layout,
              dims: d,
              xScale: 0.1,
              xZeroPoint: 1,
              yScale: 0.1,
              yZeroPoint: 2,
            }),
            d,
            4,
          ],
          [new Resize(core, { type, layout, dims: d, scales: [1, 1, 2, 2], mode: 'nearest' }), d, 4 * 18 * 74],
          [new Resize(core, { type, layout, dims: d, scales: [1, 1, 2, 2], mode: 'linear' }), d, 4 * 18 * 74],
          [
            new Resize(core, {
              type,
              layout,
              dims: [1, 4, 3, 5],
              sizes: [1, 4, 7, 20],
              mode: 'linear',
              coordinateTransformationMode: 'align_corners',
            }),
            [1, 4, 3, 5],
            4 * 7 * 20,
          ],
        );
      }
    }
    cases.push(
      [new Transpose(core, { elementBytes: 1, dims: [1, 33, 9, 37], perm: [0, 2, 3, 1] }), [1, 33, 9, 37], 33 * 9 * 37],
      [
        new Transpose(core, { elementBytes: 4, dims: [1, 33, 9, 37], perm: [0, 2, 3, 1] }),
        [1, 33, 9, 37 * 4],
        33 * 9 * 37 * 4,
      ],
      [new Transpose(core, { elementBytes: 1, dims: [3, 5, 37], perm: [1, 0, 2] }), [3, 5, 37], 3 * 5 * 37],
      [new Relayout(core, { dims: [1, 8, 9, 37], from: 'NCHW', to: 'NCHW44' }), [1, 8, 9, 37], 8 * 9 * 37],
      [new Relayout(core, { dims: [1, 8, 9, 37], from: 'NCHW44', to: 'NCHW' }), [1, 8, 9, 37], 8 * 9 * 37],
    );
    for (const [k, dims, outBytes] of cases) {
      const x = bytesOf(randData(r, 'uint8', numel(dims)));
      expectBytes(
        runAtEnd(k, x, outBytes),
        runKernel(core, k, x, outBytes, 'serial', r),
        `${k.algorithm} at the end of memory`,
      );
      k.dispose();
    }
  });
});

// ---- what the kernels refuse -------------------------------------------------------------------------------------------

describe('refusals: typed errors before anything is allocated', () => {
  const code = (f: () => unknown): string => {
    const before = core.heap.bytesInUse;
    try {
      f();
    } catch (e) {
      expect(core.heap.bytesInUse, 'nothing leaked').toBe(before);
      if (e instanceof I8ConvError) return e.code;
      throw e;
    }
    throw new Error('did not throw');
  };
  const base = { type: 'uint8' as const, layout: 'NCHW' as const, dims: [1, 4, 8, 8] };
  const q = { xScale: 0.1, xZeroPoint: 0, yScale: 0.1, yZeroPoint: 0 };
  it('pools', () => {
    expect(code(() => new MaxPool(core, { ...base, dims: [1, 4, 8], kernelShape: [3] }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new MaxPool(core, { ...base, dims: [1, 6, 8, 8], layout: 'NCHW44', kernelShape: [3, 3] }))).toBe(
      'UNSUPPORTED_OP',
    );
    expect(code(() => new MaxPool(core, { ...base, kernelShape: [3, 3], autoPad: 'SAME' }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new MaxPool(core, { ...base, kernelShape: [2, 2], pads: [3, 0, 3, 0] }))).toBe('UNSUPPORTED_OP'); // empty windows
    expect(code(() => new MaxPool(core, { ...base, kernelShape: [9, 9] }))).toBe('BAD_SHAPE');
    expect(code(() => new MaxPool(core, { ...base, type: 'int32' as QType, kernelShape: [3, 3] }))).toBe(
      'UNSUPPORTED_OP',
    );
    expect(
      code(() =>
        poolAttributesOf(
          'MaxPool',
          'n',
          new Map([
            ['kernel_shape', ints([3, 3])],
            ['foo', int(1)],
          ]),
        ),
      ),
    ).toBe('UNSUPPORTED_OP');
    expect(
      code(() =>
        poolAttributesOf(
          'QLinearAveragePool',
          'n',
          new Map([
            ['kernel_shape', ints([3, 3])],
            ['channels_last', int(1)],
          ]),
        ),
      ),
    ).toBe('UNSUPPORTED_OP');
    expect(
      code(() => new QLinearAveragePool(core, { ...base, ...q, kernelShape: [3, 3], dilations: [2, 2] } as never)),
    ).toBe('UNSUPPORTED_OP');
    expect(code(() => new QLinearAveragePool(core, { ...base, ...q, kernelShape: [3, 3], yScale: 0 }))).toBe(
      'INVALID_SCALE',
    );
    expect(code(() => new QLinearAveragePool(core, { ...base, ...q, kernelShape: [3, 3], xZeroPoint: 300 }))).toBe(
      'INVALID_PARAM',
    );
    expect(code(() => new QLinearGlobalAveragePool(core, { ...base, ...q, xScale: 1e6, yScale: 1e-3 }))).toBe(
      'UNSUPPORTED_OP',
    ); // scale >= 256
    expect(code(() => new QLinearGlobalAveragePool(core, { ...base, ...q, dims: [1, 1, 4096, 4096] }))).toBe(
      'UNSUPPORTED_OP',
    ); // 2^24 cells
  });
  it('Resize', () => {
    const rs = { ...base, scales: [1, 1, 2, 2] };
    expect(code(() => new Resize(core, { ...rs, mode: 'cubic' }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new Resize(core, { ...rs, coordinateTransformationMode: 'tf_crop_and_resize' }))).toBe(
      'UNSUPPORTED_OP',
    );
    expect(code(() => new Resize(core, { ...rs, antialias: 1 }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new Resize(core, { ...rs, nearestMode: 'round' }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new Resize(core, { ...rs, scales: [1, 2, 2, 2] }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new Resize(core, { ...base, sizes: [1, 4, 0, 3] }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new Resize(core, { ...base }))).toBe('INVALID_PARAM');
    expect(code(() => new Resize(core, { ...rs, ...resizeAttributesOf('n', new Map([['axes', ints([2, 3])]])) }))).toBe(
      'UNSUPPORTED_OP',
    );
    expect(code(() => resizeAttributesOf('n', new Map([['mode', int(1)]])))).toBe('UNSUPPORTED_OP');
  });
  it('Transpose and Relayout', () => {
    expect(code(() => new Transpose(core, { elementBytes: 1, dims: [1, 1, 1, 1, 1, 1, 1] }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new Transpose(core, { elementBytes: 2, dims: [2, 3] }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new Transpose(core, { elementBytes: 1, dims: [2, 3], perm: [0, 0] }))).toBe('BAD_SHAPE');
    expect(code(() => new Relayout(core, { dims: [1, 6, 4, 4], from: 'NCHW', to: 'NCHW44' }))).toBe('UNSUPPORTED_OP');
    expect(code(() => new Relayout(core, { dims: [1, 8, 4, 4], from: 'NCHW', to: 'NCHW' }))).toBe('INVALID_PARAM');
  });
});

afterAll(() => {
  core?.dispose();
  relaxed?.dispose();
});
