/**
 * i8conv public API.
 *   const rt = await createRuntime();  rt.convBias(params) -> setFilter / setBias / exec
 *   rt.relayout*(mode, ...)            relayout-format modes
 *   createGpuRuntime()                 WebGPU weight-only int4/int8 convolution
 */
import {
  instantiateCore,
  resolveRuntimeOptions,
  type RuntimeOptions,
  type Threading,
  type WasmRuntimeCore,
} from './runtime.js';
import * as relayoutApi from './relayout/api.js';
import type { RelayoutOptions } from './relayout/api.js';
import type { Features } from './features.js';
import { ConvBias, resolvePlanSettings, type ConvOptions } from './conv.js';
import { normalizeConvParams, type ConvBiasParams } from './params.js';
import { ALGORITHMS, algorithmNames, heuristicAlgorithm } from './algos/pack.js';
import { Selector, fitsWithin, type SelectionCacheJson } from './selection.js';
import { check, type ErrorCode } from './errors.js';
import type { LoadModelOptions } from './model/load.js';
import type { Model } from './model/executor/model.js';
import type { ModelSource } from './model/source.js';

export { I8ConvError, ERROR_CODES, type ErrorCode } from './errors.js';
export { createGpuRuntime } from './gpu/index.js';
export type {
  GpuRuntime,
  GpuRuntimeOptions,
  LowMemoryConv,
  LowMemoryConvParams,
  TuningLevel,
  TuningCacheJson,
} from './gpu/index.js';
export type { Features } from './features.js';
export type { RuntimeOptions, WasmBuild, Threading } from './runtime.js';
export type { RelayoutOptions } from './relayout/api.js';
export type {
  ConvBiasParams,
  ConvShape,
  ConvFormat,
  BiasMode,
  Nonlinearity,
  Rounding,
  SrcType,
  DstType,
  Selection,
} from './params.js';
export { ConvBias, type FilterLayout, type ConvOptions, type SrcArray, type DstArray } from './conv.js';
export {
  KERNELS,
  GEMM_KERNELS,
  CHANWISE_KERNELS,
  NCHW_DOT_KERNELS,
  NAIVE_KERNELS,
  FIRST_PAIRS_KERNELS,
  WINOGRAD_KERNELS,
  type KernelVariant,
  type GemmKernelVariant,
  type ChanwiseKernelVariant,
  type NchwDotKernelVariant,
  type NaiveKernelVariant,
  type FirstPairsKernelVariant,
  type WinogradKernelVariant,
} from './algos/kernel-table.generated.js';
export { quantizeFilter, quantize, dequantize, type QuantizedFilter } from './quant.js';
export { algorithmNames };
export type { LoadModelOptions } from './model/load.js';
export type {
  Model,
  ModelIO,
  ModelNode,
  ModelArray,
  ModelFeed,
  ModelTensorType,
  Tensor,
  ProfileEntry,
  RunOptions,
} from './model/executor/model.js';
export type {
  ModelSource,
  LoadProgress,
  ResponseLike,
  BlobLike,
  ReadableStreamLike,
  StreamReaderLike,
  UrlLike,
} from './model/source.js';
// image files to model inputs (also exported by 'i8conv/quantize'); the JPEG decoder is imported on first use
export { decodeImage, imageToTensor, type RgbaImage, type ImageTensorOptions } from './image/index.js';
export type { SelectionCacheJson } from './selection.js';

/** One row of rt.algorithms(params): what an algorithm says about a shape. */
export interface AlgorithmInfo {
  name: string;
  /** true, or why not (the typed error it would raise when forced) */
  usable: true | { code: ErrorCode; param: string; message: string };
  preferred: boolean;
  /** workspace the plan needs (bytes), null when not usable */
  workspaceBytes: number | null;
  /** the one the heuristic picks */
  heuristic: boolean;
}

export class Runtime {
  /** @internal */
  readonly core: WasmRuntimeCore;
  /** @internal */
  readonly selector: Selector;
  constructor(core: WasmRuntimeCore, opts: RuntimeOptions = {}) {
    const o = resolveRuntimeOptions(opts);
    this.core = core;
    this.selector = new Selector(o.selection, core.build, (p, c) => this.convBias(p, c), o.selectionCache);
  }
  get features(): Features {
    return this.core.features;
  }
  /** Threads a convolution runs on (1 when threading is off). */
  get threads(): number {
    return this.core.threads;
  }
  /** Whether threads run, and why not when they do not ('threads: 1 requested', 'not cross-origin isolated', ...). */
  get threading(): Threading {
    return this.core.threading;
  }
  /**
   * Bytes of WebAssembly memory the runtime holds: its instance's linear memory (and, with threads, its
   * single-thread companion's). A wasm memory grows and never shrinks, so this is the most the runtime ever needed
   * at once: disposing a model returns its blocks to the runtime (memoryInUse falls) for its next models and
   * operators, not to the page. To give the memory back, dispose the runtime and drop every reference to it and to
   * its models and operators; the memory is then garbage, and a new runtime starts small (docs/model.md).
   */
  get memoryBytes(): number {
    return this.core.memoryBytes;
  }
  /** Of memoryBytes, the bytes held now by the runtime's live models and operators (their blocks and guard bands). */
  get memoryInUse(): number {
    return this.core.memoryInUse;
  }
  /**
   * Ends the runtime's worker threads; its operators and models may not run afterwards. (A Node process exits
   * without it.) Nothing of the library keeps the runtime's wasm memory: once the runtime, its models and operators
   * are unreferenced, the memory is collected.
   */
  dispose(): void {
    this.core.dispose();
  }

