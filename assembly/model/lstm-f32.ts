// Float32 LSTM with constant W and R (and B, P) and the default activations (the host:
// src/model/backends/wasm-float/lstm.ts), in the order of operations of onnxruntime's CPU kernel as the TypeScript
// operator writes it (src/model/backends/host/rnn.ts): per step, the gate pre-activations g = Xt W^T (MLAS's zero
// mode: the first block of k stored, each later block's sum added onto it), then Ht-1 R^T added block by block, each
// block summing its products f(x * w) from 0 in k order; then per hidden unit
//   i = logistic(clip(g_i + c . Pi (+ b_i)));  f = 1 - i or logistic(clip(g_f + c . Pf (+ b_f)));
//   c' = c . f + i . tanh(clip(g_c (+ b_c)));  o = logistic(clip(g_o + c' . Po (+ b_o)));  h = tanh(c') . o
// with MLAS's logistic and tanh (region.ts's logistic4 / tanh4) and onnxruntime's clip: with a bias
// max(-clip, min(clip, g + b)) as C++'s std::min / std::max (pmin / pmax: NaN becomes clip), without one g clamped
// to [-clip, clip] (NaN kept). Plain SIMD128 f32x4 ops, one rounding each, so every build computes the same bits.
// The packed W^T / R^T hold the 4H gate rows as columns, in panels of 16 columns ([GP / 16][K][16]): the lanes are gate
// rows, each summing in k order. The float modes compute Xt W^T for LS_CHUNK steps together (productRows: each panel
// read once for those steps' rows, W read once per chunk instead of once per step; every row's sums are the ones a step
// alone computes) before running them.
//
//   lstmF32Task  Range [dirs, batch]: direction d, batch row b, every time step (forward, or backwards with bit d of
//                LS_REVERSE), from initial_h / initial_c (or zeros); writes Y at each step, Y_h / Y_c at the end
//                (those given). Lanes past H are computed on padding and never stored in the outputs.
//
// Quantized mode (LS_QUANT, com.microsoft DynamicQuantizeLSTM, batch 1; the host: the same file): W and R are 8-bit,
// stored minus their zero point as i16 pairs of k in panels of 16 columns ([GP / 16][KQ / 2][16][2]; X W^T for a
// chunk of steps at a time, as the float modes), and the two products are onnxruntime's quantized GEMM: the input
// (all of X once per task, then h before each step) quantized to uint8 with DynamicQuantizeLinear's scale and zero
// point from its range (range() / quantizeRow()), the exact int32 sums of (a - a_zp)(w - w_zp) (i32x4.dot_i16x8_s on
// pairs of k), then g = f32(sum) * f32(a_scale * w_scale[n]) for Xt W^T and g += f32(sum) * f32(...) for Ht-1 R^T
// (qproduct()). The gates then run as above.
//
// GRU (LS_GRU; gruF32Task, the same Range and record): W and R's z and r rows packed as one matrix of 2H columns, their
// h rows as another of H (onnxruntime packs a constant R that way; each column's sum is its own, so splitting W the same
// way changes no bit). Per step: zr = Xt W_zr^T, hg = Xt W_h^T (zero mode), zr += Ht-1 R_zr^T; per unit
//   r' = (linear_before_reset ? lin : Ht-1) . s(clip(r (+ b_r)))   lin = (Rb_h +) Ht-1 R_h^T (MLAS's accumulate mode
//   onto Rb_h, or zero mode);  without linear_before_reset hg += r' R_h^T (accumulate), with it hg = hg + r';
//   z = logistic(clip(zr_z (+ b_z)));  Ht = (1 - z) . t(clip(hg (+ b_h))) + z . Ht-1
// where s(x) = 0.5 (1 + P(0.5 clamp(x, 20))) and t(x) = P(clamp(x, 10)) take onnxruntime's rational approximation P
// (MLAS's tanh polynomials without its clamp: region.ts's rational4), logistic is MLAS's, and the clips as above.

