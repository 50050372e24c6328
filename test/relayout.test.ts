/**
 * Relayout: every mode x element type against the scalar oracle (kernels-ref/relayout.ts) on odd sizes,
 * through both execution paths (wasm kernels and TypeScript strided copies), with guard elements around the
 * destination. Golden cases (docs/testing.md B.1) and error paths live in relayout-golden.test.ts and
 * relayout-errors.test.ts; the scaled random grids of B.2 in relayout-grid.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { relayoutRef } from '../kernels-ref/relayout.js';
import { MODE_NAMES } from '../src/relayout/modes.js';
import { DTYPES, type RelayoutDtype, type RelayoutArray } from '../src/relayout/dtype.js';
import { planRelayout, relayoutPath, type RelayoutOptions } from '../src/relayout/api.js';
import { rng, randInt } from './helpers/rng.js';

type Case = { shape: number[]; opts?: RelayoutOptions };

// H*W values: 1, 3 (scalar only), 16 (one full SIMD step), 35 (two steps + 3), 4x9 = 36 (b32 steps + 0).
const HW: Array<[number, number]> = [
  [1, 1],
  [1, 3],
  [4, 4],
  [5, 7],
  [4, 9],
];

function nchw(cs: number[], ns = [1, 2]): Case[] {
  const out: Case[] = [];
  let i = 0;
  for (const c of cs) {
    const [h, w] = HW[i % HW.length];
    out.push({ shape: [ns[i % ns.length], c, h, w] });
    i++;
  }
  return out;
}

function casesFor(mode: string): Case[] {
  switch (mode) {
    case 'NCHW_NCHW4_IC_SMALL':
      return [1, 2, 3, 4].flatMap((c) => [{ shape: [2, c, 5, 7] }, { shape: [1, c, 1, 3] }]);
    case 'NCHW_NCHW4':
      return [
        ...nchw([1, 3, 4, 5, 8, 9, 11, 16]),
        { shape: [2, 8, 5, 7], opts: { group: 2 } },
        { shape: [1, 8, 1, 2], opts: { group: 4 } },
        { shape: [3, 6, 4, 9], opts: { group: 2 } },
        { shape: [1, 9, 5, 7], opts: { group: 3 } },
        { shape: [2, 24, 4, 4], opts: { group: 3 } },
      ];
    case 'NCHW_NCHW44':
      return nchw([1, 3, 4, 5, 7, 8, 12, 17, 20]);
    case 'NCHW4_NCHW':
      return [
        { shape: [2, 2, 5, 7, 4] },
        { shape: [1, 3, 4, 9, 4], opts: { oc: 10 } },
        { shape: [1, 2, 1, 2, 4], opts: { oc: 6, group: 2 } },
        { shape: [2, 4, 5, 7, 4], opts: { oc: 8, group: 2 } }, // icpg 8: groups on block boundaries
        { shape: [1, 3, 4, 4, 4], opts: { oc: 9, group: 3 } },
        { shape: [1, 4, 1, 3, 4], opts: { oc: 16, group: 8 } },
        { shape: [2, 2, 5, 7, 4], opts: { oc: 0 } },
      ];
    case 'NCHW44_NCHW':
      return [
        { shape: [2, 2, 5, 7, 4] },
        { shape: [1, 3, 4, 9, 4], opts: { oc: 9 } },
        { shape: [1, 1, 1, 3, 4], opts: { oc: 1 } },
        { shape: [2, 2, 4, 4, 4], opts: { oc: 7 } },
      ];
    case 'NCHW_NCHW88':
      return nchw([1, 7, 8, 9, 16, 17]);
    case 'NCHW88_NCHW':
      return [
        { shape: [1, 1, 5, 7, 8] },
        { shape: [2, 3, 4, 4, 8] },
        { shape: [1, 2, 1, 3, 8] },
        { shape: [1, 2, 4, 9, 8] },
      ];
    case 'NCHW_NCHW64':
      return [{ shape: [1, 3, 2, 3] }, { shape: [2, 64, 1, 17] }, { shape: [1, 65, 1, 3] }, { shape: [1, 128, 3, 5] }];
    case 'NCHW64_NCHW':
      return [
        { shape: [1, 1, 1, 17, 64] },
        { shape: [2, 2, 1, 3, 64], opts: { oc: 100 } },
        { shape: [1, 1, 2, 2, 64], opts: { oc: 1 } },
        { shape: [1, 2, 2, 2, 64], opts: { oc: 128 } },
      ];
    case 'NCHW4_CHWN4':
      return [
        { shape: [1, 2, 5, 7, 4] },
        { shape: [3, 1, 1, 3, 4] },
        { shape: [4, 2, 2, 2, 4] },
        { shape: [5, 3, 1, 1, 4] },
        { shape: [17, 1, 1, 2, 4] },
      ];
    case 'CHWN4_NCHW4':
      return [
        { shape: [2, 5, 7, 1, 4] },
        { shape: [1, 1, 3, 3, 4] },
        { shape: [2, 2, 2, 4, 4] },
        { shape: [3, 1, 1, 5, 4] },
        { shape: [1, 1, 2, 17, 4] },
      ];
    case 'NCHW_NHWCD4':
    case 'NCHW_NHWCD4I':
      return nchw([1, 3, 4, 5, 8, 13]);
    case 'NHWC_NHWCD4':
      return [{ shape: [1, 5, 7, 4] }, { shape: [2, 1, 3, 8] }, { shape: [1, 4, 9, 12] }, { shape: [1, 2, 17, 20] }];
    case 'NHWC_NHWCD4I':
      return [
        { shape: [1, 5, 7, 3] },
        { shape: [2, 1, 3, 8] },
        { shape: [1, 4, 9, 5] },
        { shape: [1, 2, 5, 1] },
        { shape: [1, 2, 17, 20] },
      ];
    case 'NHWCD4_NHWC':
    case 'NHWCD4I_NHWC':
    case 'NHWCD4_NCHW':
    case 'NHWCD4I_NCHW':
      return [
        { shape: [1, 5, 1, 7, 4] },
        { shape: [2, 1, 3, 3, 4] },
        { shape: [1, 4, 2, 9, 4] },
        { shape: [1, 2, 5, 17, 4] },
        { shape: [2, 3, 2, 16, 4] },
      ];
    case 'NCHW_NHWC':
      return [
        { shape: [1, 3, 5, 7] },
        { shape: [2, 16, 4, 4] },
        { shape: [1, 17, 5, 7] },
        { shape: [1, 33, 1, 35] },
        { shape: [2, 1, 1, 1] },
        { shape: [1, 32, 6, 6] },
      ];
    case 'NHWC_NCHW':
      return [
        { shape: [1, 5, 7, 3] },
        { shape: [2, 4, 4, 16] },
        { shape: [1, 5, 7, 17] },
        { shape: [1, 1, 35, 33] },
        { shape: [2, 1, 1, 1] },
        { shape: [1, 6, 6, 32] },
      ];
    case 'NCHW_NCHW4_IC_SMALL_CONV_DENSE_WEIGHT':
      return [
        { shape: [4, 3, 3, 3] },
        { shape: [4, 4, 3, 3] },
        { shape: [1, 4, 3, 3] },
        { shape: [5, 1, 5, 5] },
        { shape: [3, 2, 1, 1] },
      ];
    case 'NCHW_NCHW4_WEIGHT':
      return [
        { shape: [1, 1, 3, 3] },
        { shape: [3, 9, 3, 5] },
        { shape: [4, 4, 1, 1] },
        { shape: [5, 11, 5, 5] },
        { shape: [16, 33, 3, 3] },
        { shape: [2, 2, 1, 2, 2] },
        { shape: [4, 13, 11, 3, 3] },
        { shape: [3, 4, 8, 1, 3] },
      ];
    case 'NCHW_NCHW88_CONV_DENSE_WEIGHT':
      return [{ shape: [8, 8, 1, 1] }, { shape: [8, 2, 1, 1] }, { shape: [16, 9, 3, 3] }, { shape: [8, 17, 5, 5] }];
    case 'NCHW_NCHW88_CONV_CHAN_WEIGHT':
      return [
        { shape: [8, 1, 1, 1, 2] },
        { shape: [2, 1, 1, 1, 2] },
        { shape: [9, 1, 1, 3, 3] },
        { shape: [17, 2, 1, 3, 3] },
        { shape: [16, 1, 1, 5, 5] },
      ];
    case 'NCHW_NCHW88_CONV_GROUP_WEIGHT':
      return [
        { shape: [1, 8, 8, 1, 1] },
        { shape: [1, 8, 2, 1, 1] },
        { shape: [3, 16, 9, 3, 3] },
        { shape: [2, 8, 8, 2, 2] },
      ];
    case 'INTER_WEIGHT_DENSE':
    case 'INTER_WEIGHT_DENSEI':
    case 'INTER_WEIGHT_DENSEI_DOT':
      return [
        { shape: [4, 1, 1, 1] },
        { shape: [4, 3, 3, 3] },
        { shape: [8, 8, 3, 3] },
        { shape: [12, 5, 1, 3] },
        { shape: [4, 16, 5, 5] },
      ];
    case 'INTER_WEIGHT_GROUP':
    case 'INTER_WEIGHT_GROUPI':
    case 'INTER_WEIGHT_GROUPI_DOT':
      return [
        { shape: [1, 4, 4, 1, 1] },
        { shape: [3, 4, 8, 3, 3] },
        { shape: [2, 8, 4, 5, 5] },
        { shape: [2, 4, 4, 7, 7] },
      ];
    case 'INTER_WEIGHT_CHAN':
    case 'INTER_WEIGHT_CHANI':
    case 'WEIGHT_NCHW_TO_NCHW44_CHAN':
      return [
        { shape: [4, 1, 1, 3, 3] },
        { shape: [8, 1, 1, 1, 1] },
        { shape: [12, 1, 1, 5, 5] },
        { shape: [4, 1, 1, 7, 3] },
      ];
    case 'WEIGHT_NCHW_TO_NCHW44_DENSE':
    case 'WEIGHT_NCHW_TO_NCHW44_DOT_DENSE':
      // K = 1, 4, 9, 25, 49: one partial 16-column step, and two or four steps for 5x5 and 7x7.
      return [
        { shape: [4, 4, 1, 1] },
        { shape: [8, 4, 2, 2] },
        { shape: [4, 12, 3, 3] },
        { shape: [12, 8, 5, 5] },
        { shape: [4, 4, 7, 7] },
        { shape: [8, 8, 4, 5] },
      ];
    case 'WEIGHT_NCHW_TO_NCHW44_GROUP':
    case 'WEIGHT_NCHW_TO_NCHW44_DOT_GROUP':
      return [
        { shape: [1, 4, 4, 1, 1] },
        { shape: [3, 4, 4, 3, 3] },
        { shape: [2, 8, 4, 5, 5] },
        { shape: [2, 4, 8, 7, 7] },
      ];
    case 'WEIGHT_HYBRID_NCHW_NCHW44':
      return [{ shape: [4, 1, 3, 3] }, { shape: [8, 3, 3, 3] }, { shape: [4, 2, 7, 7] }, { shape: [12, 3, 1, 1] }];
    default:
      throw new Error(`no cases for ${mode}`);
  }
}

// ---- data ------------------------------------------------------------------------------------------------------

const ZERO_POINT = 37;

function randomArray(dtype: RelayoutDtype, n: number, r: () => number): RelayoutArray {
  const a = new DTYPES[dtype].ctor(n);
  for (let i = 0; i < n; i++) {
    if (a instanceof Float32Array) a[i] = i % 13 === 5 ? -0 : (r() - 0.5) * 1e3;
    else if (a instanceof Int32Array) a[i] = randInt(r, -(2 ** 31), 2 ** 31 - 1);
    else if (a instanceof Uint8Array) a[i] = randInt(r, 0, 255);
    else a[i] = randInt(r, -128, 127);
  }
  return a;
}

/** Byte-exact comparison (distinguishes -0 from 0). */
function bytes(a: RelayoutArray): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

