// RequantizeInt32 of the model executor: int32 accumulators -> uint8 / int8 with per-channel scale and bias,
// bit-exact to onnxruntime's MlasRequantizeOutput (its scalar branch; docs/int8-ops.md, QLinearConv, QLinearMatMul
// and QGemm) and kernels-ref/model/requantize.ts:
//   v = K * acc0 [+ acc1] + bias[c]          (int32, wrapping; acc1 only when K != 0 in the record)
//   f = f32(f32(v) * scale[c]);  f = min(max(f, lo - zp), hi - zp)   (C++ std::max / std::min)
//   y = RNE(f) + zp
// The second accumulator combines a convolution split in two: w_eff = 2 * a + b as two int8 convolutions whose
// accumulators combine as 2 * acc0 + acc1 (K = 2), or any split into a sum, acc0 + acc1 (K = 1).
//
// Layouts and the channel c of element i (elem-ctx.ts RQ_MODE):
//   0  plain runs   [outer, C, INNER] row-major:           c = (i / INNER) % C    (NCHW: INNER = H * W)
//   1  contiguous   [outer, C] (INNER = 1):                c = i % C              (the channel is the last axis)
//   2  NCHW44       [N][C/4][INNER][4]:                    c = ((i >> 2) / INNER % (C / 4)) * 4 + (i & 3)
// acc0 is p0, acc1 p1 (int32[n] each), the output p2 (bytes[n]). One task: elements [t * grain, t * grain + grain).
// No NaN can occur (finite scales), so the float clamp needs no NaN care; the rounding is the 1.5 * 2^23 trick.
//
// Window correction (RQ_WIN = 1): weights with a zero point run as an int8 convolution of w - zp - e[c], the shift
// e[c] chosen per output channel so that the filter fits int8, and a convolution of an all-ones filter that gives the
// window sums S = sum over the window of (x - x_zp); then
//   v = acc0 + e[c] * S + bias[c]           (int32, wrapping: the exact sum of (w - zp) * (x - x_zp), plus the bias)
// requantized as above, or stored as int32 (RQ_OUT32 = 1: ConvInteger / MatMulInteger; the output may be acc0
// itself), or as float32 (RQ_OUT32 = 2, 3: the Cast -> Mul -> Add [-> Relu] that onnxruntime's quantize_dynamic writes
// after a ConvInteger / MatMulInteger, folded in): f = f32(f32(v) * scale[c]) + fbias[c] (RQ_BIAS holds float32
// bits then, the int32 bias being 0), one rounding per step as the three operators compute it; 3: then f < 0 ? 0 : f
// (Relu's std::max(f, 0)). The scales may change between runs (the product of a run's dynamic x scale and w scale).
// p1 holds S: a tensor of RQ_SCH channels (mode 0, 1) or channel blocks (mode 2) per image, in the output's layout.
// The S of an output element is in the same pixel of S channel RQ_SMAP[c] (mode 0), of the same lane of S block
// RQ_SMAP[c / 4] (mode 2), or S[row * RQ_SCH] (mode 1, where every channel reads S channel 0). Mode 2 with RQ_SPLAT: S
// is planar, RQ_SCH planes per image, and the block's plane RQ_SMAP[c / 4] holds one S per pixel for its 4 lanes.
// RQ_TABLE, when set, maps every output byte through a 256-byte table as the task ends (a look-up folded into the
// convolution).
import {
  EL_N, EL_GRAIN, EL_OUTXOR, RQ_MODE, RQ_INNER, RQ_C, RQ_K, RQ_SCALES, RQ_BIAS, RQ_LO, RQ_HI, RQ_ZPU, RQ_WIN, RQ_E,
  RQ_SMAP, RQ_SCH, RQ_SPLAT, RQ_OUT32, RQ_TABLE,
} from './elem-ctx';
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

// ---- window correction ------------------------------------------------------------------------------------------

/**
 * One run of len elements of the window correction: v = acc0 + e * S + bias. Runs modes: e, scale and bias are the
 * vectors ev / sv / bv (one channel splatted, or the NCHW44 block's 4 channels) and S is read at ws; contiguous mode:
 * e, scale and bias are read per 4 channels at ep / sp / bp and S is the row's, srow. The scalar tail takes channel
 * k's constants at ep / sp / bp + 4 * (k & laneMask) (runs 0, NCHW44 3) or + 4 * k (contiguous). One function for
 * every form (the flags hold for the whole run, so their branches are predicted; the pass is a small part of the
 * convolution's time, and one copy keeps the module small).
 */
