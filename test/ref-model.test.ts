// The reference model executor (kernels-ref/model/): ONNX's own conformance cases from Debian's libonnx-testdata
// (every node / PyTorch case whose operators are all in the reference's registry, outputs compared as ONNX's test
// runner does: integers equal, floats within rtol 1e-3 / atol 1e-7); hand-made models for what those cases miss
// (per-axis axes, SAME_LOWER, groups, uint8 weights with zero point 255, broadcasting, ties to even, saturation,
// NaN), each with its expected output worked out by hand and also run on onnxruntime-web 1.30 (wasm, one thread),
// which must give the same bits; seeded random quantized models compared with onnxruntime-web bit for bit; and the
// executor's graph handling and refusals (order, cycles, missing inputs, feeds). onnxruntime-web tests are skipped
// where it does not load, the libonnx-testdata ones where the package is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPS, runReference } from '../kernels-ref/model/index.js';
import type { Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel, readTensor } from '../src/model/graph/onnx/reader.js';
import {
  AT,
  DT,
  le,
  writeModel,
  type AttrSpec,
  type NodeSpec,
  type TensorSpec,
  type ValueInfoSpec,
} from './helpers/onnx-writer.js';
import { randInt, rng } from './helpers/rng.js';
import { DT_OF, f, i32, i64, i8, tensor, u8 } from './helpers/model-tensors.js';

const TESTDATA = '/usr/share/libonnx-testdata/data/node';
const haveTestdata = existsSync(TESTDATA);

/** ONNX's backend test comparison: integers and bools exactly, floats with numpy's isclose(rtol 1e-3, atol 1e-7). */
function expectClose(got: Tensor, want: Tensor, what: string): void {
  expect(got.type, what).toBe(want.type);
  expect(got.dims, what).toEqual(want.dims);
  if (want.type !== 'float32' && want.type !== 'double') {
    expect(Array.from(got.data as ArrayLike<number>), what).toEqual(Array.from(want.data as ArrayLike<number>));
    return;
  }
  for (let i = 0; i < want.data.length; i++) {
    const g = got.data[i] as number;
    const w = want.data[i] as number;
    if (Number.isNaN(w) && Number.isNaN(g)) continue;
    if (!(Math.abs(g - w) <= 1e-7 + 1e-3 * Math.abs(w))) expect(g, `${what}[${i}]`).toBe(w);
  }
}

/** Cases whose ops are all implemented but which this test cannot run, with why. */
const NOT_RUN: Record<string, string> = {
  test_identity_opt: 'an optional-typed input (OptionalProto test data)',
  test_simple_rnn_batchwise:
    'an RNN at layout 1: onnxruntime reads X as layout 0 whatever the attribute; the reference refuses it',
  test_identity_sequence: 'a sequence-typed input (SequenceProto test data)',
  test_if_opt: 'an optional-typed output (OptionalProto test data)',
  test_if_seq: 'a sequence-typed output (SequenceProto test data)',
  test_resize_downsample_scales_linear_align_corners:
    'onnxruntime-web computes align_corners from the integer output length (4), ONNX from in * scale (3.142857); the reference follows onnxruntime, test/ref-model-ops.test.ts checks it there',
  test_resize_downsample_scales_cubic_align_corners:
    'onnxruntime-web computes align_corners from the integer output length, ONNX from in * scale; the reference follows onnxruntime (test/model-ops-movement.test.ts)',
  test_maxunpool_export_with_output_shape:
    "ONNX's expected output places each value by re-deriving its position for output_shape; onnxruntime writes at the flat index as given (and so do the host operator and the reference)",
  test_scan_sum: 'Scan-8 (a batch axis and sequence_lens), which the reference and the runtime do not take (9+ only)',
  test_operator_conv: 'PyTorch-operator: 474k outputs, about 3 s of scalar reference (run by hand: it passes)',
  test_einsum_batch_diagonal: "an Einsum diagonal under '...' (the reference and the runtime take no diagonal)",
  test_einsum_sum: "a one-operand Einsum sum of double (the reference sums float32 only, as onnxruntime's ReduceSum)",
  test_batchnorm_epsilon_training_mode: 'training mode (the reference BatchNormalization is inference only)',
  test_batchnorm_example_training_mode: 'training mode (the reference BatchNormalization is inference only)',
  ...Object.fromEntries(
    [
      'test_cast_BFLOAT16_to_FLOAT',
      'test_cast_FLOAT_to_BFLOAT16',
      'test_cast_FLOAT_to_STRING',
      'test_cast_STRING_to_FLOAT',
      'test_castlike_BFLOAT16_to_FLOAT',
      'test_castlike_FLOAT_to_BFLOAT16',
      'test_castlike_FLOAT_to_STRING',
      'test_castlike_STRING_to_FLOAT',
      'test_castlike_BFLOAT16_to_FLOAT_expanded',
      'test_castlike_FLOAT_to_BFLOAT16_expanded',
      'test_castlike_FLOAT_to_STRING_expanded',
      'test_castlike_STRING_to_FLOAT_expanded',
      'test_pow_types_float32_uint32',
      'test_pow_types_float32_uint64',
    ].map((d) => [d, 'test data of an element type the IR does not carry (bfloat16, string, uint32, uint64)']),
  ),
  ...Object.fromEntries(
    ['max', 'min'].flatMap((op) =>
      ['int16', 'uint16', 'uint32', 'uint64'].map((t) => [
        `test_${op}_${t}`,
        'test data of an element type the IR does not carry (int16, uint16, uint32, uint64)',
      ]),
    ),
  ),
  ...Object.fromEntries(
    ['test_mod_mixed_sign_int16', 'test_mod_uint16', 'test_mod_uint32', 'test_mod_uint64'].map((d) => [
      d,
      'test data of an element type the IR does not carry (int16, uint16, uint32, uint64)',
    ]),
  ),
  ...Object.fromEntries(
    ['test_max_float16', 'test_max_float64', 'test_min_float16', 'test_min_float64']
      .concat(['test_mod_mixed_sign_float16', 'test_mod_mixed_sign_float64'])
      .map((d) => [d, 'float16 / double element-wise operators (the runtime and the reference take float32)']),
  ),
  ...Object.fromEntries(
    ['default_axes_keepdims', 'do_not_keepdims', 'keepdims', 'negative_axes_keepdims']
      .flatMap((c) => ['example', 'random'].map((k) => `test_reduce_log_sum_exp_${c}_${k}`))
      .map((d) => [d, 'double data (the runtime and the reference reduce float32)']),
  ),
};

