// The reductions and normalizations of issue 48 (src/model/backends/host/reduce.ts, topk.ts, normalize.ts; the
// reference operators kernels-ref/model/ops/Reduce.ts, TopK.ts, GlobalMaxPool.ts, Normalization.ts):
// - each host operator against the reference, bit for bit (NaN, -0 and infinities included), over every subset of
//   axes of ranks 1-5 in both axes forms (attribute, input), negative axes, keepdims both ways, noop_with_empty_axes,
//   empty and rank-0 inputs, shapes that take each of onnxruntime's loops (R, KR, RK, KRK with every column tail, RKR,
//   general), every taken type, ties, and every attribute combination of ArgMax / ArgMin / TopK and the
//   normalizations;
// - the same operators against onnxruntime-web 1.30 (wasm, one thread) on one-node models, bit for bit
//   (ReduceLogSum, ReduceLogSumExp and LRN through musl's logf / expf / powf, which onnxruntime calls); LRN's
//   reference takes the correctly rounded pow, so there the host is within 2 ulps of the reference;
// - musl's powf (src/model/numerics/powf.ts) against onnxruntime-web's Pow, which calls it;
// - the refusals (UNSUPPORTED_OP at load);
// - a few graphs through rt.loadModel (axes inputs, LayerNormalization's three outputs and Y, '', InvStdDev, TopK's
//   two).
// onnxruntime-web tests are skipped where it does not load.
import { describe, expect, it } from 'vitest';
import { runReference } from '../kernels-ref/model/index.js';
import { I8ConvError } from '../src/errors.js';
import { createRuntime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { powf } from '../src/model/numerics/powf.js';
import { HOST_OPS } from '../src/model/backends/host/index.js';
import type { HostTensor, HostValueInfo } from '../src/model/backends/types.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { AT, le, writeModel, type AttrSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { randInt, rng } from './helpers/rng.js';

const F = Math.fround;

let ort: typeof import('onnxruntime-web') | null = null;
try {
  ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
} catch {
  ort = null;
}

// ---- one-node models: the reference, the host operator, onnxruntime-web ------------------------------------------

type HostType = HostTensor['type'];
const ARRAYS = {
  float32: Float32Array,
  int32: Int32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int64: BigInt64Array,
  bool: Uint8Array,
  double: Float64Array,
} as const;
const DT: Record<HostType, number> = { float32: 1, uint8: 2, int8: 3, int32: 6, int64: 7, bool: 9, double: 11 };

function tensor(type: HostType, dims: readonly number[], values: ArrayLike<number | bigint>): Tensor {
  const data =
    type === 'int64'
      ? BigInt64Array.from(Array.from(values), (v) => BigInt(v))
      : ARRAYS[type].from(Array.from(values, Number));
  if (data.length !== dims.reduce((a, b) => a * b, 1)) throw new Error(`tensor [${dims}] given ${data.length} values`);
  return { name: '', type, dims: [...dims], data };
}
const fl = (dims: readonly number[], v: ArrayLike<number>) => tensor('float32', dims, v);
const i64 = (dims: readonly number[], v: readonly number[]) => tensor('int64', dims, v);

const A = {
  i: (value: number): Attribute => ({ kind: 'int', value }),
  f: (value: number): Attribute => ({ kind: 'float', value }),
  is: (value: number[]): Attribute => ({ kind: 'ints', value }),
};

interface Case {
  op: string;
  /** [tensor (null: an omitted optional input), fed or a constant initializer] in the node's input order */
  inputs: Array<[Tensor | null, 'feed' | 'init']>;
  attrs?: Record<string, Attribute>;
  opset?: number;
  /** output names ('' leaves one out); default one output */
  outputs?: string[];
}
const inName = (k: number) => `x${k}`;
const outsOf = (c: Case) => c.outputs ?? ['y0'];

function nodeOf(c: Case): Node {
  const inputs = c.inputs.map(([t], k) => (t ? inName(k) : ''));
  while (inputs.length && inputs[inputs.length - 1] === '') inputs.pop();
  return {
    name: `${c.op}_node`,
    opType: c.op,
    domain: '',
    inputs,
    outputs: outsOf(c),
    attributes: new Map(Object.entries(c.attrs ?? {})),
  };
}

function graphOf(c: Case): Graph {
  const init = new Map<string, Tensor>();
  c.inputs.forEach(([t, kind], k) => t && kind === 'init' && init.set(inName(k), { ...t, name: inName(k) }));
  return {
    name: c.op,
    irVersion: 8,
    opsetImports: new Map([['', c.opset ?? 13]]),
    inputs: c.inputs.flatMap(([t, kind], k) =>
      t && kind === 'feed'
        ? [{ name: inName(k), type: t.type, onnxElemType: DT[t.type as HostType], shape: [...t.dims] }]
        : [],
    ),
    outputs: outsOf(c)
      .filter((n) => n !== '')
      .map((name) => ({ name, type: null, onnxElemType: 0, shape: null })),
    initializers: init,
    valueInfo: new Map(),
    nodes: [nodeOf(c)],
  };
}
const feedsOf = (c: Case) =>
  c.inputs.flatMap(([t, kind], k) =>
    t && kind === 'feed' ? [[inName(k), { ...t, name: inName(k) }] as [string, Tensor]] : [],
  );

/** The reference operator's outputs (all the node names). */
function refRun(c: Case): Tensor[] {
  const out = runReference(graphOf(c), feedsOf(c));
  return outsOf(c)
    .filter((n) => n !== '')
    .map((n) => out.get(n)!);
}

/** The host operator with outputs planned as `planned` (type and dims; null: an output the node leaves out). */
function hostRun(c: Case, planned: readonly ({ type: string; dims: readonly number[] } | null)[]): HostTensor[] {
  const factory = HOST_OPS.get(`:${c.op}`);
  if (!factory) throw new Error(`no host operator ${c.op}`);
  const infos: (HostValueInfo | undefined)[] = c.inputs.map(([t, kind]) =>
    t
      ? { type: t.type as HostType, dims: t.dims, constant: kind === 'init' ? (t as HostTensor) : undefined }
      : undefined,
  );
  const outInfos = planned.map((p) => (p ? { type: p.type as HostType, dims: [...p.dims] } : undefined));
  const op = factory(nodeOf(c), infos, outInfos as HostValueInfo[], c.opset ?? 13);
  const outs = outInfos.map((o) =>
    o ? { type: o.type, dims: o.dims, data: new ARRAYS[o.type](o.dims.reduce((a, b) => a * b, 1)) } : undefined,
  ) as HostTensor[];
  op(
    c.inputs.map(([t]) => (t ? (t as HostTensor) : undefined)),
    outs,
  );
  return outs;
}

function modelBytes(c: Case, outTypes: HostType[]): Uint8Array {
  const spec = (t: Tensor): TensorSpec => ({ dataType: DT[t.type as HostType], dims: t.dims, raw: le(t.data) });
  const attr = ([name, a]: [string, Attribute]): AttrSpec =>
    a.kind === 'int'
      ? { name, type: AT.INT, i: a.value }
      : a.kind === 'float'
        ? { name, type: AT.FLOAT, f: a.value }
        : { name, type: AT.INTS, ints: (a as { value: number[] }).value };
  const node = nodeOf(c);
  const named = node.outputs.filter((n) => n !== '');
  return writeModel({
    irVersion: 8,
    opsets: [['', c.opset ?? 13]],
    graph: {
      name: c.op,
      nodes: [{ opType: c.op, inputs: node.inputs, outputs: node.outputs, attributes: [...node.attributes].map(attr) }],
      initializers: c.inputs.flatMap(([t, kind], k) => (t && kind === 'init' ? [{ ...spec(t), name: inName(k) }] : [])),
      inputs: c.inputs.flatMap(([t, kind], k) =>
        t && kind === 'feed' ? [{ name: inName(k), elemType: DT[t.type as HostType], shape: t.dims }] : [],
      ),
      outputs: named.map((name, k) => ({ name, elemType: DT[outTypes[k]] })),
    },
  });
}

/** onnxruntime-web's outputs (the named ones, in order), of the types given. */
async function ortRun(c: Case, outTypes: HostType[]): Promise<Tensor[]> {
  const session = await ort!.InferenceSession.create(modelBytes(c, outTypes), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'disabled',
  });
  const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
  for (const [name, t] of feedsOf(c))
    feeds[name] = new ort!.Tensor(t.type as 'float32', t.data as Float32Array, t.dims);
  const out = await session.run(feeds);
  await session.release();
  return outsOf(c)
    .filter((n) => n !== '')
    .map((name) => {
      const o = out[name];
      return { name, type: o.type as Tensor['type'], dims: [...o.dims], data: o.data as Tensor['data'] };
    });
}

