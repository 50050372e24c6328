/**
 * The threads section of the benchmark: i8conv on one thread (createRuntime({ threads: 1 })) against N threads
 * (createRuntime({ threads: N }), default 2), and onnxruntime-web's QLinearConv (uint8 activations) with
 * ort.env.wasm.numThreads = N, on the suite's selected shapes and on every distinct layer of the selected networks.
 *
 * It runs in a child process of `npm start` (`node dist-bench/bench/threads.js --threads N ...`, spawned by bench/main.ts
 * with the same node binary): onnxruntime-web's thread count is one global per process, fixed before its first
 * session, and the main process runs it with one thread. The child prints its results (schema.ts ThreadsSection)
 * as JSON on stdout and its progress on stderr; the main process adds onnxruntime-web's one-thread figures from its
 * own operator level, judges the bars (finishThreads) and reports.
 *
 * Measurement. Per shape the functions (i8conv 1 thread, i8conv N threads, onnxruntime-web N threads) are warmed
 * up, then sampled round-robin (bench/stats.ts measureRounds): before each sample, untimed calls for primeMs (a pool
 * that slept meanwhile is awake when the clock starts: the figure is back-to-back calls, as between the layers of a
 * network); after a threaded function's sample, settleMs of idle time (i8conv's workers poll WORKER_SPIN_MS before
 * they sleep, onnxruntime's spin too: without the pause they would compete with the next function for the two
 * cores). The speed-up is the median over the rounds of the per-round ratio (the samples of one round lie within
 * ~0.1 s of each other, so a drift of the shared machine's speed that lasts seconds cancels in the ratio); the ratio
 * of the medians is reported next to it. The bars use the median of per-round ratios.
 *
 * Checks. i8conv's N-thread output must equal its 1-thread output bit for bit (after the first call and after
 * timing), and onnxruntime-web's uint8 output where it ran; when those two differ the oracle (kernels-ref) decides
 * whose output is wrong, as on the network level. An i8conv difference is a mismatch of backend `i8conv-Nt`: the run
 * exits with status 1. (The 1-thread outputs are checked against the oracle by the operator and network levels.)
 */
import { runJsonChild } from './child.js';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLinearity } from './ceiling.js';
import { measureLoopScaling } from './threads-scaling.js';
import { createRuntime } from '../src/index.js';
import type { OrtModule } from '../fixtures/models/ort.js';
import { ortBackend, type PreparedRun } from './backends.js';
import { compareOutputs, makeProblem, nchw44ToNchw, type Mismatch } from './data.js';
import { layerLabel, networkConvs, networkMacs, type Network } from '../fixtures/networks.js';
import { makeNetProblem, seedOf, selectNetworks } from './networks.js';
import type {
  BenchResults,
  NetworkBar,
  NetworkMismatch,
  ThreadsLayerResult,
  ThreadsNetworkResult,
  ThreadsSection,
  ThreadsShapeResult,
  ThreadsTiming,
} from './schema.js';
import { loadOracle } from './setup.js';
import { selectShapes, type BenchShape } from './shapes.js';
import { measureRounds, perRoundRatio, summarize, type SampleOptions, type Timing } from './stats.js';
import type { Oracle } from './suite.js';

// ---- options ----------------------------------------------------------------------------------------------------

/** --threads: N (an integer >= 1; 1 skips the section) or 'none' (= 1). */
export function parseThreadsOption(v: string): number {
  if (v.trim().toLowerCase() === 'none') return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new Error(`--threads ${v}: expected an integer in [1, 64] or none`);
  return n;
}

/** --hog: an integer in [0, 64]. */
export function parseHogOption(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`--hog ${v}: expected an integer in [0, 64]`);
  return n;
}

/**
 * A machine busy with other work, for the section's figures under contention: `n` child processes (this Node binary,
 * no V8 flags) that each spin a core in a JS loop until stop() kills them. They start before the section and stop
 * after it, so every round of every shape runs beside them; the LoadMeter counts them as other load.
 */
export async function startHogs(n: number): Promise<{ stop: () => void }> {
  const { spawn } = await import('node:child_process');
  const hogs = Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  // until each one runs its loop (startup ~50 ms; a loaded machine takes longer)
  await new Promise((ok) => setTimeout(ok, n ? 500 : 0));
  return {
    stop: () => {
      for (const h of hogs) h.kill('SIGKILL');
    },
  };
}

/** The bar's speed-up target for N threads: 0.9 N (1.8x for 2 threads). */
export const speedupTarget = (threads: number) => Math.round(0.9 * threads * 100) / 100;

/**
 * Idle time after a threaded function's sample: i8conv's workers poll WORKER_SPIN_MS (src/threads/protocol.ts, 10 ms) before
 * they sleep, onnxruntime-web's numThreads 2 pool keeps a thread busy ~12 ms after a run (measured from
 * /proc/self/task/<tid>/schedstat on the 2-core VM): the larger of spin + 5 ms and 15 ms.
 */
async function settleMs(): Promise<number> {
  const pool = (await import('../src/threads/protocol.js').catch(() => null)) as Record<string, unknown> | null;
  const spin = typeof pool?.WORKER_SPIN_MS === 'number' ? pool.WORKER_SPIN_MS : 10;
  return Math.max(spin + 5, 15);
}

