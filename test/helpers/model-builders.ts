// Small seeded QOperator models for the model runtime's tests, and the check that runs a model in the product
// (layouts 'auto' / 'nchw', arena reuse on / off with guard bytes after every value) against the reference executor.
import { loadModelSync } from '../../src/model/load.js';
import { expect } from 'vitest';
import type { Runtime } from '../../src/index.js';
import { runReference } from '../../kernels-ref/model/index.js';
import { readOnnxModel } from '../../src/model/graph/onnx/reader.js';
import type { Graph, Tensor } from '../../src/model/graph/ir.js';
import { foldBatchNorm } from '../../src/model/graph/passes/fold-batchnorm.js';
import { foldConstants } from '../../src/model/graph/passes/fold-constants.js';
import { fuseQdq } from '../../src/model/graph/passes/fuse-qdq.js';
import { removeIdentity } from '../../src/model/graph/passes/remove-identity.js';
import { inferShapes } from '../../src/model/graph/passes/infer-shapes.js';
import { AT, le, writeModel, type AttrSpec, type NodeSpec, type TensorSpec } from './onnx-writer.js';
import { DT_OF } from './model-tensors.js';
import { rng, randInt } from './rng.js';

type Q = 'uint8' | 'int8';
const ints = (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v });
const int = (name: string, v: number): AttrSpec => ({ name, type: AT.INT, i: v });
const spec = (name: string, t: Omit<Tensor, 'name'>): TensorSpec => ({
  name,
  dataType: DT_OF[t.type],
  dims: t.dims,
  raw: le(t.data),
});

export interface ConvLayer {
  oc: number;
  k: number;
  stride: number;
  pad: number;
  group?: number;
  wType?: Q;
  wZp?: number;
}

/** A QOperator chain of QLinearConvs from a seeded RNG; activations of type `act`. */
/**
 * opts.lut: after each convolution an i8conv Lut with a seeded random table ('all'), or only after the layers listed
 * (indices); opts.tap: the convolutions whose output is also a graph output.
 */
