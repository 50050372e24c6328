/**
 * Nodes run by the wasm kernels of src/model/kernels/ (element-wise, pooling, resize, transpose, concat, relayout).
 */
import type { Node } from '../ir.js';
import type { Lowering, PlannedValue } from '../plan.js';
import type { BuildEnv, LoweredNode, StepImpl } from '../step.js';

export function lowerKernelOp(node: Node, name: string, values: Map<string, PlannedValue>): LoweredNode | undefined {
  void node; void name; void values;
  return undefined;
}

/** NCHW <-> NCHW44 of a 4-D value (any element size). */
export function buildRelayout(env: BuildEnv, step: Lowering): StepImpl {
  const src = env.values.get(step.inputs[0])!;
  const to = step.layout ?? 'NCHW';
  const [n, c, h, w] = src.dims.length === 4 ? src.dims : [src.dims[0], src.dims[1], 1, src.dims.slice(2).reduce((a, b) => a * b, 1)];
  const es = src.bytes / Math.max(1, src.dims.reduce((a, b) => a * b, 1));
  const hw = h * w;
  return {
    algorithm: 'relayout-js',
    bytes: 0,
    scratchBytes: 0,
    macs: 0,
    run(p) {
      const u8 = new Uint8Array(env.core.memory.buffer);
      const from = p.inputs[0], dst = p.outputs[0];
      for (let b = 0; b < n; b++) {
        for (let ch = 0; ch < c; ch++) {
          const plane = ((b * c + ch) * hw) * es;
          const blk = ((b * (c >> 2) + (ch >> 2)) * hw * 4 + (ch & 3)) * es;
          for (let i = 0; i < hw; i++) {
            const a = plane + i * es, q = blk + i * 4 * es;
            for (let e = 0; e < es; e++) {
              if (to === 'NCHW44') u8[dst + q + e] = u8[from + a + e];
              else u8[dst + a + e] = u8[from + q + e];
            }
          }
        }
      }
    },
    dispose() {},
  };
}
