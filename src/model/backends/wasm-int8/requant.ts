/**
 * RequantizeInt32 (wasm: assembly/model/requant.ts): int32 accumulators -> uint8 / int8 with a per-channel (or
 * per-tensor) scale and an optional per-channel int32 bias, bit-exact to onnxruntime's MlasRequantizeOutput
 * (docs/int8-ops.md, QLinearConv, QLinearMatMul and QGemm) and kernels-ref/model/requantize.ts:
 *   v = acc0 + bias[c]                          (int32, wrapping)
 *   or, with a second accumulator tensor (k = 1 or 2):  v = k * acc0 + acc1 + bias[c]
 *   f = f32(f32(v) * scale[c]);  f = min(max(f, lo - zp), hi - zp);  y = RNE(f) + zp
 * The second accumulator combines a convolution split in two (9-bit weights w_eff = 2a + b as two int8 convolutions:
 * k = 2; any split into a sum: k = 1); the model's convolutions use the window correction below instead.
 * Or the window correction of weights shifted per output channel (`window`; assembly/model/requant.ts): input 1 holds
 * the window sums S of the convolution's groups and
 *   v = acc0 + e[c] * S + bias[c]               (int32, wrapping)
 * then requantized as above, or stored as int32 (type 'int32': ConvInteger / MatMulInteger, which may run in place).
 * An optional 256-byte table maps every output byte (a look-up folded into the convolution).
 *
 * Tensors: input 0 acc0 int32[dims], input 1 acc1 int32[dims] (with k), output 0 type[dims], all in `layout`:
 *   NCHW    any rank >= 2, the channel is axis `axis` (default 1): [outer, C, inner] row-major;
 *   NCHW44  [N, C, H, W] with C % 4 == 0, stored [N][C/4][H][W][4]; the channel is axis 1.
 * With `window`, input 1 is S int32[outer, sumChannels, inner] in the same layout (NCHW44: sumChannels / 4 blocks of
 * [inner][4]); the S of element (outer o, channel c, position j) is S[o, map[c], j] (NCHW; with inner = 1 every map[c]
 * is 0 or the kernel runs channel by channel), or lane c % 4 of block map[c / 4] (NCHW44). NCHW44 with `splat`: S is
 * planar, int32[N, sumChannels, H * W], and the S of (n, c, pixel) is S[n, map[c / 4], pixel] (the 4 channels of a
 * block share it).
 */
import { check } from '../../../errors.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import {
  DST,
  ELEM_CTX as F,
  ElemKernel,
  NONE,
  Q_RANGE,
  SECOND,
  SRC,
  checkDims,
  checkLength,
  checkQType,
  checkScale,
  checkZeroPoint,
  xorOf,
} from './elem-common.js';
import type { Layout, QType } from '../types.js';

export interface RequantizeParams {
  /** dims of the accumulators and of the output */
  dims: readonly number[];
  layout: Layout;
  /**
   * the output type: 8-bit (requantized), 'int32' (v itself; with `window` only, scale and zero point unused), or
   * 'float32' (with `window` only: f32(f32(v) * scale[c]) + floatBias[c], then relu; no int32 bias, zero point unused)
   */
  type: QType | 'int32' | 'float32';
  /** float32 only: C float biases added after the scale (default 0) */
  floatBias?: ArrayLike<number>;
  /** float32 only: max(f, 0) last (Relu) */
  relu?: boolean;
  /** one scale (per tensor) or C (per channel), each a finite positive float32 */
  scale: number | ArrayLike<number>;
  /** C int32 biases, or none */
  bias?: ArrayLike<number>;
  /** the output zero point */
  zeroPoint: number;
  /** NCHW: the channel axis (default 1; negative counts from the end) */
  axis?: number;
  /** a second accumulator tensor (input 1) is added: v = k * acc0 + acc1 + bias */
  k?: 1 | 2;
  /** the window correction (input 1: the window sums S): v = acc0 + shifts[c] * S + bias; not with k */
  window?: WindowCorrection;
  /** a 256-byte table every output byte goes through (8-bit outputs) */
  table?: Uint8Array;
}

