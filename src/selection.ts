/**
 * Algorithm selection for an operator: a forced name (params.algo), the heuristic (the ordered pack's first
 * usable, preferred algorithm), or profiling ('profile': every usable algorithm is timed once on synthetic data of
 * the operator's shape, and the fastest is cached under a key built from the declared parameters only, never from
 * the data). The cache travels as JSON: rt.selectionCache() / createRuntime({ selectionCache }).
 */
import { runsDot8 } from './algos/isa.js';
import { I8ConvError, check } from './errors.js';
import type { ConvBiasParams, ConvShape, Selection } from './params.js';
import { ALGORITHMS, forcedAlgorithm, heuristicAlgorithm } from './algos/pack.js';
import { planOf } from './algos/common.js';
import type { ConvAlgorithm } from './algos/types.js';
import type { ConvBias, ConvOptions, PlanSettings } from './conv.js';
import { CACHE_VERSION, type SelectionCacheJson } from './selection-cache.js';
export { DEFAULT_WORKSPACE_LIMIT } from './conv.js';
export { parseSelectionCache, type SelectionCacheJson } from './selection-cache.js';

/**
 * Profiling runs the candidates in alternating rounds (so that a load spike or the engine's tier-up hits them all
 * alike) after two warm-up runs each, at least PROFILE_MIN_ROUNDS rounds and PROFILE_MIN_MS in all, at most
 * PROFILE_MAX_ROUNDS, and keeps each candidate's fastest run.
 */
const PROFILE_MIN_ROUNDS = 5;
const PROFILE_MIN_MS = 60;
const PROFILE_MAX_ROUNDS = 200;

/** The declared parameters that decide an algorithm's speed (scales and zero points do not), plus the build and
 *  the threads the plan is made for. */
export function selectionKey(s: ConvShape, threads: number, build: string): string {
  return [
    build,
    s.format,
    `n${s.n}`,
    `ic${s.ic}`,
    `${s.ih}x${s.iw}`,
    `oc${s.oc}`,
    `k${s.fh}x${s.fw}`,
    `s${s.sh}x${s.sw}`,
    `p${s.pt},${s.pl},${s.pb},${s.pr}`,
    `d${s.dh}x${s.dw}`,
    `g${s.group}`,
    s.srcType,
    s.dstType,
    s.biasMode,
    s.nonlinearity,
    s.rounding,
    `t${threads}`,
  ].join(':');
}

/** Workspace bytes of algorithm `a`'s plan for shape `s` with the settings the operator runs with. */
export function workspaceOf(a: ConvAlgorithm, s: ConvShape, plan: PlanSettings): number {
  return planOf(a, s, plan).workspace.totalBytes;
}

/**
 * Whether an algorithm fits: its plan for these settings stays within the workspace limit (and it can run the
 * forced micro-kernel, if any).
 */
export function fitsWithin(s: ConvShape, plan: PlanSettings): (a: ConvAlgorithm) => boolean {
  return (a) => {
    try {
      return workspaceOf(a, s, plan) <= plan.workspaceLimit;
    } catch (e) {
      if (plan.kernel !== undefined && e instanceof I8ConvError && e.code === 'UNKNOWN_KERNEL') return false;
      throw e;
    }
  };
}

/** Makes an operator forced to one algorithm (used for timing the candidates). */
export type OperatorFactory = (p: ConvBiasParams, opts: ConvOptions) => ConvBias;

export class Selector {
  readonly cache: Map<string, string>;
  /** Every profiling run: key -> { algorithm: best ms } (for reports and tests). */
  readonly timings = new Map<string, Record<string, number>>();

  constructor(
    private readonly defaultMode: Selection,
    private readonly build: string,
    private readonly make: OperatorFactory,
    initial?: Map<string, string>,
  ) {
    this.cache = initial ?? new Map();
  }

