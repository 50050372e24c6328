/**
 * The inverse trigonometric and the hyperbolic float functions as onnxruntime-web computes them: its Asin, Acos, Atan,
 * Sinh, Cosh, Asinh, Acosh and Atanh kernels call the C library per element, emscripten's musl, whose float versions
 * (FreeBSD's, reworked by musl) take every step in float32 (asinf's last steps in double), calling its expm1f, expf,
 * logf, log1pf and sqrtf. Written from their description, each operation rounded as the C code rounds it (f() is one
 * float32 rounding; wasm has no fused multiply-add); f(Math.atan(x)) and the like differ from them on 1 to 30% of
 * inputs. test/model-elementwise-ops.test.ts checks 2^20 values of each against onnxruntime-web.
 *
 * - atanf: |x| >= 2^26: +-(pi/2)hi; |x| < 2^-12: x; else reduced by 0.5, 1, 1.5 or infinity (x' = (2x - 1) / (2 + x),
 *   (x - 1) / (x + 1), (x - 1.5) / (1 + 1.5 x), -1 / x), then the odd / even polynomial in z = x'^2, w = z^2 and
 *   atan(c)hi - ((x' (s1 + s2) - atan(c)lo) - x').
 * - asinf / acosf: the rational R(z) = z (S0 + z (S1 + z S2)) / (1 + z Q1); |x| < 0.5 directly, else on
 *   z = (1 - |x|) / 2 and its square root (asinf: pi/2 - 2 (s + s R(z)) in double; acosf: the split square root).
 * - sinhf / coshf: expm1f below 1 (or ln 2), expf below ln(FLT_MAX), __expo2f beyond; asinhf / acoshf / atanhf: logf /
 *   log1pf of the usual identities, by ranges.
 */
import { expf } from './expf.js';
import { log1pf } from './log1pf.js';
import { logf } from './logf.js';

const f = Math.fround;
const F = new Float32Array(1);
const U = new Uint32Array(F.buffer);
const bitsOf = (x: number): number => {
  F[0] = x;
  return U[0];
};
const fromBits = (b: number): number => {
  U[0] = b >>> 0;
  return F[0];
};
const sqrtf = (x: number): number => f(Math.sqrt(x));

const ATANHI = [4.6364760399e-1, 7.8539812565e-1, 9.8279368877e-1, 1.5707962513].map(f);
const ATANLO = [5.012158244e-9, 3.7748947079e-8, 3.447321717e-8, 7.5497894159e-8].map(f);
const AT = [3.3333328366e-1, -1.9999158382e-1, 1.4253635705e-1, -1.0648017377e-1, 6.1687607318e-2].map(f);

export function atanf(x: number): number {
  const b = bitsOf(x);
  const sign = b >>> 31;
  const ix = b & 0x7fffffff;
  let id: number;
  if (ix >= 0x4c800000) {
    if (Number.isNaN(x)) return x;
    const z = f(ATANHI[3] + 2 ** -120);
    return sign ? -z : z;
  }
  if (ix < 0x3ee00000) {
    if (ix < 0x39800000) return x;
    id = -1;
  } else {
    x = Math.abs(x);
    if (ix < 0x3f980000) {
      if (ix < 0x3f300000) {
        id = 0;
        x = f(f(f(2 * x) - 1) / f(2 + x));
      } else {
        id = 1;
        x = f(f(x - 1) / f(x + 1));
      }
    } else if (ix < 0x401c0000) {
      id = 2;
      x = f(f(x - 1.5) / f(1 + f(1.5 * x)));
    } else {
      id = 3;
      x = f(-1 / x);
    }
  }
  const z = f(x * x),
    w = f(z * z);
  const s1 = f(z * f(AT[0] + f(w * f(AT[2] + f(w * AT[4])))));
  const s2 = f(w * f(AT[1] + f(w * AT[3])));
  if (id < 0) return f(x - f(x * f(s1 + s2)));
  const r = f(ATANHI[id] - f(f(f(x * f(s1 + s2)) - ATANLO[id]) - x));
  return sign ? -r : r;
}