function winRun(ctx: usize, a0: usize, ws: usize, d: usize, len: i32, ev: v128, sv: v128, bv: v128, ep: usize, sp: usize, bp: usize, laneMask: i32, srow: i32, contig: bool, outKind: i32, splat: bool): void {
  const out32 = outKind == 1;
  const outF32 = outKind >= 2;
  const relu = outKind == 3;
  const zf = f32x4.splat(0);
  const lo = load<f32>(ctx, RQ_LO);
  const hi = load<f32>(ctx, RQ_HI);
  const zpu = load<i32>(ctx, RQ_ZPU);
  const outXor = load<i32>(ctx, EL_OUTXOR);
  const lov = f32x4.splat(lo);
  const hiv = f32x4.splat(hi);
  const rb = i32x4.splat(MAGIC_BITS - zpu);
  const xv = i8x16.splat(<i8>outXor);
  const srv = i32x4.splat(srow);
  let k: i32 = 0;
  for (; k + 16 <= len; k += 16) {
    const o = <usize>k << 2;
    let e0 = ev, e1 = ev, e2 = ev, e3 = ev;
    let s0 = sv, s1 = sv, s2 = sv, s3 = sv;
    let b0 = bv, b1 = bv, b2 = bv, b3 = bv;
    let w0 = srv, w1 = srv, w2 = srv, w3 = srv;
    if (contig) {
      e0 = v128.load(ep + o, 0); e1 = v128.load(ep + o, 16); e2 = v128.load(ep + o, 32); e3 = v128.load(ep + o, 48);
      b0 = v128.load(bp + o, 0); b1 = v128.load(bp + o, 16); b2 = v128.load(bp + o, 32); b3 = v128.load(bp + o, 48);
      if (!out32) {
        s0 = v128.load(sp + o, 0); s1 = v128.load(sp + o, 16); s2 = v128.load(sp + o, 32); s3 = v128.load(sp + o, 48);
      }
    } else if (splat) {
      // 4 pixels of 4 lanes: each pixel's S in its 4 lanes
      const s4 = v128.load(ws + <usize>k);
      w0 = i32x4.shuffle(s4, s4, 0, 0, 0, 0); w1 = i32x4.shuffle(s4, s4, 1, 1, 1, 1);
      w2 = i32x4.shuffle(s4, s4, 2, 2, 2, 2); w3 = i32x4.shuffle(s4, s4, 3, 3, 3, 3);
    } else {
      w0 = v128.load(ws + o, 0); w1 = v128.load(ws + o, 16); w2 = v128.load(ws + o, 32); w3 = v128.load(ws + o, 48);
    }
    const v0 = i32x4.add(v128.load(a0 + o, 0), i32x4.mul(e0, w0));
    const v1 = i32x4.add(v128.load(a0 + o, 16), i32x4.mul(e1, w1));
    const v2 = i32x4.add(v128.load(a0 + o, 32), i32x4.mul(e2, w2));
    const v3 = i32x4.add(v128.load(a0 + o, 48), i32x4.mul(e3, w3));
    if (out32) {
      v128.store(d + o, i32x4.add(v0, b0), 0);
      v128.store(d + o, i32x4.add(v1, b1), 16);
      v128.store(d + o, i32x4.add(v2, b2), 32);
      v128.store(d + o, i32x4.add(v3, b3), 48);
    } else if (outF32) {
      // the float32 epilogue: f32(v) * scale, + bias (float32 bits), then relu as C++ std::max(f, 0)
      let f0 = f32x4.add(f32x4.mul(f32x4.convert_i32x4_s(v0), s0), b0);
      let f1 = f32x4.add(f32x4.mul(f32x4.convert_i32x4_s(v1), s1), b1);
      let f2 = f32x4.add(f32x4.mul(f32x4.convert_i32x4_s(v2), s2), b2);
      let f3 = f32x4.add(f32x4.mul(f32x4.convert_i32x4_s(v3), s3), b3);
      if (relu) {
        f0 = f32x4.pmax(f0, zf);
        f1 = f32x4.pmax(f1, zf);
        f2 = f32x4.pmax(f2, zf);
        f3 = f32x4.pmax(f3, zf);
      }
      v128.store(d + o, f0, 0);
      v128.store(d + o, f1, 16);
      v128.store(d + o, f2, 32);
      v128.store(d + o, f3, 48);
    } else {
      const r0 = rq4(v0, b0, s0, lov, hiv, rb);
      const r1 = rq4(v1, b1, s1, lov, hiv, rb);
      const r2 = rq4(v2, b2, s2, lov, hiv, rb);
      const r3 = rq4(v3, b3, s3, lov, hiv, rb);
      v128.store(d + <usize>k, packBytes(r0, r1, r2, r3, xv));
    }
  }
  for (; k < len; k++) {
    const o = <usize>k << 2;
    const ch = <usize>(contig ? k : k & laneMask) << 2;
    const w = contig ? srow : splat ? load<i32>(ws + <usize>(k & ~3)) : load<i32>(ws + o);
    if (outF32) {
      let f = <f32>(load<i32>(a0 + o) + load<i32>(ep + ch) * w) * load<f32>(sp + ch) + load<f32>(bp + ch);
      if (relu && f < 0) f = 0;
      store<f32>(d + o, f);
      continue;
    }
    const v = load<i32>(a0 + o) + load<i32>(ep + ch) * w + load<i32>(bp + ch);
    if (out32) {
      store<i32>(d + o, v);
    } else {
      let f = <f32>v * load<f32>(sp + ch);
      f = f < lo ? lo : f;
      f = hi < f ? hi : f;
      store<u8>(d + <usize>k, <u8>((<i32>nearest<f32>(f) + zpu) ^ outXor));
    }
  }
}

