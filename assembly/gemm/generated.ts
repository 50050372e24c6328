// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit

// GEMM micro-kernels, one per tile of tools/conv-variants.mjs GEMM_TILES. See tools/gen-conv-kernels.mjs for the
// packed layouts they read.
import { finishTile } from '../common/finish';

export function gemm_s8_oc8x2__wasmsimd(
  ctx: usize, b: usize, groups: i32, kbn: i32, w: usize, init: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pix0: i32, npv: i32, dst: usize, bias: usize,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  let xp = b;
  for (let g: i32 = 0; g < groups; g++) {
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0l = v128.load(wp, 0);
      const w0h = v128.load(wp, 16);
      const w1l = v128.load(wp, 32);
      const w1h = v128.load(wp, 48);
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
      wp += 64;
      xp += 64;
    }
    v128.store(scratch, a0_0, 0);
    v128.store(scratch, a0_1, 16);
    v128.store(scratch, a1_0, 32);
    v128.store(scratch, a1_1, 48);
    finishTile(ctx, scratch, 2, 2, ch, oc0, nch, pix0 + g * 2, npv - g * 2, dst, bias);
  }
}

export function gemm_s8_oc4x2__wasmsimd(
  ctx: usize, b: usize, groups: i32, kbn: i32, w: usize, init: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pix0: i32, npv: i32, dst: usize, bias: usize,
): void {
  const init0 = v128.load(init, 0);
  let xp = b;
  for (let g: i32 = 0; g < groups; g++) {
    let a0_0 = init0;
    let a0_1 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0l = v128.load(wp, 0);
      const w0h = v128.load(wp, 16);
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      wp += 32;
      xp += 64;
    }
    v128.store(scratch, a0_0, 0);
    v128.store(scratch, a0_1, 16);
    finishTile(ctx, scratch, 1, 2, ch, oc0, nch, pix0 + g * 2, npv - g * 2, dst, bias);
  }
}

export function gemm_s8_oc4x4__wasmsimd(
  ctx: usize, b: usize, groups: i32, kbn: i32, w: usize, init: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pix0: i32, npv: i32, dst: usize, bias: usize,
): void {
  const init0 = v128.load(init, 0);
  let xp = b;
  for (let g: i32 = 0; g < groups; g++) {
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0l = v128.load(wp, 0);
      const w0h = v128.load(wp, 16);
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      const p2l = v128.load(xp, 64);
      const p2h = v128.load(xp, 80);
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
      const p3l = v128.load(xp, 96);
      const p3h = v128.load(xp, 112);
      a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
      a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
      wp += 32;
      xp += 128;
    }
    v128.store(scratch, a0_0, 0);
    v128.store(scratch, a0_1, 16);
    v128.store(scratch, a0_2, 32);
    v128.store(scratch, a0_3, 48);
    finishTile(ctx, scratch, 1, 4, ch, oc0, nch, pix0 + g * 4, npv - g * 4, dst, bias);
  }
}

export function gemm_s8_oc8x4__wasmsimd(
  ctx: usize, b: usize, groups: i32, kbn: i32, w: usize, init: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pix0: i32, npv: i32, dst: usize, bias: usize,
): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  let xp = b;
  for (let g: i32 = 0; g < groups; g++) {
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a1_3 = init1;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0l = v128.load(wp, 0);
      const w0h = v128.load(wp, 16);
      const w1l = v128.load(wp, 32);
      const w1h = v128.load(wp, 48);
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
      const p2l = v128.load(xp, 64);
      const p2h = v128.load(xp, 80);
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
      a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
      a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
      const p3l = v128.load(xp, 96);
      const p3h = v128.load(xp, 112);
      a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
      a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
      a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
      a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      wp += 64;
      xp += 128;
    }
    v128.store(scratch, a0_0, 0);
    v128.store(scratch, a0_1, 16);
    v128.store(scratch, a0_2, 32);
    v128.store(scratch, a0_3, 48);
    v128.store(scratch, a1_0, 64);
    v128.store(scratch, a1_1, 80);
    v128.store(scratch, a1_2, 96);
    v128.store(scratch, a1_3, 112);
    finishTile(ctx, scratch, 2, 4, ch, oc0, nch, pix0 + g * 4, npv - g * 4, dst, bias);
  }
}

/** Runs GEMM kernel `id` (index in GEMM_KERNELS). */
export function gemmRun(
  id: i32, ctx: usize, b: usize, groups: i32, kbn: i32, w: usize, init: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pix0: i32, npv: i32, dst: usize, bias: usize,
): void {
  switch (id) {
    case 0: gemm_s8_oc8x2__wasmsimd(ctx, b, groups, kbn, w, init, scratch, ch, oc0, nch, pix0, npv, dst, bias); break;
    case 1: gemm_s8_oc4x2__wasmsimd(ctx, b, groups, kbn, w, init, scratch, ch, oc0, nch, pix0, npv, dst, bias); break;
    case 2: gemm_s8_oc4x4__wasmsimd(ctx, b, groups, kbn, w, init, scratch, ch, oc0, nch, pix0, npv, dst, bias); break;
    case 3: gemm_s8_oc8x4__wasmsimd(ctx, b, groups, kbn, w, init, scratch, ch, oc0, nch, pix0, npv, dst, bias); break;
    default: unreachable();
  }
}
