/**
 * Wasm SIMD kernels of float32 operators (assembly/model/host-float.ts): the operator table's "float SIMD"
 * implementations (floatKernelOp), preferred to the TypeScript operator (src/model/backends/host/) wherever
 * prepareFloatKernel takes the node. Each computes exactly what its TypeScript operator computes, operation for
 * operation, so the bits are the same (test/model-host-ops.test.ts runs both on the same cases):
 *
 * - ConvTranspose (../host/conv.ts), float32, with a constant W (and B, when present) and the group's input channels
 *   in one block of onnxruntime's GEMM (convTransposeGeometry's block): the weights are packed per output
 *   channel as [c][p] and the col2im table (convTransposeGeometry's dest) is copied to wasm memory at load. When
 *   every output cell is reached by exactly one (kernel position, input cell) -- a stride equal to the dilated
 *   kernel, e.g. the 2x2 / stride 2 upsampling of detection heads, crops allowed -- the kernel writes each cell once
 *   (tasks over chunks of input cells: the pool's threads share a plane); otherwise it accumulates the positions in
 *   order onto a zeroed plane (tasks over output channels).
 * - Conv (../host/conv.ts), float32, with a constant W (and B): the TypeScript operator's tap table is copied to
 *   wasm memory at load; per run the column matrices (im2col, into the model's scratch; none for a 1x1 / stride 1 /
 *   unpadded Conv, whose column matrix is X) and then, per output channel and cell, the sum of the terms in
 *   onnxruntime's order (../../numerics/conv-order.ts: blocks of K, or the one-row product): the cells are the SIMD
 *   lanes, so every cell sums as the scalar loop does.
 * - ConvAdd (i8conv, ../host/conv.ts: Conv + Z as onnxruntime's FusedConv sums it): the Conv kernel, its sums starting
 *   from Z (the task's second pointer) where the node has one; with activation 'Relu' each task clamps its finished
 *   outputs (y < 0 ? 0 : y) before it returns.
 * - BatchNormalization (../host/norm.ts) with constant scale, B, mean and var: the per-channel s and b are computed at
 *   load by batchNormConstants; the kernel does y = f(f(x * s) + b).
 * - Relu on float32: y = x < 0 ? 0 : x (wasm's f32x4.pmax(x, 0) is exactly that, -0 and NaN included).
 * - Softmax (../host/softmax.ts, MLAS's exp and summation order, ../../numerics/float-math.ts) over rows of contiguous values (the
 *   normalized axis the last one, or opset < 13): tasks of whole rows; along a strided axis (opset 13+, the axis not
 *   innermost) four neighbouring rows as the lanes of each SIMD step (softmaxStridedTask), tasks of groups of 4 rows.
 *
 * - LayerNormalization (../host/normalize.ts; ONNX opset 17 and fuse-layer-norm's i8conv node) with a constant Scale
 *   (and B), its Mean / InvStdDev outputs too (their pointers written into the record before each run); InstanceNormalization with constant scale and B; ReduceSum /
 *   ReduceMean / ReduceMax / ReduceMin (../host/reduce.ts) on onnxruntime's KR and R loops (each output's values
 *   contiguous), ReduceSum / ReduceMean over the middle axis of [outer, R, K] (its RK loop, and its general loop
 *   where the outer block is 1: each column's in-order chain as one lane, four columns at a time); GlobalMaxPool. Each row's (plane's) statistic is the scalar loop's in-order chain; four rows run at
 *   once, one per SIMD lane (4x4 blocks transposed), so every lane rounds as the scalar loop does; the normalizing
 *   pass runs along the row. Rows of at most 2^24 values (the counts exact in float32); tasks of whole lane groups.
 *
 * The record layouts (CT_*, AF_*, RL_*, SM_*, LN_*, IN_*, RD_*) are declared once in tools/model-ctx.mjs, which generates both
 * assembly/model/host-float-ctx.ts (the kernels' constants) and HOST_FLOAT_CTX (./ctx.generated.ts).
 */
