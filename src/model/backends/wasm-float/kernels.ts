/**
 * Wasm SIMD paths of the hottest float32 host operators (kernels in assembly/model/host-float.ts), for the model
 * executor (src/model/backends/host/lower.ts builds them in place of the TypeScript operator when `simdHostKernel` returns
 * one). Each computes exactly what its TypeScript operator computes, operation for operation, so the bits are the
 * same (test/model-host-ops.test.ts runs both on the same cases):
 *
 * - ConvTranspose (./conv.ts), float32, with a constant W (and B, when present): the weights are packed per output
 *   channel as [c][p] and the col2im table (convTransposeGeometry's dest) is copied to wasm memory at load. When
 *   every output cell is reached by exactly one (kernel position, input cell) -- a stride equal to the dilated
 *   kernel, e.g. the 2x2 / stride 2 upsampling of detection heads, crops allowed -- the kernel writes each cell once
 *   (tasks over chunks of input cells: the pool's threads share a plane); otherwise it accumulates the positions in
 *   order onto a zeroed plane (tasks over output channels).
 * - BatchNormalization (./norm.ts) with constant scale, B, mean and var: the per-channel s and b are computed at
 *   load by batchNormConstants; the kernel does y = f(f(x * s) + b).
 * - Relu on float32: y = x < 0 ? 0 : x (wasm's f32x4.pmax(x, 0) is exactly that, -0 and NaN included).
 * - Softmax (./softmax.ts, MLAS's exp and summation order, ./float-math.ts) over rows of contiguous values (the
 *   normalized axis the last one, or opset < 13): tasks of whole rows.
 *
 * The record layouts are assembly/model/host-float.ts's constants (CT_*, AF_*, RL_*), spelled again in HOST_FLOAT_CTX;
 * the test compares the two.
 */
import { I8ConvError } from '../../../errors.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { KernelDispatch, PtrArg } from '../../../threads/protocol.js';
import type { HostOpNode, HostValueInfo, ModelKernel } from '../types.js';
import { convTransposeGeometry } from '../host/conv.js';
import { batchNormConstants, batchNormFacts } from '../host/norm.js';
import { softmaxGroups } from '../host/softmax.js';

/** Byte offsets of the kernels' records: assembly/model/host-float.ts, field by field. */
export const HOST_FLOAT_CTX = {
  CT_MODE: 0, CT_CG: 4, CT_MG: 8, CT_GROUP: 12, CT_KSIZE: 16, CT_INSIZE: 20, CT_OSIZE: 24, CT_CHUNK: 28, CT_W: 32,
  CT_DEST: 36, CT_BIAS: 40, CT_MODE_DIRECT: 0, CT_MODE_ACCUMULATE: 1, CT_CTX_BYTES: 64,
  AF_PLANES: 0, AF_C: 4, AF_INNER: 8, AF_PLANES_PER_TASK: 12, AF_S: 16, AF_B: 20, AF_CTX_BYTES: 32,
  RL_N: 0, RL_GRAIN: 4, RL_CTX_BYTES: 16,
  SM_ROWS: 0, SM_LEN: 4, SM_ROWS_PER_TASK: 8, SM_CTX_BYTES: 16,
} as const;
const K = HOST_FLOAT_CTX;

/** Elements per task of the element-wise kernels (64 KB of float32): a few tens of microseconds each. */
export const HOST_FLOAT_GRAIN = 16384;
/** Bytes of X one ConvTranspose task reads per input channel group (its chunk of cells stays in L1). */
const CT_CHUNK_BYTES = 32768;

const SRC: PtrArg = { base: 'src' };
const DST: PtrArg = { base: 'dst' };
const NONE: PtrArg = { base: 'none' };

/** A kernel whose record and tables are blocks of the runtime's heap, released by dispose. */
class HeapKernel implements ModelKernel {
  readonly ctx: number;
  bytes = 0;
  dispatch: readonly KernelDispatch[] = [];
  private readonly blocks: number[] = [];
  private released = false;

