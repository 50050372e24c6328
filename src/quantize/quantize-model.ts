/**
 * quantizeModel: a float ONNX model -> a QDQ int8 ONNX model (opset 13+) and a report, the way onnxruntime's static
 * quantizer (QuantFormat.QDQ) makes one, in JavaScript. Any model its float executor runs can be quantized: an
 * operator the planner does not quantize stays float with its reason in the report, whether i8conv runs it or not.
 *
 *   1. check everything (before any work): the options (INVALID_PARAM: unknown keys, bad values, an empty
 *      calibration set, a `keepFloat` name that names no node), the bytes (BAD_MODEL), the input shapes (BAD_SHAPE: a
 *      symbolic dim left unbound), the interpreter's operators when one is the executor (UNSUPPORTED_OP), every
 *      calibration and evaluation feed (BAD_FEED: a missing or unknown input name, an array of another type than the
 *      input's (Float32Array for float32, BigInt64Array for int64, ...), a length other than the input's bound shape).
 *      The feeds are read into arrays first, so that a bad one is refused before the first run (they are held at once).
 *   2. prepare the float graph (prepare.ts: shapes, Constant -> initializers, Identity, BatchNormalization folding,
 *      opset 13). i8conv's shape rules are a help, not a condition: a node they do not cover gets unknown shapes (a
 *      note in the report) and the executor runs it.
 *   2b. equalize (`equalize`, default true, per-channel weights only; equalize.ts): for each Conv -> (Relu) ->
 *      depthwise Conv pair, run the part of the graph that computes the first Conv's output on every feed (a pass
 *      of its own), take each channel's largest |value|, and rescale the two Convs' weights so that every channel
 *      spans the widest one's range.
 *   3. calibrate: run the prepared graph on every feed with every float value made an output (executors.ts,
 *      `executor` 'onnxruntime-web' (default) or a FloatInterpreter such as 'i8conv/reference's
 *      referenceInterpreter) and give each float value (graph inputs included) to its observer (observers.ts), of the
 *      activation type (`activations` 'uint8' (default, onnxruntime's U8S8) or 'int8'), asymmetric (TQT: symmetric,
 *      power of two); a min / max observer beside it. The root of an element-wise chain that is constant outside an
 *      interval (chains.ts; with `elementwise` 'table', the default of `ops: 'default'`) is observed clamped to it.
 *      `observer: 'auto'` (the default): histogram ranges, min / max for the values that feed a graph output
 *      (ranges.ts).
 *   4. plan (plan.ts, with the operator rules of `ops`, ops.ts): weights symmetric int8 narrow range, `weights`
 *      'per-channel' (default) or 'per-tensor'; int32 bias; nodes in `keepFloat` stay float.
 *   5. evaluate (with `report`, the default, where observer 'auto', the ranking or targetSqnr asks for it;
 *      evaluate.ts, switch-graph.ts): one session of the float graph with a
 *      switchable Q/DQ on every value the plan quantizes runs, on every evaluation feed (`evaluation`, default the
 *      calibration feeds): the float outputs, the plan, and with 'auto' the plan with min / max everywhere: where
 *      the rule loses to it by more than 0.5 dB on a graph output, min / max is taken (a note says so).
 *      Then (`rankLayers`; by default only where an output is below 'good') each quantized node alone, on the first
 *      RANK_FEEDS evaluation feeds: the layers ranked by the output SQNR each gives alone (most harmful first), or a
 *      note that they were not ranked. With `targetSqnr`, the most harmful
 *      layers are kept float, as few as a bisection over the ranking finds, until every graph output reaches it.
 *   6. write the QDQ model (qdq.ts). The graph inputs and outputs keep the declarations of the given model (symbolic
 *      dims stay symbolic), and what the float model computes from its inputs' dims is computed again, not the
 *      calibration shapes' constants (dynamic-shapes.ts; where it cannot be, the model declares the bound dims, with a
 *      note).
 *   7. report: a last pass over the evaluation feeds runs the float graph and the written QDQ model (on the executor,
 *      or on `runtime.loadModel` when an i8conv runtime is given and loads it; else the executor, with a note) and
 *      measures, per graph output, SQNR, mean cosine, max |error| and a verdict (evaluate.ts), and per quantized
 *      activation the SQNR of its float values against their fake quantization (fake-quant.ts); per weight / bias /
 *      constant the SQNR of its own quantization. It names every node left float, with the reason.
 * `onProgress(i, n, phase)` is called after each run, i of the n runs of its phase ('equalize', 'calibrate',
 * 'evaluate', 'rank', 'target' (one call series per trial), 'report').
 */
