/**
 * WGSL generation for the three kernel families of variants.ts.
 *
 * Buffers (bind group 0, the same layout for every variant; sizes in pack.ts):
 *   0 X  : array<f32>        input, NCHW: x[n][ic][y][x] at ((n*IC + ic)*IH + y)*IW + x
 *   1 W  : packed weights    pack.ts: tile t = ocb*KB + kb, kb = (icb*KH + kh)*KW + kw
 *   2 SO : array<vec4<f32>>  scales (and offsets) per (ocb, blk)
 *   3 B  : array<vec4<f32>>  bias per ocb, OCB + 1 entries
 *   4 Y  : array<f32>        output, NCHW: y[n][oc][oh][ow] at ((n*OC + oc)*OH + oh)*OW + ow
 * Shapes are baked in as `const`s: index arithmetic then divides by constants, and a pipeline is compiled
 * once per (variant, shape, format), which the tuner needs anyway. Every read of X is guarded (padding,
 * ic >= IC, clamped batch row); every write of Y is guarded by oc < OC and the pixel range; weight, scale
 * and bias reads stay inside buffers that pack.ts pads by one extra 4-channel block.
 */
import type { LowMemoryConvShape } from './params.js';
import { winGeometry } from './variants.js';
import { DOT_PREPASS_WG, dotBlocks, mmaGeometry, mmaSizes } from './variants.js';
import type { DirectVariant, DotVariant, GemvVariant, MmaVariant, MmVariant, Variant, WinVariant, Wg } from './variants.js';

const u = (v: number) => `${v}u`;

/** The activation of `s` applied to expression `v` of type `t` (f32 or a vector of it). */
function actExpr(s: LowMemoryConvShape, v: string, t: string): string {
  return s.nonlinearity === 'relu' ? `max(${v}, ${t}(0.0))` : s.nonlinearity === 'relu6' ? `clamp(${v}, ${t}(0.0), ${t}(6.0))` : v;
}

/** WGSL soi(ocb, blk): index in SO of the scale S of (ocb, blk); an asymmetric offset O follows it (pack.ts). */
function soiFn(s: LowMemoryConvShape): string {
  return `fn soi(ocb: u32, blk: u32) -> u32 { return ${s.asym ? '2u * (ocb * NBLK + blk)' : 'ocb * NBLK + blk'}; }`;
}

function header(s: LowMemoryConvShape, xVec4 = false, yVec4 = false): string {
  const wType = s.bits === 32 ? 'array<vec4<f32>>' : 'array<vec4<u32>>';
  const blkTiles = s.blkTiles;
  // Weights are converted to float without an integer-to-float instruction (those run at 1/8 of the FMA
  // rate on NVIDIA): the unsigned field (nibble = q + 8, byte XOR 0x80 = q + 128) is OR-ed into the mantissa
  // of 2^23, and 2^23 plus the field's offset is subtracted, which gives q exactly (all values are integers
  // below 2^24). Each field is left where it sits in its 16-bit half, so lane j comes out multiplied by a
  // power of two, which LSC undoes, exactly, inside the scale:
  //   w = q*S + O = u*(S*LSC) + O,  u = q * 2^(shift of lane j)
  let wq: string;
  if (s.bits === 8) {
    wq = `const LSC = vec4<f32>(1.0, 0.00390625, 1.0, 0.00390625);
// the 4 bytes of word w (input row i of a tile; byte j = output lane j, two's complement) as q, lanes 1
// and 3 multiplied by 256 (subtracting 2^23 + 128 and 2^23 + 128*256); the xor both sets the exponent bits
// and flips each byte's sign bit (two's complement to q + 128), one and-xor a lane
fn u8r(w: u32) -> vec4<f32> {
  let h = w >> 16u;
  return bitcast<vec4<f32>>((vec4<u32>(w, w, h, h) & vec4<u32>(0xffu, 0xff00u, 0xffu, 0xff00u)) ^ vec4<u32>(0x4b000080u, 0x4b008000u, 0x4b000080u, 0x4b008000u)) - vec4<f32>(8388736.0, 8421376.0, 8388736.0, 8421376.0);
}
alias WR = u32;
const WZ = 0u; // the raw word of four zero weights
fn wraw(t: u32, i: u32) -> u32 { return W[t][i]; }
fn wdec(r: u32, i: u32) -> vec4<f32> { return u8r(r); }`;
  } else if (s.bits === 4) {
    // rows 2h and 2h+1 of a tile share its word h (low / high 16 bits); nibble j of a row is output lane j
    wq = `const LSC = vec4<f32>(1.0, 0.0625, 0.00390625, 0.000244140625);
// the 4 nibbles in the low 16 bits of h (one input row; nibble j = output lane j = q + 8) as q, lane j
// times 16^j (subtracting 2^23 + 8*16^j)
fn u4r(h: u32) -> vec4<f32> {
  return bitcast<vec4<f32>>((vec4<u32>(h) & vec4<u32>(0xfu, 0xf0u, 0xf00u, 0xf000u)) | vec4<u32>(0x4b000000u)) - vec4<f32>(8388616.0, 8388736.0, 8390656.0, 8421376.0);
}
alias WR = u32;
const WZ = 0x88888888u; // the raw word of eight zero weights
fn wraw(t: u32, i: u32) -> u32 { let wi = t * 2u + (i >> 1u); return W[wi >> 2u][wi & 3u]; }
fn wdec(r: u32, i: u32) -> vec4<f32> { return u4r(r >> ((i & 1u) * 16u)); }`;
  } else {
    wq = `alias WR = vec4<f32>;
const WZ = vec4<f32>(0.0);
fn wraw(t: u32, i: u32) -> vec4<f32> { return W[t * 4u + i]; }
fn wdec(r: vec4<f32>, i: u32) -> vec4<f32> { return r; }`;
  }
  // wraw/wdec: one raw word (row i of tile t) and its decoding; wu = both.
  // dsc = S*LSC and dof = O per (ocb, blk), from raw S and O by dscv/dofv; the float twin has neither
  wq += `
fn wu(t: u32, i: u32) -> vec4<f32> { return wdec(wraw(t, i), i); }`;
  if (s.bits !== 32) {
    wq += `
fn dscv(S: vec4<f32>) -> vec4<f32> { return S * LSC; }
fn dofv(S: vec4<f32>, O: vec4<f32>) -> vec4<f32> { return O; }`;
  }
  const dsc = s.bits === 32 ? 'return vec4<f32>(1.0);' : 'return dscv(SO[soi(ocb, blk)]);';
  const dof = s.bits === 32 ? 'return vec4<f32>(0.0);'
    : `let i = soi(ocb, blk); return dofv(SO[i], ${s.asym ? 'SO[i + 1u]' : 'vec4<f32>(0.0)'});`;
  const deqr = s.bits === 32 ? 'return wdec(r, i);' : 'return fma(wdec(r, i), a, b);';
  return `// generated by i8conv src/gpu/wgsl.ts: weights ${s.bits === 32 ? 'f32' : `int${s.bits}`} ${s.asym ? 'asymmetric' : 'symmetric'}, act ${s.nonlinearity}
@group(0) @binding(0) var<storage, read> X: ${xVec4 ? 'array<vec4<f32>>' : 'array<f32>'};
@group(0) @binding(1) var<storage, read> W: ${wType};
@group(0) @binding(2) var<storage, read> SO: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> B: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> Y: ${yVec4 ? 'array<vec4<f32>>' : 'array<f32>'};
const N = ${u(s.n)}; const IC = ${u(s.ic)}; const IH = ${u(s.ih)}; const IW = ${u(s.iw)}; const OC = ${u(s.oc)};
const KH = ${u(s.fh)}; const KW = ${u(s.fw)}; const SH = ${u(s.sh)}; const SW = ${u(s.sw)};
const PH = ${s.ph}i; const PW = ${s.pw}i; const DH = ${u(s.dh)}; const DW = ${u(s.dw)};
const OH = ${u(s.oh)}; const OW = ${u(s.ow)}; const OHW = ${u(s.oh * s.ow)};
const ICB = ${u(s.icb)}; const OCB = ${u(s.ocb)}; const KB = ${u(s.kb)}; const KHW = ${u(s.fh * s.fw)};
const NBLK = ${u(s.nBlk)}; const BLKT = ${u(blkTiles)};
${wq}
fn dsc(ocb: u32, blk: u32) -> vec4<f32> { ${dsc} }
fn dof(ocb: u32, blk: u32) -> vec4<f32> { ${dof} }
${soiFn(s)}
// weight row i (raw word r, or of tile t), dequantized, given a = dsc(..) and b = dof(..) of its (ocb, blk)
fn deqr(r: WR, i: u32, a: vec4<f32>, b: vec4<f32>) -> vec4<f32> { ${deqr} }
fn deq(t: u32, i: u32, a: vec4<f32>, b: vec4<f32>) -> vec4<f32> { return deqr(wraw(t, i), i, a, b); }
fn act(v: vec4<f32>) -> vec4<f32> { return ${actExpr(s, 'v', 'vec4<f32>')}; }
// scalar element i of X, whichever way X is declared
fn xs(i: u32) -> f32 { return ${xVec4 ? 'X[i >> 2u][i & 3u]' : 'X[i]'}; }
// 4 input channels 4*icb.. of (n, y, x); zero outside the image and for channels >= IC
fn x4(n: u32, icb: u32, y: i32, x: i32) -> vec4<f32> {
  var r = vec4<f32>(0.0);
  if (y >= 0i && y < i32(IH) && x >= 0i && x < i32(IW)) {
    let base = ((n * IC + icb * 4u) * IH + u32(y)) * IW + u32(x);
    for (var i = 0u; i < 4u; i++) {
      if (icb * 4u + i < IC) { r[i] = xs(base + i * IH * IW); }
    }
  }
  return r;
}
${yVec4 ? `// writes 4 consecutive pixels p..p+3 (p % 4 == 0, all inside the image) of block ocb, one vec4 per lane < OC;
// r_i holds the 4 lanes of pixel p+i
fn store4x4(n: u32, ocb: u32, p: u32, r0: vec4<f32>, r1: vec4<f32>, r2: vec4<f32>, r3: vec4<f32>) {
  let y0 = ((n * OC + ocb * 4u) * OHW + p) >> 2u;
  Y[y0] = vec4<f32>(r0.x, r1.x, r2.x, r3.x);
  if (ocb * 4u + 1u < OC) { Y[y0 + OHW / 4u] = vec4<f32>(r0.y, r1.y, r2.y, r3.y); }
  if (ocb * 4u + 2u < OC) { Y[y0 + OHW / 2u] = vec4<f32>(r0.z, r1.z, r2.z, r3.z); }
  if (ocb * 4u + 3u < OC) { Y[y0 + 3u * (OHW / 4u)] = vec4<f32>(r0.w, r1.w, r2.w, r3.w); }
}
` : ''}// writes 4 output lanes of block ocb at (n, pixel p), skipping lanes >= OC
fn store4(n: u32, ocb: u32, p: u32, v: vec4<f32>) {
  for (var j = 0u; j < 4u; j++) {
    let oc = ocb * 4u + j;
    if (oc < OC) { ${yVec4 ? 'let i = (n * OC + oc) * OHW + p; Y[i >> 2u][i & 3u] = v[j];' : 'Y[(n * OC + oc) * OHW + p] = v[j];'} }
  }
}
`;
}

