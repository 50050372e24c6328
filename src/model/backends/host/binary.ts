/**
 * numpy-broadcast element-wise operators: Add, Sub, Mul, Div (float32, double, uint8, int8, int32, int64; opset 7+), Pow
 * (X float32, Y float32 / int32 / int64), Mod (float32, uint8, int8, int32, int64; opset 10+) and Where (X and Y
 * float32, uint8, int32 or int64, the types onnxruntime registers; a bool condition; opset 9+).
 *
 * Semantics (the reference executor's, kernels-ref/model/ops/{Add,Mul,SubDiv,Pow}.ts, and onnxruntime's):
 * - float32: one IEEE float32 operation per element (the double result of two float32 operands rounded once to
 *   float32 is the float32 result).
 * - integers wrap as their C++ types (int32 multiply through Math.imul); Div truncates toward zero and a zero
 *   divisor raises I8ConvError BAD_FEED at run time (C++ would trap).
 * - Pow: with a one-element Y and a larger X the exponents 2 and 3 are f(x * x) and f(f(x * x) * x) (onnxruntime's
 *   shortcut), any other power f(pow(x, y)) with C's special values (pow(1, y) = 1, pow(-1, +-inf) = 1).
 * - Mod, fmod = 0 (integers only; onnxruntime refuses it for float32): the remainder with the divisor's sign (C++
 *   x % y, then + y where the signs differ: Mod(-7, 3) = 2). fmod = 1: C fmod, the remainder with the dividend's sign,
 *   computed in double as onnxruntime's std::fmod does (an int64 beyond 2^53 is rounded to double first, as there).
 *   An integer zero divisor raises BAD_FEED at run time (onnxruntime: "Integer modulo by zero").
 * - Where: cond ? X : Y, all three broadcast (a condition byte other than 0 is true).
 * The loops walk a broadcast plan (common.ts): contiguous inner blocks, the inputs stepping by 1 or 0.
 */
import { I8ConvError } from '../../../errors.js';
import type { HostData, HostOp, HostOpFactory } from '../types.js';
import { powShortcut } from './variadic.js';
import {
  attrInt,
  broadcastPlan,
  broadcastShapes,
  expectDims,
  expectOutType,
  expectType,
  forEachBlock,
  nodeName,
  need,
  onlyAttrs,
  unsupported,
  type ElemType,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

type Num = Float32Array | Int32Array | Uint8Array | Int8Array;
/** y[yo + i] = a[ao + i * sa] op b[bo + i * sb] for i < n. */
export type Kernel = (
  y: HostData,
  a: HostData,
  b: HostData,
  yo: number,
  ao: number,
  bo: number,
  n: number,
  sa: number,
  sb: number,
) => void;

// Stores into a typed array round (float32) or wrap (integers), so one loop serves every number type where the
// exact double result fits 53 bits: +, - everywhere, * for float32 and 8-bit integers.
const addN: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] + B[bo];
};
const subN: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] - B[bo];
};
const mulN: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] * B[bo];
};
// int32 Add / Sub of their own: one element type (the shared kernel's reads of four array types cost several
// times as much; onnxruntime's quantize_dynamic adds each ConvInteger's int32 bias so)
const addI32: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Int32Array,
    A = a as Int32Array,
    B = b as Int32Array;
  if (sa === 1 && sb === 0) {
    const v = B[bo];
    for (let i = 0; i < n; i++) Y[yo + i] = A[ao + i] + v;
    return;
  }
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] + B[bo];
};
const subI32: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Int32Array,
    A = a as Int32Array,
    B = b as Int32Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] - B[bo];
};
const mulI32: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Int32Array,
    A = a as Int32Array,
    B = b as Int32Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = Math.imul(A[ao], B[bo]);
};
const divF: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Float32Array,
    A = a as Float32Array,
    B = b as Float32Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] / B[bo];
};
function zeroDivisor(): never {
  throw new I8ConvError('BAD_FEED', 'Div: integer division by zero');
}
const divInt: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const d = B[bo];
    if (d === 0) zeroDivisor();
    Y[yo + i] = Math.trunc(A[ao] / d);
  }
};
const addB: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as BigInt64Array,
    A = a as BigInt64Array,
    B = b as BigInt64Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] + B[bo];
};
const subB: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as BigInt64Array,
    A = a as BigInt64Array,
    B = b as BigInt64Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] - B[bo];
};
const mulB: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as BigInt64Array,
    A = a as BigInt64Array,
    B = b as BigInt64Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] * B[bo];
};
const divB: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as BigInt64Array,
    A = a as BigInt64Array,
    B = b as BigInt64Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const d = B[bo];
    if (d === 0n) zeroDivisor();
    Y[yo + i] = A[ao] / d; // BigInt division truncates toward zero
  }
};