async function poolMinMacs(): Promise<number | null> {
  const conv = (await import('../src/conv.js').catch(() => null)) as Record<string, unknown> | null;
  return typeof conv?.POOL_MIN_MACS === 'number' ? conv.POOL_MIN_MACS : null;
}

/**
 * CPU used by other processes on this machine while the section measures, in cores (Linux: /proc/stat's busy time of
 * all CPUs minus this process's own CPU time, over the wall time; 10 ms ticks), or null where /proc/stat is absent.
 * A shared machine's other load slows a 2-thread run more than a 1-thread one: the figure says how quiet it was.
 * Accumulates over the spans between start() and stop().
 */
export class LoadMeter {
  private other = 0;
  private wall = 0;
  private ok = true;
  private t0 = 0;
  private b0: number | null = null;
  private o0 = 0;
  private static busyMs(): number | null {
    try {
      const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      // user nice system idle iowait irq softirq steal ...: busy = all but idle and iowait, in 10 ms ticks
      return (f[0] + f[1] + f[2] + f[5] + f[6] + (f[7] ?? 0)) * 10;
    } catch {
      return null;
    }
  }
  private static ownMs(): number {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  start(): void {
    this.b0 = LoadMeter.busyMs();
    this.o0 = LoadMeter.ownMs();
    this.t0 = performance.now();
  }
  stop(): void {
    const wall = performance.now() - this.t0;
    const b1 = LoadMeter.busyMs();
    if (this.b0 === null || b1 === null) this.ok = false;
    else this.other += b1 - this.b0 - (LoadMeter.ownMs() - this.o0);
    this.wall += wall;
  }
  /** Other processes' cores over the measured spans (null: not measurable here). */
  cores(): number | null {
    return this.ok && this.wall > 0 ? Math.max(0, Math.round((this.other / this.wall) * 100) / 100) : null;
  }
}

/**
 * The section's sampling: `passes` passes over all its shapes (or a network's layers), each pass a measureRounds
 * per shape with the SampleOptions below (minSamples, maxSamples and budgetMs per pass; the full warm-up in the
 * first pass only, WARM_AGAIN_MS in the later ones). A shape's rounds are thus spread over the whole section, not
 * taken within one second: the machine's slow spells, which last seconds, touch a few of its rounds, not all.
 */
export type ThreadsSampling = SampleOptions & { passes: number; settleMs: number; primeMs: number };
type SamplingSpec = Omit<ThreadsSampling, 'settleMs'>;

/** Warm-up of a shape in the passes after the first (its code is hot; the caches and the pools are not). */
const WARM_AGAIN_MS = 15;
/** Suite shapes: 4 passes of >= 3 rounds (80 ms per function), samples of >= 20 ms; 150 ms warm-up. */
export const THREADS_SAMPLING: SamplingSpec = {
  passes: 4,
  warmupMs: 150,
  minSampleMs: 20,
  minSamples: 3,
  maxSamples: 6,
  budgetMs: 80,
  primeMs: 3,
};
export const THREADS_QUICK_SAMPLING: SamplingSpec = {
  passes: 2,
  warmupMs: 40,
  minSampleMs: 8,
  minSamples: 3,
  maxSamples: 4,
  budgetMs: 25,
  primeMs: 2,
};
/** Network layers (i8conv 1 and N threads): 4 passes of >= 3 rounds (40 ms per function), samples of >= 10 ms. */
export const THREADS_NETWORK_SAMPLING: SamplingSpec = {
  passes: 4,
  warmupMs: 60,
  minSampleMs: 10,
  minSamples: 3,
  maxSamples: 6,
  budgetMs: 40,
  primeMs: 3,
};
export const THREADS_NETWORK_QUICK_SAMPLING: SamplingSpec = {
  passes: 2,
  warmupMs: 20,
  minSampleMs: 5,
  minSamples: 2,
  maxSamples: 3,
  budgetMs: 12,
  primeMs: 2,
};

/** A dense shape of the speed-up bar: group 1, 3x3/5x5/7x7, stride 1 or 2, 32-256 channels in and out, NCHW44. */
export function isDenseShape(s: Pick<BenchShape, 'group' | 'k' | 's' | 'ic' | 'oc' | 'format'>): boolean {
  return (
    s.group === 1 &&
    [3, 5, 7].includes(s.k) &&
    (s.s === 1 || s.s === 2) &&
    s.ic >= 32 &&
    s.ic <= 256 &&
    s.oc >= 32 &&
    s.oc <= 256 &&
    s.format === 'NCHW44'
  );
}

// ---- running (in the child process, or in-process in the tests) ------------------------------------------------

/** The part of i8conv's operator the section uses (int8 suite shapes and uint8 network layers). */
export interface ThreadsConv {
  setFilter(w: Int8Array, layout: 'OIHW'): void;
  setBias(b: Int32Array): void;
  exec(src: Int8Array | Uint8Array, dst: Int8Array | Uint8Array): void;
  readonly algorithm: string;
  /** Whether exec runs on the runtime's threads. */
  readonly threaded?: boolean;
  dispose(): void;
}
export interface ThreadsRuntime {
  convBias(p: object): ThreadsConv;
}

export interface ThreadsBenchInput {
  threads: number;
  rt1: ThreadsRuntime;
  rtN: ThreadsRuntime;
  /** rt.threading of rtN, for the report. */
  threading: ThreadsSection['i8conv']['threading'];
  build: string | null;
  /** onnxruntime-web, configured with numThreads = threads; null: not run (ortUnavailable says why). */
  ort: OrtModule | null;
  ortUnavailable?: string;
  shapes: readonly BenchShape[];
  networks: readonly Network[];
  sampling: ThreadsSampling;
  networkSampling: ThreadsSampling;
  /** Arbitrates when i8conv and onnxruntime-web differ (int8 NCHW44 output of a suite problem). */
  oracle?: Oracle | null;
  onProgress?: (line: string) => void;
  now?: () => number;
}

export const RATIO_TEXT =
  'median over the rounds of the per-round ratio (1-thread ms / N-thread ms); "of medians" = ratio of the two medians';

const errorText = (e: unknown) =>
  e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);

