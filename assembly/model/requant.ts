// RequantizeInt32 of the model executor: int32 accumulators -> uint8 / int8 with per-channel scale and bias,
// bit-exact to onnxruntime's MlasRequantizeOutput (its scalar branch; docs/int8-ops.md, QLinearConv, QLinearMatMul
// and QGemm) and kernels-ref/model/requantize.ts:
//   v = K * acc0 [+ acc1] + bias[c]          (int32, wrapping; acc1 only when K != 0 in the record)
//   f = f32(f32(v) * scale[c]);  f = min(max(f, lo - zp), hi - zp)   (C++ std::max / std::min)
//   y = RNE(f) + zp
// The second accumulator serves weights with a zero point: w_eff = 2 * a + b is split into two int8 convolutions
// whose accumulators combine as 2 * acc0 + acc1 (K = 2), or acc0 + acc1 (K = 1).
//
// Layouts and the channel c of element i (elem-ctx.ts RQ_MODE):
//   0  plain runs   [outer, C, INNER] row-major:           c = (i / INNER) % C    (NCHW: INNER = H * W)
//   1  contiguous   [outer, C] (INNER = 1):                c = i % C              (the channel is the last axis)
//   2  NCHW44       [N][C/4][INNER][4]:                    c = ((i >> 2) / INNER % (C / 4)) * 4 + (i & 3)
// acc0 is p0, acc1 p1 (int32[n] each), the output p2 (bytes[n]). One task: elements [t * grain, t * grain + grain).
// No NaN can occur (finite scales), so the float clamp needs no NaN care; the rounding is the 1.5 * 2^23 trick.
import { EL_N, EL_GRAIN, EL_OUTXOR, RQ_MODE, RQ_INNER, RQ_C, RQ_K, RQ_SCALES, RQ_BIAS, RQ_LO, RQ_HI, RQ_ZPU } from './elem-ctx';
import { MAGIC_BITS, packBytes, roundAdd, taskEnd, taskStart } from './elem-simd';

/** int32 sum of element j: K * acc0 + acc1 (two) or acc0. */
// @ts-ignore: decorator
@inline
function accVec(a0: usize, a1: usize, off: usize, two: bool, shift: i32): v128 {
  const x = v128.load(a0 + off);
  return two ? i32x4.add(i32x4.shl(x, shift), v128.load(a1 + off)) : x;
}

// @ts-ignore: decorator
@inline
function rq4(v: v128, bias: v128, scale: v128, lo: v128, hi: v128, rb: v128): v128 {
  const f = f32x4.mul(f32x4.convert_i32x4_s(i32x4.add(v, bias)), scale);
  return roundAdd(f32x4.pmin(f32x4.pmax(f, lo), hi), rb);
}

/**
 * One run of len elements from element offset i of the task: per-lane scale / bias vectors sv / bv (runs: one
 * channel splatted; NCHW44: the block's 4 channels), or (contig) loaded from sp / bp for every 4 elements. The
 * scalar tail takes channel k's constants at sp / bp + 4 * (k & laneMask) (runs 0, NCHW44 3) or + 4 * k (contig).
 */
// @ts-ignore: decorator
@inline
function rqRun(ctx: usize, a0: usize, a1: usize, d: usize, len: i32, sv: v128, bv: v128, sp: usize, bp: usize, laneMask: i32, contig: bool, two: bool): void {
  const shift = load<i32>(ctx, RQ_K) - 1;
  const lo = load<f32>(ctx, RQ_LO);
  const hi = load<f32>(ctx, RQ_HI);
  const zpu = load<i32>(ctx, RQ_ZPU);
  const outXor = load<i32>(ctx, EL_OUTXOR);
  const lov = f32x4.splat(lo);
  const hiv = f32x4.splat(hi);
  const rb = i32x4.splat(MAGIC_BITS - zpu);
  const xv = i8x16.splat(<i8>outXor);
  let k: i32 = 0;
  for (; k + 16 <= len; k += 16) {
    const o = <usize>k << 2;
    let s0 = sv, s1 = sv, s2 = sv, s3 = sv;
    let b0 = bv, b1 = bv, b2 = bv, b3 = bv;
    if (contig) {
      s0 = v128.load(sp + o, 0); s1 = v128.load(sp + o, 16); s2 = v128.load(sp + o, 32); s3 = v128.load(sp + o, 48);
      b0 = v128.load(bp + o, 0); b1 = v128.load(bp + o, 16); b2 = v128.load(bp + o, 32); b3 = v128.load(bp + o, 48);
    }
    const r0 = rq4(accVec(a0, a1, o, two, shift), b0, s0, lov, hiv, rb);
    const r1 = rq4(accVec(a0, a1, o + 16, two, shift), b1, s1, lov, hiv, rb);
    const r2 = rq4(accVec(a0, a1, o + 32, two, shift), b2, s2, lov, hiv, rb);
    const r3 = rq4(accVec(a0, a1, o + 48, two, shift), b3, s3, lov, hiv, rb);
    v128.store(d + <usize>k, packBytes(r0, r1, r2, r3, xv));
  }
  for (; k < len; k++) {
    const o = <usize>k << 2;
    const ch = <usize>(contig ? k : k & laneMask) << 2;
    let v = load<i32>(a0 + o);
    if (two) v = (v << shift) + load<i32>(a1 + o);
    let f = <f32>(v + load<i32>(bp + ch)) * load<f32>(sp + ch);
    f = f < lo ? lo : f;
    f = hi < f ? hi : f;
    store<u8>(d + <usize>k, <u8>((<i32>nearest<f32>(f) + zpu) ^ outXor));
  }
}

