/**
 * The float executors calibration runs the prepared float graph with, each returning every float value it computes
 * (the graph's outputs and every float node output, which are made graph outputs of the probe graph it runs):
 * - a `FloatInterpreter` the caller passes: `referenceInterpreter` of 'i8conv/reference' (the scalar reference
 *   executor, kernels-ref/model/run.ts) is one. src/ imports nothing from kernels-ref/ (the oracle stays
 *   independent), so the reference reaches the quantizer only this way. Slow (one JS loop iteration per
 *   multiply-add): fine for small models and a few samples.
 * - 'onnxruntime-web': onnxruntime-web, imported dynamically (an optional peer dependency, package.json
 *   peerDependencies: INVALID_PARAM with param 'executor' when it cannot be imported, naming `npm install
 *   onnxruntime-web` and the referenceInterpreter option), wasm execution provider, graph optimizations off (every
 *   value is an output, so they would fuse nothing).
 * The report runs the QDQ model on an i8conv runtime's `rt.loadModel` when one is given, else on the same executor.
 */
import { I8ConvError } from '../errors.js';
import type { ElementType, Graph, Tensor, TensorData } from '../model/graph/ir.js';
import { writeOnnxModel } from '../model/graph/onnx/writer.js';
import { valueInfo } from './graph.js';

/** One model input of a run: its data, dims and element type (float32 for the inputs calibration observes). */
export interface FeedValue {
  data: TensorData;
  dims: readonly number[];
  type: ElementType;
}
export type Feed = ReadonlyMap<string, FeedValue>;

export interface FloatExecutor {
  /** every probed float value of one run, by name */
  run(feed: Feed): Promise<Map<string, Float32Array>>;
  dispose(): Promise<void>;
}

/** The graph with every float node output (`probe`, in node order) added to its outputs. */
export function probeGraph(g: Graph, probe: readonly string[]): Graph {
  const outs = new Set(g.outputs.map((o) => o.name));
  return {
    ...g,
    outputs: [...g.outputs, ...probe.filter((p) => !outs.has(p)).map((p) => valueInfo(p, 'float32', null))],
  };
}

const toTensors = (feed: Feed): Map<string, Tensor> =>
  new Map([...feed].map(([name, f]) => [name, { name, type: f.type, dims: [...f.dims], data: f.data }]));

function floats(out: Map<string, Tensor>): Map<string, Float32Array> {
  const m = new Map<string, Float32Array>();
  for (const [k, t] of out) if (t.data instanceof Float32Array) m.set(k, t.data);
  return m;
}

/**
 * A float graph interpreter: runs a Graph on tensors and returns every graph output. `referenceInterpreter` of
 * 'i8conv/reference' is one; `supports` says which operators it runs (checked before calibration starts).
 */
export interface FloatInterpreter {
  readonly name: string;
  supports(domain: string, opType: string): boolean;
  run(graph: Graph, feeds: Map<string, Tensor>): Map<string, Tensor>;
}

export function interpreterExecutor(it: FloatInterpreter, g: Graph): FloatExecutor {
  return {
    run: async (feed) => floats(it.run(g, toTensors(feed))),
    dispose: async () => {},
  };
}

interface OrtLike {
  InferenceSession: { create(bytes: Uint8Array, opts: object): Promise<OrtSessionLike> };
  Tensor: new (type: string, data: TensorData, dims: number[]) => unknown;
}
interface OrtSessionLike {
  run(feeds: Record<string, unknown>): Promise<Record<string, { data: unknown; dispose?: () => void }>>;
  release(): Promise<void>;
}

/**
 * onnxruntime-web's module, or INVALID_PARAM (param `param`) when it cannot be imported: it is an optional peer
 * dependency, so the message says how to get it (`npm install onnxruntime-web`) or what to do `instead` (for the API,
 * the reference executor option; the CLI passes its flag). `name`: the module specifier (tests pass a missing one).
 * The specifier is a parameter, so bundlers neither follow nor include the optional peer (the comments quiet Vite and
 * webpack about an import they cannot analyse).
 */
export async function importOrt(
  name = 'onnxruntime-web',
  instead = "pass executor: referenceInterpreter (import { referenceInterpreter } from 'i8conv/reference')",
  param = 'executor',
): Promise<OrtLike> {
  try {
    const m = (await import(/* @vite-ignore */ /* webpackIgnore: true */ name)) as OrtLike & { default?: OrtLike };
    return m.InferenceSession ? m : m.default!;
  } catch (e) {
    throw new I8ConvError(
      'INVALID_PARAM',
      `'${name}' cannot be imported (${(e as Error).message}). onnxruntime-web is an optional peer dependency of i8conv: install it with \`npm install onnxruntime-web\`, or ${instead}`,
      param,
    );
  }
}

/** onnxruntime-web's name of each element type. */
const ORT_TYPE: Record<ElementType, string> = {
  float32: 'float32',
  uint8: 'uint8',
  int8: 'int8',
  int32: 'int32',
  int64: 'int64',
  bool: 'bool',
  float16: 'float16',
  double: 'float64',
};

export async function ortExecutor(ort: OrtLike, g: Graph): Promise<FloatExecutor> {
  const session = await ort.InferenceSession.create(writeOnnxModel(g), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'disabled',
  });
  return {
    async run(feed) {
      const input: Record<string, unknown> = {};
      for (const [name, f] of feed) input[name] = new ort.Tensor(ORT_TYPE[f.type], f.data, [...f.dims]);
      const out = await session.run(input);
      const m = new Map<string, Float32Array>();
      for (const [k, t] of Object.entries(out)) {
        if (t.data instanceof Float32Array) m.set(k, t.data);
        t.dispose?.();
      }
      return m;
    },
    dispose: () => session.release(),
  };
}

/** What `runQdq` needs of an i8conv runtime (`createRuntime()`'s `rt`). */
export interface ModelRuntime {
  loadModel(
    bytes: Uint8Array,
    opts?: { inputShapes?: Record<string, number[]>; onFloatModel?: 'allow' },
  ): Promise<{
    run(feeds: Record<string, Float32Array>): Record<string, unknown>;
    dispose(): void;
  }>;
}
