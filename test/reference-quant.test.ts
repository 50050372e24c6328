// The oracle's quantization and shape semantics (README's rounding contract, docs/conv.md), checked by hand-computed cases and by
// equivalences that do not go through the oracle's own code paths: per-channel scales, uint8 sources and
// outputs with zero points, relu6, uneven padding, dilation, rectangular strides, both layouts.
import { describe, expect, it } from 'vitest';
import { reference, refShape } from '../kernels-ref/index.js';
import { normalizeConvParams, type ConvBiasParams } from '../src/params.js';
import { rng, randInt, randInt8, randInt32 } from './helpers/rng.js';
import { nchwToNchw44 } from './helpers/layouts.js';

const f32 = Math.fround;
const base = (p: Partial<ConvBiasParams>): ConvBiasParams => ({
  format: 'NCHW',
  n: 1,
  ic: 1,
  ih: 1,
  iw: 1,
  oc: 1,
  fh: 1,
  fw: 1,
  srcScale: 1,
  filterScale: 1,
  ...p,
});

describe('oracle: hand-computed cases', () => {
  it('uint8 source with a zero point, uint8 output with a zero point', () => {
    // acc = (200 - 128) * 1 + (100 - 128) * 2 = 16; v = 16 * 1 * 1 / 2 = 8; y = 8 + 10
    const p = base({ ic: 2, srcType: 'uint8', srcZeroPoint: 128, dstType: 'uint8', dstScale: 2, dstZeroPoint: 10 });
    expect(Array.from(reference.convBias(p, Uint8Array.from([200, 100]), Int8Array.from([1, 2])))).toEqual([18]);
    expect(reference.convBias(p, Uint8Array.from([200, 100]), Int8Array.from([1, 2]))).toBeInstanceOf(Uint8Array);
    // int32 output: the accumulator itself
    const q = { ...p, dstType: 'int32' as const, dstScale: undefined, dstZeroPoint: undefined };
    expect(Array.from(reference.convBias(q, Uint8Array.from([200, 100]), Int8Array.from([1, 2])))).toEqual([16]);
  });

  it('padding equals the source zero point (contributes nothing)', () => {
    // 3x3 on a 1x1 image with pad 1: only the centre tap sees data; x - zp = 7 - 5 = 2
    const p = base({ fh: 3, fw: 3, pad: 1, srcZeroPoint: 5 });
    const w = Int8Array.from([9, 9, 9, 9, 3, 9, 9, 9, 9]);
    expect(Array.from(reference.convBias(p, Int8Array.from([7]), w))).toEqual([6]);
  });

  it('one scale per output channel', () => {
    // acc = 10 for both channels; v = 10 * srcScale * filterScale[o] / dstScale = 10 * 0.5 * [1, 0.25] / 1
    const p = base({
      oc: 2,
      srcScale: 0.5,
      filterScale: Float32Array.from([1, 0.25]),
      dstScale: 1,
      rounding: 'half-even',
    });
    expect(Array.from(reference.convBias(p, Int8Array.from([10]), Int8Array.from([1, 1])))).toEqual([5, 1]); // 1.25 -> 1
    const away = { ...p, rounding: 'half-away' as const };
    // 10 * 0.5 * 0.5 = 2.5: ties away -> 3, ties even -> 2
    const p2 = { ...away, filterScale: Float32Array.from([0.5, 0.5]) };
    expect(Array.from(reference.convBias(p2, Int8Array.from([10]), Int8Array.from([1, 1])))).toEqual([3, 3]);
    expect(
      Array.from(reference.convBias({ ...p2, rounding: 'half-even' }, Int8Array.from([10]), Int8Array.from([1, 1]))),
    ).toEqual([2, 2]);
  });

  it('relu6 clamps to [zp, zp + round(6 / dstScale)], then saturates', () => {
    // dstScale 0.5: 6 / 0.5 = 12; zp 100 -> [100, 112]
    const p = base({ dstType: 'uint8', dstScale: 0.5, dstZeroPoint: 100, nonlinearity: 'relu6' });
    const y = (x: number) => reference.convBias(p, Int8Array.from([x]), Int8Array.from([1]))[0];
    expect([y(-50), y(0), y(3), y(6), y(7), y(100)]).toEqual([100, 100, 106, 112, 112, 112]);
    // zp + 12 above 255: saturates at 255
    const hi = { ...p, dstZeroPoint: 250 };
    expect(reference.convBias(hi, Int8Array.from([100]), Int8Array.from([1]))[0]).toBe(255);
    // int8, zero point -128 (the usual TFLite relu6 output): [-128, -116]
    const s8 = { ...p, dstType: 'int8' as const, dstZeroPoint: -128 };
    expect(reference.convBias(s8, Int8Array.from([100]), Int8Array.from([1]))[0]).toBe(-116);
    expect(reference.convBias(s8, Int8Array.from([-100]), Int8Array.from([1]))[0]).toBe(-128);
  });

  it('saturates to the output type after the zero point', () => {
    const p = base({ dstType: 'uint8', dstScale: 1, dstZeroPoint: 200 });
    const y = (x: number) => reference.convBias(p, Int8Array.from([x]), Int8Array.from([1]))[0];
    expect([y(60), y(55), y(-100), y(-128)]).toEqual([255, 255, 100, 72]);
    const q = base({ dstType: 'int8', dstScale: 0.25, dstZeroPoint: -100 });
    const z = (x: number) => reference.convBias(q, Int8Array.from([x]), Int8Array.from([1]))[0];
    expect([z(-10), z(-7), z(60)]).toEqual([-128, -128, 127]);
  });

  it('int32 output with per-channel hswish uses each channel s_bias', () => {
    const p = base({ oc: 2, srcScale: 1, filterScale: Float32Array.from([1, 0.5]), nonlinearity: 'hswish' });
    // ch0: x = 2 * 1 = 2 -> 2 * 5 / 6 = 1.6667 -> / 1 -> 2; ch1: x = 2 * 0.5 = 1 -> 1 * 4 / 6 = 0.6667 -> / 0.5 = 1.333 -> 1
    expect(Array.from(reference.convBias(p, Int8Array.from([2]), Int8Array.from([1, 1])))).toEqual([2, 1]);
  });

  it('dilation, uneven padding and rectangular strides', () => {
    // 1x5 image [1 2 3 4 5], 1x2 filter [1 10], dilation 2: y[j] = x[j] + 10 x[j+2] -> [31, 42, 53]
    const d = base({ iw: 5, fw: 2, dilation: [1, 2] });
    expect(Array.from(reference.convBias(d, Int8Array.from([1, 2, 3, 4, 5]), Int8Array.from([1, 10])))).toEqual([
      31, 42, 53,
    ]);
    // pad [top 0, left 2, bottom 0, right 0], 1x2 filter [1 10]: positions -2..3 -> y = [0, 10, 21, 32, 43, 54]
    const u = base({ iw: 5, fw: 2, pad: [0, 2, 0, 0] });
    expect(Array.from(reference.convBias(u, Int8Array.from([1, 2, 3, 4, 5]), Int8Array.from([1, 10])))).toEqual([
      0, 10, 21, 32, 43, 54,
    ]);
    // 3x2 image, 1x1 filter, stride [2, 1]: rows 0 and 2
    const s = base({ ih: 3, iw: 2, stride: [2, 1] });
    expect(Array.from(reference.convBias(s, Int8Array.from([1, 2, 3, 4, 5, 6]), Int8Array.from([1])))).toEqual([
      1, 2, 5, 6,
    ]);
    expect(refShape(s)).toMatchObject({ oh: 2, ow: 2 });
  });
});