const PS0 = f(1.6666586697e-1),
  PS1 = f(-4.2743422091e-2),
  PS2 = f(-8.656363003e-3),
  QS1 = f(-7.066296339e-1);
/** R(z) of asinf / acosf: float32 steps. */
const rOf = (z: number): number => f(f(z * f(PS0 + f(z * f(PS1 + f(z * PS2))))) / f(1 + f(z * QS1)));
const PIO2_D = 1.570796326794896558;
const PIO2_HI = f(1.5707962513),
  PIO2_LO = f(7.5497894159e-8);

export function asinf(x: number): number {
  const hx = bitsOf(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x3f800000) {
    if (ix === 0x3f800000) return f(x * PIO2_D + 2 ** -120); // in double, rounded once
    return Number.NaN;
  }
  if (ix < 0x3f000000) {
    if (ix < 0x39800000 && ix >= 0x00800000) return x;
    return f(x + f(x * rOf(f(x * x))));
  }
  const z = f(f(1 - Math.abs(x)) * 0.5);
  const s = Math.sqrt(z);
  // double: pio2 - 2 * (s + s * R(z)), R(z) a float widened
  const r = f(PIO2_D - 2 * (s + s * rOf(z)));
  return hx >>> 31 ? -r : r;
}

export function acosf(x: number): number {
  const hx = bitsOf(x);
  const ix = hx & 0x7fffffff;
  if (ix >= 0x3f800000) {
    if (ix === 0x3f800000) return hx >>> 31 ? f(f(2 * PIO2_HI) + 2 ** -120) : 0;
    return Number.NaN;
  }
  if (ix < 0x3f000000) {
    if (ix <= 0x32800000) return f(PIO2_HI + 2 ** -120);
    return f(PIO2_HI - f(x - f(PIO2_LO - f(x * rOf(f(x * x))))));
  }
  if (hx >>> 31) {
    const z = f(f(1 + x) * 0.5);
    const s = sqrtf(z);
    const w = f(f(rOf(z) * s) - PIO2_LO);
    return f(2 * f(PIO2_HI - f(s + w)));
  }
  const z = f(f(1 - x) * 0.5);
  const s = sqrtf(z);
  const df = fromBits(bitsOf(s) & 0xfffff000);
  const c = f(f(z - f(df * df)) / f(s + df));
  const w = f(f(rOf(z) * s) + c);
  return f(2 * f(df + w));
}

const LN2_HI = f(6.9313812256e-1),
  LN2_LO = f(9.0580006145e-6),
  INVLN2 = f(1.4426950216),
  Q1 = f(-3.3333212137e-2),
  Q2 = f(1.5807170421e-3);

export function expm1f(x: number): number {
  const b = bitsOf(x);
  const hx = b & 0x7fffffff;
  const sign = b >>> 31;
  if (hx >= 0x4195b844) {
    if (hx > 0x7f800000) return x;
    if (sign) return -1;
    if (hx > 0x42b17217) return f(x * 2 ** 127);
  }
  let k: number;
  let c = 0;
  if (hx > 0x3eb17218) {
    let hi: number, lo: number;
    if (hx < 0x3f851592) {
      if (!sign) {
        hi = f(x - LN2_HI);
        lo = LN2_LO;
        k = 1;
      } else {
        hi = f(x + LN2_HI);
        lo = -LN2_LO;
        k = -1;
      }
    } else {
      k = Math.trunc(f(f(INVLN2 * x) + (sign ? -0.5 : 0.5)));
      const t = k;
      hi = f(x - f(t * LN2_HI));
      lo = f(t * LN2_LO);
    }
    x = f(hi - lo);
    c = f(f(hi - x) - lo);
  } else if (hx < 0x33000000) return x;
  else k = 0;
  const hfx = f(0.5 * x);
  const hxs = f(x * hfx);
  const r1 = f(1 + f(hxs * f(Q1 + f(hxs * Q2))));
  const t = f(3 - f(r1 * hfx));
  let e = f(hxs * f(f(r1 - t) / f(6 - f(x * t))));
  if (k === 0) return f(x - f(f(x * e) - hxs));
  e = f(f(x * f(e - c)) - c);
  e = f(e - hxs);
  if (k === -1) return f(f(0.5 * f(x - e)) - 0.5);
  if (k === 1) {
    if (x < -0.25) return f(-2 * f(e - f(x + 0.5)));
    return f(1 + f(2 * f(x - e)));
  }
  const twopk = fromBits((0x7f + k) << 23);
  if (k < 0 || k > 56) {
    let y = f(f(x - e) + 1);
    y = k === 128 ? f(f(y * 2) * 2 ** 127) : f(y * twopk);
    return f(y - 1);
  }
  const u = fromBits((0x7f - k) << 23);
  const y = k < 23 ? f(f(f(x - e) + f(1 - u)) * twopk) : f(f(f(x - f(e + u)) + 1) * twopk);
  return y;
}

