// A float MaxPool of a non-decreasing function of 8-bit codes pools the codes (src/model/graph/passes/maxpool-codes.ts):
// `x -> Q -> DQ -> chain -> MaxPool -> Q -> DQ -> y` for uint8 and int8 codes, chains Relu, LeakyRelu, Clip, Max of a
// constant, Mul by a positive constant, Add of a constant, Sub and Div, two-op chains; pools 2x2 stride 2, 3x3 stride
// 2 pads 1 (padding is no candidate), ceil_mode 1, dilations 2, odd sizes (every border), batch 2, a pool whose
// output a float node reads. Each: the MaxPool step pools 8-bit codes (no maxpool-f32), and the output equals
// onnxruntime-web's on the same file, the reference executor's on that file and on the graph the loader prepares,
// bit for bit. Cases that must stay float (a Sigmoid in the chain, a negative Mul, Sub from a constant, a value of
// the chain read twice, a MaxPool with Indices, LeakyRelu alpha 0 (-0) read as float) equal onnxruntime-web too; where a
// Q follows their pool, onnxruntime's QDQ propagation (propagate-qdq.ts) quantizes before it, and so does the loader.
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { makeNode, valueInfo } from '../src/quantize/graph.js';
import { named } from './helpers/model-tensors.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { runReference } from '../kernels-ref/model/index.js';
import { prepareGraph } from '../src/model/load.js';
import { A, loadOrt, ortRunModel, tensorBits } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
const f32 = Math.fround;

/** One element-wise node of the chain: its op, a constant second input (one value) or Clip bounds, attributes. */
interface Op {
  op: string;
  c?: number;
  /** the constant first (Add / Mul / Max: c op x; Sub: c - x) */
  first?: boolean;
  clip?: [number, number];
  attrs?: Record<string, Attribute>;
}

interface Form {
  what: string;
  type: 'uint8' | 'int8';
  chain: Op[];
  dims: [number, number, number, number];
  pool: Record<string, Attribute>;
  /** whether the pass pools the codes */
  codes: boolean;
  /** y is the pool's float output itself (no Q after it) */
  floatOut?: boolean;
  /** a chain value is a graph output too */
  tap?: boolean;
  /** the MaxPool's Indices output is a graph output */
  indices?: boolean;
}

const P22 = { kernel_shape: A.is([2, 2]), strides: A.is([2, 2]) };
const P33 = { kernel_shape: A.is([3, 3]), strides: A.is([2, 2]), pads: A.is([1, 1, 1, 1]) };
const CEIL = { kernel_shape: A.is([3, 2]), strides: A.is([2, 2]), ceil_mode: A.i(1) };
const DIL = { kernel_shape: A.is([2, 3]), strides: A.is([1, 2]), dilations: A.is([2, 2]), pads: A.is([1, 0, 1, 1]) };

