/**
 * `npm run bench:zoo:chromium`: the corpus benchmark of bench/corpus.ts in headless Chromium. Node does what needs
 * Node: it reads (and reassembles) each model file, writes the quantized forms with quantizeModel (the same call as
 * the Node run, bench/corpus.ts `formBytes`), serves the files under /corpus-models/ from a cross-origin isolated
 * server (fixtures/browser.ts startServer) and opens bench/browser/corpus.html once per thread count (onnxruntime-web
 * takes its thread count once per page). The page's module worker (bench/corpus-worker.ts) loads each file in
 * onnxruntime-web (wasm, graph optimization 'all') and in i8conv at that thread count, runs seed 0's feed, times
 * both and profiles i8conv; Node compares the outputs, computes the task answers and SQNR (bench/corpus-table.ts)
 * and prints the same table as the Node run, under a title that names Chromium.
 *
 * Options: --models a,b (default every model but the 1024x1024 ones, which --heavy adds) --forms
 * shipped,default,all,convs --threads 1,2 (one page each; default 1) --runs N --calib K --quick (runs 2, calib 2)
 * --json FILE (default bench/results/corpus-chromium-<threads>t.json, the thread counts joined by '-').
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CORPUS, corpusModel, feedShapes, readCorpusModel, type CorpusModel } from '../fixtures/corpus.js';
import { CHROMIUM, CHROMIUM_FLAGS, startServer } from '../fixtures/browser.js';
import { REPO_ROOT } from '../fixtures/repo.js';
import type { OrtFeed } from '../fixtures/models/ort.js';
import { FORMS, msg, nonFinite, formBytes, type CorpusForm } from './corpus.js';
import { compareOutputs, corpusMarkdown, sqnrDb, type CorpusRow } from './corpus-table.js';
import type { CorpusJob, CorpusJobResult, CorpusPageInfo } from './corpus-worker.js';
import { runAsScript } from './entry.js';

export interface CorpusBrowserOptions {
  models: readonly CorpusModel[];
  forms: readonly CorpusForm[];
  threads: readonly number[];
  /** timed runs (default 5, 2 for the 1024x1024 models; more for the fast ones, bench/corpus-timing.ts) */
  runs?: number;
  /** calibration feeds of the quantized forms (default 4, 2 for the 1024x1024 models) */
  calib?: number;
}

/** The rows of one thread count, with what the page said about itself. */
export interface CorpusBrowserResult {
  threads: number;
  info: CorpusPageInfo | null;
  rows: CorpusRow[];
}

/** The models a run takes when none are named: all but the 1024x1024 ones, unless `heavy`. */
export function defaultBrowserModels(heavy: boolean): { models: CorpusModel[]; skipped: string[] } {
  return {
    models: CORPUS.filter((m) => heavy || !m.heavy),
    skipped: heavy ? [] : CORPUS.filter((m) => m.heavy).map((m) => m.id),
  };
}

/** One form of one model, prepared in Node. */
interface Prepared {
  m: CorpusModel;
  form: CorpusForm;
  /** the file under /corpus-models/, or the reason there is none */
  file?: string;
  error?: string;
  mb?: number;
  quantizeS?: number;
}

async function prepare(o: CorpusBrowserOptions, dir: string, log: (s: string) => void): Promise<Prepared[]> {
  const out: Prepared[] = [];
  for (const m of o.models) {
    let bytes: Uint8Array;
    try {
      bytes = readCorpusModel(m, (p) => new Uint8Array(readFileSync(join(REPO_ROOT, p))));
    } catch (e) {
      for (const form of o.forms) out.push({ m, form, error: `absent (npm ci): ${msg(e)}` });
      continue;
    }
    const calibN = o.calib ?? (m.heavy ? 2 : 4);
    for (const form of o.forms) {
      const p: Prepared = { m, form };
      out.push(p);
      if (form !== 'shipped') log(`${m.id} ${form}: quantizeModel`);
      const fbytes = await formBytes(m, bytes, form, calibN, p);
      if (!fbytes) continue;
      p.mb = fbytes.length / 2 ** 20;
      p.file = `${m.id}.${form}.onnx`;
      writeFileSync(join(dir, p.file), fbytes);
    }
  }
  return out;
}

/** A page at `threads` with its worker started. */
async function openPage(
  ctx: BrowserContext,
  origin: string,
  threads: number,
  errors: string[],
): Promise<{ page: Page; info: CorpusPageInfo }> {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => errors.push(`page error: ${String(e)}`));
  await page.goto(`${origin}/bench/browser/corpus.html`);
  await page.waitForFunction(
    () => typeof (window as unknown as { corpusInit?: unknown }).corpusInit === 'function',
    null,
    { timeout: 30_000 },
  );
  const info = (await page.evaluate(
    (t) => (window as unknown as { corpusInit(t: number): Promise<unknown> }).corpusInit(t),
    threads,
  )) as CorpusPageInfo;
  return { page, info };
}

