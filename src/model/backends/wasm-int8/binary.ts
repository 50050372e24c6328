/**
 * com.microsoft QLinearAdd / QLinearMul as the model executor runs them (wasm: assembly/model/elementwise.ts,
 * qlinearBinaryTask), bit-exact to onnxruntime-web (the float formula its wasm build runs: docs/int8-ops.md,
 * QLinearAdd and QLinearMul) and to kernels-ref/model/ops/QLinearBinary.ts:
 *   A' = f32(sA * float(a - zA)),  B' = f32(sB * float(b - zB))
 *   c  = f32(f32(A' + B') / sC)   (QLinearMul: A' * B')
 *   c  = min(max(c, lo - zC), hi - zC)   (C++ std::max / std::min, in float)
 *   y  = RNE(f32(c + zC))   (NaN, which only an overflowing scale can cause, -> 0)
 * A, B and C share one type (uint8 or int8); scales and zero points are per tensor.
 *
 * Broadcasting (numpy rules) that the kernel covers; anything else is refused with UNSUPPORTED_OP so that the
 * executor can run the node on the host:
 * - equal shapes;
 * - one operand with one element (a scalar), on either side;
 * - NCHW (any rank, plain row-major): the smaller operand, aligned to the larger's rank, differs from it in a
 *   leading run of size-1 axes and / or a trailing run of size-1 axes only, e.g. [1, C, 1, 1] or [N, C, 1, 1]
 *   against [N, C, H, W] (a channel broadcast: INNER = H * W values of the larger operand per value of the smaller),
 *   or [C, H, W] against [N, C, H, W] (the smaller repeats per image);
 * - NCHW44 ([N, C, H, W] with C % 4 == 0, stored [N][C/4][H][W][4]): [1 | N, C, 1, 1] against [N, C, H, W] (the
 *   smaller operand's bytes are the same in both layouts), [1, C, H, W] against [N, C, H, W], and H * W = 1 as NCHW.
 * Which operand is larger does not matter: A' + B' and A' * B' are commutative in IEEE arithmetic, so the kernel
 * takes the larger as its A whichever input it is.
 *
 * In place: the output may overwrite the output-shaped operand (inPlaceInput); each vector step reads its 16
 * elements before it writes them, and tasks write disjoint ranges.
 */
