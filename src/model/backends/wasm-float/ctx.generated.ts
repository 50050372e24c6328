// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit

/** Byte offsets of the records of assembly/model/host-float-ctx.ts, and their sizes: the same names and numbers. */
export const HOST_FLOAT_CTX = {
  /** i32: CT_MODE_DIRECT or CT_MODE_ACCUMULATE */
  CT_MODE: 0,
  /** i32: input channels per group */
  CT_CG: 4,
  /** i32: output channels per group */
  CT_MG: 8,
  /** i32: groups */
  CT_GROUP: 12,
  /** i32: kernel positions (product of the kernel dims) */
  CT_KSIZE: 16,
  /** i32: spatial cells of one input plane */
  CT_INSIZE: 20,
  /** i32: spatial cells of one output plane */
  CT_OSIZE: 24,
  /** i32: input cells per task (CT_MODE_DIRECT), a multiple of 8 */
  CT_CHUNK: 28,
  /** i32: byte offset of the packed weights, f32 [M][CG][KSIZE] */
  CT_W: 32,
  /** i32: byte offset of the destination table, i32 [KSIZE][INSIZE] (output cell, or -1) */
  CT_DEST: 36,
  /** i32: byte offset of the bias, f32 [M], or 0 (none) */
  CT_BIAS: 40,
  /** i32: CT_MODE_ACCUMULATE: byte offset of the columns, f32 [N][M][KSIZE][INSIZE] (each task's own; the model's
   * scratch), or 0: each kernel position's column computed and added in one pass */
  CT_COL: 44,
  /** CT_MODE: every output cell is written once (tasks over chunks of input cells) */
  CT_MODE_DIRECT: 0,
  /** CT_MODE: the kernel positions accumulate onto a zeroed plane (tasks over output channels) */
  CT_MODE_ACCUMULATE: 1,
  /** bytes the host allocates for the record */
  CT_CTX_BYTES: 64,
  /** i32: input channels per group */
  CV_CG: 0,
  /** i32: output channels per group */
  CV_MG: 4,
  /** i32: groups */
  CV_GROUP: 8,
  /** i32: kernel positions (product of the kernel dims) */
  CV_KSIZE: 12,
  /** i32: spatial cells of one input plane */
  CV_INSIZE: 16,
  /** i32: spatial cells of one output plane */
  CV_OSIZE: 20,
  /** i32: output cells per GEMM task, a multiple of 8 */
  CV_CHUNK: 24,
  /** i32: byte offset of the tap table, i32 [KSIZE][OSIZE] (input cell, or -1: padding) */
  CV_TAP: 28,
  /** i32: byte offset of the bias, f32 [M], or 0 (none) */
  CV_BIAS: 32,
  /** i32: byte offset of the column matrices, f32 [N][GROUP][ceil(OSIZE / 8)][CG * KSIZE][8] (panels of eight cells;
   * the step scratch) */
  CV_COL: 36,
  /** i32: quads of output channels per GEMM task */
  CV_QUADS: 40,
  /** i32: rows per block of K (onnxruntime's order: src/model/numerics/conv-order.ts) */
  CV_BLOCK: 44,
  /** i32: 1: MLAS's one-row product (one output channel per group) */
  CV_ONEROW: 48,
  /** i32: the first cell that adds four-term sums in the one-row product (OSIZE elsewhere) */
  CV_GROUPED: 52,
  /** i32: 1: ConvAdd, the sums start from Z (the task's second pointer, of Y's shape) */
  CV_SUM: 56,
  /** i32: byte offset of the weights in panels of four output channels, f32 [GROUP][ceil(MG / 4)][CG * KSIZE][4] (zeros
   * past MG) */
  CV_WT: 60,
  /** i32: cells per piece (convPiecesTask: the column matrix of that many cells at a time), or 0 */
  CV_PIECE: 64,
  /** i32: 1: ConvAdd with activation 'Relu', each finished output y becomes y < 0 ? 0 : y */
  CV_RELU: 68,
  /** i32: byte offset of the runs table, i32 [ceil(OSIZE / 8)][KSIZE]: the input cell of the first of the eight cells
   * of a panel block at a kernel position where the eight read input cells CV_RUN_STEP apart (the last read within the
   * plane: 16 floats for a step of 2), else -1 */
  CV_RUNS: 72,
  /** i32: the input cells between the cells of a run: 1, or 2 (a stride-2 convolution) */
  CV_RUN_STEP: 76,
  /** bytes the host allocates for the record */
  CV_CTX_BYTES: 96,
  /** i32: planes (N * C) */
  AF_PLANES: 0,
  /** i32: channels C */
  AF_C: 4,
  /** i32: elements per plane */
  AF_INNER: 8,
  /** i32: planes per task */
  AF_PLANES_PER_TASK: 12,
  /** i32: byte offset of the scales, f32 [C] */
  AF_S: 16,
  /** i32: byte offset of the shifts, f32 [C] */
  AF_B: 20,
  /** bytes the host allocates for the record */
  AF_CTX_BYTES: 32,
  /** i32: elements */
  RL_N: 0,
  /** i32: elements per task, a multiple of 16 */
  RL_GRAIN: 4,
  /** bytes the host allocates for the record */
  RL_CTX_BYTES: 16,
  /** i32: rows (contiguous rows), or blocks of LEN x INNER values (strided rows) */
  SM_ROWS: 0,
  /** i32: values per row */
  SM_LEN: 4,
  /** i32: rows per task (contiguous), or groups of 4 rows per task (strided) */
  SM_ROWS_PER_TASK: 8,
  /** i32: strided rows: values between one row element and the next (1: contiguous rows) */
  SM_INNER: 12,
  /** bytes the host allocates for the record */
  SM_CTX_BYTES: 16,
  /** i32: rows (the product of the dims before the axis) */
  LN_ROWS: 0,
  /** i32: values per row (the product of the dims from the axis), at most 2^24 */
  LN_W: 4,
  /** i32: rows per task, a multiple of 8 */
  LN_ROWS_PER_TASK: 8,
  /** i32: byte offset of Scale, f32 [W] */
  LN_SCALE: 12,
  /** i32: byte offset of B, f32 [W], or 0 (none) */
  LN_BIAS: 16,
  /** f32: epsilon */
  LN_EPS: 20,
  /** i32: byte offset of the Mean output, f32 [ROWS], or 0 (none; the host writes it before each run) */
  LN_MEAN: 24,
  /** i32: byte offset of the InvStdDev output, f32 [ROWS], or 0 (none; written before each run) */
  LN_INV_STD: 28,
  /** bytes the host allocates for the record */
  LN_CTX_BYTES: 32,
  /** i32: planes (N * C) */
  IN_PLANES: 0,
  /** i32: channels C */
  IN_C: 4,
  /** i32: values per plane (the product of the spatial dims), at most 2^24 */
  IN_W: 8,
  /** i32: planes per task, a multiple of 8 */
  IN_PLANES_PER_TASK: 12,
  /** i32: byte offset of scale, f32 [C] */
  IN_SCALE: 16,
  /** i32: byte offset of B, f32 [C] */
  IN_BIAS: 20,
  /** f32: epsilon */
  IN_EPS: 24,
  /** bytes the host allocates for the record */
  IN_CTX_BYTES: 32,
  /** i32: rows (outputs) */
  RD_ROWS: 0,
  /** i32: values per row (contiguous), at most 2^24 */
  RD_LEN: 4,
  /** i32: rows per task, a multiple of 8 */
  RD_ROWS_PER_TASK: 8,
  /** i32: RD_SUM, RD_MEAN, RD_MAX, RD_MIN or RD_GMAX */
  RD_KIND: 12,
  /** RD_KIND: the sum from the first value, in order */
  RD_SUM: 0,
  /** RD_KIND: the same sum, then divided by RD_LEN */
  RD_MEAN: 1,
  /** RD_KIND: the first value, replaced by each later one greater than it */
  RD_MAX: 2,
  /** RD_KIND: the first value, replaced by each later one less than it */
  RD_MIN: 3,
  /** RD_KIND: GlobalMaxPool (MLAS): max (NaN wins) from the lowest float over the first LEN - LEN % 4 values, then
   * std::max over the rest */
  RD_GMAX: 4,
  /** bytes the host allocates for the record */
  RD_CTX_BYTES: 16,
  /** i32: outer blocks */
  RC_OUTER: 0,
  /** i32: values per column (reduced), at most 2^24 */
  RC_R: 4,
  /** i32: columns per block (contiguous) */
  RC_K: 8,
  /** i32: columns per task, a multiple of 4 */
  RC_COLS_PER_TASK: 12,
  /** i32: 1: the sum divided by RC_R (ReduceMean) */
  RC_MEAN: 16,
  /** i32: 1: 0 plus each value in order (the general loop); 0: from the first value (the RK loop) */
  RC_FROM_ZERO: 20,
  /** bytes the host allocates for the record */
  RC_CTX_BYTES: 32,
} as const;

