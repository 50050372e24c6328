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
 * - Operators: looked up by domain and op type in ops/index.ts (the default ONNX domain, and 'com.microsoft' for its
 *   QLinear* contrib operators only), each given the model's opset version of its domain. An empty input name is an
 *   omitted optional input (`undefined`).
 * - The result holds the graph outputs by name.
 */
import type { Graph } from '../../src/model/graph/ir.js';
import { DOMAINS } from './ops/index.js';
import type { Tensor } from './tensor.js';

export function runReference(graph: Graph, feeds: ReadonlyMap<string, Tensor> | Iterable<[string, Tensor]>): Map<string, Tensor> {
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
    if (v.type !== null && t.type !== v.type) throw new Error(`graph input ${JSON.stringify(v.name)} is ${v.type}, fed ${t.type}`);
    if (v.shape && (v.shape.length !== t.dims.length || v.shape.some((d, i) => typeof d === 'number' && d !== t.dims[i])))
      throw new Error(`graph input ${JSON.stringify(v.name)} has shape [${v.shape.map((d) => d ?? '?')}], fed [${t.dims}]`);
  }

  const producers = new Map<string, number>();
  graph.nodes.forEach((node, i) => {
    const ops = DOMAINS.get(node.domain);
    if (!ops) throw new Error(`node ${i} (${node.opType}): domain ${JSON.stringify(node.domain)} is not supported`);
    if (!ops.has(node.opType))
      throw new Error(`node ${i}: operator ${node.opType} is not supported${node.domain === '' ? '' : ` in domain ${JSON.stringify(node.domain)}`}`);
    for (const o of node.outputs) {
      if (o === '') continue;
      if (values.has(o) || producers.has(o)) throw new Error(`value ${JSON.stringify(o)} is produced twice`);
      producers.set(o, i);
    }
  });
  for (const [i, node] of graph.nodes.entries())
    for (const name of node.inputs)
      if (name !== '' && !values.has(name) && !producers.has(name)) throw new Error(`node ${i} (${node.opType}): input ${JSON.stringify(name)} is missing`);
  for (const o of graph.outputs) if (!values.has(o.name) && !producers.has(o.name)) throw new Error(`graph output ${JSON.stringify(o.name)} is never produced`);

  const pending = graph.nodes.map((_, i) => i);
  while (pending.length) {
    const k = pending.findIndex((i) => graph.nodes[i].inputs.every((name) => name === '' || values.has(name)));
    if (k < 0) throw new Error(`the graph has a cycle through nodes ${pending.map((i) => `${i} (${graph.nodes[i].opType})`).join(', ')}`);
    const i = pending.splice(k, 1)[0];
    const node = graph.nodes[i];
    const inputs = node.inputs.map((name) => (name === '' ? undefined : values.get(name)));
    let outs: Tensor[];
    try {
      outs = DOMAINS.get(node.domain)!.get(node.opType)!(inputs, node.attributes, graph.opsetImports.get(node.domain) ?? 1, node.outputs.length);
    } catch (e) {
      throw new Error(`node ${i} (${node.opType} ${JSON.stringify(node.name)}): ${(e as Error).message}`);
    }
    node.outputs.forEach((name, j) => {
      if (name === '') return;
      if (!outs[j]) throw new Error(`node ${i} (${node.opType}): no output ${j}`);
      values.set(name, { ...outs[j], name });
    });
  }
  return new Map(graph.outputs.map((o) => [o.name, values.get(o.name)!]));
}
