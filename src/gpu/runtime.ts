/// <reference types="@webgpu/types" />
/**
 * WebGPU runtime of the weight-only int4/int8 convolution (MNN ConvLowMemoryExecution port).
 *
 *   const gpu = await createGpuRuntime({ device?, tuning?: 'none'|'fast'|'full', tuningCache? });
 *   const conv = gpu.lowMemoryConv(params);   conv.setWeights(q, scales, offsets?, bias);
 *   const out = await conv.run(input);        // Float32Array in -> Float32Array out; GPUBuffer -> GPUBuffer
 *
 * No Node built-ins: this file runs in browsers. Without a `device` option it asks `navigator.gpu`.
 * Every argument is checked (typed I8ConvError with a stable code) before anything is written or dispatched.
 */
import { I8ConvError, check } from '../errors.js';
import { deriveShape, hostSizes, tuneKey, type LowMemoryConvShape, type LowMemoryConvParams } from './params.js';
import {
  packBias,
  packDotWeights,
  packMmaWeights,
  packScales,
  packWeights,
  packedWeightWords,
  scaleVec4s,
} from './pack.js';
import {
  VARIANTS,
  dispatchSize,
  findVariant,
  prepass,
  preferred,
  reduceDispatchSize,
  slices,
  usable,
  variantsForPath,
  wgCandidates,
  type DeviceCaps,
  type Variant,
  type Wg,
} from './variants.js';
import { dotPrepass, generateWgsl, reduceKernel } from './wgsl.js';
import { encodeDispatch, heat, median, timeDispatch, type Dispatch } from './timing.js';

// The WebGPU types this file's declarations name, declared empty so that the published .d.ts compile in a program
// without @webgpu/types (a Node-only one: @webgpu/types needs the DOM lib). Where the program has @webgpu/types (or a
// lib with WebGPU), these merge with its full declarations; without, they are opaque.
declare global {
  interface GPUDevice {}
  interface GPUAdapter {}
  interface GPUBuffer {}
  interface GPUBindGroupLayout {}
  interface GPUPipelineLayout {}
  interface GPUComputePipeline {}
}

export type TuningLevel = 'none' | 'fast' | 'full';

export interface GpuRuntimeOptions {
  device?: GPUDevice;
  tuning?: TuningLevel;
  /** a cache produced by `gpu.tuningCache()` (JSON string or the parsed object) */
  tuningCache?: string | TuningCacheJson;
  /** timed runs per tuning candidate (median taken); default 3 */
  tuneReps?: number;
  /** milliseconds of back-to-back runs before timing candidates, to bring the GPU out of its idle clock, and a tenth
   * of it (at most 20 ms) on each later candidate right before its timing, to keep it there; default 200 */
  tuneWarmupMs?: number;
}

export interface TuningEntry {
  variant: string;
  wg: Wg;
  us: number;
}
export interface TuningCacheJson {
  version: 1;
  entries: Record<string, TuningEntry>;
}

const STORAGE = 0x80; // GPUBufferUsage.STORAGE, spelled out so this module loads where the global is absent
/** Dawn's experimental feature behind the mma variants (needs the `subgroups` feature too). */
export const SUBGROUP_MATRIX = 'chromium-experimental-subgroup-matrix';

/**
 * The optional features the runtime uses, of those the adapter offers (string[], not GPUFeatureName[]: that is a
 * type alias, which cannot be declared empty as the interfaces above are).
 */
export function wantedFeatures(adapter: GPUAdapter): string[] {
  const f: string[] = [];
  if (adapter.features.has('timestamp-query')) f.push('timestamp-query');
  if (adapter.features.has('subgroups') && adapter.features.has(SUBGROUP_MATRIX)) f.push('subgroups', SUBGROUP_MATRIX);
  return f;
}

export class GpuRuntime {
  readonly device: GPUDevice;
  readonly tuning: TuningLevel;
  /** timed runs per tuning candidate */
  tuneReps = 3;
  tuneWarmupMs = 200;
  /** @internal */ readonly caps: DeviceCaps;
  /** @internal */ readonly layout: GPUBindGroupLayout;
  /** @internal */ readonly pipelineLayout: GPUPipelineLayout;
  private readonly cache = new Map<string, TuningEntry>();
  private readonly pipelines = new Map<string, Promise<GPUComputePipeline>>();

