/**
 * The activations of issue 48 (float32): PRelu, Elu, Selu, Celu, Softplus, Softsign, Mish, ThresholdedRelu, Gelu
 * (ONNX opset 20; com.microsoft Gelu, FastGelu, BiasGelu). ONNX's definitions, with onnxruntime's float32 steps where
 * they pin the bits down (measured on onnxruntime-web 1.30; f() rounds to float32):
 * - PRelu: x < 0 ? f(slope * x) : x, slope broadcast to x (numpy, right-aligned; slope's dims 1 or x's).
 * - Elu: x >= 0 ? x : f(alpha f(exp(x) - 1)), alpha default 1.
 * - Selu: x > 0 ? f(gamma x) : f(f(gamma alpha) f(exp(x) - 1)) (onnxruntime multiplies gamma into alpha first),
 *   alpha default 1.67326319217681884765625, gamma 1.05070102214813232421875.
 * - Celu: f(max(0, x) + min(0, f(alpha f(exp(f(x / alpha)) - 1)))), max / min as C++ std::max / std::min.
 * - Softplus: log(1 + exp(x)), as onnxruntime evaluates it: x > 0 ? f(x + log1p(exp(-x))) : log1p(exp(x)).
 * - Softsign: f(f(1 / f(1 + |x|)) x) (onnxruntime's reciprocal times x: +-inf give NaN).
 * - Mish: f(x tanh(Softplus(x))).
 * - ThresholdedRelu: x > alpha ? x : 0, alpha default 1.
 * - Gelu: 0.5 x (1 + erf(x / sqrt 2)) ('none'), or 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))) ('tanh') as
 *   f(f(0.5 v) f(t + 1)) with t = erf(f(v f(1 / sqrt 2))), or t = tanh(f(v f(f(f(C v) v) + B))) with
 *   C = f(0.044715 sqrt(2 / pi)) and B = f(sqrt(2 / pi)); v = x, or f(x + bias) (BiasGelu, FastGelu with a bias:
 *   a 1-D bias of x's last dim). com.microsoft Gelu and BiasGelu are 'none', FastGelu is 'tanh'.
 * exp and log1p are musl's expf and log1pf, erf and tanh MLAS's (../activation-math.ts, ../mlas-math.ts): the
 * functions onnxruntime-web's kernels call.
 */
import {
  attrFloat,
  attrString,
  broadcastIndex,
  cmax,
  cmin,
  expectType,
  f32,
  makeTensor,
  need,
  onlyAttrs,
  unravel,
  type Attributes,
  type OpFn,
  type Tensor,
} from '../tensor.js';
import { mlasErfRef, muslExpf, muslLog1pf } from '../activation-math.js';
import { mlasTanh } from '../mlas-math.js';

function unary(inputs: readonly (Tensor | undefined)[], op: string, fn: (x: number) => number): Tensor[] {
  const x = need(inputs, 0, 'X');
  expectType(x, `${op} X`, 'float32');
  const y = makeTensor('float32', x.dims);
  const xd = x.data as Float32Array;
  for (let i = 0; i < xd.length; i++) y.data[i] = fn(xd[i]);
  return [y];
}

export const PRelu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'PRelu');
  const x = need(inputs, 0, 'X');
  const slope = need(inputs, 1, 'slope');
  expectType(x, 'PRelu X', 'float32');
  expectType(slope, 'PRelu slope', 'float32');
  const off = x.dims.length - slope.dims.length;
  if (off < 0 || slope.dims.some((d, i) => d !== 1 && d !== x.dims[off + i]))
    throw new Error(`PRelu: slope [${slope.dims}] does not broadcast to X [${x.dims}]`);
  const y = makeTensor('float32', x.dims);
  for (let i = 0; i < y.data.length; i++) {
    const v = x.data[i] as number;
    const s = slope.data[broadcastIndex(unravel(i, x.dims), x.dims, slope.dims)] as number;
    y.data[i] = v < 0 ? f32(s * v) : v;
  }
  return [y];
};