/** The window sums of a convolution whose weights were shifted per output channel (see the header). */
export interface WindowCorrection {
  /** C int32 shifts e[c] (|e| < 2^16) */
  shifts: ArrayLike<number>;
  /** channels of S per outer index (NCHW44: a multiple of 4) */
  sumChannels: number;
  /** NCHW: C S channels in [0, sumChannels); NCHW44: C / 4 S blocks in [0, sumChannels / 4), or with `splat` C / 4
   *  S planes in [0, sumChannels) */
  map: ArrayLike<number>;
  /** NCHW44 only: S is planar, one value per pixel for the 4 channels of a block */
  splat?: boolean;
}

/** RQ_MODE of assembly/model/elem-ctx.ts */
const MODE = { runs: 0, contig: 1, nchw44: 2 } as const;

export class RequantizeKernel extends ElemKernel {
  readonly algorithm: string;
  private readonly scalePtr: number;
  private readonly channels: number;

  /**
   * A float32 output's scales for the next runs, read from wasm memory at `at`: `count` float32 values, one for every
   * channel or one each (the product of a run's x scale and the weight scales, computed by the model).
   */
  setScalesFrom(at: number, count: number): void {
    const f = this.core.f32();
    const to = this.scalePtr >> 2;
    const from = at >> 2;
    if (count === 1) f.fill(f[from], to, to + this.channels);
    else f.copyWithin(to, from, from + this.channels);
  }

