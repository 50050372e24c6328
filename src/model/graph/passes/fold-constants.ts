/**
 * Pass: constant folding of the shape plumbing that exported models carry (Shape -> Gather -> Unsqueeze -> Concat
 * -> Reshape and the like). A node whose inputs are all constants (initializers, or outputs of nodes folded
 * before it) is evaluated here and its outputs become initializers; the node goes away. `Constant` nodes always
 * become initializers; `Shape` folds once its input's shape is static (an initializer, or a graph input or
 * `valueInfo` entry whose dims are all numbers: run after the shapes pass). Only these operators fold:
 * Constant, ConstantOfShape, Shape, Gather, Concat, Unsqueeze, Squeeze, Slice, Cast, Reshape, and Add / Sub / Mul /
 * Div on int64 (integer Div truncates toward zero, as the reference executor; a zero divisor is left to run and
 * fail there). Everything else, and anything that does not evaluate (bad axes, out-of-range indices, outputs past
 * MAX_FOLD_ELEMENTS), is left as it is. The evaluators are exported for the shapes pass, which folds as it goes.
 * A graph output produced by a folded node keeps its name (it becomes an initializer of that name).
 * Shape trusts the annotations it finds: run it after the shapes pass, which re-derives every node output's
 * annotation from the bound inputs (a model's own value_info is untrusted).
 * Pure: the input graph is not changed.
 */
import type { Attribute, ElementType, Graph, Node, Tensor, TensorData } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';

/** Outputs larger than this are not folded (ConstantOfShape could otherwise materialise a huge tensor). */
export const MAX_FOLD_ELEMENTS = 1 << 20;

const numel = (dims: readonly number[]): number => dims.reduce((a, b) => a * b, 1);

function alloc(type: ElementType, n: number): TensorData {
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

function strides(dims: readonly number[]): number[] {
  const s = new Array(dims.length).fill(1);
  for (let d = dims.length - 2; d >= 0; d--) s[d] = s[d + 1] * dims[d + 1];
  return s;
}

const normAxis = (a: number, rank: number): number | undefined =>
  Number.isInteger(a) && a >= -rank && a < rank ? (a + rank) % rank : undefined;

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
const TO_TYPE: Record<number, ElementType> = {
  1: 'float32',
  2: 'uint8',
  3: 'int8',
  6: 'int32',
  7: 'int64',
  9: 'bool',
  11: 'double',
};

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
    case 'Shape': {
      const dims = a?.dims ?? shapeOf(node.inputs[0]);
      if (!dims) return undefined;
      const r = dims.length;
      const clamp = (x: number): number => Math.min(Math.max(x < 0 ? x + r : x, 0), r);
      const kept = dims.slice(clamp(intAttr(node, 'start', 0)), clamp(intAttr(node, 'end', r)));
      return [int64('', [kept.length], kept)];
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
      let pos = 0;
      for (let o = 0; o < outer; o++)
        for (const t of ts) {
          const chunk = numel(t.dims.slice(axis));
          for (let k = 0; k < chunk; k++)
            (data as unknown as unknown[])[pos++] = (t.data as unknown as unknown[])[o * chunk + k];
        }
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
        ends = inputs[2] && intValues(inputs[2]);
        axes = inputs[3] && intValues(inputs[3]);
        steps = inputs[4] && intValues(inputs[4]);
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
      return [gatherBy(a, dims, (o) => o.reduce((f, v, d) => f + (begin[d] + v * step[d]) * sst[d], 0))];
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
    case 'Add':
    case 'Sub':
    case 'Mul':
    case 'Div': {
      if (!b || a.type !== 'int64' || b.type !== 'int64') return undefined;
      const dims = broadcastDims(a.dims, b.dims);
      if (!dims) return undefined;
      const x = a.data as BigInt64Array;
      const y = b.data as BigInt64Array;
      if (node.opType === 'Div' && y.some((v) => v === 0n)) return undefined;
      const out = new BigInt64Array(numel(dims));
      const ia = broadcastIndex(a.dims, dims);
      const ib = broadcastIndex(b.dims, dims);
      for (let i = 0; i < out.length; i++) {
        const p = x[ia(i)];
        const q = y[ib(i)];
        out[i] = node.opType === 'Add' ? p + q : node.opType === 'Sub' ? p - q : node.opType === 'Mul' ? p * q : p / q;
      }
      for (let i = 0; i < out.length; i++) out[i] = BigInt.asIntN(64, out[i]);
      return [{ name: '', type: 'int64', dims, data: out }];
    }
  }
  return undefined;
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
    if (!outs || used.length !== 1 || node.outputs[0] === '' || v.initializers.has(node.outputs[0])) continue;
    // the node goes; its output is a constant of the same name (initializers only it read are dropped by toGraph)
    v.remove(node);
    v.setInitializer({ ...outs[0], name: node.outputs[0] });
  }
}

export function foldConstants(graph: Graph): Graph {
  return runPasses(graph, foldConstantsPass);
}
