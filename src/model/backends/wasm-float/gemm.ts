/**
 * The wasm SIMD kernel of float32 MatMul and Gemm with a constant 2-D B (assembly/model/gemm-f32.ts): the case where
 * onnxruntime packs B at load and sums in blocks of 256 values of k (../../numerics/sgemm.ts), which is what the
 * TypeScript operators (../host/matmul.ts) compute for it, bit for bit. B' (B, or B^T with transB) is laid out at
 * load in panels of 16 columns, [NP / 16][K][16] (NP: N rounded up to 16, zeros after N); Gemm's C, where given and constant, is broadcast to [M][NP]
 * and multiplied by beta at load (the output's starting value); beta 0 or no C is zero mode. A computed B or C, an
 * empty product, or K = 0: the TypeScript operator.
 * - MatMul: A [..., K] times B [K, N]: every row of A is a row of one product (M = their count).
 * - Gemm: A' = A or A^T (transA: strides), alpha.
 * - FusedMatMul (com.microsoft): MatMul's rows, alpha, B^T with transB (transA: the TypeScript operator).
 * Tasks: a few rows x 16 columns, each task about GRAIN multiply-adds.
 */
import type { HostOpNode, HostValueInfo } from '../types.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { ModelKernel } from '../types.js';
import { PACKED_STRIDE_K, sgemmStrideK } from '../../numerics/sgemm.js';
import { attrFloat, attrInt, broadcastPlan, broadcastShapes, forEachBlock } from '../host/common.js';
import { GEMM_F32_CTX as G } from './gemm-ctx.generated.js';
import { HeapKernel } from './kernels.js';

/** Multiply-adds per task (tens of microseconds). */
const GRAIN = 65536;

interface GemmFacts {
  m: number;
  n: number;
  k: number;
  aRow: number;
  aCol: number;
  alpha: number;
  /** B as stored: [K][N], or [N][K] where `bT` */
  bData: Float32Array;
  bT: boolean;
  /** the starting output (C times beta) at (i, j), or null: zero mode */
  c: ((i: number, j: number) => number) | null;
}

function constFloats(v: HostValueInfo | undefined): Float32Array | null {
  return v?.constant && v.constant.type === 'float32' ? (v.constant.data as Float32Array) : null;
}

function facts(node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[], opset: number): GemmFacts | null {
  const a = inputs[0]!;
  const bInfo = inputs[1];
  const B = constFloats(bInfo);
  if (!B || !bInfo || bInfo.dims.length !== 2) return null; // onnxruntime packs constant 2-D B only
  if (node.opType === 'MatMul' || node.opType === 'FusedMatMul') {
    // FusedMatMul (com.microsoft): alpha, and B^T with transB; a transposed A stays with the TypeScript operator
    const fused = node.opType === 'FusedMatMul';
    if (a.dims.length < 1 || (fused && attrInt(node, 'transA', 0) === 1)) return null;
    const tb = fused && attrInt(node, 'transB', 0) === 1;
    const [k, n] = tb ? [bInfo.dims[1], bInfo.dims[0]] : bInfo.dims;
    if (a.dims[a.dims.length - 1] !== k) return null;
    const m = a.dims.slice(0, -1).reduce((x, d) => x * d, 1);
    const alpha = fused ? Math.fround(attrFloat(node, 'alpha', 1)) : 1;
    return { m, n, k, aRow: k, aCol: 1, alpha, bData: B, bT: tb, c: null };
  }
  const ta = attrInt(node, 'transA', 0) === 1;
  const tb = attrInt(node, 'transB', 0) === 1;
  if (a.dims.length !== 2) return null;
  const [m, k] = ta ? [a.dims[1], a.dims[0]] : a.dims;
  const n = tb ? bInfo.dims[0] : bInfo.dims[1];
  const alpha = Math.fround(attrFloat(node, 'alpha', 1));
  const beta = Math.fround(attrFloat(node, 'beta', 1));
  const cInfo = inputs[2];
  let c: GemmFacts['c'] = null;
  if (cInfo && beta !== 0) {
    const C = constFloats(cInfo);
    if (!C) return null; // a computed C: the TypeScript operator
    const cd = [...new Array(2 - cInfo.dims.length).fill(1), ...cInfo.dims];
    if (opset < 7 && cInfo.dims.length === 0) return null;
    const cRow = cd[0] === 1 ? 0 : cd[1],
      cCol = cd[1] === 1 ? 0 : 1;
    c = beta === 1 ? (i, j) => C[i * cRow + j * cCol] : (i, j) => Math.fround(C[i * cRow + j * cCol] * beta);
  }
  return { m, n, k, aRow: ta ? 1 : k, aCol: ta ? m : 1, alpha, bData: B, bT: tb, c };
}

