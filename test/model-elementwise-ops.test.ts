// The element-wise and comparison operators of issue 48 (host operators src/model/backends/host/{variadic,binary,math,
// compare}.ts, reference operators kernels-ref/model/ops/{Variadic,Mod,UnaryMath,Compare,Where}.ts): Max, Min, Sum,
// Mean, Mod, Reciprocal, Floor, Ceil, Round, Sign, Log, Equal, Less, LessOrEqual, Greater, GreaterOrEqual, Not, And,
// Or, Xor, Where.
// - the types each takes at each opset are exactly those onnxruntime-web 1.30 loads (of the IR's float32, uint8,
//   int8, int32, int64, bool), in the host operator and in the reference;
// - host = reference bit for bit on seeded data (NaN, -0, infinities, subnormals, ties) over broadcasts that take
//   each of onnxruntime's loops (general, input 0 one element along the innermost dim, input 1 so), 1 to 4 inputs;
// - host and reference = onnxruntime-web bit for bit on the same kind of data, Log (logf) over 2^20 seeded floats;
// - refusals at load (UNSUPPORTED_OP) and run (BAD_FEED: integer modulo by zero), and the operators through
//   rt.loadModel against onnxruntime-web.
// onnxruntime-web cases are skipped where it does not load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import type { Attribute, Tensor } from '../src/model/graph/ir.js';
import { logf } from '../src/model/numerics/logf.js';
import { cosf as refCosf, logf as refLogf, sinf as refSinf } from '../kernels-ref/model/libm.js';
import {
  A,
  type Case,
  type ElemType,
  hostOp,
  hostRun,
  loadOrt,
  loadRun,
  modelBytes,
  ortRun,
  refRun,
  tensor,
} from './helpers/one-node.js';
import { randInt, rng } from './helpers/rng.js';

const ort = await loadOrt();
const F = Math.fround;

// ---- data -----------------------------------------------------------------------------------------------------------

const SPECIAL = [0, -0, Number.NaN, Infinity, -Infinity, 1, -1, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 1e-40, -3e-39, 3];
/** float32 values: uniform in +-4 (some 1000x), specials spread in; `ties`: mostly a few values, so that equal
 * operands (and 0 / -0 against each other) come often. */
function floats(r: () => number, n: number, ties = false): Float32Array {
  const a = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = r();
    if (ties) a[i] = [0, -0, Number.NaN, 1, -1, 2][Math.floor(r() * 6)];
    else a[i] = u < 0.1 ? SPECIAL[Math.floor(r() * SPECIAL.length)] : F((r() * 2 - 1) * 4 * (u > 0.95 ? 1000 : 1));
  }
  return a;
}
function ints(r: () => number, type: ElemType, n: number, ties = false, nonzero = false): number[] {
  const [lo, hi] =
    type === 'bool'
      ? [0, 1]
      : ties
        ? [-2, 2]
        : type === 'uint8'
          ? [0, 255]
          : type === 'int8'
            ? [-128, 127]
            : [-40000, 40000];
  const l = type === 'uint8' || type === 'bool' ? Math.max(lo, 0) : lo;
  return Array.from({ length: n }, () => {
    let v = r() < 0.05 ? (r() < 0.5 ? l : hi) : randInt(r, l, hi);
    if (nonzero && v === 0) v = type === 'int8' || type === 'int32' || type === 'int64' ? -7 : 7;
    return v;
  });
}
function rand(
  r: () => number,
  type: ElemType,
  dims: number[],
  opts: { ties?: boolean; nonzero?: boolean } = {},
): Tensor {
  const n = dims.reduce((a, b) => a * b, 1);
  if (type === 'float32') return tensor('float32', dims, floats(r, n, opts.ties));
  if (type === 'int64') {
    // values beyond 2^53 too (exact in BigInt; Mod's fmod rounds them to double as onnxruntime does)
    const v = ints(r, 'int32', n, opts.ties, opts.nonzero).map((x) => BigInt(x) * (opts.ties ? 1n : 65537n));
    if (!opts.ties) for (let i = 0; i < n; i += 7) v[i] = v[i] * 4294967311n + (v[i] < 0n ? -1n : 1n);
    return tensor('int64', dims, v);
  }
  return tensor(type, dims, ints(r, type, n, opts.ties, opts.nonzero));
}

