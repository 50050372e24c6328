/**
 * The results JSON of the benchmark suite (`bench/results/<timestamp>.json`): its types and a validator.
 * docs/bench.md documents every field; bump SCHEMA_ID when a field changes meaning or is removed (adding an
 * optional field keeps the id).
 */
import type { Mismatch } from './data.js';
import type { SampleOptions } from './stats.js';

export const SCHEMA_ID = 'i8conv-bench/2';

export interface BackendResult {
  /** Multiply-accumulates per second of one convolution, 10^9, from the median time. */
  gmacs: number;
  /** Median time of one convolution, milliseconds; min/max/quartile spread from the same samples. */
  ms: number;
  msMin: number;
  msMax: number;
  /** Interquartile range / median (0.05 = 5%). */
  spread: number;
  samples: number;
  callsPerSample: number;
  /** gmacs / ceilingGmacs. */
  pctCeiling: number;
  /** 'ok': output equal to the oracle's after the first call and after timing; 'mismatch': see mismatches;
   * 'unchecked': no oracle was available. */
  check: 'ok' | 'mismatch' | 'unchecked';
  /** The algorithm that ran (i8conv backends). */
  algo?: string;
  /** The wasm build that ran (i8conv: 'simd128' | 'relaxed'; onnxruntime-web: its wasm file). */
  build?: string;
}

export interface ShapeResult {
  id: string;
  label: string;
  ic: number;
  oc: number;
  h: number;
  w: number;
  k: number;
  s: number;
  pad: number;
  group: number;
  format: 'NCHW44' | 'NCHW_NCHW44';
  oh: number;
  ow: number;
  macs: number;
  backends: Record<string, BackendResult>;
  /** Every backend whose output differed from the oracle (or failed), with where. Never filtered. */
  mismatches: (Mismatch & { phase: 'first-call' | 'after-timing' | 'prepare' })[];
  /** The ceiling loop sampled just before this shape (the machine's speed at that moment; under a varying load,
   * gmacs / ceilingLocalGmacs is the load-adjusted share of the ceiling). */
  ceilingLocalGmacs?: number;
  /** The relaxed dot-add loop (where the build has it) timed in the same round-robin as this shape's backends:
   * the engine's limit under the same machine load as the backends' samples (gmacs / it = share of the limit
   * that a drift of the machine's speed between the start and end of the run does not move). */
  relaxedCeilingRoundsGmacs?: number;
  /** Backends not run on this shape and why (size limit, unsupported, filtered out is NOT listed). */
  skipped: { backend: string; reason: string }[];
}

export interface RelayoutRow {
  mode: string;
  /** Source shape (bench/relayout.ts gives the dims as an array). */
  shape: string | number[];
  bytes: number;
  gbps: number;
  memcpyGbps: number;
  ratio: number;
}

export interface KernelResult {
  name: string;
  filter: number;
  stride: number;
  tile: string;
  isa: string;
  /** Problem the kernel ran on, e.g. "ic=64 oc=8 ow=64 rows=4". */
  problem: string;
  macs: number;
  gmacs: number;
  ms: number;
  spread: number;
  pctCeiling: number;
  /** Output against the oracle, as on the operator level. */
  check: 'ok' | 'mismatch' | 'unchecked';
  /** Why the row has no figure, or why it may not measure this variant alone. */
  error?: string;
}

/** One backend's time on one network layer (per occurrence; the network's sums multiply by the count). */
export interface NetworkTiming {
  /** Median time of one convolution, milliseconds, from the JS input array to the JS output array. */
  ms: number;
  msMin: number;
  msMax: number;
  /** Interquartile range / median. */
  spread: number;
  samples: number;
  callsPerSample: number;
  /** macs / ms. */
  gmacs: number;
}

/** A difference found on the network level: `backend`'s output against `against` ('ort-web-uint8' for i8conv,
 * 'oracle' when the oracle arbitrated, 'ort-web-uint8 - 128' for ort-web-int8, 'none' when it failed to run). */
export interface NetworkMismatch extends Mismatch {
  phase: 'first-call' | 'after-timing' | 'prepare';
  against: string;
  /** The oracle's verdict, when i8conv and onnxruntime-web differ. */
  note?: string;
}

