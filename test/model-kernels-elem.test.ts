/**
 * The model executor's element-wise int8 kernels (src/model/backends/wasm-int8/{quantize,binary,lut,requant}.ts over
 * assembly/model/{elementwise,lut,requant}.ts) against the reference executor's operators (kernels-ref/model/ops/,
 * which test/ref-model*.test.ts hold to onnxruntime-web 1.30), bit for bit:
 * - QuantizeLinear / DequantizeLinear, QLinearAdd / QLinearMul in every broadcast mode (equal, scalar either side,
 *   channel and repeat in NCHW, channel and repeat in NCHW44), Lut with random tables, RequantizeInt32 per tensor,
 *   per channel (NCHW, NCHW44, last axis) with and without bias and a second accumulator;
 * - every length 0..70 (each vector step and scalar tail) and a few large ones that span several tasks, both types;
 * - edge values: ties at .5, saturation, NaN / +-Infinity / -0 / denormal floats, tiny and huge scales (huge enough to
 *   overflow to infinity and NaN), int32 accumulators past 2^24 and wrapping;
 * - guard bytes around every input and output intact, inputs untouched, tasks in any order with indices past the end
 *   writing nothing, the threaded build's pool giving the same bytes;
 * - the table builders (identity requantization, QLinearSigmoid, QLinearLeakyRelu) equal the reference's tables for
 *   random scales and zero points;
 * - the typed errors of the constructors.
 * Runs on the SIMD128 build and, where the engine offers it, the relaxed build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantiateCore, type WasmRuntimeCore } from '../src/runtime.js';
import { I8ConvError } from '../src/errors.js';
import { runKernelSerial, type ModelKernel, type QType } from '../src/model/backends/types.js';
import { ELEM_TASK_ELEMS } from '../src/model/backends/wasm-int8/elem-common.js';
import { DequantizeKernel, QuantizeKernel } from '../src/model/backends/wasm-int8/quantize.js';
import { quantizeValue } from '../src/model/numerics/quantize.js';
import {
  QLinearBinaryKernel,
  planBinaryBroadcast,
  type QLinearBinaryParams,
} from '../src/model/backends/wasm-int8/binary.js';
import { LutKernel } from '../src/model/backends/wasm-int8/lut.js';
import { leakyReluTable, lutTable, requantTable, sigmoidTable } from '../src/model/numerics/tables.js';
import { RequantizeKernel, type RequantizeParams } from '../src/model/backends/wasm-int8/requant.js';
import { TASK_FUNCTIONS } from '../src/threads/protocol.js';
import type { Attribute, Tensor } from '../src/model/graph/ir.js';
import { QuantizeLinear } from '../kernels-ref/model/ops/QuantizeLinear.js';
import { DequantizeLinear } from '../kernels-ref/model/ops/DequantizeLinear.js';
import { QLinearAdd, QLinearMul } from '../kernels-ref/model/ops/QLinearBinary.js';
import { QLinearLeakyRelu, QLinearSigmoid } from '../kernels-ref/model/ops/QLinearLut.js';
import { QLinearConcat } from '../kernels-ref/model/ops/QLinearConcat.js';
import { requantize } from '../kernels-ref/model/requantize.js';
import { rng, randInt } from './helpers/rng.js';
import { AT, DT, le, writeModel, type AttrSpec } from './helpers/onnx-writer.js';

// ---- cores ------------------------------------------------------------------------------------------------------

const cores: { name: string; core: WasmRuntimeCore }[] = [];
let threaded: WasmRuntimeCore | null = null;
beforeAll(async () => {
  cores.push({ name: 'simd128', core: await instantiateCore({ build: 'simd128' }) });
  try {
    cores.push({ name: 'relaxed', core: await instantiateCore({ build: 'relaxed' }) });
  } catch (e) {
    if (!(e instanceof I8ConvError && e.code === 'NO_RELAXED_SIMD')) throw e; // the engine has no relaxed SIMD: SIMD128 only
  }
  // the pool's workers load the built library (dist/: its worker script is JavaScript; `npm test` builds it first)
  const dist = new URL('../dist/src/runtime.js', import.meta.url);
  if (existsSync(dist)) {
    const m = (await import(dist.href)) as { instantiateCore: typeof instantiateCore };
    const t = await m.instantiateCore({ build: 'simd128', threads: 2 });
    threaded = t.pool ? t : null;
    if (!threaded) t.dispose();
  }
});
afterAll(() => {
  for (const c of cores) c.core.dispose();
  threaded?.dispose();
});

// ---- running a kernel on guarded wasm buffers -------------------------------------------------------------------

const GUARD = 48;
const GUARD_BYTE = 0xa5;
type How = 'serial' | 'reverse' | 'pool';

/**
 * Runs kernel k on wasm copies of the inputs (raw bytes; `second` may be null), surrounded by guard bytes, and returns
 * the output bytes. 'serial': runKernelSerial; 'reverse': every task function called directly, last task first, plus
 * task indices past the end; 'pool': the threaded core's pool. Checks the guards and that the inputs are untouched.
 * `skew` misaligns every buffer by that many bytes.
 */
function runWasm(
  core: WasmRuntimeCore,
  k: ModelKernel,
  src: Uint8Array,
  second: Uint8Array | null,
  outBytes: number,
  how: How = 'serial',
  skew = 0,
): Uint8Array {
  const al = (v: number) => Math.ceil(v / 16) * 16;
  const oSrc = GUARD + skew;
  const oSec = al(oSrc + src.length + GUARD) + skew;
  const oDst = al(oSec + (second?.length ?? 0) + GUARD) + skew;
  const total = al(oDst + outBytes + GUARD);
  const base = core.heap.alloc(total, 64);
  try {
    let u8 = core.u8();
    u8.fill(GUARD_BYTE, base, base + total);
    u8.set(src, base + oSrc);
    if (second) u8.set(second, base + oSec);
    const e = { src: base + oSrc, slices: second ? base + oSec : 0, dst: base + oDst };
    if (how === 'serial') {
      runKernelSerial(core, k, e.src, e.slices, e.dst);
    } else if (how === 'reverse') {
      for (const d of k.dispatch) {
        const arg = (i: number) => (d.args[i].base === 'none' ? 0 : e[d.args[i].base as 'src' | 'slices' | 'dst']);
        const tasks = d.range.reduce((a, b) => a * b, 1);
        expect(d.range.length).toBe(1);
        const fn = core.exports[d.fn] as (...a: number[]) => void;
        for (let t = tasks + 2; t >= 0; t--) fn(k.ctx, arg(0), arg(1), arg(2), 0, 0, t);
      }
    } else {
      for (const d of k.dispatch) core.pool!.run(core.exports, d, { ctx: k.ctx, ...e });
    }
    u8 = core.u8();
    const guardOk = (a: number, b: number) => u8.subarray(base + a, base + b).every((v) => v === GUARD_BYTE);
    expect(guardOk(0, oSrc), 'guard before src').toBe(true);
    expect(guardOk(oSrc + src.length, oSec), 'guard after src').toBe(true);
    expect(guardOk(oSec + (second?.length ?? 0), oDst), 'guard after the second input').toBe(true);
    expect(guardOk(oDst + outBytes, total), 'guard after dst').toBe(true);
    expect(firstDiff(u8.subarray(base + oSrc, base + oSrc + src.length), src), 'src untouched').toBe(-1);
    if (second)
      expect(firstDiff(u8.subarray(base + oSec, base + oSec + second.length), second), 'second input untouched').toBe(
        -1,
      );
    return u8.slice(base + oDst, base + oDst + outBytes);
  } finally {
    core.heap.release(base);
  }
}

/** Index of the first differing byte, -1 if equal, -2 on a length mismatch. */
function firstDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return -2;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !(Number.isNaN(a[i]) && Number.isNaN(b[i]))) return i;
  return -1;
}

function expectBytes(got: Uint8Array, want: Uint8Array, what: string): void {
  const i = firstDiff(got, want);
  expect(i, `${what}: first difference at ${i} (got ${got[i]}, want ${want[i]})`).toBe(-1);
}

/** Raw bytes of a typed array. */
const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

// ---- reference helpers ------------------------------------------------------------------------------------------

const NOATTR = new Map<string, Attribute>();
const T = (type: Tensor['type'], dims: number[], data: Tensor['data']): Tensor => ({ name: '', type, dims, data });
const scalarF = (v: number) => T('float32', [], Float32Array.of(v));
const scalarQ = (type: QType, v: number) => T(type, [], type === 'int8' ? Int8Array.of(v) : Uint8Array.of(v));
const qArray = (type: QType, n: number) => (type === 'int8' ? new Int8Array(n) : new Uint8Array(n));
const TYPES: QType[] = ['uint8', 'int8'];
const LO = { uint8: 0, int8: -128 };
const HI = { uint8: 255, int8: 127 };

