/**
 * The lab build, for tests and benchmarks only (never published: package.json `files` lists dist/src and
 * dist/kernels-ref; this folder compiles into dist-bench/). Its wasm (assembly/lab.ts, built by
 * tools/build-wasm.mjs into lab/generated/) is the product's plus two things the product leaves out:
 * - the kernels that run only when forced by name (the `lab: true` rows of src/algos/kernel-table.generated.ts:
 *   alternative tiles kept to measure against the chosen ones); a product runtime refuses them with UNKNOWN_KERNEL;
 * - the benchmark's ceiling loops (assembly/bench/ceiling.ts): `rt.core.exports.ceilingDotI16` and the others.
 * A lab runtime runs on one thread (there is no threaded lab build). Everything else is the product's own code
 * (src/), so a lab runtime selects, plans and computes exactly as a product runtime does.
 */
import { I8ConvError } from '../src/errors.js';
import { Runtime } from '../src/index.js';
import {
  instantiateCore,
  type CoreTestHooks,
  type RuntimeOptions,
  type WasmBuild,
  type WasmRuntimeCore,
} from '../src/runtime.js';

const modules = new Map<WasmBuild, Promise<WebAssembly.Module>>();

async function labBase64(build: WasmBuild): Promise<string> {
  return build === 'relaxed'
    ? (await import('./generated/relaxed.js')).WASM_LAB_RELAXED
    : (await import('./generated/simd128.js')).WASM_LAB_SIMD128;
}

/** The compiled lab module of a build (compiled once per process or page). */
export function labModule(build: WasmBuild): Promise<WebAssembly.Module> {
  let m = modules.get(build);
  if (!m) {
    m = labBase64(build).then((b64) => {
      const bin = atob(b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      return WebAssembly.compile(bytes);
    });
    modules.set(build, m);
  }
  return m;
}

/** A runtime core over the lab build (same options and test hooks as instantiateCore; one thread). */
export function instantiateLabCore(
  opts: RuntimeOptions = {},
  hooks: Omit<CoreTestHooks, 'module'> = {},
): Promise<WasmRuntimeCore> {
  if (opts.threads !== undefined && opts.threads !== 1) {
    throw new I8ConvError(
      'INVALID_PARAM',
      `threads: the lab build runs on one thread, got ${String(opts.threads)}`,
      'threads',
    );
  }
  return instantiateCore(opts, { ...hooks, module: labModule });
}

/** createRuntime over the lab build: what tests and benchmarks use to force lab kernels or run the ceiling loops. */
export async function createLabRuntime(
  opts: RuntimeOptions = {},
  hooks: Omit<CoreTestHooks, 'module'> = {},
): Promise<Runtime> {
  return new Runtime(await instantiateLabCore(opts, hooks), opts);
}