function direct(s: LowMemoryConvShape, v: DirectVariant, wg: Wg): string {
  const cb = v.c / 4;
  const lines: string[] = [];
  const pix: { pn: number; ph: number; pw: number; id: string }[] = [];
  for (let a = 0; a < v.pn; a++) for (let b = 0; b < v.ph; b++) for (let c = 0; c < v.pw; c++) {
    pix.push({ pn: a, ph: b, pw: c, id: `${a}_${b}_${c}` });
  }
  lines.push(`const CB = ${u(cb)}; const PN = ${u(v.pn)}; const PHT = ${u(v.ph)}; const PWT = ${u(v.pw)};
const WB = ${u(Math.ceil(s.ow / v.pw))}; const HB = ${u(Math.ceil(s.oh / v.ph))}; const NB = ${u(Math.ceil(s.n / v.pn))};
const CG = ${u(Math.ceil(s.ocb / cb))};
@compute @workgroup_size(${wg[0]}, ${wg[1]})
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  // the grid is rounded up to whole work-groups: items past the real global size do nothing
  if (g.x >= CG * WB || g.y >= NB * HB) { return; }
  let cgi = g.x / WB; let wb = g.x % WB; let nb = g.y / HB; let hb = g.y % HB;
  let ocb0 = cgi * CB;`);
  for (const p of pix) {
    lines.push(`  let n${p.id} = min(nb * PN + ${u(p.pn)}, N - 1u); let oh${p.id} = hb * PHT + ${u(p.ph)}; let ow${p.id} = wb * PWT + ${u(p.pw)};`);
  }
  // symmetric per-channel weights: the sums are of the bare decoded q and are scaled once at the end
  const dfr = s.bits !== 32 && s.nBlk === 1 && !s.asym;
  for (let c = 0; c < cb; c++) {
    // block ocb0 + 1 may be the zero padding block (OCB) for 8-channel variants: in bounds, never stored
    lines.push(`  let bias${c} = B[ocb0 + ${u(c)}];${dfr ? ` let es${c} = dsc(ocb0 + ${u(c)}, 0u);` : ''}`);
    for (const p of pix) lines.push(`  var a${c}_${p.id} = ${dfr ? 'vec4<f32>(0.0)' : `bias${c}`};`);
  }
  // the loop(s) over (icb, kh, kw), with w<c>_<i> = weight row i of output block c at that step; `close` ends them
  let close: string;
  if (v.pre) {
    // one flat loop over kbi = (icb, kh, kw); the raw weight rows of the next kbi are loaded while this one's
    // multiply-adds run, and decoded at the top of the next iteration (measured on the H200: faster for float
    // and quantized weights, and the decode no longer waits on a load)
    for (let c = 0; c < cb; c++) for (let i = 0; i < 4; i++) lines.push(`  var r${c}_${i} = wraw((ocb0 + ${u(c)}) * KB, ${u(i)});`);
    lines.push(`  for (var kbi = 0u; kbi < KB; kbi++) {
    let icb = kbi / KHW; let tap = kbi % KHW; let kh = tap / KW; let kw = tap % KW; let nk = min(kbi + 1u, KB - 1u);`);
    if (!dfr) for (let c = 0; c < cb; c++) lines.push(`    let s${c} = dsc(ocb0 + ${u(c)}, icb / BLKT); let o${c} = dof(ocb0 + ${u(c)}, icb / BLKT);`);
    for (let c = 0; c < cb; c++) {
      for (let i = 0; i < 4; i++) lines.push(`    let w${c}_${i} = ${dfr ? `wdec(r${c}_${i}, ${u(i)})` : `deqr(r${c}_${i}, ${u(i)}, s${c}, o${c})`};`);
      for (let i = 0; i < 4; i++) lines.push(`    r${c}_${i} = wraw((ocb0 + ${u(c)}) * KB + nk, ${u(i)});`);
    }
    close = '  }';
  } else {
    lines.push(`  for (var icb = 0u; icb < ICB; icb++) {
    let blk = icb / BLKT;`);
    if (!dfr) for (let c = 0; c < cb; c++) lines.push(`    let s${c} = dsc(ocb0 + ${u(c)}, blk); let o${c} = dof(ocb0 + ${u(c)}, blk);`);
    lines.push(`    for (var kh = 0u; kh < KH; kh++) {
      for (var kw = 0u; kw < KW; kw++) {
        let kbi = (icb * KH + kh) * KW + kw;`);
    for (let c = 0; c < cb; c++) {
      lines.push(`        let t${c} = (ocb0 + ${u(c)}) * KB + kbi;`);
      for (let i = 0; i < 4; i++) lines.push(`        let w${c}_${i} = ${dfr ? `wu(t${c}, ${u(i)})` : `deq(t${c}, ${u(i)}, s${c}, o${c})`};`);
    }
    close = '      }\n    }\n  }';
  }
  for (const p of pix) {
    lines.push(`        let x${p.id} = x4(n${p.id}, icb, i32(oh${p.id} * SH + kh * DH) - PH, i32(ow${p.id} * SW + kw * DW) - PW);`);
    for (let c = 0; c < cb; c++) {
      const a = `a${c}_${p.id}`;
      lines.push(`        ${a} = fma(vec4<f32>(x${p.id}.x), w${c}_0, ${a}); ${a} = fma(vec4<f32>(x${p.id}.y), w${c}_1, ${a});`);
      lines.push(`        ${a} = fma(vec4<f32>(x${p.id}.z), w${c}_2, ${a}); ${a} = fma(vec4<f32>(x${p.id}.w), w${c}_3, ${a});`);
    }
  }
  lines.push(close);
  for (const p of pix) {
    lines.push(`  if (nb * PN + ${u(p.pn)} < N && oh${p.id} < OH && ow${p.id} < OW) {`);
    for (let c = 0; c < cb; c++) {
      const r = dfr ? `a${c}_${p.id} * es${c} + bias${c}` : `a${c}_${p.id}`;
      lines.push(`    if (ocb0 + ${u(c)} < OCB) { store4(n${p.id}, ocb0 + ${u(c)}, oh${p.id} * OW + ow${p.id}, act(${r})); }`);
    }
    lines.push('  }');
  }
  lines.push('}');
  return lines.join('\n');
}

function gemv(s: LowMemoryConvShape, v: GemvVariant, wg: Wg): string {
  const t = wg[0];
  const r = v.rows;
  const G = v.g;
  const q = s.bits !== 32;
  const L: string[] = [];
  L.push(`const T = ${u(t)}; const R = ${u(r)}; const G = ${u(G)};
var<workgroup> red: array<vec4<f32>, ${t * r * G}>;
// input channels 4*kb.. of batch row m (gemm path: the input is [N][IC])
fn xg(m: u32, kb: u32) -> vec4<f32> {
  let base = m * IC + kb * 4u;
  ${s.ic % 4 === 0 ? 'return X[base >> 2u];  // IC % 4 == 0: X is declared as vec4s'
    : `var r = vec4<f32>(0.0);
  for (var i = 0u; i < 4u; i++) { if (kb * 4u + i < IC) { r[i] = xs(base + i); } }
  return r;`}
}
@compute @workgroup_size(${t})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let obase = wid.x * G;
  let m0 = wid.y * R;`);
  for (let gi = 0; gi < G; gi++) {
    // blocks past OCB read the zero block OCB (in bounds) and are never stored
    L.push(`  let ocb${gi} = min(obase + ${u(gi)}, OCB);`);
  }
  // Accumulation. d = sum_i x_i * u_i (decoded lane-scaled weights, see the header) over the tiles of one
  // scale block, then acc += d*dsc + xsum*dof, where xsum (the input's sum) is only needed for asymmetric
  // weights (symmetric ones have dof = 0). Per-channel weights (one block) keep d and xsum over all of K and
  // scale once at the end; block-wise ones scale once per 16-byte unit when its tiles share a block.
  const perChan = q && s.nBlk === 1;
  const off = q && s.asym;
  const pair4 = s.bits === 4 && s.kb % 2 === 0;
  const tilesPerUnit = pair4 ? 2 : 1;
  const unitBlk = q && !perChan && (tilesPerUnit === 1 || s.blkTiles % 2 === 0);
  for (let i = 0; i < r; i++) {
    // rows past N read the last row (in bounds) and are never stored
    L.push(`  let mr${i} = min(m0 + ${u(i)}, N - 1u);`);
    for (let gi = 0; gi < G; gi++) L.push(`  var acc${gi}_${i} = vec4<f32>(0.0);`);
    if (perChan && off) L.push(`  var xa${i} = 0.0;`);
  }
  // One unit of work = one 16-byte load of W where the format allows (int8: one tile; int4 with KB even: two
  // tiles), consecutive threads on consecutive units (coalesced); two units per iteration keep two loads in flight.
  const nu = s.kb / tilesPerUnit;
  // 16-byte units of W are loaded for all the iteration's units first (index clamped, in bounds), so v.un
  // loads are in flight before any arithmetic waits on one
  const vecUnit = s.bits === 8 || pair4;
  const unit = (uExpr: string, ind: string, uu: number): string[] => {
    const o: string[] = [`${ind}{ let un = ${uExpr};`];
    for (let gi = 0; gi < G; gi++) if (vecUnit) o.push(`${ind}  let wv${gi} = wp${gi}_${uu};`);
    if (unitBlk) {
      for (let gi = 0; gi < G; gi++) for (let i = 0; i < r; i++) o.push(`${ind}  var du${gi}_${i} = vec4<f32>(0.0);`);
      if (off) for (let i = 0; i < r; i++) o.push(`${ind}  var xu${i} = 0.0;`);
    }
    for (let tt = 0; tt < tilesPerUnit; tt++) {
      o.push(`${ind}  { let kb = un * ${u(tilesPerUnit)} + ${u(tt)}; let blk = kb / BLKT;`);
      for (let i = 0; i < r; i++) {
        o.push(`${ind}    let xv${i} = xg(mr${i}, kb);${off ? ` let xsum${i} = xv${i}.x + xv${i}.y + xv${i}.z + xv${i}.w;` : ''}`);
        if (perChan && off) o.push(`${ind}    xa${i} += xsum${i};`);
        if (unitBlk && off) o.push(`${ind}    xu${i} += xsum${i};`);
      }
      for (let gi = 0; gi < G; gi++) {
        o.push(`${ind}    { let t = ocb${gi} * KB + kb;`);
        if (s.bits === 8) o.push(`${ind}    let q0 = u8r(wv${gi}.x); let q1 = u8r(wv${gi}.y); let q2 = u8r(wv${gi}.z); let q3 = u8r(wv${gi}.w);`);
        else if (pair4) {
          const [a, b] = tt === 0 ? ['x', 'y'] : ['z', 'w'];
          o.push(`${ind}    let q0 = u4r(wv${gi}.${a}); let q1 = u4r(wv${gi}.${a} >> 16u); let q2 = u4r(wv${gi}.${b}); let q3 = u4r(wv${gi}.${b} >> 16u);`);
        } else o.push(`${ind}    let q0 = wu(t, 0u); let q1 = wu(t, 1u); let q2 = wu(t, 2u); let q3 = wu(t, 3u);`);
        const perTile = q && !perChan && !unitBlk;
        if (perTile) o.push(`${ind}    let sc = dsc(ocb${gi}, blk);${off ? ` let ofv = dof(ocb${gi}, blk);` : ''}`);
        // the tile's 4 rows: one chain of multiply-adds into d (per-tile scaling), or on into the unit's sum
        const chain = (into: string) => `fma(vec4<f32>(xv.x), q0, fma(vec4<f32>(xv.y), q1, fma(vec4<f32>(xv.z), q2, ${into === '' ? 'vec4<f32>(xv.w) * q3' : `fma(vec4<f32>(xv.w), q3, ${into})`})))`;
        for (let i = 0; i < r; i++) {
          const a = `acc${gi}_${i}`;
          o.push(`${ind}    { let xv = xv${i};`);
          if (perTile) {
            o.push(`${ind}      let d = ${chain('')};`);
            o.push(`${ind}      ${a} = ${off ? `fma(d, sc, fma(vec4<f32>(xsum${i}), ofv, ${a}))` : `fma(d, sc, ${a})`}; }`);
          } else if (unitBlk) o.push(`${ind}      du${gi}_${i} = ${chain(`du${gi}_${i}`)}; }`);
          // per-channel: the tile's own chain, then one add (a chain through the whole loop runs several times slower)
          else o.push(`${ind}      ${a} += ${chain('')}; }`);
        }
        o.push(`${ind}    }`);
      }
      o.push(`${ind}  }`);
    }
    if (unitBlk) {
      o.push(`${ind}  { let blk = (un * ${u(tilesPerUnit)}) / BLKT;`);
      for (let gi = 0; gi < G; gi++) {
        o.push(`${ind}    { let sc = dsc(ocb${gi}, blk);${off ? ` let ofv = dof(ocb${gi}, blk);` : ''}`);
        for (let i = 0; i < r; i++) {
          o.push(`${ind}      acc${gi}_${i} = fma(du${gi}_${i}, sc, ${off ? `fma(vec4<f32>(xu${i}), ofv, acc${gi}_${i})` : `acc${gi}_${i}`});`);
        }
        o.push(`${ind}    }`);
      }
      o.push(`${ind}  }`);
    }
    o.push(`${ind}}`);
    return o;
  };
  const un = v.un;
  const wbase = (gi: number) => (s.bits === 8 ? `ocb${gi} * KB` : `(ocb${gi} * KB) / 2u`);
  // pf: the next iteration's units are loaded (clamped, in bounds) before this iteration's arithmetic, so the
  // memory latency overlaps the decoding instead of adding to it
  const pf = v.pf && vecUnit;
  if (pf) {
    for (let uu = 0; uu < un; uu++) for (let gi = 0; gi < G; gi++) {
      L.push(`  var wn${gi}_${uu} = W[${wbase(gi)} + min(lid + ${u(uu)} * T, ${u(nu - 1)})];`);
    }
  }
  L.push(`  for (var u0 = lid; u0 < ${u(nu)}; u0 += ${u(un)} * T) {`);
  if (pf) {
    for (let uu = 0; uu < un; uu++) for (let gi = 0; gi < G; gi++) L.push(`    let wp${gi}_${uu} = wn${gi}_${uu};`);
    for (let uu = 0; uu < un; uu++) for (let gi = 0; gi < G; gi++) {
      L.push(`    wn${gi}_${uu} = W[${wbase(gi)} + min(u0 + ${u(un + uu)} * T, ${u(nu - 1)})];`);
    }
  } else if (vecUnit) {
    for (let uu = 0; uu < un; uu++) for (let gi = 0; gi < G; gi++) {
      L.push(`    let wp${gi}_${uu} = W[${wbase(gi)} + min(u0 + ${u(uu)} * T, ${u(nu - 1)})];`);
    }
  }
  L.push(...unit('u0', '    ', 0));
  for (let uu = 1; uu < un; uu++) {
    L.push(`    if (u0 + ${u(uu)} * T < ${u(nu)}) {`);
    L.push(...unit(`u0 + ${u(uu)} * T`, '      ', uu));
    L.push('    }');
  }
  L.push('  }');
  if (perChan) {
    for (let gi = 0; gi < G; gi++) {
      L.push(`  { let sc = dsc(ocb${gi}, 0u);${off ? ` let ofv = dof(ocb${gi}, 0u);` : ''}`);
      for (let i = 0; i < r; i++) L.push(`    acc${gi}_${i} = ${off ? `fma(acc${gi}_${i}, sc, vec4<f32>(xa${i}) * ofv)` : `acc${gi}_${i} * sc`};`);
      L.push('  }');
    }
  }
  // red[(gi*R + i)*T + lid]: tree reduction over the T threads, then one thread per (block, row) stores
  for (let gi = 0; gi < G; gi++) for (let i = 0; i < r; i++) L.push(`  red[${u((gi * r + i) * t)} + lid] = acc${gi}_${i};`);
  L.push(`  workgroupBarrier();
  for (var h = T / 2u; h > 0u; h >>= 1u) {
    if (lid < h) {
      for (var i = 0u; i < R * G; i++) { red[i * T + lid] += red[i * T + lid + h]; }
    }
    workgroupBarrier();
  }
  if (lid < R * G) {
    let gi = lid / R; let i = lid % R; let ocb = obase + gi;
    if (m0 + i < N && ocb < OCB) { store4(m0 + i, ocb, 0u, act(red[lid * T] + B[ocb])); }
  }
}`);
  return L.join('\n');
}

