import { createRuntime } from '../dist/src/index.js';
import { makeProblem } from '../dist/bench/data.js';
import { shapeFromId } from '../dist/bench/shapes.js';
const rt1 = await createRuntime({ threads: 1 });
const pb = makeProblem(shapeFromId('32-32-112-k3s2'));
const c = rt1.convBias(pb.params); c.setFilter(pb.weights, 'OIHW'); c.setBias(pb.bias);
const d = new Int8Array(pb.dstLength);
for (let i = 0; i < 200; i++) c.exec(pb.src, d);
const start = Number(process.argv[2]); while (Date.now() < start) {}
const out = [];
for (let w = 0; w < 16; w++) {
  const t0 = performance.now(); const v = [];
  while (performance.now() - t0 < 400) { const a = performance.now(); c.exec(pb.src, d); v.push(performance.now() - a); }
  v.sort((x, y) => x - y); out.push(v[v.length >> 1].toFixed(2));
}
console.log(process.argv[3], out.join(' '));
