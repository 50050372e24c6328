/**
 * Data movement and shape plumbing, on every element type the host carries (float32, int32, uint8, int8, int64,
 * bool): values are copied, never converted (Cast aside). Output dims are those the operator computes, checked
 * against the planned ones at load time; shape-carrying inputs (Slice's starts / ends / axes / steps, Pad's pads and
 * axes, Squeeze / Unsqueeze axes) must be constants.
 * - Reshape, Flatten, Squeeze, Unsqueeze, Identity, Dropout (inference, or training at a ratio of 0: its optional
 *   mask is all true): a copy.
 * - Transpose (perm, default reversed), Concat (axis), Split (axis; the split sizes from the `split` input or
 *   attribute; from opset 18 num_outputs, chunks of ceil(d / n) and the rest last, as onnxruntime cuts them; or
 *   equal parts up to opset 17; the planned output dims must agree), Slice (ONNX clamping, negative steps, starts and
 *   ends beyond +-2^53 such as INT64_MAX / INT64_MIN clamped to the axis; from opset 10 an end of exactly INT32_MAX or
 *   INT64_MAX is, as onnxruntime reads it, past the last element in the step's direction: before index 0 for a
 *   negative step, where ONNX would clamp it to the last index), Pad
 *   (constant / edge / reflect, negative pads crop, opset 18 axes; reflect pads longer than the cropped axis less 1
 *   reflect again, as numpy and ONNX's reference do, where onnxruntime fails), Expand (numpy broadcast to the shape input),
 *   Gather (any axis; int32 / int64 indices, negative ones count from the end; an index out of range is BAD_MODEL
 *   for a constant and BAD_FEED at run time).
 * - Shape: the input dims (opset 15 start / end) as int64. Cast: see castValues below.
 */
import { I8ConvError } from '../../../errors.js';
import type { HostData, HostOp, HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import { ONNX_TYPES } from '../../graph/ir.js';
import {
  copyRun,
  attrFloat,
  attrInt,
  attrInts,
  attrString,
  broadcastPlan,
  broadcastShapes,
  constIndices,
  constInts,
  expectDims,
  expectOutType,
  fail,
  forEachBlock,
  need,
  nodeName,
  normAxis,
  numel,
  onlyAttrs,
  stridesOf,
  unsupported,
  type ElemType,
} from './common.js';

/** Same-class element copy (numbers, or bigints for int64). */
type Any = Float32Array;

const copy: HostOp = (ins, outs) => {
  (outs[0].data as Any).set(ins[0]!.data as Any);
};

function sameType(node: HostOpNode, x: HostValueInfo, out: HostValueInfo, k = 0): void {
  expectOutType(node, out, x.type, k);
}

export const Identity: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'input');
  expectDims(node, outputs[0], x.dims);
  sameType(node, x, outputs[0]);
  return copy;
};

export const Dropout: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'ratio', 'seed', ...(opset < 7 ? ['is_test'] : []));
  const x = need(node, inputs, 0, 'data');
  const training = inputs[2];
  const ratio = inputs[1]?.constant;
  // training at a ratio of 0 drops nothing: onnxruntime copies the input then, the mask all true
  const ratio0 = !!ratio && ratio.data.length === 1 && Number(ratio.data[0]) === 0;
  if (training && !ratio0 && (!training.constant || Number(training.constant.data[0]) !== 0))
    unsupported(node, 'training_mode must be a constant false (or the ratio a constant 0)');
  if (opset < 7 && attrInt(node, 'is_test', 0) === 0) unsupported(node, 'training (is_test = 0) is not supported');
  expectDims(node, outputs[0], x.dims);
  sameType(node, x, outputs[0]);
  if (outputs[1]) {
    expectDims(node, outputs[1], x.dims, 1);
    expectOutType(node, outputs[1], 'bool', 1);
  }
  return (ins, outs) => {
    copy(ins, outs);
    if (outs[1]) (outs[1].data as Uint8Array).fill(1);
  };
};

