// DynamicQuantizeLinear of the model executor (opset 11: float32 -> uint8 with the scale and zero point of the
// tensor's own range), bit-exact to onnxruntime-web (docs/int8-ops.md, DynamicQuantizeLinear) and to the TypeScript
// operator (src/model/backends/host/quant.ts, dynamicQuantizeHost), in two passes over the pool's tasks:
//
//   dqlRangeTask     task t of elements [t * grain, t * grain + grain): the minimum and maximum of its elements that
//                    are not NaN (+FLT_MAX / -FLT_MAX when there is none), and whether a NaN is among its elements
//                    that lie in whole groups of 4, into DY_PARTS[t] = [min f32, max f32, nan i32, 0].
//                    onnxruntime's range (MLAS's min / max reduction) lets a NaN among the first n - n % 4 elements
//                    through and skips one among the last n % 4. The grain is a multiple of 4 and tasks start at
//                    multiples of it, so a group of 4 that lies within a task lies within those first n - n % 4
//                    elements, and the elements after the task's last whole group are exactly the last n % 4 of the
//                    tensor (the last task's). The host combines the tasks' parts in that rule and computes the scale
//                    and zero point (src/model/backends/wasm-int8/dynamic-quant.ts).
//   dqlQuantizeTask  y = RNE(clamp(f32(x / s), -zp, 255 - zp)) + zp, and 0 where x / s is NaN: QuantizeLinear with
//                    a scale that may be NaN (a NaN in the range), 0 (a range of a few subnormals) or infinite (a range
//                    wider than FLT_MAX), so the NaN test is on the quotient, not on x.
//
// Min and max: f32x4.pmin(m, x) is x < m ? x : m and pmax(m, x) is m < x ? x : m, so a NaN x leaves m as it is (the
// NaN test is separate). Which of -0 and +0 a min or max keeps does not matter: the host's scale and zero point are
// the same for both (0 - (+-0 / s) is +0, and max - (+-0) is max).
//
// The element order does not matter to either pass, so the same tasks run an NCHW and an NCHW44 tensor (NCHW44 has
// C % 4 == 0, so n % 4 == 0 and no element is in the skipping tail).
import { EL_N, EL_GRAIN, DY_PARTS, DY_SCALE, DY_LO, DY_HI, DY_ZP } from './elem-ctx';
import { MAGIC_BITS, packMasks, roundAdd, taskEnd, taskStart } from './elem-simd';

