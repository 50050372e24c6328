/**
 * quantizeModel: a float ONNX model -> a QDQ int8 ONNX model (opset 13+) and a report, the way onnxruntime's static
 * quantizer (QuantFormat.QDQ) makes one, in JavaScript.
 *
 *   1. check everything (before any work): the options (INVALID_PARAM: unknown keys, bad values, an empty
 *      calibration set, an `exclude` name that names no node), the bytes (BAD_MODEL), the input shapes (BAD_SHAPE: a
 *      symbolic dim left unbound), the interpreter's operators when one is the executor (UNSUPPORTED_OP), every calibration feed
 *      (BAD_FEED: a missing or unknown input name, not a Float32Array, a length other than the input's bound shape,
 *      an input that is not float32). The calibration feeds are read into an array first, so that a bad one is
 *      refused before the first run (they are held at once).
 *   2. prepare the float graph (prepare.ts: shapes, Constant -> initializers, Identity, BatchNormalization folding,
 *      opset 13).
 *   2b. equalize (`equalize`, default true, per-channel weights only; equalize.ts): for each Conv -> (Relu) ->
 *      depthwise Conv pair, run the part of the graph that computes the first Conv's output on every feed (a pass
 *      of its own, counted by onProgress), take each channel's largest |value|, and rescale the two Convs' weights
 *      so that every channel spans the widest one's range.
 *   3. calibrate: run the prepared graph on every feed with every float value made an output (executors.ts,
 *      `executor` 'onnxruntime-web' (default) or a FloatInterpreter such as 'i8conv/reference's
 *      referenceInterpreter) and give each float value (graph inputs included) to
 *      its observer (observers.ts: `observer` 'histogram' (default), 'minmax', 'ema', 'tqt'), of the activation type
 *      (`activations` 'uint8' (default, onnxruntime's U8S8) or 'int8'), asymmetric (TQT: symmetric, power of two).
 *      The root of an element-wise chain that is constant outside an interval (chains.ts; with `elementwise`
 *      'table', the default) is observed clamped to that interval.
 *   4. plan and write the QDQ model (plan.ts, qdq.ts): weights symmetric int8 narrow range, `weights`
 *      'per-channel' (default) or 'per-tensor'; int32 bias; nodes in `exclude` stay float. The graph inputs and
 *      outputs keep the declarations of the given model (symbolic dims stay symbolic).
 *   5. report: a second pass over the feeds runs the float graph again and the QDQ model (on the executor, or on
 *      `runtime.loadModel` when an i8conv runtime is given) and measures, per quantized activation,
 *      the SQNR of its float values against their fake quantization (fake-quant.ts) with the chosen parameters, and,
 *      per graph output, the QDQ model's max |error| and SQNR against the float model; per weight / bias / constant
 *      the SQNR of its own quantization. It names every node left float, with the reason.
 * `onProgress(i, n)` is called after each of the n = 2 x samples runs (calibration, then report), one pass more
 * when there is an equalization pass, one less with `report: false`.
 */
import { check } from '../errors.js';
import type { Graph } from '../model/graph/ir.js';
import { checkLoadOptions } from '../model/load.js';
import { readOnnxModel } from '../model/graph/onnx/reader.js';
import { writeOnnxModel } from '../model/graph/onnx/writer.js';
import {
  importOrt,
  interpreterExecutor,
  ortExecutor,
  probeGraph,
  type Feed,
  type FloatExecutor,
  type FloatInterpreter,
  type ModelRuntime,
} from './executors.js';
import { SqnrMeter, fakeQuantize } from './fake-quant.js';
import { numel, valueInfo } from './graph.js';
import { clampTo, flatIntervals } from './chains.js';
import { channelAbsMax, equalizationPairs, equalize } from './equalize.js';
import { OBSERVERS, type Observer, type ObserverKind } from './observers.js';
import type { QType } from './params.js';
import { planQuantization, type FloatNode } from './plan.js';
import { floatValues, prepareFloatGraph } from './prepare.js';
import { writeQdq } from './qdq.js';

export type { ObserverKind } from './observers.js';

export type CalibrationFeed = Record<string, Float32Array>;

