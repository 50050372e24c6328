/**
 * The reference executor: a plain interpreter of the graph IR that defines what running a model means, bit for
 * bit, for the product's executor to be tested against.
 *
 * - Values: the initializers, then the feeds (a feed may replace an initializer that is also a graph input, as
 *   ONNX allows), then each node's outputs. A feed that names no graph input or does not match its declared type,
 *   rank or numeric dims, a graph input left unfed, a value produced twice, an input nobody produces, and a cycle
 *   are errors.
 * - Order: a node runs once all its inputs exist (Kahn's algorithm, ties in file order), so file order does not
 *   have to be topological.
 * - Operators: looked up by domain and op type in ops/index.ts (the default ONNX domain, 'com.microsoft' for its
 *   QLinear* contrib operators only, and 'i8conv' for the nodes the product's passes make), each given the model's
 *   opset version of its domain and a context (tensor.ts OpContext: the output types the graph declares, the opset of
 *   any domain, a way to run a subgraph). An empty input name is an omitted optional input (`undefined`).
 * - Subgraphs (a graph-valued attribute: i8conv's fused concats carry their Resize feeders so): their nodes read values
 *   of the enclosing graph by name, as ONNX's If / Loop bodies do. Those outer names count as inputs of the node that
 *   holds the subgraph, for the order and the missing-input check; when the node runs, its operator may run the
 *   subgraph's nodes over a copy of every value computed so far (plus the subgraph's own initializers), by the same
 *   rules, with the model's opsets; it gets back the values they produce.
 * - The result holds the graph outputs by name.
 */
import type { Graph, Node } from '../../src/model/graph/ir.js';
import { DOMAINS } from './ops/index.js';
import type { ElementType, OpContext, Tensor } from './tensor.js';

export function runReference(
  graph: Graph,
  feeds: ReadonlyMap<string, Tensor> | Iterable<[string, Tensor]>,
): Map<string, Tensor> {
  const values = new Map<string, Tensor>(graph.initializers);
  const inputNames = new Set(graph.inputs.map((v) => v.name));
  for (const [name, t] of feeds instanceof Map ? feeds : new Map(feeds)) {
    if (!inputNames.has(name)) throw new Error(`feed ${JSON.stringify(name)} is not a graph input`);
    values.set(name, t);
  }
  for (const v of graph.inputs) {
    const t = values.get(v.name);
    if (!t) throw new Error(`graph input ${JSON.stringify(v.name)} is not fed`);
    // A feed must match what the graph declares: its element type, its rank and every numeric dim.
    if (v.type !== null && t.type !== v.type)
      throw new Error(`graph input ${JSON.stringify(v.name)} is ${v.type}, fed ${t.type}`);
    if (
      v.shape &&
      (v.shape.length !== t.dims.length || v.shape.some((d, i) => typeof d === 'number' && d !== t.dims[i]))
    )
      throw new Error(
        `graph input ${JSON.stringify(v.name)} has shape [${v.shape.map((d) => d ?? '?')}], fed [${t.dims}]`,
      );
  }

  const declared = new Map<string, ElementType | null>();
  for (const v of [...graph.valueInfo.values(), ...graph.outputs])
    if (v.type !== null || !declared.has(v.name)) declared.set(v.name, v.type);
  const constants = new Set([...graph.initializers.keys()].filter((name) => !inputNames.has(name)));
  runNodes(
    graph.nodes,
    values,
    graph.opsetImports,
    declared,
    graph.outputs.map((o) => o.name),
    constants,
  );
  return new Map(graph.outputs.map((o) => [o.name, values.get(o.name)!]));
}

/**
 * The names a node reads: its inputs, then the values of the enclosing graph that the nodes of its subgraph
 * attributes read (not produced inside the subgraph, nor its initializers), at any depth.
 */
function readsOf(node: Node): string[] {
  const names = node.inputs.filter((name) => name !== '');
  for (const a of node.attributes.values()) {
    if (a.kind !== 'graph') continue;
    // a subgraph's declared inputs are bound by the operator that runs it (a lifted If's), not read by name
    const inner = new Set([
      ...a.value.inputs.map((v) => v.name),
      ...a.value.initializers.keys(),
      ...a.value.nodes.flatMap((n) => n.outputs),
    ]);
    for (const n of a.value.nodes) for (const name of readsOf(n)) if (!inner.has(name)) names.push(name);
  }
  return names;
}

