/**
 * Element-wise unary operators (X -> Y of the same dims), as onnxruntime's CPU kernels compute them:
 * - Relu (float32, double, int8, int32): x < 0 ? 0 : x (C++ std::max(x, 0): -0 and NaN pass).
 * - Clip (float32, uint8, int8, int32): min(max(x, lo), hi) with C++ std::max / std::min (the lower bound first, so
 *   lo > hi gives hi; NaN passes); opset < 11 reads the float attributes min / max, 11+ the optional one-element
 *   inputs 1 and 2 (absent: the type's limits, -+FLT_MAX for float32, so that -+inf become -+FLT_MAX as in
 *   onnxruntime).
 * - LeakyRelu: x >= 0 ? x : f(alpha * x) (alpha default 0.01).
 * - HardSigmoid: max(min(f(f(alpha * x) + beta), 1), 0) (alpha 0.2, beta 0.5 by default; NaN passes).
 * - HardSwish: f(x * HardSigmoid(x)) with alpha = f(1/6), beta = 0.5 (onnxruntime runs ONNX's function body).
 * - Sigmoid, Tanh, Exp: MLAS's approximations (./float-math.ts), onnxruntime-web's bits.
 * - Sqrt (float32, double): sqrt(x) rounded to the type; Erf: MLAS's erf polynomial (../../numerics/mlas-erf.ts),
 *   onnxruntime-web's bits.
 * - Neg (float32, double, int8, int32, int64), Abs (float32, double, uint8, int8, int32, int64): integers wrap
 *   (-(-128) = -128).
 */
import type { HostOp, HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import {
  attrFloat,
  expectDims,
  expectOutType,
  expectType,
  need,
  onlyAttrs,
  unsupported,
  type ElemType,
} from './common.js';
import { expRow, logisticRow, tanhRow } from '../../numerics/float-math.js';
import { mlasErf } from '../../numerics/mlas-erf.js';

function mlasErfRow(x: Float32Array, y: Float32Array): void {
  for (let i = 0; i < x.length; i++) y[i] = mlasErf(x[i]);
}

const f32 = Math.fround;

type Num = Float32Array | Float64Array | Int32Array | Uint8Array | Int8Array;

/** Checks X's type and that Y is planned as X; returns X's facts. */
function sameShape(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  ...types: ElemType[]
): HostValueInfo {
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', ...types);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], x.type);
  return x;
}

/** A float32 row function (./float-math.ts: its loop calls the element function directly) as a host op. */
function floatMap(row: (x: Float32Array, y: Float32Array) => void): HostOp {
  return (ins, outs) => row(ins[0]!.data as Float32Array, outs[0].data as Float32Array);
}

export const Relu: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  sameShape(node, inputs, outputs, 'float32', 'double', 'int8', 'int32');
  return (ins, outs) => {
    const X = ins[0]!.data as Num,
      Y = outs[0].data as Num;
    for (let i = 0; i < X.length; i++) {
      const v = X[i];
      Y[i] = v < 0 ? 0 : v;
    }
  };
};

const LIMITS: Partial<Record<ElemType, [number, number]>> = {
  // float32: numeric_limits<float>::lowest() / max(), as onnxruntime: an absent bound still takes -inf / +inf to -+FLT_MAX
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
  uint8: [0, 255],
  int8: [-128, 127],
  int32: [-2147483648, 2147483647],
};

