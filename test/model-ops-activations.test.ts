// The activation operators of issue 48 (src/model/backends/host/activations.ts and logsoftmax.ts; kernels-ref/model/
// ops/ActivationFamily.ts and LogSoftmax.ts): PRelu, Elu, Selu, Celu, Softplus, Softsign, Mish, ThresholdedRelu, Gelu
// (opset 20; com.microsoft Gelu, FastGelu, BiasGelu) and LogSoftmax.
// - the float functions they rest on, the product's (src/model/numerics/expf.ts, log1pf.ts, mlas-erf.ts) against
//   the reference's independent ones (kernels-ref/model/activation-math.ts), bit for bit over a sweep of float32
//   bit patterns;
// - every host operator against the reference operator on seeded data over every loop tail (sizes 0..17, odd
//   shapes), special values (NaN, +-0, +-inf, huge and tiny magnitudes, each formula's thresholds) and every
//   attribute combination, bit for bit; LogSoftmax within 8 ulps of max(1, |y|) (the reference takes libm's exp
//   and log in double, the product MLAS's exponential and musl's logf: 1 measured);
// - every operator against onnxruntime-web 1.30 (wasm, one thread) on one-node models, bit for bit, LogSoftmax's
//   groups over every axis and opset; the naive libm formulas measured against it (why the product takes musl's);
// - rt.loadModel runs each one-node model (shape rule, row, lowering) to the host operator's bits;
// - refusals: another type, attribute, approximate value, slope or bias shape, or an opset before the operator's
//   (UNSUPPORTED_OP at load, never a wrong output).
// onnxruntime-web tests are skipped where it does not load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModelSync } from '../src/model/load.js';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import { runReference } from '../kernels-ref/model/index.js';
import { mlasErfRef, muslExpf, muslLog1pf } from '../kernels-ref/model/activation-math.js';
import { HOST_OPS } from '../src/model/backends/host/index.js';
import type { HostTensor, HostValueInfo } from '../src/model/backends/types.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { expf } from '../src/model/numerics/expf.js';
import { log1pf } from '../src/model/numerics/log1pf.js';
import { mlasErf } from '../src/model/numerics/mlas-erf.js';
import { AT, le, writeModel, type AttrSpec } from './helpers/onnx-writer.js';
import { rng } from './helpers/rng.js';

const F = Math.fround;
const MS = 'com.microsoft';

let ort: typeof import('onnxruntime-web') | null = null;
try {
  ort = await import('onnxruntime-web');
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
} catch {
  ort = null;
}

// ---- one-node models ---------------------------------------------------------------------------------------------

interface Case {
  op: string;
  /** '' (default) or 'com.microsoft' */
  domain?: string;
  /** [tensor (null: an omitted optional input), fed or a constant initializer] in the node's input order */
  inputs: Array<[Tensor | null, 'feed' | 'init']>;
  attrs?: Record<string, Attribute>;
  /** the opset of the node's domain (default 13; com.microsoft 1) */
  opset?: number;
}
const A = {
  f: (value: number): Attribute => ({ kind: 'float', value }),
  i: (value: number): Attribute => ({ kind: 'int', value }),
  s: (value: string): Attribute => ({ kind: 'string', value }),
};
const fl = (dims: readonly number[], v: ArrayLike<number>): Tensor => {
  const data = Float32Array.from(v);
  if (data.length !== dims.reduce((a, b) => a * b, 1)) throw new Error(`[${dims}] given ${data.length} values`);
  return { name: '', type: 'float32', dims: [...dims], data };
};
const inName = (k: number) => `x${k}`;
const opsetOf = (c: Case) => c.opset ?? (c.domain ? 1 : 13);
const opsets = (c: Case): [string, number][] =>
  c.domain
    ? [
        ['', 17],
        [c.domain, opsetOf(c)],
      ]
    : [['', opsetOf(c)]];

function nodeOf(c: Case): Node {
  const inputs = c.inputs.map(([t], k) => (t ? inName(k) : ''));
  while (inputs.length && inputs[inputs.length - 1] === '') inputs.pop();
  return {
    name: `${c.op}_node`,
    opType: c.op,
    domain: c.domain ?? '',
    inputs,
    outputs: ['y'],
    attributes: new Map(Object.entries(c.attrs ?? {})),
  };
}
const feedsOf = (c: Case): [string, Tensor][] =>
  c.inputs.flatMap(([t, kind], k) => (t && kind === 'feed' ? [[inName(k), { ...t, name: inName(k) }]] : []));

