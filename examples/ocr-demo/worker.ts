/**
 * The demo page's module worker (served as /dist-bench/examples/ocr-demo/worker.js): it holds i8conv (whose `run`
 * blocks, as designed: a worker is where it belongs in a page) and onnxruntime-web, both with the quantized PP-OCR
 * det and rec models the server made (/demo-models/), and runs the OCR pipeline of fixtures/ocr.ts on the images the
 * page sends: det on the image stretched to 640x640, the boxes of i8conv's probability map, then rec on each box's
 * crop, in both engines, timing each stage.
 *
 * Messages in: { type: 'init', threads } (again to change the thread count: both engines are made anew),
 * { type: 'run', image: { width, height, data } }. Out: { type: 'ready', info }, { type: 'result', ... },
 * { type: 'error', message }.
 */
import { createRuntime, type Runtime } from '../../src/index.js';
import type { RgbaImage } from '../../src/image/index.js';
import { ortRun as ortRunAll, ortSession, type OrtModule, type OrtSession } from '../../fixtures/models/ort.js';
import { OCR_INPUT, crop, ctcGreedy, ocrInput, recClasses, textBoxes, type TextBox } from '../../fixtures/ocr.js';

const ORT_DIR = '/node_modules/onnxruntime-web/dist/';
const ORT_MODULE = `${ORT_DIR}ort.wasm.min.mjs`;

interface I8Model {
  run(feeds: Record<string, Float32Array>): Record<string, unknown>;
  dispose(): void;
  outputs: { name: string; shape: number[] }[];
}

export interface DemoInfo {
  build: string;
  dotFlavour: string | null;
  threads: number;
  threading: string;
  crossOriginIsolated: boolean;
  ortThreads: number;
}
export interface DemoResult {
  boxes: TextBox[];
  /** i8conv's strings, one per box, and onnxruntime-web's */
  texts: string[];
  ortTexts: string[];
  /** milliseconds: det, rec (all boxes), per engine */
  ms: { i8conv: { det: number; rec: number }; ort: { det: number; rec: number } };
}

let ort: OrtModule | null = null;
let rt: Runtime | null = null;
let det: I8Model | null = null;
let rec: I8Model | null = null;
let ortDet: OrtSession | null = null;
let ortRec: OrtSession | null = null;
let classes: string[] = [];

const fetchBytes = async (url: string) => {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
};

async function dispose(): Promise<void> {
  det?.dispose();
  rec?.dispose();
  rt?.dispose();
  await ortDet?.release();
  await ortRec?.release();
  det = rec = null;
  rt = null;
  ortDet = ortRec = null;
}

async function init(threads: number): Promise<DemoInfo> {
  await dispose();
  const [detBytes, recBytes, keys] = await Promise.all([
    fetchBytes('/demo-models/det.onnx'),
    fetchBytes('/demo-models/rec.onnx'),
    fetch('/demo-models/ppocr_keys_v1.txt').then((r) => r.text()),
  ]);
  classes = recClasses(keys);
  rt = await createRuntime({ threads });
  const [dh, dw] = OCR_INPUT.det;
  const [rh, rw] = OCR_INPUT.rec;
  det = (await rt.loadModel(detBytes, { inputShapes: { x: [1, 3, dh, dw] } })) as unknown as I8Model;
  rec = (await rt.loadModel(recBytes, { inputShapes: { x: [1, 3, rh, rw] } })) as unknown as I8Model;
  ort ??= (await import(/* @vite-ignore */ ORT_MODULE)) as OrtModule;
  ort.env.wasm.wasmPaths = ORT_DIR;
  ort.env.wasm.proxy = false;
  // onnxruntime-web takes its thread count once, at its first session; it needs cross-origin isolation too
  const ortThreads = self.crossOriginIsolated ? threads : 1;
  ort.env.wasm.numThreads = ortThreads;
  ortDet = await ortSession(detBytes, { ort }); // wasm, graph optimizations 'all' (the QDQ fusion)
  ortRec = await ortSession(recBytes, { ort });
  return {
    build: rt.features.build ?? 'unknown',
    dotFlavour: rt.features.dotFlavour,
    threads: rt.threading.threads,
    threading: rt.threading.reason,
    crossOriginIsolated: self.crossOriginIsolated,
    ortThreads,
  };
}

/** The first output of a one-input session. */
async function ortRun(s: OrtSession, x: Float32Array, dims: number[]): Promise<Float32Array> {
  const out = s.outputNames[0];
  return (await ortRunAll(s, { [s.inputNames[0]]: { data: x, dims } }, [out])).get(out) as Float32Array;
}

async function runOcr(img: RgbaImage): Promise<DemoResult> {
  const [dh, dw] = OCR_INPUT.det;
  const [rh, rw] = OCR_INPUT.rec;
  const x = ocrInput('det', img);
  let t = performance.now();
  const prob = det!.run({ x })[det!.outputs[0].name] as Float32Array;
  const i8Det = performance.now() - t;
  t = performance.now();
  await ortRun(ortDet!, x, [1, 3, dh, dw]);
  const ortDetMs = performance.now() - t;
  const boxes = textBoxes(prob, dw, dh, img.width, img.height);
  const crops = boxes.map((b) => ocrInput('rec', crop(img, b)));
  const decode = (probs: Float32Array) => ctcGreedy(probs, probs.length / classes.length, classes).trim(); // [1, T, classes]
  t = performance.now();
  const texts = crops.map((c) => decode(rec!.run({ x: c })[rec!.outputs[0].name] as Float32Array));
  const i8Rec = performance.now() - t;
  t = performance.now();
  const ortTexts: string[] = [];
  for (const c of crops) ortTexts.push(decode(await ortRun(ortRec!, c, [1, 3, rh, rw])));
  const ortRecMs = performance.now() - t;
  return { boxes, texts, ortTexts, ms: { i8conv: { det: i8Det, rec: i8Rec }, ort: { det: ortDetMs, rec: ortRecMs } } };
}

self.onmessage = async (e: MessageEvent) => {
  const m = e.data as { type: string; threads?: number; image?: RgbaImage };
  try {
    if (m.type === 'init') self.postMessage({ type: 'ready', info: await init(m.threads ?? 1) });
    else if (m.type === 'run') self.postMessage({ type: 'result', result: await runOcr(m.image!) });
  } catch (err) {
    self.postMessage({ type: 'error', message: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
  }
};
