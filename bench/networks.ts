/**
 * The network level of the benchmark: the convolution layers of MobileNetV2 1.0 (224x224) and ResNet-18
 * (224x224), batch 1, one thread, per-channel int8 weights, uint8 activations with zero points, each layer timed
 * with i8conv and with onnxruntime-web's QLinearConv (uint8 activations, and int8 activations carrying the same
 * real values), next to the ceiling of the kernels it ran: the relaxed dot-add loop for a layer whose kernels use the
 * relaxed dot, the SIMD128 loop for one whose kernels are SIMD128 (kernelCeilingOf).
 *
 * Tables (fixtures/networks.ts). Each network is the list of its convolutions in network order (no fully connected
 * classifier, no pooling, no residual adds). Convolutions of identical shape are merged into one layer with a
 * `count` (and the names of every occurrence in `occurs`): each distinct shape is timed once, and the network's
 * sums multiply its time by its count.
 *
 * Data. Per layer, from a seeded RNG: uint8 activations uniform over [0, 255], source and output zero points
 * drawn from [96, 160], int8 weights in [-127, 127], per-channel weight scales 0.01 * (1 + 0.3 sin(o)), an int32
 * channel bias, and an output scale chosen from the accumulators' expected spread (as bench/data.ts does), so
 * that outputs spread over the uint8 range instead of saturating. Rounding half-even, identity activation: what
 * ONNX QLinearConv computes, so i8conv's output must equal onnxruntime-web's uint8 output exactly.
 *
 * Nothing here imports Node built-ins: the browser page runs the same code.
 */
import type * as Ort from 'onnxruntime-web';
import type { OrtModule } from '../fixtures/models/ort.js';
import {
  NETWORKS,
  isChannelWise,
  isPointwise,
  layerFormat,
  layerLabel,
  layerMacs,
  layerOh,
  networkConvs,
  networkMacs,
  type NetLayer,
  type Network,
} from '../fixtures/networks.js';
import { rng } from '../fixtures/rng.js';
import { compareOutputs, nchw44ToNchw, nchwToNchw44, type Mismatch } from './data.js';
import { buildQLinearConvModel } from '../fixtures/qlinearconv-model.js';
import type { NetworkBar, NetworkLayerResult, NetworkMismatch, NetworkResult, NetworkTiming } from './schema.js';
import { measureInterleaved, type SampleOptions } from './stats.js';

/** The network ids of a run without --networks: both, or MobileNetV2 alone with --quick. */
export function defaultNetworks(quick: boolean): string {
  return quick ? 'mobilenetv2' : NETWORKS.map((n) => n.id).join(',');
}

/** Resolves --networks: a comma list of ids (mobilenetv2, resnet18), 'all', or 'none'. Throws on an unknown id. */
export function selectNetworks(spec: string | undefined): Network[] {
  if (spec === undefined) return [];
  const items = spec
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  if (items.length === 1 && items[0] === 'none') return [];
  const out: Network[] = [];
  for (const item of items) {
    const found = item === 'all' ? NETWORKS : NETWORKS.filter((n) => n.id === item);
    if (!found.length)
      throw new Error(`unknown network '${item}': expected ${NETWORKS.map((n) => n.id).join(', ')}, all or none`);
    for (const n of found) if (!out.includes(n)) out.push(n);
  }
  return out;
}

// ---- problem data -----------------------------------------------------------------------------------------------

/** The parameter object of rt.convBias for a network layer (uint8 in and out, per-channel weight scales). */
export interface NetConvParams {
  format: 'NCHW44' | 'NCHW_NCHW44';
  n: 1;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  fh: number;
  fw: number;
  stride: [number, number];
  pad: [number, number];
  dilation: [1, 1];
  group: number;
  srcType: 'uint8';
  srcZeroPoint: number;
  srcScale: number;
  filterScale: Float32Array;
  dstType: 'uint8';
  dstZeroPoint: number;
  dstScale: number;
  biasMode: 'channel';
  nonlinearity: 'identity';
  rounding: 'half-even';
}

