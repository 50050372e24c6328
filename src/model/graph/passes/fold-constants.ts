/**
 * Pass: constant folding of the shape plumbing that exported models carry (Shape -> Gather -> Unsqueeze -> Concat
 * -> Reshape and the like). A node whose inputs are all constants (initializers, or outputs of nodes folded
 * before it) is evaluated here and its outputs become initializers; the node goes away. `Constant` nodes always
 * become initializers; `Shape` folds once its input's shape is static (an initializer, or a graph input or
 * `valueInfo` entry whose dims are all numbers: run after the shapes pass). Only these operators fold:
 * Constant, ConstantOfShape, Shape, Gather, Concat, Unsqueeze, Squeeze, Slice, Cast, Reshape, Split (every output),
 * Tile, Expand, Range, NonZero, Identity (PyTorch writes a shared parameter as an Identity of another), and Add /
 * Sub / Mul / Div / Mod on int64 (integer Div truncates toward zero, as the reference executor; Mod takes the
 * divisor's sign, or the dividend's with fmod 1; a zero divisor is left to run and fail there). Everything else, and anything that does not evaluate (bad axes, out-of-range indices, outputs past
 * MAX_FOLD_ELEMENTS), is left as it is. `Size` folds as Shape does; Transpose, and the comparisons and logical
 * operators If conditions are made of (Equal, Greater, GreaterOrEqual, Less, LessOrEqual, And, Or, Xor, Not), fold on
 * constants, so that an If on a shape becomes a constant condition. The evaluators are exported for the shapes pass,
 * which folds as it goes.
 * A graph output produced by a folded node keeps its name (it becomes an initializer of that name).
 * Shape trusts the annotations it finds: run it after the shapes pass, which re-derives every node output's
 * annotation from the bound inputs (a model's own value_info is untrusted).
 * Pure: the input graph is not changed.
 */
import type { Attribute, ElementType, Graph, Node, Tensor, TensorData } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';
import { ONNX_TYPES } from '../ir.js';

/** Outputs larger than this are not folded (ConstantOfShape could otherwise materialise a huge tensor). */
export const MAX_FOLD_ELEMENTS = 1 << 20;

const numel = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);

/** A zeroed array of n elements of a type. */
export function alloc(type: ElementType, n: number): TensorData {
  switch (type) {
    case 'float32':
      return new Float32Array(n);
    case 'uint8':
    case 'bool':
      return new Uint8Array(n);
    case 'int8':
      return new Int8Array(n);
    case 'int32':
      return new Int32Array(n);
    case 'int64':
      return new BigInt64Array(n);
    case 'float16':
      return new Uint16Array(n);
    case 'double':
      return new Float64Array(n);
  }
}

/** The values of an int64 / int32 tensor as JS numbers (shape inputs: exact within 2^53). */
export function intValues(t: Tensor): number[] | undefined {
  if (t.type === 'int64') return Array.from(t.data as BigInt64Array, (v) => Number(v));
  if (t.type === 'int32') return Array.from(t.data as Int32Array);
  return undefined;
}

const int64 = (name: string, dims: number[], values: readonly number[]): Tensor => ({
  name,
  type: 'int64',
  dims,
  data: BigInt64Array.from(values, (v) => BigInt(v)),
});

function attr(node: Node, name: string): Attribute | undefined {
  return node.attributes.get(name);
}
function intAttr(node: Node, name: string, dflt: number): number {
  const a = attr(node, name);
  return a && a.kind === 'int' ? a.value : dflt;
}
function intsAttr(node: Node, name: string): number[] | undefined {
  const a = attr(node, name);
  return a && a.kind === 'ints' ? a.value : undefined;
}

/** Copies `src` (dims) into a new tensor: for every output index, `index(outIdx)` gives the flat source index. */
function gatherBy(src: Tensor, dims: number[], index: (idx: number[]) => number): Tensor {
  const n = numel(dims);
  const out = alloc(src.type, n);
  const idx = new Array(dims.length).fill(0);
  for (let i = 0; i < n; i++) {
    (out as unknown as unknown[])[i] = (src.data as unknown as unknown[])[index(idx)];
    for (let d = dims.length - 1; d >= 0; d--) {
      if (++idx[d] < dims[d]) break;
      idx[d] = 0;
    }
  }
  return { name: '', type: src.type, dims, data: out };
}

