// onnxruntime's QDQ propagation (src/model/graph/passes/propagate-qdq.ts) through rt.loadModel: small seeded QDQ
// models where a Transpose / Reshape / Squeeze / Unsqueeze / Slice / MaxPool sits between an operator and its
// QuantizeLinear, or between a DequantizeLinear and its operator, in uint8 and int8. Each equals onnxruntime-web 1.30
// (one thread, default optimizations) bit for bit, and where the propagation forms a group the model's steps show
// the fused operator (QLinearSoftmax, QLinearConv) that onnxruntime's fusion makes of it. The cases where nothing
// moves (a value read twice, a per-channel Q, MaxPool before opset 12, the Q's input a graph output) equal it too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { attrInt, attrInts, GraphBuilder, f32, tensor, valueInfo } from '../fixtures/models/build.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadModelSync } from '../src/model/load.js';
import { loadOrt } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
if (ort) ort.env.logLevel = 'error';

type Act = 'uint8' | 'int8';

interface Case {
  name: string;
  bytes: Uint8Array;
  x: Float32Array;
  dims: number[];
  /** an op type the loaded model must hold (the group the propagation formed), or none */
  fused?: string;
}

/** A Q -> DQ pair of constant scale and zero point on `v` (zero point absent where `noZp`): the DQ's output. */
function qdq(b: GraphBuilder, v: string, scale: number, zp: number, act: Act, noZp = false): string {
  const s = b.shared(f32(`${v}_s`, [], [scale]));
  const ins = [v, s];
  if (!noZp)
    ins.push(b.shared(tensor(`${v}_zp`, act, [], act === 'uint8' ? Uint8Array.of(zp) : Int8Array.of(zp - 128))));
  else if (act !== 'uint8') throw new Error('no zero point: uint8');
  b.node('QuantizeLinear', ins, [`${v}_q`]);
  b.node('DequantizeLinear', [`${v}_q`, ...ins.slice(1)], [`${v}_dq`]);
  return `${v}_dq`;
}

