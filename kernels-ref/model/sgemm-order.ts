/**
 * One output of a float32 matrix product in the order onnxruntime's MLAS SGEMM (its wasm kernels) computes it, shared
 * by MatMul and Gemm. The products f(a_q * b_q) for q = 0 .. K-1 are given by `product(q)`.
 *
 * - Blocks of K: each block's products are summed from 0 in q order (a float32 add per product); the block's sum
 *   is multiplied by alpha; the first block's result is the output where there is nothing to start from (no C, or
 *   beta 0), otherwise every block's result is added to the running output: out = f(f(alpha * s) + out). The
 *   running output starts as C, times beta where beta is not 1.
 * - The block: 256 where B is a constant 2-D tensor (onnxruntime packs it at load); otherwise 128, then halved while
 *   K is at most half of it, or -- when N < K and A is not transposed -- doubled once for each halving of a column
 *   count that starts at 128, stays above 16 and is halved while N is at most half of it.
 * - The one-row product (one row in all, B neither constant 2-D nor transposed, A not transposed, alpha 1, beta 0
 *   or 1) has no blocks: with nothing to start from, the first product is the output; then q goes four at a time:
 *   for the columns before the last N mod 4 each product is added on its own, for those last columns the four
 *   products are summed first (((p0 + p1) + p2) + p3) and then added; the last K mod 4 products are added one by one.
 */
import { f32 } from './tensor.js';

export interface SgemmOrder {
  m: number;
  n: number;
  k: number;
  transA: boolean;
  transB: boolean;
  alpha: number;
  /** 0 where there is no C */
  beta: number;
  /** B is a constant 2-D tensor */
  constantB: boolean;
}

export function isOneRow(o: SgemmOrder): boolean {
  return o.m === 1 && !o.constantB && !o.transA && !o.transB && o.alpha === 1 && (o.beta === 0 || o.beta === 1);
}

export function blockOfK(o: SgemmOrder): number {
  if (o.constantB) return 256;
  let block = 128;
  if (o.n >= o.k) {
    while (block / 2 >= o.k) block /= 2;
  } else if (!o.transA) {
    for (let cols = 128; cols > 16 && cols / 2 >= o.n; cols /= 2) block *= 2;
  }
  return block;
}

/** The output in column j (its C value `c`, ignored where beta is 0). */
export function sgemmElement(o: SgemmOrder, j: number, product: (q: number) => number, c: number): number {
  const start = o.beta === 0 ? undefined : o.beta === 1 ? c : f32(c * o.beta);
  if (o.k === 0) return start ?? 0;
  if (isOneRow(o)) {
    let out = start ?? product(0);
    let q = start === undefined ? 1 : 0;
    const grouped = j >= o.n - (o.n % 4);
    for (; q + 4 <= o.k; q += 4) {
      if (grouped) out = f32(out + f32(f32(f32(product(q) + product(q + 1)) + product(q + 2)) + product(q + 3)));
      else for (let t = q; t < q + 4; t++) out = f32(out + product(t));
    }
    for (; q < o.k; q++) out = f32(out + product(q));
    return out;
  }
  const block = blockOfK(o);
  let out = start;
  for (let q0 = 0; q0 < o.k; q0 += block) {
    let s = 0;
    for (let q = q0; q < Math.min(o.k, q0 + block); q++) s = f32(s + product(q));
    s = f32(s * o.alpha);
    out = out === undefined ? s : f32(s + out);
  }
  return out!;
}
