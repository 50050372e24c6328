// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit

// GEMM micro-kernels, one per tile of tools/conv-variants.mjs GEMM_TILES, GEMM_DOT8_TILES, GEMMC_TILES and
// GEMMC_DOT8_TILES (Winograd's GEMM_PAIRS_TILES run the pixel-lane SIMD128 ones). See tools/gen-conv-kernels.mjs
// for the packed layouts they read.

export function gemm_s8_2x8__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      const w1l = v128.load32_splat(wp, 8);
      const w1h = v128.load32_splat(wp, 12);
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
      wp += 16;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 32);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
  }
}

export function gemm_s8_1x8__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      wp += 8;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 32);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
  }
}

export function gemm_s8_2x12__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      const p2l = v128.load(xp, 64);
      const p2h = v128.load(xp, 80);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
      const w1l = v128.load32_splat(wp, 8);
      const w1h = v128.load32_splat(wp, 12);
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
      a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
      a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
      wp += 16;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 48);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
    v128.store(rp + <usize>(1 * stride + 32), a1_2);
  }
}

export function gemm_s8_1x12__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      const p2l = v128.load(xp, 64);
      const p2h = v128.load(xp, 80);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
      wp += 8;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 48);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
  }
}

export function gemm_s8_4x4__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  const init2 = v128.load32_splat(init, 8);
  const init3 = v128.load32_splat(init, 12);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a1_0 = init1;
    let a2_0 = init2;
    let a3_0 = init3;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      const w1l = v128.load32_splat(wp, 8);
      const w1h = v128.load32_splat(wp, 12);
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
      const w2l = v128.load32_splat(wp, 16);
      const w2h = v128.load32_splat(wp, 20);
      a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
      a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
      const w3l = v128.load32_splat(wp, 24);
      const w3h = v128.load32_splat(wp, 28);
      a3_0 = i32x4.add(a3_0, i32x4.dot_i16x8_s(w3l, p0l));
      a3_0 = i32x4.add(a3_0, i32x4.dot_i16x8_s(w3h, p0h));
      wp += 32;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 16);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(2 * stride + 0), a2_0);
    v128.store(rp + <usize>(3 * stride + 0), a3_0);
  }
}

export function gemm_s8_4x8__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  const init2 = v128.load32_splat(init, 8);
  const init3 = v128.load32_splat(init, 12);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a3_0 = init3;
    let a3_1 = init3;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      const w1l = v128.load32_splat(wp, 8);
      const w1h = v128.load32_splat(wp, 12);
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
      const w2l = v128.load32_splat(wp, 16);
      const w2h = v128.load32_splat(wp, 20);
      a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2l, p0l));
      a2_0 = i32x4.add(a2_0, i32x4.dot_i16x8_s(w2h, p0h));
      a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2l, p1l));
      a2_1 = i32x4.add(a2_1, i32x4.dot_i16x8_s(w2h, p1h));
      const w3l = v128.load32_splat(wp, 24);
      const w3h = v128.load32_splat(wp, 28);
      a3_0 = i32x4.add(a3_0, i32x4.dot_i16x8_s(w3l, p0l));
      a3_0 = i32x4.add(a3_0, i32x4.dot_i16x8_s(w3h, p0h));
      a3_1 = i32x4.add(a3_1, i32x4.dot_i16x8_s(w3l, p1l));
      a3_1 = i32x4.add(a3_1, i32x4.dot_i16x8_s(w3h, p1h));
      wp += 32;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 32);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
    v128.store(rp + <usize>(2 * stride + 0), a2_0);
    v128.store(rp + <usize>(2 * stride + 16), a2_1);
    v128.store(rp + <usize>(3 * stride + 0), a3_0);
    v128.store(rp + <usize>(3 * stride + 16), a3_1);
  }
}

export function gemm_s8_2x16__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
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
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      const p2l = v128.load(xp, 64);
      const p2h = v128.load(xp, 80);
      const p3l = v128.load(xp, 96);
      const p3h = v128.load(xp, 112);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
      a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
      a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
      const w1l = v128.load32_splat(wp, 8);
      const w1h = v128.load32_splat(wp, 12);
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1l, p1l));
      a1_1 = i32x4.add(a1_1, i32x4.dot_i16x8_s(w1h, p1h));
      a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1l, p2l));
      a1_2 = i32x4.add(a1_2, i32x4.dot_i16x8_s(w1h, p2h));
      a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1l, p3l));
      a1_3 = i32x4.add(a1_3, i32x4.dot_i16x8_s(w1h, p3h));
      wp += 16;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 64);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(48), a0_3);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
    v128.store(rp + <usize>(1 * stride + 32), a1_2);
    v128.store(rp + <usize>(1 * stride + 48), a1_3);
  }
}

