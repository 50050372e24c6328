/**
 * passes/fuse-luts.ts: chains of 8-bit tables (i8conv Lut, QLinearSigmoid / QLinearLeakyRelu, QLinearAdd / QLinearMul
 * with a constant scalar) and x op f(x) binaries become one i8conv Lut. Checked: the node count after the pass, the
 * reference executor on the fused graph equal to it on the unfused graph for every input byte, the input graph left
 * as it was, and the product (rt.loadModel, which runs the pass) equal to the reference on the unfused graph in every
 * layout (checkModel), on odd sizes.
 */
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import { fuseLuts } from '../src/model/graph/passes/fuse-luts.js';
import { inferShapes } from '../src/model/graph/passes/infer-shapes.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { runReference } from '../kernels-ref/model/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { checkModel, convChain, randomFeed } from './helpers/model-builders.js';
import { loadModelSync } from '../src/model/load.js';
import { le, writeModel, type NodeSpec } from './helpers/onnx-writer.js';
import { DT_OF } from './helpers/model-tensors.js';
import { rng } from './helpers/rng.js';

type Q = 'uint8' | 'int8';
const CM = 'com.microsoft';

/** initializers shared by the graphs: scales s0..s4, zero points z0..z4 of type t, constants k0 / k1, tables T0 / T1 */
function inits(t: Q, seed: number) {
  const r = rng(seed);
  const q = (name: string, v: number) => ({
    name,
    dataType: DT_OF[t],
    dims: [],
    raw: le(t === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v)),
  });
  const fl = (name: string, v: number) => ({ name, dataType: DT_OF.float32, dims: [], raw: le(Float32Array.of(v)) });
  const z = t === 'uint8' ? 128 : 0;
  const table = (name: string) => {
    const b = new Uint8Array(256);
    for (let i = 0; i < 256; i++) b[i] = Math.floor(r() * 256);
    return { name, dataType: DT_OF[t], dims: [256], raw: b };
  };
  return [
    fl('s0', 0.037),
    q('z0', z + 3),
    fl('s1', 0.05),
    q('z1', z - 9),
    fl('s2', 0.021),
    q('z2', z + 11),
    fl('s3', 0.0625),
    q('z3', z - 40),
    fl('s4', 0.013),
    q('z4', z + 1),
    q('k0', t === 'uint8' ? 200 : 77),
    q('k1', t === 'uint8' ? 17 : -100),
    table('T0'),
    table('T1'),
    fl('f0', 0.2),
    fl('f1', -1.5),
    fl('f2', 2),
    fl('f3', 3),
    fl('f4', 0.5),
  ];
}

/** a default-domain node (the float chains of rule 0) */
const op = (opType: string, inputs: string[], out: string, attributes?: NodeSpec['attributes']): NodeSpec => ({
  opType,
  inputs,
  outputs: [out],
  ...(attributes ? { attributes } : {}),
});
const dq = (x: string, k: number, out: string) => op('DequantizeLinear', [x, `s${k}`, `z${k}`], out);
const qz = (x: string, k: number, out: string) => op('QuantizeLinear', [x, `s${k}`, `z${k}`], out);

const add = (a: string, sa: number, b: string, sb: number, so: number, out: string, op = 'QLinearAdd'): NodeSpec => ({
  opType: op,
  domain: CM,
  inputs: [a, `s${sa}`, `z${sa}`, b, `s${sb}`, `z${sb}`, `s${so}`, `z${so}`],
  outputs: [out],
});
const mul = (a: string, sa: number, b: string, sb: number, so: number, out: string): NodeSpec =>
  add(a, sa, b, sb, so, out, 'QLinearMul');
const lut = (x: string, table: string, out: string): NodeSpec => ({
  opType: 'Lut',
  domain: 'i8conv',
  inputs: [x, table],
  outputs: [out],
});
const unary = (op: string, x: string, sx: number, so: number, out: string): NodeSpec => ({
  opType: op,
  domain: CM,
  inputs: [x, `s${sx}`, `z${sx}`, `s${so}`, `z${so}`],
  outputs: [out],
});