/**
 * How mm and win treat scales and what their epilogue writes, from the shape and the variant's K slices:
 * - hoist: per-channel scales (one block), so each thread reads a weight's scale once, not with every step;
 * - defer: symmetric per-channel weights (w = q*S), staged as the bare decoded q, with the sums multiplied by
 *   S*LSC once in the epilogue;
 * - sliced (sk > 1): the epilogue writes a partial sum, without bias and activation, to copy wid.z of the
 *   output in the workspace bound as Y (reduceKernel adds the copies);
 * - lateScale (from the variant): the deferred scale is read in the epilogue instead of before the K loop.
 */
function epiloguePlan(s: LowMemoryConvShape, sk: number, lateScale = false) {
  const hoist = s.bits !== 32 && s.nBlk === 1;
  return { hoist, defer: hoist && !s.asym, sliced: sk > 1, lateScale };
}
type EpiloguePlan = ReturnType<typeof epiloguePlan>;

/**
 * WGSL lets that read, once before the K loop, what the epilogue of the thread's j-th output block (`ocbs[j]`,
 * clamped to the padded last block) needs: its scale when deferred, its bias when final. Read up front their
 * latency overlaps the first step's loads; read in the epilogue it would follow the last step (these kernels
 * run as one wave of work-groups, so that latency adds to the whole dispatch).
 */
function epilogueHoist(e: EpiloguePlan, ocbs: string[], ind: string): string[] {
  return ocbs.flatMap((o, j) => [
    ...(e.defer && !e.lateScale ? [`${ind}let es${j} = dsc(min(${o}, OCB), 0u);`] : []),
    ...(e.sliced ? [] : [`${ind}let eb${j} = B[min(${o}, OCB)];`]),
  ]);
}

/**
 * WGSL lets of the thread's j-th output block that epilogueValue reads (from epilogueHoist's registers; with
 * lateScale the scale of block `ocb`, which the caller has checked against OCB, is read here).
 */
function epilogueLets(e: EpiloguePlan, j: number): string {
  return `${e.defer ? `let sc = ${e.lateScale ? 'dsc(ocb, 0u)' : `es${j}`}; ` : ''}${e.sliced ? '' : `let bb = eb${j}; `}`;
}

/** The value stored for accumulator `a` (4 lanes of one pixel), after epilogueLets. */
function epilogueValue(e: EpiloguePlan, a: string): string {
  const x = e.defer ? `${a} * sc` : a;
  return e.sliced ? x : `act(${x} + bb)`;
}

/**
 * A weight row that mm and win stage in work-group memory, from its raw registers: `r` the raw word, `i` the row
 * in its tile, `valid` whether it was loaded; per-channel scale and offset `sc`/`of` (hoisted) or the row's raw
 * scale and offset `rs`/`ro` (block-wise), or no scaling (float weights, or scales deferred to the epilogue).
 * A row not loaded is the raw zero word WZ, which decodes to zero; `flag` (returned) keeps the load flag instead,
 * for offsets (asymmetric) and per-row scales (read for another channel: it could be infinite, 0*inf), or where
 * the caller asks (`keep`); the caller then zeroes the row itself.
 */
function stagedRow(s: LowMemoryConvShape, e: EpiloguePlan, x: { r: string; i: string; valid: string; sc: string; of: string; rs: string; ro: string },
  keep = false): { flag: boolean; val: string } {
  const flag = keep || s.asym || (s.bits !== 32 && !e.hoist);
  const d = `wdec(${flag ? x.r : `select(WZ, ${x.r}, ${x.valid})`}, ${x.i})`;
  let val = d;
  if (s.bits !== 32 && !e.defer) {
    val = e.hoist ? `fma(${d}, ${x.sc}, ${x.of})` : `fma(${d}, dscv(${x.rs}), dofv(${x.rs}, ${s.asym ? x.ro : 'vec4<f32>(0.0)'}))`;
  }
  return { flag, val };
}

/** K slice of work-group wid.z: steps `first`..`end`-1 of `total`, SLEN a slice, and its output copy yn. */
function sliceLets(sk: number, first: string, end: string, total: string): string {
  return sk > 1 ? `let ${first} = wid.z * SLEN; let ${end} = min(${total}, ${first} + SLEN); let yn = wid.z * N;`
    : `let ${first} = 0u; let ${end} = ${total}; let yn = 0u;`;
}

/**
 * mm: implicit GEMM over (pixel m, output channel, K = (BK-channel chunk, tap, channel)). Unlike `tile`, K is
 * walked chunk by chunk and, inside a chunk, tap by tap, so one K step is BK (16 or 32) channels at one tap:
 * each thread works out its pixels' coordinates once, and per step only adds the tap offset and bounds-checks
 * once per pixel, then reads its channels at a fixed stride (no divisions per element). Each thread
 * accumulates tm pixels x tn channels (tn/4 vec4s) from vec4 reads of work-group memory.
 */
