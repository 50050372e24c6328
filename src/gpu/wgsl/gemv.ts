/** The `gemv` family (variants.ts GemvVariant): the gemm path (1x1 filter on a 1x1 image), batch rows x output blocks. */
import type { LowMemoryConvShape } from '../params.js';
import type { GemvVariant, Wg } from '../variants.js';
import { u } from './common.js';

export function gemv(s: LowMemoryConvShape, v: GemvVariant, wg: Wg): string {
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
  ${
    s.ic % 4 === 0
      ? 'return X[base >> 2u];  // IC % 4 == 0: X is declared as vec4s'
      : `var r = vec4<f32>(0.0);
  for (var i = 0u; i < 4u; i++) { if (kb * 4u + i < IC) { r[i] = xs(base + i); } }
  return r;`
  }
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
        o.push(
          `${ind}    let xv${i} = xg(mr${i}, kb);${off ? ` let xsum${i} = xv${i}.x + xv${i}.y + xv${i}.z + xv${i}.w;` : ''}`,
        );
        if (perChan && off) o.push(`${ind}    xa${i} += xsum${i};`);
        if (unitBlk && off) o.push(`${ind}    xu${i} += xsum${i};`);
      }
      for (let gi = 0; gi < G; gi++) {
        o.push(`${ind}    { let t = ocb${gi} * KB + kb;`);
        if (s.bits === 8)
          o.push(
            `${ind}    let q0 = u8r(wv${gi}.x); let q1 = u8r(wv${gi}.y); let q2 = u8r(wv${gi}.z); let q3 = u8r(wv${gi}.w);`,
          );
        else if (pair4) {
          const [a, b] = tt === 0 ? ['x', 'y'] : ['z', 'w'];
          o.push(
            `${ind}    let q0 = u4r(wv${gi}.${a}); let q1 = u4r(wv${gi}.${a} >> 16u); let q2 = u4r(wv${gi}.${b}); let q3 = u4r(wv${gi}.${b} >> 16u);`,
          );
        } else o.push(`${ind}    let q0 = wu(t, 0u); let q1 = wu(t, 1u); let q2 = wu(t, 2u); let q3 = wu(t, 3u);`);
        const perTile = q && !perChan && !unitBlk;
        if (perTile) o.push(`${ind}    let sc = dsc(ocb${gi}, blk);${off ? ` let ofv = dof(ocb${gi}, blk);` : ''}`);
        // the tile's 4 rows: one chain of multiply-adds into d (per-tile scaling), or on into the unit's sum
        const chain = (into: string) =>
          `fma(vec4<f32>(xv.x), q0, fma(vec4<f32>(xv.y), q1, fma(vec4<f32>(xv.z), q2, ${into === '' ? 'vec4<f32>(xv.w) * q3' : `fma(vec4<f32>(xv.w), q3, ${into})`})))`;
        for (let i = 0; i < r; i++) {
          const a = `acc${gi}_${i}`;
          o.push(`${ind}    { let xv = xv${i};`);
          if (perTile) {
            o.push(`${ind}      let d = ${chain('')};`);
            o.push(
              `${ind}      ${a} = ${off ? `fma(d, sc, fma(vec4<f32>(xsum${i}), ofv, ${a}))` : `fma(d, sc, ${a})`}; }`,
            );
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
          o.push(
            `${ind}      acc${gi}_${i} = fma(du${gi}_${i}, sc, ${off ? `fma(vec4<f32>(xu${i}), ofv, acc${gi}_${i})` : `acc${gi}_${i}`});`,
          );
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
    for (let uu = 0; uu < un; uu++)
      for (let gi = 0; gi < G; gi++) {
        L.push(`  var wn${gi}_${uu} = W[${wbase(gi)} + min(lid + ${u(uu)} * T, ${u(nu - 1)})];`);
      }
  }
  L.push(`  for (var u0 = lid; u0 < ${u(nu)}; u0 += ${u(un)} * T) {`);
  if (pf) {
    for (let uu = 0; uu < un; uu++) for (let gi = 0; gi < G; gi++) L.push(`    let wp${gi}_${uu} = wn${gi}_${uu};`);
    for (let uu = 0; uu < un; uu++)
      for (let gi = 0; gi < G; gi++) {
        L.push(`    wn${gi}_${uu} = W[${wbase(gi)} + min(u0 + ${u(un + uu)} * T, ${u(nu - 1)})];`);
      }
  } else if (vecUnit) {
    for (let uu = 0; uu < un; uu++)
      for (let gi = 0; gi < G; gi++) {
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
      for (let i = 0; i < r; i++)
        L.push(
          `    acc${gi}_${i} = ${off ? `fma(acc${gi}_${i}, sc, vec4<f32>(xa${i}) * ofv)` : `acc${gi}_${i} * sc`};`,
        );
      L.push('  }');
    }
  }
  // red[(gi*R + i)*T + lid]: tree reduction over the T threads, then one thread per (block, row) stores
  for (let gi = 0; gi < G; gi++)
    for (let i = 0; i < r; i++) L.push(`  red[${u((gi * r + i) * t)} + lid] = acc${gi}_${i};`);
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