function same(
  got: { type: string; dims: readonly number[]; data: ArrayLike<unknown> },
  want: Tensor,
  what: string,
): void {
  expect(got.type, `${what}: type`).toBe(want.type);
  expect([...got.dims], `${what}: dims`).toEqual([...want.dims]);
  expect(got.data.length, `${what}: length`).toBe(want.data.length);
  for (let i = 0; i < want.data.length; i++) {
    const g = got.data[i],
      w = want.data[i];
    if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w))) expect(g, `${what}[${i}]`).toBe(w);
  }
}

/** Host = reference bit for bit (the reference gives the planned output); returns the reference's outputs. */
function hostMatchesRef(c: Case, what: string): Tensor[] {
  const want = refRun(c);
  const got = hostRun(c, want);
  want.forEach((w, k) => same(got[k], w, `${what} output ${k}`));
  return want;
}

// Shape pairs that take each of onnxruntime's broadcast loops: general, input 0 one element along the innermost
// output dim, input 1 so, both one element; and uneven ranks, zero-size dims.
const PAIRS: [number[], number[]][] = [
  [
    [3, 5],
    [3, 5],
  ],
  [[3, 5], [5]],
  [
    [3, 1],
    [3, 5],
  ],
  [
    [3, 5],
    [3, 1],
  ],
  [
    [2, 1],
    [1, 3],
  ],
  [
    [1, 3],
    [2, 1],
  ],
  [[7], []],
  [[], [7]],
  [[1], [1]],
  [[], []],
  [
    [2, 3, 1, 4],
    [3, 5, 1],
  ],
  [
    [2, 2, 2, 3],
    [2, 1, 2, 1],
  ],
  [[4, 1], [1]],
  [[4, 1], []],
  [[], [4, 1]],
  [[1, 1], [1]],
  [
    [1, 1],
    [1, 6, 1],
  ],
  [[0, 3], [3]],
];

const FLOATISH: ElemType[] = ['float32', 'uint8', 'int8', 'int32', 'int64'];
const ALL_TYPES: ElemType[] = [...FLOATISH, 'bool'];
const COMPARE = ['Equal', 'Less', 'LessOrEqual', 'Greater', 'GreaterOrEqual'];
const LOGIC = ['And', 'Or', 'Xor'];
const UNARY = ['Reciprocal', 'Floor', 'Ceil', 'Round', 'Sign', 'Log', 'Sin', 'Cos', 'Tan'];
const VARIADIC = ['Max', 'Min', 'Sum', 'Mean'];

// ---- the types onnxruntime takes ------------------------------------------------------------------------------------

interface Probe {
  op: string;
  opset: number;
  inputs: number;
  out: 'bool' | 'same';
  attrs?: Record<string, Attribute>;
}
const PROBES: Probe[] = [
  ...VARIADIC.flatMap((op) =>
    [6, 8, 11, 12, 13].map((opset): Probe => ({ op, opset, inputs: op === 'Sum' ? 3 : 2, out: 'same' })),
  ),
  ...[10, 13].flatMap((opset) =>
    [0, 1].map((f): Probe => ({ op: 'Mod', opset, inputs: 2, out: 'same', attrs: { fmod: A.i(f) } })),
  ),
  ...UNARY.flatMap((op) => [6, 9, 10, 11, 13].map((opset): Probe => ({ op, opset, inputs: 1, out: 'same' }))),
  ...COMPARE.flatMap((op) =>
    [7, 8, 9, 10, 11, 12, 13, 16, 19].map((opset): Probe => ({ op, opset, inputs: 2, out: 'bool' })),
  ),
  ...LOGIC.flatMap((op) => [7, 13].map((opset): Probe => ({ op, opset, inputs: 2, out: 'bool' }))),
  ...[1, 13].map((opset): Probe => ({ op: 'Not', opset, inputs: 1, out: 'bool' })),
  ...[9, 16].map((opset): Probe => ({ op: 'Where', opset, inputs: 3, out: 'same' })),
];

function probeCase(p: Probe, type: ElemType): Case {
  const r = rng(7);
  const ins: Case['inputs'] = Array.from({ length: p.inputs }, (_, k) => [
    rand(r, p.op === 'Where' && k === 0 ? 'bool' : type, [3], { nonzero: true }),
    'feed',
  ]);
  return { op: p.op, inputs: ins, attrs: p.attrs, opset: p.opset, outTypes: [p.out === 'bool' ? 'bool' : type] };
}

