// Lab entry of the wasm module: the production entry (assembly/index.ts) plus what only tests and benchmarks use.
// Built with I8CONV_LAB=1 (tools/build-wasm.mjs, into build/lab/ and lab/generated/), never shipped:
// - the kernels that run only when forced by name (the 'lab' rows of src/algos/kernel-table.generated.ts: the
//   alternative tiles measured against the chosen ones), compiled in by the I8CONV_LAB guard of their dispatcher
//   case;
// - the benchmark's register-resident ceiling loops (assembly/bench/ceiling.ts);
// - the float region's four-lane expf and log1pf over whole arrays (labExpf4, labLog1pf4: tests only).
export * from './index';
export * from './bench/ceiling';
import { expf4, log1pf4 } from './model/region-math';

/** 1: this module is the lab build (the host reads it to allow forcing lab kernels; see lab/index.ts). */
export function labBuild(): i32 {
  return 1;
}

/** dst[i] = log1pf4(src[i]) for n float32 (n a multiple of 4): the region's four-lane log1pf over any input, for
 * test/model-region-activations.test.ts (the region itself only gives it Softplus's values in (0, 1]). */
export function labLog1pf4(src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) v128.store(dst + (<usize>i << 2), log1pf4(v128.load(src + (<usize>i << 2))));
}

/** dst[i] = expf4(src[i]) for n float32 in (-88, 88) (n a multiple of 4): the region's four-lane expf. */
export function labExpf4(src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) v128.store(dst + (<usize>i << 2), expf4(v128.load(src + (<usize>i << 2))));
}
