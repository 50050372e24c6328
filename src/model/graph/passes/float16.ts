/**
 * Pass (after the first constant folding): a model that computes in float16, run as onnxruntime-web runs it. Its CPU
 * provider has float16 kernels for the operators that only move values (FLOAT16_KERNELS); every other node with a
 * float16 input runs in float32 between casts. So, as onnxruntime's cast insertion does (its order and rules; what
 * it computes is what matters here, since every cast that stays rounds):
 *
 * 1. A node needs casts when one of its inputs is float16 and the operator has no float16 kernel.
 * 2. In node order, a node that has a float16 kernel is computed in float32 too when it is isolated: it reads at least
 *    one value made by another node and one float16 value, every float16 input made by a node comes from one that
 *    needs casts (initializers and graph inputs do not count), it has a float16 output and every reader of its
 *    float16 outputs needs casts, it makes no graph output and holds no subgraph.
 * 3. In dependency order, each node that needs casts reads its float16 inputs through a Cast to float32 (one per
 *    value, shared by the nodes that read it) and writes each float16 output as a float32 value that a Cast to
 *    float16 turns into the output.
 * 4. Cast pairs cancel, the original nodes in file order, then the inserted casts: where a Cast A is read by a Cast
 *    B that casts back to A's input type and makes no graph output, B goes (its readers read A's input), unless A may
 *    lose something (a narrowing cast the model wrote, float to integer, ...: `unsafeCast`) and so may B read
 *    backwards; A goes when only Casts read it and it makes no graph output (the Casts left read its input). So the
 *    casts inserted around two float32 nodes in a row cancel (no rounding between them), and a model's own Cast to
 *    float16 stays.

 * Then the graph computes in float32 only: a float16 value becomes a float32 value holding the same number (a
 * float16 is exact in float32), so that the operators that move values move the same numbers; each Cast to float16
 * that stays becomes `i8conv:RoundFloat16` (float32 rounded to the nearest float16, onnxruntime's rounding), each
 * Cast from float16 an Identity, and float16 initializers float32 ones. A fed float16 graph input is carried too (the
 * model converts the bits it is fed), and so is a float16 graph output that a rounding or a value-moving node of
 * carried values makes (the model converts it back to bits); the values of a node this does not know to carry (an
 * operator of float16 outputs that is none of the above) stay float16, which the lowering refuses by name.
 */
import type { Attribute, ElementType, Graph, Node, Tensor, ValueInfo } from '../ir.js';
import { halfsToFloats } from '../../numerics/float16.js';
import { dependencyOrder } from '../view.js';

/** The operators onnxruntime's CPU provider (wasm) runs on float16 data itself: those that only move values. */
export const FLOAT16_KERNELS: ReadonlySet<string> = new Set([
  'Cast',
  'Identity',
  'Reshape',
  'Squeeze',
  'Unsqueeze',
  'Flatten',
  'Transpose',
  'Concat',
  'Split',
  'Slice',
  'Gather',
  'Expand',
  'Tile',
  'Shape',
  'Size',
]);

const FLOAT16 = 10;
const FLOAT = 1;

/** onnxruntime's type groups for cast pairs, and the bits of each type. */
const GROUP: Partial<Record<ElementType, number>> = {
  bool: 0,
  int8: 1,
  int32: 1,
  int64: 1,
  uint8: 2,
  float16: 3,
  float32: 3,
  double: 3,
};
const BITS: Partial<Record<ElementType, number>> = {
  bool: 1,
  int8: 8,
  uint8: 8,
  float16: 16,
  int32: 32,
  float32: 32,
  int64: 64,
  double: 64,
};

/**
 * Whether a cast from `src` to `dst` may lose what a cast pair would have to keep (onnxruntime's rule): unknown
 * types, signed or float to unsigned, float to non-float, an integer to a type no wider, a narrowing one unless this
 * pass inserted it (`inserted`: its casts around float32 nodes lose nothing by design).
 */