export interface NetworkLayerResult {
  /** First occurrence's name, "+N" when N more convolutions of the network have this shape. */
  name: string;
  /** Every occurrence's name. */
  occurs: string[];
  /** Convolutions of this shape in the network. */
  count: number;
  label: string;
  ic: number;
  oc: number;
  h: number;
  w: number;
  k: number;
  s: number;
  pad: number;
  group: number;
  format: 'NCHW44' | 'NCHW_NCHW44';
  oh: number;
  ow: number;
  /** MACs of one occurrence. */
  macs: number;
  srcZeroPoint: number;
  dstZeroPoint: number;
  /** The algorithm i8conv's heuristic chose; null when i8conv did not run. */
  algo: string | null;
  /** 'i8conv', 'ort-web-uint8', 'ort-web-int8': those that ran. */
  backends: Partial<Record<string, NetworkTiming>>;
  /** Which loop bounds i8conv's kernels on this layer (bench/networks.ts kernelCeilingOf): 'relaxed' (the relaxed
   * dot-add loop, for relaxed-dot kernels) or 'simd128'. Absent in older results (then: simd128). */
  ceilingKind?: 'simd128' | 'relaxed';
  /** macs / the run's ceiling of ceilingKind: the fastest possible time on this engine (NaN when not measured). */
  ceilingMs: number;
  /** i8conv's GMAC/s / the run's ceiling of ceilingKind. */
  pctCeiling: number | null;
  /** The ceilingKind loop's GMAC/s timed in the same rounds as this layer's backends (the machine's speed meanwhile). */
  ceilingSameRoundsGmacs?: number;
  /** i8conv's GMAC/s / ceilingSameRoundsGmacs: the load-independent share of the ceiling (the 1x1 bar uses it). */
  pctCeilingSameRounds?: number | null;
  /** ort-web-uint8 ms / i8conv ms (> 1: i8conv faster). */
  ratioOrtUint8: number | null;
  /** Per backend: 'ok' (equal after the first call and after timing), 'mismatch', 'unchecked'. */
  checks: Record<string, 'ok' | 'mismatch' | 'unchecked'>;
  mismatches: NetworkMismatch[];
}

export interface NetworkBar {
  id: string;
  label: string;
  status: 'met' | 'not met' | 'n/a';
  /** The measured numbers behind the status. */
  detail: string;
}

export interface NetworkResult {
  id: string;
  label: string;
  /** MACs of every convolution of the network (layers times counts). */
  macs: number;
  /** Convolutions in the network (the sum of the counts). */
  convs: number;
  layers: NetworkLayerResult[];
  /** The ceiling loop sampled just before this network. */
  ceilingLocalGmacs?: number;
  /** The sampling of each layer. */
  sampling: SampleOptions;
  /** Wall time of this network's part of the run (data, sessions, checks, timing), seconds. */
  durationS?: number;
  /** Why onnxruntime-web did not run, when it did not. */
  ortUnavailable?: string;
  /** Per backend: sum over layers of ms * count; null when a layer has no time for it. */
  sums: Partial<Record<string, number | null>>;
  /** Sum of the layers' ceiling times (times counts). */
  ceilingMs: number;
  /** The run's ceilings the layers were held to, GMAC/s (null: not measured, or refused by the linearity check). */
  ceilings?: { simd128: number | null; relaxed: number | null };
  bars: NetworkBar[];
}

/** One function's time in the threads section (per call, from the JS source array to the JS output array). */
export type ThreadsTiming = NetworkTiming;

/**
 * One suite shape in the threads section (bench/threads.ts): i8conv on a 1-thread and an N-thread runtime and
 * onnxruntime-web uint8 with numThreads N, timed round-robin in one child process.
 */
export interface ThreadsShapeResult {
  id: string;
  label: string;
  ic: number;
  oc: number;
  h: number;
  k: number;
  s: number;
  group: number;
  format: 'NCHW44' | 'NCHW_NCHW44';
  macs: number;
  /** A "dense shape" of the speed-up bar: group 1, 3x3/5x5/7x7, stride 1 or 2, 32-256 channels in and out. */
  dense: boolean;
  /** The heuristic's algorithm on the N-thread runtime; null when it did not run. */
  algo: string | null;
  /** conv.threaded of the N-thread operator (false: it runs on the calling thread, e.g. under minThreadedMacs). */
  threaded: boolean | null;
  i8conv1: ThreadsTiming | null;
  i8convN: ThreadsTiming | null;
  /** onnxruntime-web uint8, numThreads N (null when it did not run). */
  ortN: ThreadsTiming | null;
  /** Median over the rounds of i8conv 1-thread ms / N-thread ms (the bars use this). */
  speedup: number | null;
  /** i8conv1.ms / i8convN.ms (the ratio of the medians, for comparison). */
  speedupOfMedians: number | null;
  /** Median over the rounds of ortN ms / i8convN ms (> 1: i8conv faster). */
  ratioOrtN: number | null;
  /** onnxruntime-web uint8 1-thread GMAC/s of the main process's operator level (filled in by the main process). */
  ort1Gmacs?: number | null;
  /** ortN GMAC/s / ort1Gmacs (two processes, not interleaved). */
  ortSpeedup?: number | null;
  /** Rounds sampled. */
  rounds: number;
  /** Cores busy with other processes while this shape was timed (Linux /proc/stat; null elsewhere). */
  otherLoad?: number | null;
  /** 'i8conv-1t', 'i8conv-Nt', 'ort-web-uint8-Nt': 'ok' | 'mismatch' | 'unchecked'. */
  checks: Record<string, 'ok' | 'mismatch' | 'unchecked'>;
  mismatches: NetworkMismatch[];
}

