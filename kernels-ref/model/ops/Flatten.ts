/** Flatten: [prod(dims[0:axis]), prod(dims[axis:])]; axis in [-rank, rank], default 1. */
import { attrInt, makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const Flatten: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Flatten', 'axis');
  const x = need(inputs, 0, 'input');
  const r = x.dims.length;
  let axis = attrInt(attrs, 'axis', 1);
  if (axis < -r || axis > r) throw new Error(`Flatten: axis ${axis} out of range for rank ${r}`);
  if (axis < 0) axis += r;
  return [makeTensor(x.type, [numel(x.dims.slice(0, axis)), numel(x.dims.slice(axis))], x.data.slice())];
};
