/**
 * Squeeze / Unsqueeze: axes from the attribute (opset < 13) or the optional int64 input 1 (13+). Squeeze drops the
 * listed dims (each must be 1), or every dim of 1 when axes are absent; Unsqueeze inserts dims of 1 at the listed
 * positions of the output (rank + len(axes); required). Negative axes count from the end. Data is copied unchanged.
 */
import {
  attrInts,
  expectType,
  makeTensor,
  need,
  normAxis,
  numbers,
  onlyAttrs,
  type Inputs,
  type Attributes,
} from '../tensor.js';
import type { OpFn } from '../tensor.js';

function axesOf(inputs: Inputs, attrs: Attributes, opset: number, op: string): number[] | undefined {
  if (opset < 13) {
    onlyAttrs(attrs, op, 'axes');
    return attrInts(attrs, 'axes');
  }
  onlyAttrs(attrs, op);
  const t = inputs[1];
  if (!t) return undefined;
  expectType(t, `${op} axes`, 'int64');
  return numbers(t);
}

export const Squeeze: OpFn = (inputs, attrs, opset) => {
  const x = need(inputs, 0, 'data');
  const r = x.dims.length;
  const given = axesOf(inputs, attrs, opset, 'Squeeze');
  const axes = given
    ? given.map((a) => normAxis(a, r, 'Squeeze: axis'))
    : x.dims.flatMap((d, i) => (d === 1 ? [i] : []));
  if (new Set(axes).size !== axes.length) throw new Error('Squeeze: repeated axes');
  for (const a of axes) if (x.dims[a] !== 1) throw new Error(`Squeeze: dim ${a} is ${x.dims[a]}, not 1`);
  return [
    makeTensor(
      x.type,
      x.dims.filter((_, i) => !axes.includes(i)),
      x.data.slice(),
    ),
  ];
};

export const Unsqueeze: OpFn = (inputs, attrs, opset) => {
  const x = need(inputs, 0, 'data');
  const given = axesOf(inputs, attrs, opset, 'Unsqueeze');
  if (!given) throw new Error('Unsqueeze: axes are required');
  const r = x.dims.length + given.length;
  const axes = given.map((a) => normAxis(a, r, 'Unsqueeze: axis'));
  if (new Set(axes).size !== axes.length) throw new Error('Unsqueeze: repeated axes');
  const dims: number[] = [];
  let k = 0;
  for (let i = 0; i < r; i++) dims.push(axes.includes(i) ? 1 : x.dims[k++]);
  return [makeTensor(x.type, dims, x.data.slice())];
};