import { I8ConvError, check } from '../errors.js';
import type { ElementType, Graph, TensorData } from '../model/graph/ir.js';
import { checkLoadOptions } from '../model/load.js';
import { rowFor } from '../model/lowering/registry.js';
import { readOnnxModel } from '../model/graph/onnx/reader.js';
import { writeOnnxModel } from '../model/graph/onnx/writer.js';
import { restoreShapeComputations } from './dynamic-shapes.js';
import { readsOf } from '../model/graph/subgraphs.js';
import {
  importOrt,
  interpreterExecutor,
  ortExecutor,
  probeGraph,
  type Feed,
  type FeedValue,
  type FloatExecutor,
  type FloatInterpreter,
  type ModelRuntime,
} from './executors.js';
import {
  Evaluator,
  OutputMeter,
  VERDICT_DB,
  aloneConfig,
  configOf,
  fakeInits,
  verdictOf,
  worst,
  type OutputStats,
  type Verdict,
} from './evaluate.js';
import { SqnrMeter, fakeQuantize } from './fake-quant.js';
import { numel, valueInfo } from './graph.js';
import { snapshotView } from '../views.js';
import { clampTo, flatIntervals } from './chains.js';
import { channelAbsMax, equalizationPairs, equalize } from './equalize.js';
import { MinMaxObserver, OBSERVERS, type Observer, type ObserverKind } from './observers.js';
import { checkOps, opRules, type OpsOption } from './ops.js';
import type { QType, QuantParams } from './params.js';
import { planQuantization, type FloatNode } from './plan.js';
import { floatValues, prepareFloatGraph, widenFloat16 } from './prepare.js';
import { writeQdq } from './qdq.js';
import { GUARD_DB, outputFeeders } from './ranges.js';
import { SwitchGraph } from './switch-graph.js';

export type { ObserverKind } from './observers.js';
export type { OpsOption } from './ops.js';
export type { Verdict } from './evaluate.js';

/** A model input's data: Float32Array for float32 inputs, BigInt64Array for int64, Int32Array, Uint8Array (uint8,
 * bool), Int8Array, Float64Array (double). */
export type InputData = Float32Array | BigInt64Array | Int32Array | Uint8Array | Int8Array | Float64Array;
export type CalibrationFeed = Record<string, InputData>;
type Feeds = Iterable<CalibrationFeed> | AsyncIterable<CalibrationFeed>;

/** How many evaluation feeds the layer ranking runs each layer on (at most). */
export const RANK_FEEDS = 4;

export interface QuantizeModelOptions {
  /** the calibration samples, each a feed of every model input (8-64 is typical) */
  calibration: Feeds;
  /** the samples the report judges the outputs on (held-out ones, ideally); default: the calibration samples */
  evaluation?: Feeds;
  /** binds symbolic input dims, as rt.loadModel's */
  inputShapes?: Record<string, number[]>;
  activations?: QType;
  weights?: 'per-channel' | 'per-tensor';
  /**
   * 'auto' (default): histogram ranges, min / max for the values that feed a graph output, and min / max everywhere
   * where that measures better on a graph output (ranges.ts); or one observer for every value
   */
  observer?: ObserverKind | 'auto';
  /**
   * which operators are quantized (ops.ts): 'default' (i8conv's rules), 'all' (onnxruntime's QDQ quantizer's
   * operator list and rules), 'convs' (Conv, MatMul, Gemm only), or a list of operator types
   */
  ops?: OpsOption;
  /**
   * nodes to keep float (their weights float, no Q/DQ of their own), by name; an unnamed node by the name of its
   * first output (as the report's `layers` name it)
   */
  keepFloat?: string[];
  /** the earlier name of keepFloat (both may be given; their union is kept float) */
  exclude?: string[];
  /**
   * dB: keep the layers that harm the outputs most float (the ranking's order) until every graph output's SQNR on
   * the evaluation feeds reaches it. Needs the report (report: true)
   */
  targetSqnr?: number;
  /**
   * rank the layers by the output SQNR each gives alone (one run per quantized node on each of the first RANK_FEEDS
   * evaluation feeds; a number: on that many feeds). Default: only where an output is below 'good' (30 dB);
   * true: always; false: never. targetSqnr ranks them in any case
   */
  rankLayers?: boolean | number;
  /**
   * the float executor of calibration and evaluation (and of the report's QDQ run when no `runtime` is given):
   * 'onnxruntime-web' (the default; an optional peer dependency) or a FloatInterpreter, e.g.
   * `referenceInterpreter` of 'i8conv/reference' (no dependency, slow)
   */
  executor?: 'onnxruntime-web' | FloatInterpreter;
  /**
   * equalize the activation ranges of each Conv -> (Relu) -> depthwise Conv pair from the calibration data before
   * calibrating (equalize.ts; default true, with per-channel weights only: with per-tensor ones it would move error
   * into the weights)
   */
  equalize?: boolean;
  /**
   * 'table' (default with ops 'default'): Add / Mul / Sigmoid / LeakyRelu nodes inside an element-wise chain of two
   * or more nodes on one value stay float, so the chain is rounded once where it ends (and runs as one table in
   * i8conv); 'quantize' (default with the other `ops`): onnxruntime's rule, each with its own output range (plan.ts)
   */
  elementwise?: 'table' | 'quantize';
  /**
   * false: no evaluation and no report pass (half the time of a large model): observer 'auto' is its rule alone,
   * `outputs` and `layers` are empty, the activations' sqnrDb NaN, qdqExecutor 'none'; ranges, parameters and the
   * weights' SQNR are still reported
   */
  report?: boolean;
  /** an i8conv runtime (createRuntime()): the report runs the QDQ model with rt.loadModel instead of the executor */
  runtime?: ModelRuntime;
  onProgress?: (i: number, n: number, phase: Phase) => void;
}

export type Phase = 'equalize' | 'calibrate' | 'evaluate' | 'rank' | 'target' | 'report';

export interface TensorReport {
  name: string;
  kind: 'activation' | 'weight' | 'bias' | 'constant';
  /** the range the parameters come from (activations: the observer's; others: the data's) */
  min: number;
  max: number;
  /** one scale, or one per channel */
  scale: number | number[];
  zeroPoint: number;
  type: 'uint8' | 'int8' | 'int32';
  /** 10 log10(sum x^2 / sum (x - fakeQuantize(x))^2) over the evaluation data (or the initializer), dB */
  sqnrDb: number;
  /** activations: the observer whose range was taken ('minmax' where 'auto' kept the full range) */
  range?: ObserverKind;
}

