import { createRuntime } from '../dist/src/index.js';
import { makeProblem } from '../dist/bench/data.js';
import { shapeFromId } from '../dist/bench/shapes.js';
import { ortBackend } from '../dist/bench/backends.js';
const ort = await import('onnxruntime-web');
ort.env.wasm.numThreads = Number(process.argv[2] ?? 2); ort.env.wasm.proxy = false;
const rt1 = await createRuntime({ threads: 1 });
const pb = makeProblem(shapeFromId('32-32-112-k3s2'));
const c = rt1.convBias(pb.params); c.setFilter(pb.weights, 'OIHW'); c.setBias(pb.bias);
const d = new Int8Array(pb.dstLength);
const o = await ortBackend(ort, 'uint8').prepare(pb);
for (let i = 0; i < 50; i++) { await o.run(); c.exec(pb.src, d); }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
for (const gap of [0, 12, 50, 200, 1000]) {
  const buckets = new Map();
  for (let rep = 0; rep < 6; rep++) {
    const t0 = performance.now(); while (performance.now() - t0 < 15) await o.run();
    if (gap) await sleep(gap);
    const tEnd = performance.now();
    while (performance.now() - tEnd < 40) {
      const a = performance.now(); c.exec(pb.src, d); const b = performance.now();
      const k = Math.floor((a - tEnd) / 5) * 5;
      (buckets.get(k) ?? buckets.set(k, []).get(k)).push(b - a);
    }
  }
  const med = (v) => [...v].sort((x, y) => x - y)[v.length >> 1];
  console.log(`gap ${gap}: ` + [...buckets].map(([k, v]) => `${k}ms:${med(v).toFixed(3)}`).join(' '));
}
process.exit(0);
