/**
 * The benchmark suite itself, independent of where it runs: bench/main.ts drives it in Node, bench/browser-page.ts
 * in a Chromium page. It measures the base-SIMD ceiling, then for every selected shape computes the oracle's
 * output, prepares every backend and checks its first output, times the backends side by side (round-robin
 * samples, bench/stats.ts), and checks every output again (after timing: catches engines whose optimizing tier
 * computes differently from their baseline tier), then runs the network level (bench/networks.ts) and the kernel
 * and relayout sections. It returns the results object of bench/schema.ts; reports are written by the caller.
 */
import { RefusedError, type Backend, type PreparedRun } from './backends.js';
import { compareOutputs, makeProblem, type Mismatch, type ProblemData } from './data.js';
import { LINEARITY_FACTOR, checkLinearity, type CeilingExports } from './ceiling.js';
import {
  finishNetworks,
  networkMismatches,
  type CeilingProbe,
  type NetworkProgress,
  type RunCeilings,
} from './networks.js';
import type { BenchResults, BackendResult, KernelResult, NetworkResult, RelayoutRow, ShapeResult } from './schema.js';
import { SCHEMA_ID } from './schema.js';
import type { BenchShape } from './shapes.js';
import { measure, measureInterleaved, type SampleOptions } from './stats.js';
export type { CeilingExports } from './ceiling.js';
export { LINEARITY_FACTOR, checkLinearity } from './ceiling.js';

export type ProgressEvent =
  | { kind: 'ceiling'; gmacs: number }
  | { kind: 'shape'; index: number; count: number; shape: BenchShape }
  | {
      kind: 'step';
      index: number;
      count: number;
      shape: BenchShape;
      backend: string;
      step: 'oracle' | 'prepare' | 'time';
    }
  | { kind: 'result'; shape: BenchShape; backend: string; result: BackendResult }
  | { kind: 'skip'; shape: BenchShape; backend: string; reason: string }
  | { kind: 'mismatch'; shape: BenchShape; mismatch: Mismatch }
  | { kind: 'section'; name: string }
  | NetworkProgress;

/** The oracle: the expected int8 NCHW44 output of a problem. */
export type Oracle = (pb: ProblemData) => ArrayLike<number>;

export interface SuiteInput {
  shapes: BenchShape[];
  backends: Backend[];
  oracle: Oracle | null;
  oracleName: string;
  ceiling: CeilingExports;
  sampling: SampleOptions;
  quick: boolean;
  /** Case-insensitive regular expression over "<shape id>/<backend>"; null keeps everything. */
  filter: string | null;
  engine: BenchResults['engine'];
  machine: BenchResults['machine'];
  builds: BenchResults['builds'];
  /** Kernel-level section, if the environment has one. */
  kernels?: (sampling: SampleOptions) => Promise<KernelResult[] | { unavailable: string }>;
  /** Relayout section (bench/relayout.ts's runRelayoutBench), if present. */
  relayout?: () => Promise<RelayoutRow[] | { unavailable: string }>;
  /** Network level (bench/networks.ts), if selected; `localCeiling` samples the ceiling loop. */
  networks?: (ctx: {
    localCeiling: () => Promise<number>;
    ceilingProbe: CeilingProbe;
    relaxedCeilingProbe?: CeilingProbe;
  }) => Promise<NetworkResult[] | { unavailable: string }>;
  /** The network ids selected (for options.networks). */
  networkIds?: string[];
  /** 'headline' (npm start's default: i8conv and its peer only) or 'full' (every backend and section); for the report. */
  scope?: 'full' | 'headline';
  onProgress?: (ev: ProgressEvent) => void;
  /** Errors found while setting up (e.g. a peer that failed to load), carried into the results. */
  errors?: string[];
  now?: () => number;
}

const CEILING_TRIPS = 1_000_000;

