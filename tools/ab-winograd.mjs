// A/B of the Winograd F(2, 3) algorithm (each of its pairs GEMM kernels, forced by name) against the direct NCHW44
// dot algorithm on 3x3 stride-1 shapes, interleaved in one process; reports the best GMAC/s of each (MACs of the
// direct convolution, so the figures compare as speed). Lab build (the alt kernels), SIMD128 unless told.
// Usage (after npm run build): node tools/ab-winograd.mjs '[[ic, oc, hw, k?], ...]' [seconds per shape] [build] [threads]
// With threads > 1 it runs the product build (the lab build is single-threaded) and its own kernel choice.
import { WINOGRAD_KERNELS, createRuntime } from '../dist-bench/src/index.js';
import { createLabRuntime } from '../dist-bench/lab/index.js';
const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
const build = args[2] ?? 'simd128';
const threads = Number(args[3] ?? 1);
const rt = threads > 1 ? await createRuntime({ build, threads }) : await createLabRuntime({ build });
const shapes = JSON.parse(args[0]);
const secs = Number(args[1] ?? 3);
for (const [ic, oc, h, k = 3] of shapes) {
  const p = { format: 'NCHW44', n: 1, ic, ih: h, iw: h, oc, fh: k, fw: k, stride: 1, pad: k >> 1, srcScale: 0.02, filterScale: 0.01, dstScale: 0.05, biasMode: 'channel', nonlinearity: 'relu' };
  const runs = [['direct', { ...p, algo: 'WASMDOTS8DIRECT_NCHW44' }, {}]];
  if (threads > 1) runs.push(['winograd', { ...p, algo: 'WASMS8_WINOGRAD_F23_NCHW44' }, {}]);
  else for (const k of WINOGRAD_KERNELS.filter((v) => v.npg > 1)) runs.push([k.name.split('_')[2], { ...p, algo: 'WASMS8_WINOGRAD_F23_NCHW44' }, { kernel: k.name }]);
  const convs = runs.map(([, q, o]) => { const c = rt.convBias(q, { threads, ...o }); c.setFilter(new Int8Array(c.params.filterLength).map((_, i) => (i * 13) % 255 - 127)); c.setBias(new Int32Array(oc)); return c; });
  const src = new Int8Array(convs[0].params.srcLength).map((_, i) => (i * 7) % 251 - 125);
  const dst = new Int8Array(convs[0].params.dstLength);
  const best = convs.map(() => Infinity);
  const end = performance.now() + secs * 1000;
  while (performance.now() < end) convs.forEach((c, i) => { const t0 = performance.now(); c.exec(src, dst); best[i] = Math.min(best[i], performance.now() - t0); });
  console.log(`${ic}->${oc} ${h}^2 ${k}x${k} (${threads}T ${build}): ` + runs.map(([n], i) => `${n} ${(convs[0].params.macs / best[i] / 1e6).toFixed(1)}`).join('  '));
}
rt.dispose?.();
