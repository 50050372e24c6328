/**
 * Max, Min, Sum, Mean (opset 6+): one or more inputs of one type, numpy broadcasting from opset 8 (one shape at opsets
 * 6 and 7), as onnxruntime's CPU kernels define them.
 *
 * The inputs are folded left to right two at a time, acc = op(acc, input k), each step broadcasting the two; one input
 * is its own result. Sum adds in float32 (f32 after each addition); Mean is that sum times f(1 / n).
 * Max / Min on float32 propagate NaN from either side (Eigen's NaN-propagating max / min): NaN if the left or right
 * operand is NaN, else std::max(left, right) = (left < right ? right : left) (std::min: right < left ? right : left),
 * so a tie of 0 and -0 gives the left one. The left operand is acc, except where onnxruntime takes its "input 0 is a
 * scalar" loop (opset 8+, firstIsScalar below), which computes max(input k, acc). Integer Max / Min (opset 12+)
 * need no such care.
 * Types: Max / Min float32 at opsets 6-11, float32, uint8, int8, int32, int64 from 12; Sum / Mean float32.
 */
import {
  broadcastDims,
  broadcastIndex,
  expectType,
  f32,
  makeTensor,
  onlyAttrs,
  unravel,
  type Inputs,
  type OpFn,
  type Tensor,
} from '../tensor.js';

type Elem = number | bigint;

/**
 * Whether onnxruntime's broadcast loop sees its first operand (dims `a`) as a scalar against `b`. Its broadcaster
 * walks the dims both shapes have from the innermost, skips those where both are 1 (but not the outermost of them),
 * and looks at the first dim left: the first operand is a scalar where it has size 1 there. With a rank-0 operand it
 * looks at the other's innermost dim instead (a rank-0 first operand is a scalar).
 */
export function firstIsScalar(a: readonly number[], b: readonly number[]): boolean {
  const common = Math.min(a.length, b.length);
  if (common === 0) return a.length === 0 || a[a.length - 1] === 1;
  let i = 1;
  while (i < common && a[a.length - i] === 1 && b[b.length - i] === 1) i++;
  return a[a.length - i] === 1;
}

const isNaN = (v: Elem): boolean => typeof v === 'number' && Number.isNaN(v);

function pick(op: 'Max' | 'Min', l: Elem, r: Elem): Elem {
  if (isNaN(l)) return l;
  if (isNaN(r)) return r;
  return op === 'Max' ? (l < r ? r : l) : r < l ? r : l;
}

function variadic(op: 'Max' | 'Min' | 'Sum' | 'Mean'): OpFn {
  return (inputs: Inputs, attrs, opset) => {
    if (opset < 6) throw new Error(`${op}: opset < 6 (consumed_inputs) is not supported`);
    onlyAttrs(attrs, op);
    if (inputs.length === 0 || inputs.some((t) => !t)) throw new Error(`${op}: every input is required, at least one`);
    const ins = inputs as Tensor[];
    const minmax = op === 'Max' || op === 'Min';
    expectType(
      ins[0],
      `${op} input 0`,
      ...(minmax && opset >= 12 ? (['float32', 'uint8', 'int8', 'int32', 'int64'] as const) : (['float32'] as const)),
    );
    for (const t of ins) {
      if (t.type !== ins[0].type) throw new Error(`${op}: input types differ (${ins[0].type}, ${t.type})`);
      if (opset < 8 && (t.dims.length !== ins[0].dims.length || t.dims.some((d, i) => d !== ins[0].dims[i])))
        throw new Error(`${op}: opset ${opset} takes inputs of one shape`);
    }
    let acc: Tensor = ins[0];
    for (let k = 1; k < ins.length; k++) {
      const b = ins[k];
      const dims = broadcastDims(acc.dims, b.dims);
      const swap = opset >= 8 && firstIsScalar(acc.dims, b.dims);
      const y = makeTensor(acc.type, dims);
      for (let i = 0; i < y.data.length; i++) {
        const idx = unravel(i, dims);
        const p = acc.data[broadcastIndex(idx, dims, acc.dims)] as Elem;
        const q = b.data[broadcastIndex(idx, dims, b.dims)] as Elem;
        y.data[i] = minmax ? pick(op, swap ? q : p, swap ? p : q) : f32((p as number) + (q as number));
      }
      acc = y;
    }
    const out = makeTensor(acc.type, acc.dims);
    const scale = f32(1 / ins.length);
    for (let i = 0; i < out.data.length; i++)
      out.data[i] = op === 'Mean' ? f32((acc.data[i] as number) * scale) : acc.data[i];
    return [out];
  };
}

export const Max = variadic('Max');
export const Min = variadic('Min');
export const Sum = variadic('Sum');
export const Mean = variadic('Mean');
