// Float Conv in onnxruntime-web's exact order (MLAS: im2col + SGEMM in blocks of K, the one-row product for one
// output channel per group, the bias last): the reference (kernels-ref/model/ops/Conv.ts), the TypeScript operator
// (src/model/backends/host/conv.ts) and the wasm SIMD kernel (src/model/backends/wasm-float/kernels.ts,
// assembly/model/host-float.ts) against onnxruntime-web 1.30 (wasm, one thread) bit for bit, on single-Conv graphs
// whose sums round differently in any other order: K (input channels per group x kernel positions) below, at and
// above 128, 256 and 1024; output planes smaller and larger than K and not multiples of 4; groups, depthwise, 1x1,
// 3x3, 7x7 stride 2, pads, dilations, 1-D, 2-D, 3-D, whole-row kernels, bias or not, batch > 1, an infinite weight
// in the padding; stride 2 over rows of eight cells and more. The wasm kernel also a chunk of cells per task, in
// pieces, and on two threads.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { A, type Case, f32t, feedsOf, hostRun, loadOrt, modelBytes, ortRun, refRun } from './helpers/one-node.js';
import type { Attribute, Dim, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { runReference } from '../kernels-ref/model/index.js';
import { HOST_OPS } from '../src/model/backends/host/index.js';
import { CONV_LIMITS } from '../src/model/backends/wasm-float/kernels.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();

interface Shape {
  n?: number;
  c: number;
  m: number;
  group?: number;
  sp: number[];
  /** 1 x .. x 1 when not given */
  ker?: number[];
  strides?: number[];
  pads?: number[];
  dil?: number[];
  autoPad?: string;
  bias?: boolean;
  infW?: boolean;
}

/** Values in +-4 with some 300x larger, so that the order of a long sum shows in its rounding. */
function randArray(r: () => number, n: number): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) a[i] = Math.fround((r() * 2 - 1) * (r() < 0.1 ? 1200 : 4));
  return a;
}

function convCaseOf(r: () => number, s: Shape): Case {
  const ker = s.ker ?? s.sp.map(() => 1);
  const g = s.group ?? 1;
  const attrs: Record<string, Attribute> = { group: A.i(g) };
  if (s.strides) attrs.strides = A.is(s.strides);
  if (s.pads) attrs.pads = A.is(s.pads);
  if (s.dil) attrs.dilations = A.is(s.dil);
  if (s.autoPad) attrs.auto_pad = A.s(s.autoPad);
  const x = f32t([s.n ?? 1, s.c, ...s.sp], randArray(r, (s.n ?? 1) * s.c * s.sp.reduce((a, b) => a * b, 1)));
  const w = f32t([s.m, s.c / g, ...ker], randArray(r, ((s.m * s.c) / g) * ker.reduce((a, b) => a * b, 1)));
  if (s.infW) (w.data as Float32Array)[0] = Number.POSITIVE_INFINITY;
  return {
    op: 'Conv',
    inputs: [
      [x, 'feed'],
      [w, 'init'],
      [s.bias === false ? null : f32t([s.m], randArray(r, s.m)), 'init'],
    ],
    attrs,
  };
}

