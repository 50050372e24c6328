/**
 * The operator table: one row per operator the model runtime knows, keyed `domain:OpType` ('' is the default ONNX
 * domain, so ':Conv'), with the opsets it covers. Every stage reads it:
 *   - the shape pass (src/model/graph/passes/infer-shapes.ts) calls the row's `shape` rule (src/model/graph/shape-rules.ts);
 *   - the Q/DQ fusion (src/model/graph/passes/fuse-qdq.ts) applies the row's `qdq` rule (./../graph/passes/qdq-rules.ts);
 *   - the lowering (./lower.ts) tries the row's implementations in order and takes the first that applies: the 8-bit
 *     wasm kernels ('int8'), the float32 wasm SIMD kernels ('float-simd'), the TypeScript operators ('host'), a view
 *     of the input's bytes ('view') or byte copies ('copy');
 *   - the reference executor (kernels-ref/model/) has the operator of the same key (`reference` names its file);
 *   - docs/operators.md is rendered from it (./operators-doc.ts; test/model-registry.test.ts checks they agree), with
 *     the ONNX conformance node tests each operator passes (./conformance.generated.ts).
 *
 * To add an operator: a row here, its shape rule, its implementation(s) under src/model/backends/ (and the wasm kernel
 * under assembly/model/ if it has one), its reference operator under kernels-ref/model/ops/, tests; then
 * `npm run gen:operators` (docs/operators.md). docs/architecture.md walks through it.
 */
import type { Lower } from '../executor/step.js';
import { SHAPE, type ShapeRule } from '../graph/shape-rules.js';
import { hostOp, lowerDropoutView, lowerSliceView, lowerView } from '../backends/host/lower.js';
import { unsupported } from '../backends/host/common.js';
import type { HostOpFactory } from '../backends/types.js';
import { HOST_OPS } from '../backends/host/index.js';
import {
  dequantizeHost,
  dynamicQuantizeHost,
  qlinearBinaryHost,
  qlinearMatMulHost,
  qlinearSoftmaxHost,
  quantizeHost,
} from '../backends/host/quant.js';
import { floatKernelOp } from '../backends/wasm-float/kernels.js';
import { prepareQSoftmax } from '../backends/wasm-int8/qsoftmax.js';
import { prepareQMatMul } from '../backends/wasm-int8/qmatmul.js';
import { gemmKernel } from '../backends/wasm-float/gemm.js';
import { lstmKernelOp } from '../backends/wasm-float/lstm.js';
import { lowerFloatAveragePool, lowerFloatGlobalAveragePool, lowerFloatMaxPool } from '../backends/wasm-float/pool.js';
import { lowerFloatResize, lowerFloatUpsample } from '../backends/wasm-float/resize.js';
import { lowerConvOp } from '../backends/wasm-int8/conv.js';
import { ConvChecks } from '../backends/host/conv.js';
import { lowerConcatOp } from '../backends/wasm-int8/concat.js';
import { lowerDequantizeLinear, lowerQuantizeLinear } from '../backends/wasm-int8/quantize.js';
import { lowerDynamicQuantizeLinear } from '../backends/wasm-int8/dynamic-quant.js';
import { lowerQLinearBinary } from '../backends/wasm-int8/binary.js';
import { lowerChannelGate, lowerChannelTable, lowerLut, lowerQLinearBinaryTable } from '../backends/wasm-int8/lut.js';
import { lowerMaxPool, lowerQLinearAveragePool } from '../backends/wasm-int8/pool.js';
import { lowerResize } from '../backends/wasm-int8/resize.js';
import { lowerSliceRows, lowerSpaceDepth, lowerTranspose } from '../backends/wasm-int8/transpose.js';
import { lowerRelayout } from '../backends/wasm-int8/relayout.js';
import { lowerIf } from '../backends/host/control.js';
import { dynamicQuantizeLstm, lowerRnn } from '../backends/host/rnn.js';
import { CONFORMANCE } from './conformance.generated.js';
import { lowerRegion } from '../backends/wasm-float/region.js';

/** Where an implementation runs. */
export type Backend = 'int8' | 'float-simd' | 'host' | 'view' | 'copy';

/** One way to run an operator. */
export interface Impl {
  readonly backend: Backend;
  /** the condition under which it applies, in words (docs/operators.md) */
  readonly when: string;
  /** the step, or undefined where the condition does not hold */
  readonly lower: Lower;
  /** the files that implement it (host side, then the wasm kernel), from the repository root */
  readonly files: readonly string[];
}

/** The Q/DQ fusion rules (src/model/graph/passes/qdq-rules.ts): what a `DQ -> op -> Q` group of the op becomes. */
export type QdqRuleName = 'conv' | 'matmul' | 'gemm' | 'qlinear' | 'drop';

export interface OpRow {
  /** '' (the default ONNX domain), 'com.microsoft' or 'i8conv' */
  readonly domain: string;
  readonly opType: string;
  /** `domain:opType` */
  readonly key: string;
  /**
   * the first opset of the domain the row covers: 1 where the implementations compute the operator the same at every
   * opset that has it (older files and i8conv's own readers may carry it at a lower opset than ONNX introduced it)
   */
  readonly since: number;
  /** the last one, where a later version changed what the operator computes (absent: every later one) */
  readonly until?: number;
  /** one line: what the operator is here */
  readonly doc: string;
  /** output types and dims (absent: the shape pass refuses the operator) */
  readonly shape?: ShapeRule;
  /** the rule that fuses a `DQ -> op -> Q` group of it */
  readonly qdq?: QdqRuleName;
  /** evaluated at load time when every input is a constant (src/model/graph/passes/fold-constants.ts) */
  readonly folds?: boolean;
  /** made by this pass of src/model/graph/passes/ (or these, comma-separated; after shape inference: no shape rule) */
  readonly madeBy?: string;
  /** the ways to run it, most preferred first (empty: refused at lowering) */
  readonly impls: readonly Impl[];
  /** the reference executor's operator of the same key (kernels-ref/model/ops/), by file */
  readonly reference?: string;
  /** the ONNX conformance node tests (Debian's libonnx-testdata) that load and pass (test/model-conformance.test.ts) */
  readonly conformance: readonly string[];
}

// ---- implementations ------------------------------------------------------------------------------------------

const HOST = 'src/model/backends/host/';
const INT8 = 'src/model/backends/wasm-int8/';
const CONV_FILES = [`${INT8}conv.ts`, 'src/conv.ts', 'src/algos/', 'assembly/'];

const int8 = (lower: Lower, when: string, ...files: string[]): Impl => ({ backend: 'int8', when, lower, files });
/** The TypeScript operator of HOST_OPS under `key`, in `file`. */
const host = (key: string, file: string, when = 'any other case'): Impl => {
  const f = HOST_OPS.get(key);
  if (!f) throw new Error(`registry: no host operator ${key}`);
  return hostWith(f, file, when);
};
const hostWith = (f: HostOpFactory, file: string, when = 'any other case'): Impl => ({
  backend: 'host',
  when,
  lower: hostOp(f),
  files: [`${HOST}${file}`],
});
const floatSimd = (key: string, file: string, when: string, checks = HOST_OPS.get(key)!): Impl => ({
  backend: 'float-simd',
  when,
  lower: floatKernelOp(checks),
  files: ['src/model/backends/wasm-float/kernels.ts', 'assembly/model/host-float.ts', `${HOST}${file}`],
});
/** A float32 MatMul / Gemm on the wasm kernel of assembly/model/gemm-f32.ts. */
const floatGemm = (key: string): Impl => ({
  backend: 'float-simd',
  when: 'a constant 2-D B (and a constant C), K > 0; MatMul: also two computed operands (2-D or batched), products of M > 1 rows',
  lower: floatKernelOp(HOST_OPS.get(key)!, (node, inputs, _outputs, opset) => gemmKernel(node, inputs, opset)),
  files: ['src/model/backends/wasm-float/gemm.ts', 'assembly/model/gemm-f32.ts', `${HOST}matmul.ts`],
});
/** A float32 pool on the wasm kernels of assembly/model/spatial-pool-f32.ts, in NCHW or NCHW44. */
const floatPool = (lower: Lower, when: string): Impl => ({
  backend: 'float-simd',
  when,
  lower,
  files: ['src/model/backends/wasm-float/pool.ts', 'assembly/model/spatial-pool-f32.ts', `${HOST}pool.ts`],
});
const FLOAT_POOL_WHEN = '4-D float32, every window with a cell inside the input';
/** A float32 Resize / Upsample on the wasm kernel of assembly/model/spatial-resize-f32.ts, in NCHW or NCHW44. */
const floatResize = (lower: Lower): Impl => ({
  backend: 'float-simd',
  when: '4-D float32, nearest or linear on H and W, no antialias (or an output of the input dims)',
  lower,
  files: ['src/model/backends/wasm-float/resize.ts', 'assembly/model/spatial-resize-f32.ts', `${HOST}resize.ts`],
});
const view = (lower: Lower = lowerView): Impl => ({
  backend: 'view',
  when: "one output: its bytes are the input's",
  lower,
  files: [`${HOST}lower.ts`],
});