/**
 * Copies `src` (dims) into a new tensor whose element at multi-index o is source element
 * `base + sum(o[d] * step[d])` (Slice and Transpose: an affine index), a run of the last axis at a time (one
 * `TypedArray.set` where its source elements are adjacent).
 */
function gatherAffine(src: Tensor, dims: number[], base: number, step: readonly number[]): Tensor {
  const n = numel(dims);
  const out = alloc(src.type, n) as unknown as TypedRun;
  const from = src.data as unknown as TypedRun;
  const r = dims.length;
  if (n === 0) return { name: '', type: src.type, dims, data: out as unknown as TensorData };
  const len = r === 0 ? 1 : dims[r - 1];
  const inner = r === 0 ? 1 : step[r - 1];
  const idx = new Array(Math.max(r - 1, 0)).fill(0);
  let off = base;
  for (let pos = 0; pos < n; pos += len) {
    if (inner === 1) out.set(from.subarray(off, off + len), pos);
    else for (let k = 0; k < len; k++) out[pos + k] = from[off + k * inner];
    // the next run: the odometer over every axis but the last
    for (let d = r - 2; d >= 0; d--) {
      off += step[d];
      if (++idx[d] < dims[d]) break;
      off -= idx[d] * step[d];
      idx[d] = 0;
    }
  }
  return { name: '', type: src.type, dims, data: out as unknown as TensorData };
}

/** What `gatherAffine` and the copies of Concat / Split use of a typed array (every TensorData is one). */
interface TypedRun {
  [i: number]: unknown;
  length: number;
  set(src: TypedRun, at: number): void;
  subarray(begin: number, end: number): TypedRun;
}

function strides(dims: readonly number[]): number[] {
  const s = new Array(dims.length).fill(1);
  for (let d = dims.length - 2; d >= 0; d--) s[d] = s[d + 1] * dims[d + 1];
  return s;
}

const normAxis = (a: number, rank: number): number | undefined =>
  Number.isInteger(a) && a >= -rank && a < rank ? (a + rank) % rank : undefined;

/**
 * Slice's ends (opset 10+) as onnxruntime reads them: an end of exactly INT32_MAX or INT64_MAX means "past the last
 * element in the step's direction", so with a negative step it is before index 0 (ONNX would clamp it to the last
 * index): returned as -2^53 there. Other values as they are (beyond 2^53 as the nearest double, which clamps alike).
 */
export function sliceEnds(ends: Tensor, steps: readonly number[] | undefined): number[] | undefined {
  const v = intValues(ends);
  if (!v) return undefined;
  return v.map((e, i) => {
    const raw = ends.data[i];
    const open = raw === 2147483647 || raw === 2147483647n || raw === 0x7fffffffffffffffn;
    return open && (steps?.[i] ?? 1) < 0 ? -Number.MAX_SAFE_INTEGER : e;
  });
}

/** The Slice ranges of one axis, clamped as ONNX says. */
export function sliceAxis(dim: number, start: number, end: number, step: number): { start: number; count: number } {
  if (start < 0) start += dim;
  if (end < 0) end += dim;
  if (step > 0) {
    start = Math.min(Math.max(start, 0), dim);
    end = Math.min(Math.max(end, 0), dim);
  } else {
    start = Math.min(Math.max(start, 0), dim - 1);
    end = Math.min(Math.max(end, -1), dim - 1);
  }
  return { start, count: Math.max(0, Math.ceil((end - start) / step)) };
}

