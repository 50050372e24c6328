/**
 * The thread pool: workers created once per runtime (Node and Deno: worker_threads; browsers: module Web Workers),
 * each instantiating the runtime's threaded wasm module over the same shared memory. A kernel runs as a job: the
 * calling thread writes it into the shared job block, opens it and bumps the generation (Atomics.notify), every
 * thread (the caller included, as thread 0) claims task indices until none are left, and the caller closes the job
 * and returns when the workers that entered it have counted themselves out (protocol.ts enterJob). A worker that
 * wakes too late (a busy machine) finds the job closed and the caller does not wait for it. Nothing is allocated or
 * posted per kernel.
 *
 * Waiting: a short poll, then Atomics.wait where the calling thread may block (Node, Deno, workers); on a browser's
 * main thread, which may not, a poll on Atomics.load (the caller works on the tasks too, so it only waits for the
 * last ones to end). runAsync leaves the tasks to the workers and awaits them (Atomics.waitAsync, with a timer that
 * keeps Node's and Deno's event loop open meanwhile): a page's main thread stays free.
 */
import { I8ConvError } from '../errors.js';
import { importNodeBuiltin } from '../node-builtin.js';
import {
  JOB,
  STATE_CLOSED,
  STATE_IN,
  WORKER_SPIN_MS,
  openState,
  runJob,
  spinUntil,
  taskCount,
  writeJob,
  type ExecPointers,
  type KernelDispatch,
  type TaskExports,
  type WorkerInit,
} from './protocol.js';

interface AnyWorker {
  terminate(): unknown;
  unref?(): void;
}

/**
 * A worker and why it failed to start, once known (so a broken start fails fast, not at the timeout): null while
 * nothing went wrong, else a promise of the reason (a browser's reason may need a request to find out).
 */
interface Spawned {
  worker: AnyWorker;
  failure: () => Promise<string> | null;
}

/** Whether this thread may block in Atomics.wait (a browser's main thread may not). */
export function canBlock(): boolean {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

/** Node, or Deno (whose node:worker_threads workers can be unref'd, unlike its Web Workers). */
function hasWorkerThreads(): boolean {
  const g = globalThis as unknown as { process?: { versions?: { node?: string } }; Deno?: unknown };
  return g.Deno !== undefined || typeof g.process?.versions?.node === 'string';
}

/** The worker module's file, where unbundled files have it (beside this module). */
const WORKER_FILE = './worker.js';

/**
 * The URL of the worker module beside this one, for Node and Deno and for the reasons of a failure. Written so that
 * bundlers do not take it for an asset: they look for `new URL('literal', import.meta.url)` (webpack warns at a
 * `new URL(expression, import.meta.url)`); the browser's worker is the literal `new Worker(...)` in spawn().
 */
function besideThisModule(file: string): URL {
  const base = import.meta.url;
  return new URL(file, base);
}

/** What to do where the worker module cannot be found or run, appended to every reason a worker did not start. */
const WORKER_HINT =
  "give the location of i8conv's worker module (dist/src/threads/worker.js, exported as 'i8conv/worker') as createRuntime({ workerUrl })";

/**
 * Starts one worker. `workerUrl` (RuntimeOptions.workerUrl) or, by default, the worker module next to this one:
 * in browsers written as the literal `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })` that
 * Vite and webpack 5 recognize (Rollup with a plugin), so that they bundle the worker and rewrite its URL. esbuild
 * 0.28 leaves it as it is: the worker is then looked for beside the bundle (docs/bundlers.md).
 */
async function spawn(init: WorkerInit, workerUrl: string | URL | undefined): Promise<Spawned> {
  let failed: Promise<string> | null = null;
  if (hasWorkerThreads()) {
    const { Worker } = await importNodeBuiltin<typeof import('node:worker_threads')>('node:worker_threads');
    const url = nodeWorkerLocation(workerUrl);
    const fail = (what: string) =>
      (failed ??= Promise.resolve(`the worker module ${String(url)} ${what}; ${WORKER_HINT}`));
    let w: InstanceType<typeof Worker>;
    try {
      w = newNodeWorker(Worker, url, init);
    } catch (e) {
      throw new Error(
        `the worker module ${String(url)} could not start (${(e as Error).message ?? e}); ${WORKER_HINT}`,
      );
    }
    w.on('error', (e: Error) => fail(`failed: ${String(e.message ?? e)}`));
    w.on('exit', (code: number) => fail(`exited with code ${code}`));
    w.unref(); // a process with a runtime open still exits when the user is done
    return { worker: w, failure: () => failed };
  }
  let w: Worker;
  try {
    w =
      workerUrl === undefined
        ? new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })
        : new Worker(workerUrl, { type: 'module' });
  } catch (e) {
    const where =
      workerUrl === undefined && typeof import.meta.url !== 'string'
        ? 'import.meta.url is not available (a bundle in a non-module format, such as an IIFE or a classic script), so the worker module next to the library cannot be located'
        : `a Worker for ${String(workerUrl ?? WORKER_FILE)} could not be created (${(e as Error).message ?? e})`;
    throw new Error(`${where}; ${WORKER_HINT}`);
  }
  w.addEventListener('error', (e) => {
    e.preventDefault(); // reported as the reason threads are off, not as an uncaught error of the page
    failed ??= browserFailure(workerUrl, (e as ErrorEvent).message).then((why) => `${why}; ${WORKER_HINT}`);
  });
  w.postMessage(init);
  return { worker: w, failure: () => failed };
}