import { GuardedBlocks } from '../../../heap.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { KernelDispatch, PtrArg } from '../../../threads/protocol.js';
import type { HostOpFactory, HostOpNode, HostValueInfo, ModelKernel } from '../types.js';
import type { Lower } from '../../executor/step.js';
import type { PlannedValue } from '../../lowering/values.js';
import { kernelStep } from '../../executor/step.js';
import { floatMacs, infoOf } from '../host/lower.js';
import { convGeometry, convTransposeGeometry } from '../host/conv.js';
import { batchNormConstants, batchNormFacts } from '../host/norm.js';
import { softmaxGroups } from '../host/softmax.js';
import { attrFloat, attrInt, normAxis, numel } from '../host/common.js';
import { reduceCols, reduceRows } from '../host/reduce.js';
import { HOST_FLOAT_CTX } from './ctx.generated.js';

/** Byte offsets of the kernels' records: generated from tools/model-ctx.mjs, as assembly/model/host-float-ctx.ts is. */
export { HOST_FLOAT_CTX };
const K = HOST_FLOAT_CTX;

/** Elements per task of the element-wise kernels (64 KB of float32): a few tens of microseconds each. */
export const HOST_FLOAT_GRAIN = 16384;
/** Bytes of X one ConvTranspose task reads per input channel group (its chunk of cells stays in L1). */
const CT_CHUNK_BYTES = 32768;

const SRC: PtrArg = { base: 'src' };
/** the step's second input (kernelStep's `second`) */
const SECOND: PtrArg = { base: 'slices' };
const DST: PtrArg = { base: 'dst' };
const NONE: PtrArg = { base: 'none' };

/**
 * A kernel whose record and tables are blocks of the runtime's heap (between guard bands), released by dispose.
 * OUT_OF_MEMORY (everything released) when the memory cannot grow.
 */
export class HeapKernel implements ModelKernel {
  readonly ctx: number;
  dispatch: readonly KernelDispatch[] = [];
  /** bytes of the model's shared scratch a run needs, and where its pointer goes (a record field), if any */
  scratchBytes = 0;
  scratchField = -1;
  /** the step input the tasks read through their second pointer, if any (ConvAdd's Z: 3; QLinearMatMul's B: 3) */
  second: number | undefined = undefined;
  /** [output index, record field]: outputs past the first whose pointers the step writes into the record each run */
  outputFields: [number, number][] = [];
  private readonly blocks: GuardedBlocks;

  constructor(
    readonly algorithm: string,
    private readonly core: WasmRuntimeCore,
    ctxBytes: number,
  ) {
    this.blocks = new GuardedBlocks(core, { param: 'kernel', what: `the ${algorithm} tables` });
    this.ctx = this.blocks.alloc(ctxBytes, { zero: true });
  }

  /** wasm bytes the kernel holds (its record and tables, without the guard bands) */
  get bytes(): number {
    return this.blocks.bytes;
  }

  /** Copies a typed array into a new heap block; returns its offset. */
  put(a: Float32Array | Int32Array | Int16Array | Int8Array | Uint8Array): number {
    const at = this.blocks.alloc(a.byteLength);
    this.core.u8().set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    return at;
  }

  i32(field: number, v: number): void {
    this.core.i32()[(this.ctx + field) >> 2] = v;
  }

  f32(field: number, v: number): void {
    this.core.f32()[(this.ctx + field) >> 2] = v;
  }

  /** True when every guard band around the kernel's blocks is intact. */
  checkGuards(): boolean {
    return this.blocks.checkGuards();
  }

  dispose(): void {
    this.blocks.release();
  }
}

function constFloats(v: HostValueInfo | undefined): Float32Array | null {
  return v?.constant && v.constant.type === 'float32' ? (v.constant.data as Float32Array) : null;
}

/**
 * A float kernel prepared at load time (everything but the wasm memory it takes), or null where the TypeScript
 * operator runs the node (a computed weight, an empty tensor).
 */
export type Prepared = (core: WasmRuntimeCore) => ModelKernel;

