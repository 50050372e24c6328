/**
 * Fake quantization: a float tensor through QuantizeLinear and back through DequantizeLinear, as the int8 model
 * computes it, for users who simulate int8 in float (the seed's FakeQuantize):
 *   q = quantizeCode(x, scale, zeroPoint, type, narrowRange)    QuantizeLinear: clamp(RNE(f32(x / s)) + zp), then
 *                                                               the narrow range's clamp (params.ts)
 *   y = f32((q - zeroPoint) * scale)                            DequantizeLinear
 * NaN gives QuantizeLinear's code 0, so (0 - zp) * s; +-Infinity saturate.
 *
 * Also the signal-to-quantization-noise ratio the report gives: 10 log10(sum x^2 / sum (x - y)^2) in dB (Infinity
 * where there is no noise, -Infinity where the signal is all zeros but the noise is not).
 */
import { check } from '../errors.js';
import { checkQType, qRange, quantizeCode, type QType } from './params.js';

function checkParams(scale: unknown, zeroPoint: unknown, type: unknown, narrowRange: unknown): asserts type is QType {
  check(
    typeof scale === 'number' && Number.isFinite(scale) && scale > 0 && Math.fround(scale) === scale,
    'INVALID_SCALE',
    'scale',
    () => `must be a finite positive float32, got ${String(scale)}`,
  );
  checkQType(type, 'type');
  check(
    narrowRange === undefined || typeof narrowRange === 'boolean',
    'INVALID_PARAM',
    'narrowRange',
    'must be a boolean',
  );
  const [lo, hi] = qRange(type, narrowRange === true);
  check(
    Number.isInteger(zeroPoint) && (zeroPoint as number) >= lo && (zeroPoint as number) <= hi,
    'INVALID_PARAM',
    'zeroPoint',
    () => `must be an integer in [${lo}, ${hi}], got ${String(zeroPoint)}`,
  );
}

/** dequantize(quantize(x)) element by element (see the header); a new array. */
export function fakeQuantize(
  x: Float32Array,
  scale: number,
  zeroPoint: number,
  type: QType = 'uint8',
  narrowRange = false,
): Float32Array {
  check(x instanceof Float32Array, 'BAD_BUFFER', 'x', 'must be a Float32Array');
  checkParams(scale, zeroPoint, type, narrowRange);
  const y = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++)
    y[i] = Math.fround((quantizeCode(x[i], scale, zeroPoint, type, narrowRange) - zeroPoint) * scale);
  return y;
}

/** Sums of the signal's and the noise's squares (accumulate over batches), and their ratio in dB. */
export class SqnrMeter {
  signal = 0;
  noise = 0;
  add(x: ArrayLike<number>, y: ArrayLike<number>): void {
    for (let i = 0; i < x.length; i++) {
      const a = x[i];
      if (!Number.isFinite(a)) continue;
      const d = a - y[i];
      this.signal += a * a;
      this.noise += d * d;
    }
  }
  get db(): number {
    return sqnrDb(this.signal, this.noise);
  }
}

export function sqnrDb(signal: number, noise: number): number {
  if (noise === 0) return Infinity;
  if (signal === 0) return -Infinity;
  return 10 * Math.log10(signal / noise);
}

/** SQNR of x against its fake quantization, in dB. */
export function sqnr(
  x: Float32Array,
  scale: number,
  zeroPoint: number,
  type: QType = 'uint8',
  narrowRange = false,
): number {
  const m = new SqnrMeter();
  m.add(x, fakeQuantize(x, scale, zeroPoint, type, narrowRange));
  return m.db;
}
