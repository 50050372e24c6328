// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit

/** Byte offsets of the records of assembly/model/qsoftmax-ctx.ts, and their sizes: the same names and numbers. */
export const QSOFTMAX_CTX = {
  /** i32: rows (contiguous rows), or blocks of LEN x INNER values (strided rows) */
  QS_ROWS: 0,
  /** i32: values per row (>= 1) */
  QS_LEN: 4,
  /** i32: rows per task (contiguous), or groups of 4 rows per task (strided) */
  QS_ROWS_PER_TASK: 8,
  /** i32: 1: int8 in and out, 0: uint8 */
  QS_SIGNED: 12,
  /** i32: the output's zero point */
  QS_YZP: 16,
  /** i32: byte offset of the exp table, f32 [256] (entry 255 - max + x) */
  QS_E: 20,
  /** i32: byte offset of the scaled table, f32 [256] (the same entry times floor(1 / y_scale)) */
  QS_P: 24,
  /** i32: strided rows: values between one row element and the next (1: contiguous rows) */
  QS_INNER: 28,
  /** bytes the host allocates for the record */
  QS_CTX_BYTES: 32,
  /** i32: rows of A and Y */
  QM_M: 0,
  /** i32: the shared dim */
  QM_K: 4,
  /** i32: columns of B and Y */
  QM_N: 8,
  /** i32: batches */
  QM_NB: 12,
  /** i32: K rounded up to 8 (the packed rows, zeros past K) */
  QM_KP: 16,
  /** i32: N rounded up to 4 */
  QM_N4: 20,
  /** i32: 1: A is int8, 0: uint8 */
  QM_ASIGNED: 24,
  /** i32: 1: B is int8, 0: uint8 */
  QM_BSIGNED: 28,
  /** i32: A's zero point */
  QM_AZ: 32,
  /** i32: Y's zero point */
  QM_YZ: 36,
  /** i32: 1: Y is int8, 0: uint8 */
  QM_YSIGNED: 40,
  /** f32: Y's lowest value - zero point (the clamp before rounding) */
  QM_LOZ: 44,
  /** f32: Y's highest value - zero point */
  QM_HIZ: 48,
  /** i32: byte offset of the scales, f32 [N4] (per column: f(f(a_scale * b_scale) / y_scale)) */
  QM_SCALE: 52,
  /** i32: byte offset of B's zero points, i32 [N] */
  QM_BZP: 56,
  /** i32: byte offset of each batch's first element of A, i32 [NB] */
  QM_AOFF: 60,
  /** i32: byte offset of each batch's first element of B, i32 [NB] */
  QM_BOFF: 64,
  /** i32: rows of Y per task */
  QM_ROWS_PER_TASK: 68,
  /** i32: the packed operands (the step's scratch): per batch A - az as i16 [M][KP], then B - bzp transposed as i16
   * [N4][KP] */
  QM_PACK: 72,
  /** bytes the host allocates for the record */
  QM_CTX_BYTES: 80,
} as const;
