// Generates the NCHW44 dot and GEMM micro-kernels and the host's kernel table (every family) from
// tools/conv-variants.mjs.
// Usage: node tools/gen-conv-kernels.mjs [outRoot]   (outRoot defaults to the repository root)
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  variants,
  gemmVariants,
  chanwiseVariants,
  nchwDotVariants,
  naiveVariants,
  firstPairsVariants,
  CTX_FIELDS,
  UNROLL_KH_MAX,
} from './conv-variants.mjs';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const HEADER = '// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit\n';

/**
 * One variant = one "row kernel": it produces `ow` output pixels of one output row for nb*4 output channels.
 * Packed input (per channel block, per row): iwp pixels x 32 bytes.
 *   wasmsimd:        pixel = i16 [x0,x1,x2,x3] (8 bytes; the kernels load [x0,x1] and [x2,x3] broadcast to 4 lanes);
 *                    weights per (ib, kh, kw, block) = i16 [w(o,0),w(o,1)]
 *                    for o < 4 | [w(o,2),w(o,3)] for o < 4;  dot(W01, P01) + dot(W23, P23) = 4 oc x 4 ic.
 *   wasmrelaxedsimd: u = x + 128; pixel = u8 [u & 127 of c0..c3] x 4 | [u >> 7 of c0..c3] x 4 (both in [0, 127],
 *                    where relaxed dot is exact on every engine); weights = the int8 4x4 block [o][i].
 */
/**
 * The unrolled tap nest of the row kernels, inside the input-block loop: filters up to UNROLL_KH_MAX unroll both
 * filter axes (one loop trip does FW * FW taps), larger ones loop over the rows and unroll the columns. `tap(ind,
 * t, kw)` emits tap t = kh * FW + kw of the current row at indent `ind`; `trip` is the weight bytes of all taps,
 * `rowStep` the expression that advances the weights one filter row.
 */
function unrolledTaps(L, fw, trip, rowStep, tap) {
  const unrollKh = fw <= UNROLL_KH_MAX;
  const rows = unrollKh ? fw : 1;
  if (!unrollKh) L.push(`      for (let kh: i32 = 0; kh < fh; kh++) {`);
  const ind = unrollKh ? '      ' : '        ';
  for (let kh = 0; kh < rows; kh++) {
    for (let kw = 0; kw < fw; kw++) {
      L.push(`${ind}{`);
      tap(ind, kh * fw + kw, kw);
      L.push(`${ind}}`);
    }
    if (unrollKh && kh < rows - 1) L.push(`${ind}xr += xRowStride;`);
  }
  if (unrollKh) L.push(`      wp += ${trip};`);
  else {
    L.push(`        wp += ${rowStep};`);
    L.push(`        xr += xRowStride;`);
    L.push(`      }`);
  }
}

/**
 * wasmrelaxeddot row kernels with unrolled taps (the tap-loop ones come from rowKernelTaps): one relaxed dot per 16
 * multiply-adds. Packed input pixel = its 4 bytes (b = xs ^ 0x80 for the 'usdot' flavour, b = xs for 'sdot'; the
 * task packs them), read with load32_splat; weights = the int8 4x4 block [o][i] (16 bytes per (tap, block)).
 */
function rowKernelDot8(v) {
  const { fw, stride: s, nb, npix } = v;
  const L = [];
  L.push(`export function ${v.name}(`);
  L.push(
    `  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,`,
  );
  L.push(`  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,`);
  L.push(`): void {`);
  L.push(`  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {`);
  for (let b = 0; b < nb; b++) L.push(`  const init${b} = v128.load(init, ${b * 16});`);
  L.push(`  const owPad = ((ow + ${npix - 1}) / ${npix}) * ${npix};`);
  L.push(`  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row`);
  L.push(`  for (let ow0: i32 = 0; ow0 < ow; ow0 += ${npix}) {`);
  L.push(`    const sp = scratch + <usize>(ow0 * 16);`);
  for (let b = 0; b < nb; b++) for (let j = 0; j < npix; j++) L.push(`    let a${b}_${j} = init${b};`);
  L.push(`    let xb = x + <usize>(ow0 * ${s * 4});`);
  L.push(`    let wp = w;`);
  L.push(`    for (let ib: i32 = 0; ib < icb; ib++) {`);
  L.push(`      let xr = xb;`);
  unrolledTaps(L, fw, fw * fw * nb * 16, `${fw * nb * 16}`, (ind, t, kw) => {
    for (let b = 0; b < nb; b++) L.push(`${ind}  const w${b} = v128.load(wp, ${t * nb * 16 + b * 16});`);
    for (let j = 0; j < npix; j++) {
      L.push(`${ind}  const p${j} = v128.load32_splat(xr, ${kw * 4 + j * s * 4});`);
      for (let b = 0; b < nb; b++)
        L.push(`${ind}  a${b}_${j} = i32x4.relaxed_dot_i8x16_i7x16_add_s(w${b}, p${j}, a${b}_${j});`);
    }
  });
  L.push(`      xb += xBlockStride;`);
  L.push(`    }`);
  return finishRowKernel(L, v);
}

/**
 * A SIMD128 or relaxed dot8 tile with one filter tap per loop trip (see TILES in tools/conv-variants.mjs: V8 before
 * 12 emits a block's loads first). `rem` tiles end the row with a narrower copy of the same body for its last OW % npix
 * pixels instead of computing padded pixels: OW 7 with a 4-pixel tile is 4 + 3, not 8.
 */
