/**
 * Shared helpers of the host operators (see ./index.ts): typed refusals, attribute and constant readers, strides,
 * broadcasting plans.
 *
 * Refusals are `I8ConvError`s raised by a factory at load time: `UNSUPPORTED_OP` for what the runtime does not run
 * (an attribute, type or mode it does not take, a shape input that is not a constant), `BAD_SHAPE` where the planned
 * output dims are not those the operator computes, `BAD_MODEL` for a malformed node (a constant index out of range),
 * `TOO_LARGE` for a load-time table or workspace beyond MAX_WORKSPACE elements.
 * Each message names the node (its name and op type).
 */
import { I8ConvError, type ErrorCode } from '../../../errors.js';
import type { Attribute } from '../../graph/ir.js';
import type { HostOpNode, HostTensor, HostValueInfo } from '../types.js';

export type ElemType = HostTensor['type'];

export const f32 = Math.fround;

export function nodeName(node: HostOpNode): string {
  return `node ${JSON.stringify(node.name)} (${node.domain ? `${node.domain}:` : ''}${node.opType})`;
}

export function fail(code: ErrorCode, node: HostOpNode, message: string): never {
  throw new I8ConvError(code, `${nodeName(node)}: ${message}`, node.name);
}
export function unsupported(node: HostOpNode, message: string): never {
  return fail('UNSUPPORTED_OP', node, message);
}

/** Refuses any attribute the operator does not read (never ignored silently). */
export function onlyAttrs(node: HostOpNode, ...known: string[]): void {
  for (const [k, a] of node.attributes) {
    if (!known.includes(k)) unsupported(node, `attribute ${k} is not supported`);
    if (a.kind === 'unsupported')
      unsupported(node, `attribute ${k} has an ONNX type (${a.onnxType}) the runtime does not read`);
  }
}

function attr<K extends Attribute['kind']>(
  node: HostOpNode,
  name: string,
  kind: K,
): Extract<Attribute, { kind: K }> | undefined {
  const a = node.attributes.get(name);
  if (a === undefined) return undefined;
  if (a.kind !== kind) unsupported(node, `attribute ${name} must be of kind ${kind}, is ${a.kind}`);
  return a as Extract<Attribute, { kind: K }>;
}
export const attrInt = (node: HostOpNode, name: string, dflt: number): number => attr(node, name, 'int')?.value ?? dflt;
export const attrFloat = (node: HostOpNode, name: string, dflt: number): number =>
  attr(node, name, 'float')?.value ?? dflt;
export const attrString = (node: HostOpNode, name: string, dflt: string): string =>
  attr(node, name, 'string')?.value ?? dflt;
export const attrInts = (node: HostOpNode, name: string): number[] | undefined => attr(node, name, 'ints')?.value;

/** A required input's static facts. */
export function need(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  k: number,
  what: string,
): HostValueInfo {
  const v = inputs[k];
  if (!v) unsupported(node, `input ${k} (${what}) is required`);
  return v;
}

export function expectType(node: HostOpNode, v: HostValueInfo, what: string, ...types: ElemType[]): void {
  if (!types.includes(v.type)) unsupported(node, `${what} is ${v.type}; supported: ${types.join(', ')}`);
}

/** The values of an int64 / int32 constant input (shape-carrying inputs), refused when not a constant. */
export function constInts(node: HostOpNode, v: HostValueInfo, what: string): number[] {
  const t = v.constant;
  if (!t) unsupported(node, `${what} must be a constant (an initializer, or folded)`);
  if (t.type !== 'int64' && t.type !== 'int32') unsupported(node, `${what} must be int64 or int32, is ${t.type}`);
  const out: number[] = [];
  for (let i = 0; i < t.data.length; i++) {
    const n = Number(t.data[i]);
    if (!Number.isSafeInteger(n)) unsupported(node, `${what} holds ${t.data[i]}, beyond 2^53`);
    out.push(n);
  }
  return out;
}

/**
 * The values of an int64 / int32 constant input of indices (Slice's starts and ends), refused when not a constant.
 * Values beyond +-2^53 are clamped there: they only say "past the end" / "before the start" (PyTorch exports `x[a:]`
 * with an end of INT64_MAX), and every use clamps them to the axis extent.
 */
