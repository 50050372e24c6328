// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit

// NCHW44 dot row kernels, one per (filter width, stride, tile). See tools/gen-conv-kernels.mjs for the packed
// layouts they read. The accumulators of the whole row are stored to `scratch` ([block][pixel]) and finished
// (bias, activation, requantization, store of the valid pixels only) by one finishTile call.
import { finishTile } from '../common/finish';

export function conv_nchw44_dot_f2s1_oc8x4tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f2s1_oc8x4tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f2s1_oc8x4tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f2s1_oc8x4tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f2s1_oc8x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  if (ow > owMain) conv_nchw44_dot_f2s1_oc8x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f2s1_oc8x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f2s1_oc8x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f2s1_oc4x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f2s1_oc4x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f2s1_oc4x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f2s1_oc4x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f2s1_oc8x4t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc12x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const w2l = v128.load(wp, 64);
          const w2h = v128.load(wp, 80);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
          wp += 96;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc8x7t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let a1_6 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          const p4l = v128.load32_splat(xt, 32);
          const p4h = v128.load32_splat(xt, 36);
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0l, p4l));
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0h, p4h));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1l, p4l));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1h, p4h));
          const p5l = v128.load32_splat(xt, 40);
          const p5h = v128.load32_splat(xt, 44);
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0l, p5l));
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0h, p5h));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1l, p5l));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1h, p5h));
          const p6l = v128.load32_splat(xt, 48);
          const p6h = v128.load32_splat(xt, 52);
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0l, p6l));
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0h, p6h));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1l, p6l));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1h, p6h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
    v128.store(sp + <usize>(1 * row16 + 96), a1_6);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc8x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc8x4__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 128;
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      {
        const w0l = v128.load(wp, 0);
        const w0h = v128.load(wp, 16);
        const w1l = v128.load(wp, 32);
        const w1h = v128.load(wp, 48);
        const p0l = v128.load32_splat(xr, 0);
        const p0h = v128.load32_splat(xr, 4);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
        const p1l = v128.load32_splat(xr, 8);
        const p1h = v128.load32_splat(xr, 12);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
        const p2l = v128.load32_splat(xr, 16);
        const p2h = v128.load32_splat(xr, 20);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
        const p3l = v128.load32_splat(xr, 24);
        const p3h = v128.load32_splat(xr, 28);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      }
      {
        const w0l = v128.load(wp, 64);
        const w0h = v128.load(wp, 80);
        const w1l = v128.load(wp, 96);
        const w1h = v128.load(wp, 112);
        const p0l = v128.load32_splat(xr, 8);
        const p0h = v128.load32_splat(xr, 12);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
        const p1l = v128.load32_splat(xr, 16);
        const p1h = v128.load32_splat(xr, 20);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
        const p2l = v128.load32_splat(xr, 24);
        const p2h = v128.load32_splat(xr, 28);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
        const p3l = v128.load32_splat(xr, 32);
        const p3h = v128.load32_splat(xr, 36);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      }
      xr += xRowStride;
      {
        const w0l = v128.load(wp, 128);
        const w0h = v128.load(wp, 144);
        const w1l = v128.load(wp, 160);
        const w1h = v128.load(wp, 176);
        const p0l = v128.load32_splat(xr, 0);
        const p0h = v128.load32_splat(xr, 4);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
        const p1l = v128.load32_splat(xr, 8);
        const p1h = v128.load32_splat(xr, 12);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
        const p2l = v128.load32_splat(xr, 16);
        const p2h = v128.load32_splat(xr, 20);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
        const p3l = v128.load32_splat(xr, 24);
        const p3h = v128.load32_splat(xr, 28);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      }
      {
        const w0l = v128.load(wp, 192);
        const w0h = v128.load(wp, 208);
        const w1l = v128.load(wp, 224);
        const w1h = v128.load(wp, 240);
        const p0l = v128.load32_splat(xr, 8);
        const p0h = v128.load32_splat(xr, 12);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
        const p1l = v128.load32_splat(xr, 16);
        const p1h = v128.load32_splat(xr, 20);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
        const p2l = v128.load32_splat(xr, 24);
        const p2h = v128.load32_splat(xr, 28);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
        const p3l = v128.load32_splat(xr, 32);
        const p3h = v128.load32_splat(xr, 36);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      }
      wp += 256;
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc8x3t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 2) / 3) * 3;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc8x4tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f2s2_oc8x4tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f2s2_oc8x4tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f2s2_oc8x4tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f2s2_oc8x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  if (ow > owMain) conv_nchw44_dot_f2s2_oc8x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f2s2_oc8x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f2s2_oc8x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f2s2_oc4x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f2s2_oc4x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f2s2_oc4x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f2s2_oc4x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f2s2_oc8x4t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc12x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const w2l = v128.load(wp, 64);
          const w2h = v128.load(wp, 80);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
          wp += 96;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc8x7t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let a1_6 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          const p4l = v128.load32_splat(xt, 64);
          const p4h = v128.load32_splat(xt, 68);
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0l, p4l));
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0h, p4h));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1l, p4l));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1h, p4h));
          const p5l = v128.load32_splat(xt, 80);
          const p5h = v128.load32_splat(xt, 84);
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0l, p5l));
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0h, p5h));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1l, p5l));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1h, p5h));
          const p6l = v128.load32_splat(xt, 96);
          const p6h = v128.load32_splat(xt, 100);
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0l, p6l));
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0h, p6h));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1l, p6l));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1h, p6h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
    v128.store(sp + <usize>(1 * row16 + 96), a1_6);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc8x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc8x4__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 128;
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      {
        const w0l = v128.load(wp, 0);
        const w0h = v128.load(wp, 16);
        const w1l = v128.load(wp, 32);
        const w1h = v128.load(wp, 48);
        const p0l = v128.load32_splat(xr, 0);
        const p0h = v128.load32_splat(xr, 4);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
        const p1l = v128.load32_splat(xr, 16);
        const p1h = v128.load32_splat(xr, 20);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
        const p2l = v128.load32_splat(xr, 32);
        const p2h = v128.load32_splat(xr, 36);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
        const p3l = v128.load32_splat(xr, 48);
        const p3h = v128.load32_splat(xr, 52);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      }
      {
        const w0l = v128.load(wp, 64);
        const w0h = v128.load(wp, 80);
        const w1l = v128.load(wp, 96);
        const w1h = v128.load(wp, 112);
        const p0l = v128.load32_splat(xr, 8);
        const p0h = v128.load32_splat(xr, 12);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
        const p1l = v128.load32_splat(xr, 24);
        const p1h = v128.load32_splat(xr, 28);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
        const p2l = v128.load32_splat(xr, 40);
        const p2h = v128.load32_splat(xr, 44);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
        const p3l = v128.load32_splat(xr, 56);
        const p3h = v128.load32_splat(xr, 60);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      }
      xr += xRowStride;
      {
        const w0l = v128.load(wp, 128);
        const w0h = v128.load(wp, 144);
        const w1l = v128.load(wp, 160);
        const w1h = v128.load(wp, 176);
        const p0l = v128.load32_splat(xr, 0);
        const p0h = v128.load32_splat(xr, 4);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
        const p1l = v128.load32_splat(xr, 16);
        const p1h = v128.load32_splat(xr, 20);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
        const p2l = v128.load32_splat(xr, 32);
        const p2h = v128.load32_splat(xr, 36);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
        const p3l = v128.load32_splat(xr, 48);
        const p3h = v128.load32_splat(xr, 52);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      }
      {
        const w0l = v128.load(wp, 192);
        const w0h = v128.load(wp, 208);
        const w1l = v128.load(wp, 224);
        const w1h = v128.load(wp, 240);
        const p0l = v128.load32_splat(xr, 8);
        const p0h = v128.load32_splat(xr, 12);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
        const p1l = v128.load32_splat(xr, 24);
        const p1h = v128.load32_splat(xr, 28);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
        const p2l = v128.load32_splat(xr, 40);
        const p2h = v128.load32_splat(xr, 44);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
        const p3l = v128.load32_splat(xr, 56);
        const p3h = v128.load32_splat(xr, 60);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      }
      wp += 256;
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc8x3t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 2) / 3) * 3;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc8x4tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f3s1_oc8x4tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f3s1_oc8x4tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s1_oc8x4tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f3s1_oc8x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  if (ow > owMain) conv_nchw44_dot_f3s1_oc8x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f3s1_oc8x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s1_oc8x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f3s1_oc4x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f3s1_oc4x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f3s1_oc4x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s1_oc4x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f3s1_oc8x4tr_w8__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const w1l = v128.load8x8_s(wp, 16);
          const w1h = v128.load8x8_s(wp, 24);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f3s1_oc8x4tr_w8__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f3s1_oc8x4tr_w8__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s1_oc8x4tr_w8__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const w1l = v128.load8x8_s(wp, 16);
          const w1h = v128.load8x8_s(wp, 24);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const w1l = v128.load8x8_s(wp, 16);
          const w1h = v128.load8x8_s(wp, 24);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const w1l = v128.load8x8_s(wp, 16);
          const w1h = v128.load8x8_s(wp, 24);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f3s1_oc4x2tr_w8__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 16;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f3s1_oc4x2tr_w8__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f3s1_oc4x2tr_w8__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s1_oc4x2tr_w8__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 16;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f3s1_oc8x4t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc12x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const w2l = v128.load(wp, 64);
          const w2h = v128.load(wp, 80);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
          wp += 96;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc8x7t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let a1_6 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          const p4l = v128.load32_splat(xt, 32);
          const p4h = v128.load32_splat(xt, 36);
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0l, p4l));
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0h, p4h));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1l, p4l));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1h, p4h));
          const p5l = v128.load32_splat(xt, 40);
          const p5h = v128.load32_splat(xt, 44);
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0l, p5l));
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0h, p5h));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1l, p5l));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1h, p5h));
          const p6l = v128.load32_splat(xt, 48);
          const p6h = v128.load32_splat(xt, 52);
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0l, p6l));
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0h, p6h));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1l, p6l));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1h, p6h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
    v128.store(sp + <usize>(1 * row16 + 96), a1_6);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc8x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc8x4__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 192;
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xr, 0);
          const p0h = v128.load32_splat(xr, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 8);
          const p1h = v128.load32_splat(xr, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 16);
          const p2h = v128.load32_splat(xr, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 24);
          const p3h = v128.load32_splat(xr, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 64);
          const w0h = v128.load(wp, 80);
          const w1l = v128.load(wp, 96);
          const w1h = v128.load(wp, 112);
          const p0l = v128.load32_splat(xr, 8);
          const p0h = v128.load32_splat(xr, 12);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 16);
          const p1h = v128.load32_splat(xr, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 24);
          const p2h = v128.load32_splat(xr, 28);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 32);
          const p3h = v128.load32_splat(xr, 36);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 128);
          const w0h = v128.load(wp, 144);
          const w1l = v128.load(wp, 160);
          const w1h = v128.load(wp, 176);
          const p0l = v128.load32_splat(xr, 16);
          const p0h = v128.load32_splat(xr, 20);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 24);
          const p1h = v128.load32_splat(xr, 28);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 32);
          const p2h = v128.load32_splat(xr, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 40);
          const p3h = v128.load32_splat(xr, 44);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc8x3t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 2) / 3) * 3;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc8x4tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f3s2_oc8x4tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f3s2_oc8x4tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s2_oc8x4tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f3s2_oc8x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  if (ow > owMain) conv_nchw44_dot_f3s2_oc8x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f3s2_oc8x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s2_oc8x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f3s2_oc4x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f3s2_oc4x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f3s2_oc4x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s2_oc4x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f3s2_oc8x4tr_w8__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const w1l = v128.load8x8_s(wp, 16);
          const w1h = v128.load8x8_s(wp, 24);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f3s2_oc8x4tr_w8__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f3s2_oc8x4tr_w8__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s2_oc8x4tr_w8__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const w1l = v128.load8x8_s(wp, 16);
          const w1h = v128.load8x8_s(wp, 24);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const w1l = v128.load8x8_s(wp, 16);
          const w1h = v128.load8x8_s(wp, 24);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const w1l = v128.load8x8_s(wp, 16);
          const w1h = v128.load8x8_s(wp, 24);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f3s2_oc4x2tr_w8__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 16;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f3s2_oc4x2tr_w8__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f3s2_oc4x2tr_w8__wasmsimd, from column ow0. */
