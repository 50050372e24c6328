/**
 * Pass (after fuse-qdq): a constant-mode `Pad` of 8-bit data that only a `QLinearConv` or a `MaxPool` reads becomes
 * that node's own padding, so that no padded copy of the tensor is made (Keras' ZeroPadding2D before a stride-2
 * convolution, TFLite's PAD before a VALID one, a max pool's explicit padding).
 *
 * Only where the result is the same, bit for bit:
 * - the Pad pads the two spatial axes of a rank-4 NCHW tensor, by amounts >= 0 (no axes input);
 * - before a QLinearConv (input 0): the pad value is the convolution's input zero point (a convolution pads with
 *   the real zero); the convolution's auto_pad is NOTSET;
 * - before a MaxPool on 8-bit data: the pad value is the smallest code of the type and each side's padding is below
 *   the window (a window always holds a real value, and padding never wins its maximum; MaxPool's own padding is
 *   left out of the maximum); auto_pad NOTSET, no dilations other than 1;
 * - the Pad's output is no graph output and nothing else reads it.
 * The window node's pads grow by the Pad's; the Pad goes away. On a GraphView (foldPad: on a Graph).
 */
import type { Graph, Node, Tensor } from '../ir.js';
import { type GraphView, runPasses } from '../view.js';

const ints = (n: Node, key: string): number[] | null => {
  const a = n.attributes.get(key);
  return a && a.kind === 'ints' ? a.value.map(Number) : null;
};
const str = (n: Node, key: string): string | null => {
  const a = n.attributes.get(key);
  return a && a.kind === 'string' ? a.value : null;
};
const scalar = (t: Tensor | undefined): number | null => (t && t.data.length === 1 ? Number(t.data[0]) : null);

export function foldPadPass(v: GraphView): void {
  for (const pad of v.nodes) {
    if (pad.domain !== '' || pad.opType !== 'Pad' || pad.outputs.length !== 1) continue;
    const mode = str(pad, 'mode');
    if (mode !== null && mode !== 'constant') continue;
    const [x, padsName, valueName, axesName] = pad.inputs;
    const y = pad.outputs[0];
    if (v.isGraphOutput(y) || (axesName ?? '') !== '') continue;
    const rd = v.consumersOf(y);
    if (rd.length !== 1 || rd[0].slot !== 0) continue;
    const padsT = padsName ? v.initializers.get(padsName) : undefined;
    const p =
      padsT && padsT.type === 'int64' && padsT.data.length === 8
        ? Array.from(padsT.data as BigInt64Array, Number)
        : ints(pad, 'pads');
    if (!p || p.length !== 8 || p.some((q) => q < 0) || p[0] || p[1] || p[4] || p[5]) continue;
    const valueT = valueName ? v.initializers.get(valueName) : undefined;
    if (valueName && !valueT) continue;
    const code = valueT ? scalar(valueT) : 0;
    const type = valueT?.type;
    const win = rd[0].node;
    const autoPad = str(win, 'auto_pad');
    if (autoPad !== null && autoPad !== 'NOTSET') continue;
    const extra = [p[2], p[3], p[6], p[7]]; // top, left, bottom, right
    if (win.domain === '' && win.opType === 'QLinearConv') {
      if (code !== scalar(v.initializers.get(win.inputs[2] ?? ''))) continue;
    } else if (win.domain === '' && win.opType === 'MaxPool') {
      const k = ints(win, 'kernel_shape');
      const min = type === 'uint8' ? 0 : type === 'int8' ? -128 : null;
      if (!k || k.length !== 2 || min === null || code !== min || win.outputs.length !== 1) continue;
      if (
        (ints(win, 'dilations') ?? [1, 1]).some((d) => d !== 1) ||
        extra[0] >= k[0] ||
        extra[2] >= k[0] ||
        extra[1] >= k[1] ||
        extra[3] >= k[1]
      )
        continue;
    } else continue;
    const own = ints(win, 'pads') ?? [0, 0, 0, 0];
    if (own.length !== 4) continue;
    const attributes = new Map(win.attributes);
    attributes.set('pads', { kind: 'ints', value: own.map((q, j) => q + extra[j]) });
    v.remove(pad);
    v.replace([win], { ...win, inputs: [x, ...win.inputs.slice(1)], attributes });
  }
}

export function foldPad(graph: Graph): Graph {
  return runPasses(graph, foldPadPass);
}
