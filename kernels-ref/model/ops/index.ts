/** The reference executor's operators (default ONNX domain), one file each, named by op type. */
import type { OpFn } from '../tensor.js';
import { Add } from './Add.js';
import { Clip } from './Clip.js';
import { Constant } from './Constant.js';
import { Conv } from './Conv.js';
import { ConvInteger } from './ConvInteger.js';
import { DequantizeLinear } from './DequantizeLinear.js';
import { Flatten } from './Flatten.js';
import { Identity } from './Identity.js';
import { MatMulInteger } from './MatMulInteger.js';
import { Mul } from './Mul.js';
import { QLinearConv } from './QLinearConv.js';
import { QLinearMatMul } from './QLinearMatMul.js';
import { QuantizeLinear } from './QuantizeLinear.js';
import { Relu } from './Relu.js';
import { Reshape } from './Reshape.js';
import { Transpose } from './Transpose.js';

export const OPS: ReadonlyMap<string, OpFn> = new Map<string, OpFn>([
  ['QuantizeLinear', QuantizeLinear],
  ['DequantizeLinear', DequantizeLinear],
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
]);