/** Whether the host operator takes the case at load (UNSUPPORTED_OP: it does not). */
function hostTakes(c: Case, outType: ElemType): boolean {
  try {
    hostOp(c, [{ type: outType, dims: [3] }]);
    return true;
  } catch (e) {
    if (e instanceof I8ConvError && e.code === 'UNSUPPORTED_OP') return false;
    throw e;
  }
}
function refTakes(c: Case): boolean {
  try {
    refRun(c);
    return true;
  } catch {
    return false;
  }
}

describe('element-wise and comparison: the types onnxruntime-web takes', () => {
  it.skipIf(!ort)(
    'each operator, opset and IR type: taken by the host and the reference iff onnxruntime-web loads it',
    async () => {
      const diffs: string[] = [];
      let taken = 0;
      for (const p of PROBES)
        for (const type of ALL_TYPES) {
          const c = probeCase(p, type);
          let ortTakes = true;
          try {
            const s = await ort!.InferenceSession.create(modelBytes(c), {
              executionProviders: ['wasm'],
              graphOptimizationLevel: 'disabled',
            });
            await s.release();
          } catch {
            ortTakes = false;
          }
          // onnxruntime loads Mod float32 with fmod = 0 and fails when it runs: i8conv refuses it at load
          if (p.op === 'Mod' && type === 'float32' && p.attrs?.fmod.kind === 'int' && p.attrs.fmod.value === 0)
            ortTakes = false;
          const h = hostTakes(c, c.outTypes![0]);
          const rf = refTakes(c);
          if (h !== ortTakes || rf !== ortTakes)
            diffs.push(`${p.op}-${p.opset} ${type}: onnxruntime ${ortTakes}, host ${h}, reference ${rf}`);
          if (h) taken++;
        }
      expect(diffs).toEqual([]);
      expect(taken).toBeGreaterThan(150);
    },
  );
});

// ---- host = reference -----------------------------------------------------------------------------------------------

/** The types op takes at opset 13 (Round: 11+, all of them here). */
function typesOf(op: string): ElemType[] {
  if (op === 'Max' || op === 'Min' || op === 'Mod' || op === 'Sign') return FLOATISH;
  if (op === 'Sum' || op === 'Mean' || (UNARY.includes(op) && op !== 'Sign')) return ['float32'];
  if (op === 'Equal') return ALL_TYPES;
  if (COMPARE.includes(op)) return FLOATISH;
  if (op === 'Where') return ['float32', 'uint8', 'int32', 'int64'];
  return ['bool'];
}

/** Shape lists of 1 to 4 inputs for the variadic operators, each step of the fold taking a different loop. */
const VARIADIC_SHAPES: number[][][] = [
  [[5]],
  [[2, 3]],
  ...PAIRS.map(([a, b]) => [a, b]),
  [[3], [2, 1], [1, 3]],
  [[2, 1], [1], [2, 3], [3]],
  [[1], [4, 1], [1, 5], [4, 5]],
  [
    [2, 3, 4],
    [2, 3, 4],
    [2, 3, 4],
  ],
  [[], [1], [1, 1], [3, 1, 1]],
];

function variadicCases(r: () => number, op: string, type: ElemType, ties: boolean, opset = 13): Case[] {
  return VARIADIC_SHAPES.map((shapes) => ({
    op,
    opset,
    inputs: shapes.map((d): [Tensor, 'feed' | 'init'] => [rand(r, type, d, { ties }), r() < 0.3 ? 'init' : 'feed']),
  }));
}

function binaryCases(r: () => number, op: string, type: ElemType, ties: boolean, opset = 13): Case[] {
  const fmods = op === 'Mod' ? (type === 'float32' ? [1] : [0, 1]) : [undefined];
  return fmods.flatMap((fmod) =>
    PAIRS.map(([da, db]) => ({
      op,
      opset,
      attrs: fmod === undefined ? undefined : { fmod: A.i(fmod) },
      inputs: [
        [rand(r, type, da, { ties }), 'feed'],
        [rand(r, type, db, { ties, nonzero: op === 'Mod' }), r() < 0.3 ? 'init' : 'feed'],
      ] as Case['inputs'],
      outTypes: [COMPARE.includes(op) || LOGIC.includes(op) ? 'bool' : type],
    })),
  );
}