/** after: nodes after the pass; same: the pass returns its input (nothing to fuse) */
interface Case {
  name: string;
  nodes: NodeSpec[];
  outputs: string[];
  after: number;
  same?: boolean;
}
const CASES: Case[] = [
  // HardSwish as fuseQdq leaves it: Add-table -> Lut -> Mul(x, .)
  {
    name: 'hardswish: Add(x, k) -> Lut -> Mul(x, .)',
    nodes: [add('x', 0, 'k0', 1, 2, 'a'), lut('a', 'T0', 'b'), mul('x', 0, 'b', 2, 3, 'y')],
    outputs: ['y'],
    after: 1,
  },
  {
    name: 'chain: Sigmoid -> LeakyRelu -> Mul(k, .) -> Lut',
    nodes: [
      unary('QLinearSigmoid', 'x', 0, 1, 'a'),
      unary('QLinearLeakyRelu', 'a', 1, 2, 'b'),
      mul('k1', 3, 'b', 2, 4, 'c'),
      lut('c', 'T1', 'y'),
    ],
    outputs: ['y'],
    after: 1,
  },
  {
    name: 'f(x) * g(x), f and g tables',
    nodes: [lut('x', 'T0', 'a'), unary('QLinearSigmoid', 'x', 0, 2, 'b'), mul('a', 2, 'b', 2, 3, 'y')],
    outputs: ['y'],
    after: 1,
  },
  {
    name: 'x + x and t * t',
    nodes: [add('x', 0, 'x', 0, 1, 'a'), lut('a', 'T0', 't'), mul('t', 1, 't', 1, 2, 'y')],
    outputs: ['y'],
    after: 1,
  },
  // the sigmoid's output is a graph output: it stays, the Mul becomes a Lut of x
  {
    name: 'x * sigmoid(x), the sigmoid also an output',
    nodes: [unary('QLinearSigmoid', 'x', 0, 1, 's'), mul('x', 0, 's', 1, 2, 'y')],
    outputs: ['y', 's'],
    after: 2,
  },
  // a table read twice is not composed into either reader; the readers stay
  {
    name: 'a table read twice',
    nodes: [lut('x', 'T0', 'a'), add('a', 1, 'k0', 1, 2, 'b'), unary('QLinearSigmoid', 'a', 1, 3, 'c')],
    outputs: ['b', 'c'],
    after: 3,
    same: true,
  },
  // rule 0: float element-wise chains between a DequantizeLinear and a QuantizeLinear
  {
    name: 'DQ -> Max(., 0.2) -> Q',
    nodes: [dq('x', 0, 'a'), op('Max', ['a', 'f0'], 'b'), qz('b', 2, 'y')],
    outputs: ['y'],
    after: 1,
  },
  {
    name: 'DQ -> Mul -> Sigmoid -> Pow 2 -> Div(0.5, .) -> Clip(min) -> Pow 3 -> Min(-1.5, .) -> Q',
    nodes: [
      dq('x', 0, 'a'),
      op('Mul', ['a', 'f1'], 'b'),
      op('Sigmoid', ['b'], 'c'),
      op('Pow', ['c', 'f2'], 'd'),
      op('Div', ['f4', 'd'], 'e'),
      op('Clip', ['e', 'f0'], 'g'),
      op('Pow', ['g', 'f3'], 'h'),
      op('Min', ['f1', 'h'], 'i'),
      qz('i', 3, 'y'),
    ],
    outputs: ['y'],
    after: 1,
  },
  {
    name: 'DQ -> Elu -> Softplus -> HardSwish -> Erf -> Sub(., 0.5) -> Q, then a table of it',
    nodes: [
      dq('x', 1, 'a'),
      op('Elu', ['a'], 'b'),
      op('Softplus', ['b'], 'c'),
      op('HardSwish', ['c'], 'd'),
      op('Erf', ['d'], 'e'),
      op('Sub', ['e', 'f4'], 'g'),
      qz('g', 2, 'h'),
      lut('h', 'T0', 'y'),
    ],
    outputs: ['y'],
    after: 1,
  },
  // an intermediate also a graph output, or a second data input: the chain stays
  {
    name: 'DQ -> Max -> Q, the Max also an output',
    nodes: [dq('x', 0, 'a'), op('Max', ['a', 'f0'], 'b'), qz('b', 2, 'y')],
    outputs: ['y', 'b'],
    after: 3,
    same: true,
  },
  {
    name: 'DQ -> Max(., DQ(w)) -> Q (two inputs)',
    nodes: [dq('x', 0, 'a'), dq('w', 1, 'c'), op('Max', ['a', 'c'], 'b'), qz('b', 2, 'y')],
    outputs: ['y'],
    after: 4,
    same: true,
  },
  // two different inputs: nothing to do
  {
    name: 'x + w (two inputs)',
    nodes: [lut('x', 'T0', 'a'), add('a', 1, 'w', 1, 2, 'y')],
    outputs: ['y'],
    after: 2,
    same: true,
  },
];