export const Reshape: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, ...(opset < 5 ? ['shape'] : ['allowzero']));
  const x = need(node, inputs, 0, 'data');
  const out = outputs[0];
  if (!out || numel(out.dims) !== numel(x.dims))
    fail('BAD_SHAPE', node, `[${x.dims}] cannot become the planned [${out?.dims}]`);
  // When the shape is a constant, it must give the planned dims.
  const shape =
    opset < 5
      ? attrInts(node, 'shape')
      : inputs[1]?.constant
        ? constInts(node, inputs[1], 'input 1 (shape)')
        : undefined;
  if (shape) {
    const allowZero = attrInt(node, 'allowzero', 0) !== 0;
    const dims = shape.map((d, i) => (d === 0 && !allowZero ? x.dims[i] : d));
    const known = numel(dims.filter((d) => d !== -1));
    const k = dims.indexOf(-1);
    if (k >= 0) dims[k] = known === 0 ? 0 : numel(x.dims) / known;
    expectDims(node, out, dims);
  }
  sameType(node, x, out);
  return copy;
};

export const Flatten: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'axis');
  const x = need(node, inputs, 0, 'input');
  const r = x.dims.length;
  const a = attrInt(node, 'axis', 1);
  if (a < -r || a > r) unsupported(node, `axis ${a} is out of range for rank ${r}`);
  const axis = a < 0 ? a + r : a;
  expectDims(node, outputs[0], [numel(x.dims.slice(0, axis)), numel(x.dims.slice(axis))]);
  sameType(node, x, outputs[0]);
  return copy;
};

function squeezeAxes(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  opset: number,
): number[] | undefined {
  if (opset < 13) {
    onlyAttrs(node, 'axes');
    return attrInts(node, 'axes');
  }
  onlyAttrs(node);
  return inputs[1] ? constInts(node, inputs[1], 'input 1 (axes)') : undefined;
}

export const Squeeze: HostOpFactory = (node, inputs, outputs, opset) => {
  const x = need(node, inputs, 0, 'data');
  const given = squeezeAxes(node, inputs, opset);
  const axes = given
    ? given.map((a) => normAxis(node, a, x.dims.length))
    : x.dims.flatMap((d, i) => (d === 1 ? [i] : []));
  for (const a of axes) if (x.dims[a] !== 1) unsupported(node, `axis ${a} of [${x.dims}] is not 1`);
  expectDims(
    node,
    outputs[0],
    x.dims.filter((_, i) => !axes.includes(i)),
  );
  sameType(node, x, outputs[0]);
  return copy;
};

export const Unsqueeze: HostOpFactory = (node, inputs, outputs, opset) => {
  const x = need(node, inputs, 0, 'data');
  const given = squeezeAxes(node, inputs, opset);
  if (!given) return unsupported(node, 'axes are required');
  const r = x.dims.length + given.length;
  const axes = given.map((a) => normAxis(node, a, r));
  if (new Set(axes).size !== axes.length) unsupported(node, `axes [${given}] repeat`);
  let k = 0;
  expectDims(
    node,
    outputs[0],
    Array.from({ length: r }, (_, d) => (axes.includes(d) ? 1 : x.dims[k++])),
  );
  sameType(node, x, outputs[0]);
  return copy;
};

/**
 * Copies a strided view of X to Y in order: Y[o] = X[base + sum idx[i] * strides[i]] over the multi-index of dims.
 * The innermost dim runs as a tight loop.
 */
/**
 * A strided view's axes with the extent-1 ones dropped and each merged into the one before it where the view steps
 * over both contiguously (the outer's stride is the inner's times its extent): dims `d` and strides `s`.
 */