export interface OutputReport {
  name: string;
  /** 10 log10(sum float^2 / sum (int8 - float)^2) over the evaluation feeds, dB */
  sqnrDb: number;
  /** the cosine of the int8 output against the float one, all evaluation feeds' values together */
  cosine: number;
  /** max |int8 - float| over the evaluation feeds */
  maxAbsError: number;
  /** how many int8 values are NaN or infinite where the float ones are finite (then sqnrDb is -Infinity) */
  nonFinite: number;
  /** 'good' (>= 30 dB), 'fair' (>= 20 dB), 'poor' */
  verdict: Verdict;
  /** observer 'auto': this output's SQNR with min / max ranges everywhere (the same plan otherwise), dB */
  minmaxSqnrDb?: number;
}

/** A quantized node, by the output error it gives when it is the only quantized node. */
export interface LayerReport {
  /** the node's name (an unnamed node: its first output's), as keepFloat takes it */
  node: string;
  opType: string;
  /** the worst graph output's SQNR with only this node quantized, dB (on the first RANK_FEEDS evaluation feeds) */
  sqnrDb: number;
  /** that output */
  output: string;
}

export interface QuantizeReport {
  samples: number;
  evaluationSamples: number;
  observer: ObserverKind | 'auto';
  ops: OpsOption;
  activations: QType;
  weights: 'per-channel' | 'per-tensor';
  /** 'onnxruntime-web' or the interpreter's name ('reference' for referenceInterpreter) */
  executor: string;
  /** what ran the QDQ model for `outputs`: 'i8conv' (the runtime given) or the executor */
  qdqExecutor: string;
  /** the worst output's verdict, in a sentence that names what to do */
  verdict: { level: Verdict; text: string };
  outputs: OutputReport[];
  /** quantized nodes ranked, most harmful first (empty without ranking) */
  layers: LayerReport[];
  /** the nodes kept float by keepFloat and by targetSqnr */
  keptFloat: string[];
  /** targetSqnr: whether every output reached it, and the nodes it kept float */
  target?: { sqnrDb: number; reached: boolean; added: string[] };
  tensors: TensorReport[];
  /** nodes left float, with the reason */
  floatNodes: FloatNode[];
  /** Relu / Clip nodes removed into their producer's output range */
  absorbed: FloatNode[];
  /** what the quantizer decided or could not do that the rest does not show (one sentence each) */
  notes: string[];
}

const KEYS = new Set([
  'calibration',
  'evaluation',
  'inputShapes',
  'activations',
  'weights',
  'observer',
  'ops',
  'keepFloat',
  'exclude',
  'targetSqnr',
  'rankLayers',
  'equalize',
  'elementwise',
  'report',
  'executor',
  'runtime',
  'onProgress',
]);

interface Checked {
  calibration: Feeds;
  evaluation?: Feeds;
  inputShapes?: Record<string, number[]>;
  activations: QType;
  weights: 'per-channel' | 'per-tensor';
  observer: ObserverKind | 'auto';
  ops: OpsOption;
  keepFloat: string[];
  targetSqnr?: number;
  rankFeeds: number;
  /** rankLayers not given: rank only where an output is below 'good' */
  rankIfNeeded: boolean;
  executor: 'onnxruntime-web' | FloatInterpreter;
  equalize: boolean;
  elementwise: 'table' | 'quantize';
  report: boolean;
  runtime?: ModelRuntime;
  onProgress?: QuantizeModelOptions['onProgress'];
}

const isFeeds = (cal: unknown): boolean => {
  const c = cal as Record<symbol, unknown> | undefined;
  return (
    typeof c === 'object' &&
    c !== null &&
    (typeof c[Symbol.iterator] === 'function' || typeof c[Symbol.asyncIterator] === 'function')
  );
};

