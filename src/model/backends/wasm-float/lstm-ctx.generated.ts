// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit

/** Byte offsets of the records of assembly/model/lstm-f32-ctx.ts, and their sizes: the same names and numbers. */
export const LSTM_F32_CTX = {
  /** i32: hidden size H */
  LS_H: 0,
  /** i32: input size K (> 0) */
  LS_K: 4,
  /** i32: columns of the packed W^T and R^T: 4H rounded up to 16, zeros after 4H */
  LS_GP: 8,
  /** i32: values of k per block of the products (256: onnxruntime packs constant W and R) */
  LS_BLOCK_K: 12,
  /** i32: time steps (every batch row runs all of them) */
  LS_SEQ: 16,
  /** i32: batch rows */
  LS_BATCH: 20,
  /** i32: bit d set: direction d runs backwards in time */
  LS_REVERSE: 24,
  /** i32: 1: f = 1 - i */
  LS_INPUT_FORGET: 28,
  /** i32: elements between time steps of X */
  LS_X_T: 32,
  /** i32: elements between batch rows of X */
  LS_X_B: 36,
  /** i32: elements between time steps of Y */
  LS_Y_T: 40,
  /** i32: elements between directions of Y */
  LS_Y_D: 44,
  /** i32: elements between batch rows of Y */
  LS_Y_B: 48,
  /** i32: elements between directions of initial_h / initial_c / Y_h / Y_c */
  LS_S_D: 52,
  /** i32: elements between batch rows of initial_h / initial_c / Y_h / Y_c */
  LS_S_B: 56,
  /** i32: W^T packed in panels of 16 columns, f32 [dirs][GP / 16][K][16] (gate rows i, o, f, c as columns) */
  LS_W: 60,
  /** i32: R^T packed in panels, f32 [dirs][GP / 16][H][16] */
  LS_R: 64,
  /** i32: the fused biases Wb + Rb, f32 [dirs][4H] and 4 more, or 0 (no B); GRU: [dirs][4][HP] and 4 more: z (Wb + Rb),
   * r (Wb + Rb), h (Wb + Rb, or Wb with linear_before_reset), Rb of h */
  LS_BIAS: 68,
  /** i32: the peepholes, f32 [dirs][3H] and 4 more, or 0 (no P) */
  LS_P: 72,
  /** i32: per task (d, b): gates [GP + 4], h [HP], c [HP] (HP: H rounded up to 4), f32; quantized mode then X
   * quantized, i16 [seq][KQ], and h quantized, i16 [HQ]; GRU: gates z, r [GP + 4], h [HP], the reset-gated values [HP],
   * gate h [GPH + 4] */
  LS_SCRATCH: 76,
  /** i32: floats (4 bytes) of one task scratch: GP + 4 + 2 HP (and the quantized rows), then the input products of
   * LS_CHUNK steps */
  LS_TASK_FLOATS: 80,
  /** i32: initial_h, or 0 (zeros) */
  LS_H0: 84,
  /** i32: initial_c, or 0 (zeros) */
  LS_C0: 88,
  /** i32: Y, or 0 (not written) */
  LS_Y: 92,
  /** i32: Y_h, or 0 (not written) */
  LS_YH: 96,
  /** i32: Y_c, or 0 (not written) */
  LS_YC: 100,
  /** f32: clip (FLT_MAX by default) */
  LS_CLIP: 104,
  /** i32: 1: DynamicQuantizeLSTM (batch 1): LS_W / LS_R hold the 8-bit weights as stored (int8 or uint8, LS_QUNSIGNED),
   * pairs of k in panels of 16 columns [dirs][GP / 16][KQ / 2][16][2] (the zero point past K and 4H), and each product
   * quantizes its input at run time */
  LS_QUANT: 108,
  /** i32: quantized mode: K rounded up to even */
  LS_KQ: 112,
  /** i32: quantized mode: H rounded up to even */
  LS_HQ: 116,
  /** i32: quantized mode: the scale of each column of W, f32 [dirs][GP] (0 past 4H) */
  LS_W_SCALE: 120,
  /** i32: quantized mode: the scale of each column of R, f32 [dirs][GP] (0 past 4H) */
  LS_R_SCALE: 124,
  /** i32: GRU (gruF32Task; LS_W / LS_R hold the z and r rows, GP 2H rounded up to 16): linear_before_reset */
  LS_LBR: 128,
  /** i32: GRU: columns of the packed h rows: H rounded up to 16, zeros after H */
  LS_GPH: 132,
  /** i32: GRU: W's h rows transposed in panels, f32 [dirs][GPH / 16][K][16] */
  LS_WH: 136,
  /** i32: GRU: R's h rows transposed in panels, f32 [dirs][GPH / 16][H][16] */
  LS_RH: 140,
  /** i32: quantized mode: the zero points, i32 [dirs][2] (each direction its W and R ones), subtracted from the stored
   * 8-bit weights as they are loaded */
  LS_QZP: 144,
  /** i32: quantized mode: 1: the stored weights are uint8, 0: int8 */
  LS_QUNSIGNED: 148,
  /** i32: time steps whose input products X W^T are computed together (W read once for them), before those steps; their
   * rows [LS_CHUNK][GP] (GRU: and [LS_CHUNK][GPH]) end the task scratch */
  LS_CHUNK: 152,
  /** bytes the host allocates for the record */
  LS_CTX_BYTES: 160,
} as const;
