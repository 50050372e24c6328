/// <reference types="@webgpu/types" />
/**
 * Tuning aid (not part of the suite): hand-written GEMV kernels for one M = 1 int4 block-32 shape, timed per
 * pass and back to back, to find the structure that streams the weights fastest. Outputs are not checked;
 * the kernels do all their arithmetic so nothing is left out by the compiler.
 *
 * Kinds: read (the same bytes, nothing computed), fp (float decode), dp4t / dp4l / dp4v (packed int8 dot products
 * on input digits, weights regrouped from the tile layout / in a row layout / in the layout the library's dot
 * variants use), and the two input pre-passes. Without --only: read, the pre-passes and dp4v.
 *
 * Usage: node dist-bench/bench/gpu/gemvlab.js [--k 16384] [--n 16384] [--only kind] [--pre1]
 */
import { createNodeDevice } from '../../fixtures/gpu/node-device.js';
import { deriveShape, heat, median, timeDispatch, timeInPass, type Dispatch } from '../../src/gpu/index.js';
import { dotPrepassSize } from '../../src/gpu/variants.js';
import { dotPrepass } from '../../src/gpu/wgsl.js';
import { args, arg } from './cli.js';

const K = Number(arg('--k') ?? 16384);
const N = Number(arg('--n') ?? 16384);
const only = arg('--only');
const OCB = N / 4,
  NB = K / 32,
  NU = K / 8; // 4-channel blocks, 32-channel blocks, 16-byte units per ocb
// the library's dot pre-pass ("v2": 8 threads a block) writes the same records for this shape
const dotShape = deriveShape({ n: 1, ic: K, ih: 1, iw: 1, oc: N, fh: 1, fw: 1, weightBits: 4, blockSize: 32 });

interface Cfg {
  kind: 'read' | 'fp' | 'dp4t' | 'dp4l' | 'dp4v';
  lpo: number;
  t: number;
  og: number;
  pd: number;
}

