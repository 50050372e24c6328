// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit

/** Byte offsets of the records of assembly/model/elem-ctx.ts, and their sizes: the same names and numbers. */
export const ELEM_CTX = {
  /** i32: elements of the output (all kernels) */
  EL_N: 0,
  /** i32: elements per task, a multiple of 16 (all kernels) */
  EL_GRAIN: 4,
  /** i32: the input bytes' xor (0 uint8, 0x80 int8) */
  EL_INXOR: 8,
  /** i32: the output bytes' xor (0 uint8, 0x80 int8) */
  EL_OUTXOR: 12,
  /** f32: the scale s (a true division) */
  QZ_SCALE: 16,
  /** f32: lo - zp (clamp of x / s, before rounding) */
  QZ_LO: 20,
  /** f32: hi - zp */
  QZ_HI: 24,
  /** i32: zp + 128 for an int8 output (the unsigned domain), zp for uint8 */
  QZ_ZPU: 28,
  /** i32: zp + 128 for an int8 input (compared with x ^ 0x80), zp for uint8 */
  DQ_ZPU: 16,
  /** f32: the scale s */
  DQ_SCALE: 20,
  /** i32: 0 add, 1 mul */
  QB_OP: 16,
  /** i32: 0 repeat (B index = i % MID; equal shapes: MID = N), 1 scalar (B[0]), 2 channel (B index = (i / INNER) %
   * MID), 3 channel NCHW44 (B index = ((i >> 2) / INNER % (MID / 4)) * 4 + (i & 3)) */
  QB_MODE: 20,
  /** i32: elements of A per B value (channel modes: the plane H * W) */
  QB_INNER: 24,
  /** i32: B values in one period (elements of B, or those of one image) */
  QB_MID: 28,
  /** f32: scale of A */
  QB_ASCALE: 32,
  /** i32: zero point of A in the unsigned domain */
  QB_AZPU: 36,
  /** f32: scale of B */
  QB_BSCALE: 40,
  /** i32: zero point of B in the unsigned domain */
  QB_BZPU: 44,
  /** f32: scale of C (a true division) */
  QB_CSCALE: 48,
  /** f32: lo - zpC */
  QB_LO: 52,
  /** f32: hi - zpC */
  QB_HI: 56,
  /** f32: zpC, added in float before rounding (as onnxruntime does: round(f32(c + zpC))) */
  QB_ZPF: 60,
  /** i32: added to the rounded value: 128 for an int8 output (the unsigned domain), 0 for uint8 */
  QB_OUTADD: 64,
  /** i32: 1: an add of mode 0 runs the integer form u = clamp((ua * MA + ub * MB + K) >> SHIFT, 0, 255) of the
   * unsigned-domain bytes, found at load equal to the float formula on all 65536 byte pairs but the NEXC exceptions; 0:
   * the float formula */
  QB_INT: 68,
  /** i32: integer form: multiplier of ua */
  QB_MA: 72,
  /** i32: integer form: multiplier of ub */
  QB_MB: 76,
  /** i32: integer form: the constant */
  QB_K: 80,
  /** i32: integer form: the right shift */
  QB_SHIFT: 84,
  /** i32: integer form: exceptions (0..8), the byte pairs whose output the form misses */
  QB_NEXC: 88,
  /** i32: integer form: the first of 8 exceptions, each raw a | raw b << 8 | raw output << 16 (the raw bytes, not the
   * unsigned domain) */
  QB_EXC: 92,
  /** i32: the 256-byte table */
  LUT_TABLE: 16,
  /** i32: the 256-byte table, 0: the bytes copied */
  CR_TABLE: 16,
  /** i32: bytes per row */
  CR_RUN: 20,
  /** i32: bytes between the output's rows */
  CR_TOTAL: 24,
  /** i32: C tables of 256 entries, one after the other */
  CT_TABLE: 16,
  /** i32: elements per channel run (the plane H * W) */
  CT_INNER: 20,
  /** i32: channels C */
  CT_C: 24,
  /** i32: bytes per entry: 1 (an 8-bit output) or 4 (float32) */
  CT_OUTBYTES: 28,
  /** i32: 0 NCHW runs (c = (i / INNER) % C); 1 NCHW44 (c = ((i >> 2) / INNER % (C / 4)) * 4 + (i & 3), 1-byte entries) */
  CT_LAYOUT: 32,
  /** i32: the QLinearMul's record (A: x, B: g), laid out as a QLinearAdd / Mul record */
  GT_MUL: 36,
  /** i32: the QLinearAdd's record (A: x, B: the product), or 0 where there is no add */
  GT_ADD: 40,
  /** i32: 256 bytes 0, 1, .., 255 (every raw input byte) */
  GT_IDENT: 44,
  /** i32: 1 when the input is float32 and quantized as QuantizeLinear does (the CT_Q* fields), 0 when it is bytes */
  CT_QUANT: 48,
  /** f32: the quantization's scale (as QZ_SCALE) */
  CT_QSCALE: 52,
  /** f32: lo - zp (as QZ_LO) */
  CT_QLO: 56,
  /** f32: hi - zp (as QZ_HI) */
  CT_QHI: 60,
  /** i32: zp + 128 for int8 (the unsigned domain), zp for uint8 */
  CT_QZPU: 64,
  /** i32: the quantized type's byte xor (0x80 for int8): the table is indexed by the raw byte */
  CT_QXOR: 68,
  /** i32: 0 plain runs (c = (i / INNER) % C), 1 contiguous (c = i % C), 2 NCHW44 (c = ((i >> 2) / INNER % (C / 4)) * 4
   * + (i & 3)) */
  RQ_MODE: 16,
  /** i32: elements per channel run (the plane; 1 in mode 1) */
  RQ_INNER: 20,
  /** i32: channels C */
  RQ_C: 24,
  /** i32: 0 one accumulator tensor; 1 or 2: K, and a second accumulator tensor (p1) is added */
  RQ_K: 28,
  /** i32: f32[C] scales */
  RQ_SCALES: 32,
  /** i32: i32[C] biases */
  RQ_BIAS: 36,
  /** f32: lo - zp */
  RQ_LO: 40,
  /** f32: hi - zp */
  RQ_HI: 44,
  /** i32: zp + 128 for an int8 output (the unsigned domain), zp for uint8 */
  RQ_ZPU: 48,
  /** i32: 1: p1 is the window sums S and RQ_E / RQ_SMAP / RQ_SCH describe them; 0: no correction */
  RQ_WIN: 52,
  /** i32: i32[C] the per-channel shifts e */
  RQ_E: 56,
  /** i32: i32[C] (mode 0) or i32[C / 4] (mode 2): the S channel / block of each channel / block */
  RQ_SMAP: 60,
  /** i32: S channels (mode 0, 1, and 2 with RQ_SPLAT) or blocks (mode 2) per image (row in mode 1) */
  RQ_SCH: 64,
  /** i32: mode 2: 1 when S is planar (one plane per S channel, RQ_SMAP[c / 4] the block's): a pixel's S serves its 4
   * lanes */
  RQ_SPLAT: 68,
  /** i32: 0: bytes; 1: v is stored as int32 (ConvInteger / MatMulInteger); 2: float32 f32(v) * scale + fbias (RQ_BIAS
   * as float32); 3: the same, then relu */
  RQ_OUT32: 72,
  /** i32: a 256-byte table applied to every output byte (indexed by the raw byte), or 0 */
  RQ_TABLE: 76,
  /** i32: [tasks][4] words: each task's min and max (f32, over the elements that are not NaN; +-FLT_MAX when none) and
   * 1 when a NaN is among its elements in whole groups of 4, then a free word */
  DY_PARTS: 16,
  /** f32: the scale s (a true division; any float: NaN, 0 and infinity included) */
  DY_SCALE: 20,
  /** f32: 0 - zp (clamp of x / s, before rounding) */
  DY_LO: 24,
  /** f32: 255 - zp */
  DY_HI: 28,
  /** i32: the zero point zp */
  DY_ZP: 32,
  /** Bytes of the largest record (the host allocates this much, 64-byte aligned). */
  EL_CTX_BYTES: 128,
} as const;