/** The cases the brief names: each must be among those run. */
const REQUIRED = [
  'test_qlinearconv',
  'test_qlinearmatmul_2D',
  'test_qlinearmatmul_3D',
  'test_quantizelinear',
  'test_quantizelinear_axis',
  'test_dequantizelinear',
  'test_dequantizelinear_axis',
  'test_convinteger_with_padding',
  'test_convinteger_without_padding',
  'test_basic_convinteger',
  'test_matmulinteger',
  'test_basic_conv_with_padding',
  'test_basic_conv_without_padding',
  'test_conv_with_autopad_same',
  'test_conv_with_strides_and_asymmetric_padding',
  'test_conv_with_strides_no_padding',
  'test_conv_with_strides_padding',
  'test_relu',
  'test_add',
  'test_add_bcast',
  'test_mul',
  'test_mul_bcast',
  'test_reshape_negative_dim',
  'test_transpose_default',
  'test_flatten_axis0',
  'test_clip',
  'test_clip_default_int8_min',
  'test_identity',
  'test_maxpool_2d_uint8',
  'test_maxpool_2d_ceil',
  'test_maxpool_2d_dilations',
  'test_maxpool_2d_same_lower',
  'test_maxpool_3d_default',
  'test_maxpool_with_argmax_2d_precomputed_strides',
  'test_averagepool_2d_ceil',
  'test_averagepool_2d_pads_count_include_pad',
  'test_averagepool_2d_same_lower',
  'test_averagepool_3d_default',
  'test_globalaveragepool',
  'test_concat_3d_axis_negative_2',
  'test_softmax_axis_0',
  'test_softmax_large_number',
  'test_sigmoid',
  'test_matmul_4d',
  'test_gemm_all_attributes',
  'test_gemm_default_scalar_bias',
  'test_squeeze_negative_axes',
  'test_unsqueeze_unsorted_axes',
  'test_slice_neg_steps',
  'test_slice_end_out_of_bounds',
  'test_constant_pad',
  'test_edge_pad',
  'test_reflect_pad',
  'test_sub_bcast',
  'test_sub_uint8',
  'test_div_bcast',
  'test_div_uint8',
];

/** Runs every case of a libonnx-testdata folder whose operators are all implemented; returns their names. */
function runConformance(root: string): string[] {
  const ran: string[] = [];
  for (const d of readdirSync(root).sort()) {
    const model = join(root, d, 'model.onnx');
    if (!existsSync(model)) continue;
    const g = readOnnxModel(readFileSync(model));
    if (!g.nodes.every((n) => n.domain === '' && OPS.has(n.opType))) continue;
    if (d in NOT_RUN) continue;
    // a sequence or optional input or output (Loop's test_loop13_seq, test_loop16_seq_none): the IR carries tensors only
    if ([...g.inputs, ...g.outputs].some((v) => v.type === null && !g.initializers.has(v.name))) continue;
    // Add / Mul / Pow before opset 7 broadcast by attributes, and PRelu's slope before opset 7 is per channel, both of
    // which the reference refuses (PyTorch's opset-6 Linear and PReLU cases).
    if ((g.opsetImports.get('') ?? 1) < 7 && g.nodes.some((n) => ['Add', 'Mul', 'Pow', 'PRelu'].includes(n.opType)))
      continue;
    {
      for (const set of readdirSync(join(root, d))
        .filter((s) => s.startsWith('test_data_set_'))
        .sort()) {
        const dir = join(root, d, set);
        const read = (kind: string) =>
          readdirSync(dir)
            .filter((f) => f.startsWith(`${kind}_`))
            .sort((a, b) => parseInt(a.slice(kind.length + 1)) - parseInt(b.slice(kind.length + 1)))
            .map((f) => readTensor(readFileSync(join(dir, f))));
        const inputs = read('input');
        const outputs = read('output');
        const fedInputs = g.inputs.filter((v) => !g.initializers.has(v.name));
        const feeds = new Map(inputs.map((t, i) => [fedInputs[i].name, t] as [string, Tensor]));
        const got = runReference(g, feeds);
        outputs.forEach((want, i) => expectClose(got.get(g.outputs[i].name)!, want, `${d}/${set} output ${i}`));
      }
      ran.push(d);
    }
  }
  return ran;
}

describe("reference executor: ONNX's conformance cases (Debian libonnx-testdata)", () => {
  it.skipIf(!haveTestdata)('runs every node case whose operators are all implemented, outputs as ONNX expects', () => {
    const ran = runConformance(TESTDATA);
    console.log(`reference executor ran ${ran.length} ONNX node cases: ${ran.join(' ')}`);
    for (const r of REQUIRED) expect(ran, r).toContain(r);
    expect(ran.length).toBeGreaterThanOrEqual(158); // libonnx-testdata 1.12.0
  });

  it.skipIf(!haveTestdata)(
    'runs the PyTorch-converted and PyTorch-operator cases whose operators are all implemented (1-D / 2-D / 3-D Conv)',
    () => {
      const ran = ['pytorch-converted', 'pytorch-operator'].flatMap((d) => runConformance(join(TESTDATA, '..', d)));
      console.log(`reference executor ran ${ran.length} PyTorch cases: ${ran.join(' ')}`);
      for (const r of [
        'test_AvgPool3d_stride1_pad0_gpu_input',
        'test_MaxPool1d_stride_padding_dilation',
        'test_Linear',
        'test_Softmax',
        'test_ReflectionPad2d',
        'test_operator_mm',
        'test_Conv1d_dilated',
        'test_Conv1d_groups',
        'test_Conv2d_depthwise_with_multiplier',
        'test_Conv2d_groups',
        'test_Conv3d_dilated_strided',
        'test_Conv3d_groups',
      ])
        expect(ran, r).toContain(r);
    },
  );
});

// ---- hand-made cases ---------------------------------------------------------------------------------------------

interface Case {
  name: string;
  op: string;
  attrs?: AttrSpec[];
  /** [name, tensor (null: an omitted optional input), fed or an initializer] in the node's input order. */
  inputs: Array<[string, Tensor | null, 'feed' | 'init']>;
  /** The expected output, worked out by hand in the comment next to it. */
  want: Tensor;
  opset?: number;
  /** Whether onnxruntime-web runs it too (false where it refuses what ONNX allows); 'close' for float Conv. */
  ort?: boolean | 'close';
}

function caseModel(c: Case): Uint8Array {
  const spec = (t: Tensor): TensorSpec => ({ dataType: DT_OF[t.type], dims: t.dims, raw: le(t.data) });
  return writeModel({
    irVersion: 8,
    opsets: [['', c.opset ?? 13]],
    graph: {
      name: c.name,
      nodes: [{ opType: c.op, inputs: c.inputs.map(([n, t]) => (t ? n : '')), outputs: ['y'], attributes: c.attrs }],
      initializers: c.inputs.filter(([, t, k]) => t && k === 'init').map(([n, t]) => ({ ...spec(t!), name: n })),
      inputs: c.inputs
        .filter(([, t, k]) => t && k === 'feed')
        .map(([n, t]) => ({ name: n, elemType: DT_OF[t!.type], shape: t!.dims })),
      outputs: [{ name: 'y', elemType: DT_OF[c.want.type] }],
    },
  });
}

function feedsOf(c: Case): Map<string, Tensor> {
  return new Map(c.inputs.filter(([, t, k]) => t && k === 'feed').map(([n, t]) => [n, t!]));
}

/** Bit-exact comparison (toEqual tells -0 from 0 and matches NaN with NaN). */
function expectExact(got: Tensor, want: Tensor, what: string): void {
  expect(got.type, what).toBe(want.type);
  expect(got.dims, what).toEqual(want.dims);
  expect(Array.from(got.data as ArrayLike<number>), what).toEqual(Array.from(want.data as ArrayLike<number>));
}

const ints = (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v });
const int = (name: string, v: number): AttrSpec => ({ name, type: AT.INT, i: v });
const str = (name: string, v: string): AttrSpec => ({ name, type: AT.STRING, s: v });

