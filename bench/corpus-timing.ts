/**
 * How the corpus benchmark times a model and reads its profile, shared by the Node run (bench/corpus.ts) and the
 * Chromium page's worker (bench/corpus-worker.ts), so both measure alike. Nothing here imports Node built-ins.
 */

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[(s.length - 1) >> 1] : Number.NaN;
}

/** Fast models are timed over at least this long (and warmed up a fifth of it): a few runs of 0.1 ms are noise. */
export const MIN_TIMED_MS = 400;
/** The most calls one timing makes. */
export const MAX_TIMED_RUNS = 4000;

/**
 * Times `fn`: `warmup` calls (and more while they took less than MIN_TIMED_MS / 5), then `runs` calls, and more while
 * all of them took less than MIN_TIMED_MS (MAX_TIMED_RUNS at most); the median in ms.
 */
export async function timeIt(fn: () => unknown, runs: number, warmup = 2): Promise<number> {
  const w0 = performance.now();
  for (let i = 0; i < warmup || (warmup > 0 && performance.now() - w0 < MIN_TIMED_MS / 5 && i < MAX_TIMED_RUNS); i++)
    await fn();
  const t: number[] = [];
  let total = 0;
  for (let i = 0; i < runs || (total < MIN_TIMED_MS && i < MAX_TIMED_RUNS); i++) {
    const t0 = performance.now();
    await fn();
    const dt = performance.now() - t0;
    t.push(dt);
    total += dt;
  }
  return median(t);
}

/**
 * The share of a profiled run's time (model.lastProfile) in steps that do no multiply-accumulates, % (NaN for an
 * empty profile), and the number of steps.
 */
export function outsideConv(prof: readonly { ms: number; macs: number }[]): { outsideConvPct: number; steps: number } {
  const total = prof.reduce((s, p) => s + p.ms, 0);
  const outside = prof.filter((p) => p.macs === 0).reduce((s, p) => s + p.ms, 0);
  return { outsideConvPct: total > 0 ? (100 * outside) / total : Number.NaN, steps: prof.length };
}

/** How long the profiled runs of a model last in all (at least one run; MAX_TIMED_RUNS at most). */
export const MIN_PROFILED_MS = 200;

/**
 * The profile over repeated runs (`profiledRun` runs the model with `{ profile: true }` and returns its
 * lastProfile): each step's time summed over runs lasting at least MIN_PROFILED_MS, so that a model of 0.03 ms is
 * not judged on one run (a garbage collection or a timer tick in that run moved its share by 20 points).
 */
export function profileOver(
  profiledRun: () => readonly { name: string; ms: number; macs: number }[],
): { ms: number; macs: number }[] {
  const acc = new Map<string, { ms: number; macs: number }>();
  const t0 = performance.now();
  for (let i = 0; i === 0 || (performance.now() - t0 < MIN_PROFILED_MS && i < MAX_TIMED_RUNS); i++) {
    for (const p of profiledRun()) {
      const e = acc.get(p.name);
      if (e) e.ms += p.ms;
      else acc.set(p.name, { ms: p.ms, macs: p.macs });
    }
  }
  return [...acc.values()];
}

/** What outsideConvOver runs: a loaded model (the product's Model, in Node or in a page's worker). */
export interface ProfiledModel<F> {
  run(feeds: F, opts: { profile: true }): unknown;
  readonly lastProfile?: readonly { name: string; ms: number; macs: number }[] | null;
}

/** The model's share of time outside convolutions over profiled runs of MIN_PROFILED_MS, and its step count. */
export function outsideConvOver<F>(model: ProfiledModel<F>, feeds: F): { outsideConvPct: number; steps: number } {
  const prof = profileOver(() => {
    model.run(feeds, { profile: true });
    return model.lastProfile ?? [];
  });
  return { ...outsideConv(prof), steps: model.lastProfile?.length ?? 0 };
}