// the record's offsets: assembly/model/lstm-f32-ctx.ts (generated from tools/model-ctx.mjs)
import {
  LS_H, LS_K, LS_GP, LS_BLOCK_K, LS_SEQ, LS_BATCH, LS_REVERSE, LS_INPUT_FORGET, LS_X_T, LS_X_B, LS_Y_T, LS_Y_D,
  LS_Y_B, LS_S_D, LS_S_B, LS_W, LS_R, LS_BIAS, LS_P, LS_SCRATCH, LS_TASK_FLOATS, LS_H0, LS_C0, LS_Y, LS_YH, LS_YC,
  LS_CLIP, LS_QUANT, LS_KQ, LS_HQ, LS_W_SCALE, LS_R_SCALE, LS_LBR, LS_GPH, LS_WH, LS_RH, LS_CHUNK, LS_QZP,
  LS_QUNSIGNED,
} from './lstm-f32-ctx';
import { logistic4, rational4, tanh4 } from './region';
import { rowOne, rowPair } from './gemm-f32';

/** onnxruntime's clip of a gate: with a bias at `bias` (non-zero) clip_add_bias, else clip_ignore_bias. */
// @ts-ignore: decorator
@inline
function clipped(v: v128, bias: usize, clip: v128, nclip: v128): v128 {
  if (bias != 0) return f32x4.pmax(nclip, f32x4.pmin(clip, f32x4.add(v, v128.load(bias))));
  return f32x4.pmax(f32x4.pmin(v, clip), nclip);
}

/**
 * g[0 .. gp) = (accumulate ? g + : zero mode) a[0 .. k) times the packed b [gp / 16][k][16] (panels of 16 columns),
 * in blocks of bk values of k, a panel at a time.
 */
function product(g: usize, a: usize, b: usize, k: i32, bk: i32, gp: i32, accumulate: bool): void {
  for (let j0 = 0; j0 < gp; j0 += 16) {
    const gj = g + (<usize>j0 << 2);
    rowOne(gj, a, 4, b + ((<usize>j0 * <usize>k) << 2), k, bk, 1, false, accumulate ? gj : 0, 16);
  }
}

/**
 * Rows [0, n) of dst ([n][gp], zero mode) = the input rows x + i * xStep (bytes; k floats each) times the packed b
 * [gp / 16][k][16]: what product() computes for each row alone, bit for bit, with each panel read once for all the
 * rows (two rows at a time) instead of once per row.
 */
function productRows(dst: usize, x: usize, xStep: usize, n: i32, b: usize, k: i32, bk: i32, gp: i32): void {
  const rowBytes = <usize>gp << 2;
  for (let j0 = 0; j0 < gp; j0 += 16) {
    const panel = b + ((<usize>j0 * <usize>k) << 2);
    let i = 0;
    for (; i + 2 <= n; i += 2) {
      const yp = dst + <usize>i * rowBytes + (<usize>j0 << 2);
      rowPair(yp, yp + rowBytes, x + <usize>i * xStep, xStep, 4, panel, k, bk, 1, false, 0, 0, 16);
    }
    // an odd last row: product() over this one panel
    if (i < n) product(dst + <usize>i * rowBytes + (<usize>j0 << 2), x + <usize>i * xStep, panel, k, bk, 16, false);
  }
}

/**
 * DynamicQuantizeLinear's scale and zero point of the n float32 at src, as the host's dynamicQuantParams computes
 * them (src/model/backends/host/quant.ts): the first n - n % 4 values through NaN-propagating vector min / max, the
 * rest through comparisons that skip NaN, the range widened to hold 0; scale f32(f32(max - min) / 255) (1 where
 * max == min), zero point RNE(clamp(0 - min / scale, 0, 255)) (255 for a NaN range). Stored at out (f32 scale, f32 zero
 * point).
 */