function model(f: Form, seed: number): { bytes: Uint8Array; x: Tensor; outputs: string[] } {
  const r = rng(seed);
  const zp = (v: number) => (f.type === 'uint8' ? Uint8Array.of(v + 128) : Int8Array.of(v));
  const inits: Tensor[] = [
    named('xs', 'float32', [], Float32Array.of(0.05)),
    named('xzp', f.type, [], zp(-7)),
    named('ys', 'float32', [], Float32Array.of(0.03)),
    named('yzp', f.type, [], zp(-60)),
  ];
  const nodes: Node[] = [
    makeNode('QuantizeLinear', ['x', 'xs', 'xzp'], ['xq'], {}, { name: 'Q_x' }),
    makeNode('DequantizeLinear', ['xq', 'xs', 'xzp'], ['e0'], {}, { name: 'DQ_x' }),
  ];
  for (const [k, o] of f.chain.entries()) {
    const ins = [`e${k}`];
    if (o.clip) {
      inits.push(named(`lo${k}`, 'float32', [], Float32Array.of(o.clip[0])));
      inits.push(named(`hi${k}`, 'float32', [], Float32Array.of(o.clip[1])));
      ins.push(`lo${k}`, `hi${k}`);
    } else if (o.c !== undefined) {
      inits.push(named(`c${k}`, 'float32', [1, 1, 1, 1].slice(0, k % 3), Float32Array.of(o.c)));
      if (o.first) ins.unshift(`c${k}`);
      else ins.push(`c${k}`);
    }
    nodes.push(makeNode(o.op, ins, [`e${k + 1}`], o.attrs ?? {}, { name: `op${k}` }));
  }
  const last = `e${f.chain.length}`;
  const [n, c, h, w] = f.dims;
  const outputs = ['y'];
  const graphOut = [valueInfo('y', 'float32', null)];
  nodes.push(
    makeNode('MaxPool', [last], f.indices ? ['p', 'idx'] : [f.floatOut ? 'y' : 'p'], f.pool, { name: 'pool' }),
  );
  if (!f.floatOut) {
    nodes.push(makeNode('QuantizeLinear', ['p', 'ys', 'yzp'], ['pq'], {}, { name: 'Q_p' }));
    nodes.push(makeNode('DequantizeLinear', ['pq', 'ys', 'yzp'], ['y'], {}, { name: 'DQ_y' }));
  }
  if (f.indices) {
    outputs.push('idx');
    graphOut.push(valueInfo('idx', 'int64', null));
  }
  if (f.tap) {
    outputs.push('e1');
    graphOut.push(valueInfo('e1', 'float32', null));
  }
  const g: Graph = {
    name: 'maxpool-codes',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [valueInfo('x', 'float32', f.dims)],
    outputs: graphOut,
    initializers: new Map(inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
    nodes,
  };
  // codes over the whole range and beyond (saturation both ways), the zero point and its neighbours often
  const x = named(
    'x',
    'float32',
    f.dims,
    Float32Array.from({ length: n * c * h * w }, () =>
      r() < 0.2 ? f32(Math.round(r() * 6 - 3) * 0.05 - 0.35) : f32(r() * 16 - 8),
    ),
  );
  return { bytes: writeOnnxModel(g), x, outputs };
}

const FORMS: Form[] = [];
for (const type of ['uint8', 'int8'] as const) {
  FORMS.push(
    { what: 'Relu, 2x2 stride 2', type, chain: [{ op: 'Relu' }], dims: [1, 8, 12, 16], pool: P22, codes: true },
    {
      what: 'LeakyRelu 0.2, 3x3 stride 2 pads 1, odd sizes',
      type,
      chain: [{ op: 'LeakyRelu', attrs: { alpha: A.f(0.2) } }],
      dims: [1, 5, 13, 11],
      pool: P33,
      codes: true,
    },
    {
      what: 'Clip [-0.5, 1.25], ceil_mode 1, batch 2',
      type,
      chain: [{ op: 'Clip', clip: [-0.5, 1.25] }],
      dims: [2, 3, 9, 7],
      pool: CEIL,
      codes: true,
    },
    {
      what: 'Max(x, -0.4) (openWakeWord), 2x2 stride 2, odd sizes',
      type,
      chain: [{ op: 'Max', c: -0.4 }],
      dims: [1, 4, 7, 9],
      pool: P22,
      codes: true,
    },
    {
      what: 'Mul by 0.7 (constant first), dilations 2 and pads',
      type,
      chain: [{ op: 'Mul', c: 0.7, first: true }],
      dims: [2, 6, 10, 9],
      pool: DIL,
      codes: true,
    },
    {
      what: 'Add 0.3, 3x3 stride 2 pads 1, batch 2',
      type,
      chain: [{ op: 'Add', c: 0.3 }],
      dims: [2, 4, 8, 8],
      pool: P33,
      codes: true,
    },
    {
      what: 'Relu then Mul 1.5 (two ops), ceil_mode 1',
      type,
      chain: [{ op: 'Relu' }, { op: 'Mul', c: 1.5 }],
      dims: [1, 7, 11, 5],
      pool: CEIL,
      codes: true,
    },
    {
      what: 'Sub 0.1 then Div 3 then Min 2, 3x3 stride 2 pads 1',
      type,
      chain: [
        { op: 'Sub', c: 0.1 },
        { op: 'Div', c: 3 },
        { op: 'Min', c: 2, first: true },
      ],
      dims: [1, 4, 6, 7],
      pool: P33,
      codes: true,
    },
    {
      what: 'Relu, the pool read as float (no Q after it)',
      type,
      chain: [{ op: 'Relu' }],
      dims: [1, 4, 9, 9],
      pool: P33,
      codes: true,
      floatOut: true,
    },
    // must stay float
    {
      what: 'Sigmoid in the chain (approximated): stays float',
      type,
      chain: [{ op: 'Relu' }, { op: 'Sigmoid' }],
      dims: [1, 4, 8, 8],
      pool: P22,
      codes: false,
    },
    {
      what: 'Mul by -0.5 (decreasing): stays float',
      type,
      chain: [{ op: 'Mul', c: -0.5 }],
      dims: [1, 4, 8, 8],
      pool: P22,
      codes: false,
    },
    {
      what: '0.2 - x (decreasing): stays float',
      type,
      chain: [{ op: 'Sub', c: 0.2, first: true }],
      dims: [1, 4, 8, 8],
      pool: P22,
      codes: false,
    },
    {
      what: 'a chain value read by a second reader (a graph output): stays float',
      type,
      chain: [{ op: 'Relu' }, { op: 'Add', c: 0.25 }],
      dims: [1, 4, 8, 8],
      pool: P22,
      codes: false,
      tap: true,
    },
    {
      what: 'a MaxPool with Indices: stays float',
      type,
      chain: [{ op: 'Relu' }],
      dims: [1, 4, 8, 8],
      pool: P22,
      codes: false,
      indices: true,
    },
    {
      what: 'LeakyRelu alpha 0 (-0 and +0) read as float: stays float',
      type,
      chain: [{ op: 'LeakyRelu', attrs: { alpha: A.f(0) } }],
      dims: [1, 4, 8, 8],
      pool: P22,
      codes: false,
      floatOut: true,
    },
  );
}

describe('maxpool-codes: a MaxPool of a non-decreasing function of codes pools the codes', () => {
  for (const [i, f] of FORMS.entries()) {
    it(`${f.type}: ${f.what}`, async () => {
      const { bytes, x, outputs } = model(f, 300 + i);
      // the prepared graph: the MaxPool reads 8-bit codes where the pass applies
      const prepared = prepareGraph(bytes, {}, {});
      const pool = prepared.graph.nodes.find((n) => n.opType === 'MaxPool')!;
      // a MaxPool before a Q pools codes in any case: onnxruntime's QDQ propagation (propagate-qdq.ts) moves the Q
      // back past it, and the fusion takes DQ -> MaxPool -> Q (the refused chains are quantized before the pool)
      const codes = f.codes || (!f.floatOut && !f.indices);
      expect(prepared.values.get(pool.inputs[0])?.type).toBe(codes ? f.type : 'float32');
      const rt = await createRuntime({ threads: 1 });
      try {
        const m = await rt.loadModel(bytes);
        const out = m.run({ x: x.data as Float32Array }, { profile: true }) as Record<string, Float32Array>;
        const step = m.lastProfile!.find((s) => s.op === 'MaxPool');
        expect(step, JSON.stringify(m.lastProfile)).toBeDefined();
        if (f.codes) expect(step!.algorithm).not.toMatch(/f32/);
        const feeds = new Map([['x', x]]);
        const ref = runReference(readOnnxModel(bytes), feeds);
        const refPrepared = runReference(prepared.graph, feeds);
        if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
        const o = await ortRunModel(bytes, feeds, outputs);
        for (const name of outputs) {
          const got = { ...ref.get(name)!, data: out[name] };
          expect(tensorBits(got), `${name} vs onnxruntime-web`).toEqual(tensorBits(o.get(name)!));
          // Indices: onnxruntime's QDQ propagation quantizes before the pool (a Q/DQ pair on its input), so they name
          // the first of the cells that quantize alike: the reference of the prepared graph, not of the file
          if (name === 'idx')
            expect(tensorBits(got), `${name} vs the reference on the prepared graph`).toEqual(
              tensorBits(refPrepared.get(name)!),
            );
          else {
            expect(tensorBits(got), `${name} vs the reference`).toEqual(tensorBits(ref.get(name)!));
            expect(tensorBits(refPrepared.get(name)!), `${name}: the reference on the prepared graph`).toEqual(
              tensorBits(ref.get(name)!),
            );
          }
        }
        m.dispose();
      } finally {
        rt.dispose();
      }
    });
  }
});