function rowKernelTaps(v) {
  const { fw, stride: s, nb, npix } = v;
  // the relaxed dot8 tiles (one relaxed dot per 16 multiply-adds): one int8 4x4 weight block and one 4-byte pixel per
  // dot, the dot adds into its accumulator
  const dot8 = v.isa === 'wasmrelaxeddot';
  // I8CONV_ABLATE (experiments only, wrong outputs; the committed kernels are generated without it): 'nodot' (each
  // multiply replaced by a v128.xor, loads and adds kept), 'nowload' (the weights loaded once per block, before the
  // loops), 'nopload' (the pixels loaded once per block), 'nofinish' (no finishTile call)
  const ablate = process.env.I8CONV_ABLATE ?? '';
  const wBytes = dot8 || v.w8 ? 16 : 32; // per (kw, block): two i16 pair vectors (w8: int8, sign-extended as loaded; dot8: int8 4x4)
  const PB = dot8 ? 4 : 8; // packed bytes per pixel: i16 [v0, v1, v2, v3] | dot8: its 4 bytes
  const L = [];
  L.push(`export function ${v.name}(`);
  L.push(
    `  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,`,
  );
  L.push(`  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,`);
  L.push(`): void {`);
  L.push(`  if (${dot8 ? '!' : ''}ASC_FEATURE_RELAXED_SIMD) unreachable(); else {`);
  for (let b = 0; b < nb; b++) L.push(`  const init${b} = v128.load(init, ${b * 16});`);
  L.push(`  const owPad = ((ow + ${npix - 1}) / ${npix}) * ${npix};`);
  L.push(`  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row`);
  // n pixels from column ow0: accumulate over (ib, kh, kw), then store to scratch. A dot8 remainder body with few
  // accumulators (nb * n <= 4) would wait on each dot's latency (every dot of a chain adds into the previous one), so
  // it unrolls the filter columns and gives the columns accumulators of their own, summed at the end: int32 sums wrap,
  // so the order does not change the bits. At most 12 accumulators for 1-2 pixels, 8 for 3-4: more spilled in V8
  // (3 pixels of 2 blocks x 2 sets: 84 against 121 GMAC/s; 4 pixels of 1 block x 3 sets: 1.09x the time).
  const block = (n, ind) => {
    const S = dot8 && n < npix && nb * n <= 4 ? Math.min(fw, Math.floor((n <= 2 ? 12 : 8) / (nb * n))) : 1;
    const acc = (b, j, kw) => `a${b}_${j}${S > 1 ? `_${kw % S}` : ''}`;
    L.push(`${ind}const sp = scratch + <usize>(ow0 * 16);`);
    for (let b = 0; b < nb; b++)
      for (let j = 0; j < n; j++)
        for (let k = 0; k < S; k++) L.push(`${ind}let ${acc(b, j, k)} = ${k ? 'i32x4.splat(0)' : `init${b}`};`);
    L.push(`${ind}let xb = x + <usize>(ow0 * ${s * PB});`);
    L.push(`${ind}let wp = w;`);
    const wLoads = [];
    const pLoads = [];
    const t = `${ind}      `;
    for (let b = 0; b < nb; b++) {
      if (dot8) wLoads.push(`const w${b} = v128.load(wp, ${b * 16});`);
      else if (v.w8) {
        wLoads.push(`const w${b}l = v128.load8x8_s(wp, ${b * 16});`);
        wLoads.push(`const w${b}h = v128.load8x8_s(wp, ${b * 16 + 8});`);
      } else {
        wLoads.push(`const w${b}l = v128.load(wp, ${b * 32});`);
        wLoads.push(`const w${b}h = v128.load(wp, ${b * 32 + 16});`);
      }
    }
    // the pixel's pairs [v0, v1] and [v2, v3], each broadcast to the 4 lanes by the load
    for (let j = 0; j < n; j++)
      pLoads.push(
        dot8
          ? [`const p${j} = v128.load32_splat(xt, ${j * s * PB});`]
          : [
              `const p${j}l = v128.load32_splat(xt, ${j * s * PB});`,
              `const p${j}h = v128.load32_splat(xt, ${j * s * PB + 4});`,
            ],
      );
    if (ablate === 'nowload') for (const l of wLoads) L.push(`${ind}${l}`);
    if (ablate === 'nopload') L.push(`${ind}const xt = xb;`, ...pLoads.flat().map((l) => `${ind}${l}`));
    L.push(`${ind}for (let ib: i32 = 0; ib < icb; ib++) {`);
    L.push(`${ind}  let xr = xb;`);
    L.push(`${ind}  for (let kh: i32 = 0; kh < fh; kh++) {`);
    if (S > 1) {
      // the filter columns unrolled: column kw's weights at wp + kw * nb * 16, its pixels at xr + kw * PB. Pixel j of
      // column kw is pixel j - 1 of column kw + s; the engines load it once, so the columns run in an order where
      // such loads are used one after the other (stride 2: the even columns, then the odd ones). Kept across an
      // unrelated column, that value needs a 16th vector register and V8 spills an accumulator instead.
      const order = Array.from({ length: fw }, (_, k) => k).sort((a, b) => (a % s) - (b % s) || a - b);
      for (const kw of order) {
        L.push(`${ind}    {`);
        for (let b = 0; b < nb; b++) L.push(`${ind}      const w${b} = v128.load(wp, ${(kw * nb + b) * 16});`);
        for (let j = 0; j < n; j++) {
          L.push(`${ind}      const p${j} = v128.load32_splat(xr, ${(kw + j * s) * PB});`);
          for (let b = 0; b < nb; b++)
            L.push(
              `${ind}      ${acc(b, j, kw)} = i32x4.relaxed_dot_i8x16_i7x16_add_s(w${b}, p${j}, ${acc(b, j, kw)});`,
            );
        }
        L.push(`${ind}    }`);
      }
      L.push(`${ind}    wp += ${fw * nb * wBytes};`);
      L.push(`${ind}    xr += xRowStride;`);
      L.push(`${ind}  }`);
      L.push(`${ind}  xb += xBlockStride;`);
      L.push(`${ind}}`);
      for (let b = 0; b < nb; b++)
        for (let j = 0; j < n; j++) {
          const sum = Array.from({ length: S }, (_, k) => acc(b, j, k)).reduce((a, c) => `i32x4.add(${a}, ${c})`);
          L.push(`${ind}v128.store(sp + <usize>(${b ? `${b} * row16 + ` : ''}${j * 16}), ${sum});`);
        }
      return;
    }
    L.push(`${ind}    let xt = xr;`);
    L.push(`${ind}    for (let kw: i32 = 0; kw < ${fw}; kw++) {`);
    if (ablate !== 'nowload') for (const l of wLoads) L.push(`${t}${l}`);
    const mul = (w, p) => (ablate === 'nodot' ? `v128.xor(${w}, ${p})` : `i32x4.dot_i16x8_s(${w}, ${p})`);
    for (let j = 0; j < n; j++) {
      if (ablate !== 'nopload') for (const l of pLoads[j]) L.push(`${t}${l}`);
      for (let b = 0; b < nb; b++) {
        if (dot8) {
          L.push(`${t}a${b}_${j} = i32x4.relaxed_dot_i8x16_i7x16_add_s(w${b}, p${j}, a${b}_${j});`);
          continue;
        }
        L.push(`${t}a${b}_${j} = i32x4.add(a${b}_${j}, ${mul(`w${b}l`, `p${j}l`)});`);
        L.push(`${t}a${b}_${j} = i32x4.add(a${b}_${j}, ${mul(`w${b}h`, `p${j}h`)});`);
      }
    }
    L.push(`${t}wp += ${nb * wBytes};`);
    L.push(`${t}xt += ${PB};`);
    L.push(`${ind}    }`);
    L.push(`${ind}    xr += xRowStride;`);
    L.push(`${ind}  }`);
    L.push(`${ind}  xb += xBlockStride;`);
    L.push(`${ind}}`);
    for (let b = 0; b < nb; b++)
      for (let j = 0; j < n; j++)
        L.push(`${ind}v128.store(sp + <usize>(${b ? `${b} * row16 + ` : ''}${j * 16}), a${b}_${j});`);
  };
  if (v.rem) {
    // the remainder bodies live in a function of their own (<tile>_rem): in the tile's own function they slow its
    // main loop in SpiderMonkey (Firefox 153: 35 against 48 GMAC/s on 64->64 56² 3x3), V8 is indifferent
    L.push(`  const owMain = (ow / ${npix}) * ${npix};`);
    L.push(`  for (let ow0: i32 = 0; ow0 < owMain; ow0 += ${npix}) {`);
    block(npix, '    ');
    L.push(`  }`);
    L.push(
      `  if (ow > owMain) ${v.name}_rem(x, xBlockStride, xRowStride, icb, fh, w, init, scratch, owMain, ow - owMain, row16);`,
    );
    if (ablate !== 'nofinish') L.push(`  finishTile(ctx, scratch, ${nb}, owPad, ch, oc0, nch, pixRow, ow, dst, bias);`);
    L.push(`  }`);
    L.push(`}`);
    L.push('');
    L.push(`/** The last ${'`'}rem${'`'} (1..${npix - 1}) pixels of a row of ${v.name}, from column ow0. */`);
    L.push(`function ${v.name}_rem(`);
    L.push(
      `  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, scratch: usize, ow0: i32, rem: i32, row16: i32,`,
    );
    L.push(`): void {`);
    for (let b = 0; b < nb; b++) L.push(`  const init${b} = v128.load(init, ${b * 16});`);
    for (let r = npix - 1; r >= 1; r--) {
      L.push(`  ${r === npix - 1 ? '' : 'else '}if (rem == ${r}) {`);
      block(r, '    ');
      L.push(`  }`);
    }
    L.push(`}`);
    return L.join('\n');
  } else {
    L.push(`  for (let ow0: i32 = 0; ow0 < ow; ow0 += ${npix}) {`);
    block(npix, '    ');
    L.push(`  }`);
  }
  L.push(`  finishTile(ctx, scratch, ${nb}, owPad, ch, oc0, nch, pixRow, ow, dst, bias);`);
  L.push(`  }`);
  L.push(`}`);
  return L.join('\n');
}

