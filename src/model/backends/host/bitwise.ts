/**
 * Bitwise operators, as onnxruntime's CPU kernels compute them on the integer types the runtime carries:
 * - BitwiseAnd, BitwiseOr, BitwiseXor (opset 18+; int8, uint8, int32, int64): a op b with numpy broadcasting.
 * - BitwiseNot (opset 18+; same types): ~x.
 * - BitShift (opset 11+; uint8, the one unsigned type carried): x << y or x >> y (direction LEFT / RIGHT), as
 *   onnxruntime-web's build computes them where C++ leaves a count past the width undefined (measured against it): a
 *   left shift in 32 bits with the count modulo 32 (wasm's shift), then the low 8 bits; a right shift gives 0 for a
 *   count of 8 or more.
 */
import type { HostOpFactory } from '../types.js';
import { broadcastRunner, type Kernel } from './binary.js';
import {
  attrString,
  broadcastShapes,
  expectDims,
  expectOutType,
  expectType,
  fail,
  need,
  onlyAttrs,
  unsupported,
} from './common.js';

type Ints = Int8Array | Uint8Array | Int32Array;
type Op = 'and' | 'or' | 'xor';

/** a op b over numbers (8- and 32-bit: the store wraps) and over int64's bigints. */
function kernelOf(op: Op): Kernel {
  return (y, a, b, yo, ao, bo, n, sa, sb) => {
    if (y instanceof BigInt64Array) {
      const P = a as BigInt64Array,
        Q = b as BigInt64Array;
      for (let i = 0; i < n; i++, ao += sa, bo += sb)
        y[yo + i] = op === 'and' ? P[ao] & Q[bo] : op === 'or' ? P[ao] | Q[bo] : P[ao] ^ Q[bo];
      return;
    }
    const P = a as Ints,
      Q = b as Ints,
      R = y as Ints;
    for (let i = 0; i < n; i++, ao += sa, bo += sb)
      R[yo + i] = op === 'and' ? P[ao] & Q[bo] : op === 'or' ? P[ao] | Q[bo] : P[ao] ^ Q[bo];
  };
}

/** The broadcast dims of inputs 0 and 1, checked against the planned output (dims and type). */
function broadcastOut(
  node: Parameters<HostOpFactory>[0],
  a: { dims: readonly number[] },
  b: { dims: readonly number[] },
  out: Parameters<HostOpFactory>[2][number],
  type: Parameters<typeof expectOutType>[2],
): number[] {
  const dims = broadcastShapes([a.dims, b.dims]);
  if (!dims) return unsupported(node, `shapes [${a.dims}] and [${b.dims}] do not broadcast`);
  expectDims(node, out, dims);
  expectOutType(node, out, type);
  return dims;
}

function bitwiseBinary(op: Op): HostOpFactory {
  return (node, inputs, outputs) => {
    onlyAttrs(node);
    const a = need(node, inputs, 0, 'A'),
      b = need(node, inputs, 1, 'B');
    expectType(node, a, 'A', 'int8', 'uint8', 'int32', 'int64');
    if (b.type !== a.type) unsupported(node, `operand types differ (${a.type}, ${b.type})`);
    const dims = broadcastOut(node, a, b, outputs[0], a.type);
    return broadcastRunner(dims, a.dims, b.dims, kernelOf(op));
  };
}

export const BitwiseAnd = bitwiseBinary('and');
export const BitwiseOr = bitwiseBinary('or');
export const BitwiseXor = bitwiseBinary('xor');

export const BitwiseNot: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'int8', 'uint8', 'int32', 'int64');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], x.type);
  return (ins, outs) => {
    const X = ins[0]!.data,
      Y = outs[0].data;
    if (Y instanceof BigInt64Array) for (let i = 0; i < Y.length; i++) Y[i] = ~(X as BigInt64Array)[i];
    else for (let i = 0; i < Y.length; i++) (Y as Ints)[i] = ~(X as Ints)[i];
  };
};

export const BitShift: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'direction');
  const dir = attrString(node, 'direction', '');
  if (dir !== 'LEFT' && dir !== 'RIGHT')
    fail('BAD_MODEL', node, `direction ${JSON.stringify(dir)} is not LEFT or RIGHT`);
  const x = need(node, inputs, 0, 'X'),
    y = need(node, inputs, 1, 'Y');
  expectType(node, x, 'X', 'uint8');
  expectType(node, y, 'Y', 'uint8');
  const dims = broadcastOut(node, x, y, outputs[0], 'uint8');
  const left = dir === 'LEFT';
  const shift: Kernel = (out, a, b, yo, xo, so, n, sx, ss) => {
    const X = a as Uint8Array,
      S = b as Uint8Array,
      Y = out as Uint8Array;
    for (let i = 0; i < n; i++, xo += sx, so += ss)
      Y[yo + i] = left ? X[xo] << (S[so] & 31) : S[so] >= 8 ? 0 : X[xo] >>> S[so];
  };
  return broadcastRunner(dims, x.dims, y.dims, shift);
};
