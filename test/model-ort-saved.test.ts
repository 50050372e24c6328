// What onnxruntime's graph optimizer writes into the models it saves, beyond FusedConv / FusedMatMul (their own
// tests): com.microsoft FusedGemm (a Gemm and its activation, the activation's attributes as activation_<name>),
// com.microsoft QuickGelu (x * sigmoid(alpha x)), and LayerNormalization in the ONNX domain before opset 17 (which
// onnxruntime registers there). src/model/graph/passes/decompose-ort-activations.ts takes the first two apart; seeded
// cases must give onnxruntime-web's bits on the saved node itself, the bits of the nodes it stands for, and the
// reference executor's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { runReference } from '../kernels-ref/model/index.js';
import { floatBits, loadOrt, ortRunModel, runXY } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

const f = (value: number): Attribute => ({ kind: 'float', value: Math.fround(value) });
const i = (value: number): Attribute => ({ kind: 'int', value });

/** FusedGemm's activations with attribute sets to draw from (the activation's own names). */
const ACTS: [string, (r: () => number) => [string, Attribute][]][] = [
  ['Relu', () => []],
  ['Sigmoid', () => []],
  ['Tanh', () => []],
  ['Softplus', () => []],
  ['Softsign', () => []],
  ['LeakyRelu', (r) => [['alpha', f(0.01 + r() * 0.3)]]],
  // onnxruntime's FusedGemm requires the activation's parameters as attributes (no defaults)
  ['Elu', (r) => [['alpha', f(0.5 + r())]]],
  [
    'Selu',
    (r) => [
      ['alpha', f(1 + r())],
      ['gamma', f(0.8 + r() * 0.5)],
    ],
  ],
  [
    'HardSigmoid',
    (r) => [
      ['alpha', f(0.1 + r() * 0.2)],
      ['beta', f(0.3 + r() * 0.4)],
    ],
  ],
  ['ThresholdedRelu', (r) => [['alpha', f(r() * 0.8)]]],
];

function graph(nodes: Node[], x: Tensor, inits: Tensor[], opset = 13): Graph {
  return {
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([
      ['', opset],
      ['com.microsoft', 1],
    ]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: [...x.dims] }],
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: null }],
    initializers: new Map(inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
    nodes,
  };
}

const node = (opType: string, inputs: string[], outputs: string[], attrs: [string, Attribute][], domain = '') => ({
  name: `${opType}_${outputs[0]}`,
  opType,
  domain,
  inputs,
  outputs,
  attributes: new Map(attrs),
});

function tensor(r: () => number, name: string, dims: number[], scale: number): Tensor {
  const n = dims.reduce((a, b) => a * b, 1);
  return { name, type: 'float32', dims, data: Float32Array.from({ length: n }, () => (r() * 2 - 1) * scale) };
}

/** A FusedGemm case and the Gemm -> activation graph it stands for. */
function gemmCase(seed: number): { fused: Graph; split: Graph; x: Tensor; desc: string } {
  const r = rng(seed);
  const [act, attrsOf] = ACTS[seed % ACTS.length];
  const actAttrs = attrsOf(r);
  const m = 1 + Math.floor(r() * 5),
    k = 1 + Math.floor(r() * (seed % 5 === 0 ? 300 : 24)),
    n = 1 + Math.floor(r() * 10);
  const transA = r() < 0.3 ? 1 : 0,
    transB = r() < 0.5 ? 1 : 0;
  const gemmAttrs: [string, Attribute][] = [
    ['transA', i(transA)],
    ['transB', i(transB)],
  ];
  if (r() < 0.4) gemmAttrs.push(['alpha', f(0.25 + r() * 2)]);
  if (r() < 0.4) gemmAttrs.push(['beta', f(0.25 + r() * 2)]);
  const x = tensor(r, 'x', transA ? [k, m] : [m, k], 2);
  const B = tensor(r, 'B', transB ? [n, k] : [k, n], 0.5);
  const withC = r() < 0.7;
  const C = tensor(r, 'C', r() < 0.5 ? [n] : [m, n], 1);
  const ins = withC ? ['x', 'B', 'C'] : ['x', 'B'];
  const inits = withC ? [B, C] : [B];
  const fused = graph(
    [
      node(
        'FusedGemm',
        ins,
        ['y'],
        [
          ...gemmAttrs,
          ['activation', { kind: 'string', value: act }],
          ...actAttrs.map(([name, a]) => [`activation_${name}`, a] as [string, Attribute]),
        ],
        'com.microsoft',
      ),
    ],
    x,
    inits,
  );
  const split = graph([node('Gemm', ins, ['g'], gemmAttrs), node(act, ['g'], ['y'], actAttrs)], x, inits);
  return { fused, split, x, desc: `seed ${seed} ${act} m ${m} k ${k} n ${n} tA ${transA} tB ${transB} C ${withC}` };
}

