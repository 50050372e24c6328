/**
 * What every algorithm shares on the host: the common fields of the context record (requantization, source
 * encoding, geometry) that the operator writes for any plan.
 */
import type { ConvShape } from '../params.js';
import type { AlgoPlan, ConvAlgorithm, CtxField, PlanOptions } from './types.js';

/** The source zero point in the signed domain the kernels use (xs = raw ^ srcXor): uint8 values are x - 128. */
export function srcZeroPointSigned(s: ConvShape): number {
  return s.srcType === 'uint8' ? s.srcZeroPoint - 128 : s.srcZeroPoint;
}

/** The i32 context fields every kernel family reads; pointers and float fields are set by the operator. */
export function commonCtxFields(s: ConvShape, ocpgPad: number): Partial<Record<CtxField, number>> {
  return {
    dstType: { int8: 0, int32: 1, uint8: 2 }[s.dstType],
    nonlin: { identity: 0, relu: 1, hswish: 2, relu6: 3 }[s.nonlinearity],
    rounding: s.rounding === 'half-even' ? 1 : 0,
    biasMode: { none: 0, channel: 1, full: 2 }[s.biasMode],
    dstZp: s.dstZeroPoint,
    dstLayout: s.format === 'NCHW' ? 1 : 0,
    plane: s.oh * s.ow,
    oc: s.oc,
    ocpg: s.ocpg,
    ocpgPad,
    group: s.group,
    srcLayout: s.format === 'NCHW44' ? 0 : 1,
    srcXor: s.srcType === 'uint8' ? 0x80 : 0,
    srcZp: srcZeroPointSigned(s),
    ic: s.ic,
    icpg: s.icpg,
    ih: s.ih,
    iw: s.iw,
    oh: s.oh,
    ow: s.ow,
    fh: s.fh,
    fw: s.fw,
    sh: s.sh,
    sw: s.sw,
    pt: s.pt,
    pl: s.pl,
    dh: s.dh,
    dw: s.dw,
    n: s.n,
  };
}

/**
 * How many parts of at most maxPer units (rows, pixels) to split `units` into, with equal loads for the threads:
 * with threads > 1 the outer * count tasks come in whole rounds of `threads` (each thread the same number of equal
 * tasks) as far as units allow. `unit`: a part's size is a multiple of it. Returns the part size and count.
 */
export function splitForThreads(
  units: number,
  maxPer: number,
  outer: number,
  threads: number,
  unit = 1,
): { per: number; count: number } {
  const roundUp = (v: number) => Math.ceil(v / unit) * unit;
  let count = Math.ceil(units / Math.max(unit, maxPer));
  if (threads > 1) {
    const most = Math.ceil(units / unit);
    while (count < most && (outer * count) % threads !== 0) count++;
  }
  const per = Math.max(unit, roundUp(Math.ceil(units / count)));
  return { per, count: Math.ceil(units / per) };
}

/**
 * Parts to split the output-channel tiles of each task into, so that `threads` threads have equal work where the
 * rows or pixels of the plane cannot give it (small planes: a 7x7 plane is 7 rows). 1 with one thread.
 */
export function ocPartsFor(tasks: number, threads: number, ocTiles: number): number {
  if (threads <= 1 || (tasks % threads === 0 && tasks >= 2 * threads)) return 1;
  let parts = 1;
  while (parts < ocTiles && ((tasks * parts) % threads !== 0 || tasks * parts < 2 * threads)) parts++;
  return parts;
}

/**
 * The accumulator correction of kernels that multiply by b = xs + off (padding b = zp + off): per [G][ocpgPad]
 * channel, -(zp + off) * sum of its weights, so that sum w * b plus it is sum w * (xs - zp).
 */
export function zeroPointCorrection(s: ConvShape, oihw: Int8Array, ocpgPad: number, off: number): Int32Array {
  const zpB = srcZeroPointSigned(s) + off;
  const corr = new Int32Array(s.group * ocpgPad);
  const per = s.icpg * s.fh * s.fw;
  for (let g = 0; g < s.group; g++)
    for (let o = 0; o < s.ocpg; o++) {
      let sum = 0;
      for (let k = 0; k < per; k++) sum += oihw[(g * s.ocpg + o) * per + k];
      corr[g * ocpgPad + o] = -zpB * sum;
    }
  return corr;
}

/**
 * An algorithm's plan for a shape and plan settings, made once: the selection plans each candidate to check that its
 * workspace fits, and the operator then takes the chosen one's plan instead of planning it again (a plan is pure
 * for its shape and settings objects; it is handed out once and forgotten).
 */
export function planOf(a: ConvAlgorithm, s: ConvShape, settings: PlanOptions): AlgoPlan {
  const had = PLANS.get(s);
  if (had && had.algo === a && had.settings === settings) return had.plan;
  const plan = a.plan(s, settings);
  PLANS.set(s, { algo: a, settings, plan });
  return plan;
}

/** The plan planOf kept for the shape, if it is the algorithm's for these settings (then forgotten), else a new one. */
export function takePlan(a: ConvAlgorithm, s: ConvShape, settings: PlanOptions): AlgoPlan {
  const had = PLANS.get(s);
  PLANS.delete(s);
  return had && had.algo === a && had.settings === settings ? had.plan : a.plan(s, settings);
}

const PLANS = new WeakMap<ConvShape, { algo: ConvAlgorithm; settings: PlanOptions; plan: AlgoPlan }>();
