/**
 * Which values onnxruntime's shape inference gives a shape (a rank at least) when it creates a session, as far as
 * MatMulScaleFusion needs it (fuse-matmul-scale.ts: onnxruntime skips an operand it knows no shape of). i8conv infers
 * every shape from the bound input sizes; onnxruntime infers from the declared ones, and a Reshape (Expand,
 * ConstantOfShape) gets a shape only where its shape input is a constant (onnxruntime folds Cast, Concat, Unsqueeze,
 * Gather, ... of constants, and a Shape of a value whose declared dims are all numbers) or is built, through Gather /
 * Slice / Cast / Unsqueeze / Squeeze / Concat, from constants and the dims of values whose declared dims are all
 * numbers or named parameters. A dim computed from a parameter (a Conv's columns from symbolic columns, known here as
 * unknown: ./declared-dims.ts) is taken to stop it: onnxruntime-web skips the fusion on the recognizers paddle2onnx
 * writes for PP-OCR (their reshapes take a dim computed from the symbolic width) and fuses where the input dims are
 * declared as numbers. So here:
 * - a constant (initializer, Constant node, or a node of the folded ops computed from constants only) is static; a
 *   declared graph input (its shape given) has a shape;
 * - a Reshape / Expand / ConstantOfShape output has one where its data input has one (if any) and its shape input is
 *   static or, for Reshape, built as above; every other node's outputs, where all its inputs have one.
 * `declared()`: the values' dims as onnxruntime knows them (null: every input declared with numbers). Returns, for
 * each value of the graph, whether onnxruntime knows a shape of it.
 */
import type { Dim, Graph, Node } from '../ir.js';

const FOLDED = new Set([
  'Cast',
  'Concat',
  'Unsqueeze',
  'Squeeze',
  'Gather',
  'Slice',
  'Identity',
  'Add',
  'Sub',
  'Mul',
  'Div',
  'Neg',
  'Range',
  'Reshape',
  'Equal',
  'Where',
  'Max',
  'Min',
  'Floor',
  'Ceil',
  'ReduceProd',
]);
/** operators whose output shape comes from an input's values: [shape input, data input (-1: none)] */
const SHAPED: Record<string, [number, number]> = { Reshape: [1, 0], Expand: [1, 0], ConstantOfShape: [0, -1] };

export function ortKnownShapes(
  graph: Graph,
  declared: () => ReadonlyMap<string, readonly Dim[]> | null,
): Map<string, boolean> {
  const { known, unknown } = ortShapes(graph, declared);
  const out = new Map<string, boolean>();
  for (const x of known) out.set(x, true);
  for (const x of unknown) out.set(x, false);
  return out;
}

/**
 * The values onnxruntime holds as constants when it creates a session (the `constant` set above: initializers,
 * Constant nodes, the folded operators of constants only, a Shape of a value of numeric declared dims).
 */
export function ortConstantValues(
  graph: Graph,
  declared: () => ReadonlyMap<string, readonly Dim[]> | null,
): Set<string> {
  return ortShapes(graph, declared).constant;
}

function ortShapes(
  graph: Graph,
  declared: () => ReadonlyMap<string, readonly Dim[]> | null,
): { known: Set<string>; unknown: Set<string>; constant: Set<string> } {
  const known = new Set<string>(),
    unknown = new Set<string>(),
    constant = new Set<string>();
  for (const name of graph.initializers.keys()) {
    known.add(name);
    constant.add(name);
  }
  for (const v of graph.inputs) if (v.shape) known.add(v.name);
  let decl: ReadonlyMap<string, readonly Dim[]> | null | undefined;
  const dimsOf = (x: string) => {
    if (decl === undefined) decl = declared();
    return decl;
  };
  /** every dim of x is a number (a Shape of it folds) */
  const numeric = (x: string): boolean => {
    const d = dimsOf(x);
    return d === null ? known.has(x) : (d.get(x)?.every((v) => typeof v === 'number') ?? false);
  };
  /** every dim of x is a number or a named parameter (a Shape of it carries through) */
  const named = (x: string): boolean => {
    const d = dimsOf(x);
    return d === null ? known.has(x) : (d.get(x)?.every((v) => v !== null) ?? false);
  };
  const producer = new Map<string, Node>();
  for (const n of graph.nodes) for (const o of n.outputs) if (o) producer.set(o, n);
  const fromDims = (x: string, depth = 0): boolean => {
    if (constant.has(x)) return true;
    const p = producer.get(x);
    if (!p || p.domain !== '' || depth > 8) return false;
    if (p.opType === 'Shape') return named(p.inputs[0]);
    if (p.opType === 'Concat') return p.inputs.every((i) => fromDims(i, depth + 1));
    if (['Cast', 'Unsqueeze', 'Squeeze', 'Gather', 'Slice'].includes(p.opType))
      return fromDims(p.inputs[0], depth + 1) && p.inputs.slice(1).every((i) => i === '' || constant.has(i));
    return false;
  };
  for (const n of graph.nodes) {
    const ins = n.inputs.filter((x) => x !== '');
    if (n.opType === 'Constant' && n.domain === '') {
      for (const o of n.outputs) {
        known.add(o);
        constant.add(o);
      }
      continue;
    }
    const isStatic =
      n.domain === '' &&
      ((n.opType === 'Shape' && ins.length > 0 && numeric(ins[0])) ||
        (FOLDED.has(n.opType) && ins.every((x) => constant.has(x))));
    const shaped = n.domain === '' ? SHAPED[n.opType] : undefined;
    const hasShape = shaped
      ? (constant.has(n.inputs[shaped[0]] ?? '') || (n.opType === 'Reshape' && fromDims(n.inputs[1] ?? ''))) &&
        (shaped[1] < 0 || known.has(n.inputs[shaped[1]] ?? ''))
      : ins.every((x) => known.has(x));
    for (const o of n.outputs) {
      if (!o) continue;
      if (isStatic) constant.add(o);
      if (hasShape || isStatic) known.add(o);
      else unknown.add(o);
    }
  }
  return { known, unknown, constant };
}