/** One distinct layer of a network in the threads section (i8conv 1 thread against N threads). */
export interface ThreadsLayerResult {
  name: string;
  label: string;
  count: number;
  /** MACs of one occurrence. */
  macs: number;
  algo: string | null;
  threaded: boolean | null;
  i8conv1: ThreadsTiming | null;
  i8convN: ThreadsTiming | null;
  speedup: number | null;
  speedupOfMedians: number | null;
  rounds: number;
  /** Cores busy with other processes while this layer was timed (Linux /proc/stat; null elsewhere). */
  otherLoad?: number | null;
  checks: Record<string, 'ok' | 'mismatch' | 'unchecked'>;
  mismatches: NetworkMismatch[];
}

export interface ThreadsNetworkResult {
  id: string;
  label: string;
  macs: number;
  convs: number;
  layers: ThreadsLayerResult[];
  /** Sum over the layers of ms * count, 1 and N threads; null when a layer has no time. */
  sums: { i8conv1: number | null; i8convN: number | null };
  /** sums.i8conv1 / sums.i8convN: the whole network's speed-up. */
  speedup: number | null;
  durationS: number;
}

/** The scaling of an embarrassingly parallel loop on N threads (bench/threads-scaling.ts): context, not a bound. */
export interface LoopScalingResult {
  threads: number;
  /** Which ceiling loop ran: 'simd128' or 'relaxed' (the threaded runtime's build). */
  build: 'simd128' | 'relaxed';
  /** GMAC/s of the loop on one thread alone (median over the rounds) */
  aloneGmacs: number;
  /** GMAC/s of each thread while all N run it (median of the rounds' slowest thread) */
  togetherGmacs: number;
  /** median over rounds of N x alone ms / slowest thread's ms together */
  speedup: number;
  rounds: number;
  /** time(trips) / time(trips / 4) alone, and whether it passed the guard (bench/ceiling.ts checkLinearity). */
  linearity: number;
  linear: boolean;
}

export interface ThreadsSection {
  /** N: the thread count compared with one thread. */
  threads: number;
  i8conv: {
    /** rt.threading of the N-thread runtime. */
    threading: { enabled: boolean; threads: number; reason: string };
    build: string | null;
    /** POOL_MIN_MACS: convolutions below it stay on the calling thread. */
    poolMinMacs: number | null;
  };
  /** onnxruntime-web in the child: ort.env.wasm.numThreads, or why it did not run. */
  ortWeb: { numThreads: number; version: string | null } | { unavailable: string };
  /** Sampling of the suite shapes and of the network layers: `passes` passes over all of them, each a round-robin
   *  measurement per shape with these SampleOptions (minSamples, maxSamples, budgetMs per pass); settleMs: idle
   *  after a threaded sample; primeMs: untimed calls before each sample. */
  sampling: SampleOptions & { passes: number; settleMs: number; primeMs: number };
  networkSampling: SampleOptions & { passes: number; settleMs: number; primeMs: number };
  /** Which ratio the bars use. */
  ratio: string;
  /** --hog N: busy-loop processes that ran beside the section (0 or absent: none); see bench/threads.ts startHogs. */
  hog?: number;
  shapes: ThreadsShapeResult[];
  networks: ThreadsNetworkResult[];
  /** The scaling of an embarrassingly parallel loop on N threads (bench/threads-scaling.ts), measured just before
   *  and just after the section: a register-resident loop alone and on N threads at once. Context for the speed-ups,
   *  not a bound on them. Absent in runs that did not measure it. (Schema i8conv-bench/1 called it `ceiling`.) */
  loopScaling?: { before: LoopScalingResult; after: LoopScalingResult };
  /** Filled in by the main process (needs its onnxruntime-web 1-thread figures). */
  bars: NetworkBar[];
  /** Wall time of the child process, seconds. */
  durationS: number;
  errors: string[];
}

// ---- models level (bench/models.ts) ------------------------------------------------------------------------------

/** One model's time per run (from the JS input Float32Array to the JS output arrays), milliseconds. */
export interface ModelTiming {
  /** Median over the rounds. */
  ms: number;
  msMin: number;
  msMax: number;
  /** Interquartile range / median. */
  spread: number;
  samples: number;
  callsPerSample: number;
}

/** i8conv's output against onnxruntime-web's (float outputs of the same model file, every output concatenated). */
export interface ModelCompare {
  /** What the issue asks of this model: 'exact' (every op a fixed formula: identical values) or 'near' (a
   *  transcendental op, e.g. Sigmoid: >= 99% of the values identical). */
  expect: 'exact' | 'near';
  total: number;
  /** Values that differ. */
  count: number;
  maxAbsDiff: number;
  /** maxAbsDiff in steps of the output's DequantizeLinear scale, where the output comes from one (else null). */
  maxQuanta: number | null;
  /** 'equal'; 'within tolerance' (expect near, >= 99% identical); 'differs' (an i8conv mismatch). */
  status: 'equal' | 'within tolerance' | 'differs';
}

