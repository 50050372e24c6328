/**
 * Load time (`npm run bench:load`): i8conv's `rt.loadModel(bytes)` against onnxruntime-web's
 * `InferenceSession.create(bytes)` (wasm, one thread, graph optimizations 'all': the options of the corpus and the
 * race) on the same file, in Node.
 *
 * The models: the race's int8 files (fixtures/models/race.ts: MobileNetV2, ResNet-18, PP-OCR det; QDQ with uint8
 * activations), PP-OCR rec quantized the same way (fixtures/models/ppocr.ts), and the corpus models
 * (fixtures/corpus.ts) in their shipped form and in the form i8conv's quantizer makes with its defaults (`<id>/q`,
 * calibrated on 2 feeds). Built files are kept in bench/results/load-models/ (`--fresh` rebuilds them).
 *
 * Modes:
 *   default   one process: per model and i8conv thread count, `--repeats` rounds (default 7), each one i8conv load
 *             and one onnxruntime-web session, in alternating order; each model or session is disposed right after.
 *             Reported: the median of the rounds after the first (warm: the JIT has compiled the loader), the first
 *             round's times (the first load of that model in the process), and i8conv / onnxruntime-web of the
 *             medians. onnxruntime-web's wasm is instantiated before anything is timed (a session on the smallest
 *             model), as i8conv's runtime is created before.
 *   --cold    each model in a fresh process (node runs this script with `--child`): one i8conv load, then one
 *             onnxruntime-web session (its wasm instantiated first, untimed): the first load a page pays.
 *   --stages  where i8conv's load time goes, per model (the loader's stage hook: read, passes, lower, layouts, memory,
 *             build; the build split by step operator), the median of `--repeats` warm loads.
 *
 * Options: --models a,b (ids below; default all) --threads 1,2 (i8conv; default 1,2) --repeats N --json FILE
 * (default bench/results/load.json).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRuntime, type Runtime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { quantizeModel } from '../src/quantize/index.js';
import { CORPUS, feedShapes, readCorpusModel, type CorpusFeed } from '../fixtures/corpus.js';
import { buildRaceModel, type RaceModelId } from '../fixtures/models/race.js';
import { PPOCR, PPOCR_DIR, ppocrQdq } from '../fixtures/models/ppocr.js';
import { loadOrt, type OrtModule } from '../fixtures/models/ort.js';
import { ROOT } from './models-node.js';

interface LoadEntry {
  id: string;
  /** the file's bytes (built once, then read from the cache) */
  bytes: () => Promise<Uint8Array>;
  /** loadModel's inputShapes (the corpus feeds' dims; the race files have fixed shapes) */
  inputShapes?: Record<string, number[]>;
}

const CACHE = join(ROOT, 'bench', 'results', 'load-models');
const readRoot = (p: string) => new Uint8Array(readFileSync(join(ROOT, p)));

function cached(id: string, make: () => Promise<Uint8Array>, fresh: boolean): () => Promise<Uint8Array> {
  return async () => {
    const file = join(CACHE, `${id.replace(/\//g, '.')}.onnx`);
    if (!fresh && existsSync(file)) return new Uint8Array(readFileSync(file));
    const b = await make();
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(file, b);
    return b;
  };
}

const dataPart = (feed: CorpusFeed): Record<string, Float32Array | BigInt64Array> =>
  Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data]));