export function convChain(
  seed: number,
  act: Q,
  c0: number,
  h: number,
  layers: ConvLayer[],
  opts: { perChannel?: boolean; lut?: 'all' | number[]; tap?: number[]; oneD?: boolean } = {},
): Uint8Array {
  // oneD: 1-D convolutions over [1, C, h] (kernels k, strides, pads of one dim)
  const sp = <T>(v: T): T[] => (opts.oneD ? [v] : [v, v]);
  const r = rng(seed);
  const inits: TensorSpec[] = [];
  const nodes: NodeSpec[] = [];
  const zpOf = () => (act === 'uint8' ? randInt(r, 100, 156) : randInt(r, -28, 28));
  const zpT = (v: number, t: Q = act) => ({
    type: t,
    dims: [],
    data: t === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v),
  });
  const fT = (dims: number[], v: number[]) => ({ type: 'float32' as const, dims, data: Float32Array.from(v) });
  let c = c0,
    x = 'x',
    xs = 0.02,
    xzp = zpOf();
  inits.push(spec('x_s', fT([], [xs])), spec('x_zp', zpT(xzp)));
  layers.forEach((L, i) => {
    const g = L.group ?? 1;
    const icpg = c / g;
    const wType = L.wType ?? 'int8';
    const wzp = L.wZp ?? 0;
    const n = L.oc * icpg * L.k ** sp(0).length;
    const w =
      wType === 'int8'
        ? Int8Array.from({ length: n }, () => randInt(r, -127, 127))
        : Uint8Array.from({ length: n }, () => randInt(r, 0, 255));
    const ws =
      opts.perChannel === false ? [0.01] : Array.from({ length: L.oc }, (_, o) => 0.01 * (1 + 0.3 * Math.sin(o + i)));
    const k = icpg * L.k ** sp(0).length;
    const ys = (xs * 0.01 * Math.sqrt(k) * 60 * 2) / 255;
    const yzp = zpOf();
    const p = `c${i}`;
    inits.push(
      spec(`${p}_w`, { type: wType, dims: [L.oc, icpg, ...sp(L.k)], data: w }),
      spec(`${p}_ws`, fT(ws.length === 1 ? [] : [L.oc], ws)),
      spec(`${p}_wzp`, zpT(wzp, wType)),
      spec(`${p}_ys`, fT([], [ys])),
      spec(`${p}_yzp`, zpT(yzp)),
      spec(`${p}_b`, {
        type: 'int32',
        dims: [L.oc],
        data: Int32Array.from({ length: L.oc }, () => randInt(r, -2000, 2000)),
      }),
    );
    const xsName = i === 0 ? 'x_s' : `c${i - 1}_ys`,
      xzpName = i === 0 ? 'x_zp' : `c${i - 1}_yzp`;
    nodes.push({
      opType: 'QLinearConv',
      inputs: [x, xsName, xzpName, `${p}_w`, `${p}_ws`, `${p}_wzp`, `${p}_ys`, `${p}_yzp`, `${p}_b`],
      outputs: [`${p}_y`],
      attributes: [
        ints('kernel_shape', sp(L.k)),
        ints('strides', sp(L.stride)),
        ints('pads', [...sp(L.pad), ...sp(L.pad)]),
        int('group', g),
      ],
    });
    x = `${p}_y`;
    if (opts.lut === 'all' || opts.lut?.includes(i)) {
      inits.push(
        spec(`${p}_T`, { type: act, dims: [256], data: Uint8Array.from({ length: 256 }, () => randInt(r, 0, 255)) }),
      );
      nodes.push({ opType: 'Lut', domain: 'i8conv', inputs: [x, `${p}_T`], outputs: [`${p}_t`] });
      x = `${p}_t`;
    }
    xs = ys;
    xzp = yzp;
    c = L.oc;
  });
  return writeModel({
    irVersion: 8,
    opsets: [['', 13], ['com.microsoft', 1], ...(opts.lut ? [['i8conv', 1] as [string, number]] : [])],
    graph: {
      name: 'chain',
      nodes,
      initializers: inits,
      inputs: [{ name: 'x', elemType: DT_OF[act], shape: [1, c0, ...sp(h)] }],
      outputs: [
        ...(opts.tap ?? []).map((i) => ({ name: `c${i}_y`, elemType: DT_OF[act] })),
        { name: x, elemType: DT_OF[act] },
      ],
    },
  });
}

export function randomFeed(seed: number, type: string, n: number): Uint8Array | Int8Array | Float32Array {
  const r = rng(seed);
  if (type === 'uint8') return Uint8Array.from({ length: n }, () => randInt(r, 0, 255));
  if (type === 'int8') return Int8Array.from({ length: n }, () => randInt(r, -128, 127));
  return Float32Array.from({ length: n }, () => r() * 4 - 2);
}

/** Runs a model in the product (every layout / reuse variant) and in the reference; all must agree exactly. */
/** The loader's passes up to the QDQ fusion (src/model/load.ts, without the weight / bias quantization hook and the
 * fusions after it): the graph the reference executor runs to check the product step by step. */
export function fusedGraph(g: Graph): Graph {
  return fuseQdq(foldBatchNorm(removeIdentity(foldConstants(inferShapes(g, {})))));
}

