/**
 * The float functions onnxruntime-web's activation kernels call, as its wasm build computes them, written out
 * independently of the product's (src/model/numerics/) so that each checks the other:
 * - expf and log1pf: the C library's (Eigen's array exp / log1p are scalar in the wasm build and call them), which
 *   in emscripten's libc are musl's: expf Arm's table method in double (k = round(x * 32 / ln2), r = x * 32 / ln2 - k,
 *   2^(k / 32) from a 32-entry table of bit patterns, a degree-3 polynomial in r, one rounding to float32 at the
 *   end), log1pf Sun's float method (every step a float32 operation).
 * - erf: MLAS's MlasErfKernel (Gelu, BiasGelu): written here as its 4-wide loop computes it, both polynomials for
 *   every value and the result picked by |x| > 0.921875 (the product follows its scalar tail; wasm gives the two
 *   the same bits).
 */
import { f32 } from './tensor.js';

const u32 = new Uint32Array(1);
const fl32 = new Float32Array(u32.buffer);
const u64 = new BigUint64Array(1);
const fl64 = new Float64Array(u64.buffer);
const bitsOf = (x: number): number => ((fl32[0] = x), u32[0]);
const floatOf = (b: number): number => ((u32[0] = b >>> 0), fl32[0]);
const doubleBits = (x: number): bigint => ((fl64[0] = x), u64[0]);
const doubleOf = (b: bigint): number => ((u64[0] = BigInt.asUintN(64, b)), fl64[0]);

// musl's expf table (shared with its exp2f): tab[i] = bits(2^(i/32)) - (i << 47), and the polynomial scaled by 32.
const EXP2F_TAB = [
  0x3ff0000000000000n,
  0x3fefd9b0d3158574n,
  0x3fefb5586cf9890fn,
  0x3fef9301d0125b51n,
  0x3fef72b83c7d517bn,
  0x3fef54873168b9aan,
  0x3fef387a6e756238n,
  0x3fef1e9df51fdee1n,
  0x3fef06fe0a31b715n,
  0x3feef1a7373aa9cbn,
  0x3feedea64c123422n,
  0x3feece086061892dn,
  0x3feebfdad5362a27n,
  0x3feeb42b569d4f82n,
  0x3feeab07dd485429n,
  0x3feea47eb03a5585n,
  0x3feea09e667f3bcdn,
  0x3fee9f75e8ec5f74n,
  0x3feea11473eb0187n,
  0x3feea589994cce13n,
  0x3feeace5422aa0dbn,
  0x3feeb737b0cdc5e5n,
  0x3feec49182a3f090n,
  0x3feed503b23e255dn,
  0x3feee89f995ad3adn,
  0x3feeff76f2fb5e47n,
  0x3fef199bdd85529cn,
  0x3fef3720dcef9069n,
  0x3fef5818dcfba487n,
  0x3fef7c97337b9b5fn,
  0x3fefa4afa2a490dan,
  0x3fefd0765b6e4540n,
];
// 0x1.71547652b82fep+0 * 32, 0x1.8p+52, and 0x1.c6af84b912394p-5 / 32^3, 0x1.ebfce50fac4f3p-3 / 32^2,
// 0x1.62e42ff0c52d6p-1 / 32, from their bit patterns
const INVLN2_32 = doubleOf(0x3ff71547652b82fen) * 32;
const SHIFT = doubleOf(0x4338000000000000n);
const POLY = [
  doubleOf(0x3fac6af84b912394n) / 32768,
  doubleOf(0x3fcebfce50fac4f3n) / 1024,
  doubleOf(0x3fe62e42ff0c52d6n) / 32,
];

/** musl expf of a float32 x. */
export function muslExpf(x: number): number {
  const abstop = (bitsOf(x) >>> 20) & 0x7ff;
  if (abstop >= bitsOf(88) >>> 20) {
    if (x === -Infinity) return 0;
    if (abstop >= 0x7f8) return x + x; // +inf, NaN
    if (x > floatOf(0x42b17217)) return Infinity; // 0x1.62e42ep6
    if (x < floatOf(0xc2cff1b4)) return 0; // -0x1.9fe368p6
  }
  const z = INVLN2_32 * x;
  const kd = z + SHIFT;
  const ki = doubleBits(kd);
  const k = kd - SHIFT;
  const r = z - k;
  const t = EXP2F_TAB[Number(ki % 32n)] + (ki << 47n);
  const s = doubleOf(t);
  const p = POLY[0] * r + POLY[1];
  const r2 = r * r;
  let y = POLY[2] * r + 1;
  y = p * r2 + y;
  return f32(y * s);
}