const SHAPES: Shape[] = [
  // 1x1 (direct): K = C around 128, 256, 1024; N below and above K; one output channel
  { c: 127, m: 5, sp: [3, 5] },
  { c: 128, m: 6, sp: [7, 9] },
  { c: 129, m: 3, sp: [2, 3] },
  { c: 255, m: 4, sp: [5, 7] },
  { c: 257, m: 7, sp: [9, 31] },
  { c: 300, m: 2, sp: [1, 17] },
  { c: 1023, m: 3, sp: [3, 11] },
  { c: 1025, m: 2, sp: [5, 5] },
  { c: 2100, m: 2, sp: [1, 9] },
  { c: 600, m: 1, sp: [3, 7] },
  { c: 600, m: 1, sp: [1, 2], bias: false },
  { c: 200, m: 9, sp: [1, 1] },
  { c: 64, m: 8, sp: [40, 41], bias: false },
  // 3x3 pad 1: K = 9 C
  { c: 14, m: 6, sp: [9, 10], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 15, m: 5, sp: [5, 6], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 29, m: 4, sp: [6, 7], ker: [3, 3], pads: [1, 0, 0, 1] },
  { c: 57, m: 3, sp: [3, 3], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 114, m: 3, sp: [4, 5], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 120, m: 20, sp: [2, 2], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 40, m: 9, sp: [30, 33], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 40, m: 1, sp: [13, 15], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 300, m: 1, sp: [5, 6], ker: [3, 3], pads: [1, 1, 1, 1], bias: false },
  // 7x7 stride 2, dilations, SAME
  { c: 6, m: 8, sp: [33, 30], ker: [7, 7], strides: [2, 2], pads: [3, 3, 3, 3] },
  { c: 22, m: 5, sp: [19, 21], ker: [7, 7], strides: [2, 2], pads: [3, 2, 3, 2] },
  { c: 33, m: 4, sp: [15, 14], ker: [3, 3], dil: [2, 3], pads: [2, 2, 2, 2] },
  { c: 30, m: 4, sp: [17, 13], ker: [3, 5], strides: [2, 1], autoPad: 'SAME_UPPER' },
  { c: 30, m: 4, sp: [12, 13], ker: [4, 4], strides: [2, 2], autoPad: 'SAME_LOWER' },
  // stride 2 along rows of eight cells and more (runs of every other input cell; the plane's last cells)
  { c: 5, m: 6, sp: [20, 35], ker: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] },
  { c: 4, m: 3, sp: [9, 34], ker: [3, 3], strides: [2, 2], pads: [0, 0, 1, 1] },
  { c: 16, m: 16, group: 16, sp: [37, 41], ker: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] },
  { c: 9, m: 9, group: 9, sp: [23, 36], ker: [5, 5], strides: [2, 2], pads: [2, 2, 2, 2] },
  { c: 6, m: 6, group: 6, sp: [21, 50], ker: [3, 3], strides: [2, 2], dil: [2, 2], pads: [2, 2, 2, 2] },
  { c: 3, m: 5, sp: [101], ker: [3], strides: [2], pads: [1, 1] },
  // groups, depthwise
  { c: 8, m: 8, group: 8, sp: [17, 19], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 12, m: 12, group: 12, sp: [11, 13], ker: [5, 5], strides: [2, 2], pads: [2, 2, 2, 2] },
  { c: 6, m: 12, group: 6, sp: [9, 9], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 600, m: 2, group: 2, sp: [3, 5], ker: [1, 1] },
  { c: 600, m: 2, group: 2, sp: [4, 5], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 256, m: 4, group: 2, sp: [3, 7], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 3, m: 3, group: 3, sp: [120, 130], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 4, m: 4, group: 4, sp: [40, 47], ker: [15, 15], pads: [7, 7, 7, 7], bias: false },
  // batch > 1
  { n: 2, c: 130, m: 3, sp: [3, 5], ker: [1, 1] },
  { n: 3, c: 20, m: 5, sp: [6, 7], ker: [3, 3], pads: [1, 1, 1, 1] },
  { n: 2, c: 4, m: 4, group: 4, sp: [6, 9], ker: [3, 3], pads: [0, 1, 1, 0] },
  // whole-row kernels (direct, B transposed or not), one input channel
  { c: 1, m: 3, sp: [40, 150], ker: [2, 150] },
  { c: 1, m: 1, sp: [40, 150], ker: [2, 150] },
  { c: 1, m: 3, sp: [150, 7], ker: [150, 1] },
  { c: 1, m: 1, sp: [150, 7], ker: [150, 1] },
  { c: 2, m: 3, sp: [150, 7], ker: [150, 1] },
  // 1-D
  { c: 40, m: 5, sp: [301], ker: [5], pads: [2, 2] },
  { c: 300, m: 3, sp: [37], ker: [3], pads: [1, 1] },
  { c: 1, m: 4, sp: [300], ker: [300] },
  { c: 1, m: 1, sp: [300], ker: [300] },
  { c: 160, m: 1, sp: [19], ker: [1] },
  { c: 96, m: 96, group: 96, sp: [97], ker: [3], dil: [2], pads: [2, 2] },
  // 3-D
  { c: 10, m: 4, sp: [5, 6, 7], ker: [3, 3, 3], pads: [1, 1, 1, 1, 1, 1] },
  { c: 7, m: 3, sp: [4, 9, 5], ker: [2, 3, 2], strides: [1, 2, 2], pads: [0, 1, 1, 1, 0, 0] },
  { c: 140, m: 2, sp: [2, 3, 3], ker: [1, 1, 1] },
  { c: 20, m: 1, sp: [3, 4, 5], ker: [3, 3, 3], pads: [1, 1, 1, 1, 1, 1] },
  // an infinite weight meets the padding
  { c: 3, m: 2, sp: [5, 6], ker: [3, 3], pads: [1, 1, 1, 1], infW: true },
  // planes lower than the kernel (OCR heads): whole blocks of eight cells in the padding rows, with an infinite weight
  // there, depthwise (the one-row product) and not (the column matrix)
  { c: 6, m: 6, group: 6, sp: [2, 40], ker: [5, 5], pads: [2, 2, 2, 2], infW: true },
  { c: 5, m: 5, group: 5, sp: [3, 19], ker: [5, 5], strides: [2, 1], pads: [2, 2, 2, 2] },
  { c: 24, m: 24, group: 24, sp: [2, 34], ker: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] },
  { c: 7, m: 5, sp: [1, 30], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 3, m: 4, sp: [1, 24], ker: [3, 3], pads: [1, 1, 1, 1], infW: true },
  // few output cells (a short signal): the kernel's four-channel lanes for the cells past the last block of eight
  // (4 and 1 at a time), K across blocks, output channels not a multiple of 4, groups, batch, 1x1
  { c: 1, m: 258, sp: [640], ker: [256], strides: [128] },
  { c: 129, m: 128, sp: [4], ker: [3], pads: [1, 1] },
  { c: 64, m: 13, sp: [9], ker: [3], strides: [2], pads: [1, 1], bias: false },
  { c: 64, m: 12, group: 2, sp: [13], ker: [3], strides: [2] },
  { n: 2, c: 300, m: 8, sp: [5], ker: [1] },
  { c: 130, m: 9, sp: [3, 5], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 300, m: 4, sp: [2, 3], ker: [1, 1], bias: false },
  { c: 40, m: 6, sp: [4, 5], ker: [3, 3], pads: [1, 1, 1, 1] },
];

