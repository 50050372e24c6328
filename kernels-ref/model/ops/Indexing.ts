/**
 * Indexing and generator operators, by their definitions, with onnxruntime-web's choices where ONNX leaves one open
 * (checked on onnxruntime-web 1.30):
 * - GatherElements (opset 11+): out[p] = data[p with p[axis] = idx[p]]; indices of data's rank, int32 / int64, each
 *   non-axis dim at most data's; an index outside [-d, d) is an error, a negative one adds d.
 * - ScatterElements (11+; Scatter at 9-10): out = data; for every index position p in row-major order,
 *   out[p with p[axis] = idx[p]] = f(old, updates[p]); reduction (16+) none (the update), add, mul, max, min (18+),
 *   each in the element type: float32 rounded once, integers wrapping, bool add = or, mul = and;
 *   max = (old > u ? old : u), min = (old < u ? old : u) as onnxruntime writes them (a NaN update is taken; bool
 *   max / min refused).
 * - ScatterND (11+): int64 indices [..., k]; out = data; for every tuple t in row-major order the slice
 *   out[t, ...] = f(old, updates[t, ...]), the same reductions. Negative indices add the dim.
 * - GatherND (11+, batch_dims 12+): int64 indices [..., k]; out dims indices.dims[:-1] ++ data.dims[b + k:];
 *   out[batch, t, ...] = data[batch, index tuple, ...]. Negative indices add the dim.
 * - CumSum (11+; float32, double, int32, int64): along the axis input, running sums in the element type; exclusive shifts
 *   by one (starting at 0), reverse runs from the end.
 * - Trilu (14+): x where j - i >= k (upper, default) or j - i <= k (lower) on the last two dims, else 0.
 * - OneHot (9+): out dims indices' with depth inserted at axis (default -1); values[1] where the coordinate along axis
 *   equals the index (a negative one plus depth first, in the index type: float32 rounded), values[0] elsewhere (an
 *   index out of range or not a whole number: a row of values[0]).
 * - EyeLike (9+): a 2-D output of the input's dims, dtype (default the input's type), 1 where j - i = k.
 * - ReverseSequence (10+): per batch b (batch_axis), the first sequence_lens[b] steps along time_axis reversed (a
 *   length outside [0, steps] is an error).
 * - Compress (9+): the slices along axis (no axis: the elements of the flattened input) whose condition entry is true;
 *   entries past the axis length are ignored.
 */
import {
  attrInt,
  attrString,
  f32,
  makeTensor,
  need,
  normAxis,
  numbers,
  numel,
  onlyAttrs,
  stridesOf,
  unravel,
  type Attributes,
  type ElementType,
  type OpFn,
  type Tensor,
} from '../tensor.js';

const idxIn = (op: string, v: number, d: number): number => {
  if (v < -d || v >= d) throw new Error(`${op}: index ${v} is out of range for dim ${d}`);
  return v < 0 ? v + d : v;
};
const flat = (idx: readonly number[], dims: readonly number[]): number => {
  const s = stridesOf(dims);
  return idx.reduce((a, v, i) => a + v * s[i], 0);
};

type Reduce = (old: number | bigint, u: number | bigint) => number | bigint;

function reduction(op: string, attrs: Attributes, opset: number, type: ElementType): Reduce | null {
  const red = opset >= 16 ? attrString(attrs, 'reduction', 'none') : 'none';
  if (red === 'none') return null;
  if (red === 'max' || red === 'min') {
    if (opset < 18) throw new Error(`${op}: reduction ${red} needs opset 18`);
    if (type === 'bool') throw new Error(`${op}: reduction ${red} on bool`);
    return red === 'max' ? (a, b) => (a > b ? a : b) : (a, b) => (a < b ? a : b);
  }
  if (red !== 'add' && red !== 'mul') throw new Error(`${op}: reduction ${red}`);
  const add = red === 'add';
  switch (type) {
    case 'int64':
      return (a, b) => BigInt.asIntN(64, add ? (a as bigint) + (b as bigint) : (a as bigint) * (b as bigint));
    case 'bool':
      return (a, b) => (add ? Number(a !== 0 || b !== 0) : Number(a !== 0 && b !== 0));
    case 'int32':
      return (a, b) => (add ? ((a as number) + (b as number)) | 0 : Number(BigInt.asIntN(32, BigInt(a) * BigInt(b))));
    case 'uint8':
      return (a, b) => (add ? (a as number) + (b as number) : (a as number) * (b as number)) & 0xff;
    case 'int8':
      return (a, b) => (((add ? (a as number) + (b as number) : (a as number) * (b as number)) & 0xff) << 24) >> 24;
    case 'float32':
      return (a, b) => Math.fround(add ? (a as number) + (b as number) : (a as number) * (b as number));
    default:
      throw new Error(`${op}: type ${type}`);
  }
}

