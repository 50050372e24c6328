/**
 * One-node models for the operator tests: a node with its inputs (fed, or constant initializers), run through the
 * host operator (src/model/backends/host/), the reference executor (kernels-ref/model), onnxruntime-web (wasm, one
 * thread, no graph optimization) and rt.loadModel (the whole pipeline: shapes, folding, lowering).
 */
import { afterAll, beforeAll } from 'vitest';
import { createRuntime, type Runtime } from '../../src/index.js';
import { loadModelSync } from '../../src/model/load.js';
import { runReference } from '../../kernels-ref/model/index.js';
import { HOST_OPS } from '../../src/model/backends/host/index.js';
import type { Attribute, Graph, Node, Tensor } from '../../src/model/graph/ir.js';
import type { HostTensor, HostValueInfo } from '../../src/model/backends/types.js';
import { AT, le, writeModel, type AttrSpec, type TensorSpec } from './onnx-writer.js';
import { writeOnnxModel } from '../../src/model/graph/onnx/writer.js';

export type ElemType = Tensor['type'];
export type HostType = HostTensor['type'];

export const ARRAYS = {
  float32: Float32Array,
  int32: Int32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int64: BigInt64Array,
  bool: Uint8Array,
  float16: Uint16Array,
  double: Float64Array,
} as const;
export const DTYPE: Record<ElemType, number> = {
  float32: 1,
  uint8: 2,
  int8: 3,
  int32: 6,
  int64: 7,
  bool: 9,
  float16: 10,
  double: 11,
};

export function tensor(type: ElemType, dims: readonly number[], values: ArrayLike<number | bigint>): Tensor {
  const n = dims.reduce((a, b) => a * b, 1);
  const data =
    type === 'int64'
      ? BigInt64Array.from(Array.from(values), (v) => BigInt(v))
      : (ARRAYS[type] as unknown as { from(a: number[]): Tensor['data'] }).from(Array.from(values, (v) => Number(v)));
  if (data.length !== n) throw new Error(`tensor [${dims}] given ${data.length} values`);
  return { name: '', type, dims: [...dims], data };
}
export const f32t = (dims: number[], v: ArrayLike<number>) => tensor('float32', dims, v);
export const i64t = (dims: number[], v: ArrayLike<number | bigint>) => tensor('int64', dims, v);

export const A = {
  i: (value: number): Attribute => ({ kind: 'int', value }),
  f: (value: number): Attribute => ({ kind: 'float', value }),
  s: (value: string): Attribute => ({ kind: 'string', value }),
  is: (value: number[]): Attribute => ({ kind: 'ints', value }),
  fs: (value: number[]): Attribute => ({ kind: 'floats', value }),
  t: (value: Tensor): Attribute => ({ kind: 'tensor', value }),
};

export interface Case {
  op: string;
  /** [tensor (null: an omitted optional input), fed or a constant initializer] in the node's input order */
  inputs: Array<[Tensor | null, 'feed' | 'init']>;
  attrs?: Record<string, Attribute>;
  opset?: number;
  outputs?: number;
  /** output element types (for onnxruntime-web's model), when not the first input's */
  outTypes?: ElemType[];
}
const inName = (k: number) => `x${k}`;

export function nodeOf(c: Case): Node {
  const inputs = c.inputs.map(([t], k) => (t ? inName(k) : ''));
  while (inputs.length && inputs[inputs.length - 1] === '') inputs.pop(); // trailing omitted inputs are left out
  return {
    name: `${c.op}_node`,
    opType: c.op,
    domain: '',
    inputs,
    outputs: Array.from({ length: c.outputs ?? 1 }, (_, k) => `y${k}`),
    attributes: new Map(Object.entries(c.attrs ?? {})),
  };
}

export function graphOf(c: Case): Graph {
  const init = new Map<string, Tensor>();
  c.inputs.forEach(([t, kind], k) => t && kind === 'init' && init.set(inName(k), { ...t, name: inName(k) }));
  return {
    name: c.op,
    irVersion: 8,
    opsetImports: new Map([['', c.opset ?? 13]]),
    inputs: c.inputs.flatMap(([t, kind], k) =>
      t && kind === 'feed' ? [{ name: inName(k), type: t.type, onnxElemType: DTYPE[t.type], shape: [...t.dims] }] : [],
    ),
    outputs: nodeOf(c).outputs.map((name) => ({ name, type: null, onnxElemType: 0, shape: null })),
    initializers: init,
    valueInfo: new Map(),
    nodes: [nodeOf(c)],
  };
}
export const feedsOf = (c: Case): [string, Tensor][] =>
  c.inputs.flatMap(([t, kind], k) => (t && kind === 'feed' ? [[inName(k), { ...t, name: inName(k) }]] : []));

