// quantizeFilter / quantize / dequantize (README, API), and a float convolution quantized with them and run by
// i8conv staying within the quantization error of the float result.
import { describe, expect, it } from 'vitest';
import { createRuntime, dequantize, quantize, quantizeFilter } from '../src/index.js';
import { rng } from './helpers/rng.js';

describe('quantizeFilter', () => {
  it('symmetric max-abs per output channel, narrow range by default', () => {
    const w = Float32Array.from([0.5, -1, 0.25, 0.1, 0, 0.2, -0.4, 0.05]); // 2 channels of 4
    const q = quantizeFilter(w, 2);
    expect(Array.from(q.scales)).toEqual([Math.fround(1 / 127), Math.fround(0.4 / 127)]);
    expect(Array.from(q.data)).toEqual([64, -127, 32, 13, 0, 64, -127, 16]);
    // dequantized within half a step
    for (let i = 0; i < 8; i++)
      expect(Math.abs(q.data[i] * q.scales[i >> 2] - w[i])).toBeLessThanOrEqual(q.scales[i >> 2] / 2 + 1e-9);
  });

  it('per tensor, full range, zero channels', () => {
    const w = Float32Array.from([1, -1, 0.5, 0, 0, 0]);
    const t = quantizeFilter(w, 3, { perChannel: false, narrowRange: false });
    expect(t.scales.length).toBe(1);
    expect(t.scales[0]).toBe(Math.fround(1 / 127.5));
    // -1 / f32(1 / 127.5) is -127.49999...: the max-abs value lands just inside the range
    expect(Array.from(t.data)).toEqual([127, -127, 64, 0, 0, 0]);
    const c = quantizeFilter(w, 3);
    expect(Array.from(c.scales)).toEqual([Math.fround(1 / 127), Math.fround(0.5 / 127), 1]);
  });

  it('rejects bad input with typed errors', () => {
    expect(() => quantizeFilter(new Float32Array(6), 4)).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAM', param: 'oc' }),
    );
    expect(() => quantizeFilter(Float32Array.from([1, NaN]), 1)).toThrow(
      expect.objectContaining({ code: 'BAD_BUFFER', param: 'weights' }),
    );
    expect(() => quantizeFilter(new Int8Array(4) as never, 1)).toThrow(expect.objectContaining({ code: 'BAD_BUFFER' }));
  });
});

describe('quantize / dequantize', () => {
  it('round half to even, zero point, saturation, both types', () => {
    const x = [0, 0.25, 0.75, 1.25, -0.25, -0.75, 100, -100];
    expect(Array.from(quantize(x, 0.5, 128, 'uint8'))).toEqual([128, 128, 130, 130, 128, 126, 255, 0]);
    expect(Array.from(quantize(x, 0.5))).toEqual([0, 0, 2, 2, -0, -2, 127, -128].map((v) => v | 0));
    expect(quantize(x, 0.5, 0, 'uint8')).toBeInstanceOf(Uint8Array);
    expect(Array.from(dequantize(Uint8Array.from([128, 130, 0]), 0.5, 128))).toEqual([0, 1, -64]);
    expect(Array.from(dequantize(Int32Array.from([-3, 4]), 0.25))).toEqual([-0.75, 1]);
  });

  it('rejects bad scales, zero points and types', () => {
    expect(() => quantize([1], 0)).toThrow(expect.objectContaining({ code: 'INVALID_SCALE' }));
    expect(() => quantize([1], 1, 300, 'uint8')).toThrow(
      expect.objectContaining({ code: 'INVALID_PARAM', param: 'zeroPoint' }),
    );
    expect(() => quantize([1], 1, 0.5)).toThrow(expect.objectContaining({ param: 'zeroPoint' }));
    expect(() => quantize([1], 1, 0, 'int4' as never)).toThrow(expect.objectContaining({ param: 'type' }));
    expect(() => dequantize([1] as never, 1)).toThrow(expect.objectContaining({ code: 'BAD_BUFFER' }));
  });
});

describe('a float convolution through the helpers', () => {
  it('stays within the quantization error of the float result (NCHW, per-channel, uint8)', async () => {
    const rt = await createRuntime();
    const r = rng(3);
    const [ic, oc, h, k] = [5, 7, 9, 3];
    const wf = Float32Array.from({ length: oc * ic * k * k }, () => (r() - 0.5) * (0.2 + r()));
    const xf = Float32Array.from({ length: ic * h * h }, () => r() * 4 - 1);
    // float reference (pad 1)
    const yf = new Float32Array(oc * h * h);
    for (let o = 0; o < oc; o++)
      for (let y = 0; y < h; y++)
        for (let x = 0; x < h; x++) {
          let a = 0;
          for (let c = 0; c < ic; c++)
            for (let dy = 0; dy < k; dy++)
              for (let dx = 0; dx < k; dx++) {
                const yy = y + dy - 1;
                const xx = x + dx - 1;
                if (yy >= 0 && yy < h && xx >= 0 && xx < h)
                  a += xf[(c * h + yy) * h + xx] * wf[((o * ic + c) * k + dy) * k + dx];
              }
          yf[(o * h + y) * h + x] = a;
        }
    const sx = 5 / 255;
    const zx = Math.round(1 / sx);
    const maxAbs = yf.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    const sy = (2 * maxAbs) / 255;
    const q = quantizeFilter(wf, oc);
    const conv = rt.convBias({
      format: 'NCHW',
      n: 1,
      ic,
      ih: h,
      iw: h,
      oc,
      fh: k,
      fw: k,
      pad: 1,
      srcType: 'uint8',
      srcScale: sx,
      srcZeroPoint: zx,
      filterScale: q.scales,
      dstType: 'uint8',
      dstScale: sy,
      dstZeroPoint: 128,
      rounding: 'half-even',
    });
    conv.setFilter(q.data);
    const dst = new Uint8Array(oc * h * h);
    conv.exec(quantize(xf, sx, zx, 'uint8') as Uint8Array, dst);
    const y = dequantize(dst, sy, 128);
    let worst = 0;
    for (let i = 0; i < y.length; i++) worst = Math.max(worst, Math.abs(y[i] - yf[i]));
    // output step + input and weight rounding spread over the 45 products of a window
    expect(worst).toBeLessThan(sy * 0.5 + 0.05 * maxAbs);
    expect(worst).toBeGreaterThan(0);
  });
});