/** Random raw bytes. */
function randBytes(r: () => number, n: number): Uint8Array {
  const a = new Uint8Array(n);
  for (let i = 0; i < n; i++) a[i] = randInt(r, 0, 255);
  return a;
}
/** A float32 scale of awkward mantissa around 2^e. */
const scaleNear = (r: () => number, e: number) => Math.fround(2 ** e * (1 + r()));

/** Lengths: every one to 70, then ones that end inside and across tasks. */
const LENGTHS = [
  ...Array.from({ length: 71 }, (_, i) => i),
  127,
  1000,
  ELEM_TASK_ELEMS - 1,
  ELEM_TASK_ELEMS + 17,
  3 * ELEM_TASK_ELEMS + 5,
];

describe('model element-wise kernels: the task functions', () => {
  it('every task function is in TASK_FUNCTIONS and exported by both builds', () => {
    for (const f of ['quantizeTask', 'dequantizeTask', 'qlinearBinaryTask', 'lutTask', 'requantTask']) {
      expect(TASK_FUNCTIONS).toContain(f);
      for (const { core } of cores) expect(typeof core.exports[f], `${f} in ${core.build}`).toBe('function');
    }
  });
});

describe('model element-wise kernels: the emitted wasm (STYLE habit 10)', () => {
  const wats = ['build/i8conv.wat', 'build/i8conv-relaxed.wat'].map(
    (p) => [p, readFileSync(new URL(`../${p}`, import.meta.url), 'utf8')] as const,
  );
  /** The innermost loops of the functions of one kernel file (binaryen's linear text: block / loop / if ... end),
   *  whichever functions the inliner kept. */
  function innermostLoops(wat: string, file: string): string[] {
    const out: string[] = [];
    for (
      let at = wat.indexOf(`(func $assembly/model/${file}/`);
      at >= 0;
      at = wat.indexOf(`(func $assembly/model/${file}/`, at + 1)
    ) {
      const end = wat.indexOf('\n (func ', at + 1);
      const lines = wat
        .slice(at, end < 0 ? undefined : end)
        .split('\n')
        .map((l) => l.trim());
      const stack: Array<{ loop: boolean; start: number; nested: boolean }> = [];
      lines.forEach((l, i) => {
        const op = l.split(/[\s(]/)[0];
        if (op === 'block' || op === 'loop' || op === 'if') {
          if (op === 'loop') for (const f of stack) if (f.loop) f.nested = true;
          stack.push({ loop: op === 'loop', start: i, nested: false });
        } else if (op === 'end') {
          const f = stack.pop()!;
          if (f.loop && !f.nested) out.push(lines.slice(f.start, i + 1).join('\n'));
        }
      });
    }
    return out;
  }
  const count = (s: string, needle: string) => s.split(needle).length - 1;

  it('the vector loops hold the intended instructions, and no f32x4.nearest / i32x4.trunc_sat (the 1.5 * 2^23 rounding instead)', () => {
    for (const [path, wat] of wats) {
      const el = innermostLoops(wat, 'elementwise');
      const rq = innermostLoops(wat, 'requant');
      const vector = [...el, ...rq].filter((l) => count(l, 'v128.store') > 0);
      // quantize; dequantize; binary: A and B from memory, B broadcast, each for add and mul, each with and without
      // the NaN mask (scales that can overflow A' or B' to infinity); requant: runs and contiguous channels, each with
      // one and two accumulators, and the window correction (one loop for every form)
      expect(vector.length, path).toBe(15);
      for (const l of vector) expect(count(l, 'f32x4.nearest') + count(l, 'trunc_sat'), path).toBe(0);
      const has = (loops: string[], needles: Record<string, number>) =>
        loops.filter((l) => Object.entries(needles).every(([k, v]) => count(l, k) === v)).length;
      // QuantizeLinear: 4 true divisions, clamps, one packed 16-byte store
      expect(
        has(el, {
          'f32x4.div': 4,
          'f32x4.pmax': 4,
          'f32x4.pmin': 4,
          'i8x16.narrow_i16x8_u': 1,
          'v128.store': 1,
          'f32x4.convert_i32x4_s': 0,
        }),
        path,
      ).toBe(1);
      // DequantizeLinear: 4 conversions, 4 multiplies, 4 stores
      expect(has(el, { 'f32x4.convert_i32x4_s': 4, 'f32x4.mul': 4, 'v128.store': 4 }), path).toBe(1);
      // QLinearAdd / QLinearMul: A' (and B' from memory) by 4-lane conversions and multiplies, 4 divisions by C's scale
      for (const eq of [0, 4])
        expect(
          has(el, {
            'f32x4.convert_i32x4_s': 8,
            'f32x4.mul': 8,
            'f32x4.div': 4,
            'i8x16.narrow_i16x8_u': 1,
            'f32x4.eq': eq,
          }),
          `${path} add, B from memory, ${eq ? 'with' : 'without'} the NaN mask`,
        ).toBe(1);
      for (const eq of [0, 4])
        expect(
          has(el, {
            'f32x4.convert_i32x4_s': 8,
            'f32x4.mul': 12,
            'f32x4.div': 4,
            'i8x16.narrow_i16x8_u': 1,
            'f32x4.eq': eq,
          }),
          `${path} mul, B from memory, ${eq ? 'with' : 'without'} the NaN mask`,
        ).toBe(1);
      for (const eq of [0, 4])
        expect(
          has(el, {
            'f32x4.convert_i32x4_s': 4,
            'f32x4.mul': 4,
            'f32x4.div': 4,
            'i8x16.narrow_i16x8_u': 1,
            'f32x4.eq': eq,
          }),
          `${path} add, B broadcast, ${eq ? 'with' : 'without'} the NaN mask`,
        ).toBe(1);
      for (const eq of [0, 4])
        expect(
          has(el, {
            'f32x4.convert_i32x4_s': 4,
            'f32x4.mul': 8,
            'f32x4.div': 4,
            'i8x16.narrow_i16x8_u': 1,
            'f32x4.eq': eq,
          }),
          `${path} mul, B broadcast, ${eq ? 'with' : 'without'} the NaN mask`,
        ).toBe(1);
      // RequantizeInt32: 4 conversions and scale multiplies; K * acc0 as 4 shifts with two accumulators
      expect(
        has(rq, {
          'f32x4.convert_i32x4_s': 4,
          'f32x4.mul': 4,
          'i32x4.shl': 0,
          'i32x4.mul': 0,
          'i8x16.narrow_i16x8_u': 1,
        }),
        `${path} one accumulator`,
      ).toBe(2);
      expect(
        has(rq, { 'f32x4.convert_i32x4_s': 4, 'f32x4.mul': 4, 'i32x4.shl': 4, 'i8x16.narrow_i16x8_u': 1 }),
        `${path} two accumulators`,
      ).toBe(2);
      // the window correction: e * S as 4 integer multiplies, then requantized into bytes, stored as int32, or
      // through the float epilogue (4 more conversions, scale multiplies and bias adds; the byte path's 4 adds are
      // its rounding) into float32
      expect(
        has(rq, {
          'i32x4.mul': 4,
          'f32x4.convert_i32x4_s': 8,
          'f32x4.mul': 8,
          'f32x4.add': 8,
          'i8x16.narrow_i16x8_u': 1,
        }),
        `${path} window correction`,
      ).toBe(1);
      // Lut: four 32-bit words a step, each byte looked up
      const words = (l: string) => count(l, 'i32.store') - count(l, 'i32.store8') - count(l, 'i32.store16');
      expect(
        innermostLoops(wat, 'lut').filter((l) => count(l, 'i32.load8_u') === 16 && words(l) === 4).length,
        path,
      ).toBe(1);
    }
  });
});

// ---- QuantizeLinear / DequantizeLinear --------------------------------------------------------------------------

/** Floats for QuantizeLinear at scale s: spread over and past any 8-bit range, ties, specials. */
function quantInputs(r: () => number, n: number, s: number): Float32Array {
  const x = new Float32Array(n);
  const specials = [
    NaN,
    Infinity,
    -Infinity,
    -0,
    0,
    1e-45,
    -1e-45,
    3.4e38,
    -3.4e38,
    s * 0.5,
    -s * 0.5,
    s * 1.5,
    -s * 2.5,
  ];
  for (let i = 0; i < n; i++) {
    const k = r();
    if (k < 0.1) x[i] = specials[randInt(r, 0, specials.length - 1)];
    else if (k < 0.45)
      x[i] = (randInt(r, -300, 300) + 0.5) * s; // ties (exact where s is a power of two)
    else x[i] = (r() * 600 - 300) * s;
  }
  return x;
}

describe('QuantizeLinear f32 -> uint8 / int8', () => {
  const SCALES: Array<[string, (r: () => number) => number]> = [
    ['power of two 0.25 (ties exact)', () => 0.25],
    ['awkward 2^-7', (r) => scaleNear(r, -7)],
    ['tiny 1e-30', () => Math.fround(1e-30)],
    ['huge 1e30', () => Math.fround(1e30)],
    ['denormal 1e-40', () => Math.fround(1e-40)],
  ];
  for (const type of TYPES) {
    for (const [sName, mk] of SCALES) {
      it(`${type}, scale ${sName}: every length 0..70 and across tasks`, () => {
        const r = rng(11);
        for (const n of LENGTHS) {
          const s = mk(r);
          const zp = randInt(r, LO[type], HI[type]);
          const x = quantInputs(r, n, s);
          const want = QuantizeLinear([T('float32', [n], x), scalarF(s), scalarQ(type, zp)], NOATTR, 13)[0];
          for (const { name, core } of cores) {
            const k = new QuantizeKernel(core, { length: n, type, scale: s, zeroPoint: zp });
            try {
              const got = runWasm(core, k, bytesOf(x), null, n, n % 3 === 0 ? 'reverse' : 'serial', n % 4);
              expectBytes(got, bytesOf(want.data), `${name} n=${n} s=${s} zp=${zp}`);
            } finally {
              k.dispose();
            }
          }
        }
      });
    }
  }

  it('NaN gives 0 (not the zero point), +-Infinity saturate, ties go to even before the zero point is added', () => {
    const x = Float32Array.of(
      NaN,
      Infinity,
      -Infinity,
      0.5,
      1.5,
      2.5,
      -0.5,
      -1.5,
      -2.5,
      -0,
      1e-45,
      3.4e38,
      NaN,
      2.5,
      3.5,
      4.5,
      5.5,
      6.5,
    );
    for (const { core } of cores) {
      for (const [type, zp, want] of [
        ['uint8', 128, [0, 255, 0, 128, 130, 130, 128, 126, 126, 128, 128, 255, 0, 130, 132, 132, 134, 134]],
        ['int8', 1, [0, 127, -128, 1, 3, 3, 1, -1, -1, 1, 1, 127, 0, 3, 5, 5, 7, 7]],
      ] as const) {
        const k = new QuantizeKernel(core, { length: x.length, type, scale: 1, zeroPoint: zp });
        const got = runWasm(core, k, bytesOf(x), null, x.length);
        k.dispose();
        const wantArr = type === 'int8' ? Int8Array.from(want) : Uint8Array.from(want);
        expectBytes(got, bytesOf(wantArr), `${type} specials`);
        for (let i = 0; i < x.length; i++)
          expect(quantizeValue(x[i], 1, zp, type), `quantizeValue(${x[i]})`).toBe(want[i]);
      }
    }
  });
});

describe('DequantizeLinear uint8 / int8 -> f32', () => {
  for (const type of TYPES) {
    it(`${type}: every length 0..70 and across tasks, tiny / huge / overflowing scales`, () => {
      const r = rng(12);
      const scales = [
        scaleNear(r, -8),
        Math.fround(1e-38),
        Math.fround(1e-44),
        Math.fround(1e36),
        Math.fround(3e38),
        1,
      ];
      for (const n of LENGTHS) {
        const s = scales[n % scales.length];
        const zp = randInt(r, LO[type], HI[type]);
        const x = randBytes(r, n);
        const xq = type === 'int8' ? new Int8Array(x.buffer) : x;
        const want = DequantizeLinear([T(type, [n], xq), scalarF(s), scalarQ(type, zp)], NOATTR, 13)[0];
        for (const { name, core } of cores) {
          const k = new DequantizeKernel(core, { length: n, type, scale: s, zeroPoint: zp });
          const got = runWasm(core, k, x, null, 4 * n, n % 3 === 1 ? 'reverse' : 'serial', n % 5);
          k.dispose();
          expectBytes(got, bytesOf(want.data), `${name} ${type} n=${n} s=${s} zp=${zp}`);
        }
      }
    });
  }
});

// ---- QLinearAdd / QLinearMul ------------------------------------------------------------------------------------

/** [N, C, H, W] bytes (row-major) -> NCHW44 [N][C/4][H][W][4]. */
function toNchw44(x: Uint8Array, dims: readonly number[]): Uint8Array {
  const [N, C, H, W] = dims;
  const hw = H * W;
  const y = new Uint8Array(x.length);
  for (let n = 0; n < N; n++)
    for (let c = 0; c < C; c++)
      for (let p = 0; p < hw; p++) {
        y[((n * (C >> 2) + (c >> 2)) * hw + p) * 4 + (c & 3)] = x[(n * C + c) * hw + p];
      }
  return y;
}

interface BinCase {
  aDims: number[];
  bDims: number[];
  layout: 'NCHW' | 'NCHW44';
}

function binaryScales(r: () => number, kind: number): { aS: number; bS: number; cS: number } {
  switch (kind % 5) {
    case 0:
      return { aS: 0.5, bS: 0.25, cS: 1 }; // sums on quarters: many exact ties
    case 1:
      return { aS: scaleNear(r, -6), bS: scaleNear(r, -5), cS: scaleNear(r, -5) };
    case 2:
      return { aS: Math.fround(1e-20), bS: Math.fround(3e-20), cS: Math.fround(2e-19) }; // tiny
    case 3:
      return { aS: Math.fround(1e30), bS: Math.fround(2e29), cS: Math.fround(5e31) }; // huge
    default:
      return { aS: Math.fround(3e38), bS: Math.fround(2e38), cS: Math.fround(1e-3) }; // A', B' overflow to +-Inf: NaN and Inf
  }
}

/** Runs one binary case on every core against the reference; returns the algorithm name. */
function checkBinary(
  c: BinCase,
  op: 'add' | 'mul',
  type: QType,
  seed: number,
  how: How = 'serial',
  on = cores,
): string {
  const r = rng(seed);
  const na = c.aDims.reduce((x, y) => x * y, 1);
  const nb = c.bDims.reduce((x, y) => x * y, 1);
  const a = randBytes(r, na);
  const b = randBytes(r, nb);
  const { aS, bS, cS } = binaryScales(r, seed);
  const [aZ, bZ, cZ] = [0, 1, 2].map(() => randInt(r, LO[type], HI[type]));
  const view = (x: Uint8Array) => (type === 'int8' ? new Int8Array(x.buffer) : x);
  const ref = op === 'add' ? QLinearAdd : QLinearMul;
  const want = ref(
    [
      T(type, c.aDims, view(a)),
      scalarF(aS),
      scalarQ(type, aZ),
      T(type, c.bDims, view(b)),
      scalarF(bS),
      scalarQ(type, bZ),
      scalarF(cS),
      scalarQ(type, cZ),
    ],
    NOATTR,
    13,
  )[0];
  const nchw44 = c.layout === 'NCHW44';
  const lay = (x: Uint8Array, dims: number[]) => (nchw44 && dims.length === 4 && x.length > 0 ? toNchw44(x, dims) : x);
  // rank-4 layout conversion of the smaller operand: its bytes are those of the [N|1, C, 1, 1] it broadcasts as
  const pad4 = (d: number[]) => [...Array<number>(4 - d.length).fill(1), ...d];
  const aIn = nchw44 ? lay(a, pad4(c.aDims)) : a;
  const bIn = nchw44 ? lay(b, pad4(c.bDims)) : b;
  const wantBytes = nchw44 ? lay(bytesOf(want.data), want.dims) : bytesOf(want.data);
  let algorithm = '';
  for (const { name, core } of on) {
    const p: QLinearBinaryParams = {
      op,
      type,
      aDims: c.aDims,
      bDims: c.bDims,
      layout: c.layout,
      aScale: aS,
      aZeroPoint: aZ,
      bScale: bS,
      bZeroPoint: bZ,
      cScale: cS,
      cZeroPoint: cZ,
    };
    const k = new QLinearBinaryKernel(core, p);
    try {
      expect(k.outDims).toEqual(want.dims);
      const got = runWasm(core, k, aIn, bIn, wantBytes.length, how, seed % 3);
      expectBytes(
        got,
        wantBytes,
        `${name} ${op} ${type} ${c.layout} [${c.aDims}] x [${c.bDims}] scales ${aS} ${bS} ${cS} zps ${aZ} ${bZ} ${cZ}`,
      );
      algorithm = k.algorithm;
    } finally {
      k.dispose();
    }
  }
  return algorithm;
}

describe('QLinearAdd / QLinearMul', () => {
  for (const op of ['add', 'mul'] as const) {
    for (const type of TYPES) {
      it(`${op} ${type}: equal shapes, every length 0..70 and across tasks, ties / tiny / huge / overflowing scales`, () => {
        let seed = 100;
        for (const n of LENGTHS) {
          expect(
            checkBinary(
              { aDims: [n], bDims: [n], layout: 'NCHW' },
              op,
              type,
              seed++,
              n % 4 === 1 ? 'reverse' : 'serial',
            ),
          ).toMatch(/-equal(-int)?$/);
        }
        checkBinary({ aDims: [2, 3, 5, 7], bDims: [2, 3, 5, 7], layout: 'NCHW' }, op, type, seed++);
      });

      it(`${op} ${type}: a scalar on either side (one element, any rank)`, () => {
        let seed = 200;
        for (const n of LENGTHS) {
          const big = [n];
          const small = [[1], [], [1, 1]][n % 3];
          expect(checkBinary({ aDims: big, bDims: small, layout: 'NCHW' }, op, type, seed++)).toMatch(
            /-(scalar|equal)$/,
          );
          checkBinary({ aDims: small, bDims: big, layout: 'NCHW' }, op, type, seed++, n % 2 ? 'reverse' : 'serial');
        }
      });

      it(`${op} ${type}: NCHW channel and repeat broadcasts, either side, every plane size 1..20`, () => {
        let seed = 300;
        for (let hw = 1; hw <= 20; hw++) {
          const [h, w] = hw % 3 === 0 ? [3, hw / 3] : [1, hw];
          for (const [N, C] of [
            [1, 3],
            [2, 5],
            [3, 1],
          ]) {
            const big = [N, C, h, w];
            const cases: number[][] = [[1, C, 1, 1], [N, C, 1, 1], [C, 1, 1], [C, h, w], [1, C, h, w], [h, w], [w]];
            for (const small of cases) {
              checkBinary({ aDims: big, bDims: small, layout: 'NCHW' }, op, type, seed++);
              checkBinary(
                { aDims: small, bDims: big, layout: 'NCHW' },
                op,
                type,
                seed++,
                seed % 2 ? 'reverse' : 'serial',
              );
            }
          }
        }
        // the algorithms these take
        expect(planBinaryBroadcast([2, 8, 3, 3], [1, 8, 1, 1], 'NCHW').mode).toBe('channel');
        expect(planBinaryBroadcast([2, 8, 3, 3], [8, 3, 3], 'NCHW').mode).toBe('repeat');
        expect(planBinaryBroadcast([8, 1, 1], [2, 8, 3, 3], 'NCHW')).toMatchObject({
          mode: 'channel',
          swapped: true,
          inner: 9,
          mid: 8,
        });
      });

      it(`${op} ${type}: NCHW44 channel ([1 | N, C, 1, 1]), repeat, scalar and equal, either side; large tensors across tasks`, () => {
        let seed = 400;
        for (const [N, C, H, W] of [
          [1, 4, 1, 1],
          [2, 4, 1, 1],
          [1, 4, 1, 3],
          [2, 8, 2, 3],
          [1, 12, 5, 1],
          [3, 4, 1, 7],
          [2, 16, 3, 3],
          [1, 8, 4, 5],
        ]) {
          const big = [N, C, H, W];
          for (const small of [[1, C, 1, 1], [N, C, 1, 1], [C, 1, 1], [1, C, H, W], [1], big]) {
            checkBinary({ aDims: big, bDims: small, layout: 'NCHW44' }, op, type, seed++);
            checkBinary(
              { aDims: small, bDims: big, layout: 'NCHW44' },
              op,
              type,
              seed++,
              seed % 2 ? 'reverse' : 'serial',
            );
          }
        }
        expect(
          checkBinary({ aDims: [1, 64, 45, 47], bDims: [1, 64, 1, 1], layout: 'NCHW44' }, op, type, seed++),
        ).toMatch(/-channel-nchw44$/);
        expect(checkBinary({ aDims: [1, 64, 45, 47], bDims: [1, 64, 1, 1], layout: 'NCHW' }, op, type, seed++)).toMatch(
          /-channel$/,
        );
        expect(
          checkBinary({ aDims: [2, 32, 33, 17], bDims: [1, 32, 33, 17], layout: 'NCHW44' }, op, type, seed++),
        ).toMatch(/-repeat$/);
      });
    }
  }

  it('adds the output zero point in float32 before rounding, in the output type itself (no +128 shift for int8)', () => {
    // A' = 0.5 + 2^-20 (a = 1, zA = 0), B' = 0, C scale 1: c = 0.5 + 2^-20.
    //   int8, zC = 0:    f32(c + 0) = c, RNE -> 1 (a kernel adding 128 in float first would get f32(128.5 + 2^-20) =
    //                    128.5 -> 128 -> 0);
    //   uint8, zC = 100: f32(100.5 + 2^-20) = 100.5 (spacing 2^-17), RNE -> 100 (not round(c) + 100 = 101);
    //   uint8, zC = 101: 101.5 -> 102.
    const aS = Math.fround(0.5 + 2 ** -20);
    expect(aS).toBe(0.5 + 2 ** -20);
    for (const [type, zC, want] of [
      ['int8', 0, 1],
      ['uint8', 100, 100],
      ['uint8', 101, 102],
      ['int8', -100, -100],
      ['int8', -99, -98],
    ] as const) {
      for (const n of [1, 17, 32]) {
        const a = qArray(type, n).fill(1);
        const b = qArray(type, n);
        const ref = QLinearAdd(
          [
            T(type, [n], a),
            scalarF(aS),
            scalarQ(type, 0),
            T(type, [n], b),
            scalarF(1),
            scalarQ(type, 0),
            scalarF(1),
            scalarQ(type, zC),
          ],
          NOATTR,
          13,
        )[0];
        expect(Array.from(ref.data as ArrayLike<number>), `reference ${type} zC ${zC}`).toEqual(Array(n).fill(want));
        for (const { name, core } of cores) {
          const k = new QLinearBinaryKernel(core, {
            op: 'add',
            type,
            aDims: [n],
            bDims: [n],
            layout: 'NCHW',
            aScale: aS,
            aZeroPoint: 0,
            bScale: 1,
            bZeroPoint: 0,
            cScale: 1,
            cZeroPoint: zC,
          });
          expectBytes(
            runWasm(core, k, new Uint8Array(bytesOf(a)), new Uint8Array(bytesOf(b)), n),
            new Uint8Array(bytesOf(ref.data)),
            `${name} ${type} zC ${zC} n ${n}`,
          );
          k.dispose();
        }
      }
    }
  });

  it('refuses the broadcasts it does not cover with UNSUPPORTED_OP, dims that do not broadcast with BAD_SHAPE', () => {
    const { core } = cores[0];
    const base = {
      op: 'add',
      type: 'uint8',
      aScale: 1,
      aZeroPoint: 0,
      bScale: 1,
      bZeroPoint: 0,
      cScale: 1,
      cZeroPoint: 0,
    } as const;
    const code = (aDims: number[], bDims: number[], layout: 'NCHW' | 'NCHW44' = 'NCHW') => {
      try {
        new QLinearBinaryKernel(core, { ...base, aDims, bDims, layout }).dispose();
        return 'ok';
      } catch (e) {
        return (e as I8ConvError).code;
      }
    };
    expect(code([2, 4, 3, 3], [2, 1, 3, 3])).toBe('UNSUPPORTED_OP'); // per-pixel broadcast over channels
    expect(code([1, 4, 1, 1], [2, 1, 3, 3])).toBe('UNSUPPORTED_OP'); // both broadcast
    expect(code([2, 4, 3, 3], [2, 1, 1, 1])).toBe('ok'); // per image: a channel broadcast of N
    expect(code([2, 4, 3, 3], [2, 1, 1, 1], 'NCHW44')).toBe('UNSUPPORTED_OP');
    expect(code([2, 4, 3, 3], [1, 4, 3, 1], 'NCHW44')).toBe('UNSUPPORTED_OP');
    expect(code([2, 4, 3, 3], [3, 3])).toBe('ok');
    expect(code([2, 4, 3, 3], [3, 3], 'NCHW44')).toBe('UNSUPPORTED_OP');
    expect(code([2, 4, 3, 3], [2, 5, 3, 3])).toBe('BAD_SHAPE');
    expect(code([4, 3, 3], [1, 4, 1, 1], 'NCHW44')).toBe('ok');
    expect(code([4, 3], [4, 1], 'NCHW44')).toBe('BAD_SHAPE');
    expect(code([1, 6, 2, 2], [1, 6, 1, 1], 'NCHW44')).toBe('CHANNELS_NOT_MULTIPLE_OF_4');
    expect(code([2, -1], [1])).toBe('BAD_SHAPE');
  });
});

// ---- Lut ----------------------------------------------------------------------------------------------------------

describe('Lut: y = table[x] and its table builders', () => {
  it('every length 0..70 and across tasks, random tables, in any task order, a new table', () => {
    const r = rng(21);
    for (const n of LENGTHS) {
      const table = randBytes(r, 256);
      const x = randBytes(r, n);
      const want = x.map((v) => table[v]);
      for (const { name, core } of cores) {
        const k = new LutKernel(core, { length: n, table });
        try {
          expectBytes(runWasm(core, k, x, null, n, n % 2 ? 'reverse' : 'serial', n % 7), want, `${name} n=${n}`);
          if (n === 64) {
            // a new table in the same kernel
            const t2 = randBytes(r, 256);
            k.setTable(Int8Array.from(t2, (v) => (v << 24) >> 24));
            expectBytes(
              runWasm(core, k, x, null, n),
              x.map((v) => t2[v]),
              `${name} setTable`,
            );
          }
        } finally {
          k.dispose();
        }
      }
    }
  });

  /** The reference's table: its operator run on all 256 raw bytes. */
  function refTable(
    op: typeof QLinearSigmoid,
    type: QType,
    xs: number,
    xz: number,
    ys: number,
    yz: number,
    attrs = NOATTR,
  ): Uint8Array {
    const all = qArray(type, 256);
    for (let i = 0; i < 256; i++) all[i] = type === 'int8' ? (i << 24) >> 24 : i;
    const y = op([T(type, [256], all), scalarF(xs), scalarQ(type, xz), scalarF(ys), scalarQ(type, yz)], attrs, 13)[0];
    return new Uint8Array(bytesOf(y.data));
  }

  for (const type of TYPES) {
    it(`${type}: the sigmoid, leaky-relu and requantization tables equal the reference's, random scales and zero points`, () => {
      const r = rng(type === 'uint8' ? 31 : 32);
      for (let c = 0; c < 60; c++) {
        const xs =
          c % 10 === 9 ? Math.fround(1e-30) : c % 10 === 8 ? Math.fround(1e20) : scaleNear(r, -randInt(r, 2, 8));
        const xz = randInt(r, LO[type], HI[type]);
        const ys = c % 7 === 6 ? Math.fround(1e-25) : scaleNear(r, -randInt(r, 2, 9));
        const yz = randInt(r, LO[type], HI[type]);
        expectBytes(
          sigmoidTable(type, xs, xz, ys, yz),
          refTable(QLinearSigmoid, type, xs, xz, ys, yz),
          `sigmoid ${xs} ${xz} ${ys} ${yz}`,
        );
        const alpha = [0.01, 0.2, 1.5, -0.3, 0][c % 5];
        const attrs = new Map<string, Attribute>([['alpha', { kind: 'float', value: Math.fround(alpha) }]]);
        expectBytes(
          leakyReluTable(type, xs, xz, ys, yz, alpha),
          refTable(QLinearLeakyRelu, type, xs, xz, ys, yz, attrs),
          `leaky relu ${alpha}`,
        );
        if (c === 0)
          expectBytes(
            leakyReluTable(type, xs, xz, ys, yz),
            refTable(QLinearLeakyRelu, type, xs, xz, ys, yz),
            'leaky relu default alpha',
          );
        // QLinearConcat of one requantized input: the reference's output over all 256 bytes is the table
        const all = qArray(type, 256);
        for (let i = 0; i < 256; i++) all[i] = type === 'int8' ? (i << 24) >> 24 : i;
        const y = QLinearConcat(
          [scalarF(ys), scalarQ(type, yz), T(type, [256], all), scalarF(xs), scalarQ(type, xz)],
          new Map([['axis', { kind: 'int', value: 0 }]]),
          13,
        )[0];
        expectBytes(
          requantTable(type, xs, xz, ys, yz),
          new Uint8Array(bytesOf(y.data)),
          `requant ${xs} ${xz} ${ys} ${yz}`,
        );
      }
    });
  }

  it('a table between other types (DequantizeLinear int8 -> F -> QuantizeLinear uint8) is the two reference operators', () => {
    const r = rng(33);
    for (let c = 0; c < 20; c++) {
      const xs = scaleNear(r, -5),
        xz = randInt(r, -128, 127),
        ys = scaleNear(r, -6),
        yz = randInt(r, 0, 255);
      const all = Int8Array.from({ length: 256 }, (_, i) => (i << 24) >> 24);
      const d = DequantizeLinear([T('int8', [256], all), scalarF(xs), scalarQ('int8', xz)], NOATTR, 13)[0]
        .data as Float32Array;
      const f = d.map((v) => Math.fround(v * v - 1)); // any float32 function
      const want = QuantizeLinear([T('float32', [256], f), scalarF(ys), scalarQ('uint8', yz)], NOATTR, 13)[0];
      expectBytes(
        lutTable('int8', xs, xz, 'uint8', ys, yz, (v) => Math.fround(v * v - 1)),
        bytesOf(want.data),
        `int8 -> uint8 ${c}`,
      );
    }
  });
});

// ---- RequantizeInt32 --------------------------------------------------------------------------------------------

interface RqCase {
  dims: number[];
  layout: 'NCHW' | 'NCHW44';
  axis?: number;
  perTensor?: boolean;
  bias?: boolean;
  k?: 1 | 2;
}

/** Random accumulators: mostly moderate, some past 2^24 (float rounding), some near the int32 ends (wrapping). */
function randAcc(r: () => number, n: number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const k = r();
    a[i] =
      k < 0.7
        ? randInt(r, -3000, 3000)
        : k < 0.85
          ? randInt(r, -(2 ** 26), 2 ** 26)
          : k < 0.95
            ? randInt(r, -(2 ** 31), 2 ** 31 - 1)
            : randInt(r, -4, 4) * 2 + 1;
  }
  return a;
}

