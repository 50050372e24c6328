// The float32 Resize kernel (src/model/backends/wasm-float/resize.ts, NCHW and NCHW44) against the TypeScript operator
// it replaces (src/model/backends/host/resize.ts), in one process on the same data, one thread. Both sides run
// interleaved; each line prints both medians and the ratio kernel / TypeScript, after checking that both give the same
// output bits.
// Usage (after npm run build): node tools/ab-float-resize.mjs [seconds per case, default 2] [build: auto | simd128]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const secs = Number(args[0] ?? 2);
const build = args[1] ?? 'auto';
const dist = (p) => import(pathToFileURL(resolve(import.meta.dirname, '..', 'dist', p)).href);
const { instantiateCore } = await dist('src/runtime.js');
const { runKernelSerial } = await dist('src/model/backends/types.js');
const { Resize, resizeSpec } = await dist('src/model/backends/host/resize.js');
const { FloatResize } = await dist('src/model/backends/wasm-float/resize.js');
const core = await instantiateCore({ build });

const numel = (d) => d.reduce((a, b) => a * b, 1);
const median = (t) => [...t].sort((a, b) => a - b)[t.length >> 1];
let seed = 12345;
const rand = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 2 ** 32;
};

/** Interleaves a() and b() for `secs` seconds; their median times in ms. */
function race(a, b) {
  a();
  b();
  const ta = [],
    tb = [];
  const end = performance.now() + secs * 1000;
  while (performance.now() < end || ta.length < 5) {
    let t0 = performance.now();
    a();
    ta.push(performance.now() - t0);
    t0 = performance.now();
    b();
    tb.push(performance.now() - t0);
  }
  return [median(ta), median(tb)];
}

/** NCHW -> NCHW44 of 32-bit words. */
function to44(x, [n, c, h, w]) {
  const y = new Uint32Array(x.length);
  const p = h * w;
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++)
      for (let i = 0; i < p; i++) y[((b * (c >> 2) + (ch >> 2)) * p + i) * 4 + (ch & 3)] = x[(b * c + ch) * p + i];
  return y;
}

const str = (value) => ({ kind: 'string', value });
/** [what, attributes, input dims, output dims (given as sizes)] */
const CASES = [
  ['linear half_pixel x2 (M-LSD)', { mode: str('linear') }, [1, 64, 80, 80], [1, 64, 160, 160]],
  ['linear half_pixel x2', { mode: str('linear') }, [1, 16, 512, 512], [1, 16, 1024, 1024]],
  [
    'linear align_corners x2',
    { mode: str('linear'), coordinate_transformation_mode: str('align_corners') },
    [1, 64, 80, 80],
    [1, 64, 160, 160],
  ],
  ['linear half_pixel /2', { mode: str('linear') }, [1, 64, 160, 160], [1, 64, 80, 80]],
  ['linear half_pixel 80 -> 117', { mode: str('linear') }, [1, 64, 80, 80], [1, 64, 117, 117]],
  [
    'nearest asymmetric floor x2',
    { mode: str('nearest'), coordinate_transformation_mode: str('asymmetric'), nearest_mode: str('floor') },
    [1, 64, 80, 80],
    [1, 64, 160, 160],
  ],
  [
    'nearest asymmetric floor x2',
    { mode: str('nearest'), coordinate_transformation_mode: str('asymmetric'), nearest_mode: str('floor') },
    [1, 16, 512, 512],
    [1, 16, 1024, 1024],
  ],
  ['nearest half_pixel /2', { mode: str('nearest') }, [1, 64, 160, 160], [1, 64, 80, 80]],
];

console.log(`${core.features.build} build, ${process.version}, ${secs} s per case, one thread`);
for (const [what, attrs, dims, outDims] of CASES) {
  const node = { name: 'r', opType: 'Resize', domain: '', attributes: new Map(Object.entries(attrs)) };
  const sizes = { type: 'int64', dims: [4], data: BigInt64Array.from(outDims, BigInt) };
  const ins = [{ type: 'float32', dims }, undefined, undefined, { type: 'int64', dims: [4], constant: sizes }];
  const outs = [{ type: 'float32', dims: outDims }];
  const hostOp = Resize(node, ins, outs, 13);
  const spec = resizeSpec(node, ins, outs, 13);
  const x = new Float32Array(numel(dims));
  for (let i = 0; i < x.length; i++) x[i] = Math.fround(rand() * 8 - 4);
  const x44 = new Float32Array(to44(new Uint32Array(x.buffer), dims).buffer);
  const y = new Float32Array(numel(outDims));
  const runHost = () => hostOp([{ type: 'float32', dims, data: x }], [{ type: 'float32', dims: outDims, data: y }]);
  const src = core.heap.alloc(x.byteLength, 64);
  const dst = core.heap.alloc(y.byteLength, 64);
  const line = [];
  for (const layout of ['NCHW', 'NCHW44']) {
    const k = new FloatResize(core, { spec, layout });
    core.f32().set(layout === 'NCHW44' ? x44 : x, src >> 2);
    const runKernel = () => runKernelSerial(core, k, src, 0, dst);
    runKernel();
    runHost();
    // the same floats (NCHW44: the TypeScript operator's output relaid out)
    const got = new Uint32Array(core.memory.buffer, dst, y.length);
    const want = layout === 'NCHW44' ? to44(new Uint32Array(y.buffer), outDims) : new Uint32Array(y.buffer);
    for (let i = 0; i < y.length; i++)
      if (got[i] !== want[i]) throw new Error(`${what} [${dims}] ${k.algorithm}: output ${i} differs`);
    const [tk, th] = race(runKernel, runHost);
    line.push(`${k.algorithm} ${tk.toFixed(3)} ms vs TypeScript ${th.toFixed(2)} ms = ${(tk / th).toFixed(4)}x`);
    k.dispose();
  }
  console.log(`${what} [${dims}] -> [${outDims}]: ${line.join('; ')}`);
  core.heap.release(src);
  core.heap.release(dst);
}
core.dispose();
