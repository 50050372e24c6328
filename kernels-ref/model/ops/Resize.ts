/**
 * Resize (opset 11+), modes nearest and linear, as onnxruntime computes them (docs/int8-ops.md, MaxPool and Resize on
 * 8-bit data), on float32, uint8 and int8. Inputs X, roi (only for tf_crop_and_resize), scales or sizes (an empty
 * scales tensor counts as absent). Output dim i = sizes[i], or floor(f(scales[i] * D_i)); with sizes the scale is
 * f(sizes[i] / D_i).
 *
 * The output coordinate x maps to the input coordinate (every step f32, onnxruntime's `get_original_coordinate`):
 * half_pixel (x + 0.5) / s - 0.5; pytorch_half_pixel the same when the output length is > 1, else 0;
 * align_corners x * (D - 1) / (O - 1) (0 when O = 1); asymmetric x / s; tf_half_pixel_for_nn (x + 0.5) / s;
 * tf_crop_and_resize start * (D - 1) + x * (end - start) * (D - 1) / (O - 1) (O = 1: 0.5 * (start + end) * (D - 1)),
 * where a coordinate outside [0, D - 1] gives extrapolation_value.
 * - nearest: round_prefer_floor (halves down), round_prefer_ceil (halves up), floor or ceil, clamped to [0, D - 1];
 *   the input value is copied. An axis of scale 1 is copied as it is (onnxruntime skips it: with
 *   tf_half_pixel_for_nn and round_prefer_ceil the formula would shift it by one; the sweep finds it).
 * - linear: X of rank >= 2 with scale 1 on all but the last two axes. Per axis: c clamped to [0, D - 1], i1 =
 *   trunc(c), i2 = min(i1 + 1, D - 1), d1 = |c - i1|, d2 = |c - i2| (both 0.5 when i1 = i2); the output is
 *   f(f(dx2 * dy2) * X11) + f(f(dx1 * dy2) * X21) + f(f(dx2 * dy1) * X12) + f(f(dx1 * dy1) * X22), summed left to
 *   right in f32, then for uint8 / int8 converted as C++ does (truncation toward zero, no rounding).
 * Opset 10 (inputs X, scales; attribute mode only): asymmetric coordinates, and nearest picks onnxruntime's
 * "simple" index: ceil(c) on a downsampled axis (scale < 1), trunc(c) otherwise.
 * Refused: cubic, antialias, axes, keep_aspect_ratio_policy, half_pixel_symmetric, exclude_outside.
 */
import {
  attrFloat,
  attrInt,
  attrString,
  expectType,
  f32,
  makeTensor,
  need,
  numbers,
  numel,
  onlyAttrs,
  unravel,
  type OpFn,
} from '../tensor.js';

