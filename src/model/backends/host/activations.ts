/**
 * The activation operators (float32 only, the type onnxruntime registers for them), as onnxruntime-web 1.30's CPU
 * kernels compute them (wasm build, one thread), bit for bit: test/model-ops-activations.test.ts checks every one
 * on onnxruntime-web over seeded inputs, special values and attribute combinations. f() rounds to float32; every
 * float32 operation is rounded (wasm has no fused multiply-add). Where onnxruntime's kernel calls the C library
 * (Eigen's array exp / log1p, scalar in the wasm build) the steps are musl's (../../numerics/expf.ts, log1pf.ts);
 * where it calls MLAS, MLAS's (../../numerics/float-math.ts tanh, ../../numerics/mlas-erf.ts). LogSoftmax is in
 * ./logsoftmax.ts.
 *
 * - PRelu (opset 7+): y = x < 0 ? f(x * slope) : x, slope broadcast to X as ONNX's unidirectional broadcast
 *   (numpy's, right-aligned, X's dims win): +-0 and NaN pass.
 * - Elu (6+, alpha 1): y = x >= 0 ? x : f(alpha * f(expf(x) - 1)).
 * - Selu (6+, alpha 1.67326319217681884765625, gamma 1.05070102214813232421875): y = x > 0 ? f(gamma * x) :
 *   f(ga * f(expf(x) - 1)) with ga = f(gamma * alpha) (so Selu(+0) is ga * 0, -0 for a negative ga).
 * - Celu (12+, alpha 1): y = f(max(x, 0) + min(f(alpha * f(expf(f(x / alpha)) - 1)), 0)), max and min as C++'s
 *   std::max / std::min ((a < b) ? b : a: NaN passes).
 * - Softplus (1+): y = x > 0 ? f(x + log1pf(expf(-x))) : log1pf(expf(x)).
 * - Softsign (1+): y = f(f(1 / f(1 + |x|)) * x) (so Softsign(+-inf) is NaN, as there).
 * - Mish (18+; ONNX's function body Softplus, Tanh, Mul): y = f(x * tanh(Softplus(x))), tanh MLAS's.
 * - ThresholdedRelu (10+, alpha 1): y = x > alpha ? x : 0.
 * - Gelu (opset 20+, approximate 'none' or 'tanh'), com.microsoft Gelu ('none'), com.microsoft FastGelu ('tanh',
 *   optional bias) and BiasGelu ('none', bias): v = x (plus the bias, a 1-D tensor of X's last dim: v = f(x + b));
 *   'none': y = f(f(0.5 * v) * f(erf(f(v * f(1 / sqrt 2))) + 1)), erf MLAS's;
 *   'tanh': t = f(v * f(f(f(C * v) * v) + B)) with C = f(0.044715 sqrt(2 / pi)), B = f(sqrt(2 / pi)),
 *   y = f(f(0.5 * v) * f(tanh(t) + 1)), tanh MLAS's.
 * Anything else (another type, approximate value, attribute or bias shape) is refused with UNSUPPORTED_OP at load.
 */
import type { HostOp, HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import {
  attrFloat,
  attrString,
  broadcastPlan,
  expectDims,
  expectOutType,
  expectType,
  forEachBlock,
  need,
  onlyAttrs,
  unsupported,
} from './common.js';
import { tanh } from '../../numerics/float-math.js';
import { expf } from '../../numerics/expf.js';
import { log1pf } from '../../numerics/log1pf.js';
import { mlasErf } from '../../numerics/mlas-erf.js';

const f32 = Math.fround;

/** Checks a float32 X -> Y of X's dims node (its attributes `attrs`) at `opset` >= `since`; returns X's facts. */
function floatUnaryNode(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
  since: number,
  ...attrs: string[]
): HostValueInfo {
  if (opset < since) unsupported(node, `opset ${opset} is not supported (from ${since})`);
  onlyAttrs(node, ...attrs);
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  return x;
}

/** y[i] = fn(x[i]). */
function map(fn: (x: number) => number): HostOp {
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let i = 0; i < X.length; i++) Y[i] = fn(X[i]);
  };
}

export const PRelu: HostOpFactory = (node, inputs, outputs, opset) => {
  const x = floatUnaryNode(node, inputs, outputs, opset, 7);
  const s = need(node, inputs, 1, 'slope');
  expectType(node, s, 'slope', 'float32');
  const off = x.dims.length - s.dims.length;
  if (off < 0 || s.dims.some((d, i) => d !== 1 && d !== x.dims[off + i]))
    unsupported(node, `slope of dims [${s.dims}] does not broadcast to X's [${x.dims}] (unidirectional)`);
  const plan = broadcastPlan(x.dims, [x.dims, s.dims]);
  const [sx, ss] = plan.innerStride;
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      S = ins[1]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    forEachBlock(plan, (yo, offs) => {
      let xo = offs[0],
        so = offs[1];
      for (let i = 0; i < plan.inner; i++, xo += sx, so += ss) {
        const v = X[xo];
        Y[yo + i] = v < 0 ? v * S[so] : v;
      }
    });
  };
};

