// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit

/** One NCHW44 dot micro-kernel variant; `id` is its index, passed to the wasm row dispatcher. */
export interface KernelVariant {
  id: number;
  name: string;
  family: 'conv-nchw44-dot';
  fw: number;
  stride: number;
  /** output-channel blocks of 4 per tile */
  nb: number;
  /** output pixels per tile */
  npix: number;
  role: 'main' | 'tail' | 'alt';
  /** filter rows unrolled in one trip of the input-channel loop (1: a runtime row loop) */
  unrolledRows: number;
  /** one filter tap per trip of the innermost loop */
  tapLoop: boolean;
  isa: 'wasmsimd' | 'wasmrelaxedsimd' | 'wasmrelaxeddot';
  /** main tiles: the engine tile set it is chosen for (null: every engine; tools/conv-variants.mjs TILES) */
  tileSet: 'narrow' | 'wide' | null;
  /** SIMD128 weights packed as int8 and sign-extended as loaded (half the bytes of the i16 tiles) */
  w8: boolean;
  /** the row's last OW % npix pixels run a narrower copy of the body (no padded pixels computed) */
  rem: boolean;
  /** in the lab build only (not shipped): forced by name on a lab runtime (tests, benchmarks) */
  lab: boolean;
}
export const KERNELS: readonly KernelVariant[] = [
  { id: 0, name: 'conv_nchw44_dot_f2s1_oc8x4tr__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: false, rem: true, lab: false },
  { id: 1, name: 'conv_nchw44_dot_f2s1_oc8x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 2, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'narrow', w8: false, rem: true, lab: false },
  { id: 2, name: 'conv_nchw44_dot_f2s1_oc4x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: true, lab: false },
  { id: 3, name: 'conv_nchw44_dot_f2s1_oc8x4t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 4, name: 'conv_nchw44_dot_f2s1_oc12x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 3, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 5, name: 'conv_nchw44_dot_f2s1_oc8x7t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 6, name: 'conv_nchw44_dot_f2s1_oc8x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 7, name: 'conv_nchw44_dot_f2s1_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 2, tapLoop: false, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 8, name: 'conv_nchw44_dot_f2s1_oc8x3t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 3, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 9, name: 'conv_nchw44_dot_f2s2_oc8x4tr__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: false, rem: true, lab: false },
  { id: 10, name: 'conv_nchw44_dot_f2s2_oc8x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 2, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'narrow', w8: false, rem: true, lab: false },
  { id: 11, name: 'conv_nchw44_dot_f2s2_oc4x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: true, lab: false },
  { id: 12, name: 'conv_nchw44_dot_f2s2_oc8x4t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 13, name: 'conv_nchw44_dot_f2s2_oc12x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 3, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 14, name: 'conv_nchw44_dot_f2s2_oc8x7t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 15, name: 'conv_nchw44_dot_f2s2_oc8x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 16, name: 'conv_nchw44_dot_f2s2_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 2, tapLoop: false, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 17, name: 'conv_nchw44_dot_f2s2_oc8x3t__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 3, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 18, name: 'conv_nchw44_dot_f3s1_oc8x4tr__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: false, rem: true, lab: false },
  { id: 19, name: 'conv_nchw44_dot_f3s1_oc8x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 2, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'narrow', w8: false, rem: true, lab: false },
  { id: 20, name: 'conv_nchw44_dot_f3s1_oc4x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: true, lab: false },
  { id: 21, name: 'conv_nchw44_dot_f3s1_oc8x4tr_w8__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: true, rem: true, lab: false },
  { id: 22, name: 'conv_nchw44_dot_f3s1_oc4x2tr_w8__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: true, rem: true, lab: false },
  { id: 23, name: 'conv_nchw44_dot_f3s1_oc8x4t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 24, name: 'conv_nchw44_dot_f3s1_oc12x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 3, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 25, name: 'conv_nchw44_dot_f3s1_oc8x7t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 26, name: 'conv_nchw44_dot_f3s1_oc8x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 27, name: 'conv_nchw44_dot_f3s1_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 1, tapLoop: false, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 28, name: 'conv_nchw44_dot_f3s1_oc8x3t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 3, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 29, name: 'conv_nchw44_dot_f3s2_oc8x4tr__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: false, rem: true, lab: false },
  { id: 30, name: 'conv_nchw44_dot_f3s2_oc8x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 2, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'narrow', w8: false, rem: true, lab: false },
  { id: 31, name: 'conv_nchw44_dot_f3s2_oc4x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: true, lab: false },
  { id: 32, name: 'conv_nchw44_dot_f3s2_oc8x4tr_w8__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: true, rem: true, lab: false },
  { id: 33, name: 'conv_nchw44_dot_f3s2_oc4x2tr_w8__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: true, rem: true, lab: false },
  { id: 34, name: 'conv_nchw44_dot_f3s2_oc8x4t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 35, name: 'conv_nchw44_dot_f3s2_oc12x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 3, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 36, name: 'conv_nchw44_dot_f3s2_oc8x7t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 37, name: 'conv_nchw44_dot_f3s2_oc8x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 38, name: 'conv_nchw44_dot_f3s2_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 1, tapLoop: false, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 39, name: 'conv_nchw44_dot_f3s2_oc8x3t__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 3, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 40, name: 'conv_nchw44_dot_f5s1_oc8x4tr__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: false, rem: true, lab: false },
  { id: 41, name: 'conv_nchw44_dot_f5s1_oc8x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 2, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'narrow', w8: false, rem: true, lab: false },
  { id: 42, name: 'conv_nchw44_dot_f5s1_oc4x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: true, lab: false },
  { id: 43, name: 'conv_nchw44_dot_f5s1_oc8x4t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 44, name: 'conv_nchw44_dot_f5s1_oc12x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 3, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 45, name: 'conv_nchw44_dot_f5s1_oc8x7t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 46, name: 'conv_nchw44_dot_f5s1_oc8x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 47, name: 'conv_nchw44_dot_f5s1_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 1, tapLoop: false, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 48, name: 'conv_nchw44_dot_f5s1_oc8x3t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 3, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 49, name: 'conv_nchw44_dot_f5s2_oc8x4tr__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: false, rem: true, lab: false },
  { id: 50, name: 'conv_nchw44_dot_f5s2_oc8x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 2, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'narrow', w8: false, rem: true, lab: false },
  { id: 51, name: 'conv_nchw44_dot_f5s2_oc4x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: true, lab: false },
  { id: 52, name: 'conv_nchw44_dot_f5s2_oc8x4t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 53, name: 'conv_nchw44_dot_f5s2_oc12x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 3, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 54, name: 'conv_nchw44_dot_f5s2_oc8x7t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 55, name: 'conv_nchw44_dot_f5s2_oc8x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 56, name: 'conv_nchw44_dot_f5s2_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 1, tapLoop: false, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 57, name: 'conv_nchw44_dot_f5s2_oc8x3t__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 3, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 58, name: 'conv_nchw44_dot_f7s1_oc8x4tr__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: false, rem: true, lab: false },
  { id: 59, name: 'conv_nchw44_dot_f7s1_oc8x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 2, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'narrow', w8: false, rem: true, lab: false },
  { id: 60, name: 'conv_nchw44_dot_f7s1_oc4x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: true, lab: false },
  { id: 61, name: 'conv_nchw44_dot_f7s1_oc8x4t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 62, name: 'conv_nchw44_dot_f7s1_oc12x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 3, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 63, name: 'conv_nchw44_dot_f7s1_oc8x7t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 64, name: 'conv_nchw44_dot_f7s1_oc8x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 65, name: 'conv_nchw44_dot_f7s1_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 1, tapLoop: false, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 66, name: 'conv_nchw44_dot_f7s1_oc8x3t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 3, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 67, name: 'conv_nchw44_dot_f7s2_oc8x4tr__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 4, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'wide', w8: false, rem: true, lab: false },
  { id: 68, name: 'conv_nchw44_dot_f7s2_oc8x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 2, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: 'narrow', w8: false, rem: true, lab: false },
  { id: 69, name: 'conv_nchw44_dot_f7s2_oc4x2tr__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 1, npix: 2, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: true, lab: false },
  { id: 70, name: 'conv_nchw44_dot_f7s2_oc8x4t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 71, name: 'conv_nchw44_dot_f7s2_oc12x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 3, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 72, name: 'conv_nchw44_dot_f7s2_oc8x7t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 73, name: 'conv_nchw44_dot_f7s2_oc8x2t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 2, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 74, name: 'conv_nchw44_dot_f7s2_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 1, tapLoop: false, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 75, name: 'conv_nchw44_dot_f7s2_oc8x3t__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 3, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmsimd', tileSet: null, w8: false, rem: false, lab: true },
  { id: 76, name: 'conv_nchw44_dot_f2s1_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 1, npix: 6, role: 'main', unrolledRows: 2, tapLoop: false, isa: 'wasmrelaxedsimd', tileSet: null, w8: false, rem: false, lab: false },
  { id: 77, name: 'conv_nchw44_dot_f2s2_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 1, npix: 6, role: 'main', unrolledRows: 2, tapLoop: false, isa: 'wasmrelaxedsimd', tileSet: null, w8: false, rem: false, lab: false },
  { id: 78, name: 'conv_nchw44_dot_f3s1_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 6, role: 'main', unrolledRows: 1, tapLoop: false, isa: 'wasmrelaxedsimd', tileSet: null, w8: false, rem: false, lab: false },
  { id: 79, name: 'conv_nchw44_dot_f3s2_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 6, role: 'main', unrolledRows: 1, tapLoop: false, isa: 'wasmrelaxedsimd', tileSet: null, w8: false, rem: false, lab: false },
  { id: 80, name: 'conv_nchw44_dot_f5s1_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 1, npix: 6, role: 'main', unrolledRows: 1, tapLoop: false, isa: 'wasmrelaxedsimd', tileSet: null, w8: false, rem: false, lab: false },
  { id: 81, name: 'conv_nchw44_dot_f5s2_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 1, npix: 6, role: 'main', unrolledRows: 1, tapLoop: false, isa: 'wasmrelaxedsimd', tileSet: null, w8: false, rem: false, lab: false },
  { id: 82, name: 'conv_nchw44_dot_f7s1_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 1, npix: 6, role: 'main', unrolledRows: 1, tapLoop: false, isa: 'wasmrelaxedsimd', tileSet: null, w8: false, rem: false, lab: false },
  { id: 83, name: 'conv_nchw44_dot_f7s2_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 1, npix: 6, role: 'main', unrolledRows: 1, tapLoop: false, isa: 'wasmrelaxedsimd', tileSet: null, w8: false, rem: false, lab: false },
  { id: 84, name: 'conv_nchw44_dot_f2s1_oc8x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 6, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 85, name: 'conv_nchw44_dot_f2s1_oc8x5tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 5, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 86, name: 'conv_nchw44_dot_f2s1_oc8x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 6, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 87, name: 'conv_nchw44_dot_f2s1_oc8x5t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 5, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 88, name: 'conv_nchw44_dot_f2s1_oc4x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 1, npix: 6, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 89, name: 'conv_nchw44_dot_f2s1_oc4x7t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 1, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 90, name: 'conv_nchw44_dot_f2s1_oc12x4t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 3, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 91, name: 'conv_nchw44_dot_f2s1_oc4x12t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 1, npix: 12, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 92, name: 'conv_nchw44_dot_f2s2_oc8x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 6, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 93, name: 'conv_nchw44_dot_f2s2_oc8x5tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 5, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 94, name: 'conv_nchw44_dot_f2s2_oc8x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 6, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 95, name: 'conv_nchw44_dot_f2s2_oc8x5t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 5, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 96, name: 'conv_nchw44_dot_f2s2_oc4x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 1, npix: 6, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 97, name: 'conv_nchw44_dot_f2s2_oc4x7t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 1, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 98, name: 'conv_nchw44_dot_f2s2_oc12x4t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 3, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 99, name: 'conv_nchw44_dot_f2s2_oc4x12t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 1, npix: 12, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 100, name: 'conv_nchw44_dot_f3s1_oc8x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 6, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: false },
  { id: 101, name: 'conv_nchw44_dot_f3s1_oc8x5tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 5, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: false },
  { id: 102, name: 'conv_nchw44_dot_f3s1_oc4x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 6, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: false },
  { id: 103, name: 'conv_nchw44_dot_f3s1_oc8x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 6, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 104, name: 'conv_nchw44_dot_f3s1_oc8x5t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 5, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 105, name: 'conv_nchw44_dot_f3s1_oc4x7t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 106, name: 'conv_nchw44_dot_f3s1_oc12x4t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 3, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 107, name: 'conv_nchw44_dot_f3s1_oc4x12t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 12, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 108, name: 'conv_nchw44_dot_f3s2_oc8x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 6, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: false },
  { id: 109, name: 'conv_nchw44_dot_f3s2_oc8x5tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 5, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: false },
  { id: 110, name: 'conv_nchw44_dot_f3s2_oc4x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 6, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: false },
  { id: 111, name: 'conv_nchw44_dot_f3s2_oc8x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 6, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 112, name: 'conv_nchw44_dot_f3s2_oc8x5t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 5, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 113, name: 'conv_nchw44_dot_f3s2_oc4x7t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 114, name: 'conv_nchw44_dot_f3s2_oc12x4t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 3, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 115, name: 'conv_nchw44_dot_f3s2_oc4x12t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 12, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 116, name: 'conv_nchw44_dot_f5s1_oc8x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 6, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 117, name: 'conv_nchw44_dot_f5s1_oc8x5tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 5, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 118, name: 'conv_nchw44_dot_f5s1_oc8x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 6, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 119, name: 'conv_nchw44_dot_f5s1_oc8x5t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 5, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 120, name: 'conv_nchw44_dot_f5s1_oc4x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 1, npix: 6, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 121, name: 'conv_nchw44_dot_f5s1_oc4x7t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 1, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 122, name: 'conv_nchw44_dot_f5s1_oc12x4t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 3, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 123, name: 'conv_nchw44_dot_f5s1_oc4x12t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 1, npix: 12, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 124, name: 'conv_nchw44_dot_f5s2_oc8x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 6, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 125, name: 'conv_nchw44_dot_f5s2_oc8x5tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 5, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 126, name: 'conv_nchw44_dot_f5s2_oc8x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 6, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 127, name: 'conv_nchw44_dot_f5s2_oc8x5t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 5, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 128, name: 'conv_nchw44_dot_f5s2_oc4x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 1, npix: 6, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 129, name: 'conv_nchw44_dot_f5s2_oc4x7t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 1, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 130, name: 'conv_nchw44_dot_f5s2_oc12x4t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 3, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 131, name: 'conv_nchw44_dot_f5s2_oc4x12t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 1, npix: 12, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 132, name: 'conv_nchw44_dot_f7s1_oc8x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 6, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 133, name: 'conv_nchw44_dot_f7s1_oc8x5tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 5, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 134, name: 'conv_nchw44_dot_f7s1_oc8x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 6, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 135, name: 'conv_nchw44_dot_f7s1_oc8x5t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 5, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 136, name: 'conv_nchw44_dot_f7s1_oc4x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 1, npix: 6, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 137, name: 'conv_nchw44_dot_f7s1_oc4x7t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 1, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 138, name: 'conv_nchw44_dot_f7s1_oc12x4t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 3, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 139, name: 'conv_nchw44_dot_f7s1_oc4x12t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 1, npix: 12, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 140, name: 'conv_nchw44_dot_f7s2_oc8x6tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 6, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 141, name: 'conv_nchw44_dot_f7s2_oc8x5tr__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 5, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: true, lab: true },
  { id: 142, name: 'conv_nchw44_dot_f7s2_oc8x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 6, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 143, name: 'conv_nchw44_dot_f7s2_oc8x5t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 5, role: 'main', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 144, name: 'conv_nchw44_dot_f7s2_oc4x6t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 1, npix: 6, role: 'tail', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: false },
  { id: 145, name: 'conv_nchw44_dot_f7s2_oc4x7t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 1, npix: 7, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 146, name: 'conv_nchw44_dot_f7s2_oc12x4t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 3, npix: 4, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
  { id: 147, name: 'conv_nchw44_dot_f7s2_oc4x12t__wasmrelaxeddot', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 1, npix: 12, role: 'alt', unrolledRows: 0, tapLoop: true, isa: 'wasmrelaxeddot', tileSet: null, w8: false, rem: false, lab: true },
];

/** One GEMM micro-kernel variant (assembly/gemm/generated.ts); `id` is its index, passed to gemmRun. */
export interface GemmKernelVariant {
  id: number;
  name: string;
  family: 'gemm';
  /** 'pixel': an accumulator is 4 pixels of one channel; 'channel': 4 channels of one pixel */
  lanes: 'pixel' | 'channel';
  /** output channels per micro-tile */
  noc: number;
  /** pixel-lane: groups of 4 pixels per micro-tile (0 for channel-lane) */
  npg: number;
  /** channel-lane: blocks of 4 output channels (0 for pixel-lane) */
  nb: number;
  /** pixels per micro-tile */
  npix: number;
  role: 'main' | 'tail' | 'alt';
  isa: 'wasmsimd' | 'wasmrelaxeddot';
  /** SIMD128 pixel-lane main and tail tiles: the engine tile set they are chosen for (null: every engine) */
  tileSet: 'narrow' | 'wide' | null;
  /** in the lab build only (not shipped): forced by name on a lab runtime (tests, benchmarks) */
  lab: boolean;
}
export const GEMM_KERNELS: readonly GemmKernelVariant[] = [
  { id: 0, name: 'gemm_s8_2x8__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 2, npg: 2, nb: 0, npix: 8, role: 'main', isa: 'wasmsimd', tileSet: 'narrow', lab: false },
  { id: 1, name: 'gemm_s8_1x8__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 1, npg: 2, nb: 0, npix: 8, role: 'tail', isa: 'wasmsimd', tileSet: 'narrow', lab: false },
  { id: 2, name: 'gemm_s8_2x12__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 2, npg: 3, nb: 0, npix: 12, role: 'main', isa: 'wasmsimd', tileSet: 'wide', lab: false },
  { id: 3, name: 'gemm_s8_1x12__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 1, npg: 3, nb: 0, npix: 12, role: 'tail', isa: 'wasmsimd', tileSet: 'wide', lab: false },
  { id: 4, name: 'gemm_s8_4x4__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 4, npg: 1, nb: 0, npix: 4, role: 'alt', isa: 'wasmsimd', tileSet: null, lab: false },
  { id: 5, name: 'gemm_s8_4x8__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 4, npg: 2, nb: 0, npix: 8, role: 'alt', isa: 'wasmsimd', tileSet: null, lab: false },
  { id: 6, name: 'gemm_s8_2x16__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 2, npg: 4, nb: 0, npix: 16, role: 'alt', isa: 'wasmsimd', tileSet: null, lab: true },
  { id: 7, name: 'gemm_s8_2x4__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 2, npg: 1, nb: 0, npix: 4, role: 'alt', isa: 'wasmsimd', tileSet: null, lab: false },
  { id: 8, name: 'gemm_s8_1x4__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 1, npg: 1, nb: 0, npix: 4, role: 'alt', isa: 'wasmsimd', tileSet: null, lab: false },
  { id: 9, name: 'gemm_s8_1x16__wasmsimd', family: 'gemm', lanes: 'pixel', noc: 1, npg: 4, nb: 0, npix: 16, role: 'alt', isa: 'wasmsimd', tileSet: null, lab: true },
  { id: 10, name: 'gemm_s8c_oc8x2__wasmsimd', family: 'gemm', lanes: 'channel', noc: 8, npg: 0, nb: 2, npix: 2, role: 'main', isa: 'wasmsimd', tileSet: null, lab: false },
  { id: 11, name: 'gemm_s8c_oc4x2__wasmsimd', family: 'gemm', lanes: 'channel', noc: 4, npg: 0, nb: 1, npix: 2, role: 'tail', isa: 'wasmsimd', tileSet: null, lab: false },
  { id: 12, name: 'gemm_s8_2x24__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 2, npg: 6, nb: 0, npix: 24, role: 'main', isa: 'wasmrelaxeddot', tileSet: null, lab: false },
  { id: 13, name: 'gemm_s8_1x24__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 1, npg: 6, nb: 0, npix: 24, role: 'tail', isa: 'wasmrelaxeddot', tileSet: null, lab: false },
  { id: 14, name: 'gemm_s8_4x8__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 4, npg: 2, nb: 0, npix: 8, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 15, name: 'gemm_s8_4x12__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 4, npg: 3, nb: 0, npix: 12, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 16, name: 'gemm_s8_2x16__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 2, npg: 4, nb: 0, npix: 16, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 17, name: 'gemm_s8_2x20__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 2, npg: 5, nb: 0, npix: 20, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 18, name: 'gemm_s8_2x4__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 2, npg: 1, nb: 0, npix: 4, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: false },
  { id: 19, name: 'gemm_s8_1x4__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 1, npg: 1, nb: 0, npix: 4, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: false },
  { id: 20, name: 'gemm_s8_1x8__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 1, npg: 2, nb: 0, npix: 8, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 21, name: 'gemm_s8_4x4__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 4, npg: 1, nb: 0, npix: 4, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 22, name: 'gemm_s8_1x12__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 1, npg: 3, nb: 0, npix: 12, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 23, name: 'gemm_s8_1x16__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 1, npg: 4, nb: 0, npix: 16, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 24, name: 'gemm_s8_1x20__wasmrelaxeddot', family: 'gemm', lanes: 'pixel', noc: 1, npg: 5, nb: 0, npix: 20, role: 'alt', isa: 'wasmrelaxeddot', tileSet: null, lab: true },
  { id: 25, name: 'gemm_s8c_oc32x1__wasmrelaxeddot', family: 'gemm', lanes: 'channel', noc: 32, npg: 0, nb: 8, npix: 1, role: 'main', isa: 'wasmrelaxeddot', tileSet: null, lab: false },
  { id: 26, name: 'gemm_s8c_oc4x1__wasmrelaxeddot', family: 'gemm', lanes: 'channel', noc: 4, npg: 0, nb: 1, npix: 1, role: 'tail', isa: 'wasmrelaxeddot', tileSet: null, lab: false },
];

/**
 * The Winograd F(2, 3) algorithm's position GEMMs (src/algos/winograd.ts): pixel-lane SIMD128 GEMM micro-kernels (the
 * 1x1 GEMM's, assembly/gemm/generated.ts gemm_s8_*__wasmsimd), with their roles there; `id` is the index gemmRun takes.
 */
export interface WinogradKernelVariant {
  id: number;
  name: string;
  family: 'winograd';
  /** output channels per micro-tile */
  noc: number;
  /** groups of 4 Winograd tiles per micro-tile */
  npg: number;
  /** Winograd tiles per micro-tile */
  npix: number;
  role: 'main' | 'alt';
  isa: 'wasmsimd';
  /** main tiles: the engine tile set it is chosen for (features.simdTiles) */
  tileSet: 'narrow' | 'wide' | null;
  /** main tiles: the filter sizes it is chosen for */
  filters: readonly number[];
  /** in the lab build only (not shipped): forced by name on a lab runtime (tests, benchmarks) */
  lab: boolean;
}
export const WINOGRAD_KERNELS: readonly WinogradKernelVariant[] = [
  { id: 0, name: 'gemm_s8_2x8__wasmsimd', family: 'winograd', noc: 2, npg: 2, npix: 8, role: 'main', isa: 'wasmsimd', tileSet: 'narrow', filters: [3, 5, 7], lab: false },
  { id: 2, name: 'gemm_s8_2x12__wasmsimd', family: 'winograd', noc: 2, npg: 3, npix: 12, role: 'alt', isa: 'wasmsimd', tileSet: null, filters: [], lab: false },
  { id: 5, name: 'gemm_s8_4x8__wasmsimd', family: 'winograd', noc: 4, npg: 2, npix: 8, role: 'main', isa: 'wasmsimd', tileSet: 'wide', filters: [3, 5, 7], lab: false },
  { id: 7, name: 'gemm_s8_2x4__wasmsimd', family: 'winograd', noc: 2, npg: 1, npix: 4, role: 'alt', isa: 'wasmsimd', tileSet: null, filters: [], lab: false },
  { id: 4, name: 'gemm_s8_4x4__wasmsimd', family: 'winograd', noc: 4, npg: 1, npix: 4, role: 'alt', isa: 'wasmsimd', tileSet: null, filters: [], lab: false },
];

/** The channel-wise kernels (assembly/chanwise/task.ts): one per isa; `mode` is the context record's `relaxed`. */
export interface ChanwiseKernelVariant {
  name: string;
  family: 'chanwise';
  fn: 'chanwiseTask';
  mode: 0 | 2;
  isa: 'wasmsimd' | 'wasmrelaxeddot';
}
export const CHANWISE_KERNELS: readonly ChanwiseKernelVariant[] = [
  { name: 'chanwise_s8_4x4__wasmsimd', family: 'chanwise', fn: 'chanwiseTask', mode: 0, isa: 'wasmsimd' },
  { name: 'chanwise_s8_4x4__wasmrelaxeddot', family: 'chanwise', fn: 'chanwiseTask', mode: 2, isa: 'wasmrelaxeddot' },
];

/** The NCHW direct dot kernels (assembly/conv-nchw-dot/task.ts): one per filter width, stride and isa. */
export interface NchwDotKernelVariant {
  name: string;
  family: 'conv-nchw-dot';
  fn: 'nchwDotConv';
  fw: number;
  stride: number;
  mode: 0 | 2;
  isa: 'wasmsimd' | 'wasmrelaxeddot';
}
export const NCHW_DOT_KERNELS: readonly NchwDotKernelVariant[] = [
  { name: 'conv_nchw_dot_f2s1__wasmsimd', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 2, stride: 1, mode: 0, isa: 'wasmsimd' },
  { name: 'conv_nchw_dot_f2s2__wasmsimd', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 2, stride: 2, mode: 0, isa: 'wasmsimd' },
  { name: 'conv_nchw_dot_f3s1__wasmsimd', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 3, stride: 1, mode: 0, isa: 'wasmsimd' },
  { name: 'conv_nchw_dot_f3s2__wasmsimd', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 3, stride: 2, mode: 0, isa: 'wasmsimd' },
  { name: 'conv_nchw_dot_f5s1__wasmsimd', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 5, stride: 1, mode: 0, isa: 'wasmsimd' },
  { name: 'conv_nchw_dot_f5s2__wasmsimd', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 5, stride: 2, mode: 0, isa: 'wasmsimd' },
  { name: 'conv_nchw_dot_f7s1__wasmsimd', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 7, stride: 1, mode: 0, isa: 'wasmsimd' },
  { name: 'conv_nchw_dot_f7s2__wasmsimd', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 7, stride: 2, mode: 0, isa: 'wasmsimd' },
  { name: 'conv_nchw_dot_f2s1__wasmrelaxeddot', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 2, stride: 1, mode: 2, isa: 'wasmrelaxeddot' },
  { name: 'conv_nchw_dot_f2s2__wasmrelaxeddot', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 2, stride: 2, mode: 2, isa: 'wasmrelaxeddot' },
  { name: 'conv_nchw_dot_f3s1__wasmrelaxeddot', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 3, stride: 1, mode: 2, isa: 'wasmrelaxeddot' },
  { name: 'conv_nchw_dot_f3s2__wasmrelaxeddot', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 3, stride: 2, mode: 2, isa: 'wasmrelaxeddot' },
  { name: 'conv_nchw_dot_f5s1__wasmrelaxeddot', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 5, stride: 1, mode: 2, isa: 'wasmrelaxeddot' },
  { name: 'conv_nchw_dot_f5s2__wasmrelaxeddot', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 5, stride: 2, mode: 2, isa: 'wasmrelaxeddot' },
  { name: 'conv_nchw_dot_f7s1__wasmrelaxeddot', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 7, stride: 1, mode: 2, isa: 'wasmrelaxeddot' },
  { name: 'conv_nchw_dot_f7s2__wasmrelaxeddot', family: 'conv-nchw-dot', fn: 'nchwDotConv', fw: 7, stride: 2, mode: 2, isa: 'wasmrelaxeddot' },
];

/** The first-layer pair row kernels (assembly/conv-first/generated.ts); `id` is the dispatcher case. */
export interface FirstPairsKernelVariant {
  id: number;
  name: string;
  family: 'first-pairs';
  /** blocks of 4 output channels per tile */
  nb: number;
  npix: number;
  /** i16 pairs between two output pixels */
  ps: number;
  isa: 'wasmsimd';
}
export const FIRST_PAIRS_KERNELS: readonly FirstPairsKernelVariant[] = [
  { id: 0, name: 'first_pairs_oc8x4_ps1__wasmsimd', family: 'first-pairs', nb: 2, npix: 4, ps: 1, isa: 'wasmsimd' },
  { id: 1, name: 'first_pairs_oc4x4_ps1__wasmsimd', family: 'first-pairs', nb: 1, npix: 4, ps: 1, isa: 'wasmsimd' },
  { id: 2, name: 'first_pairs_oc8x4_ps2__wasmsimd', family: 'first-pairs', nb: 2, npix: 4, ps: 2, isa: 'wasmsimd' },
  { id: 3, name: 'first_pairs_oc4x4_ps2__wasmsimd', family: 'first-pairs', nb: 1, npix: 4, ps: 2, isa: 'wasmsimd' },
  { id: 4, name: 'first_pairs_oc8x4_ps3__wasmsimd', family: 'first-pairs', nb: 2, npix: 4, ps: 3, isa: 'wasmsimd' },
  { id: 5, name: 'first_pairs_oc4x4_ps3__wasmsimd', family: 'first-pairs', nb: 1, npix: 4, ps: 3, isa: 'wasmsimd' },
];

/** The scalar kernel of the naive algorithm (assembly/naive/task.ts). */
export interface NaiveKernelVariant {
  name: string;
  family: 'naive';
  fn: 'naiveConvTask';
  isa: 'scalar';
}
export const NAIVE_KERNELS: readonly NaiveKernelVariant[] = [
  { name: 'naive_s8__scalar', family: 'naive', fn: 'naiveConvTask', isa: 'scalar' },
];

/** Conv context record layout (byte offsets), shared with assembly/common/ctx.ts. */
export const CTX = {
  dstType: 0,
  nonlin: 4,
  rounding: 8,
  biasMode: 12,
  ratio: 16,
  sBias: 20,
  invDst: 24,
  dstZp: 28,
  clampLo: 32,
  clampHi: 36,
  dstLayout: 40,
  plane: 44,
  oc: 48,
  ocpg: 52,
  ocpgPad: 56,
  group: 60,
  init: 64,
  bias: 68,
  srcLayout: 72,
  srcXor: 76,
  srcZp: 80,
  ic: 84,
  icpg: 88,
  ih: 92,
  iw: 96,
  oh: 100,
  ow: 104,
  fh: 108,
  fw: 112,
  sh: 116,
  sw: 120,
  pt: 124,
  pl: 128,
  dh: 132,
  dw: 136,
  weights: 140,
  groupWeightBytes: 144,
  mainVariant: 148,
  mainNb: 152,
  tailVariant: 156,
  tailNb: 160,
  icb: 164,
  srcKind: 168,
  ohTile: 172,
  iwp: 176,
  relaxed: 180,
  dotXor: 184,
  kbn: 188,
  panelPix: 192,
  packMode: 196,
  icbG: 200,
  tileNpix: 204,
  mainNarrow: 208,
  tailNarrow: 212,
  gemmLanes: 216,
  n: 220,
  owPad: 224,
  rowBytes: 228,
  rawCols: 232,
  blocksPerTask: 236,
  ocParts: 240,
  scratchBytes: 244,
  winoRows: 248,
  pairTaps: 252,
  tapWeightBytes: 256,
  lut: 260,
  addRecord: 264,
  addDelta: 268,
  winSums: 272,
  winShifts: 276,
  epiScales: 280,
  epiBias: 284,
  epiRelu: 288,
} as const;
export const CTX_BYTES = 292;
export const CTX_FLOAT_FIELDS: ReadonlySet<string> = new Set(['invDst']);
