// The indexing and more element-wise operators (src/model/backends/host/indexing.ts, elementwise-more.ts; the
// reference operators kernels-ref/model/ops/Indexing.ts, ElementwiseMore.ts): CastLike, CumSum, GatherElements,
// ScatterElements / Scatter, ScatterND, GatherND, Trilu, OneHot, EyeLike, IsNaN, IsInf, Hardmax, Shrink,
// MeanVarianceNormalization:
// - seeded one-node models of every form (attributes, negative axes and indices, duplicate indices, every reduction,
//   batch_dims, constant and computed scalar inputs, empty tensors, NaN / infinities, every type onnxruntime
//   registers): onnxruntime-web 1.30 (wasm, one thread) against the host operator and the reference, bit for bit;
//   a share of them through rt.loadModel (shape rules, folding, lowering);
// - the errors: an index out of range fed at run time is BAD_FEED (onnxruntime fails too) with the output untouched,
//   a constant one BAD_MODEL at load; types onnxruntime does not register, bool max / min reductions, a computed
//   OneHot depth are UNSUPPORTED_OP at load; an absurd OneHot depth is refused at load.
// onnxruntime-web tests are skipped where it does not load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { I8ConvError } from '../src/errors.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Tensor } from '../src/model/graph/ir.js';
import { randInt, rng } from './helpers/rng.js';
import {
  A,
  type Case,
  type ElemType,
  f32t,
  hostOp,
  hostRun,
  i64t,
  loadOrt,
  loadRun,
  modelBytes,
  ortRun,
  refRun,
  tensor,
} from './helpers/one-node.js';
import { loadModelSync } from '../src/model/load.js';

const F = Math.fround;
const ort = await loadOrt();
const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

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

/** onnxruntime-web's outputs against the host's, the reference's and (every `pipeEvery`-th) rt.loadModel's. */
let counter = 0;
async function matchesOrt(c: Case, what: string, pipeEvery = 4): Promise<Tensor[]> {
  let want: Tensor[];
  try {
    want = await ortRun(c);
  } catch (e) {
    throw new Error(`${what}: onnxruntime-web fails: ${(e as Error).message}`);
  }
  hostRun(c, want).forEach((g, k) => same(g, want[k], `${what} (host) output ${k}`));
  refRun(c).forEach((g, k) => same(g, want[k], `${what} (reference) output ${k}`));
  if (counter++ % pipeEvery === 0)
    loadRun(rt, c).forEach((g, k) => same(g, want[k], `${what} (loadModel) output ${k}`));
  return want;
}

/** The host operator's output against the reference's (no onnxruntime-web). */
function hostMatchesRef(c: Case, what: string): void {
  const want = refRun(c);
  hostRun(c, want).forEach((g, k) => same(g, want[k], `${what} (host) output ${k}`));
}

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof I8ConvError) return e.code;
    throw e;
  }
  return 'no error';
}

const SPECIAL = [0, -0, NaN, Infinity, -Infinity, 1, -1, 0.5, -0.5];
const ALL: ElemType[] = ['float32', 'int32', 'int64', 'uint8', 'int8', 'bool'];

function rand(r: () => number, type: ElemType, dims: readonly number[], specials = true, small = false): Tensor {
  const v = Array.from({ length: numel(dims) }, () => {
    if (type === 'float32')
      return specials && r() < 0.05 ? SPECIAL[randInt(r, 0, SPECIAL.length - 1)] : F((r() * 2 - 1) * 8);
    if (type === 'uint8') return randInt(r, 0, 255);
    if (type === 'int8') return randInt(r, -128, 127);
    if (type === 'bool') return randInt(r, 0, 1);
    return small ? randInt(r, -20, 20) : randInt(r, -(2 ** 31), 2 ** 31 - 1);
  });
  return tensor(type, dims, v);
}
const randDims = (r: () => number, rank: number, lo = 1, hi = 4) =>
  Array.from({ length: rank }, () => randInt(r, lo, hi));
const pick = <T>(r: () => number, a: readonly T[]): T => a[randInt(r, 0, a.length - 1)];
/** Indices in [-d, d) of `type`. */
const idx = (r: () => number, type: 'int32' | 'int64', dims: number[], d: number) =>
  tensor(
    type,
    dims,
    Array.from({ length: numel(dims) }, () => randInt(r, -d, d - 1)),
  );
const feedOrInit = (r: () => number): 'feed' | 'init' => (r() < 0.5 ? 'feed' : 'init');