export function gemm_s8_2x4__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a1_0 = init1;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      const w1l = v128.load32_splat(wp, 8);
      const w1h = v128.load32_splat(wp, 12);
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1l, p0l));
      a1_0 = i32x4.add(a1_0, i32x4.dot_i16x8_s(w1h, p0h));
      wp += 16;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 16);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
  }
}

export function gemm_s8_1x4__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      wp += 8;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 16);
    v128.store(rp + <usize>(0), a0_0);
  }
}

export function gemm_s8_1x16__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0l = v128.load(xp, 0);
      const p0h = v128.load(xp, 16);
      const p1l = v128.load(xp, 32);
      const p1h = v128.load(xp, 48);
      const p2l = v128.load(xp, 64);
      const p2h = v128.load(xp, 80);
      const p3l = v128.load(xp, 96);
      const p3h = v128.load(xp, 112);
      const w0l = v128.load32_splat(wp, 0);
      const w0h = v128.load32_splat(wp, 4);
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0l, p0l));
      a0_0 = i32x4.add(a0_0, i32x4.dot_i16x8_s(w0h, p0h));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0l, p1l));
      a0_1 = i32x4.add(a0_1, i32x4.dot_i16x8_s(w0h, p1h));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0l, p2l));
      a0_2 = i32x4.add(a0_2, i32x4.dot_i16x8_s(w0h, p2h));
      a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0l, p3l));
      a0_3 = i32x4.add(a0_3, i32x4.dot_i16x8_s(w0h, p3h));
      wp += 8;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 64);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(48), a0_3);
  }
}

export function gemm_s8c_oc8x2__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
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
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 32);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
  }
}

export function gemm_s8c_oc4x2__wasmsimd(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  const init0 = v128.load(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
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
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 32);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
  }
}

export function gemm_s8_2x24__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
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
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const w1 = v128.load32_splat(wp, 4);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
      const p2 = v128.load(xp, 32);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
      a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
      const p3 = v128.load(xp, 48);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
      a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
      const p4 = v128.load(xp, 64);
      a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
      a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
      const p5 = v128.load(xp, 80);
      a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
      a1_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p5, a1_5);
      wp += 8;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 96);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(48), a0_3);
    v128.store(rp + <usize>(64), a0_4);
    v128.store(rp + <usize>(80), a0_5);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
    v128.store(rp + <usize>(1 * stride + 32), a1_2);
    v128.store(rp + <usize>(1 * stride + 48), a1_3);
    v128.store(rp + <usize>(1 * stride + 64), a1_4);
    v128.store(rp + <usize>(1 * stride + 80), a1_5);
  }
  }
}

export function gemm_s8_1x24__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let a0_5 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      const p2 = v128.load(xp, 32);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
      const p3 = v128.load(xp, 48);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
      const p4 = v128.load(xp, 64);
      a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
      const p5 = v128.load(xp, 80);
      a0_5 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p5, a0_5);
      wp += 4;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 96);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(48), a0_3);
    v128.store(rp + <usize>(64), a0_4);
    v128.store(rp + <usize>(80), a0_5);
  }
  }
}

export function gemm_s8_4x8__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  const init2 = v128.load32_splat(init, 8);
  const init3 = v128.load32_splat(init, 12);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a3_0 = init3;
    let a3_1 = init3;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const w1 = v128.load32_splat(wp, 4);
      const w2 = v128.load32_splat(wp, 8);
      const w3 = v128.load32_splat(wp, 12);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
      a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
      a3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w3, p0, a3_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
      a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
      a3_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w3, p1, a3_1);
      wp += 16;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 32);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
    v128.store(rp + <usize>(2 * stride + 0), a2_0);
    v128.store(rp + <usize>(2 * stride + 16), a2_1);
    v128.store(rp + <usize>(3 * stride + 0), a3_0);
    v128.store(rp + <usize>(3 * stride + 16), a3_1);
  }
  }
}

