/**
 * Shared pieces of the com.microsoft QLinear* operators (docs/int8-ops.md): per-tensor scale / zero-point inputs,
 * the scalar QuantizeLinear, and the 256-entry lookup table of QlinearBuildLookupTable (docs/int8-ops.md,
 * Look-up tables).
 */
import {
  cmax,
  cmin,
  f32,
  qRange,
  roundHalfEven,
  scalarOf,
  toInt,
  type ElementType,
  type Inputs,
  type Tensor,
} from './tensor.js';

/** A per-tensor float32 scale input (required). */
export function scaleIn(inputs: Inputs, i: number, what: string, op: string): number {
  const t = inputs[i];
  if (!t) throw new Error(`input ${i} (${what}) is required`);
  if (t.type !== 'float32') throw new Error(`${op}: ${what} must be float32, got ${t.type}`);
  return scalarOf(t, `${op} ${what}`);
}

/** A per-tensor zero point input of type `type` (optional: 0 when absent). */
export function zpIn(inputs: Inputs, i: number, type: ElementType, what: string, op: string): number {
  const t = inputs[i];
  if (!t) return 0;
  if (t.type !== type) throw new Error(`${op}: ${what} must be ${type}, got ${t.type}`);
  return scalarOf(t, `${op} ${what}`);
}

/**
 * MLAS's scalar QuantizeLinear (docs/int8-ops.md, QuantizeLinear and DequantizeLinear): RNE(f(x / s)), + zp in f32,
 * clamped (C++ max then min), to int (NaN -> 0).
 */
export function quantizeScalar(x: number, s: number, zp: number, lo: number, hi: number): number {
  const q = roundHalfEven(f32(x / s));
  return toInt(cmin(cmax(f32(q + zp), lo), hi));
}

/**
 * QlinearBuildLookupTable: entry i (the raw byte; for int8, i >= 128 is i - 256) is
 * quantize(F(f(x_scale * (t - x_zp))), y_scale, y_zp), in the output type's range.
 */
export function buildLut(
  type: ElementType,
  xScale: number,
  xZp: number,
  yScale: number,
  yZp: number,
  fn: (d: number) => number,
): Int32Array {
  const [lo, hi] = qRange(type);
  const lut = new Int32Array(256);
  for (let i = 0; i < 256; i++) {
    const t = type === 'int8' && i >= 128 ? i - 256 : i;
    lut[i] = quantizeScalar(fn(f32(xScale * (t - xZp))), yScale, yZp, lo, hi);
  }
  return lut;
}

/** The raw byte of a uint8 / int8 value (the LUT index). */
export const byteOf = (v: number): number => v & 0xff;

export type { Tensor };