export function loadEntries(fresh = false): LoadEntry[] {
  const out: LoadEntry[] = [];
  const race: RaceModelId[] = ['mobilenetv2', 'resnet18', 'ppocr-det'];
  for (const id of race) out.push({ id, bytes: cached(id, async () => (await buildRaceModel(id)).onnx, fresh) });
  out.push({
    id: 'ppocr-rec',
    bytes: cached(
      'ppocr-rec',
      async () => (await ppocrQdq('rec', readRoot(join(PPOCR_DIR, PPOCR.rec.file)), { activations: 'uint8' })).qdqBytes,
      fresh,
    ),
  });
  for (const m of CORPUS) {
    const feed = m.feed(0);
    const inputShapes = feedShapes(feed);
    const shipped = () => Promise.resolve(readCorpusModel(m, readRoot));
    out.push({ id: m.id, bytes: shipped, inputShapes });
    out.push({
      id: `${m.id}/q`,
      inputShapes,
      bytes: cached(
        `${m.id}/q`,
        async () =>
          (
            await quantizeModel(await shipped(), {
              calibration: [1, 2].map((s) => dataPart(m.feed(s))),
              inputShapes,
              report: false,
            })
          ).model,
        fresh,
      ),
    });
  }
  return out;
}

interface Options {
  models: string[] | null;
  threads: number[];
  repeats: number;
  json: string;
  fresh: boolean;
}

function parseArgs(argv: string[]): Options {
  const get = (k: string) => {
    const i = argv.indexOf(k);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    models: get('--models')?.split(',') ?? null,
    threads: (get('--threads') ?? '1,2').split(',').map(Number),
    repeats: Number(get('--repeats') ?? 7),
    json: get('--json') ?? join(ROOT, 'bench', 'results', 'load.json'),
    fresh: argv.includes('--fresh'),
  };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : Number.NaN;
}

/** Wall and CPU milliseconds of `fn` (CPU: this process's user + system time, all its threads: on a machine shared
 *  with other work the steadier of the two). */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: Sample }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { value, ms: { wall, cpu: (c.user + c.system) / 1000 } };
}

interface Sample {
  wall: number;
  cpu: number;
}

async function ortCreate(ort: OrtModule, bytes: Uint8Array): Promise<Sample> {
  const { value: s, ms } = await timed(() =>
    ort.InferenceSession.create(bytes, {
      executionProviders: ['wasm'],
      graphOptimizationLevel: 'all',
      logSeverityLevel: 3,
    }),
  );
  await s.release();
  return ms;
}

async function i8Load(rt: Runtime, e: LoadEntry, bytes: Uint8Array): Promise<Sample> {
  const { value: m, ms } = await timed(() =>
    rt.loadModel(bytes, e.inputShapes ? { inputShapes: e.inputShapes } : undefined),
  );
  m.dispose();
  return ms;
}

/** onnxruntime-web instantiates its wasm on the first session: done once, untimed, on a small model. */
async function warmOrt(ort: OrtModule): Promise<void> {
  const alexa = CORPUS.find((m) => m.id === 'oww-alexa');
  if (alexa) await ortCreate(ort, readCorpusModel(alexa, readRoot));
}

interface LoadRow {
  model: string;
  mb: number;
  threads: number;
  /** medians (warm: of the rounds after the first), wall and CPU ms, and i8conv / onnxruntime-web of each */
  i8Ms: number;
  ortMs: number;
  ratio: number;
  i8Cpu: number;
  ortCpu: number;
  cpuRatio: number;
  /** the first round's wall ms */
  i8First: number;
  ortFirst: number;
  i8Samples: Sample[];
  ortSamples: Sample[];
  error?: string;
}

function summarize(row: LoadRow, skipFirst: boolean): void {
  const rest = (xs: Sample[]) => (skipFirst && xs.length > 1 ? xs.slice(1) : xs);
  row.i8First = row.i8Samples[0]?.wall ?? Number.NaN;
  row.ortFirst = row.ortSamples[0]?.wall ?? Number.NaN;
  row.i8Ms = median(rest(row.i8Samples).map((x) => x.wall));
  row.ortMs = median(rest(row.ortSamples).map((x) => x.wall));
  row.i8Cpu = median(rest(row.i8Samples).map((x) => x.cpu));
  row.ortCpu = median(rest(row.ortSamples).map((x) => x.cpu));
  row.ratio = row.i8Ms / row.ortMs;
  row.cpuRatio = row.i8Cpu / row.ortCpu;
}

