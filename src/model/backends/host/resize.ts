/**
 * Resize (opset 10+) and Upsample (opset 7-9) on float32, int32, uint8 and int8, as onnxruntime's CPU kernels compute
 * them (onnxruntime-web 1.30, wasm: the reference executor's kernels-ref/model/ops/Resize.ts states the same
 * arithmetic; docs/int8-ops.md, MaxPool and Resize on 8-bit data). Every index and weight is computed at load time,
 * so the scales / sizes (and roi for tf_crop_and_resize) must be constants. f() is a float32 rounding.
 *
 * Output dims and scales. With scales (the non-empty input 2; input 1 at opset 10; Upsample's attribute at 7-8 and
 * input 1 at 9) output dim i is floor(f(scale_i * D_i)). With sizes (input 3) it is sizes_i and scale_i =
 * f(sizes_i / D_i) (1 where D_i = 0). From opset 18 `axes` names the axes scales / sizes / roi give (the others keep
 * scale 1), and with sizes keep_aspect_ratio_policy not_larger / not_smaller sets every named axis's scale to the
 * min / max of theirs and its dim to round(f(scale * D)). An output of the input's dims is the input, copied
 * (whatever the scales and mode). Upsample: scales >= 1, asymmetric, nearest "simple".
 *
 * Coordinates: output index o on an axis of scale s, input extent D, output extent O maps to (f32 steps)
 *   half_pixel f(f(o + 0.5) / s) - 0.5; pytorch_half_pixel the same when O > 1, else 0; asymmetric o / s;
 *   tf_half_pixel_for_nn f(o + 0.5) / s; align_corners o (D - 1) / (O - 1) (0 when O = 1);
 *   tf_crop_and_resize start (D - 1) + o (end - start) (D - 1) / (O - 1) (O = 1: 0.5 (start + end) (D - 1)), where a
 *   coordinate outside [0, D - 1] gives extrapolation_value; half_pixel_symmetric (opset 19) offset + (o + 0.5) / s -
 *   0.5 in double, offset = f(D / 2) f(1 - f(O / f(s D))) (taken at every opset, as onnxruntime does). Linear, cubic and antialias map an axis of scale 1 to o.
 * - nearest (any rank): round_prefer_floor / round_prefer_ceil (halves away from zero) / floor / ceil of the
 *   coordinate ("simple" before opset 11: ceil on a downsampled axis, trunc otherwise), clamped to [0, D - 1]; an
 *   axis of scale 1 is copied as it is.
 * - linear (bilinear: rank 2, rank 4 with scales [1, 1, ., .] (NCHW) or [1, ., ., 1] (NHWC); trilinear: rank 3,
 *   rank 5 with scales [1, 1, ., ., .]): per axis c = clamp(coord, 0, D - 1), i1 = trunc(c), i2 = min(i1 + 1,
 *   D - 1), d1 = f|c - i1|, d2 = f|c - i2| (both 0.5 when i1 = i2). Bilinear y = the left-to-right f32 sum of
 *   f(f(dx2 dy2) X11), f(f(dx1 dy2) X21), f(f(dx2 dy1) X12), f(f(dx1 dy1) X22) (X21 = x[y1][x2]); trilinear the
 *   eight f(f(f(dx dy) dz) X) terms, x fastest then y then z. Integer outputs truncate toward zero, except 8-bit NHWC,
 *   which onnxruntime computes in fixed point: c10 = trunc(f(c 1024)), w1 = |c10 - 1024 i1|, w2 = |c10 - 1024 i2| (512
 *   each when i1 = i2), y = trunc((w2x w2y X11 + w1x w2y X21 + w2x w1y X12 + w1x w1y X22) / 2^20).
 * - cubic (float32; rank 2, or rank 4 with scales [1, 1, ., .]): Keys' coefficients for cubic_coeff_a (f32 steps)
 *   at s = f(c - floor(c)), the 4 x 4 grid around floor(c) clamped to the input; per row r = sum of f(f(k_i / ksum)
 *   X); y = sum of f(f(r_j k_j) / ksum_y) (ksum 1; exclude_outside zeroes the taps outside the input and divides by
 *   their sum). onnxruntime caches a row's sum by (s, y * W + x - 1); the cache is reproduced, so a key it shares
 *   between two rows gives the same value here.
 * - antialias (opset 18, linear or cubic, the shapes above; cubic also NHWC): Pillow's separable filter, W first,
 *   then H, then D, each pass rounded to the element type. Per output index: center = f(0.5 + coord) (o + 0.5 for
 *   scale 1), support = f(f(size 0.5) / s) when s < 1 else size 0.5 (size 2 linear, 4 cubic), taps from
 *   floor(center - support + 0.5) to floor(center + support + 0.5), weight = filter(f(f(f(x - center) + 0.5) *
 *   min(s, 1))); taps outside the input are dropped (exclude_outside) or added to the edge tap; weights normalized
 *   by f(1 / sum). float32: y = sum of f(w X) from 0; int32: the same, then rounded half away from zero; 8-bit: weights
 *   round(w 2^22), y = clip(0, 255) of ((2^21 + sum w X) >> 22), stored as the element type (int8 as
 *   onnxruntime: negative sums clip to 0, sums over 127 wrap). A pass whose extent does not change copies.
 *
 * Refused (UNSUPPORTED_OP): int64 and bool data; cubic on integers (onnxruntime fails on it); linear of rank 1 or
 * other scales; cubic of other ranks or NHWC without antialias; antialias with nearest, with tf_crop_and_resize on
 * NHWC (onnxruntime writes the extrapolation value at NCHW positions there); antialias, axes and
 * keep_aspect_ratio_policy other than their defaults before opset 18; negative axes.
 */
