// A/B of the SIMD128 micro-kernel variants (main and alt tiles, forced by name) on the same shapes, interleaved
// in one process so that machine noise hits all of them alike; reports the best GMAC/s of each. It runs the lab
// build (lab/index.ts), which has the alt tiles the product build leaves out.
// Usage (after npm run build): node tools/ab-kernels.mjs '[[ic, oc, hw, k, stride], ...]' [seconds per shape] [isa]
// isa: wasmsimd (default) or wasmrelaxeddot (the relaxed build's dot8 kernels; Node 22+, Deno, Chromium). Deno:
// deno run -A tools/ab-kernels.mjs ...
import { KERNELS } from '../dist-bench/src/index.js';
import { createLabRuntime } from '../dist-bench/lab/index.js';
const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
const isa = args[2] ?? 'wasmsimd';
const rt = await createLabRuntime({ build: isa === 'wasmsimd' ? 'simd128' : 'relaxed' });
const shapes = JSON.parse(args[0]);
const secs = Number(args[1] ?? 3);
for (const [ic, oc, h, k, s] of shapes) {
  const p = {
    format: 'NCHW44',
    n: 1,
    ic,
    ih: h,
    iw: h,
    oc,
    fh: k,
    fw: k,
    stride: s,
    pad: k >> 1,
    srcScale: 0.02,
    filterScale: 0.01,
    dstScale: 0.05,
    biasMode: 'channel',
    nonlinearity: 'relu',
  };
  const names = KERNELS.filter((v) => v.isa === isa && v.fw === k && v.stride === s && v.role !== 'tail').map(
    (v) => v.name,
  );
  const convs = names.map((n) => {
    const c = rt.convBias(p, { kernel: n });
    c.setFilter(new Int8Array(c.params.filterLength).fill(3));
    c.setBias(new Int32Array(oc));
    return c;
  });
  const src = new Int8Array(convs[0].params.srcLength).map((_, i) => ((i * 7) % 251) - 125);
  const dst = new Int8Array(convs[0].params.dstLength);
  const best = convs.map(() => Infinity);
  const end = performance.now() + secs * 1000;
  while (performance.now() < end)
    convs.forEach((c, i) => {
      const t0 = performance.now();
      c.exec(src, dst);
      best[i] = Math.min(best[i], performance.now() - t0);
    });
  console.log(
    `${ic}->${oc} ${h}^2 ${k}x${k} s${s}: ` +
      names.map((n, i) => `${n.split('_')[4]} ${(convs[0].params.macs / best[i] / 1e6).toFixed(1)}`).join('  '),
  );
}