function conv_nchw44_dot_f3s2_oc4x2tr_w8__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load8x8_s(wp, 0);
          const w0h = v128.load8x8_s(wp, 8);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 16;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f3s2_oc8x4t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc12x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const w2l = v128.load(wp, 64);
          const w2h = v128.load(wp, 80);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
          wp += 96;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc8x7t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let a1_6 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          const p4l = v128.load32_splat(xt, 64);
          const p4h = v128.load32_splat(xt, 68);
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0l, p4l));
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0h, p4h));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1l, p4l));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1h, p4h));
          const p5l = v128.load32_splat(xt, 80);
          const p5h = v128.load32_splat(xt, 84);
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0l, p5l));
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0h, p5h));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1l, p5l));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1h, p5h));
          const p6l = v128.load32_splat(xt, 96);
          const p6h = v128.load32_splat(xt, 100);
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0l, p6l));
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0h, p6h));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1l, p6l));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1h, p6h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
    v128.store(sp + <usize>(1 * row16 + 96), a1_6);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc8x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc8x4__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 192;
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xr, 0);
          const p0h = v128.load32_splat(xr, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 16);
          const p1h = v128.load32_splat(xr, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 32);
          const p2h = v128.load32_splat(xr, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 48);
          const p3h = v128.load32_splat(xr, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 64);
          const w0h = v128.load(wp, 80);
          const w1l = v128.load(wp, 96);
          const w1h = v128.load(wp, 112);
          const p0l = v128.load32_splat(xr, 8);
          const p0h = v128.load32_splat(xr, 12);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 24);
          const p1h = v128.load32_splat(xr, 28);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 40);
          const p2h = v128.load32_splat(xr, 44);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 56);
          const p3h = v128.load32_splat(xr, 60);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 128);
          const w0h = v128.load(wp, 144);
          const w1l = v128.load(wp, 160);
          const w1h = v128.load(wp, 176);
          const p0l = v128.load32_splat(xr, 16);
          const p0h = v128.load32_splat(xr, 20);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 32);
          const p1h = v128.load32_splat(xr, 36);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 48);
          const p2h = v128.load32_splat(xr, 52);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 64);
          const p3h = v128.load32_splat(xr, 68);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc8x3t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 2) / 3) * 3;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc8x4tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f5s1_oc8x4tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f5s1_oc8x4tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f5s1_oc8x4tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f5s1_oc8x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  if (ow > owMain) conv_nchw44_dot_f5s1_oc8x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f5s1_oc8x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f5s1_oc8x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f5s1_oc4x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f5s1_oc4x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f5s1_oc4x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f5s1_oc4x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f5s1_oc8x4t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc12x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const w2l = v128.load(wp, 64);
          const w2h = v128.load(wp, 80);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
          wp += 96;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc8x7t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let a1_6 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          const p4l = v128.load32_splat(xt, 32);
          const p4h = v128.load32_splat(xt, 36);
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0l, p4l));
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0h, p4h));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1l, p4l));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1h, p4h));
          const p5l = v128.load32_splat(xt, 40);
          const p5h = v128.load32_splat(xt, 44);
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0l, p5l));
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0h, p5h));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1l, p5l));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1h, p5h));
          const p6l = v128.load32_splat(xt, 48);
          const p6h = v128.load32_splat(xt, 52);
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0l, p6l));
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0h, p6h));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1l, p6l));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1h, p6h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
    v128.store(sp + <usize>(1 * row16 + 96), a1_6);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc8x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc8x4__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 320;
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xr, 0);
          const p0h = v128.load32_splat(xr, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 8);
          const p1h = v128.load32_splat(xr, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 16);
          const p2h = v128.load32_splat(xr, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 24);
          const p3h = v128.load32_splat(xr, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 64);
          const w0h = v128.load(wp, 80);
          const w1l = v128.load(wp, 96);
          const w1h = v128.load(wp, 112);
          const p0l = v128.load32_splat(xr, 8);
          const p0h = v128.load32_splat(xr, 12);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 16);
          const p1h = v128.load32_splat(xr, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 24);
          const p2h = v128.load32_splat(xr, 28);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 32);
          const p3h = v128.load32_splat(xr, 36);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 128);
          const w0h = v128.load(wp, 144);
          const w1l = v128.load(wp, 160);
          const w1h = v128.load(wp, 176);
          const p0l = v128.load32_splat(xr, 16);
          const p0h = v128.load32_splat(xr, 20);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 24);
          const p1h = v128.load32_splat(xr, 28);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 32);
          const p2h = v128.load32_splat(xr, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 40);
          const p3h = v128.load32_splat(xr, 44);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 192);
          const w0h = v128.load(wp, 208);
          const w1l = v128.load(wp, 224);
          const w1h = v128.load(wp, 240);
          const p0l = v128.load32_splat(xr, 24);
          const p0h = v128.load32_splat(xr, 28);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 32);
          const p1h = v128.load32_splat(xr, 36);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 40);
          const p2h = v128.load32_splat(xr, 44);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 48);
          const p3h = v128.load32_splat(xr, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 256);
          const w0h = v128.load(wp, 272);
          const w1l = v128.load(wp, 288);
          const w1h = v128.load(wp, 304);
          const p0l = v128.load32_splat(xr, 32);
          const p0h = v128.load32_splat(xr, 36);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 40);
          const p1h = v128.load32_splat(xr, 44);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 48);
          const p2h = v128.load32_splat(xr, 52);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 56);
          const p3h = v128.load32_splat(xr, 60);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc8x3t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 2) / 3) * 3;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc8x4tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f5s2_oc8x4tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f5s2_oc8x4tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f5s2_oc8x4tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f5s2_oc8x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  if (ow > owMain) conv_nchw44_dot_f5s2_oc8x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f5s2_oc8x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f5s2_oc8x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f5s2_oc4x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f5s2_oc4x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f5s2_oc4x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f5s2_oc4x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f5s2_oc8x4t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc12x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const w2l = v128.load(wp, 64);
          const w2h = v128.load(wp, 80);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
          wp += 96;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc8x7t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let a1_6 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          const p4l = v128.load32_splat(xt, 64);
          const p4h = v128.load32_splat(xt, 68);
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0l, p4l));
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0h, p4h));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1l, p4l));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1h, p4h));
          const p5l = v128.load32_splat(xt, 80);
          const p5h = v128.load32_splat(xt, 84);
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0l, p5l));
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0h, p5h));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1l, p5l));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1h, p5h));
          const p6l = v128.load32_splat(xt, 96);
          const p6h = v128.load32_splat(xt, 100);
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0l, p6l));
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0h, p6h));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1l, p6l));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1h, p6h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
    v128.store(sp + <usize>(1 * row16 + 96), a1_6);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc8x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc8x4__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 320;
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xr, 0);
          const p0h = v128.load32_splat(xr, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 16);
          const p1h = v128.load32_splat(xr, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 32);
          const p2h = v128.load32_splat(xr, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 48);
          const p3h = v128.load32_splat(xr, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 64);
          const w0h = v128.load(wp, 80);
          const w1l = v128.load(wp, 96);
          const w1h = v128.load(wp, 112);
          const p0l = v128.load32_splat(xr, 8);
          const p0h = v128.load32_splat(xr, 12);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 24);
          const p1h = v128.load32_splat(xr, 28);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 40);
          const p2h = v128.load32_splat(xr, 44);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 56);
          const p3h = v128.load32_splat(xr, 60);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 128);
          const w0h = v128.load(wp, 144);
          const w1l = v128.load(wp, 160);
          const w1h = v128.load(wp, 176);
          const p0l = v128.load32_splat(xr, 16);
          const p0h = v128.load32_splat(xr, 20);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 32);
          const p1h = v128.load32_splat(xr, 36);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 48);
          const p2h = v128.load32_splat(xr, 52);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 64);
          const p3h = v128.load32_splat(xr, 68);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 192);
          const w0h = v128.load(wp, 208);
          const w1l = v128.load(wp, 224);
          const w1h = v128.load(wp, 240);
          const p0l = v128.load32_splat(xr, 24);
          const p0h = v128.load32_splat(xr, 28);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 40);
          const p1h = v128.load32_splat(xr, 44);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 56);
          const p2h = v128.load32_splat(xr, 60);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 72);
          const p3h = v128.load32_splat(xr, 76);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 256);
          const w0h = v128.load(wp, 272);
          const w1l = v128.load(wp, 288);
          const w1h = v128.load(wp, 304);
          const p0l = v128.load32_splat(xr, 32);
          const p0h = v128.load32_splat(xr, 36);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 48);
          const p1h = v128.load32_splat(xr, 52);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 64);
          const p2h = v128.load32_splat(xr, 68);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 80);
          const p3h = v128.load32_splat(xr, 84);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc8x3t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 2) / 3) * 3;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc8x4tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f7s1_oc8x4tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f7s1_oc8x4tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f7s1_oc8x4tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f7s1_oc8x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  if (ow > owMain) conv_nchw44_dot_f7s1_oc8x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f7s1_oc8x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f7s1_oc8x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f7s1_oc4x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f7s1_oc4x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f7s1_oc4x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f7s1_oc4x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f7s1_oc8x4t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc12x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const w2l = v128.load(wp, 64);
          const w2h = v128.load(wp, 80);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
          wp += 96;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc8x7t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let a1_6 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 24);
          const p3h = v128.load32_splat(xt, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          const p4l = v128.load32_splat(xt, 32);
          const p4h = v128.load32_splat(xt, 36);
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0l, p4l));
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0h, p4h));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1l, p4l));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1h, p4h));
          const p5l = v128.load32_splat(xt, 40);
          const p5h = v128.load32_splat(xt, 44);
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0l, p5l));
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0h, p5h));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1l, p5l));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1h, p5h));
          const p6l = v128.load32_splat(xt, 48);
          const p6h = v128.load32_splat(xt, 52);
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0l, p6l));
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0h, p6h));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1l, p6l));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1h, p6h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
    v128.store(sp + <usize>(1 * row16 + 96), a1_6);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc8x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc8x4__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 448;
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xr, 0);
          const p0h = v128.load32_splat(xr, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 8);
          const p1h = v128.load32_splat(xr, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 16);
          const p2h = v128.load32_splat(xr, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 24);
          const p3h = v128.load32_splat(xr, 28);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 64);
          const w0h = v128.load(wp, 80);
          const w1l = v128.load(wp, 96);
          const w1h = v128.load(wp, 112);
          const p0l = v128.load32_splat(xr, 8);
          const p0h = v128.load32_splat(xr, 12);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 16);
          const p1h = v128.load32_splat(xr, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 24);
          const p2h = v128.load32_splat(xr, 28);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 32);
          const p3h = v128.load32_splat(xr, 36);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 128);
          const w0h = v128.load(wp, 144);
          const w1l = v128.load(wp, 160);
          const w1h = v128.load(wp, 176);
          const p0l = v128.load32_splat(xr, 16);
          const p0h = v128.load32_splat(xr, 20);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 24);
          const p1h = v128.load32_splat(xr, 28);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 32);
          const p2h = v128.load32_splat(xr, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 40);
          const p3h = v128.load32_splat(xr, 44);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 192);
          const w0h = v128.load(wp, 208);
          const w1l = v128.load(wp, 224);
          const w1h = v128.load(wp, 240);
          const p0l = v128.load32_splat(xr, 24);
          const p0h = v128.load32_splat(xr, 28);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 32);
          const p1h = v128.load32_splat(xr, 36);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 40);
          const p2h = v128.load32_splat(xr, 44);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 48);
          const p3h = v128.load32_splat(xr, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 256);
          const w0h = v128.load(wp, 272);
          const w1l = v128.load(wp, 288);
          const w1h = v128.load(wp, 304);
          const p0l = v128.load32_splat(xr, 32);
          const p0h = v128.load32_splat(xr, 36);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 40);
          const p1h = v128.load32_splat(xr, 44);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 48);
          const p2h = v128.load32_splat(xr, 52);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 56);
          const p3h = v128.load32_splat(xr, 60);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 320);
          const w0h = v128.load(wp, 336);
          const w1l = v128.load(wp, 352);
          const w1h = v128.load(wp, 368);
          const p0l = v128.load32_splat(xr, 40);
          const p0h = v128.load32_splat(xr, 44);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 48);
          const p1h = v128.load32_splat(xr, 52);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 56);
          const p2h = v128.load32_splat(xr, 60);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 64);
          const p3h = v128.load32_splat(xr, 68);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 384);
          const w0h = v128.load(wp, 400);
          const w1l = v128.load(wp, 416);
          const w1h = v128.load(wp, 432);
          const p0l = v128.load32_splat(xr, 48);
          const p0h = v128.load32_splat(xr, 52);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 56);
          const p1h = v128.load32_splat(xr, 60);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 64);
          const p2h = v128.load32_splat(xr, 68);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 72);
          const p3h = v128.load32_splat(xr, 76);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc8x3t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 2) / 3) * 3;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 8);
          const p1h = v128.load32_splat(xt, 12);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 16);
          const p2h = v128.load32_splat(xt, 20);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc8x4tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 4) * 4;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  if (ow > owMain) conv_nchw44_dot_f7s2_oc8x4tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..3) pixels of a row of conv_nchw44_dot_f7s2_oc8x4tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f7s2_oc8x4tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f7s2_oc8x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  if (ow > owMain) conv_nchw44_dot_f7s2_oc8x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f7s2_oc8x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f7s2_oc8x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a1_0 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
  }
}

