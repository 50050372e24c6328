/// <reference types="@webgpu/types" />
/**
 * Kernel-stage ablations (a tuning aid, not part of the suite): for a few shapes and variants, times the
 * generated kernel as is and with one stage left out (global input loads, weight loads/dequantization, the
 * multiply-adds, the barriers), on the same buffers. The differences say where the time goes; outputs of the
 * ablated kernels are wrong by construction and are not checked.
 *
 * Usage: node dist-bench/bench/gpu/ablate.js [--reps N] [--only CASE|CASE] [--abl NAME,NAME] [--set ATTR=JSON,...]
 *   --set: also times each variant regenerated with those variant-table attributes (pseudo-ablation 'set1'; groups
 *   separated by ';' give set1, set2, ...)
 */
import { createNodeDevice } from '../../fixtures/gpu/node-device.js';
import { createGpuRuntime, heat, median, timeDispatch, generateWgsl, findVariant } from '../../src/gpu/index.js';
import { VARIANTS } from '../../src/gpu/variants.js';
import { syntheticSetup } from './synthetic.js';
import { args, arg, picked } from './cli.js';

const reps = Number(arg('--reps') ?? 30);

/** Whether generated code `c` has quantized weights (ablations of the decode leave float kernels alone). */
const quantized = (c: string) => /fn u[48]r\(/.test(c);

/** code transforms; false (or the code unchanged): not applicable */
const ABLATIONS: Record<string, (code: string) => string | false> = {
  base: (c) => c,
  // weights as a flat u32 array (one scalar load for a raw word, no component pick)
  flatW: (c) =>
    quantized(c) &&
    !/W\[(?!wi >> 2u\]|t\]\[i\])/.test(c) &&
    c
      .replace('var<storage, read> W: array<vec4<u32>>;', 'var<storage, read> W: array<u32>;')
      .replace('return W[wi >> 2u][wi & 3u];', 'return W[wi];')
      .replace(
        'fn wraw(t: u32, i: u32) -> u32 { return W[t][i]; }',
        'fn wraw(t: u32, i: u32) -> u32 { return W[t * 4u + i]; }',
      ),
  // mm: a row not loaded is zeroed at the load (the raw zero word), so the store decodes without a flag
  zeroLoad: (c) =>
    c
      .replace(/if \(rbv(\d+)\) \{ rbw(\d+) = wraw\(([^;]*)\); \}/g, 'rbw$2 = WZ; if (rbv$1) { rbw$2 = wraw($3); }')
      .replace(/var w = vec4<f32>\(0\.0\); if \(rbv(\d+)\) \{ w = (wdec\(rbw\d+, e % 4u\)); \}/g, 'let w = $2;')
      .replace(/wdec\(select\(WZ, rbw(\d+), rbv\d+\), e % 4u\)/g, 'wdec(rbw$1, e % 4u)'),
  zeroFlat: (c) => {
    const z = ABLATIONS.zeroLoad(c) as string;
    return (ABLATIONS.flatW(z) as string | false) || false;
  },
  // mm: loads without branches (the index of a load that is off is 0, the value then selected away), so that no
  // load sits in a conditional block; bflAll: and the next step's loads are issued on the last step too
  bfl: (c) =>
    c
      .replace(
        /var x = 0\.0; if \(([^)]*)\) \{ x = xs\(([^;]*)\); \} (ra\d+_\d+) = x;/g,
        '$3 = select(0.0, xs(select(0u, $2, $1)), $1);',
      )
      .replace(
        /if \(rbv(\d+)\) \{ rbw(\d+) = wraw\(([^,]*), k % 4u\); \}/g,
        'rbw$2 = wraw(select(0u, $3, rbv$1), k % 4u);',
      )
      .replace(
        /var w = vec4<f32>\(0\.0\);\n\s*if \(([^)]*)\) \{ w = wu\(([^,]*), k % 4u\); \}\n\s*(rb\d+) = w;/g,
        '$3 = select(vec4<f32>(0.0), wu(select(0u, $2, $1), k % 4u), $1);',
      ),
  bflAll: (c) =>
    (ABLATIONS.bfl(c) as string).replace(/if \((more|st \+ 1u < NSTEP)\) \{(\n\s*\{ let sidx)/g, 'if (true) {$2'),
  // single-buffered mm, per-channel scales: the row flag as a branch around the decode (as the double-buffered
  // and block-wise stores have it) instead of a select of the raw zero word
  brSb: (c) =>
    c.replace(
      /\{ let e = lg \+ (\d+)u; (sm\[[^\]]*\]) = wdec\(select\(WZ, rbw(\d+), rbv\d+\), e % 4u\); \}/g,
      '{ let e = lg + $1u; var w = vec4<f32>(0.0); if (rbv$3) { w = wdec(rbw$3, e % 4u); } $2 = w; }',
    ),
  // mm with block-wise scales: each weight row keeps the index of its raw scale in a register instead of the scale
  // (a vec4), and reads the scale at the decode
  lateBs: (c) =>
    quantized(c) &&
    /rbs\d+ = SO\[si\];/.test(c) &&
    c
      .replace(/var rbs(\d+) = vec4<f32>\(0\.0\);/g, 'var rbs$1 = 0u;')
      .replace(/rbs(\d+) = SO\[si\];/g, 'rbs$1 = si;')
      .replace(/dscv\(rbs(\d+)\)/g, 'dscv(SO[rbs$1])')
      .replace(/dofv\(rbs(\d+), /g, 'dofv(SO[rbs$1], '),
  // double-buffered mm: the next step's stores not in the \`more\` branch (on the last step they write the idle
  // buffer, which nothing reads), as the single-buffered loop has them; dbUncondSel: and a select for the row flag
  dbUncond: (c) => c.replace(/if \(more\) \{(\n\s*\{ (?:let k = |let e = ))/g, 'if (true) {$1'),
  dbUncondSel: (c) => (ABLATIONS.selDb(ABLATIONS.dbUncond(c) as string) as string | false) || false,
  noA: (c) =>
    c
      .replace(/x = xs\(off \+ ic \* IHW\);/g, 'x = f32(ic + off);')
      .replace(/ra(\d+) = aval\(([^;]*)\);/g, 'ra$1 = f32(m0 + ml);'),
  noB: (c) =>
    c
      .replace(/w = deq\([^;]*\);/g, 'w = vec4<f32>(f32(ocb + icb));')
      .replace(/rb(\d+) = deq\([^;]*\);/g, 'rb$1 = vec4<f32>(f32(kb));'),
  noFma: (c) =>
    c.replace(/ {6}c(\d+)_(\d+) = fma\(vec4<f32>\(av\d+\[\d\]\), bv\d+, c\d+_\d+\);\n/g, (m, q, j) =>
      q === '0' && j === '0' ? '      c0_0 = fma(av0, bv0, c0_0);\n' : '',
    ),
  noBarrier: (c) => c.replace(/\n {4}workgroupBarrier\(\);/g, ''),
  // the epilogue's stores happen only for an impossible value (the work stays live)
  noStore: (c) =>
    c.replace(
      /store4\((n|m0 \+ i), (ocb), (p|0u), (act\([^;]*\))\);/g,
      '{ let v = $4; if (v.x == -1.2345e-30) { store4($1, $2, $3, v); } }',
    ),
  noLoads: (c) => ABLATIONS.noB(ABLATIONS.noA(c) as string) as string,
  // gemv: raw words used as floats (no decode arithmetic), input not read, weights not read, no reduction
  noDec: (c) => c.replace(/u4r\((wv\d+\.[xyzw]( >> 16u)?)\)/g, 'bitcast<vec4<f32>>(vec4<u32>($1))'),
  noX: (c) => c.replace(/xg\(mr(\d+), kb\)/g, 'vec4<f32>(f32(kb + mr$1))'),
  noW: (c) => c.replace(/let wp(\d+)_(\d+) = W\[[^;]*\];/g, 'let wp$1_$2 = vec4<u32>(u0 * 2654435761u + $2u);'),
  // win: no multiply-adds (the work-group memory reads then go too), or no global loads
  winNoCompute: (c) => c.replace(/\n +a\d+_\d+ = fma\([^;]*\);/g, ''),
  winNoLoads: (c) =>
    quantized(c) &&
    c
      .replace(/xs\(select\(0u, xo(\d+) \+ st \* BC \* IHW, ok\)\)/g, 'f32(xo$1 + st)')
      .replace(/rw(\d+) = wraw\(t, wr\d+ & 3u\);/g, 'rw$1 = t;')
      .replace(/rs(\d+) = SO\[si\];/g, 'rs$1 = vec4<f32>(f32(si));'),
  winNoBarrier: (c) => c.replace(/\n {4}workgroupBarrier\(\);/g, ''),
  // mm and MNN's direct kernels, quantized: raw words used as floats (the loads stay, the decode and scale go)
  mmNoDec: (c) =>
    quantized(c) &&
    c.replace(/wdec\((?:select\(WZ, )?rbw(\d+)(?:, rbv\d+\))?, e % 4u\)/g, 'bitcast<vec4<f32>>(vec4<u32>(rbw$1))'),
  dirNoDec: (c) =>
    quantized(c) &&
    c
      .replace(
        /let w(\d+)_(\d+) = (?:deq|wu)\(t(\d+), (\du)[^;]*;/g,
        'let w$1_$2 = bitcast<vec4<f32>>(vec4<u32>(wraw(t$3, $4)));',
      )
      .replace(
        /let w(\d+)_(\d+) = (?:fma\()?wdec\(r(\d+_\d+), \du\)[^;]*;/g,
        'let w$1_$2 = bitcast<vec4<f32>>(vec4<u32>(r$3));',
      ),
  // win, quantized: the weight rows stored without decoding (raw bits as floats)
  winNoDec: (c) =>
    quantized(c) &&
    c.replace(/wdec\((?:select\(WZ, )?rw(\d+)(?:, rv\d+\))?, wr\d+ & 3u\)/g, 'bitcast<vec4<f32>>(vec4<u32>(rw$1))'),
  // mm, quantized: the deferred scale read in the epilogue instead of before the K loop; the double-buffered
  // store's flag as a select of the raw zero word instead of a branch; both
  lateEs: (c) => {
    if (!quantized(c)) return false;
    const es = new Map<string, string>();
    return c
      .replace(/\n +let es(\d+) = (dsc\([^;]*\));/g, (_m, j: string, e: string) => {
        es.set(j, e);
        return '';
      })
      .replace(/let sc = es(\d+);/g, (m, j: string) => (es.has(j) ? `let sc = ${es.get(j)};` : m));
  },
  selDb: (c) =>
    quantized(c) &&
    c.replace(
      /var w = vec4<f32>\(0\.0\); if \(rbv(\d+)\) \{ w = wdec\(rbw\d+, e % 4u\); \}/g,
      'let w = wdec(select(WZ, rbw$1, rbv$1), e % 4u);',
    ),
  lateSel: (c) => quantized(c) && (ABLATIONS.selDb(ABLATIONS.lateEs(c) as string) as string),
  // mma: no lane work (the integer tiles are stored but not converted or accumulated), no scalar multiplies,
  // tiles stored only for an impossible block (the compiler may then sink the products into that branch);
  // noBarrier above covers its barriers
  mmaNoLanes: (c) => c.replace(/\n +a\d+_\d+_\d+ = fma\([^;]*\);/g, ''),
  mmaNoScale: (c) => c.replace(/ a = subgroupMatrixScalarMultiply\(a, 256i\);/g, ''),
  mmaRareStore: (c) =>
    (ABLATIONS.mmaNoLanes(c) as string).replace(/(subgroupMatrixStore\([^;]*\);)/g, 'if (b == 0xffffffffu) { $1 }'),
  // dot: digit records not read (synthetic values), weights not read, packed dot products replaced by an xor
  // (made-up values from the lane index; in `d` variants the next block's records, e.., likewise)
  dotNoDigits: (c) =>
    c.replace(
      /\b(d\d[ab]|bi|e\d[ab]|ei) = XD\[[^\]]*\];/g,
      '$1 = vec4<u32>(ln * 0x9e3779b9u, ln ^ 0x55u, ln + 7u, ln * 3u);',
    ),
  dotNoW: (c) => c.replace(/wv\(ocb, (b[nf]), (\du)\)/g, 'vec4<u32>($1 * 0x9e3779b9u + $2, $1, ocb, $2)'),
  dotNoDp4: (c) => c.replace(/dot4I8Packed\(([^,]*), ([^)]*)\)/g, 'bitcast<i32>($1 ^ $2)'),
  // float32 twins: a decoy decode of the staged weight rows (an and-xor and a subtract a lane, the arithmetic of the
  // int8 decode, on values that make it the identity; the compiler cannot know that), to time what the quantized
  // kernels' decode costs. mm (double- and single-buffered stores) and MNN's direct kernels.
  fakeDec: (c) => {
    if (quantized(c)) return false;
    const fd =
      '\nfn fdec(r: vec4<f32>, z: u32) -> vec4<f32> { return bitcast<vec4<f32>>((bitcast<vec4<u32>>(r) & vec4<u32>(~z)) ^ vec4<u32>(z)) - vec4<f32>(f32(z)); }';
    return c
      .replace(
        'fn wdec(r: vec4<f32>, i: u32) -> vec4<f32> { return r; }',
        `fn wdec(r: vec4<f32>, i: u32) -> vec4<f32> { return r; }${fd}`,
      )
      .replace(/w = wdec\(rbw(\d+), e % 4u\);/g, 'w = fdec(rbw$1, wid.x >> 31u);')
      .replace(/(sm\[[^\n]*\] = )rb(\d+); \}/g, '$1fdec(rb$2, wid.x >> 31u); }')
      .replace(/deqr\((r\d+_\d+), \du, s\d+, o\d+\)/g, 'fdec($1, g.x >> 31u)');
  },
  // mm, per-channel symmetric weights, decoded early (K groups): the row flag as a select after the decode (as the
  // block-wise rows have it) instead of a select of the raw zero word before it
  pcFlag: (c) =>
    c.replace(
      /rd(\d+) = wdec\(select\(WZ, rbw(\d+), rbv\d+\), e % 4u\);/g,
      'rd$1 = select(vec4<f32>(0.0), wdec(rbw$2, e % 4u), rbv$2);',
    ),
  noRed: (c) => c.replace(/for \(var h = T \/ 2u;[\s\S]*?workgroupBarrier\(\);\n  \}/, ''),
};

async function main() {
  const { device } = await createNodeDevice();
  const gpu = await createGpuRuntime({ device, tuning: 'none' });
  const cases: { name: string; p: any; bits: 4 | 8 | 32; variants: string[]; blk?: number }[] = [
    {
      name: 'win 64->64 56^2 3x3',
      p: { n: 1, ic: 64, ih: 56, iw: 56, oc: 64, fh: 3, fw: 3, pad: [1, 1] },
      bits: 4,
      variants: ['win_h8w8n32b16k2', 'win_h8w8n32b8'],
    },
    {
      name: 'winsk 64->64 56^2 3x3',
      p: { n: 1, ic: 64, ih: 56, iw: 56, oc: 64, fh: 3, fw: 3, pad: [1, 1] },
      bits: 4,
      variants: ['win_h8w8n32b8s4'],
    },
    {
      name: 'winsk 64->64 56^2 3x3',
      p: { n: 1, ic: 64, ih: 56, iw: 56, oc: 64, fh: 3, fw: 3, pad: [1, 1] },
      bits: 32,
      variants: ['win_h8w8n32b8s4'],
    },
    {
      name: 'gemv 16384',
      p: { n: 1, ic: 16384, ih: 1, iw: 1, oc: 16384, fh: 1, fw: 1 },
      bits: 4,
      blk: 32,
      variants: ['gemv_r1', 'gemv_r1u4'],
    },
    {
      name: 'gemv 16384',
      p: { n: 1, ic: 16384, ih: 1, iw: 1, oc: 16384, fh: 1, fw: 1 },
      bits: 4,
      blk: 0,
      variants: ['gemv_r1'],
    },
    {
      name: '256->256 56^2 1x1',
      p: { n: 1, ic: 256, ih: 56, iw: 56, oc: 256, fh: 1, fw: 1 },
      bits: 32,
      variants: ['mm_m64n32t4x4', 'mm_m32n32t4x4k2', 'mm_m64n32t4x4d'],
    },
    {
      name: '256->256 56^2 1x1',
      p: { n: 1, ic: 256, ih: 56, iw: 56, oc: 256, fh: 1, fw: 1 },
      bits: 8,
      variants: ['mm_m64n32t4x4'],
    },
    {
      name: 'gemm 4096 M=128',
      p: { n: 128, ic: 4096, ih: 1, iw: 1, oc: 4096, fh: 1, fw: 1 },
      bits: 32,
      variants: ['mm_m128n128t8x8s8', 'mm_m128n128t8x8ds4'],
    },
    {
      name: 'dot 16384',
      p: { n: 1, ic: 16384, ih: 1, iw: 1, oc: 16384, fh: 1, fw: 1 },
      bits: 4,
      blk: 32,
      variants: ['gemv_dp4_l256', 'gemv_dp4_l128d'],
    },
    {
      name: 'mma 4096 M=128',
      p: { n: 128, ic: 4096, ih: 1, iw: 1, oc: 4096, fh: 1, fw: 1 },
      bits: 4,
      blk: 32,
      variants: ['mma_m32n128t16x32', 'mma_m32n64t16x32k2'],
    },
    {
      name: '64->64 56^2 3x3',
      p: { n: 1, ic: 64, ih: 56, iw: 56, oc: 64, fh: 3, fw: 3, pad: [1, 1] },
      bits: 8,
      variants: ['mm_m32n32t4x4k4', 'mm_m64n32t4x4', 'mm_m32n32t4x4k4d'],
    },
    // every mm and win variant (quantized and float32) on three shapes
    ...([4, 8, 32] as const).flatMap((bits) =>
      (
        [
          [64, 56, 3],
          [256, 14, 3],
          [256, 56, 1],
        ] as const
      ).map(([c, hw, k]) => ({
        name: `e ${c}->${c} ${hw}^2 ${k}x${k}`,
        p: { n: 1, ic: c, ih: hw, iw: hw, oc: c, fh: k, fw: k, pad: [(k - 1) / 2, (k - 1) / 2] },
        bits,
        variants: VARIANTS.filter((v) => v.family === 'mm' || (v.family === 'win' && k === 3)).map((v) => v.name),
      })),
    ),
    // gemm rows (per-channel scales) where mm variants were slower than their twin
    ...[16, 128].flatMap((m) =>
      ['mm_m128n128t8x8s8', 'mm_m128n128t8x8ds8', 'mm_m64n64t4x4'].flatMap((vn) =>
        ([4, 8, 32] as const).map((bits) => ({
          name: `g gemm 4096 M=${m}`,
          p: { n: m, ic: 4096, ih: 1, iw: 1, oc: 4096, fh: 1, fw: 1 },
          bits,
          variants: [vn],
        })),
      ),
    ),
    // gemm rows with block-wise scales where mm variants were slower than their twin (on the H200)
    ...(
      [
        [1, 16384],
        [128, 4096],
        [1, 4096],
      ] as const
    ).flatMap(([m, kk]) =>
      ['mm_m32n32t4x4k4d', 'mm_m32n32t4x4k2d', 'mm_m32n32t4x4k2b32', 'mm_m32n32t4x4k4'].flatMap((vn) =>
        ([4, 8, 32] as const).map((bits) => ({
          name: `h gemm ${kk} M=${m} blk32`,
          p: { n: m, ic: kk, ih: 1, iw: 1, oc: kk, fh: 1, fw: 1 },
          bits,
          blk: bits === 32 ? 0 : 32,
          variants: [vn],
        })),
      ),
    ),
    // every mm variant on the gemm rows with block-wise scales (16384: int4 only, as in the suite)
    ...(
      [
        [1, 4096],
        [16, 4096],
        [128, 4096],
        [1, 16384],
      ] as const
    ).flatMap(([m, kk]) =>
      VARIANTS.filter((v) => v.family === 'mm').flatMap((v) =>
        (kk === 16384 ? ([4, 32] as const) : ([4, 8, 32] as const)).map((bits) => ({
          name: `i gemm ${kk} M=${m} blk32`,
          p: { n: m, ic: kk, ih: 1, iw: 1, oc: kk, fh: 1, fw: 1 },
          bits,
          blk: bits === 32 ? 0 : 32,
          variants: [v.name],
        })),
      ),
    ),
    // every mm variant on the gemm rows with per-channel scales
    ...([1, 16, 128] as const).flatMap((m) =>
      VARIANTS.filter((v) => v.family === 'mm').flatMap((v) =>
        ([4, 8, 32] as const).map((bits) => ({
          name: `j gemm 4096 M=${m}`,
          p: { n: m, ic: 4096, ih: 1, iw: 1, oc: 4096, fh: 1, fw: 1 },
          bits,
          blk: 0,
          variants: [v.name],
        })),
      ),
    ),
    // MNN's 1x1 kernels, int4, int8 and float32 one after the other
    ...VARIANTS.filter((v) => v.family === 'direct' && v.paths.includes('conv1x1'))
      .map((v) => v.name)
      .flatMap((vn) =>
        ([4, 8, 32] as const).map((bits) => ({
          name: 'd 256->256 56^2 1x1',
          p: { n: 1, ic: 256, ih: 56, iw: 56, oc: 256, fh: 1, fw: 1 },
          bits,
          variants: [vn],
        })),
      ),
    // every mm variant on four shapes, int4, int8 and float32 one after the other (b: the ones slower than their twin)
    ...(
      [
        [64, 56, 3],
        [128, 28, 3],
        [256, 14, 3],
        [256, 56, 1],
      ] as const
    ).flatMap(([c, hw, k]) =>
      VARIANTS.filter((v) => v.family === 'mm').flatMap((v) =>
        ([4, 8, 32] as const).map((bits) => ({
          name: `${['mm_m64n32t4x4d', 'mm_m64n64t4x4d', 'mm_m128n128t8x8s8', 'mm_m64n64t4x4', 'mm_m64n32t4x4'].includes(v.name) ? 'b' : 'a'} ${c}->${c} ${hw}^2 ${k}x${k}`,
          p: { n: 1, ic: c, ih: hw, iw: hw, oc: c, fh: k, fw: k, pad: [(k - 1) / 2, (k - 1) / 2] },
          bits,
          variants: [v.name],
        })),
      ),
    ),
    // quantized kernels against their float32 twins
    ...([4, 32] as const).flatMap((bits) => [
      {
        name: 'twin 128->128 28^2 3x3',
        p: { n: 1, ic: 128, ih: 28, iw: 28, oc: 128, fh: 3, fw: 3, pad: [1, 1] },
        bits,
        variants: ['mm_m64n32t4x4', 'mm_m64n32t4x4d'],
      },
      {
        name: 'twin 64->64 56^2 3x3',
        p: { n: 1, ic: 64, ih: 56, iw: 56, oc: 64, fh: 3, fw: 3, pad: [1, 1] },
        bits,
        variants: ['conv_2d_c4h1w4'],
      },
      {
        name: 'twin 512->512 7^2 3x3',
        p: { n: 1, ic: 512, ih: 7, iw: 7, oc: 512, fh: 3, fw: 3, pad: [1, 1] },
        bits,
        variants: ['win_h8w8n32b8s8'],
      },
    ]),
  ];
  if (args.includes('--reverse')) cases.reverse();
  // --abl a,b: only these ablations (and base)
  const pick = arg('--abl')?.split(',');
  const setArg = arg('--set') ?? '';
  // --set 'a=1,b=2;a=3': each ;-separated group is one pseudo-ablation (set1, set2, ...)
  const sets = setArg
    ? setArg.split(';').map((g) =>
        Object.fromEntries(
          g.split(',').map((kv) => {
            const [k, val] = kv.split('=');
            return [k, JSON.parse(val)];
          }),
        ),
      )
    : [];
  const heatMs = 150;
  for (const c of cases.filter((x) => picked(x.name))) {
    const pp = { ...c.p, blockSize: c.blk ?? 0, asymmetric: false, nonlinearity: 'relu' as const };
    for (const vn of c.variants) {
      const conv =
        c.bits === 32
          ? gpu.floatConv({ ...pp, variant: vn })
          : gpu.lowMemoryConv({ ...pp, weightBits: c.bits, variant: vn });
      const s = conv.shape;
      const { inBuf, outBuf } = syntheticSetup(device, conv);
      const d = await conv.dispatchFor(inBuf, outBuf);
      const v = findVariant(vn)!;
      const base = generateWgsl(s, v, d.wg);
      const line: string[] = [];
      const runs: [string, string | false][] = Object.entries(ABLATIONS)
        .filter(([an]) => !pick || an === 'base' || pick.includes(an))
        .map(([an, f]) => [an, f(base)]);
      // --set attr=value,...: the variant regenerated with table attributes changed (pseudo-ablations set1, ...)
      sets.forEach((st, i) => runs.push([`set${i + 1}`, generateWgsl(s, { ...v, ...st } as typeof v, d.wg)]));
      for (const [an, code] of runs) {
        if (an !== 'base' && (code === false || code === base)) continue;
        const module = device.createShaderModule({ code: code as string });
        const pipe = device.createComputePipeline({
          layout: (gpu as any).pipelineLayout,
          compute: { module, entryPoint: 'main' },
        });
        // a pre-pass variant's kernel is its second dispatch
        const dd =
          v.family === 'mma' || v.family === 'dot'
            ? { ...d, next: { ...d.next!, pipeline: pipe } }
            : { ...d, pipeline: pipe };
        await heat(device, dd, heatMs);
        const t = median((await timeDispatch(device, dd, reps)).us);
        line.push(`${an} ${t.toFixed(1)}`);
      }
      console.log(
        `${new Date().toISOString().slice(11, 23)} ${c.name} ${c.bits === 32 ? 'f32' : `int${c.bits}`} ${vn} groups ${d.groups}: ${line.join(' | ')}`,
      );
      inBuf.destroy();
      outBuf.destroy();
      conv.dispose();
    }
  }
  device.destroy();
}
main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