/** Field indices (byte offset = index * 4) of the records of assembly/model/spatial-pool-f32-ctx.ts, and their sizes:
 * the same names and numbers. */
export const POOL_F32_CTX = {
  /** i32: 0 NCHW, 1 NCHW44 */
  LAYOUT: 0,
  /** i32: C (NCHW) or C / 4 (NCHW44) */
  PLANES: 1,
  /** i32: input rows */
  IH: 2,
  /** i32: input columns */
  IW: 3,
  /** i32: output rows */
  OH: 4,
  /** i32: output columns */
  OW: 5,
  /** i32: window columns */
  KW: 6,
  /** i32: stride on rows */
  SH: 7,
  /** i32: stride on columns */
  SW: 8,
  /** i32: dilation on rows */
  DH: 9,
  /** i32: dilation on columns */
  DW: 10,
  /** i32: padding top */
  PT: 11,
  /** i32: padding left */
  PL: 12,
  /** i32: planes per task */
  PPT: 13,
  /** i32: output rows per task */
  ROWS: 14,
  /** i32: OP_MAX or OP_AVG */
  OP: 15,
  /** i32: onnxruntime's loop: LOOP_FUNCTOR, LOOP_GENERIC, LOOP_VECTOR or LOOP_GLOBAL */
  LOOP: 16,
  /** i32: IW - IW % 4: the vector loop's max folds the rows of the columns below it with f32.max */
  WV: 17,
  /** i32: first interior output column (every window column of [OX0, OX1) inside the input) */
  OX0: 18,
  /** i32: end of the interior output columns (NCHW, strides 1 and 2; else OX0) */
  OX1: 19,
  /** i32: i32 table [3][OH]: per output row the first and end window taps inside the input, its count */
  YT: 20,
  /** i32: i32 table [4][OW + 4]: per output column the same, and 1 where a window column is outside */
  XT: 21,
  /** OP: MaxPool */
  OP_MAX: 0,
  /** OP: AveragePool */
  OP_AVG: 1,
  /** LOOP: window order over the cells inside, max from the first cell */
  LOOP_FUNCTOR: 0,
  /** LOOP: window order over the cells inside, max from lowest */
  LOOP_GENERIC: 1,
  /** LOOP: each column down the rows, then across the columns */
  LOOP_VECTOR: 2,
  /** LOOP: four lanes over the whole image */
  LOOP_GLOBAL: 3,
  /** bytes the host allocates for the record */
  CTX_BYTES: 96,
} as const;

