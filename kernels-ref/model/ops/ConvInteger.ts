/**
 * ConvInteger: the int32 sum of (x - x_zero_point) * (w - w_zero_point[m]) over the window (wrapping as int32),
 * padding holding x_zero_point (it adds 0). x_zero_point is per tensor; w_zero_point per tensor or per output
 * channel. Both default to 0.
 */
import { convGeometry, forEachOutput } from '../conv-geometry.js';
import { expectType, makeTensor, need, numbers, onlyAttrs, scalarOf, type OpFn } from '../tensor.js';

export const ConvInteger: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'ConvInteger', 'auto_pad', 'dilations', 'group', 'kernel_shape', 'pads', 'strides');
  const x = need(inputs, 0, 'x');
  const w = need(inputs, 1, 'w');
  expectType(x, 'ConvInteger x', 'uint8', 'int8');
  expectType(w, 'ConvInteger w', 'uint8', 'int8');
  const xZp = inputs[2] ? scalarOf(inputs[2], 'ConvInteger x_zero_point') : 0;
  const wZps = inputs[3] ? numbers(inputs[3]) : [0];
  const g = convGeometry(x, w, attrs, 'ConvInteger');
  if (wZps.length !== 1 && wZps.length !== g.m)
    throw new Error(`ConvInteger: w_zero_point has ${wZps.length} values for ${g.m} channels`);
  const y = makeTensor('int32', [g.n, g.m, ...g.outDims]);
  const xd = x.data as ArrayLike<number>;
  const wd = w.data as ArrayLike<number>;
  forEachOutput(g, (yi, m, xIdx, wIdx, count) => {
    const wZp = wZps[wZps.length === 1 ? 0 : m];
    let acc = 0;
    for (let t = 0; t < count; t++) if (xIdx[t] >= 0) acc = (acc + Math.imul(xd[xIdx[t]] - xZp, wd[wIdx[t]] - wZp)) | 0;
    y.data[yi] = acc;
  });
  return [y];
};
