/**
 * The ConvBias operator: rt.convBias(params) -> setFilter / setBias -> exec(src, dst).
 * Every input is checked before any output byte is written; errors are I8ConvError with a stable code.
 * wasm memory held per operator: context record, per-channel arrays (accumulator start, requantization
 * constants), full bias, src and dst staging, workspace (packed filter + thread slices) — each surrounded by
 * guard bands that tests verify after every call (checkGuards).
 */
import type { SimdTileSet } from './features.js';
import { I8ConvError, check } from './errors.js';
import { checkThreads, normalizeConvParams, dstShapeOf, type ConvBiasParams, type ConvShape } from './params.js';
import type { AlgoPlan, ConvAlgorithm, CtxField, Isa } from './algos/types.js';
import {
  CTX,
  CTX_BYTES,
  CTX_FLOAT_FIELDS,
  GEMM_KERNELS,
  KERNELS,
  WINOGRAD_KERNELS,
} from './algos/kernel-table.generated.js';
import { commonCtxFields, takePlan } from './algos/common.js';
import type { WasmRuntimeCore } from './runtime.js';
import { GuardedBlocks } from './heap.js';
import { intact, overlaps, snapshotView, type ViewSnapshot } from './views.js';
import type { ThreadPool } from './threads/pool.js';
import { channelConsts } from './quant.js';
import { chanFilterToOIHW, dotFilterToOIHW } from './filter-layout.js';
import { JOB, runJob, writeJob } from './threads/protocol.js';

/** Kernels compiled into the lab build only (tools/gen-conv-kernels.mjs): they run only when forced by name. */
const LAB_KERNELS: ReadonlySet<string> = new Set(
  [...KERNELS, ...GEMM_KERNELS, ...WINOGRAD_KERNELS].filter((k) => k.lab).map((k) => k.name),
);

/** A lab-only kernel on a product runtime: a typed error, before the operator allocates or runs anything. */
function checkInBuild(core: WasmRuntimeCore, names: readonly string[]): void {
  const missing = core.lab ? undefined : names.find((n) => LAB_KERNELS.has(n));
  if (missing !== undefined) {
    throw new I8ConvError(
      'UNKNOWN_KERNEL',
      `kernel: '${missing}' is not in the product build (an alternative tile that runs only when forced by name, in the lab build that tests and benchmarks load)`,
      'kernel',
    );
  }
}

/** Most bytes one operator may hold in the (at most 4 GiB, in practice 2 GiB in browsers) wasm memory. */
const MAX_OPERATOR_BYTES = 2 ** 31 - 2 ** 26;
/**
 * Smallest convolution (multiply-adds) the runtime's threads run; smaller ones stay on the calling thread. With the
 * workers awake (polling between the layers of a network), measured on Node 20 (2-core AMD EPYC VM, back-to-back
 * calls, median of interleaved 1- and 2-thread runs): 32->32 14² 3x3 (1.8 M) 1.21x faster on 2 threads, 64->64 28²
 * 1x1 (3.2 M) 1.22x, 96-channel 28² depthwise (0.68 M) 1.29x, 16->16 14² 3x3 (0.45 M, 13 us) 1.14x. Below ~0.5 M
 * the gain is within the noise; 0.5 M keeps the tiniest layers off the barrier.
 */
export const POOL_MIN_MACS = 500_000;
/**
 * Smallest convolution that wakes sleeping workers and waits for them; smaller ones run on the calling thread while
 * the workers wake for the next. Measured (Node 20, 2-core AMD EPYC VM, 5 ms between convolutions): waking costs
 * ~1.3-2 ms, so 64->64 56² 3x3 (116 M multiply-adds, 3.2 ms on one thread) took 4.5 ms on two; with the workers
 * awake it takes 1.8. About 200 M multiply-adds (6 ms on one thread) pay for the wake.
 */
export const ASLEEP_MIN_MACS = 200_000_000;

/** 'OIHW' (group: GOIHW), MegEngine's 'NCHW44_DOT' {G?, OC/G/4, IC/G/4, FH, FW, 4o, 4i}, or the channel-wise
 *  'NCHW44_CHAN' {G/4, 1, 1, FH, FW, 4}. */
export type FilterLayout = 'OIHW' | 'NCHW44_DOT' | 'NCHW44_CHAN';
export type SrcArray = Int8Array | Uint8Array;
export type DstArray = Int8Array | Uint8Array | Int32Array;

