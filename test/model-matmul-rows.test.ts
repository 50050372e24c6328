// A QLinearMatMul of many rows runs as a 1x1 QLinearConv over pixels (src/model/graph/passes/matmul-rows.ts): QDQ
// MatMul models (A [..., M, K] x constant B [K, N]) of uint8 and int8 activations, int8 and uint8 weights, per-tensor
// and per-column weight scales and zero points, rank-2 to rank-4 A, M below, at and above the threshold, K and N not
// multiples of 4. Each: the steps show the convolution where M >= 8 and the product where M < 8, and the outputs
// equal onnxruntime-web's on the same file and the reference executor's, bit for bit. (A product whose only reader
// is a table keeps its output table instead: test/ref-model-fused.test.ts, 10 rows.)
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { makeNode, valueInfo } from '../src/quantize/graph.js';
import { named } from './helpers/model-tensors.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { runReference } from '../kernels-ref/model/index.js';
import { A, loadOrt, ortRunModel, tensorBits } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();

const f32 = Math.fround;

interface Form {
  act: 'uint8' | 'int8';
  w: 'int8' | 'uint8';
  perColumn: boolean;
  aDims: number[];
  n: number;
}

/** x -> Q -> DQ -> MatMul(DQ(B)) -> Q -> DQ -> y */
function model(f: Form, seed: number): { bytes: Uint8Array; x: Tensor } {
  const r = rng(seed);
  const k = f.aDims[f.aDims.length - 1];
  const { n } = f;
  const zp = (type: 'uint8' | 'int8', v: number) => (type === 'uint8' ? Uint8Array.of(v + 128) : Int8Array.of(v));
  const nb = f.perColumn ? n : 1;
  const bq = f.w === 'int8' ? new Int8Array(k * n) : new Uint8Array(k * n);
  for (let i = 0; i < bq.length; i++) bq[i] = f.w === 'int8' ? Math.floor(r() * 255) - 127 : Math.floor(r() * 256);
  const bs = Float32Array.from({ length: nb }, () => f32(0.002 + r() * 0.01));
  const bz =
    f.w === 'int8'
      ? Int8Array.from({ length: nb }, () => 0)
      : Uint8Array.from({ length: nb }, (_, j) => 100 + ((j * 11) % 60));
  const inits = [
    named('xs', 'float32', [], Float32Array.of(0.04)),
    named('xzp', f.act, [], zp(f.act, 3)),
    named('bq', f.w, [k, n], bq),
    named('bs', 'float32', f.perColumn ? [n] : [], bs),
    named('bz', f.w, f.perColumn ? [n] : [], bz),
    named('ys', 'float32', [], Float32Array.of(0.35)),
    named('yzp', f.act, [], zp(f.act, -5)),
  ];
  const out = [...f.aDims.slice(0, -1), n];
  const g: Graph = {
    name: 'matmul-rows',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [valueInfo('x', 'float32', f.aDims)],
    outputs: [valueInfo('y', 'float32', out)],
    initializers: new Map(inits.map((x) => [x.name, x])),
    valueInfo: new Map(),
    nodes: [
      makeNode('QuantizeLinear', ['x', 'xs', 'xzp'], ['xq'], {}, { name: 'Q_x' }),
      makeNode('DequantizeLinear', ['xq', 'xs', 'xzp'], ['xd'], {}, { name: 'DQ_x' }),
      makeNode('DequantizeLinear', ['bq', 'bs', 'bz'], ['bd'], f.perColumn ? { axis: A.i(1) } : {}, { name: 'DQ_b' }),
      makeNode('MatMul', ['xd', 'bd'], ['m'], {}, { name: 'mm' }),
      makeNode('QuantizeLinear', ['m', 'ys', 'yzp'], ['yq'], {}, { name: 'Q_y' }),
      makeNode('DequantizeLinear', ['yq', 'ys', 'yzp'], ['y'], {}, { name: 'DQ_y' }),
    ],
  };
  const count = f.aDims.reduce((a, b) => a * b, 1);
  const x = named(
    'x',
    'float32',
    f.aDims,
    Float32Array.from({ length: count }, () => f32(r() * 10 - 5)),
  );
  return { bytes: writeOnnxModel(g), x };
}

const FORMS: Form[] = [
  { act: 'uint8', w: 'int8', perColumn: true, aDims: [1, 1, 97, 257], n: 32 },
  { act: 'uint8', w: 'uint8', perColumn: true, aDims: [97, 30], n: 13 },
  { act: 'uint8', w: 'uint8', perColumn: false, aDims: [2, 9, 21], n: 7 },
  { act: 'int8', w: 'int8', perColumn: true, aDims: [8, 5], n: 3 },
  { act: 'int8', w: 'int8', perColumn: false, aDims: [3, 2, 7, 33], n: 17 },
  { act: 'uint8', w: 'int8', perColumn: true, aDims: [7, 16], n: 8 }, // 7 rows: stays a product
  { act: 'uint8', w: 'int8', perColumn: false, aDims: [1, 4], n: 6 },
];

describe('matmul-rows: a QLinearMatMul of 8 rows or more runs as a 1x1 convolution over pixels', () => {
  for (const [i, f] of FORMS.entries()) {
    const rows = f.aDims.slice(0, -1).reduce((a, b) => a * b, 1);
    it(`${f.act} activations, ${f.w} weights${f.perColumn ? ' per column' : ''}, A [${f.aDims}] x [${f.aDims.at(-1)}, ${f.n}] (${rows} rows)`, async () => {
      const { bytes, x } = model(f, 70 + i);
      const rt = await createRuntime({ threads: 1 });
      try {
        const m = await rt.loadModel(bytes);
        const out = m.run({ x: x.data as Float32Array }, { profile: true }) as Record<string, Float32Array>;
        const product = m.lastProfile!.find((s) => s.name === 'mm');
        expect(product?.op).toBe(rows >= 8 ? 'QLinearConv' : 'QLinearMatMul');
        if (rows >= 8) expect(m.lastProfile!.filter((s) => s.op === 'Transpose').length).toBe(2);
        const feeds = new Map([['x', x]]);
        const ref = runReference(readOnnxModel(bytes), feeds).get('y')!;
        expect(tensorBits({ ...ref, data: out.y }), 'vs the reference').toEqual(tensorBits(ref));
        if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
        const o = (await ortRunModel(bytes, feeds, ['y'])).get('y')!;
        expect(tensorBits({ ...o, data: out.y }), 'vs onnxruntime-web').toEqual(tensorBits(o));
        m.dispose();
      } finally {
        rt.dispose();
      }
    });
  }
});
