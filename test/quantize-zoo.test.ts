// quantizeModel on MobileNetV2 1.0 224 (built in code, fixtures/models/zoo.ts): with the min/max observer and the
// onnxruntime-web executor it writes the same QDQ model as the benchmark's quantizer (the same rules, the same
// ranges from the same float runs: every node and every initializer equal), and its report, with rt.loadModel
// running the QDQ model, gives the float-vs-int8 error of the network on its calibration inputs. The histogram
// observer on the same inputs: a model that loads and a report. Skipped where onnxruntime-web does not load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrt } from '../fixtures/models/ort.js';
import { mobilenetV2Float, zooInput, zooQuantized } from '../fixtures/models/zoo.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Graph } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { quantizeModel } from '../src/quantize/index.js';

let ortOk = true;
try {
  await loadOrt();
} catch {
  ortOk = false;
}

const nodesOf = (g: Graph) =>
  g.nodes.map((n) => ({ ...n, attributes: [...n.attributes].sort(([a], [b]) => (a < b ? -1 : 1)) }));
const initsOf = (g: Graph) =>
  [...g.initializers]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, t]) => [k, t.type, t.dims, Array.from(t.data as ArrayLike<number>)]);

describe.skipIf(!ortOk)('MobileNetV2 through quantizeModel', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime();
  });
  afterAll(() => rt?.dispose());
  const bytes = writeOnnxModel(mobilenetV2Float());
  const calibration = [1, 2].map((s) => ({ input: zooInput(s) }));

  it("min/max on onnxruntime-web: the benchmark quantizer's model, node for node; the report from rt.loadModel", async () => {
    const { model, report } = await quantizeModel(bytes, {
      calibration,
      observer: 'minmax',
      executor: 'onnxruntime-web',
      runtime: rt,
    });
    const want = (await zooQuantized('mobilenetv2', { activations: 'uint8', weights: 'per-channel' }, 2)).qdq;
    const got = readOnnxModel(model);
    const wantRead = readOnnxModel(writeOnnxModel(want));
    expect(nodesOf(got)).toEqual(nodesOf(wantRead));
    expect(initsOf(got)).toEqual(initsOf(wantRead));
    expect(report.qdqExecutor).toBe('i8conv');
    expect(report.floatNodes).toEqual([]);
    const out = report.outputs[0];
    expect(out.sqnrDb).toBeGreaterThan(15);
    console.log(
      `MobileNetV2 minmax: output SQNR ${out.sqnrDb.toFixed(1)} dB, max |err| ${out.maxAbsError.toFixed(4)}; activation SQNR min ${Math.min(...report.tensors.filter((t) => t.kind === 'activation').map((t) => t.sqnrDb)).toFixed(1)} dB`,
    );
  });

  it('histogram: loads in rt.loadModel, every activation reported', async () => {
    const { model, report } = await quantizeModel(bytes, { calibration, executor: 'onnxruntime-web', runtime: rt });
    const g = readOnnxModel(model);
    const scales = new Set(g.nodes.filter((n) => n.opType === 'QuantizeLinear').map((n) => n.inputs[1]));
    expect(report.tensors.filter((t) => t.kind === 'activation').length).toBe(scales.size);
    const out = report.outputs[0];
    expect(out.sqnrDb).toBeGreaterThan(15);
    console.log(
      `MobileNetV2 histogram: output SQNR ${out.sqnrDb.toFixed(1)} dB, max |err| ${out.maxAbsError.toFixed(4)}`,
    );
  });
});
