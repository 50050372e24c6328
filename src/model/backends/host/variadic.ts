/**
 * The variadic element-wise operators Max, Min, Sum and Mean (one or more inputs of one type, numpy broadcasting over
 * all of them from opset 8; opsets 6 and 7 take inputs of one shape only), as onnxruntime's CPU kernels compute them:
 *
 * - The inputs are combined left to right, two at a time: acc = in0, then acc = op(acc, in_k) broadcast for k = 1,
 *   2, ... (each intermediate of the broadcast of the shapes so far); one input is copied.
 * - Sum (float32): acc + in_k, one float32 addition each. Mean (float32): that sum, then times f(1 / n) (a float32
 *   multiply, not a division: Mean(1, 2, 4) is f(7 * f(1/3)) = 2.3333335).
 * - Max / Min, float32: NaN from either operand gives NaN; otherwise the larger (smaller) value, and on a tie (0 and
 *   -0) the left operand, where "left" is acc, except in onnxruntime's "input 0 is a scalar" case from opset 8
 *   (ortInput0Scalar below: acc of size 1 along the dim its broadcast loop decides on), where its kernel computes
 *   max(in_k, acc) and the tie gives in_k's zero. onnxruntime-web 1.30 does exactly this (Eigen's NaN-propagating
 *   max / min: `isnan(l) ? l : isnan(r) ? r : std::max(l, r)`, std::max(l, r) = l < r ? r : l).
 * - Max / Min on integers (opset 12+: uint8, int8, int32, int64): the larger (smaller) value.
 *
 * Types are those onnxruntime registers (float64, float16 and the unsigned wider types aside, which the IR does not
 * carry): Max / Min float32 at opsets 6-11, float32, uint8, int8, int32, int64 from 12; Sum and Mean float32.
 */
import type { HostData, HostOp, HostOpFactory } from '../types.js';
import {
  ARRAY_OF,
  broadcastPlan,
  broadcastShapes,
  checkWorkspace,
  expectDims,
  expectOutType,
  expectType,
  f32,
  forEachBlock,
  need,
  numel,
  onlyAttrs,
  unsupported,
  type BroadcastPlan,
  type ElemType,
} from './common.js';

type Num = Float32Array | Int32Array | Uint8Array | Int8Array;
/** y[yo + i] = op(a[ao + i * sa], b[bo + i * sb]) for i < n; `swap`: the operands in the kernel's order are (b, a). */
type Kernel = (
  y: HostData,
  a: HostData,
  b: HostData,
  yo: number,
  ao: number,
  bo: number,
  n: number,
  sa: number,
  sb: number,
  swap: boolean,
) => void;

const addF: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Float32Array,
    A = a as Float32Array,
    B = b as Float32Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) Y[yo + i] = A[ao] + B[bo];
};
// l < r ? r : l >= r ? l : NaN is NaN when either is NaN, r when r is larger, l otherwise (ties included).
const maxF: Kernel = (y, a, b, yo, ao, bo, n, sa, sb, swap) => {
  const Y = y as Float32Array,
    L = (swap ? b : a) as Float32Array,
    R = (swap ? a : b) as Float32Array;
  let lo = swap ? bo : ao,
    ro = swap ? ao : bo;
  const sl = swap ? sb : sa,
    sr = swap ? sa : sb;
  for (let i = 0; i < n; i++, lo += sl, ro += sr) {
    const l = L[lo],
      r = R[ro];
    Y[yo + i] = l < r ? r : l >= r ? l : Number.NaN;
  }
};
const minF: Kernel = (y, a, b, yo, ao, bo, n, sa, sb, swap) => {
  const Y = y as Float32Array,
    L = (swap ? b : a) as Float32Array,
    R = (swap ? a : b) as Float32Array;
  let lo = swap ? bo : ao,
    ro = swap ? ao : bo;
  const sl = swap ? sb : sa,
    sr = swap ? sa : sb;
  for (let i = 0; i < n; i++, lo += sl, ro += sr) {
    const l = L[lo],
      r = R[ro];
    Y[yo + i] = r < l ? r : l <= r ? l : Number.NaN;
  }
};
// Integers (no NaN, and equal values are the same value): the operand order does not matter.
const maxI: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const p = A[ao],
      q = B[bo];
    Y[yo + i] = p < q ? q : p;
  }
};
const minI: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as Num,
    A = a as Num,
    B = b as Num;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const p = A[ao],
      q = B[bo];
    Y[yo + i] = q < p ? q : p;
  }
};
const maxB: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as BigInt64Array,
    A = a as BigInt64Array,
    B = b as BigInt64Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const p = A[ao],
      q = B[bo];
    Y[yo + i] = p < q ? q : p;
  }
};
const minB: Kernel = (y, a, b, yo, ao, bo, n, sa, sb) => {
  const Y = y as BigInt64Array,
    A = a as BigInt64Array,
    B = b as BigInt64Array;
  for (let i = 0; i < n; i++, ao += sa, bo += sb) {
    const p = A[ao],
      q = B[bo];
    Y[yo + i] = q < p ? q : p;
  }
};