const X9 = [1, 2, 3, 4, 5, 6, 7, 8, 9];
/** QLinearConv with unit scales and zero points, so the output is the plain window sum of x (uint8) and w. */
function qconvUnit(name: string, x: Tensor, w: Tensor, attrs: AttrSpec[], want: Tensor): Case {
  return {
    name,
    op: 'QLinearConv',
    attrs,
    want,
    inputs: [
      ['x', x, 'feed'],
      ['xs', f([], [1]), 'init'],
      ['xz', u8([], [0]), 'init'],
      ['w', w, 'init'],
      ['ws', f([], [1]), 'init'],
      ['wz', i8([], [0]), 'init'],
      ['ys', f([], [1]), 'init'],
      ['yz', u8([], [0]), 'init'],
    ],
  };
}

const CASES: Case[] = [
  // QuantizeLinear: x / s rounded half to even, then + zp, then saturated.
  {
    name: 'QuantizeLinear per axis 0, int8: ties to even (negative too), -0, saturation at both ends',
    op: 'QuantizeLinear',
    attrs: [int('axis', 0)],
    inputs: [
      ['x', f([2, 3], [-2.5, -1.5, -0.5, 1.25, 1000, -1000]), 'feed'],
      ['s', f([2], [1, 0.5]), 'init'],
      ['z', i8([2], [0, 10]), 'init'],
    ],
    // row 0 (s 1, zp 0): -2.5 -> -2, -1.5 -> -2, -0.5 -> -0 -> 0; row 1 (s 0.5, zp 10): 2.5 -> 2 -> 12, 2000 + 10 -> 127, -2000 + 10 -> -128
    want: i8([2, 3], [-2, -2, 0, 12, 127, -128]),
  },
  {
    name: 'QuantizeLinear per axis 1 (default), uint8',
    op: 'QuantizeLinear',
    inputs: [
      ['x', f([1, 2, 3], [1, -3, 1000, 2, 6, -8]), 'feed'],
      ['s', f([2], [2, 4]), 'init'],
      ['z', u8([2], [128, 0]), 'init'],
    ],
    // channel 0 (s 2, zp 128): 0.5 -> 0 -> 128, -1.5 -> -2 -> 126, 500 -> 628 -> 255; channel 1 (s 4, zp 0): 0.5 -> 0, 1.5 -> 2, -2 -> 0
    want: u8([1, 2, 3], [128, 126, 255, 0, 2, 0]),
  },
  {
    name: 'QuantizeLinear: the zero point is added after rounding (2.5 + 1 -> 3, not RNE(3.5) = 4), a true division',
    op: 'QuantizeLinear',
    inputs: [
      ['x', f([3], [2.5, 0.3, -0.5]), 'feed'],
      ['s', f([], [1]), 'init'],
      ['z', i8([], [1]), 'init'],
    ],
    // 2.5 -> 2 -> 3; 0.3 -> 0 -> 1; -0.5 -> -0 -> 1
    want: i8([3], [3, 1, 1]),
  },
  {
    name: 'QuantizeLinear without zero point: uint8, negative values saturate to 0',
    op: 'QuantizeLinear',
    inputs: [
      ['x', f([4], [-7, 0.5, 1.5, 300]), 'feed'],
      ['s', f([], [1]), 'init'],
      ['z', null, 'init'],
    ],
    want: u8([4], [0, 0, 2, 255]),
  },
  {
    name: 'QuantizeLinear: NaN gives 0, not the zero point; +-Infinity saturate',
    op: 'QuantizeLinear',
    inputs: [
      ['x', f([3], [NaN, Infinity, -Infinity]), 'feed'],
      ['s', f([], [1]), 'init'],
      ['z', u8([], [128]), 'init'],
    ],
    want: u8([3], [0, 255, 0]),
  },
  // DequantizeLinear: f32(float(x - zp) * s).
  {
    name: 'DequantizeLinear per axis 0, int8',
    op: 'DequantizeLinear',
    attrs: [int('axis', 0)],
    inputs: [
      ['x', i8([2, 2], [-128, 127, -128, 127]), 'feed'],
      ['s', f([2], [0.5, 0.25]), 'init'],
      ['z', i8([2], [1, -1]), 'init'],
    ],
    // row 0: (-129, 126) * 0.5; row 1: (-127, 128) * 0.25
    want: f([2, 2], [-64.5, 63, -31.75, 32]),
  },
  {
    name: 'DequantizeLinear per axis 1, int8',
    op: 'DequantizeLinear',
    attrs: [int('axis', 1)],
    inputs: [
      ['x', i8([2, 2], [-128, 127, -128, 127]), 'feed'],
      ['s', f([2], [0.5, 0.25]), 'init'],
      ['z', i8([2], [1, -1]), 'init'],
    ],
    want: f([2, 2], [-64.5, 32, -64.5, 32]),
  },
  {
    name: 'DequantizeLinear uint8: one float32 multiply (3 * f32(0.1) rounds to f32)',
    op: 'DequantizeLinear',
    inputs: [
      ['x', u8([3], [131, 128, 0]), 'feed'],
      ['s', f([], [0.1]), 'init'],
      ['z', u8([], [128]), 'init'],
    ],
    want: f([3], [Math.fround(3 * Math.fround(0.1)), 0, Math.fround(-128 * Math.fround(0.1))]),
  },
  // QLinearConv geometry: unit scales, so y is the window sum of x (1..9) with the all-ones 2x2 filter.
  qconvUnit(
    'QLinearConv SAME_LOWER (the odd padding cell at the top / left)',
    u8([1, 1, 3, 3], X9),
    i8([1, 1, 2, 2], [1, 1, 1, 1]),
    [str('auto_pad', 'SAME_LOWER')],
    u8([1, 1, 3, 3], [1, 3, 5, 5, 12, 16, 11, 24, 28]),
  ),
  qconvUnit(
    'QLinearConv SAME_UPPER (the odd padding cell at the bottom / right)',
    u8([1, 1, 3, 3], X9),
    i8([1, 1, 2, 2], [1, 1, 1, 1]),
    [str('auto_pad', 'SAME_UPPER')],
    u8([1, 1, 3, 3], [12, 16, 9, 24, 28, 15, 15, 17, 9]),
  ),
  qconvUnit(
    'QLinearConv SAME_LOWER stride 2: windows at -1 and 1',
    u8([1, 1, 3, 3], X9),
    i8([1, 1, 2, 2], [1, 1, 1, 1]),
    [str('auto_pad', 'SAME_LOWER'), ints('strides', [2, 2])],
    u8([1, 1, 2, 2], [1, 5, 11, 28]),
  ),
  qconvUnit(
    'QLinearConv VALID, dilation 2: the four corners',
    u8([1, 1, 3, 3], X9),
    i8([1, 1, 2, 2], [1, 1, 1, 1]),
    [str('auto_pad', 'VALID'), ints('dilations', [2, 2])],
    u8([1, 1, 1, 1], [1 + 3 + 7 + 9]),
  ),
  qconvUnit(
    'QLinearConv uneven pads [top 1, left 0, bottom 0, right 2], stride [1, 2]',
    u8([1, 1, 3, 3], X9),
    i8([1, 1, 2, 2], [1, 1, 1, 1]),
    // rows -1..2 (out 3), cols 0..4 step 2 (out 2: windows at 0 and 2)
    [ints('pads', [1, 0, 0, 2]), ints('strides', [1, 2])],
    u8([1, 1, 3, 2], [1 + 2, 3, 1 + 2 + 4 + 5, 3 + 6, 4 + 5 + 7 + 8, 6 + 9]),
  ),
  {
    name: 'QLinearConv groups 2, uint8 weights with zero point 255, per-channel w_scale, int32 bias, a -19.5 tie',
    op: 'QLinearConv',
    attrs: [int('group', 2)],
    inputs: [
      ['x', u8([1, 2, 2, 2], [10, 11, 12, 13, 20, 10, 10, 10]), 'feed'],
      ['xs', f([], [1]), 'init'],
      ['xz', u8([], [10]), 'init'],
      ['w', u8([2, 1, 2, 2], [255, 254, 253, 252, 251, 255, 0, 255]), 'init'],
      ['ws', f([2], [1, 0.5]), 'init'],
      ['wz', u8([2], [255, 255]), 'init'],
      ['ys', f([], [1]), 'init'],
      ['yz', u8([], [100]), 'init'],
      ['b', i32([2], [4, 1]), 'init'],
    ],
    // group 0: x-zp (0,1,2,3) . w-zp (0,-1,-2,-3) = -14, + 4 = -10, * 1 -> 90
    // group 1: x-zp (10,0,0,0) . w-zp (-4,0,-255,0) = -40, + 1 = -39, * 0.5 = -19.5 -> -20 -> 80
    want: u8([1, 2, 1, 1], [90, 80]),
  },
  {
    name: 'QLinearConv int8, saturation at both ends, scale f32(f32(x_scale * w_scale) / y_scale)',
    op: 'QLinearConv',
    inputs: [
      ['x', i8([1, 1, 1, 3], [127, -128, 1]), 'feed'],
      ['xs', f([], [0.5]), 'init'],
      ['xz', i8([], [0]), 'init'],
      ['w', i8([3, 1, 1, 1], [127, -128, 3]), 'init'],
      ['ws', f([3], [1, 1, 1]), 'init'],
      ['wz', i8([3], [0, 0, 0]), 'init'],
      ['ys', f([], [0.25]), 'init'],
      ['yz', i8([], [-1]), 'init'],
    ],
    // scale 2: ch 0: 127*127*2 -> 127, -128*127*2 -> -128, 1*127*2 = 254 -> 127; ch 1 (w -128): -> -128, 127, -128 - 1 -> -128... ch 2 (w 3): 762 -> 127, -768 -> -128, 6 - 1 = 5
    want: i8([1, 3, 1, 3], [127, -128, 127, -128, 127, -128, 127, -128, 5]),
  },
  {
    name: 'QLinearConv output scale evaluated as f32(f32(x_scale * w_scale) / y_scale): 1764 * scale = 12.5000003 -> 13',
    op: 'QLinearConv',
    inputs: [
      ['x', i8([1, 1, 1, 1], [14]), 'feed'],
      ['xs', f([], [0.06979406625032425]), 'init'],
      ['xz', i8([], [0]), 'init'],
      ['w', i8([1, 1, 1, 1], [126]), 'init'],
      ['ws', f([], [0.007988556288182735]), 'init'],
      ['wz', i8([], [0]), 'init'],
      ['ys', f([], [0.07868199050426483]), 'init'],
      ['yz', i8([], [0]), 'init'],
    ],
    // f32(xs * f32(ws / ys)) and f32(f32(xs / ys) * ws) are one ulp lower and give 12
    want: i8([1, 1, 1, 1], [13]),
  },
  // QLinearMatMul
  {
    name: 'QLinearMatMul output scale evaluated as f32(f32(a_scale * b_scale) / y_scale) (13, not 12)',
    op: 'QLinearMatMul',
    inputs: [
      ['a', i8([1, 1], [14]), 'feed'],
      ['as', f([], [0.06979406625032425]), 'init'],
      ['az', i8([], [0]), 'init'],
      ['b', i8([1, 1], [126]), 'init'],
      ['bs', f([], [0.007988556288182735]), 'init'],
      ['bz', i8([], [0]), 'init'],
      ['ys', f([], [0.07868199050426483]), 'init'],
      ['yz', i8([], [0]), 'init'],
    ],
    want: i8([1, 1], [13]),
  },
  {
    name: 'QLinearMatMul 2-D int8: ties to even and saturation',
    op: 'QLinearMatMul',
    inputs: [
      ['a', i8([2, 2], [1, 1, -128, -128]), 'feed'],
      ['as', f([], [1]), 'init'],
      ['az', i8([], [0]), 'init'],
      ['b', i8([2, 6], [2, 3, -2, -128, 127, -1, 3, 4, -3, -128, 127, 0]), 'init'],
      ['bs', f([], [1]), 'init'],
      ['bz', i8([], [0]), 'init'],
      ['ys', f([], [2]), 'init'],
      ['yz', i8([], [-10]), 'init'],
    ],
    // column sums 5, 7, -5, -256, 254, -1 times 0.5: row 0: 2.5 -> 2, 3.5 -> 4, -2.5 -> -2, -128, 127, -0.5 -> -0, each - 10 (then saturated)
    // row 1 (-128 times): -320, -448, 320, 16384, -16256, 64 -> saturated, 64 - 10 = 54
    want: i8([2, 6], [-8, -6, -12, -128, 117, -10, -128, -128, 127, 127, -128, 54]),
  },
  {
    name: 'QLinearMatMul uint8 with per-column b_scale and b_zero_point (255)',
    op: 'QLinearMatMul',
    inputs: [
      ['a', u8([1, 1], [130]), 'feed'],
      ['as', f([], [1]), 'init'],
      ['az', u8([], [128]), 'init'],
      ['b', u8([1, 2], [3, 250]), 'init'],
      ['bs', f([2], [0.25, 1.25]), 'init'],
      ['bz', u8([2], [0, 255]), 'init'],
      ['ys', f([], [1]), 'init'],
      ['yz', u8([], [20]), 'init'],
    ],
    // 2 * 3 * 0.25 = 1.5 -> 2 -> 22; 2 * -5 * 1.25 = -12.5 -> -12 -> 8
    want: u8([1, 2], [22, 8]),
  },
  {
    name: 'QLinearMatMul 3-D a times 2-D b (b broadcast over the batch)',
    op: 'QLinearMatMul',
    inputs: [
      ['a', u8([2, 1, 2], [1, 2, 3, 4]), 'feed'],
      ['as', f([], [1]), 'init'],
      ['az', u8([], [0]), 'init'],
      ['b', u8([2, 2], [1, 0, 1, 2]), 'init'],
      ['bs', f([], [1]), 'init'],
      ['bz', u8([], [0]), 'init'],
      ['ys', f([], [1]), 'init'],
      ['yz', u8([], [0]), 'init'],
    ],
    want: u8([2, 1, 2], [3, 4, 7, 8]),
  },
  // ConvInteger, MatMulInteger
  {
    name: 'ConvInteger: padding holds x_zero_point, per-channel w_zero_point',
    op: 'ConvInteger',
    attrs: [ints('pads', [1, 1, 1, 1])],
    inputs: [
      ['x', u8([1, 1, 2, 2], [1, 2, 3, 4]), 'feed'],
      ['w', u8([2, 1, 1, 1], [5, 7]), 'init'],
      ['xz', u8([], [1]), 'init'],
      ['wz', u8([2], [5, 6]), 'init'],
    ],
    want: i32([1, 2, 4, 4], [...new Array(16).fill(0), 0, 0, 0, 0, 0, 0, 1, 0, 0, 2, 3, 0, 0, 0, 0, 0]),
    ort: false, // onnxruntime-web: "Non per-tensor quantization is not supported now" (a per-channel w_zero_point)
  },
  {
    name: 'MatMulInteger int8 x uint8 with zero points, wrapping sums',
    op: 'MatMulInteger',
    inputs: [
      ['a', u8([2, 2], [255, 0, 1, 2]), 'feed'],
      ['b', i8([2, 2], [-128, 127, 1, 0]), 'init'],
      ['az', u8([], [1]), 'init'],
      ['bz', i8([], [1]), 'init'],
    ],
    // a - 1 = [[254, -1], [0, 1]], b - 1 = [[-129, 126], [0, -1]]: [[-32766, 32005], [0, -1]]
    want: i32([2, 2], [-32766, 32005, 0, -1]),
  },
  {
    name: 'MatMulInteger uint8 with a per-column b_zero_point',
    op: 'MatMulInteger',
    inputs: [
      ['a', u8([1, 2], [3, 5]), 'feed'],
      ['b', u8([2, 3], [0, 10, 255, 1, 20, 255]), 'init'],
      ['az', u8([], [1]), 'init'],
      ['bz', u8([3], [0, 10, 255]), 'init'],
    ],
    // a - 1 = [2, 4]; b - zp = [[0, 0, 0], [1, 10, 0]]
    want: i32([1, 3], [4, 40, 0]),
  },
  {
    name: 'MatMulInteger with a per-row a_zero_point (ONNX allows it)',
    op: 'MatMulInteger',
    inputs: [
      ['a', u8([2, 2], [1, 2, 3, 4]), 'feed'],
      ['b', i8([2, 2], [1, 2, 3, 4]), 'init'],
      ['az', u8([2], [1, 3]), 'init'],
      ['bz', i8([2], [1, 2]), 'init'],
    ],
    // a - zp = [[0, 1], [0, 1]]; b - zp = [[0, 0], [2, 2]]
    want: i32([2, 2], [2, 2, 2, 2]),
    ort: false, // onnxruntime-web: "input1 zero point must be a scalar or 1D tensor of size 1"
  },
  // float operators
  {
    name: 'Add: numpy broadcasting [2, 1, 3] + [4, 1], float32 sums',
    op: 'Add',
    inputs: [
      ['a', f([2, 1, 3], [0.1, 1, 2, 3, 4, 5]), 'feed'],
      ['b', f([4, 1], [0.2, 10, 20, 30]), 'feed'],
    ],
    want: f(
      [2, 4, 3],
      [0, 1]
        .flatMap((i) =>
          [0.2, 10, 20, 30].flatMap((bv) =>
            [0, 1, 2].map((k) => Math.fround([0.1, 1, 2, 3, 4, 5][i * 3 + k] + Math.fround(bv))),
          ),
        )
        .map((v, j) => (j === 0 ? Math.fround(Math.fround(0.1) + Math.fround(0.2)) : v)),
    ),
  },
  {
    name: 'Mul: scalar broadcast, uint8 wraps',
    op: 'Mul',
    inputs: [
      ['a', u8([3], [100, 2, 255]), 'feed'],
      ['b', u8([], [3]), 'init'],
    ],
    want: u8([3], [300 & 255, 6, 765 & 255]),
    ort: false, // onnxruntime-web registers no 8-bit Mul (nor Add): ONNX allows it, test_mul_uint8 checks it
  },
  {
    name: 'Mul int8 [3, 1] x [1, 2] wraps',
    op: 'Mul',
    inputs: [
      ['a', i8([3, 1], [100, -1, -128]), 'feed'],
      ['b', i8([1, 2], [3, -1]), 'init'],
    ],
    want: i8([3, 2], [44, -100, -3, 1, -128, -128]),
    ort: false,
  },
  {
    name: 'Relu: negatives to 0, -0 and NaN pass',
    op: 'Relu',
    inputs: [['x', f([4], [-1, -0, 2, NaN]), 'feed']],
    want: f([4], [0, -0, 2, NaN]),
  },
  {
    name: 'Clip opset 13 float with min and max inputs, NaN passes',
    op: 'Clip',
    inputs: [
      ['x', f([4], [-5, 0.5, 5, NaN]), 'feed'],
      ['lo', f([], [-1]), 'init'],
      ['hi', f([], [1]), 'init'],
    ],
    want: f([4], [-1, 0.5, 1, NaN]),
  },
  {
    name: 'Clip with min > max gives max (the lower bound is applied first)',
    op: 'Clip',
    inputs: [
      ['x', f([3], [-5, 0, 5]), 'feed'],
      ['lo', f([], [2]), 'init'],
      ['hi', f([], [1]), 'init'],
    ],
    want: f([3], [1, 1, 1]),
  },
  {
    name: 'Clip uint8 with only max',
    op: 'Clip',
    inputs: [
      ['x', u8([3], [0, 100, 255]), 'feed'],
      ['lo', null, 'init'],
      ['hi', u8([], [99]), 'init'],
    ],
    want: u8([3], [0, 99, 99]),
  },
  {
    name: 'Conv float: groups 2, pads, bias',
    op: 'Conv',
    attrs: [int('group', 2), ints('pads', [0, 1, 0, 1])],
    inputs: [
      ['x', f([1, 2, 1, 2], [1, 2, 3, 4]), 'feed'],
      ['w', f([2, 1, 1, 2], [1, 10, 100, 1000]), 'init'],
      ['b', f([2], [0.5, -0.5]), 'init'],
    ],
    // ch 0: x (0,1,2,0) with (1,10): 10, 21, 2 (+0.5); ch 1: x (0,3,4,0) with (100,1000): 3000, 4300, 400 (-0.5)
    want: f([1, 2, 1, 3], [10.5, 21.5, 2.5, 2999.5, 4299.5, 399.5]),
    ort: 'close',
  },
  {
    name: 'Transpose perm [1, 2, 0]',
    op: 'Transpose',
    attrs: [ints('perm', [1, 2, 0])],
    inputs: [['x', i8([2, 1, 3], [1, 2, 3, 4, 5, 6]), 'feed']],
    want: i8([1, 3, 2], [1, 4, 2, 5, 3, 6]),
  },
  {
    name: 'Reshape with 0 and -1',
    op: 'Reshape',
    inputs: [
      [
        'x',
        u8(
          [2, 3, 2],
          Array.from({ length: 12 }, (_, i) => i),
        ),
        'feed',
      ],
      ['shape', i64([2], [0, -1]), 'init'],
    ],
    want: u8(
      [2, 6],
      Array.from({ length: 12 }, (_, i) => i),
    ),
  },
  {
    name: 'Flatten axis -1',
    op: 'Flatten',
    attrs: [int('axis', -1)],
    inputs: [['x', f([2, 2, 2], [1, 2, 3, 4, 5, 6, 7, 8]), 'feed']],
    want: f([4, 2], [1, 2, 3, 4, 5, 6, 7, 8]),
  },
];

