/**
 * Pass: bind the graph inputs' shapes and infer every value's element type and static shape.
 *
 * `inputShapes` (as `rt.loadModel` takes it: graph input name -> dims) gives the dims of an input; an input
 * without a binding keeps its declared shape, which must then be all numbers. The nodes are walked in dependency
 * order (ties in file order, as the reference executor) with the shape rule the operator table
 * (src/model/lowering/registry.ts, rules in ../shape-rules.ts) gives each operator; the constant
 * evaluators of fold-constants.ts run as it goes, so a Reshape / Slice / Squeeze / Unsqueeze / Pad / Resize whose
 * shape input comes out of Shape -> Gather -> Concat plumbing still infers. The result is the same graph with
 * numeric input shapes and a `valueInfo` entry (type and dims) for every node output; graph outputs are
 * annotated too. Nodes are not changed (run fold-constants afterwards to replace the plumbing).
 *
 * Everything that does not infer is `I8ConvError` `BAD_SHAPE`, naming the node (index, op type, name) and the
 * input: a symbolic or unknown input dim without a binding, a binding of the wrong rank or that contradicts a
 * fixed dim (or the same symbol bound to two sizes), an incompatible broadcast, a bad reshape, a shape-carrying
 * input that is not a constant after folding, channel or rank mismatches, an empty pooling / conv output. An
 * operator with no shape rule in the table is UNSUPPORTED_OP, every such node named in one error.
 *
 * Subgraphs (If's branches): a node waits for the values of the enclosing graph its subgraphs read (../subgraphs.ts),
 * and its shape rule may infer a subgraph (`ShapeContext.subgraph`) with the enclosing scope's values and constants
 * in view, its declared inputs (none for an If read from a file; a lifted If's captures) bound to the node's inputs
 * 1, 2, ...; the node comes back with each subgraph it inferred annotated the same way (its outputs typed and
 * shaped, a `valueInfo` entry for every node output inside).
 * `opts.lenient` (the quantizer's preparation: its float executor, not this runtime, runs the model): a node whose
 * operator has no shape rule, or whose rule refuses it, gets outputs of unknown shape instead of an error, the nodes
 * they feed too, and each such node is described in `opts.unknown`; input bindings are still checked.
 * Pure: the input graph is not changed.
 */
import { I8ConvError } from '../../../errors.js';
import type { Graph, Node, Tensor, ValueInfo } from '../ir.js';
import { RunTimeShapeError, shapeContext, type ShapeInfo } from '../shape-rules.js';
import { evaluateConstant } from './fold-constants.js';
import { readsOf } from '../subgraphs.js';
import { IndexHeap } from '../view.js';
import { rowFor } from '../../lowering/registry.js';
import { unsupportedModel } from '../../executor/step.js';

type Info = ShapeInfo;

function bad(param: string, message: string): never {
  throw new I8ConvError('BAD_SHAPE', `${param}: ${message}`, param);
}

/** An operator the runtime has no shape rule for, so none it runs either (inferShapes reports them together). */
class NoShapeRule extends Error {}

/** What a subgraph sees of the graphs around it: every value inferred and every constant folded there so far, and
 * what its own declared inputs are bound to (the holding node's inputs 1, 2, ...). */
interface Scope {
  info: ReadonlyMap<string, Info>;
  consts: ReadonlyMap<string, Tensor>;
  bound: ReadonlyMap<string, { info: Info; constant?: Tensor }>;
}

/** What inferShapes found that only the run can give (InferOptions.runTime). */
export interface RunTimeShapes {
  /** the nodes whose output dims the run decides (a RunTimeShapeError of their rule), every read known, in order */
  nodes: Node[];
  /** their refusals, by node */
  errors: Map<Node, I8ConvError>;
  /** the values of unknown dims: those nodes' outputs and everything computed from them */
  unknown: Set<string>;
  /** every value known as a constant (initializers and what folded), by name */
  consts: Map<string, Tensor>;
  /** the known values' types and dims */
  info: Map<string, ShapeInfo>;
}

