import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { I8ConvError } from '../src/index.js';
import { loadModelSync } from '../src/model/load.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { runReference } from '../kernels-ref/model/index.js';
import { THREADED_BYTES } from '../src/model/backends/wasm-int8/lower-common.js';
import { fusedGraph } from './helpers/model-builders.js';
import { AT, le, writeModel, type AttrSpec, type NodeSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { loadOrt, ortRunModel, tensorBits as bits } from './helpers/one-node.js';
import { hasDist, oneAndTwoThreads, type ThreadedRuntime } from './helpers/runtimes.js';
import { randInt, rng } from './helpers/rng.js';

type QType = 'uint8' | 'int8';
type Form = 'both' | 'neither' | 'in' | 'out' | 'shared';
type PoolOp = 'MaxPool' | 'AveragePool' | 'GlobalAveragePool';

interface Pool {
  kernel: [number, number];
  strides: [number, number];
  /** [top, left, bottom, right], each below the kernel (onnxruntime's rule) */
  pads: [number, number, number, number];
  ceil: 0 | 1;
  /** AveragePool: count_include_pad */
  cip: 0 | 1;
  /** MaxPool */
  dil: [number, number];
}
interface Scales {
  xs: number;
  ys: number;
  /** y's zero point x's (with equal scales, a MaxPool then runs on the 8-bit data) */
  sameZp?: boolean;
}

const DT = { float32: 1, uint8: 2, int8: 3, int64: 7 } as const;
const ints = (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v });
const int = (name: string, v: number): AttrSpec => ({ name, type: AT.INT, i: v });
const zps = (t: QType): [number, number] => (t === 'int8' ? [-3, 5] : [125, 131]);
const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);

/** Output size of one axis (ONNX / onnxruntime), or 0 where the window does not fit. */
function outSize(d: number, k: number, s: number, pb: number, pe: number, dil: number, ceil: number): number {
  const dk = (k - 1) * dil + 1;
  const span = d + pb + pe - dk;
  if (span < 0) return 0;
  let o = (ceil ? Math.ceil(span / s) : Math.floor(span / s)) + 1;
  if (ceil && (o - 1) * s >= d + pb) o--;
  return o;
}

/**
 * One model: x [dims] in the form's type, `pools` side by side on DQ(x) (after a 1x1 QDQ Conv with `conv`), each
 * into Q -> (DQ ->) its own output y<i>.
 */
