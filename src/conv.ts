/**
 * The ConvBias operator: rt.convBias(params) -> setFilter / setBias -> exec(src, dst).
 * Every input is checked before any output byte is written; errors are I8ConvError with a stable code.
 * wasm memory held per operator: context record, bias, src and dst staging, workspace (packed filter + thread
 * slices) — each
 * surrounded by guard bands that tests verify after every call (checkGuards).
 */
import { I8ConvError, check } from './errors.js';
import { normalizeConvParams, dstShapeOf, type ConvBiasParams, type ConvShape } from './params.js';
import { selectAlgorithm } from './algos/pack.js';
import type { AlgoPlan, ConvAlgorithm } from './algos/types.js';
import type { WasmRuntimeCore } from './runtime.js';
import { dotFilterToOIHW } from '../kernels-ref/conv-bias.js';

const GUARD = 64;
const GUARD_BYTE = 0xa5;

export type FilterLayout = 'OIHW' | 'NCHW44_DOT';

export interface ConvOptions {
  /**
   * Number of workspace slices and the task split to plan for (default 1). Tasks currently run on the calling
   * thread, each using slice (task index % threads), exactly as worker threads would share them.
   */
  threads?: number;
  /** Force the main micro-kernel by its kernel-table name (KERNELS); it must match the filter, stride and build. */
  kernel?: string;
}

export class ConvBias {
  readonly params: ConvShape;
  private readonly userParams: ConvBiasParams;
  readonly algorithm: string;
  readonly dstShape: number[];
  readonly workspaceBytes: number;
  /** The micro-kernel variants this operator runs (names from the kernel table). */
  readonly kernels: string[];
  private readonly core: WasmRuntimeCore;
  private readonly algo: ConvAlgorithm;
  private readonly plan: AlgoPlan;
  /** Workspace slices / task split the plan was made for (tasks run on this thread; ids rotate over slices). */
  readonly threads: number;
  private blocks: Array<{ off: number; size: number }> = [];
  private ctx: number;
  private srcBuf: number;
  private dstBuf: number;
  private ws: number;
  private readonly filterBuf: number;
  private biasBuf = 0;
  /** int32[OC] accumulator start: channel bias + the kernels' filter correction */
  private initBuf = 0;
  private channelBias: Int32Array | null = null;
  private filterCorrection: Int32Array | null = null;
  private filterSet = false;
  private biasSet = false;
  private disposed = false;

  constructor(core: WasmRuntimeCore, p: ConvBiasParams, opts: ConvOptions = {}) {
    const s = normalizeConvParams(p);
    const threads = opts.threads ?? 1;
    check(Number.isInteger(threads) && threads >= 1 && threads <= 256, 'INVALID_PARAM', 'threads', `must be an integer in [1, 256], got ${String(threads)}`);
    this.threads = threads;
    this.core = core;
    this.params = s;
    this.userParams = { ...p };
    this.algo = selectAlgorithm(s);
    this.algorithm = this.algo.name;
    check(opts.kernel === undefined || typeof opts.kernel === 'string', 'INVALID_PARAM', 'kernel', 'must be a kernel-table name');
    this.plan = this.algo.plan(s, { threads, isa: core.build === 'relaxed' ? 'wasmrelaxedsimd' : 'wasmsimd', kernel: opts.kernel });
    this.kernels = this.plan.kernelNames;
    this.dstShape = dstShapeOf(s);
    this.workspaceBytes = this.plan.workspace.totalBytes;
    const dstBytes = s.dstLength * (s.dstType === 'int32' ? 4 : 1);
    this.ctx = this.alloc(this.plan.ctxBytes);
    this.srcBuf = this.alloc(s.srcLength);
    this.dstBuf = this.alloc(dstBytes);
    this.ws = this.alloc(this.workspaceBytes);
    if (s.biasMode === 'full') this.biasBuf = this.alloc(s.biasLength * 4);
    this.initBuf = this.alloc(s.oc * 4);
    this.core.i32().fill(0, this.initBuf >> 2, (this.initBuf >> 2) + s.oc);
    this.filterBuf = this.plan.workspace.get(this.ws, 0);
    this.plan.writeCtx(core, this.ctx);
    this.plan.setPointers(core, this.ctx, this.filterBuf, this.initBuf, this.biasBuf);
  }

  /** Allocates with guard bands on both sides. */
  private alloc(size: number): number {
    const off = this.core.heap.alloc(size + 2 * GUARD, 64);
    const u8 = this.core.u8();
    u8.fill(GUARD_BYTE, off, off + GUARD);
    u8.fill(GUARD_BYTE, off + GUARD + size, off + 2 * GUARD + size);
    this.blocks.push({ off, size });
    return off + GUARD;
  }

  /** True when every guard band around this operator's wasm buffers is intact. */
  checkGuards(): boolean {
    const u8 = this.core.u8();
    for (const b of this.blocks) {
      for (let i = 0; i < GUARD; i++) {
        if (u8[b.off + i] !== GUARD_BYTE || u8[b.off + GUARD + b.size + i] !== GUARD_BYTE) return false;
      }
    }
    return true;
  }