export interface ConvOptions {
  /**
   * Workspace slices and the task split to plan for: an integer in [1, 256], or 'auto' (the default: the
   * runtime's threads, or 1 for an operator that runs on the calling thread). When it is at least the runtime's
   * thread count, the runtime's threads run the tasks (each on its own slice); otherwise they run on the calling
   * thread, task i on slice i % threads (which is how tests exercise every slice).
   */
  threads?: 'auto' | number;
  /** Force the main micro-kernel by its kernel-table name (src/algos/kernel-table.generated.ts); it must fit the algorithm. */
  kernel?: string;
  /** Most workspace bytes (packed filter + thread slices) the chosen algorithm may use (default 1 GiB). */
  workspaceLimit?: number;
  /** Smallest convolution (multiply-adds) that runs on the runtime's threads (default POOL_MIN_MACS); smaller ones
   *  run on the calling thread. */
  minThreadedMacs?: number;
}

/** Default upper bound on an operator's workspace (packed filter + thread slices), as MegEngine's heuristic takes. */
export const DEFAULT_WORKSPACE_LIMIT = 1 << 30;

/**
 * The options an operator is planned with, resolved once from its ConvOptions and the runtime, before the
 * algorithm is selected: selection (the workspace limit included), the plan and the run all use these.
 */
export interface PlanSettings {
  /** workspace slices and task split of the plan */
  threads: number;
  /** the kernels' instruction set (the runtime's) */
  isa: Isa;
  /** the forced micro-kernel, if any */
  kernel: string | undefined;
  /** the SIMD128 NCHW44 dot tile set (the runtime's: features.simdTiles) */
  tiles: SimdTileSet;
  workspaceLimit: number;
  minThreadedMacs: number;
  /** whether the operator runs on the runtime's threads (else on the calling thread, in the single-thread core) */
  threaded: boolean;
}

/** Checks an operator's options and resolves them against the runtime (see PlanSettings). Pure. */
export function resolvePlanSettings(core: WasmRuntimeCore, s: ConvShape, opts: ConvOptions): PlanSettings {
  check(opts !== null && typeof opts === 'object', 'INVALID_PARAM', 'opts', 'must be an object when given');
  const t = checkThreads(opts.threads, 'threads');
  check(
    opts.kernel === undefined || typeof opts.kernel === 'string',
    'INVALID_PARAM',
    'kernel',
    'must be a kernel-table name',
  );
  check(
    opts.minThreadedMacs === undefined ||
      (typeof opts.minThreadedMacs === 'number' && opts.minThreadedMacs >= 0 && Number.isFinite(opts.minThreadedMacs)),
    'INVALID_PARAM',
    'minThreadedMacs',
    () => `must be a number >= 0, got ${String(opts.minThreadedMacs)}`,
  );
  check(
    opts.workspaceLimit === undefined || (Number.isInteger(opts.workspaceLimit) && opts.workspaceLimit >= 0),
    'INVALID_PARAM',
    'workspaceLimit',
    () => `must be an integer >= 0 (bytes), got ${String(opts.workspaceLimit)}`,
  );
  const minThreadedMacs = opts.minThreadedMacs ?? POOL_MIN_MACS;
  const asked = t === undefined || t === 'auto' ? undefined : t;
  const pool = core.pool;
  const threaded = pool !== null && (asked ?? core.threads) >= pool.size && s.macs >= minThreadedMacs;
  // an operator that can never run on the runtime's threads (too small, or planned for fewer) lives in the
  // runtime's single-thread companion core and, unless told otherwise, is planned for one thread: it then runs
  // exactly as on a runtime without threads
  const threads = asked ?? (threaded ? core.threads : 1);
  return {
    threads,
    isa: core.isa,
    kernel: opts.kernel,
    tiles: core.simdTiles,
    workspaceLimit: opts.workspaceLimit ?? DEFAULT_WORKSPACE_LIMIT,
    minThreadedMacs,
    threaded,
  };
}

/** Chooses the algorithm for a shape (the runtime's heuristic, forced name, or profiled choice), for the plan
 *  settings the operator will run with. */
export type AlgoSelector = (p: ConvBiasParams, s: ConvShape, plan: PlanSettings, opts: ConvOptions) => ConvAlgorithm;

const ARRAY_NAME = { int8: 'Int8Array', uint8: 'Uint8Array', int32: 'Int32Array' } as const;

