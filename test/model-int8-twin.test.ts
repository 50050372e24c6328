import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import type { Graph, Tensor } from '../src/model/graph/ir.js';
import { runReference } from '../kernels-ref/model/index.js';
import { fusedGraph } from './helpers/model-builders.js';
import { AT, le, writeModel, type NodeSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { loadOrt, ortRunModel, tensorBits as bits } from './helpers/one-node.js';
import { oneAndTwoThreads, type ThreadedRuntime } from './helpers/runtimes.js';
import { randInt, rng } from './helpers/rng.js';
import { qlinearBinaryTable } from '../src/model/numerics/tables.js';
import { Uint8TwinQLinearAdd, Uint8TwinQLinearMul } from '../kernels-ref/model/ops/QLinearBinary.js';

type Form = 'pair' | 'raw' | 'shared' | 'q2' | 'big' | 'small';
type OutForm = 'pair' | 'raw' | 'q2';
type BinOp = 'Add' | 'Mul';

const DT = { float32: 1, int8: 3 } as const;
const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
const CONST: readonly Form[] = ['big', 'small'];

interface Scales {
  a: [number, number];
  b: [number, number];
  c: [number, number];
  /** the computed operands' codes lie in [-range, range - 1] (default 128) */
  range?: number;
}

/** What onnxruntime reads as uint8 after its rewrite (see the header). */
const u8In = (f: Form) => f === 'pair';
const u8Out = (f: OutForm) => f === 'pair';

/** A model y = op(DQ(a), DQ(b)) -> Q -> ..., operands in forms fa / fb of dims da / db. */
function binModel(op: BinOp, fa: Form, fb: Form, fy: OutForm, da: number[], db: number[], s: Scales, seed: number) {
  const r = rng(seed);
  const f32 = (v: number) => le(Float32Array.of(v));
  const i8 = (v: number) => le(Int8Array.of(v));
  const inits: TensorSpec[] = [];
  const nodes: NodeSpec[] = [];
  const inputs: { name: string; elemType: number; shape: number[] }[] = [];
  const outputs: { name: string; elemType: number }[] = [];
  const operand = (k: 'a' | 'b', form: Form, dims: number[], [sc, zp]: [number, number]): string => {
    inits.push(
      { name: `${k}s`, dataType: DT.float32, dims: [], raw: f32(sc) },
      { name: `${k}z`, dataType: DT.int8, dims: [], raw: i8(zp) },
    );
    const dq = `${k}d`;
    if (form === 'big' || form === 'small') {
      const [lo, hi] = form === 'big' ? [-128, 127] : [-64, 64];
      const v = Int8Array.from({ length: numel(dims) }, () => randInt(r, lo, hi));
      if (form === 'big') v[0] = 100; // one value beyond 64 at least
      inits.push({ name: k, dataType: DT.int8, dims, raw: le(v) });
      nodes.push({ opType: 'DequantizeLinear', inputs: [k, `${k}s`, `${k}z`], outputs: [dq] });
      return dq;
    }
    if (form === 'raw') {
      inputs.push({ name: k, elemType: DT.int8, shape: dims });
      nodes.push({ opType: 'DequantizeLinear', inputs: [k, `${k}s`, `${k}z`], outputs: [dq] });
      return dq;
    }
    inputs.push({ name: k, elemType: DT.float32, shape: dims });
    nodes.push(
      { opType: 'QuantizeLinear', inputs: [k, `${k}s`, `${k}z`], outputs: [`${k}q`] },
      { opType: 'DequantizeLinear', inputs: [`${k}q`, `${k}s`, `${k}z`], outputs: [dq] },
    );
    if (form === 'shared') outputs.push({ name: dq, elemType: DT.float32 });
    if (form === 'q2') {
      nodes.push({ opType: 'DequantizeLinear', inputs: [`${k}q`, `${k}s`, `${k}z`], outputs: [`${k}side`] });
      outputs.push({ name: `${k}side`, elemType: DT.float32 });
    }
    return dq;
  };
  const a = operand('a', fa, da, s.a);
  const b = operand('b', fb, db, s.b);
  inits.push(
    { name: 'cs', dataType: DT.float32, dims: [], raw: f32(s.c[0]) },
    { name: 'cz', dataType: DT.int8, dims: [], raw: i8(s.c[1]) },
  );
  nodes.push(
    { opType: op, inputs: [a, b], outputs: ['t'] },
    { opType: 'QuantizeLinear', inputs: ['t', 'cs', 'cz'], outputs: ['yq'] },
  );
  if (fy === 'raw') outputs.push({ name: 'yq', elemType: DT.int8 });
  else {
    nodes.push({ opType: 'DequantizeLinear', inputs: ['yq', 'cs', 'cz'], outputs: ['y'] });
    outputs.push({ name: 'y', elemType: DT.float32 });
    if (fy === 'q2') {
      nodes.push({ opType: 'DequantizeLinear', inputs: ['yq', 'cs', 'cz'], outputs: ['y2'] });
      outputs.push({ name: 'y2', elemType: DT.float32 });
    }
  }
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: { name: 'bin', nodes, initializers: inits, inputs, outputs },
  });
}