export interface NetProblem {
  layer: NetLayer;
  oh: number;
  macs: number;
  params: NetConvParams;
  /** uint8 source in i8conv's layout: NCHW44 {1, IC/4, H, W, 4}, or NCHW for the 3-channel first layers. */
  src: Uint8Array;
  /** The same source as NCHW {1, IC, H, W} (onnxruntime). */
  srcNCHW: Uint8Array;
  /** OIHW ({OC, IC/G, K, K}), the ONNX layout. */
  weights: Int8Array;
  bias: Int32Array;
  /** Output elements (OC * OH * OW). */
  dstLength: number;
}

/** Seeded problem data for a layer (see the file comment). */
export function makeNetProblem(layer: NetLayer, seed: number): NetProblem {
  const r = rng(seed);
  const { ic, oc, h, k, group } = layer;
  const icpg = ic / group;
  const oh = layerOh(layer);
  const srcNCHW = new Uint8Array(ic * h * h);
  for (let i = 0; i < srcNCHW.length; i++) srcNCHW[i] = Math.floor(r() * 256);
  const weights = new Int8Array(oc * icpg * k * k);
  for (let i = 0; i < weights.length; i++) weights[i] = Math.floor(r() * 255) - 127;
  const bias = new Int32Array(oc);
  for (let i = 0; i < oc; i++) bias[i] = Math.floor(r() * 20001) - 10000;
  const srcZeroPoint = 96 + Math.floor(r() * 65);
  const dstZeroPoint = 96 + Math.floor(r() * 65);
  const srcScale = Math.fround(0.02);
  const filterScale = Float32Array.from({ length: oc }, (_, o) => 0.01 * (1 + 0.3 * Math.sin(o)));
  // std of (x - zp) * w for uniform x and w ~ 74 * 73 (a little more when zp is off centre); of a sum of K of
  // them ~ sqrt(K) times that. Aim the output's std at ~40 quantization steps (with the mean filter scale 0.01).
  const accStd = Math.sqrt(icpg * k * k) * 74 * 73;
  const dstScale = Math.fround((srcScale * 0.01 * accStd) / 40);
  const format = layerFormat(layer);
  const params: NetConvParams = {
    format,
    n: 1,
    ic,
    ih: h,
    iw: h,
    oc,
    fh: k,
    fw: k,
    stride: [layer.stride, layer.stride],
    pad: [layer.pad, layer.pad],
    dilation: [1, 1],
    group,
    srcType: 'uint8',
    srcZeroPoint,
    srcScale,
    filterScale,
    dstType: 'uint8',
    dstZeroPoint,
    dstScale,
    biasMode: 'channel',
    nonlinearity: 'identity',
    rounding: 'half-even',
  };
  const src = format === 'NCHW44' ? nchwToNchw44(srcNCHW, ic, h, h) : srcNCHW;
  return { layer, oh, macs: layerMacs(layer), params, src, srcNCHW, weights, bias, dstLength: oc * oh * oh };
}

/** A seed per network and layer position (different shapes get different data). */
export function seedOf(netId: string, index: number): number {
  let x = 2166136261;
  for (const ch of `${netId}/${index}`) x = Math.imul(x ^ ch.charCodeAt(0), 16777619);
  return x >>> 0;
}

/** The one-node QLinearConv model of a layer; `int8` activations carry the same real values (zero points - 128). */
export function netOrtModel(pb: NetProblem, activation: 'int8' | 'uint8'): Uint8Array {
  const p = pb.params;
  const shift = activation === 'int8' ? -128 : 0;
  return buildQLinearConvModel({
    activation,
    n: 1,
    ic: p.ic,
    ih: p.ih,
    iw: p.iw,
    oc: p.oc,
    fh: p.fh,
    fw: p.fw,
    stride: p.stride,
    pad: p.pad,
    group: p.group,
    srcScale: p.srcScale,
    filterScale: p.filterScale,
    dstScale: p.dstScale,
    srcZeroPoint: p.srcZeroPoint + shift,
    dstZeroPoint: p.dstZeroPoint + shift,
    weights: pb.weights,
    bias: pb.bias,
  });
}