describe('GatherElements, ScatterElements, Scatter, GatherND, ScatterND', () => {
  it.skipIf(!ort)('GatherElements: every type, ranks 1-4, negative axes and indices, smaller index dims', async () => {
    const r = rng(101);
    for (let t = 0; t < 60; t++) {
      const type = ALL[t % ALL.length];
      const rank = randInt(r, 1, 4);
      const dims = randDims(r, rank, t % 13 === 5 ? 0 : 1);
      const axis = randInt(r, 0, rank - 1);
      const d = dims[axis];
      const iDims = dims.map((v, i) => (i === axis ? randInt(r, d === 0 ? 0 : 1, 4) : randInt(r, Math.min(1, v), v)));
      const c: Case = {
        op: 'GatherElements',
        inputs: [
          [rand(r, type, dims), 'feed'],
          [idx(r, r() < 0.5 ? 'int32' : 'int64', iDims, Math.max(d, 1)), feedOrInit(r)],
        ],
        attrs: { axis: A.i(r() < 0.5 ? axis : axis - rank) },
      };
      if (d === 0 && numel(iDims) > 0) continue;
      await matchesOrt(c, `GatherElements ${type} [${dims}] axis ${axis} idx [${iDims}]`);
    }
  });

  it.skipIf(!ort)(
    'ScatterElements: every reduction (opset 18), duplicates, negative indices; Scatter (opset 9)',
    async () => {
      const r = rng(102);
      const reds = ['none', 'add', 'mul', 'max', 'min'];
      for (let t = 0; t < 90; t++) {
        const type = ALL[t % ALL.length];
        const red = reds[Math.floor(t / ALL.length) % reds.length];
        if (type === 'bool' && (red === 'max' || red === 'min')) continue;
        const rank = randInt(r, 1, 3);
        const dims = randDims(r, rank, 1, 4);
        const axis = randInt(r, 0, rank - 1);
        const iDims = dims.map((v, i) => (i === axis ? randInt(r, 1, 5) : randInt(r, 1, v)));
        const c: Case = {
          op: 'ScatterElements',
          inputs: [
            [rand(r, type, dims, true, true), 'feed'],
            [idx(r, r() < 0.5 ? 'int32' : 'int64', iDims, dims[axis]), feedOrInit(r)],
            [rand(r, type, iDims, true, true), 'feed'],
          ],
          attrs: {
            axis: A.i(r() < 0.5 ? axis : axis - rank),
            ...(red !== 'none' || r() < 0.5 ? { reduction: A.s(red) } : {}),
          },
          opset: red === 'max' || red === 'min' || r() < 0.5 ? 18 : 16,
        };
        await matchesOrt(c, `ScatterElements ${type} ${red} [${dims}] axis ${axis} idx [${iDims}]`);
      }
      for (const type of ALL) {
        const c: Case = {
          op: 'Scatter',
          inputs: [
            [rand(r, type, [3, 4]), 'feed'],
            [tensor('int64', [2, 2], [2, 0, 1, 2]), 'feed'],
            [rand(r, type, [2, 2]), 'feed'],
          ],
          attrs: { axis: A.i(0) },
          opset: 9,
        };
        await matchesOrt(c, `Scatter ${type}`, 1);
      }
    },
  );

  it.skipIf(!ort)(
    'GatherND: every type, batch_dims 0-2, negative indices, whole-slice and element tuples',
    async () => {
      const r = rng(103);
      for (let t = 0; t < 60; t++) {
        const type = ALL[t % ALL.length];
        const rank = randInt(r, 1, 4);
        const dims = randDims(r, rank, 1, 3);
        const b = randInt(r, 0, Math.min(2, rank - 1));
        const k = randInt(r, 1, rank - b);
        const q = randInt(r, b + 1, b + 2);
        const iDims = [...dims.slice(0, b), ...randDims(r, q - b - 1, 1, 3), k];
        const v: number[] = [];
        for (let p = 0; p < numel(iDims); p++) {
          const d = dims[b + (p % k)];
          v.push(randInt(r, -d, d - 1));
        }
        const c: Case = {
          op: 'GatherND',
          inputs: [
            [rand(r, type, dims), 'feed'],
            [i64t(iDims, v), feedOrInit(r)],
          ],
          attrs: b || r() < 0.5 ? { batch_dims: A.i(b) } : {},
        };
        await matchesOrt(c, `GatherND ${type} [${dims}] b ${b} idx [${iDims}]`);
      }
    },
  );

  it.skipIf(!ort)('ScatterND: every type and reduction, k 1 to rank, negative indices, duplicates', async () => {
    const r = rng(104);
    const reds = ['none', 'add', 'mul', 'max', 'min'];
    for (let t = 0; t < 90; t++) {
      const type = ALL[t % ALL.length];
      const red = reds[Math.floor(t / ALL.length) % reds.length];
      if (type === 'bool' && (red === 'max' || red === 'min')) continue;
      const rank = randInt(r, 1, 3);
      const dims = randDims(r, rank, 1, 4);
      const k = randInt(r, 1, rank);
      const lead = randDims(r, randInt(r, 1, 2), 1, 3);
      const iDims = [...lead, k];
      const v: number[] = [];
      for (let p = 0; p < numel(iDims); p++) {
        const d = dims[p % k];
        v.push(randInt(r, -d, d - 1));
      }
      // 'none' with duplicate tuples: onnxruntime writes them in order (the last wins), as the host does
      const c: Case = {
        op: 'ScatterND',
        inputs: [
          [rand(r, type, dims, true, true), 'feed'],
          [i64t(iDims, v), feedOrInit(r)],
          [rand(r, type, [...lead, ...dims.slice(k)], true, true), 'feed'],
        ],
        attrs: red !== 'none' || r() < 0.5 ? { reduction: A.s(red) } : {},
        opset: 18,
      };
      await matchesOrt(c, `ScatterND ${type} ${red} [${dims}] idx [${iDims}]`);
    }
  });

  it('out-of-range indices: BAD_FEED before any output is written (onnxruntime fails too), BAD_MODEL for a constant', async () => {
    const x = f32t([2, 3], [1, 2, 3, 4, 5, 6]);
    const bad: Case[] = [
      {
        op: 'GatherElements',
        inputs: [
          [x, 'feed'],
          [i64t([1, 3], [0, 2, 0]), 'feed'],
        ],
        attrs: { axis: A.i(0) },
      },
      {
        op: 'GatherElements',
        inputs: [
          [x, 'feed'],
          [tensor('int32', [2, 1], [0, -4]), 'feed'],
        ],
        attrs: { axis: A.i(1) },
      },
      {
        op: 'ScatterElements',
        inputs: [
          [x, 'feed'],
          [i64t([1, 2], [1, 3]), 'feed'],
          [f32t([1, 2], [9, 9]), 'feed'],
        ],
        attrs: { axis: A.i(1) },
      },
      {
        op: 'GatherND',
        inputs: [
          [x, 'feed'],
          [i64t([2, 2], [0, 0, 1, -4]), 'feed'],
        ],
      },
      {
        op: 'ScatterND',
        inputs: [
          [x, 'feed'],
          [i64t([1, 1], [2]), 'feed'],
          [f32t([1, 3], [9, 9, 9]), 'feed'],
        ],
      },
    ];
    for (const c of bad) {
      const planned = c.op.startsWith('Scatter')
        ? [{ type: 'float32', dims: [2, 3] }]
        : c.op === 'GatherND'
          ? [{ type: 'float32', dims: [2] }]
          : [{ type: 'float32', dims: c.inputs[1][0]!.dims }];
      const { op } = hostOp(c, planned);
      const out = {
        type: 'float32' as const,
        dims: planned[0].dims,
        data: new Float32Array(numel(planned[0].dims)).fill(-7),
      };
      expect(
        codeOf(() =>
          op(
            c.inputs.map(([t]) => t as never),
            [out],
          ),
        ),
        c.op,
      ).toBe('BAD_FEED');
      expect(
        [...out.data].every((v) => v === -7),
        `${c.op}: output untouched`,
      ).toBe(true);
      expect(() => refRun(c), c.op).toThrow();
      expect(
        codeOf(() => loadRun(rt, c)),
        `${c.op} through loadModel`,
      ).toBe('BAD_FEED');
      if (ort) await expect(ortRun(c), `${c.op} on onnxruntime-web`).rejects.toThrow();
      // the same indices as a constant: refused at load
      const k = c.inputs.map(([t, kind], i) => [t, i === 1 ? 'init' : kind]) as Case['inputs'];
      expect(
        codeOf(() => loadRun(rt, { ...c, inputs: k })),
        `${c.op} constant`,
      ).toBe('BAD_MODEL');
    }
  });
});

