/**
 * i8conv's tabled operators (domain 'i8conv': QLinearConv, QLinearMatMul, QGemm, Resize), what
 * src/model/graph/passes/fuse-output-tables.ts makes of an operator with an 8-bit output followed by a 256-entry
 * look-up of that output: the operator's own inputs and attributes (QLinearConv, QLinearMatMul and Resize of the
 * default domain, QGemm of com.microsoft), plus
 * - `output_table` (tensor, required): 256 entries of type uint8 or int8, the node's output type, as raw bytes;
 * - `table_input` (string, optional): the name the operator's own output had (a label: nothing reads it here).
 * Y = output_table[raw byte of the operator's output] (a uint8 by its value, an int8 by its two's-complement byte:
 * -1 is entry 255), Y of the operator's output dims and the table's type. The operator runs as the reference's own,
 * at the model's opset of its domain (Resize behaves differently at opset 10).
 *
 * i8conv's QLinearConv may instead (or as well) carry a residual add (src/model/graph/passes/fuse-residual-adds.ts:
 * a QLinearAdd of the convolution's output and a same-shaped value): inputs 9 .. 15 are R, the scale and zero point of
 * the convolution's output (after its table), R's scale and zero point, and the sum's scale and zero point;
 * attribute `residual_of` (string) names the convolution's own output, `twin` (int, 0 or 1) says the add rounds as
 * onnxruntime's uint8 twin (i8conv's QLinearAdd). Y = QLinearAdd(output, R) (then output_table is optional).
 */
import { QGemm } from './QGemm.js';
import { QLinearConv } from './QLinearConv.js';
import { QLinearMatMul } from './QLinearMatMul.js';
import { QLinearAdd, Uint8TwinQLinearAdd } from './QLinearBinary.js';
import { Resize } from './Resize.js';
import { expectType, makeTensor, type Attributes, type OpFn, type Tensor } from '../tensor.js';

/** The `output_table` of an i8conv node: 256 entries, uint8 or int8. */
export function outputTableOf(attrs: Attributes, op: string): Tensor {
  const a = attrs.get('output_table');
  if (a === undefined) throw new Error(`${op}: attribute output_table is required`);
  if (a.kind !== 'tensor') throw new Error(`${op}: attribute output_table must be a tensor, is ${a.kind}`);
  expectType(a.value, `${op} output_table`, 'uint8', 'int8');
  if (a.value.data.length !== 256) throw new Error(`${op}: output_table has ${a.value.data.length} entries, not 256`);
  return a.value;
}

/** Applies a 256-entry table to the raw bytes of an 8-bit tensor: the result has the table's type. */
export function applyTable(y: Tensor, table: Tensor, op: string): Tensor {
  expectType(y, `${op}: the operator's output`, 'uint8', 'int8');
  const out = makeTensor(table.type, y.dims);
  const yd = y.data as ArrayLike<number>;
  for (let i = 0; i < yd.length; i++) out.data[i] = table.data[yd[i] & 0xff];
  return out;
}

function tabled(op: string, base: OpFn, baseDomain: string, residual = false): OpFn {
  return (inputs, attrs, opset, outputCount, ctx) => {
    const name = `i8conv ${op}`;
    const adds = residual && inputs.length > 9 && inputs[9] !== undefined;
    const table = adds && !attrs.has('output_table') ? undefined : outputTableOf(attrs, name);
    for (const k of ['table_input', 'residual_of']) {
      const a = attrs.get(k);
      if (a !== undefined && a.kind !== 'string')
        throw new Error(`${name}: attribute ${k} must be a string, is ${a.kind}`);
    }
    const tw = attrs.get('twin');
    if (tw !== undefined && (tw.kind !== 'int' || (tw.value !== 0 && tw.value !== 1)))
      throw new Error(`${name}: attribute twin must be 0 or 1`);
    const own = new Map(attrs);
    for (const k of ['output_table', 'table_input', 'residual_of', 'twin']) own.delete(k);
    // the operator's own opset is its domain's, not i8conv's (called without the executor's context, e.g. by a test,
    // `opset` is taken as the operator's own)
    const outs = base(adds ? inputs.slice(0, 9) : inputs, own, ctx ? ctx.opset(baseDomain) : opset, outputCount);
    let y = table ? applyTable(outs[0], table, name) : outs[0];
    if (adds) {
      if (inputs.length !== 16)
        throw new Error(`${name}: a residual add takes inputs 9 .. 15, got ${inputs.length} inputs`);
      const add = tw?.kind === 'int' && tw.value === 1 ? Uint8TwinQLinearAdd : QLinearAdd;
      y = add(
        [y, inputs[10], inputs[11], inputs[9], inputs[12], inputs[13], inputs[14], inputs[15]],
        new Map(),
        1,
        1,
      )[0];
    }
    return [y, ...outs.slice(1)];
  };
}

export const TabledQLinearConv = tabled('QLinearConv', QLinearConv, '', true);
export const TabledQLinearMatMul = tabled('QLinearMatMul', QLinearMatMul, '');
export const TabledQGemm = tabled('QGemm', QGemm, 'com.microsoft');
export const TabledResize = tabled('Resize', Resize, '');
