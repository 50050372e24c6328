// The reference executor's com.microsoft QLinear* operators (docs/int8-ops.md states their arithmetic):
// hand-made single-node models, each expected output worked out by hand in the comment next to it, run by the
// reference and by onnxruntime-web 1.30 (wasm, one thread, graph optimizations off), which must give the same bits;
// then seeded random models of each operator (odd shapes, broadcasting, pads / strides / ceil_mode /
// count_include_pad, channels_last) compared with onnxruntime-web bit for bit. Then the default-domain operators
// added with them, on onnxruntime-web: ONNX's Resize cases and seeded Resize / MaxPool / Slice / Pad / Concat models
// bit for bit, seeded float pools, Softmax, Sigmoid, MatMul, Gemm, Sub, Div within 1e-6 (their conformance cases run
// in test/ref-model.test.ts). onnxruntime-web tests are skipped where it does not load.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReference } from '../kernels-ref/model/index.js';
import type { Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel, readTensor } from '../src/model/graph/onnx/reader.js';
import { AT, le, writeModel, type AttrSpec, type TensorSpec } from './helpers/onnx-writer.js';
import { randInt, rng } from './helpers/rng.js';
import { DT_OF, f, i8, tensor, u8, type QType } from './helpers/model-tensors.js';

const sc = (v: number) => f([], [v]);
const ints = (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v });
const int = (name: string, v: number): AttrSpec => ({ name, type: AT.INT, i: v });
const flt = (name: string, v: number): AttrSpec => ({ name, type: AT.FLOAT, f: v });
const str = (name: string, v: string): AttrSpec => ({ name, type: AT.STRING, s: v });

interface OpCase {
  name: string;
  op: string;
  domain?: string;
  attrs?: AttrSpec[];
  /** [name, tensor (null: omitted), fed or an initializer] in the node's input order. */
  inputs: Array<[string, Tensor | null, 'feed' | 'init']>;
  /** The expected output (worked out by hand), or the output type only (random cases: onnxruntime-web decides). */
  want: Tensor | QType;
  opset?: number;
  /** false: onnxruntime-web refuses the model (the reason next to it). */
  ort?: false;
}

function opModel(c: OpCase): Uint8Array {
  const spec = (t: Tensor): TensorSpec => ({ dataType: DT_OF[t.type], dims: t.dims, raw: le(t.data) });
  const outType = typeof c.want === 'string' ? c.want : c.want.type;
  return writeModel({
    irVersion: 8,
    opsets: [
      ['', c.opset ?? 13],
      ['com.microsoft', 1],
    ],
    graph: {
      name: c.name,
      nodes: [
        {
          opType: c.op,
          domain: c.domain ?? 'com.microsoft',
          inputs: c.inputs.map(([n, t]) => (t ? n : '')),
          outputs: ['y'],
          attributes: c.attrs,
        },
      ],
      initializers: c.inputs.filter(([, t, k]) => t && k === 'init').map(([n, t]) => ({ ...spec(t!), name: n })),
      inputs: c.inputs
        .filter(([, t, k]) => t && k === 'feed')
        .map(([n, t]) => ({ name: n, elemType: DT_OF[t!.type], shape: t!.dims })),
      outputs: [{ name: 'y', elemType: DT_OF[outType] }],
    },
  });
}
const feedsOf = (c: OpCase) => new Map(c.inputs.filter(([, t, k]) => t && k === 'feed').map(([n, t]) => [n, t!]));

function expectExact(got: Tensor, want: Tensor, what: string): void {
  expect(got.type, what).toBe(want.type);
  expect(got.dims, what).toEqual(want.dims);
  expect(Array.from(got.data as ArrayLike<number>), what).toEqual(Array.from(want.data as ArrayLike<number>));
}

let ortModule: typeof import('onnxruntime-web') | null = null;
try {
  ortModule = await import('onnxruntime-web');
  ortModule.env.wasm.numThreads = 1;
  ortModule.env.wasm.proxy = false;
} catch {
  ortModule = null;
}

async function ortRun(c: OpCase): Promise<Tensor> {
  const ort = ortModule!;
  const session = await ort.InferenceSession.create(opModel(c), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'disabled',
  });
  const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
  for (const [n, t] of feedsOf(c)) feeds[n] = new ort.Tensor(t.type as 'float32', t.data as Float32Array, t.dims);
  const out = (await session.run(feeds)).y;
  await session.release();
  return { name: 'y', type: out.type as Tensor['type'], dims: [...out.dims], data: out.data as Tensor['data'] };
}
const refRun = (c: OpCase) => runReference(readOnnxModel(opModel(c)), feedsOf(c)).get('y')!;

/** (X, scale, zero point) as three initializers but X fed. */
const q3 = (p: string, x: Tensor, s: number, zp: Tensor | null): Array<[string, Tensor | null, 'feed' | 'init']> => [
  [p, x, 'feed'],
  [`${p}_s`, sc(s), 'init'],
  [`${p}_z`, zp, 'init'],
];
const zpOf = (t: Tensor, v: number) => (t.type === 'uint8' ? u8([], [v]) : i8([], [v]));

const X9 = [1, 2, 3, 4, 5, 6, 7, 8, 9];

