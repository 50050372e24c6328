/**
 * LpNormalization, InstanceNormalization, LayerNormalization and LRN (float32), as onnxruntime's CPU kernels compute
 * them and as the reference executor defines them (kernels-ref/model/ops/Normalization.ts states each formula, one
 * float32 rounding per step):
 * - LpNormalization (p 1 or 2, axis default -1): norm = the sum of |v| or sqrt of the sum of v^2 from the first
 *   element (Eigen's lpNorm), y = v / norm, +0 where norm is 0. Bit for bit.
 * - InstanceNormalization (opset 6+; X rank >= 3, scale and B [C]): Eigen's mean and squared norm of x - mean, then
 *   y = x * a + b with a = inv * scale, b = B - mean * a. Bit for bit.
 * - LayerNormalization (opset 17; axis, epsilon, stash_type 1; Scale and B of X.shape[axis:]; the optional Mean and
 *   InvStdDev outputs): Welford's running mean and squared deviation in float32, y = (x - m) / den * scale (+ B).
 *   Bit for bit.
 * - LRN (4-D X, odd size): onnxruntime's running window of alpha / size * x^2 over the channels, from bias;
 *   y = x * pow(s, -beta) with musl's powf (../../numerics/powf.ts), the C library's that onnxruntime calls. Bit for
 *   bit (the reference's pow is the correctly rounded one: within 2 ulps of this).
 */
import { powf } from '../../numerics/powf.js';
import type { HostOpFactory } from '../types.js';
import {
  attrFloat,
  attrInt,
  expectDims,
  expectOutType,
  expectType,
  need,
  normAxis,
  numel,
  onlyAttrs,
  unsupported,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

export const LpNormalization: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'axis', 'p');
  const x = need(node, inputs, 0, 'input');
  expectType(node, x, 'input', 'float32');
  const p = attrInt(node, 'p', 2);
  if (p !== 1 && p !== 2) unsupported(node, `p ${p} is not supported (1 or 2, as onnxruntime takes)`);
  const axis = normAxis(node, attrInt(node, 'axis', -1), x.dims.length);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  const len = x.dims[axis];
  const inner = numel(x.dims.slice(axis + 1));
  const outer = numel(x.dims.slice(0, axis));
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    if (len === 0) return;
    for (let o = 0; o < outer; o++)
      for (let j = 0; j < inner; j++) {
        const b = o * len * inner + j;
        let s: number;
        if (p === 1) {
          s = Math.abs(X[b]);
          for (let k = 1; k < len; k++) s = f32(s + Math.abs(X[b + k * inner]));
        } else {
          s = f32(X[b] * X[b]);
          for (let k = 1; k < len; k++) {
            const v = X[b + k * inner];
            s = f32(s + f32(v * v));
          }
          s = f32(Math.sqrt(s));
        }
        for (let k = 0; k < len; k++) Y[b + k * inner] = s === 0 ? 0 : X[b + k * inner] / s;
      }
  };
};

export const InstanceNormalization: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'epsilon');
  const x = need(node, inputs, 0, 'input');
  const scale = need(node, inputs, 1, 'scale');
  const bias = need(node, inputs, 2, 'B');
  expectType(node, x, 'input', 'float32');
  expectType(node, scale, 'scale', 'float32');
  expectType(node, bias, 'B', 'float32');
  if (x.dims.length < 3) unsupported(node, `input [${x.dims}] must have rank >= 3`);
  const c = x.dims[1];
  if (numel(scale.dims) !== c || numel(bias.dims) !== c)
    unsupported(node, `scale [${scale.dims}] and B [${bias.dims}] must have ${c} values`);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  const eps = f32(attrFloat(node, 'epsilon', 1e-5));
  const w = numel(x.dims.slice(2));
  const planes = x.dims[0] * c;
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    const S = ins[1]!.data as Float32Array,
      B = ins[2]!.data as Float32Array;
    if (w === 0) return;
    for (let i = 0; i < planes; i++) {
      const b = i * w;
      let s = X[b];
      for (let k = 1; k < w; k++) s = f32(s + X[b + k]);
      const mean = f32(s / w);
      let d = f32(X[b] - mean);
      let q = f32(d * d);
      for (let k = 1; k < w; k++) {
        d = f32(X[b + k] - mean);
        q = f32(q + f32(d * d));
      }
      const inv = f32(1 / f32(Math.sqrt(f32(f32(q / w) + eps))));
      const a = f32(inv * S[i % c]);
      const sh = f32(B[i % c] - f32(mean * a));
      for (let k = 0; k < w; k++) Y[b + k] = f32(X[b + k] * a) + sh;
    }
  };
};