interface TShape {
  n?: number;
  c: number;
  /** output channels per group */
  mg: number;
  group?: number;
  sp: number[];
  ker: number[];
  strides?: number[];
  pads?: number[];
  bias?: boolean;
  /** W fed (onnxruntime does not pack it) */
  fedW?: boolean;
}

function convTransposeCaseOf(r: () => number, s: TShape): Case {
  const g = s.group ?? 1;
  const attrs: Record<string, Attribute> = { group: A.i(g) };
  if (s.strides) attrs.strides = A.is(s.strides);
  if (s.pads) attrs.pads = A.is(s.pads);
  const numel = (d: number[]) => d.reduce((a, b) => a * b, 1);
  const x = f32t([s.n ?? 1, s.c, ...s.sp], randArray(r, (s.n ?? 1) * s.c * numel(s.sp)));
  const w = f32t([s.c, s.mg, ...s.ker], randArray(r, s.c * s.mg * numel(s.ker)));
  return {
    op: 'ConvTranspose',
    inputs: [
      [x, 'feed'],
      [w, s.fedW ? 'feed' : 'init'],
      [s.bias === false ? null : f32t([s.mg * g], randArray(r, s.mg * g)), 'init'],
    ],
    attrs,
  };
}

/** ConvTranspose: K (input channels per group) around MLAS's blocks, N (input cells) below and above K, W packed or not. */
const TSHAPES: TShape[] = [
  { c: 300, mg: 2, sp: [3, 4], ker: [2, 2], strides: [2, 2] },
  { c: 300, mg: 2, sp: [3, 4], ker: [2, 2], strides: [2, 2], fedW: true },
  { c: 300, mg: 3, sp: [5, 8], ker: [3, 3], strides: [2, 2], pads: [1, 1, 0, 0] },
  { c: 300, mg: 3, sp: [5, 8], ker: [3, 3], strides: [2, 2], pads: [1, 1, 0, 0], fedW: true },
  { c: 1100, mg: 2, sp: [2, 3], ker: [2, 2], strides: [2, 2], bias: false },
  { c: 1100, mg: 2, sp: [2, 3], ker: [2, 2], strides: [2, 2], fedW: true },
  { c: 200, mg: 4, sp: [20, 20], ker: [2, 2], strides: [2, 2] },
  { c: 600, mg: 1, group: 2, sp: [7, 9], ker: [4, 4], strides: [2, 2], pads: [1, 1, 1, 1] },
  { c: 260, mg: 1, sp: [9], ker: [1], fedW: true },
  { c: 260, mg: 1, sp: [9], ker: [1] },
  { c: 140, mg: 3, sp: [11], ker: [5], strides: [3] },
  { n: 2, c: 130, mg: 2, sp: [3, 3, 2], ker: [2, 2, 2], strides: [2, 2, 2] },
  { c: 8, mg: 5, sp: [30, 31], ker: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] },
  // accumulating from each position's column (4 positions x 8 cells per tile, their tails), and one pass (few channels)
  { c: 16, mg: 7, sp: [9, 13], ker: [4, 4], strides: [2, 2], pads: [1, 1, 1, 1] },
  { c: 9, mg: 3, sp: [5, 7], ker: [3, 3], pads: [1, 1, 1, 1] },
  { c: 12, mg: 2, sp: [3, 2], ker: [5, 3], strides: [1, 2], pads: [2, 1, 2, 1] },
  { c: 4, mg: 3, sp: [6, 10], ker: [3, 3], strides: [2, 2], pads: [1, 1, 1, 1] },
];

