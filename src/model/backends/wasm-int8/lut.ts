/**
 * Table look-up (wasm: assembly/model/lut.ts): y[i] = table[x[i] byte], for every 8-bit operator that maps each
 * input byte to one output byte, and the builders of its 256-entry tables, bit-exact to onnxruntime-web and to
 * kernels-ref/model/qlinear.ts (buildLut):
 *
 *   lutTable          the general table (QlinearBuildLookupTable, spec §6 / §7a): entry i is the raw input byte i
 *                     (int8: i >= 128 is i - 256), d = f32(xScale * float(t - xZp)), y = QuantizeLinear(F(d),
 *                     yScale, yZp) (spec §1), stored as the output's raw byte. Any float32 function F between a
 *                     per-tensor DequantizeLinear and QuantizeLinear becomes such a table, exactly, where F
 *                     reproduces onnxruntime's float computation.
 *   requantTable      F = identity: an input of QLinearConcat whose scale or zero point differs from the output's.
 *   sigmoidTable      QLinearSigmoid: F = MLAS's logistic (spec §7b), its rational approximation step by step in f32.
 *   leakyReluTable    QLinearLeakyRelu (spec §7a): F(d) = d >= 0 ? d : f32(alpha * d); alpha defaults to 0.01f.
 *
 * Tables are Uint8Array(256) of raw output bytes (an int8 -1 is 255). The kernel may run in place (output over
 * input 0).
 */
import { logistic } from '../../numerics/float-math.js';
import { check } from '../../../errors.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import { DST, ELEM_CTX as F, ElemKernel, NONE, Q_RANGE, SECOND, SRC, checkLength, checkQType, checkScale, checkZeroPoint, xorOf } from './elem-common.js';
import { writeBinaryRecord, type BinaryQuant } from './binary.js';
import { quantizeValue } from './quantize.js';
import type { Layout, QType } from '../types.js';

const f32 = Math.fround;

export interface LutParams {
  /** elements of the input and output */
  length: number;
  /** 256 entries: the output byte of each raw input byte (numbers in [-128, 255]; stored as bytes) */
  table: ArrayLike<number>;
}

/** The 256 entries as bytes; BAD_BUFFER / INVALID_PARAM where they are not 256 integers in [-128, 255]. */
export function checkTable(t: ArrayLike<number> | undefined): Uint8Array {
  check(t !== null && typeof t === 'object' && typeof t.length === 'number' && t.length === 256, 'BAD_BUFFER', 'Lut.table',
    `must hold 256 entries, got ${t && typeof t === 'object' ? t.length : String(t)}`);
  const out = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    const v = t[i];
    check(Number.isInteger(v) && v >= -128 && v <= 255, 'INVALID_PARAM', 'Lut.table', `entry ${i} must be an integer in [-128, 255], got ${String(v)}`);
    out[i] = v & 255;
  }
  return out;
}

/** y[i] = table[x[i]]: input 0 bytes[length] -> output 0 bytes[length]. */
export class LutKernel extends ElemKernel {
  readonly algorithm = 'lut-word';
  override readonly inPlaceInput = 0;

  /** Throws BAD_SHAPE / TOO_LARGE (length), BAD_BUFFER (a table of another length), INVALID_PARAM (entries), OUT_OF_MEMORY. */
  constructor(core: WasmRuntimeCore, p: LutParams) {
    const n = checkLength(p.length, 'Lut.length');
    const table = checkTable(p.table);
    super(core, 256);
    this.setI32(F.LUT_TABLE, this.extra);
    core.u8().set(table, this.extra);
    this.plan('lutTask', n, [SRC, NONE, DST]);
  }

  /** Replaces the table (a QLinearConcat or activation whose scales are inputs computed at run time). */
  setTable(table: ArrayLike<number>): void {
    this.core.u8().set(checkTable(table), this.extra);
  }
}

export interface ChannelTableParams {
  /** elements of the input and output */
  length: number;
  /** elements per channel run (the plane H * W of an NCHW tensor) */
  inner: number;
  /** channels C: element i is of channel (i / inner) % C */
  channels: number;
  /** bytes per entry: 1 (an 8-bit output) or 4 (float32) */
  outBytes: 1 | 4;
  /** C tables of 256 entries (raw bytes of the entries), one after the other */
  table: Uint8Array;
  /**
   * The input is float32, quantized per tensor first exactly as QuantizeLinear (spec §1), and the table indexed by
   * that raw byte (a chain that starts with QuantizeLinear); absent: the input is bytes.
   */
  quantize?: { type: QType; scale: number; zeroPoint: number };
}

