/**
 * The model race (issue 30, part 3): one int8 model, written once as ONNX and once as TFLite, timed end to end in
 * the same page at one thread count, in four ways:
 *
 *   i8conv            rt.loadModel(ONNX file)   input NCHW float32, outputs float32
 *   i8conv (TFLite)   rt.loadModel(TFLite file) input NHWC float32
 *   onnxruntime-web   InferenceSession(ONNX file), wasm, graph optimizations 'all' (its QDQ fusion)
 *   LiteRT.js         compiled TFLite file on XNNPACK (the relaxed-SIMD build; the compat SIMD128 one where relaxed
 *                     SIMD is absent; the threaded build at more than one thread)
 *
 * The files (fixtures/models/race.ts builds them): the zoo's networks (MobileNetV2, ResNet-18) and PP-OCR det (as
 * fixtures/models/ppocr-tflite.ts writes it) quantized once with int8 activations and per-channel weights; the TFLite
 * file is that QDQ graph converted operator for operator (fixtures/models/tflite-convert.ts); the ONNX file is the QDQ
 * graph with uint8 activations (every zero point + 128: the same real numbers, the form onnxruntime-web fuses fully).
 * So all four compute the same model.
 *
 * Timing: bench/stats.ts measureRounds, round-robin (one sample of each engine per round); a time runs from the
 * JS input array to the JS output arrays; with threads, 30 ms of untimed runs before each sample (RACE_PRIME_MS) and
 * 100 ms idle after it (RACE_SETTLE_MS): back-to-back inference, with no other engine's pool still spinning. Ratios are i8conv's time over the other's, the median of the per-round
 * ratios (< 1: i8conv faster).
 *
 * Checks: i8conv equals onnxruntime-web on the ONNX file bit for bit (the zoo is a fixed formula both compute
 * alike); i8conv's TFLite run equals its run of the int8-activation ONNX twin bit for bit (not of the uint8 file:
 * onnxruntime's QLinearAdd / QLinearMul formula works on the codes, so at an exact tie (an output scale twice the
 * input scales, as in det's neck) the uint8 and int8 forms of one model round apart by a quantum; the report shows
 * how many values that changes); LiteRT.js's outputs are compared with i8conv's
 * (count of differing values, the largest difference in output quanta, the same top-1 class): XNNPACK requantizes
 * ADD and MEAN in fixed point, i8conv as onnxruntime does, so a few values differ by a quantum or so.
 *
 * Nothing here imports Node built-ins: the race worker (bench/race-worker.ts) runs it.
 */
import type { RaceModelMeta } from '../fixtures/models/race.js';
import type { SampleOptions } from './stats.js';
import { measureRounds, perRoundRatio } from './stats.js';

export const RACE_ENGINES = ['i8conv', 'i8conv-tflite', 'ort', 'litert'] as const;
export type RaceEngine = (typeof RACE_ENGINES)[number];

/** With threads: idle time after each sample (bench/stats.ts settleAfterMs), ms: bench/models-node.ts
 *  MODELS_THREADS_SETTLE_MS. */
export const RACE_SETTLE_MS = 100;
/** With threads: untimed runs right before each sample, for at least this long (bench/stats.ts primeMs), ms. */
export const RACE_PRIME_MS = 30;

export interface RaceTiming {
  ms: number;
  msMin: number;
  msMax: number;
  samples: number;
  loadMs: number;
}
export interface RaceCheck {
  /** values compared, values that differ, the largest |difference| in output quanta */
  total: number;
  differ: number;
  maxQuanta: number;
  /** the largest output's index agrees */
  top1: boolean;
}
export interface RaceRow {
  id: string;
  label: string;
  threads: number;
  timings: Partial<Record<RaceEngine, RaceTiming>>;
  /** engine -> why it did not run */
  errors: Partial<Record<RaceEngine, string>>;
  /** i8conv's time over each other engine's: per-round median ratio */
  ratios: Partial<Record<'ort' | 'litert' | 'tfliteOrt' | 'tfliteLitert', number>>;
  /** tfliteVsOnnx: i8conv's TFLite run against its run of the int8 ONNX twin (against the uint8 file where the twin
   *  did not run); uint8VsInt8: i8conv's runs of the uint8 file against the int8 twin (information) */
  checks: { tfliteVsOnnx?: RaceCheck; ortVsI8conv?: RaceCheck; litertVsI8conv?: RaceCheck; uint8VsInt8?: RaceCheck };
  /** LiteRT put every operator on XNNPACK */
  litertXnnpack: boolean | null;
  rounds: number;
}
export interface RacePageInfo {
  threads: number;
  crossOriginIsolated: boolean;
  i8conv: { build: string; dotFlavour: string | null; threads: number };
  ort: { numThreads: number };
  litert: { file: string; version: string } | null;
  userAgent: string;
}
export interface RaceResult {
  info: RacePageInfo;
  rows: RaceRow[];
}