export function conv_nchw44_dot_f7s2_oc4x2tr__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 2) * 2;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
  }
  if (ow > owMain) conv_nchw44_dot_f7s2_oc4x2tr__wasmsimd_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..1) pixels of a row of conv_nchw44_dot_f7s2_oc4x2tr__wasmsimd, from column ow0. */
function conv_nchw44_dot_f7s2_oc4x2tr__wasmsimd_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          wp += 32;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
  }
}

export function conv_nchw44_dot_f7s2_oc8x4t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc12x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const w2l = v128.load(wp, 64);
          const w2h = v128.load(wp, 80);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
          a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
          a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
          wp += 96;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc8x7t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let a1_6 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xt, 48);
          const p3h = v128.load32_splat(xt, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
          const p4l = v128.load32_splat(xt, 64);
          const p4h = v128.load32_splat(xt, 68);
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0l, p4l));
          a0_4 = i32x4.add(a0_4, i32x4.dot_i16x8_s(w0h, p4h));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1l, p4l));
          a1_4 = i32x4.add(a1_4, i32x4.dot_i16x8_s(w1h, p4h));
          const p5l = v128.load32_splat(xt, 80);
          const p5h = v128.load32_splat(xt, 84);
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0l, p5l));
          a0_5 = i32x4.add(a0_5, i32x4.dot_i16x8_s(w0h, p5h));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1l, p5l));
          a1_5 = i32x4.add(a1_5, i32x4.dot_i16x8_s(w1h, p5h));
          const p6l = v128.load32_splat(xt, 96);
          const p6h = v128.load32_splat(xt, 100);
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0l, p6l));
          a0_6 = i32x4.add(a0_6, i32x4.dot_i16x8_s(w0h, p6h));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1l, p6l));
          a1_6 = i32x4.add(a1_6, i32x4.dot_i16x8_s(w1h, p6h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
    v128.store(sp + <usize>(1 * row16 + 96), a1_6);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc8x2t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 1) / 2) * 2;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc8x4__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 448;
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xr, 0);
          const p0h = v128.load32_splat(xr, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 16);
          const p1h = v128.load32_splat(xr, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 32);
          const p2h = v128.load32_splat(xr, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 48);
          const p3h = v128.load32_splat(xr, 52);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 64);
          const w0h = v128.load(wp, 80);
          const w1l = v128.load(wp, 96);
          const w1h = v128.load(wp, 112);
          const p0l = v128.load32_splat(xr, 8);
          const p0h = v128.load32_splat(xr, 12);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 24);
          const p1h = v128.load32_splat(xr, 28);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 40);
          const p2h = v128.load32_splat(xr, 44);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 56);
          const p3h = v128.load32_splat(xr, 60);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 128);
          const w0h = v128.load(wp, 144);
          const w1l = v128.load(wp, 160);
          const w1h = v128.load(wp, 176);
          const p0l = v128.load32_splat(xr, 16);
          const p0h = v128.load32_splat(xr, 20);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 32);
          const p1h = v128.load32_splat(xr, 36);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 48);
          const p2h = v128.load32_splat(xr, 52);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 64);
          const p3h = v128.load32_splat(xr, 68);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 192);
          const w0h = v128.load(wp, 208);
          const w1l = v128.load(wp, 224);
          const w1h = v128.load(wp, 240);
          const p0l = v128.load32_splat(xr, 24);
          const p0h = v128.load32_splat(xr, 28);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 40);
          const p1h = v128.load32_splat(xr, 44);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 56);
          const p2h = v128.load32_splat(xr, 60);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 72);
          const p3h = v128.load32_splat(xr, 76);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 256);
          const w0h = v128.load(wp, 272);
          const w1l = v128.load(wp, 288);
          const w1h = v128.load(wp, 304);
          const p0l = v128.load32_splat(xr, 32);
          const p0h = v128.load32_splat(xr, 36);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 48);
          const p1h = v128.load32_splat(xr, 52);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 64);
          const p2h = v128.load32_splat(xr, 68);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 80);
          const p3h = v128.load32_splat(xr, 84);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 320);
          const w0h = v128.load(wp, 336);
          const w1l = v128.load(wp, 352);
          const w1h = v128.load(wp, 368);
          const p0l = v128.load32_splat(xr, 40);
          const p0h = v128.load32_splat(xr, 44);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 56);
          const p1h = v128.load32_splat(xr, 60);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 72);
          const p2h = v128.load32_splat(xr, 76);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 88);
          const p3h = v128.load32_splat(xr, 92);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        {
          const w0l = v128.load(wp, 384);
          const w0h = v128.load(wp, 400);
          const w1l = v128.load(wp, 416);
          const w1h = v128.load(wp, 432);
          const p0l = v128.load32_splat(xr, 48);
          const p0h = v128.load32_splat(xr, 52);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xr, 64);
          const p1h = v128.load32_splat(xr, 68);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xr, 80);
          const p2h = v128.load32_splat(xr, 84);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          const p3l = v128.load32_splat(xr, 96);
          const p3h = v128.load32_splat(xr, 100);
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
          a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
          a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc8x3t__wasmsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 2) / 3) * 3;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 16);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0l = v128.load(wp, 0);
          const w0h = v128.load(wp, 16);
          const w1l = v128.load(wp, 32);
          const w1h = v128.load(wp, 48);
          const p0l = v128.load32_splat(xt, 0);
          const p0h = v128.load32_splat(xt, 4);
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
          a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
          a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
          const p1l = v128.load32_splat(xt, 16);
          const p1h = v128.load32_splat(xt, 20);
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
          a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
          a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
          const p2l = v128.load32_splat(xt, 32);
          const p2h = v128.load32_splat(xt, 36);
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
          a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
          a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
          wp += 64;
          xt += 8;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc4x6__wasmrelaxedsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 32;
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let h0_0 = i32x4.splat(0);
    let a0_1 = init0;
    let h0_1 = i32x4.splat(0);
    let a0_2 = init0;
    let h0_2 = i32x4.splat(0);
    let a0_3 = init0;
    let h0_3 = i32x4.splat(0);
    let a0_4 = init0;
    let h0_4 = i32x4.splat(0);
    let a0_5 = init0;
    let h0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 32);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      {
        const w0 = v128.load(wp, 0);
        const p0l = v128.load(xr, 0);
        const p0h = v128.load(xr, 16);
        a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
        h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
        const p1l = v128.load(xr, 32);
        const p1h = v128.load(xr, 48);
        a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
        h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
        const p2l = v128.load(xr, 64);
        const p2h = v128.load(xr, 80);
        a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
        h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
        const p3l = v128.load(xr, 96);
        const p3h = v128.load(xr, 112);
        a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
        h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
        const p4l = v128.load(xr, 128);
        const p4h = v128.load(xr, 144);
        a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
        h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
        const p5l = v128.load(xr, 160);
        const p5h = v128.load(xr, 176);
        a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
        h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
      }
      {
        const w0 = v128.load(wp, 16);
        const p0l = v128.load(xr, 32);
        const p0h = v128.load(xr, 48);
        a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
        h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
        const p1l = v128.load(xr, 64);
        const p1h = v128.load(xr, 80);
        a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
        h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
        const p2l = v128.load(xr, 96);
        const p2h = v128.load(xr, 112);
        a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
        h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
        const p3l = v128.load(xr, 128);
        const p3h = v128.load(xr, 144);
        a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
        h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
        const p4l = v128.load(xr, 160);
        const p4h = v128.load(xr, 176);
        a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
        h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
        const p5l = v128.load(xr, 192);
        const p5h = v128.load(xr, 208);
        a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
        h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
      }
      xr += xRowStride;
      {
        const w0 = v128.load(wp, 32);
        const p0l = v128.load(xr, 0);
        const p0h = v128.load(xr, 16);
        a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
        h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
        const p1l = v128.load(xr, 32);
        const p1h = v128.load(xr, 48);
        a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
        h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
        const p2l = v128.load(xr, 64);
        const p2h = v128.load(xr, 80);
        a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
        h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
        const p3l = v128.load(xr, 96);
        const p3h = v128.load(xr, 112);
        a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
        h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
        const p4l = v128.load(xr, 128);
        const p4h = v128.load(xr, 144);
        a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
        h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
        const p5l = v128.load(xr, 160);
        const p5h = v128.load(xr, 176);
        a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
        h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
      }
      {
        const w0 = v128.load(wp, 48);
        const p0l = v128.load(xr, 32);
        const p0h = v128.load(xr, 48);
        a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
        h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
        const p1l = v128.load(xr, 64);
        const p1h = v128.load(xr, 80);
        a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
        h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
        const p2l = v128.load(xr, 96);
        const p2h = v128.load(xr, 112);
        a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
        h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
        const p3l = v128.load(xr, 128);
        const p3h = v128.load(xr, 144);
        a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
        h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
        const p4l = v128.load(xr, 160);
        const p4h = v128.load(xr, 176);
        a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
        h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
        const p5l = v128.load(xr, 192);
        const p5h = v128.load(xr, 208);
        a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
        h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
      }
      wp += 64;
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0, i32x4.shl(h0_0, 7)));
    v128.store(sp + <usize>(16), i32x4.add(a0_1, i32x4.shl(h0_1, 7)));
    v128.store(sp + <usize>(32), i32x4.add(a0_2, i32x4.shl(h0_2, 7)));
    v128.store(sp + <usize>(48), i32x4.add(a0_3, i32x4.shl(h0_3, 7)));
    v128.store(sp + <usize>(64), i32x4.add(a0_4, i32x4.shl(h0_4, 7)));
    v128.store(sp + <usize>(80), i32x4.add(a0_5, i32x4.shl(h0_5, 7)));
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc4x6__wasmrelaxedsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 32;
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let h0_0 = i32x4.splat(0);
    let a0_1 = init0;
    let h0_1 = i32x4.splat(0);
    let a0_2 = init0;
    let h0_2 = i32x4.splat(0);
    let a0_3 = init0;
    let h0_3 = i32x4.splat(0);
    let a0_4 = init0;
    let h0_4 = i32x4.splat(0);
    let a0_5 = init0;
    let h0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 64);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      {
        const w0 = v128.load(wp, 0);
        const p0l = v128.load(xr, 0);
        const p0h = v128.load(xr, 16);
        a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
        h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
        const p1l = v128.load(xr, 64);
        const p1h = v128.load(xr, 80);
        a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
        h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
        const p2l = v128.load(xr, 128);
        const p2h = v128.load(xr, 144);
        a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
        h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
        const p3l = v128.load(xr, 192);
        const p3h = v128.load(xr, 208);
        a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
        h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
        const p4l = v128.load(xr, 256);
        const p4h = v128.load(xr, 272);
        a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
        h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
        const p5l = v128.load(xr, 320);
        const p5h = v128.load(xr, 336);
        a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
        h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
      }
      {
        const w0 = v128.load(wp, 16);
        const p0l = v128.load(xr, 32);
        const p0h = v128.load(xr, 48);
        a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
        h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
        const p1l = v128.load(xr, 96);
        const p1h = v128.load(xr, 112);
        a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
        h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
        const p2l = v128.load(xr, 160);
        const p2h = v128.load(xr, 176);
        a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
        h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
        const p3l = v128.load(xr, 224);
        const p3h = v128.load(xr, 240);
        a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
        h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
        const p4l = v128.load(xr, 288);
        const p4h = v128.load(xr, 304);
        a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
        h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
        const p5l = v128.load(xr, 352);
        const p5h = v128.load(xr, 368);
        a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
        h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
      }
      xr += xRowStride;
      {
        const w0 = v128.load(wp, 32);
        const p0l = v128.load(xr, 0);
        const p0h = v128.load(xr, 16);
        a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
        h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
        const p1l = v128.load(xr, 64);
        const p1h = v128.load(xr, 80);
        a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
        h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
        const p2l = v128.load(xr, 128);
        const p2h = v128.load(xr, 144);
        a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
        h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
        const p3l = v128.load(xr, 192);
        const p3h = v128.load(xr, 208);
        a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
        h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
        const p4l = v128.load(xr, 256);
        const p4h = v128.load(xr, 272);
        a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
        h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
        const p5l = v128.load(xr, 320);
        const p5h = v128.load(xr, 336);
        a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
        h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
      }
      {
        const w0 = v128.load(wp, 48);
        const p0l = v128.load(xr, 32);
        const p0h = v128.load(xr, 48);
        a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
        h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
        const p1l = v128.load(xr, 96);
        const p1h = v128.load(xr, 112);
        a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
        h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
        const p2l = v128.load(xr, 160);
        const p2h = v128.load(xr, 176);
        a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
        h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
        const p3l = v128.load(xr, 224);
        const p3h = v128.load(xr, 240);
        a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
        h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
        const p4l = v128.load(xr, 288);
        const p4h = v128.load(xr, 304);
        a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
        h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
        const p5l = v128.load(xr, 352);
        const p5h = v128.load(xr, 368);
        a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
        h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
      }
      wp += 64;
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0, i32x4.shl(h0_0, 7)));
    v128.store(sp + <usize>(16), i32x4.add(a0_1, i32x4.shl(h0_1, 7)));
    v128.store(sp + <usize>(32), i32x4.add(a0_2, i32x4.shl(h0_2, 7)));
    v128.store(sp + <usize>(48), i32x4.add(a0_3, i32x4.shl(h0_3, 7)));
    v128.store(sp + <usize>(64), i32x4.add(a0_4, i32x4.shl(h0_4, 7)));
    v128.store(sp + <usize>(80), i32x4.add(a0_5, i32x4.shl(h0_5, 7)));
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc4x6__wasmrelaxedsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 48;
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let h0_0 = i32x4.splat(0);
    let a0_1 = init0;
    let h0_1 = i32x4.splat(0);
    let a0_2 = init0;
    let h0_2 = i32x4.splat(0);
    let a0_3 = init0;
    let h0_3 = i32x4.splat(0);
    let a0_4 = init0;
    let h0_4 = i32x4.splat(0);
    let a0_5 = init0;
    let h0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 32);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0l = v128.load(xr, 0);
          const p0h = v128.load(xr, 16);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 32);
          const p1h = v128.load(xr, 48);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 64);
          const p2h = v128.load(xr, 80);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 96);
          const p3h = v128.load(xr, 112);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 128);
          const p4h = v128.load(xr, 144);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 160);
          const p5h = v128.load(xr, 176);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0l = v128.load(xr, 32);
          const p0h = v128.load(xr, 48);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 64);
          const p1h = v128.load(xr, 80);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 96);
          const p2h = v128.load(xr, 112);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 128);
          const p3h = v128.load(xr, 144);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 160);
          const p4h = v128.load(xr, 176);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 192);
          const p5h = v128.load(xr, 208);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0l = v128.load(xr, 64);
          const p0h = v128.load(xr, 80);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 96);
          const p1h = v128.load(xr, 112);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 128);
          const p2h = v128.load(xr, 144);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 160);
          const p3h = v128.load(xr, 176);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 192);
          const p4h = v128.load(xr, 208);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 224);
          const p5h = v128.load(xr, 240);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0, i32x4.shl(h0_0, 7)));
    v128.store(sp + <usize>(16), i32x4.add(a0_1, i32x4.shl(h0_1, 7)));
    v128.store(sp + <usize>(32), i32x4.add(a0_2, i32x4.shl(h0_2, 7)));
    v128.store(sp + <usize>(48), i32x4.add(a0_3, i32x4.shl(h0_3, 7)));
    v128.store(sp + <usize>(64), i32x4.add(a0_4, i32x4.shl(h0_4, 7)));
    v128.store(sp + <usize>(80), i32x4.add(a0_5, i32x4.shl(h0_5, 7)));
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc4x6__wasmrelaxedsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 48;
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let h0_0 = i32x4.splat(0);
    let a0_1 = init0;
    let h0_1 = i32x4.splat(0);
    let a0_2 = init0;
    let h0_2 = i32x4.splat(0);
    let a0_3 = init0;
    let h0_3 = i32x4.splat(0);
    let a0_4 = init0;
    let h0_4 = i32x4.splat(0);
    let a0_5 = init0;
    let h0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 64);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0l = v128.load(xr, 0);
          const p0h = v128.load(xr, 16);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 64);
          const p1h = v128.load(xr, 80);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 128);
          const p2h = v128.load(xr, 144);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 192);
          const p3h = v128.load(xr, 208);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 256);
          const p4h = v128.load(xr, 272);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 320);
          const p5h = v128.load(xr, 336);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0l = v128.load(xr, 32);
          const p0h = v128.load(xr, 48);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 96);
          const p1h = v128.load(xr, 112);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 160);
          const p2h = v128.load(xr, 176);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 224);
          const p3h = v128.load(xr, 240);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 288);
          const p4h = v128.load(xr, 304);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 352);
          const p5h = v128.load(xr, 368);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0l = v128.load(xr, 64);
          const p0h = v128.load(xr, 80);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 128);
          const p1h = v128.load(xr, 144);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 192);
          const p2h = v128.load(xr, 208);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 256);
          const p3h = v128.load(xr, 272);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 320);
          const p4h = v128.load(xr, 336);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 384);
          const p5h = v128.load(xr, 400);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0, i32x4.shl(h0_0, 7)));
    v128.store(sp + <usize>(16), i32x4.add(a0_1, i32x4.shl(h0_1, 7)));
    v128.store(sp + <usize>(32), i32x4.add(a0_2, i32x4.shl(h0_2, 7)));
    v128.store(sp + <usize>(48), i32x4.add(a0_3, i32x4.shl(h0_3, 7)));
    v128.store(sp + <usize>(64), i32x4.add(a0_4, i32x4.shl(h0_4, 7)));
    v128.store(sp + <usize>(80), i32x4.add(a0_5, i32x4.shl(h0_5, 7)));
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc4x6__wasmrelaxedsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 80;
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let h0_0 = i32x4.splat(0);
    let a0_1 = init0;
    let h0_1 = i32x4.splat(0);
    let a0_2 = init0;
    let h0_2 = i32x4.splat(0);
    let a0_3 = init0;
    let h0_3 = i32x4.splat(0);
    let a0_4 = init0;
    let h0_4 = i32x4.splat(0);
    let a0_5 = init0;
    let h0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 32);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0l = v128.load(xr, 0);
          const p0h = v128.load(xr, 16);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 32);
          const p1h = v128.load(xr, 48);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 64);
          const p2h = v128.load(xr, 80);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 96);
          const p3h = v128.load(xr, 112);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 128);
          const p4h = v128.load(xr, 144);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 160);
          const p5h = v128.load(xr, 176);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0l = v128.load(xr, 32);
          const p0h = v128.load(xr, 48);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 64);
          const p1h = v128.load(xr, 80);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 96);
          const p2h = v128.load(xr, 112);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 128);
          const p3h = v128.load(xr, 144);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 160);
          const p4h = v128.load(xr, 176);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 192);
          const p5h = v128.load(xr, 208);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0l = v128.load(xr, 64);
          const p0h = v128.load(xr, 80);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 96);
          const p1h = v128.load(xr, 112);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 128);
          const p2h = v128.load(xr, 144);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 160);
          const p3h = v128.load(xr, 176);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 192);
          const p4h = v128.load(xr, 208);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 224);
          const p5h = v128.load(xr, 240);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 48);
          const p0l = v128.load(xr, 96);
          const p0h = v128.load(xr, 112);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 128);
          const p1h = v128.load(xr, 144);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 160);
          const p2h = v128.load(xr, 176);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 192);
          const p3h = v128.load(xr, 208);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 224);
          const p4h = v128.load(xr, 240);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 256);
          const p5h = v128.load(xr, 272);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 64);
          const p0l = v128.load(xr, 128);
          const p0h = v128.load(xr, 144);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 160);
          const p1h = v128.load(xr, 176);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 192);
          const p2h = v128.load(xr, 208);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 224);
          const p3h = v128.load(xr, 240);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 256);
          const p4h = v128.load(xr, 272);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 288);
          const p5h = v128.load(xr, 304);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0, i32x4.shl(h0_0, 7)));
    v128.store(sp + <usize>(16), i32x4.add(a0_1, i32x4.shl(h0_1, 7)));
    v128.store(sp + <usize>(32), i32x4.add(a0_2, i32x4.shl(h0_2, 7)));
    v128.store(sp + <usize>(48), i32x4.add(a0_3, i32x4.shl(h0_3, 7)));
    v128.store(sp + <usize>(64), i32x4.add(a0_4, i32x4.shl(h0_4, 7)));
    v128.store(sp + <usize>(80), i32x4.add(a0_5, i32x4.shl(h0_5, 7)));
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc4x6__wasmrelaxedsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 80;
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let h0_0 = i32x4.splat(0);
    let a0_1 = init0;
    let h0_1 = i32x4.splat(0);
    let a0_2 = init0;
    let h0_2 = i32x4.splat(0);
    let a0_3 = init0;
    let h0_3 = i32x4.splat(0);
    let a0_4 = init0;
    let h0_4 = i32x4.splat(0);
    let a0_5 = init0;
    let h0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 64);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0l = v128.load(xr, 0);
          const p0h = v128.load(xr, 16);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 64);
          const p1h = v128.load(xr, 80);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 128);
          const p2h = v128.load(xr, 144);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 192);
          const p3h = v128.load(xr, 208);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 256);
          const p4h = v128.load(xr, 272);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 320);
          const p5h = v128.load(xr, 336);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0l = v128.load(xr, 32);
          const p0h = v128.load(xr, 48);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 96);
          const p1h = v128.load(xr, 112);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 160);
          const p2h = v128.load(xr, 176);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 224);
          const p3h = v128.load(xr, 240);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 288);
          const p4h = v128.load(xr, 304);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 352);
          const p5h = v128.load(xr, 368);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0l = v128.load(xr, 64);
          const p0h = v128.load(xr, 80);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 128);
          const p1h = v128.load(xr, 144);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 192);
          const p2h = v128.load(xr, 208);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 256);
          const p3h = v128.load(xr, 272);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 320);
          const p4h = v128.load(xr, 336);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 384);
          const p5h = v128.load(xr, 400);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 48);
          const p0l = v128.load(xr, 96);
          const p0h = v128.load(xr, 112);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 160);
          const p1h = v128.load(xr, 176);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 224);
          const p2h = v128.load(xr, 240);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 288);
          const p3h = v128.load(xr, 304);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 352);
          const p4h = v128.load(xr, 368);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 416);
          const p5h = v128.load(xr, 432);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 64);
          const p0l = v128.load(xr, 128);
          const p0h = v128.load(xr, 144);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 192);
          const p1h = v128.load(xr, 208);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 256);
          const p2h = v128.load(xr, 272);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 320);
          const p3h = v128.load(xr, 336);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 384);
          const p4h = v128.load(xr, 400);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 448);
          const p5h = v128.load(xr, 464);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0, i32x4.shl(h0_0, 7)));
    v128.store(sp + <usize>(16), i32x4.add(a0_1, i32x4.shl(h0_1, 7)));
    v128.store(sp + <usize>(32), i32x4.add(a0_2, i32x4.shl(h0_2, 7)));
    v128.store(sp + <usize>(48), i32x4.add(a0_3, i32x4.shl(h0_3, 7)));
    v128.store(sp + <usize>(64), i32x4.add(a0_4, i32x4.shl(h0_4, 7)));
    v128.store(sp + <usize>(80), i32x4.add(a0_5, i32x4.shl(h0_5, 7)));
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc4x6__wasmrelaxedsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 112;
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let h0_0 = i32x4.splat(0);
    let a0_1 = init0;
    let h0_1 = i32x4.splat(0);
    let a0_2 = init0;
    let h0_2 = i32x4.splat(0);
    let a0_3 = init0;
    let h0_3 = i32x4.splat(0);
    let a0_4 = init0;
    let h0_4 = i32x4.splat(0);
    let a0_5 = init0;
    let h0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 32);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0l = v128.load(xr, 0);
          const p0h = v128.load(xr, 16);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 32);
          const p1h = v128.load(xr, 48);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 64);
          const p2h = v128.load(xr, 80);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 96);
          const p3h = v128.load(xr, 112);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 128);
          const p4h = v128.load(xr, 144);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 160);
          const p5h = v128.load(xr, 176);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0l = v128.load(xr, 32);
          const p0h = v128.load(xr, 48);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 64);
          const p1h = v128.load(xr, 80);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 96);
          const p2h = v128.load(xr, 112);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 128);
          const p3h = v128.load(xr, 144);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 160);
          const p4h = v128.load(xr, 176);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 192);
          const p5h = v128.load(xr, 208);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0l = v128.load(xr, 64);
          const p0h = v128.load(xr, 80);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 96);
          const p1h = v128.load(xr, 112);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 128);
          const p2h = v128.load(xr, 144);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 160);
          const p3h = v128.load(xr, 176);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 192);
          const p4h = v128.load(xr, 208);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 224);
          const p5h = v128.load(xr, 240);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 48);
          const p0l = v128.load(xr, 96);
          const p0h = v128.load(xr, 112);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 128);
          const p1h = v128.load(xr, 144);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 160);
          const p2h = v128.load(xr, 176);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 192);
          const p3h = v128.load(xr, 208);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 224);
          const p4h = v128.load(xr, 240);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 256);
          const p5h = v128.load(xr, 272);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 64);
          const p0l = v128.load(xr, 128);
          const p0h = v128.load(xr, 144);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 160);
          const p1h = v128.load(xr, 176);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 192);
          const p2h = v128.load(xr, 208);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 224);
          const p3h = v128.load(xr, 240);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 256);
          const p4h = v128.load(xr, 272);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 288);
          const p5h = v128.load(xr, 304);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 80);
          const p0l = v128.load(xr, 160);
          const p0h = v128.load(xr, 176);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 192);
          const p1h = v128.load(xr, 208);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 224);
          const p2h = v128.load(xr, 240);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 256);
          const p3h = v128.load(xr, 272);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 288);
          const p4h = v128.load(xr, 304);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 320);
          const p5h = v128.load(xr, 336);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 96);
          const p0l = v128.load(xr, 192);
          const p0h = v128.load(xr, 208);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 224);
          const p1h = v128.load(xr, 240);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 256);
          const p2h = v128.load(xr, 272);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 288);
          const p3h = v128.load(xr, 304);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 320);
          const p4h = v128.load(xr, 336);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 352);
          const p5h = v128.load(xr, 368);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0, i32x4.shl(h0_0, 7)));
    v128.store(sp + <usize>(16), i32x4.add(a0_1, i32x4.shl(h0_1, 7)));
    v128.store(sp + <usize>(32), i32x4.add(a0_2, i32x4.shl(h0_2, 7)));
    v128.store(sp + <usize>(48), i32x4.add(a0_3, i32x4.shl(h0_3, 7)));
    v128.store(sp + <usize>(64), i32x4.add(a0_4, i32x4.shl(h0_4, 7)));
    v128.store(sp + <usize>(80), i32x4.add(a0_5, i32x4.shl(h0_5, 7)));
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc4x6__wasmrelaxedsimd(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const wStep: i32 = 112;
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let h0_0 = i32x4.splat(0);
    let a0_1 = init0;
    let h0_1 = i32x4.splat(0);
    let a0_2 = init0;
    let h0_2 = i32x4.splat(0);
    let a0_3 = init0;
    let h0_3 = i32x4.splat(0);
    let a0_4 = init0;
    let h0_4 = i32x4.splat(0);
    let a0_5 = init0;
    let h0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 64);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0l = v128.load(xr, 0);
          const p0h = v128.load(xr, 16);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 64);
          const p1h = v128.load(xr, 80);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 128);
          const p2h = v128.load(xr, 144);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 192);
          const p3h = v128.load(xr, 208);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 256);
          const p4h = v128.load(xr, 272);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 320);
          const p5h = v128.load(xr, 336);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0l = v128.load(xr, 32);
          const p0h = v128.load(xr, 48);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 96);
          const p1h = v128.load(xr, 112);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 160);
          const p2h = v128.load(xr, 176);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 224);
          const p3h = v128.load(xr, 240);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 288);
          const p4h = v128.load(xr, 304);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 352);
          const p5h = v128.load(xr, 368);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0l = v128.load(xr, 64);
          const p0h = v128.load(xr, 80);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 128);
          const p1h = v128.load(xr, 144);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 192);
          const p2h = v128.load(xr, 208);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 256);
          const p3h = v128.load(xr, 272);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 320);
          const p4h = v128.load(xr, 336);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 384);
          const p5h = v128.load(xr, 400);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 48);
          const p0l = v128.load(xr, 96);
          const p0h = v128.load(xr, 112);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 160);
          const p1h = v128.load(xr, 176);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 224);
          const p2h = v128.load(xr, 240);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 288);
          const p3h = v128.load(xr, 304);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 352);
          const p4h = v128.load(xr, 368);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 416);
          const p5h = v128.load(xr, 432);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 64);
          const p0l = v128.load(xr, 128);
          const p0h = v128.load(xr, 144);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 192);
          const p1h = v128.load(xr, 208);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 256);
          const p2h = v128.load(xr, 272);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 320);
          const p3h = v128.load(xr, 336);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 384);
          const p4h = v128.load(xr, 400);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 448);
          const p5h = v128.load(xr, 464);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 80);
          const p0l = v128.load(xr, 160);
          const p0h = v128.load(xr, 176);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 224);
          const p1h = v128.load(xr, 240);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 288);
          const p2h = v128.load(xr, 304);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 352);
          const p3h = v128.load(xr, 368);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 416);
          const p4h = v128.load(xr, 432);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 480);
          const p5h = v128.load(xr, 496);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        {
          const w0 = v128.load(wp, 96);
          const p0l = v128.load(xr, 192);
          const p0h = v128.load(xr, 208);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0l, a0_0);
          h0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0h, h0_0);
          const p1l = v128.load(xr, 256);
          const p1h = v128.load(xr, 272);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1l, a0_1);
          h0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1h, h0_1);
          const p2l = v128.load(xr, 320);
          const p2h = v128.load(xr, 336);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2l, a0_2);
          h0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2h, h0_2);
          const p3l = v128.load(xr, 384);
          const p3h = v128.load(xr, 400);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3l, a0_3);
          h0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3h, h0_3);
          const p4l = v128.load(xr, 448);
          const p4h = v128.load(xr, 464);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4l, a0_4);
          h0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4h, h0_4);
          const p5l = v128.load(xr, 512);
          const p5h = v128.load(xr, 528);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5l, a0_5);
          h0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5h, h0_5);
        }
        wp += wStep;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0, i32x4.shl(h0_0, 7)));
    v128.store(sp + <usize>(16), i32x4.add(a0_1, i32x4.shl(h0_1, 7)));
    v128.store(sp + <usize>(32), i32x4.add(a0_2, i32x4.shl(h0_2, 7)));
    v128.store(sp + <usize>(48), i32x4.add(a0_3, i32x4.shl(h0_3, 7)));
    v128.store(sp + <usize>(64), i32x4.add(a0_4, i32x4.shl(h0_4, 7)));
    v128.store(sp + <usize>(80), i32x4.add(a0_5, i32x4.shl(h0_5, 7)));
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc8x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  if (ow > owMain) conv_nchw44_dot_f2s1_oc8x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f2s1_oc8x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f2s1_oc8x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        wp += 64;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(16), i32x4.add(a0_1_0, a0_1_1));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(a1_0_0, a1_0_1));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(a1_1_0, a1_1_1));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        wp += 64;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(a1_0_0, a1_0_1));
  }
}