// ---- comparisons ---------------------------------------------------------------------------------------------------

const bits = new DataView(new ArrayBuffer(4));
/** float32 values as ordered integers (so that the difference counts ulps across zero). */
function ordered(x: number): number {
  bits.setFloat32(0, x, true);
  const i = bits.getInt32(0, true);
  return i < 0 ? -2147483648 - i : i;
}

/** Equal bit for bit (-0 is not +0; any NaN matches any NaN). */
function sameTensor(
  got: { type: string; dims: readonly number[]; data: ArrayLike<unknown> },
  want: { type: string; dims: readonly number[]; data: ArrayLike<unknown> },
  what: string,
): void {
  expect(got.type, `${what}: type`).toBe(want.type);
  expect([...got.dims], `${what}: dims`).toEqual([...want.dims]);
  for (let i = 0; i < want.data.length; i++) {
    const g = got.data[i],
      w = want.data[i];
    if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w))) expect(g, `${what}[${i}]`).toBe(w);
  }
}

/** The largest difference in float32 ulps (NaN matches NaN; a NaN against a number fails). */
function ulpsApart(got: { data: ArrayLike<unknown> }, want: { data: ArrayLike<unknown> }, what: string): number {
  let worst = 0;
  for (let i = 0; i < want.data.length; i++) {
    const g = got.data[i] as number,
      w = want.data[i] as number;
    if (Number.isNaN(g) || Number.isNaN(w)) {
      expect(Number.isNaN(g), `${what}[${i}]: ${g} vs ${w}`).toBe(Number.isNaN(w));
      continue;
    }
    if (Object.is(g, w)) continue;
    worst = Math.max(worst, Math.abs(ordered(g) - ordered(w)));
  }
  return worst;
}

/** Host = reference, bit for bit (the reference decides the output dims). */
function hostMatchesRef(c: Case, what: string): Tensor[] {
  const want = refRun(c);
  const got = hostRun(c, want);
  want.forEach((w, k) => sameTensor(got[k], w, `${what} output ${k}`));
  return want;
}

/** Raises UNSUPPORTED_OP at load, naming `reason`. */
function refused(c: Case, planned: { type: string; dims: readonly number[] }[], reason: RegExp, what: string): void {
  let err: unknown;
  try {
    hostRun(c, planned);
  } catch (e) {
    err = e;
  }
  expect(err, what).toBeInstanceOf(I8ConvError);
  expect((err as I8ConvError).code, what).toBe('UNSUPPORTED_OP');
  expect((err as Error).message, what).toMatch(reason);
}

// ---- seeded data -------------------------------------------------------------------------------------------------

const SPECIAL = [0, -0, NaN, Infinity, -Infinity, 1, -1, 0.5, -0.5, 3, -3];
/** float32 values: uniform in +-scale, a few 1000x larger; `specials` of the values above spread in. */
function randFloats(r: () => number, n: number, scale = 4, specials = 0.04): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = r();
    a[i] = u < specials ? SPECIAL[Math.floor(r() * SPECIAL.length)] : F((r() * 2 - 1) * scale * (u > 0.95 ? 1000 : 1));
  }
  return a;
}
/** Ties on purpose: few distinct values. */
function randTies(r: () => number, n: number, specials = 0.05): Float32Array {
  return Float32Array.from({ length: n }, () =>
    r() < specials ? SPECIAL[Math.floor(r() * 5)] : [-2, -1, -0, 0, 1, 2][randInt(r, 0, 5)],
  );
}
function randTensor(r: () => number, type: HostType, dims: readonly number[], specials = 0.04): Tensor {
  const n = dims.reduce((a, b) => a * b, 1);
  if (type === 'float32') return fl(dims, randFloats(r, n, 4, specials));
  const [lo, hi] = type === 'uint8' ? [0, 255] : type === 'int8' ? [-128, 127] : [-(2 ** 31), 2 ** 31 - 1];
  const ends = (v: number) => (r() < 0.05 ? (r() < 0.5 ? lo : hi) : v);
  if (type === 'int64') {
    // values past 2^53 (where double sums round, Kahan's or not), and the int64 extremes
    const big = () => BigInt(Math.floor((r() * 2 - 1) * 2 ** 40)) * BigInt(randInt(r, 1, 2 ** 22));
    const vals = Array.from({ length: n }, () =>
      r() < 0.05 ? (r() < 0.5 ? -(2n ** 63n) : 2n ** 63n - 1n) : r() < 0.5 ? big() : BigInt(randInt(r, -1000, 1000)),
    );
    return { name: '', type, dims: [...dims], data: BigInt64Array.from(vals) };
  }
  return tensor(
    type,
    dims,
    Array.from({ length: n }, () => ends(randInt(r, type === 'int32' ? -1e9 : lo, type === 'int32' ? 1e9 : hi))),
  );
}
const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);