/** lanes per ocb `lpo`, work-group `t` threads, `og` ocbs per lane sharing input loads, `pd` blocks loaded ahead */
function kernel(c: Cfg): string {
  const { lpo, t, og, pd } = c;
  const L: string[] = [];
  L.push(`@group(0) @binding(0) var<storage, read> X: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> W: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read> SO: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> XD: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> Y: array<vec4<f32>>;
const NB = ${NB}u; const NU = ${NU}u; const LPO = ${lpo}u; const T = ${t}u; const OG = ${og}u;
var<workgroup> red: array<vec4<f32>, ${t * og}>;
fn u4r(h: u32) -> vec4<f32> {
  return bitcast<vec4<f32>>((vec4<u32>(h) & vec4<u32>(0xfu, 0xf0u, 0xf00u, 0xf000u)) | vec4<u32>(0x4b000000u)) - vec4<f32>(8388616.0, 8388736.0, 8390656.0, 8421376.0);
}
const LSC = vec4<f32>(1.0, 0.0625, 0.00390625, 0.000244140625);
@compute @workgroup_size(${t})
fn main(@builtin(workgroup_id) wid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let grp = lid / LPO; let ln = lid % LPO;
  let ocbBase = (wid.x * (T / LPO) + grp) * OG;`);
  for (let g = 0; g < og; g++) L.push(`  let ocb${g} = ocbBase + ${g}u; var acc${g} = vec4<f32>(0.0);`);
  if (c.kind === 'read') L.push('  var xr = vec4<u32>(0u);');
  // the ring of prefetched blocks: w{g}_{p}_{uu}
  const ld = (p: number, bExpr: string) => {
    const o: string[] = [];
    for (let g = 0; g < og; g++)
      for (let uu = 0; uu < 4; uu++) {
        // dp4v: blocks in groups of 8, unit uu of the group's 8 blocks contiguous (lanes read whole lines)
        const idx =
          c.kind === 'dp4v'
            ? `ocb${g} * NU + (min(${bExpr}, NB - 1u) >> 3u) * 32u + ${uu}u * 8u + (min(${bExpr}, NB - 1u) & 7u)`
            : `ocb${g} * NU + min(${bExpr}, NB - 1u) * 4u + ${uu}u`;
        o.push(`w${g}_${p}_${uu} = W[${idx}];`);
      }
    return o.join(' ');
  };
  for (let p = 0; p < pd; p++) {
    for (let g = 0; g < og; g++) for (let uu = 0; uu < 4; uu++) L.push(`  var w${g}_${p}_${uu}: vec4<u32>;`);
    L.push(`  ${ld(p, `ln + ${p}u * LPO`)}`);
  }
  L.push(`  for (var b0 = ln; b0 < NB; b0 += ${pd}u * LPO) {`);
  for (let p = 0; p < pd; p++) {
    L.push(`   { let b = b0 + ${p}u * LPO;`);
    for (let g = 0; g < og; g++) for (let uu = 0; uu < 4; uu++) L.push(`    let c${g}_${uu} = w${g}_${p}_${uu};`);
    L.push(`    ${ld(p, `b + ${pd}u * LPO`)}`);
    L.push('    if (b < NB) {');
    if (c.kind === 'read') {
      for (let g = 0; g < og; g++) for (let uu = 0; uu < 4; uu++) L.push(`    xr ^= c${g}_${uu};`);
      L.push('    xr.x ^= bitcast<u32>(SO[ocb0 * NB + b].x);');
    } else if (c.kind === 'fp') {
      for (let g = 0; g < og; g++) L.push(`    var du${g} = vec4<f32>(0.0);`);
      for (let uu = 0; uu < 4; uu++)
        for (let tt = 0; tt < 2; tt++) {
          L.push(`    { let xv = X[b * 8u + ${uu * 2 + tt}u];`);
          for (let g = 0; g < og; g++) {
            const [a, bb] = tt === 0 ? ['x', 'y'] : ['z', 'w'];
            L.push(`      { let q0 = u4r(c${g}_${uu}.${a}); let q1 = u4r(c${g}_${uu}.${a} >> 16u); let q2 = u4r(c${g}_${uu}.${bb}); let q3 = u4r(c${g}_${uu}.${bb} >> 16u);
        du${g} = fma(vec4<f32>(xv.x), q0, fma(vec4<f32>(xv.y), q1, fma(vec4<f32>(xv.z), q2, fma(vec4<f32>(xv.w), q3, du${g})))); }`);
          }
          L.push('    }');
        }
      for (let g = 0; g < og; g++) L.push(`    acc${g} = fma(du${g}, SO[ocb${g} * NB + b] * LSC, acc${g});`);
    } else {
      // digits: XD[b*8 + d*2 + uu/2] component (uu%2)*2 + tt = digit d of tile (uu, tt); XD[b*8 + 6] = (scale bits, c0, c1, c2)
      // structure of arrays: record r of block b at XD[r*NB + b], so that lanes (consecutive blocks) read consecutive vec4s
      L.push(
        '    let xd0a = XD[b]; let xd0b = XD[NB + b]; let xd1a = XD[2u * NB + b]; let xd1b = XD[3u * NB + b]; let xd2a = XD[4u * NB + b]; let xd2b = XD[5u * NB + b]; let inf = XD[6u * NB + b];',
      );
      for (let g = 0; g < og; g++)
        L.push(`    var a${g}_0 = vec4<i32>(0); var a${g}_1 = vec4<i32>(0); var a${g}_2 = vec4<i32>(0);`);
      for (let uu = 0; uu < 4; uu++)
        for (let tt = 0; tt < 2; tt++) {
          const comp = ['x', 'y', 'z', 'w'][(uu % 2) * 2 + tt];
          const half = uu < 2 ? 'a' : 'b';
          for (let g = 0; g < og; g++) {
            const [wa, wb] = tt === 0 ? ['x', 'y'] : ['z', 'w'];
            const lanes: string[] = [];
            if (c.kind === 'dp4v') {
              // byte = 16*q(odd lane) + q(even lane) + 8: low nibbles alone give the even lane, the whole byte minus them 16x the odd
              L.push(
                `    { let ta = c${g}_${uu}.${wa}; let tb = c${g}_${uu}.${wb}; let ma = ta & 0x0f0f0f0fu; let mb = tb & 0x0f0f0f0fu;`,
              );
              lanes.push('ma', 'ta', 'mb', 'tb');
            } else if (c.kind === 'dp4t') {
              L.push(`    { let ta = c${g}_${uu}.${wa}; let tb = c${g}_${uu}.${wb} << 8u;`);
              for (let j = 0; j < 4; j++)
                lanes.push(`((ta >> ${4 * j}u) & 0x000f000fu) | ((tb >> ${4 * j}u) & 0x0f000f00u)`);
            } else {
              L.push(`    { let ta = c${g}_${uu}.${wa}; let tb = c${g}_${uu}.${wb};`);
              lanes.push(
                'ta & 0x0f0f0f0fu',
                '(ta >> 4u) & 0x0f0f0f0fu',
                'tb & 0x0f0f0f0fu',
                '(tb >> 4u) & 0x0f0f0f0fu',
              );
            }
            lanes.forEach((e, j) => L.push(`      let l${j} = ${e};`));
            for (let d = 0; d < 3; d++) {
              L.push(
                `      a${g}_${d} += vec4<i32>(dot4I8Packed(l0, xd${d}${half}.${comp}), dot4I8Packed(l1, xd${d}${half}.${comp}), dot4I8Packed(l2, xd${d}${half}.${comp}), dot4I8Packed(l3, xd${d}${half}.${comp}));`,
              );
            }
            L.push('    }');
          }
        }
      for (let g = 0; g < og; g++) {
        if (c.kind === 'dp4v') {
          L.push(`    { let f0 = vec4<i32>(a${g}_0.x, (a${g}_0.y - a${g}_0.x) >> 4u, a${g}_0.z, (a${g}_0.w - a${g}_0.z) >> 4u);
      let f1 = vec4<i32>(a${g}_1.x, (a${g}_1.y - a${g}_1.x) >> 4u, a${g}_1.z, (a${g}_1.w - a${g}_1.z) >> 4u);
      let f2 = vec4<i32>(a${g}_2.x, (a${g}_2.y - a${g}_2.x) >> 4u, a${g}_2.z, (a${g}_2.w - a${g}_2.z) >> 4u);
      a${g}_0 = f0; a${g}_1 = f1; a${g}_2 = f2; }`);
        }
        L.push(`    { let e0 = a${g}_0 - vec4<i32>(bitcast<i32>(inf.y)); let e1 = a${g}_1 - vec4<i32>(bitcast<i32>(inf.z)); let e2 = a${g}_2 - vec4<i32>(bitcast<i32>(inf.w));
      let v = fma(vec4<f32>(e2), vec4<f32>(65536.0), vec4<f32>(e0 + e1 * 256));
      acc${g} = fma(v, SO[ocb${g} * NB + b] * bitcast<f32>(inf.x), acc${g}); }`);
      }
    }
    L.push('    }');
    L.push('   }');
  }
  L.push('  }');
  if (c.kind === 'read') L.push('  acc0 = vec4<f32>(bitcast<f32>(xr.x ^ xr.y ^ xr.z ^ xr.w));');
  for (let g = 0; g < og; g++) L.push(`  red[${g}u * T + lid] = acc${g};`);
  L.push(`  workgroupBarrier();
  for (var h = LPO / 2u; h > 0u; h >>= 1u) {
    if (ln < h) { for (var g = 0u; g < OG; g++) { red[g * T + lid] += red[g * T + lid + h]; } }
    workgroupBarrier();
  }
  if (ln < OG) { Y[ocbBase + ln] = red[ln * T + grp * LPO]; }
}`);
  return L.join('\n');
}

