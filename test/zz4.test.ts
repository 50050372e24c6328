import { it } from 'vitest';
import { loadModelSync } from '../src/model/load.js';
import { readFileSync } from 'node:fs';
import { createRuntime } from '../src/index.js';
import { readOnnxModel, readTensor } from '../src/model/onnx/reader.js';
import { writeOnnxModel } from '../src/model/onnx/writer.js';
it('x', async () => {
  const rt = await createRuntime();
  const d = '/usr/share/libonnx-testdata/data/node/test_qlinearmatmul_3D';
  const g = readOnnxModel(readFileSync(`${d}/model.onnx`));
  const ins = g.inputs.map((v, i) => readTensor(readFileSync(`${d}/test_data_set_0/input_${i}.pb`)));
  console.log(g.inputs.map((v, i) => `${v.name} ${ins[i].type} [${ins[i].dims}]`));
  const inits = new Map(g.initializers);
  g.inputs.slice(1).forEach((v, i) => inits.set(v.name, { ...ins[i + 1], name: v.name }));
  try { loadModelSync(rt, writeOnnxModel({ ...g, initializers: inits, inputs: g.inputs.slice(0, 1) })); } catch (e) { console.log(String(e)); }
});