export function mergeViewAxes(dims: readonly number[], strides: readonly number[]): { d: number[]; s: number[] } {
  const d: number[] = [],
    s: number[] = [];
  dims.forEach((n, i) => {
    if (n === 1) return;
    if (d.length && s[s.length - 1] === strides[i] * n) {
      d[d.length - 1] *= n;
      s[s.length - 1] = strides[i];
    } else {
      d.push(n);
      s.push(strides[i]);
    }
  });
  return { d, s };
}

function stridedCopy(dims: readonly number[], strides: readonly number[], base: number): HostOp {
  const { d, s } = mergeViewAxes(dims, strides);
  const total = numel(dims);
  if (d.length === 0) d.push(1), s.push(1);
  const r = d.length;
  const innerLen = d[r - 1],
    innerStride = s[r - 1];
  return (ins, outs) => {
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    if (total === 0) return;
    const idx = new Int32Array(r);
    let src = base;
    for (let o = 0; o < total; ) {
      if (innerStride === 1) {
        copyRun(Y, o, X, src, innerLen);
        o += innerLen;
      } else for (let k = 0, q = src; k < innerLen; k++, q += innerStride) Y[o++] = X[q];
      for (let i = r - 2; i >= 0; i--) {
        src += s[i];
        if (++idx[i] < d[i]) break;
        src -= s[i] * d[i];
        idx[i] = 0;
      }
    }
  };
}

export const Transpose: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'perm');
  const x = need(node, inputs, 0, 'data');
  const r = x.dims.length;
  const perm = attrInts(node, 'perm') ?? x.dims.map((_, i) => r - 1 - i);
  if (perm.length !== r || [...perm].sort((a, b) => a - b).some((p, i) => p !== i))
    unsupported(node, `perm [${perm}] is not a permutation of rank ${r}`);
  const dims = perm.map((p) => x.dims[p]);
  expectDims(node, outputs[0], dims);
  sameType(node, x, outputs[0]);
  const xs = stridesOf(x.dims);
  return stridedCopy(
    dims,
    perm.map((p) => xs[p]),
    0,
  );
};

/** Slice's window of X: the output dims, and per axis the first index and the step (after its load-time checks). */
export interface SliceWindow {
  dims: number[];
  begin: number[];
  step: number[];
}