function sameBits(got: ArrayLike<number>, want: ArrayLike<number>): number {
  let bad = 0;
  for (let i = 0; i < want.length; i++) {
    const g = got[i],
      w = want[i];
    if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w))) bad++;
  }
  return bad;
}

/** Runs case c through rt.loadModel, then run (sync) or runAsync: its output and the Conv's algorithm. */
async function modelRun(rt: Runtime, c: Case, sync: boolean): Promise<{ data: Float32Array; algorithm: string }> {
  const bytes = modelBytes(c);
  const m = await rt.loadModel(bytes, { onFloatModel: 'allow' });
  try {
    const feeds = Object.fromEntries(feedsOf(c).map(([n, t]) => [n, t.data]));
    const out = sync ? m.run(feeds as never) : await m.runAsync(feeds as never);
    return { data: out.y0 as Float32Array, algorithm: m.nodes.map((n) => n.algorithm).join(' ') };
  } finally {
    m.dispose();
  }
}

/** Every case through rt.loadModel (the wasm kernel) against onnxruntime-web; the failures, and the algorithms met. */
async function kernelFailures(rt: Runtime, sync: boolean, what: string): Promise<[string[], Set<string>]> {
  const r = rng(4801),
    rt2 = rng(4802);
  const fails: string[] = [];
  const algos = new Set<string>();
  const cases: [Case, object][] = [
    ...SHAPES.map((s): [Case, object] => [convCaseOf(r, s), s]),
    ...TSHAPES.map((s): [Case, object] => [convTransposeCaseOf(rt2, s), s]),
  ];
  for (const [c, s] of cases) {
    const want = (await ortRun(c))[0];
    const { data, algorithm } = await modelRun(rt, c, sync);
    algos.add(algorithm);
    const bad = sameBits(data, want.data as Float32Array);
    if (bad) fails.push(`${what} ${algorithm} ${JSON.stringify(s)}: ${bad} of ${want.data.length} differ`);
  }
  return [fails, algos];
}