export const GatherElements: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'GatherElements', 'axis');
  const x = need(inputs, 0, 'data'),
    ind = need(inputs, 1, 'indices');
  if (ind.type !== 'int32' && ind.type !== 'int64') throw new Error('GatherElements: indices must be int32 / int64');
  const r = x.dims.length;
  if (ind.dims.length !== r) throw new Error('GatherElements: indices must have the rank of data');
  const axis = normAxis(attrInt(attrs, 'axis', 0), r, 'GatherElements: axis');
  ind.dims.forEach((d, i) => {
    if (i !== axis && d > x.dims[i]) throw new Error('GatherElements: an indices dim exceeds data');
  });
  const iv = numbers(ind);
  const y = makeTensor(x.type, ind.dims);
  const idx = iv.map((v) => idxIn('GatherElements', v, x.dims[axis]));
  for (let p = 0; p < iv.length; p++) {
    const c = unravel(p, ind.dims);
    c[axis] = idx[p];
    y.data[p] = x.data[flat(c, x.dims)];
  }
  return [y];
};

const scatterElements =
  (op: string): OpFn =>
  (inputs, attrs, opset) => {
    onlyAttrs(attrs, op, 'axis', 'reduction');
    const x = need(inputs, 0, 'data'),
      ind = need(inputs, 1, 'indices'),
      u = need(inputs, 2, 'updates');
    if (ind.type !== 'int32' && ind.type !== 'int64') throw new Error(`${op}: indices must be int32 / int64`);
    const r = x.dims.length;
    if (ind.dims.length !== r || u.dims.join() !== ind.dims.join())
      throw new Error(`${op}: indices and updates must have data's rank and one shape`);
    const axis = normAxis(attrInt(attrs, 'axis', 0), r, `${op}: axis`);
    const f = reduction(op, attrs, op === 'Scatter' ? 1 : opset, x.type);
    const iv = numbers(ind).map((v) => idxIn(op, v, x.dims[axis]));
    const y = makeTensor(x.type, x.dims, x.data.slice());
    for (let p = 0; p < iv.length; p++) {
      const c = unravel(p, ind.dims);
      c[axis] = iv[p];
      const at = flat(c, x.dims);
      y.data[at] = f ? f(y.data[at], u.data[p]) : u.data[p];
    }
    return [y];
  };
export const ScatterElements = scatterElements('ScatterElements');
export const Scatter = scatterElements('Scatter');

/** The flat offsets of the index tuples of indices [..., k] into `dims` from dim `from` (within one batch). */
function tuples(op: string, ind: Tensor, dims: readonly number[], from: number): number[] {
  if (ind.type !== 'int64') throw new Error(`${op}: indices must be int64`);
  const k = ind.dims[ind.dims.length - 1];
  if (k > dims.length - from) throw new Error(`${op}: indices' last dim ${k} is too large`);
  const v = numbers(ind);
  const inner = dims.slice(from);
  const out: number[] = [];
  for (let t = 0; t < v.length / k || (k === 0 && t < numel(ind.dims.slice(0, -1))); t++) {
    const c = new Array<number>(inner.length).fill(0);
    for (let j = 0; j < k; j++) c[j] = idxIn(op, v[t * k + j], inner[j]);
    out.push(flat(c, inner));
  }
  return out;
}

