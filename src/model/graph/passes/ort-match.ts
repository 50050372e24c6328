/**
 * What onnxruntime's graph matchers see of a graph, for the passes that make its rewrites (fuse-layer-norm.ts,
 * fuse-gelu.ts): nodes in graph order (its node indices), a node's output edges one per reading input slot by the
 * reader's place, its input edges by the producer's place, and the checks its matchers share.
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';

export function ortMatch(v: GraphView) {
  const order = new Map<Node, number>();
  for (const nd of v.live()) order.set(nd, order.size);
  const at = (nd: Node) => order.get(nd) ?? Number.MAX_SAFE_INTEGER;
  const is = (nd: Node | undefined, op: string): nd is Node => nd !== undefined && nd.domain === '' && nd.opType === op;
  /** onnxruntime's output edges of a node: one per reading input slot, by the reader's place in the graph */
  const outEdges = (nd: Node) => v.outEdges(nd).sort((a, b) => at(a.node) - at(b.node) || a.slot - b.slot);
  /** onnxruntime's CheckOutputEdges: no graph output, exactly `k` edges */
  const edges = (nd: Node, k: number) => !v.producesGraphOutput(nd) && outEdges(nd).length === k;
  /** the first reader (its OutputNodesBegin) */
  const firstChild = (nd: Node) => outEdges(nd)[0]?.node;
  /** the first reader of op type `op` (FirstChildByType) */
  const childOf = (nd: Node, op: string) => outEdges(nd).find((e) => is(e.node, op))?.node;
  /** the producers of a node's inputs, by their place in the graph (onnxruntime's input edges) */
  const parents = (nd: Node) =>
    [...new Set(nd.inputs.map((x) => v.producerOf(x)).filter((p): p is Node => p !== undefined))].sort(
      (a, b) => at(a) - at(b),
    );
  /** the first producer of op type `op` (FirstParentByType) */
  const firstParent = (nd: Node, op: string) => parents(nd).find((p) => is(p, op));
  /** the first `first` inputs (all by default) are float32 values */
  const floats = (nd: Node, first = nd.inputs.length) =>
    nd.inputs.slice(0, first).every((x) => x !== '' && v.typeOf(x) === 'float32');
  return { at, is, outEdges, edges, firstChild, childOf, parents, firstParent, floats };
}