/** The feeds: random codes; a float input carries f((q - zp) * scale), which its Q turns back into q. */
function feedsOf(g: Graph, s: Scales, seed: number): Map<string, Tensor> {
  const r = rng(seed);
  const feeds = new Map<string, Tensor>();
  for (const v of g.inputs) {
    const dims = (v.shape ?? []).map(Number);
    const [sc, zp] = v.name === 'a' ? s.a : s.b;
    const h = s.range ?? 128;
    const q = Array.from({ length: numel(dims) }, () => randInt(r, -h, h - 1));
    feeds.set(
      v.name,
      v.type === 'float32'
        ? { name: v.name, type: 'float32', dims, data: Float32Array.from(q, (c) => Math.fround((c - zp) * sc)) }
        : { name: v.name, type: 'int8', dims, data: Int8Array.from(q) },
    );
  }
  return feeds;
}

const ort = await loadOrt();

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
  /** outputs of twin groups where the int8 node's own rounding differs from the twin's */
  twinApart: number;
  kinds: Set<string>;
  /** the product's steps (op:algorithm, 1 thread) of the groups fused as the twin */
  twinSteps: Set<string>;
}

/** onnxruntime-web, the reference on the fused graph and the product (1 and 2 threads): every output equal. */
async function check(bytes: Uint8Array, feeds: Map<string, Tensor>, what: string, tally: Tally): Promise<string> {
  const g = readOnnxModel(bytes);
  const names = g.outputs.map((o) => o.name);
  const want = await ortRunModel(bytes, feeds, names);
  const fused = fusedGraph(g);
  const ref = runReference(fused, feeds);
  for (const [i, { rt, load }] of rts.entries()) {
    const m = load(rt, bytes);
    try {
      if (i === 0 && fused.nodes.some((n) => n.domain === 'i8conv' && n.opType.startsWith('QLinear')))
        for (const n of m.nodes) tally.twinSteps.add(`${n.op}:${n.algorithm}`);
      const out = m.run(Object.fromEntries([...feeds].map(([n, t]) => [n, t.data as Float32Array])));
      for (const n of names) {
        const w = want.get(n)!;
        const got = { name: n, type: w.type, dims: w.dims, data: out[n] } as Tensor;
        expect(bits(got), `${what} ${n}: product (${i + 1} thread(s)) vs onnxruntime-web`).toEqual(bits(w));
        expect(bits(got), `${what} ${n}: product vs reference`).toEqual(bits(ref.get(n)!));
        if (i === 0) tally.outputs += numel(w.dims);
      }
    } finally {
      m.dispose();
    }
  }
  const kind = fused.nodes
    .filter((n) => !n.opType.endsWith('Linear'))
    .map((n) => (n.domain ? `${n.domain}.${n.opType}` : n.opType))
    .join(',');
  if (fused.nodes.some((n) => n.domain === 'i8conv' && n.opType.startsWith('QLinear'))) {
    const plain = {
      ...fused,
      nodes: fused.nodes.map((n) => (n.domain === 'i8conv' ? { ...n, domain: 'com.microsoft' } : n)),
    };
    const other = runReference(plain, feeds);
    for (const n of names) {
      const a = bits(ref.get(n)!);
      const b = bits(other.get(n)!);
      tally.twinApart += a.filter((v, k) => v !== b[k]).length;
    }
  }
  tally.kinds.add(`${what.split(' ').slice(0, 2).join(' ')}: ${kind}`);
  return kind;
}

