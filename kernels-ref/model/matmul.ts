/**
 * numpy matmul over integers, shared by MatMulInteger and QLinearMatMul: A [..., M, K] times B [..., K, N] with
 * the batch dims broadcast (a 1-D A is [1, K] with the M dim dropped after, a 1-D B is [K, 1] with N dropped).
 * Each output element is the int32 sum (wrapping) of (a - aZp(m)) * (b - bZp(n)) over k, visited with its row and
 * column so that per-row / per-column parameters can be applied.
 */
import { broadcastDims, broadcastIndex, numel, unravel, type Tensor } from './tensor.js';

export interface IntMatMul {
  dims: number[];
  m: number;
  n: number;
  /** acc[i] for output element i; row[i], col[i] its m and n. */
  acc: Int32Array;
  row: Int32Array;
  col: Int32Array;
}

export function intMatMul(
  a: Tensor,
  b: Tensor,
  aZp: (m: number) => number,
  bZp: (n: number) => number,
  op: string,
): IntMatMul {
  if (a.dims.length < 1 || b.dims.length < 1) throw new Error(`${op}: scalar operands are not matrices`);
  const ad = a.dims.length === 1 ? [1, a.dims[0]] : a.dims;
  const bd = b.dims.length === 1 ? [b.dims[0], 1] : b.dims;
  const [m, k] = ad.slice(-2);
  const [kb, n] = bd.slice(-2);
  if (k !== kb) throw new Error(`${op}: inner dims differ: A [${a.dims}], B [${b.dims}]`);
  const aBatch = ad.slice(0, -2);
  const bBatch = bd.slice(0, -2);
  const batch = broadcastDims(aBatch, bBatch);
  const nb = numel(batch);
  const acc = new Int32Array(nb * m * n);
  const row = new Int32Array(acc.length);
  const col = new Int32Array(acc.length);
  const av = a.data as ArrayLike<number>;
  const bv = b.data as ArrayLike<number>;
  for (let bi = 0; bi < nb; bi++) {
    const idx = unravel(bi, batch);
    const aOff = broadcastIndex(idx, batch, aBatch) * m * k;
    const bOff = broadcastIndex(idx, batch, bBatch) * k * n;
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let p = 0; p < k; p++)
          s = (s + Math.imul(av[aOff + i * k + p] - aZp(i), bv[bOff + p * n + j] - bZp(j))) | 0;
        const o = (bi * m + i) * n + j;
        acc[o] = s;
        row[o] = i;
        col[o] = j;
      }
    }
  }
  const dims = [...batch];
  if (a.dims.length !== 1) dims.push(m);
  if (b.dims.length !== 1) dims.push(n);
  return { dims, m, n, acc, row, col };
}
