/**
 * Resize (opset 10+) and Upsample (opset 7-9), as onnxruntime's CPU kernels compute them (docs/int8-ops.md, MaxPool
 * and Resize on 8-bit data), on float32, int32, uint8 and int8 data. ONNX leaves the arithmetic open; onnxruntime's
 * is followed step by step, every float32 operation rounded (f). Written one output element at a time.
 *
 * Output dims: with scales (opset 10: input 1; 11+: input 2, non-empty; Upsample: the attribute at 7-8, input 1 at
 * 9) dim i = floor(f(s_i D_i)); with sizes (input 3) dim i = sizes_i and s_i = f(sizes_i / D_i) (1 for D_i = 0).
 * Opset 18: `axes` says which axes scales / sizes / roi give (the rest scale 1); with sizes, keep_aspect_ratio_policy
 * not_larger (not_smaller) gives every named axis the min (max) of their scales and the dim round(f(s D)) (halves away
 * from zero). An output of the input's dims is the input as it is (onnxruntime copies it, whatever the mode).
 *
 * Coordinate of output index x on an axis (scale s, input extent D, output extent O; roi start / end a, b):
 *   half_pixel f(f(x + 0.5) / s) - 0.5 · pytorch_half_pixel the same for O > 1, else 0 · asymmetric x / s ·
 *   tf_half_pixel_for_nn f(x + 0.5) / s · align_corners f(x (D - 1)) / (O - 1), 0 for O = 1 · tf_crop_and_resize
 *   f(a (D - 1)) + f(f(f(x f(b - a)) (D - 1)) / (O - 1)) (O = 1: 0.5 f(a + b) (D - 1)), outside [0, D - 1] the
 *   output is extrapolation_value · half_pixel_symmetric (x + 0.5) / s - 0.5 + f(f(D / 2) f(1 - f(O / f(s D)))),
 *   summed in double. Linear, cubic and antialias use x itself on an axis of scale 1.
 * - nearest, any rank: per axis of scale other than 1, the rounded coordinate (round_prefer_floor: halves down, else
 *   halves away from zero; round_prefer_ceil: halves away from zero; floor; ceil; opset 10 and Upsample "simple":
 *   ceil when s < 1, else trunc) clamped to [0, D - 1].
 * - linear, rank 2, 3, 4 (scales [1, 1, ., .] or [1, ., ., 1]) and 5 ([1, 1, ., ., .]): per resized axis c =
 *   min(max(coord, 0), D - 1), i1 = trunc(c), i2 = min(i1 + 1, D - 1), weights d1 = f|c - i1| (toward i2), d2 =
 *   f|c - i2| (0.5 both when i1 = i2). The output sums, left to right in f32, the corner values times the products of
 *   their weights (width weight times height weight times depth weight, each product rounded), corners in the order
 *   x fastest, then y, then z, the weight d2 for corner 1 and d1 for corner 2. Integers truncate toward zero. 8-bit
 *   NHWC (scales [1, ., ., 1]) runs in fixed point: w_k = |trunc(f(c 1024)) - 1024 i_k| (512 when i1 = i2) and
 *   y = trunc(sum of the 4 integer products / 2^20).
 * - cubic (float32), rank 2 and 4 ([1, 1, ., .]): for c on each axis, s = f(c - floor(c)); Keys' weights of the taps
 *   floor(c) - 1 .. floor(c) + 2 with A = cubic_coeff_a: k0 = f(f(f(f(f(A t) - f(5A)) t) + f(8A)) t) - f(4A) (t =
 *   f(|s| + 1)), k1 = f(f(f(f(A + 2) |s|) - f(A + 3)) |s| |s|) + 1, k2 the same of f(1 - |s|), k3 as k0 of f(2 - |s|);
 *   taps outside the input read its edge, or with exclude_outside weigh 0 and the weights are divided by their f32
 *   sum. Each of the 4 rows: the f32 sum of f(f(k_x / sum_x) X); then the f32 sum of f(f(row_j k_y) / sum_y).
 *   onnxruntime keeps a row's value per (s_x, row * W + first tap) in a cache cleared per plane; where two rows meet
 *   in one key it reuses the first: done here too.
 * - antialias (opset 18; linear or cubic on the shapes above, trilinear too): per resized axis, W first then H then
 *   D, a 1-D filter pass whose output is stored in the element type before the next pass. Per output index x: center
 *   = f(0.5 + coord) (x + 0.5 at scale 1); for s < 1 support = f(size / 2 / s) and the filter's argument is scaled by
 *   s, else support = size / 2 (size 2 linear, 4 cubic); taps from floor(f(f(center - support) + 0.5)) to
 *   floor(f(f(center + support) + 0.5)) (excluded), weight_k = filter(f(f(f(tap - center) + 0.5) min(s, 1))) with
 *   the triangle max(0, 1 - |t|) or Keys' cubic of A; taps outside the input are dropped (exclude_outside) or their
 *   weights added to the nearest tap inside, then each weight times f(1 / total) (the f32 sum of all weights). An
 *   output: float32, the f32 sum of f(w X) in tap order; int32 the same rounded half away from zero; 8-bit with
 *   weights round(w 2^22): (2^21 + integer sum) >> 22 clamped to [0, 255], then stored as the type (wraps for
 *   int8). A pass on an axis of unchanged extent copies. tf_crop_and_resize writes extrapolation_value where an
 *   axis's coordinate is outside the input.
 */