export interface InferOptions {
  /** unknown shapes instead of errors at nodes (see the header) */
  lenient?: boolean;
  /**
   * the loader's split (executor/staged.ts): a node whose rule needs a value the run computes (RunTimeShapeError)
   * is recorded here and its outputs, and what they feed, left unknown; every other refusal is still an error (the
   * nodes of no shape rule downstream too), so that the split is only ever of a model the runtime can run
   */
  runTime?: RunTimeShapes;
  /** with `lenient`: one line per node whose outputs were left unknown, and why */
  unknown?: string[];
}

export function inferShapes(graph: Graph, inputShapes: Record<string, number[]> = {}, opts: InferOptions = {}): Graph {
  return inferGraph(graph, inputShapes, undefined, opts);
}

function inferGraph(
  graph: Graph,
  inputShapes: Record<string, number[]>,
  scope?: Scope,
  opts: InferOptions = {},
): Graph {
  const info = new Map<string, Info>(scope?.info ?? []);
  const consts = new Map<string, Tensor>(scope?.consts ?? []);
  const inputNames = new Set(graph.inputs.map((v) => v.name));
  for (const [name, t] of graph.initializers) {
    info.set(name, { type: t.type, dims: [...t.dims] });
    if (!inputNames.has(name)) consts.set(name, t);
  }

  // Bind the graph inputs.
  for (const name of Object.keys(inputShapes))
    if (!inputNames.has(name)) bad(`inputShapes.${name}`, `${JSON.stringify(name)} is not a graph input`);
  const symbols = new Map<string, number>();
  const inputs: ValueInfo[] = graph.inputs.map((v) => {
    const param = `input ${JSON.stringify(v.name)}`;
    if (scope) {
      // a subgraph's declared input: the value of the enclosing graph it is bound to
      const b = scope.bound.get(v.name) ?? bad(param, 'the subgraph input is bound to no value');
      info.set(v.name, { type: b.info.type, dims: [...b.info.dims] });
      if (b.constant) consts.set(v.name, b.constant);
      else consts.delete(v.name);
      return { ...v, type: b.info.type, shape: [...b.info.dims] };
    }
    const bound = Object.hasOwn(inputShapes, v.name) ? inputShapes[v.name] : undefined;
    let dims: number[];
    if (bound !== undefined) {
      if (!Array.isArray(bound) || bound.some((d) => typeof d !== 'number' || !Number.isInteger(d) || d < 0))
        bad(param, `inputShapes gives ${JSON.stringify(bound)}, not an array of non-negative integers`);
      if (v.shape && v.shape.length !== bound.length)
        bad(
          param,
          `inputShapes gives rank ${bound.length} ([${bound}]), the model declares rank ${v.shape.length} ([${v.shape.map((d) => d ?? '?')}])`,
        );
      v.shape?.forEach((d, i) => {
        if (typeof d === 'number' && d !== bound[i])
          bad(param, `inputShapes gives dim ${i} = ${bound[i]}, the model fixes it at ${d}`);
        if (typeof d === 'string') {
          const prev = symbols.get(d);
          if (prev !== undefined && prev !== bound[i])
            bad(param, `dim ${i} (${JSON.stringify(d)}) is bound to ${bound[i]}, and to ${prev} in another input`);
          symbols.set(d, bound[i]);
        }
      });
      dims = [...bound];
    } else if (graph.initializers.has(v.name)) {
      dims = [...graph.initializers.get(v.name)!.dims];
    } else {
      if (!v.shape) bad(param, 'the model declares no shape and inputShapes binds none');
      const k = v.shape.findIndex((d) => typeof d !== 'number');
      if (k >= 0)
        bad(
          param,
          `dim ${k} is ${v.shape[k] === null ? 'unknown' : `symbolic (${JSON.stringify(v.shape[k])})`} and inputShapes binds none`,
        );
      dims = v.shape as number[];
    }
    const type = v.type ?? graph.initializers.get(v.name)?.type;
    if (!type) bad(param, `no element type the runtime carries (ONNX type ${v.onnxElemType})`);
    info.set(v.name, { type, dims });
    return { ...v, type, shape: [...dims] };
  });

  // Dependency order, ties in file order. A node of an operator with no shape rule is one the runtime cannot run:
  // its outputs become unknown, the nodes they feed are skipped, and all such nodes are named together at the end
  // (UNSUPPORTED_OP), as the lowering names every node it cannot run.
  const reads = graph.nodes.map(readsOf);
  // Kahn's order, lowest index first among the ready (the first node in file order whose reads are all known or
  // unknown): waiting[i] counts node i's distinct reads not yet known, readers lists the nodes waiting on a value
  const waiting = new Int32Array(graph.nodes.length);
  const readers = new Map<string, number[]>();
  reads.forEach((r, i) => {
    for (const n of new Set(r)) {
      if (info.has(n)) continue;
      waiting[i]++;
      const l = readers.get(n);
      if (l) l.push(i);
      else readers.set(n, [i]);
    }
  });
  const ready = new IndexHeap();
  waiting.forEach((w, i) => w === 0 && ready.push(i));
  const done = new Uint8Array(graph.nodes.length);
  let left = graph.nodes.length;
  /** the nodes waiting on the outputs of node `p` (processed: each output now known, unknown, or never produced) */
  const release = (p: number): void => {
    for (const o of graph.nodes[p].outputs) {
      if (o === '' || !(info.has(o) || unknown.has(o))) continue;
      const l = readers.get(o);
      if (!l) continue;
      readers.delete(o);
      for (const c of l) if (--waiting[c] === 0) ready.push(c);
    }
  };
  let prev = -1;
  /** If nodes (and any node with subgraphs) with the subgraphs their rule inferred, annotated */
  const replaced = new Map<Node, Node>();
  const valueInfo = new Map(graph.valueInfo);
  const unknown = new Set<string>();
  const noRule: string[] = [];
  for (;;) {
    if (prev >= 0) release(prev);
    if (left === 0) break;
    if (ready.size === 0) {
      const i = done.indexOf(0);
      const missing = reads[i].find((n) => !info.has(n))!;
      bad(
        `node ${i} (${graph.nodes[i].opType} ${JSON.stringify(graph.nodes[i].name)})`,
        `input ${JSON.stringify(missing)} is never produced (or the graph has a cycle)`,
      );
    }
    const i = ready.pop();
    done[i] = 1;
    left--;
    prev = i;
    const node = graph.nodes[i];
    const opset = graph.opsetImports.get(node.domain) ?? 1;
    if (reads[i].some((n) => unknown.has(n))) {
      // fed by such a node: its own shape cannot be inferred; it is named too when its operator has no rule either
      // (the rules reach for their inputs only for the operators they know)
      try {
        inferNode(graph, node, i, opset, info, consts, replaced);
      } catch (e) {
        if (e instanceof NoShapeRule && !opts.lenient)
          noRule.push(
            `node ${JSON.stringify(node.name || `${node.opType}#${i}`)} (${node.domain ? `${node.domain}.` : ''}${node.opType}): ${e.message}`,
          );
      }
      node.outputs.forEach((n) => n !== '' && unknown.add(n));
      continue;
    }
    let outs: Info[];
    try {
      outs = inferNode(graph, node, i, opset, info, consts, replaced);
    } catch (e) {
      if (opts.lenient && (e instanceof NoShapeRule || e instanceof I8ConvError)) {
        opts.unknown?.push(
          `node ${JSON.stringify(node.name || `${node.opType}#${i}`)} (${node.domain ? `${node.domain}.` : ''}${node.opType}): ${e.message.replace(/^\[[A-Z_]+\] /, '')}`,
        );
        node.outputs.forEach((n) => n !== '' && unknown.add(n));
        continue;
      }
      if (opts.runTime && e instanceof RunTimeShapeError && !scope) {
        opts.runTime.nodes.push(node);
        opts.runTime.errors.set(node, e);
        node.outputs.forEach((n) => n !== '' && unknown.add(n));
        continue;
      }
      if (!(e instanceof NoShapeRule)) throw e;
      noRule.push(
        `node ${JSON.stringify(node.name || `${node.opType}#${i}`)} (${node.domain ? `${node.domain}.` : ''}${node.opType}): ${e.message}`,
      );
      node.outputs.forEach((n) => n !== '' && unknown.add(n));
      continue;
    }
    node.outputs.forEach((name, j) => {
      if (name === '' || !outs[j]) return;
      info.set(name, outs[j]);
      valueInfo.set(name, {
        name,
        type: outs[j].type,
        onnxElemType: graph.valueInfo.get(name)?.onnxElemType ?? 0,
        shape: [...outs[j].dims],
      });
    });
    // Fold as we go, so that later shape inputs are known.
    const constIns = node.inputs.map((n) => (n === '' ? undefined : consts.get(n)));
    let folded: Tensor[] | undefined;
    try {
      folded = node.domain === '' ? evaluateConstant(node, constIns, opset, (n) => info.get(n)?.dims) : undefined;
    } catch {
      folded = undefined;
    }
    folded?.forEach((t, j) => node.outputs[j] && consts.set(node.outputs[j], { ...t, name: node.outputs[j] }));
  }
  if (noRule.length) throw unsupportedModel(noRule);
  if (opts.runTime && !scope) {
    for (const n of unknown) opts.runTime.unknown.add(n);
    for (const [n, t] of consts) opts.runTime.consts.set(n, t);
    for (const [n, v] of info) opts.runTime.info.set(n, v);
  }
  const outputs = graph.outputs.map((o) => {
    const v = info.get(o.name);
    if (!v && (opts.lenient || opts.runTime) && unknown.has(o.name)) return o;
    if (!v) bad(`output ${JSON.stringify(o.name)}`, 'is never produced');
    return { ...o, type: v.type, shape: [...v.dims] };
  });
  const nodes = replaced.size ? graph.nodes.map((n) => replaced.get(n) ?? n) : graph.nodes;
  return { ...graph, inputs, outputs, valueInfo, nodes };
}

