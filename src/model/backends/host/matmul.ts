/**
 * MatMul and Gemm (float32), bit for bit as the reference executor computes them (kernels-ref/model/ops/MatMul.ts,
 * Gemm.ts): every output is the float32 sum, from 0 and in k order, of the float32 products f(a * b).
 * (onnxruntime's MLAS SGEMM gives the same bits for M >= 2 on the shapes tested; its M = 1 path adds its scalar-tail
 * columns four products at a time, within an ulp.)
 * - MatMul: numpy matmul; batch dims broadcast, a 1-D A is a row and a 1-D B a column (the added dim dropped).
 * - Gemm: Y = alpha * A' B' + beta * C (A' = A or A^T with transA, B' likewise), C optional and broadcast to
 *   [M, N]; per element y = f(alpha * s), then f(y + f(beta * c)) when C is given.
 * The loops run i, k, j with a row of accumulators, so each output still sums in k order.
 */
import type { HostOpFactory } from '../types.js';
import {
  accumulateRows,
  attrFloat,
  attrInt,
  broadcastPlan,
  broadcastShapes,
  expectDims,
  expectOutType,
  expectType,
  forEachBlock,
  need,
  onlyAttrs,
  unsupported,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

/**
 * C[co + i * n + j] = the k-ordered float32 sum of f(A'[i][q] * B'[q][j]), A'[i][q] = A[ao + i * aRow + q * aCol],
 * B'[q][j] = B[bo + q * bRow + j] (B' rows contiguous).
 */
function gemmRows(
  A: Float32Array,
  B: Float32Array,
  C: Float32Array,
  m: number,
  n: number,
  kk: number,
  ao: number,
  aRow: number,
  aCol: number,
  bo: number,
  bRow: number,
  co: number,
): void {
  for (let i = 0; i < m; i++) {
    const c0 = co + i * n;
    C.fill(0, c0, c0 + n);
    accumulateRows(C, c0, n, A, ao + i * aRow, aCol, B, bo, bRow, kk);
  }
}

export const MatMul: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const a = need(node, inputs, 0, 'A');
  const b = need(node, inputs, 1, 'B');
  expectType(node, a, 'A', 'float32');
  expectType(node, b, 'B', 'float32');
  if (a.dims.length < 1 || b.dims.length < 1) unsupported(node, 'scalar operands are not matrices');
  const ad = a.dims.length === 1 ? [1, a.dims[0]] : [...a.dims];
  const bd = b.dims.length === 1 ? [b.dims[0], 1] : [...b.dims];
  const [m, k] = ad.slice(-2);
  const [kb, n] = bd.slice(-2);
  if (k !== kb) unsupported(node, `inner dims differ: A [${a.dims}], B [${b.dims}]`);
  const batch = broadcastShapes([ad.slice(0, -2), bd.slice(0, -2)]);
  if (!batch) return unsupported(node, `batch dims of A [${a.dims}] and B [${b.dims}] do not broadcast`);
  expectDims(node, outputs[0], [...batch, ...(a.dims.length === 1 ? [] : [m]), ...(b.dims.length === 1 ? [] : [n])]);
  expectOutType(node, outputs[0], 'float32');
  // The batch loop: a broadcast plan over the batch dims, offsets in whole matrices.
  const plan = broadcastPlan(batch, [ad.slice(0, -2), bd.slice(0, -2)]);
  const [sa, sb] = plan.innerStride;
  return (ins, outs) => {
    const A = ins[0]!.data as Float32Array,
      B = ins[1]!.data as Float32Array,
      C = outs[0].data as Float32Array;
    forEachBlock(plan, (yo, offs) => {
      for (let p = 0; p < plan.inner; p++)
        gemmRows(A, B, C, m, n, k, (offs[0] + p * sa) * m * k, k, 1, (offs[1] + p * sb) * k * n, n, (yo + p) * m * n);
    });
  };
};

export const Gemm: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'alpha', 'beta', 'transA', 'transB', ...(opset < 7 ? ['broadcast'] : []));
  const a = need(node, inputs, 0, 'A');
  const b = need(node, inputs, 1, 'B');
  const c = inputs[2];
  expectType(node, a, 'A', 'float32');
  expectType(node, b, 'B', 'float32');
  if (c) expectType(node, c, 'C', 'float32');
  if (a.dims.length !== 2 || b.dims.length !== 2) unsupported(node, `A [${a.dims}] and B [${b.dims}] must be 2-D`);
  const ta = attrInt(node, 'transA', 0) === 1;
  const tb = attrInt(node, 'transB', 0) === 1;
  const [m, k] = ta ? [a.dims[1], a.dims[0]] : a.dims;
  const [kb, n] = tb ? [b.dims[1], b.dims[0]] : b.dims;
  if (k !== kb) unsupported(node, `inner dims differ: A' is [${m}, ${k}], B' is [${kb}, ${n}]`);
  if (c && (c.dims.length > 2 || c.dims.some((d, i) => d !== 1 && d !== [m, n][i + 2 - c.dims.length])))
    unsupported(node, `C [${c.dims}] does not broadcast to [${m}, ${n}]`);
  if (
    c &&
    opset < 7 &&
    attrInt(node, 'broadcast', 0) !== 1 &&
    (c.dims.length !== 2 || c.dims[0] !== m || c.dims[1] !== n)
  )
    unsupported(node, `C [${c.dims}] is not [${m}, ${n}] and broadcast is 0`);
  expectDims(node, outputs[0], [m, n]);
  expectOutType(node, outputs[0], 'float32');
  const alpha = f32(attrFloat(node, 'alpha', 1));
  const beta = f32(attrFloat(node, 'beta', 1));
  // C's stride per row and per column once broadcast to [m, n].
  const cd = c ? [...new Array(2 - c.dims.length).fill(1), ...c.dims] : [1, 1];
  const cRow = cd[0] === 1 ? 0 : cd[1],
    cCol = cd[1] === 1 ? 0 : 1;
  const bt = tb ? new Float32Array(k * n) : undefined; // B^T laid out as [K, N]
  return (ins, outs) => {
    const A = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    let B = ins[1]!.data as Float32Array;
    if (bt) {
      for (let j = 0; j < n; j++) for (let q = 0; q < k; q++) bt[q * n + j] = B[j * k + q];
      B = bt;
    }
    gemmRows(A, B, Y, m, n, k, 0, ta ? 1 : k, ta ? m : 1, 0, n, 0);
    const C = ins[2]?.data as Float32Array | undefined;
    for (let i = 0; i < m; i++)
      for (let j = 0; j < n; j++) {
        let v = f32(alpha * Y[i * n + j]);
        if (C) v = f32(v + f32(beta * C[i * cRow + j * cCol]));
        Y[i * n + j] = v;
      }
  };
};
