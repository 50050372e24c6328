/**
 * The protocol the calling thread (pool.ts) and the workers (worker.ts) share; both import it, neither imports the
 * other.
 *
 * Kernel dispatch as data, so that any thread can run any task of a plan without JS closures: a kernel is a task
 * function of the wasm module (all take (ctx, p0, p1, p2, i0, i1, i2)), its 3-d task range (last dimension
 * fastest), and three pointer arguments, each a base (the operator's src, dst or workspace slices), an offset and
 * a per-thread stride (thread t uses base + offset + t * perThread).
 *
 * The job block (an Int32Array, shared with the workers in a SharedArrayBuffer) carries one kernel at a time;
 * runJob is the loop every thread runs over it: claim the next task index atomically, run it, until none are left.
 * The only message ever posted is a worker's WorkerInit, once, when it starts.
 *
 * Joining a job. The caller opens a job (JOB.STATE: the generation's tag, not closed, nobody in), and closes it when
 * it has nothing more to claim; a worker runs tasks only after it entered the open job of the generation it woke for
 * (enterJob: a compare-exchange that counts it in), and counts itself out after (leaveJob). The caller waits only for
 * the workers counted in, so a worker that wakes late (descheduled by a busy machine) costs the job nothing: the
 * caller has claimed its tasks meanwhile, and the late worker finds the job closed. A worker counted in reads the
 * job's fields, which the caller does not write again before the count is back to zero.
 */

/** The one message a worker receives (Node and Deno: as workerData; browsers: its first message). */
export interface WorkerInit {
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  job: SharedArrayBuffer;
  tid: number;
}

/**
 * How long a worker keeps polling for the next job before it sleeps (milliseconds). Waking a sleeping worker costs
 * 0.5-2 ms on the 2-core VMs measured (2 ms gaps between convolutions: a 28.9 M multiply-add 3x3 took 1.68 ms on 2
 * threads against 1.30 on one), so the pool keeps its threads polling across the layers of a network and the gaps
 * between a caller's calls (OpenMP runtimes poll far longer by default). The pool reads it too, to tell whether the
 * workers are still awake. It is the longest poll: a poll that finds itself descheduled (PREEMPTED_MS) ends
 * early (spinUntil), and a worker halves its next poll after one that found no job and after a job it came too late
 * for (worker.ts), so that on a busy machine it sleeps instead of polling.
 */
export const WORKER_SPIN_MS = 10;

/**
 * A gap between two clock reads of a poll (each 256 loads apart, ~1 us) longer than this (ms) means the thread was
 * descheduled meanwhile: more threads want the cores than there are, and polling on takes a core from a thread that
 * has work (another process's, the caller, a worker holding a task). The poll then ends and the thread sleeps.
 */
export const PREEMPTED_MS = 0.5;

/**
 * Polls until `ready()` or for `ms` milliseconds, whichever comes first, and ends early where the poll was
 * descheduled (PREEMPTED_MS). Returns ready()'s last answer.
 */
export function spinUntil(ready: () => boolean, ms: number): boolean {
  if (ready()) return true;
  let last = performance.now();
  const until = last + ms;
  for (;;) {
    for (let i = 0; i < 256; i++) if (ready()) return true;
    const t = performance.now();
    if (t > until || t - last > PREEMPTED_MS) return ready();
    last = t;
  }
}