/** One op type's part of i8conv's profiled run (model.run(feeds, { profile: true }), lastProfile). */
export interface ModelOpShare {
  /** The step's op (an ONNX op type after the QDQ fusion: QLinearConv, QLinearAdd...; 'Relayout'; and the row
   *  '(outside the steps)': copying the feeds in and the outputs out, the JS around the steps). */
  op: string;
  steps: number;
  /** Milliseconds per run (median over the profiled runs). */
  ms: number;
  /** ms / the profiled run's end-to-end time. */
  share: number;
  /** A convolution: its steps run on the convolution kernels (they count MACs: QLinearConv, and the matrix
   *  products lowered to 1x1 convolutions). Everything else is "not a convolution". */
  conv: boolean;
  macs: number;
}

export interface ModelBreakdown {
  /** Profiled runs (their per-op times are medians over these). */
  runs: number;
  /** The profiled runs' median end-to-end time (the profile's own timers cost a little; see the timing rows for the speed). */
  totalMs: number;
  ops: ModelOpShare[];
  /** Share of totalMs outside the convolution steps (every other op and the time outside the steps). */
  nonConvShare: number;
  /** Steps per layout (model.nodes). */
  layouts: Record<string, number>;
}

/** A row of the models level: one model on one i8conv runtime against onnxruntime-web on the same file. */
export interface ModelRowResult {
  /** 'mobilenetv2' | 'resnet18' | 'ppocr-det' */
  id: string;
  label: string;
  /** 'default': the runtime's own build, one thread; 'simd128': createRuntime({ build: 'simd128' }), one thread;
   *  'threads': i8conv threads N against onnxruntime-web numThreads N (a child process on Node). */
  set: 'default' | 'simd128' | 'threads';
  threads: number;
  /** i8conv's build and kernels' ISA on this row's runtime. */
  build: string | null;
  isa: string | null;
  input: { name: string; shape: number[] };
  /** The ONNX file's size, bytes (the same file for both). */
  modelBytes: number;
  /** MACs of i8conv's convolution steps (from the profile), null when not profiled. */
  macs: number | null;
  /** model.nodes.length of the 'auto' model, and how many of them are relayouts. */
  steps: number | null;
  relayouts: number | null;
  /** Load times, ms: rt.loadModel (auto, nchw) and InferenceSession.create. */
  loadMs: { i8conv: number | null; i8convNchw: number | null; ort: number | null };
  /** layout 'auto' (the default). */
  i8conv: ModelTiming | null;
  /** layout 'nchw' (the default set only). */
  i8convNchw: ModelTiming | null;
  ort: ModelTiming | null;
  rounds: number;
  /** Median over the rounds of i8conv ms / onnxruntime-web ms (< 1: i8conv faster); the bars use it. */
  ratioOrt: number | null;
  /** i8conv.ms / ort.ms (the ratio of the medians, for comparison). */
  ratioOrtOfMedians: number | null;
  /** Median over the rounds of auto ms / nchw ms (< 1: the NCHW44 planning pays). */
  ratioAutoNchw: number | null;
  /** After the first run and after timing (the worse of the two). */
  compare: ModelCompare | null;
  /** The 'nchw' model's output against the 'auto' one's: must be identical. */
  compareNchw: ModelCompare | null;
  breakdown: ModelBreakdown | null;
  /** model.memoryBytes (weights, arena, scratch). */
  i8convMemoryBytes: number | null;
  /** onnxruntime-web's wasm memory (one per process, shared by its sessions, never shrinks): its size after this
   *  row's runs (a high-water mark of the process's onnxruntime-web so far), and how much it grew while this row's
   *  session was created and run. Null where it could not be read (ModelsSection.ortMemory says why). */
  ortWasmBytes: number | null;
  ortWasmGrowthBytes: number | null;
  /** Cores busy with other processes while the rounds ran (Linux /proc/stat; absent or null elsewhere). */
  otherLoad?: number | null;
  checks: Record<string, 'ok' | 'mismatch' | 'unchecked'>;
  mismatches: NetworkMismatch[];
  /** What the model's builder noted (e.g. PP-OCR: inferShapes refused). */
  notes: string[];
}

export interface ModelsSection {
  /** The selected model ids. */
  models: string[];
  /** The default runtime's build, kernels' ISA and relaxed dot flavour (rt.features). */
  build: string | null;
  isa: string | null;
  dotFlavour: string | null;
  ortWeb: { version: string | null; build: string | null };
  /** How onnxruntime-web's memory was read, or why it could not be. */
  ortMemory: string;
  sampling: SampleOptions;
  /** Rows of every set: default, simd128 (ResNet-18 where the default build is not simd128), threads (with --threads N). */
  rows: ModelRowResult[];
  /** The threads set: N, or why it did not run (not selected, failed). */
  threads: { threads: number; durationS: number } | { unavailable: string };
  bars: NetworkBar[];
  durationS: number;
  /** Time spent building the models (zoo graphs, calibration, quantization), seconds, per model. */
  buildS: Record<string, number>;
  errors: string[];
}

