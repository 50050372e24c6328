/**
 * The RelayoutFormat golden cases of docs/testing.md#b1-golden-cases (MegEngine's naive tests), exact, through both paths and
 * for several element types (the values fit every type), plus the random cases that table mentions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { relayoutRef } from '../kernels-ref/relayout.js';
import type { RelayoutOptions } from '../src/relayout/api.js';
import { rng, randInt8 } from './helpers/rng.js';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const odds16 = [1, 3, 5, 7, 9, 11, 13, 15];
const evens16 = [2, 4, 6, 8, 10, 12, 14, 16];
const zeros = (n: number) => new Array<number>(n).fill(0);
/** 8x8 tile of W[o][i] = 8o + i + 1 with [i8][o8] order: 1, 9, 17, ..., 57, 2, 10, ... */
const tile88 = range(0, 63).map((k) => 8 * (k % 8) + Math.floor(k / 8) + 1);

type Golden = {
  mode: string;
  opts?: RelayoutOptions;
  shape: number[];
  src: number[];
  dstShape: number[];
  dst: number[];
};

const GOLDEN: Golden[] = [
  {
    mode: 'NCHW_NCHW88',
    shape: [1, 8, 1, 2],
    src: range(1, 16),
    dstShape: [1, 1, 1, 2, 8],
    dst: [...odds16, ...evens16],
  },
  {
    mode: 'NCHW_NCHW88',
    shape: [2, 8, 1, 2],
    src: [...range(1, 16), ...range(1, 16)],
    dstShape: [2, 1, 1, 2, 8],
    dst: [...odds16, ...evens16, ...odds16, ...evens16],
  },
  {
    mode: 'NCHW_NCHW88',
    shape: [2, 4, 1, 2],
    src: [...range(1, 8), ...range(1, 8)],
    dstShape: [2, 1, 1, 2, 8],
    dst: [1, 3, 5, 7, 0, 0, 0, 0, 2, 4, 6, 8, 0, 0, 0, 0, 1, 3, 5, 7, 0, 0, 0, 0, 2, 4, 6, 8, 0, 0, 0, 0],
  },
  {
    mode: 'NCHW88_NCHW',
    shape: [1, 1, 1, 2, 8],
    src: [...odds16, ...evens16],
    dstShape: [1, 8, 1, 2],
    dst: range(1, 16),
  },
  {
    mode: 'NCHW_NCHW88_CONV_DENSE_WEIGHT',
    shape: [8, 8, 1, 1],
    src: range(1, 64),
    dstShape: [1, 1, 1, 1, 8, 8],
    dst: tile88,
  },
  {
    mode: 'NCHW_NCHW88_CONV_DENSE_WEIGHT',
    shape: [8, 2, 1, 1],
    src: range(1, 16),
    dstShape: [1, 1, 1, 1, 8, 8],
    dst: [...odds16, ...evens16, ...zeros(48)],
  },
  {
    mode: 'NCHW_NCHW88_CONV_CHAN_WEIGHT',
    shape: [8, 1, 1, 1, 2],
    src: range(1, 16),
    dstShape: [1, 1, 1, 1, 2, 8],
    dst: [...odds16, ...evens16],
  },
  {
    mode: 'NCHW_NCHW88_CONV_CHAN_WEIGHT',
    shape: [2, 1, 1, 1, 2],
    src: range(1, 4),
    dstShape: [1, 1, 1, 1, 2, 8],
    dst: [1, 3, ...zeros(6), 2, 4, ...zeros(6)],
  },
  {
    mode: 'NCHW_NCHW88_CONV_GROUP_WEIGHT',
    shape: [1, 8, 8, 1, 1],
    src: range(1, 64),
    dstShape: [1, 1, 1, 1, 1, 8, 8],
    dst: tile88,
  },
  {
    mode: 'NCHW_NCHW88_CONV_GROUP_WEIGHT',
    shape: [1, 8, 2, 1, 1],
    src: range(1, 16),
    dstShape: [1, 1, 1, 1, 1, 8, 8],
    dst: [...odds16, ...evens16, ...zeros(48)],
  },
  {
    mode: 'NCHW4_NCHW',
    shape: [1, 2, 1, 2, 4],
    src: [1, 3, 5, 7, 2, 4, 6, 8, 9, 11, 13, 15, 10, 12, 14, 16],
    dstShape: [1, 8, 1, 2],
    dst: range(1, 16),
  },
  {
    mode: 'NCHW4_NCHW',
    opts: { oc: 7 },
    shape: [1, 2, 1, 2, 4],
    src: [1, 3, 5, 7, 2, 4, 6, 8, 9, 11, 13, 15, 10, 12, 14, 16],
    dstShape: [1, 7, 1, 2],
    dst: range(1, 14),
  },
  {
    mode: 'NCHW4_NCHW',
    opts: { oc: 6, group: 2 },
    shape: [1, 2, 1, 2, 4],
    src: [1, 3, 5, 7, 2, 4, 6, 8, 9, 11, 13, 15, 10, 12, 14, 16],
    dstShape: [1, 6, 1, 2],
    dst: [1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14],
  },
  {
    mode: 'NCHW_NCHW4_WEIGHT',
    shape: [2, 2, 2, 2],
    src: range(1, 16),
    dstShape: [4, 1, 2, 2, 4],
    dst: [
      1,
      5,
      0,
      0,
      2,
      6,
      0,
      0,
      3,
      7,
      0,
      0,
      4,
      8,
      0,
      0,
      9,
      13,
      0,
      0,
      10,
      14,
      0,
      0,
      11,
      15,
      0,
      0,
      12,
      16,
      0,
      0,
      ...zeros(32),
    ],
  },
  {
    mode: 'NCHW_NCHW4_WEIGHT',
    shape: [2, 2, 1, 2, 2],
    src: range(1, 16),
    dstShape: [2, 4, 1, 2, 2, 4],
    dst: [
      ...range(1, 8).flatMap((v) => [v, 0, 0, 0]),
      ...zeros(32),
      ...range(9, 16).flatMap((v) => [v, 0, 0, 0]),
      ...zeros(32),
    ],
  },
  {
    mode: 'NCHW_NCHW4',
    shape: [1, 8, 1, 2],
    src: range(1, 16),
    dstShape: [1, 2, 1, 2, 4],
    dst: [1, 3, 5, 7, 2, 4, 6, 8, 9, 11, 13, 15, 10, 12, 14, 16],
  },
  {
    mode: 'NCHW_NCHW4',
    opts: { group: 4 },
    shape: [1, 8, 1, 2],
    src: range(1, 16),
    dstShape: [1, 4, 1, 2, 4],
    dst: [1, 3, 0, 0, 2, 4, 0, 0, 5, 7, 0, 0, 6, 8, 0, 0, 9, 11, 0, 0, 10, 12, 0, 0, 13, 15, 0, 0, 14, 16, 0, 0],
  },
  {
    mode: 'NCHW_NCHW4',
    opts: { group: 2 },
    shape: [1, 6, 1, 2],
    src: range(1, 12),
    dstShape: [1, 2, 1, 2, 4],
    dst: [1, 3, 5, 0, 2, 4, 6, 0, 7, 9, 11, 0, 8, 10, 12, 0],
  },
];

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ build: 'simd128' });
});

