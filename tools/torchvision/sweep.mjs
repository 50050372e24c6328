// node tools/torchvision/sweep.mjs FILE NAME=d1xd2.. [forms]: one model (float, e.g. from tools/torchvision/export.py)
// as shipped and in i8conv's quantized forms (default, all, convs; calibrated on 3 seeded inputs): loads?, outputs
// against onnxruntime-web on the same file (% equal, max |d|), i8conv / onnxruntime-web time (1 thread or THREADS, median of 5
// batches), and the share of i8conv's time outside convolutions. After npm run build; run under Node 24 for the
// figures of docs/bench.md.
import { readFileSync } from 'node:fs';
import { createRuntime } from '../../dist-bench/src/index.js';
import { quantizeModel } from '../../dist-bench/src/quantize/index.js';
const ort = await import('onnxruntime-web');
// THREADS=n: both engines on n threads (default 1)
const threads = Number(process.env.THREADS ?? 1);
ort.env.wasm.numThreads = threads;
ort.env.logLevel = 'error';
const [file, shapeArg, formsArg = 'shipped,default,all,convs'] = process.argv.slice(2);
const [iname, dimsS] = shapeArg.split('=');
const dims = dimsS.split('x').map(Number);
const n = dims.reduce((a, b) => a * b, 1);
let s = 5;
const r = () => (s = (s * 1103515245 + 12345) >>> 0) / 4294967296;
const mk = (k) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * 0.001 * (k + 1)) * 0.8 + (r() - 0.5) * 0.4);
const bytes = readFileSync(file);
// BUILD=simd128 / relaxed: the wasm build (default: the probe's choice)
const rt = await createRuntime({ threads, ...(process.env.BUILD ? { build: process.env.BUILD } : {}) });
const FORM = { default: {}, all: { ops: 'all' }, convs: { ops: 'convs' } };
for (const form of formsArg.split(',')) {
  let fb = bytes;
  try {
    if (form !== 'shipped')
      fb = (
        await quantizeModel(bytes, {
          calibration: [0, 1, 2].map((k) => ({ [iname]: mk(k + 1) })),
          inputShapes: { [iname]: dims },
          report: false,
          ...FORM[form],
        })
      ).model;
  } catch (e) {
    console.log(form, 'QUANTIZE FAIL', e.message.slice(0, 300));
    continue;
  }
  let m;
  try {
    m = await rt.loadModel(fb, { inputShapes: { [iname]: dims }, onFloatModel: 'allow' });
  } catch (e) {
    console.log(form, 'LOAD FAIL', e.code, e.message.slice(0, 600));
    continue;
  }
  const x = mk(0);
  const got = m.run({ [iname]: x });
  const sess = await ort.InferenceSession.create(fb);
  const feeds = { [iname]: new ort.Tensor('float32', x, dims) };
  const want = await sess.run(feeds);
  let eq = 0,
    tot = 0,
    maxd = 0;
  for (const o of m.outputs) {
    const a = got[o.name],
      b = want[o.name].data;
    for (let i = 0; i < a.length; i++) {
      tot++;
      if (Object.is(a[i], b[i])) eq++;
      maxd = Math.max(maxd, Math.abs(a[i] - b[i]));
    }
  }
  const time = async (f, reps) => {
    const t = [];
    for (let k = 0; k < 5; k++) {
      const t0 = performance.now();
      for (let i = 0; i < reps; i++) await f();
      t.push((performance.now() - t0) / reps);
    }
    return t.sort((a, b) => a - b)[2];
  };
  const t0 = performance.now();
  m.run({ [iname]: x });
  const one = performance.now() - t0;
  const reps = Math.max(1, Math.round(300 / Math.max(one, 0.05) / 5));
  const a = await time(() => m.run({ [iname]: x }), reps),
    b = await time(() => sess.run(feeds), reps);
  m.run({ [iname]: x }, { profile: true });
  const prof = m.lastProfile;
  const tt = prof.reduce((s, p) => s + p.ms, 0);
  const out = prof.filter((p) => !p.macs).reduce((s, p) => s + p.ms, 0);
  console.log(
    `${form}: equal ${((100 * eq) / tot).toFixed(2)}% max|d| ${maxd.toExponential(2)}; i8conv ${a.toFixed(2)} ms, ort ${b.toFixed(2)} ms, ratio ${(a / b).toFixed(2)}; outside conv ${((100 * out) / tt).toFixed(0)}%`,
  );
  m.dispose();
  await sess.release();
}
rt.dispose();