/** Task t of the range pass: DY_PARTS[t] = [min, max, NaN among whole groups of 4, 0] of its elements. */
export function dqlRangeTask(ctx: usize, src: usize, _b: usize, _d: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  let mn0 = f32x4.splat(F32.MAX_VALUE);
  let mn1 = mn0, mn2 = mn0, mn3 = mn0;
  let mx0 = f32x4.splat(-F32.MAX_VALUE);
  let mx1 = mx0, mx2 = mx0, mx3 = mx0;
  let nan0 = i32x4.splat(0);
  let nan1 = nan0;
  let i = s;
  for (; i + 16 <= e; i += 16) {
    const p = src + (<usize>i << 2);
    const x0 = v128.load(p, 0);
    const x1 = v128.load(p, 16);
    const x2 = v128.load(p, 32);
    const x3 = v128.load(p, 48);
    mn0 = f32x4.pmin(mn0, x0);
    mn1 = f32x4.pmin(mn1, x1);
    mn2 = f32x4.pmin(mn2, x2);
    mn3 = f32x4.pmin(mn3, x3);
    mx0 = f32x4.pmax(mx0, x0);
    mx1 = f32x4.pmax(mx1, x1);
    mx2 = f32x4.pmax(mx2, x2);
    mx3 = f32x4.pmax(mx3, x3);
    nan0 = v128.or(nan0, v128.or(f32x4.ne(x0, x0), f32x4.ne(x1, x1)));
    nan1 = v128.or(nan1, v128.or(f32x4.ne(x2, x2), f32x4.ne(x3, x3)));
  }
  for (; i + 4 <= e; i += 4) {
    const x = v128.load(src + (<usize>i << 2));
    mn0 = f32x4.pmin(mn0, x);
    mx0 = f32x4.pmax(mx0, x);
    nan0 = v128.or(nan0, f32x4.ne(x, x));
  }
  // across the lanes (no NaN is left in them)
  let mnv = f32x4.pmin(f32x4.pmin(mn0, mn1), f32x4.pmin(mn2, mn3));
  let mxv = f32x4.pmax(f32x4.pmax(mx0, mx1), f32x4.pmax(mx2, mx3));
  mnv = f32x4.pmin(mnv, v128.shuffle<f32>(mnv, mnv, 2, 3, 0, 1));
  mxv = f32x4.pmax(mxv, v128.shuffle<f32>(mxv, mxv, 2, 3, 0, 1));
  mnv = f32x4.pmin(mnv, v128.shuffle<f32>(mnv, mnv, 1, 0, 3, 2));
  mxv = f32x4.pmax(mxv, v128.shuffle<f32>(mxv, mxv, 1, 0, 3, 2));
  let mn = f32x4.extract_lane(mnv, 0);
  let mx = f32x4.extract_lane(mxv, 0);
  // the tensor's last n % 4 elements: a NaN among them is skipped
  for (; i < e; i++) {
    const v = load<f32>(src + (<usize>i << 2));
    if (v < mn) mn = v;
    if (mx < v) mx = v;
  }
  const part = <usize>load<i32>(ctx, DY_PARTS) + (<usize>t << 4);
  store<f32>(part, mn, 0);
  store<f32>(part, mx, 4);
  store<i32>(part, v128.any_true(v128.or(nan0, nan1)) ? 1 : 0, 8);
  store<i32>(part, 0, 12);
}

/** Task t of the quantize pass: src f32[n] -> dst uint8[n] with the scale and zero point the host wrote. */
export function dqlQuantizeTask(ctx: usize, src: usize, _b: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const sc = load<f32>(ctx, DY_SCALE);
  const lo = load<f32>(ctx, DY_LO);
  const hi = load<f32>(ctx, DY_HI);
  const zp = load<i32>(ctx, DY_ZP);
  const sv = f32x4.splat(sc);
  const lov = f32x4.splat(lo);
  const hiv = f32x4.splat(hi);
  const bias = i32x4.splat(MAGIC_BITS - zp);
  let i = s;
  for (; i + 16 <= e; i += 16) {
    const p = src + (<usize>i << 2);
    const q0 = f32x4.div(v128.load(p, 0), sv);
    const q1 = f32x4.div(v128.load(p, 16), sv);
    const q2 = f32x4.div(v128.load(p, 32), sv);
    const q3 = f32x4.div(v128.load(p, 48), sv);
    const r0 = roundAdd(f32x4.pmin(f32x4.pmax(q0, lov), hiv), bias);
    const r1 = roundAdd(f32x4.pmin(f32x4.pmax(q1, lov), hiv), bias);
    const r2 = roundAdd(f32x4.pmin(f32x4.pmax(q2, lov), hiv), bias);
    const r3 = roundAdd(f32x4.pmin(f32x4.pmax(q3, lov), hiv), bias);
    const y = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_s(r0, r1), i16x8.narrow_i32x4_s(r2, r3));
    // a NaN quotient (x NaN, 0 / 0, inf / inf, anything / NaN) gives 0
    v128.store(dst + <usize>i, v128.and(y, packMasks(f32x4.eq(q0, q0), f32x4.eq(q1, q1), f32x4.eq(q2, q2), f32x4.eq(q3, q3))));
  }
  for (; i < e; i++) {
    const q: f32 = load<f32>(src + (<usize>i << 2)) / sc;
    let y: i32 = 0;
    if (q == q) {
      let c = q < lo ? lo : q;
      c = hi < c ? hi : c;
      y = <i32>nearest<f32>(c) + zp;
    }
    store<u8>(dst + <usize>i, <u8>y);
  }
}
