/** The `mma` family (variants.ts MmaVariant): subgroup-matrix products of the prepass digits and int8 weights. */
import type { LowMemoryConvShape } from '../params.js';
import { mmaGeometry, mmaSizes } from '../variants.js';
import type { MmaVariant } from '../variants.js';
import { u, actExpr, soiFn } from './common.js';

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
export function mmaKernel(s: LowMemoryConvShape, v: MmaVariant): string {
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
  const L = 'subgroup_matrix_left<i8, 32, 16>',
    R = 'subgroup_matrix_right<i8, 16, 32>';
  const fetch: string[] = [],
    put: string[] = [];
  for (let j = 0; j < per; j++) {
    // vec4 idx of the group's step: left (plane d, row, half) for idx < 6*TM, else right (column, half)
    fetch.push(
      `    { let idx = tg + ${u(j * G)};`,
      `      if (idx < ${u(6 * z.tm)}) { pf${j} = XD[(((idx / ${u(2 * z.tm)}) * MP + m0 + (idx / 2u) % ${u(z.tm)}) * KP + k0) / 16u + (idx & 1u)]; }`,
      `      else if (idx < ${u(nlr)}) { pf${j} = W[((n0 + (idx - ${u(6 * z.tm)}) / 2u) * KP + k0) / 16u + (idx & 1u)]; }`,
      `      else if (idx < ${u(nv)}) { let f = idx - ${u(nlr)}; pf${j} = XD[(EXO + ((f / ${u(z.tm / 4)}) * NB + k0 / 32u) * MP + m0) / 4u + f % ${u(z.tm / 4)}]; } }`,
    );
    put.push(
      `    { let idx = tg + ${u(j * G)}; if (idx < ${u(nv)}) { let o = gb + idx * 4u; sm[o] = pf${j}.x; sm[o + 1u] = pf${j}.y; sm[o + 2u] = pf${j}.z; sm[o + 3u] = pf${j}.w; } }`,
    );
  }
  const mm: string[] = [];
  for (let i = 0; i < fm; i++)
    for (let d = 0; d < 3; d++) {
      mm.push(
        `    let l${i}_${d} = subgroupMatrixLoad<${L}>(&sm, gb * 4u + ${u((d * z.tm + 16 * i) * 32)} + mo * 32u, false, 32u);`,
      );
    }
  for (let j = 0; j < fn; j++)
    mm.push(
      `    let r${j} = subgroupMatrixLoad<${R}>(&sm, gb * 4u + ${u((3 * z.tm + 16 * j) * 32)} + no * 32u, true, 32u);`,
    );
  for (let i = 0; i < fm; i++)
    for (let j = 0; j < fn; j++) {
      const o = (i * fn + j) * 256 * nacc;
      if (nacc === 1) {
        mm.push(
          `    { var a = subgroupMatrixMultiply<i32>(l${i}_2, r${j}); a = subgroupMatrixScalarMultiply(a, 256i);`,
          `      a = subgroupMatrixMultiplyAccumulate(l${i}_1, r${j}, a); a = subgroupMatrixScalarMultiply(a, 256i);`,
          `      a = subgroupMatrixMultiplyAccumulate(l${i}_0, r${j}, a); subgroupMatrixStore(&sm, sw + ${u(o)}, a, false, 16u); }`,
        );
      } else {
        mm.push(
          `    { let h = subgroupMatrixMultiply<i32>(l${i}_2, r${j}); subgroupMatrixStore(&sm, sw + ${u(o)}, h, false, 16u);`,
          `      var a = subgroupMatrixMultiply<i32>(l${i}_1, r${j}); a = subgroupMatrixScalarMultiply(a, 256i);`,
          `      a = subgroupMatrixMultiplyAccumulate(l${i}_0, r${j}, a); subgroupMatrixStore(&sm, sw + ${u(o + 256)}, a, false, 16u); }`,
        );
      }
    }
  // lane l: column l%16 of each tile, rows 2t + l/16 (t = 0..7): word l + 32t of the row-major tile, so the
  // 32 lanes read 32 consecutive words; a = ..._h holds rows t = 4h .. 4h+3
  const lanes: string[] = [],
    facs: string[] = [];
  const fac = (k: number, i: number, h: number) =>
    `bitcast<vec4<f32>>(vec4<i32>(${[0, 1, 2, 3].map((t) => `sm[EB + ${u(k * z.tm + 16 * i + 2 * (4 * h + t))} + mo + rh]`).join(', ')}))`;
  for (let i = 0; i < fm; i++)
    for (const h of [0, 1]) {
      // read before the step's second barrier: the group's next step overwrites the staging
      facs.push(`    let e${i}${h} = ${fac(0, i, h)};`);
      if (s.asym) facs.push(`    let z${i}${h} = ${fac(1, i, h)};`);
    }
  const ld = (o: string) => `vec4<f32>(vec4<i32>(sm[${o}], sm[${o} + 32u], sm[${o} + 64u], sm[${o} + 96u]))`;
  for (let j = 0; j < fn; j++) {
    lanes.push(`      let nc${j} = n0 + no + ${u(16 * j)} + cl; let q${j} = soi(min(nc${j} / 4u, OCB), blk);`);
    lanes.push(`      let s${j} = SO[q${j}][nc${j} % 4u];${s.asym ? ` let o${j} = SO[q${j} + 1u][nc${j} % 4u];` : ''}`);
    for (let i = 0; i < fm; i++)
      for (const h of [0, 1]) {
        const o = `sw + ${u((i * fn + j) * 256 * nacc + 128 * h)} + l`;
        const val = nacc === 1 ? ld(o) : `fma(${ld(o)}, vec4<f32>(65536.0), ${ld(`${o} + 256u`)})`;
        lanes.push(`      a${i}_${j}_${h} = fma(${val} * s${j}, e${i}${h}, a${i}_${j}_${h});`);
        if (s.asym) lanes.push(`      a${i}_${j}_${h} = fma(z${i}${h}, vec4<f32>(o${j}), a${i}_${j}_${h});`);
      }
  }
  const decl: string[] = [],
    park: string[] = [],
    out: string[] = [];
  let slot = 0;
  const nsg = v.wm * v.wn;
  for (let i = 0; i < fm; i++)
    for (let j = 0; j < fn; j++)
      for (const h of [0, 1]) {
        const a = `a${i}_${j}_${h}`;
        decl.push(`var ${a} = vec4<f32>(0.0);`);
        // the groups' sums: slot (tile, half) of lane l of subgroup w at i32 RB + w*PER + (slot*32 + l)*4
        park.push(
          `  { let o = sw + ${u(slot * 128)} + l * 4u; for (var t = 0u; t < 4u; t++) { sm[o + t] = bitcast<i32>(${a}[t]); } }`,
        );
        out.push(
          `    { var y = ${a};`,
          ks > 1
            ? `      for (var k = 1u; k < KS; k++) { let o = sw + k * ${u(nsg)} * PER + ${u(slot * 128)} + l * 4u; y += bitcast<vec4<f32>>(vec4<i32>(sm[o], sm[o + 1u], sm[o + 2u], sm[o + 3u])); }`
            : '',
          `      let m = m0 + mo + ${u(16 * i + 8 * h)} + rh; let n = n0 + no + ${u(16 * j)} + cl;`,
          `      y = ${actExpr(s, `y + vec4<f32>(B[min(n / 4u, OCB)][n % 4u])`, 'vec4<f32>')};`,
          `      if (n < OC) { for (var t = 0u; t < 4u; t++) { if (m + 2u * t < N) { Y[(m + 2u * t) * OC + n] = y[t]; } } } }`,
        );
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
${
  ks > 1
    ? `  workgroupBarrier();
${park.join('\n')}
  workgroupBarrier();`
    : ''
}
  if (gi == 0u) {
${out.filter((x) => x).join('\n')}
  }
}`;
}
