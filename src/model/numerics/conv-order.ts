/**
 * The order in which onnxruntime's float Conv (MLAS: im2col, then SGEMM, then the bias; one thread) sums the terms
 * of an output, for the TypeScript operator (../backends/host/conv.ts) and the wasm kernel
 * (../backends/wasm-float/kernels.ts, assembly/model/host-float.ts). K = input channels per group x kernel positions
 * rows r = (c, p); the terms of output cell o are f(col[r][o] * w[r]), col being 0 in the padding (0 * inf is NaN).
 *
 * - Blocked sums (M > 1 output channels per group, or the one direct product with B transposed): the rows go in
 *   blocks of `block` (sgemmStrideK of the plane's cells N and K); a block sums its terms from 0, the first block's
 *   sum is the output and each later one is added onto it.
 * - The one-row product (M = 1): the output starts as its first term, then cells before `groupedFrom` add every
 *   term in order (the blocks change nothing there); cells from `groupedFrom` on (the last N mod 4) go block by
 *   block, four terms at a time from the block's start (from its second term in the first block), adding the four
 *   terms' sum (((t0 + t1) + t2) + t3), then the block's last terms one by one. The block is the whole of K for a
 *   direct product (or more than 3 spatial dims), else sgemmStrideK as above.
 * - Direct products (no im2col: MLAS's GEMM reads X): 1 to 3 spatial dims, all strides 1, no padding, and either a
 *   kernel of one position, or (1-D or 2-D, one input channel per group, no dilation) a kernel as wide as the input
 *   (X read transposed) or as high as the input and one wide.
 * - The bias is added last: y = f(y + b).
 * - ConvAdd (Conv + Z, the loader's fuse-conv-add: onnxruntime's FusedConv with a sum input): the output starts as Z
 *   and every block's sum is added onto it (the first included); the one-row product adds from the first term on.
 */
import { sgemmStrideK } from './sgemm.js';

export interface ConvSumOrder {
  /** rows per block of K */
  block: number;
  /** M = 1: MLAS's one-row product */
  oneRow: boolean;
  /** the first cell of the plane that sums four terms before adding them (one-row product); N elsewhere */
  groupedFrom: number;
}

/** The order of a Conv of these facts (pads: begin then end, as onnxruntime computes them). */
export function convSumOrder(
  inDims: readonly number[],
  kernel: readonly number[],
  strides: readonly number[],
  dilations: readonly number[],
  pads: readonly number[],
  cg: number,
  mg: number,
  oSize: number,
): ConvSumOrder {
  const rank = kernel.length;
  const kSize = kernel.reduce((a, b) => a * b, 1);
  const rows = Math.max(1, cg * kSize);
  let direct = false,
    transB = false;
  if (rank <= 3 && strides.every((s) => s === 1) && pads.every((p) => p === 0)) {
    // a 1-D convolution runs as 2-D of height 1
    const [ih, iw] = rank === 1 ? [1, inDims[0]] : inDims;
    const [kh, kw] = rank === 1 ? [1, kernel[0]] : kernel;
    if (kSize === 1) direct = true;
    else if (rank <= 2 && cg === 1 && dilations.every((d) => d === 1)) {
      transB = kw === iw;
      direct = transB || (kh === ih && kw === 1);
    }
  }
  const oneRow = mg === 1 && !transB;
  return {
    block: oneRow && (direct || rank > 3) ? rows : sgemmStrideK(oSize, rows),
    oneRow,
    groupedFrom: oneRow ? oSize - (oSize % 4) : oSize,
  };
}

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

/**
 * The one-row product's sum for a cell at or after groupedFrom: terms t(r) = f32(W[w0 + r] * col[c0 + r * stride]),
 * r < rows, in blocks of `block`; onto `start` where given (ConvAdd: onnxruntime's GEMM with beta 1 adds every term
 * onto the sum input, its first block included).
 */
export function oneRowGroupedSum(
  W: Float32Array,
  w0: number,
  col: Float32Array,
  c0: number,
  stride: number,
  rows: number,
  block: number,
  start?: number,
): number {
  const t = (r: number) => f32(W[w0 + r] * col[c0 + r * stride]);
  let out = start ?? t(0);
  for (let k0 = 0; k0 < rows; k0 += block) {
    const end = Math.min(rows, k0 + block);
    let r = k0 === 0 && start === undefined ? 1 : k0;
    for (; r + 4 <= end; r += 4) out = f32(out + f32(f32(f32(t(r) + t(r + 1)) + t(r + 2)) + t(r + 3)));
    for (; r < end; r++) out = f32(out + t(r));
  }
  return out;
}