function mmKernel(s: LowMemoryConvShape, v: MmVariant): string {
  const nt = v.wx * v.wy;
  const ks = v.ks;
  const bm = v.wy * v.tm;
  const bn4 = (v.wx * v.tn) / 4;
  const bm4 = bm / 4;
  const tn4 = v.tn / 4;
  const tm4 = v.tm / 4;
  const bk = v.bk;
  const ea = (bk * bm) / nt;
  if (!Number.isInteger(ea) || ea < 1) throw new Error(`${v.name}: A loads do not divide evenly`);
  const gemmOrder = s.ih * s.iw === 1 && s.fh * s.fw === 1;
  // thread lg loads pixels pix(j) = pbase + j*pstride (j < ppt) at channels k(i) = kbase + i*kstride (i < kpt)
  let ppt: number, kpt: number, pbase: string, pstride: number, kbase: string, kstride: number;
  // (every mm variant has at least as many threads as pixels in its tile, and BK*BN4 a multiple of them)
  if (gemmOrder) {
    // [N][IC] input: consecutive threads on consecutive channels of one row
    if (nt % bk) throw new Error(`${v.name}: needs a multiple of ${bk} threads`);
    kpt = 1; kbase = `lg % ${u(bk)}`; kstride = 0; ppt = ea; pbase = `lg / ${u(bk)}`; pstride = nt / bk;
  } else if (nt >= bm) {
    // NCHW input: consecutive threads on consecutive pixels, the threads of one pixel split the BK channels
    const r = nt / bm;
    if (nt % bm || bk % r) throw new Error(`${v.name}: thread count does not fit the pixel tile`);
    ppt = 1; pbase = `lg % ${u(bm)}`; pstride = 0; kpt = bk / r; kbase = `lg / ${u(bm)}`; kstride = r;
  } else {
    throw new Error(`${v.name}: fewer threads than pixels in the tile`);
  }
  const ebt = bk * bn4;
  if (ebt % nt) throw new Error(`${v.name}: B loads do not divide evenly`);
  const eb = ebt / nt;
  const gs = bk * (bm4 + bn4);
  const acc = v.tm * tn4;
  const nbuf = v.db ? 2 : 1;
  const smem = Math.max(ks * nbuf * gs, (ks - 1) * nt * acc, 1);
  const icc = Math.ceil(s.ic / bk);
  const nsteps = icc * s.fh * s.fw;
  const bounds = !(s.fh === 1 && s.fw === 1 && s.ph === 0 && s.pw === 0);
  // K slices (sk > 1): this work-group sums steps s0..kend-1 (see epiloguePlan for the rest)
  const sk = v.sk;
  const slen = Math.ceil(nsteps / sk);
  const ep = epiloguePlan(s, sk, v.lateScale);
  const { hoist, defer } = ep;
  const L: string[] = [];
  L.push(`const BM = ${u(bm)}; const BM4 = ${u(bm4)}; const BN4 = ${u(bn4)}; const NT = ${u(nt)}; const KS = ${u(ks)};
const BK = ${u(bk)}; const GS = ${u(gs)}; const M = ${u(s.n * s.oh * s.ow)}; const IHW = ${u(s.ih * s.iw)};
const NSTEPS = ${u(nsteps)}; const SLEN = ${u(slen)}; const NSTEP = ${u(Math.ceil(slen / ks))};
// K slice wid.z takes steps wid.z*SLEN.. (of all NSTEPS); per K group g: A at sm[g*GS + k*BM4 + pixel/4] (4 pixels a vec4), B at sm[g*GS + BK*BM4 + k*BN4 + ocb];
// after the K loop the same memory holds the partial sums of groups 1..KS-1
var<workgroup> sm: array<vec4<f32>, ${smem}>;
@compute @workgroup_size(${v.wx}, ${v.wy}, ${ks})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) l3: vec3<u32>) {
  let m0 = wid.x * BM; let ocb0 = wid.y * BN4;
  let tx = l3.x; let ty = l3.y; let g = l3.z;
  let lg = ty * ${u(v.wx)} + tx;
  let base = g * ${u(nbuf)} * GS;
  let pb0 = ${pbase}; let kb0 = ${kbase};
  ${sliceLets(sk, 's0', 'kend', 'NSTEPS')}`);
  // per loaded pixel: its origin in the input (top-left tap, may be negative) and its element offset there
  for (let j = 0; j < ppt; j++) {
    L.push(`  let ml${j} = pb0 + ${u(j * pstride)}; let okm${j} = m0 + ml${j} < M;
  let iy${j} = i32(((min(m0 + ml${j}, M - 1u) % OHW) / OW) * SH) - PH; let ix${j} = i32(((min(m0 + ml${j}, M - 1u) % OHW) % OW) * SW) - PW;
  let po${j} = i32((min(m0 + ml${j}, M - 1u) / OHW) * IC * IHW) + iy${j} * i32(IW) + ix${j};`);
  }
  for (let q = 0; q < v.tm; q++) for (let j = 0; j < tn4; j++) L.push(`  var c${q}_${j} = vec4<f32>(0.0);`);
  for (let j = 0; j < ppt; j++) for (let i = 0; i < kpt; i++) L.push(`  var ra${j}_${i} = 0.0;`);
  const q = s.bits !== 32;
  // quantized weights stay raw in registers from load to store (decoded at the store), so no arithmetic waits
  // on the weight load before the step's multiply-adds; the double-buffered variants do this for f32 too
  const rawB = v.db || q;
  // block-wise scales: where a staged row reads its raw scale ('mid' only between a single-buffered step's
  // multiply-adds and its stores; the double-buffered loop stores right after them)
  const bsAt = v.bs === 'mid' && v.db ? 'store' : (v.bs ?? 'load');
  for (let e = 0; e < eb; e++) {
    if (rawB) {
      // raw words (and raw scales) stay in registers until the store: no arithmetic waits on the loads
      L.push(`  var rbw${e}: WR; var rbv${e} = false;${q && !hoist ? (bsAt === 'load' ? ` var rbs${e} = vec4<f32>(0.0);${s.asym ? ` var rbo${e} = vec4<f32>(0.0);` : ''}`
        : ` var rbi${e} = 0u;${bsAt === 'mid' ? ` var rbs${e} = vec4<f32>(0.0);${s.asym ? ` var rbo${e} = vec4<f32>(0.0);` : ''}` : ''}`) : ''}`);
    } else L.push(`  var rb${e} = vec4<f32>(0.0);`);
  }
  const kOf = (i: number) => (kstride === 0 ? 'kb0' : `kb0 + ${u(i * kstride)}`);
  // global loads of step sidx into registers (zeros past the last step, for padding and channels >= IC)
  const loads = (sidx: string, ind: string): string[] => {
    const o: string[] = [`${ind}{ let sidx = ${sidx}; let sv = sidx < kend;
${ind}  let chunk = sidx / KHW; let tap = sidx % KHW; let dy = (tap / KW) * DH; let dx = (tap % KW) * DW;`];
    for (let j = 0; j < ppt; j++) {
      const chk = bounds ? ` && u32(iy${j} + i32(dy)) < IH && u32(ix${j} + i32(dx)) < IW` : '';
      o.push(`${ind}  { let ok = sv && okm${j}${chk}; let off = u32(po${j} + i32(dy * IW + dx));`);
      for (let i = 0; i < kpt; i++) {
        const icChk = s.ic % bk ? ` && ic < IC` : '';
        o.push(`${ind}    { let ic = chunk * BK + ${kOf(i)}; var x = 0.0; if (ok${icChk}) { x = xs(off + ic * IHW); } ra${j}_${i} = x; }`);
      }
      o.push(`${ind}  }`);
    }
    for (let e = 0; e < eb; e++) {
      if (rawB) {
        o.push(`${ind}  { let e = lg + ${u(e * nt)}; let k = e % BK; let ocb = ocb0 + e / BK; let icb = chunk * ${u(bk / 4)} + k / 4u;
${ind}    rbv${e} = sv && ocb < OCB && icb < ICB;
${ind}    if (rbv${e}) { rbw${e} = wraw(ocb * KB + icb * KHW + tap, k % 4u);${q && !hoist ? ` let si = soi(ocb, icb / BLKT); ${bsAt === 'load' ? `rbs${e} = SO[si];${s.asym ? ` rbo${e} = SO[si + 1u];` : ''}` : `rbi${e} = si;`}` : ''} } }`);
        continue;
      }
      // (float weights, single-buffered: nothing to dequantize)
      o.push(`${ind}  { let e = lg + ${u(e * nt)}; let k = e % BK; let ocb = ocb0 + e / BK; let icb = chunk * ${u(bk / 4)} + k / 4u;
${ind}    var w = vec4<f32>(0.0);
${ind}    if (sv && ocb < OCB && icb < ICB) { w = wu(ocb * KB + icb * KHW + tap, k % 4u); }
${ind}    rb${e} = w; }`);
    }
    o.push(`${ind}}`);
    return o;
  };
  // double-buffered variants: one K group (ks 1, 4x4 tiles) unrolls the step's BK multiply-add rounds in the
  // generated code; with K groups, quantized weights are decoded into registers (rd<e>) halfway through the step's
  // multiply-adds and only stored after them (both measured faster on the H200 than the plain loop and decoding at
  // the store)
  const unroll = v.db && ks === 1 && v.tm === 4;
  const early = q && v.db && ks > 1;
  // the registers of weight row e for stagedRow
  const row = (e: number) => (bsAt === 'store' ? { r: `rbw${e}`, i: 'e % 4u', valid: `rbv${e}`, sc: `sc${e}`, of: `of${e}`, rs: `SO[rbi${e}]`, ro: `SO[rbi${e} + 1u]` }
    : { r: `rbw${e}`, i: 'e % 4u', valid: `rbv${e}`, sc: `sc${e}`, of: `of${e}`, rs: `rbs${e}`, ro: `rbo${e}` });
  // (bs 'mid') the raw scales of the rows loaded for the next step, read after this step's multiply-adds
  const midScales = (ind: string): string[] => (q && !hoist && bsAt === 'mid'
    ? Array.from({ length: eb }, (_, e) => `${ind}rbs${e} = SO[rbi${e}];${s.asym ? ` rbo${e} = SO[rbi${e} + 1u];` : ''}`) : []);
  // smem stores of the registers loaded for one step, into the buffer at `at`
  const stores = (at: string, ind: string): string[] => {
    const o: string[] = [];
    for (let j = 0; j < ppt; j++) for (let i = 0; i < kpt; i++) {
      o.push(`${ind}{ let k = ${kOf(i)}; sm[${at} + k * BM4 + ml${j} / 4u][ml${j} % 4u] = ra${j}_${i}; }`);
    }
    for (let e = 0; e < eb; e++) {
      const dst = `sm[${at} + BK * BM4 + (e % BK) * BN4 + e / BK]`;
      if (early) { o.push(`${ind}{ let e = lg + ${u(e * nt)}; ${dst} = rd${e}; }`); continue; }
      if (!rawB) { o.push(`${ind}{ let e = lg + ${u(e * nt)}; ${dst} = rb${e}; }`); continue; }
      // the double-buffered variants keep the branch around the decode (measured faster on the H200 there)
      const { flag, val } = stagedRow(s, ep, row(e), v.db);
      o.push(flag ? `${ind}{ let e = lg + ${u(e * nt)}; var w = vec4<f32>(0.0); if (rbv${e}) { w = ${val}; } ${dst} = w; }`
        : `${ind}{ let e = lg + ${u(e * nt)}; ${dst} = ${val}; }`);
    }
    return o;
  };
  const decode = (ind: string): string[] => {
    const o: string[] = [];
    const keep = s.bits !== 32 && (v.selAfter ?? []).includes(s.bits as 4 | 8);
    for (let e = 0; e < eb; e++) {
      const { flag, val } = stagedRow(s, ep, row(e), keep);
      o.push(`${ind}{ let e = lg + ${u(e * nt)}; rd${e} = ${flag ? `select(vec4<f32>(0.0), ${val}, rbv${e})` : val}; }`);
    }
    return o;
  };
  const compute = (at: string, ind: string): string[] => {
    // multiply-add rounds (one channel k of the step each) in the block opened by `open`, which defines k
    const round = (open: string) => {
      const o: string[] = [`${ind}${open}`];
      for (let i = 0; i < tm4; i++) o.push(`${ind}  let av${i} = sm[${at} + k * BM4 + ty + ${u(i * v.wy)}];`);
      for (let j = 0; j < tn4; j++) o.push(`${ind}  let bv${j} = sm[${at} + BK * BM4 + k * BN4 + tx + ${u(j * v.wx)}];`);
      for (let qq = 0; qq < v.tm; qq++) for (let j = 0; j < tn4; j++) {
        o.push(`${ind}  c${qq}_${j} = fma(vec4<f32>(av${qq >> 2}[${qq & 3}]), bv${j}, c${qq}_${j});`);
      }
      o.push(`${ind}}`);
      return o;
    };
    if (unroll) return Array.from({ length: bk }, (_, k) => round(`{ let k = ${u(k)};`)).flat();
    if (!early) return round('for (var k = 0u; k < BK; k++) {');
    return [...round('for (var k = 0u; k < BK / 2u; k++) {'), ...decode(ind), ...round('for (var k = BK / 2u; k < BK; k++) {')];
  };
  L.push(...loads('s0 + g', '  '));
  L.push(...midScales('  '));
  L.push(...epilogueHoist(ep, Array.from({ length: tn4 }, (_, j) => `ocb0 + tx + ${u(j * v.wx)}`), '  '));
  // per-channel scales: each thread's weight channels are fixed, so their scale and offset are read once
  // (after the first step's loads, so that their latencies overlap)
  if (hoist && !defer) {
    for (let e = 0; e < eb; e++) {
      L.push(`  let sc${e} = dsc(min(ocb0 + (lg + ${u(e * nt)}) / BK, OCB), 0u); let of${e} = dof(min(ocb0 + (lg + ${u(e * nt)}) / BK, OCB), 0u);`);
    }
  }
  if (early) {
    for (let e = 0; e < eb; e++) L.push(`  var rd${e} = vec4<f32>(0.0);`);
    L.push(...decode('  '));
  }
  // the step count is the same for every thread (barriers stay in uniform control flow); the loads of step
  // st+1 are issued before the multiply-adds of step st
  if (v.db) {
    // two buffers: step st computes from buffer st%2 while the next step is stored into the other one, so
    // one barrier a step suffices (everyone has finished step st-1, which read that other buffer)
    L.push(...stores('base', '  '));
    L.push('  workgroupBarrier();');
    L.push('  for (var st = 0u; st < NSTEP; st++) {');
    L.push('    let bc = base + (st & 1u) * GS; let bn = base + ((st + 1u) & 1u) * GS; let more = st + 1u < NSTEP;');
    L.push('    if (more) {');
    L.push(...loads('s0 + (st + 1u) * KS + g', '      '));
    L.push('    }');
    L.push(...compute('bc', '    '));
    if (v.storeLast) L.push(...stores('bn', '    '));
    else L.push('    if (more) {', ...stores('bn', '      '), '    }');
    L.push('    workgroupBarrier();\n  }');
  } else {
    L.push('  for (var st = 0u; st < NSTEP; st++) {');
    L.push(...stores('base', '    '));
    L.push('    workgroupBarrier();');
    L.push('    if (st + 1u < NSTEP) {');
    L.push(...loads('s0 + (st + 1u) * KS + g', '      '));
    L.push('    }');
    L.push(...compute('base', '    '));
    L.push(...midScales('    '));
    L.push('    workgroupBarrier();\n  }');
  }
  if (ks > 1) {
    L.push('  if (g > 0u) {');
    for (let q = 0; q < v.tm; q++) for (let j = 0; j < tn4; j++) {
      L.push(`    sm[((g - 1u) * NT + lg) * ${u(acc)} + ${u(q * tn4 + j)}] = c${q}_${j};`);
    }
    L.push('  }\n  workgroupBarrier();\n  if (g != 0u) { return; }\n  for (var h = 1u; h < KS; h++) {');
    for (let q = 0; q < v.tm; q++) for (let j = 0; j < tn4; j++) {
      L.push(`    c${q}_${j} += sm[((h - 1u) * NT + lg) * ${u(acc)} + ${u(q * tn4 + j)}];`);
    }
    L.push('  }');
  }
  if (mmVecStore(s)) {
    // OHW % 4 == 0: each thread's 4 consecutive pixels q..q+3 (one image, all in range or all out) go out as
    // one vec4 per output channel: whole 16-byte pieces of a row instead of scattered 4-byte writes
    for (let q4 = 0; q4 < tm4; q4++) {
      L.push(`  { let m = m0 + (ty + ${u(q4 * v.wy)}) * 4u;
    if (m < M) {
      let n = m / OHW; let p = m % OHW;`);
      for (let j = 0; j < tn4; j++) {
        const r = [0, 1, 2, 3].map((i) => epilogueValue(ep, `c${q4 * 4 + i}_${j}`));
        L.push(`      { let ocb = ocb0 + tx + ${u(j * v.wx)}; if (ocb < OCB) {
        ${epilogueLets(ep, j)}store4x4(n + yn, ocb, p, ${r.join(', ')});
      } }`);
      }
      L.push('    }\n  }');
    }
  } else {
    for (let q = 0; q < v.tm; q++) {
      L.push(`  { let m = m0 + (ty + ${u((q >> 2) * v.wy)}) * 4u + ${u(q & 3)};
    if (m < M) {
      let n = m / OHW; let p = m % OHW;`);
      for (let j = 0; j < tn4; j++) {
        L.push(`      { let ocb = ocb0 + tx + ${u(j * v.wx)}; if (ocb < OCB) { ${epilogueLets(ep, j)}store4(n + yn, ocb, p, ${epilogueValue(ep, `c${q}_${j}`)}); } }`);
      }
      L.push('    }\n  }');
    }
  }
  L.push('}');
  return L.join('\n');
}


