// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Byte offsets of the parameter records (ctx) of the QLinearSoftmax and QLinearMatMul kernels (assembly/model/qsoftmax.ts,
// qmatmul.ts) and of QLinearAdd's integer-form scan (qadd-form.ts). The host writes them through QSOFTMAX_CTX (src/model/backends/wasm-int8/qsoftmax-ctx.generated.ts,
// generated from the same declaration).

// ---- QLinearSoftmax record: rows of LEN 8-bit values, contiguous or INNER apart ----
/** i32: rows (contiguous rows), or blocks of LEN x INNER values (strided rows) */
export const QS_ROWS: i32 = 0;
/** i32: values per row (>= 1) */
export const QS_LEN: i32 = 4;
/** i32: rows per task (contiguous), or groups of 4 rows per task (strided) */
export const QS_ROWS_PER_TASK: i32 = 8;
/** i32: 1: int8 in and out, 0: uint8 */
export const QS_SIGNED: i32 = 12;
/** i32: the output's zero point */
export const QS_YZP: i32 = 16;
/** i32: byte offset of the exp table, f32 [256] (entry 255 - max + x) */
export const QS_E: i32 = 20;
/** i32: byte offset of the scaled table, f32 [256] (the same entry times floor(1 / y_scale)) */
export const QS_P: i32 = 24;
/** i32: strided rows: values between one row element and the next (1: contiguous rows) */
export const QS_INNER: i32 = 28;
/** bytes the host allocates for the record */
export const QS_CTX_BYTES: i32 = 32;

// ---- QLinearMatMul record (a computed B): A [NB][M][K], B [NB][K][N] 8-bit, Y [NB][M][N] 8-bit ----
/** i32: rows of A and Y */
export const QM_M: i32 = 0;
/** i32: the shared dim */
export const QM_K: i32 = 4;
/** i32: columns of B and Y */
export const QM_N: i32 = 8;
/** i32: batches */
export const QM_NB: i32 = 12;
/** i32: K rounded up to 8 (the packed rows, zeros past K) */
export const QM_KP: i32 = 16;
/** i32: N rounded up to 4 */
export const QM_N4: i32 = 20;
/** i32: 1: A is int8, 0: uint8 */
export const QM_ASIGNED: i32 = 24;
/** i32: 1: B is int8, 0: uint8 */
export const QM_BSIGNED: i32 = 28;
/** i32: A's zero point */
export const QM_AZ: i32 = 32;
/** i32: Y's zero point */
export const QM_YZ: i32 = 36;
/** i32: 1: Y is int8, 0: uint8 */
export const QM_YSIGNED: i32 = 40;
/** f32: Y's lowest value - zero point (the clamp before rounding) */
export const QM_LOZ: i32 = 44;
/** f32: Y's highest value - zero point */
export const QM_HIZ: i32 = 48;
/** i32: byte offset of the scales, f32 [N4] (per column: f(f(a_scale * b_scale) / y_scale)) */
export const QM_SCALE: i32 = 52;
/** i32: byte offset of B's zero points, i32 [N] */
export const QM_BZP: i32 = 56;
/** i32: byte offset of each batch's first element of A, i32 [NB] */
export const QM_AOFF: i32 = 60;
/** i32: byte offset of each batch's first element of B, i32 [NB] */
export const QM_BOFF: i32 = 64;
/** i32: rows of Y per task */
export const QM_ROWS_PER_TASK: i32 = 68;
/** i32: the packed operands (the step's scratch): per batch A - az as i16 [M][KP], then B - bzp transposed as i16
 * [N4][KP] */
export const QM_PACK: i32 = 72;
/** bytes the host allocates for the record */
export const QM_CTX_BYTES: i32 = 80;

// ---- QLinearAdd's integer form, its load-time scan (qadd-form.ts): the float formula's byte of every one of the 65536 byte pairs (unsigned domain), and the pairs' tightest bounds on the form's constant k ----
/** i32: byte offset of A's dequantized values, f32 [256] by unsigned byte */
export const QF_FA: i32 = 0;
/** i32: byte offset of B's dequantized values, f32 [256] by unsigned byte */
export const QF_FB: i32 = 4;
/** f32: the output's scale */
export const QF_CS: i32 = 8;
/** f32: the output's lowest value - zero point */
export const QF_LO: i32 = 12;
/** f32: the output's highest value - zero point */
export const QF_HI: i32 = 16;
/** f32: zero point (+ 128 for onnxruntime's uint8 twin) */
export const QF_BIAS: i32 = 20;
/** i32: subtracted after rounding (128 for the twin, else 0) */
export const QF_OFF: i32 = 24;
/** i32: the unsigned-domain xor (128 for int8, else 0) */
export const QF_XOR: i32 = 28;
/** i32: A's multiplier */
export const QF_MA: i32 = 32;
/** i32: B's multiplier */
export const QF_MB: i32 = 36;
/** i32: 2^shift */
export const QF_ONE: i32 = 40;
/** i32: bounds kept per side (the exceptions allowed + 1) */
export const QF_E: i32 = 44;
/** i32: byte offset of the raw output bytes, u8 [65536] by (unsigned a) << 8 | unsigned b */
export const QF_WANT: i32 = 48;
/** i32: byte offset of the highest lower bounds, f64 [E], highest first (ties: the earlier pair) */
export const QF_LOV: i32 = 52;
/** i32: byte offset of their pairs, i32 [E] */
export const QF_LOP: i32 = 56;
/** i32: byte offset of the lowest upper bounds, f64 [E], lowest first */
export const QF_HIV: i32 = 60;
/** i32: byte offset of their pairs, i32 [E] */
export const QF_HIP: i32 = 64;
/** i32: out: lower bounds kept (<= E) */
export const QF_NLO: i32 = 68;
/** i32: out: upper bounds kept (<= E) */
export const QF_NHI: i32 = 72;
/** bytes of the record */
export const QF_CTX_BYTES: i32 = 76;