// ---- reductions ----------------------------------------------------------------------------------------------------

const REDUCE_OPS = [
  'ReduceSum',
  'ReduceMean',
  'ReduceMax',
  'ReduceMin',
  'ReduceProd',
  'ReduceL1',
  'ReduceL2',
  'ReduceSumSquare',
  'ReduceLogSum',
  'ReduceLogSumExp',
];
const INT_TYPES: Record<string, HostType[]> = {
  ReduceSum: ['int32', 'int64'],
  ReduceMax: ['int32', 'int64', 'uint8', 'int8'],
  ReduceMin: ['int32', 'int64', 'uint8', 'int8'],
};
/** Whether the op reads its axes from input 1 at `opset`. */
const axesInput = (op: string, opset: number) => opset >= 18 || (op === 'ReduceSum' && opset >= 13);

/** A reduction node: axes as the attribute or input 1 by opset (undefined axes: none given). */
function reduceCase(op: string, x: Tensor, axes: number[] | undefined, keep: number, opset: number, noop = 0): Case {
  const attrs: Record<string, Attribute> = { keepdims: A.i(keep) };
  if (axesInput(op, opset)) {
    if (noop) attrs.noop_with_empty_axes = A.i(1);
    return {
      op,
      inputs: [
        [x, 'feed'],
        [axes ? i64([axes.length], axes) : null, 'init'],
      ],
      attrs,
      opset,
    };
  }
  if (axes) attrs.axes = A.is(axes);
  return { op, inputs: [[x, 'feed']], attrs, opset };
}

/** onnxruntime's loop for dims and reduced axes (the fast shape's signature and sizes), for coverage checks. */
function loopOf(op: string, dims: readonly number[], axes: readonly number[]): string {
  const red = dims.map((_, i) => axes.length === 0 || axes.some((a) => (a + dims.length) % dims.length === i));
  const sig: string[] = [];
  const sz: number[] = [];
  dims.forEach((d, i) => {
    const k = red[i] ? 'R' : 'K';
    if (sig[sig.length - 1] === k) sz[sz.length - 1] *= d;
    else {
      sig.push(k);
      sz.push(d);
    }
  });
  const s = sig.join('');
  if (s === 'R') return 'R';
  if (!['ReduceSum', 'ReduceMean', 'ReduceMax', 'ReduceMin'].includes(op)) return 'general';
  if (s === 'KR') return 'KR';
  if (s === 'RK' && sz[0] > 16 && Math.max(sz[0], sz[1]) > 256) return 'RK';
  if (s === 'KRK' && sz[0] >= 2) return `KRK/${sz[2] % 4}`;
  if (s === 'RKR' && sz[1] >= 2) return 'RKR';
  return 'general';
}

/** Shapes for each loop: [dims, axes]. */
const LOOP_SHAPES: [number[], number[]][] = [
  [[37], []],
  [[3, 37], [1]],
  [
    [2, 3, 5],
    [1, 2],
  ],
  [[300, 3], [0]],
  [[20, 300], [0]],
  [
    [17, 2, 300],
    [0, 1],
  ],
  [[37, 7], [0]],
  [[3, 9, 4], [1]],
  [[2, 13, 5], [1]],
  [[2, 6, 6], [1]],
  [[4, 7, 7], [1]],
  [
    [3, 2, 5, 3],
    [1, 2],
  ],
  [[1, 9, 7], [1]],
  [
    [5, 9, 3],
    [0, 2],
  ],
  [
    [2, 1, 3],
    [0, 2],
  ],
  [
    [4, 6, 5, 7],
    [1, 3],
  ],
  [
    [2, 3, 4, 5],
    [0, 2],
  ],
  [[1, 9, 1, 7], [1]],
  [[2, 80, 120], [-1]],
  [
    [3, 4, 5],
    [-3, -1],
  ],
];

