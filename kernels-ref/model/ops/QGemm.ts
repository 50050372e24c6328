/**
 * com.microsoft QGemm (onnxruntime's contrib QGemm over MLAS's integer GEMM; docs/int8-ops.md, QLinearConv,
 * QLinearMatMul and QGemm): inputs A, a_scale, a_zero_point, B, b_scale, b_zero_point, C (optional), y_scale
 * (optional), y_zero_point (optional); attributes alpha (default 1), transA, transB (beta is not an attribute of
 * QGemm: the int32 C is always added whole).
 *
 * A' = transA ? A^T : A is [M, K], B' = transB ? B^T : B is [K, N]. Per output element:
 *   acc = C[m][n] + sum_k (a[m][k] - a_zp) * (b[k][n] - b_zp[n])        (int32, wrapping; C broadcast to [M, N])
 * The int32 C is broadcast into the accumulator before the GEMM (onnxruntime's GemmBroadcastBias, then MLAS
 * accumulates into it), so it is added as an integer, never scaled.
 * - With y_scale and y_zero_point: the requantization of requantize.ts with the output scale
 *   scale[n] = f(f(f(alpha * a_scale) * b_scale[n]) / y_scale), left to right as onnxruntime's ComputeOutputScale;
 *   the output has y_zero_point's type, which must be A's.
 * - Without them (both absent): a float32 output y = f(f(acc) * scale[n]) with scale[n] = f(f(alpha * a_scale) *
 *   b_scale[n]) (MLAS's scale-bias output processor, no bias).
 * a_scale, a_zero_point and y's parameters are per tensor; b_scale and b_zero_point one value or N (per column of
 * B'), of the same shape. A is uint8 or int8; B uint8 or int8, but int8 when A is int8 (onnxruntime registers no
 * int8 x uint8 kernel). C, when given, is int32 and broadcasts unidirectionally to [M, N].
 */
import { requantize } from '../requantize.js';
import {
  attrFloat,
  attrInt,
  broadcastIndex,
  expectType,
  f32,
  makeTensor,
  need,
  numbers,
  onlyAttrs,
  qRange,
  scalarOf,
  type OpFn,
} from '../tensor.js';

export const QGemm: OpFn = (inputs, attrs) => {
  const op = 'QGemm';
  onlyAttrs(attrs, op, 'alpha', 'transA', 'transB');
  const a = need(inputs, 0, 'A');
  const b = need(inputs, 3, 'B');
  expectType(a, `${op} A`, 'uint8', 'int8');
  expectType(b, `${op} B`, 'uint8', 'int8');
  if (a.type === 'int8' && b.type !== 'int8') throw new Error(`${op}: B must be int8 when A is int8, is ${b.type}`);
  const aScaleT = need(inputs, 1, 'a_scale');
  const aZpT = need(inputs, 2, 'a_zero_point');
  const bScaleT = need(inputs, 4, 'b_scale');
  const bZpT = need(inputs, 5, 'b_zero_point');
  expectType(aScaleT, `${op} a_scale`, 'float32');
  expectType(bScaleT, `${op} b_scale`, 'float32');
  if (aZpT.type !== a.type) throw new Error(`${op}: a_zero_point is ${aZpT.type}, A is ${a.type}`);
  if (bZpT.type !== b.type) throw new Error(`${op}: b_zero_point is ${bZpT.type}, B is ${b.type}`);
  const aScale = scalarOf(aScaleT, `${op} a_scale`);
  const aZp = scalarOf(aZpT, `${op} a_zero_point`);
  const c = inputs[6];
  const yScaleT = inputs[7];
  const yZpT = inputs[8];
  if ((yScaleT === undefined) !== (yZpT === undefined))
    throw new Error(`${op}: y_scale and y_zero_point must be given together`);
  if (a.dims.length !== 2 || b.dims.length !== 2) throw new Error(`${op}: A [${a.dims}] and B [${b.dims}] must be 2-D`);
  const alpha = f32(attrFloat(attrs, 'alpha', 1));
  const ta = attrInt(attrs, 'transA', 0) === 1;
  const tb = attrInt(attrs, 'transB', 0) === 1;
  const [m, k] = ta ? [a.dims[1], a.dims[0]] : a.dims;
  const [kb, n] = tb ? [b.dims[1], b.dims[0]] : b.dims;
  if (k !== kb) throw new Error(`${op}: inner dims differ: A' is [${m}, ${k}], B' is [${kb}, ${n}]`);

  const bScales = numbers(bScaleT);
  const bZps = numbers(bZpT);
  const perColumn = (t: typeof bScaleT) => t.dims.length === 1 && t.dims[0] === n && n !== 1;
  for (const [t, what] of [
    [bScaleT, 'b_scale'],
    [bZpT, 'b_zero_point'],
  ] as const)
    if (!(t.data.length === 1 && t.dims.length <= 1) && !perColumn(t))
      throw new Error(`${op}: ${what} dims [${t.dims}] are neither one value nor [${n}]`);
  if (bScales.length !== bZps.length)
    throw new Error(`${op}: b_scale has ${bScales.length} values, b_zero_point ${bZps.length}`);
  const at = (v: number[], j: number) => v[v.length === 1 ? 0 : j];

  if (c) {
    expectType(c, `${op} C`, 'int32');
    if (c.dims.length > 2 || c.dims.some((d, i) => d !== 1 && d !== [m, n][i + 2 - c.dims.length]))
      throw new Error(`${op}: C [${c.dims}] does not broadcast to [${m}, ${n}]`);
  }
  let yType: 'float32' | 'uint8' | 'int8' = 'float32';
  let yScale = 0,
    yZp = 0,
    lo = 0,
    hi = 0;
  if (yScaleT && yZpT) {
    expectType(yScaleT, `${op} y_scale`, 'float32');
    if (yZpT.type !== a.type) throw new Error(`${op}: y_zero_point is ${yZpT.type}, A is ${a.type}`);
    yScale = scalarOf(yScaleT, `${op} y_scale`);
    yZp = scalarOf(yZpT, `${op} y_zero_point`);
    yType = a.type as 'uint8' | 'int8';
    [lo, hi] = qRange(yType);
  }
  // The output scale, left to right: f(f(alpha * a_scale) * b_scale[n]), then / y_scale when requantizing.
  const scales = Array.from({ length: n }, (_, j) => {
    const s = f32(f32(alpha * aScale) * at(bScales, j));
    return yType === 'float32' ? s : f32(s / yScale);
  });

  const av = a.data as ArrayLike<number>;
  const bv = b.data as ArrayLike<number>;
  const y = makeTensor(yType, [m, n]);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      let acc = c ? (c.data as Int32Array)[broadcastIndex([i, j], [m, n], c.dims)] : 0;
      const bz = at(bZps, j);
      for (let q = 0; q < k; q++)
        acc = (acc + Math.imul(av[ta ? q * m + i : i * k + q] - aZp, bv[tb ? j * k + q : q * n + j] - bz)) | 0;
      y.data[i * n + j] = yType === 'float32' ? f32(f32(acc) * scales[j]) : requantize(acc, 0, scales[j], yZp, lo, hi);
    }
  return [y];
};