function convTranspose(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
): Prepared | null {
  const W = constFloats(inputs[1]);
  const B = inputs[2] ? constFloats(inputs[2]) : undefined;
  if (!W || B === null) return null; // a computed W or B: the TypeScript operator
  const geo = convTransposeGeometry(node, inputs, outputs);
  const { n, cg, m, mg, group, kSize, inSize, oSize, dest, block, once } = geo;
  if (n * m * oSize === 0) return null;
  // the kernel sums each column value's channels from 0 in one run: where onnxruntime's GEMM splits them into blocks
  // (more channels per group than the block: many channels over few input cells), the TypeScript operator
  if (cg > block) return null;
  return (core) => {
    // W [C, M/g, k..] -> [m][c][p]: output channel m = g * mg + ml reads W[g * cg + c, ml, p]
    const packed = new Float32Array(m * cg * kSize);
    for (let g = 0; g < group; g++)
      for (let ml = 0; ml < mg; ml++)
        for (let c = 0; c < cg; c++)
          for (let p = 0; p < kSize; p++)
            packed[((g * mg + ml) * cg + c) * kSize + p] = W[((g * cg + c) * mg + ml) * kSize + p];
    // direct when every output cell is reached exactly once
    const direct = once;
    const k = new HeapKernel(direct ? 'convtranspose-f32-simd' : 'convtranspose-f32-simd-acc', core, K.CT_CTX_BYTES);
    const wAt = k.put(packed);
    const dAt = k.put(dest);
    const bAt = B ? k.put(B) : 0;
    const chunk = Math.max(8, Math.floor(CT_CHUNK_BYTES / (4 * cg) / 8) * 8);
    const fields: [number, number][] = [
      [K.CT_MODE, direct ? K.CT_MODE_DIRECT : K.CT_MODE_ACCUMULATE],
      [K.CT_CG, cg],
      [K.CT_MG, mg],
      [K.CT_GROUP, group],
      [K.CT_KSIZE, kSize],
      [K.CT_INSIZE, inSize],
      [K.CT_OSIZE, oSize],
      [K.CT_CHUNK, chunk],
      [K.CT_W, wAt],
      [K.CT_DEST, dAt],
      [K.CT_BIAS, bAt],
    ];
    for (const [f, v] of fields) k.i32(f, v);
    // accumulating: each task's columns of every kernel position in the model's scratch, where they fit and the
    // channels make the columns the larger part (a few channels per group: a position at a time, one pass)
    const colBytes = n * m * kSize * inSize * 4;
    k.i32(K.CT_COL, 0);
    if (!direct && cg >= 8 && colBytes <= CONV_LIMITS.maxTransposeColBytes) {
      k.scratchBytes = colBytes;
      k.scratchField = K.CT_COL;
    }
    k.dispatch = [
      { fn: 'convTransposeTask', range: direct ? [n, Math.ceil(inSize / chunk)] : [n, m], args: [SRC, NONE, DST] },
    ];
    return k;
  };
}

/**
 * Bytes of column matrix a Conv task's block of K should span (its cells x the block's rows): every quad of output
 * channels of the task reads that slice again, so it should stay in the L2 cache.
 */
const COL_SLICE_BYTES = 128 * 1024;
/** Conv GEMM tasks wanted per step where the channels allow (so a pool of up to this many threads has work). */
const CONV_TASKS = 8;
/**
 * `maxColBytes`: the most bytes of column matrices a Conv kernel takes from the scratch; beyond, it builds them in
 * pieces of cells, aiming at `piecesBytes` for all its tasks together (tests lower both to run every shape in pieces).
 */
export const CONV_LIMITS = {
  maxColBytes: 256 * 2 ** 20,
  piecesBytes: 16 * 2 ** 20,
  /**
   * column matrices past this many bytes (all images and groups) are built a chunk of cells per task, each chunk's
   * part about `chunkColBytes` (convChunkTask: built and used while in the L2 cache); smaller ones whole, then the GEMM
   */
  chunkedFromBytes: 2 ** 20,
  chunkColBytes: 256 * 1024,
  /** the most bytes of columns an accumulating ConvTranspose takes from the scratch (past it: a position at a time) */
  maxTransposeColBytes: 64 * 2 ** 20,
};

/** W in panels of four output channels, [GROUP][ceil(MG / 4)][rows][4], zeros past MG: its offset. */
function convPanels(k: HeapKernel, W: Float32Array, group: number, mg: number, rows: number): number {
  const quads = Math.ceil(mg / 4);
  const wt = new Float32Array(group * quads * rows * 4);
  for (let g = 0; g < group; g++)
    for (let q = 0; q < quads; q++)
      for (let j = 0; j < 4 && q * 4 + j < mg; j++) {
        const from = (g * mg + q * 4 + j) * rows;
        const to = (g * quads + q) * rows * 4 + j;
        for (let r = 0; r < rows; r++) wt[to + r * 4] = W[from + r];
      }
  return k.put(wt);
}

