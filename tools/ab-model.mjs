// A/B of one ONNX model file on two builds of the library in one process, and onnxruntime-web beside them: each
// build's loadModel time, then rounds of run (interleaved, 1 thread) with the median total and the median time per
// operator and algorithm (the run's profile), and whether the outputs of both builds and of onnxruntime-web are equal
// bit for bit. The builds are dist folders (`npm run build` writes dist/; for a baseline, build a checkout of another
// commit elsewhere).
// Usage: node tools/ab-model.mjs <base dist> <new dist> <model.onnx> [rounds = 3] [--no-ort]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [baseDir, newDir, file, roundsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node tools/ab-model.mjs <base dist> <new dist> <model.onnx> [rounds] [--no-ort]');
const rounds = Number(roundsArg ?? 3);
const withOrt = !process.argv.includes('--no-ort');
const bytes = new Uint8Array(readFileSync(file));
const models = {};
const loadMs = {};
const builds = {};
for (const [k, d] of [
  ['base', baseDir],
  ['new', newDir],
]) {
  const { createRuntime } = await import(pathToFileURL(resolve(d, 'src/index.js')).href);
  const rt = await createRuntime({ threads: 1 });
  builds[k] = rt.core.build;
  const t0 = performance.now();
  models[k] = await rt.loadModel(bytes);
  loadMs[k] = performance.now() - t0;
}
console.log(
  `node ${process.version}, builds ${builds.base} / ${builds.new}; loadModel: base ${loadMs.base.toFixed(0)} ms, new ${loadMs.new.toFixed(0)} ms`,
);
const inp = models.new.inputs[0];
const n = inp.shape.reduce((a, b) => a * b, 1);
const x = new Float32Array(n);
for (let i = 0; i < n; i++) x[i] = Math.sin(i * 0.001) * 2;
let ort;
let session;
if (withOrt) {
  ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  session = await ort.InferenceSession.create(bytes);
}
const tot = { base: [], new: [], ort: [] };
const ops = { base: {}, new: {} };
const outs = {};
for (let r = 0; r < rounds; r++) {
  for (const k of ['base', 'new']) {
    const t0 = performance.now();
    outs[k] = models[k].run({ [inp.name]: x }, { profile: true });
    tot[k].push(performance.now() - t0);
    const by = {};
    for (const p of models[k].lastProfile) {
      const key = `${p.op} ${p.algorithm}`;
      by[key] ??= { ms: 0, macs: 0 };
      by[key].ms += p.ms;
      by[key].macs += p.macs ?? 0;
    }
    for (const [key, v] of Object.entries(by)) (ops[k][key] ??= []).push(v);
  }
  if (session) {
    const t0 = performance.now();
    outs.ort = await session.run({ [inp.name]: new ort.Tensor('float32', x, inp.shape) });
    tot.ort.push(performance.now() - t0);
  }
  console.log(
    `round ${r}: base ${tot.base[r].toFixed(0)} ms, new ${tot.new[r].toFixed(0)} ms${session ? `, onnxruntime-web ${tot.ort[r].toFixed(0)} ms` : ''}`,
  );
}
const med = (a) => {
  const b = [...a].sort((p, q) => p - q);
  return b[b.length >> 1];
};
console.log(
  `median run: base ${med(tot.base).toFixed(0)} ms, new ${med(tot.new).toFixed(0)} ms${session ? `, onnxruntime-web ${med(tot.ort).toFixed(0)} ms` : ''}`,
);
for (const k of ['base', 'new']) {
  console.log(`-- ${k}, per operator and algorithm (median ms over the rounds)`);
  const rows = Object.entries(ops[k])
    .map(([key, v]) => [key, med(v.map((e) => e.ms)), v[0].macs])
    .sort((a, b) => b[1] - a[1]);
  for (const [key, ms, macs] of rows.slice(0, 16))
    console.log(`  ${key}: ${ms.toFixed(1)}${macs ? ` (${(macs / ms / 1e6).toFixed(1)} GMAC/s)` : ''}`);
}
for (const name of Object.keys(outs.new)) {
  const a = outs.new[name];
  const b = outs.base[name];
  const c = session ? outs.ort[name].data : undefined;
  let baseDiff = 0;
  let ortDiff = 0;
  for (let i = 0; i < a.length; i++) {
    if (!Object.is(a[i], b[i])) baseDiff++;
    if (c && !Object.is(a[i], c[i])) ortDiff++;
  }
  console.log(
    `output ${name} (${a.length} values): ${baseDiff} differ from base${c ? `, ${ortDiff} from onnxruntime-web` : ''}`,
  );
}