export function constIndices(node: HostOpNode, v: HostValueInfo, what: string): number[] {
  const t = v.constant;
  if (!t) unsupported(node, `${what} must be a constant (an initializer, or folded)`);
  if (t.type !== 'int64' && t.type !== 'int32') unsupported(node, `${what} must be int64 or int32, is ${t.type}`);
  return Array.from(t.data as ArrayLike<number | bigint>, (x) =>
    Math.min(Math.max(Number(x), -Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER),
  );
}

/** Raises BAD_SHAPE unless the planned output dims are the computed ones. */
export function expectDims(node: HostOpNode, out: HostValueInfo | undefined, dims: readonly number[], k = 0): void {
  if (!out) fail('BAD_SHAPE', node, `output ${k} is missing`);
  if (out.dims.length !== dims.length || out.dims.some((d, i) => d !== dims[i]))
    fail('BAD_SHAPE', node, `output ${k} is planned as [${out.dims}], the operator computes [${dims}]`);
}

export function expectOutType(node: HostOpNode, out: HostValueInfo, type: ElemType, k = 0): void {
  if (out.type !== type)
    fail('BAD_SHAPE', node, `output ${k} is planned as ${out.type}, the operator produces ${type}`);
}

/** The most elements a host operator's load-time tables or workspace may hold (2^28: 1 GiB of float32). */
export const MAX_WORKSPACE = 2 ** 28;

/** Refuses (TOO_LARGE) a table or workspace of more elements than MAX_WORKSPACE, before allocating it. */
export function checkWorkspace(node: HostOpNode, elements: number, what: string): void {
  if (!(elements <= MAX_WORKSPACE))
    fail('TOO_LARGE', node, `its ${what} would hold ${elements} elements (at most ${MAX_WORKSPACE})`);
}

export function normAxis(node: HostOpNode, axis: number, rank: number, what = 'axis'): number {
  if (!Number.isInteger(axis) || axis < -rank || axis >= rank)
    unsupported(node, `${what} ${axis} is out of range for rank ${rank}`);
  return axis < 0 ? axis + rank : axis;
}

export function numel(dims: readonly number[]): number {
  let n = 1;
  for (const d of dims) n *= d;
  return n;
}

export function stridesOf(dims: readonly number[]): number[] {
  const s = new Array<number>(dims.length);
  let acc = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= dims[i];
  }
  return s;
}

/** numpy broadcasting of several shapes, or null. */
export function broadcastShapes(shapes: readonly (readonly number[])[]): number[] | null {
  const r = Math.max(0, ...shapes.map((s) => s.length));
  const out: number[] = [];
  for (let i = 0; i < r; i++) {
    let d = 1;
    for (const s of shapes) {
      const v = s[s.length - r + i] ?? 1;
      if (v === 1) continue;
      if (d !== 1 && v !== d) return null;
      d = v;
    }
    // A zero-size dim wins over 1.
    out.push(shapes.some((s) => (s[s.length - r + i] ?? 1) === 0) ? 0 : d);
  }
  return out;
}

/**
 * How to walk a broadcast: the output as `outer` blocks (an odometer over `dims`, the coalesced outer dims) of
 * `inner` contiguous output elements; input k starts each block at the offset the odometer accumulates from
 * `strides[k]` and steps by `innerStride[k]` (0: broadcast, 1: contiguous) within it.
 */
export interface BroadcastPlan {
  dims: number[];
  strides: number[][];
  inner: number;
  innerStride: number[];
  total: number;
}

export function broadcastPlan(outDims: readonly number[], inDims: readonly (readonly number[])[]): BroadcastPlan {
  const r = outDims.length;
  // Per input, the stride of each output dim (0 where it broadcasts).
  let dims = [...outDims];
  let strides = inDims.map((d) => {
    const s = stridesOf(d);
    return outDims.map((_, i) => {
      const j = i - (r - d.length);
      return j < 0 || d[j] === 1 ? 0 : s[j];
    });
  });
  // Drop size-1 dims, then merge a dim into the next where every input walks them as one.
  const keep = dims.map((d) => d !== 1);
  dims = dims.filter((_, i) => keep[i]);
  strides = strides.map((s) => s.filter((_, i) => keep[i]));
  for (let i = dims.length - 2; i >= 0; i--) {
    if (strides.every((s) => s[i] === s[i + 1] * dims[i + 1])) {
      dims[i] *= dims[i + 1];
      dims.splice(i + 1, 1);
      for (const s of strides) s.splice(i, 1);
    }
  }
  const total = numel(outDims);
  if (dims.length === 0)
    return { dims: [], strides: inDims.map(() => []), inner: total, innerStride: inDims.map(() => 0), total };
  const inner = dims[dims.length - 1];
  return {
    dims: dims.slice(0, -1),
    strides: strides.map((s) => s.slice(0, -1)),
    inner,
    innerStride: strides.map((s) => s[s.length - 1]),
    total,
  };
}