// ---- hand-made cases --------------------------------------------------------------------------------------------

const CASES: OpCase[] = [
  {
    // A' = 0.5 * (a - 10) = [0, 0.5, 1.5, 122.5]; B' = [4; 250] (rows, broadcast); c = A' + B', + 100, RNE:
    // row 0: [104, 104.5 -> 104, 105.5 -> 106, 226.5 -> 226]; row 1: >= 250 > 155 = 255 - 100: saturates to 255.
    name: 'QLinearAdd uint8, B [2, 1] broadcast over A [4], ties to even, saturation',
    op: 'QLinearAdd',
    inputs: [
      ...q3('a', u8([4], [10, 11, 13, 255]), 0.5, u8([], [10])),
      ...q3('b', u8([2, 1], [4, 250]), 1, u8([], [0])),
      ['c_s', sc(1), 'init'],
      ['c_z', u8([], [100]), 'init'],
    ],
    want: u8([2, 4], [104, 104, 106, 226, 255, 255, 255, 255]),
  },
  {
    // A' = 0.5 * (a + 1) = [-63.5, 0, 0.5, 64]; B' = 3; A' * B' = [-190.5, 0, 1.5, 192]; c_scale 1, c_zp 1: clamp to
    // [-129, 126] = [-129, 0, 1.5, 126]; + 1 = [-128, 1, 2.5 -> 2, 127].
    name: 'QLinearMul int8, scalar B, clamp before the zero point, tie to even',
    op: 'QLinearMul',
    inputs: [
      ...q3('a', i8([1, 4], [-128, -1, 0, 127]), 0.5, i8([], [-1])),
      ...q3('b', i8([1], [3]), 1, i8([], [0])),
      ['c_s', sc(1), 'init'],
      ['c_z', i8([], [1]), 'init'],
    ],
    want: i8([1, 4], [-128, 1, 2, 127]),
  },
  {
    // Zero points omitted (0): A' = 0.25 * a = [0.25, 0.5, 0.75]; B' = 2 * b = [2, 4, 6] (A [3, 1] x B [3]);
    // c = A' * B' / 0.5 -> rows [1, 2, 3], [2, 4, 6], [3, 6, 9].
    name: 'QLinearMul uint8, zero points omitted, [3, 1] x [3] outer broadcast',
    op: 'QLinearMul',
    inputs: [
      ...q3('a', u8([3, 1], [1, 2, 3]), 0.25, null),
      ...q3('b', u8([3], [1, 2, 3]), 2, null),
      ['c_s', sc(0.5), 'init'],
      ['c_z', null, 'init'],
    ],
    want: u8([3, 3], [1, 2, 3, 2, 4, 6, 3, 6, 9]),
    // onnxruntime-web 1.30 refuses any omitted zero point of QLinearAdd / QLinearMul (the schema says optional):
    // "[TypeInferenceError] Input data type does not match the expected data type".
    ort: false,
  },
  {
    // scale = 1 / (1 * 4) = 0.25; channel 0: sum 10 -> 2.5 -> 2, + 3 = 5; channel 1: 101 -> 25.25 -> 25, + 3 = 28.
    name: 'QLinearGlobalAveragePool uint8 [1, 2, 2, 2]: round, then add the zero point',
    op: 'QLinearGlobalAveragePool',
    inputs: [
      ...q3('x', u8([1, 2, 2, 2], [1, 2, 3, 4, 10, 20, 30, 41]), 1, u8([], [0])),
      ['y_s', sc(1), 'init'],
      ['y_z', u8([], [3]), 'init'],
    ],
    want: u8([1, 2, 1, 1], [5, 28]),
  },
  {
    // x_zp 10, x_scale 0.5, y_scale 0.5, size 2 (scale = 0.5 / (0.5 * 2) = 0.5): acc = [1 + 2 - 20, 100 + 100 - 20]
    // = [-17, 180]; * 0.5 = [-8.5 -> -8, 90]; + y_zp -100: [-108, -10]. channels_last: X [1, 1, 2, 2] is N, H, W, C.
    name: 'QLinearGlobalAveragePool int8 channels_last',
    op: 'QLinearGlobalAveragePool',
    attrs: [int('channels_last', 1)],
    inputs: [
      ...q3('x', i8([1, 1, 2, 2], [1, 100, 2, 100]), 0.5, i8([], [10])),
      ['y_s', sc(0.5), 'init'],
      ['y_z', i8([], [-100]), 'init'],
    ],
    want: i8([1, 1, 1, 2], [-108, -10]),
  },
  {
    // 2x2 windows, stride 2, pads 1: window starts -1 and 1. Cells inside: (0,0): {1}; (0,1): {2, 3}; (1,0): {4, 7};
    // (1,1): {5, 6, 8, 9}. Averages of the valid cells: [1, 2.5 -> 2, 5.5 -> 6, 7].
    name: 'QLinearAveragePool uint8 pads 1 stride 2 (count_include_pad 0: valid cells only)',
    op: 'QLinearAveragePool',
    attrs: [ints('kernel_shape', [2, 2]), ints('strides', [2, 2]), ints('pads', [1, 1, 1, 1])],
    inputs: [...q3('x', u8([1, 1, 3, 3], X9), 1, u8([], [0])), ['y_s', sc(1), 'init'], ['y_z', u8([], [0]), 'init']],
    want: u8([1, 1, 2, 2], [1, 2, 6, 7]),
  },
  {
    // As above, every window counts 4 cells: [0.25 -> 0, 1.25 -> 1, 2.75 -> 3, 7].
    name: 'QLinearAveragePool uint8 pads 1 stride 2, count_include_pad 1',
    op: 'QLinearAveragePool',
    attrs: [
      ints('kernel_shape', [2, 2]),
      ints('strides', [2, 2]),
      ints('pads', [1, 1, 1, 1]),
      int('count_include_pad', 1),
    ],
    inputs: [...q3('x', u8([1, 1, 3, 3], X9), 1, u8([], [0])), ['y_s', sc(1), 'init'], ['y_z', u8([], [0]), 'init']],
    want: u8([1, 1, 2, 2], [0, 1, 3, 7]),
  },
  {
    // ceil_mode: out = ceil((3 - 2) / 2) + 1 = 2; windows at 0 and 2 (the second cut by the input's end):
    // [12 / 4 = 3, 9 / 2 = 4.5 -> 4, 15 / 2 = 7.5 -> 8, 9]; + y_zp 0.
    name: 'QLinearAveragePool uint8 ceil_mode (last windows cut by the input end)',
    op: 'QLinearAveragePool',
    attrs: [ints('kernel_shape', [2, 2]), ints('strides', [2, 2]), int('ceil_mode', 1)],
    inputs: [...q3('x', u8([1, 1, 3, 3], X9), 1, u8([], [0])), ['y_s', sc(1), 'init'], ['y_z', u8([], [0]), 'init']],
    want: u8([1, 1, 2, 2], [3, 4, 8, 9]),
  },
  {
    // ceil_mode with count_include_pad 1: every window divides by the whole kernel (4), also those cut by the input's
    // end where no padding is: [12 / 4 = 3, 9 / 4 = 2.25 -> 2, 15 / 4 = 3.75 -> 4, 9 / 4 -> 2].
    name: 'QLinearAveragePool uint8 ceil_mode + count_include_pad: the whole kernel counts',
    op: 'QLinearAveragePool',
    attrs: [ints('kernel_shape', [2, 2]), ints('strides', [2, 2]), int('ceil_mode', 1), int('count_include_pad', 1)],
    inputs: [...q3('x', u8([1, 1, 3, 3], X9), 1, u8([], [0])), ['y_s', sc(1), 'init'], ['y_z', u8([], [0]), 'init']],
    want: u8([1, 1, 2, 2], [3, 2, 4, 2]),
  },
  {
    // The float AveragePool of the same: cells past the (zero) end padding do not count: [12 / 4, 9 / 2, 15 / 2, 9 / 1].
    name: 'AveragePool float32 ceil_mode + count_include_pad: cells past the padding do not count',
    op: 'AveragePool',
    domain: '',
    attrs: [ints('kernel_shape', [2, 2]), ints('strides', [2, 2]), int('ceil_mode', 1), int('count_include_pad', 1)],
    inputs: [['x', f([1, 1, 3, 3], X9), 'feed']],
    want: f([1, 1, 2, 2], [3, 4.5, 7.5, 9]),
  },
  {
    // Add zp before rounding: x_scale 1, y_scale 2, y_zp 1: window [1, 2] avg 1.5 / 2 = 0.75, + 1 = 1.75 -> 2;
    // [3, 4]: 3.5 / 2 = 1.75 + 1 = 2.75 -> 3; [-128, -128]: -64 + 1 = -63. 1-D, kernel 2, stride 2.
    name: 'QLinearAveragePool int8 1-D',
    op: 'QLinearAveragePool',
    attrs: [ints('kernel_shape', [2]), ints('strides', [2])],
    inputs: [
      ...q3('x', i8([1, 1, 6], [1, 2, 3, 4, -128, -128]), 1, i8([], [0])),
      ['y_s', sc(2), 'init'],
      ['y_z', i8([], [1]), 'init'],
    ],
    want: i8([1, 1, 3], [2, 3, -63]),
  },
  {
    // a: the output's scale and zp: copied ([3, 250]); b: 0.5 * (x - 4) = [3, 2.5 -> 2]; c: 2 * 200 = 400 -> 255.
    name: 'QLinearConcat uint8 axis 1: a copy, a table with a tie, a saturating table',
    op: 'QLinearConcat',
    attrs: [int('axis', 1)],
    inputs: [
      ['y_s', sc(1), 'init'],
      ['y_z', u8([], [0]), 'init'],
      ...q3('a', u8([1, 2], [3, 250]), 1, u8([], [0])),
      ...q3('b', u8([1, 2], [10, 9]), 0.5, u8([], [4])),
      ...q3('c', u8([1, 1], [200]), 2, u8([], [0])),
    ],
    want: u8([1, 5], [3, 250, 3, 2, 255]),
  },
  {
    // axis -2 = 0 of [*, 2]: rows of a then b. b: 0.5 * (x + 2): [-128 -> -63, 5 -> 3.5 -> 4 (even)], y_zp -1:
    // [-64, 3]? no: q = RNE(d / 1) then + zp: [-63 - 1, 4 - 1] = [-64, 3].
    name: 'QLinearConcat int8 axis -2, negative values through the table',
    op: 'QLinearConcat',
    attrs: [int('axis', -2)],
    inputs: [
      ['y_s', sc(1), 'init'],
      ['y_z', i8([], [-1]), 'init'],
      ...q3('a', i8([1, 2], [7, -7]), 1, i8([], [-1])),
      ...q3('b', i8([1, 2], [-128, 5]), 0.5, i8([], [-2])),
    ],
    want: i8([2, 2], [7, -7, -64, 3]),
  },
  {
    // x_scale 0.1, x_zp 128: d(128) = 0 -> logistic 0.5 -> 0.5 * 256 = 128; d(255) = 12.7 -> 0.999997 -> 255.999 ->
    // 256 -> 255; d(0) = -12.8 -> 2.8e-6 -> 0.0007 -> 0. y_scale 1/256, y_zp 0.
    name: 'QLinearSigmoid uint8 (MLAS logistic table)',
    op: 'QLinearSigmoid',
    inputs: [
      ...q3('x', u8([3], [0, 128, 255]), 0.1, u8([], [128])),
      ['y_s', sc(1 / 256), 'init'],
      ['y_z', u8([], [0]), 'init'],
    ],
    want: u8([3], [0, 128, 255]),
  },
  {
    // alpha 0.1f: -128 -> -12.8 -> -13; -1 -> -0.1 -> 0; 0 -> 0; 5 -> 5; -5 -> -0.5 -> -0 (tie to even) -> 0.
    name: 'QLinearLeakyRelu int8 alpha 0.1',
    op: 'QLinearLeakyRelu',
    attrs: [flt('alpha', 0.1)],
    inputs: [
      ...q3('x', i8([5], [-128, -1, 0, 5, -5]), 1, i8([], [0])),
      ['y_s', sc(1), 'init'],
      ['y_z', i8([], [0]), 'init'],
    ],
    want: i8([5], [-13, 0, 0, 5, 0]),
  },
  {
    // SAME_UPPER, W 3, kernel 1, stride 3: O = 1, total = 0 * 3 + 1 - 3 = -2, begin trunc(-2 / 2) = -1: the window
    // starts at 1 (5), not clamped to 0 (onnxruntime-web's 8-bit MaxPool computes so; its float one refuses it).
    name: 'MaxPool uint8 SAME_UPPER with a stride larger than the kernel: a negative begin pad',
    op: 'MaxPool',
    domain: '',
    attrs: [str('auto_pad', 'SAME_UPPER'), ints('kernel_shape', [1, 1]), ints('strides', [1, 3])],
    inputs: [['x', u8([1, 1, 1, 3], [1, 5, 2]), 'feed']],
    want: u8([1, 1, 1, 1], [5]),
  },
  {
    // SAME_LOWER: begin trunc((-2 + 1) / 2) = 0 (C++ division): the window at 0.
    name: 'MaxPool uint8 SAME_LOWER with a stride larger than the kernel: begin pad 0',
    op: 'MaxPool',
    domain: '',
    attrs: [str('auto_pad', 'SAME_LOWER'), ints('kernel_shape', [1, 1]), ints('strides', [1, 3])],
    inputs: [['x', u8([1, 1, 1, 3], [1, 5, 2]), 'feed']],
    want: u8([1, 1, 1, 1], [1]),
  },
];

