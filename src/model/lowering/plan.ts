/**
 * The planned model: values (every tensor the run touches, with its element type, dims, layout and arena offset)
 * and steps (one per executed node, in run order, each with its implementation). Built once by load.ts; the
 * executor (model.ts) only walks it.
 *
 * Planning runs in three passes over the lowered graph (lower.ts gives each node a Lowering: its op, inputs,
 * outputs and which layouts it can run in):
 *   1. layout (planLayouts): MegEngine's EnableNchw44Dot idea — every convolution that has an NCHW44 form takes it,
 *      operators that run in either layout (element-wise, pooling, resize, channel concat) follow their inputs, and
 *      a relayout step is inserted only where a consumer needs the other layout of a value (at most one per value
 *      and layout, shared by every such consumer). Graph outputs are NCHW. `layout: 'nchw'` plans no NCHW44.
 *   2. build: each step's implementation is made (weights packed, tables written) — outside this file.
 *   3. memory (planMemory): every non-constant value gets an offset in one arena from its lifetime (first step that
 *      writes it, last step that reads it; graph inputs live from the start, graph outputs to the end). Aliases
 *      (Reshape-like steps, in-place element-wise steps) share their source's bytes and extend its lifetime.
 *      Offsets are assigned largest value first at the lowest offset that overlaps no value alive at the same time.
 */
import type { Tensor } from '../graph/ir.js';
import type { Layout } from '../backends/types.js';

export type ValueType = 'float32' | 'int32' | 'uint8' | 'int8' | 'int64' | 'bool';

export const ELEMENT_BYTES: Record<ValueType, number> = { float32: 4, int32: 4, uint8: 1, int8: 1, int64: 8, bool: 1 };

/** Arena offsets are multiples of this (v128 loads, BigInt64Array views). */
export const VALUE_ALIGN = 64;

export interface PlannedValue {
  name: string;
  type: ValueType;
  /** logical dims (NCHW order even when the layout is NCHW44) */
  dims: number[];
  layout: Layout;
  bytes: number;
  /** set for initializers: their data lives in JS (host ops) or was packed into a step at build time */
  constant?: Tensor;
  /** another value whose bytes this one shares (a Reshape, an in-place step) */
  aliasOf?: string;
  /** byte offset in the arena (after planMemory); -1 for constants */
  offset: number;
}

/** Where a step's operator can run. */
export type LayoutRule =
  /** NCHW only (host ops, Q/DQ, data movement other than the ones below) */
  | { kind: 'nchw' }
  /** a convolution: NCHW44 in and out when `nchw44`; 'hybrid': NCHW in, NCHW44 out (a first layer, IC < 4) */
  | { kind: 'conv'; nchw44: boolean; hybrid: boolean }
  /** runs in either layout when `nchw44` is true, all its `data` inputs and its output in the same layout */
  | { kind: 'follow'; nchw44: boolean; data: readonly number[] }
  /** a relayout inserted by the planner */
  | { kind: 'relayout'; to: Layout };

export interface Lowering {
  /** the node's name, or a generated one (`op#index`) */
  name: string;
  /** op type as model.nodes shows it (the fused node's, e.g. 'QLinearConv') */
  op: string;
  inputs: string[];
  outputs: string[];
  rule: LayoutRule;
  /** output 0 is a view of input 0's bytes (Reshape, Flatten, Squeeze, Unsqueeze, Identity) */
  alias?: boolean;
  /** output 0 may be written over input 0 when input 0 dies here (element-wise) */
  inPlace?: boolean;
  /** the layout the step runs in, set by planLayouts */
  layout?: Layout;
}

export interface LayoutPlan {
  steps: Lowering[];
  values: Map<string, PlannedValue>;
}

/**
 * Assigns a layout to every value and step and inserts the relayout steps. `values` holds every value of the
 * lowered graph with layout 'NCHW'; it is updated in place and relayout values are added.
 */
export function planLayouts(steps: readonly Lowering[], values: Map<string, PlannedValue>, graphOutputs: readonly string[], mode: 'auto' | 'nchw'): LayoutPlan {
  const out: Lowering[] = [];
  /** value name -> name of its copy in the other layout */
  const converted = new Map<string, string>();
  const layoutOf = (n: string): Layout => values.get(n)!.layout;
  const want = (name: string, layout: Layout): string => {
    if (name === '' || layoutOf(name) === layout) return name;
    const v = values.get(name)!;
    if (v.constant) return name; // constants are read by the step's builder, in whatever layout it needs
    const key = `${name}@${layout.toLowerCase()}`;
    if (!converted.has(key)) {
      values.set(key, { ...v, name: key, layout, aliasOf: undefined, offset: -1 });
      // a 4-D value with H * W = 1 has the same bytes in both layouts: the relayout is an alias
      const same = v.dims.length === 4 && v.dims[2] * v.dims[3] === 1;
      out.push({ name: `relayout ${name} -> ${layout}`, op: 'Relayout', inputs: [name], outputs: [key], rule: { kind: 'relayout', to: layout }, layout, ...(same ? { alias: true } : {}) });
      converted.set(key, key);
    }
    return key;
  };
  const setOut = (s: Lowering, layout: Layout): void => {
    for (const o of s.outputs) if (o !== '') values.get(o)!.layout = layout;
  };
  for (const step of steps) {
    const s: Lowering = { ...step, inputs: [...step.inputs] };
    const r = s.rule;
    if (r.kind === 'conv' && mode === 'auto' && (r.nchw44 || r.hybrid)) {
      s.inputs[0] = want(s.inputs[0], r.nchw44 ? 'NCHW44' : 'NCHW');
      s.layout = 'NCHW44';
      setOut(s, 'NCHW44');
    } else if (r.kind === 'follow' && mode === 'auto' && r.nchw44 && r.data.some((k) => s.inputs[k] !== '' && !values.get(s.inputs[k])!.constant && layoutOf(s.inputs[k]) === 'NCHW44')) {
      for (const k of r.data) s.inputs[k] = want(s.inputs[k], 'NCHW44');
      s.layout = 'NCHW44';
      setOut(s, 'NCHW44');
    } else {
      s.inputs = s.inputs.map((n) => want(n, 'NCHW'));
      s.layout = 'NCHW';
      setOut(s, 'NCHW');
    }
    out.push(s);
  }
  // graph outputs are NCHW: a value planned NCHW44 is renamed and relaid out into the output's name
  for (const name of graphOutputs) {
    const v = values.get(name);
    if (!v || v.constant || v.layout === 'NCHW') continue;
    const inner = `${name}@nchw44`;
    values.set(inner, { ...v, name: inner });
    values.set(name, { ...v, layout: 'NCHW', aliasOf: undefined });
    for (const s of out) {
      s.inputs = s.inputs.map((n) => (n === name ? inner : n));
      s.outputs = s.outputs.map((n) => (n === name ? inner : n));
    }
    for (const [k, other] of values) if (other.aliasOf === name) values.set(k, { ...other, aliasOf: inner });
    const producer = out.findIndex((s) => s.outputs.includes(inner));
    out.splice(producer + 1, 0, { name: `relayout ${name} -> NCHW`, op: 'Relayout', inputs: [inner], outputs: [name], rule: { kind: 'relayout', to: 'NCHW' }, layout: 'NCHW' });
  }
  return { steps: out, values };
}