function range(src: usize, n: i32, out: usize): void {
  const vec = n & ~3;
  let mn: f32 = 3.4028234663852886e38,
    mx: f32 = -3.4028234663852886e38;
  if (vec > 0) {
    let vmn = v128.load(src),
      vmx = vmn;
    for (let i = 4; i < vec; i += 4) {
      const v = v128.load(src + (<usize>i << 2));
      vmn = f32x4.min(vmn, v);
      vmx = f32x4.max(vmx, v);
    }
    mn = min(min(f32x4.extract_lane(vmn, 0), f32x4.extract_lane(vmn, 1)), min(f32x4.extract_lane(vmn, 2), f32x4.extract_lane(vmn, 3)));
    mx = max(max(f32x4.extract_lane(vmx, 0), f32x4.extract_lane(vmx, 1)), max(f32x4.extract_lane(vmx, 2), f32x4.extract_lane(vmx, 3)));
  }
  for (let i = vec; i < n; i++) {
    const v = load<f32>(src + (<usize>i << 2));
    if (v < mn) mn = v;
    if (v > mx) mx = v;
  }
  mn = <f32>0 < mn ? <f32>0 : mn;
  mx = mx < <f32>0 ? <f32>0 : mx;
  const scale: f32 = mx == mn ? <f32>1 : (mx - mn) / <f32>255;
  const izp: f32 = <f32>0 - mn / scale;
  const hi: f32 = izp < <f32>255 ? izp : <f32>255;
  store<f32>(out, scale);
  store<f32>(out, nearest(<f32>0 < hi ? hi : <f32>0), 4);
}

/**
 * The n float32 at src quantized with (scale, zp) as QuantizeLinear (uint8: RNE(f32(x / scale)) + zp, clamped, NaN
 * to 0), minus zp, as i16 at dst; `even` values written (zeros past n).
 */
function quantizeRow(dst: usize, src: usize, n: i32, even: i32, scale: f32, zp: f32): void {
  const sv = f32x4.splat(scale),
    zv = f32x4.splat(zp),
    lo = f32x4.splat(0),
    hi = f32x4.splat(255);
  const zi = i32x4.splat(<i32>zp);
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    let a = f32x4.add(f32x4.nearest(f32x4.div(v128.load(src + (<usize>i << 2)), sv)), zv);
    let b = f32x4.add(f32x4.nearest(f32x4.div(v128.load(src + (<usize>i << 2), 16), sv)), zv);
    a = f32x4.pmin(f32x4.pmax(a, lo), hi);
    b = f32x4.pmin(f32x4.pmax(b, lo), hi);
    const qa = i32x4.sub(i32x4.trunc_sat_f32x4_s(a), zi),
      qb = i32x4.sub(i32x4.trunc_sat_f32x4_s(b), zi);
    v128.store(dst + (<usize>i << 1), i16x8.narrow_i32x4_s(qa, qb));
  }
  for (; i < n; i++) {
    let v = nearest(load<f32>(src + (<usize>i << 2)) / scale) + zp;
    v = v < <f32>0 ? <f32>0 : v;
    v = <f32>255 < v ? <f32>255 : v;
    // NaN: 0 (as the conversion to an integer gives it)
    store<i16>(dst + (<usize>i << 1), <i16>((isNaN(v) ? 0 : <i32>v) - <i32>zp));
  }
  for (; i < even; i++) store<i16>(dst + (<usize>i << 1), 0);
}

/** 8 stored weights (int8, or uint8 where `u`) at p widened to i16 minus the zero point (i16 lanes of zp). */
// @ts-ignore: decorator
@inline
function weights8(p: usize, u: bool, zp: v128): v128 {
  return i16x8.sub(u ? v128.load8x8_u(p) : v128.load8x8_s(p), zp);
}

/**
 * g[0 .. gp) = (accumulate ? g + : ) f32(sum) * f32(aScale * wScale[n]), sum the int32 dot of the i16 a[0 .. kq) and
 * the packed 8-bit pairs b [gp / 16][kq / 2][16][2] (panels of 16 columns) minus the zero point zp (i16 lanes), int8
 * or (u) uint8, a panel at a time.
 */
