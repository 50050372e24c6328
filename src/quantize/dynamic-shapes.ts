/**
 * The written model's shapes as the float model declares them. The quantizer binds the symbolic input dims
 * (`inputShapes`) and folds what the bound shapes decide (prepare.ts): a `Shape -> Gather -> Concat -> Reshape` chain
 * becomes a constant of the calibration shape. Written that way, a model declared `1 x 1 x 64 x width` would compute
 * the calibration width's shapes whatever width it is fed. `restoreShapeComputations` puts such computations back:
 * every initializer of the written graph that the float model computes from the shapes of its inputs is computed
 * again by the float model's own nodes (converted to opset 13 like the rest), reading the written graph's values of
 * the same names (a shape computation reads only the shapes of non-constant values, which quantization keeps). Where
 * one cannot be restored (a value it reads is gone from the written graph), nothing is restored and the written model
 * declares the bound dims instead of the symbolic ones (its inputs, and its outputs where the declared shape
 * disagrees), with a note: the model then says what it runs.
 */
import type { Dim, Graph, Node, Tensor, ValueInfo } from '../model/graph/ir.js';
import { dependencyOrder } from '../model/graph/view.js';
import { toOpset13 } from './opset.js';

/** The result: the graph to write, and a note where the model stays fixed to the bound shapes. */
export interface RestoredShapes {
  graph: Graph;
  note?: string;
}

const symbolic = (shape: readonly Dim[] | null): boolean => !!shape && shape.some((d) => typeof d !== 'number');

/**
 * The operators a restored shape computation may run (default domain): shape arithmetic and index plumbing. A value
 * reached through any other (a Conv whose output only a Shape reads, say) is not computed again: that would run the
 * float operator at every run for its dims alone.
 */
const SHAPE_OPS = new Set([
  'Shape',
  'Size',
  'Constant',
  'ConstantOfShape',
  'Gather',
  'GatherElements',
  'Unsqueeze',
  'Squeeze',
  'Concat',
  'Slice',
  'Split',
  'Reshape',
  'Flatten',
  'Expand',
  'Tile',
  'Transpose',
  'Identity',
  'Cast',
  'Range',
  'Add',
  'Sub',
  'Mul',
  'Div',
  'Mod',
  'Neg',
  'Abs',
  'Floor',
  'Ceil',
  'Round',
  'Sqrt',
  'Pow',
  'Max',
  'Min',
  'Equal',
  'Less',
  'LessOrEqual',
  'Greater',
  'GreaterOrEqual',
  'Not',
  'And',
  'Or',
  'Where',
  'ReduceProd',
  'ReduceSum',
  'ReduceMax',
  'ReduceMin',
]);

/**
 * `written` (the quantized graph, its declared inputs and outputs the float model's) with the shape computations of
 * `float` (the float model as read) restored; `bound` is the prepared float graph (bound dims: its value ranks and
 * shapes), `inputShapes` the binding.
 */
