/**
 * The graph passes of src/model/graph/passes/, each alone on small graphs written with the test ONNX writer and read
 * back with readOnnxModel. The invariant: runReference(before, feeds) and runReference(after, feeds) give identical
 * outputs (BatchNormalization folding within 1e-5 relative: "before" is the reference's Conv followed by
 * BatchNormalization computed here in float32).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS, runReference } from '../kernels-ref/model/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel, readTensor } from '../src/model/graph/onnx/reader.js';
import { foldBatchNorm } from '../src/model/graph/passes/fold-batchnorm.js';
import { foldConstants } from '../src/model/graph/passes/fold-constants.js';
import { removeIdentity } from '../src/model/graph/passes/remove-identity.js';
import { inferShapes } from '../src/model/graph/passes/infer-shapes.js';
import { I8ConvError } from '../src/errors.js';
import { unsupportedModel } from '../src/model/executor/step.js';
import { DT, le, writeModel, type GraphSpec } from './helpers/onnx-writer.js';
import { rng } from './helpers/rng.js';

function model(graph: GraphSpec, opset = 13): Graph {
  return readOnnxModel(writeModel({ irVersion: 8, opsets: [['', opset]], graph }));
}

function floats(name: string, dims: number[], values: number[]): Tensor {
  return { name, type: 'float32', dims, data: Float32Array.from(values) };
}

function randomFloats(seed: number, n: number, lo = -1, hi = 1): number[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => Math.fround(lo + (hi - lo) * r()));
}

function initF(name: string, dims: number[], values: number[]) {
  return { name, dataType: DT.FLOAT, dims, raw: le(Float32Array.from(values)) };
}

function expectSameOutputs(before: Graph, after: Graph, feeds: Tensor[]): void {
  const a = runReference(
    before,
    feeds.map((t) => [t.name, t]),
  );
  const b = runReference(
    after,
    feeds.map((t) => [t.name, t]),
  );
  expect([...b.keys()]).toEqual([...a.keys()]);
  for (const [name, t] of a) {
    expect(b.get(name)!.dims).toEqual(t.dims);
    expect(b.get(name)!.type).toEqual(t.type);
    expect(Array.from(b.get(name)!.data as ArrayLike<number>)).toEqual(Array.from(t.data as ArrayLike<number>));
  }
}

describe('remove-identity', () => {
  it('removes an inner Identity and an inference Dropout, rewiring their consumers', () => {
    const g = model({
      nodes: [
        { opType: 'Identity', inputs: ['x'], outputs: ['a'] },
        { opType: 'Relu', inputs: ['a'], outputs: ['b'] },
        { opType: 'Dropout', inputs: ['b'], outputs: ['c'] },
        { opType: 'Add', inputs: ['c', 'a'], outputs: ['y'] },
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [2, 3] }],
      outputs: [{ name: 'y', elemType: DT.FLOAT, shape: [2, 3] }],
      valueInfo: [{ name: 'a', elemType: DT.FLOAT, shape: [2, 3] }],
    });
    const after = removeIdentity(g);
    expect(after.nodes.map((n) => n.opType)).toEqual(['Relu', 'Add']);
    expect(after.nodes[0].inputs).toEqual(['x']);
    expect(after.nodes[1].inputs).toEqual(['b', 'x']);
    expect(after.valueInfo.has('a')).toBe(false);
    expect(g.nodes.length).toBe(4); // the input graph is not changed
    // The reference has no Dropout: compare with the same graph where the Dropout is an Identity.
    const withIdentity: Graph = {
      ...g,
      nodes: g.nodes.map((n) => (n.opType === 'Dropout' ? { ...n, opType: 'Identity' } : n)),
    };
    expectSameOutputs(withIdentity, after, [floats('x', [2, 3], randomFloats(1, 6))]);
  });

  it('keeps the name of a graph output produced by an Identity (the producer is renamed)', () => {
    const g = model({
      nodes: [
        { opType: 'Relu', inputs: ['x'], outputs: ['r'] },
        { opType: 'Add', inputs: ['r', 'r'], outputs: ['s'] },
        { opType: 'Identity', inputs: ['r'], outputs: ['y'] },
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [4] }],
      outputs: [
        { name: 'y', elemType: DT.FLOAT, shape: [4] },
        { name: 's', elemType: DT.FLOAT, shape: [4] },
      ],
    });
    const after = removeIdentity(g);
    expect(after.nodes.map((n) => `${n.opType}(${n.inputs})->${n.outputs}`)).toEqual(['Relu(x)->y', 'Add(y,y)->s']);
    expect(after.outputs.map((o) => o.name)).toEqual(['y', 's']);
    expectSameOutputs(g, after, [floats('x', [4], [-1, 2, -3, 4])]);
  });

  it('keeps an Identity from a graph input, an initializer or another graph output to a graph output', () => {
    const g = model({
      nodes: [
        { opType: 'Identity', inputs: ['x'], outputs: ['y1'] },
        { opType: 'Identity', inputs: ['w'], outputs: ['y2'] },
        { opType: 'Relu', inputs: ['x'], outputs: ['y3'] },
        { opType: 'Identity', inputs: ['y3'], outputs: ['y4'] },
      ],
      initializers: [initF('w', [2], [1, 2])],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [2] }],
      outputs: ['y1', 'y2', 'y3', 'y4'].map((name) => ({ name, elemType: DT.FLOAT, shape: [2] })),
    });
    const after = removeIdentity(g);
    expect(after.nodes.length).toBe(4);
    expectSameOutputs(g, after, [floats('x', [2], [-5, 5])]);
  });

  it("removes a training Dropout of ratio 0 (PyTorch's functional dropout at p = 0), keeps one of another ratio", () => {
    const g = model(
      {
        nodes: [
          { opType: 'Dropout', inputs: ['x', 'r0', 't'], outputs: ['a'] },
          { opType: 'Dropout', inputs: ['a', 'r1', 't'], outputs: ['b'] },
          { opType: 'Relu', inputs: ['b'], outputs: ['y'] },
        ],
        initializers: [
          { name: 't', dataType: DT.BOOL, dims: [], raw: new Uint8Array([1]) },
          initF('r0', [], [0]),
          initF('r1', [], [0.25]),
        ],
        inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [2] }],
        outputs: [{ name: 'y', elemType: DT.FLOAT }],
      },
      13,
    );
    const after = removeIdentity(g);
    expect(after.nodes.map((n) => n.opType)).toEqual(['Dropout', 'Relu']);
    expect(after.nodes[0].inputs).toEqual(['x', 'r1', 't']);
  });

  it('keeps a Dropout whose mask is used or whose training_mode is not a constant false', () => {
    const g = model(
      {
        nodes: [
          { opType: 'Dropout', inputs: ['x'], outputs: ['a', 'mask'] },
          { opType: 'Dropout', inputs: ['a', '', 't'], outputs: ['b'] },
          { opType: 'Dropout', inputs: ['b', '', 'f'], outputs: ['c', 'unused'] },
          { opType: 'Relu', inputs: ['c'], outputs: ['y'] },
        ],
        initializers: [
          { name: 't', dataType: DT.BOOL, dims: [], raw: new Uint8Array([1]) },
          { name: 'f', dataType: DT.BOOL, dims: [], raw: new Uint8Array([0]) },
        ],
        inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [2] }],
        outputs: [
          { name: 'y', elemType: DT.FLOAT },
          { name: 'mask', elemType: DT.BOOL },
        ],
      },
      13,
    );
    const after = removeIdentity(g);
    expect(after.nodes.map((n) => n.opType)).toEqual(['Dropout', 'Dropout', 'Relu']);
    expect(after.nodes[2].inputs).toEqual(['b']);
  });
});

/** BatchNormalization in inference mode, float32 steps in the order onnxruntime's formula writes them. */
function batchNorm(x: Tensor, scale: number[], b: number[], mean: number[], variance: number[], eps: number): Tensor {
  const c = x.dims[1];
  const inner = x.data.length / x.dims[0] / c;
  const f32 = Math.fround;
  const out = new Float32Array(x.data.length);
  for (let i = 0; i < x.data.length; i++) {
    const ch = Math.floor(i / inner) % c;
    out[i] = f32(
      f32(f32(((x.data[i] as number) - mean[ch]) * scale[ch]) / f32(Math.sqrt(f32(variance[ch] + eps)))) + b[ch],
    );
  }
  return { ...x, data: out };
}

