// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Field indices (byte offset = index * 4) of the ctx record of the NCHW <-> NCHW44 task (assembly/model/spatial-relayout.ts).
// The host writes it through RELAYOUT_CTX (src/model/backends/wasm-int8/ctx.generated.ts, generated from the same
// declaration).

/** i32: 1: NCHW -> NCHW44, 0: NCHW44 -> NCHW */
export const TO44: i32 = 0;
/** i32: channels */
export const C: i32 = 1;
/** i32: pixels per plane (H * W) */
export const HW: i32 = 2;
/** i32: channel blocks of 4 per task */
export const BPT: i32 = 3;
/** i32: bytes per element: 1 (uint8, int8) or 4 (float32, int32) */
export const ES: i32 = 4;
/** bytes the host allocates for the record */
export const CTX_BYTES: i32 = 20;