export interface BenchResults {
  schema: typeof SCHEMA_ID;
  createdAt: string;
  durationS: number;
  machine: { platform: string; arch?: string; cpuModel?: string; cpus?: number; userAgent?: string };
  engine: { name: string; version: string; v8?: string };
  /** Which wasm build each engine ran. */
  builds: {
    i8conv: string | null;
    /** the kernels' ISA of i8conv's runtime (rt.features.isa: wasmsimd, wasmrelaxedsimd, wasmusdot, wasmsdot) */
    i8convIsa?: string | null;
    /** what the relaxed dot computed on the engine's first and optimizing tiers (rt.features.dotFlavourTiers) */
    dotFlavourTiers?: (string | null)[] | null;
    /** the probe's relaxed dot flavour (rt.features.dotFlavour: usdot, sdot, saturating), null without relaxed SIMD */
    dotFlavour?: string | null;
    ortWeb: string | null;
    ortWebVersion: string | null;
  };
  options: {
    quick: boolean;
    shapes: string[];
    filter: string | null;
    /** Threads of the operator, network and kernel levels: always 1 (the threads section has its own). */
    threads: 1;
    rounding: 'half-even';
    networks?: string[];
    /** --threads: N of the threads section, 1 when it was skipped. Absent in older results and browser runs. */
    threadsSection?: number;
    /** 'headline': npm start's default (i8conv, its other build, onnxruntime-web uint8; no kernel or relayout
     * section); 'full': every backend and section. Absent in older results (full). */
    scope?: 'full' | 'headline';
  };
  /** What produced the expected outputs. */
  oracle: string;
  /** Median GMAC/s of the base-SIMD ceiling loop (assembly/bench/ceiling.ts), measured in this run. */
  ceilingGmacs: number;
  /** The same kind of loop with relaxed SIMD's dot-add (16 MACs per instruction), where the engine loaded the
   * relaxed build; null elsewhere. For reference only: % of ceiling is always against ceilingGmacs. */
  ceilingRelaxedGmacs?: number | null;
  ceiling: {
    gmacs: number;
    /** Per-measurement GMAC/s: at the start, next to every shape, and at the end of the run. */
    runs: number[];
    /** time(trips) / time(trips/4), the mean of the start and end measurements; ~4 when every trip runs. */
    linearity: number;
    /** The same at the start and at the end of the run (bench/suite.ts checkLinearity judges each). */
    linearityRuns?: number[];
    /** Why the SIMD128 loop was refused as a ceiling (its time did not grow with its trips), or null. When set, the
     * figures against it are printed but no bar is judged against it. */
    refused?: string | null;
    /** The relaxed dot-add loop's linearity at the start and end, and why it was refused (null: accepted). */
    relaxedLinearityRuns?: number[];
    relaxedRefused?: string | null;
  };
  shapes: ShapeResult[];
  /** Kernel level: each micro-kernel of the kernel table on a fixed problem, or why it is absent. */
  kernels: KernelResult[] | { unavailable: string };
  /** Relayout section (bench/relayout.ts), or why it is absent. */
  relayout: RelayoutRow[] | { unavailable: string };
  /** Network level (bench/networks.ts), or why it is absent. Absent in results of older versions. */
  networks?: NetworkResult[] | { unavailable: string };
  /** Threads section: 1 against N threads (bench/threads.ts), or why it is absent. Absent in older results and
   * browser runs. */
  threads?: ThreadsSection | { unavailable: string };
  /** Models level: whole ONNX models end to end (bench/models.ts), or why it is absent. Absent in older results. */
  models?: ModelsSection | { unavailable: string };
  /** All shapes' mismatches together, each with its shape id ("network/<id>/<layer>" for the network level,
   * "threads/<shape id>" and "threads/<network>/<layer>" for the threads section, whose entries say what they were
   * compared `against`). */
  mismatches: (ShapeResult['mismatches'][number] & { shape: string; against?: string; note?: string })[];
  /** Problems that stopped a whole section (a peer that failed to load, ...). */
  errors: string[];
}