export const LayerNormalization: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'axis', 'epsilon', 'stash_type');
  if (attrInt(node, 'stash_type', 1) !== 1)
    unsupported(node, `stash_type ${attrInt(node, 'stash_type', 1)} is not supported (1: float32)`);
  const x = need(node, inputs, 0, 'X');
  const scale = need(node, inputs, 1, 'Scale');
  const bias = inputs[2];
  expectType(node, x, 'X', 'float32');
  expectType(node, scale, 'Scale', 'float32');
  if (bias) expectType(node, bias, 'B', 'float32');
  const axis = normAxis(node, attrInt(node, 'axis', -1), x.dims.length);
  const tail = x.dims.slice(axis);
  for (const [t, what] of [
    [scale, 'Scale'],
    [bias, 'B'],
  ] as const)
    if (t) {
      const d = [...t.dims];
      while (d.length > tail.length && d[0] === 1) d.shift();
      if (d.length !== tail.length || d.some((v, i) => v !== tail[i]))
        unsupported(node, `${what} [${t.dims}] must have the dims [${tail}] (X's from the axis; no other broadcast)`);
    }
  const statDims = x.dims.map((d, i) => (i < axis ? d : 1));
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  for (const k of [1, 2])
    if (outputs[k]) {
      expectDims(node, outputs[k], statDims, k);
      expectOutType(node, outputs[k], 'float32', k);
    }
  const eps = f32(attrFloat(node, 'epsilon', 1e-5));
  const w = numel(tail);
  const rows = numel(x.dims.slice(0, axis));
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    const S = ins[1]!.data as Float32Array,
      B = ins[2]?.data as Float32Array | undefined;
    const M = outs[1]?.data as Float32Array | undefined,
      I = outs[2]?.data as Float32Array | undefined;
    for (let row = 0; row < rows; row++) {
      const b = row * w;
      // Welford: the running mean m and the sum q of squared deviations
      let m = 0,
        q = 0;
      for (let h = 0; h < w; h++) {
        const v = X[b + h];
        const d = f32(v - m);
        m = f32(m + f32(d / (h + 1)));
        q = f32(q + f32(d * f32(v - m)));
      }
      const den = f32(Math.sqrt(f32(f32(q / w) + eps)));
      if (B) for (let h = 0; h < w; h++) Y[b + h] = f32(f32(f32(X[b + h] - m) / den) * S[h]) + B[h];
      else for (let h = 0; h < w; h++) Y[b + h] = f32(f32(X[b + h] - m) / den) * S[h];
      if (M) M[row] = m;
      if (I) I[row] = 1 / den;
    }
  };
};

export const LRN: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'alpha', 'beta', 'bias', 'size');
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  if (x.dims.length !== 4) unsupported(node, `X [${x.dims}] must be 4-D (as onnxruntime takes)`);
  const size = attrInt(node, 'size', 0);
  if (!(size >= 1 && size % 2 === 1)) unsupported(node, `size ${size} must be odd (as onnxruntime takes)`);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  const a = f32(f32(attrFloat(node, 'alpha', 1e-4)) / size);
  const negBeta = -f32(attrFloat(node, 'beta', 0.75));
  const bias = f32(attrFloat(node, 'bias', 1));
  const [n, c, h, w] = x.dims;
  const hw = h * w;
  const pre = (size - 1) / 2;
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let b = 0; b < n; b++)
      for (let i = 0; i < hw; i++) {
        const at = (ch: number) => (b * c + ch) * hw + i;
        // coef * x^2 of channel ch, x taken as 0 outside the image's channels (onnxruntime's zero padding)
        const term = (ch: number, coef: number) => f32(coef * (ch < 0 || ch >= c ? 0 : f32(X[at(ch)] * X[at(ch)])));
        let s = bias;
        for (let k = 0; k < size; k++) s = f32(s + term(k - pre, a));
        for (let ch = 0; ch < c; ch++) {
          if (ch > 0) s = f32(f32(s + term(ch + size - 1 - pre, a)) + term(ch - 1 - pre, -a));
          Y[at(ch)] = X[at(ch)] * powf(s, negBeta);
        }
      }
  };
};