describe('CumSum, Trilu, OneHot, EyeLike', () => {
  it.skipIf(!ort)(
    'CumSum: float32 / int32 / int64, exclusive, reverse, negative axes, axis constant or fed',
    async () => {
      const r = rng(105);
      for (let t = 0; t < 60; t++) {
        const type = (['float32', 'int32', 'int64'] as const)[t % 3];
        const rank = randInt(r, 1, 4);
        const dims = randDims(r, rank, t % 17 === 3 ? 0 : 1, 5);
        const axis = randInt(r, -rank, rank - 1);
        const c: Case = {
          op: 'CumSum',
          inputs: [
            [rand(r, type, dims, true, r() < 0.5), 'feed'],
            [tensor(r() < 0.5 ? 'int32' : 'int64', r() < 0.5 ? [] : [1], [axis]), feedOrInit(r)],
          ],
          attrs: { exclusive: A.i(randInt(r, 0, 1)), reverse: A.i(randInt(r, 0, 1)) },
          opset: 14,
        };
        await matchesOrt(c, `CumSum ${type} [${dims}] axis ${axis}`);
      }
    },
  );

  it.skipIf(!ort)(
    'Trilu: float32 / int32 / int64 / bool, upper and lower, k constant, fed or absent, ranks 2-4',
    async () => {
      const r = rng(106);
      for (let t = 0; t < 60; t++) {
        const type = (['float32', 'int32', 'int64', 'bool'] as const)[t % 4];
        const dims = randDims(r, randInt(r, 2, 4), t % 11 === 4 ? 0 : 1, 5);
        const k = randInt(r, -6, 6);
        const kIn: Case['inputs'] = r() < 0.2 ? [] : [[i64t([], [k]), feedOrInit(r)]];
        const c: Case = {
          op: 'Trilu',
          inputs: [[rand(r, type, dims), 'feed'], ...kIn],
          attrs: r() < 0.7 ? { upper: A.i(randInt(r, 0, 1)) } : {},
          opset: 14,
        };
        await matchesOrt(c, `Trilu ${type} [${dims}] k ${k}`);
      }
    },
  );

  it.skipIf(!ort)(
    "OneHot: onnxruntime's type triples, axes, negative and out-of-range indices, float indices",
    async () => {
      const r = rng(107);
      const triples = [
        ['float32', 'float32', 'float32'],
        ['float32', 'int64', 'int64'],
        ['int32', 'float32', 'float32'],
        ['int32', 'int32', 'float32'],
        ['int64', 'float32', 'float32'],
        ['int64', 'float32', 'int32'],
        ['int64', 'int32', 'float32'],
        ['int64', 'int64', 'float32'],
        ['int64', 'int64', 'int64'],
      ] as const;
      for (let t = 0; t < 45; t++) {
        const [ti, td, tv] = triples[t % triples.length];
        const rank = randInt(r, 1, 3);
        const dims = randDims(r, rank, 1, 3);
        const depth = randInt(r, 1, 5);
        const iv = Array.from({ length: numel(dims) }, () =>
          ti === 'float32' ? F(r() * 2 * (depth + 2) - depth - 2) : randInt(r, -depth - 2, depth + 1),
        );
        const c: Case = {
          op: 'OneHot',
          inputs: [
            [tensor(ti, dims, iv), 'feed'],
            [tensor(td, r() < 0.5 ? [] : [1], [depth]), 'init'],
            [tensor(tv, [2], [randInt(r, -3, 3), randInt(r, 4, 9)]), 'feed'],
          ],
          attrs: r() < 0.7 ? { axis: A.i(randInt(r, -rank - 1, rank)) } : {},
          opset: 11,
          outTypes: [tv],
        };
        await matchesOrt(c, `OneHot ${ti} ${td} ${tv} [${dims}] depth ${depth}`);
      }
    },
  );

  it.skipIf(!ort)('EyeLike: float32 / int32 / int64 in and out, k inside and outside the matrix', async () => {
    const r = rng(108);
    const codes = { float32: 1, int32: 6, int64: 7 } as const;
    for (let t = 0; t < 30; t++) {
      const ti = (['float32', 'int32', 'int64'] as const)[t % 3];
      const to = (['float32', 'int32', 'int64'] as const)[Math.floor(t / 3) % 3];
      const dims = randDims(r, 2, t === 7 ? 0 : 1, 5);
      const withDtype = r() < 0.7;
      const c: Case = {
        op: 'EyeLike',
        inputs: [[rand(r, ti, dims), 'feed']],
        attrs: { ...(withDtype ? { dtype: A.i(codes[to]) } : {}), k: A.i(randInt(r, -6, 6)) },
        opset: 9,
        outTypes: [withDtype ? to : ti],
      };
      await matchesOrt(c, `EyeLike ${ti} -> ${to} [${dims}]`);
    }
  });
});

