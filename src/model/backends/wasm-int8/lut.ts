/**
 * Table look-up kernels (wasm: assembly/model/lut.ts): `LutKernel`, y[i] = table[x[i] byte], for every 8-bit operator
 * that maps each input byte to one output byte (QLinearSigmoid, QLinearLeakyRelu, QLinearAdd / QLinearMul by a
 * constant scalar, i8conv Lut, a QLinearConcat input's requantization); `ChannelTableKernel`, one table per channel
 * (i8conv ChannelTable); `ChannelGateKernel` (i8conv ChannelGate). The tables themselves are built by
 * src/model/numerics/tables.ts. The kernels may run in place (output over input 0).
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
  checkLength,
  checkQType,
  checkScale,
  checkZeroPoint,
  xorOf,
} from './elem-common.js';
import { binaryTableOf, writeBinaryRecord, type BinaryQuant } from './binary.js';
import { checkTable } from '../../numerics/tables.js';
import type { Layout, QType } from '../types.js';
import type { Lower } from '../../executor/step.js';
import { attrFloat, numbersOf } from '../../graph/attrs.js';
import { leakyReluTable, sigmoidTable } from '../../numerics/tables.js';
import { unsupported } from '../../executor/step.js';
import type { Node } from '../../graph/ir.js';
import type { PlannedValue } from '../../lowering/values.js';
import { THREADED_BYTES, c4, follow, is8, kernelLowering, scalarConst } from './lower-common.js';
import { kernelStep } from '../../executor/step.js';

export interface LutParams {
  /** elements of the input and output */
  length: number;
  /** 256 entries: the output byte of each raw input byte (numbers in [-128, 255]; stored as bytes) */
  table: ArrayLike<number>;
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

/**
 * A concat input of short rows (a box's coordinates, a detection head's score columns): `rows` rows of `run` bytes,
 * input row r to output row r at r * `total`, each byte through `table` (a QLinearConcat input with its own scale or
 * zero point) or copied. The pointers are the run's (input i, the output from the input's column).
 */
export class ConcatRowsKernel extends ElemKernel {
  readonly algorithm = 'concat-rows';

  constructor(core: WasmRuntimeCore, p: { rows: number; run: number; total: number; table?: Uint8Array }) {
    super(core, p.table ? 256 : 0);
    const rows = checkLength(p.rows, 'ConcatRows.rows');
    this.setI32(F.CR_RUN, p.run);
    this.setI32(F.CR_TOTAL, p.total);
    this.setI32(F.CR_TABLE, p.table ? this.extra : 0);
    if (p.table) core.u8().set(checkTable(p.table), this.extra);
    // about 16 KB of output a task
    const grain = Math.max(1, Math.floor(16384 / Math.max(1, p.run)));
    this.setI32(F.EL_N, rows);
    this.setI32(F.EL_GRAIN, grain);
    const tasks = Math.ceil(rows / grain);
    this.dispatch = tasks > 0 ? [{ fn: 'concatRowsTask', range: [tasks], args: [SRC, NONE, DST] }] : [];
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
  /** NCHW (the default), or NCHW44 (8-bit in and out, no quantize, channels % 4 == 0) */
  layout?: Layout;
  /**
   * The input is float32, quantized per tensor first exactly as QuantizeLinear (docs/int8-ops.md), and the table
   * indexed by that raw byte (a chain that starts with QuantizeLinear); absent: the input is bytes.
   */
  quantize?: { type: QType; scale: number; zeroPoint: number };
}

/** y[i] = table[c(i)][x[i]]: input 0 bytes[length] -> output 0 (bytes or float32)[length] (i8conv ChannelTable). */
export class ChannelTableKernel extends ElemKernel {
  readonly algorithm: string;

