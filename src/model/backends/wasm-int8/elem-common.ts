/**
 * What the element-wise model kernels (quantize.ts, binary.ts, lut.ts, requant.ts) share: the byte offsets of their
 * wasm parameter records (generated from tools/model-ctx.mjs, as assembly/model/elem-ctx.ts is), the task grain, the
 * parameter checks, and the base class that allocates the record from the runtime's heap and releases it.
 *
 * Every kernel is one dispatch of a wasm task function over `ceil(n / ELEM_TASK_ELEMS)` tasks, task t writing output
 * elements [t * ELEM_TASK_ELEMS, (t + 1) * ELEM_TASK_ELEMS): disjoint, so the pool's threads may share them. A
 * kernel over 0 elements has no dispatch.
 *
 * Types travel to wasm as byte xors (0 for uint8, 0x80 for int8): an int8 byte ^ 0x80 is its value + 128, so the
 * kernels compute on unsigned bytes with the zero points moved by +128 (elem-ctx.ts).
 */
import { check } from '../../../errors.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { KernelDispatch, PtrArg, TaskFunction } from '../../../threads/protocol.js';
import type { ModelKernel, QType } from '../types.js';
import { GuardedBlocks } from '../../../heap.js';
import { ELEM_CTX } from './ctx.generated.js';
export { Q_RANGE, checkQType, checkScale, checkZeroPoint } from '../../numerics/quantize.js';

/** Byte offsets of the parameter records: generated from tools/model-ctx.mjs, as assembly/model/elem-ctx.ts is. */
export { ELEM_CTX };

/**
 * Output elements per task: 16 KB of a byte output, 64 KB of a float one (DequantizeLinear). At the kernels' speeds
 * (0.4-1.5 ms per MB on one thread) a task takes 6-25 us, well above the cost of claiming it (one atomic add), and
 * a 112² x 64 tensor (800 K elements) still splits into 49 tasks for the pool to balance. A multiple of 16.
 */
export const ELEM_TASK_ELEMS = 16384;

/** Most elements one tensor of these kernels may have: every byte offset (4 bytes an element) stays below 2^32. */
export const MAX_ELEMENTS = 2 ** 30;

/** The byte xor of a type (see the header). */
export const xorOf = (t: QType): number => (t === 'int8' ? 0x80 : 0);

/** An element count: an integer in [0, MAX_ELEMENTS]. */
export function checkLength(n: unknown, param: string): number {
  check(
    typeof n === 'number' && Number.isInteger(n) && n >= 0,
    'BAD_SHAPE',
    param,
    () => `must be an integer >= 0 (elements), got ${String(n)}`,
  );
  check(
    n <= MAX_ELEMENTS,
    'TOO_LARGE',
    param,
    () => `${n} elements are more than the ${MAX_ELEMENTS} these kernels take`,
  );
  return n;
}

/** Tensor dims: an array of integers >= 0 whose product is at most MAX_ELEMENTS. Returns a copy. */
export function checkDims(d: unknown, param: string): number[] {
  check(
    Array.isArray(d) && d.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0),
    'BAD_SHAPE',
    param,
    () => `must be an array of integers >= 0, got ${JSON.stringify(d)}`,
  );
  const dims = [...(d as number[])];
  checkLength(
    dims.reduce((a, b) => a * b, 1),
    `${param} (elements)`,
  );
  return dims;
}

/**
 * Base of the element-wise kernels: allocates the parameter record (and `extraBytes` after it, 16-byte aligned, for
 * tables) from the core's heap, zeroed, between guard bands; dispose releases it. Subclasses write their fields
 * through i32 / f32.
 */
export abstract class ElemKernel implements ModelKernel {
  abstract readonly algorithm: string;
  /**
   * The input whose buffer the output may overwrite (the memory plan's in-place reuse): an input of the output's
   * element size and count, each task reading its elements before writing them. null: the output needs its own
   * buffer (the element size changes: QuantizeLinear, DequantizeLinear, RequantizeInt32).
   */
  readonly inPlaceInput: 0 | 1 | null = null;
  readonly bytes: number;
  readonly ctx: number;
  dispatch: readonly KernelDispatch[] = [];
  protected readonly core: WasmRuntimeCore;
  /** byte offset of the extra block (0 when none) */
  protected readonly extra: number;
  private readonly blocks: GuardedBlocks;

  protected constructor(core: WasmRuntimeCore, extraBytes: number) {
    this.core = core;
    const size = ELEM_CTX.EL_CTX_BYTES + Math.ceil(extraBytes / 16) * 16;
    this.blocks = new GuardedBlocks(core, { param: 'kernel', what: "the kernel's parameters", zero: true });
    this.ctx = this.blocks.alloc(size);
    this.bytes = size;
    this.extra = extraBytes > 0 ? this.ctx + ELEM_CTX.EL_CTX_BYTES : 0;
  }

  protected setI32(field: number, v: number): void {
    this.core.i32()[(this.ctx + field) >> 2] = v;
  }

  protected setF32(field: number, v: number): void {
    this.core.f32()[(this.ctx + field) >> 2] = v;
  }

  /** Writes the count and grain and makes the one dispatch of `fn` over the tasks that cover n elements. */
  protected plan(fn: TaskFunction, n: number, args: readonly [PtrArg, PtrArg, PtrArg]): void {
    this.setI32(ELEM_CTX.EL_N, n);
    this.setI32(ELEM_CTX.EL_GRAIN, ELEM_TASK_ELEMS);
    const tasks = Math.ceil(n / ELEM_TASK_ELEMS);
    this.dispatch = tasks > 0 ? [{ fn, range: [tasks], args }] : [];
  }

  /** True when the guard bands around the record are intact. */
  checkGuards(): boolean {
    return this.blocks.checkGuards();
  }

  dispose(): void {
    this.blocks.release();
  }
}

export const SRC: PtrArg = { base: 'src' };
export const SECOND: PtrArg = { base: 'slices' };
export const DST: PtrArg = { base: 'dst' };
export const NONE: PtrArg = { base: 'none' };
