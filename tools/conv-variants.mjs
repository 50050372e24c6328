// THE declaration of the NCHW44 dot micro-kernel variants and of the conv context record shared by the wasm
// kernels and the host. tools/gen-conv-kernels.mjs turns it into assembly/conv-nchw44-dot/generated.ts and
// src/algos/kernel-table.generated.ts; selection, tests and benchmarks read the generated table only.

/** Filter widths with an unrolled kernel (FH is a runtime loop). */
export const FILTER_WIDTHS = [2, 3, 5, 7];
export const STRIDES = [1, 2];
/**
 * Filters up to this size unroll their rows as well as their columns (square filters: FH == FW), so that one trip
 * of the input-channel loop does FW*FW taps. Measured: 2x2 s2 20 -> 25.6 GMAC/s; 3x3 s1 35 -> 22 (slower: longer
 * live ranges), hence 2.
 */
export const UNROLL_KH_MAX = Number(process.env.I8CONV_UNROLL_KH ?? 2);
/**
 * Tiles per ISA: nb = output-channel blocks of 4 held in registers, npix = output pixels per block.
 * `main` lists the filter sizes the tile is chosen for; `tail` those where it runs the oc remainder (OC/4 % nb of
 * the main tile); for the other sizes it is generated as an 'alt' tile that runs only when forced by name.
 * The engines keep at most 15-16 v128 values in registers on x86-64.
 * wasmsimd (i32x4.dot_i16x8_s on pre-widened i16): (2, 4) = 8 accumulators + 4 weight + 2 input registers;
 *   for 2x2 filters (1, 8) was faster. Measured with tools/ab-kernels.mjs (Node 20, one process, interleaved):
 *   2x2 s2 31 vs 25.5 GMAC/s, 2x2 s1 31-32 vs 30; 3x3/5x5/7x7 within noise or (2, 4) ahead (3x3 s2 26.5 vs 25).
 * wasmrelaxedsimd (i32x4.relaxed_dot_i8x16_i7x16_add_s, activations split in a 7-bit and a 1-bit part, so two
 *   accumulators per output vector): (1, 6) = 12 accumulators + 1 weight + 2 input registers; measured in Deno 2.9
 *   on 64->64 56² 3x3: (1, 6) 34 GMAC/s, (1, 4) 25-27, (2, 2) 24-26.
 */
const ALL = FILTER_WIDTHS;
export const TILES = process.env.I8CONV_TILES
  ? JSON.parse(process.env.I8CONV_TILES) // experiments only: the committed table is below
  : {
      wasmsimd: [
        { nb: 2, npix: 4, main: [3, 5, 7] },
        { nb: 1, npix: 4, tail: [3, 5, 7] },
        { nb: 1, npix: 8, main: [2] },
      ],
      wasmrelaxedsimd: [{ nb: 1, npix: 6, main: ALL }],
    };

export const ISAS = ['wasmsimd', 'wasmrelaxedsimd'];

export function variants() {
  const out = [];
  for (const isa of ISAS)
    for (const fw of FILTER_WIDTHS)
      for (const s of STRIDES)
        for (const t of TILES[isa]) {
          const role = t.main?.includes(fw) ? 'main' : t.tail ? (t.tail.includes(fw) ? 'tail' : null) : 'alt';
          if (!role) continue;
          out.push({ name: `conv_nchw44_dot_f${fw}s${s}_oc${t.nb * 4}x${t.npix}__${isa}`, fw, stride: s, nb: t.nb, npix: t.npix, role, isa });
        }
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
