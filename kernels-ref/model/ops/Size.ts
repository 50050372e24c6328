/** Size: the input's element count as an int64 scalar. */
import { makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const Size: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Size');
  const x = need(inputs, 0, 'data');
  return [makeTensor('int64', [], BigInt64Array.of(BigInt(numel(x.dims))))];
};
