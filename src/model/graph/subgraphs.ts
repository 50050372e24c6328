/**
 * Subgraphs (graph attributes: If's then_branch / else_branch, a fused concat's feeders): what their nodes read of
 * the enclosing graphs. ONNX scopes names lexically: a node of a subgraph may read, by name, any value of the graphs
 * that enclose it, besides the subgraph's own inputs, initializers and node outputs. Those outer reads are inputs of
 * the node that holds the subgraph for every question of order (the shape pass, the reference executor, capture
 * lifting in ./passes/inline-if.ts).
 */
import type { Graph, Node } from './ir.js';

/** The names a subgraph defines itself: its declared inputs, its initializers and its nodes' outputs. */
export function ownNames(g: Graph): Set<string> {
  return new Set([...g.inputs.map((v) => v.name), ...g.initializers.keys(), ...g.nodes.flatMap((n) => n.outputs)]);
}

/**
 * The values of the enclosing graphs that the subgraphs of `node` read (at any depth), each once, in the order met:
 * every name a subgraph node reads that the subgraph does not define itself.
 */
export function outerReads(node: Node): string[] {
  const out = new Set<string>();
  for (const a of node.attributes.values()) {
    if (a.kind !== 'graph') continue;
    const own = ownNames(a.value);
    for (const n of a.value.nodes)
      for (const name of [...n.inputs, ...outerReads(n)]) if (name !== '' && !own.has(name)) out.add(name);
  }
  return [...out];
}

/** Every name a node reads: its inputs, then its subgraphs' outer reads. */
export function readsOf(node: Node): string[] {
  const subs = [...node.attributes.values()].some((a) => a.kind === 'graph') ? outerReads(node) : [];
  return [...node.inputs.filter((n) => n !== ''), ...subs];
}

/** Every value name produced or defined inside a node's subgraphs, at any depth. */
export function namesInside(node: Node): string[] {
  const out: string[] = [];
  for (const a of node.attributes.values()) {
    if (a.kind !== 'graph') continue;
    out.push(...ownNames(a.value));
    for (const n of a.value.nodes) out.push(...namesInside(n));
  }
  return out;
}
