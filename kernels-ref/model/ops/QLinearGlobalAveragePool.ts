/**
 * com.microsoft QLinearGlobalAveragePool (MLAS's pure C++ path; docs/int8-ops.md, QLinearGlobalAveragePool and
 * QLinearAveragePool): X [N, C, D1..Dk] (or [N, D1..Dk, C] with channels_last = 1) -> [N, C, 1..1] (or [N, 1..1, C]).
 * With S the image size: scale = f(x_scale / f(y_scale * S)); acc = sum(x) - x_zp * S (int32); y = clamp(RNE(f(acc *
 * scale)) + y_zp). Refuses S >= 2^24, scale < 2^-32 and scale >= 256, as MLAS does.
 */
import { scaleIn, zpIn } from '../qlinear.js';
import {
  attrInt,
  expectType,
  f32,
  makeTensor,
  need,
  numel,
  onlyAttrs,
  qRange,
  roundHalfEven,
  type OpFn,
} from '../tensor.js';

export const QLinearGlobalAveragePool: OpFn = (inputs, attrs) => {
  const op = 'QLinearGlobalAveragePool';
  onlyAttrs(attrs, op, 'channels_last');
  const x = need(inputs, 0, 'X');
  expectType(x, `${op} X`, 'uint8', 'int8');
  if (x.dims.length < 3) throw new Error(`${op}: X must have rank 3 or more, has dims [${x.dims}]`);
  const xS = scaleIn(inputs, 1, 'x_scale', op);
  const xZ = zpIn(inputs, 2, x.type, 'x_zero_point', op);
  const yS = scaleIn(inputs, 3, 'y_scale', op);
  const yZ = zpIn(inputs, 4, x.type, 'y_zero_point', op);
  const last = attrInt(attrs, 'channels_last', 0) === 1;
  const [lo, hi] = qRange(x.type);
  const n = x.dims[0];
  const c = last ? x.dims[x.dims.length - 1] : x.dims[1];
  const size = last ? numel(x.dims.slice(1, -1)) : numel(x.dims.slice(2));
  if (size >= 2 ** 24) throw new Error(`${op}: image size ${size} is 2^24 or more`);
  const scale = f32(xS / f32(yS * size));
  if (!(scale >= 2 ** -32 && scale < 256)) throw new Error(`${op}: scale ${scale} is outside [2^-32, 256)`);
  const dims = last ? [n, ...x.dims.slice(1, -1).map(() => 1), c] : [n, c, ...x.dims.slice(2).map(() => 1)];
  const y = makeTensor(x.type, dims);
  const xd = x.data as ArrayLike<number>;
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++) {
      let acc = -xZ * size;
      for (let p = 0; p < size; p++) acc += xd[last ? (b * size + p) * c + ch : (b * c + ch) * size + p];
      const v = roundHalfEven(f32(f32(acc | 0) * scale)) + yZ;
      y.data[b * c + ch] = Math.min(Math.max(v, lo), hi);
    }
  return [y];
};