function checkRequant(c: RqCase, type: QType, seed: number, how: How = 'serial', on = cores): string {
  const r = rng(seed);
  const n = c.dims.reduce((x, y) => x * y, 1);
  const rank = c.dims.length;
  const axis = c.axis === undefined ? 1 : c.axis < 0 ? c.axis + rank : c.axis;
  const C = c.dims[axis];
  const inner = c.dims.slice(axis + 1).reduce((x, y) => x * y, 1);
  const acc0 = randAcc(r, n);
  const acc1 = c.k ? randAcc(r, n) : null;
  const kind = seed % 4;
  const scaleOf = () =>
    kind === 0
      ? [0.5, 0.25, 0.125][randInt(r, 0, 2)]
      : kind === 1
        ? scaleNear(r, -randInt(r, 6, 14))
        : kind === 2
          ? Math.fround(1e-35)
          : Math.fround(1e30);
  const scales = c.perTensor ? [scaleOf()] : Array.from({ length: C }, scaleOf);
  const bias = c.bias
    ? Int32Array.from({ length: C }, () => (r() < 0.1 ? randInt(r, -(2 ** 31), 2 ** 31 - 1) : randInt(r, -5000, 5000)))
    : undefined;
  const zp = randInt(r, LO[type], HI[type]);
  // reference, element by element in logical (row-major) order
  const want = qArray(type, n);
  for (let i = 0; i < n; i++) {
    const ch = Math.floor(i / inner) % C;
    const acc = acc1 ? (Math.imul(c.k!, acc0[i]) + acc1[i]) | 0 : acc0[i];
    want[i] = requantize(
      acc,
      bias ? bias[ch] : 0,
      scales.length === 1 ? scales[0] : scales[ch],
      zp,
      LO[type],
      HI[type],
    );
  }
  const nchw44 = c.layout === 'NCHW44';
  /** int32 [N, C, H, W] -> NCHW44 */
  const acc44 = (a: Int32Array) => {
    const [N, Cc, H, W] = c.dims;
    const hw = H * W;
    const y = new Int32Array(a.length);
    for (let nn = 0; nn < N; nn++)
      for (let cc = 0; cc < Cc; cc++)
        for (let p = 0; p < hw; p++)
          y[((nn * (Cc >> 2) + (cc >> 2)) * hw + p) * 4 + (cc & 3)] = a[(nn * Cc + cc) * hw + p];
    return y;
  };
  const in0 = bytesOf(nchw44 ? acc44(acc0) : acc0);
  const in1 = acc1 ? bytesOf(nchw44 ? acc44(acc1) : acc1) : null;
  const wantBytes = nchw44 ? toNchw44(bytesOf(want), c.dims) : bytesOf(want);
  let algorithm = '';
  for (const { name, core } of on) {
    const p: RequantizeParams = {
      dims: c.dims,
      layout: c.layout,
      type,
      scale: c.perTensor ? scales[0] : Float32Array.from(scales),
      bias,
      zeroPoint: zp,
      axis: c.axis,
      k: c.k,
    };
    const k = new RequantizeKernel(core, p);
    try {
      const got = runWasm(core, k, in0, in1, n, how, seed % 4);
      expectBytes(got, wantBytes, `${name} ${type} ${JSON.stringify(c)} zp=${zp} scales ${scales.slice(0, 3)}`);
      algorithm = k.algorithm;
    } finally {
      k.dispose();
    }
  }
  return algorithm;
}

