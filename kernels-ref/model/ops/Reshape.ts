/**
 * Reshape (opset 5+: the shape is an int64 input): a 0 copies the input's dim at that position (unless
 * allowzero = 1, opset 14+, where 0 is a zero dim), one -1 takes what is left. The data is copied unchanged.
 */
import { attrInt, expectType, makeTensor, need, numbers, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const Reshape: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'Reshape', 'allowzero');
  if (opset < 5) throw new Error(`Reshape: opset ${opset} (shape as an attribute) is not supported`);
  const data = need(inputs, 0, 'data');
  const shapeT = need(inputs, 1, 'shape');
  expectType(shapeT, 'Reshape shape', 'int64');
  const allowZero = attrInt(attrs, 'allowzero', 0) === 1;
  const shape = numbers(shapeT);
  if (allowZero && shape.includes(0) && shape.includes(-1)) throw new Error('Reshape: allowzero with both 0 and -1');
  const dims = shape.map((d, i) => {
    if (d === 0 && !allowZero) {
      if (i >= data.dims.length) throw new Error(`Reshape: 0 at position ${i} past the input's rank`);
      return data.dims[i];
    }
    if (d < -1) throw new Error(`Reshape: bad dim ${d}`);
    return d;
  });
  const inferred = dims.filter((d) => d === -1).length;
  if (inferred > 1) throw new Error('Reshape: more than one -1');
  const total = numel(data.dims);
  if (inferred) {
    const known = numel(dims.filter((d) => d !== -1));
    if (known === 0 || total % known !== 0) throw new Error(`Reshape: [${shape}] does not fit ${total} elements`);
    dims[dims.indexOf(-1)] = total / known;
  }
  if (numel(dims) !== total) throw new Error(`Reshape: [${shape}] does not fit dims [${data.dims}]`);
  return [makeTensor(data.type, dims, data.data.slice())];
};
