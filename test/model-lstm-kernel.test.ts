// The float32 LSTM and GRU wasm kernels (assembly/model/lstm-f32.ts, src/model/backends/wasm-float/lstm.ts) through
// rt.loadModel, each op alike:
// - seeded cases (hidden sizes 1, 3, 5, 17, 64; input sizes 1, 7, 255, 256, 257, 300 across MLAS's 256-value
//   blocks; seq 1..5; batch 1..3; and long sequences of wide gates, whose input products the kernel computes a chunk of
//   steps at a time; forward, reverse, bidirectional; layouts 0 and 1; B, P, initial_h and initial_c
//   absent, constant or fed; clip, input_forget (GRU: linear_before_reset); outputs omitted before a named one or left off the end; a
//   sequence_lens of seq everywhere; NaN and infinities in X) run on the kernel equal the TypeScript operator
//   (src/model/backends/host/rnn.ts) bit for bit (NaN as NaN), on 1 thread and on 2;
// - a subset equals onnxruntime-web 1.30 bit for bit;
// - the cases the kernel does not take (a computed W, other activations, sequence_lens shorter than seq) run on the
//   TypeScript operator.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadModelSync } from '../src/model/load.js';
import { GRU, LSTM } from '../src/model/backends/host/rnn.js';
import type { HostTensor, HostValueInfo } from '../src/model/backends/types.js';
import { loadOrt } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
if (ort) ort.env.logLevel = 'error';

const A = {
  i: (value: number): Attribute => ({ kind: 'int', value }),
  f: (value: number): Attribute => ({ kind: 'float', value: Math.fround(value) }),
  s: (value: string): Attribute => ({ kind: 'string', value }),
  ss: (value: string[]): Attribute => ({ kind: 'strings', value }),
};

interface Case {
  op: 'LSTM' | 'GRU';
  graph: Graph;
  node: Node;
  /** every input by position (null: omitted) */
  ins: (Tensor | null)[];
  feeds: Record<string, Tensor>;
  /** the outputs as the node names them ('' omitted) */
  outs: string[];
  /** the kernel takes it */
  kernel: boolean;
  desc: string;
}

const f32 = (name: string, dims: number[], data: Float32Array | Int32Array, type: 'float32' | 'int32' = 'float32') =>
  ({ name, type, dims, data }) as Tensor;