/** The node's outputs by its shape rule in the operator table; NoShapeRule where it has none. */
function inferNode(
  graph: Graph,
  node: Node,
  index: number,
  opset: number,
  info: Map<string, Info>,
  consts: Map<string, Tensor>,
  replaced: Map<Node, Node>,
): Info[] {
  const row = rowFor(node.domain, node.opType, opset);
  if (!row?.shape) {
    if (node.domain === 'i8conv' || node.domain === 'com.microsoft')
      throw new NoShapeRule(`the runtime has no operator ${node.opType} in domain "${node.domain}"`);
    if (node.domain !== '')
      throw new NoShapeRule(`the runtime runs no operator of domain ${JSON.stringify(node.domain)}`);
    throw new NoShapeRule(`the runtime has no operator ${node.opType}`);
  }
  const c = shapeContext(node, index, opset, info, consts);
  // a subgraph attribute inferred in this scope; the node is replaced by one holding the annotated subgraph
  c.subgraph = (attr: string): Info[] => {
    const a = node.attributes.get(attr);
    if (a?.kind !== 'graph') return c.fail(`attribute ${attr} is not a graph`);
    const g = a.value;
    const bound = new Map<string, { info: Info; constant?: Tensor }>();
    g.inputs.forEach((v, k) => {
      const src = node.inputs[k + 1];
      if (src === undefined || src === '' || !info.has(src))
        c.fail(`${attr}: its input ${k} (${JSON.stringify(v.name)}) is bound to no input of the node`);
      bound.set(v.name, { info: info.get(src)!, constant: consts.get(src) });
    });
    let inferred: Graph;
    try {
      inferred = inferGraph(
        { ...g, opsetImports: new Map([...graph.opsetImports, ...g.opsetImports]) },
        {},
        {
          info,
          consts,
          bound,
        },
      );
    } catch (e) {
      // name the holding node: a subgraph's node indices are its own
      if (e instanceof I8ConvError && (e.code === 'BAD_SHAPE' || e.code === 'UNSUPPORTED_OP'))
        throw new I8ConvError(
          e.code,
          `node ${index} (${node.opType} ${JSON.stringify(node.name)}), ${attr}: ${e.message.replace(/^\[[A-Z_]+\] /, '')}`,
          e.param,
        );
      throw e;
    }
    const held = replaced.get(node) ?? node;
    const attributes = new Map(held.attributes);
    attributes.set(attr, { kind: 'graph', value: { ...inferred, opsetImports: g.opsetImports } });
    replaced.set(node, { ...held, attributes });
    return inferred.outputs.map((o) => ({ type: o.type!, dims: o.shape as number[] }));
  };
  return row.shape(c);
}
