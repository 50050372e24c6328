/**
 * LpPool / GlobalLpPool (float32): per output cell, over the window's cells inside the input (row-major; padding
 * cells are left out, dilations 1), s = the float32 sum from 0 of |x| ^ p (p 1: |x|; p 2: x * x, each rounded to
 * float32), then y = s ^ (1 / p) in double rounded once (onnxruntime's powf, musl's, is within 1 ulp of it: the tests
 * hold the reference to that and the product to onnxruntime's bits).
 */
import { attrInt, attrInts, attrString, f32, makeTensor, need, type OpFn } from '../tensor.js';

function lp(global: boolean): OpFn {
  return (inputs, attrs) => {
    const x = need(inputs, 0, 'X');
    const p = attrInt(attrs, 'p', 2);
    if (p !== 1 && p !== 2) throw new Error(`LpPool: p ${p} is not taken`);
    const sp = x.dims.slice(2);
    const r = sp.length;
    const kernel = global ? sp : attrInts(attrs, 'kernel_shape')!;
    const strides = global ? sp.map(() => 1) : (attrInts(attrs, 'strides') ?? kernel.map(() => 1));
    let pads = global ? new Array(2 * r).fill(0) : (attrInts(attrs, 'pads') ?? new Array(2 * r).fill(0));
    const auto = global ? 'NOTSET' : attrString(attrs, 'auto_pad', 'NOTSET');
    const ceil = !global && attrInt(attrs, 'ceil_mode', 0) === 1;
    let out: number[];
    if (auto === 'SAME_UPPER' || auto === 'SAME_LOWER') {
      out = sp.map((d, i) => Math.ceil(d / strides[i]));
      const total = sp.map((d, i) => Math.max(0, (out[i] - 1) * strides[i] + kernel[i] - d));
      const begin = total.map((t) => (auto === 'SAME_UPPER' ? Math.floor(t / 2) : t - Math.floor(t / 2)));
      pads = [...begin, ...total.map((t, i) => t - begin[i])];
    } else {
      if (auto === 'VALID') pads = new Array(2 * r).fill(0);
      out = sp.map((d, i) => {
        const span = d + pads[i] + pads[r + i] - kernel[i];
        let o = (ceil ? Math.ceil(span / strides[i]) : Math.floor(span / strides[i])) + 1;
        if (ceil && (o - 1) * strides[i] >= d + pads[i]) o--;
        return o;
      });
    }
    const planes = x.dims[0] * x.dims[1];
    const inSize = sp.reduce((a, b) => a * b, 1);
    const outSize = out.reduce((a, b) => a * b, 1);
    const X = x.data as Float32Array;
    const Y = new Float32Array(planes * outSize);
    const oi = new Array(r).fill(0);
    for (let o = 0; o < outSize; o++) {
      let rest = o;
      for (let i = r - 1; i >= 0; i--) {
        oi[i] = rest % out[i];
        rest = Math.floor(rest / out[i]);
      }
      const lo = oi.map((v, i) => Math.max(0, v * strides[i] - pads[i]));
      const hi = oi.map((v, i) => Math.min(sp[i], v * strides[i] - pads[i] + kernel[i]));
      for (let c = 0; c < planes; c++) {
        let s = 0;
        const idx = [...lo];
        if (lo.every((l, i) => l < hi[i]))
          for (;;) {
            let flat = 0;
            for (let i = 0; i < r; i++) flat = flat * sp[i] + idx[i];
            const v = X[c * inSize + flat];
            s = f32(s + (p === 1 ? Math.abs(v) : f32(v * v)));
            let i = r - 1;
            for (; i >= 0; i--) {
              if (++idx[i] < hi[i]) break;
              idx[i] = lo[i];
            }
            if (i < 0) break;
          }
        Y[c * outSize + o] = f32(Math.pow(s, f32(1 / p)));
      }
    }
    return [makeTensor('float32', [x.dims[0], x.dims[1], ...out], Y)];
  };
}

export const LpPool = lp(false);
export const GlobalLpPool = lp(true);
