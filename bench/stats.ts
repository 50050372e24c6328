/**
 * Timing and statistics: the "documented equivalent" of benchmark.js that docs/bench.md describes.
 *
 * Why not benchmark.js itself: it decides its own run time (5 s per case by default), compiles test bodies with
 * `Function`, and handles async work through deferreds; the suite needs a fixed time budget per case (the whole
 * default run must fit in ~5 minutes on 2 shared cores), the same code path in Node and in a browser page, and
 * async cases (onnxruntime's session.run). The method is the same as benchmark.js's:
 *   1. warm up: call the function until `warmupMs` has passed (at least twice), so every engine has tiered up
 *      (V8's baseline wasm tier is several times slower, and on Node 20 it computes relaxed dots wrongly);
 *   2. calibrate: choose a number of calls per sample so that one sample lasts at least `minSampleMs`, well above
 *      the clock's resolution (browsers coarsen performance.now() to 5-100 us);
 *   3. sample: time samples until at least `minSamples` were taken and `budgetMs` has passed (or `maxSamples`);
 *      the backends of one shape are sampled round-robin (measureInterleaved, below);
 *   4. report per-call times: median (the headline figure: robust to a neighbour's burst of CPU use on this
 *      shared machine), min, max, quartiles, and the spread = interquartile range / median.
 */

export interface SampleOptions {
  warmupMs: number;
  minSampleMs: number;
  minSamples: number;
  maxSamples: number;
  budgetMs: number;
}

export const DEFAULT_SAMPLING: SampleOptions = {
  warmupMs: 200,
  minSampleMs: 25,
  minSamples: 5,
  maxSamples: 40,
  budgetMs: 700,
};
export const QUICK_SAMPLING: SampleOptions = {
  warmupMs: 60,
  minSampleMs: 15,
  minSamples: 3,
  maxSamples: 15,
  budgetMs: 180,
};

