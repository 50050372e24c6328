// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Byte offsets of the parameter record (ctx) of the float32 LSTM of assembly/model/lstm-f32.ts. The host writes it
// through LSTM_F32_CTX (src/model/backends/wasm-float/lstm-ctx.generated.ts, generated from the same declaration).

// ---- LSTM record (strides in elements; pointers are byte offsets, 0: absent) ----
/** i32: hidden size H */
export const LS_H: i32 = 0;
/** i32: input size K (> 0) */
export const LS_K: i32 = 4;
/** i32: columns of the packed W^T and R^T: 4H rounded up to 16, zeros after 4H */
export const LS_GP: i32 = 8;
/** i32: values of k per block of the products (256: onnxruntime packs constant W and R) */
export const LS_BLOCK_K: i32 = 12;
/** i32: time steps (every batch row runs all of them) */
export const LS_SEQ: i32 = 16;
/** i32: batch rows */
export const LS_BATCH: i32 = 20;
/** i32: bit d set: direction d runs backwards in time */
export const LS_REVERSE: i32 = 24;
/** i32: 1: f = 1 - i */
export const LS_INPUT_FORGET: i32 = 28;
/** i32: elements between time steps of X */
export const LS_X_T: i32 = 32;
/** i32: elements between batch rows of X */
export const LS_X_B: i32 = 36;
/** i32: elements between time steps of Y */
export const LS_Y_T: i32 = 40;
/** i32: elements between directions of Y */
export const LS_Y_D: i32 = 44;
/** i32: elements between batch rows of Y */
export const LS_Y_B: i32 = 48;
/** i32: elements between directions of initial_h / initial_c / Y_h / Y_c */
export const LS_S_D: i32 = 52;
/** i32: elements between batch rows of initial_h / initial_c / Y_h / Y_c */
export const LS_S_B: i32 = 56;
/** i32: W^T packed in panels of 16 columns, f32 [dirs][GP / 16][K][16] (gate rows i, o, f, c as columns) */
export const LS_W: i32 = 60;
/** i32: R^T packed in panels, f32 [dirs][GP / 16][H][16] */
export const LS_R: i32 = 64;
/** i32: the fused biases Wb + Rb, f32 [dirs][4H] and 4 more, or 0 (no B); GRU: [dirs][4][HP] and 4 more: z (Wb + Rb), r
 * (Wb + Rb), h (Wb + Rb, or Wb with linear_before_reset), Rb of h */
export const LS_BIAS: i32 = 68;
/** i32: the peepholes, f32 [dirs][3H] and 4 more, or 0 (no P) */
export const LS_P: i32 = 72;
/** i32: per task (d, b): gates [GP + 4], h [HP], c [HP] (HP: H rounded up to 4), f32; quantized mode then X quantized,
 * i16 [seq][KQ], and h quantized, i16 [HQ]; GRU: gates z, r [GP + 4], h [HP], the reset-gated values [HP], gate h [GPH
 * + 4] */
export const LS_SCRATCH: i32 = 76;
/** i32: floats (4 bytes) of one task scratch: GP + 4 + 2 HP (and the quantized rows), then the input products of
 * LS_CHUNK steps */
export const LS_TASK_FLOATS: i32 = 80;
/** i32: initial_h, or 0 (zeros) */
export const LS_H0: i32 = 84;
/** i32: initial_c, or 0 (zeros) */
export const LS_C0: i32 = 88;
/** i32: Y, or 0 (not written) */
export const LS_Y: i32 = 92;
/** i32: Y_h, or 0 (not written) */
export const LS_YH: i32 = 96;
/** i32: Y_c, or 0 (not written) */
export const LS_YC: i32 = 100;
/** f32: clip (FLT_MAX by default) */
export const LS_CLIP: i32 = 104;
/** i32: 1: DynamicQuantizeLSTM (batch 1): LS_W / LS_R hold the 8-bit weights as stored (int8 or uint8, LS_QUNSIGNED),
 * pairs of k in panels of 16 columns [dirs][GP / 16][KQ / 2][16][2] (the zero point past K and 4H), and each product
 * quantizes its input at run time */
export const LS_QUANT: i32 = 108;
/** i32: quantized mode: K rounded up to even */
export const LS_KQ: i32 = 112;
/** i32: quantized mode: H rounded up to even */
export const LS_HQ: i32 = 116;
/** i32: quantized mode: the scale of each column of W, f32 [dirs][GP] (0 past 4H) */
export const LS_W_SCALE: i32 = 120;
/** i32: quantized mode: the scale of each column of R, f32 [dirs][GP] (0 past 4H) */
export const LS_R_SCALE: i32 = 124;
/** i32: GRU (gruF32Task; LS_W / LS_R hold the z and r rows, GP 2H rounded up to 16): linear_before_reset */
export const LS_LBR: i32 = 128;
/** i32: GRU: columns of the packed h rows: H rounded up to 16, zeros after H */
export const LS_GPH: i32 = 132;
/** i32: GRU: W's h rows transposed in panels, f32 [dirs][GPH / 16][K][16] */
export const LS_WH: i32 = 136;
/** i32: GRU: R's h rows transposed in panels, f32 [dirs][GPH / 16][H][16] */
export const LS_RH: i32 = 140;
/** i32: quantized mode: the zero points, i32 [dirs][2] (each direction its W and R ones), subtracted from the stored
 * 8-bit weights as they are loaded */
export const LS_QZP: i32 = 144;
/** i32: quantized mode: 1: the stored weights are uint8, 0: int8 */
export const LS_QUNSIGNED: i32 = 148;
/** i32: time steps whose input products X W^T are computed together (W read once for them), before those steps; their
 * rows [LS_CHUNK][GP] (GRU: and [LS_CHUNK][GPH]) end the task scratch */
export const LS_CHUNK: i32 = 152;
/** bytes the host allocates for the record */
export const LS_CTX_BYTES: i32 = 160;
