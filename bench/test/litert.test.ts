// The XNNPACK peer (bench/litert.ts, backend xnnpack-litert): the TFLite model writer (fixtures/tflite-model.ts) in
// Node, then LiteRT.js in headless Chromium (Debian's /usr/bin/chromium through playwright-core, the pages from
// bench/browser.ts's COOP/COEP server): the models load with the expected tensor types, and every output equals
// the oracle (kernels-ref reference.convBias, rounding half-even) exactly, on both single-threaded builds
// (relaxed SIMD and the SIMD128 "compat" build), SAME and PAD + VALID padding, CONV_2D and DEPTHWISE_CONV_2D,
// per-tensor and per-channel filter scales, and on problems where half the values are exact ties (x.5).
// Needs the compiled bench in dist/ (`npx tsc -p tsconfig.build.json`).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, startServer, type StaticServer } from '../../fixtures/browser.js';
import { buildTfliteConvModel, tfliteSkipReason, type TfliteConvSpec } from '../../fixtures/tflite-model.js';

function spec(
  o: Partial<TfliteConvSpec> & { ic: number; oc: number; ih: number; k: number; stride: number; pad: number },
): TfliteConvSpec {
  const group = o.group ?? 1;
  return {
    iw: o.ih,
    group,
    srcScale: 0.02,
    filterScale: 0.01,
    dstScale: 0.1,
    weights: new Int8Array(o.oc * (o.ic / group) * o.k * o.k).map((_, i) => ((i * 37) % 255) - 127),
    bias: new Int32Array(o.oc).map((_, i) => i * 10 - 40),
    ...o,
  };
}

/** Reads a little-endian u32 / i32 / u16. */
const u32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint32(at, true);
const i32 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getInt32(at, true);
const u16 = (b: Uint8Array, at: number) => new DataView(b.buffer, b.byteOffset).getUint16(at, true);

describe('TFLite model writer', () => {
  it("writes a flatbuffer with the 'TFL3' identifier and schema version 3", () => {
    const m = buildTfliteConvModel(spec({ ic: 8, oc: 8, ih: 9, k: 3, stride: 1, pad: 1 }));
    const b = m.bytes;
    expect(String.fromCharCode(...b.subarray(4, 8))).toBe('TFL3');
    const root = u32(b, 0);
    expect(root % 4).toBe(0);
    expect(root).toBeLessThan(b.length);
    // root table -> vtable; field 0 (version) is present and holds 3
    const vtable = root - i32(b, root);
    const versionAt = u16(b, vtable + 4);
    expect(versionAt).toBeGreaterThan(0);
    expect(u32(b, root + versionAt)).toBe(3);
    // the filter (8*8*3*3 bytes) and the bias are stored in the model
    expect(b.length).toBeGreaterThan(8 * 8 * 9 + 8 * 4);
    expect(m.inputShape).toEqual([1, 9, 9, 8]);
    expect(m.outputShape).toEqual([1, 9, 9, 8]);
  });

  it('writes SAME where it is the k/2 padding, PAD + VALID where it is not, VALID for pad 0', () => {
    const pick = (o: Parameters<typeof spec>[0]) => buildTfliteConvModel(spec(o));
    expect(pick({ ic: 8, oc: 8, ih: 9, k: 3, stride: 1, pad: 1 }).padding).toBe('SAME');
    expect(pick({ ic: 8, oc: 8, ih: 9, k: 7, stride: 1, pad: 3 }).padding).toBe('SAME');
    expect(pick({ ic: 8, oc: 8, ih: 9, k: 1, stride: 1, pad: 0 }).padding).toBe('SAME');
    // stride 2 on an even size: SAME pads 0 before, 1 after; k/2 pads 1 before
    expect(pick({ ic: 8, oc: 8, ih: 10, k: 3, stride: 2, pad: 1 }).padding).toBe('PAD+VALID');
    expect(pick({ ic: 8, oc: 12, ih: 10, k: 5, stride: 2, pad: 2 }).outputShape).toEqual([1, 5, 5, 12]);
    // 2x2 with pad 1: one more output than SAME
    expect(pick({ ic: 8, oc: 8, ih: 9, k: 2, stride: 1, pad: 1 }).padding).toBe('PAD+VALID');
    expect(pick({ ic: 8, oc: 8, ih: 9, k: 2, stride: 1, pad: 1 }).outputShape).toEqual([1, 10, 10, 8]);
    expect(pick({ ic: 8, oc: 8, ih: 9, k: 2, stride: 2, pad: 0 }).padding).toBe('VALID');
    expect(pick({ ic: 8, oc: 8, ih: 9, k: 3, stride: 1, pad: 1, forcePadOp: true }).padding).toBe('PAD+VALID');
    const dw = pick({ ic: 8, oc: 8, ih: 9, k: 3, stride: 1, pad: 1, group: 8 });
    expect(dw.op).toBe('DEPTHWISE_CONV_2D');
  });

  it('refuses groups other than 1 and channel-wise, with a reason', () => {
    expect(tfliteSkipReason({ ic: 8, oc: 8, group: 1 })).toBeNull();
    expect(tfliteSkipReason({ ic: 8, oc: 8, group: 8 })).toBeNull();
    expect(tfliteSkipReason({ ic: 8, oc: 8, group: 2 })).toMatch(/grouped/);
    expect(tfliteSkipReason({ ic: 8, oc: 16, group: 8 })).toMatch(/grouped/);
    expect(() => buildTfliteConvModel(spec({ ic: 8, oc: 8, ih: 9, k: 3, stride: 1, pad: 1, group: 2 }))).toThrow(
      /grouped/,
    );
  });
});

