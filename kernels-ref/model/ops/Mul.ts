/** Mul: numpy broadcasting; float32 a * b rounded to float32, integers wrapping (Math.imul keeps int32 exact). */
import { binary } from '../elementwise.js';
import { f32, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Mul: OpFn = (inputs, attrs, opset) => {
  if (opset < 7) throw new Error('Mul: opset < 7 (the legacy broadcast / axis attributes) is not supported');
  onlyAttrs(attrs, 'Mul');
  return [
    binary(
      need(inputs, 0, 'A'),
      need(inputs, 1, 'B'),
      {
        float32: (a, b) => f32(a * b),
        double: (a, b) => a * b,
        int: (a, b) => Math.imul(a, b),
        int64: (a, b) => a * b,
      },
      'Mul',
    ),
  ];
};
