// WebGPU weight-only int4/int8 convolution (MNN ConvLowMemoryExecution port). See docs/gpu.md.
export { createGpuRuntime, GpuRuntime, LowMemoryConv, upload } from './runtime.js';
export type { GpuRuntimeOptions, TuningLevel, TuningEntry, TuningCacheJson } from './runtime.js';
export { deriveShape, tuneKey, hostSizes } from './params.js';
export type { LowMemoryConvParams, LowMemoryConvShape, GpuNonlinearity, GpuPath } from './params.js';
export { VARIANTS, variantsForPath, findVariant, preferred, slices } from './variants.js';
export type { Variant, DotVariant } from './variants.js';
export { mnnAlphaToScaleOffset, packWeights } from './pack.js';
export { timeDispatch, timeInPass, median, encodeDispatch, heat, runAndWait } from './timing.js';
export type { Dispatch } from './timing.js';
export { generateWgsl } from './wgsl.js';
