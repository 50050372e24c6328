/**
 * Helpers of the reference model executor: tensors, attributes, float32 steps, rounding, broadcasting.
 *
 * Everything here is written for clarity, not speed. The float rules are docs/int8-ops.md's ("Conventions"): `f32`
 * after every float32 operation, round half to even where the C++ code calls `nearbyintf`, and `std::max(a, b)` /
 * `std::min(a, b)` written as C++ defines them, so that NaN goes where onnxruntime sends it. Only type definitions
 * come from src/ (the IR); nothing else is shared.
 */
import type { Attribute, ElementType, Graph, Tensor, TensorData } from '../../src/model/graph/ir.js';

export type { Attribute, ElementType, Graph, Tensor, TensorData };

/** The inputs of one node: `undefined` where an optional input is left out (empty name) or past the end. */
export type Inputs = readonly (Tensor | undefined)[];
export type Attributes = ReadonlyMap<string, Attribute>;

/**
 * What the executor (run.ts) tells an operator beyond its inputs and attributes. Only i8conv's fused operators read
 * it: they run other operators (at those operators' opsets), run the nodes of a subgraph attribute, or take their
 * output type from the graph.
 */
export interface OpContext {
  /** The element type the graph declares for each output the node names (its value annotation, or the graph
   * output's type), null where it declares none. */
  readonly outputTypes: readonly (ElementType | null)[];
  /** Per output of the node: whether it names one (an omitted output has an empty name). */
  readonly outputNamed: readonly boolean[];
  /** A value of the graph the node is in, computed before the node runs (an initializer, a feed, a node output). */
  value(name: string): Tensor | undefined;
  /** Per input of the node: true where it is a constant (an initializer that is not a graph input, or computed from
   * constants alone), which onnxruntime prepares at load (e.g. packs a matrix product's weights). */
  readonly constantInputs: readonly boolean[];
  /** The model's opset version of a domain ('' the default ONNX domain); 1 where it imports none. */
  opset(domain: string): number;
  /** Runs the nodes of a subgraph attribute with every value of the enclosing graph in scope (read by name);
   * returns the values its nodes produce, by name. */
  runSubgraph(graph: Graph): Map<string, Tensor>;
}

/**
 * One operator: its inputs, the node's attributes, the opset version of its domain, the number of outputs the node
 * names (Split into equal parts needs it) and the executor's context -> its outputs.
 */
export type OpFn = (
  inputs: Inputs,
  attrs: Attributes,
  opset: number,
  outputCount?: number,
  ctx?: OpContext,
) => Tensor[];

export const f32 = Math.fround;

/** Round half to even (wasm `f32.nearest`, C++ `nearbyintf` without an FP environment). NaN and infinities pass. */
export function roundHalfEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const r = Math.round(x); // halves up
  return x - Math.floor(x) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** C++ `std::max(a, b)`: `(a < b) ? b : a` (NaN in `a` stays). */
export const cmax = (a: number, b: number): number => (a < b ? b : a);
/** C++ `std::min(a, b)`: `(b < a) ? b : a` (NaN in `a` stays). */
export const cmin = (a: number, b: number): number => (b < a ? b : a);

/** C++ `(int32_t)f` of a value already clamped to an 8-bit range; NaN converts to 0 (docs/int8-ops.md, Conventions). */
export const toInt = (f: number): number => (Number.isNaN(f) ? 0 : Math.trunc(f));

export function numel(dims: readonly number[]): number {
  let n = 1;
  for (const d of dims) n *= d;
  return n;
}

/** Row-major strides of `dims`. */
export function stridesOf(dims: readonly number[]): number[] {
  const s = new Array<number>(dims.length);
  let acc = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= dims[i];
  }
  return s;
}

const ARRAYS = {
  float32: Float32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int32: Int32Array,
  int64: BigInt64Array,
  float16: Uint16Array,
  bool: Uint8Array,
  double: Float64Array,
} as const;

export function makeTensor(type: ElementType, dims: readonly number[], data?: TensorData): Tensor {
  const n = numel(dims);
  const d = data ?? new ARRAYS[type](n);
  if (d.length !== n) throw new Error(`tensor of dims [${dims}] needs ${n} values, got ${d.length}`);
  return { name: '', type, dims: [...dims], data: d };
}

