/**
 * Element-wise math, X -> Y of X's dims and type, as onnxruntime's CPU kernels compute it:
 * - Reciprocal (opset 6+, float32, double): 1 / x rounded to X's type.
 * - Floor, Ceil (opset 6+, float32, double): floor / ceil (-0 and NaN pass, Ceil(-0.5) = -0).
 * - Round (opset 11+, float32, double): half to even (C nearbyint; Round(-0.5) = -0).
 * - Sign (opset 9+: float32, double, uint8, int8, int32, int64): 1, 0 or -1 in X's type; -0 gives +0, NaN gives NaN.
 * - Log (opset 6+, float32): emscripten libc's logf (../libm.ts), onnxruntime-web's bits.
 * - Sin, Cos, Tan (opset 7+, float32): emscripten libc's sinf / cosf / tanf (../libm.ts), onnxruntime-web's bits.
 * - Asin, Acos, Atan (opset 7+), Sinh, Cosh, Asinh, Acosh, Atanh (opset 9+), float32: the double function rounded once
 *   (within 2 ulps of onnxruntime's musl float functions).
 * - i8conv RoundFloat16 (float32): the float16 nearest to x (ties to the even significand; beyond the largest finite
 *   float16 by half a step: infinity), as a float32: Cast's rounding to float16 (./Cast.ts), then back.
 */
import { expectType, makeTensor, need, onlyAttrs, roundHalfEven, f32, type ElementType, type OpFn } from '../tensor.js';
import { cosf, logf, sinf, tanf } from '../libm.js';
import { fromHalfBits, toHalfBits } from './Cast.js';

function unary(
  op: string,
  since: number,
  types: ElementType[],
  fn: (x: number) => number,
  fn64?: (x: bigint) => bigint,
): OpFn {
  return (inputs, attrs, opset) => {
    if (opset < since) throw new Error(`${op}: opset < ${since} is not supported`);
    onlyAttrs(attrs, op);
    const x = need(inputs, 0, 'X');
    expectType(x, `${op} X`, ...types);
    const y = makeTensor(x.type, x.dims);
    for (let i = 0; i < x.data.length; i++)
      y.data[i] = x.type === 'int64' ? fn64!(x.data[i] as bigint) : fn(x.data[i] as number);
    return [y];
  };
}

// (the double result is stored into X's type: a float32 rounds once, a double is the IEEE quotient)
export const Reciprocal = unary('Reciprocal', 6, ['float32', 'double'], (x) => 1 / x);
export const Floor = unary('Floor', 6, ['float32', 'double'], Math.floor);
export const Ceil = unary('Ceil', 6, ['float32', 'double'], Math.ceil);
export const Round = unary('Round', 11, ['float32', 'double'], roundHalfEven);
export const Sign = unary(
  'Sign',
  9,
  ['float32', 'double', 'uint8', 'int8', 'int32', 'int64'],
  (x) => (Number.isNaN(x) ? x : x > 0 ? 1 : x < 0 ? -1 : 0),
  (x) => (x > 0n ? 1n : x < 0n ? -1n : 0n),
);
export const Log = unary('Log', 6, ['float32'], logf);
export const Sin = unary('Sin', 7, ['float32'], sinf);
export const Cos = unary('Cos', 7, ['float32'], cosf);
export const Tan = unary('Tan', 7, ['float32'], tanf);
// the inverse and hyperbolic functions: the double function rounded once (onnxruntime's, musl's float versions, are
// within 2 ulps of it; the tests hold the reference to that and the product to onnxruntime's bits)
export const Asin = unary('Asin', 7, ['float32'], (x) => f32(Math.asin(x)));
export const Acos = unary('Acos', 7, ['float32'], (x) => f32(Math.acos(x)));
export const Atan = unary('Atan', 7, ['float32'], (x) => f32(Math.atan(x)));
export const Sinh = unary('Sinh', 9, ['float32'], (x) => f32(Math.sinh(x)));
export const Cosh = unary('Cosh', 9, ['float32'], (x) => f32(Math.cosh(x)));
export const Asinh = unary('Asinh', 9, ['float32'], (x) => f32(Math.asinh(x)));
export const Acosh = unary('Acosh', 9, ['float32'], (x) => f32(Math.acosh(x)));
export const Atanh = unary('Atanh', 9, ['float32'], (x) => f32(Math.atanh(x)));

/** x rounded to the nearest float16 (Cast's own rounding to float16, then back: exact). */
export const RoundFloat16 = unary('RoundFloat16', 1, ['float32'], (x) => fromHalfBits(toHalfBits(x)));