describe('reductions: host against the reference, bit for bit', () => {
  it('every subset of axes of ranks 1-5, both axes forms, keepdims both ways, float32 with NaN / -0 / inf', () => {
    const r = rng(4801);
    let n = 0;
    for (let rank = 1; rank <= 5; rank++)
      for (let mask = 0; mask < 1 << rank; mask++)
        for (const op of REDUCE_OPS) {
          const dims = Array.from({ length: rank }, () => (r() < 0.25 ? 1 : randInt(r, 2, rank > 3 ? 3 : 5)));
          const axes = Array.from({ length: rank }, (_, i) => i)
            .filter((i) => mask & (1 << i))
            .map((a) => (r() < 0.3 ? a - rank : a));
          const keep = randInt(r, 0, 1);
          const opset = [11, 13, 18][randInt(r, 0, 2)];
          const x = randTensor(r, 'float32', dims, 0.1);
          if (op === 'ReduceLogSum' && r() < 0.7) x.data = (x.data as Float32Array).map(Math.abs);
          hostMatchesRef(
            reduceCase(op, x, axes.length ? axes : undefined, keep, opset),
            `${op} [${dims}] axes [${axes}]`,
          );
          n++;
        }
    expect(n).toBe(620);
  });

  it("every loop of onnxruntime's fast shapes (R, KR, RK, KRK with each column tail, RKR, general) for every op", () => {
    const r = rng(4802);
    const seen = new Set<string>();
    for (const op of REDUCE_OPS)
      for (const [dims, axes] of LOOP_SHAPES)
        for (const keep of [0, 1]) {
          seen.add(loopOf(op, dims, axes));
          hostMatchesRef(
            reduceCase(op, randTensor(r, 'float32', dims, 0.02), axes, keep, 13),
            `${op} [${dims}] [${axes}]`,
          );
          // every element -0: where a sum starts (first element or 0) shows
          hostMatchesRef(reduceCase(op, fl(dims, new Float32Array(numel(dims)).fill(-0)), axes, keep, 13), `${op} -0`);
        }
    expect([...seen].sort()).toEqual(['KR', 'KRK/0', 'KRK/1', 'KRK/2', 'KRK/3', 'R', 'RK', 'RKR', 'general']);
  });

  it('integer types: ReduceSum int32 / int64 (saturating, Kahan on the R / KR / general loops), Max / Min of all', () => {
    const r = rng(4803);
    for (const op of ['ReduceSum', 'ReduceMax', 'ReduceMin'])
      for (const type of INT_TYPES[op])
        for (const [dims, axes] of [
          ...LOOP_SHAPES,
          [
            [2, 3],
            [0, 1],
          ] as [number[], number[]],
        ])
          for (const opset of [12, 13, 18]) {
            const c = reduceCase(op, randTensor(r, type, dims), axes, randInt(r, 0, 1), opset);
            hostMatchesRef(c, `${op} ${type} [${dims}] [${axes}] opset ${opset}`);
          }
  });

  it('noop_with_empty_axes (copies; per-element steps for L1, L2, SumSquare, LogSum, LogSumExp), empty axes', () => {
    const r = rng(4804);
    const x = fl([2, 3, 4], randFloats(r, 24, 4, 0.3));
    for (const op of REDUCE_OPS)
      for (const opset of op === 'ReduceSum' ? [13, 18] : [18]) {
        const noop = hostMatchesRef(reduceCase(op, x, undefined, 1, opset, 1), `${op} noop`);
        expect(noop[0].dims).toEqual([2, 3, 4]);
        // an empty axes tensor is no axes
        hostMatchesRef(
          {
            ...reduceCase(op, x, undefined, 0, opset, 1),
            inputs: [
              [x, 'feed'],
              [i64([0], []), 'init'],
            ],
          },
          `${op} noop, empty axes input`,
        );
        const all = hostMatchesRef(reduceCase(op, x, undefined, 0, opset), `${op} no axes`);
        expect(all[0].dims).toEqual([]);
      }
    // the copy keeps -0 (Sum, Max, Min, Mean, Prod); the per-element steps do not
    const z = hostRun(reduceCase('ReduceSum', fl([2], [-0, -0]), undefined, 1, 13, 1), [
      { type: 'float32', dims: [2] },
    ]);
    expect(Object.is(z[0].data[0], -0)).toBe(true);
  });

  it('empty inputs (the empty reduction: 0, 1, -inf, +inf, the integer extremes) and rank-0 inputs', () => {
    const r = rng(4805);
    for (const op of REDUCE_OPS)
      for (const type of ['float32', ...(INT_TYPES[op] ?? [])] as HostType[]) {
        for (const [dims, axes] of [
          [[0, 3], [0]],
          [[3, 0], [1]],
          [[2, 0, 3], []],
          [[0], []],
          [[3, 0], [0]],
        ] as [number[], number[]][])
          for (const keep of [0, 1])
            hostMatchesRef(
              reduceCase(op, tensor(type, dims, []), axes.length ? axes : undefined, keep, 18),
              `${op} ${type} [${dims}] [${axes}]`,
            );
        for (const v of type === 'float32'
          ? [-0, 0, 2, -2, Infinity, -Infinity, NaN]
          : [randTensor(r, type, [1]).data[0]])
          hostMatchesRef(
            reduceCase(op, tensor(type, [], [v as number]), undefined, 1, 13),
            `${op} ${type} rank 0 (${v})`,
          );
      }
  });

  it('refuses other types, int8 / uint8 Max and Min below opset 12, a computed axes input, axes out of range', () => {
    const x = (type: HostType) => tensor(type, [2, 2], [1, 2, 3, 4]);
    for (const op of REDUCE_OPS)
      for (const type of ['int32', 'int64', 'uint8', 'int8', 'bool'] as HostType[])
        if (!(INT_TYPES[op] ?? []).includes(type))
          refused(reduceCase(op, x(type), [1], 1, 13), [{ type, dims: [2, 1] }], /data is/, `${op} ${type}`);
    for (const op of ['ReduceMax', 'ReduceMin'])
      refused(
        reduceCase(op, x('int8'), [1], 1, 11),
        [{ type: 'int8', dims: [2, 1] }],
        /data is int8/,
        `${op} opset 11`,
      );
    refused(
      {
        op: 'ReduceSum',
        inputs: [
          [x('float32'), 'feed'],
          [i64([1], [1]), 'feed'],
        ],
        opset: 13,
      },
      [{ type: 'float32', dims: [2, 1] }],
      /must be a constant/,
      'computed axes',
    );
    refused(
      reduceCase('ReduceMax', x('float32'), [2], 1, 13),
      [{ type: 'float32', dims: [2, 1] }],
      /out of range/,
      'axis 2',
    );
    refused(
      { op: 'ReduceMax', inputs: [[x('float32'), 'feed']], attrs: { noop_with_empty_axes: A.i(1) }, opset: 13 },
      [{ type: 'float32', dims: [1, 1] }],
      /noop_with_empty_axes/,
      'noop below opset 18',
    );
  });
});