/**
 * How the model runtime places a convolution (src/model/): in the runtime's main core (the one whose memory holds
 * the model's arena, threaded or not), without src / dst staging buffers (it runs on arena pointers: runAt), and
 * with its thread slices in a scratch block the model shares between its convolutions (they run one at a time).
 * Its filter is packed at its first run (setFilter keeps the weights; packPending packs them), not at load.
 */
export interface ModelPlacement {
  model: true;
}

export class ConvBias {
  readonly params: ConvShape;
  readonly algorithm: string;
  readonly dstShape: number[];
  readonly workspaceBytes: number;
  /** The micro-kernel variants this operator runs (names from the kernel tables). */
  readonly kernels: string[];
  private readonly core: WasmRuntimeCore;
  /** the runtime's worker pool (null without threads), whose execAsync makes exec wait */
  private readonly pool: ThreadPool | null;
  private readonly plan: AlgoPlan;
  /** Workspace slices / task split the plan was made for (tasks run on this thread; ids rotate over slices). */
  readonly threads: number;
  /** the operator's wasm buffers, each between guard bands */
  private readonly blocks: GuardedBlocks;
  private ctx = 0;
  private srcBuf = 0;
  private dstBuf = 0;
  private ws = 0;
  private readonly filterBuf: number;
  private biasBuf = 0;
  /** int32[G * ocpgPad] accumulator start: channel bias + the kernels' filter correction */
  private initBuf = 0;
  private channelBias: Int32Array | null = null;
  private filterCorrection: Int32Array | null = null;
  /** per [G][ocpgPad] channel, the sum of its weights: how the correction moves with the source zero point */
  private filterSums: Int32Array | null = null;
  /** the source zero point the context record and the correction hold now (setSourceZeroPoint moves it) */
  private srcZeroPoint: number;
  /** the job block of the single-thread path (reused every exec: no allocation per call) */
  private readonly job = new Int32Array(JOB.SIZE);
  private filterSet = false;
  /** a model's filter, set but not packed yet (packPending) */
  private pendingFilter: Int8Array | null = null;
  private biasSet = false;
  private disposed = false;
  /** runs on the runtime's threads (decided at plan time: POOL_MIN_MACS, the threads asked for) */
  private readonly useThreads: boolean;
  /** placed by the model runtime: no staging buffers, slices in the model's scratch (ModelPlacement) */
  private readonly inModel: boolean;
  /** bytes of thread slices a model placement needs in its shared scratch (0 otherwise) */
  readonly scratchBytes: number;