/** The Reshape output dims (0 copies unless allowzero, one -1), or undefined when they do not fit. */
export function reshapeDims(
  inDims: readonly number[],
  shape: readonly number[],
  allowzero: boolean,
): number[] | undefined {
  const out = shape.map((d, i) => (d === 0 && !allowzero ? inDims[i] : d));
  if (out.some((d) => d === undefined || !Number.isInteger(d) || d < -1)) return undefined;
  const minus = out.filter((d) => d === -1).length;
  const total = numel(inDims);
  if (minus > 1) return undefined;
  if (minus === 1) {
    const rest = numel(out.filter((d) => d !== -1));
    if (rest === 0 || total % rest !== 0) return undefined;
    return out.map((d) => (d === -1 ? total / rest : d));
  }
  return numel(out) === total ? out : undefined;
}

/** numpy broadcasting of two shapes, or undefined. */
export function broadcastDims(a: readonly number[], b: readonly number[]): number[] | undefined {
  const r = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < r; i++) {
    const x = a[a.length - r + i] ?? 1;
    const y = b[b.length - r + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) return undefined;
    out.push(x === 1 ? y : x);
  }
  return out;
}

function castValue(v: number | bigint, from: ElementType, to: ElementType): number | bigint {
  const n = typeof v === 'bigint' ? Number(v) : v;
  switch (to) {
    case 'int64':
      return typeof v === 'bigint' ? v : BigInt(Number.isFinite(n) ? Math.trunc(n) : 0);
    case 'bool':
      return n !== 0 ? 1 : 0;
    case 'float32':
    case 'double':
      return n;
    default:
      return from === 'float32' || from === 'double'
        ? Math.trunc(n)
        : typeof v === 'bigint'
          ? Number(BigInt.asIntN(32, v))
          : n;
  }
}
const TO_TYPE = Object.fromEntries(Object.entries(ONNX_TYPES).filter(([, t]) => t !== 'float16')) as Record<
  number,
  ElementType
>;

/** A static shape known for a value (for Shape): from a constant or an annotation with numeric dims only. */
export type KnownShape = (name: string) => number[] | undefined;

/**
 * Evaluates one node of the folded set on constant inputs (`undefined` for an omitted one) and the model's opset;
 * `shapeOf` answers Shape. Returns the outputs, or undefined when the node is not folded.
 */
