/**
 * Small int8 TFLite models (fixtures/tflite-model.ts buildTfliteGraph), one operator each (ADD and MUL after a 1x1
 * CONV_2D of the same input, so that both operands are computed), int8 NHWC in and out, for comparing
 * rt.loadModel with LiteRT.js (test/model-tflite-litert.test.ts) and with the reference (test/model-tflite.test.ts).
 */
import { buildTfliteGraph, type TflOpSpec, type TflTensorSpec } from '../../fixtures/tflite-model.js';
import { rng } from './rng.js';

export interface TflCase {
  name: string;
  /** the operators the case exercises */
  ops: string[];
  bytes: Uint8Array;
  inShape: number[];
  outShape: number[];
  x: Int8Array;
}

const i8 = (n: number, seed: number, lo = -128, hi = 127) => {
  const r = rng(seed);
  return Int8Array.from({ length: n }, () => lo + Math.floor(r() * (hi - lo + 1)));
};
const numel = (s: number[]) => s.reduce((a, b) => a * b, 1);
const q = (
  name: string,
  shape: number[],
  scale: number,
  zp: number,
  extra: Partial<TflTensorSpec> = {},
): TflTensorSpec => ({ name, shape, type: 'int8', scale: [scale], zeroPoint: [zp], ...extra });
const I32 = 'i32' as const;
const I8 = 'i8' as const;
const F32 = 'f32' as const;

/** One operator on input 0, output last: tensors [input, ...consts, output]. */
function single(
  name: string,
  op: string,
  code: number,
  input: TflTensorSpec,
  consts: TflTensorSpec[],
  output: TflTensorSpec,
  options: TflOpSpec['options'],
  seed: number,
  constSlots?: number[],
): TflCase {
  const tensors = [input, ...consts, output];
  const ins = [0, ...(constSlots ?? consts.map((_, k) => k + 1))];
  const bytes = buildTfliteGraph({
    tensors,
    ops: [{ code, inputs: ins, outputs: [tensors.length - 1], options }],
    inputs: [0],
    outputs: [tensors.length - 1],
  });
  return { name, ops: [op], bytes, inShape: input.shape, outShape: output.shape, x: i8(numel(input.shape), seed) };
}

/** x -> CONV_2D 1x1 (c) -> ADD / MUL (x, c), fused activation `act`. */
function binary(name: string, op: 'ADD' | 'SUB' | 'MUL' | 'CONCATENATION', act: number, seed: number): TflCase {
  const shape = [1, 5, 6, 8];
  const r = rng(seed);
  const tensors: TflTensorSpec[] = [
    q('x', shape, 0.03, -4),
    { name: 'w', shape: [8, 1, 1, 8], type: 'int8', data: i8(64, seed + 1, -127, 127), scale: [0.01], zeroPoint: [0] },
    {
      name: 'b',
      shape: [8],
      type: 'int32',
      data: Int32Array.from({ length: 8 }, () => Math.floor(r() * 400) - 200),
      scale: [Math.fround(0.03 * 0.01)],
      zeroPoint: [0],
    },
    // TFLite's quantization spec gives CONCATENATION's inputs and output one scale and zero point
    op === 'CONCATENATION' ? q('c', shape, 0.03, -4) : q('c', shape, 0.05, 3),
    op === 'CONCATENATION'
      ? q('y', [1, 5, 6, 16], 0.03, -4)
      : q('y', shape, op === 'ADD' || op === 'SUB' ? 0.06 : 0.04, act ? -128 : 7),
  ];
  const ops: TflOpSpec[] = [
    {
      code: 3,
      inputs: [0, 1, 2],
      outputs: [3],
      options: {
        type: 1,
        fields: [
          { type: I8, value: 0 },
          { type: I32, value: 1 },
          { type: I32, value: 1 },
          { type: I8, value: 0 },
        ],
      },
    },
    op === 'CONCATENATION'
      ? {
          code: 2,
          inputs: [0, 3],
          outputs: [4],
          options: {
            type: 10,
            fields: [
              { type: I32, value: 3 },
              { type: I8, value: act },
            ],
          },
        }
      : {
          code: { ADD: 0, SUB: 41, MUL: 18 }[op],
          inputs: [0, 3],
          outputs: [4],
          options: { type: { ADD: 11, SUB: 28, MUL: 21 }[op], fields: [{ type: I8, value: act }] },
        },
  ];
  return {
    name,
    ops: ['CONV_2D', op],
    bytes: buildTfliteGraph({ tensors, ops, inputs: [0], outputs: [4] }),
    inShape: shape,
    outShape: tensors[4].shape,
    x: i8(numel(shape), seed),
  };
}

/** x -> MAX_POOL_2D over the whole plane -> g [1, 1, 1, C] (exact in both engines); MUL / ADD (x, g): a per-channel
 * broadcast (a squeeze-and-excitation gate's shape). */