function refRun(c: Case): Tensor {
  const init = new Map<string, Tensor>();
  c.inputs.forEach(([t, kind], k) => t && kind === 'init' && init.set(inName(k), { ...t, name: inName(k) }));
  const g: Graph = {
    name: c.op,
    irVersion: 8,
    opsetImports: new Map(opsets(c)),
    inputs: c.inputs.flatMap(([t, kind], k) =>
      t && kind === 'feed' ? [{ name: inName(k), type: t.type, onnxElemType: 1, shape: [...t.dims] }] : [],
    ),
    outputs: [{ name: 'y', type: null, onnxElemType: 0, shape: null }],
    initializers: init,
    valueInfo: new Map(),
    nodes: [nodeOf(c)],
  };
  return [...runReference(g, feedsOf(c)).values()][0];
}

/** The host operator: its factory at load time (outputs planned as X's type and dims), then one run. */
function hostRun(c: Case): HostTensor {
  const factory = HOST_OPS.get(`${c.domain ?? ''}:${c.op}`);
  if (!factory) throw new Error(`no host operator ${c.op}`);
  const infos: (HostValueInfo | undefined)[] = c.inputs.map(([t, kind]) =>
    t ? { type: 'float32', dims: t.dims, constant: kind === 'init' ? (t as HostTensor) : undefined } : undefined,
  );
  const x = c.inputs[0][0]!;
  const op = factory(nodeOf(c), infos, [{ type: 'float32', dims: x.dims }], opsetOf(c));
  const out: HostTensor = { type: 'float32', dims: x.dims, data: new Float32Array(x.data.length) };
  op(
    c.inputs.map(([t]) => (t ? (t as HostTensor) : undefined)),
    [out],
  );
  return out;
}

function attrSpec(name: string, a: Attribute): AttrSpec {
  if (a.kind === 'float') return { name, type: AT.FLOAT, f: a.value };
  if (a.kind === 'int') return { name, type: AT.INT, i: a.value };
  if (a.kind === 'string') return { name, type: AT.STRING, s: a.value };
  throw new Error(`attribute ${name}: ${a.kind}`);
}

function modelBytes(c: Case): Uint8Array {
  const node = nodeOf(c);
  return writeModel({
    irVersion: 8,
    opsets: opsets(c),
    graph: {
      name: c.op,
      nodes: [
        {
          opType: c.op,
          domain: c.domain,
          inputs: node.inputs,
          outputs: node.outputs,
          attributes: [...node.attributes].map(([n, a]) => attrSpec(n, a)),
        },
      ],
      initializers: c.inputs.flatMap(([t, kind], k) =>
        t && kind === 'init' ? [{ dataType: 1, dims: t.dims, raw: le(t.data), name: inName(k) }] : [],
      ),
      inputs: c.inputs.flatMap(([t, kind], k) =>
        t && kind === 'feed' ? [{ name: inName(k), elemType: 1, shape: t.dims }] : [],
      ),
      outputs: [{ name: 'y', elemType: 1 }],
    },
  });
}

async function ortRun(c: Case): Promise<Float32Array> {
  const session = await ort!.InferenceSession.create(modelBytes(c), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'disabled',
  });
  try {
    const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
    for (const [name, t] of feedsOf(c)) feeds[name] = new ort!.Tensor('float32', t.data as Float32Array, t.dims);
    return (await session.run(feeds)).y.data as Float32Array;
  } finally {
    await session.release();
  }
}

// ---- comparisons -------------------------------------------------------------------------------------------------

const word = new DataView(new ArrayBuffer(4));
/** float32 values as ordered integers (so that a difference counts ulps across zero). */
function ordered(x: number): number {
  word.setFloat32(0, x, true);
  const i = word.getInt32(0, true);
  return i < 0 ? -2147483648 - i : i;
}
const same = (a: number, b: number) => Object.is(a, b) || (a !== a && b !== b);

/** Bit for bit (NaN matches NaN; +0 and -0 differ). */
function expectSame(got: ArrayLike<number>, want: ArrayLike<number>, what: string, x?: ArrayLike<number>): void {
  expect(got.length, `${what}: length`).toBe(want.length);
  for (let i = 0; i < want.length; i++)
    if (!same(got[i], want[i])) expect(got[i], `${what}[${i}]${x ? ` (x = ${x[i]})` : ''}`).toBe(want[i]);
}

/** The most ulps apart (NaN matches NaN, every other NaN or infinity mismatch fails). */
function worstUlps(got: ArrayLike<number>, want: ArrayLike<number>, what: string): number {
  let worst = 0;
  for (let i = 0; i < want.length; i++) {
    if (same(got[i], want[i])) continue;
    if (!Number.isFinite(got[i]) || !Number.isFinite(want[i])) expect(got[i], `${what}[${i}]`).toBe(want[i]);
    worst = Math.max(worst, Math.abs(ordered(got[i]) - ordered(want[i])));
  }
  return worst;
}

