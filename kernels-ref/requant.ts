/**
 * The rounding contract of i8conv, written plainly. Every float step is float32 (Math.fround after each
 * operation): the wasm kernels compute exactly these operations in f32x4 lanes, so results match bit for bit.
 *
 * Constants (all float32), per output channel o:
 *   s_bias[o] = f32(srcScale) * f32(filterScale[o])
 *   ratio[o]  = s_bias[o] / f32(dstScale)          inv_dst = 1 / f32(dstScale)
 * int8 / uint8 output (docs/conv.md#rounding: the ARM fast path, plus zero points):
 *   identity: v = f32(acc) * ratio[o]
 *   relu:     v = max(f32(acc) * ratio[o], 0)
 *   hswish:   x = f32(acc) * s_bias[o];  x = (x * min(max(x + 3, 0), 6)) * f32(1/6);  v = x * inv_dst
 *   y = sat(round(v) + zp)
 *   relu6:    y = sat(min(max(identity's y, zp), zp + round(f32(6 * inv_dst))))
 * int32 output (the naive rule): identity acc; relu max(acc, 0);
 *   hswish: round(hswish(f32(acc) * s_bias[o]) / s_bias[o]), saturated to int32.
 * round = 'half-away' (ties away from zero, MegEngine/ARM vcvta) or 'half-even' (ties to even, ONNX/XNNPACK).
 * With 'half-even' and no activation this is ONNX QLinearConv.
 */
export type Rounding = 'half-away' | 'half-even';
export type Nonlinearity = 'identity' | 'relu' | 'hswish' | 'relu6';

const f32 = Math.fround;
export const SIXTH = f32(1 / 6);

/** Nearest integer, ties away from zero. Exact for any float (x - trunc(x) is exact). */
export function roundHalfAway(x: number): number {
  const t = Math.trunc(x);
  const d = x - t;
  if (d >= 0.5) return t + 1;
  if (d <= -0.5) return t - 1;
  return t;
}

/** Nearest integer, ties to even (IEEE roundTiesToEven, wasm f32.nearest). NOT Math.round. */
export function roundHalfEven(x: number): number {
  const fl = Math.floor(x);
  const d = x - fl;
  if (d > 0.5) return fl + 1;
  if (d < 0.5) return fl;
  return fl % 2 === 0 ? fl : fl + 1;
}

export function roundBy(rounding: Rounding): (x: number) => number {
  return rounding === 'half-even' ? roundHalfEven : roundHalfAway;
}

export function sat8(v: number): number {
  return v < -128 ? -128 : v > 127 ? 127 : v;
}
export function sat32(v: number): number {
  return v < -2147483648 ? -2147483648 : v > 2147483647 ? 2147483647 : v;
}

export interface RequantConsts {
  sBias: number;
  ratio: number;
  invDst: number;
}

export function requantConsts(srcScale: number, filterScale: number, dstScale?: number): RequantConsts {
  const sBias = f32(f32(srcScale) * f32(filterScale));
  const d = dstScale === undefined ? 1 : f32(dstScale);
  return { sBias, ratio: f32(sBias / d), invDst: f32(1 / d) };
}

/** hswish(x) = x * min(max(x + 3, 0), 6) / 6, in float32 as the kernels compute it. */
export function hswishF32(x: number): number {
  const t = Math.min(Math.max(f32(x + 3), 0), 6);
  return f32(f32(x * t) * SIXTH);
}

/** int32 accumulator (bias included) -> int8 output value (zero point 0). */
export function requantToInt8(acc: number, c: RequantConsts, nl: Nonlinearity, rounding: Rounding): number {
  return requantTo8(acc, c, nl, rounding, 'int8', 0);
}

/** Saturation to an 8-bit type. */
export function satTo(type: 'int8' | 'uint8', v: number): number {
  const lo = type === 'uint8' ? 0 : -128;
  const hi = type === 'uint8' ? 255 : 127;
  return v < lo ? lo : v > hi ? hi : v;
}

/** int32 accumulator (bias included) -> int8 or uint8 output value with zero point zp. */
export function requantTo8(
  acc: number,
  c: RequantConsts,
  nl: Nonlinearity,
  rounding: Rounding,
  type: 'int8' | 'uint8',
  zp: number,
): number {
  const round = roundBy(rounding);
  let v: number;
  if (nl === 'hswish') {
    v = f32(hswishF32(f32(f32(acc) * c.sBias)) * c.invDst);
  } else {
    v = f32(f32(acc) * c.ratio);
    if (nl === 'relu') v = Math.max(v, 0);
  }
  let y = satTo(type, round(v) + zp);
  if (nl === 'relu6') {
    const top = zp + round(f32(6 * c.invDst));
    y = satTo(type, Math.min(Math.max(y, zp), top));
  }
  return y | 0; // | 0 also turns -0 into 0
}

/** int32 accumulator (bias included) -> int32 output value. */
export function requantToInt32(acc: number, c: RequantConsts, nl: Nonlinearity, rounding: Rounding): number {
  if (nl === 'identity') return acc;
  if (nl === 'relu') return Math.max(acc, 0);
  const h = hswishF32(f32(f32(acc) * c.sBias));
  return sat32(roundBy(rounding)(f32(h / c.sBias))) | 0;
}
