/**
 * How quantizeModel judges a quantization on the graph outputs, over the evaluation feeds:
 *
 * - `OutputMeter`, per graph output, over all the feeds' values together (each output flattened and the feeds
 *   concatenated): the SQNR, 10 log10(sum float^2 / sum (int8 - float)^2); the cosine of int8 against float (1 where
 *   both are all zeros, 0 where one is); the largest |int8 - float|; how many int8 values are not finite where the
 *   float one is (a Log of a value rounded to 0, say: the SQNR is then -Infinity). Non-finite float values are
 *   skipped. Pooled, not per feed: an output of one value per feed (a wake word's probability) has a cosine of 1 in
 *   every feed whatever the error.
 * - `verdictOf`: 'good' at 30 dB or more (an rms error of at most about 3% of the output's rms), 'fair' at 20 dB or
 *   more (10%), 'poor' below: int8 changes the outputs enough to change what a task reads from them (counts of
 *   detections, classes of near ties); try `targetSqnr` or `keepFloat` on the most harmful layers.
 * - `Evaluator`: runs SwitchConfigs of the switchable graph (switch-graph.ts) over the feeds against their float
 *   outputs (computed once, with every switch off, unless given); `aloneConfig` is a plan's quantization of one
 *   layer only (a quantized node's weights, biases and constants, and the Q/DQ pairs of its activation inputs and
 *   outputs, as if it were the only quantized node); `configOf` is a whole plan's.
 */
import type { Graph } from '../model/graph/ir.js';
import type { Feed } from './executors.js';
import { numel } from './graph.js';
import type { Plan } from './plan.js';
import type { SwitchConfig, SwitchGraph } from './switch-graph.js';

export type Verdict = 'good' | 'fair' | 'poor';

export const VERDICT_DB = { good: 30, fair: 20 } as const;

export function verdictOf(sqnrDb: number): Verdict {
  if (sqnrDb >= VERDICT_DB.good) return 'good';
  if (sqnrDb >= VERDICT_DB.fair) return 'fair';
  return 'poor';
}

export class OutputMeter {
  signal = 0;
  noise = 0;
  maxAbs = 0;
  nonFinite = 0;
  count = 0;
  private dot = 0;
  private yy = 0;
  add(x: ArrayLike<number>, y: ArrayLike<number>): void {
    for (let i = 0; i < x.length; i++) {
      const a = x[i];
      if (!Number.isFinite(a)) continue;
      const b = y[i];
      this.count++;
      if (!Number.isFinite(b)) {
        this.nonFinite++;
        this.noise = Infinity;
        this.maxAbs = Infinity;
        continue;
      }
      const d = a - b;
      this.signal += a * a;
      this.noise += d * d;
      this.maxAbs = Math.max(this.maxAbs, Math.abs(d));
      this.dot += a * b;
      this.yy += b * b;
    }
  }
  get sqnrDb(): number {
    if (this.noise === 0) return Infinity;
    if (this.signal === 0) return -Infinity;
    return 10 * Math.log10(this.signal / this.noise);
  }
  get cosine(): number {
    if (this.signal === 0 && this.yy === 0) return 1;
    if (this.signal === 0 || this.yy === 0) return 0;
    return this.dot / Math.sqrt(this.signal * this.yy);
  }
}

/** The fake-quantized data of each initializer a plan stores quantized: f32((q - zp) * scale), DequantizeLinear's. */
export function fakeInits(plan: Plan, g: Graph): Map<string, Float32Array> {
  const m = new Map<string, Float32Array>();
  for (const [name, qi] of plan.inits) {
    const t = g.initializers.get(name)!;
    const scales = qi.scale.data as Float32Array;
    const zp = Number(qi.zp.data[0]);
    const inner = qi.axis === undefined ? t.data.length : numel(t.dims.slice(qi.axis + 1));
    const y = new Float32Array(t.data.length);
    for (let i = 0; i < y.length; i++) {
      const s = scales.length === 1 ? scales[0] : scales[Math.floor(i / inner) % scales.length];
      y[i] = Math.fround((Number(qi.q.data[i]) - zp) * s);
    }
    m.set(name, y);
  }
  return m;
}

/** The activation values and initializers a plan quantizes, with their parameters and data. */
export function configOf(plan: Plan, g: Graph): SwitchConfig {
  return {
    act: new Map([...plan.act].map(([v, p]) => [v, { scale: p.scale, zeroPoint: p.zeroPoint }])),
    inits: fakeInits(plan, g),
  };
}

/** What node `j` of the plan quantizes, alone (see the header), from the plan's whole config. */
export function aloneConfig(plan: Plan, whole: SwitchConfig, j: number): SwitchConfig {
  const n = plan.nodes[j];
  const act = new Map<string, { scale: number; zeroPoint: number }>();
  for (const v of [...n.inputs, ...n.outputs]) {
    const p = whole.act.get(v);
    if (p) act.set(v, p);
  }
  const inits = new Map<string, Float32Array>();
  for (const x of n.inputs) {
    const d = whole.inits.get(x);
    if (d) inits.set(x, d);
  }
  return { act, inits };
}

/** Per graph output, the meters of one config over the evaluation feeds. */
export type OutputStats = Map<string, OutputMeter>;

/** The worst output's SQNR of a measurement, and that output's name. */
export function worst(stats: OutputStats): { output: string; sqnrDb: number } {
  let w = { output: '', sqnrDb: Infinity };
  for (const [name, m] of stats) if (w.output === '' || m.sqnrDb < w.sqnrDb) w = { output: name, sqnrDb: m.sqnrDb };
  return w;
}

export class Evaluator {
  private floats: Array<Map<string, Float32Array>> = [];
  constructor(
    readonly sg: SwitchGraph,
    readonly feeds: readonly Feed[],
    /** the float outputs of each feed, where already known (calibration computed them) */
    floats?: Array<Map<string, Float32Array>>,
  ) {
    if (floats) this.floats = floats;
  }

  /** The float graph outputs of every feed (every switch off). */
  async prepare(progress?: () => void): Promise<void> {
    if (this.floats.length === this.feeds.length) return;
    this.floats = [];
    const off: SwitchConfig = { act: new Map(), inits: new Map() };
    for (const feed of this.feeds) {
      this.floats.push(await this.sg.run(feed, off));
      progress?.();
    }
  }

  /** The output meters of `config` over the first `count` feeds (all by default). */
  async measure(config: SwitchConfig, count = this.feeds.length, progress?: () => void): Promise<OutputStats> {
    const stats: OutputStats = new Map();
    for (let k = 0; k < Math.min(count, this.feeds.length); k++) {
      const q = await this.sg.run(this.feeds[k], config);
      for (const [name, x] of this.floats[k]) {
        const y = q.get(name);
        if (!(x instanceof Float32Array) || !(y instanceof Float32Array)) continue;
        let m = stats.get(name);
        if (!m) stats.set(name, (m = new OutputMeter()));
        m.add(x, y);
      }
      progress?.();
    }
    return stats;
  }
}
