// The C library's and MLAS's functions that the float region kernel (./region.ts) needs for the activations, step
// for step as the TypeScript operators compute them (src/model/backends/host/activations.ts, which equal
// onnxruntime-web 1.30's CPU kernels bit for bit):
//   expf1     musl's expf (Arm's table method, in double; src/model/numerics/expf.ts), one lane; expf4 four lanes
//             (two f64x2 halves, the same double steps) where every lane is in (-88, 88)
//   log1pf1   musl's log1pf (FreeBSD's float method, every step float32; src/model/numerics/log1pf.ts), one lane;
//             log1pf4 four lanes (both paths computed, selected per lane)
//   erf4      MLAS's erf (src/model/numerics/mlas-erf.ts), four lanes: every step is a float32 multiply or add in the
//             scalar order (no fused multiply-add), both branches computed and selected per lane
// The constants are the exact values of the TypeScript files' (decimal literals that parse to those doubles / floats,
// or bit patterns).

// ---- expf ---------------------------------------------------------------------------------------------------------

// 2^(j / 32), j = 0..31: the doubles whose bits are musl's exp2f_data tab[j] + (j << 47)
const EXP_T = memory.data<f64>([
  1, 1.0218971486541166, 1.0442737824274138, 1.0671404006768237, 1.0905077326652577, 1.1143867425958924,
  1.1387886347566916, 1.1637248587775775, 1.189207115002721, 1.215247359980469, 1.241857812073484,
  1.2690509571917332, 1.2968395546510096, 1.3252366431597413, 1.3542555469368927, 1.383909881963832,
  1.4142135623730951, 1.4451808069770467, 1.4768261459394993, 1.5091644275934228, 1.5422108254079407,
  1.5759808451078865, 1.6104903319492543, 1.645755478153965, 1.681792830507429, 1.718619298122478,
  1.7562521603732995, 1.7947090750031072, 1.8340080864093424, 1.8741676341103, 1.9152065613971474,
  1.9571441241754002,
]);
const EXP_SHIFT: f64 = 6755399441055744; // 0x1.8p+52
const EXP_INV_LN2_N: f64 = 46.16624130844683; // 0x1.71547652b82fep+0 * 32
const EXP_C0: f64 = 1.6938359250920212e-6; // 0x1.c6af84b912394p-5 / 32^3
const EXP_C1: f64 = 0.00023459809789509004; // 0x1.ebfce50fac4f3p-3 / 32^2
const EXP_C2: f64 = 0.021660849396613134; // 0x1.62e42ff0c52d6p-1 / 32
const EXP_OVERFLOW: f64 = 88.72283172607422; // 0x1.62e42ep6
const EXP_UNDERFLOW: f64 = -103.97207641601562; // -0x1.9fe368p6

/** musl's expf(x): k = round(x 32 / ln2) (ties to even), s = 2^(k / 32) from the table, a cubic in the remainder. */
export function expf1(x: f32): f32 {
  if (!(x < 88 && x > -88)) {
    // |x| >= 88, or NaN
    if (x != x || x == Infinity) return x + x;
    if (<f64>x > EXP_OVERFLOW) return Infinity;
    if (<f64>x < EXP_UNDERFLOW) return 0; // -inf included
  }
  const z = EXP_INV_LN2_N * <f64>x;
  const k = z + EXP_SHIFT - EXP_SHIFT; // an integer, |k| <= 4096
  const r = z - k;
  const ki = <i32>k;
  const j = ki & 31;
  // 2^((k - j) / 32) exactly: its biased exponent in a double's bits ((k - j) / 32 is in [-129, 128])
  const p2 = reinterpret<f64>(<u64>(((ki - j) >> 5) + 1023) << 52);
  const s = load<f64>(EXP_T + (<usize>j << 3)) * p2;
  const y = (EXP_C0 * r + EXP_C1) * (r * r) + (EXP_C2 * r + 1.0);
  return <f32>(y * s);
}