  constructor(readonly algorithm: string, private readonly core: WasmRuntimeCore, ctxBytes: number) {
    this.ctx = this.alloc(ctxBytes);
    this.core.u8().fill(0, this.ctx, this.ctx + ctxBytes);
  }

  /** A heap block of `bytes` (64-byte aligned); OUT_OF_MEMORY (and everything released) when memory cannot grow. */
  alloc(bytes: number): number {
    let at: number;
    try {
      at = this.core.heap.alloc(Math.max(bytes, 16), 64);
    } catch (e) {
      this.dispose();
      throw new I8ConvError('OUT_OF_MEMORY', `kernel: the wasm memory could not grow by ${bytes} bytes for the ${this.algorithm} tables: ${String((e as Error).message ?? e)}`, 'kernel');
    }
    this.blocks.push(at);
    this.bytes += bytes;
    return at;
  }

  /** Copies a typed array into a new heap block; returns its offset. */
  put(a: Float32Array | Int32Array): number {
    const at = this.alloc(a.byteLength);
    this.core.u8().set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    return at;
  }

  i32(field: number, v: number): void {
    this.core.i32()[(this.ctx + field) >> 2] = v;
  }

  dispose(): void {
    if (this.released) return;
    this.released = true;
    for (const b of this.blocks) this.core.heap.release(b);
  }
}

function constFloats(v: HostValueInfo | undefined): Float32Array | null {
  return v?.constant && v.constant.type === 'float32' ? (v.constant.data as Float32Array) : null;
}

function convTransposeKernel(core: WasmRuntimeCore, node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[], outputs: readonly HostValueInfo[]): ModelKernel | null {
  const W = constFloats(inputs[1]);
  const B = inputs[2] ? constFloats(inputs[2]) : undefined;
  if (!W || B === null) return null; // a computed W or B: the TypeScript operator
  const geo = convTransposeGeometry(node, inputs, outputs);
  const { n, cg, m, mg, group, kSize, inSize, oSize, dest } = geo;
  if (n * m * oSize === 0) return null;
  // W [C, M/g, k..] -> [m][c][p]: output channel m = g * mg + ml reads W[g * cg + c, ml, p]
  const packed = new Float32Array(m * cg * kSize);
  for (let g = 0; g < group; g++)
    for (let ml = 0; ml < mg; ml++)
      for (let c = 0; c < cg; c++)
        for (let p = 0; p < kSize; p++) packed[(((g * mg + ml) * cg + c) * kSize) + p] = W[((g * cg + c) * mg + ml) * kSize + p];
  // direct when every output cell is reached exactly once (the check's array not allocated: accumulate)
  let direct = true;
  let hits: Uint8Array;
  try {
    hits = new Uint8Array(oSize);
  } catch {
    hits = new Uint8Array(0);
    direct = false;
  }
  for (let i = 0; i < dest.length && direct; i++) {
    const o = dest[i];
    if (o >= 0) direct = hits[o]++ === 0;
  }
  for (let o = 0; o < oSize && direct; o++) direct = hits[o] === 1;
  const k = new HeapKernel(direct ? 'convtranspose-f32-simd' : 'convtranspose-f32-simd-acc', core, K.CT_CTX_BYTES);
  const wAt = k.put(packed);
  const dAt = k.put(dest);
  const bAt = B ? k.put(B) : 0;
  const chunk = Math.max(8, Math.floor(CT_CHUNK_BYTES / (4 * cg) / 8) * 8);
  const fields: [number, number][] = [
    [K.CT_MODE, direct ? K.CT_MODE_DIRECT : K.CT_MODE_ACCUMULATE], [K.CT_CG, cg], [K.CT_MG, mg], [K.CT_GROUP, group],
    [K.CT_KSIZE, kSize], [K.CT_INSIZE, inSize], [K.CT_OSIZE, oSize], [K.CT_CHUNK, chunk], [K.CT_W, wAt], [K.CT_DEST, dAt], [K.CT_BIAS, bAt],
  ];
  for (const [f, v] of fields) k.i32(f, v);
  k.dispatch = [{ fn: 'convTransposeTask', range: direct ? [n, Math.ceil(inSize / chunk)] : [n, m], args: [SRC, NONE, DST] }];
  return k;
}