/** The cases where the reference or the TypeScript operator differs from onnxruntime-web (one line each). */
async function oracleFails<S>(shapes: readonly S[], caseOf: (s: S) => Case): Promise<string> {
  const fails: string[] = [];
  for (const s of shapes) {
    const c = caseOf(s);
    const want = (await ortRun(c))[0];
    const ref = refRun(c)[0];
    const host = hostRun(c, [ref])[0];
    for (const [who, got] of [
      ['reference', ref],
      ['operator', host],
    ] as const) {
      const bad = sameBits(got.data as Float32Array, want.data as Float32Array);
      if (bad) fails.push(`${who} ${JSON.stringify(s)}: ${bad} of ${want.data.length} differ`);
    }
  }
  return fails.join('\n');
}

describe('float Conv in onnxruntime-web order', () => {
  it.skipIf(!ort)('the reference and the TypeScript operator equal onnxruntime-web bit for bit', async () => {
    const r = rng(4801);
    expect(await oracleFails(SHAPES, (s) => convCaseOf(r, s))).toBe('');
  });

  it.skipIf(!ort)(
    'ConvTranspose: the reference and the TypeScript operator equal onnxruntime-web bit for bit',
    async () => {
      const r = rng(4802);
      expect(await oracleFails(TSHAPES, (s) => convTransposeCaseOf(r, s))).toBe('');
    },
  );

  it.skipIf(!ort)('the wasm kernel (rt.loadModel, one thread) equals onnxruntime-web bit for bit', async () => {
    const rt = await createRuntime();
    try {
      const [fails, algos] = await kernelFailures(rt, true, '1 thread');
      expect(fails.join('\n')).toBe('');
      // both Conv kernels; ConvTranspose's kernels, and its TypeScript operator where the GEMM splits K
      for (const a of ['conv-f32-simd', 'conv-f32-simd-1x1', 'convtranspose-f32-simd', 'convtranspose-f32-simd-acc'])
        expect([...algos], a).toContain(a);
      expect([...algos].filter((a) => !a.startsWith('conv')).length, [...algos].join()).toBeGreaterThan(0);
    } finally {
      rt.dispose();
    }
  });
});

/**
 * Conv (with its bias) -> Add(Z) [-> Relu]: the graph as written, and the same with the pass's i8conv ConvAdd node
 * (the reference's twin of what onnxruntime's FusedConv computes).
 */
function convAddGraphs(c: Case, relu: boolean): { graph: Graph; fused: Graph; feeds: Map<string, Tensor> } {
  const ref = refRun(c)[0];
  const r = rng(ref.data.length);
  const z = f32t(ref.dims, randArray(r, ref.data.length));
  const x = c.inputs[0][0]!;
  const conv: Node = {
    name: 'conv',
    opType: 'Conv',
    domain: '',
    inputs: ['x', 'w', 'b'],
    outputs: ['c'],
    attributes: new Map(Object.entries(c.attrs ?? {})),
  };
  const add: Node = {
    name: 'add',
    opType: 'Add',
    domain: '',
    inputs: ['c', 'z'],
    outputs: [relu ? 'a' : 'y'],
    attributes: new Map(),
  };
  const act: Node[] = relu
    ? [{ name: 'relu', opType: 'Relu', domain: '', inputs: ['a'], outputs: ['y'], attributes: new Map() }]
    : [];
  const base = (nodes: Node[], domains: [string, number][]): Graph => ({
    name: 'convadd',
    irVersion: 8,
    opsetImports: new Map(domains),
    inputs: [
      { name: 'x', type: 'float32', onnxElemType: 1, shape: [...x.dims] },
      { name: 'z', type: 'float32', onnxElemType: 1, shape: [...ref.dims] },
    ],
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: [...ref.dims] }],
    initializers: new Map([
      ['w', { ...c.inputs[1][0]!, name: 'w' }],
      ['b', { ...c.inputs[2][0]!, name: 'b' }],
    ]),
    valueInfo: new Map(),
    nodes,
  });
  const fusedNode: Node = {
    ...conv,
    opType: 'ConvAdd',
    domain: 'i8conv',
    inputs: ['x', 'w', 'b', 'z'],
    outputs: add.outputs,
  };
  return {
    graph: base([conv, add, ...act], [['', 13]]),
    fused: base(
      [fusedNode, ...act],
      [
        ['', 13],
        ['i8conv', 1],
      ],
    ),
    feeds: new Map([
      ['x', { ...x, name: 'x' }],
      ['z', { ...z, name: 'z' }],
    ]),
  };
}

