// The zoo's networks (MobileNetV2, ResNet-18) written as TFLite int8 files by bench/models/tflite-convert.ts (the
// files of the model race, bench/race-browser.ts buildRaceModel; input bound to 64x64 here to keep the reference
// executor quick): rt.loadModel of the TFLite file equals, bit for bit, rt.loadModel of the same model's ONNX file,
// onnxruntime-web on that ONNX file, and the reference executor on the graph the TFLite reader makes; LiteRT.js
// (XNNPACK, both single-threaded builds, headless Chromium) gives the same float outputs on the TFLite file.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, startServer, type StaticServer } from '../bench/browser.js';
import { nchwToNhwc } from '../bench/litert.js';
import { loadOrt, ortRun, ortSession } from '../bench/models/ort.js';
import { zooInput } from '../bench/models/zoo.js';
import { buildRaceModel, type RaceFiles } from '../bench/race-browser.js';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime, type Runtime } from '../src/index.js';
import { readTfliteModel } from '../src/model/tflite/reader.js';
import { fusedGraph } from './helpers/model-builders.js';

const S = 64;
const IDS = ['mobilenetv2', 'resnet18'] as const;

let ortOk = true;
try {
  await loadOrt();
} catch {
  ortOk = false;
}

function differing(got: ArrayLike<number>, want: ArrayLike<number>): number {
  expect(got.length).toBe(want.length);
  let n = 0;
  for (let i = 0; i < want.length; i++) if (!Object.is(got[i], want[i])) n++;
  return n;
}

const files = new Map<string, RaceFiles>();
const x = zooInput(11, S, S);
const xh = nchwToNhwc(x, 3, S, S);
/** i8conv's output of each TFLite file (the LiteRT.js test compares with it). */
const i8Out = new Map<string, Float32Array>();

describe.skipIf(!ortOk)('the zoo as TFLite files', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
    for (const id of IDS) files.set(id, await buildRaceModel(id, S));
  }, 120_000);
  afterAll(() => rt?.dispose());

  for (const id of IDS) {
    it(`${id}: the TFLite file = the ONNX file = onnxruntime-web = the reference executor, bit for bit`, async () => {
      const f = files.get(id)!;
      expect(f.meta.tfliteOps.CONV_2D).toBeGreaterThan(0);
      const mt = await rt.loadModel(f.tflite);
      const mo = await rt.loadModel(f.onnx);
      try {
        expect(mt.inputs.map((v) => [v.shape, v.type])).toEqual([[[1, S, S, 3], 'float32']]);
        const yt = mt.run({ [mt.inputs[0].name]: xh })[mt.outputs[0].name] as Float32Array;
        const yo = mo.run({ input: x }).output as Float32Array;
        expect(yt.length).toBe(1000);
        expect(differing(yt, yo), 'TFLite file vs ONNX file').toBe(0);
        const s = await ortSession(f.onnx);
        try {
          const yr = (await ortRun(s, { input: { data: x, dims: [1, 3, S, S] } })).get("output") as Float32Array;
          expect(differing(yr, yo), 'onnxruntime-web vs i8conv').toBe(0);
        } finally {
          await s.release();
        }
        // the reference executor on the graph the TFLite reader makes, after the same passes as the runtime's
        const g = fusedGraph(readTfliteModel(f.tflite));
        const inName = g.inputs[0].name;
        const ref = runReference(g, new Map([[inName, { name: inName, type: 'float32', dims: [1, S, S, 3], data: xh }]]));
        expect(differing(ref.get(g.outputs[0].name)!.data as Float32Array, yt), 'reference executor vs i8conv').toBe(0);
        // not a constant output: the logits vary
        expect(new Set(yt).size).toBeGreaterThan(50);
        i8Out.set(id, yt);
      } finally {
        mt.dispose();
        mo.dispose();
      }
    }, 120_000);
  }
});

/** Runs each file in LiteRT.js in the page (a string, so that vitest's transform leaves its imports alone). */
const PAGE_RUN = String.raw`(async (urls, x, simd) => {
  const lr = await import('/dist-bench/bench/litert.js');
  const lt = await lr.loadLiteRtInPage('/node_modules/@litertjs/core/wasm/', { simd });
  const env = lt.wasm.LiteRtEnvironment.create(null);
  const out = [];
  for (const url of urls) {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const r = await lr.createTfliteFloatRunner(lt, env, bytes, 1, 1);
    const ys = await r.run(new Float32Array(Uint8Array.from(atob(x), (c) => c.charCodeAt(0)).buffer));
    out.push({ y: Array.from(ys[0]), xnnpack: r.xnnpack });
    r.delete();
  }
  env.delete();
  return { simd: lt.simd, file: lt.file, outs: out };
})`;

describe.skipIf(!ortOk)('the zoo as TFLite files in LiteRT.js (headless Chromium)', () => {
  let srv: StaticServer;
  let ctx: BrowserContext;
  let page: Page;
  let dir = '';
  beforeAll(async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} (Debian's chromium) is required`).toBe(true);
    expect(existsSync('dist-bench/bench/litert.js'), 'run `npm run build` first').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'i8conv-tflite-zoo-'));
    srv = await startServer(undefined, { '/zoo-tflite/': dir });
    ctx = await chromium.launchPersistentContext('', { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${srv.origin}/bench/browser/index.html`);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await srv?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const simd of ['relaxed', 'simd128'] as const) {
    it(`${simd} build: LiteRT.js gives i8conv's outputs`, async () => {
      expect(i8Out.size, 'the Node tests above ran').toBe(IDS.length);
      for (const id of IDS) writeFileSync(join(dir, `${id}.tflite`), files.get(id)!.tflite);
      const urls = IDS.map((id) => `/zoo-tflite/${id}.tflite`);
      const x64 = Buffer.from(xh.buffer, xh.byteOffset, xh.byteLength).toString('base64');
      const lite = (await page.evaluate(`${PAGE_RUN}(${JSON.stringify(urls)}, ${JSON.stringify(x64)}, ${JSON.stringify(simd)})`)) as
        { simd: string; file: string; outs: { y: number[]; xnnpack: boolean }[] };
      expect(lite.simd).toBe(simd);
      IDS.forEach((id, k) => {
        const q = files.get(id)!.meta.quantum;
        const y = lite.outs[k].y;
        const want = i8Out.get(id)!;
        let maxQ = 0;
        for (let i = 0; i < want.length; i++) maxQ = Math.max(maxQ, Math.abs(y[i] - want[i]) / q);
        console.log(`${id}, LiteRT.js ${lite.file} (${lite.outs[k].xnnpack ? 'all XNNPACK' : 'not all XNNPACK'}): ${differing(y, want)} of ${want.length} differ, max ${maxQ.toFixed(2)} quanta`);
        expect(differing(y, want), id).toBe(0);
      });
    }, 120_000);
  }
});
