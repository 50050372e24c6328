/**
 * Pass (before fuse-qdq): a float Pad whose one reader is a per-tensor QuantizeLinear quantizes first and pads the
 * 8-bit codes instead.
 *
 *   x (float32) -> Pad(pads, c) -> QuantizeLinear(s, zp) -> y      becomes
 *   x (float32) -> QuantizeLinear(s, zp) -> Pad(pads, Q(c)) -> y
 *
 * Exact in every mode: QuantizeLinear maps each element on its own, so quantizing the padded tensor gives the codes of
 * the interior and, in constant mode, Q(c) (c = 0 when absent: the zero point) for the border; reflect, edge and wrap
 * copy elements, which quantize to the same codes wherever they are copied to. What a model quantized with only its
 * convolutions in Q/DQ writes before a stride-2 convolution with explicit padding (Keras' ZeroPadding2D, TF's 'SAME'
 * exported as Pad): the float Pad over the whole tensor, then QuantizeLinear. The 8-bit Pad then becomes the
 * convolution's own padding (fold-pad.ts), and the float steps before the QuantizeLinear a table (fuse-luts.ts,
 * fuse-channel-chains.ts).
 *
 * Only where: opset 11 or later (pads and the constant as inputs), float32 data (not from a DequantizeLinear of the
 * QuantizeLinear's own scale and zero point: that DQ -> Pad -> Q is the Q/DQ fusion's group, which pads the codes
 * without requantizing), a finite single-value constant, the Pad's output no graph output
 * and read only by that QuantizeLinear, whose scale and zero point are per-tensor constants of an 8-bit type.
 * On a GraphView (quantizeBeforePad: on a Graph).
 */
import type { Graph, Node } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';
import { isDQ, isQ, qdqParams } from './qdq-rules.js';
import { quantizeValue } from '../../numerics/quantize.js';

export function quantizeBeforePadPass(v: GraphView): void {
  if (v.opset('') < 11) return;
  for (const pad of v.nodes) {
    if (pad.domain !== '' || pad.opType !== 'Pad' || !v.has(pad)) continue;
    const x = pad.inputs[0] ?? '';
    const y = pad.outputs[0] ?? '';
    if (x === '' || y === '' || pad.outputs.length !== 1 || v.isGraphOutput(y) || v.readers(y) !== 1) continue;
    if (v.typeOf(x) !== 'float32' || v.constant(x)) continue;
    const q = v.consumersOf(y)[0]?.node;
    if (!q || !isQ(q) || q.inputs[0] !== y || q.outputs.length !== 1 || q.attributes.has('output_dtype')) continue;
    const p = qdqParams(v, q);
    if (!p || !p.perTensor || (p.type !== 'uint8' && p.type !== 'int8')) continue;
    // DQ -> Pad -> Q of the same scale and zero point: the Q/DQ fusion pads the codes without a requantization
    const producer = v.producerOf(x);
    const d = producer && isDQ(producer) ? qdqParams(v, producer) : null;
    if (d?.perTensor && d.type === p.type && d.scales[0] === p.scales[0] && d.zps[0] === p.zps[0]) continue;
    const mode = pad.attributes.get('mode');
    const constantMode = !mode || (mode.kind === 'string' && mode.value === 'constant');
    const inputs = [...pad.inputs];
    if (constantMode) {
      const cName = pad.inputs[2] ?? '';
      let c = 0;
      if (cName !== '') {
        const t = v.constant(cName);
        if (!t || t.type !== 'float32' || t.data.length !== 1) continue;
        c = Number(t.data[0]);
      }
      if (!Number.isFinite(c)) continue;
      const code = quantizeValue(c, p.scales[0], p.zps[0], p.type);
      while (inputs.length < 3) inputs.push('');
      inputs[2] = v.addInitializer(
        `${pad.name || 'pad'}_constant_q`,
        p.type,
        [],
        p.type === 'uint8' ? Uint8Array.of(code) : Int8Array.of(code),
      );
    } else if (inputs.length > 2 && inputs[2] !== '') inputs[2] = '';
    while (inputs.length > 1 && inputs[inputs.length - 1] === '') inputs.pop();
    const xDims = v.dimsOf(x);
    const codes = v.fresh(`${x}_quantized`);
    v.annotate({ name: codes, type: p.type, onnxElemType: p.type === 'uint8' ? 2 : 3, shape: xDims });
    const quantize: Node = { ...q, inputs: [x, ...q.inputs.slice(1)], outputs: [codes] };
    const padCodes: Node = { ...pad, inputs: [codes, ...inputs.slice(1)], outputs: [q.outputs[0]] };
    v.remove(q);
    v.replaceWith(pad, [quantize, padCodes]);
  }
}

export function quantizeBeforePad(graph: Graph): Graph {
  return runPasses(graph, quantizeBeforePadPass);
}