describe('CastLike, IsNaN, IsInf, Hardmax, Shrink, MeanVarianceNormalization', () => {
  it.skipIf(!ort)('CastLike: every pair of carried types, specials and out-of-range values', async () => {
    const r = rng(109);
    for (const from of ALL)
      for (const to of ALL) {
        const x =
          from === 'float32'
            ? f32t([12], [0, -0, NaN, Infinity, -Infinity, 1.5, -1.5, 300.7, -200.2, 3e9, -3e10, 65537.9])
            : rand(r, from, [12]);
        const c: Case = {
          op: 'CastLike',
          inputs: [
            [x, 'feed'],
            [rand(r, to, [2]), 'feed'],
          ],
          opset: 15,
          outTypes: [to],
        };
        await matchesOrt(c, `CastLike ${from} -> ${to}`);
      }
  });

  it.skipIf(!ort)('IsNaN, IsInf (detect_positive / detect_negative)', async () => {
    const r = rng(110);
    for (let t = 0; t < 12; t++) {
      const dims = randDims(r, randInt(r, 0, 3), t === 3 ? 0 : 1, 5);
      const x = tensor(
        'float32',
        dims,
        Array.from({ length: numel(dims) }, () => (r() < 0.5 ? pick(r, SPECIAL) : F(r() * 10 - 5))),
      );
      await matchesOrt({ op: 'IsNaN', inputs: [[x, 'feed']], opset: 13, outTypes: ['bool'] }, `IsNaN [${dims}]`);
      const attrs: Record<string, Attribute> = {};
      if (r() < 0.6) attrs.detect_positive = A.i(randInt(r, 0, 1));
      if (r() < 0.6) attrs.detect_negative = A.i(randInt(r, 0, 1));
      await matchesOrt({ op: 'IsInf', inputs: [[x, 'feed']], attrs, opset: 10, outTypes: ['bool'] }, `IsInf [${dims}]`);
    }
  });

  it.skipIf(!ort)('Hardmax: opsets 11 (flattened at axis) and 13 (along axis), ties, NaN, negative axes', async () => {
    const r = rng(111);
    for (let t = 0; t < 40; t++) {
      const rank = randInt(r, 1, 4);
      const dims = randDims(r, rank, 1, 4);
      const ties = r() < 0.4;
      const x = tensor(
        'float32',
        dims,
        Array.from({ length: numel(dims) }, () =>
          r() < 0.05 ? pick(r, SPECIAL) : ties ? randInt(r, -2, 2) : F(r() * 10 - 5),
        ),
      );
      const opset = t % 2 ? 11 : 13;
      const c: Case = {
        op: 'Hardmax',
        inputs: [[x, 'feed']],
        attrs: r() < 0.7 ? { axis: A.i(randInt(r, -rank, rank - 1)) } : {},
        opset,
      };
      if (opset === 11 && !c.attrs!.axis && rank < 2) continue;
      await matchesOrt(c, `Hardmax opset ${opset} [${dims}]`);
    }
  });

  it.skipIf(!ort)('Shrink: float32 and the integer types, lambd / bias, values that overflow the type', async () => {
    const r = rng(112);
    for (let t = 0; t < 50; t++) {
      const type = (['float32', 'int32', 'int64', 'uint8', 'int8'] as const)[t % 5];
      const dims = randDims(r, randInt(r, 1, 3), t === 13 ? 0 : 1, 5);
      const attrs: Record<string, Attribute> = {};
      if (r() < 0.8) attrs.lambd = A.f(F(r() * 4));
      if (r() < 0.8) attrs.bias = A.f(F((r() * 2 - 1) * (r() < 0.3 ? 300 : 3)));
      const x = rand(r, type, dims, true, r() < 0.5);
      await matchesOrt({ op: 'Shrink', inputs: [[x, 'feed']], attrs, opset: 9 }, `Shrink ${type} [${dims}]`);
    }
  });

  it.skipIf(!ort)('MeanVarianceNormalization: default and given axes, ranks 1-5, constant groups', async () => {
    const r = rng(113);
    for (let t = 0; t < 30; t++) {
      const rank = t < 10 ? 4 : randInt(r, 1, 5);
      const dims = randDims(r, rank, 1, 5);
      const x =
        t === 5
          ? f32t(dims, new Array(numel(dims)).fill(2))
          : tensor(
              'float32',
              dims,
              Array.from({ length: numel(dims) }, () => F(r() * 20 - 10)),
            );
      const attrs: Record<string, Attribute> =
        t < 10
          ? {}
          : {
              axes: A.is([...new Set(Array.from({ length: randInt(r, 1, rank) }, () => randInt(r, -rank, rank - 1)))]),
            };
      await matchesOrt(
        { op: 'MeanVarianceNormalization', inputs: [[x, 'feed']], attrs, opset: 13 },
        `MeanVarianceNormalization [${dims}] ${JSON.stringify(attrs.axes ?? 'default')}`,
      );
    }
  });
});