import {
  attrFloat,
  attrInt,
  attrInts,
  attrString,
  expectType,
  f32,
  makeTensor,
  need,
  numbers,
  numel,
  onlyAttrs,
  unravel,
  type Attributes,
  type Inputs,
  type OpFn,
  type Tensor,
} from '../tensor.js';

const roundAway = (v: number): number => Math.sign(v) * Math.floor(Math.abs(v) + 0.5);

interface Spec {
  x: Tensor;
  out: number[];
  scales: number[];
  roi: number[];
  mode: string;
  ctm: string;
  nearest: string;
  a: number;
  exclude: boolean;
  antialias: boolean;
  extrapolation: number;
}

function coord(p: Spec, x: number, i: number): number {
  const s = p.scales[i],
    d = p.x.dims[i],
    o = p.out[i];
  switch (p.ctm) {
    case 'half_pixel':
      return f32(f32(f32(x + 0.5) / s) - 0.5);
    case 'pytorch_half_pixel':
      return o > 1 ? f32(f32(f32(x + 0.5) / s) - 0.5) : 0;
    case 'asymmetric':
      return f32(x / s);
    case 'tf_half_pixel_for_nn':
      return f32(f32(x + 0.5) / s);
    case 'align_corners':
      return o === 1 ? 0 : f32(f32(x * (d - 1)) / (o - 1));
    case 'half_pixel_symmetric':
      return f32(f32(f32(d / 2) * f32(1 - f32(o / f32(s * d)))) + (x + 0.5) / s - 0.5);
    case 'tf_crop_and_resize': {
      const [a, b] = [p.roi[i], p.roi[p.x.dims.length + i]];
      return o > 1
        ? f32(f32(a * (d - 1)) + f32(f32(f32(x * f32(b - a)) * (d - 1)) / (o - 1)))
        : f32(0.5 * f32(a + b) * (d - 1));
    }
  }
  throw new Error(`Resize: coordinate_transformation_mode ${p.ctm} is not supported`);
}
const outside = (p: Spec, c: number, i: number) => p.ctm === 'tf_crop_and_resize' && (c < 0 || c > p.x.dims[i] - 1);
/** float -> the element type as onnxruntime's wasm build converts: toward zero, saturated to int32 (uint32 for
 * uint8: negatives to 0), NaN to 0, then the low bits (the typed array's store). */