describe.skipIf(!ort)('reductions: against onnxruntime-web 1.30', () => {
  it('float32: every loop, ranks 1-5, keepdims, both axes forms, specials; bit for bit', async () => {
    const r = rng(4811);
    for (const op of REDUCE_OPS)
      for (const [t, [dims, axes]] of LOOP_SHAPES.entries()) {
        const opset = t % 3 === 0 ? 18 : t % 3 === 1 ? 13 : 11;
        const x = randTensor(r, 'float32', dims, 0.02);
        if (op === 'ReduceLogSum') x.data = (x.data as Float32Array).map(Math.abs);
        const c = reduceCase(op, x, axes.length ? axes : undefined, t % 2, opset);
        const want = (await ortRun(c, ['float32']))[0];
        sameTensor(hostRun(c, [want])[0], want, `${op} [${dims}] [${axes}] opset ${opset}`);
      }
  });

  it('random subsets of axes of ranks 1-5 with NaN / -0 / inf, keepdims both ways', async () => {
    const r = rng(4812);
    for (let t = 0; t < 120; t++) {
      const op = REDUCE_OPS[t % REDUCE_OPS.length];
      const rank = randInt(r, 1, 5);
      const dims = Array.from({ length: rank }, () => (r() < 0.25 ? 1 : randInt(r, 2, 5)));
      const axes = dims.map((_, i) => i).filter(() => r() < 0.5);
      const c = reduceCase(
        op,
        randTensor(r, 'float32', dims, 0.08),
        axes.length ? axes : undefined,
        randInt(r, 0, 1),
        18,
      );
      const want = (await ortRun(c, ['float32']))[0];
      sameTensor(hostRun(c, [want])[0], want, `${op} [${dims}] [${axes}]`);
    }
  });

  it('the -0 starts, the Max / Min NaN placement on each loop (RKR skips a block that starts with NaN)', async () => {
    for (const op of ['ReduceSum', 'ReduceMean', 'ReduceMax', 'ReduceMin', 'ReduceProd', 'ReduceL1'])
      for (const [dims, axes] of LOOP_SHAPES) {
        const n = numel(dims);
        const xs = [
          fl(dims, new Float32Array(n).fill(-0)),
          fl(
            dims,
            Float32Array.from({ length: n }, (_, i) => (i % 5 === 2 ? NaN : i % 3 === 0 ? -0 : i % 7)),
          ),
          fl(
            dims,
            Float32Array.from({ length: n }, (_, i) => (i % 4 === 0 ? NaN : (i * 7) % 11)),
          ),
        ];
        for (const x of xs) {
          const c = reduceCase(op, x, axes.length ? axes : undefined, 1, 13);
          const want = (await ortRun(c, ['float32']))[0];
          sameTensor(hostRun(c, [want])[0], want, `${op} [${dims}] [${axes}] specials`);
        }
      }
  });

  it('ReduceLogSum and ReduceLogSumExp (musl logf / expf) bit for bit over 60000 outputs', async () => {
    const r = rng(4813);
    for (const op of ['ReduceLogSum', 'ReduceLogSumExp'])
      for (let t = 0; t < 30; t++) {
        const [rows, cols] = [1000, 1 + (t % 7)];
        const x = randFloats(r, rows * cols, t % 2 ? 40 : 3, 0);
        if (op === 'ReduceLogSum') for (let i = 0; i < x.length; i++) x[i] = F(Math.abs(x[i]) * 10 ** (r() * 6 - 3));
        const c = reduceCase(op, fl([rows, cols], x), [1], 0, 13);
        const want = (await ortRun(c, ['float32']))[0];
        sameTensor(hostRun(c, [want])[0], want, `${op} [${rows}, ${cols}]`);
      }
  });

  it('LogSumExp and LogSum specials (inf, -inf, NaN first, all -inf) on the R and general loops, bit for bit', async () => {
    const rows = [
      [1, Infinity, 2],
      [-Infinity, -Infinity, -Infinity],
      [NaN, 1, 2],
      [1, NaN, 2],
      [-Infinity, 1, 0],
      [Infinity, -Infinity, 0],
      [2, 2, 2],
      [-0, -0, -0],
      [0, 0, 0],
    ];
    for (const op of ['ReduceLogSumExp', 'ReduceLogSum'])
      for (const row of rows)
        for (const [dims, axes] of [
          [[3], [0]],
          [[1, 3], [1]],
          [[3, 1], [0]],
        ] as [number[], number[]][]) {
          const c = reduceCase(op, fl(dims, row), axes, 0, 13);
          const want = (await ortRun(c, ['float32']))[0];
          sameTensor(hostRun(c, [want])[0], want, `${op} [${row}] [${dims}]`);
        }
  });

  it('integer types: ReduceSum int32 / int64 (saturation, doubles, Kahan by loop), Max / Min, bit for bit', async () => {
    const r = rng(4814);
    for (const op of ['ReduceSum', 'ReduceMax', 'ReduceMin'])
      for (const type of INT_TYPES[op])
        for (const [dims, axes] of LOOP_SHAPES) {
          const c = reduceCase(op, randTensor(r, type, dims), axes.length ? axes : undefined, 1, 13);
          const want = (await ortRun(c, [type]))[0];
          sameTensor(hostRun(c, [want])[0], want, `${op} ${type} [${dims}] [${axes}]`);
        }
  });

  it('noop_with_empty_axes, empty inputs, rank-0 inputs', async () => {
    const r = rng(4815);
    const x = fl([9], [-0, 0, NaN, Infinity, -Infinity, -2, 3, 1e30, 1e-30]);
    for (const op of REDUCE_OPS) {
      const cases: Case[] = [
        reduceCase(op, x, undefined, 1, 18, 1),
        reduceCase(op, fl([0, 3], []), [0], 1, 18),
        reduceCase(op, fl([0, 3], []), [0], 0, 18),
        ...[-0, 2, -2, Infinity, -Infinity, NaN].map((v) => reduceCase(op, fl([], [v]), undefined, 0, 13)),
        reduceCase(op, randTensor(r, 'float32', [1, 1]), undefined, 0, 13),
      ];
      for (const c of cases) {
        const want = (await ortRun(c, ['float32']))[0];
        sameTensor(hostRun(c, [want])[0], want, `${op} [${c.inputs[0][0]!.dims}] ${JSON.stringify(c.attrs)}`);
      }
    }
  });
});

// ---- ArgMax / ArgMin -----------------------------------------------------------------------------------------------

function argCase(op: string, x: Tensor, axis: number, keep: number, last: number | undefined, opset: number): Case {
  const attrs: Record<string, Attribute> = { axis: A.i(axis), keepdims: A.i(keep) };
  if (last !== undefined) attrs.select_last_index = A.i(last);
  return { op, inputs: [[x, 'feed']], attrs, opset };
}

describe('ArgMax / ArgMin', () => {
  it('host = reference: ranks 1-4, every axis (negative too), keepdims, select_last_index, every type, ties, NaN', () => {
    const r = rng(4821);
    for (const op of ['ArgMax', 'ArgMin'])
      for (const type of ['float32', 'int32', 'uint8', 'int8'] as HostType[])
        for (let rank = 1; rank <= 4; rank++)
          for (let axis = -rank; axis < rank; axis++)
            for (const last of [undefined, 0, 1]) {
              const dims = Array.from({ length: rank }, () => randInt(r, 1, 6));
              const x =
                type === 'float32'
                  ? fl(dims, r() < 0.5 ? randTies(r, numel(dims), 0.2) : randFloats(r, numel(dims), 4, 0.1))
                  : tensor(
                      type,
                      dims,
                      Array.from({ length: numel(dims) }, () => randInt(r, 0, 3)),
                    );
              hostMatchesRef(
                argCase(op, x, axis, randInt(r, 0, 1), last, last === undefined ? 11 : 13),
                `${op} ${type}`,
              );
            }
  });

  it.skipIf(!ort)('equals onnxruntime-web bit for bit (the 1-D first-NaN rule, ties, select_last_index)', async () => {
    const r = rng(4822);
    for (let t = 0; t < 160; t++) {
      const op = t % 2 ? 'ArgMax' : 'ArgMin';
      const type = (['float32', 'float32', 'int32', 'uint8', 'int8'] as HostType[])[t % 5];
      const rank = t < 60 ? 1 : randInt(r, 1, 4);
      const dims = Array.from({ length: rank }, () => randInt(r, 1, rank === 1 ? 40 : 6));
      const x =
        type === 'float32'
          ? fl(dims, t % 3 ? randTies(r, numel(dims), 0.15) : randFloats(r, numel(dims), 4, 0.15))
          : tensor(
              type,
              dims,
              Array.from({ length: numel(dims) }, () => randInt(r, 0, 3)),
            );
      const c = argCase(op, x, randInt(r, -rank, rank - 1), randInt(r, 0, 1), randInt(r, 0, 1), 13);
      const want = (await ortRun(c, ['int64']))[0];
      sameTensor(hostRun(c, [want])[0], want, `${op} ${type} [${dims}] ${JSON.stringify(c.attrs)}`);
    }
  });

  it('refuses other types and an empty reduced axis', () => {
    refused(
      argCase('ArgMax', tensor('int64', [2], [1, 2]), 0, 1, 0, 13),
      [{ type: 'int64', dims: [1] }],
      /data is int64/,
      'int64',
    );
    refused(argCase('ArgMin', fl([2, 0], []), 1, 1, 0, 13), [{ type: 'int64', dims: [2, 1] }], /empty/, 'empty axis');
  });
});

