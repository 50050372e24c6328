// A/B of the NCHW44 dot tiles in headless Chromium, as tools/ab-kernels.mjs does in Node / Deno: every tile of the
// ISA for each shape forced by name (lab build), and the heuristic's own choice ('auto'), interleaved in one page;
// prints the best GMAC/s of each. Usage (after npm run build):
//   node tools/ab-kernels-browser.mjs '[[ic, oc, hw, k, stride], ...]' [seconds per shape] [isa]   (ic < 4: first-layer format)
// isa: wasmsimd (default: the SIMD128 build) or wasmrelaxeddot (the relaxed build's dot8 tiles, where the machine's
// relaxed dot is exact). --firefox (anywhere in the arguments): headless Firefox ESR instead (puppeteer-core over
// WebDriver BiDi, as bench/browser.ts --firefox). --winograd: shapes are [ic, oc, hw, k?] (stride 1, 3x3 unless k is 5 or 7), and the page
// runs the direct NCHW44 algorithm against the Winograd F(2, 3) one with each of its GEMM kernels (as
// tools/ab-winograd.mjs does in Node; both run tools/ab-winograd-core.mjs).
import { chromium } from 'playwright-core';
import { startServer, CHROMIUM, CHROMIUM_FLAGS, FIREFOX } from '../dist-bench/fixtures/browser.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const firefox = process.argv.includes('--firefox');
const winograd = process.argv.includes('--winograd');
const args = process.argv.slice(2).filter((a) => a !== '--firefox' && a !== '--winograd');
const shapes = JSON.parse(args[0]);
const secs = Number(args[1] ?? 3);
const isa = args[2] ?? 'wasmsimd';
// tools/ served too: the page imports tools/ab-winograd-core.mjs
const srv = await startServer(undefined, {}, { served: ['tools/', 'bench/browser/'] });
let ctx, page;
if (firefox) {
  const puppeteer = (await import('puppeteer-core')).default;
  ctx = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX,
    headless: true,
    protocolTimeout: 0,
  });
  page = await ctx.newPage();
} else {
  ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'abc-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  page = ctx.pages()[0] ?? (await ctx.newPage());
}
page.on('pageerror', (e) => console.error('pageerror', String(e)));
await page.goto(`${srv.origin}/bench/browser/index.html`);
const out = await page.evaluate(
  async ([shapes, secs, isa, winograd]) => {
    const { KERNELS, WINOGRAD_KERNELS } = await import('/dist-bench/src/index.js');
    const { createLabRuntime } = await import('/dist-bench/lab/index.js');
    const rt = await createLabRuntime({ build: isa === 'wasmsimd' ? 'simd128' : 'relaxed' });
    const lines = [navigator.userAgent.match(/(Chrome|Firefox)\/\S+/)?.[0] + ' tiles=' + rt.features.simdTiles];
    if (winograd) {
      const { abWinograd } = await import('/tools/ab-winograd-core.mjs');
      lines.push(...abWinograd(rt, WINOGRAD_KERNELS, shapes, secs, { auto: true }));
      return lines;
    }
    for (const [ic, oc, h, k, s] of shapes) {
      const p = {
        format: ic < 4 ? 'NCHW_NCHW44' : 'NCHW44',
        n: 1,
        ic,
        ih: h,
        iw: h,
        oc,
        fh: k,
        fw: k,
        stride: s,
        pad: k >> 1,
        srcScale: 0.02,
        filterScale: 0.01,
        dstScale: 0.05,
        biasMode: 'channel',
        nonlinearity: 'relu',
      };
      const names = KERNELS.filter((v) => v.isa === isa && v.fw === k && v.stride === s && v.role !== 'tail').map(
        (v) => v.name,
      );
      const convs = names.map((n) => {
        const c = rt.convBias(p, { kernel: n });
        c.setFilter(new Int8Array(c.params.filterLength).fill(3));
        c.setBias(new Int32Array(oc));
        return c;
      });
      const auto = rt.convBias(p);
      auto.setFilter(new Int8Array(auto.params.filterLength).fill(3));
      auto.setBias(new Int32Array(oc));
      const all = [...convs, auto];
      const src = new Int8Array(convs[0].params.srcLength).map((_, i) => ((i * 7) % 251) - 125);
      const dst = new Int8Array(convs[0].params.dstLength);
      const best = all.map(() => Infinity);
      const end = performance.now() + secs * 1000;
      while (performance.now() < end)
        all.forEach((c, i) => {
          const t0 = performance.now();
          c.exec(src, dst);
          best[i] = Math.min(best[i], performance.now() - t0);
        });
      lines.push(
        `${ic}->${oc} ${h}^2 ${k}x${k} s${s}: ` +
          names.map((n, i) => `${n.split('_')[4]} ${(convs[0].params.macs / best[i] / 1e6).toFixed(1)}`).join('  ') +
          `  | auto(${auto.kernels.join('+').split('_').slice(4, 5)}) ${(convs[0].params.macs / best[all.length - 1] / 1e6).toFixed(1)}`,
      );
    }
    return lines;
  },
  [shapes, secs, isa, winograd],
);
console.log(out.join('\n'));
await ctx.close();
await srv.close();