type Op = 'Max' | 'Min' | 'Sum' | 'Mean';

function kernelOf(op: Op, type: ElemType): Kernel {
  if (op === 'Sum' || op === 'Mean') return addF;
  if (type === 'float32') return op === 'Max' ? maxF : minF;
  if (type === 'int64') return op === 'Max' ? maxB : minB;
  return op === 'Max' ? maxI : minI;
}

/**
 * Whether onnxruntime's two-input broadcast loop runs its "input 0 is a scalar" case for operands of
 * dims `a` and `b`: it decides on one dim, the innermost of the dims both have whose broadcast size is not 1 (the
 * outermost of those they both have when every one is 1, the innermost of the longer where one is a scalar), and
 * input 0 is "a scalar" where it has size 1 there. So [4, 1] against [1] is, though neither broadcasts along the 4.
 */
export function ortInput0Scalar(a: readonly number[], b: readonly number[]): boolean {
  const m = Math.min(a.length, b.length);
  if (m === 0) return a.length === 0 || a[a.length - 1] === 1;
  for (let i = 1; i <= m; i++) {
    const da = a[a.length - i];
    if (Math.max(da, b[b.length - i]) !== 1 || i === m) return da === 1;
  }
  return false;
}

/**
 * Whether onnxruntime's Pow of X (dims `x`) by Y (dims `y`) takes its x * x / x * x * x shortcut for an exponent of 2
 * or 3: Y of one element, taken as its broadcast loop's scalar (X of more than one element, not seen as the loop's
 * scalar itself); otherwise the loop runs pow().
 */
export function powShortcut(x: readonly number[], y: readonly number[]): boolean {
  const n = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);
  return n(y) === 1 && n(x) !== 1 && !ortInput0Scalar(x, y);
}

/**
 * For inputs of dims `dims` combined left to right (acc = in0, then acc op in_k), whether onnxruntime's kernel takes
 * in_k as its left operand at step k (index k - 1 of the result): its "input 0 is a scalar" case, from opset 8.
 */
export function ortOperandSwaps(dims: readonly (readonly number[])[], opset: number): boolean[] {
  const swaps: boolean[] = [];
  let acc = dims[0];
  for (let k = 1; k < dims.length; k++) {
    swaps.push(opset >= 8 && ortInput0Scalar(acc, dims[k]));
    acc = broadcastShapes([acc, dims[k]]) ?? acc;
  }
  return swaps;
}

/** Whether inputs of dims `a` and of dims `b` (one per input, in order) take the same operand orders (a table made
 * on other dims than the model's computes as the model only then). */
export function sameOperandOrder(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  opset: number,
): boolean {
  const sa = ortOperandSwaps(a, opset),
    sb = ortOperandSwaps(b, opset);
  return sa.every((v, i) => v === sb[i]);
}

/** One pairwise step: acc (of dims `accDims`) with input `k` into dims `dims`. */
interface Step {
  k: number;
  plan: BroadcastPlan;
  /** onnxruntime's "input 0 is a scalar" case: the kernel's left operand is input k */
  swap: boolean;
  /** where the result goes: the output (-1) or scratch buffer 0 / 1 */
  dst: number;
}