export function conv_nchw44_dot_f2s1_oc8x5tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 5) * 5;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  if (ow > owMain) conv_nchw44_dot_f2s1_oc8x5tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..4) pixels of a row of conv_nchw44_dot_f2s1_oc8x5tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f2s1_oc8x5tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        wp += 64;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(16), i32x4.add(a0_1_0, a0_1_1));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(a1_0_0, a1_0_1));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(a1_1_0, a1_1_1));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        wp += 64;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(a1_0_0, a1_0_1));
  }
}

export function conv_nchw44_dot_f2s1_oc8x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc8x5t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc4x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc4x7t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 24);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc12x4t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a2_3 = init2;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const w2 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p3, a2_3);
          wp += 48;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
    v128.store(sp + <usize>(2 * row16 + 32), a2_2);
    v128.store(sp + <usize>(2 * row16 + 48), a2_3);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s1_oc4x12t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 11) / 12) * 12;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 12) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a0_7 = init0;
    let a0_8 = init0;
    let a0_9 = init0;
    let a0_10 = init0;
    let a0_11 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 24);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          const p7 = v128.load32_splat(xt, 28);
          a0_7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p7, a0_7);
          const p8 = v128.load32_splat(xt, 32);
          a0_8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p8, a0_8);
          const p9 = v128.load32_splat(xt, 36);
          a0_9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p9, a0_9);
          const p10 = v128.load32_splat(xt, 40);
          a0_10 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p10, a0_10);
          const p11 = v128.load32_splat(xt, 44);
          a0_11 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p11, a0_11);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(112), a0_7);
    v128.store(sp + <usize>(128), a0_8);
    v128.store(sp + <usize>(144), a0_9);
    v128.store(sp + <usize>(160), a0_10);
    v128.store(sp + <usize>(176), a0_11);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc8x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  if (ow > owMain) conv_nchw44_dot_f2s2_oc8x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f2s2_oc8x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f2s2_oc8x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        wp += 64;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(16), i32x4.add(a0_1_0, a0_1_1));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(a1_0_0, a1_0_1));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(a1_1_0, a1_1_1));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        wp += 64;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(a1_0_0, a1_0_1));
  }
}

