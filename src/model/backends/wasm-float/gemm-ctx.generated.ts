// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit

/** Byte offsets of the records of assembly/model/gemm-f32-ctx.ts, and their sizes: the same names and numbers. */
export const GEMM_F32_CTX = {
  /** i32: rows of A' and of the output */
  GM_M: 0,
  /** i32: columns of B' and of the output */
  GM_N: 4,
  /** i32: columns of A', rows of B' */
  GM_K: 8,
  /** i32: columns of the packed B' (N rounded up to 16, zeros after N) */
  GM_NP: 12,
  /** i32: values of k per block (MLAS: 256 for a packed B) */
  GM_BLOCK_K: 16,
  /** i32: elements between rows of A' in A */
  GM_A_ROW: 20,
  /** i32: elements between columns of A' in A */
  GM_A_COL: 24,
  /** i32: output rows per task */
  GM_ROWS_PER_TASK: 28,
  /** i32: byte offset of the packed B', f32 [NP / 16][K][16] (panels of 16 columns) */
  GM_B: 32,
  /** i32: byte offset of the starting output, f32 [M][NP] (C broadcast, times beta), or 0 (zero mode) */
  GM_C: 36,
  /** f32: alpha */
  GM_ALPHA: 40,
  /** i32: byte offset of the products of a computed B, i32 [P][3] (element offsets of A, B, Y; matmulF32Task), or 0 */
  GM_TABLE: 44,
  /** i32: byte offset of the packed computed B's, P panels sets of NP * K floats (the step scratch) */
  GM_SCRATCH: 48,
  /** i32: 1: each computed B is stored [N][K] (FusedMatMul's transB), packed transposed */
  GM_TRANS_B: 52,
  /** bytes the host allocates for the record */
  GM_CTX_BYTES: 64,
} as const;