import type { HostData, HostOp, HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import {
  attrFloat,
  attrInt,
  attrInts,
  attrString,
  expectDims,
  expectOutType,
  expectType,
  need,
  numel,
  onlyAttrs,
  stridesOf,
  unsupported,
  type ElemType,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

/** C++ std::round: halves away from zero. */
const roundAway = (v: number): number => (v < 0 ? -Math.floor(-v + 0.5) : Math.floor(v + 0.5));

const CTMS = [
  'half_pixel',
  'pytorch_half_pixel',
  'align_corners',
  'asymmetric',
  'tf_half_pixel_for_nn',
  'tf_crop_and_resize',
  'half_pixel_symmetric',
];
const NEAREST = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];

/** Everything a resize computes from, after the attributes and constant inputs are read. */
export interface ResizeSpec {
  type: ElemType;
  dims: readonly number[];
  outDims: number[];
  /** one per axis */
  scales: number[];
  /** starts then ends, one per axis (tf_crop_and_resize; [0.., 1..] otherwise) */
  roi: number[];
  mode: 'nearest' | 'linear' | 'cubic';
  ctm: string;
  nearestMode: string;
  cubicA: number;
  excludeOutside: boolean;
  antialias: boolean;
  extrapolation: number;
}

/** The input coordinate of output index o on axis i (onnxruntime's get_original_coordinate). */
function coordinateOf(p: ResizeSpec, o: number, i: number): number {
  const s = p.scales[i],
    d = p.dims[i],
    len = p.outDims[i];
  switch (p.ctm) {
    case 'half_pixel':
      return f32(f32(f32(o + 0.5) / s) - 0.5);
    case 'pytorch_half_pixel':
      return len > 1 ? f32(f32(f32(o + 0.5) / s) - 0.5) : 0;
    case 'align_corners':
      return len === 1 ? 0 : f32(f32(o * (d - 1)) / (len - 1));
    case 'asymmetric':
      return f32(o / s);
    case 'tf_half_pixel_for_nn':
      return f32(f32(o + 0.5) / s);
    case 'half_pixel_symmetric': {
      const adjustment = f32(len / f32(s * d));
      const offset = f32(f32(d / 2) * f32(1 - adjustment));
      return f32(offset + (o + 0.5) / s - 0.5);
    }
    default: {
      const st = p.roi[i],
        en = p.roi[p.dims.length + i];
      return len > 1
        ? f32(f32(st * (d - 1)) + f32(f32(f32(o * f32(en - st)) * (d - 1)) / (len - 1)))
        : f32(0.5 * f32(st + en) * (d - 1));
    }
  }
}

/** Whether a coordinate of axis i is outside the input (tf_crop_and_resize only: then the extrapolation value). */
const outsideOf = (p: ResizeSpec, c: number, i: number): boolean =>
  p.ctm === 'tf_crop_and_resize' && (c < 0 || c > p.dims[i] - 1);

// ---- nearest -------------------------------------------------------------------------------------------------------

function nearestIndex(mode: string, c: number, down: boolean): number {
  switch (mode) {
    case 'simple':
      return down ? Math.ceil(c) : Math.trunc(c);
    case 'round_prefer_floor':
      return c === Math.trunc(c) + 0.5 ? Math.floor(c) : roundAway(c);
    case 'round_prefer_ceil':
      return roundAway(c);
    case 'floor':
      return Math.floor(c);
    default:
      return Math.ceil(c);
  }
}

/**
 * The input index nearest mode reads for each output index of axis i, or -1 where tf_crop_and_resize extrapolates
 * (an axis of scale 1: the output index). The float SIMD kernel (../wasm-float/resize.ts) reads the same table.
 */
export function nearestAxis(p: ResizeSpec, i: number): Int32Array {
  const len = p.outDims[i];
  const m = new Int32Array(len);
  for (let o = 0; o < len; o++) {
    if (p.scales[i] === 1) {
      m[o] = o;
      continue;
    }
    const c = coordinateOf(p, o, i);
    const q = Math.min(Math.max(nearestIndex(p.nearestMode, c, p.scales[i] < 1), 0), p.dims[i] - 1);
    m[o] = outsideOf(p, c, i) ? -1 : q;
  }
  return m;
}

function nearest(p: ResizeSpec): HostOp {
  const r = p.dims.length;
  const inStrides = stridesOf(p.dims);
  // per axis, per output index: the input index times the input stride, or -1 (extrapolated)
  const maps = p.outDims.map((_, i) => Float64Array.from(nearestAxis(p, i), (q) => (q < 0 ? -1 : q * inStrides[i])));
  const total = numel(p.outDims);
  const fill = cast(p.type, p.extrapolation);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    const idx = new Int32Array(r);
    const last = r - 1;
    const lastMap = maps[last];
    const lastLen = p.outDims[last];
    for (let q = 0; q < total; ) {
      let base = 0,
        out = false;
      for (let i = 0; i < last; i++) {
        const m = maps[i][idx[i]];
        if (m < 0) out = true;
        base += m;
      }
      for (let o = 0; o < lastLen; o++, q++) {
        const m = lastMap[o];
        Y[q] = out || m < 0 ? fill : X[base + m];
      }
      for (let i = last - 1; i >= 0; i--) {
        if (++idx[i] < p.outDims[i]) break;
        idx[i] = 0;
      }
    }
  };
}

