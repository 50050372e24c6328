// A decomposed layer normalization in float models, against onnxruntime-web at its default level ('all'), which
// rewrites the pattern into one LayerNormalization whose kernel takes the mean and variance in one pass: the product
// rewrites the same nodes (graph/passes/fuse-layer-norm.ts, i8conv:LayerNormalization) and gives the same bits; the
// reference executor run on the rewritten graph gives them too; where a condition blocks onnxruntime's fusion the
// nodes stay and still equal onnxruntime-web. Every case of opset < 17 that onnxruntime fuses also differs between
// its levels 'basic' (no fusion) and 'all', and from the product with the pass off: the data tells the orders apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Graph, Node, Tensor, ValueInfo } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { fuseLayerNormPass } from '../src/model/graph/passes/fuse-layer-norm.js';
import { inferShapes } from '../src/model/graph/passes/infer-shapes.js';
import { runPasses } from '../src/model/graph/view.js';
import { loadModelSync } from '../src/model/load.js';
import { loadOrt } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const F = Math.fround;
const ort = await loadOrt();

interface Spec {
  what: string;
  /** whether onnxruntime (and so the pass) fuses it */
  fused: boolean;
  w: number;
  opset?: number;
  /** ReduceMean axes (both, unless axes2) */
  axes?: number[];
  axes2?: number[];
  /** X's declared dims (default [2, 3, w]; strings are symbolic) */
  xShape?: (number | string)[];
  exp?: number;
  /** Pow's exponent as an int64 constant */
  expInt?: boolean;
  eps?: number;
  epsSwap?: boolean;
  subSwap?: boolean;
  divSwap?: boolean;
  mulSwap?: boolean;
  addSwap?: boolean;
  dupSub?: boolean;
  castSub?: boolean;
  castDiv?: boolean;
  scaleDims?: number[];
  biasDims?: number[];
  scaleFed?: boolean;
  /** a value of the pattern also a graph output */
  extraOut?: string;
  /** a value of the pattern also read by a Relu (whose output is a graph output) */
  extraReader?: string;
  /** the pattern inside an If's then-branch */
  inIf?: boolean;
  /** X = Transpose(P, perm), P the graph input */
  permuted?: number[];
  /** X also read by Add(X, Neg(Y)): a residual of a value computed from the pattern's output */
  residual?: boolean;
}

const attr = (v: number | number[]): Attribute =>
  Array.isArray(v)
    ? { kind: 'ints', value: v }
    : Number.isInteger(v)
      ? { kind: 'int', value: v }
      : { kind: 'float', value: v };
const node = (opType: string, inputs: string[], outputs: string[], attrs: Record<string, number | number[]> = {}) =>
  ({
    name: outputs[0],
    opType,
    domain: '',
    inputs,
    outputs,
    attributes: new Map(Object.entries(attrs).map(([k, v]) => [k, attr(v)])),
  }) as Node;
const vi = (name: string, shape: ValueInfo['shape'], type: 'float32' | 'bool' = 'float32'): ValueInfo => ({
  name,
  type,
  onnxElemType: type === 'bool' ? 9 : 1,
  shape,
});
const numel = (d: number[]) => d.reduce((a, b) => a * b, 1);

