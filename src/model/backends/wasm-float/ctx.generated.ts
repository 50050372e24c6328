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
  /** CT_MODE: every output cell is written once (tasks over chunks of input cells) */
  CT_MODE_DIRECT: 0,
  /** CT_MODE: the kernel positions accumulate onto a zeroed plane (tasks over output channels) */
  CT_MODE_ACCUMULATE: 1,
  /** bytes the host allocates for the record */
  CT_CTX_BYTES: 64,
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
  /** i32: rows */
  SM_ROWS: 0,
  /** i32: values per row */
  SM_LEN: 4,
  /** i32: rows per task */
  SM_ROWS_PER_TASK: 8,
  /** bytes the host allocates for the record */
  SM_CTX_BYTES: 16,
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