export function sliceWindow(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  opset: number,
): SliceWindow {
  const x = need(node, inputs, 0, 'data');
  const r = x.dims.length;
  let starts: number[], ends: number[], axes: number[] | undefined, steps: number[] | undefined;
  if (opset < 10) {
    onlyAttrs(node, 'starts', 'ends', 'axes');
    starts = attrInts(node, 'starts') ?? [];
    ends = attrInts(node, 'ends') ?? [];
    axes = attrInts(node, 'axes');
  } else {
    onlyAttrs(node);
    const read = (k: number, what: string) =>
      inputs[k] ? constInts(node, inputs[k]!, `input ${k} (${what})`) : undefined;
    const indices = (k: number, what: string) =>
      inputs[k] ? constIndices(node, inputs[k]!, `input ${k} (${what})`) : undefined;
    starts = indices(1, 'starts') ?? [];
    ends = indices(2, 'ends') ?? [];
    axes = read(3, 'axes');
    steps = read(4, 'steps');
    // onnxruntime: an end of exactly INT32_MAX or INT64_MAX is past the last element in the step's direction
    const raw = inputs[2]?.constant?.data;
    ends = ends.map((e, i) => {
      const v = raw?.[i];
      const open = v === 2147483647 || v === 2147483647n || v === 0x7fffffffffffffffn;
      return open && (steps?.[i] ?? 1) < 0 ? -Number.MAX_SAFE_INTEGER : e;
    });
  }
  if (starts.length !== ends.length) unsupported(node, 'starts and ends differ in length');
  const ax = (axes ?? starts.map((_, i) => i)).map((a) => normAxis(node, a, r));
  if (ax.length !== starts.length || (steps && steps.length !== starts.length))
    unsupported(node, 'axes / steps lengths differ from starts');
  if (new Set(ax).size !== ax.length) unsupported(node, 'repeated axes');
  const begin = x.dims.map(() => 0),
    step = x.dims.map(() => 1),
    dims = [...x.dims];
  ax.forEach((a, i) => {
    const d = x.dims[a];
    const s = steps ? steps[i] : 1;
    if (s === 0) unsupported(node, 'a step is 0');
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
  expectDims(node, outputs[0], dims);
  sameType(node, x, outputs[0]);
  return { dims, begin, step };
}

/**
 * Where Slice's output is one contiguous range of X (row-major): the first element's index in X; null otherwise (an
 * empty output too). That is: every axis before the first one the output holds more than one index of is of extent
 * 1 in the output, that axis has step 1 (or one index), and every axis after it is whole with step 1.
 */
export function sliceRangeStart(xDims: readonly number[], w: SliceWindow): number | null {
  if (numel(w.dims) === 0) return null;
  const xs = stridesOf(xDims);
  const k = w.dims.findIndex((d) => d > 1);
  for (let j = k < 0 ? xDims.length : k + 1; j < xDims.length; j++)
    if (w.dims[j] !== xDims[j] || (w.step[j] !== 1 && w.dims[j] > 1)) return null;
  if (k >= 0 && w.step[k] !== 1) return null;
  return w.begin.reduce((acc, b, i) => acc + b * xs[i], 0);
}

export const Slice: HostOpFactory = (node, inputs, outputs, opset) => {
  const { dims, begin, step } = sliceWindow(node, inputs, outputs, opset);
  const xs = stridesOf(inputs[0]!.dims);
  return stridedCopy(
    dims,
    xs.map((s, i) => s * step[i]),
    begin.reduce((acc, b, i) => acc + b * xs[i], 0),
  );
};

export const Concat: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'axis');
  if (!node.attributes.has('axis')) unsupported(node, 'attribute axis is required');
  const xs = inputs.map((v, k) => v ?? unsupported(node, `input ${k} is required`));
  if (xs.length === 0) unsupported(node, 'no inputs');
  const r = xs[0].dims.length;
  const axis = normAxis(node, attrInt(node, 'axis', 0), r);
  for (const x of xs) {
    if (x.type !== xs[0].type) unsupported(node, `input types differ (${xs[0].type}, ${x.type})`);
    if (x.dims.length !== r || x.dims.some((d, i) => i !== axis && d !== xs[0].dims[i]))
      unsupported(node, `dims [${x.dims}] do not match [${xs[0].dims}] off axis ${axis}`);
  }
  const dims = [...xs[0].dims];
  dims[axis] = xs.reduce((a, x) => a + x.dims[axis], 0);
  expectDims(node, outputs[0], dims);
  sameType(node, xs[0], outputs[0]);
  const outer = numel(dims.slice(0, axis)),
    inner = numel(dims.slice(axis + 1));
  const lens = xs.map((x) => x.dims[axis] * inner);
  const rowLen = dims[axis] * inner;
  return (ins, outs) => {
    const Y = outs[0].data as Any;
    let at = 0;
    for (let k = 0; k < ins.length; k++) {
      const X = ins[k]!.data as Any,
        len = lens[k];
      for (let o = 0; o < outer; o++) copyRun(Y, o * rowLen + at, X, o * len, len);
      at += len;
    }
  };
};

