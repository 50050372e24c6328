/**
 * Pass: remove `Identity` and inference `Dropout` nodes, rewiring their consumers to the node's input.
 *
 * - A node whose output is not a graph output goes away: every use of its output reads its input instead.
 * - A node whose output is a graph output keeps that name: the producer of its input is renamed to output it
 *   directly (and every other consumer follows), when the input comes from a node and is neither a graph input,
 *   an initializer nor a graph output itself; otherwise the node stays (the graph output must keep its name and
 *   there is nothing to rename).
 * - A `Dropout` stays when its mask output is used or when it has a `training_mode` input that is not a constant
 *   false, unless its ratio is a constant 0 (PyTorch writes training_mode true with ratio 0 for a functional dropout
 *   of p = 0): only a Dropout that drops nothing is an identity.
 * On a GraphView (removeIdentity: on a Graph, which it does not change).
 */
import type { Graph, Node } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';

function isIdentityLike(v: GraphView, node: Node): boolean {
  if (node.domain !== '') return false;
  if (node.opType === 'Identity') return node.inputs.length === 1 && node.outputs.length === 1;
  if (node.opType !== 'Dropout') return false;
  if (node.outputs.length > 1 && node.outputs[1] !== '' && v.readers(node.outputs[1]) > 0) return false;
  const training = node.inputs[2];
  if (training !== undefined && training !== '') {
    const t = v.initializers.get(training);
    if (!t || t.data.length !== 1) return false;
    // training drops nothing at a ratio of 0 (onnxruntime copies the input then, as at inference)
    const ratio = node.inputs[1] ? v.initializers.get(node.inputs[1]) : undefined;
    const dropsNothing = ratio !== undefined && ratio.data.length === 1 && Number(ratio.data[0]) === 0;
    if (Number(t.data[0]) !== 0 && !dropsNothing) return false;
  }
  return true;
}

export function removeIdentityPass(v: GraphView): void {
  for (const node of v.live()) {
    if (!isIdentityLike(v, node)) continue;
    const x = node.inputs[0];
    const y = node.outputs[0];
    if (x === undefined || x === '' || y === '') continue;
    if (!v.isGraphOutput(y)) {
      v.remove(node);
      v.rewire(y, x);
    } else {
      const producer = v.producerOf(x);
      if (!producer || producer === node || v.isGraphInput(x) || v.initializers.has(x) || v.isGraphOutput(x)) continue;
      // the producer outputs the graph output's name directly; every other reader of x follows
      v.remove(node);
      v.replace([producer], { ...producer, outputs: producer.outputs.map((o) => (o === x ? y : o)) });
      v.rewire(x, y);
    }
  }
}

export function removeIdentity(graph: Graph): Graph {
  return runPasses(graph, removeIdentityPass);
}