function batchNormKernel(core: WasmRuntimeCore, node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[], outputs: readonly HostValueInfo[], opset: number): ModelKernel | null {
  const params = [1, 2, 3, 4].map((i) => constFloats(inputs[i]));
  if (params.some((p) => !p)) return null;
  const { eps, channels, planes, inner } = batchNormFacts(node, inputs, outputs, opset);
  if (planes * inner === 0) return null;
  const s = new Float32Array(channels), b = new Float32Array(channels);
  const [scale, bias, mean, variance] = params as Float32Array[];
  batchNormConstants(eps, scale, bias, mean, variance, s, b);
  const k = new HeapKernel('batchnorm-f32-simd', core, K.AF_CTX_BYTES);
  const sAt = k.put(s), bAt = k.put(b);
  const ppt = Math.max(1, Math.floor(HOST_FLOAT_GRAIN / inner));
  for (const [f, v] of [[K.AF_PLANES, planes], [K.AF_C, channels], [K.AF_INNER, inner], [K.AF_PLANES_PER_TASK, ppt], [K.AF_S, sAt], [K.AF_B, bAt]]) k.i32(f, v);
  k.dispatch = [{ fn: 'channelAffineTask', range: [Math.ceil(planes / ppt)], args: [SRC, NONE, DST] }];
  return k;
}

function reluKernel(core: WasmRuntimeCore, inputs: readonly (HostValueInfo | undefined)[]): ModelKernel | null {
  const x = inputs[0];
  if (!x || x.type !== 'float32' || x.constant) return null;
  const len = x.dims.reduce((a, d) => a * d, 1);
  if (len === 0) return null;
  const k = new HeapKernel('relu-f32-simd', core, K.RL_CTX_BYTES);
  k.i32(K.RL_N, len);
  k.i32(K.RL_GRAIN, HOST_FLOAT_GRAIN);
  k.dispatch = [{ fn: 'reluF32Task', range: [Math.ceil(len / HOST_FLOAT_GRAIN)], args: [SRC, NONE, DST] }];
  return k;
}

function softmaxKernel(core: WasmRuntimeCore, node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[], outputs: readonly HostValueInfo[], opset: number): ModelKernel | null {
  const { outer, len, inner } = softmaxGroups(node, inputs, outputs, opset);
  // rows of contiguous values only (a strided axis: the TypeScript operator)
  if (inner !== 1 || outer * len === 0) return null;
  const k = new HeapKernel('softmax-f32-simd', core, K.SM_CTX_BYTES);
  const rpt = Math.max(1, Math.floor(HOST_FLOAT_GRAIN / len));
  for (const [f, v] of [[K.SM_ROWS, outer], [K.SM_LEN, len], [K.SM_ROWS_PER_TASK, rpt]]) k.i32(f, v);
  k.dispatch = [{ fn: 'softmaxTask', range: [Math.ceil(outer / rpt)], args: [SRC, NONE, DST] }];
  return k;
}

/**
 * The wasm kernel of a host operator node, or null where the TypeScript operator runs it (another operator, a
 * computed weight, an empty tensor). Input 0 is the kernel's src, output 0 its dst. Call it after the operator's
 * factory accepted the node (it repeats the checks, raising the same errors). Throws OUT_OF_MEMORY when the tables
 * do not fit.
 */
export function simdHostKernel(core: WasmRuntimeCore, node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[], outputs: readonly HostValueInfo[], opset: number): ModelKernel | null {
  if (node.domain !== '' || !inputs[0] || inputs[0].constant) return null;
  switch (node.opType) {
    case 'ConvTranspose':
      return convTransposeKernel(core, node, inputs, outputs);
    case 'BatchNormalization':
      return batchNormKernel(core, node, inputs, outputs, opset);
    case 'Relu':
      return reluKernel(core, inputs);
    case 'Softmax':
      return softmaxKernel(core, node, inputs, outputs, opset);
    default:
      return null;
  }
}