export interface Timing {
  /** Median time of one call, milliseconds. */
  ms: number;
  msMin: number;
  msMax: number;
  msP25: number;
  msP75: number;
  /** (p75 - p25) / median. */
  spread: number;
  samples: number;
  callsPerSample: number;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export function summarize(perCallMs: readonly number[], callsPerSample: number): Timing {
  const s = [...perCallMs].sort((a, b) => a - b);
  const ms = quantile(s, 0.5);
  const msP25 = quantile(s, 0.25);
  const msP75 = quantile(s, 0.75);
  return {
    ms,
    msMin: s[0],
    msMax: s[s.length - 1],
    msP25,
    msP75,
    spread: ms > 0 ? (msP75 - msP25) / ms : 0,
    samples: s.length,
    callsPerSample,
  };
}

type Fn = () => unknown;

interface Runner {
  runN: (n: number) => unknown;
  perSample: number;
  perCall: number[];
}

/** Warms `fn` up and calibrates its calls per sample (steps 1 and 2). */
async function warmUp(fn: Fn, opts: SampleOptions, now: () => number): Promise<Runner> {
  // Learn once whether fn is async, so sync functions are timed without an await per call.
  const first = fn();
  const isAsync = first instanceof Promise;
  if (isAsync) await first;
  const runN = isAsync
    ? async (n: number) => {
        for (let i = 0; i < n; i++) await fn();
      }
    : (n: number) => {
        for (let i = 0; i < n; i++) fn();
      };
  let calls = 1;
  const w0 = now();
  let one = 0;
  while (calls < 2 || now() - w0 < opts.warmupMs) {
    const t0 = now();
    await runN(1);
    one = now() - t0;
    calls++;
  }
  return { runN, perSample: Math.max(1, Math.ceil(opts.minSampleMs / Math.max(one, 1e-3))), perCall: [] };
}

/** Takes one sample of `r`; returns its per-call time, or null when the sample was dropped (recalibration). */
async function takeSample(r: Runner, opts: SampleOptions, now: () => number): Promise<number | null> {
  const t0 = now();
  await r.runN(r.perSample);
  const dt = now() - t0;
  if (dt < opts.minSampleMs / 2) {
    // Far below the target: the calibration call was slow (a tier-up, or a neighbour's burst). Recalibrate and
    // drop this sample, whose length is too close to the clock's resolution to be accurate.
    r.perSample = Math.max(r.perSample * 2, Math.ceil(opts.minSampleMs / Math.max(dt / r.perSample, 1e-3)));
    return null;
  }
  r.perCall.push(dt / r.perSample);
  return dt / r.perSample;
}

/**
 * Times `fn` (sync or async: a returned promise is awaited, and only then is the call counted as done).
 * `now` is injectable for tests; it defaults to performance.now.
 */
export async function measure(
  fn: Fn,
  opts: SampleOptions,
  now: () => number = () => performance.now(),
): Promise<Timing> {
  return (await measureInterleaved([fn], opts, now))[0];
}

/**
 * Times several functions against each other: each is warmed up and calibrated alone, then samples are taken
 * round-robin (one sample of each per round) until every function has `minSamples` and the rounds have used
 * `budgetMs` per function. On a machine shared with other work the load drifts; interleaving spreads that
 * drift over every function instead of penalizing whichever ran during a busy spell, so the ratios between
 * them (the point of the suite) hold even when the absolute figures move.
 */
export async function measureInterleaved(
  fns: Fn[],
  opts: SampleOptions,
  now: () => number = () => performance.now(),
): Promise<Timing[]> {
  return (await measureRounds(fns, opts, now)).timings;
}

/** Extra controls of measureRounds (the threads section's; the rest of the suite uses neither). */
export interface RoundOptions {
  /** Idle time after function i's sample, milliseconds (default none): lets its spinning threads (a worker pool
   *  polling for the next job) go to sleep, so that they do not compete with the next function for the cores.
   *  Not counted in the budget. */
  settleAfterMs?: readonly number[];
  /** Untimed calls right before each sample, for at least this long (at least one call; default 0: none): a
   *  thread pool that slept during the other functions' samples is awake when the clock starts, so the sample
   *  times back-to-back calls. Not counted in the budget. */
  primeMs?: number;
  /** How to wait (default setTimeout); injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
}

export interface Rounds {
  timings: Timing[];
  /** rounds[k][i]: per-call time of function i in round k, null where it took no sample in that round. */
  rounds: (number | null)[][];
}

/**
 * measureInterleaved with the samples of every round kept, so that ratios can be taken per round (the functions'
 * samples of one round lie within a few tens of milliseconds of each other: a ratio per round cancels a drift of
 * the machine's speed that lasts longer than a round, which a ratio of medians taken over the whole run does not).
 */
export async function measureRounds(
  fns: Fn[],
  opts: SampleOptions & RoundOptions,
  now: () => number = () => performance.now(),
): Promise<Rounds> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((res) => setTimeout(res, ms)));
  const primeMs = opts.primeMs ?? 0;
  const runners: Runner[] = [];
  for (const fn of fns) runners.push(await warmUp(fn, opts, now));
  const s0 = now();
  let idle = 0;
  const budget = opts.budgetMs * fns.length;
  const rounds: (number | null)[][] = [];
  for (let round = 0; round < opts.maxSamples * 2; round++) {
    const fewest = Math.min(...runners.map((r) => r.perCall.length));
    const most = Math.max(...runners.map((r) => r.perCall.length));
    if (fewest >= opts.minSamples && (most >= opts.maxSamples || now() - s0 - idle >= budget)) break;
    const row: (number | null)[] = [];
    for (let i = 0; i < runners.length; i++) {
      const r = runners[i];
      if (r.perCall.length >= opts.maxSamples) {
        row.push(null);
        continue;
      }
      if (primeMs > 0) {
        const t = now();
        do await r.runN(1);
        while (now() - t < primeMs);
        idle += now() - t;
      }
      // a sample dropped for recalibration is taken again in the same round (each retake is longer), so that
      // every round holds a sample of every function still sampling and per-round ratios always have pairs
      let v = await takeSample(r, opts, now);
      for (let retry = 0; v === null && retry < 4; retry++) v = await takeSample(r, opts, now);
      row.push(v);
      const settle = opts.settleAfterMs?.[i] ?? 0;
      if (settle > 0) {
        const t = now();
        await sleep(settle);
        idle += now() - t;
      }
    }
    rounds.push(row);
  }
  return { timings: runners.map((r) => summarize(r.perCall, r.perSample)), rounds };
}

/** Median over the rounds where both took a sample of rounds[k][a] / rounds[k][b] (NaN when none did). */
export function perRoundRatio(rounds: readonly (number | null)[][], a: number, b: number): number {
  const q = rounds
    .filter((r) => r[a] != null && r[b] != null && r[b]! > 0)
    .map((r) => r[a]! / r[b]!)
    .sort((x, y) => x - y);
  return quantile(q, 0.5);
}