// ---- in Chromium ---------------------------------------------------------------------------------------------------

/** Runs in the page (a string, so that vitest's transform leaves its dynamic imports alone). */
const PAGE_CHECK = String.raw`(async (simd, shapeIds) => {
  const lr = await import('/dist-bench/bench/litert.js');
  const lh = await import('/dist-bench/fixtures/litert.js');
  const data = await import('/dist-bench/bench/data.js');
  const { selectShapes } = await import('/dist-bench/bench/shapes.js');
  const { reference } = await import('/dist/kernels-ref/index.js');
  const log = [];
  const lt = await lh.loadLiteRtInPage('/node_modules/@litertjs/core/wasm/', { simd, log });
  const oracle = (pb) => reference.convBias(pb.params, pb.src, pb.weights, pb.bias);
  const cases = [];
  const check = async (backend, pb, label) => {
    const p = await backend.prepare(pb);
    try {
      await p.run();
      await p.run(); // a second run: buffers are reused correctly
      const got = p.output();
      const m = data.compareOutputs(backend.name, got, oracle(pb));
      const halfAway = oracle({ ...pb, params: { ...pb.params, rounding: 'half-away' } });
      const diffHalfAway = Array.from(got).filter((v, i) => v !== halfAway[i]).length;
      cases.push({ label, algo: p.info.algo, build: p.info.build, mismatch: m, total: got.length, diffHalfAway });
    } finally {
      p.dispose();
    }
  };
  const be = lr.litertBackend(lt);
  const bePad = lr.litertBackend(lt, { forcePadOp: true });
  for (const shape of selectShapes(shapeIds)) {
    for (const seed of [1, 2]) await check(be, data.makeProblem(shape, seed), shape.id + ' seed ' + seed);
    if (shape.s === 1 && shape.group === 1) await check(bePad, data.makeProblem(shape, 1), shape.id + ' forced PAD');
  }
  // Ties: srcScale * filterScale / dstScale = 0.5 exactly, so every odd accumulator is an exact x.5 (half-even and
  // half-away differ there); small values keep the outputs inside int8.
  {
    const shape = selectShapes('8-8-9-k3s1')[0];
    const pb = data.makeProblem(shape, 3);
    for (let i = 0; i < pb.srcNCHW.length; i++) pb.srcNCHW[i] = (pb.srcNCHW[i] % 9);
    for (let i = 0; i < pb.weights.length; i++) pb.weights[i] = (pb.weights[i] % 5);
    for (let i = 0; i < pb.bias.length; i++) pb.bias[i] = (pb.bias[i] % 21);
    pb.src = data.nchwToNchw44(pb.srcNCHW, shape.ic, shape.h, shape.h);
    pb.params = { ...pb.params, srcScale: 0.5, filterScale: 1, dstScale: 1 };
    await check(be, pb, 'ties (ratio 0.5)');
  }
  // Per-channel filter scales (quantized_dimension 0), one of them 4x another.
  {
    const shape = selectShapes('8-12-10-k5s2')[0];
    const pb = data.makeProblem(shape, 4);
    pb.params = { ...pb.params, filterScale: Array.from({ length: shape.oc }, (_, o) => Math.fround(0.004 + 0.001 * o)) };
    await check(be, pb, 'per-channel 8-12-10-k5s2');
  }
  // What LiteRT reports of a model it loaded (CONV_2D behind PAD: 8->12 10x10 5x5 s2 pad 2).
  const env = lt.wasm.LiteRtEnvironment.create(null);
  const pb = data.makeProblem(selectShapes('8-12-10-k5s2')[0], 1);
  const { buildTfliteConvModel } = await import('/dist-bench/fixtures/tflite-model.js');
  const model = buildTfliteConvModel({ ic: 8, oc: 12, ih: 10, iw: 10, k: 5, stride: 2, pad: 2, group: 1,
    srcScale: 0.02, filterScale: 0.01, dstScale: 0.1, weights: pb.weights, bias: pb.bias });
  const c = await lh.compileTflite(lt, env, model.bytes);
  const tensors = {
    signatures: c.model.getNumSignatures(),
    input: lh.describeTensorType(c.model.getInputTensorType(0, 0)),
    output: lh.describeTensorType(c.model.getOutputTensorType(0, 0)),
    fullyAccelerated: c.compiled.isFullyAccelerated(),
  };
  c.delete();
  env.delete();
  return { file: lt.file, simd: lt.simd, version: lt.version, cases, tensors, logErrors: log.filter((l) => /^ERROR/.test(l) || /unsupported|failed/i.test(l)) };
})`;