export const Split: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'axis', ...(opset < 13 ? ['split'] : []), ...(opset >= 18 ? ['num_outputs'] : []));
  const x = need(node, inputs, 0, 'input');
  const r = x.dims.length;
  const axis = normAxis(node, attrInt(node, 'axis', 0), r);
  const d = x.dims[axis];
  const n = outputs.length;
  let sizes: number[] | undefined =
    opset < 13 ? attrInts(node, 'split') : inputs[1] ? constInts(node, inputs[1], 'input 1 (split)') : undefined;
  if (!sizes && opset >= 18) {
    // onnxruntime: chunks of ceil(d / n), the last one what remains (refused where that is not positive)
    if (!node.attributes.has('num_outputs')) unsupported(node, 'opset 18 takes the split input or num_outputs');
    const parts = attrInt(node, 'num_outputs', n);
    if (parts !== n) unsupported(node, `num_outputs ${parts} with ${n} outputs`);
    if (parts > d) unsupported(node, `num_outputs ${parts} for an axis of extent ${d}`);
    const each = Math.ceil(d / n);
    if (d - each * (n - 1) < 1)
      unsupported(node, `num_outputs ${n} makes parts of ${each}, more than the axis extent ${d} holds`);
    sizes = Array.from({ length: n }, (_, i) => (i < n - 1 ? each : d - each * (n - 1)));
  } else if (!sizes) {
    if (d % n !== 0) unsupported(node, `dim ${d} does not split into ${n} equal parts`);
    sizes = new Array<number>(n).fill(d / n);
  }
  if (sizes.length !== n || sizes.some((s) => s < 0) || sizes.reduce((a, b) => a + b, 0) !== d)
    unsupported(node, `split [${sizes}] does not cut dim ${d} into ${n} outputs`);
  sizes.forEach((s, k) => {
    const dims = [...x.dims];
    dims[axis] = s;
    expectDims(node, outputs[k], dims, k);
    expectOutType(node, outputs[k], x.type, k);
  });
  const outer = numel(x.dims.slice(0, axis)),
    inner = numel(x.dims.slice(axis + 1));
  const rowLen = d * inner;
  return (ins, outs) => {
    const X = ins[0]!.data as Any;
    let at = 0;
    for (let k = 0; k < outs.length; k++) {
      const Y = outs[k].data as Any,
        len = sizes![k] * inner;
      for (let o = 0; o < outer; o++) copyRun(Y, o * len, X, o * rowLen + at, len);
      at += len;
    }
  };
};

