// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Field indices (byte offset = index * 4) of the ctx record of the pooling kernels (assembly/model/spatial-pool.ts:
// MaxPool, QLinearAveragePool, QLinearGlobalAveragePool). The host writes it through POOL_CTX
// (src/model/backends/wasm-int8/ctx.generated.ts, generated from the same declaration).

/** i32: 0 NCHW, 1 NCHW44 */
export const LAYOUT: i32 = 0;
/** i32: 1: int8, 0: uint8 */
export const SIGNED: i32 = 1;
/** i32: C (NCHW) or C / 4 (NCHW44) */
export const PLANES: i32 = 2;
/** i32: input rows */
export const IH: i32 = 3;
/** i32: input columns */
export const IW: i32 = 4;
/** i32: output rows */
export const OH: i32 = 5;
/** i32: output columns */
export const OW: i32 = 6;
/** i32: window rows */
export const KH: i32 = 7;
/** i32: window columns */
export const KW: i32 = 8;
/** i32: stride on rows */
export const SH: i32 = 9;
/** i32: stride on columns */
export const SW: i32 = 10;
/** i32: dilation on rows */
export const DH: i32 = 11;
/** i32: dilation on columns */
export const DW: i32 = 12;
/** i32: padding top */
export const PT: i32 = 13;
/** i32: padding left */
export const PL: i32 = 14;
/** i32: planes per task */
export const PPT: i32 = 15;
/** i32: output rows per task */
export const ROWS: i32 = 16;
/** i32: first interior output column (every kx of [OX0, OX1) is inside the input) */
export const OX0: i32 = 17;
/** i32: end of the interior output columns */
export const OX1: i32 = 18;
/** i32: QLinearAveragePool: count_include_pad (0 or 1) */
export const INCLUDEPAD: i32 = 19;
/** i32: x zero point */
export const XZP: i32 = 20;
/** i32: y zero point */
export const YZP: i32 = 21;
/** f32: QLinearAveragePool: x_scale */
export const F_XSCALE: i32 = 22;
/** f32: QLinearAveragePool: y_scale */
export const F_YSCALE: i32 = 23;
/** f32: QLinearGlobalAveragePool: f(x_scale / f(y_scale * H * W)) */
export const F_GSCALE: i32 = 24;
/** f32: QLinearAveragePool: f(KH * KW), the divisor with count_include_pad */
export const F_KCOUNT: i32 = 25;
/** i32: QLinearAveragePool: 128 where an int8 pool rounds as its uint8 twin (y_zp + 128 added in float, 128 taken off
 * the integer), else 0 */
export const YSHIFT: i32 = 26;
/** bytes the host allocates for the record */
export const CTX_BYTES: i32 = 128;
