import { createRuntime } from '../dist/src/index.js';
const rt = await createRuntime({ threads: 2 });
console.log(JSON.stringify(rt.threading));
const p = { format: 'NCHW44', n: 1, ic: 64, ih: 56, iw: 56, oc: 64, fh: 3, fw: 3, pad: 1, srcScale: 0.02, filterScale: 0.01, dstScale: 0.05 };
const c = rt.convBias(p); c.setFilter(new Int8Array(c.params.filterLength).fill(1));
const src = new Int8Array(c.params.srcLength).fill(1), dst = new Int8Array(c.params.dstLength);
let best = Infinity; for (let i = 0; i < 30; i++) { const a = performance.now(); c.exec(src, dst); best = Math.min(best, performance.now() - a); }
console.log('threaded', c.threaded, 'GMAC/s', (c.params.macs / best / 1e6).toFixed(1), dst[0]);
