/**
 * IEEE half precision (float16) by its bits: a float32 rounded to the nearest float16 (ties to even, overflow to
 * infinity, subnormals kept, NaN quiet), as onnxruntime's Cast to float16 computes it, and a float16's exact float32
 * value. The model runtime holds float16 values as float32 numbers that a float16 can represent
 * (src/model/graph/passes/float16.ts).
 */

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/** The float16 bits nearest to the float32 of bits `b` (round half to even). */
export function halfBitsOf(b: number): number {
  const sign = (b >>> 16) & 0x8000;
  const exp = (b >>> 23) & 0xff;
  const mant = b & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant !== 0 ? 0x200 : 0);
  const e = exp - 112; // the float16 exponent field (bias 15) of the same power of two
  if (e >= 31) return sign | 0x7c00;
  if (e <= 0) {
    // a float16 subnormal (or zero): the significand with its implicit bit, shifted to units of 2^-24
    if (e < -10) return sign;
    const m = mant | 0x800000;
    const shift = 14 - e;
    let half = m >>> shift;
    const rem = m & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rem > halfway || (rem === halfway && (half & 1) !== 0)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && (half & 1) !== 0)) half++; // a carry may reach the exponent: infinity at most
  return sign | half;
}

/**
 * The float16 bits of a float32 that holds a float16 value (what a float16 output holds): halfBitsOf, except that a
 * NaN keeps the payload the widening put in its top bits (a value moved, not computed, keeps its float16 bits).
 */
export function halfBitsOfHeld(b: number): number {
  if ((b & 0x7f800000) !== 0x7f800000 || (b & 0x7fffff) === 0) return halfBitsOf(b);
  const payload = (b >>> 13) & 0x3ff;
  return ((b >>> 16) & 0x8000) | 0x7c00 | (payload !== 0 ? payload : 0x200);
}

/** The value of float16 bits `h` (exact in float32). */
export function halfValue(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 31) return mant !== 0 ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1024 + mant) * 2 ** (exp - 25);
}

let table: Float32Array | undefined;
let tableBits: Uint32Array | undefined;
/**
 * Every float16's float32 value, by its bits (256 KB, made at the first use). A NaN keeps its sign and payload (the
 * float16 payload in the float32's top bits, as onnxruntime's conversion widens it); the rows below copy bits, so
 * that no NaN passes through a JavaScript number (which may lose them).
 */
function values(): Float32Array {
  if (!table) {
    table = new Float32Array(65536);
    tableBits = new Uint32Array(table.buffer);
    for (let h = 0; h < 65536; h++) {
      if ((h & 0x7c00) === 0x7c00 && (h & 0x3ff) !== 0)
        tableBits[h] = ((h & 0x8000) << 16) | 0x7f800000 | ((h & 0x3ff) << 13);
      else table[h] = halfValue(h);
    }
  }
  return table;
}

/** x rounded to the nearest float16, as a number. */
export function roundToHalf(x: number): number {
  F32[0] = x;
  return values()[halfBitsOf(U32[0])];
}

/** y[i] = x[i] rounded to the nearest float16 (x and y may be the same array), bit for bit NaNs included. */
export function roundToHalfRow(x: Float32Array, y: Float32Array): void {
  values();
  const t = tableBits!;
  const bits = new Uint32Array(x.buffer, x.byteOffset, x.length);
  const out = new Uint32Array(y.buffer, y.byteOffset, y.length);
  for (let i = 0; i < x.length; i++) out[i] = t[halfBitsOf(bits[i])];
}

/** float16 bits (a tensor's data) as float32 values. */
export function halfsToFloats(h: Uint16Array): Float32Array {
  values();
  const t = tableBits!;
  const out = new Float32Array(h.length);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < h.length; i++) bits[i] = t[h[i]];
  return out;
}
