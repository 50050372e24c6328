/**
 * Pass (before the Q/DQ fusion): onnxruntime's QDQ propagation, one of its basic-level rewrites, which it runs on
 * every QDQ model before fusing its groups. A QuantizeLinear moves back, and a DequantizeLinear forward, through
 * the data-movement operators between them and the operators they quantize, so that more groups form:
 *
 *   x -> Softmax -> Transpose -> Q            becomes   x -> Softmax -> Q' -> DQ' -> Transpose -> Q
 *   DQ -> Reshape -> Softmax                   becomes   DQ -> Reshape -> Q' -> DQ' -> Softmax
 *
 * (Q' and DQ' take the scale and zero point of the Q or DQ that moved). The fusion then makes a QLinearSoftmax of the
 * first (its own arithmetic, not the float Softmax's rounded once) and an 8-bit Transpose of `DQ' -> Transpose -> Q`.
 * A model quantized with its convolutions only, or exported with a Transpose / Reshape between an operator and its
 * QuantizeLinear (an opset-12 Softmax, PyTorch's channel shuffles), computes other bits without this.
 *
 * The operators it passes (each at the versions onnxruntime lists, which a model's opset selects): MaxPool 12 (opsets
 * 12 to 21), Reshape 5 / 13 / 14 / 19, Transpose 1 / 13, Squeeze and Unsqueeze 1 / 11 / 13 (opsets up to 20), Slice
 * (every version). Only a Q or DQ of constant single-value scale and zero point (the zero point may be absent) moves.
 * - Back from a Q, edge by edge along first inputs: the edge into the Q, then while the node it comes from is one of
 *   those operators, the edge into that node's first input; an edge qualifies where its value is no graph output and
 *   has that one reading edge (or comes from a graph input). A pair is inserted on each such edge past the first,
 *   stopping at an edge that comes from a DequantizeLinear.
 * - Forward from a DQ whose output has one reading edge and is no graph output: while the node it goes to is one of
 *   those operators, a pair (one Q, a DQ per edge) goes on that node's output edges (all of them, or the edge to the
 *   graph output where the output is only that), leaving out edges that end in a QuantizeLinear; from each edge the
 *   walk goes on.
 * Every Q first (in dependency order), then every DQ. Exact: the pairs only give the fusion its groups.
 */
import type { Node } from '../ir.js';
import type { Edge, GraphView } from '../view.js';
import { isDQ, isQ, qdqParams, type QdqParams } from './qdq-rules.js';

/** The operators the propagation passes, at the model's opset (onnxruntime's version lists). */
function canPropagate(v: GraphView, n: Node): boolean {
  if (n.domain !== '') return false;
  const opset = v.opset('');
  switch (n.opType) {
    case 'MaxPool':
      return opset >= 12 && opset < 22;
    case 'Reshape':
      return opset >= 5 && opset < 21;
    case 'Transpose':
    case 'Squeeze':
    case 'Unsqueeze':
      return opset < 21;
    case 'Slice':
      return true;
    default:
      return false;
  }
}

/** A Q or DQ whose scale and zero point are single-value constants: its parameters, else null. */
function movable(v: GraphView, n: Node): QdqParams | null {
  const p = qdqParams(v, n);
  return p?.perTensor && p.type !== 'int32' ? p : null;
}

/** An edge into a node's input slot, from a node's output or from a graph input (`from` undefined). */
interface InEdge {
  value: string;
  from: Node | undefined;
  to: Node;
  slot: number;
}

/** onnxruntime's edge into a node's first input: from a value with this one reading edge and no graph output. */
function edgeInto(v: GraphView, n: Node): InEdge | null {
  const x = n.inputs[0] ?? '';
  if (x === '') return null;
  const from = v.producerOf(x);
  if (!from) return v.isGraphInput(x) && !v.constant(x) ? { value: x, from: undefined, to: n, slot: 0 } : null;
  if (v.isGraphOutput(x) || v.consumersOf(x).length !== 1) return null;
  return { value: x, from, to: n, slot: 0 };
}

