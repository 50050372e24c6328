// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Byte offsets of the parameter records (ctx) of the float32 kernels of assembly/model/host-float.ts (ConvTranspose,
// Conv, channelAffine, Relu, Softmax, LayerNormalization, InstanceNormalization, row reductions). The host writes them through HOST_FLOAT_CTX (src/model/backends/wasm-float/ctx.generated.ts,
// generated from the same declaration).

// ---- ConvTranspose record ----
/** i32: CT_MODE_DIRECT or CT_MODE_ACCUMULATE */
export const CT_MODE: i32 = 0;
/** i32: input channels per group */
export const CT_CG: i32 = 4;
/** i32: output channels per group */
export const CT_MG: i32 = 8;
/** i32: groups */
export const CT_GROUP: i32 = 12;
/** i32: kernel positions (product of the kernel dims) */
export const CT_KSIZE: i32 = 16;
/** i32: spatial cells of one input plane */
export const CT_INSIZE: i32 = 20;
/** i32: spatial cells of one output plane */
export const CT_OSIZE: i32 = 24;
/** i32: input cells per task (CT_MODE_DIRECT), a multiple of 8 */
export const CT_CHUNK: i32 = 28;
/** i32: byte offset of the packed weights, f32 [M][CG][KSIZE] */
export const CT_W: i32 = 32;
/** i32: byte offset of the destination table, i32 [KSIZE][INSIZE] (output cell, or -1) */
export const CT_DEST: i32 = 36;
/** i32: byte offset of the bias, f32 [M], or 0 (none) */
export const CT_BIAS: i32 = 40;
/** i32: CT_MODE_ACCUMULATE: byte offset of the columns, f32 [N][M][KSIZE][INSIZE] (each task's own; the model's
 * scratch), or 0: each kernel position's column computed and added in one pass */
export const CT_COL: i32 = 44;
/** CT_MODE: every output cell is written once (tasks over chunks of input cells) */
export const CT_MODE_DIRECT: i32 = 0;
/** CT_MODE: the kernel positions accumulate onto a zeroed plane (tasks over output channels) */
export const CT_MODE_ACCUMULATE: i32 = 1;
/** bytes the host allocates for the record */
export const CT_CTX_BYTES: i32 = 64;

// ---- Conv record ----
/** i32: input channels per group */
export const CV_CG: i32 = 0;
/** i32: output channels per group */
export const CV_MG: i32 = 4;
/** i32: groups */
export const CV_GROUP: i32 = 8;
/** i32: kernel positions (product of the kernel dims) */
export const CV_KSIZE: i32 = 12;
/** i32: spatial cells of one input plane */
export const CV_INSIZE: i32 = 16;
/** i32: spatial cells of one output plane */
export const CV_OSIZE: i32 = 20;
/** i32: output cells per GEMM task, a multiple of 8 */
export const CV_CHUNK: i32 = 24;
/** i32: byte offset of the tap table, i32 [KSIZE][OSIZE] (input cell, or -1: padding) */
export const CV_TAP: i32 = 28;
/** i32: byte offset of the bias, f32 [M], or 0 (none) */
export const CV_BIAS: i32 = 32;
/** i32: byte offset of the column matrices, f32 [N][GROUP][ceil(OSIZE / 8)][CG * KSIZE][8] (panels of eight cells; the
 * step scratch) */
export const CV_COL: i32 = 36;
/** i32: quads of output channels per GEMM task */
export const CV_QUADS: i32 = 40;
/** i32: rows per block of K (onnxruntime's order: src/model/numerics/conv-order.ts) */
export const CV_BLOCK: i32 = 44;
/** i32: 1: MLAS's one-row product (one output channel per group) */
export const CV_ONEROW: i32 = 48;
/** i32: the first cell that adds four-term sums in the one-row product (OSIZE elsewhere) */
export const CV_GROUPED: i32 = 52;
/** i32: 1: ConvAdd, the sums start from Z (the task's second pointer, of Y's shape) */
export const CV_SUM: i32 = 56;
/** i32: byte offset of the weights in panels of four output channels, f32 [GROUP][ceil(MG / 4)][CG * KSIZE][4] (zeros
 * past MG) */
export const CV_WT: i32 = 60;
/** i32: cells per piece (convPiecesTask: the column matrix of that many cells at a time), or 0 */
export const CV_PIECE: i32 = 64;
/** i32: 1: ConvAdd with activation 'Relu', each finished output y becomes y < 0 ? 0 : y */
export const CV_RELU: i32 = 68;
/** i32: byte offset of the runs table, i32 [ceil(OSIZE / 8)][KSIZE]: the input cell of the first of the eight cells of
 * a panel block at a kernel position where the eight read input cells CV_RUN_STEP apart (the last read within the
 * plane: 16 floats for a step of 2), else -1 */
export const CV_RUNS: i32 = 72;
/** i32: the input cells between the cells of a run: 1, or 2 (a stride-2 convolution) */
export const CV_RUN_STEP: i32 = 76;
/** bytes the host allocates for the record */
export const CV_CTX_BYTES: i32 = 96;

