/**
 * Which kernel sets this engine can run, for the convolution tests that run once per set (conv-algos,
 * conv-edges, conv-grid):
 *
 * - SIMD128 ('wasmsimd'): every engine. `createRuntime({ build: 'simd128' })`.
 * - the relaxed build's one-dot-per-16-MACs kernels ('wasmusdot' / 'wasmsdot'): only where the probe finds a
 *   relaxed dot that takes full 8-bit lanes exactly on both tiers (`dotFlavour` 'usdot' or 'sdot': V8 on x86 with
 *   AVX-VNNI, ARM). `createRuntime({ build: 'relaxed' })` loads them there. On an engine whose dot saturates
 *   (V8 on x86 without AVX-VNNI, SpiderMonkey) they compute wrong answers, so they are not run: skipped.
 * - the relaxed build's 7-bit split kernels ('wasmrelaxedsimd'): wherever the engine has relaxed SIMD and its dot
 *   is exact for lanes in [0, 127] on both tiers (`relaxedDotExact`), whatever the flavour; forced through
 *   `instantiateCore(..., { isa: 'wasmrelaxedsimd' })` (the test hook of src/runtime.ts) where the probe would
 *   pick the dot8 kernels.
 *
 * Node 20 has no relaxed SIMD without a flag: there only SIMD128 runs, the other two are reported skipped.
 * A set is decided by the probe (what the engine computes), never by the engine's name or version.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { probeFeatures, type Features } from '../../src/features.js';
import { createRuntime, Runtime } from '../../src/index.js';
import { instantiateCore } from '../../src/runtime.js';
import { GEMM_KERNELS, KERNELS, WINOGRAD_KERNELS } from '../../src/algos/kernel-table.generated.js';
import { createLabRuntime } from '../../lab/index.js';

/** A runtime's kernel isa (rt.features.isa). */
type Isa = 'wasmsimd' | 'wasmrelaxedsimd' | 'wasmusdot' | 'wasmsdot';

export interface KernelSet {
  /** short label used in test names: 'SIMD128', 'relaxed dot8 (wasmusdot)', 'relaxed 7-bit split' */
  label: string;
  /** the runtime's isa when this set runs (rt.features.isa); for the dot8 set, the probed flavour's */
  isa: Isa;
  /** the kernel-table isa of the NCHW44 direct dot row kernels (KERNELS[].isa) this set runs */
  dotKernelIsa: 'wasmsimd' | 'wasmrelaxedsimd' | 'wasmrelaxeddot';
  /** the kernel-table isa of the 1x1 / im2col GEMM micro-kernels (GEMM_KERNELS[].isa) this set runs */
  gemmKernelIsa: 'wasmsimd' | 'wasmrelaxeddot';
  /** bytes per packed filter weight of the NCHW44 direct dot (i16 pairs on SIMD128, i8 with the relaxed dot) */
  dotFilterBytesPerWeight: number;
  /** the full case lists (SIMD128) or the thinned ones (the relaxed sets: every shape and loop tail, fewer
   *  repetitions of the same shape with other activations / bias modes) */
  full: boolean;
  /** the kernel-table isa (the `__<isa>` suffix of the kernel names) an algorithm runs in this set: with the dot8
   *  kernels every algorithm but the scalar fallback is relaxed; with the split only the NCHW44 direct dot (and the
   *  NCHW and first-layer routes through it) is, the others run their SIMD128 kernels (README "Wasm builds") */
  kernelIsaOf(algorithm: string): string;
  /** null when this engine runs the set; else why not (the tests of the set are reported skipped) */
  skip: string | null;
  /** a runtime that runs this set's kernels (checked: a runtime with other kernels throws) */
  runtime(): Promise<Runtime>;
  /** the same on the lab build, the only one with the alternative tiles (kernel-table rows with lab: true) */
  labRuntime(): Promise<Runtime>;
}

/** The kernel-table rows compiled into the lab build only: forcing one needs the set's lab runtime. */
export const LAB_KERNELS: ReadonlySet<string> = new Set(
  [...KERNELS, ...GEMM_KERNELS, ...WINOGRAD_KERNELS].filter((k) => k.lab).map((k) => k.name),
);

/** Checks that a runtime really runs the kernels of `set` before any test uses it. */
function checked(rt: Runtime, set: Pick<KernelSet, 'isa' | 'label'>): Runtime {
  const build = set.isa === 'wasmsimd' ? 'simd128' : 'relaxed';
  if (rt.features.build !== build || rt.features.isa !== set.isa) {
    throw new Error(
      `${set.label}: the runtime loaded build ${rt.features.build} isa ${rt.features.isa}, not ${build} ${set.isa}`,
    );
  }
  return rt;
}

/** The Winograd algorithm runs its SIMD128 pairs GEMM kernels in every set (it is preferred on SIMD128 runtimes only). */
const WINOGRAD = 'WASMS8_WINOGRAD_F23_NCHW44';

/** The algorithms that run the NCHW44 direct dot row kernels (KERNELS). */
const DOT_NCHW44_ALGOS = new Set(['WASMDOTS8DIRECT_NCHW44', 'WASMDOTS8_NCHW_NCHW44', 'WASMDOTS8DIRECT_NCHW']);

