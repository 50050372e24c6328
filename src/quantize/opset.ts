/**
 * toOpset13: a graph of default-domain opset < 13 rewritten to opset 13 for the operators whose form changed, so
 * that the quantizer's per-axis QuantizeLinear / DequantizeLinear (opset 13) can join it.
 */
import { I8ConvError } from '../errors.js';
import type { Graph, Node, Tensor } from '../model/graph/ir.js';
import { i64, tensor } from './graph.js';

/**
 * Rewrites a graph of default-domain opset < 13 to opset 13 for the operators whose form changed (attributes that
 * became inputs: Clip < 11, Slice < 10, Squeeze / Unsqueeze / Split < 13; Softmax < 13 when its axis is the last
 * one, where both versions agree; `rankOf` gives value ranks for that check). Throws for what it does not know how
 * to carry over (Upsample, Softmax / LogSoftmax on an inner axis, Pad < 11, Resize 10). Other operators are the
 * same in both opsets.
 */
export function toOpset13(g: Graph, rankOf: (value: string) => number | undefined = () => undefined): Graph {
  const opset = g.opsetImports.get('') ?? 1;
  if (opset >= 13) return g;
  const initializers = new Map(g.initializers);
  let k = 0;
  const constInput = (base: string, t: Tensor): string => {
    let name = `${base}_${t.name}`;
    while (initializers.has(name)) name = `${base}_${t.name}_${++k}`;
    initializers.set(name, { ...t, name });
    return name;
  };
  const ints = (n: Node, a: string): number[] | undefined => {
    const v = n.attributes.get(a);
    return v?.kind === 'ints' ? v.value : undefined;
  };
  const nodes = g.nodes.map((n): Node => {
    if (n.domain !== '') return n;
    const attrs = new Map(n.attributes);
    const base = n.name || n.outputs[0];
    switch (n.opType) {
      case 'Clip':
        if (opset < 11) {
          const lo = attrs.get('min');
          const hi = attrs.get('max');
          attrs.delete('min');
          attrs.delete('max');
          const inputs = [
            n.inputs[0],
            lo?.kind === 'float' ? constInput(base, tensor('min', 'float32', [], Float32Array.of(lo.value))) : '',
            hi?.kind === 'float' ? constInput(base, tensor('max', 'float32', [], Float32Array.of(hi.value))) : '',
          ];
          while (inputs[inputs.length - 1] === '') inputs.pop();
          return { ...n, inputs, attributes: attrs };
        }
        return n;
      case 'Slice':
        if (opset < 10) {
          const starts = ints(n, 'starts')!;
          const ends = ints(n, 'ends')!;
          const axes = ints(n, 'axes');
          for (const a of ['starts', 'ends', 'axes']) attrs.delete(a);
          const inputs = [
            n.inputs[0],
            constInput(base, i64('starts', [starts.length], starts)),
            constInput(base, i64('ends', [ends.length], ends)),
          ];
          if (axes) inputs.push(constInput(base, i64('axes', [axes.length], axes)));
          return { ...n, inputs, attributes: attrs };
        }
        return n;
      case 'Squeeze':
      case 'Unsqueeze':
      case 'Split': {
        const name = n.opType === 'Split' ? 'split' : 'axes';
        const v = ints(n, name);
        if (!v) return n;
        attrs.delete(name);
        return { ...n, inputs: [n.inputs[0], constInput(base, i64(name, [v.length], v))], attributes: attrs };
      }
      case 'Softmax':
      case 'LogSoftmax': {
        const axisAttr = attrs.get('axis');
        const axis = axisAttr?.kind === 'int' ? axisAttr.value : 1;
        const rank = rankOf(n.inputs[0]);
        if (rank === undefined || (axis !== -1 && axis !== rank - 1)) {
          throw new I8ConvError(
            'UNSUPPORTED_OP',
            `toOpset13: ${n.opType} ${base} on axis ${axis} of a value of rank ${rank ?? 'unknown'} changes meaning at opset 13`,
            'model',
          );
        }
        return n;
      }
      case 'Upsample':
        throw new I8ConvError('UNSUPPORTED_OP', `toOpset13: Upsample ${base} is not carried over`, 'model');
      case 'Pad':
        if (opset < 11)
          throw new I8ConvError(
            'UNSUPPORTED_OP',
            `toOpset13: Pad ${base} of opset ${opset} is not carried over`,
            'model',
          );
        return n;
      case 'Resize':
        if (opset < 11)
          throw new I8ConvError('UNSUPPORTED_OP', `toOpset13: Resize ${base} of opset 10 is not carried over`, 'model');
        return n;
      default:
        return n;
    }
  });
  const opsetImports = new Map(g.opsetImports);
  opsetImports.set('', 13);
  return { ...g, opsetImports, nodes, initializers, irVersion: Math.max(g.irVersion, 7) };
}