  constructor(
    core: WasmRuntimeCore,
    p: ConvBiasParams,
    opts: ConvOptions,
    select: AlgoSelector,
    placement?: ModelPlacement,
  ) {
    const s = normalizeConvParams(p);
    const settings = resolvePlanSettings(core, s, opts);
    this.threads = settings.threads;
    this.inModel = placement?.model === true;
    this.useThreads = settings.threaded;
    this.core = settings.threaded || this.inModel ? core : core.single;
    this.pool = core.pool;
    if (settings.kernel !== undefined) checkInBuild(core, [settings.kernel]);
    this.params = s;
    this.srcZeroPoint = s.srcZeroPoint;
    const algo = select(p, s, settings, opts);
    this.algorithm = algo.name;
    this.plan = takePlan(algo, s, settings);
    // the selector only returns algorithms whose plan for these settings fits; a guard, before any allocation
    check(
      this.plan.workspace.totalBytes <= settings.workspaceLimit,
      'WORKSPACE_TOO_LARGE',
      'workspaceLimit',
      () =>
        `algorithm ${algo.name} needs ${this.plan.workspace.totalBytes} bytes of workspace, more than ${settings.workspaceLimit}`,
    );
    this.kernels = this.plan.kernelNames;
    checkInBuild(core, this.kernels); // a forced tile's companions (its remainder tiles) must be there too
    this.dstShape = dstShapeOf(s);
    this.workspaceBytes = this.plan.workspace.totalBytes;
    const dstBytes = s.dstLength * (s.dstType === 'int32' ? 4 : 1);
    const perChannel = s.group * this.plan.ocpgPad;
    const perChannelAlloc = Math.ceil(perChannel / 4) * 4; // kernels read whole vectors of 4 channels
    this.scratchBytes = this.inModel ? (this.plan.workspace.aligned[1] ?? 0) : 0;
    const total =
      (this.inModel ? (this.plan.workspace.aligned[0] ?? 0) : s.srcLength + dstBytes + this.workspaceBytes) +
      (s.biasMode === 'full' ? s.biasLength * 4 : 0) +
      12 * perChannelAlloc;
    check(
      total <= MAX_OPERATOR_BYTES,
      'OUT_OF_MEMORY',
      'params',
      () =>
        `the operator needs ${total} bytes of wasm memory (src, dst, workspace), more than the ${MAX_OPERATOR_BYTES} a 32-bit wasm memory can give it`,
    );
    // OUT_OF_MEMORY (everything taken released) when the memory cannot grow
    const blocks = new GuardedBlocks(this.core, { param: 'params', what: `this operator (${total} bytes)` });
    this.blocks = blocks;
    this.ctx = blocks.alloc(CTX_BYTES);
    if (this.inModel) {
      // the packed filter alone (workspace chunk 0); chunk 1 (thread slices) lives in the model's scratch
      this.ws = blocks.alloc(this.plan.workspace.aligned[0] ?? 0);
    } else {
      this.srcBuf = blocks.alloc(s.srcLength);
      this.dstBuf = blocks.alloc(dstBytes);
      this.ws = blocks.alloc(this.workspaceBytes);
    }
    if (s.biasMode === 'full') this.biasBuf = blocks.alloc(s.biasLength * 4);
    this.initBuf = blocks.alloc(perChannelAlloc * 4);
    const ratioBuf = blocks.alloc(perChannelAlloc * 4);
    const sBiasBuf = blocks.alloc(perChannelAlloc * 4);
    this.filterBuf = this.inModel ? this.ws : this.plan.workspace.get(this.ws, 0);

    const k = channelConsts(s, this.plan.ocpgPad);
    const f32 = this.core.f32();
    f32.set(k.ratio, ratioBuf >> 2);
    f32.set(k.sBias, sBiasBuf >> 2);
    this.core.i32().fill(0, this.initBuf >> 2, (this.initBuf >> 2) + perChannelAlloc);
    // the ctx: zeroed, then the common fields, the plan's (a field of both: the plan's value) and the buffers
    const i32 = this.core.i32();
    const ctx = this.ctx;
    i32.fill(0, ctx >> 2, (ctx + CTX_BYTES) >> 2);
    const write = (fields: Partial<Record<CtxField, number>>): void => {
      for (const name in fields) {
        if (CTX_FLOAT_FIELDS.has(name as CtxField)) throw new Error(`ctx field ${name} is a float`);
        i32[(ctx + CTX[name as CtxField]) >> 2] = fields[name as CtxField] as number;
      }
    };
    write(commonCtxFields(s, this.plan.ocpgPad));
    write(this.plan.ctxFields);
    write({
      ratio: ratioBuf,
      sBias: sBiasBuf,
      clampLo: k.clampLo,
      clampHi: k.clampHi,
      init: this.initBuf,
      bias: this.biasBuf,
      weights: this.filterBuf,
    });
    f32[(this.ctx + CTX.invDst) >> 2] = k.invDst;
  }

  /** wasm bytes this operator holds (its buffers with their guard bands). */
  get heldBytes(): number {
    return this.blocks.heldBytes;
  }

  /** True when every guard band around this operator's wasm buffers is intact. */
  checkGuards(): boolean {
    return this.blocks.checkGuards();
  }

  private live(): void {
    if (this.disposed) throw new I8ConvError('DISPOSED', 'this: the operator was disposed', 'this');
    if (this.core.disposed) throw new I8ConvError('DISPOSED', 'runtime: the runtime was disposed', 'runtime');
  }

  setFilter(weights: Int8Array, layout: FilterLayout = 'OIHW'): void {
    this.live();
    const s = this.params;
    check(weights instanceof Int8Array, 'BAD_BUFFER', 'weights', 'must be an Int8Array (weights are symmetric int8)');
    check(
      layout === 'OIHW' || layout === 'NCHW44_DOT' || layout === 'NCHW44_CHAN',
      'INVALID_PARAM',
      'layout',
      () => `must be 'OIHW', 'NCHW44_DOT' or 'NCHW44_CHAN', got ${String(layout)}`,
    );
    if (layout === 'NCHW44_DOT') {
      check(
        s.icpg % 4 === 0 && s.ocpg % 4 === 0,
        'INVALID_PARAM',
        'layout',
        'NCHW44_DOT filters need IC/G and OC/G multiples of 4',
      );
    }
    if (layout === 'NCHW44_CHAN') {
      check(
        s.icpg === 1 && s.ocpg === 1 && s.group % 4 === 0,
        'INVALID_PARAM',
        'layout',
        'NCHW44_CHAN filters are for channel-wise convolutions (group = IC = OC, a multiple of 4)',
      );
    }
    check(
      weights.length === s.filterLength,
      'BAD_BUFFER',
      'weights',
      () =>
        `expected ${s.filterLength} elements (${s.group > 1 ? 'G*OC/G*IC/G' : 'OC*IC'}*FH*FW), got ${weights.length}`,
    );
    const oihw =
      layout === 'OIHW'
        ? weights
        : layout === 'NCHW44_DOT'
          ? dotFilterToOIHW(s, weights)
          : chanFilterToOIHW(s, weights);
    this.filterSet = true;
    // a model's convolution packs its filter at its first run (loading a model allocates and plans; the packing, the
    // largest part of a load, waits until a step runs): the weights are kept until then
    if (this.inModel) this.pendingFilter = oihw;
    else this.pack(oihw);
  }