function broadcast(name: string, op: 'ADD' | 'MUL', seed: number): TflCase {
  const shape = [1, 5, 6, 8];
  const tensors: TflTensorSpec[] = [
    q('x', shape, 0.03, -4),
    q('g', [1, 1, 1, 8], 0.03, -4),
    q('y', shape, op === 'ADD' ? 0.05 : 0.02, 5),
  ];
  const ops: TflOpSpec[] = [
    {
      code: 17,
      inputs: [0],
      outputs: [1],
      options: {
        type: 5,
        fields: [
          { type: I8, value: 1 },
          { type: I32, value: 1 },
          { type: I32, value: 1 },
          { type: I32, value: 6 },
          { type: I32, value: 5 },
          { type: I8, value: 0 },
        ],
      },
    },
    {
      code: op === 'ADD' ? 0 : 18,
      inputs: [0, 1],
      outputs: [2],
      options: { type: op === 'ADD' ? 11 : 21, fields: [{ type: I8, value: 0 }] },
    },
  ];
  return {
    name,
    ops: ['MAX_POOL_2D', op],
    bytes: buildTfliteGraph({ tensors, ops, inputs: [0], outputs: [2] }),
    inShape: shape,
    outShape: shape,
    x: i8(240, seed),
  };
}

/** x -> TRANSPOSE_CONV (inputs [output_shape, filter OHWI, x, bias]) with `oc` outputs. */
function transposeConv(
  name: string,
  k: number,
  stride: number,
  same: boolean,
  outHW: [number, number],
  perChannel: boolean,
  act: number,
  seed: number,
): TflCase {
  const inShape = [1, 4, 5, 8];
  const oc = 6;
  const r = rng(seed);
  const scales = perChannel ? Array.from({ length: oc }, (_, i) => 0.003 + 0.0007 * i) : [0.005];
  const outShape = [1, outHW[0], outHW[1], oc];
  const tensors: TflTensorSpec[] = [
    q('x', inShape, 0.04, 6),
    { name: 'output_shape', shape: [4], type: 'int32', data: Int32Array.from(outShape) },
    {
      name: 'w',
      shape: [oc, k, k, 8],
      type: 'int8',
      data: i8(oc * k * k * 8, seed + 1, -127, 127),
      scale: scales,
      zeroPoint: scales.map(() => 0),
      axis: 0,
    },
    {
      name: 'b',
      shape: [oc],
      type: 'int32',
      data: Int32Array.from({ length: oc }, () => Math.floor(r() * 2000) - 1000),
      scale: scales.map((v) => Math.fround(0.04 * v)),
      zeroPoint: scales.map(() => 0),
    },
    q('y', outShape, 0.03, act ? -128 : -7),
  ];
  const ops: TflOpSpec[] = [
    {
      code: 67,
      inputs: [1, 2, 0, 3],
      outputs: [4],
      options: {
        type: 49,
        fields: [
          { type: I8, value: same ? 0 : 1 },
          { type: I32, value: stride },
          { type: I32, value: stride },
          { type: I8, value: act },
        ],
      },
    },
  ];
  return {
    name,
    ops: ['TRANSPOSE_CONV'],
    bytes: buildTfliteGraph({ tensors, ops, inputs: [0], outputs: [4] }),
    inShape,
    outShape,
    x: i8(numel(inShape), seed + 2),
  };
}

