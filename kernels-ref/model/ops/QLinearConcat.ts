/**
 * com.microsoft QLinearConcat (docs/int8-ops.md, QLinearConcat): inputs Y_scale, Y_zero_point, then (X, X_scale,
 * X_zero_point) per tensor; attribute axis (required). An input whose scale and zero point equal the output's is
 * copied; any other goes through the 256-entry table quantize(f(x_scale * (t - x_zp)), Y_scale, Y_zero_point)
 * (qlinear.ts).
 */
import { buildLut, byteOf, scaleIn, zpIn } from '../qlinear.js';
import { attrInt, makeTensor, need, normAxis, numel, onlyAttrs, qRange, type OpFn, type Tensor } from '../tensor.js';

export const QLinearConcat: OpFn = (inputs, attrs) => {
  const op = 'QLinearConcat';
  onlyAttrs(attrs, op, 'axis');
  if (!attrs.has('axis')) throw new Error(`${op}: attribute axis is required`);
  const yS = scaleIn(inputs, 0, 'Y_scale', op);
  const yZT = need(inputs, 1, 'Y_zero_point');
  const type = yZT.type;
  qRange(type);
  const yZ = zpIn(inputs, 1, type, 'Y_zero_point', op);
  if (inputs.length < 5 || (inputs.length - 2) % 3 !== 0)
    throw new Error(`${op}: expected Y_scale, Y_zero_point and (X, X_scale, X_zero_point) triples`);
  const parts: { x: Tensor; lut: Int32Array | null }[] = [];
  for (let i = 2; i < inputs.length; i += 3) {
    const x = need(inputs, i, 'X');
    if (x.type !== type) throw new Error(`${op}: input ${i} is ${x.type}, Y_zero_point is ${type}`);
    const s = scaleIn(inputs, i + 1, 'X_scale', op);
    const z = zpIn(inputs, i + 2, type, 'X_zero_point', op);
    parts.push({ x, lut: s === yS && z === yZ ? null : buildLut(type, s, z, yS, yZ, (d) => d) });
  }
  const r = parts[0].x.dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', 0), r, `${op}: axis`);
  for (const { x } of parts)
    if (x.dims.length !== r || x.dims.some((d, i) => i !== axis && d !== parts[0].x.dims[i]))
      throw new Error(`${op}: dims [${x.dims}] do not match [${parts[0].x.dims}] off axis ${axis}`);
  const dims = [...parts[0].x.dims];
  dims[axis] = parts.reduce((a, p) => a + p.x.dims[axis], 0);
  const y = makeTensor(type, dims);
  const outer = numel(dims.slice(0, axis));
  const inner = numel(dims.slice(axis + 1));
  let k = 0;
  for (let o = 0; o < outer; o++)
    for (const { x, lut } of parts) {
      const len = x.dims[axis] * inner;
      const xd = x.data as ArrayLike<number>;
      for (let j = 0; j < len; j++) {
        const v = xd[o * len + j];
        y.data[k++] = lut ? lut[byteOf(v)] : v;
      }
    }
  return [y];
};
