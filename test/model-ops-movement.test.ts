// The data movement operators of issue 48 (src/model/backends/host/movement.ts, movement-more.ts, resize.ts; the
// reference operators kernels-ref/model/ops/DataMovement.ts, SpaceDepth.ts, Generators.ts, Resize.ts, Slice.ts):
// - each host operator against the reference, bit for bit (NaN and -0 included), on seeded shapes over every form:
//   Split (the attribute, the input with zero sizes, equal parts, num_outputs with a smaller last part), Tile (ranks
//   0-5, zero repeats), Expand (both-way broadcasts, zero dims), DepthToSpace (DCR, CRD) / SpaceToDepth, Range /
//   NonZero / ConstantOfShape of constants, Slice with INT64_MAX / INT64_MIN starts and ends and negative steps,
//   Resize (nearest, linear, cubic, antialias; every coordinate and nearest mode; scales, sizes, axes,
//   keep_aspect_ratio_policy; upsampling and downsampling; ranks 1-5, NHWC; float32, int32, uint8, int8) and
//   Upsample (opsets 7 and 9), on every element type each takes;
// - the same against onnxruntime-web 1.30 (wasm, one thread) on one-node models, bit for bit, and through
//   rt.loadModel (shape rules, constant folding, the 8-bit Resize kernel where it applies);
// - the refusals: UNSUPPORTED_OP at load (Range / NonZero / ConstantOfShape of computed inputs, modes onnxruntime
//   refuses), never a wrong output.
// onnxruntime-web tests are skipped where it does not load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { I8ConvError } from '../src/errors.js';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Tensor } from '../src/model/graph/ir.js';
import { foldConstants } from '../src/model/graph/passes/fold-constants.js';
import { randInt, rng } from './helpers/rng.js';
import {
  A,
  type Case,
  type ElemType,
  f32t,
  graphOf,
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

/** The algorithms of a one-node case's model, as loadModel chose them. */
function algorithmOf(c: Case): string {
  const m = loadModelSync(rt, modelBytes(c));
  try {
    return m.nodes.map((n) => n.algorithm).join(',');
  } finally {
    m.dispose();
  }
}

// ---- comparisons and data ----------------------------------------------------------------------------------------

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

/** The reference's outputs, then the host operator's (planned as the reference's), bit for bit. */
function hostMatchesRef(c: Case, what: string): Tensor[] {
  const want = refRun(c);
  hostRun(c, want).forEach((g, k) => same(g, want[k], `${what} output ${k}`));
  return want;
}

/** onnxruntime-web's outputs against the host's and the reference's. */
async function matchesOrt(c: Case, what: string): Promise<Tensor[]> {
  let want: Tensor[];
  try {
    want = await ortRun(c);
  } catch (e) {
    throw new Error(`${what}: onnxruntime-web fails: ${(e as Error).message}`);
  }
  hostRun(c, want).forEach((g, k) => same(g, want[k], `${what} (host) output ${k}`));
  refRun(c).forEach((g, k) => same(g, want[k], `${what} (reference) output ${k}`));
  return want;
}

/** The code of the I8ConvError `f` throws. */
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
const TYPES: ElemType[] = ['float32', 'int32', 'int64', 'uint8', 'int8', 'bool'];

function rand(r: () => number, type: ElemType, dims: readonly number[], specials = true): Tensor {
  const n = numel(dims);
  const v = Array.from({ length: n }, () => {
    if (type === 'float32')
      return specials && r() < 0.03 ? SPECIAL[randInt(r, 0, SPECIAL.length - 1)] : F((r() * 2 - 1) * 8);
    if (type === 'uint8') return randInt(r, 0, 255);
    if (type === 'int8') return randInt(r, -128, 127);
    if (type === 'bool') return randInt(r, 0, 1);
    return randInt(r, -100000, 100000);
  });
  return tensor(type, dims, v);
}
const randDims = (r: () => number, rank: number, lo = 1, hi = 4) =>
  Array.from({ length: rank }, () => randInt(r, lo, hi));

// ---- Resize and Upsample -----------------------------------------------------------------------------------------

const CTMS = [
  'half_pixel',
  'pytorch_half_pixel',
  'align_corners',
  'asymmetric',
  'tf_half_pixel_for_nn',
  'tf_crop_and_resize',
  'half_pixel_symmetric',
];
const NEAREST_MODES = ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'];
const SCALES = [0.5, 0.6, 0.75, 1, 1.25, 1.5, 1.7, 2, 2.5, 3, 0.34];

interface ResizeOpts {
  mode: 'nearest' | 'linear' | 'cubic';
  type: ElemType;
  /** the resized axes and the input dims */
  dims: number[];
  axes: number[];
  antialias?: boolean;
  useAxesAttr?: boolean;
  /** no tf_crop_and_resize (refused with antialias on NHWC data) */
  noCrop?: boolean;
}

/** A random Resize case of the given mode, type and resized axes. */
function resizeCase(r: () => number, o: ResizeOpts): Case {
  const x = rand(r, o.type, o.dims, o.mode === 'nearest');
  const ctms = o.noCrop ? CTMS.filter((m) => m !== 'tf_crop_and_resize') : CTMS;
  const ctm = ctms[randInt(r, 0, ctms.length - 1)];
  const newer = o.antialias || o.useAxesAttr || r() < 0.2;
  const opset = ctm === 'half_pixel_symmetric' ? 19 : newer ? 18 : 13;
  const attrs: Record<string, Attribute> = { mode: A.s(o.mode), coordinate_transformation_mode: A.s(ctm) };
  if (o.mode === 'nearest') attrs.nearest_mode = A.s(NEAREST_MODES[randInt(r, 0, 3)]);
  if (o.mode === 'cubic' && r() < 0.5) attrs.cubic_coeff_a = A.f(F([-0.5, -0.75, -0.6][randInt(r, 0, 2)]));
  if ((o.mode === 'cubic' || (o.antialias && o.mode === 'linear')) && r() < 0.4) attrs.exclude_outside = A.i(1);
  if (o.antialias) attrs.antialias = A.i(1);
  if (ctm === 'tf_crop_and_resize') attrs.extrapolation_value = A.f(F([-7.25, 3, 0][randInt(r, 0, 2)]));
  const useSizes = r() < 0.4;
  // keep_aspect_ratio_policy scales every named axis: it names the resized ones
  const policy = useSizes && opset >= 18 && r() < 0.3;
  const named = o.useAxesAttr || policy ? o.axes : o.dims.map((_, i) => i);
  if (o.useAxesAttr || policy) attrs.axes = A.is(o.axes);
  if (policy) attrs.keep_aspect_ratio_policy = A.s(['not_larger', 'not_smaller', 'stretch'][randInt(r, 0, 2)]);
  let scales: Tensor | null = null,
    sizes: Tensor | null = null;
  if (useSizes) {
    sizes = i64t(
      [named.length],
      named.map((a) => (o.axes.includes(a) ? randInt(r, 1, 9) : o.dims[a])),
    );
  } else
    scales = f32t(
      [named.length],
      named.map((a) => (o.axes.includes(a) ? SCALES[randInt(r, 0, SCALES.length - 1)] : 1)),
    );
  const roi =
    ctm === 'tf_crop_and_resize'
      ? f32t([2 * named.length], [...named.map(() => F(r() * 0.6 - 0.2)), ...named.map(() => F(0.5 + r() * 0.8))])
      : null;
  return {
    op: 'Resize',
    inputs: [
      [x, 'feed'],
      [roi, 'init'],
      [scales, 'init'],
      [sizes, 'init'],
    ],
    attrs,
    opset,
  };
}

/** The reference's outputs, or [] where it refuses the case. */
function refOutputs(c: Case): Tensor[] {
  try {
    return refRun(c);
  } catch {
    return [];
  }
}
/** Whether the case has a non-empty output (onnxruntime refuses a zero scale) and the reference computes it. */
const nonEmpty = (c: Case) => (refOutputs(c)[0]?.data.length ?? 0) > 0;

describe('Resize against onnxruntime-web, bit for bit (host and reference)', () => {
  const sweep = async (seed: number, count: number, make: (r: () => number) => ResizeOpts, tag: string) => {
    const r = rng(seed);
    let ran = 0;
    for (let t = 0; t < count; t++) {
      const c = resizeCase(r, make(r));
      if (!nonEmpty(c)) continue;
      // antialias refuses tf_crop_and_resize outputs with no tap inside the input (onnxruntime's buffers overflow)
      const code = codeOf(() => hostOp(c, refOutputs(c)));
      if (code === 'UNSUPPORTED_OP' && c.attrs?.antialias) continue;
      await matchesOrt(
        c,
        `${tag} ${t} ${JSON.stringify([...Object.entries(c.attrs!)].map(([k, a]) => [k, (a as { value: unknown }).value]))} [${c.inputs[0][0]!.dims}] ${c.inputs[0][0]!.type}`,
      );
      ran++;
    }
    expect(ran).toBeGreaterThan(count / 2);
  };
  it.skipIf(!ort)('nearest: ranks 1-5, every coordinate and nearest mode, every type', async () => {
    await sweep(
      601,
      120,
      (r) => {
        const rank = randInt(r, 1, 5);
        const dims = randDims(r, rank, 1, rank > 3 ? 3 : 6);
        const axes = dims.map((_, i) => i).filter(() => r() < 0.6);
        return {
          mode: 'nearest',
          type: (['float32', 'int32', 'uint8', 'int8'] as ElemType[])[randInt(r, 0, 3)],
          dims,
          axes: axes.length ? axes : [rank - 1],
          useAxesAttr: r() < 0.2,
        };
      },
      'nearest',
    );
  });
  it.skipIf(!ort)('linear: bilinear (rank 2, NCHW, NHWC), trilinear (rank 3, 5), every type', async () => {
    await sweep(
      602,
      160,
      (r) => {
        const kind = randInt(r, 0, 4);
        const type = (['float32', 'int32', 'uint8', 'int8'] as ElemType[])[randInt(r, 0, 3)];
        if (kind === 0) return { mode: 'linear', type, dims: randDims(r, 2, 1, 7), axes: [0, 1] };
        if (kind === 1)
          return {
            mode: 'linear',
            type,
            dims: [randInt(r, 1, 2), randInt(r, 1, 3), ...randDims(r, 2, 1, 7)],
            axes: [2, 3],
          };
        if (kind === 2)
          return {
            mode: 'linear',
            type,
            dims: [randInt(r, 1, 2), ...randDims(r, 2, 1, 7), randInt(r, 1, 3)],
            axes: [1, 2],
          };
        if (kind === 3) return { mode: 'linear', type, dims: randDims(r, 3, 1, 5), axes: [0, 1, 2] };
        return { mode: 'linear', type, dims: [1, randInt(r, 1, 2), ...randDims(r, 3, 1, 4)], axes: [2, 3, 4] };
      },
      'linear',
    );
  });
  it.skipIf(!ort)('cubic: rank 2 and 4, cubic_coeff_a, exclude_outside, every coordinate mode', async () => {
    await sweep(
      603,
      120,
      (r) => {
        const four = r() < 0.6;
        return four
          ? {
              mode: 'cubic',
              type: 'float32',
              dims: [randInt(r, 1, 2), randInt(r, 1, 2), ...randDims(r, 2, 1, 8)],
              axes: [2, 3],
            }
          : { mode: 'cubic', type: 'float32', dims: randDims(r, 2, 1, 8), axes: [0, 1] };
      },
      'cubic',
    );
  });
  it.skipIf(!ort)('antialias: linear and cubic, NCHW, NHWC and trilinear, every type', async () => {
    await sweep(
      604,
      160,
      (r) => {
        const cubic = r() < 0.4;
        const type =
          cubic && r() < 0.5 ? 'float32' : (['float32', 'int32', 'uint8', 'int8'] as ElemType[])[randInt(r, 0, 3)];
        const kind = randInt(r, 0, cubic ? 2 : 4);
        const base = { mode: cubic ? 'cubic' : 'linear', type, antialias: true } as const;
        if (kind === 0) return { ...base, dims: randDims(r, 2, 1, 9), axes: [0, 1] };
        if (kind === 1) return { ...base, dims: [1, randInt(r, 1, 2), ...randDims(r, 2, 1, 9)], axes: [2, 3] };
        if (kind === 2)
          return { ...base, dims: [1, ...randDims(r, 2, 1, 9), randInt(r, 1, 3)], axes: [1, 2], noCrop: true };
        if (kind === 3) return { ...base, dims: randDims(r, 3, 1, 6), axes: [0, 1, 2] };
        return { ...base, dims: [1, 1, ...randDims(r, 3, 1, 5)], axes: [2, 3, 4] };
      },
      'antialias',
    );
  });
});

describe('Resize and Upsample: the other forms', () => {
  it.skipIf(!ort)(
    'an output of the input dims is the input (scales other than 1, tf_crop_and_resize, every mode)',
    async () => {
      const r = rng(611);
      for (const mode of ['nearest', 'linear', 'cubic'])
        for (const ctm of ['half_pixel', 'tf_crop_and_resize', 'align_corners']) {
          const x = rand(r, 'float32', [1, 2, 3, 5], false);
          const c: Case = {
            op: 'Resize',
            inputs: [
              [x, 'feed'],
              [f32t([8], [0, 0, 0.2, 0.1, 1, 1, 0.7, 0.9]), 'init'],
              [f32t([4], [1, 1, 1.2, 1.1]), 'init'],
            ],
            attrs: { mode: A.s(mode), coordinate_transformation_mode: A.s(ctm) },
            opset: 13,
          };
          const [want] = await matchesOrt(c, `${mode} ${ctm} same dims`);
          same(want, x, `${mode} ${ctm}: the input`);
          same(loadRun(rt, c)[0], want, `${mode} ${ctm} through loadModel`);
        }
    },
  );

  it.skipIf(!ort)(
    'opset 10 (scales input 1, asymmetric, "simple" nearest) and Upsample 7 / 9, every type',
    async () => {
      const r = rng(612);
      for (const type of ['float32', 'int32', 'uint8', 'int8'] as ElemType[])
        for (const mode of ['nearest', 'linear'])
          for (const [dims, sc] of [
            [
              [1, 2, 3, 4],
              [1, 1, 2, 1.5],
            ],
            [
              [2, 5],
              [3, 1.25],
            ],
            [
              [2, 3, 4],
              [1.5, 2, 1],
            ],
            [
              [1, 2, 3, 2, 2],
              [1, 1, 2, 1.5, 3],
            ],
            [[7], [2.5]],
          ] as number[][][]) {
            if (mode === 'linear' && dims.length === 1) continue;
            const x = rand(r, type, dims, false);
            const what = `${type} ${mode} [${dims}] x [${sc}]`;
            if (sc.every((s) => s >= 1)) {
              await matchesOrt(
                { op: 'Upsample', inputs: [[x, 'feed']], attrs: { mode: A.s(mode), scales: A.fs(sc) }, opset: 7 },
                `Upsample 7 ${what}`,
              );
              const c9: Case = {
                op: 'Upsample',
                inputs: [
                  [x, 'feed'],
                  [f32t([sc.length], sc), 'init'],
                ],
                attrs: { mode: A.s(mode) },
                opset: 9,
              };
              const [want] = await matchesOrt(c9, `Upsample 9 ${what}`);
              same(loadRun(rt, c9)[0], want, `Upsample 9 ${what} through loadModel`);
            }
            const down = sc.map((s, i) => (i % 2 ? F(1 / s) : s));
            for (const s of [sc, down]) {
              const c10: Case = {
                op: 'Resize',
                inputs: [
                  [x, 'feed'],
                  [f32t([s.length], s), 'init'],
                ],
                attrs: { mode: A.s(mode) },
                opset: 10,
              };
              if (!nonEmpty(c10)) continue;
              const [want] = await matchesOrt(c10, `Resize 10 ${what}`);
              same(loadRun(rt, c10)[0], want, `Resize 10 ${what} through loadModel`);
            }
          }
    },
  );

  it.skipIf(!ort)(
    'through rt.loadModel: 8-bit (the kernel where it applies), opset 18 attributes, constant folding',
    async () => {
      const r = rng(613);
      for (let t = 0; t < 60; t++) {
        const type = (['uint8', 'int8', 'float32', 'int32'] as ElemType[])[t % 4];
        const mode = (['nearest', 'linear', 'cubic'] as const)[t % 3];
        const c = resizeCase(r, {
          mode: type === 'float32' ? mode : mode === 'cubic' ? 'linear' : mode,
          type,
          dims: [randInt(r, 1, 2), randInt(r, 1, 3), ...randDims(r, 2, 1, 7)],
          axes: [2, 3],
          antialias: mode !== 'nearest' && r() < 0.3,
          useAxesAttr: r() < 0.3,
        });
        if (!nonEmpty(c)) continue;
        if (codeOf(() => hostOp(c, refOutputs(c))) === 'UNSUPPORTED_OP') continue;
        const want = await ortRun(c);
        same(loadRun(rt, c)[0], want[0], `loadModel case ${t}`);
      }
    },
  );

  it('refusals: UNSUPPORTED_OP at load, never a wrong output', () => {
    const x = f32t([1, 1, 2, 3], [1, 2, 3, 4, 5, 6]);
    const sc = (v: number[]) => [f32t([v.length], v), 'init'] as [Tensor, 'init'];
    const refuses = (c: Case, what: string, refToo = true) => {
      // planned as floor(scale * dim), the scales of the case (input or attribute)
      const given = c.inputs.find(([t], k) => k > 0 && t?.type === 'float32')?.[0];
      const sa = c.attrs?.scales;
      const s = given ? Array.from(given.data as Float32Array) : sa?.kind === 'floats' ? sa.value : [1, 1, 2, 2];
      const full = s.length === 4 ? s : [1, 1, 1, s[0]];
      const dims = c.inputs[0][0]!.dims.map((d, i) => Math.floor(F(full[i] * d)));
      expect(
        codeOf(() => hostOp(c, [{ type: c.inputs[0][0]!.type, dims }])),
        what,
      ).toBe('UNSUPPORTED_OP');
      if (refToo) expect(() => refRun(c), what).toThrow();
    };
    const rz = (attrs: Record<string, Attribute>, s = [1, 1, 2, 2], opset = 18, input = x): Case => ({
      op: 'Resize',
      inputs: [[input, 'feed'], [null, 'init'], sc(s)],
      attrs,
      opset,
    });
    refuses(rz({ mode: A.s('cubic') }, [2, 1, 2, 2]), 'cubic resizing N');
    refuses(rz({ mode: A.s('linear') }, [1, 2, 2, 2]), 'linear of scales [1, 2, 2, 2]');
    refuses(
      rz({ mode: A.s('cubic') }, [1, 1, 2, 2], 13, tensor('uint8', [1, 1, 2, 3], [1, 2, 3, 4, 5, 6])),
      'cubic uint8',
    );
    refuses(rz({ mode: A.s('nearest'), antialias: A.i(1) }), 'antialias nearest');
    refuses(rz({ mode: A.s('linear'), antialias: A.i(1) }, [1, 1, 2, 2], 13), 'antialias at opset 13');
    refuses(rz({ mode: A.s('linear'), exclude_outside: A.i(1) }), 'exclude_outside with linear');
    refuses(rz({ mode: A.s('linear'), axes: A.is([-1]) }, [2]), 'negative axes');
    refuses(rz({ mode: A.s('cubic') }, [1, 1, 2, 2], 10), 'cubic at opset 10');
    refuses(
      {
        op: 'Resize',
        inputs: [
          [x, 'feed'],
          [null, 'init'],
          [f32t([4], [1, 1, 2, 2]), 'feed'],
        ],
        attrs: {},
        opset: 13,
      },
      'computed scales',
      false,
    );
    refuses(
      {
        op: 'Upsample',
        inputs: [[x, 'feed']],
        attrs: { mode: A.s('nearest'), scales: A.fs([1, 1, 0.5, 2]) },
        opset: 7,
      },
      'Upsample scale below 1',
    );
    refuses(
      { op: 'Upsample', inputs: [[x, 'feed']], attrs: { mode: A.s('cubic'), scales: A.fs([1, 1, 2, 2]) }, opset: 7 },
      'Upsample cubic',
    );
    // Upsample is deprecated at opset 10: no row there
    expect(
      codeOf(() =>
        loadRun(rt, {
          op: 'Upsample',
          inputs: [[x, 'feed'], sc([1, 1, 2, 2])],
          attrs: { mode: A.s('nearest') },
          opset: 10,
        }),
      ),
    ).toBe('UNSUPPORTED_OP');
  });
});

// ---- Split, Tile, Expand, DepthToSpace / SpaceToDepth --------------------------------------------------------------

describe('Split, Tile, Expand, DepthToSpace, SpaceToDepth', () => {
  /** Split cases of x on `axis`: every form its opset takes (sizes may be 0). */
  function splitCases(r: () => number, x: Tensor, axis: number): Case[] {
    const d = x.dims[(axis + x.dims.length) % x.dims.length];
    const out: Case[] = [];
    const parts = randInt(r, 1, 4);
    const sizes = Array.from({ length: parts }, () => 0);
    for (let k = 0; k < d; k++) sizes[randInt(r, 0, parts - 1)]++;
    out.push({
      op: 'Split',
      inputs: [[x, 'feed']],
      attrs: { axis: A.i(axis), split: A.is(sizes) },
      outputs: parts,
      opset: 11,
    });
    out.push({
      op: 'Split',
      inputs: [
        [x, 'feed'],
        [i64t([parts], sizes), 'init'],
      ],
      attrs: { axis: A.i(axis) },
      outputs: parts,
      opset: 13,
    });
    const eq = [1, 2, 3, 4].filter((n) => d % n === 0);
    const n = eq[randInt(r, 0, eq.length - 1)];
    out.push({ op: 'Split', inputs: [[x, 'feed']], attrs: { axis: A.i(axis) }, outputs: n, opset: 13 });
    const num = randInt(r, 1, d);
    if (d - Math.ceil(d / num) * (num - 1) >= 1)
      out.push({
        op: 'Split',
        inputs: [[x, 'feed']],
        attrs: { axis: A.i(axis), num_outputs: A.i(num) },
        outputs: num,
        opset: 18,
      });
    return out;
  }

  it('Split against the reference: ranks 1-5, every axis (negative too), every form, every type', () => {
    const r = rng(701);
    let n = 0;
    for (const type of TYPES)
      for (let rank = 1; rank <= 5; rank++) {
        const x = rand(r, type, randDims(r, rank, 1, rank > 3 ? 4 : 7));
        for (let a = -rank; a < rank; a++)
          for (const c of splitCases(r, x, a)) {
            hostMatchesRef(c, `Split ${type} [${x.dims}] axis ${a} opset ${c.opset}`);
            n++;
          }
      }
    expect(n).toBeGreaterThan(300);
  });

  it.skipIf(!ort)(
    'Split against onnxruntime-web and through rt.loadModel (zero sizes, num_outputs, folded)',
    async () => {
      const r = rng(702);
      for (const type of ['float32', 'int64', 'uint8', 'bool'] as ElemType[]) {
        const x = rand(r, type, [5, 4, 3]);
        for (const axis of [0, -1, 1])
          for (const c of splitCases(r, x, axis)) {
            c.outTypes = Array(c.outputs).fill(type);
            const want = await matchesOrt(c, `Split ${type} axis ${axis} opset ${c.opset}`);
            loadRun(rt, c).forEach((g, k) => same(g, want[k], `Split ${type} through loadModel output ${k}`));
            // with a constant input the node folds into initializers
            const folded: Case = { ...c, inputs: [[x, 'init'], ...c.inputs.slice(1)] };
            expect(foldConstants(graphOf(folded)).nodes).toEqual([]);
            loadRun(rt, folded).forEach((g, k) => same(g, want[k], `Split ${type} folded output ${k}`));
          }
      }
      // d = 5 in 3 parts: 2, 2, 1
      const x = rand(r, 'float32', [5, 2]);
      const c: Case = { op: 'Split', inputs: [[x, 'feed']], attrs: { num_outputs: A.i(3) }, outputs: 3, opset: 18 };
      const want = await matchesOrt(c, 'Split num_outputs 3 of 5');
      expect(want.map((t) => t.dims[0])).toEqual([2, 2, 1]);
    },
  );

  it.skipIf(!ort)('Split refusals where onnxruntime fails', async () => {
    const x = f32t([5, 2], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const cases: [Case, string][] = [
      [
        { op: 'Split', inputs: [[x, 'feed']], attrs: { num_outputs: A.i(4) }, outputs: 4, opset: 18 },
        'chunks of 2 do not fit 5',
      ],
      [
        { op: 'Split', inputs: [[x, 'feed']], attrs: { num_outputs: A.i(6) }, outputs: 6, opset: 18 },
        'more parts than 5',
      ],
      [
        {
          op: 'Split',
          inputs: [[f32t([4], [1, 2, 3, 4]), 'feed']],
          attrs: { num_outputs: A.i(3) },
          outputs: 3,
          opset: 18,
        },
        'parts 2, 2, 0 of 4',
      ],
      [{ op: 'Split', inputs: [[x, 'feed']], outputs: 5, opset: 18 }, 'opset 18 without split or num_outputs'],
      [{ op: 'Split', inputs: [[x, 'feed']], outputs: 2, opset: 13 }, 'uneven equal parts'],
    ];
    for (const [c, what] of cases) {
      await expect(ortRun(c), what).rejects.toThrow();
      expect(
        codeOf(() => loadRun(rt, c)),
        what,
      ).toMatch(/BAD_SHAPE|UNSUPPORTED_OP/);
      expect(
        codeOf(() => hostOp(c, Array(c.outputs).fill({ type: 'float32', dims: [1, 2] }))),
        what,
      ).toBe('UNSUPPORTED_OP');
    }
  });

  it('Tile and Expand against the reference: ranks 0-5, zero repeats and dims, every type', () => {
    const r = rng(703);
    for (const type of TYPES)
      for (let rank = 0; rank <= 5; rank++)
        for (let t = 0; t < 4; t++) {
          const dims = randDims(r, rank, t === 3 ? 0 : 1, 3);
          const x = rand(r, type, dims);
          const reps = dims.map(() => randInt(r, t === 2 ? 0 : 1, 3));
          hostMatchesRef(
            {
              op: 'Tile',
              inputs: [
                [x, 'feed'],
                [i64t([rank], reps), 'init'],
              ],
              opset: 13,
            },
            `Tile ${type} [${dims}] x [${reps}]`,
          );
          // Expand: a shape of rank up to 2 more, each dim 1 or the data's (or anything where the data has 1)
          const extra = randInt(r, 0, 2);
          const shape = [
            ...Array.from({ length: extra }, () => randInt(r, 1, 3)),
            ...dims.map((d) => (d === 1 ? randInt(r, 0, 3) : r() < 0.3 ? 1 : d)),
          ];
          hostMatchesRef(
            {
              op: 'Expand',
              inputs: [
                [x, 'feed'],
                [i64t([shape.length], shape), 'init'],
              ],
              opset: 13,
            },
            `Expand ${type} [${dims}] to [${shape}]`,
          );
        }
  });

  it.skipIf(!ort)('Tile and Expand against onnxruntime-web and through rt.loadModel', async () => {
    const r = rng(704);
    for (const type of ['float32', 'int64', 'int32', 'uint8', 'int8', 'bool'] as ElemType[])
      for (const [dims, reps, shape] of [
        [
          [2, 3],
          [2, 1],
          [4, 2, 3],
        ],
        [
          [1, 3, 1],
          [3, 2, 2],
          [2, 1, 3, 5],
        ],
        [[4], [3], [3, 1]],
        [
          [2, 1, 2, 1, 2],
          [1, 2, 1, 3, 1],
          [2, 3, 2, 4, 2],
        ],
        [
          [3, 0],
          [2, 2],
          [2, 3, 0],
        ],
      ] as number[][][]) {
        const x = rand(r, type, dims);
        for (const c of [
          {
            op: 'Tile',
            inputs: [
              [x, 'feed'],
              [i64t([reps.length], reps), 'init'],
            ],
            opset: 13,
          },
          {
            op: 'Expand',
            inputs: [
              [x, 'feed'],
              [i64t([shape.length], shape), 'init'],
            ],
            opset: 13,
          },
        ] as Case[]) {
          const want = await matchesOrt(c, `${c.op} ${type} [${dims}]`);
          same(loadRun(rt, c)[0], want[0], `${c.op} ${type} [${dims}] through loadModel`);
          const folded: Case = { ...c, inputs: [[x, 'init'], c.inputs[1]] };
          expect(foldConstants(graphOf(folded)).nodes).toEqual([]);
        }
      }
  });

  it('DepthToSpace (DCR, CRD) and SpaceToDepth against the reference, every type', () => {
    const r = rng(705);
    for (const type of TYPES)
      for (const b of [1, 2, 3])
        for (let t = 0; t < 3; t++) {
          const [n, c, h, w] = [randInt(r, 1, 2), b * b * randInt(r, 1, 3), randInt(r, 1, 4), randInt(r, 1, 4)];
          const x = rand(r, type, [n, c, h, w]);
          for (const mode of ['DCR', 'CRD'])
            hostMatchesRef(
              { op: 'DepthToSpace', inputs: [[x, 'feed']], attrs: { blocksize: A.i(b), mode: A.s(mode) }, opset: 13 },
              `DepthToSpace ${type} ${mode} b ${b} [${x.dims}]`,
            );
          const y = rand(r, type, [n, randInt(r, 1, 3), h * b, w * b]);
          hostMatchesRef(
            { op: 'SpaceToDepth', inputs: [[y, 'feed']], attrs: { blocksize: A.i(b) }, opset: 13 },
            `SpaceToDepth ${type} b ${b} [${y.dims}]`,
          );
        }
  });

  it('DepthToSpace and SpaceToDepth in the product: the wasm Transpose for 1- and 4-byte elements (6-D views), the TypeScript operator for the others; equal to the reference', () => {
    const r = rng(707);
    let wasm = 0;
    for (const type of TYPES)
      for (const b of [1, 2, 3, 4])
        for (let t = 0; t < 3; t++) {
          const [n, c, h, w] = [randInt(r, 1, 2), b * b * randInt(r, 1, 5), randInt(r, 1, 9), randInt(r, 1, 19)];
          const x = rand(r, type, [n, c, h, w]);
          const y = rand(r, type, [n, randInt(r, 1, 5), h * b, w * b]);
          const cases: [Case, string][] = [
            ...['DCR', 'CRD'].map(
              (mode) =>
                [
                  {
                    op: 'DepthToSpace',
                    inputs: [[x, 'feed']],
                    attrs: { blocksize: A.i(b), mode: A.s(mode) },
                    opset: 13,
                  },
                  `DepthToSpace ${type} ${mode} b ${b} [${x.dims}]`,
                ] as [Case, string],
            ),
            [
              { op: 'SpaceToDepth', inputs: [[y, 'feed']], attrs: { blocksize: A.i(b) }, opset: 13 },
              `SpaceToDepth ${type} b ${b} [${y.dims}]`,
            ],
          ];
          for (const [c, what] of cases) {
            same(loadRun(rt, c)[0], refRun(c)[0], `${what} (product)`);
            const alg = algorithmOf(c);
            const byWasm = type !== 'int64';
            expect(alg.startsWith('transpose-'), `${what}: ${alg}`).toBe(byWasm);
            if (byWasm) wasm++;
          }
        }
    expect(wasm).toBeGreaterThan(100);
  });

  it.skipIf(!ort)('DepthToSpace and SpaceToDepth against onnxruntime-web (the types it takes)', async () => {
    const r = rng(706);
    for (const type of ['float32', 'uint8', 'int8'] as ElemType[])
      for (const b of [2, 3]) {
        const x = rand(r, type, [2, 2 * b * b, 3, 2]);
        for (const mode of ['DCR', 'CRD']) {
          const c: Case = {
            op: 'DepthToSpace',
            inputs: [[x, 'feed']],
            attrs: { blocksize: A.i(b), mode: A.s(mode) },
            opset: 13,
          };
          same(
            loadRun(rt, c)[0],
            (await matchesOrt(c, `DepthToSpace ${type} ${mode} ${b}`))[0],
            'DepthToSpace loadModel',
          );
        }
        const y = rand(r, type, [2, 3, 2 * b, 3 * b]);
        const c: Case = { op: 'SpaceToDepth', inputs: [[y, 'feed']], attrs: { blocksize: A.i(b) }, opset: 13 };
        same(loadRun(rt, c)[0], (await matchesOrt(c, `SpaceToDepth ${type} ${b}`))[0], 'SpaceToDepth loadModel');
      }
  });
});

// ---- Range, NonZero, ConstantOfShape -------------------------------------------------------------------------------

describe('Range, NonZero, ConstantOfShape: constants fold, computed inputs run per run (the model split at load)', () => {
  const RANGES: [ElemType, number[]][] = [
    ['float32', [0.1, 3, 0.3]],
    ['float32', [1, 5, 0.7]],
    ['float32', [5, -3.5, -0.45]],
    ['float32', [2, 2, 1]],
    ['float32', [0, 1, 1e-3]],
    ['float32', [3, 1, 1]],
    ['int32', [1, 5, 2]],
    ['int32', [10, -7, -3]],
    ['int32', [-2147483600, 2147483600, 1073741823]],
    ['int64', [-5, 17, 4]],
    ['int64', [7, 7, -1]],
  ];
  it.skipIf(!ort)('Range (float32 accumulation, int32, int64, negative delta, empty) as onnxruntime-web', async () => {
    for (const [type, [s, l, d]] of RANGES) {
      const fed: Case = {
        op: 'Range',
        inputs: [s, l, d].map((v) => [tensor(type, [], [type === 'float32' ? F(v) : v]), 'feed']) as Case['inputs'],
        opset: 13,
      };
      const want = await ortRun(fed);
      const cst: Case = { ...fed, inputs: fed.inputs.map(([t]) => [t, 'init']) };
      expect(foldConstants(graphOf(cst)).nodes, `Range ${type} [${s}, ${l}, ${d}] folds`).toEqual([]);
      same(loadRun(rt, cst)[0], want[0], `Range ${type} [${s}, ${l}, ${d}] folded`);
      same(refRun(fed)[0], want[0], `Range ${type} [${s}, ${l}, ${d}] reference`);
      same(hostRun(cst, want)[0], want[0], `Range ${type} [${s}, ${l}, ${d}] host`);
      same(loadRun(rt, fed)[0], want[0], `Range ${type} [${s}, ${l}, ${d}] of computed inputs`);
    }
  });

  it.skipIf(!ort)(
    'NonZero of constants (every type onnxruntime takes, rank 0-4, NaN and -0) as onnxruntime-web',
    async () => {
      const r = rng(721);
      for (const type of ['float32', 'int32', 'int64', 'uint8', 'bool'] as ElemType[])
        for (let rank = 0; rank <= 4; rank++) {
          const x = rand(r, type, randDims(r, rank, 1, 3));
          if (type === 'float32') (x.data as Float32Array).forEach((v, i, a) => r() < 0.4 && (a[i] = i % 3 ? 0 : -0));
          const fed: Case = { op: 'NonZero', inputs: [[x, 'feed']], opset: 13, outTypes: ['int64'] };
          const want = await ortRun(fed);
          const cst: Case = { ...fed, inputs: [[x, 'init']] };
          same(loadRun(rt, cst)[0], want[0], `NonZero ${type} [${x.dims}] folded`);
          same(refRun(fed)[0], want[0], `NonZero ${type} [${x.dims}] reference`);
          same(hostRun(cst, want)[0], want[0], `NonZero ${type} [${x.dims}] host`);
          same(loadRun(rt, fed)[0], want[0], `NonZero ${type} [${x.dims}] of a computed input`);
        }
    },
  );

  it.skipIf(!ort)(
    'ConstantOfShape: constant shapes fold, an empty shape input is a scalar, computed shapes run per run',
    async () => {
      for (const [dims, value] of [
        [[2, 3], f32t([1], [1.5])],
        [[0, 4], tensor('int32', [1], [7])],
        [[3], tensor('int64', [1], [-9])],
        [[2, 1, 2], tensor('uint8', [1], [200])],
        [[4], null],
        [[], tensor('int8', [1], [-3])],
      ] as [number[], Tensor | null][]) {
        const shape = i64t([dims.length], dims);
        const attrs = value ? { value: A.t(value) } : undefined;
        const outTypes: ElemType[] = [value?.type ?? 'float32'];
        const fed: Case = { op: 'ConstantOfShape', inputs: [[shape, 'feed']], attrs, opset: 13, outTypes };
        const want = await ortRun(fed);
        const cst: Case = { ...fed, inputs: [[shape, 'init']] };
        same(loadRun(rt, cst)[0], want[0], `ConstantOfShape [${dims}] folded`);
        same(refRun(fed)[0], want[0], `ConstantOfShape [${dims}] reference`);
        same(hostRun(cst, want)[0], want[0], `ConstantOfShape [${dims}] host`);
        same(loadRun(rt, fed)[0], want[0], `ConstantOfShape of a computed shape [${dims}]`);
      }
    },
  );
});

// ---- Slice, Gather, Pad: every index form --------------------------------------------------------------------------

const INT64_MAX = 0x7fffffffffffffffn;
const INT64_MIN = -0x8000000000000000n;

describe('Slice, Gather, Pad: every index form', () => {
  it.skipIf(!ort)(
    'Slice with INT64_MAX / INT64_MIN starts and ends (PyTorch x[a:]), negative steps, int32 and int64 inputs',
    async () => {
      const r = rng(731);
      const ends: (number | bigint)[] = [INT64_MAX, INT64_MIN, -1, 2, -100, 100, 0];
      for (const type of ['float32', 'int64', 'uint8'] as ElemType[])
        for (let t = 0; t < 40; t++) {
          const x = rand(r, type, [5, 4, 3]);
          const axis = randInt(r, -3, 2);
          const step = [1, 2, -1, -2, 3][randInt(r, 0, 4)];
          const start = ends[randInt(r, 0, ends.length - 1)];
          const end = ends[randInt(r, 0, ends.length - 1)];
          const idxType: ElemType = r() < 0.3 ? 'int32' : 'int64';
          const v = (k: number | bigint) =>
            idxType === 'int32' ? tensor('int32', [1], [Number(BigInt.asIntN(32, BigInt(k)))]) : i64t([1], [k]);
          const c: Case = {
            op: 'Slice',
            inputs: [
              [x, 'feed'],
              [v(start), 'init'],
              [v(end), 'init'],
              [v(axis), 'init'],
              [v(step), 'init'],
            ],
            opset: 13,
          };
          const what = `Slice ${type} ${start}:${end}:${step} axis ${axis} (${idxType})`;
          const want = await matchesOrt(c, what);
          same(loadRun(rt, c)[0], want[0], `${what} through loadModel`);
          same(loadRun(rt, { ...c, inputs: [[x, 'init'], ...c.inputs.slice(1)] })[0], want[0], `${what} folded`);
        }
      // opset 9: the attributes (INT64_MAX reads as 2^63 there)
      const x = rand(r, 'float32', [4, 5]);
      const c: Case = {
        op: 'Slice',
        inputs: [[x, 'feed']],
        attrs: { starts: A.is([1, -3]), ends: A.is([2 ** 63, 2 ** 63]), axes: A.is([0, 1]) },
        opset: 9,
      };
      same(
        loadRun(rt, c)[0],
        (await matchesOrt(c, 'Slice opset 9 INT64_MAX ends'))[0],
        'Slice opset 9 through loadModel',
      );
    },
  );

  it('Slice windows over several axes (steps of both signs, clamped ends, ranks 1-6, every element type): the strided rows kernel equals the reference', () => {
    const r = rng(733);
    let rows = 0;
    for (const type of [...TYPES, 'double'] as ElemType[])
      for (let t = 0; t < 30; t++) {
        const rank = randInt(r, 1, 6);
        const dims = Array.from({ length: rank }, () => randInt(r, 1, rank > 4 ? 4 : 7));
        const x = rand(r, type, dims);
        const axes = dims.map((_, i) => i).filter(() => r() < 0.7);
        if (!axes.length) axes.push(rank - 1);
        const starts: number[] = [],
          ends: number[] = [],
          steps: number[] = [];
        for (const a of axes) {
          const d = dims[a];
          const step = [1, 1, 2, 3, -1, -2][randInt(r, 0, 5)];
          // mostly non-empty: the start inside, the end a few places past it (clamped where beyond), either
          // sometimes written from the back
          const st = randInt(r, 0, d - 1);
          const en = step > 0 ? st + randInt(r, 1, d + 1) : st - randInt(r, 1, d + 1);
          starts.push(r() < 0.3 ? st - d : st);
          ends.push(r() < 0.3 && en >= 0 && en < d ? en - d : en);
          steps.push(step);
        }
        const c: Case = {
          op: 'Slice',
          inputs: [
            [x, 'feed'],
            [i64t([axes.length], starts), 'init'],
            [i64t([axes.length], ends), 'init'],
            [i64t([axes.length], axes), 'init'],
            [i64t([axes.length], steps), 'init'],
          ],
          opset: 13,
        };
        const what = `Slice ${type} [${dims}] axes ${axes} ${starts}:${ends}:${steps}`;
        const want = refRun(c)[0];
        same(loadRun(rt, c)[0], want, what);
        const alg = algorithmOf(c);
        if (numel(want.dims) > 0) expect(['slice-view', 'strided-rows'], `${what}: ${alg}`).toContain(alg);
        if (alg === 'strided-rows') rows++;
      }
    expect(rows).toBeGreaterThan(50);
  });

  it.skipIf(!ort)(
    'Gather: int32 / int64 indices, negative ones, scalars, every axis, constant and computed',
    async () => {
      const r = rng(732);
      for (const type of ['float32', 'int64', 'int8', 'bool'] as ElemType[])
        for (const axis of [0, 1, -1, -3]) {
          const x = rand(r, type, [4, 3, 5]);
          const d = x.dims[(axis + 3) % 3];
          for (const [it, idims] of [
            ['int64', []],
            ['int32', [3]],
            ['int64', [2, 3]],
          ] as [ElemType, number[]][]) {
            const idx = tensor(
              it,
              idims,
              Array.from({ length: numel(idims) }, () => randInt(r, -d, d - 1)),
            );
            for (const kind of ['init', 'feed'] as const) {
              const c: Case = {
                op: 'Gather',
                inputs: [
                  [x, 'feed'],
                  [idx, kind],
                ],
                attrs: { axis: A.i(axis) },
                opset: 13,
              };
              const want = await matchesOrt(c, `Gather ${type} axis ${axis} ${it} [${idims}] ${kind}`);
              same(loadRun(rt, c)[0], want[0], 'Gather through loadModel');
            }
          }
        }
    },
  );

  it.skipIf(!ort)(
    'Pad: negative pads, negative axes (opset 18); reflections past the axis (onnxruntime fails)',
    async () => {
      const r = rng(733);
      for (const type of ['float32', 'int64', 'uint8'] as ElemType[])
        for (const mode of ['constant', 'edge', 'reflect'])
          for (const [dims, pads, axes] of [
            [[3, 4], [1, -1, 2, 0], null],
            [
              [2, 3, 4],
              [-1, 2, 0, 1],
              [-1, 0],
            ],
            [[5], [2, -3], [-1]],
            [[2, 5, 3], [0, 1, 0, 0, -2, 1], null],
          ] as [number[], number[], number[] | null][]) {
            const x = rand(r, type, dims);
            const c: Case = {
              op: 'Pad',
              inputs: [
                [x, 'feed'],
                [i64t([pads.length], pads), 'init'],
                [mode === 'constant' ? tensor(type, [], [type === 'float32' ? 1.5 : 7]) : null, 'init'],
                [axes ? i64t([axes.length], axes) : null, 'init'],
              ],
              attrs: { mode: A.s(mode) },
              opset: 18,
            };
            const what = `Pad ${type} ${mode} [${dims}] [${pads}] axes [${axes}]`;
            const full = axes
              ? dims.flatMap((_, i) => {
                  const k = axes.findIndex((a) => (a + dims.length) % dims.length === i);
                  return k < 0 ? [] : [[i, pads[k], pads[axes.length + k]]];
                })
              : dims.map((_, i) => [i, pads[i], pads[dims.length + i]]);
            // onnxruntime crops first, then fails on a reflection longer than the cropped axis less 1; the host
            // reflects again there (numpy's rule; where onnxruntime computes, the two agree)
            const cropped = (i: number, b: number, e: number) => dims[i] + Math.min(b, 0) + Math.min(e, 0) - 1;
            if (mode === 'reflect' && full.some(([i, b, e]) => b > cropped(i, b, e) || e > cropped(i, b, e))) {
              await expect(ortRun(c), what).rejects.toThrow();
              hostMatchesRef(c, what);
              continue;
            }
            const want = await matchesOrt(c, what);
            same(loadRun(rt, c)[0], want[0], 'Pad through loadModel');
          }
    },
  );
});
