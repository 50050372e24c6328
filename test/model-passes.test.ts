/**
 * The graph passes of src/model/passes/, each alone on small graphs written with the test ONNX writer and read
 * back with readOnnxModel. The invariant: runReference(before, feeds) and runReference(after, feeds) give identical
 * outputs (BatchNormalization folding within 1e-5 relative: the reference has no BatchNormalization, so "before"
 * is the reference's Conv followed by BatchNormalization computed here in float32).
 */
import { describe, expect, it } from 'vitest';
import { runReference } from '../kernels-ref/model/index.js';
import type { Graph, Tensor } from '../src/model/ir.js';
import { readOnnxModel } from '../src/model/onnx/reader.js';
import { foldBatchNorm } from '../src/model/passes/fold-batchnorm.js';
import { foldConstants } from '../src/model/passes/fold-constants.js';
import { removeIdentity } from '../src/model/passes/remove-identity.js';
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
  const a = runReference(before, feeds.map((t) => [t.name, t]));
  const b = runReference(after, feeds.map((t) => [t.name, t]));
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
    const withIdentity: Graph = { ...g, nodes: g.nodes.map((n) => (n.opType === 'Dropout' ? { ...n, opType: 'Identity' } : n)) };
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
      outputs: [{ name: 'y', elemType: DT.FLOAT, shape: [4] }, { name: 's', elemType: DT.FLOAT, shape: [4] }],
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
        outputs: [{ name: 'y', elemType: DT.FLOAT }, { name: 'mask', elemType: DT.BOOL }],
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
    out[i] = f32(f32(f32(((x.data[i] as number) - mean[ch]) * scale[ch]) / f32(Math.sqrt(f32(variance[ch] + eps)))) + b[ch]);
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
      const convAttrs = [{ name: 'pads', type: 7, ints: [1, 1, 1, 1].map((p) => (k === 1 ? 0 : p)) }, { name: 'group', type: 2, i: group }];
      const spec = (withBn: boolean): GraphSpec => ({
        nodes: [
          { name: 'conv', opType: 'Conv', inputs: cs.bias ? ['x', 'W', 'B'] : ['x', 'W'], outputs: [withBn ? 'z' : 'y'], attributes: convAttrs },
          ...(withBn
            ? [{ opType: 'BatchNormalization', inputs: ['z', 's', 'beta', 'mean', 'var'], outputs: ['y'], attributes: [{ name: 'epsilon', type: 1, f: cs.eps }] }]
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
      for (let i = 0; i < want.data.length; i++) worst = Math.max(worst, Math.abs((got.data[i] as number) - (want.data[i] as number)) / magnitude);
      expect(worst).toBeLessThan(1e-5);
    });

  it('leaves a BatchNormalization whose Conv output has another consumer, is a graph output, or non-constant parameters', () => {
    const inits = [initF('W', [2, 2, 1, 1], [1, 2, 3, 4]), ...['s', 'beta', 'mean', 'var'].map((n) => initF(n, [2], [1, 0.5]))];
    const bn = (z: string, y: string, s = 's') => ({ opType: 'BatchNormalization', inputs: [z, s, 'beta', 'mean', 'var'], outputs: [y] });
    const io = { inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [1, 2, 2, 2] }, { name: 'p', elemType: DT.FLOAT, shape: [2] }] };
    const graphs = [
      model({ ...io, nodes: [{ opType: 'Conv', inputs: ['x', 'W'], outputs: ['z'] }, bn('z', 'y'), { opType: 'Relu', inputs: ['z'], outputs: ['r'] }], initializers: inits, outputs: [{ name: 'y' }, { name: 'r' }] }),
      model({ ...io, nodes: [{ opType: 'Conv', inputs: ['x', 'W'], outputs: ['z'] }, bn('z', 'y')], initializers: inits, outputs: [{ name: 'y' }, { name: 'z' }] }),
      model({ ...io, nodes: [{ opType: 'Conv', inputs: ['x', 'W'], outputs: ['z'] }, bn('z', 'y', 'p')], initializers: inits, outputs: [{ name: 'y' }] }),
      model({ ...io, nodes: [{ opType: 'Relu', inputs: ['x'], outputs: ['z'] }, bn('z', 'y')], initializers: inits, outputs: [{ name: 'y' }] }),
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
      outputs: [{ name: 'y', elemType: DT.FLOAT }, { name: 'c8', elemType: DT.INT64 }, { name: 'c6', elemType: DT.INT64 }],
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
        { opType: 'ConstantOfShape', inputs: ['s2'], outputs: ['z'], attributes: [{ name: 'value', type: 4, t: { dataType: DT.INT32, dims: [1], int32Data: [7] } }] },
        { opType: 'Gather', inputs: ['w', 'idx'], outputs: ['g'], attributes: [{ name: 'axis', type: 2, i: 1 }] },
      ],
      initializers: [initI64('i0', [], [0]), initI64('ax0', [1], [0]), initI64('m1', [1], [-1]), initF('w', [2, 3], [1, 2, 3, 4, 5, 6]), initI64('idx', [2, 2], [2, 0, -1, 1])],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [2, 3, 4] }],
      outputs: [{ name: 'y', elemType: DT.FLOAT }, { name: 'f' }, { name: 'z' }, { name: 'g' }],
    };
    const after = foldConstants(model(spec));
    expect(after.nodes.map((n) => n.opType)).toEqual(['Reshape']);
    expect(Array.from(after.initializers.get('shp')!.data as BigInt64Array)).toEqual([2n, -1n]);
    expect(after.initializers.get('f')).toMatchObject({ type: 'float32', dims: [2], data: Float32Array.of(3, 4) });
    expect(after.initializers.get('z')).toMatchObject({ type: 'int32', dims: [3, 4] });
    expect(Array.from(after.initializers.get('z')!.data as Int32Array)).toEqual(new Array(12).fill(7));
    expect(after.initializers.get('g')).toMatchObject({ dims: [2, 2, 2], data: Float32Array.of(3, 1, 3, 2, 6, 4, 6, 5) });
    const x = floats('x', [2, 3, 4], randomFloats(22, 24));
    const out = runReference(after, [['x', x]]);
    expect(out.get('y')!.dims).toEqual([2, 12]);
    expect(out.get('y')!.data).toEqual(x.data);
    // With a symbolic dim the Shape does not fold, nor anything after it.
    const sym = foldConstants(model({ ...spec, inputs: [{ name: 'x', elemType: DT.FLOAT, shape: ['N', 3, 4] }] }));
    expect(sym.nodes.map((n) => n.opType)).toEqual(['Shape', 'Gather', 'Unsqueeze', 'Concat', 'Reshape', 'Shape', 'Cast', 'ConstantOfShape']);
  });

  it('leaves non-constant inputs, other operators, float arithmetic, a zero divisor and a graph input that is also an initializer', () => {
    const g = model({
      nodes: [
        { opType: 'Relu', inputs: ['w'], outputs: ['a'] },
        { opType: 'Add', inputs: ['w', 'w'], outputs: ['b'] },
        { opType: 'Div', inputs: ['k', 'zero'], outputs: ['c'] },
        { opType: 'Add', inputs: ['k', 'fedk'], outputs: ['d'] },
      ],
      initializers: [initF('w', [2], [1, -1]), initI64('k', [1], [3]), initI64('zero', [1], [0]), initI64('fedk', [1], [1])],
      inputs: [{ name: 'fedk', elemType: DT.INT64, shape: [1] }],
      outputs: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd' }],
    });
    expect(foldConstants(g).nodes.length).toBe(4);
  });
});
