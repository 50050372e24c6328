/**
 * Memory planning: every non-constant value gets an offset in one arena from its lifetime (first step that writes
 * it, last step that reads it; graph inputs live from the start, graph outputs to the end). Aliases (Reshape-like
 * steps, in-place element-wise steps, a Slice of a contiguous range from its first byte on) share their source's bytes
 * and extend its lifetime. Offsets are assigned
 * largest value first at the lowest offset that overlaps no value alive at the same time.
 */
import type { Lowering, PlannedValue } from './values.js';
import { VALUE_ALIGN } from './values.js';

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

/** Where a value's bytes start in its root's (the sum of the aliases' deltas on the way: Slices of a range). */
function deltaOf(values: ReadonlyMap<string, PlannedValue>, name: string): number {
  let d = 0;
  for (let v = values.get(name); v?.aliasOf !== undefined; v = values.get(v.aliasOf)) d += v.aliasDelta ?? 0;
  return d;
}

/**
 * Assigns arena offsets (PlannedValue.offset) to every non-constant value. `reuse: false` gives every value its
 * own bytes (tests: each value followed by `gap` guard bytes, nothing overwritten by a later value).
 */
export function planMemory(
  steps: readonly Lowering[],
  values: Map<string, PlannedValue>,
  graphInputs: readonly string[],
  graphOutputs: readonly string[],
  opts: { reuse: boolean; gap: number },
): MemoryPlan {
  // in-place steps: output 0 becomes an alias of input 0 when input 0 dies at that step
  const lastUse = new Map<string, number>();
  steps.forEach((s, i) => s.inputs.forEach((n) => n !== '' && lastUse.set(n, i)));
  const pinned = new Set([...graphInputs, ...graphOutputs]);
  for (const s of steps) {
    if (!s.alias) continue;
    const src = values.get(s.inputs[0])!;
    const out = values.get(s.outputs[0])!;
    const delta = s.aliasDelta ?? 0;
    if (src.constant) continue;
    if (delta === 0 ? src.bytes === out.bytes : delta > 0 && delta + out.bytes <= src.bytes) {
      out.aliasOf = s.inputs[0];
      if (delta) out.aliasDelta = delta;
    }
  }
  if (opts.reuse) {
    // per group of values sharing bytes (keyed by its root: the root and every value whose aliases lead to it): the
    // last step that reads a member (-1: none), and whether a member is pinned; made at the first in-place candidate
    let groupLast: Map<string, number> | undefined;
    let groupPinned: Set<string> | undefined;
    const groups = (): void => {
      groupLast = new Map();
      groupPinned = new Set();
      for (const [n, v] of values) {
        if (v.constant) continue; // no value aliases a constant
        const r = v.aliasOf === undefined ? n : rootOf(values, n);
        groupLast.set(r, Math.max(groupLast.get(r) ?? -1, lastUse.get(n) ?? -1));
        if (pinned.has(n)) groupPinned.add(r);
      }
    };
    steps.forEach((s, i) => {
      if (!s.inPlace) return;
      const a = s.inputs[0],
        o = s.outputs[0];
      const va = values.get(a)!,
        vo = values.get(o)!;
      if (va.constant || pinned.has(a) || pinned.has(o) || lastUse.get(a) !== i || va.bytes !== vo.bytes) return;
      if (!groupLast) groups();
      // every alias of a must also be dead by now (they share its bytes)
      const root = rootOf(values, a);
      if (groupLast!.get(root)! > i || groupPinned!.has(root)) return;
      const from = rootOf(values, o);
      vo.aliasOf = a;
      if (from === root) return;
      // o's group (o and the values aliasing it) joins a's
      groupLast!.set(root, Math.max(groupLast!.get(root)!, groupLast!.get(from)!));
      if (groupPinned!.has(from)) groupPinned!.add(root);
      groupLast!.delete(from);
      groupPinned!.delete(from);
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
    const sz = size(n),
      b = born.get(n)!,
      d = dies.get(n)!;
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
  for (const [n, v] of values)
    if (v.aliasOf !== undefined) v.offset = values.get(rootOf(values, n))!.offset + deltaOf(values, n);
  return { arenaBytes: arena };
}
