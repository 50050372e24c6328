/**
 * QLinearMatMul with a computed B (attention's products) on the wasm kernels of assembly/model/qmatmul.ts, the same
 * bytes as the TypeScript operator (../host/quant.ts, qlinearMatMulHost), whose checks and plan (batch offsets, per
 * column scales and zero points) it shares: per run each batch's A - az and B - bzp (transposed) packed as int16 rows
 * into the model's scratch (one task per batch), then the rows of Y in tasks of whole rows, four columns at a time,
 * the integer sums by i32x4.dot_i16x8_s (exact: the same int32 as any order), requantized as the operator does.
 */
import type { HostOpNode, HostValueInfo } from '../types.js';
import { qlinearMatMulPlan } from '../host/quant.js';
import { HeapKernel, type Prepared } from '../wasm-float/kernels.js';
import { QSOFTMAX_CTX as K } from './qsoftmax-ctx.generated.js';

const SRC = { base: 'src' } as const;
// the second pointer of a kernel step (its input `second`) travels as the slices base
const SECOND = { base: 'slices' } as const;
const NONE = { base: 'none' } as const;
const DST = { base: 'dst' } as const;

/** Products of Y per task (about). */
const TASK_MACS = 1 << 18;

export function prepareQMatMul(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
): Prepared | null {
  if (!inputs[3] || inputs[3].constant) return null; // a constant B: the convolution rule
  const plan = qlinearMatMulPlan(node, inputs, outputs);
  const { M, K: k, N, nb, aOff, bOff, az, bzp, scale, z, lo, hi } = plan;
  if (M * N * nb === 0 || k === 0) return null;
  const kp = Math.ceil(k / 8) * 8;
  const n4 = Math.ceil(N / 4) * 4;
  const bytes = nb * (M + n4) * kp * 2;
  if (bytes > 256 * 2 ** 20) return null;
  return (core) => {
    const kn = new HeapKernel('qmatmul-simd', core, K.QM_CTX_BYTES);
    const sc = new Float32Array(n4);
    sc.set(scale);
    const rpt = Math.max(1, Math.min(M, Math.floor(TASK_MACS / Math.max(1, N * kp))));
    for (const [f, v] of [
      [K.QM_M, M],
      [K.QM_K, k],
      [K.QM_N, N],
      [K.QM_NB, nb],
      [K.QM_KP, kp],
      [K.QM_N4, n4],
      [K.QM_ASIGNED, inputs[0]!.type === 'int8' ? 1 : 0],
      [K.QM_BSIGNED, inputs[3]!.type === 'int8' ? 1 : 0],
      [K.QM_AZ, az],
      [K.QM_YZ, z],
      [K.QM_YSIGNED, outputs[0].type === 'int8' ? 1 : 0],
      [K.QM_SCALE, kn.put(sc)],
      [K.QM_BZP, kn.put(Int32Array.from(bzp))],
      [K.QM_AOFF, kn.put(Int32Array.from(aOff))],
      [K.QM_BOFF, kn.put(Int32Array.from(bOff))],
      [K.QM_ROWS_PER_TASK, rpt],
    ])
      kn.i32(f, v);
    const f32 = core.f32();
    f32[(kn.ctx + K.QM_LOZ) >> 2] = lo - z;
    f32[(kn.ctx + K.QM_HIZ) >> 2] = hi - z;
    kn.second = 3;
    kn.scratchBytes = bytes;
    kn.scratchField = K.QM_PACK;
    kn.dispatch = [
      { fn: 'qmatmulPackTask', range: [nb], args: [SRC, SECOND, NONE] },
      { fn: 'qmatmulTask', range: [nb, Math.ceil(M / rpt)], args: [NONE, NONE, DST] },
    ];
    return kn;
  };
}