  constructor(core: WasmRuntimeCore, p: ChannelTableParams) {
    const n = checkLength(p.length, 'ChannelTable.length');
    check(
      Number.isInteger(p.inner) && p.inner >= 1 && Number.isInteger(p.channels) && p.channels >= 1,
      'BAD_SHAPE',
      'ChannelTable',
      () => `inner ${p.inner} and channels ${p.channels} must be integers >= 1`,
    );
    check(
      p.outBytes === 1 || p.outBytes === 4,
      'INVALID_PARAM',
      'ChannelTable.outBytes',
      () => `must be 1 or 4, got ${String(p.outBytes)}`,
    );
    check(
      p.table instanceof Uint8Array && p.table.length === p.channels * 256 * p.outBytes,
      'BAD_BUFFER',
      'ChannelTable.table',
      () => `must be a Uint8Array of ${p.channels * 256 * p.outBytes} bytes`,
    );
    super(core, p.table.length);
    this.algorithm = p.outBytes === 4 ? 'channel-table-f32' : 'channel-table';
    this.setI32(F.CT_TABLE, this.extra);
    this.setI32(F.CT_INNER, p.inner);
    this.setI32(F.CT_C, p.channels);
    this.setI32(F.CT_OUTBYTES, p.outBytes);
    const l44 = p.layout === 'NCHW44';
    check(
      p.layout === undefined || p.layout === 'NCHW' || (l44 && p.outBytes === 1 && !p.quantize && p.channels % 4 === 0),
      'INVALID_PARAM',
      'ChannelTable.layout',
      () => `NCHW, or NCHW44 with 1-byte entries, no quantize and channels % 4 == 0 (got ${String(p.layout)})`,
    );
    this.setI32(F.CT_LAYOUT, l44 ? 1 : 0);
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
 * ChannelGate (i8conv ChannelGate, made by src/model/graph/passes/fuse-channel-gates.ts): y = QLinearAdd(x, QLinearMul(x, g)) or QLinearMul(x, g),
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
    check(
      Number.isInteger(p.inner) && p.inner >= 1 && Number.isInteger(p.channels) && p.channels >= 1,
      'BAD_SHAPE',
      'ChannelGate',
      () => `inner ${p.inner} and channels ${p.channels} must be integers >= 1`,
    );
    check(
      p.layout === 'NCHW' || (p.layout === 'NCHW44' && p.channels % 4 === 0),
      'INVALID_PARAM',
      'ChannelGate.layout',
      () => `NCHW, or NCHW44 with channels % 4 == 0 (got ${String(p.layout)}, ${p.channels})`,
    );
    const steps = [p.mul, ...(p.add ? [p.add] : [])].map((st, k) => {
      const w = k === 0 ? 'ChannelGate.mul' : 'ChannelGate.add';
      return {
        aScale: checkScale(st.aScale, `${w}.aScale`),
        aZeroPoint: checkZeroPoint(st.aZeroPoint, p.type, `${w}.aZeroPoint`),
        bScale: checkScale(st.bScale, `${w}.bScale`),
        bZeroPoint: checkZeroPoint(st.bZeroPoint, p.type, `${w}.bZeroPoint`),
        cScale: checkScale(st.cScale, `${w}.cScale`),
        cZeroPoint: checkZeroPoint(st.cZeroPoint, p.type, `${w}.cZeroPoint`),
      };
    });
    const REC = F.EL_CTX_BYTES;
    super(core, 2 * REC + 256 + p.channels * 256);
    this.algorithm = p.add ? 'gate-mul-add-table' : 'gate-mul-table';
    const mulAt = this.extra,
      addAt = this.extra + REC,
      ident = this.extra + 2 * REC,
      table = ident + 256;
    writeBinaryRecord(core, mulAt, { op: 'mul', type: p.type, ...steps[0] });
    if (p.add) writeBinaryRecord(core, addAt, { op: 'add', type: p.type, ...steps[1] });
    core.u8().set(
      new Uint8Array(256).map((_, i) => i),
      ident,
    );
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
    if (n > 0)
      this.dispatch = [
        { fn: 'gateTableTask', range: [Math.ceil(p.channels / 16)], args: [NONE, SECOND, NONE] },
        ...this.dispatch,
      ];
  }
}

// ---- lowering (the operator table's int8 implementation of the look-up operators) --------------------------------

/**
 * The table of a look-up node: QLinearSigmoid, QLinearLeakyRelu (per-tensor parameters, one 8-bit type) or i8conv Lut
 * (its constant table); UNSUPPORTED_OP where the node cannot run.
 */
export function lutTableOf(node: Node, values: ReadonlyMap<string, PlannedValue>): ArrayLike<number> {
  const key = `${node.domain}:${node.opType}`;
  const x = values.get(node.inputs[0])!,
    out = values.get(node.outputs[0]);
  if (!is8(x.type) || !out || !is8(out.type)) unsupported(node, `types ${x.type} -> ${out?.type}`);
  if (key === 'i8conv:Lut') {
    const t = values.get(node.inputs[1])!;
    if (!t.constant || t.constant.data.length !== 256)
      unsupported(node, 'the table (input 1) must be a constant of 256 entries');
    return numbersOf(t.constant);
  }
  const sc = [1, 2, 3, 4].map((k) => scalarConst(node, values, k, `input ${k}`, k === 2 || k === 4 ? 0 : undefined));
  if (sc.some(Number.isNaN)) unsupported(node, 'per-axis scales');
  if (x.type !== out.type) unsupported(node, `input ${x.type}, output ${out.type}`);
  return key.endsWith('Sigmoid')
    ? sigmoidTable(x.type, sc[0], sc[1], sc[2], sc[3])
    : leakyReluTable(x.type, sc[0], sc[1], sc[2], sc[3], attrFloat(node, 'alpha', 0.01));
}

/** QLinearSigmoid, QLinearLeakyRelu and i8conv Lut: the LUT kernel over the table (lutTableOf). */
export const lowerLut: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0])!;
  const table = lutTableOf(node, values);
  return kernelLowering(
    node,
    name,
    [node.inputs[0]],
    follow(c4(x)),
    (env) => new LutKernel(env.core, { length: x.dims.reduce((a, b) => a * b, 1), table }),
    { inPlace: true },
  );
};