/** A seeded LSTM (GRU) case. `other`: one of the things the kernel does not take. */
function lstmCase(
  seed: number,
  o: { other?: boolean; specials?: boolean; layout0?: boolean; gru?: boolean; long?: boolean } = {},
): Case {
  const r = rng(seed);
  const op = o.gru ? 'GRU' : 'LSTM';
  const gates = o.gru ? 3 : 4;
  const acts = o.gru ? ['Sigmoid', 'TANH'] : ['Sigmoid', 'TANH', 'tanh'];
  const pick = <V>(xs: readonly V[]): V => xs[Math.floor(r() * xs.length)];
  // long: gates wide enough that the kernel computes the input products in chunks of fewer steps than seq (LSTM
  // H 512: 32 steps a chunk; GRU H 640: 34), the sequence crossing one or two chunk boundaries
  const H = o.long ? (o.gru ? 640 : 512) : pick([1, 3, 5, 17, 64]);
  const K = o.long ? pick([7, 257]) : pick([1, 7, 255, 256, 257, 300]);
  const seq = o.long ? pick([33, 35, 67, 70]) : 1 + Math.floor(r() * 5),
    batch = 1 + Math.floor(r() * (o.long ? 2 : 3));
  const direction = pick(['forward', 'reverse', 'bidirectional']);
  const dirs = direction === 'bidirectional' ? 2 : 1;
  const layout = r() < 0.5 || o.layout0 ? 0 : 1;
  const rand = (n: number, s = 1) => Float32Array.from({ length: n }, () => (r() * 2 - 1) * s);
  const wScale = 1 / Math.sqrt(K);
  const attrs: Record<string, Attribute> = { hidden_size: A.i(H), direction: A.s(direction) };
  if (layout) attrs.layout = A.i(1);
  if (r() < 0.3) attrs.clip = A.f(0.5 + r() * 3);
  if (r() < (o.gru ? 0.5 : 0.2)) attrs[o.gru ? 'linear_before_reset' : 'input_forget'] = A.i(1);
  if (r() < 0.2) attrs.activations = A.ss(Array.from({ length: dirs }, () => acts).flat());
  const xDims = layout === 0 ? [seq, batch, K] : [batch, seq, K];
  const sDims = layout === 0 ? [dirs, batch, H] : [batch, dirs, H];
  const X = rand(seq * batch * K, 3);
  if (o.specials) {
    const vals = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e30, -1e30];
    for (let k = 0; k < 3; k++) X[Math.floor(r() * X.length)] = pick(vals);
  }
  const W = rand(dirs * gates * H * K, wScale),
    R = rand(dirs * gates * H * H, 1 / Math.sqrt(H));
  // where each optional input comes from: 'c' constant, 'f' fed, '' absent
  const src = (pc: number, pf: number) => {
    const v = r();
    return v < pc ? 'c' : v < pc + pf ? 'f' : '';
  };
  const what = o.other ? pick(['W', 'act', 'lens', 'B']) : '';
  const bSrc = what === 'B' ? 'c' : src(0.7, 0),
    pSrc = src(0.3, 0),
    hSrc = src(0.3, 0.3),
    cSrc = src(0.3, 0.3);
  let lensSrc = r() < 0.15 ? 'c' : '';
  let wSrc = 'c';
  if (o.other) {
    if (what === 'W') wSrc = 'f';
    if (what === 'act')
      attrs.activations = A.ss(
        Array.from({ length: dirs }, () => (o.gru ? ['Sigmoid', 'Relu'] : ['Sigmoid', 'Relu', 'Tanh'])).flat(),
      );
    if (what === 'lens') lensSrc = 'short';
  }
  const bFed = what === 'B';
  const ins: (Tensor | null)[] = [
    f32('X', xDims, X),
    f32('W', [dirs, gates * H, K], W),
    f32('R', [dirs, gates * H, H], R),
    bSrc ? f32('B', [dirs, 2 * gates * H], rand(dirs * 2 * gates * H)) : null,
    lensSrc
      ? f32(
          'sequence_lens',
          [batch],
          Int32Array.from({ length: batch }, (_, b) => (lensSrc === 'short' && b === 0 ? seq - 1 : seq)),
          'int32',
        )
      : null,
    hSrc ? f32('initial_h', sDims, rand(dirs * batch * H)) : null,
    cSrc && !o.gru ? f32('initial_c', sDims, rand(dirs * batch * H, 2)) : null,
    pSrc && !o.gru ? f32('P', [dirs, 3 * H], rand(dirs * 3 * H)) : null,
  ];
  const kinds = ['f', wSrc, wSrc, bFed ? 'f' : bSrc, lensSrc ? 'c' : '', hSrc, cSrc, pSrc];
  while (ins.length && !ins[ins.length - 1]) ins.pop();
  const names = o.gru ? ['Y', 'Y_h'] : ['Y', 'Y_h', 'Y_c'];
  let outs = names.map((n) => (r() < 0.3 ? '' : n));
  if (!outs.some((n) => n !== '')) outs[names.length - 1] = names[names.length - 1];
  while (outs[outs.length - 1] === '') outs = outs.slice(0, -1);
  const inits = new Map<string, Tensor>();
  const feeds: Record<string, Tensor> = {};
  const gi: Graph['inputs'] = [];
  ins.forEach((t, k) => {
    if (!t) return;
    if (kinds[k] === 'c') inits.set(t.name, t);
    else {
      feeds[t.name] = t;
      gi.push({ name: t.name, type: t.type, onnxElemType: t.type === 'int32' ? 6 : 1, shape: t.dims });
    }
  });
  const node: Node = {
    name: op.toLowerCase(),
    opType: op,
    domain: '',
    inputs: ins.map((t) => (t ? t.name : '')),
    outputs: outs,
    attributes: new Map(Object.entries(attrs)),
  };
  const graph: Graph = {
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([['', 14]]),
    inputs: gi,
    outputs: outs.filter((n) => n).map((name) => ({ name, type: 'float32', onnxElemType: 1, shape: null })),
    initializers: inits,
    valueInfo: new Map(),
    nodes: [node],
  };
  return {
    op,
    graph,
    node,
    ins,
    feeds,
    outs,
    kernel: !o.other,
    desc: `${op} seed ${seed} ${direction} L${layout} S${seq} B${batch} K${K} H${H} attrs ${Object.keys(attrs).join(',')} inputs ${kinds.join('')} outputs ${outs.join(',')}`,
  };
}