/** Field indices (byte offset = index * 4) of the records of assembly/model/spatial-pool-ctx.ts, and their sizes: the
 * same names and numbers. */
export const POOL_CTX = {
  /** i32: 0 NCHW, 1 NCHW44 */
  LAYOUT: 0,
  /** i32: 1: int8, 0: uint8 */
  SIGNED: 1,
  /** i32: C (NCHW) or C / 4 (NCHW44) */
  PLANES: 2,
  /** i32: input rows */
  IH: 3,
  /** i32: input columns */
  IW: 4,
  /** i32: output rows */
  OH: 5,
  /** i32: output columns */
  OW: 6,
  /** i32: window rows */
  KH: 7,
  /** i32: window columns */
  KW: 8,
  /** i32: stride on rows */
  SH: 9,
  /** i32: stride on columns */
  SW: 10,
  /** i32: dilation on rows */
  DH: 11,
  /** i32: dilation on columns */
  DW: 12,
  /** i32: padding top */
  PT: 13,
  /** i32: padding left */
  PL: 14,
  /** i32: planes per task */
  PPT: 15,
  /** i32: output rows per task */
  ROWS: 16,
  /** i32: first interior output column (every kx of [OX0, OX1) is inside the input) */
  OX0: 17,
  /** i32: end of the interior output columns */
  OX1: 18,
  /** i32: QLinearAveragePool: count_include_pad (0 or 1) */
  INCLUDEPAD: 19,
  /** i32: x zero point */
  XZP: 20,
  /** i32: y zero point */
  YZP: 21,
  /** f32: QLinearAveragePool: x_scale */
  F_XSCALE: 22,
  /** f32: QLinearAveragePool: y_scale */
  F_YSCALE: 23,
  /** f32: QLinearGlobalAveragePool: f(x_scale / f(y_scale * H * W)) */
  F_GSCALE: 24,
  /** f32: QLinearAveragePool: f(KH * KW), the divisor with count_include_pad */
  F_KCOUNT: 25,
  /** i32: QLinearAveragePool: 128 where an int8 pool rounds as its uint8 twin (y_zp + 128 added in float, 128 taken off
   * the integer), else 0 */
  YSHIFT: 26,
  /** bytes the host allocates for the record */
  CTX_BYTES: 128,
} as const;