/** The largest difference in ulps of max(1, |want|) (NaN matches NaN, other non-finite mismatches fail). */
function worstUlpsOfOne(got: ArrayLike<number>, want: ArrayLike<number>, what: string): number {
  let worst = 0;
  for (let i = 0; i < want.length; i++) {
    if (same(got[i], want[i])) continue;
    if (!Number.isFinite(got[i]) || !Number.isFinite(want[i])) expect(got[i], `${what}[${i}]`).toBe(want[i]);
    const m = Math.max(1, Math.abs(want[i]));
    const ulp = 2 ** (Math.floor(Math.log2(m)) - 23);
    worst = Math.max(worst, Math.abs(got[i] - want[i]) / ulp);
  }
  return worst;
}

// ---- seeded data -------------------------------------------------------------------------------------------------

const FLT_MAX = 3.4028234663852886e38;
/** Values at the edges of the formulas: signed zeros, NaN, infinities, extremes, subnormals, expf's overflow and
 * underflow limits, log1pf's and MLAS erf's splits and clamps, MLAS tanh's clamp. */
const SPECIAL = [
  0,
  -0,
  Number.NaN,
  Infinity,
  -Infinity,
  1,
  -1,
  0.5,
  -0.5,
  3,
  -3,
  FLT_MAX,
  -FLT_MAX,
  1e-40,
  -1e-40,
  1.1754943508222875e-38,
  2 ** -24,
  -(2 ** -24),
  2 ** -25,
  1e-30,
  -1e-8,
  88,
  -88,
  88.72283935546875,
  88.7228469848632,
  89,
  -103.97207641601562,
  -103.97208404541016,
  -104,
  -150,
  0.41421353816986084,
  -0.2928932309150696,
  -0.29289326071739197,
  0.921875,
  -0.921875,
  0.9218751192092896,
  3.925,
  -3.925,
  5.551,
  9,
  -9,
  18,
  -18,
  20,
  30,
  -30,
].map(F);

/** float32 values: mostly uniform in +-scale, some 100x larger, about 6% drawn from SPECIAL. */
function randFloats(r: () => number, n: number, scale = 8): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = r();
    a[i] = u < 0.06 ? SPECIAL[Math.floor(r() * SPECIAL.length)] : F((r() * 2 - 1) * scale * (u > 0.95 ? 100 : 1));
  }
  return a;
}
const randTensor = (r: () => number, dims: readonly number[], scale = 8): Tensor =>
  fl(
    dims,
    randFloats(
      r,
      dims.reduce((a, b) => a * b, 1),
      scale,
    ),
  );
/** Every special value, then seeded ones: n values. */
function sweep(r: () => number, n: number, scale = 8): Float32Array {
  const a = randFloats(r, n, scale);
  a.set(SPECIAL.slice(0, Math.min(n, SPECIAL.length)));
  return a;
}

/** Sizes 0..17 (every loop tail), then odd shapes of several dims. */
const SHAPES: number[][] = [
  ...Array.from({ length: 18 }, (_, n) => [n]),
  [3, 5, 7],
  [2, 1, 9],
  [1, 13, 1],
  [4, 0, 3],
  [2, 3, 2, 5],
  [],
];

type Attrs = Record<string, Attribute>;
/** One case per attribute combination: `op` at `opset` (in `domain`) with each of `combos`. */
const each = (op: string, opset: number | undefined, combos: Attrs[], domain?: string): Case[] =>
  combos.map((attrs) => ({ op, domain, inputs: [], attrs, opset }));

/** Every unary operator and attribute combination of the family (domain, opset). */
const UNARY: Case[] = [
  ...each('Elu', undefined, [{}, { alpha: A.f(0.3) }, { alpha: A.f(-0.5) }, { alpha: A.f(0) }, { alpha: A.f(2.5) }]),
  ...each('Selu', undefined, [
    {},
    { alpha: A.f(2), gamma: A.f(0.5) },
    { alpha: A.f(-2) },
    { alpha: A.f(0.3), gamma: A.f(1.7) },
    { gamma: A.f(-1.25) },
  ]),
  ...each('Celu', 12, [{}, { alpha: A.f(0.7) }, { alpha: A.f(2.5) }, { alpha: A.f(-1.5) }]),
  ...each('Softplus', undefined, [{}]),
  ...each('Softsign', undefined, [{}]),
  ...each('Mish', 18, [{}]),
  ...each('ThresholdedRelu', 10, [{}, { alpha: A.f(-0.5) }, { alpha: A.f(0) }, { alpha: A.f(2.5) }]),
  ...each('Gelu', 20, [{}, { approximate: A.s('none') }, { approximate: A.s('tanh') }]),
  ...each('Gelu', undefined, [{}], MS),
  ...each('FastGelu', undefined, [{}], MS),
];
const label = (c: Case) =>
  `${c.domain ? `${c.domain}:` : ''}${c.op} ${JSON.stringify(Object.fromEntries(Object.entries(c.attrs ?? {}).map(([k, a]) => [k, (a as { value: unknown }).value])))}`;