/** The edges out of a propagating node's first output that get a pair (see the header), or [] where none. */
function edgesOutOf(v: GraphView, n: Node): { value: string; edges: Edge[]; toOutput: boolean } | null {
  const y = n.outputs[0] ?? '';
  if (y === '') return null;
  const edges = v.consumersOf(y);
  if (edges.length === 0) return v.isGraphOutput(y) ? { value: y, edges: [], toOutput: true } : null;
  if (v.isGraphOutput(y)) return null;
  const kept = edges.filter((e) => !isQ(e.node));
  return kept.length ? { value: y, edges: kept, toOutput: false } : null;
}

export function propagateQdqPass(v: GraphView): void {
  const { order, blocked } = v.order();
  const all = [...order, ...blocked];
  let serial = 0;
  const node = (opType: string, base: string, inputs: string[], output: string): Node => ({
    name: `${base}_qdq_propagation_${serial++}`,
    opType,
    domain: '',
    inputs,
    outputs: [output],
    attributes: new Map(),
  });
  const annotate = (value: string, type: 'uint8' | 'int8' | 'float32', shape: number[] | null) =>
    v.annotate({ name: value, type, onnxElemType: type === 'uint8' ? 2 : type === 'int8' ? 3 : 1, shape });
  /**
   * A Q of the parameters of `p` on `value`, and a DQ of it for each reading edge (or, `toOutput`, one DQ writing the
   * graph output `value`, its producer writing a new value). Returns the reading nodes as they now are.
   */
  const insert = (p: QdqParams, value: string, readers: readonly Edge[], toOutput: boolean): Node[] => {
    const qp = p.zpName === '' ? [p.scaleName] : [p.scaleName, p.zpName];
    const dims = v.dimsOf(value);
    const codes = v.fresh(`${value}_q_to_dq`);
    annotate(codes, p.type as 'uint8' | 'int8', dims);
    if (toOutput) {
      const producer = v.producerOf(value)!;
      const source = v.fresh(`${value}_pre_q`);
      annotate(source, 'float32', dims);
      const renamed: Node = { ...producer, outputs: producer.outputs.map((o) => (o === value ? source : o)) };
      v.replaceWith(producer, [
        renamed,
        node('QuantizeLinear', `${value}_q`, [source, ...qp], codes),
        node('DequantizeLinear', `${value}_dq`, [codes, ...qp], value),
      ]);
      return [];
    }
    const q = node('QuantizeLinear', `${value}_q`, [value, ...qp], codes);
    // each reading node once, each of its reading slots through a DQ of its own
    const byNode = new Map<Node, number[]>();
    for (const e of readers) byNode.set(e.node, [...(byNode.get(e.node) ?? []), e.slot]);
    const now: Node[] = [];
    let first = true;
    for (const [reader, slots] of byNode) {
      const inputs = [...reader.inputs];
      const made: Node[] = first ? [q] : [];
      first = false;
      for (const s of slots) {
        const post = v.fresh(`${value}_post_dq`);
        annotate(post, 'float32', dims);
        made.push(node('DequantizeLinear', `${value}_dq`, [codes, ...qp], post));
        inputs[s] = post;
      }
      const updated: Node = { ...reader, inputs };
      v.replaceWith(reader, [...made, updated]);
      now.push(updated);
    }
    return now;
  };

  // Q backward: along first inputs while the edge comes from a propagating node
  for (const q of all) {
    if (!v.has(q) || !isQ(q)) continue;
    const p = movable(v, q);
    if (!p) continue;
    let from = edgeInto(v, q)?.from;
    while (from && canPropagate(v, from)) {
      const e = edgeInto(v, from);
      if (!e || (e.from && isDQ(e.from))) break;
      insert(p, e.value, [{ node: e.to, slot: 0 }], false);
      from = e.from;
    }
  }

  // DQ forward: over the output edges of each propagating node reached, on from the nodes those edges reach
  for (const dq of all) {
    if (!v.has(dq) || !isDQ(dq)) continue;
    const p = movable(v, dq);
    const out = dq.outputs[0] ?? '';
    if (!p || out === '' || v.isGraphOutput(out)) continue;
    const first = v.consumersOf(out);
    if (first.length !== 1) continue;
    const stack: Node[] = [first[0].node];
    while (stack.length) {
      const n = stack.pop()!;
      if (!v.has(n) || !canPropagate(v, n)) continue;
      const group = edgesOutOf(v, n);
      if (group) stack.push(...insert(p, group.value, group.edges, group.toOutput));
    }
  }
  v.sortTopologically();
}