/** Field indices (byte offset = index * 4) of the records of assembly/model/spatial-resize-ctx.ts, and their sizes: the
 * same names and numbers. */
export const RESIZE_CTX = {
  /** i32: 0 NCHW, 1 NCHW44 */
  LAYOUT: 0,
  /** i32: 1: int8, 0: uint8 */
  SIGNED: 1,
  /** i32: C (NCHW) or C / 4 (NCHW44) */
  PLANES: 2,
  /** i32: input rows */
  IH: 3,
  /** i32: input columns */
  IW: 4,
  /** i32: output rows */
  OH: 5,
  /** i32: output columns */
  OW: 6,
  /** i32: planes per task */
  PPT: 7,
  /** i32: output rows per task */
  ROWS: 8,
  /** i32: 1 linear, 0 nearest */
  LINEAR: 9,
  /** i32: i32[OH][4] table: input rows y1, y2, dup, 0 */
  YTAB: 10,
  /** i32: f32[OH][4] table: dy2, dy2, dy1, dy1 (linear; else 0) */
  YW: 11,
  /** i32: i32[OW][2] table: input columns x1, x2 */
  XTAB: 12,
  /** i32: f32 table of the column weights (linear; else 0) */
  XW: 13,
  /** i32: NCHW: the 16-column groups (48 bytes each; NCHW44: 0) */
  GRP: 14,
  /** i32: OW rounded up to 16 */
  OWP: 15,
  /** i32: bytes of the input tensor */
  SRCBYTES: 16,
  /** i32: a 256-byte table applied to every output byte (a look-up step fused into the resize), or 0 */
  TABLE: 17,
  /** bytes the host allocates for the record */
  CTX_BYTES: 80,
} as const;

