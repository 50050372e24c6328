/**
 * com.microsoft QLinearAveragePool (docs/int8-ops.md, QLinearGlobalAveragePool and QLinearAveragePool): geometry as
 * AveragePool (pool-geometry.ts; no dilations), channels_last for [N, D1..Dk, C]. Per output: the f32 sum, from 0 in
 * window order (last axis fastest), of xf = f(x_scale * (x - x_zp)) over the window cells inside the input; avg =
 * f(sum / count), count being the kernel's size with count_include_pad = 1 (even for a ceil_mode window reaching past
 * the end padding, unlike AveragePool: onnxruntime-web computes so, the random sweep of test/ref-model-ops.test.ts
 * finds it) or the window cells inside the input (0); y = clamp(RNE(f(f(avg / y_scale) + y_zp)), lo, hi): the zero
 * point is added before rounding.
 */
import { forEachWindow, kernelTaps, poolGeometry } from '../pool-geometry.js';
import { scaleIn, zpIn } from '../qlinear.js';
import {
  attrInt,
  expectType,
  f32,
  makeTensor,
  need,
  numel,
  onlyAttrs,
  qRange,
  roundHalfEven,
  type OpFn,
  type Tensor,
} from '../tensor.js';

export const QLinearAveragePool: OpFn = (inputs, attrs) => {
  const op = 'QLinearAveragePool';
  onlyAttrs(
    attrs,
    op,
    'auto_pad',
    'ceil_mode',
    'channels_last',
    'count_include_pad',
    'kernel_shape',
    'pads',
    'strides',
  );
  const x = need(inputs, 0, 'X');
  expectType(x, `${op} X`, 'uint8', 'int8');
  if (x.dims.length < 3) throw new Error(`${op}: X must have rank 3 or more, has dims [${x.dims}]`);
  const xS = scaleIn(inputs, 1, 'x_scale', op);
  const xZ = zpIn(inputs, 2, x.type, 'x_zero_point', op);
  const yS = scaleIn(inputs, 3, 'y_scale', op);
  const yZ = zpIn(inputs, 4, x.type, 'y_zero_point', op);
  const last = attrInt(attrs, 'channels_last', 0) === 1;
  const includePad = attrInt(attrs, 'count_include_pad', 0) === 1;
  const [lo, hi] = qRange(x.type);
  const n = x.dims[0];
  const c = last ? x.dims[x.dims.length - 1] : x.dims[1];
  const spatial = last ? x.dims.slice(1, -1) : x.dims.slice(2);
  const g = poolGeometry(spatial, attrs, op, false);
  const taps = kernelTaps(g);
  const inSize = numel(spatial);
  const outSize = numel(g.outDims);
  const dims = last ? [n, ...g.outDims, c] : [n, c, ...g.outDims];
  const y = makeTensor(x.type, dims);
  const xd = x.data as ArrayLike<number>;
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++)
      forEachWindow(g, (o, start) => {
        let sum = 0;
        let count = 0;
        for (const t of taps) {
          let flat = 0;
          let inside = true;
          for (let i = 0; i < t.length; i++) {
            const p = start[i] + t[i];
            if (p < 0 || p >= spatial[i]) inside = false;
            flat = flat * spatial[i] + p;
          }
          if (!inside) continue;
          count++;
          const v = xd[last ? (b * inSize + flat) * c + ch : (b * c + ch) * inSize + flat];
          sum = f32(sum + f32(xS * (v - xZ)));
        }
        const avg = f32(sum / (includePad ? taps.length : count));
        const q = roundHalfEven(f32(f32(avg / yS) + yZ));
        y.data[last ? (b * outSize + o) * c + ch : (b * c + ch) * outSize + o] = Math.min(Math.max(q, lo), hi);
      });
  return [y];
};

/**
 * i8conv:QLinearAveragePool (made by src/model/graph/passes/qdq-rules.ts where onnxruntime rewrites both Q -> DQ pairs
 * around an int8 AveragePool to uint8): the inputs and attributes of QLinearAveragePool, int8 data, computed as
 * onnxruntime computes the uint8 twin, X + 128 with both zero points + 128, and the result - 128. The values are the
 * int8 pool's; the rounding differs where f(avg / y_scale) + y_zp + 128 rounds to f32 otherwise than + y_zp does.
 */
export const Uint8TwinQLinearAveragePool: OpFn = (inputs, attrs, opset, outputCount) => {
  const op = 'i8conv QLinearAveragePool';
  const x = need(inputs, 0, 'X');
  expectType(x, `${op} X`, 'int8');
  const shifted = (t: Tensor | undefined, what: string): Tensor | undefined => {
    if (!t) return undefined;
    expectType(t, `${op} ${what}`, 'int8');
    return makeTensor(
      'uint8',
      t.dims,
      Uint8Array.from(t.data as Int8Array, (v) => v + 128),
    );
  };
  const twin = [
    shifted(x, 'X'),
    inputs[1],
    shifted(inputs[2], 'x_zero_point'),
    inputs[3],
    shifted(inputs[4], 'y_zero_point'),
  ];
  // an omitted zero point is 0: + 128 in the twin
  for (const k of [2, 4]) twin[k] ??= makeTensor('uint8', [], Uint8Array.of(128));
  const [y] = QLinearAveragePool(twin, attrs, opset, outputCount);
  return [
    makeTensor(
      'int8',
      y.dims,
      Int8Array.from(y.data as Uint8Array, (v) => v - 128),
    ),
  ];
};