/**
 * static_cast<T>(float) as onnxruntime's wasm build computes it (the extrapolation value): toward zero, saturated to
 * int32 (int32, int8) or uint32 (uint8; negative to 0), NaN to 0; the store keeps the low bits.
 */
function cast(type: ElemType, v: number): number {
  if (type === 'float32') return v;
  if (v !== v) return 0;
  if (type === 'uint8') return v <= 0 ? 0 : v >= 4294967295 ? 4294967295 : Math.trunc(v);
  return v <= -2147483648 ? -2147483648 : v >= 2147483647 ? 2147483647 : Math.trunc(v);
}

// ---- linear --------------------------------------------------------------------------------------------------------

export interface LinearAxis {
  /** the unclamped coordinate (for the extrapolation test) */
  orig: Float32Array;
  i1: Int32Array;
  i2: Int32Array;
  d1: Float32Array;
  d2: Float32Array;
  /** the fixed-point weights (8-bit NHWC) */
  w1: Int32Array;
  w2: Int32Array;
}

/** The linear taps of each output index of axis i (the float SIMD kernel, ../wasm-float/resize.ts, reads them too). */
export function linearAxis(p: ResizeSpec, i: number): LinearAxis {
  const len = p.outDims[i],
    d = p.dims[i];
  const a: LinearAxis = {
    orig: new Float32Array(len),
    i1: new Int32Array(len),
    i2: new Int32Array(len),
    d1: new Float32Array(len),
    d2: new Float32Array(len),
    w1: new Int32Array(len),
    w2: new Int32Array(len),
  };
  for (let o = 0; o < len; o++) {
    const orig = p.scales[i] === 1 ? o : coordinateOf(p, o, i);
    const m = d - 1 < orig ? d - 1 : orig;
    const c = 0 < m ? m : 0;
    const i1 = Math.min(Math.trunc(c), d - 1);
    const i2 = Math.min(i1 + 1, d - 1);
    const c10 = Math.trunc(f32(c * 1024));
    a.orig[o] = orig;
    a.i1[o] = i1;
    a.i2[o] = i2;
    a.d1[o] = i1 === i2 ? 0.5 : f32(Math.abs(f32(c - i1)));
    a.d2[o] = i1 === i2 ? 0.5 : f32(Math.abs(f32(c - i2)));
    a.w1[o] = i1 === i2 ? 512 : Math.abs(c10 - i1 * 1024);
    a.w2[o] = i1 === i2 ? 512 : Math.abs(c10 - i2 * 1024);
  }
  return a;
}

/**
 * Bilinear over the axes hAxis, wAxis (wAxis = hAxis + 1) with `inner` contiguous channels after them (NHWC: the
 * last axis; NCHW: 1) and `outer` planes before them.
 */
function bilinear(p: ResizeSpec, hAxis: number, nhwc: boolean): HostOp {
  const py = linearAxis(p, hAxis),
    px = linearAxis(p, hAxis + 1);
  const [h, w] = [p.dims[hAxis], p.dims[hAxis + 1]];
  const [oh, ow] = [p.outDims[hAxis], p.outDims[hAxis + 1]];
  const ch = nhwc ? p.dims[hAxis + 2] : 1;
  const planes = numel(p.dims.slice(0, hAxis));
  const isInt = p.type !== 'float32';
  const fixed = nhwc && (p.type === 'uint8' || p.type === 'int8');
  const extrapolate = p.ctm === 'tf_crop_and_resize';
  const fill = cast(p.type, p.extrapolation);
  const outY = (oy: number) => extrapolate && (py.orig[oy] < 0 || py.orig[oy] > h - 1);
  const outX = (ox: number) => extrapolate && (px.orig[ox] < 0 || px.orig[ox] > w - 1);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let pl = 0; pl < planes; pl++) {
      const x0 = pl * h * w * ch;
      for (let oy = 0; oy < oh; oy++) {
        const r1 = x0 + py.i1[oy] * w * ch,
          r2 = x0 + py.i2[oy] * w * ch;
        const dy1 = py.d1[oy],
          dy2 = py.d2[oy];
        for (let ox = 0; ox < ow; ox++) {
          const yo = ((pl * oh + oy) * ow + ox) * ch;
          if (outY(oy) || outX(ox)) {
            for (let c = 0; c < ch; c++) Y[yo + c] = fill;
            continue;
          }
          const c1 = px.i1[ox] * ch,
            c2 = px.i2[ox] * ch;
          if (fixed) {
            const w11 = px.w2[ox] * py.w2[oy],
              w21 = px.w1[ox] * py.w2[oy],
              w12 = px.w2[ox] * py.w1[oy],
              w22 = px.w1[ox] * py.w1[oy];
            for (let c = 0; c < ch; c++) {
              const sum = w11 * X[r1 + c1 + c] + w21 * X[r1 + c2 + c] + w12 * X[r2 + c1 + c] + w22 * X[r2 + c2 + c];
              Y[yo + c] = Math.trunc(sum / 1048576);
            }
            continue;
          }
          const k11 = f32(px.d2[ox] * dy2),
            k21 = f32(px.d1[ox] * dy2),
            k12 = f32(px.d2[ox] * dy1),
            k22 = f32(px.d1[ox] * dy1);
          for (let c = 0; c < ch; c++) {
            let v = f32(k11 * X[r1 + c1 + c]);
            v = f32(v + f32(k21 * X[r1 + c2 + c]));
            v = f32(v + f32(k12 * X[r2 + c1 + c]));
            v = f32(v + f32(k22 * X[r2 + c2 + c]));
            Y[yo + c] = isInt ? Math.trunc(v) : v;
          }
        }
      }
    }
  };
}