export const Resize: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(
    attrs,
    'Resize',
    'coordinate_transformation_mode',
    'cubic_coeff_a',
    'exclude_outside',
    'extrapolation_value',
    'mode',
    'nearest_mode',
    'antialias',
    'keep_aspect_ratio_policy',
  );
  if (opset < 10) throw new Error(`Resize: opset ${opset} is not supported`);
  const v10 = opset < 11;
  if (v10) onlyAttrs(attrs, 'Resize (opset 10)', 'mode');
  if (attrInt(attrs, 'antialias', 0) !== 0) throw new Error('Resize: antialias is not supported');
  if (attrString(attrs, 'keep_aspect_ratio_policy', 'stretch') !== 'stretch')
    throw new Error('Resize: keep_aspect_ratio_policy is not supported');
  if (attrInt(attrs, 'exclude_outside', 0) !== 0) throw new Error('Resize: exclude_outside is not supported');
  const x = need(inputs, 0, 'X');
  expectType(x, 'Resize X', 'float32', 'uint8', 'int8');
  const mode = attrString(attrs, 'mode', 'nearest');
  if (mode !== 'nearest' && mode !== 'linear') throw new Error(`Resize: mode ${mode} is not supported`);
  const ctm = v10 ? 'asymmetric' : attrString(attrs, 'coordinate_transformation_mode', 'half_pixel');
  const nearestMode = v10 ? 'simple' : attrString(attrs, 'nearest_mode', 'round_prefer_floor');
  const extrapolation = f32(attrFloat(attrs, 'extrapolation_value', 0));
  const r = x.dims.length;
  const scalesIn = v10 ? need(inputs, 1, 'scales') : inputs[2];
  const scalesT = scalesIn && numel(scalesIn.dims) > 0 ? scalesIn : undefined;
  const sizesT = !v10 && inputs[3] && numel(inputs[3].dims) > 0 ? inputs[3] : undefined;
  if (!!scalesT === !!sizesT) throw new Error('Resize: exactly one of scales and sizes must be given');
  let scales: number[], outDims: number[];
  if (scalesT) {
    expectType(scalesT, 'Resize scales', 'float32');
    scales = numbers(scalesT);
    if (scales.length !== r) throw new Error(`Resize: ${scales.length} scales for rank ${r}`);
    outDims = x.dims.map((d, i) => Math.floor(f32(scales[i] * d)));
  } else {
    expectType(sizesT!, 'Resize sizes', 'int64');
    outDims = numbers(sizesT!);
    if (outDims.length !== r) throw new Error(`Resize: ${outDims.length} sizes for rank ${r}`);
    scales = outDims.map((o, i) => f32(o / x.dims[i]));
  }
  let roi = x.dims.flatMap(() => [0]).concat(x.dims.map(() => 1));
  if (ctm === 'tf_crop_and_resize') {
    const t = need(inputs, 1, 'roi');
    roi = numbers(t).map(f32);
    if (roi.length !== 2 * r) throw new Error(`Resize: roi has ${roi.length} values for rank ${r}`);
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
      case 'tf_crop_and_resize': {
        const [st, en] = [roi[i], roi[r + i]];
        return len > 1
          ? f32(f32(st * (d - 1)) + f32(f32(f32(o * f32(en - st)) * (d - 1)) / (len - 1)))
          : f32(f32(f32(0.5 * f32(st + en))) * (d - 1));
      }
      default:
        throw new Error(`Resize: coordinate_transformation_mode ${ctm} is not supported`);
    }
  };
  const outside = (c: number, i: number) => ctm === 'tf_crop_and_resize' && (c < 0 || c > x.dims[i] - 1);
  const y = makeTensor(x.type, outDims);
  const xd = x.data as ArrayLike<number>;
  const toType = (v: number) => (x.type === 'float32' ? v : Math.trunc(v));
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
        case 'ceil':
          return Math.ceil(c);
        default:
          throw new Error(`Resize: nearest_mode ${nearestMode} is not supported`);
      }
    };
    const maps = outDims.map((len, i) =>
      Array.from({ length: len }, (_, o) => {
        if (scales[i] === 1 && len === x.dims[i] && ctm !== 'tf_crop_and_resize') return o;
        const c = coord(o, i);
        return outside(c, i) ? -1 : Math.min(Math.max(pick(c, i), 0), x.dims[i] - 1);
      }),
    );
    for (let k = 0; k < y.data.length; k++) {
      const idx = unravel(k, outDims);
      let src = 0;
      let out = false;
      for (let i = 0; i < r; i++) {
        const q = maps[i][idx[i]];
        if (q < 0) out = true;
        src = src * x.dims[i] + q;
      }
      y.data[k] = out ? toType(extrapolation) : xd[src];
    }
    return [y];
  }
  if (r < 2 || x.dims.slice(0, -2).some((d, i) => outDims[i] !== d || scales[i] !== 1))
    throw new Error('Resize: linear mode is supported on the last two axes only');
  const axisParams = (i: number) =>
    Array.from({ length: outDims[i] }, (_, o) => {
      const orig = coord(o, i);
      const d = x.dims[i];
      const c = Math.max(0, Math.min(orig, d - 1));
      const i1 = Math.min(Math.trunc(c), d - 1);
      const i2 = Math.min(i1 + 1, d - 1);
      return i1 === i2
        ? { orig, i1, i2, d1: 0.5, d2: 0.5 }
        : { orig, i1, i2, d1: f32(Math.abs(f32(c - i1))), d2: f32(Math.abs(f32(c - i2))) };
    });
  const py = axisParams(r - 2),
    px = axisParams(r - 1);
  const [h, w] = x.dims.slice(-2);
  const [oh, ow] = outDims.slice(-2);
  const planes = numel(outDims.slice(0, -2));
  for (let p = 0; p < planes; p++)
    for (let oy = 0; oy < oh; oy++)
      for (let ox = 0; ox < ow; ox++) {
        const Y = py[oy],
          X = px[ox];
        const at = (yy: number, xx: number) => xd[(p * h + yy) * w + xx];
        let v: number;
        if (outside(Y.orig, r - 2) || outside(X.orig, r - 1)) v = extrapolation;
        else {
          v = f32(f32(X.d2 * Y.d2) * at(Y.i1, X.i1));
          v = f32(v + f32(f32(X.d1 * Y.d2) * at(Y.i1, X.i2)));
          v = f32(v + f32(f32(X.d2 * Y.d1) * at(Y.i2, X.i1)));
          v = f32(v + f32(f32(X.d1 * Y.d1) * at(Y.i2, X.i2)));
        }
        y.data[(p * oh + oy) * ow + ox] = toType(v);
      }
  return [y];
};