  constructor(device: GPUDevice, tuning: TuningLevel) {
    this.device = device;
    this.tuning = tuning;
    const l = device.limits;
    this.caps = {
      maxInvocations: l.maxComputeInvocationsPerWorkgroup,
      maxSizeX: l.maxComputeWorkgroupSizeX,
      maxSizeY: l.maxComputeWorkgroupSizeY,
      maxWorkgroupStorage: l.maxComputeWorkgroupStorageSize,
      maxGroupsPerDim: l.maxComputeWorkgroupsPerDimension,
      maxStorageBinding: Math.min(l.maxStorageBufferBindingSize, l.maxBufferSize),
    };
    const ro = { type: 'read-only-storage' as const };
    this.layout = device.createBindGroupLayout({
      entries: [
        { binding: 0, visibility: 4, buffer: ro },
        { binding: 1, visibility: 4, buffer: ro },
        { binding: 2, visibility: 4, buffer: ro },
        { binding: 3, visibility: 4, buffer: ro },
        { binding: 4, visibility: 4, buffer: { type: 'storage' } },
      ],
    });
    this.pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [this.layout] });
  }

  /**
   * @internal Whether the device runs the mma variants: it must have Dawn's subgroup-matrix feature enabled, and
   * a pipeline with signed 8-bit 16x16x32 products in a 32-lane work-group must build (the device's matrix
   * configurations are only listed on the adapter, which a caller's device does not expose).
   */
  async probeSubgroupMatrix(): Promise<boolean> {
    this.caps.subgroupMatrix = false;
    if (!this.device.features.has(SUBGROUP_MATRIX as GPUFeatureName)) return false;
    const code = `enable chromium_experimental_subgroup_matrix;
@group(0) @binding(0) var<storage, read> A: array<i32>;
@group(0) @binding(4) var<storage, read_write> O: array<i32>;
@compute @workgroup_size(32) fn main() {
  let l = subgroupMatrixLoad<subgroup_matrix_left<i8, 32, 16>>(&A, 0u, false, 32u);
  let r = subgroupMatrixLoad<subgroup_matrix_right<i8, 16, 32>>(&A, 0u, true, 32u);
  subgroupMatrixStore(&O, 0u, subgroupMatrixMultiply<i32>(l, r), false, 16u);
}`;
    try {
      await this.pipeline(code, 'subgroup-matrix probe');
      this.caps.subgroupMatrix = true;
    } catch {
      // no usable configuration: the mma variants stay unavailable
    }
    return this.caps.subgroupMatrix;
  }

  /** The weight-only quantized convolution (weightBits 4 or 8). */
  lowMemoryConv(params: LowMemoryConvParams): LowMemoryConv {
    return new LowMemoryConv(this, deriveShape(params), params.variant);
  }

  /**
   * The same kernels with float32 weights (the speed baseline of the benchmark): `setWeights(w, bias)` with
   * w a Float32Array in OIHW order. `weightBits` in params is ignored.
   */
  floatConv(params: Omit<LowMemoryConvParams, 'weightBits'> & { weightBits?: number }): LowMemoryConv {
    return new LowMemoryConv(
      this,
      deriveShape({ ...params, weightBits: 32 as 8, blockSize: 0, asymmetric: false }, true),
      params.variant,
    );
  }

  tuningCache(): string {
    const entries: Record<string, TuningEntry> = {};
    for (const [k, v] of this.cache) entries[k] = v;
    return JSON.stringify({ version: 1, entries } satisfies TuningCacheJson);
  }

  /** Adds the entries of a cache from `tuningCache()` (BAD_TUNING_CACHE when it is malformed; nothing is added then). */
  loadTuningCache(json: string | TuningCacheJson): void {
    for (const [k, e] of parseTuningCache(json)) this.cache.set(k, e);
  }

  /** @internal */ cached(key: string): TuningEntry | undefined {
    return this.cache.get(key);
  }
  /** @internal */ remember(key: string, e: TuningEntry): void {
    this.cache.set(key, e);
  }

  /** @internal Compiles (once) the pipelines of one variant for one shape and work-group size. */
  async programs(s: LowMemoryConvShape, v: Variant, wg: Wg): Promise<Programs> {
    const sk = slices(v);
    const pre = prepass(v, s);
    const [pipeline, reduce, prep] = await Promise.all([
      this.pipeline(generateWgsl(s, v, wg), v.name),
      sk > 1 ? this.pipeline(reduceKernel(s, sk), `${v.name} reduce`) : undefined,
      pre ? this.pipeline(dotPrepass(s, pre.layout, !!this.caps.subgroupMatrix), `${v.name} pre-pass`) : undefined,
    ]);
    return { pipeline, reduce, prep };
  }

  /** Compiles (once per distinct source) a compute pipeline with the shared layout. */
  private pipeline(code: string, name: string): Promise<GPUComputePipeline> {
    let p = this.pipelines.get(code);
    if (!p) {
      const device = this.device;
      p = (async () => {
        const module = device.createShaderModule({ code, label: name });
        const info = await module.getCompilationInfo();
        const errs = info.messages.filter((m) => m.type === 'error');
        if (errs.length) {
          throw new I8ConvError(
            'GPU_COMPILE',
            `variant ${name}: ${errs.map((m) => `${m.lineNum}: ${m.message}`).join('; ')}`,
            'variant',
          );
        }
        // The asynchronous call: a compile that takes long (or never returns, as a stuck driver can) leaves the
        // event loop free, so callers' time limits still fire; a rejected promise is a validation error.
        let pipe: GPUComputePipeline;
        try {
          pipe = await device.createComputePipelineAsync({
            layout: this.pipelineLayout,
            compute: { module, entryPoint: 'main' },
            label: name,
          });
        } catch (e) {
          throw new I8ConvError('GPU_COMPILE', `variant ${name}: ${(e as Error).message}`, 'variant');
        }
        return pipe;
      })();
      this.pipelines.set(code, p);
      p.catch(() => this.pipelines.delete(code));
    }
    return p;
  }

  dispose(): void {
    this.pipelines.clear();
  }
}

