/**
 * A/B of the float SIMD row kernels (assembly/model/host-float.ts: layerNormTask, instanceNormTask, reduceRowsTask)
 * against the TypeScript operators they replace (src/model/backends/host/normalize.ts, reduce.ts), in one process:
 * each case is one one-node float32 model loaded twice, once as the operator table lowers it (the float SIMD rule)
 * and once with that rule taken out of the op's row (the host rule: the TypeScript operator on views of wasm
 * memory); the two models run alternately, `--rounds` rounds (default 9) of `--runs` runs each after a warm-up, and
 * the median round time per run is reported with host / wasm. Both sides pay the same feed copy in and output copy out
 * (model.run), so the ratios understate the kernels' own speed-up slightly.
 *
 * Usage (after `npm run build:ts`): node dist-bench/bench/norm-reduce-ab.js [--threads N] [--rounds R] [--runs K]
 */
import { createRuntime } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { rowFor } from '../src/model/lowering/registry.js';
import { AT, le, writeModel } from '../test/helpers/onnx-writer.js';

const arg = (name: string, def: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const threads = arg('--threads', 1);
const rounds = arg('--rounds', 9);
const runs = arg('--runs', 20);

interface Spec {
  what: string;
  op: string;
  opset: number;
  dims: number[];
  /** constant inputs after X */
  consts?: { dims: number[]; data: Float32Array | BigInt64Array }[];
  attrs?: { name: string; type: number; i?: number; ints?: number[]; f?: number }[];
}

let seed = 12345;
const rand = () => {
  seed = (seed * 1103515245 + 12345) >>> 0;
  return seed / 2 ** 32;
};
const floats = (n: number) => Float32Array.from({ length: n }, () => Math.fround(rand() * 4 - 2));
const numel = (d: number[]) => d.reduce((a, b) => a * b, 1);

const ln = (dims: number[]): Spec => {
  const w = dims[dims.length - 1];
  return {
    what: `LayerNormalization [${dims}] (rows of ${w})`,
    op: 'LayerNormalization',
    opset: 17,
    dims,
    consts: [
      { dims: [w], data: floats(w) },
      { dims: [w], data: floats(w) },
    ],
    attrs: [{ name: 'axis', type: AT.INT, i: -1 }],
  };
};
const SPECS: Spec[] = [
  ln([1, 80, 120]),
  ln([1, 196, 384]),
  {
    what: 'InstanceNormalization [1,32,128,128]',
    op: 'InstanceNormalization',
    opset: 13,
    dims: [1, 32, 128, 128],
    consts: [
      { dims: [32], data: floats(32) },
      { dims: [32], data: floats(32) },
    ],
  },
  {
    what: 'ReduceMean [1,64,56,56] axes [2,3]',
    op: 'ReduceMean',
    opset: 13,
    dims: [1, 64, 56, 56],
    attrs: [{ name: 'axes', type: AT.INTS, ints: [2, 3] }],
  },
  {
    what: 'ReduceMean [1,196,384] axis -1',
    op: 'ReduceMean',
    opset: 13,
    dims: [1, 196, 384],
    attrs: [{ name: 'axes', type: AT.INTS, ints: [-1] }],
  },
  {
    what: 'ReduceMax [1,64,56,56] axes [2,3]',
    op: 'ReduceMax',
    opset: 13,
    dims: [1, 64, 56, 56],
    attrs: [{ name: 'axes', type: AT.INTS, ints: [2, 3] }],
  },
  { what: 'GlobalMaxPool [1,64,56,56]', op: 'GlobalMaxPool', opset: 13, dims: [1, 64, 56, 56] },
];

function model(s: Spec): Uint8Array {
  const consts = s.consts ?? [];
  return writeModel({
    irVersion: 8,
    opsets: [['', s.opset]],
    graph: {
      name: s.op,
      nodes: [
        {
          opType: s.op,
          inputs: ['x', ...consts.map((_, k) => `c${k}`)],
          outputs: ['y'],
          attributes: s.attrs ?? [],
        },
      ],
      initializers: consts.map((c, k) => ({ name: `c${k}`, dataType: 1, dims: c.dims, raw: le(c.data) })),
      inputs: [{ name: 'x', elemType: 1, shape: s.dims }],
      outputs: [{ name: 'y', elemType: 1 }],
    },
  });
}

const median = (a: number[]) => [...a].sort((p, q) => p - q)[a.length >> 1];

const rt = await createRuntime({ threads });
console.log(`Node ${process.version}, ${rt.threads} thread(s), ${rounds} rounds x ${runs} runs, alternated`);
console.log('| case | wasm kernel (ms/run) | host operator (ms/run) | host / wasm |');
console.log('| --- | --- | --- | --- |');
for (const s of SPECS) {
  const bytes = model(s);
  const row = rowFor('', s.op, s.opset)!;
  const impls = row.impls;
  const wasm = loadModelSync(rt, bytes, { onFloatModel: 'allow' });
  // the host rule: the op's row without its float SIMD rule, for this one load (bench only)
  const mutable = row as { impls: typeof impls };
  mutable.impls = impls.filter((i) => i.backend !== 'float-simd');
  let host;
  try {
    host = loadModelSync(rt, bytes, { onFloatModel: 'allow' });
  } finally {
    mutable.impls = impls;
  }
  if (!wasm.nodes[0].algorithm.endsWith('-f32-simd') || host.nodes[0].algorithm !== 'host')
    throw new Error(`${s.what}: algorithms ${wasm.nodes[0].algorithm} / ${host.nodes[0].algorithm}`);
  const x = floats(numel(s.dims));
  // the same bits on both sides
  const a = wasm.run({ x }).y as Float32Array,
    b = host.run({ x }).y as Float32Array;
  for (let i = 0; i < a.length; i++)
    if (!Object.is(a[i], b[i]) && !(Number.isNaN(a[i]) && Number.isNaN(b[i])))
      throw new Error(`${s.what}: output ${i} differs`);
  const time = (m: typeof wasm) => {
    const t0 = performance.now();
    for (let k = 0; k < runs; k++) m.run({ x });
    return (performance.now() - t0) / runs;
  };
  time(wasm);
  time(host);
  const tw: number[] = [],
    th: number[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2) {
      th.push(time(host));
      tw.push(time(wasm));
    } else {
      tw.push(time(wasm));
      th.push(time(host));
    }
  }
  const mw = median(tw),
    mh = median(th);
  console.log(`| ${s.what} | ${mw.toFixed(3)} | ${mh.toFixed(3)} | ${(mh / mw).toFixed(2)}x |`);
  wasm.dispose();
  host.dispose();
}
rt.dispose();
