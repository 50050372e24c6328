/**
 * i8conv public API.
 *   const rt = await createRuntime();  rt.convBias(params) -> setFilter / setBias / exec
 *   rt.relayout*(mode, ...)            relayout-format modes
 *   createGpuRuntime()                 WebGPU weight-only int4/int8 convolution
 */
import { instantiateCore, type RuntimeOptions, type WasmRuntimeCore } from './runtime.js';
import * as relayoutApi from './relayout/api.js';
import type { RelayoutOptions } from './relayout/api.js';
import type { Features } from './features.js';
import { ConvBias, type ConvOptions } from './conv.js';
import type { ConvBiasParams } from './params.js';
import { algorithmNames, selectAlgorithm } from './algos/pack.js';

export { I8ConvError } from './errors.js';
export { createGpuRuntime } from './gpu/index.js';
export type { Features } from './features.js';
export type { RuntimeOptions, WasmBuild } from './runtime.js';
export type { RelayoutOptions } from './relayout/api.js';
export type { ConvBiasParams, ConvShape, ConvFormat, BiasMode, Nonlinearity, Rounding, SrcType, DstType, Selection } from './params.js';
export { ConvBias, type FilterLayout, type ConvOptions, type SrcArray, type DstArray } from './conv.js';
export { KERNELS, GEMM_KERNELS, type KernelVariant, type GemmKernelVariant } from './algos/kernel-table.generated.js';
export { quantizeFilter, quantize, dequantize, type QuantizedFilter } from './quant.js';
export { algorithmNames };

export class Runtime {
  /** @internal */
  readonly core: WasmRuntimeCore;
  constructor(core: WasmRuntimeCore) {
    this.core = core;
  }
  get features(): Features {
    return this.core.features;
  }

  /** Plans a ConvBias operator (validates, selects the algorithm, allocates its wasm memory). */
  convBias(params: ConvBiasParams, opts?: ConvOptions): ConvBias {
    return new ConvBias(this.core, params, opts ?? {}, (s) => selectAlgorithm(s));
  }

  relayoutShape(mode: string, srcShape: readonly number[], opts?: RelayoutOptions): number[] {
    return relayoutApi.relayoutShape(mode, srcShape, opts);
  }
  relayoutWorkspace(mode: string, srcShape: readonly number[], opts?: RelayoutOptions): number {
    return relayoutApi.relayoutWorkspace(mode, srcShape, opts);
  }
  relayout(mode: string, src: ArrayBufferView, srcShape: readonly number[], opts?: RelayoutOptions) {
    return relayoutApi.relayout(this.core, mode, src, srcShape, opts);
  }
  relayoutInto(mode: string, src: ArrayBufferView, srcShape: readonly number[], dst: ArrayBufferView, opts?: RelayoutOptions): void {
    relayoutApi.relayoutInto(this.core, mode, src, srcShape, dst, opts);
  }
}

export async function createRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  return new Runtime(await instantiateCore(opts));
}
