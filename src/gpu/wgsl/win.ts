/** The `win` family (variants.ts WinVariant): direct convolution over an input window in work-group memory. */
import type { LowMemoryConvShape } from '../params.js';
import { winGeometry } from '../variants.js';
import type { WinVariant } from '../variants.js';
import { u, epiloguePlan, epilogueHoist, epilogueLets, epilogueValue, stagedRow, sliceLets } from './common.js';

/**
 * win: direct convolution over an input window kept in work-group memory (general path). A work-group
 * computes a TH x TW box of output pixels of one image for BN4 4-channel output blocks. Each K step takes BC
 * input channels: the input window they need ((TH-1)*SH + (KH-1)*DH + 1 rows by the matching columns, zero
 * outside the image) and their dequantized weights for every filter tap go to work-group memory once, and
 * every tap is then computed from there, so a step brings in all KH*KW taps (mm brings in one) and an
 * input element is read from memory once per step instead of once per tap. A thread computes PX consecutive
 * output columns of one row for CN output blocks, reading each input row segment once for all KW taps.
 */
export function winKernel(s: LowMemoryConvShape, v: WinVariant): string {
  const px = v.px;
  const nx = v.tw / px,
    ny = v.th,
    nz = v.bn4 / v.cn,
    ks = v.ks;
  const { nt, winH, winW, wrs, xe, we, xl, wl, smx4, smw4 } = winGeometry(v, s);
  const span = (px - 1) * s.sw + (s.fw - 1) * s.dw + 1;
  const q = s.bits !== 32;
  const owt = Math.ceil(s.ow / v.tw),
    ocbt = Math.ceil(s.ocb / v.bn4);
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
    L.push(
      `  var rw${i}: WR; var rv${i} = false;${perRow ? ` var rs${i} = vec4<f32>(0.0);${s.asym ? ` var ro${i} = vec4<f32>(0.0);` : ''}` : ''}`,
    );
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
      o.push(
        `${ind}{ let ok = xok${i} && st * BC + xc${i} < IC; rx${i} = select(0.0, xs(select(0u, xo${i} + st * BC * IHW, ok)), ok); }`,
      );
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
      const { flag, val } = stagedRow(s, ep, {
        r: `rw${i}`,
        i: `wr${i} & 3u`,
        valid: `rv${i}`,
        sc: `sc${i}`,
        of: `of${i}`,
        rs: `rs${i}`,
        ro: `ro${i}`,
      });
      // rows past WE land in the spare tail past the used part, never read
      o.push(`${ind}smw[wd${i}] = ${flag ? `select(vec4<f32>(0.0), ${val}, rv${i})` : val};`);
    }
    return o;
  };
  L.push('  { let st = st0;');
  L.push(...loads('    '));
  L.push('  }');
  L.push(
    ...epilogueHoist(
      ep,
      Array.from({ length: v.cn }, (_, c) => `ocb0 + tz + ${u(c * nz)}`),
      '  ',
    ),
  );
  // (read after the first step's loads are issued, so that the latencies overlap)
  if (hoist && !defer)
    for (let i = 0; i < wl; i++)
      L.push(`  let sc${i} = dsc(min(ocb0 + wob${i}, OCB), 0u); let of${i} = dof(min(ocb0 + wob${i}, OCB), 0u);`);
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
      for (let c = 0; c < v.cn; c++)
        L.push(`        let w${kw}_${c} = smw[(c * KHW + ${u(kh * s.fw + kw)}) * BN4 + tz + ${u(c * nz)}];`);
      for (let p = 0; p < px; p++)
        for (let c = 0; c < v.cn; c++) {
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
    for (let p = 0; p < px; p++)
      for (let c = 0; c < v.cn; c++) L.push(`      smw[lc * ${u(acc)} + ${u(p * v.cn + c)}] = a${p}_${c};`);
    L.push(`    }
    workgroupBarrier();
    if (kg == 0u) {`);
    for (let p = 0; p < px; p++)
      for (let c = 0; c < v.cn; c++) L.push(`      a${p}_${c} += smw[lc * ${u(acc)} + ${u(p * v.cn + c)}];`);
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