export function gemm_s8_4x12__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  const init2 = v128.load32_splat(init, 8);
  const init3 = v128.load32_splat(init, 12);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a1_0 = init1;
    let a1_1 = init1;
    let a1_2 = init1;
    let a2_0 = init2;
    let a2_1 = init2;
    let a2_2 = init2;
    let a3_0 = init3;
    let a3_1 = init3;
    let a3_2 = init3;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const w1 = v128.load32_splat(wp, 4);
      const w2 = v128.load32_splat(wp, 8);
      const w3 = v128.load32_splat(wp, 12);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
      a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
      a3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w3, p0, a3_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
      a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p1, a2_1);
      a3_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w3, p1, a3_1);
      const p2 = v128.load(xp, 32);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
      a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
      a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p2, a2_2);
      a3_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w3, p2, a3_2);
      wp += 16;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 48);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
    v128.store(rp + <usize>(1 * stride + 32), a1_2);
    v128.store(rp + <usize>(2 * stride + 0), a2_0);
    v128.store(rp + <usize>(2 * stride + 16), a2_1);
    v128.store(rp + <usize>(2 * stride + 32), a2_2);
    v128.store(rp + <usize>(3 * stride + 0), a3_0);
    v128.store(rp + <usize>(3 * stride + 16), a3_1);
    v128.store(rp + <usize>(3 * stride + 32), a3_2);
  }
  }
}

export function gemm_s8_2x16__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
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
      const w0 = v128.load32_splat(wp, 0);
      const w1 = v128.load32_splat(wp, 4);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
      const p2 = v128.load(xp, 32);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
      a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
      const p3 = v128.load(xp, 48);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
      a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
      wp += 8;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 64);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(48), a0_3);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
    v128.store(rp + <usize>(1 * stride + 32), a1_2);
    v128.store(rp + <usize>(1 * stride + 48), a1_3);
  }
  }
}

export function gemm_s8_2x20__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
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
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const w1 = v128.load32_splat(wp, 4);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p1, a1_1);
      const p2 = v128.load(xp, 32);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
      a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p2, a1_2);
      const p3 = v128.load(xp, 48);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
      a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p3, a1_3);
      const p4 = v128.load(xp, 64);
      a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
      a1_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p4, a1_4);
      wp += 8;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 80);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(48), a0_3);
    v128.store(rp + <usize>(64), a0_4);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(1 * stride + 16), a1_1);
    v128.store(rp + <usize>(1 * stride + 32), a1_2);
    v128.store(rp + <usize>(1 * stride + 48), a1_3);
    v128.store(rp + <usize>(1 * stride + 64), a1_4);
  }
  }
}

export function gemm_s8_2x4__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  const bs = <usize>bstep;
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = i32x4.splat(0);
    let a0_2 = i32x4.splat(0);
    let a0_3 = i32x4.splat(0);
    let a1_0 = init1;
    let a1_1 = i32x4.splat(0);
    let a1_2 = i32x4.splat(0);
    let a1_3 = i32x4.splat(0);
    let wp = w;
    let k: i32 = 0;
    for (; k + 4 <= kbn; k += 4) {
      const p0 = v128.load(xp);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 0), p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 4), p0, a1_0);
      const p1 = v128.load(xp + 1 * bs);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 8), p1, a0_1);
      a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 12), p1, a1_1);
      const p2 = v128.load(xp + 2 * bs);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 16), p2, a0_2);
      a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 20), p2, a1_2);
      const p3 = v128.load(xp + 3 * bs);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 24), p3, a0_3);
      a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 28), p3, a1_3);
      wp += 32;
      xp += 4 * bs;
    }
    for (; k < kbn; k++) {
      const p0 = v128.load(xp);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 0), p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 4), p0, a1_0);
      wp += 8;
      xp += bs;
    }
    const rp = rows + <usize>(g * 16);
    v128.store(rp, i32x4.add(i32x4.add(a0_0, a0_1), i32x4.add(a0_2, a0_3)));
    v128.store(rp + <usize>(1 * stride), i32x4.add(i32x4.add(a1_0, a1_1), i32x4.add(a1_2, a1_3)));
  }
  }
}

