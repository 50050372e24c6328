/**
 * Element-wise unary operators: Tanh, Exp, Erf (float32), Sqrt (float32, double), Neg (float32, double, int8, int32,
 * int64) and Abs (float32, double, uint8, int8, int32, int64).
 * - Tanh and Exp: MLAS's approximations as onnxruntime's wasm build computes them (../mlas-math.ts), bit for bit.
 * - Sqrt: the correctly rounded sqrt(x) in X's type (a negative x gives NaN), as IEEE fixes it.
 * - Erf: MLAS's erf polynomial as onnxruntime's wasm build computes it (../activation-math.ts mlasErfRef: the
 *   function its Erf and Gelu kernels share), bit for bit.
 * - Neg: -x (integers wrap: -(-128) is -128 in int8); Abs: |x| (clears the sign of -0; integers wrap likewise).
 */
import { expectType, makeTensor, need, onlyAttrs, type ElementType, type OpFn, type Tensor } from '../tensor.js';
import { mlasExp, mlasTanh } from '../mlas-math.js';
import { mlasErfRef } from '../activation-math.js';

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
/** Sqrt (float32, double): the IEEE square root rounded to X's type (a negative x gives NaN). */
export const Sqrt: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Sqrt');
  const x = need(inputs, 0, 'X');
  expectType(x, 'Sqrt X', 'float32', 'double');
  const y = makeTensor(x.type, x.dims);
  const xd = x.data as Float32Array | Float64Array;
  for (let i = 0; i < xd.length; i++) y.data[i] = Math.sqrt(xd[i]);
  return [y];
};

export const Erf = floatUnary('Erf', mlasErfRef);

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
      if (x.type === 'float32' || x.type === 'double') y.data[i] = float(x.data[i] as number);
      else if (x.type === 'int64') y.data[i] = BigInt.asIntN(64, int64(x.data[i] as bigint));
      else y.data[i] = WRAP[x.type]!(int(x.data[i] as number));
    }
    return [y];
  };
}

export const Neg = signOp(
  'Neg',
  ['float32', 'double', 'int8', 'int32', 'int64'],
  (x) => -x,
  (x) => -x,
  (x) => -x,
);
export const Abs = signOp('Abs', ['float32', 'double', 'uint8', 'int8', 'int32', 'int64'], Math.abs, Math.abs, (x) =>
  x < 0n ? -x : x,
);
