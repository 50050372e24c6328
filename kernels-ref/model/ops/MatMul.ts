/**
 * MatMul (float32): numpy matmul (batch dims broadcast; a 1-D A is a row, a 1-D B a column, the added dim dropped
 * after). Each output sums its products f(a * b) in onnxruntime's order (../sgemm-order.ts); where B has no batch
 * dims, the rows of all of A count as one product's rows (for the one-row rule).
 */
import {
  broadcastDims,
  broadcastIndex,
  expectType,
  f32,
  makeTensor,
  need,
  numel,
  onlyAttrs,
  unravel,
  type OpFn,
} from '../tensor.js';
import { sgemmElement, type SgemmOrder } from '../sgemm-order.js';

export const MatMul: OpFn = (inputs, attrs, _opset, _outputs, ctx) => {
  onlyAttrs(attrs, 'MatMul');
  const a = need(inputs, 0, 'A');
  const b = need(inputs, 1, 'B');
  expectType(a, 'MatMul A', 'float32');
  expectType(b, 'MatMul B', 'float32');
  if (a.dims.length < 1 || b.dims.length < 1) throw new Error('MatMul: scalar operands are not matrices');
  const ad = a.dims.length === 1 ? [1, a.dims[0]] : a.dims;
  const bd = b.dims.length === 1 ? [b.dims[0], 1] : b.dims;
  const [m, k] = ad.slice(-2);
  const [kb, n] = bd.slice(-2);
  if (k !== kb) throw new Error(`MatMul: inner dims differ: A [${a.dims}], B [${b.dims}]`);
  const batch = broadcastDims(ad.slice(0, -2), bd.slice(0, -2));
  const nb = numel(batch);
  const out = new Float32Array(nb * m * n);
  const av = a.data as Float32Array;
  const bv = b.data as Float32Array;
  const order: SgemmOrder = {
    m: bd.length === 2 ? numel(ad.slice(0, -1)) : m,
    n,
    k,
    transA: false,
    transB: false,
    alpha: 1,
    beta: 0,
    constantB: (ctx?.constantInputs[1] ?? false) && b.dims.length === 2,
  };
  for (let p = 0; p < nb; p++) {
    const idx = unravel(p, batch);
    const ao = broadcastIndex(idx, batch, ad.slice(0, -2)) * m * k;
    const bo = broadcastIndex(idx, batch, bd.slice(0, -2)) * k * n;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < n; j++)
        out[(p * m + i) * n + j] = sgemmElement(order, j, (q) => f32(av[ao + i * k + q] * bv[bo + q * n + j]), 0);
  }
  const dims = [...batch, ...(a.dims.length === 1 ? [] : [m]), ...(b.dims.length === 1 ? [] : [n])];
  return [makeTensor('float32', dims, out)];
};