/** Node's and Deno's Worker takes a path or a file: / data: URL object (a string URL counts as a path there). */
function nodeWorkerLocation(workerUrl: string | URL | undefined): URL | string {
  if (workerUrl === undefined) return besideThisModule(WORKER_FILE);
  if (typeof workerUrl === 'string' && /^(file|data):/.test(workerUrl)) return new URL(workerUrl);
  return workerUrl;
}

/**
 * Why a module worker fired 'error' before it started. A script that throws gives an ErrorEvent with a message; a
 * module that did not load (missing, the wrong MIME type, an import of its own that failed) gives a bare Event, so
 * its URL is requested once more to tell which. The default worker's URL is the one unbundled files have (next to
 * this module): a bundler that rewrote it loaded another, so the reason says "a request for" what it checked.
 */
async function browserFailure(workerUrl: string | URL | undefined, message: string | undefined): Promise<string> {
  const given = workerUrl === undefined ? undefined : String(workerUrl);
  if (message) return `the worker module ${given ?? WORKER_FILE} failed: ${message}`;
  let url: string;
  try {
    url = given
      ? new URL(given, (globalThis as unknown as { location?: { href: string } }).location?.href).href
      : besideThisModule(WORKER_FILE).href;
  } catch {
    return `the worker module ${given ?? WORKER_FILE} did not load (the browser gave no detail)`;
  }
  try {
    const r = await fetch(url);
    if (!r.ok) return `the worker module did not load: a request for ${url} answers HTTP ${r.status}`;
    const type = r.headers.get('content-type') ?? '';
    if (!/javascript|ecmascript/i.test(type))
      return `the worker module did not load: ${url} is served as '${type || 'no content-type'}', not JavaScript`;
    const text = await r.text();
    if (/^\s*(import|export)\b[^\n]*\bfrom\s*['"]/m.test(text))
      return `the worker module ${url} did not load: it imports other modules (i8conv's worker is one self-contained module)`;
    return `the worker module ${url} did not load (the browser gave no detail)`;
  } catch (e) {
    return `the worker module did not load, and a request for ${url} failed (${(e as Error).message ?? e})`;
  }
}

type NodeWorkerCtor = typeof import('node:worker_threads').Worker;

/**
 * A worker_threads Worker for the pool. V8's flags (Node 20's --experimental-wasm-relaxed-simd, --expose-gc,
 * --max-old-space-size) hold for the whole process, workers included, whatever a worker is given; Node's own options
 * a worker inherits by default. So a worker gets the process's options as they are (execArgv left out), except where
 * they hold --input-type (`node --input-type=module -e ...`), which a worker started from a file refuses. A list given
 * explicitly is checked by Node, which refuses V8's flags and per-process options in it (--expose-gc: "invalid
 * execArgv flags"): the flags it names are dropped and the worker started again without them.
 */
export function newNodeWorker(
  Worker: NodeWorkerCtor,
  url: URL | string,
  init: WorkerInit,
): InstanceType<NodeWorkerCtor> {
  const argv = (globalThis as unknown as { process: { execArgv: string[] } }).process.execArgv;
  if (!argv.some((a) => a.startsWith('--input-type'))) return construct(Worker, url, init, undefined);
  let list = argv.filter((a, i) => !a.startsWith('--input-type') && argv[i - 1] !== '--input-type');
  for (let attempt = 0; ; attempt++) {
    try {
      return construct(Worker, url, init, list);
    } catch (e) {
      const err = e as { code?: string; message?: string };
      if (err.code !== 'ERR_WORKER_INVALID_EXEC_ARGV' || attempt > 0) throw e;
      // "Initiated Worker with invalid execArgv flags: --a, --b=1"
      const bad = new Set(
        String(err.message ?? '')
          .replace(/^[^:]*:/, '')
          .split(',')
          .map((f) => f.trim()),
      );
      const kept = list.filter((a) => !bad.has(a));
      list = kept.length < list.length ? kept : [];
    }
  }
}

function construct(
  Worker: NodeWorkerCtor,
  url: URL | string,
  init: WorkerInit,
  execArgv: string[] | undefined,
): InstanceType<NodeWorkerCtor> {
  return execArgv === undefined
    ? new Worker(url, { workerData: init })
    : new Worker(url, { workerData: init, execArgv });
}

export class ThreadPool {
  /** threads that run a kernel: the workers and the calling thread */
  readonly size: number;
  private readonly job: Int32Array;
  private readonly workers: AnyWorker[];
  private readonly block: boolean;
  private disposed = false;

  private constructor(job: Int32Array, workers: AnyWorker[]) {
    this.job = job;
    this.workers = workers;
    this.size = workers.length + 1;
    this.block = canBlock();
  }

  /** Starts `threads - 1` workers; resolves when every one has instantiated the module (or rejects). */
  static async create(
    module: WebAssembly.Module,
    memory: WebAssembly.Memory,
    threads: number,
    workerUrl?: string | URL,
    timeoutMs = 20_000,
  ): Promise<ThreadPool> {
    const job = new Int32Array(new SharedArrayBuffer(JOB.SIZE * 4));
    const spawned: Spawned[] = [];
    const workers: AnyWorker[] = [];
    try {
      for (let tid = 1; tid < threads; tid++) {
        const s = await spawn({ module, memory, job: job.buffer as SharedArrayBuffer, tid }, workerUrl);
        spawned.push(s);
        workers.push(s.worker);
      }
      const t0 = Date.now();
      while (Atomics.load(job, JOB.READY) < threads - 1) {
        const bad = spawned.map((s) => s.failure()).find((f) => f !== null);
        if (bad) throw new Error(await bad);
        if (Date.now() - t0 > timeoutMs)
          throw new Error(
            `${Atomics.load(job, JOB.READY)} of ${threads - 1} workers started within ${timeoutMs} ms (if a bundler moved i8conv's worker module, ${WORKER_HINT})`,
          );
        // the workers start on their own threads; yield to let this thread's event loop deliver their messages
        await new Promise((r) => setTimeout(r, 2));
      }
    } catch (e) {
      for (const w of workers) void w.terminate();
      throw e;
    }
    return new ThreadPool(job, workers);
  }

  private busy = false;
  /** when the last job ended (performance.now()) */
  private lastEnd = -Infinity;
  /** An execAsync is in flight. */
  get isBusy(): boolean {
    return this.busy;
  }

  /**
   * Whether the workers are probably still polling for work (a job ended less than their spin time ago): then a
   * kernel starts on them at once; asleep, they take ~0.5-2 ms to wake on the VMs measured.
   */
  get awake(): boolean {
    return performance.now() - this.lastEnd < WORKER_SPIN_MS * 0.8;
  }

  /** Marks the workers as (being) woken now: after a kick and the calling thread's own run, they are polling. */
  touch(): void {
    this.lastEnd = performance.now();
  }

  /**
   * Wakes the workers without waiting for them (a new generation with no job), so the next kernel finds them polling.
   */
  kick(): void {
    if (this.disposed || this.busy) return;
    Atomics.add(this.job, JOB.GEN, 1);
    Atomics.notify(this.job, JOB.GEN);
    this.lastEnd = performance.now();
  }

  /**
   * Opens kernel k as the next generation's job. The previous job is closed with nobody in (close), so no worker
   * reads the fields written here while they change.
   */
  private open(k: KernelDispatch, e: ExecPointers): void {
    if (this.disposed) throw new I8ConvError('DISPOSED', 'runtime: disposed (its threads have ended)', 'runtime');
    const job = this.job;
    writeJob(job, k, e);
    Atomics.store(job, JOB.NEXT, 0);
    const gen = (Atomics.load(job, JOB.GEN) + 1) | 0;
    Atomics.store(job, JOB.STATE, openState(gen));
    Atomics.store(job, JOB.GEN, gen);
    Atomics.notify(job, JOB.GEN);
  }

  /**
   * Closes the current job (no worker enters it from now on) and returns when the workers that entered it have
   * counted themselves out (their claimed tasks are done): a poll of at most `spinMs` first, then a sleep (a browser
   * page's main thread, which may not sleep, polls on). Returns whether the poll sufficed.
   */
  private close(spinMs: number): boolean {
    const job = this.job;
    const gone = () => (Atomics.load(job, JOB.STATE) & STATE_IN) === 0;
    Atomics.or(job, JOB.STATE, STATE_CLOSED);
    if (spinUntil(gone, spinMs)) return true;
    for (;;) {
      const v = Atomics.load(job, JOB.STATE);
      if ((v & STATE_IN) === 0) return false;
      if (this.block) Atomics.wait(job, JOB.STATE, v, 1000);
    }
  }

  private checkError(): void {
    if (Atomics.load(this.job, JOB.ERROR)) {
      Atomics.store(this.job, JOB.ERROR, 0);
      throw new I8ConvError('WASM_ABORT', 'a wasm kernel aborted on a worker (an internal bug: please report it)');
    }
  }

  /**
   * Runs one kernel on the workers alone and resolves when they are done, without blocking the calling thread
   * (Atomics.waitAsync where the engine has it, else a timer poll). For a browser page's main thread. While it runs,
   * a timer holds the event loop of Node and Deno open (the workers are unref'd and a pending Atomics.waitAsync
   * holds nothing): `await model.runAsync(...)` as a script's last statement ends with its result, not with an
   * unsettled promise.
   */
  async runAsync(kernels: readonly KernelDispatch[], e: ExecPointers): Promise<void> {
    if (this.disposed) throw new I8ConvError('DISPOSED', 'runtime: disposed (its threads have ended)', 'runtime');
    if (this.busy)
      throw new I8ConvError(
        'RUNTIME_BUSY',
        'runtime: an execAsync of this runtime is still running; await it first',
        'runtime',
      );
    // busy from this call's first (synchronous) step to its end, over every kernel: the workers may finish a
    // kernel before the first await, and exec / kick must still see the execAsync as running until it resolves
    this.busy = true;
    const hold = ThreadPool.holdEventLoop();
    try {
      for (const k of kernels) {
        this.open(k, e);
        await this.awaitDone();
        this.checkError();
      }
    } finally {
      clearInterval(hold);
      this.busy = false;
      this.lastEnd = performance.now();
    }
  }

  /**
   * A timer that holds the event loop of Node and Deno open until clearInterval (it never fires in practice); in a
   * browser it holds nothing (a page stays open anyway).
   */
  private static holdEventLoop(): ReturnType<typeof setInterval> {
    return setInterval(() => {}, 2 ** 30);
  }

  /** Waits, without blocking, until every task of the open job is claimed and its claimers are out; closes it. */
  private async awaitDone(): Promise<void> {
    const job = this.job;
    const waitAsync = (
      Atomics as unknown as {
        waitAsync?: (a: Int32Array, i: number, v: number, t?: number) => { async: boolean; value: unknown };
      }
    ).waitAsync;
    for (;;) {
      // disposed meanwhile: the workers are gone and will not count themselves out
      if (this.disposed)
        throw new I8ConvError('DISPOSED', 'runtime: disposed while an execAsync was running', 'runtime');
      const v = Atomics.load(job, JOB.STATE);
      if (v & STATE_CLOSED) {
        if ((v & STATE_IN) === 0) return;
      } else if (Atomics.load(job, JOB.NEXT) >= Atomics.load(job, JOB.TOTAL)) {
        // every task is claimed: close, then wait for the claimers (the last one out notifies JOB.STATE)
        Atomics.or(job, JOB.STATE, STATE_CLOSED);
        continue;
      }
      if (waitAsync) {
        const r = waitAsync(job, JOB.STATE, v, 50);
        if (r.async) await r.value;
      } else {
        await new Promise((ok) => setTimeout(ok, 0));
      }
    }
  }

  /** Runs one kernel on every thread of the pool, the calling one included; returns when all its tasks are done. */
  run(exports: TaskExports, k: KernelDispatch, e: ExecPointers): void {
    if (this.busy)
      throw new I8ConvError(
        'RUNTIME_BUSY',
        'runtime: an execAsync of this runtime is still running; await it first',
        'runtime',
      );
    if (taskCount(k) <= 1) {
      // one task (a small step: a VAD's LSTM, a short region): on this thread, with no job for the workers to enter
      // and leave (that round trip cost more than such a task)
      const job = this.serialJob;
      writeJob(job, k, e);
      job[JOB.NEXT] = 0;
      runJob(exports, job, 0, 1);
      return;
    }
    const t0 = performance.now();
    this.open(k, e);
    let err: unknown;
    try {
      runJob(exports, this.job, 0);
    } catch (x) {
      err = x;
    }
    const t1 = performance.now();
    // the workers still in hold one task each, started before this thread claimed its last one: a poll at most as
    // long as this thread's own share and tailSpinMs, then a sleep, which leaves the core to a worker that was
    // descheduled with its task on a busy machine
    const spin = Math.min(this.tailSpinMs, Math.max(0.05, t1 - t0));
    this.tailSpinMs = this.close(spin)
      ? Math.min(2 * this.tailSpinMs, ThreadPool.TAIL_SPIN_MS)
      : Math.max(this.tailSpinMs / 2, 0.05);
    this.lastEnd = performance.now();
    if (err !== undefined) throw err;
    this.checkError();
  }

  /**
   * The longest poll of run for the workers' last tasks (ms); the poll's length, tailSpinMs, halves after each poll
   * that did not suffice (a worker descheduled with its task: the sleep that follows leaves it the core) and doubles
   * back after each that did.
   */
  static readonly TAIL_SPIN_MS = 5;
  /** The job block of run's one-task kernels (this thread's own: the workers never read it). */
  private readonly serialJob = new Int32Array(JOB.SIZE);
  private tailSpinMs = ThreadPool.TAIL_SPIN_MS;

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    Atomics.store(this.job, JOB.QUIT, 1);
    Atomics.add(this.job, JOB.GEN, 1);
    Atomics.notify(this.job, JOB.GEN);
    // an execAsync waiting on the job wakes now and ends with DISPOSED (its timer is released with it)
    Atomics.notify(this.job, JOB.STATE);
    for (const w of this.workers) void w.terminate();
  }
}