function checkOptions(opts: unknown): Checked {
  check(
    typeof opts === 'object' && opts !== null && !Array.isArray(opts),
    'INVALID_PARAM',
    'opts',
    'must be an object (QuantizeModelOptions) with a calibration set',
  );
  const o = opts as QuantizeModelOptions;
  for (const k of Object.keys(o))
    check(KEYS.has(k), 'INVALID_PARAM', k, () => `is not an option of quantizeModel (known: ${[...KEYS].join(', ')})`);
  check(
    isFeeds(o.calibration),
    'INVALID_PARAM',
    'calibration',
    'must be an Iterable or AsyncIterable of feeds ({ [input]: Float32Array })',
  );
  check(
    o.evaluation === undefined || isFeeds(o.evaluation),
    'INVALID_PARAM',
    'evaluation',
    'must be an Iterable or AsyncIterable of feeds ({ [input]: Float32Array }) or omitted',
  );
  const activations = o.activations ?? 'uint8';
  check(
    activations === 'uint8' || activations === 'int8',
    'INVALID_PARAM',
    'activations',
    () => `must be 'uint8' or 'int8', got ${String(activations)}`,
  );
  const weights = o.weights ?? 'per-channel';
  check(
    weights === 'per-channel' || weights === 'per-tensor',
    'INVALID_PARAM',
    'weights',
    () => `must be 'per-channel' or 'per-tensor', got ${String(weights)}`,
  );
  const observer = o.observer ?? 'auto';
  check(
    observer === 'auto' || Object.hasOwn(OBSERVERS, observer),
    'INVALID_PARAM',
    'observer',
    () => `must be 'auto' or one of ${Object.keys(OBSERVERS).join(', ')}, got ${String(observer)}`,
  );
  const ops = o.ops ?? 'default';
  checkOps(ops);
  const executor = o.executor ?? 'onnxruntime-web';
  const isInterpreter = (e: unknown): e is FloatInterpreter =>
    typeof e === 'object' &&
    e !== null &&
    typeof (e as FloatInterpreter).run === 'function' &&
    typeof (e as FloatInterpreter).supports === 'function' &&
    typeof (e as FloatInterpreter).name === 'string';
  check(
    executor === 'onnxruntime-web' || isInterpreter(executor),
    'INVALID_PARAM',
    'executor',
    () =>
      `must be 'onnxruntime-web' or a FloatInterpreter (e.g. referenceInterpreter from 'i8conv/reference'), got ${String(executor)}`,
  );
  const names = (k: 'keepFloat' | 'exclude'): string[] => {
    const v = o[k] ?? [];
    check(
      Array.isArray(v) && v.every((e) => typeof e === 'string'),
      'INVALID_PARAM',
      k,
      'must be an array of node names',
    );
    return v;
  };
  const keepFloat = [...new Set([...names('keepFloat'), ...names('exclude')])];
  const equalize = o.equalize ?? true;
  check(typeof equalize === 'boolean', 'INVALID_PARAM', 'equalize', () => `must be a boolean, got ${String(equalize)}`);
  const report = o.report ?? true;
  check(typeof report === 'boolean', 'INVALID_PARAM', 'report', () => `must be a boolean, got ${String(report)}`);
  const elementwise = o.elementwise ?? opRules(ops).elementwise;
  check(
    elementwise === 'table' || elementwise === 'quantize',
    'INVALID_PARAM',
    'elementwise',
    () => `must be 'table' or 'quantize', got ${String(elementwise)}`,
  );
  check(
    o.targetSqnr === undefined || (typeof o.targetSqnr === 'number' && Number.isFinite(o.targetSqnr)),
    'INVALID_PARAM',
    'targetSqnr',
    () => `must be a finite number of dB or omitted, got ${String(o.targetSqnr)}`,
  );
  check(
    o.targetSqnr === undefined || report,
    'INVALID_PARAM',
    'targetSqnr',
    'needs the evaluation of the report: give report: true (the default)',
  );
  const rank = o.rankLayers ?? true;
  check(
    typeof rank === 'boolean' || (Number.isInteger(rank) && rank >= 1),
    'INVALID_PARAM',
    'rankLayers',
    () => `must be a boolean or a number of feeds (1 or more), got ${String(rank)}`,
  );
  check(
    o.onProgress === undefined || typeof o.onProgress === 'function',
    'INVALID_PARAM',
    'onProgress',
    'must be a function (i, n, phase) or omitted',
  );
  check(
    o.runtime === undefined ||
      (typeof o.runtime === 'object' && o.runtime !== null && typeof o.runtime.loadModel === 'function'),
    'INVALID_PARAM',
    'runtime',
    'must be an i8conv runtime (createRuntime()) or omitted',
  );
  checkLoadOptions(o.inputShapes === undefined ? {} : { inputShapes: o.inputShapes });
  return {
    calibration: o.calibration,
    evaluation: o.evaluation,
    inputShapes: o.inputShapes,
    activations,
    weights,
    observer,
    ops,
    keepFloat,
    targetSqnr: o.targetSqnr,
    rankFeeds: rank === true ? RANK_FEEDS : rank === false ? 0 : rank,
    rankIfNeeded: o.rankLayers === undefined,
    executor,
    equalize,
    elementwise,
    report,
    runtime: o.runtime,
    onProgress: o.onProgress,
  };
}

/** The typed array each element type's feed must be. */
const ARRAY_OF: Record<ElementType, { new (n: number): TensorData; name: string }> = {
  float32: Float32Array,
  int64: BigInt64Array,
  int32: Int32Array,
  uint8: Uint8Array,
  bool: Uint8Array,
  int8: Int8Array,
  double: Float64Array,
  float16: Uint16Array,
};