  /**
   * Throws INVALID_PARAM (layout, type, zero point, axis, k, bias values), BAD_SHAPE (dims: rank < 2, or not
   * [N, C, H, W] for NCHW44), CHANNELS_NOT_MULTIPLE_OF_4 (NCHW44), INVALID_SCALE (a scale, or their count),
   * BIAS_LENGTH, TOO_LARGE, OUT_OF_MEMORY.
   */
  constructor(core: WasmRuntimeCore, p: RequantizeParams) {
    const what = 'RequantizeInt32';
    check(
      p.layout === 'NCHW' || p.layout === 'NCHW44',
      'INVALID_PARAM',
      `${what}.layout`,
      () => `must be 'NCHW' or 'NCHW44', got ${String(p.layout)}`,
    );
    const outF32 = p.type === 'float32';
    const out32 = p.type === 'int32' || outF32;
    check(
      !out32 || p.window !== undefined,
      'INVALID_PARAM',
      `${what}.type`,
      `'${p.type}' is the output of the window correction only (give \`window\`)`,
    );
    if (!out32) checkQType(p.type, `${what}.type`);
    check(
      outF32 || (p.floatBias === undefined && p.relu === undefined),
      'INVALID_PARAM',
      `${what}.floatBias`,
      'floatBias and relu go with a float32 output only',
    );
    check(!outF32 || p.bias === undefined, 'INVALID_PARAM', `${what}.bias`, 'a float32 output takes floatBias');
    const dims = checkDims(p.dims, `${what}.dims`);
    const zp = out32 ? 0 : checkZeroPoint(p.zeroPoint, p.type as QType, `${what}.zeroPoint`);
    check(
      p.k === undefined || p.k === 1 || p.k === 2,
      'INVALID_PARAM',
      `${what}.k`,
      () => `must be 1 or 2 (or omitted: one accumulator), got ${String(p.k)}`,
    );
    const r = dims.length;
    check(r >= 2, 'BAD_SHAPE', `${what}.dims`, () => `must have rank >= 2 (the channel axis), got [${dims}]`);
    let axis = p.axis ?? 1;
    check(
      Number.isInteger(axis) && axis >= -r && axis < r,
      'INVALID_PARAM',
      `${what}.axis`,
      () => `must be an integer in [${-r}, ${r - 1}], got ${String(p.axis)}`,
    );
    if (axis < 0) axis += r;
    if (p.layout === 'NCHW44') {
      check(r === 4, 'BAD_SHAPE', `${what}.dims`, () => `NCHW44 tensors are [N, C, H, W], got [${dims}]`);
      check(axis === 1, 'INVALID_PARAM', `${what}.axis`, () => `NCHW44's channel axis is 1, got ${String(p.axis)}`);
      check(
        dims[1] % 4 === 0,
        'CHANNELS_NOT_MULTIPLE_OF_4',
        `${what}.dims`,
        () => `NCHW44 needs C % 4 == 0, got C = ${dims[1]}`,
      );
    }
    const C = dims[axis];
    const inner = dims.slice(axis + 1).reduce((a, b) => a * b, 1);
    const n = dims.reduce((a, b) => a * b, 1);
    const scales = typeof p.scale === 'number' ? [p.scale] : p.scale;
    check(
      scales !== null && typeof scales === 'object' && (scales.length === 1 || scales.length === C),
      'INVALID_SCALE',
      `${what}.scale`,
      () =>
        `must be one number or ${C} (the channels), got ${scales && typeof scales === 'object' ? `${scales.length} values` : String(p.scale)}`,
    );
    // float32 outputs: any float32 scale (the product of a run's scales; 0 where x was all one value)
    const sc = Float32Array.from({ length: scales.length }, (_, i) =>
      outF32 ? scales[i] : checkScale(scales[i], `${what}.scale[${i}]`),
    );
    const perChannel = (b: ArrayLike<number>, name: string): void =>
      check(
        b !== null && typeof b === 'object' && b.length === C,
        'BIAS_LENGTH',
        `${what}.${name}`,
        () => `must hold ${C} values (the channels), got ${b && typeof b === 'object' ? b.length : String(b)}`,
      );
    if (p.floatBias !== undefined) perChannel(p.floatBias, 'floatBias');
    if (p.bias !== undefined) {
      const b = p.bias;
      perChannel(b, 'bias');
      for (let i = 0; i < C; i++) {
        check(
          Number.isInteger(b[i]) && b[i] >= -(2 ** 31) && b[i] < 2 ** 31,
          'INVALID_PARAM',
          `${what}.bias`,
          () => `entry ${i} must be an int32, got ${String(b[i])}`,
        );
      }
    }
    const win = p.window;
    check(
      win === undefined || p.k === undefined,
      'INVALID_PARAM',
      `${what}.window`,
      'a window correction and a second accumulator (k) exclude each other',
    );
    const mapLen = p.layout === 'NCHW44' ? C / 4 : C;
    if (win !== undefined) {
      check(
        win !== null && typeof win === 'object' && win.shifts?.length === C,
        'INVALID_PARAM',
        `${what}.window.shifts`,
        () => `must hold ${C} shifts (the channels)`,
      );
      for (let i = 0; i < C; i++) {
        const e = win.shifts[i];
        check(
          Number.isInteger(e) && Math.abs(e) < 2 ** 16,
          'INVALID_PARAM',
          `${what}.window.shifts`,
          () => `entry ${i} must be an integer of magnitude below 2^16, got ${String(e)}`,
        );
      }
      const sch = win.sumChannels;
      const blocks = p.layout === 'NCHW44' && !win.splat;
      check(
        !win.splat || p.layout === 'NCHW44',
        'INVALID_PARAM',
        `${what}.window.splat`,
        'planar window sums for 4 lanes are an NCHW44 form',
      );
      check(
        Number.isInteger(sch) && sch >= 1 && (!blocks || sch % 4 === 0),
        'INVALID_PARAM',
        `${what}.window.sumChannels`,
        () => `must be an integer >= 1${blocks ? ', a multiple of 4' : ''}, got ${String(sch)}`,
      );
      checkLength(C > 0 ? (n / C) * sch : 0, `${what}.window (elements of the window sums)`);
      const slots = blocks ? sch / 4 : sch;
      check(
        win.map?.length === mapLen,
        'INVALID_PARAM',
        `${what}.window.map`,
        () => `must hold ${mapLen} entries (the channel${p.layout === 'NCHW44' ? ' blocks' : 's'})`,
      );
      for (let i = 0; i < mapLen; i++) {
        const m = win.map[i];
        check(
          Number.isInteger(m) && m >= 0 && m < slots,
          'INVALID_PARAM',
          `${what}.window.map`,
          () => `entry ${i} must be an integer in [0, ${slots - 1}], got ${String(m)}`,
        );
      }
    }
    if (p.table !== undefined) {
      check(
        p.table instanceof Uint8Array && p.table.length === 256,
        'BAD_BUFFER',
        `${what}.table`,
        'must be a Uint8Array of 256 bytes',
      );
      check(!out32, 'INVALID_PARAM', `${what}.table`, 'an int32 output has no byte table');
    }
    // one scale and no bias: every channel alike, so the whole tensor is one run (any layout)
    const perTensor = sc.length === 1 && p.bias === undefined && win === undefined;
    // with a window correction the channel-last mode reads S channel 0 of each row
    const contig = inner === 1 && (win === undefined || Array.from(win.map).every((m) => m === 0));
    const mode = perTensor ? MODE.runs : p.layout === 'NCHW44' ? MODE.nchw44 : contig ? MODE.contig : MODE.runs;
    const channels = perTensor ? 1 : C;
    const runInner = perTensor ? Math.max(n, 1) : inner;
    const winWords = win === undefined ? 0 : C + mapLen;
    super(core, 8 * channels + 4 * winWords + (p.table ? 256 : 0));
    const kind = perTensor ? 'tensor' : mode === MODE.nchw44 ? 'nchw44' : mode === MODE.contig ? 'last-axis' : 'nchw';
    this.algorithm = win
      ? `${outF32 ? `window-float32${p.relu ? '-relu' : ''}` : out32 ? 'window-int32' : 'requant-window'}-${kind}`
      : `requant-${kind}${p.k ? `-k${p.k}` : ''}`;
    const scalePtr = this.extra;
    const biasPtr = this.extra + 4 * channels;
    const f = core.f32();
    for (let c = 0; c < channels; c++) f[(scalePtr >> 2) + c] = sc.length === 1 ? sc[0] : sc[c];
    const i32 = core.i32();
    if (p.floatBias !== undefined) for (let c = 0; c < channels; c++) f[(biasPtr >> 2) + c] = p.floatBias[c];
    else for (let c = 0; c < channels; c++) i32[(biasPtr >> 2) + c] = p.bias === undefined ? 0 : p.bias[c];
    let tail = this.extra + 8 * channels;
    if (win !== undefined) {
      const shiftPtr = tail;
      const mapPtr = tail + 4 * C;
      for (let c = 0; c < C; c++) i32[(shiftPtr >> 2) + c] = win.shifts[c];
      for (let c = 0; c < mapLen; c++) i32[(mapPtr >> 2) + c] = win.map[c];
      this.setI32(F.RQ_WIN, 1);
      this.setI32(F.RQ_E, shiftPtr);
      this.setI32(F.RQ_SMAP, mapPtr);
      this.setI32(F.RQ_SCH, p.layout === 'NCHW44' && !win.splat ? win.sumChannels / 4 : win.sumChannels);
      this.setI32(F.RQ_SPLAT, win.splat ? 1 : 0);
      tail = mapPtr + 4 * mapLen;
    }
    if (p.table) {
      core.u8().set(p.table, tail);
      this.setI32(F.RQ_TABLE, tail);
    }
    this.setI32(F.RQ_OUT32, outF32 ? (p.relu ? 3 : 2) : out32 ? 1 : 0);
    this.scalePtr = scalePtr;
    this.channels = channels;
    const [lo, hi] = out32 ? [0, 0] : Q_RANGE[p.type as QType];
    this.setI32(F.EL_OUTXOR, out32 ? 0 : xorOf(p.type as QType));
    this.setI32(F.RQ_MODE, mode);
    this.setI32(F.RQ_INNER, runInner);
    this.setI32(F.RQ_C, channels);
    this.setI32(F.RQ_K, p.k ?? 0);
    this.setI32(F.RQ_SCALES, scalePtr);
    this.setI32(F.RQ_BIAS, biasPtr);
    this.setF32(F.RQ_LO, lo - zp);
    this.setF32(F.RQ_HI, hi - zp);
    this.setI32(F.RQ_ZPU, zp + (out32 ? 0 : xorOf(p.type as QType)));
    this.plan('requantTask', n, [SRC, p.k || win ? SECOND : NONE, DST]);
  }
}
