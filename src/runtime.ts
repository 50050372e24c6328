/**
 * Loads the wasm kernels, probes what the engine can do, starts the thread pool, and owns the linear memory (a
 * host-side heap). Works in Node 20+, Deno and browsers: the module bytes are embedded (src/generated/, each build
 * in its own module, imported only when used), no fs or fetch.
 */
import { WasmHeap } from './heap.js';
import { I8ConvError, check } from './errors.js';
import { detectEngine, probeFeatures, simdTileSetFor, type Features, type SimdTileSet } from './features.js';
import type { Isa } from './algos/types.js';
import { relaxedIsa } from './algos/isa.js';
import { ThreadPool } from './threads/pool.js';
import { checkThreads, type Selection } from './params.js';
import { parseSelectionCache } from './selection-cache.js';
import { importNodeBuiltin } from './node-builtin.js';

// The WebAssembly types the published .d.ts name (here, heap.ts, threads/), declared empty so that they compile in a
// program whose libs lack them (a Node-only one: lib ES2022 and @types/node 20 have no WebAssembly namespace). They
// merge with the full declarations where the program has them (the DOM or WebWorker lib).
declare global {
  namespace WebAssembly {
    interface Memory {}
    interface Module {}
    interface Instance {}
  }
}

/** Exported kernel functions of the wasm module; every argument is an i32 (pointers are byte offsets). */
export type WasmExports = {
  memory: WebAssembly.Memory;
  heapBase(): number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [name: string]: any;
};

export type WasmBuild = 'simd128' | 'relaxed';

/** Most threads 'auto' takes (the cores beyond this rarely pay for one convolution). */
export const MAX_AUTO_THREADS = 8;
/** Pages of the threaded builds' shared memory: at most 2 GiB (asconfig.json maximumMemory). */
const SHARED_MAX_PAGES = 32768;

export interface RuntimeOptions {
  /**
   * Which wasm build to load. 'auto' (default) loads the relaxed-SIMD build where the probe (features.ts) found a
   * relaxed dot that takes full 8-bit b lanes exactly on both tiers ('usdot' or 'sdot': one dot per 16 MACs), and
   * SIMD128 elsewhere (Node 20, Safari, and engines whose relaxed dot saturates, where the relaxed kernels have to
   * split activations into 7-bit parts and measured no faster). 'relaxed' loads the relaxed build wherever its
   * dot is exact for b in [0, 127] (with the split kernels on the saturating flavour); 'simd128' forces SIMD128.
   */
  build?: 'auto' | WasmBuild;
  /** Default algorithm selection of the runtime's operators: 'heuristic' (default) or 'profile' (time the usable
   *  algorithms once per declared shape and cache the fastest; see rt.selectionCache()). */
  selection?: 'heuristic' | 'profile';
  /** A cache from rt.selectionCache() (its JSON string or object) to start from. */
  selectionCache?: string | object;
  /**
   * Threads one convolution runs on, the calling thread included: a number, or 'auto' (the available cores, at
   * most MAX_AUTO_THREADS). Default 1. Where threads cannot run (no SharedArrayBuffer, a page that is not
   * cross-origin isolated, no workers) the runtime uses one thread and rt.threading says why.
   */
  threads?: 'auto' | number;
  /**
   * Where the thread pool's worker module is (i8conv's `dist/src/threads/worker.js`, exported as `i8conv/worker`: one
   * self-contained module, so a copy anywhere works). By default the pool finds it next to its own module, which is
   * where Vite and webpack put it when they bundle the library; give it where a bundler does not (esbuild: make
   * `i8conv/worker` an entry point, or copy the file, and pass its URL). Browsers: a URL or a string the Worker
   * constructor resolves (same origin as the page); Node and Deno: a file: URL or a path.
   */
  workerUrl?: string | URL;
}

const OPTION_KEYS = new Set(['build', 'selection', 'selectionCache', 'threads', 'workerUrl']);

/** RuntimeOptions once checked, defaults filled in and the selection cache parsed. */
export interface ResolvedRuntimeOptions {
  build: 'auto' | WasmBuild;
  threads: 'auto' | number;
  selection: Selection;
  /** the parsed selectionCache (key -> algorithm name), or undefined */
  selectionCache: Map<string, string> | undefined;
  /** the worker module's location (RuntimeOptions.workerUrl), or undefined: next to the pool's module */
  workerUrl: string | URL | undefined;
}