export const Pad: HostOpFactory = (node, inputs, outputs, opset) => {
  const x = need(node, inputs, 0, 'data');
  const r = x.dims.length;
  let pads: number[];
  let attrValue = 0;
  if (opset < 11) {
    onlyAttrs(node, 'mode', 'pads', 'value');
    pads = attrInts(node, 'pads') ?? [];
    attrValue = attrFloat(node, 'value', 0);
  } else {
    onlyAttrs(node, 'mode');
    pads = constInts(node, need(node, inputs, 1, 'pads'), 'input 1 (pads)');
    const cv = inputs[2];
    if (cv && cv.type !== x.type) unsupported(node, `constant_value is ${cv.type}, data is ${x.type}`);
    if (cv && numel(cv.dims) !== 1) unsupported(node, `constant_value must have one element, has dims [${cv.dims}]`);
    if (inputs[3]) {
      const axes = constInts(node, inputs[3], 'input 3 (axes)').map((a) => normAxis(node, a, r));
      if (pads.length !== 2 * axes.length) unsupported(node, `${pads.length} pads for ${axes.length} axes`);
      const full = new Array<number>(2 * r).fill(0);
      axes.forEach((a, i) => {
        full[a] = pads[i];
        full[r + a] = pads[axes.length + i];
      });
      pads = full;
    }
  }
  const mode = attrString(node, 'mode', 'constant');
  if (mode !== 'constant' && mode !== 'edge' && mode !== 'reflect') unsupported(node, `mode ${mode} is not supported`);
  if (mode !== 'constant' && x.dims.some((d) => d === 0)) unsupported(node, `mode ${mode} of an empty input`);
  if (pads.length !== 2 * r) unsupported(node, `${pads.length} pads for rank ${r}`);
  const dims = x.dims.map((d, i) => d + pads[i] + pads[r + i]);
  if (dims.some((d) => d < 0)) unsupported(node, 'a negative output dim');
  expectDims(node, outputs[0], dims);
  sameType(node, x, outputs[0]);
  // Per axis and output index: the source offset (index * stride) or -1 (the constant).
  const xs = stridesOf(x.dims);
  const maps = dims.map((len, k) => {
    const m = new Float64Array(len);
    const d = x.dims[k];
    for (let o = 0; o < len; o++) {
      let q = o - pads[k];
      if (mode === 'edge') q = Math.min(Math.max(q, 0), d - 1);
      else if (mode === 'reflect') {
        if (d > 1) {
          const period = 2 * (d - 1);
          q = ((q % period) + period) % period;
          if (q >= d) q = period - q;
        } else q = 0;
      }
      m[o] = q < 0 || q >= d ? -1 : q * xs[k];
    }
    return m;
  });
  const total = numel(dims);
  // Constant mode: each output row along the last axis is [constant x before][input run of inRow][constant x after]
  // (negative pads crop the input run), copied with fill / set instead of element by element; edge and reflect copy
  // the same run and map the elements before and after it.
  const rowCopy = mode === 'constant' && r > 0;
  const lastD = r > 0 ? x.dims[r - 1] : 0;
  const padB = r > 0 ? pads[r - 1] : 0;
  const srcStart = Math.max(0, -padB);
  const dstStart = Math.max(0, padB);
  const inRow = r > 0 ? Math.min(lastD - srcStart, dims[r - 1] - dstStart) : 0;
  const after = r > 0 ? dims[r - 1] - dstStart - Math.max(inRow, 0) : 0;
  return (ins, outs) => {
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    if (total === 0) return;
    const cv = opset >= 11 && ins[2] ? ins[2].data[0] : x.type === 'int64' ? BigInt(attrValue) : attrValue;
    if (r === 0) return copy(ins, outs);
    const idx = new Int32Array(r);
    const last = r - 1,
      lastMap = maps[last],
      lastLen = dims[last];
    for (let p = 0; p < total; ) {
      let base = 0,
        out = false;
      for (let i = 0; i < last; i++) {
        const q = maps[i][idx[i]];
        if (q < 0) out = true;
        base += q;
      }
      if (rowCopy) {
        // constant mode: the row is the constant, or the constant around one contiguous run of the input row
        if (out || inRow <= 0) Y.fill(cv as never, p, p + lastLen);
        else {
          if (dstStart > 0) Y.fill(cv as never, p, p + dstStart);
          Y.set(X.subarray(base + srcStart, base + srcStart + inRow), p + dstStart);
          if (after > 0) Y.fill(cv as never, p + dstStart + inRow, p + lastLen);
        }
        p += lastLen;
      } else if (!out && inRow > 0) {
        // edge / reflect: the row's input run copied (the map is the identity there), the elements around it by the map
        Y.set(X.subarray(base + srcStart, base + srcStart + inRow), p + dstStart);
        for (let o = 0; o < dstStart; o++) Y[p + o] = X[base + lastMap[o]];
        for (let o = dstStart + inRow; o < lastLen; o++) Y[p + o] = X[base + lastMap[o]];
        p += lastLen;
      } else {
        for (let o = 0; o < lastLen; o++, p++) {
          const q = lastMap[o];
          Y[p] = (out || q < 0 ? cv : X[base + q]) as number;
        }
      }
      for (let i = last - 1; i >= 0; i--) {
        if (++idx[i] < dims[i]) break;
        idx[i] = 0;
      }
    }
  };
};

export const Expand: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = need(node, inputs, 0, 'input');
  const shape = constInts(node, need(node, inputs, 1, 'shape'), 'input 1 (shape)');
  const dims = broadcastShapes([x.dims, shape]);
  if (!dims) return unsupported(node, `[${x.dims}] does not broadcast to [${shape}]`);
  expectDims(node, outputs[0], dims);
  sameType(node, x, outputs[0]);
  const plan = broadcastPlan(dims, [x.dims]);
  const s = plan.innerStride[0];
  return (ins, outs) => {
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any;
    forEachBlock(plan, (o, offs) => {
      const src = offs[0];
      if (s === 1) copyRun(Y, o, X, src, plan.inner);
      else Y.fill(X[src], o, o + plan.inner);
    });
  };
};

