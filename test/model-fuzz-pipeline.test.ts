// The whole pipeline on untrusted bytes (docs/testing.md, "Fuzzing the whole pipeline"): CASES seeded mutations of
// six small real models (tools/fuzz/: byte flips, truncation, varint inflation, dims 0 / negative / 2^31, short
// raw_data, wrong element types, dangling inputs, cycles, duplicate outputs, huge attribute values, TFLite fields),
// each loaded, run on feeds of its declared shapes and disposed in a supervised child process. Every case must run
// or be refused with an I8ConvError, leave the heap at its level, keep every guard band, and neither crash, hang
// (10 s) nor blow the memory up; a failure lists each bad case, which `npm run fuzz -- --seed SEED --only INDEX`
// runs again. The supervisor itself is checked first, on faults injected into its child.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import { runCase } from '../tools/fuzz/child.js';
import { MUTATION_KINDS, makeCase, type Seed } from '../tools/fuzz/mutate.js';
import { buildSeeds } from '../tools/fuzz/seeds.js';
import { childPath, runFuzz, writeSeeds } from '../tools/fuzz/supervise.js';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const SEED = 20261206;
const CASES = 400;

describe('the whole pipeline on mutated models, supervised', () => {
  let seeds: Seed[];
  let dir: string;
  beforeAll(async () => {
    seeds = await buildSeeds(root);
    dir = mkdtempSync(join(tmpdir(), 'i8conv-fuzz-'));
    writeSeeds(seeds, dir);
  });
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('the child is built (npm run build) and every seed loads, runs and disposes cleanly in this process', async () => {
    expect(existsSync(childPath(root)), 'build first: npm run build').toBe(true);
    expect(seeds.map((s) => s.format).sort()).toEqual(['onnx', 'onnx', 'onnx', 'onnx', 'tflite', 'tflite']);
    const rt = await createRuntime({ threads: 1 });
    for (const s of seeds) for (const k of [0, 1]) expect(runCase(rt, s.bytes, k).outcome, s.name).toBe('ok');
    rt.dispose();
  });

  it('cases are made again from (seed, index) alone', () => {
    for (const i of [0, 7, 399]) expect(makeCase(seeds, SEED, i)).toEqual(makeCase(seeds, SEED, i));
    expect(makeCase(seeds, SEED, 1).bytes).not.toEqual(makeCase(seeds, SEED + 1, 1).bytes);
  });

  it("a TFLite operator that names no tensor (-1) as a required input is BAD_MODEL (the reader's fix; fuzz seed 1, case 2565)", async () => {
    const c = makeCase(seeds, 1, 2565);
    expect([c.seed, c.kind, c.what]).toEqual(['mini-tflite', 'tfl-io', 'operator 8: an input index = -1']);
    const rt = await createRuntime({ threads: 1 });
    expect(runCase(rt, c.bytes, 0)).toEqual({ outcome: 'refused BAD_MODEL' });
    rt.dispose();
  });

  it('the supervisor sees a crash, a hang, a leak and an untyped error, and goes on with the next case', async () => {
    const got: string[] = [];
    const r = await runFuzz({
      root,
      seedsDir: dir,
      seed: SEED,
      indices: [0, 1, 2, 3, 4, 5, 6, 7],
      jobs: 1,
      caseMs: 3000,
      env: { I8CONV_FUZZ_FAULTS: '1:crash,3:hang,5:leak,6:throw' },
      onCase: (c) => got.push(`${c.i} ${c.outcome}`),
    });
    const by = new Map(r.results.map((c) => [c.i, c.outcome]));
    expect(r.results.map((c) => c.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(by.get(1)).toBe('crash');
    expect(by.get(3)).toBe('hang');
    expect(by.get(5)).toBe('leak');
    expect(by.get(6)).toBe('untyped');
    expect(r.children).toBe(3); // the first, and one after the crash and the hang
    expect(r.bad.map((c) => c.i)).toEqual([1, 3, 5, 6]);
    expect(got).toHaveLength(8);
  }, 60_000);

  it(`${CASES} cases (seed ${SEED}): every one runs or is refused with a typed error, and nothing is left behind`, async () => {
    const r = await runFuzz({ root, seedsDir: dir, seed: SEED, indices: [...Array(CASES).keys()], jobs: 2 });
    const describeCase = (i: number) => {
      const c = makeCase(seeds, SEED, i);
      return `${c.seed}, ${c.kind} (${c.what})`;
    };
    console.log(
      `fuzz: ${CASES} cases in ${(r.ms / 1000).toFixed(1)} s, ${r.children} child processes: ${Object.entries(r.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    expect(r.results).toHaveLength(CASES);
    expect(
      r.bad.map((b) => `case ${b.i}: ${describeCase(b.i)}: ${b.outcome}${b.detail ? ` — ${b.detail}` : ''}`),
      `reproduce: npm run fuzz -- --seed ${SEED} --only INDEX`,
    ).toEqual([]);
    // not vacuous: a good share of the cases load and run, and every mutation kind was made
    expect(r.counts.ok ?? 0).toBeGreaterThan(CASES / 10);
    const kinds = new Set([...Array(CASES).keys()].map((i) => makeCase(seeds, SEED, i).kind));
    expect([...MUTATION_KINDS].filter((k) => !kinds.has(k))).toEqual([]);
  }, 180_000);
});
