// generated from tools/model-ctx.mjs by tools/gen-model-ctx.mjs; do not edit
//
// Byte offsets of the parameter records (ctx) of the model's element-wise kernels: assembly/model/elementwise.ts
// (QuantizeLinear, DequantizeLinear, QLinearAdd / QLinearMul), lut.ts and requant.ts. The host writes them through
// ELEM_CTX (src/model/backends/wasm-int8/ctx.generated.ts, generated from the same declaration).
//
// Every record starts with the element count and the task grain: task t covers elements [t * grain, t * grain +
// grain) of the output (clipped to the count; a task past the end does nothing). The grain is a multiple of 16.
// Types travel as byte xors: an int8 byte ^ 0x80 is the uint8 value + 128, so the kernels compute on unsigned bytes
// with zero points (and clamp bounds) moved by +128 and flip the output back (XOR 0x80 for int8, 0 for uint8).

/** i32: elements of the output (all kernels) */
export const EL_N: i32 = 0;
/** i32: elements per task, a multiple of 16 (all kernels) */
export const EL_GRAIN: i32 = 4;
/** i32: the input bytes' xor (0 uint8, 0x80 int8) */
export const EL_INXOR: i32 = 8;
/** i32: the output bytes' xor (0 uint8, 0x80 int8) */
export const EL_OUTXOR: i32 = 12;

// ---- QuantizeLinear (f32 -> 8 bit): y = RNE(clamp(x / s, lo - zp, hi - zp)) + zp; NaN -> 0 ----
/** f32: the scale s (a true division) */
export const QZ_SCALE: i32 = 16;
/** f32: lo - zp (clamp of x / s, before rounding) */
export const QZ_LO: i32 = 20;
/** f32: hi - zp */
export const QZ_HI: i32 = 24;
/** i32: zp + 128 for an int8 output (the unsigned domain), zp for uint8 */
export const QZ_ZPU: i32 = 28;

// ---- DequantizeLinear (8 bit -> f32): y = f32(float(x - zp) * s) ----
/** i32: zp + 128 for an int8 input (compared with x ^ 0x80), zp for uint8 */
export const DQ_ZPU: i32 = 16;
/** f32: the scale s */
export const DQ_SCALE: i32 = 20;

// ---- QLinearAdd / QLinearMul. Operand A (p0) has the output's shape; B (p1) is broadcast by MODE. ----
/** i32: 0 add, 1 mul */
export const QB_OP: i32 = 16;
/** i32: 0 repeat (B index = i % MID; equal shapes: MID = N), 1 scalar (B[0]), 2 channel (B index = (i / INNER) % MID),
 * 3 channel NCHW44 (B index = ((i >> 2) / INNER % (MID / 4)) * 4 + (i & 3)) */
export const QB_MODE: i32 = 20;
/** i32: elements of A per B value (channel modes: the plane H * W) */
export const QB_INNER: i32 = 24;
/** i32: B values in one period (elements of B, or those of one image) */
export const QB_MID: i32 = 28;
/** f32: scale of A */
export const QB_ASCALE: i32 = 32;
/** i32: zero point of A in the unsigned domain */
export const QB_AZPU: i32 = 36;
/** f32: scale of B */
export const QB_BSCALE: i32 = 40;
/** i32: zero point of B in the unsigned domain */
export const QB_BZPU: i32 = 44;
/** f32: scale of C (a true division) */
export const QB_CSCALE: i32 = 48;
/** f32: lo - zpC */
export const QB_LO: i32 = 52;
/** f32: hi - zpC */
export const QB_HI: i32 = 56;
/** f32: zpC, added in float before rounding (as onnxruntime does: round(f32(c + zpC))) */
export const QB_ZPF: i32 = 60;
/** i32: added to the rounded value: 128 for an int8 output (the unsigned domain), 0 for uint8 */
export const QB_OUTADD: i32 = 64;
/** i32: 1: an add of mode 0 runs the integer form u = clamp((ua * MA + ub * MB + K) >> SHIFT, 0, 255) of the
 * unsigned-domain bytes, found at load equal to the float formula on all 65536 byte pairs but the NEXC exceptions; 0:
 * the float formula */
