// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit

// Byte offsets of the conv context record fields (tools/conv-variants.mjs CTX_FIELDS).
/** i32: 0 int8, 1 int32, 2 uint8 */
export const CTX_DSTTYPE: i32 = 0;
/** i32: 0 identity, 1 relu, 2 hswish, 3 relu6 */
export const CTX_NONLIN: i32 = 4;
/** i32: 0 half-away, 1 half-even */
export const CTX_ROUNDING: i32 = 8;
/** i32: 0 none, 1 channel, 2 full */
export const CTX_BIASMODE: i32 = 12;
/** i32: f32[G * ocpgPad]: s_bias[o] / s_dst */
export const CTX_RATIO: i32 = 16;
/** i32: f32[G * ocpgPad]: s_src * s_filter[o] */
export const CTX_SBIAS: i32 = 20;
/** f32: 1 / s_dst */
export const CTX_INVDST: i32 = 24;
/** i32: dst zero point */
export const CTX_DSTZP: i32 = 28;
/** i32: relu6: lowest output (the dst zero point) */
export const CTX_CLAMPLO: i32 = 32;
/** i32: relu6: highest output before saturation (zero point + round(6 / s_dst)), at most 32767 */
export const CTX_CLAMPHI: i32 = 36;
/** i32: 0 NCHW44, 1 NCHW */
export const CTX_DSTLAYOUT: i32 = 40;
/** i32: OH * OW */
export const CTX_PLANE: i32 = 44;
/** i32: output channels */
export const CTX_OC: i32 = 48;
/** i32: output channels per group */
export const CTX_OCPG: i32 = 52;
/** i32: output channels per group rounded up to 4 (stride of the per-channel arrays per group) */
export const CTX_OCPGPAD: i32 = 56;
/** i32: groups */
export const CTX_GROUP: i32 = 60;
/** i32: int32[G * ocpgPad] accumulator start: channel bias + filter corrections */
export const CTX_INIT: i32 = 64;
/** i32: full bias: int32 in the dst layout (biasMode 2 only) */
export const CTX_BIAS: i32 = 68;
/** i32: 0 NCHW44, 1 NCHW */
export const CTX_SRCLAYOUT: i32 = 72;
/** i32: 0 (int8) or 0x80 (uint8): raw byte ^ srcXor is the signed value xs */
export const CTX_SRCXOR: i32 = 76;
/** i32: zero point in the signed domain (uint8: zero point - 128): x - zp = xs - srcZp */
export const CTX_SRCZP: i32 = 80;
/** i32: input channels */
export const CTX_IC: i32 = 84;
/** i32: input channels per group */
export const CTX_ICPG: i32 = 88;
/** i32 */
export const CTX_IH: i32 = 92;
/** i32 */
export const CTX_IW: i32 = 96;
/** i32 */
export const CTX_OH: i32 = 100;
/** i32 */
export const CTX_OW: i32 = 104;
/** i32 */
export const CTX_FH: i32 = 108;
/** i32 */
export const CTX_FW: i32 = 112;
/** i32 */
export const CTX_SH: i32 = 116;
/** i32 */
export const CTX_SW: i32 = 120;
/** i32: padding top */
export const CTX_PT: i32 = 124;
/** i32: padding left */
export const CTX_PL: i32 = 128;
/** i32 */
export const CTX_DH: i32 = 132;
/** i32 */
export const CTX_DW: i32 = 136;
/** i32: packed weights (all groups) */
export const CTX_WEIGHTS: i32 = 140;
/** i32: bytes of packed weights per group */
export const CTX_GROUPWEIGHTBYTES: i32 = 144;
/** i32: kernel id for full oc tiles */
export const CTX_MAINVARIANT: i32 = 148;
/** i32: oc blocks per full tile */
export const CTX_MAINNB: i32 = 152;
/** i32: kernel id for the oc remainder tile (-1 if none) */
export const CTX_TAILVARIANT: i32 = 156;
/** i32: oc blocks of the remainder tile */
export const CTX_TAILNB: i32 = 160;
/** i32: input channel blocks of 4 per group (packed) */
export const CTX_ICB: i32 = 164;
/** i32: 0 NCHW44 source, 1 NCHW source (hybrid first layer) */
export const CTX_SRCKIND: i32 = 168;
/** i32: output rows per task */
export const CTX_OHTILE: i32 = 172;
/** i32: pixels per packed input row */
export const CTX_IWP: i32 = 176;
/** i32: packed input: 0 SIMD128 (i16 pairs), 1 relaxed split (u = xs + 128 as 7-bit and 1-bit parts), 2 relaxed dot8 (4 bytes a pixel: xs ^ dotXor) */
export const CTX_RELAXED: i32 = 180;
/** i32: relaxed dot8: 0x80 (usdot: b = xs + 128, unsigned) or 0 (sdot: b = xs) */
export const CTX_DOTXOR: i32 = 184;
/** i32: K steps of 4 k values */
export const CTX_KBN: i32 = 188;
/** i32: output pixels per task (a multiple of the widest micro-tile) */
export const CTX_PANELPIX: i32 = 192;
/** i32: 0 NCHW44 1x1 s1 unpadded, 1 NCHW44 im2col, 2 NCHW 1x1 s1 unpadded, 3 NCHW gather, 4 NCHW44 gather, 5 NCHW44 1x1 strided unpadded */
export const CTX_PACKMODE: i32 = 196;
/** i32: GEMM: channel blocks of 4 per group per tap (K = FH * FW * icbG * 4) */
export const CTX_ICBG: i32 = 200;
/** i32: GEMM: pixels per micro-tile (the B panel layout; main and tail kernels share it) */
export const CTX_TILENPIX: i32 = 204;
/** i32: GEMM: kernel id with the main tile's channels and 4 pixels (a panel's last 1-4 pixels) */
export const CTX_MAINNARROW: i32 = 208;
/** i32: GEMM: kernel id with 1 channel and 4 pixels */
export const CTX_TAILNARROW: i32 = 212;
/** i32: GEMM: 0 pixel-lane kernels (B widened), 1 channel-lane kernels (B broadcast pairs) */
export const CTX_GEMMLANES: i32 = 216;
/** i32: batch */
export const CTX_N: i32 = 220;
/** i32: NCHW direct: output columns rounded up to the 8 a trip computes */
export const CTX_OWPAD: i32 = 224;
/** i32: NCHW direct: bytes per padded input row */
export const CTX_ROWBYTES: i32 = 228;
/** i32: channel-wise: padded source pixels per packed row (the raw row) */
export const CTX_RAWCOLS: i32 = 232;
/** i32: channel-wise: 4-channel blocks one task runs (small planes: fewer, larger tasks) */
export const CTX_BLOCKSPERTASK: i32 = 236;
/** i32: dot / GEMM: parts the output-channel tiles are split into (task index = part * tiles + tile); 1 unless threads need it */
export const CTX_OCPARTS: i32 = 240;
/** i32: bytes of accumulator scratch at the start of each thread slice (a row or panel of tiles) */
export const CTX_SCRATCHBYTES: i32 = 244;
/** i32: Winograd F(2, 3): tile rows (2 output rows each) per task */
export const CTX_WINOROWS: i32 = 248;
/** i32: first-layer pairs: i16 pairs per filter row (ceil(FW * IC / 2)) */
export const CTX_PAIRTAPS: i32 = 252;
/** i32: NCHW44 direct: packed weight bytes per (tap, block): 32 (SIMD128 i16 pairs) or 16 (int8: the relaxed kernels and the SIMD128 w8 tiles) */
export const CTX_TAPWEIGHTBYTES: i32 = 256;
/** i32: 8-bit output: a 256-byte table applied to every output byte as it is stored (a look-up operator of the model fused into the convolution), 0 = none */
export const CTX_LUT: i32 = 260;
/** i32: 8-bit output: a QLinearAdd record (assembly/model/elem-ctx.ts) applied to every stored output byte and the byte addDelta further, written in place (a residual add of the model fused into the convolution), 0 = none */
export const CTX_ADDRECORD: i32 = 264;
/** i32: bytes from an output byte to its residual operand (set before each run) */
export const CTX_ADDDELTA: i32 = 268;
/** i32: int32 output: the window sums S of the image (int32, one per output pixel; batch 1, one group) added e[c] times to every accumulator before the store, 0 = none (set before each run) */
export const CTX_WINSUMS: i32 = 272;
/** i32: int32 output with winSums: i32 e[c] per output channel (padded to a multiple of 4) */
export const CTX_WINSHIFTS: i32 = 276;
/** i32: int32 output: f32 scale per output channel (padded to a multiple of 4): the output is float32 f32(f32(v) * scale[c]) + epiBias[c] (then Relu where epiRelu), 0 = int32 output */
export const CTX_EPISCALES: i32 = 280;
/** i32: f32 bias per output channel (padded to a multiple of 4), with epiScales */
export const CTX_EPIBIAS: i32 = 284;
/** i32: 1: max(f, 0) (C++ std::max(f, 0): f < 0 ? 0 : f) after the bias, with epiScales */
export const CTX_EPIRELU: i32 = 288;
export const CTX_BYTES: i32 = 292;