import { I8ConvError, check } from '../../../errors.js';
import type { WasmRuntimeCore } from '../../../runtime.js';
import {
  DST,
  ELEM_CTX as F,
  ElemKernel,
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
import type { Node } from '../../graph/ir.js';
import type { PlannedValue } from '../../lowering/values.js';
import type { Lower } from '../../executor/step.js';
import { numbersOf } from '../../graph/attrs.js';
import { type QAddIntForm, type QAddPairScan, qaddIntForm, qlinearBinaryTable } from '../../numerics/tables.js';
import { QSOFTMAX_CTX as QF } from './qsoftmax-ctx.generated.js';
import { c4, follow, is8, kernelLowering, scalarConst } from './lower-common.js';

/** The quantization of a QLinearAdd / QLinearMul: its A and B operands' and its output's scales and zero points. */
export interface BinaryQuant {
  aScale: number;
  aZeroPoint: number;
  bScale: number;
  bZeroPoint: number;
  cScale: number;
  cZeroPoint: number;
}

export interface QLinearBinaryParams extends BinaryQuant {
  op: 'add' | 'mul';
  /** the type of A, B and C */
  type: QType;
  /** dims of input 0 (A) and input 1 (B) */
  aDims: readonly number[];
  bDims: readonly number[];
  /** the layout of the operands and the output */
  layout: Layout;
  /** int8 rounded as onnxruntime's uint8 twin (i8conv:QLinearAdd / QLinearMul): C's zero point + 128 is added in
   *  float before rounding and 128 taken off after */
  twin?: boolean;
  /** false: an add of same-shaped operands runs the float formula, not its integer form (a test's switch) */
  intForm?: boolean;
}

/** The kernel's broadcast modes (assembly/model/elem-ctx.ts QB_MODE). */
export type BinaryMode = 'equal' | 'repeat' | 'scalar' | 'channel' | 'channel-nchw44';
const MODE_CODE: Record<BinaryMode, number> = { equal: 0, repeat: 0, scalar: 1, channel: 2, 'channel-nchw44': 3 };

export interface BinaryBroadcast {
  mode: BinaryMode;
  /** output dims (the larger operand's, at the larger rank) */
  outDims: number[];
  /** true when input 1 (B) is the larger operand: the kernel's A is input 1 */
  swapped: boolean;
  /** elements of the larger operand per element of the smaller (channel modes), else 1 */
  inner: number;
  /** elements of the smaller operand in one period (repeat, channel modes) */
  mid: number;
}

const numel = (d: readonly number[]) => d.reduce((a, b) => a * b, 1);

/**
 * How the kernel runs A op B for these dims and layout; throws BAD_SHAPE for dims that do not broadcast (or do not
 * fit the layout), CHANNELS_NOT_MULTIPLE_OF_4 for NCHW44 with C % 4 != 0, UNSUPPORTED_OP for broadcasts the kernel
 * does not cover. Pure.
 */
export function planBinaryBroadcast(
  aDims: readonly number[],
  bDims: readonly number[],
  layout: Layout,
  what = 'QLinearBinary',
): BinaryBroadcast {
  const r = Math.max(aDims.length, bDims.length);
  const a = [...Array<number>(r - aDims.length).fill(1), ...aDims];
  const b = [...Array<number>(r - bDims.length).fill(1), ...bDims];
  const out: number[] = [];
  for (let i = 0; i < r; i++) {
    check(
      a[i] === b[i] || a[i] === 1 || b[i] === 1,
      'BAD_SHAPE',
      `${what}.bDims`,
      () => `[${bDims}] does not broadcast with aDims [${aDims}] (axis ${i})`,
    );
    out.push(a[i] === 1 ? b[i] : a[i]);
  }
  const aIsOut = a.every((v, i) => v === out[i]);
  const bIsOut = b.every((v, i) => v === out[i]);
  const unsupported = (why: string) =>
    new I8ConvError(
      'UNSUPPORTED_OP',
      `${what}: broadcasting [${aDims}] with [${bDims}] (${layout}) is not run by the kernel: ${why}`,
      `${what}.bDims`,
    );
  if (!aIsOut && !bIsOut) throw unsupported('each operand is broadcast along some axis');
  const swapped = !aIsOut;
  const big = swapped ? b : a;
  const small = swapped ? a : b;
  const n = numel(big);
  const m = numel(small);
  if (layout === 'NCHW44') {
    check(
      r === 4,
      'BAD_SHAPE',
      `${what}.aDims`,
      () => `NCHW44 operands are [N, C, H, W], got [${aDims}] and [${bDims}]`,
    );
    check(
      big[1] % 4 === 0,
      'CHANNELS_NOT_MULTIPLE_OF_4',
      `${what}.aDims`,
      () => `NCHW44 needs C % 4 == 0, got C = ${big[1]}`,
    );
  }
  if (m === n) return { mode: 'equal', outDims: out, swapped, inner: 1, mid: n };
  if (m === 1) return { mode: 'scalar', outDims: out, swapped, inner: 1, mid: 1 };
  if (layout === 'NCHW44' && big[2] * big[3] !== 1) {
    const [N, C, H, W] = big;
    const [sn, sc, sh, sw] = small;
    if (sc === C && sh === 1 && sw === 1)
      return { mode: 'channel-nchw44', outDims: out, swapped, inner: H * W, mid: sn * C };
    if (sn === 1 && N > 1 && sc === C && sh === H && sw === W)
      return { mode: 'repeat', outDims: out, swapped, inner: 1, mid: m };
    throw unsupported('NCHW44 takes a [1 | N, C, 1, 1] or [1, C, H, W] operand against [N, C, H, W]');
  }
  // the axes where the larger operand has more than one element, each marked B (broadcast: small is 1) or E
  // (equal), runs of one kind merged: the kernel covers [B] E [B]
  const kinds: string[] = [];
  for (let i = 0; i < r; i++) {
    if (big[i] === 1) continue;
    const k = small[i] === 1 ? 'B' : 'E';
    if (kinds[kinds.length - 1] !== k) kinds.push(k);
  }
  const pattern = kinds.join('');
  if (pattern === 'BE') return { mode: 'repeat', outDims: out, swapped, inner: 1, mid: m };
  if (pattern === 'EB' || pattern === 'BEB') {
    // INNER: the trailing broadcast axes
    let inner = 1;
    for (let i = r - 1; i >= 0 && small[i] === 1; i--) inner *= big[i];
    return { mode: 'channel', outDims: out, swapped, inner, mid: m };
  }
  throw unsupported('the smaller operand must differ from the larger in leading and / or trailing size-1 axes only');
}

/** QLinearAdd / QLinearMul: input 0 A, input 1 B -> output 0 C (dims: outDims), all of `type`, in `layout`. */
export class QLinearBinaryKernel extends ElemKernel {
  readonly algorithm: string;
  readonly outDims: number[];
  readonly broadcast: BinaryBroadcast;
  /** the operand with the output's shape (input 1 when B is the larger) */
  override readonly inPlaceInput: 0 | 1;

  /**
   * Throws INVALID_PARAM (op, layout, type, zero points), INVALID_SCALE, BAD_SHAPE (dims), TOO_LARGE,
   * CHANNELS_NOT_MULTIPLE_OF_4 (NCHW44), UNSUPPORTED_OP (a broadcast the kernel does not cover), OUT_OF_MEMORY.
   */
  constructor(core: WasmRuntimeCore, p: QLinearBinaryParams) {
    const what = p.op === 'mul' ? 'QLinearMul' : 'QLinearAdd';
    check(p.op === 'add' || p.op === 'mul', 'INVALID_PARAM', 'op', () => `must be 'add' or 'mul', got ${String(p.op)}`);
    check(
      p.layout === 'NCHW' || p.layout === 'NCHW44',
      'INVALID_PARAM',
      `${what}.layout`,
      () => `must be 'NCHW' or 'NCHW44', got ${String(p.layout)}`,
    );
    checkQType(p.type, `${what}.type`);
    const aDims = checkDims(p.aDims, `${what}.aDims`);
    const bDims = checkDims(p.bDims, `${what}.bDims`);
    const aS = checkScale(p.aScale, `${what}.aScale`);
    const bS = checkScale(p.bScale, `${what}.bScale`);
    const cS = checkScale(p.cScale, `${what}.cScale`);
    const aZ = checkZeroPoint(p.aZeroPoint, p.type, `${what}.aZeroPoint`);
    const bZ = checkZeroPoint(p.bZeroPoint, p.type, `${what}.bZeroPoint`);
    const cZ = checkZeroPoint(p.cZeroPoint, p.type, `${what}.cZeroPoint`);
    const bc = planBinaryBroadcast(aDims, bDims, p.layout, what);
    checkDims(bc.outDims, `${what} output dims`);
    super(core, 0);
    this.broadcast = bc;
    this.inPlaceInput = bc.swapped ? 1 : 0;
    this.outDims = bc.outDims;
    this.algorithm = `${p.op === 'mul' ? 'qmul' : 'qadd'}-${bc.mode}`;
    // the kernel's A is the larger operand (input 1 when swapped), with its own scale and zero point
    const [kaS, kaZ, kbS, kbZ] = bc.swapped ? [bS, bZ, aS, aZ] : [aS, aZ, bS, bZ];
    writeBinaryRecord(core, this.ctx, {
      op: p.op,
      type: p.type,
      aScale: kaS,
      aZeroPoint: kaZ,
      bScale: kbS,
      bZeroPoint: kbZ,
      cScale: cS,
      cZeroPoint: cZ,
      twin: p.twin,
    });
    // an add of same-shaped operands: the integer form where one matches the float formula on every byte pair
    const form =
      p.op === 'add' && MODE_CODE[bc.mode] === 0 && p.intForm !== false
        ? qaddIntForm(p.type, [kaS, kaZ, kbS, kbZ, cS, cZ], p.twin, wasmPairScan(core))
        : undefined;
    if (form) {
      this.algorithm += '-int';
      writeIntForm(core, this.ctx, form);
    }
    this.setI32(F.QB_MODE, MODE_CODE[bc.mode]);
    this.setI32(F.QB_INNER, bc.inner);
    this.setI32(F.QB_MID, Math.max(bc.mid, 1));
    const n = bc.outDims.reduce((s, d) => s * d, 1);
    this.plan('qlinearBinaryTask', n, bc.swapped ? [SECOND, SRC, DST] : [SRC, SECOND, DST]);
  }
}

/** The formula's part of a QLinearAdd / Mul record at byte offset `at` (types, A / B / C scales and zero points, the
 *  output range), parameters already checked; the broadcast fields are the caller's. */
export function writeBinaryRecord(
  core: WasmRuntimeCore,
  at: number,
  p: Omit<QLinearBinaryParams, 'aDims' | 'bDims' | 'layout'>,
): void {
  check(
    !p.twin || p.type === 'int8',
    'UNSUPPORTED_OP',
    'QLinearBinary.type',
    'the uint8 twin rounding is for int8 data',
  );
  const i32 = core.i32(),
    f32 = core.f32();
  const x = xorOf(p.type);
  const [lo, hi] = Q_RANGE[p.type];
  const set = (field: number, v: number, f: boolean) => ((f ? f32 : i32)[(at + field) >> 2] = v);
  set(F.EL_INXOR, x, false);
  set(F.EL_OUTXOR, x, false);
  set(F.QB_OP, p.op === 'mul' ? 1 : 0, false);
  set(F.QB_ASCALE, p.aScale, true);
  set(F.QB_AZPU, p.aZeroPoint + x, false);
  set(F.QB_BSCALE, p.bScale, true);
  set(F.QB_BZPU, p.bZeroPoint + x, false);
  set(F.QB_CSCALE, p.cScale, true);
  set(F.QB_LO, lo - p.cZeroPoint, true);
  set(F.QB_HI, hi - p.cZeroPoint, true);
  // the kernel stores RNE(f32(c + ZPF)) + OUTADD as an unsigned byte, then XORs it with OUTXOR: for the twin the
  // rounded value is already the uint8 twin's byte, which the XOR turns into the int8 byte of (twin - 128)
  set(F.QB_ZPF, p.cZeroPoint + (p.twin ? 128 : 0), true);
  set(F.QB_OUTADD, p.twin ? 0 : x, false);
  set(F.QB_INT, 0, false);
}

/**
 * qaddIntForm's pair scan on the wasm kernel (assembly/model/qadd-form.ts): the record, A's and B's values, the 65536
 * output bytes and the kept bounds in one heap block, released before it returns. The same lists as qaddPairsJs
 * (test/model-qadd-int.test.ts), some 20x faster than the host loop, which a model's every residual add ran at load.
 */
export function wasmPairScan(core: WasmRuntimeCore): QAddPairScan {
  return (p) => {
    const e = p.e;
    const ab = QF.QF_CTX_BYTES + 15 - ((QF.QF_CTX_BYTES + 15) % 16);
    const lists = ab + 2048;
    const wantAt = lists + 32 * e + 64 - ((32 * e) % 64);
    const at = core.heap.alloc(wantAt + 65536);
    try {
      const f32 = core.f32();
      f32.set(p.fa, (at + ab) >> 2);
      f32.set(p.fb, (at + ab + 1024) >> 2);
      const i32 = core.i32();
      const seti = (field: number, v: number) => (i32[(at + field) >> 2] = v);
      const setf = (field: number, v: number) => (f32[(at + field) >> 2] = v);
      seti(QF.QF_FA, at + ab);
      seti(QF.QF_FB, at + ab + 1024);
      setf(QF.QF_CS, p.cs);
      setf(QF.QF_LO, p.lo);
      setf(QF.QF_HI, p.hi);
      setf(QF.QF_BIAS, p.bias);
      seti(QF.QF_OFF, p.off);
      seti(QF.QF_XOR, p.x);
      seti(QF.QF_MA, p.ma);
      seti(QF.QF_MB, p.mb);
      seti(QF.QF_ONE, p.one);
      seti(QF.QF_E, e);
      seti(QF.QF_WANT, at + wantAt);
      seti(QF.QF_LOV, at + lists);
      seti(QF.QF_HIV, at + lists + 8 * e);
      seti(QF.QF_LOP, at + lists + 16 * e);
      seti(QF.QF_HIP, at + lists + 20 * e);
      core.exports.qaddFormScan(at);
      const nLo = i32[(at + QF.QF_NLO) >> 2],
        nHi = i32[(at + QF.QF_NHI) >> 2];
      const f64 = new Float64Array(core.memory.buffer, at + lists, 2 * e);
      const pairs = (from: number, n: number) => Array.from(i32.subarray((at + from) >> 2, ((at + from) >> 2) + n));
      const want = core.u8().slice(at + wantAt, at + wantAt + 65536);
      return {
        want: (pair) => want[pair],
        loV: Array.from(f64.subarray(0, nLo)),
        loP: pairs(lists + 16 * e, nLo),
        hiV: Array.from(f64.subarray(e, e + nHi)),
        hiP: pairs(lists + 20 * e, nHi),
      };
    } finally {
      core.heap.release(at);
    }
  };
}

/** The integer form of an add (qaddIntForm) into the record at byte offset `at`. */
function writeIntForm(core: WasmRuntimeCore, at: number, form: QAddIntForm): void {
  const i32 = core.i32();
  const set = (field: number, v: number) => (i32[(at + field) >> 2] = v);
  set(F.QB_INT, 1);
  set(F.QB_MA, form.ma);
  set(F.QB_MB, form.mb);
  set(F.QB_K, form.k);
  set(F.QB_SHIFT, form.shift);
  set(F.QB_NEXC, form.exceptions.length);
  form.exceptions.forEach((e, i) => set(F.QB_EXC + 4 * i, e));
}

/** Bytes of a QLinearAdd record (writeAddRecord). */
export const ADD_RECORD_BYTES = F.EL_CTX_BYTES;

/**
 * A same-shaped QLinearAdd's whole record at byte offset `at` (ADD_RECORD_BYTES, zeroed): the formula, and its
 * integer form where one matches it on every byte pair, as the QLinearAdd kernel runs it. What a convolution with a
 * residual add applies to its output bytes (A) and the other operand's (B) (src/conv.ts setResidualAdd). Parameters
 * are checked here (INVALID_SCALE, INVALID_PARAM). Returns whether the integer form was written.
 */
export function writeAddRecord(
  core: WasmRuntimeCore,
  at: number,
  p: BinaryQuant & { type: QType; twin?: boolean },
): boolean {
  const what = 'QLinearAdd';
  checkQType(p.type, `${what}.type`);
  const q = [
    checkScale(p.aScale, `${what}.aScale`),
    checkZeroPoint(p.aZeroPoint, p.type, `${what}.aZeroPoint`),
    checkScale(p.bScale, `${what}.bScale`),
    checkZeroPoint(p.bZeroPoint, p.type, `${what}.bZeroPoint`),
    checkScale(p.cScale, `${what}.cScale`),
    checkZeroPoint(p.cZeroPoint, p.type, `${what}.cZeroPoint`),
  ];
  writeBinaryRecord(core, at, {
    op: 'add',
    type: p.type,
    aScale: q[0],
    aZeroPoint: q[1],
    bScale: q[2],
    bZeroPoint: q[3],
    cScale: q[4],
    cZeroPoint: q[5],
    twin: p.twin,
  });
  const form = qaddIntForm(p.type, q, p.twin, wasmPairScan(core));
  if (form) writeIntForm(core, at, form);
  return form !== undefined;
}

// ---- lowering (the operator table's int8 implementations of com.microsoft QLinearAdd / QLinearMul) ---------------

/** The facts both int8 lowerings of a QLinearAdd / QLinearMul read; `kernel`: the wasm kernels take it. */
function binaryFacts(node: Node, values: ReadonlyMap<string, PlannedValue>) {
  const a = values.get(node.inputs[0])!,
    b = values.get(node.inputs[3])!,
    out = values.get(node.outputs[0])!;
  const sc = [1, 2, 4, 5, 6, 7].map((k) =>
    scalarConst(node, values, k, `input ${k}`, k === 2 || k === 5 || k === 7 ? 0 : undefined),
  );
  const fits = (layout: Layout): boolean => {
    try {
      planBinaryBroadcast(a.dims, b.dims, layout);
      return true;
    } catch (e) {
      if (e instanceof I8ConvError) return false;
      throw e;
    }
  };
  // i8conv:QLinearAdd / QLinearMul: int8 rounded as onnxruntime's uint8 twin
  const twin = node.domain === 'i8conv';
  const kernel =
    is8(a.type) &&
    (!twin || a.type === 'int8') &&
    !sc.some(Number.isNaN) &&
    fits('NCHW') &&
    !(a.constant && b.constant);
  return { a, b, out, sc, fits, kernel, twin };
}

/**
 * One operand a constant scalar and the other of the output's size and type: the output is a function of the other
 * operand's byte, a 256-entry table of the same formula (bit for bit), which the LUT kernel applies. The table and the
 * operand it indexes, or undefined where this does not apply.
 */
export function binaryTableOf(
  node: Node,
  values: ReadonlyMap<string, PlannedValue>,
): { table: Uint8Array; x: string } | undefined {
  const { a, b, out, sc, kernel, twin } = binaryFacts(node, values);
  if (!kernel) return undefined;
  const scalarSide =
    a.constant && a.constant.data.length === 1 ? 0 : b.constant && b.constant.data.length === 1 ? 1 : -1;
  const act = scalarSide === 0 ? b : a;
  if (scalarSide < 0 || act.constant || act.bytes !== out.bytes || out.type !== act.type) return undefined;
  const c = numbersOf((scalarSide === 0 ? a : b).constant!)[0];
  return {
    table: qlinearBinaryTable(node.opType === 'QLinearMul', act.type as QType, scalarSide as 0 | 1, c, sc, twin),
    x: scalarSide === 0 ? node.inputs[3] : node.inputs[0],
  };
}

/**
 * The quantization of a QLinearAdd / QLinearMul of two computed operands on the element-wise kernel (operand A the
 * node's input 0), or undefined where the node runs otherwise (what the channel-gate fusion reads).
 */
export function binaryKernelQuant(node: Node, values: ReadonlyMap<string, PlannedValue>): BinaryQuant | undefined {
  const { a, b, sc, kernel, twin } = binaryFacts(node, values);
  if (!kernel || twin || a.constant || b.constant) return undefined;
  return { aScale: sc[0], aZeroPoint: sc[1], bScale: sc[2], bZeroPoint: sc[3], cScale: sc[4], cZeroPoint: sc[5] };
}

/**
 * A QLinearAdd (com.microsoft, or i8conv's uint8-twin form) of two same-shaped 8-bit values, neither a constant, that
 * the kernel runs: its quantization and whether it rounds as the uint8 twin; undefined otherwise. What a residual add
 * folded into the convolution that computes one operand must be (src/model/graph/passes/fuse-residual-adds.ts).
 */
export function sameShapeAdd(
  node: Node,
  values: ReadonlyMap<string, PlannedValue>,
): (BinaryQuant & { type: QType; twin: boolean }) | undefined {
  if (node.opType !== 'QLinearAdd' || (node.domain !== 'com.microsoft' && node.domain !== 'i8conv')) return undefined;
  const { a, b, out, sc, kernel, twin } = binaryFacts(node, values);
  if (!kernel || a.constant || b.constant || a.type !== out.type || b.type !== out.type) return undefined;
  if (a.dims.length !== b.dims.length || a.dims.some((d, i) => d !== b.dims[i] || d !== out.dims[i])) return undefined;
  const type = a.type as QType;
  return {
    aScale: sc[0],
    aZeroPoint: sc[1],
    bScale: sc[2],
    bZeroPoint: sc[3],
    cScale: sc[4],
    cZeroPoint: sc[5],
    type,
    twin,
  };
}

/** 8-bit operands with per-tensor parameters, B of A's shape, a scalar, or broadcast along channels. */
export const lowerQLinearBinary: Lower = (node, { name, values }) => {
  const { a, b, out, sc, fits, kernel, twin } = binaryFacts(node, values);
  if (!kernel) return undefined;
  const data = [a, b].map((v, i) => (v.constant ? -1 : i)).filter((i) => i >= 0);
  const q = { aScale: sc[0], aZeroPoint: sc[1], bScale: sc[2], bZeroPoint: sc[3], cScale: sc[4], cZeroPoint: sc[5] };
  return kernelLowering(
    node,
    name,
    [node.inputs[0], node.inputs[3]],
    follow(fits('NCHW44') && c4(out), data),
    (env, layout) =>
      new QLinearBinaryKernel(env.core, {
        op: node.opType === 'QLinearMul' ? 'mul' : 'add',
        type: a.type as QType,
        aDims: a.dims,
        bDims: b.dims,
        layout,
        twin,
        ...q,
      }),
    { second: true, inPlace: a.bytes === out.bytes },
  );
};
