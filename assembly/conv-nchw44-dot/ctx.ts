// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit

// Byte offsets of the conv context record fields (tools/conv-variants.mjs CTX_FIELDS).
/** i32: 0 int8, 1 int32 */
export const CTX_DSTTYPE: i32 = 0;
/** i32: 0 identity, 1 relu, 2 hswish */
export const CTX_NONLIN: i32 = 4;
/** i32: 0 half-away, 1 half-even */
export const CTX_ROUNDING: i32 = 8;
/** i32: 0 none, 1 channel, 2 full */
export const CTX_BIASMODE: i32 = 12;
/** f32: s_bias / s_dst */
export const CTX_RATIO: i32 = 16;
/** f32: s_src * s_filter */
export const CTX_SBIAS: i32 = 20;
/** f32: 1 / s_dst */
export const CTX_INVDST: i32 = 24;
/** i32: input channel blocks of 4 per group (packed) */
export const CTX_ICB: i32 = 28;
/** i32: input channels per group in the source (hybrid: < 4) */
export const CTX_ICREAL: i32 = 32;
/** i32: 0 NCHW44 source, 1 NCHW source (hybrid first layer) */
export const CTX_SRCKIND: i32 = 36;
/** i32 */
export const CTX_IH: i32 = 40;
/** i32 */
export const CTX_IW: i32 = 44;
/** i32: output channels per group */
export const CTX_OCPG: i32 = 48;
/** i32: groups */
export const CTX_GROUP: i32 = 52;
/** i32 */
export const CTX_OH: i32 = 56;
/** i32 */
export const CTX_OW: i32 = 60;
/** i32 */
export const CTX_FH: i32 = 64;
/** i32 */
export const CTX_FW: i32 = 68;
/** i32: SH == SW */
export const CTX_STRIDE: i32 = 72;
/** i32 */
export const CTX_PH: i32 = 76;
/** i32 */
export const CTX_PW: i32 = 80;
/** i32: output rows per task */
export const CTX_OHTILE: i32 = 84;
/** i32: pixels per packed input row */
export const CTX_IWP: i32 = 88;
/** i32: packed weights (all groups) */
export const CTX_WEIGHTS: i32 = 92;
/** i32: bytes of packed weights per group */
export const CTX_GROUPWEIGHTBYTES: i32 = 96;
/** i32: int32[OC] accumulator start: channel bias (or 0) + the relaxed split correction */
export const CTX_INIT: i32 = 100;
/** i32: full bias: int32 in the dst layout (biasMode 2 only) */
export const CTX_BIAS: i32 = 104;
/** i32: 1: packed input for the relaxed kernels (x + 128 split into 7-bit and 1-bit parts) */
export const CTX_RELAXED: i32 = 108;
/** i32: row-kernel id for full oc tiles */
export const CTX_MAINVARIANT: i32 = 112;
/** i32: oc blocks per full tile */
export const CTX_MAINNB: i32 = 116;
/** i32: row-kernel id for the oc remainder tile (-1 if none) */
export const CTX_TAILVARIANT: i32 = 120;
/** i32: oc blocks of the remainder tile */
export const CTX_TAILNB: i32 = 124;
export const CTX_BYTES: i32 = 128;