describe('ReverseSequence, Compress', () => {
  it.skipIf(!ort)(
    'ReverseSequence: every type, time / batch axes both ways, lengths 0 to steps, fed or constant',
    async () => {
      const r = rng(115);
      for (let t = 0; t < 36; t++) {
        const type = ALL[t % ALL.length];
        const batchFirst = r() < 0.5;
        const steps = randInt(r, 1, 5),
          batch = randInt(r, 1, 4);
        const dims = [...(batchFirst ? [batch, steps] : [steps, batch]), ...randDims(r, randInt(r, 0, 2), 1, 3)];
        const lens = i64t(
          [batch],
          Array.from({ length: batch }, () => randInt(r, 0, steps)),
        );
        const c: Case = {
          op: 'ReverseSequence',
          inputs: [
            [rand(r, type, dims), 'feed'],
            [lens, feedOrInit(r)],
          ],
          attrs: batchFirst
            ? { batch_axis: A.i(0), time_axis: A.i(1) }
            : r() < 0.5
              ? {}
              : { batch_axis: A.i(1), time_axis: A.i(0) },
          opset: 10,
        };
        await matchesOrt(c, `ReverseSequence ${type} [${dims}] lens [${lens.data}]`);
      }
    },
  );

  it.skipIf(!ort)(
    'Compress: every type, an axis (negative too) or none, conditions shorter or longer than the axis (the tail ignored)',
    async () => {
      const r = rng(116);
      for (let t = 0; t < 36; t++) {
        const type = ALL[t % ALL.length];
        const rank = randInt(r, 1, 3);
        const dims = randDims(r, rank, 1, 4);
        const hasAxis = r() < 0.7;
        const axis = randInt(r, -rank, rank - 1);
        const d = hasAxis ? dims[(axis + rank) % rank] : numel(dims);
        const n = randInt(r, 0, d + 2);
        const c: Case = {
          op: 'Compress',
          inputs: [
            [rand(r, type, dims), 'feed'],
            [
              tensor(
                'bool',
                [n],
                Array.from({ length: n }, () => randInt(r, 0, 1)),
              ),
              'init',
            ],
          ],
          attrs: hasAxis ? { axis: A.i(axis) } : {},
          opset: 11,
        };
        await matchesOrt(c, `Compress ${type} [${dims}] axis ${hasAxis ? axis : 'none'} n ${n}`);
      }
    },
  );

  it('ReverseSequence lengths beyond the steps: BAD_FEED fed (output untouched), BAD_MODEL constant; a computed Compress condition runs per run', async () => {
    const x = f32t([3, 2], [1, 2, 3, 4, 5, 6]);
    for (const lens of [
      [4, 1],
      [1, -1],
    ]) {
      const c: Case = {
        op: 'ReverseSequence',
        inputs: [
          [x, 'feed'],
          [i64t([2], lens), 'feed'],
        ],
        opset: 10,
      };
      const { op } = hostOp(c, [{ type: 'float32', dims: [3, 2] }]);
      const out = { type: 'float32' as const, dims: [3, 2], data: new Float32Array(6).fill(-7) };
      expect(
        codeOf(() => op([x, c.inputs[1][0]!] as never, [out])),
        `lens [${lens}]`,
      ).toBe('BAD_FEED');
      expect([...out.data].every((v) => v === -7)).toBe(true);
      expect(() => refRun(c)).toThrow();
      expect(codeOf(() => loadRun(rt, c))).toBe('BAD_FEED');
      if (ort) await expect(ortRun(c), 'onnxruntime-web').rejects.toThrow();
      const k: Case = { ...c, inputs: [c.inputs[0], [c.inputs[1][0], 'init']] };
      expect(
        codeOf(() => loadRun(rt, k)),
        'constant',
      ).toBe('BAD_MODEL');
    }
    const comp: Case = {
      op: 'Compress',
      inputs: [
        [x, 'feed'],
        [tensor('bool', [3], [1, 0, 1]), 'feed'],
      ],
      attrs: { axis: A.i(0) },
      opset: 11,
    };
    // a computed condition: the model split at load, the condition read per run (docs/model.md, run-time dims)
    if (ort) {
      const want = await ortRun(comp);
      loadRun(rt, comp).forEach((g, k) => same(g, want[k], `Compress of a computed condition, output ${k}`));
    }
  });
});

