// The browser path of the suite (npm run bench:browser) on one tiny shape: headless Chromium loads the page
// from the local COOP/COEP server, runs i8conv and onnxruntime-web in the same page, checks both against the
// oracle, and the driver fills in which wasm files each engine ran. Needs `npm run build` (npm test does it).
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHROMIUM } from '../../fixtures/browser.js';
import { runInBrowser } from '../browser.js';
import { validateResults } from '../schema.js';

describe('bench in headless Chromium', () => {
  it('runs a tiny shape with i8conv and onnxruntime-web and states the wasm builds', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} (Debian's chromium) is required`).toBe(true);
    expect(existsSync('dist-bench/bench/browser-page.js'), 'run `npm run build` first').toBe(true);
    const r = await runInBrowser({ quick: true, shapes: '8-8-6-k3s1', filter: '/(i8conv|ort-web-uint8)$' });
    expect(validateResults(r)).toEqual([]);
    expect(r.engine.name).toBe('chromium');
    expect(r.errors).toEqual([]);
    expect(r.mismatches).toEqual([]);
    const s = r.shapes[0];
    expect(s.backends.i8conv.check).toBe('ok');
    expect(s.backends['ort-web-uint8'].check).toBe('ok');
    expect(r.builds.i8conv).toMatch(/^(simd128|relaxed)$/);
    expect(r.builds.ortWeb).toMatch(/ort-wasm-simd-threaded.*\.wasm/);
    expect(r.builds.i8convIsa).toMatch(/^wasm(simd|usdot|sdot)$/);
    expect(r.ceilingGmacs).toBeGreaterThan(1);
    // Chromium 156 computes the relaxed dot exactly (docs/engines.md#relaxed-dot-flavours), so the relaxed loop ran too.
    expect(r.ceilingRelaxedGmacs ?? 0).toBeGreaterThan(1);
  }, 90_000);
});