const toType = (p: Spec, v: number): number => {
  if (p.x.type === 'float32') return v;
  if (Number.isNaN(v)) return 0;
  const [lo, hi] = p.x.type === 'uint8' ? [0, 4294967295] : [-2147483648, 2147483647];
  return Math.trunc(Math.min(Math.max(v, lo), hi));
};

// ---- nearest ----

function pick(mode: string, c: number, down: boolean): number {
  if (mode === 'simple') return down ? Math.ceil(c) : Math.trunc(c);
  if (mode === 'round_prefer_floor') return c === Math.trunc(c) + 0.5 ? Math.floor(c) : roundAway(c);
  if (mode === 'round_prefer_ceil') return roundAway(c);
  if (mode === 'floor') return Math.floor(c);
  if (mode === 'ceil') return Math.ceil(c);
  throw new Error(`Resize: nearest_mode ${mode} is not supported`);
}

function nearest(p: Spec): Tensor {
  const y = makeTensor(p.x.type, p.out);
  for (let k = 0; k < y.data.length; k++) {
    const idx = unravel(k, p.out);
    let src = 0,
      out = false;
    idx.forEach((o, i) => {
      let q = o;
      if (p.scales[i] !== 1) {
        const c = coord(p, o, i);
        if (outside(p, c, i)) out = true;
        q = Math.min(Math.max(pick(p.nearest, c, p.scales[i] < 1), 0), p.x.dims[i] - 1);
      }
      src = src * p.x.dims[i] + q;
    });
    y.data[k] = out ? toType(p, p.extrapolation) : p.x.data[src];
  }
  return y;
}

// ---- linear ----

/** The two taps of output index o on axis i: indices, weights, fixed-point weights, the unclamped coordinate. */
function taps2(p: Spec, o: number, i: number) {
  const d = p.x.dims[i];
  const orig = p.scales[i] === 1 ? o : coord(p, o, i);
  const c = Math.max(0, Math.min(orig, d - 1));
  const i1 = Math.min(Math.trunc(c), d - 1),
    i2 = Math.min(i1 + 1, d - 1);
  if (i1 === i2) return { orig, i: [i1, i2], w: [0.5, 0.5], q: [512, 512] };
  const c10 = Math.trunc(f32(c * 1024));
  // w[0] weighs tap i1 (it is |c - i2|), w[1] weighs tap i2
  return {
    orig,
    i: [i1, i2],
    w: [f32(Math.abs(f32(c - i2))), f32(Math.abs(f32(c - i1)))],
    q: [Math.abs(c10 - 1024 * i2), Math.abs(c10 - 1024 * i1)],
  };
}

/** Linear over `axes` (slowest first): every other axis is copied index for index. */
function linear(p: Spec, axes: number[], fixed: boolean): Tensor {
  const y = makeTensor(p.x.type, p.out);
  const st = p.x.dims.map((_, i) => numel(p.x.dims.slice(i + 1)));
  const n = axes.length;
  for (let k = 0; k < y.data.length; k++) {
    const idx = unravel(k, p.out);
    const t = axes.map((a) => taps2(p, idx[a], a));
    if (axes.some((a, j) => outside(p, t[j].orig, a))) {
      y.data[k] = toType(p, p.extrapolation);
      continue;
    }
    let base = 0;
    idx.forEach((v, i) => axes.includes(i) || (base += v * st[i]));
    // corners: bit j of `corner` picks tap 2 on axis axes[n - 1 - j] (the last axis varies fastest)
    let acc = 0;
    for (let corner = 0; corner < 1 << n; corner++) {
      let src = base,
        w = 1,
        q = 1;
      for (let j = 0; j < n; j++) {
        const a = axes[n - 1 - j],
          b = (corner >> j) & 1;
        src += t[n - 1 - j].i[b] * st[a];
        w = j === 0 ? t[n - 1 - j].w[b] : f32(w * t[n - 1 - j].w[b]);
        q *= t[n - 1 - j].q[b];
      }
      const v = p.x.data[src] as number;
      acc = fixed ? acc + q * v : corner === 0 ? f32(w * v) : f32(acc + f32(w * v));
    }
    y.data[k] = fixed ? Math.trunc(acc / 2 ** 20) : toType(p, acc);
  }
  return y;
}