export const Elu: HostOpFactory = (node, inputs, outputs, opset) => {
  floatUnaryNode(node, inputs, outputs, opset, 6, 'alpha');
  const alpha = f32(attrFloat(node, 'alpha', 1));
  return map((x) => (x >= 0 ? x : f32(alpha * f32(expf(x) - 1))));
};

export const Selu: HostOpFactory = (node, inputs, outputs, opset) => {
  floatUnaryNode(node, inputs, outputs, opset, 6, 'alpha', 'gamma');
  const alpha = f32(attrFloat(node, 'alpha', 1.67326319217681884765625));
  const gamma = f32(attrFloat(node, 'gamma', 1.05070102214813232421875));
  const ga = f32(gamma * alpha);
  return map((x) => (x > 0 ? f32(gamma * x) : f32(ga * f32(expf(x) - 1))));
};

export const Celu: HostOpFactory = (node, inputs, outputs, opset) => {
  floatUnaryNode(node, inputs, outputs, opset, 12, 'alpha');
  const alpha = f32(attrFloat(node, 'alpha', 1));
  return map((x) => {
    const pos = x < 0 ? 0 : x;
    const neg = f32(alpha * f32(expf(f32(x / alpha)) - 1));
    return f32(pos + (0 < neg ? 0 : neg));
  });
};

function softplus(x: number): number {
  return x > 0 ? f32(x + log1pf(expf(-x))) : log1pf(expf(x));
}

export const Softplus: HostOpFactory = (node, inputs, outputs, opset) => {
  floatUnaryNode(node, inputs, outputs, opset, 1);
  return map(softplus);
};

export const Softsign: HostOpFactory = (node, inputs, outputs, opset) => {
  floatUnaryNode(node, inputs, outputs, opset, 1);
  return map((x) => f32(f32(1 / f32(1 + Math.abs(x))) * x));
};

export const Mish: HostOpFactory = (node, inputs, outputs, opset) => {
  floatUnaryNode(node, inputs, outputs, opset, 18);
  return map((x) => f32(x * tanh(softplus(x))));
};

export const ThresholdedRelu: HostOpFactory = (node, inputs, outputs, opset) => {
  floatUnaryNode(node, inputs, outputs, opset, 10, 'alpha');
  const alpha = f32(attrFloat(node, 'alpha', 1));
  return map((x) => (x > alpha ? x : 0));
};

// ---- Gelu -------------------------------------------------------------------------------------------------------

const SQRT1_2 = f32(Math.SQRT1_2);
const TANH_B = f32(0.7978845608028654); // sqrt(2 / pi)
const TANH_C = f32(0.035677408136300125); // 0.044715 * sqrt(2 / pi)

const geluErf = (v: number): number => f32(f32(0.5 * v) * f32(mlasErf(f32(v * SQRT1_2)) + 1));
const geluTanh = (v: number): number =>
  f32(f32(0.5 * v) * f32(tanh(f32(v * f32(f32(f32(TANH_C * v) * v) + TANH_B))) + 1));

/** Gelu of x (plus input 1, a bias of X's last dim, where `bias`) with the erf or the tanh formula. */
function geluOp(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  x: HostValueInfo,
  approximate: boolean,
  bias: 'none' | 'optional' | 'required',
): HostOp {
  const fn = approximate ? geluTanh : geluErf;
  const b = bias === 'none' ? undefined : bias === 'required' ? need(node, inputs, 1, 'bias') : inputs[1];
  if (!b) return map(fn);
  expectType(node, b, 'bias', 'float32');
  const last = x.dims[x.dims.length - 1];
  if (x.dims.length < 1 || b.dims.length !== 1 || b.dims[0] !== last)
    unsupported(node, `bias of dims [${b.dims}] must be 1-D of X's last dim (X [${x.dims}])`);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Bv = ins[1]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let i = 0, j = 0; i < X.length; i++, j = j + 1 === last ? 0 : j + 1) Y[i] = fn(f32(X[i] + Bv[j]));
  };
}

export const Gelu: HostOpFactory = (node, inputs, outputs, opset) => {
  const x = floatUnaryNode(node, inputs, outputs, opset, 20, 'approximate');
  const approximate = attrString(node, 'approximate', 'none');
  if (approximate !== 'none' && approximate !== 'tanh')
    unsupported(node, `approximate ${JSON.stringify(approximate)} is not supported ('none', 'tanh')`);
  return geluOp(node, inputs, x, approximate === 'tanh', 'none');
};

/** com.microsoft Gelu: the erf formula. */
export const MsGelu: HostOpFactory = (node, inputs, outputs, opset) =>
  geluOp(node, inputs, floatUnaryNode(node, inputs, outputs, opset, 1), false, 'none');

/** com.microsoft FastGelu: the tanh formula, with an optional bias. */
export const MsFastGelu: HostOpFactory = (node, inputs, outputs, opset) =>
  geluOp(node, inputs, floatUnaryNode(node, inputs, outputs, opset, 1), true, 'optional');

/** com.microsoft BiasGelu: the erf formula of X plus a bias. */
export const MsBiasGelu: HostOpFactory = (node, inputs, outputs, opset) =>
  geluOp(node, inputs, floatUnaryNode(node, inputs, outputs, opset, 1), false, 'required');
