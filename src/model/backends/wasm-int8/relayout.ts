/**
 * Relayout of a 4-D tensor [N, C, H, W] of 1-byte (uint8, int8) or 4-byte (float32, int32) elements between NCHW and
 * NCHW44 ([N][C/4][H][W][4], C % 4 == 0) for the model executor: NCHW44[n][c / 4][p][c % 4] = NCHW[n][c][p], each
 * element's bytes moved as they are. Runs the relayout kernels of assembly/relayout/ (relayout_pack4_b8 /
 * relayout_unpack4_b8, relayout_pack4_b32 / relayout_unpack4_b32, those rt.relayout uses) through the task function
 * relayout44Task (assembly/model/spatial-relayout.ts), one task per group of channel blocks, on the pool's threads.
 *
 * Refused: C % 4 != 0 (I8ConvError 'UNSUPPORTED_OP': the executor keeps such tensors NCHW), another element type
 * ('UNSUPPORTED_OP': the planner's relayout step copies those with a plain loop), from === to ('INVALID_PARAM').
 */
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { Layout, ModelKernel } from '../types.js';
import { BlockKernel, checkTensor4, refuse, splitPlanes, writeCtx } from './spatial-common.js';
import { RELAYOUT_CTX } from './ctx.generated.js';
import type { Lowering, PlannedValue } from '../../lowering/values.js';
import type { BuildEnv, Lower, StepImpl } from '../../executor/step.js';
import { kernelStep } from '../../executor/step.js';
import { THREADED_BYTES } from './lower-common.js';

export interface RelayoutParams {
  node?: string;
  /** the element type (default uint8): 1-byte uint8 / int8 or 4-byte float32 / int32 */
  type?: string;
  /** logical dims [N, C, H, W] */
  dims: readonly number[];
  from: Layout;
  to: Layout;
}

// ctx record of assembly/model/spatial-relayout.ts: field indices, generated from tools/model-ctx.mjs
const C = RELAYOUT_CTX;
const CTX_BYTES = RELAYOUT_CTX.CTX_BYTES;
/** Bytes per element of the types the kernel moves. */
const ELEMENT_BYTES: Record<string, number | undefined> = { uint8: 1, int8: 1, float32: 4, int32: 4 };

/** NCHW <-> NCHW44 (see the header). Input: src; output: dst, the same bytes in the other layout. */
export class Relayout extends BlockKernel implements ModelKernel {
  readonly algorithm: string;
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];
  readonly outDims: number[];

  constructor(core: WasmRuntimeCore, p: RelayoutParams) {
    const op = 'Relayout';
    if (p.from === p.to) refuse(op, p.node, 'to', `from and to are both ${String(p.to)}`, 'INVALID_PARAM');
    const type = p.type ?? 'uint8';
    const es = ELEMENT_BYTES[type];
    if (!es) refuse(op, p.node, 'type', `runs uint8, int8, float32 and int32 tensors only, got ${String(type)}`);
    // the dims and layouts are checked as an 8-bit tensor's (the element size only scales the byte offsets)
    const [n, c, h, w] = checkTensor4(op, p.node, 'uint8', p.from, p.dims);
    checkTensor4(op, p.node, 'uint8', p.to, p.dims);
    if (n * c * h * w * es > 2 ** 31 - 1)
      refuse(op, p.node, 'dims', `a tensor of ${n * c * h * w * es} bytes exceeds 2^31 - 1`, 'TOO_LARGE');
    const split = splitPlanes(c / 4, 1, h * w * 4 * es);
    super(core, op);
    this.outDims = [n, c, h, w];
    this.algorithm = `${p.to === 'NCHW44' ? 'relayout-nchw-nchw44' : 'relayout-nchw44-nchw'}${es === 4 ? '-b32' : ''}`;
    this.ctx = this.blocks.alloc(CTX_BYTES);
    writeCtx(core, this.ctx, {
      [C.TO44]: p.to === 'NCHW44' ? 1 : 0,
      [C.C]: c,
      [C.HW]: h * w,
      [C.BPT]: split.perTask,
      [C.ES]: es,
    });
    this.dispatch = [
      { fn: 'relayout44Task', range: [n, split.groups, 1], args: [{ base: 'src' }, { base: 'dst' }, { base: 'none' }] },
    ];
  }
}