/** Compares `got` with `want` (float outputs of one model). */
export function raceCheck(got: ArrayLike<number>, want: ArrayLike<number>, quantum: number): RaceCheck {
  let differ = 0;
  let maxQuanta = 0;
  let ag = 0;
  let aw = 0;
  const n = Math.min(got.length, want.length);
  for (let i = 0; i < n; i++) {
    if (got[i] > got[ag]) ag = i;
    if (want[i] > want[aw]) aw = i;
    if (Object.is(got[i], want[i])) continue;
    differ++;
    const d = Math.abs(got[i] - want[i]) / quantum;
    maxQuanta = Math.max(maxQuanta, Number.isNaN(d) ? Infinity : d);
  }
  if (got.length !== want.length) differ += Math.abs(got.length - want.length);
  return { total: want.length, differ, maxQuanta, top1: ag === aw };
}

/** One engine of a race: its first run's outputs (already taken), a timed run, its disposal. */
export interface RaceRunner {
  engine: RaceEngine;
  loadMs: number;
  outputs: Float32Array[];
  run(): unknown;
  dispose(): void | Promise<void>;
}

/**
 * Times the runners (round-robin) and checks their first outputs against each other; `runners` holds whichever
 * engines loaded (`errors` the others).
 */
export async function raceRow(
  meta: RaceModelMeta,
  threads: number,
  runners: RaceRunner[],
  errors: RaceRow['errors'],
  sampling: SampleOptions,
  litertXnnpack: boolean | null,
  settleMs = RACE_SETTLE_MS,
  int8Outputs?: Float32Array[],
): Promise<RaceRow> {
  const row: RaceRow = {
    id: meta.id,
    label: meta.label,
    threads,
    timings: {},
    errors,
    ratios: {},
    checks: {},
    litertXnnpack,
    rounds: 0,
  };
  const by = (e: RaceEngine) => runners.find((r) => r.engine === e);
  const i8 = by('i8conv');
  const first = (e: RaceEngine) => by(e)?.outputs[0];
  if (i8) {
    const t = first('i8conv-tflite');
    if (t) row.checks.tfliteVsOnnx = raceCheck(t, int8Outputs?.[0] ?? i8.outputs[0], meta.quantum);
    if (int8Outputs) row.checks.uint8VsInt8 = raceCheck(i8.outputs[0], int8Outputs[0], meta.quantum);
    const o = first('ort');
    if (o) row.checks.ortVsI8conv = raceCheck(o, i8.outputs[0], meta.quantum);
  }
  const lt = first('litert');
  const ref = first('i8conv-tflite') ?? i8?.outputs[0];
  if (lt && ref) row.checks.litertVsI8conv = raceCheck(lt, ref, meta.quantum);
  // with threads, each sample is preceded by untimed runs (the engine's pool is awake, as in back-to-back inference)
  // and followed by an idle pause (the pools spin a while after a run: the pause lets them sleep before the next
  // engine's sample, as the Node models level's threads set does)
  const opts =
    threads > 1 ? { ...sampling, settleAfterMs: runners.map(() => settleMs), primeMs: RACE_PRIME_MS } : sampling;
  const { timings, rounds } = await measureRounds(
    runners.map((r) => () => r.run()),
    opts,
  );
  row.rounds = rounds.length;
  runners.forEach((r, k) => {
    const s = timings[k];
    row.timings[r.engine] = { ms: s.ms, msMin: s.msMin, msMax: s.msMax, samples: s.samples, loadMs: r.loadMs };
  });
  const idx = (e: RaceEngine) => runners.findIndex((r) => r.engine === e);
  const ratio = (a: RaceEngine, b: RaceEngine) =>
    idx(a) >= 0 && idx(b) >= 0 ? perRoundRatio(rounds, idx(a), idx(b)) : undefined;
  const set = (k: keyof RaceRow['ratios'], v: number | undefined) => {
    if (v !== undefined && Number.isFinite(v)) row.ratios[k] = v;
  };
  set('ort', ratio('i8conv', 'ort'));
  set('litert', ratio('i8conv', 'litert'));
  set('tfliteOrt', ratio('i8conv-tflite', 'ort'));
  set('tfliteLitert', ratio('i8conv-tflite', 'litert'));
  return row;
}

// ---- the report -------------------------------------------------------------------------------------------------

