/**
 * More element-wise and row operators, as onnxruntime-web 1.30's CPU kernels compute them (one thread), on the types
 * onnxruntime registers (others refused at load with UNSUPPORTED_OP):
 * - CastLike (opset 15+; any pair of carried types): Cast to the element type of input 1 (whose values are never
 *   read); onnxruntime expands it into that Cast, so the conversions are Cast's (./movement.ts castValues).
 * - IsNaN (float32 -> bool), IsInf (float32 -> bool, opset 10+; detect_positive / detect_negative, default 1).
 * - Shrink (float32, int32, int64, uint8, int8; lambd default 0.5, bias 0): x < -lambd ? x + bias : x > lambd ?
 *   x - bias : 0, compared and summed in float32 (an int64 x rounded to float32 first), the result converted back
 *   as C++ static_cast compiles to wasm (truncation, saturating at int32 / int64; int8 the saturated int32's low 8
 *   bits, uint8 a saturated uint32's low 8 bits), float32 rounded once.
 * - Hardmax (float32): below opset 13 over rows of the input flattened to 2-D at `axis` (default 1), from 13 along
 *   `axis` (default -1). A row's maximum is taken left to right as std::max keeps it (m < x ? x : m: a NaN first stays,
 *   a later NaN is skipped); the first element equal to it gets 1, every other 0 (a NaN maximum: a row of zeros).
 * - MeanVarianceNormalization (float32; axes default [0, 2, 3], out-of-range axes dropped, repeats merged as
 *   onnxruntime does): per group of the unreduced coordinates, mean = f(sum / n) summed left to right in float32 in
 *   row-major order of the reduced axes, d = f(x - mean), y = f(d / f(sqrt(f(sum(f(d * d))) / n)))) (no epsilon: a
 *   constant group gives 0 / 0 = NaN, as onnxruntime does).
 */
import type { HostOpFactory } from '../types.js';
import {
  attrFloat,
  attrInt,
  attrInts,
  checkWorkspace,
  expectDims,
  expectOutType,
  expectType,
  f32,
  need,
  normAxis,
  numel,
  onlyAttrs,
  stridesOf,
  unsupported,
} from './common.js';
import { castValues, int64ToF32 } from './movement.js';

export const CastLike: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 15) unsupported(node, `opset ${opset} has no CastLike (from 15)`);
  onlyAttrs(node, ...(opset >= 19 ? ['saturate'] : []));
  const x = need(node, inputs, 0, 'input');
  const like = need(node, inputs, 1, 'target_type');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], like.type);
  const from = x.type,
    to = like.type;
  return (ins, outs) => castValues(from, to, ins[0]!.data, outs[0].data);
};

export const IsNaN: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'bool');
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Uint8Array;
    for (let i = 0; i < X.length; i++) Y[i] = X[i] !== X[i] ? 1 : 0;
  };
};

export const IsInf: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 10) unsupported(node, `opset ${opset} has no IsInf (from 10)`);
  onlyAttrs(node, 'detect_positive', 'detect_negative');
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'bool');
  const pos = attrInt(node, 'detect_positive', 1) !== 0,
    neg = attrInt(node, 'detect_negative', 1) !== 0;
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Uint8Array;
    for (let i = 0; i < X.length; i++) {
      const v = X[i];
      Y[i] = (pos && v === Infinity) || (neg && v === -Infinity) ? 1 : 0;
    }
  };
};

/** float -> the element type as wasm's saturating static_cast converts it (see the header). */
const fromFloat: Record<string, (v: number) => number | bigint> = {
  float32: (v) => v,
  int32: (v) => (v !== v ? 0 : v >= 2147483647 ? 2147483647 : v <= -2147483648 ? -2147483648 : Math.trunc(v)),
  int8: (v) => fromFloat.int32(v), // the Int8Array store keeps the low 8 bits
  uint8: (v) => (v !== v || v <= 0 ? 0 : v >= 4294967295 ? 4294967295 : Math.trunc(v)),
  int64: (v) =>
    v !== v
      ? 0n
      : v >= 9223372036854775807
        ? 0x7fffffffffffffffn
        : v <= -9223372036854775808
          ? -0x8000000000000000n
          : BigInt(Math.trunc(v)),
};

