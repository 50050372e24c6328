// Edge cases E.1 and E.3 of docs/testing.md, seeded random shapes, thread-count determinism, guard bytes.
// Everything that runs a kernel runs once per kernel set this engine offers (test/helpers/kernel-sets.ts); a set
// the engine cannot compute is reported skipped.
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../src/index.js';
import type { ConvBiasParams, Nonlinearity, Rounding, BiasMode } from '../src/params.js';
import { normalizeConvParams } from '../src/params.js';
import { reference } from '../kernels-ref/index.js';
import { requantConsts, roundHalfAway, sat8 } from '../kernels-ref/requant.js';
import { dotPlanFacts } from '../src/algos/direct-dot-nchw44.js';
import { KERNELS } from '../src/algos/kernel-table.generated.js';
import { WorkspaceBundle } from '../src/workspace.js';
import { runCase, type CaseOptions } from './helpers/conv-case.js';
import { rng, randInt, randInt8 } from './helpers/rng.js';
import { dotFilterToOIHW } from './helpers/layouts.js';
import { describeEachKernelSet, foreignKernels, LAB_KERNELS, type KernelSet } from './helpers/kernel-sets.js';

const base = (p: Partial<ConvBiasParams>): ConvBiasParams => ({
  format: 'NCHW44',
  n: 1,
  ic: 4,
  ih: 5,
  iw: 5,
  oc: 4,
  fh: 3,
  fw: 3,
  stride: 1,
  pad: 1,
  srcScale: 0.05,
  filterScale: 0.02,
  dstScale: 0.11,
  biasMode: 'channel',
  nonlinearity: 'identity',
  ...p,
});

/** One case against the oracle on `rt`, which must run `set`'s kernels for the algorithm it took. */
function expectOk(rt: Runtime, set: KernelSet, p: ConvBiasParams, seed: number, opts = {}): void {
  const r = runCase(rt, p, seed, opts);
  expect(r, JSON.stringify(p)).toMatchObject({ ok: true });
  expect(
    foreignKernels(set, r.algorithm, r.kernels),
    `${set.label}: ${r.algorithm} ran ${r.kernels.join(', ')}`,
  ).toEqual([]);
}

