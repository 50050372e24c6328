/**
 * The same WebGPU kernels inside headless Chromium (navigator.gpu, SwiftShader adapter there): the page
 * imports the built modules (dist/src/gpu, dist/kernels-ref) from a localhost server, runs one case per path
 * with int4 and int8 weights and one with the packed-dot gemm kernel forced, and compares with the oracle in
 * the page. Needs `npm run build` first
 * (`npm test` builds).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchChromium, serveDir, chromiumAvailable, type StaticServer } from './helpers/chromium.js';
import { VARIANTS } from '../src/gpu/index.js';

/** the packed-dot variant the page forces: the first of its family in the table */
const DOT = VARIANTS.find((v) => v.family === 'dot')!.name;

const PAGE = `<!doctype html><meta charset="utf-8"><title>i8conv gpu</title>
<script type="module">
import { createGpuRuntime, VARIANTS } from '/src/gpu/index.js';
import { quantizeMnn, lowMemConvRef, maxRelError, refShapeOf } from '/kernels-ref/lowmem-conv.js';
window.runCases = async () => {
  const gpu = await createGpuRuntime({ tuning: 'none' });
  const shapes = [
    { n: 3, ic: 13, ih: 1, iw: 1, oc: 10, fh: 1, fw: 1 },                                            // gemm
    { n: 1, ic: 7, ih: 5, iw: 6, oc: 9, fh: 1, fw: 1 },                                              // 1x1
    { n: 2, ic: 5, ih: 7, iw: 8, oc: 6, fh: 3, fw: 2, stride: [2, 1], pad: [1, 2], dilation: [1, 2] }, // general
  ];
  const results = [];
  let seed = 1;
  const rnd = () => { seed = (seed * 1103515245 + 12345) >>> 0; return seed / 2 ** 31 - 1; };
  // one case per path and weight type with the default choice, then the packed-dot kernel forced (int4, 300
  // channels: 10 blocks of 32, the last one partial)
  const cases = shapes.flatMap((sp) => [4, 8].map((bits) => ({ sp, bits })));
  cases.push({ sp: { n: 2, ic: 300, ih: 1, iw: 1, oc: 10, fh: 1, fw: 1 }, bits: 4, variant: VARIANTS.find((v) => v.family === 'dot').name });
  for (const { sp, bits, variant } of cases) {
    const asymmetric = bits === 4;
    const p = { ...sp, weightBits: bits, asymmetric, nonlinearity: 'relu', blockSize: 0, variant };
    const conv = gpu.lowMemoryConv(p);
    // sizes from the declared parameters and the oracle's own shape reading, not from the product's
    const x = Float32Array.from({ length: p.n * p.ic * p.ih * p.iw }, rnd);
    const w = Float32Array.from({ length: p.oc * p.ic * p.fh * p.fw }, rnd);
    const bias = Float32Array.from({ length: p.oc }, rnd);
    const q = quantizeMnn(w, p.oc, p.ic, p.fh, p.fw, { bits, asymmetric });
    conv.setWeights(q.data, q.scales, q.offsets, bias);
    const out = await conv.run(x);
    const ref = lowMemConvRef(refShapeOf(p, 'relu'), x, q.dequantized, bias);
    results.push({ path: conv.shape.path, bits, variant: conv.variant, err: maxRelError(out, ref), n: out.length, refN: ref.length });
    conv.dispose();
  }
  const info = gpu.device.adapterInfo ?? {};
  return { results, adapter: info.vendor + ' ' + info.architecture };
};
window.ready = true;
</script>`;

describe('WebGPU kernels in headless Chromium', () => {
  let srv: StaticServer;
  let browser: Browser;
  beforeAll(async () => {
    srv = await serveDir('dist', { pages: { '/gpu-test.html': PAGE } });
  });
  afterAll(async () => {
    await browser?.close();
    await srv?.close();
  });

  it('runs every path with int4 and int8 weights, and the packed-dot kernel, on navigator.gpu and matches the oracle', async () => {
    expect(chromiumAvailable(), 'Debian chromium must be installed (.ci/run installs it)').toBe(true);
    expect(existsSync('dist/src/gpu/index.js'), 'run npm run build first').toBe(true);
    browser = await launchChromium({ webgpu: true });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${srv.url}gpu-test.html`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, null, {
      timeout: 30_000,
    });
    const r = await page.evaluate(() =>
      (
        window as unknown as {
          runCases: () => Promise<{
            results: { path: string; bits: number; variant: string; err: number; n: number; refN: number }[];
            adapter: string;
          }>;
        }
      ).runCases(),
    );
    expect(errors).toEqual([]);
    expect(r.results.map((x) => x.path)).toEqual(['gemm', 'gemm', 'conv1x1', 'conv1x1', 'general', 'general', 'gemm']);
    expect(r.results[6].variant).toBe(DOT);
    for (const x of r.results) {
      expect(x.n).toBe(x.refN);
      // the packed-dot kernel keeps float32 accuracy: held to 1e-5 of max|ref| (MNN's 1e-3 for the rest)
      expect(x.err, `${x.path} int${x.bits} ${x.variant}`).toBeLessThanOrEqual(x.variant === DOT ? 1e-5 : 1e-3);
    }
  }, 180_000);
});