/** Returns the problems found (empty when `x` is a valid BenchResults). Checks types, not values' plausibility. */
export function validateResults(x: unknown): string[] {
  const errs: string[] = [];
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const num = (v: unknown, path: string) => {
    if (typeof v !== 'number' || Number.isNaN(v)) errs.push(`${path}: expected a number`);
  };
  const str = (v: unknown, path: string) => {
    if (typeof v !== 'string') errs.push(`${path}: expected a string`);
  };
  if (!isObj(x)) return ['root: expected an object'];
  if (x.schema !== SCHEMA_ID) errs.push(`schema: expected ${SCHEMA_ID}`);
  str(x.createdAt, 'createdAt');
  num(x.durationS, 'durationS');
  if (!isObj(x.machine)) errs.push('machine: expected an object');
  else str(x.machine.platform, 'machine.platform');
  if (!isObj(x.engine)) errs.push('engine: expected an object');
  else {
    str(x.engine.name, 'engine.name');
    str(x.engine.version, 'engine.version');
  }
  if (!isObj(x.builds)) errs.push('builds: expected an object');
  if (!isObj(x.options)) errs.push('options: expected an object');
  str(x.oracle, 'oracle');
  num(x.ceilingGmacs, 'ceilingGmacs');
  if (!isObj(x.ceiling)) errs.push('ceiling: expected an object');
  else {
    num(x.ceiling.gmacs, 'ceiling.gmacs');
    if (!Array.isArray(x.ceiling.runs)) errs.push('ceiling.runs: expected an array');
  }
  if (!Array.isArray(x.shapes)) errs.push('shapes: expected an array');
  else {
    x.shapes.forEach((s: unknown, i) => {
      const p = `shapes[${i}]`;
      if (!isObj(s)) return void errs.push(`${p}: expected an object`);
      str(s.id, `${p}.id`);
      for (const k of ['ic', 'oc', 'h', 'w', 'k', 's', 'macs']) num(s[k], `${p}.${k}`);
      if (!isObj(s.backends)) errs.push(`${p}.backends: expected an object`);
      else {
        for (const [name, b] of Object.entries(s.backends)) {
          const q = `${p}.backends['${name}']`;
          if (!isObj(b)) {
            errs.push(`${q}: expected an object`);
            continue;
          }
          for (const k of ['gmacs', 'ms', 'msMin', 'msMax', 'spread', 'pctCeiling']) num(b[k], `${q}.${k}`);
          if (!['ok', 'mismatch', 'unchecked'].includes(b.check as string)) errs.push(`${q}.check: bad value`);
        }
      }
      if (!Array.isArray(s.mismatches)) errs.push(`${p}.mismatches: expected an array`);
      if (!Array.isArray(s.skipped)) errs.push(`${p}.skipped: expected an array`);
    });
  }
  if (!Array.isArray(x.kernels) && !isObj(x.kernels)) errs.push('kernels: expected an array or an object');
  if (!Array.isArray(x.relayout) && !isObj(x.relayout)) errs.push('relayout: expected an array or an object');
  if (x.networks !== undefined) {
    if (!Array.isArray(x.networks) && !isObj(x.networks)) errs.push('networks: expected an array or an object');
    else if (isObj(x.networks)) str(x.networks.unavailable, 'networks.unavailable');
    else {
      x.networks.forEach((n: unknown, i) => {
        const p = `networks[${i}]`;
        if (!isObj(n)) return void errs.push(`${p}: expected an object`);
        str(n.id, `${p}.id`);
        for (const k of ['macs', 'convs', 'ceilingMs']) num(n[k], `${p}.${k}`);
        if (!isObj(n.sums)) errs.push(`${p}.sums: expected an object`);
        if (!Array.isArray(n.bars)) errs.push(`${p}.bars: expected an array`);
        else {
          n.bars.forEach((b: unknown, j) => {
            if (!isObj(b) || !['met', 'not met', 'n/a'].includes(b.status as string))
              errs.push(`${p}.bars[${j}]: expected { status: met | not met | n/a }`);
          });
        }
        if (!Array.isArray(n.layers)) return void errs.push(`${p}.layers: expected an array`);
        n.layers.forEach((l: unknown, j) => {
          const q = `${p}.layers[${j}]`;
          if (!isObj(l)) return void errs.push(`${q}: expected an object`);
          str(l.name, `${q}.name`);
          for (const k of ['ic', 'oc', 'h', 'k', 's', 'group', 'count', 'macs', 'ceilingMs']) num(l[k], `${q}.${k}`);
          if (!isObj(l.checks)) errs.push(`${q}.checks: expected an object`);
          if (!Array.isArray(l.mismatches)) errs.push(`${q}.mismatches: expected an array`);
          if (!isObj(l.backends)) return void errs.push(`${q}.backends: expected an object`);
          for (const [name, b] of Object.entries(l.backends)) {
            if (!isObj(b)) errs.push(`${q}.backends['${name}']: expected an object`);
            else for (const k of ['ms', 'msMin', 'msMax', 'gmacs']) num(b[k], `${q}.backends['${name}'].${k}`);
          }
        });
      });
    }
  }
  if (x.threads !== undefined) validateThreads(x.threads, errs);
  if (x.models !== undefined) validateModels(x.models, errs);
  if (!Array.isArray(x.mismatches)) errs.push('mismatches: expected an array');
  if (!Array.isArray(x.errors)) errs.push('errors: expected an array');
  return errs;
}