export const GatherND: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'GatherND', 'batch_dims');
  const x = need(inputs, 0, 'data'),
    ind = need(inputs, 1, 'indices');
  const b = attrInt(attrs, 'batch_dims', 0);
  for (let i = 0; i < b; i++) if (x.dims[i] !== ind.dims[i]) throw new Error('GatherND: batch dims differ');
  const k = ind.dims[ind.dims.length - 1];
  const offs = tuples('GatherND', ind, x.dims, b);
  const slice = numel(x.dims.slice(b + k));
  const y = makeTensor(x.type, [...ind.dims.slice(0, -1), ...x.dims.slice(b + k)]);
  const perBatch = offs.length / Math.max(1, numel(x.dims.slice(0, b)));
  const batchSize = numel(x.dims.slice(b));
  offs.forEach((o, t) => {
    const src = Math.floor(t / perBatch) * batchSize + o;
    for (let j = 0; j < slice; j++) y.data[t * slice + j] = x.data[src + j];
  });
  return [y];
};

export const ScatterND: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'ScatterND', 'reduction');
  const x = need(inputs, 0, 'data'),
    ind = need(inputs, 1, 'indices'),
    u = need(inputs, 2, 'updates');
  const k = ind.dims[ind.dims.length - 1];
  const want = [...ind.dims.slice(0, -1), ...x.dims.slice(k)];
  if (u.dims.join() !== want.join()) throw new Error(`ScatterND: updates must be [${want}]`);
  const f = reduction('ScatterND', attrs, opset, x.type);
  const offs = tuples('ScatterND', ind, x.dims, 0);
  const slice = numel(x.dims.slice(k));
  const y = makeTensor(x.type, x.dims, x.data.slice());
  offs.forEach((o, t) => {
    for (let j = 0; j < slice; j++) {
      const u1 = u.data[t * slice + j];
      y.data[o + j] = f ? f(y.data[o + j], u1) : u1;
    }
  });
  return [y];
};

export const CumSum: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'CumSum', 'exclusive', 'reverse');
  const x = need(inputs, 0, 'x');
  if (!['float32', 'double', 'int32', 'int64'].includes(x.type)) throw new Error(`CumSum: type ${x.type}`);
  const a = numbers(need(inputs, 1, 'axis'));
  if (a.length !== 1) throw new Error('CumSum: axis must hold one value');
  const axis = normAxis(a[0], x.dims.length, 'CumSum: axis');
  const exclusive = attrInt(attrs, 'exclusive', 0) !== 0,
    reverse = attrInt(attrs, 'reverse', 0) !== 0;
  const y = makeTensor(x.type, x.dims);
  const add = (s: number | bigint, v: number | bigint): number | bigint =>
    x.type === 'int64'
      ? BigInt.asIntN(64, (s as bigint) + (v as bigint))
      : x.type === 'int32'
        ? ((s as number) + (v as number)) | 0
        : x.type === 'double'
          ? (s as number) + (v as number)
          : Math.fround((s as number) + (v as number));
  const d = x.dims[axis];
  for (let p = 0; p < x.data.length; p++) {
    const c = unravel(p, x.dims);
    // the sum over the positions before (or after, reverse) c along the axis, including c unless exclusive
    let s: number | bigint = x.type === 'int64' ? 0n : 0;
    const order = Array.from({ length: d }, (_, i) => (reverse ? d - 1 - i : i));
    for (const i of order) {
      const before = reverse ? i > c[axis] : i < c[axis];
      if (!before && !(i === c[axis] && !exclusive)) continue;
      const cc = [...c];
      cc[axis] = i;
      s = add(s, x.data[flat(cc, x.dims)]);
    }
    y.data[p] = s;
  }
  return [y];
};

export const Trilu: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Trilu', 'upper');
  const x = need(inputs, 0, 'input');
  if (x.dims.length < 2) throw new Error('Trilu: rank must be >= 2');
  const k = inputs[1] ? numbers(inputs[1])[0] : 0;
  const upper = attrInt(attrs, 'upper', 1) !== 0;
  const y = makeTensor(x.type, x.dims);
  const r = x.dims.length;
  for (let p = 0; p < x.data.length; p++) {
    const c = unravel(p, x.dims);
    const diff = c[r - 1] - c[r - 2];
    const keep = upper ? diff >= k : diff <= k;
    y.data[p] = keep ? x.data[p] : x.type === 'int64' ? 0n : 0;
  }
  return [y];
};