// ---- cubic ----

function keys(s: number, a: number): number[] {
  const z = Math.abs(s);
  const far = (t: number) => f32(f32(f32(f32(f32(f32(a * t) - f32(5 * a)) * t) + f32(8 * a)) * t) - f32(4 * a));
  const near = (t: number) => f32(f32(f32(f32(f32(f32(a + 2) * t) - f32(a + 3)) * t) * t) + 1);
  return [far(f32(z + 1)), near(z), near(f32(1 - z)), far(f32(2 - z))];
}

function cubic(p: Spec): Tensor {
  const r = p.x.dims.length;
  const [h, w] = p.x.dims.slice(-2);
  const [oh, ow] = p.out.slice(-2);
  const y = makeTensor('float32', p.out);
  const X = p.x.data as Float32Array;
  const at = (a: number, o: number) => (p.scales[a] === 1 ? o : coord(p, o, a));
  /** the weights of the 4 taps around c on an axis of extent n, and the divisor */
  const weights = (c: number, n: number): [number[], number] => {
    const base = Math.floor(c);
    const k = keys(f32(c - base), p.a);
    if (!p.exclude) return [k, 1];
    let sum = 0;
    const kept = k.map((v, j) => (base - 1 + j < 0 || base - 1 + j >= n ? 0 : v));
    for (const v of kept) sum = f32(sum + v);
    return [kept, sum];
  };
  const planes = numel(p.x.dims.slice(0, -2));
  for (let pl = 0; pl < planes; pl++) {
    const cache = new Map<string, number>();
    for (let oy = 0; oy < oh; oy++)
      for (let ox = 0; ox < ow; ox++) {
        const q = (pl * oh + oy) * ow + ox;
        const cy = at(r - 2, oy),
          cx = at(r - 1, ox);
        if (outside(p, cy, r - 2) || outside(p, cx, r - 1)) {
          y.data[q] = p.extrapolation;
          continue;
        }
        const [ky, sy] = weights(cy, h),
          [kx, sx] = weights(cx, w);
        const xb = Math.floor(cx),
          yb = Math.floor(cy);
        let v = 0;
        for (let j = 0; j < 4; j++) {
          const row = yb - 1 + j;
          const key = `${f32(cx - xb)} ${row * w + xb - 1}`;
          let rv = cache.get(key);
          if (rv === undefined) {
            rv = 0;
            const yy = Math.min(Math.max(row, 0), h - 1);
            for (let i = 0; i < 4; i++) {
              const xx = Math.min(Math.max(xb - 1 + i, 0), w - 1);
              rv = f32(rv + f32(f32(kx[i] / sx) * X[(pl * h + yy) * w + xx]));
            }
            cache.set(key, rv);
          }
          v = f32(v + f32(f32(rv * ky[j]) / sy));
        }
        y.data[q] = v;
      }
  }
  return y;
}

// ---- antialias ----

/** The filter's center for output index o: f(0.5 + coordinate), the coordinate o itself where f(1 / s) is 1. */
const centerOf = (p: Spec, axis: number, o: number): number =>
  f32(0.5 + (f32(1 / p.scales[axis]) === 1 ? o : coord(p, o, axis)));

