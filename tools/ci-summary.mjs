// Reads vitest's JSON reports and prints the closing line CI looks for: "N passed, N failed", summed over the runs.
// Usage: node tools/ci-summary.mjs REPORT RC [REPORT RC ...] (one pair per vitest run: its JSON file, its exit code).
// A missing report (build or collection failure) or a non-zero test exit counts as a failure.
import { readFileSync, existsSync } from 'node:fs';

const args = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (let i = 0; i < Math.max(args.length, 1); i += 2) {
  const file = args[i];
  const rc = Number(args[i + 1] ?? 1);
  let p = 0;
  let f = 0;
  if (file && existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    p = r.numPassedTests ?? 0;
    f = r.numFailedTests ?? 0;
    // a suite counts as failed when one of its tests did (already counted) or when it failed to load or in a hook:
    // count suites only where no test failed, so that one failing test reads as 1 failed
    if (f === 0) f = r.numFailedTestSuites ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  if (rc !== 0 && f === 0) f = 1; // the build or the runner failed outside any test
  if (p + f === 0) f = 1; // running no test is a failure
  passed += p;
  failed += f;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
