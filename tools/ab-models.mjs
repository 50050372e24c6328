// A/B of whole models between two builds of i8conv (two dist/ folders: e.g. a worktree of the previous commit and
// this one), interleaved in one process so that machine noise hits both alike. Reports each build's best and median
// time per run and the ratio B / A of the medians, and checks that both builds give the same output bytes.
// Usage (after npm run build in both): node tools/ab-models.mjs DIST_A DIST_B MODEL.onnx|.tflite [seconds] [build]
// [threads]; build: auto (default), simd128 or relaxed. Deno: deno run -A tools/ab-models.mjs ...
// AB_ABLATION=1 skips the output check, for ablation builds whose outputs are wrong on purpose.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
const [distA, distB, modelPath] = args;
const secs = Number(args[3] ?? 10);
const build = args[4] ?? 'auto';
const threads = Number(args[5] ?? 1);
const bytes = new Uint8Array(readFileSync(modelPath));
const sides = [];
for (const dist of [distA, distB]) {
  const { createRuntime } = await import(pathToFileURL(resolve(dist, 'src/index.js')).href);
  const rt = await createRuntime({ build, threads });
  const model = await rt.loadModel(bytes);
  sides.push({ dist, rt, model, times: [] });
}
// i8conv run's seeded inputs (its default seed, 0): the same bytes for both builds
const { randomFeed, stats } = await import(new URL('../dist/src/cli-run.js', import.meta.url).href);
const feeds = Object.fromEntries(sides[0].model.inputs.map((inp, k) => [inp.name, randomFeed(inp, 0, k)]));
const outs = sides.map((s) => s.model.run(feeds));
if (!(typeof process !== 'undefined' && process.env.AB_ABLATION === '1'))
  for (const name of Object.keys(outs[0])) {
    const a = new Uint8Array(outs[0][name].buffer);
    const b = new Uint8Array(outs[1][name].buffer);
    if (a.length !== b.length || a.some((v, i) => v !== b[i]))
      throw new Error(`output ${name} differs between the builds`);
  }
const end = performance.now() + secs * 1000;
while (performance.now() < end)
  for (const s of sides) {
    const t0 = performance.now();
    s.model.run(feeds);
    s.times.push(performance.now() - t0);
  }
const [a, b] = sides.map((s) => {
  const t = stats(s.times);
  console.log(
    `${s.dist}: ${s.rt.features.build} best ${t.min.toFixed(3)} ms, median ${t.median.toFixed(3)} ms (${s.times.length} runs)`,
  );
  return t;
});
console.log(`B / A (medians): ${(b.median / a.median).toFixed(3)}`);