// ---- TopK ----------------------------------------------------------------------------------------------------------

function topKCase(x: Tensor, k: number, axis: number, largest: number, sorted: number, opset = 11): Case {
  const attrs: Record<string, Attribute> = { axis: A.i(axis) };
  if (opset >= 11) Object.assign(attrs, { largest: A.i(largest), sorted: A.i(sorted) });
  if (opset < 10) attrs.k = A.i(k);
  return {
    op: 'TopK',
    inputs:
      opset < 10
        ? [[x, 'feed']]
        : [
            [x, 'feed'],
            [i64([1], [k]), 'init'],
          ],
    attrs,
    opset,
    outputs: ['values', 'indices'],
  };
}
/** Whether onnxruntime takes its heap (k > 1). */
const heapLoop = (k: number, n: number) => k !== 1 && (k < 4 || Math.log2(k) / Math.log2(n) < 0.725);

describe('TopK', () => {
  it('host = reference: every k of axes up to 20 (k = 1, heap, sort), largest / smallest, sorted, axes, ties', () => {
    const r = rng(4831);
    const loops = new Set<string>();
    for (const n of [1, 2, 3, 5, 8, 13, 20])
      for (let k = 0; k <= n; k++)
        for (const largest of [0, 1])
          for (const sorted of [0, 1]) {
            const heap = heapLoop(k, n);
            if (!sorted && k > 1 && !heap) continue;
            loops.add(k <= 1 ? `k${k}` : heap ? 'heap' : 'sort');
            const dims = [randInt(r, 1, 3), n, randInt(r, 1, 3)];
            const x = fl(
              dims,
              r() < 0.5
                ? randTies(r, numel(dims), heap || k <= 1 ? 0.1 : 0)
                : randFloats(r, numel(dims), 4, heap || k <= 1 ? 0.05 : 0),
            );
            hostMatchesRef(
              topKCase(x, k, r() < 0.5 ? 1 : -2, largest, sorted),
              `TopK n ${n} k ${k} ${largest} ${sorted}`,
            );
          }
    for (const opset of [1, 10]) {
      const x = randTensor(r, 'float32', [3, 7], 0);
      hostMatchesRef(topKCase(x, 3, -1, 1, 1, opset), `TopK opset ${opset}`);
    }
    expect([...loops].sort()).toEqual(['heap', 'k0', 'k1', 'sort']);
  });

  it.skipIf(!ort)(
    'equals onnxruntime-web bit for bit: ties by index, the heap order unsorted, NaN on k = 1 and the heap',
    async () => {
      const r = rng(4832);
      for (let t = 0; t < 140; t++) {
        const n = randInt(r, 1, 24);
        const k = randInt(r, 0, n);
        const heap = heapLoop(k, n);
        const sorted = !heap && k > 1 ? 1 : randInt(r, 0, 1);
        const dims = [randInt(r, 1, 3), n, randInt(r, 1, 2)];
        const nan = heap || k <= 1 ? 0.1 : 0;
        const x = fl(dims, t % 2 ? randTies(r, numel(dims), nan) : randFloats(r, numel(dims), 4, nan));
        const c = topKCase(x, k, 1, randInt(r, 0, 1), sorted);
        const want = await ortRun(c, ['float32', 'int64']);
        const got = hostRun(c, want);
        want.forEach((w, i) => sameTensor(got[i], w, `TopK n ${n} k ${k} ${JSON.stringify(c.attrs)} output ${i}`));
      }
    },
  );

  it('refuses sorted = 0 where onnxruntime takes nth_element, a computed k, k past the axis', () => {
    const x = fl([1, 8], [1, 7, 5, 2, 8, 0, 3, 9]);
    const planned = (k: number) => [
      { type: 'float32', dims: [1, k] },
      { type: 'int64', dims: [1, k] },
    ];
    refused(topKCase(x, 6, 1, 1, 0), planned(6), /nth_element/, 'sorted 0');
    refused(
      {
        ...topKCase(x, 2, 1, 1, 1),
        inputs: [
          [x, 'feed'],
          [i64([1], [2]), 'feed'],
        ],
      },
      planned(2),
      /constant/,
      'k fed',
    );
    refused(topKCase(x, 9, 1, 1, 1), planned(9), /out of range/, 'k 9');
  });
});

// ---- GlobalMaxPool -------------------------------------------------------------------------------------------------

describe('GlobalMaxPool', () => {
  const specialsImage = (size: number, r: () => number) =>
    Float32Array.from({ length: size }, () =>
      r() < 0.2 ? [NaN, -0, 0, -Infinity][randInt(r, 0, 3)] : randInt(r, -3, 3),
    );
  it('host = reference: 1 to 3 spatial dims, every size % 4, NaN / -0 / -inf everywhere', () => {
    const r = rng(4841);
    for (const spatial of [[1], [3], [4], [5], [7], [2, 3], [3, 3], [2, 2, 2], [3, 1, 5]]) {
      const dims = [2, 3, ...spatial];
      hostMatchesRef({ op: 'GlobalMaxPool', inputs: [[fl(dims, specialsImage(numel(dims), r)), 'feed']] }, `[${dims}]`);
      hostMatchesRef(
        { op: 'GlobalMaxPool', inputs: [[fl(dims, new Float32Array(numel(dims)).fill(-Infinity)), 'feed']] },
        '-inf',
      );
    }
  });
  it.skipIf(!ort)(
    'equals onnxruntime-web bit for bit (NaN in the vector part wins, in the tail it is skipped)',
    async () => {
      const r = rng(4842);
      for (const spatial of [[1], [2], [3], [4], [5], [6], [7], [8], [9], [13], [2, 3], [3, 4], [2, 2, 3]])
        for (let t = 0; t < 3; t++) {
          const dims = [1, 6, ...spatial];
          const x =
            t === 2 ? fl(dims, new Float32Array(numel(dims)).fill(-Infinity)) : fl(dims, specialsImage(numel(dims), r));
          const c: Case = { op: 'GlobalMaxPool', inputs: [[x, 'feed']] };
          const want = (await ortRun(c, ['float32']))[0];
          sameTensor(hostRun(c, [want])[0], want, `GlobalMaxPool [${dims}]`);
        }
    },
  );
  it('refuses 4 spatial dims (onnxruntime does)', () => {
    refused(
      { op: 'GlobalMaxPool', inputs: [[fl([1, 1, 1, 1, 1, 2], [1, 2]), 'feed']] },
      [{ type: 'float32', dims: [1, 1, 1, 1, 1, 1] }],
      /rank 3 to 5/,
      'rank 6',
    );
  });
});

// ---- normalizations --------------------------------------------------------------------------------------------------