describe('reference executor: hand-made models (com.microsoft QLinear*, MaxPool, AveragePool)', () => {
  for (const c of CASES) it(c.name, () => expectExact(refRun(c), c.want as Tensor, c.name));
});

describe('reference executor: hand-made models (com.microsoft QLinear*, MaxPool, AveragePool), onnxruntime-web 1.30 computes the same', () => {
  for (const c of CASES.filter((c) => c.ort !== false))
    it.skipIf(!ortModule)(c.name, async () => expectExact(await ortRun(c), c.want as Tensor, c.name));
});

// ---- seeded random models ---------------------------------------------------------------------------------------

const randScale = (r: () => number) => Math.fround(2 ** (-6 + 8 * r()) * (1 + r()));
const randT = (r: () => number, type: 'uint8' | 'int8', dims: number[]) =>
  tensor(
    type,
    dims,
    Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () =>
      type === 'uint8' ? randInt(r, 0, 255) : randInt(r, -128, 127),
    ),
  );
// Zero points always given: onnxruntime-web refuses omitted ones (see the hand-made QLinearMul case).
const randZpT = (r: () => number, type: 'uint8' | 'int8') =>
  tensor(type, [], [(type === 'uint8' ? 128 : 0) + randInt(r, -40, 40)]);
const randDims = (r: () => number, rank: number, max = 5) => Array.from({ length: rank }, () => randInt(r, 1, max));
const qtype = (r: () => number) => (r() < 0.5 ? 'uint8' : 'int8') as 'uint8' | 'int8';

