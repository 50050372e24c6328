// The model race (bench/race-browser.ts, bench/race.ts, the module worker bench/race-worker.ts) end to end in
// headless Chromium on a small input (MobileNetV2 bound to 32x32, few rounds): at 1 and 2 threads every engine loads
// and runs, i8conv's TFLite file equals its ONNX file and onnxruntime-web, LiteRT.js runs its single-threaded build
// at 1 thread and its threaded build at 2, and the report gives every ratio. The timings themselves are the
// benchmark's business (`npm run bench:race`), not this test's.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../fixtures/browser.js';
import { raceMismatch, runRaceInBrowser, writeRaceReport } from '../race-browser.js';
import { RACE_ENGINES } from '../race.js';

describe('the model race in headless Chromium', () => {
  it('1 and 2 threads: four engines, equal outputs, a report', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} (Debian's chromium) is required`).toBe(true);
    expect(existsSync('dist-bench/bench/race-worker.js'), 'run `npm run build` first').toBe(true);
    const lines: string[] = [];
    const sampling = { warmupMs: 1, minSampleMs: 1, minSamples: 2, maxSamples: 2, budgetMs: 1 };
    const { results, errors } = await runRaceInBrowser(
      { ids: ['mobilenetv2'], threads: [1, 2], sampling, inputSize: 32 },
      (l) => lines.push(l),
    );
    expect(errors).toEqual([]);
    expect(results.map((r) => r.info.threads)).toEqual([1, 2]);
    for (const r of results) {
      expect(r.info.crossOriginIsolated).toBe(true);
      expect(r.info.i8conv.threads).toBe(r.info.threads);
      expect(r.info.ort.numThreads).toBe(r.info.threads);
      expect(r.info.litert?.file).toMatch(
        r.info.threads > 1 ? /^litert_wasm_threaded_internal\.wasm$/ : /^litert_wasm_(compat_)?internal\.wasm$/,
      );
      const row = r.rows[0];
      expect(row.errors).toEqual({});
      expect(Object.keys(row.timings).sort()).toEqual([...RACE_ENGINES].sort());
      for (const t of Object.values(row.timings)) expect(t.ms).toBeGreaterThan(0);
      expect(row.checks.tfliteVsOnnx?.differ).toBe(0);
      expect(row.checks.ortVsI8conv?.differ).toBe(0);
      expect(row.checks.litertVsI8conv?.total).toBe(1000);
      expect(row.checks.litertVsI8conv?.top1).toBe(true);
      expect(row.litertXnnpack).toBe(true);
      for (const k of ['ort', 'litert', 'tfliteOrt', 'tfliteLitert'] as const) expect(row.ratios[k]).toBeGreaterThan(0);
    }
    expect(raceMismatch(results)).toBe(false);
    const out = mkdtempSync(join(tmpdir(), 'i8conv-race-test-'));
    try {
      const w = writeRaceReport(results, errors, out);
      expect(w.md).toMatch(/## 1 thread\n/);
      expect(w.md).toMatch(/## 2 threads\n/);
      expect(w.md).toMatch(/\| MobileNetV2 1\.0 224 \| [\d.]+ \| [\d.]+ \| [\d.]+ \| [\d.]+ \| [\d.]+x \| [\d.]+x \|/);
      expect(JSON.parse(readFileSync(w.paths[1], 'utf8')).results).toHaveLength(2);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 180_000);
});