describe('RequantizeInt32: int32 -> uint8 / int8, per channel, bias, a second accumulator', () => {
  for (const type of TYPES) {
    it(`${type}: per tensor, every length 0..70 and across tasks`, () => {
      let seed = 500;
      for (const n of LENGTHS) {
        expect(
          checkRequant(
            { dims: [1, n], layout: 'NCHW', perTensor: true },
            type,
            seed++,
            n % 3 === 2 ? 'reverse' : 'serial',
          ),
        ).toBe('requant-tensor');
      }
      expect(checkRequant({ dims: [1, 4, 2, 2], layout: 'NCHW44', perTensor: true, k: 2 }, type, seed++)).toBe(
        'requant-tensor-k2',
      );
    });

    it(`${type}: NCHW per channel, every plane size 1..40, with and without bias, k = 1 and 2`, () => {
      let seed = 600;
      for (let hw = 1; hw <= 40; hw++) {
        const dims = hw % 4 === 0 ? [2, 3, 4, hw / 4] : [1 + (hw % 2), 3 + (hw % 3), 1, hw];
        for (const [bias, k] of [
          [false, undefined],
          [true, undefined],
          [true, 2],
          [false, 1],
        ] as const) {
          checkRequant({ dims, layout: 'NCHW', bias, k }, type, seed++, seed % 2 ? 'reverse' : 'serial');
        }
      }
      expect(checkRequant({ dims: [1, 64, 33, 35], layout: 'NCHW', bias: true }, type, seed++)).toBe('requant-nchw');
      expect(checkRequant({ dims: [1, 64, 33, 35], layout: 'NCHW', bias: true, k: 2 }, type, seed++)).toBe(
        'requant-nchw-k2',
      );
    });

    it(`${type}: the channel as the last axis (a MatMul / Gemm output), every length 1..70`, () => {
      let seed = 700;
      for (let C = 1; C <= 70; C++) {
        expect(
          checkRequant(
            { dims: [1 + (C % 3), C], layout: 'NCHW', bias: C % 2 === 0, k: C % 5 === 0 ? 2 : undefined },
            type,
            seed++,
          ),
        ).toMatch(C === 1 ? /^requant-tensor/ : /^requant-last-axis/);
        checkRequant({ dims: [2, 3, C], layout: 'NCHW', axis: -1, bias: true }, type, seed++, 'reverse');
      }
      checkRequant({ dims: [257, 131], layout: 'NCHW', bias: true }, type, seed++);
      checkRequant({ dims: [2, 5, 3, 7], layout: 'NCHW', axis: 2, bias: true }, type, seed++);
    });

    it(`${type}: NCHW44 per channel, every plane size 1..24, C 4..16, with and without bias, k = 1 and 2`, () => {
      let seed = 800;
      for (let hw = 1; hw <= 24; hw++) {
        const C = 4 * (1 + (hw % 4));
        const dims = hw % 6 === 0 ? [2, C, 2, hw / 2] : [1 + (hw % 2), C, 1, hw];
        for (const [bias, k] of [
          [false, undefined],
          [true, undefined],
          [true, 2],
          [true, 1],
        ] as const) {
          checkRequant({ dims, layout: 'NCHW44', bias, k }, type, seed++, seed % 2 ? 'reverse' : 'serial');
        }
      }
      expect(checkRequant({ dims: [1, 64, 33, 35], layout: 'NCHW44', bias: true }, type, seed++)).toBe(
        'requant-nchw44',
      );
      expect(checkRequant({ dims: [2, 32, 30, 31], layout: 'NCHW44', bias: true, k: 2 }, type, seed++)).toBe(
        'requant-nchw44-k2',
      );
    });
  }
});