/** Elements [s, e) of the window correction (RQ_WIN): acc0 (p0), S (p1) -> dst (bytes or int32). */
function windowTask(ctx: usize, acc0: usize, sums: usize, dst: usize, s: i32, e: i32): void {
  const mode = load<i32>(ctx, RQ_MODE);
  const inner = load<i32>(ctx, RQ_INNER);
  const C = load<i32>(ctx, RQ_C);
  const scales = <usize>load<i32>(ctx, RQ_SCALES);
  const bias = <usize>load<i32>(ctx, RQ_BIAS);
  const shifts = <usize>load<i32>(ctx, RQ_E);
  const smap = <usize>load<i32>(ctx, RQ_SMAP);
  const sch = load<i32>(ctx, RQ_SCH);
  const outKind = load<i32>(ctx, RQ_OUT32);
  const wide = outKind != 0; // 4-byte outputs (int32, float32)
  let i = s;
  if (mode == 1) {
    while (i < e) {
      const row = i / C;
      const j = i - row * C;
      let len = C - j;
      if (len > e - i) len = e - i;
      const o = <usize>i << 2;
      const cj = <usize>j << 2;
      const srow = load<i32>(sums + (<usize>row * <usize>sch << 2));
      const z = i32x4.splat(0);
      winRun(ctx, acc0 + o, 0, dst + (wide ? o : <usize>i), len, z, z, z, shifts + cj, scales + cj, bias + cj, 0, srow, true, outKind, false);
      i += len;
    }
    return;
  }
  const nchw44 = mode == 2;
  const splat = nchw44 && load<i32>(ctx, RQ_SPLAT) != 0;
  const run = nchw44 ? inner << 2 : inner;
  const groups = nchw44 ? C >> 2 : C;
  const laneMask = nchw44 ? 3 : 0;
  while (i < e) {
    const q = i / run;
    const at = i - q * run;
    let len = run - at;
    if (len > e - i) len = e - i;
    const img = q / groups;
    const g = q - img * groups;
    const o = <usize>i << 2;
    const plane = <usize>(img * sch + load<i32>(smap + (<usize>g << 2)));
    // S of the run's first element: planar S (splat) has one int32 per pixel, at / 4
    const ws = splat ? sums + ((plane * <usize>inner + (<usize>at >> 2)) << 2) : sums + ((plane * <usize>run + <usize>at) << 2);
    let ev: v128, sv: v128, bv: v128, ep: usize, sp: usize, bp: usize;
    if (nchw44) {
      ep = shifts + (<usize>g << 4);
      sp = scales + (<usize>g << 4);
      bp = bias + (<usize>g << 4);
      ev = v128.load(ep);
      sv = v128.load(sp);
      bv = v128.load(bp);
    } else {
      ep = shifts + (<usize>g << 2);
      sp = scales + (<usize>g << 2);
      bp = bias + (<usize>g << 2);
      ev = v128.load32_splat(ep);
      sv = v128.load32_splat(sp);
      bv = v128.load32_splat(bp);
    }
    winRun(ctx, acc0 + o, ws, dst + (wide ? o : <usize>i), len, ev, sv, bv, ep, sp, bp, laneMask, 0, false, outKind, splat);
    i += len;
  }
}

/** Task t of RequantizeInt32: acc0 (p0), acc1 (p1, when RQ_K != 0; the window sums when RQ_WIN != 0) -> dst. */
export function requantTask(ctx: usize, acc0: usize, acc1: usize, dst: usize, _i0: i32, _i1: i32, t: i32): void {
  const n = load<i32>(ctx, EL_N);
  const grain = load<i32>(ctx, EL_GRAIN);
  const s = taskStart(n, grain, t);
  if (s < 0) return;
  const e = taskEnd(n, grain, s);
  if (load<i32>(ctx, RQ_WIN) != 0) windowTask(ctx, acc0, acc1, dst, s, e);
  else requantRange(ctx, acc0, acc1, dst, s, e);
  const table = <usize>load<i32>(ctx, RQ_TABLE);
  if (table != 0 && load<i32>(ctx, RQ_OUT32) == 0) {
    for (let i = s; i < e; i++) store<u8>(dst + <usize>i, load<u8>(table + <usize>load<u8>(dst + <usize>i)));
  }
}

/** Elements [s, e) of the plain requantization: acc0 (p0), acc1 (p1, when RQ_K != 0) -> dst bytes. */
function requantRange(ctx: usize, acc0: usize, acc1: usize, dst: usize, s: i32, e: i32): void {
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
