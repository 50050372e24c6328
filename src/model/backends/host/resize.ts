/**
 * Resize (opset 10, 11+) on float32, uint8 and int8, modes nearest and linear, bit for bit as the reference executor
 * defines it (kernels-ref/model/ops/Resize.ts, onnxruntime's arithmetic; docs/int8-ops.md, MaxPool and Resize on
 * 8-bit data). The scales or sizes (and roi for tf_crop_and_resize) must be constants: every index and weight is
 * computed at load time.
 * - Output dim i = sizes[i], or floor(f(scales[i] * D_i)); with sizes the scale is f(sizes[i] / D_i).
 * - The output coordinate o maps to the input coordinate (f32 steps): half_pixel (o + 0.5) / s - 0.5;
 *   pytorch_half_pixel the same when the output length is > 1, else 0; align_corners o * (D - 1) / (O - 1) (0 when
 *   O = 1); asymmetric o / s; tf_half_pixel_for_nn (o + 0.5) / s; tf_crop_and_resize start * (D - 1) +
 *   o * (end - start) * (D - 1) / (O - 1), where a coordinate outside [0, D - 1] gives extrapolation_value.
 * - nearest: round_prefer_floor, round_prefer_ceil, floor, ceil (opset 10: ceil on a downsampled axis, trunc
 *   otherwise), clamped to [0, D - 1]; an axis of scale 1 and unchanged length is copied as is.
 * - linear: the last two axes (scale 1 elsewhere): per axis c clamped to [0, D - 1], i1 = trunc(c),
 *   i2 = min(i1 + 1, D - 1), d1 = |c - i1|, d2 = |c - i2| (both 0.5 when i1 = i2); y = the f32 sum, left to right, of
 *   f(f(dx2 * dy2) * X11), f(f(dx1 * dy2) * X21), f(f(dx2 * dy1) * X12), f(f(dx1 * dy1) * X22); 8-bit outputs
 *   truncate toward zero.
 * Refused: cubic, antialias, axes, keep_aspect_ratio_policy other than stretch, exclude_outside.
 */
