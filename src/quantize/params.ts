/**
 * Quantization parameters from a real range, and the integer codes of a value, as onnxruntime's quantizer computes
 * them (onnxruntime/python/tools/quantization/quant_utils.py `compute_scale_zp`, with float32 arithmetic and round
 * half to even, which is what it stores for float32 models):
 *
 *   [qmin, qmax]   uint8 [0, 255], int8 [-128, 127]; `narrowRange` drops the lowest code: int8 [-127, 127] (the
 *                  seed's `qmin = -qmax`, onnxruntime's symmetric int8 weights), uint8 [1, 255] (TensorFlow's
 *                  narrow_range; onnxruntime has no narrow uint8).
 *   rmin = f32(min(min, 0)), rmax = f32(max(max, 0))          (the range always holds 0, so 0 is exact)
 *   symmetric:     a = max(|rmin|, rmax), rmin = -a, rmax = a
 *   scale = f32(f32(rmax - rmin) / (qmax - qmin))
 *   zero point     asymmetric: clamp(RNE(qmin - f32(rmin / scale)), qmin, qmax);
 *                  symmetric:  RNE((qmin + qmax) / 2)  (int8 0, uint8 128, narrow int8 0, narrow uint8 128)
 *   a zero-width range (scale below the smallest normal float32) gives scale 1 and the zero point that codes 0:
 *   0, or qmin where 0 is no code (narrow uint8), the symmetric midpoint when symmetric.
 *
 * A code: QuantizeLinear's `clamp(RNE(f32(x / scale)) + zp)` (src/model/backends/wasm-int8/quantize.ts `quantizeValue`), then
 * clamped to the narrow range where asked (NaN gives QuantizeLinear's code 0, not clamped).
 */
import { check } from '../errors.js';
import { quantizeValue, roundHalfEven } from '../model/numerics/quantize.js';

export type QType = 'uint8' | 'int8';

/** Scale and zero point, and the real range they were computed from (before it was widened to hold 0). */
export interface QuantParams {
  scale: number;
  zeroPoint: number;
  min: number;
  max: number;
}

export interface RangeOptions {
  symmetric?: boolean;
  narrowRange?: boolean;
}

const f = Math.fround;
const TINY = 1.1754943508222875e-38; // the smallest normal float32 (numpy finfo(float32).tiny)

/** The integer range of a type. */
export function qRange(type: QType, narrowRange = false): [number, number] {
  if (type === 'uint8') return narrowRange ? [1, 255] : [0, 255];
  return narrowRange ? [-127, 127] : [-128, 127];
}

export function checkQType(type: unknown, param: string): asserts type is QType {
  check(
    type === 'uint8' || type === 'int8',
    'INVALID_PARAM',
    param,
    () => `must be 'uint8' or 'int8', got ${String(type)}`,
  );
}

/** Scale and zero point of the real range [min, max] (see the header). Throws INVALID_PARAM for a range that is not
 * finite or has min > max. */
export function rangeParams(min: number, max: number, type: QType, opts: RangeOptions = {}): QuantParams {
  checkQType(type, 'type');
  check(
    Number.isFinite(min) && Number.isFinite(max) && min <= max,
    'INVALID_PARAM',
    'range',
    () => `must be finite with min <= max, got [${min}, ${max}]`,
  );
  const [qmin, qmax] = qRange(type, opts.narrowRange);
  let rmin = f(Math.min(min, 0));
  let rmax = f(Math.max(max, 0));
  if (opts.symmetric) {
    const a = Math.max(-rmin, rmax);
    rmin = -a;
    rmax = a;
  }
  const scale = f(f(rmax - rmin) / (qmax - qmin));
  check(Number.isFinite(scale), 'INVALID_PARAM', 'range', () => `[${min}, ${max}] overflows float32`);
  const mid = roundHalfEven((qmin + qmax) / 2) + 0; // + 0: no -0
  if (!(scale >= TINY)) return { scale: 1, zeroPoint: opts.symmetric ? mid : Math.max(qmin, 0), min, max };
  const zp = opts.symmetric ? mid : Math.min(qmax, Math.max(qmin, roundHalfEven(qmin - f(rmin / scale)) + 0));
  return { scale, zeroPoint: zp, min, max };
}

