import { it, expect } from 'vitest';
import { createRuntime } from '../src/index.js';
import { zooInput, zooQuantized } from '../bench/models/zoo.js';
import { qoperatorToTflite } from '../bench/models/tflite-convert.js';
import { writeOnnxModel } from '../src/model/onnx/writer.js';

it('convert', async () => {
  const rt = await createRuntime({ threads: 1 });
  for (const id of ['mobilenetv2', 'resnet18'] as const) {
    const z = await zooQuantized(id, { activations: 'int8', weights: 'per-channel' });
    const S = 64;
    const conv = qoperatorToTflite(z.qoperator, [1, 3, S, S]);
    console.log(id, conv.ops, conv.bytes.length, conv.outputs);
    const x = zooInput(5, S, S);
    const nhwc = new Float32Array(x.length);
    for (let c = 0; c < 3; c++) for (let p = 0; p < S * S; p++) nhwc[p * 3 + c] = x[c * S * S + p];
    const m = await rt.loadModel(conv.bytes);
    const y = m.run({ [m.inputs[0].name]: nhwc })[m.outputs[0].name] as Float32Array;
    const qdq = { ...z.qdq, inputs: z.qdq.inputs.map((v) => ({ ...v, shape: [1, 3, S, S] })) };
    const m2 = await rt.loadModel(writeOnnxModel(qdq));
    const y2 = m2.run({ input: x })[m2.outputs[0].name] as Float32Array;
    let d = 0; for (let i = 0; i < y.length; i++) if (y[i] !== y2[i]) d++;
    console.log(id, 'differ', d, 'of', y.length, m.nodes.length, m2.nodes.length);
  }
}, 120000);
