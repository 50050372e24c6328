/**
 * The operators whose output dims are values of their inputs:
 * - Range (opset 11): scalars start, limit, delta of one type (float32, double, int32, int64). ONNX: n =
 *   max(ceil((limit - start) / delta), 0) elements start + i delta; onnxruntime's arithmetic, followed here: limit -
 *   start in the element type (float32 rounded, int64 wrapping; int32 exact, which onnxruntime's build computes in
 *   double), divided in double, and the values accumulated (v_0 = start, v_i+1 = v_i + delta in the element type), so
 *   a float32 Range drifts as onnxruntime's does.
 * - NonZero (opset 9): int64 [rank, count], column j the multi-index of the j-th non-zero element in row-major order
 *   (a scalar: [1, count]); NaN is non-zero, -0 is zero.
 * - ConstantOfShape (opset 9): an int64 1-D shape (empty: a scalar); every element the one value of the `value`
 *   tensor attribute (default float32 0).
 */
import { makeTensor, need, numel, onlyAttrs, unravel, type OpFn, type Tensor } from '../tensor.js';

const f32 = Math.fround;

export const Range: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Range');
  const [s, l, d] = [0, 1, 2].map((k) => need(inputs, k, ['start', 'limit', 'delta'][k]));
  const type = s.type;
  for (const t of [s, l, d]) {
    if (t.type !== type) throw new Error(`Range: inputs of types ${s.type}, ${l.type}, ${d.type}`);
    if (t.data.length !== 1) throw new Error(`Range: inputs must be scalars, one has dims [${t.dims}]`);
  }
  let n: number;
  let values: (number | bigint)[];
  if (type === 'int64') {
    const [a, b, c] = [s, l, d].map((t) => t.data[0] as bigint);
    if (c === 0n) throw new Error('Range: delta is 0');
    n = Math.max(0, Math.ceil(Number(BigInt.asIntN(64, b - a)) / Number(c)));
    values = [];
    for (let i = 0, v = a; i < n; i++, v = BigInt.asIntN(64, v + c)) values.push(v);
  } else if (type === 'float32' || type === 'double' || type === 'int32') {
    const [a, b, c] = [s, l, d].map((t) => t.data[0] as number);
    if (c === 0) throw new Error('Range: delta is 0');
    const round = type === 'float32' ? f32 : type === 'int32' ? (v: number) => v | 0 : (v: number) => v;
    // int32: limit - start exact (onnxruntime's build widens it to double before the division)
    n = Math.max(0, Math.ceil((type === 'float32' ? f32(b - a) : b - a) / c));
    values = [];
    for (let i = 0, v = a; i < n; i++, v = round(v + c)) values.push(v);
  } else throw new Error(`Range: type ${type} is not supported`);
  const y = makeTensor(type, [n]);
  values.forEach((v, i) => (y.data[i] = v));
  return [y];
};

export const NonZero: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'NonZero');
  const x = need(inputs, 0, 'X');
  const at: number[] = [];
  for (let i = 0; i < x.data.length; i++) {
    const v = x.data[i];
    if (typeof v === 'bigint' ? v !== 0n : v !== 0) at.push(i);
  }
  const r = x.dims.length;
  const y = makeTensor('int64', [Math.max(r, 1), at.length]);
  at.forEach((flat, j) => {
    const idx = r ? unravel(flat, x.dims) : [0];
    idx.forEach((v, k) => (y.data[k * at.length + j] = BigInt(v)));
  });
  return [y];
};

export const ConstantOfShape: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'ConstantOfShape', 'value');
  const shape = need(inputs, 0, 'input');
  if (shape.type !== 'int64' || shape.dims.length !== 1)
    throw new Error(`ConstantOfShape: the shape must be a 1-D int64 tensor, is ${shape.type} [${shape.dims}]`);
  const dims = Array.from(shape.data as BigInt64Array, Number);
  if (dims.some((v) => v < 0)) throw new Error(`ConstantOfShape: negative dims [${dims}]`);
  const a = attrs.get('value');
  let proto: Tensor = { name: '', type: 'float32', dims: [1], data: new Float32Array(1) };
  if (a) {
    if (a.kind !== 'tensor' || a.value.data.length !== 1)
      throw new Error('ConstantOfShape: value must be a one-element tensor');
    proto = a.value;
  }
  const y = makeTensor(proto.type, dims);
  for (let i = 0; i < numel(dims); i++) y.data[i] = proto.data[0];
  return [y];
};