/**
 * The runs table of a tap table ([kSize][oSize]): per panel block of eight cells and kernel position, the input cell
 * of the first cell where the eight read input cells `step` apart (no padding; for a step of 2 the sixteen floats from
 * it inside the plane of inSize), -2 where all eight read the padding (rows above and below a small plane), else -1:
 * [ceil(oSize / 8)][kSize].
 */
export function convRuns(tap: Int32Array, kSize: number, oSize: number, inSize: number, step: number): Int32Array {
  // convolutions of one geometry share their tap table (host/conv.ts tapTable), and so their runs
  const key = `${kSize},${oSize},${inSize},${step}`;
  const memo = RUNS.get(tap);
  const had = memo?.get(key);
  if (had) return had;
  const runs = runsOf(tap, kSize, oSize, inSize, step);
  if (memo) memo.set(key, runs);
  else RUNS.set(tap, new Map([[key, runs]]));
  return runs;
}

const RUNS = new WeakMap<Int32Array, Map<string, Int32Array>>();

function runsOf(tap: Int32Array, kSize: number, oSize: number, inSize: number, step: number): Int32Array {
  const blocks = Math.ceil(oSize / 8);
  const runs = new Int32Array(blocks * kSize).fill(-1);
  for (let b = 0; b < blocks; b++) {
    const o = b * 8;
    if (o + 8 > oSize) continue;
    for (let p = 0; p < kSize; p++) {
      const first = tap[p * oSize + o];
      let run = first >= 0 && first + 8 * step <= inSize;
      for (let j = 1; j < 8 && run; j++) run = tap[p * oSize + o + j] === first + step * j;
      if (run) runs[b * kSize + p] = first;
      else {
        let pad = true;
        for (let j = 0; j < 8 && pad; j++) pad = tap[p * oSize + o + j] < 0;
        if (pad) runs[b * kSize + p] = -2;
      }
    }
  }
  return runs;
}

/**
 * How a Conv's GEMM splits into tasks: cells per task (a multiple of 8) such that a block of K of the task's column
 * matrix spans about COL_SLICE_BYTES (the whole plane for the one-row product, whose rows are few), and quads of
 * output channels per task, as many as still give CONV_TASKS tasks per step.
 */
export function convTasks(
  n: number,
  group: number,
  mg: number,
  rows: number,
  oSize: number,
  block: number,
  oneRow: boolean,
): { chunk: number; quadsPerTask: number; tasksPerGroup: number } {
  const cells8 = Math.ceil(oSize / 8) * 8;
  const kb = Math.min(block, rows);
  const chunk = oneRow ? cells8 : Math.min(cells8, Math.max(8, Math.floor(COL_SLICE_BYTES / (kb * 4) / 8) * 8));
  const chunks = Math.ceil(oSize / chunk);
  const quads = Math.ceil(mg / 4);
  const splits = Math.min(quads, Math.max(1, Math.ceil(CONV_TASKS / (n * group * chunks))));
  const quadsPerTask = Math.ceil(quads / splits);
  return { chunk, quadsPerTask, tasksPerGroup: Math.ceil(quads / quadsPerTask) * chunks };
}

