// The float32 spatial kernels against the TypeScript operators they replace, in one process on the same data: the
// pools (src/model/backends/wasm-float/pool.ts, NCHW and NCHW44) against src/model/backends/host/pool.ts, and the
// 4-byte relayout (src/model/backends/wasm-int8/relayout.ts) against the host loop the planner used before. Both
// sides run interleaved, one thread; each line prints both medians and the ratio kernel / TypeScript, after checking
// that both give the same output bytes.
// Usage (after npm run build): node tools/ab-float-spatial.mjs [seconds per case, default 2] [build: auto | simd128]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const secs = Number(args[0] ?? 2);
const build = args[1] ?? 'auto';
const dist = (p) => import(pathToFileURL(resolve(import.meta.dirname, '..', 'dist', p)).href);
const { instantiateCore } = await dist('src/runtime.js');
const { runKernelSerial } = await dist('src/model/backends/types.js');
const { HOST_OPS } = await dist('src/model/backends/host/index.js');
const { FloatPool, floatPoolParams } = await dist('src/model/backends/wasm-float/pool.js');
const { Relayout, relayoutLoop } = await dist('src/model/backends/wasm-int8/relayout.js');
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

const ints = (value) => ({ kind: 'ints', value });
const int = (value) => ({ kind: 'int', value });
const POOLS = [
  [
    'MaxPool 3x3/2 pad 1',
    'MaxPool',
    { kernel_shape: ints([3, 3]), strides: ints([2, 2]), pads: ints([1, 1, 1, 1]) },
    13,
  ],
  ['MaxPool 2x2/2', 'MaxPool', { kernel_shape: ints([2, 2]), strides: ints([2, 2]) }, 13],
  ['MaxPool 3x3/1 pad 1', 'MaxPool', { kernel_shape: ints([3, 3]), pads: ints([1, 1, 1, 1]) }, 13],
  ['AveragePool 3x3/1 pad 1', 'AveragePool', { kernel_shape: ints([3, 3]), pads: ints([1, 1, 1, 1]) }, 13],
  ['AveragePool 3x3/1 pad 1 (opset 19)', 'AveragePool', { kernel_shape: ints([3, 3]), pads: ints([1, 1, 1, 1]) }, 19],
  [
    'AveragePool 2x2/2 ceil',
    'AveragePool',
    { kernel_shape: ints([2, 2]), strides: ints([2, 2]), ceil_mode: int(1) },
    13,
  ],
  ['GlobalAveragePool', 'GlobalAveragePool', {}, 13],
];
const SIZES = [
  [1, 64, 256, 256],
  [1, 32, 112, 112],
  [1, 256, 28, 28],
  [1, 512, 7, 7],
];

console.log(`${core.features.build} build, ${process.version}, ${secs} s per case, one thread`);
for (const dims of SIZES) {
  const x = new Float32Array(numel(dims));
  for (let i = 0; i < x.length; i++) x[i] = Math.fround(rand() * 8 - 4);
  const x44 = new Float32Array(to44(new Uint32Array(x.buffer), dims).buffer);
  for (const [what, op, attrs, opset] of POOLS) {
    const node = { name: 'p', opType: op, domain: '', attributes: new Map(Object.entries(attrs)) };
    const k0 = new FloatPool(core, floatPoolParams(op, node, dims, opset, 'NCHW'));
    const k1 = new FloatPool(core, floatPoolParams(op, node, dims, opset, 'NCHW44'));
    const outDims = k0.outDims;
    const hostOp = HOST_OPS.get(`:${op}`)(
      node,
      [{ type: 'float32', dims }],
      [{ type: 'float32', dims: outDims }],
      opset,
    );
    const y = new Float32Array(numel(outDims));
    const runHost = () => hostOp([{ type: 'float32', dims, data: x }], [{ type: 'float32', dims: outDims, data: y }]);
    const src = core.heap.alloc(x.byteLength, 64);
    const dst = core.heap.alloc(y.byteLength, 64);
    const line = [];
    for (const [k, data] of [
      [k0, x],
      [k1, x44],
    ]) {
      core.f32().set(data, src >> 2);
      const runKernel = () => runKernelSerial(core, k, src, 0, dst);
      runKernel();
      runHost();
      // the same floats (NCHW44: compared after relaying the output back)
      const got = core.f32().slice(dst >> 2, (dst >> 2) + y.length);
      const want = k === k1 ? new Float32Array(to44(new Uint32Array(y.buffer), outDims).buffer) : y;
      for (let i = 0; i < y.length; i++)
        if (!Object.is(got[i], want[i])) throw new Error(`${what} [${dims}] ${k.algorithm}: output ${i} differs`);
      const [tk, th] = race(runKernel, runHost);
      line.push(`${k.algorithm} ${tk.toFixed(3)} ms vs TypeScript ${th.toFixed(2)} ms = ${(tk / th).toFixed(4)}x`);
    }
    console.log(`${what} [${dims}]: ${line.join('; ')}`);
    k0.dispose();
    k1.dispose();
    core.heap.release(src);
    core.heap.release(dst);
  }
  // the relayouts of a float32 value, both directions
  for (const [from, to] of [
    ['NCHW', 'NCHW44'],
    ['NCHW44', 'NCHW'],
  ]) {
    const k = new Relayout(core, { type: 'float32', dims, from, to });
    const bytes = x.byteLength;
    const src = core.heap.alloc(bytes, 64),
      d1 = core.heap.alloc(bytes, 64),
      d2 = core.heap.alloc(bytes, 64);
    core.f32().set(x, src >> 2);
    const loop = relayoutLoop(core, { dims, bytes, type: 'float32' }, to);
    const runKernel = () => runKernelSerial(core, k, src, 0, d1);
    const runHost = () => loop.run({ inputs: [src], outputs: [d2], scratch: 0 });
    runKernel();
    runHost();
    const u8 = core.u8();
    for (let i = 0; i < bytes; i++)
      if (u8[d1 + i] !== u8[d2 + i]) throw new Error(`relayout ${from} -> ${to}: byte ${i}`);
    const [tk, th] = race(runKernel, runHost);
    console.log(
      `Relayout float32 ${from} -> ${to} [${dims}]: ${k.algorithm} ${tk.toFixed(3)} ms vs TypeScript loop ${th.toFixed(2)} ms = ${(tk / th).toFixed(4)}x`,
    );
    k.dispose();
    for (const p of [src, d1, d2]) core.heap.release(p);
  }
}
core.dispose();