/**
 * A variant's compiled kernels: the convolution, for K-sliced variants the kernel that adds the slices, for dot
 * variants the input pre-pass.
 */
interface Programs {
  pipeline: GPUComputePipeline;
  reduce?: GPUComputePipeline;
  prep?: GPUComputePipeline;
}
interface Choice extends Programs {
  variant: Variant;
  wg: Wg;
}

export class LowMemoryConv {
  readonly shape: LowMemoryConvShape;
  private readonly rt: GpuRuntime;
  private readonly forced?: Variant;
  private weights?: GPUBuffer;
  /** the int4 weights in the dot variants' layout (pack.ts packDotWeights), while a dot variant may be chosen */
  private dotWeights?: GPUBuffer;
  /** the weights as int8 bytes for the mma variants (pack.ts packMmaWeights), while an mma variant may be chosen */
  private mmaWeights?: GPUBuffer;
  private scaleBuf?: GPUBuffer;
  private biasBuf?: GPUBuffer;
  private choice?: Choice;
  private tuning?: Promise<Choice>;
  private io?: { input: GPUBuffer; output: GPUBuffer; read: GPUBuffer };
  /** workspace of the K-sliced variants (their slices' partial sums) and the dot variants (input digits), grown to the largest one used */
  private partial?: GPUBuffer;
  private disposed = false;
  /** kernel time (µs) of each candidate the last tuning run measured, for reports */
  tuneLog: { variant: string; wg: Wg; us: number }[] = [];

  /** @internal */
  constructor(rt: GpuRuntime, s: LowMemoryConvShape, variant?: string) {
    this.rt = rt;
    this.shape = s;
    const sizes = hostSizes(s);
    const maxBind = rt.device.limits.maxStorageBufferBindingSize;
    const biggest = Math.max(sizes.input * 4, sizes.output * 4, packedWeightWords(s) * 4, scaleVec4s(s) * 16);
    check(
      biggest <= maxBind && biggest <= rt.device.limits.maxBufferSize,
      'TOO_LARGE',
      'params',
      () => `a buffer of ${biggest} bytes exceeds the device limit (${maxBind})`,
    );
    if (variant !== undefined) {
      const v = findVariant(variant);
      check(
        v !== undefined,
        'UNKNOWN_VARIANT',
        'variant',
        () => `no variant named ${String(variant)}; known: ${VARIANTS.map((x) => x.name).join(', ')}`,
      );
      check(
        v.paths.includes(s.path),
        'VARIANT_NOT_USABLE',
        'variant',
        () => `${variant} does not serve the ${s.path} path; usable: ${variantsForPath(s.path).join(', ')}`,
      );
      check(
        wgCandidates(v, 'full').some((wg) => usable(v, s, wg, rt.caps)),
        'VARIANT_NOT_USABLE',
        'variant',
        () => `${variant} cannot run this shape within the device limits`,
      );
      this.forced = v;
    }
    if (!this.candidates('full').length)
      throw new I8ConvError('TOO_LARGE', 'no kernel variant fits this shape on this device', 'params');
  }