export function conv_nchw44_dot_f2s2_oc8x5tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 5) * 5;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  if (ow > owMain) conv_nchw44_dot_f2s2_oc8x5tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..4) pixels of a row of conv_nchw44_dot_f2s2_oc8x5tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f2s2_oc8x5tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        wp += 64;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(16), i32x4.add(a0_1_0, a0_1_1));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(a1_0_0, a1_0_1));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(a1_1_0, a1_1_1));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        wp += 64;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(a1_0_0, a1_0_1));
  }
}

export function conv_nchw44_dot_f2s2_oc8x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc8x5t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc4x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc4x7t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 48);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc12x4t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a2_3 = init2;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const w2 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p3, a2_3);
          wp += 48;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
    v128.store(sp + <usize>(2 * row16 + 32), a2_2);
    v128.store(sp + <usize>(2 * row16 + 48), a2_3);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f2s2_oc4x12t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 11) / 12) * 12;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 12) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a0_7 = init0;
    let a0_8 = init0;
    let a0_9 = init0;
    let a0_10 = init0;
    let a0_11 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 2; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 48);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          const p7 = v128.load32_splat(xt, 56);
          a0_7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p7, a0_7);
          const p8 = v128.load32_splat(xt, 64);
          a0_8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p8, a0_8);
          const p9 = v128.load32_splat(xt, 72);
          a0_9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p9, a0_9);
          const p10 = v128.load32_splat(xt, 80);
          a0_10 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p10, a0_10);
          const p11 = v128.load32_splat(xt, 88);
          a0_11 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p11, a0_11);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(112), a0_7);
    v128.store(sp + <usize>(128), a0_8);
    v128.store(sp + <usize>(144), a0_9);
    v128.store(sp + <usize>(160), a0_10);
    v128.store(sp + <usize>(176), a0_11);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc8x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  if (ow > owMain) conv_nchw44_dot_f3s1_oc8x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f3s1_oc8x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f3s1_oc8x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        wp += 96;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        wp += 96;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
  }
}

