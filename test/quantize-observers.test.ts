// i8conv/quantize, the numeric pieces: rangeParams (onnxruntime's compute_scale_zp in float32), the observers against
// hand-computed ranges (constant, one outlier, all-negative, zero-width, odd lengths, NaN / Infinity), EMA's momentum
// arithmetic, the histogram choosing a narrower range than min/max where clipping lowers the squared error (and not
// where it does not), TQT's power-of-two scales, and fakeQuantize against QuantizeLinear -> DequantizeLinear run by
// the reference executor, element by element, for every length 1..17.
import { describe, expect, it } from 'vitest';
import { runReference } from '../kernels-ref/model/run.js';
import { GraphBuilder, f32, valueInfo } from '../fixtures/models/build.js';
import { tensor } from '../src/quantize/graph.js';
import {
  EmaObserver,
  HistogramObserver,
  MinMaxObserver,
  TqtObserver,
  fakeQuantize,
  qRange,
  rangeParams,
  sqnr,
  type QType,
} from '../src/quantize/index.js';
import { quantize, dequantize } from '../src/quant.js';
import { I8ConvError } from '../src/errors.js';
import { rng } from './helpers/rng.js';

const f = Math.fround;
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof I8ConvError ? e.code : `not an I8ConvError: ${String(e)}`;
  }
  return 'no error';
};

describe('rangeParams', () => {
  it('asymmetric, symmetric and narrow ranges, worked out by hand', () => {
    expect(rangeParams(-1, 3, 'uint8')).toEqual({ scale: f(4 / 255), zeroPoint: 64, min: -1, max: 3 }); // 63.75 -> 64
    expect(rangeParams(-1, 3, 'int8')).toEqual({ scale: f(4 / 255), zeroPoint: -64, min: -1, max: 3 });
    expect(rangeParams(0.5, 6, 'uint8').zeroPoint).toBe(0); // min widened to 0
    expect(rangeParams(-1, 3, 'int8', { symmetric: true })).toEqual({
      scale: f(6 / 255),
      zeroPoint: 0,
      min: -1,
      max: 3,
    });
    expect(rangeParams(-1, 3, 'uint8', { symmetric: true }).zeroPoint).toBe(128); // RNE(127.5)
    expect(rangeParams(-1, 3, 'int8', { symmetric: true, narrowRange: true })).toEqual({
      scale: f(6 / 254),
      zeroPoint: 0,
      min: -1,
      max: 3,
    });
    expect(rangeParams(0, 2, 'uint8', { narrowRange: true })).toEqual({
      scale: f(2 / 254),
      zeroPoint: 1,
      min: 0,
      max: 2,
    });
    expect(qRange('uint8', true)).toEqual([1, 255]);
    expect(qRange('int8', true)).toEqual([-127, 127]);
    // zero-width: scale 1 and the code of 0
    expect(rangeParams(0, 0, 'uint8')).toEqual({ scale: 1, zeroPoint: 0, min: 0, max: 0 });
    expect(rangeParams(0, 0, 'uint8', { narrowRange: true }).zeroPoint).toBe(1);
    expect(rangeParams(0, 0, 'int8', { symmetric: true }).zeroPoint).toBe(0);
    expect(Object.is(rangeParams(-1, 3, 'int8', { symmetric: true }).zeroPoint, 0)).toBe(true); // not -0
    expect(code(() => rangeParams(1, 0, 'uint8'))).toBe('INVALID_PARAM');
    expect(code(() => rangeParams(0, Infinity, 'uint8'))).toBe('INVALID_PARAM');
    expect(code(() => rangeParams(0, 1, 'int16' as QType))).toBe('INVALID_PARAM');
  });
});

