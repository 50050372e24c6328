// A float Pad read by a per-tensor QuantizeLinear quantizes first and pads the codes
// (src/model/graph/passes/quantize-before-pad.ts), and a ChannelTable the same for every channel goes into the
// convolution that feeds it (fuse-output-tables.ts after fuse-channel-chains.ts). The graphs are what a model with
// only its convolutions in Q/DQ writes around a stride-2 convolution with explicit padding (M-LSD, Keras'
// ZeroPadding2D): `Conv -> Q -> DQ -> [Clip] -> Pad -> Q -> DQ -> Conv`. Pad forms: constant 0 (input and absent),
// constant 0.7 and -100 (a border code other than the zero point, and one that saturates), reflect and edge, pads on
// every side and on one; uint8 and int8; depthwise and dense convolutions after it; odd sizes, batch 2. Each: where
// the pass applies no step pads floats (constant zero: no Pad step at all, the convolution pads), the requantization
// after the first convolution is its output table (no ChannelTable step), and the output equals onnxruntime-web's on
// the same file and the reference executor's on the graph the loader prepares, with and without the two rewrites, bit
// for bit. Cases
// that must stay float (the Pad's output read twice, a per-channel QuantizeLinear, a Pad of a DequantizeLinear's
// output: the Q/DQ group's own) equal onnxruntime-web too.
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { makeNode, valueInfo } from '../src/quantize/graph.js';
import { named } from './helpers/model-tensors.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { runReference } from '../kernels-ref/model/index.js';
import { prepareGraph } from '../src/model/load.js';
import { A, loadOrt, ortRunModel, tensorBits } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
const f32 = Math.fround;

interface Form {
  what: string;
  type: 'uint8' | 'int8';
  dims: [number, number, number, number];
  /** Pad mode (absent: constant) */
  mode?: 'reflect' | 'edge';
  /** the constant value input (undefined: no input; null: an empty name) */
  value?: number | null;
  pads: number[];
  /** a Clip(0, 6) between the first convolution's DQ and the Pad */
  clip?: boolean;
  /** the second convolution is depthwise */
  depthwise: boolean;
  /** whether the pass applies (the Pad pads codes) */
  codes: boolean;
  /** the Pad's output is a graph output too */
  tap?: boolean;
  /** the Pad's QuantizeLinear is per channel */
  perChannel?: boolean;
  /** the Pad reads the output of a DequantizeLinear of the QuantizeLinear's own scale and zero point */
  padOfDq?: boolean;
}

