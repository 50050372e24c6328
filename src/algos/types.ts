/**
 * The algorithm interface (MegEngine's fallback ConvBias framework, in TypeScript):
 *   usable(s)      -> null, or the reason it cannot run this shape (used as the error when nothing is usable)
 *   isPreferred(s) -> whether the heuristic should try it before the non-preferred ones
 *   plan(s, o)     -> the workspace (a WorkspaceBundle: one pure function for sizing and for run-time chunk
 *                     offsets; chunk 0 holds the packed filter, chunk 1 the per-thread slices), the filter
 *                     packer, the algorithm's fields of the context record, and the kernels over their N-d task
 *                     ranges (dispatch: independent tasks, so threads can share them)
 */
import type { SimdTileSet } from '../features.js';
import type { ErrorCode } from '../errors.js';
import type { ConvShape } from '../params.js';
import type { WorkspaceBundle } from '../workspace.js';
import type { KernelDispatch } from '../threads/protocol.js';
import type { CTX } from './kernel-table.generated.js';

import type { Isa } from './isa.js';

/** A runtime's kernel isa (its build and relaxed-dot flavour): the rules that follow from it are in ./isa.ts. */
export type { Isa } from './isa.js';
export type { KernelDispatch, PtrArg } from '../threads/protocol.js';

export interface PlanOptions {
  threads: number;
  isa: Isa;
  /** force the main micro-kernel by its kernel-table name (tests, benchmarks, tuning) */
  kernel?: string;
  /** the SIMD128 NCHW44 dot tile set (features.simdTiles; default 'wide') */
  tiles?: SimdTileSet;
}

export interface Rejection {
  code: ErrorCode;
  param: string;
  message: string;
}

export type CtxField = keyof typeof CTX;

/** Plan-time facts an algorithm computes once per operator. */
export interface AlgoPlan {
  workspace: WorkspaceBundle;
  /** bytes per thread slice in workspace chunk 1 */
  perThreadBytes: number;
  kernels: KernelDispatch[];
  /** the algorithm's own i32 fields of the context record (the operator writes the common ones) */
  ctxFields: Partial<Record<CtxField, number>>;
  /** output channels per group rounded up to the algorithm's channel block (stride of the per-channel arrays) */
  ocpgPad: number;
  /** packed filter size in bytes (workspace chunk 0) and the packer; the packer returns a per-output-channel int32
   *  term to add to every accumulator ([G][ocpgPad]: e.g. the relaxed kernels' split correction), or null */
  packedFilterBytes: number;
  packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null;
  /** names of the micro-kernels this plan runs (for reports) */
  kernelNames: string[];
}

export interface ConvAlgorithm {
  readonly name: string;
  readonly formats: readonly string[];
  usable(s: ConvShape): Rejection | null;
  /** isa: the runtime's kernel isa, where the preference depends on it (absent: any) */
  isPreferred(s: ConvShape, isa?: Isa): boolean;
  plan(s: ConvShape, o: PlanOptions): AlgoPlan;
}

export function reject(code: ErrorCode, param: string, message: string): Rejection {
  return { code, param, message };
}