export function conv_nchw44_dot_f3s1_oc8x5tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 5) * 5;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  if (ow > owMain) conv_nchw44_dot_f3s1_oc8x5tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..4) pixels of a row of conv_nchw44_dot_f3s1_oc8x5tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f3s1_oc8x5tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        wp += 96;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        wp += 96;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
  }
}

export function conv_nchw44_dot_f3s1_oc4x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
  }
  if (ow > owMain) conv_nchw44_dot_f3s1_oc4x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f3s1_oc4x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f3s1_oc4x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_2_0 = init0;
    let a0_2_1 = i32x4.splat(0);
    let a0_3_0 = init0;
    let a0_3_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          const p2 = v128.load32_splat(xr, 8);
          a0_2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_0);
          const p3 = v128.load32_splat(xr, 12);
          a0_3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3_0);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          const p2 = v128.load32_splat(xr, 12);
          a0_2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_1);
          const p3 = v128.load32_splat(xr, 16);
          a0_3_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3_1);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          const p2 = v128.load32_splat(xr, 16);
          a0_2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_0);
          const p3 = v128.load32_splat(xr, 20);
          a0_3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3_0);
        }
        wp += 48;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(16), i32x4.add(a0_1_0, a0_1_1));
    v128.store(sp + <usize>(32), i32x4.add(a0_2_0, a0_2_1));
    v128.store(sp + <usize>(48), i32x4.add(a0_3_0, a0_3_1));
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_2_0 = init0;
    let a0_2_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          const p2 = v128.load32_splat(xr, 8);
          a0_2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_0);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          const p2 = v128.load32_splat(xr, 12);
          a0_2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_1);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          const p2 = v128.load32_splat(xr, 16);
          a0_2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_0);
        }
        wp += 48;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(16), i32x4.add(a0_1_0, a0_1_1));
    v128.store(sp + <usize>(32), i32x4.add(a0_2_0, a0_2_1));
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
        }
        wp += 48;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
        }
        wp += 48;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
  }
}

export function conv_nchw44_dot_f3s1_oc8x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc8x5t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc4x7t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 24);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc12x4t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a2_3 = init2;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const w2 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p3, a2_3);
          wp += 48;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
    v128.store(sp + <usize>(2 * row16 + 32), a2_2);
    v128.store(sp + <usize>(2 * row16 + 48), a2_3);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s1_oc4x12t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 11) / 12) * 12;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 12) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a0_7 = init0;
    let a0_8 = init0;
    let a0_9 = init0;
    let a0_10 = init0;
    let a0_11 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 24);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          const p7 = v128.load32_splat(xt, 28);
          a0_7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p7, a0_7);
          const p8 = v128.load32_splat(xt, 32);
          a0_8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p8, a0_8);
          const p9 = v128.load32_splat(xt, 36);
          a0_9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p9, a0_9);
          const p10 = v128.load32_splat(xt, 40);
          a0_10 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p10, a0_10);
          const p11 = v128.load32_splat(xt, 44);
          a0_11 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p11, a0_11);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(112), a0_7);
    v128.store(sp + <usize>(128), a0_8);
    v128.store(sp + <usize>(144), a0_9);
    v128.store(sp + <usize>(160), a0_10);
    v128.store(sp + <usize>(176), a0_11);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc8x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  if (ow > owMain) conv_nchw44_dot_f3s2_oc8x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f3s2_oc8x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f3s2_oc8x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        wp += 96;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        wp += 96;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
  }
}

export function conv_nchw44_dot_f3s2_oc8x5tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 5) * 5;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  if (ow > owMain) conv_nchw44_dot_f3s2_oc8x5tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..4) pixels of a row of conv_nchw44_dot_f3s2_oc8x5tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f3s2_oc8x5tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        wp += 96;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        wp += 96;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
  }
}

export function conv_nchw44_dot_f3s2_oc4x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
  }
  if (ow > owMain) conv_nchw44_dot_f3s2_oc4x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f3s2_oc4x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f3s2_oc4x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_2_0 = init0;
    let a0_2_1 = i32x4.splat(0);
    let a0_3_0 = init0;
    let a0_3_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          const p2 = v128.load32_splat(xr, 16);
          a0_2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_0);
          const p3 = v128.load32_splat(xr, 24);
          a0_3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          const p2 = v128.load32_splat(xr, 24);
          a0_2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_0);
          const p3 = v128.load32_splat(xr, 32);
          a0_3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3_0);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          const p2 = v128.load32_splat(xr, 20);
          a0_2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_1);
          const p3 = v128.load32_splat(xr, 28);
          a0_3_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3_1);
        }
        wp += 48;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(16), i32x4.add(a0_1_0, a0_1_1));
    v128.store(sp + <usize>(32), i32x4.add(a0_2_0, a0_2_1));
    v128.store(sp + <usize>(48), i32x4.add(a0_3_0, a0_3_1));
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_2_0 = init0;
    let a0_2_1 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          const p2 = v128.load32_splat(xr, 16);
          a0_2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          const p2 = v128.load32_splat(xr, 24);
          a0_2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_0);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          const p2 = v128.load32_splat(xr, 20);
          a0_2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2_1);
        }
        wp += 48;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(a0_0_0, a0_0_1));
    v128.store(sp + <usize>(16), i32x4.add(a0_1_0, a0_1_1));
    v128.store(sp + <usize>(32), i32x4.add(a0_2_0, a0_2_1));
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
        }
        wp += 48;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
        }
        {
          const w0 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
        }
        wp += 48;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
  }
}

export function conv_nchw44_dot_f3s2_oc8x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc8x5t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc4x7t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 48);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc12x4t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a2_3 = init2;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const w2 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p3, a2_3);
          wp += 48;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
    v128.store(sp + <usize>(2 * row16 + 32), a2_2);
    v128.store(sp + <usize>(2 * row16 + 48), a2_3);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f3s2_oc4x12t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 11) / 12) * 12;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 12) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a0_7 = init0;
    let a0_8 = init0;
    let a0_9 = init0;
    let a0_10 = init0;
    let a0_11 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 3; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 48);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          const p7 = v128.load32_splat(xt, 56);
          a0_7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p7, a0_7);
          const p8 = v128.load32_splat(xt, 64);
          a0_8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p8, a0_8);
          const p9 = v128.load32_splat(xt, 72);
          a0_9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p9, a0_9);
          const p10 = v128.load32_splat(xt, 80);
          a0_10 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p10, a0_10);
          const p11 = v128.load32_splat(xt, 88);
          a0_11 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p11, a0_11);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(112), a0_7);
    v128.store(sp + <usize>(128), a0_8);
    v128.store(sp + <usize>(144), a0_9);
    v128.store(sp + <usize>(160), a0_10);
    v128.store(sp + <usize>(176), a0_11);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc8x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  if (ow > owMain) conv_nchw44_dot_f5s1_oc8x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f5s1_oc8x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f5s1_oc8x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 20);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        wp += 160;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_0_3 = i32x4.splat(0);
    let a0_0_4 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_0_3 = i32x4.splat(0);
    let a1_0_4 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_3);
          a1_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_3);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_4);
          a1_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_4);
        }
        wp += 160;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2), a0_0_3), a0_0_4));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2), a1_0_3), a1_0_4));
  }
}

export function conv_nchw44_dot_f5s1_oc8x5tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 5) * 5;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  if (ow > owMain) conv_nchw44_dot_f5s1_oc8x5tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..4) pixels of a row of conv_nchw44_dot_f5s1_oc8x5tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f5s1_oc8x5tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 20);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        wp += 160;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_0_3 = i32x4.splat(0);
    let a0_0_4 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_0_3 = i32x4.splat(0);
    let a1_0_4 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_3);
          a1_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_3);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_4);
          a1_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_4);
        }
        wp += 160;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2), a0_0_3), a0_0_4));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2), a1_0_3), a1_0_4));
  }
}