/**
 * B (stored [K][N], or [N][K] where `bT`) in panels of 16 columns, [NP / 16][K][16], zeros past N: a row of B^T is
 * read along and written 16 floats apart; a row of B is written 16 floats at a time.
 */
function panels(B: Float32Array, bT: boolean, k: number, n: number, np: number): Float32Array {
  const out = new Float32Array(k * np);
  if (bT)
    for (let j = 0; j < n; j++) {
      const from = j * k;
      const to = (j >> 4) * k * 16 + (j & 15);
      for (let q = 0; q < k; q++) out[to + q * 16] = B[from + q];
    }
  else
    for (let q = 0; q < k; q++)
      for (let j0 = 0; j0 < n; j0 += 16) {
        const from = q * n + j0;
        out.set(B.subarray(from, from + Math.min(16, n - j0)), ((j0 >> 4) * k + q) * 16);
      }
  return out;
}

/**
 * The kernel of a MatMul or Gemm node with a constant 2-D B, prepared, or null where the TypeScript operator runs it.
 * Call it after the operator's factory accepted the node.
 */
export function gemmKernel(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  opset: number,
): ((core: WasmRuntimeCore) => ModelKernel) | null {
  const f = facts(node, inputs, opset);
  if (!f) return node.opType === 'MatMul' || node.opType === 'FusedMatMul' ? computedMatmul(node, inputs) : null;
  if (f.m * f.n * f.k === 0) return null;
  const { m, n, k } = f;
  const np = Math.ceil(n / 16) * 16;
  const packed = panels(f.bData, f.bT, k, n, np);
  let start: Float32Array | null = null;
  if (f.c) {
    start = new Float32Array(m * np);
    for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) start[i * np + j] = f.c(i, j);
  }
  // an even count: the kernel takes two rows at a time
  const rpt = Math.max(2, Math.floor(GRAIN / (k * 32)) * 2);
  return (core) => {
    const kern = new HeapKernel('gemm-f32-simd', core, G.GM_CTX_BYTES);
    const bAt = kern.put(packed);
    const cAt = start ? kern.put(start) : 0;
    for (const [field, v] of [
      [G.GM_M, m],
      [G.GM_N, n],
      [G.GM_K, k],
      [G.GM_NP, np],
      [G.GM_BLOCK_K, PACKED_STRIDE_K],
      [G.GM_A_ROW, f.aRow],
      [G.GM_A_COL, f.aCol],
      [G.GM_ROWS_PER_TASK, rpt],
      [G.GM_B, bAt],
      [G.GM_C, cAt],
    ])
      kern.i32(field, v);
    core.f32()[(kern.ctx + G.GM_ALPHA) >> 2] = f.alpha;
    kern.dispatch = [
      {
        fn: 'gemmF32Task',
        range: [np / 16, Math.ceil(m / rpt)],
        args: [{ base: 'src' }, { base: 'none' }, { base: 'dst' }],
      },
    ];
    return kern;
  };
}

/** The most bytes of packed B's a MatMul of computed operands takes from the model's scratch. */
const MAX_PACKED_BYTES = 64 * 2 ** 20;

