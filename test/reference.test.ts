// The oracle itself, against MegEngine's naive golden vectors (docs/testing.md#a4-golden-vectors) and hand-checked ties.
import { describe, expect, it } from 'vitest';
import { reference } from '../kernels-ref/index.js';
import {
  roundHalfAway,
  roundHalfEven,
  requantConsts,
  requantToInt8,
  requantToInt32,
  hswishF32,
} from '../kernels-ref/requant.js';
import { dotFilterToOIHW } from './helpers/layouts.js';
import type { ConvBiasParams } from '../src/params.js';

const DENSE_FILTER = [
  3, 0, 3, 1, 5, 1, 5, 7, 5, 4, 0, 0, 2, 8, 7, 7, 6, 5, 7, 3, 4, 2, 6, 2, 7, 2, 6, 2, 7, 4, 3, 8, 5, 0, 0, 7, 0, 5, 4,
  7, 4, 1, 8, 2, 4, 0, 4, 0, 4, 6, 0, 1, 8, 2, 6, 4, 7, 3, 4, 3, 3, 0, 4, 8, 8, 2, 3, 7, 8, 5, 2, 0, 7, 5, 8, 2, 2, 1,
  1, 7, 1, 0, 2, 4, 6, 6, 4, 2, 1, 3, 1, 7, 5, 0, 1, 5, 7, 5, 3, 0, 8, 7, 2, 1, 4, 0, 8, 4, 5, 3, 6, 6, 6, 2, 1, 5, 6,
  4, 7, 2, 0, 4, 8, 8, 1, 1, 2, 3, 8, 6, 3, 1, 3, 3, 7, 1, 5, 4, 2, 1, 0, 3, 8, 4,
];
const GROUP1_FILTER = [
  7, 6, 8, 3, 4, 8, 1, 0, 5, 7, 3, 0, 0, 4, 5, 3, 7, 8, 1, 3, 7, 1, 1, 0, 7, 2, 2, 0, 3, 0, 1, 1, 1, 6, 4, 0, 3, 3, 1,
  2, 0, 0, 4, 1, 5, 5, 7, 6, 7, 1, 3, 5, 8, 6, 2, 1, 0, 7, 7, 1, 2, 6, 6, 1, 2, 3, 1, 2, 4, 8, 3, 2, 6, 0, 7, 4, 3, 7,
  3, 3, 5, 3, 0, 3, 5, 1, 4, 5, 6, 2, 0, 5, 3, 3, 3, 5, 2, 4, 7, 1, 3, 5, 2, 8, 1, 8, 1, 2, 5, 1, 0, 6, 7, 7, 8, 7, 8,
  8, 1, 8, 4, 4, 1, 4, 4, 5, 0, 2, 2, 2, 0, 1, 8, 4, 4, 7, 6, 8, 0, 1, 5, 4, 2, 6,
];

const base = (p: Partial<ConvBiasParams>): ConvBiasParams => ({
  format: 'NCHW44',
  n: 1,
  ic: 4,
  ih: 2,
  iw: 2,
  oc: 4,
  fh: 3,
  fw: 3,
  stride: 1,
  pad: 1,
  srcScale: 1,
  filterScale: 1,
  biasMode: 'channel',
  ...p,
});