/** expf of two lanes of f64x2 `xd` (float32 values in (-88, 88)): the steps of expf1 in f64x2, musl's y * s. */
// @ts-ignore: decorator
@inline
function expf2d(xd: v128): v128 {
  const z = f64x2.mul(f64x2.splat(EXP_INV_LN2_N), xd);
  const sh = f64x2.splat(EXP_SHIFT);
  const k = f64x2.sub(f64x2.add(z, sh), sh);
  const r = f64x2.sub(z, k);
  const ki = i32x4.trunc_sat_f64x2_s_zero(k);
  const j = v128.and(ki, i32x4.splat(31));
  // s = T[j] * 2^((k - j) / 32): (k - j) / 32 added to T[j]'s exponent field (s is normal: exact)
  const q = i64x2.shl(i64x2.extend_low_i32x4_s(i32x4.shr_s(i32x4.sub(ki, j), 5)), 52);
  let t = i64x2.splat(load<i64>(EXP_T + (<usize>i32x4.extract_lane(j, 0) << 3)));
  t = i64x2.replace_lane(t, 1, load<i64>(EXP_T + (<usize>i32x4.extract_lane(j, 1) << 3)));
  const s = i64x2.add(t, q);
  const r2 = f64x2.mul(r, r);
  const a = f64x2.add(f64x2.mul(f64x2.splat(EXP_C0), r), f64x2.splat(EXP_C1));
  const b = f64x2.add(f64x2.mul(f64x2.splat(EXP_C2), r), f64x2.splat(1.0));
  return f64x2.mul(f64x2.add(f64x2.mul(a, r2), b), s);
}

/** Whether every lane of x is in (-88, 88) (NaN is not): expf4 computes those. */
// @ts-ignore: decorator
@inline
export function expfInRange4(x: v128): bool {
  return v128.all_true<i32>(v128.and(f32x4.lt(x, f32x4.splat(88)), f32x4.gt(x, f32x4.splat(-88))));
}

/** expf1 of four lanes, each in (-88, 88) (expfInRange4): two lanes at a time in double, the same steps. */
// @ts-ignore: decorator
@inline
export function expf4(x: v128): v128 {
  const lo = f32x4.demote_f64x2_zero(expf2d(f64x2.promote_low_f32x4(x)));
  const hi = f32x4.demote_f64x2_zero(expf2d(f64x2.promote_low_f32x4(v128.shuffle<i64>(x, x, 1, 1))));
  return v128.shuffle<i64>(lo, hi, 0, 2);
}

// ---- log1pf -------------------------------------------------------------------------------------------------------

const L1_LN2_HI: f32 = 0.6931381225585938; // bits 0x3f317180
const L1_LN2_LO: f32 = 0.00000905800061445916; // bits 0x3717f7d1
const L1_LG1: f32 = 0.6666666269302368; // 0xaaaaaa.0p-24
const L1_LG2: f32 = 0.40000972151756287; // 0xccce13.0p-25
const L1_LG3: f32 = 0.2849878668785095; // 0x91e9ee.0p-25
const L1_LG4: f32 = 0.24279078841209412; // 0xf89e26.0p-26

/** musl's log1pf(x): 1 + x = 2^k (1 + f), the rounding error of 1 + x corrected, s = f / (2 + f) and a polynomial. */
export function log1pf1(x: f32): f32 {
  const ix = reinterpret<u32>(x);
  let k: i32 = 1;
  let c: f32 = 0;
  let f: f32 = 0;
  if (ix < 0x3ed413d0 || ix >> 31 != 0) {
    // 1 + x < sqrt(2), or x negative (NaN with the sign bit included)
    if (ix >= 0xbf800000) return x == -1 ? <f32>-Infinity : <f32>NaN; // x <= -1
    if (ix << 1 < 0x33800000 << 1) return x; // |x| < 2^-24
    if (ix <= 0xbe95f619) {
      // sqrt(2)/2 <= 1 + x < sqrt(2)
      k = 0;
      f = x;
    }
  } else if (ix >= 0x7f800000) return x; // +inf, NaN
  if (k != 0) {
    const u: f32 = 1 + x;
    let iu = reinterpret<u32>(u) + (0x3f800000 - 0x3f3504f3);
    k = <i32>(iu >> 23) - 0x7f;
    // the correction term ~ log(1 + x) - log(u)
    if (k < 25) c = (k >= 2 ? <f32>1 - (u - x) : x - (u - <f32>1)) / u;
    iu = (iu & 0x007fffff) + 0x3f3504f3;
    f = reinterpret<f32>(iu) - <f32>1;
  }
  const s = f / (<f32>2 + f);
  const z = s * s;
  const w = z * z;
  const t1 = w * (L1_LG2 + w * L1_LG4);
  const t2 = z * (L1_LG1 + w * L1_LG3);
  const R = t2 + t1;
  const hfsq = <f32>0.5 * f * f;
  const dk = <f32>k;
  let y = s * (hfsq + R);
  y = y + (dk * L1_LN2_LO + c);
  y = y - hfsq;
  y = y + f;
  return y + dk * L1_LN2_HI;
}