function filterWeights(p: Spec, axis: number, o: number): { lo: number; w: number[] } {
  const s = p.scales[axis],
    n = p.x.dims[axis];
  const size = p.mode === 'cubic' ? 4 : 2;
  const scale = f32(1 / s);
  const support = scale >= 1 ? f32(f32(size * 0.5) * scale) : size * 0.5;
  const shrink = scale >= 1 ? f32(1 / scale) : 1;
  const filter = (t: number): number => {
    const z = Math.abs(t);
    if (p.mode !== 'cubic') return z < 1 ? f32(1 - z) : 0;
    const A = p.a;
    if (z < 1) return f32(f32(f32(f32(f32(f32(A + 2) * z) - f32(A + 3)) * z) * z) + 1);
    return z < 2 ? f32(f32(f32(f32(f32(f32(z - 5) * z) + 8) * z) - 4) * A) : 0;
  };
  const center = centerOf(p, axis, o);
  const first = Math.floor(f32(f32(center - support) + 0.5)),
    end = Math.floor(f32(f32(center + support) + 0.5));
  const lo = Math.max(first, 0),
    hi = Math.min(end, n);
  const taps: number[] = [];
  const from = p.exclude ? lo : first,
    to = p.exclude ? hi : end;
  let total = 0;
  for (let t = from; t < to; t++) {
    const v = filter(f32(f32(f32(t - center) + 0.5) * shrink));
    taps.push(v);
    total = f32(total + v);
  }
  // taps outside the input: their weights join the first / last tap inside (in that order, as onnxruntime adds)
  if (!p.exclude) {
    const before = Math.max(0, -first),
      after = Math.max(0, end - n);
    if (before >= taps.length || after >= taps.length)
      throw new Error(`Resize: antialias output ${o} of axis ${axis} has no tap inside the input`);
    for (let t = 0; t < before; t++) taps[before] = f32(taps[before] + taps[t]);
    const last = taps.length - after - 1;
    for (let t = taps.length - after; t < taps.length; t++) taps[last] = f32(taps[last] + taps[t]);
    taps.splice(0, before);
  }
  const norm = total === 0 ? 1 : f32(1 / total);
  return { lo, w: taps.slice(0, hi - lo).map((v) => f32(v * norm)) };
}

function antialias(p: Spec, axes: number[]): Tensor {
  let cur = p.x;
  for (const axis of axes) {
    const dims = [...cur.dims];
    dims[axis] = p.out[axis];
    const next = makeTensor(cur.type, dims);
    if (dims[axis] === cur.dims[axis]) {
      next.data.set(cur.data as never);
      cur = next;
      continue;
    }
    const st = cur.dims.map((_, i) => numel(cur.dims.slice(i + 1)));
    const ws = Array.from({ length: dims[axis] }, (_, o) => filterWeights(p, axis, o));
    for (let k = 0; k < next.data.length; k++) {
      const idx = unravel(k, dims);
      const { lo, w } = ws[idx[axis]];
      let base = 0;
      idx.forEach((v, i) => i === axis || (base += v * st[i]));
      const xs = w.map((_, t) => cur.data[base + (lo + t) * st[axis]] as number);
      if (cur.type === 'uint8' || cur.type === 'int8') {
        let acc = 1 << 21;
        xs.forEach((v, t) => (acc = (acc + v * roundAway(f32(w[t] * 4194304))) | 0));
        next.data[k] = Math.min(Math.max(acc >> 22, 0), 255);
      } else {
        let acc = 0;
        xs.forEach((v, t) => (acc = f32(acc + f32(v * w[t]))));
        next.data[k] = cur.type === 'int32' ? roundAway(acc) : acc;
      }
    }
    cur = next;
  }
  if (p.ctm !== 'tf_crop_and_resize') return cur;
  for (let k = 0; k < cur.data.length; k++) {
    const idx = unravel(k, p.out);
    if (axes.some((a) => outside(p, f32(centerOf(p, a, idx[a]) - 0.5), a))) cur.data[k] = toType(p, p.extrapolation);
  }
  return cur;
}

// ---- the operators ----

