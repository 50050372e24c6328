/**
 * Bitwise operators, as onnxruntime's CPU kernels compute them on the integer types the runtime carries:
 * - BitwiseAnd, BitwiseOr, BitwiseXor (opset 18+; int8, uint8, int32, int64): a op b with numpy broadcasting.
 * - BitwiseNot (opset 18+; same types): ~x.
 * - BitShift (opset 11+; uint8, the one unsigned type carried): x << y or x >> y (direction LEFT / RIGHT), as
 *   onnxruntime-web's build computes them where C++ leaves a count past the width undefined (measured against it): a
 *   left shift in 32 bits with the count modulo 32 (wasm's shift), then the low 8 bits; a right shift gives 0 for a
 *   count of 8 or more.
 */
import type { HostOp, HostOpFactory } from '../types.js';
import {
  attrString,
  broadcastPlan,
  broadcastShapes,
  expectDims,
  expectOutType,
  expectType,
  fail,
  forEachBlock,
  need,
  onlyAttrs,
  unsupported,
} from './common.js';

type Ints = Int8Array | Uint8Array | Int32Array;

function bitwiseBinary(op: 'and' | 'or' | 'xor'): HostOpFactory {
  return (node, inputs, outputs) => {
    onlyAttrs(node);
    const a = need(node, inputs, 0, 'A'),
      b = need(node, inputs, 1, 'B');
    expectType(node, a, 'A', 'int8', 'uint8', 'int32', 'int64');
    if (b.type !== a.type) unsupported(node, `operand types differ (${a.type}, ${b.type})`);
    const dims = broadcastShapes([a.dims, b.dims]);
    if (!dims) return unsupported(node, `shapes [${a.dims}] and [${b.dims}] do not broadcast`);
    expectDims(node, outputs[0], dims);
    expectOutType(node, outputs[0], a.type);
    const plan = broadcastPlan(dims, [a.dims, b.dims]);
    const [sa, sb] = plan.innerStride;
    const run: HostOp = (ins, outs) => {
      const A = ins[0]!.data,
        B = ins[1]!.data,
        Y = outs[0].data;
      forEachBlock(plan, (yo, offs) => {
        let ao = offs[0],
          bo = offs[1];
        if (Y instanceof BigInt64Array) {
          const P = A as BigInt64Array,
            Q = B as BigInt64Array;
          for (let i = 0; i < plan.inner; i++, ao += sa, bo += sb)
            Y[yo + i] = op === 'and' ? P[ao] & Q[bo] : op === 'or' ? P[ao] | Q[bo] : P[ao] ^ Q[bo];
          return;
        }
        const P = A as Ints,
          Q = B as Ints,
          R = Y as Ints;
        for (let i = 0; i < plan.inner; i++, ao += sa, bo += sb)
          R[yo + i] = op === 'and' ? P[ao] & Q[bo] : op === 'or' ? P[ao] | Q[bo] : P[ao] ^ Q[bo];
      });
    };
    return run;
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
  const dims = broadcastShapes([x.dims, y.dims]);
  if (!dims) return unsupported(node, `shapes [${x.dims}] and [${y.dims}] do not broadcast`);
  expectDims(node, outputs[0], dims);
  expectOutType(node, outputs[0], 'uint8');
  const plan = broadcastPlan(dims, [x.dims, y.dims]);
  const [sx, sy] = plan.innerStride;
  const left = dir === 'LEFT';
  return (ins, outs) => {
    const X = ins[0]!.data as Uint8Array,
      S = ins[1]!.data as Uint8Array,
      Y = outs[0].data as Uint8Array;
    forEachBlock(plan, (yo, offs) => {
      let xo = offs[0],
        so = offs[1];
      for (let i = 0; i < plan.inner; i++, xo += sx, so += sy)
        Y[yo + i] = left ? X[xo] << (S[so] & 31) : S[so] >= 8 ? 0 : X[xo] >>> S[so];
    });
  };
};