/**
 * Runs `nodes` in dependency order (Kahn, ties in file order) over `values`, adding each node's outputs to it.
 * `declared`: the element types the graph declares for values, for the operators that take their output type from
 * the graph; `outputs`: the values the graph must end with (checked before any node runs).
 */
function runNodes(
  nodes: readonly Node[],
  values: Map<string, Tensor>,
  opsets: ReadonlyMap<string, number>,
  declared: ReadonlyMap<string, ElementType | null>,
  outputs: readonly string[],
  constants: Set<string>,
): void {
  const producers = new Map<string, number>();
  nodes.forEach((node, i) => {
    const ops = DOMAINS.get(node.domain);
    if (!ops) throw new Error(`node ${i} (${node.opType}): domain ${JSON.stringify(node.domain)} is not supported`);
    if (!ops.has(node.opType))
      throw new Error(
        `node ${i}: operator ${node.opType} is not supported${node.domain === '' ? '' : ` in domain ${JSON.stringify(node.domain)}`}`,
      );
    for (const o of node.outputs) {
      if (o === '') continue;
      if (values.has(o) || producers.has(o)) throw new Error(`value ${JSON.stringify(o)} is produced twice`);
      producers.set(o, i);
    }
  });
  const reads = nodes.map(readsOf);
  for (const [i, node] of nodes.entries())
    for (const name of reads[i])
      if (!values.has(name) && !producers.has(name))
        throw new Error(`node ${i} (${node.opType}): input ${JSON.stringify(name)} is missing`);
  for (const o of outputs)
    if (!values.has(o) && !producers.has(o)) throw new Error(`graph output ${JSON.stringify(o)} is never produced`);

  const opset = (domain: string) => opsets.get(domain) ?? 1;
  const pending = nodes.map((_, i) => i);
  while (pending.length) {
    const k = pending.findIndex((i) => reads[i].every((name) => values.has(name)));
    if (k < 0)
      throw new Error(
        `the graph has a cycle through nodes ${pending.map((i) => `${i} (${nodes[i].opType})`).join(', ')}`,
      );
    const i = pending.splice(k, 1)[0];
    const node = nodes[i];
    const inputs = node.inputs.map((name) => (name === '' ? undefined : values.get(name)));
    const ctx: OpContext = {
      outputTypes: node.outputs.map((name) => declared.get(name) ?? null),
      outputNamed: node.outputs.map((name) => name !== ''),
      value: (name) => values.get(name),
      constantInputs: node.inputs.map((name) => name !== '' && constants.has(name)),
      opset,
      runSubgraph: (sub) => {
        const scope = new Map(values);
        for (const [name, t] of sub.initializers) scope.set(name, t);
        const before = new Set(scope.keys());
        const subDeclared = new Map(declared);
        for (const v of sub.valueInfo.values()) if (v.type !== null) subDeclared.set(v.name, v.type);
        runNodes(
          sub.nodes,
          scope,
          new Map([...opsets, ...sub.opsetImports]),
          subDeclared,
          sub.outputs.map((o) => o.name),
          new Set([...constants, ...sub.initializers.keys()]),
        );
        return new Map([...scope].filter(([name]) => !before.has(name)));
      },
    };
    let outs: Tensor[];
    try {
      outs = DOMAINS.get(node.domain)!.get(node.opType)!(
        inputs,
        node.attributes,
        opset(node.domain),
        node.outputs.length,
        ctx,
      );
    } catch (e) {
      throw new Error(`node ${i} (${node.opType} ${JSON.stringify(node.name)}): ${(e as Error).message}`);
    }
    // a node computed from constants alone gives constants (onnxruntime folds it at load)
    const constant = reads[i].every((name) => constants.has(name));
    node.outputs.forEach((name, j) => {
      if (name === '') return;
      if (!outs[j]) throw new Error(`node ${i} (${node.opType}): no output ${j}`);
      values.set(name, { ...outs[j], name });
      if (constant) constants.add(name);
    });
  }
}