/** y[i] = table[c(i)][x[i]]: input 0 bytes[length] -> output 0 (bytes or float32)[length] (src/model/backends/wasm-int8/chains.ts). */
export class ChannelTableKernel extends ElemKernel {
  readonly algorithm: string;

  constructor(core: WasmRuntimeCore, p: ChannelTableParams) {
    const n = checkLength(p.length, 'ChannelTable.length');
    check(Number.isInteger(p.inner) && p.inner >= 1 && Number.isInteger(p.channels) && p.channels >= 1, 'BAD_SHAPE', 'ChannelTable', `inner ${p.inner} and channels ${p.channels} must be integers >= 1`);
    check(p.outBytes === 1 || p.outBytes === 4, 'INVALID_PARAM', 'ChannelTable.outBytes', `must be 1 or 4, got ${String(p.outBytes)}`);
    check(p.table instanceof Uint8Array && p.table.length === p.channels * 256 * p.outBytes, 'BAD_BUFFER', 'ChannelTable.table', `must be a Uint8Array of ${p.channels * 256 * p.outBytes} bytes`);
    super(core, p.table.length);
    this.algorithm = p.outBytes === 4 ? 'channel-table-f32' : 'channel-table';
    this.setI32(F.CT_TABLE, this.extra);
    this.setI32(F.CT_INNER, p.inner);
    this.setI32(F.CT_C, p.channels);
    this.setI32(F.CT_OUTBYTES, p.outBytes);
    if (p.quantize) {
      checkQType(p.quantize.type, 'ChannelTable.quantize.type');
      const qs = checkScale(p.quantize.scale, 'ChannelTable.quantize.scale');
      const qz = checkZeroPoint(p.quantize.zeroPoint, p.quantize.type, 'ChannelTable.quantize.zeroPoint');
      const [lo, hi] = Q_RANGE[p.quantize.type];
      this.setI32(F.CT_QUANT, 1);
      this.setF32(F.CT_QSCALE, qs);
      this.setF32(F.CT_QLO, lo - qz);
      this.setF32(F.CT_QHI, hi - qz);
      this.setI32(F.CT_QZPU, qz + xorOf(p.quantize.type));
      this.setI32(F.CT_QXOR, xorOf(p.quantize.type));
      this.algorithm = `quantize-${this.algorithm}`;
    }
    core.u8().set(p.table, this.extra);
    this.plan('channelTableTask', n, [SRC, NONE, DST]);
  }
}


export interface ChannelGateParams {
  /** the type of x, g, the product and the output */
  type: QType;
  /** elements of x and of the output */
  length: number;
  /** elements per channel run (the plane H * W) */
  inner: number;
  /** elements of g ([N, C, 1, 1] or [1, C, 1, 1]): element i of x takes g[(i / inner) % channels] */
  channels: number;
  layout: Layout;
  /** QLinearMul(x, g): A is x, B is g, whichever input of the node each is (IEEE products commute) */
  mul: BinaryQuant;
  /** QLinearAdd(x, product): A is x, B is the product; absent: the output is the product */
  add?: BinaryQuant;
}

/**
 * ChannelGate (src/model/backends/wasm-int8/chains.ts fuseChannelGates): y = QLinearAdd(x, QLinearMul(x, g)) or QLinearMul(x, g),
 * g a per-channel tensor computed in the same run (a squeeze-and-excitation gate). Each run first tabulates the
 * 256 raw bytes of x per channel (gateTableTask: the QLinearAdd / Mul kernel's own code on the row 0..255, so the
 * same bytes as the two steps), then looks x up (channelTableTask): one pass over x instead of two or three.
 * Input 0 x, input 1 g, output 0 y; NCHW or NCHW44 (C % 4 == 0).
 */
export class ChannelGateKernel extends ElemKernel {
  readonly algorithm: string;
  override readonly inPlaceInput = 0;