/** C pow() on doubles: JS's Math.pow differs at x = 1 with a NaN exponent and x = -1 with an infinite one. */
function cPow(x: number, y: number): number {
  if (x === 1 || (x === -1 && (y === Infinity || y === -Infinity))) return 1;
  return Math.pow(x, y);
}
const powAny: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Float32Array,
    A = a as Float32Array;
  if (b instanceof BigInt64Array)
    for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = cPow(A[ao], Number(b[bo]));
  else {
    const B = b as Num;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = cPow(A[ao], B[bo]);
  }
};

const KERNELS: Record<string, { num: Kernel; int32?: Kernel; float?: Kernel; int?: Kernel; big: Kernel }> = {
  Add: { num: addN, int32: addI32, big: addB },
  Sub: { num: subN, int32: subI32, big: subB },
  Mul: { num: mulN, int32: mulI32, big: mulB },
  Div: { num: divInt, float: divF, big: divB },
};

/** Runs `kernel` over the broadcast of inputs 0 and 1 into output 0 (also ./bitwise.ts). */
export function broadcastRunner(
  outDims: number[],
  aDims: readonly number[],
  bDims: readonly number[],
  kernel: Kernel,
): HostOp {
  const plan = broadcastPlan(outDims, [aDims, bDims]);
  const [sa, sb] = plan.innerStride;
  return (inputs, outputs) => {
    const a = inputs[0]!.data,
      b = inputs[1]!.data,
      y = outputs[0].data;
    forEachBlock(plan, (yo, offs) => kernel(y, a, b, yo, offs[0], offs[1], plan.inner, sa, sb));
  };
}

function binaryFactory(op: 'Add' | 'Sub' | 'Mul' | 'Div'): HostOpFactory {
  return (node, inputs, outputs, opset) => {
    if (opset < 7) unsupported(node, `opset ${opset} (the legacy broadcast / axis attributes) is not supported`);
    onlyAttrs(node);
    const a = need(node, inputs, 0, 'A');
    const b = need(node, inputs, 1, 'B');
    const types: ElemType[] = ['float32', 'uint8', 'int8', 'int32', 'int64', 'double'];
    expectType(node, a, 'A', ...types);
    // double: one IEEE double operation per element (the JavaScript number's), as onnxruntime's double kernels
    const float = a.type === 'float32' || a.type === 'double';
    if (b.type !== a.type) unsupported(node, `operand types differ (${a.type}, ${b.type})`);
    const dims = broadcastShapes([a.dims, b.dims]);
    if (!dims) return unsupported(node, `shapes [${a.dims}] and [${b.dims}] do not broadcast`);
    expectDims(node, outputs[0], dims);
    expectOutType(node, outputs[0], a.type);
    const k = KERNELS[op];
    const kernel =
      a.type === 'int64' ? k.big : float ? (k.float ?? k.num) : a.type === 'int32' ? (k.int32 ?? k.num) : k.num;
    const run = broadcastRunner(dims, a.dims, b.dims, kernel);
    if (op !== 'Div' || float) return run;
    return (ins, outs) => {
      try {
        run(ins, outs);
      } catch (e) {
        if (e instanceof I8ConvError)
          throw new I8ConvError('BAD_FEED', `${nodeName(node)}: integer division by zero`, node.name);
        throw e;
      }
    };
  };
}

export const Add = binaryFactory('Add');
export const Sub = binaryFactory('Sub');
export const Mul = binaryFactory('Mul');
export const Div = binaryFactory('Div');

export const Pow: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 7) unsupported(node, `opset ${opset} (the legacy broadcast / axis attributes) is not supported`);
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'X');
  const e = need(node, inputs, 1, 'Y');
  expectType(node, x, 'X', 'float32');
  expectType(node, e, 'Y', 'float32', 'int32', 'int64');
  const dims = broadcastShapes([x.dims, e.dims]);
  if (!dims) return unsupported(node, `shapes [${x.dims}] and [${e.dims}] do not broadcast`);
  expectDims(node, outputs[0], dims);
  expectOutType(node, outputs[0], 'float32');
  const general = broadcastRunner(dims, x.dims, e.dims, powAny);
  // A one-element exponent: onnxruntime's x * x and x * x * x shortcuts, decided per run (Y may be computed), in its
  // broadcast loop's "Y is a scalar" case only: where the loop sees X as its scalar (X of one element, or an
  // innermost dim of 1 such as [2, 6, 1]: ortInput0Scalar) it runs pow() for every exponent.
  if (!powShortcut(x.dims, e.dims)) return general;
  return (ins, outs) => {
    const k = Number(ins[1]!.data[0]);
    if (k !== 2 && k !== 3) return general(ins, outs);
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    if (k === 2) for (let i = 0; i < Y.length; i++) Y[i] = X[i] * X[i];
    else for (let i = 0; i < Y.length; i++) Y[i] = f32(X[i] * X[i]) * X[i];
  };
};