  /** Names of the variants that can be forced for this shape. */
  get variants(): string[] {
    return variantsForPath(this.shape.path).filter((n) => {
      const v = findVariant(n)!;
      return wgCandidates(v, 'full').some((wg) => usable(v, this.shape, wg, this.rt.caps));
    });
  }

  /** The variant in use: the tuned (or cached, or forced) one once chosen, else the one `run` would start with. */
  get variant(): string {
    if (this.choice) return this.choice.variant.name;
    if (this.forced) return this.forced.name;
    const c = this.rt.cached(this.key());
    return c ? c.variant : this.defaultCandidate()[0].name;
  }

  get workgroupSize(): Wg | undefined {
    return this.choice?.wg;
  }

  /**
   * quantized: int8 bytes (8-bit) or packed nibbles, even element in the high nibble, q = nibble - 8 (4-bit),
   * OIHW order. scales/offsets: [oc*nBlk + b]; offsets only (and then required) for asymmetric weights,
   * w = q*S + O. bias: Float32Array(oc). The float twin takes (Float32Array OIHW weights, bias).
   */
  setWeights(
    quantized: Uint8Array | Float32Array,
    scales: Float32Array | undefined,
    offsets?: Float32Array | null,
    bias?: Float32Array,
  ): void {
    this.alive();
    const s = this.shape;
    const sz = hostSizes(s);
    if (s.bits === 32) {
      // float twin: setWeights(weights, bias)
      bias = scales as Float32Array | undefined;
      check(quantized instanceof Float32Array, 'BAD_BUFFER', 'weights', 'must be a Float32Array (float twin)');
      check(
        quantized.length === sz.weightCount,
        'BAD_BUFFER',
        'weights',
        () => `expected ${sz.weightCount} floats, got ${quantized.length}`,
      );
    } else {
      check(quantized instanceof Uint8Array, 'BAD_BUFFER', 'quantized', 'must be a Uint8Array');
      check(
        quantized.length === sz.weightBytes,
        'BAD_BUFFER',
        'quantized',
        () => `expected ${sz.weightBytes} bytes for ${sz.weightCount} ${s.bits}-bit weights, got ${quantized.length}`,
      );
      check(scales instanceof Float32Array, 'BAD_BUFFER', 'scales', 'must be a Float32Array');
      check(
        scales.length === sz.scales,
        'BAD_BUFFER',
        'scales',
        () => `expected oc*nBlk = ${sz.scales} values, got ${scales.length}`,
      );
      if (s.asym) {
        check(
          offsets instanceof Float32Array,
          'BAD_BUFFER',
          'offsets',
          'asymmetric weights need a Float32Array of offsets',
        );
        check(
          offsets.length === sz.scales,
          'BAD_BUFFER',
          'offsets',
          () => `expected ${sz.scales} values, got ${offsets.length}`,
        );
      } else {
        check(
          offsets === undefined || offsets === null,
          'BAD_BUFFER',
          'offsets',
          'symmetric weights take no offsets (set asymmetric: true)',
        );
      }
    }
    check(bias instanceof Float32Array, 'BAD_BUFFER', 'bias', 'must be a Float32Array');
    check(bias.length === s.oc, 'BIAS_LENGTH', 'bias', () => `expected oc = ${s.oc} values, got ${bias.length}`);
    const dev = this.rt.device;
    // each weight layout only where a variant that reads it may run: the chosen one, else every candidate
    const fams = this.familiesNeeded();
    const so = s.bits === 32 ? new Float32Array(4) : packScales(s, scales as Float32Array, offsets ?? undefined);
    const b = packBias(s, bias);
    this.weights?.destroy();
    this.dotWeights?.destroy();
    this.mmaWeights?.destroy();
    this.scaleBuf?.destroy();
    this.biasBuf?.destroy();
    // the tile layout is always bound (a 16-byte stand-in where only dot or mma variants remain)
    this.weights = upload(dev, fams.tile ? packWeights(s, quantized) : new Uint32Array(4));
    this.dotWeights = fams.dot ? upload(dev, packDotWeights(s, quantized as Uint8Array)) : undefined;
    this.mmaWeights = fams.mma ? upload(dev, packMmaWeights(s, quantized as Uint8Array)) : undefined;
    this.scaleBuf = upload(dev, so);
    this.biasBuf = upload(dev, b);
  }

