/**
 * Element-wise unary operators: Tanh, Exp, Sqrt, Erf (float32), Neg (float32, int8, int32, int64) and Abs
 * (float32, uint8, int8, int32, int64).
 * - Tanh and Exp: MLAS's approximations as onnxruntime's wasm build computes them (../mlas-math.ts), bit for bit.
 * - Sqrt: the correctly rounded f(sqrt(x)) (a negative x gives NaN), as IEEE fixes it.
 * - Erf: erf evaluated in double (a Taylor series below |x| = 2.5, the continued fraction of erfc above, +-1 from
 *   |x| = 6), then rounded to float32: the correctly rounded value but for rare near-ties. onnxruntime uses MLAS's
 *   own polynomial, which differs from it by up to 1 ulp.
 * - Neg: -x (integers wrap: -(-128) is -128 in int8); Abs: |x| (clears the sign of -0; integers wrap likewise).
 */
import { expectType, f32, makeTensor, need, onlyAttrs, type ElementType, type OpFn, type Tensor } from '../tensor.js';
import { mlasExp, mlasTanh } from '../mlas-math.js';

function floatUnary(op: string, fn: (x: number) => number): OpFn {
  return (inputs, attrs) => {
    onlyAttrs(attrs, op);
    const x = need(inputs, 0, 'X');
    expectType(x, `${op} X`, 'float32');
    const y = makeTensor('float32', x.dims);
    const xd = x.data as Float32Array;
    for (let i = 0; i < xd.length; i++) y.data[i] = fn(xd[i]);
    return [y];
  };
}

export const Tanh = floatUnary('Tanh', mlasTanh);
export const Exp = floatUnary('Exp', mlasExp);
export const Sqrt = floatUnary('Sqrt', (x) => f32(Math.sqrt(x)));

/** erf in double precision. */
export function erfDouble(x: number): number {
  if (Number.isNaN(x)) return x;
  const t = Math.abs(x);
  let r: number;
  if (t >= 6) r = 1;
  else if (t < 2.5) {
    // erf(t) = 2/sqrt(pi) * sum_n (-1)^n t^(2n+1) / (n! (2n+1)); terms fall below 1e-17 of the sum by n = 60.
    let sum = 0;
    let term = t; // (-1)^n t^(2n+1) / n!
    for (let n = 0; n < 80; n++) {
      sum += term / (2 * n + 1);
      term *= (-t * t) / (n + 1);
    }
    r = (sum * 2) / Math.sqrt(Math.PI);
  } else {
    // erfc(t) = exp(-t^2) / sqrt(pi) / (t + 1/2 / (t + 1 / (t + 3/2 / (t + 2 / ...)))), evaluated from the tail.
    let cf = 0;
    for (let k = 120; k >= 1; k--) cf = k / 2 / (t + cf);
    r = 1 - Math.exp(-t * t) / Math.sqrt(Math.PI) / (t + cf);
  }
  return x < 0 ? -r : r;
}

export const Erf = floatUnary('Erf', (x) => f32(erfDouble(x)));

const WRAP: Partial<Record<ElementType, (v: number) => number>> = {
  uint8: (v) => v & 0xff,
  int8: (v) => (v << 24) >> 24,
  int32: (v) => v | 0,
};

function signOp(
  op: string,
  types: ElementType[],
  float: (x: number) => number,
  int: (x: number) => number,
  int64: (x: bigint) => bigint,
): OpFn {
  return (inputs, attrs) => {
    onlyAttrs(attrs, op);
    const x = need(inputs, 0, 'X');
    expectType(x, `${op} X`, ...types);
    const y: Tensor = makeTensor(x.type, x.dims);
    for (let i = 0; i < x.data.length; i++) {
      if (x.type === 'float32') y.data[i] = float(x.data[i] as number);
      else if (x.type === 'int64') y.data[i] = BigInt.asIntN(64, int64(x.data[i] as bigint));
      else y.data[i] = WRAP[x.type]!(int(x.data[i] as number));
    }
    return [y];
  };
}

export const Neg = signOp(
  'Neg',
  ['float32', 'int8', 'int32', 'int64'],
  (x) => -x,
  (x) => -x,
  (x) => -x,
);
export const Abs = signOp('Abs', ['float32', 'uint8', 'int8', 'int32', 'int64'], Math.abs, Math.abs, (x) =>
  x < 0n ? -x : x,
);
