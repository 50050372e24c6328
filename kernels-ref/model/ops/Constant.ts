/** Constant: its one value attribute as a tensor (`value`, or `value_float(s)` / `value_int(s)`). */
import { makeTensor, type OpFn } from '../tensor.js';

export const Constant: OpFn = (_inputs, attrs) => {
  if (attrs.size !== 1) throw new Error(`Constant: expected one value attribute, got ${attrs.size}`);
  const [[name, a]] = [...attrs];
  if (name === 'value' && a.kind === 'tensor') return [makeTensor(a.value.type, a.value.dims, a.value.data.slice())];
  if (name === 'value_float' && a.kind === 'float') return [makeTensor('float32', [], Float32Array.of(a.value))];
  if (name === 'value_floats' && a.kind === 'floats')
    return [makeTensor('float32', [a.value.length], Float32Array.from(a.value))];
  if (name === 'value_int' && a.kind === 'int') return [makeTensor('int64', [], BigInt64Array.of(BigInt(a.value)))];
  if (name === 'value_ints' && a.kind === 'ints')
    return [makeTensor('int64', [a.value.length], BigInt64Array.from(a.value, BigInt))];
  throw new Error(`Constant: attribute ${name} (${a.kind}) is not supported`);
};