let ortModule: typeof import('onnxruntime-web') | null = null;
let ortWhyNot = '';
try {
  ortModule = await import('onnxruntime-web');
  ortModule.env.wasm.numThreads = 1;
  ortModule.env.wasm.proxy = false;
} catch (e) {
  ortWhyNot = String(e);
}

describe('reference executor: hand-made single-operator models', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const g = readOnnxModel(caseModel(c));
      expectExact(runReference(g, feedsOf(c)).get('y')!, c.want, c.name);
    });
  }
});

describe('reference executor: the hand-made models, onnxruntime-web 1.30 (wasm, 1 thread) computes the same', () => {
  for (const c of CASES.filter((c) => c.ort !== false)) {
    it.skipIf(!ortModule)(`${c.name}${ortWhyNot ? ` (${ortWhyNot})` : ''}`, async () => {
      const ort = ortModule!;
      const session = await ort.InferenceSession.create(caseModel(c), {
        executionProviders: ['wasm'],
        graphOptimizationLevel: 'disabled',
      });
      const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
      for (const [n, t] of feedsOf(c)) feeds[n] = new ort.Tensor(t.type as 'float32', t.data as Float32Array, t.dims);
      const out = (await session.run(feeds)).y;
      const got: Tensor = {
        name: 'y',
        type: out.type as Tensor['type'],
        dims: [...out.dims],
        data: out.data as Tensor['data'],
      };
      await session.release();
      if (c.ort === 'close') expectClose(got, c.want, c.name);
      else expectExact(got, c.want, c.name);
    });
  }
});