/** The TypeScript operator's outputs, by name. */
function operatorRun(c: Case): Record<string, Float32Array> {
  const hn = { name: c.node.name, opType: c.op, domain: '', attributes: c.node.attributes };
  // constant where the model holds it as an initializer (the products' blocks depend on it)
  const info = (t: Tensor | null): HostValueInfo | undefined => {
    if (!t) return undefined;
    const tensor = { type: t.type, dims: t.dims, data: t.data } as HostTensor;
    return { type: tensor.type, dims: t.dims, constant: c.graph.initializers.has(t.name) ? tensor : undefined };
  };
  const ins = c.ins.map(info);
  const [seqOrB, bOrSeq] = [c.ins[0]!.dims[0], c.ins[0]!.dims[1]];
  const H = (c.node.attributes.get('hidden_size') as { value: number }).value;
  const dirs = c.ins[1]!.dims[0];
  const layout = c.node.attributes.has('layout') ? 1 : 0;
  const yDims = layout === 0 ? [seqOrB, dirs, bOrSeq, H] : [seqOrB, bOrSeq, dirs, H];
  const sDims = layout === 0 ? [dirs, bOrSeq, H] : [seqOrB, dirs, H];
  const outs = c.outs.map((_, k) => ({ type: 'float32' as const, dims: k === 0 ? yDims : sDims }));
  const op = (c.op === 'GRU' ? GRU : LSTM)(hn, ins, outs, 14);
  const data = outs.map((o) => new Float32Array(o.dims.reduce((a, d) => a * d, 1)));
  op(
    c.ins.map((t) => (t ? ({ type: t.type, dims: t.dims, data: t.data } as HostTensor) : undefined)),
    outs.map((o, k) => ({ ...o, data: data[k] })),
  );
  return Object.fromEntries(c.outs.map((n, k) => [n, data[k]]).filter(([n]) => n !== ''));
}

const bits = new Int32Array(1);
const fl = new Float32Array(bits.buffer);
const bitsOf = (x: number): number => {
  fl[0] = x;
  return bits[0];
};
/** The first index where a and b differ in bits (NaN equal to NaN), or -1. */
function differs(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(a[i]) && Number.isNaN(b[i])) continue;
    if (bitsOf(a[i]) !== bitsOf(b[i])) return i;
  }
  return -1;
}

function modelRun(rt: Runtime, c: Case): { out: Record<string, ArrayLike<number>>; algos: string[] } {
  const m = loadModelSync(rt, writeOnnxModel(c.graph));
  try {
    const out = m.run(Object.fromEntries(Object.entries(c.feeds).map(([k, t]) => [k, t.data])) as never) as Record<
      string,
      ArrayLike<number>
    >;
    return { out, algos: m.nodes.map((n) => n.algorithm) };
  } finally {
    m.dispose();
  }
}

const kernelName = (c: Case): string => (c.op === 'GRU' ? 'gru-f32-simd' : 'lstm-f32-simd');