  /** Packs the OIHW filter into the operator's wasm buffer and writes the accumulator start. */
  private pack(oihw: Int8Array): void {
    // packed in place, in the wasm memory (no copy): the packers write no wasm memory of their own, so the view stays
    // valid; zeroed first, as a fresh buffer would be
    const packed = this.core.u8().subarray(this.filterBuf, this.filterBuf + this.plan.packedFilterBytes);
    packed.fill(0);
    this.filterCorrection = this.plan.packFilter(oihw, packed);
    this.filterSums = this.filterCorrection ? filterSums(this.params, oihw, this.plan.ocpgPad) : null;
    this.writeInit();
  }

  /**
   * Model runtime: packs the filter that setFilter kept, if it is not packed yet (runAt, tasksAt and
   * setSourceZeroPoint call it; a model may call it ahead of the first run).
   */
  packPending(): void {
    const w = this.pendingFilter;
    if (!w) return;
    this.live();
    this.pendingFilter = null;
    this.pack(w);
  }

  /** init[g][o] = channel bias + filter correction, laid out [G][ocpgPad]. */
  private writeInit(): void {
    const s = this.params;
    const pad = this.plan.ocpgPad;
    const init = new Int32Array(s.group * pad);
    for (let g = 0; g < s.group; g++) {
      for (let o = 0; o < s.ocpg; o++) {
        const i = g * pad + o;
        init[i] =
          (this.channelBias ? this.channelBias[g * s.ocpg + o] : 0) +
          (this.filterCorrection ? this.filterCorrection[i] : 0);
      }
    }
    this.core.i32().set(init, this.initBuf >> 2);
  }

  setBias(bias: Int32Array): void {
    this.live();
    const s = this.params;
    check(s.biasMode !== 'none', 'BIAS_LENGTH', 'bias', "biasMode is 'none': no bias can be set");
    check(bias instanceof Int32Array, 'BAD_BUFFER', 'bias', 'must be an Int32Array');
    check(
      bias.length === s.biasLength,
      'BIAS_LENGTH',
      'bias',
      () => `expected ${s.biasLength} elements for biasMode '${s.biasMode}', got ${bias.length}`,
    );
    if (s.biasMode === 'channel') {
      this.channelBias = Int32Array.from(bias);
      this.writeInit();
    } else {
      this.core.i32().set(bias, this.biasBuf >> 2);
    }
    this.biasSet = true;
  }

  /**
   * Model runtime: the source zero point of the next runs, where it is known only at run time (a ConvInteger after a
   * DynamicQuantizeLinear). The kernels read it from the context record (padding, their zero-point subtraction), and
   * the filter correction in the accumulator start is affine in it (slope: minus the channel's weight sum), so both
   * move here in O(channels). After setFilter.
   */
  setSourceZeroPoint(zp: number): void {
    const s = this.params;
    const [lo, hi] = s.srcType === 'uint8' ? [0, 255] : [-128, 127];
    check(
      Number.isInteger(zp) && zp >= lo && zp <= hi,
      'INVALID_PARAM',
      'srcZeroPoint',
      () => `must be an integer in [${lo}, ${hi}], got ${zp}`,
    );
    if (zp === this.srcZeroPoint) return;
    this.packPending(); // the correction below moves the packed filter's
    const signed = (z: number) => (s.srcType === 'uint8' ? z - 128 : z);
    const d = signed(zp) - signed(this.srcZeroPoint);
    if (this.filterCorrection && this.filterSums) {
      for (let i = 0; i < this.filterCorrection.length; i++) this.filterCorrection[i] -= d * this.filterSums[i];
      this.writeInit();
    }
    this.core.i32()[(this.ctx + CTX.srcZp) >> 2] = signed(zp);
    this.srcZeroPoint = zp;
  }

