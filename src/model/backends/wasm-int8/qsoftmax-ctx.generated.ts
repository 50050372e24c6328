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
  /** i32: byte offset of A's dequantized values, f32 [256] by unsigned byte */
  QF_FA: 0,
  /** i32: byte offset of B's dequantized values, f32 [256] by unsigned byte */
  QF_FB: 4,
  /** f32: the output's scale */
  QF_CS: 8,
  /** f32: the output's lowest value - zero point */
  QF_LO: 12,
  /** f32: the output's highest value - zero point */
  QF_HI: 16,
  /** f32: zero point (+ 128 for onnxruntime's uint8 twin) */
  QF_BIAS: 20,
  /** i32: subtracted after rounding (128 for the twin, else 0) */
  QF_OFF: 24,
  /** i32: the unsigned-domain xor (128 for int8, else 0) */
  QF_XOR: 28,
  /** i32: A's multiplier */
  QF_MA: 32,
  /** i32: B's multiplier */
  QF_MB: 36,
  /** i32: 2^shift */
  QF_ONE: 40,
  /** i32: bounds kept per side (the exceptions allowed + 1) */
  QF_E: 44,
  /** i32: byte offset of the raw output bytes, u8 [65536] by (unsigned a) << 8 | unsigned b */
  QF_WANT: 48,
  /** i32: byte offset of the highest lower bounds, f64 [E], highest first (ties: the earlier pair) */
  QF_LOV: 52,
  /** i32: byte offset of their pairs, i32 [E] */
  QF_LOP: 56,
  /** i32: byte offset of the lowest upper bounds, f64 [E], lowest first */
  QF_HIV: 60,
  /** i32: byte offset of their pairs, i32 [E] */
  QF_HIP: 64,
  /** i32: out: lower bounds kept (<= E) */
  QF_NLO: 68,
  /** i32: out: upper bounds kept (<= E) */
  QF_NHI: 72,
  /** bytes of the record */
  QF_CTX_BYTES: 76,
} as const;