import type { HostOpFactory } from '../types.js';
import {
  attrFloat,
  attrInt,
  attrString,
  expectDims,
  expectOutType,
  expectType,
  need,
  numel,
  onlyAttrs,
  unsupported,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

export const Resize: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(
    node,
    'coordinate_transformation_mode',
    'cubic_coeff_a',
    'exclude_outside',
    'extrapolation_value',
    'mode',
    'nearest_mode',
    'antialias',
    'keep_aspect_ratio_policy',
  );
  if (opset < 10) unsupported(node, `opset ${opset} is not supported`);
  const v10 = opset < 11;
  if (v10) onlyAttrs(node, 'mode');
  if (attrInt(node, 'antialias', 0) !== 0) unsupported(node, 'antialias is not supported');
  if (attrString(node, 'keep_aspect_ratio_policy', 'stretch') !== 'stretch')
    unsupported(node, 'keep_aspect_ratio_policy is not supported');
  if (attrInt(node, 'exclude_outside', 0) !== 0) unsupported(node, 'exclude_outside is not supported');
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32', 'uint8', 'int8');
  const mode = attrString(node, 'mode', 'nearest');
  if (mode !== 'nearest' && mode !== 'linear') unsupported(node, `mode ${mode} is not supported`);
  const ctm = v10 ? 'asymmetric' : attrString(node, 'coordinate_transformation_mode', 'half_pixel');
  if (
    ![
      'half_pixel',
      'pytorch_half_pixel',
      'align_corners',
      'asymmetric',
      'tf_half_pixel_for_nn',
      'tf_crop_and_resize',
    ].includes(ctm)
  )
    unsupported(node, `coordinate_transformation_mode ${ctm} is not supported`);
  const nearestMode = v10 ? 'simple' : attrString(node, 'nearest_mode', 'round_prefer_floor');
  if (
    mode === 'nearest' &&
    !['simple', 'round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'].includes(nearestMode)
  )
    unsupported(node, `nearest_mode ${nearestMode} is not supported`);
  const extrapolation = f32(attrFloat(node, 'extrapolation_value', 0));
  const r = x.dims.length;
  // Constant scales / sizes / roi.
  const constOf = (k: number) => {
    const v = inputs[k];
    if (!v) return undefined;
    if (!v.constant) return unsupported(node, `input ${k} must be a constant`);
    return numel(v.dims) > 0 ? v.constant : undefined;
  };
  const scalesT = constOf(v10 ? 1 : 2);
  const sizesT = v10 ? undefined : constOf(3);
  if (!!scalesT === !!sizesT) unsupported(node, 'exactly one of scales and sizes must be given');
  let scales: number[], outDims: number[];
  if (scalesT) {
    if (scalesT.type !== 'float32') unsupported(node, `scales must be float32, is ${scalesT.type}`);
    scales = Array.from(scalesT.data as Float32Array);
    if (scales.length !== r) unsupported(node, `${scales.length} scales for rank ${r}`);
    outDims = x.dims.map((d, i) => Math.floor(f32(scales[i] * d)));
  } else {
    if (sizesT!.type !== 'int64') unsupported(node, `sizes must be int64, is ${sizesT!.type}`);
    outDims = Array.from(sizesT!.data as BigInt64Array, Number);
    if (outDims.length !== r) unsupported(node, `${outDims.length} sizes for rank ${r}`);
    scales = outDims.map((o, i) => f32(o / x.dims[i]));
  }
  expectDims(node, outputs[0], outDims);
  expectOutType(node, outputs[0], x.type);
  let roi: number[] = [];
  if (ctm === 'tf_crop_and_resize') {
    const t = constOf(1);
    if (!t) return unsupported(node, 'roi is required with tf_crop_and_resize');
    roi = Array.from(t.data as ArrayLike<number>, (v) => f32(Number(v)));
    if (roi.length !== 2 * r) unsupported(node, `roi has ${roi.length} values for rank ${r}`);
  }
  const coord = (o: number, i: number): number => {
    const s = scales[i],
      d = x.dims[i],
      len = outDims[i];
    switch (ctm) {
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
      default: {
        const st = roi[i],
          en = roi[r + i];
        return len > 1
          ? f32(f32(st * (d - 1)) + f32(f32(f32(o * f32(en - st)) * (d - 1)) / (len - 1)))
          : f32(f32(f32(0.5 * f32(st + en))) * (d - 1));
      }
    }
  };
  const outside = (c: number, i: number) => ctm === 'tf_crop_and_resize' && (c < 0 || c > x.dims[i] - 1);
  const isInt = x.type !== 'float32';
  const fill = isInt ? Math.trunc(extrapolation) : extrapolation;
  const total = numel(outDims);

  if (mode === 'nearest') {
    const pick = (c: number, i: number): number => {
      switch (nearestMode) {
        case 'simple':
          return scales[i] < 1 ? Math.ceil(c) : Math.trunc(c);
        case 'round_prefer_floor':
          return c === Math.floor(c) + 0.5 ? Math.floor(c) : Math.round(c);
        case 'round_prefer_ceil':
          return c === Math.floor(c) + 0.5 ? Math.ceil(c) : Math.round(c);
        case 'floor':
          return Math.floor(c);
        default:
          return Math.ceil(c);
      }
    };
    // Per axis, per output index: the input index times the input stride, or -1 (extrapolated).
    const inStrides = x.dims.map((_, i) => numel(x.dims.slice(i + 1)));
    const maps = outDims.map((len, i) => {
      const m = new Float64Array(len);
      for (let o = 0; o < len; o++) {
        let q: number;
        if (scales[i] === 1 && len === x.dims[i] && ctm !== 'tf_crop_and_resize') q = o;
        else {
          const c = coord(o, i);
          q = outside(c, i) ? -1 : Math.min(Math.max(pick(c, i), 0), x.dims[i] - 1);
        }
        m[o] = q < 0 ? -1 : q * inStrides[i];
      }
      return m;
    });
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
      if (total === 0) return;
      const idx = new Int32Array(r);
      const last = r - 1;
      const lastMap = maps[last];
      const lastLen = outDims[last];
      for (let p = 0; p < total; ) {
        let base = 0,
          out = false;
        for (let i = 0; i < last; i++) {
          const q = maps[i][idx[i]];
          if (q < 0) out = true;
          base += q;
        }
        for (let o = 0; o < lastLen; o++, p++) {
          const q = lastMap[o];
          Y[p] = out || q < 0 ? fill : X[base + q];
        }
        for (let i = last - 1; i >= 0; i--) {
          if (++idx[i] < outDims[i]) break;
          idx[i] = 0;
        }
      }
    };
  }

  if (r < 2 || x.dims.slice(0, -2).some((d, i) => outDims[i] !== d || scales[i] !== 1))
    unsupported(node, 'linear mode is supported on the last two axes only');
  const axis = (i: number) => {
    const len = outDims[i],
      d = x.dims[i];
    const i1 = new Int32Array(len),
      i2 = new Int32Array(len),
      d1 = new Float32Array(len),
      d2 = new Float32Array(len),
      ext = new Uint8Array(len);
    for (let o = 0; o < len; o++) {
      const orig = coord(o, i);
      const c = Math.max(0, Math.min(orig, d - 1));
      const a = Math.min(Math.trunc(c), d - 1);
      const b = Math.min(a + 1, d - 1);
      i1[o] = a;
      i2[o] = b;
      d1[o] = a === b ? 0.5 : f32(Math.abs(f32(c - a)));
      d2[o] = a === b ? 0.5 : f32(Math.abs(f32(c - b)));
      ext[o] = outside(orig, i) ? 1 : 0;
    }
    return { i1, i2, d1, d2, ext };
  };
  const py = axis(r - 2),
    px = axis(r - 1);
  const [h, w] = x.dims.slice(-2);
  const [oh, ow] = outDims.slice(-2);
  const planes = numel(outDims.slice(0, -2));
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let p = 0; p < planes; p++) {
      const x0 = p * h * w;
      for (let oy = 0; oy < oh; oy++) {
        const r1 = x0 + py.i1[oy] * w,
          r2 = x0 + py.i2[oy] * w,
          dy1 = py.d1[oy],
          dy2 = py.d2[oy];
        const yo = (p * oh + oy) * ow;
        for (let ox = 0; ox < ow; ox++) {
          let v: number;
          if (py.ext[oy] || px.ext[ox]) v = extrapolation;
          else {
            const c1 = px.i1[ox],
              c2 = px.i2[ox],
              dx1 = px.d1[ox],
              dx2 = px.d2[ox];
            v = f32(f32(dx2 * dy2) * X[r1 + c1]);
            v = f32(v + f32(f32(dx1 * dy2) * X[r1 + c2]));
            v = f32(v + f32(f32(dx2 * dy1) * X[r2 + c1]));
            v = f32(v + f32(f32(dx1 * dy1) * X[r2 + c2]));
          }
          Y[yo + ox] = isInt ? Math.trunc(v) : v;
        }
      }
    }
  };
};
