/**
 * Pass: squeeze-and-excitation gates. m = QLinearMul(x, g), g a per-channel tensor computed in the same run
 * ([1 | N, C, 1, 1] against x's [N, C, H, W]), then y = QLinearAdd(x, m) where m is read by that add alone (PP-OCR
 * det's RSE layers: x + x * hardsigmoid(conv(pool(x)))): both become one `i8conv:ChannelGate(x, g)` (attributes
 * `mul` and `add`: their quantization with x as operand A), named `<mul>+<add>`, in the add's place. Its kernel
 * makes a 256-byte table per channel each run (the QLinearMul and QLinearAdd kernels' own code on the bytes 0..255)
 * and looks x up once, where the two nodes make two passes over x, one over m, and write two tensors. A product
 * without such an add is fused alone where its plane is large enough for the tables to cost less than the float
 * kernel's pass (INNER_ALONE). Both nodes must run on the element-wise kernel (8-bit, per-tensor parameters).
 */
import type { Attribute, Node } from '../ir.js';
import type { GraphView } from '../view.js';
import type { PlannedValue } from '../../lowering/values.js';
import type { BinaryQuant } from '../../backends/wasm-int8/binary.js';
import { binaryKernelQuant } from '../../backends/wasm-int8/fusion.js';

const INNER_WITH_ADD = 64;
const INNER_ALONE = 1024;

const asFloats = (q: BinaryQuant): number[] => [q.aScale, q.aZeroPoint, q.bScale, q.bZeroPoint, q.cScale, q.cZeroPoint];

export function fuseChannelGatesPass(v: GraphView, values: ReadonlyMap<string, PlannedValue>): void {
  /** a QLinearAdd / Mul of two computed operands on the element-wise kernel, and its quantization */
  const binary = (n: Node | undefined, op: string): BinaryQuant | undefined =>
    n && n.domain === 'com.microsoft' && n.opType === op ? binaryKernelQuant(n, values) : undefined;
  /** the quantization with the operand sides exchanged where the kernel's A (x) is the node's input 3 */
  const aFirst = (q: BinaryQuant, swap: boolean): BinaryQuant =>
    swap ? { ...q, aScale: q.bScale, aZeroPoint: q.bZeroPoint, bScale: q.aScale, bZeroPoint: q.aZeroPoint } : q;
  for (const mn of v.live()) {
    const mq = binary(mn, 'QLinearMul');
    if (!mq) continue;
    const [i0, i1] = [mn.inputs[0], mn.inputs[3]];
    const v0 = values.get(i0),
      v1 = values.get(i1);
    if (!v0 || !v1 || v0.constant || v1.constant || i0 === i1) continue;
    // x: the [N, C, H, W] operand; g: [1 | N, C, 1, 1] (right-aligned to rank 4)
    const xSide: 0 | 1 =
      v0.dims.length === 4 && v0.dims.reduce((a, b) => a * b, 1) >= v1.dims.reduce((a, b) => a * b, 1) ? 0 : 1;
    const [x, g] = xSide === 0 ? [v0, v1] : [v1, v0];
    const m = values.get(mn.outputs[0]);
    if (
      !m ||
      x.dims.length !== 4 ||
      g.dims.length > 4 ||
      !m.dims.every((d, k) => d === x.dims[k]) ||
      m.dims.length !== 4
    )
      continue;
    if ((x.type !== 'uint8' && x.type !== 'int8') || g.type !== x.type || m.type !== x.type) continue;
    const [N, C, H, W] = x.dims;
    const gd = [...Array(4 - g.dims.length).fill(1), ...g.dims];
    if (gd[1] !== C || gd[2] !== 1 || gd[3] !== 1 || (gd[0] !== 1 && gd[0] !== N) || C < 1 || H * W < 1) continue;
    const mul = aFirst(mq, xSide === 1);
    // the add reading m and x (either order), m read by it alone
    const readers = v.consumersOf(m.name);
    const an = v.readers(m.name) === 1 && readers.length ? readers[0].node : undefined;
    const aq = binary(an, 'QLinearAdd');
    let add: BinaryQuant | undefined;
    if (
      an &&
      aq &&
      new Set([an.inputs[0], an.inputs[3]]).size === 2 &&
      [an.inputs[0], an.inputs[3]].every((n) => n === m.name || n === x.name)
    ) {
      const y = values.get(an.outputs[0]);
      if (y && y.type === x.type && y.dims.every((d, k) => d === x.dims[k])) add = aFirst(aq, an.inputs[0] === m.name);
    }
    if (H * W < (add ? INNER_WITH_ADD : INNER_ALONE)) continue;
    const attributes = new Map<string, Attribute>([['mul', { kind: 'floats', value: asFloats(mul) }]]);
    if (add) attributes.set('add', { kind: 'floats', value: asFloats(add) });
    const fused: Node = {
      name: add ? `${mn.name}+${an!.name}` : mn.name,
      opType: 'ChannelGate',
      domain: 'i8conv',
      inputs: [x.name, g.name],
      outputs: [add ? an!.outputs[0] : m.name],
      attributes,
    };
    if (add) v.replace([an!, mn], fused);
    else v.replace([mn], fused);
  }
}
