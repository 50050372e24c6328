// Production entry of the wasm module (the four shipped builds: SIMD128 and relaxed, each also threaded): re-exports
// every kernel family. The module allocates nothing: the host owns the linear memory above __heap_base (see
// src/heap.ts) and passes raw byte offsets to the kernels. Built with I8CONV_LAB=0 (tools/build-wasm.mjs), so the
// kernels that run only when forced by name (the 'lab' rows of src/algos/kernel-table.generated.ts) are left out;
// assembly/lab.ts is the entry of the lab build, which has them and the benchmark's ceiling loops.

export * from './relayout/index';
export { convNchw44DotTask, nchwToNchw44 } from './conv-nchw44-dot/task';
export { convNchw44DotRow } from './conv-nchw44-dot/generated';
export { convGemmTask } from './gemm/task';
export { convWinogradTask } from './winograd/task';
export { chanwiseTask } from './chanwise/task';
export { firstPairsTask } from './conv-first/task';
export { nchwDotPad, nchwDotConv } from './conv-nchw-dot/task';
export { naiveConvTask } from './naive/task';
export { quantizeTask, dequantizeTask, qlinearBinaryTask, gateTableTask } from './model/elementwise';
export { lutTask, concatRowsTask, channelTableTask } from './model/lut';
export { requantTask } from './model/requant';
export { dqlRangeTask, dqlQuantizeTask } from './model/dynamic-quant';
export { windowChannelSumTask, windowBoxSumTask } from './model/window-sum';
export { maxPoolTask, qAvgPoolTask, qGlobalAvgPoolTask } from './model/spatial-pool';
export { poolF32Task, globalPoolF32Task } from './model/spatial-pool-f32';
export { resizeTask } from './model/spatial-resize';
export { resizeF32Task } from './model/spatial-resize-f32';
export { transposeTask } from './model/spatial-transpose';
export { relayout44Task } from './model/spatial-relayout';
export {
  convTransposeTask, convIm2colTask, convF32Task, convChunkTask, convPiecesTask, channelAffineTask, reluF32Task, softmaxTask, softmaxStridedTask, layerNormTask,
  instanceNormTask, reduceRowsTask, reduceColsTask,
} from './model/host-float';
export { regionTask } from './model/region';
export { qsoftmaxTask, qsoftmaxStridedTask } from './model/qsoftmax';
export { qmatmulPackTask, qmatmulTask } from './model/qmatmul';
export { qaddFormScan } from './model/qadd-form';
export { gemmF32Task, matmulPackTask, matmulF32Task } from './model/gemm-f32';
export { gruF32Task, lstmF32Task } from './model/lstm-f32';

/** First byte the host may use for its own allocations. */
export function heapBase(): usize {
  return __heap_base;
}