function emptyRow(model: string, mb: number, threads: number): LoadRow {
  return {
    model,
    mb,
    threads,
    i8Ms: Number.NaN,
    ortMs: Number.NaN,
    ratio: Number.NaN,
    i8Cpu: Number.NaN,
    ortCpu: Number.NaN,
    cpuRatio: Number.NaN,
    i8First: Number.NaN,
    ortFirst: Number.NaN,
    i8Samples: [],
    ortSamples: [],
  };
}

const rowLine = (r: LoadRow) =>
  `${r.model} t${r.threads}: i8conv ${r.i8Ms.toFixed(1)} ms (cpu ${r.i8Cpu.toFixed(1)}), ort ${r.ortMs.toFixed(1)} ms (cpu ${r.ortCpu.toFixed(1)}), ${r.ratio.toFixed(2)}x (cpu ${r.cpuRatio.toFixed(2)}x; first ${r.i8First.toFixed(0)} / ${r.ortFirst.toFixed(0)})${r.error ? ` ERROR ${r.error}` : ''}`;

const msg = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 200);

async function warm(opts: Options, entries: LoadEntry[], log: (s: string) => void): Promise<LoadRow[]> {
  const ort = await loadOrt();
  await warmOrt(ort);
  const rows: LoadRow[] = [];
  for (const threads of opts.threads) {
    const rt = await createRuntime({ threads });
    try {
      for (const e of entries) {
        const bytes = await e.bytes();
        const row = emptyRow(e.id, bytes.length / 2 ** 20, threads);
        try {
          for (let r = 0; r < opts.repeats; r++) {
            if (r % 2 === 0) {
              row.i8Samples.push(await i8Load(rt, e, bytes));
              row.ortSamples.push(await ortCreate(ort, bytes));
            } else {
              row.ortSamples.push(await ortCreate(ort, bytes));
              row.i8Samples.push(await i8Load(rt, e, bytes));
            }
          }
          summarize(row, true);
        } catch (err) {
          row.error = msg(err);
        }
        rows.push(row);
        log(rowLine(row));
      }
    } finally {
      rt.dispose();
    }
  }
  return rows;
}

/** One model, fresh process (`--child`): the first load of each engine. */
async function child(id: string, threads: number): Promise<void> {
  const e = loadEntries().find((x) => x.id === id);
  if (!e) throw new Error(`unknown model ${id}`);
  const bytes = await e.bytes();
  const ort = await loadOrt();
  await warmOrt(ort);
  const rt = await createRuntime({ threads });
  const i8 = await i8Load(rt, e, bytes);
  const o = await ortCreate(ort, bytes);
  rt.dispose();
  process.stdout.write(`${JSON.stringify({ i8, ort: o })}\n`);
}

async function cold(opts: Options, entries: LoadEntry[], log: (s: string) => void): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  const script = fileURLToPath(import.meta.url);
  for (const threads of opts.threads) {
    for (const e of entries) {
      const bytes = await e.bytes(); // builds the cached file before the children read it
      const row = emptyRow(e.id, bytes.length / 2 ** 20, threads);
      for (let r = 0; r < Math.max(1, Math.min(opts.repeats, 5)); r++) {
        try {
          const out = execFileSync(process.execPath, [script, '--child', e.id, String(threads)], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          const j = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { i8: Sample; ort: Sample };
          row.i8Samples.push(j.i8);
          row.ortSamples.push(j.ort);
        } catch (err) {
          row.error = msg(err);
          break;
        }
      }
      summarize(row, false);
      rows.push(row);
      log(`cold ${rowLine(row)}`);
    }
  }
  return rows;
}

