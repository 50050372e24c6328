// QLinearMatMul with a computed B (attention's products), as the TypeScript operator
// (src/model/backends/host/quant.ts, qlinearMatMulHost) computes it, bit for bit: per batch t, row i, column j the
// exact integer acc = sum over k of (a[i][k] - az) * (b[k][j] - bzp[j]) (int32: any order gives the same sum), then
// y = RNE(min(max(f32(f32(acc) * scale[j]), lo - z), hi - z)) + z, a NaN giving 0 (the typed array's conversion).
//   qmatmulPackTask  (batch t) A - az as i16 rows [M][KP], B - bzp transposed as i16 rows [N4][KP], zeros past K and
//                    past N, into the step's scratch
//   qmatmulTask      (batch t, block of rows) four columns at a time: i32x4.dot_i16x8_s over the packed rows, the
//                    four sums converted, scaled, clamped and rounded as four lanes
import {
  QM_M, QM_K, QM_N, QM_NB, QM_KP, QM_N4, QM_ASIGNED, QM_BSIGNED, QM_AZ, QM_YZ, QM_YSIGNED, QM_LOZ, QM_HIZ, QM_SCALE, QM_BZP,
  QM_AOFF, QM_BOFF, QM_ROWS_PER_TASK, QM_PACK,
} from './qsoftmax-ctx';

/** Bytes of one batch's packed operands. */
// @ts-ignore: decorator
@inline
function batchBytes(m: i32, n4: i32, kp: i32): usize {
  return (<usize>(m + n4) * <usize>kp) << 1;
}

export function qmatmulPackTask(ctx: usize, a: usize, b: usize, _y: usize, _i0: i32, _i1: i32, t: i32): void {
  const m = load<i32>(ctx, QM_M);
  const k = load<i32>(ctx, QM_K);
  const n = load<i32>(ctx, QM_N);
  const kp = load<i32>(ctx, QM_KP);
  const n4 = load<i32>(ctx, QM_N4);
  const aSigned = load<i32>(ctx, QM_ASIGNED) != 0;
  const bSigned = load<i32>(ctx, QM_BSIGNED) != 0;
  const az = load<i32>(ctx, QM_AZ);
  const bzp = <usize>load<i32>(ctx, QM_BZP);
  const at = a + <usize>load<i32>(<usize>load<i32>(ctx, QM_AOFF) + (<usize>t << 2));
  const bt = b + <usize>load<i32>(<usize>load<i32>(ctx, QM_BOFF) + (<usize>t << 2));
  const pa = <usize>load<i32>(ctx, QM_PACK) + <usize>t * batchBytes(m, n4, kp);
  const pb = pa + ((<usize>m * <usize>kp) << 1);
  for (let i = 0; i < m; i++) {
    const src = at + <usize>i * <usize>k;
    const dst = pa + ((<usize>i * <usize>kp) << 1);
    for (let q = 0; q < k; q++) {
      const v: i32 = aSigned ? <i32>load<i8>(src + q) : <i32>load<u8>(src + q);
      store<i16>(dst + (<usize>q << 1), <i16>(v - az));
    }
    for (let q = k; q < kp; q++) store<i16>(dst + (<usize>q << 1), 0);
  }
  for (let j = 0; j < n4; j++) {
    const dst = pb + ((<usize>j * <usize>kp) << 1);
    if (j >= n) {
      for (let q = 0; q < kp; q++) store<i16>(dst + (<usize>q << 1), 0);
      continue;
    }
    const z = load<i32>(bzp + (<usize>j << 2));
    for (let q = 0; q < k; q++) {
      const p = bt + <usize>q * <usize>n + <usize>j;
      const v: i32 = bSigned ? <i32>load<i8>(p) : <i32>load<u8>(p);
      store<i16>(dst + (<usize>q << 1), <i16>(v - z));
    }
    for (let q = k; q < kp; q++) store<i16>(dst + (<usize>q << 1), 0);
  }
}