  constructor(core: WasmRuntimeCore, p: ChannelGateParams) {
    const n = checkLength(p.length, 'ChannelGate.length');
    checkQType(p.type, 'ChannelGate.type');
    check(Number.isInteger(p.inner) && p.inner >= 1 && Number.isInteger(p.channels) && p.channels >= 1, 'BAD_SHAPE', 'ChannelGate', `inner ${p.inner} and channels ${p.channels} must be integers >= 1`);
    check(p.layout === 'NCHW' || (p.layout === 'NCHW44' && p.channels % 4 === 0), 'INVALID_PARAM', 'ChannelGate.layout', `NCHW, or NCHW44 with channels % 4 == 0 (got ${String(p.layout)}, ${p.channels})`);
    const steps = [p.mul, ...(p.add ? [p.add] : [])].map((st, k) => {
      const w = k === 0 ? 'ChannelGate.mul' : 'ChannelGate.add';
      return {
        aScale: checkScale(st.aScale, `${w}.aScale`), aZeroPoint: checkZeroPoint(st.aZeroPoint, p.type, `${w}.aZeroPoint`),
        bScale: checkScale(st.bScale, `${w}.bScale`), bZeroPoint: checkZeroPoint(st.bZeroPoint, p.type, `${w}.bZeroPoint`),
        cScale: checkScale(st.cScale, `${w}.cScale`), cZeroPoint: checkZeroPoint(st.cZeroPoint, p.type, `${w}.cZeroPoint`),
      };
    });
    const REC = F.EL_CTX_BYTES;
    super(core, 2 * REC + 256 + p.channels * 256);
    this.algorithm = p.add ? 'gate-mul-add-table' : 'gate-mul-table';
    const mulAt = this.extra, addAt = this.extra + REC, ident = this.extra + 2 * REC, table = ident + 256;
    writeBinaryRecord(core, mulAt, { op: 'mul', type: p.type, ...steps[0] });
    if (p.add) writeBinaryRecord(core, addAt, { op: 'add', type: p.type, ...steps[1] });
    core.u8().set(new Uint8Array(256).map((_, i) => i), ident);
    this.setI32(F.CT_TABLE, table);
    this.setI32(F.CT_INNER, p.inner);
    this.setI32(F.CT_C, p.channels);
    this.setI32(F.CT_OUTBYTES, 1);
    this.setI32(F.CT_LAYOUT, p.layout === 'NCHW44' ? 1 : 0);
    this.setI32(F.GT_MUL, mulAt);
    this.setI32(F.GT_ADD, p.add ? addAt : 0);
    this.setI32(F.GT_IDENT, ident);
    this.plan('channelTableTask', n, [SRC, NONE, DST]);
    // the tables first (16 channels a task), then the look-up; a dispatch ends before the next starts
    if (n > 0) this.dispatch = [{ fn: 'gateTableTask', range: [Math.ceil(p.channels / 16)], args: [NONE, SECOND, NONE] }, ...this.dispatch];
  }
}

// ---- table builders ---------------------------------------------------------------------------------------------

/**
 * The table of QuantizeLinear(fn(DequantizeLinear(x))): per raw input byte i, t = the inType value of i,
 * d = f32(xScale * (t - xZp)), out = quantizeValue(fn(d), yScale, yZp, outType) as a raw byte.
 * Throws INVALID_PARAM (types, zero points) and INVALID_SCALE.
 */
export function lutTable(inType: QType, xScale: number, xZp: number, outType: QType, yScale: number, yZp: number, fn: (d: number) => number): Uint8Array {
  checkQType(inType, 'inType');
  checkQType(outType, 'outType');
  const xs = checkScale(xScale, 'xScale');
  const ys = checkScale(yScale, 'yScale');
  checkZeroPoint(xZp, inType, 'xZeroPoint');
  checkZeroPoint(yZp, outType, 'yZeroPoint');
  const lo = Q_RANGE[inType][0];
  const table = new Uint8Array(256);
  for (let i = 0; i < 256; i++) {
    const t = lo < 0 && i >= 128 ? i - 256 : i;
    table[i] = quantizeValue(fn(f32(xs * (t - xZp))), ys, yZp, outType) & 255;
  }
  return table;
}

/** QLinearConcat's requantization of one input (spec §6): the identity through the table. */
export function requantTable(type: QType, xScale: number, xZp: number, yScale: number, yZp: number): Uint8Array {
  return lutTable(type, xScale, xZp, type, yScale, yZp, (d) => d);
}

/** MlasLogisticKernel on one float32 (spec §7b), the host operators' implementation (host-ops/float-math.ts). */
export const mlasLogistic = logistic;


/** QLinearSigmoid's table (spec §7): Y = quantize(logistic(dequantize(X))). */
export function sigmoidTable(type: QType, xScale: number, xZp: number, yScale: number, yZp: number): Uint8Array {
  return lutTable(type, xScale, xZp, type, yScale, yZp, mlasLogistic);
}

/** QLinearLeakyRelu's table (spec §7a): F(d) = d >= 0 ? d : f32(alpha * d); -0 takes the d branch. */
export function leakyReluTable(type: QType, xScale: number, xZp: number, yScale: number, yZp: number, alpha = 0.01): Uint8Array {
  check(typeof alpha === 'number' && Number.isFinite(alpha), 'INVALID_PARAM', 'alpha', `must be a finite number, got ${String(alpha)}`);
  const a = f32(alpha);
  return lutTable(type, xScale, xZp, type, yScale, yZp, (d) => (d >= 0 ? d : f32(a * d)));
}
