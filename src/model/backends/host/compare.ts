/**
 * The operators with a bool output: the comparisons Equal, Less, LessOrEqual, Greater, GreaterOrEqual (two inputs of
 * one type, numpy broadcasting) and the logical Not, And, Or, Xor (bool inputs; And / Or / Xor broadcast), as
 * onnxruntime's CPU kernels compute them:
 * - a comparison is the C++ one on the element type: any comparison with NaN is false (Equal(NaN, NaN) too), 0 and
 *   -0 are equal; int64 compares exactly;
 * - bool values are read as false (0) or true (any other byte) and written as 0 / 1.
 * Types are those onnxruntime registers, less what the IR does not carry (float64, float16, int16, the unsigned wider
 * types): Equal bool, int32, int64 at opsets 7-10, and also float32, uint8, int8 from 11; Less / Greater float32 at
 * opsets 7-8, float32, uint8, int8, int32, int64 from 9; LessOrEqual / GreaterOrEqual (opset 12+) the same five;
 * Not (opset 1+) and And / Or / Xor (opset 7+) bool.
 */
import type { HostData, HostOp, HostOpFactory } from '../types.js';
import {
  broadcastPlan,
  broadcastShapes,
  expectDims,
  expectOutType,
  expectType,
  forEachBlock,
  need,
  onlyAttrs,
  unsupported,
  type ElemType,
} from './common.js';

type Elems = Float32Array | Int32Array | Uint8Array | Int8Array | BigInt64Array;
/** y[yo + i] = a[ao + i * sa] cmp b[bo + i * sb] ? 1 : 0 for i < n. */
type Kernel = (
  y: Uint8Array,
  a: HostData,
  b: HostData,
  yo: number,
  ao: number,
  bo: number,
  n: number,
  sa: number,
  sb: number,
) => void;

// One loop per comparison (number and bigint elements alike: the same operators compare both exactly).
const KERNELS: Record<string, Kernel> = {
  Equal: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Elems,
      B = b as Elems;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = A[ao] === B[bo] ? 1 : 0;
  },
  Less: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Elems,
      B = b as Elems;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = A[ao] < B[bo] ? 1 : 0;
  },
  LessOrEqual: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Elems,
      B = b as Elems;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = A[ao] <= B[bo] ? 1 : 0;
  },
  Greater: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Elems,
      B = b as Elems;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = A[ao] > B[bo] ? 1 : 0;
  },
  GreaterOrEqual: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Elems,
      B = b as Elems;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = A[ao] >= B[bo] ? 1 : 0;
  },
  // bool operands: any non-zero byte is true
  BoolEqual: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Uint8Array,
      B = b as Uint8Array;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = !A[ao] === !B[bo] ? 1 : 0;
  },
  And: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Uint8Array,
      B = b as Uint8Array;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = A[ao] && B[bo] ? 1 : 0;
  },
  Or: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Uint8Array,
      B = b as Uint8Array;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = A[ao] || B[bo] ? 1 : 0;
  },
  Xor: (y, a, b, yo, ao, bo, n, sa, sb) => {
    const A = a as Uint8Array,
      B = b as Uint8Array;
    for (let i = 0; i < n; i++, ao += sa, bo += sb) y[yo + i] = !A[ao] !== !B[bo] ? 1 : 0;
  },
};

const NUMERIC: ElemType[] = ['float32', 'uint8', 'int8', 'int32', 'int64'];

/** The element types onnxruntime takes for operator `op` at `opset`, and the first opset it has the operator. */
function typesOf(op: string, opset: number): { since: number; types: ElemType[] } {
  switch (op) {
    case 'Equal':
      return { since: 7, types: opset >= 11 ? ['bool', ...NUMERIC] : ['bool', 'int32', 'int64'] };
    case 'Less':
    case 'Greater':
      return { since: 7, types: opset >= 9 ? NUMERIC : ['float32'] };
    case 'LessOrEqual':
    case 'GreaterOrEqual':
      return { since: 12, types: NUMERIC };
    default: // And, Or, Xor
      return { since: 7, types: ['bool'] };
  }
}

function binaryBool(op: string): HostOpFactory {
  return (node, inputs, outputs, opset) => {
    onlyAttrs(node);
    const { since, types } = typesOf(op, opset);
    if (opset < since)
      unsupported(
        node,
        `opset ${opset} (the legacy broadcast / axis attributes) is not supported; ${op} from ${since}`,
      );
    const a = need(node, inputs, 0, 'A');
    const b = need(node, inputs, 1, 'B');
    expectType(node, a, 'A', ...types);
    if (b.type !== a.type) unsupported(node, `operand types differ (${a.type}, ${b.type})`);
    const dims = broadcastShapes([a.dims, b.dims]);
    if (!dims) return unsupported(node, `shapes [${a.dims}] and [${b.dims}] do not broadcast`);
    expectDims(node, outputs[0], dims);
    expectOutType(node, outputs[0], 'bool');
    const kernel = KERNELS[op === 'Equal' && a.type === 'bool' ? 'BoolEqual' : op];
    const plan = broadcastPlan(dims, [a.dims, b.dims]);
    const [sa, sb] = plan.innerStride;
    const run: HostOp = (ins, outs) => {
      const A = ins[0]!.data,
        B = ins[1]!.data,
        Y = outs[0].data as Uint8Array;
      forEachBlock(plan, (yo, offs) => kernel(Y, A, B, yo, offs[0], offs[1], plan.inner, sa, sb));
    };
    return run;
  };
}

export const Equal = binaryBool('Equal');
export const Less = binaryBool('Less');
export const LessOrEqual = binaryBool('LessOrEqual');
export const Greater = binaryBool('Greater');
export const GreaterOrEqual = binaryBool('GreaterOrEqual');
export const And = binaryBool('And');
export const Or = binaryBool('Or');
export const Xor = binaryBool('Xor');

export const Not: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'bool');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'bool');
  return (ins, outs) => {
    const X = ins[0]!.data as Uint8Array,
      Y = outs[0].data as Uint8Array;
    for (let i = 0; i < X.length; i++) Y[i] = X[i] ? 0 : 1;
  };
};
