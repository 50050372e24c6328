// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Field indices (byte offset = index * 4) of the ctx record of the window-sum kernels (assembly/model/window-sum.ts,
// whose header describes the two passes). The host writes it through WINDOW_SUM_CTX
// (src/model/backends/wasm-int8/ctx.generated.ts, generated from the same declaration).

/** i32: the source's layout: 0 NCHW, 1 NCHW44 */
export const LAYOUT: i32 = 0;
/** i32: 1: one sum per group (T and S planar); 4: one per channel of a depthwise NCHW44 source (interleaved) */
export const LANES: i32 = 1;
/** i32: the source bytes' xor (0 uint8, 0x80 int8: the unsigned domain) */
export const XOR: i32 = 2;
/** i32: the source zero point in the unsigned domain (zp + 128 for int8): set before each run */
export const ZPU: i32 = 3;
/** i32: source channels */
export const C: i32 = 4;
/** i32: source channels per group (LANES 1) */
export const CPG: i32 = 5;
/** i32: planes of T and S per image: the groups (LANES 1) or the blocks of 4 channels (LANES 4) */
export const GP: i32 = 6;
/** i32: N * GP */
export const PLANES: i32 = 7;
/** i32: source rows */
export const IH: i32 = 8;
/** i32: source columns */
export const IW: i32 = 9;
/** i32: output rows */
export const OH: i32 = 10;
/** i32: output columns */
export const OW: i32 = 11;
/** i32: window rows */
export const FH: i32 = 12;
/** i32: window columns */
export const FW: i32 = 13;
/** i32: stride on rows */
export const SH: i32 = 14;
/** i32: stride on columns */
export const SW: i32 = 15;
/** i32: dilation on rows */
export const DH: i32 = 16;
/** i32: dilation on columns */
export const DW: i32 = 17;
/** i32: padding top */
export const PT: i32 = 18;
/** i32: padding left */
export const PL: i32 = 19;
/** i32: pass 1: planes per task */
export const PPT1: i32 = 20;
/** i32: pass 1: source rows per task */
export const ROWS1: i32 = 21;
/** i32: pass 2: planes per task */
export const PPT2: i32 = 22;
/** i32: pass 2: output rows per task */
export const ROWS2: i32 = 23;
/** bytes the host allocates for the record */
export const CTX_BYTES: i32 = 96;