/** Trilinear over the last three axes (rank 3, or rank 5 with scales [1, 1, ., ., .]). */
function trilinear(p: ResizeSpec): HostOp {
  const r = p.dims.length;
  const pz = linearAxis(p, r - 3),
    py = linearAxis(p, r - 2),
    px = linearAxis(p, r - 1);
  const [d, h, w] = p.dims.slice(-3);
  const [od, oh, ow] = p.outDims.slice(-3);
  const planes = numel(p.dims.slice(0, -3));
  const isInt = p.type !== 'float32';
  const extrapolate = p.ctm === 'tf_crop_and_resize';
  const fill = cast(p.type, p.extrapolation);
  const out = (a: LinearAxis, o: number, n: number) => extrapolate && (a.orig[o] < 0 || a.orig[o] > n - 1);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    let q = 0;
    for (let pl = 0; pl < planes; pl++) {
      const x0 = pl * d * h * w;
      for (let oz = 0; oz < od; oz++)
        for (let oy = 0; oy < oh; oy++)
          for (let ox = 0; ox < ow; ox++, q++) {
            if (out(pz, oz, d) || out(py, oy, h) || out(px, ox, w)) {
              Y[q] = fill;
              continue;
            }
            const z1 = x0 + pz.i1[oz] * h * w,
              z2 = x0 + pz.i2[oz] * h * w,
              y1 = py.i1[oy] * w,
              y2 = py.i2[oy] * w,
              x1 = px.i1[ox],
              x2 = px.i2[ox];
            const [dx1, dx2, dy1, dy2, dz1, dz2] = [px.d1[ox], px.d2[ox], py.d1[oy], py.d2[oy], pz.d1[oz], pz.d2[oz]];
            let v = f32(f32(f32(dx2 * dy2) * dz2) * X[z1 + y1 + x1]);
            v = f32(v + f32(f32(f32(dx1 * dy2) * dz2) * X[z1 + y1 + x2]));
            v = f32(v + f32(f32(f32(dx2 * dy1) * dz2) * X[z1 + y2 + x1]));
            v = f32(v + f32(f32(f32(dx1 * dy1) * dz2) * X[z1 + y2 + x2]));
            v = f32(v + f32(f32(f32(dx2 * dy2) * dz1) * X[z2 + y1 + x1]));
            v = f32(v + f32(f32(f32(dx1 * dy2) * dz1) * X[z2 + y1 + x2]));
            v = f32(v + f32(f32(f32(dx2 * dy1) * dz1) * X[z2 + y2 + x1]));
            v = f32(v + f32(f32(f32(dx1 * dy1) * dz1) * X[z2 + y2 + x2]));
            Y[q] = isInt ? Math.trunc(v) : v;
          }
    }
  };
}

// ---- cubic ---------------------------------------------------------------------------------------------------------

/** Keys' cubic coefficients of the taps at -1, 0, 1, 2 for a fraction s (onnxruntime's GetCubicCoeffs, f32 steps). */
function cubicCoeffs(s: number, a: number): Float32Array {
  const t = f32(Math.abs(s) + 1),
    u = f32(1 - Math.abs(s)),
    v = f32(2 - Math.abs(s)),
    x = Math.abs(s);
  const outer = (z: number) => f32(f32(f32(f32(f32(f32(a * z) - f32(5 * a)) * z) + f32(8 * a)) * z) - f32(4 * a));
  const inner = (z: number) => f32(f32(f32(f32(f32(f32(a + 2) * z) - f32(a + 3)) * z) * z) + 1);
  return Float32Array.of(outer(t), inner(x), inner(u), outer(v));
}

