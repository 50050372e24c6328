/**
 * The corpus benchmark (`npm run bench:zoo`): the real CNNs of fixtures/corpus.ts, each in four forms, on i8conv and
 * onnxruntime-web (wasm, the same thread count), in Node.
 *
 *   shipped   the file as the package ships it (float32, float16 or onnxruntime's quantize_dynamic int8)
 *   default   i8conv's quantizer with its defaults (quantizeModel: uint8 activations, per-channel weights, histogram
 *             observer, element-wise chains kept float: 'table')
 *   all       onnxruntime's operator list and rules (quantizeModel { ops: 'all' }): each quantizable node its own QDQ,
 *             as onnxruntime's quantize_static makes it
 *   convs     only the convolutions and matrix products quantized (quantizeModel { ops: 'convs' })
 *
 * The quantized forms are calibrated on `--calib` feeds (seeds 1..K, default 4, 2 for the 1024x1024 models) and
 * measured on seed 0. Per model and form: whether i8conv loads it (or the error), its outputs against
 * onnxruntime-web's on the same file (share of elements bit-equal, max |difference|, max |difference| / the
 * output's range), whether the task answer is the same (fixtures/corpus.ts), the form's SQNR against the shipped
 * model (onnxruntime-web's outputs of both, all outputs together), both engines' median time and i8conv's share of
 * time outside convolutions (steps with no multiply-accumulates, summed over profiled runs of >= 200 ms:
 * corpus-timing.ts profileOver).
 *
 * Options: --models a,b (default all) --forms shipped,default,all,convs --engines i8conv,ort --threads N (both
 * engines; onnxruntime-web's thread count is one per process, so one thread count per run) --runs N (timed runs,
 * default 5, 2 for the 1024x1024 models; more until they took 400 ms, for the fast models) --calib K --json FILE (default bench/results/corpus-<threads>t.json)
 * --quick (runs 2, calib 2). Prints a markdown table. `--table a.json,b.json`: the table of earlier runs' files.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRuntime } from '../src/index.js';
import type { Model } from '../src/model/executor/model.js';
import { quantizeModel, type QuantizeModelOptions } from '../src/quantize/index.js';
import {
  CORPUS,
  CORPUS_EXTRA,
  corpusModel,
  feedShapes,
  readCorpusModel,
  type CorpusFeed,
  type CorpusModel,
  type CorpusOutputs,
} from '../fixtures/corpus.js';
import { loadOrt, ortRunShaped, ortSession, type OrtFeed, type OrtModule } from '../fixtures/models/ort.js';
import { ROOT } from './models-node.js';
import { compareOutputs, corpusMarkdown, sqnrDb, type CorpusRow } from './corpus-table.js';
import { outsideConvOver, timeIt } from './corpus-timing.js';

export const FORMS = ['shipped', 'default', 'all', 'convs'] as const;
export type CorpusForm = (typeof FORMS)[number];

interface Options {
  models: CorpusModel[];
  forms: CorpusForm[];
  engines: Set<'i8conv' | 'ort'>;
  threads: number;
  runs?: number;
  calib?: number;
  json: string;
}

function parseArgs(argv: string[]): Options {
  const get = (k: string) => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const quick = argv.includes('--quick');
  const threads = Number(get('--threads') ?? 1);
  const forms = (get('--forms')?.split(',') ?? [...FORMS]) as CorpusForm[];
  for (const f of forms) if (!FORMS.includes(f)) throw new Error(`unknown form ${f} (known: ${FORMS.join(', ')})`);
  const engines = new Set((get('--engines') ?? 'i8conv,ort').split(',')) as Set<'i8conv' | 'ort'>;
  return {
    models: [
      ...(get('--models')?.split(',').map(corpusModel) ?? (argv.includes('--extra') ? [] : [...CORPUS])),
      ...(argv.includes('--extra') ? CORPUS_EXTRA : []),
    ],
    forms,
    engines,
    threads,
    runs: get('--runs') ? Number(get('--runs')) : quick ? 2 : undefined,
    calib: get('--calib') ? Number(get('--calib')) : quick ? 2 : undefined,
    json: get('--json') ?? join(ROOT, 'bench', 'results', `corpus-${threads}t.json`),
  };
}

const readRoot = (p: string) => new Uint8Array(readFileSync(join(ROOT, p)));

function toOrtFeeds(feed: CorpusFeed): Record<string, OrtFeed> {
  const o: Record<string, OrtFeed> = {};
  for (const [k, v] of Object.entries(feed)) o[k] = { data: v.data, dims: v.dims };
  return o;
}

/** A feed's arrays, by input (a calibration sample: float32 and int64 inputs alike). */
const dataPart = (feed: CorpusFeed): Record<string, Float32Array | BigInt64Array> =>
  Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data]));