function conv(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
): Prepared | null {
  const W = constFloats(inputs[1]);
  const B = inputs[2] ? constFloats(inputs[2]) : undefined;
  if (!W || B === null) return null; // a computed W or B: the TypeScript operator
  const { n, m, group, cg, mg, kSize, inSize, oSize, tap, order, sum, relu } = convGeometry(node, inputs, outputs);
  if (n * m * oSize === 0 || cg === 0) return null;
  const rows = cg * kSize;
  // a 1x1 convolution of stride 1 without padding: its column matrix is X in panels (named apart in profiles)
  let direct = kSize === 1 && inSize === oSize;
  for (let o = 0; o < oSize && direct; o++) direct = tap[o] === o;
  // where the whole column matrix would be too large: pieces of cells (a multiple of 8), one task per image and group
  // (the one-row product reads X through the tap table: no column matrix)
  const whole = order.oneRow ? 0 : n * group * rows * Math.ceil(oSize / 8) * 8 * 4;
  const piece =
    whole > CONV_LIMITS.maxColBytes
      ? Math.min(
          Math.ceil(oSize / 8) * 8,
          Math.max(8, Math.floor(CONV_LIMITS.piecesBytes / (n * group * rows * 4) / 8) * 8),
        )
      : 0;
  const colBytes = piece ? n * group * rows * piece * 4 : whole;
  if (colBytes > 256 * 2 ** 20) return null; // pieces of 8 cells of an absurd kernel: the TypeScript operator refuses it
  let split = convTasks(n, group, mg, rows, oSize, order.block, order.oneRow);
  // a column matrix larger than the caches: a task per chunk of cells builds its part and runs every channel over it
  // while it is in the L2 cache (where the chunks give the pool enough tasks)
  const cells8 = Math.ceil(oSize / 8) * 8;
  const own = Math.min(cells8, Math.max(8, Math.floor(CONV_LIMITS.chunkColBytes / (rows * 4) / 8) * 8));
  const chunked =
    !order.oneRow &&
    !piece &&
    whole > CONV_LIMITS.chunkedFromBytes &&
    (CONV_LIMITS.chunkedFromBytes === 0 || n * group * Math.ceil(oSize / own) >= CONV_TASKS);
  if (chunked) split = { chunk: own, quadsPerTask: Math.ceil(mg / 4), tasksPerGroup: Math.ceil(oSize / own) };
  return (core) => {
    const name = piece
      ? 'conv-f32-simd-pieces'
      : chunked
        ? 'conv-f32-simd-chunks'
        : direct
          ? 'conv-f32-simd-1x1'
          : 'conv-f32-simd';
    const k = new HeapKernel(name, core, K.CV_CTX_BYTES);
    const tAt = k.put(tap);
    const bAt = B ? k.put(B) : 0;
    const wtAt = convPanels(k, W, group, mg, rows);
    // runs of inputs 2 apart where the convolution strides by 2 along its last axis, else consecutive
    const strides = node.attributes.get('strides');
    const step = strides?.kind === 'ints' && strides.value[strides.value.length - 1] === 2 ? 2 : 1;
    const runsAt = k.put(convRuns(tap, kSize, oSize, inSize, step));
    for (const [f, v] of [
      [K.CV_CG, cg],
      [K.CV_MG, mg],
      [K.CV_GROUP, group],
      [K.CV_KSIZE, kSize],
      [K.CV_INSIZE, inSize],
      [K.CV_OSIZE, oSize],
      [K.CV_CHUNK, split.chunk],
      [K.CV_TAP, tAt],
      [K.CV_BIAS, bAt],
      [K.CV_QUADS, split.quadsPerTask],
      // onnxruntime's order; the one-row product's four-term cells (the last N mod 4) lie after every 8-cell block
      [K.CV_BLOCK, order.block],
      [K.CV_ONEROW, order.oneRow ? 1 : 0],
      [K.CV_GROUPED, order.groupedFrom],
      [K.CV_SUM, sum ? 1 : 0],
      [K.CV_WT, wtAt],
      [K.CV_PIECE, piece],
      [K.CV_RELU, relu ? 1 : 0],
      [K.CV_RUNS, runsAt],
      [K.CV_RUN_STEP, step],
    ])
      k.i32(f, v);
    k.scratchBytes = colBytes;
    k.scratchField = K.CV_COL;
    // ConvAdd's Z: the step's second input pointer (input 3, floatKernelOp)
    const args: KernelDispatch['args'] = [SRC, sum ? SECOND : NONE, DST];
    const gemm: KernelDispatch = { fn: 'convF32Task', range: [n, group, split.tasksPerGroup], args };
    k.dispatch = order.oneRow
      ? [gemm]
      : piece
        ? [{ fn: 'convPiecesTask', range: [n, group], args }]
        : chunked
          ? [{ fn: 'convChunkTask', range: [n, group, split.tasksPerGroup], args }]
          : [{ fn: 'convIm2colTask', range: [n, group], args: [SRC, NONE, DST] }, gemm];
    return k;
  };
}

function batchNorm(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
): Prepared | null {
  const params = [1, 2, 3, 4].map((i) => constFloats(inputs[i]));
  if (params.some((p) => !p)) return null;
  const { eps, channels, planes, inner } = batchNormFacts(node, inputs, outputs, opset);
  if (planes * inner === 0) return null;
  const s = new Float32Array(channels),
    b = new Float32Array(channels);
  const [scale, bias, mean, variance] = params as Float32Array[];
  batchNormConstants(eps, scale, bias, mean, variance, s, b);
  return (core) => {
    const k = new HeapKernel('batchnorm-f32-simd', core, K.AF_CTX_BYTES);
    const sAt = k.put(s),
      bAt = k.put(b);
    const ppt = Math.max(1, Math.floor(HOST_FLOAT_GRAIN / inner));
    for (const [f, v] of [
      [K.AF_PLANES, planes],
      [K.AF_C, channels],
      [K.AF_INNER, inner],
      [K.AF_PLANES_PER_TASK, ppt],
      [K.AF_S, sAt],
      [K.AF_B, bAt],
    ])
      k.i32(f, v);
    k.dispatch = [{ fn: 'channelAffineTask', range: [Math.ceil(planes / ppt)], args: [SRC, NONE, DST] }];
    return k;
  };
}