const SHAPES = [
  '8-8-9-k3s1',
  '8-12-10-k5s2',
  '16-8-7-k1s1',
  '8-8-14-k7s1',
  '8-8-9-k2s1',
  '8-8-9-k3s1-g8',
  '16-16-10-k3s2-g16',
  '3-8-12-k3s2',
];

describe('xnnpack-litert in headless Chromium', () => {
  let srv: StaticServer;
  let ctx: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} (Debian's chromium) is required`).toBe(true);
    expect(existsSync('dist-bench/bench/litert.js'), 'run `npx tsc -p tsconfig.build.json` first').toBe(true);
    srv = await startServer(undefined, {}, { served: ['bench/browser/'] });
    ctx = await chromium.launchPersistentContext('', {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    page.on('pageerror', (e) => pageErrors.push(String(e)));
    await page.goto(`${srv.origin}/bench/browser/index.html`);
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
    await srv?.close();
  });

  for (const simd of ['relaxed', 'simd128'] as const) {
    it(`${simd} build: every output equals the oracle exactly (half-even), ties included`, async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const r = (await page.evaluate(
        `${PAGE_CHECK}(${JSON.stringify(simd)}, ${JSON.stringify(SHAPES.join(','))})`,
      )) as any;
      expect(r.simd).toBe(simd);
      expect(r.file).toBe(simd === 'relaxed' ? 'litert_wasm_internal.wasm' : 'litert_wasm_compat_internal.wasm');
      expect(srv.wasmRequests.some((p) => p.endsWith(r.file))).toBe(true);
      expect(r.version).toBe('2.5.3');
      expect(r.logErrors).toEqual([]);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const bad = r.cases
        .filter((c: any) => c.mismatch !== null)
        .map((c: any) => `${c.label}: ${JSON.stringify(c.mismatch)}`);
      expect(bad).toEqual([]);
      expect(r.cases.length).toBe(SHAPES.length * 2 + 4 + 2);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const algos = new Set(r.cases.map((c: any) => c.algo));
      expect([...algos].sort()).toEqual([
        'CONV_2D PAD+VALID',
        'CONV_2D SAME',
        'CONV_2D VALID',
        'DEPTHWISE_CONV_2D PAD+VALID',
        'DEPTHWISE_CONV_2D SAME',
      ]);
      expect(r.cases[0].build).toContain(`${r.file} (${simd === 'relaxed' ? 'relaxed SIMD' : 'SIMD128'})`);
      expect(r.cases[0].build).toContain('numThreads 1');
      // the ties case really has ties: half-away would differ on many outputs
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const ties = r.cases.find((c: any) => c.label.startsWith('ties'));
      expect(ties.diffHalfAway).toBeGreaterThan(ties.total / 10);
      expect(r.tensors).toEqual({
        signatures: 1,
        input: { elementType: 9, shape: [1, 10, 10, 8], bytes: 800 },
        output: { elementType: 9, shape: [1, 5, 5, 12], bytes: 300 },
        fullyAccelerated: true,
      });
      expect(pageErrors).toEqual([]);
    }, 60_000);
  }
});
