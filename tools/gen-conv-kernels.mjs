// Generates the NCHW44 dot micro-kernels and the host's kernel table from tools/conv-variants.mjs.
// Usage: node tools/gen-conv-kernels.mjs [outRoot]   (outRoot defaults to the repository root)
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { variants, gemmVariants, CTX_FIELDS, UNROLL_KH_MAX } from './conv-variants.mjs';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const HEADER = '// generated from tools/conv-variants.mjs by tools/gen-conv-kernels.mjs; do not edit\n';

/**
 * One variant = one "row kernel": it produces `ow` output pixels of one output row for nb*4 output channels.
 * Packed input (per channel block, per row): iwp pixels x 32 bytes.
 *   wasmsimd:        pixel = i16 [x0,x1]x4 | [x2,x3]x4;  weights per (ib, kh, kw, block) = i16 [w(o,0),w(o,1)]
 *                    for o < 4 | [w(o,2),w(o,3)] for o < 4;  dot(W01, P01) + dot(W23, P23) = 4 oc x 4 ic.
 *   wasmrelaxedsimd: u = x + 128; pixel = u8 [u & 127 of c0..c3] x 4 | [u >> 7 of c0..c3] x 4 (both in [0, 127],
 *                    where relaxed dot is exact on every engine); weights = the int8 4x4 block [o][i].
 */
