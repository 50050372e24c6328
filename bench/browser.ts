/**
 * `npm run bench:browser`: the same suite in headless Chromium (Debian's /usr/bin/chromium, driven by
 * playwright-core), onnxruntime-web in the same page. Takes the options of bench/main.ts. `--firefox`
 * (`npm run bench:firefox`): the same page in headless Firefox ESR (Debian's firefox-esr, puppeteer-core over
 * WebDriver BiDi), reports suffixed "-firefox". `--no-avx-vnni`: Chromium with the CPU's AVX-VNNI hidden from V8
 * (NO_AVX_VNNI_FLAGS), so that a machine with it measures what x86 without it runs (a saturating relaxed dot, i8conv's
 * SIMD128 build). `--litert-compat`: LiteRT.js's SIMD128 "compat" build even where relaxed SIMD validates.
 *
 * The pages come from the static server of fixtures/browser.ts on 127.0.0.1, which sends COOP/COEP headers
 * (cross-origin isolation: SharedArrayBuffer and precise timers are available, as a production page with threads
 * would have them) and serves only dist/, dist-bench/, bench/browser/ (here), onnxruntime-web's dist/ and
 * @litertjs/core. The server logs which .wasm files the page fetched, so the report states the build each engine
 * ran. Reports are written like Node's, with a "-chromium" suffix.
 *
 * The models level: the driver builds the models in Node (bench/models-node.ts: the zoo graphs, calibration in the
 * driver's onnxruntime-web, PP-OCR's file read from node_modules) into a temporary folder that the server serves
 * under /models/ (`<id>.onnx`, `<id>.json`); the page fetches the bytes and runs the same level as Node (one thread;
 * no threads set in the browser).
 *
 * Then, in Chromium and unless `--models none`, the model race (bench/race-browser.ts: i8conv's ONNX and TFLite
 * runs, onnxruntime-web and LiteRT.js at 1 and 2 threads), reported in race-chromium.md / .json.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, FIREFOX, NO_AVX_VNNI_FLAGS, startServer } from '../fixtures/browser.js';
import { REPO_ROOT } from '../fixtures/repo.js';
import { finishRun, nodeMachine, parseArgs, progressPrinter, USAGE, type CliOptions } from './main.js';
import {
  MODELS_HEADLINE_SAMPLING,
  MODELS_QUICK_SAMPLING,
  defaultModels,
  selectModels,
  type ModelId,
} from './models.js';
import { raceMismatch, runRaceInBrowser, writeRaceReport } from './race-browser.js';
import { buildModelsInto } from './models-node.js';
import { defaultNetworks } from './networks.js';
import type { BenchResults } from './schema.js';
import type { ProgressEvent } from './suite.js';

/** Modules the suite imports only if present (see bench/setup.ts). */
const OPTIONAL_MODULES = [
  '/dist-bench/bench/relayout.js',
  '/dist-bench/src/algos/pack.js',
  '/dist-bench/kernels-ref/index.js',
];

/** What the driver does with a page, whichever browser drives it. */
interface BenchPage {
  /** runs `runBench(opts)` in the page once it loaded; page errors (uncaught, console errors) go to `errors` */
  run(url: string, opts: object, errors: string[]): Promise<BenchResults>;
  /** the browser's own version string (the page sees a reduced user agent) */
  version(): Promise<string>;
  close(): Promise<void>;
}

const PAGE_LOAD_MS = 30_000;
const pageDidNotLoad = (errors: string[]) =>
  new Error(`the benchmark page did not load: ${errors.join('; ') || 'runBench never appeared'}`);
// A failed fetch shows up twice (the response, and a console line without the URL): keep the response.
const consoleError = (type: string, text: string, errors: string[]) => {
  if (type === 'error' && !text.startsWith('Failed to load resource')) errors.push(`console: ${text}`);
};