describe('fold-batchnorm', () => {
  const cases = [
    { name: 'with bias, 3x3, pads', bias: true, group: 1, m: 4, c: 3, k: 3, eps: 1e-5 },
    { name: 'without bias, 1x1', bias: false, group: 1, m: 5, c: 2, k: 1, eps: 1e-3 },
    { name: 'depthwise', bias: true, group: 3, m: 3, c: 3, k: 3, eps: 1e-5 },
  ];
  for (const cs of cases)
    it(`folds a Conv + BatchNormalization (${cs.name}) within 1e-5 relative`, () => {
      const { m, c, k, group } = cs;
      const wv = randomFloats(10, m * (c / group) * k * k);
      const bv = randomFloats(11, m);
      const scale = randomFloats(12, m, 0.5, 2);
      const beta = randomFloats(13, m);
      const mean = randomFloats(14, m);
      const variance = randomFloats(15, m, 0.1, 3);
      const convAttrs = [
        { name: 'pads', type: 7, ints: [1, 1, 1, 1].map((p) => (k === 1 ? 0 : p)) },
        { name: 'group', type: 2, i: group },
      ];
      const spec = (withBn: boolean): GraphSpec => ({
        nodes: [
          {
            name: 'conv',
            opType: 'Conv',
            inputs: cs.bias ? ['x', 'W', 'B'] : ['x', 'W'],
            outputs: [withBn ? 'z' : 'y'],
            attributes: convAttrs,
          },
          ...(withBn
            ? [
                {
                  opType: 'BatchNormalization',
                  inputs: ['z', 's', 'beta', 'mean', 'var'],
                  outputs: ['y'],
                  attributes: [{ name: 'epsilon', type: 1, f: cs.eps }],
                },
              ]
            : []),
        ],
        initializers: [
          initF('W', [m, c / group, k, k], wv),
          ...(cs.bias ? [initF('B', [m], bv)] : []),
          initF('s', [m], scale),
          initF('beta', [m], beta),
          initF('mean', [m], mean),
          initF('var', [m], variance),
        ],
        inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [1, c, 5, 5] }],
        outputs: [{ name: 'y', elemType: DT.FLOAT }],
      });
      const g = model(spec(true));
      const after = foldBatchNorm(g);
      expect(after.nodes.map((n) => n.opType)).toEqual(['Conv']);
      expect(after.nodes[0].outputs).toEqual(['y']);
      expect([...after.initializers.keys()].sort()).toEqual(['W_bnfold', 'conv_bnfold_bias']);
      const x = floats('x', [1, c, 5, 5], randomFloats(16, c * 25, -2, 2));
      const z = runReference(model(spec(false)), [['x', x]]).get('y')!;
      const want = batchNorm(z, scale, beta, mean, variance, Math.fround(cs.eps));
      const got = runReference(after, [['x', x]]).get('y')!;
      expect(got.dims).toEqual(want.dims);
      let worst = 0;
      const magnitude = Math.max(...Array.from(want.data as Float32Array, Math.abs));
      for (let i = 0; i < want.data.length; i++)
        worst = Math.max(worst, Math.abs((got.data[i] as number) - (want.data[i] as number)) / magnitude);
      expect(worst).toBeLessThan(1e-5);
    });

  it('leaves a BatchNormalization whose Conv output has another consumer, is a graph output, or non-constant parameters', () => {
    const inits = [
      initF('W', [2, 2, 1, 1], [1, 2, 3, 4]),
      ...['s', 'beta', 'mean', 'var'].map((n) => initF(n, [2], [1, 0.5])),
    ];
    const bn = (z: string, y: string, s = 's') => ({
      opType: 'BatchNormalization',
      inputs: [z, s, 'beta', 'mean', 'var'],
      outputs: [y],
    });
    const io = {
      inputs: [
        { name: 'x', elemType: DT.FLOAT, shape: [1, 2, 2, 2] },
        { name: 'p', elemType: DT.FLOAT, shape: [2] },
      ],
    };
    const graphs = [
      model({
        ...io,
        nodes: [
          { opType: 'Conv', inputs: ['x', 'W'], outputs: ['z'] },
          bn('z', 'y'),
          { opType: 'Relu', inputs: ['z'], outputs: ['r'] },
        ],
        initializers: inits,
        outputs: [{ name: 'y' }, { name: 'r' }],
      }),
      model({
        ...io,
        nodes: [{ opType: 'Conv', inputs: ['x', 'W'], outputs: ['z'] }, bn('z', 'y')],
        initializers: inits,
        outputs: [{ name: 'y' }, { name: 'z' }],
      }),
      model({
        ...io,
        nodes: [{ opType: 'Conv', inputs: ['x', 'W'], outputs: ['z'] }, bn('z', 'y', 'p')],
        initializers: inits,
        outputs: [{ name: 'y' }],
      }),
      model({
        ...io,
        nodes: [{ opType: 'Relu', inputs: ['x'], outputs: ['z'] }, bn('z', 'y')],
        initializers: inits,
        outputs: [{ name: 'y' }],
      }),
    ];
    for (const g of graphs) expect(foldBatchNorm(g).nodes.length).toBe(g.nodes.length);
  });
});

