/**
 * Where (opset 9+): condition ? X : Y element by element, the three inputs numpy broadcast together. The condition
 * is bool (a non-zero byte is true); X and Y share a type, one of those onnxruntime's CPU kernel registers and the IR
 * carries: float32, uint8, int32, int64 (not int8, not bool).
 */
import {
  broadcastDims,
  broadcastIndex,
  expectType,
  makeTensor,
  need,
  onlyAttrs,
  unravel,
  type OpFn,
} from '../tensor.js';

export const Where: OpFn = (inputs, attrs, opset) => {
  if (opset < 9) throw new Error('Where: opset < 9 has no Where');
  onlyAttrs(attrs, 'Where');
  const c = need(inputs, 0, 'condition');
  const x = need(inputs, 1, 'X');
  const y = need(inputs, 2, 'Y');
  expectType(c, 'Where condition', 'bool');
  expectType(x, 'Where X', 'float32', 'uint8', 'int32', 'int64');
  if (y.type !== x.type) throw new Error(`Where: X and Y types differ (${x.type}, ${y.type})`);
  const dims = broadcastDims(broadcastDims(c.dims, x.dims), y.dims);
  const out = makeTensor(x.type, dims);
  for (let i = 0; i < out.data.length; i++) {
    const idx = unravel(i, dims);
    out.data[i] = c.data[broadcastIndex(idx, dims, c.dims)]
      ? x.data[broadcastIndex(idx, dims, x.dims)]
      : y.data[broadcastIndex(idx, dims, y.dims)];
  }
  return [out];
};
