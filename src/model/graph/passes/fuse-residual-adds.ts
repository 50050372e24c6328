/**
 * Pass: residual adds into the convolution that computes one operand. A QLinearAdd (com.microsoft, or i8conv's
 * uint8-twin form) of two same-shaped 8-bit values, one of them the output of a QLinearConv (or its tabled i8conv
 * form) on the pack's one-convolution path, read by nothing else and no graph output, the other any other value (the
 * block's input, another branch), becomes that convolution's i8conv form with the add: the convolution's inputs, then
 * inputs 9 .. 15 = the other operand R, the scale and zero point of the convolution's side, R's, and the sum's;
 * attributes `residual_of` (the convolution's own output name) and `twin` (1: the add rounds as onnxruntime's uint8
 * twin); named `<conv>+<add>`, writing the add's output, in the add's place (R may be computed after the
 * convolution). The kernels apply the add to each output byte as they store it (after the output table, if any),
 * reading R's byte at the same place (R in the output's layout): the add's own pass over three tensors goes. Exact:
 * the same record (integer form or float formula) on the same bytes as the QLinearAdd kernel; the reference runs the
 * convolution, then its table, then its QLinearAdd (kernels-ref/model/ops/OutputTable.ts).
 */
import type { Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';
import { sameShapeAdd } from '../../backends/wasm-int8/binary.js';
import { convTakesResidualAdd } from '../../backends/wasm-int8/conv.js';

export function fuseResidualAddsPass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  for (const t of v.live()) {
    const q = sameShapeAdd(t, values);
    if (!q) continue;
    for (const side of [0, 1]) {
      const x = t.inputs[side === 0 ? 0 : 3];
      const other = t.inputs[side === 0 ? 3 : 0];
      if (x === other) continue;
      const p = v.producerOf(x);
      if (!p || p.outputs[0] !== x || v.readers(x) !== 1 || v.isGraphOutput(x) || !convTakesResidualAdd(p, values))
        continue;
      // [scale, zero point] inputs of the convolution's side and of R
      const [cs, cz, rs, rz] = side === 0 ? [1, 2, 4, 5] : [4, 5, 1, 2];
      const inputs = [...p.inputs];
      while (inputs.length < 9) inputs.push('');
      const at = (k: number) => t.inputs[k] ?? '';
      inputs.push(other, at(cs), at(cz), at(rs), at(rz), at(6), at(7));
      const attributes = new Map(p.attributes);
      attributes.set('residual_of', { kind: 'string', value: x });
      attributes.set('twin', { kind: 'int', value: q.twin ? 1 : 0 });
      const fused: Node = {
        ...p,
        domain: 'i8conv',
        name: `${p.name}+${t.name}`,
        inputs,
        outputs: [t.outputs[0], ...p.outputs.slice(1)],
        attributes,
      };
      v.replace([t, p], fused);
      break;
    }
  }
}
