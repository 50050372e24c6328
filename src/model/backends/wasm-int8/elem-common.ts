/**
 * What the element-wise model kernels (quantize.ts, binary.ts, lut.ts, requant.ts) share: the byte offsets of their
 * wasm parameter records (the same numbers as assembly/model/elem-ctx.ts, which the tests compare), the task grain,
 * the parameter checks, and the base class that allocates the record from the runtime's heap and releases it.
 *
 * Every kernel is one dispatch of a wasm task function over `ceil(n / ELEM_TASK_ELEMS)` tasks, task t writing output
 * elements [t * ELEM_TASK_ELEMS, (t + 1) * ELEM_TASK_ELEMS): disjoint, so the pool's threads may share them. A
 * kernel over 0 elements has no dispatch.
 *
 * Types travel to wasm as byte xors (0 for uint8, 0x80 for int8): an int8 byte ^ 0x80 is its value + 128, so the
 * kernels compute on unsigned bytes with the zero points moved by +128 (elem-ctx.ts).
 */
import { I8ConvError, check } from '../../../errors.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { KernelDispatch, PtrArg, TaskFunction } from '../../../threads/protocol.js';
import type { ModelKernel, QType } from '../types.js';

/** Byte offsets of the parameter records: assembly/model/elem-ctx.ts, field by field. */
export const ELEM_CTX = {
  EL_N: 0, EL_GRAIN: 4, EL_INXOR: 8, EL_OUTXOR: 12,
  QZ_SCALE: 16, QZ_LO: 20, QZ_HI: 24, QZ_ZPU: 28,
  DQ_ZPU: 16, DQ_SCALE: 20,
  QB_OP: 16, QB_MODE: 20, QB_INNER: 24, QB_MID: 28, QB_ASCALE: 32, QB_AZPU: 36, QB_BSCALE: 40, QB_BZPU: 44,
  QB_CSCALE: 48, QB_LO: 52, QB_HI: 56, QB_ZPF: 60, QB_OUTADD: 64,
  LUT_TABLE: 16,
  CT_TABLE: 16, CT_INNER: 20, CT_C: 24, CT_OUTBYTES: 28, CT_LAYOUT: 32, GT_MUL: 36, GT_ADD: 40, GT_IDENT: 44,
  CT_QUANT: 48, CT_QSCALE: 52, CT_QLO: 56, CT_QHI: 60, CT_QZPU: 64, CT_QXOR: 68,
  RQ_MODE: 16, RQ_INNER: 20, RQ_C: 24, RQ_K: 28, RQ_SCALES: 32, RQ_BIAS: 36, RQ_LO: 40, RQ_HI: 44, RQ_ZPU: 48,
  EL_CTX_BYTES: 128,
} as const;

/**
 * Output elements per task: 16 KB of a byte output, 64 KB of a float one (DequantizeLinear). At the kernels' speeds
 * (0.4-1.5 ms per MB on one thread) a task takes 6-25 us, well above the cost of claiming it (one atomic add), and
 * a 112² x 64 tensor (800 K elements) still splits into 49 tasks for the pool to balance. A multiple of 16.
 */
export const ELEM_TASK_ELEMS = 16384;

/** Most elements one tensor of these kernels may have: every byte offset (4 bytes an element) stays below 2^32. */
export const MAX_ELEMENTS = 2 ** 30;

export const Q_RANGE: Record<QType, readonly [number, number]> = { uint8: [0, 255], int8: [-128, 127] };

/** The byte xor of a type (see the header). */
export const xorOf = (t: QType): number => (t === 'int8' ? 0x80 : 0);

export function checkQType(t: unknown, param: string): asserts t is QType {
  check(t === 'uint8' || t === 'int8', 'INVALID_PARAM', param, `must be 'uint8' or 'int8', got ${String(t)}`);
}

/** A per-tensor scale: a number whose float32 value is finite and positive. Returns the float32 value. */
export function checkScale(s: unknown, param: string): number {
  const f = typeof s === 'number' ? Math.fround(s) : NaN;
  check(Number.isFinite(f) && f > 0, 'INVALID_SCALE', param, `must be a finite positive float32, got ${String(s)}`);
  return f;
}

export function checkZeroPoint(z: unknown, t: QType, param: string): number {
  const [lo, hi] = Q_RANGE[t];
  check(typeof z === 'number' && Number.isInteger(z) && z >= lo && z <= hi, 'INVALID_PARAM', param, `must be an integer in [${lo}, ${hi}] (${t}), got ${String(z)}`);
  return z;
}

/** An element count: an integer in [0, MAX_ELEMENTS]. */
export function checkLength(n: unknown, param: string): number {
  check(typeof n === 'number' && Number.isInteger(n) && n >= 0, 'BAD_SHAPE', param, `must be an integer >= 0 (elements), got ${String(n)}`);
  check(n <= MAX_ELEMENTS, 'TOO_LARGE', param, `${n} elements are more than the ${MAX_ELEMENTS} these kernels take`);
  return n;
}

/** Tensor dims: an array of integers >= 0 whose product is at most MAX_ELEMENTS. Returns a copy. */
export function checkDims(d: unknown, param: string): number[] {
  check(Array.isArray(d) && d.every((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0), 'BAD_SHAPE', param,
    `must be an array of integers >= 0, got ${JSON.stringify(d)}`);
  const dims = [...(d as number[])];
  checkLength(dims.reduce((a, b) => a * b, 1), `${param} (elements)`);
  return dims;
}

/**
 * Base of the element-wise kernels: allocates the parameter record (and `extraBytes` after it, 16-byte aligned, for
 * tables) from the core's heap; dispose releases it. Subclasses write their fields through i32 / f32.
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
  private released = false;

  protected constructor(core: WasmRuntimeCore, extraBytes: number) {
    this.core = core;
    const size = ELEM_CTX.EL_CTX_BYTES + Math.ceil(extraBytes / 16) * 16;
    try {
      this.ctx = core.heap.alloc(size, 64);
    } catch (e) {
      throw new I8ConvError('OUT_OF_MEMORY', `kernel: the wasm memory could not grow by ${size} bytes for the kernel's parameters: ${String((e as Error).message ?? e)}`, 'kernel');
    }
    this.bytes = size;
    this.extra = extraBytes > 0 ? this.ctx + ELEM_CTX.EL_CTX_BYTES : 0;
    const i32 = core.i32();
    i32.fill(0, this.ctx >> 2, (this.ctx + size) >> 2);
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

  dispose(): void {
    if (this.released) return;
    this.released = true;
    this.core.heap.release(this.ctx);
  }
}

export const SRC: PtrArg = { base: 'src' };
export const SECOND: PtrArg = { base: 'slices' };
export const DST: PtrArg = { base: 'dst' };
export const NONE: PtrArg = { base: 'none' };
