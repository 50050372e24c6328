/**
 * The corpus benchmark's arithmetic and table (bench/corpus.ts): outputs against outputs, SQNR, the markdown rows.
 * Nothing here imports Node built-ins (bench/test/corpus-table.test.ts tests it).
 */
import type { CorpusOutputs } from '../fixtures/corpus.js';

export interface CorpusRow {
  model: string;
  kind: string;
  shipped: string;
  form: string;
  threads: number;
  /** the file's size, MiB */
  mb?: number;
  quantizeS?: number;
  loads?: boolean;
  loadS?: number;
  /** quantizer or i8conv failure (the first one) */
  error?: string;
  ortError?: string;
  /** share of output elements equal bit for bit to onnxruntime-web's, % */
  equalPct?: number;
  maxAbsDiff?: number;
  /** max |difference| / (max - min) of onnxruntime-web's output, over the outputs */
  maxRelDiff?: number;
  answer?: string;
  ortAnswer?: string;
  answerSame?: boolean;
  /** the form's outputs against the shipped model's (onnxruntime-web both), dB */
  sqnrDb?: number;
  i8Ms?: number;
  ortMs?: number;
  outsideConvPct?: number;
  steps?: number;
}

/** Elements bit-equal (NaN equals NaN), max |a - b|, and max |a - b| / the range of `ref`, over the outputs of `ref`. */
export function compareOutputs(
  out: CorpusOutputs,
  ref: CorpusOutputs,
): { equalPct: number; maxAbsDiff: number; maxRelDiff: number } {
  let n = 0;
  let eq = 0;
  let maxAbs = 0;
  let maxRel = 0;
  for (const [name, r] of Object.entries(ref)) {
    const o = out[name];
    if (!o || o.data.length !== r.data.length) return { equalPct: 0, maxAbsDiff: Number.NaN, maxRelDiff: Number.NaN };
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < r.data.length; i++) {
      const v = Number(r.data[i]);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const range = hi > lo ? hi - lo : 1;
    let m = 0;
    for (let i = 0; i < r.data.length; i++) {
      const a = Number(o.data[i]);
      const b = Number(r.data[i]);
      n++;
      if (a === b || (Number.isNaN(a) && Number.isNaN(b))) {
        eq++;
        continue;
      }
      const d = Math.abs(a - b);
      if (!(d <= m)) m = d; // NaN against a number: NaN
    }
    if (!(m <= maxAbs)) maxAbs = m;
    const rel = m / range;
    if (!(rel <= maxRel)) maxRel = rel;
  }
  return { equalPct: n ? (100 * eq) / n : 100, maxAbsDiff: maxAbs, maxRelDiff: maxRel };
}

/** 10 log10(sum ref^2 / sum (x - ref)^2) over every output of `ref` (Infinity when equal). */
export function sqnrDb(ref: CorpusOutputs, x: CorpusOutputs): number {
  let s = 0;
  let e = 0;
  for (const [name, r] of Object.entries(ref)) {
    const o = x[name];
    if (!o || o.data.length !== r.data.length) return Number.NaN;
    for (let i = 0; i < r.data.length; i++) {
      const a = Number(r.data[i]);
      const d = Number(o.data[i]) - a;
      s += a * a;
      e += d * d;
    }
  }
  return e === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10(s / e);
}

const num = (v: number | undefined, digits: number) =>
  v === undefined || v === null
    ? '—'
    : Number.isNaN(v)
      ? 'NaN'
      : !Number.isFinite(v)
        ? v > 0
          ? '∞'
          : '-∞'
        : v.toFixed(digits);

/** A difference: 0, or two significant digits. */
export function diffText(v: number | undefined): string {
  if (v === undefined) return '—';
  if (v === 0) return '0';
  if (Number.isNaN(v)) return 'NaN';
  return v.toPrecision(2);
}

/** One markdown row per model, form and thread count. */
export function corpusMarkdown(rows: readonly CorpusRow[]): string {
  const head =
    '| model | form | thr | loads | equal % | max abs diff | max diff / range | answer (i8conv / ort) | same | SQNR dB | i8conv ms | ort ms | i8conv / ort | outside conv % |';
  const sep = `|${' --- |'.repeat(14)}`;
  const lines = [head, sep];
  for (const r of rows) {
    const loads = r.loads === undefined ? (r.error ? 'no' : '—') : r.loads ? 'yes' : 'no';
    const why = r.error ? ` (${r.error.replace(/\|/g, '/').slice(0, 160)})` : '';
    const ortNote = r.ortError ? ` ort: ${r.ortError.replace(/\|/g, '/').slice(0, 100)}` : '';
    const ans = r.answer !== undefined ? `${r.answer} / ${r.ortAnswer}` : '—';
    const ratio = r.i8Ms !== undefined && r.ortMs !== undefined ? (r.i8Ms / r.ortMs).toFixed(2) : '—';
    lines.push(
      `| ${r.model} | ${r.form} | ${r.threads} | ${loads}${why}${ortNote} | ${num(r.equalPct, 1)} | ${diffText(r.maxAbsDiff)} | ${diffText(r.maxRelDiff)} | ${ans} | ${r.answerSame === undefined ? '—' : r.answerSame ? 'yes' : '**no**'} | ${num(r.sqnrDb, 1)} | ${num(r.i8Ms, 1)} | ${num(r.ortMs, 1)} | ${ratio} | ${num(r.outsideConvPct, 0)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The same rows measured in several runtimes, side by side: one line per model, form and thread count (in the order
 * they first appear), with the equal share and the i8conv / onnxruntime-web ratio of each runtime ('—' where a
 * runtime has no such row or no ratio).
 */
export function runtimesMarkdown(runs: readonly { label: string; rows: readonly CorpusRow[] }[]): string {
  const key = (r: CorpusRow) => `${r.model}\u0000${r.form}\u0000${r.threads}`;
  const order: CorpusRow[] = [];
  const seen = new Set<string>();
  const byRun = runs.map((x) => new Map(x.rows.map((r) => [key(r), r])));
  for (const x of runs)
    for (const r of x.rows)
      if (!seen.has(key(r))) {
        seen.add(key(r));
        order.push(r);
      }
  const labels = runs.map((x) => x.label);
  const head = `| model | form | thr | equal % (${labels.join(' / ')}) | ${labels.map((l) => `i8conv / ort: ${l}`).join(' | ')} |`;
  const lines = [head, `|${' --- |'.repeat(4 + labels.length)}`];
  for (const o of order) {
    const cells = byRun.map((m) => m.get(key(o)));
    const eq = cells.map((r) => (r?.equalPct === undefined ? '—' : num(r.equalPct, 1))).join(' / ');
    const ratios = cells.map((r) =>
      r?.i8Ms !== undefined && r.ortMs !== undefined ? (r.i8Ms / r.ortMs).toFixed(2) : '—',
    );
    lines.push(`| ${o.model} | ${o.form} | ${o.threads} | ${eq} | ${ratios.join(' | ')} |`);
  }
  return lines.join('\n');
}