function randomBinary(r: () => number, op: string): OpCase {
  const type = qtype(r);
  const out = randDims(r, randInt(r, 1, 4));
  const side = () => out.slice(randInt(r, 0, out.length - 1)).map((d) => (r() < 0.3 ? 1 : d));
  const sA = randScale(r),
    sB = randScale(r);
  const sC = Math.fround(op === 'QLinearAdd' ? (sA + sB) * (0.5 + r()) : sA * sB * 128 * (0.5 + r()));
  return {
    name: `${op} ${type}`,
    op,
    want: type,
    inputs: [
      ...q3('a', randT(r, type, side()), sA, randZpT(r, type)),
      ...q3('b', randT(r, type, side()), sB, randZpT(r, type)),
      ['c_s', sc(sC), 'init'],
      ['c_z', randZpT(r, type), 'init'],
    ],
  };
}

function randomPool(r: () => number, global: boolean): OpCase {
  const type = qtype(r);
  const k = randInt(r, 1, 2);
  const last = r() < 0.3;
  const spatial = randDims(r, k, 7);
  const n = randInt(r, 1, 2),
    c = randInt(r, 1, 3);
  const dims = last ? [n, ...spatial, c] : [n, c, ...spatial];
  const xS = randScale(r);
  const attrs: AttrSpec[] = [];
  if (last) attrs.push(int('channels_last', 1));
  if (!global) {
    const kernel = spatial.map((d) => randInt(r, 1, Math.min(d, 3)));
    attrs.push(
      ints('kernel_shape', kernel),
      ints(
        'strides',
        kernel.map(() => randInt(r, 1, 3)),
      ),
    );
    const mode = randInt(r, 0, 3);
    if (mode === 1)
      attrs.push(
        ints('pads', [...kernel.map((q) => randInt(r, 0, q - 1)), ...kernel.map((q) => randInt(r, 0, q - 1))]),
      );
    if (mode === 2) attrs.push(str('auto_pad', r() < 0.5 ? 'SAME_UPPER' : 'SAME_LOWER'));
    if (r() < 0.5) attrs.push(int('count_include_pad', 1));
    if (mode !== 2 && r() < 0.5) attrs.push(int('ceil_mode', 1));
  }
  return {
    name: `${global ? 'QLinearGlobalAveragePool' : 'QLinearAveragePool'} ${type} [${dims}] ${attrs.map((a) => `${a.name}=${a.ints ?? a.i ?? a.s}`).join(' ')}`,
    op: global ? 'QLinearGlobalAveragePool' : 'QLinearAveragePool',
    attrs,
    want: type,
    inputs: [
      ...q3('x', randT(r, type, dims), xS, randZpT(r, type)),
      ['y_s', sc(Math.fround(xS * (0.5 + r()))), 'init'],
      ['y_z', randZpT(r, type), 'init'],
    ],
  };
}