/**
 * Calls `block(yOff, offs)` for every inner block of the plan, `offs[k]` being input k's offset (an array reused
 * between calls). The caller loops over the block's `plan.inner` elements.
 */
export function forEachBlock(
  plan: BroadcastPlan,
  block: (yOff: number, offs: Int32Array | Float64Array) => void,
): void {
  const k = plan.strides.length;
  const r = plan.dims.length;
  const offs = new Float64Array(k);
  if (plan.total === 0) return;
  if (r === 0) {
    block(0, offs);
    return;
  }
  const idx = new Int32Array(r);
  const blocks = plan.total / plan.inner;
  for (let b = 0; b < blocks; b++) {
    block(b * plan.inner, offs);
    // Advance the odometer and the input offsets.
    for (let d = r - 1; d >= 0; d--) {
      if (++idx[d] < plan.dims[d]) {
        for (let j = 0; j < k; j++) offs[j] += plan.strides[j][d];
        break;
      }
      idx[d] = 0;
      for (let j = 0; j < k; j++) offs[j] -= plan.strides[j][d] * (plan.dims[d] - 1);
    }
  }
}

export const ARRAY_OF: Record<ElemType, { new (n: number): HostTensor['data'] }> = {
  float32: Float32Array,
  int32: Int32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int64: BigInt64Array,
  bool: Uint8Array,
  double: Float64Array,
};

/**
 * The multiply-accumulate loop of MatMul, Gemm, Conv and ConvTranspose: for k = 0 .. count - 1 in order and every
 * j < n, C[c0 + j] = f(C[c0 + j] + f(A[a0 + k * aStride] * B[b0 + k * bStride + j])). Each C element thus sums its
 * products in k order, one float32 rounding per product and per addition; four k are taken per pass over the row
 * (the same operations in the same order, fewer loads and stores of C).
 */
export function accumulateRows(
  C: Float32Array,
  c0: number,
  n: number,
  A: Float32Array,
  a0: number,
  aStride: number,
  B: Float32Array,
  b0: number,
  bStride: number,
  count: number,
): void {
  let k = 0;
  for (; k + 4 <= count; k += 4) {
    const w0 = A[a0 + k * aStride],
      w1 = A[a0 + (k + 1) * aStride],
      w2 = A[a0 + (k + 2) * aStride],
      w3 = A[a0 + (k + 3) * aStride];
    const r0 = b0 + k * bStride,
      r1 = r0 + bStride,
      r2 = r1 + bStride,
      r3 = r2 + bStride;
    for (let j = 0; j < n; j++) {
      let v = C[c0 + j];
      v = f32(v + f32(w0 * B[r0 + j]));
      v = f32(v + f32(w1 * B[r1 + j]));
      v = f32(v + f32(w2 * B[r2 + j]));
      C[c0 + j] = v + f32(w3 * B[r3 + j]);
    }
  }
  for (; k < count; k++) {
    const w = A[a0 + k * aStride],
      r = b0 + k * bStride;
    for (let j = 0; j < n; j++) C[c0 + j] = C[c0 + j] + f32(w * B[r + j]);
  }
}

/**
 * Y[at .. at + len) = X[from .. from + len) for typed arrays of one kind: one set for a long run, element by element
 * for a short one (a subarray is an object per call: Slice / Concat / Gather rows of a few elements spent most of
 * their time making them).
 */
export function copyRun(Y: Float32Array, at: number, X: Float32Array, from: number, len: number): void {
  if (len >= 64) Y.set(X.subarray(from, from + len), at);
  else for (let k = 0; k < len; k++) Y[at + k] = X[from + k];
}