/**
 * Checks every runtime option, before anything is probed, loaded or started (so a bad option leaks nothing):
 * an object (or undefined) with known keys only, build 'auto' | 'simd128' | 'relaxed', threads 'auto' or an
 * integer in [1, 256], selection 'heuristic' | 'profile', selectionCache the JSON of rt.selectionCache(),
 * workerUrl a URL or a non-empty string.
 */
export function resolveRuntimeOptions(opts: unknown): ResolvedRuntimeOptions {
  check(
    opts === undefined || (typeof opts === 'object' && opts !== null && !Array.isArray(opts)),
    'INVALID_PARAM',
    'options',
    () =>
      `must be an object (RuntimeOptions) or omitted, got ${opts === null ? 'null' : Array.isArray(opts) ? 'an array' : typeof opts}`,
  );
  const o = (opts ?? {}) as RuntimeOptions;
  for (const k of Object.keys(o)) {
    check(
      OPTION_KEYS.has(k),
      'INVALID_PARAM',
      k,
      () => `is not an option of createRuntime (known: ${[...OPTION_KEYS].join(', ')})`,
    );
  }
  const build = o.build ?? 'auto';
  check(
    build === 'auto' || build === 'simd128' || build === 'relaxed',
    'INVALID_PARAM',
    'build',
    () => `must be 'auto', 'simd128' or 'relaxed', got ${String(build)}`,
  );
  const threads = checkThreads(o.threads, 'threads') ?? 1;
  const selection = o.selection ?? 'heuristic';
  check(
    selection === 'heuristic' || selection === 'profile',
    'INVALID_PARAM',
    'selection',
    () => `must be 'heuristic' or 'profile', got ${String(selection)}`,
  );
  const selectionCache = o.selectionCache === undefined ? undefined : parseSelectionCache(o.selectionCache);
  const workerUrl = o.workerUrl;
  check(
    workerUrl === undefined || workerUrl instanceof URL || (typeof workerUrl === 'string' && workerUrl !== ''),
    'INVALID_PARAM',
    'workerUrl',
    () =>
      `must be a URL or a non-empty string (the location of i8conv's worker module), got ${workerUrl === '' ? 'an empty string' : typeof workerUrl}`,
  );
  return { build, threads, selection, selectionCache, workerUrl };
}

/** Whether the runtime runs convolutions on several threads, and why not when it does not. */
export interface Threading {
  enabled: boolean;
  /** threads in use (1 when not enabled) */
  threads: number;
  /** why threads are off (or 'enabled'), e.g. 'threads: 1 requested', 'not cross-origin isolated' */
  reason: string;
}