/** The models, for one seed and activation type. */
function cases(seed: number, act: Act): Case[] {
  const r = rng(seed);
  const out: Case[] = [];
  const add = (name: string, b: GraphBuilder, dims: number[], outDims: number[][], fused?: string) => {
    b.inputs.push(valueInfo('x', 'float32', dims));
    b.outputs.forEach((o, k) => Object.assign(o, { shape: outDims[k] }));
    const n = dims.reduce((a, c) => a * c, 1);
    out.push({
      name: `${name} (${act}, seed ${seed})`,
      bytes: writeOnnxModel(b.graph()),
      x: Float32Array.from({ length: n }, () => (r() * 2 - 1) * 3),
      dims,
      fused,
    });
  };
  const out1 = (b: GraphBuilder, v: string) => b.outputs.push(valueInfo(v, 'float32', null as never));
  const C = 2 + Math.floor(r() * 6),
    H = 2 + Math.floor(r() * 5),
    W = 3 + Math.floor(r() * 9);

  // Softmax -> Transpose -> Q: the Q goes back past the Transpose, DQ -> Softmax -> Q becomes QLinearSoftmax
  {
    const b = new GraphBuilder('softmax-transpose', new Map([['', 12]]));
    const x = qdq(b, 'x', 0.02 + r() * 0.03, 100 + Math.floor(r() * 50), act);
    b.node('Softmax', [x], ['sm'], { axis: attrInt(3) });
    b.node('Transpose', ['sm'], ['t'], { perm: attrInts([0, 3, 2, 1]) });
    const y = qdq(b, 't', 1 / 256, 0, act);
    b.node('Identity', [y], ['y']);
    out1(b, 'y');
    add('Softmax -> Transpose -> Q', b, [1, C, H, W], [[1, W, H, C]], 'QLinearSoftmax');
  }
  // Conv -> Reshape -> Unsqueeze -> Q (opset 13): back past both, the Conv becomes QLinearConv
  {
    const b = new GraphBuilder('conv-reshape');
    const x = qdq(b, 'x', 0.03, 128, act);
    const M = 1 + Math.floor(r() * 8);
    b.init(
      tensor(
        'w',
        'int8',
        [M, C, 3, 3],
        Int8Array.from({ length: M * C * 9 }, () => Math.floor(r() * 255) - 127),
      ),
    );
    b.init(f32('ws', [], [0.01 + r() * 0.01]));
    b.node('DequantizeLinear', ['w', 'ws'], ['wf']);
    b.node('Conv', [x, 'wf'], ['c'], { pads: attrInts([1, 1, 1, 1]) });
    b.init(tensor('shape', 'int64', [3], BigInt64Array.from([1n, BigInt(M), BigInt(H * W)])));
    b.node('Reshape', ['c', 'shape'], ['rs']);
    b.init(tensor('axes', 'int64', [1], BigInt64Array.from([3n])));
    b.node('Unsqueeze', ['rs', 'axes'], ['us']);
    const y = qdq(b, 'us', 0.05 + r() * 0.05, 120 + Math.floor(r() * 16), act);
    b.node('Relu', [y], ['y']);
    out1(b, 'y');
    add('Conv -> Reshape -> Unsqueeze -> Q', b, [1, C, H, W], [[1, M, H * W, 1]], 'QLinearConv');
  }
  // DQ -> Transpose -> Slice -> Softmax -> Q: the DQ goes forward past both, QLinearSoftmax again
  {
    const b = new GraphBuilder('transpose-softmax', new Map([['', 13]]));
    const x = qdq(b, 'x', 0.02 + r() * 0.03, 90 + Math.floor(r() * 60), act);
    b.node('Transpose', [x], ['t'], { perm: attrInts([0, 2, 3, 1]) });
    b.init(tensor('st', 'int64', [1], BigInt64Array.from([1n])));
    b.init(tensor('en', 'int64', [1], BigInt64Array.from([9223372036854775807n])));
    b.init(tensor('ax', 'int64', [1], BigInt64Array.from([2n])));
    b.node('Slice', ['t', 'st', 'en', 'ax'], ['sl']);
    b.node('Softmax', ['sl'], ['sm'], { axis: attrInt(-1) });
    const y = qdq(b, 'sm', 1 / 256, 0, act);
    b.node('Identity', [y], ['y']);
    out1(b, 'y');
    add('DQ -> Transpose -> Slice -> Softmax -> Q', b, [1, C, H, W], [[1, H, W - 1, C]], 'QLinearSoftmax');
  }
  // DQ -> MaxPool (opset 12) -> Sigmoid -> Q, and the same at opset 11 (MaxPool does not pass there)
  for (const opset of [11, 12]) {
    const b = new GraphBuilder('maxpool-sigmoid', new Map([['', opset]]));
    const x = qdq(b, 'x', 0.025, 128, act);
    b.node('MaxPool', [x], ['mp'], { kernel_shape: attrInts([2, 2]) });
    b.node('Sigmoid', ['mp'], ['sg']);
    const y = qdq(b, 'sg', 1 / 256, 0, act);
    b.node('Identity', [y], ['y']);
    out1(b, 'y');
    add(`DQ -> MaxPool -> Sigmoid -> Q (opset ${opset})`, b, [1, C, H, W], [[1, C, H - 1, W - 1]]);
  }
  // a graph input -> Transpose -> Squeeze -> Q; DQ -> Reshape -> graph output
  {
    const b = new GraphBuilder('input-chain');
    b.node('Transpose', ['x'], ['t'], { perm: attrInts([1, 0, 2, 3]) });
    b.init(tensor('sq', 'int64', [1], BigInt64Array.from([1n])));
    b.node('Squeeze', ['t', 'sq'], ['s']);
    const y = qdq(b, 's', 0.03, 128, act, act === 'uint8' && seed % 2 === 0);
    b.init(tensor('shape2', 'int64', [2], BigInt64Array.from([BigInt(C), -1n])));
    b.node('Reshape', [y, 'shape2'], ['y']);
    out1(b, 'y');
    add('input -> Transpose -> Squeeze -> Q; DQ -> Reshape -> output', b, [1, C, H, W], [[C, H * W]]);
  }
  // nothing moves: the Transpose's output read twice; a per-channel Q; the Q's input also a graph output
  {
    const b = new GraphBuilder('stays');
    const x = qdq(b, 'x', 0.02, 128, act);
    b.node('Softmax', [x], ['sm'], { axis: attrInt(1) });
    b.node('Transpose', ['sm'], ['t'], { perm: attrInts([0, 1, 3, 2]) });
    const y = qdq(b, 't', 1 / 256, 0, act);
    b.node('Add', [y, 't'], ['y']);
    b.node('Neg', [x], ['ng']);
    b.node('Transpose', ['ng'], ['t2'], { perm: attrInts([0, 1, 3, 2]) });
    b.init(
      f32(
        'pcs',
        [C],
        Array.from({ length: C }, () => 0.004 + r() * 0.002),
      ),
    );
    b.init(tensor('pcz', act, [C], act === 'uint8' ? new Uint8Array(C) : new Int8Array(C).fill(-128)));
    b.node('QuantizeLinear', ['t2', 'pcs', 'pcz'], ['t2q'], { axis: attrInt(1) });
    b.node('DequantizeLinear', ['t2q', 'pcs', 'pcz'], ['y2']);
    b.node('Relu', [x], ['rl']);
    b.node('Transpose', ['rl'], ['t3'], { perm: attrInts([0, 1, 3, 2]) });
    const y3 = qdq(b, 't3', 0.02, 0, act);
    b.node('Identity', [y3], ['y3']);
    out1(b, 'y');
    out1(b, 'y2');
    out1(b, 'y3');
    out1(b, 't3');
    add(
      'nothing moves',
      b,
      [1, C, H, W],
      [
        [1, C, W, H],
        [1, C, W, H],
        [1, C, W, H],
        [1, C, W, H],
      ],
    );
  }
  return out;
}

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

