/**
 * Pow (opset 7+): X float32 (or int32 / int64), Y float32, int32 or int64, numpy broadcasting, as onnxruntime's CPU
 * kernel computes it:
 * - Y of one element, where onnxruntime's broadcast loop does not see X as its scalar (X of one element, or X whose
 *   innermost dim left after the dims both have as 1 is 1, such as [2, 6, 1]: firstIsScalar in Variadic.ts; that
 *   loop runs pow()): an exponent 2 gives f(x * x), 3 gives f(f(x * x) * x) (onnxruntime's shortcut, bit-exact), any
 *   other exponent the power below.
 * - Otherwise (and for those other exponents) f(x ** y) with C's pow() special values: pow(1, y) = 1 and
 *   pow(-1, +-inf) = 1 even for a NaN / infinite y, pow(x, +-0) = 1. The power is computed in double and rounded
 *   once (equal to onnxruntime-web's float powf on the exponents tested, test/model-host-ops.test.ts).
 * - An int32 / int64 X (onnxruntime: static_cast<T>(std::pow(x, y)) in double): the double power truncated toward
 *   zero, the output of X's type (no shortcut: the power of two integers is exact in double while it fits).
 */
import {
  broadcastDims,
  broadcastIndex,
  expectType,
  f32,
  makeTensor,
  need,
  numel,
  onlyAttrs,
  unravel,
  type OpFn,
} from '../tensor.js';
import { firstIsScalar } from './Variadic.js';

/** C pow() in double: JS Math.pow differs only at x = 1 (NaN exponent) and x = -1 (infinite exponent). */
export function cPow(x: number, y: number): number {
  if (x === 1) return 1;
  if (x === -1 && (y === Infinity || y === -Infinity)) return 1;
  return Math.pow(x, y);
}

export const Pow: OpFn = (inputs, attrs, opset) => {
  if (opset < 7) throw new Error('Pow: opset < 7 (the legacy broadcast / axis attributes) is not supported');
  onlyAttrs(attrs, 'Pow');
  const x = need(inputs, 0, 'X');
  const e = need(inputs, 1, 'Y');
  expectType(x, 'Pow X', 'float32', 'int32', 'int64');
  expectType(e, 'Pow Y', 'float32', 'int32', 'int64');
  const dims = broadcastDims(x.dims, e.dims);
  const ev = (i: number): number => Number(e.data[i]);
  if (x.type !== 'float32') {
    const yi = makeTensor(x.type, dims);
    for (let i = 0; i < yi.data.length; i++) {
      const idx = unravel(i, dims);
      const v = Math.trunc(
        cPow(Number(x.data[broadcastIndex(idx, dims, x.dims)]), ev(broadcastIndex(idx, dims, e.dims))),
      );
      yi.data[i] = x.type === 'int64' ? BigInt(v) : v | 0;
    }
    return [yi];
  }
  const y = makeTensor('float32', dims);
  const xd = x.data as Float32Array;
  const shortcut = numel(e.dims) === 1 && numel(x.dims) !== 1 && !firstIsScalar(x.dims, e.dims);
  const k = shortcut ? ev(0) : NaN;
  for (let i = 0; i < y.data.length; i++) {
    const idx = unravel(i, dims);
    const a = xd[broadcastIndex(idx, dims, x.dims)];
    if (k === 2) y.data[i] = f32(a * a);
    else if (k === 3) y.data[i] = f32(f32(a * a) * a);
    else y.data[i] = f32(cPow(a, ev(broadcastIndex(idx, dims, e.dims))));
  }
  return [y];
};
