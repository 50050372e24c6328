// Every algorithm of the pack forced by name over the shapes it claims, with every loop tail (pixels, channels,
// K steps, rows), every quantization variant (int8 / uint8 sources and outputs with zero points, per-channel
// scales, activations, roundings, bias modes), guard bytes around dst and every wasm buffer (workspace included),
// against the oracle bit for bit (docs/conv.md#heuristic, docs/testing.md).
// Everything that runs a kernel runs once per kernel set this engine offers (test/helpers/kernel-sets.ts: SIMD128,
// the relaxed dot8 kernels of the probed flavour, the relaxed 7-bit split kernels), and each case checks that it
// ran the set's kernels; a set the engine cannot compute is reported skipped.
import { describe, expect, it } from 'vitest';
import { createRuntime, GEMM_KERNELS, KERNELS, type Runtime } from '../src/index.js';
import type { ConvBiasParams } from '../src/params.js';
import { normalizeConvParams } from '../src/params.js';
import { balanceGemmTasks, CHANNEL_LANE_NOC, gemmPlanFacts } from '../src/algos/gemm.js';
import { reference } from '../kernels-ref/index.js';
import { quantVariant, randSource, runCase, type CaseOptions } from './helpers/conv-case.js';
import { rng, randInt, randInt8, randInt32 } from './helpers/rng.js';
import {
  describeEachKernelSet,
  foreignKernels,
  KERNEL_SETS,
  ENGINE_FEATURES,
  LAB_KERNELS,
  type KernelSet,
} from './helpers/kernel-sets.js';

const quant = (i: number, oc: number): Partial<ConvBiasParams> => quantVariant(i, oc);

/** One case against the oracle on `rt`, which must run `set`'s kernels for the algorithm it took. */
function expectExact(
  rt: Runtime,
  set: KernelSet,
  p: ConvBiasParams,
  seed: number,
  opts: CaseOptions = {},
  algo?: string,
): void {
  const r = runCase(rt, algo ? { ...p, algo } : p, seed, opts);
  expect(r, `${JSON.stringify(p)} ${JSON.stringify(opts)} -> ${JSON.stringify(r.firstMismatch)}`).toMatchObject({
    ok: true,
  });
  if (algo) expect(r.algorithm).toBe(algo);
  expect(
    foreignKernels(set, r.algorithm, r.kernels),
    `${set.label}: ${r.algorithm} ran ${r.kernels.join(', ')}`,
  ).toEqual([]);
}

const conv = (p: Partial<ConvBiasParams>): ConvBiasParams => ({
  format: 'NCHW44',
  n: 1,
  ic: 4,
  ih: 3,
  iw: 3,
  oc: 4,
  fh: 1,
  fw: 1,
  srcScale: 0.05,
  filterScale: 0.01,
  dstScale: 0.5,
  ...p,
});

describe('the GEMM task split (plan only, no kernel runs)', () => {
  it('the GEMM task split covers every pixel once, keeps panels in budget, and splits no more channels than tiles', () => {
    for (const plane of [1, 7, 49, 100, 196, 784, 3136, 12544])
      for (const unit of [4, 8])
        for (const maxPanel of [8, 104, 1000])
          for (const outer of [1, 3])
            for (const threads of [2, 3, 4])
              for (const ocTiles of [1, 2, 6, 16, 160]) {
                const { per, count, parts } = balanceGemmTasks(plane, maxPanel, unit, outer, threads, ocTiles);
                const at = `${plane} ${unit} ${maxPanel} ${outer} ${threads} ${ocTiles}`;
                expect(per % unit, at).toBe(0);
                expect(per * count, at).toBeGreaterThanOrEqual(plane);
                expect(per * (count - 1), at).toBeLessThan(plane);
                expect(per, at).toBeLessThanOrEqual(Math.max(unit, maxPanel, Math.ceil(plane / unit) * unit));
                if (maxPanel >= unit && Math.ceil(plane / unit) * unit > maxPanel)
                  expect(per, at).toBeLessThanOrEqual(maxPanel);
                expect(parts, at).toBeGreaterThanOrEqual(1);
                expect(parts, at).toBeLessThanOrEqual(ocTiles);
              }
    // a 14x14 1x1 layer with 64 output channels: two panels of 108 and 88 pixels (whole 12-pixel micro-tiles of the
    // wide set's 2x12; 104 and 92 with the narrow set's 2x8), its channels not split (each channel part would pack
    // the panel again)
    const f = gemmPlanFacts(normalizeConvParams(conv({ format: 'NCHW44', ic: 192, oc: 64, ih: 14, iw: 14 })), 2);
    expect([f.main.name, f.lanes, f.panelPix, f.panels, f.ocParts]).toEqual([
      'gemm_s8_2x12__wasmsimd',
      'pixel',
      108,
      2,
      1,
    ]);
    const n = gemmPlanFacts(
      normalizeConvParams(conv({ format: 'NCHW44', ic: 192, oc: 64, ih: 14, iw: 14 })),
      2,
      undefined,
      true,
      'wasmsimd',
      'narrow',
    );
    expect([n.main.name, n.lanes, n.panelPix, n.panels, n.ocParts]).toEqual([
      'gemm_s8_2x8__wasmsimd',
      'pixel',
      104,
      2,
      1,
    ]);
  });
});

describe('kernel sets of this engine', () => {
  it('SIMD128 always runs; the default build runs one of the sets that run here', async () => {
    const offered = KERNEL_SETS.filter((s) => s.skip === null).map((s) => s.isa);
    expect(offered[0]).toBe('wasmsimd');
    const rt = await createRuntime();
    expect(offered).toContain(rt.features.isa);
    // the split runs wherever any relaxed kernels do; the dot8 set only where the probe found full 8-bit lanes
    if (ENGINE_FEATURES.relaxedDotExact) expect(offered).toContain('wasmrelaxedsimd');
    else expect(offered).toEqual(['wasmsimd']);
    rt.dispose();
  });
});