/** The sum of the four lanes. */
// @ts-ignore: decorator
@inline
function hsum(v: v128): i32 {
  return i32x4.extract_lane(v, 0) + i32x4.extract_lane(v, 1) + i32x4.extract_lane(v, 2) + i32x4.extract_lane(v, 3);
}

export function qmatmulTask(ctx: usize, _a: usize, _b: usize, y: usize, _i0: i32, t: i32, task: i32): void {
  const m = load<i32>(ctx, QM_M);
  const n = load<i32>(ctx, QM_N);
  const kp = load<i32>(ctx, QM_KP);
  const n4 = load<i32>(ctx, QM_N4);
  const rpt = load<i32>(ctx, QM_ROWS_PER_TASK);
  const ySigned = load<i32>(ctx, QM_YSIGNED) != 0;
  const yz = i32x4.splat(load<i32>(ctx, QM_YZ));
  const loz = f32x4.splat(load<f32>(ctx, QM_LOZ));
  const hiz = f32x4.splat(load<f32>(ctx, QM_HIZ));
  const scales = <usize>load<i32>(ctx, QM_SCALE);
  const pa = <usize>load<i32>(ctx, QM_PACK) + <usize>t * batchBytes(m, n4, kp);
  const pb = pa + ((<usize>m * <usize>kp) << 1);
  const rowBytes = <usize>kp << 1;
  const i0 = task * rpt;
  let i1 = i0 + rpt;
  if (i1 > m) i1 = m;
  const zero = i32x4.splat(0);
  for (let i = i0; i < i1; i++) {
    const ar = pa + <usize>i * rowBytes;
    const yr = y + (<usize>(t * m + i) * <usize>n);
    for (let j = 0; j < n4; j += 4) {
      const b0 = pb + <usize>j * rowBytes;
      const b1 = b0 + rowBytes,
        b2 = b1 + rowBytes,
        b3 = b2 + rowBytes;
      let s0 = zero,
        s1 = zero,
        s2 = zero,
        s3 = zero;
      for (let o: usize = 0; o < rowBytes; o += 16) {
        const va = v128.load(ar + o);
        s0 = i32x4.add(s0, i32x4.dot_i16x8_s(va, v128.load(b0 + o)));
        s1 = i32x4.add(s1, i32x4.dot_i16x8_s(va, v128.load(b1 + o)));
        s2 = i32x4.add(s2, i32x4.dot_i16x8_s(va, v128.load(b2 + o)));
        s3 = i32x4.add(s3, i32x4.dot_i16x8_s(va, v128.load(b3 + o)));
      }
      let acc = i32x4.splat(hsum(s0));
      acc = i32x4.replace_lane(acc, 1, hsum(s1));
      acc = i32x4.replace_lane(acc, 2, hsum(s2));
      acc = i32x4.replace_lane(acc, 3, hsum(s3));
      const f = f32x4.mul(f32x4.convert_i32x4_s(acc), v128.load(scales + (<usize>j << 2)));
      // C++'s f < lo - z ? lo - z : f, then hi - z < f ? hi - z : f (a NaN passes both), rounded to even
      const c = f32x4.nearest(f32x4.pmin(f32x4.pmax(f, loz), hiz));
      // a NaN becomes 0 when stored (the TypeScript operator's typed array); the others are in range
      const q = v128.andnot(i32x4.add(i32x4.trunc_sat_f32x4_s(c), yz), f32x4.ne(c, c));
      const w = n - j;
      if (w >= 4) {
        const bytes = ySigned
          ? i8x16.narrow_i16x8_s(i16x8.narrow_i32x4_s(q, q), i16x8.narrow_i32x4_s(q, q))
          : i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(q, q), i16x8.narrow_i32x4_s(q, q));
        v128.store32_lane(yr + <usize>j, bytes, 0);
      } else {
        store<u8>(yr + <usize>j, <u8>i32x4.extract_lane(q, 0));
        if (w > 1) store<u8>(yr + <usize>j + 1, <u8>i32x4.extract_lane(q, 1));
        if (w > 2) store<u8>(yr + <usize>j + 2, <u8>i32x4.extract_lane(q, 2));
      }
    }
  }
}
