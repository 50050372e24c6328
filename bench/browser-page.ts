/**
 * The benchmark page's script (served as /dist-bench/bench/browser-page.js by bench/browser.ts). It loads
 * onnxruntime-web's wasm-only ESM build and LiteRT.js's single-threaded XNNPACK build (bench/litert.ts) into the
 * same page, runs the same suite as Node, then the models level (bench/models.ts) on the models the driver built
 * and serves under /models/, and hands the results object back to the driver. Exposes `window.runBench(opts)`.
 */
import { createRuntime } from '../src/index.js';
import type { OrtModule } from '../fixtures/models/ort.js';
import type { Backend } from './backends.js';
import { loadLiteRtInPage } from '../fixtures/litert.js';
import { litertBackend } from './litert.js';
import {
  MODELS_FULL_SAMPLING,
  MODELS_HEADLINE_SAMPLING,
  MODELS_QUICK_SAMPLING,
  completeModels,
  runModelsLevel,
  watchOrtMemory,
  type BuiltModel,
  type ModelId,
  type ModelMeta,
  type ModelRuntimeLike,
} from './models.js';
import type { BenchResults } from './schema.js';
import { prepareSuite } from './setup.js';
import { selectShapes } from './shapes.js';
import { runSuite, type ProgressEvent } from './suite.js';

/** Served from node_modules by the driver; a variable so TypeScript does not try to resolve the URL. */
const ORT_DIR = '/node_modules/onnxruntime-web/dist/';
const ORT_MODULE = `${ORT_DIR}ort.wasm.min.mjs`;
/** LiteRT.js's Emscripten builds (the .js loaders and their .wasm files), also served from node_modules. */
const LITERT_WASM_DIR = '/node_modules/@litertjs/core/wasm/';

export interface PageOptions {
  quick: boolean;
  shapes?: string;
  filter?: string | null;
  /** Network level: network ids, 'all' or 'none'; undefined = none. */
  networks?: string;
  /** Models level: the ids the driver built (or tried to: `errors`), served under `base` as <id>.onnx and <id>.json;
   *  undefined = none. `full`: the --full sampling. */
  models?: { ids: ModelId[]; base: string; errors: Record<string, string>; full?: boolean };
  /** LiteRT.js's build: 'simd128' forces the compat build; undefined picks relaxed where it validates. */
  litertSimd?: 'simd128';
}

declare global {
  interface Window {
    runBench(o: PageOptions): Promise<BenchResults>;
    /** Installed by the driver (page.exposeFunction); absent when the page is opened by hand. */
    benchProgress?: (ev: ProgressEvent) => void;
    /** The models level's progress lines (driver), likewise. */
    benchLine?: (line: string) => void;
  }
}

function chromeVersion(): string {
  return /Chrom(?:e|ium)\/([\d.]+)/.exec(navigator.userAgent)?.[1] ?? 'unknown';
}

/** The page's engine from its user agent: Chromium, or Firefox (bench/browser.ts --firefox). */
function pageEngine(): { name: string; version: string } {
  const ff = /Firefox\/([\d.]+)/.exec(navigator.userAgent);
  return ff ? { name: 'firefox', version: ff[1] } : { name: 'chromium', version: chromeVersion() };
}

/** Fetches a model the driver built. */
async function fetchModel(base: string, id: ModelId): Promise<BuiltModel> {
  const get = async (file: string) => {
    const res = await fetch(`${base}${file}`);
    if (!res.ok) throw new Error(`HTTP ${res.status} for ${base}${file}`);
    return res;
  };
  const meta = (await (await get(`${id}.json`)).json()) as ModelMeta;
  return { meta, bytes: new Uint8Array(await (await get(`${id}.onnx`)).arrayBuffer()) };
}

window.runBench = async (o: PageOptions): Promise<BenchResults> => {
  // before onnxruntime-web's first session: the models level reports its wasm memory
  const ortMemory = watchOrtMemory();
  let ort: OrtModule | null = null;
  let ortError: string | undefined;
  try {
    ort = (await import(ORT_MODULE)) as OrtModule;
    ort.env.wasm.wasmPaths = ORT_DIR;
  } catch (e) {
    ortError = String(e);
  }
  // LiteRT.js only when --filter leaves it a case (its wasm is 9 MB).
  let litert: Backend | null = null;
  let litertError: string | undefined;
  const re = o.filter ? new RegExp(o.filter, 'i') : null;
  if (!re || selectShapes(o.shapes, o.quick).some((s) => re.test(`${s.id}/xnnpack-litert`))) {
    try {
      litert = litertBackend(await loadLiteRtInPage(LITERT_WASM_DIR, { simd: o.litertSimd }));
    } catch (e) {
      litertError = String(e);
    }
  }
  const log = document.getElementById('log');
  const input = await prepareSuite({
    quick: o.quick,
    shapes: o.shapes,
    filter: o.filter ?? null,
    ort,
    ortError,
    litert,
    litertError,
    networks: o.networks,
    engine: pageEngine(),
    machine: { platform: navigator.platform, userAgent: navigator.userAgent, cpus: navigator.hardwareConcurrency },
    onProgress: (ev) => {
      if (window.benchProgress) window.benchProgress(ev);
      else if (ev.kind === 'result') console.log(ev.shape.id, ev.backend, ev.result.gmacs.toFixed(2), 'GMAC/s');
      if (log && ev.kind === 'shape') log.textContent += `${ev.shape.label}\n`;
    },
  });
  const r = await runSuite(input);
  const m = o.models;
  if (!m?.ids.length) {
    r.models = { unavailable: 'not selected (--models none)' };
    return r;
  }
  const line = (l: string) => {
    if (window.benchLine) window.benchLine(l);
    else console.log(l);
  };
  const t0 = performance.now();
  const rt = await createRuntime({ threads: 1 });
  const rtSimd128 = rt.features.build === 'simd128' ? null : await createRuntime({ build: 'simd128', threads: 1 });
  try {
    const section = await runModelsLevel({
      ids: m.ids,
      rt: rt as unknown as ModelRuntimeLike,
      rtSimd128: rtSimd128 as unknown as ModelRuntimeLike | null,
      ort,
      ortError,
      ortBuild: input.builds.ortWeb ?? undefined,
      ortMemory,
      sampling: o.quick ? MODELS_QUICK_SAMPLING : m.full ? MODELS_FULL_SAMPLING : MODELS_HEADLINE_SAMPLING,
      onLine: line,
      build: async (id) => {
        if (m.errors[id]) throw new Error(m.errors[id]);
        return fetchModel(m.base, id);
      },
    });
    section.threads = { unavailable: 'no threads set in the browser run (Node only: --threads N)' };
    completeModels(r, section);
  } catch (e) {
    r.models = { unavailable: `models level failed: ${String(e)}` };
    r.errors.push(r.models.unavailable);
  } finally {
    rt.dispose();
    rtSimd128?.dispose();
  }
  r.durationS += (performance.now() - t0) / 1000;
  return r;
};