function whereCases(r: () => number, type: ElemType): Case[] {
  const triples: number[][][] = [
    [
      [3, 4],
      [3, 4],
      [3, 4],
    ],
    [[3, 4], [4], []],
    [[1], [2, 3], [3]],
    [
      [2, 1, 3],
      [1, 4, 1],
      [2, 4, 3],
    ],
    [[], [5], [1]],
    [[4, 1], [1, 4], [1]],
  ];
  return triples.map(([dc, dx, dy]) => ({
    op: 'Where',
    inputs: [
      [rand(r, 'bool', dc), 'feed'],
      [rand(r, type, dx), r() < 0.3 ? 'init' : 'feed'],
      [rand(r, type, dy), 'feed'],
    ],
    outTypes: [type],
  }));
}

function unaryCases(r: () => number, op: string, type: ElemType): Case[] {
  return [[5, 67], [1], [], [0, 2]].map((d) => ({
    op,
    opset: op === 'Round' ? 11 : 13,
    inputs: [[rand(r, type, d), 'feed']],
  }));
}

function allCases(seed: number): [string, Case][] {
  const r = rng(seed);
  const out: [string, Case][] = [];
  const name = (c: Case) => {
    const fmod = c.attrs?.fmod ? ` fmod=${(c.attrs.fmod as { value: number }).value}` : '';
    return `${c.op}-${c.opset ?? 13} ${c.inputs.map(([t]) => `${t!.type}[${t!.dims}]`).join(' ')}${fmod}`;
  };
  for (const op of VARIADIC)
    for (const type of typesOf(op))
      for (const ties of [false, true]) for (const c of variadicCases(r, op, type, ties)) out.push([name(c), c]);
  for (const op of [...COMPARE, ...LOGIC, 'Mod'])
    for (const type of typesOf(op))
      for (const ties of [false, true]) for (const c of binaryCases(r, op, type, ties)) out.push([name(c), c]);
  for (const op of [...UNARY, 'Not'])
    for (const type of typesOf(op)) for (const c of unaryCases(r, op, type)) out.push([name(c), c]);
  for (const type of typesOf('Where')) for (const c of whereCases(r, type)) out.push([name(c), c]);
  // opsets 6 / 7 (one shape, left operand always acc) and 8-11 (float32 Max / Min)
  for (const op of VARIADIC)
    for (const opset of [6, 7, 8, 11])
      for (const shapes of [
        [[1]],
        [[1], [1]],
        [
          [4, 3],
          [4, 3],
          [4, 3],
        ],
        [[], []],
      ] as number[][][]) {
        const c: Case = { op, opset, inputs: shapes.map((d) => [rand(r, 'float32', d, { ties: true }), 'feed']) };
        out.push([name(c), c]);
      }
  for (const [op, opset] of [
    ['Less', 7],
    ['Greater', 8],
    ['Equal', 7],
  ] as const)
    for (const type of op === 'Equal' ? (['bool', 'int32', 'int64'] as ElemType[]) : (['float32'] as ElemType[]))
      for (const c of binaryCases(r, op, type, true, opset).slice(0, 6)) out.push([name(c), c]);
  return out;
}

