// Threads under every bundler (docs/bundlers.md). The packed package (`npm pack`, what users install) goes into a
// temporary project's node_modules/i8conv; a small page (test/fixtures/bundler-app/: a module worker that runs a QDQ
// model on createRuntime({ threads: 2 })) is built by Vite (`vite build`), webpack 5 and esbuild, each in its default
// configuration (esbuild: `--format=esm`, and i8conv's worker as an entry point, as docs/bundlers.md says), served
// with COOP / COEP, and opened in headless Chromium and Firefox ESR: threads must start (2) and the outputs equal
// what Node computes with the same package. Also: an esbuild browser bundle of every entry builds with no externals
// and holds no node:* module, and where the worker module is not where the library looks, the reason says what
// failed and names the workerUrl option, which then makes threads work.
// Needs `npm run build` first. The bundle sizes (KB gzip) are printed, not asserted.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as esbuild } from 'esbuild';
import puppeteer, { type Browser } from 'puppeteer-core';
import { build as viteBuild, createLogger } from 'vite';
import webpack from 'webpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_FLAGS, FIREFOX } from '../fixtures/browser.js';
import { GraphBuilder, attrInt, attrInts, f32, valueInfo } from '../fixtures/models/build.js';
import { referenceInterpreter } from '../kernels-ref/index.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { quantizeModel } from '../src/quantize/index.js';
import { rng } from './helpers/rng.js';

const root = join(new URL('..', import.meta.url).pathname);
const APP = join(root, 'test/fixtures/bundler-app');
const BUNDLERS = ['vite', 'webpack', 'esbuild'] as const;
type Bundler = (typeof BUNDLERS)[number];

interface AppResult {
  error?: string;
  threading?: { enabled: boolean; threads: number; reason: string };
  outputs?: Record<string, { type: string; data: number[] }>;
}

let dir: string;
let project: string;
let expected: Record<string, { type: string; data: number[] }>;
const outDirs = {} as Record<Bundler, string>;
const buildMs = {} as Record<Bundler, number>;
const warnings = {} as Record<Bundler, string[]>;
const loaded = {} as Record<Bundler, Set<string>>;
/** Firefox pages opened a second time (see open()) */
const firefoxRetries: string[] = [];

/** A QDQ model from a small float network (three convolutions, large enough to run on the pool, and a pool). */
async function qdqModel(): Promise<{ model: Uint8Array; input: Float32Array }> {
  const r = rng(49);
  const uniform = (n: number, a: number) => Array.from({ length: n }, () => (2 * r() - 1) * a);
  const b = new GraphBuilder('bundler-app');
  let x = 'input';
  const convs: [number, number, number][] = [
    [3, 16, 1],
    [16, 32, 2],
    [32, 32, 1],
  ];
  convs.forEach(([ic, oc, stride], i) => {
    const w = b.init(f32(`w${i}`, [oc, ic, 3, 3], uniform(oc * ic * 9, Math.sqrt(6 / (ic * 9)))));
    const bias = b.init(f32(`b${i}`, [oc], uniform(oc, 0.05)));
    const attrs = { kernel_shape: attrInts([3, 3]), strides: attrInts([stride, stride]), pads: attrInts([1, 1, 1, 1]) };
    b.node('Conv', [x, w, bias], [`conv${i}`], attrs, { name: `conv${i}` });
    b.node('Relu', [`conv${i}`], [`relu${i}`], {}, { name: `relu${i}` });
    x = `relu${i}`;
  });
  b.node('GlobalAveragePool', [x], ['pooled'], {}, { name: 'pool' });
  b.node('Flatten', ['pooled'], ['logits'], { axis: attrInt(1) }, { name: 'flatten' });
  b.inputs.push(valueInfo('input', 'float32', [1, 3, 64, 64]));
  b.outputs.push(valueInfo(x, 'float32', [1, 32, 32, 32]), valueInfo('logits', 'float32', [1, 32]));
  const feed = () => Float32Array.from({ length: 3 * 64 * 64 }, () => r() * 2 - 1);
  const calibration = Array.from({ length: 4 }, () => ({ input: feed() }));
  const { model } = await quantizeModel(writeOnnxModel(b.graph()), {
    calibration,
    executor: referenceInterpreter,
    report: false,
  });
  return { model, input: feed() };
}

