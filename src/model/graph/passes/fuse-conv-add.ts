/**
 * Pass: a float `Conv` with a bias whose only reader is an `Add` of two values of one 4-D shape becomes one
 * i8conv `ConvAdd` node (X, W, B, Z): the Conv's sums start from the Add's other operand Z, as onnxruntime's
 * FusedConv computes them (its ConvAddActivationFusion, which onnxruntime-web runs at its default optimization
 * level, 'all'). The float result differs from Conv then Add: onnxruntime's GEMM adds the products onto Z before the
 * bias, where the two nodes add the bias first and Z last (src/model/numerics/conv-order.ts); fusing as onnxruntime
 * does gives its bits. An activation after the Add (which onnxruntime fuses too) stays a node of its own: the
 * operators compute the same function.
 *
 * The rules follow onnxruntime's: the Conv in the default domain with a float32 X and a bias input, its output read
 * once (by the Add) and no graph output; the Add's two operands of equal, static 4-D dims; where both operands come
 * from Convs that qualify, the one earlier in the graph is fused (onnxruntime takes the producer of the lower node
 * index).
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';

export function fuseConvAddPass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  const position = new Map<Node, number>();
  for (const n of v.live()) position.set(n, position.size);
  const qualifies = (c: Node | undefined): c is Node => {
    if (!c || c.opType !== 'Conv' || c.domain !== '') return false;
    const ins = c.inputs.filter((name, k) => name !== '' || k < 2);
    if (ins.length !== 3 || c.inputs[2] === '' || c.inputs.length > 3) return false;
    if (values.get(c.inputs[0])?.type !== 'float32') return false;
    const out = c.outputs[0];
    return !v.isGraphOutput(out) && v.consumersOf(out).length === 1 && c.outputs.filter((o) => o !== '').length === 1;
  };
  for (const add of v.live()) {
    if (add.opType !== 'Add' || add.domain !== '' || add.inputs.length !== 2) continue;
    const [a, b] = add.inputs.map((name) => values.get(name));
    if (!a || !b || a.dims.length !== 4 || b.dims.length !== 4) continue;
    if (a.type !== 'float32' || b.type !== 'float32' || a.dims.some((d, i) => d < 1 || d !== b.dims[i])) continue;
    const convs = [0, 1]
      .map((k) => ({ k, c: v.producerOf(add.inputs[k]) }))
      .filter((e): e is { k: number; c: Node } => qualifies(e.c) && v.consumersOf(add.inputs[e.k])[0]?.node === add)
      .sort((p, q) => position.get(p.c)! - position.get(q.c)!);
    if (convs.length === 0) continue;
    const { k, c } = convs[0];
    const fused: Node = {
      ...c,
      opType: 'ConvAdd',
      domain: 'i8conv',
      inputs: [c.inputs[0], c.inputs[1], c.inputs[2], add.inputs[1 - k]],
      outputs: [...add.outputs],
    };
    v.replace([c, add], fused);
  }
}
