// The benchmark's network level (bench/networks.ts): the layer tables of MobileNetV2 1.0 and ResNet-18 (MAC totals
// computed from the shapes), the per-channel QLinearConv model, and a tiny network run end to end through the same
// code path as `npm start` (i8conv against onnxruntime-web uint8 and int8, outputs equal; a wrong i8conv output
// is a failure that the run's exit status shows).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../src/index.js';
import { configureOrt } from '../../fixtures/models/ort.js';
import { finishRun, loadOrtForNode, parseArgs } from '../main.js';
import {
  MOBILENETV2,
  NETWORKS,
  RESNET18,
  isChannelWise,
  layerMacs,
  layerOh,
  mobilenetV2Convs,
  networkConvs,
  networkMacs,
  resnet18Convs,
  type NetLayer,
  type Network,
} from '../../fixtures/networks.js';
import {
  defaultNetworks,
  finishNetworks,
  kernelCeilingOf,
  makeNetProblem,
  netOrtModel,
  runNetworkBench,
  selectNetworks,
  type NetRuntime,
} from '../networks.js';
import { buildQLinearConvModel } from '../../fixtures/qlinearconv-model.js';
import { renderHtml, renderMarkdown, renderText } from '../report.js';
import { validateResults, type NetworkLayerResult, type NetworkResult } from '../schema.js';
import { loadReferenceConv, prepareSuite } from '../setup.js';
import { runSuite } from '../suite.js';

const TINY = { warmupMs: 2, minSampleMs: 1, minSamples: 2, maxSamples: 3, budgetMs: 3 };

function layer(
  name: string,
  ic: number,
  oc: number,
  h: number,
  k: number,
  stride: number,
  group = 1,
  count = 1,
): NetLayer {
  return {
    name,
    occurs: Array.from({ length: count }, (_, i) => `${name}#${i}`),
    ic,
    oc,
    h,
    k,
    stride,
    pad: k > 1 ? k >> 1 : 0,
    group,
    count,
  };
}

/** A first layer (NCHW source), a channel-wise 3x3 and a 1x1: the three kinds the real tables have. */
const TINY_NET: Network = {
  id: 'tiny',
  label: 'tiny test network',
  layers: [layer('first', 3, 8, 11, 3, 2), layer('dw', 8, 8, 6, 3, 1, 8, 2), layer('pw', 8, 12, 6, 1, 1)],
};

