/**
 * com.microsoft QLinearSoftmax on the wasm kernel of assembly/model/qsoftmax.ts: rows of contiguous 8-bit values (the
 * axis innermost, or opset < 13's flattened rows), the same bits as the TypeScript operator (../host/quant.ts,
 * qlinearSoftmaxHost), whose checks and tables (onnxruntime's exp table and its scaled copy, made at load) it shares.
 * Tasks of whole rows on the pool's threads; rows along a strided axis (opset 13+, the axis not innermost) four
 * neighbouring rows a SIMD step (qsoftmaxStridedTask), tasks of groups of 4 rows.
 */
import type { HostOpNode, HostValueInfo } from '../types.js';
import { qlinearSoftmaxPlan } from '../host/quant.js';
import { HOST_FLOAT_GRAIN, HeapKernel, type Prepared } from '../wasm-float/kernels.js';
import { QSOFTMAX_CTX as K } from './qsoftmax-ctx.generated.js';

const SRC = { base: 'src' } as const;
const NONE = { base: 'none' } as const;
const DST = { base: 'dst' } as const;

export function prepareQSoftmax(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
): Prepared | null {
  const plan = qlinearSoftmaxPlan(node, inputs, outputs);
  if (!plan) return null;
  const { outer, len, inner, signed, yZp, e, p } = plan;
  const strided = inner !== 1;
  return (core) => {
    const k = new HeapKernel(strided ? 'qsoftmax-strided-simd' : 'qsoftmax-simd', core, K.QS_CTX_BYTES);
    // contiguous: rows per task; strided: groups of 4 rows per task
    const rpt = Math.max(strided ? 1 : 4, Math.floor(HOST_FLOAT_GRAIN / (len * (strided ? 4 : 1))));
    const units = strided ? outer * Math.ceil(inner / 4) : outer;
    for (const [f, v] of [
      [K.QS_ROWS, outer],
      [K.QS_LEN, len],
      [K.QS_ROWS_PER_TASK, rpt],
      [K.QS_SIGNED, signed ? 1 : 0],
      [K.QS_YZP, yZp],
      [K.QS_E, k.put(e)],
      [K.QS_P, k.put(p)],
      [K.QS_INNER, inner],
    ])
      k.i32(f, v);
    k.dispatch = [
      { fn: strided ? 'qsoftmaxStridedTask' : 'qsoftmaxTask', range: [Math.ceil(units / rpt)], args: [SRC, NONE, DST] },
    ];
    return k;
  };
}
