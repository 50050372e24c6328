/**
 * The random relayout grids of docs/testing.md#b2-random-grids (MegEngine's CUDA-vs-naive tests), exact equality with the
 * oracle. The default run uses scaled-down grids (same axes, fewer and smaller points); `npm run
 * test:relayout-full` sets RELAYOUT_FULL=1 and runs the full grids and shapes, through both paths.
 *
 * Not reproduced: the dtype-changing variants (QS8(1) -> QS8(2), Uint8 -> QS8, Q8Asymm -> QS8) requantize while
 * relayouting, which this API does not do; their element movement is the same as the same-type runs here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { relayoutRef } from '../kernels-ref/relayout.js';
import { DTYPES, type RelayoutDtype, type RelayoutArray } from '../src/relayout/dtype.js';
import type { RelayoutOptions } from '../src/relayout/api.js';
import { rng, randInt } from './helpers/rng.js';

const FULL = process.env.RELAYOUT_FULL === '1';
const pick = <T>(full: T, scaled: T): T => (FULL ? full : scaled);

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ build: 'simd128' });
});

function fill(dtype: RelayoutDtype, n: number, lo: number, hi: number, seed: number): RelayoutArray {
  const r = rng(seed);
  const a = new DTYPES[dtype].ctor(n);
  for (let i = 0; i < n; i++) a[i] = dtype === 'float32' ? (r() - 0.5) * 100 : randInt(r, lo, hi);
  return a;
}

/** First index where two arrays differ bytewise, or -1 (toEqual is far too slow on megabyte arrays). */
function firstDiff(a: RelayoutArray, b: RelayoutArray): number {
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  if (x.length !== y.length) return -2;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return i;
  return -1;
}

let seed = 1;
function check(
  mode: string,
  shape: number[],
  dtype: RelayoutDtype,
  range: [number, number],
  opts: RelayoutOptions = {},
): void {
  const zp = dtype === 'quint8' ? 128 : undefined;
  const src = fill(
    dtype,
    shape.reduce((a, b) => a * b, 1),
    range[0],
    range[1],
    seed++,
  );
  const want = relayoutRef(mode, src, shape, { ...opts, pad: zp ?? 0 });
  for (const impl of FULL ? (['auto', 'ts'] as const) : (['auto'] as const)) {
    const got = rt.relayout(mode, src, shape, { ...opts, dtype, impl, ...(zp !== undefined ? { zeroPoint: zp } : {}) });
    expect(got.shape).toEqual(want.shape);
    expect(firstDiff(got.data, want.data), `${mode} ${dtype} {${shape}} ${JSON.stringify(opts)} ${impl}`).toBe(-1);
  }
}

const C_SET = [1, 2, 3, 4, 8, 9, 11, 16];