/**
 * log1pf1 of four lanes: both of its paths (k = 0 where sqrt(2)/2 <= 1 + x < sqrt(2), else k and the correction c
 * from u = f(1 + x)) computed and selected per lane, then the same float32 steps; the special lanes (x <= -1, |x| <
 * 2^-24, +inf, NaN) selected last. (Softplus, its only caller, gives it expf's values in (0, 1].)
 */
// @ts-ignore: decorator
@inline
export function log1pf4(x: v128): v128 {
  const one = f32x4.splat(1);
  const zero = i32x4.splat(0);
  // x < sqrt(2) - 1, or negative (NaN with the sign bit included)
  const below = v128.or(i32x4.lt_u(x, i32x4.splat(0x3ed413d0)), i32x4.lt_s(x, zero));
  const k0 = v128.and(below, i32x4.le_u(x, i32x4.splat(0xbe95f619)));
  // the general path
  const u = f32x4.add(one, x);
  let iu = i32x4.add(u, i32x4.splat(0x3f800000 - 0x3f3504f3));
  const kg = i32x4.sub(i32x4.shr_u(iu, 23), i32x4.splat(0x7f));
  const cHi = f32x4.sub(one, f32x4.sub(u, x));
  const cLo = f32x4.sub(x, f32x4.sub(u, one));
  let c = f32x4.div(v128.bitselect(cHi, cLo, i32x4.ge_s(kg, i32x4.splat(2))), u);
  c = v128.and(c, i32x4.lt_s(kg, i32x4.splat(25)));
  iu = i32x4.add(v128.and(iu, i32x4.splat(0x007fffff)), i32x4.splat(0x3f3504f3));
  const fg = f32x4.sub(iu, one);
  // k = 0: f = x, c = 0
  const f = v128.bitselect(x, fg, k0);
  c = v128.andnot(c, k0);
  const dk = f32x4.convert_i32x4_s(v128.andnot(kg, k0));
  const s = f32x4.div(f, f32x4.add(f32x4.splat(2), f));
  const z = f32x4.mul(s, s);
  const w = f32x4.mul(z, z);
  const t1 = f32x4.mul(w, f32x4.add(f32x4.splat(L1_LG2), f32x4.mul(w, f32x4.splat(L1_LG4))));
  const t2 = f32x4.mul(z, f32x4.add(f32x4.splat(L1_LG1), f32x4.mul(w, f32x4.splat(L1_LG3))));
  const R = f32x4.add(t2, t1);
  const hfsq = f32x4.mul(f32x4.mul(f32x4.splat(0.5), f), f);
  let y = f32x4.mul(s, f32x4.add(hfsq, R));
  y = f32x4.add(y, f32x4.add(f32x4.mul(dk, f32x4.splat(L1_LN2_LO)), c));
  y = f32x4.sub(y, hfsq);
  y = f32x4.add(y, f);
  y = f32x4.add(y, f32x4.mul(dk, f32x4.splat(L1_LN2_HI)));
  // special lanes: x <= -1 (-inf at -1, else NaN); |x| < 2^-24 and +inf / NaN pass
  const le1 = v128.and(below, i32x4.ge_u(x, i32x4.splat(0xbf800000)));
  const special = f32x4.splat(NaN);
  const tiny = i32x4.lt_u(i32x4.shl(x, 1), i32x4.splat(0x33800000 << 1));
  const infNaN = v128.andnot(i32x4.ge_u(x, i32x4.splat(0x7f800000)), below); // +inf, NaN without the sign bit
  y = v128.bitselect(x, y, v128.or(tiny, infNaN));
  const m1 = v128.bitselect(f32x4.splat(-Infinity), special, f32x4.eq(x, f32x4.splat(-1)));
  return v128.bitselect(m1, y, le1);
}

// ---- MLAS erf -----------------------------------------------------------------------------------------------------