describe('Einsum', () => {
  const FORMS = [
    'ij,jk->ik',
    'ij,jk',
    'bij,bjk->bik',
    'bhqd,bhkd->bhqk',
    'bhqk,bhkd->bhqd',
    'i,j->ij',
    'i,i->',
    'bnd,dh->bnh',
    'ij,kj->ik',
    'ji,jk->ik',
    'nchw,kc->nkhw',
    'ij,ij->ij',
    'bik,bjk->bji',
    'ijk,jkl->il',
    'abc,cba->',
    'ij->ji',
    'bhwc->bchw',
  ];
  const SUMS = ['ij->i', 'ij->j', 'ij->', 'bhwc->bc', 'bchw->bc', 'abc->ca', 'abcd->db', 'abc->b'];
  it.skipIf(!ort)('one-operand float32 sums (onnxruntime sums them with its ReduceSum)', async () => {
    const r = rng(119);
    for (let t = 0; t < 4 * SUMS.length; t++) {
      const eq = SUMS[t % SUMS.length];
      const term = eq.split('->')[0];
      const dims = [...term].map(() => (r() < 0.2 ? randInt(r, 17, 300) : randInt(r, 1, 6)));
      await matchesOrt(
        { op: 'Einsum', inputs: [[rand(r, 'float32', dims, false), 'feed']], attrs: { equation: A.s(eq) }, opset: 12 },
        `Einsum ${eq} [${dims}]`,
      );
    }
  });
  it.skipIf(!ort)(
    'the forms exports write, float32 / int32 / int64, K across MLAS block sizes and one-row products',
    async () => {
      const r = rng(117);
      for (let t = 0; t < 3 * FORMS.length; t++) {
        const eq = FORMS[t % FORMS.length];
        const type = t < 2 * FORMS.length ? 'float32' : pick(r, ['int32', 'int64'] as const);
        const terms = eq.split('->')[0].split(',');
        const dim = new Map<string, number>();
        for (const l of new Set(terms.join(''))) dim.set(l, randInt(r, 1, 4));
        // a long summed letter now and then (MLAS's blocks of K), a single row (its one-row product)
        const summed = [...dim.keys()].filter(
          (l) => terms.length === 2 && terms[0].includes(l) && terms[1].includes(l),
        );
        if (summed.length && r() < 0.4) dim.set(pick(r, summed), randInt(r, 100, 300));
        const inputs: Case['inputs'] = terms.map((term) => [
          rand(
            r,
            type,
            [...term].map((l) => dim.get(l)!),
            false,
            true,
          ),
          'feed',
        ]);
        // every case also through loadModel: a float32 two-operand form runs as Transposes and a MatMul there
        await matchesOrt(
          { op: 'Einsum', inputs, attrs: { equation: A.s(eq) }, opset: 12 },
          `Einsum ${type} ${eq} [${[...dim]}]`,
          1,
        );
      }
    },
  );

  it('a float32 two-operand Einsum loads as Transposes, Reshapes and a MatMul on the wasm kernel; others stay Einsum', () => {
    const algorithms = (eq: string, dims: number[][], type: 'float32' | 'int32' = 'float32') => {
      const c: Case = {
        op: 'Einsum',
        inputs: dims.map((d) => [tensor(type, d, new Array(d.reduce((p, q) => p * q, 1)).fill(1)), 'feed'] as const),
        attrs: { equation: A.s(eq) },
        opset: 12,
      };
      const model = loadModelSync(rt, modelBytes(c));
      try {
        return model.nodes.map((n) => `${n.op}:${n.algorithm}`);
      } finally {
        model.dispose();
      }
    };
    const attention = algorithms('bhqd,bhkd->bhqk', [
      [2, 3, 9, 8],
      [2, 3, 7, 8],
    ]);
    expect(attention).toContain('MatMul:matmul-f32-simd');
    expect(attention.some((a) => a.startsWith('Einsum'))).toBe(false);
    // one row per product: the MatMul's TypeScript operator (MLAS's one-row order)
    expect(algorithms('i,ij->j', [[5], [5, 3]]).some((a) => a.startsWith('MatMul:'))).toBe(true);
    expect(
      algorithms(
        'ij,jk->ik',
        [
          [4, 5],
          [5, 3],
        ],
        'int32',
      ).some((a) => a.startsWith('Einsum')),
    ).toBe(true);
    expect(algorithms('ij->ji', [[4, 5]]).some((a) => a.startsWith('Einsum'))).toBe(true);
  });

  it('refused forms: UNSUPPORTED_OP at load', () => {
    const x = f32t([2, 2], [1, 2, 3, 4]);
    // a one-operand integer sum (onnxruntime's integer ReduceSum is not reproduced here)
    expect(
      codeOf(() =>
        loadRun(rt, {
          op: 'Einsum',
          inputs: [[tensor('int32', [2, 2], [1, 2, 3, 4]), 'feed']],
          attrs: { equation: A.s('ij->i') },
          opset: 12,
        }),
      ),
    ).toBe('UNSUPPORTED_OP');
    for (const eq of ['ii->i', 'ij,jk->i', '...ij,...jk->...ik', 'ij,jk,kl->il'])
      expect(
        codeOf(() =>
          loadRun(rt, {
            op: 'Einsum',
            inputs: eq
              .split('->')[0]
              .split(',')
              .map(() => [x, 'feed'] as [Tensor, 'feed']),
            attrs: { equation: A.s(eq) },
            opset: 12,
          }),
        ),
        eq,
      ).toBe('UNSUPPORTED_OP');
  });
});