/** Times `loop(trips)` (`macsPerTrip` MACs a trip) at `trips` and, when asked, at trips / LINEARITY_FACTOR. */
/**
 * Times of the linearity check, at most: a ratio far above the factor (the machine's speed moved between the two
 * timings: a neighbour's load, another test file running beside this one) is timed again; an engine that drops trips
 * gives a ratio far below it on every attempt, so it is still refused.
 */
const LINEARITY_ATTEMPTS = 3;

async function timeLoop(
  loop: (trips: number) => number,
  trips: number,
  macsPerTrip: number,
  sampling: SampleOptions,
  now: () => number,
  withLinearity: boolean,
  warmupMs: number,
) {
  let sink = 0;
  for (let attempt = 1; ; attempt++) {
    const full = await measure(
      () => (sink ^= loop(trips)),
      { ...sampling, warmupMs: sampling.warmupMs && Math.max(sampling.warmupMs, warmupMs) },
      now,
    );
    const part = withLinearity
      ? await measure(
          () => (sink ^= loop(trips / LINEARITY_FACTOR)),
          { ...sampling, warmupMs: 0, budgetMs: Math.min(sampling.budgetMs, 100) },
          now,
        )
      : null;
    // `checksum` is returned so the calls' results are used (an engine may not drop them anyway: they are calls
    // into wasm, but it costs nothing to be sure).
    const r = {
      gmacs: (trips * macsPerTrip) / full.ms / 1e6,
      linearity: part ? full.ms / part.ms : NaN,
      checksum: sink,
    };
    if (!part || attempt >= LINEARITY_ATTEMPTS || r.linearity <= 2 * LINEARITY_FACTOR) return r;
  }
}

async function measureCeiling(c: CeilingExports, sampling: SampleOptions, now: () => number, withLinearity = true) {
  // A longer warm-up than the backends get on the first call: the loop is one wasm function called a few hundred
  // times at most, and it must be running in the engine's optimizing tier before it is timed.
  return timeLoop(
    (t) => c.ceilingDotI16(t, 3, 5),
    CEILING_TRIPS,
    c.ceilingMacsPerTrip(),
    sampling,
    now,
    withLinearity,
    300,
  );
}

/** The relaxed dot-add loop (GMAC/s and linearity), or null where the loaded build has no relaxed SIMD. */
async function measureRelaxedCeiling(
  c: CeilingExports,
  sampling: SampleOptions,
  now: () => number,
): Promise<{ gmacs: number; linearity: number } | null> {
  if (!c.ceilingHasRelaxed?.() || !c.ceilingRelaxedDot || !c.ceilingRelaxedMacsPerTrip) return null;
  const run = c.ceilingRelaxedDot;
  return timeLoop((t) => run(t, 3, 5), CEILING_TRIPS / 2, c.ceilingRelaxedMacsPerTrip(), sampling, now, true, 300);
}

