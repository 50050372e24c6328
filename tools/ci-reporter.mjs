// A vitest reporter for CI: appends one JSON line per finished test case to the file named by $CI_RESULTS
// (as it finishes, so a run that is stopped at its time limit still leaves what it did), then a final "end" line
// with what failed outside any test (a file that did not load, errors thrown after a test). tools/ci-summary.mjs
// reads these files; a file without its "end" line is a run that did not finish.
import { appendFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class CiReporter {
  constructor() {
    this.file = process.env.CI_RESULTS;
    if (this.file) writeFileSync(this.file, '');
  }

  write(obj) {
    if (this.file) appendFileSync(this.file, `${JSON.stringify(obj)}\n`);
  }

  onTestCaseResult(test) {
    const r = test.result();
    const d = test.diagnostic();
    this.write({
      file: relative(process.cwd(), test.module.moduleId),
      name: test.fullName,
      state: r.state,
      ms: d ? Math.round(d.duration) : undefined,
      ...(r.state === 'skipped' && r.note ? { note: r.note } : {}),
    });
  }

  onTestRunEnd(modules, unhandledErrors, reason) {
    // a file that failed as a whole (did not load, or failed in a hook) with no failed test to show for it
    const brokenFiles = modules
      .filter((m) => m.state() === 'failed' && ![...m.children.allTests()].some((t) => t.result().state === 'failed'))
      .map((m) => relative(process.cwd(), m.moduleId));
    this.write({ end: true, reason, brokenFiles, unhandledErrors: unhandledErrors.length });
  }
}
