/**
 * Sub and Div (opset 7+): numpy broadcasting (elementwise.ts). float32 rounds each result to float32; integers wrap
 * (Sub) or divide truncating toward zero as C++ does (Div; a zero divisor is refused).
 */
import { binary } from '../elementwise.js';
import { f32, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Sub: OpFn = (inputs, attrs, opset) => {
  if (opset < 7) throw new Error('Sub: opset < 7 (the legacy broadcast / axis attributes) is not supported');
  onlyAttrs(attrs, 'Sub');
  return [
    binary(
      need(inputs, 0, 'A'),
      need(inputs, 1, 'B'),
      { float32: (a, b) => f32(a - b), double: (a, b) => a - b, int: (a, b) => a - b, int64: (a, b) => a - b },
      'Sub',
    ),
  ];
};

const zero = (): never => {
  throw new Error('Div: integer division by zero');
};

export const Div: OpFn = (inputs, attrs, opset) => {
  if (opset < 7) throw new Error('Div: opset < 7 (the legacy broadcast / axis attributes) is not supported');
  onlyAttrs(attrs, 'Div');
  return [
    binary(
      need(inputs, 0, 'A'),
      need(inputs, 1, 'B'),
      {
        float32: (a, b) => f32(a / b),
        double: (a, b) => a / b,
        int: (a, b) => (b === 0 ? zero() : Math.trunc(a / b)),
        int64: (a, b) => (b === 0n ? zero() : a / b),
      },
      'Div',
    ),
  ];
};