function model(f: Form, seed: number): { bytes: Uint8Array; x: Tensor; outputs: string[] } {
  const r = rng(seed);
  const [n, c, h, w] = f.dims;
  const code = (v: number) => (f.type === 'uint8' ? Uint8Array.of(v + 128) : Int8Array.of(v));
  const wq = (len: number) => Int8Array.from({ length: len }, () => Math.round(r() * 200 - 100));
  const inits: Tensor[] = [
    named('xs', 'float32', [], Float32Array.of(0.04)),
    named('xzp', f.type, [], code(-3)),
    named('as', 'float32', [], Float32Array.of(0.09)),
    named('azp', f.type, [], code(5)),
    named('ps', 'float32', [], Float32Array.of(0.03)),
    named('pzp', f.type, [], code(-120)),
    named('ys', 'float32', [], Float32Array.of(0.11)),
    named('yzp', f.type, [], code(2)),
    named('w1', 'int8', [c, c, 1, 1], wq(c * c)),
    named('w1s', 'float32', [], Float32Array.of(0.004)),
    named(
      'b1',
      'float32',
      [c],
      Float32Array.from({ length: c }, () => f32(r() - 0.5)),
    ),
    named('w2', 'int8', f.depthwise ? [c, 1, 3, 3] : [c, c, 3, 3], wq(f.depthwise ? c * 9 : c * c * 9)),
    named('w2s', 'float32', [], Float32Array.of(0.006)),
    named(
      'b2',
      'float32',
      [c],
      Float32Array.from({ length: c }, () => f32(r() - 0.5)),
    ),
    named('pads', 'int64', [8], BigInt64Array.from(f.pads.map(BigInt))),
    named('lo', 'float32', [], Float32Array.of(0)),
    named('hi', 'float32', [], Float32Array.of(6)),
  ];
  const nodes: Node[] = [
    makeNode('QuantizeLinear', ['x', 'xs', 'xzp'], ['xq'], {}, { name: 'Q_x' }),
    makeNode('DequantizeLinear', ['xq', 'xs', 'xzp'], ['xd'], {}, { name: 'DQ_x' }),
  ];
  if (f.padOfDq)
    nodes.splice(
      0,
      2,
      makeNode('QuantizeLinear', ['x', 'ps', 'pzp'], ['xq'], {}, { name: 'Q_x' }),
      makeNode('DequantizeLinear', ['xq', 'ps', 'pzp'], ['xd'], {}, { name: 'DQ_x' }),
    );
  let padIn = 'xd';
  if (!f.padOfDq) {
    nodes.push(
      makeNode('DequantizeLinear', ['w1', 'w1s'], ['w1d'], {}, { name: 'DQ_w1' }),
      makeNode('Conv', ['xd', 'w1d', 'b1'], ['a'], { kernel_shape: A.is([1, 1]) }, { name: 'conv1' }),
      makeNode('QuantizeLinear', ['a', 'as', 'azp'], ['aq'], {}, { name: 'Q_a' }),
      makeNode('DequantizeLinear', ['aq', 'as', 'azp'], ['ad'], {}, { name: 'DQ_a' }),
    );
    padIn = 'ad';
    if (f.clip) {
      nodes.push(makeNode('Clip', ['ad', 'lo', 'hi'], ['ac'], {}, { name: 'relu6' }));
      padIn = 'ac';
    }
  }
  const padInputs = [padIn, 'pads'];
  if (f.value === null) padInputs.push('');
  else if (f.value !== undefined) {
    inits.push(named('pv', 'float32', [], Float32Array.of(f.value)));
    padInputs.push('pv');
  }
  const padAttrs: Record<string, Attribute> = f.mode ? { mode: A.s(f.mode) } : {};
  nodes.push(makeNode('Pad', padInputs, ['p'], padAttrs, { name: 'pad' }));
  if (f.perChannel) {
    inits.push(
      named(
        'pcs',
        'float32',
        [c],
        Float32Array.from({ length: c }, (_, k) => f32(0.03 + 0.002 * k)),
      ),
    );
    inits.push(
      named('pczp', f.type, [c], f.type === 'uint8' ? new Uint8Array(c).fill(8) : new Int8Array(c).fill(-120)),
    );
    nodes.push(makeNode('QuantizeLinear', ['p', 'pcs', 'pczp'], ['pq'], { axis: A.i(1) }, { name: 'Q_p' }));
    nodes.push(makeNode('DequantizeLinear', ['pq', 'pcs', 'pczp'], ['pd'], { axis: A.i(1) }, { name: 'DQ_p' }));
  } else {
    nodes.push(makeNode('QuantizeLinear', ['p', 'ps', 'pzp'], ['pq'], {}, { name: 'Q_p' }));
    nodes.push(makeNode('DequantizeLinear', ['pq', 'ps', 'pzp'], ['pd'], {}, { name: 'DQ_p' }));
  }
  nodes.push(
    makeNode('DequantizeLinear', ['w2', 'w2s'], ['w2d'], {}, { name: 'DQ_w2' }),
    makeNode(
      'Conv',
      ['pd', 'w2d', 'b2'],
      ['z'],
      { kernel_shape: A.is([3, 3]), strides: A.is([2, 2]), group: A.i(f.depthwise ? c : 1) },
      { name: 'conv2' },
    ),
    makeNode('QuantizeLinear', ['z', 'ys', 'yzp'], ['zq'], {}, { name: 'Q_z' }),
    makeNode('DequantizeLinear', ['zq', 'ys', 'yzp'], ['y'], {}, { name: 'DQ_y' }),
  );
  const outputs = ['y'];
  const graphOut = [valueInfo('y', 'float32', null)];
  if (f.tap) {
    outputs.push('p');
    graphOut.push(valueInfo('p', 'float32', null));
  }
  const g: Graph = {
    name: 'quantize-before-pad',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [valueInfo('x', 'float32', f.dims)],
    outputs: graphOut,
    initializers: new Map(inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
    nodes,
  };
  const x = named(
    'x',
    'float32',
    f.dims,
    Float32Array.from({ length: n * c * h * w }, () => f32(r() * 12 - 6)),
  );
  return { bytes: writeOnnxModel(g), x, outputs };
}

const ALL = [0, 0, 1, 1, 0, 0, 1, 1];
const ONE = [0, 0, 0, 1, 0, 0, 2, 0];
const FORMS: Form[] = [];
for (const type of ['uint8', 'int8'] as const) {
  FORMS.push(
    {
      what: 'constant 0 input, Relu6, depthwise',
      type,
      dims: [1, 8, 13, 11],
      value: 0,
      pads: ALL,
      clip: true,
      depthwise: true,
      codes: true,
    },
    { what: 'no constant (0), dense, batch 2', type, dims: [2, 4, 9, 12], pads: ONE, depthwise: false, codes: true },
    {
      what: 'empty constant name, Relu6, odd sizes',
      type,
      dims: [1, 12, 7, 9],
      value: null,
      pads: ALL,
      clip: true,
      depthwise: true,
      codes: true,
    },
    {
      what: 'constant 0.7 (a border code of its own)',
      type,
      dims: [1, 8, 10, 10],
      value: 0.7,
      pads: ALL,
      depthwise: true,
      codes: true,
    },
    {
      what: 'constant -100 (saturates)',
      type,
      dims: [1, 4, 11, 8],
      value: -100,
      pads: ONE,
      depthwise: false,
      codes: true,
    },
    { what: 'reflect', type, dims: [1, 8, 9, 9], mode: 'reflect', pads: ALL, clip: true, depthwise: true, codes: true },
    { what: 'edge, batch 2', type, dims: [2, 4, 8, 7], mode: 'edge', pads: ONE, depthwise: false, codes: true },
    // must stay float
    {
      what: "the Pad's output read twice: stays float",
      type,
      dims: [1, 4, 8, 8],
      pads: ALL,
      depthwise: true,
      codes: false,
      tap: true,
    },
    {
      what: 'a per-channel QuantizeLinear: stays float',
      type,
      dims: [1, 4, 8, 8],
      pads: ALL,
      depthwise: true,
      codes: false,
      perChannel: true,
    },
    {
      what: "a Pad of a DequantizeLinear's output of the same parameters (the Q/DQ group's own)",
      type,
      dims: [1, 4, 9, 8],
      pads: ALL,
      depthwise: true,
      codes: false,
      padOfDq: true,
    },
  );
}

describe('quantize-before-pad: a float Pad read by a QuantizeLinear pads the codes', () => {
  for (const [i, f] of FORMS.entries()) {
    it(`${f.type}: ${f.what}`, async () => {
      const { bytes, x, outputs } = model(f, 700 + i);
      const prepared = prepareGraph(bytes, {}, {});
      const floatPads = prepared.graph.nodes.filter(
        (n) => n.opType === 'Pad' && prepared.values.get(n.inputs[0])?.type === 'float32',
      );
      // (the Pad of a DequantizeLinear of the same parameters pads codes by the Q/DQ fusion, not by this pass)
      expect(floatPads.length, 'float Pad steps').toBe(f.codes || f.padOfDq ? 0 : 1);
      if (f.codes && f.mode === undefined && (f.value ?? 0) === 0)
        expect(prepared.graph.nodes.some((n) => n.opType === 'Pad')).toBe(false);
      const rt = await createRuntime({ threads: 1 });
      try {
        const m = await rt.loadModel(bytes);
        const out = m.run({ x: x.data as Float32Array }, { profile: true }) as Record<string, Float32Array>;
        if (f.codes) {
          // the requantization after the first convolution (and the Relu6) is that convolution's output table
          expect(m.lastProfile!.some((s) => s.op === 'ChannelTable' || s.op === 'Lut')).toBe(false);
          expect(m.lastProfile!.filter((s) => /\+lut/.test(s.algorithm ?? '')).length).toBe(1);
        }
        const feeds = new Map([['x', x]]);
        // the reference on the prepared graph (its QLinearConv steps are onnxruntime's fused Q/DQ groups: the raw
        // file's float convolutions round differently), and on the graph prepared without the two rewrites
        const refPrepared = runReference(prepared.graph, feeds);
        const without = prepareGraph(bytes, {}, { quantizeBeforePad: false, outputTables: false });
        expect(without.graph.nodes.filter((n) => n.opType === 'Pad').length).toBe(f.padOfDq ? 0 : 1);
        const refWithout = runReference(without.graph, feeds);
        if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
        const o = await ortRunModel(bytes, feeds, outputs);
        for (const name of outputs) {
          const got = { ...refPrepared.get(name)!, data: out[name] };
          expect(tensorBits(got), `${name} vs onnxruntime-web`).toEqual(tensorBits(o.get(name)!));
          expect(tensorBits(got), `${name} vs the reference on the prepared graph`).toEqual(
            tensorBits(refPrepared.get(name)!),
          );
          expect(tensorBits(refWithout.get(name)!), `${name}: the reference without the rewrites`).toEqual(
            tensorBits(refPrepared.get(name)!),
          );
        }
        m.dispose();
      } finally {
        rt.dispose();
      }
    });
  }
});