describeEachKernelSet((set, rt, lab) => {
  // a forced alternative tile runs on the set's lab build (the product builds do not carry it)
  const ex = (p: ConvBiasParams, seed: number, opts: CaseOptions = {}, algo?: string) =>
    expectExact(opts.kernel !== undefined && LAB_KERNELS.has(opts.kernel) ? lab() : rt(), set, p, seed, opts, algo);

  describe('WASMS8_CONV1x1_GEMM (1x1 and fully connected)', () => {
    const A = 'WASMS8_CONV1x1_GEMM';
    // the set's pixel tile: 8 with SIMD128, 24 with the dot8 kernels, whose planes then need 24..49 pixels too
    const mainPix = GEMM_KERNELS.find(
      (k) => k.isa === set.gemmKernelIsa && k.role === 'main' && k.lanes === 'pixel',
    )!.npix;
    const planes = [
      [1, 1],
      [1, 3],
      [2, 3],
      [3, 3],
      [1, 8],
      [3, 5],
      [1, 17],
      ...(mainPix > 8
        ? [
            [4, 6],
            [5, 5],
            [5, 6],
            [1, 47],
            [7, 7],
          ]
        : []),
    ];
    it(`NCHW44: K steps 1..9, output blocks 1..5, pixel tails of the ${mainPix}-pixel tile (planes of 1..${Math.max(...planes.map(([h, w]) => h * w))} pixels)`, () => {
      let i = 0;
      for (const ic of [4, 8, 12, 20, 36])
        for (const oc of [4, 8, 12, 16, 20])
          for (const [ih, iw] of planes) ex(conv({ ic, oc, ih, iw, ...quant(i, oc) }), i++, {}, A);
    });

    it('NCHW: any channel count (1..9 in, 1..9 out), groups, pixel tails', () => {
      let i = 100;
      for (const [ic, oc, group] of [
        [1, 1, 1],
        [2, 3, 1],
        [3, 5, 1],
        [5, 6, 1],
        [8, 9, 1],
        [9, 2, 1],
        [6, 9, 3],
        [4, 6, 2],
        [7, 7, 1],
      ])
        for (const [ih, iw] of [
          [1, 1],
          [2, 3],
          [3, 5],
          [4, 4],
          [1, 13],
          ...(mainPix > 8
            ? [
                [5, 5],
                [7, 7],
              ]
            : []),
        ])
          ex(conv({ format: 'NCHW', ic, oc, group, ih, iw, ...quant(i, oc) }), i++, {}, A);
    });

    it('stride 2 and padding (gathered), batch 2, groups of 4-channel blocks, the hybrid NCHW_NCHW44 format', () => {
      let i = 200;
      for (const format of ['NCHW44', 'NCHW'] as const)
        for (const [s, pad] of [
          [2, 0],
          [1, 1],
          [2, 1],
          [3, 2],
        ] as const)
          for (const [ic, oc, group] of [
            [8, 8, 1],
            [8, 16, 2],
            [4, 12, 1],
          ]) {
            ex(conv({ format, ic, oc, group, n: 2, ih: 5, iw: 7, stride: s, pad, ...quant(i, oc) }), i++, {}, A);
          }
      for (const ic of [1, 2, 3])
        ex(conv({ format: 'NCHW_NCHW44', ic, oc: 8, ih: 4, iw: 5, ...quant(i, 8) }), i++, {}, A);
    });

    it('a fully connected layer (1x1 image), batch 3, also in NCHW with 10 outputs', () => {
      ex(conv({ ic: 64, oc: 32, ih: 1, iw: 1, n: 3, ...quant(1, 32) }), 300, {}, A);
      ex(conv({ format: 'NCHW', ic: 50, oc: 10, ih: 1, iw: 1, n: 3, ...quant(2, 10) }), 301, {}, A);
    });

    it('channel-lane kernels where the plane is small: SIMD128 below OCPG pixels (wide tile set: below OCPG / 6); dot8 runtimes for planes of 8 pixels or fewer with 8+ channels, 12 or fewer with 32+ (the pixel-lane kernels would run such a plane mostly on their 4-pixel companions): main tiles of 8 blocks, then 1-block tails', () => {
      const dot8 = set.gemmKernelIsa === 'wasmrelaxeddot';
      let i = 310;
      for (const [format, ic, oc, ih, iw] of [
        ['NCHW', 1280, 1000, 1, 1],
        ['NCHW', 9, 8, 1, 1],
        ['NCHW44', 36, 20, 1, 1],
        ['NCHW', 9, 8, 1, 2],
        ['NCHW', 40, 32, 1, 1],
        ['NCHW', 17, 33, 1, 1],
        ['NCHW44', 64, 68, 1, 1],
        ['NCHW', 3, 95, 1, 1],
        ['NCHW44', 12, 20, 3, 5],
        ['NCHW', 9, 4, 1, 1],
        ['NCHW44', 8, 8, 3, 3],
        ['NCHW44', 8, 8, 3, 4],
        ['NCHW44', 16, 32, 3, 4],
        ['NCHW', 5, 32, 1, 13],
        ['NCHW44', 16, 4, 2, 2],
      ] as const) {
        const r = runCase(rt(), { ...conv({ format, ic, oc, ih, iw, n: 2, ...quant(i, oc) }), algo: A }, i++);
        expect(r, JSON.stringify(r.firstMismatch)).toMatchObject({ ok: true });
        const channel = dot8
          ? oc >= CHANNEL_LANE_NOC && (ih * iw <= 8 || (ih * iw <= 12 && oc >= 32))
          : (rt().features.simdTiles ?? 'wide') === 'wide'
            ? ih * iw * 6 < oc
            : ih * iw < oc;
        const at = `${format} ${ic}->${oc} ${ih}x${iw}: ${r.kernels.join(', ')}`;
        const lanes = r.kernels.map((k) => GEMM_KERNELS.find((v) => v.name === k)!);
        if (channel)
          expect(
            lanes.every((k) => k.lanes === 'channel' && k.isa === set.gemmKernelIsa),
            at,
          ).toBe(true);
        else
          expect(
            lanes.every((k) => k.lanes === 'pixel' && k.isa === set.gemmKernelIsa),
            at,
          ).toBe(true);
      }
    });

    it('NCHW44 1x1 stride 1: a second panel, groups, batch 2, threads 1-3, int8 and uint8 sources (dot8 kernels read the source in place where its bytes need no xor, and pack only the last micro-tile)', () => {
      let i = 500;
      // 56x58: a 3072-pixel panel (K 64) and one of 176 = 7 tiles + 8 pixels; 7x11: 3 tiles + 5; 5x10: 2 tiles + 2
      for (const [ic, oc, group, n, ih, iw, threads] of [
        [64, 8, 1, 1, 56, 58, 1],
        [64, 12, 1, 1, 56, 58, 2],
        [32, 16, 2, 2, 7, 11, 1],
        [32, 16, 2, 2, 7, 11, 3],
        [16, 20, 1, 1, 5, 10, 2],
        [8, 4, 1, 2, 4, 6, 1],
      ])
        for (let v = 0; v < 4; v++) ex(conv({ ic, oc, group, n, ih, iw, ...quant(i, oc) }), i++, { threads }, A);
    });

    it(`every ${set.gemmKernelIsa} GEMM micro-kernel, forced by name, with channel and pixel remainders; threads 1-3 split the plane`, () => {
      let i = 400;
      const kernels = GEMM_KERNELS.filter((v) => v.isa === set.gemmKernelIsa);
      expect(kernels.length).toBeGreaterThan(0);
      for (const k of kernels) {
        for (const [format, ic, oc] of [
          ['NCHW44', 12, 12],
          ['NCHW', 5, 7],
        ] as const) {
          for (const threads of [1, 2, 3])
            ex(conv({ format, ic, oc, ih: 5, iw: 9, ...quant(i, oc) }), i++, { kernel: k.name, threads }, A);
        }
      }
    });
  });

  describe('WASMS8_IM2COL_GEMM (every other shape)', () => {
    const A = 'WASMS8_IM2COL_GEMM';
    it('random shapes: both layouts, rectangular / dilated / strided / grouped / unevenly padded', () => {
      const r = rng(5);
      for (let i = 0; i < 160; i++) {
        const format = (['NCHW44', 'NCHW', 'NCHW', 'NCHW_NCHW44'] as const)[i % 4];
        const g = format === 'NCHW_NCHW44' ? 1 : [1, 2, 3][randInt(r, 0, 2)];
        const m = format === 'NCHW' ? 1 : 4;
        // NCHW44 with groups takes channels per group that are not multiples of 4 too (the gather packer)
        const icpg =
          format === 'NCHW_NCHW44'
            ? randInt(r, 1, 3)
            : format === 'NCHW44' && g > 1 && i % 8 < 4
              ? 2
              : m * randInt(r, 1, 3);
        const ocpg = format === 'NCHW44' && g > 1 && i % 8 < 4 ? 2 : m * randInt(r, 1, 3);
        let ic = icpg * g;
        let oc = ocpg * g;
        if (format === 'NCHW44' && (ic % 4 || oc % 4)) {
          ic = 4 * g;
          oc = 4 * g;
        }
        if (format === 'NCHW_NCHW44') oc = 4 * randInt(r, 1, 3);
        const fh = randInt(r, 1, 5);
        const fw = randInt(r, 1, 5);
        const dilation: [number, number] = i % 3 ? [1, 1] : [randInt(r, 1, 3), randInt(r, 1, 2)];
        const pad: [number, number, number, number] = [
          randInt(r, 0, 2),
          randInt(r, 0, 2),
          randInt(r, 0, 2),
          randInt(r, 0, 2),
        ];
        const ih = Math.max(randInt(r, 1, 9), (fh - 1) * dilation[0] + 1 - pad[0] - pad[2]);
        const iw = Math.max(randInt(r, 1, 11), (fw - 1) * dilation[1] + 1 - pad[1] - pad[3]);
        const p = conv({
          format,
          n: randInt(r, 1, 2),
          ic,
          oc,
          group: g,
          ih,
          iw,
          fh,
          fw,
          stride: [randInt(r, 1, 3), randInt(r, 1, 3)],
          pad,
          dilation,
          ...quant(i, oc),
        });
        ex(p, 500 + i, { threads: (i % 3) + 1 }, A);
      }
    });
  });

  describe('WASMS8_IM2COL_GEMM, stride 1 (pack modes 7 / 8: shifted reads of the source)', () => {
    const A = 'WASMS8_IM2COL_GEMM';
    it('1xK / Kx1 / rectangular / padded 1x1 filters: widths 1..13 (groups inside a row, across row ends, at borders), pads on each side, channel tails, dilations, panels split mid-row', () => {
      const r = rng(31);
      const filters: Array<[number, number]> = [
        [1, 3],
        [3, 1],
        [1, 2],
        [2, 1],
        [1, 5],
        [5, 1],
        [2, 3],
        [3, 3],
        [1, 1],
      ];
      for (let i = 0; i < 108; i++) {
        const format = (['NCHW44', 'NCHW', 'NCHW44', 'NCHW_NCHW44'] as const)[i % 4];
        const [fh, fw] = filters[i % filters.length];
        const g = format === 'NCHW_NCHW44' || i % 7 !== 3 ? 1 : 2;
        // NCHW: channel counts of every remainder mod 4 (2..9 per group: one channel per group is mode 6)
        const icpg =
          format === 'NCHW44' ? 4 * randInt(r, 1, 3) : format === 'NCHW_NCHW44' ? randInt(r, 2, 3) : randInt(r, 2, 9);
        const ocpg = format === 'NCHW' ? randInt(r, 1, 9) : 4 * randInt(r, 1, 3);
        const dilation: [number, number] = i % 5 === 4 ? [randInt(r, 1, 2), randInt(r, 1, 3)] : [1, 1];
        // pads [top, left, bottom, right]: each side alone, both, none, more than the filter reaches
        const pad: [number, number, number, number] =
          i % 3 === 0
            ? [0, 1, 0, 1]
            : i % 3 === 1
              ? [1, 0, 1, 0]
              : [randInt(r, 0, 2), randInt(r, 0, 3), randInt(r, 0, 2), randInt(r, 0, 3)];
        if (fh === 1 && fw === 1 && pad.every((v) => v === 0)) pad[1] = 1; // the unpadded 1x1 is mode 0 / 2
        const ih = Math.max(randInt(r, 1, 9), (fh - 1) * dilation[0] + 1 - pad[0] - pad[2]);
        const iw = Math.max(1 + (i % 13), (fw - 1) * dilation[1] + 1 - pad[1] - pad[3]);
        const p = conv({
          format,
          n: randInt(r, 1, 2),
          ic: icpg * g,
          oc: ocpg * g,
          group: g,
          ih,
          iw,
          fh,
          fw,
          pad,
          dilation,
          ...quant(i, ocpg * g),
        });
        expect(gemmPlanFacts(normalizeConvParams(p), 1).packMode).toBe(format === 'NCHW44' ? 7 : 8);
        ex(p, 1300 + i, { threads: (i % 3) + 1 }, A);
      }
    });
    it('channel-lane panels (more than 6 output channels per pixel): 1x3 / 3x1 / 2x2 over planes of 1..8 pixels', () => {
      const r = rng(41);
      for (let i = 0; i < 24; i++) {
        const format = (['NCHW44', 'NCHW'] as const)[i % 2];
        const [fh, fw] = (
          [
            [1, 3],
            [3, 1],
            [2, 2],
          ] as const
        )[i % 3];
        const ic = format === 'NCHW44' ? 4 * randInt(r, 1, 3) : randInt(r, 2, 11);
        const oc = format === 'NCHW44' ? 4 * randInt(r, 13, 16) : randInt(r, 49, 64);
        // a plane of at most 8 output pixels (oc > 6 x pixels), padded on the sides the filter reaches over
        const pt = randInt(r, 0, fh - 1);
        const pl = randInt(r, 0, fw - 1);
        const pad: [number, number, number, number] = [pt, pl, randInt(r, 0, fh - 1 - pt), randInt(r, 0, fw - 1 - pl)];
        const ih = randInt(r, 1, 2) + fh - 1 - pad[0] - pad[2];
        const iw = randInt(r, 1, 4) + fw - 1 - pad[1] - pad[3];
        const p = conv({ format, ic, oc, ih, iw, fh, fw, pad, ...quant(i, oc) });
        const f = gemmPlanFacts(normalizeConvParams(p), 1);
        expect([f.lanes, f.packMode]).toEqual(['channel', format === 'NCHW44' ? 7 : 8]);
        ex(p, 1400 + i, { threads: (i % 3) + 1 }, A);
      }
    });
    it('openWakeWord-like layers: 24..36 channels over 40-row planes of 32 / 30 / 13 pixels (several panels; 2 and 3 threads split them mid-row)', () => {
      let i = 0;
      for (const format of ['NCHW44', 'NCHW'] as const)
        for (const [fh, fw, pad] of [
          [1, 3, [0, 1, 0, 1]],
          [3, 1, [0, 0, 0, 0]],
          [3, 1, [1, 0, 1, 0]],
        ] as Array<[number, number, [number, number, number, number]]>)
          for (const [ic, oc, iw] of [
            [24, 24, 32],
            [36, 28, 30],
            [format === 'NCHW' ? 23 : 20, format === 'NCHW' ? 13 : 12, 13],
          ]) {
            const p = conv({ format, ic, oc, ih: 40, iw, fh, fw, pad, ...quant(i, oc) });
            expect(gemmPlanFacts(normalizeConvParams(p), 1).packMode).toBe(format === 'NCHW44' ? 7 : 8);
            ex(p, 1500 + i, { threads: (i % 3) + 1 }, A);
            i++;
          }
    });
  });

  describe('WASMS8_IM2COL_GEMM, one input channel per group (4 taps to a K step)', () => {
    const A = 'WASMS8_IM2COL_GEMM';
    it('NCHW and NCHW -> NCHW44: filter rows 2..13 (every tail of 4), 1-D rows of 37 and 64 taps, strides, dilations, pads, groups', () => {
      const r = rng(77);
      for (let i = 0; i < 90; i++) {
        const format = (['NCHW', 'NCHW', 'NCHW_NCHW44'] as const)[i % 3];
        const g = format === 'NCHW_NCHW44' ? 1 : [1, 1, 2, 3][randInt(r, 0, 3)];
        const oc = format === 'NCHW_NCHW44' ? 4 * randInt(r, 1, 3) : g * randInt(r, 1, 5);
        const wide = i % 10 === 9;
        const fh = wide ? 1 : randInt(r, 1, 4);
        const fw = wide ? [37, 64][randInt(r, 0, 1)] : 2 + (i % 12);
        const dilation: [number, number] = i % 4 === 1 ? [randInt(r, 1, 2), randInt(r, 1, 3)] : [1, 1];
        const pad: [number, number, number, number] = [
          randInt(r, 0, 2),
          randInt(r, 0, 3),
          randInt(r, 0, 2),
          randInt(r, 0, 3),
        ];
        const ih = Math.max(randInt(r, 1, 7), (fh - 1) * dilation[0] + 1 - pad[0] - pad[2]);
        const iw = Math.max(randInt(r, 1, 40), (fw - 1) * dilation[1] + 1 - pad[1] - pad[3]);
        const p = conv({
          format,
          n: randInt(r, 1, 2),
          ic: g,
          oc,
          group: g,
          ih,
          iw,
          fh,
          fw,
          stride: [randInt(r, 1, 3), wide ? randInt(r, 1, 16) : randInt(r, 1, 3)],
          pad,
          dilation,
          ...quant(i, oc),
        });
        ex(p, 900 + i, { threads: (i % 3) + 1 }, A);
      }
    });
  });

  describe('WASMS8_IM2COL_GEMM, one input channel per group, long filter rows (16 taps or more: 16-byte rows)', () => {
    const A = 'WASMS8_IM2COL_GEMM';
    it('filter rows of 16..131 taps (every tail of 4 and of 16), pads crossing them, strides 1..160, 1-3 kernel rows, groups; an STFT shape', () => {
      const r = rng(79);
      for (let i = 0; i < 40; i++) {
        const format = (['NCHW', 'NCHW', 'NCHW_NCHW44'] as const)[i % 3];
        const stft = i === 39;
        const g = format === 'NCHW_NCHW44' || stft ? 1 : [1, 1, 2, 3][randInt(r, 0, 3)];
        const oc = format === 'NCHW_NCHW44' ? 4 * randInt(r, 1, 3) : stft ? 257 : g * randInt(r, 1, 5);
        const fw = stft ? 512 : 16 + randInt(r, 0, 115);
        const fh = stft ? 1 : randInt(r, 1, 3);
        const pad: [number, number, number, number] = stft
          ? [0, 0, 0, 0]
          : [randInt(r, 0, 1), randInt(r, 0, 20), randInt(r, 0, 1), randInt(r, 0, 20)];
        const dh = i % 5 === 2 ? 2 : 1;
        const ih = stft ? 1 : Math.max(randInt(r, 1, 4), (fh - 1) * dh + 1 - pad[0] - pad[2]);
        const iw = stft ? 16000 : Math.max(randInt(r, fw - 10, fw + 60), fw - pad[1] - pad[3]);
        const p = conv({
          format,
          n: stft ? 1 : randInt(r, 1, 2),
          ic: g,
          oc,
          group: g,
          ih,
          iw,
          fh,
          fw,
          stride: [randInt(r, 1, 2), stft ? 160 : [1, 2, 3, 7][randInt(r, 0, 3)]],
          pad,
          dilation: [dh, 1],
          ...quant(i, oc),
        });
        ex(p, 2100 + i, { threads: (i % 3) + 1 }, A);
      }
    });
  });

  describe('WASMS8_CHANWISE (depthwise)', () => {
    const A = 'WASMS8_CHANWISE';
    it('NCHW44 and NCHW, channel tails, output widths 1..9, filters 1..7 (rectangular too), strides 1..3, uneven pads', () => {
      let i = 0;
      for (const [format, C] of [
        ['NCHW44', 4],
        ['NCHW44', 12],
        ['NCHW', 1],
        ['NCHW', 3],
        ['NCHW', 5],
        ['NCHW', 7],
      ] as const)
        for (const [fh, fw] of [
          [3, 3],
          [2, 2],
          [5, 5],
          [7, 7],
          [1, 3],
          [3, 1],
          [1, 1],
        ])
          for (const s of [1, 2, 3]) {
            const ow = (i % 9) + 1;
            const pad: [number, number, number, number] = [fh >> 1, fw >> 1, (fh - 1) >> 1, i % 2 ? fw >> 1 : 0];
            const iw = Math.max(1, (ow - 1) * s + fw - pad[1] - pad[3]);
            const ih = Math.max(1, fh + 2 - pad[0] - pad[2]);
            ex(
              conv({
                format,
                ic: C,
                oc: C,
                group: C,
                ih,
                iw,
                fh,
                fw,
                stride: [s, s === 3 ? 1 : s],
                pad,
                n: 1 + (i % 2),
                ...quant(i, C),
              }),
              1000 + i,
              { threads: (i % 3) + 1 },
              A,
            );
            i++;
          }
    });

    it('dilated filters (spread into the undilated filter with zeros between taps): dilations 1..4 x 1..3, filters 1..5, strides 1..2, pads, channel tails, NCHW44 and NCHW', () => {
      let i = 0;
      for (const [format, C] of [
        ['NCHW44', 8],
        ['NCHW44', 12],
        ['NCHW', 3],
        ['NCHW', 6],
      ] as const)
        for (const [fh, fw] of [
          [3, 3],
          [5, 5],
          [2, 3],
          [3, 1],
          [1, 3],
        ])
          for (const [dh, dw] of [
            [2, 2],
            [1, 2],
            [3, 1],
            [4, 3],
          ]) {
            const s = 1 + (i % 2);
            const efh = (fh - 1) * dh + 1,
              efw = (fw - 1) * dw + 1;
            if (efh * efw > 12 * fh * fw) continue;
            const pad: [number, number, number, number] = [efh >> 1, efw >> 1, (efh - 1) >> 1, i % 3 ? efw >> 1 : 0];
            const ow = (i % 7) + 1;
            const iw = Math.max(1, (ow - 1) * s + efw - pad[1] - pad[3]);
            const ih = Math.max(1, efh + (i % 4) - pad[0] - pad[2]);
            ex(
              conv({
                format,
                ic: C,
                oc: C,
                group: C,
                ih,
                iw,
                fh,
                fw,
                stride: s,
                pad,
                dilation: [dh, dw],
                n: 1 + (i % 2),
                ...quant(i, C),
              }),
              5000 + i,
              { threads: (i % 3) + 1 },
              A,
            );
            i++;
          }
      expect(i).toBeGreaterThan(60);
    });

    it('3x3 stride 1 and 2 in NCHW44 (requantized in registers where the output allows): output widths 1..13, row tiles, every quantization variant, output tables', () => {
      let i = 0;
      for (const s of [1, 2])
        for (let ow = 1; ow <= 13; ow++)
          for (const C of [8, 12]) {
            const pad: [number, number, number, number] = [1, i % 2, 1, 1 - (i % 2)];
            const iw = (ow - 1) * s + 3 - 1;
            const ih = ((i % 4) + 1 - 1) * s + 3 - 2;
            const q = quant(i, C);
            const table =
              i % 3 === 1 && q.dstType !== 'int32'
                ? Uint8Array.from({ length: 256 }, (_, b) => (b * 37 + 11) & 255)
                : undefined;
            ex(
              conv({ ic: C, oc: C, group: C, ih, iw, fh: 3, fw: 3, stride: s, pad, n: 1 + (i % 2), ...q }),
              3000 + i,
              { threads: (i % 3) + 1, outputTable: table },
              A,
            );
            i++;
          }
    });
  });

  describe('channel-wise filters in the NCHW44_CHAN layout', () => {
    it('{G/4, 1, 1, FH, FW, 4} gives the same output as the OIHW filter', () => {
      const p = conv({ ic: 12, oc: 12, group: 12, ih: 7, iw: 9, fh: 3, fw: 5, pad: [1, 2], ...quant(3, 12) });
      const s = normalizeConvParams(p);
      const r = rng(77);
      const w = randInt8(r, s.filterLength);
      const src = randSource(r, s.srcLength, s.srcType);
      const bias = randInt32(r, s.biasLength, -100, 100);
      const packed = new Int8Array(w.length); // F[gb][0][0][kh][kw][g4] = W[gb*4 + g4][0][kh][kw]
      for (let g = 0; g < 12; g++)
        for (let t = 0; t < 15; t++) packed[((g >> 2) * 15 + t) * 4 + (g & 3)] = w[g * 15 + t];
      const run = (weights: Int8Array, layout: 'OIHW' | 'NCHW44_CHAN') => {
        const c = rt().convBias(p);
        c.setFilter(weights, layout);
        if (bias.length) c.setBias(bias);
        const dst = new { int8: Int8Array, uint8: Uint8Array, int32: Int32Array }[s.dstType](s.dstLength);
        c.exec(src, dst);
        expect(
          foreignKernels(set, c.algorithm, c.kernels),
          `${set.label}: ${c.algorithm} ran ${c.kernels.join(', ')}`,
        ).toEqual([]);
        c.dispose();
        return Array.from(dst);
      };
      const want = Array.from(reference.convBias(p, src, w, bias.length ? bias : undefined));
      expect(run(w, 'OIHW')).toEqual(want);
      expect(run(packed, 'NCHW44_CHAN')).toEqual(want);
      expect(() =>
        rt()
          .convBias(conv({ ic: 8, oc: 8, fh: 3, fw: 3, pad: 1 }))
          .setFilter(new Int8Array(8 * 8 * 9), 'NCHW44_CHAN'),
      ).toThrow(expect.objectContaining({ code: 'INVALID_PARAM', param: 'layout' }));
    });
  });

  describe('WASMDOTS8STRD1_NCHW / WASMDOTS8STRD2_NCHW (NCHW direct dot)', () => {
    it('filters 2, 3, 5, 7, strides 1 and 2, channel counts 1..5, output widths across the 8-column trips', () => {
      let i = 0;
      for (const s of [1, 2] as const)
        for (const k of [2, 3, 5, 7])
          for (const [ic, oc, group] of [
            [1, 1, 1],
            [2, 3, 1],
            [5, 2, 1],
            [4, 6, 2],
          ])
            for (const ow of [1, 7, 9, 17]) {
              const pad = k >> 1;
              const iw = Math.max(1, k - 2 * pad, (ow - 1) * s + k - 2 * pad);
              ex(
                conv({
                  format: 'NCHW',
                  ic,
                  oc,
                  group,
                  ih: 4,
                  iw,
                  fh: k,
                  fw: k,
                  stride: s,
                  pad,
                  n: 1 + (i % 2),
                  ...quant(i, oc),
                }),
                2000 + i,
                {},
                `WASMDOTS8STRD${s}_NCHW`,
              );
              i++;
            }
    });
  });

  describe('WASMDOTS8DIRECT_NCHW (NCHW through the NCHW44 dot kernels)', () => {
    it('any channel count, filters 2-7, strides 1 and 2, groups, every output-channel tail', () => {
      let i = 0;
      for (const s of [1, 2])
        for (const k of [2, 3, 5, 7])
          for (const [ic, oc, group] of [
            [1, 1, 1],
            [3, 5, 1],
            [8, 12, 1],
            [5, 9, 1],
            [6, 10, 2],
            [12, 12, 3],
          ]) {
            const ow = 1 + (i % 6);
            const pad = k >> 1;
            const iw = Math.max(1, k - 2 * pad, (ow - 1) * s + k - 2 * pad);
            ex(
              conv({
                format: 'NCHW',
                ic,
                oc,
                group,
                ih: 5,
                iw,
                fh: k,
                fw: k,
                stride: s,
                pad: [pad, pad, i % 2, pad],
                ...quant(i, oc),
              }),
              3000 + i,
              { threads: (i % 3) + 1 },
              'WASMDOTS8DIRECT_NCHW',
            );
            i++;
          }
    });
  });

  describe('WASMDOTS8PAIRS_NCHW_NCHW44 (first-layer pairs)', () => {
    // every pair step (SW * IC / 2 = 1, 2, 3), filter rows of odd and even value counts, rectangular filters, uneven
    // padding wider than the filter, widths on both sides of the 8-column packing step and the 4-pixel tile (the
    // vector packer's tail, the row's last partial tile), 1 to 5 output blocks (the odd last block), batch 2, threads
    it('every pair step, filter, padding, width and output block count, forced, against the oracle', () => {
      let i = 0;
      for (const [ic, stride] of [
        [3, 2],
        [1, 2],
        [2, 1],
        [2, 2],
        [1, 4],
        [3, 4],
        [2, 3],
      ] as const) {
        for (const [fh, fw] of [
          [7, 7],
          [3, 3],
          [1, 1],
          [2, 5],
          [5, 2],
        ] as const) {
          const ocb = 1 + (i % 5);
          const pad: [number, number, number, number] = [fh >> 1, fw >> 1, i % 3, fw];
          const iw = [1, 7, 8, 9, 17, 23, 33][i % 7];
          const ih = Math.max(1 + (i % 6), fh - pad[0] - pad[2]);
          const p = conv({
            format: 'NCHW_NCHW44',
            n: 1 + (i % 2),
            ic,
            oc: 4 * ocb,
            ih,
            iw: Math.max(iw, fw - pad[1] - pad[3]),
            fh,
            fw,
            stride,
            pad,
            ...quant(i, 4 * ocb),
          });
          if ((stride * ic) % 2 !== 0 || stride * ic > 6) {
            expect(() => rt().convBias({ ...p, algo: 'WASMDOTS8PAIRS_NCHW_NCHW44' })).toThrow(
              expect.objectContaining({ code: 'UNSUPPORTED_STRIDE' }),
            );
          } else {
            ex(p, 5000 + i, { threads: 1 + (i % 3) }, 'WASMDOTS8PAIRS_NCHW_NCHW44');
          }
          i++;
        }
      }
      // a wide first layer (the vector packer's main loop, several row tiles and tasks)
      for (const [k, s, h] of [
        [7, 2, 64],
        [3, 2, 80],
      ] as const) {
        ex(
          conv({
            format: 'NCHW_NCHW44',
            ic: 3,
            oc: 20,
            ih: h,
            iw: h + 3,
            fh: k,
            fw: k,
            stride: s,
            pad: k >> 1,
            ...quant(i, 20),
          }),
          5000 + i,
          { threads: 2 },
          'WASMDOTS8PAIRS_NCHW_NCHW44',
        );
        i++;
      }
      expect(() => rt().convBias(conv({ ic: 4, oc: 8, algo: 'WASMDOTS8PAIRS_NCHW_NCHW44' }))).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED_FORMAT' }),
      );
    });
  });

  describe('WASMDOTS8DIRECT_NCHW44 / WASMDOTS8_NCHW_NCHW44 with the new quantization', () => {
    it(`every ${set.dotKernelIsa} row kernel, forced by name, on every quantization variant and uneven padding`, () => {
      let i = 0;
      const kernels = KERNELS.filter((v) => v.isa === set.dotKernelIsa);
      expect(kernels.length).toBeGreaterThan(0);
      for (const k of kernels) {
        for (const oc of [4 * k.nb, 4 * k.nb + 4]) {
          const pad: [number, number, number, number] = [k.fw >> 1, k.fw >> 1, i % 2, (k.fw - 1) >> 1];
          const iw = 5 + (i % 4);
          const ih = Math.max(3, k.fw - pad[0] - pad[2]);
          ex(
            conv({ ic: 8, oc, ih, iw: Math.max(iw, k.fw), fh: k.fw, fw: k.fw, stride: k.stride, pad, ...quant(i, oc) }),
            4000 + i,
            { kernel: k.role === 'alt' || k.w8 ? k.name : undefined },
            'WASMDOTS8DIRECT_NCHW44',
          );
          i++;
        }
      }
      for (const ic of [1, 2, 3])
        for (const k of [2, 3, 5, 7]) {
          ex(
            conv({
              format: 'NCHW_NCHW44',
              ic,
              oc: 8,
              ih: 9,
              iw: 10,
              fh: k,
              fw: k,
              stride: 1 + (i % 2),
              pad: k >> 1,
              ...quant(i, 8),
            }),
            4000 + i,
            {},
            'WASMDOTS8_NCHW_NCHW44',
          );
          i++;
        }
    });
  });

  describe('WASM_NAIVE (the last resort)', () => {
    it('runs every kind of shape exactly', () => {
      const r = rng(9);
      for (let i = 0; i < 60; i++) {
        const format = (['NCHW44', 'NCHW', 'NCHW_NCHW44'] as const)[i % 3];
        const g = format === 'NCHW_NCHW44' ? 1 : [1, 2][i % 2];
        const ic = format === 'NCHW44' ? 4 * g : format === 'NCHW' ? g * randInt(r, 1, 3) : randInt(r, 1, 3);
        const oc = format === 'NCHW' ? g * randInt(r, 1, 3) : 4 * g;
        const fh = randInt(r, 1, 4);
        const fw = randInt(r, 1, 4);
        const p = conv({
          format,
          ic,
          oc,
          group: g,
          ih: fh + randInt(r, 0, 4),
          iw: (fw - 1) * 2 + 1 + randInt(r, 0, 5),
          fh,
          fw,
          stride: [randInt(r, 1, 2), randInt(r, 1, 3)],
          pad: [randInt(r, 0, 1), randInt(r, 0, 2), randInt(r, 0, 1), 0],
          dilation: [1, randInt(r, 1, 2)],
          n: randInt(r, 1, 2),
          ...quant(i, oc),
        });
        ex(p, 5000 + i, {}, 'WASM_NAIVE');
      }
    });
  });

  describe('the heuristic and rt.algorithms()', () => {
    it('never picks an algorithm that refuses the case, and lists every algorithm with its reason', () => {
      const r = rng(11);
      const names = rt()
        .algorithms(conv({}))
        .map((a) => a.name);
      expect(names).toEqual([
        'WASMS8_WINOGRAD_F23_NCHW44',
        'WASMDOTS8DIRECT_NCHW44',
        'WASMDOTS8PAIRS_NCHW_NCHW44',
        'WASMDOTS8_NCHW_NCHW44',
        'WASMS8_CONV1x1_GEMM',
        'WASMS8_CHANWISE',
        'WASMDOTS8DIRECT_NCHW',
        'WASMS8_IM2COL_GEMM',
        'WASMDOTS8STRD1_NCHW',
        'WASMDOTS8STRD2_NCHW',
        'WASM_NAIVE',
      ]);
      for (let i = 0; i < 120; i++) {
        const format = (['NCHW44', 'NCHW', 'NCHW_NCHW44'] as const)[i % 3];
        const depthwise = i % 4 === 0 && format !== 'NCHW_NCHW44';
        const g = depthwise ? 8 : format === 'NCHW_NCHW44' ? 1 : [1, 2][i % 2];
        const ic = depthwise
          ? 8
          : format === 'NCHW44'
            ? 4 * g * randInt(r, 1, 2)
            : format === 'NCHW'
              ? g * randInt(r, 1, 5)
              : randInt(r, 1, 3);
        const oc = depthwise ? 8 : format === 'NCHW' ? g * randInt(r, 1, 5) : 4 * g * randInt(r, 1, 2);
        const k = [1, 2, 3, 5, 7, 4][randInt(r, 0, 5)];
        const p = conv({
          format,
          ic,
          oc,
          group: g,
          ih: 8,
          iw: 9,
          fh: k,
          fw: i % 5 ? k : 2,
          stride: randInt(r, 1, 2),
          pad: k >> 1,
          ...quant(i, oc),
        });
        const list = rt().algorithms(p);
        const pick = list.filter((a) => a.heuristic);
        expect(pick).toHaveLength(1);
        expect(pick[0].usable).toBe(true);
        for (const a of list) {
          if (a.usable === true) expect(a.workspaceBytes).toBeGreaterThan(0);
          else
            expect(a.usable).toMatchObject({
              code: expect.any(String),
              param: expect.any(String),
              message: expect.any(String),
            });
        }
        const res = runCase(rt(), p, 6000 + i);
        expect(res, JSON.stringify(p)).toMatchObject({ ok: true, algorithm: pick[0].name });
        expect(
          foreignKernels(set, res.algorithm, res.kernels),
          `${set.label}: ${res.algorithm} ran ${res.kernels.join(', ')}`,
        ).toEqual([]);
      }
    });

    it('prefers the specialized algorithms where they apply', () => {
      const pick = (p: Partial<ConvBiasParams>) =>
        rt()
          .algorithms(conv(p))
          .find((a) => a.heuristic)!.name;
      // 3x3 stride 1: Winograd F(2, 3) on SIMD128 runtimes (from 12 input channels and 9 tiles), the direct dot8
      // kernels where they run; the direct kernels for few channels, tiny planes and other strides
      const dot8 = rt().features.isa === 'wasmusdot' || rt().features.isa === 'wasmsdot';
      expect(pick({ ic: 64, oc: 64, ih: 8, iw: 8, fh: 3, fw: 3, pad: 1 })).toBe(
        dot8 ? 'WASMDOTS8DIRECT_NCHW44' : 'WASMS8_WINOGRAD_F23_NCHW44',
      );
      expect(pick({ ic: 12, oc: 8, ih: 6, iw: 5, fh: 3, fw: 3, pad: 1 })).toBe(
        dot8 ? 'WASMDOTS8DIRECT_NCHW44' : 'WASMS8_WINOGRAD_F23_NCHW44',
      );
      expect(pick({ ic: 8, oc: 64, ih: 8, iw: 8, fh: 3, fw: 3, pad: 1 })).toBe('WASMDOTS8DIRECT_NCHW44');
      expect(pick({ ic: 64, oc: 64, ih: 4, iw: 4, fh: 3, fw: 3, pad: 1 })).toBe('WASMDOTS8DIRECT_NCHW44');
      expect(pick({ ic: 64, oc: 64, ih: 8, iw: 8, fh: 3, fw: 3, pad: 1, stride: 2 })).toBe('WASMDOTS8DIRECT_NCHW44');
      // 5x5 as 3x3 blocks from 24 input channels; 7x7 stays direct
      expect(pick({ ic: 32, oc: 32, ih: 10, iw: 10, fh: 5, fw: 5, pad: 2 })).toBe(
        dot8 ? 'WASMDOTS8DIRECT_NCHW44' : 'WASMS8_WINOGRAD_F23_NCHW44',
      );
      expect(pick({ ic: 16, oc: 32, ih: 10, iw: 10, fh: 5, fw: 5, pad: 2 })).toBe('WASMDOTS8DIRECT_NCHW44');
      expect(pick({ ic: 32, oc: 32, ih: 10, iw: 10, fh: 7, fw: 7, pad: 3 })).toBe('WASMDOTS8DIRECT_NCHW44');
      expect(pick({ ic: 64, oc: 64 })).toBe('WASMS8_CONV1x1_GEMM');
      expect(pick({ ic: 32, oc: 32, group: 32, fh: 3, fw: 3, pad: 1 })).toBe('WASMS8_CHANWISE');
      expect(pick({ format: 'NCHW', ic: 6, oc: 10, fh: 3, fw: 3, pad: 1 })).toBe('WASMDOTS8DIRECT_NCHW');
      expect(pick({ format: 'NCHW', ic: 1, oc: 8, fh: 3, fw: 3, pad: 1 })).toBe('WASMDOTS8STRD1_NCHW');
      expect(pick({ ic: 8, oc: 8, fh: 3, fw: 1, pad: [1, 0] })).toBe('WASMS8_IM2COL_GEMM');
      // first layers: the pair kernels where SW * IC is even, except where the relaxed dot8 kernels run (one dot per
      // 16 multiply-adds beats one per 8 even with IC padded to 4)
      expect(pick({ format: 'NCHW_NCHW44', ic: 3, oc: 16, ih: 16, iw: 16, fh: 3, fw: 3, stride: 2, pad: 1 })).toBe(
        dot8 ? 'WASMDOTS8_NCHW_NCHW44' : 'WASMDOTS8PAIRS_NCHW_NCHW44',
      );
      expect(pick({ format: 'NCHW_NCHW44', ic: 3, oc: 16, ih: 16, iw: 16, fh: 3, fw: 3, stride: 1, pad: 1 })).toBe(
        'WASMDOTS8_NCHW_NCHW44',
      );
    });
  });
});