/**
 * win: direct convolution over an input window kept in work-group memory (general path). A work-group
 * computes a TH x TW box of output pixels of one image for BN4 4-channel output blocks. Each K step takes BC
 * input channels: the input window they need ((TH-1)*SH + (KH-1)*DH + 1 rows by the matching columns, zero
 * outside the image) and their dequantized weights for every filter tap go to work-group memory once, and
 * every tap is then computed from there, so a step brings in all KH*KW taps (mm brings in one) and an
 * input element is read from memory once per step instead of once per tap. A thread computes PX consecutive
 * output columns of one row for CN output blocks, reading each input row segment once for all KW taps.
 */
function winKernel(s: LowMemoryConvShape, v: WinVariant): string {
  const px = v.px;
  const nx = v.tw / px, ny = v.th, nz = v.bn4 / v.cn, ks = v.ks;
  const { ntc, nt, winH, winW, wrs, xe, we, xl, wl, smx4, smw4 } = winGeometry(v, s);
  const span = (px - 1) * s.sw + (s.fw - 1) * s.dw + 1;
  const q = s.bits !== 32;
  const owt = Math.ceil(s.ow / v.tw), oht = Math.ceil(s.oh / v.th), ocbt = Math.ceil(s.ocb / v.bn4);
  const vecStore = s.ow % 4 === 0;
  const L: string[] = [];
  L.push(`const TH = ${u(v.th)}; const TW = ${u(v.tw)}; const BN4 = ${u(v.bn4)}; const BC = ${u(v.bc)};
const WH = ${u(winH)}; const WWD = ${u(winW)}; const WRS = ${u(wrs)}; const XE = ${u(xe)}; const WE = ${u(we)}; const NT = ${u(nt)}; const IHW = ${u(s.ih * s.iw)};
const OWT = ${u(owt)}; const OCBT = ${u(ocbt)}; const NSTEP = ${u(Math.ceil(s.ic / v.bc))}; const SLEN = ${u(Math.ceil(Math.ceil(s.ic / v.bc) / v.sk))};
// input window: element (c, r, col) at float (c*WH + r)*WRS + col of smx, rows WRS floats apart (WWD
// rounded up to whole vec4s), then one spare float per thread for loads past the window; weights:
// smw[(c*KHW + tap)*BN4 + ob], dequantized
var<workgroup> smx: array<vec4<f32>, ${smx4}>;
var<workgroup> smw: array<vec4<f32>, ${smw4}>;
@compute @workgroup_size(${nx}, ${ny}, ${nz * ks})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_id) l3: vec3<u32>) {
  let tx = l3.x; let ty = l3.y; let tz = l3.z % ${u(nz)}; let kg = l3.z / ${u(nz)};
  let lg = (l3.z * ${u(ny)} + ty) * ${u(nx)} + tx;
  let oh0 = (wid.x / OWT) * TH; let ow0 = (wid.x % OWT) * TW;
  let n = wid.y / OCBT; let ocb0 = (wid.y % OCBT) * BN4;
  let iy0 = i32(oh0 * SH) - PH; let ix0 = i32(ow0 * SW) - PW;
  // K slice wid.z (sk > 1) takes steps st0..st1-1 (see epiloguePlan)
  ${sliceLets(v.sk, 'st0', 'st1', 'NSTEP')}`);
  for (let p = 0; p < px; p++) for (let c = 0; c < v.cn; c++) L.push(`  var a${p}_${c} = vec4<f32>(0.0);`);
  for (let i = 0; i < xl; i++) L.push(`  var rx${i} = 0.0;`);
  // per-channel scales (hoist): a weight row's output block is the same every step, so its scale and offset
  // are read once instead of with every row, or (defer) applied to the sums in the epilogue
  const ep = epiloguePlan(s, v.sk);
  const { hoist, defer } = ep;
  const perRow = q && !hoist;
  for (let i = 0; i < wl; i++) {
    L.push(`  var rw${i}: WR; var rv${i} = false;${perRow ? ` var rs${i} = vec4<f32>(0.0);${s.asym ? ` var ro${i} = vec4<f32>(0.0);` : ''}` : ''}`);
  }
  // what each thread loads is the same every step but for the channel offset: its elements' positions in
  // the window, bounds checks and tile indices are worked out once here
  for (let i = 0; i < xl; i++) {
    L.push(`  let xc${i} = (lg + ${u(i * nt)}) / (WH * WWD); let xy${i} = iy0 + i32(((lg + ${u(i * nt)}) / WWD) % WH); let xx${i} = ix0 + i32((lg + ${u(i * nt)}) % WWD);
  let xok${i} = lg + ${u(i * nt)} < XE && u32(xy${i}) < IH && u32(xx${i}) < IW;
  let xd${i} = select(${u(v.bc * winH * wrs)} + lg, (xc${i} * WH + ((lg + ${u(i * nt)}) / WWD) % WH) * WRS + (lg + ${u(i * nt)}) % WWD, lg + ${u(i * nt)} < XE);
  let xo${i} = select(0u, (n * IC + xc${i}) * IHW + u32(xy${i}) * IW + u32(xx${i}), xok${i});`);
  }
  for (let i = 0; i < wl; i++) {
    // f walks each output block's weights in memory order: tile (icb, tap), then its 4 rows
    L.push(`  let wf${i} = lg + ${u(i * nt)}; let wob${i} = wf${i} / (BC * KHW); let wr${i} = wf${i} % (BC * KHW);
  let wib${i} = (wr${i} >> 2u) / KHW; let wok${i} = wf${i} < WE && ocb0 + wob${i} < OCB;
  let wt${i} = select(0u, (ocb0 + wob${i}) * KB + wib${i} * KHW + (wr${i} >> 2u) % KHW, wok${i});
  let wd${i} = select(wf${i}, (((wr${i} >> 2u) / KHW * 4u + (wr${i} & 3u)) * KHW + (wr${i} >> 2u) % KHW) * BN4 + wob${i}, wf${i} < WE);`);
  }
  // global loads of step st into registers; branch-free: what is outside the image, past IC or past the
  // last block reads index 0 (in bounds) and is replaced by 0
  const loads = (ind: string): string[] => {
    const o: string[] = [];
    for (let i = 0; i < xl; i++) {
      o.push(`${ind}{ let ok = xok${i} && st * BC + xc${i} < IC; rx${i} = select(0.0, xs(select(0u, xo${i} + st * BC * IHW, ok)), ok); }`);
    }
    for (let i = 0; i < wl; i++) {
      o.push(`${ind}{ let icb = st * (BC / 4u) + wib${i}; let ok = wok${i} && icb < ICB; rv${i} = ok; let t = select(0u, wt${i} + st * (BC / 4u) * KHW, ok);
${ind}  rw${i} = wraw(t, wr${i} & 3u);${perRow ? ` let si = soi(select(0u, ocb0 + wob${i}, ok), select(0u, icb, ok) / BLKT); rs${i} = SO[si];${s.asym ? ` ro${i} = SO[si + 1u];` : ''}` : ''} }`);
    }
    return o;
  };
  const stores = (ind: string): string[] => {
    const o: string[] = [];
    // both arrays are sized to whole rounds of NT threads: no guard on the stores
    for (let i = 0; i < xl; i++) o.push(`${ind}smx[xd${i} >> 2u][xd${i} & 3u] = rx${i};`);
    for (let i = 0; i < wl; i++) {
      const { flag, val } = stagedRow(s, ep, { r: `rw${i}`, i: `wr${i} & 3u`, valid: `rv${i}`, sc: `sc${i}`, of: `of${i}`, rs: `rs${i}`, ro: `ro${i}` });
      // rows past WE land in the spare tail past the used part, never read
      o.push(`${ind}smw[wd${i}] = ${flag ? `select(vec4<f32>(0.0), ${val}, rv${i})` : val};`);
    }
    return o;
  };
  L.push('  { let st = st0;');
  L.push(...loads('    '));
  L.push('  }');
  L.push(...epilogueHoist(ep, Array.from({ length: v.cn }, (_, c) => `ocb0 + tz + ${u(c * nz)}`), '  '));
  // (read after the first step's loads are issued, so that the latencies overlap)
  if (hoist && !defer) for (let i = 0; i < wl; i++) L.push(`  let sc${i} = dsc(min(ocb0 + wob${i}, OCB), 0u); let of${i} = dof(min(ocb0 + wob${i}, OCB), 0u);`);
  L.push('  for (var st = st0; st < st1; st++) {');
  L.push(...stores('    '));
  L.push('    workgroupBarrier();');
  L.push('    if (st + 1u < st1) { let st = st + 1u;');
  L.push(...loads('      '));
  L.push('    }');
  L.push(`    for (var c = ${ks > 1 ? 'kg' : '0u'}; c < BC; c += ${u(ks)}) {`);
  for (let kh = 0; kh < s.fh; kh++) {
    L.push(`      { let rb = (c * WH + ty * SH + ${u(kh * s.dh)}) * WRS + tx * ${u(px * s.sw)};`);
    if (s.sw === 1) {
      // rb is a multiple of 4 and the segment stays inside its row: whole vec4 reads
      for (let k = 0; k < Math.ceil(span / 4); k++) L.push(`        let xv${k} = smx[(rb >> 2u) + ${u(k)}];`);
      for (let j = 0; j < span; j++) L.push(`        let x${j} = xv${j >> 2}[${j & 3}];`);
    } else {
      for (let j = 0; j < span; j++) L.push(`        let x${j} = smx[(rb + ${u(j)}) >> 2u][(rb + ${u(j)}) & 3u];`);
    }
    for (let kw = 0; kw < s.fw; kw++) {
      for (let c = 0; c < v.cn; c++) L.push(`        let w${kw}_${c} = smw[(c * KHW + ${u(kh * s.fw + kw)}) * BN4 + tz + ${u(c * nz)}];`);
      for (let p = 0; p < px; p++) for (let c = 0; c < v.cn; c++) {
        L.push(`        a${p}_${c} = fma(vec4<f32>(x${p * s.sw + kw * s.dw}), w${kw}_${c}, a${p}_${c});`);
      }
    }
    L.push('      }');
  }
  L.push('    }');
  L.push('    workgroupBarrier();');
  L.push('  }');
  if (ks > 1) {
    // split channels: groups 1..ks-1 hand their sums to group 0 one group at a time through work-group
    // memory (smw is free now), so only one group's worth of it is needed
    const acc = px * v.cn;
    L.push(`  let lc = (tz * ${u(ny)} + ty) * ${u(nx)} + tx;
  for (var h = 1u; h < ${u(ks)}; h++) {
    if (kg == h) {`);
    for (let p = 0; p < px; p++) for (let c = 0; c < v.cn; c++) L.push(`      smw[lc * ${u(acc)} + ${u(p * v.cn + c)}] = a${p}_${c};`);
    L.push(`    }
    workgroupBarrier();
    if (kg == 0u) {`);
    for (let p = 0; p < px; p++) for (let c = 0; c < v.cn; c++) L.push(`      a${p}_${c} += smw[lc * ${u(acc)} + ${u(p * v.cn + c)}];`);
    L.push(`    }
    workgroupBarrier();
  }
  if (kg != 0u) { return; }`);
  }
  L.push(`  let oh = oh0 + ty; let ow = ow0 + tx * ${u(px)};
  if (oh < OH && ow < OW) {`);
  for (let c = 0; c < v.cn; c++) {
    L.push(`    { let ocb = ocb0 + tz + ${u(c * nz)}; if (ocb < OCB) { ${epilogueLets(ep, c)}`);
    for (let g = 0; g < px / 4; g++) {
      // pixels 4g..4g+3 of the thread's run (the first group is inside the row: ow < OW above)
      const ind = g ? '        ' : '      ';
      if (g) L.push(`      if (ow + ${u(4 * g)} < OW) {`);
      const r = [0, 1, 2, 3].map((i) => epilogueValue(ep, `a${4 * g + i}_${c}`));
      L.push(`${ind}let r0 = ${r[0]}; let r1 = ${r[1]}; let r2 = ${r[2]}; let r3 = ${r[3]}; let o = ow + ${u(4 * g)};`);
      if (vecStore) {
        // OW % 4 == 0 and o % 4 == 0: the 4 pixels are one aligned vec4 of the row, all inside it
        L.push(`${ind}store4x4(n + yn, ocb, oh * OW + o, r0, r1, r2, r3);`);
      } else {
        L.push(`${ind}store4(n + yn, ocb, oh * OW + o, r0);
${ind}if (o + 1u < OW) { store4(n + yn, ocb, oh * OW + o + 1u, r1); }
${ind}if (o + 2u < OW) { store4(n + yn, ocb, oh * OW + o + 2u, r2); }
${ind}if (o + 3u < OW) { store4(n + yn, ocb, oh * OW + o + 3u, r3); }`);
      }
      if (g) L.push('      }');
    }
    L.push('    } }');
  }
  L.push('  }\n}');
  return L.join('\n');
}