  /** Plans a ConvBias operator (validates, selects the algorithm, allocates its wasm memory). */
  convBias(params: ConvBiasParams, opts?: ConvOptions): ConvBias {
    return new ConvBias(this.core, params, opts === undefined ? {} : opts, (p, s, plan, o) =>
      this.selector.select(p, s, plan, o),
    );
  }

  /**
   * Loads an ONNX model (QDQ or QOperator int8, with float plumbing around it) or a TFLite int8 model: reads, checks
   * and plans it once (layouts, one arena, weights packed), ready to run (docs/model.md). `source`: the bytes, or a URL
   * (string or URL: fetched; a file: URL or a path is read from the file system in Node and Deno), a Response, a Blob
   * or a ReadableStream<Uint8Array>, with opts.onProgress as the bytes arrive. Errors: INVALID_PARAM (a source of no
   * such type, a bad option), LOAD_FAILED (a network error, an HTTP error status, a file that cannot be read),
   * BAD_MODEL, UNSUPPORTED_OP (every node that cannot run, at once), BAD_SHAPE, FLOAT_MODEL (onFloatModel: 'error'),
   * TOO_LARGE / OUT_OF_MEMORY; nothing leaks on failure.
   */
  async loadModel(source: ModelSource, opts?: LoadModelOptions): Promise<Model> {
    check(!this.core.disposed, 'DISPOSED', 'runtime', 'the runtime was disposed');
    const [{ loadModel, checkLoadOptions }, { readModelSource }] = await modelChunk();
    const o = checkLoadOptions(opts);
    const bytes = await readModelSource(source, o.onProgress);
    check(!this.core.disposed, 'DISPOSED', 'runtime', 'the runtime was disposed while the model was read');
    return loadModel(this.core, (p, s, plan, sel) => this.selector.select(p, s, plan, sel), bytes, o);
  }

  /** Every algorithm of the pack, in order, with whether it can run `params` (or why not), whether it is
   *  preferred, its workspace (planned as rt.convBias(params, opts) would plan it: the same threads), and which one
   *  the heuristic picks within opts.workspaceLimit. */
  algorithms(params: ConvBiasParams, opts: ConvOptions = {}): AlgorithmInfo[] {
    const s = normalizeConvParams(params);
    const plan = resolvePlanSettings(this.core, s, opts);
    let pick: string | undefined;
    try {
      pick = heuristicAlgorithm(s, fitsWithin(s, plan), plan.workspaceLimit, plan.isa).name;
    } catch {
      pick = undefined;
    }
    return ALGORITHMS.map((a) => {
      const r = a.usable(s);
      return {
        name: a.name,
        usable: r === null ? true : r,
        preferred: r === null && a.isPreferred(s, plan.isa),
        workspaceBytes: r === null ? a.plan(s, plan).workspace.totalBytes : null,
        heuristic: a.name === pick,
      };
    });
  }

  /** The profiled choices so far (pass to createRuntime({ selectionCache }) to reuse them). */
  selectionCache(): SelectionCacheJson {
    return this.selector.toJSON();
  }

  relayoutShape(mode: string, srcShape: readonly number[], opts?: RelayoutOptions): number[] {
    return relayoutApi.relayoutShape(mode, srcShape, opts);
  }
  relayoutWorkspace(mode: string, srcShape: readonly number[], opts?: RelayoutOptions): number {
    return relayoutApi.relayoutWorkspace(mode, srcShape, opts);
  }
  relayout(mode: string, src: ArrayBufferView, srcShape: readonly number[], opts?: RelayoutOptions) {
    return relayoutApi.relayout(this.core.single, mode, src, srcShape, opts);
  }
  relayoutInto(
    mode: string,
    src: ArrayBufferView,
    srcShape: readonly number[],
    dst: ArrayBufferView,
    opts?: RelayoutOptions,
  ): void {
    relayoutApi.relayoutInto(this.core.single, mode, src, srcShape, dst, opts);
  }
}

/** Loads a runtime. Every option is checked before the engine is probed, wasm is loaded or a worker started. */
export async function createRuntime(opts?: RuntimeOptions): Promise<Runtime> {
  resolveRuntimeOptions(opts);
  // in Node and Deno the model runtime's modules are local files: their import (about 50 ms on Node 20) starts now,
  // beside the wasm compilation, instead of inside the first loadModel
  const local = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node !== undefined;
  if (local || 'Deno' in globalThis) modelChunk().catch(() => undefined);
  return new Runtime(await instantiateCore(opts), opts);
}

type ModelChunk = [typeof import('./model/load.js'), typeof import('./model/source.js')];
let modelChunkPromise: Promise<ModelChunk> | undefined;

/**
 * The model runtime, its own chunk: a page that only runs convolutions does not load it (in a browser it is loaded at
 * the first loadModel; in Node and Deno createRuntime starts it). A failed import is tried again at the next call.
 */
function modelChunk(): Promise<ModelChunk> {
  modelChunkPromise ??= Promise.all([import('./model/load.js'), import('./model/source.js')]).catch((e: unknown) => {
    modelChunkPromise = undefined;
    throw e;
  });
  return modelChunkPromise;
}