describe('MinMaxObserver', () => {
  it('a constant tensor', () => {
    const o = new MinMaxObserver();
    o.observe(new Float32Array(5).fill(2));
    expect(o.params()).toEqual({ scale: f(2 / 255), zeroPoint: 0, min: 2, max: 2 });
  });
  it('a zero-width tensor (all zeros)', () => {
    const o = new MinMaxObserver({ type: 'int8' });
    o.observe(new Float32Array(7));
    expect(o.params()).toEqual({ scale: 1, zeroPoint: 0, min: 0, max: 0 });
  });
  it('all negative: max widened to 0, zero point at the top', () => {
    const o = new MinMaxObserver();
    o.observe(Float32Array.of(-5, -1, -2.5));
    expect(o.params()).toEqual({ scale: f(5 / 255), zeroPoint: 255, min: -5, max: -1 });
    const i = new MinMaxObserver({ type: 'int8' });
    i.observe(Float32Array.of(-5, -1, -2.5));
    expect(i.params().zeroPoint).toBe(127);
  });
  it('one outlier sets the range', () => {
    const o = new MinMaxObserver();
    o.observe(Float32Array.of(0.1, -0.2, 0.3, 100));
    const s = f(f(100 - f(-0.2)) / 255); // 0.39294...
    expect(o.params()).toEqual({ scale: s, zeroPoint: 1, min: f(-0.2), max: 100 }); // 0.2 / 0.3929 = 0.509 -> 1
  });
  it('odd lengths over several batches, NaN and infinities not observed', () => {
    const o = new MinMaxObserver({ type: 'int8', symmetric: true });
    o.observe(Float32Array.of(1.5));
    o.observe(Float32Array.of(-0.5, NaN, 0.25));
    o.observe(Float32Array.from({ length: 17 }, (_, i) => (i - 8) / 4)); // -2..2
    o.observe(Float32Array.of(Infinity, -Infinity, NaN));
    expect(o.count).toBe(1 + 2 + 17);
    expect(o.params()).toEqual({ scale: f(4 / 255), zeroPoint: 0, min: -2, max: 2 });
  });
  it('nothing observed is INVALID_PARAM; bad options too', () => {
    const o = new MinMaxObserver();
    o.observe(Float32Array.of(NaN));
    expect(code(() => o.params())).toBe('INVALID_PARAM');
    expect(code(() => new MinMaxObserver({ type: 'uint16' as QType }))).toBe('INVALID_PARAM');
    expect(code(() => new EmaObserver({ momentum: 1.5 }))).toBe('INVALID_PARAM');
    expect(code(() => new HistogramObserver({ bins: 0 }))).toBe('INVALID_PARAM');
  });
});

describe('EmaObserver', () => {
  it('the first batch sets the range, each later one moves it by 1 - momentum (float32 steps)', () => {
    const o = new EmaObserver();
    o.observe(Float32Array.of(-1, 0.5, 2));
    expect([o.min, o.max]).toEqual([-1, 2]);
    o.observe(Float32Array.of(-3, 4, 1));
    const m = f(0.9);
    const k = f(1 - m);
    expect(o.min).toBe(f(f(m * -1) + f(k * -3)));
    expect(o.max).toBe(f(f(m * 2) + f(k * 4)));
    expect(o.min).toBeCloseTo(-1.2, 6); // 0.9 * -1 + 0.1 * -3
    expect(o.max).toBeCloseTo(2.2, 6);
    o.observe(Float32Array.of(NaN)); // no finite value: no step
    expect(o.max).toBeCloseTo(2.2, 6);
    expect(o.params()).toEqual({ ...rangeParams(o.min, o.max, 'uint8'), min: o.min, max: o.max });
  });
  it('momentum 0 follows the last batch, momentum 1 keeps the first', () => {
    const a = new EmaObserver({ momentum: 0 });
    const b = new EmaObserver({ momentum: 1 });
    for (const x of [Float32Array.of(-1, 1), Float32Array.of(-4, 8), Float32Array.of(-2, 3)]) {
      a.observe(x);
      b.observe(x);
    }
    expect([a.min, a.max]).toEqual([-2, 3]);
    expect([b.min, b.max]).toEqual([-1, 1]);
  });
});

/** Mean squared fake-quantization error of x with p. */
function mse(x: Float32Array, p: { scale: number; zeroPoint: number }, type: QType = 'uint8') {
  const y = fakeQuantize(x, p.scale, p.zeroPoint, type);
  let s = 0;
  for (let i = 0; i < x.length; i++) s += (x[i] - y[i]) ** 2;
  return s / x.length;
}