// ---- seeded sweeps against onnxruntime-web ------------------------------------------------------------------------

/** A float32 scale of awkward mantissa, 2^-12 .. 2^2. */
const randScale = (r: () => number) => Math.fround(2 ** (-12 + 14 * r()) * (1 + r()));
const randQ = (r: () => number, type: 'uint8' | 'int8', n: number) =>
  Array.from({ length: n }, () => (type === 'uint8' ? randInt(r, 0, 255) : randInt(r, -128, 127)));
/** A zero point near the middle of the range, so that outputs mostly land inside it (rounding, not saturation). */
const randZp = (r: () => number, type: 'uint8' | 'int8') => (type === 'uint8' ? 128 : 0) + randInt(r, -28, 28);

function randomQLinearConv(r: () => number): Case | null {
  const xType = r() < 0.5 ? 'uint8' : 'int8';
  const wType = xType === 'int8' || r() < 0.5 ? 'int8' : 'uint8';
  const group = randInt(r, 1, 3);
  const cg = randInt(r, 1, 3);
  const mg = randInt(r, 1, 3);
  const [h, w] = [randInt(r, 1, 7), randInt(r, 1, 7)];
  const [kh, kw] = [randInt(r, 1, 3), randInt(r, 1, 3)];
  const strides = [randInt(r, 1, 2), randInt(r, 1, 2)];
  const autoPad = ['NOTSET', 'NOTSET', 'VALID', 'SAME_UPPER', 'SAME_LOWER'][randInt(r, 0, 4)];
  // onnxruntime refuses dilations with SAME_UPPER / SAME_LOWER (ONNX allows them; the reference runs them).
  const dilations = autoPad.startsWith('SAME') ? [1, 1] : [randInt(r, 1, 2), randInt(r, 1, 2)];
  const pads = [randInt(r, 0, 2), randInt(r, 0, 2), randInt(r, 0, 2), randInt(r, 0, 2)];
  const extra = autoPad === 'NOTSET' ? [pads[0] + pads[2], pads[1] + pads[3]] : [0, 0];
  if (
    autoPad !== 'SAME_UPPER' &&
    autoPad !== 'SAME_LOWER' &&
    ((kh - 1) * dilations[0] + 1 > h + extra[0] || (kw - 1) * dilations[1] + 1 > w + extra[1])
  )
    return null;
  const n = randInt(r, 1, 2);
  const c = group * cg;
  const m = group * mg;
  const xs = randScale(r);
  const perChannel = r() < 0.5;
  const ws0 = randScale(r);
  const ws = perChannel ? Array.from({ length: m }, () => Math.fround(ws0 * (1 + r()))) : [ws0];
  const wz = randZp(r, wType);
  // (x - zp)(w - zp) has a standard deviation near 74 * 74 per tap: aim the outputs' at ~40 steps.
  const ys = Math.fround(xs * ws0 * Math.sqrt(cg * kh * kw) * (80 + 100 * r()));
  const attrs: AttrSpec[] = [
    int('group', group),
    ints('strides', strides),
    ints('dilations', dilations),
    ints('kernel_shape', [kh, kw]),
  ];
  if (autoPad === 'NOTSET') attrs.push(ints('pads', pads));
  else attrs.push(str('auto_pad', autoPad));
  const q = (type: 'uint8' | 'int8', dims: number[], v: number[]) => tensor(type, dims, v);
  return {
    name: `QLinearConv x ${xType} [${n},${c},${h},${w}] w ${wType} [${m},${cg},${kh},${kw}] group ${group} ${autoPad} ${autoPad === 'NOTSET' ? pads : ''} s ${strides} d ${dilations}`,
    op: 'QLinearConv',
    attrs,
    opset: 10,
    inputs: [
      ['x', q(xType, [n, c, h, w], randQ(r, xType, n * c * h * w)), 'feed'],
      ['xs', f([], [xs]), 'init'],
      ['xz', q(xType, [], [randZp(r, xType)]), 'init'],
      ['w', q(wType, [m, cg, kh, kw], randQ(r, wType, m * cg * kh * kw)), 'init'],
      ['ws', f(perChannel ? [m] : [], ws), 'init'],
      ['wz', q(wType, perChannel ? [m] : [], perChannel ? new Array(m).fill(wz) : [wz]), 'init'],
      ['ys', f([], [ys]), 'init'],
      ['yz', q(xType, [], [randZp(r, xType)]), 'init'],
      [
        'b',
        r() < 0.6
          ? i32(
              [m],
              Array.from({ length: m }, () => randInt(r, -5000, 5000)),
            )
          : null,
        'init',
      ],
    ],
    want: tensor(xType, [], [0]), // only its type is used: the sweep compares the reference with onnxruntime-web
  };
}