function compute(p: Spec): Tensor {
  const r = p.x.dims.length;
  if (numel(p.out) === 0) return makeTensor(p.x.type, p.out);
  if (p.out.every((d, i) => d === p.x.dims[i])) return makeTensor(p.x.type, p.out, p.x.data.slice());
  const s = p.scales;
  const one = (...ks: number[]) => ks.every((k) => s[k] === 1);
  const bi2 = r === 2 ? [0, 1] : r === 4 && one(0, 1) ? [2, 3] : r === 4 && one(0, 3) ? [1, 2] : undefined;
  const tri = r === 3 ? [0, 1, 2] : r === 5 && one(0, 1) ? [2, 3, 4] : undefined;
  if (p.antialias) {
    if (p.mode === 'nearest') throw new Error('Resize: antialias takes linear and cubic');
    const axes = bi2 ?? (p.mode === 'linear' ? tri : undefined);
    if (!axes) throw new Error(`Resize: antialias ${p.mode} of rank ${r} with scales [${s}]`);
    if (r === 4 && axes[0] === 1 && p.ctm === 'tf_crop_and_resize')
      throw new Error('Resize: antialias with tf_crop_and_resize on NHWC data');
    return antialias(p, [...axes].reverse());
  }
  if (p.mode === 'nearest') return nearest(p);
  if (p.mode === 'linear') {
    const axes = bi2 ?? tri;
    if (!axes) throw new Error(`Resize: linear of rank ${r} with scales [${s}]`);
    return linear(p, axes, r === 4 && axes[0] === 1 && (p.x.type === 'uint8' || p.x.type === 'int8'));
  }
  if (p.x.type !== 'float32') throw new Error(`Resize: cubic of ${p.x.type}`);
  if (r !== 2 && !(r === 4 && one(0, 1))) throw new Error(`Resize: cubic of rank ${r} with scales [${s}]`);
  return cubic(p);
}

function spec(x: Tensor, attrs: Attributes, opset: number, inputs: Inputs): Spec {
  const v10 = opset < 11;
  const r = x.dims.length;
  const mode = attrString(attrs, 'mode', 'nearest');
  if (!['nearest', 'linear', 'cubic'].includes(mode) || (v10 && mode === 'cubic'))
    throw new Error(`Resize: mode ${mode} is not supported`);
  const antialias = attrInt(attrs, 'antialias', 0) !== 0;
  const policy = attrString(attrs, 'keep_aspect_ratio_policy', 'stretch');
  const axesAttr = attrInts(attrs, 'axes');
  if (opset < 18 && (antialias || policy !== 'stretch' || axesAttr))
    throw new Error('Resize: antialias, keep_aspect_ratio_policy and axes are opset 18 attributes');
  if (axesAttr?.some((a) => a < 0 || a >= r) || (axesAttr && new Set(axesAttr).size !== axesAttr.length))
    throw new Error(`Resize: axes [${axesAttr}]`);
  const axes = axesAttr ?? x.dims.map((_, i) => i);
  const exclude = attrInt(attrs, 'exclude_outside', 0) !== 0;
  if (exclude && mode !== 'cubic' && !(antialias && mode === 'linear'))
    throw new Error('Resize: exclude_outside takes cubic, or linear with antialias');
  const scalesIn = v10 ? need(inputs, 1, 'scales') : inputs[2];
  const scalesT = scalesIn && numel(scalesIn.dims) > 0 ? scalesIn : undefined;
  const sizesT = !v10 && inputs[3] && numel(inputs[3].dims) > 0 ? inputs[3] : undefined;
  if (!!scalesT === !!sizesT) throw new Error('Resize: exactly one of scales and sizes must be given');
  let scales = x.dims.map(() => 1);
  let out: number[];
  if (scalesT) {
    expectType(scalesT, 'Resize scales', 'float32');
    const given = numbers(scalesT);
    if (given.length !== axes.length) throw new Error(`Resize: ${given.length} scales for ${axes.length} axes`);
    axes.forEach((a, i) => (scales[a] = given[i]));
    out = x.dims.map((d, i) => Math.floor(f32(scales[i] * d)));
  } else {
    expectType(sizesT!, 'Resize sizes', 'int64');
    const given = numbers(sizesT!);
    if (given.length !== axes.length) throw new Error(`Resize: ${given.length} sizes for ${axes.length} axes`);
    out = [...x.dims];
    axes.forEach((a, i) => (out[a] = given[i]));
    scales = out.map((o, i) => (x.dims[i] === 0 ? 1 : f32(o / x.dims[i])));
    if (policy === 'not_larger' || policy === 'not_smaller') {
      const on = axes.map((a) => scales[a]);
      const k = policy === 'not_larger' ? Math.min(...on) : Math.max(...on);
      scales = scales.map((_, i) => (axes.includes(i) ? k : 1));
      out = x.dims.map((d, i) => (axes.includes(i) ? roundAway(f32(k * d)) : d));
    } else if (policy !== 'stretch') throw new Error(`Resize: keep_aspect_ratio_policy ${policy}`);
  }
  if (scales.some((v) => !(v > 0))) throw new Error(`Resize: scales [${scales}] must be > 0`);
  const ctm = v10 ? 'asymmetric' : attrString(attrs, 'coordinate_transformation_mode', 'half_pixel');
  const roi = [...x.dims.map(() => 0), ...x.dims.map(() => 1)];
  if (ctm === 'tf_crop_and_resize') {
    const given = numbers(need(inputs, 1, 'roi')).map(f32);
    if (given.length !== 2 * axes.length) throw new Error(`Resize: roi has ${given.length} values`);
    axes.forEach((a, i) => {
      roi[a] = given[i];
      roi[r + a] = given[axes.length + i];
    });
  }
  return {
    x,
    out,
    scales,
    roi,
    mode,
    ctm,
    nearest: v10 ? 'simple' : attrString(attrs, 'nearest_mode', 'round_prefer_floor'),
    a: f32(attrFloat(attrs, 'cubic_coeff_a', -0.75)),
    exclude,
    antialias,
    extrapolation: f32(attrFloat(attrs, 'extrapolation_value', 0)),
  };
}

