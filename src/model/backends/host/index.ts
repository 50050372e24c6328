/**
 * The host operators of the model executor: the operators it runs in TypeScript on views of wasm memory (float32
 * arithmetic between a DequantizeLinear and a QuantizeLinear, shape plumbing that survived constant folding, rare
 * operators), under the contract of src/model/backends/types.ts (HostOpFactory: called once per node at load time
 * with the static facts; refuses with I8ConvError UNSUPPORTED_OP what it does not run; returns the run function,
 * which writes every output in place; tensors are plain row-major).
 *
 * `HOST_OPS` maps `domain + ':' + opType` (the default ONNX domain is '', so ':Add') to the factory. One file per
 * family; each file's header gives the exact semantics. The float32 operators give the reference executor's bits
 * (kernels-ref/model) and onnxruntime-web's where its computation is a fixed formula; Sigmoid, Tanh, Exp and
 * Softmax reproduce MLAS's approximations (onnxruntime-web's bits; the reference's libm Sigmoid is within 2^-22
 * absolute, its Softmax within a few ulps); Erf is MLAS's erf polynomial (onnxruntime's bits, as its Gelu); Pow (double pow, rounded once) gave onnxruntime-web's bits on every case tested. test/model-host-ops.test.ts
 * checks each claim.
 *
 * The hottest float operators also have wasm SIMD kernels (./simd.ts, assembly/model/host-float.ts: ConvTranspose,
 * BatchNormalization and Relu with constant parameters, Softmax over contiguous rows), which the model executor
 * (src/model/backends/host/lower.ts) runs in place of the TypeScript function: the same float32 operations in the same order,
 * so the same bits; the TypeScript functions stay the definition (and run everything the kernels do not take).
 */
import type { HostOpFactory } from '../types.js';
import { dynamicQuantizeLstm, GRU, LSTM, RNN } from './rnn.js';
import { NonMaxSuppression, Size } from './detection.js';
import {
  Celu,
  Elu,
  Gelu,
  Mish,
  MsBiasGelu,
  MsFastGelu,
  MsGelu,
  PRelu,
  Selu,
  Softplus,
  Softsign,
  ThresholdedRelu,
} from './activations.js';
import { LogSoftmax } from './logsoftmax.js';
import { Add, Div, Mod, Mul, Pow, Sub, Where } from './binary.js';
import { And, Equal, Greater, GreaterOrEqual, Less, LessOrEqual, Not, Or, Xor } from './compare.js';
import {
  Acos,
  Acosh,
  Asin,
  Asinh,
  Atan,
  Atanh,
  Ceil,
  Cos,
  Cosh,
  Floor,
  Log,
  Reciprocal,
  Round,
  RoundFloat16,
  Sign,
  Sin,
  Sinh,
  Tan,
} from './math.js';
import { Max, Mean, Min, Sum } from './variadic.js';
import { Conv, ConvTranspose } from './conv.js';
import { FusedMatMul, Gemm, MatMul } from './matmul.js';
import {
  Cast,
  Concat,
  Dropout,
  Expand,
  Flatten,
  Gather,
  Identity,
  Pad,
  Reshape,
  Shape,
  Slice,
  Split,
  Squeeze,
  Transpose,
  Unsqueeze,
} from './movement.js';
import { BatchNormalization } from './norm.js';
import { AveragePool, GlobalAveragePool, GlobalLpPool, LpPool, MaxPool, MaxUnpool } from './pool.js';
import {
  ArgMax,
  ArgMin,
  GlobalMaxPool,
  ReduceL1,
  ReduceL2,
  ReduceLogSum,
  ReduceLogSumExp,
  ReduceMax,
  ReduceMean,
  ReduceMin,
  ReduceProd,
  ReduceSum,
  ReduceSumSquare,
} from './reduce.js';
import { TopK } from './topk.js';
import { InstanceNormalization, LayerNormalization, LpNormalization, LRN } from './normalize.js';
import { Resize, Upsample } from './resize.js';
import { ConstantOfShape, DepthToSpace, NonZero, Range, SpaceToDepth, Tile } from './movement-more.js';
import { GridSample } from './grid-sample.js';
import { BitShift, BitwiseAnd, BitwiseNot, BitwiseOr, BitwiseXor } from './bitwise.js';
import { Softmax } from './softmax.js';
import {
  Compress,
  CumSum,
  EyeLike,
  GatherElements,
  GatherND,
  OneHot,
  ScatterElements,
  ScatterND,
  Trilu,
  ReverseSequence,
} from './indexing.js';
import { Einsum } from './einsum.js';
import { CastLike, Hardmax, IsInf, IsNaN, MeanVarianceNormalization, Shrink } from './elementwise-more.js';
import { Abs, Clip, Erf, Exp, HardSigmoid, HardSwish, LeakyRelu, Neg, Relu, Sigmoid, Sqrt, Tanh } from './unary.js';