function check(rt: Runtime, c: Case): void {
  const { out, algos } = modelRun(rt, c);
  expect(algos, c.desc).toEqual([c.kernel ? kernelName(c) : 'host']);
  const want = operatorRun(c);
  for (const [k, w] of Object.entries(want)) {
    const i = differs(out[k], w);
    expect(i, `${c.desc}: ${k}[${i}] ${out[k]?.[i]} vs ${w[i]}`).toBe(-1);
  }
}

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

describe.each([false, true])('the float32 LSTM / GRU kernel (GRU: %s)', (gru) => {
  it('equals the TypeScript operator bit for bit on 300 seeded cases (NaN / infinities in some)', () => {
    for (let seed = 1; seed <= 300; seed++) check(rt, lstmCase(seed, { specials: seed % 5 === 0, gru }));
  });

  it('equals the TypeScript operator on long sequences (the input products computed a chunk of steps at a time)', () => {
    for (let seed = 500; seed < 503; seed++) check(rt, lstmCase(seed, { specials: seed % 2 === 0, gru, long: true }));
  }, 60_000);

  it('leaves what it does not take to the TypeScript operator (computed W or B, Relu, short sequence_lens)', () => {
    for (let seed = 1000; seed < 1040; seed++) check(rt, lstmCase(seed, { other: true, gru }));
  });

  it.skipIf(!ort)(
    'equals onnxruntime-web bit for bit on 40 seeded cases (layout 0: onnxruntime refuses 1)',
    async () => {
      const o = ort!;
      for (let seed = 2000; seed < 2040; seed++) {
        const c = lstmCase(seed, { specials: seed % 4 === 0, layout0: true, gru });
        const s = await o.InferenceSession.create(writeOnnxModel(c.graph));
        const f: Record<string, import('onnxruntime-web').Tensor> = {};
        for (const [k, t] of Object.entries(c.feeds))
          f[k] = new o.Tensor(t.type as 'float32', t.data as Float32Array, t.dims);
        const want = await s.run(f);
        await s.release();
        const { out, algos } = modelRun(rt, c);
        expect(algos).toEqual([kernelName(c)]);
        for (const [k, w] of Object.entries(want)) {
          const i = differs(out[k], w.data as Float32Array);
          expect(i, `${c.desc}: ${k}[${i}]`).toBe(-1);
        }
      }
    },
    120_000,
  );
});

// the pool's workers load the built library (dist/: `npm test` builds it first)
const DIST = new URL('../dist/src/index.js', import.meta.url);
describe.skipIf(!existsSync(DIST)).each([false, true])('on 2 threads (GRU: %s)', (gru) => {
  it('equals the TypeScript operator (tasks over directions and batch rows on both threads)', async (ctx) => {
    const dist = (await import(DIST.href)) as typeof import('../src/index.js');
    const rt2 = await dist.createRuntime({ threads: 2 });
    try {
      if (rt2.threads < 2) return ctx.skip();
      for (let seed = 3000; seed < 3040; seed++) {
        const c = lstmCase(seed, { gru });
        const m = await rt2.loadModel(writeOnnxModel(c.graph));
        try {
          expect(m.nodes.map((n) => n.algorithm)).toEqual([kernelName(c)]);
          const feeds = Object.fromEntries(Object.entries(c.feeds).map(([k, t]) => [k, t.data]));
          const a = m.run(feeds as never) as Record<string, ArrayLike<number>>;
          const b = (await m.runAsync(feeds as never)) as Record<string, ArrayLike<number>>;
          for (const [k, w] of Object.entries(operatorRun(c))) {
            expect(differs(a[k], w), `${c.desc}: run ${k}`).toBe(-1);
            expect(differs(b[k], w), `${c.desc}: runAsync ${k}`).toBe(-1);
          }
        } finally {
          m.dispose();
        }
      }
    } finally {
      rt2.dispose();
    }
  }, 120_000);
});
