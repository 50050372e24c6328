import { readdirSync, readFileSync } from 'node:fs';
import { createRuntime } from '../dist/src/index.js';
import { makeProblem } from '../dist/bench/data.js';
import { shapeFromId } from '../dist/bench/shapes.js';
import { ortBackend } from '../dist/bench/backends.js';
const ort = await import('onnxruntime-web');
ort.env.wasm.numThreads = 2; ort.env.wasm.proxy = false;
const rt2 = await createRuntime({ threads: 2 });
const pb = makeProblem(shapeFromId('32-32-112-k3s2'));
const c = rt2.convBias(pb.params); c.setFilter(pb.weights, 'OIHW'); c.setBias(pb.bias);
const d = new Int8Array(pb.dstLength);
const o = await ortBackend(ort, 'uint8').prepare(pb);
for (let i = 0; i < 50; i++) { await o.run(); c.exec(pb.src, d); }
const cpu = () => Object.fromEntries(readdirSync('/proc/self/task').map((t) => [t, Number(readFileSync(`/proc/self/task/${t}/schedstat`, 'utf8').split(' ')[0]) / 1e6]));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const names = Object.fromEntries(readdirSync('/proc/self/task').map((t) => [t, readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim()]));
for (const [what, f] of [['ort', () => o.run()], ['i8conv2t', () => c.exec(pb.src, d)]]) {
  for (const win of [[0, 5], [5, 12], [12, 30], [30, 100], [100, 300]]) {
    const t0 = performance.now(); while (performance.now() - t0 < 15) await f();
    await sleep(win[0]);
    const a = cpu(); const ta = performance.now();
    await sleep(win[1] - win[0]);
    const b = cpu(); const tb = performance.now();
    const busy = Object.keys(b).map((t) => [names[t] ?? t, (b[t] - (a[t] ?? 0))]).filter(([, v]) => v > 0.3).map(([n, v]) => `${n}:${v.toFixed(1)}`);
    console.log(`${what} idle ${win[0]}-${win[1]} ms (${(tb - ta).toFixed(1)} ms): ${busy.join(' ') || 'nothing'}`);
  }
}
process.exit(0);