function timingOf(t: Timing, macs: number): ThreadsTiming {
  return {
    ms: t.ms,
    msMin: t.msMin,
    msMax: t.msMax,
    spread: t.spread,
    samples: t.samples,
    callsPerSample: t.callsPerSample,
    gmacs: macs / t.ms / 1e6,
  };
}

const finite = (v: number) => (Number.isFinite(v) ? v : null);

interface I8Run {
  run: () => void;
  output: () => ArrayLike<number>;
  algo: string;
  threaded: boolean | null;
  dispose: () => void;
}

function prepareI8(
  rt: ThreadsRuntime,
  params: object,
  src: Int8Array | Uint8Array,
  weights: Int8Array,
  bias: Int32Array,
  dst: Int8Array | Uint8Array,
): I8Run {
  const conv = rt.convBias(params);
  try {
    conv.setFilter(weights, 'OIHW');
    conv.setBias(bias);
    conv.exec(src, dst);
  } catch (e) {
    conv.dispose();
    throw e;
  }
  return {
    run: () => conv.exec(src, dst),
    output: () => dst,
    algo: conv.algorithm,
    threaded: typeof conv.threaded === 'boolean' ? conv.threaded : null,
    dispose: () => conv.dispose(),
  };
}

/**
 * i8conv on the 1-thread and the N-thread runtime for one problem, each writing its own `dst()`; a runtime that
 * fails is recorded through `fail` and left null. The N-thread operator's algorithm and threading go into `res`.
 */
function prepareI8Pair(
  o: ThreadsBenchInput,
  pb: { params: object; src: Int8Array | Uint8Array; weights: Int8Array; bias: Int32Array },
  dst: () => Int8Array | Uint8Array,
  res: { algo: string | null; threaded: boolean | null },
  nameN: string,
  fail: (backend: string, e: unknown) => void,
): { i1: I8Run | null; iN: I8Run | null } {
  let i1: I8Run | null = null;
  let iN: I8Run | null = null;
  try {
    i1 = prepareI8(o.rt1, pb.params, pb.src, pb.weights, pb.bias, dst());
  } catch (e) {
    fail('i8conv-1t', e);
  }
  try {
    iN = prepareI8(o.rtN, pb.params, pb.src, pb.weights, pb.bias, dst());
    res.algo = iN.algo;
    res.threaded = iN.threaded;
  } catch (e) {
    fail(nameN, e);
  }
  return { i1, iN };
}

const sameValues = (a: ArrayLike<number>, b: ArrayLike<number>) => compareOutputs('', a, b) === null;
const prepareFailure = (backend: string, total: number, e: unknown): NetworkMismatch => ({
  backend,
  count: 0,
  total,
  maxAbsDiff: NaN,
  firstIndex: -1,
  got: NaN,
  want: NaN,
  error: errorText(e),
  phase: 'prepare',
  against: 'none',
});
const load = (v: number | null | undefined) =>
  v === null || v === undefined ? '' : `, other load ${v.toFixed(2)} cores`;
const failText = (ms: NetworkMismatch[]) =>
  ms.map((m) => `${m.backend} ${m.error ? `failed: ${m.error}` : `MISMATCH (${m.count}/${m.total} vs ${m.against})`}`);

/** One shape or layer being measured: its functions, its rounds so far, its checks. */
interface Case {
  fns: (() => unknown)[];
  settleAfterMs: number[];
  rounds: (number | null)[][];
  callsPerSample: number[];
  load: LoadMeter;
}

/** The passes: every case measured once per pass, in order (see ThreadsSampling). */
async function measurePasses(
  cases: Case[],
  sampling: ThreadsSampling,
  now: () => number,
  onPass?: (pass: number) => void,
): Promise<void> {
  for (let pass = 0; pass < sampling.passes; pass++) {
    onPass?.(pass);
    for (const c of cases) {
      if (!c.fns.length) continue;
      c.load.start();
      const { timings, rounds } = await measureRounds(
        c.fns,
        {
          ...sampling,
          warmupMs: pass ? Math.min(sampling.warmupMs, WARM_AGAIN_MS) : sampling.warmupMs,
          settleAfterMs: c.settleAfterMs,
        },
        now,
      );
      c.load.stop();
      c.rounds.push(...rounds);
      c.callsPerSample = timings.map((t) => t.callsPerSample);
    }
  }
}

/** Function i's timing over all the case's rounds. */
function timingOfCase(c: Case, i: number, macs: number): ThreadsTiming | null {
  const v = c.rounds.map((r) => r[i]).filter((x): x is number => x !== null && x !== undefined);
  return v.length ? timingOf(summarize(v, c.callsPerSample[i] ?? 1), macs) : null;
}