function rowKernel(v) {
  if ((v.isa === 'wasmsimd' || v.isa === 'wasmrelaxeddot') && v.tapLoop) return rowKernelTaps(v);
  if (v.isa === 'wasmrelaxeddot') return rowKernelDot8(v);
  const { fw, stride: s, nb, npix } = v;
  const relaxed = v.isa === 'wasmrelaxedsimd';
  const wBytes = relaxed || v.w8 ? 16 : 32; // per (kw, block): int8 4x4 | two i16 pair vectors (w8: as int8, sign-extended as loaded)
  const PB = relaxed ? 32 : 8; // packed bytes per pixel: relaxed split parts, broadcast | i16 [v0, v1, v2, v3]
  const L = [];
  L.push(`export function ${v.name}(`);
  L.push(
    `  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,`,
  );
  L.push(`  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,`);
  L.push(`): void {`);
  // each build carries only its own row kernels: the relaxed build never runs the SIMD128 ones (the runtime's isa
  // there is wasmrelaxedsimd or a dot8 flavour), the SIMD128 build never the relaxed ones
  if (relaxed) L.push(`  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {`);
  else L.push(`  if (ASC_FEATURE_RELAXED_SIMD) unreachable(); else {`);
  L.push(`  const wStep: i32 = ${fw * nb * wBytes};`);
  for (let b = 0; b < nb; b++) L.push(`  const init${b} = v128.load(init, ${b * 16});`);
  L.push(`  const owPad = ((ow + ${npix - 1}) / ${npix}) * ${npix};`);
  L.push(`  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row`);
  L.push(`  for (let ow0: i32 = 0; ow0 < ow; ow0 += ${npix}) {`);
  L.push(`    const sp = scratch + <usize>(ow0 * 16);`);
  for (let b = 0; b < nb; b++)
    for (let j = 0; j < npix; j++) {
      L.push(`    let a${b}_${j} = init${b};`);
      if (relaxed) L.push(`    let h${b}_${j} = i32x4.splat(0);`);
    }
  L.push(`    let xb = x + <usize>(ow0 * ${s * PB});`);
  L.push(`    let wp = w;`);
  L.push(`    for (let ib: i32 = 0; ib < icb; ib++) {`);
  L.push(`      let xr = xb;`);
  unrolledTaps(L, fw, fw * fw * nb * wBytes, 'wStep', (ind, tap, kw) => {
    for (let b = 0; b < nb; b++) {
      if (relaxed) L.push(`${ind}  const w${b} = v128.load(wp, ${(tap * nb + b) * 16});`);
      else {
        if (v.w8) {
          L.push(`${ind}  const w${b}l = v128.load8x8_s(wp, ${(tap * nb + b) * 16});`);
          L.push(`${ind}  const w${b}h = v128.load8x8_s(wp, ${(tap * nb + b) * 16 + 8});`);
        } else {
          L.push(`${ind}  const w${b}l = v128.load(wp, ${(tap * nb + b) * 32});`);
          L.push(`${ind}  const w${b}h = v128.load(wp, ${(tap * nb + b) * 32 + 16});`);
        }
      }
    }
    for (let j = 0; j < npix; j++) {
      const off = (j * s + kw) * PB;
      if (relaxed) {
        L.push(`${ind}  const p${j}l = v128.load(xr, ${off});`);
        L.push(`${ind}  const p${j}h = v128.load(xr, ${off + 16});`);
      } else {
        L.push(`${ind}  const p${j}l = v128.load32_splat(xr, ${off});`);
        L.push(`${ind}  const p${j}h = v128.load32_splat(xr, ${off + 4});`);
      }
      for (let b = 0; b < nb; b++) {
        if (relaxed) {
          L.push(`${ind}  a${b}_${j} = i32x4.relaxed_dot_i8x16_i7x16_add_s(w${b}, p${j}l, a${b}_${j});`);
          L.push(`${ind}  h${b}_${j} = i32x4.relaxed_dot_i8x16_i7x16_add_s(w${b}, p${j}h, h${b}_${j});`);
        } else {
          L.push(`${ind}  a${b}_${j} = i32x4.add(a${b}_${j}, i32x4.dot_i16x8_s(w${b}l, p${j}l));`);
          L.push(`${ind}  a${b}_${j} = i32x4.add(a${b}_${j}, i32x4.dot_i16x8_s(w${b}h, p${j}h));`);
        }
      }
    }
  });
  L.push(`      xb += xBlockStride;`);
  L.push(`    }`);
  return finishRowKernel(L, v);
}