function poolModel(op: PoolOp, type: QType, form: Form, dims: number[], pools: Pool[], s: Scales, conv = false) {
  const [xz, yz0] = zps(type);
  const yz = s.sameZp ? xz : yz0;
  const dt = DT[type];
  const zp = (v: number) => le(type === 'int8' ? Int8Array.of(v) : Uint8Array.of(v));
  const inits: TensorSpec[] = [
    { name: 'xs', dataType: DT.float32, dims: [], raw: le(Float32Array.of(s.xs)) },
    { name: 'ys', dataType: DT.float32, dims: [], raw: le(Float32Array.of(s.ys)) },
    { name: 'xz', dataType: dt, dims: [], raw: zp(xz) },
    { name: 'yz', dataType: dt, dims: [], raw: zp(yz) },
  ];
  const nodes: NodeSpec[] = [];
  const floatIn = form !== 'neither' && form !== 'out';
  const floatOut = form !== 'neither' && form !== 'in';
  // one Q -> DQ per pool (per Conv), except 'shared'
  const own = (form === 'both' || form === 'in') && !conv;
  if (!own) {
    if (floatIn) nodes.push({ opType: 'QuantizeLinear', inputs: ['x', 'xs', 'xz'], outputs: ['xq'] });
    nodes.push({ opType: 'DequantizeLinear', inputs: [floatIn ? 'xq' : 'x', 'xs', 'xz'], outputs: ['xd'] });
  }
  let src = 'xd';
  if (conv) {
    // a 1x1 Conv of C channels into C (int8 weights per tensor, int32 bias), back through Q -> DQ with x's parameters
    const c = dims[1];
    const r = rng(77);
    const w = Int8Array.from({ length: c * c }, () => randInt(r, -40, 40));
    inits.push(
      { name: 'w', dataType: DT.int8, dims: [c, c, 1, 1], raw: le(w) },
      { name: 'ws', dataType: DT.float32, dims: [], raw: le(Float32Array.of(1 / 64)) },
      { name: 'wz', dataType: DT.int8, dims: [], raw: le(Int8Array.of(0)) },
      { name: 'b', dataType: 6, dims: [c], raw: le(Int32Array.from({ length: c }, (_, i) => i * 7 - 10)) },
      { name: 'bs', dataType: DT.float32, dims: [], raw: le(Float32Array.of(Math.fround(s.xs / 64))) },
      { name: 'bz', dataType: 6, dims: [], raw: le(Int32Array.of(0)) },
    );
    nodes.push(
      { opType: 'DequantizeLinear', inputs: ['w', 'ws', 'wz'], outputs: ['wd'] },
      { opType: 'DequantizeLinear', inputs: ['b', 'bs', 'bz'], outputs: ['bd'] },
      { opType: 'Conv', inputs: ['xd', 'wd', 'bd'], outputs: ['c'], attributes: [ints('kernel_shape', [1, 1])] },
      { opType: 'QuantizeLinear', inputs: ['c', 'xs', 'xz'], outputs: ['cq'] },
      { opType: 'DequantizeLinear', inputs: ['cq', 'xs', 'xz'], outputs: ['cd'] },
    );
    src = 'cd';
  }
  const outputs: { name: string; elemType: number }[] = [];
  pools.forEach((p, i) => {
    if (own) {
      src = `xd${i}`;
      nodes.push(
        { opType: 'QuantizeLinear', inputs: [`x${i}`, 'xs', 'xz'], outputs: [`xq${i}`] },
        { opType: 'DequantizeLinear', inputs: [`xq${i}`, 'xs', 'xz'], outputs: [src] },
      );
    }
    // (GlobalAveragePool: no attributes, the window is the image)
    const attributes =
      op === 'GlobalAveragePool'
        ? []
        : [ints('kernel_shape', p.kernel), ints('strides', p.strides), ints('pads', p.pads)];
    if (op !== 'GlobalAveragePool' && p.ceil) attributes.push(int('ceil_mode', 1));
    if (op === 'AveragePool') attributes.push(int('count_include_pad', p.cip));
    else if (op === 'MaxPool' && (p.dil[0] !== 1 || p.dil[1] !== 1)) attributes.push(ints('dilations', p.dil));
    nodes.push(
      { opType: op, inputs: [src], outputs: [`p${i}`], attributes },
      { opType: 'QuantizeLinear', inputs: [`p${i}`, 'ys', 'yz'], outputs: [floatOut ? `q${i}` : `y${i}`] },
    );
    if (floatOut) nodes.push({ opType: 'DequantizeLinear', inputs: [`q${i}`, 'ys', 'yz'], outputs: [`y${i}`] });
    outputs.push({ name: `y${i}`, elemType: floatOut ? DT.float32 : dt });
  });
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'pools',
      nodes,
      initializers: inits,
      // a graph input per pool where each has its own Q: onnxruntime would merge Qs of one tensor into one
      inputs: (own ? pools.map((_, i) => `x${i}`) : ['x']).map((name) => ({
        name,
        elemType: floatIn ? DT.float32 : dt,
        shape: dims,
      })),
      outputs,
    },
  });
}

/** x: random codes of the type; a float input carries f((q - x_zp) * x_scale), which the Q turns back into q. */
function feedOf(type: QType, form: Form, dims: number[], s: Scales, seed: number): Tensor {
  const r = rng(seed);
  const [xz] = zps(type);
  const lo = type === 'int8' ? -128 : 0;
  const q = Array.from({ length: numel(dims) }, () => lo + randInt(r, 0, 255));
  if (form !== 'neither' && form !== 'out')
    return { name: 'x', type: 'float32', dims, data: Float32Array.from(q, (v) => Math.fround((v - xz) * s.xs)) };
  return { name: 'x', type, dims, data: type === 'int8' ? Int8Array.from(q) : Uint8Array.from(q) };
}

