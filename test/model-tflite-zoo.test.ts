// The race's models (MobileNetV2, ResNet-18 and PP-OCR det) written as TFLite int8 files by
// fixtures/models/tflite-convert.ts (the files of the model race, fixtures/models/race.ts buildRaceModel; input bound to
// 64x64 here to keep the reference executor quick): rt.loadModel of the TFLite file equals, bit for bit,
// rt.loadModel of the same model's int8 ONNX twin and the reference executor on the graph the TFLite reader makes;
// the raced uint8 ONNX file gives onnxruntime-web's outputs in i8conv. LiteRT.js (XNNPACK, both single-threaded
// builds, headless Chromium) gives the same float outputs on the zoo's files; on det's, whose 145 ADD / MUL it
// requantizes in fixed point (a quantum apart here and there, docs/model.md#tflite-models) and whose sigmoid map
// amplifies such a quantum, a few values differ (bounded below).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { BLANK_PAGE, CHROMIUM, CHROMIUM_FLAGS, startServer, type StaticServer } from '../fixtures/browser.js';
import { nchwToNhwc } from '../fixtures/litert.js';
import { loadOrt, ortRun, ortSession } from '../fixtures/models/ort.js';
import { PPOCR, ppocrInput } from '../fixtures/models/ppocr.js';
import { zooInput } from '../fixtures/models/zoo.js';
import { buildRaceModel, type RaceFiles } from '../fixtures/models/race.js';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime, type Runtime } from '../src/index.js';
import { readTfliteModel } from '../src/model/graph/tflite/reader.js';
import { fusedGraph } from './helpers/model-builders.js';

const S = 64;
const IDS = ['mobilenetv2', 'resnet18', 'ppocr-det'] as const;

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
/** det: the top-left S x S of its text-like page (the first lines of strokes), else the zoo's image-like input */
function inputOf(id: (typeof IDS)[number]): Float32Array {
  if (id !== 'ppocr-det') return zooInput(11, S, S);
  const page = ppocrInput('det', 3);
  const W = PPOCR.det.shape[3];
  const H = PPOCR.det.shape[2];
  const out = new Float32Array(3 * S * S);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < S; y++) for (let xx = 0; xx < S; xx++) out[(c * S + y) * S + xx] = page[(c * H + y) * W + xx];
  return out;
}
const xs = new Map(IDS.map((id) => [id, inputOf(id)]));
const xhs = new Map(IDS.map((id) => [id, nchwToNhwc(xs.get(id)!, 3, S, S)]));
/** i8conv's output of each TFLite file (the LiteRT.js test compares with it). */
const i8Out = new Map<string, Float32Array>();

