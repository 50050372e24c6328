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

/**
 * com.microsoft FusedMatMul: alpha times the product of A' and B' (transA / transB: the last two dims swapped; a
 * transposed A 2-D only), alpha applied to each block's sum as onnxruntime's SGEMM applies it.
 */
export const FusedMatMul: OpFn = (inputs, attrs, _opset, _outputs, ctx) => {
  onlyAttrs(attrs, 'FusedMatMul', 'alpha', 'transA', 'transB', 'transBatchA', 'transBatchB');
  const int = (k: string) => {
    const v = attrs.get(k);
    return v?.kind === 'int' ? v.value : 0;
  };
  if (int('transBatchA') || int('transBatchB')) throw new Error('FusedMatMul: transBatchA / transBatchB are not taken');
  const al = attrs.get('alpha');
  return product(inputs, al?.kind === 'float' ? f32(al.value) : 1, int('transA') === 1, int('transB') === 1, ctx);
};

export const MatMul: OpFn = (inputs, attrs, _opset, _outputs, ctx) => {
  onlyAttrs(attrs, 'MatMul');
  return product(inputs, 1, false, false, ctx);
};

function product(
  inputs: Parameters<OpFn>[0],
  alpha: number,
  ta: boolean,
  tb: boolean,
  ctx: Parameters<OpFn>[4],
): ReturnType<OpFn> {
  const a = need(inputs, 0, 'A');
  const b = need(inputs, 1, 'B');
  expectType(a, 'MatMul A', 'float32');
  expectType(b, 'MatMul B', 'float32');
  if (a.dims.length < 1 || b.dims.length < 1) throw new Error('MatMul: scalar operands are not matrices');
  if (ta && a.dims.length !== 2) throw new Error('FusedMatMul: transA takes a 2-D A');
  const swap = (d: readonly number[], t: boolean) =>
    t && d.length >= 2 ? [...d.slice(0, -2), d[d.length - 1], d[d.length - 2]] : d;
  const ad = a.dims.length === 1 ? [1, a.dims[0]] : swap(a.dims, ta);
  const bd = b.dims.length === 1 ? [b.dims[0], 1] : swap(b.dims, tb);
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
    transA: ta,
    transB: tb,
    alpha,
    beta: 0,
    constantB: (ctx?.constantInputs[1] ?? false) && b.dims.length === 2,
  };
  for (let p = 0; p < nb; p++) {
    const idx = unravel(p, batch);
    const ao = broadcastIndex(idx, batch, ad.slice(0, -2)) * m * k;
    const bo = broadcastIndex(idx, batch, bd.slice(0, -2)) * k * n;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < n; j++)
        out[(p * m + i) * n + j] = sgemmElement(
          order,
          j,
          (q) => f32(av[ao + (ta ? q * m + i : i * k + q)] * bv[bo + (tb ? j * k + q : q * n + j)]),
          0,
        );
  }
  const dims = [...batch, ...(a.dims.length === 1 ? [] : [m]), ...(b.dims.length === 1 ? [] : [n])];
  return [makeTensor('float32', dims, out)];
}
