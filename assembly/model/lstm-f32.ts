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
// The packed W^T / R^T hold the 4H gate rows as columns: the lanes are gate rows, each summing in k order.
//
//   lstmF32Task  Range [dirs, batch]: direction d, batch row b, every time step (forward, or backwards with bit d of
//                LS_REVERSE), from initial_h / initial_c (or zeros); writes Y at each step, Y_h / Y_c at the end
//                (those given). Lanes past H are computed on padding and never stored in the outputs.

// the record's offsets: assembly/model/lstm-f32-ctx.ts (generated from tools/model-ctx.mjs)
import {
  LS_H, LS_K, LS_GP, LS_BLOCK_K, LS_SEQ, LS_BATCH, LS_REVERSE, LS_INPUT_FORGET, LS_X_T, LS_X_B, LS_Y_T, LS_Y_D,
  LS_Y_B, LS_S_D, LS_S_B, LS_W, LS_R, LS_BIAS, LS_P, LS_SCRATCH, LS_TASK_FLOATS, LS_H0, LS_C0, LS_Y, LS_YH, LS_YC,
  LS_CLIP,
} from './lstm-f32-ctx';
import { logistic4, tanh4 } from './region';

/** onnxruntime's clip of a gate: with a bias at `bias` (non-zero) clip_add_bias, else clip_ignore_bias. */
// @ts-ignore: decorator
@inline
function clipped(v: v128, bias: usize, clip: v128, nclip: v128): v128 {
  if (bias != 0) return f32x4.pmax(nclip, f32x4.pmin(clip, f32x4.add(v, v128.load(bias))));
  return f32x4.pmax(f32x4.pmin(v, clip), nclip);
}

/**
 * g[0 .. gp) = (accumulate ? g + : zero mode) a[0 .. k) times the packed b [k][gp], in blocks of bk values of k,
 * 16 columns at a time.
 */
function product(g: usize, a: usize, b: usize, k: i32, bk: i32, gp: i32, accumulate: bool): void {
  const row = <usize>gp << 2;
  const zero = f32x4.splat(0);
  for (let j0 = 0; j0 < gp; j0 += 16) {
    const gj = g + (<usize>j0 << 2);
    let o0 = zero,
      o1 = zero,
      o2 = zero,
      o3 = zero;
    let started = accumulate;
    if (accumulate) {
      o0 = v128.load(gj);
      o1 = v128.load(gj, 16);
      o2 = v128.load(gj, 32);
      o3 = v128.load(gj, 48);
    }
    for (let k0 = 0; k0 < k; k0 += bk) {
      let k1 = k0 + bk;
      if (k1 > k) k1 = k;
      let s0 = zero,
        s1 = zero,
        s2 = zero,
        s3 = zero;
      let ap = a + (<usize>k0 << 2);
      let bp = b + <usize>k0 * row + (<usize>j0 << 2);
      for (let q = k0; q < k1; q++) {
        const av = v128.load32_splat(ap);
        s0 = f32x4.add(s0, f32x4.mul(av, v128.load(bp)));
        s1 = f32x4.add(s1, f32x4.mul(av, v128.load(bp, 16)));
        s2 = f32x4.add(s2, f32x4.mul(av, v128.load(bp, 32)));
        s3 = f32x4.add(s3, f32x4.mul(av, v128.load(bp, 48)));
        ap += 4;
        bp += row;
      }
      if (started) {
        o0 = f32x4.add(s0, o0);
        o1 = f32x4.add(s1, o1);
        o2 = f32x4.add(s2, o2);
        o3 = f32x4.add(s3, o3);
      } else {
        o0 = s0;
        o1 = s1;
        o2 = s2;
        o3 = s3;
        started = true;
      }
    }
    v128.store(gj, o0);
    v128.store(gj, o1, 16);
    v128.store(gj, o2, 32);
    v128.store(gj, o3, 48);
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
  const w = <usize>load<i32>(ctx, LS_W) + ((<usize>d * <usize>k * <usize>gp) << 2);
  const r = <usize>load<i32>(ctx, LS_R) + ((<usize>d * <usize>h * <usize>gp) << 2);
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
  // byte offsets of the gates o, f, c after gate i
  const go = <usize>h << 2,
    gf = <usize>(2 * h) << 2,
    gc = <usize>(3 * h) << 2;
  for (let t = 0; t < seq; t++) {
    const tt = reverse ? seq - 1 - t : t;
    product(g, x + (<usize>(tt * xT + b * xB) << 2), w, k, bk, gp, false);
    product(g, hs, r, h, bk, gp, true);
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
          v = v128.load(g + off + jo);
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
