// onnxruntime's int32-bias weight-scale adjustment (src/quantize/params.ts adjustWeightScalesForBias): a Conv channel
// whose folded weights are tiny (1e-12) next to a bias of 0.5 would store its bias as x_scale * w_scale ~ 1e-16 per
// code, far past int32 (PP-OCRv4 rec has such channels); the weight scale is raised so that the bias fits, and the
// QDQ model gives that channel's output (the bias) instead of the clamped 2^31 codes' value.
import { describe, expect, it } from 'vitest';
import { GraphBuilder, attrInts, f32, valueInfo } from '../fixtures/models/build.js';
import { referenceInterpreter } from '../kernels-ref/index.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { adjustWeightScalesForBias, quantizeBias, quantizeModel } from '../src/quantize/index.js';

describe('int32 bias: the weight-scale adjustment', () => {
  it("raises only the scales whose bias would overflow, to onnxruntime's smallest valid scale", () => {
    const qrange = 2147483647 - (-2147483648 + 1);
    const scales = Float32Array.of(1e-14, 0.01, 1e-14);
    const bias = Float32Array.of(0.5, 0.5, 0);
    adjustWeightScalesForBias(scales, bias, 0.02);
    expect(scales[0]).toBe(Math.fround((1e-14 * ((1.0001 * 2 * 0.5) / qrange)) / (0.02 * 1e-14)));
    expect(scales[1]).toBe(Math.fround(0.01)); // fits already
    expect(scales[2]).toBe(Math.fround(1e-14)); // zero bias: nothing to hold
    const q = quantizeBias(
      bias,
      Float32Array.from(scales, (s) => Math.fround(0.02 * s)),
    );
    expect(Math.abs(q[0])).toBeLessThan(2 ** 31 - 1);
    const per = Float32Array.of(1e-14);
    adjustWeightScalesForBias(per, Float32Array.of(0.1, -0.5), 0.02); // per tensor: the largest |bias|
    expect(Math.fround(0.02 * per[0]) * 2147483647).toBeGreaterThan(0.5);
  });

  it('a Conv channel of tiny weights and a 0.5 bias: its QDQ output is the bias, not a clamped value', async () => {
    const b = new GraphBuilder('tinyw');
    b.inputs.push(valueInfo('x', 'float32', [1, 1, 4, 4]));
    b.init(f32('w', [2, 1, 1, 1], [0.8, 1e-12]));
    b.init(f32('b', [2], [0.1, 0.5]));
    b.node('Conv', ['x', 'w', 'b'], ['y'], { kernel_shape: attrInts([1, 1]) }, { name: 'conv' });
    b.outputs.push(valueInfo('y', 'float32', [1, 2, 4, 4]));
    const x = Float32Array.from({ length: 16 }, (_, i) => i / 8 - 1);
    const { model, report } = await quantizeModel(writeOnnxModel(b.graph()), {
      calibration: [{ x }],
      observer: 'minmax',
      executor: referenceInterpreter,
    });
    const g = readOnnxModel(model);
    const bq = g.initializers.get('b_quantized')!.data as Int32Array;
    expect(Math.abs(bq[1])).toBeLessThan(2 ** 31 - 1);
    const y = referenceInterpreter
      .run(g, new Map([['x', { name: 'x', type: 'float32', dims: [1, 1, 4, 4], data: x }]]))
      .get('y')!.data as Float32Array;
    for (let i = 16; i < 32; i++) expect(Math.abs(y[i] - 0.5)).toBeLessThan(0.01);
    expect(report.outputs[0].sqnrDb).toBeGreaterThan(30);
  });
});