export interface MemoryPlan {
  /** bytes of the arena */
  arenaBytes: number;
}

/** Follows aliases to the value that owns the bytes. */
export function rootOf(values: ReadonlyMap<string, PlannedValue>, name: string): string {
  let n = name;
  for (let guard = 0; values.get(n)?.aliasOf !== undefined; guard++) {
    if (guard > values.size) throw new Error(`alias cycle at ${name}`);
    n = values.get(n)!.aliasOf!;
  }
  return n;
}

/**
 * Assigns arena offsets (PlannedValue.offset) to every non-constant value. `reuse: false` gives every value its
 * own bytes (tests: each value followed by `gap` guard bytes, nothing overwritten by a later value).
 */
export function planMemory(steps: readonly Lowering[], values: Map<string, PlannedValue>, graphInputs: readonly string[], graphOutputs: readonly string[],
  opts: { reuse: boolean; gap: number }): MemoryPlan {
  // in-place steps: output 0 becomes an alias of input 0 when input 0 dies at that step
  const lastUse = new Map<string, number>();
  steps.forEach((s, i) => s.inputs.forEach((n) => n !== '' && lastUse.set(n, i)));
  const pinned = new Set([...graphInputs, ...graphOutputs]);
  for (const s of steps) {
    if (!s.alias) continue;
    const src = values.get(s.inputs[0])!;
    if (!src.constant && src.bytes === values.get(s.outputs[0])!.bytes) values.get(s.outputs[0])!.aliasOf = s.inputs[0];
  }
  if (opts.reuse) {
    steps.forEach((s, i) => {
      if (!s.inPlace) return;
      const a = s.inputs[0], o = s.outputs[0];
      const va = values.get(a)!, vo = values.get(o)!;
      if (va.constant || pinned.has(a) || pinned.has(o) || lastUse.get(a) !== i || va.bytes !== vo.bytes) return;
      // every alias of a must also be dead by now (they share its bytes)
      const root = rootOf(values, a);
      for (const [n, v] of values) if ((n === root || (v.aliasOf !== undefined && rootOf(values, n) === root)) && ((lastUse.get(n) ?? -1) > i || pinned.has(n))) return;
      if (pinned.has(root)) return;
      vo.aliasOf = a;
    });
  }
  // lifetimes of the roots
  const born = new Map<string, number>();
  const dies = new Map<string, number>();
  const end = steps.length;
  const touch = (name: string, i: number): void => {
    const r = rootOf(values, name);
    if (!born.has(r) || born.get(r)! > i) born.set(r, i);
    if (!dies.has(r) || dies.get(r)! < i) dies.set(r, i);
  };
  for (const n of graphInputs) if (!values.get(n)?.constant) touch(n, -1);
  steps.forEach((s, i) => {
    for (const n of s.outputs) if (n !== '') touch(n, i);
    for (const n of s.inputs) if (n !== '' && !values.get(n)!.constant) touch(n, i);
  });
  for (const n of graphOutputs) if (!values.get(n)?.constant) touch(n, end);
  const roots = [...born.keys()].filter((n) => values.get(n)!.aliasOf === undefined);
  const size = (n: string): number => Math.ceil((values.get(n)!.bytes + opts.gap) / VALUE_ALIGN) * VALUE_ALIGN;
  roots.sort((a, b) => size(b) - size(a) || born.get(a)! - born.get(b)!);
  const placed: Array<{ off: number; size: number; b: number; d: number }> = [];
  let arena = 0;
  for (const n of roots) {
    const sz = size(n), b = born.get(n)!, d = dies.get(n)!;
    let off = 0;
    if (opts.reuse) {
      const live = placed.filter((p) => p.b <= d && b <= p.d).sort((x, y) => x.off - y.off);
      for (const p of live) {
        if (off + sz <= p.off) break;
        off = Math.max(off, p.off + p.size);
      }
    } else {
      off = arena;
    }
    placed.push({ off, size: sz, b, d });
    values.get(n)!.offset = off;
    arena = Math.max(arena, off + sz);
  }
  for (const [n, v] of values) if (v.aliasOf !== undefined) v.offset = values.get(rootOf(values, n))!.offset;
  return { arenaBytes: arena };
}