// ---- running ----------------------------------------------------------------------------------------------------

/** The part of i8conv's API the network level uses. */
export interface NetConv {
  setFilter(w: Int8Array, layout: 'OIHW'): void;
  setBias(b: Int32Array): void;
  exec(src: Uint8Array, dst: Uint8Array): void;
  readonly algorithm: string;
  /** The micro-kernels of the operator's plan, each name ending in `__<isa>`. */
  readonly kernels?: readonly string[];
  dispose(): void;
}
export interface NetRuntime {
  convBias(p: NetConvParams): NetConv;
}
/** kernels-ref's reference.convBias (the oracle), used to say who is wrong when i8conv and onnxruntime differ. */
export type NetReference = (
  p: NetConvParams,
  src: Uint8Array,
  weights: Int8Array,
  bias: Int32Array,
) => ArrayLike<number>;

/** Backends of the network level, in table order. */
export const NET_BACKENDS = ['i8conv', 'ort-web-uint8', 'ort-web-int8'] as const;
export type NetBackend = (typeof NET_BACKENDS)[number];

/** Per layer: warm up 100 ms, samples of >= 10 ms, >= 7 of them and 250 ms of rounds per backend. */
export const NETWORK_SAMPLING: SampleOptions = {
  warmupMs: 100,
  minSampleMs: 10,
  minSamples: 7,
  maxSamples: 31,
  budgetMs: 250,
};
export const NETWORK_QUICK_SAMPLING: SampleOptions = {
  warmupMs: 30,
  minSampleMs: 5,
  minSamples: 3,
  maxSamples: 9,
  budgetMs: 40,
};
/** The headline run (npm start's default): warm up 40 ms, samples of >= 5 ms, >= 5 of them and 80 ms of rounds. */
export const NETWORK_HEADLINE_SAMPLING: SampleOptions = {
  warmupMs: 40,
  minSampleMs: 5,
  minSamples: 5,
  maxSamples: 15,
  budgetMs: 80,
};

export type NetworkProgress =
  | { kind: 'network'; id: string; label: string; macs: number; layers: number; convs: number }
  | { kind: 'network-step'; network: string; index: number; count: number; layer: string; step: 'prepare' | 'time' }
  | { kind: 'network-layer'; network: string; index: number; count: number; layer: NetworkLayerResult };

export interface NetworkBenchInput {
  networks: readonly Network[];
  rt: NetRuntime;
  /** onnxruntime-web (already configured: one thread, wasm); null runs i8conv alone, checked by the oracle. */
  ort: OrtModule | null;
  ortError?: string;
  /** onnxruntime-web's activation types to run (default both; uint8 is the one the checks and bars use). */
  ortActivations?: readonly ('uint8' | 'int8')[];
  reference?: NetReference | null;
  sampling: SampleOptions;
  /** The ceiling loop sampled before each network (the machine's speed at that moment). */
  localCeiling?: () => Promise<number>;
  /** One call of the SIMD128 ceiling loop and its MACs: timed in the same rounds as the backends of each layer
   *  that runs SIMD128 kernels, so that its share of the ceiling is measured under the same machine load. */
  ceilingProbe?: CeilingProbe;
  /** The same with the relaxed dot-add loop, for the layers that run relaxed-dot kernels (where the build has it). */
  relaxedCeilingProbe?: CeilingProbe;
  onProgress?: (ev: NetworkProgress) => void;
  now?: () => number;
}

export interface CeilingProbe {
  run: () => unknown;
  macs: number;
}

/** Which ceiling loop bounds a kernel: the relaxed dot-add loop or the SIMD128 dot loop (assembly/bench/ceiling.ts). */
export type CeilingKind = 'simd128' | 'relaxed';