function bicubic(p: ResizeSpec): HostOp {
  const r = p.dims.length;
  const [h, w] = p.dims.slice(-2);
  const [oh, ow] = p.outDims.slice(-2);
  const planes = numel(p.dims.slice(0, -2));
  const coords = (i: number, len: number) =>
    Float32Array.from({ length: len }, (_, o) => (p.scales[i] === 1 ? o : coordinateOf(p, o, i)));
  const yo = coords(r - 2, oh),
    xo = coords(r - 1, ow);
  const coeffs = new Map<number, Float32Array>();
  for (const c of [...yo, ...xo]) {
    const s = f32(c - Math.floor(c));
    if (!coeffs.has(s)) coeffs.set(s, cubicCoeffs(s, p.cubicA));
  }
  const extrapolate = p.ctm === 'tf_crop_and_resize';
  /** the taps of a coordinate: the coefficients (zeroed outside the input with exclude_outside) and their sum */
  const taps = (c: number, n: number): { k: Float32Array; sum: number } => {
    const base = Math.floor(c);
    const k = coeffs.get(f32(c - base))!;
    if (!p.excludeOutside) return { k, sum: 1 };
    const held = new Float32Array(4);
    let sum = 0;
    for (let i = 0; i < 4; i++) {
      const at = base - 1 + i;
      held[i] = at < 0 || at >= n ? 0 : k[i];
      sum = f32(sum + held[i]);
    }
    return { k: held, sum };
  };
  const ty = Array.from(yo, (c) => taps(c, h)),
    tx = Array.from(xo, (c) => taps(c, w));
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let pl = 0; pl < planes; pl++) {
      const x0 = pl * h * w;
      // onnxruntime's cache of row sums, by fraction then (row * W + first tap), cleared per plane
      const cache = new Map<number, Map<number, number>>();
      const rowSum = (xi: number, yv: number, k: Float32Array, ksum: number, s: number): number => {
        let m = cache.get(s);
        if (!m) cache.set(s, (m = new Map()));
        const key = yv * w + (xi - 1);
        const hit = m.get(key);
        if (hit !== undefined) return hit;
        const row = x0 + Math.max(0, Math.min(yv, h - 1)) * w;
        let v = 0;
        for (let i = 0; i < 4; i++)
          v = f32(v + f32(f32(k[i] / ksum) * X[row + Math.max(0, Math.min(xi - 1 + i, w - 1))]));
        m.set(key, v);
        return v;
      };
      for (let oy = 0; oy < oh; oy++) {
        const cy = yo[oy];
        const q0 = (pl * oh + oy) * ow;
        if (extrapolate && (cy < 0 || cy > h - 1)) {
          Y.fill(p.extrapolation, q0, q0 + ow);
          continue;
        }
        const yi = Math.floor(cy);
        const { k: ky, sum: sy } = ty[oy];
        for (let ox = 0; ox < ow; ox++) {
          const cx = xo[ox];
          if (extrapolate && (cx < 0 || cx > w - 1)) {
            Y[q0 + ox] = p.extrapolation;
            continue;
          }
          const xi = Math.floor(cx);
          const s = f32(cx - xi);
          const { k: kx, sum: sx } = tx[ox];
          let v = 0;
          for (let j = 0; j < 4; j++) v = f32(v + f32(f32(rowSum(xi, yi - 1 + j, kx, sx, s) * ky[j]) / sy));
          Y[q0 + ox] = v;
        }
      }
    }
  };
}

// ---- antialias -----------------------------------------------------------------------------------------------------

interface FilterAxis {
  axis: number;
  /** per output index: the first and one past the last input tap */
  lo: Int32Array;
  hi: Int32Array;
  /** per output index, `window` weights from lo (float32, or the 2^22 fixed point for 8-bit data) */
  weights: Float32Array;
  fixed: Int32Array;
  window: number;
  /** output indices whose coordinate is outside the input (tf_crop_and_resize) */
  outside: number[];
}

function filterAxis(node: HostOpNode, p: ResizeSpec, axis: number): FilterAxis {
  const rscale = p.scales[axis],
    n = p.dims[axis],
    len = p.outDims[axis];
  const cubic = p.mode === 'cubic';
  const a = p.cubicA;
  const filter = cubic
    ? (x: number): number => {
        const v = Math.abs(x);
        if (v < 1) return f32(f32(f32(f32(f32(f32(a + 2) * v) - f32(a + 3)) * v) * v) + 1);
        if (v < 2) return f32(f32(f32(f32(f32(f32(v - 5) * v) + 8) * v) - 4) * a);
        return 0;
      }
    : (x: number): number => {
        const v = Math.abs(x);
        return v < 1 ? f32(1 - v) : 0;
      };
  const size = cubic ? 4 : 2;
  const scale = f32(1 / rscale);
  const support = scale >= 1 ? f32(f32(size * 0.5) * scale) : size * 0.5;
  const window = Math.ceil(support) * 2 + 1;
  const inv = scale >= 1 ? f32(1 / scale) : 1;
  const fa: FilterAxis = {
    axis,
    lo: new Int32Array(len),
    hi: new Int32Array(len),
    weights: new Float32Array(window * len),
    fixed: new Int32Array(window * len),
    window,
    outside: [],
  };
  for (let o = 0; o < len; o++) {
    const center = f32(0.5 + (scale === 1 ? o : coordinateOf(p, o, axis)));
    if (f32(center - 0.5) < 0 || f32(center - 0.5) > n - 1) fa.outside.push(o);
    const realLo = Math.floor(f32(f32(center - support) + 0.5)),
      realHi = Math.floor(f32(f32(center + support) + 0.5));
    const cutLo = Math.max(realLo, 0),
      cutHi = Math.min(realHi, n);
    const lo = p.excludeOutside ? cutLo : realLo,
      count = (p.excludeOutside ? cutHi : realHi) - lo;
    fa.lo[o] = cutLo;
    fa.hi[o] = cutHi;
    const buf = new Float32Array(Math.max(count, window));
    let total = 0;
    for (let x = 0; x < count; x++) {
      buf[x] = filter(f32(f32(f32(x + lo - center) + 0.5) * inv));
      total = f32(total + buf[x]);
    }
    if (!p.excludeOutside) {
      // the taps outside the input go to the edge taps, then the window starts at the first tap inside
      const neg = lo < 0 ? -lo : 0;
      if (neg >= count || (count + lo > n ? count + lo - n : 0) >= count)
        unsupported(
          node,
          `antialias: output ${o} of axis ${axis} has no tap inside the input (onnxruntime then reads and writes outside its weights)`,
        );
      for (let x = 0; x < neg; x++) buf[neg] = f32(buf[neg] + buf[x]);
      const past = count + lo > n ? count + lo - n : 0;
      for (let x = count - past; x < count; x++) buf[count - past - 1] = f32(buf[count - past - 1] + buf[x]);
      if (neg > 0 || past > 0) for (let x = 0; x < cutHi - cutLo; x++) buf[x] = buf[x + neg];
    }
    const norm = total === 0 ? 1 : f32(1 / total);
    for (let x = 0; x < cutHi - cutLo; x++) {
      const wv = f32(buf[x] * norm);
      fa.weights[o * window + x] = wv;
      fa.fixed[o * window + x] = roundAway(f32(wv * 4194304));
    }
  }
  return fa;
}

