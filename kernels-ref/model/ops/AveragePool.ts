/**
 * AveragePool (float32): geometry of pool-geometry.ts (dilations allowed); each output as onnxruntime-web computes it,
 * by the loop onnxruntime picks for the node (pool-float.ts: the functor loop from opset 19, with dilations or with
 * ceil_mode and count_include_pad; else MLAS's global, vector or generic loop), which fixes the order of the f32
 * sum and the divisor: the cells inside the padded input (functor) or the kernel's size (MLAS) with
 * count_include_pad = 1, else the cells inside the input.
 */
import { forEachWindow, poolGeometry } from '../pool-geometry.js';
import { floatLoop, globalFold, windowFold } from '../pool-float.js';
import { attrInt, expectType, makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const AveragePool: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(
    attrs,
    'AveragePool',
    'auto_pad',
    'ceil_mode',
    'count_include_pad',
    'dilations',
    'kernel_shape',
    'pads',
    'strides',
  );
  const x = need(inputs, 0, 'X');
  expectType(x, 'AveragePool X', 'float32');
  if (x.dims.length < 3) throw new Error(`AveragePool: X must have rank 3 or more, has dims [${x.dims}]`);
  const [n, c, ...spatial] = x.dims;
  const g = poolGeometry(spatial, attrs, 'AveragePool', true);
  const includePad = attrInt(attrs, 'count_include_pad', 0) === 1;
  const ceil = attrInt(attrs, 'ceil_mode', 0) === 1;
  const loop = floatLoop('AveragePool', opset, g, { indices: false, storageOrder: 0, ceil, includePad });
  const inSize = numel(spatial);
  const outSize = numel(g.outDims);
  const y = makeTensor('float32', [n, c, ...g.outDims]);
  const xd = x.data as Float32Array;
  const flat = (coords: readonly number[]) => coords.reduce((a, q, i) => a * spatial[i] + q, 0);
  for (let p = 0; p < n * c; p++) {
    if (loop === 'global') {
      y.data[p] = globalFold(true, inSize, (i) => xd[p * inSize + i]);
      continue;
    }
    forEachWindow(g, (o, start) => {
      y.data[p * outSize + o] = windowFold(loop, true, includePad, g, start, (q) => xd[p * inSize + flat(q)]);
    });
  }
  return [y];
};