/** The end of a row kernel: accumulators of the micro-tile to scratch, then the row's finish. */
function finishRowKernel(L, v) {
  const { nb, npix } = v;
  const relaxed = v.isa === 'wasmrelaxedsimd';
  for (let b = 0; b < nb; b++)
    for (let j = 0; j < npix; j++) {
      // relaxed: u = lo + 128 * hi, so sum w*u = sum w*lo + 128 * sum w*hi (the zero point's part is in init)
      const val = relaxed ? `i32x4.add(a${b}_${j}, i32x4.shl(h${b}_${j}, 7))` : `a${b}_${j}`;
      L.push(`    v128.store(sp + <usize>(${b ? `${b} * row16 + ` : ''}${j * 16}), ${val});`);
    }
  L.push(`  }`);
  L.push(`  finishTile(ctx, scratch, ${nb}, owPad, ch, oc0, nch, pixRow, ow, dst, bias);`);
  L.push(`  }`);
  L.push(`}`);
  return L.join('\n');
}

/**
 * Which variants the product builds carry. The production wasm (tools/build-wasm.mjs: I8CONV_LAB=0) holds only the
 * kernels the host can pick without a forced name: the conv 'main' and 'tail' tiles, and for GEMM also the narrow
 * companions a pixel-lane main or tail tile runs its last pixels with (src/algos/gemm.ts pickGemmKernels: the
 * tile's channels x 4 pixels and 1 channel x 4 pixels). The other ('alt') tiles run only when forced by name:
 * they are compiled into the lab build alone (assembly/lab.ts, I8CONV_LAB=1), for tests and benchmarks; their
 * dispatcher case traps in the product build, where the host refuses them first (UNKNOWN_KERNEL).
 */
function convInProduct(v) {
  return v.role !== 'alt';
}
function gemmInProduct(v, all) {
  if (v.role !== 'alt') return true;
  return (
    v.lanes === 'pixel' &&
    v.npg === 1 &&
    all.some(
      (m) =>
        m.role !== 'alt' &&
        m.lanes === 'pixel' &&
        m.isa === v.isa &&
        m.weights === v.weights &&
        (v.noc === m.noc || v.noc === 1),
    )
  );
}
/** A dispatcher case: the call, guarded by the lab flag for a lab-only kernel (dead code in the product build). */
function dispatchCase(i, call, product) {
  return product
    ? `    case ${i}: ${call}; break;`
    : `    case ${i}: if (I8CONV_LAB) ${call}; else unreachable(); break;`;
}

const vs = variants();
const as = [];
as.push(HEADER);
as.push(
  `// NCHW44 dot row kernels, one per (filter width, stride, tile). See tools/gen-conv-kernels.mjs for the packed`,
);
as.push(
  `// layouts they read. The accumulators of the whole row are stored to \`scratch\` ([block][pixel]) and finished`,
);
as.push(`// (bias, activation, requantization, store of the valid pixels only) by one finishTile call.`);
as.push(`import { finishTile } from '../common/finish';\n`);
for (const v of vs) as.push(rowKernel(v) + '\n');
as.push(`/** Runs row kernel \`id\` (index in the kernel table). */`);
as.push(`export function convNchw44DotRow(`);
as.push(
  `  id: i32, x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,`,
);
as.push(`  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,`);
as.push(`): void {`);
as.push(`  switch (id) {`);
vs.forEach((v, i) => {
  as.push(
    dispatchCase(
      i,
      `${v.name}(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias)`,
      convInProduct(v),
    ),
  );
});
as.push(`    default: unreachable();`);
as.push(`  }`);
as.push(`}`);
mkdirSync(join(root, 'assembly', 'conv-nchw44-dot'), { recursive: true });
writeFileSync(join(root, 'assembly', 'conv-nchw44-dot', 'generated.ts'), as.join('\n') + '\n');

/**
 * GEMM micro-kernels: `groups` micro-tiles, each `na` weight rows x `nb` activation columns of accumulators, one K
 * step (4 k values, both operands i16, 32 bytes each) per loop trip. Two operand orientations:
 *   pixel-lane (gemm_s8_*):  an accumulator is 4 pixels of one output channel; na = channels, nb = pixel groups
 *     B panel [group][kb][j < npg]: [v(p0,k0), v(p0,k1), v(p1,k0), v(p1,k1), ..., v(p3,k1)] | same for k2, k3
 *     W tile  [kb][o < noc]:        [w(o,k0), w(o,k1)] x 4 | [w(o,k2), w(o,k3)] x 4
 *   channel-lane (gemm_s8c_*): an accumulator is 4 output channels of one pixel; na = blocks of 4, nb = pixels
 *     B panel [group][kb][j < npix]: [v(k0), v(k1)] x 4 | [v(k2), v(k3)] x 4 for pixel j
 *     W tile  [kb][b < nb]:          [w(o,k0), w(o,k1)] for o < 4 | [w(o,k2), w(o,k3)] for o < 4
 * (v = xs - zp.) dot(W01, B01) + dot(W23, B23) covers 4 k values. Accumulators go to `rows` as [row a][column]
 * (`stride` bytes per row a) for finishRows (pixel-lane) or finishTile (channel-lane). `bstep`: bytes per K step
 * in the panel (the panel's own columns * 32: a 1-group kernel can run the last group of a wider panel); `gstep`:
 * bytes from one group's B to the next (a packed panel: kbn * bstep; dot8 kernels reading an NCHW44 source in
 * place, assembly/gemm/task.ts: bstep = the plane's bytes, gstep = the group's pixels * 4).
 */
/**
 * Relaxed dot8 GEMM (pixel-lane): B panel [group][kb][j < npg] 16 bytes = pixels 4j .. 4j + 3 x k0..k3 (pixel-major,
 * b = xs ^ dotXor); W tile [kb][o < noc] 4 bytes w(o, k0..k3), splat to every lane, so one relaxed dot does 4 pixels
 * x 4 k values.
 */
