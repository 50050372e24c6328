/** Add: numpy broadcasting; float32 a + b rounded to float32, integers wrapping (elementwise.ts). */
import { binary } from '../elementwise.js';
import { f32, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Add: OpFn = (inputs, attrs, opset) => {
  if (opset < 7) throw new Error('Add: opset < 7 (the legacy broadcast / axis attributes) is not supported');
  onlyAttrs(attrs, 'Add');
  return [
    binary(
      need(inputs, 0, 'A'),
      need(inputs, 1, 'B'),
      { float32: (a, b) => f32(a + b), double: (a, b) => a + b, int: (a, b) => a + b, int64: (a, b) => a + b },
      'Add',
    ),
  ];
};