describe("onnxruntime's saved fusions", () => {
  it.skipIf(!ort)(
    "FusedGemm: onnxruntime-web's bits on the saved node, Gemm -> activation's, the reference's",
    async () => {
      let n = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const c = gemmCase(seed);
        const got = runXY(rt, c.fused, c.x);
        expect(floatBits(got), c.desc).toEqual(floatBits(runXY(rt, c.split, c.x)));
        const want = (await ortRunModel(writeOnnxModel(c.fused), new Map([['x', c.x]]), ['y'])).get('y')!
          .data as Float32Array;
        expect(floatBits(got), `${c.desc}: onnxruntime-web`).toEqual(floatBits(want));
        const ref = runReference(c.fused, [['x', c.x]]).get('y')!.data as Float32Array;
        expect(floatBits(ref), `${c.desc}: reference`).toEqual(floatBits(want));
        n++;
      }
      expect(n).toBe(60);
    },
    120_000,
  );

  it.skipIf(!ort)("QuickGelu: onnxruntime-web's bits (alpha default, 1 and others), the reference's", async () => {
    const r = rng(77);
    for (const alpha of [undefined, 1, 1.702, 0.5, -1.3, 3]) {
      for (const scale of [0.5, 4, 40]) {
        const x = tensor(r, 'x', [3, 37], scale);
        const attrs: [string, Attribute][] = alpha === undefined ? [] : [['alpha', f(alpha)]];
        const g = graph([node('QuickGelu', ['x'], ['y'], attrs, 'com.microsoft')], x, []);
        const got = runXY(rt, g, x);
        const want = (await ortRunModel(writeOnnxModel(g), new Map([['x', x]]), ['y'])).get('y')!.data as Float32Array;
        expect(floatBits(got), `alpha ${alpha} scale ${scale}`).toEqual(floatBits(want));
        const ref = runReference(g, [['x', x]]).get('y')!.data as Float32Array;
        expect(floatBits(ref), `alpha ${alpha} scale ${scale}: reference`).toEqual(floatBits(want));
      }
    }
  });

  it.skipIf(!ort)('LayerNormalization before opset 17 (onnxruntime registers it in the ONNX domain)', async () => {
    const r = rng(78);
    for (const opset of [11, 13, 17]) {
      for (const axis of [-1, 1]) {
        const x = tensor(r, 'x', [2, 3, 8], 3);
        const normDims = axis === -1 ? [8] : [3, 8];
        const scale = tensor(r, 'scale', normDims, 1.5);
        const bias = tensor(r, 'bias', normDims, 0.5);
        const g = graph(
          [
            node(
              'LayerNormalization',
              ['x', 'scale', 'bias'],
              ['y'],
              [
                ['axis', i(axis)],
                ['epsilon', f(1e-5)],
              ],
            ),
          ],
          x,
          [scale, bias],
          opset,
        );
        const got = runXY(rt, g, x);
        const want = (await ortRunModel(writeOnnxModel(g), new Map([['x', x]]), ['y'])).get('y')!.data as Float32Array;
        expect(floatBits(got), `opset ${opset} axis ${axis}`).toEqual(floatBits(want));
      }
    }
  });
});
