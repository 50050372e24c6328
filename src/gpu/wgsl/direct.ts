/** The `direct` family (variants.ts DirectVariant): one thread per tile of pixels x 4-channel output blocks. */
import type { LowMemoryConvShape } from '../params.js';
import type { DirectVariant, Wg } from '../variants.js';
import { u } from './common.js';

export function direct(s: LowMemoryConvShape, v: DirectVariant, wg: Wg): string {
  const cb = v.c / 4;
  const lines: string[] = [];
  const pix: { pn: number; ph: number; pw: number; id: string }[] = [];
  for (let a = 0; a < v.pn; a++)
    for (let b = 0; b < v.ph; b++)
      for (let c = 0; c < v.pw; c++) {
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
    lines.push(
      `  let n${p.id} = min(nb * PN + ${u(p.pn)}, N - 1u); let oh${p.id} = hb * PHT + ${u(p.ph)}; let ow${p.id} = wb * PWT + ${u(p.pw)};`,
    );
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
    for (let c = 0; c < cb; c++)
      for (let i = 0; i < 4; i++) lines.push(`  var r${c}_${i} = wraw((ocb0 + ${u(c)}) * KB, ${u(i)});`);
    lines.push(`  for (var kbi = 0u; kbi < KB; kbi++) {
    let icb = kbi / KHW; let tap = kbi % KHW; let kh = tap / KW; let kw = tap % KW; let nk = min(kbi + 1u, KB - 1u);`);
    if (!dfr)
      for (let c = 0; c < cb; c++)
        lines.push(`    let s${c} = dsc(ocb0 + ${u(c)}, icb / BLKT); let o${c} = dof(ocb0 + ${u(c)}, icb / BLKT);`);
    for (let c = 0; c < cb; c++) {
      for (let i = 0; i < 4; i++)
        lines.push(
          `    let w${c}_${i} = ${dfr ? `wdec(r${c}_${i}, ${u(i)})` : `deqr(r${c}_${i}, ${u(i)}, s${c}, o${c})`};`,
        );
      for (let i = 0; i < 4; i++) lines.push(`    r${c}_${i} = wraw((ocb0 + ${u(c)}) * KB + nk, ${u(i)});`);
    }
    close = '  }';
  } else {
    lines.push(`  for (var icb = 0u; icb < ICB; icb++) {
    let blk = icb / BLKT;`);
    if (!dfr)
      for (let c = 0; c < cb; c++)
        lines.push(`    let s${c} = dsc(ocb0 + ${u(c)}, blk); let o${c} = dof(ocb0 + ${u(c)}, blk);`);
    lines.push(`    for (var kh = 0u; kh < KH; kh++) {
      for (var kw = 0u; kw < KW; kw++) {
        let kbi = (icb * KH + kh) * KW + kw;`);
    for (let c = 0; c < cb; c++) {
      lines.push(`        let t${c} = (ocb0 + ${u(c)}) * KB + kbi;`);
      for (let i = 0; i < 4; i++)
        lines.push(`        let w${c}_${i} = ${dfr ? `wu(t${c}, ${u(i)})` : `deq(t${c}, ${u(i)}, s${c}, o${c})`};`);
    }
    close = '      }\n    }\n  }';
  }
  for (const p of pix) {
    lines.push(
      `        let x${p.id} = x4(n${p.id}, icb, i32(oh${p.id} * SH + kh * DH) - PH, i32(ow${p.id} * SW + kw * DW) - PW);`,
    );
    for (let c = 0; c < cb; c++) {
      const a = `a${c}_${p.id}`;
      lines.push(
        `        ${a} = fma(vec4<f32>(x${p.id}.x), w${c}_0, ${a}); ${a} = fma(vec4<f32>(x${p.id}.y), w${c}_1, ${a});`,
      );
      lines.push(
        `        ${a} = fma(vec4<f32>(x${p.id}.z), w${c}_2, ${a}); ${a} = fma(vec4<f32>(x${p.id}.w), w${c}_3, ${a});`,
      );
    }
  }
  lines.push(close);
  for (const p of pix) {
    lines.push(`  if (nb * PN + ${u(p.pn)} < N && oh${p.id} < OH && ow${p.id} < OW) {`);
    for (let c = 0; c < cb; c++) {
      const r = dfr ? `a${c}_${p.id} * es${c} + bias${c}` : `a${c}_${p.id}`;
      lines.push(
        `    if (ocb0 + ${u(c)} < OCB) { store4(n${p.id}, ocb0 + ${u(c)}, oh${p.id} * OW + ow${p.id}, act(${r})); }`,
      );
    }
    lines.push('  }');
  }
  lines.push('}');
  return lines.join('\n');
}
