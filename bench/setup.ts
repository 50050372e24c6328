/**
 * Builds the suite's input from what the environment provides (Node or a browser page): the i8conv runtimes,
 * the backends, the oracle, the optional kernel and relayout sections. No Node built-ins here.
 */
import { createRuntime } from '../src/index.js';
import { createLabRuntime } from '../lab/index.js';
import { configureOrt, type OrtModule } from '../fixtures/models/ort.js';
import { NAIVE_MAX_MACS, i8convBackend, naiveBackend, ortBackend, type Backend, type RuntimeLike } from './backends.js';
import type { ConvParams, ProblemData } from './data.js';
import { naiveConvNCHW } from './naive-conv.js';
import { runKernelBench, type KernelRow } from './kernels.js';
import type { BenchResults, KernelResult, RelayoutRow } from './schema.js';
import {
  NETWORK_HEADLINE_SAMPLING,
  NETWORK_QUICK_SAMPLING,
  NETWORK_SAMPLING,
  runNetworkBench,
  selectNetworks,
  type NetReference,
  type NetRuntime,
} from './networks.js';
import { selectShapes } from './shapes.js';
import { DEFAULT_SAMPLING, QUICK_SAMPLING, type SampleOptions } from './stats.js';
import type { CeilingExports, Oracle, ProgressEvent, SuiteInput } from './suite.js';

export interface SetupOptions {
  quick: boolean;
  shapes?: string;
  filter?: string | null;
  /** onnxruntime-web, already imported by the caller (its import path differs between Node and a page). */
  ort: OrtModule | null;
  /** Why `ort` is null, for the report. */
  ortError?: string;
  /** The wasm file onnxruntime-web ran, when the caller can tell. */
  ortBuild?: string;
  /** The XNNPACK peer (bench/litert.ts's litertBackend), where the caller loaded LiteRT.js (the browser page). */
  litert?: Backend | null;
  /** Why `litert` is null, for the report (undefined where it was not tried, e.g. on Node). */
  litertError?: string;
  engine: BenchResults['engine'];
  machine: BenchResults['machine'];
  onProgress?: (ev: ProgressEvent) => void;
  /** The network level: a comma list of network ids (bench/networks.ts), 'all' or 'none'. Undefined = none
   * (the CLIs pass their default, networks.defaultNetworks). */
  networks?: string;
  /**
   * 'full' (default here; `npm start -- --full`, the browser run): every backend (each algorithm forced by name,
   * onnxruntime-web int8 and uint8, naive JS), the kernel level and the relayout section. 'headline' (what `npm start`
   * runs by default): only what answers "i8conv against the peers, on this engine": i8conv (and its other build where
   * the engine runs it) and onnxruntime-web uint8, on the operator and network levels, with shorter sampling
   * (HEADLINE_SAMPLING, NETWORK_HEADLINE_SAMPLING; --quick keeps its own). The ratios stay same-run and round-robin.
   */
  scope?: 'full' | 'headline';
}

/** Sampling of the headline run (npm start's default): per shape and backend 100 ms warm-up, samples of >= 15 ms,
 * >= 5 of them and 250 ms of rounds (at most 15). */
export const HEADLINE_SAMPLING: SampleOptions = {
  warmupMs: 100,
  minSampleMs: 15,
  minSamples: 5,
  maxSamples: 15,
  budgetMs: 250,
};

/** Why a section is absent from a headline run. */
export const NOT_IN_HEADLINE = 'not in the default run (npm start -- --full runs it)';

/**
 * Dynamic import of an optional module (the path is a variable so TypeScript does not require it to exist).
 * A missing module gives null; a module that exists but fails to load is an error worth seeing, so it throws.
 */