const FACTORIES: Record<string, HostOpFactory> = {
  Add,
  Sub,
  Mul,
  Div,
  Pow,
  Where,
  Relu,
  Clip,
  LeakyRelu,
  HardSigmoid,
  HardSwish,
  Sigmoid,
  Tanh,
  Exp,
  Sqrt,
  Neg,
  Abs,
  Erf,
  Softmax,
  ReduceMean,
  MatMul,
  Gemm,
  Conv,
  'i8conv:ConvAdd': Conv,
  'i8conv:RoundFloat16': RoundFloat16,
  'i8conv:LayerNormalization': LayerNormalization,
  ConvTranspose,
  BatchNormalization,
  AveragePool,
  MaxPool,
  GlobalAveragePool,
  Resize,
  Cast,
  Shape,
  Gather,
  Concat,
  Split,
  Reshape,
  Flatten,
  Squeeze,
  Unsqueeze,
  Transpose,
  Slice,
  Pad,
  Expand,
  Identity,
  Dropout,
  // ---- element-wise and comparison ----
  Max,
  Min,
  Sum,
  Mean,
  Mod,
  Reciprocal,
  Floor,
  Ceil,
  Round,
  Sign,
  Log,
  Sin,
  Cos,
  Tan,
  Equal,
  Less,
  LessOrEqual,
  Greater,
  GreaterOrEqual,
  Not,
  And,
  Or,
  Xor,
  // ---- end of element-wise and comparison ----
  // ---- activations ----
  PRelu,
  Elu,
  Selu,
  Celu,
  Softplus,
  Softsign,
  Mish,
  ThresholdedRelu,
  Gelu,
  LogSoftmax,
  'com.microsoft:Gelu': MsGelu,
  'com.microsoft:FastGelu': MsFastGelu,
  'com.microsoft:BiasGelu': MsBiasGelu,
  'com.microsoft:DynamicQuantizeLSTM': dynamicQuantizeLstm(true),
  'com.microsoft:FusedMatMul': FusedMatMul,
  // ---- end of activations ----
  // ---- reductions and normalization ----
  ReduceSum,
  ReduceMax,
  ReduceMin,
  ReduceProd,
  ReduceL1,
  ReduceL2,
  ReduceSumSquare,
  ReduceLogSum,
  ReduceLogSumExp,
  ArgMax,
  ArgMin,
  TopK,
  GlobalMaxPool,
  LpNormalization,
  InstanceNormalization,
  LayerNormalization,
  LRN,
  // ---- end of reductions and normalization ----
  // ---- data movement (more) ----
  Tile,
  DepthToSpace,
  SpaceToDepth,
  Range,
  NonZero,
  ConstantOfShape,
  Upsample,
  // ---- end of data movement (more) ----
  // ---- sequence, control flow and detection ----
  LSTM,
  GRU,
  RNN,
  NonMaxSuppression,
  Size,
  // ---- end of sequence, control flow and detection ----
  // ---- indexing and more element-wise ----
  CastLike,
  CumSum,
  GatherElements,
  ScatterElements,
  Scatter: ScatterElements,
  ScatterND,
  GatherND,
  Trilu,
  OneHot,
  EyeLike,
  IsNaN,
  IsInf,
  Hardmax,
  Shrink,
  MeanVarianceNormalization,
  ReverseSequence,
  Compress,
  Einsum,
  GridSample,
  MaxUnpool,
  Asin,
  Acos,
  Atan,
  Sinh,
  Cosh,
  Asinh,
  Acosh,
  Atanh,
  LpPool,
  GlobalLpPool,
  BitwiseAnd,
  BitwiseOr,
  BitwiseXor,
  BitwiseNot,
  BitShift,
  // ---- end of indexing and more element-wise ----
};

export const HOST_OPS: ReadonlyMap<string, HostOpFactory> = new Map(
  // a key without a domain is the default ONNX domain's ('Add' -> ':Add'); others name theirs ('com.microsoft:Gelu')
  Object.entries(FACTORIES).map(([op, f]) => [op.includes(':') ? op : `:${op}`, f]),
);
