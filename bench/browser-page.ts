/**
 * The benchmark page's script (served as /dist-bench/bench/browser-page.js by bench/browser.ts). It loads
 * onnxruntime-web's wasm-only ESM build and LiteRT.js's single-threaded XNNPACK build (bench/litert.ts) into the
 * same page, runs the same suite as Node, and hands the results object back to the driver. Exposes
 * `window.runBench(opts)`.
 */
import type { Backend, OrtModule } from './backends.js';
import { litertBackend, loadLiteRtInPage } from './litert.js';
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
}

declare global {
  interface Window {
    runBench(o: PageOptions): Promise<BenchResults>;
    /** Installed by the driver (page.exposeFunction); absent when the page is opened by hand. */
    benchProgress?: (ev: ProgressEvent) => void;
  }
}

function chromeVersion(): string {
  return /Chrom(?:e|ium)\/([\d.]+)/.exec(navigator.userAgent)?.[1] ?? 'unknown';
}

window.runBench = async (o: PageOptions): Promise<BenchResults> => {
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
      litert = litertBackend(await loadLiteRtInPage(LITERT_WASM_DIR));
    } catch (e) {
      litertError = String(e);
    }
  }
  const log = document.getElementById('log');
  const input = await prepareSuite({
    quick: o.quick, shapes: o.shapes, filter: o.filter ?? null, ort, ortError, litert, litertError, networks: o.networks,
    engine: { name: 'chromium', version: chromeVersion() },
    machine: { platform: navigator.platform, userAgent: navigator.userAgent, cpus: navigator.hardwareConcurrency },
    onProgress: (ev) => {
      if (window.benchProgress) window.benchProgress(ev);
      else if (ev.kind === 'result') console.log(ev.shape.id, ev.backend, ev.result.gmacs.toFixed(2), 'GMAC/s');
      if (log && ev.kind === 'shape') log.textContent += `${ev.shape.label}\n`;
    },
  });
  return runSuite(input);
};