const withX = (c: Case, x: Tensor, kind: 'feed' | 'init' = 'feed'): Case => ({ ...c, inputs: [[x, kind]] });

/** PRelu's (X, slope) shapes: per channel, per column, one value, a scalar, the same shape, leading ones. */
const PRELU_SHAPES: [number[], number[]][] = [
  [
    [2, 3, 4, 5],
    [3, 1, 1],
  ],
  [[2, 3, 4, 5], [5]],
  [[2, 3, 4, 5], [1]],
  [[2, 3, 4, 5], []],
  [
    [2, 3, 4, 5],
    [4, 5],
  ],
  [
    [2, 3, 4, 5],
    [2, 3, 4, 5],
  ],
  [
    [2, 3, 4, 5],
    [1, 3, 1, 1],
  ],
  [
    [1, 7, 3],
    [7, 1],
  ],
  [[17], [17]],
  [[13], [1]],
  [[0, 3], [3]],
  [[], []],
];

/** (X, bias) shapes of BiasGelu and FastGelu: the bias is 1-D of X's last dim. */
const BIAS_SHAPES: [number[], number[]][] = [
  [[2, 3, 5], [5]],
  [[7], [7]],
  [[4, 1], [1]],
  [[3, 17], [17]],
  [[0, 4], [4]],
];

/** LogSoftmax's (dims, axis, opset): every axis of a few shapes at the flattening opsets and at 13. */
const LOGSOFTMAX_CASES: [number[], number | undefined, number][] = [
  ...Array.from({ length: 18 }, (_, n): [number[], number | undefined, number] => [[2, n], undefined, 13]),
  ...[0, 1, 2, -1, -2, -3, undefined].flatMap((axis): [number[], number | undefined, number][] => [
    [[3, 5, 4], axis, 13],
    [[3, 5, 4], axis, 11],
    [[2, 1, 9], axis, 13],
  ]),
  [[7, 13], undefined, 1],
  [[3, 5, 4], undefined, 11],
  [[5, 2, 17], 2, 13],
  [[64, 3], 1, 13],
  [[5], 0, 13],
  [[5], undefined, 13],
];

// ---- the float functions -----------------------------------------------------------------------------------------

describe('the float functions onnxruntime-web calls: the product against the reference, bit for bit', () => {
  /** Float32 values over every exponent: a stride through the bit patterns, both signs, plus the specials. */
  function patterns(stride: number): Float32Array {
    const out: number[] = [...SPECIAL];
    const f = new Float32Array(1),
      u = new Uint32Array(f.buffer);
    for (let b = 0; b < 0x7f800000; b += stride) {
      u[0] = b;
      out.push(f[0], -f[0]);
    }
    return Float32Array.from(out);
  }
  it('expf (musl), log1pf (musl), erf (MLAS) over a sweep of float32 bit patterns and seeded values', () => {
    const xs = [patterns(4099), randFloats(rng(4801), 100_000, 120)];
    for (const x of xs) {
      for (const [name, mine, theirs] of [
        ['expf', expf, muslExpf],
        ['log1pf', log1pf, muslLog1pf],
        ['erf', mlasErf, mlasErfRef],
      ] as const)
        expectSame(x.map(mine), x.map(theirs), name, x);
    }
  });
  it('expf and log1pf at their limits: over- and underflow, +-0, +-inf, NaN, -1 and below', () => {
    expect(expf(88.72283172607422)).toBeGreaterThan(3.4e38); // the float below: finite
    expect(expf(88.72283172607422)).toBeLessThan(Infinity);
    expect(expf(88.72283935546875)).toBe(Infinity); // 0x1.62e42ep6: computed, rounds up to infinity
    expect(expf(88.7228469848632)).toBe(Infinity); // above it: musl's overflow branch
    expect(expf(-Infinity)).toBe(0);
    expect(expf(Infinity)).toBe(Infinity);
    expect(expf(Number.NaN)).toBeNaN();
    expect(Object.is(expf(-0), 1)).toBe(true);
    expect(expf(-104)).toBe(0);
    expect(expf(-103.97207641601562)).toBe(1.401298464324817e-45);
    expect(Object.is(log1pf(-0), -0)).toBe(true);
    expect(log1pf(-1)).toBe(-Infinity);
    expect(log1pf(-2)).toBeNaN();
    expect(log1pf(-Infinity)).toBeNaN();
    expect(log1pf(Infinity)).toBe(Infinity);
    expect(log1pf(F(1e-30))).toBe(F(1e-30));
    expect(mlasErf(-0)).toBe(-0);
    expect(mlasErf(Infinity)).toBe(1);
    expect(mlasErf(-1e30)).toBe(-1);
    expect(mlasErf(Number.NaN)).toBeNaN();
  });
});

// ---- host against reference -----------------------------------------------------------------------------------

