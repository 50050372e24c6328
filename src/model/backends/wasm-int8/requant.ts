/**
 * RequantizeInt32 (wasm: assembly/model/requant.ts): int32 accumulators -> uint8 / int8 with a per-channel (or
 * per-tensor) scale and an optional per-channel int32 bias, bit-exact to onnxruntime's MlasRequantizeOutput
 * (docs/int8-ops.md, QLinearConv, QLinearMatMul and QGemm) and kernels-ref/model/requantize.ts:
 *   v = acc0 + bias[c]                          (int32, wrapping)
 *   or, with a second accumulator tensor (k = 1 or 2):  v = k * acc0 + acc1 + bias[c]
 *   f = f32(f32(v) * scale[c]);  f = min(max(f, lo - zp), hi - zp);  y = RNE(f) + zp
 * The second accumulator serves weights with a zero point, whose effective 9-bit weights w_eff = 2a + b run as two
 * int8 convolutions (k = 2), or any split into a sum (k = 1).
 *
 * Tensors: input 0 acc0 int32[dims], input 1 acc1 int32[dims] (with k), output 0 type[dims], all in `layout`:
 *   NCHW    any rank >= 2, the channel is axis `axis` (default 1): [outer, C, inner] row-major;
 *   NCHW44  [N, C, H, W] with C % 4 == 0, stored [N][C/4][H][W][4]; the channel is axis 1.
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
  /** the output type */
  type: QType;
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
}

/** RQ_MODE of assembly/model/elem-ctx.ts */
const MODE = { runs: 0, contig: 1, nchw44: 2 } as const;

export class RequantizeKernel extends ElemKernel {
  readonly algorithm: string;

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
      `must be 'NCHW' or 'NCHW44', got ${String(p.layout)}`,
    );
    checkQType(p.type, `${what}.type`);
    const dims = checkDims(p.dims, `${what}.dims`);
    const zp = checkZeroPoint(p.zeroPoint, p.type, `${what}.zeroPoint`);
    check(
      p.k === undefined || p.k === 1 || p.k === 2,
      'INVALID_PARAM',
      `${what}.k`,
      `must be 1 or 2 (or omitted: one accumulator), got ${String(p.k)}`,
    );
    const r = dims.length;
    check(r >= 2, 'BAD_SHAPE', `${what}.dims`, `must have rank >= 2 (the channel axis), got [${dims}]`);
    let axis = p.axis ?? 1;
    check(
      Number.isInteger(axis) && axis >= -r && axis < r,
      'INVALID_PARAM',
      `${what}.axis`,
      `must be an integer in [${-r}, ${r - 1}], got ${String(p.axis)}`,
    );
    if (axis < 0) axis += r;
    if (p.layout === 'NCHW44') {
      check(r === 4, 'BAD_SHAPE', `${what}.dims`, `NCHW44 tensors are [N, C, H, W], got [${dims}]`);
      check(axis === 1, 'INVALID_PARAM', `${what}.axis`, `NCHW44's channel axis is 1, got ${String(p.axis)}`);
      check(
        dims[1] % 4 === 0,
        'CHANNELS_NOT_MULTIPLE_OF_4',
        `${what}.dims`,
        `NCHW44 needs C % 4 == 0, got C = ${dims[1]}`,
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
      `must be one number or ${C} (the channels), got ${scales && typeof scales === 'object' ? `${scales.length} values` : String(p.scale)}`,
    );
    const sc = Float32Array.from({ length: scales.length }, (_, i) => checkScale(scales[i], `${what}.scale[${i}]`));
    if (p.bias !== undefined) {
      const b = p.bias;
      check(
        b !== null && typeof b === 'object' && b.length === C,
        'BIAS_LENGTH',
        `${what}.bias`,
        `must hold ${C} values (the channels), got ${b && typeof b === 'object' ? b.length : String(b)}`,
      );
      for (let i = 0; i < C; i++) {
        check(
          Number.isInteger(b[i]) && b[i] >= -(2 ** 31) && b[i] < 2 ** 31,
          'INVALID_PARAM',
          `${what}.bias`,
          `entry ${i} must be an int32, got ${String(b[i])}`,
        );
      }
    }
    // one scale and no bias: every channel alike, so the whole tensor is one run (any layout)
    const perTensor = sc.length === 1 && p.bias === undefined;
    const mode = perTensor ? MODE.runs : p.layout === 'NCHW44' ? MODE.nchw44 : inner === 1 ? MODE.contig : MODE.runs;
    const channels = perTensor ? 1 : C;
    const runInner = perTensor ? Math.max(n, 1) : inner;
    super(core, 8 * channels);
    this.algorithm = `requant-${perTensor ? 'tensor' : mode === MODE.nchw44 ? 'nchw44' : mode === MODE.contig ? 'last-axis' : 'nchw'}${p.k ? `-k${p.k}` : ''}`;
    const scalePtr = this.extra;
    const biasPtr = this.extra + 4 * channels;
    const f = core.f32();
    for (let c = 0; c < channels; c++) f[(scalePtr >> 2) + c] = sc.length === 1 ? sc[0] : sc[c];
    const i32 = core.i32();
    for (let c = 0; c < channels; c++) i32[(biasPtr >> 2) + c] = p.bias === undefined ? 0 : p.bias[c];
    const [lo, hi] = Q_RANGE[p.type];
    this.setI32(F.EL_OUTXOR, xorOf(p.type));
    this.setI32(F.RQ_MODE, mode);
    this.setI32(F.RQ_INNER, runInner);
    this.setI32(F.RQ_C, channels);
    this.setI32(F.RQ_K, p.k ?? 0);
    this.setI32(F.RQ_SCALES, scalePtr);
    this.setI32(F.RQ_BIAS, biasPtr);
    this.setF32(F.RQ_LO, lo - zp);
    this.setF32(F.RQ_HI, hi - zp);
    this.setI32(F.RQ_ZPU, zp + xorOf(p.type));
    this.plan('requantTask', n, [SRC, p.k ? SECOND : NONE, DST]);
  }
}
