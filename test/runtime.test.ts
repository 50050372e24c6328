import { describe, expect, it } from 'vitest';
import { createRuntime } from '../src/index.js';

describe('runtime', () => {
  it('loads the SIMD128 build and reports features', async () => {
    const rt = await createRuntime({ build: 'simd128' });
    expect(rt.features.simd128).toBe(true);
    expect(rt.features.build).toBe('simd128');
    expect(typeof rt.features.relaxedDotExact).toBe('boolean');
  });
  it('heap allocates aligned blocks and reuses freed space', async () => {
    const rt = await createRuntime({ build: 'simd128' });
    const h = rt.core.heap;
    const a = h.alloc(100, 64);
    const b = h.alloc(1 << 20, 512);
    expect(a % 64).toBe(0);
    expect(b % 512).toBe(0);
    expect(rt.core.memory.buffer.byteLength).toBeGreaterThanOrEqual(b + (1 << 20));
    h.release(a);
    h.release(b);
    expect(h.bytesInUse).toBe(0);
    const c = h.alloc(64, 64);
    expect(c).toBe(a);
  });
});

describe('package entry points', () => {
  it("'i8conv' and 'i8conv/reference' resolve through package.json exports to the built files", async () => {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', [
      "const m = await import('i8conv');",
      "const { reference } = await import('i8conv/reference');",
      'const rt = await m.createRuntime();',
      "console.log(JSON.stringify({ api: typeof m.createRuntime, err: typeof m.I8ConvError, gpu: typeof m.createGpuRuntime, ref: typeof reference.convBias, build: rt.features.build }));",
    ].join('\n')], { cwd: new URL('..', import.meta.url).pathname, encoding: 'utf8' });
    // the default build: relaxed where the relaxed dot takes full 8-bit lanes (Node 22+ on x86 with VNNI), else SIMD128
    const { probeFeatures } = await import('../src/features.js');
    const f = await probeFeatures();
    const build = f.dotFlavour === 'usdot' || f.dotFlavour === 'sdot' ? 'relaxed' : 'simd128';
    expect(JSON.parse(out)).toEqual({ api: 'function', err: 'function', gpu: 'function', ref: 'function', build });
  });
});