function model(c: Case, t: Q, shape: number[]): Uint8Array {
  const usesW = c.nodes.some((n) => n.inputs.includes('w'));
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', 13],
      [CM, 1],
      ['i8conv', 1],
    ],
    graph: {
      name: 'luts',
      nodes: c.nodes,
      initializers: inits(t, 7),
      inputs: [{ name: 'x', elemType: DT_OF[t], shape }, ...(usesW ? [{ name: 'w', elemType: DT_OF[t], shape }] : [])],
      outputs: c.outputs.map((name) => ({ name, elemType: DT_OF[t] })),
    },
  });
}

const snapshot = (g: Graph) =>
  JSON.stringify({
    nodes: g.nodes.map((n) => [n.opType, n.inputs, n.outputs]),
    inits: [...g.initializers.keys()],
    ops: [...g.opsetImports],
  });

describe('fuseLuts', () => {
  for (const t of ['uint8', 'int8'] as const) {
    for (const c of CASES) {
      it(`${t}, ${c.name}: ${c.nodes.length} -> ${c.after} nodes; the reference equal on every input byte`, () => {
        // as the pipeline runs it: after shape inference (rule 0 reads the values' dims and types)
        const g = inferShapes(readOnnxModel(model(c, t, [1, 2, 16, 8])), {});
        const before = snapshot(g);
        const f = fuseLuts(g);
        expect(snapshot(g)).toBe(before);
        expect(f.nodes.length).toBe(c.after);
        if (!c.same) {
          expect(f.opsetImports.get('i8conv')).toBe(1);
          expect(f.nodes.at(-1)!.opType).toBe('Lut');
          expect(f.nodes.at(-1)!.inputs[0]).toBe('x');
        } else {
          expect(f).toBe(g);
        }
        // every initializer of the result is read (or was an unread one of the input)
        const read = new Set(f.nodes.flatMap((n) => n.inputs));
        for (const name of f.initializers.keys())
          expect(read.has(name) || !g.nodes.some((n) => n.inputs.includes(name)), name).toBe(true);
        const bytes = new Uint8Array(256).map((_, i) => i);
        const data = t === 'uint8' ? bytes : new Int8Array(bytes.buffer);
        const w = (t === 'uint8' ? new Uint8Array(256) : new Int8Array(256)).map((_, i) => (i * 37 + 11) & 127);
        const feeds = new Map<string, Tensor>([
          ['x', { name: 'x', type: t, dims: [1, 2, 16, 8], data }],
          ['w', { name: 'w', type: t, dims: [1, 2, 16, 8], data: w }],
        ]);
        if (!g.inputs.some((i) => i.name === 'w')) feeds.delete('w');
        const want = runReference(g, feeds),
          got = runReference(f, feeds);
        for (const o of c.outputs) {
          expect(got.get(o)!.type).toBe(want.get(o)!.type);
          expect(Array.from(got.get(o)!.data as Int8Array), o).toEqual(Array.from(want.get(o)!.data as Int8Array));
        }
      });
    }
    it(`${t}: rt.loadModel (fused) equals the reference on the unfused graph, odd sizes, every layout`, async () => {
      const rt = await createRuntime();
      for (const c of CASES)
        for (const shape of [
          [1, 3, 7, 5],
          [1, 4, 9, 17],
        ])
          checkModel(rt, model(c, t, shape), 3);
      const m = await rt.loadModel(model(CASES[0], t, [1, 4, 9, 17]));
      expect(m.nodes.map((n) => n.algorithm)).toEqual(['lut-word']);
      m.dispose();
      rt.dispose();
    });
  }
});