describe('element-wise and comparison: host = reference, bit for bit', () => {
  it('every operator, type and broadcast, seeded data with NaN, -0, infinities, subnormals and ties', () => {
    const cases = allCases(4801);
    for (const [what, c] of cases) hostMatchesRef(c, what);
    expect(cases.length).toBeGreaterThan(900);
  });

  it('Max / Min of 0 and -0: the left operand, but input k where onnxruntime takes its input-0-scalar loop', () => {
    const z = (d: number[], v: number[]) => tensor('float32', d, v);
    // max(acc, b): ties give acc; acc of one element against b (opset 8+): ties give b
    const cases: [Case, number[]][] = [
      [
        {
          op: 'Max',
          inputs: [
            [z([2], [0, -0]), 'feed'],
            [z([2], [-0, 0]), 'feed'],
          ],
        },
        [0, -0],
      ],
      [
        {
          op: 'Max',
          inputs: [
            [z([1], [0]), 'feed'],
            [z([2], [-0, 0]), 'feed'],
          ],
        },
        [-0, 0],
      ],
      [
        {
          op: 'Max',
          inputs: [
            [z([2], [0, -0]), 'feed'],
            [z([1], [-0]), 'feed'],
          ],
        },
        [0, -0],
      ],
      [
        {
          op: 'Min',
          inputs: [
            [z([1], [-0]), 'feed'],
            [z([1], [0]), 'feed'],
          ],
        },
        [0],
      ],
      [
        {
          op: 'Min',
          opset: 7,
          inputs: [
            [z([1], [-0]), 'feed'],
            [z([1], [0]), 'feed'],
          ],
        },
        [-0],
      ],
      [
        {
          op: 'Max',
          inputs: [
            [z([2, 1], [0, -0]), 'feed'],
            [z([1, 2], [-0, 0]), 'feed'],
          ],
        },
        [-0, 0, -0, 0],
      ],
      [
        {
          op: 'Min',
          inputs: [
            [z([2], [Number.NaN, 1]), 'feed'],
            [z([2], [1, Number.NaN]), 'feed'],
          ],
        },
        [Number.NaN, Number.NaN],
      ],
    ];
    for (const [c, want] of cases) {
      const [y] = hostMatchesRef(c, `${c.op} ${c.inputs.map(([t]) => `[${t!.dims}]`)}`);
      same(y, tensor('float32', y.dims as number[], want), 'expected');
    }
  });

  it('Mean multiplies the float32 sum by f(1 / n); Round is half to even; Sign(-0) = +0', () => {
    const [m] = hostMatchesRef(
      { op: 'Mean', inputs: [1, 2, 4].map((v) => [tensor('float32', [1], [v]), 'feed']) },
      'Mean',
    );
    expect(m.data[0]).toBe(F(7 * F(1 / 3)));
    const [rd] = hostMatchesRef(
      { op: 'Round', opset: 11, inputs: [[tensor('float32', [6], [0.5, 1.5, 2.5, -0.5, -2.5, 0.49999997]), 'feed']] },
      'Round',
    );
    expect(Array.from(rd.data as Float32Array)).toEqual([0, 2, 2, -0, -2, 0]);
    expect(Object.is(rd.data[3], -0)).toBe(true);
    const [sg] = hostMatchesRef(
      { op: 'Sign', inputs: [[tensor('float32', [3], [-0, Number.NaN, 1e-40]), 'feed']] },
      'Sign',
    );
    expect(Object.is(sg.data[0], 0)).toBe(true);
    expect(sg.data[1]).toBeNaN();
    expect(sg.data[2]).toBe(1);
  });

  it('logf: the product and the reference agree on every float32 exponent and special', () => {
    const r = rng(4802);
    const bits = new Uint32Array(1 << 16);
    for (let i = 0; i < bits.length; i++)
      bits[i] = (i < 512 ? i << 23 : 0) | (Math.floor(r() * 2 ** 32) >>> (i < 512 ? 9 : 0));
    const x = new Float32Array(bits.buffer);
    for (let i = 0; i < x.length; i++) {
      const a = logf(x[i]),
        b = refLogf(x[i]);
      if (!Object.is(a, b) && !(Number.isNaN(a) && Number.isNaN(b))) expect(a, `logf(${x[i]})`).toBe(b);
    }
    expect(logf(1)).toBe(0);
    expect(logf(0)).toBe(-Infinity);
    expect(logf(-0)).toBe(-Infinity);
    expect(logf(Infinity)).toBe(Infinity);
    expect(logf(-1)).toBeNaN();
  });
});

// ---- onnxruntime-web ------------------------------------------------------------------------------------------------

