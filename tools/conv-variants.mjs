// THE declaration of every convolution micro-kernel variant (NCHW44 dot, GEMM, channel-wise, NCHW direct dot,
// naive) and of the conv context record shared by the wasm kernels and the host. tools/gen-conv-kernels.mjs turns it into assembly/conv-nchw44-dot/generated.ts and
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
 * Tiles per ISA: nb = output-channel blocks of 4 held in registers, npix = output pixels per block, tapLoop = one
 * filter tap per trip of the innermost loop (otherwise FW taps, or FW * FW for filters up to UNROLL_KH_MAX).
 * `main` lists the filter sizes the tile is chosen for; `tail` those where it runs the oc remainder (OC/4 % nb of
 * the main tile); for the other sizes it is generated as an 'alt' tile that runs only when forced by name.
 * wasmsimd (i32x4.dot_i16x8_s on pre-widened i16): V8's TurboFan in Node 20 emits all loads of a basic block
 *   before its arithmetic, so a loop body must fit the 16 xmm registers with its accumulators: (2, 2) with one
 *   tap per trip is 4 accumulators + 8 loads. Measured on Node 20 (AMD EPYC, one process, forced by name, best of
 *   4 s; ceiling loop 42.1-42.7 GMAC/s): 64->64 56² 3x3 s1 37.9 (tapLoop 8x2) vs 34.3 (8x4 unrolled), 256->256
 *   14² 38.9 vs 30.7, 7x7 40.6 vs 30.4, 3x3 s2 37.0 vs 28.9, 5x5 s2 34.5 vs 29.4, 2x2 s1 33.7 vs 32.1 (4x8),
 *   2x2 s2 26.1 vs 24.5; Node 24.22 (ceiling 51.2): 38.4 vs 38.0, 38.6 vs 33.2, 38.9 vs 35.8, 37.6 vs 35.0, and
 *   8x3 tapLoop 41.0 on 64->64 3x3 (kept as an alt tile for engines that schedule better).
 * wasmrelaxeddot (one relaxed dot per 16 MACs on full 8-bit b lanes, the 'usdot' / 'sdot' flavours; pixels read by
 *   load32_splat): (2, 6) with one tap per trip = 12 accumulators + 2 weights + 1 pixel. Where several tiles are
 *   'main' for a size, the host takes the one that pads the output row least (first on ties). Measured on Node 24.22
 *   (AMD EPYC Zen 5 VM, forced by name, best of 2 s, relaxed ceiling loop 115-118 GMAC/s): 64->64 56² 3x3 s1 95.0
 *   (2,6)t vs 92.4 (2,5)t, 68.8 (3,4)t, 71.0 (1,12)t, 66.4 (4,3)t, 80.4 (1,8)t, 72.4 (2,6) unrolled taps; 256->256
 *   14² 83.3 vs 90.5 (2,5)t (OW 14 pads to 18 or 15); 5x5 97.9; 7x7 98.9; 3x3 s2 83.8; 2x2 s1 89.5; 5x5 s2 101.7.
 *   OW 7 (ResNet's last stage) pads to 10 or 12 there; (1, 7) pads nothing, (2, 7) needs 17 registers. Measured
 *   2026-12-04 (same VM, tools/ab-kernels.mjs / ab-kernels-browser.mjs, best of 3 s), Node 24.22 | Chromium 156:
 *     512->512 7² 3x3:     (2,6)t 61.9 | 63.9   (2,5)t 69.6 | 72.9   (1,7)t 78.2 | 79.7   (2,7)t 70.4 | 70.7   (3,7)t 69.0 | 68.6
 *     256->512 14² 3x3 s2: (2,6)t 61.7 | 63.9   (2,5)t 70.3 | 72.7   (1,7)t 76.0 | 77.6   (2,7)t 72.0 | 69.2
 *     256->256 14² 3x3:    (2,6)t 85.4 | 85.6   (2,5)t 95.6 | 96.3   (1,7)t 80.5 | 79.7
 *     64->64 56² 3x3:      (2,6)t 98.5 | 95.5   (2,5)t 94.1 | 95.5   (1,7)t 82.2 | 81.4
 *   so (1, 7) was a 3x3 main tile, and the host weighs a one-block tile's padded row by 1 / 0.8 (its speed on an
 *   unpadded row against the two-block tiles': 82 against ~100), which picked it at OW 7 and nowhere else here.
 *   Since 2026-12-04 the 3x3 tiles are remainder tiles (`rem`, see the SIMD128 ones below): (2, 6)tr and (2, 5)tr, the
 *   host choosing by rowCost (src/algos/direct-dot-nchw44.ts: a remainder pixel costs 1 + 2 / r² main-body pixels);
 *   (1, 7) is a lab tile. Same VM, best of 2 s, Chromium 156 (the heuristic's pick was the fastest on all six):
 *     64->64 56² 3x3:       (2,6)tr 104.6  (2,5)tr 98.4   (2,6)t 98.4   (2,5)t 96.3   (1,7)t 82.9
 *     128->128 28² 3x3:     (2,6)tr 109.6  (2,5)tr 101.9  (2,6)t 104.6  (2,5)t 98.8
 *     256->256 14² 3x3:     (2,6)tr 98.4   (2,5)tr 103.7  (2,6)t 87.9   (2,5)t 97.6
 *     512->512 7² 3x3:      (2,6)tr 77.6   (2,5)tr 83.5   (2,6)t 64.0   (2,5)t 72.5   (1,7)t 80.6
 *     256->512 14² 3x3 s2:  (2,6)tr 76.6   (2,5)tr 82.6   (2,6)t 61.8   (2,5)t 70.1   (1,7)t 74.6
 *     64->128 56² 3x3 s2:   (2,6)tr 105.1  (2,5)tr 99.7   (2,6)t 99.7   (2,5)t 94.8
 *   The other filter sizes keep the padded tiles (their remainder bodies would add 23 KB to the relaxed wasm).
 *   Later the same day the 1-4 pixel remainder bodies got accumulators of their own per filter column
 *   (tools/gen-conv-kernels.mjs; they had waited on the dot's latency) and the host's row cost was refitted; Node 24,
 *   best of 1.5 s: 256->256 3x3 at OW 7 / 8 / 9 / 11 / 14 / 15: (2,6)tr 113.5 / 121.2 / 107.4 / 119.5 / 123.4 / 114.1
 *   against (2,5)tr 117.0 / 102.8 / 111.4 / 110.7 / 114.5 / 117.1; 64->64 56² 113.7 against 107.1; OW 7 stride 2 110.8
 *   against 112.7 (docs/conv.md, "NCHW44 direct dot").
 * wasmrelaxedsimd (i32x4.relaxed_dot_i8x16_i7x16_add_s, activations split in a 7-bit and a 1-bit part, so two
 *   accumulators per output vector): (1, 6) = 12 accumulators + 1 weight + 2 input registers; measured in Deno 2.9
 *   on 64->64 56² 3x3: (1, 6) 34 GMAC/s, (1, 4) 25-27, (2, 2) 24-26.
 */
const ALL = FILTER_WIDTHS;
/**
 * SIMD128 tile sets (KernelVariant.tileSet; the runtime picks one per engine, src/features.ts simdTileSet):
 *   'narrow' for V8 before 12 (Node 20, Chromium < 120), whose TurboFan emits a loop body's loads first: (2, 2)
 *     with one tap per trip, 4 accumulators + 8 loads.
 *   'wide' for every other engine: (2, 4) with one tap per trip and a remainder body (below). V8 12+ (Node 22/24,
 *     Deno, current Chromium) interleaves the loads with the dots and unrolls the tap loop itself.
 * Measured 2026-12-03 on AMD Zen 4 (2-core VM), forced by name, interleaved, best of 3 s (GMAC/s; the SIMD128
 * ceiling loop there is ~46 on every engine; tools/ab-kernels.mjs):
 *   shape                 Node 24.22: (2,2)t (2,4)t (2,7)t (3,2)t   Node 20.20: (2,2)t (2,4)t (2,7)t   Deno 2.9: (2,2)t (2,4)t (2,7)t
 *   64->64 56² 3x3 s1           37.3   41.2   36.8   38.8               28.5   27.8   23.6               32.8   36.5   31.2
 *   128->128 28² 3x3            35.3   39.8   35.9   38.3               29.8   28.8   25.1               33.5   35.8   32.6
 *   256->256 14² 3x3            37.6   34.7   38.0   38.0               29.5   23.6   22.5               33.5   32.6   32.8
 *   512->512 7² 3x3             28.9   31.2   34.4   33.1               24.8   22.3   22.9               27.5   28.7   29.0
 *   64->64 56² 5x5              36.2   41.0   38.0   37.2               25.0   22.1   20.9               27.6   34.0   34.4
 *   64->64 56² 7x7              35.5   37.7   37.2   36.3               35.2   30.3   28.0               28.3   35.0   33.9
 *   64->128 56² 3x3 s2          36.3   39.2   34.8   37.6               29.6   27.9   24.4               25.6   34.5   31.4
 * Remainder tiles (`rem`, names ending 'tr'), 2026-12-04: the row's last OW % npix pixels run a narrower copy of the
 * tile's body, so no padded pixel is computed (OW 7 = 4 + 3, not 8). They replace the wide (3, 2) and (2, 7) tiles,
 * which existed only to pad less at OW 14 and 7, and end the narrow (2, 2) rows and the (1, 2) tails the same way.
 * Measured on AMD Zen 5 (2-core VM, SIMD128 ceiling loop 49-50 GMAC/s), forced by name, interleaved, best of 2-3 s:
 *   shape                  Chromium 156: (2,4)tr (2,4)t (3,2)t (2,7)t    Node 24.22: (2,4)tr (2,4)t (2,7)t    Node 20.20: (2,2)tr (2,2)t
 *   512->512 7² 3x3             46.7   40.9   40.3   41.4                  45.5   40.0   43.1                 29.6   24.1
 *   256->512 14² 3x3 s2 (OW 7)  45.5   40.1   39.9   38.7                  45.4   40.0   43.0                 36.8   31.8
 *   256->256 14² 3x3            46.8   41.8   46.9   42.1                  47.0   41.5   44.3
 *   64->64 56² 3x3              47.4   47.4   45.6   39.5                  40.2   41.3   16.6                 42.2   42.2
 *   48->48 30² 5x5              46.7   43.7   46.9   34.9                  44.3   42.7                        45.2   45.1
 *   Firefox 153 (tools/ab-kernels-browser.mjs --firefox): (2,4)tr | (2,4)t | (3,2)t | (2,7)t = 46.2 | 46.2 | 44.1 | 45.9 on
 *   64->64 56², 47.0 | 41.3 | 46.2 | 46.6 on 256->256 14², 46.6 | 41.3 | 40.1 | 45.2 on 512->512 7². With the
 *   remainder bodies inside the tile's own function SpiderMonkey ran its main loop at 35.0 (64->64 56²) against 47.8
 *   for the same loop alone, so the generator puts them in a function of their own (<tile>_rem; binaryen inlines the
 *   one-pixel ones, which cost nothing measurable); V8 runs both forms alike.
 * (the int8-weight (2,4)tr twin: 42.9 on 512->512 7², Node 24; at 48 KiB of L1 the i16 tile is faster there, but
 * W8_TILE_BYTES keeps the rule measured on a 32 KiB L1, the size of the CPUs that run the SIMD128 build).
 * The (3, 2) / (2, 7) history:
 * For 3x3 the wide set also had (3, 2), declared before (2, 7) so that it wins their tie at OW 14 (both pad
 * nothing there): Deno 2.9 (V8 15.0, the closest to Chromium 156) 256->256 14² 33.4 vs 32.3, 128->256 28² s2 (OW
 * 14) 34.1 vs 31.7; Node 24 38.0 vs 38.0. At OW 7 (2, 7) pads less and stays (Node 24 34.4 vs 33.1; Deno 29.9 vs
 * 31.2). Chromium 156 (tools/ab-kernels-browser.mjs, best of 2 s): the heuristic's pick is the fastest tile on
 * 64->64 56² (2x4 41.3), 256->256 14² (3x2 38.2 vs 2x4 34.3), 512->512 7² (2x7 35.5 vs 2x4 32.1), 3->64 224² 7x7 s2
 * (2x4 29.4) and 128->256 28² s2 (3x2 37.4 vs 2x4 33.8). Engines that are not V8 get 'wide' too (SpiderMonkey and JavaScriptCore allocate
 * registers over the whole loop, as V8 12+ does).
 */
export const TILES = process.env.I8CONV_TILES
  ? JSON.parse(process.env.I8CONV_TILES) // experiments only: the committed table is below
  : {
      wasmsimd: [
        { nb: 2, npix: 4, tapLoop: true, rem: true, main: ALL, tileSet: 'wide' },
        { nb: 2, npix: 2, tapLoop: true, rem: true, main: ALL, tileSet: 'narrow' },
        { nb: 1, npix: 2, tapLoop: true, rem: true, tail: ALL },
        // int8-weight twins (W8_TILE_BYTES in src/algos/direct-dot-nchw44.ts says when)
        { nb: 2, npix: 4, tapLoop: true, rem: true, main: [3], tileSet: 'wide', w8: true },
        { nb: 1, npix: 2, tapLoop: true, rem: true, tail: [3], w8: true },
        // lab only: the tiles the remainder tiles replaced, and others measured against them
        { nb: 2, npix: 4, tapLoop: true },
        { nb: 3, npix: 2, tapLoop: true },
        { nb: 2, npix: 7, tapLoop: true },
        { nb: 2, npix: 2, tapLoop: true },
        { nb: 2, npix: 4 },
        { nb: 2, npix: 3, tapLoop: true },
      ],
      wasmrelaxedsimd: [{ nb: 1, npix: 6, main: ALL }],
      wasmrelaxeddot: [
        // 3x3 (most of the dense layers): remainder tiles; the other sizes keep the padded ones (wasm size)
        { nb: 2, npix: 6, tapLoop: true, rem: true, main: [3] },
        { nb: 2, npix: 5, tapLoop: true, rem: true, main: [3] },
        { nb: 1, npix: 6, tapLoop: true, rem: true, tail: [3] },
        { nb: 2, npix: 6, tapLoop: true, main: [2, 5, 7] },
        { nb: 2, npix: 5, tapLoop: true, main: [2, 5, 7] },
        { nb: 1, npix: 6, tapLoop: true, tail: [2, 5, 7] },
        // lab only: tiles measured against them
        { nb: 1, npix: 7, tapLoop: true },
        { nb: 3, npix: 4, tapLoop: true },
        { nb: 1, npix: 12, tapLoop: true },
      ],
    };

export const ISAS = ['wasmsimd', 'wasmrelaxedsimd', 'wasmrelaxeddot'];

/**
 * First-layer pair kernels (assembly/conv-first/, src/algos/first-pairs.ts): nb blocks of 4 output channels x npix
 * output pixels, one i32x4.dot_i16x8_s per (block, pixel, pair of filter-row values); ps = i16 pairs between two
 * output pixels of a packed row (SW * IC / 2: 3 for an RGB stride-2 first layer). The host picks the tile by ps and
 * the block count; main tiles nb 2, a last odd block nb 1.
 */
export const FIRST_PAIRS_NPIX = 4;
export function firstPairsVariants() {
  const out = [];
  for (const ps of [1, 2, 3])
    for (const nb of [2, 1])
      out.push({
        name: `first_pairs_oc${nb * 4}x${FIRST_PAIRS_NPIX}_ps${ps}__wasmsimd`,
        nb,
        npix: FIRST_PAIRS_NPIX,
        ps,
      });
  return out;
}

export function variants() {
  const out = [];
  for (const isa of ISAS)
    for (const fw of FILTER_WIDTHS)
      for (const s of STRIDES)
        for (const t of TILES[isa]) {
          const role = t.main?.includes(fw)
            ? 'main'
            : t.tail
              ? t.tail.includes(fw)
                ? 'tail'
                : null
              : t.w8
                ? null
                : 'alt';
          if (!role) continue;
          const loop = t.tapLoop ? 't' : '';
          out.push({
            name: `conv_nchw44_dot_f${fw}s${s}_oc${t.nb * 4}x${t.npix}${loop}${t.rem ? 'r' : ''}${t.w8 ? '_w8' : ''}__${isa}`,
            fw,
            stride: s,
            nb: t.nb,
            npix: t.npix,
            role,
            isa,
            tapLoop: !!t.tapLoop,
            tileSet: role === 'main' ? (t.tileSet ?? null) : null,
            w8: !!t.w8,
            rem: !!t.rem,
          });
        }
  return out;
}

/**
 * GEMM micro-kernels (assembly/gemm/generated.ts): C[oc][pixel] = sum over k of W[oc][k] * B[k][pixel], both operands
 * pre-widened to i16; an accumulator holds 4 consecutive pixels of one output channel, so B needs only widening
 * (2 bytes per value, no duplication) while the broadcast weight pairs are packed once at setFilter (layouts in
 * tools/gen-conv-kernels.mjs). They serve the 1x1, im2col and fully connected convolutions.
 * noc = output channels per micro-tile (1, 2 or 4: a tile never straddles a 4-channel block), npg = groups of 4
 * pixels. One K step (4 k values) per loop trip: V8's TurboFan (Node 20) emits every load of a loop body before
 * its arithmetic, so the body must fit the 16 xmm registers together with the accumulators. Measured on Node 20
 * (AMD EPYC, K = N = 256, 3136 pixels, same process as the ceiling loop at 42.4 GMAC/s) with the other operand
 * order: 4 accumulators fed by 4 + 4 loads 42.4, by 2 + 8 loads 40.8, 8 accumulators (12 loads) 27.7-31.1
 * (spills); Node 24.22: 8 accumulators 45.8-46.1, 4 accumulators 42.4-42.8 of 50-51.6.
 */
export const GEMM_TILES = process.env.I8CONV_GEMM_TILES
  ? JSON.parse(process.env.I8CONV_GEMM_TILES)
  : [
      // per engine tile set (features.simdTiles), as the direct tiles: 'narrow' (Node 20) keeps 2x8, which fits its
      // loads-first schedule; 'wide' engines (V8 12+, SpiderMonkey) take 2x12, 6 accumulators. Node 24.22, Zen 5,
      // NCHW44 uint8 1x1, forced by name, medians of 1.5 s, GMAC/s 2x8 / 2x12 / 4x8 (2026-12-04): 16->96 112² 32.0 /
      // 33.2 / 30.1, 24->144 56² 37.3 / 38.7 / 35.8, 144->24 56² 36.5 / 38.1 / 33.0, 192->32 28² 38.9 / 40.6 / 33.7,
      // 64->384 14² 43.2 / 45.2 / 41.5, 384->64 14² 42.1 / 45.2 / 35.3, 576->96 14² 44.7 / 47.3 / 35.6, 960->160 7²
      // 41.3 / 43.6 / 33.1, 320->1280 7² 41.4 / 44.0 / 34.0 (the kernels loaded the weights first then; 4x8 spilled).
      // Since they load a group's B first (as Winograd's did; they are the same kernels now), 2x12 / 4x8 / 2x16 (lab
      // only: 8 accumulators and 8 B vectors spill): 16->96 112² 35.3 / 32.2 / 33.0, 144->24 56² 44.3 / 44.6 / 35.7,
      // 384->64 14² 49.3 / 50.9 / 38.2, 96->576 14² 49.6 / 50.2 / 43.9, 576->160 7² 45.9 / 48.7 / 35.2; whether 4x8
      // should be the wide main is for a model A/B to say (not done)
      { noc: 2, npg: 2, role: 'main', tileSet: 'narrow' },
      { noc: 1, npg: 2, role: 'tail', tileSet: 'narrow' },
      { noc: 2, npg: 3, role: 'main', tileSet: 'wide' },
      { noc: 1, npg: 3, role: 'tail', tileSet: 'wide' },
      { noc: 4, npg: 1, role: 'alt' },
      { noc: 4, npg: 2, role: 'alt' },
      { noc: 2, npg: 4, role: 'alt' },
    ];

/**
 * GEMM tiles of the relaxed dot8 kernels (isa wasmrelaxeddot, flavours usdot / sdot): pixel-lane only, both operands
 * compact (B: 16 bytes = 4 pixels x 4 k values, b = xs ^ dotXor; weights: 4 bytes per (channel, K step), read with
 * load32_splat), one relaxed dot per 16 MACs.
 */
export const GEMM_DOT8_TILES = process.env.I8CONV_GEMM_DOT8_TILES
  ? JSON.parse(process.env.I8CONV_GEMM_DOT8_TILES)
  : [
      { noc: 2, npg: 6, role: 'main' },
      { noc: 1, npg: 6, role: 'tail' },
      { noc: 4, npg: 2, role: 'alt' },
      { noc: 4, npg: 3, role: 'alt' },
      { noc: 2, npg: 4, role: 'alt' },
      { noc: 2, npg: 5, role: 'alt' },
    ];

/**
 * Channel-lane GEMM tiles (an accumulator holds 4 output channels of one pixel, as the direct dot kernels do; B is
 * packed as broadcast pairs, the weights compact): for small planes, where the pixel-lane kernels' 4x broadcast
 * weights cost more memory traffic than B (the host takes them when the plane has fewer pixels than the group has
 * output channels). nb = output-channel blocks of 4, npix = pixels; the tail has 1 block and the same pixels.
 */
export const GEMMC_TILES = [
  { nb: 2, npix: 2, role: 'main' },
  { nb: 1, npix: 2, role: 'tail' },
];

/**
 * Channel-lane dot8 tiles (isa wasmrelaxeddot): one-pixel planes (fully connected layers), where a pixel-lane tile
 * fills one of its 4 pixel lanes. B: 4 bytes per (pixel, K step) (b = xs ^ dotXor, splat as loaded); W tile [kb][b <
 * nb]: 16 bytes, int8 w(o, k0..k3) for the block's 4 channels o; one relaxed dot per block, pixel and K step. 8
 * blocks: 8 independent dot chains per pixel (a single one would wait a dot latency per K step).
 */
export const GEMMC_DOT8_TILES = [
  { nb: 8, npix: 1, role: 'main' },
  { nb: 1, npix: 1, role: 'tail' },
];

/**
 * The declared tiles, plus the narrow companions a tile needs: 1 channel (the remainder of a 4-channel block) and 1
 * pixel group (the last 1-4 pixels of a panel, so a 7x7 plane computes 52 pixels instead of 56); then the
 * channel-lane tiles.
 */
/**
 * GEMM tiles with compact i16 weight pairs (isa wasmsimd, pixel-lane; the Winograd F(2, 3) algorithm's position
 * GEMMs, src/algos/winograd.ts): B as the pixel-lane tiles read it, the weights 8 bytes per (channel, K step), i16
 * [w(o,k0), w(o,k1)] | [w(o,k2), w(o,k3)], each pair splat to every lane as it is loaded (v128.load32_splat), so the
 * packed weights take 2 bytes per value instead of the broadcast tiles' 8. The kernels load a group's B vectors
 * first, then per channel the two splats and their dots: 2 npg + 2 + noc * npg live vectors (at most 16). A narrow
 * companion of one pixel group per tile runs a panel's last 1-4 columns.
 */
export const GEMM_PAIRS_TILES = process.env.I8CONV_GEMM_PAIRS_TILES
  ? JSON.parse(process.env.I8CONV_GEMM_PAIRS_TILES)
  : [
      // per engine tile set (features.simdTiles), as the direct tiles; Winograd 64->64 56², 128->128 28², 256->256 14²,
      // 512->512 7², 1 thread, Zen 5, GMAC/s (direct-convolution MACs), 2x8 / 4x8 / 2x12:
      //   Node 20 (narrow): 72.8 / 71.8 / 58.0, 84.4 / 77.0 / 61.3, 75.0 / 65.2 / 52.7, 53.1 / 51.7 / 42.5
      //   Node 24: 78.9 / 81.5 / 82.9, 88.6 / 91.4 / 92.1, 75.5 / 80.0 / 83.8, 48.7 / 58.0 / 54.0
      //   Chromium 156: 80.6 / 83.2 / 84.1, 85.3 / 87.9 / 86.9, 70.5 / 74.8 / 80.8, 51.2 / 55.3 / 55.4
      //   Firefox 153: 80.3 / 86.3 / 82.6, 87.6 / 93.2 / 90.3, 76.1 / 77.1 / 82.6, 60.8 / 58.4 / 58.4
      // 5x5 and 7x7 (4 or 9 times the K steps), 2x8 / 2x12 / 4x8: Node 24 64->64 56² 5x5 53.9 / 54.7 / 59.7,
      // 128->128 28² 5x5 55.6 / 58.4 / 62.0, 256->256 14² 5x5 48.7 / 51.6 / 54.3, 64->64 56² 7x7 48.2 / 49.5 / 53.9;
      // Chromium 56.4 / 58.7 / 63.0, 53.7 / 56.2 / 59.7, 49.5 / 55.7 / 55.7, 48.0 / 48.9 / 53.1; Firefox 55.2 / 57.3 /
      // 60.8, 53.5 / 58.2 / 60.8, 46.8 / 51.3 / 54.4, 45.5 / 47.3 / 51.3; Node 20 52.7 / 36.7 / 48.4 (5x5 64->64 56²)
      // 3x3 on the wide set: 4x8 since 2026-12-07 (AMD EPYC, SIMD128, Node 24, tools/ab-winograd.mjs, 4 s a shape,
      // GMAC/s 2x8 / 2x12 / 4x8: 64->64 256² 68.0 / 67.0 / 71.2, 128->64 256² 69.9 / 66.9 / 73.3, 32->64 256² 57.9 /
      // 59.5 / 61.2, 256->256 64² 85.7 / 77.3 / 90.6, 1024->256 32² 80.6 / 75.5 / 88.4, 64->128 128² 70.7 / 72.5 /
      // 75.9: 4x8 ahead by 3-17% on every shape, where Zen 5's figures above had 2x12 ahead by 1-5% on three of four)
      { noc: 2, npg: 2, role: 'main', tileSet: 'narrow', filters: [3, 5, 7] },
      { noc: 2, npg: 3, role: 'alt' },
      { noc: 4, npg: 2, role: 'main', tileSet: 'wide', filters: [3, 5, 7] },
    ];

export function gemmVariants() {
  const withNarrow = (declared) => {
    const tiles = [...declared];
    const need = (noc, npg) => {
      if (!tiles.some((u) => u.noc === noc && u.npg === npg)) tiles.push({ noc, npg, role: 'alt' });
    };
    for (const t of declared) {
      need(1, t.npg);
      need(t.noc, 1);
      need(1, 1);
    }
    return tiles;
  };
  return [
    ...withNarrow(GEMM_TILES).map((t) => ({
      name: `gemm_s8_${t.noc}x${t.npg * 4}__wasmsimd`,
      lanes: 'pixel',
      noc: t.noc,
      npg: t.npg,
      nb: 0,
      npix: t.npg * 4,
      role: t.role,
      isa: 'wasmsimd',
      tileSet: t.tileSet ?? null,
    })),
    ...GEMMC_TILES.map((t) => ({
      name: `gemm_s8c_oc${t.nb * 4}x${t.npix}__wasmsimd`,
      lanes: 'channel',
      noc: t.nb * 4,
      npg: 0,
      nb: t.nb,
      npix: t.npix,
      role: t.role,
      isa: 'wasmsimd',
    })),
    ...withNarrow(GEMM_DOT8_TILES).map((t) => ({
      name: `gemm_s8_${t.noc}x${t.npg * 4}__wasmrelaxeddot`,
      lanes: 'pixel',
      noc: t.noc,
      npg: t.npg,
      nb: 0,
      npix: t.npg * 4,
      role: t.role,
      isa: 'wasmrelaxeddot',
    })),
    ...pairsWithNarrow(GEMM_PAIRS_TILES).map((t) => ({
      name: `gemm_s8_${t.noc}x${t.npg * 4}__wasmsimd`,
      lanes: 'pixel',
      noc: t.noc,
      npg: t.npg,
      nb: 0,
      npix: t.npg * 4,
      role: t.role,
      isa: 'wasmsimd',
      weights: 'pairs',
      tileSet: t.tileSet ?? null,
      filters: t.filters ?? [],
    })),
    ...GEMMC_DOT8_TILES.map((t) => ({
      name: `gemm_s8c_oc${t.nb * 4}x${t.npix}__wasmrelaxeddot`,
      lanes: 'channel',
      noc: t.nb * 4,
      npg: 0,
      nb: t.nb,
      npix: t.npix,
      role: t.role,
      isa: 'wasmrelaxeddot',
    })),
  ].map((v) => ({ weights: 'bcast', ...v }));
}

/** The pairs tiles and the 1-group companion of each (same channels; no 1-channel tails: Winograd blocks are whole). */
function pairsWithNarrow(declared) {
  const tiles = [...declared];
  for (const t of declared)
    if (!tiles.some((u) => u.noc === t.noc && u.npg === 1)) tiles.push({ noc: t.noc, npg: 1, role: 'alt' });
  return tiles;
}

/**
 * The kernels of the algorithms that run one kernel per shape and isa (hand-written in assembly/, not generated):
 * declared here so that their names, like every other kernel's, come from the table, and each can be forced by name
 * (`rt.convBias(p, { algo, kernel })`). `fn` is the wasm task function that runs it, `mode` the packed-input mode it
 * reads (the context record's `relaxed` field: 0 SIMD128 i16 pairs, 2 relaxed dot8 bytes).
 *   chanwise (WASMS8_CHANWISE, assembly/chanwise/task.ts): 4 channels x 4 output pixels per micro-tile, any filter
 *     and stride; SIMD128 (tap pairs) or relaxed dot8 (tap quads).
 *   conv-nchw-dot (WASMDOTS8STRD1/2_NCHW, assembly/conv-nchw-dot/task.ts): one output channel, 8 output columns a
 *     trip; the filter width and stride select the row loop.
 *   naive (WASM_NAIVE, assembly/naive/task.ts): scalar, any shape.
 */
export const SINGLE_KERNEL_ISAS = ['wasmsimd', 'wasmrelaxeddot'];

export function chanwiseVariants() {
  return SINGLE_KERNEL_ISAS.map((isa) => ({
    name: `chanwise_s8_4x4__${isa}`,
    fn: 'chanwiseTask',
    mode: isa === 'wasmrelaxeddot' ? 2 : 0,
    isa,
  }));
}

export function nchwDotVariants() {
  const out = [];
  for (const isa of SINGLE_KERNEL_ISAS)
    for (const fw of FILTER_WIDTHS)
      for (const stride of STRIDES)
        out.push({
          name: `conv_nchw_dot_f${fw}s${stride}__${isa}`,
          fn: 'nchwDotConv',
          fw,
          stride,
          mode: isa === 'wasmrelaxeddot' ? 2 : 0,
          isa,
        });
  return out;
}

export function naiveVariants() {
  return [{ name: 'naive_s8__scalar', fn: 'naiveConvTask', isa: 'scalar' }];
}

/**
 * Conv context record shared by every algorithm's kernels and the host: one i32/f32 per field, in this order
 * (byte offset = 4 * index). Pointers are wasm byte offsets.
 */
export const CTX_FIELDS = [
  // finish / requantization (assembly/common/finish.ts)
  ['dstType', 'i32', '0 int8, 1 int32, 2 uint8'],
  ['nonlin', 'i32', '0 identity, 1 relu, 2 hswish, 3 relu6'],
  ['rounding', 'i32', '0 half-away, 1 half-even'],
  ['biasMode', 'i32', '0 none, 1 channel, 2 full'],
  ['ratio', 'i32', 'f32[G * ocpgPad]: s_bias[o] / s_dst'],
  ['sBias', 'i32', 'f32[G * ocpgPad]: s_src * s_filter[o]'],
  ['invDst', 'f32', '1 / s_dst'],
  ['dstZp', 'i32', 'dst zero point'],
  ['clampLo', 'i32', 'relu6: lowest output (the dst zero point)'],
  ['clampHi', 'i32', 'relu6: highest output before saturation (zero point + round(6 / s_dst)), at most 32767'],
  ['dstLayout', 'i32', '0 NCHW44, 1 NCHW'],
  ['plane', 'i32', 'OH * OW'],
  ['oc', 'i32', 'output channels'],
  ['ocpg', 'i32', 'output channels per group'],
  ['ocpgPad', 'i32', 'output channels per group rounded up to 4 (stride of the per-channel arrays per group)'],
  ['group', 'i32', 'groups'],
  ['init', 'i32', 'int32[G * ocpgPad] accumulator start: channel bias + filter corrections'],
  ['bias', 'i32', 'full bias: int32 in the dst layout (biasMode 2 only)'],
  // source
  ['srcLayout', 'i32', '0 NCHW44, 1 NCHW'],
  ['srcXor', 'i32', '0 (int8) or 0x80 (uint8): raw byte ^ srcXor is the signed value xs'],
  ['srcZp', 'i32', 'zero point in the signed domain (uint8: zero point - 128): x - zp = xs - srcZp'],
  ['ic', 'i32', 'input channels'],
  ['icpg', 'i32', 'input channels per group'],
  ['ih', 'i32', ''],
  ['iw', 'i32', ''],
  // geometry
  ['oh', 'i32', ''],
  ['ow', 'i32', ''],
  ['fh', 'i32', ''],
  ['fw', 'i32', ''],
  ['sh', 'i32', ''],
  ['sw', 'i32', ''],
  ['pt', 'i32', 'padding top'],
  ['pl', 'i32', 'padding left'],
  ['dh', 'i32', ''],
  ['dw', 'i32', ''],
  // packed weights and tiles
  ['weights', 'i32', 'packed weights (all groups)'],
  ['groupWeightBytes', 'i32', 'bytes of packed weights per group'],
  ['mainVariant', 'i32', 'kernel id for full oc tiles'],
  ['mainNb', 'i32', 'oc blocks per full tile'],
  ['tailVariant', 'i32', 'kernel id for the oc remainder tile (-1 if none)'],
  ['tailNb', 'i32', 'oc blocks of the remainder tile'],
  // NCHW44 direct dot
  ['icb', 'i32', 'input channel blocks of 4 per group (packed)'],
  ['srcKind', 'i32', '0 NCHW44 source, 1 NCHW source (hybrid first layer)'],
  ['ohTile', 'i32', 'output rows per task'],
  ['iwp', 'i32', 'pixels per packed input row'],
  [
    'relaxed',
    'i32',
    'packed input: 0 SIMD128 (i16 pairs), 1 relaxed split (u = xs + 128 as 7-bit and 1-bit parts), 2 relaxed dot8 (4 bytes a pixel: xs ^ dotXor)',
  ],
  ['dotXor', 'i32', 'relaxed dot8: 0x80 (usdot: b = xs + 128, unsigned) or 0 (sdot: b = xs)'],
  // GEMM (1x1, im2col)
  ['kbn', 'i32', 'K steps of 4 k values'],
  ['panelPix', 'i32', 'output pixels per task (a multiple of the widest micro-tile)'],
  [
    'packMode',
    'i32',
    '0 NCHW44 1x1 s1 unpadded, 1 NCHW44 im2col, 2 NCHW 1x1 s1 unpadded, 3 NCHW gather, 4 NCHW44 gather, 5 NCHW44 1x1 strided unpadded',
  ],
  ['icbG', 'i32', 'GEMM: channel blocks of 4 per group per tap (K = FH * FW * icbG * 4)'],
  ['tileNpix', 'i32', 'GEMM: pixels per micro-tile (the B panel layout; main and tail kernels share it)'],
  ['mainNarrow', 'i32', "GEMM: kernel id with the main tile's channels and 4 pixels (a panel's last 1-4 pixels)"],
  ['tailNarrow', 'i32', 'GEMM: kernel id with 1 channel and 4 pixels'],
  ['gemmLanes', 'i32', 'GEMM: 0 pixel-lane kernels (B widened), 1 channel-lane kernels (B broadcast pairs)'],
  ['n', 'i32', 'batch'],
  ['owPad', 'i32', 'NCHW direct: output columns rounded up to the 8 a trip computes'],
  ['rowBytes', 'i32', 'NCHW direct: bytes per padded input row'],
  ['rawCols', 'i32', 'channel-wise: padded source pixels per packed row (the raw row)'],
  ['blocksPerTask', 'i32', 'channel-wise: 4-channel blocks one task runs (small planes: fewer, larger tasks)'],
  [
    'ocParts',
    'i32',
    'dot / GEMM: parts the output-channel tiles are split into (task index = part * tiles + tile); 1 unless threads need it',
  ],
  ['scratchBytes', 'i32', 'bytes of accumulator scratch at the start of each thread slice (a row or panel of tiles)'],
  ['winoRows', 'i32', 'Winograd F(2, 3): tile rows (2 output rows each) per task'],
  // first-layer pairs (assembly/conv-first/)
  ['pairTaps', 'i32', 'first-layer pairs: i16 pairs per filter row (ceil(FW * IC / 2))'],
  [
    'tapWeightBytes',
    'i32',
    'NCHW44 direct: packed weight bytes per (tap, block): 32 (SIMD128 i16 pairs) or 16 (int8: the relaxed kernels and the SIMD128 w8 tiles)',
  ],
  // finish
  [
    'lut',
    'i32',
    '8-bit output: a 256-byte table applied to every output byte as it is stored (a look-up operator of the model fused into the convolution), 0 = none',
  ],
  [
    'addRecord',
    'i32',
    '8-bit output: a QLinearAdd record (assembly/model/elem-ctx.ts) applied to every stored output byte and the byte addDelta further, written in place (a residual add of the model fused into the convolution), 0 = none',
  ],
  ['addDelta', 'i32', 'bytes from an output byte to its residual operand (set before each run)'],
  // int32 output of weights shifted per channel (the model's ConvInteger / MatMulInteger with a weight zero point)
  [
    'winSums',
    'i32',
    'int32 output: the window sums S of the image (int32, one per output pixel; batch 1, one group) added e[c] times to every accumulator before the store, 0 = none (set before each run)',
  ],
  ['winShifts', 'i32', 'int32 output with winSums: i32 e[c] per output channel (padded to a multiple of 4)'],
  [
    'epiScales',
    'i32',
    'int32 output: f32 scale per output channel (padded to a multiple of 4): the output is float32 f32(f32(v) * scale[c]) + epiBias[c] (then Relu where epiRelu), 0 = int32 output',
  ],
  ['epiBias', 'i32', 'f32 bias per output channel (padded to a multiple of 4), with epiScales'],
  ['epiRelu', 'i32', '1: max(f, 0) (C++ std::max(f, 0): f < 0 ? 0 : f) after the bias, with epiScales'],
];