  /**
   * Model runtime: a 256-byte table applied to every output byte as the kernels store it (dst[i] = table[dst[i]],
   * indexed by the raw byte), which fuses an 8-bit look-up operator into this convolution. 8-bit outputs only; set
   * once, before the first run.
   */
  setOutputTable(table: Uint8Array): void {
    this.live();
    check(this.params.dstType !== 'int32', 'INVALID_PARAM', 'table', 'an int32 output has no byte table');
    check(
      table instanceof Uint8Array && table.length === 256,
      'BAD_BUFFER',
      'table',
      'must be a Uint8Array of 256 bytes',
    );
    check(this.core.i32()[(this.ctx + CTX.lut) >> 2] === 0, 'INVALID_PARAM', 'table', 'is already set');
    const t = this.blocks.alloc(256);
    this.core.u8().set(table, t);
    this.core.i32()[(this.ctx + CTX.lut) >> 2] = t;
  }

  /**
   * Model runtime: a residual add applied to every output byte as the kernels store it (after the output table):
   * y = QLinearAdd(y, r), r the byte setResidualDelta bytes further, by the QLinearAdd record `write` puts at the
   * offset it is given (`bytes` long: assembly/model/elem-ctx.ts), which fuses a QLinearAdd of this convolution's
   * output and a same-shaped value into it. 8-bit outputs only; set once, before the first run.
   */
  setResidualAdd(write: (at: number) => void, bytes: number): void {
    this.live();
    check(this.params.dstType !== 'int32', 'INVALID_PARAM', 'add', 'an int32 output has no residual add');
    check(this.core.i32()[(this.ctx + CTX.addRecord) >> 2] === 0, 'INVALID_PARAM', 'add', 'is already set');
    const r = this.blocks.alloc(bytes, { zero: true });
    write(r);
    this.core.i32()[(this.ctx + CTX.addRecord) >> 2] = r;
  }

  /**
   * Model runtime: the window correction of weights shifted per output channel and the float epilogue after it,
   * applied as the kernels store each int32 sum (assembly/common/finish.ts): v = acc + shifts[c] * S[pixel] (S set
   * before each run by setWindowSums; no shifts: no correction), then, with `scales`, the float32 output
   * f32(f32(v) * scales[c]) + bias[c] and Relu where `relu`. An int32 output of batch 1 and one group, no activation,
   * no full bias (a channel bias is in the accumulators' start, so in v); set once, before the first run. The scales may change per run (setEpilogueScalesFrom).
   */
  setWindowEpilogue(o: { shifts?: Int32Array; scales?: Float32Array; bias?: Float32Array; relu?: boolean }): void {
    this.live();
    const s = this.params;
    check(
      s.dstType === 'int32' && s.biasMode !== 'full' && s.nonlinearity === 'identity' && s.n === 1 && s.group === 1,
      'INVALID_PARAM',
      'epilogue',
      'takes an int32 output of batch 1 and one group, without a full bias or activation',
    );
    const i32 = this.core.i32();
    check(i32[(this.ctx + CTX.winShifts) >> 2] === 0, 'INVALID_PARAM', 'epilogue', 'is already set');
    const padded = Math.ceil(s.oc / 4) * 4 + 4;
    const put = (field: number, values: Int32Array | Float32Array | undefined): void => {
      if (!values) return;
      check(values.length === s.oc, 'INVALID_PARAM', 'epilogue', `takes ${s.oc} values per array`);
      const at = this.blocks.alloc(padded * 4, { zero: true });
      if (values instanceof Int32Array) this.core.i32().set(values, at >> 2);
      else this.core.f32().set(values, at >> 2);
      this.core.i32()[(this.ctx + field) >> 2] = at;
    };
    put(CTX.winShifts, o.shifts);
    put(CTX.epiScales, o.scales);
    put(CTX.epiBias, o.scales ? (o.bias ?? new Float32Array(s.oc)) : undefined);
    this.core.i32()[(this.ctx + CTX.epiRelu) >> 2] = o.scales && o.relu ? 1 : 0;
  }

  /** The window sums of the next runs (a setWindowEpilogue convolution with shifts): S int32 [OH * OW] at `at`. */
  setWindowSums(at: number): void {
    this.core.i32()[(this.ctx + CTX.winSums) >> 2] = at;
  }