const GUARD = 19;
function sentinel(dtype: RelayoutDtype): number {
  if (dtype === 'float32') return -1234.5;
  return DTYPES[dtype].size === 1 ? (dtype === 'uint8' || dtype === 'quint8' ? 0xa5 : -91) : -123456789;
}

/** relayoutInto a destination with GUARD sentinel elements on both sides; checks the guards and returns dst. */
function runGuarded(
  rt: Runtime,
  mode: string,
  src: RelayoutArray,
  shape: number[],
  opts: RelayoutOptions,
  dtype: RelayoutDtype,
): RelayoutArray {
  const dstShape = rt.relayoutShape(mode, shape, opts);
  const n = dstShape.reduce((x, y) => x * y, 1);
  const big = new DTYPES[dtype].ctor(n + 2 * GUARD).fill(sentinel(dtype));
  const dst = big.subarray(GUARD, GUARD + n);
  rt.relayoutInto(mode, src, shape, dst, opts);
  for (let i = 0; i < GUARD; i++) {
    expect(big[i], `guard before dst [${i}]`).toBe(sentinel(dtype));
    expect(big[GUARD + n + i], `guard after dst [${i}]`).toBe(sentinel(dtype));
  }
  return dst;
}

const ALL_DTYPES = Object.keys(DTYPES) as RelayoutDtype[];