/** The reference executor's outputs. */
export function refRun(c: Case): Tensor[] {
  return [...runReference(graphOf(c), feedsOf(c)).values()];
}

/** The host operator's factory (load time) with outputs planned as `planned`: its run function. */
export function hostOp(c: Case, planned: readonly { type: string; dims: readonly number[] }[]) {
  const factory = HOST_OPS.get(`:${c.op}`);
  if (!factory) throw new Error(`no host operator ${c.op}`);
  const infos: (HostValueInfo | undefined)[] = c.inputs.map(([t, kind]) =>
    t
      ? { type: t.type as HostType, dims: t.dims, constant: kind === 'init' ? (t as HostTensor) : undefined }
      : undefined,
  );
  const outInfos = planned.map((p) => ({ type: p.type as HostType, dims: [...p.dims] }));
  return { op: factory(nodeOf(c), infos, outInfos, c.opset ?? 13), outInfos };
}

/** Runs the host operator with outputs planned as `planned` (type and dims). */
export function hostRun(c: Case, planned: readonly { type: string; dims: readonly number[] }[]): HostTensor[] {
  const { op, outInfos } = hostOp(c, planned);
  const outs: HostTensor[] = outInfos.map((o) => ({
    type: o.type,
    dims: o.dims,
    data: new ARRAYS[o.type](o.dims.reduce((a, b) => a * b, 1)) as HostTensor['data'],
  }));
  op(
    c.inputs.map(([t]) => (t ? (t as HostTensor) : undefined)),
    outs,
  );
  return outs;
}

function attrSpec(name: string, a: Attribute): AttrSpec {
  switch (a.kind) {
    case 'int':
      return { name, type: AT.INT, i: a.value };
    case 'float':
      return { name, type: AT.FLOAT, f: a.value };
    case 'string':
      return { name, type: AT.STRING, s: a.value };
    case 'ints':
      // the IR reads INT64_MAX as 2^63 (the nearest double): written back as INT64_MAX
      return { name, type: AT.INTS, ints: a.value.map((v) => (v >= 2 ** 63 ? 0x7fffffffffffffffn : v)) };
    case 'floats':
      return { name, type: AT.FLOATS, floats: a.value };
    case 'tensor':
      return { name, type: AT.TENSOR, t: tensorSpec(a.value) };
    default:
      throw new Error(`attribute ${name}: kind ${a.kind} is not written here`);
  }
}
const tensorSpec = (t: Tensor): TensorSpec => ({ dataType: DTYPE[t.type], dims: t.dims, raw: le(t.data) });

/** The case as an ONNX model (outputs of `outTypes`, or the first input's type). */
export function modelBytes(c: Case): Uint8Array {
  const outTypes = c.outTypes ?? Array.from({ length: c.outputs ?? 1 }, () => c.inputs[0][0]!.type);
  const node = nodeOf(c);
  return writeModel({
    irVersion: 8,
    opsets: [['', c.opset ?? 13]],
    graph: {
      name: c.op,
      nodes: [
        {
          opType: c.op,
          inputs: node.inputs,
          outputs: node.outputs,
          attributes: [...node.attributes].map(([n, a]) => attrSpec(n, a)),
        },
      ],
      initializers: c.inputs.flatMap(([t, kind], k) =>
        t && kind === 'init' ? [{ ...tensorSpec(t), name: inName(k) }] : [],
      ),
      inputs: c.inputs.flatMap(([t, kind], k) =>
        t && kind === 'feed' ? [{ name: inName(k), elemType: DTYPE[t.type], shape: t.dims }] : [],
      ),
      outputs: node.outputs.map((name, k) => ({ name, elemType: DTYPE[outTypes[k]] })),
    },
  });
}

type Ort = typeof import('onnxruntime-web');
let ortModule: Ort | null | undefined;
/** onnxruntime-web (wasm, one thread), or null where it does not load. */
export async function loadOrt(): Promise<Ort | null> {
  if (ortModule !== undefined) return ortModule;
  try {
    ortModule = await import('onnxruntime-web');
    ortModule.env.wasm.numThreads = 1;
    ortModule.env.wasm.proxy = false;
  } catch {
    ortModule = null;
  }
  return ortModule;
}

/**
 * onnxruntime-web (wasm, one thread, its default graph optimizations: QDQ fusion on) run on a whole model file: the
 * outputs `names` as tensors. Needs loadOrt() to have found the package.
 */
export async function ortRunModel(
  bytes: Uint8Array,
  feeds: ReadonlyMap<string, Tensor>,
  names: readonly string[],
): Promise<Map<string, Tensor>> {
  const ort = (await loadOrt())!;
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  try {
    const out = await session.run(
      Object.fromEntries(
        [...feeds].map(([n, t]) => [n, new ort.Tensor(t.type as 'float32', t.data as Float32Array, t.dims)]),
      ),
    );
    return new Map(
      names.map((n) => [
        n,
        { name: n, type: out[n].type as Tensor['type'], dims: [...out[n].dims], data: out[n].data },
      ]),
    ) as Map<string, Tensor>;
  } finally {
    await session.release();
  }
}