function gemmKernelDot8(v) {
  if (v.lanes === 'channel') return gemmKernelDot8Channel(v);
  if (v.npg === 1) return gemmKernelDot8Narrow(v);
  const { noc, npg } = v;
  const body = [];
  for (let a = 0; a < noc; a++) body.push(`      const w${a} = v128.load32_splat(wp, ${a * 4});`);
  for (let j = 0; j < npg; j++) {
    body.push(`      const p${j} = v128.load(xp, ${j * 16});`);
    for (let a = 0; a < noc; a++)
      body.push(`      a${a}_${j} = i32x4.relaxed_dot_i8x16_i7x16_add_s(w${a}, p${j}, a${a}_${j});`);
  }
  return gemmFrame(v, noc, npg, (a) => `  const init${a} = v128.load32_splat(init, ${a * 4});`, body, noc * 4, true);
}

/**
 * Relaxed dot8 GEMM (channel-lane, tools/conv-variants.mjs GEMMC_DOT8_TILES): B panel [group][kb][j < npix] 4 bytes
 * b(pixel j, k0..k3), splat to every lane; W tile [kb][b < nb] 16 bytes w(o, k0..k3) for the block's 4 channels o.
 * Accumulators a{b}_{j} (4 channels of block b at pixel j) go to rows + b * stride + j * 16 per group of npix pixels,
 * as the SIMD128 channel-lane kernels store them (finishTile).
 */
function gemmKernelDot8Channel(v) {
  const { nb, npix } = v;
  const body = [];
  for (let j = 0; j < npix; j++) body.push(`      const p${j} = v128.load32_splat(xp, ${j * 4});`);
  for (let a = 0; a < nb; a++) {
    body.push(`      const w${a} = v128.load(wp, ${a * 16});`);
    for (let j = 0; j < npix; j++)
      body.push(`      a${a}_${j} = i32x4.relaxed_dot_i8x16_i7x16_add_s(w${a}, p${j}, a${a}_${j});`);
  }
  return gemmFrame(v, nb, npix, (a) => `  const init${a} = v128.load(init, ${a * 16});`, body, nb * 16, true);
}

/**
 * The 1-group dot8 kernels (the last 1-4 pixels of a plane): one accumulator per channel would make every dot wait for
 * the one before it on the same accumulator (a full dot latency per K step), so K is split 4 ways, steps k, k + 1,
 * k + 2, k + 3 on 4 accumulators per channel, added at the end (int32 adds wrap: the same sums in any order).
 */
function gemmKernelDot8Narrow(v) {
  const { noc } = v;
  const KS = 4;
  const L = [];
  L.push(
    `export function ${v.name}(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {`,
  );
  L.push(`  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {`);
  for (let a = 0; a < noc; a++) L.push(`  const init${a} = v128.load32_splat(init, ${a * 4});`);
  L.push(`  const bs = <usize>bstep;`);
  L.push(`  for (let g: i32 = 0; g < groups; g++) {`);
  L.push(`    let xp = b + <usize>(g * gstep);`);
  for (let a = 0; a < noc; a++)
    for (let k = 0; k < KS; k++) L.push(`    let a${a}_${k} = ${k === 0 ? `init${a}` : 'i32x4.splat(0)'};`);
  L.push(`    let wp = w;`);
  L.push(`    let k: i32 = 0;`);
  L.push(`    for (; k + ${KS} <= kbn; k += ${KS}) {`);
  for (let k = 0; k < KS; k++) {
    L.push(`      const p${k} = v128.load(xp${k ? ` + ${k} * bs` : ''});`);
    for (let a = 0; a < noc; a++)
      L.push(
        `      a${a}_${k} = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, ${(k * noc + a) * 4}), p${k}, a${a}_${k});`,
      );
  }
  L.push(`      wp += ${KS * noc * 4};`);
  L.push(`      xp += ${KS} * bs;`);
  L.push(`    }`);
  L.push(`    for (; k < kbn; k++) {`);
  L.push(`      const p0 = v128.load(xp);`);
  for (let a = 0; a < noc; a++)
    L.push(`      a${a}_0 = i32x4.relaxed_dot_i8x16_i7x16_add_s(v128.load32_splat(wp, ${a * 4}), p0, a${a}_0);`);
  L.push(`      wp += ${noc * 4};`);
  L.push(`      xp += bs;`);
  L.push(`    }`);
  L.push(`    const rp = rows + <usize>(g * 16);`);
  for (let a = 0; a < noc; a++)
    L.push(
      `    v128.store(rp${a ? ` + <usize>(${a} * stride)` : ''}, i32x4.add(i32x4.add(a${a}_0, a${a}_1), i32x4.add(a${a}_2, a${a}_3)));`,
    );
  L.push(`  }`);
  L.push(`  }`);
  L.push(`}`);
  return L.join('\n');
}

/**
 * The frame every GEMM micro-kernel but the 1-group dot8 ones shares: accumulator starts, the group and K loops, the
 * stores. `body` gives the lines of one K step; na x nb accumulators a{a}_{j}; `wstep` bytes of weights per K step;
 * `relaxed`: the body uses relaxed SIMD (compiled in the relaxed builds only).
 */
function gemmFrame(v, na, nb, initLine, body, wstep, relaxed = false) {
  const L = [];
  L.push(
    `export function ${v.name}(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32): void {`,
  );
  if (relaxed) L.push(`  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {`);
  for (let a = 0; a < na; a++) L.push(initLine(a));
  L.push(`  for (let g: i32 = 0; g < groups; g++) {`);
  L.push(`    let xp = b + <usize>(g * gstep);`);
  for (let a = 0; a < na; a++) for (let j = 0; j < nb; j++) L.push(`    let a${a}_${j} = init${a};`);
  L.push(`    let wp = w;`);
  L.push(`    for (let k: i32 = 0; k < kbn; k++) {`);
  L.push(...body);
  L.push(`      wp += ${wstep};`);
  L.push(`      xp += <usize>bstep;`);
  L.push(`    }`);
  L.push(`    const rp = rows + <usize>(g * ${nb * 16});`);
  for (let a = 0; a < na; a++)
    for (let j = 0; j < nb; j++)
      L.push(`    v128.store(rp + <usize>(${a ? `${a} * stride + ` : ''}${j * 16}), a${a}_${j});`);
  L.push(`  }`);
  if (relaxed) L.push(`  }`);
  L.push(`}`);
  return L.join('\n');
}

