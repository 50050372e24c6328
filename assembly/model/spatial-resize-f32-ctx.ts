// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Field indices (byte offset = index * 4) of the ctx record of the float32 Resize kernel
// (assembly/model/spatial-resize-f32.ts, whose header describes the tables). The host writes it through RESIZE_F32_CTX
// (src/model/backends/wasm-float/ctx.generated.ts, generated from the same declaration).

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
/** i32: planes per task */
export const PPT: i32 = 6;
/** i32: output rows per task */
export const ROWS: i32 = 7;
/** i32: 1 linear, 0 nearest */
export const LINEAR: i32 = 8;
/** i32: i32[OH][4] table: input rows y1, y2, dup, fill */
export const YTAB: i32 = 9;
/** i32: f32[OH][4] table: dy2, dy2, dy1, dy1 (linear; else 0) */
export const YW: i32 = 10;
/** i32: i32[OWP][2] table: input columns x1, x2 (0 past OW) */
export const XTAB: i32 = 11;
/** i32: f32 table of the column weights (linear; else 0) */
export const XW: i32 = 12;
/** i32: NCHW: the 4-column groups (48 bytes each; NCHW44: 0) */
export const GRP: i32 = 13;
/** i32: OW rounded up to 4 */
export const OWP: i32 = 14;
/** i32: first output column inside the input (tf_crop_and_resize; else 0) */
export const X0: i32 = 15;
/** i32: end of the output columns inside the input (tf_crop_and_resize; else OW) */
export const X1: i32 = 16;
/** f32: the extrapolation value (tf_crop_and_resize's outputs outside the input) */
export const FILL: i32 = 17;
/** bytes the host allocates for the record */
export const CTX_BYTES: i32 = 80;