/**
 * The ceiling that bounds an operator, from the micro-kernels of its plan (names end in `__<isa>`): a plan with any
 * relaxed-SIMD kernel (`__wasmrelaxeddot`: one relaxed dot per 16 MACs; `__wasmrelaxedsimd`: the 7-bit split, two
 * dots per 16 MACs, so at most half of that loop) is measured against the relaxed dot-add loop; a plan of SIMD128
 * kernels only against the SIMD128 loop, which a relaxed loop would overstate (on the relaxed build, the 1x1 GEMM of
 * the split runs SIMD128 kernels; with the usdot / sdot flavours it runs relaxed ones).
 */
export function kernelCeilingOf(kernels: readonly string[] | undefined): CeilingKind {
  return (kernels ?? []).some((k) => /__wasmrelaxed/.test(k)) ? 'relaxed' : 'simd128';
}

/** The run's ceilings, GMAC/s: null where the loop was not measured (no relaxed build) or failed its linearity
 * check (then `refused` says why). */
export interface RunCeilings {
  simd128: number | null;
  relaxed: number | null;
  refused?: Partial<Record<CeilingKind, string>>;
}

export interface Prepared {
  name: NetBackend;
  run: () => unknown;
  /** NCHW output of the last run: uint8 values (i8conv, ort uint8) or int8 (ort int8). */
  output: () => ArrayLike<number>;
  dispose: () => void;
}

const errorText = (e: unknown) =>
  e instanceof Error ? `${(e as { code?: string }).code ?? e.name}: ${e.message}` : String(e);