/**
 * fuseOutputTables (src/model/backends/wasm-int8/conv.ts): a Lut whose input is a convolution's output read by nothing else is
 * applied by the convolution's finishing stage as it stores each byte (assembly/common/finish.ts, ctx lut). Every
 * algorithm's finish path is exercised: the first layer (NCHW -> NCHW44), NCHW44 direct with a partial last channel
 * block, channel-wise, the 1x1 GEMM, an odd channel count, the general path (uint8 weights with a zero point), and in
 * layout 'nchw' the NCHW finishes; 1, 2 and 3 threads. The product equals the reference executor on the unfused graph
 * (checkModel: layouts auto / nchw, arena reuse on / off with guard bytes).
 */
describe('a convolution absorbs the look-up table that reads its output', () => {
  const LAYERS = [
    { oc: 8, k: 3, stride: 2, pad: 1 },
    { oc: 12, k: 3, stride: 1, pad: 1 },
    { oc: 12, k: 3, stride: 1, pad: 1, group: 12 },
    { oc: 20, k: 1, stride: 1, pad: 0 },
    { oc: 6, k: 3, stride: 1, pad: 1 },
    { oc: 5, k: 1, stride: 1, pad: 0, wType: 'uint8' as const, wZp: 3 },
  ];
  for (const t of ['uint8', 'int8'] as const) {
    for (const threads of [1, 2, 3]) {
      it(`${t}, ${threads} thread(s): every layer's table fused, outputs equal to the reference`, async () => {
        const rt = await createRuntime({ threads });
        try {
          for (const [h, seed] of [
            [13, 5],
            [18, 6],
          ]) {
            const bytes = convChain(seed, t, 3, h, LAYERS, { lut: 'all' });
            checkModel(rt, bytes, seed);
            const m = loadModelSync(rt, bytes);
            expect(m.nodes.filter((n) => n.op === 'Lut')).toEqual([]);
            expect(m.nodes.filter((n) => n.op === 'QLinearConv').map((n) => n.algorithm.endsWith('+lut'))).toEqual(
              LAYERS.map(() => true),
            );
            m.dispose();
          }
        } finally {
          rt.dispose();
        }
      });
    }
    it(`${t}: not fused where the convolution's output is also read elsewhere (a graph output); fused and unfused equal`, async () => {
      const rt = await createRuntime();
      try {
        const bytes = convChain(9, t, 3, 11, LAYERS.slice(0, 3), { lut: [0, 2], tap: [0] });
        checkModel(rt, bytes, 9);
        const m = loadModelSync(rt, bytes);
        const steps = m.nodes.filter((n) => n.op !== 'Relayout').map((n) => [n.op, n.algorithm.endsWith('+lut')]);
        expect(steps).toEqual([
          ['QLinearConv', false],
          ['Lut', false],
          ['QLinearConv', false],
          ['QLinearConv', true],
        ]);
        const plain = loadModelSync(rt, bytes, {}, { outputTables: false });
        const feeds = { x: randomFeed(4, t, 3 * 11 * 11) };
        const a = m.run(feeds),
          b = plain.run(feeds);
        for (const o of m.outputs)
          expect(Array.from(a[o.name] as Uint8Array), o.name).toEqual(Array.from(b[o.name] as Uint8Array));
        expect(plain.nodes.filter((n) => n.op === 'Lut').length).toBe(2);
        m.dispose();
        plain.dispose();
      } finally {
        rt.dispose();
      }
    });
  }
});