describe('QDQ propagation', () => {
  it.skipIf(!ort)(
    'equals onnxruntime-web bit for bit on 40 seeded models of each form, uint8 and int8; the groups it forms fuse',
    async () => {
      const o = ort!;
      let n = 0,
        fused = 0;
      for (let seed = 1; seed <= 40; seed++)
        for (const act of ['uint8', 'int8'] as const)
          for (const c of cases(seed, act)) {
            const s = await o.InferenceSession.create(c.bytes).catch((e) => {
              throw new Error(`${c.name}: ${String(e).slice(0, 300)}`);
            });
            const want = await s.run({ x: new o.Tensor('float32', c.x, c.dims) });
            await s.release();
            const m = loadModelSync(rt, c.bytes, { onFloatModel: 'allow' });
            try {
              const got = m.run({ x: c.x }) as Record<string, Float32Array>;
              for (const [k, w] of Object.entries(want)) {
                const a = got[k],
                  bw = w.data as Float32Array;
                expect(a.length, `${c.name}: ${k}`).toBe(bw.length);
                for (let i = 0; i < a.length; i++)
                  if (!Object.is(a[i], bw[i])) expect(`${c.name}: ${k}[${i}] ${a[i]}`).toBe(`${bw[i]}`);
              }
              if (c.fused) {
                expect(
                  m.nodes.map((q) => q.op),
                  c.name,
                ).toContain(c.fused);
                fused++;
              }
            } finally {
              m.dispose();
            }
            n++;
          }
      console.log(`QDQ propagation: ${n} models equal onnxruntime-web, ${fused} with the fused group`);
    },
    300_000,
  );
});