/**
 * The second dispatch of a K-sliced variant: Y = act(sum of the SK partial copies + bias). Bound with the
 * same layout: binding 0 is the workspace (SK copies of the output, NCHW), 3 the bias, 4 the output. One
 * thread per 4 consecutive output elements (a vec4 when OH*OW % 4 == 0, so the 4 share a channel; else
 * element by element, each with its own channel); dispatched as reduceDispatchSize says (x*256 threads a row).
 */
export function reduceKernel(s: LowMemoryConvShape, sk: number): string {
  const total = s.n * s.oc * s.oh * s.ow;
  const vec = (s.oh * s.ow) % 4 === 0;
  const act = actExpr(s, 'v', 'T');
  const head = `// generated by i8conv src/gpu/wgsl.ts: sum of ${sk} K slices, bias, act ${s.nonlinearity}
@group(0) @binding(0) var<storage, read> P: array<${vec ? 'vec4<f32>' : 'f32'}>;
@group(0) @binding(3) var<storage, read> B: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> Y: array<${vec ? 'vec4<f32>' : 'f32'}>;
const SK = ${u(sk)}; const TOTAL = ${u(total)}; const OC = ${u(s.oc)}; const OHW = ${u(s.oh * s.ow)};
alias T = ${vec ? 'vec4<f32>' : 'f32'};
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nw: vec3<u32>) {
  let t = gid.y * nw.x * 256u + gid.x;`;
  if (vec) {
    return `${head}
  let i = t; if (i >= TOTAL / 4u) { return; }
  var v = P[i];
  for (var k = 1u; k < SK; k++) { v += P[k * (TOTAL / 4u) + i]; }
  let oc = ((i * 4u) / OHW) % OC;
  v += T(B[oc >> 2u][oc & 3u]);
  Y[i] = ${act};
}`;
  }
  return `${head}
  for (var e = 0u; e < 4u; e++) {
    let i = t * 4u + e; if (i >= TOTAL) { return; }
    var v = P[i];
    for (var k = 1u; k < SK; k++) { v += P[k * TOTAL + i]; }
    let oc = (i / OHW) % OC;
    v += B[oc >> 2u][oc & 3u];
    Y[i] = ${act};
  }
}`;
}

/**
 * The first dispatch of a dot or mma variant: the gemm input X [N][IC] as int8 digits, per batch row m and
 * 32-channel block b. With e the exponent of the block's largest |x| (kept within [22, 254]: blocks below 2^-105
 * lose precision, never range), every x becomes xs = round(x * 2^(148 - e)), |xs| <= 2^22, which is split into
 * signed bytes xs = d0 + 256*d1 + 65536*d2 (d0, d1 in [-128, 127], |d2| <= 64); the block's value is
 * 2^(e - 148) * sum(xs * w). An infinite or NaN input makes the block's factor NaN, so the row's outputs are NaN.
 * 8 threads per block (4 channels each), the block's maximum (and sums) through work-group memory, or, with
 * `subgroups` (dot layout only), by subgroup shuffles.
 *
 * Dot layout (u32 words, records of NB vec4s, record r of row m at vec4 (m*NR + r)*NB + b):
 *   r = 2d + h (d = digit, h = half of the block): component i = digit d of channels 32b + 16h + 4i .. +3, byte j
 *       for channel +j (the byte order of the dot weight layout);
 *   r = 6: (2^(e - 148) as f32 bits, and for each digit 8 * its sum over the block, which the kernel subtracts
 *       because the weights' even lanes are stored as q + 8);
 *   r = 7 (asymmetric weights only): (the block's float sum of x, for the offsets).
 * Mma layout (variants.ts mmaGeometry; rows m >= N, dispatched for the padding, get zero digits):
 *   digit d of channel k of row m: byte (d*MP + m)*KP + k; 2^(e - 148) of block b at word EXO + b*MP + m; for
 *   asymmetric weights the block's float sum of x at word EXO + (NB + b)*MP + m (a block's rows contiguous).
 */
export function dotPrepass(s: LowMemoryConvShape, layout: 'dot' | 'mma' = 'dot', subgroups = false): string {
  const mma = layout === 'mma';
  // the dot layout's 8 threads of a block may exchange their maximum and sums by subgroup shuffles instead
  // (no work-group memory, no barriers); that needs each aligned group of 8 consecutive invocations inside one
  // subgroup, which the devices with subgroup matrices guarantee (32-lane subgroups); elsewhere (SwiftShader:
  // 4 lanes) work-group memory
  const sg = subgroups && !mma;
  const shuffle = (v: string, op: (a: string, b: string) => string) => [1, 2, 4].map((k) => `${v} = ${op(v, `subgroupShuffleXor(${v}, ${k}u)`)};`).join(' ');
  const g = mmaGeometry(s);
  const { nb } = dotBlocks(s);
  const nr = s.asym ? 8 : 7;
  const T = DOT_PREPASS_WG;
  const v4 = s.ic % 4 === 0;
  // the block's factor 2^(e - 148) (NaN for a non-finite input) and, asymmetric, its float sum of x
  const inv = 'let inv = bitcast<f32>(select(u32(e - 21i) << 23u, 0x7fc00000u, eraw == 255i));';
  const xsum = sg ? '' : 'var xsum = smf[lid];\n    for (var i = 1u; i < 8u; i++) { xsum += smf[lid + i]; }';
  const store = mma ? `  let base = m * KP4 + b * 8u + t;
  if (b < NB) {
    XD[base] = pack4xI8(d0); XD[MP * KP4 + base] = pack4xI8(d1); XD[2u * MP * KP4 + base] = pack4xI8(d2);
  }
  workgroupBarrier();
  if (t == 0u && b < NB) {
    ${inv}
    XD[EXO + b * MP + m] = bitcast<u32>(inv);
    ${s.asym ? `${xsum}
    XD[EXO + (NB + b) * MP + m] = bitcast<u32>(xsum);` : ''}
  }` : `  ${sg ? 'var cs' : 'sms[lid]'} = vec4<i32>(d0.x + d0.y + d0.z + d0.w, d1.x + d1.y + d1.z + d1.w, d2.x + d2.y + d2.z + d2.w, 0i);${sg ? `
  ${shuffle('cs', (p, q) => `${p} + ${q}`)}` : ''}
  let base = m * NR;
  if (b < NB) {
    let h = t >> 2u; let c = t & 3u;
    XD[((base + h) * NB + b) * 4u + c] = pack4xI8(d0);
    XD[((base + 2u + h) * NB + b) * 4u + c] = pack4xI8(d1);
    XD[((base + 4u + h) * NB + b) * 4u + c] = pack4xI8(d2);
  }
  ${sg ? '' : 'workgroupBarrier();\n  '}if (t == 0u && b < NB) {
    ${sg ? '' : 'var cs = sms[lid];\n    for (var i = 1u; i < 8u; i++) { cs += sms[lid + i]; }\n    '}${inv}
    let r6 = ((base + 6u) * NB + b) * 4u;
    XD[r6] = bitcast<u32>(inv); XD[r6 + 1u] = bitcast<u32>(cs.x * 8i);
    XD[r6 + 2u] = bitcast<u32>(cs.y * 8i); XD[r6 + 3u] = bitcast<u32>(cs.z * 8i);
    ${s.asym ? `${xsum}
    let r7 = ((base + 7u) * NB + b) * 4u;
    XD[r7] = bitcast<u32>(xsum); XD[r7 + 1u] = 0u; XD[r7 + 2u] = 0u; XD[r7 + 3u] = 0u;` : ''}
  }`;
  const consts = mma ? `const N = ${u(s.n)}; const MP = ${u(g.mp)}; const KP4 = ${u(g.kp / 4)}; const EXO = ${u(g.exo)};`
    : `const NR = ${u(nr)};`;
  return `// generated by i8conv src/gpu/wgsl.ts: input digits for the ${layout} kernels${sg ? ' (subgroup shuffles)\nenable subgroups;' : ''}
@group(0) @binding(0) var<storage, read> X: array<${v4 ? 'vec4<f32>' : 'f32'}>;
@group(0) @binding(4) var<storage, read_write> XD: array<u32>;
const IC = ${u(s.ic)}; const NB = ${u(nb)}; ${consts}
${sg ? '' : `var<workgroup> smx: array<u32, ${T}>;
${mma ? '' : `var<workgroup> sms: array<vec4<i32>, ${T}>;`}
${s.asym ? `var<workgroup> smf: array<f32, ${T}>;` : ''}`}
@compute @workgroup_size(${T})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let m = wid.y;
  let b = wid.x * ${u(T / 8)} + (lid >> 3u); let t = lid & 7u;
  var xv = vec4<f32>(0.0);
  if (b < NB${mma ? ' && m < N' : ''}) {
    let k0 = b * 32u + t * 4u;
    ${v4 ? 'if (k0 < IC) { xv = X[(m * IC + k0) >> 2u]; }  // IC % 4 == 0: whole vec4s'
    : 'for (var r = 0u; r < 4u; r++) { if (k0 + r < IC) { xv[r] = X[m * IC + k0 + r]; } }'}
  }
  // |x| as bits: for non-negative floats the integer order is the float order. A non-finite input (exponent
  // bits all ones) counts as +inf, so the block's factor becomes NaN.
  let ab = bitcast<vec4<u32>>(xv) & vec4<u32>(0x7fffffffu);
  let bad = any(ab >= vec4<u32>(0x7f800000u));
${sg ? `  var mx = select(max(max(ab.x, ab.y), max(ab.z, ab.w)), 0x7f800000u, bad);
  ${shuffle('mx', (p, q) => `max(${p}, ${q})`)}
  ${s.asym ? `var xsum = (xv.x + xv.y) + (xv.z + xv.w);\n  ${shuffle('xsum', (p, q) => `${p} + ${q}`)}` : ''}`
  : `  smx[lid] = select(max(max(ab.x, ab.y), max(ab.z, ab.w)), 0x7f800000u, bad);
  ${s.asym ? 'smf[lid] = (xv.x + xv.y) + (xv.z + xv.w);' : ''}
  workgroupBarrier();
  let g0 = lid & ~7u;
  var mx = smx[g0];
  for (var i = 1u; i < 8u; i++) { mx = max(mx, smx[g0 + i]); }`}
  let eraw = i32(mx >> 23u);
  let e = clamp(eraw, 22i, 254i);
  // 2^(148 - e) as two factors, each a normal float
  let sh = 148i - e; let sa = sh >> 1u; let sb = sh - sa;
  let fa = bitcast<f32>(u32(sa + 127i) << 23u); let fb = bitcast<f32>(u32(sb + 127i) << 23u);
  let xs = vec4<i32>(round((xv * fa) * fb));
  let h1 = (xs + vec4<i32>(128)) >> vec4<u32>(8u); let d0 = xs - (h1 << vec4<u32>(8u));
  let d2 = (h1 + vec4<i32>(128)) >> vec4<u32>(8u); let d1 = h1 - (d2 << vec4<u32>(8u));
${store}
}`;
}