export const Shrink: HostOpFactory = (node, inputs, outputs, opset) => {
  if (opset < 9) unsupported(node, `opset ${opset} has no Shrink (from 9)`);
  onlyAttrs(node, 'lambd', 'bias');
  const x = need(node, inputs, 0, 'input');
  expectType(node, x, 'input', 'float32', 'int32', 'int64', 'uint8', 'int8');
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], x.type);
  const lambd = f32(attrFloat(node, 'lambd', 0.5)),
    bias = f32(attrFloat(node, 'bias', 0));
  const back = fromFloat[x.type];
  const zero = x.type === 'int64' ? 0n : 0;
  const toFloat =
    x.type === 'int64' ? (v: number | bigint) => int64ToF32(v as bigint) : (v: number | bigint) => v as number;
  return (ins, outs) => {
    const X = ins[0]!.data,
      Y = outs[0].data as unknown as (number | bigint)[];
    for (let i = 0; i < X.length; i++) {
      const v = toFloat(X[i]);
      Y[i] = v < -lambd ? back(f32(v + bias)) : v > lambd ? back(f32(v - bias)) : zero;
    }
  };
};

export const Hardmax: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'axis');
  const x = need(node, inputs, 0, 'input');
  expectType(node, x, 'input', 'float32');
  const r = x.dims.length;
  if (r === 0) unsupported(node, 'input must have rank >= 1');
  const axis = normAxis(node, attrInt(node, 'axis', opset < 13 ? 1 : -1), r);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  // rows of d elements, `stride` apart, starting at (o * d) * inner + i
  const flat = opset < 13;
  const d = flat ? numel(x.dims.slice(axis)) : x.dims[axis];
  const inner = flat ? 1 : numel(x.dims.slice(axis + 1));
  const outer = numel(x.dims.slice(0, axis));
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    Y.fill(0);
    if (d === 0) return;
    for (let o = 0; o < outer; o++)
      for (let i = 0; i < inner; i++) {
        const base = o * d * inner + i;
        let m = X[base];
        for (let j = 1; j < d; j++) if (m < X[base + j * inner]) m = X[base + j * inner];
        for (let j = 0; j < d; j++)
          if (X[base + j * inner] === m) {
            Y[base + j * inner] = 1;
            break;
          }
      }
  };
};

export const MeanVarianceNormalization: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'axes');
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  const r = x.dims.length;
  const given = attrInts(node, 'axes') ?? [0, 2, 3];
  // onnxruntime drops the axes out of range for the rank, then sorts and merges repeats
  const axes = [...new Set(given.filter((a) => a >= -r && a < r).map((a) => normAxis(node, a, r)))].sort(
    (a, b) => a - b,
  );
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], 'float32');
  const keep = x.dims.map((_, i) => i).filter((i) => !axes.includes(i));
  const xs = stridesOf(x.dims);
  const groups = numel(keep.map((i) => x.dims[i]));
  const n = numel(axes.map((i) => x.dims[i]));
  checkWorkspace(node, n, 'group offsets');
  /** offsets of a group's elements (row-major over the reduced axes), and of each group's first element */
  const walk = (ax: number[]): Float64Array => {
    const out = new Float64Array(numel(ax.map((i) => x.dims[i])));
    out.forEach((_, p) => {
      let rest = p,
        at = 0;
      for (let j = ax.length - 1; j >= 0; j--) {
        const dj = x.dims[ax[j]];
        at += (rest % dj) * xs[ax[j]];
        rest = Math.floor(rest / dj);
      }
      out[p] = at;
    });
    return out;
  };
  const inGroup = walk(axes),
    starts = walk(keep);
  const fn = f32(n);
  const dev = new Float32Array(n);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let g = 0; g < groups; g++) {
      const s = starts[g];
      let sum = 0;
      for (let p = 0; p < n; p++) sum = f32(sum + X[s + inGroup[p]]);
      const mean = f32(sum / fn);
      let sq = 0;
      for (let p = 0; p < n; p++) {
        dev[p] = f32(X[s + inGroup[p]] - mean);
        sq = f32(sq + f32(dev[p] * dev[p]));
      }
      const sd = f32(Math.sqrt(f32(sq / fn)));
      for (let p = 0; p < n; p++) Y[s + inGroup[p]] = f32(dev[p] / sd);
    }
  };
};