/** Reads and checks every feed of a set (see the header). */
async function readFeeds(cal: Feeds, g: Graph, param: 'calibration' | 'evaluation'): Promise<Feed[]> {
  const inputs = g.inputs.filter((v) => !g.initializers.has(v.name));
  for (const v of inputs)
    check(
      v.type !== null,
      'BAD_FEED',
      `${param}.${v.name}`,
      () => `the model input is of an element type quantizeModel does not feed (ONNX type ${v.onnxElemType})`,
    );
  const feeds: Feed[] = [];
  const take = (feed: unknown) => {
    const k = feeds.length;
    check(
      typeof feed === 'object' && feed !== null && !Array.isArray(feed),
      'BAD_FEED',
      `${param}[${k}]`,
      'must be an object { [input]: Float32Array }',
    );
    const rec = feed as Record<string, unknown>;
    for (const name of Object.keys(rec))
      check(
        inputs.some((v) => v.name === name),
        'BAD_FEED',
        `${param}[${k}].${name}`,
        () => `names no model input (inputs: ${inputs.map((v) => v.name).join(', ')})`,
      );
    const m = new Map<string, FeedValue>();
    for (const v of inputs) {
      const type = v.type as ElementType;
      const want = ARRAY_OF[type];
      const a = Object.hasOwn(rec, v.name) ? rec[v.name] : undefined;
      check(a !== undefined, 'BAD_FEED', `${param}[${k}].${v.name}`, 'is missing');
      // read once (views.ts) and copied: the feed computed on is the one checked, whatever its getters answer later
      // or the caller does to its buffer while the next feeds are read
      const s = snapshotView(a);
      check(
        s?.type === want.name,
        'BAD_FEED',
        `${param}[${k}].${v.name}`,
        () => `must be a ${want.name} (the input is ${type})`,
      );
      const dims = v.shape as number[];
      check(
        s.length === numel(dims),
        'BAD_FEED',
        `${param}[${k}].${v.name}`,
        () => `expected ${numel(dims)} elements ([${dims}]), got ${s.length}`,
      );
      check(s.bytes !== null, 'BAD_FEED', `${param}[${k}].${v.name}`, 'its buffer is detached');
      const data = new want(s.length);
      new Uint8Array(data.buffer).set(s.bytes);
      m.set(v.name, { data, dims, type });
    }
    feeds.push(m);
  };
  const c = cal as unknown as Record<symbol, unknown>;
  if (typeof c[Symbol.asyncIterator] === 'function') for await (const feed of cal as AsyncIterable<unknown>) take(feed);
  else for (const feed of cal as Iterable<unknown>) take(feed);
  check(feeds.length > 0, 'INVALID_PARAM', param, 'is empty: give at least one feed');
  return feeds;
}

function initRange(data: ArrayLike<number>): [number, number] {
  let mn = Infinity;
  let mx = -Infinity;
  for (let i = 0; i < data.length; i++) {
    mn = Math.min(mn, data[i]);
    mx = Math.max(mx, data[i]);
  }
  return [mn, mx];
}

/** The part of a graph that computes `values` (made its outputs): their producers and what those read, transitively. */
function upTo(g: Graph, values: readonly string[]): Graph {
  const producer = new Map<string, number>();
  g.nodes.forEach((n, i) => n.outputs.forEach((o) => o && producer.set(o, i)));
  const keep = new Set<number>();
  const stack = [...values];
  while (stack.length) {
    const i = producer.get(stack.pop()!);
    if (i === undefined || keep.has(i)) continue;
    keep.add(i);
    stack.push(...readsOf(g.nodes[i]));
  }
  const nodes = g.nodes.filter((_, i) => keep.has(i));
  const used = new Set(nodes.flatMap(readsOf));
  return {
    ...g,
    nodes,
    initializers: new Map([...g.initializers].filter(([k]) => used.has(k))),
    outputs: values.map((v) => valueInfo(v, 'float32', null)),
  };
}

/** How the report and keepFloat name a node: its name, or the name of its first output where it has none. */
const nodeName = (n: { name: string; outputs: readonly string[] }) => n.name || n.outputs[0];