function initI64(name: string, dims: number[], values: number[]) {
  return { name, dataType: DT.INT64, dims, raw: le(BigInt64Array.from(values, (v) => BigInt(v))) };
}
const ints = (name: string, v: readonly number[]) => ({ name, type: 7, ints: v });

describe('fold-constants', () => {
  it('folds Constant, Concat, Slice, int64 Add / Sub / Mul / Div, Unsqueeze, Squeeze and Reshape; same outputs', () => {
    const g = model({
      nodes: [
        { opType: 'Constant', inputs: [], outputs: ['c2'], attributes: [ints('value_ints', [4])] },
        { opType: 'Concat', inputs: ['c1', 'c2'], outputs: ['c3'], attributes: [{ name: 'axis', type: 2, i: 0 }] },
        { opType: 'Slice', inputs: ['c3', 'st', 'en'], outputs: ['c4'] },
        { opType: 'Mul', inputs: ['c4', 'two'], outputs: ['c5'] },
        { opType: 'Div', inputs: ['c5', 'm3'], outputs: ['c6'] },
        { opType: 'Add', inputs: ['c6', 'two'], outputs: ['c7'] },
        { opType: 'Sub', inputs: ['c7', 'c6'], outputs: ['c8'] },
        { opType: 'Unsqueeze', inputs: ['shape', 'ax0'], outputs: ['u'] },
        { opType: 'Squeeze', inputs: ['u', 'ax0'], outputs: ['shape2'] },
        { opType: 'Reshape', inputs: ['x', 'shape2'], outputs: ['r'] },
        { opType: 'Reshape', inputs: ['w', 'shape2'], outputs: ['wr'] },
        { opType: 'Add', inputs: ['r', 'wr'], outputs: ['y'] },
      ],
      initializers: [
        initI64('c1', [2], [2, 3]),
        initI64('st', [1], [1]),
        initI64('en', [1], [3]),
        initI64('two', [], [2]),
        initI64('m3', [], [-3]),
        initI64('shape', [2], [4, -1]),
        initI64('ax0', [1], [0]),
        initF('w', [3, 4], randomFloats(20, 12)),
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [3, 4] }],
      outputs: [
        { name: 'y', elemType: DT.FLOAT },
        { name: 'c8', elemType: DT.INT64 },
        { name: 'c6', elemType: DT.INT64 },
      ],
    });
    const after = foldConstants(g);
    expect(after.nodes.map((n) => n.opType)).toEqual(['Reshape', 'Add']);
    expect(Array.from(after.initializers.get('c6')!.data as BigInt64Array)).toEqual([-2n, -2n]); // trunc(6 / -3), trunc(8 / -3)
    expect(Array.from(after.initializers.get('c8')!.data as BigInt64Array)).toEqual([2n, 2n]);
    expect([...after.initializers.keys()].sort()).toEqual(['c6', 'c8', 'shape2', 'wr']);
    expect(after.initializers.get('wr')!.dims).toEqual([4, 3]);
    expect(g.nodes.length).toBe(12);
    expectSameOutputs(g, after, [floats('x', [3, 4], randomFloats(21, 12))]);
  });

  it("folds int64 Mod (fmod 0: the divisor's sign, fmod 1: the dividend's), as the reference computes it", () => {
    const g = model({
      nodes: [
        { opType: 'Mod', inputs: ['p', 'q'], outputs: ['m0'] },
        { opType: 'Mod', inputs: ['p', 'q'], outputs: ['m1'], attributes: [{ name: 'fmod', type: 2, i: 1 }] },
        { opType: 'Mod', inputs: ['p', 'z'], outputs: ['mz'] },
      ],
      initializers: [
        initI64('p', [6], [7, -7, 7, -7, 0, 6]),
        initI64('q', [6], [3, 3, -3, -3, 5, 3]),
        initI64('z', [], [0]),
      ],
      inputs: [],
      outputs: ['m0', 'm1', 'mz'].map((name) => ({ name, elemType: DT.INT64 })),
    });
    const after = foldConstants(g);
    // a zero divisor is not folded
    expect(after.nodes.map((n) => n.outputs[0])).toEqual(['mz']);
    expect(Array.from(after.initializers.get('m0')!.data as BigInt64Array)).toEqual([1n, 2n, -2n, -1n, 0n, 0n]);
    expect(Array.from(after.initializers.get('m1')!.data as BigInt64Array)).toEqual([1n, -1n, 1n, -1n, 0n, 0n]);
  });

  it('folds the Shape -> Gather -> Unsqueeze -> Concat -> Reshape chain once the shape is static, Cast and ConstantOfShape', () => {
    const spec: GraphSpec = {
      nodes: [
        { opType: 'Shape', inputs: ['x'], outputs: ['s'] },
        { opType: 'Gather', inputs: ['s', 'i0'], outputs: ['n'], attributes: [{ name: 'axis', type: 2, i: 0 }] },
        { opType: 'Unsqueeze', inputs: ['n', 'ax0'], outputs: ['n1'] },
        { opType: 'Concat', inputs: ['n1', 'm1'], outputs: ['shp'], attributes: [{ name: 'axis', type: 2, i: 0 }] },
        { opType: 'Reshape', inputs: ['x', 'shp'], outputs: ['y'] },
        { opType: 'Shape', inputs: ['x'], outputs: ['s2'], attributes: [{ name: 'start', type: 2, i: -2 }] },
        { opType: 'Cast', inputs: ['s2'], outputs: ['f'], attributes: [{ name: 'to', type: 2, i: DT.FLOAT }] },
        {
          opType: 'ConstantOfShape',
          inputs: ['s2'],
          outputs: ['z'],
          attributes: [{ name: 'value', type: 4, t: { dataType: DT.INT32, dims: [1], int32Data: [7] } }],
        },
        { opType: 'Gather', inputs: ['w', 'idx'], outputs: ['g'], attributes: [{ name: 'axis', type: 2, i: 1 }] },
      ],
      initializers: [
        initI64('i0', [], [0]),
        initI64('ax0', [1], [0]),
        initI64('m1', [1], [-1]),
        initF('w', [2, 3], [1, 2, 3, 4, 5, 6]),
        initI64('idx', [2, 2], [2, 0, -1, 1]),
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [2, 3, 4] }],
      outputs: [{ name: 'y', elemType: DT.FLOAT }, { name: 'f' }, { name: 'z' }, { name: 'g' }],
    };
    const after = foldConstants(model(spec));
    expect(after.nodes.map((n) => n.opType)).toEqual(['Reshape']);
    expect(Array.from(after.initializers.get('shp')!.data as BigInt64Array)).toEqual([2n, -1n]);
    expect(after.initializers.get('f')).toMatchObject({ type: 'float32', dims: [2], data: Float32Array.of(3, 4) });
    expect(after.initializers.get('z')).toMatchObject({ type: 'int32', dims: [3, 4] });
    expect(Array.from(after.initializers.get('z')!.data as Int32Array)).toEqual(new Array(12).fill(7));
    expect(after.initializers.get('g')).toMatchObject({
      dims: [2, 2, 2],
      data: Float32Array.of(3, 1, 3, 2, 6, 4, 6, 5),
    });
    const x = floats('x', [2, 3, 4], randomFloats(22, 24));
    const out = runReference(after, [['x', x]]);
    expect(out.get('y')!.dims).toEqual([2, 12]);
    expect(out.get('y')!.data).toEqual(x.data);
    // With a symbolic dim the Shape does not fold, nor anything after it.
    const sym = foldConstants(model({ ...spec, inputs: [{ name: 'x', elemType: DT.FLOAT, shape: ['N', 3, 4] }] }));
    expect(sym.nodes.map((n) => n.opType)).toEqual([
      'Shape',
      'Gather',
      'Unsqueeze',
      'Concat',
      'Reshape',
      'Shape',
      'Cast',
      'ConstantOfShape',
    ]);
  });

  it('leaves non-constant inputs, other operators, float arithmetic, a zero divisor and a graph input that is also an initializer', () => {
    const g = model({
      nodes: [
        { opType: 'Relu', inputs: ['w'], outputs: ['a'] },
        { opType: 'Add', inputs: ['w', 'w'], outputs: ['b'] },
        { opType: 'Div', inputs: ['k', 'zero'], outputs: ['c'] },
        { opType: 'Add', inputs: ['k', 'fedk'], outputs: ['d'] },
      ],
      initializers: [
        initF('w', [2], [1, -1]),
        initI64('k', [1], [3]),
        initI64('zero', [1], [0]),
        initI64('fedk', [1], [1]),
      ],
      inputs: [{ name: 'fedk', elemType: DT.INT64, shape: [1] }],
      outputs: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }],
    });
    expect(foldConstants(g).nodes.length).toBe(4);
  });
});