// Modes whose int8 and 32-bit cases must take the wasm path (the hot list of the relayout benchmark) for every case above.
const HOT_1_AND_4_BYTE = [
  'NCHW_NCHW4',
  'NCHW_NCHW44',
  'NCHW4_NCHW',
  'NCHW44_NCHW',
  'NCHW4_CHWN4',
  'CHWN4_NCHW4',
  'NCHW_NCHW88',
  'NCHW88_NCHW',
  'NCHW_NHWC',
  'NHWC_NCHW',
];
const HOT_1_BYTE = ['WEIGHT_NCHW_TO_NCHW44_DOT_DENSE', 'WEIGHT_NCHW_TO_NCHW44_DOT_GROUP'];

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ build: 'simd128' });
});

describe('relayout: every mode x dtype vs the oracle, both paths, guarded dst', () => {
  for (const mode of MODE_NAMES) {
    for (const dtype of ALL_DTYPES) {
      it(`${mode} ${dtype}`, () => {
        const r = rng(mode.length * 7919 + dtype.length);
        const inUse = rt.core.heap.bytesInUse;
        let wasmRuns = 0;
        for (const c of casesFor(mode)) {
          const opts: RelayoutOptions = { ...c.opts, dtype, ...(dtype === 'quint8' ? { zeroPoint: ZERO_POINT } : {}) };
          const n = c.shape.reduce((x, y) => x * y, 1);
          const src = randomArray(dtype, n, r);
          const srcCopy = src.slice();
          const want = relayoutRef(mode, src, c.shape, { ...c.opts, pad: dtype === 'quint8' ? ZERO_POINT : 0 });
          expect(rt.relayoutShape(mode, c.shape, opts)).toEqual(want.shape);
          const impls: Array<'ts' | 'wasm'> = ['ts'];
          if (planRelayout(mode, c.shape, opts).plan.wasm) impls.push('wasm');
          for (const impl of impls) {
            const got = runGuarded(rt, mode, src, c.shape, { ...opts, impl }, dtype);
            expect(bytes(got), `${impl} {${c.shape}} ${JSON.stringify(c.opts ?? {})}`).toEqual(bytes(want.data));
            if (impl === 'wasm') wasmRuns++;
          }
          // relayout() allocates its own output of the source's type.
          const auto = rt.relayout(mode, src, c.shape, opts);
          expect(auto.shape).toEqual(want.shape);
          expect(auto.data.constructor).toBe(src.constructor);
          expect(bytes(auto.data)).toEqual(bytes(want.data));
          expect(bytes(src)).toEqual(bytes(srcCopy)); // the source is never written
        }
        expect(rt.core.heap.bytesInUse).toBe(inUse); // every wasm allocation was released
        const hot = HOT_1_AND_4_BYTE.includes(mode) || (HOT_1_BYTE.includes(mode) && DTYPES[dtype].size === 1);
        if (hot) expect(wasmRuns).toBe(casesFor(mode).length);
      });
    }
  }
});