function randomConcat(r: () => number): OpCase {
  const type = qtype(r);
  const rank = randInt(r, 1, 4);
  const dims = randDims(r, rank, 4);
  const axis = randInt(r, -rank, rank - 1);
  const yS = randScale(r);
  const yZ = randZpT(r, type) ?? zpOf(randT(r, type, [1]), 0);
  const inputs: OpCase['inputs'] = [
    ['y_s', sc(yS), 'init'],
    ['y_z', yZ, 'init'],
  ];
  const parts = randInt(r, 1, 4);
  for (let i = 0; i < parts; i++) {
    const d = [...dims];
    d[(axis + rank) % rank] = randInt(r, 1, 3);
    const same = r() < 0.25;
    inputs.push(
      [`x${i}`, randT(r, type, d), 'feed'],
      [`x${i}_s`, sc(same ? yS : randScale(r)), 'init'],
      [`x${i}_z`, same ? yZ : zpOf(yZ, (type === 'uint8' ? 128 : 0) + randInt(r, -40, 40)), 'init'],
    );
  }
  return {
    name: `QLinearConcat ${type} axis ${axis}`,
    op: 'QLinearConcat',
    attrs: [int('axis', axis)],
    inputs,
    want: type,
  };
}

function randomLut(r: () => number, op: string): OpCase {
  const type = qtype(r);
  const x = tensor(
    type,
    [256],
    Array.from({ length: 256 }, (_, i) => (type === 'int8' ? i - 128 : i)),
  );
  const attrs = op === 'QLinearLeakyRelu' && r() < 0.7 ? [flt('alpha', Math.fround(r() * 0.5))] : [];
  const xS = Math.fround(2 ** (-6 + 4 * r()) * (1 + r()));
  const yS = op === 'QLinearSigmoid' ? Math.fround((1 / 256) * (0.5 + r())) : Math.fround(xS * (0.5 + r()));
  return {
    name: `${op} ${type}`,
    op,
    attrs,
    want: type,
    inputs: [...q3('x', x, xS, randZpT(r, type)), ['y_s', sc(yS), 'init'], ['y_z', randZpT(r, type), 'init']],
  };
}

