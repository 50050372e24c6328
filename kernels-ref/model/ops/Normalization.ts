/**
 * The normalizations (float32), as ONNX defines them and onnxruntime's CPU kernels compute them; f() is a float32
 * rounding, every step below is one.
 *
 * - LpNormalization: p 1 or 2 (default 2; onnxruntime refuses others), along `axis` (default -1): for each vector v
 *   along the axis, norm = the f32 sum of |v| (p 1) or f(sqrt(the f32 sum of f(v * v))) (p 2), from its first
 *   element; y = f(v / norm), and y = +0 where norm is 0 (or -0).
 * - InstanceNormalization (opset 6+): X [N, C, D...] (rank >= 3), scale and B [C], epsilon (default 1e-5). Per image
 *   x of W values: mean = f(s / W) with s the f32 sum from the first element; q = the f32 sum of f(f(x - mean)^2)
 *   from the first element; inv = f(1 / f(sqrt(f(f(q / W) + eps)))); a = f(inv * scale[c]);
 *   b = f(B[c] - f(mean * a)); y = f(f(x * a) + b).
 * - LayerNormalization (opset 17): axis (default -1), epsilon (default 1e-5), stash_type 1 (float32, the default;
 *   others are refused); Scale and the optional B of X.shape[axis:]'s size, dims X.shape[axis:] (leading 1s
 *   allowed). Per row of the W values from `axis` on, Welford's running mean: m = 0, q = 0; for the k-th value x
 *   (k from 1): d = f(x - m), m = f(m + f(d / k)), q = f(q + f(d * f(x - m))); var = f(q / W),
 *   den = f(sqrt(f(var + eps))); y = f(f(f(x - m) / den) * scale), then f(y + B) with B. Mean = m and
 *   InvStdDev = f(1 / den), of dims X.shape[:axis] followed by 1s.
 * - LRN: X [N, C, H, W], size odd (onnxruntime refuses even sizes), alpha (1e-4), beta (0.75), bias (1). With
 *   a = f(alpha / size), p = (size - 1) / 2 and sq[c] = f(x[c]^2) (0 outside [0, C)), per pixel: s[0] = bias, then
 *   s[0] = f(s[0] + f(a * sq[c - p])) for c = 0 .. size - 1; s[c] = f(f(s[c - 1] + f(a * sq[c + size - 1 - p])) +
 *   f(-a * sq[c - 1 - p])) (onnxruntime's running window); y = f(x * f(pow(s, -beta))), pow in double rounded once
 *   (onnxruntime's is its C library's powf, musl's, within 1 ulp of it: y within 2 ulps of onnxruntime's, whose powf
 *   the product reproduces; test/model-ops-reduce.test.ts).
 */
import {
  attrFloat,
  attrInt,
  expectType,
  f32,
  makeTensor,
  need,
  normAxis,
  numel,
  onlyAttrs,
  type OpFn,
} from '../tensor.js';

export const LpNormalization: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'LpNormalization', 'axis', 'p');
  const x = need(inputs, 0, 'input');
  expectType(x, 'LpNormalization input', 'float32');
  const p = attrInt(attrs, 'p', 2);
  if (p !== 1 && p !== 2) throw new Error(`LpNormalization: p ${p} is not supported (1 or 2)`);
  const r = x.dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', -1), r, 'LpNormalization: axis');
  const len = x.dims[axis];
  const inner = numel(x.dims.slice(axis + 1));
  const outer = numel(x.dims.slice(0, axis));
  const y = makeTensor('float32', x.dims);
  const xd = x.data as Float32Array;
  for (let o = 0; o < outer; o++)
    for (let j = 0; j < inner; j++) {
      const at = (k: number) => (o * len + k) * inner + j;
      let s = p === 1 ? Math.abs(xd[at(0)]) : f32(xd[at(0)] * xd[at(0)]);
      for (let k = 1; k < len; k++) s = f32(s + (p === 1 ? Math.abs(xd[at(k)]) : f32(xd[at(k)] * xd[at(k)])));
      const norm = p === 1 ? s : f32(Math.sqrt(s));
      for (let k = 0; k < len; k++) y.data[at(k)] = norm === 0 ? 0 : f32(xd[at(k)] / norm);
    }
  return [y];
};

