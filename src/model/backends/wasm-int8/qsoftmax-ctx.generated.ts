// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit

/** Byte offsets of the records of assembly/model/qsoftmax-ctx.ts, and their sizes: the same names and numbers. */
export const QSOFTMAX_CTX = {
  /** i32: rows */
  QS_ROWS: 0,
  /** i32: values per row (>= 1) */
  QS_LEN: 4,
  /** i32: rows per task */
  QS_ROWS_PER_TASK: 8,
  /** i32: 1: int8 in and out, 0: uint8 */
  QS_SIGNED: 12,
  /** i32: the output's zero point */
  QS_YZP: 16,
  /** i32: byte offset of the exp table, f32 [256] (entry 255 - max + x) */
  QS_E: 20,
  /** i32: byte offset of the scaled table, f32 [256] (the same entry times floor(1 / y_scale)) */
  QS_P: 24,
  /** bytes the host allocates for the record */
  QS_CTX_BYTES: 32,
} as const;