/** C++ x % y, made to take the divisor's sign (numbers: int8 / uint8 / int32 operands, exact in double). */
const modN: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const d = B[bo];
    if (d === 0) zeroDivisor();
    const r = A[ao] % d;
    Y[yo + i] = (r < 0 && d > 0) || (r > 0 && d < 0) ? r + d : r;
  }
};
const modB: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as BigInt64Array,
    A = a as BigInt64Array,
    B = b as BigInt64Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const d = B[bo];
    if (d === 0n) zeroDivisor();
    const r = A[ao] % d; // BigInt %: truncated, the dividend's sign
    Y[yo + i] = (r < 0n && d > 0n) || (r > 0n && d < 0n) ? r + d : r;
  }
};
/** C fmod in double (JS % on numbers is fmod), stored into the element type (floats round, integers are exact). */
const fmodN: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] % B[bo];
};
const fmodInt: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const d = B[bo];
    if (d === 0) zeroDivisor();
    Y[yo + i] = A[ao] % d;
  }
};
const fmodB: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as BigInt64Array,
    A = a as BigInt64Array,
    B = b as BigInt64Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const d = B[bo];
    if (d === 0n) zeroDivisor();
    // static_cast<int64_t>(std::fmod(double(x), double(y))): |result| < |double(y)| <= 2^63, an integer
    Y[yo + i] = BigInt(Number(A[ao]) % Number(d));
  }
};

export const Mod: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 10) unsupported(node, `opset ${opset} has no Mod (from 10)`);
  onlyAttrs(node, 'fmod');
  const fmod = attrInt(node, 'fmod', 0);
  if (fmod !== 0 && fmod !== 1) unsupported(node, `fmod must be 0 or 1, is ${fmod}`);
  const a = need(node, inputs, 0, 'A');
  const b = need(node, inputs, 1, 'B');
  expectType(node, a, 'A', 'float32', 'uint8', 'int8', 'int32', 'int64');
  if (b.type !== a.type) unsupported(node, `operand types differ (${a.type}, ${b.type})`);
  if (a.type === 'float32' && fmod === 0)
    unsupported(node, 'fmod = 0 on float32 (onnxruntime: fmod must be 1 for floats)');
  const dims = broadcastShapes([a.dims, b.dims]);
  if (!dims) return unsupported(node, `shapes [${a.dims}] and [${b.dims}] do not broadcast`);
  expectDims(node, outputs[0], dims);
  expectOutType(node, outputs[0], a.type);
  const kernel = a.type === 'float32' ? fmodN : a.type === 'int64' ? (fmod ? fmodB : modB) : fmod ? fmodInt : modN;
  const run = broadcastRunner(dims, a.dims, b.dims, kernel);
  if (a.type === 'float32') return run;
  return (ins, outs) => {
    try {
      run(ins, outs);
    } catch (e) {
      if (e instanceof I8ConvError)
        throw new I8ConvError('BAD_FEED', `${nodeName(node)}: integer modulo by zero`, node.name);
      throw e;
    }
  };
};

export const Where: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 9) unsupported(node, `opset ${opset} has no Where (from 9)`);
  onlyAttrs(node);
  const c = need(node, inputs, 0, 'condition');
  const x = need(node, inputs, 1, 'X');
  const y = need(node, inputs, 2, 'Y');
  expectType(node, c, 'condition', 'bool');
  expectType(node, x, 'X', 'float32', 'uint8', 'int32', 'int64');
  if (x.type !== y.type) unsupported(node, `X and Y types differ (${x.type}, ${y.type})`);
  const dims = broadcastShapes([c.dims, x.dims, y.dims]);
  if (!dims) return unsupported(node, `shapes [${c.dims}], [${x.dims}], [${y.dims}] do not broadcast`);
  expectDims(node, outputs[0], dims);
  expectOutType(node, outputs[0], x.type);
  const plan = broadcastPlan(dims, [c.dims, x.dims, y.dims]);
  const [sc, sx, sy] = plan.innerStride;
  return (ins, outs) => {
    const C = ins[0]!.data as Uint8Array,
      X = ins[1]!.data,
      Y = ins[2]!.data,
      out = outs[0].data;
    forEachBlock(plan, (o, offs) => {
      let pc = offs[0],
        px = offs[1],
        py = offs[2];
      // Same element class on both sides of the assignment (numbers, or bigints for int64).
      const dst = out as Float32Array,
        xs = X as Float32Array,
        ys = Y as Float32Array;
      for (let i = 0; i < plan.inner; i++, pc += sc, px += sx, py += sy) dst[o + i] = C[pc] ? xs[px] : ys[py];
    });
  };
};
