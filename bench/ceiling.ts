/**
 * The ceiling loops' host side (the loops are assembly/bench/ceiling.ts): their exports, and the guard that a loop
 * really runs every trip. No Node built-ins: the browser page uses it too.
 */

/** The ceiling loops' exports (assembly/bench/ceiling.ts). */
export interface CeilingExports {
  ceilingDotI16(trips: number, seedA: number, seedB: number): number;
  ceilingMacsPerTrip(): number;
  /** Present in builds that have them; ceilingHasRelaxed() says whether the relaxed loop can run. */
  ceilingHasRelaxed?(): number;
  ceilingRelaxedDot?(trips: number, seedA: number, seedB: number): number;
  ceilingRelaxedMacsPerTrip?(): number;
}

/** The linearity check times a ceiling loop at N trips and at N / LINEARITY_FACTOR trips. */
export const LINEARITY_FACTOR = 4;

/**
 * The guard on a ceiling loop: time(N trips) / time(N / factor trips) must lie within [factor / 2, 2 factor]. It is
 * about `factor` when the engine runs every trip (one wasm call costs far less than a quarter of the loop, so the
 * fixed cost does not pull the ratio down). An engine that hoisted the loop-invariant dots out of the loop, or
 * dropped the loop, would take about the same time for both counts (ratio ~1); a ratio far above `factor` means the
 * machine's speed changed so much between the two timings that neither can be trusted. A loop that fails is refused
 * as a ceiling: its GMAC/s are still printed, but no bar is judged against it.
 */
export function checkLinearity(ratio: number, factor = LINEARITY_FACTOR): { ok: boolean; reason: string | null } {
  if (!Number.isFinite(ratio) || ratio <= 0)
    return { ok: false, reason: `time ratio ${ratio} for ${factor}x the trips is not a positive number` };
  if (ratio < factor / 2) {
    return {
      ok: false,
      reason: `${factor}x the trips took only ${ratio.toFixed(2)}x the time (>= ${factor / 2} expected): the engine did not run every trip (hoisted or dropped loop)`,
    };
  }
  if (ratio > factor * 2) {
    return {
      ok: false,
      reason: `${factor}x the trips took ${ratio.toFixed(2)}x the time (<= ${factor * 2} expected): the machine's speed moved too much between the two timings`,
    };
  }
  return { ok: true, reason: null };
}
