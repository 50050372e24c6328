// Entry of the wasm module: re-exports every kernel family. The module allocates nothing: the host owns the
// linear memory above __heap_base (see src/heap.ts) and passes raw byte offsets to the kernels.

/** First byte the host may use for its own allocations. */
export function heapBase(): usize {
  return __heap_base;
}

export * from './bench/ceiling';
export * from './relayout/index';
export { convNchw44DotTask, nchwToNchw44 } from './conv-nchw44-dot/task';
export { convNchw44DotRow } from './conv-nchw44-dot/generated';
export { convGemmTask } from './gemm/task';
export { chanwiseTask } from './chanwise/task';
export { nchwDotPad, nchwDotConv } from './conv-nchw-dot/task';
export { naiveConvTask } from './naive/task';