/** Field indices (byte offset = index * 4) of the records of assembly/model/spatial-resize-f32-ctx.ts, and their sizes:
 * the same names and numbers. */
export const RESIZE_F32_CTX = {
  /** i32: 0 NCHW, 1 NCHW44 */
  LAYOUT: 0,
  /** i32: C (NCHW) or C / 4 (NCHW44) */
  PLANES: 1,
  /** i32: input rows */
  IH: 2,
  /** i32: input columns */
  IW: 3,
  /** i32: output rows */
  OH: 4,
  /** i32: output columns */
  OW: 5,
  /** i32: planes per task */
  PPT: 6,
  /** i32: output rows per task */
  ROWS: 7,
  /** i32: 1 linear, 0 nearest */
  LINEAR: 8,
  /** i32: i32[OH][4] table: input rows y1, y2, dup, fill */
  YTAB: 9,
  /** i32: f32[OH][4] table: dy2, dy2, dy1, dy1 (linear; else 0) */
  YW: 10,
  /** i32: i32[OWP][2] table: input columns x1, x2 (0 past OW) */
  XTAB: 11,
  /** i32: f32 table of the column weights (linear; else 0) */
  XW: 12,
  /** i32: NCHW: the 4-column groups (48 bytes each; NCHW44: 0) */
  GRP: 13,
  /** i32: OW rounded up to 4 */
  OWP: 14,
  /** i32: first output column inside the input (tf_crop_and_resize; else 0) */
  X0: 15,
  /** i32: end of the output columns inside the input (tf_crop_and_resize; else OW) */
  X1: 16,
  /** f32: the extrapolation value (tf_crop_and_resize's outputs outside the input) */
  FILL: 17,
  /** bytes the host allocates for the record */
  CTX_BYTES: 80,
} as const;