describe('reference convBias: MegEngine naive golden vectors (NCHW44_DOT, 3x3, pad 1)', () => {
  it('dense conv', () => {
    const src = Int8Array.from([7, 2, 2, 1, 7, 5, 6, 3, 1, 2, 8, 3, 7, 7, 6, 4]);
    const w = dotFilterToOIHW(DENSE_FILTER, 4, 4, 3, 3);
    const out = reference.convBias(base({}), src, w, Int32Array.from([7, 2, 8, 1]));
    expect(Array.from(out)).toEqual([264, 338, 309, 195, 276, 332, 390, 199, 224, 268, 311, 218, 288, 311, 346, 277]);
  });

  it('channel-wise conv (group 4, 1 channel per group)', () => {
    const src = Int8Array.from([5, 8, 3, 2, 4, 6, 1, 5, 0, 8, 2, 6, 8, 6, 5, 7]);
    // chan-wise filter {G/4, 1, 1, FH, FW, 4}: F[kh][kw][g4] -> GOIHW {4, 1, 1, 3, 3}
    const f = [
      3, 0, 3, 1, 6, 5, 7, 3, 5, 0, 0, 7, 4, 6, 0, 1, 8, 2, 3, 7, 1, 0, 2, 4, 7, 5, 3, 0, 6, 2, 1, 5, 8, 6, 3, 1,
    ];
    const w = new Int8Array(36);
    for (let g = 0; g < 4; g++) for (let k = 0; k < 9; k++) w[g * 9 + k] = f[k * 4 + g];
    const out = reference.convBias(base({ group: 4 }), src, w, Int32Array.from([4, 3, 5, 6]));
    expect(Array.from(out)).toEqual([112, 71, 33, 77, 104, 115, 19, 78, 62, 59, 42, 117, 107, 93, 36, 78]);
  });

  it('the oracle reads NCHW44_DOT filters too (same formula as the test helper)', () => {
    const p = base({});
    expect(Array.from(reference.dotFilterToOIHW(p, Int8Array.from(DENSE_FILTER)))).toEqual(
      Array.from(dotFilterToOIHW(DENSE_FILTER, 4, 4, 3, 3)),
    );
  });

  it('group conv (G = 2)', () => {
    const src = Int8Array.from([
      6, 3, 2, 7, 7, 6, 4, 5, 8, 6, 3, 1, 1, 2, 8, 3, 1, 0, 6, 1, 3, 3, 6, 0, 0, 5, 6, 7, 2, 2, 4, 4,
    ]);
    const w = new Int8Array(2 * 4 * 4 * 9);
    w.set(dotFilterToOIHW(DENSE_FILTER, 4, 4, 3, 3), 0);
    w.set(dotFilterToOIHW(GROUP1_FILTER, 4, 4, 3, 3), 144);
    const out = reference.convBias(base({ ic: 8, oc: 8, group: 2 }), src, w, Int32Array.from([1, 8, 5, 6, 2, 8, 7, 7]));
    expect(Array.from(out)).toEqual([
      260, 342, 244, 241, 293, 385, 362, 257, 278, 301, 303, 226, 273, 306, 318, 307, 180, 244, 169, 156, 210, 244, 206,
      167, 126, 165, 156, 207, 191, 141, 209, 172,
    ]);
  });
});

describe('rounding contract', () => {
  it('rounds ties away from zero or to even, as named', () => {
    const ties = [-3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5];
    expect(ties.map(roundHalfAway)).toEqual([-4, -3, -2, -1, 1, 2, 3, 4]);
    expect(ties.map(roundHalfEven).map((v) => v + 0)).toEqual([-4, -2, -2, 0, 0, 2, 2, 4]);
    // 0.49999997 (largest float32 below 0.5) must round to 0: the "add 0.5 then truncate" trap
    const below = Math.fround(0.49999997);
    expect(roundHalfAway(below)).toBe(0);
    expect(roundHalfAway(-below) + 0).toBe(0);
    expect(roundHalfAway(2.4999998)).toBe(2);
  });

  it('requantizes exact ties with ratio 0.5 both ways and saturates', () => {
    const c = requantConsts(0.5, 1, 1); // ratio 0.5
    expect([1, 3, 5, -1, -3, -5].map((a) => requantToInt8(a, c, 'identity', 'half-away'))).toEqual([
      1, 2, 3, -1, -2, -3,
    ]);
    expect([1, 3, 5, -1, -3, -5].map((a) => requantToInt8(a, c, 'identity', 'half-even') + 0)).toEqual([
      0, 2, 2, 0, -2, -2,
    ]);
    expect(requantToInt8(255, c, 'identity', 'half-away')).toBe(127); // 127.5 -> 128 -> saturate
    expect(requantToInt8(-257, c, 'identity', 'half-away')).toBe(-128);
    expect(requantToInt8(-257, c, 'relu', 'half-away')).toBe(0);
  });

  it('hswish around -3, 0 and +3', () => {
    expect(hswishF32(-3) + 0).toBe(0);
    expect(hswishF32(-4) + 0).toBe(0);
    expect(hswishF32(0)).toBe(0);
    expect(hswishF32(3)).toBe(3);
    expect(hswishF32(6)).toBe(6);
    expect(hswishF32(1.5)).toBe(Math.fround(Math.fround(1.5 * 4.5) * Math.fround(1 / 6)));
    const c = requantConsts(1, 1, 1);
    expect(requantToInt8(-3, c, 'hswish', 'half-away')).toBe(0);
    expect(requantToInt8(3, c, 'hswish', 'half-away')).toBe(3);
    expect(requantToInt8(1, c, 'hswish', 'half-away')).toBe(1); // 1*4/6 = 0.667 -> 1
    expect(requantToInt32(1000, requantConsts(0.01, 1), 'hswish', 'half-away')).toBe(1000); // 10 > 3: identity
    expect(requantToInt32(-1000, requantConsts(0.01, 1), 'hswish', 'half-away')).toBe(0);
    expect(requantToInt32(-5, requantConsts(1, 1), 'relu', 'half-away')).toBe(0);
  });
});