// ---- the rows ---------------------------------------------------------------------------------------------------

interface RowSpec {
  since?: number;
  until?: number;
  doc: string;
  shape?: ShapeRule;
  qdq?: QdqRuleName;
  folds?: boolean;
  madeBy?: string;
  impls: Impl[];
  /** file under kernels-ref/model/ops/ */
  ref?: string;
}

const rows: OpRow[] = [];
function op(key: string, spec: RowSpec): void {
  const [domain, opType] = key.split(':') as [string, string];
  rows.push({
    domain,
    opType,
    key,
    since: spec.since ?? 1,
    until: spec.until,
    doc: spec.doc,
    shape: spec.shape,
    qdq: spec.qdq,
    folds: spec.folds,
    madeBy: spec.madeBy,
    impls: spec.impls,
    reference: spec.ref ? `kernels-ref/model/ops/${spec.ref}` : undefined,
    conformance: CONFORMANCE[key] ?? [],
  });
}

// quantization
op(':QuantizeLinear', {
  since: 10,
  doc: 'float32 -> int8 / uint8, per tensor or per axis',
  shape: SHAPE.quantizeLinear,
  ref: 'QuantizeLinear.ts',
  impls: [
    int8(
      lowerQuantizeLinear,
      'per-tensor scale and zero point, 8-bit output',
      `${INT8}quantize.ts`,
      'assembly/model/elementwise.ts',
    ),
    hostWith(quantizeHost, 'quant.ts', 'per axis'),
  ],
});
op(':DequantizeLinear', {
  since: 10,
  doc: 'int8 / uint8 / int32 -> float32, per tensor or per axis',
  shape: SHAPE.dequantizeLinear,
  ref: 'DequantizeLinear.ts',
  impls: [
    int8(
      lowerDequantizeLinear,
      'a computed 8-bit tensor, per-tensor scale and zero point',
      `${INT8}quantize.ts`,
      'assembly/model/elementwise.ts',
    ),
    hostWith(dequantizeHost, 'quant.ts', 'per axis, int32, constants'),
  ],
});

op(':DynamicQuantizeLinear', {
  since: 11,
  doc: 'float32 -> uint8 with the scale and zero point of its own range (what quantize_dynamic writes)',
  shape: SHAPE.dynamicQuantizeLinear,
  ref: 'DynamicQuantizeLinear.ts',
  impls: [
    int8(
      lowerDynamicQuantizeLinear,
      'a computed float32 tensor (NCHW or NCHW44)',
      `${INT8}dynamic-quant.ts`,
      'assembly/model/dynamic-quant.ts',
    ),
    hostWith(dynamicQuantizeHost, 'quant.ts', 'any other case'),
  ],
});

// convolutions and matrix products
const convImpl = (when: string) => int8(lowerConvOp, when, ...CONV_FILES);
op(':QLinearConv', {
  since: 10,
  doc: '8-bit convolution, 1-D and 2-D, per-tensor or per-channel weights',
  shape: SHAPE.qlinearConv,
  ref: 'QLinearConv.ts',
  impls: [convImpl('constant 8-bit weights (w - zp beyond int8: shifted per channel, plus window sums)')],
});
op(':QLinearMatMul', {
  since: 10,
  doc: '8-bit matrix product',
  shape: SHAPE.qlinearMatMul,
  ref: 'QLinearMatMul.ts',
  impls: [
    convImpl('a constant 2-D B: a 1x1 convolution'),
    int8(
      floatKernelOp(qlinearMatMulHost, prepareQMatMul),
      'a computed B (per-tensor A and Y parameters): packed per run, the rows in tasks',
      'src/model/backends/wasm-int8/qmatmul.ts',
      'assembly/model/qmatmul.ts',
      `${HOST}quant.ts`,
    ),
    hostWith(qlinearMatMulHost, 'quant.ts', 'any other case'),
  ],
});
op('com.microsoft:QGemm', {
  doc: '8-bit Gemm (alpha, transB), 8-bit or float32 output',
  shape: SHAPE.qgemm,
  ref: 'QGemm.ts',
  impls: [convImpl('a constant B: a 1x1 convolution')],
});
op(':ConvInteger', {
  since: 10,
  doc: '8-bit convolution to int32',
  shape: SHAPE.convInteger,
  ref: 'ConvInteger.ts',
  impls: [convImpl('constant 8-bit weights')],
});
op(':MatMulInteger', {
  since: 10,
  doc: '8-bit matrix product to int32',
  shape: SHAPE.matmulInteger,
  ref: 'MatMulInteger.ts',
  impls: [convImpl('a constant 2-D B')],
});
op(':Conv', {
  doc: 'float32 convolution',
  shape: SHAPE.conv,
  qdq: 'conv',
  ref: 'Conv.ts',
  impls: [floatSimd(':Conv', 'conv.ts', 'constant W and B', ConvChecks), host(':Conv', 'conv.ts')],
});
op(':ConvTranspose', {
  doc: 'float32 transposed convolution',
  shape: SHAPE.convTranspose,
  ref: 'ConvTranspose.ts',
  impls: [
    floatSimd(':ConvTranspose', 'conv.ts', "constant W and B, the channels in one block of onnxruntime's GEMM"),
    host(':ConvTranspose', 'conv.ts'),
  ],
});
op(':MatMul', {
  doc: 'float32 matrix product (numpy broadcast)',
  shape: SHAPE.matmul,
  qdq: 'matmul',
  ref: 'MatMul.ts',
  impls: [floatGemm(':MatMul'), host(':MatMul', 'matmul.ts')],
});
op(':Gemm', {
  doc: 'float32 Gemm',
  shape: SHAPE.gemm,
  qdq: 'gemm',
  ref: 'Gemm.ts',
  impls: [floatGemm(':Gemm'), host(':Gemm', 'matmul.ts')],
});

// 8-bit element-wise and look-up operators
const qBinary = (mul: boolean, twin = false): Impl[] => [
  int8(
    lowerQLinearBinaryTable,
    'one operand a constant scalar: a 256-entry table',
    `${INT8}binary.ts`,
    `${INT8}lut.ts`,
    'assembly/model/lut.ts',
  ),
  int8(
    lowerQLinearBinary,
    "per-tensor parameters; B of A's shape, a scalar or per channel",
    `${INT8}binary.ts`,
    'assembly/model/elementwise.ts',
  ),
  hostWith(qlinearBinaryHost(mul, twin), 'quant.ts', 'a general broadcast, per-axis parameters'),
];
op('com.microsoft:QLinearAdd', {
  doc: '8-bit add (numpy broadcast)',
  shape: SHAPE.qlinearBinary,
  ref: 'QLinearBinary.ts',
  impls: qBinary(false),
});
op('com.microsoft:QLinearMul', {
  doc: '8-bit multiply (numpy broadcast)',
  shape: SHAPE.qlinearBinary,
  ref: 'QLinearBinary.ts',
  impls: qBinary(true),
});
const lutImpl = int8(
  lowerLut,
  'per-tensor parameters, one 8-bit type',
  `${INT8}lut.ts`,
  'src/model/numerics/tables.ts',
  'assembly/model/lut.ts',
);
op('com.microsoft:QLinearSigmoid', {
  doc: '8-bit sigmoid (MLAS logistic) as a table',
  shape: SHAPE.same,
  ref: 'QLinearLut.ts',
  impls: [lutImpl],
});
op('com.microsoft:QLinearLeakyRelu', {
  doc: '8-bit LeakyRelu as a table',
  shape: SHAPE.same,
  ref: 'QLinearLut.ts',
  impls: [lutImpl],
});
op('i8conv:Lut', {
  doc: 'y = table[x byte]: a region of float element-wise ops between a DQ and a Q (fuse-qdq, fuse-luts)',
  shape: SHAPE.lut,
  ref: 'Lut.ts',
  impls: [lutImpl],
});
op('com.microsoft:QLinearSoftmax', {
  doc: "8-bit Softmax (onnxruntime's exp table)",
  shape: SHAPE.same,
  ref: 'QLinearSoftmax.ts',
  impls: [
    int8(
      floatKernelOp(qlinearSoftmaxHost, prepareQSoftmax),
      'rows of contiguous values (the axis innermost), or along a strided axis four neighbouring rows a SIMD step',
      'src/model/backends/wasm-int8/qsoftmax.ts',
      'assembly/model/qsoftmax.ts',
      `${HOST}quant.ts`,
    ),
    hostWith(qlinearSoftmaxHost, 'quant.ts', 'an empty tensor'),
  ],
});

