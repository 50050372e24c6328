/**
 * i8conv's ChannelGate(x, g) (domain 'i8conv'), what src/model/graph/passes/fuse-channel-gates.ts makes of a
 * squeeze-and-excitation gate: x [N, C, H, W] uint8 or int8; g of x's type, [1 or N, C, 1, 1] once right-aligned to
 * rank 4 (one value per channel, per batch or shared); attributes
 * - `mul` (floats, required): [aScale, aZeroPoint, bScale, bZeroPoint, cScale, cZeroPoint] of m = QLinearMul(x, g),
 *   A being x and B being g (whichever input of the original node each was: the float product commutes);
 * - `add` (floats, optional): the same six of y = QLinearAdd(x, m), A being x and B being m.
 * y = QLinearAdd(x, QLinearMul(x, g)), or m itself without `add`: the reference's QLinearMul and QLinearAdd
 * (./QLinearBinary.ts) on scalar tensors made of the attributes (scales float32, zero points of x's type).
 */
import { QLinearAdd, QLinearMul } from './QLinearBinary.js';
import {
  expectType,
  makeTensor,
  need,
  onlyAttrs,
  qRange,
  type Attributes,
  type ElementType,
  type OpFn,
  type Tensor,
} from '../tensor.js';

/** The eight inputs of a QLinearAdd / QLinearMul of `a` and `b` with the quantization attribute `name`, or undefined. */
function binaryInputs(
  attrs: Attributes,
  name: string,
  a: Tensor,
  b: Tensor,
  type: ElementType,
  op: string,
): Tensor[] | undefined {
  const q = attrs.get(name);
  if (q === undefined) return undefined;
  if (q.kind !== 'floats' || q.value.length !== 6) throw new Error(`${op}: attribute ${name} must be 6 floats`);
  const [lo, hi] = qRange(type);
  const scale = (v: number) => makeTensor('float32', [], Float32Array.of(v));
  const zp = (v: number, what: string) => {
    if (!Number.isInteger(v) || v < lo || v > hi) throw new Error(`${op}: ${name} ${what} ${v} is not a ${type} value`);
    return makeTensor(type, [], type === 'uint8' ? Uint8Array.of(v) : Int8Array.of(v));
  };
  const [aS, aZ, bS, bZ, cS, cZ] = q.value;
  return [a, scale(aS), zp(aZ, 'aZeroPoint'), b, scale(bS), zp(bZ, 'bZeroPoint'), scale(cS), zp(cZ, 'cZeroPoint')];
}

export const ChannelGate: OpFn = (inputs, attrs) => {
  const op = 'i8conv ChannelGate';
  onlyAttrs(attrs, op, 'mul', 'add');
  const x = need(inputs, 0, 'x');
  const g = need(inputs, 1, 'g');
  expectType(x, `${op} x`, 'uint8', 'int8');
  if (g.type !== x.type) throw new Error(`${op}: g is ${g.type}, x is ${x.type}`);
  if (x.dims.length !== 4) throw new Error(`${op}: x must be 4-D [N, C, H, W], has dims [${x.dims}]`);
  const [N, C] = x.dims;
  const gd = [...Array(Math.max(0, 4 - g.dims.length)).fill(1), ...g.dims];
  if (g.dims.length > 4 || gd[1] !== C || gd[2] !== 1 || gd[3] !== 1 || (gd[0] !== 1 && gd[0] !== N))
    throw new Error(`${op}: g must be [1 or N, C, 1, 1] for x [${x.dims}], has dims [${g.dims}]`);
  const mul = binaryInputs(attrs, 'mul', x, g, x.type, op);
  if (!mul) throw new Error(`${op}: attribute mul is required`);
  const m = QLinearMul(mul, new Map(), 1)[0];
  const add = binaryInputs(attrs, 'add', x, m, x.type, op);
  return add ? QLinearAdd(add, new Map(), 1) : [m];
};
