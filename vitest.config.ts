import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // test/: the library's tests; bench/test/: the benchmark's own (its options, reports and peers); examples/*/test/:
    // the examples' own (the OCR demo page in Chromium)
    include: ['test/**/*.test.ts', 'bench/test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // vitest's default is one file at a time on 2 cores (cores - 1): most files keep one core busy (the Node-only
    // ones) or wait on Chromium's and Firefox's processes (the browser and GPU ones), so CI's 2-core machine ran
    // them with a core idle. Two at a time there; cores - 1 on larger machines, as vitest does.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
