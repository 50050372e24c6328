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
