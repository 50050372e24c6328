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
 *   --cold    each model in fresh processes (node runs this script with `--child`; `--repeats`, at most 6): both
 *             engines started first, untimed (i8conv's runtime created, onnxruntime-web's wasm instantiated on
 *             another model), then the first i8conv load and the first onnxruntime-web session of the model, i8conv
 *             first in even processes and onnxruntime-web first in odd ones, each after the settle time: the first
 *             load an app pays. Reported: the medians over the processes.
 *   --settle MS  idle time before each timed load or session (default 0; 1000 with --cold). On a 2-core machine
 *             onnxruntime-web's session creation leaves V8 compiling its wasm on background threads (dynamic
 *             tier-up) for a while after it returns; whatever is timed right after shares the cores with them
 *             (MobileNetV2's first i8conv load right after onnxruntime-web's first session: 230-280 ms, 80-105 ms
 *             with node --no-wasm-dynamic-tiering, Node 20). The settle time lets that work finish.
 *   --stages  where i8conv's load time goes, per model (the loader's stage hook: read, passes, lower, layouts, memory,
 *             build; the build split by step operator), the median of `--repeats` warm loads.
 *
 * Run with `node --expose-gc` (the npm script does): a full collection before each timed load or session.
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
  /** the corpus feed (seed 0) where there is one (--stages: the first run) */
  feed?: () => Feeds;
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
    const fd = () => dataPart(m.feed(0));
    out.push({ id: m.id, bytes: shipped, inputShapes, feed: fd });
    out.push({
      id: `${m.id}/q`,
      inputShapes,
      feed: fd,
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

/** --settle: milliseconds of idle time before each timed load or session (default 0; --cold: 1000). */
let settleMs = 0;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : Number.NaN;
}

/** Wall and CPU milliseconds of `fn` (CPU: this process's user + system time, all its threads: on a machine shared
 *  with other work the steadier of the two). */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: Sample }> {
  // a full collection first (node --expose-gc, as `npm run bench:load` runs it): neither engine pays for the
  // garbage the other left (onnxruntime-web's sessions leave large buffers behind)
  (globalThis as { gc?: () => void }).gc?.();
  // --settle: the engine's background work of the step before (onnxruntime-web's wasm tier-up) finishes first
  if (settleMs > 0) await new Promise((r) => setTimeout(r, settleMs));
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
        // an engine that refuses the file is dropped from the rounds (its error in the row); the other goes on
        const errors: string[] = [];
        const take = async (engine: string, xs: Sample[], fn: () => Promise<Sample>) => {
          if (errors.some((x) => x.startsWith(engine))) return;
          try {
            xs.push(await fn());
          } catch (err) {
            errors.push(`${engine}: ${msg(err)}`);
          }
        };
        for (let r = 0; r < opts.repeats; r++) {
          const i8 = () => take('i8conv', row.i8Samples, () => i8Load(rt, e, bytes));
          const o = () => take('onnxruntime-web', row.ortSamples, () => ortCreate(ort, bytes));
          if (r % 2 === 0) {
            await i8();
            await o();
          } else {
            await o();
            await i8();
          }
        }
        summarize(row, true);
        if (errors.length) row.error = errors.join('; ');
        rows.push(row);
        log(rowLine(row));
      }
    } finally {
      rt.dispose();
    }
  }
  return rows;
}

/**
 * One model, fresh process (`--child`): both engines started (onnxruntime-web's wasm on another model, i8conv's
 * runtime created), then the first load of the model by each, in the order asked, each after the settle time.
 */