/** The two dots of accumulator (a, j): weights w{a}l / w{a}h against B p{j}l / p{j}h. */
function dotPair(a, j) {
  return [
    `      a${a}_${j} = i32x4.add(a${a}_${j}, i32x4.dot_i16x8_s(w${a}l, p${j}l));`,
    `      a${a}_${j} = i32x4.add(a${a}_${j}, i32x4.dot_i16x8_s(w${a}h, p${j}h));`,
  ];
}

/** The two B vectors of column j. */
function loadB(j) {
  return [`      const p${j}l = v128.load(xp, ${j * 32});`, `      const p${j}h = v128.load(xp, ${j * 32 + 16});`];
}

function gemmKernel(v) {
  if (v.isa === 'wasmrelaxeddot') return gemmKernelDot8(v);
  if (v.lanes === 'pixel') {
    // SIMD128 pixel-lane (the 1x1 / im2col GEMM and Winograd's position GEMMs alike): B as packed, two i16 pair
    // vectors per 4 pixels and K step; W tile [kb][o < noc] 8 bytes, i16 [w(o,k0), w(o,k1)] | [w(o,k2), w(o,k3)],
    // each 4-byte pair splat to the pixel lanes as it is loaded (one vbroadcastss). A group's B vectors are loaded
    // first, then per channel its two splats and their dots: the weights-first order held 2 * noc splats live and
    // spilled at 4 channels (4x8: 30-41 against 33-49 GMAC/s on MobileNetV2's 1x1 shapes, Node 24).
    const { noc, npg } = v;
    const body = [];
    for (let j = 0; j < npg; j++) body.push(...loadB(j));
    for (let a = 0; a < noc; a++) {
      body.push(
        `      const w${a}l = v128.load32_splat(wp, ${a * 8});`,
        `      const w${a}h = v128.load32_splat(wp, ${a * 8 + 4});`,
      );
      for (let j = 0; j < npg; j++) body.push(...dotPair(a, j));
    }
    return gemmFrame(v, noc, npg, (a) => `  const init${a} = v128.load32_splat(init, ${a * 4});`, body, noc * 8);
  }
  // SIMD128 channel-lane: a block's two 16-byte vectors of weight pairs, then per pixel its two broadcast B vectors
  const { nb, npix } = v;
  const body = [];
  for (let a = 0; a < nb; a++)
    body.push(`      const w${a}l = v128.load(wp, ${a * 32});`, `      const w${a}h = v128.load(wp, ${a * 32 + 16});`);
  for (let j = 0; j < npix; j++) {
    body.push(...loadB(j));
    for (let a = 0; a < nb; a++) body.push(...dotPair(a, j));
  }
  return gemmFrame(v, nb, npix, (a) => `  const init${a} = v128.load(init, ${a * 16});`, body, nb * 32);
}

const gvs = gemmVariants();
// The kernels: every variant but Winograd's rows ('pairs'), which name the SIMD128 pixel-lane kernel of their shape
// (the same layouts and arithmetic); gemmRun's ids index this list. A kernel ships when any row that uses it does.
const gks = gvs.filter((v) => v.weights !== 'pairs');
const gemmKernelOf = (v) => {
  if (v.weights !== 'pairs') return gks.indexOf(v);
  const i = gks.findIndex((k) => k.isa === v.isa && k.lanes === 'pixel' && k.noc === v.noc && k.npg === v.npg);
  if (i < 0) throw new Error(`no SIMD128 pixel-lane GEMM kernel for the Winograd tile ${v.noc}x${v.npix}`);
  return i;
};
const gemmShipped = gks.map((k, i) => gvs.some((v) => gemmKernelOf(v) === i && gemmInProduct(v, gvs)));
const gs = [HEADER];
gs.push(`// GEMM micro-kernels, one per tile of tools/conv-variants.mjs GEMM_TILES, GEMM_DOT8_TILES, GEMMC_TILES and`);
gs.push(
  `// GEMMC_DOT8_TILES (Winograd's GEMM_PAIRS_TILES run the pixel-lane SIMD128 ones). See tools/gen-conv-kernels.mjs`,
);
gs.push(`// for the packed layouts they read.\n`);
for (const v of gks) gs.push(gemmKernel(v) + '\n');
gs.push(`/** Runs GEMM kernel \`id\` (GEMM_KERNELS / WINOGRAD_KERNELS id). */`);
gs.push(`export function gemmRun(`);
gs.push(
  `  id: i32, b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32, gstep: i32,`,
);
gs.push(`): void {`);
gs.push(`  switch (id) {`);
gks.forEach((v, i) =>
  gs.push(dispatchCase(i, `${v.name}(b, groups, kbn, w, init, rows, stride, bstep, gstep)`, gemmShipped[i])),
);
gs.push(`    default: unreachable();`);
gs.push(`  }`);
gs.push(`}`);
mkdirSync(join(root, 'assembly', 'gemm'), { recursive: true });
writeFileSync(join(root, 'assembly', 'gemm', 'generated.ts'), gs.join('\n') + '\n');

/**
 * First-layer pair row kernel: one output row of the tile. x: the packed row of filter row 0 (i16 values of the
 * padded row, channels interleaved per column, pair m at byte 4m); pixel j of the row starts at pair j * ps; the
 * weights hold, per filter row kh and pair m, one 16-byte vector per block: i16 [w(o, 2m), w(o, 2m + 1)] for the
 * block's 4 channels o (the value index k = column * IC + channel; past FW * IC: 0).
 */