/** onnxruntime-web at its default optimization level ('all': it fuses the Conv, the Add and the Relu). */
async function ortAll(graph: Graph, feeds: Map<string, Tensor>): Promise<Float32Array> {
  const o = ort!;
  const session = await o.InferenceSession.create(writeOnnxModel(graph), {
    executionProviders: ['wasm'],
  });
  try {
    const f: Record<string, import('onnxruntime-web').Tensor> = {};
    for (const [k, t] of feeds) f[k] = new o.Tensor('float32', t.data as Float32Array, t.dims);
    return (await session.run(f)).y.data as Float32Array;
  } finally {
    await session.release();
  }
}

/** The 4-D cases with a bias (onnxruntime fuses only those). */
const ADD_SHAPES = SHAPES.filter((s) => s.sp.length === 2 && s.bias !== false);

describe("Conv -> Add as onnxruntime-web's default optimization fuses it (i8conv ConvAdd)", () => {
  it.skipIf(!ort)(
    'the reference, the TypeScript operator and the kernel (rt.loadModel) equal onnxruntime-web',
    async () => {
      const r = rng(4803);
      const rt = await createRuntime();
      const fails: string[] = [];
      const algos = new Set<string>();
      let apart = 0;
      try {
        for (const [i, s] of ADD_SHAPES.entries()) {
          const relu = i % 2 === 0;
          const { graph, fused, feeds } = convAddGraphs(convCaseOf(r, s), relu);
          const want = await ortAll(graph, feeds);
          const ref = runReference(fused, feeds).get('y')!.data as Float32Array;
          // the two nodes as written sum in another order: the case tells the orders apart
          if (sameBits(runReference(graph, feeds).get('y')!.data as Float32Array, want) > 0) apart++;
          const m = await rt.loadModel(writeOnnxModel(graph), { onFloatModel: 'allow' });
          let got: Float32Array;
          try {
            got = m.run(Object.fromEntries([...feeds].map(([k, t]) => [k, t.data])) as never).y as Float32Array;
            algos.add(m.nodes.map((n) => `${n.op} ${n.algorithm}`).join(' / '));
          } finally {
            m.dispose();
          }
          // the TypeScript operator
          const fn = fused.nodes[0];
          const ins = fn.inputs.map((n) => (n === 'x' || n === 'z' ? feeds.get(n)! : fused.initializers.get(n)!));
          const infos = ins.map((t, k) => ({
            type: 'float32' as const,
            dims: t.dims,
            constant: k === 1 || k === 2 ? (t as never) : undefined,
          }));
          const outDims = feeds.get('z')!.dims;
          const op = HOST_OPS.get('i8conv:ConvAdd')!(fn, infos, [{ type: 'float32', dims: [...outDims] }], 13);
          const host = new Float32Array(want.length);
          op(ins as never, [{ type: 'float32', dims: [...outDims], data: host }]);
          if (relu) for (let k = 0; k < host.length; k++) host[k] = host[k] < 0 ? 0 : host[k];
          for (const [who, data] of [
            ['reference', ref],
            ['operator', host],
            ['model', got],
          ] as const) {
            const bad = sameBits(data, want);
            if (bad) fails.push(`${who} ${JSON.stringify(s)}${relu ? ' relu' : ''}: ${bad} of ${want.length} differ`);
          }
        }
      } finally {
        rt.dispose();
      }
      expect(fails.join('\n')).toBe('');
      expect(
        [...algos].every((a) => a.startsWith('ConvAdd conv-f32-simd')),
        [...algos].join('\n'),
      ).toBe(true);
      expect(apart, `of ${ADD_SHAPES.length}`).toBeGreaterThan(ADD_SHAPES.length * 0.6);
    },
  );
});

