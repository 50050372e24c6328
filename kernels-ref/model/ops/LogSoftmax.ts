/**
 * LogSoftmax (float32): opset < 13 flattens X to 2-D at `axis` (default 1) and normalizes each row; opset 13+
 * normalizes along `axis` (default -1). Per group, from ONNX's definition in double: m = max (from -inf, so a group
 * of -inf only gives NaN, as onnxruntime's does), y = f((x - m) - log(sum exp(x - m))). Within a few float32 ulps of
 * onnxruntime, not bit-exact (its exponential is MLAS's polynomial summed in four lanes, its log musl's logf).
 */
import { attrInt, expectType, f32, makeTensor, need, normAxis, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const LogSoftmax: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'LogSoftmax', 'axis');
  const x = need(inputs, 0, 'input');
  expectType(x, 'LogSoftmax input', 'float32');
  const r = x.dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', opset < 13 ? 1 : -1), Math.max(r, 1), 'LogSoftmax: axis');
  const outer = numel(x.dims.slice(0, axis));
  const len = opset < 13 ? numel(x.dims.slice(axis)) : (x.dims[axis] ?? 1);
  const inner = opset < 13 ? 1 : numel(x.dims.slice(axis + 1));
  const y = makeTensor('float32', x.dims);
  const xd = x.data as Float32Array;
  for (let o = 0; o < outer; o++)
    for (let j = 0; j < inner; j++) {
      const at = (k: number) => (o * len + k) * inner + j;
      let m = -Infinity;
      for (let k = 0; k < len; k++) m = Math.max(m, xd[at(k)]);
      let s = 0;
      for (let k = 0; k < len; k++) s += Math.exp(xd[at(k)] - m);
      const lg = Math.log(s);
      for (let k = 0; k < len; k++) y.data[at(k)] = f32(xd[at(k)] - m - lg);
    }
  return [y];
};
