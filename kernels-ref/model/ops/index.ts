/** The reference executor's operators, one file each (or one file per family), by domain and op type. */
import type { OpFn } from '../tensor.js';
import { Add } from './Add.js';
import { AveragePool } from './AveragePool.js';
import { Concat } from './Concat.js';
import { Gemm } from './Gemm.js';
import { GlobalAveragePool } from './GlobalAveragePool.js';
import { FusedMatMul, MatMul } from './MatMul.js';
import { MaxPool } from './MaxPool.js';
import { Pad } from './Pad.js';
import { Sigmoid } from './Sigmoid.js';
import { Resize, Upsample } from './Resize.js';
import { DepthToSpace, SpaceToDepth } from './SpaceDepth.js';
import { ConstantOfShape, NonZero, Range } from './Generators.js';
import { Slice } from './Slice.js';
import { Softmax } from './Softmax.js';
import { Squeeze, Unsqueeze } from './Squeeze.js';
import { Div, Sub } from './SubDiv.js';
import { Clip } from './Clip.js';
import { Constant } from './Constant.js';
import { Conv, ConvAdd } from './Conv.js';
import { ConvInteger } from './ConvInteger.js';
import { ConvIntegerEpilogue, MatMulIntegerEpilogue } from './IntegerEpilogue.js';
import { DequantizeLinear } from './DequantizeLinear.js';
import { DynamicQuantizeLinear } from './DynamicQuantizeLinear.js';
import { Flatten } from './Flatten.js';
import { Identity } from './Identity.js';
import { MatMulInteger } from './MatMulInteger.js';
import { Mul } from './Mul.js';
import { QLinearAveragePool, Uint8TwinQLinearAveragePool } from './QLinearAveragePool.js';
import { QLinearAdd, QLinearMul, Uint8TwinQLinearAdd, Uint8TwinQLinearMul } from './QLinearBinary.js';
import { QLinearConcat } from './QLinearConcat.js';
import { QLinearConv } from './QLinearConv.js';
import { QLinearGlobalAveragePool } from './QLinearGlobalAveragePool.js';
import { QLinearLeakyRelu, QLinearSigmoid } from './QLinearLut.js';
import { QLinearMatMul } from './QLinearMatMul.js';
import { QLinearSoftmax } from './QLinearSoftmax.js';
import { QuantizeLinear } from './QuantizeLinear.js';
import { Relu } from './Relu.js';
import { Reshape } from './Reshape.js';
import { Transpose } from './Transpose.js';
import { Expand, Gather, Split, Tile } from './DataMovement.js';
import { Lut } from './Lut.js';
import { QGemm } from './QGemm.js';
import { HardSigmoid, HardSwish, LeakyRelu } from './Activations.js';
import { Abs, Erf, Exp, Neg, Sqrt, Tanh } from './Unary.js';
import { Pow } from './Pow.js';
import { ReduceMean } from './ReduceMean.js';
import { Cast } from './Cast.js';
import { Shape } from './Shape.js';
import { BatchNormalization } from './BatchNormalization.js';
import { ConvTranspose } from './ConvTranspose.js';
import { TabledQGemm, TabledQLinearConv, TabledQLinearMatMul, TabledResize } from './OutputTable.js';
import { FedConcat, FedQLinearConcat } from './ConcatFeeders.js';
import { ChannelTable } from './ChannelTable.js';
import { ChannelGate } from './ChannelGate.js';
import { If } from './If.js';
import { DynamicQuantizeLSTM, GRU, LSTM, RNN } from './Rnn.js';
import { DynamicQuantizeMatMul, MatMulIntegerToFloat } from './IntegerToFloat.js';
import { FusedConv } from './FusedConv.js';
import { FusedGemm, QuickGelu } from './OrtFused.js';
import { Loop } from './Loop.js';
import { Scan } from './Scan.js';
import { BitShift, BitwiseAnd, BitwiseNot, BitwiseOr, BitwiseXor } from './Bitwise.js';
import { GridSample } from './GridSample.js';
import { MaxUnpool } from './MaxUnpool.js';
import { GlobalLpPool, LpPool } from './LpPool.js';
import { Crop, ImageScaler } from './LegacyImage.js';
import { NonMaxSuppression } from './NonMaxSuppression.js';
import { Size } from './Size.js';
import {
  ArgMax,
  ArgMin,
  ReduceL1,
  ReduceL2,
  ReduceLogSum,
  ReduceLogSumExp,
  ReduceMax,
  ReduceMin,
  ReduceProd,
  ReduceSum,
  ReduceSumSquare,
} from './Reduce.js';
import { TopK } from './TopK.js';
import { GlobalMaxPool } from './GlobalMaxPool.js';
import { InstanceNormalization, LayerNormalization, LpNormalization, LRN } from './Normalization.js';
import {
  BiasGelu,
  Celu,
  Elu,
  FastGelu,
  Gelu,
  Mish,
  MsGelu,
  PRelu,
  Selu,
  Softplus,
  Softsign,
  ThresholdedRelu,
} from './ActivationFamily.js';
import { LogSoftmax } from './LogSoftmax.js';
import { And, Equal, Greater, GreaterOrEqual, Less, LessOrEqual, Not, Or, Xor } from './Compare.js';
import { Mod } from './Mod.js';
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
} from './UnaryMath.js';
import { Max, Mean, Min, Sum } from './Variadic.js';
import { Where } from './Where.js';
import { ElementwiseRegion } from './ElementwiseRegion.js';
import {
  Compress,
  CumSum,
  EyeLike,
  GatherElements,
  GatherND,
  OneHot,
  Scatter,
  ScatterElements,
  ScatterND,
  Trilu,
  ReverseSequence,
} from './Indexing.js';
import { Einsum } from './Einsum.js';
import { CastLike, Hardmax, IsInf, IsNaN, MeanVarianceNormalization, Shrink } from './ElementwiseMore.js';