/** musl log1pf of a float32 x. */
export function muslLog1pf(x: number): number {
  const ix = bitsOf(x);
  const negative = ix >>> 31 === 1;
  if (negative && x <= -1) return x === -1 ? -Infinity : Number.NaN;
  if (Number.isNaN(x) || x === Infinity) return x;
  if (Math.abs(x) < 2 ** -24) return x;
  let k: number;
  let f: number;
  let c = 0;
  if (ix < 0x3ed413d0 || negative) {
    if (ix <= 0xbe95f619) {
      // -0.2929 < x < 0.4142: 1 + x in [sqrt(2)/2, sqrt(2))
      k = 0;
      f = x;
    } else k = 1;
  } else k = 1;
  if (k !== 0) {
    const u = f32(1 + x);
    let iu = bitsOf(u) + 0x3f800000 - 0x3f3504f3;
    k = (iu >>> 23) - 127;
    if (k < 25) c = f32((k >= 2 ? f32(1 - f32(u - x)) : f32(x - f32(u - 1))) / u);
    iu = (iu & 0x7fffff) + 0x3f3504f3;
    f = f32(floatOf(iu) - 1);
  }
  const lg = [floatOf(0x3f2aaaaa), floatOf(0x3eccce13), floatOf(0x3e91e9ee), floatOf(0x3e789e26)];
  const s = f32(f! / f32(2 + f!));
  const z = f32(s * s);
  const w = f32(z * z);
  const R = f32(f32(z * f32(lg[0] + f32(w * lg[2]))) + f32(w * f32(lg[1] + f32(w * lg[3]))));
  const hfsq = f32(f32(0.5 * f!) * f!);
  const dk = k;
  const terms = [
    f32(s * f32(hfsq + R)),
    f32(f32(dk * floatOf(0x3717f7d1)) + c),
    -hfsq,
    f!,
    f32(dk * floatOf(0x3f317180)),
  ];
  return terms.reduce((acc, t) => f32(acc + t));
}

// MLAS's erf constants: the upper clamp, the split, the small and big polynomials, the erf-local exp.
const ERF = {
  upper: f32(3.925),
  split: 0.921875,
  small: [-5.99104969e-4, 4.99339588e-3, -2.67667342e-2, 1.12818025e-1, -3.76124859e-1, 1.28379151e-1].map(f32),
  big: [1.7294893e-5, -3.8320868e-4, 3.88393435e-3, -2.42545605e-2, 1.06777847e-1, 6.34846687e-1, 1.28717512e-1].map(
    f32,
  ),
  expLower: f32(-88.3762626647949),
  log2e: f32(1.44269504088896341),
  ln2hi: f32(-6.93145752e-1),
  ln2lo: f32(-1.42860677e-6),
  exp: [1.38319808e-3, 8.37550033e-3, 4.16689515e-2, 1.66664466e-1, 4.99999851e-1, 1, 1].map(f32),
  c: f32(1.2582912e7),
};
const horner = (coef: number[], x: number): number => coef.slice(1).reduce((p, a) => f32(f32(p * x) + a), coef[0]);
/** wasm f32x4.min / max: NaN in either operand gives NaN. */
const wmin = (a: number, b: number): number => (Number.isNaN(a) || Number.isNaN(b) ? Number.NaN : Math.min(a, b));
const wmax = (a: number, b: number): number => (Number.isNaN(a) || Number.isNaN(b) ? Number.NaN : Math.max(a, b));

/** MLAS's erf of a float32 x, one lane of its 4-wide loop. */
export function mlasErfRef(x: number): number {
  const sign = bitsOf(x) & 0x80000000;
  const a = wmin(ERF.upper, Math.abs(x));
  // |x| <= split: the odd polynomial
  const small = f32(f32(horner(ERF.small, f32(a * a)) * a) + a);
  const isBig = a > ERF.split;
  // |x| > split: 1 - exp(-q(a)), the big lanes' a (the small lanes compute it of 0 and drop it)
  const ab = isBig ? a : 0;
  const q = f32(f32(horner(ERF.big, ab) * ab) + ab);
  const v = wmax(ERF.expLower, -q);
  const m = f32(f32(f32(ERF.log2e * v) + ERF.c) - ERF.c);
  const r = f32(f32(m * ERF.ln2lo) + f32(f32(m * ERF.ln2hi) + v));
  const big = f32(1 - f32(horner(ERF.exp, r) * 2 ** m));
  // the picked lane with x's sign bit or-ed in
  return floatOf(bitsOf(isBig ? big : small) | sign);
}
