/**
 * Gemm (float32): Y = alpha * A' B' + beta * C, A' = transA ? A^T : A ([M, K]), B' likewise ([K, N]), C optional
 * and unidirectionally broadcast to [M, N] (before opset 7 only with the broadcast attribute = 1). Each output sums
 * its products f(a * b) in onnxruntime's order (../sgemm-order.ts), starting from f(beta * c) where C is given and
 * beta is not 0.
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
import { sgemmElement, type SgemmOrder } from '../sgemm-order.js';

export const Gemm: OpFn = (inputs, attrs, opset, _outputs, ctx) => {
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
  const order: SgemmOrder = {
    m,
    n,
    k,
    transA: ta,
    transB: tb,
    alpha,
    beta: c ? beta : 0,
    constantB: ctx?.constantInputs[1] ?? false,
  };
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      const cv = c ? (c.data[broadcastIndex([i, j], [m, n], c.dims)] as number) : 0;
      y.data[i * n + j] = sgemmElement(
        order,
        j,
        (q) => f32(av[ta ? q * m + i : i * k + q] * bv[tb ? j * k + q : q * n + j]),
        cv,
      );
    }
  return [y];
};
