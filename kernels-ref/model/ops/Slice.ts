/**
 * Slice: opset < 10 from the starts / ends / axes attributes (step 1); 10+ from the int64 (or int32) inputs starts,
 * ends, axes (optional: 0..n-1), steps (optional: 1). Per sliced axis of dim d, as ONNX specifies: a negative start
 * / end adds d; for step > 0 start is clamped to [0, d] and end to [0, d]; for step < 0 start to [0, d - 1] and end
 * to [-1, d - 1]; the output takes start, start + step, ... while before end. Starts and ends beyond +-2^53 (INT64_MAX,
 * INT64_MIN) are clamped to +-2^53 first. From opset 10 an end of exactly INT32_MAX or INT64_MAX means, as onnxruntime
 * reads it (numpy's None), past the last element in the step's direction: before index 0 for a negative step (ONNX's
 * clamping would stop at the last index).
 */
import {
  attrInts,
  expectType,
  makeTensor,
  need,
  normAxis,
  onlyAttrs,
  stridesOf,
  unravel,
  type OpFn,
} from '../tensor.js';

export const Slice: OpFn = (inputs, attrs, opset) => {
  const x = need(inputs, 0, 'data');
  const r = x.dims.length;
  let starts: number[], ends: number[], axes: number[] | undefined, steps: number[] | undefined;
  if (opset < 10) {
    onlyAttrs(attrs, 'Slice', 'starts', 'ends', 'axes');
    starts = attrInts(attrs, 'starts') ?? [];
    ends = attrInts(attrs, 'ends') ?? [];
    axes = attrInts(attrs, 'axes');
  } else {
    onlyAttrs(attrs, 'Slice');
    const read = (i: number, what: string) => {
      const t = inputs[i];
      if (!t) return undefined;
      expectType(t, `Slice ${what}`, 'int64', 'int32');
      // INT64_MAX / INT64_MIN (PyTorch's `x[a:]`) and anything past +-2^53 only say "past the end / before the
      // start": clamped there, they clamp to the axis below like any out-of-range index
      return Array.from(t.data as ArrayLike<number | bigint>, (v) =>
        Math.min(Math.max(Number(v), -Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER),
      );
    };
    starts = read(1, 'starts') ?? [];
    ends = read(2, 'ends') ?? [];
    axes = read(3, 'axes');
    steps = read(4, 'steps');
    // onnxruntime: an end of exactly INT32_MAX or INT64_MAX is "to the end" in the step's direction (numpy's None)
    ends = ends.map((e, i) => {
      const v = inputs[2]!.data[i];
      const open = v === 2147483647 || v === 2147483647n || v === 0x7fffffffffffffffn;
      return open && (steps?.[i] ?? 1) < 0 ? -Number.MAX_SAFE_INTEGER : e;
    });
  }
  if (starts.length !== ends.length) throw new Error('Slice: starts and ends differ in length');
  const ax = (axes ?? starts.map((_, i) => i)).map((a) => normAxis(a, r, 'Slice: axis'));
  if (ax.length !== starts.length || (steps && steps.length !== starts.length))
    throw new Error('Slice: axes / steps lengths differ from starts');
  if (new Set(ax).size !== ax.length) throw new Error('Slice: repeated axes');
  const begin = x.dims.map(() => 0);
  const step = x.dims.map(() => 1);
  const dims = [...x.dims];
  ax.forEach((a, i) => {
    const d = x.dims[a];
    const s = steps ? steps[i] : 1;
    if (s === 0) throw new Error('Slice: step 0');
    const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
    let st = starts[i] < 0 ? starts[i] + d : starts[i];
    let en = ends[i] < 0 ? ends[i] + d : ends[i];
    if (s > 0) {
      st = clamp(st, 0, d);
      en = clamp(en, 0, d);
    } else {
      st = clamp(st, 0, d - 1);
      en = clamp(en, -1, d - 1);
    }
    begin[a] = st;
    step[a] = s;
    dims[a] = Math.max(0, Math.ceil((en - st) / s));
  });
  const y = makeTensor(x.type, dims);
  const xs = stridesOf(x.dims);
  for (let i = 0; i < y.data.length; i++) {
    const idx = unravel(i, dims);
    let src = 0;
    for (let k = 0; k < r; k++) src += (begin[k] + idx[k] * step[k]) * xs[k];
    y.data[i] = x.data[src];
  }
  return [y];
};