export const Clip: HostOpFactory = (node, inputs, outputs, opset) => {
  const x = sameShape(node, inputs, outputs, 'float32', 'uint8', 'int8', 'int32');
  let fixed: [number, number] | undefined;
  if (opset < 11) {
    onlyAttrs(node, 'min', 'max');
    if (x.type !== 'float32') unsupported(node, `opset ${opset} Clip takes float32 only, X is ${x.type}`);
    fixed = [attrFloat(node, 'min', -3.4028234663852886e38), attrFloat(node, 'max', 3.4028234663852886e38)];
  } else {
    onlyAttrs(node);
    for (const k of [1, 2]) {
      const b = inputs[k];
      if (b && b.type !== x.type) unsupported(node, `bound ${k} is ${b.type}, X is ${x.type}`);
      if (b && b.dims.reduce((a, d) => a * d, 1) !== 1)
        unsupported(node, `bound ${k} must have one element, has dims [${b.dims}]`);
    }
  }
  const [tlo, thi] = LIMITS[x.type]!;
  return (ins, outs) => {
    const lo = fixed ? fixed[0] : ins[1] ? (ins[1].data[0] as number) : tlo;
    const hi = fixed ? fixed[1] : ins[2] ? (ins[2].data[0] as number) : thi;
    const X = ins[0]!.data as Num,
      Y = outs[0].data as Num;
    for (let i = 0; i < X.length; i++) {
      let v = X[i];
      v = v < lo ? lo : v;
      Y[i] = hi < v ? hi : v;
    }
  };
};

export const LeakyRelu: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'alpha');
  sameShape(node, inputs, outputs, 'float32');
  const alpha = f32(attrFloat(node, 'alpha', 0.01));
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let i = 0; i < X.length; i++) {
      const v = X[i];
      Y[i] = v >= 0 ? v : alpha * v;
    }
  };
};

function hardSigmoidLoop(alpha: number, beta: number, swish: boolean): HostOp {
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let i = 0; i < X.length; i++) {
      const x = X[i];
      let v = f32(f32(alpha * x) + beta);
      v = 1 < v ? 1 : v;
      v = v < 0 ? 0 : v;
      Y[i] = swish ? x * v : v;
    }
  };
}

export const HardSigmoid: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'alpha', 'beta');
  sameShape(node, inputs, outputs, 'float32');
  return hardSigmoidLoop(f32(attrFloat(node, 'alpha', 0.2)), f32(attrFloat(node, 'beta', 0.5)), false);
};

export const HardSwish: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  sameShape(node, inputs, outputs, 'float32');
  return hardSigmoidLoop(f32(1 / 6), 0.5, true);
};

function floatUnary(row: (x: Float32Array, y: Float32Array) => void): HostOpFactory {
  return (node, inputs, outputs) => {
    onlyAttrs(node);
    sameShape(node, inputs, outputs, 'float32');
    return floatMap(row);
  };
}

export const Sigmoid = floatUnary(logisticRow);
export const Tanh = floatUnary(tanhRow);
export const Exp = floatUnary(expRow);
export const Erf = floatUnary(mlasErfRow);
export const Sqrt: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  sameShape(node, inputs, outputs, 'float32', 'double');
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array | Float64Array,
      Y = outs[0].data as Float32Array | Float64Array;
    for (let i = 0; i < X.length; i++) Y[i] = Math.sqrt(X[i]);
  };
};

export const Neg: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = sameShape(node, inputs, outputs, 'float32', 'double', 'int8', 'int32', 'int64');
  if (x.type === 'int64')
    return (ins, outs) => {
      const X = ins[0]!.data as BigInt64Array,
        Y = outs[0].data as BigInt64Array;
      for (let i = 0; i < X.length; i++) Y[i] = -X[i];
    };
  return (ins, outs) => {
    const X = ins[0]!.data as Num,
      Y = outs[0].data as Num;
    for (let i = 0; i < X.length; i++) Y[i] = -X[i];
  };
};

export const Abs: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = sameShape(node, inputs, outputs, 'float32', 'double', 'uint8', 'int8', 'int32', 'int64');
  if (x.type === 'int64')
    return (ins, outs) => {
      const X = ins[0]!.data as BigInt64Array,
        Y = outs[0].data as BigInt64Array;
      for (let i = 0; i < X.length; i++) Y[i] = X[i] < 0n ? -X[i] : X[i];
    };
  return (ins, outs) => {
    const X = ins[0]!.data as Num,
      Y = outs[0].data as Num;
    for (let i = 0; i < X.length; i++) Y[i] = Math.abs(X[i]);
  };
};