describe('relayout: hot modes run as wasm SIMD kernels', () => {
  const expectWasm = (mode: string, shape: number[], kernel: string, opts: RelayoutOptions = {}) => {
    expect(relayoutPath(mode, shape, opts)).toEqual({ path: 'wasm', kernels: [kernel] });
  };
  it('int8', () => {
    expectWasm('NCHW_NCHW44', [1, 64, 56, 56], 'relayout_pack4_b8');
    expectWasm('NCHW_NCHW4', [1, 6, 5, 5], 'relayout_pack4_b8', { group: 2 });
    expectWasm('NCHW44_NCHW', [1, 16, 56, 56, 4], 'relayout_unpack4_b8');
    expectWasm('NCHW4_NCHW', [1, 16, 5, 5, 4], 'relayout_unpack4_b8', { oc: 62 });
    expectWasm('NCHW4_CHWN4', [2, 16, 5, 5, 4], 'relayout_transpose_b32');
    expectWasm('CHWN4_NCHW4', [16, 5, 5, 2, 4], 'relayout_transpose_b32');
    expectWasm('NCHW_NCHW88', [1, 64, 56, 56], 'relayout_pack8_b8');
    expectWasm('NCHW88_NCHW', [1, 8, 56, 56, 8], 'relayout_unpack8_b8');
    expectWasm('NCHW_NHWC', [1, 64, 56, 56], 'relayout_transpose_b8');
    expectWasm('NHWC_NCHW', [1, 56, 56, 64], 'relayout_transpose_b8');
    expectWasm('WEIGHT_NCHW_TO_NCHW44_DOT_DENSE', [64, 64, 3, 3], 'relayout_tile16_b8');
    expectWasm('WEIGHT_NCHW_TO_NCHW44_DOT_GROUP', [2, 32, 32, 3, 3], 'relayout_tile16_b8');
    expectWasm('WEIGHT_NCHW_TO_NCHW44_CHAN', [64, 1, 1, 3, 3], 'relayout_pack4_b8');
  });
  it('32-bit types', () => {
    const o = { dtype: 'float32' } as const;
    expectWasm('NCHW_NCHW44', [1, 64, 56, 56], 'relayout_pack4_b32', o);
    expectWasm('NCHW44_NCHW', [1, 16, 56, 56, 4], 'relayout_unpack4_b32', o);
    expectWasm('NCHW4_CHWN4', [2, 16, 5, 5, 4], 'relayout_transpose_b128', o);
    expectWasm('NCHW_NCHW88', [1, 64, 56, 56], 'relayout_pack8_b32', { dtype: 'int32' });
    expectWasm('NCHW88_NCHW', [1, 8, 56, 56, 8], 'relayout_unpack8_b32', { dtype: 'qint32' });
    expectWasm('NCHW_NHWC', [1, 64, 56, 56], 'relayout_transpose_b32', o);
  });
  it('impl: ts forces the TypeScript path, impl: wasm refuses cases no kernel covers', () => {
    expect(relayoutPath('NCHW_NCHW44', [1, 8, 4, 4], { impl: 'ts' }).path).toBe('ts');
    expect(relayoutPath('WEIGHT_HYBRID_NCHW_NCHW44', [4, 3, 3, 3]).path).toBe('ts');
    expect(() => relayoutPath('WEIGHT_HYBRID_NCHW_NCHW44', [4, 3, 3, 3], { impl: 'wasm' })).toThrow(/NO_KERNEL/);
  });
});
