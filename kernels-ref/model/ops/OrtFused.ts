/**
 * What onnxruntime's graph optimizer saves for an activation fused into the node before it, and its QuickGelu:
 * - com.microsoft FusedGemm: the reference Gemm (alpha, beta, transA, transB), then the reference operator named by
 *   `activation` on its output, with the activation's attributes written `activation_<name>` (Elu, HardSigmoid,
 *   LeakyRelu, Relu, Selu, Sigmoid, Softplus, Softsign, Tanh, ThresholdedRelu: the ones onnxruntime fuses that this
 *   executor has).
 * - com.microsoft QuickGelu: x * logistic(alpha * x) (alpha default 1.702), each product one float32 multiplication,
 *   the logistic MLAS's (the Sigmoid operator's).
 */
import { Elu, Selu, Softplus, Softsign, ThresholdedRelu } from './ActivationFamily.js';
import { HardSigmoid, LeakyRelu } from './Activations.js';
import { Gemm } from './Gemm.js';
import { Relu } from './Relu.js';
import { Sigmoid } from './Sigmoid.js';
import { Tanh } from './Unary.js';
import { attrFloat, expectType, makeTensor, need, onlyAttrs, type Attribute, type OpFn } from '../tensor.js';

const f32 = Math.fround;

/** The activations a FusedGemm may name, with the opset their reference operator is called at. */
const ACTIVATIONS: Record<string, [OpFn, number]> = {
  Elu: [Elu, 6],
  HardSigmoid: [HardSigmoid, 6],
  LeakyRelu: [LeakyRelu, 16],
  Relu: [Relu, 14],
  Selu: [Selu, 6],
  Sigmoid: [Sigmoid, 13],
  Softplus: [Softplus, 1],
  Softsign: [Softsign, 1],
  Tanh: [Tanh, 13],
  ThresholdedRelu: [ThresholdedRelu, 10],
};

export const FusedGemm: OpFn = (inputs, attrs, _opset, outputCount, ctx) => {
  const act = attrs.get('activation');
  const name = act?.kind === 'string' ? act.value : '';
  if (!Object.hasOwn(ACTIVATIONS, name)) throw new Error(`FusedGemm: activation ${name} is not taken`);
  const gemmAttrs = new Map<string, Attribute>();
  const actAttrs = new Map<string, Attribute>();
  for (const [k, v] of attrs) {
    if (k === 'activation') continue;
    if (k.startsWith('activation_')) actAttrs.set(k.slice('activation_'.length), v);
    else gemmAttrs.set(k, v);
  }
  const [y] = Gemm(inputs, gemmAttrs, 13, outputCount, ctx);
  const [fn, opset] = ACTIVATIONS[name];
  return fn([y], actAttrs, opset, 1, ctx);
};

export const QuickGelu: OpFn = (inputs, attrs, _opset, _outputs, ctx) => {
  onlyAttrs(attrs, 'QuickGelu', 'alpha');
  const x = need(inputs, 0, 'X');
  expectType(x, 'QuickGelu X', 'float32');
  const alpha = f32(attrFloat(attrs, 'alpha', 1.702));
  const scaled = makeTensor(
    'float32',
    x.dims,
    Float32Array.from(x.data as Float32Array, (v) => f32(v * alpha)),
  );
  const [s] = Sigmoid([scaled], new Map(), 13, 1, ctx);
  const y = makeTensor(
    'float32',
    x.dims,
    Float32Array.from(x.data as Float32Array, (v, i) => f32(v * (s.data[i] as number))),
  );
  return [y];
};