async function child(id: string, threads: number, ortFirst: boolean): Promise<void> {
  const e = loadEntries().find((x) => x.id === id);
  if (!e) throw new Error(`unknown model ${id}`);
  const bytes = await e.bytes();
  const ort = await loadOrt();
  await warmOrt(ort);
  const rt = await createRuntime({ threads });
  let i8: Sample;
  let o: Sample;
  if (ortFirst) {
    o = await ortCreate(ort, bytes);
    i8 = await i8Load(rt, e, bytes);
  } else {
    i8 = await i8Load(rt, e, bytes);
    o = await ortCreate(ort, bytes);
  }
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
      for (let r = 0; r < Math.max(1, Math.min(opts.repeats, 6)); r++) {
        try {
          const args = ['--child', e.id, String(threads), r % 2 ? 'ort' : 'i8', '--settle', String(settleMs)];
          const out = execFileSync(process.execPath, ['--expose-gc', script, ...args], {
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

/** The arrays of a model's inputs: the corpus feed where there is one, else zeros of each input's shape and type. */
function feedsFor(e: LoadEntry, inputs: readonly { name: string; shape: number[]; type: string }[]): Feeds {
  if (e.feed) return e.feed();
  const out: Feeds = {};
  for (const io of inputs) {
    const n = io.shape.reduce((a, b) => a * b, 1);
    out[io.name] = io.type === 'int64' ? new BigInt64Array(n) : new Float32Array(n);
  }
  return out;
}

type Feeds = Record<string, Float32Array | BigInt64Array>;

/**
 * Where the time goes: the loader's stages (its test hook: read, passes, lower, layouts, memory, build, model), the
 * build split into convolutions (steps running a ConvBias, or a float Conv / ConvTranspose kernel) and the rest, the median of `--repeats` loads after the
 * first; then the first run's extra time (its time less the median of the next two: the filters packed at a
 * convolution's first run) and onnxruntime-web's alike.
 */
async function stages(opts: Options, entries: LoadEntry[]): Promise<string> {
  const lines: string[] = [];
  const rt = await createRuntime({ threads: opts.threads[0] });
  const ort = await loadOrt();
  await warmOrt(ort);
  try {
    for (const e of entries) {
      const bytes = await e.bytes();
      const o = e.inputShapes ? { inputShapes: e.inputShapes } : undefined;
      const runs: Map<string, number>[] = [];
      for (let r = 0; r < opts.repeats; r++) {
        const acc = new Map<string, number>();
        const add = (k: string, ms: number) => acc.set(k, (acc.get(k) ?? 0) + ms);
        let last = performance.now();
        let cur = 'start';
        const t0 = last;
        const built: string[] = [];
        const m = loadModelSync(rt, bytes, o, {
          stage: (st) => {
            const now = performance.now();
            if (st.startsWith('build ')) built.push(st.slice(6));
            add(st.startsWith('build ') ? `build ${st.slice(6)}` : cur, now - last);
            if (!st.startsWith('build ')) cur = st;
            last = now;
          },
        });
        add(cur, performance.now() - last);
        add('total', performance.now() - t0);
        // the build, by kind of step: convolutions (a ConvBias algorithm) and the others
        const kinds = new Map(
          m.nodes.map((n) => [n.name, /^WASM|^NAIVE|^conv-f32|^convtranspose-f32/.test(n.algorithm ?? '')]),
        );
        for (const b of built) {
          const ms = acc.get(`build ${b}`) ?? 0;
          acc.delete(`build ${b}`);
          add(kinds.get(b) ? 'build: convolutions' : 'build: other steps', ms);
        }
        m.dispose();
        runs.push(acc);
      }
      const keys = [...new Set(runs.flatMap((x) => [...x.keys()]))];
      const med = keys.map((k) => [k, median(runs.slice(1).map((x) => x.get(k) ?? 0))] as const);
      med.sort((a, b) => b[1] - a[1]);
      lines.push(`## ${e.id}`, '', '| stage | ms |', '|---|---|');
      for (const [k, v] of med) if (v >= 0.05) lines.push(`| ${k} | ${v.toFixed(2)} |`);
      // the first run's extra time, i8conv and onnxruntime-web
      const m = await rt.loadModel(bytes, o);
      const feeds = feedsFor(e, m.inputs);
      const ti = [0, 1, 2].map(() => {
        const t0 = performance.now();
        m.run(feeds);
        return performance.now() - t0;
      });
      m.dispose();
      const s = await ort.InferenceSession.create(bytes, {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'all',
        logSeverityLevel: 3,
      });
      const tensors = Object.fromEntries(
        Object.entries(feeds).map(([k, v]) => {
          const shape = e.inputShapes?.[k] ?? m.inputs.find((x) => x.name === k)!.shape;
          return [k, new ort.Tensor(v instanceof BigInt64Array ? 'int64' : 'float32', v, shape)];
        }),
      );
      const to: number[] = [];
      for (let r = 0; r < 3; r++) {
        const t0 = performance.now();
        const out = await s.run(tensors);
        to.push(performance.now() - t0);
        for (const t of Object.values(out)) t.dispose();
      }
      await s.release();
      const extra = (t: number[]) => t[0] - median(t.slice(1));
      lines.push(
        '',
        `first run: i8conv ${ti[0].toFixed(1)} ms (next ${median(ti.slice(1)).toFixed(1)}: ${extra(ti).toFixed(1)} ms more), onnxruntime-web ${to[0].toFixed(1)} ms (next ${median(to.slice(1)).toFixed(1)}: ${extra(to).toFixed(1)} ms more)`,
        '',
      );
    }
  } finally {
    rt.dispose();
  }
  return lines.join('\n');
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
      `| ${r.model} | ${r.mb.toFixed(2)} | ${r.threads} | ${f(r.i8Ms)} | ${f(r.ortMs)} | ${x(r.ratio)}${r.error ? ` (${r.error})` : ''} | ${f(r.i8Cpu)} / ${f(r.ortCpu)} | ${x(r.cpuRatio)} | ${f(r.i8First)} / ${f(r.ortFirst)} |`,
    );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const isCold = argv.includes('--cold');
  const si = argv.indexOf('--settle');
  settleMs = si >= 0 ? Number(argv[si + 1]) : isCold ? 1000 : 0;
  const c = argv.indexOf('--child');
  if (c >= 0) return child(argv[c + 1], Number(argv[c + 2]), argv[c + 3] === 'ort');
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
  const rows = isCold ? await cold(opts, entries, log) : await warm(opts, entries, log);
  const end = `load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at the end`;
  mkdirSync(dirname(opts.json), { recursive: true });
  writeFileSync(
    opts.json,
    JSON.stringify({ date: new Date().toISOString(), machine, end, cold: isCold, settleMs, rows }, null, 1),
  );
  process.stdout.write(
    `# loadModel vs InferenceSession.create${isCold ? ' (fresh process each)' : ''}\n\n${machine}; ${end}; settle ${settleMs} ms\n\n${table(rows, isCold ? 'cold (median of the processes)' : 'warm (median of rounds 2..N)')}\n`,
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