/** Random windows over an H x W input (kernels 1..7, pads below the kernel, strides 1..3). */
function smallPools(seed: number, n: number, h: number, w: number, op: PoolOp): Pool[] {
  const r = rng(seed);
  const out: Pool[] = [];
  while (out.length < n) {
    const kernel: [number, number] = [randInt(r, 1, 7), randInt(r, 1, 7)];
    const dil: [number, number] = op === 'MaxPool' && r() < 0.3 ? [randInt(r, 1, 2), randInt(r, 1, 2)] : [1, 1];
    const pads: [number, number, number, number] = [
      randInt(r, 0, kernel[0] - 1),
      randInt(r, 0, kernel[1] - 1),
      randInt(r, 0, kernel[0] - 1),
      randInt(r, 0, kernel[1] - 1),
    ];
    const p: Pool = {
      kernel,
      strides: [randInt(r, 1, 3), randInt(r, 1, 3)],
      pads,
      ceil: r() < 0.5 ? 1 : 0,
      cip: r() < 0.5 ? 1 : 0,
      dil,
    };
    const oh = outSize(h, kernel[0], p.strides[0], pads[0], pads[2], dil[0], p.ceil);
    const ow = outSize(w, kernel[1], p.strides[1], pads[1], pads[3], dil[1], p.ceil);
    // with ceil_mode, onnxruntime-web 1.30's shape inference keeps a last window that starts in the end padding while
    // its kernels drop it (the session then fails to load or to run): no windows there
    const dropped = (d: number, i: 0 | 1) => {
      const span = d + pads[i] + pads[i + 2] - (kernel[i] - 1) * dil[i] - 1;
      return p.ceil === 1 && Math.ceil(span / p.strides[i]) * p.strides[i] >= d + pads[i];
    };
    if (oh > 0 && ow > 0 && !dropped(h, 0) && !dropped(w, 1)) out.push(p);
  }
  return out;
}

/** Windows of 65536 .. 262144 rows (or columns), padded on one or both sides (the issue's [K, 1] pools among them). */
function largePools(): Pool[] {
  const p = (kernel: [number, number], pads: Pool['pads'], strides: [number, number], ceil: 0 | 1, cip: 0 | 1) => ({
    kernel,
    pads,
    strides,
    ceil,
    cip,
    dil: [1, 1] as [number, number],
  });
  const out: Pool[] = [];
  for (const K of [65536, 131072, 262144]) {
    const h = K / 2 - 1;
    out.push(p([K, 1], [h, 0, h, 0], [2, 1], 0, 0));
    out.push(p([K, 1], [h, 0, h, 0], [2, 2], 1, 1));
    out.push(p([K, 2], [K - 1, 1, 0, 0], [3, 1], 1, 0));
  }
  out.push(p([3, 131072], [1, 65535, 1, 65535], [1, 2], 0, 1));
  return out;
}

const SCALES: Scales[] = [
  { xs: 0.125, ys: 0.125 },
  { xs: 0.05, ys: 0.05 },
  { xs: 0.1, ys: 0.0375 },
];
/** MaxPool: equal parameters (the pool on the 8-bit data), and others (a float pool between the DQ and the Q) */
const MAX_SCALES: Scales[] = [
  { xs: 0.125, ys: 0.125, sameZp: true },
  { xs: 0.05, ys: 0.05, sameZp: true },
  { xs: 0.1, ys: 0.0375 },
];
const FORMS: Form[] = ['both', 'neither', 'in', 'out', 'shared'];

const ort = await loadOrt();

/** The product on runtime rt: the outputs by name, and the algorithms of its pool steps. */
function productRun({ rt, load }: ThreadedRuntime, bytes: Uint8Array, x: Tensor) {
  const m = load(rt, bytes);
  try {
    const out = m.run(Object.fromEntries(m.inputs.map((i) => [i.name, x.data as Float32Array])));
    const got = new Map<string, Tensor>(
      m.outputs.map((o) => [o.name, { name: o.name, type: o.type, dims: [...o.shape], data: out[o.name] } as Tensor]),
    );
    return { got, steps: m.nodes.map((n) => `${n.op}:${n.algorithm}`) };
  } finally {
    m.dispose();
  }
}

// threads 1 from the sources; threads 2 from the compiled dist/ where it is built (helpers/runtimes.ts)
let rts: ThreadedRuntime[] = [];
beforeAll(async () => {
  rts = await oneAndTwoThreads();
});
afterAll(() => {
  for (const { rt } of rts) rt.dispose();
});

interface Tally {
  outputs: number;
  /** int8 AveragePool outputs where the uint8 twin's rounding differs from the int8 pool's (counted on 'both') */
  twinApart: number;
}