/** The code of x: QuantizeLinear's, then the narrow range's clamp (see the header). */
export function quantizeCode(x: number, scale: number, zeroPoint: number, type: QType, narrowRange = false): number {
  const q = quantizeValue(x, scale, zeroPoint, type);
  if (!narrowRange || Number.isNaN(x)) return q;
  const lo = qRange(type, true)[0];
  return q < lo ? lo : q;
}

/**
 * Symmetric narrow-range int8 quantization of a weight, in groups along `axis` of `dims` (axis undefined: one
 * group): per group `rangeParams(-a, a, 'int8', { symmetric, narrowRange })` with a = max |w| (scale
 * f32(f32(2a) / 254), zero point 0; scale 1 for an all-zero group), codes `quantizeCode`.
 */
export function quantizeWeight(
  data: Float32Array,
  dims: readonly number[],
  axis: number | undefined,
  bias?: { data: Float32Array; inputScale: number },
): { q: Int8Array; scales: Float32Array } {
  const channels = axis === undefined ? 1 : dims[axis];
  let inner = 1;
  if (axis !== undefined) for (let k = axis + 1; k < dims.length; k++) inner *= dims[k];
  const chan = (i: number) => (axis === undefined ? 0 : Math.floor(i / inner) % channels);
  const absmax = new Float32Array(channels);
  for (let i = 0; i < data.length; i++) absmax[chan(i)] = Math.max(absmax[chan(i)], Math.abs(data[i]));
  const scales = absmax.map((a) => rangeParams(-a, a, 'int8', { symmetric: true, narrowRange: true }).scale);
  if (bias) adjustWeightScalesForBias(scales, bias.data, bias.inputScale);
  const q = new Int8Array(data.length);
  for (let i = 0; i < data.length; i++) q[i] = quantizeCode(data[i], scales[chan(i)], 0, 'int8', true);
  return { q, scales };
}

/**
 * onnxruntime's int32-bias weight-scale adjustment (`_adjust_weight_scale_for_int32_bias` of its QDQ quantizer):
 * a bias is stored as int32 with scale x_scale * w_scale[c]; where a channel's weights are tiny (BatchNormalization
 * folded with a gamma near 0 gives weights of 1e-15 or denormals next to a bias of 0.1) that scale is so small that
 * the bias overflows int32 and its clamped value is wrong by orders of magnitude. So, in float64 as onnxruntime
 * computes it: per channel (per tensor: over the whole bias, with 0 in the range) the smallest valid bias scale is
 * 1.0001 * 2 * max|b| / (2^31 - 1 - (-2^31 + 1)); where x_scale * w_scale is positive and below it, w_scale is
 * multiplied by the ratio (then rounded to float32). The channel's weights then quantize to (nearly) all zeros, which
 * is what they were, and its bias fits. Changes `scales` in place.
 */
export function adjustWeightScalesForBias(scales: Float32Array, bias: Float32Array, inputScale: number): void {
  const qrange = 2147483647 - (-2147483648 + 1);
  const eps = 1.0001;
  if (scales.length === 1) {
    let absmax = 0;
    for (const b of bias) absmax = Math.max(absmax, Math.abs(b));
    const smallest = (eps * 2 * absmax) / qrange;
    const candidate = inputScale * scales[0];
    if (candidate < smallest && candidate > 0) scales[0] = f(scales[0] * (smallest / candidate));
    return;
  }
  for (let c = 0; c < scales.length && c < bias.length; c++) {
    const smallest = (eps * 2 * Math.abs(bias[c])) / qrange;
    const candidate = inputScale * scales[c];
    if (candidate < smallest && candidate > 0) scales[c] = f(scales[c] * (smallest / candidate));
  }
}

/** int32 codes of a bias: RNE(f32(b / scale[c])) clamped to int32 (one scale, or one per element). */
export function quantizeBias(data: Float32Array, scales: Float32Array): Int32Array {
  const q = new Int32Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const s = scales.length === 1 ? scales[0] : scales[i];
    q[i] = Math.max(-2147483648, Math.min(2147483647, roundHalfEven(f(data[i] / s))));
  }
  return q;
}

/** The codes of a constant stored like an activation (its own scale and zero point). */
export function quantizeData(
  data: Float32Array,
  scale: number,
  zeroPoint: number,
  type: QType,
): Uint8Array | Int8Array {
  const out = type === 'uint8' ? new Uint8Array(data.length) : new Int8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = quantizeValue(data[i], scale, zeroPoint, type);
  return out;
}