function lnCase(
  x: Tensor,
  scale: Tensor,
  bias: Tensor | null,
  axis: number,
  eps?: number,
  outputs = ['y', 'mean', 'inv'],
): Case {
  const attrs: Record<string, Attribute> = { axis: A.i(axis) };
  if (eps !== undefined) attrs.epsilon = A.f(eps);
  return {
    op: 'LayerNormalization',
    inputs: [
      [x, 'feed'],
      [scale, 'init'],
      [bias, 'init'],
    ],
    attrs,
    opset: 17,
    outputs,
  };
}

describe('LpNormalization, InstanceNormalization, LayerNormalization, LRN: host = reference', () => {
  it('LpNormalization: p 1 and 2, every axis, zero / -0 / inf / NaN vectors, overflowing and underflowing norms', () => {
    const r = rng(4851);
    for (const dims of [[7], [3, 5], [2, 3, 4], [2, 1, 3, 2]])
      for (let axis = -dims.length; axis < dims.length; axis++)
        for (const p of [1, 2]) {
          const x = randTensor(r, 'float32', dims, 0.1);
          hostMatchesRef(
            { op: 'LpNormalization', inputs: [[x, 'feed']], attrs: { axis: A.i(axis), p: A.i(p) }, opset: 1 },
            `Lp [${dims}] ${axis} ${p}`,
          );
        }
    for (const row of [
      [0, -0, 0],
      [-0, -0, -0],
      [3e38, 3e38, 1],
      [3e-30, -4e-30, 0],
      [Infinity, 1, 0],
      [NaN, 0, 0],
    ])
      for (const p of [1, 2])
        hostMatchesRef(
          { op: 'LpNormalization', inputs: [[fl([1, 3], row), 'feed']], attrs: { p: A.i(p) } },
          `Lp [${row}]`,
        );
  });

  it('InstanceNormalization: ranks 3-5, epsilon', () => {
    const r = rng(4852);
    for (const dims of [
      [2, 3, 5],
      [1, 4, 3, 3],
      [2, 2, 2, 3, 2],
      [3, 2, 1],
      [1, 1, 17],
    ]) {
      const c = dims[1];
      hostMatchesRef(
        {
          op: 'InstanceNormalization',
          inputs: [
            [randTensor(r, 'float32', dims, 0.02), 'feed'],
            [randTensor(r, 'float32', [c], 0), 'init'],
            [randTensor(r, 'float32', [c], 0), 'init'],
          ],
          attrs: r() < 0.5 ? { epsilon: A.f(F(0.01)) } : {},
          opset: 6,
        },
        `InstanceNormalization [${dims}]`,
      );
    }
  });

  it('LayerNormalization: every axis, with / without B, Mean / InvStdDev, epsilon', () => {
    const r = rng(4853);
    for (const dims of [[5], [3, 7], [2, 3, 4], [2, 1, 3, 5]])
      for (let axis = -dims.length; axis < dims.length; axis++)
        for (const withBias of [true, false]) {
          const a = axis < 0 ? axis + dims.length : axis;
          const tail = dims.slice(a);
          const c = lnCase(
            randTensor(r, 'float32', dims, 0.02),
            randTensor(r, 'float32', r() < 0.3 ? [1, ...tail] : tail, 0),
            withBias ? randTensor(r, 'float32', tail, 0) : null,
            axis,
            r() < 0.5 ? F(1e-3) : undefined,
          );
          hostMatchesRef(c, `LayerNormalization [${dims}] axis ${axis} bias ${withBias}`);
        }
  });

  it('LRN: sizes 1, 3, 5, 7, alpha / beta / bias, channel counts below and above the size (musl powf: 2 ulps)', () => {
    const r = rng(4854);
    let worst = 0;
    for (const size of [1, 3, 5, 7])
      for (const c of [1, 2, 4, 9, 16]) {
        const attrs: Record<string, Attribute> = { size: A.i(size) };
        if (c % 2) Object.assign(attrs, { alpha: A.f(F(0.02)), beta: A.f(F(0.6)), bias: A.f(F(2)) });
        const cs: Case = { op: 'LRN', inputs: [[randTensor(r, 'float32', [2, c, 9, 8], 0.02), 'feed']], attrs };
        const want = refRun(cs)[0];
        worst = Math.max(worst, ulpsApart(hostRun(cs, [want])[0], want, `LRN size ${size} C ${c}`));
      }
    expect(worst).toBeLessThanOrEqual(2);
  });

  it('refusals: p 3, even LRN sizes, 3-D LRN, stash_type 11, a broadcast LayerNormalization scale, rank-2 InstanceNormalization', () => {
    const x = fl([2, 4], [1, 2, 3, 4, 5, 6, 7, 8]);
    const y = [{ type: 'float32', dims: [2, 4] }];
    refused({ op: 'LpNormalization', inputs: [[x, 'feed']], attrs: { p: A.i(3) } }, y, /p 3/, 'p 3');
    const x4 = fl([1, 4, 1, 2], [1, 2, 3, 4, 5, 6, 7, 8]);
    refused(
      { op: 'LRN', inputs: [[x4, 'feed']], attrs: { size: A.i(2) } },
      [{ type: 'float32', dims: [1, 4, 1, 2] }],
      /odd/,
      'size 2',
    );
    refused({ op: 'LRN', inputs: [[x, 'feed']], attrs: { size: A.i(3) } }, y, /4-D/, '2-D');
    refused(
      { ...lnCase(x, fl([4], [1, 1, 1, 1]), null, -1, undefined, ['y']), attrs: { stash_type: A.i(11) } },
      y,
      /stash_type/,
      'stash 11',
    );
    refused(lnCase(x, fl([2, 4], new Float32Array(8).fill(1)), null, -1, undefined, ['y']), y, /Scale/, 'scale [2, 4]');
    refused(
      {
        op: 'InstanceNormalization',
        inputs: [
          [x, 'feed'],
          [fl([4], [1, 1, 1, 1]), 'init'],
          [fl([4], [0, 0, 0, 0]), 'init'],
        ],
        opset: 6,
      },
      y,
      /rank >= 3/,
      'rank 2',
    );
  });
});

