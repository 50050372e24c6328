/**
 * i8conv's ConvInteger and MatMulInteger with a float epilogue (src/model/graph/passes/fuse-integer-epilogue.ts: the
 * Cast -> Mul -> Add -> Relu onnxruntime's quantize_dynamic writes after them): inputs 0 .. 3 are the operator's own
 * (x, w, x_zero_point, w_zero_point), input 4 the scale S (float32, broadcast onto the output), input 5 the bias B
 * (float32, optional), input 6 an int32 bias IB (optional); attribute `activation` = 'Relu' (optional); the operator's
 * own attributes. Defined as the operators it stands for, each the reference's own:
 *   Y = Relu(Add(Mul(Cast(Add(op(x, w, x_zp, w_zp), IB), to = float32), S), B))   (each Add without its operand,
 *   Relu without the attribute); without S (and B), with IB: Y = Add(op(x, w, x_zp, w_zp), IB), int32
 */
import { Add } from './Add.js';
import { Cast } from './Cast.js';
import { ConvInteger } from './ConvInteger.js';
import { MatMulInteger } from './MatMulInteger.js';
import { Mul } from './Mul.js';
import { Relu } from './Relu.js';
import type { OpFn } from '../tensor.js';

function withEpilogue(op: string, base: OpFn): OpFn {
  return (inputs, attrs, opset, outputCount, ctx) => {
    const name = `i8conv ${op}`;
    const act = attrs.get('activation');
    if (act !== undefined && !(act.kind === 'string' && act.value === 'Relu'))
      throw new Error(`${name}: activation must be 'Relu'`);
    const s = inputs[4];
    if (s === undefined && inputs[6] === undefined)
      throw new Error(`${name}: the epilogue scale (input 4) is required`);
    const own = new Map(attrs);
    own.delete('activation');
    const opsetOf = (d: string) => (ctx ? ctx.opset(d) : opset);
    let [acc] = base(inputs.slice(0, 4), own, opsetOf(''), outputCount);
    if (inputs[6] !== undefined) acc = Add([acc, inputs[6]], new Map(), Math.max(14, opsetOf('')))[0];
    // the int32 bias alone: the int32 sums
    if (s === undefined) return [acc];
    const [f] = Cast([acc], new Map([['to', { kind: 'int', value: 1 }]]), Math.max(13, opsetOf('')));
    let y = Mul([f, s], new Map(), Math.max(14, opsetOf('')))[0];
    if (inputs[5] !== undefined) y = Add([y, inputs[5]], new Map(), Math.max(14, opsetOf('')))[0];
    if (act !== undefined) y = Relu([y], new Map(), Math.max(14, opsetOf('')))[0];
    return [y];
  };
}

export const ConvIntegerEpilogue = withEpilogue('ConvInteger', ConvInteger);
export const MatMulIntegerEpilogue = withEpilogue('MatMulInteger', MatMulInteger);