describe('HistogramObserver', () => {
  it('a constant and a zero-width tensor give min/max parameters', () => {
    const o = new HistogramObserver();
    o.observe(new Float32Array(9).fill(-3));
    expect(o.params()).toEqual(rangeParams(-3, -3, 'uint8'));
    const z = new HistogramObserver({ type: 'int8' });
    z.observe(new Float32Array(4));
    expect(z.params()).toEqual({ scale: 1, zeroPoint: 0, min: 0, max: 0 });
  });

  it('an outlier among 1.5M values is clipped where the squared error is least (narrower range, lower error on the data)', () => {
    const r = rng(7);
    const x = Float32Array.from({ length: 1_500_000 }, () => r());
    x[123] = 100;
    const h = new HistogramObserver();
    h.observe(x.subarray(0, 700_000)); // two batches: the second grows nothing, the histogram is re-binned once
    h.observe(x.subarray(700_000));
    const mm = new MinMaxObserver();
    mm.observe(x);
    const p = h.params();
    expect(mm.params().max).toBe(100);
    // With the range [0, M]: every value's rounding costs (M / 255)^2 / 12, clipping the outlier (100 - M)^2 / N
    // (mean squared error over the N values); the sum is least at M = 100 * 12 * 255^2 / (N + 12 * 255^2) = 34.2.
    const N = x.length;
    const best = (100 * 12 * 255 * 255) / (N + 12 * 255 * 255);
    expect(Math.abs(p.max - best)).toBeLessThan(1.5);
    expect(p.min).toBe(h.lo);
    expect(mse(x, p)).toBeLessThan(mse(x, mm.params()) * 0.8);
    // the histogram's error model agrees with the error measured on the data
    expect(h.error(p.scale, p.zeroPoint)).toBeCloseTo(mse(x, p), 4);
  });

  it('an outlier among 1,000 values is kept: clipping it would cost more squared error than it saves', () => {
    const r = rng(8);
    const x = Float32Array.from({ length: 1000 }, () => r() * 2 - 1);
    x[10] = 50;
    const h = new HistogramObserver();
    h.observe(x);
    const p = h.params();
    expect(p.max).toBeGreaterThan(49);
    expect(mse(x, p)).toBeLessThanOrEqual(mse(x, rangeParams(-1, 1, 'uint8')));
  });

  it('growing the range re-bins the old counts (the total stays, every value lands in range)', () => {
    const h = new HistogramObserver({ bins: 16 });
    h.observe(Float32Array.of(0, 1, 1, 1));
    h.observe(Float32Array.of(-3, 5));
    expect([h.lo, h.hi]).toEqual([-3, 5]);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBeCloseTo(6, 12);
    expect(h.count).toBe(6);
  });

  it('heavy tails (Laplace): a range inside min/max with a lower error on the data', () => {
    const r = rng(9);
    const x = Float32Array.from({ length: 200_000 }, () => {
      const u = r() - 0.5;
      return -Math.sign(u) * Math.log(1 - 2 * Math.abs(u));
    });
    const h = new HistogramObserver({ type: 'int8' });
    h.observe(x);
    const mm = new MinMaxObserver({ type: 'int8' });
    mm.observe(x);
    const p = h.params();
    expect(p.max - p.min).toBeLessThan(mm.max - mm.min);
    expect(mse(x, p, 'int8')).toBeLessThan(mse(x, mm.params(), 'int8'));
  });
});

describe('TqtObserver', () => {
  it('power-of-two scales, from the seed rule log2(max|x| / 127) refined by the error', () => {
    const r = rng(10);
    const x = Float32Array.from({ length: 20_000 }, () => (r() * 2 - 1) * 3);
    const t = new TqtObserver({ type: 'int8' });
    t.observe(x);
    expect(t.initialExponent()).toBeCloseTo(Math.log2(Math.max(...x.map(Math.abs)) / 127), 12);
    const p = t.params();
    expect(Number.isInteger(Math.log2(p.scale))).toBe(true);
    expect(p.scale).toBe(2 ** -5); // 127 / 32 = 3.97 holds [-3, 3]; 2^-6 would clip at 1.98
    expect(p.zeroPoint).toBe(0);
    expect([p.min, p.max]).toEqual([-128 / 32, 127 / 32]);
    // no other power of two does better on the data
    for (const e of [-7, -6, -4, -3])
      expect(mse(x, { scale: 2 ** e, zeroPoint: 0 }, 'int8')).toBeGreaterThan(mse(x, p, 'int8'));
  });
  it('uint8: zero point 0 for non-negative data, 128 with negative values; narrow int8', () => {
    const pos = new TqtObserver();
    pos.observe(Float32Array.from({ length: 1000 }, (_, i) => (i / 999) * 5));
    expect(pos.params()).toMatchObject({ scale: 2 ** -5, zeroPoint: 0 }); // 255 / 32 = 7.97 holds 5
    const neg = new TqtObserver();
    neg.observe(Float32Array.of(-1, 0.5, 1));
    expect(neg.params().zeroPoint).toBe(128);
    expect(Number.isInteger(Math.log2(neg.params().scale))).toBe(true);
    const narrow = new TqtObserver({ type: 'int8', narrowRange: true });
    narrow.observe(Float32Array.of(-1, 1));
    expect(narrow.params().min).toBe(-127 * narrow.params().scale);
    const zero = new TqtObserver({ type: 'int8' });
    zero.observe(new Float32Array(3));
    expect(zero.params().scale).toBe(1);
  });
});

