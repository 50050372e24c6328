// onnxruntime's GeluFusion (level 'extended') and DivMulFusion (level 'basic') against onnxruntime-web at its default
// level: the product makes the same rewrites (graph/passes/fuse-gelu.ts) and gives the same bits, and the reference
// run of the rewritten graph too. Where onnxruntime does not rewrite (the negative cases) neither does the pass, and
// onnxruntime's levels 'basic' and 'all' agree there, and the product's unfused nodes (its Erf is MLAS's, as
// onnxruntime's Erf operator) give onnxruntime-web's bits too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { fuseDivMulPass, fuseGeluPass } from '../src/model/graph/passes/fuse-gelu.js';
import { inferShapes } from '../src/model/graph/passes/infer-shapes.js';
import { runPasses } from '../src/model/graph/view.js';
import { loadModelSync } from '../src/model/load.js';
import { loadOrt } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const F = Math.fround;
const ort = await loadOrt();

type Form = 'gelu-half-last' | 'gelu-half-first' | 'bias-gelu' | 'div-mul';
interface Spec {
  what: string;
  form: Form;
  fused: boolean;
  w: number;
  opset?: number;
  sqrt2?: number;
  half?: number;
  halfDims?: number[];
  /** a value of the pattern also a graph output */
  extraOut?: string;
}

const node = (opType: string, inputs: string[], outputs: string[]): Node => ({
  name: outputs[0],
  opType,
  domain: '',
  inputs,
  outputs,
  attributes: new Map(),
});

