/**
 * numpy-broadcast binary operators over one element type (Add, Mul). float32 rounds each result to float32; the
 * integer types wrap as their C++ types do (uint8 / int8 / int32 modulo 2^bits, int64 as BigInt modulo 2^64).
 */
import { broadcastDims, broadcastIndex, makeTensor, numel, unravel, type ElementType, type Tensor } from './tensor.js';

export interface BinaryRule {
  float32(a: number, b: number): number;
  /** double operands: the IEEE double result (JavaScript's own arithmetic); absent: refused */
  double?(a: number, b: number): number;
  /** The exact integer result; wrapped to the type afterwards. */
  int(a: number, b: number): number;
  int64(a: bigint, b: bigint): bigint;
}

const WRAP: Partial<Record<ElementType, (v: number) => number>> = {
  uint8: (v) => v & 0xff,
  int8: (v) => (v << 24) >> 24,
  int32: (v) => v | 0,
};

export function binary(a: Tensor, b: Tensor, rule: BinaryRule, op: string): Tensor {
  if (a.type !== b.type) throw new Error(`${op}: operand types differ (${a.type}, ${b.type})`);
  const dims = broadcastDims(a.dims, b.dims);
  const y = makeTensor(a.type, dims);
  const n = numel(dims);
  const av = a.data as ArrayLike<number | bigint>;
  const bv = b.data as ArrayLike<number | bigint>;
  const wrap = WRAP[a.type];
  const double = a.type === 'double' ? rule.double : undefined;
  if (a.type !== 'float32' && a.type !== 'int64' && !wrap && !double)
    throw new Error(`${op}: type ${a.type} is not supported`);
  for (let i = 0; i < n; i++) {
    const idx = unravel(i, dims);
    const x = av[broadcastIndex(idx, dims, a.dims)];
    const z = bv[broadcastIndex(idx, dims, b.dims)];
    if (a.type === 'float32') y.data[i] = rule.float32(x as number, z as number);
    else if (double) y.data[i] = double(x as number, z as number);
    else if (a.type === 'int64') y.data[i] = BigInt.asIntN(64, rule.int64(x as bigint, z as bigint));
    else y.data[i] = wrap!(rule.int(x as number, z as number));
  }
  return y;
}