describe('empty tensors', () => {
  it.skipIf(!ort)('zero-sized data, indices, updates and outputs agree with onnxruntime-web', async () => {
    const r = rng(118);
    const e = (dims: number[], type: ElemType = 'float32') => rand(r, type, dims);
    const cases: Case[] = [
      {
        op: 'GatherElements',
        inputs: [
          [e([2, 3]), 'feed'],
          [i64t([2, 0], []), 'feed'],
        ],
        attrs: { axis: A.i(1) },
      },
      {
        op: 'ScatterElements',
        inputs: [
          [e([2, 3]), 'feed'],
          [i64t([0, 3], []), 'feed'],
          [e([0, 3]), 'feed'],
        ],
        attrs: { reduction: A.s('add') },
        opset: 18,
      },
      {
        op: 'GatherND',
        inputs: [
          [e([2, 3]), 'feed'],
          [i64t([0, 1], []), 'feed'],
        ],
      },
      {
        op: 'GatherND',
        inputs: [
          [e([0, 3]), 'feed'],
          [i64t([0, 2], []), 'feed'],
        ],
      },
      {
        op: 'ScatterND',
        inputs: [
          [e([2, 3]), 'feed'],
          [i64t([0, 1], []), 'feed'],
          [e([0, 3]), 'feed'],
        ],
        opset: 18,
      },
      {
        op: 'CumSum',
        inputs: [
          [e([0, 3], 'int64'), 'feed'],
          [i64t([], [0]), 'init'],
        ],
        opset: 14,
      },
      { op: 'Trilu', inputs: [[e([2, 0, 3]), 'feed']], opset: 14 },
      {
        op: 'OneHot',
        inputs: [
          [i64t([0, 2], []), 'feed'],
          [i64t([], [3]), 'init'],
          [f32t([2], [0, 1]), 'feed'],
        ],
        opset: 11,
        outTypes: ['float32'],
      },
      { op: 'EyeLike', inputs: [[e([0, 3]), 'feed']], opset: 9 },
      { op: 'Hardmax', inputs: [[e([2, 0]), 'feed']], opset: 13 },
      { op: 'Shrink', inputs: [[e([0], 'int8'), 'feed']], opset: 9 },
      { op: 'IsNaN', inputs: [[e([0, 2]), 'feed']], opset: 13, outTypes: ['bool'] },
      {
        op: 'CastLike',
        inputs: [
          [e([0]), 'feed'],
          [e([1], 'int32'), 'feed'],
        ],
        opset: 15,
        outTypes: ['int32'],
      },
      {
        op: 'Compress',
        inputs: [
          [e([2, 3]), 'feed'],
          [tensor('bool', [3], [0, 0, 0]), 'init'],
        ],
        attrs: { axis: A.i(1) },
        opset: 11,
      },
      {
        op: 'ReverseSequence',
        inputs: [
          [e([3, 2, 0]), 'feed'],
          [i64t([2], [3, 1]), 'feed'],
        ],
        opset: 10,
      },
      {
        op: 'Einsum',
        inputs: [
          [e([2, 0]), 'feed'],
          [e([0, 3]), 'feed'],
        ],
        attrs: { equation: A.s('ij,jk->ik') },
        opset: 12,
      },
    ];
    for (const c of cases) await matchesOrt(c, `empty ${c.op} [${c.inputs.map(([t]) => `[${t!.dims}]`)}]`, 1);
  });
});