export function tfliteCases(): TflCase[] {
  const s4 = [1, 7, 9, 8];
  const cases: TflCase[] = [];
  // CONV_2D 3x3 SAME stride 2, RELU6 fused (zero point -128: [0, 6] is the output's range, so the clip matters only above)
  {
    const r = rng(11);
    const oc = 12;
    const scales = Array.from({ length: oc }, (_, i) => 0.004 + 0.0005 * i);
    cases.push(
      single(
        'CONV_2D 3x3 s2 SAME RELU6 per-channel',
        'CONV_2D',
        3,
        q('x', s4, 0.03, 2),
        [
          {
            name: 'w',
            shape: [oc, 3, 3, 8],
            type: 'int8',
            data: i8(oc * 72, 12, -127, 127),
            scale: scales,
            zeroPoint: scales.map(() => 0),
            axis: 0,
          },
          {
            name: 'b',
            shape: [oc],
            type: 'int32',
            data: Int32Array.from({ length: oc }, () => Math.floor(r() * 2000) - 1000),
            scale: scales.map((s) => Math.fround(0.03 * s)),
            zeroPoint: scales.map(() => 0),
          },
        ],
        q('y', [1, 4, 5, oc], 0.025, -128),
        {
          type: 1,
          fields: [
            { type: I8, value: 0 },
            { type: I32, value: 2 },
            { type: I32, value: 2 },
            { type: I8, value: 3 },
          ],
        },
        13,
      ),
    );
  }
  // DEPTHWISE_CONV_2D 3x3 VALID stride 1, RELU fused
  {
    const r = rng(21);
    cases.push(
      single(
        'DEPTHWISE_CONV_2D 3x3 VALID RELU',
        'DEPTHWISE_CONV_2D',
        4,
        q('x', s4, 0.03, -5),
        [
          { name: 'w', shape: [1, 3, 3, 8], type: 'int8', data: i8(72, 22, -127, 127), scale: [0.02], zeroPoint: [0] },
          {
            name: 'b',
            shape: [8],
            type: 'int32',
            data: Int32Array.from({ length: 8 }, () => Math.floor(r() * 2000) - 1000),
            scale: [Math.fround(0.03 * 0.02)],
            zeroPoint: [0],
          },
        ],
        q('y', [1, 5, 7, 8], 0.05, -100),
        {
          type: 2,
          fields: [
            { type: I8, value: 1 },
            { type: I32, value: 1 },
            { type: I32, value: 1 },
            { type: I32, value: 1 },
            { type: I8, value: 1 },
          ],
        },
        23,
      ),
    );
  }
  // pools: 2x2 stride 2 VALID, 3x3 stride 1 SAME (averages at the edges count only the pixels inside)
  const pool = (code: number, o: string, k: number, st: number, pad: number, seed: number, oshape: number[]) =>
    cases.push(
      single(
        `${o} ${k}x${k} s${st} ${pad ? 'VALID' : 'SAME'}`,
        o,
        code,
        q('x', s4, 0.03, 4),
        [],
        q('y', oshape, 0.03, 4),
        {
          type: 5,
          fields: [
            { type: I8, value: pad },
            { type: I32, value: st },
            { type: I32, value: st },
            { type: I32, value: k },
            { type: I32, value: k },
            { type: I8, value: 0 },
          ],
        },
        seed,
      ),
    );
  pool(17, 'MAX_POOL_2D', 2, 2, 1, 31, [1, 3, 4, 8]);
  pool(17, 'MAX_POOL_2D', 3, 1, 0, 32, s4);
  pool(1, 'AVERAGE_POOL_2D', 2, 2, 1, 33, [1, 3, 4, 8]);
  pool(1, 'AVERAGE_POOL_2D', 3, 1, 0, 34, s4);
  // MEAN over H, W (keep_dims false), then FULLY_CONNECTED
  cases.push(
    single(
      'MEAN over H, W',
      'MEAN',
      40,
      q('x', s4, 0.03, 4),
      [{ name: 'axes', shape: [2], type: 'int32', data: Int32Array.of(1, 2) }],
      q('y', [1, 8], 0.02, -3),
      { type: 27, fields: [{ type: 'bool', value: 0 }] },
      41,
    ),
  );
  {
    const r = rng(51);
    cases.push(
      single(
        'FULLY_CONNECTED 8 -> 5 (from [1, 8])',
        'FULLY_CONNECTED',
        9,
        q('x', [1, 8], 0.03, 4),
        [
          { name: 'w', shape: [5, 8], type: 'int8', data: i8(40, 52, -127, 127), scale: [0.02], zeroPoint: [0] },
          {
            name: 'b',
            shape: [5],
            type: 'int32',
            data: Int32Array.from({ length: 5 }, () => Math.floor(r() * 400) - 200),
            scale: [Math.fround(0.03 * 0.02)],
            zeroPoint: [0],
          },
        ],
        q('y', [1, 5], 0.05, 1),
        { type: 8, fields: [{ type: I8, value: 0 }] },
        53,
      ),
    );
  }
  cases.push(
    single(
      'SOFTMAX [1, 10]',
      'SOFTMAX',
      25,
      q('x', [1, 10], 0.1, 0),
      [],
      q('y', [1, 10], 1 / 256, -128),
      { type: 9, fields: [{ type: F32, value: 1 }] },
      61,
    ),
  );
  cases.push(single('LOGISTIC', 'LOGISTIC', 14, q('x', s4, 0.05, 3), [], q('y', s4, 1 / 256, -128), undefined, 62));
  cases.push(single('HARD_SWISH', 'HARD_SWISH', 117, q('x', s4, 0.04, -10), [], q('y', s4, 0.03, -110), undefined, 63));
  cases.push(
    single(
      'PAD [[0,0],[1,2],[0,1],[0,0]]',
      'PAD',
      34,
      q('x', s4, 0.03, 9),
      [{ name: 'p', shape: [4, 2], type: 'int32', data: Int32Array.of(0, 0, 1, 2, 0, 1, 0, 0) }],
      q('y', [1, 10, 10, 8], 0.03, 9),
      { type: 22, fields: [] },
      64,
    ),
  );
  cases.push(
    single(
      'PADV2 [[0,0],[1,1],[1,1],[0,0]] with -128',
      'PADV2',
      60,
      q('x', s4, 0.03, 9),
      [
        { name: 'p', shape: [4, 2], type: 'int32', data: Int32Array.of(0, 0, 1, 1, 1, 1, 0, 0) },
        { name: 'v', shape: [], type: 'int8', data: Int8Array.of(-128), scale: [0.03], zeroPoint: [9] },
      ],
      q('y', [1, 9, 11, 8], 0.03, 9),
      { type: 43, fields: [] },
      67,
    ),
  );
  cases.push(
    single(
      'RESHAPE [1, 7, 9, 8] -> [1, 504]',
      'RESHAPE',
      22,
      q('x', s4, 0.03, 9),
      [{ name: 's', shape: [2], type: 'int32', data: Int32Array.of(1, 504) }],
      q('y', [1, 504], 0.03, 9),
      { type: 17, fields: [{ ints: [1, 504] }] },
      65,
    ),
  );
  cases.push(
    single(
      'SQUEEZE [1, 1, 1, 8] -> [1, 8]',
      'SQUEEZE',
      43,
      q('x', [1, 1, 1, 8], 0.03, 2),
      [],
      q('y', [1, 8], 0.03, 2),
      { type: 30, fields: [{ ints: [1, 2] }] },
      66,
    ),
  );
  const resize = (code: number, o: string, align: boolean, half: boolean, seed: number) => {
    const flags = [
      { type: 'bool' as const, value: align ? 1 : 0 },
      { type: 'bool' as const, value: half ? 1 : 0 },
    ];
    cases.push(
      single(
        `${o} 7x9 -> 12x16${align ? ' align_corners' : ''}${half ? ' half_pixel_centers' : ''}`,
        o,
        code,
        q('x', s4, 0.03, 2),
        [{ name: 'size', shape: [2], type: 'int32', data: Int32Array.of(12, 16) }],
        q('y', [1, 12, 16, 8], 0.03, 2),
        { type: code === 23 ? 15 : 74, fields: code === 23 ? [undefined, undefined, ...flags] : flags },
        seed,
      ),
    );
  };
  resize(23, 'RESIZE_BILINEAR', false, false, 81);
  resize(23, 'RESIZE_BILINEAR', true, false, 82);
  resize(23, 'RESIZE_BILINEAR', false, true, 83);
  resize(97, 'RESIZE_NEAREST_NEIGHBOR', false, false, 84);
  resize(97, 'RESIZE_NEAREST_NEIGHBOR', true, false, 85);
  resize(97, 'RESIZE_NEAREST_NEIGHBOR', false, true, 86);
  // PP-OCR det's upsampling by 2, 4 and 8 (an FPN's)
  for (const [f, seed] of [
    [2, 87],
    [4, 88],
  ] as const) {
    cases.push(
      single(
        `RESIZE_NEAREST_NEIGHBOR 4x5 -> x${f}`,
        'RESIZE_NEAREST_NEIGHBOR',
        97,
        q('x', [1, 4, 5, 8], 0.03, 2),
        [{ name: 'size', shape: [2], type: 'int32', data: Int32Array.of(4 * f, 5 * f) }],
        q('y', [1, 4 * f, 5 * f, 8], 0.03, 2),
        {
          type: 74,
          fields: [
            { type: 'bool', value: 0 },
            { type: 'bool', value: 0 },
          ],
        },
        seed,
      ),
    );
  }
  cases.push(binary('CONV_2D 1x1 -> ADD', 'ADD', 0, 71));
  cases.push(binary('CONV_2D 1x1 -> ADD RELU', 'ADD', 1, 72));
  cases.push(binary('CONV_2D 1x1 -> MUL', 'MUL', 0, 73));
  cases.push(binary('CONV_2D 1x1 -> SUB', 'SUB', 0, 74));
  cases.push(binary('CONV_2D 1x1 -> CONCATENATION', 'CONCATENATION', 0, 75));
  cases.push(broadcast('MUL by a [1, 1, 1, C] gate', 'MUL', 76));
  cases.push(broadcast('ADD of a [1, 1, 1, C] tensor', 'ADD', 77));
  // PP-OCR det's upsampling (2x2 stride 2 VALID: each input pixel owns a 2x2 block), and a 3x3 stride 2 SAME one that
  // crops the full 9x11 result to 8x10 (SAME's smaller half of the cropping first: none at the top, one at the bottom)
  cases.push(transposeConv('TRANSPOSE_CONV 2x2 s2 VALID RELU per-channel', 2, 2, false, [8, 10], true, 1, 91));
  cases.push(transposeConv('TRANSPOSE_CONV 3x3 s2 SAME to 8x10', 3, 2, true, [8, 10], false, 0, 92));
  return cases;
}