/**
 * An Add of two Convs' outputs (both read x): which one onnxruntime fuses. It takes the Conv producer of the lower
 * node index (one with a bias; one without is passed over) and, where that Conv has another reader too, fuses
 * neither; `swap` writes the Add's operands in the other order (the choice goes by node order, not operand order).
 */
function twoConvGraph(
  r: () => number,
  v: { firstBias: boolean; secondBias: boolean; firstShared: boolean; secondShared: boolean; swap: boolean },
  declared?: Dim[],
): { graph: Graph; feeds: Map<string, Tensor>; outs: string[] } {
  const s: Shape = { c: 129, m: 6, sp: [5, 7], ker: [3, 3], pads: [1, 1, 1, 1] };
  const c1 = convCaseOf(r, { ...s, bias: v.firstBias });
  const c2 = convCaseOf(r, { ...s, bias: v.secondBias });
  const x = c1.inputs[0][0]!;
  const inits = new Map<string, Tensor>();
  const conv = (k: number, c: Case): Node => {
    inits.set(`w${k}`, { ...c.inputs[1][0]!, name: `w${k}` });
    if (c.inputs[2][0]) inits.set(`b${k}`, { ...c.inputs[2][0]!, name: `b${k}` });
    return {
      name: `conv${k}`,
      opType: 'Conv',
      domain: '',
      inputs: ['x', `w${k}`, ...(c.inputs[2][0] ? [`b${k}`] : [])],
      outputs: [`c${k}`],
      attributes: new Map(Object.entries(c1.attrs ?? {})),
    };
  };
  const dims = [1, s.m, ...s.sp];
  const nodes: Node[] = [conv(1, c1), conv(2, c2)];
  nodes.push({
    name: 'add',
    opType: 'Add',
    domain: '',
    inputs: v.swap ? ['c2', 'c1'] : ['c1', 'c2'],
    outputs: ['y'],
    attributes: new Map(),
  });
  const outs = ['y'];
  for (const [k, shared] of [
    [1, v.firstShared],
    [2, v.secondShared],
  ] as const)
    if (shared) {
      nodes.push({
        name: `neg${k}`,
        opType: 'Neg',
        domain: '',
        inputs: [`c${k}`],
        outputs: [`n${k}`],
        attributes: new Map(),
      });
      outs.push(`n${k}`);
    }
  const graph: Graph = {
    name: 'twoconvs',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: declared ?? [...x.dims] }],
    outputs: outs.map((name) => ({ name, type: 'float32' as const, onnxElemType: 1, shape: declared ? null : dims })),
    initializers: inits,
    valueInfo: new Map(),
    nodes,
  };
  return { graph, feeds: new Map([['x', { ...x, name: 'x' }]]), outs };
}

describe("an Add of two Convs: the one onnxruntime-web fuses, or none (a PP-OCR classifier's residual)", () => {
  it.skipIf(!ort)('every choice of biases, other readers and operand order equals onnxruntime-web', async () => {
    const r = rng(4811);
    const rt = await createRuntime();
    const fails: string[] = [];
    let apart = 0;
    try {
      // x declared as fed, with a symbolic batch, symbolic rows and columns, an unnamed batch: onnxruntime decides
      // from the declared shapes at session creation
      const decls: (Dim[] | undefined)[] = [undefined, ['N', 129, 5, 7], [1, 129, 'H', 'W'], [null, 129, 5, 7]];
      for (const [bits, declared] of decls.flatMap((d) => Array.from({ length: 32 }, (_, b) => [b, d] as const))) {
        const v = {
          firstBias: (bits & 1) === 0,
          secondBias: (bits & 2) === 0,
          firstShared: (bits & 4) !== 0,
          secondShared: (bits & 8) !== 0,
          swap: (bits & 16) !== 0,
        };
        const { graph, feeds, outs } = twoConvGraph(r, v, declared);
        const o = ort!;
        const session = await o.InferenceSession.create(writeOnnxModel(graph), { executionProviders: ['wasm'] });
        let want: Record<string, Float32Array>;
        try {
          const res = await session.run({
            x: new o.Tensor('float32', feeds.get('x')!.data as Float32Array, feeds.get('x')!.dims),
          });
          want = Object.fromEntries(outs.map((k) => [k, res[k].data as Float32Array]));
        } finally {
          await session.release();
        }
        if (sameBits(runReference(graph, feeds).get('y')!.data as Float32Array, want.y) > 0) apart++;
        const m = await rt.loadModel(writeOnnxModel(graph), {
          onFloatModel: 'allow',
          inputShapes: { x: [...feeds.get('x')!.dims] },
        });
        try {
          const got = m.run({ x: feeds.get('x')!.data as Float32Array });
          for (const k of outs) {
            const bad = sameBits(got[k] as Float32Array, want[k]);
            if (bad)
              fails.push(`${JSON.stringify(declared)} ${JSON.stringify(v)} ${k}: ${bad} of ${want[k].length} differ`);
          }
        } finally {
          m.dispose();
        }
      }
    } finally {
      rt.dispose();
    }
    expect(fails.join('\n')).toBe('');
    // the cases onnxruntime fuses sum in another order than the graph as written: the test tells them apart
    expect(apart).toBeGreaterThan(8);
  });
});

