/**
 * The model race's module worker (served as /dist-bench/bench/race-worker.js; bench/race.ts says what is raced):
 * i8conv, onnxruntime-web and LiteRT.js at one thread count in one dedicated worker, where i8conv's blocking `run`
 * belongs and every engine's threads are allowed. The models come from the driver's server under /race-models/.
 *
 * Message in: { threads, ids, sampling, settleMs?, simd128? } (simd128: i8conv's SIMD128 build against LiteRT.js's compat
 * build, as on an engine without relaxed SIMD). Out: { type: 'line', line } while running, then { type: 'done', result }
 * or { type: 'error', message }.
 */
import { createRuntime, type Runtime } from '../src/index.js';
import type { OrtModule } from '../fixtures/models/ort.js';
import {
  createTfliteFloatRunner,
  loadLiteRtInPage,
  nchwToNhwc,
  type LiteRtModule,
  type LtEnvironment,
} from '../fixtures/litert.js';
import { ppocrInput } from '../fixtures/models/ppocr.js';
import { zooInput } from '../fixtures/models/zoo.js';
import type { RaceModelMeta } from '../fixtures/models/race.js';
import { raceRow, type RaceEngine, type RacePageInfo, type RaceResult, type RaceRow, type RaceRunner } from './race.js';
import type { SampleOptions } from './stats.js';

const ORT_DIR = '/node_modules/onnxruntime-web/dist/';
const ORT_MODULE = `${ORT_DIR}ort.wasm.min.mjs`;
const LITERT_WASM_DIR = '/node_modules/@litertjs/core/wasm/';
const BASE = '/race-models/';

const line = (l: string) => self.postMessage({ type: 'line', line: l });
const errorText = (e: unknown) =>
  e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);

async function fetchBytes(url: string): Promise<Uint8Array> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

/**
 * Emscripten's loader in a module worker: its text evaluated in the global scope (as a classic script, its
 * `var ModuleFactory` becomes a global), and `mainScriptUrlOrBlob` (set by loadLiteRtInPage) names the loader for
 * the threaded build's own workers.
 */
async function evalScript(url: string): Promise<void> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`could not load ${url}: HTTP ${r.status}`);
  (0, eval)(`${await r.text()}\n;globalThis.ModuleFactory = ModuleFactory;`);
}