/**
 * The second dispatch of an mma variant (variants.ts MmaVariant). A work-group computes a TM x TN output tile
 * (batch rows x output channels) with KS groups of WM x WN subgroups; group g takes the 32-channel blocks g,
 * g + KS, ... Per step a group stages its block in work-group memory: the three digit planes' TM rows of 32 bytes
 * and the weights' TN columns of 32 bytes (global loads of the next step are issued before this step's products).
 * Each subgroup multiplies its FM x FN tiles of 16x16: three subgroup-matrix products per tile, one per digit,
 * joined in i32: int4 (|q| <= 8) as ((P2*256 + P1)*256 + P0), below 2^31; int8 keeps P2 apart (P2*65536 would
 * not fit) and joins it in float. The tiles go to the subgroup's part of work-group memory; lane l takes column
 * l%16, rows 2t + l/16 (t = 0..7) of each, converts once and accumulates value * S[n][blk] * 2^(e - 148) (plus
 * sum(x) * O[n][blk] for asymmetric weights) in float. At the end the groups' sums meet in the same memory and
 * group 0 stores. Every group runs the same number of steps (blocks past NB compute on the last block and add
 * nothing), so barriers are reached uniformly; the matrix operands depend on the subgroup index, which Tint's
 * workgroup-level uniformity analysis cannot see as subgroup-uniform, hence its diagnostic is turned off.
 * Subgroups are taken as 32 consecutive invocations of the 1-D work-group (the subgroup-matrix feature
 * requires full 32-lane subgroups).
 */
function mmaKernel(s: LowMemoryConvShape, v: MmaVariant): string {
  const g = mmaGeometry(s);
  const z = mmaSizes(v, s);
  const { fm, fn, ks } = v;
  const nacc = s.bits === 8 ? 2 : 1;
  const G = 32 * v.wm * v.wn; // threads of a group
  const nz = s.asym ? 2 : 1; // rows of block factors staged: 2^(e - 148), and sum(x) for asymmetric weights
  const gs = z.group; // staging words of a group
  const nlr = 6 * z.tm + 2 * z.tn; // 16-byte loads of digits and weights a group stages a step
  const nv = nlr + nz * (z.tm / 4); // ... and of factors
  const per = Math.ceil(nv / G);
  const L = 'subgroup_matrix_left<i8, 32, 16>', R = 'subgroup_matrix_right<i8, 16, 32>';
  const fetch: string[] = [], put: string[] = [];
  for (let j = 0; j < per; j++) {
    // vec4 idx of the group's step: left (plane d, row, half) for idx < 6*TM, else right (column, half)
    fetch.push(`    { let idx = tg + ${u(j * G)};`,
      `      if (idx < ${u(6 * z.tm)}) { pf${j} = XD[(((idx / ${u(2 * z.tm)}) * MP + m0 + (idx / 2u) % ${u(z.tm)}) * KP + k0) / 16u + (idx & 1u)]; }`,
      `      else if (idx < ${u(nlr)}) { pf${j} = W[((n0 + (idx - ${u(6 * z.tm)}) / 2u) * KP + k0) / 16u + (idx & 1u)]; }`,
      `      else if (idx < ${u(nv)}) { let f = idx - ${u(nlr)}; pf${j} = XD[(EXO + ((f / ${u(z.tm / 4)}) * NB + k0 / 32u) * MP + m0) / 4u + f % ${u(z.tm / 4)}]; } }`);
    put.push(`    { let idx = tg + ${u(j * G)}; if (idx < ${u(nv)}) { let o = gb + idx * 4u; sm[o] = pf${j}.x; sm[o + 1u] = pf${j}.y; sm[o + 2u] = pf${j}.z; sm[o + 3u] = pf${j}.w; } }`);
  }
  const mm: string[] = [];
  for (let i = 0; i < fm; i++) for (let d = 0; d < 3; d++) {
    mm.push(`    let l${i}_${d} = subgroupMatrixLoad<${L}>(&sm, gb * 4u + ${u((d * z.tm + 16 * i) * 32)} + mo * 32u, false, 32u);`);
  }
  for (let j = 0; j < fn; j++) mm.push(`    let r${j} = subgroupMatrixLoad<${R}>(&sm, gb * 4u + ${u((3 * z.tm + 16 * j) * 32)} + no * 32u, true, 32u);`);
  for (let i = 0; i < fm; i++) for (let j = 0; j < fn; j++) {
    const o = (i * fn + j) * 256 * nacc;
    if (nacc === 1) {
      mm.push(`    { var a = subgroupMatrixMultiply<i32>(l${i}_2, r${j}); a = subgroupMatrixScalarMultiply(a, 256i);`,
        `      a = subgroupMatrixMultiplyAccumulate(l${i}_1, r${j}, a); a = subgroupMatrixScalarMultiply(a, 256i);`,
        `      a = subgroupMatrixMultiplyAccumulate(l${i}_0, r${j}, a); subgroupMatrixStore(&sm, sw + ${u(o)}, a, false, 16u); }`);
    } else {
      mm.push(`    { let h = subgroupMatrixMultiply<i32>(l${i}_2, r${j}); subgroupMatrixStore(&sm, sw + ${u(o)}, h, false, 16u);`,
        `      var a = subgroupMatrixMultiply<i32>(l${i}_1, r${j}); a = subgroupMatrixScalarMultiply(a, 256i);`,
        `      a = subgroupMatrixMultiplyAccumulate(l${i}_0, r${j}, a); subgroupMatrixStore(&sm, sw + ${u(o + 256)}, a, false, 16u); }`);
    }
  }
  // lane l: column l%16 of each tile, rows 2t + l/16 (t = 0..7): word l + 32t of the row-major tile, so the
  // 32 lanes read 32 consecutive words; a = ..._h holds rows t = 4h .. 4h+3
  const lanes: string[] = [], facs: string[] = [];
  const fac = (k: number, i: number, h: number) => `bitcast<vec4<f32>>(vec4<i32>(${[0, 1, 2, 3].map((t) => `sm[EB + ${u(k * z.tm + 16 * i + 2 * (4 * h + t))} + mo + rh]`).join(', ')}))`;
  for (let i = 0; i < fm; i++) for (const h of [0, 1]) {
    // read before the step's second barrier: the group's next step overwrites the staging
    facs.push(`    let e${i}${h} = ${fac(0, i, h)};`);
    if (s.asym) facs.push(`    let z${i}${h} = ${fac(1, i, h)};`);
  }
  const ld = (o: string) => `vec4<f32>(vec4<i32>(sm[${o}], sm[${o} + 32u], sm[${o} + 64u], sm[${o} + 96u]))`;
  for (let j = 0; j < fn; j++) {
    lanes.push(`      let nc${j} = n0 + no + ${u(16 * j)} + cl; let q${j} = soi(min(nc${j} / 4u, OCB), blk);`);
    lanes.push(`      let s${j} = SO[q${j}][nc${j} % 4u];${s.asym ? ` let o${j} = SO[q${j} + 1u][nc${j} % 4u];` : ''}`);
    for (let i = 0; i < fm; i++) for (const h of [0, 1]) {
      const o = `sw + ${u((i * fn + j) * 256 * nacc + 128 * h)} + l`;
      const val = nacc === 1 ? ld(o) : `fma(${ld(o)}, vec4<f32>(65536.0), ${ld(`${o} + 256u`)})`;
      lanes.push(`      a${i}_${j}_${h} = fma(${val} * s${j}, e${i}${h}, a${i}_${j}_${h});`);
      if (s.asym) lanes.push(`      a${i}_${j}_${h} = fma(z${i}${h}, vec4<f32>(o${j}), a${i}_${j}_${h});`);
    }
  }
  const decl: string[] = [], park: string[] = [], out: string[] = [];
  let slot = 0;
  const nsg = v.wm * v.wn;
  for (let i = 0; i < fm; i++) for (let j = 0; j < fn; j++) for (const h of [0, 1]) {
    const a = `a${i}_${j}_${h}`;
    decl.push(`var ${a} = vec4<f32>(0.0);`);
    // the groups' sums: slot (tile, half) of lane l of subgroup w at i32 RB + w*PER + (slot*32 + l)*4
    park.push(`  { let o = sw + ${u(slot * 128)} + l * 4u; for (var t = 0u; t < 4u; t++) { sm[o + t] = bitcast<i32>(${a}[t]); } }`);
    out.push(`    { var y = ${a};`,
      ks > 1 ? `      for (var k = 1u; k < KS; k++) { let o = sw + k * ${u(nsg)} * PER + ${u(slot * 128)} + l * 4u; y += bitcast<vec4<f32>>(vec4<i32>(sm[o], sm[o + 1u], sm[o + 2u], sm[o + 3u])); }` : '',
      `      let m = m0 + mo + ${u(16 * i + 8 * h)} + rh; let n = n0 + no + ${u(16 * j)} + cl;`,
      `      y = ${actExpr(s, `y + vec4<f32>(B[min(n / 4u, OCB)][n % 4u])`, 'vec4<f32>')};`,
      `      if (n < OC) { for (var t = 0u; t < 4u; t++) { if (m + 2u * t < N) { Y[(m + 2u * t) * OC + n] = y[t]; } } } }`);
    slot++;
  }
  return `// generated by i8conv src/gpu/wgsl.ts: ${v.name}, int${s.bits} ${s.asym ? 'asymmetric' : 'symmetric'} blk${s.blockSize}, act ${s.nonlinearity}
enable chromium_experimental_subgroup_matrix;
diagnostic(off, chromium.subgroup_matrix_uniformity);
@group(0) @binding(0) var<storage, read> XD: array<vec4<i32>>;
@group(0) @binding(1) var<storage, read> W: array<vec4<i32>>;
@group(0) @binding(2) var<storage, read> SO: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> B: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> Y: array<f32>;
const N = ${u(s.n)}; const OC = ${u(s.oc)}; const OCB = ${u(s.ocb)}; const NB = ${u(g.nb)}; const KP = ${u(g.kp)}; const MP = ${u(g.mp)};
const NBLK = ${u(s.nBlk)}; const BPB = ${u(s.nBlk === 1 ? g.nb : s.blockSize / 32)};
const EXO = ${u(g.exo)}; const KS = ${u(ks)}; const PER = ${u(z.per)};
// staging (KS groups of ${gs} words), then the subgroups' result tiles (PER words each) from RB on
const RB = ${u(z.stage)};
var<workgroup> sm: array<i32, ${z.words}>;
${soiFn(s)}
@compute @workgroup_size(${z.threads})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let n0 = wid.x * ${u(z.tn)}; let m0 = wid.y * ${u(z.tm)};
  // subgroup w (32 consecutive invocations) of group gi, lane l; subgroup q of its group owns rows mo.., columns no..
  let w = lid / 32u; let l = lid % 32u; let gi = w / ${u(nsg)}; let q = w % ${u(nsg)};
  let mo = (q / ${u(v.wn)}) * ${u(16 * fm)}; let no = (q % ${u(v.wn)}) * ${u(16 * fn)};
  let tg = lid % ${u(G)}; let gb = gi * ${u(gs)}; let sw = RB + w * PER; let EB = gb + ${u((3 * z.tm + z.tn) * 8)};
  let cl = l & 15u; let rh = l >> 4u;
  ${decl.join('\n  ')}
  ${Array.from({ length: per }, (_, j) => `var pf${j} = vec4<i32>(0);`).join(' ')}
  var k0 = min(gi, NB - 1u) * 32u;
${fetch.join('\n')}
  for (var i = 0u; i < ${u(Math.ceil(g.nb / ks))}; i++) {
    let b = i * KS + gi;
${put.join('\n')}
    workgroupBarrier();
    k0 = min(b + KS, NB - 1u) * 32u;
${fetch.join('\n')}
${mm.join('\n')}
${facs.join('\n')}
    workgroupBarrier();
    if (b < NB) {
      let blk = b / BPB;
${lanes.join('\n')}
    }
  }
${ks > 1 ? `  workgroupBarrier();
${park.join('\n')}
  workgroupBarrier();` : ''}
  if (gi == 0u) {
${out.filter((x) => x).join('\n')}
  }
}`;
}