function qproduct(
  g: usize,
  a: usize,
  b: usize,
  kq: i32,
  gp: i32,
  aScale: f32,
  wScale: usize,
  accumulate: bool,
  u: bool,
  zp: v128,
): void {
  const zero = i32x4.splat(0);
  const as = f32x4.splat(aScale);
  for (let j0 = 0; j0 < gp; j0 += 16) {
    let s0 = zero,
      s1 = zero,
      s2 = zero,
      s3 = zero;
    let ap = a;
    let bp = b + <usize>j0 * <usize>kq;
    for (let q = 0; q < kq; q += 2) {
      const av = v128.load32_splat(ap);
      s0 = i32x4.add(s0, i32x4.dot_i16x8_s(av, weights8(bp, u, zp)));
      s1 = i32x4.add(s1, i32x4.dot_i16x8_s(av, weights8(bp + 8, u, zp)));
      s2 = i32x4.add(s2, i32x4.dot_i16x8_s(av, weights8(bp + 16, u, zp)));
      s3 = i32x4.add(s3, i32x4.dot_i16x8_s(av, weights8(bp + 24, u, zp)));
      ap += 4;
      bp += 32;
    }
    const gj = g + (<usize>j0 << 2),
      wj = wScale + (<usize>j0 << 2);
    let o0 = f32x4.mul(f32x4.convert_i32x4_s(s0), f32x4.mul(as, v128.load(wj)));
    let o1 = f32x4.mul(f32x4.convert_i32x4_s(s1), f32x4.mul(as, v128.load(wj, 16)));
    let o2 = f32x4.mul(f32x4.convert_i32x4_s(s2), f32x4.mul(as, v128.load(wj, 32)));
    let o3 = f32x4.mul(f32x4.convert_i32x4_s(s3), f32x4.mul(as, v128.load(wj, 48)));
    if (accumulate) {
      o0 = f32x4.add(o0, v128.load(gj));
      o1 = f32x4.add(o1, v128.load(gj, 16));
      o2 = f32x4.add(o2, v128.load(gj, 32));
      o3 = f32x4.add(o3, v128.load(gj, 48));
    }
    v128.store(gj, o0);
    v128.store(gj, o1, 16);
    v128.store(gj, o2, 32);
    v128.store(gj, o3, 48);
  }
}

/**
 * Rows [0, n) of dst ([n][gp]) = f32(sum) * f32(aScale * wScale[n]) of the i16 rows a + i * kq (quantized with one
 * scale) and the packed pairs b: what qproduct() computes for each row alone (zero mode), with each panel read once
 * for all the rows (two at a time).
 */
function qproductRows(
  dst: usize,
  a: usize,
  n: i32,
  b: usize,
  kq: i32,
  gp: i32,
  aScale: f32,
  wScale: usize,
  u: bool,
  zp: v128,
): void {
  const zero = i32x4.splat(0);
  const as = f32x4.splat(aScale);
  const rowBytes = <usize>gp << 2;
  const aStep = <usize>kq << 1;
  for (let j0 = 0; j0 < gp; j0 += 16) {
    const panel = b + <usize>j0 * <usize>kq;
    const wj = wScale + (<usize>j0 << 2);
    const m0 = f32x4.mul(as, v128.load(wj)),
      m1 = f32x4.mul(as, v128.load(wj, 16)),
      m2 = f32x4.mul(as, v128.load(wj, 32)),
      m3 = f32x4.mul(as, v128.load(wj, 48));
    let i = 0;
    for (; i + 2 <= n; i += 2) {
      let ap = a + <usize>i * aStep;
      let aq = ap + aStep;
      let bp = panel;
      let s0 = zero, s1 = zero, s2 = zero, s3 = zero, t0 = zero, t1 = zero, t2 = zero, t3 = zero;
      for (let q = 0; q < kq; q += 2) {
        const b0 = weights8(bp, u, zp);
        const b1 = weights8(bp + 8, u, zp);
        const b2 = weights8(bp + 16, u, zp);
        const b3 = weights8(bp + 24, u, zp);
        const av = v128.load32_splat(ap);
        const aw = v128.load32_splat(aq);
        s0 = i32x4.add(s0, i32x4.dot_i16x8_s(av, b0));
        s1 = i32x4.add(s1, i32x4.dot_i16x8_s(av, b1));
        s2 = i32x4.add(s2, i32x4.dot_i16x8_s(av, b2));
        s3 = i32x4.add(s3, i32x4.dot_i16x8_s(av, b3));
        t0 = i32x4.add(t0, i32x4.dot_i16x8_s(aw, b0));
        t1 = i32x4.add(t1, i32x4.dot_i16x8_s(aw, b1));
        t2 = i32x4.add(t2, i32x4.dot_i16x8_s(aw, b2));
        t3 = i32x4.add(t3, i32x4.dot_i16x8_s(aw, b3));
        ap += 4;
        aq += 4;
        bp += 32;
      }
      const yp = dst + <usize>i * rowBytes + (<usize>j0 << 2);
      const yq = yp + rowBytes;
      v128.store(yp, f32x4.mul(f32x4.convert_i32x4_s(s0), m0));
      v128.store(yp, f32x4.mul(f32x4.convert_i32x4_s(s1), m1), 16);
      v128.store(yp, f32x4.mul(f32x4.convert_i32x4_s(s2), m2), 32);
      v128.store(yp, f32x4.mul(f32x4.convert_i32x4_s(s3), m3), 48);
      v128.store(yq, f32x4.mul(f32x4.convert_i32x4_s(t0), m0));
      v128.store(yq, f32x4.mul(f32x4.convert_i32x4_s(t1), m1), 16);
      v128.store(yq, f32x4.mul(f32x4.convert_i32x4_s(t2), m2), 32);
      v128.store(yq, f32x4.mul(f32x4.convert_i32x4_s(t3), m3), 48);
    }
    // an odd last row: qproduct() over this one panel
    if (i < n) qproduct(dst + <usize>i * rowBytes + (<usize>j0 << 2), a + <usize>i * aStep, panel, kq, 16, aScale, wj, false, u, zp);
  }
}

