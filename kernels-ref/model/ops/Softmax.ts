/**
 * Softmax (float32): opset < 13 flattens X to 2-D at `axis` (default 1) and normalizes each row; opset 13+
 * normalizes along `axis` (default -1). Per group: m = max, e = f(exp(f(x - m))) (exp in double, then rounded),
 * s = the f32 sum of e from 0, y = f(e / s). Within ONNX's float tolerance of onnxruntime, not bit-exact (its exp is
 * MLAS's polynomial).
 */
import { attrInt, expectType, f32, makeTensor, need, normAxis, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const Softmax: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'Softmax', 'axis');
  const x = need(inputs, 0, 'input');
  expectType(x, 'Softmax input', 'float32');
  const r = x.dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', opset < 13 ? 1 : -1), Math.max(r, 1), 'Softmax: axis');
  // Groups: opset < 13 one row of prod(dims[axis:]) per prod(dims[:axis]); 13+ dims[axis] values strided by inner.
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
      for (let k = 0; k < len; k++) {
        const e = f32(Math.exp(f32(xd[at(k)] - m)));
        y.data[at(k)] = e;
        s = f32(s + e);
      }
      for (let k = 0; k < len; k++) y.data[at(k)] = f32((y.data[at(k)] as number) / s);
    }
  return [y];
};