/** The default ONNX domain. */
export const OPS: ReadonlyMap<string, OpFn> = new Map<string, OpFn>([
  ['QuantizeLinear', QuantizeLinear],
  ['DequantizeLinear', DequantizeLinear],
  ['DynamicQuantizeLinear', DynamicQuantizeLinear],
  ['QLinearConv', QLinearConv],
  ['ConvInteger', ConvInteger],
  ['MatMulInteger', MatMulInteger],
  ['QLinearMatMul', QLinearMatMul],
  ['Conv', Conv],
  ['Relu', Relu],
  ['Clip', Clip],
  ['Add', Add],
  ['Mul', Mul],
  ['Reshape', Reshape],
  ['Flatten', Flatten],
  ['Transpose', Transpose],
  ['Identity', Identity],
  ['Constant', Constant],
  ['MaxPool', MaxPool],
  ['AveragePool', AveragePool],
  ['GlobalAveragePool', GlobalAveragePool],
  ['Concat', Concat],
  ['Softmax', Softmax],
  ['Sigmoid', Sigmoid],
  ['MatMul', MatMul],
  ['Gemm', Gemm],
  ['Squeeze', Squeeze],
  ['Unsqueeze', Unsqueeze],
  ['Slice', Slice],
  ['Pad', Pad],
  ['Resize', Resize],
  ['Sub', Sub],
  ['Div', Div],
  ['Gather', Gather],
  ['Split', Split],
  ['Expand', Expand],
  ['Tile', Tile],
  ['HardSigmoid', HardSigmoid],
  ['HardSwish', HardSwish],
  ['LeakyRelu', LeakyRelu],
  ['Tanh', Tanh],
  ['Exp', Exp],
  ['Sqrt', Sqrt],
  ['Erf', Erf],
  ['Neg', Neg],
  ['Abs', Abs],
  ['Pow', Pow],
  ['ReduceMean', ReduceMean],
  ['Cast', Cast],
  ['Shape', Shape],
  ['BatchNormalization', BatchNormalization],
  ['ConvTranspose', ConvTranspose],
  // ---- element-wise and comparison ----
  ['Max', Max],
  ['Min', Min],
  ['Sum', Sum],
  ['Mean', Mean],
  ['Mod', Mod],
  ['Reciprocal', Reciprocal],
  ['Floor', Floor],
  ['Ceil', Ceil],
  ['Round', Round],
  ['Sign', Sign],
  ['Log', Log],
  ['Sin', Sin],
  ['Cos', Cos],
  ['Tan', Tan],
  ['Asin', Asin],
  ['Acos', Acos],
  ['Atan', Atan],
  ['Sinh', Sinh],
  ['Cosh', Cosh],
  ['Asinh', Asinh],
  ['Acosh', Acosh],
  ['Atanh', Atanh],
  ['Equal', Equal],
  ['Less', Less],
  ['LessOrEqual', LessOrEqual],
  ['Greater', Greater],
  ['GreaterOrEqual', GreaterOrEqual],
  ['Not', Not],
  ['And', And],
  ['Or', Or],
  ['Xor', Xor],
  ['Where', Where],
  // ---- end of element-wise and comparison ----
  // ---- activations ----
  ['PRelu', PRelu],
  ['Elu', Elu],
  ['Selu', Selu],
  ['Celu', Celu],
  ['Softplus', Softplus],
  ['Softsign', Softsign],
  ['Mish', Mish],
  ['ThresholdedRelu', ThresholdedRelu],
  ['Gelu', Gelu],
  ['LogSoftmax', LogSoftmax],
  // ---- end of activations ----
  // ---- reductions and normalization ----
  ['ReduceSum', ReduceSum],
  ['ReduceMax', ReduceMax],
  ['ReduceMin', ReduceMin],
  ['ReduceProd', ReduceProd],
  ['ReduceL1', ReduceL1],
  ['ReduceL2', ReduceL2],
  ['ReduceSumSquare', ReduceSumSquare],
  ['ReduceLogSum', ReduceLogSum],
  ['ReduceLogSumExp', ReduceLogSumExp],
  ['ArgMax', ArgMax],
  ['ArgMin', ArgMin],
  ['TopK', TopK],
  ['GlobalMaxPool', GlobalMaxPool],
  ['LpNormalization', LpNormalization],
  ['InstanceNormalization', InstanceNormalization],
  ['LayerNormalization', LayerNormalization],
  ['LRN', LRN],
  // ---- end of reductions and normalization ----
  // ---- data movement (more) ----
  ['DepthToSpace', DepthToSpace],
  ['SpaceToDepth', SpaceToDepth],
  ['Range', Range],
  ['NonZero', NonZero],
  ['ConstantOfShape', ConstantOfShape],
  ['Upsample', Upsample],
  // ---- end of data movement (more) ----
  // ---- sequence, control flow and detection ----
  ['If', If],
  ['Loop', Loop],
  ['Scan', Scan],
  ['BitwiseAnd', BitwiseAnd],
  ['BitwiseOr', BitwiseOr],
  ['BitwiseXor', BitwiseXor],
  ['BitwiseNot', BitwiseNot],
  ['BitShift', BitShift],
  ['GridSample', GridSample],
  ['MaxUnpool', MaxUnpool],
  ['LpPool', LpPool],
  ['GlobalLpPool', GlobalLpPool],
  ['LSTM', LSTM],
  ['GRU', GRU],
  // early ONNX's experimental image operators
  ['ImageScaler', ImageScaler],
  ['Crop', Crop],
  ['RNN', RNN],
  ['NonMaxSuppression', NonMaxSuppression],
  ['Size', Size],
  // ---- end of sequence, control flow and detection ----
  // ---- indexing and more element-wise ----
  ['CastLike', CastLike],
  ['CumSum', CumSum],
  ['GatherElements', GatherElements],
  ['ScatterElements', ScatterElements],
  ['Scatter', Scatter],
  ['ScatterND', ScatterND],
  ['GatherND', GatherND],
  ['Trilu', Trilu],
  ['OneHot', OneHot],
  ['EyeLike', EyeLike],
  ['IsNaN', IsNaN],
  ['IsInf', IsInf],
  ['Hardmax', Hardmax],
  ['Shrink', Shrink],
  ['MeanVarianceNormalization', MeanVarianceNormalization],
  ['ReverseSequence', ReverseSequence],
  ['Compress', Compress],
  ['Einsum', Einsum],
  // ---- end of indexing and more element-wise ----
]);