// c = f(A' op B') / c_s near k + 1/2 (an f32 error away from the tie) on half the elements of the first and third
// sets: there f(c + c_zp + 128) lands on the tie where f(c + c_zp) does not, and the int8 node and its twin part
const SCALES: Scales[] = [
  { a: [0.1, -3], b: [0.1, 5], c: [0.2, 7] },
  { a: [0.05, -3], b: [0.1, 5], c: [0.0375, 7] },
  { a: [0.3, 11], b: [0.3, -9], c: [0.6, -2] },
];
const MUL_SCALES: Scales[] = [
  { a: [0.1, -3], b: [0.1, 5], c: [0.02, 7], range: 16 },
  { a: [0.05, -3], b: [0.1, 5], c: [0.0375, 7] },
  { a: [0.3, 1], b: [0.7, -2], c: [0.42, -2], range: 16 },
];
const FORMS: Form[] = ['pair', 'raw', 'shared', 'q2', 'big', 'small'];
const OUT_FORMS: OutForm[] = ['pair', 'raw', 'q2'];
/** [a dims, b dims]: equal, scalar, per channel, per image and channel, trailing, and one the kernel does not take
 *  (the host operator) */
const SHAPES: [number[], number[]][] = [
  [
    [2, 3, 5, 7],
    [2, 3, 5, 7],
  ],
  [[2, 3, 5, 7], []],
  [
    [2, 3, 5, 7],
    [1, 3, 1, 1],
  ],
  [
    [2, 4, 5, 7],
    [2, 4, 1, 1],
  ],
  [[2, 3, 5, 7], [7]],
  [
    [2, 3, 5, 7],
    [1, 3, 1, 7],
  ],
];

describe.skipIf(!ort)('int8 QDQ Add / Mul equal onnxruntime-web and the reference, bit for bit', () => {
  for (const op of ['Add', 'Mul'] as const)
    it(`${op}: every operand form x output form, five shapes, three scale sets`, async () => {
      const tally: Tally = { outputs: 0, twinApart: 0, kinds: new Set(), twinSteps: new Set() };
      let seed = op === 'Add' ? 1000 : 5000;
      for (const fa of FORMS)
        for (const fb of FORMS)
          for (const fy of OUT_FORMS)
            for (const [da, db] of SHAPES) {
              // a constant operand: the other one computed (two constants fold)
              if (CONST.includes(fa) && CONST.includes(fb)) continue;
              // the per-image-channel shape only on a computed b (a constant [N, C, 1, 1] is per channel too)
              const s = (op === 'Add' ? SCALES : MUL_SCALES)[seed % 3];
              seed++;
              const bytes = binModel(op, fa, fb, fy, da, db, s, seed);
              const what = `${fa}/${fb}->${fy} [${da}]x[${db}] ${op}`;
              const kind = await check(bytes, feedsOf(readOnnxModel(bytes), s, seed), what, tally);
              // the group took the path onnxruntime takes
              const u8 = [u8In(fa), u8In(fb), u8Out(fy)];
              const mixed = u8.some((v) => v !== u8[0]);
              if (mixed) expect(kind, what).not.toMatch(/QLinear/);
              else if (u8[0]) expect(kind, what).toMatch(/^(i8conv\.QLinear|i8conv\.Lut|Lut)/);
              else expect(kind, what).not.toMatch(/i8conv\.QLinear/);
            }
      expect(tally.twinApart).toBeGreaterThan(0);
      // the twin ran on every path of the product: the wasm kernel's broadcast modes and the host operator
      const [name, alg] = op === 'Add' ? ['QLinearAdd', 'qadd'] : ['QLinearMul', 'qmul'];
      // an equal-shape add runs the kernel's integer form where one matches (qadd-equal-int): either counts
      for (const m of [...['equal', 'scalar', 'channel', 'repeat'].map((b) => `${name}:${alg}-${b}`), `${name}:host`])
        expect(tally.twinSteps.has(m) || tally.twinSteps.has(`${m}-int`), m).toBe(true);
      console.log(
        `${op}: ${tally.outputs} outputs compared, ${tally.twinApart} where the int8 node and its uint8 twin round apart`,
      );
    }, 300_000);
});