describe.skipIf(!ortOk)('the zoo as TFLite files', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
    for (const id of IDS) files.set(id, await buildRaceModel(id, S));
  }, 180_000);
  afterAll(() => rt?.dispose());

  for (const id of IDS) {
    it(`${id}: the TFLite file = the int8 ONNX twin = the reference executor, bit for bit; the raced uint8 file = onnxruntime-web`, async () => {
      const f = files.get(id)!;
      const x = xs.get(id)!;
      const xh = xhs.get(id)!;
      expect(f.meta.tfliteOps.CONV_2D).toBeGreaterThan(0);
      const [mt, m8, mo] = [await rt.loadModel(f.tflite), await rt.loadModel(f.onnxInt8), await rt.loadModel(f.onnx)];
      try {
        expect(mt.inputs.map((v) => [v.shape, v.type])).toEqual([[[1, S, S, 3], 'float32']]);
        const inName = f.meta.inputName;
        const yt = mt.run({ [mt.inputs[0].name]: xh })[mt.outputs[0].name] as Float32Array;
        const y8 = m8.run({ [inName]: x })[m8.outputs[0].name] as Float32Array;
        const yo = mo.run({ [inName]: x })[mo.outputs[0].name] as Float32Array;
        expect(yt.length).toBe(id === 'ppocr-det' ? S * S : 1000);
        expect(differing(yt, y8), 'TFLite file vs int8 ONNX twin').toBe(0);
        const s = await ortSession(f.onnx);
        try {
          const yr = [...(await ortRun(s, { [inName]: { data: x, dims: [1, 3, S, S] } })).values()][0] as Float32Array;
          expect(differing(yr, yo), 'onnxruntime-web vs i8conv (uint8 file)').toBe(0);
        } finally {
          await s.release();
        }
        // the raced uint8 file and the int8 twin: the same real numbers; onnxruntime's QLinearAdd / QLinearMul round
        // ties on the codes, so they may differ where a tie falls (bench/race.ts)
        console.log(`${id}: uint8 file vs int8 twin: ${differing(yo, y8)} of ${y8.length} differ`);
        // the reference executor on the graph the TFLite reader makes, after the same passes as the runtime's
        const g = fusedGraph(readTfliteModel(f.tflite));
        const gi = g.inputs[0].name;
        const ref = runReference(g, new Map([[gi, { name: gi, type: 'float32', dims: [1, S, S, 3], data: xh }]]));
        expect(differing(ref.get(g.outputs[0].name)!.data as Float32Array, yt), 'reference executor vs i8conv').toBe(0);
        // not a constant output: the logits / the text probabilities vary
        expect(new Set(yt).size).toBeGreaterThan(id === 'ppocr-det' ? 10 : 50);
        i8Out.set(id, yt);
      } finally {
        mt.dispose();
        m8.dispose();
        mo.dispose();
      }
    }, 180_000);
  }
});

/** Runs each file in LiteRT.js in the page (a string, so that vitest's transform leaves its imports alone). */
const PAGE_RUN = String.raw`(async (urls, x, simd) => {
  const lr = await import('/dist-bench/fixtures/litert.js');
  const lt = await lr.loadLiteRtInPage('/node_modules/@litertjs/core/wasm/', { simd });
  const env = lt.wasm.LiteRtEnvironment.create(null);
  const out = [];
  for (const [k, url] of urls.entries()) {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    const r = await lr.createTfliteFloatRunner(lt, env, bytes, 1, 1);
    const ys = await r.run(new Float32Array(Uint8Array.from(atob(x[k]), (c) => c.charCodeAt(0)).buffer));
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
    expect(existsSync('dist-bench/fixtures/litert.js'), 'run `npm run build` first').toBe(true);
    dir = mkdtempSync(join(tmpdir(), 'i8conv-tflite-zoo-'));
    srv = await startServer(undefined, { '/zoo-tflite/': dir });
    ctx = await chromium.launchPersistentContext('', {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
    });
    page = ctx.pages()[0] ?? (await ctx.newPage());
    await page.goto(`${srv.origin}${BLANK_PAGE}`);
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
      const x64 = IDS.map((id) => Buffer.from(xhs.get(id)!.buffer).toString('base64'));
      const lite = (await page.evaluate(
        `${PAGE_RUN}(${JSON.stringify(urls)}, ${JSON.stringify(x64)}, ${JSON.stringify(simd)})`,
      )) as { simd: string; file: string; outs: { y: number[]; xnnpack: boolean }[] };
      expect(lite.simd).toBe(simd);
      IDS.forEach((id, k) => {
        const q = files.get(id)!.meta.quantum;
        const y = lite.outs[k].y;
        const want = i8Out.get(id)!;
        let maxQ = 0;
        for (let i = 0; i < want.length; i++) maxQ = Math.max(maxQ, Math.abs(y[i] - want[i]) / q);
        const n = differing(y, want);
        console.log(
          `${id}, LiteRT.js ${lite.file} (${lite.outs[k].xnnpack ? 'all XNNPACK' : 'not all XNNPACK'}): ${n} of ${want.length} differ, max ${maxQ.toFixed(2)} quanta`,
        );
        if (id === 'ppocr-det') expect(n / want.length, id).toBeLessThanOrEqual(0.05);
        else expect(n, id).toBe(0);
      });
    }, 120_000);
  }
});
