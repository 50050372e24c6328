/**
 * The algorithm interface (MegEngine's fallback ConvBias framework, in TypeScript):
 *   usable(s)      -> null, or the reason it cannot run this shape (used as the error when nothing is usable)
 *   isPreferred(s) -> whether the heuristic should try it before the non-preferred ones
 *   plan(s, o)     -> the workspace (a WorkspaceBundle: one pure function for sizing and for run-time chunk
 *                     offsets; chunk 0 holds the packed filter, chunk 1 the per-thread slices), the filter
 *                     packer, the context record, and the kernels over their N-d task ranges
 *   packFilter(s, oihw)   -> the algorithm's packed filter bytes (done once, at setFilter)
 *   dispatch(s, threads)  -> kernels, each over an N-d range of independent tasks (threads may share them)
 */
import type { ConvShape } from '../params.js';
import type { WorkspaceBundle } from '../workspace.js';
import type { WasmRuntimeCore } from '../runtime.js';

/** Kernel ISA of the loaded wasm build. */
export type Isa = 'wasmsimd' | 'wasmrelaxedsimd';

export interface PlanOptions {
  threads: number;
  isa: Isa;
  /** force the main micro-kernel by its kernel-table name (tests, benchmarks, tuning) */
  kernel?: string;
}

export interface Rejection {
  code: string;
  param: string;
  message: string;
}

/** Everything a kernel task needs at run time (pointers are wasm byte offsets). */
export interface ExecContext {
  core: WasmRuntimeCore;
  /** the algorithm's own record in wasm memory (written at plan time) */
  ctx: number;
  src: number;
  dst: number;
  /** workspace chunk 1: the per-thread slices */
  threadSlices: number;
}

export interface KernelDispatch {
  /** N-d task range, last dimension fastest. */
  range: readonly number[];
  run(e: ExecContext, threadId: number, index: readonly number[]): void;
}

/** Plan-time facts an algorithm computes once per operator. */
export interface AlgoPlan {
  workspace: WorkspaceBundle;
  /** bytes per thread slice in workspace chunk 1 */
  perThreadBytes: number;
  kernels: KernelDispatch[];
  /** bytes of the algorithm's context record (0 if none) */
  ctxBytes: number;
  /** writes the context record (weights/bias pointers are patched later) */
  writeCtx(core: WasmRuntimeCore, ctx: number): void;
  /** packed filter size in bytes (workspace chunk 0) and the packer; returns a per-output-channel int32 term to add to every
   *  accumulator (the relaxed kernels' split correction), or null */
  packedFilterBytes: number;
  packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null;
  /** context fields holding the packed filter, the int32[OC] accumulator start, and the full bias */
  setPointers(core: WasmRuntimeCore, ctx: number, weights: number, init: number, fullBias: number): void;
  /** names of the micro-kernels this plan runs (for reports) */
  kernelNames: string[];
}

export interface ConvAlgorithm {
  readonly name: string;
  readonly formats: readonly string[];
  usable(s: ConvShape): Rejection | null;
  isPreferred(s: ConvShape): boolean;
  plan(s: ConvShape, o: PlanOptions): AlgoPlan;
}