/** An attribute's raw tensor bytes, or UNSUPPORTED_OP. */
function tensorBytes(node: Node, name: string): Uint8Array {
  const a = node.attributes.get(name);
  if (a?.kind !== 'tensor') unsupported(node, `attribute ${name} must be a tensor`);
  const d = a.value.data as ArrayBufferView;
  return new Uint8Array(d.buffer, d.byteOffset, d.byteLength).slice();
}

/** A BinaryQuant from a floats attribute [aScale, aZeroPoint, bScale, bZeroPoint, cScale, cZeroPoint], or undefined. */
function quantAttr(node: Node, name: string): BinaryQuant | undefined {
  const a = node.attributes.get(name);
  if (a === undefined) return undefined;
  if (a.kind !== 'floats' || a.value.length !== 6) unsupported(node, `attribute ${name} must be 6 floats`);
  const [aScale, aZeroPoint, bScale, bZeroPoint, cScale, cZeroPoint] = a.value;
  return { aScale, aZeroPoint, bScale, bZeroPoint, cScale, cZeroPoint };
}

/**
 * i8conv ChannelTable(x) (made by src/model/graph/passes/fuse-channel-chains.ts): y[n, c, h, w] = table[c][byte of
 * x], attribute `table` the C tables of 256 entries (1 byte each, or 4 for a float32 output); with `quantize_type`,
 * `quantize_scale`, `quantize_zero_point` x is float32, quantized first as QuantizeLinear does.
 */
/** Whether `table` is `rows` rows of `rowBytes` bytes, all equal (a ChannelTable the same for every channel). */
export function sameRows(table: Uint8Array, rows: number, rowBytes: number): boolean {
  if (rows < 1 || table.length !== rows * rowBytes) return false;
  for (let i = rowBytes; i < table.length; i++) if (table[i] !== table[i % rowBytes]) return false;
  return true;
}

