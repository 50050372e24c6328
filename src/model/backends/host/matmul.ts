/**
 * MatMul and Gemm (float32), as onnxruntime's CPU kernels compute them: MLAS's SGEMM with its order of float32
 * operations (../../numerics/sgemm.ts: blocks of K, the one-row product), B prepacked where it is a constant 2-D
 * tensor (onnxruntime packs such weights at load). The reference executor (kernels-ref/model/ops/MatMul.ts, Gemm.ts)
 * follows the same order.
 * - MatMul: numpy matmul; batch dims broadcast, a 1-D A is a row and a 1-D B a column (the added dim dropped). Where B
 *   has no batch dims the rows of every batch of A form one product (its M is their count: the one-row product runs
 *   only where that count is 1).
 * - Gemm: Y = alpha * A' B' + beta * C (A' = A or A^T with transA, B' likewise), C optional and broadcast to [M, N]:
 *   Y starts as the broadcast C (beta 0 or no C: zero mode), then the product adds to it.
 */
import type { HostOpFactory } from '../types.js';
import { type SgemmPlan, sgemm } from '../../numerics/sgemm.js';
import {
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
 * MatMul, or com.microsoft FusedMatMul (`fused`): alpha times the product (MLAS's alpha on each block's sum, as Gemm's),
 * B' = B^T over its last two dims with transB, A' = A^T with transA (a 2-D A only: a batched one is not flattened so);
 * transBatchA / transBatchB 0.
 */
function matmulOp(fused: boolean): HostOpFactory {
  return (node, inputs, outputs) => {
    if (fused) onlyAttrs(node, 'alpha', 'transA', 'transB', 'transBatchA', 'transBatchB');
    else onlyAttrs(node);
    const alpha = fused ? f32(attrFloat(node, 'alpha', 1)) : 1;
    const ta = fused && attrInt(node, 'transA', 0) === 1,
      tb = fused && attrInt(node, 'transB', 0) === 1;
    if (fused && (attrInt(node, 'transBatchA', 0) !== 0 || attrInt(node, 'transBatchB', 0) !== 0))
      unsupported(node, 'transBatchA / transBatchB are not taken');
    const a = need(node, inputs, 0, 'A');
    const b = need(node, inputs, 1, 'B');
    expectType(node, a, 'A', 'float32');
    expectType(node, b, 'B', 'float32');
    if (a.dims.length < 1 || b.dims.length < 1) unsupported(node, 'scalar operands are not matrices');
    if (ta && a.dims.length !== 2) unsupported(node, `transA with A [${a.dims}]: a 2-D A is taken`);
    const swap = (d: readonly number[]) => [...d.slice(0, -2), d[d.length - 1], d[d.length - 2]];
    const ad = a.dims.length === 1 ? [1, a.dims[0]] : ta ? swap(a.dims) : [...a.dims];
    const bd = b.dims.length === 1 ? [b.dims[0], 1] : tb ? swap(b.dims) : [...b.dims];
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
    const packed = b.constant !== undefined && b.dims.length === 2;
    // B without batch dims: one product over every row of A
    const rows = bd.length === 2 ? ad.slice(0, -1).reduce((x, y) => x * y, 1) : m;
    const sp: SgemmPlan = { m: rows, n, k, transA: ta, transB: tb, alpha, beta: 0, packed };
    const row = new Float32Array(n);
    // transB: each of B's matrices [n, k] laid out as the product reads it, [k, n]
    const bt = tb ? new Float32Array(k * n) : null;
    const bOf = (B: Float32Array, o: number): [Float32Array, number] => {
      if (!bt) return [B, o];
      for (let j = 0; j < n; j++) for (let q = 0; q < k; q++) bt[q * n + j] = B[o + j * k + q];
      return [bt, 0];
    };
    // transA (2-D A stored [k, m]): A'[i][q] = A[q m + i]
    const [aRow, aCol] = ta ? [1, m] : [k, 1];
    return (ins, outs) => {
      const A = ins[0]!.data as Float32Array,
        B = ins[1]!.data as Float32Array,
        C = outs[0].data as Float32Array;
      if (bd.length === 2) {
        const [Bp, bo] = bOf(B, 0);
        sgemm(sp, A, 0, aRow, aCol, Bp, bo, C, 0, row);
        return;
      }
      forEachBlock(plan, (yo, offs) => {
        for (let p = 0; p < plan.inner; p++) {
          const [Bp, bo] = bOf(B, (offs[1] + p * sb) * k * n);
          sgemm(sp, A, (offs[0] + p * sa) * m * k, aRow, aCol, Bp, bo, C, (yo + p) * m * n, row);
        }
      });
    };
  };
}

export const MatMul: HostOpFactory = matmulOp(false);
/** com.microsoft FusedMatMul (onnxruntime's MatMul with alpha and transposes; its optimizer writes it). */
export const FusedMatMul: HostOpFactory = matmulOp(true);

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
  const sp: SgemmPlan = {
    m,
    n,
    k,
    transA: ta,
    transB: tb,
    alpha,
    beta: c ? beta : 0,
    packed: b.constant !== undefined,
  };
  const row = new Float32Array(n);
  // B' laid out as [K, N]: at the first run for a constant B (not at load: the wasm kernel runs most such nodes, and
  // a classifier's B is tens of MB), else per run where B is transposed
  let bt: Float32Array | undefined;
  const layB = (B: Float32Array): Float32Array => {
    if (!tb) return B;
    bt ??= new Float32Array(k * n);
    for (let j = 0; j < n; j++) for (let q = 0; q < k; q++) bt[q * n + j] = B[j * k + q];
    return bt;
  };
  let packedB: Float32Array | undefined;
  return (ins, outs) => {
    const A = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    const B = b.constant ? (packedB ??= layB(b.constant.data as Float32Array)) : layB(ins[1]!.data as Float32Array);
    const C = ins[2]?.data as Float32Array | undefined;
    if (C && sp.beta !== 0)
      for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) Y[i * n + j] = C[i * cRow + j * cCol];
    sgemm(sp, A, 0, ta ? 1 : k, ta ? m : 1, B, 0, Y, 0, row);
  };
};