describe('element-wise and comparison: equal to onnxruntime-web, bit for bit', () => {
  it.skipIf(!ort)('every operator, type and broadcast (host and reference)', async () => {
    const cases = allCases(4803);
    for (const [what, c] of cases) {
      const want = await ortRun(c).catch((e) => {
        throw new Error(`${what}: ${e}`);
      });
      const ref = refRun(c);
      want.forEach((w, k) => same(ref[k], w, `${what}: reference output ${k}`));
      const got = hostRun(c, want);
      want.forEach((w, k) => same(got[k], w, `${what}: host output ${k}`));
    }
  });

  it.skipIf(!ort)('Log over 2^20 seeded float32 values (every exponent, subnormals, negatives, specials)', async () => {
    const n = 1 << 20;
    const bits = new Uint32Array(n);
    const r = rng(4804);
    for (let i = 0; i < n; i++) bits[i] = Math.floor(r() * 2 ** 32) >>> (i < 1 << 16 ? 9 : 0); // 2^16 subnormals
    const x = new Float32Array(bits.buffer);
    SPECIAL.forEach((v, i) => (x[(1 << 16) + i] = v));
    const c: Case = { op: 'Log', inputs: [[tensor('float32', [n], x), 'feed']] };
    const [want] = await ortRun(c);
    const [got] = hostRun(c, [want]);
    let bad = 0;
    for (let i = 0; i < n; i++) {
      const g = got.data[i] as number,
        w = want.data[i] as number;
      if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w)) && bad++ < 5) expect(g, `Log(${x[i]})`).toBe(w);
    }
    expect(bad).toBe(0);
    // not the correctly rounded log: the difference is what the table method is for
    let off = 0;
    for (let i = 1 << 17; i < n; i++) if (x[i] > 0 && F(Math.log(x[i])) !== want.data[i]) off++;
    expect(off).toBeGreaterThan(0);
  });
  it.skipIf(!ort)(
    'Sin and Cos over 2^20 seeded float32 values (every exponent, subnormals, specials; host and reference)',
    async () => {
      const n = 1 << 20;
      const bits = new Uint32Array(n);
      const r = rng(4805);
      // a quarter of them in [-10, 10] (the polynomial ranges and the first reductions), the rest any bits
      for (let i = 0; i < n; i++) bits[i] = Math.floor(r() * 2 ** 32) >>> (i < 1 << 16 ? 9 : 0);
      const x = new Float32Array(bits.buffer);
      for (let i = 1 << 16; i < n; i += 4) x[i] = (r() * 2 - 1) * 10;
      SPECIAL.forEach((v, i) => (x[(1 << 17) + i] = v));
      for (const [op, ref] of [
        ['Sin', refSinf],
        ['Cos', refCosf],
      ] as const) {
        const c: Case = { op, inputs: [[tensor('float32', [n], x), 'feed']], opset: 13 };
        const [want] = await ortRun(c);
        const [got] = hostRun(c, [want]);
        let bad = 0,
          off = 0;
        for (let i = 0; i < n; i++) {
          const w = want.data[i] as number;
          for (const g of [got.data[i] as number, ref(x[i])])
            if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w)) && bad++ < 5)
              expect(g, `${op}(${x[i]})`).toBe(w);
          if (Number.isFinite(x[i]) && F((op === 'Sin' ? Math.sin : op === 'Cos' ? Math.cos : Math.tan)(x[i])) !== w)
            off++;
        }
        expect(bad).toBe(0);
        // not the correctly rounded value on every input: the short polynomials are what is matched
        expect(off).toBeGreaterThan(0);
      }
    },
  );
  it.skipIf(!ort)(
    'Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh over 2^18 seeded float32 values each (every exponent, their domains, specials): host bit for bit, reference within 2 ulps',
    async () => {
      const n = 1 << 18;
      const ulps = (a: number, b: number): number =>
        Math.abs(new Int32Array(Float32Array.of(a).buffer)[0] - new Int32Array(Float32Array.of(b).buffer)[0]);
      for (const [op, lo, hi] of [
        ['Asin', -1, 1],
        ['Acos', -1, 1],
        ['Atan', -30, 30],
        ['Sinh', -12, 12],
        ['Cosh', -12, 12],
        ['Asinh', -30, 30],
        ['Acosh', 1, 30],
        ['Atanh', -1, 1],
      ] as const) {
        const r = rng(4900 + op.length * 7 + lo);
        const bits = new Uint32Array(n);
        for (let i = 0; i < n; i++) bits[i] = Math.floor(r() * 2 ** 32) >>> (i < 1 << 12 ? 9 : 0);
        const x = new Float32Array(bits.buffer);
        // three quarters of them inside the function's interesting range, the rest any bits
        for (let i = 1 << 12; i < n; i++) if (i % 4) x[i] = lo + r() * (hi - lo) * (i % 4 === 1 ? 0.02 : 1);
        SPECIAL.forEach((v, i) => (x[(1 << 13) + i] = v));
        const c: Case = { op, inputs: [[tensor('float32', [n], x), 'feed']], opset: 13 };
        const [want] = await ortRun(c);
        const [got] = hostRun(c, [want]);
        const [ref] = refRun(c);
        let bad = 0,
          worst = 0,
          off = 0;
        for (let i = 0; i < n; i++) {
          const w = want.data[i] as number,
            g = got.data[i] as number,
            q = ref.data[i] as number;
          if (!Object.is(g, w) && !(Number.isNaN(g) && Number.isNaN(w)) && bad++ < 5)
            expect(g, `${op}(${x[i]})`).toBe(w);
          if (Number.isNaN(w) || Number.isNaN(q))
            expect(Number.isNaN(q), `${op}(${x[i]}): reference NaN`).toBe(Number.isNaN(w));
          else if (Number.isFinite(w)) {
            worst = Math.max(worst, ulps(q, w));
            if (q !== w) off++;
          }
        }
        expect(bad, op).toBe(0);
        expect(worst, `${op}: the reference within 2 ulps`).toBeLessThanOrEqual(2);
        // not the double function rounded once on every input: musl's float steps are what is matched
        expect(off, op).toBeGreaterThan(0);
      }
    },
  );
  it.skipIf(!ort)(
    'BitwiseAnd / Or / Xor / Not (every carried integer type, broadcasting) and BitShift (uint8, counts up to 255) as onnxruntime-web',
    async () => {
      const r = rng(5150);
      const shapes: [number[], number[]][] = [
        [[7], [7]],
        [[2, 3, 4], [4]],
        [
          [3, 1],
          [1, 5],
        ],
        [
          [2, 1, 3],
          [4, 1],
        ],
      ];
      for (const type of ['int8', 'uint8', 'int32', 'int64'] as ElemType[])
        for (const [da, db] of shapes) {
          for (const op of ['BitwiseAnd', 'BitwiseOr', 'BitwiseXor']) {
            const c: Case = {
              op,
              inputs: [
                [rand(r, type, da), 'feed'],
                [rand(r, type, db), 'feed'],
              ],
              opset: 18,
            };
            const want = await ortRun(c);
            same(hostRun(c, want)[0], want[0], `${op} ${type} [${da}] [${db}]`);
            same(refRun(c)[0], want[0], `${op} ${type} [${da}] [${db}]: reference`);
          }
          const n: Case = { op: 'BitwiseNot', inputs: [[rand(r, type, da), 'feed']], opset: 18 };
          const wantNot = await ortRun(n);
          same(hostRun(n, wantNot)[0], wantNot[0], `BitwiseNot ${type} [${da}]`);
          same(refRun(n)[0], wantNot[0], `BitwiseNot ${type} [${da}]: reference`);
        }
      for (const direction of ['LEFT', 'RIGHT'])
        for (const [da, db] of shapes) {
          const counts = tensor(
            'uint8',
            db,
            Array.from({ length: db.reduce((a, b) => a * b, 1) }, (_, i) =>
              i % 3 ? Math.floor(r() * 10) : Math.floor(r() * 256),
            ),
          );
          const c: Case = {
            op: 'BitShift',
            inputs: [
              [rand(r, 'uint8', da), 'feed'],
              [counts, 'feed'],
            ],
            attrs: { direction: A.s(direction) },
            opset: 11,
          };
          const want = await ortRun(c);
          same(hostRun(c, want)[0], want[0], `BitShift ${direction} [${da}] [${db}]`);
          same(refRun(c)[0], want[0], `BitShift ${direction} [${da}] [${db}]: reference`);
        }
    },
  );
});