export function checkModel(rt: Runtime, bytes: Uint8Array, seed = 1): void {
  const graph = readOnnxModel(bytes);
  const variants = [
    { layout: 'auto' as const, reuse: true },
    { layout: 'nchw' as const, reuse: true },
    { layout: 'auto' as const, reuse: false },
  ];
  let ref: Map<string, Tensor> | undefined;
  for (const v of variants) {
    const m = loadModelSync(rt, bytes, { layout: v.layout }, { reuse: v.reuse, valueGuards: v.reuse ? 0 : 64 });
    try {
      const feeds: Record<string, Uint8Array | Int8Array | Float32Array> = {};
      m.inputs.forEach(
        (i, k) =>
          (feeds[i.name] = randomFeed(
            seed + k,
            i.type,
            i.shape.reduce((a, b) => a * b, 1),
          )),
      );
      ref ??= runReference(
        graph,
        new Map(
          m.inputs.map((i) => [i.name, { name: i.name, type: i.type, dims: i.shape, data: feeds[i.name] } as Tensor]),
        ),
      );
      const out = m.run(feeds);
      for (const o of m.outputs) {
        const want = ref.get(o.name)!;
        expect(o.shape, o.name).toEqual(want.dims);
        expect(Array.from(out[o.name] as ArrayLike<number>), `${o.name} layout ${v.layout} reuse ${v.reuse}`).toEqual(
          Array.from(want.data as ArrayLike<number>),
        );
      }
      expect(m.checkGuards(), 'guards').toBe(true);
    } finally {
      m.dispose();
    }
  }
}

/** Three QLinearConv branches joined by QLinearConcat (a table per input whose parameters differ), then
 * QLinearSigmoid and a QLinearAdd of the two. */
export function branchesModel(): Uint8Array {
  const r = rng(41);
  const f = (dims: number[], v: number[]) => ({ type: 'float32' as const, dims, data: Float32Array.from(v) });
  const u = (v: number) => ({ type: 'uint8' as const, dims: [] as number[], data: Uint8Array.of(v) });
  const init = (name: string, t: Omit<Tensor, 'name'>): TensorSpec => ({
    name,
    dataType: DT_OF[t.type],
    dims: t.dims,
    raw: le(t.data),
  });
  const inits: TensorSpec[] = [init('xs', f([], [0.02])), init('xz', u(128))];
  const nodes: NodeSpec[] = [];
  for (const [k, oc, ys, yz] of [
    [0, 8, 0.05, 120],
    [1, 4, 0.07, 131],
    [2, 8, 0.05, 120],
  ] as const) {
    inits.push(
      init(`w${k}`, {
        type: 'int8',
        dims: [oc, 4, 3, 3],
        data: Int8Array.from({ length: oc * 36 }, () => randInt(r, -100, 100)),
      }),
      init(`ws${k}`, f([], [0.01])),
      init(`wz${k}`, { type: 'int8', dims: [], data: Int8Array.of(0) }),
      init(`ys${k}`, f([], [ys])),
      init(`yz${k}`, u(yz)),
    );
    nodes.push({
      opType: 'QLinearConv',
      inputs: ['x', 'xs', 'xz', `w${k}`, `ws${k}`, `wz${k}`, `ys${k}`, `yz${k}`],
      outputs: [`c${k}`],
      attributes: [{ name: 'pads', type: AT.INTS, ints: [1, 1, 1, 1] }],
    });
  }
  inits.push(init('ts', f([], [0.06])), init('tz', u(125)), init('as', f([], [0.09])), init('az', u(127)));
  nodes.push({
    opType: 'QLinearConcat',
    domain: 'com.microsoft',
    inputs: ['ts', 'tz', 'c0', 'ys0', 'yz0', 'c1', 'ys1', 'yz1', 'c2', 'ys2', 'yz2'],
    outputs: ['cat'],
    attributes: [{ name: 'axis', type: AT.INT, i: 1 }],
  });
  nodes.push({
    opType: 'QLinearSigmoid',
    domain: 'com.microsoft',
    inputs: ['cat', 'ts', 'tz', 'ts', 'tz'],
    outputs: ['sig'],
  });
  nodes.push({
    opType: 'QLinearAdd',
    domain: 'com.microsoft',
    inputs: ['sig', 'ts', 'tz', 'cat', 'ts', 'tz', 'as', 'az'],
    outputs: ['y'],
  });
  const bytes = writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      ['com.microsoft', 1],
    ],
    graph: {
      name: 'branches',
      nodes,
      initializers: inits,
      inputs: [{ name: 'x', elemType: DT_OF.uint8, shape: [1, 4, 9, 11] }],
      outputs: [{ name: 'y', elemType: DT_OF.uint8 }],
    },
  });
  return bytes;
}