// pools and resize
op(':MaxPool', {
  doc: 'max pool, 8-bit or float32',
  shape: SHAPE.maxPool,
  qdq: 'drop',
  ref: 'MaxPool.ts',
  impls: [
    int8(lowerMaxPool, '4-D 8-bit, no indices output', `${INT8}pool.ts`, 'assembly/model/spatial-pool.ts'),
    floatPool(lowerFloatMaxPool, `${FLOAT_POOL_WHEN}, no indices output`),
    host(':MaxPool', 'pool.ts'),
  ],
});
op(':AveragePool', {
  doc: 'float32 average pool',
  shape: SHAPE.averagePool,
  qdq: 'qlinear',
  ref: 'AveragePool.ts',
  impls: [floatPool(lowerFloatAveragePool, FLOAT_POOL_WHEN), host(':AveragePool', 'pool.ts')],
});
op(':GlobalAveragePool', {
  doc: 'float32 global average pool',
  shape: SHAPE.globalAveragePool,
  qdq: 'qlinear',
  ref: 'GlobalAveragePool.ts',
  impls: [floatPool(lowerFloatGlobalAveragePool, '4-D float32'), host(':GlobalAveragePool', 'pool.ts')],
});
const qPool = int8(
  lowerQLinearAveragePool,
  '4-D NCHW, per-tensor parameters',
  `${INT8}pool.ts`,
  'assembly/model/spatial-pool.ts',
);
op('com.microsoft:QLinearAveragePool', {
  doc: '8-bit average pool',
  shape: SHAPE.qlinearAveragePool,
  ref: 'QLinearAveragePool.ts',
  impls: [qPool],
});
op('com.microsoft:QLinearGlobalAveragePool', {
  doc: '8-bit global average pool',
  shape: SHAPE.qlinearGlobalAveragePool,
  ref: 'QLinearGlobalAveragePool.ts',
  impls: [qPool],
});
op(':Resize', {
  since: 10,
  doc: 'nearest, linear and cubic resize, antialias, axes, keep_aspect_ratio_policy; float32, int32, 8-bit',
  shape: SHAPE.resizeAll,
  qdq: 'drop',
  ref: 'Resize.ts',
  impls: [
    int8(
      lowerResize,
      '4-D 8-bit, nearest or linear on H and W, the opset 18 attributes at their defaults, not tf_crop_and_resize',
      `${INT8}resize.ts`,
      'assembly/model/spatial-resize.ts',
    ),
    floatResize(lowerFloatResize),
    host(':Resize', 'resize.ts'),
  ],
});

// float element-wise and activations
const hostOnly = (
  key: string,
  file: string,
  doc: string,
  shape: ShapeRule,
  ref?: string,
  extra: Partial<RowSpec> = {},
): void => op(key, { doc, shape, ref, impls: [host(key, file, 'always')], ...extra });
hostOnly(':Add', 'binary.ts', 'float32 / double / int add (numpy broadcast)', SHAPE.broadcast2, 'Add.ts', {
  qdq: 'qlinear',
  folds: true,
});
hostOnly(':Sub', 'binary.ts', 'subtract (numpy broadcast; float32, double, integers)', SHAPE.broadcast2, 'SubDiv.ts', {
  folds: true,
});
hostOnly(':Mul', 'binary.ts', 'multiply (numpy broadcast; float32, double, integers)', SHAPE.broadcast2, 'Mul.ts', {
  qdq: 'qlinear',
  folds: true,
});
hostOnly(':Div', 'binary.ts', 'divide (numpy broadcast; float32, double, integers)', SHAPE.broadcast2, 'SubDiv.ts', {
  folds: true,
});
hostOnly(':Pow', 'binary.ts', 'power (numpy broadcast)', SHAPE.broadcast2, 'Pow.ts');
op(':Relu', {
  doc: 'max(x, 0)',
  shape: SHAPE.same,
  ref: 'Relu.ts',
  impls: [floatSimd(':Relu', 'unary.ts', 'a computed float32 tensor'), host(':Relu', 'unary.ts')],
});
hostOnly(':Clip', 'unary.ts', 'clamp to [min, max]', SHAPE.same, 'Clip.ts');
hostOnly(':LeakyRelu', 'unary.ts', 'x >= 0 ? x : alpha x', SHAPE.same, 'Activations.ts', { qdq: 'qlinear' });
hostOnly(':HardSigmoid', 'unary.ts', 'max(0, min(1, alpha x + beta))', SHAPE.same, 'Activations.ts');
op(':HardSwish', {
  doc: 'x HardSigmoid(x) with alpha 1/6',
  shape: SHAPE.same,
  ref: 'Activations.ts',
  impls: [host(':HardSwish', 'unary.ts', 'always')],
});
hostOnly(':Sigmoid', 'unary.ts', 'logistic (MLAS approximation)', SHAPE.same, 'Sigmoid.ts', { qdq: 'qlinear' });
hostOnly(':Tanh', 'unary.ts', 'tanh (MLAS approximation)', SHAPE.same, 'Unary.ts');
hostOnly(':Exp', 'unary.ts', 'exp (MLAS approximation)', SHAPE.same, 'Unary.ts');
hostOnly(':Sqrt', 'unary.ts', 'square root', SHAPE.same, 'Unary.ts');
hostOnly(':Neg', 'unary.ts', '-x', SHAPE.same, 'Unary.ts');
hostOnly(':Abs', 'unary.ts', '|x|', SHAPE.same, 'Unary.ts');
op(':Erf', { doc: 'error function', shape: SHAPE.same, ref: 'Unary.ts', impls: [host(':Erf', 'unary.ts', 'always')] });
op(':Softmax', {
  doc: 'softmax (MLAS exp and summation order)',
  shape: SHAPE.same,
  qdq: 'qlinear',
  ref: 'Softmax.ts',
  impls: [
    floatSimd(
      ':Softmax',
      'softmax.ts',
      'rows of contiguous values, or along a strided axis four neighbouring rows a SIMD step',
    ),
    host(':Softmax', 'softmax.ts'),
  ],
});
op(':BatchNormalization', {
  doc: 'inference batch normalization',
  shape: SHAPE.same,
  ref: 'BatchNormalization.ts',
  impls: [
    floatSimd(':BatchNormalization', 'norm.ts', 'constant scale, bias, mean and variance'),
    host(':BatchNormalization', 'norm.ts'),
  ],
});
/** float32, onnxruntime's KR or R loop: each output's reduced values contiguous (e.g. NCHW over [2, 3], the last axis) */
const REDUCE_ROWS_WHEN =
  "float32 on onnxruntime's KR or R loop (each output's values contiguous: e.g. axes [2, 3] of NCHW, the last axis, all)";
const REDUCE_SUMS_WHEN = `${REDUCE_ROWS_WHEN}; or over the middle axis of [outer, R, K] on its RK loop, or its general loop with outer 1 (e.g. axis 1 of [1, C, T]): four columns as lanes`;
op(':ReduceMean', {
  doc: 'mean over axes',
  shape: SHAPE.reduce,
  ref: 'ReduceMean.ts',
  impls: [floatSimd(':ReduceMean', 'reduce.ts', REDUCE_SUMS_WHEN), host(':ReduceMean', 'reduce.ts')],
});