  /** Which weight layouts the variant in use, or the candidates still open, read. */
  private familiesNeeded(): { tile: boolean; dot: boolean; mma: boolean } {
    let vs: Variant[];
    const hit = this.cachedChoice();
    if (this.choice) vs = [this.choice.variant];
    else if (hit) vs = [hit[0]];
    else if (this.forced) vs = [this.forced];
    else if (this.rt.tuning === 'none') vs = [this.defaultCandidate()[0]];
    else vs = this.candidates(this.rt.tuning).map(([v]) => v);
    // the pre-pass families read their own layouts only
    return {
      tile: vs.some((v) => !prepass(v, this.shape)),
      dot: vs.some((v) => v.family === 'dot'),
      mma: vs.some((v) => v.family === 'mma'),
    };
  }

  /** Chooses the variant and work-group size (timing candidates unless tuning is 'none'); runs once. */
  tune(): Promise<string> {
    this.alive();
    check(this.weights, 'FILTER_NOT_SET', 'weights', 'call setWeights before tune/run');
    if (!this.tuning) this.tuning = this.choose();
    return this.tuning.then((c) => c.variant.name);
  }

  /** Runs on a Float32Array (NCHW) and returns a Float32Array, or on a STORAGE GPUBuffer and returns a new GPUBuffer. */
  async run(input: Float32Array | GPUBuffer): Promise<Float32Array | GPUBuffer> {
    this.alive();
    const s = this.shape;
    const sz = hostSizes(s);
    check(this.weights, 'FILTER_NOT_SET', 'weights', 'call setWeights before run');
    const dev = this.rt.device;
    if (input instanceof Float32Array) {
      check(
        input.length === sz.input,
        'BAD_BUFFER',
        'input',
        () => `expected n*ic*ih*iw = ${sz.input} floats, got ${input.length}`,
      );
      const io = this.hostIo();
      const choice = await this.tuneChoice();
      dev.queue.writeBuffer(io.input, 0, input.buffer, input.byteOffset, input.byteLength);
      const enc = dev.createCommandEncoder();
      this.encode(enc, io.input, io.output, choice);
      enc.copyBufferToBuffer(io.output, 0, io.read, 0, sz.output * 4);
      dev.queue.submit([enc.finish()]);
      await io.read.mapAsync(1 /* GPUMapMode.READ */);
      const out = new Float32Array(io.read.getMappedRange().slice(0));
      io.read.unmap();
      return out;
    }
    check(isGpuBuffer(input), 'BAD_BUFFER', 'input', 'must be a Float32Array or a GPUBuffer');
    check((input.usage & STORAGE) !== 0, 'BAD_BUFFER', 'input', 'the GPUBuffer needs STORAGE usage');
    check(
      input.size >= sz.input * 4,
      'BAD_BUFFER',
      'input',
      () => `the GPUBuffer holds ${input.size} bytes, needs ${sz.input * 4}`,
    );
    const choice = await this.tuneChoice();
    const out = dev.createBuffer({ size: sz.output * 4, usage: STORAGE | 0x4 /* COPY_SRC */ | 0x8 /* COPY_DST */ });
    const enc = dev.createCommandEncoder();
    this.encode(enc, input, out, choice);
    dev.queue.submit([enc.finish()]);
    return out;
  }

