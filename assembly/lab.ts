// Lab entry of the wasm module: the production entry (assembly/index.ts) plus what only tests and benchmarks use.
// Built with I8CONV_LAB=1 (tools/build-wasm.mjs, into build/lab/ and lab/generated/), never shipped:
// - the kernels that run only when forced by name (the 'lab' rows of src/algos/kernel-table.generated.ts: the
//   alternative tiles measured against the chosen ones), compiled in by the I8CONV_LAB guard of their dispatcher
//   case;
// - the benchmark's register-resident ceiling loops (assembly/bench/ceiling.ts).
export * from './index';
export * from './bench/ceiling';

/** 1: this module is the lab build (the host reads it to allow forcing lab kernels; see lab/index.ts). */
export function labBuild(): i32 {
  return 1;
}