export const OneHot: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'OneHot', 'axis');
  const ind = need(inputs, 0, 'indices'),
    depthT = need(inputs, 1, 'depth'),
    vals = need(inputs, 2, 'values');
  const depth = Math.trunc(numbers(depthT)[0]);
  if (!(depth >= 1)) throw new Error(`OneHot: depth ${depth}`);
  if (vals.data.length !== 2) throw new Error('OneHot: values must hold 2 values');
  const r = ind.dims.length;
  if (r === 0) throw new Error('OneHot: indices must have rank >= 1');
  const axis = normAxis(attrInt(attrs, 'axis', -1), r + 1, 'OneHot: axis');
  const dims = [...ind.dims.slice(0, axis), depth, ...ind.dims.slice(axis)];
  const y = makeTensor(vals.type, dims);
  const iv = numbers(ind).map((v) => (v >= 0 ? v : ind.type === 'float32' ? f32(v + depth) : v + depth));
  for (let p = 0; p < y.data.length; p++) {
    const c = unravel(p, dims);
    const at = c[axis];
    c.splice(axis, 1);
    y.data[p] = vals.data[iv[flat(c, ind.dims)] === at ? 1 : 0];
  }
  return [y];
};

const EYE: Record<number, ElementType> = { 1: 'float32', 6: 'int32', 7: 'int64', 11: 'double' };

export const EyeLike: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'EyeLike', 'dtype', 'k');
  const x = need(inputs, 0, 'input');
  if (x.dims.length !== 2) throw new Error('EyeLike: input must be 2-D');
  const type = attrs.has('dtype') ? EYE[attrInt(attrs, 'dtype', 0)] : x.type;
  if (!type) throw new Error('EyeLike: dtype');
  const k = attrInt(attrs, 'k', 0);
  const y = makeTensor(type, x.dims);
  for (let i = 0; i < x.dims[0]; i++)
    for (let j = 0; j < x.dims[1]; j++) {
      const one = j - i === k ? 1 : 0;
      y.data[i * x.dims[1] + j] = type === 'int64' ? BigInt(one) : one;
    }
  return [y];
};

export const ReverseSequence: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'ReverseSequence', 'batch_axis', 'time_axis');
  const x = need(inputs, 0, 'input'),
    lens = numbers(need(inputs, 1, 'sequence_lens'));
  const bAxis = attrInt(attrs, 'batch_axis', 1),
    tAxis = attrInt(attrs, 'time_axis', 0);
  if (bAxis + tAxis !== 1 || bAxis === tAxis) throw new Error('ReverseSequence: batch_axis / time_axis');
  const steps = x.dims[tAxis];
  for (const l of lens) if (l < 0 || l > steps) throw new Error(`ReverseSequence: sequence length ${l}`);
  const y = makeTensor(x.type, x.dims);
  for (let p = 0; p < x.data.length; p++) {
    const c = unravel(p, x.dims);
    const len = lens[c[bAxis]];
    if (c[tAxis] < len) c[tAxis] = len - 1 - c[tAxis];
    y.data[p] = x.data[flat(c, x.dims)];
  }
  return [y];
};

export const Compress: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Compress', 'axis');
  const x = need(inputs, 0, 'input'),
    cond = need(inputs, 1, 'condition');
  if (cond.type !== 'bool' || cond.dims.length !== 1) throw new Error('Compress: condition must be 1-D bool');
  const hasAxis = attrs.has('axis');
  const dims = hasAxis ? x.dims : [x.data.length];
  const axis = hasAxis ? normAxis(attrInt(attrs, 'axis', 0), x.dims.length, 'Compress: axis') : 0;
  const kept = Array.from({ length: dims[axis] }, (_, i) => i).filter((i) => i < cond.data.length && cond.data[i]);
  const outDims = dims.map((d, i) => (i === axis ? kept.length : d));
  const y = makeTensor(x.type, outDims);
  for (let p = 0; p < y.data.length; p++) {
    const c = unravel(p, outDims);
    c[axis] = kept[c[axis]];
    y.data[p] = x.data[flat(c, dims)];
  }
  return [y];
};
