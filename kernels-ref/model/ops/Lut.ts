/**
 * i8conv's own `Lut` operator (domain 'i8conv'), what src/model/graph/passes/fuse-qdq.ts makes of a region of float
 * elementwise operators between one DequantizeLinear and one QuantizeLinear: inputs X (uint8 or int8) and Table
 * (256 values, uint8 or int8: the output's type); Y has X's dims and Table's type, Y[i] = Table[X[i] & 255], the
 * table indexed by the raw byte (a uint8 by its value, an int8 by its two's-complement byte: -1 is entry 255).
 * No attributes.
 */
import { expectType, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const Lut: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Lut');
  const x = need(inputs, 0, 'X');
  const table = need(inputs, 1, 'Table');
  expectType(x, 'Lut X', 'uint8', 'int8');
  expectType(table, 'Lut Table', 'uint8', 'int8');
  if (table.data.length !== 256) throw new Error(`Lut: Table has ${table.data.length} values, not 256`);
  const y = makeTensor(table.type, x.dims);
  const xd = x.data as ArrayLike<number>;
  for (let i = 0; i < xd.length; i++) y.data[i] = table.data[xd[i] & 0xff];
  return [y];
};