export function restoreShapeComputations(
  float: Graph,
  written: Graph,
  bound: Graph,
  inputShapes: Record<string, number[]>,
): RestoredShapes {
  const floatInits = new Set(float.initializers.keys());
  if (!float.inputs.some((v) => !floatInits.has(v.name) && symbolic(v.shape) && inputShapes[v.name]))
    return { graph: written };
  const producer = new Map<string, Node>();
  for (const n of float.nodes) for (const o of n.outputs) if (o !== '') producer.set(o, n);
  const isConstNode = (n: Node) => n.opType === 'Constant' && n.domain === '' && n.inputs.length === 0;
  // values the written graph computes or is fed (an initializer there that the float model computes is not one)
  const present = new Set<string>(written.inputs.map((v) => v.name));
  for (const n of written.nodes) for (const o of n.outputs) if (o !== '') present.add(o);
  // the float model's nodes to add back, and whether each value depends on a non-constant value
  const added = new Set<Node>();
  const dynamic = new Map<string, boolean>();
  const missing: string[] = [];
  /** Whether v is computed from non-constant values; the nodes it needs are collected (v not present in written). */
  const visit = (v: string, stack: Set<string>): boolean => {
    if (v === '') return false;
    const known = dynamic.get(v);
    if (known !== undefined) return known;
    if (present.has(v)) {
      dynamic.set(v, true);
      return true;
    }
    if (floatInits.has(v)) {
      dynamic.set(v, false);
      return false;
    }
    const n = producer.get(v);
    if (!n || stack.has(v) || n.domain !== '' || !SHAPE_OPS.has(n.opType)) {
      // read by the float model's computation but neither present nor computable here
      missing.push(v);
      dynamic.set(v, true);
      return true;
    }
    stack.add(v);
    let dyn = false;
    if (!isConstNode(n)) for (const x of n.inputs) if (visit(x, stack)) dyn = true;
    stack.delete(v);
    dynamic.set(v, dyn);
    return dyn;
  };
  const restored: string[] = [];
  for (const name of written.initializers.keys()) {
    if (floatInits.has(name) || !producer.get(name) || isConstNode(producer.get(name)!)) continue;
    if (visit(name, new Set())) restored.push(name);
  }
  if (!restored.length) return { graph: written };
  if (missing.length) return pinned(float, written, bound, inputShapes, missing);
  // the nodes the restored values need, in the float model's order
  const need = new Set<string>();
  const restoredSet = new Set(restored);
  // a constant the written graph holds (one the float model folds without the bound dims, too) stays an initializer
  const kept = (v: string) => written.initializers.has(v) && !restoredSet.has(v);
  const collect = (v: string) => {
    if (v === '' || need.has(v) || present.has(v) || floatInits.has(v) || kept(v)) return;
    need.add(v);
    const n = producer.get(v)!;
    if (added.has(n)) return;
    added.add(n);
    if (!isConstNode(n)) n.inputs.forEach(collect);
  };
  restored.forEach(collect);
  const nodes = float.nodes.filter((n) => added.has(n));
  const reads = new Set(nodes.flatMap((n) => n.inputs));
  const consts = new Map<string, Tensor>();
  for (const x of reads)
    if (floatInits.has(x) && !written.initializers.has(x)) consts.set(x, float.initializers.get(x)!);
  const vi = bound.valueInfo;
  let part: Graph;
  try {
    part = toOpset13(
      { ...float, nodes, initializers: consts, inputs: [], outputs: [], valueInfo: new Map() },
      (v) => vi.get(v)?.shape?.length,
    );
  } catch {
    // an operator the opset rewrite does not carry over
    return pinned(float, written, bound, inputShapes, restored);
  }
  const initializers = new Map(written.initializers);
  for (const name of restored) initializers.delete(name);
  for (const [k, t] of part.initializers) if (!initializers.has(k)) initializers.set(k, t);
  const available = new Set<string>([...written.inputs.map((v) => v.name), ...initializers.keys()]);
  // node names stay unique (onnxruntime refuses two nodes of one name)
  const named = new Set(written.nodes.map((n) => n.name).filter((x) => x !== ''));
  const renamed = part.nodes.map((n) => {
    if (n.name === '' || !named.has(n.name)) return n;
    let name = n.name;
    for (let k = 1; named.has(name); k++) name = `${n.name}_${k}`;
    named.add(name);
    return { ...n, name };
  });
  const all = [...written.nodes, ...renamed];
  const { order, blocked } = dependencyOrder(all, available);
  // a cycle or an input nobody computes: keep the bound graph, declared as bound
  if (blocked.length) return pinned(float, written, bound, inputShapes, blocked.flatMap((n) => n.outputs).slice(0, 3));
  return { graph: { ...written, nodes: order, initializers } };
}

/** `written` declaring the bound dims: its inputs, and its outputs whose declared shape disagrees with the bound one. */
function pinned(
  float: Graph,
  written: Graph,
  bound: Graph,
  inputShapes: Record<string, number[]>,
  why: readonly string[],
): RestoredShapes {
  const boundOut = new Map(bound.outputs.map((v) => [v.name, v]));
  const agrees = (declared: readonly Dim[] | null, b: readonly Dim[] | null) =>
    !declared ||
    !b ||
    (declared.length === b.length &&
      declared.every((d, k) => typeof d !== 'number' || typeof b[k] !== 'number' || d === b[k]));
  const inputs = written.inputs.map(
    (v): ValueInfo => (inputShapes[v.name] ? { ...v, shape: [...inputShapes[v.name]] } : v),
  );
  const outputs = written.outputs.map((v): ValueInfo => {
    const b = boundOut.get(v.name)?.shape ?? null;
    return b && !agrees(v.shape, b) ? { ...v, shape: [...b] } : b && symbolic(v.shape) ? { ...v, shape: [...b] } : v;
  });
  const names = float.inputs.filter((v) => symbolic(v.shape) && inputShapes[v.name]).map((v) => v.name);
  return {
    graph: { ...written, inputs, outputs },
    note: `the float model computes shapes from its inputs' dims that the quantized graph cannot compute again (${why.slice(0, 3).join(', ')} not available): the written model is fixed to the calibration dims of ${names.join(', ')} and declares them`,
  };
}