export interface QuantizeModelOptions {
  /** the calibration samples, each a feed of every model input (8-64 is typical) */
  calibration: Iterable<CalibrationFeed> | AsyncIterable<CalibrationFeed>;
  /** binds symbolic input dims, as rt.loadModel's */
  inputShapes?: Record<string, number[]>;
  activations?: QType;
  weights?: 'per-channel' | 'per-tensor';
  observer?: ObserverKind;
  /** node names to keep float */
  exclude?: string[];
  /**
   * the float executor of calibration (and of the report's QDQ run when no `runtime` is given): 'onnxruntime-web'
   * (the default; an optional peer dependency) or a FloatInterpreter, e.g. `referenceInterpreter` of
   * 'i8conv/reference' (no dependency, slow)
   */
  executor?: 'onnxruntime-web' | FloatInterpreter;
  /**
   * equalize the activation ranges of each Conv -> (Relu) -> depthwise Conv pair from the calibration data before
   * calibrating (equalize.ts; default true, with per-channel weights only: with per-tensor ones it would move error
   * into the weights)
   */
  equalize?: boolean;
  /**
   * 'table' (default): Add / Mul / Sigmoid / LeakyRelu nodes inside an element-wise chain of two or more nodes on one
   * value stay float, so the chain is rounded once where it ends (and runs as one table in i8conv); 'quantize':
   * onnxruntime's rule, each with its own output range (plan.ts)
   */
  elementwise?: 'table' | 'quantize';
  /**
   * false: skip the report's second pass over the feeds (half the time of a large model): the activations' sqnrDb
   * are NaN, `outputs` is empty, qdqExecutor 'none'; ranges, parameters and the weights' SQNR are still reported
   */
  report?: boolean;
  /** an i8conv runtime (createRuntime()): the report runs the QDQ model with rt.loadModel instead of the reference */
  runtime?: ModelRuntime;
  onProgress?: (i: number, n: number) => void;
}

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
  /** 10 log10(sum x^2 / sum (x - fakeQuantize(x))^2) over the calibration data (or the initializer), dB */
  sqnrDb: number;
}

export interface OutputReport {
  name: string;
  /** max |int8 - float| over the calibration feeds */
  maxAbsError: number;
  /** 10 log10(sum float^2 / sum (int8 - float)^2), dB */
  sqnrDb: number;
}

export interface QuantizeReport {
  samples: number;
  observer: ObserverKind;
  activations: QType;
  weights: 'per-channel' | 'per-tensor';
  /** 'onnxruntime-web' or the interpreter's name ('reference' for referenceInterpreter) */
  executor: string;
  /** what ran the QDQ model for `outputs`: 'i8conv' (the runtime given) or the executor */
  qdqExecutor: string;
  tensors: TensorReport[];
  outputs: OutputReport[];
  /** nodes left float, with the reason */
  floatNodes: FloatNode[];
  /** Relu / Clip nodes removed into their producer's output range */
  absorbed: FloatNode[];
}

const KEYS = new Set([
  'calibration',
  'inputShapes',
  'activations',
  'weights',
  'observer',
  'exclude',
  'equalize',
  'elementwise',
  'report',
  'executor',
  'runtime',
  'onProgress',
]);