/** The kernel sets, in order SIMD128, relaxed dot8, relaxed split, with whether this engine runs each. */
export function kernelSetsFor(f: Features): KernelSet[] {
  const dot8Isa: Isa = f.dotFlavour === 'sdot' ? 'wasmsdot' : 'wasmusdot';
  const dot8 = f.relaxedDotExact && (f.dotFlavour === 'usdot' || f.dotFlavour === 'sdot');
  const why = f.relaxedSimd
    ? `relaxed dot not exact on both tiers (tiers ${f.dotFlavourTiers.join(' / ')})`
    : 'no relaxed SIMD';
  const simd: KernelSet = {
    label: 'SIMD128',
    isa: 'wasmsimd',
    dotKernelIsa: 'wasmsimd',
    gemmKernelIsa: 'wasmsimd',
    dotFilterBytesPerWeight: 2,
    full: true,
    skip: f.simd128 ? null : 'no SIMD128 in this engine',
    kernelIsaOf: (a) => (a === 'WASM_NAIVE' ? 'scalar' : 'wasmsimd'),
    runtime: async () => checked(await createRuntime({ build: 'simd128' }), simd),
    labRuntime: async () => checked(await createLabRuntime({ build: 'simd128' }), simd),
  };
  const relaxedDot: KernelSet = {
    label: `relaxed dot8 (${f.dotFlavour === 'sdot' ? 'wasmsdot' : f.dotFlavour === 'usdot' ? 'wasmusdot' : 'wasmusdot / wasmsdot'})`,
    isa: dot8Isa,
    dotKernelIsa: 'wasmrelaxeddot',
    gemmKernelIsa: 'wasmrelaxeddot',
    dotFilterBytesPerWeight: 1,
    full: false,
    // on another flavour these kernels compute wrong answers: not run
    skip: dot8 ? null : !f.relaxedDotExact ? why : `dotFlavour '${f.dotFlavour}', not usdot / sdot`,
    kernelIsaOf: (a) =>
      a === 'WASM_NAIVE'
        ? 'scalar'
        : a === 'WASMDOTS8PAIRS_NCHW_NCHW44' || a === WINOGRAD
          ? 'wasmsimd'
          : 'wasmrelaxeddot',
    runtime: async () => checked(await createRuntime({ build: 'relaxed' }), relaxedDot),
    labRuntime: async () => checked(await createLabRuntime({ build: 'relaxed' }), relaxedDot),
  };
  const split: KernelSet = {
    label: 'relaxed 7-bit split (wasmrelaxedsimd)',
    isa: 'wasmrelaxedsimd',
    dotKernelIsa: 'wasmrelaxedsimd',
    gemmKernelIsa: 'wasmsimd',
    dotFilterBytesPerWeight: 1,
    full: false,
    skip: f.relaxedDotExact ? null : why,
    kernelIsaOf: (a) => (a === 'WASM_NAIVE' ? 'scalar' : DOT_NCHW44_ALGOS.has(a) ? 'wasmrelaxedsimd' : 'wasmsimd'),
    runtime: async () =>
      checked(new Runtime(await instantiateCore({ build: 'relaxed' }, { isa: 'wasmrelaxedsimd' })), split),
    labRuntime: async () => checked(await createLabRuntime({ build: 'relaxed' }, { isa: 'wasmrelaxedsimd' }), split),
  };
  return [simd, relaxedDot, split];
}

/** This engine's probe, once per test file. */
export const ENGINE_FEATURES: Features = await probeFeatures();
/** The kernel sets with this engine's skips. */
export const KERNEL_SETS: KernelSet[] = kernelSetsFor(ENGINE_FEATURES);

/**
 * Declares `body`'s tests once per kernel set, each set in its own describe block titled with the set's label. A
 * set this engine does not run is declared with describe.skip (its tests are reported skipped, its runtime never
 * created). `rt()` is the set's runtime, `lab()` the same on the lab build, created before the block's first test
 * and disposed after its last.
 */
export function describeEachKernelSet(body: (set: KernelSet, rt: () => Runtime, lab: () => Runtime) => void): void {
  for (const set of KERNEL_SETS) {
    describe.skipIf(set.skip !== null)(`[${set.label}]${set.skip ? ` (skipped: ${set.skip})` : ''}`, () => {
      let runtime: Runtime | undefined;
      let labRuntime: Runtime | undefined;
      beforeAll(async () => {
        runtime = await set.runtime();
        labRuntime = await set.labRuntime();
      });
      afterAll(() => {
        runtime?.dispose();
        labRuntime?.dispose();
      });
      const get = (r: Runtime | undefined) => {
        if (!r) throw new Error(`${set.label}: no runtime (beforeAll did not run)`);
        return r;
      };
      body(
        set,
        () => get(runtime),
        () => get(labRuntime),
      );
    });
  }
}

/** The kernels a case ran that are not this set's kernels for its algorithm ([] when all are). */
export function foreignKernels(set: KernelSet, algorithm: string, kernels: readonly string[]): string[] {
  const isa = set.kernelIsaOf(algorithm);
  const ok = (k: string) => k.endsWith(`__${isa}`);
  return kernels.filter((k) => !ok(k));
}