export function gemm_s8_1x4__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  const bs = <usize>bstep;
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = i32x4.splat(0);
    let a0_2 = i32x4.splat(0);
    let a0_3 = i32x4.splat(0);
    let wp = w;
    let k: i32 = 0;
    for (; k + 4 <= kbn; k += 4) {
      const p0 = v128.load(xp);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 0), p0, a0_0);
      const p1 = v128.load(xp + 1 * bs);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 4), p1, a0_1);
      const p2 = v128.load(xp + 2 * bs);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 8), p2, a0_2);
      const p3 = v128.load(xp + 3 * bs);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 12), p3, a0_3);
      wp += 16;
      xp += 4 * bs;
    }
    for (; k < kbn; k++) {
      const p0 = v128.load(xp);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 0), p0, a0_0);
      wp += 4;
      xp += bs;
    }
    const rp = rows + <usize>(g * 16);
    v128.store(rp, i32x4.add(i32x4.add(a0_0, a0_1), i32x4.add(a0_2, a0_3)));
  }
  }
}

export function gemm_s8_1x8__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      wp += 4;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 32);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
  }
  }
}

export function gemm_s8_4x4__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  const init1 = v128.load32_splat(init, 4);
  const init2 = v128.load32_splat(init, 8);
  const init3 = v128.load32_splat(init, 12);
  const bs = <usize>bstep;
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = i32x4.splat(0);
    let a0_2 = i32x4.splat(0);
    let a0_3 = i32x4.splat(0);
    let a1_0 = init1;
    let a1_1 = i32x4.splat(0);
    let a1_2 = i32x4.splat(0);
    let a1_3 = i32x4.splat(0);
    let a2_0 = init2;
    let a2_1 = i32x4.splat(0);
    let a2_2 = i32x4.splat(0);
    let a2_3 = i32x4.splat(0);
    let a3_0 = init3;
    let a3_1 = i32x4.splat(0);
    let a3_2 = i32x4.splat(0);
    let a3_3 = i32x4.splat(0);
    let wp = w;
    let k: i32 = 0;
    for (; k + 4 <= kbn; k += 4) {
      const p0 = v128.load(xp);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 0), p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 4), p0, a1_0);
      a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 8), p0, a2_0);
      a3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 12), p0, a3_0);
      const p1 = v128.load(xp + 1 * bs);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 16), p1, a0_1);
      a1_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 20), p1, a1_1);
      a2_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 24), p1, a2_1);
      a3_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 28), p1, a3_1);
      const p2 = v128.load(xp + 2 * bs);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 32), p2, a0_2);
      a1_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 36), p2, a1_2);
      a2_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 40), p2, a2_2);
      a3_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 44), p2, a3_2);
      const p3 = v128.load(xp + 3 * bs);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 48), p3, a0_3);
      a1_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 52), p3, a1_3);
      a2_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 56), p3, a2_3);
      a3_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 60), p3, a3_3);
      wp += 64;
      xp += 4 * bs;
    }
    for (; k < kbn; k++) {
      const p0 = v128.load(xp);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 0), p0, a0_0);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 4), p0, a1_0);
      a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 8), p0, a2_0);
      a3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, 12), p0, a3_0);
      wp += 16;
      xp += bs;
    }
    const rp = rows + <usize>(g * 16);
    v128.store(rp, i32x4.add(i32x4.add(a0_0, a0_1), i32x4.add(a0_2, a0_3)));
    v128.store(rp + <usize>(1 * stride), i32x4.add(i32x4.add(a1_0, a1_1), i32x4.add(a1_2, a1_3)));
    v128.store(rp + <usize>(2 * stride), i32x4.add(i32x4.add(a2_0, a2_1), i32x4.add(a2_2, a2_3)));
    v128.store(rp + <usize>(3 * stride), i32x4.add(i32x4.add(a3_0, a3_1), i32x4.add(a3_2, a3_3)));
  }
  }
}

export function gemm_s8_1x12__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      const p2 = v128.load(xp, 32);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
      wp += 4;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 48);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
  }
  }
}

export function gemm_s8_1x16__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      const p2 = v128.load(xp, 32);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
      const p3 = v128.load(xp, 48);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
      wp += 4;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 64);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(48), a0_3);
  }
  }
}

export function gemm_s8_1x20__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load32_splat(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a0_1 = init0;
    let a0_2 = init0;
    let a0_3 = init0;
    let a0_4 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const w0 = v128.load32_splat(wp, 0);
      const p0 = v128.load(xp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      const p1 = v128.load(xp, 16);
      a0_1 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p1, a0_1);
      const p2 = v128.load(xp, 32);
      a0_2 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p2, a0_2);
      const p3 = v128.load(xp, 48);
      a0_3 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p3, a0_3);
      const p4 = v128.load(xp, 64);
      a0_4 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p4, a0_4);
      wp += 4;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 80);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(16), a0_1);
    v128.store(rp + <usize>(32), a0_2);
    v128.store(rp + <usize>(48), a0_3);
    v128.store(rp + <usize>(64), a0_4);
  }
  }
}