/**
 * The 24 packed dot products of one 32-channel block (weights c0..c3, digits d{0,1,2}{a,b}) into the integer
 * sums a0, a1, a2 (one per digit; components: even lane from the masked words, odd lane from whole ones).
 */
function dotProducts(): string[] {
  const body: string[] = [];
  for (let uu = 0; uu < 4; uu++) for (let tt = 0; tt < 2; tt++) {
    const comp = ['x', 'y', 'z', 'w'][(uu % 2) * 2 + tt];
    const half = uu < 2 ? 'a' : 'b';
    const [wa, wb] = tt === 0 ? ['x', 'y'] : ['z', 'w'];
    body.push(`    { let ta = c${uu}.${wa}; let tb = c${uu}.${wb}; let ma = ta & 0x0f0f0f0fu; let mb = tb & 0x0f0f0f0fu;`);
    for (let d = 0; d < 3; d++) {
      const x = `d${d}${half}.${comp}`;
      body.push(`      a${d} += vec4<i32>(dot4I8Packed(ma, ${x}), dot4I8Packed(ta, ${x}), dot4I8Packed(mb, ${x}), dot4I8Packed(tb, ${x}));`);
    }
    body.push('    }');
  }
  return body;
}

/** WGSL: the block's value v (vec4, the 4 output lanes) from the digit sums a0..a2 and the block record bi. */
const DOT_JOIN = `    // even lanes: A - 8*sum(digit); odd lanes: B - A = 16*sum(q*digit), its 1/16 taken in float (exact)
    let cs = bitcast<vec3<i32>>(bi.yzw);
    let f0 = i2f(vec4<i32>(a0.x - cs.x, a0.y - a0.x, a0.z - cs.x, a0.w - a0.z));
    let f1 = i2f(vec4<i32>(a1.x - cs.y, a1.y - a1.x, a1.z - cs.y, a1.w - a1.z));
    let f2 = i2f(vec4<i32>(a2.x - cs.z, a2.y - a2.x, a2.z - cs.z, a2.w - a2.z));
    let v = fma(f2, vec4<f32>(65536.0, 4096.0, 65536.0, 4096.0), fma(f1, vec4<f32>(256.0, 16.0, 256.0, 16.0),
      f0 * vec4<f32>(1.0, 0.0625, 1.0, 0.0625))) * bitcast<f32>(bi.x);`;

const I2F = `// a digit's sums to float without a conversion instruction (a quarter of the integer rate on NVIDIA):
// |e| <= 2^19 < 2^22, so the bits of 1.5*2^23 plus e are the float 1.5*2^23 + e
fn i2f(e: vec4<i32>) -> vec4<f32> { return bitcast<vec4<f32>>(e + vec4<i32>(0x4b400000)) - vec4<f32>(12582912.0); }`;

/**
 * The second dispatch of a dot variant (see dotPrepass and pack.ts packDotWeights). A work-group of T threads
 * holds T/L groups of L lanes, each group one 4-channel output block; lane i takes the 32-channel blocks i, i+L,
 * ... of one batch row (wid.y), loading the next block's 64 bytes of weights before working on the current one
 * (`d` variants: also the next block's digit records and, with block-wise scales, its scale, so no step waits
 * on a load issued in that step; without it each step waits for its digits from L2).
 * Per block and digit d, integer sums A (even lanes, from the low nibbles) and B (odd lanes, from whole bytes)
 * give exactly sum(q*digit): even lane A - 8*sum(digit), odd lane (B - A)/16; the three digits are joined in
 * float (the first two exactly, below 2^24; one rounding), times 2^(e - 148) and the block's scale. Sums of the group's lanes
 * meet in work-group memory (two rounds); lane 0 adds bias and activation and stores.
 */
function dotKernel(s: LowMemoryConvShape, v: DotVariant, wg: Wg): string {
  const { nb, nbp } = dotBlocks(s);
  const nr = s.asym ? 8 : 7;
  const T = wg[0], L = v.l;
  const perChan = s.nBlk === 1;
  const body = dotProducts();
  // the block's digit records; pd: loaded one block ahead (into e..), like the weights, and so are block scales
  const pd = !!v.pd, ps = pd && !perChan;
  const rec = (names: string[], b: string, decl: string) => names.map((x, r) => `${decl}${x} = XD[xb + ${['', 'NB + '][r] ?? `${u(r)} * NB + `}${b}];`).join(' ');
  const DN = ['d0a', 'd0b', 'd1a', 'd1b', 'd2a', 'd2b', 'bi'], EN = ['e0a', 'e0b', 'e1a', 'e1b', 'e2a', 'e2b', 'ei'];
  const xa = 'bitcast<f32>(XD[xb + 7u * NB + b].x)';
  return `// generated by i8conv src/gpu/wgsl.ts: ${v.name}, int4 ${s.asym ? 'asymmetric' : 'symmetric'} blk${s.blockSize}, act ${s.nonlinearity}
@group(0) @binding(0) var<storage, read> XD: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read> W: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read> SO: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> B: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> Y: array<f32>;
const OC = ${u(s.oc)}; const OCB = ${u(s.ocb)}; const NB = ${u(nb)}; const NBP = ${u(nbp)}; const NR = ${u(nr)};
const NBLK = ${u(s.nBlk)}; const BPB = ${u(perChan ? 1 : s.blockSize / 32)}; const L = ${u(L)}; const T = ${u(T)};
var<workgroup> red: array<vec4<f32>, ${T}>;
${soiFn(s)}
${I2F}
// vec4 u (tiles 2u, 2u+1) of 32-channel block b of output block ocb
fn wv(ocb: u32, b: u32, u: u32) -> vec4<u32> { return W[(ocb * (NBP / 8u) + (b >> 3u)) * 32u + u * 8u + (b & 7u)]; }
@compute @workgroup_size(${T})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let grp = lid / L; let ln = lid % L;
  // groups past OCB read the last block (in bounds) and store nothing
  let ocbr = wid.x * (T / L) + grp; let ocb = min(ocbr, OCB - 1u);
  let m = wid.y; let xb = m * NR * NB;
  var acc = vec4<f32>(0.0);
  ${perChan && s.asym ? 'var xa = 0.0;' : ''}
  let bf = min(ln, NB - 1u);
  var n0 = wv(ocb, bf, 0u); var n1 = wv(ocb, bf, 1u); var n2 = wv(ocb, bf, 2u); var n3 = wv(ocb, bf, 3u);${pd ? `
  ${rec(EN, 'bf', 'var ')}` : ''}${ps ? `
  var sc = SO[soi(ocb, bf / BPB)];${s.asym ? ' var so = SO[soi(ocb, bf / BPB) + 1u];' : ''}` : ''}
  for (var b = ln; b < NB; b += L) {
    let c0 = n0; let c1 = n1; let c2 = n2; let c3 = n3;
    let bn = min(b + L, NB - 1u);
    n0 = wv(ocb, bn, 0u); n1 = wv(ocb, bn, 1u); n2 = wv(ocb, bn, 2u); n3 = wv(ocb, bn, 3u);
${pd ? `    ${DN.map((x, r) => `let ${x} = ${EN[r]};`).join(' ')}
    ${rec(EN, 'bn', '')}
` : `    ${rec(DN, 'b', 'let ')}
`}    var a0 = vec4<i32>(0); var a1 = vec4<i32>(0); var a2 = vec4<i32>(0);
${body.join('\n')}
${DOT_JOIN}
    ${perChan ? `acc += v;${s.asym ? ` xa += ${xa};` : ''}`
    : ps ? `acc = fma(v, sc, acc);${s.asym ? ` acc = fma(vec4<f32>(${xa}), so, acc);` : ''}
    { let i = soi(ocb, bn / BPB); sc = SO[i];${s.asym ? ' so = SO[i + 1u];' : ''} }`
    : `{ let i = soi(ocb, b / BPB); acc = fma(v, SO[i], acc);${s.asym ? ` acc = fma(vec4<f32>(${xa}), SO[i + 1u], acc);` : ''} }`}
  }
  ${perChan ? `{ let i = soi(ocb, 0u); acc = ${s.asym ? 'fma(acc, SO[i], vec4<f32>(xa) * SO[i + 1u])' : 'acc * SO[i]'}; }` : ''}
  // the group's L sums in two rounds: 16 lanes add L/16 each, then lane 0 adds those 16
  red[lid] = acc;
  workgroupBarrier();
  if (ln < 16u) {
    var t = red[lid];
    for (var i = 1u; i < L / 16u; i++) { t += red[lid + i * 16u]; }
    red[lid] = t;
  }
  workgroupBarrier();
  if (ln == 0u && ocbr < OCB) {
    var r = B[ocb];
    for (var i = 0u; i < 16u; i++) { r += red[lid + i]; }
    let y = ${actExpr(s, 'r', 'vec4<f32>')};
    for (var j = 0u; j < 4u; j++) { if (ocb * 4u + j < OC) { Y[m * OC + ocb * 4u + j] = y[j]; } }
  }
}`;
}

/** mm writes Y as vec4s when every group of 4 consecutive pixels lies in one image (OH*OW % 4 == 0). */
function mmVecStore(s: LowMemoryConvShape): boolean {
  return (s.oh * s.ow) % 4 === 0;
}

export function generateWgsl(s: LowMemoryConvShape, v: Variant, wg: Wg): string {
  if (v.family === 'direct') return header(s) + direct(s, v, wg);
  if (v.family === 'gemv') return header(s, s.ic % 4 === 0) + gemv(s, v, wg);
  if (v.family === 'dot') return dotKernel(s, v, wg);
  if (v.family === 'mma') return mmaKernel(s, v);
  if (v.family === 'win') return header(s, false, s.ow % 4 === 0) + winKernel(s, v);
  return header(s, false, mmVecStore(s)) + mmKernel(s, v);
}