/** Copies n float32 from src to dst (exactly n written). */
function copyOut(dst: usize, src: usize, n: i32): void {
  let j = 0;
  for (; j + 4 <= n; j += 4) v128.store(dst + (<usize>j << 2), v128.load(src + (<usize>j << 2)));
  for (; j < n; j++) store<f32>(dst + (<usize>j << 2), load<f32>(src + (<usize>j << 2)));
}

/** Reads n float32 from src into dst, or zeros where src is 0. */
function copyIn(dst: usize, src: usize, n: i32): void {
  if (src != 0) copyOut(dst, src, n);
  else memory.fill(dst, 0, <usize>n << 2);
}

export function lstmF32Task(ctx: usize, x: usize, _u: usize, _y: usize, _i0: i32, d: i32, b: i32): void {
  const h = load<i32>(ctx, LS_H);
  const k = load<i32>(ctx, LS_K);
  const gp = load<i32>(ctx, LS_GP);
  const bk = load<i32>(ctx, LS_BLOCK_K);
  const seq = load<i32>(ctx, LS_SEQ);
  const batch = load<i32>(ctx, LS_BATCH);
  const reverse = ((load<i32>(ctx, LS_REVERSE) >> d) & 1) != 0;
  const inputForget = load<i32>(ctx, LS_INPUT_FORGET) != 0;
  const quant = load<i32>(ctx, LS_QUANT) != 0;
  const kq = load<i32>(ctx, LS_KQ),
    hq = load<i32>(ctx, LS_HQ);
  // a direction's packed weights (panels of 16 columns): f32 [GP / 16][K][16] and [GP / 16][H][16], or (quantized)
  // i16 pairs [GP / 16][KQ / 2][16][2] and [GP / 16][HQ / 2][16][2]
  const w = <usize>load<i32>(ctx, LS_W) + ((<usize>d * <usize>(quant ? kq : k) * <usize>gp) << (quant ? 0 : 2));
  const r = <usize>load<i32>(ctx, LS_R) + ((<usize>d * <usize>(quant ? hq : h) * <usize>gp) << (quant ? 0 : 2));
  // quantized mode: the weights' type and this direction's zero points (W, R) as i16 lanes
  const u = load<i32>(ctx, LS_QUNSIGNED) != 0;
  const zps = <usize>load<i32>(ctx, LS_QZP);
  const wzp = i16x8.splat(quant ? <i16>load<i32>(zps + (<usize>d << 3)) : 0);
  const rzp = i16x8.splat(quant ? <i16>load<i32>(zps + (<usize>d << 3), 4) : 0);
  let bias = <usize>load<i32>(ctx, LS_BIAS);
  if (bias != 0) bias += <usize>(d * 4 * h) << 2;
  let peep = <usize>load<i32>(ctx, LS_P);
  if (peep != 0) peep += <usize>(d * 3 * h) << 2;
  const tf = load<i32>(ctx, LS_TASK_FLOATS);
  const g = <usize>load<i32>(ctx, LS_SCRATCH) + ((<usize>(d * batch + b) * <usize>tf) << 2);
  const hs = g + (<usize>(gp + 4) << 2);
  const cs = hs + (<usize>((h + 3) & ~3) << 2);
  const so = <usize>(d * load<i32>(ctx, LS_S_D) + b * load<i32>(ctx, LS_S_B)) << 2;
  const h0 = <usize>load<i32>(ctx, LS_H0);
  const c0 = <usize>load<i32>(ctx, LS_C0);
  copyIn(hs, h0 != 0 ? h0 + so : 0, h);
  copyIn(cs, c0 != 0 ? c0 + so : 0, h);
  const y = <usize>load<i32>(ctx, LS_Y);
  const xT = load<i32>(ctx, LS_X_T),
    xB = load<i32>(ctx, LS_X_B);
  const yT = load<i32>(ctx, LS_Y_T);
  const yDB = d * load<i32>(ctx, LS_Y_D) + b * load<i32>(ctx, LS_Y_B);
  const clip = f32x4.splat(load<f32>(ctx, LS_CLIP));
  const nclip = f32x4.neg(clip);
  const one = f32x4.splat(1);
  // quantized mode: X quantized once ([seq][KQ] i16 after c), h before each step ([HQ] after it), and the
  // (scale, zero point) pairs of X and of h (in the gates' 4 spare floats)
  const xq = cs + (<usize>((h + 3) & ~3) << 2);
  const hqs = xq + ((<usize>seq * <usize>kq) << 1);
  const qp = g + (<usize>gp << 2);
  let xScale: f32 = 0;
  const wScale = quant ? <usize>load<i32>(ctx, LS_W_SCALE) + ((<usize>d * <usize>gp) << 2) : 0;
  const rScale = quant ? <usize>load<i32>(ctx, LS_R_SCALE) + ((<usize>d * <usize>gp) << 2) : 0;
  if (quant) {
    // batch 1: X is seq rows of k, contiguous
    range(x, seq * k, qp);
    xScale = load<f32>(qp);
    const xZp = load<f32>(qp, 4);
    for (let t = 0; t < seq; t++)
      quantizeRow(xq + ((<usize>t * <usize>kq) << 1), x + ((<usize>t * <usize>k) << 2), k, kq, xScale, xZp);
  }
  // byte offsets of the gates o, f, c after gate i
  const go = <usize>h << 2,
    gf = <usize>(2 * h) << 2,
    gc = <usize>(3 * h) << 2;
  // the input products of LS_CHUNK steps at a time, rows [chunk][GP] (time steps lo, lo + 1, ...): after c, or
  // (quantized mode) after the quantized rows
  const chunk = load<i32>(ctx, LS_CHUNK);
  const rows = quant ? xq + ((<usize>((seq * kq + hq + 7) & ~7)) << 1) : cs + (<usize>((h + 3) & ~3) << 2);
  let lo = 0;
  for (let t = 0; t < seq; t++) {
    const tt = reverse ? seq - 1 - t : t;
    if (t % chunk == 0) {
      const n = min(chunk, seq - t);
      lo = reverse ? seq - t - n : t;
      if (quant) qproductRows(rows, xq + ((<usize>lo * <usize>kq) << 1), n, w, kq, gp, xScale, wScale, u, wzp);
      else productRows(rows, x + (<usize>(lo * xT + b * xB) << 2), <usize>xT << 2, n, w, k, bk, gp);
    }
    const gt = rows + ((<usize>(tt - lo) * <usize>gp) << 2);
    if (quant) {
      range(hs, h, qp);
      const hScale = load<f32>(qp);
      quantizeRow(hqs, hs, h, hq, hScale, load<f32>(qp, 4));
      qproduct(gt, hqs, r, hq, gp, hScale, rScale, true, u, rzp);
    } else {
      product(gt, hs, r, h, bk, gp, true);
    }
    for (let j = 0; j < h; j += 4) {
      const jo = <usize>j << 2;
      const cv = v128.load(cs + jo);
      let iv = cv,
        fv = cv,
        cn = cv;
      // s: the gates i, f, c, o in turn (each function's code once: the module stays small), then s = 4: h
      for (let s = 0; s < 5; s++) {
        if (s == 1 && inputForget) {
          fv = f32x4.sub(one, iv);
          continue;
        }
        // the gate's byte offset in g and the biases; its peephole's in P (order i, o, f)
        const off: usize = s == 0 ? <usize>0 : s == 1 ? gf : s == 2 ? gc : go;
        let v = cn;
        if (s < 4) {
          v = v128.load(gt + off + jo);
          if (peep != 0 && s != 2) v = f32x4.add(v, f32x4.mul(s == 3 ? cn : cv, v128.load(peep + off + jo)));
          v = clipped(v, bias != 0 ? bias + off + jo : 0, clip, nclip);
        }
        const a = s == 2 || s == 4 ? tanh4(v) : logistic4(v);
        if (s == 0) iv = a;
        else if (s == 1) fv = a;
        else if (s == 2) {
          cn = f32x4.add(f32x4.mul(cv, fv), f32x4.mul(iv, a));
          v128.store(cs + jo, cn);
        } else if (s == 3) iv = a;
        else v128.store(hs + jo, f32x4.mul(a, iv));
      }
    }
    if (y != 0) copyOut(y + (<usize>(tt * yT + yDB) << 2), hs, h);
  }
  const yh = <usize>load<i32>(ctx, LS_YH);
  const yc = <usize>load<i32>(ctx, LS_YC);
  if (yh != 0) copyOut(yh + so, hs, h);
  if (yc != 0) copyOut(yc + so, cs, h);
}