/** Where the time goes: the loader's stages (its test hook), the build split by operator. */
async function stages(opts: Options, entries: LoadEntry[]): Promise<string> {
  const lines: string[] = [];
  const rt = await createRuntime({ threads: opts.threads[0] });
  try {
    for (const e of entries) {
      const bytes = await e.bytes();
      const runs: Map<string, number>[] = [];
      for (let r = 0; r < opts.repeats; r++) {
        const acc = new Map<string, number>();
        const add = (k: string, ms: number) => acc.set(k, (acc.get(k) ?? 0) + ms);
        let last = performance.now();
        let cur = 'start';
        const t0 = last;
        loadModelSync(rt, bytes, e.inputShapes ? { inputShapes: e.inputShapes } : undefined, {
          stage: (s) => {
            const now = performance.now();
            // 'build <step>' closes that step's build: charged to the step's operator (the step name's prefix)
            if (s.startsWith('build ')) add(`build ${opOf(s.slice(6))}`, now - last);
            else add(cur, now - last);
            if (!s.startsWith('build ')) cur = s;
            last = now;
          },
        }).dispose();
        add(cur, performance.now() - last);
        add('total', performance.now() - t0);
        runs.push(acc);
      }
      const keys = [...new Set(runs.flatMap((m) => [...m.keys()]))];
      const med = keys.map((k) => [k, median(runs.slice(1).map((m) => m.get(k) ?? 0))] as const);
      med.sort((a, b) => b[1] - a[1]);
      lines.push(`## ${e.id}`, '', '| stage | ms |', '|---|---|');
      for (const [k, v] of med) if (v >= 0.05) lines.push(`| ${k} | ${v.toFixed(2)} |`);
      lines.push('');
    }
  } finally {
    rt.dispose();
  }
  return lines.join('\n');
}

/** A step's operator from its name (name-steps.ts: `<op>#<n>` or the node's name). */
function opOf(step: string): string {
  const i = step.indexOf('#');
  return i > 0 ? step.slice(0, i) : step;
}

function table(rows: readonly LoadRow[], title: string): string {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');
  const x = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : '—');
  const lines = [
    `## ${title}`,
    '',
    '| model | MB | threads | i8conv load ms | onnxruntime-web create ms | i8conv / ORT | CPU ms i8conv / ORT | CPU ratio | first round ms i8conv / ORT |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.model} | ${r.mb.toFixed(2)} | ${r.threads} | ${f(r.i8Ms)} | ${f(r.ortMs)} | ${r.error ? r.error : x(r.ratio)} | ${f(r.i8Cpu)} / ${f(r.ortCpu)} | ${x(r.cpuRatio)} | ${f(r.i8First)} / ${f(r.ortFirst)} |`,
    );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const c = argv.indexOf('--child');
  if (c >= 0) return child(argv[c + 1], Number(argv[c + 2]));
  const opts = parseArgs(argv);
  const all = loadEntries(opts.fresh);
  const entries = opts.models ? opts.models.map((id) => all.find((e) => e.id === id) ?? unknown(id, all)) : all;
  const t0 = Date.now();
  const log = (s: string) => process.stderr.write(`[load ${((Date.now() - t0) / 1000).toFixed(0)}s] ${s}\n`);
  const machine = `Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at start`;
  if (argv.includes('--stages')) {
    process.stdout.write(`# loadModel stages\n\n${machine}\n\n${await stages(opts, entries)}\n`);
    return;
  }
  const isCold = argv.includes('--cold');
  const rows = isCold ? await cold(opts, entries, log) : await warm(opts, entries, log);
  const end = `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at the end`;
  mkdirSync(dirname(opts.json), { recursive: true });
  writeFileSync(
    opts.json,
    JSON.stringify({ date: new Date().toISOString(), machine, end, cold: isCold, rows }, null, 1),
  );
  process.stdout.write(
    `# loadModel vs InferenceSession.create${isCold ? ' (fresh process each)' : ''}\n\n${machine}; ${end}\n\n${table(rows, isCold ? 'cold' : 'warm (median of rounds 2..N)')}\n`,
  );
}

function unknown(id: string, all: readonly LoadEntry[]): never {
  throw new Error(`unknown model ${id} (known: ${all.map((e) => e.id).join(', ')})`);
}

if (process.argv[1]?.endsWith('load.js') && existsSync(process.argv[1])) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