function findBytes(hay: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

describe('network layer tables', () => {
  it('MobileNetV2 1.0 224: 52 convolutions, ~300M MACs, computed from the shapes', () => {
    const convs = mobilenetV2Convs();
    expect(convs).toHaveLength(52);
    expect(networkConvs(MOBILENETV2)).toBe(52);
    const direct = convs.reduce((a, c) => a + layerMacs({ ...c, pad: c.k > 1 ? c.k >> 1 : 0 }), 0);
    expect(networkMacs(MOBILENETV2)).toBe(direct);
    expect(direct).toBeGreaterThan(295e6);
    expect(direct).toBeLessThan(305e6);
    const [first] = MOBILENETV2.layers;
    expect(first).toMatchObject({ ic: 3, oc: 32, h: 224, k: 3, stride: 2, pad: 1, group: 1, count: 1 });
    expect(MOBILENETV2.layers.at(-1)).toMatchObject({ ic: 320, oc: 1280, h: 7, k: 1, pad: 0, count: 1 });
    const dw = MOBILENETV2.layers.filter((l) => l.group > 1);
    expect(dw.every((l) => isChannelWise(l) && l.k === 3 && l.pad === 1)).toBe(true);
    expect(dw.reduce((a, l) => a + l.count, 0)).toBe(17); // one per inverted residual block
    expect(MOBILENETV2.layers.filter((l) => l.k === 1).every((l) => l.pad === 0 && l.stride === 1)).toBe(true);
    // identical shapes are merged, with every occurrence named
    expect(MOBILENETV2.layers.find((l) => l.ic === 64 && l.oc === 384)).toMatchObject({
      count: 4,
      occurs: ['b4.2 expand', 'b4.3 expand', 'b4.4 expand', 'b5.1 expand'],
    });
    expect(MOBILENETV2.layers.every((l) => l.count === l.occurs.length)).toBe(true);
    // spatial sizes follow the strides down to 7x7
    expect(layerOh(MOBILENETV2.layers.find((l) => l.name === 'b6.1 dw')!)).toBe(7);
  });

  it('ResNet-18 224: 20 convolutions, ~1.8G MACs, computed from the shapes', () => {
    const convs = resnet18Convs();
    expect(convs).toHaveLength(20);
    const direct = convs.reduce((a, c) => a + layerMacs({ ...c, pad: c.k > 1 ? c.k >> 1 : 0 }), 0);
    expect(networkMacs(RESNET18)).toBe(direct);
    expect(direct).toBeGreaterThan(1.78e9);
    expect(direct).toBeLessThan(1.85e9);
    expect(RESNET18.layers[0]).toMatchObject({ ic: 3, oc: 64, h: 224, k: 7, stride: 2, pad: 3 });
    expect(layerOh(RESNET18.layers[0])).toBe(112);
    expect(RESNET18.layers.find((l) => l.ic === 64 && l.oc === 64)).toMatchObject({ h: 56, k: 3, count: 4 });
    const down = RESNET18.layers.filter((l) => l.k === 1);
    expect(down.map((l) => [l.ic, l.oc, l.h, l.stride, l.pad])).toEqual([
      [64, 128, 56, 2, 0],
      [128, 256, 28, 2, 0],
      [256, 512, 14, 2, 0],
    ]);
    expect(layerOh(RESNET18.layers.find((l) => l.ic === 512)!)).toBe(7);
  });

  it('selects networks by id, all or none; the CLI takes --networks', () => {
    expect(selectNetworks('mobilenetv2,resnet18').map((n) => n.id)).toEqual(['mobilenetv2', 'resnet18']);
    expect(selectNetworks('all')).toEqual([...NETWORKS]);
    expect(selectNetworks('none')).toEqual([]);
    expect(selectNetworks(undefined)).toEqual([]);
    expect(() => selectNetworks('vgg16')).toThrow(/unknown network/);
    expect(defaultNetworks(true)).toBe('mobilenetv2');
    expect(selectNetworks(defaultNetworks(false))).toHaveLength(2);
    expect(parseArgs(['--networks', 'resnet18']).networks).toBe('resnet18');
    expect(parseArgs([]).networks).toBeUndefined();
    expect(() => parseArgs(['--networks', 'vgg16'])).toThrow(/unknown network/);
  });
});

describe('per-channel QLinearConv model', () => {
  it('carries OC weight scales and OC zero points', () => {
    const oc = 8;
    const scales = Float32Array.from({ length: oc }, (_, o) => 0.01 * (1 + 0.3 * Math.sin(o)));
    const spec = {
      activation: 'uint8' as const,
      n: 1,
      ic: 4,
      ih: 5,
      iw: 5,
      oc,
      fh: 1,
      fw: 1,
      stride: [1, 1] as const,
      pad: [0, 0] as const,
      group: 1,
      srcScale: 0.02,
      dstScale: 0.5,
      srcZeroPoint: 101,
      dstZeroPoint: 150,
      weights: new Int8Array(oc * 4).fill(3),
      bias: new Int32Array(oc),
    };
    const m = buildQLinearConvModel({ ...spec, filterScale: scales });
    const scaleBytes = new Uint8Array(scales.buffer);
    expect(findBytes(m, scaleBytes)).toBe(true);
    // the w_scale tensor: dims [OC] (packed field 1 = 0x0a, length 1, varint 8), data_type FLOAT (field 2 = 0x10, 1),
    // name "w_scale"
    expect(findBytes(m, Uint8Array.from([0x0a, 1, oc, 0x10, 1, 0x42, 7, ...new TextEncoder().encode('w_scale')]))).toBe(
      true,
    );
    // w_zp: dims [OC], INT8, raw_data of OC zero bytes (field 9 = 0x4a, length OC)
    expect(
      findBytes(
        m,
        Uint8Array.from([
          0x0a,
          1,
          oc,
          0x10,
          3,
          0x42,
          4,
          ...new TextEncoder().encode('w_zp'),
          0x4a,
          oc,
          ...new Array(oc).fill(0),
        ]),
      ),
    ).toBe(true);
    // the scalar form is unchanged and shorter; the zero points are written as given
    const scalar = buildQLinearConvModel({ ...spec, filterScale: 0.01 });
    expect(findBytes(scalar, scaleBytes)).toBe(false);
    expect(findBytes(m, Uint8Array.from([0x4a, 1, 101]))).toBe(true);
    expect(findBytes(m, Uint8Array.from([0x4a, 1, 150]))).toBe(true);
    expect(() => buildQLinearConvModel({ ...spec, filterScale: scales.subarray(1) })).toThrow(/OC = 8/);
    expect(() => buildQLinearConvModel({ ...spec, activation: 'int8', filterScale: scales })).toThrow(/\[-128, 127\]/);
  });

  it('a network layer problem: uint8 data, per-channel scales, outputs not saturated, int8 twin shifted by 128', () => {
    const pb = makeNetProblem(TINY_NET.layers[2], 7);
    expect(pb.params).toMatchObject({
      format: 'NCHW44',
      srcType: 'uint8',
      dstType: 'uint8',
      rounding: 'half-even',
      biasMode: 'channel',
    });
    expect(pb.params.filterScale).toHaveLength(12);
    expect(new Set(pb.params.filterScale).size).toBe(12);
    const first = makeNetProblem(TINY_NET.layers[0], 7);
    expect(first.params.format).toBe('NCHW_NCHW44');
    expect(first.src).toBe(first.srcNCHW);
    const m8 = netOrtModel(pb, 'int8');
    expect(findBytes(m8, Uint8Array.from([0x4a, 1, (pb.params.srcZeroPoint - 128) & 0xff]))).toBe(true);
  });
});

describe('network level end to end', () => {
  it('a tiny network: i8conv equals onnxruntime-web uint8 (and int8 = uint8 - 128) on every layer; sums, bars, reports', async () => {
    const { ort, error } = await loadOrtForNode();
    expect(error).toBeUndefined();
    configureOrt(ort!);
    const rt = await createRuntime();
    const nets = await runNetworkBench({
      networks: [TINY_NET],
      rt,
      ort,
      reference: await loadReferenceConv(),
      sampling: TINY,
    });
    expect(nets).toHaveLength(1);
    const [n] = nets;
    // the first layer: the pair kernels, except where the relaxed dot8 kernels run (src/algos/first-pairs.ts)
    const dot8 = rt.features.isa === 'wasmusdot' || rt.features.isa === 'wasmsdot';
    expect(n.layers.map((l) => l.algo)).toEqual([
      dot8 ? 'WASMDOTS8_NCHW_NCHW44' : 'WASMDOTS8PAIRS_NCHW_NCHW44',
      'WASMS8_CHANWISE',
      'WASMS8_CONV1x1_GEMM',
    ]);
    for (const l of n.layers) {
      expect(l.mismatches, l.name).toEqual([]);
      expect(l.checks).toEqual({ i8conv: 'ok', 'ort-web-uint8': 'ok', 'ort-web-int8': 'ok' });
      for (const b of ['i8conv', 'ort-web-uint8', 'ort-web-int8'])
        expect(l.backends[b]?.ms, `${l.name} ${b}`).toBeGreaterThan(0);
    }
    // each layer is held to the ceiling of the kernels it ran: SIMD128's, or the relaxed dot8 loop's where those ran
    // (a relaxed runtime, e.g. Node 24 on a CPU with AVX-VNNI)
    finishNetworks(nets, { simd128: 40, relaxed: 100 });
    const dw = n.layers[1];
    expect(dw.ceilingKind ?? 'simd128').toBe(dot8 ? 'relaxed' : 'simd128');
    expect(dw.ceilingMs).toBeCloseTo(dw.macs / ((dot8 ? 100 : 40) * 1e6), 12);
    expect(n.sums.i8conv).toBeCloseTo(
      n.layers.reduce((a, l) => a + l.backends.i8conv!.ms * l.count, 0),
      9,
    );
    expect(n.bars.map((b) => b.id)).toEqual(['sum-vs-ort-uint8', 'pointwise-pct-ceiling', 'chanwise-vs-ort-uint8']);
    expect(n.bars[1].status).toBe('n/a'); // no 1x1 layer with >= 64 channels here
    expect(['met', 'not met']).toContain(n.bars[2].status);
  });

  it('runs inside the suite: valid JSON, tables in every report; a wrong i8conv output fails the run', async () => {
    const { ort } = await loadOrtForNode();
    const input = await prepareSuite({
      quick: true,
      shapes: '8-8-6-k3s1',
      filter: 'i8conv$',
      ort,
      networks: 'none',
      engine: { name: 'node', version: process.versions.node },
      machine: { platform: process.platform },
    });
    expect(input.networks).toBeUndefined();
    const rt = await createRuntime();
    const reference = await loadReferenceConv();
    // i8conv with one output element changed: must be reported as i8conv's mismatch against onnxruntime-web, with
    // the oracle's verdict, and give exit status 1.
    const wrong: NetRuntime = {
      convBias(p) {
        const c = rt.convBias(p);
        return {
          setFilter: (w, l) => c.setFilter(w, l),
          setBias: (b) => c.setBias(b),
          exec: (src, dst) => {
            c.exec(src, dst);
            dst[5] ^= 1;
          },
          get algorithm() {
            return c.algorithm;
          },
          dispose: () => c.dispose(),
        };
      },
    };
    const base = { ...input, sampling: TINY, kernels: undefined, relayout: undefined, networkIds: ['tiny'] };
    const good = await runSuite({
      ...base,
      networks: async () => runNetworkBench({ networks: [TINY_NET], rt, ort, reference, sampling: TINY }),
    });
    expect(validateResults(good)).toEqual([]);
    expect(validateResults(JSON.parse(JSON.stringify(good)))).toEqual([]);
    expect(good.mismatches).toEqual([]);
    expect(good.options.networks).toEqual(['tiny']);
    const text = renderText(good);
    expect(text).toContain('network level — tiny test network');
    expect(text).toMatch(/sum \(ms x count\)/);
    expect(text).toMatch(/bar sum of i8conv's layer times <= sum of ort-web-uint8's: (met|NOT met) — i8conv/);
    expect(renderMarkdown(good)).toContain('## Network level');
    expect(renderHtml(good)).toContain('tiny test network: GMAC/s per layer');
    const out = mkdtempSync(join(tmpdir(), 'i8conv-bench-net-'));
    const sink = { write: () => true } as unknown as NodeJS.WritableStream;
    expect(finishRun(good, { out, json: false }, sink)).toBe(0);

    const bad = await runSuite({
      ...base,
      networks: async () => runNetworkBench({ networks: [TINY_NET], rt: wrong, ort, reference, sampling: TINY }),
    });
    expect(validateResults(bad)).toEqual([]);
    const mm = bad.mismatches.filter((m) => m.backend === 'i8conv');
    expect(mm.length).toBe(2 * TINY_NET.layers.length); // first call and after timing, every layer
    expect(mm[0]).toMatchObject({
      shape: 'network/tiny/first',
      against: 'ort-web-uint8',
      count: 1,
      firstIndex: expect.any(Number),
      note: 'onnxruntime-web uint8 equals the oracle',
    });
    const nets = bad.networks as Exclude<typeof bad.networks, { unavailable: string } | undefined>;
    expect(nets[0].layers.every((l) => l.checks.i8conv === 'mismatch' && l.checks['ort-web-uint8'] === 'ok')).toBe(
      true,
    );
    expect(renderText(bad)).toMatch(
      /network\/tiny\/dw i8conv \[first-call\]: 1\/\d+ elements differ from ort-web-uint8/,
    );
    expect(finishRun(bad, { out, json: false }, sink)).toBe(1);
  });
});

describe('network level: each layer against the ceiling of its own kernels', () => {
  it('kernelCeilingOf: relaxed-dot (and split) kernels are bound by the relaxed loop, SIMD128 kernels by the SIMD128 one', () => {
    expect(kernelCeilingOf(['gemm_s8_2x8__wasmsimd', 'gemm_s8_1x8__wasmsimd'])).toBe('simd128');
    expect(kernelCeilingOf(['gemm_s8_2x8__wasmrelaxeddot'])).toBe('relaxed');
    expect(kernelCeilingOf(['conv_nchw44_dot_f3s1_oc4x6__wasmrelaxedsimd'])).toBe('relaxed');
    expect(kernelCeilingOf(['relayout__wasmsimd', 'chanwise_s8_4x4__wasmrelaxeddot'])).toBe('relaxed');
    expect(kernelCeilingOf(undefined)).toBe('simd128');
  });

  // two 1x1 layers with >= 64 channels, i8conv at 50 GMAC/s on both; the ceilings: SIMD128 loop 40, relaxed loop 100
  const pwResult = (name: string, kind: 'simd128' | 'relaxed' | undefined): NetworkLayerResult => ({
    name,
    occurs: [name],
    count: 1,
    label: '64→64 14² 1x1 s1',
    ic: 64,
    oc: 64,
    h: 14,
    w: 14,
    k: 1,
    s: 1,
    pad: 0,
    group: 1,
    format: 'NCHW44',
    oh: 14,
    ow: 14,
    macs: 802816,
    srcZeroPoint: 128,
    dstZeroPoint: 128,
    algo: 'WASMS8_CONV1x1_GEMM',
    ...(kind ? { ceilingKind: kind } : {}),
    backends: {
      i8conv: { ms: 802816 / 50e6, msMin: 0, msMax: 0, spread: 0, samples: 3, callsPerSample: 1, gmacs: 50 },
    },
    ceilingMs: NaN,
    pctCeiling: null,
    ratioOrtUint8: null,
    checks: { i8conv: 'ok' },
    mismatches: [],
  });
  const net = (kind: 'simd128' | 'relaxed' | undefined): NetworkResult => ({
    id: 'pw',
    label: 'pointwise',
    macs: 2 * 802816,
    convs: 2,
    layers: [pwResult('a', kind), pwResult('b', kind)],
    sampling: TINY,
    sums: {},
    ceilingMs: NaN,
    bars: [],
  });
  const pointwiseBar = (n: NetworkResult) => n.bars.find((b) => b.id === 'pointwise-pct-ceiling')!;

  it('relaxed kernels: held to the relaxed loop (50 / 100 = 50%: not met), not to the SIMD128 one (125%, a bar that cannot fail)', () => {
    const n = net('relaxed');
    finishNetworks([n], { simd128: 40, relaxed: 100 });
    expect(n.layers[0].pctCeiling).toBeCloseTo(0.5, 9);
    expect(n.layers[0].ceilingMs).toBeCloseTo(802816 / 100e6, 12);
    expect(n.ceilings).toEqual({ simd128: 40, relaxed: 100 });
    expect(pointwiseBar(n)).toMatchObject({ status: 'not met' });
    expect(pointwiseBar(n).label).toMatch(
      /of its kernels' ceiling \(relaxed dot-add loop: relaxed dot-add 100\.0 GMAC\/s\)/,
    );
    expect(pointwiseBar(n).detail).toMatch(
      /0\/2 layers at >= 70%; lowest a \(64→64 14² 1x1 s1, relaxed kernels\) 50\.0%/,
    );
  });

  it('SIMD128 kernels (and older results without ceilingKind): held to the SIMD128 loop', () => {
    for (const kind of ['simd128', undefined] as const) {
      const n = net(kind);
      finishNetworks([n], { simd128: 40, relaxed: 100 });
      expect(n.layers[0].pctCeiling).toBeCloseTo(1.25, 9);
      expect(pointwiseBar(n)).toMatchObject({ status: 'met' });
      expect(pointwiseBar(n).label).toContain('SIMD128 loop: SIMD128 40.0 GMAC/s');
    }
  });

  it('end to end: where the kernels use the relaxed dot, the layer times the relaxed loop in its rounds and is held to it', async (ctx) => {
    let rt: Awaited<ReturnType<typeof createRuntime>>;
    try {
      rt = await createRuntime({ build: 'relaxed', threads: 1 });
    } catch (e) {
      // Node 20 without --experimental-wasm-relaxed-simd: no relaxed build, no relaxed kernels to hold to anything
      return ctx.skip(`no relaxed build on this engine (${(e as { code?: string }).code ?? String(e)})`);
    }
    const net: Network = {
      id: 'mixed',
      label: 'mixed',
      layers: [layer('dense', 8, 8, 6, 3, 1), layer('pw', 8, 12, 6, 1, 1)],
    };
    // the kinds the operators' own plans give (every relaxed isa runs the NCHW44 direct dot with the relaxed dot)
    const want = net.layers.map((l, i) => {
      const c = rt.convBias(makeNetProblem(l, i).params);
      const k = kernelCeilingOf(c.kernels);
      c.dispose();
      return k;
    });
    expect(want[0]).toBe('relaxed');
    const calls = { simd128: 0, relaxed: 0 };
    const probe = (k: 'simd128' | 'relaxed') => ({ run: () => void calls[k]++, macs: 1e6 });
    const [n] = await runNetworkBench({
      networks: [net],
      rt,
      ort: null,
      reference: await loadReferenceConv(),
      sampling: TINY,
      ceilingProbe: probe('simd128'),
      relaxedCeilingProbe: probe('relaxed'),
    });
    expect(n.layers.map((l) => l.ceilingKind)).toEqual(want);
    expect(n.layers.every((l) => l.checks.i8conv === 'ok')).toBe(true);
    expect(calls.relaxed).toBeGreaterThan(0);
    expect(calls.simd128 > 0).toBe(want.includes('simd128'));
    finishNetworks([n], { simd128: 40, relaxed: 100 });
    expect(n.layers[0].ceilingMs).toBeCloseTo(n.layers[0].macs / 100e6, 12);
  });

  it('a ceiling refused by the linearity check, or not measured: the bar is n/a and says why', () => {
    const refused = net('relaxed');
    finishNetworks([refused], {
      simd128: 40,
      relaxed: 100,
      refused: { relaxed: '4x the trips took only 1.02x the time' },
    });
    expect(pointwiseBar(refused)).toMatchObject({
      status: 'n/a',
      detail: expect.stringMatching(/relaxed dot-add loop is refused as a ceiling: 4x the trips took only 1\.02x/),
    });
    const missing = net('relaxed');
    finishNetworks([missing], 40); // a number: the SIMD128 ceiling alone
    expect(pointwiseBar(missing)).toMatchObject({ status: 'n/a', detail: 'no relaxed dot-add ceiling in this run' });
    expect(missing.layers[0].pctCeiling).toBeNull();
  });
});
