// A/B of the Winograd F(2, 3) algorithm (each of its pairs GEMM kernels, forced by name) against the direct NCHW44
// dot algorithm on stride-1 shapes (3x3 unless a fourth number gives 5 or 7), interleaved in one process
// (tools/ab-winograd-core.mjs); reports the best GMAC/s of each (MACs of the direct convolution, so the figures
// compare as speed). Lab build (the alt kernels), SIMD128 unless told.
// Usage (after npm run build): node tools/ab-winograd.mjs '[[ic, oc, hw, k?], ...]' [seconds per shape] [build] [threads]
// With threads > 1 it runs the product build (the lab build is single-threaded) and its own kernel choice.
import { WINOGRAD_KERNELS, createRuntime } from '../dist-bench/src/index.js';
import { createLabRuntime } from '../dist-bench/lab/index.js';
import { abWinograd } from './ab-winograd-core.mjs';
const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
const build = args[2] ?? 'simd128';
const threads = Number(args[3] ?? 1);
const rt = threads > 1 ? await createRuntime({ build, threads }) : await createLabRuntime({ build });
const lines = abWinograd(rt, WINOGRAD_KERNELS, JSON.parse(args[0]), Number(args[1] ?? 3), {
  forced: threads === 1,
  threads,
  label: ` (${threads}T ${build})`,
});
for (const l of lines) console.log(l);
rt.dispose?.();