  /** A setWindowEpilogue convolution's scales for the next runs: `count` float32 at `at` (1: every channel's). */
  setEpilogueScalesFrom(at: number, count: number): void {
    const f = this.core.f32();
    const to = this.core.i32()[(this.ctx + CTX.epiScales) >> 2] >> 2;
    const from = at >> 2;
    if (count === 1) f.fill(f[from], to, to + this.params.oc);
    else f.copyWithin(to, from, from + this.params.oc);
  }

  /**
   * Model runtime: a channel bias computed at run time (a ConvInteger's bias quantized with the run's input scale):
   * `count` int32 at `at` (1: every channel's), the accumulators' start for the next runs. biasMode 'channel'; O(oc).
   */
  setChannelBiasFrom(at: number, count: number): void {
    const s = this.params;
    check(s.biasMode === 'channel', 'INVALID_PARAM', 'bias', "a computed bias needs biasMode 'channel'");
    const i32 = this.core.i32();
    const from = at >> 2;
    const b = this.channelBias ?? new Int32Array(s.oc);
    let same = this.channelBias !== null;
    for (let o = 0; o < s.oc; o++) {
      const v = i32[from + (count === 1 ? 0 : o)];
      if (b[o] !== v) same = false;
      b[o] = v;
    }
    this.channelBias = b;
    this.biasSet = true;
    if (!same) this.writeInit();
  }

  /** The bytes from each output byte to its residual operand's (a setResidualAdd convolution, before each run). */
  setResidualDelta(delta: number): void {
    this.core.i32()[(this.ctx + CTX.addDelta) >> 2] = delta | 0;
  }

  exec(src: SrcArray, dst: DstArray): void {
    const io = this.checkExec(src, dst);
    this.copyIn(io.src);
    this.run();
    this.copyOut(io.dst);
  }

  /**
   * exec without blocking the calling thread: the runtime's worker threads run the convolution and the promise
   * resolves when dst holds the output (for a browser page's main thread, where exec would compute on the page's
   * thread). Without threads it runs like exec. One execAsync of a runtime at a time: exec / execAsync calls while
   * one runs raise RUNTIME_BUSY. dst must keep its bytes until then: a resizable buffer shrunk below them (or a
   * buffer detached) meanwhile is BAD_BUFFER, and nothing is written.
   */
  async execAsync(src: SrcArray, dst: DstArray): Promise<void> {
    const io = this.checkExec(src, dst);
    const pool = this.core.pool;
    if (!pool) {
      this.copyIn(io.src);
      this.run();
      this.copyOut(io.dst);
      return;
    }
    this.copyIn(io.src);
    const e = { ctx: this.ctx, src: this.srcBuf, dst: this.dstBuf, slices: this.plan.workspace.get(this.ws, 1) };
    await pool.runAsync(this.plan.kernels, e);
    this.live();
    this.copyOut(io.dst);
  }

  /**
   * Checks an exec's arguments, each typed array read once (views.ts: what is checked is what is copied, whatever
   * getters or a Proxy would answer later), src and dst sharing no byte (BAD_BUFFER).
   */
  private checkExec(src: unknown, dst: unknown): { src: ViewSnapshot; dst: ViewSnapshot } {
    this.live();
    check(!this.inModel, 'INVALID_PARAM', 'this', "a model's convolution runs through the model (model.run)");
    check(
      !this.pool?.isBusy,
      'RUNTIME_BUSY',
      'runtime',
      'an execAsync of this runtime is still running: await it first',
    );
    const s = this.params;
    check(this.filterSet, 'FILTER_NOT_SET', 'filter', 'call setFilter before exec');
    check(
      s.biasMode === 'none' || this.biasSet,
      'BIAS_NOT_SET',
      'bias',
      () => `biasMode is '${s.biasMode}': call setBias before exec`,
    );
    const a = snapshotView(src);
    const b = snapshotView(dst);
    check(
      a?.type === ARRAY_NAME[s.srcType],
      'BAD_BUFFER',
      'src',
      () => `must be an ${ARRAY_NAME[s.srcType]} (srcType '${s.srcType}')`,
    );
    check(
      a.length === s.srcLength,
      'BAD_BUFFER',
      'src',
      () => `expected ${s.srcLength} elements (${s.format} ${s.n}x${s.ic}x${s.ih}x${s.iw}), got ${a.length}`,
    );
    check(
      b?.type === ARRAY_NAME[s.dstType],
      'BAD_BUFFER',
      'dst',
      () =>
        `must be an ${ARRAY_NAME[s.dstType]} (dstType '${s.dstType}'${s.dstType === 'int32' ? ': no dstScale' : ''})`,
    );
    check(
      b.length === s.dstLength,
      'BAD_BUFFER',
      'dst',
      () => `expected ${s.dstLength} elements [${this.dstShape.join(', ')}], got ${b.length}`,
    );
    check(a.bytes !== null && b.bytes !== null, 'BAD_BUFFER', a.bytes ? 'dst' : 'src', 'its buffer is detached');
    check(
      !overlaps(a, b),
      'BAD_BUFFER',
      'dst',
      () =>
        `shares bytes with src (one buffer: src bytes [${a.byteOffset}, ${a.byteOffset + a.byteLength}), dst bytes [${b.byteOffset}, ${b.byteOffset + b.byteLength}))`,
    );
    return { src: a, dst: b };
  }

