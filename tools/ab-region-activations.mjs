// The activations run in a float element-wise region (assembly/model/region.ts, region-math.ts) against the
// TypeScript operators (src/model/backends/host/activations.ts) they replace: the same one-node model loaded with the
// regions on and off (the loader hook floatRegions), in one process on the same input, runs interleaved, one thread.
// Each line prints both medians and the ratio region / host, after checking both give the same output bits.
// Usage (after npm run build): node tools/ab-region-activations.mjs [seconds per op, default 2] [dims, default 1,64,56,56]
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const secs = Number(args[0] ?? 2);
const dims = (args[1] ?? '1,64,56,56').split(',').map(Number);
const dist = (p) => import(pathToFileURL(resolve(import.meta.dirname, '..', 'dist', p)).href);
const { createRuntime } = await dist('src/index.js');
const { loadModelSync } = await dist('src/model/load.js');
const { writeOnnxModel } = await dist('src/model/graph/onnx/writer.js');

const numel = (d) => d.reduce((a, b) => a * b, 1);
const median = (t) => [...t].sort((a, b) => a - b)[t.length >> 1];
let seed = 12345;
const rand = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 2 ** 32;
};

/** Interleaves a() and b() for `secs` seconds; their median times in ms. */
function race(a, b) {
  for (let k = 0; k < 3; k++) {
    a();
    b();
  }
  const ta = [];
  const tb = [];
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

const MS = 'com.microsoft';
const CASES = [
  ['Mish', '', 18, {}],
  ['Gelu', '', 20, {}],
  ['Gelu', '', 20, { approximate: { kind: 'string', value: 'tanh' } }],
  ['Elu', '', 13, {}],
  ['Softplus', '', 13, {}],
  ['Selu', '', 13, {}],
  ['Celu', '', 13, {}],
  ['Softsign', '', 13, {}],
  ['ThresholdedRelu', '', 13, {}],
  ['Erf', '', 13, {}],
  ['FastGelu', MS, 17, {}, true],
  ['BiasGelu', MS, 17, {}, true],
];

const rt = await createRuntime({ threads: 1 });
const x = Float32Array.from({ length: numel(dims) }, () => (rand() - 0.5) * 12);
const last = dims[dims.length - 1];
console.log(`[${dims}] float32, 1 thread, ${secs} s per op; median ms region / host, ratio region / host`);
for (const [op, domain, opset, attrs, bias] of CASES) {
  const inits = new Map();
  const inputs = ['x'];
  if (bias) {
    inits.set('b', { name: 'b', type: 'float32', dims: [last], data: Float32Array.from({ length: last }, rand) });
    inputs.push('b');
  }
  const graph = {
    name: op,
    irVersion: 8,
    opsetImports: new Map(
      domain
        ? [
            ['', opset],
            [domain, 1],
          ]
        : [['', opset]],
    ),
    inputs: [{ name: 'x', type: 'float32', onnxElemType: 1, shape: dims }],
    outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: dims }],
    initializers: inits,
    valueInfo: new Map(),
    nodes: [{ name: 'act', opType: op, domain, inputs, outputs: ['y'], attributes: new Map(Object.entries(attrs)) }],
  };
  const bytes = writeOnnxModel(graph);
  const on = loadModelSync(rt, bytes);
  const off = loadModelSync(rt, bytes, {}, { floatRegions: false });
  if (!on.nodes.some((n) => n.op === 'ElementwiseRegion')) throw new Error(`${op}: no region`);
  const a = new Uint32Array(Float32Array.from(on.run({ x }).y).buffer);
  const b = new Uint32Array(Float32Array.from(off.run({ x }).y).buffer);
  let diff = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
  if (diff) throw new Error(`${op}: ${diff} outputs differ`);
  const [tr, th] = race(
    () => on.run({ x }),
    () => off.run({ x }),
  );
  const name = `${domain ? 'ms:' : ''}${op}${attrs.approximate ? ' tanh' : ''}${bias ? '+bias' : ''}`;
  console.log(`${name.padEnd(18)} ${tr.toFixed(3).padStart(8)} ${th.toFixed(3).padStart(8)}  ${(tr / th).toFixed(3)}`);
  on.dispose();
  off.dispose();
}
rt.dispose();
