/**
 * MaxUnpool: a zero tensor of the output shape (input 2, or per spatial axis (in - 1) * stride - pads + kernel) with
 * each X value written at its flat index I (every N, C and spatial position counted), in X's order, so that of two
 * equal indices the later value stays (onnxruntime's loop).
 */
import { attrInts, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const MaxUnpool: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'MaxUnpool', 'kernel_shape', 'pads', 'strides');
  const x = need(inputs, 0, 'X');
  const ind = need(inputs, 1, 'I');
  const sp = x.dims.length - 2;
  const kernel = attrInts(attrs, 'kernel_shape')!;
  const strides = attrInts(attrs, 'strides') ?? kernel.map(() => 1);
  const pads = attrInts(attrs, 'pads') ?? new Array(2 * sp).fill(0);
  const dims = inputs[2]
    ? Array.from(inputs[2].data as BigInt64Array, Number)
    : [
        x.dims[0],
        x.dims[1],
        ...x.dims.slice(2).map((d, k) => (d - 1) * strides[k] - pads[k] - pads[sp + k] + kernel[k]),
      ];
  const y = new Float32Array(dims.reduce((a, b) => a * b, 1));
  const I = ind.data as BigInt64Array;
  for (let j = 0; j < I.length; j++) {
    const at = Number(I[j]);
    if (at < 0 || at >= y.length) throw new Error(`MaxUnpool: index ${at} outside the output`);
    y[at] = (x.data as Float32Array)[j];
  }
  return [makeTensor('float32', dims, y)];
};