function randomQLinearMatMul(r: () => number): Case {
  const aType = r() < 0.5 ? 'uint8' : 'int8';
  const bType = aType === 'int8' || r() < 0.5 ? 'int8' : 'uint8';
  const [m, k, nn] = [randInt(r, 1, 5), randInt(r, 1, 9), randInt(r, 1, 5)];
  const batch = r() < 0.5 ? [] : [randInt(r, 1, 3)];
  const bBatch = batch.length && r() < 0.5 ? batch : [];
  // Per-column b parameters are 1-D (ONNX); onnxruntime takes a 1-D one only with a 2-D b.
  const perColumn = bBatch.length === 0 && r() < 0.5;
  const as = randScale(r);
  const bs0 = randScale(r);
  const bs = perColumn ? Array.from({ length: nn }, () => Math.fround(bs0 * (1 + r()))) : [bs0];
  const ys = Math.fround(as * bs0 * Math.sqrt(k) * (80 + 100 * r()));
  const q = (type: 'uint8' | 'int8', dims: number[], v: number[]) => tensor(type, dims, v);
  const count = (d: number[]) => d.reduce((x, y) => x * y, 1);
  return {
    name: `QLinearMatMul a ${aType} [${[...batch, m, k]}] b ${bType} [${[...bBatch, k, nn]}]${perColumn ? ' per column' : ''}`,
    op: 'QLinearMatMul',
    opset: 10,
    inputs: [
      ['a', q(aType, [...batch, m, k], randQ(r, aType, count([...batch, m, k]))), 'feed'],
      ['as', f([], [as]), 'init'],
      ['az', q(aType, [], [randZp(r, aType)]), 'init'],
      ['b', q(bType, [...bBatch, k, nn], randQ(r, bType, count([...bBatch, k, nn]))), 'init'],
      ['bs', f(perColumn ? [nn] : [], bs), 'init'],
      [
        'bz',
        q(
          bType,
          perColumn ? [nn] : [],
          Array.from({ length: perColumn ? nn : 1 }, () => randZp(r, bType)),
        ),
        'init',
      ],
      ['ys', f([], [ys]), 'init'],
      ['yz', q(aType, [], [randZp(r, aType)]), 'init'],
    ],
    want: tensor(aType, [], [0]),
  };
}

