// Threads (README, Threads): threaded outputs equal the oracle and one thread for every algorithm, with 1, 2 and 3 threads
// on this 2-core machine, odd task counts and more threads than tasks; the fallback reasons; dispose; a process with
// a runtime open exits; execAsync. In Node (here), Deno (npm `deno`) and headless Chromium served with COOP/COEP
// (threads) and without (the fallback and its reason).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
// the built library (dist/): its worker script is JavaScript, which the worker threads load
import { createRuntime, I8ConvError } from '../dist/src/index.js';
import { reference } from '../dist/kernels-ref/index.js';
import { checkThreads } from './engines/threads-check.mjs';
import { launchChromium, serveDir, type StaticServer } from './helpers/chromium.js';

const root = new URL('..', import.meta.url).pathname;
const deno = `${root}node_modules/@deno/linux-x64-glibc/deno`;

describe('threads in Node', () => {
  for (const threads of [2, 3]) {
    it(`${threads} threads: every algorithm equals the oracle and the one-thread output`, async () => {
      const r = await checkThreads(threads);
      expect(r.threading).toEqual({ enabled: true, threads, reason: 'enabled' });
      expect(r.threadedCases).toBe(r.cases);
      expect(r.failures).toEqual([]);
      expect(r.algorithms).toHaveLength(11);
    });
  }

  it('1 thread, auto, and the reasons', async () => {
    const one = await createRuntime();
    expect(one.threading).toEqual({ enabled: false, threads: 1, reason: 'threads: 1 requested' });
    expect(one.threads).toBe(1);
    const auto = await createRuntime({ threads: 'auto' });
    expect(auto.threads).toBeGreaterThanOrEqual(1);
    expect(auto.threading.enabled).toBe(auto.threads > 1);
    auto.dispose();
    await expect(createRuntime({ threads: 0 })).rejects.toMatchObject({ code: 'INVALID_PARAM', param: 'threads' });
    await expect(createRuntime({ threads: 'all' as never })).rejects.toBeInstanceOf(I8ConvError);
  });

  it('small convolutions stay on the calling thread; an operator planned for fewer slices than threads too', async () => {
    const rt = await createRuntime({ threads: 2 });
    const p = {
      format: 'NCHW44' as const,
      n: 1,
      ic: 8,
      ih: 6,
      iw: 6,
      oc: 8,
      fh: 3,
      fw: 3,
      pad: 1,
      srcScale: 0.1,
      filterScale: 0.01,
      dstScale: 0.2,
    };
    expect(rt.convBias(p).threaded).toBe(false); // 20 K multiply-adds
    expect(rt.convBias(p, { minThreadedMacs: 0 }).threaded).toBe(true);
    expect(rt.convBias(p, { minThreadedMacs: 0, threads: 1 }).threaded).toBe(false);
    expect(rt.convBias({ ...p, ih: 64, iw: 64, ic: 64, oc: 64 }).threaded).toBe(true);
    // the operators that never use the threads live in the runtime's non-shared companion memory (copies into a
    // shared one are slower) and are planned for one thread; they compute what a one-thread runtime does
    const small = rt.convBias(p);
    const big = rt.convBias({ ...p, ih: 64, iw: 64, ic: 64, oc: 64 });
    const coreOf = (c: unknown) => (c as { core: { memory: WebAssembly.Memory } }).core.memory.buffer;
    expect(coreOf(small) instanceof SharedArrayBuffer).toBe(false);
    expect(coreOf(big) instanceof SharedArrayBuffer).toBe(true);
    expect(small.workspaceBytes).toBe((await createRuntime()).convBias(p).workspaceBytes);
    const w = Int8Array.from({ length: small.params.filterLength }, (_, i) => ((i * 7) % 255) - 127);
    const src = Int8Array.from({ length: small.params.srcLength }, (_, i) => ((i * 13) % 255) - 127);
    small.setFilter(w);
    const out = new Int8Array(small.params.dstLength);
    small.exec(src, out);
    expect(Array.from(out)).toEqual(Array.from(reference.convBias(p, src, w)));
    rt.dispose();
    expect(() => small.exec(src, out)).toThrow(expect.objectContaining({ code: 'DISPOSED' }));
  });

  it("a one-task kernel runs on the calling thread: no job for the workers (a VAD's LSTM, a short region)", async () => {
    const { JOB } = await import('../dist/src/threads/protocol.js');
    const rt = await createRuntime({ threads: 2 });
    try {
      const pool = (rt.core as unknown as { pool: { run: (...a: unknown[]) => void; job: Int32Array } }).pool;
      const exportsOf = rt.core as unknown as { exports: Record<string, unknown> };
      const gen0 = Atomics.load(pool.job, JOB.GEN);
      // a one-task relayout of a 4-channel float plane (NCHW -> NCHW44) through pool.run, against the plain copy
      const { Relayout } = await import('../dist/src/model/backends/wasm-int8/relayout.js');
      const k = new Relayout(rt.core, { node: 'r', type: 'float32', dims: [1, 4, 3, 5], from: 'NCHW', to: 'NCHW44' });
      expect(k.dispatch.map((d) => d.range.reduce((a, b) => a * b, 1))).toEqual([1]);
      const { GuardedBlocks } = await import('../dist/src/heap.js');
      const blocks = new GuardedBlocks(rt.core as never, { param: 'test', what: 'buffers' });
      const src = blocks.alloc(240);
      const dst = blocks.alloc(240);
      const f = new Float32Array(rt.core.memory.buffer, src, 60);
      for (let i = 0; i < 60; i++) f[i] = i;
      for (const d of k.dispatch) pool.run(exportsOf.exports, d, { ctx: k.ctx, src, dst, slices: 0 });
      expect(Atomics.load(pool.job, JOB.GEN)).toBe(gen0);
      const y = Array.from(new Float32Array(rt.core.memory.buffer, dst, 60));
      const want = Array.from({ length: 60 }, (_, i) => (i % 4) * 15 + (i >> 2));
      expect(y).toEqual(want);
      k.dispose();
      blocks.release();
    } finally {
      rt.dispose();
    }
  });

  it('dispose ends the workers: operators raise DISPOSED, before writing dst', async () => {
    const rt = await createRuntime({ threads: 2 });
    const p = {
      format: 'NCHW44' as const,
      n: 1,
      ic: 16,
      ih: 16,
      iw: 16,
      oc: 16,
      fh: 3,
      fw: 3,
      pad: 1,
      srcScale: 0.1,
      filterScale: 0.01,
      dstScale: 0.2,
    };
    const conv = rt.convBias(p, { minThreadedMacs: 0 });
    conv.setFilter(new Int8Array(conv.params.filterLength).fill(1));
    const src = new Int8Array(conv.params.srcLength).fill(2);
    const dst = new Int8Array(conv.params.dstLength).fill(77);
    rt.dispose();
    expect(() => conv.exec(src, dst)).toThrow(expect.objectContaining({ code: 'DISPOSED' }));
    expect(dst.every((v) => v === 77)).toBe(true);
    rt.dispose(); // twice is harmless
  });

  it('execAsync: the workers compute, the caller awaits; RUNTIME_BUSY meanwhile', async () => {
    const rt = await createRuntime({ threads: 3 });
    const p = {
      format: 'NCHW44' as const,
      n: 1,
      ic: 32,
      ih: 30,
      iw: 30,
      oc: 32,
      fh: 3,
      fw: 3,
      pad: 1,
      srcScale: 0.1,
      filterScale: 0.01,
      dstScale: 0.4,
      biasMode: 'channel' as const,
    };
    const conv = rt.convBias(p);
    const w = Int8Array.from({ length: conv.params.filterLength }, (_, i) => ((i * 7) % 255) - 127);
    const b = Int32Array.from({ length: 32 }, (_, i) => i * 11 - 100);
    conv.setFilter(w);
    conv.setBias(b);
    const src = Int8Array.from({ length: conv.params.srcLength }, (_, i) => ((i * 13) % 255) - 127);
    const dst = new Int8Array(conv.params.dstLength);
    const pending = conv.execAsync(src, dst);
    expect(() => conv.exec(src, new Int8Array(conv.params.dstLength))).toThrow(
      expect.objectContaining({ code: 'RUNTIME_BUSY' }),
    );
    await pending;
    expect(Array.from(dst)).toEqual(Array.from(reference.convBias(p, src, w, b)));
    const again = new Int8Array(conv.params.dstLength);
    conv.exec(src, again); // usable afterwards
    expect(Array.from(again)).toEqual(Array.from(dst));
    // a small convolution whose workers may end before execAsync's first await: still busy until it resolves
    const tp = { ...p, ic: 4, oc: 4, ih: 6, iw: 6, biasMode: 'none' as const };
    const tiny = rt.convBias(tp, { minThreadedMacs: 0 });
    expect(tiny.threaded).toBe(true);
    const tw = Int8Array.from({ length: tiny.params.filterLength }, (_, i) => ((i * 5) % 255) - 127);
    tiny.setFilter(tw);
    const ts = Int8Array.from({ length: tiny.params.srcLength }, (_, i) => ((i * 3) % 255) - 127);
    const expected = Array.from(reference.convBias(tp, ts, tw));
    for (let i = 0; i < 20; i++) {
      const td = new Int8Array(tiny.params.dstLength);
      const run = tiny.execAsync(ts, td);
      expect(() => tiny.exec(ts, new Int8Array(tiny.params.dstLength))).toThrow(
        expect.objectContaining({ code: 'RUNTIME_BUSY' }),
      );
      await run;
      expect(Array.from(td)).toEqual(expected);
    }
    rt.dispose();
  });

  it('execAsync of a runtime disposed while it runs rejects with DISPOSED (it does not hang)', async () => {
    const rt = await createRuntime({ threads: 2 });
    const p = {
      format: 'NCHW44' as const,
      n: 1,
      ic: 64,
      ih: 56,
      iw: 56,
      oc: 64,
      fh: 3,
      fw: 3,
      pad: 1,
      srcScale: 0.1,
      filterScale: 0.01,
      dstScale: 0.4,
    };
    const conv = rt.convBias(p);
    conv.setFilter(new Int8Array(conv.params.filterLength).fill(1));
    const src = new Int8Array(conv.params.srcLength).fill(1);
    const pending = conv.execAsync(src, new Int8Array(conv.params.dstLength));
    rt.dispose();
    await expect(pending).rejects.toMatchObject({ code: 'DISPOSED' });
  });

  it('a Node process with a threaded runtime open exits when its work is done', () => {
    const script = `import('${root}dist/src/index.js').then(async (m) => {
      const rt = await m.createRuntime({ threads: 2 });
      const c = rt.convBias({ format: 'NCHW44', n: 1, ic: 64, ih: 32, iw: 32, oc: 64, fh: 3, fw: 3, pad: 1, srcScale: 0.1, filterScale: 0.01, dstScale: 0.2 });
      c.setFilter(new Int8Array(c.params.filterLength).fill(1));
      const d = new Int8Array(c.params.dstLength); c.exec(new Int8Array(c.params.srcLength).fill(1), d);
      console.log(rt.threading.enabled, c.threaded, d[0]);
    })`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^true true -?\d+$/);
  });
});

