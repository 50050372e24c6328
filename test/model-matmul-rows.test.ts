// A QLinearMatMul of many rows runs as a 1x1 QLinearConv over pixels (src/model/graph/passes/matmul-rows.ts): QDQ
// MatMul models (A [..., M, K] x constant B [K, N]) of uint8 and int8 activations, int8 and uint8 weights, per-tensor
// and per-column weight scales and zero points, rank-2 to rank-4 A, M below, at and above the threshold, K and N not
// multiples of 4. Each: the steps show the convolution where M >= 8 and the product where M < 8, and the outputs
// equal onnxruntime-web's on the same file and the reference executor's, bit for bit. (A product whose only reader
// is a table moves that table between the convolution and its output transposes, where the convolution applies it.)
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
  /** a table after the product: Sigmoid (a 256-entry table), or an Add of a constant per column (no table) */
  tail?: 'sigmoid' | 'clip log' | 'column add';
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
  const tail = f.tail
    ? [
        makeNode('DequantizeLinear', ['yq', 'ys', 'yzp'], ['yd'], {}, { name: 'DQ_t' }),
        ...(f.tail === 'column add'
          ? [makeNode('DequantizeLinear', ['colq', 'cs', 'xzp'], ['cold'], {}, { name: 'DQ_c' })]
          : []),
        ...(f.tail === 'sigmoid'
          ? [makeNode('Sigmoid', ['yd'], ['t'], {}, { name: 'tail' })]
          : f.tail === 'clip log'
            ? [
                makeNode('Clip', ['yd', 'lo'], ['yc'], {}, { name: 'tail' }),
                makeNode('Log', ['yc'], ['t'], {}, { name: 'log' }),
              ]
            : [makeNode('Add', ['yd', 'cold'], ['t'], {}, { name: 'tail' })]),
        makeNode('QuantizeLinear', ['t', 'ts', 'yzp'], ['tq'], {}, { name: 'Q_t' }),
        makeNode('DequantizeLinear', ['tq', 'ts', 'yzp'], ['y'], {}, { name: 'DQ_y' }),
      ]
    : [makeNode('DequantizeLinear', ['yq', 'ys', 'yzp'], ['y'], {}, { name: 'DQ_y' })];
  if (f.tail === 'clip log') inits.push(named('lo', 'float32', [], Float32Array.of(1e-3)));
  if (f.tail) inits.push(named('ts', 'float32', [], Float32Array.of(f.tail === 'sigmoid' ? 0.004 : 0.4)));
  if (f.tail === 'column add') {
    // a quantized constant per column: a QLinearAdd whose constant operand is no single value (no 256-entry table)
    const q = f.act === 'uint8' ? new Uint8Array(n) : new Int8Array(n);
    for (let j = 0; j < n; j++) q[j] = (j * 37) % 100;
    inits.push(named('colq', f.act, [n], q), named('cs', 'float32', [], Float32Array.of(0.05)));
  }
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
      ...tail,
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
  // read by a table (the mel filter bank's Clip -> Log -> Mul): the table moves before the output transposes and
  // folds into the convolution; a column-wise Add is no table: the product stays
  { act: 'uint8', w: 'int8', perColumn: true, aDims: [1, 1, 97, 257], n: 32, tail: 'sigmoid' },
  { act: 'int8', w: 'int8', perColumn: false, aDims: [2, 9, 21], n: 7, tail: 'sigmoid' },
  { act: 'uint8', w: 'int8', perColumn: true, aDims: [1, 1, 97, 257], n: 32, tail: 'clip log' },
  { act: 'uint8', w: 'uint8', perColumn: true, aDims: [97, 30], n: 13, tail: 'column add' },
];

describe('matmul-rows: a QLinearMatMul of 8 rows or more runs as a 1x1 convolution over pixels', () => {
  for (const [i, f] of FORMS.entries()) {
    const rows = f.aDims.slice(0, -1).reduce((a, b) => a * b, 1);
    it(`${f.act} activations, ${f.w} weights${f.perColumn ? ' per column' : ''}, A [${f.aDims}] x [${f.aDims.at(-1)}, ${f.n}] (${rows} rows)${f.tail ? `, then ${f.tail}` : ''}`, async () => {
      const { bytes, x } = model(f, 70 + i);
      const rt = await createRuntime({ threads: 1 });
      try {
        const m = await rt.loadModel(bytes);
        const out = m.run({ x: x.data as Float32Array }, { profile: true }) as Record<string, Float32Array>;
        const product = m.lastProfile!.find((s) => s.name === 'mm' || s.name.startsWith('mm+'));
        const asConv = rows >= 8 && f.tail !== 'column add';
        expect(product?.op).toBe(asConv ? 'QLinearConv' : 'QLinearMatMul');
        if (asConv) expect(m.lastProfile!.filter((s) => s.op === 'Transpose').length).toBe(2);
        // the table rides on the convolution's stores: no step of its own
        if (f.tail === 'sigmoid' || f.tail === 'clip log')
          expect(product?.algorithm, JSON.stringify(m.lastProfile)).toMatch(/\+lut$/);
        const feeds = new Map([['x', x]]);
        const ref = runReference(readOnnxModel(bytes), feeds).get('y')!;
        // (the column add: onnxruntime's QLinearAdd rounds otherwise than the float Add as written, which the
        // reference runs; it is checked against onnxruntime-web alone)
        if (f.tail !== 'column add')
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
