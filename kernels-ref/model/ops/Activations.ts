/**
 * HardSigmoid, HardSwish and LeakyRelu (float32), as onnxruntime's CPU functors compute them (Eigen expressions,
 * no fused multiply-add in wasm):
 * - HardSigmoid: v = f(f(alpha * x) + beta) (alpha default 0.2, beta 0.5), y = max(min(v, 1), 0) with C++
 *   std::min / std::max (the value first), so NaN passes.
 * - HardSwish (opset 14, a function in ONNX; onnxruntime runs its body): y = f(x * HardSigmoid(x)) with
 *   alpha = f(1/6), beta = 0.5.
 * - LeakyRelu: x >= 0 ? x : f(alpha * x) (alpha default 0.01); -0 and NaN: -0 keeps its sign, NaN passes.
 */
import {
  attrFloat,
  cmax,
  cmin,
  expectType,
  f32,
  makeTensor,
  need,
  onlyAttrs,
  type Attributes,
  type OpFn,
  type Tensor,
} from '../tensor.js';

function unaryF32(inputs: readonly (Tensor | undefined)[], op: string, fn: (x: number) => number): Tensor[] {
  const x = need(inputs, 0, 'X');
  expectType(x, `${op} X`, 'float32');
  const y = makeTensor('float32', x.dims);
  const xd = x.data as Float32Array;
  for (let i = 0; i < xd.length; i++) y.data[i] = fn(xd[i]);
  return [y];
}

const hardSigmoid = (x: number, alpha: number, beta: number): number => cmax(cmin(f32(f32(alpha * x) + beta), 1), 0);

export const HardSigmoid: OpFn = (inputs, attrs: Attributes) => {
  onlyAttrs(attrs, 'HardSigmoid', 'alpha', 'beta');
  const alpha = f32(attrFloat(attrs, 'alpha', 0.2));
  const beta = f32(attrFloat(attrs, 'beta', 0.5));
  return unaryF32(inputs, 'HardSigmoid', (x) => hardSigmoid(x, alpha, beta));
};

export const HardSwish: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'HardSwish');
  const alpha = f32(1 / 6);
  return unaryF32(inputs, 'HardSwish', (x) => f32(x * hardSigmoid(x, alpha, 0.5)));
};

export const LeakyRelu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'LeakyRelu', 'alpha');
  const alpha = f32(attrFloat(attrs, 'alpha', 0.01));
  return unaryF32(inputs, 'LeakyRelu', (x) => (x >= 0 ? x : f32(alpha * x)));
};