/** musl's __expo2f: expf(x - k ln2) * (sign * 2^117) * 2^117, k = 235. */
function expo2f(x: number, sign: number): number {
  const kln2 = f(162.88958740234375);
  const scale = fromBits((0x7f + 117) << 23);
  return f(f(expf(f(x - kln2)) * f(sign * scale)) * scale);
}

export function sinhf(x: number): number {
  const h = bitsOf(x) >>> 31 ? -0.5 : 0.5;
  const w = bitsOf(x) & 0x7fffffff;
  const absx = fromBits(w);
  if (w < 0x42b17217) {
    const t = expm1f(absx);
    if (w < 0x3f800000) {
      if (w < 0x3f800000 - (12 << 23)) return x;
      return f(h * f(f(2 * t) - f(f(t * t) / f(t + 1))));
    }
    return f(h * f(t + f(t / f(t + 1))));
  }
  return expo2f(absx, 2 * h);
}

export function coshf(x: number): number {
  const w = bitsOf(x) & 0x7fffffff;
  x = fromBits(w);
  if (w < 0x3f317217) {
    if (w < 0x3f800000 - (12 << 23)) return 1;
    const t = expm1f(x);
    return f(1 + f(f(t * t) / f(2 * f(1 + t))));
  }
  if (w < 0x42b17217) {
    const t = expf(x);
    return f(0.5 * f(t + f(1 / t)));
  }
  return expo2f(x, 1);
}

const LN2F = f(0.693147180559945309417232121458176568);

export function asinhf(x: number): number {
  const b = bitsOf(x);
  const i = b & 0x7fffffff;
  const s = b >>> 31;
  x = fromBits(i);
  if (i >= 0x3f800000 + (12 << 23)) x = f(logf(x) + LN2F);
  else if (i >= 0x3f800000 + (1 << 23)) x = logf(f(f(2 * x) + f(1 / f(sqrtf(f(f(x * x) + 1)) + x))));
  else if (i >= 0x3f800000 - (12 << 23)) x = log1pf(f(x + f(f(x * x) / f(sqrtf(f(f(x * x) + 1)) + 1))));
  return s ? -x : x;
}

export function acoshf(x: number): number {
  const b = bitsOf(x);
  const a = b & 0x7fffffff;
  if (a < 0x3f800000 + (1 << 23)) {
    const m = f(x - 1);
    return log1pf(f(m + sqrtf(f(f(m * m) + f(2 * m)))));
  }
  if (b >>> 0 < 0x3f800000 + (12 << 23)) return logf(f(f(2 * x) - f(1 / f(x + sqrtf(f(f(x * x) - 1))))));
  return f(logf(x) + LN2F);
}

export function atanhf(x: number): number {
  const b = bitsOf(x);
  const s = b >>> 31;
  const a = b & 0x7fffffff;
  let y = fromBits(a);
  if (a < 0x3f800000 - (1 << 23)) {
    if (a >= 0x3f800000 - (32 << 23)) y = f(0.5 * log1pf(f(f(2 * y) + f(f(f(2 * y) * y) / f(1 - y)))));
  } else y = f(0.5 * log1pf(f(2 * f(y / f(1 - y)))));
  return s ? -y : y;
}