export function evaluateConstant(
  node: Node,
  inputs: (Tensor | undefined)[],
  opset: number,
  shapeOf: KnownShape,
): Tensor[] | undefined {
  if (node.domain !== '') return undefined;
  const [a, b] = inputs;
  const present = (k: number): boolean => node.inputs[k] !== undefined && node.inputs[k] !== '';
  const allConst = node.inputs.every((name, k) => name === '' || inputs[k] !== undefined);
  switch (node.opType) {
    case 'Constant': {
      if (node.attributes.size !== 1) return undefined;
      const [[key, v]] = [...node.attributes];
      if (v.kind === 'tensor') return [{ ...v.value }];
      if (key === 'value_float' && v.kind === 'float')
        return [{ name: '', type: 'float32', dims: [], data: Float32Array.of(v.value) }];
      if (key === 'value_floats' && v.kind === 'floats')
        return [{ name: '', type: 'float32', dims: [v.value.length], data: Float32Array.from(v.value) }];
      if (key === 'value_int' && v.kind === 'int') return [int64('', [], [v.value])];
      if (key === 'value_ints' && v.kind === 'ints') return [int64('', [v.value.length], v.value)];
      return undefined;
    }
    case 'Identity':
      // PyTorch's exporter writes a shared parameter as an Identity of another: the copy is a constant too
      return a && node.inputs.length === 1
        ? [{ ...a, dims: [...a.dims], data: a.data.slice() as TensorData }]
        : undefined;
    case 'Shape': {
      const dims = a?.dims ?? shapeOf(node.inputs[0]);
      if (!dims) return undefined;
      const r = dims.length;
      const clamp = (x: number): number => Math.min(Math.max(x < 0 ? x + r : x, 0), r);
      const kept = dims.slice(clamp(intAttr(node, 'start', 0)), clamp(intAttr(node, 'end', r)));
      return [int64('', [kept.length], kept)];
    }
    case 'Size': {
      // the element count of a static shape (If conditions on shapes read it)
      const dims = a?.dims ?? shapeOf(node.inputs[0]);
      return dims ? [int64('', [], [numel(dims)])] : undefined;
    }
  }
  if (!allConst || !a) return undefined;
  switch (node.opType) {
    case 'ConstantOfShape': {
      const dims = intValues(a);
      if (!dims || dims.some((d) => d < 0) || numel(dims) > MAX_FOLD_ELEMENTS) return undefined;
      const v = attr(node, 'value');
      const proto: Tensor =
        v && v.kind === 'tensor' ? v.value : { name: '', type: 'float32', dims: [1], data: new Float32Array(1) };
      if (proto.data.length !== 1) return undefined;
      const data = alloc(proto.type, numel(dims));
      (data as unknown as { fill(x: unknown): void }).fill(proto.data[0]);
      return [{ name: '', type: proto.type, dims, data }];
    }
    case 'Gather': {
      const idx = b && intValues(b);
      const axis = normAxis(intAttr(node, 'axis', 0), a.dims.length);
      if (!b || !idx || axis === undefined) return undefined;
      const n = a.dims[axis];
      if (idx.some((i) => i < -n || i >= n)) return undefined;
      const dims = [...a.dims.slice(0, axis), ...b.dims, ...a.dims.slice(axis + 1)];
      if (numel(dims) > MAX_FOLD_ELEMENTS) return undefined;
      const st = strides(a.dims);
      const bIdxStrides = strides(b.dims);
      return [
        gatherBy(a, dims, (o) => {
          let flat = 0;
          for (let d = 0; d < axis; d++) flat += o[d] * st[d];
          let q = 0;
          for (let d = 0; d < b.dims.length; d++) q += o[axis + d] * bIdxStrides[d];
          const i = idx[q] < 0 ? idx[q] + n : idx[q];
          flat += i * st[axis];
          for (let d = axis + 1; d < a.dims.length; d++) flat += o[b.dims.length + d - 1] * st[d];
          return flat;
        }),
      ];
    }
    case 'Concat': {
      const ts = inputs.filter((t): t is Tensor => t !== undefined);
      const axis = normAxis(intAttr(node, 'axis', 0), a.dims.length);
      if (
        axis === undefined ||
        ts.some(
          (t) =>
            t.type !== a.type ||
            t.dims.length !== a.dims.length ||
            t.dims.some((d, i) => i !== axis && d !== a.dims[i]),
        )
      )
        return undefined;
      const dims = [...a.dims];
      dims[axis] = ts.reduce((s, t) => s + t.dims[axis], 0);
      const outer = numel(a.dims.slice(0, axis));
      const data = alloc(a.type, numel(dims));
      const chunks = ts.map((t) => numel(t.dims.slice(axis)));
      let pos = 0;
      for (let o = 0; o < outer; o++)
        ts.forEach((t, j) => {
          const chunk = chunks[j];
          (data as unknown as TypedRun).set(
            (t.data as unknown as TypedRun).subarray(o * chunk, o * chunk + chunk),
            pos,
          );
          pos += chunk;
        });
      return [{ name: '', type: a.type, dims, data }];
    }
    case 'Unsqueeze':
    case 'Squeeze': {
      const axesIn = opset >= 13 ? (present(1) ? b && intValues(b) : undefined) : intsAttr(node, 'axes');
      if (opset >= 13 && present(1) && !axesIn) return undefined;
      if (node.opType === 'Unsqueeze') {
        if (!axesIn) return undefined;
        const r = a.dims.length + axesIn.length;
        const axes = axesIn.map((x) => normAxis(x, r));
        if (axes.some((x) => x === undefined) || new Set(axes).size !== axes.length) return undefined;
        const dims: number[] = [];
        let k = 0;
        for (let d = 0; d < r; d++) dims.push(axes.includes(d) ? 1 : a.dims[k++]);
        return [{ ...a, dims }];
      }
      const axes = axesIn
        ? axesIn.map((x) => normAxis(x, a.dims.length))
        : a.dims.flatMap((d, i) => (d === 1 ? [i] : []));
      if (axes.some((x) => x === undefined || a.dims[x] !== 1)) return undefined;
      return [{ ...a, dims: a.dims.filter((_, i) => !axes.includes(i)) }];
    }
    case 'Slice': {
      const r = a.dims.length;
      let starts: number[] | undefined,
        ends: number[] | undefined,
        axes: number[] | undefined,
        steps: number[] | undefined;
      if (opset < 10) {
        starts = intsAttr(node, 'starts');
        ends = intsAttr(node, 'ends');
        axes = intsAttr(node, 'axes');
      } else {
        starts = b && intValues(b);
        axes = inputs[3] && intValues(inputs[3]);
        steps = inputs[4] && intValues(inputs[4]);
        ends = inputs[2] && sliceEnds(inputs[2], steps);
        if ((present(3) && !axes) || (present(4) && !steps)) return undefined;
      }
      if (!starts || !ends || starts.length !== ends.length) return undefined;
      const ax = (axes ?? starts.map((_, i) => i)).map((x) => normAxis(x, r));
      const st = steps ?? starts.map(() => 1);
      if (
        ax.length !== starts.length ||
        st.length !== starts.length ||
        ax.some((x) => x === undefined) ||
        new Set(ax).size !== ax.length ||
        st.some((s) => s === 0)
      )
        return undefined;
      const begin = new Array(r).fill(0);
      const step = new Array(r).fill(1);
      const dims = [...a.dims];
      ax.forEach((d, i) => {
        const s = sliceAxis(a.dims[d!], starts![i], ends![i], st[i]);
        begin[d!] = s.start;
        step[d!] = st[i];
        dims[d!] = s.count;
      });
      const sst = strides(a.dims);
      return [
        gatherAffine(
          a,
          dims,
          begin.reduce((f: number, b0: number, d) => f + b0 * sst[d], 0),
          sst.map((s, d) => step[d] * s),
        ),
      ];
    }
    case 'Cast': {
      const to = TO_TYPE[intAttr(node, 'to', 0)];
      if (!to || a.type === 'float16' || (a.type === 'double' && to !== 'double')) return undefined;
      const data = alloc(to, a.data.length);
      for (let i = 0; i < a.data.length; i++) (data as unknown as unknown[])[i] = castValue(a.data[i], a.type, to);
      return [{ name: '', type: to, dims: [...a.dims], data }];
    }
    case 'Reshape': {
      const shape = b && intValues(b);
      const dims = shape && reshapeDims(a.dims, shape, intAttr(node, 'allowzero', 0) !== 0);
      return dims ? [{ ...a, dims }] : undefined;
    }
    case 'Split': {
      const axis = normAxis(intAttr(node, 'axis', 0), a.dims.length);
      if (axis === undefined) return undefined;
      const given = opset < 13 ? intsAttr(node, 'split') : present(1) ? (b ? intValues(b) : undefined) : undefined;
      if (opset >= 13 && present(1) && !given) return undefined;
      const n = attr(node, 'num_outputs');
      const sizes = splitSizes(
        a.dims[axis],
        node.outputs.length,
        given,
        opset >= 18 && n?.kind === 'int' ? n.value : undefined,
      );
      if (typeof sizes === 'string') return undefined;
      const outer = numel(a.dims.slice(0, axis));
      const inner = numel(a.dims.slice(axis + 1));
      let at = 0;
      return sizes.map((s) => {
        const dims = [...a.dims];
        dims[axis] = s;
        const data = alloc(a.type, numel(dims));
        for (let o = 0; o < outer; o++) {
          const from = (o * a.dims[axis] + at) * inner;
          (data as unknown as TypedRun).set(
            (a.data as unknown as TypedRun).subarray(from, from + s * inner),
            o * s * inner,
          );
        }
        at += s;
        return { name: '', type: a.type, dims, data };
      });
    }
    case 'Tile': {
      const reps = b && intValues(b);
      if (!reps || b.dims.length !== 1 || reps.length !== a.dims.length || reps.some((v) => v < 0)) return undefined;
      const dims = a.dims.map((d, i) => d * reps[i]);
      if (numel(dims) > MAX_FOLD_ELEMENTS) return undefined;
      const st = strides(a.dims);
      return [gatherBy(a, dims, (o) => o.reduce((f, v, d) => f + (v % a.dims[d]) * st[d], 0))];
    }
    case 'Expand': {
      const shape = b && intValues(b);
      const dims =
        shape && b.dims.length === 1 && shape.every((d) => d >= 0) ? broadcastDims(a.dims, shape) : undefined;
      if (!dims || numel(dims) > MAX_FOLD_ELEMENTS) return undefined;
      const at = broadcastIndex(a.dims, dims);
      const data = alloc(a.type, numel(dims));
      for (let i = 0; i < data.length; i++) (data as unknown as unknown[])[i] = (a.data as unknown as unknown[])[at(i)];
      return [{ name: '', type: a.type, dims, data }];
    }
    case 'Range': {
      const c = inputs[2];
      if (!b || !c || b.type !== a.type || c.type !== a.type || [a, b, c].some((t) => t.data.length !== 1))
        return undefined;
      const values = rangeValues(a.type, a.data[0], b.data[0], c.data[0]);
      if (!values || values.length > MAX_FOLD_ELEMENTS) return undefined;
      return [{ name: '', type: a.type, dims: [values.length], data: values }];
    }
    case 'NonZero': {
      if (a.type === 'float16') return undefined;
      const at: number[] = [];
      for (let i = 0; i < a.data.length; i++) if (a.data[i] !== 0 && a.data[i] !== 0n) at.push(i);
      const r = a.dims.length;
      if (r * at.length > MAX_FOLD_ELEMENTS) return undefined;
      const st = strides(a.dims);
      // ONNX: [rank, count], the multi-index of each non-zero element in row-major order; a scalar gives [1, count]
      const rows = Math.max(r, 1);
      const out = new BigInt64Array(rows * at.length);
      at.forEach((flat, j) => {
        for (let d = 0; d < r; d++) out[d * at.length + j] = BigInt(Math.floor(flat / st[d]) % a.dims[d]);
      });
      return [{ name: '', type: 'int64', dims: [rows, at.length], data: out }];
    }
    case 'Transpose': {
      // the pads plumbing of exported Pads (ConstantOfShape -> Concat -> Reshape -> Slice -> Transpose -> Reshape)
      const perm = intsAttr(node, 'perm') ?? a.dims.map((_, i) => a.dims.length - 1 - i);
      if (perm.length !== a.dims.length || [...perm].sort((p, q) => p - q).some((p, i) => p !== i)) return undefined;
      const st = strides(a.dims);
      return [
        gatherAffine(
          a,
          perm.map((p) => a.dims[p]),
          0,
          perm.map((p) => st[p]),
        ),
      ];
    }
    case 'Equal':
    case 'Greater':
    case 'GreaterOrEqual':
    case 'Less':
    case 'LessOrEqual':
    case 'And':
    case 'Or':
    case 'Xor':
    case 'Not':
      return compareConstants(node.opType, a, b);
    case 'Add':
    case 'Sub':
    case 'Mul':
    case 'Div':
    case 'Mod': {
      if (!b || a.type !== 'int64' || b.type !== 'int64') return undefined;
      // Mod: fmod 0 takes the divisor's sign (Python's %), fmod 1 the dividend's (C's)
      const fm = node.attributes.get('fmod');
      const fmod = node.opType === 'Mod' && fm?.kind === 'int' && fm.value === 1;
      const dims = broadcastDims(a.dims, b.dims);
      if (!dims) return undefined;
      const x = a.data as BigInt64Array;
      const y = b.data as BigInt64Array;
      if ((node.opType === 'Div' || node.opType === 'Mod') && y.some((v) => v === 0n)) return undefined;
      const mod = (p: bigint, q: bigint) => {
        const r = p % q;
        return !fmod && r !== 0n && r < 0n !== q < 0n ? r + q : r;
      };
      const out = new BigInt64Array(numel(dims));
      const ia = broadcastIndex(a.dims, dims);
      const ib = broadcastIndex(b.dims, dims);
      for (let i = 0; i < out.length; i++) {
        const p = x[ia(i)];
        const q = y[ib(i)];
        out[i] =
          node.opType === 'Add'
            ? p + q
            : node.opType === 'Sub'
              ? p - q
              : node.opType === 'Mul'
                ? p * q
                : node.opType === 'Div'
                  ? p / q
                  : mod(p, q);
      }
      for (let i = 0; i < out.length; i++) out[i] = BigInt.asIntN(64, out[i]);
      return [{ name: '', type: 'int64', dims, data: out }];
    }
  }
  return undefined;
}