/** The threads section's part of validateResults. */
export function validateThreads(t: unknown, errs: string[] = []): string[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const num = (v: unknown, path: string) => {
    if (typeof v !== 'number' || Number.isNaN(v)) errs.push(`${path}: expected a number`);
  };
  const numOrNull = (v: unknown, path: string) => {
    if (v !== null) num(v, path);
  };
  const timing = (v: unknown, path: string) => {
    if (v === null) return;
    if (!isObj(v)) return void errs.push(`${path}: expected an object or null`);
    for (const k of ['ms', 'msMin', 'msMax', 'spread', 'samples', 'callsPerSample', 'gmacs']) num(v[k], `${path}.${k}`);
  };
  const checks = (v: unknown, path: string) => {
    if (!isObj(v)) return void errs.push(`${path}: expected an object`);
    for (const [k, c] of Object.entries(v))
      if (!['ok', 'mismatch', 'unchecked'].includes(c as string)) errs.push(`${path}['${k}']: bad value`);
  };
  if (!isObj(t)) return [...errs, 'threads: expected an object'];
  if ('unavailable' in t) {
    if (typeof t.unavailable !== 'string') errs.push('threads.unavailable: expected a string');
    return errs;
  }
  num(t.threads, 'threads.threads');
  num(t.durationS, 'threads.durationS');
  if (t.hog !== undefined) num(t.hog, 'threads.hog');
  if (typeof t.ratio !== 'string') errs.push('threads.ratio: expected a string');
  if (!isObj(t.i8conv) || !isObj(t.i8conv.threading)) errs.push('threads.i8conv.threading: expected an object');
  if (!isObj(t.ortWeb)) errs.push('threads.ortWeb: expected an object');
  for (const k of ['sampling', 'networkSampling']) if (!isObj(t[k])) errs.push(`threads.${k}: expected an object`);
  if (!Array.isArray(t.errors)) errs.push('threads.errors: expected an array');
  if (t.loopScaling !== undefined) {
    if (!isObj(t.loopScaling)) errs.push('threads.loopScaling: expected an object');
    else
      for (const w of ['before', 'after']) {
        const c = t.loopScaling[w];
        if (!isObj(c)) errs.push(`threads.loopScaling.${w}: expected an object`);
        else {
          for (const k of ['threads', 'aloneGmacs', 'togetherGmacs', 'speedup', 'rounds', 'linearity'])
            num(c[k], `threads.loopScaling.${w}.${k}`);
          if (typeof c.linear !== 'boolean') errs.push(`threads.loopScaling.${w}.linear: expected a boolean`);
          if (c.build !== 'simd128' && c.build !== 'relaxed')
            errs.push(`threads.loopScaling.${w}.build: expected simd128 or relaxed`);
        }
      }
  }
  if (!Array.isArray(t.bars)) errs.push('threads.bars: expected an array');
  else {
    t.bars.forEach((b: unknown, j) => {
      if (!isObj(b) || !['met', 'not met', 'n/a'].includes(b.status as string) || typeof b.detail !== 'string') {
        errs.push(`threads.bars[${j}]: expected { status: met | not met | n/a, detail }`);
      }
    });
  }
  if (!Array.isArray(t.shapes)) errs.push('threads.shapes: expected an array');
  else {
    t.shapes.forEach((s: unknown, i) => {
      const p = `threads.shapes[${i}]`;
      if (!isObj(s)) return void errs.push(`${p}: expected an object`);
      if (typeof s.id !== 'string') errs.push(`${p}.id: expected a string`);
      for (const k of ['ic', 'oc', 'h', 'k', 's', 'group', 'macs', 'rounds']) num(s[k], `${p}.${k}`);
      if (typeof s.dense !== 'boolean') errs.push(`${p}.dense: expected a boolean`);
      if (s.threaded !== null && typeof s.threaded !== 'boolean')
        errs.push(`${p}.threaded: expected a boolean or null`);
      for (const k of ['i8conv1', 'i8convN', 'ortN']) timing(s[k], `${p}.${k}`);
      for (const k of ['speedup', 'speedupOfMedians', 'ratioOrtN']) numOrNull(s[k], `${p}.${k}`);
      for (const k of ['ort1Gmacs', 'ortSpeedup']) if (s[k] !== undefined) numOrNull(s[k], `${p}.${k}`);
      checks(s.checks, `${p}.checks`);
      if (!Array.isArray(s.mismatches)) errs.push(`${p}.mismatches: expected an array`);
    });
  }
  if (!Array.isArray(t.networks)) errs.push('threads.networks: expected an array');
  else {
    t.networks.forEach((n: unknown, i) => {
      const p = `threads.networks[${i}]`;
      if (!isObj(n)) return void errs.push(`${p}: expected an object`);
      if (typeof n.id !== 'string') errs.push(`${p}.id: expected a string`);
      for (const k of ['macs', 'convs', 'durationS']) num(n[k], `${p}.${k}`);
      numOrNull(n.speedup, `${p}.speedup`);
      if (!isObj(n.sums)) errs.push(`${p}.sums: expected an object`);
      else for (const k of ['i8conv1', 'i8convN']) numOrNull(n.sums[k], `${p}.sums.${k}`);
      if (!Array.isArray(n.layers)) return void errs.push(`${p}.layers: expected an array`);
      n.layers.forEach((l: unknown, j) => {
        const q = `${p}.layers[${j}]`;
        if (!isObj(l)) return void errs.push(`${q}: expected an object`);
        if (typeof l.name !== 'string') errs.push(`${q}.name: expected a string`);
        for (const k of ['count', 'macs', 'rounds']) num(l[k], `${q}.${k}`);
        for (const k of ['i8conv1', 'i8convN']) timing(l[k], `${q}.${k}`);
        for (const k of ['speedup', 'speedupOfMedians']) numOrNull(l[k], `${q}.${k}`);
        checks(l.checks, `${q}.checks`);
        if (!Array.isArray(l.mismatches)) errs.push(`${q}.mismatches: expected an array`);
      });
    });
  }
  return errs;
}

