/**
 * Passes on If nodes, run by the loader right after constant folding (src/model/load.ts), on the loader's GraphView:
 *
 * - `inlineIfPass`: an If whose condition is a constant after folding (a Shape-derived test, an Equal of constants,
 *   ...) is replaced by the nodes of the branch it chooses: the branch's values renamed where a name is already taken,
 *   its declared inputs (a lifted If's) renamed to the values the If binds them to, its outputs renamed to the If's
 *   outputs (an output the branch does not compute, a value of the enclosing graph or an initializer, becomes an
 *   Identity of it), its initializers moved out under fresh names, its annotations (the shape pass annotated the
 *   branch: ./infer-shapes.ts) moved with its values. Folding runs again after each round, so that the conditions of
 *   Ifs the inlined nodes hold (Silero VAD's shape checks nest three deep) become constants in turn, until none is
 *   left. The other branch is dropped unseen: the shape pass never inferred it (its shapes need not infer).
 * - `liftIfCapturesPass`: every If left (a condition only the run decides) lists the values of the enclosing graph its
 *   branches read (../subgraphs.ts) as its inputs 1, 2, ..., and each branch declares them, in the same order, as its
 *   inputs (bound by position, so a later rewrite that renames the If's input leaves the branch as it is). Every later
 *   pass then sees those reads as edges (a fusion never takes a value a branch still reads), and the lowering plans
 *   each branch as a program of its own (src/model/backends/host/control.ts). The names defined inside the branches
 *   are reserved in the view, so that no later pass makes a value of the same name.
 * An If holding a lifted form (inputs past the condition) is ONNX's If with its implicit reads made explicit: the
 * reference executor runs both forms (kernels-ref/model/ops/If.ts).
 */
import type { Graph, Node, ValueInfo } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';
import { namesInside, outerReads, ownNames } from '../subgraphs.js';
import { foldConstantsPass } from './fold-constants.js';

const isIf = (n: Node): boolean => n.domain === '' && n.opType === 'If';

/** Renames what `node` reads (its inputs, and the outer reads of its subgraphs at any depth) by `map`. */
function renameReads(node: Node, map: ReadonlyMap<string, string>): Node {
  const to = (x: string): string => map.get(x) ?? x;
  let attributes = node.attributes;
  if ([...node.attributes.values()].some((a) => a.kind === 'graph')) {
    attributes = new Map(node.attributes);
    for (const [k, a] of node.attributes) {
      if (a.kind !== 'graph') continue;
      const own = ownNames(a.value);
      const inner = new Map([...map].filter(([from]) => !own.has(from)));
      attributes.set(k, {
        kind: 'graph',
        value: {
          ...a.value,
          nodes: a.value.nodes.map((n) => renameReads(n, inner)),
          outputs: a.value.outputs.map((o) => (inner.has(o.name) ? { ...o, name: inner.get(o.name)! } : o)),
        },
      });
    }
  }
  return { ...node, inputs: node.inputs.map((x) => (x === '' ? x : to(x))), attributes };
}

function branchOf(node: Node, cond: boolean): Graph | undefined {
  const a = node.attributes.get(cond ? 'then_branch' : 'else_branch');
  return a?.kind === 'graph' ? a.value : undefined;
}

/** Replaces one If of a constant condition by its chosen branch; false where the condition is not a constant. */
function inlineOne(v: GraphView, node: Node): boolean {
  const cond = v.constant(node.inputs[0] ?? '');
  if (!cond || cond.data.length !== 1) return false;
  const branch = branchOf(node, Boolean(cond.data[0]));
  if (!branch || branch.outputs.length !== node.outputs.length) return false;
  const map = new Map<string, string>();
  // the branch's declared inputs (a lifted If) are the values the If binds them to
  branch.inputs.forEach((b, k) => map.set(b.name, node.inputs[k + 1]));
  for (const [name, t] of branch.initializers) map.set(name, v.addInitializer(name, t.type, t.dims, t.data));
  const produced = new Set(branch.nodes.flatMap((n) => n.outputs).filter((o) => o !== ''));
  // a branch output its nodes compute takes the If output's name (once; a second mention is an Identity below)
  const outputOf = new Map<string, string>();
  branch.outputs.forEach((o, k) => {
    if (produced.has(o.name) && !outputOf.has(o.name) && node.outputs[k] !== '') outputOf.set(o.name, node.outputs[k]);
  });
  for (const name of produced) map.set(name, outputOf.get(name) ?? v.fresh(name));
  const nodes = branch.nodes.map((n) => {
    const r = renameReads(n, map);
    return { ...r, outputs: n.outputs.map((o) => (o === '' ? o : map.get(o)!)) };
  });
  branch.outputs.forEach((o, k) => {
    const y = node.outputs[k];
    if (y === '' || outputOf.get(o.name) === y) return;
    nodes.push({
      name: `${node.name || 'If'}/output_${k}`,
      opType: 'Identity',
      domain: '',
      inputs: [map.get(o.name) ?? o.name],
      outputs: [y],
      attributes: new Map(),
    });
  });
  for (const [name, info] of branch.valueInfo) {
    const to = map.get(name);
    // the If's outputs keep the annotations the shape pass gave them
    if (to !== undefined && produced.has(name) && !node.outputs.includes(to)) v.annotate({ ...info, name: to });
  }
  v.replaceWith(node, nodes);
  return true;
}

export function inlineIfPass(v: GraphView): void {
  for (;;) {
    let inlined = 0;
    for (const node of v.nodes) if (isIf(node) && inlineOne(v, node)) inlined++;
    if (!inlined) return;
    v.sortTopologically();
    foldConstantsPass(v);
  }
}

export function liftIfCapturesPass(v: GraphView): void {
  for (const node of v.nodes) {
    if (!isIf(node)) continue;
    const captures = outerReads(node);
    for (const name of namesInside(node)) v.fresh(name);
    if (!captures.length) continue;
    const declared: ValueInfo[] = captures.map((name) => ({
      name,
      type: v.typeOf(name),
      onnxElemType: 0,
      shape: v.dimsOf(name),
    }));
    const attributes = new Map(node.attributes);
    for (const [k, a] of node.attributes)
      if (a.kind === 'graph')
        attributes.set(k, { kind: 'graph', value: { ...a.value, inputs: [...a.value.inputs, ...declared] } });
    // a branch's existing inputs (an If lifted before) come first: its new ones bind to the inputs appended here
    v.replace([node], { ...node, inputs: [...node.inputs, ...captures], attributes });
  }
}

/** The graph with its Ifs of constant conditions inlined (inlineIfPass on a view of it). */
export function inlineIfs(graph: Graph): Graph {
  return runPasses(graph, inlineIfPass);
}
