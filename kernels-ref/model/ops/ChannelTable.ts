/**
 * i8conv's ChannelTable(x) (domain 'i8conv'), what src/model/graph/passes/fuse-channel-chains.ts makes of a chain of
 * per-channel element-wise nodes: x of rank 4, NCHW [N, C, H, W]; attributes
 * - `table` (tensor uint8, required): C tables of 256 entries one after the other, each entry E bytes: E = 1 for an
 *   8-bit output (the raw byte), E = 4 for a float32 output (a little-endian float32); E = bytes / (C * 256);
 * - `quantize_type` (string 'uint8' / 'int8'), `quantize_scale` (float), `quantize_zero_point` (int), all three or
 *   none: x is float32 and is first quantized per tensor to that type exactly as QuantizeLinear does (the reference's
 *   own, ./QuantizeLinear.ts); without them x is uint8 or int8.
 * y[n, c, h, w] = table[c][raw byte of x[n, c, h, w]] (a uint8 by its value, an int8 by its two's-complement byte),
 * entries copied as bytes, so a float32 entry keeps its bits (NaN payloads too).
 *
 * The output type: the table's entries are raw bytes and say only their size, not whether 8 bits are uint8 or int8
 * (a chain may dequantize uint8 and quantize to int8). It is the type the graph declares for the node's output (the
 * executor's context: the value annotation or the graph output's type), which must have the entries' size; where the
 * graph declares none, a 4-byte table gives float32 and a 1-byte table is refused.
 */
import { QuantizeLinear } from './QuantizeLinear.js';
import {
  attrFloat,
  attrInt,
  attrString,
  expectType,
  makeTensor,
  need,
  onlyAttrs,
  qRange,
  type ElementType,
  type OpFn,
  type Tensor,
} from '../tensor.js';

export const ChannelTable: OpFn = (inputs, attrs, _opset, _outputCount, ctx) => {
  const op = 'i8conv ChannelTable';
  onlyAttrs(attrs, op, 'table', 'quantize_type', 'quantize_scale', 'quantize_zero_point');
  let x = need(inputs, 0, 'x');
  if (x.dims.length !== 4) throw new Error(`${op}: x must be 4-D [N, C, H, W], has dims [${x.dims}]`);
  const C = x.dims[1];
  const ta = attrs.get('table');
  if (ta?.kind !== 'tensor') throw new Error(`${op}: attribute table must be a tensor, is ${ta?.kind ?? 'absent'}`);
  expectType(ta.value, `${op} table`, 'uint8');
  const table = ta.value.data as Uint8Array;
  const E = C > 0 ? table.length / (C * 256) : Number.NaN;
  if (E !== 1 && E !== 4)
    throw new Error(`${op}: table has ${table.length} bytes, not C * 256 * (1 or 4) for C = ${C}`);

  const declared = ctx?.outputTypes[0] ?? null;
  let type: ElementType;
  if (declared !== null) {
    if (E === 4 ? declared !== 'float32' : declared !== 'uint8' && declared !== 'int8')
      throw new Error(`${op}: the output is declared ${declared}, the table has ${E}-byte entries`);
    type = declared;
  } else if (E === 4) {
    type = 'float32';
  } else {
    throw new Error(`${op}: an 8-bit table needs the output's type (uint8 or int8) declared by the graph`);
  }

  const has = ['quantize_type', 'quantize_scale', 'quantize_zero_point'].filter((k) => attrs.has(k));
  if (has.length !== 0 && has.length !== 3)
    throw new Error(`${op}: quantize_type, quantize_scale and quantize_zero_point go together (got ${has.join(', ')})`);
  if (has.length) {
    expectType(x, `${op} x (quantized first)`, 'float32');
    const qt = attrString(attrs, 'quantize_type', '');
    if (qt !== 'uint8' && qt !== 'int8')
      throw new Error(`${op}: quantize_type must be uint8 or int8, is ${JSON.stringify(qt)}`);
    const [lo, hi] = qRange(qt);
    const zp = attrInt(attrs, 'quantize_zero_point', 0);
    if (!Number.isInteger(zp) || zp < lo || zp > hi)
      throw new Error(`${op}: quantize_zero_point ${zp} is outside ${qt}`);
    const scale = makeTensor('float32', [], Float32Array.of(attrFloat(attrs, 'quantize_scale', Number.NaN)));
    const zpT = makeTensor(qt, [], qt === 'uint8' ? Uint8Array.of(zp) : Int8Array.of(zp));
    // per tensor: every opset from 10 on quantizes the same
    x = QuantizeLinear([x, scale, zpT], new Map(), 13)[0];
  } else {
    expectType(x, `${op} x`, 'uint8', 'int8');
  }

  const y: Tensor = makeTensor(type, x.dims);
  const out = new Uint8Array(y.data.buffer, y.data.byteOffset, y.data.byteLength);
  const xd = x.data as ArrayLike<number>;
  const plane = x.dims[2] * x.dims[3];
  for (let i = 0; i < xd.length; i++) {
    const c = Math.floor(i / plane) % C;
    const at = (c * 256 + (xd[i] & 0xff)) * E;
    for (let e = 0; e < E; e++) out[i * E + e] = table[at + e];
  }
  return [y];
};
