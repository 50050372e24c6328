/** The reference executor's operators, one file each (or one file per family), by domain and op type. */
import type { OpFn } from '../tensor.js';
import { Add } from './Add.js';
import { AveragePool } from './AveragePool.js';
import { Concat } from './Concat.js';
import { Gemm } from './Gemm.js';
import { GlobalAveragePool } from './GlobalAveragePool.js';
import { MatMul } from './MatMul.js';
import { MaxPool } from './MaxPool.js';
import { Pad } from './Pad.js';
import { Sigmoid } from './Sigmoid.js';
import { Resize } from './Resize.js';
import { Slice } from './Slice.js';
import { Softmax } from './Softmax.js';
import { Squeeze, Unsqueeze } from './Squeeze.js';
import { Div, Sub } from './SubDiv.js';
import { Clip } from './Clip.js';
import { Constant } from './Constant.js';
import { Conv } from './Conv.js';
import { ConvInteger } from './ConvInteger.js';
import { DequantizeLinear } from './DequantizeLinear.js';
import { DynamicQuantizeLinear } from './DynamicQuantizeLinear.js';
import { Flatten } from './Flatten.js';
import { Identity } from './Identity.js';
import { MatMulInteger } from './MatMulInteger.js';
import { Mul } from './Mul.js';
import { QLinearAveragePool } from './QLinearAveragePool.js';
import { QLinearAdd, QLinearMul } from './QLinearBinary.js';
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
import { ElementwiseRegion } from './ElementwiseRegion.js';

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
  // ---- end of element-wise and comparison ----
  // ---- activations ----
  // ---- end of activations ----
  // ---- reductions and normalization ----
  // ---- end of reductions and normalization ----
  // ---- data movement (more) ----
  // ---- end of data movement (more) ----
  // ---- sequence, control flow and detection ----
  // ---- end of sequence, control flow and detection ----
]);

/** com.microsoft: its QLinear* contrib operators only (docs/int8-ops.md). */
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
]);

/**
 * i8conv: its own operators, which the product's passes create (src/model/graph/passes/: fuse-qdq.ts and fuse-luts.ts
 * Lut; the fusions fuse-output-tables.ts, fuse-concat-feeders.ts, fuse-channel-chains.ts, fuse-channel-gates.ts), each
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
  ['ElementwiseRegion', ElementwiseRegion],
]);

/** domain ('' is the default ONNX domain) -> op type -> operator. */
export const DOMAINS: ReadonlyMap<string, ReadonlyMap<string, OpFn>> = new Map([
  ['', OPS],
  ['com.microsoft', MS_OPS],
  ['i8conv', I8CONV_OPS],
]);
