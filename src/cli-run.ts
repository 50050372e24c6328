/**
 * `i8conv run MODEL [flags]`: the seed's load_and_run (MegEngine sdk/load-and-run) for ONNX and TFLite int8 models (the
 * file's content decides, src/model/graph/tflite/reader.ts says which TFLite operators are read): loads the model
 * with rt.loadModel, runs it --warmup times and then --iter times on the same feeds, and prints each run's time and
 * their statistics, with the build, dot flavour and threads used.
 *
 *   --iter N            timed runs (default 10)
 *   --warmup N          untimed runs first (default 1; printed as `warm up i: X ms`)
 *   --threads N|auto    createRuntime's threads (default 1)
 *   --build auto|simd128|relaxed   createRuntime's build (default auto)
 *   --layout auto|nchw  loadModel's layout (default auto)
 *   --input NAME:D0,D1,..   binds an input's shape (its symbolic dims); `x` separates dims too (1x3x224x224)
 *   --input NAME=FILE   feeds an input from a .npy array (float32, uint8, int8: the input's type; its shape binds the
 *                       input's), or from a PNG / JPEG image for a float [1, C, H, W] input (resized to H x W,
 *                       values / 255, RGB). Inputs without data get seeded random data (--seed S, default 0):
 *                       float32 uniform in [-1, 1], 8-bit inputs uniform bytes.
 *   --fast-run          profiled algorithm selection (loadModel selection 'profile': each convolution's algorithms
 *                       timed once at load, the fastest kept)
 *   --algo-cache FILE   --fast-run, starting from FILE's selection cache when it exists (createRuntime's
 *                       selectionCache) and writing the cache there after the load
 *   --profile [F.json]  one more run with { profile: true }: per step and per op type (count, total ms, share of the
 *                       steps' time, GMAC/s); with F.json also written as JSON
 *   --model-info        inputs, outputs, steps by op type, multiply-adds, memoryBytes
 *   --io-dump DIR       writes each input and output of the last run as DIR/input_NAME.npy / output_NAME.npy
 *   --compare-ort       also runs the file in onnxruntime-web (an optional peer dependency, imported before anything
 *                       runs; missing: exit 1 naming `npm install onnxruntime-web`; wasm, the same threads and
 *                       feeds): its load time, its run statistics, and the largest output difference
 *
 * Exit codes as the other commands: 0 done, 1 an I8ConvError (a bad model, every unsupported node listed; a bad
 * feed) or a missing file, 2 bad usage. Statistics: mean, population standard deviation, min, max, median.
 */
import { isTflite } from './model/graph/tflite/reader.js';
import { I8ConvError } from './errors.js';
import { createRuntime, type Runtime } from './index.js';
import { decodeImage } from './image/decode.js';
import { imageToTensor } from './image/tensor.js';
import { readNpy, writeNpy, type NpyArray } from './npy.js';
import type { Model, ModelArray } from './model/executor/model.js';
import { importOrt } from './quantize/executors.js';

export class RunUsageError extends Error {}

export interface RunIo {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array): Promise<void>;
  /** creates the folder and its parents (no error when it exists) */
  mkdir(path: string): Promise<void>;
  /** whether a file exists (for --algo-cache) */
  exists(path: string): Promise<boolean>;
  out(line: string): void;
}

export const RUN_USAGE = `usage: i8conv run MODEL.onnx [--iter N] [--warmup N] [--threads N|auto] [--build auto|simd128|relaxed]
         [--layout auto|nchw] [--input NAME:D0,D1,...] [--input NAME=FILE.npy|IMAGE] [--seed S] [--fast-run]
         [--algo-cache FILE] [--profile [FILE.json]] [--model-info] [--io-dump DIR] [--compare-ort]`;