function build(s: Spec, seed: number) {
  const r = rng(seed);
  const dims = [2, 3, s.w];
  const n = 6 * s.w;
  // values of both signs and a few magnitudes, so that erf's and the products' roundings differ between the orders
  const x = Float32Array.from({ length: n }, (_, i) => F((r() * 2 - 1) * (i % 5 === 0 ? 4 : 1.5)));
  const inits: Tensor[] = [];
  const c = (name: string, v: number | Float32Array, d: number[] = []) =>
    inits.push({ name, type: 'float32', dims: d, data: typeof v === 'number' ? Float32Array.of(v) : v });
  const nodes: Node[] = [];
  let root = 'X';
  if (s.form === 'div-mul') {
    c('one', 1);
    c(
      'z',
      Float32Array.from({ length: s.w }, () => F(r() * 4 - 2)),
      [s.w],
    );
    nodes.push(node('Div', ['one', 'X'], ['rcp']), node('Mul', ['rcp', 'z'], ['Y']));
  } else {
    if (s.form === 'bias-gelu') {
      c(
        'bias',
        Float32Array.from({ length: s.w }, () => F(r() - 0.5)),
        [s.w],
      );
      nodes.push(node('Add', ['X', 'bias'], ['xb']));
      root = 'xb';
    }
    c('sqrt2', s.sqrt2 ?? 1.4142135381698608);
    c('one', 1);
    c('half', s.half ?? 0.5, s.halfDims ?? []);
    nodes.push(node('Div', [root, 'sqrt2'], ['dv']), node('Erf', ['dv'], ['e']), node('Add', ['e', 'one'], ['e1']));
    if (s.form === 'gelu-half-first') nodes.push(node('Mul', [root, 'half'], ['hx']), node('Mul', ['hx', 'e1'], ['Y']));
    else nodes.push(node('Mul', [root, 'e1'], ['m']), node('Mul', ['m', 'half'], ['Y']));
  }
  const graph: Graph = {
    name: s.form,
    irVersion: 8,
    opsetImports: new Map([['', s.opset ?? 13]]),
    inputs: [{ name: 'X', type: 'float32', onnxElemType: 1, shape: dims }],
    outputs: [
      { name: 'Y', type: 'float32', onnxElemType: 1, shape: null },
      ...(s.extraOut ? [{ name: s.extraOut, type: 'float32' as const, onnxElemType: 1, shape: null }] : []),
    ],
    initializers: new Map(inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
    nodes,
  };
  return { bytes: writeOnnxModel(graph), x, dims };
}

const ROWS = [1, 3, 4, 5, 8, 17, 96, 128, 257];
const SPECS: Spec[] = [
  ...ROWS.map((w) => ({ what: `Gelu, 0.5 last, row of ${w}`, form: 'gelu-half-last' as Form, fused: true, w })),
  ...ROWS.map((w) => ({ what: `Gelu, 0.5 x first, row of ${w}`, form: 'gelu-half-first' as Form, fused: true, w })),
  ...ROWS.map((w) => ({ what: `Add bias -> Gelu, row of ${w}`, form: 'bias-gelu' as Form, fused: true, w })),
  ...ROWS.map((w) => ({ what: `Mul(1 / x, z), row of ${w}`, form: 'div-mul' as Form, fused: true, w })),
  {
    what: "Gelu with BERT's sqrt 2 (1.4142099618911743), opset 14",
    form: 'gelu-half-last',
    fused: true,
    w: 17,
    sqrt2: 1.4142099618911743,
    opset: 14,
  },
  { what: 'Gelu, 0.5 of dims [1]', form: 'gelu-half-first', fused: true, w: 17, halfDims: [1] },
  { what: 'no Gelu: divisor 1.5', form: 'gelu-half-last', fused: false, w: 17, sqrt2: 1.5 },
  { what: 'no Gelu: 0.5 of dims [1, 1]', form: 'gelu-half-last', fused: false, w: 17, halfDims: [1, 1] },
  { what: 'no Gelu: 0.55', form: 'gelu-half-first', fused: false, w: 17, half: 0.55 },
  { what: 'no Gelu: the Erf output a graph output', form: 'gelu-half-last', fused: false, w: 17, extraOut: 'e' },
  { what: 'Mul(1 / x, z) at opset 14', form: 'div-mul', fused: true, w: 17, opset: 14 },
  { what: 'no DivMul: 1 / x also a graph output', form: 'div-mul', fused: false, w: 17, extraOut: 'rcp' },
];

const rewrite = (g: Graph) => runPasses(g, fuseDivMulPass, fuseGeluPass);
const isFused = (s: Spec, g: Graph) =>
  s.form === 'div-mul'
    ? !g.nodes.some((n) => n.opType === 'Mul')
    : g.nodes.some((n) => n.domain === 'com.microsoft' && n.opType === 'Gelu');

describe("onnxruntime's GeluFusion and DivMulFusion (com.microsoft Gelu; Div(y, x))", () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  it('the passes rewrite exactly the patterns onnxruntime rewrites', () => {
    for (const [i, s] of SPECS.entries()) {
      const { bytes } = build(s, i);
      expect(isFused(s, rewrite(inferShapes(readOnnxModel(bytes)))), s.what).toBe(s.fused);
    }
  });

  it.skipIf(!ort)(
    "outputs equal onnxruntime-web's (default level) bit for bit, and the reference run of the rewritten graph",
    async () => {
      for (const [i, s] of SPECS.entries()) {
        const { bytes, x, dims } = build(s, 100 + i);
        const runOrt = async (level: 'basic' | 'all' | 'disabled') => {
          const session = await ort!.InferenceSession.create(bytes, {
            executionProviders: ['wasm'],
            graphOptimizationLevel: level,
          });
          const out = await session.run({ X: new ort!.Tensor('float32', x, dims) });
          await session.release();
          return out.Y.data as Float32Array;
        };
        const want = await runOrt('all');
        const unfused = await runOrt(s.form === 'div-mul' ? 'disabled' : 'basic');
        const differs = (a: Float32Array, b: Float32Array) => a.some((v, j) => !Object.is(v, b[j]));
        if (!s.fused) {
          // onnxruntime did not rewrite it either
          expect(differs(unfused, want), s.what).toBe(false);
        } else if (s.w >= 17) expect(differs(unfused, want), `${s.what}: the data tells the orders apart`).toBe(true);
        const model = loadModelSync(rt, bytes, { onFloatModel: 'allow' });
        const got = model.run({ X: x }).Y as Float32Array;
        model.dispose();
        const ref = runReference(rewrite(inferShapes(readOnnxModel(bytes))), [
          ['X', { name: 'X', type: 'float32', dims, data: x }],
        ]).get('Y')!.data as Float32Array;
        for (let j = 0; j < want.length; j++) {
          if (!Object.is(got[j], want[j])) expect(got[j], `${s.what}: Y[${j}] vs onnxruntime-web`).toBe(want[j]);
          if (!Object.is(ref[j], want[j]))
            expect(ref[j], `${s.what}: Y[${j}] reference vs onnxruntime-web`).toBe(want[j]);
        }
      }
    },
  );
});
