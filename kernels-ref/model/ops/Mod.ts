/**
 * Mod (opset 10+): numpy broadcasting of two inputs of one type (float32, uint8, int8, int32, int64), as onnxruntime's
 * CPU kernel defines it.
 * - fmod = 0 (integers; onnxruntime refuses float32): the remainder with the divisor's sign, r = x % y (C++,
 *   truncated), then r + y where r and y have opposite signs (Mod(-7, 3) = 2, Mod(7, -3) = -2).
 * - fmod = 1: C fmod computed on doubles, the remainder with the dividend's sign (fmod(-7, 3) = -1); float32 results
 *   are exact; an int64 operand is converted to double first (beyond 2^53 it is rounded, as onnxruntime's std::fmod
 *   call does), the result converted back.
 * An integer zero divisor is an error (onnxruntime: "Integer modulo by zero").
 */
import {
  attrInt,
  broadcastDims,
  broadcastIndex,
  expectType,
  makeTensor,
  need,
  onlyAttrs,
  unravel,
  type OpFn,
} from '../tensor.js';

export const Mod: OpFn = (inputs, attrs, opset) => {
  if (opset < 10) throw new Error('Mod: opset < 10 has no Mod');
  onlyAttrs(attrs, 'Mod', 'fmod');
  const fmod = attrInt(attrs, 'fmod', 0);
  if (fmod !== 0 && fmod !== 1) throw new Error(`Mod: fmod must be 0 or 1, is ${fmod}`);
  const a = need(inputs, 0, 'A');
  const b = need(inputs, 1, 'B');
  expectType(a, 'Mod A', 'float32', 'uint8', 'int8', 'int32', 'int64');
  if (b.type !== a.type) throw new Error(`Mod: operand types differ (${a.type}, ${b.type})`);
  if (a.type === 'float32' && !fmod) throw new Error('Mod: fmod must be 1 for float32');
  const dims = broadcastDims(a.dims, b.dims);
  const y = makeTensor(a.type, dims);
  for (let i = 0; i < y.data.length; i++) {
    const idx = unravel(i, dims);
    const x = a.data[broadcastIndex(idx, dims, a.dims)];
    const d = b.data[broadcastIndex(idx, dims, b.dims)];
    if (a.type !== 'float32' && Number(d) === 0) throw new Error('Mod: integer modulo by zero');
    if (fmod) {
      const r = Number(x) % Number(d); // JS % on doubles is C fmod
      y.data[i] = a.type === 'int64' ? BigInt(r) : r;
    } else if (a.type === 'int64') {
      const p = x as bigint,
        q = d as bigint;
      const r = p % q;
      y.data[i] = (r < 0n && q > 0n) || (r > 0n && q < 0n) ? r + q : r;
    } else {
      const p = x as number,
        q = d as number;
      const r = p % q;
      y.data[i] = (r < 0 && q > 0) || (r > 0 && q < 0) ? r + q : r;
    }
  }
  return [y];
};