/**
 * Runs one model in onnxruntime-web, the reference (on the fused graph) and the product (1 and 2 threads): every
 * output equal. Returns the product's steps (op:algorithm, 1 thread) and the fused graph's node kinds; counts into tally.
 */
async function check(
  bytes: Uint8Array,
  x: Tensor,
  what: string,
  tally: Tally,
  reference = true,
): Promise<{ steps: string[]; kinds: string[] }> {
  const g = readOnnxModel(bytes);
  const names = g.outputs.map((o) => o.name);
  const feeds = new Map(g.inputs.map((v) => [v.name, { ...x, name: v.name }]));
  const want = await ortRunModel(bytes, feeds, names);
  const fused: Graph = fusedGraph(g);
  const ref = reference ? runReference(fused, feeds) : null;
  let steps: string[] = [];
  for (const [i, rt] of rts.entries()) {
    const r = productRun(rt, bytes, x);
    if (i === 0) steps = r.steps;
    for (const n of names) {
      const got = r.got.get(n)!;
      const w = want.get(n)!;
      expect(got.dims, `${what} ${n} dims`).toEqual(w.dims);
      expect(bits(got), `${what} ${n}: product (${i + 1} thread(s)) vs onnxruntime-web`).toEqual(bits(w));
      if (ref) expect(bits(got), `${what} ${n}: product vs reference`).toEqual(bits(ref.get(n)!));
      if (i === 0) tally.outputs += numel(w.dims);
    }
  }
  // the int8 pool's own rounding (com.microsoft QLinearAveragePool on int8) against the twin's: how many ties this
  // model holds where the two part (the reason for i8conv:QLinearAveragePool)
  if (reference && fused.nodes.some((n) => n.domain === 'i8conv' && n.opType === 'QLinearAveragePool')) {
    const plain = {
      ...fused,
      nodes: fused.nodes.map((n) => (n.domain === 'i8conv' ? { ...n, domain: 'com.microsoft' } : n)),
    };
    const other = runReference(plain, feeds);
    for (const n of names) {
      const a = bits(ref!.get(n)!);
      const b = bits(other.get(n)!);
      tally.twinApart += a.filter((v, k) => v !== b[k]).length;
    }
  }
  const kinds = fused.nodes.map((n) => (n.domain ? `${n.domain}.${n.opType}` : n.opType));
  return { steps, kinds };
}

