// Prints the closing line CI looks for, "N passed, N failed, N skipped", summed over the vitest runs of .ci/run.
// Usage: node tools/ci-summary.mjs RESULTS RC [RESULTS RC ...]: one pair per run, its tools/ci-reporter.mjs file
// and its exit code (124 / 137: stopped by its time limit).
// Counted as failed besides the failed tests: a run that did not finish (no "end" line: stopped or crashed), a
// file that failed outside its tests, unhandled errors, a non-zero exit with no failure to show for it, a run of no test.
import { readFileSync, existsSync } from 'node:fs';

const args = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const notes = [];
for (let i = 0; i < Math.max(args.length, 1); i += 2) {
  const file = args[i];
  const rc = Number(args[i + 1] ?? 1);
  const lines =
    file && existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
  const tests = lines.filter((l) => !l.end);
  const end = lines.find((l) => l.end);
  const p = tests.filter((t) => t.state === 'passed').length;
  let f = tests.filter((t) => t.state === 'failed').length;
  skipped += tests.filter((t) => t.state === 'skipped').length;
  for (const t of tests.filter((x) => x.state === 'failed')) notes.push(`failed: ${t.file} > ${t.name}`);
  if (!end) {
    f++;
    notes.push(
      `${file}: the run did not finish (${rc === 124 || rc === 137 ? 'stopped at its time limit' : `exit code ${rc}`})`,
    );
  } else {
    f += end.brokenFiles.length + (end.unhandledErrors ? 1 : 0);
    for (const b of end.brokenFiles) notes.push(`failed outside its tests: ${b}`);
    if (end.unhandledErrors) notes.push(`${file}: ${end.unhandledErrors} unhandled error(s)`);
  }
  if (rc !== 0 && f === 0) {
    f = 1; // the build or the runner failed outside any test
    notes.push(`${file}: exit code ${rc} with no failed test`);
  }
  if (p + f === 0) {
    f = 1; // running no test is a failure
    notes.push(`${file}: no test ran`);
  }
  passed += p;
  failed += f;
}
for (const n of notes) console.log(n);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