/** The models level's part of validateResults. */
export function validateModels(m: unknown, errs: string[] = []): string[] {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const num = (v: unknown, path: string) => {
    if (typeof v !== 'number' || Number.isNaN(v)) errs.push(`${path}: expected a number`);
  };
  const numOrNull = (v: unknown, path: string) => {
    if (v !== null) num(v, path);
  };
  const timing = (v: unknown, path: string) => {
    if (v === null) return;
    if (!isObj(v)) return void errs.push(`${path}: expected an object or null`);
    for (const k of ['ms', 'msMin', 'msMax', 'spread', 'samples', 'callsPerSample']) num(v[k], `${path}.${k}`);
  };
  const compare = (v: unknown, path: string) => {
    if (v === null) return;
    if (!isObj(v)) return void errs.push(`${path}: expected an object or null`);
    for (const k of ['total', 'count', 'maxAbsDiff']) num(v[k], `${path}.${k}`);
    if (!['equal', 'within tolerance', 'differs'].includes(v.status as string)) errs.push(`${path}.status: bad value`);
    if (!['exact', 'near'].includes(v.expect as string)) errs.push(`${path}.expect: bad value`);
  };
  if (!isObj(m)) return [...errs, 'models: expected an object'];
  if ('unavailable' in m) {
    if (typeof m.unavailable !== 'string') errs.push('models.unavailable: expected a string');
    return errs;
  }
  if (!Array.isArray(m.models)) errs.push('models.models: expected an array');
  if (typeof m.ortMemory !== 'string') errs.push('models.ortMemory: expected a string');
  num(m.durationS, 'models.durationS');
  if (!isObj(m.sampling)) errs.push('models.sampling: expected an object');
  if (!isObj(m.threads)) errs.push('models.threads: expected an object');
  if (!Array.isArray(m.errors)) errs.push('models.errors: expected an array');
  if (!Array.isArray(m.bars)) errs.push('models.bars: expected an array');
  else {
    m.bars.forEach((b: unknown, j) => {
      if (!isObj(b) || !['met', 'not met', 'n/a'].includes(b.status as string) || typeof b.detail !== 'string') {
        errs.push(`models.bars[${j}]: expected { status: met | not met | n/a, detail }`);
      }
    });
  }
  if (!Array.isArray(m.rows)) return [...errs, 'models.rows: expected an array'];
  m.rows.forEach((r: unknown, i) => {
    const p = `models.rows[${i}]`;
    if (!isObj(r)) return void errs.push(`${p}: expected an object`);
    if (typeof r.id !== 'string') errs.push(`${p}.id: expected a string`);
    if (!['default', 'simd128', 'threads'].includes(r.set as string)) errs.push(`${p}.set: bad value`);
    for (const k of ['threads', 'modelBytes', 'rounds']) num(r[k], `${p}.${k}`);
    for (const k of ['i8conv', 'i8convNchw', 'ort']) timing(r[k], `${p}.${k}`);
    for (const k of [
      'ratioOrt',
      'ratioOrtOfMedians',
      'ratioAutoNchw',
      'macs',
      'steps',
      'relayouts',
      'i8convMemoryBytes',
      'ortWasmBytes',
      'ortWasmGrowthBytes',
    ])
      numOrNull(r[k], `${p}.${k}`);
    compare(r.compare, `${p}.compare`);
    compare(r.compareNchw, `${p}.compareNchw`);
    if (r.breakdown !== null) {
      if (!isObj(r.breakdown)) errs.push(`${p}.breakdown: expected an object or null`);
      else {
        num(r.breakdown.totalMs, `${p}.breakdown.totalMs`);
        num(r.breakdown.nonConvShare, `${p}.breakdown.nonConvShare`);
        if (!Array.isArray(r.breakdown.ops)) errs.push(`${p}.breakdown.ops: expected an array`);
        else
          r.breakdown.ops.forEach((o: unknown, j) => {
            if (!isObj(o) || typeof o.op !== 'string')
              return void errs.push(`${p}.breakdown.ops[${j}]: expected { op, ms, share }`);
            num(o.ms, `${p}.breakdown.ops[${j}].ms`);
            num(o.share, `${p}.breakdown.ops[${j}].share`);
          });
      }
    }
    if (!isObj(r.checks)) errs.push(`${p}.checks: expected an object`);
    if (!Array.isArray(r.mismatches)) errs.push(`${p}.mismatches: expected an array`);
  });
  return errs;
}