  private live(): void {
    if (this.disposed) throw new I8ConvError('DISPOSED', 'this: the operator was disposed', 'this');
  }

  setFilter(weights: Int8Array, layout: FilterLayout = 'OIHW'): void {
    this.live();
    const s = this.params;
    check(weights instanceof Int8Array, 'BAD_BUFFER', 'weights', 'must be an Int8Array');
    check(layout === 'OIHW' || layout === 'NCHW44_DOT', 'INVALID_PARAM', 'layout', `must be 'OIHW' or 'NCHW44_DOT', got ${String(layout)}`);
    if (layout === 'NCHW44_DOT') {
      check(s.icpg % 4 === 0 && s.ocpg % 4 === 0, 'INVALID_PARAM', 'layout', 'NCHW44_DOT filters need IC/G and OC/G multiples of 4');
    }
    check(weights.length === s.filterLength, 'BAD_BUFFER', 'weights',
      `expected ${s.filterLength} elements (${s.group > 1 ? 'G*OC/G*IC/G' : 'OC*IC'}*FH*FW), got ${weights.length}`);
    const oihw = layout === 'OIHW' ? weights : dotFilterToOIHW(this.userParams, weights);
    const packed = new Uint8Array(this.plan.packedFilterBytes);
    this.filterCorrection = this.plan.packFilter(oihw, packed);
    this.core.u8().set(packed, this.filterBuf);
    this.writeInit();
    this.filterSet = true;
  }

  private writeInit(): void {
    const init = new Int32Array(this.params.oc);
    if (this.channelBias) init.set(this.channelBias);
    if (this.filterCorrection) for (let o = 0; o < init.length; o++) init[o] += this.filterCorrection[o];
    this.core.i32().set(init, this.initBuf >> 2);
  }

  setBias(bias: Int32Array): void {
    this.live();
    const s = this.params;
    check(s.biasMode !== 'none', 'BIAS_LENGTH', 'bias', "biasMode is 'none': no bias can be set");
    check(bias instanceof Int32Array, 'BAD_BUFFER', 'bias', 'must be an Int32Array');
    check(bias.length === s.biasLength, 'BIAS_LENGTH', 'bias',
      `expected ${s.biasLength} elements for biasMode '${s.biasMode}', got ${bias.length}`);
    if (s.biasMode === 'channel') {
      this.channelBias = Int32Array.from(bias);
      this.writeInit();
    } else {
      this.core.i32().set(bias, this.biasBuf >> 2);
    }
    this.biasSet = true;
  }

  exec(src: Int8Array, dst: Int8Array | Int32Array): void {
    this.live();
    const s = this.params;
    check(this.filterSet, 'FILTER_NOT_SET', 'filter', 'call setFilter before exec');
    check(s.biasMode === 'none' || this.biasSet, 'BIAS_NOT_SET', 'bias', `biasMode is '${s.biasMode}': call setBias before exec`);
    check(src instanceof Int8Array, 'BAD_BUFFER', 'src', 'must be an Int8Array');
    check(src.length === s.srcLength, 'BAD_BUFFER', 'src', `expected ${s.srcLength} elements (${s.format} ${s.n}x${s.ic}x${s.ih}x${s.iw}), got ${src.length}`);
    if (s.dstType === 'int8') check(dst instanceof Int8Array, 'BAD_BUFFER', 'dst', 'must be an Int8Array (dstScale given: qint8 output)');
    else check(dst instanceof Int32Array, 'BAD_BUFFER', 'dst', 'must be an Int32Array (no dstScale: qint32 output)');
    check(dst.length === s.dstLength, 'BAD_BUFFER', 'dst', `expected ${s.dstLength} elements [${this.dstShape.join(', ')}], got ${dst.length}`);

    this.core.i8().set(src, this.srcBuf);
    this.run();
    if (dst instanceof Int8Array) dst.set(this.core.i8().subarray(this.dstBuf, this.dstBuf + s.dstLength));
    else dst.set(this.core.i32().subarray(this.dstBuf >> 2, (this.dstBuf >> 2) + s.dstLength));
  }

  private run(): void {
    const e = { core: this.core, ctx: this.ctx, src: this.srcBuf, dst: this.dstBuf, threadSlices: this.plan.workspace.get(this.ws, 1) };
    for (const k of this.plan.kernels) {
      const total = k.range.reduce((a, b) => a * b, 1);
      const idx = new Array<number>(k.range.length).fill(0);
      for (let i = 0; i < total; i++) {
        let r = i;
        for (let d = k.range.length - 1; d >= 0; d--) {
          idx[d] = r % k.range[d];
          r = Math.floor(r / k.range[d]);
        }
        k.run(e, i % this.threads, idx);
      }
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const b of this.blocks) this.core.heap.release(b.off);
    this.blocks = [];
  }
}