// data movement and shape plumbing
const viewOr = (
  key: string,
  doc: string,
  shape: ShapeRule,
  ref: string | undefined,
  extra: Partial<RowSpec> = {},
): void => op(key, { doc, shape, ref, impls: [view(), host(key, 'movement.ts')], ...extra });
viewOr(':Reshape', 'new dims, same elements', SHAPE.reshape, 'Reshape.ts', { qdq: 'drop', folds: true });
viewOr(':Flatten', 'to 2-D at an axis', SHAPE.flatten, 'Flatten.ts', { qdq: 'drop' });
viewOr(':Squeeze', 'drop dims of 1', SHAPE.squeeze, 'Squeeze.ts', { qdq: 'drop', folds: true });
viewOr(':Unsqueeze', 'insert dims of 1', SHAPE.squeeze, 'Squeeze.ts', { qdq: 'drop', folds: true });
viewOr(':Identity', 'the input', SHAPE.same, 'Identity.ts');
op(':Dropout', {
  doc: 'inference Dropout: the input (the mask unused)',
  shape: SHAPE.dropout,
  impls: [view(lowerDropoutView), host(':Dropout', 'movement.ts')],
});
op(':Transpose', {
  doc: 'permute dims',
  shape: SHAPE.transpose,
  qdq: 'drop',
  ref: 'Transpose.ts',
  impls: [
    int8(
      lowerTranspose,
      'a computed tensor of 1- or 4-byte elements, rank <= 6',
      `${INT8}transpose.ts`,
      'assembly/model/spatial-transpose.ts',
    ),
    host(':Transpose', 'movement.ts'),
  ],
});
op(':Concat', {
  doc: 'join on an axis, any type',
  shape: SHAPE.concat,
  qdq: 'qlinear',
  folds: true,
  ref: 'Concat.ts',
  impls: [
    {
      backend: 'copy',
      when: "always (NCHW44 when every input's channels are a multiple of 4)",
      lower: lowerConcatOp,
      files: [`${INT8}concat.ts`],
    },
  ],
});
op('com.microsoft:QLinearConcat', {
  doc: "8-bit join on an axis, each input requantized to the output's scale",
  shape: SHAPE.qlinearConcat,
  ref: 'QLinearConcat.ts',
  impls: [
    int8(
      lowerConcatOp,
      "per-tensor parameters: copies, or a table where an input's scale or zero point differs",
      `${INT8}concat.ts`,
      `${INT8}lut.ts`,
      'assembly/model/lut.ts',
    ),
  ],
});
op(':Slice', {
  doc: 'strided window (negative and clamped indices, INT64_MAX / INT64_MIN ends)',
  shape: SHAPE.slice,
  ref: 'Slice.ts',
  qdq: 'drop',
  folds: true,
  impls: [
    {
      backend: 'view',
      when: "one contiguous range of the input (the axes before the first one the output holds several indices of taken at one index, that one with step 1, the later ones whole): the input's bytes from the range's first byte",
      lower: lowerSliceView,
      files: [`${HOST}lower.ts`, `${HOST}movement.ts`],
    },
    int8(
      lowerSliceRows,
      'any other computed, non-empty window, any element type: rows of the window copied from their strided places',
      `${INT8}transpose.ts`,
      'assembly/model/spatial-transpose.ts',
    ),
    host(':Slice', 'movement.ts'),
  ],
});
op(':Pad', {
  since: 2,
  doc: 'constant, edge and reflect padding',
  shape: SHAPE.pad,
  qdq: 'drop',
  ref: 'Pad.ts',
  impls: [
    host(
      ':Pad',
      'movement.ts',
      'always (read only by a convolution or a max pool: folded into its window by fold-pad)',
    ),
  ],
});
hostOnly(':Gather', 'movement.ts', 'take along an axis', SHAPE.gather, 'DataMovement.ts', { qdq: 'drop', folds: true });
hostOnly(
  ':Cast',
  'movement.ts',
  'element type conversion (float32, double, the integers, bool)',
  SHAPE.cast,
  'Cast.ts',
  { folds: true },
);
hostOnly(':Shape', 'movement.ts', "a tensor's dims as int64", SHAPE.shape, 'Shape.ts', { folds: true });
op(':Constant', {
  doc: 'a constant (becomes an initializer at load)',
  shape: SHAPE.constant,
  folds: true,
  ref: 'Constant.ts',
  impls: [],
});
op(':ConstantOfShape', {
  since: 9,
  doc: 'a filled tensor (constant dims: an initializer at load; computed dims: evaluated per run, the model split at load; an empty shape input: a scalar)',
  shape: SHAPE.valueShaped,
  folds: true,
  ref: 'Generators.ts',
  impls: [host(':ConstantOfShape', 'movement-more.ts', 'past the folding limit, or an empty shape input')],
});
// ---- element-wise and comparison -------------------------------------------------------------------------------
// (the types each takes, by opset, are onnxruntime's: src/model/backends/host/{variadic,binary,math,compare}.ts)
for (const [o, doc] of [
  ['Max', 'largest of one or more inputs (numpy broadcast from opset 8; NaN wins)'],
  ['Min', 'smallest of one or more inputs (numpy broadcast from opset 8; NaN wins)'],
  ['Sum', 'float32 sum of one or more inputs, left to right (numpy broadcast from opset 8)'],
  ['Mean', 'float32 sum of one or more inputs times f(1 / n) (numpy broadcast from opset 8)'],
])
  hostOnly(`:${o}`, 'variadic.ts', doc, SHAPE.variadic, 'Variadic.ts', { since: 6 });
hostOnly(
  ':Mod',
  'binary.ts',
  "remainder: the divisor's sign (integers) or fmod (numpy broadcast)",
  SHAPE.broadcast2,
  'Mod.ts',
  {
    since: 10,
  },
);
for (const [o, since, doc] of [
  ['Reciprocal', 6, 'f(1 / x)'],
  ['Floor', 6, 'floor'],
  ['Ceil', 6, 'ceil'],
  ['Round', 11, 'round half to even'],
  ['Sign', 9, '-1, 0 or 1 (NaN passes)'],
  ['Log', 6, "natural log (the C library's logf, onnxruntime-web's bits)"],
  ['Sin', 7, "sine (the C library's sinf, onnxruntime-web's bits)"],
  ['Cos', 7, "cosine (the C library's cosf, onnxruntime-web's bits)"],
  ['Tan', 7, "tangent (the C library's tanf, onnxruntime-web's bits)"],
  ['Asin', 7, "arcsine (the C library's asinf, onnxruntime-web's bits)"],
  ['Acos', 7, "arccosine (the C library's acosf, onnxruntime-web's bits)"],
  ['Atan', 7, "arctangent (the C library's atanf, onnxruntime-web's bits)"],
  ['Sinh', 9, "hyperbolic sine (the C library's sinhf, onnxruntime-web's bits)"],
  ['Cosh', 9, "hyperbolic cosine (the C library's coshf, onnxruntime-web's bits)"],
  ['Asinh', 9, "inverse hyperbolic sine (the C library's asinhf, onnxruntime-web's bits)"],
  ['Acosh', 9, "inverse hyperbolic cosine (the C library's acoshf, onnxruntime-web's bits)"],
  ['Atanh', 9, "inverse hyperbolic tangent (the C library's atanhf, onnxruntime-web's bits)"],
] as const)
  hostOnly(`:${o}`, 'math.ts', doc, SHAPE.same, 'UnaryMath.ts', { since });
for (const [o, since, doc] of [
  ['Equal', 7, 'a == b, bool output (numpy broadcast)'],
  ['Less', 7, 'a < b, bool output (numpy broadcast)'],
  ['LessOrEqual', 12, 'a <= b, bool output (numpy broadcast)'],
  ['Greater', 7, 'a > b, bool output (numpy broadcast)'],
  ['GreaterOrEqual', 12, 'a >= b, bool output (numpy broadcast)'],
  ['And', 7, 'logical and of bools (numpy broadcast)'],
  ['Or', 7, 'logical or of bools (numpy broadcast)'],
  ['Xor', 7, 'logical xor of bools (numpy broadcast)'],
] as const)
  hostOnly(`:${o}`, 'compare.ts', doc, SHAPE.compare, 'Compare.ts', { since });
hostOnly(':Not', 'compare.ts', 'logical not of bools', SHAPE.same, 'Compare.ts');
for (const [o, doc] of [
  ['BitwiseAnd', 'a & b of int8 / uint8 / int32 / int64 (numpy broadcast)'],
  ['BitwiseOr', 'a | b of int8 / uint8 / int32 / int64 (numpy broadcast)'],
  ['BitwiseXor', 'a ^ b of int8 / uint8 / int32 / int64 (numpy broadcast)'],
] as const)
  hostOnly(`:${o}`, 'bitwise.ts', doc, SHAPE.broadcast2, 'Bitwise.ts', { since: 18 });