export const TASK_FUNCTIONS = [
  'convNchw44DotTask',
  'nchwToNchw44',
  'convGemmTask',
  'convWinogradTask',
  'chanwiseTask',
  'nchwDotPad',
  'nchwDotConv',
  'naiveConvTask',
  'firstPairsTask',
  // the model executor's element-wise kernels (assembly/model/elementwise.ts, lut.ts, requant.ts, dynamic-quant.ts)
  'quantizeTask',
  'dequantizeTask',
  'qlinearBinaryTask',
  'lutTask',
  'concatRowsTask',
  'requantTask',
  'dqlRangeTask',
  'dqlQuantizeTask',
  'channelTableTask',
  'gateTableTask',
  // model executor: spatial / data-movement kernels (assembly/model/spatial-*.ts, window-sum.ts)
  'maxPoolTask',
  'qAvgPoolTask',
  'qGlobalAvgPoolTask',
  'resizeTask',
  'transposeTask',
  'relayout44Task',
  'windowChannelSumTask',
  'windowBoxSumTask',
  // model executor: float32 host operators in wasm (assembly/model/host-float.ts)
  'convTransposeTask',
  'convIm2colTask',
  'convF32Task',
  'convPiecesTask',
  'convChunkTask',
  'channelAffineTask',
  'reluF32Task',
  'softmaxTask',
  'softmaxStridedTask',
  'layerNormTask',
  'instanceNormTask',
  'reduceRowsTask',
  'reduceColsTask',
  // model executor: float32 MatMul / Gemm with a constant B, and MatMul of computed operands (assembly/model/gemm-f32.ts)
  'gemmF32Task',
  'matmulPackTask',
  'matmulF32Task',
  // model executor: float32 LSTM and GRU with constant weights (assembly/model/lstm-f32.ts)
  'lstmF32Task',
  'gruF32Task',
  // model executor: the float element-wise region (assembly/model/region.ts)
  'regionTask',
  // model executor: float32 pools (assembly/model/spatial-pool-f32.ts)
  'poolF32Task',
  'globalPoolF32Task',
  // model executor: float32 Resize (assembly/model/spatial-resize-f32.ts)
  'resizeF32Task',
  // model executor: 8-bit QLinearSoftmax, QLinearMatMul of a computed B (assembly/model/qsoftmax.ts, qmatmul.ts)
  'qsoftmaxTask',
  'qsoftmaxStridedTask',
  'qmatmulPackTask',
  'qmatmulTask',
] as const;
export type TaskFunction = (typeof TASK_FUNCTIONS)[number];
/** Each task function's index in TASK_FUNCTIONS (what a job block carries): a lookup per step, not a search. */
const TASK_INDEX: ReadonlyMap<string, number> = new Map(TASK_FUNCTIONS.map((f, i) => [f, i]));

export interface PtrArg {
  base: 'none' | 'src' | 'dst' | 'slices';
  offset?: number;
  /** bytes between the threads' copies (their workspace slices) */
  perThread?: number;
}

export interface KernelDispatch {
  fn: TaskFunction;
  /** task range, up to 3 dimensions, last dimension fastest */
  range: readonly number[];
  args: readonly [PtrArg, PtrArg, PtrArg];
}

export interface ExecPointers {
  ctx: number;
  src: number;
  dst: number;
  slices: number;
}

/** Fields of the job block. */
export const JOB = {
  /** generation: incremented (and notified) when a job is posted, and by a kick (no job: it only wakes the workers) */
  GEN: 0,
  /** next task index to claim */
  NEXT: 1,
  /**
   * who may join the current job: bits 0-6 the workers counted in (enterJob), bit 7 closed (STATE_CLOSED), bits
   * 8-31 the low 24 bits of the job's generation (a worker that woke for another one does not enter)
   */
  STATE: 2,
  TOTAL: 3,
  FN: 4,
  D1: 5,
  D2: 6,
  CTX: 7,
  A0: 8,
  A1: 9,
  A2: 10,
  P0: 11,
  P1: 12,
  P2: 13,
  /** 1: workers exit */
  QUIT: 14,
  /** workers that finished starting (instantiated the module) */
  READY: 15,
  /** 1: a task threw on a worker */
  ERROR: 16,
  SIZE: 17,
} as const;

/** JOB.STATE: the mask of the workers counted in, and the closed bit. */
export const STATE_IN = 0x7f;
export const STATE_CLOSED = 0x80;

/** JOB.STATE of generation `gen`'s job when the caller opens it: its tag, open, nobody in. */
export const openState = (gen: number) => (gen & 0xffffff) << 8;

/**
 * A worker's entry into generation `gen`'s job: true when it is counted in (then it may read the job and claim tasks,
 * and must leaveJob after); false when that job is closed or another one is current (nothing to do).
 */