// ---- the planner's relayout steps (the operator table's i8conv Relayout) ------------------------------------------

/**
 * The relayout the layout planner inserts (src/model/lowering/layouts.ts), as a node { i8conv Relayout, attribute
 * `to`: 'NCHW' or 'NCHW44' }: input 0 in the other layout, output 0 in `to`.
 */
export const lowerRelayout: Lower = (node, { name }) => {
  const a = node.attributes.get('to');
  const to: Layout = a?.kind === 'string' && a.value === 'NCHW44' ? 'NCHW44' : 'NCHW';
  return {
    name,
    op: 'Relayout',
    node,
    inputs: [node.inputs[0]],
    outputs: [node.outputs[0]],
    rule: { kind: 'relayout', to },
    layout: to,
    build: buildRelayout,
  };
};

/**
 * NCHW <-> NCHW44 of a value of rank 2 or more (the dims after the channels one plane: a 1-D convolution's [N, C, L]
 * is [N, C, 1, L]): the wasm kernel for 1- and 4-byte elements (uint8, int8, float32, int32), a plain loop otherwise
 * (int64, bool).
 */
export function buildRelayout(env: BuildEnv, step: Lowering): StepImpl {
  const src = env.values.get(step.inputs[0])!;
  const to = step.layout ?? 'NCHW';
  if (ELEMENT_BYTES[src.type] && src.dims.length >= 2) {
    const k = new Relayout(env.core, {
      node: step.name,
      type: src.type,
      dims: asNchw(src.dims),
      from: to === 'NCHW' ? 'NCHW44' : 'NCHW',
      to,
    });
    const impl = kernelStep(env.core, k, { threaded: src.bytes >= THREADED_BYTES });
    return { ...impl, run: (p) => (p.inputs[0] === p.outputs[0] ? undefined : impl.run(p)) };
  }
  return relayoutLoop(env.core, src, to);
}

/** A value's dims as the relayout sees them: [N, C, H, W], the dims after the channels one plane where not 4-D. */
function asNchw(d: readonly number[]): number[] {
  return d.length === 4 ? [...d] : [d[0], d[1], 1, d.slice(2).reduce((a, b) => a * b, 1)];
}

/** The plain loop: any element size, the bytes of each element copied one by one (int64, bool; and a baseline). */
export function relayoutLoop(core: WasmRuntimeCore, src: Pick<PlannedValue, 'dims' | 'bytes'>, to: Layout): StepImpl {
  if (src.dims.length < 2) {
    // no channel axis (a scalar, a vector: a computed scale read by a QLinearMul of an NCHW44 chain): both layouts
    // are the same bytes (the loop below had no [N, C] to walk, and wrote nothing)
    const bytes = src.bytes;
    return {
      algorithm: 'relayout-copy',
      bytes: 0,
      scratchBytes: 0,
      macs: 0,
      run(p) {
        if (p.inputs[0] !== p.outputs[0])
          new Uint8Array(core.memory.buffer).copyWithin(p.outputs[0], p.inputs[0], p.inputs[0] + bytes);
      },
      dispose() {},
    };
  }
  const [n, c, h, w] = asNchw(src.dims);
  const es =
    src.bytes /
    Math.max(
      1,
      src.dims.reduce((a, b) => a * b, 1),
    );
  const hw = h * w;
  return {
    algorithm: 'relayout-host',
    bytes: 0,
    scratchBytes: 0,
    macs: 0,
    run(p) {
      const u8 = new Uint8Array(core.memory.buffer);
      const from = p.inputs[0],
        dst = p.outputs[0];
      if (from === dst) return; // H * W = 1: planned as an alias
      for (let b = 0; b < n; b++) {
        for (let ch = 0; ch < c; ch++) {
          const plane = (b * c + ch) * hw * es;
          const blk = ((b * (c >> 2) + (ch >> 2)) * hw * 4 + (ch & 3)) * es;
          for (let i = 0; i < hw; i++) {
            const a = plane + i * es,
              q = blk + i * 4 * es;
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