describe('threads in Deno (node:worker_threads)', () => {
  it('2 threads: every algorithm equals the oracle and one thread, and the process exits', () => {
    const out = execFileSync(deno, ['run', '--allow-read', 'test/engines/threads-check.mjs', '2'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const r = JSON.parse(out.trim().split('\n').pop()!);
    expect(r.engine).toMatch(/^deno /);
    expect(r.threading).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
    expect(r.threadedCases).toBe(r.cases);
    expect(r.failures).toEqual([]);
  });
});

describe('threads in headless Chromium', () => {
  let browser: Browser;
  let isolated: StaticServer;
  let plain: StaticServer;
  beforeAll(async () => {
    browser = await launchChromium();
    const page = '<!doctype html><title>i8conv threads</title>';
    isolated = await serveDir(root, { crossOriginIsolated: true, pages: { '/index.html': page } });
    plain = await serveDir(root, { pages: { '/index.html': page } });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await isolated?.close();
    await plain?.close();
  });

  async function open(url: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${url}index.html`);
    return page;
  }

  it("cross-origin isolated (COOP/COEP): 2 threads, every algorithm exact, from the page's main thread", async () => {
    const page = await open(isolated.url);
    const r = (await page.evaluate(
      `import('/test/engines/threads-check.mjs').then((m) => m.checkThreads(2))`,
    )) as Awaited<ReturnType<typeof checkThreads>>;
    expect(r.threading).toEqual({ enabled: true, threads: 2, reason: 'enabled' });
    expect(r.threadedCases).toBe(r.cases);
    expect(r.failures).toEqual([]);
    // execAsync leaves the page's thread free
    const a = await page.evaluate(`import('/dist/src/index.js').then(async (m) => {
      const rt = await m.createRuntime({ threads: 2 });
      const c = rt.convBias({ format: 'NCHW44', n: 1, ic: 32, ih: 32, iw: 32, oc: 32, fh: 3, fw: 3, pad: 1, srcScale: 0.1, filterScale: 0.01, dstScale: 0.4 });
      c.setFilter(new Int8Array(c.params.filterLength).fill(1));
      const d = new Int8Array(c.params.dstLength);
      await c.execAsync(new Int8Array(c.params.srcLength).fill(1), d);
      const e = new Int8Array(c.params.dstLength);
      c.exec(new Int8Array(c.params.srcLength).fill(1), e);
      return { same: d.every((v, i) => v === e[i]), nonzero: d.some((v) => v !== 0), threaded: c.threaded };
    })`);
    expect(a).toEqual({ same: true, nonzero: true, threaded: true });
    await page.close();
  }, 120_000);

  it('not cross-origin isolated: one thread, and it says why', async () => {
    const page = await open(plain.url);
    const t = await page.evaluate(
      `import('/dist/src/index.js').then(async (m) => (await m.createRuntime({ threads: 2 })).threading)`,
    );
    expect(t).toEqual({ enabled: false, threads: 1, reason: expect.stringMatching(/not cross-origin isolated/) });
    await page.close();
  }, 60_000);
});