  /**
   * Low-level: the dispatch that computes `output` from `input` with the chosen variant (tune first). For
   * benchmarks and for callers that chain work on the GPU. Both buffers must hold the NCHW tensors.
   */
  async dispatchFor(
    input: GPUBuffer,
    output: GPUBuffer,
    offsets: { input?: number; output?: number } = {},
  ): Promise<Dispatch & { variant: string; wg: Wg }> {
    this.alive();
    check(this.weights, 'FILTER_NOT_SET', 'weights', 'call setWeights before dispatchFor');
    const c = await this.tuneChoice();
    return {
      ...this.makeDispatch(input, output, c, offsets.input ?? 0, offsets.output ?? 0),
      variant: c.variant.name,
      wg: c.wg,
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.weights?.destroy();
    this.dotWeights?.destroy();
    this.mmaWeights?.destroy();
    this.scaleBuf?.destroy();
    this.biasBuf?.destroy();
    this.io?.input.destroy();
    this.io?.output.destroy();
    this.io?.read.destroy();
    this.partial?.destroy();
  }

  // ---- internals ----

  private alive(): void {
    check(!this.disposed, 'DISPOSED', 'conv', 'this convolution was disposed');
  }

  private key(): string {
    return tuneKey(this.shape) + (this.forced ? `|${this.forced.name}` : '');
  }

  private candidates(level: 'fast' | 'full'): [Variant, Wg][] {
    const list = this.forced ? [this.forced] : VARIANTS.filter((v) => v.paths.includes(this.shape.path));
    const out: [Variant, Wg][] = [];
    for (const v of list)
      for (const wg of wgCandidates(v, level)) if (usable(v, this.shape, wg, this.rt.caps)) out.push([v, wg]);
    return out;
  }

  private defaultCandidate(): [Variant, Wg] {
    const all = this.candidates('full');
    const pref = this.forced ?? findVariant(preferred(this.shape, this.rt.caps))!;
    return all.find(([v]) => v === pref) ?? all[0];
  }

  /** The tuning cache's entry for this convolution, where it names a variant (the forced one, if any) that can run. */
  private cachedChoice(): [Variant, Wg] | undefined {
    const hit = this.rt.cached(this.key());
    const v = hit ? findVariant(hit.variant) : undefined;
    if (!v || (this.forced && v !== this.forced) || !usable(v, this.shape, hit!.wg, this.rt.caps)) return undefined;
    return [v, hit!.wg];
  }

  private tuneChoice(): Promise<Choice> {
    if (!this.tuning) this.tuning = this.choose();
    return this.tuning;
  }

  private async choose(): Promise<Choice> {
    const rt = this.rt;
    const key = this.key();
    const hit = this.cachedChoice();
    if (hit) {
      const [v, wg] = hit;
      this.choice = { variant: v, wg, ...(await rt.programs(this.shape, v, wg)) };
      return this.choice;
    }
    let cands: [Variant, Wg][];
    if (rt.tuning === 'none') cands = [this.defaultCandidate()];
    else cands = this.candidates(rt.tuning);
    const pipes = await Promise.all(cands.map(([v, wg]) => rt.programs(this.shape, v, wg)));
    let best = 0;
    let bestUs = 0;
    this.tuneLog = [];
    if (cands.length > 1) {
      // time on scratch buffers filled with non-zero data (zeros can run faster than real data)
      const sz = hostSizes(this.shape);
      const dev = rt.device;
      const inp = upload(dev, pattern(sz.input));
      const out = dev.createBuffer({ size: sz.output * 4, usage: STORAGE });
      bestUs = Infinity;
      await heat(
        dev,
        this.makeDispatch(inp, out, { variant: cands[0][0], wg: cands[0][1], ...pipes[0] }),
        rt.tuneWarmupMs,
      );
      for (let i = 0; i < cands.length; i++) {
        const [v, wg] = cands[i];
        const d = this.makeDispatch(inp, out, { variant: v, wg, ...pipes[i] });
        // a tenth of the warm-up (at most 20 ms) on this candidate first: the host's read-back between candidates
        // leaves the GPU idle, and on the H200 a whole sweep (every candidate of a 1x1 shape) once ran 3-4x slow
        if (i > 0) await heat(dev, d, Math.min(rt.tuneWarmupMs / 10, 20), 1);
        const t = median((await timeDispatch(dev, d, rt.tuneReps)).us);
        this.tuneLog.push({ variant: v.name, wg, us: t });
        if (t < bestUs) {
          bestUs = t;
          best = i;
        } // strictly faster wins; ties keep the earlier candidate
      }
      inp.destroy();
      out.destroy();
    }
    const [v, wg] = cands[best];
    rt.remember(key, { variant: v.name, wg, us: Number.isFinite(bestUs) ? bestUs : 0 });
    this.choice = { variant: v, wg, ...pipes[best] };
    // the layouts the choice does not read are freed (the tile one shrinks to its 16-byte stand-in)
    if (prepass(v, this.shape) && this.weights && this.weights.size > 16) {
      this.weights.destroy();
      this.weights = upload(this.rt.device, new Uint32Array(4));
    }
    if (v.family !== 'dot' && this.dotWeights) {
      this.dotWeights.destroy();
      this.dotWeights = undefined;
    }
    if (v.family !== 'mma' && this.mmaWeights) {
      this.mmaWeights.destroy();
      this.mmaWeights = undefined;
    }
    return this.choice;
  }

  /**
   * The dispatch of choice `c`. A K-sliced variant (z > 1 work-groups along K) writes z partial copies of the
   * output to the workspace, and a second dispatch in the same pass adds them with bias and activation. A dot
   * variant's pre-pass writes the input digits to the workspace, and the kernel follows in the same pass.
   */
  private makeDispatch(input: GPUBuffer, output: GPUBuffer, c: Choice, inOff = 0, outOff = 0): Dispatch {
    const sz = hostSizes(this.shape);
    const dev = this.rt.device;
    const wbuf =
      c.variant.family === 'dot' ? this.dotWeights! : c.variant.family === 'mma' ? this.mmaWeights! : this.weights!;
    const bind = (b0: GPUBufferBinding, b4: GPUBufferBinding) =>
      dev.createBindGroup({
        layout: this.rt.layout,
        entries: [
          { binding: 0, resource: b0 },
          { binding: 1, resource: { buffer: wbuf } },
          { binding: 2, resource: { buffer: this.scaleBuf! } },
          { binding: 3, resource: { buffer: this.biasBuf! } },
          { binding: 4, resource: b4 },
        ],
      });
    const [x, y, z] = dispatchSize(c.variant, this.shape, c.wg);
    const inB = { buffer: input, offset: inOff, size: sz.input * 4 };
    const outB = { buffer: output, offset: outOff, size: sz.output * 4 };
    const pre = prepass(c.variant, this.shape);
    if (pre) {
      // pre-pass: input -> digits in the workspace; then the kernel: digits -> output
      const xdBytes = pre.words * 4;
      const xdB = { buffer: this.workspace(xdBytes), offset: 0, size: xdBytes };
      return {
        pipeline: c.prep!,
        bindGroup: bind(inB, xdB),
        groups: pre.groups,
        next: { pipeline: c.pipeline, bindGroup: bind(xdB, outB), groups: [x, y] },
      };
    }
    if (z === 1) return { pipeline: c.pipeline, bindGroup: bind(inB, outB), groups: [x, y] };
    const bytes = z * sz.output * 4;
    const pB = { buffer: this.workspace(bytes), offset: 0, size: bytes };
    return {
      pipeline: c.pipeline,
      bindGroup: bind(inB, pB),
      groups: [x, y, z],
      next: { pipeline: c.reduce!, bindGroup: bind(pB, outB), groups: reduceDispatchSize(this.shape, this.rt.caps) },
    };
  }

  /** The workspace (K slices' partial sums, dot variants' input digits), grown to `bytes` when needed. */
  private workspace(bytes: number): GPUBuffer {
    if (!this.partial || this.partial.size < bytes) {
      this.partial?.destroy();
      this.partial = this.rt.device.createBuffer({ size: bytes, usage: STORAGE });
    }
    return this.partial;
  }

  private encode(enc: GPUCommandEncoder, input: GPUBuffer, output: GPUBuffer, c: Choice): void {
    const pass = enc.beginComputePass();
    encodeDispatch(pass, this.makeDispatch(input, output, c));
    pass.end();
  }

  private hostIo() {
    if (!this.io) {
      const sz = hostSizes(this.shape);
      const dev = this.rt.device;
      this.io = {
        input: dev.createBuffer({ size: sz.input * 4, usage: STORAGE | 0x8 }),
        output: dev.createBuffer({ size: sz.output * 4, usage: STORAGE | 0x4 }),
        read: dev.createBuffer({ size: sz.output * 4, usage: 0x1 /* MAP_READ */ | 0x8 }),
      };
    }
    return this.io;
  }
}

function isGpuBuffer(x: unknown): x is GPUBuffer {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof (x as GPUBuffer).usage === 'number' &&
    typeof (x as GPUBuffer).size === 'number' &&
    typeof (x as GPUBuffer).mapAsync === 'function'
  );
}