/** One separable pass along fa.axis: `src` of dims `dims` to a new buffer with that axis resized. */
function filterPass(type: ElemType, fa: FilterAxis, src: HostData, dims: number[], outLen: number): HostData {
  const outer = numel(dims.slice(0, fa.axis)),
    inner = numel(dims.slice(fa.axis + 1)),
    n = dims[fa.axis];
  const dst = newData(type, outer * outLen * inner);
  if (outLen === n) {
    (dst as Float32Array).set(src as Float32Array);
    return dst;
  }
  const S = src as Float32Array,
    D = dst as Float32Array;
  const eight = type === 'uint8' || type === 'int8';
  for (let a = 0; a < outer; a++)
    for (let o = 0; o < outLen; o++) {
      const lo = fa.lo[o],
        hi = fa.hi[o],
        wb = o * fa.window;
      for (let b = 0; b < inner; b++) {
        const at = a * n * inner + b;
        const q = (a * outLen + o) * inner + b;
        if (eight) {
          let acc = 1 << 21;
          for (let x = lo; x < hi; x++) acc = (acc + S[at + x * inner] * fa.fixed[wb + x - lo]) | 0;
          const v = Math.min(Math.max(acc >> 22, 0), 255);
          D[q] = type === 'int8' && v > 127 ? v - 256 : v;
          continue;
        }
        let acc = 0;
        for (let x = lo; x < hi; x++) acc = f32(acc + f32(S[at + x * inner] * fa.weights[wb + x - lo]));
        D[q] = type === 'int32' ? roundAway(acc) : acc;
      }
    }
  return dst;
}

function antialias(node: HostOpNode, p: ResizeSpec, axes: number[]): HostOp {
  const fas = axes.map((a) => filterAxis(node, p, a));
  const strides = stridesOf(p.outDims);
  const fill = cast(p.type, p.extrapolation);
  const total = numel(p.outDims);
  const extrapolate = p.ctm === 'tf_crop_and_resize' && fas.some((fa) => fa.outside.length > 0);
  return (ins, outs) => {
    let data: HostData = ins[0]!.data;
    const dims = [...p.dims];
    for (const fa of fas) {
      data = filterPass(p.type, fa, data, dims, p.outDims[fa.axis]);
      dims[fa.axis] = p.outDims[fa.axis];
    }
    const Y = outs[0].data as Float32Array;
    Y.set(data as Float32Array);
    if (!extrapolate) return;
    for (let q = 0; q < total; q++)
      for (const fa of fas)
        if (fa.outside.includes(Math.floor(q / strides[fa.axis]) % p.outDims[fa.axis])) {
          Y[q] = fill;
          break;
        }
  };
}

const newData = (type: ElemType, n: number): HostData =>
  type === 'float32'
    ? new Float32Array(n)
    : type === 'int32'
      ? new Int32Array(n)
      : type === 'uint8'
        ? new Uint8Array(n)
        : new Int8Array(n);

// ---- the operators -------------------------------------------------------------------------------------------------