/** A float ONNX model -> { model: QDQ ONNX bytes, report } (see the header). */
export async function quantizeModel(
  floatOnnxBytes: Uint8Array | ArrayBuffer,
  options: QuantizeModelOptions,
): Promise<{ model: Uint8Array; report: QuantizeReport }> {
  const o = checkOptions(options);
  check(
    floatOnnxBytes instanceof Uint8Array || floatOnnxBytes instanceof ArrayBuffer,
    'INVALID_PARAM',
    'floatOnnxBytes',
    'must be a Uint8Array or an ArrayBuffer holding an ONNX model',
  );
  const read = readOnnxModel(floatOnnxBytes);
  // a float16 model is quantized from its float32 twin (the same values, no rounding to float16 between nodes)
  const original = widenFloat16(read);
  const names = new Set(original.nodes.map(nodeName));
  for (const e of o.keepFloat)
    check(
      names.has(e),
      'INVALID_PARAM',
      'keepFloat',
      () => `${JSON.stringify(e)} names no node of the model (an unnamed node is named by its first output)`,
    );
  const notes: string[] = [];
  if (original !== read)
    notes.push(
      'the model holds float16 values: it was quantized from the same model in float32 (its float16 weights widened, its Casts to float16 made Casts to float32, float16 inputs and outputs made float32), which is also the reference of the SQNR figures',
    );
  const unknownShapes: string[] = [];
  let graph = prepareFloatGraph(original, o.inputShapes ?? {}, unknownShapes);
  if (unknownShapes.length)
    notes.push(
      `i8conv's shape rules do not cover ${unknownShapes.length} node(s) (their values were observed as the executor computed them): ${unknownShapes.join('; ')}`,
    );
  const interp = o.executor === 'onnxruntime-web' ? null : o.executor;
  if (interp) {
    const missing = graph.nodes.filter((n) => !interp.supports(n.domain, n.opType));
    check(
      missing.length === 0,
      'UNSUPPORTED_OP',
      'model',
      () =>
        `the ${interp.name} executor does not run ${missing.map((n) => `${n.domain ? `${n.domain}.` : ''}${n.opType} ${JSON.stringify(n.name)}`).join(', ')}`,
    );
  }
  const feeds = await readFeeds(o.calibration, graph, 'calibration');
  const evalFeeds = o.evaluation ? await readFeeds(o.evaluation, graph, 'evaluation') : feeds;
  const n = feeds.length;
  const m = evalFeeds.length;
  const pairs = o.equalize && o.weights === 'per-channel' ? equalizationPairs(graph) : [];
  const ort = interp ? undefined : await importOrt();
  const open = (g: Graph): Promise<FloatExecutor> =>
    ort ? ortExecutor(ort, g) : Promise.resolve(interpreterExecutor(interp!, g));
  const progress = (phase: Phase, total: number) => {
    let i = 0;
    return () => o.onProgress?.(++i, total, phase);
  };

  // equalization: the pairs' per-channel ranges on the calibration data, then the rescaled graph
  if (pairs.length) {
    const ys = pairs.map((p) => p.y);
    const ex = await open(upTo(graph, ys));
    const amax = new Map(pairs.map((p) => [p.y, new Float64Array(p.channels)]));
    const step = progress('equalize', n);
    try {
      for (const feed of feeds) {
        const values = await ex.run(feed);
        for (const p of pairs) {
          const data = values.get(p.y)!;
          const dims = graph.valueInfo.get(p.y)?.shape as number[] | undefined;
          const inner = dims && dims.length > 2 ? numel(dims.slice(2)) : data.length / p.channels;
          channelAbsMax(amax.get(p.y)!, data, p.channels, inner);
        }
        step();
      }
    } finally {
      await ex.dispose();
    }
    graph = equalize(graph, pairs, amax);
  }

  // element-wise chains constant outside an interval: their roots are observed clamped to it (chains.ts)
  const flats = o.elementwise === 'table' ? flatIntervals(graph) : new Map<string, [number, number]>();
  const clamped = (v: string, x: Float32Array) => {
    const r = flats.get(v);
    return r ? clampTo(x, r[0], r[1]) : x;
  };

  // calibration: every float value to its observer and to a min / max observer
  const floats = floatValues(graph);
  const probe = graph.nodes.flatMap((nd) => nd.outputs).filter((v) => v && floats.has(v));
  const exec = await open(probeGraph(graph, probe));
  const kind: ObserverKind = o.observer === 'auto' ? 'histogram' : o.observer;
  const observers = new Map<string, Observer>();
  const minmax = new Map<string, Observer>();
  for (const v of [
    ...graph.inputs.filter((x) => floats.has(x.name) && !graph.initializers.has(x.name)).map((x) => x.name),
    ...probe,
  ]) {
    observers.set(v, OBSERVERS[kind]({ type: o.activations }));
    if (kind !== 'minmax') minmax.set(v, new MinMaxObserver({ type: o.activations }));
  }
  const observed = async (feed: Feed) => {
    const values = await exec.run(feed);
    for (const [k, f] of feed) if (f.data instanceof Float32Array) values.set(k, f.data);
    return values;
  };
  const outputNames = graph.outputs.map((v) => v.name);
  const evalFloats: Array<Map<string, Float32Array>> = [];
  try {
    const step = progress('calibrate', n);
    for (const feed of feeds) {
      const values = await observed(feed);
      for (const [k, data] of values) {
        const x = clamped(k, data);
        observers.get(k)?.observe(x);
        minmax.get(k)?.observe(x);
      }
      if (evalFeeds === feeds)
        evalFloats.push(new Map(outputNames.filter((v) => values.has(v)).map((v) => [v, values.get(v)!])));
      step();
    }

    // parameters: the observer's, min / max's, or the rule of 'auto'
    const memo = (obs: Map<string, Observer>) => {
      const cache = new Map<string, QuantParams | undefined>();
      return (v: string) => {
        if (!cache.has(v)) {
          const ob = obs.get(v);
          cache.set(v, ob && ob.count > 0 ? ob.params() : undefined);
        }
        return cache.get(v);
      };
    };
    const own = memo(observers);
    const mm = kind === 'minmax' ? own : memo(minmax);
    const feeders = o.observer === 'auto' ? outputFeeders(graph) : new Set<string>();
    const ruled = (v: string) => (feeders.has(v) ? mm(v) : own(v));
    const rules = opRules(o.ops);
    const planWith = (paramsOf: (v: string) => QuantParams | undefined, keep: ReadonlySet<number> = new Set()) =>
      planQuantization(graph, paramsOf, {
        activations: o.activations,
        weights: o.weights,
        exclude: new Set(o.keepFloat),
        excludeIndex: keep,
        elementwise: o.elementwise,
        ops: rules.rules,
        convTranspose: rules.convTranspose,
      });
    let paramsOf = ruled;
    let rangeOf = (v: string): ObserverKind => (feeders.has(v) ? 'minmax' : kind);
    let plan = planWith(paramsOf);

    // evaluation on the switchable graph: the guard of 'auto', the ranking, targetSqnr
    const layers: LayerReport[] = [];
    let target: QuantizeReport['target'];
    const minmaxDb = new Map<string, number>();
    // (only where something needs it: the guard of 'auto', the ranking, targetSqnr; the report pass measures the
    // written model in any case)
    if (o.report && (o.observer === 'auto' || o.rankFeeds > 0 || o.targetSqnr !== undefined)) {
      const mmPlan = o.observer === 'auto' ? planWith(mm) : undefined;
      const sg = new SwitchGraph(
        graph,
        o.activations,
        [...plan.act.keys(), ...(mmPlan ? mmPlan.act.keys() : [])],
        plan.inits.keys(),
        open,
      );
      const ev = new Evaluator(sg, evalFeeds, evalFloats.length === m ? evalFloats : undefined);
      try {
        await ev.prepare(progress('evaluate', m));
        let whole = configOf(plan, graph);
        // the whole plan's outputs: for the guard and targetSqnr (the ranking measures layers alone)
        let stats: OutputStats =
          mmPlan || o.targetSqnr !== undefined || o.rankIfNeeded
            ? await ev.measure(whole, m, progress('evaluate', m))
            : new Map();
        if (mmPlan) {
          const mmWhole = configOf(mmPlan, graph);
          const mmStats = await ev.measure(mmWhole, m, progress('evaluate', m));
          for (const [name, s] of mmStats) minmaxDb.set(name, s.sqnrDb);
          const loses = [...stats].filter(
            ([name, s]) => s.sqnrDb < (mmStats.get(name)?.sqnrDb ?? -Infinity) - GUARD_DB,
          );
          if (loses.length) {
            notes.push(
              `observer 'auto': histogram ranges gave ${loses.map(([name, s]) => `${name} ${s.sqnrDb.toFixed(1)} dB`).join(', ')} against min / max's ${loses.map(([name]) => `${mmStats.get(name)!.sqnrDb.toFixed(1)} dB`).join(', ')}: min / max ranges are used for every value`,
            );
            paramsOf = mm;
            rangeOf = () => 'minmax';
            plan = mmPlan;
            whole = mmWhole;
            stats = mmStats;
          }
        }
        const good = [...stats.values()].every((x) => x.sqnrDb >= VERDICT_DB.good);
        const skip = o.rankIfNeeded && o.targetSqnr === undefined && good;
        if (skip && o.rankFeeds > 0)
          notes.push(
            `the layers were not ranked: every output is within ${VERDICT_DB.good} dB of float (rankLayers: true ranks them anyway)`,
          );
        const rankFeeds = o.targetSqnr !== undefined ? Math.max(o.rankFeeds, 1) : skip ? 0 : o.rankFeeds;
        if (rankFeeds > 0) {
          const count = Math.min(rankFeeds, m);
          const quantized = [...plan.quantizedNodes];
          const step = progress('rank', quantized.length * count);
          const ranked: Array<LayerReport & { index: number }> = [];
          for (const j of quantized) {
            const w = worst(await ev.measure(aloneConfig(plan, whole, j), count, step));
            // named as in the float graph (an absorbed Relu renames its producer's output in the plan)
            const nd = graph.nodes[plan.origin[j]];
            ranked.push({
              node: nodeName(nd),
              opType: nd.opType,
              sqnrDb: w.sqnrDb,
              output: w.output,
              index: plan.origin[j],
            });
          }
          ranked.sort((a, b) => a.sqnrDb - b.sqnrDb);
          layers.push(...ranked.map(({ index: _, ...l }) => l));
          if (o.targetSqnr !== undefined) {
            const t = o.targetSqnr;
            const meets = (s: OutputStats) => [...s.values()].every((x) => x.sqnrDb >= t);
            const harmful = ranked.filter((l) => l.sqnrDb < Infinity).map((l) => l.index);
            const trial = async (k: number) => {
              const p = planWith(paramsOf, new Set(harmful.slice(0, k)));
              return { p, s: await ev.measure(configOf(p, graph), m, progress('target', m)) };
            };
            if (!meets(stats)) {
              // bisection for the fewest layers kept float, in the ranking's order, that reach the target
              let lo = 0;
              let hi = harmful.length;
              let best = await trial(hi);
              while (hi - lo > 1) {
                const mid = (lo + hi) >> 1;
                const r = await trial(mid);
                if (meets(r.s)) {
                  hi = mid;
                  best = r;
                } else lo = mid;
              }
              plan = best.p;
              stats = best.s;
              const added = harmful.slice(0, hi).map((i) => nodeName(graph.nodes[i]));
              target = { sqnrDb: t, reached: meets(best.s), added };
            } else target = { sqnrDb: t, reached: true, added: [] };
          }
        }
      } finally {
        await sg.dispose();
      }
    }

    // write
    const qdq = writeQdq(graph, plan);
    const declared = new Map([...original.inputs, ...original.outputs].map((v) => [v.name, v]));
    // the float model's shape computations the bound dims folded, computed again (or the bound dims declared)
    const restoredShapes = restoreShapeComputations(
      original,
      {
        ...qdq,
        inputs: qdq.inputs.map((v) => declared.get(v.name) ?? v),
        outputs: qdq.outputs.map((v) => declared.get(v.name) ?? v),
      },
      graph,
      o.inputShapes ?? {},
    );
    if (restoredShapes.note) notes.push(restoredShapes.note);
    const written: Graph = restoredShapes.graph;
    const bytes = writeOnnxModel(written);

    // report: activations on the data, outputs against float
    const act = new Map([...plan.act].map(([v, p]) => [v, { p, meter: new SqnrMeter() }]));
    const outs = new Map(graph.outputs.map((v) => [v.name, new OutputMeter()]));
    let model: Awaited<ReturnType<ModelRuntime['loadModel']>> | undefined;
    if (o.report && o.runtime) {
      try {
        // a model the options kept all float is what was asked for: no warning
        model = await o.runtime.loadModel(bytes, {
          ...(o.inputShapes ? { inputShapes: o.inputShapes } : {}),
          onFloatModel: 'allow',
        });
      } catch (e) {
        if (!(e instanceof I8ConvError)) throw e;
        notes.push(
          `i8conv's rt.loadModel does not load the QDQ model (${e.message}); the report ran it on ${interp ? interp.name : 'onnxruntime-web'}`,
        );
      }
    }
    const qdqExec: FloatExecutor | undefined =
      !o.report || model ? undefined : ort ? await ortExecutor(ort, written) : interpreterExecutor(interp!, qdq);
    try {
      const step = progress('report', m);
      for (const feed of o.report ? evalFeeds : []) {
        const values = await observed(feed);
        for (const [v, a] of act) {
          const raw = values.get(v);
          const x = raw && clamped(v, raw);
          if (x) a.meter.add(x, fakeQuantize(x, a.p.scale, a.p.zeroPoint, o.activations));
        }
        const q: Map<string, unknown> = model
          ? new Map(Object.entries(model.run(Object.fromEntries([...feed].map(([k, f]) => [k, f.data])) as never)))
          : await qdqExec!.run(feed);
        for (const [name, meter] of outs) {
          const x = values.get(name);
          const y = q.get(name);
          if (x instanceof Float32Array && y instanceof Float32Array) meter.add(x, y);
        }
        step();
      }
    } finally {
      model?.dispose();
      await qdqExec?.dispose();
    }

    const tensors: TensorReport[] = [];
    const fq = fakeInits(plan, graph);
    const seen = new Set<string>();
    for (const [v, a] of act) {
      const p = paramsOf(v);
      if (!p || seen.has(a.p.scaleName)) continue; // values sharing parameters ("same as input") are reported once
      seen.add(a.p.scaleName);
      tensors.push({
        name: v,
        kind: 'activation',
        min: p.min,
        max: p.max,
        scale: a.p.scale,
        zeroPoint: a.p.zeroPoint,
        type: o.activations,
        sqnrDb: o.report ? a.meter.db : NaN,
        range: rangeOf(v),
      });
    }
    for (const [name, qi] of plan.inits) {
      const t = graph.initializers.get(name)!;
      const x = t.data as Float32Array;
      const scales = Array.from(qi.scale.data as Float32Array);
      const meter = new SqnrMeter();
      meter.add(x, fq.get(name)!);
      const [mn, mx] = initRange(x);
      tensors.push({
        name,
        kind: qi.role,
        min: mn,
        max: mx,
        scale: scales.length === 1 && qi.axis === undefined ? scales[0] : scales,
        zeroPoint: Number(qi.zp.data[0]),
        type: qi.q.type as TensorReport['type'],
        sqnrDb: meter.db,
      });
    }
    const outputs: OutputReport[] = o.report
      ? [...outs]
          .filter(([, r]) => r.count > 0)
          .map(([name, r]) => ({
            name,
            sqnrDb: r.sqnrDb,
            cosine: r.cosine,
            maxAbsError: r.maxAbs,
            nonFinite: r.nonFinite,
            verdict: verdictOf(r.sqnrDb),
            ...(minmaxDb.has(name) ? { minmaxSqnrDb: minmaxDb.get(name) } : {}),
          }))
      : [];
    // float nodes: say where i8conv does not run the operator either (onnxruntime-web does)
    const opset = graph.opsetImports.get('') ?? 13;
    const floatNodes = plan.floatNodes.map((f) => {
      const nd = plan.nodes.find((x) => x.name === f.name && x.opType === f.opType);
      const runs = nd ? rowFor(nd.domain, nd.opType, nd.domain === '' ? opset : 1) !== undefined : true;
      return runs ? f : { ...f, reason: `${f.reason}; i8conv's rt.loadModel has no ${f.opType} operator` };
    });
    const keptFloat = [...o.keepFloat, ...(target?.added ?? [])];
    const report: QuantizeReport = {
      samples: n,
      evaluationSamples: o.report ? m : 0,
      observer: o.observer,
      ops: o.ops,
      activations: o.activations,
      weights: o.weights,
      executor: interp ? interp.name : 'onnxruntime-web',
      qdqExecutor: !o.report ? 'none' : model ? 'i8conv' : interp ? interp.name : 'onnxruntime-web',
      verdict: overall(outputs, layers, o.report),
      outputs,
      layers,
      keptFloat,
      ...(target ? { target } : {}),
      tensors,
      floatNodes,
      absorbed: plan.absorbed,
      notes,
    };
    return { model: bytes, report };
  } finally {
    await exec.dispose();
  }
}

