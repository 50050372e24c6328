/**
 * The Chromium corpus benchmark's module worker (served as /dist-bench/bench/corpus-worker.js; bench/corpus-browser.ts
 * drives it through bench/browser/corpus.html): i8conv and onnxruntime-web (wasm, graph optimization 'all') at one
 * thread count, in a dedicated worker where i8conv's blocking `run` and both engines' threads are allowed. It runs a
 * file as bench/corpus.ts does in Node (onnxruntime-web first, then i8conv; the same timing, bench/corpus-timing.ts)
 * and hands back the outputs: the driver compares them, computes the answers and SQNR, and builds the rows.
 *
 * Messages in: { type: 'init', threads } -> { type: 'ready', info }; { type: 'run', job: CorpusJob } ->
 * { type: 'result', result: CorpusJobResult }; a failure of either -> { type: 'error', message }.
 */
import { createRuntime, type Runtime } from '../src/index.js';
import type { Model } from '../src/model/executor/model.js';
import type { CorpusOutputs } from '../fixtures/corpus.js';
import { ortRunShaped, ortSession, type OrtFeed, type OrtModule } from '../fixtures/models/ort.js';
import { outsideConvOver, timeIt } from './corpus-timing.js';

const ORT_DIR = '/node_modules/onnxruntime-web/dist/';
const ORT_MODULE = `${ORT_DIR}ort.wasm.min.mjs`;

/** What the page reports about itself and its engines. */
export interface CorpusPageInfo {
  threads: number;
  crossOriginIsolated: boolean;
  i8conv: { build: string; threads: number };
  ort: { numThreads: number };
  userAgent: string;
  /** the browser's full version where the page can read it (navigator.userAgentData: Chromium's user agent string
   *  gives only its major version) */
  browserVersion?: string;
}

/** One file to measure: its URL on the driver's server, seed 0's feed, the timing's runs and warm-up calls. */
export interface CorpusJob {
  url: string;
  feed: Record<string, OrtFeed>;
  inputShapes: Record<string, number[]>;
  runs: number;
  warmup: number;
}

export interface CorpusJobResult {
  ortOut?: CorpusOutputs;
  ortMs?: number;
  ortError?: string;
  loads?: boolean;
  loadS?: number;
  error?: string;
  i8Out?: CorpusOutputs;
  i8Ms?: number;
  outsideConvPct?: number;
  steps?: number;
}

const errorText = (e: unknown) =>
  (e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e))
    .replace(/\s+/g, ' ')
    .slice(0, 300);

let rt: Runtime | null = null;
let ort: OrtModule | null = null;

/** Chromium's full version, as 'Name 1.2.3.4', or undefined. */
async function fullVersion(): Promise<string | undefined> {
  type Brand = { brand: string; version: string };
  const ua = (
    navigator as unknown as {
      userAgentData?: { getHighEntropyValues(h: string[]): Promise<{ fullVersionList?: Brand[] }> };
    }
  ).userAgentData;
  try {
    const list = (await ua?.getHighEntropyValues(['fullVersionList']))?.fullVersionList ?? [];
    const b = list.find((x) => /chrom/i.test(x.brand) && !/not/i.test(x.brand));
    return b ? `${b.brand} ${b.version}` : undefined;
  } catch {
    return undefined;
  }
}

async function init(threads: number): Promise<CorpusPageInfo> {
  const iso = self.crossOriginIsolated;
  rt = await createRuntime({ threads });
  ort = (await import(/* @vite-ignore */ ORT_MODULE)) as OrtModule;
  ort.env.wasm.wasmPaths = ORT_DIR;
  ort.env.wasm.proxy = false;
  // onnxruntime-web reads its thread count once, when its first session starts
  ort.env.wasm.numThreads = iso ? threads : 1;
  ort.env.logLevel = 'error';
  return {
    browserVersion: await fullVersion(),
    threads,
    crossOriginIsolated: iso,
    i8conv: { build: rt.features.build ?? 'unknown', threads: rt.threading.threads },
    ort: { numThreads: ort.env.wasm.numThreads ?? 1 },
    userAgent: navigator.userAgent,
  };
}

async function run(job: CorpusJob): Promise<CorpusJobResult> {
  if (!rt || !ort) throw new Error('init first');
  const r = await fetch(job.url);
  if (!r.ok) throw new Error(`${job.url}: HTTP ${r.status}`);
  const bytes = new Uint8Array(await r.arrayBuffer());
  const res: CorpusJobResult = {};
  try {
    const s = await ortSession(bytes, { ort });
    try {
      const once = () => ortRunShaped(s, job.feed);
      res.ortOut = Object.fromEntries(await once()) as unknown as CorpusOutputs;
      res.ortMs = await timeIt(once, job.runs, job.warmup);
    } finally {
      await s.release();
    }
  } catch (e) {
    res.ortError = errorText(e);
  }
  let model: Model;
  try {
    const t0 = performance.now();
    // the float forms are run on purpose: no float-model warning
    model = await rt.loadModel(bytes, { inputShapes: job.inputShapes, onFloatModel: 'allow' });
    res.loadS = (performance.now() - t0) / 1000;
    res.loads = true;
  } catch (e) {
    res.loads = false;
    res.error = `loadModel: ${errorText(e)}`;
    return res;
  }
  try {
    const feeds = Object.fromEntries(Object.entries(job.feed).map(([k, v]) => [k, v.data]));
    const out = model.run(feeds);
    res.i8Out = {};
    for (const io of model.outputs) res.i8Out[io.name] = { data: out[io.name] as ArrayLike<number>, dims: io.shape };
    res.i8Ms = await timeIt(() => model.run(feeds), job.runs, job.warmup);
    Object.assign(res, outsideConvOver(model, feeds));
  } catch (e) {
    res.error = `run: ${errorText(e)}`;
  } finally {
    model.dispose();
  }
  return res;
}

self.onmessage = async (e: MessageEvent) => {
  const m = e.data as { type: 'init'; threads: number } | { type: 'run'; job: CorpusJob };
  try {
    if (m.type === 'init') self.postMessage({ type: 'ready', info: await init(m.threads) });
    else self.postMessage({ type: 'result', result: await run(m.job) });
  } catch (err) {
    self.postMessage({ type: 'error', message: errorText(err) });
  }
};