export function conv_nchw44_dot_f5s1_oc8x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc8x5t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc4x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc4x7t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 24);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc12x4t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a2_3 = init2;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const w2 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p3, a2_3);
          wp += 48;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
    v128.store(sp + <usize>(2 * row16 + 32), a2_2);
    v128.store(sp + <usize>(2 * row16 + 48), a2_3);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s1_oc4x12t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 11) / 12) * 12;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 12) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a0_7 = init0;
    let a0_8 = init0;
    let a0_9 = init0;
    let a0_10 = init0;
    let a0_11 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 24);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          const p7 = v128.load32_splat(xt, 28);
          a0_7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p7, a0_7);
          const p8 = v128.load32_splat(xt, 32);
          a0_8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p8, a0_8);
          const p9 = v128.load32_splat(xt, 36);
          a0_9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p9, a0_9);
          const p10 = v128.load32_splat(xt, 40);
          a0_10 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p10, a0_10);
          const p11 = v128.load32_splat(xt, 44);
          a0_11 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p11, a0_11);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(112), a0_7);
    v128.store(sp + <usize>(128), a0_8);
    v128.store(sp + <usize>(144), a0_9);
    v128.store(sp + <usize>(160), a0_10);
    v128.store(sp + <usize>(176), a0_11);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc8x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  if (ow > owMain) conv_nchw44_dot_f5s2_oc8x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f5s2_oc8x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f5s2_oc8x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 24);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 20);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        wp += 160;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_0_3 = i32x4.splat(0);
    let a0_0_4 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_0_3 = i32x4.splat(0);
    let a1_0_4 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_4);
          a1_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_4);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_3);
          a1_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_3);
        }
        wp += 160;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2), a0_0_3), a0_0_4));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2), a1_0_3), a1_0_4));
  }
}

export function conv_nchw44_dot_f5s2_oc8x5tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 5) * 5;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  if (ow > owMain) conv_nchw44_dot_f5s2_oc8x5tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..4) pixels of a row of conv_nchw44_dot_f5s2_oc8x5tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f5s2_oc8x5tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 24);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 20);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        wp += 160;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_0_3 = i32x4.splat(0);
    let a0_0_4 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_0_3 = i32x4.splat(0);
    let a1_0_4 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_4);
          a1_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_4);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_3);
          a1_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_3);
        }
        wp += 160;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2), a0_0_3), a0_0_4));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2), a1_0_3), a1_0_4));
  }
}

export function conv_nchw44_dot_f5s2_oc8x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc8x5t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc4x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc4x7t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 48);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc12x4t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a2_3 = init2;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const w2 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p3, a2_3);
          wp += 48;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
    v128.store(sp + <usize>(2 * row16 + 32), a2_2);
    v128.store(sp + <usize>(2 * row16 + 48), a2_3);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f5s2_oc4x12t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 11) / 12) * 12;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 12) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a0_7 = init0;
    let a0_8 = init0;
    let a0_9 = init0;
    let a0_10 = init0;
    let a0_11 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 5; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 48);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          const p7 = v128.load32_splat(xt, 56);
          a0_7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p7, a0_7);
          const p8 = v128.load32_splat(xt, 64);
          a0_8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p8, a0_8);
          const p9 = v128.load32_splat(xt, 72);
          a0_9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p9, a0_9);
          const p10 = v128.load32_splat(xt, 80);
          a0_10 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p10, a0_10);
          const p11 = v128.load32_splat(xt, 88);
          a0_11 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p11, a0_11);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(112), a0_7);
    v128.store(sp + <usize>(128), a0_8);
    v128.store(sp + <usize>(144), a0_9);
    v128.store(sp + <usize>(160), a0_10);
    v128.store(sp + <usize>(176), a0_11);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc8x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  if (ow > owMain) conv_nchw44_dot_f7s1_oc8x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f7s1_oc8x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f7s1_oc8x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 20);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 160);
          const w1 = v128.load(wp, 176);
          const p0 = v128.load32_splat(xr, 20);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 24);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 192);
          const w1 = v128.load(wp, 208);
          const p0 = v128.load32_splat(xr, 24);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 28);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        wp += 224;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_0_3 = i32x4.splat(0);
    let a0_0_4 = i32x4.splat(0);
    let a0_0_5 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_0_3 = i32x4.splat(0);
    let a1_0_4 = i32x4.splat(0);
    let a1_0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_3);
          a1_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_3);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_4);
          a1_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_4);
        }
        {
          const w0 = v128.load(wp, 160);
          const w1 = v128.load(wp, 176);
          const p0 = v128.load32_splat(xr, 20);
          a0_0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_5);
          a1_0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_5);
        }
        {
          const w0 = v128.load(wp, 192);
          const w1 = v128.load(wp, 208);
          const p0 = v128.load32_splat(xr, 24);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        wp += 224;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2), a0_0_3), a0_0_4), a0_0_5));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2), a1_0_3), a1_0_4), a1_0_5));
  }
}

export function conv_nchw44_dot_f7s1_oc8x5tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 5) * 5;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  if (ow > owMain) conv_nchw44_dot_f7s1_oc8x5tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..4) pixels of a row of conv_nchw44_dot_f7s1_oc8x5tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f7s1_oc8x5tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 4);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 20);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 160);
          const w1 = v128.load(wp, 176);
          const p0 = v128.load32_splat(xr, 20);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 24);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 192);
          const w1 = v128.load(wp, 208);
          const p0 = v128.load32_splat(xr, 24);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 28);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        wp += 224;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_0_3 = i32x4.splat(0);
    let a0_0_4 = i32x4.splat(0);
    let a0_0_5 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_0_3 = i32x4.splat(0);
    let a1_0_4 = i32x4.splat(0);
    let a1_0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_3);
          a1_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_3);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_4);
          a1_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_4);
        }
        {
          const w0 = v128.load(wp, 160);
          const w1 = v128.load(wp, 176);
          const p0 = v128.load32_splat(xr, 20);
          a0_0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_5);
          a1_0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_5);
        }
        {
          const w0 = v128.load(wp, 192);
          const w1 = v128.load(wp, 208);
          const p0 = v128.load32_splat(xr, 24);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        wp += 224;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2), a0_0_3), a0_0_4), a0_0_5));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2), a1_0_3), a1_0_4), a1_0_5));
  }
}

export function conv_nchw44_dot_f7s1_oc8x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc8x5t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc4x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc4x7t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 24);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc12x4t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a2_3 = init2;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const w2 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p3, a2_3);
          wp += 48;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
    v128.store(sp + <usize>(2 * row16 + 32), a2_2);
    v128.store(sp + <usize>(2 * row16 + 48), a2_3);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s1_oc4x12t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 11) / 12) * 12;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 12) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a0_7 = init0;
    let a0_8 = init0;
    let a0_9 = init0;
    let a0_10 = init0;
    let a0_11 = init0;
    let xb = x + <usize>(ow0 * 4);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 4);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 8);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 12);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 16);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 20);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 24);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          const p7 = v128.load32_splat(xt, 28);
          a0_7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p7, a0_7);
          const p8 = v128.load32_splat(xt, 32);
          a0_8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p8, a0_8);
          const p9 = v128.load32_splat(xt, 36);
          a0_9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p9, a0_9);
          const p10 = v128.load32_splat(xt, 40);
          a0_10 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p10, a0_10);
          const p11 = v128.load32_splat(xt, 44);
          a0_11 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p11, a0_11);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(112), a0_7);
    v128.store(sp + <usize>(128), a0_8);
    v128.store(sp + <usize>(144), a0_9);
    v128.store(sp + <usize>(160), a0_10);
    v128.store(sp + <usize>(176), a0_11);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc8x6tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 6) * 6;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  if (ow > owMain) conv_nchw44_dot_f7s2_oc8x6tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..5) pixels of a row of conv_nchw44_dot_f7s2_oc8x6tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f7s2_oc8x6tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  else if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 24);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 192);
          const w1 = v128.load(wp, 208);
          const p0 = v128.load32_splat(xr, 24);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 32);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 20);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 160);
          const w1 = v128.load(wp, 176);
          const p0 = v128.load32_splat(xr, 20);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 28);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        wp += 224;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_0_3 = i32x4.splat(0);
    let a0_0_4 = i32x4.splat(0);
    let a0_0_5 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_0_3 = i32x4.splat(0);
    let a1_0_4 = i32x4.splat(0);
    let a1_0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_4);
          a1_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_4);
        }
        {
          const w0 = v128.load(wp, 192);
          const w1 = v128.load(wp, 208);
          const p0 = v128.load32_splat(xr, 24);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_3);
          a1_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_3);
        }
        {
          const w0 = v128.load(wp, 160);
          const w1 = v128.load(wp, 176);
          const p0 = v128.load32_splat(xr, 20);
          a0_0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_5);
          a1_0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_5);
        }
        wp += 224;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2), a0_0_3), a0_0_4), a0_0_5));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2), a1_0_3), a1_0_4), a1_0_5));
  }
}

export function conv_nchw44_dot_f7s2_oc8x5tr__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  const owMain = (ow / 5) * 5;
  for (let ow0: i32 = 0; ow0 < owMain; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  if (ow > owMain) conv_nchw44_dot_f7s2_oc8x5tr__wasmrelaxeddot_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** The last `rem` (1..4) pixels of a row of conv_nchw44_dot_f7s2_oc8x5tr__wasmrelaxeddot, from column ow0. */
function conv_nchw44_dot_f7s2_oc8x5tr__wasmrelaxeddot_rem(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  if (rem == 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  else if (rem == 3) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
  }
  else if (rem == 2) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_1_0 = init0;
    let a0_1_1 = i32x4.splat(0);
    let a0_1_2 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_1_0 = init1;
    let a1_1_1 = i32x4.splat(0);
    let a1_1_2 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 8);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 16);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 24);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 192);
          const w1 = v128.load(wp, 208);
          const p0 = v128.load32_splat(xr, 24);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 32);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
          const p1 = v128.load32_splat(xr, 12);
          a0_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_1);
          a1_1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_1);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
          const p1 = v128.load32_splat(xr, 20);
          a0_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_0);
          a1_1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_0);
        }
        {
          const w0 = v128.load(wp, 160);
          const w1 = v128.load(wp, 176);
          const p0 = v128.load32_splat(xr, 20);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
          const p1 = v128.load32_splat(xr, 28);
          a0_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1_2);
          a1_1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1_2);
        }
        wp += 224;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2));
    v128.store(sp + <usize>(16), i32x4.add(i32x4.add(a0_1_0, a0_1_1), a0_1_2));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2));
    v128.store(sp + <usize>(1 * row16 + 16), i32x4.add(i32x4.add(a1_1_0, a1_1_1), a1_1_2));
  }
  else if (rem == 1) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0_0 = init0;
    let a0_0_1 = i32x4.splat(0);
    let a0_0_2 = i32x4.splat(0);
    let a0_0_3 = i32x4.splat(0);
    let a0_0_4 = i32x4.splat(0);
    let a0_0_5 = i32x4.splat(0);
    let a1_0_0 = init1;
    let a1_0_1 = i32x4.splat(0);
    let a1_0_2 = i32x4.splat(0);
    let a1_0_3 = i32x4.splat(0);
    let a1_0_4 = i32x4.splat(0);
    let a1_0_5 = i32x4.splat(0);
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xr, 0);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 64);
          const w1 = v128.load(wp, 80);
          const p0 = v128.load32_splat(xr, 8);
          a0_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_2);
          a1_0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_2);
        }
        {
          const w0 = v128.load(wp, 128);
          const w1 = v128.load(wp, 144);
          const p0 = v128.load32_splat(xr, 16);
          a0_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_4);
          a1_0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_4);
        }
        {
          const w0 = v128.load(wp, 192);
          const w1 = v128.load(wp, 208);
          const p0 = v128.load32_splat(xr, 24);
          a0_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_0);
          a1_0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_0);
        }
        {
          const w0 = v128.load(wp, 32);
          const w1 = v128.load(wp, 48);
          const p0 = v128.load32_splat(xr, 4);
          a0_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_1);
          a1_0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_1);
        }
        {
          const w0 = v128.load(wp, 96);
          const w1 = v128.load(wp, 112);
          const p0 = v128.load32_splat(xr, 12);
          a0_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_3);
          a1_0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_3);
        }
        {
          const w0 = v128.load(wp, 160);
          const w1 = v128.load(wp, 176);
          const p0 = v128.load32_splat(xr, 20);
          a0_0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0_5);
          a1_0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0_5);
        }
        wp += 224;
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(i32x4.add(a0_0_0, a0_0_1), a0_0_2), a0_0_3), a0_0_4), a0_0_5));
    v128.store(sp + <usize>(1 * row16 + 0), i32x4.add(i32x4.add(i32x4.add(i32x4.add(i32x4.add(a1_0_0, a1_0_1), a1_0_2), a1_0_3), a1_0_4), a1_0_5));
  }
}