async function race(
  threads: number,
  ids: string[],
  sampling: SampleOptions,
  settleMs?: number,
  simd128 = false,
): Promise<RaceResult> {
  const iso = self.crossOriginIsolated;
  const rt: Runtime = await createRuntime(simd128 ? { threads, build: 'simd128' } : { threads });
  const ort = (await import(/* @vite-ignore */ ORT_MODULE)) as OrtModule;
  ort.env.wasm.wasmPaths = ORT_DIR;
  ort.env.wasm.proxy = false;
  ort.env.wasm.numThreads = iso ? threads : 1;
  let lt: LiteRtModule | null = null;
  let ltEnv: LtEnvironment | null = null;
  let ltError = '';
  try {
    // simd128: LiteRT.js's compat build, which has no threaded twin (one thread only)
    if (simd128 && threads > 1) throw new Error('LiteRT.js has no threaded SIMD128 build');
    lt = await loadLiteRtInPage(
      LITERT_WASM_DIR,
      simd128 ? { simd: 'simd128', loadScript: evalScript } : { threaded: threads > 1, loadScript: evalScript },
    );
    ltEnv = lt.wasm.LiteRtEnvironment.create(null);
  } catch (e) {
    ltError = errorText(e);
  }
  const info: RacePageInfo = {
    threads,
    crossOriginIsolated: iso,
    i8conv: {
      build: rt.features.build ?? 'unknown',
      dotFlavour: rt.features.dotFlavour ?? null,
      threads: rt.threading.threads,
    },
    ort: { numThreads: ort.env.wasm.numThreads ?? 1 },
    litert: lt ? { file: lt.file, version: lt.version } : null,
    userAgent: navigator.userAgent,
  };
  const rows: RaceRow[] = [];
  try {
    for (const id of ids) {
      const meta = (await (await fetch(`${BASE}${id}.json`)).json()) as RaceModelMeta;
      const [onnx, onnxInt8, tflite] = await Promise.all([
        fetchBytes(`${BASE}${id}.onnx`),
        fetchBytes(`${BASE}${id}.int8.onnx`),
        fetchBytes(`${BASE}${id}.tflite`),
      ]);
      const [, c, h, w] = meta.shape;
      const x = meta.input === 'ppocr-det' ? ppocrInput('det', meta.seed) : zooInput(meta.seed, h, w);
      const xh = nchwToNhwc(x, c, h, w);
      const runners: RaceRunner[] = [];
      const errors: Partial<Record<RaceEngine, string>> = {};
      let xnnpack: boolean | null = null;
      const attempt = async (engine: RaceEngine, make: () => Promise<RaceRunner>) => {
        try {
          runners.push(await make());
        } catch (e) {
          errors[engine] = errorText(e);
        }
      };
      const i8 = (engine: RaceEngine, bytes: Uint8Array, input: Float32Array) => async (): Promise<RaceRunner> => {
        const t0 = performance.now();
        const m = await rt.loadModel(bytes);
        const loadMs = performance.now() - t0;
        const feeds = { [m.inputs[0].name]: input };
        const out = () => Object.values(m.run(feeds)) as Float32Array[];
        return { engine, loadMs, outputs: out(), run: out, dispose: () => m.dispose() };
      };
      await attempt('i8conv', i8('i8conv', onnx, x));
      await attempt('i8conv-tflite', i8('i8conv-tflite', tflite, xh));
      await attempt('ort', async () => {
        const t0 = performance.now();
        const s = await ort.InferenceSession.create(onnx, {
          executionProviders: ['wasm'],
          graphOptimizationLevel: 'all',
        });
        const loadMs = performance.now() - t0;
        const tensor = new ort.Tensor('float32', x, [...meta.shape]);
        const run = async () => {
          const o = await s.run({ [meta.inputName]: tensor });
          const ys = Object.values(o).map((t) => t.data as Float32Array);
          for (const t of Object.values(o)) t.dispose();
          return ys;
        };
        return { engine: 'ort', loadMs, outputs: await run(), run, dispose: () => s.release() };
      });
      if (lt && ltEnv) {
        const l = lt;
        const env = ltEnv;
        await attempt('litert', async () => {
          const t0 = performance.now();
          const r = await createTfliteFloatRunner(l, env, tflite, 1, threads);
          const loadMs = performance.now() - t0;
          xnnpack = r.xnnpack;
          return {
            engine: 'litert',
            loadMs,
            outputs: await r.run(xh),
            run: () => r.run(xh),
            dispose: () => r.delete(),
          };
        });
      } else errors.litert = ltError;
      // the TFLite file's exact twin (int8 activations), run once for the check
      let int8Outputs: Float32Array[] | undefined;
      try {
        const m = await rt.loadModel(onnxInt8);
        try {
          int8Outputs = Object.values(m.run({ [m.inputs[0].name]: x })) as Float32Array[];
        } finally {
          m.dispose();
        }
      } catch (e) {
        errors['i8conv-tflite'] ??= `the int8 ONNX twin: ${errorText(e)}`;
      }
      line(`${meta.label}, ${threads} thread(s): ${runners.map((r) => r.engine).join(', ')} loaded; timing`);
      try {
        const row = await raceRow(meta, threads, runners, errors, sampling, xnnpack, settleMs, int8Outputs);
        rows.push(row);
        line(
          `  ${Object.entries(row.timings)
            .map(([e, t]) => `${e} ${t.ms.toFixed(1)} ms`)
            .join(', ')}`,
        );
      } finally {
        for (const r of runners) await r.dispose();
      }
    }
  } finally {
    ltEnv?.delete();
    rt.dispose();
  }
  return { info, rows };
}

self.onmessage = async (e: MessageEvent) => {
  const m = e.data as { threads: number; ids: string[]; sampling: SampleOptions; settleMs?: number; simd128?: boolean };
  try {
    self.postMessage({ type: 'done', result: await race(m.threads, m.ids, m.sampling, m.settleMs, m.simd128) });
  } catch (err) {
    self.postMessage({ type: 'error', message: errorText(err) });
  }
};