export const Resize: OpFn = (inputs, attrs, opset) => {
  if (opset < 10) throw new Error(`Resize: opset ${opset} is not supported`);
  onlyAttrs(
    attrs,
    'Resize',
    'mode',
    ...(opset < 11
      ? []
      : [
          'coordinate_transformation_mode',
          'cubic_coeff_a',
          'exclude_outside',
          'extrapolation_value',
          'nearest_mode',
          'antialias',
          'keep_aspect_ratio_policy',
          'axes',
        ]),
  );
  const x = need(inputs, 0, 'X');
  expectType(x, 'Resize X', 'float32', 'int32', 'uint8', 'int8');
  return [compute(spec(x, attrs, opset, inputs))];
};

export const Upsample: OpFn = (inputs, attrs, opset) => {
  if (opset < 7 || opset > 9) throw new Error(`Upsample: opset ${opset} is not supported`);
  onlyAttrs(attrs, 'Upsample', 'mode', ...(opset < 9 ? ['scales'] : []));
  const x = need(inputs, 0, 'X');
  expectType(x, 'Upsample X', 'float32', 'int32', 'uint8', 'int8');
  const mode = attrString(attrs, 'mode', 'nearest');
  if (mode !== 'nearest' && mode !== 'linear') throw new Error(`Upsample: mode ${mode} is not supported`);
  const a = attrs.get('scales');
  const scales = opset < 9 ? (a?.kind === 'floats' ? a.value.map(f32) : undefined) : numbers(need(inputs, 1, 'scales'));
  if (!scales || scales.length !== x.dims.length || scales.some((v) => !(v >= 1)))
    throw new Error(`Upsample: scales [${scales}] must be >= 1, one per axis`);
  return [
    compute({
      x,
      out: x.dims.map((d, i) => Math.floor(f32(scales[i] * d))),
      scales,
      roi: [...x.dims.map(() => 0), ...x.dims.map(() => 1)],
      mode,
      ctm: 'asymmetric',
      nearest: 'simple',
      a: -0.75,
      exclude: false,
      antialias: false,
      extrapolation: 0,
    }),
  ];
};