export const Elu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Elu', 'alpha');
  const alpha = f32(attrFloat(attrs, 'alpha', 1));
  return unary(inputs, 'Elu', (x) => (x >= 0 ? x : f32(alpha * f32(muslExpf(x) - 1))));
};

export const Selu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Selu', 'alpha', 'gamma');
  const alpha = f32(attrFloat(attrs, 'alpha', 1.67326319217681884765625));
  const gamma = f32(attrFloat(attrs, 'gamma', 1.05070102214813232421875));
  const gammaAlpha = f32(gamma * alpha);
  return unary(inputs, 'Selu', (x) => (x > 0 ? f32(gamma * x) : f32(gammaAlpha * f32(muslExpf(x) - 1))));
};

export const Celu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Celu', 'alpha');
  const alpha = f32(attrFloat(attrs, 'alpha', 1));
  return unary(inputs, 'Celu', (x) => f32(cmax(x, 0) + cmin(f32(alpha * f32(muslExpf(f32(x / alpha)) - 1)), 0)));
};

const softplus = (x: number): number => (x > 0 ? f32(x + muslLog1pf(muslExpf(-x))) : muslLog1pf(muslExpf(x)));

export const Softplus: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Softplus');
  return unary(inputs, 'Softplus', softplus);
};

export const Softsign: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Softsign');
  return unary(inputs, 'Softsign', (x) => f32(f32(1 / f32(1 + Math.abs(x))) * x));
};

export const Mish: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Mish');
  return unary(inputs, 'Mish', (x) => f32(x * mlasTanh(softplus(x))));
};

export const ThresholdedRelu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'ThresholdedRelu', 'alpha');
  const alpha = f32(attrFloat(attrs, 'alpha', 1));
  return unary(inputs, 'ThresholdedRelu', (x) => (x > alpha ? x : 0));
};

// ---- Gelu -------------------------------------------------------------------------------------------------------

const halfTimes = (v: number, t: number): number => f32(f32(0.5 * v) * f32(t + 1));
const geluErf = (v: number): number => halfTimes(v, mlasErfRef(f32(v * f32(Math.SQRT1_2))));
const geluTanh = (v: number): number => {
  const inner = f32(f32(f32(f32(0.035677408136300125) * v) * v) + f32(0.7978845608028654));
  return halfTimes(v, mlasTanh(f32(v * inner)));
};

function gelu(op: string, inputs: readonly (Tensor | undefined)[], tanh: boolean, bias: Tensor | undefined): Tensor[] {
  const x = need(inputs, 0, 'X');
  expectType(x, `${op} X`, 'float32');
  const last = x.dims[x.dims.length - 1];
  if (bias) {
    expectType(bias, `${op} bias`, 'float32');
    if (bias.dims.length !== 1 || bias.dims[0] !== last)
      throw new Error(`${op}: bias [${bias.dims}] is not 1-D of X's last dim (X [${x.dims}])`);
  }
  const y = makeTensor('float32', x.dims);
  for (let i = 0; i < y.data.length; i++) {
    const v = bias ? f32((x.data[i] as number) + (bias.data[i % last] as number)) : (x.data[i] as number);
    y.data[i] = tanh ? geluTanh(v) : geluErf(v);
  }
  return [y];
}

export const Gelu: OpFn = (inputs, attrs: Attributes) => {
  onlyAttrs(attrs, 'Gelu', 'approximate');
  const approximate = attrString(attrs, 'approximate', 'none');
  if (approximate !== 'none' && approximate !== 'tanh') throw new Error(`Gelu: approximate ${approximate}`);
  return gelu('Gelu', inputs, approximate === 'tanh', undefined);
};

/** com.microsoft Gelu: erf. */
export const MsGelu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Gelu');
  return gelu('Gelu', inputs, false, undefined);
};

/** com.microsoft FastGelu: tanh, optional bias. */
export const FastGelu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'FastGelu');
  return gelu('FastGelu', inputs, true, inputs[1]);
};

/** com.microsoft BiasGelu: erf of x + bias. */
export const BiasGelu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'BiasGelu');
  return gelu('BiasGelu', inputs, false, need(inputs, 1, 'bias'));
};