/**
 * Split's output sizes along the axis of extent `dim`, into `outputs` outputs: the given `split` sizes (the attribute
 * below opset 13, input 1 from 13), else `numOutputs` (opset 18) chunks of ceil(dim / n), the last one what remains
 * (onnxruntime refuses a chunking where that is not positive), else equal parts. A string says why the node does not
 * split.
 */
export function splitSizes(
  dim: number,
  outputs: number,
  split: readonly number[] | undefined,
  numOutputs: number | undefined,
): number[] | string {
  if (split) {
    if (split.length !== outputs) return `${split.length} split sizes for ${outputs} outputs`;
    if (split.some((v) => !Number.isInteger(v) || v < 0) || split.reduce((p, q) => p + q, 0) !== dim)
      return `split [${split}] does not sum to the axis extent ${dim}`;
    return [...split];
  }
  if (numOutputs !== undefined) {
    if (numOutputs !== outputs) return `num_outputs ${numOutputs} with ${outputs} outputs`;
    if (numOutputs < 1 || numOutputs > dim) return `num_outputs ${numOutputs} for an axis of extent ${dim}`;
    const chunk = Math.ceil(dim / numOutputs);
    const last = dim - chunk * (numOutputs - 1);
    if (last < 1) return `num_outputs ${numOutputs} makes chunks of ${chunk}, more than the axis extent ${dim} holds`;
    return Array.from({ length: numOutputs }, (_, i) => (i < numOutputs - 1 ? chunk : last));
  }
  if (outputs < 1 || dim % outputs !== 0) return `the axis extent ${dim} does not split into ${outputs} equal parts`;
  return new Array<number>(outputs).fill(dim / outputs);
}

