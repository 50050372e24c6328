/**
 * Public relayout entry points (the runtime's rt.relayout* forward here).
 *
 *   relayoutShape(mode, srcShape, opts?)             -> dst shape (throws on invalid input)
 *   relayoutWorkspace(mode, srcShape, opts?)         -> MegEngine's workspace bytes for the mode
 *   relayout(core, mode, src, srcShape, opts?)       -> { data, shape }, data of src's array type
 *   relayoutInto(core, mode, src, srcShape, dst, opts?)
 *
 * Every input is checked (stable I8ConvError codes, see docs/relayout.md) before a byte of dst is written.
 * Execution: modes a wasm kernel covers copy src into the wasm heap, run the kernel calls of the plan and copy
 * dst out; the others run the plan's strided copies in TypeScript. `opts.impl` forces either path.
 */
import { I8ConvError, check } from '../errors.js';
import type { WasmRuntimeCore } from '../runtime.js';
import { DTYPES, checkArrayFor, dtypeOfArray, isDtype, type RelayoutArray, type RelayoutDtype } from './dtype.js';
import { SRC_SLACK_BYTES, RELAYOUT_KERNELS } from './kernels.js';
import { modeDef, type KernelCall, type ModeParams, type ModePlan } from './modes.js';
import { runCopy } from './strided.js';
import { snapshotView } from '../views.js';

export type { RelayoutDtype, RelayoutArray } from './dtype.js';

export type RelayoutOptions = {
  /** Element type; inferred from the typed array when omitted ('int8' for shape/workspace queries). */
  dtype?: RelayoutDtype;
  /** Zero point of 'quint8' (required for it, 0..255): padded positions get this value. */
  zeroPoint?: number;
  /** NCHW_NCHW4 / NCHW4_NCHW only (default 1). */
  group?: number;
  /** NCHW4_NCHW / NCHW44_NCHW / NCHW64_NCHW only: output channels (0 or omitted = all). */
  oc?: number;
  /** Force an execution path: 'wasm' (throws NO_KERNEL when no kernel covers the case) or 'ts'. */
  impl?: 'auto' | 'wasm' | 'ts';
};

const OPTION_KEYS = new Set(['dtype', 'zeroPoint', 'group', 'oc', 'impl']);
/** Largest tensor (bytes) the API accepts: keeps src + dst + workspace well inside a 32-bit wasm memory. */
export const MAX_TENSOR_BYTES = 2 ** 30;

export interface ResolvedRelayout {
  mode: string;
  dtype: RelayoutDtype;
  srcShape: number[];
  params: ModeParams;
  plan: ModePlan;
  srcElems: number;
  dstElems: number;
  impl: 'auto' | 'wasm' | 'ts';
}

const prod = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

/**
 * Validates everything but the arrays and returns the mode's plan. `arrayDtype` is the dtype the source
 * array implies (when there is one).
 */
