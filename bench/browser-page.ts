/**
 * The benchmark page's script (served as /dist/bench/browser-page.js by bench/browser.ts). It loads
 * onnxruntime-web's wasm-only ESM build into the same page, runs the same suite as Node, and hands the results
 * object back to the driver. Exposes `window.runBench(opts)`.
 */
import type { OrtModule } from './backends.js';
import type { BenchResults } from './schema.js';
import { prepareSuite } from './setup.js';
import { runSuite, type ProgressEvent } from './suite.js';

/** Served from node_modules by the driver; a variable so TypeScript does not try to resolve the URL. */
const ORT_DIR = '/node_modules/onnxruntime-web/dist/';
const ORT_MODULE = `${ORT_DIR}ort.wasm.min.mjs`;

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
  const log = document.getElementById('log');
  const input = await prepareSuite({
    quick: o.quick, shapes: o.shapes, filter: o.filter ?? null, ort, ortError, networks: o.networks,
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