/** Field indices (byte offset = index * 4) of the records of assembly/model/spatial-transpose-ctx.ts, and their sizes:
 * the same names and numbers. */
export const TRANSPOSE_CTX = {
  /** i32: bytes per element: 1 or 4 */
  ESIZE: 0,
  /** i32: 0 rows, 1 tiles */
  KIND: 1,
  /** i32: outer axes (entries of OUTER) */
  NOUT: 2,
  /** i32: rows per task (KIND 1: tile rows) */
  RPT: 3,
  /** i32: KIND 0: bytes per row; KIND 1: ROWS */
  ROWLEN: 4,
  /** i32: KIND 1: elements of the input's last axis */
  COLS: 5,
  /** i32: KIND 1: src stride of the output's last axis (bytes) */
  SA: 6,
  /** i32: KIND 1: dst stride of the input's last axis (bytes) */
  TB: 7,
  /** i32: KIND 0: R */
  TOTAL: 8,
  /** i32: KIND 1: tasks per combination; the last one takes the rows left (at least RPT of them) */
  TILES: 9,
  /** i32[18]: [dim, src stride bytes, dst stride bytes] per outer axis, outermost first (room for 6 axes) */
  OUTER: 10,
  /** bytes the host allocates for the record */
  CTX_BYTES: 112,
} as const;

/** Field indices (byte offset = index * 4) of the records of assembly/model/spatial-relayout-ctx.ts, and their sizes:
 * the same names and numbers. */
export const RELAYOUT_CTX = {
  /** i32: 1: NCHW -> NCHW44, 0: NCHW44 -> NCHW */
  TO44: 0,
  /** i32: channels */
  C: 1,
  /** i32: pixels per plane (H * W) */
  HW: 2,
  /** i32: channel blocks of 4 per task */
  BPT: 3,
  /** i32: bytes per element: 1 (uint8, int8) or 4 (float32, int32) */
  ES: 4,
  /** bytes the host allocates for the record */
  CTX_BYTES: 20,
} as const;

/** Field indices (byte offset = index * 4) of the records of assembly/model/window-sum-ctx.ts, and their sizes: the
 * same names and numbers. */
export const WINDOW_SUM_CTX = {
  /** i32: the source's layout: 0 NCHW, 1 NCHW44 */
  LAYOUT: 0,
  /** i32: 1: one sum per group (T and S planar); 4: one per channel of a depthwise NCHW44 source (interleaved) */
  LANES: 1,
  /** i32: the source bytes' xor (0 uint8, 0x80 int8: the unsigned domain) */
  XOR: 2,
  /** i32: the source zero point in the unsigned domain (zp + 128 for int8): set before each run */
  ZPU: 3,
  /** i32: source channels */
  C: 4,
  /** i32: source channels per group (LANES 1) */
  CPG: 5,
  /** i32: planes of T and S per image: the groups (LANES 1) or the blocks of 4 channels (LANES 4) */
  GP: 6,
  /** i32: N * GP */
  PLANES: 7,
  /** i32: source rows */
  IH: 8,
  /** i32: source columns */
  IW: 9,
  /** i32: output rows */
  OH: 10,
  /** i32: output columns */
  OW: 11,
  /** i32: window rows */
  FH: 12,
  /** i32: window columns */
  FW: 13,
  /** i32: stride on rows */
  SH: 14,
  /** i32: stride on columns */
  SW: 15,
  /** i32: dilation on rows */
  DH: 16,
  /** i32: dilation on columns */
  DW: 17,
  /** i32: padding top */
  PT: 18,
  /** i32: padding left */
  PL: 19,
  /** i32: pass 1: planes per task */
  PPT1: 20,
  /** i32: pass 1: source rows per task */
  ROWS1: 21,
  /** i32: pass 2: planes per task */
  PPT2: 22,
  /** i32: pass 2: output rows per task */
  ROWS2: 23,
  /** bytes the host allocates for the record */
  CTX_BYTES: 96,
} as const;
