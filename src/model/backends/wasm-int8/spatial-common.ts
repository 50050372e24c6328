/**
 * What the spatial kernels of the model executor share (pool.ts, resize.ts, transpose.ts, relayout.ts): the wasm
 * blocks a kernel holds (its ctx record and tables, each between guard bands), the split of a run into tasks, and
 * the checks and errors of their parameters.
 */
import { I8ConvError, type ErrorCode } from '../../../errors.js';
import { GuardedBlocks } from '../../../heap.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { Layout, QType } from '../types.js';

/** Most bytes of wasm memory one kernel's tables may take. */
const MAX_KERNEL_BYTES = 2 ** 30;
/** Output bytes a task aims at: large enough to pay for claiming it, small enough to spread over the threads. */
export const TASK_BYTES = 16384;

/**
 * The wasm blocks of one kernel (its ctx record and tables): zeroed, between guard bands, at most MAX_KERNEL_BYTES
 * in all, released together (OUT_OF_MEMORY, naming 'params', when they do not fit).
 */
export class KernelBlocks extends GuardedBlocks {
  constructor(core: WasmRuntimeCore, what: string) {
    super(core, { param: 'params', what: `the ${what} kernel's tables`, zero: true, maxBytes: MAX_KERNEL_BYTES });
  }
}

/**
 * A model kernel whose record and tables are KernelBlocks (the spatial, movement and window-sum kernels): the wasm
 * bytes it holds, its guard check and its release, for every such kernel.
 */
export abstract class BlockKernel {
  protected readonly blocks: KernelBlocks;

  protected constructor(core: WasmRuntimeCore, what: string) {
    this.blocks = new KernelBlocks(core, what);
  }

  /** wasm bytes the kernel holds (its record and tables, without the guard bands) */
  get bytes(): number {
    return this.blocks.bytes;
  }
  checkGuards(): boolean {
    return this.blocks.checkGuards();
  }
  dispose(): void {
    this.blocks.release();
  }
}

/** Writes i32 fields (and f32 fields, by index) into a ctx record. */
export function writeCtx(
  core: WasmRuntimeCore,
  ctx: number,
  ints: Record<number, number>,
  floats: Record<number, number> = {},
): void {
  const i32 = core.i32();
  const f32 = core.f32();
  for (const [k, v] of Object.entries(ints)) i32[(ctx >> 2) + Number(k)] = v;
  for (const [k, v] of Object.entries(floats)) f32[(ctx >> 2) + Number(k)] = v;
}

/**
 * How a run over `planes` planes of `rows` output rows of `rowBytes` bytes each is split: planes g * perTask ..
 * per task, output rows t * rowsPerTask .. (a plane larger than TASK_BYTES is split by rows).
 */
export function splitPlanes(
  planes: number,
  rows: number,
  rowBytes: number,
  target = TASK_BYTES,
): { perTask: number; rowsPerTask: number; groups: number; tiles: number } {
  const planeBytes = Math.max(1, rows * rowBytes);
  let perTask = 1;
  let rowsPerTask = rows;
  if (planeBytes >= target) rowsPerTask = Math.max(1, Math.min(rows, Math.ceil(target / Math.max(1, rowBytes))));
  else perTask = Math.max(1, Math.min(planes, Math.floor(target / planeBytes)));
  return { perTask, rowsPerTask, groups: Math.ceil(planes / perTask), tiles: Math.ceil(rows / rowsPerTask) };
}

/** The error of a node the kernel does not run: UNSUPPORTED_OP naming the node, the op and why. */
export function refuse(
  op: string,
  node: string | undefined,
  param: string,
  why: string,
  code: ErrorCode = 'UNSUPPORTED_OP',
): never {
  throw new I8ConvError(code, `${op}${node ? ` node '${node}'` : ''}: ${why}`, param);
}

/** Checks a 4-D [N, C, H, W] tensor of 8-bit elements in a layout; returns the dims as numbers. */
export function checkTensor4(
  op: string,
  node: string | undefined,
  type: unknown,
  layout: unknown,
  dims: unknown,
): [number, number, number, number] {
  if (type !== 'uint8' && type !== 'int8')
    refuse(op, node, 'type', `runs uint8 and int8 tensors only, got ${String(type)}`);
  if (layout !== 'NCHW' && layout !== 'NCHW44')
    refuse(op, node, 'layout', `layout must be 'NCHW' or 'NCHW44', got ${String(layout)}`, 'INVALID_PARAM');
  if (!Array.isArray(dims) || dims.some((d) => !Number.isInteger(d) || d < 0))
    refuse(op, node, 'dims', `dims must be an array of integers >= 0, got ${String(dims)}`, 'BAD_SHAPE');
  if (dims.length !== 4)
    refuse(op, node, 'dims', `runs 4-D tensors [N, C, H, W] only (2 spatial axes), got dims [${dims.join(', ')}]`);
  if (dims.some((d: number) => d === 0)) refuse(op, node, 'dims', `an empty tensor (dims [${dims.join(', ')}])`);
  if (dims.reduce((a: number, b: number) => a * b, 1) > 2 ** 31 - 1)
    refuse(op, node, 'dims', `a tensor of dims [${dims.join(', ')}] exceeds 2^31 - 1 elements`, 'TOO_LARGE');
  if (layout === 'NCHW44' && dims[1] % 4 !== 0)
    refuse(op, node, 'layout', `NCHW44 needs C % 4 == 0, got C = ${dims[1]}`);
  return dims as [number, number, number, number];
}

/** Checks an 8-bit zero point of `type`. */
export function checkZeroPoint(op: string, node: string | undefined, name: string, type: QType, v: unknown): number {
  const [lo, hi] = type === 'uint8' ? [0, 255] : [-128, 127];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi)
    refuse(
      op,
      node,
      name,
      `${name} must be an integer in [${lo}, ${hi}] for ${type}, got ${String(v)}`,
      'INVALID_PARAM',
    );
  return v;
}

/** Checks a scale: a finite positive float32 (returned rounded to f32). */
export function checkScale(op: string, node: string | undefined, name: string, v: unknown): number {
  const f = typeof v === 'number' ? Math.fround(v) : NaN;
  if (!(f > 0 && Number.isFinite(f)))
    refuse(op, node, name, `${name} must be a finite positive float32, got ${String(v)}`, 'INVALID_SCALE');
  return f;
}

export const LAYOUT_CODE: Record<Layout, number> = { NCHW: 0, NCHW44: 1 };