describe.skipIf(!ort)(
  'LpNormalization, InstanceNormalization, LayerNormalization, LRN: against onnxruntime-web 1.30',
  () => {
    it('LpNormalization, bit for bit (zero norms give +0)', async () => {
      const r = rng(4861);
      const cases: Case[] = [];
      for (const dims of [[7], [30, 9], [2, 3, 4], [2, 1, 3, 2]])
        for (let axis = -dims.length; axis < dims.length; axis++)
          for (const p of [1, 2])
            cases.push({
              op: 'LpNormalization',
              inputs: [[randTensor(r, 'float32', dims, 0.05), 'feed']],
              attrs: { axis: A.i(axis), p: A.i(p) },
            });
      for (const row of [
        [0, -0, 0],
        [-0, -0, -0],
        [3e38, 3e38, 1],
        [3e-30, -4e-30, 0],
        [Infinity, 1, 0],
        [NaN, 0, 0],
        [-3, -0, 4],
      ])
        for (const p of [1, 2])
          cases.push({ op: 'LpNormalization', inputs: [[fl([1, 3], row), 'feed']], attrs: { p: A.i(p) } });
      for (const c of cases) {
        const want = (await ortRun(c, ['float32']))[0];
        sameTensor(hostRun(c, [want])[0], want, `LpNormalization ${JSON.stringify(c.attrs)} [${c.inputs[0][0]!.dims}]`);
      }
    });

    it('InstanceNormalization, bit for bit', async () => {
      const r = rng(4862);
      for (const dims of [
        [2, 3, 5],
        [1, 4, 9, 7],
        [2, 2, 2, 3, 2],
        [3, 2, 1],
        [1, 1, 300],
      ]) {
        const c: Case = {
          op: 'InstanceNormalization',
          inputs: [
            [randTensor(r, 'float32', dims, 0.01), 'feed'],
            [randTensor(r, 'float32', [dims[1]], 0), 'init'],
            [randTensor(r, 'float32', [dims[1]], 0), 'init'],
          ],
          attrs: { epsilon: A.f(F(1e-3)) },
          opset: 6,
        };
        const want = (await ortRun(c, ['float32']))[0];
        sameTensor(hostRun(c, [want])[0], want, `InstanceNormalization [${dims}]`);
      }
    });

    it('LayerNormalization (Welford), with / without B, every axis, its three outputs, bit for bit', async () => {
      const r = rng(4863);
      for (const dims of [[5], [3, 7], [2, 3, 4], [2, 1, 3, 5], [4, 129]])
        for (let axis = -dims.length; axis < dims.length; axis++)
          for (const withBias of [true, false]) {
            const a = axis < 0 ? axis + dims.length : axis;
            const tail = dims.slice(a);
            const c = lnCase(
              randTensor(r, 'float32', dims, 0.01),
              randTensor(r, 'float32', tail, 0),
              withBias ? randTensor(r, 'float32', tail, 0) : null,
              axis,
              r() < 0.5 ? F(1e-3) : undefined,
            );
            const want = await ortRun(c, ['float32', 'float32', 'float32']);
            const got = hostRun(c, want);
            want.forEach((w, i) => sameTensor(got[i], w, `LayerNormalization [${dims}] axis ${axis} output ${i}`));
          }
    });

    it('LRN bit for bit (the running window, musl powf)', async () => {
      const r = rng(4864);
      for (const size of [1, 3, 5, 7, 9])
        for (const c of [1, 4, 13]) {
          const attrs: Record<string, Attribute> = { size: A.i(size) };
          if (c !== 4)
            Object.assign(attrs, { alpha: A.f(F(r() * 2)), beta: A.f(F(r() * 1.5)), bias: A.f(F(0.5 + r() * 2)) });
          const cs: Case = { op: 'LRN', inputs: [[randTensor(r, 'float32', [2, c, 21, 19], 0), 'feed']], attrs };
          const want = (await ortRun(cs, ['float32']))[0];
          sameTensor(hostRun(cs, [want])[0], want, `LRN size ${size} C ${c}`);
        }
    });
  },
);

// ---- musl's powf (src/model/numerics/powf.ts) ------------------------------------------------------------------

describe.skipIf(!ort)("musl's powf", () => {
  it("equals onnxruntime-web's (its Pow operator calls powf) bit for bit, special values included", async () => {
    const r = rng(4881);
    const n = 40000;
    const sp = [0, -0, 1, -1, Infinity, -Infinity, NaN, 2, -2, 0.5, 1e-40, -1e-40, 3, -3, 1e38, 1e-38, 0.75, -0.75];
    const x = new Float32Array(n),
      y = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const u = r();
      x[i] =
        u < 0.05
          ? sp[randInt(r, 0, sp.length - 1)]
          : F((r() < 0.2 ? -1 : 1) * Math.exp((r() * 2 - 1) * (u < 0.5 ? 3 : 40)));
      const v = r();
      y[i] =
        v < 0.05
          ? sp[randInt(r, 0, sp.length - 1)]
          : v < 0.15
            ? randInt(r, -10, 10)
            : F((r() * 2 - 1) * (v < 0.6 ? 3 : 60));
    }
    const c: Case = {
      op: 'Pow',
      inputs: [
        [fl([n], x), 'feed'],
        [fl([n], y), 'feed'],
      ],
    };
    const want = (await ortRun(c, ['float32']))[0];
    sameTensor({ type: 'float32', dims: [n], data: Float32Array.from(x, (v, i) => powf(v, y[i])) }, want, 'powf');
  });
});

// ---- through rt.loadModel ----------------------------------------------------------------------------------------

describe('through rt.loadModel', () => {
  it('a ReduceSum with an axes input, a TopK, LayerNormalizations with their statistics (Mean left out), an ArgMax', async () => {
    const rt = await createRuntime();
    try {
      const r = rng(4871);
      const cases: [Case, HostType[]][] = [
        [reduceCase('ReduceSum', randTensor(r, 'float32', [2, 13, 5], 0), [1], 0, 13), ['float32']],
        [topKCase(randTensor(r, 'float32', [3, 9], 0), 3, 1, 1, 1), ['float32', 'int64']],
        [
          lnCase(
            randTensor(r, 'float32', [3, 8], 0),
            randTensor(r, 'float32', [8], 0),
            randTensor(r, 'float32', [8], 0),
            -1,
          ),
          ['float32', 'float32', 'float32'],
        ],
        [
          lnCase(randTensor(r, 'float32', [2, 3, 4], 0), randTensor(r, 'float32', [4], 0), null, -1, undefined, [
            'y',
            '',
            'inv',
          ]),
          ['float32', 'float32'],
        ],
        [argCase('ArgMax', randTensor(r, 'float32', [4, 6], 0), 1, 0, 1, 13), ['int64']],
        [{ op: 'GlobalMaxPool', inputs: [[randTensor(r, 'float32', [1, 3, 4, 5], 0), 'feed']] }, ['float32']],
      ];
      for (const [c, types] of cases) {
        const model = loadModelSync(rt, modelBytes(c, types));
        const out = model.run(Object.fromEntries(feedsOf(c).map(([n, t]) => [n, t.data as Float32Array])));
        const want = refRun(c);
        outsOf(c)
          .filter((n) => n !== '')
          .forEach((n, k) => sameTensor({ ...want[k], data: out[n] }, want[k], `${c.op} through loadModel, ${n}`));
        model.dispose();
      }
    } finally {
      rt.dispose();
    }
  });
});