describe('host operators against the reference operators, bit for bit', () => {
  it('Elu, Selu, Celu, Softplus, Softsign, Mish, ThresholdedRelu, Gelu (none, tanh), com.microsoft Gelu and FastGelu: every attribute combination, sizes 0..17, odd shapes, special values', () => {
    const r = rng(4802);
    let n = 0;
    for (const c of UNARY)
      for (const dims of SHAPES) {
        const x = randTensor(r, dims);
        if (dims.length === 1 && dims[0] === 17) (x.data as Float32Array).set(SPECIAL.slice(0, 17));
        const k = withX(c, x, r() < 0.2 ? 'init' : 'feed');
        expectSame(hostRun(k).data as Float32Array, refRun(k).data as Float32Array, `${label(c)} [${dims}]`);
        n++;
      }
    // every special value through every operator
    for (const c of UNARY) {
      const k = withX(c, fl([SPECIAL.length], SPECIAL));
      expectSame(hostRun(k).data as Float32Array, refRun(k).data as Float32Array, `${label(c)} specials`, SPECIAL);
    }
    expect(n).toBe(UNARY.length * SHAPES.length);
  });

  it('PRelu: slope broadcast per channel, per column, one value, a scalar, the same shape; fed or constant; special values in X and the slope', () => {
    const r = rng(4803);
    for (const [dx, ds] of PRELU_SHAPES)
      for (const kind of ['feed', 'init'] as const) {
        const x = randTensor(r, dx),
          s = randTensor(r, ds, 2);
        const c: Case = {
          op: 'PRelu',
          inputs: [
            [x, 'feed'],
            [s, kind],
          ],
          opset: 16,
        };
        expectSame(hostRun(c).data as Float32Array, refRun(c).data as Float32Array, `PRelu [${dx}] [${ds}] ${kind}`);
      }
    // every special x against every special slope
    const xs = SPECIAL.flatMap((v) => SPECIAL.map(() => v));
    const c: Case = {
      op: 'PRelu',
      inputs: [
        [fl([SPECIAL.length, SPECIAL.length], xs), 'feed'],
        [fl([SPECIAL.length], SPECIAL), 'init'],
      ],
      opset: 9,
    };
    expectSame(hostRun(c).data as Float32Array, refRun(c).data as Float32Array, 'PRelu specials');
  });

  it('com.microsoft BiasGelu and FastGelu with a bias of the last dim', () => {
    const r = rng(4804);
    for (const op of ['BiasGelu', 'FastGelu'])
      for (const [dx, db] of BIAS_SHAPES)
        for (const kind of ['feed', 'init'] as const) {
          const c: Case = {
            op,
            domain: MS,
            inputs: [
              [randTensor(r, dx), 'feed'],
              [randTensor(r, db, 2), kind],
            ],
          };
          expectSame(hostRun(c).data as Float32Array, refRun(c).data as Float32Array, `${op} [${dx}] + [${db}]`);
        }
  });

  it('LogSoftmax: every axis, opsets 1 / 11 / 13, group sizes 0..17, rows of -inf, +inf and NaN, within 8 ulps of max(1, |y|) of the libm reference', () => {
    const r = rng(4805);
    let worst = 0;
    for (const [dims, axis, opset] of LOGSOFTMAX_CASES) {
      const c: Case = {
        op: 'LogSoftmax',
        inputs: [[randTensor(r, dims, 30), 'feed']],
        attrs: axis === undefined ? {} : { axis: A.i(axis) },
        opset,
      };
      worst = Math.max(
        worst,
        worstUlpsOfOne(
          hostRun(c).data as Float32Array,
          refRun(c).data as Float32Array,
          `LogSoftmax [${dims}] ${axis} ${opset}`,
        ),
      );
    }
    const rows = [
      [-Infinity, -Infinity, -Infinity],
      [-Infinity, -FLT_MAX, -Infinity, -Infinity, -Infinity],
      [Infinity, 1],
      [Number.NaN, 1, 2, 3, 4],
      [1, 2, 3, 4, Number.NaN],
      [-0],
      [0, -0, 0, -0, 0],
      [FLT_MAX, -FLT_MAX, 0, 1, 2],
      [-Infinity, 1, 2, 3, 4],
    ];
    for (const row of rows) {
      const c: Case = { op: 'LogSoftmax', inputs: [[fl([1, row.length], row), 'feed']] };
      worst = Math.max(
        worst,
        worstUlpsOfOne(hostRun(c).data as Float32Array, refRun(c).data as Float32Array, `[${row}]`),
      );
    }
    console.log(
      `LogSoftmax: host (MLAS exponential, musl logf) vs reference (libm, double): at most ${worst} ulps of max(1, |y|)`,
    );
    expect(worst).toBeLessThanOrEqual(8);
  });
});

// ---- onnxruntime-web ---------------------------------------------------------------------------------------------