/** The range of an 8-bit quantized type. */
export function qRange(type: ElementType): [number, number] {
  if (type === 'uint8') return [0, 255];
  if (type === 'int8') return [-128, 127];
  throw new Error(`expected a uint8 or int8 tensor, got ${type}`);
}

export function need(inputs: Inputs, i: number, what: string): Tensor {
  const t = inputs[i];
  if (!t) throw new Error(`input ${i} (${what}) is required`);
  return t;
}

export function expectType(t: Tensor, what: string, ...types: ElementType[]): void {
  if (!types.includes(t.type)) throw new Error(`${what} must be ${types.join(' or ')}, got ${t.type}`);
}

/** A tensor's values as JS numbers (int64 converted; refused beyond 2^53). */
export function numbers(t: Tensor): number[] {
  const out: number[] = [];
  for (const v of Array.from(t.data as ArrayLike<number | bigint>)) {
    const n = Number(v);
    if (typeof v === 'bigint' && BigInt(n) !== v) throw new Error(`int64 value ${v} is not exact as a number`);
    out.push(n);
  }
  return out;
}

/** A scalar or one-element tensor's value. */
export function scalarOf(t: Tensor, what: string): number {
  if (t.data.length !== 1) throw new Error(`${what} must have one element, has ${t.data.length}`);
  return numbers(t)[0];
}

export function attrInt(attrs: Attributes, name: string, dflt: number): number {
  const a = attrs.get(name);
  if (a === undefined) return dflt;
  if (a.kind !== 'int') throw new Error(`attribute ${name} must be an int, is ${a.kind}`);
  return a.value;
}
export function attrFloat(attrs: Attributes, name: string, dflt: number): number {
  const a = attrs.get(name);
  if (a === undefined) return dflt;
  if (a.kind !== 'float') throw new Error(`attribute ${name} must be a float, is ${a.kind}`);
  return a.value;
}
export function attrInts(attrs: Attributes, name: string): number[] | undefined {
  const a = attrs.get(name);
  if (a === undefined) return undefined;
  if (a.kind !== 'ints') throw new Error(`attribute ${name} must be ints, is ${a.kind}`);
  return a.value;
}
export function attrString(attrs: Attributes, name: string, dflt: string): string {
  const a = attrs.get(name);
  if (a === undefined) return dflt;
  if (a.kind !== 'string') throw new Error(`attribute ${name} must be a string, is ${a.kind}`);
  return a.value;
}

/** Refuses attributes the operator does not know (a misspelt or newer attribute must not be ignored silently). */
export function onlyAttrs(attrs: Attributes, op: string, ...known: string[]): void {
  for (const k of attrs.keys()) if (!known.includes(k)) throw new Error(`${op}: attribute ${k} is not supported`);
}

/** A negative axis counts from the end; refused outside [-rank, rank). */
export function normAxis(axis: number, rank: number, what: string): number {
  if (axis < -rank || axis >= rank) throw new Error(`${what} ${axis} is out of range for rank ${rank}`);
  return axis < 0 ? axis + rank : axis;
}

/** numpy broadcasting of two shapes. */
export function broadcastDims(a: readonly number[], b: readonly number[]): number[] {
  const r = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < r; i++) {
    const da = a[a.length - r + i] ?? 1;
    const db = b[b.length - r + i] ?? 1;
    if (da !== db && da !== 1 && db !== 1) throw new Error(`shapes [${a}] and [${b}] do not broadcast`);
    out.push(da === 1 ? db : da);
  }
  return out;
}

/** The flat index into a tensor of dims `src` (broadcast to `out`) of the output position `idx`. */
export function broadcastIndex(idx: readonly number[], out: readonly number[], src: readonly number[]): number {
  const off = out.length - src.length;
  let flat = 0;
  for (let i = 0; i < src.length; i++) flat = flat * src[i] + (src[i] === 1 ? 0 : idx[off + i]);
  return flat;
}

/** The multi-index of flat position `i` in `dims`. */
export function unravel(i: number, dims: readonly number[]): number[] {
  const idx = new Array<number>(dims.length);
  for (let k = dims.length - 1; k >= 0; k--) {
    idx[k] = i % dims[k];
    i = Math.floor(i / dims[k]);
  }
  return idx;
}