interface ShapeCase extends Case {
  res: ThreadsShapeResult;
  check(phase: 'first-call' | 'after-timing'): void;
  dispose(): void;
}

async function prepareShape(shape: BenchShape, o: ThreadsBenchInput): Promise<ShapeCase> {
  const N = o.threads;
  const nameN = `i8conv-${N}t`;
  const ortName = `ort-web-uint8-${N}t`;
  const pb = makeProblem(shape);
  const res: ThreadsShapeResult = {
    id: shape.id,
    label: shape.label,
    ic: shape.ic,
    oc: shape.oc,
    h: shape.h,
    k: shape.k,
    s: shape.s,
    group: shape.group,
    format: shape.format,
    macs: shape.macs,
    dense: isDenseShape(shape),
    algo: null,
    threaded: null,
    i8conv1: null,
    i8convN: null,
    ortN: null,
    speedup: null,
    speedupOfMedians: null,
    ratioOrtN: null,
    rounds: 0,
    otherLoad: null,
    checks: { [nameN]: 'unchecked', ...(o.ort ? { [ortName]: 'unchecked' } : {}) },
    mismatches: [],
  };
  const fail = (backend: string, e: unknown) => {
    res.mismatches.push(prepareFailure(backend, pb.dstLength, e));
    res.checks[backend] = 'mismatch';
  };
  const { i1, iN } = prepareI8Pair(o, pb, () => new Int8Array(pb.dstLength), res, nameN, fail);
  let ortRun: PreparedRun | null = null;
  if (o.ort && i1 && iN) {
    try {
      ortRun = await ortBackend(o.ort, 'uint8').prepare(pb);
      await ortRun.run();
    } catch (e) {
      ortRun?.dispose();
      ortRun = null;
      fail(ortName, e);
    }
  }
  let want: ArrayLike<number> | null | undefined;
  const oracle = () => (want === undefined ? (want = o.oracle ? o.oracle(pb) : null) : want);
  const record = (m: Mismatch, phase: NetworkMismatch['phase'], against: string, note?: string) => {
    res.mismatches.push({ ...m, phase, against, ...(note ? { note } : {}) });
    res.checks[m.backend] = 'mismatch';
  };
  const mark = (b: string) => {
    if (res.checks[b] !== 'mismatch') res.checks[b] = 'ok';
  };
  const check = (phase: 'first-call' | 'after-timing') => {
    if (iN && i1) {
      const m = compareOutputs(nameN, iN.output(), i1.output());
      if (m) record(m, phase, 'i8conv-1t', `${N} threads differ from 1 thread`);
      else mark(nameN);
    }
    if (iN && ortRun) {
      const got = iN.output();
      const theirs = ortRun.output();
      const m = compareOutputs(nameN, got, theirs);
      if (!m) mark(ortName);
      else {
        // Who is wrong? The oracle decides when it is available; without its verdict the difference is i8conv's.
        const ref = oracle();
        if (ref && sameValues(got, ref) && !sameValues(theirs, ref)) {
          record(
            compareOutputs(ortName, theirs, ref)!,
            phase,
            'oracle',
            'i8conv equals the oracle; onnxruntime-web differs',
          );
        } else {
          const note = !ref
            ? 'no oracle in this build to arbitrate'
            : sameValues(theirs, ref)
              ? 'onnxruntime-web equals the oracle'
              : 'neither equals the oracle';
          record(m, phase, ortName, note);
          if (ref && sameValues(theirs, ref)) mark(ortName);
        }
      }
    }
  };
  check('first-call');
  const fns: (() => unknown)[] = i1 && iN ? [i1.run, iN.run, ...(ortRun ? [ortRun.run] : [])] : [];
  const settle = o.sampling.settleMs;
  return {
    res,
    fns,
    settleAfterMs: [0, settle, settle],
    rounds: [],
    callsPerSample: [],
    load: new LoadMeter(),
    check,
    dispose: () => {
      i1?.dispose();
      iN?.dispose();
      ortRun?.dispose();
    },
  };
}