/**
 * Prepares the files, then measures them in a fresh headless Chromium at each thread count; `log` gets progress
 * lines. A page that fails (its worker lost) is replaced for the files after it; the failure is that row's error.
 */
export async function runCorpusInBrowser(
  o: CorpusBrowserOptions,
  log: (s: string) => void = () => {},
): Promise<{ results: CorpusBrowserResult[]; errors: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'i8conv-corpus-models-'));
  const profile = mkdtempSync(join(tmpdir(), 'i8conv-corpus-chromium-'));
  const errors: string[] = [];
  try {
    const prepared = await prepare(o, dir, log);
    const srv = await startServer(REPO_ROOT, { '/corpus-models/': dir }, { served: ['bench/browser/'] });
    const ctx = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    const results: CorpusBrowserResult[] = [];
    try {
      for (const threads of o.threads) {
        const rows: CorpusRow[] = [];
        let cur: { page: Page; info: CorpusPageInfo } | null = null;
        let info: CorpusPageInfo | null = null;
        // the shipped model's outputs on onnxruntime-web (in this page): the reference of every form's SQNR
        let shippedOut: CorpusJobResult['ortOut'] | null = null;
        let lastModel = '';
        for (const p of prepared) {
          const { m, form } = p;
          if (m.id !== lastModel) shippedOut = null;
          lastModel = m.id;
          const row: CorpusRow = { model: m.id, kind: m.kind, shipped: m.shipped, form, threads };
          rows.push(row);
          if (p.quantizeS !== undefined) row.quantizeS = p.quantizeS;
          if (p.error || !p.file) {
            row.error = p.error ?? 'no file';
            continue;
          }
          row.mb = p.mb;
          log(`${m.id} ${form}, ${threads} thread(s)`);
          const feed0 = m.feed(0);
          const feed: Record<string, OrtFeed> = {};
          for (const [k, v] of Object.entries(feed0)) feed[k] = { data: v.data, dims: v.dims };
          const runs = o.runs ?? (m.heavy ? 2 : 5);
          const job: CorpusJob = {
            url: `/corpus-models/${p.file}`,
            feed,
            inputShapes: feedShapes(feed0),
            runs,
            warmup: m.heavy ? 0 : 2,
          };
          let r: CorpusJobResult;
          try {
            cur ??= await openPage(ctx, srv.origin, threads, errors);
            info ??= cur.info;
            const page = cur.page;
            r = (await page.evaluate(
              (j) => (window as unknown as { corpusRun(j: unknown): Promise<unknown> }).corpusRun(j),
              job,
            )) as CorpusJobResult;
          } catch (e) {
            row.error = `page: ${msg(e)}`;
            errors.push(`${m.id} ${form} at ${threads} thread(s): ${msg(e)}`);
            await cur?.page.close().catch(() => {});
            cur = null;
            continue;
          }
          if (r.ortError) row.ortError = r.ortError;
          if (r.ortOut && form === 'shipped') shippedOut = r.ortOut;
          if (r.ortMs !== undefined) row.ortMs = r.ortMs;
          if (r.ortOut && shippedOut && form !== 'shipped') row.sqnrDb = sqnrDb(shippedOut, r.ortOut);
          if (r.loads !== undefined) row.loads = r.loads;
          if (r.loadS !== undefined) row.loadS = r.loadS;
          if (r.error) row.error = r.error;
          if (r.i8Out && r.ortOut) {
            Object.assign(row, compareOutputs(r.i8Out, r.ortOut));
            const a = m.answer(r.i8Out, r.ortOut);
            const b = m.answer(r.ortOut, r.ortOut);
            row.answer = a.text;
            row.ortAnswer = b.text;
            row.answerSame = a.key === b.key;
          }
          if (r.i8Ms !== undefined) row.i8Ms = r.i8Ms;
          if (r.outsideConvPct !== undefined) row.outsideConvPct = r.outsideConvPct;
          if (r.steps !== undefined) row.steps = r.steps;
          log(JSON.stringify(row));
        }
        await cur?.page.close().catch(() => {});
        results.push({ threads, info, rows });
      }
    } finally {
      await ctx.close();
      await srv.close();
    }
    return { results, errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The browser's name and version from the page's user agent ('Chromium 156.0...' or the agent itself). */
export function browserName(info: CorpusPageInfo | null): string {
  const ua = info?.userAgent ?? '';
  const headless = /Headless/.test(ua) ? ' headless' : '';
  const full = /([\d.]+)$/.exec(info?.browserVersion ?? '');
  const v = full ? full[1] : /(?:HeadlessChrome|Chrome)\/([\d.]+)/.exec(ua)?.[1];
  return v ? `Chromium ${v}${headless}` : ua || 'Chromium';
}

/** A title for one thread count's table: the browser, the thread counts, i8conv's build, cross-origin isolation. */
export function browserTitle(r: CorpusBrowserResult): string {
  const i = r.info;
  if (!i) return `${browserName(null)}, ${r.threads} thread(s) (the page did not start)`;
  return `${browserName(i)}, ${r.threads} thread(s) (i8conv ${i.i8conv.build} build, ${i.i8conv.threads} thread(s); onnxruntime-web wasm, numThreads ${i.ort.numThreads}${i.crossOriginIsolated ? '' : '; NOT cross-origin isolated'})`;
}

const USAGE = `usage: npm run bench:zoo:chromium -- [options]   (or: node dist-bench/bench/corpus-browser.js [options])
  --models LIST   comma list of ${CORPUS.map((m) => m.id).join(', ')}
                  (default: all but the 1024x1024 ones: ${CORPUS.filter((m) => m.heavy)
                    .map((m) => m.id)
                    .join(', ')})
  --heavy         include the 1024x1024 models in the default list
  --forms LIST    comma list of ${FORMS.join(', ')} (default: all)
  --threads LIST  thread counts, one page each (default: 1)
  --runs N        timed runs (default 5, 2 for the 1024x1024 models; more for fast models)
  --calib K       calibration feeds of the quantized forms (default 4, 2 for the 1024x1024 models)
  --quick         runs 2, calib 2
  --json FILE     the rows (default bench/results/corpus-chromium-<threads>t.json)`;

async function main(argv: string[]): Promise<number> {
  const get = (k: string) => {
    const i = argv.indexOf(k);
    if (i >= 0 && argv[i + 1] === undefined) throw new Error(`${k} needs a value`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const known = new Set(['--models', '--forms', '--threads', '--runs', '--calib', '--json']);
  for (let i = 0; i < argv.length; i++) {
    if (known.has(argv[i])) i++;
    else if (argv[i] !== '--quick' && argv[i] !== '--heavy') throw new Error(`unknown flag ${argv[i]}\n${USAGE}`);
  }
  const quick = argv.includes('--quick');
  const named = get('--models');
  const { models, skipped } = named
    ? { models: named.split(',').map(corpusModel), skipped: [] }
    : defaultBrowserModels(argv.includes('--heavy'));
  const forms = (get('--forms')?.split(',') ?? [...FORMS]) as CorpusForm[];
  for (const f of forms) if (!FORMS.includes(f)) throw new Error(`unknown form ${f} (known: ${FORMS.join(', ')})`);
  const threads = (get('--threads') ?? '1').split(',').map(Number);
  if (threads.some((t) => !Number.isInteger(t) || t < 1)) throw new Error('--threads takes positive integers');
  const runs = get('--runs') ? Number(get('--runs')) : quick ? 2 : undefined;
  const calib = get('--calib') ? Number(get('--calib')) : quick ? 2 : undefined;
  const json = resolve(
    get('--json') ?? join(REPO_ROOT, 'bench', 'results', `corpus-chromium-${threads.join('-')}t.json`),
  );
  const t0 = Date.now();
  const log = (s: string) => process.stderr.write(`[corpus chromium ${((Date.now() - t0) / 1000).toFixed(0)}s] ${s}\n`);
  const note = skipped.length
    ? `Skipped in Chromium by default (1024x1024, minutes per form): ${skipped.join(', ')}; --heavy or --models to include them.`
    : '';
  if (note) log(note);
  const { results, errors } = await runCorpusInBrowser({ models, forms, threads, runs, calib }, log);
  mkdirSync(dirname(json), { recursive: true });
  writeFileSync(
    json,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        runtime: 'chromium',
        browser: browserName(results[0]?.info ?? null),
        skipped,
        errors,
        results: results.map((r) => ({ threads: r.threads, info: r.info })),
        rows: results.flatMap((r) => r.rows),
      },
      nonFinite,
      1,
    ),
  );
  for (const r of results) process.stdout.write(`\n### ${browserTitle(r)}\n\n${corpusMarkdown(r.rows)}\n`);
  if (note) process.stdout.write(`\n${note}\n`);
  if (errors.length) process.stdout.write(`\nErrors:\n${errors.map((e) => `- ${e}`).join('\n')}\n`);
  log(`done; ${json}`);
  return errors.length ? 1 : 0;
}

runAsScript(import.meta.url, main);
