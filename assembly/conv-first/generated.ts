// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit

// First-layer pair row kernels (tools/conv-variants.mjs firstPairsVariants; assembly/conv-first/task.ts runs them).
import { finishTile } from '../common/finish';

export function first_pairs_oc8x4_ps1__wasmsimd(
  x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
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
    let wp = w;
    let rp = x + <usize>(ow0 * 4);
    for (let kh: i32 = 0; kh < fh; kh++) {
      let xp = rp;
      for (let m: i32 = 0; m < taps; m++) {
        const w0 = v128.load(wp, 0);
        const w1 = v128.load(wp, 16);
        const p0 = v128.load32_splat(xp, 0);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0, p0));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1, p0));
        const p1 = v128.load32_splat(xp, 4);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0, p1));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1, p1));
        const p2 = v128.load32_splat(xp, 8);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0, p2));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1, p2));
        const p3 = v128.load32_splat(xp, 12);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0, p3));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1, p3));
        wp += 32;
        xp += 4;
      }
      rp += <usize>rowBytes;
    }
    v128.store(sp + <usize>(0 * row16 + 0), a0_0);
    v128.store(sp + <usize>(0 * row16 + 16), a0_1);
    v128.store(sp + <usize>(0 * row16 + 32), a0_2);
    v128.store(sp + <usize>(0 * row16 + 48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
}

export function first_pairs_oc4x4_ps1__wasmsimd(
  x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let wp = w;
    let rp = x + <usize>(ow0 * 4);
    for (let kh: i32 = 0; kh < fh; kh++) {
      let xp = rp;
      for (let m: i32 = 0; m < taps; m++) {
        const w0 = v128.load(wp, 0);
        const p0 = v128.load32_splat(xp, 0);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0, p0));
        const p1 = v128.load32_splat(xp, 4);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0, p1));
        const p2 = v128.load32_splat(xp, 8);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0, p2));
        const p3 = v128.load32_splat(xp, 12);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0, p3));
        wp += 16;
        xp += 4;
      }
      rp += <usize>rowBytes;
    }
    v128.store(sp + <usize>(0 * row16 + 0), a0_0);
    v128.store(sp + <usize>(0 * row16 + 16), a0_1);
    v128.store(sp + <usize>(0 * row16 + 32), a0_2);
    v128.store(sp + <usize>(0 * row16 + 48), a0_3);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
}

export function first_pairs_oc8x4_ps2__wasmsimd(
  x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
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
    let wp = w;
    let rp = x + <usize>(ow0 * 8);
    for (let kh: i32 = 0; kh < fh; kh++) {
      let xp = rp;
      for (let m: i32 = 0; m < taps; m++) {
        const w0 = v128.load(wp, 0);
        const w1 = v128.load(wp, 16);
        const p0 = v128.load32_splat(xp, 0);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0, p0));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1, p0));
        const p1 = v128.load32_splat(xp, 8);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0, p1));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1, p1));
        const p2 = v128.load32_splat(xp, 16);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0, p2));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1, p2));
        const p3 = v128.load32_splat(xp, 24);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0, p3));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1, p3));
        wp += 32;
        xp += 4;
      }
      rp += <usize>rowBytes;
    }
    v128.store(sp + <usize>(0 * row16 + 0), a0_0);
    v128.store(sp + <usize>(0 * row16 + 16), a0_1);
    v128.store(sp + <usize>(0 * row16 + 32), a0_2);
    v128.store(sp + <usize>(0 * row16 + 48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
}

export function first_pairs_oc4x4_ps2__wasmsimd(
  x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let wp = w;
    let rp = x + <usize>(ow0 * 8);
    for (let kh: i32 = 0; kh < fh; kh++) {
      let xp = rp;
      for (let m: i32 = 0; m < taps; m++) {
        const w0 = v128.load(wp, 0);
        const p0 = v128.load32_splat(xp, 0);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0, p0));
        const p1 = v128.load32_splat(xp, 8);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0, p1));
        const p2 = v128.load32_splat(xp, 16);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0, p2));
        const p3 = v128.load32_splat(xp, 24);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0, p3));
        wp += 16;
        xp += 4;
      }
      rp += <usize>rowBytes;
    }
    v128.store(sp + <usize>(0 * row16 + 0), a0_0);
    v128.store(sp + <usize>(0 * row16 + 16), a0_1);
    v128.store(sp + <usize>(0 * row16 + 32), a0_2);
    v128.store(sp + <usize>(0 * row16 + 48), a0_3);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
}