function build(s: Spec, seed: number) {
  const r = rng(seed);
  // values around an offset, so that the mean, the deviations and their squares round differently in each order
  const rand = (n: number, scale: number, off: number) =>
    Float32Array.from({ length: n }, (_, i) => F(off + scale * (r() * 2 - 1) * (1 + (i % 7) * 0.37)));
  const opset = s.opset ?? 13;
  const w = s.w;
  const axes = s.axes ?? [-1];
  const nodes: Node[] = [];
  const inits: Tensor[] = [];
  const tensor = (name: string, dims: number[], data: Tensor['data'], type: Tensor['type'] = 'float32') =>
    inits.push({ name, type, dims, data });
  const reduceMean = (x: string, y: string, ax: number[]) => {
    if (opset >= 18) {
      tensor(`${y}_axes`, [ax.length], BigInt64Array.from(ax, BigInt), 'int64');
      nodes.push(node('ReduceMean', [x, `${y}_axes`], [y]));
    } else nodes.push(node('ReduceMean', [x], [y], { axes: ax }));
  };
  reduceMean('X', 'mean', axes);
  nodes.push(node('Sub', s.subSwap ? ['mean', 'X'] : ['X', 'mean'], ['d']));
  let dPow = 'd';
  let dDiv = 'd';
  if (s.dupSub) {
    nodes.push(node('Sub', ['X', 'mean'], ['d2']));
    dDiv = 'd2';
  }
  if (s.castSub) {
    nodes.push(node('Cast', ['d'], ['dc'], { to: 1 }));
    dPow = dDiv = 'dc';
  }
  if (s.expInt) tensor('two', [], BigInt64Array.of(2n), 'int64');
  else tensor('two', [], Float32Array.of(s.exp ?? 2));
  nodes.push(node('Pow', [dPow, 'two'], ['sq']));
  reduceMean('sq', 'var', s.axes2 ?? axes);
  tensor('eps', [], Float32Array.of(s.eps ?? 1e-5));
  nodes.push(node('Add', s.epsSwap ? ['eps', 'var'] : ['var', 'eps'], ['ve']));
  nodes.push(node('Sqrt', ['ve'], ['sd']));
  nodes.push(node('Div', s.divSwap ? ['sd', dDiv] : [dDiv, 'sd'], ['nrm']));
  let nrm = 'nrm';
  if (s.castDiv) {
    nodes.push(node('Cast', ['nrm'], ['nrmc'], { to: 1 }));
    nrm = 'nrmc';
  }
  const sDims = s.scaleDims ?? [w];
  const bDims = s.biasDims ?? [w];
  const scale = rand(numel(sDims), 1.3, 0.2);
  if (!s.scaleFed) tensor('scale', sDims, scale);
  tensor('bias', bDims, rand(numel(bDims), 0.7, 0));
  nodes.push(node('Mul', s.mulSwap ? ['scale', nrm] : [nrm, 'scale'], ['sc']));
  nodes.push(node('Add', s.addSwap ? ['bias', 'sc'] : ['sc', 'bias'], ['Y']));
  const outputs = [vi('Y', null)];
  if (s.extraOut) outputs.push(vi(s.extraOut, null));
  if (s.extraReader) {
    nodes.push(node('Relu', [s.extraReader], ['extra']));
    outputs.push(vi('extra', null));
  }
  if (s.residual) {
    nodes.push(node('Neg', ['Y'], ['ny']), node('Add', ['X', 'ny'], ['res']));
    outputs.push(vi('res', null));
  }
  const xShape = s.xShape ?? [2, 3, w];
  let feedDims = xShape.map((d, i) => (typeof d === 'number' ? d : [2, 3, w][i]));
  let xName = 'X';
  if (s.permuted) {
    // P's dims: X's, permuted back (X[i] = P[perm[i]])
    const pd = new Array<number>(feedDims.length);
    s.permuted.forEach((from, i) => {
      pd[from] = feedDims[i];
    });
    nodes.unshift(node('Transpose', ['P'], ['X'], { perm: s.permuted }));
    feedDims = pd;
    xName = 'P';
  }
  const inputs = [vi(xName, s.permuted ? feedDims : xShape)];
  const feeds: Record<string, Float32Array | Uint8Array> = { [xName]: rand(numel(feedDims), 3, 5) };
  const dims: Record<string, number[]> = { [xName]: feedDims };
  if (s.scaleFed) {
    inputs.push(vi('scale', sDims));
    feeds.scale = scale;
    dims.scale = sDims;
  }
  let graph: Graph = {
    name: 'layer-norm',
    irVersion: 8,
    opsetImports: new Map([['', opset]]),
    inputs,
    outputs,
    initializers: new Map(inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
    nodes,
  };
  if (s.inIf) {
    // the pattern as the then-branch (reading X of the enclosing graph), a Relu of X as the else-branch
    const branch = (g: Graph, name: string): Attribute => ({
      kind: 'graph',
      value: { ...g, name, inputs: [], opsetImports: new Map() },
    });
    const other: Graph = {
      ...graph,
      initializers: new Map(),
      nodes: [node('Relu', ['X'], ['Y'])],
      outputs: [vi('Y', null)],
    };
    graph = {
      ...graph,
      inputs: [...inputs, vi('cond', [], 'bool')],
      initializers: new Map(),
      outputs: [vi('Out', null)],
      nodes: [
        {
          name: 'if',
          opType: 'If',
          domain: '',
          inputs: ['cond'],
          outputs: ['Out'],
          attributes: new Map([
            ['then_branch', branch(graph, 'then')],
            ['else_branch', branch(other, 'else')],
          ]),
        },
      ],
    };
    feeds.cond = Uint8Array.of(1);
    dims.cond = [];
  }
  return { bytes: writeOnnxModel(graph), feeds, dims };
}

const SPECS: Spec[] = [
  ...[1, 3, 4, 5, 8, 17, 96, 128, 257].map((w) => ({ what: `row of ${w}`, fused: true, w })),
  { what: 'opset 17 (onnxruntime fuses at level basic too)', fused: true, w: 17, opset: 17 },
  { what: 'opset 18, axes as an input', fused: true, w: 33, opset: 18 },
  { what: 'axes [2] (rank - 1)', fused: true, w: 17, axes: [2] },
  { what: 'axes [-1] and [2]', fused: true, w: 17, axes2: [2] },
  { what: 'Pow exponent 3 (not looked at)', fused: true, w: 17, exp: 3 },
  { what: 'Sub(mean, X) (computes X - mean fused)', fused: true, w: 17, subSwap: true },
  { what: 'Div(sqrt, d)', fused: true, w: 17, divSwap: true },
  { what: 'epsilon 1e-3', fused: true, w: 17, eps: 1e-3 },
  { what: 'Add(epsilon, var): epsilon taken as 1e-5', fused: true, w: 17, eps: 1e-3, epsSwap: true },
  { what: 'Mul(scale, x), Add(bias, y)', fused: true, w: 17, mulSwap: true, addSwap: true },
  { what: 'duplicated Sub', fused: true, w: 17, dupSub: true },
  { what: 'Cast after the Sub', fused: true, w: 17, castSub: true },
  { what: 'Cast between the Div and the Mul', fused: true, w: 17, castDiv: true },
  { what: 'scale fed', fused: true, w: 17, scaleFed: true },
  { what: 'symbolic dims (decided at session creation)', fused: true, w: 17, xShape: ['N', 'T', 'C'] },
  { what: 'the output also read by another node', fused: true, w: 17, extraReader: 'Y' },
  { what: 'inside an If branch', fused: true, w: 17, inIf: true },
  { what: 'no fusion: X a Transpose that keeps the last axis', fused: false, w: 17, permuted: [1, 0, 2] },
  {
    what: 'no fusion: X a Transpose that moves the last axis (onnxruntime pushes it below the pattern)',
    fused: false,
    w: 17,
    permuted: [0, 2, 1],
  },
  {
    what: 'X a Transpose that moves the last axis, X also a graph output',
    fused: true,
    w: 17,
    permuted: [0, 2, 1],
    extraOut: 'X',
  },
  {
    what: 'no fusion: X a Transpose that moves the last axis, X also read by a Relu',
    fused: false,
    w: 17,
    permuted: [2, 0, 1],
    extraReader: 'X',
  },
  {
    what: 'no fusion: X a 4-D Transpose (channels last)',
    fused: false,
    w: 17,
    permuted: [0, 2, 3, 1],
    xShape: [2, 3, 5, 17],
  },
  {
    what: 'X a 4-D Transpose, opset 18 (onnxruntime fuses at level basic, before moving transposes)',
    fused: true,
    w: 17,
    permuted: [0, 2, 3, 1],
    opset: 18,
    xShape: [2, 3, 5, 17],
  },
  { what: 'no fusion: axes [1, 2]', fused: false, w: 17, axes: [1, 2], scaleDims: [3, 17], biasDims: [3, 17] },
  { what: 'no fusion: scale [1, w]', fused: false, w: 17, scaleDims: [1, 17] },
  { what: 'no fusion: Pow of an int64 exponent', fused: false, w: 17, expInt: true },
  { what: 'no fusion: the mean read by another node', fused: false, w: 17, extraReader: 'mean' },
  { what: 'no fusion: the squares read by another node', fused: false, w: 17, extraReader: 'sq' },
  { what: 'no fusion: the Div output a graph output', fused: false, w: 17, extraOut: 'nrm' },
  { what: 'no fusion: the Mul output read by another node', fused: false, w: 17, extraReader: 'sc' },
];

const fusedOps = (g: Graph): string[] =>
  g.nodes.flatMap((n) => [
    `${n.domain}:${n.opType}`,
    ...[...n.attributes.values()].flatMap((a) => (a.kind === 'graph' ? fusedOps(a.value) : [])),
  ]);

describe("decomposed LayerNorm (onnxruntime's LayerNormFusion: i8conv:LayerNormalization)", () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  it('the pass rewrites exactly the patterns onnxruntime rewrites', () => {
    for (const [i, s] of SPECS.entries()) {
      if (s.inIf) continue; // a branch goes through the passes as a program of its own (below)
      const { bytes, dims } = build(s, i);
      const g = runPasses(inferShapes(readOnnxModel(bytes), dims), fuseLayerNormPass);
      const ops = fusedOps(g);
      expect(ops.includes('i8conv:LayerNormalization'), s.what).toBe(s.fused);
      if (s.fused)
        expect(
          ops.filter((o) => !['i8conv:LayerNormalization', ':Relu', ':Transpose'].includes(o)),
          s.what,
        ).toEqual([]);
    }
  });

  it.skipIf(!ort)(
    "outputs equal onnxruntime-web's (default level) bit for bit, and the reference run of the rewritten graph",
    async () => {
      const T = ort!.Tensor;
      for (const [i, s] of SPECS.entries()) {
        const { bytes, feeds, dims } = build(s, 100 + i);
        const ortFeeds = Object.fromEntries(
          Object.entries(feeds).map(([k, v]) => [
            k,
            v instanceof Uint8Array
              ? new T('bool', Array.from(v, Boolean) as never, dims[k])
              : new T('float32', v, dims[k]),
          ]),
        );
        const want: Record<string, Float32Array> = {};
        const basic: Record<string, Float32Array> = {};
        for (const [level, into] of [
          ['all', want],
          ['basic', basic],
        ] as const) {
          const session = await ort!.InferenceSession.create(bytes, {
            executionProviders: ['wasm'],
            graphOptimizationLevel: level,
          });
          const out = await session.run(ortFeeds);
          for (const k of session.outputNames) into[k] = out[k].data as Float32Array;
          await session.release();
        }
        const model = loadModelSync(rt, bytes, { inputShapes: dims, onFloatModel: 'allow' });
        // the fused node runs on the float SIMD kernel where its scale and bias are constants
        if (s.fused && !s.inIf && !s.scaleFed)
          expect(
            model.nodes.map((n) => n.algorithm),
            s.what,
          ).toContain('layernorm-f32-simd');
        const got = model.run(feeds as never);
        model.dispose();
        const off = loadModelSync(rt, bytes, { inputShapes: dims, onFloatModel: 'allow' }, { layerNorm: false });
        const unfused = off.run(feeds as never);
        off.dispose();
        const graph = inferShapes(readOnnxModel(bytes), dims);
        const ref = runReference(
          runPasses(graph, fuseLayerNormPass),
          Object.entries(feeds).map(([name, data]) => [
            name,
            { name, type: data instanceof Uint8Array ? 'bool' : 'float32', dims: dims[name], data },
          ]),
        );
        for (const name of Object.keys(want)) {
          const w = want[name];
          const g = got[name] as Float32Array;
          const rf = ref.get(name)!.data as Float32Array;
          expect(g.length, `${s.what}: ${name} length`).toBe(w.length);
          for (let j = 0; j < w.length; j++) {
            if (!Object.is(g[j], w[j])) expect(g[j], `${s.what}: ${name}[${j}] vs onnxruntime-web`).toBe(w[j]);
            // (the reference runs the top graph's rewrite: an If's branches are rewritten as programs of their own)
            if (!s.inIf && !Object.is(rf[j], w[j]))
              expect(rf[j], `${s.what}: ${name}[${j}] reference vs onnxruntime-web`).toBe(w[j]);
          }
        }
        // the data tells the fused order from the graph's: onnxruntime's 'basic' level (no fusion below opset 17)
        // and the product without the pass differ from 'all' wherever the fusion applies (rows of 1 normalize to B)
        const differs = (a: ArrayLike<number>, b: ArrayLike<number>) =>
          Array.from(a).some((x, j) => !Object.is(x, b[j]));
        if (s.fused && s.w > 1) {
          if ((s.opset ?? 13) < 17) expect(differs(basic.Y ?? basic.Out, want.Y ?? want.Out), s.what).toBe(true);
          const o = s.inIf ? 'Out' : 'Y';
          expect(differs(unfused[o] as Float32Array, want[o]), `${s.what}: without the pass`).toBe(true);
        }
      }
    },
  );
});