/** A random case: params, data of the declared types. */
function randomCase(seed: number, patch: Partial<ConvBiasParams> = {}) {
  const r = rng(seed);
  const g = [1, 1, 2][randInt(r, 0, 2)];
  const p: ConvBiasParams = {
    format: 'NCHW',
    n: randInt(r, 1, 2),
    ic: g * randInt(r, 1, 3),
    ih: randInt(r, 3, 7),
    iw: randInt(r, 3, 8),
    oc: g * randInt(r, 1, 3),
    fh: randInt(r, 1, 3),
    fw: randInt(r, 1, 3),
    stride: [randInt(r, 1, 2), randInt(r, 1, 2)],
    pad: [randInt(r, 0, 2), randInt(r, 0, 2), randInt(r, 0, 2), randInt(r, 0, 2)],
    group: g,
    srcScale: 0.05,
    filterScale: 0.02,
    dstScale: 0.3,
    biasMode: 'channel',
    ...patch,
  };
  const s = normalizeConvParams(p);
  return { p, s, r };
}

describe('oracle: equivalences', () => {
  it('uint8 with zero point z equals int8 data x - 128 with zero point z - 128', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { p, s, r } = randomCase(seed);
      const x = randInt8(r, s.srcLength);
      const w = randInt8(r, s.filterLength);
      const b = randInt32(r, s.oc, -500, 500);
      const z = randInt(r, 0, 255);
      const u8 = reference.convBias(
        { ...p, srcType: 'uint8', srcZeroPoint: z },
        Uint8Array.from(x, (v) => v + 128),
        w,
        b,
      );
      const s8 = reference.convBias({ ...p, srcType: 'int8', srcZeroPoint: z - 128 }, x, w, b);
      expect(Array.from(u8)).toEqual(Array.from(s8));
    }
  });

  it('uint8 output with zero point z equals int8 output with zero point z - 128, plus 128', () => {
    for (let seed = 21; seed <= 35; seed++) {
      const { p, s, r } = randomCase(seed);
      const x = randInt8(r, s.srcLength);
      const w = randInt8(r, s.filterLength);
      const z = randInt(r, 0, 255);
      for (const nonlinearity of ['identity', 'relu', 'relu6', 'hswish'] as const) {
        const u8 = reference.convBias(
          { ...p, nonlinearity, dstType: 'uint8', dstZeroPoint: z },
          x,
          w,
          new Int32Array(s.oc),
        );
        const s8 = reference.convBias(
          { ...p, nonlinearity, dstType: 'int8', dstZeroPoint: z - 128 },
          x,
          w,
          new Int32Array(s.oc),
        );
        expect(Array.from(u8)).toEqual(Array.from(s8, (v) => v + 128));
      }
    }
  });

  it('equal per-channel scales equal one scale; the accumulators do not depend on the scales', () => {
    for (let seed = 36; seed <= 45; seed++) {
      const { p, s, r } = randomCase(seed);
      const x = randInt8(r, s.srcLength);
      const w = randInt8(r, s.filterLength);
      const one = reference.convBias({ ...p, filterScale: 0.02 }, x, w, new Int32Array(s.oc));
      const per = reference.convBias(
        { ...p, filterScale: new Float32Array(s.oc).fill(0.02) },
        x,
        w,
        new Int32Array(s.oc),
      );
      expect(Array.from(per)).toEqual(Array.from(one));
      // the accumulators do not depend on the scales at all
      const b = new Int32Array(s.oc);
      expect(
        Array.from(
          reference.convAccumulate(
            { ...p, filterScale: Float32Array.from({ length: s.oc }, (_, i) => 0.01 * (i + 1)) },
            x,
            w,
            b,
          ),
        ),
      ).toEqual(Array.from(reference.convAccumulate(p, x, w, b)));
    }
  });

  it('NCHW and NCHW44 give the same values', () => {
    for (let seed = 46; seed <= 55; seed++) {
      const { p, r } = randomCase(seed, { ic: 8, oc: 4, group: 1 });
      const s = normalizeConvParams(p);
      const x = randInt8(r, s.srcLength);
      const w = randInt8(r, s.filterLength);
      const b = new Int32Array(s.oc);
      const nchw = reference.convBias(p, x, w, b);
      const n44 = reference.convBias({ ...p, format: 'NCHW44' }, nchwToNchw44(x, s.n, s.ic, s.ih, s.iw), w, b);
      expect(Array.from(n44)).toEqual(Array.from(nchwToNchw44(nchw, s.n, s.oc, s.oh, s.ow)));
    }
  });

  it('a dilated filter equals the undilated filter with zeros inserted', () => {
    for (let seed = 56; seed <= 65; seed++) {
      const { p, s, r } = randomCase(seed, { dilation: [2, 3], ih: 9, iw: 11 });
      const x = randInt8(r, s.srcLength);
      const w = randInt8(r, s.filterLength);
      const efh = (s.fh - 1) * 2 + 1;
      const efw = (s.fw - 1) * 3 + 1;
      const wd = new Int8Array(s.oc * s.icpg * efh * efw);
      for (let oi = 0; oi < s.oc * s.icpg; oi++)
        for (let kh = 0; kh < s.fh; kh++)
          for (let kw = 0; kw < s.fw; kw++) wd[(oi * efh + kh * 2) * efw + kw * 3] = w[(oi * s.fh + kh) * s.fw + kw];
      const b = new Int32Array(s.oc);
      const dil = reference.convBias(p, x, w, b);
      const und = reference.convBias({ ...p, dilation: 1, fh: efh, fw: efw }, x, wd, b);
      expect(Array.from(dil)).toEqual(Array.from(und));
    }
  });

  it('uneven padding equals an explicitly padded source (padded with the zero point) without padding', () => {
    for (let seed = 66; seed <= 75; seed++) {
      const { p, s, r } = randomCase(seed, { srcType: 'uint8', srcZeroPoint: 77 });
      const x = Uint8Array.from(randInt8(r, s.srcLength), (v) => v + 128);
      const w = randInt8(r, s.filterLength);
      const H = s.ih + s.pt + s.pb;
      const W = s.iw + s.pl + s.pr;
      const xp = new Uint8Array(s.n * s.ic * H * W).fill(77);
      for (let nc = 0; nc < s.n * s.ic; nc++)
        for (let y = 0; y < s.ih; y++)
          for (let xx = 0; xx < s.iw; xx++) xp[(nc * H + y + s.pt) * W + xx + s.pl] = x[(nc * s.ih + y) * s.iw + xx];
      const b = new Int32Array(s.oc);
      const padded = reference.convBias(p, x, w, b);
      const explicit = reference.convBias({ ...p, ih: H, iw: W, pad: 0 }, xp, w, b);
      expect(Array.from(padded)).toEqual(Array.from(explicit));
    }
  });

  it('half-even identity output is ONNX QLinearConv: within 1 of the float64 formula, equal away from ties', () => {
    let diffs = 0;
    let n = 0;
    for (let seed = 76; seed <= 95; seed++) {
      const { p, s, r } = randomCase(seed, {
        srcType: 'uint8',
        srcZeroPoint: 128,
        dstType: 'uint8',
        dstZeroPoint: 128,
        rounding: 'half-even',
        biasMode: 'none',
      });
      const fs = Float32Array.from({ length: s.oc }, () => 0.001 + r() * 0.05);
      const q = { ...p, filterScale: fs, srcScale: 0.037, dstScale: 0.21 };
      const x = Uint8Array.from(randInt8(r, s.srcLength), (v) => v + 128);
      const w = randInt8(r, s.filterLength);
      const acc = reference.convAccumulate(q, x, w);
      const y = reference.convBias(q, x, w);
      for (let i = 0; i < y.length; i++) {
        const o = Math.floor(i / (s.oh * s.ow)) % s.oc;
        const exact = acc[i] * ((f32(0.037) * fs[o]) / f32(0.21));
        const want = Math.min(255, Math.max(0, Math.round(exact) + 128));
        const d = Math.abs(y[i] - want);
        expect(d).toBeLessThanOrEqual(1);
        if (d && Math.abs(Math.abs(exact % 1) - 0.5) > 1e-3) diffs++;
        n++;
      }
    }
    expect(n).toBeGreaterThan(500);
    expect(diffs).toBe(0);
  });
});

