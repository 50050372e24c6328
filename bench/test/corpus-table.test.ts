import { describe, expect, it } from 'vitest';
import { compareOutputs, corpusMarkdown, diffText, runtimesMarkdown, sqnrDb, type CorpusRow } from '../corpus-table.js';
import { CORPUS, pictureHwc, speech } from '../../fixtures/corpus.js';
import { MIN_PROFILED_MS, outsideConv, profileOver } from '../corpus-timing.js';

const out = (data: number[], dims = [data.length]) => ({ y: { data: Float32Array.from(data), dims } });

describe('corpus table', () => {
  it('compareOutputs: bit-equal share, max |diff|, max |diff| / range; NaN equals NaN', () => {
    const r = compareOutputs(out([1, 2, Number.NaN, 4]), out([1, 2.5, Number.NaN, 5]));
    expect(r.equalPct).toBe(50);
    expect(r.maxAbsDiff).toBe(1);
    // the reference's range: 1..5 (NaN left out)
    expect(r.maxRelDiff).toBeCloseTo(1 / 4, 12);
    expect(compareOutputs(out([1, 2]), out([1, 2]))).toEqual({ equalPct: 100, maxAbsDiff: 0, maxRelDiff: 0 });
    // a missing or resized output: nothing equal
    expect(compareOutputs(out([1]), out([1, 2])).equalPct).toBe(0);
  });

  it('sqnrDb: infinite when equal, 20 dB at a tenth of the amplitude', () => {
    expect(sqnrDb(out([1, -1]), out([1, -1]))).toBe(Number.POSITIVE_INFINITY);
    expect(sqnrDb(out([1, -1]), out([1.1, -1.1]))).toBeCloseTo(20, 4);
  });

  it('diffText and the markdown rows', () => {
    expect(diffText(0)).toBe('0');
    expect(diffText(0.000123456)).toBe('0.00012');
    expect(diffText(undefined)).toBe('—');
    const rows: CorpusRow[] = [
      {
        model: 'm',
        kind: 'k',
        shipped: 'float32',
        form: 'default',
        threads: 1,
        loads: true,
        equalPct: 100,
        maxAbsDiff: 0,
        maxRelDiff: 0,
        answer: 'a',
        ortAnswer: 'a',
        answerSame: true,
        sqnrDb: 30.04,
        i8Ms: 2,
        ortMs: 4,
        outsideConvPct: 12.4,
      },
      { model: 'm', kind: 'k', shipped: 'float32', form: 'all', threads: 1, error: 'quantizeModel: [BAD_FEED] x | y' },
    ];
    const md = corpusMarkdown(rows).split('\n');
    expect(md).toHaveLength(4);
    expect(md[2]).toBe('| m | default | 1 | yes | 100.0 | 0 | 0 | a / a | yes | 30.0 | 2.0 | 4.0 | 0.50 | 12 |');
    // a failure: 'no' with the reason (pipes escaped), the other cells empty
    expect(md[3]).toContain('| no (quantizeModel: [BAD_FEED] x / y) |');
    expect(md[3].split('|').length).toBe(md[2].split('|').length);
  });

  it('runtimesMarkdown: one line per model, form and thread count, the equal share and ratio of each runtime', () => {
    const row = (form: string, i8Ms?: number, ortMs?: number, equalPct?: number): CorpusRow => ({
      model: 'm',
      kind: 'k',
      shipped: 'float32',
      form,
      threads: 1,
      i8Ms,
      ortMs,
      equalPct,
    });
    const md = runtimesMarkdown([
      { label: 'node20', rows: [row('shipped', 1, 2, 100), row('default', 1, 4, 100)] },
      { label: 'chromium', rows: [row('default', 3, 4, 50)] },
    ]).split('\n');
    expect(md[0]).toBe(
      '| model | form | thr | equal % (node20 / chromium) | i8conv / ort: node20 | i8conv / ort: chromium |',
    );
    expect(md).toHaveLength(4);
    expect(md[2]).toBe('| m | shipped | 1 | 100.0 / — | 0.50 | — |');
    expect(md[3]).toBe('| m | default | 1 | 100.0 / 50.0 | 0.25 | 0.75 |');
  });

  it('the feeds are deterministic and realistic in range', () => {
    expect(pictureHwc(16, 16, 3)).toEqual(pictureHwc(16, 16, 3));
    const p = pictureHwc(32, 32, 1);
    expect(Math.min(...p)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...p)).toBeLessThanOrEqual(1);
    const s = speech(4000, 2);
    expect(s).toEqual(speech(4000, 2));
    const rms = Math.sqrt(s.reduce((a, v) => a + v * v, 0) / s.length);
    expect(rms).toBeGreaterThan(0.01);
    expect(Math.max(...s.map(Math.abs))).toBeLessThanOrEqual(1);
    for (const m of CORPUS) expect(Object.keys(m.feed(0)).length).toBeGreaterThan(0);
  });

  it('profileOver: each step summed over runs lasting MIN_PROFILED_MS; outsideConv its share without products', () => {
    let runs = 0;
    const t0 = performance.now();
    const prof = profileOver(() => {
      runs++;
      const t = performance.now();
      while (performance.now() - t < 1); // a 1 ms run
      return [
        { name: 'conv', ms: 3, macs: 10 },
        { name: 'add', ms: 1, macs: 0 },
      ];
    });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(MIN_PROFILED_MS);
    expect(runs).toBeGreaterThan(1);
    expect(prof).toEqual([
      { ms: 3 * runs, macs: 10 },
      { ms: runs, macs: 0 },
    ]);
    expect(outsideConv(prof).outsideConvPct).toBe(25);
  });
});
