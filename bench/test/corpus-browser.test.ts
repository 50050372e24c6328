// The corpus benchmark in headless Chromium (bench/corpus-browser.ts, the page bench/browser/corpus.html and its
// worker bench/corpus-worker.ts) on one small model: openWakeWord's keyword head as shipped and in i8conv's default
// quantized form, 1 thread, few runs. Every row loads, i8conv's outputs in Chromium equal onnxruntime-web's in
// Chromium bit for bit (as in Node), the answers agree, both engines are timed and the table gives the ratio. The
// timings themselves are the benchmark's business (`npm run bench:zoo:chromium`). Skipped (counted as skipped, with
// the reason) where Chromium, the build or the model's package is missing; in CI that fails instead.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../fixtures/browser.js';
import { corpusModel } from '../../fixtures/corpus.js';
import { REPO_ROOT } from '../../fixtures/repo.js';
import { browserTitle, runCorpusInBrowser } from '../corpus-browser.js';
import { corpusMarkdown } from '../corpus-table.js';

const MODEL = corpusModel('oww-alexa');
const missing = [
  existsSync(CHROMIUM) ? '' : `Chromium (${CHROMIUM})`,
  existsSync(join(REPO_ROOT, 'dist-bench/bench/corpus-worker.js')) ? '' : 'the build (`npm run build`)',
  MODEL.file && existsSync(join(REPO_ROOT, MODEL.file)) ? '' : `${MODEL.pkg} (npm ci)`,
].filter(Boolean);
if (process.env.CI && missing.length) throw new Error(`CI: missing ${missing.join(', ')}`);

describe('the corpus benchmark in headless Chromium', () => {
  it('oww-alexa shipped and default at 1 thread: loads, 100% equal to onnxruntime-web, timed', async (ctx) => {
    if (missing.length) return ctx.skip(`needs ${missing.join(', ')}`);
    const lines: string[] = [];
    const { results, errors } = await runCorpusInBrowser(
      { models: [MODEL], forms: ['shipped', 'default'], threads: [1], runs: 2, calib: 2 },
      (l) => lines.push(l),
    );
    expect(errors).toEqual([]);
    expect(results).toHaveLength(1);
    const [r] = results;
    expect(r.info?.crossOriginIsolated).toBe(true);
    expect(r.info?.i8conv.threads).toBe(1);
    expect(r.info?.ort.numThreads).toBe(1);
    expect(browserTitle(r)).toMatch(/^Chromium [\d.]+/);
    expect(r.rows.map((x) => x.form)).toEqual(['shipped', 'default']);
    for (const row of r.rows) {
      expect(row.error, row.error).toBeUndefined();
      expect(row.ortError, row.ortError).toBeUndefined();
      expect(row.loads).toBe(true);
      expect(row.equalPct).toBe(100);
      expect(row.maxAbsDiff).toBe(0);
      expect(row.answerSame).toBe(true);
      expect(row.i8Ms).toBeGreaterThan(0);
      expect(row.ortMs).toBeGreaterThan(0);
      expect(row.outsideConvPct).toBeGreaterThanOrEqual(0);
    }
    // the quantized form against the shipped model (onnxruntime-web's outputs of both, in the page)
    expect(r.rows[1].sqnrDb).toBeGreaterThan(20);
    const md = corpusMarkdown(r.rows).split('\n');
    expect(md).toHaveLength(4);
    for (const line of md.slice(2)) {
      const cells = line.split('|').map((c) => c.trim());
      // the cells: '', model, form, thr, loads, equal %, ..., i8conv / ort (13), outside conv % (14), ''
      expect(cells[5]).toBe('100.0');
      expect(cells[13]).toMatch(/^\d+\.\d\d$/);
    }
    expect(lines.some((l) => l.startsWith('oww-alexa default: quantizeModel'))).toBe(true);
  }, 60_000);
});