/** Headless Chromium (playwright-core), a fresh profile. */
async function chromiumPage(
  onProgress?: (ev: ProgressEvent) => void,
  onLine?: (line: string) => void,
  extraArgs: readonly string[] = [],
): Promise<BenchPage> {
  const profile = mkdtempSync(join(tmpdir(), 'i8conv-bench-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_FLAGS, ...extraArgs],
  });
  return {
    async run(url, opts, errors) {
      const page = ctx.pages()[0] ?? (await ctx.newPage());
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => consoleError(m.type(), m.text(), errors));
      page.on('response', (res) => {
        // Optional sections are probed by importing them; their absence is reported in the section instead.
        const optional = OPTIONAL_MODULES.some((p) => res.url().endsWith(p));
        if (res.status() >= 400 && !optional) errors.push(`HTTP ${res.status()} ${res.url()}`);
      });
      if (onProgress) await page.exposeFunction('benchProgress', (ev: ProgressEvent) => onProgress(ev));
      if (onLine) await page.exposeFunction('benchLine', (line: string) => onLine(line));
      await page.goto(url);
      await page
        .waitForFunction(() => typeof (window as unknown as { runBench?: unknown }).runBench === 'function', null, {
          timeout: PAGE_LOAD_MS,
        })
        .catch(() => {
          throw pageDidNotLoad(errors);
        });
      return (await page.evaluate(
        (x) => window.runBench(x as Parameters<typeof window.runBench>[0]),
        opts,
      )) as BenchResults;
    },
    version: async () => ctx.browser()?.version() ?? '',
    async close() {
      await ctx.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Headless Firefox ESR (Debian's firefox-esr, FIREFOX_PATH), driven by puppeteer-core over WebDriver BiDi
 * (playwright's Firefox driver needs its own patched build).
 */
async function firefoxPage(
  onProgress?: (ev: ProgressEvent) => void,
  onLine?: (line: string) => void,
): Promise<BenchPage> {
  const puppeteer = (await import('puppeteer-core')).default;
  // the suite runs inside one page.evaluate: no protocol timeout (the default 180 s is shorter than the suite)
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    protocolTimeout: 0,
  });
  return {
    async run(url, opts, errors) {
      const page = await browser.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => consoleError(m.type(), m.text(), errors));
      if (onProgress) await page.exposeFunction('benchProgress', (ev: ProgressEvent) => onProgress(ev));
      if (onLine) await page.exposeFunction('benchLine', (line: string) => onLine(line));
      await page.goto(url);
      await page
        .waitForFunction(() => typeof (window as unknown as { runBench?: unknown }).runBench === 'function', {
          timeout: PAGE_LOAD_MS,
        })
        .catch(() => {
          throw pageDidNotLoad(errors);
        });
      return (await page.evaluate(
        (x) => window.runBench(x as Parameters<typeof window.runBench>[0]),
        opts,
      )) as BenchResults;
    },
    version: async () => (await browser.version()).replace(/^firefox\//, ''),
    close: () => browser.close(),
  };
}

/**
 * Runs the suite in a fresh headless Chromium profile (or Firefox: `browser`); returns the results with the wasm
 * builds filled in. `models` (ids, 'all' or 'none'; undefined = none) selects the models level; `modelInputSize`
 * binds the zoo models' input to S x S (tests).
 */
export async function runInBrowser(
  o: Pick<CliOptions, 'quick' | 'shapes' | 'filter' | 'networks' | 'models'> & {
    full?: boolean;
    modelInputSize?: number;
    browser?: 'chromium' | 'firefox';
    noAvxVnni?: boolean;
    litertCompat?: boolean;
  },
  onProgress?: (ev: ProgressEvent) => void,
  onLine?: (line: string) => void,
): Promise<BenchResults> {
  const modelIds = selectModels(o.models);
  const modelsDir = mkdtempSync(join(tmpdir(), 'i8conv-bench-models-'));
  let built: { ids: ModelId[]; errors: Record<string, string> } = { ids: [], errors: {} };
  if (modelIds.length) {
    onLine?.(`models level: building ${modelIds.join(', ')} in the driver (Node)`);
    const b = await buildModelsInto(modelsDir, modelIds, { inputSize: o.modelInputSize }, (l) => onLine?.(`  ${l}`));
    built = { ids: modelIds, errors: b.errors };
  }
  const srv = await startServer(REPO_ROOT, { '/models/': modelsDir }, { served: ['bench/browser/'] });
  let page: BenchPage | undefined;
  try {
    page =
      o.browser === 'firefox'
        ? await firefoxPage(onProgress, onLine)
        : await chromiumPage(onProgress, onLine, o.noAvxVnni ? NO_AVX_VNNI_FLAGS : []);
    const pageErrors: string[] = [];
    // networks undefined: no network level (the CLI below passes its default)
    const opts = {
      quick: o.quick,
      shapes: o.shapes,
      filter: o.filter,
      networks: o.networks,
      litertSimd: o.litertCompat ? ('simd128' as const) : undefined,
      models: built.ids.length ? { ids: built.ids, base: '/models/', errors: built.errors, full: !!o.full } : undefined,
    };
    const r = await page.run(`${srv.origin}/bench/browser/index.html`, opts, pageErrors);
    const ortWasm = srv.wasmRequests.filter((p) => p.includes('onnxruntime-web'));
    if (r.builds.ortWeb !== null) {
      r.builds.ortWeb = ortWasm.length
        ? `${ortWasm.map((p) => p.split('/').pop()).join(', ')} (numThreads 1)`
        : 'not loaded (no onnxruntime-web case ran)';
    }
    // xnnpack-litert names the LiteRT.js build it loaded; the server's log must agree.
    const litertWasm = srv.wasmRequests.filter((p) => p.includes('@litertjs')).map((p) => p.split('/').pop() ?? p);
    const litertBuilds = new Set(
      r.shapes.map((s) => s.backends['xnnpack-litert']?.build).filter((b): b is string => !!b),
    );
    for (const b of litertBuilds) {
      if (!litertWasm.some((f) => b.startsWith(f)))
        r.errors.push(
          `xnnpack-litert reports build '${b}' but the page fetched ${litertWasm.join(', ') || 'no LiteRT.js wasm'}`,
        );
    }
    // The page sees a reduced user-agent version (156.0.0.0); the browser process knows the real one.
    const full = await page.version();
    if (full) r.engine.version = full;
    // Same machine as the driver: add what a page cannot see.
    const m = nodeMachine();
    r.machine = { ...r.machine, arch: m.arch, cpuModel: m.cpuModel };
    if (r.models && !('unavailable' in r.models) && r.models.ortWeb.build !== null)
      r.models.ortWeb.build = r.builds.ortWeb;
    r.errors.push(...pageErrors.map((e) => `page error: ${e}`));
    return r;
  } finally {
    await page?.close();
    await srv.close();
    rmSync(modelsDir, { recursive: true, force: true });
  }
}

const BROWSER_USAGE = `
this driver's own options:
  --firefox         the suite in headless Firefox ESR (npm run bench:firefox)
  --no-avx-vnni     Chromium with the CPU's AVX-VNNI hidden from V8: its relaxed dot saturates, as on x86 without
                    AVX-VNNI, so i8conv runs its SIMD128 build (Node: node --no-enable-avx-vnni dist-bench/bench/main.js)
  --litert-compat   LiteRT.js's SIMD128 compat build even where relaxed SIMD validates`;

async function main(argv: string[]): Promise<number> {
  let o: CliOptions;
  // --firefox: the same suite in headless Firefox ESR (this driver's own flag)
  // --no-avx-vnni: Chromium without the CPU's AVX-VNNI (a saturating relaxed dot; NO_AVX_VNNI_FLAGS);
  // --litert-compat: LiteRT.js's SIMD128 'compat' build even where relaxed SIMD validates
  const firefox = argv.includes('--firefox');
  const noAvxVnni = argv.includes('--no-avx-vnni');
  const litertCompat = argv.includes('--litert-compat');
  if (firefox && noAvxVnni) {
    console.error('--no-avx-vnni is a Chromium (V8) flag; Firefox has no such switch');
    return 2;
  }
  argv = argv.filter((a) => a !== '--firefox' && a !== '--no-avx-vnni' && a !== '--litert-compat');
  try {
    o = parseArgs(argv);
  } catch (e) {
    const help = (e as Error).message === 'help';
    const usage = USAGE.replace('npm start --', 'npm run bench:browser --') + BROWSER_USAGE;
    (help ? console.log : console.error)(help ? usage : `${(e as Error).message}\n${usage}`);
    return help ? 0 : 2;
  }
  const log = o.json ? process.stderr : process.stdout;
  log.write(
    `i8conv benchmark in headless ${firefox ? `Firefox (${FIREFOX})` : `Chromium (${CHROMIUM}${noAvxVnni ? `, ${NO_AVX_VNNI_FLAGS.join(' ')}: the CPU's AVX-VNNI hidden from V8, as on x86 without it` : ''})`}` +
      `${litertCompat ? ', LiteRT.js compat (SIMD128) build' : ''}\n`,
  );
  const models = o.models ?? defaultModels(o.quick);
  const r = await runInBrowser(
    {
      ...o,
      networks: o.networks ?? defaultNetworks(o.quick),
      models,
      browser: firefox ? 'firefox' : 'chromium',
      noAvxVnni,
      litertCompat,
    },
    progressPrinter(log),
    (line) => log.write(`${line}\n`),
  );
  const code = finishRun(r, o, log, firefox ? '-firefox' : '-chromium');
  // The model race (bench/race-browser.ts) after the models level, in Chromium, unless no model was selected.
  if (firefox || !selectModels(models).length) return code;
  log.write('\nmodel race: i8conv (ONNX and TFLite files), onnxruntime-web and LiteRT.js, 1 and 2 threads\n');
  const race = await runRaceInBrowser(
    { sampling: o.quick ? MODELS_QUICK_SAMPLING : MODELS_HEADLINE_SAMPLING },
    (line) => log.write(`${line}\n`),
  );
  const w = writeRaceReport(race.results, race.errors, o.out);
  log.write(`\n${w.md}\nreport: ${w.paths.map((p) => relative(process.cwd(), p)).join(', ')}\n`);
  return code || (raceMismatch(race.results) || race.errors.length ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
