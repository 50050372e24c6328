/**
 * Pass: remove `Identity` and inference `Dropout` nodes, rewiring their consumers to the node's input.
 *
 * - A node whose output is not a graph output goes away: every use of its output reads its input instead.
 * - A node whose output is a graph output keeps that name: the producer of its input is renamed to output it
 *   directly (and every other consumer follows), when the input comes from a node and is neither a graph input,
 *   an initializer nor a graph output itself; otherwise the node stays (the graph output must keep its name and
 *   there is nothing to rename).
 * - A `Dropout` stays when its mask output is used or when it has a `training_mode` input that is not a constant
 *   false: only inference Dropout is an identity.
 * Pure: returns a new Graph, the input graph is not changed.
 */
import type { Graph, Node } from '../ir.js';

function isIdentityLike(g: Graph, node: Node, used: Set<string>): boolean {
  if (node.domain !== '') return false;
  if (node.opType === 'Identity') return node.inputs.length === 1 && node.outputs.length === 1;
  if (node.opType !== 'Dropout') return false;
  if (node.outputs.length > 1 && node.outputs[1] !== '' && used.has(node.outputs[1])) return false;
  const training = node.inputs[2];
  if (training !== undefined && training !== '') {
    const t = g.initializers.get(training);
    if (!t || t.data.length !== 1 || Number(t.data[0]) !== 0) return false;
  }
  return true;
}

export function removeIdentity(graph: Graph): Graph {
  let nodes = graph.nodes.map((n) => ({ ...n, inputs: [...n.inputs], outputs: [...n.outputs] }));
  const valueInfo = new Map(graph.valueInfo);
  const outputNames = new Set(graph.outputs.map((o) => o.name));
  const inputNames = new Set(graph.inputs.map((i) => i.name));
  const rename = (from: string, to: string, except?: Node): void => {
    for (const n of nodes) {
      if (n === except) continue;
      n.inputs = n.inputs.map((x) => (x === from ? to : x));
      n.outputs = n.outputs.map((x) => (x === from ? to : x));
    }
  };
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    const used = new Set([...outputNames, ...nodes.flatMap((n) => (n === node ? [] : n.inputs))]);
    if (!isIdentityLike(graph, node, used)) continue;
    const x = node.inputs[0];
    const y = node.outputs[0];
    if (x === undefined || x === '' || y === '') continue;
    if (!outputNames.has(y)) {
      rename(y, x, node);
      valueInfo.delete(y);
    } else {
      const producer = nodes.find((n) => n !== node && n.outputs.includes(x));
      if (!producer || inputNames.has(x) || graph.initializers.has(x) || outputNames.has(x)) continue;
      rename(x, y, node);
      valueInfo.delete(x);
    }
    nodes = nodes.filter((n) => n !== node);
    i--;
  }
  return { ...graph, nodes, valueInfo };
}