describe('reference executor: seeded random com.microsoft QLinear* models, equal to onnxruntime-web 1.30 bit for bit', () => {
  const sweeps: Array<[string, number, (r: () => number) => OpCase]> = [
    ['QLinearAdd (broadcasting, uint8 / int8)', 25, (r) => randomBinary(r, 'QLinearAdd')],
    ['QLinearMul (broadcasting, uint8 / int8)', 25, (r) => randomBinary(r, 'QLinearMul')],
    ['QLinearGlobalAveragePool (1-D / 2-D, channels_last)', 20, (r) => randomPool(r, true)],
    [
      'QLinearAveragePool (1-D / 2-D, pads, auto_pad, strides, ceil_mode, count_include_pad, channels_last)',
      60,
      (r) => randomPool(r, false),
    ],
    ['QLinearConcat (any axis, copied and table inputs)', 25, randomConcat],
    ['QLinearSigmoid (all 256 inputs)', 12, (r) => randomLut(r, 'QLinearSigmoid')],
    ['QLinearLeakyRelu (all 256 inputs)', 12, (r) => randomLut(r, 'QLinearLeakyRelu')],
  ];
  for (const [what, count, make] of sweeps) {
    it.skipIf(!ortModule)(what, async () => {
      const r = rng(0xc0ffee + count + what.length);
      for (let i = 0; i < count; i++) {
        const c = make(r);
        expectExact(refRun(c), await ortRun(c), `${c.name} (#${i})`);
      }
    });
  }
});

// ---- float / data-movement operators on onnxruntime-web -------------------------------------------------------------

const TESTDATA = '/usr/share/libonnx-testdata/data/node';