// ---- in place -----------------------------------------------------------------------------------------------------

/**
 * Runs k with its output written over input `which` (0: src, 1: the second input), tasks last first: what the
 * executor's memory plan may do for Lut and QLinearAdd / QLinearMul (output over the operand of the output's shape).
 */
function runInPlace(
  core: WasmRuntimeCore,
  k: ModelKernel,
  src: Uint8Array,
  second: Uint8Array | null,
  which: 0 | 1,
): Uint8Array {
  const al = (v: number) => Math.ceil(v / 16) * 16;
  const oSrc = GUARD,
    oSec = al(oSrc + src.length + GUARD),
    total = al(oSec + (second?.length ?? 0) + GUARD);
  const base = core.heap.alloc(total, 64);
  try {
    let u8 = core.u8();
    u8.fill(GUARD_BYTE, base, base + total);
    u8.set(src, base + oSrc);
    if (second) u8.set(second, base + oSec);
    const e = { src: base + oSrc, slices: second ? base + oSec : 0, dst: base + (which === 0 ? oSrc : oSec) };
    for (const d of k.dispatch) {
      const arg = (i: number) => (d.args[i].base === 'none' ? 0 : e[d.args[i].base as 'src' | 'slices' | 'dst']);
      const fn = core.exports[d.fn] as (...a: number[]) => void;
      for (let t = d.range[0] - 1; t >= 0; t--) fn(k.ctx, arg(0), arg(1), arg(2), 0, 0, t);
    }
    u8 = core.u8();
    const guardOk = (a: number, b: number) => u8.subarray(base + a, base + b).every((v) => v === GUARD_BYTE);
    expect(
      guardOk(0, oSrc) && guardOk(oSrc + src.length, oSec) && guardOk(oSec + (second?.length ?? 0), total),
      'guards',
    ).toBe(true);
    const o = which === 0 ? oSrc : oSec;
    return u8.slice(base + o, base + o + (which === 0 ? src.length : second!.length));
  } finally {
    core.heap.release(base);
  }
}

