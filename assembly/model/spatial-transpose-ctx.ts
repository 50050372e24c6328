// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Field indices (byte offset = index * 4) of the ctx record of the Transpose kernel (assembly/model/spatial-transpose.ts,
// whose header describes KIND 0 and 1). The host writes it through TRANSPOSE_CTX
// (src/model/backends/wasm-int8/ctx.generated.ts, generated from the same declaration).

/** i32: bytes per element: 1 or 4 */
export const ESIZE: i32 = 0;
/** i32: 0 rows, 1 tiles */
export const KIND: i32 = 1;
/** i32: outer axes (entries of OUTER) */
export const NOUT: i32 = 2;
/** i32: rows per task (KIND 1: tile rows) */
export const RPT: i32 = 3;
/** i32: KIND 0: bytes per row; KIND 1: ROWS */
export const ROWLEN: i32 = 4;
/** i32: KIND 1: elements of the input's last axis */
export const COLS: i32 = 5;
/** i32: KIND 1: src stride of the output's last axis (bytes) */
export const SA: i32 = 6;
/** i32: KIND 1: dst stride of the input's last axis (bytes) */
export const TB: i32 = 7;
/** i32: KIND 0: R */
export const TOTAL: i32 = 8;
/** i32: KIND 1: tasks per combination; the last one takes the rows left (at least RPT of them) */
export const TILES: i32 = 9;
/** i32[18]: [dim, src stride bytes, dst stride bytes] per outer axis, outermost first (room for 6 axes) */
export const OUTER: i32 = 10;
/** bytes the host allocates for the record */
export const CTX_BYTES: i32 = 112;