function relu(inputs: readonly (HostValueInfo | undefined)[]): Prepared | null {
  const x = inputs[0];
  if (!x || x.type !== 'float32' || x.constant) return null;
  const len = x.dims.reduce((a, d) => a * d, 1);
  if (len === 0) return null;
  return (core) => {
    const k = new HeapKernel('relu-f32-simd', core, K.RL_CTX_BYTES);
    k.i32(K.RL_N, len);
    k.i32(K.RL_GRAIN, HOST_FLOAT_GRAIN);
    k.dispatch = [{ fn: 'reluF32Task', range: [Math.ceil(len / HOST_FLOAT_GRAIN)], args: [SRC, NONE, DST] }];
    return k;
  };
}

function softmax(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
): Prepared | null {
  const { outer, len, inner } = softmaxGroups(node, inputs, outputs, opset);
  if (outer * len * inner === 0) return null;
  // rows of contiguous values, or along a strided axis four neighbouring rows as the lanes (groups of 4 rows)
  const strided = inner !== 1;
  return (core) => {
    const k = new HeapKernel(strided ? 'softmax-strided-f32-simd' : 'softmax-f32-simd', core, K.SM_CTX_BYTES);
    const rpt = Math.max(1, Math.floor(HOST_FLOAT_GRAIN / (len * (strided ? 4 : 1))));
    const units = strided ? outer * Math.ceil(inner / 4) : outer;
    for (const [f, v] of [
      [K.SM_ROWS, outer],
      [K.SM_LEN, len],
      [K.SM_ROWS_PER_TASK, rpt],
      [K.SM_INNER, inner],
    ])
      k.i32(f, v);
    k.dispatch = [
      { fn: strided ? 'softmaxStridedTask' : 'softmaxTask', range: [Math.ceil(units / rpt)], args: [SRC, NONE, DST] },
    ];
    return k;
  };
}

/** Rows per task of the row kernels: a multiple of 8 (the rows of a group: two of lanes), about HOST_FLOAT_GRAIN values. */
function rowsPerTask(len: number): number {
  return Math.max(8, Math.floor(HOST_FLOAT_GRAIN / Math.max(1, len) / 8) * 8);
}
/** The longest row the row kernels take: the counts h + 1 and the row length stay exact in float32. */
const MAX_ROW = 2 ** 24;

function layerNorm(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly (HostValueInfo | undefined)[],
): Prepared | null {
  const S = constFloats(inputs[1]);
  const B = inputs[2] ? constFloats(inputs[2]) : undefined;
  // a computed Scale or B: the TypeScript operator
  if (!S || B === null) return null;
  const x = inputs[0]!;
  const axis = normAxis(node, attrInt(node, 'axis', -1), x.dims.length);
  const w = numel(x.dims.slice(axis));
  const rows = numel(x.dims.slice(0, axis));
  if (rows * w === 0 || w > MAX_ROW) return null;
  const eps = Math.fround(attrFloat(node, 'epsilon', 1e-5));
  return (core) => {
    const k = new HeapKernel('layernorm-f32-simd', core, K.LN_CTX_BYTES);
    const rpt = rowsPerTask(w);
    for (const [f, v] of [
      [K.LN_ROWS, rows],
      [K.LN_W, w],
      [K.LN_ROWS_PER_TASK, rpt],
      [K.LN_SCALE, k.put(S)],
      [K.LN_BIAS, B ? k.put(B) : 0],
    ])
      k.i32(f, v);
    k.f32(K.LN_EPS, eps);
    // Mean and InvStdDev, where the node has them: their arena pointers go to the record before each run
    if (outputs[1]) k.outputFields.push([1, K.LN_MEAN]);
    if (outputs[2]) k.outputFields.push([2, K.LN_INV_STD]);
    k.dispatch = [{ fn: 'layerNormTask', range: [Math.ceil(rows / rpt)], args: [SRC, NONE, DST] }];
    return k;
  };
}