describe.skipIf(!ort)('against onnxruntime-web 1.30 (wasm, one thread), bit for bit', () => {
  it('every unary operator and attribute combination: seeded values over +-12 and +-1200, every special value', async () => {
    const r = rng(4806);
    for (const c of UNARY)
      for (const n of [1013, 17, 3]) {
        const x = fl([n], sweep(r, n, 12));
        const want = await ortRun(withX(c, x));
        expectSame(hostRun(withX(c, x)).data as Float32Array, want, `${label(c)} n=${n}`, x.data as Float32Array);
      }
  });

  it('Elu, Softplus, Mish, Gelu over 2^18 values: where musl and MLAS matter', async () => {
    const r = rng(4807);
    const n = 1 << 18;
    const x = fl([n], sweep(r, n, 30));
    for (const c of [
      { op: 'Elu', inputs: [] },
      { op: 'Softplus', inputs: [] },
      { op: 'Mish', inputs: [], opset: 18 },
      { op: 'Gelu', inputs: [], opset: 20 },
      { op: 'Gelu', inputs: [], opset: 20, attrs: { approximate: A.s('tanh') } },
    ] as Case[]) {
      const want = await ortRun(withX(c, x));
      expectSame(hostRun(withX(c, x)).data as Float32Array, want, label(c), x.data as Float32Array);
    }
  });

  it('why musl: the correctly rounded libm formulas differ from onnxruntime-web (measured, printed)', async () => {
    const r = rng(4808);
    const n = 1 << 17;
    const x = fl([n], randFloats(r, n, 20));
    const xs = x.data as Float32Array;
    const elu = await ortRun(withX({ op: 'Elu', inputs: [] }, x));
    const softplus = await ortRun(withX({ op: 'Softplus', inputs: [] }, x));
    const libmElu = xs.map((v) => (v >= 0 ? v : F(F(Math.exp(v)) - 1)));
    const libmSoftplus = xs.map((v) => (v > 0 ? F(v + F(Math.log1p(F(Math.exp(-v))))) : F(Math.log1p(F(Math.exp(v))))));
    const count = (a: Float32Array, b: Float32Array) => a.reduce((k, v, i) => k + (same(v, b[i]) ? 0 : 1), 0);
    const [de, ds] = [count(libmElu, elu), count(libmSoftplus, softplus)];
    console.log(
      `of ${n} values, f(exp) Elu differs from onnxruntime-web on ${de} (at most ${worstUlps(libmElu, elu, 'Elu')} ulps), ` +
        `f(log1p(f(exp))) Softplus on ${ds} (at most ${worstUlps(libmSoftplus, softplus, 'Softplus')} ulps); musl's: none`,
    );
    expect(de).toBeGreaterThan(0);
    expectSame(
      xs.map((v) => (v >= 0 ? v : F(expf(v) - 1))),
      elu,
      'musl Elu',
    );
  });

  it('PRelu over every broadcast shape (opsets 7, 9, 16), special values in X and slope', async () => {
    const r = rng(4809);
    for (const [dx, ds] of PRELU_SHAPES)
      for (const opset of [7, 9, 16]) {
        if (dx.includes(0)) continue; // onnxruntime-web takes no empty feed
        const c: Case = {
          op: 'PRelu',
          inputs: [
            [randTensor(r, dx), 'feed'],
            [randTensor(r, ds, 2), r() < 0.5 ? 'init' : 'feed'],
          ],
          opset,
        };
        expectSame(hostRun(c).data as Float32Array, await ortRun(c), `PRelu [${dx}] [${ds}] opset ${opset}`);
      }
    const xs = SPECIAL.flatMap((v) => SPECIAL.map(() => v));
    const c: Case = {
      op: 'PRelu',
      inputs: [
        [fl([SPECIAL.length, SPECIAL.length], xs), 'feed'],
        [fl([SPECIAL.length], SPECIAL), 'feed'],
      ],
      opset: 16,
    };
    expectSame(hostRun(c).data as Float32Array, await ortRun(c), 'PRelu specials');
  });

  it('com.microsoft BiasGelu and FastGelu with a bias', async () => {
    const r = rng(4810);
    for (const op of ['BiasGelu', 'FastGelu'])
      for (const [dx, db] of BIAS_SHAPES) {
        if (dx.includes(0)) continue;
        const c: Case = {
          op,
          domain: MS,
          inputs: [
            [
              fl(
                dx,
                sweep(
                  r,
                  dx.reduce((a, b) => a * b, 1),
                ),
              ),
              'feed',
            ],
            [randTensor(r, db, 3), 'init'],
          ],
        };
        expectSame(hostRun(c).data as Float32Array, await ortRun(c), `${op} [${dx}] + [${db}]`);
      }
  });

  it('LogSoftmax: every axis, opsets 1 / 11 / 13, group sizes 0..17, large values, rows of -inf, +inf and NaN', async () => {
    const r = rng(4811);
    for (const [dims, axis, opset] of LOGSOFTMAX_CASES) {
      if (dims.includes(0)) continue;
      for (const scale of [3, 80]) {
        const c: Case = {
          op: 'LogSoftmax',
          inputs: [[randTensor(r, dims, scale), 'feed']],
          attrs: axis === undefined ? {} : { axis: A.i(axis) },
          opset,
        };
        expectSame(
          hostRun(c).data as Float32Array,
          await ortRun(c),
          `LogSoftmax [${dims}] axis ${axis} opset ${opset}`,
        );
      }
    }
    for (const row of [
      [-Infinity],
      [-Infinity, -Infinity, -Infinity, -Infinity, -Infinity],
      [-Infinity, -FLT_MAX, -Infinity, -Infinity, -Infinity, -Infinity],
      [-FLT_MAX, -FLT_MAX],
      [Infinity, 1],
      [Infinity, Infinity, 1, 1],
      [Number.NaN, 1, 2, 3, 4],
      [1, 2, 3, 4, Number.NaN],
      [1, Number.NaN],
      [-0],
      [0],
      [0, -0],
      [-0, -0, -0, -0, 0],
      [-Infinity, 1, 2, 3, 4],
      [FLT_MAX, -FLT_MAX, 0, 1, 2, 1e-40, -1e-40],
    ]) {
      const c: Case = { op: 'LogSoftmax', inputs: [[fl([1, row.length], row), 'feed']] };
      expectSame(hostRun(c).data as Float32Array, await ortRun(c), `LogSoftmax [${row}]`);
    }
  });
});