interface RunArgs {
  model: string;
  iter: number;
  warmup: number;
  threads: number | 'auto';
  build: 'auto' | 'simd128' | 'relaxed';
  layout: 'auto' | 'nchw';
  shapes: Record<string, number[]>;
  files: Record<string, string>;
  seed: number;
  fastRun: boolean;
  algoCache: string | null;
  profile: { file: string | null } | null;
  modelInfo: boolean;
  ioDump: string | null;
  compareOrt: boolean;
}

const BOOLEAN = new Set(['--fast-run', '--model-info', '--compare-ort']);
const VALUED = new Set([
  '--iter',
  '--warmup',
  '--threads',
  '--build',
  '--layout',
  '--input',
  '--seed',
  '--algo-cache',
  '--io-dump',
]);

export function parseRun(args: readonly string[]): RunArgs {
  const pos: string[] = [];
  const a: RunArgs = {
    model: '',
    iter: 10,
    warmup: 1,
    threads: 1,
    build: 'auto',
    layout: 'auto',
    shapes: {},
    files: {},
    seed: 0,
    fastRun: false,
    algoCache: null,
    profile: null,
    modelInfo: false,
    ioDump: null,
    compareOrt: false,
  };
  const seen = new Set<string>();
  const int = (flag: string, v: string, min: number): number => {
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > 1e6)
      throw new RunUsageError(`${flag} must be an integer >= ${min}, got '${v}'`);
    return Number(v);
  };
  for (let i = 0; i < args.length; i++) {
    const f = args[i];
    if (!f.startsWith('--')) {
      pos.push(f);
      continue;
    }
    if (seen.has(f) && f !== '--input') throw new RunUsageError(`${f} given twice`);
    seen.add(f);
    if (BOOLEAN.has(f)) {
      if (f === '--fast-run') a.fastRun = true;
      else if (f === '--model-info') a.modelInfo = true;
      else a.compareOrt = true;
      continue;
    }
    if (f === '--profile') {
      // its file is optional: the next argument when it names a .json file
      const next = args[i + 1];
      a.profile = { file: next !== undefined && /\.json$/i.test(next) && !next.startsWith('--') ? next : null };
      if (a.profile.file) i++;
      continue;
    }
    if (!VALUED.has(f)) throw new RunUsageError(`unknown flag ${f}`);
    const v = args[++i];
    if (v === undefined || v.startsWith('--')) throw new RunUsageError(`${f} needs a value`);
    switch (f) {
      case '--iter':
        a.iter = int(f, v, 1);
        break;
      case '--warmup':
        a.warmup = int(f, v, 0);
        break;
      case '--seed':
        a.seed = int(f, v, 0);
        break;
      case '--threads':
        a.threads = v === 'auto' ? 'auto' : int(f, v, 1);
        break;
      case '--build':
        if (v !== 'auto' && v !== 'simd128' && v !== 'relaxed')
          throw new RunUsageError(`--build must be auto, simd128 or relaxed, got '${v}'`);
        a.build = v;
        break;
      case '--layout':
        if (v !== 'auto' && v !== 'nchw') throw new RunUsageError(`--layout must be auto or nchw, got '${v}'`);
        a.layout = v;
        break;
      case '--algo-cache':
        a.algoCache = v;
        a.fastRun = true;
        break;
      case '--io-dump':
        a.ioDump = v;
        break;
      case '--input': {
        const eq = v.indexOf('='),
          colon = v.lastIndexOf(':');
        if (eq > 0) {
          a.files[v.slice(0, eq)] = v.slice(eq + 1);
        } else if (colon > 0) {
          const dims = v
            .slice(colon + 1)
            .split(/[,x]/)
            .map((d) => d.trim());
          if (!dims.length || dims.some((d) => !/^\d+$/.test(d)))
            throw new RunUsageError(`--input ${v}: the shape must be integers separated by ',' or 'x'`);
          a.shapes[v.slice(0, colon)] = dims.map(Number);
        } else {
          throw new RunUsageError(`--input ${v}: expected NAME:D0,D1,... or NAME=FILE`);
        }
        break;
      }
    }
  }
  if (pos.length !== 1) throw new RunUsageError(`expected one MODEL file, got ${pos.length} file argument(s)`);
  a.model = pos[0];
  return a;
}

