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
  isa: 'wasmsimd' | 'wasmrelaxedsimd';
}
export const KERNELS: readonly KernelVariant[] = [
  { id: 0, name: 'conv_nchw44_dot_f2s1_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 2, npix: 4, role: 'alt', unrolledRows: 2, isa: 'wasmsimd' },
  { id: 1, name: 'conv_nchw44_dot_f2s1_oc4x8__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 1, npix: 8, role: 'main', unrolledRows: 2, isa: 'wasmsimd' },
  { id: 2, name: 'conv_nchw44_dot_f2s2_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 2, npix: 4, role: 'alt', unrolledRows: 2, isa: 'wasmsimd' },
  { id: 3, name: 'conv_nchw44_dot_f2s2_oc4x8__wasmsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 1, npix: 8, role: 'main', unrolledRows: 2, isa: 'wasmsimd' },
  { id: 4, name: 'conv_nchw44_dot_f3s1_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 2, npix: 4, role: 'main', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 5, name: 'conv_nchw44_dot_f3s1_oc4x4__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 4, role: 'tail', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 6, name: 'conv_nchw44_dot_f3s1_oc4x8__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 8, role: 'alt', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 7, name: 'conv_nchw44_dot_f3s2_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 2, npix: 4, role: 'main', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 8, name: 'conv_nchw44_dot_f3s2_oc4x4__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 4, role: 'tail', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 9, name: 'conv_nchw44_dot_f3s2_oc4x8__wasmsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 8, role: 'alt', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 10, name: 'conv_nchw44_dot_f5s1_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 2, npix: 4, role: 'main', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 11, name: 'conv_nchw44_dot_f5s1_oc4x4__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 1, npix: 4, role: 'tail', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 12, name: 'conv_nchw44_dot_f5s1_oc4x8__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 1, npix: 8, role: 'alt', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 13, name: 'conv_nchw44_dot_f5s2_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 2, npix: 4, role: 'main', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 14, name: 'conv_nchw44_dot_f5s2_oc4x4__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 1, npix: 4, role: 'tail', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 15, name: 'conv_nchw44_dot_f5s2_oc4x8__wasmsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 1, npix: 8, role: 'alt', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 16, name: 'conv_nchw44_dot_f7s1_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 2, npix: 4, role: 'main', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 17, name: 'conv_nchw44_dot_f7s1_oc4x4__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 1, npix: 4, role: 'tail', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 18, name: 'conv_nchw44_dot_f7s1_oc4x8__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 1, npix: 8, role: 'alt', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 19, name: 'conv_nchw44_dot_f7s2_oc8x4__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 2, npix: 4, role: 'main', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 20, name: 'conv_nchw44_dot_f7s2_oc4x4__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 1, npix: 4, role: 'tail', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 21, name: 'conv_nchw44_dot_f7s2_oc4x8__wasmsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 1, npix: 8, role: 'alt', unrolledRows: 1, isa: 'wasmsimd' },
  { id: 22, name: 'conv_nchw44_dot_f2s1_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 2, stride: 1, nb: 1, npix: 6, role: 'main', unrolledRows: 2, isa: 'wasmrelaxedsimd' },
  { id: 23, name: 'conv_nchw44_dot_f2s2_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 2, stride: 2, nb: 1, npix: 6, role: 'main', unrolledRows: 2, isa: 'wasmrelaxedsimd' },
  { id: 24, name: 'conv_nchw44_dot_f3s1_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 3, stride: 1, nb: 1, npix: 6, role: 'main', unrolledRows: 1, isa: 'wasmrelaxedsimd' },
  { id: 25, name: 'conv_nchw44_dot_f3s2_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 3, stride: 2, nb: 1, npix: 6, role: 'main', unrolledRows: 1, isa: 'wasmrelaxedsimd' },
  { id: 26, name: 'conv_nchw44_dot_f5s1_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 5, stride: 1, nb: 1, npix: 6, role: 'main', unrolledRows: 1, isa: 'wasmrelaxedsimd' },
  { id: 27, name: 'conv_nchw44_dot_f5s2_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 5, stride: 2, nb: 1, npix: 6, role: 'main', unrolledRows: 1, isa: 'wasmrelaxedsimd' },
  { id: 28, name: 'conv_nchw44_dot_f7s1_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 7, stride: 1, nb: 1, npix: 6, role: 'main', unrolledRows: 1, isa: 'wasmrelaxedsimd' },
  { id: 29, name: 'conv_nchw44_dot_f7s2_oc4x6__wasmrelaxedsimd', family: 'conv-nchw44-dot', fw: 7, stride: 2, nb: 1, npix: 6, role: 'main', unrolledRows: 1, isa: 'wasmrelaxedsimd' },
];

/** Conv context record layout (byte offsets), shared with assembly/conv-nchw44-dot/ctx.ts. */
export const CTX = {
  dstType: 0,
  nonlin: 4,
  rounding: 8,
  biasMode: 12,
  ratio: 16,
  sBias: 20,
  invDst: 24,
  icb: 28,
  icReal: 32,
  srcKind: 36,
  ih: 40,
  iw: 44,
  ocpg: 48,
  group: 52,
  oh: 56,
  ow: 60,
  fh: 64,
  fw: 68,
  stride: 72,
  ph: 76,
  pw: 80,
  ohTile: 84,
  iwp: 88,
  weights: 92,
  groupWeightBytes: 96,
  init: 100,
  bias: 104,
  relaxed: 108,
  mainVariant: 112,
  mainNb: 116,
  tailVariant: 120,
  tailNb: 124,
} as const;
export const CTX_BYTES = 128;
export const CTX_FLOAT_FIELDS: ReadonlySet<string> = new Set(['ratio', 'sBias', 'invDst']);
