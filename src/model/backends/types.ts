/**
 * The contract between the model executor and the kernels of its non-convolution operators.
 *
 * A kernel is made once per planned node, at load time: its constructor checks its parameters, allocates what it
 * keeps in wasm memory (a parameter record `ctx`, look-up tables, index tables) from the runtime's heap, and
 * describes one run as a list of task dispatches (src/threads/protocol.ts): wasm task functions with the conv tasks'
 * signature `(ctx, p0, p1, p2, i0, i1, i2)`, each task writing a disjoint part of the output, so any thread of the
 * pool may run any task. The executor binds the pointer bases per run:
 *   src    = input 0 (byte offset in wasm memory)
 *   slices = input 1 (a second operand), or 0 when the node has one input
 *   dst    = output 0
 * Tensors are 'NCHW' (plain row-major of their dims) or 'NCHW44' (4-D [N, C, H, W] with C % 4 == 0, stored as
 * [N][C/4][H][W][4]).
 */
import type { ExecPointers, KernelDispatch } from '../../threads/protocol.js';
import { JOB, runJob, writeJob } from '../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../runtime.js';

export type Layout = 'NCHW' | 'NCHW44';
export type QType = 'int8' | 'uint8';

export interface ModelKernel {
  /** what model.nodes and the profile show, e.g. 'qadd-simd', 'maxpool-nchw44' */
  readonly algorithm: string;
  /** wasm bytes the kernel holds (ctx record, tables) */
  readonly bytes: number;
  /** the parameter record passed as ctx to every task (0 when none) */
  readonly ctx: number;
  /** the tasks of one run, in order */
  readonly dispatch: readonly KernelDispatch[];
  dispose(): void;
}

/** Runs a kernel's tasks on the calling thread (tests, and the executor's single-thread path). */
export function runKernelSerial(
  core: WasmRuntimeCore,
  k: ModelKernel,
  src: number,
  second: number,
  dst: number,
  job = new Int32Array(JOB.SIZE),
): void {
  const e: ExecPointers = { ctx: k.ctx, src, dst, slices: second };
  for (const d of k.dispatch) {
    writeJob(job, d, e);
    job[JOB.NEXT] = 0;
    runJob(core.exports, job, 0, 1);
  }
}

// ---- host operators ----------------------------------------------------------------------------------------------

/**
 * Operators the executor runs in TypeScript on views of wasm memory (float32 arithmetic between a DequantizeLinear
 * and a QuantizeLinear, shape plumbing that survived folding, rare ops): always NCHW (plain row-major) tensors.
 * A factory is called once per node at load time with the static facts (types, dims, constant inputs); it checks
 * what it supports (throwing I8ConvError 'UNSUPPORTED_OP' naming the node and why) and returns the run function.
 */
export type HostData = Float32Array | Int32Array | Uint8Array | Int8Array | BigInt64Array | Float64Array;
export interface HostTensor {
  type: 'float32' | 'int32' | 'uint8' | 'int8' | 'int64' | 'bool' | 'double';
  dims: readonly number[];
  data: HostData;
}
export interface HostValueInfo {
  type: HostTensor['type'];
  dims: readonly number[];
  /** the value when it is a constant (initializer), else undefined */
  constant?: HostTensor;
}
/** Runs one node: reads its inputs (undefined = an omitted optional input), writes every output's data in place. */
export type HostOp = (inputs: readonly (HostTensor | undefined)[], outputs: readonly HostTensor[]) => void;
export interface HostOpNode {
  name: string;
  opType: string;
  domain: string;
  attributes: ReadonlyMap<string, import('../graph/ir.js').Attribute>;
}
export type HostOpFactory = (
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
) => HostOp;