export const msg = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 300);

/** The quantizeModel options of a form. */
function formOptions(form: CorpusForm): Partial<QuantizeModelOptions> {
  if (form === 'all') return { ops: 'all' };
  if (form === 'convs') return { ops: 'convs' };
  return {};
}

/**
 * A quantized form of the shipped model `bytes` (not 'shipped'): quantizeModel with the form's options, calibrated
 * on seeds 1..calibN, the input shapes of seed 0's feed.
 */
export async function quantizeForm(
  m: CorpusModel,
  bytes: Uint8Array,
  form: Exclude<CorpusForm, 'shipped'>,
  calibN: number,
): Promise<Uint8Array> {
  const calibration = Array.from({ length: calibN }, (_, i) => dataPart(m.feed(i + 1)));
  const q = await quantizeModel(bytes, {
    calibration,
    inputShapes: feedShapes(m.feed(0)),
    report: false,
    ...formOptions(form),
  });
  return q.model;
}

/**
 * The file of a form: the shipped bytes, or the quantized ones with the quantizer's seconds in `into.quantizeS`; null
 * with `into.error` where the quantizer refused.
 */
export async function formBytes(
  m: CorpusModel,
  bytes: Uint8Array,
  form: CorpusForm,
  calibN: number,
  into: { quantizeS?: number; error?: string },
): Promise<Uint8Array | null> {
  if (form === 'shipped') return bytes;
  const t0 = performance.now();
  try {
    const q = await quantizeForm(m, bytes, form, calibN);
    into.quantizeS = (performance.now() - t0) / 1000;
    return q;
  } catch (e) {
    into.error = `quantizeModel: ${msg(e)}`;
    return null;
  }
}

function i8Outputs(model: Model, out: Record<string, ArrayLike<number>>): CorpusOutputs {
  const o: CorpusOutputs = {};
  for (const io of model.outputs) o[io.name] = { data: out[io.name], dims: io.shape };
  return o;
}

