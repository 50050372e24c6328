/**
 * The demo page's script (served as /dist-bench/examples/ocr-demo/page.js by server.ts). It starts the module worker
 * (worker.ts) that runs quantized PP-OCR in i8conv and onnxruntime-web, offers a threads selector (1 and
 * up to the cores where the page is cross-origin isolated; otherwise one thread, and a message says why), runs
 * the bundled sample (/demo-models/sample.png) or an image the user drops or picks, draws the boxes over the image, lists
 * the recognized text and each stage's milliseconds in both engines, and names the build and dot flavour.
 * `window.demo` (for the test, server.ts's driver and the console): `ready` (a promise of the worker's info),
 * `runSample()`, `last` (the last result).
 */
import type { DemoInfo, DemoResult } from './worker.js';

interface ImageData8 {
  width: number;
  height: number;
  data: Uint8Array;
}

declare global {
  interface Window {
    demo: {
      ready: Promise<DemoInfo>;
      runSample(): Promise<DemoResult>;
      last: DemoResult | null;
      info: DemoInfo | null;
    };
  }
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const status = (s: string, warn = false) => {
  $('status').textContent = s;
  $('status').className = warn ? 'warn' : '';
};

const worker = new Worker('/dist-bench/examples/ocr-demo/worker.js', { type: 'module' });
let pending: { ok: (v: unknown) => void; fail: (e: Error) => void } | null = null;
worker.onmessage = (e: MessageEvent) => {
  const m = e.data as { type: string; info?: DemoInfo; result?: DemoResult; message?: string };
  const p = pending;
  pending = null;
  if (m.type === 'error') p?.fail(new Error(m.message));
  else p?.ok(m.type === 'ready' ? m.info : m.result);
};
worker.onerror = (e) => {
  const p = pending;
  pending = null;
  p?.fail(new Error(`worker: ${e.message}`));
};
const ask = <T>(msg: object): Promise<T> => {
  if (pending) return Promise.reject(new Error('the worker is busy'));
  return new Promise<T>((ok, fail) => {
    pending = { ok: ok as (v: unknown) => void, fail };
    worker.postMessage(msg);
  });
};

const isolated = self.crossOriginIsolated;
const maxThreads = isolated ? Math.max(1, Math.min(8, navigator.hardwareConcurrency || 1)) : 1;
const select = $<HTMLSelectElement>('threads');
for (let t = 1; t <= maxThreads; t++) select.add(new Option(String(t), String(t)));
const fallback = isolated
  ? ''
  : 'This page is not cross-origin isolated (no COOP/COEP headers): threads are unavailable, running on one thread. ';

function showInfo(info: DemoInfo): void {
  $('info').textContent =
    `i8conv: ${info.build} build, dot flavour ${info.dotFlavour ?? 'none'}, ${info.threads} thread(s) (${info.threading}); onnxruntime-web: ${info.ortThreads} thread(s)`;
}

async function init(threads: number): Promise<DemoInfo> {
  $<HTMLButtonElement>('run').disabled = true;
  status(`${fallback}loading the models…`, !isolated);
  const info = await ask<DemoInfo>({ type: 'init', threads });
  window.demo.info = info;
  showInfo(info);
  status(`${fallback}ready`, !isolated);
  $<HTMLButtonElement>('run').disabled = false;
  return info;
}

async function pixels(src: Blob): Promise<ImageData8> {
  const bmp = await createImageBitmap(src);
  const c = new OffscreenCanvas(bmp.width, bmp.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(bmp, 0, 0);
  const d = ctx.getImageData(0, 0, bmp.width, bmp.height);
  return { width: d.width, height: d.height, data: new Uint8Array(d.data.buffer) };
}

function draw(img: ImageData8, r: DemoResult): void {
  const canvas = $<HTMLCanvasElement>('canvas');
  canvas.width = img.width;
  canvas.height = img.height;
  const ctx = canvas.getContext('2d')!;
  ctx.putImageData(new ImageData(new Uint8ClampedArray(img.data), img.width, img.height), 0, 0);
  ctx.strokeStyle = '#e0218a';
  ctx.lineWidth = 2;
  for (const b of r.boxes) ctx.strokeRect(b.x0 + 0.5, b.y0 + 0.5, b.x1 - b.x0 - 1, b.y1 - b.y0 - 1);
  const ol = $('texts');
  ol.replaceChildren(
    ...r.texts.map((t, i) => {
      const li = document.createElement('li');
      li.textContent = t + (r.ortTexts[i] !== t ? `   (onnxruntime-web: ${r.ortTexts[i]})` : '');
      return li;
    }),
  );
  const row = (name: string, a: number, b: number) =>
    `<tr><td>${name}</td><td>${a.toFixed(1)}</td><td>${b.toFixed(1)}</td></tr>`;
  $('times').innerHTML =
    '<tr><th>stage</th><th>i8conv</th><th>onnxruntime-web</th></tr>' +
    row('det (640x640)', r.ms.i8conv.det, r.ms.ort.det) +
    row(`rec (${r.boxes.length} lines)`, r.ms.i8conv.rec, r.ms.ort.rec) +
    row('total', r.ms.i8conv.det + r.ms.i8conv.rec, r.ms.ort.det + r.ms.ort.rec);
}

async function run(src: Blob): Promise<DemoResult> {
  const img = await pixels(src);
  status(`${fallback}running…`, !isolated);
  const r = await ask<DemoResult>({ type: 'run', image: img });
  draw(img, r);
  window.demo.last = r;
  status(`${fallback}${r.boxes.length} lines`, !isolated);
  return r;
}

const guarded = <T>(p: Promise<T>): Promise<T> =>
  p.catch((e: Error) => {
    status(`error: ${e.message}`, true);
    throw e;
  });

window.demo = {
  ready: guarded(init(1)),
  runSample: async () => guarded(run(await (await fetch('/demo-models/sample.png')).blob())),
  last: null,
  info: null,
};
$('run').addEventListener('click', () => void window.demo.runSample().catch(() => {}));
select.addEventListener('change', () => void guarded(init(Number(select.value))).catch(() => {}));
$('file').addEventListener('change', () => {
  const f = $<HTMLInputElement>('file').files?.[0];
  if (f) void guarded(run(f)).catch(() => {});
});
const drop = $('drop');
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.className = 'over';
});
drop.addEventListener('dragleave', () => (drop.className = ''));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.className = '';
  const f = e.dataTransfer?.files[0];
  if (f) void guarded(run(f)).catch(() => {});
});