describe('float Conv in chunks and pieces of cells (a column matrix too large to pass through memory whole: 1024 x 1024 ISNet)', () => {
  // the kernel's other ways of building the column matrix, forced by lowering their limits
  const forced: [string, (l: typeof CONV_LIMITS, bytes: number) => void, string][] = [
    [
      'a chunk of cells per task',
      (l, bytes) => Object.assign(l, { chunkedFromBytes: 0, chunkColBytes: bytes }),
      'conv-f32-simd-chunks',
    ],
    ['in pieces', (l, bytes) => Object.assign(l, { maxColBytes: 1, piecesBytes: bytes }), 'conv-f32-simd-pieces'],
  ];
  for (const [what, set, algo] of forced)
    it.skipIf(!ort)(`the wasm kernel ${what} (8 cells and more) equals onnxruntime-web bit for bit`, async () => {
      const rt = await createRuntime();
      const saved = { ...CONV_LIMITS };
      try {
        for (const bytes of [1, 50000]) {
          set(CONV_LIMITS, bytes);
          const [fails, algos] = await kernelFailures(rt, true, `${what}, ${bytes} bytes`);
          expect(fails.join('\n')).toBe('');
          expect([...algos].join(' ')).toContain(algo);
        }
      } finally {
        Object.assign(CONV_LIMITS, saved);
        rt.dispose();
      }
    });
});

// the pool's workers load the built library (dist/: `npm test` builds it first)
const DIST = new URL('../dist/src/index.js', import.meta.url);
describe.skipIf(!existsSync(DIST) || !ort)('float Conv on 2 threads', () => {
  it('the wasm kernel equals onnxruntime-web bit for bit (run and runAsync)', async (ctx) => {
    const dist = (await import(DIST.href)) as typeof import('../src/index.js');
    const rt2 = await dist.createRuntime({ threads: 2 });
    try {
      if (rt2.threads < 2) return ctx.skip();
      for (const sync of [true, false]) {
        const [fails] = await kernelFailures(rt2 as unknown as Runtime, sync, sync ? 'run' : 'runAsync');
        expect(fails.join('\n')).toBe('');
      }
      // a chunk of cells per task, the tasks on both threads
      const limits = (
        (await import(new URL('../dist/src/model/backends/wasm-float/kernels.js', import.meta.url).href)) as {
          CONV_LIMITS: typeof CONV_LIMITS;
        }
      ).CONV_LIMITS;
      const saved = { ...limits };
      try {
        limits.chunkedFromBytes = 0;
        limits.chunkColBytes = 1;
        const [fails, algos] = await kernelFailures(rt2 as unknown as Runtime, true, 'chunks, 2 threads');
        expect(fails.join('\n')).toBe('');
        expect([...algos].join(' ')).toContain('conv-f32-simd-chunks');
      } finally {
        Object.assign(limits, saved);
      }
    } finally {
      rt2.dispose();
    }
  });
});