function variadic(op: Op): HostOpFactory {
  return (node, inputs, outputs, opset) => {
    onlyAttrs(node);
    if (opset < 6) unsupported(node, `opset ${opset} (the consumed_inputs attribute) is not supported`);
    if (inputs.length === 0) unsupported(node, 'at least one input is required');
    const ins = inputs.map((_, k) => need(node, inputs, k, `data_${k}`));
    const types: ElemType[] =
      (op === 'Max' || op === 'Min') && opset >= 12 ? ['float32', 'uint8', 'int8', 'int32', 'int64'] : ['float32'];
    expectType(node, ins[0], 'data_0', ...types);
    for (let k = 1; k < ins.length; k++)
      if (ins[k].type !== ins[0].type) unsupported(node, `input types differ (${ins[0].type}, ${ins[k].type})`);
    const type = ins[0].type;
    if (opset < 8)
      for (let k = 1; k < ins.length; k++)
        if (ins[k].dims.length !== ins[0].dims.length || ins[k].dims.some((d, i) => d !== ins[0].dims[i]))
          unsupported(node, `opset ${opset} takes inputs of one shape; [${ins[0].dims}] and [${ins[k].dims}] differ`);
    const dims = broadcastShapes(ins.map((v) => v.dims));
    if (!dims) return unsupported(node, `shapes ${ins.map((v) => `[${v.dims}]`).join(', ')} do not broadcast`);
    expectDims(node, outputs[0], dims);
    expectOutType(node, outputs[0], type);
    const total = numel(dims);

    // The steps, and the two scratch buffers they need until the intermediate has the output's dims (from there on
    // the output is updated in place: acc then has the output's dims, each element read at its own index first).
    const steps: Step[] = [];
    let accDims: readonly number[] = ins[0].dims;
    let accAt = -2; // -2: input 0, -1: the output, 0 / 1: a scratch buffer
    const scratch: number[] = [0, 0];
    const swaps = ortOperandSwaps(
      ins.map((v) => v.dims),
      opset,
    );
    for (let k = 1; k < ins.length; k++) {
      const next = broadcastShapes([accDims, ins[k].dims])!;
      const plan = broadcastPlan(next, [accDims, ins[k].dims]);
      const swap = swaps[k - 1];
      const last = next.length === dims.length && next.every((d, i) => d === dims[i]);
      const dst = last ? -1 : accAt === 0 ? 1 : 0;
      if (dst >= 0) scratch[dst] = Math.max(scratch[dst], numel(next));
      steps.push({ k, plan, swap, dst });
      accDims = next;
      accAt = dst;
    }
    checkWorkspace(node, scratch[0] + scratch[1], 'intermediate sums');
    const bufs = scratch.map((n) => (n ? new ARRAY_OF[type](n) : undefined));
    const kernel = kernelOf(op, type);
    const scale = op === 'Mean' ? f32(1 / ins.length) : 1;

    const run: HostOp = (xs, outs) => {
      const y = outs[0].data;
      if (steps.length === 0) {
        (y as Float32Array).set(xs[0]!.data as Float32Array);
      } else {
        let acc: HostData = xs[0]!.data;
        for (const s of steps) {
          const dst = s.dst < 0 ? y : bufs[s.dst]!;
          const b = xs[s.k]!.data,
            a = acc;
          const [sa, sb] = s.plan.innerStride;
          forEachBlock(s.plan, (yo, offs) => kernel(dst, a, b, yo, offs[0], offs[1], s.plan.inner, sa, sb, s.swap));
          acc = dst;
        }
      }
      if (scale !== 1) {
        const Y = y as Float32Array;
        for (let i = 0; i < total; i++) Y[i] *= scale;
      }
    };
    return run;
  };
}

export const Max = variadic('Max');
export const Min = variadic('Min');
export const Sum = variadic('Sum');
export const Mean = variadic('Mean');