describe('oracle shapes against the product parameter normalization', () => {
  it('agree on output size and tensor lengths for random parameters', () => {
    const r = rng(7);
    for (let t = 0; t < 300; t++) {
      const fh = randInt(r, 1, 5);
      const fw = randInt(r, 1, 5);
      const dil: [number, number] = [randInt(r, 1, 3), randInt(r, 1, 3)];
      const pad: [number, number, number, number] = [
        randInt(r, 0, 3),
        randInt(r, 0, 3),
        randInt(r, 0, 3),
        randInt(r, 0, 3),
      ];
      const p: ConvBiasParams = {
        format: 'NCHW',
        n: randInt(r, 1, 3),
        ic: randInt(r, 1, 9),
        ih: (fh - 1) * dil[0] + randInt(r, 1, 9),
        iw: (fw - 1) * dil[1] + randInt(r, 1, 9),
        oc: randInt(r, 1, 9),
        fh,
        fw,
        stride: [randInt(r, 1, 3), randInt(r, 1, 3)],
        pad,
        dilation: dil,
        srcScale: 1,
        filterScale: 1,
        biasMode: (['none', 'channel', 'full'] as const)[randInt(r, 0, 2)],
      };
      const a = normalizeConvParams(p);
      const b = refShape(p);
      expect([b.oh, b.ow, b.srcLength, b.dstLength, b.filterLength, b.biasLength]).toEqual([
        a.oh,
        a.ow,
        a.srcLength,
        a.dstLength,
        a.filterLength,
        a.biasLength,
      ]);
    }
  });
});