describe('in place: Lut and QLinearAdd / QLinearMul may write their output over the output-shaped operand', () => {
  it('Lut over its input; binary over A or over B (whichever has the output shape), every mode, across tasks', () => {
    const r = rng(950);
    for (const { name, core } of cores) {
      for (const n of [0, 1, 17, 70, 3 * ELEM_TASK_ELEMS + 9]) {
        const table = randBytes(r, 256);
        const x = randBytes(r, n);
        const k = new LutKernel(core, { length: n, table });
        expect(k.inPlaceInput).toBe(0);
        expectBytes(
          runInPlace(core, k, x, null, 0),
          x.map((v) => table[v]),
          `${name} lut n=${n}`,
        );
        k.dispose();
      }
      const cases: Array<[number[], number[], 'NCHW' | 'NCHW44']> = [
        [[3 * ELEM_TASK_ELEMS + 9], [3 * ELEM_TASK_ELEMS + 9], 'NCHW'],
        [[70], [1], 'NCHW'],
        [[2, 8, 33, 35], [1, 8, 1, 1], 'NCHW'],
        [[2, 8, 33, 35], [8, 33, 35], 'NCHW'],
        [[2, 8, 33, 35], [2, 8, 1, 1], 'NCHW44'],
      ];
      for (const [big, small, layout] of cases) {
        for (const swap of [false, true]) {
          const [aDims, bDims] = swap ? [small, big] : [big, small];
          const p: QLinearBinaryParams = {
            op: swap ? 'mul' : 'add',
            type: 'int8',
            aDims,
            bDims,
            layout,
            aScale: scaleNear(r, -5),
            aZeroPoint: 3,
            bScale: scaleNear(r, -6),
            bZeroPoint: -7,
            cScale: scaleNear(r, -5),
            cZeroPoint: 9,
          };
          const a = randBytes(
            r,
            aDims.reduce((x, y) => x * y, 1),
          );
          const b = randBytes(
            r,
            bDims.reduce((x, y) => x * y, 1),
          );
          const k = new QLinearBinaryKernel(core, p);
          const equal = big.length === small.length && big.every((v, i) => v === small[i]);
          expect(k.inPlaceInput).toBe(swap && !equal ? 1 : 0);
          const want = runWasm(core, k, a, b, Math.max(a.length, b.length));
          // equal shapes: over either operand
          for (const which of equal ? ([0, 1] as const) : [k.inPlaceInput]) {
            expectBytes(
              runInPlace(core, k, a, b, which),
              want,
              `${name} ${k.algorithm} [${aDims}] x [${bDims}] over input ${which}`,
            );
          }
          k.dispose();
        }
      }
      for (const k of [
        new QuantizeKernel(core, { length: 8, type: 'int8', scale: 1, zeroPoint: 0 }),
        new DequantizeKernel(core, { length: 8, type: 'int8', scale: 1, zeroPoint: 0 }),
        new RequantizeKernel(core, { dims: [1, 8], layout: 'NCHW', type: 'int8', scale: 1, zeroPoint: 0 }),
      ]) {
        expect(k.inPlaceInput, k.algorithm).toBeNull();
        k.dispose();
      }
    }
  });
});

