// Reads vitest's JSON report and prints the closing line CI looks for: "N passed, N failed".
// A missing report (build or collection failure) or a non-zero test exit counts as a failure.
import { readFileSync, existsSync } from 'node:fs';

const [file, rcText] = process.argv.slice(2);
const rc = Number(rcText ?? 1);
let passed = 0;
let failed = 0;
let skipped = 0;
if (file && existsSync(file)) {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = r.numFailedTests ?? 0;
  // a suite counts as failed when one of its tests did (already counted) or when it failed to load or in a hook:
  // count suites only where no test failed, so that one failing test reads as 1 failed
  if (failed === 0) failed = r.numFailedTestSuites ?? 0;
  skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (rc !== 0 && failed === 0) failed = 1; // the build or the runner failed outside any test
if (passed + failed === 0) failed = 1; // running no test is a failure
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