/** Every node output made a graph output, so that the reference returns every value. */
function everyValueOut(g: Graph): Graph {
  const names = g.nodes.flatMap((n) => n.outputs.filter((o) => o !== ''));
  return { ...g, outputs: names.map((name) => ({ name, type: null, onnxElemType: 0, shape: null })) };
}

/** The inferred type and dims of every value equal what the reference executor produces. */
function expectShapesMatchReference(inferred: Graph, run: Graph, feeds: Tensor[]): number {
  const values = runReference(
    everyValueOut(run),
    feeds.map((t) => [t.name, t]),
  );
  for (const [name, t] of values) {
    const v = inferred.valueInfo.get(name);
    expect(v, name).toBeDefined();
    expect({ name, type: v!.type, shape: v!.shape }).toEqual({ name, type: t.type, shape: t.dims });
  }
  return values.size;
}

const attrI = (name: string, i: number) => ({ name, type: 2, i });
const attrS = (name: string, s: string) => ({ name, type: 3, s });
const scalarF = (name: string, v: number) => initF(name, [], [v]);
const scalarU8 = (name: string, v: number) => ({ name, dataType: DT.UINT8, dims: [], raw: Uint8Array.of(v) });

describe('shapes', () => {
  it('binds a symbolic batch and infers every float operator as the reference computes it', () => {
    const g = model({
      nodes: [
        {
          opType: 'Conv',
          inputs: ['x', 'W', 'B'],
          outputs: ['c'],
          attributes: [ints('pads', [1, 1, 1, 1]), ints('strides', [2, 2])],
        },
        { opType: 'Relu', inputs: ['c'], outputs: ['r'] },
        {
          opType: 'MaxPool',
          inputs: ['r'],
          outputs: ['mp', 'mpi'],
          attributes: [ints('kernel_shape', [2, 2]), ints('strides', [2, 2]), attrI('ceil_mode', 1)],
        },
        {
          opType: 'AveragePool',
          inputs: ['r'],
          outputs: ['ap'],
          attributes: [ints('kernel_shape', [3, 3]), attrS('auto_pad', 'SAME_UPPER'), ints('strides', [2, 2])],
        },
        { opType: 'Clip', inputs: ['ap', 'lo', 'hi'], outputs: ['cl'] },
        { opType: 'GlobalAveragePool', inputs: ['cl'], outputs: ['gp'] },
        { opType: 'Flatten', inputs: ['gp'], outputs: ['fl'] },
        { opType: 'Gemm', inputs: ['fl', 'G', 'gb'], outputs: ['gm'], attributes: [attrI('transB', 1)] },
        { opType: 'Softmax', inputs: ['gm'], outputs: ['sm'] },
        { opType: 'Transpose', inputs: ['mp'], outputs: ['tr'], attributes: [ints('perm', [0, 2, 3, 1])] },
        { opType: 'Reshape', inputs: ['tr', 'shp'], outputs: ['rs'] },
        { opType: 'Unsqueeze', inputs: ['rs', 'ax'], outputs: ['us'] },
        { opType: 'Squeeze', inputs: ['us', 'ax'], outputs: ['sq'] },
        { opType: 'Slice', inputs: ['sq', 'st', 'en', 'sax', 'stp'], outputs: ['sl'] },
        { opType: 'Pad', inputs: ['mp', 'pads'], outputs: ['pd'] },
        { opType: 'Resize', inputs: ['pd', '', 'scales'], outputs: ['rz'] },
        { opType: 'Concat', inputs: ['rz', 'rz'], outputs: ['cc'], attributes: [attrI('axis', -1)] },
        { opType: 'Sigmoid', inputs: ['cc'], outputs: ['sg'] },
        { opType: 'Add', inputs: ['sg', 'bias'], outputs: ['ad'] },
        { opType: 'Identity', inputs: ['ad'], outputs: ['id'] },
        { opType: 'MatMul', inputs: ['rz', 'mm'], outputs: ['mmo'] },
        { opType: 'Sub', inputs: ['gm', 'one'], outputs: ['sb'] },
        { opType: 'Div', inputs: ['sb', 'one'], outputs: ['dv'] },
        { opType: 'Mul', inputs: ['dv', 'one'], outputs: ['ml'] },
      ],
      initializers: [
        initF('W', [4, 3, 3, 3], randomFloats(30, 108)),
        initF('B', [4], [0, 1, 2, 3]),
        scalarF('lo', 0),
        scalarF('hi', 0.5),
        initF('G', [5, 4], randomFloats(31, 20)),
        initF('gb', [5], randomFloats(32, 5)),
        initI64('shp', [3], [0, -1, 2]),
        initI64('ax', [1], [1]),
        initI64('st', [2], [-1, 0]),
        initI64('en', [2], [-100, 100]),
        initI64('sax', [2], [1, -1]),
        initI64('stp', [2], [-2, 1]),
        initI64('pads', [8], [0, 0, 1, 0, 0, 0, 0, 2]),
        initF('scales', [4], [1, 1, 2, 1.5]),
        initF('bias', [4, 1, 1], [1, 2, 3, 4]),
        initF('mm', [7, 2], randomFloats(33, 14)),
        scalarF('one', 1),
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: ['N', 3, 9, 9] }],
      outputs: [{ name: 'sm', elemType: DT.FLOAT }],
    });
    const inferred = inferShapes(g, { x: [2, 3, 9, 9] });
    expect(inferred.inputs[0].shape).toEqual([2, 3, 9, 9]);
    expect(inferred.outputs[0].shape).toEqual([2, 5]);
    expect(inferred.valueInfo.get('rz')!.shape).toEqual([2, 4, 8, 7]);
    expect(g.inputs[0].shape).toEqual(['N', 3, 9, 9]); // the input graph is not changed
    const n = expectShapesMatchReference(inferred, g, [floats('x', [2, 3, 9, 9], randomFloats(34, 486))]);
    expect(n).toBe(25);
  });

  it('infers the quantized operators (default and com.microsoft domains) as the reference computes them', () => {
    const q = ['xs', 'xz'];
    const g = readOnnxModel(
      writeModel({
        irVersion: 8,
        opsets: [
          ['', 13],
          ['com.microsoft', 1],
        ],
        graph: {
          nodes: [
            { opType: 'QuantizeLinear', inputs: ['x', ...q], outputs: ['xq'] },
            {
              opType: 'QLinearConv',
              inputs: ['xq', ...q, 'W', ...q, ...q],
              outputs: ['qc'],
              attributes: [attrS('auto_pad', 'SAME_LOWER'), ints('strides', [2, 2])],
            },
            {
              opType: 'ConvInteger',
              inputs: ['xq', 'W', 'xz', 'xz'],
              outputs: ['ci'],
              attributes: [ints('dilations', [2, 2])],
            },
            { opType: 'DequantizeLinear', inputs: ['qc', ...q], outputs: ['dq'] },
            { opType: 'QLinearMatMul', inputs: ['xq', ...q, 'M', ...q, ...q], outputs: ['qm'] },
            { opType: 'MatMulInteger', inputs: ['xq', 'M', 'xz', 'xz'], outputs: ['mi'] },
            { opType: 'QLinearAdd', domain: 'com.microsoft', inputs: ['qc', ...q, 'qb', ...q, ...q], outputs: ['qa'] },
            {
              opType: 'QLinearGlobalAveragePool',
              domain: 'com.microsoft',
              inputs: ['qa', ...q, ...q],
              outputs: ['qg'],
            },
            {
              opType: 'QLinearAveragePool',
              domain: 'com.microsoft',
              inputs: ['xq', ...q, ...q],
              outputs: ['qp'],
              attributes: [ints('kernel_shape', [2, 3]), attrI('channels_last', 1)],
            },
            {
              opType: 'QLinearConcat',
              domain: 'com.microsoft',
              inputs: [...q, 'qc', ...q, 'qa', ...q],
              outputs: ['qcc'],
              attributes: [attrI('axis', 1)],
            },
            { opType: 'QLinearSigmoid', domain: 'com.microsoft', inputs: ['qcc', ...q, ...q], outputs: ['qs'] },
            { opType: 'QLinearLeakyRelu', domain: 'com.microsoft', inputs: ['qs', ...q, ...q], outputs: ['ql'] },
          ],
          initializers: [
            scalarF('xs', 0.05),
            scalarU8('xz', 128),
            {
              name: 'W',
              dataType: DT.UINT8,
              dims: [6, 3, 3, 3],
              raw: Uint8Array.from({ length: 162 }, (_, i) => (i * 37) % 256),
            },
            {
              name: 'M',
              dataType: DT.UINT8,
              dims: [7, 5],
              raw: Uint8Array.from({ length: 35 }, (_, i) => (i * 11) % 256),
            },
            { name: 'qb', dataType: DT.UINT8, dims: [6, 1, 1], raw: Uint8Array.of(1, 2, 3, 4, 5, 6) },
          ],
          inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [1, 3, 'H', 7] }],
          outputs: [{ name: 'ql' }],
        },
      }),
    );
    const inferred = inferShapes(g, { x: [1, 3, 8, 7] });
    expect(inferred.valueInfo.get('qc')).toMatchObject({ type: 'uint8', shape: [1, 6, 4, 4] });
    expect(inferred.valueInfo.get('ci')).toMatchObject({ type: 'int32', shape: [1, 6, 4, 3] });
    const n = expectShapesMatchReference(inferred, g, [floats('x', [1, 3, 8, 7], randomFloats(40, 168, -3, 3))]);
    expect(n).toBe(12);
  });

  it('infers Shape -> Gather -> Unsqueeze -> Concat -> Reshape plumbing, which fold-constants then removes', () => {
    const g = model({
      nodes: [
        { opType: 'Shape', inputs: ['x'], outputs: ['s'] },
        { opType: 'Gather', inputs: ['s', 'i0'], outputs: ['n'] },
        { opType: 'Unsqueeze', inputs: ['n', 'ax0'], outputs: ['n1'] },
        { opType: 'Concat', inputs: ['n1', 'm1'], outputs: ['shp'], attributes: [attrI('axis', 0)] },
        { opType: 'Reshape', inputs: ['x', 'shp'], outputs: ['y'] },
        { opType: 'Cast', inputs: ['s'], outputs: ['sf'], attributes: [attrI('to', DT.FLOAT)] },
        { opType: 'ConstantOfShape', inputs: ['s'], outputs: ['z'] },
        { opType: 'Constant', inputs: [], outputs: ['k'], attributes: [ints('value_ints', [1, 2, 3])] },
        { opType: 'Dropout', inputs: ['y'], outputs: ['yd'] },
        { opType: 'BatchNormalization', inputs: ['x', 'bn', 'bn', 'bn', 'bn'], outputs: ['bo'] },
      ],
      initializers: [
        initI64('i0', [], [0]),
        initI64('ax0', [1], [0]),
        initI64('m1', [1], [-1]),
        initF('bn', [3], [1, 1, 1]),
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: ['N', 3, 'W'] }],
      outputs: [{ name: 'y' }, { name: 'sf' }, { name: 'z' }, { name: 'k' }, { name: 'yd' }, { name: 'bo' }],
    });
    const inferred = inferShapes(g, { x: [2, 3, 5] });
    const vi = (name: string) => ({
      type: inferred.valueInfo.get(name)!.type,
      shape: inferred.valueInfo.get(name)!.shape,
    });
    expect(vi('y')).toEqual({ type: 'float32', shape: [2, 15] });
    expect(vi('s')).toEqual({ type: 'int64', shape: [3] });
    expect(vi('n')).toEqual({ type: 'int64', shape: [] });
    expect(vi('sf')).toEqual({ type: 'float32', shape: [3] });
    expect(vi('z')).toEqual({ type: 'float32', shape: [2, 3, 5] });
    expect(vi('k')).toEqual({ type: 'int64', shape: [3] });
    expect(vi('yd')).toEqual({ type: 'float32', shape: [2, 15] });
    expect(vi('bo')).toEqual({ type: 'float32', shape: [2, 3, 5] });
    // Folding after inference leaves the Reshape (and two operators the reference lacks, dropped here); the reference
    // agrees on the shapes of the rest.
    const folded = foldConstants(inferred);
    expect(folded.nodes.map((n) => n.opType)).toEqual(['Reshape', 'Dropout', 'BatchNormalization']);
    const runnable = {
      ...folded,
      nodes: folded.nodes.filter((n) => n.opType === 'Reshape'),
      outputs: folded.outputs.filter((o) => ['y', 'sf', 'z', 'k'].includes(o.name)),
    };
    const out = runReference(runnable, [['x', floats('x', [2, 3, 5], randomFloats(41, 30))]]);
    for (const [name, t] of out) expect(t.dims, name).toEqual(inferred.valueInfo.get(name)!.shape);
  });

  describe('BAD_SHAPE', () => {
    const one = (
      nodes: GraphSpec['nodes'],
      inputs: GraphSpec['inputs'],
      initializers: GraphSpec['initializers'] = [],
    ) => model({ nodes, inputs, initializers, outputs: [{ name: 'y' }] });
    const x = (shape: (number | string | null)[] | undefined, name = 'x') => ({ name, elemType: DT.FLOAT, shape });
    const cases: [string, () => Graph, Record<string, number[]>, RegExp][] = [
      [
        'a symbolic dim without a binding',
        () => one([{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }], [x(['N', 3])]),
        {},
        /input "x": dim 0 is symbolic \("N"\)/,
      ],
      [
        'an unknown dim without a binding',
        () => one([{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }], [x([null, 3])]),
        {},
        /input "x": dim 0 is unknown/,
      ],
      [
        'an unknown rank without a binding',
        () => one([{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }], [x(undefined)]),
        {},
        /input "x": the model declares no shape/,
      ],
      [
        'a binding of the wrong rank',
        () => one([{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }], [x(['N', 3])]),
        { x: [1, 3, 1] },
        /input "x": inputShapes gives rank 3/,
      ],
      [
        'a binding against a fixed dim',
        () => one([{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }], [x(['N', 3])]),
        { x: [1, 4] },
        /input "x": inputShapes gives dim 1 = 4, the model fixes it at 3/,
      ],
      [
        'a binding that is no array of integers',
        () => one([{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }], [x(['N', 3])]),
        { x: [1.5, 3] },
        /not an array of non-negative integers/,
      ],
      [
        'one symbol bound to two sizes',
        () => one([{ opType: 'Add', inputs: ['x', 'x2'], outputs: ['y'] }], [x(['N', 3]), x(['N', 3], 'x2')]),
        { x: [1, 3], x2: [2, 3] },
        /input "x2": dim 0 \("N"\) is bound to 2, and to 1/,
      ],
      [
        'a binding of no graph input',
        () => one([{ opType: 'Relu', inputs: ['x'], outputs: ['y'] }], [x([3])]),
        { z: [3] },
        /inputShapes.z: "z" is not a graph input/,
      ],
      [
        'an incompatible broadcast',
        () => one([{ name: 'add', opType: 'Add', inputs: ['x', 'x2'], outputs: ['y'] }], [x([2, 3]), x([2, 4], 'x2')]),
        {},
        /node 0 \(Add "add"\): input 1 \("x2"\) of shape \[2,4\] does not broadcast with \[2,3\]/,
      ],
      [
        'a bad reshape',
        () =>
          one([{ opType: 'Reshape', inputs: ['x', 's'], outputs: ['y'] }], [x([2, 3])], [initI64('s', [2], [4, -1])]),
        {},
        /input 0 \("x"\) \[2,3\] \(6 elements\) cannot be reshaped to \[4,-1\]/,
      ],
      [
        'two -1 in a reshape',
        () =>
          one([{ opType: 'Reshape', inputs: ['x', 's'], outputs: ['y'] }], [x([2, 3])], [initI64('s', [2], [-1, -1])]),
        {},
        /cannot be reshaped/,
      ],
      [
        'a Reshape whose shape is not constant',
        () =>
          one(
            [{ opType: 'Reshape', inputs: ['x', 's'], outputs: ['y'] }],
            [x([2, 3]), { name: 's', elemType: DT.INT64, shape: [2] }],
          ),
        {},
        /node 0 \(Reshape ""\): input 1 \("s"\), the shape, is not a constant after folding/,
      ],
      [
        'a Slice whose starts are not constant',
        () =>
          one(
            [{ opType: 'Slice', inputs: ['x', 's', 'e'], outputs: ['y'] }],
            [x([4]), { name: 's', elemType: DT.INT64, shape: [1] }],
            [initI64('e', [1], [2])],
          ),
        {},
        /input 1 \("s"\), the starts, is not a constant after folding/,
      ],
      [
        'a Conv with mismatched channels',
        () =>
          one(
            [{ opType: 'Conv', inputs: ['x', 'w'], outputs: ['y'] }],
            [x([1, 2, 4, 4])],
            [initF('w', [1, 3, 1, 1], [1, 1, 1])],
          ),
        {},
        /has 2 channels/,
      ],
      [
        'a kernel larger than its input',
        () =>
          one(
            [{ opType: 'MaxPool', inputs: ['x'], outputs: ['y'], attributes: [ints('kernel_shape', [5])] }],
            [x([1, 1, 3])],
          ),
        {},
        /empty or negative output/,
      ],
      [
        'MatMul dims that do not multiply',
        () => one([{ opType: 'MatMul', inputs: ['x', 'x2'], outputs: ['y'] }], [x([2, 3]), x([4, 2], 'x2')]),
        {},
        /do not multiply/,
      ],
      [
        'a Constant with no value',
        () =>
          one(
            [
              { opType: 'Constant', inputs: [], outputs: ['c'] },
              { opType: 'Add', inputs: ['x', 'c'], outputs: ['y'] },
            ],
            [x([2])],
          ),
        {},
        /node 0 \(Constant ""\): its value does not read/,
      ],
    ];
    for (const [what, g, bind, msg] of cases)
      it(what, () => {
        let err: unknown;
        try {
          inferShapes(g(), bind);
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(I8ConvError);
        expect((err as I8ConvError).code).toBe('BAD_SHAPE');
        expect((err as I8ConvError).message).toMatch(msg);
      });
    it('the nodes of one operator and reason are named in one group: a count, the first three names', () => {
      const nodes = ['p', 'q', 'r', 's', 't'].map((n, i) => ({
        name: n,
        opType: 'Foo',
        inputs: [i ? `${'pqrst'[i - 1]}o` : 'x'],
        outputs: [`${n}o`],
      }));
      const g = one([...nodes, { name: 'u', opType: 'Bar', inputs: ['to'], outputs: ['uo'] }], [x([2])]);
      let err: unknown;
      try {
        inferShapes(g, {});
      } catch (e) {
        err = e;
      }
      expect((err as I8ConvError).code).toBe('UNSUPPORTED_OP');
      const m = (err as I8ConvError).message;
      expect(m).toMatch(
        /6 nodes cannot run: 5 nodes "p", "q", "r" and 2 more \(Foo\): the runtime has no operator Foo; node "u" \(Bar\)/,
      );
    });
    it('reasons that differ only in the value they name are one group; at most 40 groups, then a count', () => {
      // a float16 model: every node's reason names its own value
      const perValue = Array.from(
        { length: 300 },
        (_, i) => `node "n${i}" (Conv): value "v${i}" is float16, a type the runtime does not compute with`,
      );
      const m1 = unsupportedModel(perValue).message;
      expect(m1).toBe(
        '[UNSUPPORTED_OP] model: 300 nodes cannot run: 300 nodes "n0", "n1", "n2" and 297 more (Conv): value "v0" is float16, a type the runtime does not compute with (the first of them; the others alike, each for its own value)',
      );
      const kinds = Array.from({ length: 50 }, (_, i) => `node "k${i}" (Op${i}): the runtime has no operator Op${i}`);
      const m2 = unsupportedModel(kinds).message;
      expect(m2).toMatch(/^\[UNSUPPORTED_OP\] model: 50 nodes cannot run: node "k0" \(Op0\)/);
      expect(m2).toMatch(/node "k39" \(Op39\): the runtime has no operator Op39; and 10 more groups$/);
      expect(m2).not.toMatch(/"k40"/);
    });
    it('operators with no shape rule are UNSUPPORTED_OP, every such node named (also one fed by another)', () => {
      const g = one(
        [
          { name: 'a', opType: 'StringNormalizer', inputs: ['x'], outputs: ['h'] },
          { name: 'b', opType: 'Relu', inputs: ['h'], outputs: ['r'] },
          { name: 'c', opType: 'FooOp', domain: 'com.microsoft', inputs: ['r'], outputs: ['f'] },
          { name: 'd', opType: 'Bar', domain: 'vendor', inputs: ['x'], outputs: ['y'] },
        ],
        [x([2])],
      );
      let err: unknown;
      try {
        inferShapes(g, {});
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(I8ConvError);
      expect((err as I8ConvError).code).toBe('UNSUPPORTED_OP');
      const m = (err as I8ConvError).message;
      expect(m).toMatch(/3 nodes cannot run/);
      expect(m).toMatch(/"a" \(StringNormalizer\)/);
      expect(m).toMatch(/"c" \(com\.microsoft\.FooOp\)/);
      expect(m).toMatch(/"d" \(vendor\.Bar\)/);
      expect(m).not.toMatch(/"b"/);
    });
  });
});