/** Creates a STORAGE buffer holding `data` (size rounded up to 4 bytes, at least 16). */
export function upload(dev: GPUDevice, data: Float32Array | Uint32Array): GPUBuffer {
  const size = Math.max(16, Math.ceil(data.byteLength / 4) * 4);
  const buf = dev.createBuffer({ size, usage: STORAGE | 0x8 | 0x4, mappedAtCreation: true });
  new Uint8Array(buf.getMappedRange()).set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  buf.unmap();
  return buf;
}

/** Deterministic non-zero data in [-1, 1) for timing runs. */
function pattern(n: number): Float32Array {
  const a = new Float32Array(n);
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    a[i] = (x >>> 8) / 8388608 - 1;
  }
  return a;
}

/**
 * The entries of a tuning cache (its JSON string or the parsed object), checked: version 1, and every entry a known
 * variant with a work-group size of two positive integers. Pure: createGpuRuntime runs it before asking for a device.
 */
export function parseTuningCache(json: unknown): Map<string, TuningEntry> {
  let obj: unknown = json;
  if (typeof json === 'string') {
    try {
      obj = JSON.parse(json);
    } catch {
      throw new I8ConvError('BAD_TUNING_CACHE', 'tuningCache: not valid JSON', 'tuningCache');
    }
  }
  const o = obj as Partial<TuningCacheJson> | null;
  check(
    o !== null && typeof o === 'object' && o.version === 1 && typeof o.entries === 'object' && o.entries !== null,
    'BAD_TUNING_CACHE',
    'tuningCache',
    'expected {version: 1, entries} as gpu.tuningCache() writes it',
  );
  const out = new Map<string, TuningEntry>();
  for (const [k, e] of Object.entries(o.entries as Record<string, Partial<TuningEntry> | null>)) {
    const wg = e?.wg as unknown;
    check(
      e !== null &&
        typeof e === 'object' &&
        typeof e.variant === 'string' &&
        findVariant(e.variant) !== undefined &&
        Array.isArray(wg) &&
        wg.length === 2 &&
        wg.every((x) => Number.isInteger(x) && x > 0),
      'BAD_TUNING_CACHE',
      'tuningCache',
      () => `entry ${k} is malformed (want { variant: a known variant name, wg: [x, y], us })`,
    );
    out.set(k, { variant: e.variant!, wg: [wg[0], wg[1]], us: Number(e.us) || 0 });
  }
  return out;
}