/**
 * Range's values as onnxruntime computes them: n = max(0, trunc(ceil(double(limit - start) / double(delta)))) with
 * limit - start in the element type (float32 rounded, int64 wrapping; int32 exact, as onnxruntime's build widens it),
 * then start, start + delta, ... accumulated in the element type. Undefined for a zero delta, an element type Range
 * does not take, or a length past 2^31.
 */
export function rangeValues(
  type: ElementType,
  start: number | bigint,
  limit: number | bigint,
  delta: number | bigint,
): TensorData | undefined {
  let n: number;
  if (type === 'int64') {
    const [s, l, d] = [BigInt(start), BigInt(limit), BigInt(delta)];
    if (d === 0n) return undefined;
    n = Math.ceil(Number(BigInt.asIntN(64, l - s)) / Number(d));
  } else if (type === 'int32' || type === 'float32' || type === 'double') {
    const [s, l, d] = [Number(start), Number(limit), Number(delta)];
    if (d === 0) return undefined;
    // int32: onnxruntime's build computes limit - start exactly (the compiler widens it before the division)
    const diff = type === 'float32' ? Math.fround(l - s) : l - s;
    n = Math.ceil(diff / d);
  } else return undefined;
  if (!(n > 0)) n = 0;
  if (n > 2 ** 31) return undefined;
  const out = alloc(type, n);
  if (type === 'int64') {
    let v = BigInt(start);
    for (let i = 0; i < n; i++, v = BigInt.asIntN(64, v + BigInt(delta))) (out as BigInt64Array)[i] = v;
  } else {
    let v = Number(start);
    const d = Number(delta);
    const step =
      type === 'int32'
        ? (x: number) => (x + d) | 0
        : type === 'float32'
          ? (x: number) => Math.fround(x + d)
          : (x: number) => x + d;
    for (let i = 0; i < n; i++, v = step(v)) (out as Float32Array)[i] = v;
  }
  return out;
}