export const Gather: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'axis');
  const x = need(node, inputs, 0, 'data');
  const ind = need(node, inputs, 1, 'indices');
  if (ind.type !== 'int32' && ind.type !== 'int64')
    unsupported(node, `indices are ${ind.type}; supported: int32, int64`);
  const r = x.dims.length;
  if (r === 0) unsupported(node, 'data must have rank >= 1');
  const axis = normAxis(node, attrInt(node, 'axis', 0), r);
  expectDims(node, outputs[0], [...x.dims.slice(0, axis), ...ind.dims, ...x.dims.slice(axis + 1)]);
  sameType(node, x, outputs[0]);
  const d = x.dims[axis];
  const outer = numel(x.dims.slice(0, axis)),
    inner = numel(x.dims.slice(axis + 1));
  const count = numel(ind.dims);
  const check = (i: number): number => {
    const k = i < 0 ? i + d : i;
    return k >= 0 && k < d ? k : -1;
  };
  if (ind.constant)
    for (let j = 0; j < count; j++)
      if (check(Number(ind.constant.data[j])) < 0)
        fail('BAD_MODEL', node, `index ${ind.constant.data[j]} is out of range for dim ${d}`);
  const rows = new Int32Array(count);
  return (ins, outs) => {
    const X = ins[0]!.data as Any,
      Y = outs[0].data as Any,
      I = ins[1]!.data;
    for (let j = 0; j < count; j++) {
      const k = check(Number(I[j]));
      if (k < 0)
        throw new I8ConvError('BAD_FEED', `${nodeName(node)}: index ${I[j]} is out of range for dim ${d}`, node.name);
      rows[j] = k;
    }
    for (let o = 0, p = 0; o < outer; o++)
      for (let j = 0; j < count; j++, p += inner) {
        const src = (o * d + rows[j]) * inner;
        if (inner === 1) Y[p] = X[src];
        else copyRun(Y, p, X, src, inner);
      }
  };
};

export const Shape: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, ...(opset >= 15 ? ['start', 'end'] : []));
  const x = need(node, inputs, 0, 'data');
  const r = x.dims.length;
  const clamp = (v: number) => Math.min(Math.max(v < 0 ? v + r : v, 0), r);
  const start = clamp(attrInt(node, 'start', 0));
  const dims = x.dims.slice(start, Math.max(start, clamp(attrInt(node, 'end', r))));
  expectDims(node, outputs[0], [dims.length]);
  expectOutType(node, outputs[0], 'int64');
  const values = BigInt64Array.from(dims, (v) => BigInt(v));
  return (_ins, outs) => (outs[0].data as BigInt64Array).set(values);
};

// ---- Cast ----------------------------------------------------------------------------------------------------------

/** Cast's targets: the IR's element types but float16 (a float16 model computes in float32: ../../graph/passes/float16.ts). */
const CAST_TO = Object.fromEntries(Object.entries(ONNX_TYPES).filter(([, t]) => t !== 'float16')) as Record<
  number,
  ElemType
>;
const INT64_MAX = 0x7fffffffffffffffn;
const INT64_MIN = -0x8000000000000000n;

/** int64 -> float32 rounded once, to nearest even (Number() alone would round twice beyond 2^53). */
export function int64ToF32(v: bigint): number {
  if (v > -0x20000000000000n && v < 0x20000000000000n) return Math.fround(Number(v));
  const neg = v < 0n;
  const a = neg ? -v : v;
  let shift = 0n;
  while (a >> shift >= 1n << 24n) shift++;
  let q = a >> shift;
  const rest = a & ((1n << shift) - 1n),
    half = 1n << (shift - 1n);
  if (rest > half || (rest === half && (q & 1n) === 1n)) q++;
  const f = Number(q << shift);
  return neg ? -f : f;
}