export function enterJob(job: Int32Array, gen: number): boolean {
  // a hint read before entering: all tasks claimed already (a late worker) skips the compare-exchange
  if (Atomics.load(job, JOB.NEXT) >= Atomics.load(job, JOB.TOTAL)) return false;
  const tag = gen & 0xffffff;
  for (;;) {
    const v = Atomics.load(job, JOB.STATE);
    if (v & STATE_CLOSED || v >>> 8 !== tag) return false;
    if (Atomics.compareExchange(job, JOB.STATE, v, v + 1) === v) return true;
  }
}

/**
 * Whether generation `gen` was a job of more than one task that a worker ran nothing of (the others had claimed every
 * task first: it woke or was scheduled late), not a kick. A hint, read after the fact.
 */
export function cameLate(job: Int32Array, gen: number): boolean {
  return Atomics.load(job, JOB.STATE) >>> 8 === (gen & 0xffffff) && Atomics.load(job, JOB.TOTAL) > 1;
}

/** A worker counts itself out of the job it entered; the last one out wakes a caller waiting for it. */
export function leaveJob(job: Int32Array): void {
  if ((Atomics.sub(job, JOB.STATE, 1) & STATE_IN) === 1) Atomics.notify(job, JOB.STATE);
}

type TaskFn = (ctx: number, p0: number, p1: number, p2: number, i0: number, i1: number, i2: number) => void;
export type TaskExports = Record<string, unknown>;

function base(a: PtrArg, e: ExecPointers): number {
  return a.base === 'none' ? 0 : (a.base === 'src' ? e.src : a.base === 'dst' ? e.dst : e.slices) + (a.offset ?? 0);
}

export function taskCount(k: KernelDispatch): number {
  return k.range.reduce((a, b) => a * b, 1);
}

/** Writes kernel k into the job block (everything but GEN / NEXT / STATE). */
export function writeJob(job: Int32Array, k: KernelDispatch, e: ExecPointers): void {
  // the range right-aligned into three dims (the missing leading ones are 1)
  const n = k.range.length;
  const r0 = n >= 3 ? k.range[n - 3] : 1,
    r1 = n >= 2 ? k.range[n - 2] : 1,
    r2 = n >= 1 ? k.range[n - 1] : 1;
  job[JOB.TOTAL] = r0 * r1 * r2;
  job[JOB.FN] = TASK_INDEX.get(k.fn) ?? -1;
  job[JOB.D1] = r1;
  job[JOB.D2] = r2;
  job[JOB.CTX] = e.ctx;
  for (let i = 0; i < 3; i++) {
    job[JOB.A0 + i] = base(k.args[i], e);
    job[JOB.P0 + i] = k.args[i].perThread ?? 0;
  }
}

/**
 * Runs tasks of the job in `job` as thread `tid` until none are left. Task indices are claimed with Atomics.add
 * (any number of threads may run this at once); with `serialSlices` > 0 there are no other threads and task i uses
 * slice i % serialSlices (the single-thread path, exercising every workspace slice the plan has). Returns how many
 * tasks this thread ran.
 */
export function runJob(exports: TaskExports, job: Int32Array, tid: number, serialSlices = 0): number {
  const fn = exports[TASK_FUNCTIONS[job[JOB.FN]]] as TaskFn;
  const total = job[JOB.TOTAL];
  const d1 = job[JOB.D1];
  const d2 = job[JOB.D2];
  const ctx = job[JOB.CTX];
  const a0 = job[JOB.A0],
    a1 = job[JOB.A1],
    a2 = job[JOB.A2];
  const p0 = job[JOB.P0],
    p1 = job[JOB.P1],
    p2 = job[JOB.P2];
  let ran = 0;
  for (; ; ran++) {
    const i = serialSlices ? job[JOB.NEXT]++ : Atomics.add(job, JOB.NEXT, 1);
    if (i >= total) return ran;
    const t = serialSlices ? i % serialSlices : tid;
    const i2 = i % d2;
    const q = (i - i2) / d2;
    const i1 = q % d1;
    const i0 = (q - i1) / d1;
    fn(ctx, a0 + t * p0, a1 + t * p1, a2 + t * p2, i0, i1, i2);
  }
}