/**
 * The comparisons and logical operators If conditions are made of (Equal(Gather(Shape(x)), 1), Not, ...), on
 * constants of one type (logical ones on bool), broadcast, into bool; int64 compared exactly, floats as IEEE does
 * (NaN compares unequal).
 */
function compareConstants(op: string, a: Tensor, b: Tensor | undefined): Tensor[] | undefined {
  if (op === 'Not') {
    if (a.type !== 'bool') return undefined;
    return [
      { name: '', type: 'bool', dims: [...a.dims], data: Uint8Array.from(a.data as Uint8Array, (v) => (v ? 0 : 1)) },
    ];
  }
  if (!b || a.type !== b.type || a.type === 'float16') return undefined;
  const logical = op === 'And' || op === 'Or' || op === 'Xor';
  if (logical !== (a.type === 'bool')) return undefined;
  const dims = broadcastDims(a.dims, b.dims);
  if (!dims || numel(dims) > MAX_FOLD_ELEMENTS) return undefined;
  const test: Record<string, (p: number | bigint, q: number | bigint) => boolean> = {
    Equal: (p, q) => p === q,
    Greater: (p, q) => p > q,
    GreaterOrEqual: (p, q) => p >= q,
    Less: (p, q) => p < q,
    LessOrEqual: (p, q) => p <= q,
    And: (p, q) => p !== 0 && q !== 0,
    Or: (p, q) => p !== 0 || q !== 0,
    Xor: (p, q) => (p !== 0) !== (q !== 0),
  };
  const t = test[op];
  const out = new Uint8Array(numel(dims));
  const ia = broadcastIndex(a.dims, dims);
  const ib = broadcastIndex(b.dims, dims);
  for (let i = 0; i < out.length; i++) out[i] = t(a.data[ia(i)], b.data[ib(i)]) ? 1 : 0;
  return [{ name: '', type: 'bool', dims, data: out }];
}

