/**
 * MaxPool (float32, and uint8 / int8 as onnxruntime runs it after dropping a QDQ pair; docs/int8-ops.md, MaxPool and
 * Resize on 8-bit data): geometry of pool-geometry.ts (with dilations); the max over the window cells inside the
 * input (padding is no candidate). uint8 / int8, and float32 with dilations, the Indices output or storage_order 1
 * (opset 8+): onnxruntime's functor loop, the first cell then `x > max` (the first of equal maxima stays; a NaN first
 * cell stays, a later NaN is skipped). Other float32 nodes: MLAS's global, vector or generic loop (pool-float.ts),
 * which differ from it in NaN, -0 and in a window of -inf beside the padding. The optional second output, Indices
 * (int64), is the flat index of the functor's cell in X ((n * C + c) * D1 + d1) * D2 + d2 ...; with storage_order =
 * 1 (2-D only) the spatial dims count column-major (h + w * H).
 */
import { forEachWindow, kernelTaps, poolGeometry } from '../pool-geometry.js';
import { floatLoop, globalFold, windowFold } from '../pool-float.js';
import { attrInt, expectType, makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const MaxPool: OpFn = (inputs, attrs, opset, outputCount = 1) => {
  onlyAttrs(attrs, 'MaxPool', 'auto_pad', 'ceil_mode', 'dilations', 'kernel_shape', 'pads', 'storage_order', 'strides');
  const x = need(inputs, 0, 'X');
  expectType(x, 'MaxPool X', 'float32', 'uint8', 'int8');
  if (x.dims.length < 3) throw new Error(`MaxPool: X must have rank 3 or more, has dims [${x.dims}]`);
  const [n, c, ...spatial] = x.dims;
  const g = poolGeometry(spatial, attrs, 'MaxPool', true);
  const colMajor = attrInt(attrs, 'storage_order', 0) === 1;
  if (colMajor && spatial.length !== 2) throw new Error('MaxPool: storage_order 1 is supported for 2-D pooling only');
  const taps = kernelTaps(g);
  const inSize = numel(spatial);
  const outSize = numel(g.outDims);
  const y = makeTensor(x.type, [n, c, ...g.outDims]);
  const ind = makeTensor('int64', [n, c, ...g.outDims]);
  const xd = x.data as ArrayLike<number>;
  const loop =
    x.type === 'float32'
      ? floatLoop('MaxPool', opset, g, {
          indices: outputCount > 1,
          storageOrder: attrInt(attrs, 'storage_order', 0),
          ceil: false,
          includePad: false,
        })
      : 'functor';
  if (loop !== 'functor') {
    const flat = (coords: readonly number[]) => coords.reduce((a, q, i) => a * spatial[i] + q, 0);
    for (let p = 0; p < n * c; p++) {
      if (loop === 'global') y.data[p] = globalFold(false, inSize, (i) => xd[p * inSize + i]);
      else
        forEachWindow(g, (o, start) => {
          y.data[p * outSize + o] = windowFold(loop, false, false, g, start, (q) => xd[p * inSize + flat(q)]);
        });
    }
    return [y, ind];
  }
  for (let p = 0; p < n * c; p++)
    forEachWindow(g, (o, start) => {
      let best = -Infinity;
      let at = -1;
      for (const t of taps) {
        let flat = 0;
        let inside = true;
        for (let i = 0; i < t.length; i++) {
          const q = start[i] + t[i];
          if (q < 0 || q >= spatial[i]) inside = false;
          flat = flat * spatial[i] + q;
        }
        if (!inside) continue;
        const v = xd[p * inSize + flat];
        if (at < 0 || v > best) {
          best = v;
          at = flat;
        }
      }
      y.data[p * outSize + o] = best;
      if (colMajor && at >= 0) at = (at % spatial[1]) * spatial[0] + Math.floor(at / spatial[1]);
      ind.data[p * outSize + o] = BigInt(at < 0 ? -1 : p * inSize + at);
    });
  return [y, ind];
};
