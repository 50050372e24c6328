/**
 * Data-movement operators over any element type (float32, the 8-bit types after fuse-qdq.ts drops a Q/DQ pair,
 * int32, int64, bool ...): values are copied, never converted.
 *
 * - Gather (axis attribute, default 0; negative from opset 11): indices int32 or int64 of any rank (a scalar too);
 *   out dims = data.dims[:axis] ++ indices.dims ++ data.dims[axis+1:]; a negative index adds dims[axis]; an index
 *   outside [-d, d) is refused.
 * - Split (axis attribute, default 0): sizes from the `split` attribute (opset < 13) or the optional int64 input 1
 *   (13+), which must sum to dims[axis] (zero sizes allowed); else `num_outputs` (opset 18+: n - 1 chunks of
 *   ceil(d / n), the last one what remains, refused where that is not positive, as onnxruntime does); else
 *   (opset < 18) equal parts, one per node output (the executor passes the count), dims[axis] divisible by it.
 * - Expand (opset 8+): the int64 shape input broadcasts with the data's dims both ways (numpy), the data is
 *   repeated along the broadcast axes.
 * - Tile (opset 6+): the int64 repeats input (one non-negative value per axis); out dim i = dims[i] * repeats[i],
 *   out[idx] = in[idx mod dims].
 */
import {
  attrInt,
  attrInts,
  broadcastDims,
  broadcastIndex,
  expectType,
  makeTensor,
  need,
  normAxis,
  numbers,
  numel,
  onlyAttrs,
  stridesOf,
  unravel,
  type Attributes,
  type Inputs,
  type OpFn,
  type Tensor,
} from '../tensor.js';

export const Gather: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Gather', 'axis');
  const x = need(inputs, 0, 'data');
  const ind = need(inputs, 1, 'indices');
  expectType(ind, 'Gather indices', 'int32', 'int64');
  const r = x.dims.length;
  if (r === 0) throw new Error('Gather: data must have rank 1 or more');
  const axis = normAxis(attrInt(attrs, 'axis', 0), r, 'Gather: axis');
  const d = x.dims[axis];
  const idx = numbers(ind).map((v) => {
    if (v < -d || v >= d) throw new Error(`Gather: index ${v} is out of range for dim ${d}`);
    return v < 0 ? v + d : v;
  });
  const outer = numel(x.dims.slice(0, axis));
  const inner = numel(x.dims.slice(axis + 1));
  const y = makeTensor(x.type, [...x.dims.slice(0, axis), ...ind.dims, ...x.dims.slice(axis + 1)]);
  let k = 0;
  for (let o = 0; o < outer; o++)
    for (const i of idx) for (let j = 0; j < inner; j++) y.data[k++] = x.data[(o * d + i) * inner + j];
  return [y];
};

function splitSizes(
  x: Tensor,
  inputs: Inputs,
  attrs: Attributes,
  opset: number,
  axis: number,
  outputCount: number,
): number[] {
  const d = x.dims[axis];
  let sizes: number[] | undefined;
  if (opset < 13) sizes = attrInts(attrs, 'split');
  else if (inputs[1]) {
    expectType(inputs[1], 'Split split', 'int64');
    sizes = numbers(inputs[1]);
  }
  if (sizes) {
    if (sizes.some((s) => s < 0) || sizes.reduce((a, b) => a + b, 0) !== d)
      throw new Error(`Split: sizes [${sizes}] do not sum to dim ${d}`);
    if (sizes.length !== outputCount) throw new Error(`Split: ${sizes.length} sizes for ${outputCount} outputs`);
    return sizes;
  }
  const num = opset >= 18 ? attrs.get('num_outputs') : undefined;
  if (num) {
    if (num.kind !== 'int' || num.value < 1) throw new Error('Split: num_outputs must be a positive int');
    const n = num.value;
    if (n !== outputCount) throw new Error(`Split: num_outputs ${n} with ${outputCount} outputs`);
    if (n > d) throw new Error(`Split: num_outputs ${n} for an axis of extent ${d}`);
    // the first n - 1 parts ceil(d / n) long, the last what remains (onnxruntime refuses a negative remainder)
    const chunk = Math.ceil(d / n);
    if (d - chunk * (n - 1) < 1) throw new Error(`Split: ${n} parts of ${chunk} do not fit an axis of extent ${d}`);
    return Array.from({ length: n }, (_, i) => (i < n - 1 ? chunk : d - chunk * (n - 1)));
  }
  if (opset >= 18) throw new Error('Split: opset 18 takes the split input or num_outputs');
  if (d % outputCount !== 0) throw new Error(`Split: dim ${d} does not split into ${outputCount} equal parts`);
  return new Array<number>(outputCount).fill(d / outputCount);
}

export const Split: OpFn = (inputs, attrs, opset, outputCount) => {
  onlyAttrs(attrs, 'Split', 'axis', ...(opset < 13 ? ['split'] : []), ...(opset >= 18 ? ['num_outputs'] : []));
  const x = need(inputs, 0, 'input');
  const r = x.dims.length;
  const axis = normAxis(attrInt(attrs, 'axis', 0), r, 'Split: axis');
  const sizes = splitSizes(x, inputs, attrs, opset, axis, outputCount ?? 1);
  const outer = numel(x.dims.slice(0, axis));
  const inner = numel(x.dims.slice(axis + 1));
  const d = x.dims[axis];
  let start = 0;
  return sizes.map((s) => {
    const dims = [...x.dims];
    dims[axis] = s;
    const y = makeTensor(x.type, dims);
    let k = 0;
    for (let o = 0; o < outer; o++)
      for (let j = 0; j < s * inner; j++) y.data[k++] = x.data[(o * d + start) * inner + j];
    start += s;
    return y;
  });
};

export const Expand: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Expand');
  const x = need(inputs, 0, 'input');
  const shapeT = need(inputs, 1, 'shape');
  expectType(shapeT, 'Expand shape', 'int64');
  const shape = numbers(shapeT);
  if (shape.some((s) => s < 0)) throw new Error(`Expand: negative dim in [${shape}]`);
  const dims = broadcastDims(x.dims, shape);
  const y = makeTensor(x.type, dims);
  for (let i = 0; i < y.data.length; i++) y.data[i] = x.data[broadcastIndex(unravel(i, dims), dims, x.dims)];
  return [y];
};

export const Tile: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Tile');
  const x = need(inputs, 0, 'input');
  const repT = need(inputs, 1, 'repeats');
  expectType(repT, 'Tile repeats', 'int64');
  const reps = numbers(repT);
  const r = x.dims.length;
  if (repT.dims.length !== 1 || reps.length !== r)
    throw new Error(`Tile: repeats [${reps}] must be 1-D with one value per axis (${r})`);
  if (reps.some((v) => v < 0)) throw new Error(`Tile: negative repeat in [${reps}]`);
  const dims = x.dims.map((d, i) => d * reps[i]);
  const y = makeTensor(x.type, dims);
  const xs = stridesOf(x.dims);
  for (let i = 0; i < y.data.length; i++) {
    const idx = unravel(i, dims);
    let src = 0;
    for (let k = 0; k < r; k++) src += (idx[k] % x.dims[k]) * xs[k];
    y.data[i] = x.data[src];
  }
  return [y];
};
