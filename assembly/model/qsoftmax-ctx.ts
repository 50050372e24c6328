// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Byte offsets of the parameter record (ctx) of the QLinearSoftmax kernel (assembly/model/qsoftmax.ts). The host writes
// it through QSOFTMAX_CTX (src/model/backends/wasm-int8/qsoftmax-ctx.generated.ts, generated from the same declaration).

// ---- QLinearSoftmax record: rows of LEN contiguous 8-bit values ----
/** i32: rows */
export const QS_ROWS: i32 = 0;
/** i32: values per row (>= 1) */
export const QS_LEN: i32 = 4;
/** i32: rows per task */
export const QS_ROWS_PER_TASK: i32 = 8;
/** i32: 1: int8 in and out, 0: uint8 */
export const QS_SIGNED: i32 = 12;
/** i32: the output's zero point */
export const QS_YZP: i32 = 16;
/** i32: byte offset of the exp table, f32 [256] (entry 255 - max + x) */
export const QS_E: i32 = 20;
/** i32: byte offset of the scaled table, f32 [256] (the same entry times floor(1 / y_scale)) */
export const QS_P: i32 = 24;
/** bytes the host allocates for the record */
export const QS_CTX_BYTES: i32 = 32;