describe('reference executor: default-domain operators, equal to onnxruntime-web 1.30 bit for bit', () => {
  it.skipIf(!ortModule || !existsSync(TESTDATA))(
    "ONNX's Resize cases (nearest, linear; not cubic) on onnxruntime-web",
    async () => {
      const ort = ortModule!;
      const dirs = readdirSync(TESTDATA).filter((d) => d.startsWith('test_resize') && !d.includes('cubic'));
      expect(dirs.length).toBeGreaterThanOrEqual(14);
      for (const d of dirs) {
        const buf = readFileSync(join(TESTDATA, d, 'model.onnx'));
        const g = readOnnxModel(buf);
        const dir = join(TESTDATA, d, 'test_data_set_0');
        const ins = readdirSync(dir)
          .filter((f) => f.startsWith('input_'))
          .sort()
          .map((f) => readTensor(readFileSync(join(dir, f))));
        const fed = g.inputs.filter((v) => !g.initializers.has(v.name));
        const session = await ort.InferenceSession.create(buf, {
          executionProviders: ['wasm'],
          graphOptimizationLevel: 'disabled',
        });
        const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
        ins.forEach(
          (t, i) => (feeds[fed[i].name] = new ort.Tensor(t.type as 'float32', t.data as Float32Array, t.dims)),
        );
        const out = (await session.run(feeds))[g.outputs[0].name];
        await session.release();
        const want: Tensor = {
          name: '',
          type: out.type as Tensor['type'],
          dims: [...out.dims],
          data: out.data as Tensor['data'],
        };
        expectExact(runReference(g, new Map(ins.map((t, i) => [fed[i].name, t]))).get(g.outputs[0].name)!, want, d);
      }
    },
  );

  const onnx = (c: OpCase): OpCase => ({ ...c, domain: '' });

  function randomMaxPool(r: () => number): OpCase {
    const type = r() < 0.2 ? 'float32' : qtype(r);
    const k = randInt(r, 1, 2);
    const spatial = randDims(r, k, 7);
    const dims = [randInt(r, 1, 2), randInt(r, 1, 3), ...spatial];
    const kernel = spatial.map((d) => randInt(r, 1, Math.min(d, 3)));
    const attrs: AttrSpec[] = [
      ints('kernel_shape', kernel),
      ints(
        'strides',
        kernel.map(() => randInt(r, 1, 3)),
      ),
    ];
    const mode = randInt(r, 0, 3);
    if (mode === 1)
      attrs.push(
        ints('pads', [...kernel.map((q) => randInt(r, 0, q - 1)), ...kernel.map((q) => randInt(r, 0, q - 1))]),
      );
    if (mode === 2) attrs.push(str('auto_pad', r() < 0.5 ? 'SAME_UPPER' : 'SAME_LOWER'));
    if (mode !== 2 && r() < 0.5) attrs.push(int('ceil_mode', 1));
    if (mode !== 2 && r() < 0.3)
      attrs.push(
        ints(
          'dilations',
          kernel.map(() => randInt(r, 1, 2)),
        ),
      );
    const x =
      type === 'float32'
        ? f(
            dims,
            Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => Math.fround(r() * 8 - 4)),
          )
        : randT(r, type, dims);
    return onnx({
      name: `MaxPool ${type} [${dims}] ${attrs.map((a) => `${a.name}=${a.ints ?? a.i ?? a.s}`).join(' ')}`,
      op: 'MaxPool',
      attrs,
      want: type,
      inputs: [['x', x, 'feed']],
    });
  }

  function randomResize(r: () => number): OpCase {
    const type = r() < 0.2 ? 'float32' : qtype(r);
    const dims = [1, randInt(r, 1, 2), randInt(r, 1, 6), randInt(r, 1, 6)];
    const mode = r() < 0.5 ? 'nearest' : 'linear';
    const ctms = [
      'half_pixel',
      'pytorch_half_pixel',
      'align_corners',
      'asymmetric',
      ...(mode === 'nearest' ? ['tf_half_pixel_for_nn'] : []),
    ];
    const attrs: AttrSpec[] = [
      str('mode', mode),
      str('coordinate_transformation_mode', ctms[randInt(r, 0, ctms.length - 1)]),
    ];
    if (mode === 'nearest')
      attrs.push(str('nearest_mode', ['round_prefer_floor', 'round_prefer_ceil', 'floor', 'ceil'][randInt(r, 0, 3)]));
    const x =
      type === 'float32'
        ? f(
            dims,
            Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => Math.fround(r() * 8 - 4)),
          )
        : randT(r, type, dims);
    if (r() < 0.2) {
      const sc10 = [1, 1, Math.fround(0.25 * randInt(r, 1, 12)), Math.fround(0.25 * randInt(r, 1, 12))];
      return onnx({
        name: `Resize opset 10 ${type} [${dims}] scales [${sc10}] ${mode}`,
        op: 'Resize',
        attrs: [str('mode', mode)],
        want: type,
        opset: 10,
        inputs: [
          ['x', x, 'feed'],
          ['scales', f([4], sc10), 'init'],
        ],
      });
    }
    const bySizes = r() < 0.5;
    const out = [1, dims[1], randInt(r, 1, 9), randInt(r, 1, 9)];
    const scales = [1, 1, Math.fround(0.25 * randInt(r, 1, 12)), Math.fround(0.25 * randInt(r, 1, 12))];
    return onnx({
      name: `Resize ${type} [${dims}] ${bySizes ? `sizes [${out}]` : `scales [${scales}]`} ${attrs.map((a) => `${a.name}=${a.s}`).join(' ')}`,
      op: 'Resize',
      attrs,
      want: type,
      inputs: [
        ['x', x, 'feed'],
        ['roi', f([0], []), 'init'],
        ['scales', bySizes ? f([0], []) : f([4], scales), 'init'],
        ['sizes', bySizes ? tensor('int64', [4], out) : null, 'init'],
      ],
    });
  }

  const randF = (r: () => number, dims: number[]) =>
    f(
      dims,
      Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => Math.fround(r() * 8 - 4)),
    );
  function randomFloatPool(r: () => number): OpCase {
    const c = randomPool(r, r() < 0.2);
    // onnxruntime-web's float AveragePool refuses the negative SAME padding of a stride larger than the kernel
    // ("padding values must be non-negative"; its QLinearAveragePool takes it): such cases drop auto_pad here.
    const k = c.attrs?.find((a) => a.name === 'kernel_shape')?.ints ?? [];
    const st = c.attrs?.find((a) => a.name === 'strides')?.ints ?? [];
    const negative = st.some((s, i) => s > k[i]);
    const attrs = (c.attrs ?? []).filter((a) => a.name !== 'channels_last' && !(negative && a.name === 'auto_pad'));
    const dims = (c.inputs[0][1] as Tensor).dims;
    const op = c.op === 'QLinearGlobalAveragePool' ? 'GlobalAveragePool' : 'AveragePool';
    return onnx({
      name: c.name.replace(/^QLinear\w+ \w+/, `${op} float32`),
      op,
      attrs,
      want: 'float32',
      inputs: [['x', randF(r, dims), 'feed']],
    });
  }
  function randomMisc(r: () => number): OpCase {
    const which = randInt(r, 0, 6);
    const rank = randInt(r, 1, 4);
    const dims = randDims(r, rank, 4);
    const x = randF(r, dims);
    if (which === 0)
      return onnx({
        name: `Softmax axis`,
        op: 'Softmax',
        attrs: [int('axis', randInt(r, -rank, rank - 1))],
        want: 'float32',
        inputs: [['x', x, 'feed']],
      });
    if (which === 1) return onnx({ name: 'Sigmoid', op: 'Sigmoid', want: 'float32', inputs: [['x', x, 'feed']] });
    if (which === 2) {
      const [m, k, n] = [randInt(r, 1, 5), randInt(r, 1, 9), randInt(r, 1, 5)];
      const batch = randDims(r, randInt(r, 0, 2), 3);
      return onnx({
        name: `MatMul [${batch}] ${m}x${k}x${n}`,
        op: 'MatMul',
        want: 'float32',
        inputs: [
          ['a', randF(r, [...batch, m, k]), 'feed'],
          ['b', randF(r, [k, n]), 'feed'],
        ],
      });
    }
    if (which === 3) {
      const [m, k, n] = [randInt(r, 1, 5), randInt(r, 1, 9), randInt(r, 1, 5)];
      const ta = randInt(r, 0, 1),
        tb = randInt(r, 0, 1);
      return onnx({
        name: `Gemm ${m}x${k}x${n} transA ${ta} transB ${tb}`,
        op: 'Gemm',
        want: 'float32',
        attrs: [
          int('transA', ta),
          int('transB', tb),
          flt('alpha', Math.fround(r() * 2)),
          flt('beta', Math.fround(r() * 2)),
        ],
        inputs: [
          ['a', randF(r, ta ? [k, m] : [m, k]), 'feed'],
          ['b', randF(r, tb ? [n, k] : [k, n]), 'feed'],
          ['c', randF(r, r() < 0.5 ? [n] : [m, n]), 'feed'],
        ],
      });
    }
    const op = ['Sub', 'Div', 'Sub'][which - 4];
    return onnx({
      name: `${op} broadcast`,
      op,
      want: 'float32',
      inputs: [
        ['a', x, 'feed'],
        [
          'b',
          randF(
            r,
            dims.slice(randInt(r, 0, rank - 1)).map((d) => (r() < 0.3 ? 1 : d)),
          ),
          'feed',
        ],
      ],
    });
  }
  function randomMove(r: () => number): OpCase {
    const which = randInt(r, 0, 2);
    const rank = randInt(r, 1, 4);
    const dims = randDims(r, rank, 5);
    const x = r() < 0.5 ? randT(r, 'int8', dims) : randF(r, dims);
    if (which === 0) {
      const axes = Array.from({ length: rank }, (_, i) => i).filter(() => r() < 0.7);
      const starts = axes.map((a) => randInt(r, -dims[a] - 1, dims[a] + 1)),
        ends = axes.map((a) => randInt(r, -dims[a] - 1, dims[a] + 1));
      const steps = axes.map(() => (r() < 0.5 ? 1 : [-2, -1, 2, 3][randInt(r, 0, 3)]));
      return onnx({
        name: `Slice axes [${axes}] starts [${starts}] ends [${ends}] steps [${steps}]`,
        op: 'Slice',
        want: x.type as QType,
        inputs: [
          ['x', x, 'feed'],
          ['st', tensor('int64', [axes.length], starts), 'init'],
          ['en', tensor('int64', [axes.length], ends), 'init'],
          ['ax', tensor('int64', [axes.length], axes), 'init'],
          ['sp', tensor('int64', [axes.length], steps), 'init'],
        ],
      });
    }
    if (which === 1) {
      const pads = [...dims.map(() => randInt(r, -1, 2)), ...dims.map(() => randInt(r, 0, 2))].map((p, i) =>
        i < rank && p < 0 && dims[i] < 2 ? 0 : p,
      );
      const mode = ['constant', 'edge', 'reflect'][randInt(r, 0, 2)];
      const okReflect = dims.every((d, i) => pads[i] < d && pads[rank + i] < d);
      return onnx({
        name: `Pad ${mode} [${pads}]`,
        op: 'Pad',
        attrs: [str('mode', mode === 'reflect' && !okReflect ? 'edge' : mode)],
        want: x.type as QType,
        inputs: [
          ['x', x, 'feed'],
          ['p', tensor('int64', [2 * rank], pads), 'init'],
          ['v', x.type === 'int8' ? i8([], [-7]) : f([], [2.5]), 'init'],
        ],
      });
    }
    const axis = randInt(r, -rank, rank - 1);
    const other = [...dims];
    other[(axis + rank) % rank] = randInt(r, 1, 3);
    return onnx({
      name: `Concat axis ${axis}`,
      op: 'Concat',
      attrs: [int('axis', axis)],
      want: x.type as QType,
      inputs: [
        ['x', x, 'feed'],
        ['y2', x.type === 'int8' ? randT(r, 'int8', other) : randF(r, other), 'feed'],
      ],
    });
  }

  const close: Array<[string, number, (r: () => number) => OpCase]> = [
    ['Softmax, Sigmoid, MatMul, Gemm, Sub, Div float32 (within 1e-6 relative)', 40, randomMisc],
  ];
  for (const [what, count, make] of close) {
    it.skipIf(!ortModule)(what, async () => {
      const r = rng(0xf10a7 + count + what.length);
      for (let i = 0; i < count; i++) {
        const c = make(r);
        const got = refRun(c),
          want = await ortRun(c);
        expect(got.dims, c.name).toEqual(want.dims);
        for (let j = 0; j < want.data.length; j++) {
          const g = got.data[j] as number,
            w = want.data[j] as number;
          if (!(Math.abs(g - w) <= 1e-6 + 1e-6 * Math.abs(w))) expect(g, `${c.name} [${j}]`).toBe(w);
        }
      }
    });
  }

  const sweeps: Array<[string, number, (r: () => number) => OpCase]> = [
    [
      'Slice (negative / out-of-range starts and ends, negative steps), Pad (constant / edge / reflect, negative pads), Concat',
      60,
      randomMove,
    ],
    ['MaxPool (float32 / uint8 / int8; pads, auto_pad, strides, ceil_mode, dilations)', 40, randomMaxPool],
    [
      'AveragePool / GlobalAveragePool float32 (pads, auto_pad, strides, ceil_mode, count_include_pad)',
      40,
      (r) => {
        // a draw whose geometry the reference refuses (a kernel past the padded input) is drawn again
        for (;;) {
          const c = randomFloatPool(r);
          try {
            refRun(c);
            return c;
          } catch {
            // another draw
          }
        }
      },
    ],
    [
      'Resize (float32 / uint8 / int8; nearest modes, linear truncating to integers; coordinate modes; scales / sizes; opset 10)',
      80,
      randomResize,
    ],
  ];
  for (const [what, count, make] of sweeps) {
    it.skipIf(!ortModule)(what, async () => {
      const r = rng(0xabc + count + what.length);
      for (let i = 0; i < count; i++) {
        const c = make(r);
        expectExact(refRun(c), await ortRun(c), `${c.name} (#${i})`);
      }
    });
  }
});