/** The computation of a read spec, refusing what onnxruntime does not compute (see the header). */
function plan(node: HostOpNode, p: ResizeSpec): HostOp {
  const r = p.dims.length;
  const total = numel(p.outDims);
  if (total === 0) return () => {};
  if (p.outDims.every((d, i) => d === p.dims[i]))
    return (ins, outs) => (outs[0].data as Float32Array).set(ins[0]!.data as Float32Array);
  const s = p.scales;
  const one = (...axes: number[]) => axes.every((i) => s[i] === 1);
  if (p.antialias) {
    if (p.mode === 'nearest') unsupported(node, 'antialias takes modes linear and cubic');
    let axes: number[] | undefined;
    if (r === 2) axes = [1, 0];
    else if (r === 4 && one(0, 1)) axes = [3, 2];
    else if (r === 4 && one(0, 3)) {
      if (p.ctm === 'tf_crop_and_resize')
        unsupported(node, 'antialias with tf_crop_and_resize on NHWC data (scales [1, ., ., 1])');
      axes = [2, 1];
    } else if (p.mode === 'linear' && r === 3) axes = [2, 1, 0];
    else if (p.mode === 'linear' && r === 5 && one(0, 1)) axes = [4, 3, 2];
    if (!axes) unsupported(node, `antialias ${p.mode} of rank ${r} with scales [${s}]`);
    return antialias(node, p, axes);
  }
  if (p.mode === 'nearest') return nearest(p);
  if (p.mode === 'linear') {
    if (r === 2) return bilinear(p, 0, false);
    if (r === 4 && one(0, 1)) return bilinear(p, 2, false);
    if (r === 4 && one(0, 3)) return bilinear(p, 1, true);
    if (r === 3 || (r === 5 && one(0, 1))) return trilinear(p);
    return unsupported(
      node,
      `linear of rank ${r} with scales [${s}] (onnxruntime takes rank 2 and 3, rank 4 with scales [1, 1, ., .] or [1, ., ., 1], rank 5 with [1, 1, ., ., .])`,
    );
  }
  if (p.type !== 'float32') unsupported(node, `cubic of ${p.type} data (float32 only)`);
  if (r === 2 || (r === 4 && one(0, 1))) return bicubic(p);
  return unsupported(node, `cubic of rank ${r} with scales [${s}] (rank 2, or rank 4 with scales [1, 1, ., .])`);
}

function checkScales(node: HostOpNode, scales: readonly number[], min: number): void {
  for (const v of scales)
    if (!(v >= min && (min > 0 || v > 0) && Number.isFinite(v)))
      unsupported(node, `scales [${scales}] (each must be ${min > 0 ? `>= ${min}` : '> 0'})`);
}

export const Resize: HostOpFactory = (node, inputs, outputs, opset) =>
  plan(node, resizeSpec(node, inputs, outputs, opset));

export const Upsample: HostOpFactory = (node, inputs, outputs, opset) =>
  plan(node, upsampleSpec(node, inputs, outputs, opset));

/**
 * What a Resize node computes (its attributes and constant inputs read and checked, the output dims checked):
 * UNSUPPORTED_OP naming the node for what the operator does not take. The float SIMD kernel plans from it too.
 */