function instanceNorm(node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[]): Prepared | null {
  const S = constFloats(inputs[1]),
    B = constFloats(inputs[2]);
  if (!S || !B) return null; // a computed scale or B: the TypeScript operator
  const x = inputs[0]!;
  const c = x.dims[1];
  const w = numel(x.dims.slice(2));
  const planes = x.dims[0] * c;
  if (planes * w === 0 || w > MAX_ROW) return null;
  const eps = Math.fround(attrFloat(node, 'epsilon', 1e-5));
  return (core) => {
    const k = new HeapKernel('instancenorm-f32-simd', core, K.IN_CTX_BYTES);
    const ppt = rowsPerTask(w);
    for (const [f, v] of [
      [K.IN_PLANES, planes],
      [K.IN_C, c],
      [K.IN_W, w],
      [K.IN_PLANES_PER_TASK, ppt],
      [K.IN_SCALE, k.put(S)],
      [K.IN_BIAS, k.put(B)],
    ])
      k.i32(f, v);
    k.f32(K.IN_EPS, eps);
    k.dispatch = [{ fn: 'instanceNormTask', range: [Math.ceil(planes / ppt)], args: [SRC, NONE, DST] }];
    return k;
  };
}

const RD_KINDS = { sum: K.RD_SUM, mean: K.RD_MEAN, max: K.RD_MAX, min: K.RD_MIN, gmax: K.RD_GMAX } as const;

/** Rows of contiguous values reduced to one float each: `kind` of RD_KINDS. */
function reduceRowsKernel(kind: keyof typeof RD_KINDS, rows: number, len: number): Prepared | null {
  if (rows * len === 0 || len > MAX_ROW) return null;
  return (core) => {
    const k = new HeapKernel(
      kind === 'gmax' ? 'globalmaxpool-f32-simd' : `reduce-${kind}-f32-simd`,
      core,
      K.RD_CTX_BYTES,
    );
    const rpt = rowsPerTask(len);
    for (const [f, v] of [
      [K.RD_ROWS, rows],
      [K.RD_LEN, len],
      [K.RD_ROWS_PER_TASK, rpt],
      [K.RD_KIND, RD_KINDS[kind]],
    ])
      k.i32(f, v);
    k.dispatch = [{ fn: 'reduceRowsTask', range: [Math.ceil(rows / rpt)], args: [SRC, NONE, DST] }];
    return k;
  };
}

/** Columns reduced (ReduceSum / ReduceMean over the middle axis of [outer, R, K]): reduceCols's plan. */
function reduceColsKernel(c: NonNullable<ReturnType<typeof reduceCols>>): Prepared | null {
  if (c.outer * c.r * c.k === 0 || c.r > MAX_ROW) return null;
  return (core) => {
    const k = new HeapKernel(`reduce-${c.mean ? 'mean' : 'sum'}-cols-f32-simd`, core, K.RC_CTX_BYTES);
    // about HOST_FLOAT_GRAIN values a task, whole 4-column groups
    const cpt = Math.max(4, Math.floor(HOST_FLOAT_GRAIN / c.r / 4) * 4);
    const chunks = Math.ceil(c.k / cpt);
    for (const [f, v] of [
      [K.RC_OUTER, c.outer],
      [K.RC_R, c.r],
      [K.RC_K, c.k],
      [K.RC_COLS_PER_TASK, cpt],
      [K.RC_MEAN, c.mean ? 1 : 0],
      [K.RC_FROM_ZERO, c.fromZero ? 1 : 0],
    ])
      k.i32(f, v);
    k.dispatch = [{ fn: 'reduceColsTask', range: [c.outer * chunks], args: [SRC, NONE, DST] }];
    return k;
  };
}

/**
 * The wasm kernel of a float operator node, prepared, or null where the TypeScript operator runs it (another
 * operator, a computed weight, an empty tensor). Input 0 is the kernel's src, output 0 its dst. Call it after the
 * operator's factory accepted the node (it repeats the checks, raising the same errors). Making the kernel throws
 * OUT_OF_MEMORY when its tables do not fit.
 */