/** The first input pre-pass (one thread a block; "v1"): per 32-channel block, 3 int8 digits of the input in fixed point (SoA records, see above). */
function prepass(): string {
  return `@group(0) @binding(0) var<storage, read> X: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> W: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read> SO: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> XD0: array<vec4<u32>>;
@group(0) @binding(4) var<storage, read_write> XD: array<vec4<u32>>;
const NB = ${NB}u;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) g: vec3<u32>) {
  let b = g.x;
  if (b >= NB) { return; }
  var xv: array<vec4<f32>, 8>;
  var mx = vec4<f32>(0.0);
  for (var j = 0u; j < 8u; j++) { xv[j] = X[b * 8u + j]; mx = max(mx, abs(xv[j])); }
  let m = max(max(mx.x, mx.y), max(mx.z, mx.w));
  let eb = i32((bitcast<u32>(m) >> 23u) & 0xffu);
  let sh = 148i - eb; let sa = sh >> 1u; let sb = sh - sa;
  let fa = bitcast<f32>(u32(sa + 127i) << 23u); let fb = bitcast<f32>(u32(sb + 127i) << 23u);
  var dw: array<vec4<u32>, 6>;
  var cs = vec3<i32>(0);
  for (var j = 0u; j < 8u; j++) {
    let xs = vec4<i32>(round(xv[j] * fa * fb));
    let h1 = (xs + vec4<i32>(128)) >> vec4<u32>(8u); let d0 = xs - (h1 << vec4<u32>(8u));
    let h2 = (h1 + vec4<i32>(128)) >> vec4<u32>(8u); let d1 = h1 - (h2 << vec4<u32>(8u));
    cs += vec3<i32>(d0.x + d0.y + d0.z + d0.w, d1.x + d1.y + d1.z + d1.w, h2.x + h2.y + h2.z + h2.w);
    let p0 = pack4xI8(d0); let p1 = pack4xI8(d1); let p2 = pack4xI8(h2);
    dw[j >> 2u][j & 3u] = p0; dw[2u + (j >> 2u)][j & 3u] = p1; dw[4u + (j >> 2u)][j & 3u] = p2;
  }
  for (var r = 0u; r < 6u; r++) { XD[r * NB + b] = dw[r]; }
  let inv = bitcast<f32>(u32(eb - 148i + 127i) << 23u);
  XD[6u * NB + b] = vec4<u32>(bitcast<u32>(inv), bitcast<vec3<u32>>(cs * vec3<i32>(8)));
}`;
}