function sameValues(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export async function prepareI8conv(
  rt: NetRuntime,
  pb: NetProblem,
): Promise<{ p: Prepared; algo: string; ceilingKind: CeilingKind }> {
  const conv = rt.convBias(pb.params);
  try {
    conv.setFilter(pb.weights, 'OIHW');
    conv.setBias(pb.bias);
    const dst = new Uint8Array(pb.dstLength);
    conv.exec(pb.src, dst);
    const { oc } = pb.params;
    return {
      algo: conv.algorithm,
      ceilingKind: kernelCeilingOf(conv.kernels),
      p: {
        name: 'i8conv',
        // from the JS source array to the JS output array (exec copies in and out of wasm memory)
        run: () => conv.exec(pb.src, dst),
        output: () => nchw44ToNchw(dst, oc, pb.oh, pb.oh),
        dispose: () => conv.dispose(),
      },
    };
  } catch (e) {
    conv.dispose();
    throw e;
  }
}

export async function prepareOrt(ort: OrtModule, pb: NetProblem, activation: 'int8' | 'uint8'): Promise<Prepared> {
  const session = await ort.InferenceSession.create(netOrtModel(pb, activation), {
    executionProviders: ['wasm'],
    graphOptimizationLevel: 'all',
  });
  const p = pb.params;
  const x = activation === 'int8' ? Int8Array.from(pb.srcNCHW, (v) => v - 128) : pb.srcNCHW;
  const input = new ort.Tensor(activation, x, [1, p.ic, p.ih, p.iw]);
  let last: Ort.Tensor | undefined;
  const run = async () => {
    // from the JS input array to the JS output tensor (session.run copies in and out of its wasm memory)
    const out = await session.run({ x: input });
    last?.dispose();
    last = out.y;
  };
  try {
    await run();
  } catch (e) {
    void session.release();
    throw e;
  }
  return {
    name: `ort-web-${activation}`,
    run,
    output: () => {
      if (!last) throw new Error('no output yet');
      return last.data as Uint8Array | Int8Array;
    },
    dispose: () => {
      last?.dispose();
      void session.release();
    },
  };
}

function timingOf(
  t: { ms: number; msMin: number; msMax: number; spread: number; samples: number; callsPerSample: number },
  macs: number,
): NetworkTiming {
  return {
    ms: t.ms,
    msMin: t.msMin,
    msMax: t.msMax,
    spread: t.spread,
    samples: t.samples,
    callsPerSample: t.callsPerSample,
    gmacs: macs / t.ms / 1e6,
  };
}

async function runLayer(
  net: Network,
  index: number,
  o: NetworkBenchInput,
  now: () => number,
): Promise<NetworkLayerResult> {
  const layer = net.layers[index];
  const pb = makeNetProblem(layer, seedOf(net.id, index));
  const progress = o.onProgress ?? (() => {});
  const res: NetworkLayerResult = {
    name: layer.name,
    occurs: [...layer.occurs],
    count: layer.count,
    label: layerLabel(layer),
    ic: layer.ic,
    oc: layer.oc,
    h: layer.h,
    w: layer.h,
    k: layer.k,
    s: layer.stride,
    pad: layer.pad,
    group: layer.group,
    format: pb.params.format,
    oh: pb.oh,
    ow: pb.oh,
    macs: pb.macs,
    srcZeroPoint: pb.params.srcZeroPoint,
    dstZeroPoint: pb.params.dstZeroPoint,
    algo: null,
    backends: {},
    ceilingMs: NaN,
    pctCeiling: null,
    pctCeilingSameRounds: null,
    ratioOrtUint8: null,
    checks: { i8conv: 'unchecked', 'ort-web-uint8': 'unchecked', 'ort-web-int8': 'unchecked' },
    mismatches: [],
  };
  const fail = (backend: NetBackend, e: unknown) => {
    res.mismatches.push({
      backend,
      count: 0,
      total: pb.dstLength,
      maxAbsDiff: NaN,
      firstIndex: -1,
      got: NaN,
      want: NaN,
      error: errorText(e),
      phase: 'prepare',
      against: 'none',
    });
    res.checks[backend] = 'mismatch';
  };
  progress({
    kind: 'network-step',
    network: net.id,
    index,
    count: net.layers.length,
    layer: layer.name,
    step: 'prepare',
  });
  const ready: Prepared[] = [];
  try {
    const { p, algo, ceilingKind } = await prepareI8conv(o.rt, pb);
    res.algo = algo;
    res.ceilingKind = ceilingKind;
    ready.push(p);
  } catch (e) {
    fail('i8conv', e);
  }
  if (o.ort) {
    for (const act of (['uint8', 'int8'] as const).filter((a) => !o.ortActivations || o.ortActivations.includes(a))) {
      try {
        ready.push(await prepareOrt(o.ort, pb, act));
      } catch (e) {
        fail(`ort-web-${act}`, e);
      }
    }
  }
  const get = (name: NetBackend) => ready.find((r) => r.name === name);
  let oracleOut: ArrayLike<number> | null | undefined;
  const oracle = (): ArrayLike<number> | null => {
    if (oracleOut === undefined)
      oracleOut = o.reference
        ? nchw44ToNchw(Uint8Array.from(o.reference(pb.params, pb.src, pb.weights, pb.bias)), pb.params.oc, pb.oh, pb.oh)
        : null;
    return oracleOut;
  };
  const record = (m: Mismatch, phase: NetworkMismatch['phase'], against: string, note?: string) => {
    res.mismatches.push({ ...m, phase, against, ...(note ? { note } : {}) });
    res.checks[m.backend as NetBackend] = 'mismatch';
  };
  const check = (phase: 'first-call' | 'after-timing') => {
    const i8 = get('i8conv');
    const u8 = get('ort-web-uint8');
    const s8 = get('ort-web-int8');
    const mark = (b: NetBackend) => {
      if (res.checks[b] !== 'mismatch') res.checks[b] = 'ok';
    };
    if (i8 && u8) {
      const got = i8.output();
      const want = u8.output();
      const m = compareOutputs('i8conv', got, want);
      if (!m) {
        mark('i8conv');
        mark('ort-web-uint8');
      } else {
        // Who is wrong? The oracle decides when it is available; without a verdict for onnxruntime, i8conv's
        // difference is i8conv's failure.
        const ref = oracle();
        if (ref && sameValues(got, ref) && !sameValues(want, ref)) {
          const w = compareOutputs('ort-web-uint8', want, ref)!;
          record(w, phase, 'oracle', 'i8conv equals the oracle; onnxruntime-web uint8 differs');
          mark('i8conv');
        } else {
          const note = !ref
            ? 'no oracle in this build to arbitrate'
            : sameValues(want, ref)
              ? 'onnxruntime-web uint8 equals the oracle'
              : 'neither equals the oracle';
          record(m, phase, 'ort-web-uint8', note);
          if (ref && sameValues(want, ref)) mark('ort-web-uint8');
        }
      }
    } else if (i8) {
      const ref = oracle();
      if (ref) {
        const m = compareOutputs('i8conv', i8.output(), ref);
        if (m) record(m, phase, 'oracle');
        else mark('i8conv');
      }
    }
    if (u8 && s8) {
      const want = Int8Array.from(u8.output(), (v) => v - 128);
      const m = compareOutputs('ort-web-int8', s8.output(), want);
      if (m) record(m, phase, 'ort-web-uint8 - 128');
      else mark('ort-web-int8');
    }
  };
  try {
    check('first-call');
    if (ready.length) {
      progress({
        kind: 'network-step',
        network: net.id,
        index,
        count: net.layers.length,
        layer: layer.name,
        step: 'time',
      });
      const fns = ready.map((r) => r.run);
      // the ceiling loop of the layer's own kernels (SIMD128 when i8conv did not run)
      const probe = res.ceilingKind === 'relaxed' ? o.relaxedCeilingProbe : o.ceilingProbe;
      if (probe) fns.push(probe.run);
      const t = await measureInterleaved(fns, o.sampling, now);
      ready.forEach((r, i) => (res.backends[r.name] = timingOf(t[i], pb.macs)));
      if (probe) res.ceilingSameRoundsGmacs = probe.macs / t[ready.length].ms / 1e6;
      check('after-timing');
    }
  } finally {
    for (const r of ready) r.dispose();
  }
  return res;
}

/** Runs the network level: every layer of every network, the backends timed side by side per layer. */
export async function runNetworkBench(o: NetworkBenchInput): Promise<NetworkResult[]> {
  const now = o.now ?? (() => performance.now());
  const out: NetworkResult[] = [];
  for (const net of o.networks) {
    o.onProgress?.({
      kind: 'network',
      id: net.id,
      label: net.label,
      macs: networkMacs(net),
      layers: net.layers.length,
      convs: networkConvs(net),
    });
    const t0 = now();
    const local = o.localCeiling ? await o.localCeiling() : undefined;
    const layers: NetworkLayerResult[] = [];
    for (let i = 0; i < net.layers.length; i++) {
      const r = await runLayer(net, i, o, now);
      layers.push(r);
      o.onProgress?.({ kind: 'network-layer', network: net.id, index: i, count: net.layers.length, layer: r });
    }
    out.push({
      id: net.id,
      label: net.label,
      macs: networkMacs(net),
      convs: networkConvs(net),
      layers,
      ...(local !== undefined ? { ceilingLocalGmacs: Math.round(local * 100) / 100 } : {}),
      sampling: { ...o.sampling },
      durationS: Math.round((now() - t0) / 100) / 10,
      ...(o.ort ? {} : { ortUnavailable: o.ortError ?? 'onnxruntime-web not loaded' }),
      sums: {},
      ceilingMs: NaN,
      bars: [],
    });
  }
  return out;
}

// ---- figures that need the run's ceiling: ceiling times, % of ceiling, sums, bars ------------------------------------

/** Bars of the network level (each network is judged on its own). */
export const BAR_POINTWISE_PCT = 0.7;
export const BAR_CHANWISE_SPEEDUP = 3;

const f1 = (v: number) => v.toFixed(1);
const f2 = (v: number) => v.toFixed(2);
const ms3 = (v: number) => v.toFixed(3);

function bars(n: NetworkResult, ceilings: RunCeilings): NetworkBar[] {
  const out: NetworkBar[] = [];
  // (1) the sum of i8conv's layer times against ort-web-uint8's
  {
    const a = n.sums.i8conv;
    const b = n.sums['ort-web-uint8'];
    const label = "sum of i8conv's layer times <= sum of ort-web-uint8's";
    if (a == null) {
      const failed = n.layers.filter((l) => !l.backends.i8conv).map((l) => l.name);
      out.push({
        id: 'sum-vs-ort-uint8',
        label,
        status: 'not met',
        detail: `i8conv has no time on ${failed.length} layer(s): ${failed.join(', ')}`,
      });
    } else if (b == null) {
      out.push({
        id: 'sum-vs-ort-uint8',
        label,
        status: 'n/a',
        detail: `ort-web-uint8 has no time on every layer${n.ortUnavailable ? ` (${n.ortUnavailable})` : ''}`,
      });
    } else {
      out.push({
        id: 'sum-vs-ort-uint8',
        label,
        status: a <= b ? 'met' : 'not met',
        detail: `i8conv ${ms3(a)} ms, ort-web-uint8 ${ms3(b)} ms (i8conv / ort-web-uint8 = ${f2(b / a)}x)`,
      });
    }
  }
  // (2) 1x1 layers with >= 64 input and output channels at >= 70% of the ceiling of their own kernels (the relaxed
  // dot-add loop for relaxed kernels, the SIMD128 loop for SIMD128 ones): the loop timed in the same rounds as the
  // layer (the same machine load) where it was, else the run's best figure of that loop
  {
    const pctOf = (l: NetworkLayerResult) => l.pctCeilingSameRounds ?? l.pctCeiling;
    const ls = n.layers.filter((l) => isPointwise(l) && l.ic >= 64 && l.oc >= 64);
    const kinds = [...new Set(ls.map((l) => l.ceilingKind ?? 'simd128'))].sort();
    const name = (k: CeilingKind) => (k === 'relaxed' ? 'relaxed dot-add' : 'SIMD128');
    const same = ls.some((l) => l.pctCeilingSameRounds !== null && l.pctCeilingSameRounds !== undefined);
    const runBest = kinds
      .map((k) => `${name(k)} ${ceilings[k] === null ? 'not measured' : `${f1(ceilings[k]!)} GMAC/s`}`)
      .join(', ');
    const label =
      `every 1x1 layer with >= 64 input and output channels at >= ${BAR_POINTWISE_PCT * 100}% of its kernels' ceiling ` +
      `(${kinds.length ? kinds.map(name).join(' / ') : 'SIMD128'} loop` +
      (same ? ', timed in the same rounds as each layer)' : `: ${runBest})`);
    const refused = kinds.filter((k) => ceilings.refused?.[k]);
    if (!ls.length) out.push({ id: 'pointwise-pct-ceiling', label, status: 'n/a', detail: 'no such layer' });
    else if (refused.length) {
      out.push({
        id: 'pointwise-pct-ceiling',
        label,
        status: 'n/a',
        detail: refused.map((k) => `the ${name(k)} loop is refused as a ceiling: ${ceilings.refused![k]}`).join('; '),
      });
    } else if (kinds.some((k) => ceilings[k] === null)) {
      out.push({
        id: 'pointwise-pct-ceiling',
        label,
        status: 'n/a',
        detail: `no ${kinds
          .filter((k) => ceilings[k] === null)
          .map(name)
          .join(' / ')} ceiling in this run`,
      });
    } else {
      const below = ls.filter((l) => !(pctOf(l) !== null && pctOf(l)! >= BAR_POINTWISE_PCT));
      const lowest = [...ls].sort((x, y) => (pctOf(x) ?? -1) - (pctOf(y) ?? -1))[0];
      const show = (l: NetworkLayerResult) =>
        `${l.name} (${l.label}, ${l.ceilingKind ?? 'simd128'} kernels) ${pctOf(l) === null ? 'no time' : `${f1(pctOf(l)! * 100)}%`}` +
        (same && l.pctCeiling !== null ? ` (${f1(l.pctCeiling * 100)}% of the run's best)` : '');
      out.push({
        id: 'pointwise-pct-ceiling',
        label,
        status: below.length ? 'not met' : 'met',
        detail:
          `${ls.length - below.length}/${ls.length} layers at >= ${BAR_POINTWISE_PCT * 100}%; lowest ${show(lowest)}` +
          (below.length ? `; below: ${below.map(show).join(', ')}` : ''),
      });
    }
  }
  // (3) channel-wise 3x3 layers at >= 3x ort-web-uint8
  {
    const label = `every channel-wise 3x3 layer at >= ${BAR_CHANWISE_SPEEDUP}x ort-web-uint8 (time ratio)`;
    const ls = n.layers.filter((l) => isChannelWise(l) && l.k === 3);
    if (!ls.length)
      out.push({
        id: 'chanwise-vs-ort-uint8',
        label,
        status: 'n/a',
        detail: 'no channel-wise 3x3 layer in this network',
      });
    else if (ls.some((l) => l.backends.i8conv && !l.backends['ort-web-uint8'])) {
      out.push({
        id: 'chanwise-vs-ort-uint8',
        label,
        status: 'n/a',
        detail: 'ort-web-uint8 has no time on some of these layers',
      });
    } else {
      const below = ls.filter((l) => !(l.ratioOrtUint8 !== null && l.ratioOrtUint8 >= BAR_CHANWISE_SPEEDUP));
      const lowest = [...ls].sort((x, y) => (x.ratioOrtUint8 ?? -1) - (y.ratioOrtUint8 ?? -1))[0];
      const show = (l: NetworkLayerResult) =>
        `${l.name} (${l.label}) ${l.ratioOrtUint8 === null ? 'no time' : `${f2(l.ratioOrtUint8)}x`}`;
      out.push({
        id: 'chanwise-vs-ort-uint8',
        label,
        status: below.length ? 'not met' : 'met',
        detail:
          `${ls.length - below.length}/${ls.length} layers at >= ${BAR_CHANWISE_SPEEDUP}x; lowest ${show(lowest)}` +
          (below.length ? `; below: ${below.map(show).join(', ')}` : ''),
      });
    }
  }
  return out;
}

/**
 * Fills in what depends on the run's ceilings (known at its end): ceiling times and % of ceiling (each layer against
 * the loop of its own kernels, `ceilingKind`), sums and bars. A number is the SIMD128 ceiling alone (no relaxed loop).
 */
export function finishNetworks(nets: NetworkResult[], ceilings: number | RunCeilings): void {
  const c: RunCeilings = typeof ceilings === 'number' ? { simd128: ceilings, relaxed: null } : ceilings;
  for (const n of nets) {
    for (const l of n.layers) {
      const g = c[l.ceilingKind ?? 'simd128'];
      l.ceilingMs = g ? l.macs / g / 1e6 : NaN;
      const a = l.backends.i8conv;
      const b = l.backends['ort-web-uint8'];
      l.pctCeiling = a && g ? a.gmacs / g : null;
      l.pctCeilingSameRounds = a && l.ceilingSameRoundsGmacs ? a.gmacs / l.ceilingSameRoundsGmacs : null;
      l.ratioOrtUint8 = a && b ? b.ms / a.ms : null;
    }
    n.sums = {};
    for (const b of NET_BACKENDS) {
      n.sums[b] = n.layers.every((l) => l.backends[b])
        ? n.layers.reduce((s, l) => s + l.backends[b]!.ms * l.count, 0)
        : null;
    }
    n.ceilingMs = n.layers.reduce((s, l) => s + l.ceilingMs * l.count, 0);
    n.ceilings = { simd128: c.simd128, relaxed: c.relaxed };
    n.bars = bars(n, c);
  }
}

/** The network level's mismatches for the run's list (shape "network/<id>/<layer>"). */
export function networkMismatches(nets: NetworkResult[]): (NetworkMismatch & { shape: string })[] {
  return nets.flatMap((n) =>
    n.layers.flatMap((l) => l.mismatches.map((m) => ({ ...m, shape: `network/${n.id}/${l.name}` }))),
  );
}
