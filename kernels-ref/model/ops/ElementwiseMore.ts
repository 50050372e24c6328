/**
 * More element-wise and row operators, by their definitions, with onnxruntime-web's choices (checked on
 * onnxruntime-web 1.30):
 * - CastLike (15+): Cast (./Cast.ts) to input 1's element type.
 * - IsNaN, IsInf (detect_positive, detect_negative): bool.
 * - Shrink (lambd 0.5, bias 0): in float32, x < -lambd ? x + bias : x > lambd ? x - bias : 0, then Cast to x's type
 *   (an integer x converted to float32 first).
 * - Hardmax: rows along axis (opset 13+, default -1) or of the input flattened to 2-D at axis (below 13, default 1);
 *   the row's maximum as std::max keeps it left to right, 1 at the first element equal to it (none for a NaN maximum).
 * - MeanVarianceNormalization (axes default [0, 2, 3], out of range dropped): per group, mean = sum / n, d = x - mean,
 *   y = d / sqrt(sum(d^2) / n), each sum in float32, left to right in row-major order of the reduced axes.
 */
import {
  attrFloat,
  attrInt,
  attrInts,
  f32,
  makeTensor,
  need,
  normAxis,
  numel,
  onlyAttrs,
  unravel,
  type ElementType,
  type OpFn,
} from '../tensor.js';
import { Cast, int64ToFloat32 } from './Cast.js';

const CODE: Record<ElementType, number> = {
  float32: 1,
  uint8: 2,
  int8: 3,
  int32: 6,
  int64: 7,
  bool: 9,
  float16: 10,
  double: 11,
};

export const CastLike: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'CastLike', 'saturate');
  const like = need(inputs, 1, 'target_type');
  return Cast([inputs[0]], new Map([['to', { kind: 'int', value: CODE[like.type] }]]), opset);
};

export const IsNaN: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'IsNaN');
  const x = need(inputs, 0, 'X');
  return [
    makeTensor(
      'bool',
      x.dims,
      Uint8Array.from(x.data as Float32Array, (v) => Number(Number.isNaN(v))),
    ),
  ];
};

export const IsInf: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'IsInf', 'detect_positive', 'detect_negative');
  const x = need(inputs, 0, 'X');
  const pos = attrInt(attrs, 'detect_positive', 1) !== 0,
    neg = attrInt(attrs, 'detect_negative', 1) !== 0;
  const f = (v: number) => Number((pos && v === Infinity) || (neg && v === -Infinity));
  return [makeTensor('bool', x.dims, Uint8Array.from(x.data as Float32Array, f))];
};

export const Shrink: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'Shrink', 'lambd', 'bias');
  const x = need(inputs, 0, 'input');
  if (!['float32', 'int32', 'int64', 'uint8', 'int8'].includes(x.type)) throw new Error(`Shrink: type ${x.type}`);
  const lambd = f32(attrFloat(attrs, 'lambd', 0.5)),
    bias = f32(attrFloat(attrs, 'bias', 0));
  const fl = makeTensor('float32', x.dims);
  for (let i = 0; i < x.data.length; i++) {
    const v = x.type === 'int64' ? int64ToFloat32(x.data[i] as bigint) : f32(x.data[i] as number);
    fl.data[i] = v < -lambd ? f32(v + bias) : v > lambd ? f32(v - bias) : 0;
  }
  if (x.type === 'float32') return [fl];
  return Cast([fl], new Map([['to', { kind: 'int', value: CODE[x.type] }]]), opset);
};

export const Hardmax: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'Hardmax', 'axis');
  const x = need(inputs, 0, 'input');
  const r = x.dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', opset < 13 ? 1 : -1), r, 'Hardmax: axis');
  // as [outer, d, inner]
  const d = opset < 13 ? numel(x.dims.slice(axis)) : x.dims[axis];
  const inner = opset < 13 ? 1 : numel(x.dims.slice(axis + 1));
  const outer = numel(x.dims.slice(0, axis));
  const y = makeTensor('float32', x.dims);
  for (let o = 0; o < outer; o++)
    for (let i = 0; i < inner; i++) {
      const row = Array.from({ length: d }, (_, j) => (o * d + j) * inner + i);
      if (row.length === 0) continue;
      const m = row.reduce(
        (acc, p) => (acc < (x.data[p] as number) ? (x.data[p] as number) : acc),
        x.data[row[0]] as number,
      );
      const first = row.find((p) => x.data[p] === m);
      if (first !== undefined) y.data[first] = 1;
    }
  return [y];
};

export const MeanVarianceNormalization: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'MeanVarianceNormalization', 'axes');
  const x = need(inputs, 0, 'X');
  const r = x.dims.length;
  const axes = [
    ...new Set(
      (attrInts(attrs, 'axes') ?? [0, 2, 3]).filter((a) => a >= -r && a < r).map((a) => normAxis(a, r, 'axis')),
    ),
  ].sort((a, b) => a - b);
  const y = makeTensor('float32', x.dims);
  // group key: the coordinates of the unreduced axes; members in row-major order
  const groups = new Map<string, number[]>();
  for (let p = 0; p < x.data.length; p++) {
    const key = unravel(p, x.dims)
      .filter((_, i) => !axes.includes(i))
      .join();
    const g = groups.get(key) ?? [];
    if (g.length === 0) groups.set(key, g);
    g.push(p);
  }
  for (const g of groups.values()) {
    const n = f32(g.length);
    let s = 0;
    for (const p of g) s = f32(s + (x.data[p] as number));
    const mean = f32(s / n);
    let q = 0;
    for (const p of g) {
      const dv = f32((x.data[p] as number) - mean);
      q = f32(q + f32(dv * dv));
    }
    const sd = f32(Math.sqrt(f32(q / n)));
    for (const p of g) y.data[p] = f32(f32((x.data[p] as number) - mean) / sd);
  }
  return [y];
};
