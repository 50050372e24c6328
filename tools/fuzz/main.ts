/**
 * `npm run fuzz -- [--cases N] [--seed N] [--jobs N] [--only I,J,A-B]`: the whole-pipeline fuzzer (docs/testing.md).
 * Builds the seed models (seeds.ts), runs cases 0..N-1 of the run seeded N (or the cases of --only) in supervised
 * child processes (supervise.ts), and prints the counts by outcome and by mutation kind, then every bad case with
 * its index, seed model, mutation and what happened. Exits 1 when any case is bad.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCase } from './mutate.js';
import { buildSeeds } from './seeds.js';
import { runFuzz, writeSeeds } from './supervise.js';
import { parseIndices } from './child.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? args[k + 1] : dflt;
};
// dist-bench/tools/fuzz/main.js -> the repository root
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const cases = Number(opt('cases', '1000'));
const seed = Number(opt('seed', '1'));
const jobs = Number(opt('jobs', String(Math.max(1, availableParallelism() - 1))));
const only = opt('only', '');
const indices = only ? parseIndices(only) : Array.from({ length: cases }, (_, i) => i);

const t0 = performance.now();
const seeds = await buildSeeds(root);
const dir = mkdtempSync(join(tmpdir(), 'i8conv-fuzz-'));
writeSeeds(seeds, dir);
console.log(
  `seeds (${((performance.now() - t0) / 1000).toFixed(1)} s): ${seeds.map((s) => `${s.name} ${s.bytes.length} B`).join(', ')}`,
);
let n = 0;
const report = await runFuzz({
  root,
  seedsDir: dir,
  seed,
  indices,
  jobs,
  onCase: () => {
    if (++n % 1000 === 0) console.log(`${n} / ${indices.length} cases`);
  },
});
rmSync(dir, { recursive: true, force: true });
const byKind = new Map<string, Map<string, number>>();
for (const r of report.results) {
  const c = makeCase(seeds, seed, r.i);
  const cls = r.outcome.split(' ')[0];
  const m = byKind.get(c.kind) ?? new Map<string, number>();
  m.set(cls, (m.get(cls) ?? 0) + 1);
  byKind.set(c.kind, m);
}
console.log(
  `\n${indices.length} cases, seed ${seed}, ${jobs} jobs, ${report.children} child processes, ${(report.ms / 1000).toFixed(1)} s`,
);
console.log('\noutcome                          cases');
for (const [k, v] of Object.entries(report.counts).sort((a, b) => b[1] - a[1]))
  console.log(`${k.padEnd(32)} ${String(v).padStart(6)}`);
console.log('\nmutation kind      outcomes');
for (const [k, m] of [...byKind].sort())
  console.log(`${k.padEnd(18)} ${[...m].map(([o, v]) => `${o} ${v}`).join(', ')}`);
if (report.bad.length) {
  console.log(`\n${report.bad.length} bad cases (reproduce one: npm run fuzz -- --seed ${seed} --only INDEX):`);
  for (const r of report.bad) {
    const c = makeCase(seeds, seed, r.i);
    console.log(`case ${r.i}: ${c.seed}, ${c.kind} (${c.what}): ${r.outcome}${r.detail ? ` — ${r.detail}` : ''}`);
  }
}
process.exit(report.bad.length ? 1 : 0);