/**
 * Every option is checked before a GPU adapter or device is requested or the given device is touched: a bad call
 * leaves nothing behind.
 */
export async function createGpuRuntime(opts: GpuRuntimeOptions = {}): Promise<GpuRuntime> {
  check(opts !== null && typeof opts === 'object', 'INVALID_PARAM', 'options', 'must be an object');
  const tuning = opts.tuning ?? 'fast';
  check(
    tuning === 'none' || tuning === 'fast' || tuning === 'full',
    'INVALID_PARAM',
    'tuning',
    () => `must be 'none', 'fast' or 'full', got ${String(tuning)}`,
  );
  const { tuneWarmupMs, tuneReps } = opts;
  check(
    tuneWarmupMs === undefined ||
      (typeof tuneWarmupMs === 'number' && Number.isFinite(tuneWarmupMs) && tuneWarmupMs >= 0),
    'INVALID_PARAM',
    'tuneWarmupMs',
    () => `must be a non-negative number, got ${String(tuneWarmupMs)}`,
  );
  check(
    tuneReps === undefined || (Number.isInteger(tuneReps) && tuneReps > 0),
    'INVALID_PARAM',
    'tuneReps',
    () => `must be a positive integer, got ${String(tuneReps)}`,
  );
  check(
    opts.device === undefined || (typeof opts.device === 'object' && opts.device !== null),
    'INVALID_PARAM',
    'device',
    'must be a GPUDevice when given',
  );
  const cache = opts.tuningCache === undefined ? undefined : parseTuningCache(opts.tuningCache);
  let device = opts.device;
  if (!device) {
    const gpu = (globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu;
    check(gpu, 'NO_ADAPTER', 'device', 'no device given and navigator.gpu is not available');
    const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
    check(adapter, 'NO_ADAPTER', 'device', 'navigator.gpu.requestAdapter() returned no adapter');
    device = await adapter.requestDevice({
      requiredFeatures: wantedFeatures(adapter) as GPUFeatureName[],
      requiredLimits: {
        maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
        maxBufferSize: adapter.limits.maxBufferSize,
      },
    });
  }
  const rt = new GpuRuntime(device, tuning);
  await rt.probeSubgroupMatrix();
  if (tuneWarmupMs !== undefined) rt.tuneWarmupMs = tuneWarmupMs;
  if (tuneReps !== undefined) rt.tuneReps = tuneReps;
  if (cache) for (const [k, e] of cache) rt.remember(k, e);
  return rt;
}