/** The report's verdict: the worst output's, in a sentence (see evaluate.ts for the levels). */
function overall(outputs: OutputReport[], layers: LayerReport[], measured: boolean): QuantizeReport['verdict'] {
  if (!measured) return { level: 'fair', text: 'not measured (report: false)' };
  if (!outputs.length) return { level: 'good', text: 'the model has no float output to compare' };
  const w = outputs.reduce((a, b) => (b.sqnrDb < a.sqnrDb ? b : a));
  const at = `${w.name}: ${w.sqnrDb.toFixed(1)} dB, cosine ${w.cosine.toFixed(4)}`;
  if (w.verdict === 'good')
    return { level: 'good', text: `every output within ${VERDICT_DB.good} dB of float (worst ${at})` };
  const top = layers
    .slice(0, 3)
    .map((l) => `${l.opType} ${JSON.stringify(l.node)} (${l.sqnrDb.toFixed(1)} dB alone)`)
    .join(', ');
  const hint = top ? `; the most harmful layers: ${top}` : '';
  if (w.verdict === 'fair')
    return {
      level: 'fair',
      text: `close to float but not within ${VERDICT_DB.good} dB (${at}): check the task's own metric, or set targetSqnr${hint}`,
    };
  return {
    level: 'poor',
    text: `int8 changes the outputs materially (${at}): set targetSqnr (e.g. ${VERDICT_DB.good}) or keepFloat the most harmful layers${hint}`,
  };
}
