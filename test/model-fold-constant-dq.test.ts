// The DequantizeLinear of a constant that the Q/DQ fusion leaves in the graph (src/model/graph/passes/
// fold-constant-dq.ts) is computed once at load: a QDQ convolution whose float output is read by a Q and by a float
// node (so that no rule fuses it: onnxruntime's do not either) keeps its weight and bias DQs; a per-tensor DQ of a
// constant read by a float Add. The runs: no step dequantizes a constant, the Conv runs on the float wasm kernel,
// and every output equals onnxruntime-web's on the same file and the reference executor's, bit for bit; per-axis
// (axis 0 and 1) and per-tensor, int8 and uint8 weights, with and without zero points, odd sizes.
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
  wType: 'int8' | 'uint8';
  perChannel: boolean;
  zeroPoints: boolean;
  c: number;
  m: number;
  sp: number;
}

/** x -> Q -> DQ -> Conv(DQ(W), DQ(B)) -> {Q -> DQ -> "q_out", Relu -> "float_out", Add(Relu, DQ(K)) -> "add_out"}. */
function model(f: Form, seed: number): { bytes: Uint8Array; x: Tensor } {
  const r = rng(seed);
  const { c, m, sp } = f;
  const xs = 0.05;
  const ws = Float32Array.from({ length: f.perChannel ? m : 1 }, () => f32(0.002 + r() * 0.01));
  const wzpV = (k: number) =>
    f.zeroPoints ? (f.wType === 'uint8' ? 100 + ((k * 7) % 50) : (k % 5) - 2) : f.wType === 'uint8' ? 128 : 0;
  const wq = f.wType === 'int8' ? new Int8Array(m * c * 9) : new Uint8Array(m * c * 9);
  for (let i = 0; i < wq.length; i++) wq[i] = f.wType === 'int8' ? Math.floor(r() * 255) - 127 : Math.floor(r() * 256);
  const nz = f.perChannel ? m : 1;
  const wzp =
    f.wType === 'int8'
      ? Int8Array.from({ length: nz }, (_, k) => wzpV(k))
      : Uint8Array.from({ length: nz }, (_, k) => wzpV(k));
  const bs = Float32Array.from({ length: m }, (_, k) => f32(xs * ws[f.perChannel ? k : 0]));
  const bq = Int32Array.from({ length: m }, () => Math.floor(r() * 2000) - 1000);
  const kq = Int8Array.from({ length: m }, () => Math.floor(r() * 200) - 100);
  const inits = [
    named('xs', 'float32', [], Float32Array.of(xs)),
    named('xzp', 'uint8', [], Uint8Array.of(128)),
    named('wq', f.wType, [m, c, 3, 3], wq),
    named('ws', 'float32', f.perChannel ? [m] : [], ws),
    named('wzp', f.wType, f.perChannel ? [m] : [], wzp),
    named('bq', 'int32', [m], bq),
    named('bs', 'float32', [m], bs),
    named('cs', 'float32', [], Float32Array.of(0.3)),
    named('czp', 'uint8', [], Uint8Array.of(120)),
    named('kq', 'int8', [1, m, 1, 1], kq),
    named('ks', 'float32', [], Float32Array.of(0.0625)),
  ];
  const nodes = [
    makeNode('QuantizeLinear', ['x', 'xs', 'xzp'], ['xq'], {}, { name: 'Q_x' }),
    makeNode('DequantizeLinear', ['xq', 'xs', 'xzp'], ['xd'], {}, { name: 'DQ_x' }),
    makeNode('DequantizeLinear', ['wq', 'ws', 'wzp'], ['wd'], f.perChannel ? { axis: A.i(0) } : {}, { name: 'DQ_w' }),
    makeNode('DequantizeLinear', ['bq', 'bs'], ['bd'], { axis: A.i(0) }, { name: 'DQ_b' }),
    makeNode('Conv', ['xd', 'wd', 'bd'], ['c'], { pads: A.is([1, 1, 1, 1]) }, { name: 'conv' }),
    makeNode('QuantizeLinear', ['c', 'cs', 'czp'], ['cq'], {}, { name: 'Q_c' }),
    makeNode('DequantizeLinear', ['cq', 'cs', 'czp'], ['q_out'], {}, { name: 'DQ_c' }),
    makeNode('Relu', ['c'], ['float_out'], {}, { name: 'relu' }),
    makeNode('DequantizeLinear', ['kq', 'ks'], ['kd'], {}, { name: 'DQ_k' }),
    makeNode('Add', ['float_out', 'kd'], ['add_out'], {}, { name: 'add' }),
  ];
  const g: Graph = {
    name: 'fold-constant-dq',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs: [valueInfo('x', 'float32', [1, c, sp, sp + 1])],
    outputs: [
      valueInfo('q_out', 'float32', [1, m, sp, sp + 1]),
      valueInfo('float_out', 'float32', [1, m, sp, sp + 1]),
      valueInfo('add_out', 'float32', [1, m, sp, sp + 1]),
    ],
    initializers: new Map(inits.map((x) => [x.name, x])),
    valueInfo: new Map(),
    nodes,
  };
  const x = named(
    'x',
    'float32',
    [1, c, sp, sp + 1],
    Float32Array.from({ length: c * sp * (sp + 1) }, () => f32(r() * 12 - 6)),
  );
  return { bytes: writeOnnxModel(g), x };
}

const FORMS: Form[] = [
  { wType: 'int8', perChannel: true, zeroPoints: false, c: 8, m: 16, sp: 5 },
  { wType: 'int8', perChannel: true, zeroPoints: true, c: 3, m: 7, sp: 4 },
  { wType: 'uint8', perChannel: true, zeroPoints: true, c: 5, m: 9, sp: 6 },
  { wType: 'int8', perChannel: false, zeroPoints: true, c: 12, m: 5, sp: 3 },
  { wType: 'uint8', perChannel: false, zeroPoints: false, c: 1, m: 4, sp: 7 },
];

describe('fold-constant-dq: the DQs of constants left by the Q/DQ fusion are computed at load', () => {
  for (const [i, f] of FORMS.entries()) {
    it(`${f.wType} weights, ${f.perChannel ? 'per channel' : 'per tensor'}${f.zeroPoints ? ', zero points' : ''}, ${f.c} -> ${f.m} channels`, async () => {
      const { bytes, x } = model(f, 31 + i);
      const rt = await createRuntime({ threads: 1 });
      try {
        const m = await rt.loadModel(bytes, { onFloatModel: 'allow' });
        const out = m.run({ x: x.data as Float32Array }, { profile: true }) as Record<string, Float32Array>;
        const steps = m.lastProfile!;
        // no step dequantizes a constant; the convolution is the float wasm kernel's
        expect(steps.filter((s) => /DQ_(w|b|k)/.test(s.name)).map((s) => s.name)).toEqual([]);
        expect(steps.find((s) => s.name === 'conv')?.algorithm).toBe('conv-f32-simd');
        const feeds = new Map([['x', x]]);
        const names = ['q_out', 'float_out', 'add_out'];
        const ref = runReference(readOnnxModel(bytes), feeds);
        for (const n of names)
          expect(tensorBits({ ...ref.get(n)!, data: out[n] }), `${n} vs the reference`).toEqual(
            tensorBits(ref.get(n)!),
          );
        if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
        const o = await ortRunModel(bytes, feeds, names);
        for (const n of names)
          expect(tensorBits({ ...o.get(n)!, data: out[n] }), `${n} vs onnxruntime-web`).toEqual(tensorBits(o.get(n)!));
        m.dispose();
      } finally {
        rt.dispose();
      }
    });
  }
});