// ---- refusals and the whole pipeline --------------------------------------------------------------------------------

describe('element-wise and comparison: refusals, and through rt.loadModel', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime();
  });
  afterAll(() => rt?.dispose());

  const code = (f: () => unknown): string | undefined => {
    try {
      f();
    } catch (e) {
      if (e instanceof I8ConvError) return e.code;
      throw e;
    }
    return undefined;
  };

  it('integer Mod by zero: BAD_FEED at run, naming the node; the runtime stays usable', () => {
    for (const type of ['uint8', 'int8', 'int32', 'int64'] as ElemType[])
      for (const fmod of [0, 1]) {
        const c: Case = {
          op: 'Mod',
          attrs: { fmod: A.i(fmod) },
          inputs: [
            [tensor(type, [3], [5, 6, 7]), 'feed'],
            [tensor(type, [3], [2, 0, 3]), 'feed'],
          ],
        };
        let err: unknown;
        try {
          hostRun(c, [{ type, dims: [3] }]);
        } catch (e) {
          err = e;
        }
        expect(err, `${type} fmod ${fmod}`).toBeInstanceOf(I8ConvError);
        expect((err as I8ConvError).code).toBe('BAD_FEED');
        expect((err as I8ConvError).message).toContain('Mod_node');
        expect(code(() => loadRun(rt, c))).toBe('BAD_FEED');
      }
    // the runtime still runs a model
    const ok: Case = {
      op: 'Mod',
      inputs: [
        [tensor('int32', [2], [7, -7]), 'feed'],
        [tensor('int32', [2], [3, 3]), 'feed'],
      ],
    };
    expect(Array.from(loadRun(rt, ok)[0].data as Int32Array)).toEqual([1, 2]);
  });

  it('load-time refusals: UNSUPPORTED_OP for what onnxruntime refuses (types, opsets, attributes), BAD_SHAPE', () => {
    const f = (d: number[]) => tensor('float32', d, new Array(d.reduce((a, b) => a * b, 1)).fill(1));
    const refused: [string, Case, string][] = [
      [
        'Mod float32 fmod 0',
        {
          op: 'Mod',
          inputs: [
            [f([2]), 'feed'],
            [f([2]), 'feed'],
          ],
        },
        'UNSUPPORTED_OP',
      ],
      [
        'Mod fmod 2',
        {
          op: 'Mod',
          attrs: { fmod: A.i(2) },
          inputs: [
            [f([2]), 'feed'],
            [f([2]), 'feed'],
          ],
        },
        'UNSUPPORTED_OP',
      ],
      ['Sum int32', { op: 'Sum', inputs: [[tensor('int32', [2], [1, 2]), 'feed']] }, 'UNSUPPORTED_OP'],
      [
        'Max int8 opset 11',
        { op: 'Max', opset: 11, inputs: [[tensor('int8', [2], [1, 2]), 'feed']] },
        'UNSUPPORTED_OP',
      ],
      [
        'Max opset 7 broadcast',
        {
          op: 'Max',
          opset: 7,
          inputs: [
            [f([2, 3]), 'feed'],
            [f([3]), 'feed'],
          ],
        },
        'UNSUPPORTED_OP',
      ],
      [
        'Where int8',
        {
          op: 'Where',
          inputs: [
            [tensor('bool', [2], [1, 0]), 'feed'],
            [tensor('int8', [2], [1, 2]), 'feed'],
            [tensor('int8', [2], [3, 4]), 'feed'],
          ],
        },
        'UNSUPPORTED_OP',
      ],
      ['Round opset 10', { op: 'Round', opset: 10, inputs: [[f([2]), 'feed']] }, 'UNSUPPORTED_OP'],
      [
        'Less int32 opset 8',
        {
          op: 'Less',
          opset: 8,
          inputs: [
            [tensor('int32', [2], [1, 2]), 'feed'],
            [tensor('int32', [2], [1, 2]), 'feed'],
          ],
          outTypes: ['bool'],
        },
        'UNSUPPORTED_OP',
      ],
      [
        'Max broadcast',
        {
          op: 'Max',
          inputs: [
            [f([2, 3]), 'feed'],
            [f([4]), 'feed'],
          ],
        },
        'BAD_SHAPE',
      ],
      [
        'Where broadcast',
        {
          op: 'Where',
          inputs: [
            [tensor('bool', [3], [1, 0, 1]), 'feed'],
            [f([2]), 'feed'],
            [f([2]), 'feed'],
          ],
        },
        'BAD_SHAPE',
      ],
    ];
    for (const [what, c, want] of refused)
      expect(
        code(() => loadRun(rt, c)),
        what,
      ).toBe(want);
  });

  it.skipIf(!ort)(
    'each operator in a model through rt.loadModel (shapes, lowering, the arena) equals onnxruntime-web',
    async () => {
      const cases = allCases(4805).filter((_, i) => i % 5 === 0);
      for (const [what, c] of cases) {
        const want = await ortRun(c);
        const got = loadRun(rt, c);
        want.forEach((w, k) => same(got[k], w, `${what}: rt.loadModel output ${k}`));
      }
      expect(cases.length).toBeGreaterThan(150);
    },
  );
});