export function planRelayout(
  mode: unknown,
  srcShape: unknown,
  opts?: RelayoutOptions,
  arrayDtype?: RelayoutDtype,
): ResolvedRelayout {
  const { name, def } = modeDef(mode);
  check(
    opts === undefined || (typeof opts === 'object' && opts !== null),
    'INVALID_PARAM',
    'opts',
    'must be an object',
  );
  const o: RelayoutOptions = opts ?? {};
  for (const k of Object.keys(o)) {
    check(
      OPTION_KEYS.has(k),
      'INVALID_PARAM',
      `opts.${k}`,
      () => `unknown option (known: ${[...OPTION_KEYS].join(', ')})`,
    );
  }

  let dtype: RelayoutDtype;
  if (o.dtype !== undefined) {
    check(
      isDtype(o.dtype),
      'INVALID_PARAM',
      'opts.dtype',
      () => `unknown dtype ${JSON.stringify(o.dtype)} (known: ${Object.keys(DTYPES).join(', ')})`,
    );
    dtype = o.dtype;
  } else {
    dtype = arrayDtype ?? 'int8';
  }
  let pad = 0;
  if (dtype === 'quint8') {
    check(
      Number.isInteger(o.zeroPoint) && (o.zeroPoint as number) >= 0 && (o.zeroPoint as number) <= 255,
      'INVALID_PARAM',
      'opts.zeroPoint',
      () => `quint8 needs an integer zero point in [0, 255], got ${String(o.zeroPoint)}`,
    );
    pad = o.zeroPoint as number;
  } else {
    check(
      o.zeroPoint === undefined,
      'INVALID_PARAM',
      'opts.zeroPoint',
      () => `only dtype 'quint8' has a zero point (dtype is '${dtype}')`,
    );
  }
  const impl = o.impl ?? 'auto';
  check(
    impl === 'auto' || impl === 'wasm' || impl === 'ts',
    'INVALID_PARAM',
    'opts.impl',
    () => `must be 'auto', 'wasm' or 'ts', got ${String(impl)}`,
  );

  check(Array.isArray(srcShape), 'BAD_SHAPE', 'srcShape', 'must be an array of positive integers');
  const shape = srcShape as unknown[];
  check(
    def.ndim.includes(shape.length),
    'BAD_SHAPE',
    'srcShape',
    () => `${name} needs a source of ${def.ndim.join(' or ')} dimensions, got ${shape.length}`,
  );
  for (let i = 0; i < shape.length; i++) {
    const v = shape[i];
    check(
      typeof v === 'number' && Number.isInteger(v) && v > 0,
      'BAD_SHAPE',
      'srcShape',
      () => `dimension ${i} must be a positive integer, got ${String(v)}`,
    );
  }
  const s = shape as number[];
  const esize = DTYPES[dtype].size;
  check(
    prod(s) * esize <= MAX_TENSOR_BYTES,
    'TOO_LARGE',
    'srcShape',
    () => `source of ${prod(s) * esize} bytes exceeds ${MAX_TENSOR_BYTES}`,
  );

  if (o.group !== undefined) {
    check(def.takesGroup === true, 'INVALID_PARAM', 'opts.group', () => `${name} takes no group`);
    check(
      Number.isInteger(o.group) && o.group > 0,
      'INVALID_PARAM',
      'opts.group',
      () => `must be a positive integer, got ${String(o.group)}`,
    );
  }
  if (o.oc !== undefined) {
    check(def.takesOc === true, 'INVALID_PARAM', 'opts.oc', () => `${name} takes no oc`);
    check(
      Number.isInteger(o.oc) && o.oc >= 0,
      'INVALID_PARAM',
      'opts.oc',
      () => `must be a non-negative integer, got ${String(o.oc)}`,
    );
  }
  const params: ModeParams = { group: o.group ?? 1, oc: o.oc ?? 0, esize, pad };
  const plan = def.plan(s.slice(), params);
  const dstElems = prod(plan.dstShape);
  check(
    dstElems * esize <= MAX_TENSOR_BYTES,
    'TOO_LARGE',
    'srcShape',
    () => `destination of ${dstElems * esize} bytes exceeds ${MAX_TENSOR_BYTES}`,
  );
  return { mode: name, dtype, srcShape: s.slice(), params, plan, srcElems: prod(s), dstElems, impl };
}

export function relayoutShape(mode: string, srcShape: readonly number[], opts?: RelayoutOptions): number[] {
  return planRelayout(mode, srcShape, opts).plan.dstShape.slice();
}

export function relayoutWorkspace(mode: string, srcShape: readonly number[], opts?: RelayoutOptions): number {
  return planRelayout(mode, srcShape, opts).plan.workspaceBytes;
}

/** Which path relayoutInto takes for these arguments, and the kernels it calls (for tests and the bench). */
export function relayoutPath(
  mode: string,
  srcShape: readonly number[],
  opts?: RelayoutOptions,
): { path: 'wasm' | 'ts'; kernels: string[] } {
  const r = planRelayout(mode, srcShape, opts);
  const path = pickPath(r);
  return { path, kernels: path === 'wasm' ? [...new Set(r.plan.wasm!.map((c) => c.kernel))] : [] };
}

