/**
 * Window sums of a convolution's 8-bit source (wasm: assembly/model/window-sum.ts): for every output pixel, the sum
 * over the convolution's window of x - x_zp, over the source channels of a group (planar: S int32 [N][G][OH][OW]) or
 * per channel of a depthwise NCHW44 source (S int32 [N][C/4][OH][OW][4]). Padding holds x_zp and adds 0. A
 * convolution whose weights were shifted per output channel by e_o (./conv.ts) adds e_o times it to its accumulators
 * (./requant.ts, the window correction).
 *
 * Two dispatches: the channel sums T (int32, [N][G][IH][IW], or [N][C/4][IH][IW][4]) into `sums` (the kernel's
 * second pointer), then the window sums of T into dst. The source zero point may change between runs
 * (setZeroPoint: a ConvInteger after a DynamicQuantizeLinear).
 */
import type { KernelDispatch } from '../../../threads/protocol.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { Layout, ModelKernel, QType } from '../types.js';
import { BlockKernel, refuse, splitPlanes, writeCtx } from './spatial-common.js';
import { WINDOW_SUM_CTX } from './ctx.generated.js';

const F = WINDOW_SUM_CTX;

export interface WindowSumParams {
  /** the source's layout (NCHW44: C % 4 == 0) */
  layout: Layout;
  type: QType;
  n: number;
  c: number;
  group: number;
  ih: number;
  iw: number;
  oh: number;
  ow: number;
  fh: number;
  fw: number;
  stride: readonly [number, number];
  dilation: readonly [number, number];
  /** top and left padding (the bottom and right follow from the output size) */
  padTop: number;
  padLeft: number;
  zeroPoint: number;
}

/**
 * The sums' form for a source layout and grouping: 1 (one planar sum per group: an NCHW source, or NCHW44 groups of
 * whole channel blocks), 4 (one per channel of a depthwise NCHW44 source, in NCHW44 order), or 0 (not taken: NCHW44
 * groups that split a block).
 */
export function windowSumLanes(layout: Layout, c: number, group: number): 0 | 1 | 4 {
  if (layout === 'NCHW') return 1;
  const cpg = c / group;
  if (c % 4 !== 0) return 0;
  if (cpg % 4 === 0) return 1;
  return cpg === 1 ? 4 : 0;
}

/** Window sums of a convolution's source (see the header). Input: src (the source); second: T; output: S. */
export class WindowSumKernel extends BlockKernel implements ModelKernel {
  readonly algorithm = 'window-sum';
  readonly ctx: number;
  readonly dispatch: readonly KernelDispatch[];
  /** 1: one sum per group (planar); 4: per channel of a depthwise NCHW44 source */
  readonly lanes: 1 | 4;
  /** bytes of the channel sums T (the second pointer) and of the window sums S (the output) */
  readonly sumBytes: number;
  readonly outBytes: number;
  private readonly core: WasmRuntimeCore;
  private readonly xor: number;

  /** Throws INVALID_PARAM / UNSUPPORTED_OP (a geometry or grouping it does not take), OUT_OF_MEMORY. */
  constructor(core: WasmRuntimeCore, p: WindowSumParams) {
    const op = 'WindowSum';
    const ints = [p.n, p.c, p.group, p.ih, p.iw, p.oh, p.ow, p.fh, p.fw, ...p.stride, ...p.dilation];
    if (
      !ints.every((v) => Number.isInteger(v) && v >= 1) ||
      ![p.padTop, p.padLeft].every((v) => Number.isInteger(v) && v >= 0)
    )
      refuse(
        op,
        undefined,
        'params',
        `dims, window, strides and dilations must be integers >= 1, pads >= 0`,
        'INVALID_PARAM',
      );
    if (p.c % p.group !== 0)
      refuse(op, undefined, 'group', `${p.group} groups do not divide ${p.c} channels`, 'INVALID_PARAM');
    const lanes = windowSumLanes(p.layout, p.c, p.group);
    if (lanes === 0)
      refuse(op, undefined, 'group', `NCHW44 groups of ${p.c / p.group} channels split the blocks of 4 channels`);
    const [lo, hi] = p.type === 'uint8' ? [0, 255] : [-128, 127];
    if (!Number.isInteger(p.zeroPoint) || p.zeroPoint < lo || p.zeroPoint > hi)
      refuse(op, undefined, 'zeroPoint', `must be an integer in [${lo}, ${hi}], got ${p.zeroPoint}`, 'INVALID_PARAM');
    const cpg = p.c / p.group;
    const gp = lanes === 4 ? p.c / 4 : p.group;
    const planes = p.n * gp;
    const px = 4 * lanes;
    super(core, op);
    this.sumBytes = planes * p.ih * p.iw * px;
    this.outBytes = planes * p.oh * p.ow * px;
    if (this.sumBytes > 2 ** 31 || this.outBytes > 2 ** 31 || p.n * p.c * p.ih * p.iw > 2 ** 31)
      refuse(op, undefined, 'params', 'the sums exceed 2^31 bytes', 'TOO_LARGE');
    this.lanes = lanes;
    this.core = core;
    this.xor = p.type === 'int8' ? 0x80 : 0;
    // pass 1: tasks of source bytes; pass 2: of output sums
    const s1 = splitPlanes(planes, p.ih, p.iw * (lanes === 4 ? 4 : cpg));
    const s2 = splitPlanes(planes, p.oh, p.ow * px);
    this.ctx = this.blocks.alloc(F.CTX_BYTES);
    writeCtx(core, this.ctx, {
      [F.LAYOUT]: p.layout === 'NCHW44' ? 1 : 0,
      [F.LANES]: lanes,
      [F.XOR]: this.xor,
      [F.C]: p.c,
      [F.CPG]: cpg,
      [F.GP]: gp,
      [F.PLANES]: planes,
      [F.IH]: p.ih,
      [F.IW]: p.iw,
      [F.OH]: p.oh,
      [F.OW]: p.ow,
      [F.FH]: p.fh,
      [F.FW]: p.fw,
      [F.SH]: p.stride[0],
      [F.SW]: p.stride[1],
      [F.DH]: p.dilation[0],
      [F.DW]: p.dilation[1],
      [F.PT]: p.padTop,
      [F.PL]: p.padLeft,
      [F.PPT1]: s1.perTask,
      [F.ROWS1]: s1.rowsPerTask,
      [F.PPT2]: s2.perTask,
      [F.ROWS2]: s2.rowsPerTask,
    });
    this.setZeroPoint(p.zeroPoint);
    this.dispatch = [
      {
        fn: 'windowChannelSumTask',
        range: [s1.groups, s1.tiles, 1],
        args: [{ base: 'src' }, { base: 'none' }, { base: 'slices' }],
      },
      {
        fn: 'windowBoxSumTask',
        range: [s2.groups, s2.tiles, 1],
        args: [{ base: 'slices' }, { base: 'none' }, { base: 'dst' }],
      },
    ];
  }

  /** The source zero point of the next runs (checked by the caller: a byte of the source type). */
  setZeroPoint(zp: number): void {
    writeCtx(this.core, this.ctx, { [F.ZPU]: (zp ^ this.xor) & 255 });
  }
}