const TESTDATA = '/usr/share/libonnx-testdata/data';

describe("shapes on ONNX's conformance cases (Debian libonnx-testdata)", () => {
  it.skipIf(!existsSync(TESTDATA))(
    'gives every graph output the type and dims of its expected output, or refuses with BAD_SHAPE',
    () => {
      let matched = 0;
      let withConstants = 0;
      const wrong: string[] = [];
      for (const root of ['node', 'pytorch-converted', 'pytorch-operator'].map((d) => join(TESTDATA, d)))
        for (const d of readdirSync(root).sort()) {
          const dir = join(root, d, 'test_data_set_0');
          if (!existsSync(join(root, d, 'model.onnx')) || !existsSync(dir)) continue;
          let g = readOnnxModel(readFileSync(join(root, d, 'model.onnx')));
          const read = (kind: string): Tensor[] | undefined => {
            try {
              return readdirSync(dir)
                .filter((f) => f.startsWith(`${kind}_`))
                .sort((a, b) => parseInt(a.slice(kind.length + 1)) - parseInt(b.slice(kind.length + 1)))
                .map((f) => readTensor(readFileSync(join(dir, f))));
            } catch {
              return undefined; // sequences, optionals, strings: not tensors the IR carries
            }
          };
          const inputs = read('input');
          const outputs = read('output');
          if (!inputs || !outputs) continue;
          const fed = g.inputs.filter((v) => !g.initializers.has(v.name));
          const bind = Object.fromEntries(fed.flatMap((v, i) => (inputs[i] ? [[v.name, inputs[i].dims]] : [])));
          let inferred: Graph;
          try {
            inferred = inferShapes(g, bind);
          } catch (e) {
            // an operator with no shape rule is one the runtime does not run (UNSUPPORTED_OP); otherwise BAD_SHAPE
            expect(['BAD_SHAPE', 'UNSUPPORTED_OP'], `${d}: ${(e as Error).message}`).toContain((e as I8ConvError).code);
            if ((e as I8ConvError).code === 'UNSUPPORTED_OP')
              expect((e as Error).message, d).toMatch(
                /the runtime (has|runs) no operator|runs (it )?only on (constant inputs|a constant)/,
              );
            if (!/not a (float32 )?constant after folding/.test((e as Error).message)) continue;
            // These cases feed the shape-carrying inputs (Reshape's shape, Slice's starts...): make every fed input
            // but the first a constant, as an exported model has them.
            const initializers = new Map(g.initializers);
            fed
              .slice(1)
              .forEach((v, i) => inputs[i + 1] && initializers.set(v.name, { ...inputs[i + 1], name: v.name }));
            g = { ...g, initializers, inputs: g.inputs.filter((v) => v === fed[0] || g.initializers.has(v.name)) };
            try {
              inferred = inferShapes(g, { [fed[0].name]: inputs[0].dims });
              withConstants++;
            } catch (e2) {
              expect(['BAD_SHAPE', 'UNSUPPORTED_OP'], `${d}: ${(e2 as Error).message}`).toContain(
                (e2 as I8ConvError).code,
              );
              continue;
            }
          }
          outputs.forEach((t, i) => {
            const o = inferred.outputs[i];
            if (o.type !== t.type || JSON.stringify(o.shape) !== JSON.stringify(t.dims))
              wrong.push(`${d} output ${i}: ${o.type} [${o.shape}], expected ${t.type} [${t.dims}]`);
          });
          matched++;
        }
      expect(wrong).toEqual([]);
      expect(matched).toBeGreaterThanOrEqual(298); // libonnx-testdata 1.12.0
      expect(withConstants).toBeGreaterThanOrEqual(53);
    },
  );
});

