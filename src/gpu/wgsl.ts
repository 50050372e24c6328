/**
 * WGSL generation for the kernel families of variants.ts, one file each under wgsl/: direct, gemv, mm, win, dot,
 * mma; wgsl/common.ts holds what they share (the header below, the activation, the mm / win epilogue), and the
 * extra dispatches are wgsl/reduce.ts (sum of K slices) and wgsl/prepass.ts (the dot / mma input digits). This file
 * picks the family's generator (generateWgsl) and re-exports the extra dispatches.
 *
 * Buffers (bind group 0, the same layout for every variant; sizes in pack.ts):
 *   0 X  : array<f32>        input, NCHW: x[n][ic][y][x] at ((n*IC + ic)*IH + y)*IW + x
 *   1 W  : packed weights    pack.ts: tile t = ocb*KB + kb, kb = (icb*KH + kh)*KW + kw
 *   2 SO : array<vec4<f32>>  scales (and offsets) per (ocb, blk)
 *   3 B  : array<vec4<f32>>  bias per ocb, OCB + 1 entries
 *   4 Y  : array<f32>        output, NCHW: y[n][oc][oh][ow] at ((n*OC + oc)*OH + oh)*OW + ow
 * Shapes are baked in as `const`s: index arithmetic then divides by constants, and a pipeline is compiled
 * once per (variant, shape, format), which the tuner needs anyway. Every read of X is guarded (padding,
 * ic >= IC, clamped batch row); every write of Y is guarded by oc < OC and the pixel range; weight, scale
 * and bias reads stay inside buffers that pack.ts pads by one extra 4-channel block.
 */
import type { LowMemoryConvShape } from './params.js';
import type { Variant, Wg } from './variants.js';
import { header } from './wgsl/common.js';
import { direct } from './wgsl/direct.js';
import { gemv } from './wgsl/gemv.js';
import { mmKernel, mmVecStore } from './wgsl/mm.js';
import { winKernel } from './wgsl/win.js';
import { dotKernel } from './wgsl/dot.js';
import { mmaKernel } from './wgsl/mma.js';

export { reduceKernel } from './wgsl/reduce.js';
export { dotPrepass } from './wgsl/prepass.js';

export function generateWgsl(s: LowMemoryConvShape, v: Variant, wg: Wg): string {
  if (v.family === 'direct') return header(s) + direct(s, v, wg);
  if (v.family === 'gemv') return header(s, s.ic % 4 === 0) + gemv(s, v, wg);
  if (v.family === 'dot') return dotKernel(s, v, wg);
  if (v.family === 'mma') return mmaKernel(s, v);
  if (v.family === 'win') return header(s, false, s.ow % 4 === 0) + winKernel(s, v);
  return header(s, false, mmVecStore(s)) + mmKernel(s, v);
}