export const QB_INT: i32 = 68;
/** i32: integer form: multiplier of ua */
export const QB_MA: i32 = 72;
/** i32: integer form: multiplier of ub */
export const QB_MB: i32 = 76;
/** i32: integer form: the constant */
export const QB_K: i32 = 80;
/** i32: integer form: the right shift */
export const QB_SHIFT: i32 = 84;
/** i32: integer form: exceptions (0..8), the byte pairs whose output the form misses */
export const QB_NEXC: i32 = 88;
/** i32: integer form: the first of 8 exceptions, each raw a | raw b << 8 | raw output << 16 (the raw bytes, not the
 * unsigned domain) */
export const QB_EXC: i32 = 92;

// ---- Lut: y[i] = table[x[i]] ----
/** i32: the 256-byte table */
export const LUT_TABLE: i32 = 16;

// ---- ConcatRows: N rows of RUN bytes, x row r at r * RUN to y row r at r * TOTAL, through TABLE or copied (a concat input of short rows) ----
/** i32: the 256-byte table, 0: the bytes copied */
export const CR_TABLE: i32 = 16;
/** i32: bytes per row */
export const CR_RUN: i32 = 20;
/** i32: bytes between the output's rows */
export const CR_TOTAL: i32 = 24;

// ---- ChannelTable: y[i] = table[c(i)][x[i]], c(i) = (i / INNER) % C; entries of OUTBYTES bytes (1 or 4) ----
/** i32: C tables of 256 entries, one after the other */
export const CT_TABLE: i32 = 16;
/** i32: elements per channel run (the plane H * W) */
export const CT_INNER: i32 = 20;
/** i32: channels C */
export const CT_C: i32 = 24;
/** i32: bytes per entry: 1 (an 8-bit output) or 4 (float32) */
export const CT_OUTBYTES: i32 = 28;
/** i32: 0 NCHW runs (c = (i / INNER) % C); 1 NCHW44 (c = ((i >> 2) / INNER % (C / 4)) * 4 + (i & 3), 1-byte entries) */
export const CT_LAYOUT: i32 = 32;
// ChannelGate (the tables of a QLinearMul by a per-channel tensor g, and the QLinearAdd of its input, made per run
// by gateTableTask; then applied as a ChannelTable):
/** i32: the QLinearMul's record (A: x, B: g), laid out as a QLinearAdd / Mul record */
export const GT_MUL: i32 = 36;
/** i32: the QLinearAdd's record (A: x, B: the product), or 0 where there is no add */
export const GT_ADD: i32 = 40;
/** i32: 256 bytes 0, 1, .., 255 (every raw input byte) */
export const GT_IDENT: i32 = 44;
// ChannelTable whose input is float32, quantized per tensor first (the chain's leading QuantizeLinear; NCHW):
/** i32: 1 when the input is float32 and quantized as QuantizeLinear does (the CT_Q* fields), 0 when it is bytes */
export const CT_QUANT: i32 = 48;
/** f32: the quantization's scale (as QZ_SCALE) */
export const CT_QSCALE: i32 = 52;
/** f32: lo - zp (as QZ_LO) */
export const CT_QLO: i32 = 56;
/** f32: hi - zp (as QZ_HI) */
export const CT_QHI: i32 = 60;
/** i32: zp + 128 for int8 (the unsigned domain), zp for uint8 */
export const CT_QZPU: i32 = 64;
/** i32: the quantized type's byte xor (0x80 for int8): the table is indexed by the raw byte */
export const CT_QXOR: i32 = 68;

