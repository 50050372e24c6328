/** Relu: C++ std::max(x, 0) = (x < 0 ? 0 : x), as Eigen's cwiseMax: NaN and -0 pass unchanged. float32, int8, int32. */
import { expectType, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Relu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Relu');
  const x = need(inputs, 0, 'X');
  expectType(x, 'Relu X', 'float32', 'double', 'int8', 'int32');
  const y = makeTensor(x.type, x.dims);
  const xd = x.data as ArrayLike<number>;
  for (let i = 0; i < xd.length; i++) y.data[i] = xd[i] < 0 ? 0 : xd[i];
  return [y];
};