const ERF_SPLIT: f32 = 0.921875;
const ERF_UPPER: f32 = 3.924999952316284;
const ERF_S0: f32 = -0.0005991049692966044;
const ERF_S1: f32 = 0.004993395879864693;
const ERF_S2: f32 = -0.026766734197735786;
const ERF_S3: f32 = 0.11281802505254745;
const ERF_S4: f32 = -0.37612485885620117;
const ERF_S5: f32 = 0.12837915122509003;
const ERF_B0: f32 = 0.00001729489304125309;
const ERF_B1: f32 = -0.00038320868043228984;
const ERF_B2: f32 = 0.003883934346958995;
const ERF_B3: f32 = -0.024254560470581055;
const ERF_B4: f32 = 0.1067778468132019;
const ERF_B5: f32 = 0.6348466873168945;
const ERF_B6: f32 = 0.12871751189231873;
const ERF_E0: f32 = 0.001383198075927794;
const ERF_E1: f32 = 0.008375500328838825;
const ERF_E2: f32 = 0.04166895151138306;
const ERF_E3: f32 = 0.1666644662618637;
const ERF_E4: f32 = 0.49999985098838806;
const ERF_EXP_LOWER: f32 = -88.37625885009766;
const ERF_LOG2E: f32 = 1.4426950216293335;
const ERF_LN2_HI: f32 = -0.693145751953125;
const ERF_LN2_LO: f32 = -0.000001428606765330187;
const ERF_ROUND: f32 = 12582912; // 1.5 * 2^23

/** f(f(a * b) + c) (two roundings, MLAS's multiply-add on this build). */
// @ts-ignore: decorator
@inline
function madd(a: v128, b: v128, c: v128): v128 {
  return f32x4.add(f32x4.mul(a, b), c);
}

/**
 * MLAS's erf of four lanes. |x| <= 0.921875 (and NaN): x + x p(x^2); above: 1 - exp(-q(|x|)) with |x| clamped to
 * 3.925 and MLAS's local exp (2^m r-polynomial), the sign of x.
 */
// @ts-ignore: decorator
@inline
export function erf4(x: v128): v128 {
  const a = f32x4.abs(x);
  // the large branch (lanes where it is not taken compute garbage; nothing traps)
  const ab = f32x4.pmin(a, f32x4.splat(ERF_UPPER));
  let q = madd(f32x4.splat(ERF_B0), ab, f32x4.splat(ERF_B1));
  q = madd(q, ab, f32x4.splat(ERF_B2));
  q = madd(q, ab, f32x4.splat(ERF_B3));
  q = madd(q, ab, f32x4.splat(ERF_B4));
  q = madd(q, ab, f32x4.splat(ERF_B5));
  q = madd(q, ab, f32x4.splat(ERF_B6));
  q = madd(q, ab, ab);
  const v = f32x4.pmax(f32x4.neg(q), f32x4.splat(ERF_EXP_LOWER));
  const rnd = f32x4.splat(ERF_ROUND);
  const m = f32x4.sub(madd(f32x4.splat(ERF_LOG2E), v, rnd), rnd);
  let r = madd(m, f32x4.splat(ERF_LN2_HI), v);
  r = madd(m, f32x4.splat(ERF_LN2_LO), r);
  let e = madd(f32x4.splat(ERF_E0), r, f32x4.splat(ERF_E1));
  e = madd(e, r, f32x4.splat(ERF_E2));
  e = madd(e, r, f32x4.splat(ERF_E3));
  e = madd(e, r, f32x4.splat(ERF_E4));
  e = madd(e, r, f32x4.splat(1));
  e = madd(e, r, f32x4.splat(1));
  // 2^m exactly: where the branch is taken q is in about [1.6, 19], so m is an integer in about [-28, -2], a normal
  // float's exponent
  const p2 = i32x4.shl(i32x4.add(i32x4.trunc_sat_f32x4_s(m), i32x4.splat(127)), 23);
  let big = f32x4.sub(f32x4.splat(1), f32x4.mul(e, p2));
  big = v128.bitselect(f32x4.neg(big), big, f32x4.lt(x, f32x4.splat(0)));
  // the small branch
  const s = f32x4.mul(a, a);
  let p = madd(f32x4.splat(ERF_S0), s, f32x4.splat(ERF_S1));
  p = madd(p, s, f32x4.splat(ERF_S2));
  p = madd(p, s, f32x4.splat(ERF_S3));
  p = madd(p, s, f32x4.splat(ERF_S4));
  p = madd(p, s, f32x4.splat(ERF_S5));
  const small = madd(p, x, x);
  return v128.bitselect(big, small, f32x4.gt(a, f32x4.splat(ERF_SPLIT)));
}
