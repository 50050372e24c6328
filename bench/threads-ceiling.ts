/**
 * The N-thread ceiling of the machine: i8conv's register-resident ceiling loop (assembly/bench/ceiling.ts, no memory
 * traffic, nothing shared) timed on one thread alone, then on N threads at once (this one and N - 1 worker_threads,
 * each with its own instance). speedup = N x (alone ms) / (slowest thread's ms together), the median over rounds:
 * the most any N-thread convolution can gain over one thread here, whatever its split. On the 2-core VMs measured it
 * is below 2 (each core runs 5-15% slower while the other one computes too), which bounds the threads bars.
 *
 * This file is also the workers' script: started with workerData { trips }, it loads the runtime, says 'ready', and
 * answers each 'go' with the ms its loop took.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { createLabRuntime } from '../lab/index.js';

interface CeilingExports {
  ceilingDotI16(trips: number, a: number, b: number): number;
  ceilingMacsPerTrip(): number;
}

export interface ThreadsCeiling {
  threads: number;
  /** GMAC/s of the loop on one thread alone (median over the rounds) */
  aloneGmacs: number;
  /** GMAC/s of each thread while all N run it (median of the rounds' slowest thread) */
  togetherGmacs: number;
  /** median over the rounds of N x alone ms / slowest thread's ms together */
  speedup: number;
  rounds: number;
}

/** The ceiling loop of a fresh lab runtime (the loop is in the lab build only): a timed run (ms) of `trips` trips,
 *  and its MACs per trip. */
async function loop(): Promise<{ run: (trips: number) => number; perTrip: number }> {
  const rt = await createLabRuntime({ build: 'simd128' });
  const c = (rt as unknown as { core: { exports: CeilingExports } }).core.exports;
  const run = (trips: number) => {
    const t = performance.now();
    c.ceilingDotI16(trips, 3, 5);
    return performance.now() - t;
  };
  return { run, perTrip: c.ceilingMacsPerTrip() };
}

const median = (a: number[]) => a.slice().sort((x, y) => x - y)[a.length >> 1];

/** Measures the ceiling of `threads` threads: `rounds` rounds of ~`ms` ms per run. */
export async function measureThreadsCeiling(threads: number, rounds = 7, ms = 40): Promise<ThreadsCeiling> {
  const { run, perTrip } = await loop();
  run(200_000); // warm up (tier-up)
  let trips = 200_000;
  const probe = run(trips);
  trips = Math.max(10_000, Math.round((trips * ms) / Math.max(probe, 0.01)));
  const workers: Worker[] = [];
  try {
    for (let i = 1; i < threads; i++) {
      const w = new Worker(fileURLToPath(import.meta.url), { workerData: { trips } });
      await new Promise<void>((ok, bad) => {
        w.once('message', () => ok());
        w.once('error', bad);
      });
      workers.push(w);
    }
    const alone: number[] = [];
    const together: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const a = run(trips);
      const theirs = workers.map((w) => new Promise<number>((ok) => w.once('message', (v: number) => ok(v))));
      for (const w of workers) w.postMessage('go');
      const mine = run(trips);
      const slowest = Math.max(mine, ...(await Promise.all(theirs)));
      alone.push(a);
      together.push(slowest);
      ratios.push((threads * a) / slowest);
    }
    const gmacs = (msPerRun: number) => (trips * perTrip) / (msPerRun * 1e6);
    return { threads, aloneGmacs: gmacs(median(alone)), togetherGmacs: gmacs(median(together)), speedup: median(ratios), rounds };
  } finally {
    for (const w of workers) await w.terminate();
  }
}

if (!isMainThread && parentPort && (workerData as { trips?: number } | null)?.trips) {
  const port = parentPort;
  const { trips } = workerData as { trips: number };
  const { run } = await loop();
  run(200_000);
  port.on('message', () => port.postMessage(run(trips)));
  port.postMessage('ready');
}
