// rt.loadModel's sources in headless Chromium, from the built JavaScript (dist/: `npm run build`): a URL relative to
// the page's location (fetched, with progress up to the Content-Length), a Blob, a Response, a 404 (LOAD_FAILED); a
// tensor feed of new dims on a model with symbolic dims; imageToTensor from the main entry. The outputs equal Node's
// (the sources, in this process). Skipped (visibly) where Chromium or dist/ is missing; in CI that fails.
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_FLAGS } from '../fixtures/browser.js';
import { createRuntime } from '../src/index.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { convChain, randomFeed } from './helpers/model-builders.js';

const root = new URL('..', import.meta.url).pathname;
const ORIGIN = 'http://i8conv.test';
const built = existsSync(join(root, 'dist/src/index.js'));
const ready = existsSync(CHROMIUM) && built;
if (process.env.CI && !ready) throw new Error(`CI: Chromium (${CHROMIUM}) or dist/ is missing`);

const FIXED = convChain(31, 'uint8', 3, 13, [
  { oc: 8, k: 3, stride: 2, pad: 1 },
  { oc: 16, k: 1, stride: 1, pad: 0 },
]);
const g = readOnnxModel(FIXED);
const MODEL = writeOnnxModel({ ...g, inputs: g.inputs.map((v) => ({ ...v, shape: [1, 3, 'H', 'W'] })) });
const SIZES = [
  [1, 3, 13, 13],
  [1, 3, 9, 21],
];
const feedOf = (d: number[]) =>
  Array.from(
    randomFeed(
      d[2] * d[3],
      'uint8',
      d.reduce((a, b) => a * b, 1),
    ),
  );

let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  if (!ready) return;
  ctx = await chromium.launchPersistentContext('', { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  await page.route(`${ORIGIN}/**`, (route) => {
    const rel = normalize(decodeURIComponent(new URL(route.request().url()).pathname)).replace(/^\/+/, '');
    if (rel === '' || rel === 'models/')
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>i8conv</title>' });
    if (rel === 'models/model.onnx')
      return route.fulfill({
        contentType: 'application/octet-stream',
        headers: { 'content-length': String(MODEL.length) },
        body: Buffer.from(MODEL),
      });
    const file = join(root, rel);
    if (!rel.startsWith('dist/') || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    const type = { '.js': 'text/javascript', '.mjs': 'text/javascript' }[extname(file)] ?? 'application/octet-stream';
    return route.fulfill({ contentType: type, body: readFileSync(file) });
  });
  // a page in models/: the relative URL 'model.onnx' resolves against it
  await page.goto(`${ORIGIN}/models/`);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('loadModel sources in headless Chromium', () => {
  it('a relative URL with progress, a Blob, a Response, a 404; new dims per run; imageToTensor', async (t) => {
    if (!ready) t.skip();
    // Node's outputs at each size
    const rt = await createRuntime({ threads: 1 });
    const m = await rt.loadModel(MODEL, { inputShapes: { x: SIZES[0] } });
    const want = SIZES.map((d) =>
      Array.from(m.runTensors({ x: { data: Uint8Array.from(feedOf(d)), dims: d } }).c1_y.data as Uint8Array),
    );
    m.dispose();
    rt.dispose();
    const script = `(async () => {
      const i8 = await import('/dist/src/index.js');
      const rt = await i8.createRuntime({ threads: 1 });
      const progress = [];
      const m = await rt.loadModel('model.onnx', { inputShapes: { x: ${JSON.stringify(SIZES[0])} },
        onProgress: (l, t) => progress.push([l, t]) });
      const outs = [];
      for (const [d, x] of ${JSON.stringify(SIZES.map((d) => [d, feedOf(d)]))}) {
        const r = await m.runTensorsAsync({ x: { data: Uint8Array.from(x), dims: d } });
        outs.push({ data: Array.from(r.c1_y.data), dims: r.c1_y.dims });
      }
      m.dispose();
      const bytes = new Uint8Array(await (await fetch('model.onnx')).arrayBuffer());
      const others = [];
      for (const source of [new Blob([bytes]), new Response(bytes)]) {
        const o = await rt.loadModel(source, { inputShapes: { x: ${JSON.stringify(SIZES[0])} } });
        others.push(Array.from(o.run({ x: Uint8Array.from(${JSON.stringify(feedOf(SIZES[0]))}) }).c1_y));
        o.dispose();
      }
      const missing = await rt.loadModel('missing.onnx').then(() => 'loaded', (e) => e.code + ' ' + e.message);
      const tensor = i8.imageToTensor({ width: 2, height: 1, data: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255]) },
        { height: 1, width: 2 });
      rt.dispose();
      return { progress, outs, others, missing, tensor: Array.from(tensor), decode: typeof i8.decodeImage };
    })()`;
    const r = (await page.evaluate(script)) as {
      progress: [number, number | null][];
      outs: { data: number[]; dims: number[] }[];
      others: number[][];
      missing: string;
      tensor: number[];
      decode: string;
    };
    expect(r.progress.at(-1)).toEqual([MODEL.length, MODEL.length]);
    expect(r.progress.every(([, total]) => total === MODEL.length)).toBe(true);
    expect(r.outs.map((o) => o.data)).toEqual(want);
    expect(r.outs.map((o) => o.dims)).toEqual([
      [1, 16, 7, 7],
      [1, 16, 5, 11],
    ]);
    expect(r.others).toEqual([want[0], want[0]]);
    expect(r.missing).toMatch(/^LOAD_FAILED .*models\/missing\.onnx: HTTP 404/);
    expect(r.tensor).toEqual([1, 0, 0, 1, 0, 0]);
    expect(r.decode).toBe('function');
  }, 60_000);
});
