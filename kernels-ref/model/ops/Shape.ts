/**
 * Shape: the input's dims as a 1-D int64 tensor; opset 15+ `start` / `end` (negative counts from the end, both
 * clamped to [0, rank], an empty result when end <= start).
 */
import { attrInt, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Shape: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'Shape', ...(opset >= 15 ? ['start', 'end'] : []));
  const x = need(inputs, 0, 'data');
  const r = x.dims.length;
  const clamp = (v: number) => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
  const start = clamp(attrInt(attrs, 'start', 0));
  const end = clamp(attrInt(attrs, 'end', r));
  const dims = x.dims.slice(start, Math.max(start, end));
  return [
    makeTensor(
      'int64',
      [dims.length],
      BigInt64Array.from(dims, (d) => BigInt(d)),
    ),
  ];
};