/** onnxruntime's GRU sigmoid of its rational approximation: 0.5 (1 + P(0.5 clamp(x, 20))). */
// @ts-ignore: decorator
@inline
function gruSigmoid4(x: v128): v128 {
  const half = f32x4.splat(0.5);
  const v = f32x4.pmin(f32x4.pmax(x, f32x4.splat(-20)), f32x4.splat(20));
  return f32x4.mul(half, f32x4.add(f32x4.splat(1), rational4(f32x4.mul(half, v))));
}

export function gruF32Task(ctx: usize, x: usize, _u: usize, _y: usize, _i0: i32, d: i32, b: i32): void {
  const h = load<i32>(ctx, LS_H);
  const k = load<i32>(ctx, LS_K);
  const gp = load<i32>(ctx, LS_GP),
    gph = load<i32>(ctx, LS_GPH);
  const bk = load<i32>(ctx, LS_BLOCK_K);
  const seq = load<i32>(ctx, LS_SEQ);
  const batch = load<i32>(ctx, LS_BATCH);
  const reverse = ((load<i32>(ctx, LS_REVERSE) >> d) & 1) != 0;
  const lbr = load<i32>(ctx, LS_LBR) != 0;
  const hp = (h + 3) & ~3;
  // a direction's packed weights: z and r rows f32 [K][GP] and [H][GP], h rows [K][GPH] and [H][GPH]
  const w = <usize>load<i32>(ctx, LS_W) + ((<usize>d * <usize>k * <usize>gp) << 2);
  const r = <usize>load<i32>(ctx, LS_R) + ((<usize>d * <usize>h * <usize>gp) << 2);
  const wh = <usize>load<i32>(ctx, LS_WH) + ((<usize>d * <usize>k * <usize>gph) << 2);
  const rh = <usize>load<i32>(ctx, LS_RH) + ((<usize>d * <usize>h * <usize>gph) << 2);
  // the biases of z, r, h and R's of h, [4][HP] per direction
  let bias = <usize>load<i32>(ctx, LS_BIAS);
  if (bias != 0) bias += <usize>(d * 4 * hp) << 2;
  const part = <usize>hp << 2;
  const tf = load<i32>(ctx, LS_TASK_FLOATS);
  const zr = <usize>load<i32>(ctx, LS_SCRATCH) + ((<usize>(d * batch + b) * <usize>tf) << 2);
  const hs = zr + (<usize>(gp + 4) << 2);
  const cur = hs + part;
  const hg = cur + part;
  const lin = hg + (<usize>(gph + 4) << 2);
  const so = <usize>(d * load<i32>(ctx, LS_S_D) + b * load<i32>(ctx, LS_S_B)) << 2;
  const h0 = <usize>load<i32>(ctx, LS_H0);
  copyIn(hs, h0 != 0 ? h0 + so : 0, h);
  const y = <usize>load<i32>(ctx, LS_Y);
  const xT = load<i32>(ctx, LS_X_T),
    xB = load<i32>(ctx, LS_X_B);
  const yT = load<i32>(ctx, LS_Y_T);
  const yDB = d * load<i32>(ctx, LS_Y_D) + b * load<i32>(ctx, LS_Y_B);
  const clip = f32x4.splat(load<f32>(ctx, LS_CLIP));
  const nclip = f32x4.neg(clip);
  const one = f32x4.splat(1);
  const ten = f32x4.splat(10);
  const rOff = <usize>h << 2;
  // the input products of LS_CHUNK steps at a time: z and r rows [chunk][GP], then h rows [chunk][GPH], after lin
  const chunk = load<i32>(ctx, LS_CHUNK);
  const zrRows = lin + (<usize>(gph + 4) << 2);
  const hRows = zrRows + ((<usize>chunk * <usize>gp) << 2);
  let lo = 0;
  for (let t = 0; t < seq; t++) {
    const tt = reverse ? seq - 1 - t : t;
    if (t % chunk == 0) {
      const n = min(chunk, seq - t);
      lo = reverse ? seq - t - n : t;
      const xl = x + (<usize>(lo * xT + b * xB) << 2);
      productRows(zrRows, xl, <usize>xT << 2, n, w, k, bk, gp);
      productRows(hRows, xl, <usize>xT << 2, n, wh, k, bk, gph);
    }
    memory.copy(zr, zrRows + ((<usize>(tt - lo) * <usize>gp) << 2), <usize>gp << 2);
    memory.copy(hg, hRows + ((<usize>(tt - lo) * <usize>gph) << 2), <usize>gph << 2);
    product(zr, hs, r, h, bk, gp, true);
    if (lbr) {
      if (bias != 0) memory.copy(lin, bias + 3 * part, part);
      product(lin, hs, rh, h, bk, gph, bias != 0);
    }
    for (let j = 0; j < h; j += 4) {
      const jo = <usize>j << 2;
      const rv = clipped(v128.load(zr + rOff + jo), bias != 0 ? bias + part + jo : 0, clip, nclip);
      v128.store(cur + jo, f32x4.mul(v128.load((lbr ? lin : hs) + jo), gruSigmoid4(rv)));
    }
    if (!lbr) product(hg, cur, rh, h, bk, gph, true);
    for (let j = 0; j < h; j += 4) {
      const jo = <usize>j << 2;
      let hin = v128.load(hg + jo);
      if (lbr) hin = f32x4.add(hin, v128.load(cur + jo));
      const z = logistic4(clipped(v128.load(zr + jo), bias != 0 ? bias + jo : 0, clip, nclip));
      const hv = clipped(hin, bias != 0 ? bias + 2 * part + jo : 0, clip, nclip);
      const g = rational4(f32x4.pmin(f32x4.pmax(hv, f32x4.neg(ten)), ten));
      const keep = f32x4.mul(z, v128.load(hs + jo));
      v128.store(hs + jo, f32x4.add(f32x4.mul(f32x4.sub(one, z), g), keep));
    }
    if (y != 0) copyOut(y + (<usize>(tt * yT + yDB) << 2), hs, h);
  }
  const yh = <usize>load<i32>(ctx, LS_YH);
  if (yh != 0) copyOut(yh + so, hs, h);
}
