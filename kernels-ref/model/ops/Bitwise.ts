/**
 * BitwiseAnd / Or / Xor (numpy broadcasting) and BitwiseNot on int8, uint8, int32, int64; BitShift on uint8: the bits
 * of x moved by y places (LEFT or RIGHT), the low 8 bits kept; past the width, onnxruntime-web's results: a left count
 * taken modulo 32 (a 32-bit wasm shift), a right shift 0 from a count of 8.
 */
import { broadcastDims, broadcastIndex, makeTensor, need, numel, unravel, type OpFn, type Tensor } from '../tensor.js';

function binary(name: string, f: (a: bigint, b: bigint) => bigint): OpFn {
  return (inputs) => {
    const a = need(inputs, 0, 'A'),
      b = need(inputs, 1, 'B');
    const dims = broadcastDims(a.dims, b.dims);
    const y = makeTensor(a.type, dims);
    for (let i = 0; i < numel(dims); i++) {
      const idx = unravel(i, dims);
      const v = f(BigInt(a.data[broadcastIndex(idx, dims, a.dims)]), BigInt(b.data[broadcastIndex(idx, dims, b.dims)]));
      y.data[i] = (a.type === 'int64' ? BigInt.asIntN(64, v) : Number(wrap(a.type, v))) as never;
    }
    void name;
    return [y];
  };
}

/** v as the element type's two's complement value. */
function wrap(type: Tensor['type'], v: bigint): bigint {
  switch (type) {
    case 'int8':
      return BigInt.asIntN(8, v);
    case 'uint8':
      return BigInt.asUintN(8, v);
    case 'int32':
      return BigInt.asIntN(32, v);
    default:
      return BigInt.asIntN(64, v);
  }
}

export const BitwiseAnd = binary('BitwiseAnd', (a, b) => a & b);
export const BitwiseOr = binary('BitwiseOr', (a, b) => a | b);
export const BitwiseXor = binary('BitwiseXor', (a, b) => a ^ b);
export const BitwiseNot: OpFn = (inputs) => {
  const x = need(inputs, 0, 'X');
  const y = makeTensor(x.type, x.dims);
  for (let i = 0; i < x.data.length; i++) {
    const v = ~BigInt(x.data[i]);
    y.data[i] = (x.type === 'int64' ? BigInt.asIntN(64, v) : Number(wrap(x.type, v))) as never;
  }
  return [y];
};
export const BitShift: OpFn = (inputs, attrs) => {
  const d = attrs.get('direction');
  const left = d?.kind === 'string' && d.value === 'LEFT';
  return binary('BitShift', (a, b) => (left ? BigInt.asUintN(8, a << (b % 32n)) : b >= 8n ? 0n : a >> b))(
    inputs,
    attrs,
    11,
  );
};