/** QuantizeLinear -> DequantizeLinear (per tensor) on the reference executor. */
function refQdq(x: Float32Array, scale: number, zp: number, type: QType): { q: number[]; y: Float32Array } {
  const b = new GraphBuilder('qdq');
  b.inputs.push(valueInfo('x', 'float32', [x.length]));
  b.init(f32('s', [], [scale]));
  b.init(tensor('z', type, [], type === 'uint8' ? Uint8Array.of(zp) : Int8Array.of(zp)));
  b.node('QuantizeLinear', ['x', 's', 'z'], ['q']);
  b.node('DequantizeLinear', ['q', 's', 'z'], ['y']);
  b.outputs.push(valueInfo('q', type, [x.length]), valueInfo('y', 'float32', [x.length]));
  const out = runReference(b.graph(), [['x', { name: 'x', type: 'float32', dims: [x.length], data: x }]]);
  return { q: Array.from(out.get('q')!.data as ArrayLike<number>), y: out.get('y')!.data as Float32Array };
}

describe('fakeQuantize', () => {
  const cases: Array<[QType, number, number]> = [
    ['uint8', f(0.05), 128],
    ['uint8', f(0.1), 0],
    ['int8', f(0.0625), 0],
    ['int8', f(0.03), -20],
  ];
  it('equals QuantizeLinear -> DequantizeLinear (reference executor) on every length 1..17: ties, saturation, NaN, infinities', () => {
    for (const [type, scale, zp] of cases) {
      for (let n = 1; n <= 17; n++) {
        const r = rng(100 + n);
        const x = Float32Array.from({ length: n }, (_, i) => {
          const k = i % 5;
          if (k === 0) return f((Math.floor(r() * 40) - 20 + 0.5) * scale); // an exact tie (when representable)
          if (k === 1) return (r() - 0.5) * 600 * scale; // saturates often
          return (r() - 0.5) * 100 * scale;
        });
        if (n === 17) x.set([NaN, Infinity, -Infinity], 14);
        const ref = refQdq(x, scale, zp, type);
        const got = fakeQuantize(x, scale, zp, type);
        expect(Array.from(got), `${type} s=${scale} zp=${zp} n=${n}`).toEqual(Array.from(ref.y));
      }
    }
  });
  it('narrowRange clamps the lowest code; away from ties it equals src/quant.ts quantize / dequantize', () => {
    const x = Float32Array.from({ length: 33 }, (_, i) => (i - 16) * 0.7 + 0.013);
    const s = f(0.05);
    const ref = refQdq(x, s, 0, 'int8');
    const narrow = fakeQuantize(x, s, 0, 'int8', true);
    for (let i = 0; i < x.length; i++) expect(narrow[i]).toBe(ref.q[i] === -128 ? f(-127 * s) : ref.y[i]);
    const viaQuant = dequantize(quantize(x, s, 3, 'uint8') as Uint8Array, s, 3);
    expect(Array.from(fakeQuantize(x, s, 3, 'uint8'))).toEqual(Array.from(viaQuant));
  });
  it('checks its parameters; sqnr is 10 log10(signal / noise)', () => {
    expect(code(() => fakeQuantize(Float32Array.of(1), 0, 0, 'uint8'))).toBe('INVALID_SCALE');
    expect(code(() => fakeQuantize(Float32Array.of(1), 0.1, 0, 'uint8'))).toBe('INVALID_SCALE'); // not a float32
    expect(code(() => fakeQuantize(Float32Array.of(1), f(0.1), 300, 'uint8'))).toBe('INVALID_PARAM');
    expect(code(() => fakeQuantize(Float32Array.of(1), f(0.1), -128, 'int8', true))).toBe('INVALID_PARAM');
    expect(code(() => fakeQuantize([1] as unknown as Float32Array, f(0.1), 0, 'uint8'))).toBe('BAD_BUFFER');
    const x = Float32Array.of(1, 2, 3);
    expect(sqnr(x, 1, 0, 'uint8')).toBe(Infinity);
    const y = fakeQuantize(x, f(0.4), 0, 'uint8'); // 1.2, 2, 2.8
    const noise = (1 - y[0]) ** 2 + (2 - y[1]) ** 2 + (3 - y[2]) ** 2;
    expect(sqnr(x, f(0.4), 0, 'uint8')).toBeCloseTo(10 * Math.log10(14 / noise), 10);
  });
});