function pickPath(r: ResolvedRelayout): 'wasm' | 'ts' {
  if (r.impl === 'ts') return 'ts';
  if (r.impl === 'wasm') {
    check(
      r.plan.wasm !== null,
      'NO_KERNEL',
      'opts.impl',
      () => `no wasm kernel covers ${r.mode} for dtype '${r.dtype}' and this shape; use impl 'auto' or 'ts'`,
    );
    return 'wasm';
  }
  return r.plan.wasm ? 'wasm' : 'ts';
}

/**
 * A typed-array argument as read once (views.ts): a plain array of its class over the same bytes, so that what is
 * checked is what is copied, whatever own getters, a subclass or the caller's code would answer later. An object
 * that passes for a typed array without being one (a Proxy of one) is BAD_BUFFER; anything else is left as given,
 * for the checks to name.
 */
function readOnce(a: unknown, param: 'src' | 'dst'): unknown {
  const s = snapshotView(a);
  if (s === undefined) {
    check(dtypeOfArray(a) === undefined, 'BAD_BUFFER', param, 'is not a typed array (a Proxy of one?)');
    return a;
  }
  const ctor = PLAIN[s.type];
  return ctor && s.bytes !== null ? new ctor(s.buffer, s.byteOffset, s.length) : a;
}
const PLAIN: Record<string, new (b: ArrayBufferLike, off: number, n: number) => RelayoutArray> = {
  Int8Array,
  Uint8Array,
  Int32Array,
  Float32Array,
};

function resolveWithSrc(mode: string, given: unknown, srcShape: readonly number[], opts?: RelayoutOptions) {
  const src = readOnce(given, 'src');
  const arrayDtype = dtypeOfArray(src);
  check(arrayDtype !== undefined, 'BAD_BUFFER', 'src', 'must be an Int8Array, Uint8Array, Int32Array or Float32Array');
  const r = planRelayout(mode, srcShape, opts, arrayDtype);
  const a = checkArrayFor(r.dtype, src, 'src', 'BAD_BUFFER');
  check(
    a.length === r.srcElems,
    'BAD_BUFFER',
    'src',
    () => `has ${a.length} elements, srcShape {${r.srcShape.join(', ')}} needs ${r.srcElems}`,
  );
  return { r, a };
}

export function relayout(
  core: WasmRuntimeCore,
  mode: string,
  src: ArrayBufferView,
  srcShape: readonly number[],
  opts?: RelayoutOptions,
): { data: RelayoutArray; shape: number[] } {
  const { r, a } = resolveWithSrc(mode, src, srcShape, opts);
  const data = new DTYPES[r.dtype].ctor(r.dstElems);
  execute(core, r, a, data);
  return { data, shape: r.plan.dstShape.slice() };
}

export function relayoutInto(
  core: WasmRuntimeCore,
  mode: string,
  src: ArrayBufferView,
  srcShape: readonly number[],
  dst: ArrayBufferView,
  opts?: RelayoutOptions,
): void {
  const { r, a } = resolveWithSrc(mode, src, srcShape, opts);
  const d = checkArrayFor(r.dtype, readOnce(dst, 'dst'), 'dst', 'BAD_BUFFER');
  check(
    d.length === r.dstElems,
    'BAD_BUFFER',
    'dst',
    () => `has ${d.length} elements, the ${r.mode} output {${r.plan.dstShape.join(', ')}} has ${r.dstElems}`,
  );
  check(
    d.buffer !== a.buffer || d.byteOffset + d.byteLength <= a.byteOffset || a.byteOffset + a.byteLength <= d.byteOffset,
    'BAD_BUFFER',
    'dst',
    'must not overlap src',
  );
  execute(core, r, a, d);
}