describe('E.3 the requantization formula (oracle only)', () => {
  it('the fast-path formula stays within 1 LSB of the naive roundf((acc * s_bias) / s_dst)', () => {
    const r = rng(7);
    let worst = 0;
    for (let t = 0; t < 20000; t++) {
      const sSrc = 0.001 + r() * 0.5;
      const sW = 0.001 + r() * 0.1;
      const sDst = 0.01 + r() * 0.5;
      const acc = randInt(r, -300000, 300000);
      const c = requantConsts(sSrc, sW, sDst);
      const fast = reference.requant.requantToInt8(acc, c, 'identity', 'half-away');
      const naive = sat8(roundHalfAway(Math.fround(Math.fround(Math.fround(acc) * c.sBias) / Math.fround(sDst))));
      worst = Math.max(worst, Math.abs(fast - naive));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });
});

describeEachKernelSet((set, rt, lab) => {
  // a forced alternative tile runs on the set's lab build (the product builds do not carry it)
  const ok = (p: ConvBiasParams, seed: number, opts: CaseOptions = {}) =>
    expectOk(opts.kernel !== undefined && LAB_KERNELS.has(opts.kernel) ? lab() : rt(), set, p, seed, opts);

  describe('E.1 loop tails and tiles', () => {
    it('every output width 1..17 (all pixel-tile remainders), every filter and stride', () => {
      let seed = 1;
      for (const k of [2, 3, 5, 7])
        for (const s of [1, 2])
          for (let ow = 1; ow <= 17; ow++) {
            const iw = (ow - 1) * s + k - 2 * (k >> 1);
            ok(base({ fh: k, fw: k, stride: s, pad: k >> 1, iw: Math.max(iw, 1), ih: 3 }), seed++);
          }
    });

    it('remainder tiles, forced by name (either tile set, w8 twins too): every remainder of a row, OW 1 .. 2 npix - 1, with their tail', () => {
      let seed = 500;
      const rems = KERNELS.filter((v) => v.isa === set.dotKernelIsa && v.rem && v.role !== 'tail');
      if (set.dotKernelIsa === 'wasmsimd') expect(rems.length).toBeGreaterThan(0);
      for (const k of rems)
        for (let ow = 1; ow < 2 * k.npix; ow++) {
          const iw = (ow - 1) * k.stride + k.fw - 2 * (k.fw >> 1);
          // OC one block past the tile: the tail tile (a remainder tile too) runs the last block
          ok(
            base({
              ic: 8,
              oc: 4 * k.nb + 4,
              fh: k.fw,
              fw: k.fw,
              stride: k.stride,
              pad: k.fw >> 1,
              iw: Math.max(iw, 1),
              ih: 3,
            }),
            seed++,
            { kernel: k.name },
          );
        }
    });

    it('output channels 4..28 hit every oc-tile remainder; input channels 4, 8, 64', () => {
      let seed = 100;
      for (const oc of [4, 8, 12, 16, 20, 24, 28])
        for (const ic of [4, 8, 64])
          for (const nl of ['identity', 'relu', 'hswish'] as Nonlinearity[])
            ok(base({ oc, ic, ih: 4, iw: 9, nonlinearity: nl }), seed++);
    });

    it('stride 2 with odd and even padding, and padding larger than the filter', () => {
      let seed = 200;
      for (const k of [2, 3, 5, 7])
        for (const pad of [0, 1, 2, 3, k + 1])
          for (const w of [5, 8, 11])
            ok(base({ fh: k, fw: k, stride: 2, pad, ih: Math.max(6, k), iw: Math.max(w, k), oc: 8 }), seed++);
    });

    it('a tile that is mostly padding (IH = 1, FH = 7, PH = 3) and pad > filter with short tiles', () => {
      ok(base({ ih: 1, iw: 9, fh: 7, fw: 7, pad: 3, oc: 12 }), 300);
      ok(base({ ih: 1, iw: 1, fh: 2, fw: 2, pad: 3, oc: 8 }), 301, { threads: 4 });
      ok(base({ ih: 2, iw: 3, fh: 3, fw: 3, pad: [5, 4], stride: 2, oc: 4 }), 302, { threads: 3 });
    });

    it('one row, one column, batch 3', () => {
      ok(base({ ih: 1, iw: 17, fh: 3, fw: 3, pad: [1, 0] }), 310);
      ok(base({ ih: 17, iw: 1, fh: 3, fw: 3, pad: [0, 1] }), 311);
      ok(base({ n: 3, ih: 7, iw: 6, oc: 16, ic: 8, group: 2, stride: 2 }), 312);
    });

    it('many output-row tiles: the same result for 1..8 workspace slices', () => {
      const p = base({ ih: 40, iw: 13, oc: 12, ic: 8, fh: 5, fw: 5, pad: 2 });
      for (let t = 1; t <= 8; t++) ok(p, 400, { threads: t });
      const f1 = dotPlanFacts(normalizeConvParams(p), 1, set.isa);
      const f4 = dotPlanFacts(normalizeConvParams(p), 4, set.isa);
      expect(f4.ohTiles).toBeGreaterThan(f1.ohTiles);
    });

    it('rows too wide for the tile budget (IC * IW * 2 > 512 KiB) still get one row per task', () => {
      const p = base({ ic: 256, iw: 1100, ih: 3, oc: 4, fh: 3, fw: 3, pad: 1 });
      const f = dotPlanFacts(normalizeConvParams(p), 1, set.isa);
      expect(f.ohTile).toBe(1);
      ok(p, 500, { lo: -20, hi: 20 });
    });

    it('int8 extremes: full-range data saturates the same way in both paths', () => {
      for (const rounding of ['half-away', 'half-even'] as Rounding[])
        ok(base({ ic: 16, oc: 8, rounding, dstScale: 0.0005 }), 600);
    });
  });

  describe('E.3 requantization: ties, saturation, hswish near -3, 0, +3', () => {
    // IC 4, 2x2 filter, no padding, a single unit tap: acc = x(pixel) + bias, so we dial accumulators exactly.
    function accConv(
      accs: Int32Array,
      extra: Partial<ConvBiasParams>,
    ): { got: Int8Array | Int32Array; want: Int8Array | Int32Array } {
      const ow = accs.length;
      const p = base({ ic: 4, oc: 4, ih: 2, iw: ow + 1, fh: 2, fw: 2, pad: 0, biasMode: 'full', ...extra });
      const s = normalizeConvParams(p);
      const src = new Int8Array(s.srcLength); // zeros: acc = bias
      const w = new Int8Array(s.filterLength);
      const bias = new Int32Array(s.dstLength);
      for (let j = 0; j < ow; j++) for (let c = 0; c < 4; c++) bias[j * 4 + c] = accs[j] + c * 7;
      const conv = rt().convBias(p);
      conv.setFilter(w);
      conv.setBias(bias);
      const got = s.dstType === 'int8' ? new Int8Array(s.dstLength) : new Int32Array(s.dstLength);
      conv.exec(src, got);
      expect(foreignKernels(set, conv.algorithm, conv.kernels), conv.kernels.join(', ')).toEqual([]);
      conv.dispose();
      return { got, want: reference.convBias(p, src, w, bias) as Int8Array | Int32Array };
    }

    it('ratio 0.5: odd accumulators are exact ties, both signs, both roundings', () => {
      const accs = Int32Array.from({ length: 201 }, (_, i) => i - 100);
      for (const rounding of ['half-away', 'half-even'] as Rounding[]) {
        for (const nl of ['identity', 'relu'] as Nonlinearity[]) {
          const { got, want } = accConv(accs, {
            srcScale: 0.5,
            filterScale: 1,
            dstScale: 1,
            rounding,
            nonlinearity: nl,
          });
          expect(Array.from(got)).toEqual(Array.from(want));
        }
      }
      // and the ties really are ties resolved as named: acc 3 -> 1.5 -> 2 (both); acc 5 -> 2.5 -> 3 (away) / 2 (even)
      const away = accConv(Int32Array.from([3, 5, -5]), { srcScale: 0.5, filterScale: 1, dstScale: 1 }).got;
      const even = accConv(Int32Array.from([3, 5, -5]), {
        srcScale: 0.5,
        filterScale: 1,
        dstScale: 1,
        rounding: 'half-even',
      }).got;
      expect([away[0], away[4], away[8]]).toEqual([2, 3, -3]);
      expect([even[0], even[4], even[8]]).toEqual([2, 2, -2]);
    });

    it('saturation at -128 / 127 and int32 extremes', () => {
      // 2^23 +- 1 (ratio 0.5: values at the 2^22 clamp of the half-even fast path, ties included), 2^24 - 1
      const accs = Int32Array.from([
        -2147483000, -16777215, -8388609, -8388607, -100000, -257, -256, -255, 254, 255, 256, 100000, 8388607, 8388609,
        16777215, 2147483000,
      ]);
      for (const rounding of ['half-away', 'half-even'] as Rounding[]) {
        const { got, want } = accConv(accs, { srcScale: 0.5, filterScale: 1, dstScale: 1, rounding });
        expect(Array.from(got)).toEqual(Array.from(want));
        expect(Math.max(...got)).toBe(127);
        expect(Math.min(...got)).toBe(-128);
      }
    });

    it('channel biases at the extremes through the fast finishing paths (GEMM, direct, depthwise in registers): int8 / uint8 with zero points, identity / relu / relu6, both roundings', () => {
      // zero source and filter: acc = bias[c] at every pixel; 16 channels, one extreme each
      const accs = Int32Array.from([
        -2147483000, -16777215, -8388609, -8388607, -100000, -257, -255, -1, 0, 1, 254, 8388607, 8388609, 16777215,
        100000, 2147483000,
      ]);
      const shapes: Partial<ConvBiasParams>[] = [
        { ic: 4, fh: 1, fw: 1, pad: 0, ih: 3, iw: 5 },
        { ic: 4, fh: 3, fw: 3, pad: 1, ih: 5, iw: 6 },
        { ic: 16, group: 16, fh: 3, fw: 3, pad: 1, ih: 4, iw: 9 },
        { ic: 16, group: 16, fh: 3, fw: 3, pad: 1, ih: 5, iw: 9, stride: 2 },
      ];
      let cases = 0;
      for (const shape of shapes)
        for (const [dstType, dstZeroPoint] of [
          ['int8', -3],
          ['int8', 100],
          ['uint8', 0],
          ['uint8', 201],
        ] as const)
          for (const nonlinearity of ['identity', 'relu', 'relu6'] as Nonlinearity[])
            for (const rounding of ['half-even', 'half-away'] as Rounding[])
              for (const dstScale of [2, 0.37]) {
                const p = base({
                  oc: 16,
                  ...shape,
                  srcScale: 0.5,
                  filterScale: 1,
                  dstScale,
                  dstType,
                  dstZeroPoint,
                  nonlinearity,
                  rounding,
                });
                const s = normalizeConvParams(p);
                const src = new Int8Array(s.srcLength);
                const w = new Int8Array(s.filterLength);
                const conv = rt().convBias(p);
                conv.setFilter(w);
                conv.setBias(accs);
                const got = dstType === 'int8' ? new Int8Array(s.dstLength) : new Uint8Array(s.dstLength);
                conv.exec(src, got);
                expect(foreignKernels(set, conv.algorithm, conv.kernels), conv.kernels.join(', ')).toEqual([]);
                conv.dispose();
                expect(
                  Array.from(got),
                  `${JSON.stringify(shape)} ${dstType} zp ${dstZeroPoint} ${nonlinearity} ${rounding} ${dstScale}`,
                ).toEqual(Array.from(reference.convBias(p, src, w, accs)));
                cases++;
              }
      expect(cases).toBe(4 * 4 * 3 * 2 * 2);
    });

    it('hswish sweeps x = acc * s_bias across -4..4 for int8 and int32 outputs', () => {
      const accs = Int32Array.from({ length: 801 }, (_, i) => i - 400);
      for (const rounding of ['half-away', 'half-even'] as Rounding[]) {
        for (const dstScale of [0.01, 0.037, undefined]) {
          const { got, want } = accConv(accs, {
            srcScale: 0.1,
            filterScale: 0.1,
            dstScale,
            rounding,
            nonlinearity: 'hswish',
          });
          expect(Array.from(got)).toEqual(Array.from(want));
        }
      }
    });
  });

  describe('seeded random shapes', () => {
    it('200 random cases: formats, groups, paddings, data ranges, outputs, roundings, bias modes', () => {
      const r = rng(2026);
      const failures: string[] = [];
      for (let t = 0; t < 200; t++) {
        const hybrid = r() < 0.15;
        const k = [2, 3, 5, 7][randInt(r, 0, 3)];
        const s = randInt(r, 1, 2);
        const group = hybrid ? 1 : [1, 1, 2, 3][randInt(r, 0, 3)];
        const ic = hybrid ? randInt(r, 1, 3) : 4 * group * randInt(r, 1, 4);
        const oc = 4 * group * randInt(r, 1, 5);
        const ph = randInt(r, 0, k + 1);
        const pw = randInt(r, 0, k + 1);
        const ih = Math.max(randInt(r, 1, 14), k - 2 * ph);
        const iw = Math.max(randInt(r, 1, 20), k - 2 * pw);
        const p: ConvBiasParams = {
          format: hybrid ? 'NCHW_NCHW44' : 'NCHW44',
          n: randInt(r, 1, 2),
          ic,
          ih,
          iw,
          oc,
          fh: k,
          fw: k,
          stride: s,
          pad: [ph, pw],
          group,
          srcScale: 0.01 + r(),
          filterScale: 0.01 + r() * 0.1,
          dstScale: r() < 0.25 ? undefined : 0.05 + r() * 2,
          biasMode: (hybrid ? ['none', 'channel'] : ['none', 'channel', 'full'])[
            randInt(r, 0, hybrid ? 1 : 2)
          ] as BiasMode,
          nonlinearity: ['identity', 'relu', 'hswish'][randInt(r, 0, 2)] as Nonlinearity,
          rounding: r() < 0.5 ? 'half-away' : 'half-even',
        };
        const res = runCase(rt(), p, t, { threads: randInt(r, 1, 4) });
        if (!res.ok) failures.push(`${JSON.stringify(p)} -> ${JSON.stringify(res)}`);
        const foreign = foreignKernels(set, res.algorithm, res.kernels);
        if (foreign.length) failures.push(`${JSON.stringify(p)} ran ${foreign.join(', ')}, not ${set.label} kernels`);
      }
      expect(failures.slice(0, 3)).toEqual([]);
    });
  });

  describe('API details', () => {
    it('golden vectors through the wasm path (dense and group, int32 out)', () => {
      const DENSE = [
        3, 0, 3, 1, 5, 1, 5, 7, 5, 4, 0, 0, 2, 8, 7, 7, 6, 5, 7, 3, 4, 2, 6, 2, 7, 2, 6, 2, 7, 4, 3, 8, 5, 0, 0, 7, 0,
        5, 4, 7, 4, 1, 8, 2, 4, 0, 4, 0, 4, 6, 0, 1, 8, 2, 6, 4, 7, 3, 4, 3, 3, 0, 4, 8, 8, 2, 3, 7, 8, 5, 2, 0, 7, 5,
        8, 2, 2, 1, 1, 7, 1, 0, 2, 4, 6, 6, 4, 2, 1, 3, 1, 7, 5, 0, 1, 5, 7, 5, 3, 0, 8, 7, 2, 1, 4, 0, 8, 4, 5, 3, 6,
        6, 6, 2, 1, 5, 6, 4, 7, 2, 0, 4, 8, 8, 1, 1, 2, 3, 8, 6, 3, 1, 3, 3, 7, 1, 5, 4, 2, 1, 0, 3, 8, 4,
      ];
      const p = base({ ih: 2, iw: 2, dstScale: undefined, srcScale: 1, filterScale: 1 });
      const conv = rt().convBias(p);
      conv.setFilter(Int8Array.from(DENSE), 'NCHW44_DOT');
      conv.setBias(Int32Array.from([7, 2, 8, 1]));
      const dst = new Int32Array(16);
      conv.exec(Int8Array.from([7, 2, 2, 1, 7, 5, 6, 3, 1, 2, 8, 3, 7, 7, 6, 4]), dst);
      expect(Array.from(dst)).toEqual([264, 338, 309, 195, 276, 332, 390, 199, 224, 268, 311, 218, 288, 311, 346, 277]);
      expect(conv.dstShape).toEqual([1, 1, 2, 2, 4]);
      expect(conv.algorithm).toBe('WASMDOTS8DIRECT_NCHW44');
      expect(foreignKernels(set, conv.algorithm, conv.kernels), conv.kernels.join(', ')).toEqual([]);
      conv.dispose();
    });

    it('an NCHW44_DOT filter (group) gives the same result as its OIHW form', () => {
      const p = base({ ic: 16, oc: 8, group: 2, ih: 6, iw: 7 });
      const s = normalizeConvParams(p);
      const r = rng(5);
      const dotF = randInt8(r, s.filterLength);
      const src = randInt8(r, s.srcLength);
      const bias = Int32Array.from({ length: 8 }, (_, i) => i * 100 - 300);
      // group filter {G, OCPG/4, ICPG/4, FH, FW, 4, 4}: per group it is the dense dot layout
      const oihw = new Int8Array(s.filterLength);
      const per = s.filterLength / 2;
      for (let g = 0; g < 2; g++) oihw.set(dotFilterToOIHW(dotF.subarray(g * per, (g + 1) * per), 4, 8, 3, 3), g * per);
      const a = rt().convBias(p);
      a.setFilter(dotF, 'NCHW44_DOT');
      a.setBias(bias);
      const da = new Int8Array(s.dstLength);
      a.exec(src, da);
      expect(Array.from(da)).toEqual(Array.from(reference.convBias(p, src, oihw, bias)));
      a.dispose();
    });

    it('exec reuses its memory: repeated calls allocate nothing and give the same output', () => {
      const p = base({ ic: 8, oc: 8, ih: 9, iw: 9 });
      const s = normalizeConvParams(p);
      const conv = rt().convBias(p);
      conv.setFilter(randInt8(rng(1), s.filterLength));
      conv.setBias(new Int32Array(8));
      const src = randInt8(rng(2), s.srcLength);
      const d1 = new Int8Array(s.dstLength);
      const d2 = new Int8Array(s.dstLength);
      conv.exec(src, d1);
      const used = rt().core.heap.bytesInUse;
      const mem = rt().core.memory.buffer.byteLength;
      conv.exec(src, d2);
      expect(rt().core.heap.bytesInUse).toBe(used);
      expect(rt().core.memory.buffer.byteLength).toBe(mem);
      expect(d2).toEqual(d1);
      const before = rt().core.heap.bytesInUse;
      conv.dispose();
      expect(rt().core.heap.bytesInUse).toBeLessThan(before);
    });

    it('workspace bundle: 512-byte chunks plus one alignment slack (docs/conv.md#workspace example)', () => {
      const b = new WorkspaceBundle([12544]);
      expect(b.totalBytes).toBe(13312);
      expect(b.get(100, 0)).toBe(512);
      const b2 = new WorkspaceBundle([1, 513, 0]);
      expect(b2.aligned).toEqual([512, 1024, 0]);
      expect(b2.get(0, 2)).toBe(1536);
      expect(new WorkspaceBundle([0]).totalBytes).toBe(0);
      const conv = rt().convBias(base({ ic: 8, oc: 8 }), { threads: 3 });
      const f = dotPlanFacts(conv.params, 3, set.isa, undefined, rt().features.simdTiles);
      const filterBytes = 8 * 8 * 9 * set.dotFilterBytesPerWeight; // OC * IC * taps, packed as i16 (SIMD128) or i8
      expect(conv.workspaceBytes).toBe(new WorkspaceBundle([filterBytes, f.perThreadBytes * 3]).totalBytes);
      conv.dispose();
    });

    it('each kernel-table variant is used by the shapes that should run it', () => {
      const kernels = KERNELS.filter((v) => v.isa === set.dotKernelIsa);
      expect(kernels.length).toBeGreaterThan(0);
      for (const k of kernels) {
        // SIMD128 main tiles belong to a tile set (features.simdTiles, chosen per engine): the one this runtime
        // does not use is checked on the plan, which is what the runtime of such an engine runs
        // (the w8 twins exist for the wide set only, tails included)
        const tiles = k.tileSet ?? (k.w8 ? 'wide' : (rt().features.simdTiles ?? 'wide'));
        // the w8 twins run where a tile's i16 weights are large: many input channels
        const ic = k.w8 ? 576 : 4;
        const planOf = (oc: number, iw: number) =>
          dotPlanFacts(
            normalizeConvParams(base({ ic, fh: k.fw, fw: k.fw, stride: k.stride, pad: k.fw >> 1, oc, iw })),
            1,
            set.isa,
            undefined,
            tiles,
          );
        // a tail runs when OC/4 % main.nb == k.nb: the first such channel count above the main tile (whose nb
        // depends on the tile set and the width)
        const oc =
          k.role === 'tail' ? 4 * [3, 4, 5, 6, 7].find((b) => planOf(4 * b, 11).tail?.name === k.name)! : 4 * k.nb;
        const mains = kernels.filter(
          (v) =>
            v.fw === k.fw &&
            v.stride === k.stride &&
            v.role === 'main' &&
            (v.tileSet === null || v.tileSet === tiles) &&
            v.w8 === k.w8,
        );
        // where several main tiles exist, the heuristic takes the one that pads the row least (the first declared on
        // ties): the narrowest input width whose plan picks this one
        const shapeOf = (iw: number) => base({ ic, fh: k.fw, fw: k.fw, stride: k.stride, pad: k.fw >> 1, oc, iw });
        const iw =
          k.role === 'main' && mains.length > 1
            ? Array.from({ length: 64 }, (_, i) => i + 1).find((w) => planOf(oc, w).main.name === k.name)
            : 11;
        expect(iw, `an output width that runs ${k.name}`).toBeDefined();
        const p = shapeOf(iw!);
        if ((k.role === 'main' || k.w8) && tiles !== (rt().features.simdTiles ?? 'wide')) {
          const f = dotPlanFacts(normalizeConvParams(p), 1, set.isa, undefined, tiles);
          expect(k.role === 'tail' ? f.tail?.name : f.main.name).toBe(k.name);
        } else {
          // the direct algorithm's own choice (on SIMD128 the heuristic takes Winograd for 3x3 stride 1)
          const conv = (k.lab ? lab() : rt()).convBias(
            { ...p, algo: 'WASMDOTS8DIRECT_NCHW44' },
            { kernel: k.role === 'alt' ? k.name : undefined },
          );
          expect(conv.kernels).toContain(k.name);
          conv.dispose();
        }
        // and forced by name, each gives the oracle's answer on a shape with pixel and channel remainders
        if (k.role !== 'tail') ok(base({ ...p, oc: 4 * k.nb + 4, iw: 13 }), k.id, { kernel: k.name });
      }
      expect(() => lab().convBias(base({}), { kernel: 'conv_nchw44_dot_f5s1_oc8x4__wasmsimd' })).toThrow(/kernel/);
    });
  });
});