describe("shapes -> fold-constants -> remove-identity on ONNX's conformance cases (Debian libonnx-testdata)", () => {
  it.skipIf(!existsSync(TESTDATA))(
    'every case the reference runs and the passes change gives the same outputs after them',
    () => {
      const changed: string[] = [];
      for (const root of ['node', 'pytorch-converted', 'pytorch-operator'].map((d) => join(TESTDATA, d)))
        for (const d of readdirSync(root).sort()) {
          const dir = join(root, d, 'test_data_set_0');
          if (!existsSync(join(root, d, 'model.onnx')) || !existsSync(dir)) continue;
          const g = readOnnxModel(readFileSync(join(root, d, 'model.onnx')));
          if (!g.nodes.every((n) => n.domain === '' && OPS.has(n.opType))) continue;
          if ((g.opsetImports.get('') ?? 1) < 7 && g.nodes.some((n) => n.opType === 'Add' || n.opType === 'Mul'))
            continue; // legacy broadcast
          const files = readdirSync(dir).filter((f) => f.startsWith('input_'));
          let inputs: Tensor[];
          try {
            inputs = files
              .sort((a, b) => parseInt(a.slice(6)) - parseInt(b.slice(6)))
              .map((f) => readTensor(readFileSync(join(dir, f))));
          } catch {
            continue; // optional / sequence inputs
          }
          const fed = g.inputs.filter((v) => !g.initializers.has(v.name));
          let after: Graph;
          try {
            after = removeIdentity(
              foldConstants(inferShapes(g, Object.fromEntries(fed.map((v, i) => [v.name, inputs[i].dims])))),
            );
          } catch (e) {
            expect(['BAD_SHAPE', 'UNSUPPORTED_OP']).toContain((e as I8ConvError).code); // fed shape inputs, or no rule (see above)
            continue;
          }
          if (after.nodes.length === g.nodes.length) continue;
          changed.push(d);
          expectSameOutputs(
            g,
            after,
            fed.map((v, i) => ({ ...inputs[i], name: v.name })),
          );
        }
      const shapeCases = [
        '',
        '_clip_end',
        '_clip_start',
        '_end_1',
        '_end_negative_1',
        '_example',
        '_start_1',
        '_start_1_end_2',
        '_start_1_end_negative_1',
        '_start_negative_1',
      ].map((s) => `test_shape${s}`);
      // the expanded forms (function bodies written out as nodes) fold their constant branches
      const expanded = (base: string, cases: string[]) => cases.map((c) => `test_${base}${c}_expanded`);
      const axes = ['_axis_0', '_axis_1', '_axis_2', '_default_axis'];
      expect(changed).toEqual([
        'test_celu_expanded',
        'test_constant',
        ...expanded('dynamicquantizelinear', ['', '_max_adjusted', '_min_adjusted']),
        ...expanded('layer_normalization', [
          '_2d_axis0',
          '_2d_axis1',
          '_3d_axis0_epsilon',
          '_3d_axis1_epsilon',
          '_3d_axis2_epsilon',
          '_4d_axis0',
          '_4d_axis1',
          '_4d_axis2',
          '_4d_axis3',
        ]),
        ...expanded('logsoftmax', [...axes, '_example_1', '_large_number', '_negative_axis']),
        'test_mvn_expanded',
        // the negative-log-likelihood bodies' constant branches (their GatherElements / OneHot nodes have rules)
        ...expanded('nllloss', [
          '_NC',
          '_NCd1',
          '_NCd1_ii',
          '_NCd1_mean_weight_negative_ii',
          '_NCd1_weight',
          '_NCd1_weight_ii',
          '_NCd1d2',
          '_NCd1d2_no_weight_reduction_mean_ii',
          '_NCd1d2_reduction_mean',
          '_NCd1d2_reduction_sum',
          '_NCd1d2_with_weight',
          '_NCd1d2_with_weight_reduction_mean',
          '_NCd1d2_with_weight_reduction_sum',
          '_NCd1d2_with_weight_reduction_sum_ii',
          '_NCd1d2d3_none_no_weight_negative_ii',
          '_NCd1d2d3_sum_weight_high_ii',
          '_NCd1d2d3d4d5_mean_weight',
          '_NCd1d2d3d4d5_none_no_weight',
        ]),
        ...shapeCases,
        'test_size',
        'test_size_example',
        ...expanded('softmax', [...axes, '_example', '_large_number', '_negative_axis']),
        'test_PixelShuffle',
        'test_operator_mm',
        'test_operator_repeat',
        'test_operator_repeat_dim_overflow',
      ]);
    },
  );
});
