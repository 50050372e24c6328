/**
 * Pass: a float `Conv` with a bias whose only reader is an `Add` of two values of one 4-D shape becomes one
 * i8conv `ConvAdd` node (X, W, B, Z): the Conv's sums start from the Add's other operand Z, as onnxruntime's
 * FusedConv computes them (its ConvAddActivationFusion, which onnxruntime-web runs at its default optimization
 * level, 'all'). The float result differs from Conv then Add: onnxruntime's GEMM adds the products onto Z before the
 * bias, where the two nodes add the bias first and Z last (src/model/numerics/conv-order.ts); fusing as onnxruntime
 * does gives its bits. An activation after the Add (which onnxruntime fuses too) stays a node of its own: the
 * operators compute the same function.
 *
 * The rules follow onnxruntime's (each checked on onnxruntime-web 1.30: test/model-float-conv-exact.test.ts): the
 * Conv in the default domain with a float32 X and a bias input, its output read once (by the Add) and no graph
 * output; where both operands come from such Convs, the one earlier in the graph is fused (onnxruntime takes the
 * producer of the lower node index). The Add's two operands must have equal 4-D shapes as onnxruntime knows them
 * when it creates the session, from the declared input shapes (`declared`, ./declared-dims.ts), not from the
 * bound ones: dim by dim equal numbers or the same named parameter. A Conv's output rows and columns are known only
 * where its input's are numbers (ONNX's shape inference leaves a Conv's spatial dims unknown for symbolic ones), its
 * batch dim is its input's (a number or a parameter). So a model declared with symbolic rows and columns (PP-OCR's
 * classifier, any export with dynamic image sizes) runs its Conv and Add unfused, as onnxruntime does; a symbolic
 * batch alone does not stop the fusion; an unnamed symbolic dim does.
 *
 * Pass fuseConvReluPass: a float `Conv` (or a ConvAdd made above) whose output is read only by a float `Relu` (and is
 * no graph output) becomes an i8conv `ConvAdd` with the attribute `activation` = 'Relu' (input 3, Z, only where the
 * Add was): the kernel clamps each output to `x < 0 ? 0 : x` as it finishes it, the Relu operator's own function
 * (-0 and NaN pass), so the bits are those of the two nodes; one pass over the output less. Not a rule of
 * onnxruntime's (whose FusedConv computes the same function): a speed rewrite only.
 */
import type { Dim, Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';

export function fuseConvAddPass(
  v: GraphView,
  values: ReadonlyMap<string, PlannedValue>,
  declared: () => ReadonlyMap<string, Dim[]> | null = () => null,
): void {
  /** The dims onnxruntime knows of a Conv's output: its input's batch, the output channels, and rows and columns
   * only where the input's are numbers (else unknown). Null: nothing declared symbolic, the bound dims are known. */
  const convDims = (c: Node, decl: ReadonlyMap<string, Dim[]>): Dim[] | undefined => {
    const x = decl.get(c.inputs[0]);
    const out = values.get(c.outputs[0])?.dims;
    if (!x || !out || x.length !== out.length) return undefined;
    return out.map((d, k) => (k === 0 ? x[0] : k === 1 ? d : typeof x[k] === 'number' ? d : null));
  };
  const sameKnown = (p: readonly Dim[], q: readonly Dim[]): boolean =>
    p.length === 4 && q.length === 4 && p.every((d, k) => d !== null && d === q[k] && (typeof d !== 'number' || d > 0));
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
    const decl = declared();
    if (decl) {
      // the shapes onnxruntime knows at session creation (names a pass made are taken as bound)
      const cd = convDims(c, decl);
      const other = add.inputs[1 - k];
      const zProducer = v.producerOf(other);
      const zd = zProducer?.opType === 'Conv' && zProducer.domain === '' ? convDims(zProducer, decl) : decl.get(other);
      if (cd && zd && !sameKnown(cd, zd)) continue;
    }
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

export function fuseConvReluPass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  for (const relu of v.live()) {
    if (relu.opType !== 'Relu' || relu.domain !== '' || relu.inputs.length !== 1) continue;
    if (relu.attributes.size > 0 || values.get(relu.inputs[0])?.type !== 'float32') continue;
    const c = v.producerOf(relu.inputs[0]);
    if (!c) continue;
    const plain = c.opType === 'Conv' && c.domain === '';
    const added = c.opType === 'ConvAdd' && c.domain === 'i8conv' && !c.attributes.has('activation');
    if (!(plain || added) || values.get(c.inputs[0])?.type !== 'float32') continue;
    const out = c.outputs[0];
    if (c.outputs.filter((o) => o !== '').length !== 1 || v.isGraphOutput(out) || v.consumersOf(out).length !== 1)
      continue;
    const attributes = new Map(c.attributes);
    attributes.set('activation', { kind: 'string', value: 'Relu' });
    const fused: Node = {
      ...c,
      opType: 'ConvAdd',
      domain: 'i8conv',
      // a plain Conv: X, W and B as given (B may be absent), no Z
      inputs: plain ? c.inputs.slice(0, 3) : [...c.inputs],
      outputs: [...relu.outputs],
      attributes,
    };
    v.replace([c, relu], fused);
  }
}