/** Byte offsets of the records of assembly/model/region-ctx.ts, and their sizes: the same names and numbers. */
export const REGION_CTX = {
  /** i32: elements of the output */
  RG_N: 0,
  /** i32: elements per task, a multiple of RG_BLOCK */
  RG_GRAIN: 4,
  /** i32: how channel broadcasts are read: RG_MODE_FLAT / RUNS / RUNS44 / GATHER */
  RG_MODE: 8,
  /** i32: elements after the channel axis (NCHW44: H * W) */
  RG_INNER: 12,
  /** i32: channels (the size of the channel axis) */
  RG_C: 16,
  /** i32: byte offset of the prologue instructions */
  RG_PRO: 20,
  /** i32: prologue instructions */
  RG_NPRO: 24,
  /** i32: byte offset of the body instructions */
  RG_BODY: 28,
  /** i32: body instructions */
  RG_NBODY: 32,
  /** i32: byte offset of the slots */
  RG_SLOTS: 36,
  /** no channel broadcast: blocks of RG_BLOCK elements */
  RG_MODE_FLAT: 0,
  /** row-major, channel c = (i / INNER) % C; blocks stay inside one run of INNER elements */
  RG_MODE_RUNS: 1,
  /** NCHW44, channel block (i / (4 INNER)) % (C / 4) and lane i % 4; blocks stay inside one run of 4 INNER */
  RG_MODE_RUNS44: 2,
  /** row-major with short runs: the channel of every element is looked up */
  RG_MODE_GATHER: 3,
  /** elements per block (float32 lanes of a register) */
  RG_BLOCK: 256,
  /** bytes of a register (RG_BLOCK float32) */
  RG_REG_BYTES: 1024,
  /** bytes of a slot: SL_PTR, SL_XOR, SL_SCALE, SL_ZP */
  RG_SLOT_BYTES: 16,
  /** slot field (byte offset): the tensor's data */
  SL_PTR: 0,
  /** slot field: 0x80 for int8 bytes, 0 for uint8 (the unsigned domain, as ELEM_CTX) */
  SL_XOR: 4,
  /** slot field: pointer to the float32 scale (8-bit slots) */
  SL_SCALE: 8,
  /** slot field: pointer to the zero point byte (8-bit slots) */
  SL_ZP: 12,
  /** bytes of an instruction: IN_OP, IN_DST, IN_A, IN_B, IN_F0, IN_F1, IN_UB */
  RG_INSTR_BYTES: 32,
  /** instruction field (byte offset): the opcode */
  IN_OP: 0,
  /** instruction field: the destination register (a slot for the stores) */
  IN_DST: 4,
  /** instruction field: operand a (a register; a slot for the loads) */
  IN_A: 8,
  /** instruction field: operand b (a register) */
  IN_B: 12,
  /** instruction field: float32 immediate 0 */
  IN_F0: 16,
  /** instruction field: float32 immediate 1 */
  IN_F1: 20,
  /** instruction field of ADD .. PMIN: 1 where b is the same vector in every vector of the block (a scalar broadcast),
   * 2 where it is in the channel-run modes (a channel's value), else 0 */
  IN_UB: 24,
  /** dst = float32 input (slot a) */
  OP_LD_F32: 0,
  /** dst = float(int32 input) */
  OP_LD_I32: 1,
  /** dst = float(8-bit input): Cast */
  OP_LD_B8: 2,
  /** dst = f(float(x - zp) * scale): DequantizeLinear */
  OP_LD_DQ: 3,
  /** dst = the float32 at slot a, in every lane (prologue) */
  OP_BC_SCALAR: 4,
  /** dst = each element's channel value of the float32 [C] at slot a */
  OP_BC_CHANNEL: 5,
  /** slot dst = register a (float32) */
  OP_ST_F32: 6,
  /** slot dst = QuantizeLinear(register a) with the slot scale and zero point */
  OP_ST_Q: 7,
  /** dst = f(a + b) */
  OP_ADD: 10,
  /** dst = f(a - b) */
  OP_SUB: 11,
  /** dst = f(a * b) */
  OP_MUL: 12,
  /** dst = f(a / b) */
  OP_DIV: 13,
  /** dst = a < b ? b : a (C++ std::max(a, b) with a first: NaN in a passes) */
  OP_PMAX: 14,
  /** dst = b < a ? b : a (C++ std::min(a, b)) */
  OP_PMIN: 15,
  /** dst = b is NaN ? b : a < b ? b : a (Max: a NaN of either passes, a tie gives a) */
  OP_MAXN: 16,
  /** dst = b is NaN ? b : b < a ? b : a (Min: a NaN of either passes, a tie gives a) */
  OP_MINN: 17,
  /** dst = a < 0 ? f(a * b) : a */
  OP_PRELU: 18,
  /** dst = a < 0 ? 0 : a */
  OP_RELU: 20,
  /** dst = a >= 0 ? a : f(F0 * a) */
  OP_LEAKY: 21,
  /** dst = max(min(f(f(F0 * a) + F1), 1), 0) */
  OP_HSIG: 22,
  /** dst = f(a * HardSigmoid(a)) with F0, F1 */
  OP_HSWISH: 23,
  /** dst = MLAS's logistic(a) */
  OP_SIGMOID: 24,
  /** dst = MLAS's tanh(a) */
  OP_TANH: 25,
  /** dst = MLAS's exp(a) */
  OP_EXP: 26,
  /** dst = -a */
  OP_NEG: 27,
  /** dst = |a| */
  OP_ABS: 28,
  /** dst = sqrt(a), correctly rounded */
  OP_SQRT: 29,
  /** dst = floor(a) */
  OP_FLOOR: 30,
  /** dst = ceil(a) */
  OP_CEIL: 31,
  /** dst = a rounded to the nearest integer, halves to even */
  OP_ROUND: 32,
  /** dst = a > 0 ? 1 : a < 0 ? -1 : a is NaN ? a : 0 */
  OP_SIGN: 33,
  /** dst = logf(a): musl's table method in double, as src/model/numerics/logf.ts */
  OP_LOG: 34,
  /** dst = a >= 0 ? a : f(F0 * f(expf(a) - 1)), musl's expf (Elu, alpha F0) */
  OP_ELU: 35,
  /** dst = a > 0 ? f(F0 * a) : f(F1 * f(expf(a) - 1)) (Selu: F0 gamma, F1 f(gamma * alpha)) */
  OP_SELU: 36,
  /** dst = f(max(a, 0) + min(f(F0 * f(expf(f(a / F0)) - 1)), 0)), C++'s std::max / min (Celu, alpha F0) */
  OP_CELU: 37,
  /** dst = a > 0 ? f(a + log1pf(expf(-a))) : log1pf(expf(a)), musl's expf and log1pf */
  OP_SOFTPLUS: 38,
  /** dst = a > F0 ? a : 0 (ThresholdedRelu) */
  OP_THRELU: 39,
  /** dst = MLAS's erf(a) */
  OP_ERF: 40,
  /** bytes the host allocates for the record */
  RG_CTX_BYTES: 64,
} as const;