// ---- rt.loadModel ------------------------------------------------------------------------------------------------

describe('rt.loadModel', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime();
  });
  afterAll(() => rt.dispose());

  function loadRun(c: Case): Float32Array {
    const model = loadModelSync(rt, modelBytes(c));
    try {
      const out = model.run(Object.fromEntries(feedsOf(c).map(([n, t]) => [n, t.data])) as never);
      return out.y as Float32Array;
    } finally {
      model.dispose();
    }
  }

  it("runs each operator's one-node model (shape rule, row, lowering) to the host operator's bits", () => {
    const r = rng(4812);
    const cases: Case[] = [
      ...UNARY.map((c) => withX(c, randTensor(r, [2, 3, 7]))),
      {
        op: 'PRelu',
        inputs: [
          [randTensor(r, [2, 3, 4, 5]), 'feed'],
          [randTensor(r, [3, 1, 1], 2), 'init'],
        ],
      },
      {
        op: 'PRelu',
        inputs: [
          [randTensor(r, [2, 3, 4, 5]), 'feed'],
          [randTensor(r, [5], 2), 'feed'],
        ],
        opset: 7,
      },
      {
        op: 'BiasGelu',
        domain: MS,
        inputs: [
          [randTensor(r, [2, 3, 5]), 'feed'],
          [randTensor(r, [5]), 'init'],
        ],
      },
      {
        op: 'FastGelu',
        domain: MS,
        inputs: [
          [randTensor(r, [2, 3, 5]), 'feed'],
          [randTensor(r, [5]), 'feed'],
        ],
      },
      { op: 'LogSoftmax', inputs: [[randTensor(r, [3, 5, 4], 20), 'feed']], attrs: { axis: A.i(1) } },
      { op: 'LogSoftmax', inputs: [[randTensor(r, [3, 5, 4], 20), 'feed']], opset: 11 },
    ];
    for (const c of cases) expectSame(loadRun(c), hostRun(c).data as Float32Array, `loadModel ${label(c)}`);
  });

  function refusedAtLoad(c: Case, message: RegExp): void {
    try {
      loadRun(c);
    } catch (e) {
      expect(e, label(c)).toBeInstanceOf(I8ConvError);
      expect((e as I8ConvError).code, `${label(c)}: ${(e as Error).message}`).toMatch(/UNSUPPORTED_OP|BAD_SHAPE/);
      expect((e as Error).message, label(c)).toMatch(message);
      return;
    }
    throw new Error(`${label(c)}: expected a refusal`);
  }

  it('refuses, at load: an opset before the operator, another approximate, a slope or bias that does not fit', () => {
    const x = fl([2, 3], [1, -2, 3, -4, 5, -6]);
    refusedAtLoad({ op: 'Elu', inputs: [[x, 'feed']], opset: 5 }, /Elu/);
    refusedAtLoad({ op: 'Selu', inputs: [[x, 'feed']], opset: 5 }, /Selu/);
    refusedAtLoad({ op: 'Celu', inputs: [[x, 'feed']], opset: 11 }, /Celu/);
    refusedAtLoad({ op: 'Mish', inputs: [[x, 'feed']], opset: 17 }, /Mish/);
    refusedAtLoad({ op: 'Gelu', inputs: [[x, 'feed']], opset: 19 }, /Gelu/);
    refusedAtLoad({ op: 'ThresholdedRelu', inputs: [[x, 'feed']], opset: 9 }, /ThresholdedRelu/);
    refusedAtLoad(
      {
        op: 'PRelu',
        inputs: [
          [x, 'feed'],
          [fl([1], [0.5]), 'init'],
        ],
        opset: 6,
      },
      /PRelu/,
    );
    refusedAtLoad({ op: 'Gelu', inputs: [[x, 'feed']], opset: 20, attrs: { approximate: A.s('fast') } }, /approximate/);
    refusedAtLoad(
      {
        op: 'PRelu',
        inputs: [
          [x, 'feed'],
          [fl([2], [0.5, 0.25]), 'init'],
        ],
      },
      /slope/,
    );
    refusedAtLoad(
      {
        op: 'PRelu',
        inputs: [
          [x, 'feed'],
          [fl([1, 2, 3], [1, 2, 3, 4, 5, 6]), 'init'],
        ],
      },
      /slope/,
    );
    refusedAtLoad(
      {
        op: 'BiasGelu',
        domain: MS,
        inputs: [
          [x, 'feed'],
          [fl([2], [1, 2]), 'init'],
        ],
      },
      /bias/,
    );
  });
});