function execute(core: WasmRuntimeCore, r: ResolvedRelayout, src: RelayoutArray, dst: RelayoutArray): void {
  if (pickPath(r) === 'wasm') runWasm(core, r, src, dst);
  else runTs(r, src, dst);
}

function runTs(r: ResolvedRelayout, src: RelayoutArray, dst: RelayoutArray): void {
  const ws = r.plan.copiesWs ? new DTYPES[r.dtype].ctor(r.plan.copiesWs) : undefined;
  for (const c of r.plan.copies) {
    const from = c.from === 'src' ? src : ws!;
    const to = c.to === 'dst' ? dst : ws!;
    runCopy(c, from, to, 0, r.params.pad);
  }
}

/** Byte offsets of a plan's buffers in wasm memory. */
export interface WasmBuffers {
  src: number;
  dst: number;
  ws: number;
}

/** Runs a plan's kernel calls on buffers already in wasm memory (the benchmark times exactly this). */
export function runKernelCalls(
  core: WasmRuntimeCore,
  calls: readonly KernelCall[],
  bufs: WasmBuffers,
  esize: number,
): void {
  const ex = core.exports;
  for (const c of calls) {
    const args = c.args.map((v) => (typeof v === 'number' ? v : bufs[v.buf] + v.off * esize));
    (ex[c.kernel] as (...a: number[]) => void)(...args);
  }
}

/** Wasm-heap allocations of one relayout: src (+ over-read slack), dst, workspace. */
export function allocWasmBuffers(core: WasmRuntimeCore, r: ResolvedRelayout): WasmBuffers {
  const e = r.params.esize;
  const got: number[] = [];
  try {
    const src = core.heap.alloc(r.srcElems * e + SRC_SLACK_BYTES, 64);
    got.push(src);
    const dst = core.heap.alloc(r.dstElems * e, 64);
    got.push(dst);
    const ws = r.plan.wasmWs ? core.heap.alloc(r.plan.wasmWs * e, 64) : 0;
    // Defined slack contents: over-reads never influence results, but keep runs reproducible.
    core.u8().fill(0, src + r.srcElems * e, src + r.srcElems * e + SRC_SLACK_BYTES);
    return { src, dst, ws };
  } catch (err) {
    for (const off of got) core.heap.release(off);
    if (err instanceof I8ConvError) throw err;
    throw new I8ConvError('OUT_OF_MEMORY', `wasm memory could not hold the ${r.mode} buffers: ${String(err)}`);
  }
}

export function releaseWasmBuffers(core: WasmRuntimeCore, b: WasmBuffers): void {
  core.heap.release(b.src);
  core.heap.release(b.dst);
  if (b.ws) core.heap.release(b.ws);
}

function runWasm(core: WasmRuntimeCore, r: ResolvedRelayout, src: RelayoutArray, dst: RelayoutArray): void {
  const e = r.params.esize;
  // Views of the runtime's own memory (from core.heap) are detached if an allocation grows the memory: copy
  // such a source first, and address such a destination by offset after the run.
  const wasmBuffer = core.memory.buffer;
  const srcBytes = new Uint8Array(src.buffer, src.byteOffset, r.srcElems * e);
  const srcIn = src.buffer === wasmBuffer ? srcBytes.slice() : srcBytes;
  const dstInWasm = dst.buffer === wasmBuffer;
  const dstOffset = dst.byteOffset;
  const bufs = allocWasmBuffers(core, r);
  try {
    core.u8().set(srcIn, bufs.src);
    runKernelCalls(core, r.plan.wasm!, bufs, e);
    // Views are taken after every allocation (memory growth detaches old ones).
    const out = core.u8().subarray(bufs.dst, bufs.dst + r.dstElems * e);
    if (dstInWasm) core.u8().copyWithin(dstOffset, bufs.dst, bufs.dst + r.dstElems * e);
    else new Uint8Array(dst.buffer, dst.byteOffset, r.dstElems * e).set(out);
  } finally {
    releaseWasmBuffers(core, bufs);
  }
}

export { RELAYOUT_KERNELS };