describe('the twin table of a QLinearAdd / QLinearMul by a constant scalar', () => {
  // (no model reaches it through the Q/DQ fusion today, a constant operand's DQ staying int8; lookupTableOf would
  // take an i8conv node with one) every byte and both sides, equal to the reference's twin operator
  it('equals Uint8TwinQLinearAdd / Mul on all 256 bytes, both sides', () => {
    const sc = [0.1, -3, 0.1, 5, 0.2, 7];
    const t8 = (v: number[]) => ({ name: '', type: 'int8' as const, dims: [v.length], data: Int8Array.from(v) });
    const f = (v: number) => ({ name: '', type: 'float32' as const, dims: [], data: Float32Array.of(v) });
    const z = (v: number) => ({ name: '', type: 'int8' as const, dims: [], data: Int8Array.of(v) });
    const all = Array.from({ length: 256 }, (_, i) => (i << 24) >> 24);
    let apart = 0;
    for (const [mul, ref] of [
      [false, Uint8TwinQLinearAdd],
      [true, Uint8TwinQLinearMul],
    ] as const)
      for (const c of [-77, -1, 0, 3, 64, 127])
        for (const side of [0, 1] as const) {
          const table = qlinearBinaryTable(mul, 'int8', side, c, sc, true);
          const plain = qlinearBinaryTable(mul, 'int8', side, c, sc, false);
          const ops = side === 0 ? [t8([c]), t8(all)] : [t8(all), t8([c])];
          const [y] = ref(
            [ops[0], f(sc[0]), z(sc[1]), ops[1], f(sc[2]), z(sc[3]), f(sc[4]), z(sc[5])],
            new Map(),
            13,
            1,
          );
          expect(Array.from(table), `${mul ? 'Mul' : 'Add'} c ${c} side ${side}`).toEqual(
            Array.from(y.data as Int8Array, (v) => v & 255),
          );
          apart += table.filter((v, i) => v !== plain[i]).length;
        }
    expect(apart).toBeGreaterThan(0);
  });
});

type PairForm = 'both' | 'in' | 'out' | 'neither' | 'shared';

/**
 * x (and x2 for Concat, other parameters) -> op -> Q, in the pool test's pair forms: 'both' float x -> Q -> DQ -> op ->
 * Q -> DQ (both pairs uint8 in onnxruntime), 'in' / 'out' one of them, 'neither' int8 in and out, 'shared' as 'both'
 * with the input DQ a graph output too (its pair int8).
 */