/** Flat output index -> flat index of an input broadcast to `dims`. */
function broadcastIndex(inDims: readonly number[], dims: readonly number[]): (i: number) => number {
  const r = dims.length;
  const padded = [...new Array(r - inDims.length).fill(1), ...inDims];
  const st = strides(padded);
  return (i) => {
    let flat = 0;
    for (let d = r - 1; d >= 0; d--) {
      const v = i % dims[d];
      i = Math.floor(i / dims[d]);
      if (padded[d] !== 1) flat += v * st[d];
    }
    return flat;
  };
}

/** The shapes a graph's annotations know statically (graph inputs, outputs and valueInfo with numeric dims only). */
export function annotatedShapes(graph: Graph): KnownShape {
  const all = new Map<string, number[]>();
  for (const v of [...graph.inputs, ...graph.outputs, ...graph.valueInfo.values()])
    if (v.shape && v.shape.every((d) => typeof d === 'number')) all.set(v.name, v.shape as number[]);
  return (name) => graph.initializers.get(name)?.dims ?? all.get(name);
}

export function foldConstantsPass(v: GraphView): void {
  const known: KnownShape = (name) => v.initializers.get(name)?.dims ?? v.dimsOf(name) ?? undefined;
  for (const node of v.nodes) {
    const inputs = node.inputs.map((name) => (name === '' ? undefined : v.constant(name)));
    let outs: Tensor[] | undefined;
    try {
      outs = evaluateConstant(node, inputs, v.opset(), known);
    } catch {
      outs = undefined;
    }
    const used = node.outputs.filter((o) => o !== '');
    if (!outs || used.length === 0 || node.outputs.some((o, k) => o !== '' && (!outs![k] || v.initializers.has(o))))
      continue;
    // the node goes; each output is a constant of the same name (initializers only it read are dropped by toGraph)
    v.remove(node);
    node.outputs.forEach((o, k) => o !== '' && v.setInitializer({ ...outs![k], name: o }));
  }
}

export function foldConstants(graph: Graph): Graph {
  return runPasses(graph, foldConstantsPass);
}
