// The convolution in headless Firefox ESR (Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi).
// SpiderMonkey computes relaxed_dot_i8x16_i7x16_add_s the pmaddubsw way (b lanes unsigned, pair sums saturated to
// int16), so with a Firefox that has relaxed SIMD this is where the probe's 'saturating' flavour and the relaxed
// build's 7-bit split kernels run for real: both builds must equal the oracle, and the default must stay SIMD128
// there. (Node 20 --no-liftoff lowers the dot the same way: test/conv-engines.test.ts runs the split kernels there
// too, whatever Firefox the machine has.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { serveDir, type StaticServer } from './helpers/chromium.js';

const root = new URL('..', import.meta.url).pathname;
const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
let browser: Browser;
let page: Page;
let srv: StaticServer;

beforeAll(async () => {
  expect(existsSync(FIREFOX), `${FIREFOX} missing: apt-get install firefox-esr (.ci/run does)`).toBe(true);
  srv = await serveDir(root, { pages: { 'ff.html': '<!doctype html><title>i8conv</title>' } });
  browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
  });
  page = await browser.newPage();
  await page.goto(`${srv.url}ff.html`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await srv?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const check = async (build: string, count: number): Promise<any> =>
  JSON.parse(
    (await page.evaluate(
      `import('/test/engines/conv-check.mjs').then((m) => m.checkBuild('${build}', ${count})).then((r) => JSON.stringify(r))`,
    )) as string,
  );

describe('headless Firefox ESR', () => {
  // Debian's firefox-esr was 153 (relaxed SIMD on) when this test was written and is 140.12 ESR on the mirror seen
  // since (no relaxed SIMD, and its pref javascript.options.wasm_relaxed_simd did not turn it on). Either way the probe must say what the engine has,
  // the default build must be exact, and the relaxed build runs only where the dot exists.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let f: any;
  it('probes the relaxed dot: the saturating flavour on both tiers where relaxed SIMD exists, none elsewhere', async () => {
    f = await page.evaluate(`import('/dist/src/features.js').then((m) => m.probeFeatures())`);
    if (f.relaxedSimd) {
      expect(f).toMatchObject({
        simd128: true,
        relaxedSimd: true,
        relaxedDotExact: true,
        dotFlavour: 'saturating',
        dotFlavourTiers: ['saturating', 'saturating'],
      });
    } else {
      expect(f).toMatchObject({ simd128: true, relaxedSimd: false, relaxedDotExact: false, dotFlavour: null });
    }
  });

  // Which of the next two runs depends on the Firefox installed: the other is reported skipped, so a Firefox
  // without relaxed SIMD never reads as a pass of the split kernels.
  it('runs the relaxed build with the 7-bit split kernels exactly like the oracle, every variant included', async (ctx) => {
    if (!f.relaxedSimd)
      ctx.skip(`this Firefox (${await page.browser().version()}) has no relaxed SIMD: the split kernels cannot run`);
    const r = await check('relaxed', 50);
    expect(r.isa).toBe('wasmrelaxedsimd');
    expect(r.features.build).toBe('relaxed');
    expect(r.cases).toBeGreaterThan(150);
    expect(r.failures).toEqual([]);
    expect(r.missing).toEqual([]);
  }, 240_000);

  it('refuses the relaxed build with a typed error where relaxed SIMD is absent', async (ctx) => {
    if (f.relaxedSimd) ctx.skip('this Firefox has relaxed SIMD: the refusal cannot be exercised');
    const err = await page.evaluate(
      `import('/dist/src/index.js').then((m) => m.createRuntime({ build: 'relaxed' })).then(() => 'loaded', (e) => e.code + ' ' + e.param)`,
    );
    expect(err).toBe('NO_RELAXED_SIMD build');
  });

  it('runs the SIMD128 build (its default there) exactly like the oracle', async () => {
    const r = await check('auto', 50);
    expect(r.features.build).toBe('simd128');
    expect(r.isa).toBe('wasmsimd');
    expect(r.failures).toEqual([]);
    expect(r.missing).toEqual([]);
  }, 240_000);
});
