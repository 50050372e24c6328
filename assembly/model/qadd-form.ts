// QLinearAdd's integer form, the scan it is chosen by (src/model/numerics/tables.ts qaddIntForm): at load, for every
// one of the 65536 pairs of input bytes, the float formula's output byte and the bounds that byte puts on the form's
// constant k, keeping the E tightest of each side. The same steps as the host's loop over the pairs (qaddPairsJs),
// which the tests compare it with; here the bytes take four pairs per step in f32x4 (every step one IEEE f32
// operation, as the host rounds each step to f32), so a model's residual adds no longer cost the loader a
// JavaScript loop of 65536 float evaluations each.
//
// A pair is (ua, ub) in the unsigned domain (an int8 byte ^ 0x80), index ua << 8 | ub. Its byte:
//   r = f32(fa[ua] + fb[ub]) / cs;  r = r < lo ? lo : r;  r = hi < r ? hi : r;  y = RNE(r + bias) (NaN: 0)
//   raw = (y - off) & 255,  u = raw ^ xor
// Its bounds on k, t = ua * ma + ub * mb (exact in i64): u > 0: k >= u * one - t; u < 255: k <= (u + 1) * one - t - 1.
import {
  QF_FA, QF_FB, QF_CS, QF_LO, QF_HI, QF_BIAS, QF_OFF, QF_XOR, QF_MA, QF_MB, QF_ONE, QF_E, QF_WANT, QF_LOV, QF_LOP,
  QF_HIV, QF_HIP, QF_NLO, QF_NHI,
} from './qsoftmax-ctx';

/** Four pairs' raw bytes as i32 lanes: a's value (splat) with b's four values at pb. */
// @ts-ignore: decorator
@inline
function raw4(av: v128, pb: usize, csv: v128, lov: v128, hiv: v128, biasv: v128, offv: v128): v128 {
  let r = f32x4.div(f32x4.add(av, v128.load(pb)), csv);
  r = f32x4.pmin(f32x4.pmax(r, lov), hiv);
  const y = i32x4.trunc_sat_f32x4_s(f32x4.nearest(f32x4.add(r, biasv)));
  return v128.and(i32x4.sub(y, offv), i32x4.splat(255));
}

/**
 * Keeps v among the n (<= e) best of the list at vs / ps (f64 values, i32 pairs), best first: the highest where
 * `higher`, else the lowest; a value equal to one kept goes after it. Returns the new count.
 */
function keep(vs: usize, ps: usize, n: i32, e: i32, v: f64, p: i32, higher: bool): i32 {
  if (n == e) {
    const last = load<f64>(vs + (<usize>(e - 1) << 3));
    if (higher ? v <= last : v >= last) return n;
  }
  let j = n == e ? e - 1 : n;
  while (j > 0) {
    const prev = load<f64>(vs + (<usize>(j - 1) << 3));
    if (!(higher ? prev < v : prev > v)) break;
    store<f64>(vs + (<usize>j << 3), prev);
    store<i32>(ps + (<usize>j << 2), load<i32>(ps + (<usize>(j - 1) << 2)));
    j--;
  }
  store<f64>(vs + (<usize>j << 3), v);
  store<i32>(ps + (<usize>j << 2), p);
  return n == e ? n : n + 1;
}

/** The scan of the record at ctx (qsoftmax-ctx.ts QF_*): the pair bytes into QF_WANT, the kept bounds and counts. */
export function qaddFormScan(ctx: usize): void {
  const fa = <usize>load<i32>(ctx, QF_FA);
  const fb = <usize>load<i32>(ctx, QF_FB);
  const want = <usize>load<i32>(ctx, QF_WANT);
  const csv = f32x4.splat(load<f32>(ctx, QF_CS));
  const lov = f32x4.splat(load<f32>(ctx, QF_LO));
  const hiv = f32x4.splat(load<f32>(ctx, QF_HI));
  const biasv = f32x4.splat(load<f32>(ctx, QF_BIAS));
  const offv = i32x4.splat(load<i32>(ctx, QF_OFF));
  for (let ua = 0; ua < 256; ua++) {
    const av = v128.load32_splat(fa + (<usize>ua << 2));
    const row = want + (<usize>ua << 8);
    for (let ub = 0; ub < 256; ub += 16) {
      const pb = fb + (<usize>ub << 2);
      const q0 = raw4(av, pb, csv, lov, hiv, biasv, offv);
      const q1 = raw4(av, pb + 16, csv, lov, hiv, biasv, offv);
      const q2 = raw4(av, pb + 32, csv, lov, hiv, biasv, offv);
      const q3 = raw4(av, pb + 48, csv, lov, hiv, biasv, offv);
      v128.store(row + <usize>ub, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(q0, q1), i16x8.narrow_i32x4_u(q2, q3)));
    }
  }
  const xor = load<i32>(ctx, QF_XOR);
  const ma = <i64>load<i32>(ctx, QF_MA);
  const mb = <i64>load<i32>(ctx, QF_MB);
  const one = <i64>load<i32>(ctx, QF_ONE);
  const e = load<i32>(ctx, QF_E);
  const loV = <usize>load<i32>(ctx, QF_LOV);
  const loP = <usize>load<i32>(ctx, QF_LOP);
  const hiV = <usize>load<i32>(ctx, QF_HIV);
  const hiP = <usize>load<i32>(ctx, QF_HIP);
  let nLo = 0;
  let nHi = 0;
  // the bounds in exact i64 (below 2^33 in size); a pair that cannot enter a full list is passed over without a call
  let loLast = i64.MIN_VALUE;
  let hiLast = i64.MAX_VALUE;
  for (let ua = 0; ua < 256; ua++) {
    let t = <i64>ua * ma;
    const row = want + (<usize>ua << 8);
    for (let ub = 0; ub < 256; ub++, t += mb) {
      const u = <i32>load<u8>(row + <usize>ub) ^ xor;
      if (u > 0) {
        const v = <i64>u * one - t;
        if (v > loLast) {
          nLo = keep(loV, loP, nLo, e, <f64>v, (ua << 8) | ub, true);
          if (nLo == e) loLast = <i64>load<f64>(loV + (<usize>(e - 1) << 3));
        }
      }
      if (u < 255) {
        const v = <i64>(u + 1) * one - t - 1;
        if (v < hiLast) {
          nHi = keep(hiV, hiP, nHi, e, <f64>v, (ua << 8) | ub, false);
          if (nHi == e) hiLast = <i64>load<f64>(hiV + (<usize>(e - 1) << 3));
        }
      }
    }
  }
  store<i32>(ctx, nLo, QF_NLO);
  store<i32>(ctx, nHi, QF_NHI);
}