export const lowerChannelTable: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0])!,
    y = values.get(node.outputs[0])!;
  const table = tensorBytes(node, 'table');
  const qt = node.attributes.get('quantize_type');
  let quantize: ChannelTableParams['quantize'];
  if (qt) {
    const s = node.attributes.get('quantize_scale'),
      z = node.attributes.get('quantize_zero_point');
    if (qt.kind !== 'string' || s?.kind !== 'float' || z?.kind !== 'int')
      unsupported(node, 'quantize_type, quantize_scale and quantize_zero_point must be a string, a float and an int');
    quantize = { type: qt.value as QType, scale: s.value, zeroPoint: z.value };
  }
  const [, C, H, W] = x.dims;
  const length = x.dims.reduce((a, b) => a * b, 1);
  const outBytes = y.type === 'float32' ? 4 : 1;
  // the same row for every channel: a function of the element alone, which runs on either layout's bytes as they lie
  // (the kernel's NCHW walk then picks rows that are all the same)
  const uniform = !quantize && x.dims.length === 4 && sameRows(table, C, 256 * outBytes);
  return {
    name,
    op: 'ChannelTable',
    node,
    inputs: [node.inputs[0]],
    outputs: [node.outputs[0]],
    // NCHW44 for 8-bit in and out (each pixel's word of 4 channels looked up in 4 consecutive tables)
    rule: {
      kind: 'follow',
      nchw44: uniform || (!quantize && outBytes === 1 && x.dims.length === 4 && C % 4 === 0),
      data: [0],
    },
    // over its input where the element sizes agree (bytes to bytes, float32 quantized to float32): each step reads
    // its word or vector before it writes it; no write-allocate of a second stream
    inPlace: true,
    build: (env, step) =>
      kernelStep(
        env.core,
        new ChannelTableKernel(env.core, {
          length,
          inner: H * W,
          channels: C,
          outBytes,
          table,
          quantize,
          layout: uniform ? 'NCHW' : (step.layout ?? 'NCHW'),
        }),
        { threaded: y.bytes >= THREADED_BYTES },
      ),
  };
};

/**
 * i8conv ChannelGate(x, g) (made by src/model/graph/passes/fuse-channel-gates.ts): y = QLinearAdd(x, QLinearMul(x, g))
 * with attributes `mul` and `add` their quantization (A is x), or QLinearMul(x, g) alone without `add`.
 */
export const lowerChannelGate: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0])!,
    g = values.get(node.inputs[1])!,
    y = values.get(node.outputs[0])!;
  const mul = quantAttr(node, 'mul');
  if (!mul) unsupported(node, 'attribute mul is required');
  const add = quantAttr(node, 'add');
  const [N, C, H, W] = x.dims;
  const gd = [...Array(4 - g.dims.length).fill(1), ...g.dims];
  return {
    name,
    op: 'ChannelGate',
    node,
    inputs: [node.inputs[0], node.inputs[1]],
    outputs: [node.outputs[0]],
    rule: { kind: 'follow', nchw44: C % 4 === 0, data: [0, 1] },
    inPlace: true,
    build: (env, step) =>
      kernelStep(
        env.core,
        new ChannelGateKernel(env.core, {
          type: x.type as QType,
          length: N * C * H * W,
          inner: H * W,
          channels: gd[0] * C,
          layout: step.layout ?? 'NCHW',
          mul,
          add,
        }),
        { second: 1, threaded: y.bytes >= THREADED_BYTES },
      ),
  };
};

/** A QLinearAdd / QLinearMul by a constant scalar: the LUT kernel over its table (binaryTableOf). */
export const lowerQLinearBinaryTable: Lower = (node, { name, values }) => {
  const t = binaryTableOf(node, values);
  if (!t) return undefined;
  const act = values.get(t.x)!;
  return kernelLowering(
    node,
    name,
    [t.x],
    follow(c4(act)),
    (env) => new LutKernel(env.core, { length: act.dims.reduce((p, q) => p * q, 1), table: t.table }),
    { inPlace: true },
  );
};
