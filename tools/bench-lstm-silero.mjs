// Times the Silero VAD models (fixtures/corpus.ts) on 1 thread, run after run (median of 5 rounds of 400 runs), with
// the build in dist-bench/ (or the folder in $DIST, e.g. a copy built without the LSTM kernel, for a before / after):
// node tools/bench-lstm-silero.mjs [model ids...]
import { readFileSync } from 'node:fs';
const dist = process.env.DIST ?? 'dist-bench';
const { CORPUS, feedShapes } = await import(`../${dist}/fixtures/corpus.js`);
const { createRuntime } = await import(`../${dist}/src/index.js`);
const ids = process.argv.slice(2).length ? process.argv.slice(2) : ['silero-v5', 'silero-legacy', 'silero-op15'];
const rt = await createRuntime({ threads: 1 });
for (const id of ids) {
  const e = CORPUS.find((c) => c.id === id);
  const feed = e.feed(1);
  const m = await rt.loadModel(readFileSync(new URL(`../${e.file}`, import.meta.url)), {
    inputShapes: feedShapes(feed),
  });
  const feeds = Object.fromEntries(Object.entries(feed).map(([k, v]) => [k, v.data]));
  for (let i = 0; i < 200; i++) m.run(feeds);
  const rounds = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 0; i < 400; i++) m.run(feeds);
    rounds.push((performance.now() - t0) / 400);
  }
  rounds.sort((a, b) => a - b);
  console.log(
    `${id}: ${(rounds[2] * 1000).toFixed(1)} us / run; steps ${m.nodes.map((n) => `${n.op}:${n.algorithm}`).join(' ')}`,
  );
  m.dispose();
}
rt.dispose();