hostOnly(':BitwiseNot', 'bitwise.ts', '~x of int8 / uint8 / int32 / int64', SHAPE.same, 'Bitwise.ts', { since: 18 });
hostOnly(
  ':BitShift',
  'bitwise.ts',
  "x << y or x >> y of uint8 (onnxruntime-web's results for counts past the width: left modulo 32, right 0)",
  SHAPE.broadcast2,
  'Bitwise.ts',
  {
    since: 11,
  },
);
hostOnly(':Where', 'binary.ts', 'condition ? X : Y (numpy broadcast of all three)', SHAPE.where, 'Where.ts', {
  since: 9,
});
// ---- end of element-wise and comparison ----

// ---- activations --------------------------------------------------------------------------------------------
// float32 only (what onnxruntime registers); onnxruntime-web's bits: musl's expf / log1pf / logf where its kernels
// call the C library, MLAS's tanh / erf / softmax exponential where they call MLAS (src/model/backends/host/activations.ts)
const activation = (key: string, since: number, doc: string, shape: ShapeRule = SHAPE.same): void =>
  op(key, { since, doc, shape, ref: 'ActivationFamily.ts', impls: [host(key, 'activations.ts', 'always')] });
activation(':PRelu', 7, 'x < 0 ? slope x : x (slope broadcast to x)', SHAPE.prelu);
activation(':Elu', 6, 'x >= 0 ? x : alpha (exp(x) - 1) (musl expf)');
activation(':Selu', 6, 'x > 0 ? gamma x : gamma alpha (exp(x) - 1) (musl expf)');
activation(':Celu', 12, 'max(x, 0) + min(alpha (exp(x / alpha) - 1), 0) (musl expf)');
activation(':Softplus', 1, 'log(1 + exp(x)) as log1p (musl expf, log1pf)');
activation(':Softsign', 1, 'x / (1 + |x|)');
activation(':Mish', 18, 'x tanh(Softplus(x)) (MLAS tanh)');
activation(':ThresholdedRelu', 10, 'x > alpha ? x : 0');
activation(':Gelu', 20, "x Phi(x): approximate 'none' (MLAS erf) or 'tanh' (MLAS tanh)");
activation('com.microsoft:Gelu', 1, 'x Phi(x) (MLAS erf)');
activation(
  'com.microsoft:FastGelu',
  1,
  'tanh-approximated Gelu of x (+ an optional bias) (MLAS tanh)',
  SHAPE.lastDimBias,
);
activation('com.microsoft:BiasGelu', 1, 'Gelu of x + bias (MLAS erf)', SHAPE.lastDimBias);
op(':LogSoftmax', {
  doc: 'log of softmax (MLAS exponential and summation order, musl logf)',
  shape: SHAPE.same,
  ref: 'LogSoftmax.ts',
  impls: [host(':LogSoftmax', 'logsoftmax.ts', 'always')],
});
// ---- end of activations ----

// ---- reductions and normalization -----------------------------------------------------------------------------
const reduction = (o: string, doc: string, rows = false) =>
  op(`:${o}`, {
    doc,
    shape: SHAPE.reduce,
    ref: 'Reduce.ts',
    impls: [
      ...(rows ? [floatSimd(`:${o}`, 'reduce.ts', o === 'ReduceSum' ? REDUCE_SUMS_WHEN : REDUCE_ROWS_WHEN)] : []),
      host(
        `:${o}`,
        'reduce.ts',
        `${rows ? 'any other case' : 'always'} (axes from the attribute, or a constant input 1)`,
      ),
    ],
  });
reduction('ReduceSum', "sum over axes (onnxruntime's loop per fast shape); float32, int32 / int64 (saturating)", true);
reduction('ReduceMax', 'maximum over axes; float32, int32 / int64, uint8 / int8 (opset 12+)', true);
reduction('ReduceMin', 'minimum over axes; float32, int32 / int64, uint8 / int8 (opset 12+)', true);
reduction('ReduceProd', 'product over axes (float32)');
reduction('ReduceL1', 'sum of |x| over axes (float32)');
reduction('ReduceL2', 'sqrt of the sum of x^2 over axes (float32)');
reduction('ReduceSumSquare', 'sum of x^2 over axes (float32)');
reduction('ReduceLogSum', "log of the sum over axes (float32; musl's logf)");
reduction('ReduceLogSumExp', "log of the sum of exp over axes, max-shifted (float32; musl's expf / logf)");
for (const o of ['ArgMax', 'ArgMin'])
  op(`:${o}`, {
    doc: `index of the ${o === 'ArgMax' ? 'maximum' : 'minimum'} along an axis (select_last_index); float32, int32, uint8 / int8`,
    shape: SHAPE.argReduce,
    ref: 'Reduce.ts',
    impls: [host(`:${o}`, 'reduce.ts', 'always')],
  });
op(':TopK', {
  doc: "k largest / smallest along an axis, with int64 indices (float32; onnxruntime's heap and tie order)",
  shape: SHAPE.topK,
  ref: 'TopK.ts',
  impls: [host(':TopK', 'topk.ts', 'a constant k; not sorted = 0 where onnxruntime takes nth_element')],
});
op(':GlobalMaxPool', {
  doc: "float32 global max pool (MLAS's kernel: -inf images give the lowest float), 1 to 3 spatial dims",
  shape: SHAPE.globalAveragePool,
  ref: 'GlobalMaxPool.ts',
  impls: [floatSimd(':GlobalMaxPool', 'reduce.ts', 'float32'), host(':GlobalMaxPool', 'reduce.ts')],
});
op(':LpNormalization', {
  doc: 'x / its L1 or L2 norm along an axis (float32; p 1 or 2)',
  shape: SHAPE.same,
  ref: 'Normalization.ts',
  impls: [host(':LpNormalization', 'normalize.ts', 'always')],
});
const LAYER_NORM_SIMD_WHEN = 'constant Scale (and B), rows of at most 2^24 values';
op(':InstanceNormalization', {
  since: 6,
  doc: 'per-image normalization, scale and B per channel (float32)',
  shape: SHAPE.same,
  ref: 'Normalization.ts',
  impls: [
    floatSimd(':InstanceNormalization', 'normalize.ts', 'constant scale and B, planes of at most 2^24 values'),
    host(':InstanceNormalization', 'normalize.ts'),
  ],
});
op(':LayerNormalization', {
  since: 1,
  doc: "normalization over the axes from `axis` (float32, onnxruntime's Welford), optional Mean / InvStdDev; before opset 17 as onnxruntime registers it in the ONNX domain (the same kernel)",
  shape: SHAPE.layerNorm,
  ref: 'Normalization.ts',
  impls: [
    floatSimd(':LayerNormalization', 'normalize.ts', LAYER_NORM_SIMD_WHEN),
    host(':LayerNormalization', 'normalize.ts', 'any other case (stash_type 1; Scale and B of X.shape[axis:])'),
  ],
});
op(':LRN', {
  doc: "local response normalization across channels (float32, 4-D, odd size; musl's powf)",
  shape: SHAPE.same,
  ref: 'Normalization.ts',
  impls: [host(':LRN', 'normalize.ts', 'a 4-D X and an odd size')],
});
// ---- end of reductions and normalization ----