// ---- threads ------------------------------------------------------------------------------------------------------

describe('the threaded build: the pool runs every kernel to the same bytes', () => {
  it('quantize, dequantize, binary, lut, requant on 2 threads (skipped unless dist/ is built and workers start)', (ctx) => {
    if (!threaded) return ctx.skip();
    const core = threaded;
    const r = rng(900);
    const n = 5 * ELEM_TASK_ELEMS + 77;
    const x = quantInputs(r, n, 0.125);
    const want = QuantizeLinear([T('float32', [n], x), scalarF(0.125), scalarQ('int8', 3)], NOATTR, 13)[0];
    let k: ModelKernel = new QuantizeKernel(core, { length: n, type: 'int8', scale: 0.125, zeroPoint: 3 });
    expectBytes(runWasm(core, k, bytesOf(x), null, n, 'pool'), bytesOf(want.data), 'quantize on the pool');
    k.dispose();
    const q = randBytes(r, n);
    const wantD = DequantizeLinear([T('uint8', [n], q), scalarF(0.3), scalarQ('uint8', 7)], NOATTR, 13)[0];
    k = new DequantizeKernel(core, { length: n, type: 'uint8', scale: Math.fround(0.3), zeroPoint: 7 });
    expectBytes(runWasm(core, k, q, null, 4 * n, 'pool'), bytesOf(wantD.data), 'dequantize on the pool');
    k.dispose();
    const table = randBytes(r, 256);
    k = new LutKernel(core, { length: n, table });
    expectBytes(
      runWasm(core, k, q, null, n, 'pool'),
      q.map((v) => table[v]),
      'lut on the pool',
    );
    k.dispose();
    // binary and requant through their own checks, on the threaded core
    const on = [{ name: 'threaded', core }];
    checkBinary({ aDims: [2, 64, 30, 29], bDims: [1, 64, 1, 1], layout: 'NCHW44' }, 'add', 'uint8', 901, 'pool', on);
    checkBinary({ aDims: [1, 48, 40, 41], bDims: [1, 48, 40, 41], layout: 'NCHW' }, 'mul', 'int8', 902, 'pool', on);
    checkRequant({ dims: [1, 32, 50, 51], layout: 'NCHW44', bias: true, k: 2 }, 'int8', 903, 'pool', on);
  });
});

// ---- errors -------------------------------------------------------------------------------------------------------

describe('the constructors check their parameters (typed errors, nothing allocated)', () => {
  it('bad types, scales, zero points, lengths, tables, biases', () => {
    const { core } = cores[0];
    const before = core.heap.bytesInUse;
    const code = (f: () => ModelKernel | unknown) => {
      try {
        const k = f() as ModelKernel;
        k.dispose?.();
        return 'ok';
      } catch (e) {
        expect(e).toBeInstanceOf(I8ConvError);
        return (e as I8ConvError).code;
      }
    };
    const q = { length: 10, type: 'uint8' as QType, scale: 0.5, zeroPoint: 3 };
    expect(code(() => new QuantizeKernel(core, q))).toBe('ok');
    expect(code(() => new QuantizeKernel(core, { ...q, type: 'int16' as QType }))).toBe('INVALID_PARAM');
    expect(code(() => new QuantizeKernel(core, { ...q, scale: 0 }))).toBe('INVALID_SCALE');
    expect(code(() => new QuantizeKernel(core, { ...q, scale: -1 }))).toBe('INVALID_SCALE');
    expect(code(() => new QuantizeKernel(core, { ...q, scale: NaN }))).toBe('INVALID_SCALE');
    expect(code(() => new DequantizeKernel(core, { ...q, scale: Infinity }))).toBe('INVALID_SCALE');
    expect(code(() => new DequantizeKernel(core, { ...q, scale: 1e-50 }))).toBe('INVALID_SCALE'); // 0 as a float32
    expect(code(() => new QuantizeKernel(core, { ...q, zeroPoint: 256 }))).toBe('INVALID_PARAM');
    expect(code(() => new QuantizeKernel(core, { ...q, type: 'int8', zeroPoint: 128 }))).toBe('INVALID_PARAM');
    expect(code(() => new QuantizeKernel(core, { ...q, zeroPoint: 1.5 }))).toBe('INVALID_PARAM');
    expect(code(() => new DequantizeKernel(core, { ...q, length: -1 }))).toBe('BAD_SHAPE');
    expect(code(() => new DequantizeKernel(core, { ...q, length: 2 ** 31 }))).toBe('TOO_LARGE');
    expect(code(() => new LutKernel(core, { length: 4, table: new Uint8Array(255) }))).toBe('BAD_BUFFER');
    expect(code(() => new LutKernel(core, { length: 4, table: Array(256).fill(256) }))).toBe('INVALID_PARAM');
    expect(code(() => sigmoidTable('uint8', 0, 0, 1, 0))).toBe('INVALID_SCALE');
    expect(code(() => leakyReluTable('int8', 1, 0, 1, 200))).toBe('INVALID_PARAM');
    const rq: RequantizeParams = {
      dims: [1, 4, 2, 2],
      layout: 'NCHW44',
      type: 'int8',
      scale: [1, 2, 3, 4],
      bias: [1, 2, 3, 4],
      zeroPoint: 0,
    };
    expect(code(() => new RequantizeKernel(core, rq))).toBe('ok');
    expect(code(() => new RequantizeKernel(core, { ...rq, scale: [1, 2, 3] }))).toBe('INVALID_SCALE');
    expect(code(() => new RequantizeKernel(core, { ...rq, scale: [1, 2, 0, 4] }))).toBe('INVALID_SCALE');
    expect(code(() => new RequantizeKernel(core, { ...rq, bias: [1, 2, 3] }))).toBe('BIAS_LENGTH');
    expect(code(() => new RequantizeKernel(core, { ...rq, bias: [1, 2, 3, 2 ** 31] }))).toBe('INVALID_PARAM');
    expect(code(() => new RequantizeKernel(core, { ...rq, dims: [1, 6, 2, 2], scale: 1, bias: undefined }))).toBe(
      'CHANNELS_NOT_MULTIPLE_OF_4',
    );
    expect(code(() => new RequantizeKernel(core, { ...rq, dims: [4, 2, 2] }))).toBe('BAD_SHAPE');
    expect(code(() => new RequantizeKernel(core, { ...rq, layout: 'NCHW', dims: [4] }))).toBe('BAD_SHAPE');
    expect(code(() => new RequantizeKernel(core, { ...rq, k: 3 as 2 }))).toBe('INVALID_PARAM');
    expect(code(() => new RequantizeKernel(core, { ...rq, layout: 'NCHW', axis: 4 }))).toBe('INVALID_PARAM');
    expect(code(() => new RequantizeKernel(core, { ...rq, layout: 'NHWC' as 'NCHW' }))).toBe('INVALID_PARAM');
    expect(core.heap.bytesInUse).toBe(before);
  });
});

// ---- onnxruntime-web on the same data -----------------------------------------------------------------------------