/** Bars of the issue, 1 thread, Chromium: i8conv <= 0.8x LiteRT.js on every model; <= 0.5x onnxruntime-web on
 *  MobileNetV2 and PP-OCR det; with threads, ahead of both (< 1x). */
export function raceBars(
  row: RaceRow,
): { what: string; value: number | undefined; bar: number; met: boolean | null }[] {
  const out: { what: string; value: number | undefined; bar: number; met: boolean | null }[] = [];
  // 1 thread: at most the bar; with threads "ahead": below it
  const add = (what: string, value: number | undefined, bar: number) =>
    out.push({ what, value, bar, met: value === undefined ? null : row.threads === 1 ? value <= bar : value < bar });
  if (row.threads === 1) {
    add('i8conv / LiteRT.js', row.ratios.litert, 0.8);
    if (row.id === 'mobilenetv2' || row.id === 'ppocr-det') add('i8conv / onnxruntime-web', row.ratios.ort, 0.5);
  } else {
    add('i8conv / LiteRT.js', row.ratios.litert, 1);
    add('i8conv / onnxruntime-web', row.ratios.ort, 1);
  }
  return out;
}

const f1 = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(1));
const f2 = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(2)}x`);
const check = (c: RaceCheck | undefined) =>
  !c
    ? '—'
    : c.differ === 0
      ? 'equal'
      : `${c.differ}/${c.total} differ, max ${c.maxQuanta.toFixed(1)} q, top-1 ${c.top1 ? 'same' : 'DIFFERS'}`;

/** The race as markdown: one table per thread count, then the checks and the bars. */
export function renderRace(results: readonly RaceResult[], machine: string): string {
  const lines: string[] = ['# Model race: i8conv vs onnxruntime-web vs LiteRT.js', '', `Machine: ${machine}`, ''];
  for (const r of results) {
    const i = r.info;
    lines.push(`## ${i.threads} thread${i.threads > 1 ? 's' : ''}`, '');
    lines.push(
      `i8conv ${i.i8conv.build} build (dot ${i.i8conv.dotFlavour ?? 'none'}), ${i.i8conv.threads} thread(s); onnxruntime-web numThreads ${i.ort.numThreads}; LiteRT.js ${i.litert ? `${i.litert.version} ${i.litert.file}` : 'not loaded'}; cross-origin isolated: ${i.crossOriginIsolated}`,
      '',
    );
    lines.push(
      '| model | i8conv ms | i8conv (TFLite) ms | onnxruntime-web ms | LiteRT.js ms | i8conv / ORT | i8conv / LiteRT | TFLite: i8conv / LiteRT | rounds |',
    );
    lines.push('|---|---|---|---|---|---|---|---|---|');
    for (const row of r.rows) {
      const t = row.timings;
      lines.push(
        `| ${row.label} | ${f1(t.i8conv?.ms)} | ${f1(t['i8conv-tflite']?.ms)} | ${f1(t.ort?.ms)} | ${f1(t.litert?.ms)} | ${f2(row.ratios.ort)} | ${f2(row.ratios.litert)} | ${f2(row.ratios.tfliteLitert)} | ${row.rounds} |`,
      );
    }
    lines.push(
      '',
      '| model | TFLite file vs int8 ONNX twin (i8conv) | uint8 ONNX file vs int8 twin (i8conv) | onnxruntime-web vs i8conv | LiteRT.js vs i8conv (TFLite) | LiteRT all on XNNPACK | load ms (i8conv / TFLite / ORT / LiteRT) |',
    );
    lines.push('|---|---|---|---|---|---|---|');
    for (const row of r.rows) {
      const t = row.timings;
      lines.push(
        `| ${row.label} | ${check(row.checks.tfliteVsOnnx)} | ${check(row.checks.uint8VsInt8)} | ${check(row.checks.ortVsI8conv)} | ${check(row.checks.litertVsI8conv)} | ${row.litertXnnpack ?? '—'} | ${[t.i8conv, t['i8conv-tflite'], t.ort, t.litert].map((x) => f1(x?.loadMs)).join(' / ')} |`,
      );
    }
    const errs = r.rows.flatMap((row) => Object.entries(row.errors).map(([e, m]) => `- ${row.label}, ${e}: ${m}`));
    if (errs.length) lines.push('', 'Not run:', ...errs);
    lines.push('', 'Bars:', '');
    for (const row of r.rows)
      for (const b of raceBars(row))
        lines.push(
          `- ${row.label}, ${b.what}: ${f2(b.value)} (bar ${row.threads === 1 ? '<=' : '<'} ${b.bar}x): ${b.met === null ? 'not measured' : b.met ? 'met' : 'NOT met'}`,
        );
    lines.push('');
  }
  return lines.join('\n');
}