// ---- data movement (more) ----------------------------------------------------------------------------------------
op(':Split', {
  since: 2,
  doc: 'split on an axis: `split` sizes (attribute, input from 13), num_outputs (18, the last part smaller), equal parts',
  shape: SHAPE.split,
  qdq: 'drop',
  folds: true,
  ref: 'DataMovement.ts',
  impls: [host(':Split', 'movement.ts', 'always')],
});
op(':Expand', {
  since: 8,
  doc: 'broadcast to the dims of a constant shape (numpy, both ways)',
  shape: SHAPE.expand,
  qdq: 'drop',
  folds: true,
  ref: 'DataMovement.ts',
  impls: [host(':Expand', 'movement.ts', 'always')],
});
op(':Tile', {
  since: 6,
  doc: 'repeat along every axis (constant repeats)',
  shape: SHAPE.tile,
  qdq: 'drop',
  folds: true,
  ref: 'DataMovement.ts',
  impls: [host(':Tile', 'movement-more.ts', 'always')],
});
op(':LpPool', {
  since: 2,
  doc: "p-norm pool (float32, p 1 or 2): onnxruntime's sums of |x| ^ p per window, then powf(sum, 1 / p)",
  shape: SHAPE.averagePool,
  ref: 'LpPool.ts',
  impls: [host(':LpPool', 'pool.ts', 'float32, p 1 or 2, dilations 1')],
});
op(':GlobalLpPool', {
  since: 2,
  doc: 'p-norm over each whole plane (float32, p 1 or 2), as LpPool',
  shape: SHAPE.globalAveragePool,
  ref: 'LpPool.ts',
  impls: [host(':GlobalLpPool', 'pool.ts', 'float32, p 1 or 2')],
});
op(':MaxUnpool', {
  since: 9,
  doc: "the max pool's values put back at its indices, zeros elsewhere (float32; output_shape constant or computed by the run)",
  shape: SHAPE.maxUnpool,
  ref: 'MaxUnpool.ts',
  impls: [host(':MaxUnpool', 'pool.ts', 'float32 X, int64 indices')],
});
op(':GridSample', {
  since: 16,
  doc: "samples X at a grid of normalized locations: nearest, (bi)linear, (bi)cubic; zeros, border, reflection padding; align_corners (onnxruntime's float32 arithmetic; 5-D from opset 20, linear and nearest)",
  shape: SHAPE.gridSample,
  ref: 'GridSample.ts',
  impls: [host(':GridSample', 'grid-sample.ts', 'float32, 4-D (5-D from opset 20)')],
});
op(':DepthToSpace', {
  doc: 'channels into blocks of H and W, modes DCR and CRD',
  shape: SHAPE.spaceDepth,
  qdq: 'drop',
  ref: 'SpaceDepth.ts',
  impls: [
    int8(
      lowerSpaceDepth(true),
      'a computed 4-D tensor of 1- or 4-byte elements: the 6-D Transpose it is',
      `${INT8}transpose.ts`,
      'assembly/model/spatial-transpose.ts',
    ),
    host(':DepthToSpace', 'movement-more.ts'),
  ],
});
op(':SpaceToDepth', {
  doc: 'blocks of H and W into channels',
  shape: SHAPE.spaceDepth,
  qdq: 'drop',
  ref: 'SpaceDepth.ts',
  impls: [
    int8(
      lowerSpaceDepth(false),
      'a computed 4-D tensor of 1- or 4-byte elements: the 6-D Transpose it is',
      `${INT8}transpose.ts`,
      'assembly/model/spatial-transpose.ts',
    ),
    host(':SpaceToDepth', 'movement-more.ts'),
  ],
});
op(':Range', {
  since: 11,
  doc: 'start, start + delta, ... before limit, as onnxruntime accumulates it (computed inputs: evaluated per run, the model split at load)',
  shape: SHAPE.valueShaped,
  folds: true,
  ref: 'Generators.ts',
  impls: [host(':Range', 'movement-more.ts', 'constant inputs past the folding limit')],
});
op(':NonZero', {
  since: 9,
  doc: 'the indices of the non-zero elements (a computed input: evaluated per run, the model split at load)',
  shape: SHAPE.valueShaped,
  folds: true,
  ref: 'Generators.ts',
  impls: [host(':NonZero', 'movement-more.ts', 'a constant input past the folding limit')],
});
op(':Upsample', {
  since: 7,
  until: 9,
  doc: 'deprecated Resize: nearest and linear, scales >= 1 (attribute at 7-8, input at 9), asymmetric',
  shape: SHAPE.upsample,
  ref: 'Resize.ts',
  impls: [floatResize(lowerFloatUpsample), host(':Upsample', 'resize.ts')],
});
// ---- end of data movement (more) ----

// ---- sequence, control flow and detection ---------------------------------------------------------------------
/** Loop / Scan: no step of their own; the split model's frontier runs their body per iteration (loop.ts). */
const bodyRunner = (op: string, per: string): Impl => ({
  backend: 'host',
  when: `never as a step: the loader splits the model at the ${op} and runs its body per ${per} as a model of its own (executor/staged.ts, loop.ts)`,
  lower: (node) =>
    unsupported(
      { name: node.name, opType: node.opType, domain: node.domain, attributes: node.attributes },
      `a ${op} runs only as the frontier of a split model (inside an If branch it is not taken)`,
    ),
  files: ['src/model/executor/loop.ts', 'src/model/executor/staged.ts'],
});
op(':Loop', {
  doc: 'the body graph run per iteration (M, cond, loop-carried values, scan outputs): by the run, the model split at load',
  shape: SHAPE.loop,
  ref: 'Loop.ts',
  impls: [bodyRunner('Loop', 'iteration')],
});
op(':Scan', {
  since: 9,
  doc: 'the body graph run per step over scanned inputs, states carried, scan outputs stacked: by the run, the model split at load',
  shape: SHAPE.scan,
  ref: 'Scan.ts',
  impls: [bodyRunner('Scan', 'step')],
});
op(':If', {
  doc: 'then_branch or else_branch by a bool condition: inlined at load where the condition is a constant',
  shape: SHAPE.if,
  ref: 'If.ts',
  impls: [
    {
      backend: 'host',
      when: 'a condition only the run decides (a constant one is inlined at load): each branch planned and built as a program of its own',
      lower: lowerIf,
      files: [`${HOST}control.ts`, 'src/model/graph/passes/inline-if.ts'],
    },
  ],
});
op(':LSTM', {
  since: 7,
  doc: "float32 LSTM, every direction and layout, onnxruntime's gate arithmetic and MLAS's products",
  shape: SHAPE.lstm,
  ref: 'Rnn.ts',
  impls: [
    {
      backend: 'float-simd',
      when: 'constant W, R (B, P), the default activations, no sequence_lens (or all seq)',
      lower: lstmKernelOp(),
      files: ['src/model/backends/wasm-float/lstm.ts', 'assembly/model/lstm-f32.ts', `${HOST}rnn.ts`],
    },
    {
      backend: 'host',
      when: 'any other case',
      lower: lowerRnn(() => HOST_OPS.get(':LSTM')!),
      files: [`${HOST}rnn.ts`],
    },
  ],
});
/** A row whose nodes a load pass takes apart; one it leaves (the reason in `why`) is refused. */
const decomposed = (pass: string, why: string): Impl => ({
  backend: 'host',
  when: `never: ${pass} takes it apart at load into ONNX nodes`,
  lower: (node) =>
    unsupported({ name: node.name, opType: node.opType, domain: node.domain, attributes: node.attributes }, why),
  files: [`src/model/graph/passes/${pass}`],
});
op('com.microsoft:QuantizeLinear', {
  doc: "onnxruntime's contrib QuantizeLinear (UseQDQContribOps): the default domain's where it is 8-bit",
  shape: SHAPE.quantizeLinear,
  ref: 'index.ts',
  impls: [
    decomposed(
      'contrib-qdq.ts',
      'a contrib QuantizeLinear is taken with a zero point absent or an 8-bit initializer (per axis from default opset 13)',
    ),
  ],
});
op('com.microsoft:DequantizeLinear', {
  doc: "onnxruntime's contrib DequantizeLinear (UseQDQContribOps): the default domain's where it is 8-bit",
  shape: SHAPE.dequantizeLinear,
  ref: 'index.ts',
  impls: [
    decomposed(
      'contrib-qdq.ts',
      'a contrib DequantizeLinear is taken with a zero point absent or an 8-bit initializer (per axis from default opset 13)',
    ),
  ],
});
op('com.microsoft:MatMulIntegerToFloat', {
  doc: '8-bit matrix product to float32 (scales, bias): MatMulInteger -> Cast -> Mul -> Add, then fused',
  shape: SHAPE.matmulToFloat,
  ref: 'IntegerToFloat.ts',
  impls: [
    decomposed(
      'decompose-integer-to-float.ts',
      'scales and zero points of one value each are taken (onnxruntime takes no other), at default opset 11 or later',
    ),
  ],
});
op('com.microsoft:DynamicQuantizeMatMul', {
  doc: 'float32 A quantized at run time times 8-bit B: DynamicQuantizeLinear, then as MatMulIntegerToFloat',
  shape: SHAPE.matmulToFloat,
  ref: 'IntegerToFloat.ts',
  impls: [
    decomposed(
      'decompose-integer-to-float.ts',
      'a scale and zero point of one value are taken (onnxruntime takes no other), at default opset 11 or later',
    ),
  ],
});
op('com.microsoft:FusedConv', {
  doc: 'float32 Conv and its activation, as onnxruntime saves them: taken apart into the two nodes',
  shape: SHAPE.conv,
  ref: 'FusedConv.ts',
  impls: [
    decomposed(
      'decompose-fused-conv.ts',
      'the activations Relu, Tanh, Sigmoid, LeakyRelu, Clip, HardSigmoid with their activation_params, no Z input, are taken',
    ),
  ],
});
op('com.microsoft:FusedGemm', {
  doc: 'float32 Gemm and its activation, as onnxruntime saves them: taken apart into the two nodes',
  shape: SHAPE.gemm,
  ref: 'OrtFused.ts',
  impls: [
    decomposed(
      'decompose-ort-activations.ts',
      'the activations Elu, HardSigmoid, LeakyRelu, Relu, Selu, Sigmoid, Softplus, Softsign, Tanh, ThresholdedRelu (their attributes as activation_<name>) are taken',
    ),
  ],
});
op('com.microsoft:QuickGelu', {
  doc: 'x * sigmoid(alpha x) (float32; alpha default 1.702), as onnxruntime saves it: taken apart into Mul, Sigmoid, Mul',
  shape: SHAPE.same,
  ref: 'OrtFused.ts',
  impls: [decomposed('decompose-ort-activations.ts', 'always (no attribute but alpha)')],
});
op(':ImageScaler', {
  until: 9,
  doc: 'early ONNX (experimental): scale x + bias[c] of an NCHW image, as Mul and Add',
  shape: SHAPE.same,
  ref: 'LegacyImage.ts',
  impls: [
    decomposed(
      'decompose-legacy-image-ops.ts',
      'a 4-D float32 X with a bias of one value per channel is taken, at opset 7 or later',
    ),
  ],
});
op(':Crop', {
  until: 9,
  doc: 'early ONNX (experimental): the H and W of an NCHW tensor cropped by a border (or to a size), as Slice',
  shape: SHAPE.crop,
  ref: 'LegacyImage.ts',
  impls: [decomposed('decompose-legacy-image-ops.ts', 'a 4-D X and a border inside it are taken, at opset 7 or later')],
});
op('com.microsoft:FusedMatMul', {
  doc: "float32 MatMul times alpha (transA / transB), as onnxruntime's optimizer writes it (and fuse-matmul-scale.ts)",
  shape: SHAPE.fusedMatMul,
  ref: 'MatMul.ts',
  impls: [floatGemm('com.microsoft:FusedMatMul'), host('com.microsoft:FusedMatMul', 'matmul.ts')],
});
op('com.microsoft:DynamicQuantizeLSTM', {
  doc: "LSTM with 8-bit W and R whose inputs are quantized at run time (onnxruntime's quantize_dynamic writes it)",
  shape: SHAPE.dynamicQuantizeLstm,
  ref: 'Rnn.ts',
  impls: [
    {
      backend: 'float-simd',
      when: 'batch 1, constant W and R (B, P), the default activations, no sequence_lens (or all seq)',
      lower: lstmKernelOp(true),
      files: ['src/model/backends/wasm-float/lstm.ts', 'assembly/model/lstm-f32.ts', `${HOST}rnn.ts`],
    },
    {
      backend: 'host',
      when: 'any other case (layout 0, constant scales and zero points)',
      lower: lowerRnn(dynamicQuantizeLstm),
      files: [`${HOST}rnn.ts`],
    },
  ],
});
op(':RNN', {
  since: 7,
  doc: "float32 RNN (layout 0), onnxruntime's order of operations and activation functors",
  shape: SHAPE.rnn,
  ref: 'Rnn.ts',
  impls: [{ backend: 'host', when: 'always', lower: lowerRnn(() => HOST_OPS.get(':RNN')!), files: [`${HOST}rnn.ts`] }],
});
op(':GRU', {
  since: 7,
  doc: "float32 GRU, every direction and layout, linear_before_reset both ways, onnxruntime's gate arithmetic",
  shape: SHAPE.gru,
  ref: 'Rnn.ts',
  impls: [
    {
      backend: 'float-simd',
      when: 'constant W, R (B), the default activations, no sequence_lens (or all seq)',
      lower: lstmKernelOp(false, true),
      files: ['src/model/backends/wasm-float/lstm.ts', 'assembly/model/lstm-f32.ts', `${HOST}rnn.ts`],
    },
    { backend: 'host', when: 'any other case', lower: lowerRnn(() => HOST_OPS.get(':GRU')!), files: [`${HOST}rnn.ts`] },
  ],
});
op(':NonMaxSuppression', {
  since: 10,
  doc: "onnxruntime's selection ([selected, 3] int64); of computed inputs: evaluated per run, the model split at load",
  shape: SHAPE.nonMaxSuppression,
  ref: 'NonMaxSuppression.ts',
  impls: [host(':NonMaxSuppression', 'detection.ts', 'every input a constant (computed at load)')],
});
hostOnly(':Size', 'detection.ts', "a tensor's element count as int64 (folds at load)", SHAPE.size, 'Size.ts', {
  folds: true,
});
// ---- end of sequence, control flow and detection ----