/**
 * MatMul (or com.microsoft FusedMatMul: alpha, transB) of two computed float32 operands (A [..., M, K], B [..., K, N]
 * or [..., N, K] with transB, batch dims broadcast; what the TypeScript
 * operator computes with MLAS's order for an unpacked B: blocks of sgemmStrideK(N, K), zero mode), on the wasm
 * kernel: each product's B packed into panels in the scratch (matmulPackTask), then the tiles (matmulF32Task). A
 * 2-D B is one product over every row of A, as onnxruntime runs it. Null (the TypeScript operator) where a product
 * has one row (MLAS's one-row product, another order), an operand is 1-D, or a dim is 0.
 */
function computedMatmul(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
): ((core: WasmRuntimeCore) => ModelKernel) | null {
  const a = inputs[0]!,
    b = inputs[1];
  if (!b || a.type !== 'float32' || b.type !== 'float32' || a.dims.length < 2 || b.dims.length < 2) return null;
  // FusedMatMul: alpha on each block's sum, B^T with transB (a transposed A, batch transposes: the TypeScript operator)
  const fused = node.opType === 'FusedMatMul';
  if (fused && ['transA', 'transBatchA', 'transBatchB'].some((t) => attrInt(node, t, 0) !== 0)) return null;
  const tb = fused && attrInt(node, 'transB', 0) === 1;
  const alpha = fused ? Math.fround(attrFloat(node, 'alpha', 1)) : 1;
  const [m0, k] = a.dims.slice(-2);
  const [kb, n] = tb ? [b.dims[b.dims.length - 1], b.dims[b.dims.length - 2]] : b.dims.slice(-2);
  if (k !== kb) return null;
  const batch = broadcastShapes([a.dims.slice(0, -2), b.dims.slice(0, -2)]);
  if (!batch) return null;
  // a 2-D B: one product over every row of A
  const flat = b.dims.length === 2;
  const m = flat ? a.dims.slice(0, -1).reduce((x, y) => x * y, 1) : m0;
  if (m < 2 || n * k === 0) return null;
  const offsets: number[] = [];
  if (flat) offsets.push(0, 0, 0);
  else {
    const plan = broadcastPlan(batch, [a.dims.slice(0, -2), b.dims.slice(0, -2)]);
    const [sa, sb] = plan.innerStride;
    forEachBlock(plan, (yo, offs) => {
      for (let p = 0; p < plan.inner; p++)
        offsets.push((offs[0] + p * sa) * m * k, (offs[1] + p * sb) * k * n, (yo + p) * m * n);
    });
  }
  const products = offsets.length / 3;
  if (products === 0) return null;
  const np = Math.ceil(n / 16) * 16;
  const scratch = products * np * k * 4;
  if (scratch > MAX_PACKED_BYTES || offsets.some((o) => o > 2 ** 31 - 1)) return null;
  const rpt = Math.max(2, Math.floor(GRAIN / (k * 32)) * 2);
  const table = Int32Array.from(offsets);
  return (core) => {
    const kern = new HeapKernel('matmul-f32-simd', core, G.GM_CTX_BYTES);
    const tAt = kern.put(table);
    for (const [field, v] of [
      [G.GM_M, m],
      [G.GM_N, n],
      [G.GM_K, k],
      [G.GM_NP, np],
      [G.GM_BLOCK_K, sgemmStrideK(n, k)],
      [G.GM_A_ROW, k],
      [G.GM_A_COL, 1],
      [G.GM_ROWS_PER_TASK, rpt],
      [G.GM_TABLE, tAt],
      [G.GM_TRANS_B, tb ? 1 : 0],
    ])
      kern.i32(field, v);
    core.f32()[(kern.ctx + G.GM_ALPHA) >> 2] = alpha;
    kern.scratchBytes = scratch;
    kern.scratchField = G.GM_SCRATCH;
    // B through the tasks' second pointer
    kern.second = 1;
    const args: KernelDispatch['args'] = [{ base: 'src' }, { base: 'slices' }, { base: 'dst' }];
    kern.dispatch = [
      { fn: 'matmulPackTask', range: [products], args },
      { fn: 'matmulF32Task', range: [products, np / 16, Math.ceil(m / rpt)], args },
    ];
    return kern;
  };
}