function finishShape(c: ShapeCase, index: number, o: ThreadsBenchInput): ThreadsShapeResult {
  const { res } = c;
  if (c.fns.length) {
    res.i8conv1 = timingOfCase(c, 0, res.macs);
    res.i8convN = timingOfCase(c, 1, res.macs);
    res.speedup = finite(perRoundRatio(c.rounds, 0, 1));
    res.speedupOfMedians = res.i8conv1 && res.i8convN ? finite(res.i8conv1.ms / res.i8convN.ms) : null;
    if (c.fns.length > 2) {
      res.ortN = timingOfCase(c, 2, res.macs);
      res.ratioOrtN = finite(perRoundRatio(c.rounds, 2, 1));
    }
    res.rounds = c.rounds.length;
    res.otherLoad = c.load.cores();
    c.check('after-timing');
  }
  c.dispose();
  const N = o.threads;
  const x = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)}x`);
  const ms = (t: ThreadsTiming | null) => (t ? `${t.ms.toFixed(3)} ms` : '—');
  const bad = failText(res.mismatches);
  o.onProgress?.(
    `threads [${index + 1}/${o.shapes.length}] ${res.label} (${(res.macs / 1e6).toFixed(1)} MMAC): i8conv 1T ${ms(res.i8conv1)}, ${N}T ${ms(res.i8convN)} ` +
      `= ${x(res.speedup)}${res.threaded === false ? ' (not threaded)' : ''}, ort-web-uint8 ${N}T ${ms(res.ortN)}${load(res.otherLoad)}  ${bad.length ? bad.join('; ') : 'ok'}`,
  );
  return res;
}

interface LayerCase extends Case {
  res: ThreadsLayerResult;
  check(phase: 'first-call' | 'after-timing'): void;
  dispose(): void;
}

function prepareLayer(net: Network, index: number, o: ThreadsBenchInput): LayerCase {
  const N = o.threads;
  const nameN = `i8conv-${N}t`;
  const layer = net.layers[index];
  const pb = makeNetProblem(layer, seedOf(net.id, index));
  const res: ThreadsLayerResult = {
    name: layer.name,
    label: layerLabel(layer),
    count: layer.count,
    macs: pb.macs,
    algo: null,
    threaded: null,
    i8conv1: null,
    i8convN: null,
    speedup: null,
    speedupOfMedians: null,
    rounds: 0,
    otherLoad: null,
    checks: { [nameN]: 'unchecked' },
    mismatches: [],
  };
  const fail = (backend: string, e: unknown) => {
    res.mismatches.push(prepareFailure(backend, pb.dstLength, e));
    res.checks[backend] = 'mismatch';
  };
  const { i1, iN } = prepareI8Pair(o, pb, () => new Uint8Array(pb.dstLength), res, nameN, fail);
  const check = (phase: 'first-call' | 'after-timing') => {
    if (!i1 || !iN) return;
    const { oc } = pb.params;
    // NCHW (firstIndex an NCHW index, as on the network level); the outputs are NCHW44
    const m = compareOutputs(
      nameN,
      nchw44ToNchw(Uint8Array.from(iN.output()), oc, pb.oh, pb.oh),
      nchw44ToNchw(Uint8Array.from(i1.output()), oc, pb.oh, pb.oh),
    );
    if (m) {
      res.mismatches.push({ ...m, phase, against: 'i8conv-1t', note: `${N} threads differ from 1 thread` });
      res.checks[nameN] = 'mismatch';
    } else if (res.checks[nameN] !== 'mismatch') res.checks[nameN] = 'ok';
  };
  check('first-call');
  return {
    res,
    fns: i1 && iN ? [i1.run, iN.run] : [],
    settleAfterMs: [0, o.networkSampling.settleMs],
    rounds: [],
    callsPerSample: [],
    load: new LoadMeter(),
    check,
    dispose: () => {
      i1?.dispose();
      iN?.dispose();
    },
  };
}

function finishLayer(c: LayerCase, net: Network, index: number, o: ThreadsBenchInput): ThreadsLayerResult {
  const { res } = c;
  if (c.fns.length) {
    res.i8conv1 = timingOfCase(c, 0, res.macs);
    res.i8convN = timingOfCase(c, 1, res.macs);
    res.speedup = finite(perRoundRatio(c.rounds, 0, 1));
    res.speedupOfMedians = res.i8conv1 && res.i8convN ? finite(res.i8conv1.ms / res.i8convN.ms) : null;
    res.rounds = c.rounds.length;
    res.otherLoad = c.load.cores();
    c.check('after-timing');
  }
  c.dispose();
  const ms = (t: ThreadsTiming | null) => (t ? `${t.ms.toFixed(3)} ms` : '—');
  const bad = failText(res.mismatches);
  o.onProgress?.(
    `threads ${net.id} [${index + 1}/${net.layers.length}] ${res.name} ${res.label} x${res.count}: i8conv 1T ${ms(res.i8conv1)}, ${o.threads}T ${ms(res.i8convN)} ` +
      `= ${res.speedup === null ? '—' : `${res.speedup.toFixed(2)}x`}${res.threaded === false ? ' (not threaded)' : ''}${load(res.otherLoad)}  ${bad.length ? bad.join('; ') : 'ok'}`,
  );
  return res;
}

/** Runs the section's measurements (no bars: finishThreads adds them, with the main process's figures). */
export async function runThreadsBench(o: ThreadsBenchInput): Promise<ThreadsSection> {
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const shapes: ThreadsShapeResult[] = [];
  if (o.shapes.length) {
    const cases: ShapeCase[] = [];
    try {
      for (const shape of o.shapes) cases.push(await prepareShape(shape, o));
      await measurePasses(cases, o.sampling, now, (p) =>
        o.onProgress?.(`threads: pass ${p + 1}/${o.sampling.passes} over ${cases.length} suite shapes`),
      );
      cases.forEach((c, i) => shapes.push(finishShape(c, i, o)));
    } finally {
      for (const c of cases.slice(shapes.length)) c.dispose();
    }
  }
  const networks: ThreadsNetworkResult[] = [];
  for (const net of o.networks) {
    const n0 = now();
    o.onProgress?.(
      `threads ${net.label}: ${networkConvs(net)} convolutions, ${net.layers.length} distinct shapes, i8conv 1 vs ${o.threads} threads`,
    );
    const cases: LayerCase[] = [];
    const layers: ThreadsLayerResult[] = [];
    try {
      for (let i = 0; i < net.layers.length; i++) cases.push(prepareLayer(net, i, o));
      await measurePasses(cases, o.networkSampling, now, (p) =>
        o.onProgress?.(`threads ${net.id}: pass ${p + 1}/${o.networkSampling.passes} over ${cases.length} layers`),
      );
      cases.forEach((c, i) => layers.push(finishLayer(c, net, i, o)));
    } finally {
      for (const c of cases.slice(layers.length)) c.dispose();
    }
    const sum = (k: 'i8conv1' | 'i8convN') =>
      layers.every((l) => l[k]) ? layers.reduce((a, l) => a + l[k]!.ms * l.count, 0) : null;
    const sums = { i8conv1: sum('i8conv1'), i8convN: sum('i8convN') };
    networks.push({
      id: net.id,
      label: net.label,
      macs: networkMacs(net),
      convs: networkConvs(net),
      layers,
      sums,
      speedup: sums.i8conv1 !== null && sums.i8convN ? sums.i8conv1 / sums.i8convN : null,
      durationS: Math.round((now() - n0) / 100) / 10,
    });
  }
  return {
    threads: o.threads,
    i8conv: { threading: o.threading, build: o.build, poolMinMacs: await poolMinMacs() },
    ortWeb: o.ort
      ? { numThreads: o.ort.env.wasm.numThreads ?? o.threads, version: o.ort.env.versions?.web ?? null }
      : { unavailable: o.ortUnavailable ?? 'not run' },
    sampling: o.sampling,
    networkSampling: o.networkSampling,
    ratio: RATIO_TEXT,
    shapes,
    networks,
    bars: [],
    durationS: (now() - t0) / 1000,
    errors: [],
  };
}

// ---- the child process ------------------------------------------------------------------------------------------

export interface ThreadsChildOptions {
  threads: number;
  quick: boolean;
  /** Comma list for selectShapes (the main process passes the selected ids), or 'none'. */
  shapes: string;
  /** Comma list for selectNetworks, or 'none'. */
  networks: string;
  /** false: without onnxruntime-web (--no-ort). */
  ort: boolean;
  /** --hog N: N busy-loop processes beside the section (0: none). */
  hog: number;
}

/** --shapes of the child: a selectShapes list, or 'none'. */
function childShapes(spec: string, quick: boolean): BenchShape[] {
  return spec.trim().toLowerCase() === 'none' ? [] : selectShapes(spec, quick);
}

export function parseChildArgs(argv: string[]): ThreadsChildOptions {
  const o: ThreadsChildOptions = { threads: 2, quick: false, shapes: 'quick', networks: 'none', ort: true, hog: 0 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const flag = a.split('=')[0];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined || v === '') throw new Error(`${a} needs a value`);
      return v;
    };
    if (flag === '--threads') o.threads = parseThreadsOption(value());
    else if (flag === '--quick') o.quick = true;
    else if (flag === '--shapes') o.shapes = value();
    else if (flag === '--networks') o.networks = value();
    else if (flag === '--no-ort') o.ort = false;
    else if (flag === '--hog') o.hog = parseHogOption(value());
    else throw new Error(`unknown option ${a}`);
  }
  if (o.threads < 2) throw new Error('--threads: the section compares 1 thread with N >= 2');
  childShapes(o.shapes, o.quick);
  selectNetworks(o.networks);
  return o;
}

/** Runs the section in this process as the child does: sets onnxruntime-web's numThreads (so call it before any
 *  other use of onnxruntime-web in the process), creates both runtimes, measures. */
export async function runThreadsInProcess(
  o: ThreadsChildOptions,
  onProgress?: (line: string) => void,
): Promise<ThreadsSection | { unavailable: string }> {
  let ort: OrtModule | null = null;
  let ortUnavailable: string | undefined = o.ort ? undefined : 'not run (--no-ort)';
  if (o.ort) {
    try {
      ort = (await import('onnxruntime-web')) as unknown as OrtModule;
      ort.env.wasm.numThreads = o.threads;
      ort.env.wasm.proxy = false;
    } catch (e) {
      ortUnavailable = String(e);
    }
  }
  const rt1 = await createRuntime({ threads: 1 });
  const rtN = await createRuntime({ threads: o.threads });
  const hogs = await startHogs(o.hog);
  if (o.hog) onProgress?.(`threads: ${o.hog} busy-loop processes beside the section (--hog ${o.hog})`);
  try {
    if (!rtN.threading.enabled || rtN.threads !== o.threads) {
      return {
        unavailable: `i8conv did not start ${o.threads} threads: ${rtN.threading.reason} (rt.threads ${rtN.threads})`,
      };
    }
    const settle = await settleMs();
    const s = o.quick ? THREADS_QUICK_SAMPLING : THREADS_SAMPLING;
    const ns = o.quick ? THREADS_NETWORK_QUICK_SAMPLING : THREADS_NETWORK_SAMPLING;
    const { oracle } = await loadOracle();
    // the loop of the threaded runtime's own build: the relaxed dot-add loop where it runs the relaxed build
    const loopBuild = rtN.features.build === 'relaxed' ? 'relaxed' : 'simd128';
    const scaling = () => measureLoopScaling(o.threads, o.quick ? 3 : 7, o.quick ? 15 : 40, loopBuild);
    const before = await scaling();
    onProgress?.(
      `threads: ${before.build} loop on ${o.threads} threads, scaling before: ${before.speedup.toFixed(2)}x (${before.aloneGmacs.toFixed(1)} GMAC/s alone, ${before.togetherGmacs.toFixed(1)} each together)`,
    );
    const section = await runThreadsBench({
      threads: o.threads,
      rt1,
      rtN,
      threading: { ...rtN.threading },
      build: rtN.features.build ?? null,
      ort,
      ortUnavailable,
      shapes: childShapes(o.shapes, o.quick),
      networks: selectNetworks(o.networks),
      sampling: { ...s, settleMs: settle },
      networkSampling: { ...ns, settleMs: settle },
      oracle,
      onProgress,
    });
    const after = await scaling();
    onProgress?.(`threads: ${after.build} loop on ${o.threads} threads, scaling after: ${after.speedup.toFixed(2)}x`);
    const errors = [...section.errors];
    for (const [when, m] of [
      ['before', before],
      ['after', after],
    ] as const) {
      if (!m.linear) errors.push(`loop scaling ${when} the section: ${checkLinearity(m.linearity).reason}`);
    }
    return { ...section, errors, hog: o.hog, loopScaling: { before, after } };
  } finally {
    hogs.stop();
    rt1.dispose();
    rtN.dispose();
  }
}

/** Every mismatch of the section, each with its shape ("threads/<id>", "threads/<network>/<layer>"). */
export function threadsMismatches(t: ThreadsSection): (NetworkMismatch & { shape: string })[] {
  return [
    ...t.shapes.flatMap((s) => s.mismatches.map((m) => ({ ...m, shape: `threads/${s.id}` }))),
    ...t.networks.flatMap((n) =>
      n.layers.flatMap((l) => l.mismatches.map((m) => ({ ...m, shape: `threads/${n.id}/${l.name}` }))),
    ),
  ];
}

async function childMain(argv: string[]): Promise<number> {
  let o: ThreadsChildOptions;
  try {
    o = parseChildArgs(argv);
  } catch (e) {
    process.stderr.write(
      `${(e as Error).message}\nusage: node dist-bench/bench/threads.js --threads N [--quick] [--shapes LIST|none] [--networks LIST|none] [--no-ort] [--hog N]\n`,
    );
    return 2;
  }
  const t = await runThreadsInProcess(o, (line) => process.stderr.write(line + '\n'));
  // onnxruntime-web's threads keep the process alive: the caller exits once stdout has taken the JSON
  await new Promise<void>((res) => process.stdout.write(JSON.stringify(t) + '\n', () => res()));
  return 'unavailable' in t ? 0 : threadsMismatches(t).some((m) => m.backend.startsWith('i8conv')) ? 1 : 0;
}

// ---- the main process's side ------------------------------------------------------------------------------------

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, HERE.endsWith(join('dist-bench', 'bench')) ? '../..' : '..');
/** The compiled child script (also when this file runs from bench/ under vitest). */
export const CHILD_SCRIPT = join(ROOT, 'dist-bench', 'bench', 'threads.js');

export interface SpawnThreadsOptions {
  threads: number;
  quick: boolean;
  shapes: readonly string[];
  networks: readonly string[];
  ort?: boolean;
  /** --hog N: busy-loop processes beside the section (default 0). */
  hog?: number;
  /** Each progress line of the child. */
  onLine?: (line: string) => void;
  /** Kill the child after this long (default 30 minutes). */
  timeoutMs?: number;
  script?: string;
  /** Node flags for the child (default process.execArgv, e.g. --experimental-wasm-relaxed-simd). */
  execArgv?: readonly string[];
}

/** Spawns `node dist-bench/bench/threads.js` (the same node binary and V8 flags) and parses the JSON it prints. */
export function runThreadsChild(o: SpawnThreadsOptions): Promise<ThreadsSection | { unavailable: string }> {
  const args = [
    ...(o.execArgv ?? process.execArgv),
    o.script ?? CHILD_SCRIPT,
    '--threads',
    String(o.threads),
    '--shapes',
    o.shapes.length ? o.shapes.join(',') : 'none',
    '--networks',
    o.networks.length ? o.networks.join(',') : 'none',
    ...(o.quick ? ['--quick'] : []),
    ...(o.ort === false ? ['--no-ort'] : []),
    ...(o.hog ? ['--hog', String(o.hog)] : []),
  ];
  return runJsonChild<ThreadsSection>(args, {
    label: 'threads child process',
    onLine: o.onLine,
    timeoutMs: o.timeoutMs ?? 30 * 60_000,
    okCodes: [0, 1],
  });
}

const geomean = (v: number[]) => (v.length ? Math.exp(v.reduce((a, x) => a + Math.log(x), 0) / v.length) : NaN);
const fx = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : `${v.toFixed(2)}x`;

/**
 * What needs the main process's results: onnxruntime-web's 1-thread GMAC/s per shape (its operator level) and
 * the ort speed-up, then the bars.
 */
export function finishThreads(t: ThreadsSection, r: Pick<BenchResults, 'shapes'>): void {
  for (const s of t.shapes) {
    const one = r.shapes.find((x) => x.id === s.id)?.backends['ort-web-uint8'];
    s.ort1Gmacs = one ? one.gmacs : null;
    s.ortSpeedup = one && s.ortN ? s.ortN.gmacs / one.gmacs : null;
  }
  t.bars = threadsBars(t);
}

export function threadsBars(t: ThreadsSection): NetworkBar[] {
  const N = t.threads;
  const target = speedupTarget(N);
  const bars: NetworkBar[] = [];
  const show = (x: { label: string; name?: string; speedup: number | null; threaded: boolean | null }) =>
    `${x.name ? `${x.name} ` : ''}${x.label} ${fx(x.speedup)}${x.threaded === false ? ' (not threaded: runs on the calling thread)' : ''}`;
  // context, not a bound: how an embarrassingly parallel loop scaled on N threads of this machine in this run
  const ls = t.loopScaling;
  const ceil = ls
    ? ` (for context, an embarrassingly parallel ${ls.before.build} loop scaled ${fx(ls.before.speedup)} on ${N} threads before the section, ${fx(ls.after.speedup)} after)`
    : '';
  const lowestOf = <T extends { speedup: number | null }>(xs: T[]) =>
    [...xs].sort((a, b) => (a.speedup ?? -1) - (b.speedup ?? -1))[0];
  // (1) the dense suite shapes
  {
    const label = `${N} threads >= ${target}x 1 thread on every dense suite shape (group 1, 3x3/5x5/7x7, stride 1/2, 32-256 channels)`;
    const ds = t.shapes.filter((s) => s.dense);
    if (!ds.length) bars.push({ id: 'dense-speedup', label, status: 'n/a', detail: 'no dense shape selected' });
    else {
      const below = ds.filter((s) => !(s.speedup !== null && s.speedup >= target));
      const q = ds.map((s) => s.speedup).filter((v): v is number => v !== null);
      bars.push({
        id: 'dense-speedup',
        label,
        status: below.length ? 'not met' : 'met',
        detail:
          `${ds.length - below.length}/${ds.length} shapes at >= ${target}x; lowest ${show(lowestOf(ds))}; geometric mean ${fx(geomean(q))}${ceil}` +
          (below.length ? `; below: ${below.map(show).join(', ')}` : ''),
      });
    }
  }
  // (2) the network layers, per network: every layer, and the whole network
  for (const n of t.networks) {
    const below = n.layers.filter((l) => !(l.speedup !== null && l.speedup >= target));
    bars.push({
      id: `layers-speedup:${n.id}`,
      label: `${N} threads >= ${target}x 1 thread on every ${n.label} layer`,
      status: !n.layers.length ? 'n/a' : below.length ? 'not met' : 'met',
      detail:
        `${n.layers.length - below.length}/${n.layers.length} layers at >= ${target}x; lowest ${n.layers.length ? show(lowestOf(n.layers)) : '—'}` +
        (below.length ? `; below: ${below.map(show).join(', ')}` : ''),
    });
    const s1 = n.sums.i8conv1;
    const sN = n.sums.i8convN;
    bars.push({
      id: `network-speedup:${n.id}`,
      label: `${N} threads >= ${target}x 1 thread on the whole ${n.label} (sum of layer ms x count)`,
      status: n.speedup !== null && n.speedup >= target ? 'met' : 'not met',
      detail:
        s1 !== null && sN !== null
          ? `1 thread ${s1.toFixed(3)} ms, ${N} threads ${sN.toFixed(3)} ms: ${fx(n.speedup)}${ceil}`
          : 'a layer has no time',
    });
  }
  // (3) nothing slower with threads
  {
    const all = [
      ...t.shapes.map((s) => ({
        name: undefined as string | undefined,
        label: s.label,
        speedup: s.speedup,
        threaded: s.threaded,
      })),
      ...t.networks.flatMap((n) =>
        n.layers.map((l) => ({ name: `${n.id} ${l.name}`, label: l.label, speedup: l.speedup, threaded: l.threaded })),
      ),
    ];
    const label = `no shape or network layer slower with ${N} threads than with 1 (speed-up >= 1.00x)`;
    if (!all.length) bars.push({ id: 'no-slowdown', label, status: 'n/a', detail: 'nothing measured' });
    else {
      const below = all.filter((x) => !(x.speedup !== null && x.speedup >= 1));
      bars.push({
        id: 'no-slowdown',
        label,
        status: below.length ? 'not met' : 'met',
        detail:
          `${all.length - below.length}/${all.length} at >= 1.00x; lowest ${show(lowestOf(all))}` +
          (below.length ? `; below: ${below.map(show).join(', ')}` : ''),
      });
    }
  }
  // (4) i8conv N threads against onnxruntime-web N threads
  {
    const label = `i8conv ${N} threads faster than onnxruntime-web uint8 numThreads ${N} on the geometric mean of the suite shapes (ort ms / i8conv ms > 1)`;
    const q = t.shapes.filter((s) => s.ratioOrtN !== null);
    if (!q.length)
      bars.push({
        id: 'vs-ort-threads',
        label,
        status: 'n/a',
        detail: 'onnxruntime-web did not run' + ('unavailable' in t.ortWeb ? ` (${t.ortWeb.unavailable})` : ''),
      });
    else {
      const g = geomean(q.map((s) => s.ratioOrtN!));
      const lo = [...q].sort((a, b) => a.ratioOrtN! - b.ratioOrtN!)[0];
      const hi = [...q].sort((a, b) => b.ratioOrtN! - a.ratioOrtN!)[0];
      bars.push({
        id: 'vs-ort-threads',
        label,
        status: g > 1 ? 'met' : 'not met',
        detail: `geometric mean ${fx(g)} over ${q.length} shapes (min ${lo.label} ${fx(lo.ratioOrtN)}, max ${hi.label} ${fx(hi.ratioOrtN)})`,
      });
    }
  }
  return bars;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  childMain(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`${(e as Error)?.stack ?? String(e)}\n`);
      process.exit(3);
    },
  );
}