function unsafeCast(src: ElementType | null, dst: ElementType | null, inserted: boolean): boolean {
  const gs = src === null ? undefined : GROUP[src];
  const gd = dst === null ? undefined : GROUP[dst];
  if (gs === undefined || gd === undefined) return true;
  if (gs !== 0 && gs !== 2 && gd === 2) return true;
  if (gs === 3 && gd !== 3) return true;
  const bs = BITS[src!]!,
    bd = BITS[dst!]!;
  if (gs === 2 && gd === 1) return bd <= bs;
  if ((gs === 1 || gs === 2) && gd === 3) return bd <= bs;
  return bs > bd && !inserted;
}

const castTo = (n: Node): number => {
  const a = n.attributes.get('to');
  return a?.kind === 'int' ? a.value : -1;
};
const hasSubgraph = (n: Node): boolean => [...n.attributes.values()].some((a) => a.kind === 'graph');

/** Whether the graph holds a float16 value (an initializer, input or inferred value): the pass has work. */
export function holdsFloat16(g: Graph): boolean {
  for (const t of g.initializers.values()) if (t.type === 'float16') return true;
  for (const v of g.valueInfo.values()) if (v.type === 'float16') return true;
  for (const v of g.inputs) if (v.type === 'float16') return true;
  return false;
}

function typesOf(g: Graph): Map<string, ElementType | null> {
  const t = new Map<string, ElementType | null>();
  for (const v of g.valueInfo.values()) t.set(v.name, v.type);
  for (const v of g.inputs) t.set(v.name, v.type);
  for (const v of g.outputs) t.set(v.name, v.type);
  for (const [k, v] of g.initializers) t.set(k, v.type);
  return t;
}