function rqRunsOne(ctx: usize, a0: usize, a1: usize, d: usize, len: i32, sv: v128, bv: v128, sp: usize, bp: usize, laneMask: i32): void {
  rqRun(ctx, a0, a1, d, len, sv, bv, sp, bp, laneMask, false, false);
}
function rqRunsTwo(ctx: usize, a0: usize, a1: usize, d: usize, len: i32, sv: v128, bv: v128, sp: usize, bp: usize, laneMask: i32): void {
  rqRun(ctx, a0, a1, d, len, sv, bv, sp, bp, laneMask, false, true);
}
function rqContigOne(ctx: usize, a0: usize, a1: usize, d: usize, len: i32, sp: usize, bp: usize): void {
  rqRun(ctx, a0, a1, d, len, v128.splat<i32>(0), v128.splat<i32>(0), sp, bp, 0, true, false);
}
function rqContigTwo(ctx: usize, a0: usize, a1: usize, d: usize, len: i32, sp: usize, bp: usize): void {
  rqRun(ctx, a0, a1, d, len, v128.splat<i32>(0), v128.splat<i32>(0), sp, bp, 0, true, true);
}

/** Task t of RequantizeInt32: acc0 (p0), acc1 (p1, when RQ_K != 0) -> dst bytes. */
export function requantTask(ctx: usize, acc0: usize, acc1: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  const mode = load<i32>(ctx, RQ_MODE);
  const inner = load<i32>(ctx, RQ_INNER);
  const C = load<i32>(ctx, RQ_C);
  const two = load<i32>(ctx, RQ_K) != 0;
  const scales = <usize>load<i32>(ctx, RQ_SCALES);
  const bias = <usize>load<i32>(ctx, RQ_BIAS);
  let i = s;
  if (mode == 1) {
    while (i < e) {
      const j = i % C;
      let len = C - j;
      if (len > e - i) len = e - i;
      const o = <usize>i << 2;
      const cj = <usize>j << 2;
      if (two) rqContigTwo(ctx, acc0 + o, acc1 + o, dst + <usize>i, len, scales + cj, bias + cj);
      else rqContigOne(ctx, acc0 + o, acc1 + o, dst + <usize>i, len, scales + cj, bias + cj);
      i += len;
    }
    return;
  }
  const nchw44 = mode == 2;
  const run = nchw44 ? inner << 2 : inner;
  const groups = nchw44 ? C >> 2 : C;
  while (i < e) {
    const q = i / run;
    let len = run - (i - q * run);
    if (len > e - i) len = e - i;
    const g = q % groups;
    const o = <usize>i << 2;
    let sv: v128, bv: v128, sp: usize, bp: usize;
    if (nchw44) {
      sp = scales + (<usize>g << 4);
      bp = bias + (<usize>g << 4);
      sv = v128.load(sp);
      bv = v128.load(bp);
    } else {
      sp = scales + (<usize>g << 2);
      bp = bias + (<usize>g << 2);
      sv = v128.load32_splat(sp);
      bv = v128.load32_splat(bp);
    }
    const laneMask = nchw44 ? 3 : 0;
    if (two) rqRunsTwo(ctx, acc0 + o, acc1 + o, dst + <usize>i, len, sv, bv, sp, bp, laneMask);
    else rqRunsOne(ctx, acc0 + o, acc1 + o, dst + <usize>i, len, sv, bv, sp, bp, laneMask);
    i += len;
  }
}