function firstPairsRow(v) {
  const { nb, npix, ps } = v;
  const L = [];
  L.push(`export function ${v.name}(`);
  L.push(`  x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,`);
  L.push(`  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,`);
  L.push(`): void {`);
  for (let b = 0; b < nb; b++) L.push(`  const init${b} = v128.load(init, ${b * 16});`);
  L.push(`  const owPad = ((ow + ${npix - 1}) / ${npix}) * ${npix};`);
  L.push(`  const row16 = owPad * 16; // scratch: [block][pixel] vectors of the whole row`);
  L.push(`  for (let ow0: i32 = 0; ow0 < ow; ow0 += ${npix}) {`);
  L.push(`    const sp = scratch + <usize>(ow0 * 16);`);
  for (let b = 0; b < nb; b++) for (let j = 0; j < npix; j++) L.push(`    let a${b}_${j} = init${b};`);
  L.push(`    let wp = w;`);
  L.push(`    let rp = x + <usize>(ow0 * ${ps * 4});`);
  L.push(`    for (let kh: i32 = 0; kh < fh; kh++) {`);
  L.push(`      let xp = rp;`);
  L.push(`      for (let m: i32 = 0; m < taps; m++) {`);
  for (let b = 0; b < nb; b++) L.push(`        const w${b} = v128.load(wp, ${b * 16});`);
  for (let j = 0; j < npix; j++) {
    L.push(`        const p${j} = v128.load32_splat(xp, ${j * ps * 4});`);
    for (let b = 0; b < nb; b++) L.push(`        a${b}_${j} = i32x4.add(a${b}_${j}, i32x4.dot_i16x8_s(w${b}, p${j}));`);
  }
  L.push(`        wp += ${nb * 16};`);
  L.push(`        xp += 4;`);
  L.push(`      }`);
  L.push(`      rp += <usize>rowBytes;`);
  L.push(`    }`);
  for (let b = 0; b < nb; b++)
    for (let j = 0; j < npix; j++) L.push(`    v128.store(sp + <usize>(${b} * row16 + ${j * 16}), a${b}_${j});`);
  L.push(`  }`);
  L.push(`  finishTile(ctx, scratch, ${nb}, owPad, ch, oc0, nch, pixRow, ow, dst, bias);`);
  L.push(`}`);
  return L.join('\n');
}
{
  const fv = firstPairsVariants();
  const out = [
    HEADER,
    `// First-layer pair row kernels (tools/conv-variants.mjs firstPairsVariants; assembly/conv-first/task.ts runs them).`,
    `import { finishTile } from '../common/finish';`,
    '',
  ];
  for (const v of fv) out.push(firstPairsRow(v), '');
  out.push(
    '/** Runs first-layer pair row kernel `id` (its FIRST_PAIRS_KERNELS id, which the host writes into the ctx). */',
  );
  out.push('export function firstPairsRow(');
  out.push(
    '  id: i32, x: usize, rowBytes: i32, fh: i32, taps: i32, w: usize, init: usize, ctx: usize, scratch: usize,',
  );
  out.push('  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,');
  out.push('): void {');
  out.push('  switch (id) {');
  fv.forEach((v, i) =>
    out.push(
      `    case ${i}: ${v.name}(x, rowBytes, fh, taps, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;`,
    ),
  );
  out.push('    default: unreachable();');
  out.push('  }');
  out.push('}', '');
  mkdirSync(join(root, 'assembly', 'conv-first'), { recursive: true });
  writeFileSync(join(root, 'assembly', 'conv-first', 'generated.ts'), out.join('\n'));
}

const ctx = [HEADER, '// Byte offsets of the conv context record fields (tools/conv-variants.mjs CTX_FIELDS).'];
CTX_FIELDS.forEach(([name, type, doc], i) =>
  ctx.push(`/** ${type}${doc ? ': ' + doc : ''} */\nexport const CTX_${name.toUpperCase()}: i32 = ${i * 4};`),
);
ctx.push(`export const CTX_BYTES: i32 = ${CTX_FIELDS.length * 4};`);
mkdirSync(join(root, 'assembly', 'common'), { recursive: true });
writeFileSync(join(root, 'assembly', 'common', 'ctx.ts'), ctx.join('\n') + '\n');