describe(`relayout random grids (docs/testing.md B.2, ${FULL ? 'full' : 'scaled'})`, () => {
  it('NCHW4_CHWN4 / CHWN4_NCHW4 (v0.5)', () => {
    const s = pick([22, 23, 24, 25, 4], [6, 7, 8, 9, 4]);
    check('NCHW4_CHWN4', s, 'qint8', [-50, 50]);
    check('CHWN4_NCHW4', s, 'qint8', [-50, 50]);
  });

  it('NCHW_NCHW4_IC_SMALL and its dense weight mode (v0.5; the weight mode also on the activation shapes)', () => {
    const act = [
      [2, 4, 35, 36],
      [2, 3, 35, 36],
      [2, 1, 35, 36],
    ];
    const wgt = [
      [4, 3, 3, 3],
      [4, 4, 3, 3],
      [1, 4, 3, 3],
    ];
    for (const dtype of ['qint8', 'float32'] as const) {
      for (const s of act) check('NCHW_NCHW4_IC_SMALL', s, dtype, [-50, 50]);
      for (const s of [...wgt, ...act]) check('NCHW_NCHW4_IC_SMALL_CONV_DENSE_WEIGHT', s, dtype, [-50, 50]);
    }
    check('NCHW_NCHW4_IC_SMALL', pick([8, 3, 768, 1280], [2, 3, 77, 128]), 'qint8', [0, 50]);
  });

  it('NCHW4_NCHW with oc and group (master)', () => {
    check('NCHW4_NCHW', [1, 1, 2, 2, 4], 'qint8', [-50, 50]);
    check('NCHW4_NCHW', [1, 1, 2, 2, 4], 'quint8', [0, 255]);
    const big = pick([22, 23, 24, 25, 4], [5, 6, 7, 8, 4]);
    check('NCHW4_NCHW', big, 'qint8', [-50, 50]);
    check('NCHW4_NCHW', big, 'qint8', [-50, 50], { oc: pick(90, 22) });
    check('NCHW4_NCHW', pick([11, 16, 22, 33, 4], [3, 16, 5, 7, 4]), 'qint8', [-50, 50], { oc: 16, group: 8 });
  });

  it('NCHW_NCHW4 grid: n x c x h x w for qint8 and qint32 (master)', () => {
    const hs = pick([3, 7, 12, 16, 22, 59, 83], [3, 7, 16, 22]);
    const ws = pick([3, 22, 63, 128, 256], [3, 22, 63, 128]);
    for (const dtype of ['qint8', 'qint32'] as const) {
      for (const n of [1, 3])
        for (const c of C_SET)
          for (const h of hs) for (const w of ws) check('NCHW_NCHW4', [n, c, h, w], dtype, [-50, 50]);
    }
  });

  it('NCHW_NCHW4 large shapes and groups (master)', () => {
    const shapes = pick(
      [
        [8, 3, 224, 224],
        [8, 3, 600, 600],
        [1, 6, 768, 1280],
      ],
      [
        [2, 3, 56, 56],
        [1, 6, 77, 128],
      ],
    );
    for (const s of shapes) check('NCHW_NCHW4', s, 'qint8', [-50, 50]);
    const g = pick([8, 6, 300, 300], [2, 6, 30, 30]);
    check('NCHW_NCHW4', g, 'qint8', [-50, 50], { group: 2 });
    check('NCHW_NCHW4', g, 'qint8', [-50, 50], { group: 3 });
  });

  it('NCHW_NCHW4 from unsigned 8-bit (master; zero point 128 pads)', () => {
    const hs = pick([3, 7, 12, 16, 59, 83], [3, 7]);
    for (const n of [1, 3])
      for (const c of C_SET)
        for (const h of hs) {
          for (const w of pick([3, 63, 128, 256], [3, 63])) check('NCHW_NCHW4', [n, c, h, w], 'quint8', [0, 50]);
          for (const w of pick([3, 13, 12, 252, 512, 1024], [13, 252])) {
            check('NCHW_NCHW4', [n, c, h, w], 'uint8', [0, 255]);
            check('NCHW_NCHW4', [n, c, h, w], 'quint8', [0, 255]);
          }
        }
  });

  it('NCHW_NCHW4_WEIGHT grid (master)', () => {
    const hw = pick(
      [3, 5, 7].flatMap((h) => [3, 5, 7].map((w) => [h, w])),
      [
        [3, 3],
        [5, 7],
      ],
    );
    for (const oc of [1, 3, 4, 16, 33])
      for (const ic of [1, 2, 3, 4, 8, 9, 11, 16, 33])
        for (const [h, w] of hw) {
          check('NCHW_NCHW4_WEIGHT', [oc, ic, h, w], 'qint8', [-50, 50]);
        }
    check('NCHW_NCHW4_WEIGHT', [13, 13, 5, 5], 'qint8', [-50, 50]);
    check('NCHW_NCHW4_WEIGHT', [4, 16, 16, 3, 3], 'qint8', [-50, 50]);
    check('NCHW_NCHW4_WEIGHT', [4, 13, 11, 3, 3], 'qint8', [-50, 50]);
  });
});