export function resizeSpec(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
): ResizeSpec {
  if (opset < 10) unsupported(node, `opset ${opset} is not supported`);
  const v10 = opset < 11;
  onlyAttrs(
    node,
    'mode',
    ...(v10
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
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32', 'int32', 'uint8', 'int8');
  const r = x.dims.length;
  if (r === 0) unsupported(node, 'X must have rank >= 1');
  const mode = attrString(node, 'mode', 'nearest');
  if (mode !== 'nearest' && mode !== 'linear' && (mode !== 'cubic' || v10))
    unsupported(node, `mode ${mode} is not supported`);
  const ctm = v10 ? 'asymmetric' : attrString(node, 'coordinate_transformation_mode', 'half_pixel');
  if (!CTMS.includes(ctm)) unsupported(node, `coordinate_transformation_mode ${ctm} is not supported`);
  const nearestMode = v10 ? 'simple' : attrString(node, 'nearest_mode', 'round_prefer_floor');
  if (mode === 'nearest' && nearestMode !== 'simple' && !NEAREST.includes(nearestMode))
    unsupported(node, `nearest_mode ${nearestMode} is not supported`);
  const antialias = attrInt(node, 'antialias', 0) !== 0;
  const excludeOutside = attrInt(node, 'exclude_outside', 0) !== 0;
  if (excludeOutside && mode !== 'cubic' && !(antialias && mode === 'linear'))
    unsupported(node, 'exclude_outside takes mode cubic, or linear with antialias');
  const policy = attrString(node, 'keep_aspect_ratio_policy', 'stretch');
  if (!['stretch', 'not_larger', 'not_smaller'].includes(policy))
    unsupported(node, `keep_aspect_ratio_policy ${policy} is not supported`);
  const axesAttr = attrInts(node, 'axes');
  if (opset < 18 && (antialias || policy !== 'stretch' || axesAttr))
    unsupported(node, 'antialias, keep_aspect_ratio_policy and axes are attributes of opset 18');
  if (axesAttr && axesAttr.some((a) => !Number.isInteger(a) || a < 0 || a >= r))
    unsupported(node, `axes [${axesAttr}] must be in [0, ${r}) (negative axes are not supported)`);
  if (axesAttr && new Set(axesAttr).size !== axesAttr.length) unsupported(node, `axes [${axesAttr}] repeat`);
  const axes = axesAttr ?? x.dims.map((_, i) => i);

  const constOf = (k: number): HostValueInfo['constant'] => {
    const v = inputs[k];
    if (!v) return undefined;
    if (!v.constant) return unsupported(node, `input ${k} must be a constant`);
    return numel(v.dims) > 0 ? v.constant : undefined;
  };
  const scalesT = constOf(v10 ? 1 : 2);
  const sizesT = v10 ? undefined : constOf(3);
  if (!!scalesT === !!sizesT) unsupported(node, 'exactly one of scales and sizes must be given');
  let scales = x.dims.map(() => 1);
  let outDims: number[];
  if (scalesT) {
    if (scalesT.type !== 'float32') unsupported(node, `scales must be float32, is ${scalesT.type}`);
    const given = Array.from(scalesT.data as Float32Array);
    if (given.length !== axes.length) unsupported(node, `${given.length} scales for ${axes.length} axes`);
    axes.forEach((a, i) => (scales[a] = given[i]));
    checkScales(node, scales, 0);
    outDims = x.dims.map((d, i) => Math.floor(f32(scales[i] * d)));
  } else {
    if (sizesT!.type !== 'int64') unsupported(node, `sizes must be int64, is ${sizesT!.type}`);
    const given = Array.from(sizesT!.data as BigInt64Array, Number);
    if (given.length !== axes.length) unsupported(node, `${given.length} sizes for ${axes.length} axes`);
    outDims = [...x.dims];
    axes.forEach((a, i) => (outDims[a] = given[i]));
    if (outDims.some((o, i) => o < 0 || (x.dims[i] === 0 && o !== 0))) unsupported(node, `sizes [${given}]`);
    scales = outDims.map((o, i) => (x.dims[i] === 0 ? 1 : f32(o / x.dims[i])));
    if (policy !== 'stretch') {
      const on = axes.map((a) => scales[a]);
      const k = policy === 'not_larger' ? Math.min(...on) : Math.max(...on);
      scales = scales.map((v, i) => (axes.includes(i) ? k : 1));
      outDims = x.dims.map((d, i) => (axes.includes(i) ? roundAway(f32(k * d)) : d));
    }
    checkScales(node, scales, 0);
  }
  expectDims(node, outputs[0], outDims);
  expectOutType(node, outputs[0], x.type);
  let roi = [...x.dims.map(() => 0), ...x.dims.map(() => 1)];
  if (ctm === 'tf_crop_and_resize') {
    const t = constOf(1);
    if (!t) return unsupported(node, 'roi is required with tf_crop_and_resize');
    if (t.type !== 'float32') unsupported(node, `roi must be float32, is ${t.type}`);
    const given = Array.from(t.data as Float32Array);
    if (given.length !== 2 * axes.length) unsupported(node, `roi has ${given.length} values for ${axes.length} axes`);
    axes.forEach((a, i) => {
      roi[a] = given[i];
      roi[r + a] = given[axes.length + i];
    });
  } else roi = roi.map(f32);
  return {
    type: x.type,
    dims: x.dims,
    outDims,
    scales,
    roi,
    mode,
    ctm,
    nearestMode,
    cubicA: f32(attrFloat(node, 'cubic_coeff_a', -0.75)),
    excludeOutside,
    antialias,
    extrapolation: f32(attrFloat(node, 'extrapolation_value', 0)),
  };
}

/** What an Upsample node (opsets 7 to 9) computes, as resizeSpec. */
export function upsampleSpec(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
): ResizeSpec {
  if (opset < 7 || opset > 9) unsupported(node, `Upsample of opset ${opset} (7 to 9 are supported)`);
  onlyAttrs(node, 'mode', ...(opset < 9 ? ['scales'] : []));
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32', 'int32', 'uint8', 'int8');
  if (x.dims.length === 0) unsupported(node, 'X must have rank >= 1');
  const mode = attrString(node, 'mode', 'nearest');
  if (mode !== 'nearest' && mode !== 'linear') unsupported(node, `mode ${mode} is not supported`);
  let scales: number[];
  if (opset < 9) scales = attrFloats(node) ?? unsupported(node, 'attribute scales is required');
  else {
    const v = need(node, inputs, 1, 'scales');
    if (!v.constant) unsupported(node, 'input 1 (scales) must be a constant');
    if (v.type !== 'float32') unsupported(node, `scales must be float32, is ${v.type}`);
    scales = Array.from(v.constant.data as Float32Array);
  }
  if (scales.length !== x.dims.length) unsupported(node, `${scales.length} scales for rank ${x.dims.length}`);
  checkScales(node, scales, 1);
  const outDims = x.dims.map((d, i) => Math.floor(f32(scales[i] * d)));
  expectDims(node, outputs[0], outDims);
  expectOutType(node, outputs[0], x.type);
  return {
    type: x.type,
    dims: x.dims,
    outDims,
    scales,
    roi: [...x.dims.map(() => 0), ...x.dims.map(() => 1)],
    mode,
    ctm: 'asymmetric',
    nearestMode: 'simple',
    cubicA: -0.75,
    excludeOutside: false,
    antialias: false,
    extrapolation: 0,
  };
}

function attrFloats(node: HostOpNode): number[] | undefined {
  const a = node.attributes.get('scales');
  if (a === undefined) return undefined;
  if (a.kind !== 'floats') unsupported(node, `attribute scales must be floats, is ${a.kind}`);
  return a.value.map(f32);
}
