/**
 * The scaling of an embarrassingly parallel loop on N threads of this machine, measured next to the threads section:
 * the register-resident ceiling loop of the threaded runtime's build (assembly/bench/ceiling.ts: the SIMD128 dot
 * loop, or the relaxed dot-add loop on the relaxed build; no memory traffic, nothing shared) timed on one thread
 * alone, then on N threads at once (this one and N - 1 worker_threads, each with its own instance).
 * scaling = N x (alone ms) / (slowest thread's ms together), the median over rounds.
 *
 * What it is: how much N busy cores slow each other down here (on the 2-core VMs measured, each core runs 5-15%
 * slower while the other one computes too, so it reads below 2; it has also read 2.04x). What it is not: a bound on
 * what a convolution can gain from N threads. It is one loop's figure at one moment, with its own noise; a
 * convolution shares caches and memory bandwidth, which this loop does not use, and may read above or below it. The
 * threads section prints it beside its speed-ups as context for them, and no bar is judged against it.
 *
 * Each run of the loop is guarded as on the operator level (bench/ceiling.ts checkLinearity): the alone time of the
 * chosen trip count is compared with that of a quarter of it, and a loop whose time does not grow with its trips is
 * reported (`linear: false`) instead of silently giving a figure.
 *
 * This file is also the workers' script: started with workerData { trips, build }, it loads the runtime, says
 * 'ready', and answers each 'go' with the ms its loop took.
 */
import type { LoopScalingResult } from './schema.js';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { createLabRuntime } from '../lab/index.js';
import { LINEARITY_FACTOR, checkLinearity, type CeilingExports } from './ceiling.js';

export type LoopBuild = LoopScalingResult['build'];

/** The measurement (its fields are documented where the bench's JSON declares them). */
export type LoopScaling = LoopScalingResult;

/** The loop of a fresh single-thread runtime of `build`: a timed run (ms) of `trips` trips, and its MACs per trip. */
async function loop(build: LoopBuild): Promise<{ run: (trips: number) => number; perTrip: number }> {
  const rt = await createLabRuntime({ build, threads: 1 }); // the ceiling loops are in the lab build only
  const c = (rt as unknown as { core: { exports: CeilingExports } }).core.exports;
  const relaxed = build === 'relaxed';
  if (relaxed && !(c.ceilingHasRelaxed?.() && c.ceilingRelaxedDot && c.ceilingRelaxedMacsPerTrip)) {
    throw new Error('the relaxed build has no relaxed dot-add loop');
  }
  const body = relaxed ? (t: number) => c.ceilingRelaxedDot!(t, 3, 5) : (t: number) => c.ceilingDotI16(t, 3, 5);
  const run = (trips: number) => {
    const t = performance.now();
    body(trips);
    return performance.now() - t;
  };
  return { run, perTrip: relaxed ? c.ceilingRelaxedMacsPerTrip!() : c.ceilingMacsPerTrip() };
}

const median = (a: number[]) => a.slice().sort((x, y) => x - y)[a.length >> 1];

/** Measures the loop's scaling on `threads` threads: `rounds` rounds of ~`ms` ms per run, with the `build`'s loop. */
export async function measureLoopScaling(
  threads: number,
  rounds = 7,
  ms = 40,
  build: LoopBuild = 'simd128',
): Promise<LoopScaling> {
  const { run, perTrip } = await loop(build);
  run(200_000); // warm up (tier-up)
  let trips = 200_000;
  const probe = run(trips);
  trips = Math.max(10_000, Math.round((trips * ms) / Math.max(probe, 0.01)));
  const workers: Worker[] = [];
  try {
    for (let i = 1; i < threads; i++) {
      const w = new Worker(fileURLToPath(import.meta.url), { workerData: { trips, build } });
      await new Promise<void>((ok, bad) => {
        w.once('message', () => ok());
        w.once('error', bad);
      });
      workers.push(w);
    }
    const alone: number[] = [];
    const part: number[] = [];
    const together: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const a = run(trips);
      part.push(run(Math.round(trips / LINEARITY_FACTOR)));
      const theirs = workers.map((w) => new Promise<number>((ok) => w.once('message', (v: number) => ok(v))));
      for (const w of workers) w.postMessage('go');
      const mine = run(trips);
      const slowest = Math.max(mine, ...(await Promise.all(theirs)));
      alone.push(a);
      together.push(slowest);
      ratios.push((threads * a) / slowest);
    }
    const gmacs = (msPerRun: number) => (trips * perTrip) / (msPerRun * 1e6);
    const linearity = median(alone) / median(part);
    return {
      threads,
      build,
      aloneGmacs: gmacs(median(alone)),
      togetherGmacs: gmacs(median(together)),
      speedup: median(ratios),
      rounds,
      linearity,
      linear: checkLinearity(linearity).ok,
    };
  } finally {
    for (const w of workers) await w.terminate();
  }
}

if (!isMainThread && parentPort && (workerData as { trips?: number } | null)?.trips) {
  const port = parentPort;
  const { trips, build } = workerData as { trips: number; build?: LoopBuild };
  const { run } = await loop(build ?? 'simd128');
  run(200_000);
  port.on('message', () => port.postMessage(run(trips)));
  port.postMessage('ready');
}