async function main() {
  const { device } = await createNodeDevice();
  const buf = (bytes: number, fill: (i: number) => number, usage = GPUBufferUsage.STORAGE) => {
    const b = device.createBuffer({ size: bytes, usage, mappedAtCreation: true });
    const a = new Uint32Array(b.getMappedRange());
    for (let i = 0; i < a.length; i++) a[i] = fill(i) >>> 0;
    b.unmap();
    return b;
  };
  const X = buf(K * 4, (i) => new Uint32Array(new Float32Array([((i * 31) % 97) / 97]).buffer)[0]);
  const W = buf((N * K) / 2, (i) => Math.imul(i, 0x9e3779b1));
  const SO = buf(OCB * NB * 16, () => 0x3c23d70a);
  const XD = buf(NB * 128, (i) => Math.imul(i, 0x85ebca6b) & 0x3f3f3f3f);
  const Y = device.createBuffer({ size: N * 4 + 64, usage: GPUBufferUsage.STORAGE });
  const ro = { type: 'read-only-storage' as const };
  const layout = device.createBindGroupLayout({
    entries: [0, 1, 2, 3]
      .map((b) => ({ binding: b, visibility: 4, buffer: ro }))
      .concat([{ binding: 4, visibility: 4, buffer: { type: 'storage' } as unknown as typeof ro }]),
  });
  const bindGroup = device.createBindGroup({
    layout,
    entries: [X, W, SO, XD, Y].map((b, i) => ({ binding: i, resource: { buffer: b } })),
  });
  const pl = device.createPipelineLayout({ bindGroupLayouts: [layout] });
  const bytes = (N * K) / 2 + OCB * NB * 16;
  console.log(`K=${K} N=${N}: ${(bytes / 1e6).toFixed(1)} MB of weights and scales`);
  let pre: Dispatch | undefined;
  {
    const XDw = device.createBuffer({ size: NB * 128, usage: GPUBufferUsage.STORAGE });
    const bg2 = device.createBindGroup({
      layout,
      entries: [X, W, SO, XDw, XD].map((b, i) => ({ binding: i, resource: { buffer: b } })),
    });
    const module = device.createShaderModule({ code: prepass() });
    const errs = (await module.getCompilationInfo()).messages.filter((m) => m.type === 'error');
    if (errs.length) console.log(`pre: ${errs.map((m) => `${m.lineNum}: ${m.message}`).join('; ')}`);
    else {
      const d: Dispatch = {
        pipeline: device.createComputePipeline({ layout: pl, compute: { module, entryPoint: 'main' } }),
        bindGroup: bg2,
        groups: [Math.ceil(NB / 64), 1],
      };
      const d2: Dispatch = {
        pipeline: device.createComputePipeline({
          layout: pl,
          compute: { module: device.createShaderModule({ code: dotPrepass(dotShape) }), entryPoint: 'main' },
        }),
        bindGroup: bg2,
        groups: dotPrepassSize(dotShape),
      };
      await heat(device, d2, 100);
      console.log(
        `pre-pass v2 ${median((await timeDispatch(device, d2, 30)).us).toFixed(1)} us per pass, ${(await timeInPass(device, d2, 20, 8)).toFixed(1)} us back to back`,
      );
      pre = args.includes('--pre1') ? d : d2;
      await heat(device, d, 100);
      console.log(
        `pre-pass ${median((await timeDispatch(device, d, 30)).us).toFixed(1)} us per pass, ${(await timeInPass(device, d, 20, 8)).toFixed(1)} us back to back`,
      );
    }
  }
  const cfgs: Cfg[] = [];
  for (const kind of ['read', 'fp', 'dp4t', 'dp4l', 'dp4v'] as const) {
    if (only && only !== kind) continue;
    for (const [lpo, t] of [
      [32, 128],
      [64, 128],
      [64, 256],
      [128, 128],
      [128, 256],
    ])
      for (const og of [1, 2])
        for (const pd of [1, 2]) {
          if (kind === 'read' && (og > 1 || lpo !== 32)) continue;
          // the kernels dp4v superseded run only when asked for by name
          if (!only && (kind === 'fp' || kind === 'dp4t' || kind === 'dp4l')) continue;
          cfgs.push({ kind, lpo, t, og, pd });
        }
  }
  for (const c of cfgs) {
    const name = `${c.kind} lpo${c.lpo} t${c.t} og${c.og} pd${c.pd}`;
    try {
      const module = device.createShaderModule({ code: kernel(c) });
      const info = await module.getCompilationInfo();
      const errs = info.messages.filter((m) => m.type === 'error');
      if (errs.length) {
        console.log(`${name}: ${errs.map((m) => `${m.lineNum}: ${m.message}`).join('; ')}`);
        continue;
      }
      const pipeline = device.createComputePipeline({ layout: pl, compute: { module, entryPoint: 'main' } });
      const d: Dispatch = { pipeline, bindGroup, groups: [OCB / c.og / (c.t / c.lpo), 1] };
      await heat(device, d, 150);
      const one = median((await timeDispatch(device, d, 30)).us);
      const many = await timeInPass(device, d, 20, 8);
      let both = '';
      if (pre && c.kind.startsWith('dp4')) {
        const dp: Dispatch = { ...pre, next: d };
        const t2 = median((await timeDispatch(device, dp, 30)).us);
        both = `  with pre-pass ${t2.toFixed(1)} us (${(bytes / t2 / 1e3).toFixed(0)} GB/s)`;
      }
      console.log(
        `${name.padEnd(28)} ${one.toFixed(1).padStart(7)} us per pass (${(bytes / one / 1e3).toFixed(0)} GB/s)  ${many.toFixed(1).padStart(7)} us back to back (${(bytes / many / 1e3).toFixed(0)} GB/s)${both}`,
      );
    } catch (e) {
      console.log(`${name}: ${(e as Error).message.split('\n')[0]}`);
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