// ---- channelAffine record ----
/** i32: planes (N * C) */
export const AF_PLANES: i32 = 0;
/** i32: channels C */
export const AF_C: i32 = 4;
/** i32: elements per plane */
export const AF_INNER: i32 = 8;
/** i32: planes per task */
export const AF_PLANES_PER_TASK: i32 = 12;
/** i32: byte offset of the scales, f32 [C] */
export const AF_S: i32 = 16;
/** i32: byte offset of the shifts, f32 [C] */
export const AF_B: i32 = 20;
/** bytes the host allocates for the record */
export const AF_CTX_BYTES: i32 = 32;

// ---- Relu record ----
/** i32: elements */
export const RL_N: i32 = 0;
/** i32: elements per task, a multiple of 16 */
export const RL_GRAIN: i32 = 4;
/** bytes the host allocates for the record */
export const RL_CTX_BYTES: i32 = 16;

// ---- Softmax record ----
/** i32: rows (contiguous rows), or blocks of LEN x INNER values (strided rows) */
export const SM_ROWS: i32 = 0;
/** i32: values per row */
export const SM_LEN: i32 = 4;
/** i32: rows per task (contiguous), or groups of 4 rows per task (strided) */
export const SM_ROWS_PER_TASK: i32 = 8;
/** i32: strided rows: values between one row element and the next (1: contiguous rows) */
export const SM_INNER: i32 = 12;
/** bytes the host allocates for the record */
export const SM_CTX_BYTES: i32 = 16;

// ---- LayerNormalization record ----
/** i32: rows (the product of the dims before the axis) */
export const LN_ROWS: i32 = 0;
/** i32: values per row (the product of the dims from the axis), at most 2^24 */
export const LN_W: i32 = 4;
/** i32: rows per task, a multiple of 8 */
export const LN_ROWS_PER_TASK: i32 = 8;
/** i32: byte offset of Scale, f32 [W] */
export const LN_SCALE: i32 = 12;
/** i32: byte offset of B, f32 [W], or 0 (none) */
export const LN_BIAS: i32 = 16;
/** f32: epsilon */
export const LN_EPS: i32 = 20;
/** i32: byte offset of the Mean output, f32 [ROWS], or 0 (none; the host writes it before each run) */
export const LN_MEAN: i32 = 24;
/** i32: byte offset of the InvStdDev output, f32 [ROWS], or 0 (none; written before each run) */
export const LN_INV_STD: i32 = 28;
/** bytes the host allocates for the record */
export const LN_CTX_BYTES: i32 = 32;

// ---- InstanceNormalization record ----
/** i32: planes (N * C) */
export const IN_PLANES: i32 = 0;
/** i32: channels C */
export const IN_C: i32 = 4;
/** i32: values per plane (the product of the spatial dims), at most 2^24 */
export const IN_W: i32 = 8;
/** i32: planes per task, a multiple of 8 */
export const IN_PLANES_PER_TASK: i32 = 12;
/** i32: byte offset of scale, f32 [C] */
export const IN_SCALE: i32 = 16;
/** i32: byte offset of B, f32 [C] */
export const IN_BIAS: i32 = 20;
/** f32: epsilon */
export const IN_EPS: i32 = 24;
/** bytes the host allocates for the record */
export const IN_CTX_BYTES: i32 = 32;

// ---- row reduction record (ReduceSum / ReduceMean / ReduceMax / ReduceMin on the KR and R fast shapes, GlobalMaxPool) ----
/** i32: rows (outputs) */
export const RD_ROWS: i32 = 0;
/** i32: values per row (contiguous), at most 2^24 */
export const RD_LEN: i32 = 4;
/** i32: rows per task, a multiple of 8 */
export const RD_ROWS_PER_TASK: i32 = 8;
/** i32: RD_SUM, RD_MEAN, RD_MAX, RD_MIN or RD_GMAX */
export const RD_KIND: i32 = 12;
/** RD_KIND: the sum from the first value, in order */
export const RD_SUM: i32 = 0;
/** RD_KIND: the same sum, then divided by RD_LEN */
export const RD_MEAN: i32 = 1;
/** RD_KIND: the first value, replaced by each later one greater than it */
export const RD_MAX: i32 = 2;
/** RD_KIND: the first value, replaced by each later one less than it */
export const RD_MIN: i32 = 3;
/** RD_KIND: GlobalMaxPool (MLAS): max (NaN wins) from the lowest float over the first LEN - LEN % 4 values, then
 * std::max over the rest */
export const RD_GMAX: i32 = 4;
/** bytes the host allocates for the record */
export const RD_CTX_BYTES: i32 = 16;

// ---- column reduction record (ReduceSum / ReduceMean over the middle axis of [outer, R, K]: each output a column of R values K apart) ----
/** i32: outer blocks */
export const RC_OUTER: i32 = 0;
/** i32: values per column (reduced), at most 2^24 */
export const RC_R: i32 = 4;
/** i32: columns per block (contiguous) */
export const RC_K: i32 = 8;
/** i32: columns per task, a multiple of 4 */
export const RC_COLS_PER_TASK: i32 = 12;
/** i32: 1: the sum divided by RC_R (ReduceMean) */
export const RC_MEAN: i32 = 16;
/** i32: 1: 0 plus each value in order (the general loop); 0: from the first value (the RK loop) */
export const RC_FROM_ZERO: i32 = 20;
/** bytes the host allocates for the record */
export const RC_CTX_BYTES: i32 = 32;
