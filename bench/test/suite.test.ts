// The suite's plumbing end to end on tiny shapes: a run produces a results object that passes the schema check
// and reports that show it; a backend with a wrong output is flagged with where it went wrong; onnxruntime-web's
// two paths, i8conv and the naive convolution agree with the oracle.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { naiveBackend, type Backend } from '../backends.js';
import { loadOrtForNode, writeReports } from '../main.js';
import { renderHtml, renderMarkdown, renderText } from '../report.js';
import { validateResults, type BenchResults } from '../schema.js';
import { HEADLINE_SAMPLING, NOT_IN_HEADLINE, prepareSuite } from '../setup.js';
import { selectShapes } from '../shapes.js';
import { runSuite, type SuiteInput } from '../suite.js';

const TINY = { warmupMs: 5, minSampleMs: 2, minSamples: 2, maxSamples: 3, budgetMs: 5 };

/** Like naive-js, but one output element is off by one: the suite must catch it. */
const wrongBackend: Backend = {
  name: 'wrong-on-purpose',
  skipReason: () => null,
  async prepare(pb) {
    const inner = await naiveBackend.prepare(pb);
    return {
      run: () => inner.run(),
      output: () => {
        const out = Int8Array.from(inner.output());
        out[7] = out[7] === 127 ? 126 : out[7] + 1;
        return out;
      },
      info: {},
      dispose() {},
    };
  },
};

async function tinyInput(shapes: string, filter: string | null = null): Promise<SuiteInput> {
  const { ort, error } = await loadOrtForNode();
  expect(error).toBeUndefined();
  const input = await prepareSuite({
    quick: true,
    shapes,
    filter,
    ort,
    engine: { name: 'node', version: process.versions.node },
    machine: { platform: process.platform },
  });
  return { ...input, sampling: TINY };
}