  /**
   * The algorithm an operator of shape `s` runs, planned with `plan` (the settings it will run with: its threads,
   * isa, forced kernel and workspace limit). `opts` only travels to the operators profiling makes.
   */
  select(p: ConvBiasParams, s: ConvShape, plan: PlanSettings, opts: ConvOptions): ConvAlgorithm {
    const limit = plan.workspaceLimit;
    const need = (a: ConvAlgorithm) => workspaceOf(a, s, plan);
    const fits = fitsWithin(s, plan);
    if (s.algo !== undefined) {
      const a = forcedAlgorithm(s, s.algo);
      const bytes = need(a);
      check(
        bytes <= limit,
        'WORKSPACE_TOO_LARGE',
        'workspaceLimit',
        () => `algorithm ${a.name} needs ${bytes} bytes of workspace, more than ${limit}`,
      );
      return a;
    }
    if (plan.kernel !== undefined && !ALGORITHMS.some((a) => a.usable(s) === null && fits(a))) {
      throw new I8ConvError(
        'UNKNOWN_KERNEL',
        `kernel: '${plan.kernel}' is not a kernel of any algorithm that runs this shape`,
        'kernel',
      );
    }
    const mode = s.selection ?? this.defaultMode;
    if (mode === 'heuristic') return heuristicAlgorithm(s, fits, limit, plan.isa);
    const key = selectionKey(s, plan.threads, runsDot8(plan.isa) ? `${this.build}-${plan.isa}` : this.build);
    const hit = this.cache.get(key);
    const cached =
      hit === undefined ? undefined : ALGORITHMS.find((a) => a.name === hit && a.usable(s) === null && fits(a));
    if (cached) return cached;
    const winner = this.profile(p, s, opts, key, fits, limit);
    this.cache.set(key, winner.name);
    return winner;
  }

  /** Times every usable algorithm within the workspace limit (the naive one only when nothing else runs). */
  private profile(
    p: ConvBiasParams,
    s: ConvShape,
    opts: ConvOptions,
    key: string,
    fits: (a: ConvAlgorithm) => boolean,
    limit: number,
  ): ConvAlgorithm {
    const usable = ALGORITHMS.filter((a) => a.usable(s) === null && fits(a));
    const timed = usable.length > 1 ? usable.filter((a) => a.name !== 'WASM_NAIVE') : usable;
    if (timed.length === 0) return heuristicAlgorithm(s, fits, limit); // raises the typed error
    const src = s.srcType === 'uint8' ? new Uint8Array(s.srcLength) : new Int8Array(s.srcLength);
    const w = new Int8Array(s.filterLength);
    let seed = 12345;
    const next = () => ((seed = (Math.imul(seed, 1103515245) + 12345) | 0) >>> 16) & 0xff;
    for (let i = 0; i < src.length; i++) src[i] = next();
    for (let i = 0; i < w.length; i++) w[i] = next() - 128;
    const bias = s.biasLength ? new Int32Array(s.biasLength) : undefined;
    const dst =
      s.dstType === 'int32'
        ? new Int32Array(s.dstLength)
        : s.dstType === 'uint8'
          ? new Uint8Array(s.dstLength)
          : new Int8Array(s.dstLength);
    const convs = timed.map((a) => this.make({ ...p, algo: a.name, selection: 'heuristic' }, opts));
    const times: Record<string, number> = {};
    try {
      for (const conv of convs) {
        conv.setFilter(w);
        if (bias) conv.setBias(bias);
        conv.exec(src, dst); // warm-up: compiles and tiers up the code
        conv.exec(src, dst);
        times[conv.algorithm] = Infinity;
      }
      const start = performance.now();
      for (
        let r = 0;
        r < PROFILE_MAX_ROUNDS && (r < PROFILE_MIN_ROUNDS || performance.now() - start < PROFILE_MIN_MS);
        r++
      ) {
        for (const conv of convs) {
          const t0 = performance.now();
          conv.exec(src, dst);
          times[conv.algorithm] = Math.min(times[conv.algorithm], performance.now() - t0);
        }
      }
    } finally {
      for (const conv of convs) conv.dispose();
    }
    let best = timed[0];
    for (const a of timed) if (times[a.name] < times[best.name]) best = a;
    this.timings.set(key, times);
    return best;
  }

  toJSON(): SelectionCacheJson {
    return { version: CACHE_VERSION, entries: Object.fromEntries([...this.cache.entries()].sort()) };
  }
}