async function optionalImport(path: string): Promise<Record<string, unknown> | null> {
  try {
    return (await import(path)) as Record<string, unknown>;
  } catch (e) {
    const msg = String((e as { code?: string }).code ?? '') + ' ' + String((e as Error).message ?? e);
    // Node: ERR_MODULE_NOT_FOUND for the file itself; browsers: the fetch of the file failed (404).
    if (
      /ERR_MODULE_NOT_FOUND|Failed to fetch dynamically imported module|error loading dynamically imported module/i.test(
        msg,
      ) &&
      msg.includes(path.replace(/^\.\.?\//, ''))
    )
      return null;
    throw e;
  }
}

type ReferenceConv = (p: ConvParams, src: Int8Array, w: Int8Array, b: Int32Array) => Int8Array | Int32Array;

/** The oracle: kernels-ref's reference.convBias when it exists; otherwise the naive JS convolution, labelled so. */
export async function loadOracle(): Promise<{ oracle: Oracle; name: string }> {
  const mod = await optionalImport('../kernels-ref/index.js');
  const ref = mod?.reference as { convBias?: ReferenceConv } | undefined;
  if (typeof ref?.convBias === 'function') {
    const conv = ref.convBias;
    return {
      oracle: (pb: ProblemData) => conv(pb.params, pb.src, pb.weights, pb.bias),
      name: 'kernels-ref reference.convBias',
    };
  }
  return {
    oracle: (pb: ProblemData) => {
      const dst = new Int8Array(pb.dstLength);
      naiveConvNCHW(pb.params, pb.srcNCHW, pb.weights, pb.bias, dst);
      return dst;
    },
    name: 'bench/naive-conv.ts (kernels-ref reference.convBias not available in this build)',
  };
}

/** kernels-ref's reference.convBias as is (any source type), or null when the build lacks it. */
export async function loadReferenceConv(): Promise<NetReference | null> {
  const mod = await optionalImport('../kernels-ref/index.js');
  const ref = mod?.reference as { convBias?: NetReference } | undefined;
  return typeof ref?.convBias === 'function' ? ref.convBias : null;
}

/** i8conv's algorithms that can be forced with `algo`: the ordered pack of src/algos/pack.ts. */
export async function listI8convAlgorithms(): Promise<{ name: string; formats?: readonly string[] }[]> {
  const mod = await optionalImport('../src/algos/pack.js');
  const list = mod?.ALGORITHMS as { name: string; formats?: readonly string[] }[] | undefined;
  return Array.isArray(list) ? list.map((a) => ({ name: a.name, formats: a.formats })) : [];
}

/**
 * The kernel-level section: the kernel table's rows (src/algos/kernel-table.generated.ts), each run alone through
 * the NCHW44 algorithm (bench/kernels.ts).
 */
export async function kernelSection(
  runtimes: Partial<Record<'simd128' | 'relaxed', RuntimeLike>>,
  oracle: Oracle,
  filter: string | null,
): Promise<(sampling: SampleOptions) => Promise<KernelResult[] | { unavailable: string }>> {
  const table = await optionalImport('../src/algos/kernel-table.generated.js');
  const rows = table?.KERNELS as KernelRow[] | undefined;
  const algos = await listI8convAlgorithms();
  // the direct dot algorithm runs the row kernels of the table (the Winograd one, first in the pack, takes NCHW44 too)
  const algo = (
    algos.find((a) => a.name === 'WASMDOTS8DIRECT_NCHW44') ?? algos.find((a) => a.formats?.includes('NCHW44'))
  )?.name;
  return async (sampling) => {
    if (!Array.isArray(rows)) return { unavailable: 'src/algos/kernel-table.generated.ts is not in this build' };
    if (!algo) return { unavailable: 'no algorithm for format NCHW44 in src/algos/pack.ts' };
    if (!Object.values(runtimes).some((rt) => typeof rt?.convBias === 'function')) {
      return { unavailable: 'rt.convBias is not available in this build' };
    }
    const re = filter ? new RegExp(filter, 'i') : null;
    const chosen = rows.filter((k) => !re || re.test(`kernel/${k.name}`));
    if (!chosen.length) return { unavailable: `no kernel matches --filter ${filter}` };
    return runKernelBench(runtimes, chosen, algo, sampling, oracle);
  };
}

/** The relayout section (bench/relayout.ts, another engineer's); --filter keeps it only if it matches "relayout". */
export async function relayoutSection(
  quick: boolean,
  filter: string | null,
): Promise<(() => Promise<RelayoutRow[] | { unavailable: string }>) | undefined> {
  const mod = await optionalImport('./relayout.js');
  const run = mod?.runRelayoutBench as ((o?: { quick?: boolean }) => Promise<RelayoutRow[]>) | undefined;
  if (typeof run !== 'function') return undefined;
  if (filter && !new RegExp(filter, 'i').test('relayout'))
    return async () => ({ unavailable: `filtered out by --filter ${filter}` });
  return async () => run({ quick });
}

export async function prepareSuite(o: SetupOptions): Promise<SuiteInput> {
  const errors: string[] = [];
  // One thread, explicitly: the operator, network and kernel levels are single-threaded (the threads section,
  // bench/threads.ts, has its own runtimes in its own process).
  const rt = await createRuntime({ threads: 1 });
  const headline = o.scope === 'headline';
  const rtLike = rt as unknown as RuntimeLike;
  const build = rt.features.build ?? 'simd128';
  const backends: Backend[] = [i8convBackend(rtLike, 'i8conv')];
  const runtimes: Partial<Record<'simd128' | 'relaxed', RuntimeLike>> = { [build]: rtLike };
  // The build the runtime did not pick, when this engine can run it: a column "i8conv-<build>" shows what the
  // other build would give here (relaxed SIMD only where the probe found the relaxed dot exact).
  const other = build === 'relaxed' ? 'simd128' : rt.features.relaxedDotExact ? 'relaxed' : null;
  if (other) {
    const rt2 = await createRuntime({ build: other, threads: 1 });
    runtimes[other] = rt2 as unknown as RuntimeLike;
    backends.push(i8convBackend(runtimes[other]!, `i8conv-${other}`));
  }
  // The ceiling loops and the kernel section's alternative tiles are in the lab build only (lab/index.ts: the
  // product's code plus those), one lab runtime per build the product runtimes run; the operator and network
  // levels measure the product runtimes above.
  const labs: Partial<Record<'simd128' | 'relaxed', RuntimeLike>> = {};
  for (const b of [build, other] as ('simd128' | 'relaxed' | null)[])
    if (b) labs[b] = (await createLabRuntime({ build: b, threads: 1 })) as unknown as RuntimeLike;
  const labCore = (b: 'simd128' | 'relaxed' | null) =>
    b ? (labs[b] as unknown as { core: { exports: unknown } } | undefined)?.core : undefined;
  // Base ceiling from the default build; the relaxed loop from whichever runtime has the relaxed build.
  const relaxedCore = labCore(build === 'relaxed' || other === 'relaxed' ? 'relaxed' : null);
  const ceiling: CeilingExports = { ...(labCore(build)!.exports as CeilingExports) };
  if (relaxedCore) {
    const rx = relaxedCore.exports as unknown as CeilingExports;
    Object.assign(ceiling, {
      ceilingHasRelaxed: rx.ceilingHasRelaxed,
      ceilingRelaxedDot: rx.ceilingRelaxedDot,
      ceilingRelaxedMacsPerTrip: rx.ceilingRelaxedMacsPerTrip,
    });
  } else {
    delete ceiling.ceilingHasRelaxed;
  }
  if (o.ort) {
    configureOrt(o.ort);
    // onnxruntime-web's int8 activations run ~10x slower than its uint8 ones (the usual ONNX quantization): the
    // headline run compares with the faster, uint8
    backends.push(...(headline ? [] : [ortBackend(o.ort, 'int8')]), ortBackend(o.ort, 'uint8'));
  } else {
    errors.push(`onnxruntime-web not run: ${o.ortError ?? 'not loaded'}`);
  }
  if (o.litert) backends.push(o.litert);
  else if (o.litertError) errors.push(`LiteRT.js (xnnpack-litert) not run: ${o.litertError}`);
  if (!headline) backends.push(naiveBackend);
  for (const a of headline ? [] : await listI8convAlgorithms()) {
    const b = i8convBackend(rtLike, `i8conv:${a.name}`, a.name, a.formats);
    // the scalar last resort runs at naive-JS speed: small shapes only, like naive-js
    if (a.name === 'WASM_NAIVE') {
      const inner = b.skipReason;
      b.skipReason = (shape) =>
        inner(shape) ??
        (shape.macs > NAIVE_MAX_MACS ? `scalar: small shapes only (<= ${NAIVE_MAX_MACS / 1e6}M MACs)` : null);
    }
    backends.push(b);
  }

  const { oracle, name: oracleName } = await loadOracle();
  const sampling = o.quick ? QUICK_SAMPLING : headline ? HEADLINE_SAMPLING : DEFAULT_SAMPLING;
  const nets = selectNetworks(o.networks);
  const reference = nets.length ? await loadReferenceConv() : null;
  const networks: SuiteInput['networks'] = nets.length
    ? async ({ localCeiling, ceilingProbe, relaxedCeilingProbe }) =>
        runNetworkBench({
          networks: nets,
          rt: rt satisfies NetRuntime,
          ort: o.ort,
          ortError: o.ortError,
          reference,
          sampling: o.quick ? NETWORK_QUICK_SAMPLING : headline ? NETWORK_HEADLINE_SAMPLING : NETWORK_SAMPLING,
          ortActivations: headline ? ['uint8'] : ['uint8', 'int8'],
          localCeiling,
          ceilingProbe,
          relaxedCeilingProbe,
          onProgress: o.onProgress,
        })
    : undefined;
  return {
    shapes: selectShapes(o.shapes ?? (headline && !o.quick ? 'headline' : undefined), o.quick),
    backends,
    oracle,
    oracleName,
    ceiling,
    sampling,
    quick: o.quick,
    filter: o.filter ?? null,
    engine: o.engine,
    machine: o.machine,
    builds: {
      i8conv: rt.features.build ?? null,
      i8convIsa: rt.features.isa ?? null,
      dotFlavour: rt.features.dotFlavour ?? null,
      dotFlavourTiers: rt.features.dotFlavourTiers ? [...rt.features.dotFlavourTiers] : null,
      ortWeb: o.ort ? (o.ortBuild ?? 'wasm (SIMD)') : null,
      ortWebVersion: o.ort ? (o.ort.env.versions?.web ?? null) : null,
    },
    kernels: headline
      ? async () => ({ unavailable: NOT_IN_HEADLINE })
      : await kernelSection(labs, oracle, o.filter ?? null),
    relayout: headline
      ? async () => ({ unavailable: NOT_IN_HEADLINE })
      : await relayoutSection(o.quick, o.filter ?? null),
    scope: headline ? 'headline' : 'full',
    networks,
    networkIds: nets.map((n) => n.id),
    onProgress: o.onProgress,
    errors,
  };
}