/** The packed package in a fresh project's node_modules (its dependencies linked from this repository's). */
function installPacked(into: string): void {
  const pack = join(dir, 'pack');
  mkdirSync(pack);
  execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', pack], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const [tgz] = readdirSync(pack);
  const lib = join(into, 'node_modules/i8conv');
  mkdirSync(lib, { recursive: true });
  execFileSync('tar', ['xzf', join(pack, tgz), '-C', lib, '--strip-components=1']);
  const deps = JSON.parse(readFileSync(join(lib, 'package.json'), 'utf8')).dependencies ?? {};
  for (const d of Object.keys(deps)) {
    mkdirSync(join(into, 'node_modules', d, '..'), { recursive: true });
    symlinkSync(join(root, 'node_modules', d), join(into, 'node_modules', d));
  }
}

async function buildVite(): Promise<void> {
  const logger = createLogger('warn', { allowClearScreen: false });
  logger.warn = (msg) => warnings.vite.push(msg);
  logger.warnOnce = logger.warn;
  // its default outDir, dist/ under the project
  await viteBuild({ root: project, configFile: false, customLogger: logger });
}

function buildWebpack(): Promise<void> {
  const compiler = webpack({
    mode: 'production',
    context: project,
    entry: './main.js',
    output: { path: outDirs.webpack },
    infrastructureLogging: { level: 'error' },
  });
  return new Promise((ok, fail) =>
    compiler.run((err, stats) => {
      compiler.close(() => {});
      if (err || !stats) return fail(err ?? new Error('webpack: no stats'));
      const info = stats.toJson({ all: false, errors: true, warnings: true });
      if (stats.hasErrors()) return fail(new Error(info.errors?.map((e) => e.message).join('\n')));
      warnings.webpack.push(...(info.warnings ?? []).map((w) => w.message));
      // webpack makes no page: a classic script, as its default output is one
      writeFileSync(join(outDirs.webpack, 'index.html'), '<!doctype html><script src="main.js"></script>\n');
      ok();
    }),
  );
}

async function buildEsbuild(): Promise<void> {
  const r = await esbuild({
    absWorkingDir: project,
    entryPoints: { main: 'main.js', 'app-worker': 'app-worker.js', worker: 'i8conv/worker' },
    bundle: true,
    format: 'esm',
    outdir: outDirs.esbuild,
    logLevel: 'silent',
  });
  warnings.esbuild.push(...r.warnings.map((w) => w.text));
  copyFileSync(join(project, 'index.html'), join(outDirs.esbuild, 'index.html'));
}

/** The files under `d`, relative, with forward slashes. */
function filesUnder(d: string): string[] {
  return readdirSync(d, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(d, f)).isFile())
    .map((f) => f.split('\\').join('/'));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** Serves `d` with COOP / COEP on 127.0.0.1, recording the paths requested into `log`. */