export const InstanceNormalization: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'InstanceNormalization', 'epsilon');
  const x = need(inputs, 0, 'input');
  const scale = need(inputs, 1, 'scale');
  const bias = need(inputs, 2, 'B');
  for (const t of [x, scale, bias]) expectType(t, 'InstanceNormalization input', 'float32');
  if (x.dims.length < 3) throw new Error(`InstanceNormalization: input [${x.dims}] must have rank >= 3`);
  const c = x.dims[1];
  if (scale.data.length !== c || bias.data.length !== c)
    throw new Error(`InstanceNormalization: scale and B must have ${c} values`);
  const eps = f32(attrFloat(attrs, 'epsilon', 1e-5));
  const w = numel(x.dims.slice(2));
  const y = makeTensor('float32', x.dims);
  const xd = x.data as Float32Array;
  for (let i = 0; i < numel(x.dims.slice(0, 2)); i++) {
    const at = (k: number) => xd[i * w + k];
    let s = at(0);
    for (let k = 1; k < w; k++) s = f32(s + at(k));
    const mean = f32(s / w);
    const dev = (k: number) => f32(at(k) - mean);
    let q = f32(dev(0) * dev(0));
    for (let k = 1; k < w; k++) q = f32(q + f32(dev(k) * dev(k)));
    const inv = f32(1 / f32(Math.sqrt(f32(f32(q / w) + eps))));
    const a = f32(inv * (scale.data[i % c] as number));
    const b = f32((bias.data[i % c] as number) - f32(mean * a));
    for (let k = 0; k < w; k++) y.data[i * w + k] = f32(f32(at(k) * a) + b);
  }
  return [y];
};

export const LayerNormalization: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'LayerNormalization', 'axis', 'epsilon', 'stash_type');
  if (attrInt(attrs, 'stash_type', 1) !== 1) throw new Error('LayerNormalization: only stash_type 1 is supported');
  const x = need(inputs, 0, 'X');
  const scale = need(inputs, 1, 'Scale');
  const bias = inputs[2];
  for (const t of [x, scale, bias]) if (t) expectType(t, 'LayerNormalization input', 'float32');
  const r = x.dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', -1), r, 'LayerNormalization: axis');
  const tail = x.dims.slice(axis);
  const w = numel(tail);
  for (const t of [scale, bias])
    if (t) {
      const trimmed = [...t.dims];
      while (trimmed.length > tail.length && trimmed[0] === 1) trimmed.shift();
      if (trimmed.length !== tail.length || trimmed.some((v, i) => v !== tail[i]))
        throw new Error(`LayerNormalization: Scale / B [${t.dims}] must have the dims [${tail}]`);
    }
  const eps = f32(attrFloat(attrs, 'epsilon', 1e-5));
  const statDims = x.dims.map((d, i) => (i < axis ? d : 1));
  const y = makeTensor('float32', x.dims);
  const mean = makeTensor('float32', statDims);
  const invStd = makeTensor('float32', statDims);
  const xd = x.data as Float32Array;
  const sd = scale.data as Float32Array;
  const bd = bias?.data as Float32Array | undefined;
  for (let row = 0; row < numel(x.dims.slice(0, axis)); row++) {
    const at = (h: number) => xd[row * w + h];
    let m = 0,
      q = 0;
    for (let h = 0; h < w; h++) {
      const d = f32(at(h) - m);
      m = f32(m + f32(d / (h + 1)));
      q = f32(q + f32(d * f32(at(h) - m)));
    }
    const den = f32(Math.sqrt(f32(f32(q / w) + eps)));
    for (let h = 0; h < w; h++) {
      const v = f32(f32(f32(at(h) - m) / den) * sd[h]);
      y.data[row * w + h] = bd ? f32(v + bd[h]) : v;
    }
    mean.data[row] = m;
    invStd.data[row] = f32(1 / den);
  }
  return [y, mean, invStd];
};

export const LRN: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'LRN', 'alpha', 'beta', 'bias', 'size');
  const x = need(inputs, 0, 'X');
  expectType(x, 'LRN X', 'float32');
  if (x.dims.length !== 4) throw new Error(`LRN: X [${x.dims}] must be 4-D`);
  const size = attrInt(attrs, 'size', 0);
  if (size < 1 || size % 2 !== 1) throw new Error(`LRN: size ${size} must be odd (onnxruntime takes odd sizes only)`);
  const alpha = f32(attrFloat(attrs, 'alpha', 1e-4));
  const beta = f32(attrFloat(attrs, 'beta', 0.75));
  const bias = f32(attrFloat(attrs, 'bias', 1));
  const [n, c, h, w] = x.dims;
  const hw = h * w;
  const a = f32(alpha / size);
  const pre = (size - 1) / 2;
  const xd = x.data as Float32Array;
  const y = makeTensor('float32', x.dims);
  for (let b = 0; b < n; b++)
    for (let i = 0; i < hw; i++) {
      const at = (ch: number) => (b * c + ch) * hw + i;
      const sq = (ch: number) => (ch < 0 || ch >= c ? 0 : f32(xd[at(ch)] * xd[at(ch)]));
      let s = bias;
      for (let k = 0; k < size; k++) s = f32(s + f32(a * sq(k - pre)));
      for (let ch = 0; ch < c; ch++) {
        if (ch > 0) s = f32(f32(s + f32(a * sq(ch + size - 1 - pre))) + f32(-a * sq(ch - 1 - pre)));
        y.data[at(ch)] = f32(xd[at(ch)] * f32(Math.pow(s, -beta)));
      }
    }
  return [y];
};
