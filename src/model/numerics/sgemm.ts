/**
 * The order of float32 operations of onnxruntime's single-precision matrix product (MLAS SGEMM, as its wasm SIMD
 * kernels run it), for MatMul, Gemm and the products that LSTM / GRU make: C = alpha A' B' + beta C, A' [M, K] and
 * B' [K, N] (A and B or their transposes), every operation one float32 rounding.
 *
 * - Blocks of K. Each output sums its products f(a * b) in k order from 0 (one multiply and one add per k, no fused
 *   multiply-add) within a block of K, multiplies the block's sum by alpha, and then stores it (the first block
 *   where beta is 0: "zero mode") or adds it to what C holds: C = f(f(alpha * s) + C). The block is 256 values of k
 *   where B was packed at load (a constant 2-D B: onnxruntime prepacks the weights of MatMul and Gemm), else MLAS's
 *   choice from N and K: 128, halved while K fits in half of it (one block), or, when N < K and A is not transposed,
 *   doubled while N fits in half of a column stride that starts at 128 and stops at 16 (so 128 .. 1024).
 * - Beta. Where C is given and beta is neither 0 nor 1, C is first multiplied by beta (f(beta * c)); beta 0 (or no C)
 *   is zero mode, where the first block's sum is stored.
 * - The one-row product (M = 1, B neither packed nor transposed, A not transposed, alpha 1, beta 0 or 1): no blocks
 *   of K; in zero mode the first k's product is stored, then k goes four at a time: the columns that fill whole
 *   4-lane vectors add the four products one by one, the last N mod 4 columns add them as one sum
 *   c + (((p0 + p1) + p2) + p3); the last K mod 4 values of k are added one by one.
 */

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

/** Values of k per block where B is packed (MLAS_SGEMM_PACKED_STRIDEK). */
export const PACKED_STRIDE_K = 256;

/** The shape and options of one product. */
export interface SgemmPlan {
  m: number;
  n: number;
  k: number;
  transA: boolean;
  transB: boolean;
  /** f32 */
  alpha: number;
  /** f32; 0 where there is no C */
  beta: number;
  /** B was packed at load: a constant, 2-D B */
  packed: boolean;
}

/** MLAS's block of K for an unpacked B of N columns and K rows. */
export function sgemmStrideK(n: number, k: number, transA = false): number {
  let sk = 128,
    sn = 128;
  if (n >= k) while (sk / 2 >= k) sk /= 2;
  else if (!transA)
    while (sn > 16 && sn / 2 >= n) {
      sk *= 2;
      sn /= 2;
    }
  return sk;
}

/** The block of K of a product (its whole K where the one-row product runs). */
export function sgemmBlockK(p: SgemmPlan): number {
  if (sgemmOneRow(p)) return Math.max(p.k, 1);
  return p.packed ? PACKED_STRIDE_K : sgemmStrideK(p.n, p.k, p.transA);
}

/** True where MLAS runs its one-row product (the order described above). */
export function sgemmOneRow(p: SgemmPlan): boolean {
  return p.m === 1 && !p.packed && !p.transA && !p.transB && p.alpha === 1 && (p.beta === 0 || p.beta === 1);
}

/**
 * C[co + i * n + j] = the product's element (i, j), in MLAS's order. A'[i][q] = A[ao + i * aRow + q * aCol];
 * B' is given as rows of n contiguous values, B'[q][j] = B[bo + q * n + j]. C must hold the broadcast C where beta is
 * not 0 (it is multiplied by beta here where beta is not 1); `row` is scratch of at least n values.
 */
export function sgemm(
  p: SgemmPlan,
  A: Float32Array,
  ao: number,
  aRow: number,
  aCol: number,
  B: Float32Array,
  bo: number,
  C: Float32Array,
  co: number,
  row: Float32Array,
): void {
  const { m, n, k, alpha, beta } = p;
  if (beta !== 0 && beta !== 1) for (let i = co; i < co + m * n; i++) C[i] = f32(C[i] * beta);
  if (k === 0) {
    if (beta === 0) C.fill(0, co, co + m * n);
    return;
  }
  if (sgemmOneRow(p)) {
    oneRow(A, ao, aCol, B, bo, C, co, n, k, beta === 0);
    return;
  }
  const bk = sgemmBlockK(p);
  for (let i = 0; i < m; i++) {
    const c0 = co + i * n;
    for (let k0 = 0; k0 < k; k0 += bk) {
      const kc = Math.min(bk, k - k0);
      row.fill(0, 0, n);
      const a0 = ao + i * aRow + k0 * aCol;
      const b0 = bo + k0 * n;
      // the block's sums, in k order, four k per pass over the row
      let q = 0;
      for (; q + 4 <= kc; q += 4) {
        const w0 = A[a0 + q * aCol],
          w1 = A[a0 + (q + 1) * aCol],
          w2 = A[a0 + (q + 2) * aCol],
          w3 = A[a0 + (q + 3) * aCol];
        const r0 = b0 + q * n,
          r1 = r0 + n,
          r2 = r1 + n,
          r3 = r2 + n;
        for (let j = 0; j < n; j++) {
          let v = row[j];
          v = f32(v + f32(w0 * B[r0 + j]));
          v = f32(v + f32(w1 * B[r1 + j]));
          v = f32(v + f32(w2 * B[r2 + j]));
          row[j] = v + f32(w3 * B[r3 + j]);
        }
      }
      for (; q < kc; q++) {
        const w = A[a0 + q * aCol],
          r = b0 + q * n;
        for (let j = 0; j < n; j++) row[j] = row[j] + f32(w * B[r + j]);
      }
      if (k0 === 0 && beta === 0) for (let j = 0; j < n; j++) C[c0 + j] = f32(row[j] * alpha);
      else for (let j = 0; j < n; j++) C[c0 + j] = f32(f32(row[j] * alpha) + C[c0 + j]);
    }
  }
}

/** The one-row product (M = 1, alpha 1): see the module's comment. */
function oneRow(
  A: Float32Array,
  ao: number,
  aCol: number,
  B: Float32Array,
  bo: number,
  C: Float32Array,
  co: number,
  n: number,
  k: number,
  zero: boolean,
): void {
  let q = 0;
  if (zero) {
    const a = A[ao];
    for (let j = 0; j < n; j++) C[co + j] = f32(a * B[bo + j]);
    q = 1;
  }
  const vec = n - (n % 4);
  for (; q + 4 <= k; q += 4) {
    const w0 = A[ao + q * aCol],
      w1 = A[ao + (q + 1) * aCol],
      w2 = A[ao + (q + 2) * aCol],
      w3 = A[ao + (q + 3) * aCol];
    const r0 = bo + q * n,
      r1 = r0 + n,
      r2 = r1 + n,
      r3 = r2 + n;
    for (let j = 0; j < vec; j++) {
      let v = C[co + j];
      v = f32(v + f32(w0 * B[r0 + j]));
      v = f32(v + f32(w1 * B[r1 + j]));
      v = f32(v + f32(w2 * B[r2 + j]));
      C[co + j] = f32(v + f32(w3 * B[r3 + j]));
    }
    for (let j = vec; j < n; j++) {
      const s = f32(f32(f32(f32(w0 * B[r0 + j]) + f32(w1 * B[r1 + j])) + f32(w2 * B[r2 + j])) + f32(w3 * B[r3 + j]));
      C[co + j] = f32(C[co + j] + s);
    }
  }
  for (; q < k; q++) {
    const w = A[ao + q * aCol],
      r = bo + q * n;
    for (let j = 0; j < n; j++) C[co + j] = f32(C[co + j] + f32(w * B[r + j]));
  }
}