const ts = [HEADER];
ts.push(`/** One NCHW44 dot micro-kernel variant; \`id\` is its index, passed to the wasm row dispatcher. */`);
ts.push(
  `export interface KernelVariant {\n  id: number;\n  name: string;\n  family: 'conv-nchw44-dot';\n  fw: number;\n  stride: number;\n  /** output-channel blocks of 4 per tile */\n  nb: number;\n  /** output pixels per tile */\n  npix: number;\n  role: 'main' | 'tail' | 'alt';\n  /** filter rows unrolled in one trip of the input-channel loop (1: a runtime row loop) */\n  unrolledRows: number;\n  /** one filter tap per trip of the innermost loop */\n  tapLoop: boolean;\n  isa: 'wasmsimd' | 'wasmrelaxedsimd' | 'wasmrelaxeddot';\n  /** main tiles: the engine tile set it is chosen for (null: every engine; tools/conv-variants.mjs TILES) */\n  tileSet: 'narrow' | 'wide' | null;\n  /** SIMD128 weights packed as int8 and sign-extended as loaded (half the bytes of the i16 tiles) */\n  w8: boolean;\n  /** the row's last OW % npix pixels run a narrower copy of the body (no padded pixels computed) */\n  rem: boolean;\n  /** in the lab build only (not shipped): forced by name on a lab runtime (tests, benchmarks) */\n  lab: boolean;\n}`,
);
ts.push(`export const KERNELS: readonly KernelVariant[] = [`);
vs.forEach((v, i) =>
  ts.push(
    `  { id: ${i}, name: '${v.name}', family: 'conv-nchw44-dot', fw: ${v.fw}, stride: ${v.stride}, nb: ${v.nb}, npix: ${v.npix}, role: '${v.role}', unrolledRows: ${v.tapLoop ? 0 : v.fw <= UNROLL_KH_MAX ? v.fw : 1}, tapLoop: ${!!v.tapLoop}, isa: '${v.isa}', tileSet: ${v.tileSet ? `'${v.tileSet}'` : 'null'}, w8: ${v.w8}, rem: ${!!v.rem}, lab: ${!convInProduct(v)} },`,
  ),
);
ts.push(`];\n`);
ts.push(`/** One GEMM micro-kernel variant (assembly/gemm/generated.ts); \`id\` is its index, passed to gemmRun. */`);
ts.push(
  `export interface GemmKernelVariant {\n  id: number;\n  name: string;\n  family: 'gemm';\n  /** 'pixel': an accumulator is 4 pixels of one channel; 'channel': 4 channels of one pixel */\n  lanes: 'pixel' | 'channel';\n  /** output channels per micro-tile */\n  noc: number;\n  /** pixel-lane: groups of 4 pixels per micro-tile (0 for channel-lane) */\n  npg: number;\n  /** channel-lane: blocks of 4 output channels (0 for pixel-lane) */\n  nb: number;\n  /** pixels per micro-tile */\n  npix: number;\n  role: 'main' | 'tail' | 'alt';\n  isa: 'wasmsimd' | 'wasmrelaxeddot';\n  /** SIMD128 pixel-lane main and tail tiles: the engine tile set they are chosen for (null: every engine) */\n  tileSet: 'narrow' | 'wide' | null;\n  /** in the lab build only (not shipped): forced by name on a lab runtime (tests, benchmarks) */\n  lab: boolean;\n}`,
);
ts.push(`export const GEMM_KERNELS: readonly GemmKernelVariant[] = [`);
gks.forEach((v, i) =>
  ts.push(
    `  { id: ${i}, name: '${v.name}', family: 'gemm', lanes: '${v.lanes}', noc: ${v.noc}, npg: ${v.npg}, nb: ${v.nb}, npix: ${v.npix}, role: '${v.role}', isa: '${v.isa}', tileSet: ${v.tileSet ? `'${v.tileSet}'` : 'null'}, lab: ${!gemmShipped[i]} },`,
  ),
);
ts.push(`];\n`);
ts.push(
  `/**\n * The Winograd F(2, 3) algorithm's position GEMMs (src/algos/winograd.ts): pixel-lane SIMD128 GEMM micro-kernels (the\n * 1x1 GEMM's, assembly/gemm/generated.ts gemm_s8_*__wasmsimd), with their roles there; \`id\` is the index gemmRun takes.\n */`,
);
ts.push(
  `export interface WinogradKernelVariant {\n  id: number;\n  name: string;\n  family: 'winograd';\n  /** output channels per micro-tile */\n  noc: number;\n  /** groups of 4 Winograd tiles per micro-tile */\n  npg: number;\n  /** Winograd tiles per micro-tile */\n  npix: number;\n  role: 'main' | 'alt';\n  isa: 'wasmsimd';\n  /** main tiles: the engine tile set it is chosen for (features.simdTiles) */\n  tileSet: 'narrow' | 'wide' | null;\n  /** main tiles: the filter sizes it is chosen for */\n  filters: readonly number[];\n  /** in the lab build only (not shipped): forced by name on a lab runtime (tests, benchmarks) */\n  lab: boolean;\n}`,
);
ts.push(`export const WINOGRAD_KERNELS: readonly WinogradKernelVariant[] = [`);
gvs.forEach((v) => {
  if (v.weights !== 'pairs') return;
  const i = gemmKernelOf(v);
  ts.push(
    `  { id: ${i}, name: '${gks[i].name}', family: 'winograd', noc: ${v.noc}, npg: ${v.npg}, npix: ${v.npix}, role: '${v.role}', isa: '${v.isa}', tileSet: ${v.tileSet ? `'${v.tileSet}'` : 'null'}, filters: [${v.filters.join(', ')}], lab: ${!gemmShipped[i]} },`,
  );
});
ts.push(`];\n`);
ts.push(
  `/** The channel-wise kernels (assembly/chanwise/task.ts): one per isa; \`mode\` is the context record's \`relaxed\`. */`,
);
ts.push(
  `export interface ChanwiseKernelVariant {\n  name: string;\n  family: 'chanwise';\n  fn: 'chanwiseTask';\n  mode: 0 | 2;\n  isa: 'wasmsimd' | 'wasmrelaxeddot';\n}`,
);
ts.push(`export const CHANWISE_KERNELS: readonly ChanwiseKernelVariant[] = [`);
chanwiseVariants().forEach((v) =>
  ts.push(`  { name: '${v.name}', family: 'chanwise', fn: '${v.fn}', mode: ${v.mode}, isa: '${v.isa}' },`),
);
ts.push(`];\n`);
ts.push(`/** The NCHW direct dot kernels (assembly/conv-nchw-dot/task.ts): one per filter width, stride and isa. */`);
ts.push(
  `export interface NchwDotKernelVariant {\n  name: string;\n  family: 'conv-nchw-dot';\n  fn: 'nchwDotConv';\n  fw: number;\n  stride: number;\n  mode: 0 | 2;\n  isa: 'wasmsimd' | 'wasmrelaxeddot';\n}`,
);
ts.push(`export const NCHW_DOT_KERNELS: readonly NchwDotKernelVariant[] = [`);
nchwDotVariants().forEach((v) =>
  ts.push(
    `  { name: '${v.name}', family: 'conv-nchw-dot', fn: '${v.fn}', fw: ${v.fw}, stride: ${v.stride}, mode: ${v.mode}, isa: '${v.isa}' },`,
  ),
);
ts.push(`];\n`);
ts.push(`/** The first-layer pair row kernels (assembly/conv-first/generated.ts); \`id\` is the dispatcher case. */`);
ts.push(
  `export interface FirstPairsKernelVariant {\n  id: number;\n  name: string;\n  family: 'first-pairs';\n  /** blocks of 4 output channels per tile */\n  nb: number;\n  npix: number;\n  /** i16 pairs between two output pixels */\n  ps: number;\n  isa: 'wasmsimd';\n}`,
);
ts.push(`export const FIRST_PAIRS_KERNELS: readonly FirstPairsKernelVariant[] = [`);
firstPairsVariants().forEach((v, i) =>
  ts.push(
    `  { id: ${i}, name: '${v.name}', family: 'first-pairs', nb: ${v.nb}, npix: ${v.npix}, ps: ${v.ps}, isa: 'wasmsimd' },`,
  ),
);
ts.push(`];\n`);
ts.push(`/** The scalar kernel of the naive algorithm (assembly/naive/task.ts). */`);
ts.push(
  `export interface NaiveKernelVariant {\n  name: string;\n  family: 'naive';\n  fn: 'naiveConvTask';\n  isa: 'scalar';\n}`,
);
ts.push(`export const NAIVE_KERNELS: readonly NaiveKernelVariant[] = [`);
naiveVariants().forEach((v) => ts.push(`  { name: '${v.name}', family: 'naive', fn: '${v.fn}', isa: '${v.isa}' },`));
ts.push(`];\n`);
ts.push(`/** Conv context record layout (byte offsets), shared with assembly/common/ctx.ts. */`);
ts.push(`export const CTX = {`);
CTX_FIELDS.forEach(([name], i) => ts.push(`  ${name}: ${i * 4},`));
ts.push(`} as const;`);
ts.push(`export const CTX_BYTES = ${CTX_FIELDS.length * 4};`);
ts.push(
  `export const CTX_FLOAT_FIELDS: ReadonlySet<string> = new Set([${CTX_FIELDS.filter((f) => f[1] === 'f32')
    .map((f) => `'${f[0]}'`)
    .join(', ')}]);`,
);
mkdirSync(join(root, 'src', 'algos'), { recursive: true });
writeFileSync(join(root, 'src', 'algos', 'kernel-table.generated.ts'), ts.join('\n') + '\n');
console.log(`generated ${vs.length} conv row kernels, ${gks.length} GEMM kernels`);