describe('relayout golden cases (docs/testing.md B.1, exact)', () => {
  GOLDEN.forEach((g, k) => {
    it(`#${k + 1} ${g.mode} ${JSON.stringify(g.opts ?? {})} {${g.shape}}`, () => {
      expect(g.src.length).toBe(g.shape.reduce((a, b) => a * b, 1));
      expect(g.dst.length).toBe(g.dstShape.reduce((a, b) => a * b, 1));
      expect(rt.relayoutShape(g.mode, g.shape, g.opts)).toEqual(g.dstShape);
      // The oracle reproduces the golden vector too (it is what every other test trusts).
      expect(Array.from(relayoutRef(g.mode, Float32Array.from(g.src), g.shape, g.opts).data)).toEqual(g.dst);
      for (const make of [
        (v: number[]) => Float32Array.from(v),
        (v: number[]) => Int8Array.from(v),
        (v: number[]) => Int32Array.from(v),
      ]) {
        for (const impl of ['ts', 'auto'] as const) {
          const out = rt.relayout(g.mode, make(g.src), g.shape, { ...g.opts, impl });
          expect(out.shape).toEqual(g.dstShape);
          expect(Array.from(out.data), `${out.data.constructor.name} ${impl}`).toEqual(g.dst);
        }
      }
    });
  });

  it('random NCHW_NCHW88 {1,3,64,64} and NCHW88_NCHW {1,8,64,64,8} (qint8) match the oracle', () => {
    const r = rng(88);
    for (const [mode, shape] of [
      ['NCHW_NCHW88', [1, 3, 64, 64]],
      ['NCHW88_NCHW', [1, 8, 64, 64, 8]],
    ] as const) {
      const src = randInt8(
        r,
        shape.reduce((a: number, b: number) => a * b, 1),
      );
      const want = relayoutRef(mode, src, shape);
      const got = rt.relayout(mode, src, [...shape], { dtype: 'qint8' });
      expect(got.shape).toEqual(want.shape);
      expect(got.data).toEqual(want.data);
    }
  });

  it('asymmetric uint8 pads with its zero point (NCHW_NCHW4 group 2, icpg 3; docs/testing.md E.5)', () => {
    const out = rt.relayout('NCHW_NCHW4', Uint8Array.from(range(1, 12)), [1, 6, 1, 2], {
      group: 2,
      dtype: 'quint8',
      zeroPoint: 128,
    });
    expect(Array.from(out.data)).toEqual([1, 3, 5, 128, 2, 4, 6, 128, 7, 9, 11, 128, 8, 10, 12, 128]);
    // plain uint8 pads with 0
    const plain = rt.relayout('NCHW_NCHW4', Uint8Array.from(range(1, 12)), [1, 6, 1, 2], { group: 2 });
    expect(Array.from(plain.data)).toEqual([1, 3, 5, 0, 2, 4, 6, 0, 7, 9, 11, 0, 8, 10, 12, 0]);
  });

  it('NCHW_NHWCD4 with C % 4 != 0 is zero-padded, never reads past the source (docs/relayout.md#semantics, E.5)', () => {
    // Two batches of 3 channels: MegEngine's view would read batch 1 (and past the end) into the pad lanes.
    const src = Int8Array.from(range(1, 12)); // {2, 3, 1, 2}
    const out = rt.relayout('NCHW_NHWCD4', src, [2, 3, 1, 2]);
    expect(out.shape).toEqual([2, 1, 1, 2, 4]);
    expect(Array.from(out.data)).toEqual([1, 3, 5, 0, 2, 4, 6, 0, 7, 9, 11, 0, 8, 10, 12, 0]);
  });

  it('INTER_WEIGHT_DENSEI_DOT with IC % 4 != 0 pads the ic lanes of each 4x4 tile', () => {
    const src = Int8Array.from(range(1, 8)); // W{4, 2, 1, 1}: W[o][i] = 2o + i + 1
    const out = rt.relayout('INTER_WEIGHT_DENSEI_DOT', src, [4, 2, 1, 1]);
    expect(out.shape).toEqual([1, 1, 1, 1, 4, 4]);
    expect(Array.from(out.data)).toEqual([1, 2, 0, 0, 3, 4, 0, 0, 5, 6, 0, 0, 7, 8, 0, 0]);
  });
});
