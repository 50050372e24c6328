/**
 * WASM_NAIVE: the scalar last resort (MegEngine's FALLBACK_NAIVE, in wasm): any shape, any layout, one
 * multiply-add at a time, then the shared finish stage. Never preferred; the heuristic reaches it only when no
 * other algorithm can run a shape (none such today: im2col takes every shape), and tests force it by name.
 * Kernel: assembly/naive/task.ts.
 */
import type { ConvShape } from '../params.js';
import { WorkspaceBundle } from '../workspace.js';
import { pickSingleKernel } from './isa.js';
import { NAIVE_KERNELS } from './kernel-table.generated.js';
import type { AlgoPlan, ConvAlgorithm, PlanOptions } from './types.js';

function makePlan(s: ConvShape, { threads, kernel, isa }: PlanOptions): AlgoPlan {
  const k = pickSingleKernel(NAIVE_KERNELS, isa, 'naive', () => true, kernel);
  const perThreadBytes = Math.ceil((s.oh * s.ow) / 4) * 16;
  return {
    workspace: new WorkspaceBundle([s.filterLength, perThreadBytes * threads]),
    perThreadBytes,
    ocpgPad: Math.ceil(s.ocpg / 4) * 4,
    packedFilterBytes: s.filterLength,
    kernelNames: [k.name],
    ctxFields: {},
    packFilter(oihw: Int8Array, out: Uint8Array): Int32Array | null {
      out.set(new Uint8Array(oihw.buffer, oihw.byteOffset, oihw.length));
      return null;
    },
    kernels: [
      {
        fn: k.fn,
        range: [s.n, s.oc, 1],
        args: [{ base: 'src' }, { base: 'dst' }, { base: 'slices', perThread: perThreadBytes }],
      },
    ],
  };
}

export const naive: ConvAlgorithm = {
  name: 'WASM_NAIVE',
  formats: ['NCHW44', 'NCHW', 'NCHW_NCHW44'],
  usable: () => null,
  isPreferred: () => false,
  plan: makePlan,
};