describe('bench suite', () => {
  it('runs tiny shapes: every backend equals the oracle, the JSON is valid and the reports show it', async () => {
    const input = await tinyInput('8-8-6-k3s1,3-8-9-k3s2,8-8-7-k2s2-g2');
    expect(input.oracleName).toMatch(/kernels-ref/);
    // The relayout section belongs to bench/relayout.ts and has its own tests.
    const r = await runSuite({ ...input, relayout: undefined });
    expect(validateResults(r)).toEqual([]);
    expect(validateResults(JSON.parse(JSON.stringify(r)))).toEqual([]);
    expect(r.shapes.map((s) => s.id)).toEqual(['8-8-6-k3s1', '3-8-9-k3s2', '8-8-7-k2s2-g2']);
    expect(r.ceilingGmacs).toBeGreaterThan(0);
    expect(r.mismatches).toEqual([]);
    for (const s of r.shapes) {
      for (const b of ['i8conv', 'ort-web-int8', 'ort-web-uint8', 'naive-js']) {
        expect(s.backends[b], `${s.id} ${b}`).toBeDefined();
        expect(s.backends[b].check).toBe('ok');
        expect(s.backends[b].gmacs).toBeGreaterThan(0);
      }
      expect(s.backends.i8conv.algo).toBeTruthy();
    }
    expect(r.builds.i8conv).toMatch(/simd128|relaxed/);
    // the kernels' isa and what the probe found on each tier (Node 20: SIMD128, no relaxed dot on either tier)
    expect(r.builds.i8convIsa).toBe(
      r.builds.i8conv === 'relaxed' ? expect.stringMatching(/^wasm(usdot|sdot)$/) : 'wasmsimd',
    );
    expect(r.builds.dotFlavourTiers).toHaveLength(2);
    // kernel level: one row per kernel-table variant, each checked against the oracle
    expect(Array.isArray(r.kernels)).toBe(true);
    const ks = r.kernels as Exclude<BenchResults['kernels'], { unavailable: string }>;
    expect(ks.length).toBeGreaterThan(0);
    for (const k of ks) {
      if (k.isa.includes('relaxed') && r.builds.i8conv !== 'relaxed') {
        // Node 20 fails the relaxed probe: those variants are listed, not run, and say why.
        expect(k.error, k.name).toMatch(/needs the relaxed build/);
        continue;
      }
      if (k.error?.startsWith('not measured')) {
        // a table row the algorithm never picks: listed, not timed under a wrong name
        expect(Number.isNaN(k.gmacs)).toBe(true);
        continue;
      }
      expect(k.error, k.name).toBeUndefined();
      expect(k.check, k.name).toBe('ok');
      expect(k.gmacs).toBeGreaterThan(0);
    }
    expect(ks.some((k) => k.check === 'ok')).toBe(true);
    expect(r.builds.ortWebVersion).toBe('1.30.0');

    const md = renderMarkdown(r);
    expect(md).toContain('| 8→8 6² 3x3 s1 |');
    expect(md).toContain('None: every output checked was equal to the oracle.');
    const html = renderHtml(r);
    expect(html).toContain('<svg');
    expect(html).toContain('3→8 9² 3x3 s2');
    expect(renderText(r)).toContain('i8conv / ort-web-uint8');

    const dir = mkdtempSync(join(tmpdir(), 'i8conv-bench-test-'));
    const paths = writeReports(r, dir);
    expect(readdirSync(dir).sort()).toHaveLength(3);
    expect(validateResults(JSON.parse(readFileSync(paths.json, 'utf8')))).toEqual([]);
    expect(readFileSync(paths.html, 'utf8')).toContain('</svg>');
  });

  it('flags a wrong output as a mismatch, with the element, in the JSON and every report', async () => {
    const input = await tinyInput('8-8-6-k3s1', 'naive-js');
    const r = await runSuite({ ...input, backends: [...input.backends, wrongBackend], filter: 'naive-js|wrong' });
    expect(Object.keys(r.shapes[0].backends).sort()).toEqual(['naive-js', 'wrong-on-purpose']);
    expect(r.shapes[0].backends['naive-js'].check).toBe('ok');
    expect(r.shapes[0].backends['wrong-on-purpose'].check).toBe('mismatch');
    const phases = r.mismatches.map((m) => m.phase).sort();
    expect(phases).toEqual(['after-timing', 'first-call']);
    for (const m of r.mismatches) {
      expect(m).toMatchObject({
        backend: 'wrong-on-purpose',
        shape: '8-8-6-k3s1',
        count: 1,
        firstIndex: 7,
        maxAbsDiff: 1,
      });
      expect(Math.abs(m.got - m.want)).toBe(1);
    }
    expect(validateResults(r)).toEqual([]);
    expect(renderMarkdown(r)).toMatch(/wrong-on-purpose \[first-call\]: 1\/288 elements differ/);
    expect(renderHtml(r)).toContain('class="bad"');
    expect(renderText(r)).toContain('MISMATCHES (2)');
  });

  it('reports a backend that throws instead of hiding it', async () => {
    const input = await tinyInput('8-8-6-k3s1', 'broken');
    const broken: Backend = {
      name: 'broken',
      skipReason: () => null,
      async prepare() {
        return {
          run: () => {
            throw new Error('kaboom');
          },
          output: () => [],
          info: {},
          dispose() {},
        };
      },
    };
    const r: BenchResults = await runSuite({ ...input, backends: [broken] });
    expect(r.mismatches).toHaveLength(1);
    expect(r.mismatches[0]).toMatchObject({ backend: 'broken', phase: 'prepare' });
    expect(r.mismatches[0].error).toContain('kaboom');
    expect(renderMarkdown(r)).toContain('kaboom');
  });

  it('the headline scope (the default of npm start): i8conv, its other build where it runs, onnxruntime-web uint8; no kernel or relayout section', async () => {
    const { ort } = await loadOrtForNode();
    const input = await prepareSuite({
      quick: false,
      shapes: '8-8-6-k3s1',
      ort,
      scope: 'headline',
      networks: 'none',
      engine: { name: 'node', version: process.versions.node },
      machine: { platform: process.platform },
    });
    expect(input.scope).toBe('headline');
    expect(input.sampling).toEqual(HEADLINE_SAMPLING);
    expect(input.backends.map((b) => b.name)).toEqual([
      'i8conv',
      ...(input.builds.i8conv === 'relaxed'
        ? ['i8conv-simd128']
        : input.backends.some((b) => b.name === 'i8conv-relaxed')
          ? ['i8conv-relaxed']
          : []),
      'ort-web-uint8',
    ]);
    expect(input.builds.dotFlavour === null || typeof input.builds.dotFlavour === 'string').toBe(true);
    const r = await runSuite({ ...input, sampling: TINY });
    expect(validateResults(r)).toEqual([]);
    expect(r.options.scope).toBe('headline');
    expect(r.kernels).toEqual({ unavailable: NOT_IN_HEADLINE });
    expect(r.relayout).toEqual({ unavailable: NOT_IN_HEADLINE });
    expect(r.shapes[0].backends.i8conv.check).toBe('ok');
    expect(r.shapes[0].backends['ort-web-uint8'].check).toBe('ok');
    const text = renderText(r);
    expect(text).toMatch(/headline run \(i8conv and onnxruntime-web uint8 only; npm start -- --full/);
    expect(text).toMatch(
      /in short — i8conv (simd128|relaxed) \(kernels wasm\w+; relaxed dot flavour: \w+\) on node .*\n  suite: i8conv \/ onnxruntime-web = [0-9.]+x \(speed ratio, > 1: i8conv faster; geometric mean over 1 shapes/,
    );
    // without a shape list, the headline shapes
    const dflt = await prepareSuite({
      quick: false,
      ort,
      scope: 'headline',
      engine: { name: 'node', version: 'x' },
      machine: { platform: 'x' },
    });
    expect(dflt.shapes.map((s) => s.id)).toEqual(selectShapes('headline').map((s) => s.id));
  });

  it('the schema check rejects a malformed results object', () => {
    expect(validateResults({})).not.toEqual([]);
    expect(
      validateResults({ schema: 'i8conv-bench/2', shapes: [{ id: 'x', backends: { a: { gmacs: 'fast' } } }] }).join(
        '\n',
      ),
    ).toMatch(/shapes\[0\]\.backends\['a'\]\.gmacs/);
  });
});