let ortModule: typeof import('onnxruntime-web') | null = null;
try {
  ortModule = await import('onnxruntime-web');
  ortModule.env.wasm.numThreads = 1;
  ortModule.env.wasm.proxy = false;
} catch {
  ortModule = null;
}

/** One node, fed inputs (null: an initializer) in order; runs it on onnxruntime-web (wasm, 1 thread, no graph optimization). */
async function ortOne(
  op: string,
  domain: string,
  inputs: Array<[string, Tensor, 'feed' | 'init']>,
  outType: Tensor['type'],
  attrs: AttrSpec[] = [],
): Promise<Uint8Array> {
  const ort = ortModule!;
  const dt = (t: Tensor) => (({ float32: DT.FLOAT, uint8: DT.UINT8, int8: DT.INT8 }) as Record<string, number>)[t.type];
  const model = writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      ['com.microsoft', 1],
    ],
    graph: {
      name: op,
      nodes: [{ opType: op, domain, inputs: inputs.map(([n]) => n), outputs: ['y'], attributes: attrs }],
      initializers: inputs
        .filter(([, , k]) => k === 'init')
        .map(([n, t]) => ({ name: n, dataType: dt(t), dims: t.dims, raw: le(t.data as ArrayBufferView) })),
      inputs: inputs.filter(([, , k]) => k === 'feed').map(([n, t]) => ({ name: n, elemType: dt(t), shape: t.dims })),
      outputs: [{ name: 'y', elemType: dt({ type: outType } as Tensor) }],
    },
  });
  const session = await ort.InferenceSession.create(model, {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'disabled',
  });
  const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
  for (const [n, t, k] of inputs)
    if (k === 'feed') feeds[n] = new ort.Tensor(t.type as 'float32', t.data as Float32Array, t.dims);
  const out = (await session.run(feeds)).y;
  await session.release();
  return new Uint8Array(bytesOf(out.data as ArrayBufferView));
}

describe('onnxruntime-web 1.30 (wasm, 1 thread) computes the same bytes', () => {
  const core = () => cores[0].core;

  for (const type of TYPES) {
    it.skipIf(!ortModule)(
      `${type}: QLinearAdd channel (NCHW and NCHW44), QLinearMul scalar on the left, overflowing scales`,
      async () => {
        const r = rng(type === 'uint8' ? 41 : 42);
        const view = (x: Uint8Array) => (type === 'int8' ? new Int8Array(x.buffer) : x);
        const cases: Array<{ op: 'add' | 'mul'; aDims: number[]; bDims: number[]; s: [number, number, number] }> = [
          {
            op: 'add',
            aDims: [1, 8, 5, 7],
            bDims: [1, 8, 1, 1],
            s: [scaleNear(r, -6), scaleNear(r, -5), scaleNear(r, -5)],
          },
          { op: 'add', aDims: [2, 8, 3, 3], bDims: [2, 8, 3, 3], s: [0.5, 0.25, 1] },
          { op: 'mul', aDims: [1], bDims: [2, 4, 3, 3], s: [scaleNear(r, -4), scaleNear(r, -5), scaleNear(r, -7)] },
          { op: 'add', aDims: [40], bDims: [40], s: [Math.fround(3e38), Math.fround(2e38), Math.fround(1e-3)] },
          { op: 'mul', aDims: [40], bDims: [40], s: [Math.fround(1e30), Math.fround(1e20), Math.fround(1e-3)] },
        ];
        for (const c of cases) {
          const a = randBytes(
            r,
            c.aDims.reduce((x, y) => x * y, 1),
          );
          const b = randBytes(
            r,
            c.bDims.reduce((x, y) => x * y, 1),
          );
          const [aZ, bZ, cZ] = [0, 1, 2].map(() => randInt(r, LO[type], HI[type]));
          const want = await ortOne(
            c.op === 'add' ? 'QLinearAdd' : 'QLinearMul',
            'com.microsoft',
            [
              ['a', T(type, c.aDims, view(a)), 'feed'],
              ['as', scalarF(c.s[0]), 'init'],
              ['az', scalarQ(type, aZ), 'init'],
              ['b', T(type, c.bDims, view(b)), 'feed'],
              ['bs', scalarF(c.s[1]), 'init'],
              ['bz', scalarQ(type, bZ), 'init'],
              ['cs', scalarF(c.s[2]), 'init'],
              ['cz', scalarQ(type, cZ), 'init'],
            ],
            type,
          );
          for (const layout of c.aDims.length === 4 || c.bDims.length === 4
            ? (['NCHW', 'NCHW44'] as const)
            : (['NCHW'] as const)) {
            const k = new QLinearBinaryKernel(core(), {
              op: c.op,
              type,
              aDims: c.aDims,
              bDims: c.bDims,
              layout,
              aScale: c.s[0],
              aZeroPoint: aZ,
              bScale: c.s[1],
              bZeroPoint: bZ,
              cScale: c.s[2],
              cZeroPoint: cZ,
            });
            const l44 = (x: Uint8Array, d: number[]) => (layout === 'NCHW44' && d.length === 4 ? toNchw44(x, d) : x);
            const got = runWasm(core(), k, l44(a, c.aDims), l44(b, c.bDims), want.length);
            k.dispose();
            expectBytes(got, l44(want, k.outDims), `${c.op} ${layout} [${c.aDims}] x [${c.bDims}] scales ${c.s}`);
          }
        }
      },
    );

    it.skipIf(!ortModule)(
      `${type}: QuantizeLinear (specials, ties), DequantizeLinear, QLinearSigmoid / QLinearLeakyRelu tables`,
      async () => {
        const r = rng(type === 'uint8' ? 43 : 44);
        const n = 300;
        for (const s of [0.25, scaleNear(r, -6), Math.fround(1e-30)]) {
          const zp = randInt(r, LO[type], HI[type]);
          const x = quantInputs(r, n, s);
          const want = await ortOne(
            'QuantizeLinear',
            '',
            [
              ['x', T('float32', [n], x), 'feed'],
              ['s', scalarF(s), 'init'],
              ['z', scalarQ(type, zp), 'init'],
            ],
            type,
          );
          const k = new QuantizeKernel(core(), { length: n, type, scale: s, zeroPoint: zp });
          expectBytes(runWasm(core(), k, bytesOf(x), null, n), want, `QuantizeLinear s=${s} zp=${zp}`);
          k.dispose();
        }
        const all = qArray(type, 256);
        for (let i = 0; i < 256; i++) all[i] = type === 'int8' ? (i << 24) >> 24 : i;
        const raw = new Uint8Array(bytesOf(all));
        for (const s of [scaleNear(r, -5), Math.fround(3e36)]) {
          const zp = randInt(r, LO[type], HI[type]);
          const want = await ortOne(
            'DequantizeLinear',
            '',
            [
              ['x', T(type, [256], all), 'feed'],
              ['s', scalarF(s), 'init'],
              ['z', scalarQ(type, zp), 'init'],
            ],
            'float32',
          );
          const k = new DequantizeKernel(core(), { length: 256, type, scale: s, zeroPoint: zp });
          expectBytes(runWasm(core(), k, raw, null, 1024), want, `DequantizeLinear s=${s}`);
          k.dispose();
        }
        for (let c = 0; c < 4; c++) {
          const xs = scaleNear(r, -4),
            xz = randInt(r, LO[type], HI[type]),
            ys = c % 2 ? Math.fround(1 / 256) : scaleNear(r, -6),
            yz = randInt(r, LO[type], HI[type]);
          const q5: Array<[string, Tensor, 'feed' | 'init']> = [
            ['x', T(type, [256], all), 'feed'],
            ['xs', scalarF(xs), 'init'],
            ['xz', scalarQ(type, xz), 'init'],
            ['ys', scalarF(ys), 'init'],
            ['yz', scalarQ(type, yz), 'init'],
          ];
          const alpha = [0.01, 0.2, 1.7, -0.25][c];
          for (const [op, table, attrs] of [
            ['QLinearSigmoid', sigmoidTable(type, xs, xz, ys, yz), []],
            [
              'QLinearLeakyRelu',
              leakyReluTable(type, xs, xz, ys, yz, alpha),
              [{ name: 'alpha', type: AT.FLOAT, f: alpha }],
            ],
          ] as const) {
            const want = await ortOne(op, 'com.microsoft', q5, type, [...attrs]);
            const k = new LutKernel(core(), { length: 256, table });
            expectBytes(runWasm(core(), k, raw, null, 256), want, `${op} ${xs} ${xz} ${ys} ${yz}`);
            k.dispose();
          }
        }
      },
    );
  }
});
