// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Field indices (byte offset = index * 4) of the ctx record of the float32 pooling kernels
// (assembly/model/spatial-pool-f32.ts: MaxPool, AveragePool, GlobalAveragePool in onnxruntime's four loops). The host
// writes it through POOL_F32_CTX (src/model/backends/wasm-float/ctx.generated.ts, generated from the same declaration).

/** i32: 0 NCHW, 1 NCHW44 */
export const LAYOUT: i32 = 0;
/** i32: C (NCHW) or C / 4 (NCHW44) */
export const PLANES: i32 = 1;
/** i32: input rows */
export const IH: i32 = 2;
/** i32: input columns */
export const IW: i32 = 3;
/** i32: output rows */
export const OH: i32 = 4;
/** i32: output columns */
export const OW: i32 = 5;
/** i32: window columns */
export const KW: i32 = 6;
/** i32: stride on rows */
export const SH: i32 = 7;
/** i32: stride on columns */
export const SW: i32 = 8;
/** i32: dilation on rows */
export const DH: i32 = 9;
/** i32: dilation on columns */
export const DW: i32 = 10;
/** i32: padding top */
export const PT: i32 = 11;
/** i32: padding left */
export const PL: i32 = 12;
/** i32: planes per task */
export const PPT: i32 = 13;
/** i32: output rows per task */
export const ROWS: i32 = 14;
/** i32: OP_MAX or OP_AVG */
export const OP: i32 = 15;
/** i32: onnxruntime's loop: LOOP_FUNCTOR, LOOP_GENERIC, LOOP_VECTOR or LOOP_GLOBAL */
export const LOOP: i32 = 16;
/** i32: IW - IW % 4: the vector loop's max folds the rows of the columns below it with f32.max */
export const WV: i32 = 17;
/** i32: first interior output column (every window column of [OX0, OX1) inside the input) */
export const OX0: i32 = 18;
/** i32: end of the interior output columns (NCHW, strides 1 and 2; else OX0) */
export const OX1: i32 = 19;
/** i32: i32 table [3][OH]: per output row the first and end window taps inside the input, its count */
export const YT: i32 = 20;
/** i32: i32 table [4][OW + 4]: per output column the same, and 1 where a window column is outside */
export const XT: i32 = 21;
/** OP: MaxPool */
export const OP_MAX: i32 = 0;
/** OP: AveragePool */
export const OP_AVG: i32 = 1;
/** LOOP: window order over the cells inside, max from the first cell */
export const LOOP_FUNCTOR: i32 = 0;
/** LOOP: window order over the cells inside, max from lowest */
export const LOOP_GENERIC: i32 = 1;
/** LOOP: each column down the rows, then across the columns */
export const LOOP_VECTOR: i32 = 2;
/** LOOP: four lanes over the whole image */
export const LOOP_GLOBAL: i32 = 3;
/** bytes the host allocates for the record */
export const CTX_BYTES: i32 = 96;