async function runModel(m: CorpusModel, opts: Options, ort: OrtModule, log: (s: string) => void): Promise<CorpusRow[]> {
  const rows: CorpusRow[] = [];
  const base = { model: m.id, kind: m.kind, shipped: m.shipped, threads: opts.threads };
  let bytes: Uint8Array;
  try {
    bytes = readCorpusModel(m, readRoot);
  } catch (e) {
    for (const form of opts.forms) rows.push({ ...base, form, error: `absent (npm ci): ${msg(e)}` });
    return rows;
  }
  const runs = opts.runs ?? (m.heavy ? 2 : 5);
  const calibN = opts.calib ?? (m.heavy ? 2 : 4);
  const feed = m.feed(0);
  const shapes = feedShapes(feed);
  // the shipped model's outputs on onnxruntime-web: the reference of every form's SQNR
  let shippedOut: CorpusOutputs | null = null;
  for (const form of opts.forms) {
    const row: CorpusRow = { ...base, form };
    rows.push(row);
    log(`${m.id} ${form}`);
    const fbytes = await formBytes(m, bytes, form, calibN, row);
    if (!fbytes) continue;
    row.mb = fbytes.length / 2 ** 20;
    let ortOut: CorpusOutputs | null = null;
    try {
      const s = await ortSession(fbytes, { ort });
      const ortFeeds = toOrtFeeds(feed);
      const run = () => ortRunShaped(s, ortFeeds);
      ortOut = Object.fromEntries(await run()) as unknown as CorpusOutputs;
      if (form === 'shipped') shippedOut = ortOut;
      if (opts.engines.has('ort')) row.ortMs = await timeIt(run, runs, m.heavy ? 0 : 2);
      await s.release();
    } catch (e) {
      row.ortError = msg(e);
    }
    if (ortOut && shippedOut && form !== 'shipped') row.sqnrDb = sqnrDb(shippedOut, ortOut);
    if (!opts.engines.has('i8conv')) continue;
    const rt = await createRuntime({ threads: opts.threads });
    let model: Model;
    try {
      const t0 = performance.now();
      // the float forms are run on purpose: no float-model warning
      model = await rt.loadModel(fbytes, { inputShapes: shapes, onFloatModel: 'allow' });
      row.loadS = (performance.now() - t0) / 1000;
      row.loads = true;
    } catch (e) {
      row.loads = false;
      row.error = `loadModel: ${msg(e)}`;
      rt.dispose();
      continue;
    }
    try {
      const feeds = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data]));
      const out = i8Outputs(model, model.run(feeds) as Record<string, ArrayLike<number>>);
      if (ortOut) {
        Object.assign(row, compareOutputs(out, ortOut));
        const a = m.answer(out, ortOut);
        const b = m.answer(ortOut, ortOut);
        row.answer = a.text;
        row.ortAnswer = b.text;
        row.answerSame = a.key === b.key;
      }
      row.i8Ms = await timeIt(() => model.run(feeds), runs, m.heavy ? 0 : 2);
      Object.assign(row, outsideConvOver(model, feeds));
    } catch (e) {
      row.error = `run: ${msg(e)}`;
    } finally {
      model.dispose();
      rt.dispose();
    }
  }
  return rows;
}

/** JSON has no Infinity / NaN: they are written as the strings 'Infinity', '-Infinity', 'NaN' (an SQNR of equal outputs is Infinity). */
export const nonFinite = (_k: string, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v);
export const finite = (_k: string, v: unknown) =>
  v === 'Infinity' || v === '-Infinity' || v === 'NaN' ? Number(v) : v;

async function main(): Promise<void> {
  const table = process.argv.indexOf('--table');
  if (table >= 0) {
    // the table of earlier runs' JSON files, their rows in the order given
    const rows = process.argv[table + 1]
      .split(',')
      .flatMap((f) => (JSON.parse(readFileSync(f, 'utf8'), finite) as { rows: CorpusRow[] }).rows);
    process.stdout.write(`${corpusMarkdown(rows)}\n`);
    return;
  }
  const opts = parseArgs(process.argv.slice(2));
  const ort = await loadOrt();
  ort.env.wasm.numThreads = opts.threads;
  const t0 = Date.now();
  const rows: CorpusRow[] = [];
  const log = (s: string) => process.stderr.write(`[corpus ${((Date.now() - t0) / 1000).toFixed(0)}s] ${s}\n`);
  for (const m of opts.models) {
    const r = await runModel(m, opts, ort, log);
    rows.push(...r);
    for (const x of r) log(JSON.stringify(x));
    mkdirSync(dirname(opts.json), { recursive: true });
    writeFileSync(
      opts.json,
      JSON.stringify(
        { date: new Date().toISOString(), node: process.version, threads: opts.threads, rows },
        nonFinite,
        1,
      ),
    );
  }
  process.stdout.write(`${corpusMarkdown(rows)}\n`);
  log(`done; ${opts.json}`);
}

if (process.argv[1]?.endsWith('corpus.js') && existsSync(process.argv[1])) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
