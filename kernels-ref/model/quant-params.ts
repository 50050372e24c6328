/**
 * The scale / zero-point layout of QuantizeLinear and DequantizeLinear: per tensor (a scalar or one-element
 * scale) or per axis (a 1-D scale of length dims[axis]; opset 13+, axis default 1). Element i of the data takes
 * parameter index `(i / inner) % dims[axis]`, inner being the product of the dims after the axis.
 */
import { attrInt, normAxis, numel, numbers, type Attributes, type Tensor } from './tensor.js';

export interface QuantParams {
  scales: number[];
  zeroPoints: number[];
  /** The parameter index of flat element i. */
  at(i: number): number;
}

export function quantParams(
  x: Tensor,
  scale: Tensor,
  zp: Tensor | undefined,
  attrs: Attributes,
  opset: number,
  op: string,
): QuantParams {
  if (scale.type !== 'float32') throw new Error(`${op}: scale must be float32, got ${scale.type}`);
  if (attrInt(attrs, 'block_size', 0) !== 0)
    throw new Error(`${op}: blocked quantization (block_size) is not supported`);
  const scales = numbers(scale);
  const zeroPoints = zp ? numbers(zp) : scales.map(() => 0);
  if (zp && (zp.dims.length !== scale.dims.length || zp.dims.some((d, i) => d !== scale.dims[i])))
    throw new Error(`${op}: zero point dims [${zp.dims}] differ from scale dims [${scale.dims}]`);
  if (scale.dims.length === 0 || (numel(scale.dims) === 1 && scale.dims.length === 1))
    return { scales, zeroPoints, at: () => 0 };
  if (opset < 13) throw new Error(`${op}: opset ${opset} takes a scalar scale only`);
  if (scale.dims.length !== 1) throw new Error(`${op}: a per-axis scale must be 1-D, has dims [${scale.dims}]`);
  const axis = normAxis(attrInt(attrs, 'axis', 1), x.dims.length, `${op}: axis`);
  if (scale.dims[0] !== x.dims[axis])
    throw new Error(`${op}: per-axis scale has ${scale.dims[0]} values for dim ${x.dims[axis]} of axis ${axis}`);
  const inner = numel(x.dims.slice(axis + 1));
  const n = x.dims[axis];
  return { scales, zeroPoints, at: (i) => Math.floor(i / inner) % n };
}
