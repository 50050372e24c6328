/**
 * QLinearConv: the exact int32 sum of (x - x_zp) * (w - w_zp) over the window (padding holds x_zp, so it adds 0),
 * then the requantization of requantize.ts with the optional int32 bias B and a per-output-channel scale
 * f32(f32(x_scale * w_scale[m]) / y_scale). w_scale may be per output channel. w_zero_point may be given per
 * output channel, but onnxruntime requires all its values equal (`ComputeOffset`) and so does this reference: a
 * model with unequal values is refused, as onnxruntime refuses it. x and y parameters are per tensor.
 * The output type is y_zero_point's (x's when absent).
 */
import { convGeometry, forEachOutput } from '../conv-geometry.js';
import { outputScale, requantize } from '../requantize.js';
import { expectType, makeTensor, need, numbers, onlyAttrs, qRange, scalarOf, type OpFn } from '../tensor.js';

export const QLinearConv: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'QLinearConv', 'auto_pad', 'dilations', 'group', 'kernel_shape', 'pads', 'strides');
  const x = need(inputs, 0, 'x');
  const xScale = scalarOf(need(inputs, 1, 'x_scale'), 'QLinearConv x_scale');
  const xZp = scalarOf(need(inputs, 2, 'x_zero_point'), 'QLinearConv x_zero_point');
  const w = need(inputs, 3, 'w');
  const wScales = numbers(need(inputs, 4, 'w_scale'));
  const wZps = numbers(need(inputs, 5, 'w_zero_point'));
  const yScale = scalarOf(need(inputs, 6, 'y_scale'), 'QLinearConv y_scale');
  const yZpT = inputs[7];
  const bias = inputs[8];
  expectType(x, 'QLinearConv x', 'uint8', 'int8');
  expectType(w, 'QLinearConv w', 'uint8', 'int8');
  const yType = yZpT ? yZpT.type : x.type;
  const yZp = yZpT ? scalarOf(yZpT, 'QLinearConv y_zero_point') : 0;
  const [lo, hi] = qRange(yType);
  const g = convGeometry(x, w, attrs, 'QLinearConv');
  if (wScales.length !== 1 && wScales.length !== g.m)
    throw new Error(`QLinearConv: w_scale has ${wScales.length} values for ${g.m} channels`);
  if (wZps.length !== 1 && wZps.length !== g.m)
    throw new Error(`QLinearConv: w_zero_point has ${wZps.length} values for ${g.m} channels`);
  if (wZps.some((z) => z !== wZps[0]))
    throw new Error('QLinearConv: per-channel w_zero_point values differ (onnxruntime refuses them)');
  const wZp = wZps[0];
  if (bias) {
    expectType(bias, 'QLinearConv B', 'int32');
    if (bias.data.length !== g.m) throw new Error(`QLinearConv: B has ${bias.data.length} values for ${g.m} channels`);
  }
  const scales = Array.from({ length: g.m }, (_, m) =>
    outputScale(xScale, wScales[wScales.length === 1 ? 0 : m], yScale),
  );
  const y = makeTensor(yType, [g.n, g.m, ...g.outDims]);
  const xd = x.data as ArrayLike<number>;
  const wd = w.data as ArrayLike<number>;
  forEachOutput(g, (yi, m, xIdx, wIdx, count) => {
    let acc = 0;
    for (let t = 0; t < count; t++) if (xIdx[t] >= 0) acc = (acc + Math.imul(xd[xIdx[t]] - xZp, wd[wIdx[t]] - wZp)) | 0;
    y.data[yi] = requantize(acc, bias ? (bias.data as Int32Array)[m] : 0, scales[m], yZp, lo, hi);
  });
  return [y];
};
