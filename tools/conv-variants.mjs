// THE declaration of the NCHW44 dot micro-kernel variants and of the conv context record shared by the wasm
// kernels and the host. tools/gen-conv-kernels.mjs turns it into assembly/conv-nchw44-dot/generated.ts and
// src/algos/kernel-table.generated.ts; selection, tests and benchmarks read the generated table only.

/** Filter widths with an unrolled kernel (FH is a runtime loop). */
export const FILTER_WIDTHS = [2, 3, 5, 7];
export const STRIDES = [1, 2];
/**
 * Tiles per ISA: nb = output-channel blocks of 4 held in registers, npix = output pixels per block; the tail
 * tile runs the oc remainder (OC/4 % nb); an 'alt' tile runs only when forced by name. The engines keep at most 15-16 v128 values in registers on x86-64.
 * wasmsimd (i32x4.dot_i16x8_s on pre-widened i16): (2, 4) = 8 accumulators + 4 weight + 2 input registers.
 * wasmrelaxedsimd (i32x4.relaxed_dot_i8x16_i7x16_add_s, activations split in a 7-bit and a 1-bit part, so two
 * accumulators per output vector): (1, 6) = 12 accumulators + 1 weight + 2 input registers; measured in Deno 2.9
 * on 64->64 56² 3x3: (1, 6) 34 GMAC/s, (1, 4) 25-27, (2, 2) 24-26.
 */
export const TILES = process.env.I8CONV_TILES
  ? JSON.parse(process.env.I8CONV_TILES) // experiments only: the committed table is below
  : {
      wasmsimd: [
        { nb: 2, npix: 4, role: 'main' },
        { nb: 1, npix: 4, role: 'tail' },
        { nb: 1, npix: 8, role: 'alt' }, // forced by name only (kernel option): tuning and benchmarks
      ],
      wasmrelaxedsimd: [{ nb: 1, npix: 6, role: 'main' }],
    };

export const ISAS = ['wasmsimd', 'wasmrelaxedsimd'];

export function variants() {
  const out = [];
  for (const isa of ISAS)
    for (const fw of FILTER_WIDTHS)
      for (const s of STRIDES)
        for (const t of TILES[isa])
          out.push({ name: `conv_nchw44_dot_f${fw}s${s}_oc${t.nb * 4}x${t.npix}__${isa}`, fw, stride: s, nb: t.nb, npix: t.npix, role: t.role, isa });
  return out;
}

/** Conv context record: one i32/f32 per field, in this order (byte offset = 4 * index). */
export const CTX_FIELDS = [
  ['dstType', 'i32', '0 int8, 1 int32'],
  ['nonlin', 'i32', '0 identity, 1 relu, 2 hswish'],
  ['rounding', 'i32', '0 half-away, 1 half-even'],
  ['biasMode', 'i32', '0 none, 1 channel, 2 full'],
  ['ratio', 'f32', 's_bias / s_dst'],
  ['sBias', 'f32', 's_src * s_filter'],
  ['invDst', 'f32', '1 / s_dst'],
  ['icb', 'i32', 'input channel blocks of 4 per group (packed)'],
  ['icReal', 'i32', 'input channels per group in the source (hybrid: < 4)'],
  ['srcKind', 'i32', '0 NCHW44 source, 1 NCHW source (hybrid first layer)'],
  ['ih', 'i32', ''],
  ['iw', 'i32', ''],
  ['ocpg', 'i32', 'output channels per group'],
  ['group', 'i32', 'groups'],
  ['oh', 'i32', ''],
  ['ow', 'i32', ''],
  ['fh', 'i32', ''],
  ['fw', 'i32', ''],
  ['stride', 'i32', 'SH == SW'],
  ['ph', 'i32', ''],
  ['pw', 'i32', ''],
  ['ohTile', 'i32', 'output rows per task'],
  ['iwp', 'i32', 'pixels per packed input row'],
  ['weights', 'i32', 'packed weights (all groups)'],
  ['groupWeightBytes', 'i32', 'bytes of packed weights per group'],
  ['init', 'i32', 'int32[OC] accumulator start: channel bias (or 0) + the relaxed split correction'],
  ['bias', 'i32', 'full bias: int32 in the dst layout (biasMode 2 only)'],
  ['relaxed', 'i32', '1: packed input for the relaxed kernels (x + 128 split into 7-bit and 1-bit parts)'],
  ['mainVariant', 'i32', 'row-kernel id for full oc tiles'],
  ['mainNb', 'i32', 'oc blocks per full tile'],
  ['tailVariant', 'i32', 'row-kernel id for the oc remainder tile (-1 if none)'],
  ['tailNb', 'i32', 'oc blocks of the remainder tile'],
];