  private copyIn(src: ViewSnapshot): void {
    new Uint8Array(this.core.memory.buffer, this.srcBuf, this.params.srcLength).set(src.bytes!);
  }

  /** Copies the output into dst as checkExec read it; BAD_BUFFER (nothing written) where its bytes are gone since. */
  private copyOut(dst: ViewSnapshot): void {
    check(intact(dst), 'BAD_BUFFER', 'dst', 'its buffer shrank or was detached before the output was written');
    dst.bytes!.set(this.core.u8().subarray(this.dstBuf, this.dstBuf + dst.byteLength));
  }

  /** Whether exec runs on the runtime's threads (false: on the calling thread). */
  get threaded(): boolean {
    return this.useThreads;
  }

  /** Runs the plan's kernels on data already in the operator's wasm buffers. */
  run(): void {
    this.runPointers({
      ctx: this.ctx,
      src: this.srcBuf,
      dst: this.dstBuf,
      slices: this.plan.workspace.get(this.ws, 1),
    });
  }

  /**
   * The model runtime's entry (ModelPlacement): runs on src / dst byte offsets of the core's memory, with the
   * thread slices at `scratch` (512-byte aligned, at least scratchBytes). Nothing is checked here: the model's
   * planner sized and placed every buffer once at load time.
   */
  runAt(src: number, dst: number, scratch: number): void {
    this.packPending();
    this.runPointers({ ctx: this.ctx, src, dst, slices: scratch });
  }

  /** The tasks of runAt for the model's asynchronous path (pool.runAsync). */
  tasksAt(
    src: number,
    dst: number,
    scratch: number,
  ): { kernels: AlgoPlan['kernels']; e: { ctx: number; src: number; dst: number; slices: number } } {
    this.packPending();
    return { kernels: this.plan.kernels, e: { ctx: this.ctx, src, dst, slices: scratch } };
  }

  private runPointers(e: { ctx: number; src: number; dst: number; slices: number }): void {
    const pool = this.core.pool;
    if (this.threaded) {
      // asleep workers take longer to wake than a small convolution takes on this thread: run it here and wake
      // them for the next one (the layers of a network follow each other within their spin time)
      if (pool!.awake || this.params.macs >= ASLEEP_MIN_MACS) {
        for (const k of this.plan.kernels) pool!.run(this.core.exports, k, e);
        return;
      }
      pool!.kick();
    }
    this.runSerial(e);
    if (this.threaded) pool!.touch();
  }

  private runSerial(e: { ctx: number; src: number; dst: number; slices: number }): void {
    const job = this.job;
    for (const k of this.plan.kernels) {
      writeJob(job, k, e);
      job[JOB.NEXT] = 0;
      runJob(this.core.exports, job, 0, this.threads);
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pendingFilter = null;
    this.blocks.release();
  }
}

/** Per [G][ocpgPad] channel, the sum of its OIHW weights (the slope of the zero-point correction). */
function filterSums(s: ConvShape, oihw: Int8Array, ocpgPad: number): Int32Array {
  const sums = new Int32Array(s.group * ocpgPad);
  const per = s.icpg * s.fh * s.fw;
  for (let g = 0; g < s.group; g++)
    for (let o = 0; o < s.ocpg; o++) {
      let sum = 0;
      for (let k = 0; k < per; k++) sum += oihw[(g * s.ocpg + o) * per + k];
      sums[g * ocpgPad + o] = sum;
    }
  return sums;
}