export function first_pairs_oc8x4_ps3__wasmsimd(
  x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
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
    let wp = w;
    let rp = x + <usize>(ow0 * 12);
    for (let kh: i32 = 0; kh < fh; kh++) {
      let xp = rp;
      for (let m: i32 = 0; m < taps; m++) {
        const w0 = v128.load(wp, 0);
        const w1 = v128.load(wp, 16);
        const p0 = v128.load32_splat(xp, 0);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0, p0));
        a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1, p0));
        const p1 = v128.load32_splat(xp, 12);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0, p1));
        a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1, p1));
        const p2 = v128.load32_splat(xp, 24);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0, p2));
        a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1, p2));
        const p3 = v128.load32_splat(xp, 36);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0, p3));
        a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1, p3));
        wp += 32;
        xp += 4;
      }
      rp += <usize>rowBytes;
    }
    v128.store(sp + <usize>(0 * row16 + 0), a0_0);
    v128.store(sp + <usize>(0 * row16 + 16), a0_1);
    v128.store(sp + <usize>(0 * row16 + 32), a0_2);
    v128.store(sp + <usize>(0 * row16 + 48), a0_3);
    v128.store(sp + <usize>(1 * row16 + 0), a1_0);
    v128.store(sp + <usize>(1 * row16 + 16), a1_1);
    v128.store(sp + <usize>(1 * row16 + 32), a1_2);
    v128.store(sp + <usize>(1 * row16 + 48), a1_3);
  }
  finishTile(ctx, scratch, 2, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
}

export function first_pairs_oc4x4_ps3__wasmsimd(
  x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  const init0 = v128.load(init, 0);
  const owPad = ((ow + 3) / 4) * 4;
  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row
  for (let ow0: i32 = 0; ow0 < ow; ow0 += 4) {
    const sp = scratch + <usize>(ow0 * 16);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let wp = w;
    let rp = x + <usize>(ow0 * 12);
    for (let kh: i32 = 0; kh < fh; kh++) {
      let xp = rp;
      for (let m: i32 = 0; m < taps; m++) {
        const w0 = v128.load(wp, 0);
        const p0 = v128.load32_splat(xp, 0);
        a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0, p0));
        const p1 = v128.load32_splat(xp, 12);
        a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0, p1));
        const p2 = v128.load32_splat(xp, 24);
        a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0, p2));
        const p3 = v128.load32_splat(xp, 36);
        a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0, p3));
        wp += 16;
        xp += 4;
      }
      rp += <usize>rowBytes;
    }
    v128.store(sp + <usize>(0 * row16 + 0), a0_0);
    v128.store(sp + <usize>(0 * row16 + 16), a0_1);
    v128.store(sp + <usize>(0 * row16 + 32), a0_2);
    v128.store(sp + <usize>(0 * row16 + 48), a0_3);
  }
  finishTile(ctx, scratch, 1, owPad, ch, oc0, nch, pixRow, ow, dst, bias);
}

/** Runs first-layer pair row kernel `id` (its FIRST_PAIRS_KERNELS id, which the host writes into the ctx). */
export function firstPairsRow(
  id: i32, x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,
  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,
): void {
  switch (id) {
    case 0: first_pairs_oc8x4_ps1__wasmsimd(x, rowBytes, fh, taps, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 1: first_pairs_oc4x4_ps1__wasmsimd(x, rowBytes, fh, taps, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 2: first_pairs_oc8x4_ps2__wasmsimd(x, rowBytes, fh, taps, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 3: first_pairs_oc4x4_ps2__wasmsimd(x, rowBytes, fh, taps, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 4: first_pairs_oc8x4_ps3__wasmsimd(x, rowBytes, fh, taps, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    case 5: first_pairs_oc4x4_ps3__wasmsimd(x, rowBytes, fh, taps, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;
    default: unreachable();
  }
}
