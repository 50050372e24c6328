import { it } from 'vitest';
import { createRuntime } from '../src/index.js';
import { zooQuantized, zooInput } from '../bench/models/zoo.js';
import { writeOnnxModel } from '../src/model/onnx/writer.js';
import { ortSession, ortRun } from '../bench/models/ort.js';
it('x', async () => {
  const rt = await createRuntime();
  for (const id of ['mobilenetv2', 'resnet18'] as const) {
    const z = await zooQuantized(id, { activations: 'uint8', weights: 'per-channel' });
    const bytes = writeOnnxModel(z.qdq);
    const m = await rt.loadModel(bytes);
    const x = zooInput(9);
    const ops = new Map<string, number>();
    for (const n of m.nodes) ops.set(`${n.op}/${n.layout}`, (ops.get(`${n.op}/${n.layout}`) ?? 0) + 1);
    console.log(id, [...ops].join(' '), 'mem', m.memoryBytes);
    const out = m.run({ [m.inputs[0].name]: x });
    const s = await ortSession(bytes);
    const o = await ortRun(s, { [m.inputs[0].name]: { data: x, dims: [1, 3, 224, 224] } });
    for (const [k, v] of o) {
      const a = out[k] as Float32Array;
      let diff = 0, maxd = 0;
      for (let i = 0; i < a.length; i++) if (a[i] !== v[i]) { diff++; maxd = Math.max(maxd, Math.abs(a[i] - (v[i] as number))); }
      console.log(id, k, 'differ', diff, 'of', a.length, 'max', maxd);
    }
    let t = performance.now(); for (let i = 0; i < 5; i++) m.run({ [m.inputs[0].name]: x }); const ti = (performance.now() - t) / 5;
    t = performance.now(); for (let i = 0; i < 5; i++) await ortRun(s, { [m.inputs[0].name]: { data: x, dims: [1, 3, 224, 224] } }); const to = (performance.now() - t) / 5;
    m.run({ [m.inputs[0].name]: x }, { profile: true });
    const byOp = new Map<string, number>();
    for (const p of m.lastProfile!) byOp.set(p.op, (byOp.get(p.op) ?? 0) + p.ms);
    console.log(id, 'i8conv', ti.toFixed(1), 'ort', to.toFixed(1), [...byOp].map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', '));
  }
}, 300000);