/**
 * Cast, as onnxruntime-web computes it (C++ static_cast in wasm, whose float-to-int conversions saturate):
 * float32 -> int32 / int64: truncate toward zero, saturate, NaN -> 0; -> int8: the saturated int32's low 8 bits;
 * -> uint8: a saturated uint32's low 8 bits (negative -> 0); -> bool: x != 0 (NaN -> true). Integers -> narrower
 * integers: the low bits; -> float32: rounded once. bool -> anything: 0 / 1. The same type: a copy.
 */
export function castValues(from: ElemType, to: ElemType, X: HostData, Y: HostData): void {
  const n = X.length;
  if (to === 'bool') {
    const Yb = Y as Uint8Array;
    if (from === 'int64') for (let i = 0; i < n; i++) Yb[i] = (X as BigInt64Array)[i] !== 0n ? 1 : 0;
    else for (let i = 0; i < n; i++) Yb[i] = (X as Any)[i] !== 0 ? 1 : 0;
    return;
  }
  if (to === 'double') {
    // every type's values are doubles exactly, int64 rounded once (Number of a bigint: to nearest even)
    const Yd = Y as Float64Array;
    if (from === 'int64') for (let i = 0; i < n; i++) Yd[i] = Number((X as BigInt64Array)[i]);
    else Yd.set(X as Any);
    return;
  }
  // a double converts to the integers as a float32 does (truncated, saturated), to float32 rounded once (the store)
  const fromFloat = from === 'float32' || from === 'double';
  if (from === 'int64') {
    const Xb = X as BigInt64Array;
    if (to === 'int64') (Y as BigInt64Array).set(Xb);
    else if (to === 'float32') for (let i = 0; i < n; i++) (Y as Float32Array)[i] = int64ToF32(Xb[i]);
    else for (let i = 0; i < n; i++) (Y as Int32Array)[i] = Number(BigInt.asIntN(32, Xb[i])); // the store keeps the low bits
    return;
  }
  const Xn = X as Any;
  if (to === 'int64') {
    const Yb = Y as BigInt64Array;
    if (!fromFloat) for (let i = 0; i < n; i++) Yb[i] = BigInt(Xn[i]);
    else
      for (let i = 0; i < n; i++) {
        const v = Xn[i];
        Yb[i] =
          v !== v
            ? 0n
            : v >= 9223372036854775807
              ? INT64_MAX
              : v <= -9223372036854775808
                ? INT64_MIN
                : BigInt(Math.trunc(v));
      }
    return;
  }
  const Yn = Y as Any;
  if (!fromFloat || to === 'float32') {
    // Integer -> float32 (exact below 2^24, rounded once above), integer -> integer (the store wraps), a copy.
    Yn.set(Xn);
    return;
  }
  if (to === 'uint8')
    for (let i = 0; i < n; i++) {
      const v = Xn[i];
      Yn[i] = v !== v || v <= 0 ? 0 : v >= 4294967295 ? 4294967295 : Math.trunc(v);
    }
  else
    for (let i = 0; i < n; i++) {
      const v = Xn[i];
      Yn[i] = v !== v ? 0 : v >= 2147483647 ? 2147483647 : v <= -2147483648 ? -2147483648 : Math.trunc(v);
    }
}

export const Cast: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'to', ...(opset >= 19 ? ['saturate'] : []));
  const x = need(node, inputs, 0, 'input');
  const code = attrInt(node, 'to', 0);
  const to = CAST_TO[code];
  if (!to) return unsupported(node, `target ONNX type ${code} is not supported`);
  expectDims(node, outputs[0], x.dims);
  expectOutType(node, outputs[0], to);
  const from = x.type;
  return (ins, outs) => castValues(from, to, ins[0]!.data, outs[0].data);
};
