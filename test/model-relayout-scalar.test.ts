// A value of no channel axis (a scalar, here a computed scale) read by an operator of an NCHW44 chain: the layout
// planner relayouts it, and the relayout of a value of rank < 2 copies its bytes (src/model/backends/wasm-int8/
// relayout.ts, relayoutLoop; it wrote nothing before, and the QLinearMul read stale memory: ddddocr's int8
// recognizer quantized again). A QLinearConv (NCHW44) then a com.microsoft QLinearMul by a scalar quantized from a fed
// float: equal to the reference executor and to onnxruntime-web, in both layouts.
import { describe, expect, it } from 'vitest';
import { GraphBuilder, attrInts, f32, tensor, valueInfo } from '../fixtures/models/build.js';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime } from '../src/index.js';
import type { Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadOrt } from './helpers/one-node.js';
import { randFloats, rng } from './helpers/rng.js';

const ort = await loadOrt();

function model(): Uint8Array {
  const r = rng(77);
  const b = new GraphBuilder('scalar-in-nchw44');
  b.inputs.push(valueInfo('x', 'float32', [1, 8, 6, 6]), valueInfo('s', 'float32', []));
  b.init(f32('xs', [], [0.05]));
  b.init(tensor('xz', 'uint8', [], Uint8Array.of(128)));
  b.init(
    tensor(
      'w',
      'int8',
      [8, 8, 3, 3],
      Int8Array.from({ length: 576 }, () => Math.floor(r() * 255) - 127),
    ),
  );
  b.init(f32('ws', [], [0.004]));
  b.init(tensor('wz', 'int8', [], Int8Array.of(0)));
  b.init(f32('ys', [], [0.08]));
  b.init(tensor('yz', 'uint8', [], Uint8Array.of(128)));
  b.init(f32('ss', [], [0.01]));
  b.init(tensor('sz', 'uint8', [], Uint8Array.of(0)));
  b.init(f32('ms', [], [0.05]));
  b.init(tensor('mz', 'uint8', [], Uint8Array.of(128)));
  b.node('QuantizeLinear', ['x', 'xs', 'xz'], ['xq']);
  b.node('QLinearConv', ['xq', 'xs', 'xz', 'w', 'ws', 'wz', 'ys', 'yz'], ['c'], {
    kernel_shape: attrInts([3, 3]),
    pads: attrInts([1, 1, 1, 1]),
  });
  b.node('QuantizeLinear', ['s', 'ss', 'sz'], ['sq']);
  b.node('QLinearMul', ['c', 'ys', 'yz', 'sq', 'ss', 'sz', 'ms', 'mz'], ['m'], {}, { domain: 'com.microsoft' });
  b.node('DequantizeLinear', ['m', 'ms', 'mz'], ['y']);
  b.outputs.push(valueInfo('y', 'float32', [1, 8, 6, 6]));
  const g = b.graph();
  g.opsetImports.set('com.microsoft', 1);
  return writeOnnxModel(g);
}

describe('a scalar read by an operator of an NCHW44 chain', () => {
  it('equals the reference executor and onnxruntime-web, NCHW44 and NCHW', async () => {
    const bytes = model();
    const rt = await createRuntime();
    try {
      for (const [k, sv] of [0.7, 1.9, 0.35].entries()) {
        const x = randFloats(90 + k, 288, -3, 3);
        const s = Float32Array.of(sv);
        const ref = runReference(
          (await import('../src/model/graph/onnx/reader.js')).readOnnxModel(bytes),
          new Map<string, Tensor>([
            ['x', { name: 'x', type: 'float32', dims: [1, 8, 6, 6], data: x }],
            ['s', { name: 's', type: 'float32', dims: [], data: s }],
          ]),
        ).get('y')!.data as Float32Array;
        for (const layout of ['auto', 'nchw'] as const) {
          const m = await rt.loadModel(bytes, { layout });
          try {
            // runs after another value of the same size: stale bytes would show
            m.run({ x: randFloats(5, 288, -3, 3), s: Float32Array.of(2.5) });
            const got = m.run({ x, s }).y as Float32Array;
            expect([...got], `${layout} s ${sv}`).toEqual([...ref]);
            if (layout === 'auto') expect(m.nodes.some((n) => n.layout === 'NCHW44')).toBe(true);
          } finally {
            m.dispose();
          }
        }
        if (ort) {
          const sess = await ort.InferenceSession.create(bytes);
          const out = await sess.run({
            x: new ort.Tensor('float32', x, [1, 8, 6, 6]),
            s: new ort.Tensor('float32', s, []),
          });
          await sess.release();
          expect([...(out.y.data as Float32Array)], `onnxruntime-web s ${sv}`).toEqual([...ref]);
        }
      }
    } finally {
      rt.dispose();
    }
  }, 60_000);
});