function checkOptions(
  opts: unknown,
): Required<Omit<QuantizeModelOptions, 'runtime' | 'onProgress' | 'inputShapes'>> & QuantizeModelOptions {
  check(
    typeof opts === 'object' && opts !== null && !Array.isArray(opts),
    'INVALID_PARAM',
    'opts',
    'must be an object (QuantizeModelOptions) with a calibration set',
  );
  const o = opts as QuantizeModelOptions;
  for (const k of Object.keys(o))
    check(KEYS.has(k), 'INVALID_PARAM', k, `is not an option of quantizeModel (known: ${[...KEYS].join(', ')})`);
  const cal = o.calibration as unknown as Record<symbol, unknown> | undefined;
  check(
    typeof cal === 'object' &&
      cal !== null &&
      (typeof cal[Symbol.iterator] === 'function' || typeof cal[Symbol.asyncIterator] === 'function'),
    'INVALID_PARAM',
    'calibration',
    'must be an Iterable or AsyncIterable of feeds ({ [input]: Float32Array })',
  );
  const activations = o.activations ?? 'uint8';
  check(
    activations === 'uint8' || activations === 'int8',
    'INVALID_PARAM',
    'activations',
    `must be 'uint8' or 'int8', got ${String(activations)}`,
  );
  const weights = o.weights ?? 'per-channel';
  check(
    weights === 'per-channel' || weights === 'per-tensor',
    'INVALID_PARAM',
    'weights',
    `must be 'per-channel' or 'per-tensor', got ${String(weights)}`,
  );
  const observer = o.observer ?? 'histogram';
  check(
    Object.hasOwn(OBSERVERS, observer),
    'INVALID_PARAM',
    'observer',
    `must be one of ${Object.keys(OBSERVERS).join(', ')}, got ${String(observer)}`,
  );
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
    `must be 'onnxruntime-web' or a FloatInterpreter (e.g. referenceInterpreter from 'i8conv/reference'), got ${String(executor)}`,
  );
  const exclude = o.exclude ?? [];
  check(
    Array.isArray(exclude) && exclude.every((e) => typeof e === 'string'),
    'INVALID_PARAM',
    'exclude',
    'must be an array of node names',
  );
  const equalize = o.equalize ?? true;
  check(typeof equalize === 'boolean', 'INVALID_PARAM', 'equalize', `must be a boolean, got ${String(equalize)}`);
  const report = o.report ?? true;
  check(typeof report === 'boolean', 'INVALID_PARAM', 'report', `must be a boolean, got ${String(report)}`);
  const elementwise = o.elementwise ?? 'table';
  check(
    elementwise === 'table' || elementwise === 'quantize',
    'INVALID_PARAM',
    'elementwise',
    `must be 'table' or 'quantize', got ${String(elementwise)}`,
  );
  check(
    o.onProgress === undefined || typeof o.onProgress === 'function',
    'INVALID_PARAM',
    'onProgress',
    'must be a function (i, n) or omitted',
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
    ...o,
    activations,
    weights,
    observer,
    executor,
    exclude,
    equalize,
    elementwise,
    report,
    calibration: o.calibration,
  };
}

function makeObserver(kind: ObserverKind, type: QType): Observer {
  return OBSERVERS[kind]({ type });
}

