/**
 * AveragePool (float32): geometry of pool-geometry.ts (dilations from opset 19); the f32 sum, from 0 in window
 * order (last axis fastest), of the window cells inside the input, then f(sum / count), count being the window
 * cells inside the padded input with count_include_pad = 1 (a ceil_mode window reaching past the end padding counts
 * less than the kernel: onnxruntime's float AveragePool does so, unlike its QLinearAveragePool, which counts the
 * whole kernel; test/ref-model-ops.test.ts checks both) or the cells inside the input.
 */
import { forEachWindow, kernelTaps, poolGeometry } from '../pool-geometry.js';
import { attrInt, expectType, f32, makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

export const AveragePool: OpFn = (inputs, attrs) => {
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
  const taps = kernelTaps(g);
  const inSize = numel(spatial);
  const outSize = numel(g.outDims);
  const y = makeTensor('float32', [n, c, ...g.outDims]);
  const xd = x.data as Float32Array;
  for (let p = 0; p < n * c; p++)
    forEachWindow(g, (o, start) => {
      let sum = 0;
      let count = 0;
      let padded = 0;
      for (const t of taps) {
        let flat = 0;
        let inside = true;
        let insidePad = true;
        for (let i = 0; i < t.length; i++) {
          const q = start[i] + t[i];
          if (q < 0 || q >= spatial[i]) inside = false;
          if (q < -g.padBegin[i] || q >= spatial[i] + g.padEnd[i]) insidePad = false;
          flat = flat * spatial[i] + q;
        }
        if (insidePad) padded++;
        if (!inside) continue;
        count++;
        sum = f32(sum + xd[p * inSize + flat]);
      }
      y.data[p * outSize + o] = f32(sum / (includePad ? padded : count));
    });
  return [y];
};
