/** The `mm` family (variants.ts MmVariant): implicit GEMM through work-group memory, K sliced across work-groups. */
import type { LowMemoryConvShape } from '../params.js';
import type { MmVariant } from '../variants.js';
import { u, epiloguePlan, epilogueHoist, epilogueLets, epilogueValue, stagedRow, sliceLets } from './common.js';

/**
 * mm: implicit GEMM over (pixel m, output channel, K = (BK-channel chunk, tap, channel)). Unlike `tile`, K is
 * walked chunk by chunk and, inside a chunk, tap by tap, so one K step is BK (16 or 32) channels at one tap:
 * each thread works out its pixels' coordinates once, and per step only adds the tap offset and bounds-checks
 * once per pixel, then reads its channels at a fixed stride (no divisions per element). Each thread
 * accumulates tm pixels x tn channels (tn/4 vec4s) from vec4 reads of work-group memory.
 */
export function mmKernel(s: LowMemoryConvShape, v: MmVariant): string {
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
    kpt = 1;
    kbase = `lg % ${u(bk)}`;
    kstride = 0;
    ppt = ea;
    pbase = `lg / ${u(bk)}`;
    pstride = nt / bk;
  } else if (nt >= bm) {
    // NCHW input: consecutive threads on consecutive pixels, the threads of one pixel split the BK channels
    const r = nt / bm;
    if (nt % bm || bk % r) throw new Error(`${v.name}: thread count does not fit the pixel tile`);
    ppt = 1;
    pbase = `lg % ${u(bm)}`;
    pstride = 0;
    kpt = bk / r;
    kbase = `lg / ${u(bm)}`;
    kstride = r;
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
      L.push(
        `  var rbw${e}: WR; var rbv${e} = false;${
          q && !hoist
            ? bsAt === 'load'
              ? ` var rbs${e} = vec4<f32>(0.0);${s.asym ? ` var rbo${e} = vec4<f32>(0.0);` : ''}`
              : ` var rbi${e} = 0u;${bsAt === 'mid' ? ` var rbs${e} = vec4<f32>(0.0);${s.asym ? ` var rbo${e} = vec4<f32>(0.0);` : ''}` : ''}`
            : ''
        }`,
      );
    } else L.push(`  var rb${e} = vec4<f32>(0.0);`);
  }
  const kOf = (i: number) => (kstride === 0 ? 'kb0' : `kb0 + ${u(i * kstride)}`);
  // global loads of step sidx into registers (zeros past the last step, for padding and channels >= IC)
  const loads = (sidx: string, ind: string): string[] => {
    const o: string[] = [
      `${ind}{ let sidx = ${sidx}; let sv = sidx < kend;
${ind}  let chunk = sidx / KHW; let tap = sidx % KHW; let dy = (tap / KW) * DH; let dx = (tap % KW) * DW;`,
    ];
    for (let j = 0; j < ppt; j++) {
      const chk = bounds ? ` && u32(iy${j} + i32(dy)) < IH && u32(ix${j} + i32(dx)) < IW` : '';
      o.push(`${ind}  { let ok = sv && okm${j}${chk}; let off = u32(po${j} + i32(dy * IW + dx));`);
      for (let i = 0; i < kpt; i++) {
        const icChk = s.ic % bk ? ` && ic < IC` : '';
        o.push(
          `${ind}    { let ic = chunk * BK + ${kOf(i)}; var x = 0.0; if (ok${icChk}) { x = xs(off + ic * IHW); } ra${j}_${i} = x; }`,
        );
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
  const row = (e: number) =>
    bsAt === 'store'
      ? {
          r: `rbw${e}`,
          i: 'e % 4u',
          valid: `rbv${e}`,
          sc: `sc${e}`,
          of: `of${e}`,
          rs: `SO[rbi${e}]`,
          ro: `SO[rbi${e} + 1u]`,
        }
      : { r: `rbw${e}`, i: 'e % 4u', valid: `rbv${e}`, sc: `sc${e}`, of: `of${e}`, rs: `rbs${e}`, ro: `rbo${e}` };
  // (bs 'mid') the raw scales of the rows loaded for the next step, read after this step's multiply-adds
  const midScales = (ind: string): string[] =>
    q && !hoist && bsAt === 'mid'
      ? Array.from(
          { length: eb },
          (_, e) => `${ind}rbs${e} = SO[rbi${e}];${s.asym ? ` rbo${e} = SO[rbi${e} + 1u];` : ''}`,
        )
      : [];
  // smem stores of the registers loaded for one step, into the buffer at `at`
  const stores = (at: string, ind: string): string[] => {
    const o: string[] = [];
    for (let j = 0; j < ppt; j++)
      for (let i = 0; i < kpt; i++) {
        o.push(`${ind}{ let k = ${kOf(i)}; sm[${at} + k * BM4 + ml${j} / 4u][ml${j} % 4u] = ra${j}_${i}; }`);
      }
    for (let e = 0; e < eb; e++) {
      const dst = `sm[${at} + BK * BM4 + (e % BK) * BN4 + e / BK]`;
      if (early) {
        o.push(`${ind}{ let e = lg + ${u(e * nt)}; ${dst} = rd${e}; }`);
        continue;
      }
      if (!rawB) {
        o.push(`${ind}{ let e = lg + ${u(e * nt)}; ${dst} = rb${e}; }`);
        continue;
      }
      // the double-buffered variants keep the branch around the decode (measured faster on the H200 there)
      const { flag, val } = stagedRow(s, ep, row(e), v.db);
      o.push(
        flag
          ? `${ind}{ let e = lg + ${u(e * nt)}; var w = vec4<f32>(0.0); if (rbv${e}) { w = ${val}; } ${dst} = w; }`
          : `${ind}{ let e = lg + ${u(e * nt)}; ${dst} = ${val}; }`,
      );
    }
    return o;
  };
  const decode = (ind: string): string[] => {
    const o: string[] = [];
    const keep = s.bits !== 32 && (v.selAfter ?? []).includes(s.bits as 4 | 8);
    for (let e = 0; e < eb; e++) {
      const { flag, val } = stagedRow(s, ep, row(e), keep);
      o.push(
        `${ind}{ let e = lg + ${u(e * nt)}; rd${e} = ${flag ? `select(vec4<f32>(0.0), ${val}, rbv${e})` : val}; }`,
      );
    }
    return o;
  };
  const compute = (at: string, ind: string): string[] => {
    // multiply-add rounds (one channel k of the step each) in the block opened by `open`, which defines k
    const round = (open: string) => {
      const o: string[] = [`${ind}${open}`];
      for (let i = 0; i < tm4; i++) o.push(`${ind}  let av${i} = sm[${at} + k * BM4 + ty + ${u(i * v.wy)}];`);
      for (let j = 0; j < tn4; j++)
        o.push(`${ind}  let bv${j} = sm[${at} + BK * BM4 + k * BN4 + tx + ${u(j * v.wx)}];`);
      for (let qq = 0; qq < v.tm; qq++)
        for (let j = 0; j < tn4; j++) {
          o.push(`${ind}  c${qq}_${j} = fma(vec4<f32>(av${qq >> 2}[${qq & 3}]), bv${j}, c${qq}_${j});`);
        }
      o.push(`${ind}}`);
      return o;
    };
    if (unroll) return Array.from({ length: bk }, (_, k) => round(`{ let k = ${u(k)};`)).flat();
    if (!early) return round('for (var k = 0u; k < BK; k++) {');
    return [
      ...round('for (var k = 0u; k < BK / 2u; k++) {'),
      ...decode(ind),
      ...round('for (var k = BK / 2u; k < BK; k++) {'),
    ];
  };
  L.push(...loads('s0 + g', '  '));
  L.push(...midScales('  '));
  L.push(
    ...epilogueHoist(
      ep,
      Array.from({ length: tn4 }, (_, j) => `ocb0 + tx + ${u(j * v.wx)}`),
      '  ',
    ),
  );
  // per-channel scales: each thread's weight channels are fixed, so their scale and offset are read once
  // (after the first step's loads, so that their latencies overlap)
  if (hoist && !defer) {
    for (let e = 0; e < eb; e++) {
      L.push(
        `  let sc${e} = dsc(min(ocb0 + (lg + ${u(e * nt)}) / BK, OCB), 0u); let of${e} = dof(min(ocb0 + (lg + ${u(e * nt)}) / BK, OCB), 0u);`,
      );
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
    for (let q = 0; q < v.tm; q++)
      for (let j = 0; j < tn4; j++) {
        L.push(`    sm[((g - 1u) * NT + lg) * ${u(acc)} + ${u(q * tn4 + j)}] = c${q}_${j};`);
      }
    L.push('  }\n  workgroupBarrier();\n  if (g != 0u) { return; }\n  for (var h = 1u; h < KS; h++) {');
    for (let q = 0; q < v.tm; q++)
      for (let j = 0; j < tn4; j++) {
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
        L.push(
          `      { let ocb = ocb0 + tx + ${u(j * v.wx)}; if (ocb < OCB) { ${epilogueLets(ep, j)}store4(n + yn, ocb, p, ${epilogueValue(ep, `c${q}_${j}`)}); } }`,
        );
      }
      L.push('    }\n  }');
    }
  }
  L.push('}');
  return L.join('\n');
}

/** mm writes Y as vec4s when every group of 4 consecutive pixels lies in one image (OH*OW % 4 == 0). */
export function mmVecStore(s: LowMemoryConvShape): boolean {
  return (s.oh * s.ow) % 4 === 0;
}
