/**
 * Gemm (float32): Y = alpha * A' B' + beta * C, A' = transA ? A^T : A ([M, K]), B' likewise ([K, N]), C optional
 * and unidirectionally broadcast to [M, N] (before opset 7 only with the broadcast attribute = 1). Per element: s = the f32 sum from 0 of f(a * b); y = f(alpha * s),
 * + f(beta * c) in f32 when C is given.
 */
import {
  attrFloat,
  attrInt,
  broadcastIndex,
  expectType,
  f32,
  makeTensor,
  need,
  onlyAttrs,
  type OpFn,
} from '../tensor.js';

export const Gemm: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'Gemm', 'alpha', 'beta', 'transA', 'transB', ...(opset < 7 ? ['broadcast'] : []));
  const a = need(inputs, 0, 'A');
  const b = need(inputs, 1, 'B');
  const c = inputs[2];
  expectType(a, 'Gemm A', 'float32');
  expectType(b, 'Gemm B', 'float32');
  if (c) expectType(c, 'Gemm C', 'float32');
  if (a.dims.length !== 2 || b.dims.length !== 2) throw new Error(`Gemm: A [${a.dims}] and B [${b.dims}] must be 2-D`);
  const alpha = f32(attrFloat(attrs, 'alpha', 1));
  const beta = f32(attrFloat(attrs, 'beta', 1));
  const ta = attrInt(attrs, 'transA', 0) === 1;
  const tb = attrInt(attrs, 'transB', 0) === 1;
  const [m, k] = ta ? [a.dims[1], a.dims[0]] : a.dims;
  const [kb, n] = tb ? [b.dims[1], b.dims[0]] : b.dims;
  if (k !== kb) throw new Error(`Gemm: inner dims differ: A' is [${m}, ${k}], B' is [${kb}, ${n}]`);
  if (c && (c.dims.length > 2 || c.dims.some((d, i) => d !== 1 && d !== [m, n][i + 2 - c.dims.length])))
    throw new Error(`Gemm: C [${c.dims}] does not broadcast to [${m}, ${n}]`);
  // Opset < 7: C broadcasts only with broadcast = 1, else it must be [M, N].
  if (
    c &&
    opset < 7 &&
    attrInt(attrs, 'broadcast', 0) !== 1 &&
    (c.dims.length !== 2 || c.dims[0] !== m || c.dims[1] !== n)
  )
    throw new Error(`Gemm: C [${c.dims}] is not [${m}, ${n}] and broadcast is 0`);
  const y = makeTensor('float32', [m, n]);
  const av = a.data as Float32Array;
  const bv = b.data as Float32Array;
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let q = 0; q < k; q++) s = f32(s + f32(av[ta ? q * m + i : i * k + q] * bv[tb ? j * k + q : q * n + j]));
      let v = f32(alpha * s);
      if (c) v = f32(v + f32(beta * (c.data[broadcastIndex([i, j], [m, n], c.dims)] as number)));
      y.data[i * n + j] = v;
    }
  return [y];
};