// ---- RequantizeInt32: v = K * acc0 (+ acc1) + bias[c]; y = RNE(clamp(f32(v) * scale[c], lo - zp, hi - zp)) + zp ----
/** i32: 0 plain runs (c = (i / INNER) % C), 1 contiguous (c = i % C), 2 NCHW44 (c = ((i >> 2) / INNER % (C / 4)) * 4 +
 * (i & 3)) */
export const RQ_MODE: i32 = 16;
/** i32: elements per channel run (the plane; 1 in mode 1) */
export const RQ_INNER: i32 = 20;
/** i32: channels C */
export const RQ_C: i32 = 24;
/** i32: 0 one accumulator tensor; 1 or 2: K, and a second accumulator tensor (p1) is added */
export const RQ_K: i32 = 28;
/** i32: f32[C] scales */
export const RQ_SCALES: i32 = 32;
/** i32: i32[C] biases */
export const RQ_BIAS: i32 = 36;
/** f32: lo - zp */
export const RQ_LO: i32 = 40;
/** f32: hi - zp */
export const RQ_HI: i32 = 44;
/** i32: zp + 128 for an int8 output (the unsigned domain), zp for uint8 */
export const RQ_ZPU: i32 = 48;
// Window correction of weights shifted per channel (RQ_WIN = 1, with RQ_K = 0): v = acc0 + e[c] * S + bias[c],
// S the window sum (p1, int32) of the output element's group: in the runs modes the S run of channel (block)
// RQ_SMAP[c] of the element's image, an image holding RQ_SCH S channels (blocks); in mode 1 S[row * RQ_SCH]:
/** i32: 1: p1 is the window sums S and RQ_E / RQ_SMAP / RQ_SCH describe them; 0: no correction */
export const RQ_WIN: i32 = 52;
/** i32: i32[C] the per-channel shifts e */
export const RQ_E: i32 = 56;
/** i32: i32[C] (mode 0) or i32[C / 4] (mode 2): the S channel / block of each channel / block */
export const RQ_SMAP: i32 = 60;
/** i32: S channels (mode 0, 1, and 2 with RQ_SPLAT) or blocks (mode 2) per image (row in mode 1) */
export const RQ_SCH: i32 = 64;
/** i32: mode 2: 1 when S is planar (one plane per S channel, RQ_SMAP[c / 4] the block's): a pixel's S serves its 4
 * lanes */
export const RQ_SPLAT: i32 = 68;
/** i32: 0: bytes; 1: v is stored as int32 (ConvInteger / MatMulInteger); 2: float32 f32(v) * scale + fbias (RQ_BIAS as
 * float32); 3: the same, then relu */
export const RQ_OUT32: i32 = 72;
/** i32: a 256-byte table applied to every output byte (indexed by the raw byte), or 0 */
export const RQ_TABLE: i32 = 76;

// ---- DynamicQuantizeLinear (f32 -> uint8 with the scale and zero point of the tensor's own range) ----
// dqlRangeTask writes each task's partial range to DY_PARTS; the host combines them, computes the scale and zero
// point and writes DY_SCALE .. DY_ZP; dqlQuantizeTask then quantizes: y = RNE(clamp(x / s, -zp, 255 - zp)) + zp,
// 0 where x / s is NaN:
/** i32: [tasks][4] words: each task's min and max (f32, over the elements that are not NaN; +-FLT_MAX when none) and 1
 * when a NaN is among its elements in whole groups of 4, then a free word */
export const DY_PARTS: i32 = 16;
/** f32: the scale s (a true division; any float: NaN, 0 and infinity included) */
export const DY_SCALE: i32 = 20;
/** f32: 0 - zp (clamp of x / s, before rounding) */
export const DY_LO: i32 = 24;
/** f32: 255 - zp */
export const DY_HI: i32 = 28;
/** i32: the zero point zp */
export const DY_ZP: i32 = 32;

/** Bytes of the largest record (the host allocates this much, 64-byte aligned). */
export const EL_CTX_BYTES: i32 = 128;
