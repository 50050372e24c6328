/**
 * Element-wise math (X -> Y of the same dims and type), as onnxruntime's CPU kernels compute them:
 * - Reciprocal (float32, double): 1 / x rounded to the type (1 / +-0 = +-inf).
 * - Floor, Ceil (float32, double): C floor / ceil (-0 and NaN pass; Ceil(-0.5) = -0).
 * - Round (float32, double, opset 11+): round half to even (C nearbyint: Round(2.5) = 2, Round(-0.5) = -0).
 * - Sign (float32, double, uint8, int8, int32, int64; opset 9+): -1, 0 or 1 of the input's type; -0 gives +0 and
 *   NaN gives NaN.
 * - Log (float32): the C library's logf (../../numerics/logf.ts: musl's table method, onnxruntime-web's bits, not the
 *   correctly rounded value); log(0) = -inf, log(x < 0) = NaN.
 * - Sin, Cos, Tan (float32, opset 7+): the C library's sinf / cosf / tanf (../../numerics/trigf.ts: musl's,
 *   onnxruntime-web's bits).
 * - Asin, Acos, Atan (opset 7+), Sinh, Cosh, Asinh, Acosh, Atanh (opset 9+), float32: the C library's float functions
 *   (../../numerics/arcf.ts: musl's, onnxruntime-web's bits).
 * - i8conv:RoundFloat16 (float32): x rounded to the nearest float16, kept as float32 (a Cast to float16 of a model
 *   that computes in float16: ../../graph/passes/float16.ts).
 * Opsets before 6 (Reciprocal, Floor, Ceil, Log: the consumed_inputs attribute) onnxruntime does not register.
 */
import type { HostData, HostOpFactory } from '../types.js';
import { expectDims, expectOutType, expectType, need, onlyAttrs, unsupported, type ElemType } from './common.js';
import { logfRow } from '../../numerics/logf.js';
import { cosf, sinf, tanf } from '../../numerics/trigf.js';
import { acosf, acoshf, asinf, asinhf, atanf, atanhf, coshf, sinhf } from '../../numerics/arcf.js';
import { roundToHalfRow } from '../../numerics/float16.js';

type Num = Float32Array | Float64Array | Int32Array | Uint8Array | Int8Array;
/** y[i] = f(x[i]) over a whole tensor. */
type Row = (x: HostData, y: HostData) => void;

/** Checks X (of `types`, from opset `since`) and that Y is planned as X; runs `make(X's type)`. */
function unaryFactory(since: number, types: ElemType[], make: (type: ElemType) => Row): HostOpFactory {
  return (node, inputs, outputs, opset) => {
    onlyAttrs(node);
    if (opset < since) unsupported(node, `opset ${opset} is not supported (from ${since})`);
    const x = need(node, inputs, 0, 'X');
    expectType(node, x, 'X', ...types);
    expectDims(node, outputs[0], x.dims);
    expectOutType(node, outputs[0], x.type);
    const row = make(x.type);
    return (ins, outs) => row(ins[0]!.data, outs[0].data);
  };
}

export const RoundFloat16 = unaryFactory(
  1,
  ['float32'],
  () => (x, y) => roundToHalfRow(x as Float32Array, y as Float32Array),
);
export const Reciprocal = unaryFactory(6, ['float32', 'double'], () => (x, y) => {
  const X = x as Float32Array | Float64Array,
    Y = y as Float32Array | Float64Array;
  for (let i = 0; i < X.length; i++) Y[i] = 1 / X[i];
});
export const Floor = unaryFactory(6, ['float32', 'double'], () => (x, y) => {
  const X = x as Float32Array | Float64Array,
    Y = y as Float32Array | Float64Array;
  for (let i = 0; i < X.length; i++) Y[i] = Math.floor(X[i]);
});
export const Ceil = unaryFactory(6, ['float32', 'double'], () => (x, y) => {
  const X = x as Float32Array | Float64Array,
    Y = y as Float32Array | Float64Array;
  for (let i = 0; i < X.length; i++) Y[i] = Math.ceil(X[i]);
});
export const Round = unaryFactory(11, ['float32', 'double'], () => (x, y) => {
  const X = x as Float32Array | Float64Array,
    Y = y as Float32Array | Float64Array;
  for (let i = 0; i < X.length; i++) {
    const x = X[i];
    const r = Math.round(x); // halves toward +inf (exact for a float32 or a double)
    Y[i] = r - x === 0.5 && r % 2 !== 0 ? r - 1 : r; // a half rounded up to an odd integer goes down to the even one
  }
});
export const Sign = unaryFactory(9, ['float32', 'double', 'uint8', 'int8', 'int32', 'int64'], (type) =>
  type === 'int64'
    ? (x, y) => {
        const X = x as BigInt64Array,
          Y = y as BigInt64Array;
        for (let i = 0; i < X.length; i++) Y[i] = X[i] > 0n ? 1n : X[i] < 0n ? -1n : 0n;
      }
    : (x, y) => {
        const X = x as Num,
          Y = y as Num;
        for (let i = 0; i < X.length; i++) {
          const x = X[i];
          Y[i] = x > 0 ? 1 : x < 0 ? -1 : x === 0 ? 0 : Number.NaN;
        }
      },
);
export const Log = unaryFactory(6, ['float32'], () => (x, y) => logfRow(x as Float32Array, y as Float32Array));

/** y[i] = f(x[i]) of a float32 function. */
const floatMap = (f: (x: number) => number) => () => (x: HostData, y: HostData) => {
  const X = x as Float32Array,
    Y = y as Float32Array;
  for (let i = 0; i < X.length; i++) Y[i] = f(X[i]);
};
export const Sin = unaryFactory(7, ['float32'], floatMap(sinf));
export const Cos = unaryFactory(7, ['float32'], floatMap(cosf));
export const Tan = unaryFactory(7, ['float32'], floatMap(tanf));
export const Asin = unaryFactory(7, ['float32'], floatMap(asinf));
export const Acos = unaryFactory(7, ['float32'], floatMap(acosf));
export const Atan = unaryFactory(7, ['float32'], floatMap(atanf));
export const Sinh = unaryFactory(9, ['float32'], floatMap(sinhf));
export const Cosh = unaryFactory(9, ['float32'], floatMap(coshf));
export const Asinh = unaryFactory(9, ['float32'], floatMap(asinhf));
export const Acosh = unaryFactory(9, ['float32'], floatMap(acoshf));
export const Atanh = unaryFactory(9, ['float32'], floatMap(atanhf));
