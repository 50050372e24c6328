/**
 * Relayout of an 8-bit 4-D tensor [N, C, H, W] between NCHW and NCHW44 ([N][C/4][H][W][4], C % 4 == 0) for the
 * model executor: NCHW44[n][c / 4][p][c % 4] = NCHW[n][c][p]. Runs the relayout kernels of assembly/relayout/
 * (relayout_pack4_b8 / relayout_unpack4_b8, those rt.relayout uses) through the task function relayout44Task
 * (assembly/model/spatial-relayout.ts), one task per group of channel blocks.
 *
 * Refused: C % 4 != 0 (I8ConvError 'UNSUPPORTED_OP': the executor keeps such tensors NCHW), from === to
 * ('INVALID_PARAM').
 */
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { Layout, ModelKernel } from '../types.js';
import { KernelBlocks, checkTensor4, refuse, splitPlanes, writeCtx } from './spatial-common.js';

export interface RelayoutParams {
  node?: string;
  /** logical dims [N, C, H, W] */
  dims: readonly number[];
  from: Layout;
  to: Layout;
}

const C = { TO44: 0, C: 1, HW: 2, BPT: 3 } as const;
const CTX_BYTES = 16;

/** NCHW <-> NCHW44 (see the header). Input: src; output: dst, the same bytes in the other layout. */
export class Relayout implements ModelKernel {
  readonly algorithm: string;
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];
  readonly outDims: number[];
  private readonly blocks: KernelBlocks;

  constructor(core: WasmRuntimeCore, p: RelayoutParams) {
    const op = 'Relayout';
    if (p.from === p.to) refuse(op, p.node, 'to', `from and to are both ${String(p.to)}`, 'INVALID_PARAM');
    const [n, c, h, w] = checkTensor4(op, p.node, 'uint8', p.from, p.dims);
    checkTensor4(op, p.node, 'uint8', p.to, p.dims);
    const split = splitPlanes(c / 4, 1, h * w * 4);
    this.outDims = [n, c, h, w];
    this.algorithm = p.to === 'NCHW44' ? 'relayout-nchw-nchw44' : 'relayout-nchw44-nchw';
    this.blocks = new KernelBlocks(core, op);
    this.ctx = this.blocks.alloc(CTX_BYTES);
    writeCtx(core, this.ctx, { [C.TO44]: p.to === 'NCHW44' ? 1 : 0, [C.C]: c, [C.HW]: h * w, [C.BPT]: split.perTask });
    this.dispatch = [{ fn: 'relayout44Task', range: [n, split.groups, 1], args: [{ base: 'src' }, { base: 'dst' }, { base: 'none' }] }];
  }

  get bytes(): number {
    return this.blocks.bytes;
  }
  checkGuards(): boolean {
    return this.blocks.checkGuards();
  }
  dispose(): void {
    this.blocks.release();
  }
}