describe('refusals', () => {
  it('types and forms onnxruntime does not register are UNSUPPORTED_OP at load', async () => {
    const u8 = tensor('uint8', [2, 2], [1, 2, 3, 4]);
    const x = f32t([2, 2], [1, 2, 3, 4]);
    const refused: [Case, string][] = [
      [
        {
          op: 'CumSum',
          inputs: [
            [u8, 'feed'],
            [i64t([], [0]), 'init'],
          ],
          opset: 14,
        },
        'CumSum uint8',
      ],
      [{ op: 'Trilu', inputs: [[u8, 'feed']], opset: 14 }, 'Trilu uint8'],
      [{ op: 'EyeLike', inputs: [[u8, 'feed']], opset: 9 }, 'EyeLike uint8'],
      [
        { op: 'EyeLike', inputs: [[x, 'feed']], attrs: { dtype: A.i(2) }, opset: 9, outTypes: ['uint8'] },
        'EyeLike to uint8',
      ],
      [{ op: 'IsNaN', inputs: [[u8, 'feed']], opset: 13, outTypes: ['bool'] }, 'IsNaN uint8'],
      [{ op: 'Hardmax', inputs: [[u8, 'feed']], opset: 13 }, 'Hardmax uint8'],
      [{ op: 'Shrink', inputs: [[tensor('bool', [2], [0, 1]), 'feed']], opset: 9 }, 'Shrink bool'],
      [{ op: 'MeanVarianceNormalization', inputs: [[u8, 'feed']], opset: 13 }, 'MVN uint8'],
      [
        {
          op: 'ScatterElements',
          inputs: [
            [tensor('bool', [2], [0, 1]), 'feed'],
            [i64t([1], [0]), 'feed'],
            [tensor('bool', [1], [1]), 'feed'],
          ],
          attrs: { reduction: A.s('max') },
          opset: 18,
        },
        'ScatterElements bool max',
      ],
      [
        {
          op: 'ScatterND',
          inputs: [
            [x, 'feed'],
            [i64t([1, 1], [0]), 'feed'],
            [f32t([1, 2], [1, 1]), 'feed'],
          ],
          attrs: { reduction: A.s('max') },
          opset: 16,
        },
        'ScatterND max at opset 16',
      ],
      [
        {
          op: 'OneHot',
          inputs: [
            [tensor('int32', [2], [0, 1]), 'feed'],
            [i64t([], [3]), 'init'],
            [i64t([2], [0, 1]), 'feed'],
          ],
          opset: 11,
          outTypes: ['int64'],
        },
        'OneHot (int32, int64, int64)',
      ],
      [
        {
          op: 'GatherND',
          inputs: [
            [x, 'feed'],
            [tensor('int32', [1, 1], [0]), 'feed'],
          ],
          opset: 13,
        },
        'GatherND int32 indices',
      ],
      [
        {
          op: 'GatherElements',
          inputs: [
            [x, 'feed'],
            [i64t([2], [0, 1]), 'feed'],
          ],
          opset: 13,
        },
        'GatherElements rank',
      ],
    ];
    for (const [c, what] of refused)
      expect(
        codeOf(() => loadRun(rt, c)),
        what,
      ).toBe('UNSUPPORTED_OP');
    // a computed OneHot depth is no refusal: the model is split at load and the depth read per run
    const computedDepth: Case = {
      op: 'OneHot',
      inputs: [
        [i64t([2], [0, 1]), 'feed'],
        [i64t([], [3]), 'feed'],
        [i64t([2], [0, 1]), 'feed'],
      ],
      opset: 11,
      outTypes: ['int64'],
    };
    if (ort) {
      const want = await ortRun(computedDepth);
      loadRun(rt, computedDepth).forEach((g, k) => same(g, want[k], `OneHot computed depth, output ${k}`));
    }
    // at the host operator itself too (planned as the model would be)
    expect(
      codeOf(() => hostOp(refused[1][0], [{ type: 'uint8', dims: [2, 2] }])),
      'Trilu uint8 (host)',
    ).toBe('UNSUPPORTED_OP');
  });

  it('an absurd OneHot depth is refused at load, never allocated', () => {
    const c: Case = {
      op: 'OneHot',
      inputs: [
        [i64t([1000], new Array(1000).fill(0)), 'feed'],
        [i64t([], [2 ** 40]), 'init'],
        [f32t([2], [0, 1]), 'feed'],
      ],
      opset: 11,
      outTypes: ['float32'],
    };
    expect(
      codeOf(() => loadRun(rt, c)),
      'through loadModel',
    ).toBe('TOO_LARGE');
    expect(
      codeOf(() => hostOp(c, [{ type: 'float32', dims: [1000, 2 ** 40] }])),
      'host',
    ).toBe('TOO_LARGE');
  });

  it('host and reference agree on a fed Trilu k far beyond the matrix (2^40 included)', () => {
    const r = rng(114);
    for (const k of [-100, 100, 2 ** 40]) {
      hostMatchesRef(
        {
          op: 'Trilu',
          inputs: [
            [rand(r, 'float32', [3, 4]), 'feed'],
            [i64t([], [k]), 'feed'],
          ],
          opset: 14,
        },
        `Trilu k ${k}`,
      );
    }
  });
});
