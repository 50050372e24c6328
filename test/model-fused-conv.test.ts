// com.microsoft FusedConv (what onnxruntime's graph optimizer saves for a Conv and its activation):
// src/model/graph/passes/decompose-fused-conv.ts takes it apart into the Conv and the activation's node. Seeded cases
// (every activation with its parameters, strides, pads, dilations, groups, with and without B) give the bits of the
// same model written as Conv -> activation, and onnxruntime-web's on its FusedConv; the reference executor too. A Z
// input or an activation onnxruntime does not take is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { runReference } from '../kernels-ref/model/index.js';
import { I8ConvError } from '../src/errors.js';
import { floatBits, loadOrt, ortRunModel, runXY } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

const ACTS: [string, number[]][] = [
  ['Relu', []],
  ['Tanh', []],
  ['Sigmoid', []],
  ['LeakyRelu', [0.07]],
  ['Clip', [-0.4, 0.9]],
  ['HardSigmoid', [0.25, 0.45]],
];

interface Made {
  fused: Graph;
  split: Graph;
  x: Tensor;
  desc: string;
}

function caseOf(seed: number): Made {
  const r = rng(seed);
  const pick = <V>(xs: readonly V[]): V => xs[Math.floor(r() * xs.length)];
  const [act, params] = ACTS[seed % ACTS.length];
  const group = pick([1, 1, 2]);
  const ic = group * (1 + Math.floor(r() * 3)),
    oc = group * (1 + Math.floor(r() * 4));
  const k = pick([1, 3, 5]),
    stride = pick([1, 2]),
    dil = pick([1, 1, 2]),
    pad = Math.floor(r() * 3);
  // at least one window inside the input
  const h = (k - 1) * dil + 1 + Math.floor(r() * 9),
    w = (k - 1) * dil + 1 + Math.floor(r() * 9);
  const withBias = r() < 0.7;
  const t = (name: string, dims: number[], s: number): Tensor => ({
    name,
    type: 'float32',
    dims,
    data: Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => (r() * 2 - 1) * s),
  });
  const W = t('W', [oc, ic / group, k, k], 0.5);
  const B = t('B', [oc], 0.5);
  const x = t('x', [1, ic, h, w], 2);
  const convAttrs: [string, Attribute][] = [
    ['kernel_shape', { kind: 'ints', value: [k, k] }],
    ['strides', { kind: 'ints', value: [stride, stride] }],
    ['dilations', { kind: 'ints', value: [dil, dil] }],
    ['pads', { kind: 'ints', value: [pad, pad, pad, pad] }],
    ['group', { kind: 'int', value: group }],
  ];
  const inputs = withBias ? ['x', 'W', 'B'] : ['x', 'W'];
  const inits = new Map<string, Tensor>([['W', W], ...(withBias ? [['B', B] as [string, Tensor]] : [])]);
  const base = (nodes: Node[], extra: Map<string, Tensor> = new Map()): Graph => ({
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([
      ['', 13],
      ['com.microsoft', 1],
    ]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: x.dims }],
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: null }],
    initializers: new Map([...inits, ...extra]),
    valueInfo: new Map(),
    nodes,
  });
  const fusedAttrs = new Map<string, Attribute>([...convAttrs, ['activation', { kind: 'string', value: act }]]);
  if (params.length) fusedAttrs.set('activation_params', { kind: 'floats', value: params.map(Math.fround) });
  const fused = base([
    { name: 'fc', opType: 'FusedConv', domain: 'com.microsoft', inputs, outputs: ['y'], attributes: fusedAttrs },
  ]);
  const f = (value: number): Attribute => ({ kind: 'float', value: Math.fround(value) });
  const actAttrs = new Map<string, Attribute>(
    act === 'LeakyRelu'
      ? [['alpha', f(params[0])]]
      : act === 'HardSigmoid'
        ? [
            ['alpha', f(params[0])],
            ['beta', f(params[1])],
          ]
        : [],
  );
  const bounds =
    act === 'Clip'
      ? new Map<string, Tensor>([
          ['lo', { name: 'lo', type: 'float32', dims: [], data: Float32Array.of(params[0]) }],
          ['hi', { name: 'hi', type: 'float32', dims: [], data: Float32Array.of(params[1]) }],
        ])
      : new Map<string, Tensor>();
  const split = base(
    [
      { name: 'c', opType: 'Conv', domain: '', inputs, outputs: ['c'], attributes: new Map(convAttrs) },
      {
        name: 'a',
        opType: act,
        domain: '',
        inputs: act === 'Clip' ? ['c', 'lo', 'hi'] : ['c'],
        outputs: ['y'],
        attributes: actAttrs,
      },
    ],
    bounds,
  );
  return {
    fused,
    split,
    x,
    desc: `seed ${seed} ${act} ic ${ic} oc ${oc} k ${k} s ${stride} d ${dil} p ${pad} g ${group} ${h}x${w} bias ${withBias}`,
  };
}

const run = (g: Graph, x: Tensor): Float32Array => runXY(rt, g, x);

describe('FusedConv (onnxruntime-optimized models)', () => {
  it("gives the bits of Conv -> activation (product and reference) and onnxruntime-web's", async () => {
    if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
    let ortEqual = 0,
      n = 0;
    for (let seed = 1; seed <= 48; seed++) {
      const c = caseOf(seed);
      const got = run(c.fused, c.x);
      expect(floatBits(got), c.desc).toEqual(floatBits(run(c.split, c.x)));
      const ref = runReference(c.fused, [['x', c.x]]).get('y')!.data as Float32Array;
      expect(floatBits(ref), `${c.desc}: reference`).toEqual(
        floatBits(runReference(c.split, [['x', c.x]]).get('y')!.data as Float32Array),
      );
      const want = (await ortRunModel(writeOnnxModel(c.fused), new Map([['x', c.x]]), ['y'])).get('y')!
        .data as Float32Array;
      const splitOrt = (await ortRunModel(writeOnnxModel(c.split), new Map([['x', c.x]]), ['y'])).get('y')!
        .data as Float32Array;
      // onnxruntime's FusedConv is its Conv -> activation, bit for bit
      expect(floatBits(want), `${c.desc}: onnxruntime`).toEqual(floatBits(splitOrt));
      if (floatBits(got).join() === floatBits(want).join()) ortEqual++;
      n++;
    }
    console.log(`FusedConv: ${n} cases, the product equal to onnxruntime-web bit for bit on ${ortEqual}`);
    expect(ortEqual).toBe(n);
  }, 120_000);

  it('a Z input or an activation onnxruntime does not take: UNSUPPORTED_OP at load', () => {
    const c = caseOf(3);
    const node = c.fused.nodes[0];
    const withZ: Graph = {
      ...c.fused,
      nodes: [{ ...node, inputs: [...node.inputs, ...(node.inputs.length === 2 ? [''] : []), 'x'] }],
    };
    const bad: Graph = {
      ...c.fused,
      nodes: [
        { ...node, attributes: new Map([...node.attributes, ['activation', { kind: 'string', value: 'Softplus' }]]) },
      ],
    };
    for (const g of [withZ, bad]) {
      let err: unknown;
      try {
        run(g, c.x);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(I8ConvError);
      expect((err as I8ConvError).code).toBe('UNSUPPORTED_OP');
      expect((err as I8ConvError).message).toMatch(/FusedConv.*activations Relu, Tanh, Sigmoid/s);
    }
  });
});