function rowKernel(v) {
  const { fw, stride: s, nb, npix } = v;
  const relaxed = v.isa === 'wasmrelaxedsimd';
  const wBytes = relaxed ? 16 : 32; // per (kw, block): int8 4x4 | two i16 pair vectors
  const L = [];
  L.push(`export function ${v.name}(`);
  L.push(`  x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,`);
  L.push(`  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,`);
  L.push(`): void {`);
  if (relaxed) L.push(`  if (!ASC_FEATURE_RELAXED_SIMD) unreachable(); else {`);
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
  L.push(`    let xb = x + <usize>(ow0 * ${s * 32});`);
  L.push(`    let wp = w;`);
  L.push(`    for (let ib: i32 = 0; ib < icb; ib++) {`);
  L.push(`      let xr = xb;`);
  if (v.tapLoop) {
    // one filter tap per loop trip (see TILES in tools/conv-variants.mjs: V8 emits a block's loads first)
    L.push(`      for (let kh: i32 = 0; kh < fh; kh++) {`);
    L.push(`        let xt = xr;`);
    L.push(`        for (let kw: i32 = 0; kw < ${fw}; kw++) {`);
    for (let b = 0; b < nb; b++) {
      L.push(`          const w${b}l = v128.load(wp, ${b * 32});`);
      L.push(`          const w${b}h = v128.load(wp, ${b * 32 + 16});`);
    }
    for (let j = 0; j < npix; j++) {
      L.push(`          const p${j}l = v128.load(xt, ${j * s * 32});`);
      L.push(`          const p${j}h = v128.load(xt, ${j * s * 32 + 16});`);
      for (let b = 0; b < nb; b++) {
        L.push(`          a${b}_${j} = i32x4.add(a${b}_${j}, i32x4.dot_i16x8_s(w${b}l, p${j}l));`);
        L.push(`          a${b}_${j} = i32x4.add(a${b}_${j}, i32x4.dot_i16x8_s(w${b}h, p${j}h));`);
      }
    }
    L.push(`          wp += ${nb * wBytes};`);
    L.push(`          xt += 32;`);
    L.push(`        }`);
    L.push(`        xr += xRowStride;`);
    L.push(`      }`);
    L.push(`      xb += xBlockStride;`);
    L.push(`    }`);
    return finishRowKernel(L, v);
  }
  // Small square filters unroll the filter rows too (fh == fw), so one loop trip does FW*FW taps.
  const unrollKh = fw <= UNROLL_KH_MAX;
  const rows = unrollKh ? fw : 1;
  if (!unrollKh) L.push(`      for (let kh: i32 = 0; kh < fh; kh++) {`);
  const ind = unrollKh ? '      ' : '        ';
  for (let kh = 0; kh < rows; kh++) {
    for (let kw = 0; kw < fw; kw++) {
      const tap = kh * fw + kw;
      L.push(`${ind}{`);
      for (let b = 0; b < nb; b++) {
        if (relaxed) L.push(`${ind}  const w${b} = v128.load(wp, ${(tap * nb + b) * 16});`);
        else {
          L.push(`${ind}  const w${b}l = v128.load(wp, ${(tap * nb + b) * 32});`);
          L.push(`${ind}  const w${b}h = v128.load(wp, ${(tap * nb + b) * 32 + 16});`);
        }
      }
      for (let j = 0; j < npix; j++) {
        const off = (j * s + kw) * 32;
        L.push(`${ind}  const p${j}l = v128.load(xr, ${off});`);
        L.push(`${ind}  const p${j}h = v128.load(xr, ${off + 16});`);
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
      L.push(`${ind}}`);
    }
    if (unrollKh && kh < rows - 1) L.push(`${ind}xr += xRowStride;`);
  }
  if (unrollKh) {
    L.push(`      wp += ${fw * fw * nb * wBytes};`);
  } else {
    L.push(`        wp += wStep;`);
    L.push(`        xr += xRowStride;`);
    L.push(`      }`);
  }
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
  if (relaxed) L.push(`  }`);
  L.push(`}`);
  return L.join('\n');
}

const vs = variants();
const as = [];
as.push(HEADER);
as.push(`// NCHW44 dot row kernels, one per (filter width, stride, tile). See tools/gen-conv-kernels.mjs for the packed`);
as.push(`// layouts they read. The accumulators of the whole row are stored to \`scratch\` ([block][pixel]) and finished`);
as.push(`// (bias, activation, requantization, store of the valid pixels only) by one finishTile call.`);
as.push(`import { finishTile } from '../common/finish';\n`);
for (const v of vs) as.push(rowKernel(v) + '\n');
as.push(`/** Runs row kernel \`id\` (index in the kernel table). */`);
as.push(`export function convNchw44DotRow(`);
as.push(`  id: i32, x: usize, xBlockStride: i32, xRowStride: i32, icb: i32, fh: i32, w: usize, init: usize, ctx: usize, scratch: usize,`);
as.push(`  ch: i32, oc0: i32, nch: i32, pixRow: i32, ow: i32, dst: usize, bias: usize,`);
as.push(`): void {`);
as.push(`  switch (id) {`);
vs.forEach((v, i) => {
  as.push(`    case ${i}: ${v.name}(x, xBlockStride, xRowStride, icb, fh, w, init, ctx, scratch, ch, oc0, nch, pixRow, ow, dst, bias); break;`);
});
as.push(`    default: unreachable();`);
as.push(`  }`);
as.push(`}`);
mkdirSync(join(root, 'assembly', 'conv-nchw44-dot'), { recursive: true });
writeFileSync(join(root, 'assembly', 'conv-nchw44-dot', 'generated.ts'), as.join('\n') + '\n');

/**
 * GEMM micro-kernel: `groups` micro-tiles of npg * 4 consecutive output pixels for noc output channels. Operands
 * (both i16, v = xs - zp, 32 bytes per 4 k values):
 *   B panel [group][kb][j < npg]: [v(p0,k0), v(p0,k1), v(p1,k0), v(p1,k1), v(p2,k0), ..., v(p3,k1)] |
 *                                 the same for k2, k3            (pixels p0..p3 = pixel group j of the group)
 *   W tile  [kb][o < noc]:        [w(o,k0), w(o,k1)] x 4 | [w(o,k2), w(o,k3)] x 4
 *   dot(W01, B01) + dot(W23, B23) = 4 pixels x 4 k values of channel o.
 * Accumulators go to `rows` ([channel o][pixel], i32, `stride` bytes per channel row) for finishRows. `bstep`:
 * bytes per K step in the panel (the panel's own npg * 32: a 1-group kernel can run the last group of a wider panel).
 */
function gemmKernel(v) {
  const { noc, npg } = v;
  const L = [];
  L.push(`export function ${v.name}(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32): void {`);
  for (let o = 0; o < noc; o++) L.push(`  const init${o} = v128.load32_splat(init, ${o * 4});`);
  L.push(`  let xp = b;`);
  L.push(`  for (let g: i32 = 0; g < groups; g++) {`);
  for (let o = 0; o < noc; o++) for (let j = 0; j < npg; j++) L.push(`    let a${o}_${j} = init${o};`);
  L.push(`    let wp = w;`);
  L.push(`    for (let k: i32 = 0; k < kbn; k++) {`);
  for (let o = 0; o < noc; o++) {
    L.push(`      const w${o}l = v128.load(wp, ${o * 32});`);
    L.push(`      const w${o}h = v128.load(wp, ${o * 32 + 16});`);
  }
  for (let j = 0; j < npg; j++) {
    L.push(`      const p${j}l = v128.load(xp, ${j * 32});`);
    L.push(`      const p${j}h = v128.load(xp, ${j * 32 + 16});`);
    for (let o = 0; o < noc; o++) {
      L.push(`      a${o}_${j} = i32x4.add(a${o}_${j}, i32x4.dot_i16x8_s(w${o}l, p${j}l));`);
      L.push(`      a${o}_${j} = i32x4.add(a${o}_${j}, i32x4.dot_i16x8_s(w${o}h, p${j}h));`);
    }
  }
  L.push(`      wp += ${noc * 32};`);
  L.push(`      xp += <usize>bstep;`);
  L.push(`    }`);
  L.push(`    const rp = rows + <usize>(g * ${npg * 16});`);
  for (let o = 0; o < noc; o++) for (let j = 0; j < npg; j++) L.push(`    v128.store(rp + <usize>(${o ? `${o} * stride + ` : ''}${j * 16}), a${o}_${j});`);
  L.push(`  }`);
  L.push(`}`);
  return L.join('\n');
}

/**
 * Channel-lane GEMM micro-kernel: `groups` micro-tiles of npix pixels for nb blocks of 4 output channels.
 *   B panel [group][kb][j < npix]: i16 [v(k0), v(k1)] x 4 | [v(k2), v(k3)] x 4 for pixel j   (32 bytes)
 *   W tile  [kb][b < nb]:          i16 [w(o,k0), w(o,k1)] for o < 4 | [w(o,k2), w(o,k3)] for o < 4
 * Accumulators (4 channels of one pixel) go to `rows` as [block][pixel] (`stride` bytes per block) for finishTile.
 */
function gemmcKernel(v) {
  const { nb, npix } = v;
  const L = [];
  L.push(`export function ${v.name}(b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32): void {`);
  for (let q = 0; q < nb; q++) L.push(`  const init${q} = v128.load(init, ${q * 16});`);
  L.push(`  let xp = b;`);
  L.push(`  for (let g: i32 = 0; g < groups; g++) {`);
  for (let q = 0; q < nb; q++) for (let j = 0; j < npix; j++) L.push(`    let a${q}_${j} = init${q};`);
  L.push(`    let wp = w;`);
  L.push(`    for (let k: i32 = 0; k < kbn; k++) {`);
  for (let q = 0; q < nb; q++) {
    L.push(`      const w${q}l = v128.load(wp, ${q * 32});`);
    L.push(`      const w${q}h = v128.load(wp, ${q * 32 + 16});`);
  }
  for (let j = 0; j < npix; j++) {
    L.push(`      const p${j}l = v128.load(xp, ${j * 32});`);
    L.push(`      const p${j}h = v128.load(xp, ${j * 32 + 16});`);
    for (let q = 0; q < nb; q++) {
      L.push(`      a${q}_${j} = i32x4.add(a${q}_${j}, i32x4.dot_i16x8_s(w${q}l, p${j}l));`);
      L.push(`      a${q}_${j} = i32x4.add(a${q}_${j}, i32x4.dot_i16x8_s(w${q}h, p${j}h));`);
    }
  }
  L.push(`      wp += ${nb * 32};`);
  L.push(`      xp += <usize>bstep;`);
  L.push(`    }`);
  L.push(`    const rp = rows + <usize>(g * ${npix * 16});`);
  for (let q = 0; q < nb; q++) for (let j = 0; j < npix; j++) L.push(`    v128.store(rp + <usize>(${q ? `${q} * stride + ` : ''}${j * 16}), a${q}_${j});`);
  L.push(`  }`);
  L.push(`}`);
  return L.join('\n');
}

const gvs = gemmVariants();
const gs = [HEADER];
gs.push(`// GEMM micro-kernels, one per tile of tools/conv-variants.mjs GEMM_TILES. See tools/gen-conv-kernels.mjs for the`);
gs.push(`// packed layouts they read.\n`);
for (const v of gvs) gs.push((v.lanes === 'channel' ? gemmcKernel(v) : gemmKernel(v)) + '\n');
gs.push(`/** Runs GEMM kernel \`id\` (index in GEMM_KERNELS). */`);
gs.push(`export function gemmRun(`);
gs.push(`  id: i32, b: usize, groups: i32, kbn: i32, w: usize, init: usize, rows: usize, stride: i32, bstep: i32,`);
gs.push(`): void {`);
gs.push(`  switch (id) {`);
gvs.forEach((v, i) => gs.push(`    case ${i}: ${v.name}(b, groups, kbn, w, init, rows, stride, bstep); break;`));
gs.push(`    default: unreachable();`);
gs.push(`  }`);
gs.push(`}`);
mkdirSync(join(root, 'assembly', 'gemm'), { recursive: true });
writeFileSync(join(root, 'assembly', 'gemm', 'generated.ts'), gs.join('\n') + '\n');

const ctx = [HEADER, '// Byte offsets of the conv context record fields (tools/conv-variants.mjs CTX_FIELDS).'];
CTX_FIELDS.forEach(([name, type, doc], i) => ctx.push(`/** ${type}${doc ? ': ' + doc : ''} */\nexport const CTX_${name.toUpperCase()}: i32 = ${i * 4};`));
ctx.push(`export const CTX_BYTES: i32 = ${CTX_FIELDS.length * 4};`);
mkdirSync(join(root, 'assembly', 'common'), { recursive: true });
writeFileSync(join(root, 'assembly', 'common', 'ctx.ts'), ctx.join('\n') + '\n');

const ts = [HEADER];
ts.push(`/** One NCHW44 dot micro-kernel variant; \`id\` is its index, passed to the wasm row dispatcher. */`);
ts.push(`export interface KernelVariant {\n  id: number;\n  name: string;\n  family: 'conv-nchw44-dot';\n  fw: number;\n  stride: number;\n  /** output-channel blocks of 4 per tile */\n  nb: number;\n  /** output pixels per tile */\n  npix: number;\n  role: 'main' | 'tail' | 'alt';\n  /** filter rows unrolled in one trip of the input-channel loop (1: a runtime row loop) */\n  unrolledRows: number;\n  /** one filter tap per trip of the innermost loop */\n  tapLoop: boolean;\n  isa: 'wasmsimd' | 'wasmrelaxedsimd';\n}`);
ts.push(`export const KERNELS: readonly KernelVariant[] = [`);
vs.forEach((v, i) => ts.push(`  { id: ${i}, name: '${v.name}', family: 'conv-nchw44-dot', fw: ${v.fw}, stride: ${v.stride}, nb: ${v.nb}, npix: ${v.npix}, role: '${v.role}', unrolledRows: ${v.tapLoop ? 0 : v.fw <= UNROLL_KH_MAX ? v.fw : 1}, tapLoop: ${!!v.tapLoop}, isa: '${v.isa}' },`));
ts.push(`];\n`);
ts.push(`/** One GEMM micro-kernel variant (assembly/gemm/generated.ts); \`id\` is its index, passed to gemmRun. */`);
ts.push(`export interface GemmKernelVariant {\n  id: number;\n  name: string;\n  family: 'gemm';\n  /** 'pixel': an accumulator is 4 pixels of one channel; 'channel': 4 channels of one pixel */\n  lanes: 'pixel' | 'channel';\n  /** output channels per micro-tile */\n  noc: number;\n  /** pixel-lane: groups of 4 pixels per micro-tile (0 for channel-lane) */\n  npg: number;\n  /** channel-lane: blocks of 4 output channels (0 for pixel-lane) */\n  nb: number;\n  /** pixels per micro-tile */\n  npix: number;\n  role: 'main' | 'tail' | 'alt';\n  isa: 'wasmsimd';\n}`);
ts.push(`export const GEMM_KERNELS: readonly GemmKernelVariant[] = [`);
gvs.forEach((v, i) => ts.push(`  { id: ${i}, name: '${v.name}', family: 'gemm', lanes: '${v.lanes}', noc: ${v.noc}, npg: ${v.npg}, nb: ${v.nb}, npix: ${v.npix}, role: '${v.role}', isa: '${v.isa}' },`));
ts.push(`];\n`);
ts.push(`/** Conv context record layout (byte offsets), shared with assembly/common/ctx.ts. */`);
ts.push(`export const CTX = {`);
CTX_FIELDS.forEach(([name], i) => ts.push(`  ${name}: ${i * 4},`));
ts.push(`} as const;`);
ts.push(`export const CTX_BYTES = ${CTX_FIELDS.length * 4};`);
ts.push(`export const CTX_FLOAT_FIELDS: ReadonlySet<string> = new Set([${CTX_FIELDS.filter((f) => f[1] === 'f32').map((f) => `'${f[0]}'`).join(', ')}]);`);
mkdirSync(join(root, 'src', 'algos'), { recursive: true });
writeFileSync(join(root, 'src', 'algos', 'kernel-table.generated.ts'), ts.join('\n') + '\n');
console.log(`generated ${vs.length} conv row kernels, ${gvs.length} GEMM kernels`);
