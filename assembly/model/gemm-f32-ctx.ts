// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Byte offsets of the parameter record (ctx) of the float32 matrix product of assembly/model/gemm-f32.ts. The host
// writes it through GEMM_F32_CTX (src/model/backends/wasm-float/gemm-ctx.generated.ts, generated from the same declaration).

// ---- Gemm record ----
/** i32: rows of A' and of the output */
export const GM_M: i32 = 0;
/** i32: columns of B' and of the output */
export const GM_N: i32 = 4;
/** i32: columns of A', rows of B' */
export const GM_K: i32 = 8;
/** i32: columns of the packed B' (N rounded up to 16, zeros after N) */
export const GM_NP: i32 = 12;
/** i32: values of k per block (MLAS: 256 for a packed B) */
export const GM_BLOCK_K: i32 = 16;
/** i32: elements between rows of A' in A */
export const GM_A_ROW: i32 = 20;
/** i32: elements between columns of A' in A */
export const GM_A_COL: i32 = 24;
/** i32: output rows per task */
export const GM_ROWS_PER_TASK: i32 = 28;
/** i32: byte offset of the packed B', f32 [NP / 16][K][16] (panels of 16 columns) */
export const GM_B: i32 = 32;
/** i32: byte offset of the starting output, f32 [M][NP] (C broadcast, times beta), or 0 (zero mode) */
export const GM_C: i32 = 36;
/** f32: alpha */
export const GM_ALPHA: i32 = 40;
/** i32: byte offset of the products of a computed B, i32 [P][3] (element offsets of A, B, Y; matmulF32Task), or 0 */
export const GM_TABLE: i32 = 44;
/** i32: byte offset of the packed computed B's, P panels sets of NP * K floats (the step scratch) */
export const GM_SCRATCH: i32 = 48;
/** i32: 1: each computed B is stored [N][K] (FusedMatMul's transB), packed transposed */
export const GM_TRANS_B: i32 = 52;
/** bytes the host allocates for the record */
export const GM_CTX_BYTES: i32 = 64;
