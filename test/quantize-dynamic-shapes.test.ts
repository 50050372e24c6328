// quantizeModel on a float model whose shapes follow a symbolic input dim (src/quantize/dynamic-shapes.ts): the
// quantizer binds the dim to calibrate, but the written model computes its shapes again from the dims it is fed
// (a `Shape -> Gather -> Unsqueeze -> Concat -> Reshape` chain of opset 12, carried to opset 13 like the rest), so it
// runs at any width, equal to onnxruntime-web and the reference executor there, with the output dims that width
// gives; where a shape computation reads a value the quantized graph no longer has, the model declares the bound
// dims instead and the report says so.
import { describe, expect, it } from 'vitest';
import { GraphBuilder, attrInt, attrInts, f32, i64, valueInfo } from '../fixtures/models/build.js';
import { ortRunShaped, ortSession } from '../fixtures/models/ort.js';
import { referenceInterpreter } from '../kernels-ref/index.js';
import { runReference } from '../kernels-ref/model/run.js';
import { createRuntime } from '../src/index.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { quantizeModel } from '../src/quantize/index.js';
import { randFloats } from './helpers/rng.js';
import { loadOrt as ortIfInstalled } from './helpers/one-node.js';

// (helpers/one-node's loader: null where onnxruntime-web is not installed)
const ortOk = (await ortIfInstalled()) !== null;

const rand = randFloats;

/**
 * x [1, 1, 8, W] -> Conv 3x3 (4 channels, padded) = c -> Relu = r -> Reshape to [1, 32, W] (the shape from
 * Shape(`shapeOf`) at runtime, opset 12's Unsqueeze with an axes attribute) -> Transpose -> MatMul [32, 5] = y
 * [1, W, 5]. `shapeOf`: 'r' (a value the QDQ graph keeps) or 'c' (the Conv's output, which the Relu absorbed into it
 * renames away: only a float Conv could compute it again).
 */
function model(shapeOf: 'r' | 'c', matmulName = ''): Uint8Array {
  const b = new GraphBuilder('flatten-by-width', new Map([['', 12]]));
  b.inputs.push(valueInfo('x', 'float32', [1, 1, 8, 'W']));
  b.init(f32('w', [4, 1, 3, 3], rand(1, 36, -0.8, 0.8)));
  b.init(f32('bias', [4], rand(2, 4, -0.1, 0.1)));
  b.init(f32('m', [32, 5], rand(3, 160, -0.5, 0.5)));
  b.init(i64('lead', [2], [1, 32]));
  b.node('Conv', ['x', 'w', 'bias'], ['c'], { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) });
  b.node('Relu', ['c'], ['r']);
  b.node('Shape', [shapeOf], ['s']);
  b.node('Constant', [], ['three'], { value: { kind: 'tensor', value: i64('three_v', [], [3]) } });
  b.node('Gather', ['s', 'three'], ['width'], { axis: attrInt(0) });
  b.node('Unsqueeze', ['width'], ['width1'], { axes: attrInts([0]) });
  b.node('Concat', ['lead', 'width1'], ['shape'], { axis: attrInt(0) });
  b.node('Reshape', ['r', 'shape'], ['flat']);
  b.node('Transpose', ['flat'], ['rows'], { perm: attrInts([0, 2, 1]) });
  b.node('MatMul', ['rows', 'm'], ['y'], {}, { name: matmulName });
  b.outputs.push(valueInfo('y', 'float32', [1, 'W', 5]));
  return writeOnnxModel(b.graph());
}

const input = (seed: number, w: number) => rand(seed, 8 * w, -1, 1);

async function quantized(shapeOf: 'r' | 'c', matmulName = '') {
  return quantizeModel(model(shapeOf, matmulName), {
    executor: referenceInterpreter,
    calibration: [1, 2, 3].map((s) => ({ x: input(s, 12) })),
    inputShapes: { x: [1, 1, 8, 12] },
    rankLayers: false,
  });
}

const opTypes = (g: Graph) => new Set(g.nodes.map((n) => n.opType));

describe('quantizeModel keeps a model of symbolic dims symbolic', () => {
  it('computes the shapes again from the dims fed: any width runs, equal to the reference and onnxruntime-web', async () => {
    const { model: bytes, report } = await quantized('r');
    const g = readOnnxModel(bytes);
    expect(g.inputs[0].shape).toEqual([1, 1, 8, 'W']);
    expect(g.outputs[0].shape).toEqual([1, 'W', 5]);
    expect(opTypes(g).has('Shape')).toBe(true);
    expect(opTypes(g).has('QuantizeLinear')).toBe(true);
    // the opset 12 Unsqueeze was carried to opset 13 (axes as an input)
    expect(g.opsetImports.get('')).toBeGreaterThanOrEqual(13);
    expect(g.nodes.find((n) => n.opType === 'Unsqueeze')!.inputs.length).toBe(2);
    expect(report.notes.some((n) => n.includes('fixed to the calibration dims'))).toBe(false);
    const rt = await createRuntime();
    try {
      for (const w of [12, 20, 5, 1]) {
        const x = input(40 + w, w);
        const m = await rt.loadModel(bytes, { inputShapes: { x: [1, 1, 8, w] } });
        const got = m.run({ x }).y as Float32Array;
        m.dispose();
        const ref = runReference(g, [['x', { name: 'x', type: 'float32', dims: [1, 1, 8, w], data: x } as Tensor]]).get(
          'y',
        )!;
        expect(ref.dims, `width ${w}`).toEqual([1, w, 5]);
        expect([...got], `width ${w}: i8conv vs the reference`).toEqual([...(ref.data as Float32Array)]);
        if (ortOk) {
          const s = await ortSession(bytes);
          const o = (await ortRunShaped(s, { x: { data: x, dims: [1, 1, 8, w] } })).get('y')!;
          await s.session.release();
          expect(o.dims, `width ${w}`).toEqual([1, w, 5]);
          expect([...got], `width ${w}: i8conv vs onnxruntime-web`).toEqual([...(o.data as Float32Array)]);
        }
      }
    } finally {
      rt.dispose();
    }
  }, 60_000);

  it("keeps node names unique where the model's own nodes have the names it would give (x_QuantizeLinear)", async () => {
    const { model: bytes } = await quantized('r', 'x_QuantizeLinear');
    const names = readOnnxModel(bytes)
      .nodes.map((n) => n.name)
      .filter((n) => n !== '');
    expect(names).toContain('x_QuantizeLinear');
    expect(new Set(names).size).toBe(names.length);
    if (ortOk) {
      const s = await ortSession(bytes);
      await s.session.release();
    }
  }, 60_000);

  it('declares the bound dims, with a note, where a shape computation cannot be restored', async () => {
    const { model: bytes, report } = await quantized('c');
    const g = readOnnxModel(bytes);
    // c is gone (the Relu absorbed into the Conv writes r): computing it again would run a float Conv for its dims
    expect(opTypes(g).has('Shape')).toBe(false);
    expect(g.nodes.filter((n) => n.opType === 'Conv').length).toBe(1);
    expect(g.inputs[0].shape).toEqual([1, 1, 8, 12]);
    expect(g.outputs[0].shape).toEqual([1, 12, 5]);
    expect(report.notes.some((n) => n.includes('fixed to the calibration dims of x'))).toBe(true);
    const rt = await createRuntime();
    try {
      const x = input(7, 12);
      const m = await rt.loadModel(bytes);
      expect((m.run({ x }).y as Float32Array).length).toBe(60);
      m.dispose();
    } finally {
      rt.dispose();
    }
  }, 60_000);
});
