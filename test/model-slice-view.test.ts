// A Slice whose output is one contiguous range of its input is a view (no step runs: the output is the input's
// bytes from the range's first byte); any other Slice copies (the strided rows kernel). Checked against onnxruntime-web and the reference
// executor on graphs where the view's bytes are shared with later steps: two slices of one tensor, a slice of a
// slice, a Relu after a slice (which may run in place only where no other reader of the source remains), a slice of
// a graph input and a slice that is a graph output, with the arena reused and not.
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import type { Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadModelSync } from '../src/model/load.js';
import { runReference } from '../kernels-ref/model/index.js';
import { f32t, loadOrt, ortRunModel } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();

const i64 = (name: string, v: (number | bigint)[]): Tensor => ({
  name,
  type: 'int64',
  dims: [v.length],
  data: BigInt64Array.from(v.map((x) => BigInt(x))),
});

interface SliceSpec {
  starts: (number | bigint)[];
  ends: (number | bigint)[];
  axes?: number[];
  steps?: number[];
}

let nodeNo = 0;
function slice(inp: string, out: string, s: SliceSpec, inits: Map<string, Tensor>): Node {
  const k = nodeNo++;
  const names = [`st${k}`, `en${k}`];
  inits.set(names[0], i64(names[0], s.starts));
  inits.set(names[1], i64(names[1], s.ends));
  if (s.axes || s.steps) {
    names.push(`ax${k}`);
    inits.set(`ax${k}`, i64(`ax${k}`, s.axes ?? s.starts.map((_, i) => i)));
  }
  if (s.steps) {
    names.push(`sp${k}`);
    inits.set(`sp${k}`, i64(`sp${k}`, s.steps));
  }
  return {
    name: `slice${k}`,
    opType: 'Slice',
    domain: '',
    inputs: [inp, ...names],
    outputs: [out],
    attributes: new Map(),
  };
}

const node = (op: string, inputs: string[], out: string, attrs: [string, number][] = []): Node => ({
  name: `${op}${nodeNo++}`,
  opType: op,
  domain: '',
  inputs,
  outputs: [out],
  attributes: new Map(attrs.map(([k, v]) => [k, { kind: 'int' as const, value: v }])),
});

interface GraphCase {
  what: string;
  xDims: number[];
  /** builds the nodes (x is the input), returning the output names */
  build(inits: Map<string, Tensor>): { nodes: Node[]; outs: string[] };
  /** how many Slice steps are views */
  views: number;
  /** how many Slice steps copy */
  copies: number;
}

const CASES: GraphCase[] = [
  {
    what: 'two channel ranges of one tensor (NCHW, batch 1), each through a Relu, joined',
    xDims: [1, 6, 5, 7],
    build: (i) => ({
      nodes: [
        node('Sigmoid', ['x'], 't'),
        slice('t', 'a', { starts: [0], ends: [2], axes: [1] }, i),
        slice('t', 'b', { starts: [2], ends: [BigInt('9223372036854775807')], axes: [1] }, i),
        node('Relu', ['a'], 'ra'),
        node('Neg', ['b'], 'nb'),
        node('Concat', ['nb', 'ra', 't'], 'y', [['axis', 1]]),
      ],
      outs: ['y'],
    }),
    views: 2,
    copies: 0,
  },
  {
    what: 'a slice of a slice (rows of a channel range), negative starts, the source read again after',
    xDims: [2, 4, 6, 3],
    build: (i) => ({
      nodes: [
        node('Exp', ['x'], 't'),
        slice('t', 'a', { starts: [1], ends: [2], axes: [0] }, i),
        slice('a', 'b', { starts: [-3, 2], ends: [4, 5], axes: [1, 2] }, i),
        slice('b', 'c', { starts: [1], ends: [3], axes: [1] }, i),
        node('Relu', ['c'], 'rc'),
        node('Neg', ['t'], 'nt'),
      ],
      outs: ['rc', 'nt', 'b'],
    }),
    // a (image 1 of 2: a range), b (channels 1..3 of it, rows 2..4: not a range), c (channels 1..2 of b's copy: a range)
    views: 2,
    copies: 1,
  },
  {
    what: 'a slice of a graph input that is a graph output; a strided slice; a reversed slice',
    xDims: [3, 8],
    build: (i) => ({
      nodes: [
        slice('x', 'y', { starts: [1], ends: [3], axes: [0] }, i),
        slice('x', 's', { starts: [0], ends: [8], axes: [1], steps: [2] }, i),
        slice('x', 'r', { starts: [-1], ends: [BigInt('-9223372036854775808')], axes: [0], steps: [-1] }, i),
        node('Relu', ['s'], 'rs'),
        node('Neg', ['r'], 'nr'),
      ],
      outs: ['y', 'rs', 'nr'],
    }),
    views: 1,
    copies: 2,
  },
  {
    what: 'the last axis whole, one index of every earlier one (a 1-element-wide window); the output used in place',
    xDims: [4, 3, 5],
    build: (i) => ({
      nodes: [
        node('Abs', ['x'], 't'),
        slice('t', 'a', { starts: [2, 1], ends: [3, 2], axes: [0, 1] }, i),
        node('Neg', ['a'], 'na'),
        node('Sigmoid', ['na'], 'sa'),
      ],
      outs: ['sa'],
    }),
    views: 1,
    copies: 0,
  },
];

function graphOf(c: GraphCase): Graph {
  const inits = new Map<string, Tensor>();
  const { nodes, outs } = c.build(inits);
  return {
    name: 'slices',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: c.xDims }],
    // the outputs' shapes are left to inference (written as unknown)
    outputs: outs.map((name) => ({ name, type: 'float32', onnxElemType: 1, shape: null })),
    initializers: inits,
    valueInfo: new Map(),
    nodes,
  };
}

describe('Slice of a contiguous range: a view of the input', () => {
  for (const [k, c] of CASES.entries())
    it(c.what, async () => {
      if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
      const graph = graphOf(c);
      const r = rng(500 + k);
      const n = c.xDims.reduce((a, b) => a * b, 1);
      const x = f32t(
        c.xDims,
        Float32Array.from({ length: n }, () => Math.fround(r() * 8 - 4)),
      );
      const feeds = new Map([['x', { ...x, name: 'x' }]]);
      const names = graph.outputs.map((o) => o.name);
      const bytes = writeOnnxModel(graph);
      const want = await ortRunModel(bytes, feeds, names);
      const ref = runReference(graph, feeds);
      const rt = await createRuntime();
      try {
        for (const hooks of [{}, { reuse: false, valueGuards: 64 }, { floatRegions: false }]) {
          const m = loadModelSync(rt, bytes, {}, hooks as never);
          try {
            const slices = m.nodes.filter((s) => s.op === 'Slice');
            expect(slices.filter((s) => s.algorithm === 'slice-view').length, JSON.stringify(hooks)).toBe(c.views);
            expect(slices.filter((s) => s.algorithm === 'strided-rows').length, JSON.stringify(hooks)).toBe(c.copies);
            for (let run = 0; run < 2; run++) {
              const got = m.run({ x: x.data as Float32Array }) as Record<string, Float32Array>;
              for (const name of names) {
                expect([...got[name]], `${name} vs onnxruntime-web ${JSON.stringify(hooks)}`).toEqual([
                  ...(want.get(name)!.data as Float32Array),
                ]);
                expect([...got[name]], `${name} vs the reference`).toEqual([...(ref.get(name)!.data as Float32Array)]);
              }
            }
            expect(m.checkGuards()).toBe(true);
          } finally {
            m.dispose();
          }
        }
      } finally {
        rt.dispose();
      }
    });
});