export function conv_nchw44_dot_f7s2_oc8x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let a1_5 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
    v128.store(sp + <usize>(1 * row16 + 80), a1_5);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc8x5t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const owPad = ((ow + 4) / 5) * 5;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 5) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a1_4 = init1;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
          wp += 32;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(1 * row16 + 64), a1_4);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc4x6t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 5) / 6) * 6;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 6) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc4x7t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 6) / 7) * 7;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 7) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 48);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc12x4t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a2_3 = init2;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const w1 = v128.load(wp, 16);
          const w2 = v128.load(wp, 32);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
          a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
          a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
          a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
          a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p3, a2_3);
          wp += 48;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
    v128.store(sp + <usize>(2 * row16 + 0), a2_0);
    v128.store(sp + <usize>(2 * row16 + 16), a2_1);
    v128.store(sp + <usize>(2 * row16 + 32), a2_2);
    v128.store(sp + <usize>(2 * row16 + 48), a2_3);
  }
  finishTile(ctx, scratch, 3, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

export function conv_nchw44_dot_f7s2_oc4x12t__wasmrelaxeddot(
  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 11) / 12) * 12;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 12) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let a0_6 = init0;
    let a0_7 = init0;
    let a0_8 = init0;
    let a0_9 = init0;
    let a0_10 = init0;
    let a0_11 = init0;
    let xb = x + <usize>(ow0 * 8);
    let wp = w;
    for (let ib: i32 = 0; ib < icb; ib++) {
      let xr = xb;
      for (let kh: i32 = 0; kh < fh; kh++) {
        let xt = xr;
        for (let kw: i32 = 0; kw < 7; kw++) {
          const w0 = v128.load(wp, 0);
          const p0 = v128.load32_splat(xt, 0);
          a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
          const p1 = v128.load32_splat(xt, 8);
          a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
          const p2 = v128.load32_splat(xt, 16);
          a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
          const p3 = v128.load32_splat(xt, 24);
          a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
          const p4 = v128.load32_splat(xt, 32);
          a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
          const p5 = v128.load32_splat(xt, 40);
          a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
          const p6 = v128.load32_splat(xt, 48);
          a0_6 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p6, a0_6);
          const p7 = v128.load32_splat(xt, 56);
          a0_7 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p7, a0_7);
          const p8 = v128.load32_splat(xt, 64);
          a0_8 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p8, a0_8);
          const p9 = v128.load32_splat(xt, 72);
          a0_9 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p9, a0_9);
          const p10 = v128.load32_splat(xt, 80);
          a0_10 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p10, a0_10);
          const p11 = v128.load32_splat(xt, 88);
          a0_11 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p11, a0_11);
          wp += 16;
          xt += 4;
        }
        xr += xRowStride;
      }
      xb += xBlockStride;
    }
    v128.store(sp + <usize>(0), a0_0);
    v128.store(sp + <usize>(16), a0_1);
    v128.store(sp + <usize>(32), a0_2);
    v128.store(sp + <usize>(48), a0_3);
    v128.store(sp + <usize>(64), a0_4);
    v128.store(sp + <usize>(80), a0_5);
    v128.store(sp + <usize>(96), a0_6);
    v128.store(sp + <usize>(112), a0_7);
    v128.store(sp + <usize>(128), a0_8);
    v128.store(sp + <usize>(144), a0_9);
    v128.store(sp + <usize>(160), a0_10);
    v128.store(sp + <usize>(176), a0_11);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
  }
}

/** Runs row kernel `id` (index in the kernel table). */
export function convNchw44DotRow(
  id: i32, x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  switch (id) {
    case 0: conv_nchw44_dot_f2s1_oc8x4tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 1: conv_nchw44_dot_f2s1_oc8x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 2: conv_nchw44_dot_f2s1_oc4x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 3: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc8x4t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 4: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc12x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 5: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc8x7t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 6: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc8x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 7: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc8x4__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 8: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc8x3t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 9: conv_nchw44_dot_f2s2_oc8x4tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 10: conv_nchw44_dot_f2s2_oc8x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 11: conv_nchw44_dot_f2s2_oc4x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 12: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc8x4t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 13: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc12x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 14: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc8x7t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 15: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc8x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 16: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc8x4__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 17: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc8x3t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 18: conv_nchw44_dot_f3s1_oc8x4tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 19: conv_nchw44_dot_f3s1_oc8x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 20: conv_nchw44_dot_f3s1_oc4x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 21: conv_nchw44_dot_f3s1_oc8x4tr_w8__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 22: conv_nchw44_dot_f3s1_oc4x2tr_w8__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 23: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc8x4t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 24: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc12x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 25: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc8x7t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 26: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc8x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 27: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc8x4__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 28: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc8x3t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 29: conv_nchw44_dot_f3s2_oc8x4tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 30: conv_nchw44_dot_f3s2_oc8x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 31: conv_nchw44_dot_f3s2_oc4x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 32: conv_nchw44_dot_f3s2_oc8x4tr_w8__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 33: conv_nchw44_dot_f3s2_oc4x2tr_w8__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 34: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc8x4t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 35: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc12x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 36: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc8x7t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 37: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc8x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 38: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc8x4__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 39: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc8x3t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 40: conv_nchw44_dot_f5s1_oc8x4tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 41: conv_nchw44_dot_f5s1_oc8x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 42: conv_nchw44_dot_f5s1_oc4x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 43: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc8x4t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 44: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc12x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 45: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc8x7t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 46: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc8x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 47: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc8x4__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 48: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc8x3t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 49: conv_nchw44_dot_f5s2_oc8x4tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 50: conv_nchw44_dot_f5s2_oc8x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 51: conv_nchw44_dot_f5s2_oc4x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 52: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc8x4t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 53: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc12x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 54: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc8x7t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 55: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc8x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 56: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc8x4__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 57: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc8x3t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 58: conv_nchw44_dot_f7s1_oc8x4tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 59: conv_nchw44_dot_f7s1_oc8x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 60: conv_nchw44_dot_f7s1_oc4x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 61: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc8x4t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 62: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc12x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 63: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc8x7t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 64: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc8x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 65: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc8x4__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 66: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc8x3t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 67: conv_nchw44_dot_f7s2_oc8x4tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 68: conv_nchw44_dot_f7s2_oc8x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 69: conv_nchw44_dot_f7s2_oc4x2tr__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 70: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc8x4t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 71: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc12x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 72: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc8x7t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 73: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc8x2t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 74: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc8x4__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 75: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc8x3t__wasmsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 76: conv_nchw44_dot_f2s1_oc4x6__wasmrelaxedsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 77: conv_nchw44_dot_f2s2_oc4x6__wasmrelaxedsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 78: conv_nchw44_dot_f3s1_oc4x6__wasmrelaxedsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 79: conv_nchw44_dot_f3s2_oc4x6__wasmrelaxedsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 80: conv_nchw44_dot_f5s1_oc4x6__wasmrelaxedsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 81: conv_nchw44_dot_f5s2_oc4x6__wasmrelaxedsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 82: conv_nchw44_dot_f7s1_oc4x6__wasmrelaxedsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 83: conv_nchw44_dot_f7s2_oc4x6__wasmrelaxedsimd(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 84: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc8x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 85: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc8x5tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 86: conv_nchw44_dot_f2s1_oc8x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 87: conv_nchw44_dot_f2s1_oc8x5t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 88: conv_nchw44_dot_f2s1_oc4x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 89: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc4x7t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 90: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc12x4t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 91: if (I8CONV_LAB) conv_nchw44_dot_f2s1_oc4x12t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 92: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc8x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 93: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc8x5tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 94: conv_nchw44_dot_f2s2_oc8x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 95: conv_nchw44_dot_f2s2_oc8x5t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 96: conv_nchw44_dot_f2s2_oc4x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 97: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc4x7t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 98: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc12x4t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 99: if (I8CONV_LAB) conv_nchw44_dot_f2s2_oc4x12t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 100: conv_nchw44_dot_f3s1_oc8x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 101: conv_nchw44_dot_f3s1_oc8x5tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 102: conv_nchw44_dot_f3s1_oc4x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 103: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc8x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 104: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc8x5t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 105: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc4x7t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 106: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc12x4t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 107: if (I8CONV_LAB) conv_nchw44_dot_f3s1_oc4x12t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 108: conv_nchw44_dot_f3s2_oc8x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 109: conv_nchw44_dot_f3s2_oc8x5tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 110: conv_nchw44_dot_f3s2_oc4x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 111: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc8x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 112: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc8x5t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 113: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc4x7t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 114: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc12x4t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 115: if (I8CONV_LAB) conv_nchw44_dot_f3s2_oc4x12t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 116: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc8x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 117: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc8x5tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 118: conv_nchw44_dot_f5s1_oc8x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 119: conv_nchw44_dot_f5s1_oc8x5t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 120: conv_nchw44_dot_f5s1_oc4x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 121: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc4x7t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 122: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc12x4t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 123: if (I8CONV_LAB) conv_nchw44_dot_f5s1_oc4x12t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 124: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc8x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 125: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc8x5tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 126: conv_nchw44_dot_f5s2_oc8x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 127: conv_nchw44_dot_f5s2_oc8x5t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 128: conv_nchw44_dot_f5s2_oc4x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 129: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc4x7t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 130: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc12x4t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 131: if (I8CONV_LAB) conv_nchw44_dot_f5s2_oc4x12t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 132: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc8x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 133: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc8x5tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 134: conv_nchw44_dot_f7s1_oc8x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 135: conv_nchw44_dot_f7s1_oc8x5t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 136: conv_nchw44_dot_f7s1_oc4x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 137: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc4x7t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 138: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc12x4t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 139: if (I8CONV_LAB) conv_nchw44_dot_f7s1_oc4x12t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 140: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc8x6tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 141: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc8x5tr__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 142: conv_nchw44_dot_f7s2_oc8x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 143: conv_nchw44_dot_f7s2_oc8x5t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 144: conv_nchw44_dot_f7s2_oc4x6t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 145: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc4x7t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 146: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc12x4t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    case 147: if (I8CONV_LAB) conv_nchw44_dot_f7s2_oc4x12t__wasmrelaxeddot(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); else unreachable(); break;
    default: unreachable();
  }
}