function randomQuantize(r: () => number, dequantize: boolean): Case {
  const type = r() < 0.5 ? 'uint8' : 'int8';
  const dims = [randInt(r, 1, 3), randInt(r, 1, 4), randInt(r, 1, 5)];
  const count = dims[0] * dims[1] * dims[2];
  const axis = randInt(r, -3, 2);
  const perAxis = r() < 0.5;
  const len = perAxis ? dims[axis < 0 ? axis + 3 : axis] : 1;
  const s = Array.from({ length: len }, () => randScale(r));
  const pdims = perAxis ? [len] : [];
  const zp = tensor(
    type,
    pdims,
    Array.from({ length: len }, () => randZp(r, type)),
  );
  const ax = axis < 0 ? axis + 3 : axis;
  const inner = dims.slice(ax + 1).reduce((a, b) => a * b, 1);
  // Quantize inputs: random reals, exact ties (k + 0.5) * s, and values a float32 step from a tie.
  const x = dequantize
    ? tensor(type, dims, randQ(r, type, count))
    : f(
        dims,
        Array.from({ length: count }, (_, i) => {
          const sc = s[perAxis ? Math.floor(i / inner) % len : 0];
          const k = randInt(r, -110, 110);
          const pick = r();
          return pick < 0.4
            ? (r() - 0.5) * 240 * sc
            : pick < 0.8
              ? (k + 0.5) * sc
              : Math.fround((k + 0.5) * sc) * (1 + (r() < 0.5 ? -1 : 1) * 2 ** -23);
        }),
      );
  return {
    name: `${dequantize ? 'DequantizeLinear' : 'QuantizeLinear'} ${type} [${dims}]${perAxis ? ` axis ${axis}` : ''}`,
    op: dequantize ? 'DequantizeLinear' : 'QuantizeLinear',
    attrs: perAxis ? [int('axis', axis)] : [],
    inputs: [
      ['x', x, 'feed'],
      ['s', f(pdims, s), 'init'],
      ['z', zp, 'init'],
    ],
    want: dequantize ? f([], [0]) : tensor(type, [], [0]),
  };
}

async function ortRun(c: Case): Promise<Tensor> {
  const ort = ortModule!;
  const session = await ort.InferenceSession.create(caseModel(c), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'disabled',
  });
  const feeds: Record<string, import('onnxruntime-web').Tensor> = {};
  for (const [n, t] of feedsOf(c)) feeds[n] = new ort.Tensor(t.type as 'float32', t.data as Float32Array, t.dims);
  const out = (await session.run(feeds)).y;
  await session.release();
  return { name: 'y', type: out.type as Tensor['type'], dims: [...out.dims], data: out.data as Tensor['data'] };
}

describe('reference executor: seeded random models, equal to onnxruntime-web 1.30 bit for bit', () => {
  const sweeps: Array<[string, number, (r: () => number) => Case | null]> = [
    [
      'QLinearConv (2-D, groups, pads / auto_pad, strides, dilations, uint8 / int8, per-channel w_scale, bias)',
      60,
      randomQLinearConv,
    ],
    ['QLinearMatMul (2-D and batched, per-column b_scale / b_zero_point)', 30, randomQLinearMatMul],
    ['QuantizeLinear (per tensor / per axis, ties and their float32 neighbours)', 30, (r) => randomQuantize(r, false)],
    ['DequantizeLinear (per tensor / per axis)', 20, (r) => randomQuantize(r, true)],
  ];
  for (const [what, count, make] of sweeps) {
    it.skipIf(!ortModule)(what, async () => {
      const r = rng(0x5eed + count);
      let ran = 0;
      let values = 0;
      let extremes = 0; // outputs at the type's ends: the sweep must mostly test rounding, not saturation
      while (ran < count) {
        const c = make(r);
        if (!c) continue;
        const g = readOnnxModel(caseModel(c));
        const want = await ortRun(c);
        expectExact(runReference(g, feedsOf(c)).get('y')!, want, c.name);
        for (const v of Array.from(want.data as ArrayLike<number>)) {
          values++;
          if ((want.type === 'uint8' && (v === 0 || v === 255)) || (want.type === 'int8' && (v === -128 || v === 127)))
            extremes++;
        }
        ran++;
      }
      expect(extremes / values).toBeLessThan(0.3);
    });
  }
});

// ---- the executor -----------------------------------------------------------------------------------------------

/** x -> QuantizeLinear -> QLinearConv -> DequantizeLinear -> Relu -> Reshape(Constant shape) -> y, nodes listed last
 * first (file order need not be topological). x = [1, -2]: q [2, -4] (s 0.5); conv w 3, output scale 0.5: [3, -6];
 * dequantized [1.5, -3]; relu [1.5, 0]; reshaped to [2]. */
function chainModel(nodeOrder: (nodes: NodeSpec[]) => NodeSpec[] = (n) => [...n].reverse()): Uint8Array {
  const nodes: NodeSpec[] = [
    { opType: 'QuantizeLinear', inputs: ['x', 's', 'z'], outputs: ['xq'] },
    { opType: 'QLinearConv', inputs: ['xq', 's', 'z', 'w', 'one', 'z', 'one', 'z'], outputs: ['yq'] },
    { opType: 'DequantizeLinear', inputs: ['yq', 's', 'z'], outputs: ['yf'] },
    { opType: 'Relu', inputs: ['yf'], outputs: ['yr'] },
    {
      opType: 'Constant',
      inputs: [],
      outputs: ['shape'],
      attributes: [{ name: 'value', type: AT.TENSOR, t: { dataType: DT.INT64, dims: [1], int64Data: [2] } }],
    },
    { opType: 'Reshape', inputs: ['yr', 'shape'], outputs: ['y'] },
  ];
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      nodes: nodeOrder(nodes),
      initializers: [
        { name: 's', dataType: DT.FLOAT, dims: [], floatData: [0.5] },
        { name: 'z', dataType: DT.INT8, dims: [], int32Data: [0] },
        { name: 'one', dataType: DT.FLOAT, dims: [], floatData: [1] },
        { name: 'w', dataType: DT.INT8, dims: [1, 1, 1, 1], int32Data: [3] },
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [1, 1, 1, 2] }],
      outputs: [{ name: 'y', elemType: DT.FLOAT }],
    },
  });
}