export function prepareFloatKernel(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
): Prepared | null {
  if (!inputs[0] || inputs[0].constant) return null;
  if (node.domain === 'i8conv' && node.opType === 'ConvAdd') return conv(node, inputs, outputs);
  if (node.domain === 'i8conv' && node.opType === 'LayerNormalization') return layerNorm(node, inputs, outputs);
  if (node.domain !== '') return null;
  switch (node.opType) {
    case 'ConvTranspose':
      return convTranspose(node, inputs, outputs);
    case 'Conv':
      return conv(node, inputs, outputs);
    case 'BatchNormalization':
      return batchNorm(node, inputs, outputs, opset);
    case 'Relu':
      return relu(inputs);
    case 'Softmax':
      return softmax(node, inputs, outputs, opset);
    case 'LayerNormalization':
      return layerNorm(node, inputs, outputs);
    case 'InstanceNormalization':
      return instanceNorm(node, inputs);
    case 'ReduceSum':
    case 'ReduceMean':
    case 'ReduceMax':
    case 'ReduceMin': {
      const r = reduceRows(node, inputs, opset);
      if (r) return reduceRowsKernel(r.kind, r.rows, r.len);
      const c = reduceCols(node, inputs, opset);
      return c ? reduceColsKernel(c) : null;
    }
    case 'GlobalMaxPool': {
      const d = inputs[0].dims;
      return inputs[0].type === 'float32' ? reduceRowsKernel('gmax', d[0] * d[1], numel(d.slice(2))) : null;
    }
    default:
      return null;
  }
}

/** The wasm kernel of a float operator node, or null (tests: prepareFloatKernel, made at once). */
export function simdHostKernel(
  core: WasmRuntimeCore,
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
): ModelKernel | null {
  return prepareFloatKernel(node, inputs, outputs, opset)?.(core) ?? null;
}

/**
 * The operator table's float SIMD implementation of a float32 operator: where prepareFloatKernel takes the node,
 * a step running the wasm kernel on the pool's threads; `factory` (the TypeScript operator) checks the node first,
 * so that both implementations refuse the same nodes with the same errors.
 */
export function floatKernelOp(
  factory: HostOpFactory,
  prepare: (
    node: HostOpNode,
    inputs: readonly (HostValueInfo | undefined)[],
    outputs: readonly HostValueInfo[],
    opset: number,
  ) => Prepared | null = prepareFloatKernel,
): Lower {
  return (node, { name, values, opset }) => {
    const hostNode = { name: node.name, opType: node.opType, domain: node.domain, attributes: node.attributes };
    const ins = node.inputs.map((n) => (n === '' ? undefined : infoOf(values.get(n)!)));
    // an output the node leaves out ('', e.g. LayerNormalization's Mean before a named InvStdDev) is undefined
    const outs = node.outputs.map((n) => (n === '' ? undefined : infoOf(values.get(n)!))) as HostValueInfo[];
    factory(hostNode, ins, outs, opset);
    const prepared = prepare(hostNode, ins, outs, opset);
    if (!prepared) return undefined;
    return {
      name,
      op: node.opType,
      node,
      inputs: [...node.inputs],
      outputs: [...node.outputs],
      rule: { kind: 'nchw' },
      build: (env, step) => {
        const inVals = step.inputs.map((n) => (n === '' ? undefined : env.values.get(n)!));
        const outVals = step.outputs.map((n) => (n === '' ? undefined : env.values.get(n)!)) as PlannedValue[];
        const kernel = prepared(env.core);
        // ConvAdd reads Z (input 3, where given) through the second pointer; a kernel may name its own
        const own = kernel instanceof HeapKernel ? kernel.second : undefined;
        const second = own ?? (node.opType === 'ConvAdd' && node.inputs[3] ? 3 : undefined);
        const base = kernelStep(env.core, kernel, { threaded: true, second });
        const scratchField = kernel instanceof HeapKernel ? kernel.scratchField : -1;
        const outputFields = kernel instanceof HeapKernel ? kernel.outputFields : [];
        return {
          ...base,
          scratchBytes: kernel instanceof HeapKernel ? kernel.scratchBytes : 0,
          macs: floatMacs(node.opType, inVals, outVals, node),
          run(p) {
            // the model's scratch moves with the arena: its pointer is written before each run
            if (scratchField >= 0) env.core.i32()[(kernel.ctx + scratchField) >> 2] = p.scratch;
            for (const [o, f] of outputFields) env.core.i32()[(kernel.ctx + f) >> 2] = p.outputs[o];
            base.run(p);
          },
        };
      },
    };
  };
}