export function gemm_s8c_oc32x1__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  const init1 = v128.load(init, 16);
  const init2 = v128.load(init, 32);
  const init3 = v128.load(init, 48);
  const init4 = v128.load(init, 64);
  const init5 = v128.load(init, 80);
  const init6 = v128.load(init, 96);
  const init7 = v128.load(init, 112);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let a1_0 = init1;
    let a2_0 = init2;
    let a3_0 = init3;
    let a4_0 = init4;
    let a5_0 = init5;
    let a6_0 = init6;
    let a7_0 = init7;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0 = v128.load32_splat(xp, 0);
      const w0 = v128.load(wp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      const w1 = v128.load(wp, 16);
      a1_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w1, p0, a1_0);
      const w2 = v128.load(wp, 32);
      a2_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w2, p0, a2_0);
      const w3 = v128.load(wp, 48);
      a3_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w3, p0, a3_0);
      const w4 = v128.load(wp, 64);
      a4_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w4, p0, a4_0);
      const w5 = v128.load(wp, 80);
      a5_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w5, p0, a5_0);
      const w6 = v128.load(wp, 96);
      a6_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w6, p0, a6_0);
      const w7 = v128.load(wp, 112);
      a7_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w7, p0, a7_0);
      wp += 128;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 16);
    v128.store(rp + <usize>(0), a0_0);
    v128.store(rp + <usize>(1 * stride + 0), a1_0);
    v128.store(rp + <usize>(2 * stride + 0), a2_0);
    v128.store(rp + <usize>(3 * stride + 0), a3_0);
    v128.store(rp + <usize>(4 * stride + 0), a4_0);
    v128.store(rp + <usize>(5 * stride + 0), a5_0);
    v128.store(rp + <usize>(6 * stride + 0), a6_0);
    v128.store(rp + <usize>(7 * stride + 0), a7_0);
  }
  }
}

export function gemm_s8c_oc4x1__wasmrelaxeddot(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {
  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {
  const init0 = v128.load(init, 0);
  for (let g: i32 = 0; g < groups; g++) {
    let xp = b + <usize>(g * gstep);
    let a0_0 = init0;
    let wp = w;
    for (let k: i32 = 0; k < kbn; k++) {
      const p0 = v128.load32_splat(xp, 0);
      const w0 = v128.load(wp, 0);
      a0_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(w0, p0, a0_0);
      wp += 16;
      xp += <usize>bstep;
    }
    const rp = rows + <usize>(g * 16);
    v128.store(rp + <usize>(0), a0_0);
  }
  }
}

/** Runs GEMM kernel `id` (GEMM_KERNELS / WINOGRAD_KERNELS id). */
export function gemmRun(
  id: i32, b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32,
): void {
  switch (id) {
    case 0: gemm_s8_2x8__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 1: gemm_s8_1x8__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 2: gemm_s8_2x12__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 3: gemm_s8_1x12__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 4: gemm_s8_4x4__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 5: gemm_s8_4x8__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 6: if (I8CONV_LAB) gemm_s8_2x16__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 7: gemm_s8_2x4__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 8: gemm_s8_1x4__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 9: if (I8CONV_LAB) gemm_s8_1x16__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 10: gemm_s8c_oc8x2__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 11: gemm_s8c_oc4x2__wasmsimd(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 12: gemm_s8_2x24__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 13: gemm_s8_1x24__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 14: if (I8CONV_LAB) gemm_s8_4x8__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 15: if (I8CONV_LAB) gemm_s8_4x12__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 16: if (I8CONV_LAB) gemm_s8_2x16__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 17: if (I8CONV_LAB) gemm_s8_2x20__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 18: gemm_s8_2x4__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 19: gemm_s8_1x4__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 20: if (I8CONV_LAB) gemm_s8_1x8__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 21: if (I8CONV_LAB) gemm_s8_4x4__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 22: if (I8CONV_LAB) gemm_s8_1x12__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 23: if (I8CONV_LAB) gemm_s8_1x16__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 24: if (I8CONV_LAB) gemm_s8_1x20__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); else unreachable(); break;
    case 25: gemm_s8c_oc32x1__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    case 26: gemm_s8c_oc4x1__wasmrelaxeddot(b, groups, kbn, w, init, rows, stride, bstep, gstep); break;
    default: unreachable();
  }
}
