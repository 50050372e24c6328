/**
 * GlobalMaxPool (float32): X [N, C, D1..Dk] (k = 1..3, as onnxruntime takes) -> [N, C, 1..1], each image's maximum
 * as onnxruntime's MLAS global pooling kernel computes it in wasm: four lanes start at the lowest float
 * (-3.4028235e38) and take the image four elements at a time with f32x4.max (a NaN wins, +0 beats -0), then fold
 * into one value the same way; the last size % 4 elements follow one by one with C++ std::max (m = x where m < x: a
 * NaN there is skipped, -0 and +0 keep the earlier). So an image of -inf gives the lowest float, not -inf.
 */
import { expectType, makeTensor, need, numel, onlyAttrs, type OpFn } from '../tensor.js';

const LOWEST = -3.4028234663852886e38;

export const GlobalMaxPool: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'GlobalMaxPool');
  const x = need(inputs, 0, 'X');
  expectType(x, 'GlobalMaxPool X', 'float32');
  if (x.dims.length < 3 || x.dims.length > 5)
    throw new Error(`GlobalMaxPool: X must have rank 3 to 5, has dims [${x.dims}]`);
  const [n, c, ...spatial] = x.dims;
  const size = numel(spatial);
  const y = makeTensor('float32', [n, c, ...spatial.map(() => 1)]);
  const xd = x.data as Float32Array;
  const vec = size - (size % 4);
  for (let p = 0; p < n * c; p++) {
    // Math.max is wasm's f32x4.max lane by lane (NaN wins, -0 < +0), and it is associative
    let m = LOWEST;
    for (let i = 0; i < vec; i++) m = Math.max(m, xd[p * size + i]);
    for (let i = vec; i < size; i++) if (m < xd[p * size + i]) m = xd[p * size + i];
    y.data[p] = m;
  }
  return [y];
};