// ---- indexing and more element-wise ----
// onnxruntime's types for each (src/model/backends/host/indexing.ts, elementwise-more.ts); an index out of range is
// BAD_MODEL for a constant, BAD_FEED at run time
const more = (key: string, since: number, file: string, doc: string, shape: ShapeRule, ref: string, when = 'always') =>
  op(key, { since, doc, shape, ref, impls: [host(key, file, when)] });
more(
  ':CastLike',
  15,
  'elementwise-more.ts',
  "Cast to input 1's type (float32, int32, int64, uint8, int8, bool; the float16 / double / bfloat16 / string conformance cases are refused)",
  SHAPE.castLike,
  'ElementwiseMore.ts',
);
more(
  ':CumSum',
  11,
  'indexing.ts',
  "running sums along an axis (input), exclusive, reverse; float32, int32, int64 (ONNX's cumsum cases are double: refused)",
  SHAPE.same,
  'Indexing.ts',
);
more(
  ':GatherElements',
  11,
  'indexing.ts',
  'x at the indices along an axis (negative indices); any type',
  SHAPE.gatherElements,
  'Indexing.ts',
);
more(
  ':ScatterElements',
  11,
  'indexing.ts',
  'data with updates written at the indices along an axis, reduction none / add / mul (16+) / max / min (18+); any type (bool: no max / min)',
  SHAPE.same,
  'Indexing.ts',
);
op(':Scatter', {
  since: 9,
  until: 10,
  doc: "ScatterElements' older name (no reduction)",
  shape: SHAPE.same,
  ref: 'Indexing.ts',
  impls: [host(':Scatter', 'indexing.ts', 'always')],
});
more(
  ':ScatterND',
  11,
  'indexing.ts',
  'data with update slices written at int64 index tuples, reduction none / add / mul (16+) / max / min (18+); any type (bool: no max / min)',
  SHAPE.same,
  'Indexing.ts',
);
more(
  ':GatherND',
  11,
  'indexing.ts',
  'slices at int64 index tuples, batch_dims (12+); any type',
  SHAPE.gatherND,
  'Indexing.ts',
);
more(
  ':Trilu',
  14,
  'indexing.ts',
  'upper / lower triangle of the last two dims from diagonal k; float32, int32, int64, bool',
  SHAPE.same,
  'Indexing.ts',
);
more(
  ':OneHot',
  9,
  'indexing.ts',
  "one-hot rows (off / on values) along an axis; onnxruntime's (indices, depth, values) type triples",
  SHAPE.oneHot,
  'Indexing.ts',
  'a constant depth',
);
more(
  ':EyeLike',
  9,
  'indexing.ts',
  "ones on diagonal k of a 2-D shape; float32, int32, int64 (ONNX's eyelike_with_dtype case is double: refused)",
  SHAPE.eyeLike,
  'Indexing.ts',
);
more(':IsNaN', 9, 'elementwise-more.ts', 'x is NaN, bool output (float32)', SHAPE.boolSame, 'ElementwiseMore.ts');
more(
  ':IsInf',
  10,
  'elementwise-more.ts',
  'x is +inf / -inf (detect_positive, detect_negative), bool output (float32)',
  SHAPE.boolSame,
  'ElementwiseMore.ts',
);
more(
  ':Hardmax',
  1,
  'elementwise-more.ts',
  '1 at the first maximum of each row (flattened at axis below opset 13, along axis from 13), 0 elsewhere (float32)',
  SHAPE.same,
  'ElementwiseMore.ts',
);
more(
  ':Shrink',
  9,
  'elementwise-more.ts',
  'x < -lambd ? x + bias : x > lambd ? x - bias : 0; float32, int32, int64, uint8, int8',
  SHAPE.same,
  'ElementwiseMore.ts',
);
more(
  ':MeanVarianceNormalization',
  9,
  'elementwise-more.ts',
  "(x - mean) / std over axes (default [0, 2, 3]), as onnxruntime's kernel sums (float32)",
  SHAPE.same,
  'ElementwiseMore.ts',
);
more(
  ':ReverseSequence',
  10,
  'indexing.ts',
  'the first sequence_lens[b] steps of each batch reversed (time / batch axes 0 and 1); any type',
  SHAPE.same,
  'Indexing.ts',
);
more(
  ':Compress',
  9,
  'indexing.ts',
  'the slices along an axis (or elements) whose condition is true; any type',
  SHAPE.compress,
  'Indexing.ts',
  'a constant condition (the output dims count its true values)',
);
more(
  ':Einsum',
  12,
  'einsum.ts',
  "one-operand permutations and float32 sums (onnxruntime's ReduceSum), two-operand products (batch, M, N and K letters) as onnxruntime's matrix product sums them; float32, int32, int64 (ONNX's einsum cases are double: refused)",
  SHAPE.einsum,
  'Einsum.ts',
  "no '...', no diagonal, no letter of one operand only summed",
);
// ---- end of indexing and more element-wise ----

