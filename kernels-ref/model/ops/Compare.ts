/**
 * Operators with a bool output (0 / 1 bytes), numpy broadcasting of their two inputs:
 * - Equal, Less, LessOrEqual, Greater, GreaterOrEqual: the C++ comparison of the element type (NaN compares false
 *   with everything, 0 equals -0, int64 exactly). Types, as onnxruntime registers them: Equal bool, int32, int64 at
 *   opsets 7-10, also float32, uint8, int8 from 11; Less / Greater float32 at opsets 7-8, float32, uint8, int8, int32,
 *   int64 from 9; LessOrEqual / GreaterOrEqual (opset 12+) those five.
 * - And, Or, Xor (opset 7+) on bool, and Not (one input, opset 1+): a non-zero byte is true.
 */
import {
  broadcastDims,
  broadcastIndex,
  expectType,
  makeTensor,
  need,
  onlyAttrs,
  unravel,
  type ElementType,
  type OpFn,
} from '../tensor.js';

type Elem = number | bigint;
const NUMERIC: ElementType[] = ['float32', 'uint8', 'int8', 'int32', 'int64'];

const RULES: Record<
  string,
  { since: number; types: (opset: number) => ElementType[]; f: (a: Elem, b: Elem) => boolean }
> = {
  Equal: {
    since: 7,
    types: (o) => (o >= 11 ? ['bool', ...NUMERIC] : ['bool', 'int32', 'int64']),
    f: (a, b) => a === b,
  },
  Less: { since: 7, types: (o) => (o >= 9 ? NUMERIC : ['float32']), f: (a, b) => a < b },
  LessOrEqual: { since: 12, types: () => NUMERIC, f: (a, b) => a <= b },
  Greater: { since: 7, types: (o) => (o >= 9 ? NUMERIC : ['float32']), f: (a, b) => a > b },
  GreaterOrEqual: { since: 12, types: () => NUMERIC, f: (a, b) => a >= b },
  And: { since: 7, types: () => ['bool'], f: (a, b) => a !== 0 && b !== 0 },
  Or: { since: 7, types: () => ['bool'], f: (a, b) => a !== 0 || b !== 0 },
  Xor: { since: 7, types: () => ['bool'], f: (a, b) => (a !== 0) !== (b !== 0) },
};

function compare(op: string): OpFn {
  const rule = RULES[op];
  return (inputs, attrs, opset) => {
    if (opset < rule.since)
      throw new Error(`${op}: opset < ${rule.since} (legacy broadcast attributes) is not supported`);
    onlyAttrs(attrs, op);
    const a = need(inputs, 0, 'A');
    const b = need(inputs, 1, 'B');
    expectType(a, `${op} A`, ...rule.types(opset));
    if (b.type !== a.type) throw new Error(`${op}: operand types differ (${a.type}, ${b.type})`);
    const bool = a.type === 'bool';
    const dims = broadcastDims(a.dims, b.dims);
    const y = makeTensor('bool', dims);
    for (let i = 0; i < y.data.length; i++) {
      const idx = unravel(i, dims);
      let p = a.data[broadcastIndex(idx, dims, a.dims)] as Elem;
      let q = b.data[broadcastIndex(idx, dims, b.dims)] as Elem;
      if (bool) {
        p = p ? 1 : 0;
        q = q ? 1 : 0;
      }
      y.data[i] = rule.f(p, q) ? 1 : 0;
    }
    return [y];
  };
}

export const Equal = compare('Equal');
export const Less = compare('Less');
export const LessOrEqual = compare('LessOrEqual');
export const Greater = compare('Greater');
export const GreaterOrEqual = compare('GreaterOrEqual');
export const And = compare('And');
export const Or = compare('Or');
export const Xor = compare('Xor');

export const Not: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Not');
  const x = need(inputs, 0, 'X');
  expectType(x, 'Not X', 'bool');
  const y = makeTensor('bool', x.dims);
  for (let i = 0; i < x.data.length; i++) y.data[i] = x.data[i] ? 0 : 1;
  return [y];
};