async function serve(d: string, log: Set<string>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const file = join(d, path || 'index.html');
    if (relative(d, file).startsWith('..') || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    log.add(relative(d, file).split('\\').join('/'));
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cache-control': 'no-store',
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const a = server.address();
  const port = typeof a === 'object' && a ? a.port : 0;
  // closing drops the browser's open connections (a kept-alive or preconnected socket would hold close() up)
  const close = () =>
    new Promise<void>((ok) => {
      server.close(() => ok());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}/`, close };
}

beforeAll(async () => {
  expect(existsSync(join(root, 'dist/src/threads/worker.js')), 'run `npm run build` first').toBe(true);
  dir = mkdtempSync(join(tmpdir(), 'i8conv-bundlers-'));
  project = join(dir, 'app');
  for (const f of ['index.html', 'main.js', 'app-worker.js']) cpSync(join(APP, f), join(project, f));
  installPacked(project);
  const { model, input } = await qdqModel();
  // what Node computes with the same package, on the same two threads
  const lib = await import(pathToFileURL(join(project, 'node_modules/i8conv/dist/src/index.js')).href);
  const rt = await lib.createRuntime({ threads: 2 });
  expect(rt.threading).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
  const m = await rt.loadModel(model);
  const out = m.run({ input }) as Record<string, Float32Array>;
  expected = Object.fromEntries(
    Object.entries(out).map(([k, v]) => [k, { type: v.constructor.name, data: Array.from(v) }]),
  );
  rt.dispose();
  for (const b of BUNDLERS) {
    outDirs[b] = join(project, b === 'vite' ? 'dist' : `dist-${b}`);
    warnings[b] = [];
    loaded[b] = new Set();
  }
  const builders: Record<Bundler, () => Promise<void>> = {
    vite: buildVite,
    webpack: buildWebpack,
    esbuild: buildEsbuild,
  };
  // one after the other: each of them uses every core it finds
  for (const b of BUNDLERS) {
    const t0 = performance.now();
    await builders[b]();
    buildMs[b] = performance.now() - t0;
    writeFileSync(join(outDirs[b], 'model.onnx'), model);
    writeFileSync(join(outDirs[b], 'input.bin'), new Uint8Array(input.buffer));
  }
}, 300_000);

afterAll(() => {
  if (!dir) return;
  // the figures of this run: what each bundler emitted and what the page loaded (JavaScript and HTML, gzip -9)
  const kb = (d: string, files: Iterable<string>) =>
    [...files]
      .filter((f) => /\.(js|html)$/.test(f))
      .reduce((s, f) => s + gzipSync(readFileSync(join(d, f)), { level: 9 }).length, 0) / 1024;
  const lines = BUNDLERS.filter((b) => outDirs[b] && existsSync(outDirs[b])).map((b) => {
    const all = filesUnder(outDirs[b]);
    const page = loaded[b].size ? `, the page loaded ${kb(outDirs[b], loaded[b]).toFixed(0)} KB gzip` : '';
    return `${b}: built in ${(buildMs[b] / 1000).toFixed(1)} s, emitted ${kb(outDirs[b], all).toFixed(0)} KB gzip of JavaScript${page}`;
  });
  if (firefoxRetries.length)
    lines.push(`Firefox: ${firefoxRetries.length} page(s) hung creating the pool's worker and were opened again`);
  console.log(`bundles (the page of test/fixtures/bundler-app):\n  ${lines.join('\n  ')}`);
  rmSync(dir, { recursive: true, force: true });
});

describe('the builds', () => {
  it('every bundler built the page without a warning about i8conv', () => {
    for (const b of BUNDLERS) {
      // the bundlers' generic advice on large chunks is not about the library's code
      const own = warnings[b].filter((w) => !/size limit|larger than|chunk size|performance recommendations/i.test(w));
      expect(own, b).toEqual([]);
    }
  });

  it('Vite and webpack emit the worker module as a chunk of its own; esbuild as the entry point it was given', () => {
    for (const b of BUNDLERS) {
      // the worker's chunk: the worker's strings (minifiers keep strings, not names or comments), none of the pool's
      const worker = filesUnder(outDirs[b]).filter((f) => {
        const text = f.endsWith('.js') ? readFileSync(join(outDirs[b], f), 'utf8') : '';
        return /node:worker_threads/.test(text) && /a wasm kernel aborted/.test(text) && !/did not start/.test(text);
      });
      expect(worker.length, `${b}: ${worker.join(', ')}`).toBe(1);
    }
  });

  it('an esbuild browser bundle of every entry (no externals) builds and holds no node:* module', async () => {
    for (const entry of ['i8conv', 'i8conv/quantize', 'i8conv/reference', 'i8conv/worker']) {
      const r = await esbuild({
        absWorkingDir: project,
        entryPoints: [entry],
        bundle: true,
        platform: 'browser',
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      expect(r.errors, entry).toEqual([]);
      const inputs = Object.keys(r.metafile.inputs);
      expect(inputs.length, entry).toBeGreaterThan(0);
      expect(
        inputs.filter((p) => p.startsWith('node:')),
        entry,
      ).toEqual([]);
      const imports = Object.values(r.metafile.inputs).flatMap((i) => i.imports.filter((x) => x.external));
      expect(imports, entry).toEqual([]);
    }
  });
});

describe('workerUrl in Node (the packed package)', () => {
  it('checked first; a wrong one gives the reason naming it, the right one (a path or a file: URL) starts threads', async () => {
    const lib = await import(pathToFileURL(join(project, 'node_modules/i8conv/dist/src/index.js')).href);
    await expect(lib.createRuntime({ threads: 2, workerUrl: 5 })).rejects.toMatchObject({
      code: 'INVALID_PARAM',
      param: 'workerUrl',
    });
    const off = await lib.createRuntime({ threads: 2, workerUrl: join(dir, 'no-such-worker.js') });
    expect(off.threading).toEqual({
      enabled: false,
      threads: 1,
      reason: expect.stringMatching(
        /^workers did not start: the worker module .*no-such-worker\.js .*createRuntime\(\{ workerUrl \}\)$/,
      ),
    });
    const worker = join(project, 'node_modules/i8conv/dist/src/threads/worker.js');
    for (const workerUrl of [worker, pathToFileURL(worker).href, pathToFileURL(worker)]) {
      const rt = await lib.createRuntime({ threads: 2, workerUrl });
      expect(rt.threading, String(workerUrl)).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
      rt.dispose();
    }
  });
});

type Engine = 'chromium' | 'firefox';
const ENGINES: Record<Engine, string> = { chromium: CHROMIUM, firefox: FIREFOX };

for (const engine of Object.keys(ENGINES) as Engine[]) {
  describe(`headless ${engine === 'chromium' ? 'Chromium' : 'Firefox ESR'}, the built pages served with COOP / COEP`, () => {
    let browser: Browser | undefined;
    let missing = '';
    beforeAll(async () => {
      if (!existsSync(ENGINES[engine])) {
        missing = `${ENGINES[engine]} missing (apt-get install ${engine === 'chromium' ? 'chromium' : 'firefox-esr'})`;
        if (process.env.CI) throw new Error(missing);
        return;
      }
      browser =
        engine === 'chromium'
          ? await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true })
          : await puppeteer.launch({
              browser: 'firefox',
              protocol: 'webDriverBiDi',
              executablePath: FIREFOX,
              headless: true,
            });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
    });

    /**
     * Opens the page at `url` and waits for what the app's worker posts. Firefox ESR 140 now and then (about one
     * load in 20 here, with any of the three bundles, and with a fresh browser too) never returns from the app
     * worker's `new Worker(...)` of the pool's worker: the page stays responsive, the app's worker does not, and no
     * error is raised. It is Firefox's: a module worker of ~1 MB of script (here the bundled base64 wasm builds) that
     * compiles a wasm module and then creates a module worker hangs the same way with none of i8conv's code, and the
     * unbundled library (its builds in modules of their own, imported when used) did not hang in 60 loads. Such a
     * page (no result within 20 s, where a page takes 1-4 s on this loaded machine) is opened once more, and the
     * afterAll line counts it; Chromium gets no second try.
     */
    async function open(url: string): Promise<AppResult> {
      for (let attempt = 0; ; attempt++) {
        const page = await browser!.newPage();
        const console: string[] = [];
        page.on('console', (m) => console.push(m.text()));
        page.on('pageerror', (e) => console.push(String(e)));
        try {
          await page.goto(url);
          const timeout = engine === 'firefox' && attempt === 0 ? 20_000 : 60_000;
          const failed = await page
            .waitForFunction('globalThis.appResult !== undefined', { timeout, polling: 100 })
            .then(
              () => null,
              (e: Error) => e,
            );
          if (failed === null) return (await page.evaluate('globalThis.appResult')) as AppResult;
          if (engine === 'firefox' && attempt === 0) {
            firefoxRetries.push(url);
            continue;
          }
          throw new Error(`${url}: no result (${failed.message}); the page's console: ${console.join(' | ')}`);
        } finally {
          await page.close();
        }
      }
    }

    for (const b of BUNDLERS) {
      it(`${b}: threads start (2) and the outputs equal Node's`, async (ctx) => {
        if (!browser) return ctx.skip(missing);
        const srv = await serve(outDirs[b], loaded[b]);
        try {
          const r = await open(`${srv.url}index.html`);
          expect(r.error).toBeUndefined();
          expect(r.threading).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
          expect(Object.keys(r.outputs!)).toEqual(Object.keys(expected));
          for (const k of Object.keys(expected)) expect(r.outputs![k], k).toEqual(expected[k]);
        } finally {
          await srv.close();
        }
      });
    }

    it('a worker module not where the library looks: the reason says what failed and names workerUrl, which fixes it', async (ctx) => {
      if (!browser) return ctx.skip(missing);
      // the esbuild page with i8conv's worker moved out of its place beside the bundle
      const moved = join(dir, `moved-${engine}`);
      cpSync(outDirs.esbuild, moved, { recursive: true });
      mkdirSync(join(moved, 'lib'));
      renameSync(join(moved, 'worker.js'), join(moved, 'lib/i8conv-worker.js'));
      const srv = await serve(moved, new Set());
      try {
        const off = await open(`${srv.url}index.html`);
        expect(off.error).toBeUndefined();
        expect(off.threading).toEqual({
          enabled: false,
          threads: 1,
          reason: expect.stringMatching(/worker\.js answers HTTP 404.*createRuntime\(\{ workerUrl \}\)/),
        });
        expect(off.outputs).toEqual(expected); // one thread computes the same
        const on = await open(`${srv.url}index.html?workerUrl=/lib/i8conv-worker.js`);
        expect(on.threading).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
        expect(on.outputs).toEqual(expected);
      } finally {
        await srv.close();
      }
    });
  });
}
