// The convolution in headless Chromium 156 (Debian's /usr/bin/chromium through playwright-core): both wasm
// builds load from the built JavaScript (no Node built-ins on that path) and equal the oracle there.
// Files are served by intercepting requests to a made-up origin, so no server or port is involved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from '../fixtures/browser.js';

const root = new URL('..', import.meta.url).pathname;
const ORIGIN = 'http://i8conv.test';
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  ctx = await chromium.launchPersistentContext('', { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  page = ctx.pages()[0] ?? (await ctx.newPage());
  await page.route(`${ORIGIN}/**`, (route) => {
    const rel = normalize(decodeURIComponent(new URL(route.request().url()).pathname)).replace(/^\/+/, '');
    const file = join(root, rel);
    if (rel === '') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>i8conv</title>' });
    if (!file.startsWith(root) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    const type =
      { '.js': 'text/javascript', '.mjs': 'text/javascript', '.map': 'application/json' }[extname(file)] ??
      'application/octet-stream';
    return route.fulfill({ contentType: type, body: readFileSync(file) });
  });
  await page.goto(`${ORIGIN}/`);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('headless Chromium', () => {
  for (const build of ['simd128', 'relaxed']) {
    it(`runs the ${build} build exactly like the oracle, every ${build} variant included`, async () => {
      // a string, so that vitest's transform leaves the page's dynamic import alone
      const res = await page.evaluate(
        `import('/test/engines/conv-check.mjs').then((m) => m.checkBuild('${build}', 60))`,
      );
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const r = res as any;
      expect(r.features.build).toBe(build);
      // the relaxed build runs the kernels of the probed flavour (V8 on x86 with AVX-VNNI: usdot)
      const flavourIsa = { usdot: 'wasmusdot', sdot: 'wasmsdot' }[r.features.dotFlavour as string] ?? 'wasmrelaxedsimd';
      expect(r.isa).toBe(build === 'relaxed' ? flavourIsa : 'wasmsimd');
      expect(r.cases).toBeGreaterThan(60);
      expect(r.failures).toEqual([]);
      expect(r.missing).toEqual([]);
    }, 120_000);
  }

  it('its relaxed dot passes the probe, the same flavour on both tiers (newer V8 is right in every tier)', async () => {
    const f = await page.evaluate(`import('/dist/src/features.js').then((m) => m.probeFeatures())`);
    expect(f).toMatchObject({ simd128: true, relaxedSimd: true, relaxedDotExact: true });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const ff = f as any;
    expect(ff.dotFlavourTiers).toEqual([ff.dotFlavour, ff.dotFlavour]);
  });
});
