/**
 * The quantization arithmetic every stage shares (the graph passes that build tables, the wasm kernels' host
 * wrappers, the TypeScript operators, the quantizer): one value through QuantizeLinear, round half to even, and the
 * checks of a quantized type, scale and zero point. What QuantizeLinear computes is in docs/int8-ops.md.
 */
import { check } from '../../errors.js';

export type QType = 'int8' | 'uint8';

/** The value range of each 8-bit type. */
export const Q_RANGE: Record<QType, readonly [number, number]> = { uint8: [0, 255], int8: [-128, 127] };

export function checkQType(t: unknown, param: string): asserts t is QType {
  check(t === 'uint8' || t === 'int8', 'INVALID_PARAM', param, () => `must be 'uint8' or 'int8', got ${String(t)}`);
}

/** A per-tensor scale: a number whose float32 value is finite and positive. Returns the float32 value. */
export function checkScale(s: unknown, param: string): number {
  const f = typeof s === 'number' ? Math.fround(s) : NaN;
  check(
    Number.isFinite(f) && f > 0,
    'INVALID_SCALE',
    param,
    () => `must be a finite positive float32, got ${String(s)}`,
  );
  return f;
}

export function checkZeroPoint(z: unknown, t: QType, param: string): number {
  const [lo, hi] = Q_RANGE[t];
  check(
    typeof z === 'number' && Number.isInteger(z) && z >= lo && z <= hi,
    'INVALID_PARAM',
    param,
    () => `must be an integer in [${lo}, ${hi}] (${t}), got ${String(z)}`,
  );
  return z;
}

/** Round half to even of a float (NaN and infinities pass). */
export function roundHalfEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f; // exact: x has at most 53 significant bits and f is its integer part
  if (d !== 0.5) return d < 0.5 ? f : f + 1;
  return f % 2 === 0 ? f : f + 1;
}

/**
 * One value through QuantizeLinear: RNE(f32(x / scale)), + zero point in float32, then std::max(v, lo) and
 * std::min(v, hi) (NaN stays), then the conversion to an integer, which sends NaN to 0.
 */
export function quantizeValue(x: number, scale: number, zeroPoint: number, type: QType): number {
  const [lo, hi] = Q_RANGE[type];
  let v = Math.fround(roundHalfEven(Math.fround(x / scale)) + zeroPoint);
  v = v < lo ? lo : v;
  v = hi < v ? hi : v;
  return Number.isNaN(v) ? 0 : v;
}

/**
 * DynamicQuantizeLinear's scale and zero point (uint8) from a tensor's range, as onnxruntime computes them
 * (docs/int8-ops.md, DynamicQuantizeLinear): `min` / `max` over the elements that are not NaN (+FLT_MAX / -FLT_MAX
 * when there is none), `nan` whether a NaN lies among the first n - n % 4 elements (MLAS's vector reduction lets it
 * through and its scalar tail skips it), which makes the range NaN. Then the range is widened to hold 0, scale =
 * f32(f32(max - min) / 255) (1 where max == min), zero point = RNE(clamp(f32(0 - f32(min / scale)), 0, 255)); a NaN
 * range gives scale NaN and zero point 255.
 */
export function dynamicQuantFromRange(min: number, max: number, nan: boolean): { scale: number; zeroPoint: number } {
  const f32 = Math.fround;
  let mn = nan ? Number.NaN : min,
    mx = nan ? Number.NaN : max;
  mn = 0 < mn ? 0 : mn; // std::min(min, 0.f)
  mx = mx < 0 ? 0 : mx; // std::max(max, 0.f)
  const scale = mx === mn ? 1 : f32(f32(mx - mn) / 255);
  const izp = f32(0 - f32(mn / scale));
  const clamped = 0 < (izp < 255 ? izp : 255) ? (izp < 255 ? izp : 255) : 0; // std::max(0, std::min(255, izp))
  return { scale, zeroPoint: roundHalfEven(clamped) };
}