function decodeBase64(b64: string): Uint8Array<ArrayBuffer> {
  // atob exists in Node 16+, Deno and browsers.
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function moduleBytes(build: WasmBuild, threaded: boolean): Promise<string> {
  if (build === 'relaxed')
    return threaded
      ? (await import('./generated/relaxed-mt.js')).WASM_RELAXED_MT
      : (await import('./generated/relaxed.js')).WASM_RELAXED;
  return threaded
    ? (await import('./generated/release-mt.js')).WASM_SIMD128_MT
    : (await import('./generated/release.js')).WASM_SIMD128;
}

const moduleCache = new Map<string, Promise<WebAssembly.Module>>();
function compileBuild(build: WasmBuild, threaded: boolean): Promise<WebAssembly.Module> {
  const key = `${build}${threaded ? '-mt' : ''}`;
  let m = moduleCache.get(key);
  if (!m) {
    m = moduleBytes(build, threaded).then((b64) => WebAssembly.compile(decodeBase64(b64)));
    moduleCache.set(key, m);
  }
  return m;
}

export class WasmRuntimeCore {
  readonly exports: WasmExports;
  readonly memory: WebAssembly.Memory;
  readonly heap: WasmHeap;
  readonly features: Features;
  readonly build: WasmBuild;
  /** the kernels' instruction set: the build and, for the relaxed build, the dot flavour's kernels */
  readonly isa: Isa;
  /** the worker pool (threading.enabled), or null */
  readonly pool: ThreadPool | null;
  readonly threading: Threading;
  /** the lab build (lab/index.ts: tests and benchmarks), which also has the kernels that run only when forced */
  readonly lab: boolean;
  /**
   * A threaded runtime's single-thread companion: a second instance of the regular (non-shared) build. Operators
   * that never run on the threads live in it, because V8 copies into and out of a shared memory ~4x slower than a
   * plain one (TypedArray.set: 150 KB in 5.7 us against 1.5 us, Node 20 and 24), which made those operators slower
   * on a threaded runtime than on a single-thread one. null on a runtime without threads (it is its own).
   */
  readonly serial: WasmRuntimeCore | null;
  /** the threaded core this one is the companion of (its disposal is this one's) */
  private readonly owner: WasmRuntimeCore | null;

  constructor(
    instance: WebAssembly.Instance,
    features: Features,
    build: WasmBuild,
    isa: Isa,
    pool: ThreadPool | null,
    threading: Threading,
    serial: WebAssembly.Instance | null = null,
    owner: WasmRuntimeCore | null = null,
  ) {
    this.exports = instance.exports as unknown as WasmExports;
    this.memory = this.exports.memory;
    this.heap = new WasmHeap(this.memory, this.exports.heapBase());
    this.features = features;
    this.build = build;
    this.isa = isa;
    this.pool = pool;
    this.threading = threading;
    this.lab = typeof this.exports.labBuild === 'function';
    this.owner = owner;
    this.serial = serial ? new WasmRuntimeCore(serial, features, build, isa, null, threading, null, this) : null;
  }

  /** The core a calculation that runs on the calling thread alone should use (the companion where there is one). */
  get single(): WasmRuntimeCore {
    return this.serial ?? this;
  }

  /** The SIMD128 NCHW44 dot kernels' tile set (features.simdTiles). */
  get simdTiles(): SimdTileSet {
    return this.features.simdTiles ?? 'wide';
  }

  /** Threads a convolution runs on. */
  get threads(): number {
    return this.pool ? this.pool.size : 1;
  }

  /** Bytes of linear memory this core and its companion hold (they grow, never shrink). */
  get memoryBytes(): number {
    return this.memory.buffer.byteLength + (this.serial?.memoryBytes ?? 0);
  }

  /** Bytes of those handed out by the heaps (live models and operators, guard bands included). */
  get memoryInUse(): number {
    return this.heap.bytesInUse + (this.serial?.memoryInUse ?? 0);
  }

  /** Fresh views: memory growth detaches old ones, so never keep these across an allocation. */
  u8(): Uint8Array {
    return new Uint8Array(this.memory.buffer);
  }
  i8(): Int8Array {
    return new Int8Array(this.memory.buffer);
  }
  i32(): Int32Array {
    return new Int32Array(this.memory.buffer);
  }
  f32(): Float32Array {
    return new Float32Array(this.memory.buffer);
  }

  private ended = false;
  /** rt.dispose() was called: the operators of this runtime may not run any more. */
  get disposed(): boolean {
    return this.ended || (this.owner?.disposed ?? false);
  }

  dispose(): void {
    this.ended = true;
    this.pool?.dispose();
  }
}

/** Available cores (navigator.hardwareConcurrency, or Node's os.availableParallelism on Node 20). */
async function availableCores(): Promise<number> {
  const nav = (globalThis as unknown as { navigator?: { hardwareConcurrency?: number } }).navigator;
  if (nav?.hardwareConcurrency) return nav.hardwareConcurrency;
  const g = globalThis as unknown as { process?: { versions?: { node?: string } } };
  if (g.process?.versions?.node) {
    const os = await importNodeBuiltin<typeof import('node:os')>('node:os');
    return os.availableParallelism ? os.availableParallelism() : os.cpus().length;
  }
  return 1;
}

/** Why this engine cannot run threads, or null when it can. */
function threadsUnavailable(): string | null {
  const g = globalThis as unknown as {
    SharedArrayBuffer?: unknown;
    crossOriginIsolated?: boolean;
    Worker?: unknown;
    process?: { versions?: { node?: string } };
  };
  if (g.crossOriginIsolated === false)
    return 'not cross-origin isolated (serve the page with COOP: same-origin and COEP: require-corp)';
  if (typeof g.SharedArrayBuffer === 'undefined') return 'SharedArrayBuffer unavailable';
  if (typeof g.Worker === 'undefined' && !g.process?.versions?.node) return 'no Worker in this environment';
  try {
    new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
  } catch {
    return 'shared WebAssembly memory unavailable';
  }
  return null;
}

/**
 * Tests only: run the relaxed build with a given kernel ISA instead of the probed one. A wrong ISA computes wrong
 * answers on inputs whose b lanes use the top bit; tests use it with inputs where every flavour agrees.
 */
export interface CoreTestHooks {
  isa?: Isa;
  /** Tests and benchmarks: the SIMD128 tile set to plan with instead of the engine's (features.simdTiles). */
  simdTiles?: SimdTileSet;
  /**
   * Tests and benchmarks only (lab/index.ts): the module to run for a build instead of the embedded product one
   * (the lab build). Single-thread: a runtime given a module runs on one thread, and rt.threading says why.
   */
  module?: (build: WasmBuild) => Promise<WebAssembly.Module>;
}

/** Probes the engine, loads the wasm build and starts the worker pool; every option is checked first. */
export async function instantiateCore(opts: RuntimeOptions = {}, hooks: CoreTestHooks = {}): Promise<WasmRuntimeCore> {
  const o = resolveRuntimeOptions(opts);
  const features = await probeFeatures();
  const want = o.build;
  const full8 = features.dotFlavour === 'usdot' || features.dotFlavour === 'sdot';
  const build: WasmBuild = want === 'auto' ? (full8 ? 'relaxed' : 'simd128') : want;
  if (!features.simd128) {
    throw new I8ConvError('NO_SIMD', 'this engine does not support WebAssembly SIMD128, which i8conv requires');
  }
  if (build === 'relaxed' && !features.relaxedDotExact) {
    throw new I8ConvError(
      'NO_RELAXED_SIMD',
      `build: relaxed SIMD is ${features.relaxedSimd ? 'present but its dot product failed the exactness probe' : 'not available'} in this engine`,
      'build',
    );
  }
  const t = o.threads;
  const wanted = t === 'auto' ? Math.max(1, Math.min(MAX_AUTO_THREADS, await availableCores())) : t;
  let reason =
    wanted === 1
      ? t === 'auto'
        ? 'threads: auto found 1 core'
        : 'threads: 1 requested'
      : hooks.module
        ? 'the lab build runs on one thread'
        : threadsUnavailable();
  let pool: ThreadPool | null = null;
  let instance: WebAssembly.Instance | null = null;
  if (reason === null) {
    try {
      const module = await compileBuild(build, true);
      const memory = new WebAssembly.Memory({ initial: 16, maximum: SHARED_MAX_PAGES, shared: true });
      instance = await WebAssembly.instantiate(module, { env: { memory, abort: wasmAbort } });
      pool = await ThreadPool.create(module, memory, wanted, o.workerUrl);
    } catch (e) {
      instance = null;
      pool = null;
      reason = `workers did not start: ${String((e as Error).message ?? e)}`;
    }
  }
  // a threaded runtime also gets the regular build, for the operators that run on the calling thread alone
  const plain = await WebAssembly.instantiate(await (hooks.module ? hooks.module(build) : compileBuild(build, false)), {
    env: { abort: wasmAbort },
  });
  const threading: Threading = pool
    ? { enabled: true, threads: pool.size, reason: 'enabled' }
    : { enabled: false, threads: 1, reason: reason! };
  const isa: Isa = build === 'simd128' ? 'wasmsimd' : (hooks.isa ?? relaxedIsa(features.dotFlavour));
  const engine = detectEngine();
  const f = { ...features, build, isa, engine, simdTiles: hooks.simdTiles ?? simdTileSetFor(engine) };
  return instance
    ? new WasmRuntimeCore(instance, f, build, isa, pool, threading, plain)
    : new WasmRuntimeCore(plain, f, build, isa, null, threading);
}

function wasmAbort(): never {
  throw new I8ConvError('WASM_ABORT', 'a wasm kernel aborted (an internal bug: please report it)');
}