describe('reference executor: graphs', () => {
  const x = f([1, 1, 1, 2], [1, -2]);

  it('runs a Q -> QLinearConv -> DQ -> Relu -> Reshape chain listed in reverse, with a Constant node', () => {
    const out = runReference(readOnnxModel(chainModel()), new Map([['x', x]]));
    expect([...out.keys()]).toEqual(['y']);
    expectExact(out.get('y')!, f([2], [1.5, 0]), 'y');
  });

  it.skipIf(!ortModule)('onnxruntime-web computes the same chain', async () => {
    const ort = ortModule!;
    const session = await ort.InferenceSession.create(
      chainModel((n) => n),
      { executionProviders: ['wasm'], graphOptimizationLevel: 'disabled' },
    );
    const out = (await session.run({ x: new ort.Tensor('float32', x.data as Float32Array, x.dims) })).y;
    await session.release();
    expect([...out.dims]).toEqual([2]);
    expect(Array.from(out.data as Float32Array)).toEqual([1.5, 0]);
  });

  it('feeds may be any iterable of [name, tensor]; outputs keep the graph output name', () => {
    const out = runReference(readOnnxModel(chainModel()), [['x', x]]);
    expect(out.get('y')!.name).toBe('y');
  });

  const refusal = (
    nodes: NodeSpec[],
    feeds: Array<[string, Tensor]>,
    message: RegExp,
    inputs: ValueInfoSpec[] = [{ name: 'x', elemType: DT.FLOAT }],
  ) => {
    const g = readOnnxModel(
      writeModel({
        irVersion: 8,
        opsets: [['', 13]],
        graph: { nodes, inputs, outputs: [{ name: 'y', elemType: DT.FLOAT }] },
      }),
    );
    expect(() => runReference(g, feeds)).toThrow(message);
  };
  const relu = (i: string, o: string): NodeSpec => ({ opType: 'Relu', inputs: [i], outputs: [o] });

  it('refuses a cycle', () => {
    refusal(
      [relu('x', 'a'), { opType: 'Add', inputs: ['a', 'c'], outputs: ['b'] }, relu('b', 'c'), relu('c', 'y')],
      [['x', x]],
      /cycle through nodes 1 \(Add\), 2 \(Relu\), 3 \(Relu\)/,
    );
  });
  it('refuses an input nobody produces', () => {
    refusal(
      [{ opType: 'Add', inputs: ['x', 'nowhere'], outputs: ['y'] }],
      [['x', x]],
      /node 0 \(Add\): input "nowhere" is missing/,
    );
  });
  it('refuses an unfed graph input and a feed that is no graph input', () => {
    refusal([relu('x', 'y')], [], /graph input "x" is not fed/);
    refusal(
      [relu('x', 'y')],
      [
        ['x', x],
        ['other', x],
      ],
      /feed "other" is not a graph input/,
    );
  });
  it('refuses a feed of another type or shape than the graph input declares (symbolic dims take any size)', () => {
    refusal([relu('x', 'y')], [['x', i8([2], [1, 2])]], /graph input "x" is float32, fed int8/);
    const shaped = [{ name: 'x', elemType: DT.FLOAT, shape: [1, 'n', 2] }];
    refusal([relu('x', 'y')], [['x', f([1, 2], [1, 2])]], /graph input "x" has shape \[1,n,2\], fed \[1,2\]/, shaped);
    refusal([relu('x', 'y')], [['x', f([2, 1, 1], [1, 2])]], /has shape \[1,n,2\], fed \[2,1,1\]/, shaped);
    const g = readOnnxModel(
      writeModel({
        irVersion: 8,
        opsets: [['', 13]],
        graph: { nodes: [relu('x', 'y')], inputs: shaped, outputs: [{ name: 'y', elemType: DT.FLOAT }] },
      }),
    );
    expectExact(
      runReference(g, [['x', f([1, 3, 2], [1, -2, 3, -4, 5, -6])]]).get('y')!,
      f([1, 3, 2], [1, 0, 3, 0, 5, 0]),
      'symbolic n = 3',
    );
  });
  it('refuses a value produced twice, an output never produced, an unknown operator or domain', () => {
    refusal([relu('x', 'y'), relu('x', 'y')], [['x', x]], /value "y" is produced twice/);
    refusal([relu('x', 'a')], [['x', x]], /graph output "y" is never produced/);
    refusal([{ opType: 'Det', inputs: ['x'], outputs: ['y'] }], [['x', x]], /operator Det is not supported/);
    refusal(
      [{ opType: 'Relu', domain: 'com.microsoft', inputs: ['x'], outputs: ['y'] }],
      [['x', x]],
      /operator Relu is not supported in domain "com.microsoft"/,
    );
    refusal(
      [{ opType: 'Relu', domain: 'ai.onnx.ml', inputs: ['x'], outputs: ['y'] }],
      [['x', x]],
      /domain "ai.onnx.ml" is not supported/,
    );
  });
  it('an operator error names the node; unknown attributes are refused, not ignored', () => {
    refusal(
      [{ opType: 'Relu', name: 'r1', inputs: ['x'], outputs: ['y'], attributes: [int('alpha', 1)] }],
      [['x', x]],
      /node 0 \(Relu "r1"\): Relu: attribute alpha is not supported/,
    );
  });
  it('opset 10 QuantizeLinear / DequantizeLinear take a per-tensor scale only; opset 13 reads axis', () => {
    for (const op of ['QuantizeLinear', 'DequantizeLinear']) {
      const c: Case = {
        name: op,
        op,
        opset: 10,
        inputs: [
          ['x', op === 'QuantizeLinear' ? f([1, 2], [1, 2]) : u8([1, 2], [1, 2]), 'feed'],
          ['s', f([2], [1, 1]), 'init'],
          ['z', u8([2], [0, 0]), 'init'],
        ],
        want: op === 'QuantizeLinear' ? u8([], [0]) : f([], [0]),
      };
      expect(() => runReference(readOnnxModel(caseModel(c)), feedsOf(c))).toThrow(/opset 10 takes a scalar scale only/);
      expectExact(
        runReference(readOnnxModel(caseModel({ ...c, opset: 13 })), feedsOf(c)).get('y')!,
        op === 'QuantizeLinear' ? u8([1, 2], [1, 2]) : f([1, 2], [1, 2]),
        `${op} opset 13`,
      );
    }
  });
  it('QLinearConv refuses per-channel w_zero_point values that differ (onnxruntime refuses them too)', () => {
    const c: Case = {
      name: 'unequal w zp',
      op: 'QLinearConv',
      inputs: [
        ['x', u8([1, 1, 1, 1], [1]), 'feed'],
        ['xs', f([], [1]), 'init'],
        ['xz', u8([], [0]), 'init'],
        ['w', i8([2, 1, 1, 1], [1, 1]), 'init'],
        ['ws', f([2], [1, 1]), 'init'],
        ['wz', i8([2], [0, 1]), 'init'],
        ['ys', f([], [1]), 'init'],
        ['yz', u8([], [0]), 'init'],
      ],
      want: u8([], [0]),
    };
    expect(() => runReference(readOnnxModel(caseModel(c)), feedsOf(c))).toThrow(/w_zero_point values differ/);
  });
});