/** com.microsoft: its QLinear* contrib operators (docs/int8-ops.md) and the Gelu family. */
export const MS_OPS: ReadonlyMap<string, OpFn> = new Map<string, OpFn>([
  ['QLinearAdd', QLinearAdd],
  ['QLinearMul', QLinearMul],
  ['QLinearGlobalAveragePool', QLinearGlobalAveragePool],
  ['QLinearAveragePool', QLinearAveragePool],
  ['QLinearConcat', QLinearConcat],
  ['QLinearSigmoid', QLinearSigmoid],
  ['QLinearLeakyRelu', QLinearLeakyRelu],
  ['QGemm', QGemm],
  ['QLinearSoftmax', QLinearSoftmax],
  // the contrib QuantizeLinear / DequantizeLinear (8-bit: the default domain's operators, a per-axis scale at any
  // opset, as the default domain's from 13)
  ['QuantizeLinear', (inputs, attrs, _opset, n, ctx) => QuantizeLinear(inputs, attrs, 13, n, ctx)],
  ['DequantizeLinear', (inputs, attrs, _opset, n, ctx) => DequantizeLinear(inputs, attrs, 13, n, ctx)],
  // activations: the Gelu family onnxruntime's exporters write
  ['Gelu', MsGelu],
  ['FastGelu', FastGelu],
  ['BiasGelu', BiasGelu],
  // what onnxruntime's quantize_dynamic writes for an LSTM
  ['DynamicQuantizeLSTM', DynamicQuantizeLSTM],
  // what onnxruntime's graph optimizer writes for quantize_dynamic's matrix products
  ['MatMulIntegerToFloat', MatMulIntegerToFloat],
  ['DynamicQuantizeMatMul', DynamicQuantizeMatMul],
  // what onnxruntime's graph optimizer saves for a Conv and its activation
  ['FusedConv', FusedConv],
  ['FusedGemm', FusedGemm],
  ['FusedMatMul', FusedMatMul],
  ['QuickGelu', QuickGelu],
]);

