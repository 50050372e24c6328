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

/**
 * Pass (with the other basic-level rewrites, before the QDQ propagation): onnxruntime's PadFusion. A `Pad` read by a
 * `Conv` or `MaxPool` (input 0, their only reader) becomes that node's own padding where onnxruntime's rule takes it,
 * whatever it does to the result: mode constant (or absent); at opset 11+ pads and constant_value constants
 * (constant_value left out takes it, named as '' does not) with every byte of the value 0 (so -0.0 is not taken),
 * below 11 the value attribute absent or == 0 (-0.0 too); no axes input; the Pad's output no graph output; the window node with one output (no MaxPool indices) and
 * auto_pad absent or NOTSET; the pads of the batch and channel axes 0 and every pad >= 0. The window's pads grow by
 * the Pad's spatial ones (absent pads: zeros).
 *
 * For a Conv that is the same sums (a zero pad adds zero products). For a MaxPool it is not: MaxPool's own padding is
 * left out of the maximum where the Pad's zeros took part, so a window of negative values next to the border gives
 * its largest value instead of 0. onnxruntime-web 1.30 runs the fused form (measured at opsets 11 to 22), and so does
 * i8conv, to give its bits.
 */
export function fusePadOrtPass(v: GraphView): void {
  const opset = v.opset('');
  for (const pad of v.nodes) {
    if (pad.domain !== '' || pad.opType !== 'Pad' || pad.outputs.length !== 1 || pad.inputs.length > 3) continue;
    const mode = str(pad, 'mode');
    if (mode !== null && mode !== 'constant') continue;
    const y = pad.outputs[0];
    if (v.isGraphOutput(y)) continue;
    const rd = v.consumersOf(y);
    if (rd.length !== 1 || rd[0].slot !== 0) continue;
    const win = rd[0].node;
    if (win.domain !== '' || (win.opType !== 'Conv' && win.opType !== 'MaxPool')) continue;
    if (win.outputs.filter((o) => o !== '').length !== 1) continue;
    const autoPad = str(win, 'auto_pad');
    if (autoPad !== null && autoPad !== 'NOTSET') continue;
    let p: number[] | null;
    if (opset >= 11) {
      const padsT = pad.inputs[1] ? v.constant(pad.inputs[1]) : undefined;
      if (!padsT || padsT.type !== 'int64') continue;
      // onnxruntime asks whether a named-as-'' constant_value is a constant (no)
      const valueName = pad.inputs[2];
      if (valueName !== undefined) {
        const valueT = valueName === '' ? undefined : v.constant(valueName);
        if (!valueT) continue;
        const d = valueT.data as ArrayBufferView;
        if (new Uint8Array(d.buffer, d.byteOffset, d.byteLength).some((b) => b !== 0)) continue;
      }
      p = Array.from(padsT.data as BigInt64Array, Number);
    } else {
      const value = pad.attributes.get('value');
      if (value && !(value.kind === 'float' && value.value === 0)) continue;
      p = ints(pad, 'pads');
    }
    const r = p ? p.length / 2 : 0;
    if (!p || r < 3 || !Number.isInteger(r) || p[0] || p[1] || p[r] || p[r + 1] || p.some((q) => q < 0)) continue;
    const own = ints(win, 'pads') ?? new Array<number>(2 * (r - 2)).fill(0);
    if (own.length !== 2 * (r - 2)) continue;
    const grown = own.map((q, j) => q + (j < r - 2 ? p![2 + j] : p![r + 2 + (j - (r - 2))]));
    const attributes = new Map(win.attributes);
    attributes.set('pads', { kind: 'ints', value: grown });
    v.remove(pad);
    v.replace([win], { ...win, inputs: [pad.inputs[0], ...win.inputs.slice(1)], attributes });
  }
}

export function fusePadOrt(graph: Graph): Graph {
  return runPasses(graph, fusePadOrtPass);
}