export function float16AsFloat32(g: Graph): Graph {
  const type = typesOf(g);
  const shape = new Map<string, ValueInfo['shape']>();
  for (const v of [...g.valueInfo.values(), ...g.inputs, ...g.outputs]) shape.set(v.name, v.shape);
  for (const [k, v] of g.initializers) shape.set(k, v.dims);
  const isHalf = (x: string) => x !== '' && type.get(x) === 'float16';
  const graphOutputs = new Set(g.outputs.map((o) => o.name));
  const taken = new Set<string>([...type.keys(), ...g.nodes.flatMap((n) => [...n.inputs, ...n.outputs, n.name])]);
  const fresh = (base: string) => {
    let s = base;
    for (let k = 1; taken.has(s); k++) s = `${base}_${k}`;
    taken.add(s);
    return s;
  };
  const declare = (name: string, t: ElementType, like: string) => {
    type.set(name, t);
    shape.set(name, shape.get(like) ?? null);
  };
  const producer = new Map<string, Node>();
  for (const n of g.nodes) for (const o of n.outputs) if (o !== '') producer.set(o, n);

  // 1-2: which nodes run in float32 between casts
  const cast32 = new Set<Node>();
  for (const n of g.nodes)
    if (n.inputs.some(isHalf) && !(n.domain === '' && FLOAT16_KERNELS.has(n.opType))) cast32.add(n);
  const readers = new Map<string, Node[]>();
  for (const n of g.nodes) for (const x of n.inputs) if (x !== '') readers.set(x, [...(readers.get(x) ?? []), n]);
  // isolated: every float16 input made by a node comes from one that needs casts (initializers and graph inputs
  // aside), and every reader of a float16 output needs casts
  for (const n of g.nodes) {
    if (cast32.has(n) || hasSubgraph(n) || n.outputs.some((o) => graphOutputs.has(o))) continue;
    if (!n.inputs.some((x) => producer.has(x)) || !n.inputs.some(isHalf)) continue;
    if (!n.inputs.every((x) => !isHalf(x) || !producer.has(x) || cast32.has(producer.get(x)!))) continue;
    const halfOuts = n.outputs.filter(isHalf);
    if (!halfOuts.length) continue;
    if (!halfOuts.every((o) => (readers.get(o) ?? []).every((m) => cast32.has(m)))) continue;
    cast32.add(n);
  }

  // 3: the casts around them, in dependency order
  const available = new Set<string>(['', ...g.initializers.keys(), ...g.inputs.map((v) => v.name)]);
  const { order, blocked } = dependencyOrder(g.nodes, available);
  const nodes: Node[] = [];
  const inserted: Node[] = [];
  const toFloat = new Map<string, string>();
  const cast = (x: string, y: string, to: number): Node => {
    const c: Node = {
      name: fresh(`InsertedCast_${to === FLOAT ? x : y}`),
      opType: 'Cast',
      domain: '',
      inputs: [x],
      outputs: [y],
      attributes: new Map<string, Attribute>([['to', { kind: 'int', value: to }]]),
    };
    inserted.push(c);
    return c;
  };
  // copies whose inputs step 4 renames in place (the graph given is not changed)
  const copyOf = new Map<Node, Node>();
  for (const n of [...order, ...blocked]) {
    if (!cast32.has(n)) {
      const c = { ...n, inputs: [...n.inputs] };
      copyOf.set(n, c);
      nodes.push(c);
      continue;
    }
    const inputs = n.inputs.map((x) => {
      if (!isHalf(x)) return x;
      let f = toFloat.get(x);
      if (!f) {
        f = fresh(`InsertedCast_${x}`);
        declare(f, 'float32', x);
        toFloat.set(x, f);
        nodes.push(cast(x, f, FLOAT));
      }
      return f;
    });
    const after: Node[] = [];
    const outputs = n.outputs.map((o) => {
      if (!isHalf(o)) return o;
      const f = fresh(`InsertedCast_${o}`);
      declare(f, 'float32', o);
      after.push(cast(f, o, FLOAT16));
      return f;
    });
    const attributes = new Map(n.attributes);
    const dtype = attributes.get('dtype');
    if (dtype?.kind === 'int' && dtype.value === FLOAT16) attributes.set('dtype', { kind: 'int', value: FLOAT });
    const c = { ...n, inputs, outputs, attributes };
    copyOf.set(n, c);
    nodes.push(c, ...after);
  }

  // 4: cast pairs cancel (the original nodes in file order, then the inserted ones)
  const live = new Set(nodes);
  const insertedSet = new Set(inserted);
  const rename = (from: string, to: string) => {
    for (const m of nodes)
      if (live.has(m)) for (let k = 0; k < m.inputs.length; k++) if (m.inputs[k] === from) m.inputs[k] = to;
  };
  for (const first of [...g.nodes.map((n) => copyOf.get(n)!), ...inserted]) {
    const a = first;
    if (!live.has(a) || a.opType !== 'Cast' || a.domain !== '') continue;
    const src = type.get(a.inputs[0]) ?? null,
      dst = type.get(a.outputs[0]) ?? null;
    const loss = unsafeCast(src, dst, insertedSet.has(a));
    // one per reading edge, as onnxruntime counts them
    const children: Node[] = [];
    for (const m of nodes) if (live.has(m)) for (const x of m.inputs) if (x === a.outputs[0]) children.push(m);
    const drop: Node[] = [];
    const keep: Node[] = [];
    let inconsistent = false;
    for (const c of children) {
      if (c.opType !== 'Cast' || c.domain !== '') continue;
      const s1 = type.get(c.inputs[0]) ?? null,
        d1 = type.get(c.outputs[0]) ?? null;
      if (loss && unsafeCast(d1, s1, insertedSet.has(c))) {
        inconsistent = true;
        break;
      }
      if (!graphOutputs.has(c.outputs[0]) && src === d1 && s1 === dst) drop.push(c);
      else keep.push(c);
    }
    if (inconsistent) continue;
    for (const c of drop) {
      if (!live.has(c)) continue;
      live.delete(c);
      rename(c.outputs[0], a.inputs[0]);
    }
    if (children.length > 0 && drop.length + keep.length === children.length && !graphOutputs.has(a.outputs[0])) {
      live.delete(a);
      rename(a.outputs[0], a.inputs[0]);
    }
  }
  const kept = nodes.filter((n) => live.has(n));

  // float32 only: float16 values of nodes known to carry them become float32 ones
  const carried = new Set<string>();
  for (const [k, t] of g.initializers) if (t.type === 'float16') carried.add(k);
  // a fed float16 input is fed as bits and held as the float32 values they are (executor/plan.ts converts)
  for (const v of g.inputs) if (v.type === 'float16' && !g.initializers.has(v.name)) carried.add(v.name);
  const out: Node[] = [];
  for (const n of kept) {
    if (n.domain === '' && n.opType === 'Cast' && castTo(n) === FLOAT16 && n.outputs.length === 1) {
      const x = n.inputs[0];
      const fromFloat = type.get(x) === 'float32' || carried.has(x);
      out.push(
        fromFloat
          ? { ...n, domain: 'i8conv', opType: 'RoundFloat16', attributes: new Map() }
          : { ...n, attributes: new Map<string, Attribute>([['to', { kind: 'int', value: FLOAT }]]) },
      );
      if (!fromFloat)
        out.push({
          name: fresh(`${n.name}_round`),
          opType: 'RoundFloat16',
          domain: 'i8conv',
          inputs: [n.outputs[0]],
          outputs: [n.outputs[0]],
          attributes: new Map(),
        });
      carried.add(n.outputs[0]);
      continue;
    }
    if (
      n.domain === '' &&
      n.opType === 'Cast' &&
      isHalf(n.inputs[0]) &&
      carried.has(n.inputs[0]) &&
      castTo(n) === FLOAT
    ) {
      out.push({ ...n, opType: 'Identity', attributes: new Map() });
      continue;
    }
    if (n.domain === '' && FLOAT16_KERNELS.has(n.opType) && n.inputs.filter(isHalf).every((x) => carried.has(x)))
      for (const o of n.outputs) if (isHalf(o)) carried.add(o);
    out.push(n);
  }
  // a value written in place above (the Cast from an integer, then its rounding) gets a name of its own
  const fixed = splitInPlace(out, fresh, (a, b) => {
    carried.add(a);
    declare(a, 'float32', b);
  });
  const inputsAndOutputs = new Set([...g.inputs, ...g.outputs].map((v) => v.name));
  const valueInfo = new Map<string, ValueInfo>();
  for (const [name, t] of type) {
    if (name === '' || g.initializers.has(name) || inputsAndOutputs.has(name)) continue;
    const info = g.valueInfo.get(name);
    const asFloat = t === 'float16' && carried.has(name);
    valueInfo.set(name, {
      name,
      type: asFloat ? 'float32' : t,
      onnxElemType: asFloat ? FLOAT : (info?.onnxElemType ?? 0),
      shape: shape.get(name) ?? null,
    });
  }
  const initializers = new Map<string, Tensor>();
  for (const [k, t] of g.initializers)
    initializers.set(
      k,
      t.type === 'float16' && carried.has(k)
        ? { name: k, type: 'float32', dims: t.dims, data: halfsToFloats(t.data as Uint16Array) }
        : t,
    );
  // float16 inputs and outputs carried as float32 (an output: what a rounding or a value-moving node made), declared
  // float32 here; the loader tells the model which they were (FLOAT16_IO)
  const asFloat = (v: ValueInfo): ValueInfo =>
    v.type === 'float16' && carried.has(v.name) ? { ...v, type: 'float32', onnxElemType: FLOAT } : v;
  return {
    ...g,
    nodes: fixed,
    initializers,
    valueInfo,
    inputs: g.inputs.map(asFloat),
    outputs: g.outputs.map(asFloat),
  };
}

/** The fed inputs and the outputs a graph declares float16 (before the pass): those the pass may carry as float32. */
export function float16IO(g: Graph): Set<string> {
  const r = new Set<string>();
  for (const v of g.inputs) if (v.type === 'float16' && !g.initializers.has(v.name)) r.add(v.name);
  for (const v of g.outputs) if (v.type === 'float16') r.add(v.name);
  return r;
}

/** A node that writes its own input (the rounding after a Cast from an integer) writes a fresh value instead, which
 * the later nodes read. */
function splitInPlace(
  nodes: Node[],
  fresh: (base: string) => string,
  declared: (name: string, like: string) => void,
): Node[] {
  const renamed = new Map<string, string>();
  return nodes.map((n) => {
    const inputs = n.inputs.map((x) => renamed.get(x) ?? x);
    if (n.outputs.length === 1 && n.inputs.length === 1 && n.outputs[0] === n.inputs[0]) {
      const y = fresh(`${n.outputs[0]}_rounded`);
      declared(y, n.outputs[0]);
      renamed.set(n.outputs[0], y);
      return { ...n, inputs, outputs: [y] };
    }
    return inputs.some((x, k) => x !== n.inputs[k]) ? { ...n, inputs } : n;
  });
}