/** Reads and checks every calibration feed (see the header). */
async function readFeeds(cal: QuantizeModelOptions['calibration'], g: Graph): Promise<Feed[]> {
  const inputs = g.inputs.filter((v) => !g.initializers.has(v.name));
  for (const v of inputs)
    check(
      v.type === 'float32',
      'BAD_FEED',
      `calibration.${v.name}`,
      `the model input is ${v.type ?? 'of an unknown type'}; quantizeModel feeds float32 inputs only`,
    );
  const feeds: Feed[] = [];
  const take = (feed: unknown) => {
    const k = feeds.length;
    check(
      typeof feed === 'object' && feed !== null && !Array.isArray(feed),
      'BAD_FEED',
      `calibration[${k}]`,
      'must be an object { [input]: Float32Array }',
    );
    const rec = feed as Record<string, unknown>;
    for (const name of Object.keys(rec))
      check(
        inputs.some((v) => v.name === name),
        'BAD_FEED',
        `calibration[${k}].${name}`,
        `names no model input (inputs: ${inputs.map((v) => v.name).join(', ')})`,
      );
    const m = new Map<string, { data: Float32Array; dims: number[] }>();
    for (const v of inputs) {
      const a = Object.prototype.hasOwnProperty.call(rec, v.name) ? rec[v.name] : undefined;
      check(a !== undefined, 'BAD_FEED', `calibration[${k}].${v.name}`, 'is missing');
      check(a instanceof Float32Array, 'BAD_FEED', `calibration[${k}].${v.name}`, 'must be a Float32Array');
      const dims = v.shape as number[];
      check(
        a.length === numel(dims),
        'BAD_FEED',
        `calibration[${k}].${v.name}`,
        `expected ${numel(dims)} elements ([${dims}]), got ${a.length}`,
      );
      m.set(v.name, { data: a, dims });
    }
    feeds.push(m);
  };
  const c = cal as unknown as Record<symbol, unknown>;
  if (typeof c[Symbol.asyncIterator] === 'function')
    for await (const feed of cal as AsyncIterable<CalibrationFeed>) take(feed);
  else for (const feed of cal as Iterable<CalibrationFeed>) take(feed);
  check(feeds.length > 0, 'INVALID_PARAM', 'calibration', 'is empty: give at least one feed');
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

/** The part of a graph that computes `values` (made its outputs): their producers and those nodes' inputs, transitively. */
function upTo(g: Graph, values: readonly string[]): Graph {
  const producer = new Map<string, number>();
  g.nodes.forEach((n, i) => n.outputs.forEach((o) => o && producer.set(o, i)));
  const keep = new Set<number>();
  const stack = [...values];
  while (stack.length) {
    const i = producer.get(stack.pop()!);
    if (i === undefined || keep.has(i)) continue;
    keep.add(i);
    stack.push(...g.nodes[i].inputs.filter((x) => x));
  }
  const nodes = g.nodes.filter((_, i) => keep.has(i));
  const used = new Set(nodes.flatMap((n) => n.inputs));
  return {
    ...g,
    nodes,
    initializers: new Map([...g.initializers].filter(([k]) => used.has(k))),
    outputs: values.map((v) => valueInfo(v, 'float32', null)),
  };
}

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
  const original = readOnnxModel(floatOnnxBytes);
  const names = new Set(original.nodes.map((n) => n.name));
  for (const e of o.exclude)
    check(names.has(e), 'INVALID_PARAM', 'exclude', `${JSON.stringify(e)} names no node of the model`);
  let graph = prepareFloatGraph(original, o.inputShapes ?? {});
  const interp = o.executor === 'onnxruntime-web' ? null : o.executor;
  if (interp) {
    const missing = graph.nodes.filter((n) => !interp.supports(n.domain, n.opType));
    check(
      missing.length === 0,
      'UNSUPPORTED_OP',
      'model',
      `the ${interp.name} executor does not run ${missing.map((n) => `${n.domain ? `${n.domain}.` : ''}${n.opType} ${JSON.stringify(n.name)}`).join(', ')}`,
    );
  }
  const feeds = await readFeeds(o.calibration, graph);
  const n = feeds.length;
  const pairs = o.equalize && o.weights === 'per-channel' ? equalizationPairs(graph) : [];
  const passes = (pairs.length ? 2 : 1) + (o.report ? 1 : 0);
  const progress = (i: number) => o.onProgress?.(i, passes * n);
  const ort = interp ? undefined : await importOrt();
  let step = 0;

  // equalization: the pairs' per-channel ranges on the calibration data, then the rescaled graph
  if (pairs.length) {
    const ys = pairs.map((p) => p.y);
    const probedYs = upTo(graph, ys);
    const ex: FloatExecutor = ort ? await ortExecutor(ort, probedYs) : interpreterExecutor(interp!, probedYs);
    const amax = new Map(pairs.map((p) => [p.y, new Float64Array(p.channels)]));
    try {
      for (const feed of feeds) {
        const values = await ex.run(feed);
        for (const p of pairs) {
          const data = values.get(p.y)!;
          const dims = graph.valueInfo.get(p.y)?.shape as number[] | undefined;
          const inner = dims && dims.length > 2 ? numel(dims.slice(2)) : data.length / p.channels;
          channelAbsMax(amax.get(p.y)!, data, p.channels, inner);
        }
        progress(++step);
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

  // calibration
  const floats = floatValues(graph);
  const probe = graph.nodes.flatMap((nd) => nd.outputs).filter((v) => v && floats.has(v));
  const probed = probeGraph(graph, probe);
  const exec: FloatExecutor = ort ? await ortExecutor(ort, probed) : interpreterExecutor(interp!, probed);
  const observers = new Map<string, Observer>();
  for (const v of [
    ...graph.inputs.filter((x) => floats.has(x.name) && !graph.initializers.has(x.name)).map((x) => x.name),
    ...probe,
  ]) {
    observers.set(v, makeObserver(o.observer, o.activations));
  }
  const observed = async (feed: Feed) => {
    const values = await exec.run(feed);
    for (const [k, f] of feed) values.set(k, f.data);
    return values;
  };
  try {
    for (const feed of feeds) {
      for (const [k, data] of await observed(feed)) observers.get(k)?.observe(clamped(k, data));
      progress(++step);
    }

    // plan and write
    const params = new Map<string, ReturnType<Observer['params']> | undefined>();
    const paramsOf = (v: string) => {
      if (!params.has(v)) {
        const ob = observers.get(v);
        params.set(v, ob && ob.count > 0 ? ob.params() : undefined);
      }
      return params.get(v);
    };
    const plan = planQuantization(graph, paramsOf, {
      activations: o.activations,
      weights: o.weights,
      exclude: new Set(o.exclude),
      elementwise: o.elementwise,
    });
    const qdq = writeQdq(graph, plan);

    // report: activations on the data, outputs against float
    const act = new Map([...plan.act].map(([v, p]) => [v, { p, meter: new SqnrMeter() }]));
    const outs = new Map(graph.outputs.map((v) => [v.name, { meter: new SqnrMeter(), maxAbs: 0 }]));
    const declared = new Map([...original.inputs, ...original.outputs].map((v) => [v.name, v]));
    const written: Graph = {
      ...qdq,
      inputs: qdq.inputs.map((v) => declared.get(v.name) ?? v),
      outputs: qdq.outputs.map((v) => declared.get(v.name) ?? v),
    };
    const bytes = writeOnnxModel(written);
    const model =
      o.report && o.runtime
        ? await o.runtime.loadModel(bytes, o.inputShapes ? { inputShapes: o.inputShapes } : undefined)
        : undefined;
    const qdqExec: FloatExecutor | undefined =
      !o.report || model ? undefined : ort ? await ortExecutor(ort, written) : interpreterExecutor(interp!, qdq);
    try {
      for (const feed of o.report ? feeds : []) {
        const values = await observed(feed);
        for (const [v, a] of act) {
          const raw = values.get(v);
          const x = raw && clamped(v, raw);
          if (x) a.meter.add(x, fakeQuantize(x, a.p.scale, a.p.zeroPoint, o.activations));
        }
        const q: Map<string, unknown> = model
          ? new Map(Object.entries(model.run(Object.fromEntries([...feed].map(([k, f]) => [k, f.data])))))
          : await qdqExec!.run(feed);
        for (const [name, r] of outs) {
          const x = values.get(name);
          const y = q.get(name);
          if (!(x instanceof Float32Array) || !(y instanceof Float32Array)) continue;
          r.meter.add(x, y);
          for (let i = 0; i < x.length; i++) r.maxAbs = Math.max(r.maxAbs, Math.abs(x[i] - y[i]));
        }
        progress(++step);
      }
    } finally {
      model?.dispose();
      await qdqExec?.dispose();
    }

    const tensors: TensorReport[] = [];
    const seen = new Set<string>();
    for (const [v, a] of act) {
      const p = params.get(v);
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
      });
    }
    for (const [name, qi] of plan.inits) {
      const t = graph.initializers.get(name)!;
      const x = t.data as Float32Array;
      const scales = Array.from(qi.scale.data as Float32Array);
      const zp = Number(qi.zp.data[0]);
      const inner = qi.axis === undefined ? x.length : numel(t.dims.slice(qi.axis + 1));
      const y = new Float32Array(x.length);
      for (let i = 0; i < x.length; i++) {
        const s = scales.length === 1 ? scales[0] : scales[Math.floor(i / inner) % scales.length];
        y[i] = Math.fround((Number(qi.q.data[i]) - zp) * s);
      }
      const m = new SqnrMeter();
      m.add(x, y);
      const [mn, mx] = initRange(x);
      tensors.push({
        name,
        kind: qi.role,
        min: mn,
        max: mx,
        scale: scales.length === 1 && qi.axis === undefined ? scales[0] : scales,
        zeroPoint: zp,
        type: qi.q.type as TensorReport['type'],
        sqnrDb: m.db,
      });
    }
    const report: QuantizeReport = {
      samples: n,
      observer: o.observer,
      activations: o.activations,
      weights: o.weights,
      executor: interp ? interp.name : 'onnxruntime-web',
      qdqExecutor: !o.report ? 'none' : model ? 'i8conv' : interp ? interp.name : 'onnxruntime-web',
      tensors,
      outputs: o.report ? [...outs].map(([name, r]) => ({ name, maxAbsError: r.maxAbs, sqnrDb: r.meter.db })) : [],
      floatNodes: plan.floatNodes,
      absorbed: plan.absorbed,
    };
    return { model: bytes, report };
  } finally {
    await exec.dispose();
  }
}