function unaryModel(op: string, form: PairForm, [xs, xz, ys, yz]: number[]) {
  const f32 = (v: number) => le(Float32Array.of(v));
  const i8 = (v: number) => le(Int8Array.of(v));
  const inits: TensorSpec[] = [
    { name: 'xs', dataType: DT.float32, dims: [], raw: f32(xs) },
    { name: 'xz', dataType: DT.int8, dims: [], raw: i8(xz) },
    { name: 'x2s', dataType: DT.float32, dims: [], raw: f32(xs * 1.37) },
    { name: 'x2z', dataType: DT.int8, dims: [], raw: i8(xz + 9) },
    { name: 'ys', dataType: DT.float32, dims: [], raw: f32(ys) },
    { name: 'yz', dataType: DT.int8, dims: [], raw: i8(yz) },
  ];
  const fin = form === 'both' || form === 'in' || form === 'shared';
  const fout = form === 'both' || form === 'out' || form === 'shared';
  const nodes: NodeSpec[] = [];
  const outputs: { name: string; elemType: number }[] = [];
  const ins = op === 'Concat' ? ['x', 'x2'] : ['x'];
  const dqs = ins.map((n) => {
    const [s, z] = [`${n}s`, `${n}z`];
    if (fin) nodes.push({ opType: 'QuantizeLinear', inputs: [n, s, z], outputs: [`${n}q`] });
    nodes.push({ opType: 'DequantizeLinear', inputs: [fin ? `${n}q` : n, s, z], outputs: [`${n}d`] });
    return `${n}d`;
  });
  if (form === 'shared') outputs.push({ name: 'xd', elemType: DT.float32 });
  const attributes =
    op === 'LeakyRelu'
      ? [{ name: 'alpha', type: AT.FLOAT, f: 0.1 }]
      : op === 'Concat'
        ? [{ name: 'axis', type: AT.INT, i: 1 }]
        : [];
  nodes.push(
    { opType: op, inputs: dqs, outputs: ['t'], attributes },
    { opType: 'QuantizeLinear', inputs: ['t', 'ys', 'yz'], outputs: ['yq'] },
  );
  if (fout) {
    nodes.push({ opType: 'DequantizeLinear', inputs: ['yq', 'ys', 'yz'], outputs: ['y'] });
    outputs.push({ name: 'y', elemType: DT.float32 });
  } else outputs.push({ name: 'yq', elemType: DT.int8 });
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      name: 'u',
      nodes,
      initializers: inits,
      inputs: ins.map((name) => ({ name, elemType: fin ? DT.float32 : DT.int8, shape: [2, 5, 3, 17] })),
      outputs,
    },
  });
}

describe.skipIf(!ort)('int8 QDQ Sigmoid / LeakyRelu / Softmax / Concat in every pair form', () => {
  // Sigmoid, LeakyRelu, Concat: their tables (rounding, then the zero point as an integer) give the same bytes for
  // the int8 node, its uint8 twin and the float op between the pairs, so they stay fused in every form. Softmax:
  // with one pair of each onnxruntime runs the float Softmax (not QLinearSoftmax's arithmetic), and so does i8conv.
  it('equal onnxruntime-web and the reference, bit for bit', async () => {
    const tally: Tally = { outputs: 0, twinApart: 0, kinds: new Set(), twinSteps: new Set() };
    const PARAMS = [
      [0.05, -3, 1 / 256, -128],
      [0.1, 7, 0.03, 5],
      [0.3, 0, 0.0075, -100],
      [0.0173, 20, 0.0051, 3],
    ];
    for (const op of ['Sigmoid', 'LeakyRelu', 'Softmax', 'Concat'])
      for (const form of ['both', 'in', 'out', 'neither', 'shared'] as const)
        for (const [j, p] of PARAMS.entries()) {
          const bytes = unaryModel(op, form, p);
          const g = readOnnxModel(bytes);
          const r = rng(j + 5);
          const feeds = new Map<string, Tensor>();
          for (const v of g.inputs) {
            const [s, z] = v.name === 'x' ? [p[0], p[1]] : [Math.fround(p[0] * 1.37), p[1] + 9];
            // every code once, then random ones
            const q = Array.from({ length: 510 }, (_, i) => (i < 256 ? i - 128 : randInt(r, -128, 127)));
            const dims = [2, 5, 3, 17];
            feeds.set(
              v.name,
              v.type === 'float32'
                ? { name: v.name, type: 'float32', dims, data: Float32Array.from(q, (c) => Math.fround((c - z) * s)) }
                : { name: v.name, type: 'int8', dims, data: Int8Array.from(q) },
            );
          }
          const kind = await check(bytes, feeds, `${op} ${form} [${p}]`, tally);
          const mixed = form === 'in' || form === 'out' || form === 'shared';
          expect(kind, `${op} ${form}`).toBe(op === 'Softmax' && mixed ? 'Softmax' : `com.microsoft.QLinear${op}`);
        }
    expect(tally.outputs).toBeGreaterThan(20000);
  }, 120_000);
});