/** The bit patterns of float32 values, as numbers (toEqual on them tells -0 from 0 and one NaN from another). */
export const floatBits = (a: ArrayLike<number>): number[] => Array.from(new Uint32Array(Float32Array.from(a).buffer));

/** The raw bits of a tensor's values (float32 compared as its bit patterns). */
export const tensorBits = (t: Tensor): number[] =>
  t.type === 'float32' ? floatBits(t.data as Float32Array) : Array.from(t.data as ArrayLike<number>);

/** rt.loadModel's output `y` of a float model `graph` fed `x` as input `x` (the model disposed after). */
export function runXY(rt: Runtime, graph: Graph, x: Tensor): Float32Array {
  const m = loadModelSync(rt, writeOnnxModel(graph), { onFloatModel: 'allow' });
  try {
    return Float32Array.from(m.run({ x: x.data } as never).y as Float32Array);
  } finally {
    m.dispose();
  }
}

/** onnxruntime-web's outputs (bool as 0 / 1 bytes). */
export async function ortRun(c: Case): Promise<Tensor[]> {
  const ort = (await loadOrt())!;
  const session = await ort.InferenceSession.create(modelBytes(c), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'disabled',
  });
  try {
    const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
    for (const [name, t] of feedsOf(c))
      feeds[name] = new ort.Tensor(t.type as 'float32', t.data as Float32Array, t.dims);
    const out = await session.run(feeds);
    return nodeOf(c).outputs.map((name) => {
      const o = out[name];
      const data =
        o.type === 'bool'
          ? Uint8Array.from(o.data as ArrayLike<number>, (v) => (v ? 1 : 0))
          : (o.data as Tensor['data']);
      return { name, type: o.type as ElemType, dims: [...o.dims], data };
    });
  } finally {
    await session.release();
  }
}

/** rt.loadModel's outputs (the whole pipeline). */
export function loadRun(rt: Runtime, c: Case): Tensor[] {
  const model = loadModelSync(rt, modelBytes(c));
  try {
    const out = model.run(Object.fromEntries(feedsOf(c).map(([n, t]) => [n, t.data])) as never);
    return nodeOf(c).outputs.map((name) => {
      const v = out[name] as Tensor['data'];
      const info = model.outputs.find((o) => o.name === name)!;
      return { name, type: info.type as ElemType, dims: [...info.shape], data: v };
    });
  } finally {
    model.dispose();
  }
}

/** Each value as a string that tells its bits apart where === does not: -0 as '-0', NaN as 'NaN', bigints exactly. */
export const bitStrings = (a: ArrayLike<number | bigint>): string[] =>
  Array.from(a, (v) => (typeof v === 'bigint' ? String(v) : Object.is(v, -0) ? '-0' : String(v)));

/**
 * Which outputs of a run differ from the expected tensors (each expected output by name: a length that differs, or how
 * many elements differ; float32 by their bits, so that -0 and NaN payloads count), an empty list when none does.
 */
export function outputDifferences(
  got: Record<string, ArrayLike<number | bigint>>,
  want: ReadonlyMap<string, Tensor>,
): string[] {
  const bad: string[] = [];
  for (const [name, w] of want) {
    const g = got[name];
    if (!g || g.length !== w.data.length) {
      bad.push(`${name}: length ${g?.length} != ${w.data.length}`);
      continue;
    }
    const float = w.type === 'float32';
    const wb: ArrayLike<number | bigint> = float
      ? floatBits(w.data as Float32Array)
      : (w.data as ArrayLike<number | bigint>);
    const gb: ArrayLike<number | bigint> = float ? floatBits(g as Float32Array) : g;
    let n = 0;
    for (let i = 0; i < wb.length; i++) if (wb[i] !== gb[i]) n++;
    if (n) bad.push(`${name}: ${n} of ${wb.length} differ`);
  }
  return bad;
}

/** onnxruntime-web (loadOrt) with its log lines below errors silenced, or null where it is not installed. */
export async function quietOrt(): Promise<Ort | null> {
  const ort = await loadOrt();
  if (ort) ort.env.logLevel = 'error';
  return ort;
}

/** A runtime for the tests of one file (call at its top level): created before them, disposed after; the getter. */
export function fileRuntime(): () => Runtime {
  let rt: Runtime | undefined;
  beforeAll(async () => {
    rt = await createRuntime();
  });
  afterAll(() => rt?.dispose());
  return () => rt!;
}
