/**
 * Loads the wasm kernels, probes what the engine can do, and owns the linear memory (a host-side heap).
 * Works in Node 20+, Deno and browsers: the module bytes are embedded (src/generated/), no fs or fetch.
 */
import { WASM_SIMD128 } from './generated/release.js';
import { WASM_RELAXED } from './generated/relaxed.js';
import { WasmHeap } from './heap.js';
import { I8ConvError } from './errors.js';
import { probeFeatures, type Features } from './features.js';

/** Exported kernel functions of the wasm module; every argument is an i32 (pointers are byte offsets). */
export type WasmExports = {
  memory: WebAssembly.Memory;
  heapBase(): number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [name: string]: any;
};

export type WasmBuild = 'simd128' | 'relaxed';

export interface RuntimeOptions {
  /**
   * Which wasm build to load. 'auto' (default) loads SIMD128: on the machines we measured (x86-64 with AVX-VNNI,
   * Deno 2.9 / Chromium 156) the relaxed-SIMD kernels were not faster, because splitting full-range int8
   * activations into two 7-bit-safe parts doubles the dot products. 'relaxed' loads them (exact on every engine
   * whose probe passes, see features.ts).
   */
  build?: 'auto' | WasmBuild;
  /** Default algorithm selection of the runtime's operators: 'heuristic' (default) or 'profile' (time the usable
   *  algorithms once per declared shape and cache the fastest; see rt.selectionCache()). */
  selection?: 'heuristic' | 'profile';
  /** A cache from rt.selectionCache() (its JSON string or object) to start from. */
  selectionCache?: string | object;
}

function decodeBase64(b64: string): Uint8Array<ArrayBuffer> {
  // atob exists in Node 16+, Deno and browsers.
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const moduleCache = new Map<WasmBuild, Promise<WebAssembly.Module>>();
function compileBuild(build: WasmBuild): Promise<WebAssembly.Module> {
  let m = moduleCache.get(build);
  if (!m) {
    m = WebAssembly.compile(decodeBase64(build === 'relaxed' ? WASM_RELAXED : WASM_SIMD128));
    moduleCache.set(build, m);
  }
  return m;
}

export class WasmRuntimeCore {
  readonly exports: WasmExports;
  readonly memory: WebAssembly.Memory;
  readonly heap: WasmHeap;
  readonly features: Features;
  readonly build: WasmBuild;

  constructor(instance: WebAssembly.Instance, features: Features, build: WasmBuild) {
    this.exports = instance.exports as unknown as WasmExports;
    this.memory = this.exports.memory;
    this.heap = new WasmHeap(this.memory, this.exports.heapBase());
    this.features = features;
    this.build = build;
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
}

export async function instantiateCore(opts: RuntimeOptions = {}): Promise<WasmRuntimeCore> {
  const features = await probeFeatures();
  const want = opts.build ?? 'auto';
  let build: WasmBuild;
  if (want === 'auto') build = 'simd128';
  else build = want;
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
  const module = await compileBuild(build);
  const instance = await WebAssembly.instantiate(module, { env: { abort: wasmAbort } });
  return new WasmRuntimeCore(instance, { ...features, build }, build);
}

function wasmAbort(): never {
  throw new I8ConvError('WASM_ABORT', 'a wasm kernel aborted (an internal bug: please report it)');
}