export async function runSuite(input: SuiteInput): Promise<BenchResults> {
  const now = input.now ?? (() => performance.now());
  const t0 = now();
  const progress = input.onProgress ?? (() => {});
  const filter = input.filter ? new RegExp(input.filter, 'i') : null;
  const errors = [...(input.errors ?? [])];

  const c1 = await measureCeiling(input.ceiling, input.sampling, now);
  progress({ kind: 'ceiling', gmacs: c1.gmacs });
  const relaxedRuns: number[] = [];
  const rx1 = await measureRelaxedCeiling(input.ceiling, input.sampling, now);
  if (rx1 !== null) relaxedRuns.push(rx1.gmacs);
  // Provisional ceiling for the per-backend % during the run; replaced by the best of all samples at the end.
  const ceilingRuns = [c1.gmacs];

  const shapes: ShapeResult[] = [];
  for (let si = 0; si < input.shapes.length; si++) {
    const shape = input.shapes[si];
    const chosen = input.backends.filter((b) => !filter || filter.test(`${shape.id}/${b.name}`));
    if (!chosen.length) continue;
    progress({ kind: 'shape', index: si, count: input.shapes.length, shape });
    // A short ceiling sample next to every shape: on a shared machine the load changes during a run, and the
    // reported ceiling (the best of all samples) should not depend on a neighbour being idle at the start.
    const local = await measureCeiling(
      input.ceiling,
      { ...input.sampling, warmupMs: 0, minSamples: 3, budgetMs: 40 },
      now,
      false,
    );
    ceilingRuns.push(local.gmacs);
    const res: ShapeResult = {
      id: shape.id,
      label: shape.label,
      ic: shape.ic,
      oc: shape.oc,
      h: shape.h,
      w: shape.h,
      k: shape.k,
      s: shape.s,
      pad: shape.pad,
      group: shape.group,
      format: shape.format,
      oh: shape.oh,
      ow: shape.oh,
      macs: shape.macs,
      backends: {},
      mismatches: [],
      skipped: [],
      ceilingLocalGmacs: Math.round(local.gmacs * 100) / 100,
    };
    shapes.push(res);
    const pb = makeProblem(shape);
    let want: ArrayLike<number> | null = null;
    if (input.oracle) {
      progress({ kind: 'step', index: si, count: input.shapes.length, shape, backend: 'oracle', step: 'oracle' });
      want = input.oracle(pb);
    }
    // 1. prepare every backend and check its first output
    const ready: { b: Backend; p: PreparedRun; bad: boolean }[] = [];
    let heuristic: string | undefined;
    for (const b of chosen) {
      // Forcing the algorithm the heuristic already chose would time the same code twice.
      const reason =
        b.skipReason(shape) ??
        (heuristic && b.name === `i8conv:${heuristic}` ? 'the heuristic chose it: see column i8conv' : null);
      if (reason) {
        res.skipped.push({ backend: b.name, reason });
        progress({ kind: 'skip', shape, backend: b.name, reason });
        continue;
      }
      progress({ kind: 'step', index: si, count: input.shapes.length, shape, backend: b.name, step: 'prepare' });
      let prepared: PreparedRun | undefined;
      try {
        prepared = await b.prepare(pb);
        await prepared.run();
      } catch (e) {
        prepared?.dispose();
        const msg =
          e instanceof RefusedError
            ? e.message
            : e instanceof Error
              ? `${(e as { code?: string }).code ?? e.name}: ${e.message}`
              : String(e);
        // A forced algorithm that refuses a shape is a skip; any other failure (the heuristic finding nothing
        // included) is reported with the mismatches, as an output that could not be produced.
        if (e instanceof RefusedError && b.name.startsWith('i8conv:')) {
          res.skipped.push({ backend: b.name, reason: msg });
          progress({ kind: 'skip', shape, backend: b.name, reason: msg });
        } else {
          const mm = {
            backend: b.name,
            count: 0,
            total: pb.dstLength,
            maxAbsDiff: NaN,
            firstIndex: -1,
            got: NaN,
            want: NaN,
            error: msg,
          };
          res.mismatches.push({ ...mm, phase: 'prepare' });
          progress({ kind: 'mismatch', shape, mismatch: mm });
        }
        continue;
      }
      if (b.name === 'i8conv') heuristic = prepared.info.algo;
      let bad = false;
      if (want) {
        const m = compareOutputs(b.name, prepared.output(), want);
        if (m) {
          bad = true;
          res.mismatches.push({ ...m, phase: 'first-call' });
          progress({ kind: 'mismatch', shape, mismatch: m });
        }
      }
      ready.push({ b, p: prepared, bad });
    }
    if (!ready.length) continue;
    // 2. time them side by side, 3. check the outputs again
    progress({
      kind: 'step',
      index: si,
      count: input.shapes.length,
      shape,
      backend: ready.map((x) => x.b.name).join(', '),
      step: 'time',
    });
    // the relaxed dot-add loop takes its samples in the same rounds (last), where the build has it
    const rxRun =
      input.ceiling.ceilingHasRelaxed?.() && input.ceiling.ceilingRelaxedDot && input.ceiling.ceilingRelaxedMacsPerTrip
        ? input.ceiling.ceilingRelaxedDot
        : null;
    const fns: (() => unknown)[] = ready.map((x) => () => x.p.run());
    if (rxRun) fns.push(() => rxRun(CEILING_TRIPS / 8, 3, 5));
    const timings = await measureInterleaved(fns, input.sampling, now);
    if (rxRun) {
      const rt = timings[ready.length];
      res.relaxedCeilingRoundsGmacs =
        Math.round(((CEILING_TRIPS / 8) * input.ceiling.ceilingRelaxedMacsPerTrip!()) / rt.ms / 1e4) / 100;
    }
    ready.forEach(({ b, p, bad }, i) => {
      if (want) {
        const m = compareOutputs(b.name, p.output(), want);
        if (m) {
          bad = true;
          res.mismatches.push({ ...m, phase: 'after-timing' });
          progress({ kind: 'mismatch', shape, mismatch: m });
        }
      }
      const t = timings[i];
      const gmacs = shape.macs / t.ms / 1e6;
      const r: BackendResult = {
        gmacs,
        ms: t.ms,
        msMin: t.msMin,
        msMax: t.msMax,
        spread: t.spread,
        samples: t.samples,
        callsPerSample: t.callsPerSample,
        pctCeiling: gmacs / c1.gmacs,
        check: want ? (bad ? 'mismatch' : 'ok') : 'unchecked',
        ...(p.info.algo ? { algo: p.info.algo } : {}),
        ...(p.info.build ? { build: p.info.build } : {}),
      };
      p.dispose();
      res.backends[b.name] = r;
      progress({ kind: 'result', shape, backend: b.name, result: r });
    });
  }

  let networks: NonNullable<BenchResults['networks']> = { unavailable: 'not selected (--networks none)' };
  if (input.networks) {
    progress({ kind: 'section', name: 'networks' });
    const localCeiling = async () => {
      const c = await measureCeiling(
        input.ceiling,
        { ...input.sampling, warmupMs: 0, minSamples: 3, budgetMs: 40 },
        now,
        false,
      );
      ceilingRuns.push(c.gmacs);
      return c.gmacs;
    };
    let sink = 0;
    const probeTrips = CEILING_TRIPS / 4;
    const ceilingProbe = {
      run: () => (sink ^= input.ceiling.ceilingDotI16(probeTrips, 3, 5)),
      macs: probeTrips * input.ceiling.ceilingMacsPerTrip(),
    };
    const rx = input.ceiling;
    const relaxedCeilingProbe =
      rx.ceilingHasRelaxed?.() && rx.ceilingRelaxedDot && rx.ceilingRelaxedMacsPerTrip
        ? {
            run: () => (sink ^= rx.ceilingRelaxedDot!(probeTrips / 2, 3, 5)),
            macs: (probeTrips / 2) * rx.ceilingRelaxedMacsPerTrip(),
          }
        : undefined;
    try {
      networks = await input.networks({ localCeiling, ceilingProbe, relaxedCeilingProbe });
      if (sink === 0.5) errors.push('unreachable'); // keeps the probe's results used
    } catch (e) {
      networks = { unavailable: `network level failed: ${String(e)}` };
      errors.push(networks.unavailable);
    }
  }

  let kernels: BenchResults['kernels'] = { unavailable: 'no kernel section in this environment' };
  if (input.kernels) {
    progress({ kind: 'section', name: 'kernels' });
    try {
      kernels = await input.kernels(input.sampling);
      if (Array.isArray(kernels)) {
        for (const k of kernels)
          if (k.check === 'mismatch') errors.push(`kernel ${k.name}: output differs from the oracle`);
      }
    } catch (e) {
      kernels = { unavailable: `kernel section failed: ${String(e)}` };
      errors.push(kernels.unavailable);
    }
  }
  let relayout: BenchResults['relayout'] = { unavailable: 'bench/relayout.ts is not present' };
  if (input.relayout) {
    progress({ kind: 'section', name: 'relayout' });
    try {
      relayout = await input.relayout();
    } catch (e) {
      relayout = { unavailable: `relayout section failed: ${String(e)}` };
      errors.push(relayout.unavailable);
    }
  }

  // Last ceiling measurement at the end. Each run is a median; the reported ceiling is the largest (a neighbour's
  // load only ever slows the loop down, so the fastest run is the best estimate of the limit, and % of ceiling is
  // never flattered by a slow ceiling sample); all are kept so the report shows how much the machine's speed
  // moved during the run.
  const c2 = await measureCeiling(input.ceiling, input.sampling, now);
  ceilingRuns.push(c2.gmacs);
  progress({ kind: 'ceiling', gmacs: c2.gmacs });
  const rx2 = await measureRelaxedCeiling(input.ceiling, input.sampling, now);
  if (rx2 !== null) relaxedRuns.push(rx2.gmacs);
  const ceilingGmacs = Math.max(...ceilingRuns);
  const ceilingRelaxedGmacs = relaxedRuns.length ? Math.max(...relaxedRuns) : null;
  // The guard: each loop's time must grow with its trip count (checkLinearity), at the start and at the end. A loop
  // that fails is refused as a ceiling: the run says so (errors, header) and no bar is judged against it.
  const verdict = (runs: ({ linearity: number } | null)[]) => {
    const bad = runs
      .filter((x): x is { linearity: number } => x !== null)
      .map((x) => checkLinearity(x.linearity))
      .find((v) => !v.ok);
    return bad ? bad.reason! : null;
  };
  const refusedBase = verdict([c1, c2]);
  const refusedRelaxed = rx1 || rx2 ? verdict([rx1, rx2]) : null;
  if (refusedBase) errors.push(`SIMD128 ceiling loop refused: ${refusedBase}`);
  if (refusedRelaxed) errors.push(`relaxed dot-add ceiling loop refused: ${refusedRelaxed}`);
  for (const s of shapes) for (const b of Object.values(s.backends)) b.pctCeiling = b.gmacs / ceilingGmacs;
  if (Array.isArray(kernels)) for (const k of kernels) k.pctCeiling = k.gmacs / ceilingGmacs;
  const runCeilings: RunCeilings = {
    simd128: ceilingGmacs,
    relaxed: ceilingRelaxedGmacs,
    ...(refusedBase || refusedRelaxed
      ? {
          refused: {
            ...(refusedBase ? { simd128: refusedBase } : {}),
            ...(refusedRelaxed ? { relaxed: refusedRelaxed } : {}),
          },
        }
      : {}),
  };
  if (Array.isArray(networks)) finishNetworks(networks, runCeilings);

  return {
    schema: SCHEMA_ID,
    createdAt: new Date().toISOString(),
    durationS: (now() - t0) / 1000,
    machine: input.machine,
    engine: input.engine,
    builds: input.builds,
    options: {
      quick: input.quick,
      shapes: input.shapes.map((s) => s.id),
      filter: input.filter,
      threads: 1,
      rounding: 'half-even',
      networks: input.networkIds ?? [],
      ...(input.scope ? { scope: input.scope } : {}),
    },
    oracle: input.oracleName,
    ceilingGmacs,
    ceilingRelaxedGmacs,
    ceiling: {
      gmacs: ceilingGmacs,
      runs: ceilingRuns.map((v) => Math.round(v * 100) / 100),
      linearity: (c1.linearity + c2.linearity) / 2,
      linearityRuns: [c1.linearity, c2.linearity].map((v) => Math.round(v * 100) / 100),
      refused: refusedBase,
      ...(rx1 || rx2
        ? {
            relaxedLinearityRuns: [rx1, rx2].filter((x) => x !== null).map((x) => Math.round(x!.linearity * 100) / 100),
            relaxedRefused: refusedRelaxed,
          }
        : {}),
    },
    shapes,
    kernels,
    relayout,
    networks,
    mismatches: [
      ...shapes.flatMap((s) => s.mismatches.map((m) => ({ ...m, shape: s.id }))),
      ...(Array.isArray(networks) ? networkMismatches(networks) : []),
    ],
    errors,
  };
}
