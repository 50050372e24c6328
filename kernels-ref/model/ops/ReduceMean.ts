/**
 * ReduceMean (float32): axes from the attribute (opset < 18) or the optional int64 input 1 (opset 18+), keepdims
 * (default 1), noop_with_empty_axes (18+: empty axes copy X; otherwise empty axes reduce everything). The mean is
 * f(sum / n) with n the number of reduced elements; the f32 sum follows onnxruntime's CPU kernel (one thread), which
 * picks a loop by the "fast shape": X's dims with neighbours of the same kind (reduced R / kept K) multiplied
 * together:
 * - KR (the last axes reduced): each row summed in order from its first element.
 * - KRK with a leading block of 2 or more: the reduced rows are added with MLAS's M = 1 SGEMM (a row of ones times
 *   the [R, K] block): a column of the 4-wide part (column j < K - K % 4) is summed in order from its first
 *   element; a column of the scalar tail starts from its first element and then adds the rest four at a time,
 *   c = f(c + f(f(f(a + b) + c') + d)), the last R - 1 - 4 * floor((R - 1) / 4) one by one.
 * - RKR with a middle block of 2 or more: s = 0, then for each outer block s = f(s + the in-order sum of its
 *   contiguous inner run, from its first element).
 * - RK with R > 16 and max(R, K) > 256: the rows added in order, from the first.
 * - R (every axis reduced): all of X in order, from its first element.
 * - everything else (KRKR..., and the shapes the rules above skip): the reduced elements in row-major order added
 *   to an accumulator that starts at 0.
 * (The two starts differ only on an all -0 input: -0 from the first element, +0 from 0.)
 * An empty X gives 0 (onnxruntime's empty reduction for ReduceMean, as for ReduceSum); a rank-0 X gives f(0 + x).
 */
import {
  attrInt,
  attrInts,
  expectType,
  f32,
  makeTensor,
  need,
  normAxis,
  numbers,
  numel,
  onlyAttrs,
  type OpFn,
} from '../tensor.js';

export const ReduceMean: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'ReduceMean', 'keepdims', ...(opset < 18 ? ['axes'] : ['noop_with_empty_axes']));
  const x = need(inputs, 0, 'data');
  expectType(x, 'ReduceMean data', 'float32');
  const r = x.dims.length;
  const axesIn = opset < 18 ? (attrInts(attrs, 'axes') ?? []) : inputs[1] ? numbers(inputs[1]) : [];
  const keep = attrInt(attrs, 'keepdims', 1) !== 0;
  if (axesIn.length === 0 && opset >= 18 && attrInt(attrs, 'noop_with_empty_axes', 0) !== 0)
    return [makeTensor('float32', x.dims, Float32Array.from(x.data as Float32Array))];
  const red = new Set(axesIn.length ? axesIn.map((a) => normAxis(a, r, 'ReduceMean: axis')) : x.dims.map((_, i) => i));
  const outDims = keep ? x.dims.map((d, i) => (red.has(i) ? 1 : d)) : x.dims.filter((_, i) => !red.has(i));
  const y = makeTensor('float32', outDims);
  const n = numel(x.dims.filter((_, i) => red.has(i)));
  const xd = x.data as Float32Array;
  // an empty reduction gives 0, as onnxruntime fills it (its ReduceMean shares ReduceSum's empty value)
  if (y.data.length === 0 || xd.length === 0) return [y];

  // The fast shape: runs of reduced / kept dims merged.
  const kinds: { red: boolean; size: number }[] = [];
  x.dims.forEach((d, i) => {
    const last = kinds[kinds.length - 1];
    if (last && last.red === red.has(i)) last.size *= d;
    else kinds.push({ red: red.has(i), size: d });
  });
  const sig = kinds.map((k) => (k.red ? 'R' : 'K')).join('');
  const sums = new Float32Array(y.data.length);
  const sz = kinds.map((k) => k.size);
  if (sig === 'R') {
    let s = xd[0];
    for (let k = 1; k < xd.length; k++) s = f32(s + xd[k]);
    sums[0] = s;
  } else if (sig === 'KR') {
    for (let o = 0; o < sz[0]; o++) {
      let s = xd[o * sz[1]];
      for (let k = 1; k < sz[1]; k++) s = f32(s + xd[o * sz[1] + k]);
      sums[o] = s;
    }
  } else if (sig === 'KRK' && sz[0] >= 2) {
    const [outer, rows, cols] = sz;
    const tail = cols - (cols % 4);
    for (let o = 0; o < outer; o++)
      for (let j = 0; j < cols; j++) {
        const at = (k: number) => xd[(o * rows + k) * cols + j];
        let s = at(0);
        let k = 1;
        if (j >= tail)
          for (; k + 4 <= rows; k += 4) s = f32(s + f32(f32(f32(at(k) + at(k + 1)) + at(k + 2)) + at(k + 3)));
        for (; k < rows; k++) s = f32(s + at(k));
        sums[o * cols + j] = s;
      }
  } else if (sig === 'RKR' && sz[1] >= 2) {
    const [outer, mid, inner] = sz;
    for (let j = 0; j < mid; j++) {
      let s = 0;
      for (let o = 0; o < outer; o++) {
        const base = (o * mid + j) * inner;
        let part = xd[base];
        for (let k = 1; k < inner; k++) part = f32(part + xd[base + k]);
        s = f32(s + part);
      }
      sums[j] = s;
    }
  } else if (sig === 'RK' && sz[0] > 16 && Math.max(sz[0], sz[1]) > 256) {
    for (let j = 0; j < sz[1]; j++) {
      let s = xd[j];
      for (let k = 1; k < sz[0]; k++) s = f32(s + xd[k * sz[1] + j]);
      sums[j] = s;
    }
  } else {
    // Row-major over X: each element goes to its output, in order, onto an accumulator that starts at 0.
    const keptDims = x.dims.map((d, i) => (red.has(i) ? 1 : d));
    const ostr = keptDims.map((_, i) => numel(keptDims.slice(i + 1)));
    const idx = new Array<number>(r).fill(0);
    for (let i = 0; i < xd.length; i++) {
      let o = 0;
      for (let d = 0; d < r; d++) if (!red.has(d)) o += idx[d] * ostr[d];
      sums[o] = f32(sums[o] + xd[i]);
      for (let d = r - 1; d >= 0; d--) {
        if (++idx[d] < x.dims[d]) break;
        idx[d] = 0;
      }
    }
  }
  for (let i = 0; i < sums.length; i++) y.data[i] = f32(sums[i] / n);
  return [y];
};