/** A 32-bit xorshift from a starting state (0 counts as 1): uniform numbers in [0, 1). `quantize --random` uses it too. */
export function xorshift32(state: number): () => number {
  let x = state >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

/** The generator of input `stream` for a seed (reproducible inputs). */
const rng = (seed: number, stream: number) => xorshift32((seed + 1) * 0x9e3779b1 + stream * 0x85ebca6b);

const ARRAY: Record<string, new (n: number) => ModelArray> = {
  float32: Float32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int32: Int32Array,
  int64: BigInt64Array,
  bool: Uint8Array,
  double: Float64Array,
};

/**
 * Seeded random data for a model input (stream: the input's index): float32 / double uniform in [-1, 1], 8-bit inputs
 * uniform bytes. tools/ab-models.mjs feeds both builds with it.
 */
export function randomFeed(inp: { type: string; shape: readonly number[] }, seed: number, stream: number): ModelArray {
  const n = inp.shape.reduce((x, y) => x * y, 1);
  const r = rng(seed, stream);
  const arr = new ARRAY[inp.type](n);
  if (arr instanceof Float32Array || arr instanceof Float64Array) for (let i = 0; i < n; i++) arr[i] = 2 * r() - 1;
  else if (arr instanceof BigInt64Array) for (let i = 0; i < n; i++) arr[i] = BigInt(Math.floor(r() * 256));
  else for (let i = 0; i < n; i++) arr[i] = Math.floor(r() * 256) - (inp.type === 'int8' ? 128 : 0);
  return arr;
}

/** The feed of each model input: its file (.npy or an image), or seeded random data. */
async function makeFeeds(io: RunIo, model: Model, a: RunArgs): Promise<Record<string, ModelArray>> {
  const feeds: Record<string, ModelArray> = {};
  for (const [k, inp] of model.inputs.entries()) {
    const file = a.files[inp.name];
    if (file !== undefined && /\.npy$/i.test(file)) {
      const { data } = readNpy(await io.readFile(file), file);
      feeds[inp.name] = data as ModelArray; // class and length are checked by model.run (BAD_FEED)
    } else if (file !== undefined) {
      const [N, C, H, W] = inp.shape;
      if (inp.type !== 'float32' || inp.shape.length !== 4 || N !== 1 || (C !== 3 && C !== 1)) {
        throw new I8ConvError(
          'BAD_FEED',
          `--input ${inp.name}=${file}: an image feeds a float32 [1, 3 | 1, H, W] input; '${inp.name}' is ${inp.type} [${inp.shape}]`,
          'input',
        );
      }
      feeds[inp.name] = imageToTensor(await decodeImage(await io.readFile(file)), {
        height: H,
        width: W,
        channels: C === 1 ? 'gray' : 'rgb',
      });
    } else {
      feeds[inp.name] = randomFeed(inp, a.seed, k);
    }
  }
  return feeds;
}

/** Binds each .npy feed's shape as the input's shape (loadModel's inputShapes), read before the model loads. */
async function npyShapes(io: RunIo, a: RunArgs): Promise<Record<string, number[]>> {
  const shapes = { ...a.shapes };
  for (const [name, file] of Object.entries(a.files)) {
    if (/\.npy$/i.test(file) && !shapes[name]) shapes[name] = readNpy(await io.readFile(file), file).shape;
  }
  return shapes;
}

export interface RunStats {
  mean: number;
  std: number;
  min: number;
  max: number;
  median: number;
}

export function stats(t: readonly number[]): RunStats {
  const s = [...t].sort((x, y) => x - y);
  const mean = t.reduce((x, y) => x + y, 0) / t.length;
  const std = Math.sqrt(t.reduce((x, y) => x + (y - mean) ** 2, 0) / t.length);
  const median = s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { mean, std, min: s[0], max: s[s.length - 1], median };
}

const ms = (v: number) => v.toFixed(3);
const statLine = (s: RunStats) =>
  `avg ${ms(s.mean)} ms / std ${ms(s.std)} ms / min ${ms(s.min)} ms / max ${ms(s.max)} ms / median ${ms(s.median)} ms`;
const safe = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

function printInfo(model: Model, macsOf: Map<string, number>, out: (s: string) => void): void {
  out('model info:');
  for (const i of model.inputs) out(`  input  ${i.name}: ${i.type} [${i.shape.join(', ')}]`);
  for (const o of model.outputs) out(`  output ${o.name}: ${o.type} [${o.shape.join(', ')}]`);
  const byOp = new Map<string, number>();
  for (const n of model.nodes) byOp.set(n.op, (byOp.get(n.op) ?? 0) + 1);
  out(
    `  steps: ${model.nodes.length} (${[...byOp]
      .sort((x, y) => y[1] - x[1])
      .map(([op, c]) => `${op} ${c}`)
      .join(', ')})`,
  );
  const macs = [...macsOf.values()].reduce((x, y) => x + y, 0);
  out(`  multiply-adds: ${(macs / 1e6).toFixed(1)} M`);
  out(`  memoryBytes: ${model.memoryBytes} (${(model.memoryBytes / 2 ** 20).toFixed(1)} MiB)`);
}

async function printProfile(
  io: RunIo,
  model: Model,
  feeds: Record<string, ModelArray>,
  file: string | null,
): Promise<void> {
  model.run(feeds, { profile: true });
  const p = model.lastProfile!;
  const total = p.reduce((x, e) => x + e.ms, 0);
  const gmacs = (macs: number, t: number) => (macs > 0 && t > 0 ? (macs / t / 1e6).toFixed(1) : '');
  io.out(`profile (one run, ${ms(total)} ms in the steps):`);
  io.out(
    '  #    step'.padEnd(52) +
      'op'.padEnd(26) +
      'algorithm'.padEnd(34) +
      'layout'.padEnd(8) +
      'ms'.padStart(9) +
      'GMAC/s'.padStart(8),
  );
  p.forEach((e, i) =>
    io.out(
      `  ${String(i).padEnd(4)} ${e.name.slice(0, 45).padEnd(46)}${e.op.slice(0, 25).padEnd(26)}${e.algorithm.slice(0, 33).padEnd(34)}${e.layout.padEnd(8)}${ms(e.ms).padStart(9)}${gmacs(e.macs, e.ms).padStart(8)}`,
    ),
  );
  const ops = new Map<string, { count: number; ms: number; macs: number }>();
  for (const e of p) {
    const o = ops.get(e.op) ?? { count: 0, ms: 0, macs: 0 };
    o.count++;
    o.ms += e.ms;
    o.macs += e.macs;
    ops.set(e.op, o);
  }
  const rows = [...ops].sort((x, y) => y[1].ms - x[1].ms);
  io.out(
    '  by op type:'.padEnd(32) +
      'count'.padStart(6) +
      'total ms'.padStart(11) +
      'share'.padStart(8) +
      'GMAC/s'.padStart(8),
  );
  for (const [op, o] of rows)
    io.out(
      `    ${op.slice(0, 27).padEnd(28)}${String(o.count).padStart(6)}${ms(o.ms).padStart(11)}${`${((100 * o.ms) / total).toFixed(1)}%`.padStart(8)}${gmacs(o.macs, o.ms).padStart(8)}`,
    );
  if (file) {
    const json = {
      totalMs: total,
      steps: p,
      ops: rows.map(([op, o]) => ({ op, count: o.count, ms: o.ms, share: o.ms / total, macs: o.macs })),
    };
    await io.writeFile(file, new TextEncoder().encode(JSON.stringify(json, null, 1) + '\n'));
    io.out(`  wrote ${file}`);
  }
}

interface OrtModule {
  env: { wasm: { numThreads?: number } };
  InferenceSession: { create(bytes: Uint8Array, opts: object): Promise<OrtSession> };
  Tensor: new (type: string, data: ModelArray, dims: number[]) => unknown;
}
interface OrtSession {
  run(
    feeds: Record<string, unknown>,
  ): Promise<Record<string, { data: ArrayLike<number | bigint>; dispose?: () => void }>>;
  release(): Promise<void>;
}

async function compareOrt(
  ort: OrtModule,
  io: RunIo,
  bytes: Uint8Array,
  model: Model,
  feeds: Record<string, ModelArray>,
  outs: Record<string, ModelArray>,
  a: RunArgs,
  threads: number,
  mine: RunStats,
): Promise<void> {
  ort.env.wasm.numThreads = threads;
  const t0 = performance.now();
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  io.out(`onnxruntime-web: load model: ${ms(performance.now() - t0)} ms (wasm, numThreads ${threads})`);
  try {
    const input: Record<string, unknown> = {};
    for (const i of model.inputs) input[i.name] = new ort.Tensor(i.type, feeds[i.name], i.shape);
    let last: Record<string, { data: ArrayLike<number | bigint>; dispose?: () => void }> = {};
    const free = () => Object.values(last).forEach((t) => t.dispose?.());
    for (let i = 0; i < a.warmup; i++) {
      free();
      last = await session.run(input);
    }
    const times: number[] = [];
    for (let i = 0; i < a.iter; i++) {
      free();
      const s = performance.now();
      last = await session.run(input);
      times.push(performance.now() - s);
    }
    const st = stats(times);
    io.out(`onnxruntime-web: ${statLine(st)}`);
    io.out(`i8conv / onnxruntime-web: ${(mine.median / st.median).toFixed(2)}x the time (medians)`);
    for (const o of model.outputs) {
      const theirs = last[o.name]?.data;
      if (!theirs) {
        io.out(`  output ${o.name}: onnxruntime-web did not return it`);
        continue;
      }
      const m = outs[o.name];
      let max = 0,
        differ = 0;
      for (let i = 0; i < m.length; i++) {
        const d = Math.abs(Number(m[i]) - Number(theirs[i]));
        if (d > 0 || Number.isNaN(d)) differ++;
        if (d > max || Number.isNaN(d)) max = Number.isNaN(d) ? NaN : d;
      }
      io.out(`  output ${o.name}: max |i8conv - onnxruntime-web| ${max}, ${differ} of ${m.length} values differ`);
    }
    free();
  } finally {
    await session.release();
  }
}

export async function runCommand(io: RunIo, args: readonly string[]): Promise<number> {
  const a = parseRun(args);
  if (/\.tflite$/i.test(a.model) && a.compareOrt)
    throw new RunUsageError('--compare-ort runs ONNX models (onnxruntime-web reads no TFLite file)');
  // onnxruntime-web first (an optional peer dependency): missing, the message names its install and the flag
  const ort = a.compareOrt
    ? ((await importOrt('onnxruntime-web', 'run without --compare-ort', 'compare-ort')) as unknown as OrtModule)
    : null;
  const bytes = await io.readFile(a.model);
  if (/\.tflite$/i.test(a.model) && !isTflite(bytes))
    throw new I8ConvError('BAD_MODEL', `${a.model}: not a TFLite flatbuffer (no 'TFL3' identifier)`, 'model');
  let cache: string | undefined;
  if (a.algoCache && (await io.exists(a.algoCache))) cache = new TextDecoder().decode(await io.readFile(a.algoCache));
  const rt: Runtime = await createRuntime({
    threads: a.threads,
    build: a.build,
    ...(cache ? { selectionCache: cache } : {}),
  });
  try {
    const f = rt.features;
    io.out(
      `i8conv: build ${f.build}, isa ${f.isa}, relaxed dot flavour ${f.dotFlavour ?? 'none (no relaxed SIMD)'}, threads ${rt.threading.threads}${rt.threading.enabled ? '' : ` (${rt.threading.reason})`}${cache ? `, algorithm cache ${a.algoCache} (${Object.keys((JSON.parse(cache) as { entries?: object }).entries ?? {}).length} entries)` : ''}`,
    );
    const inputShapes = await npyShapes(io, a);
    const t0 = performance.now();
    const model = await rt.loadModel(bytes, {
      inputShapes,
      layout: a.layout,
      ...(a.fastRun ? { selection: 'profile' as const } : {}),
    });
    try {
      io.out(`load model: ${ms(performance.now() - t0)} ms${a.fastRun ? ' (fast-run: algorithms profiled)' : ''}`);
      if (a.algoCache) {
        await io.writeFile(a.algoCache, new TextEncoder().encode(JSON.stringify(rt.selectionCache()) + '\n'));
        io.out(`wrote the algorithm cache ${a.algoCache} (${Object.keys(rt.selectionCache().entries).length} entries)`);
      }
      // a model with symbolic input dims that nothing bound loads with no plan: the command needs the dims to feed it
      if (model.plannedShapes().length === 0) {
        const i = model.inputs.find((x) => x.shape.includes(0)) ?? model.inputs[0];
        throw new I8ConvError(
          'BAD_SHAPE',
          `input ${JSON.stringify(i.name)}: its dims are symbolic (read as [${i.shape.join(', ')}]): give --input ${i.name}:SHAPE (e.g. 1x3x224x224) or a .npy feed`,
          `input ${i.name}`,
        );
      }
      const feeds = await makeFeeds(io, model, a);
      let outs: Record<string, ModelArray> = {};
      for (let i = 0; i < a.warmup; i++) {
        const s = performance.now();
        outs = model.run(feeds);
        io.out(`warm up ${i}: ${ms(performance.now() - s)} ms`);
      }
      const times: number[] = [];
      for (let i = 0; i < a.iter; i++) {
        const s = performance.now();
        outs = model.run(feeds);
        times.push(performance.now() - s);
        io.out(`iter ${i + 1}/${a.iter}: ${ms(times[i])} ms`);
      }
      const st = stats(times);
      io.out(statLine(st));
      io.out(
        `(build ${f.build}, relaxed dot flavour ${f.dotFlavour ?? 'none (no relaxed SIMD)'}, threads ${rt.threading.threads}, layout ${a.layout}${a.fastRun ? ', fast-run' : ''})`,
      );
      if (a.modelInfo) {
        model.run(feeds, { profile: true });
        printInfo(model, new Map(model.lastProfile!.map((e) => [e.name, e.macs])), io.out);
      }
      if (a.profile) await printProfile(io, model, feeds, a.profile.file);
      if (a.ioDump) {
        await io.mkdir(a.ioDump);
        const dir = a.ioDump.replace(/\/+$/, '');
        for (const i of model.inputs)
          await io.writeFile(`${dir}/input_${safe(i.name)}.npy`, writeNpy(feeds[i.name] as NpyArray, i.shape));
        for (const o of model.outputs)
          await io.writeFile(`${dir}/output_${safe(o.name)}.npy`, writeNpy(outs[o.name] as NpyArray, o.shape));
        io.out(`wrote ${model.inputs.length} input(s) and ${model.outputs.length} output(s) as .npy under ${dir}`);
      }
      if (ort) await compareOrt(ort, io, bytes, model, feeds, outs, a, rt.threading.threads, st);
      return 0;
    } finally {
      model.dispose();
    }
  } finally {
    rt.dispose();
  }
}