describe('host operators: refusals at load (UNSUPPORTED_OP naming the node)', () => {
  function refused(c: Case, message: RegExp, type: HostValueInfo['type'] = 'float32'): void {
    const factory = HOST_OPS.get(`${c.domain ?? ''}:${c.op}`)!;
    const infos = c.inputs.map(([t]) => (t ? { type, dims: t.dims } : undefined));
    try {
      factory(nodeOf(c), infos, [{ type, dims: c.inputs[0][0]!.dims }], opsetOf(c));
    } catch (e) {
      expect(e).toBeInstanceOf(I8ConvError);
      expect((e as I8ConvError).code).toBe('UNSUPPORTED_OP');
      expect((e as Error).message).toMatch(new RegExp(`${c.op}_node`));
      expect((e as Error).message).toMatch(message);
      return;
    }
    throw new Error(`${label(c)}: expected a refusal`);
  }
  const x = fl([2, 3], [1, -2, 3, -4, 5, -6]);

  it('another type than float32, for every operator', () => {
    for (const c of [...UNARY, { op: 'LogSoftmax', inputs: [] } as Case])
      for (const type of ['int32', 'int8', 'uint8', 'int64'] as const) refused(withX(c, x), new RegExp(type), type);
    refused(
      {
        op: 'PRelu',
        inputs: [
          [x, 'feed'],
          [x, 'feed'],
        ],
      },
      /int32/,
      'int32',
    );
  });

  it('attributes the operator does not read, of the wrong kind, an approximate it does not know', () => {
    refused(withX({ op: 'Elu', inputs: [], attrs: { beta: A.f(1) } }, x), /attribute beta/);
    refused(withX({ op: 'Elu', inputs: [], attrs: { alpha: A.i(1) } }, x), /alpha/);
    refused(withX({ op: 'Softplus', inputs: [], attrs: { alpha: A.f(1) } }, x), /attribute alpha/);
    refused(withX({ op: 'Gelu', inputs: [], opset: 20, attrs: { approximate: A.s('erf') } }, x), /approximate/);
    refused(withX({ op: 'Gelu', domain: MS, inputs: [], attrs: { approximate: A.s('tanh') } }, x), /approximate/);
    refused(withX({ op: 'LogSoftmax', inputs: [], attrs: { axis: A.i(2) } }, x), /axis/);
    refused(withX({ op: 'LogSoftmax', inputs: [], attrs: { axis: A.i(-3) }, opset: 11 }, x), /axis/);
  });

  it('opsets before the operator, slopes and biases that do not fit', () => {
    refused(withX({ op: 'Elu', inputs: [], opset: 5 }, x), /opset 5/);
    refused(withX({ op: 'Gelu', inputs: [], opset: 19 }, x), /opset 19/);
    refused(
      {
        op: 'PRelu',
        inputs: [
          [x, 'feed'],
          [fl([2], [1, 2]), 'feed'],
        ],
      },
      /slope/,
    );
    refused(
      {
        op: 'PRelu',
        inputs: [
          [x, 'feed'],
          [fl([1, 2, 3], [1, 2, 3, 4, 5, 6]), 'feed'],
        ],
      },
      /slope/,
    );
    refused(
      {
        op: 'BiasGelu',
        domain: MS,
        inputs: [
          [x, 'feed'],
          [fl([3, 1], [1, 2, 3]), 'feed'],
        ],
      },
      /bias/,
    );
    refused({ op: 'BiasGelu', domain: MS, inputs: [[x, 'feed']] }, /bias/);
  });
});
