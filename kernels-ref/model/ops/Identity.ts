/** Identity: the input tensor, copied. */
import { makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Identity: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Identity');
  const x = need(inputs, 0, 'input');
  return [makeTensor(x.type, x.dims, x.data.slice())];
};