describe.skipIf(!ort)('quantized pools equal onnxruntime-web and the reference, bit for bit', () => {
  for (const op of ['AveragePool', 'MaxPool'] as const) {
    it(`${op}: windows 1..7, pads on every side, strides 1..3, ceil_mode, odd sizes; uint8 / int8, four pair forms, three scale pairs`, async () => {
      const dims = [1, 3, 9, 11];
      const tally: Tally = { outputs: 0, twinApart: 0 };
      const fusedKinds = new Set<string>();
      let seed = op === 'MaxPool' ? 100 : 1;
      for (const type of ['uint8', 'int8'] as const)
        for (const form of FORMS)
          for (const s of op === 'MaxPool' ? MAX_SCALES : SCALES) {
            seed++;
            const pools = smallPools(seed, 14, dims[2], dims[3], op);
            const bytes = poolModel(op, type, form, dims, pools, s);
            const what = `${op} ${type} ${form} scales ${s.xs} -> ${s.ys}`;
            const { steps, kinds } = await check(bytes, feedOf(type, form, dims, s, seed), what, tally);
            for (const k of [...steps, ...kinds])
              fusedKinds.add(`${type} ${form}${s.ys !== s.xs ? ' rescaled' : ''}: ${k}`);
          }
      expect(tally.outputs).toBeGreaterThan(5000);
      // the forms took the paths they stand for (the fused graph's pools, the product's pool steps)
      const took = (what: string) => expect(fusedKinds.has(what), what).toBe(true);
      if (op === 'AveragePool') {
        took('int8 both: i8conv.QLinearAveragePool');
        took('int8 both: QLinearAveragePool:qavgpool-nchw');
        took('int8 neither: com.microsoft.QLinearAveragePool');
        took('int8 neither: QLinearAveragePool:qavgpool-nchw');
        for (const f of ['in', 'out', 'shared']) took(`int8 ${f}: AveragePool`);
        for (const f of FORMS) took(`uint8 ${f}: com.microsoft.QLinearAveragePool`);
        // and ties where the int8 pool and its uint8 twin round apart were there to be found
        expect(tally.twinApart).toBeGreaterThan(0);
        console.log(
          `${op}: ${tally.outputs} outputs compared, ${tally.twinApart} where int8 and uint8-twin rounding part`,
        );
      } else {
        for (const t of ['uint8', 'int8']) {
          took(`${t} both: MaxPool:maxpool-nchw`);
          took(`${t} neither: MaxPool:maxpool-nchw`);
          took(`${t} both rescaled: MaxPool`); // a float pool between DQ and Q
        }
      }
    }, 60_000);
  }

  it("the issue's models: [1, 8, 8, 8] -> Q -> DQ -> pool [K, 1], strides [2, 2] / [2, 1], pads K/2 - 1 -> Q -> DQ", async () => {
    // the input of the report (a smooth wave, so averages land on ties); pads [p, 0, p, 0], p = max(1, K/2 - 1)
    const dims = [1, 8, 8, 8];
    const x: Tensor = {
      name: 'x',
      type: 'float32',
      dims,
      data: Float32Array.from({ length: 512 }, (_, i) => Math.fround(Math.sin(i * 1.7) * 5)),
    };
    const rows: string[] = [];
    for (const op of ['AveragePool', 'MaxPool'] as const)
      for (const type of ['int8', 'uint8'] as const)
        for (const strides of [
          [2, 2],
          [2, 1],
        ] as [number, number][])
          for (const K of [3, 4, 5, 65536, 131072, 262144]) {
            const p = Math.max(1, K / 2 - 1) | 0;
            const pool: Pool = { kernel: [K, 1], strides, pads: [p, 0, p, 0], ceil: 0, cip: 0, dil: [1, 1] };
            const s = { xs: 0.05, ys: 0.05, sameZp: true };
            const tally: Tally = { outputs: 0, twinApart: 0 };
            await check(poolModel(op, type, 'both', dims, [pool], s), x, `${op} ${type} K ${K}`, tally, K <= 5);
            rows.push(`${op} ${type} strides ${strides} K ${K}: ${tally.outputs} outputs equal`);
          }
    expect(rows.length).toBe(48);
  });

  it('windows of 65536, 131072 and 262144 cells (rows or columns), padded on one or both sides', async () => {
    const tally: Tally = { outputs: 0, twinApart: 0 };
    const t0 = performance.now();
    for (const op of ['AveragePool', 'MaxPool'] as const)
      for (const type of ['uint8', 'int8'] as const)
        for (const form of ['both', 'neither', 'shared'] as const) {
          const s = op === 'MaxPool' ? MAX_SCALES[1] : SCALES[1];
          const what = `${op} ${type} ${form}, large windows`;
          // against onnxruntime-web on every window; against the reference (which visits every tap of every window,
          // padding included) on a smaller input with a window of 131072 rows
          await check(
            poolModel(op, type, form, [1, 2, 9, 5], largePools(), s),
            feedOf(type, form, [1, 2, 9, 5], s, 5),
            what,
            tally,
            false,
          );
          const some = largePools().filter((p) => p.kernel[0] === 131072 && p.strides[1] === 2);
          await check(
            poolModel(op, type, form, [1, 1, 9, 3], some, s),
            feedOf(type, form, [1, 1, 9, 3], s, 6),
            `${what} (reference)`,
            tally,
          );
        }
    expect(tally.outputs).toBeGreaterThan(1000);
    console.log(`large windows: ${tally.outputs} outputs compared in ${Math.round(performance.now() - t0)} ms`);
  }, 60_000);

  it.skipIf(!hasDist)(
    'pools whose output passes the threading size run on 2 threads, equal too',
    async () => {
      // an output of 64 KiB or more is split into tasks across the runtime's threads (THREADED_BYTES)
      expect(rts[1].rt.threads).toBe(2);
      const dims = [1, 16, 67, 65];
      const tally: Tally = { outputs: 0, twinApart: 0 };
      const pool = (kernel: [number, number], pads: Pool['pads'], ceil: 0 | 1, cip: 0 | 1): Pool => ({
        kernel,
        strides: [1, 1],
        pads,
        ceil,
        cip,
        dil: [1, 1],
      });
      const pools = [
        pool([3, 3], [1, 1, 1, 1], 0, 0),
        pool([4, 2], [3, 0, 1, 1], 1, 1),
        pool([2, 5], [0, 2, 1, 4], 0, 1),
      ];
      for (const op of ['AveragePool', 'MaxPool'] as const)
        for (const type of ['uint8', 'int8'] as const)
          for (const form of ['both', 'neither'] as const) {
            const s = op === 'MaxPool' ? MAX_SCALES[1] : SCALES[1];
            const before = tally.outputs;
            await check(
              poolModel(op, type, form, dims, pools, s),
              feedOf(type, form, dims, s, 9),
              `${op} ${type} ${form}, threaded`,
              tally,
              false,
            );
            expect((tally.outputs - before) / pools.length).toBeGreaterThanOrEqual(THREADED_BYTES);
          }
    },
    60_000,
  );

  it('GlobalAveragePool: the same forms (its integer rounding gives the uint8 twin the same bytes)', async () => {
    const tally: Tally = { outputs: 0, twinApart: 0 };
    const kinds = new Set<string>();
    for (const dims of [
      [1, 3, 9, 11],
      [2, 4, 1, 7],
    ])
      for (const type of ['uint8', 'int8'] as const)
        for (const form of FORMS)
          for (const s of SCALES) {
            const pools = smallPools(3, 2, dims[2], dims[3], 'AveragePool');
            const what = `GlobalAveragePool ${type} ${form} [${dims}] scales ${s.xs} -> ${s.ys}`;
            const r = await check(
              poolModel('GlobalAveragePool', type, form, dims, pools, s),
              feedOf(type, form, dims, s, 4),
              what,
              tally,
            );
            for (const k of r.kinds) kinds.add(`${type} ${form}: ${k}`);
          }
    expect(kinds.has('int8 both: com.microsoft.QLinearGlobalAveragePool')).toBe(true);
    expect(kinds.has('int8 shared: GlobalAveragePool')).toBe(true);
    expect(tally.outputs).toBeGreaterThan(300);
  }, 60_000);

  it('a pool after a QDQ Conv runs in NCHW44, equal too', async () => {
    // one pool per model: its DQ has one reader, so both pairs are uint8 in onnxruntime (the twin's rounding)
    const dims = [1, 8, 9, 11];
    const tally: Tally = { outputs: 0, twinApart: 0 };
    let nchw44 = 0;
    let models = 0;
    for (const op of ['AveragePool', 'MaxPool'] as const)
      for (const type of ['uint8', 'int8'] as const) {
        const s = op === 'MaxPool' ? MAX_SCALES[1] : SCALES[1];
        for (const p of smallPools(op === 'MaxPool' ? 8 : 7, 5, dims[2], dims[3], op)) {
          const bytes = poolModel(op, type, 'both', dims, [p], s, true);
          const { steps } = await check(bytes, feedOf(type, 'both', dims, s, 11), `${op} ${type} after a Conv`, tally);
          nchw44 += steps.filter((st) => /^(QLinearAveragePool|MaxPool):(qavgpool|maxpool)-nchw44$/.test(st)).length;
          models++;
        }
      }
    // the planner ran the pools on the Conv's NCHW44 output
    expect(nchw44).toBe(models);
    expect(tally.twinApart).toBeGreaterThan(0);
  }, 60_000);
});

describe('what the pool kernels cannot compute exactly is refused, with a typed error', () => {
  it('an axis whose pads, window and stride reach 2^31 cells', async () => {
    for (const op of ['AveragePool', 'MaxPool'] as const)
      for (const type of ['uint8', 'int8'] as const) {
        const K = 2 ** 30;
        const pool: Pool = {
          kernel: [K, 1],
          strides: [1, 1],
          pads: [K / 2, 0, K / 2, 0],
          ceil: 0,
          cip: 1,
          dil: [1, 1],
        };
        const bytes = poolModel(op, type, 'neither', [1, 1, 9, 3], [pool], SCALES[0]);
        let err: unknown;
        try {
          loadModelSync(rts[0].rt, bytes).dispose();
        } catch (e) {
          err = e;
        }
        expect(err, `${op} ${type}`).toBeInstanceOf(I8ConvError);
        expect(['UNSUPPORTED_OP', 'TOO_LARGE'], `${op} ${type}: ${(err as Error).message}`).toContain(
          (err as I8ConvError).code,
        );
      }
  });
});