// i8conv's own: nodes the fusion passes make (src/model/graph/passes/fuse-*.ts) and the planner's relayouts
const tabled = (base: string, file: string, lower: Lower, files: string[]): void =>
  op(`i8conv:${base}`, {
    doc: `${base} with \`output_table\`: a look-up folded into it, applied to each output byte as it is stored (${file})`,
    madeBy: file,
    ref: 'OutputTable.ts',
    impls: [int8(lower, 'always', ...files)],
  });
op('i8conv:QLinearConv', {
  doc: 'QLinearConv with `output_table` (a look-up folded into it, applied to each output byte as it is stored: fuse-output-tables) and / or a residual add (inputs 9 .. 15: a QLinearAdd of its output and a same-shaped value, applied after the table as it stores: fuse-residual-adds)',
  madeBy: 'fuse-output-tables, fuse-residual-adds',
  ref: 'OutputTable.ts',
  impls: [int8(lowerConvOp, 'always', ...CONV_FILES)],
});
tabled('QLinearMatMul', 'fuse-output-tables', lowerConvOp, CONV_FILES);
tabled('QGemm', 'fuse-output-tables', lowerConvOp, CONV_FILES);
tabled('Resize', 'fuse-output-tables', lowerResize, [`${INT8}resize.ts`, 'assembly/model/spatial-resize.ts']);
for (const c of ['Concat', 'QLinearConcat']) {
  op(`i8conv:${c}`, {
    doc: `${c} that runs the Resize nodes of its \`feeders\` subgraph into its own output (fuse-concat-feeders)`,
    madeBy: 'fuse-concat-feeders',
    ref: 'ConcatFeeders.ts',
    impls: [int8(lowerConcatOp, 'always', `${INT8}concat.ts`, `${INT8}resize.ts`, 'assembly/model/spatial-resize.ts')],
  });
}
for (const [name, mul] of [
  ['QLinearAdd', false],
  ['QLinearMul', true],
] as const)
  op(`i8conv:${name}`, {
    doc: `int8 ${name} rounded as onnxruntime's uint8 twin (zero points + 128), where onnxruntime rewrites every operand and the output to uint8 (fuse-qdq)`,
    madeBy: 'fuse-qdq',
    shape: SHAPE.qlinearBinary,
    ref: 'QLinearBinary.ts',
    impls: qBinary(mul, true),
  });
op('i8conv:QLinearAveragePool', {
  doc: "int8 QLinearAveragePool rounded as onnxruntime's uint8 twin (zero points + 128), where onnxruntime rewrites both Q -> DQ pairs around the pool to uint8 (fuse-qdq)",
  madeBy: 'fuse-qdq',
  shape: SHAPE.qlinearAveragePool,
  ref: 'QLinearAveragePool.ts',
  impls: [qPool],
});
op('i8conv:ChannelGate', {
  doc: 'QLinearAdd(x, QLinearMul(x, g)) (or the product alone) for a per-channel g: a table per channel each run, one pass over x (fuse-channel-gates)',
  madeBy: 'fuse-channel-gates',
  ref: 'ChannelGate.ts',
  impls: [int8(lowerChannelGate, 'always', `${INT8}lut.ts`, 'assembly/model/lut.ts')],
});
op('i8conv:ChannelTable', {
  doc: 'y = table[c][x byte]: a chain of per-channel element-wise nodes tabulated (fuse-channel-chains)',
  madeBy: 'fuse-channel-chains',
  ref: 'ChannelTable.ts',
  impls: [int8(lowerChannelTable, 'always', `${INT8}lut.ts`, 'assembly/model/lut.ts')],
});
op('i8conv:RoundFloat16', {
  doc: "float32 rounded to the nearest float16 (ties to even), kept float32: a Cast to float16 of a model that computes in float16, which runs in float32 as onnxruntime's CPU provider runs it (float16)",
  madeBy: 'float16',
  shape: SHAPE.same,
  ref: 'UnaryMath.ts',
  impls: [host('i8conv:RoundFloat16', 'math.ts', 'always')],
});
op('i8conv:LayerNormalization', {
  doc: "a decomposed layer normalization as onnxruntime's fused LayerNormalization computes it, at any opset (fuse-layer-norm)",
  madeBy: 'fuse-layer-norm',
  shape: SHAPE.layerNorm,
  ref: 'Normalization.ts',
  impls: [
    floatSimd('i8conv:LayerNormalization', 'normalize.ts', LAYER_NORM_SIMD_WHEN),
    host('i8conv:LayerNormalization', 'normalize.ts'),
  ],
});
for (const base of ['ConvInteger', 'MatMulInteger'])
  op(`i8conv:${base}`, {
    doc: `${base} with the float epilogue onnxruntime's quantize_dynamic writes after it (Cast -> Mul by the scales' product -> Add of a constant bias -> Relu; inputs 4, 5, attribute activation${base === 'ConvInteger' ? '; input 6: an int32 bias added before the Cast, constant or computed, the accumulators start from it; with inputs 4 and 5 empty, that bias alone and an int32 output' : ''}), applied by the window correction's pass as it stores (fuse-integer-epilogue)`,
    madeBy: 'fuse-integer-epilogue',
    ref: 'IntegerEpilogue.ts',
    impls: [int8(lowerConvOp, 'always', ...CONV_FILES)],
  });
op('i8conv:ConvAdd', {
  doc: "float32 Conv (with a bias) + Z of its output's shape, summed as onnxruntime's FusedConv sums it (fuse-conv-add); or a Conv alone (no Z); then Relu where activation = 'Relu' (fuse-conv-relu)",
  madeBy: 'fuse-conv-add',
  ref: 'Conv.ts',
  impls: [floatSimd('i8conv:ConvAdd', 'conv.ts', 'constant W and B', ConvChecks), host('i8conv:ConvAdd', 'conv.ts')],
});
op('i8conv:ElementwiseRegion', {
  doc: 'float32 element-wise operators of one shape (Add / Mul / Relu / Sigmoid / Cast / DequantizeLinear / QuantizeLinear ...) run as one pass over memory (fuse-float-regions)',
  madeBy: 'fuse-float-regions',
  ref: 'ElementwiseRegion.ts',
  impls: [
    {
      backend: 'float-simd',
      when: 'always',
      lower: lowerRegion,
      files: ['src/model/backends/wasm-float/region.ts', 'assembly/model/region.ts'],
    },
  ],
});
op('i8conv:Relayout', {
  doc: 'NCHW <-> NCHW44 of a 4-D value, inserted by the layout planner (./layouts.ts)',
  shape: SHAPE.same,
  impls: [
    int8(
      lowerRelayout,
      '1- and 4-byte elements: uint8, int8, float32, int32 (other types: a host loop)',
      `${INT8}relayout.ts`,
      'assembly/model/spatial-relayout.ts',
    ),
  ],
});

// ---- lookups ----------------------------------------------------------------------------------------------------

export const OPERATORS: readonly OpRow[] = rows;

const byKey = new Map<string, OpRow[]>();
for (const r of rows) {
  const l = byKey.get(r.key) ?? [];
  if (l.length === 0) byKey.set(r.key, l);
  l.push(r);
}

/** The row of an operator at an opset of its domain, or undefined (unknown operator, or an opset no row covers). */
export function rowFor(domain: string, opType: string, opset: number): OpRow | undefined {
  return byKey.get(`${domain}:${opType}`)?.find((r) => opset >= r.since && (r.until === undefined || opset <= r.until));
}

/** Every row of an operator (one per opset range). */
export function rowsOf(domain: string, opType: string): readonly OpRow[] {
  return byKey.get(`${domain}:${opType}`) ?? [];
}