/**
 * i8conv: its own operators, which the product's passes create (src/model/graph/passes/: fuse-qdq.ts and fuse-luts.ts
 * Lut; the fusions fuse-output-tables.ts, fuse-concat-feeders.ts, fuse-channel-chains.ts, fuse-channel-gates.ts,
 * fuse-conv-add.ts, fuse-layer-norm.ts, fuse-integer-epilogue.ts), each
 * defined by the reference operators it composes.
 */
export const I8CONV_OPS: ReadonlyMap<string, OpFn> = new Map<string, OpFn>([
  ['Lut', Lut],
  ['QLinearConv', TabledQLinearConv],
  ['QLinearMatMul', TabledQLinearMatMul],
  ['QGemm', TabledQGemm],
  ['Resize', TabledResize],
  ['Concat', FedConcat],
  ['QLinearConcat', FedQLinearConcat],
  ['ChannelTable', ChannelTable],
  ['ChannelGate', ChannelGate],
  ['QLinearAveragePool', Uint8TwinQLinearAveragePool],
  ['QLinearAdd', Uint8TwinQLinearAdd],
  ['QLinearMul', Uint8TwinQLinearMul],
  ['ElementwiseRegion', ElementwiseRegion],
  ['ConvAdd', ConvAdd],
  ['ConvInteger', ConvIntegerEpilogue],
  ['MatMulInteger', MatMulIntegerEpilogue],
  ['RoundFloat16', RoundFloat16],
  ['LayerNormalization', LayerNormalization],
]);

/** domain ('' is the default ONNX domain) -> op type -> operator. */
export const DOMAINS: ReadonlyMap<string, ReadonlyMap<string, OpFn>> = new Map([
  ['', OPS],
  ['com.microsoft', MS_OPS],
  ['i8conv', I8CONV_OPS],
]);
