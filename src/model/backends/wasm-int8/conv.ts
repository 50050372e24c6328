/**
 * Convolutions and matrix products of a model on the ConvBias pack (src/conv.ts), placed in the model's core
 * (ModelPlacement: arena pointers, shared scratch):
 *   QLinearConv                -> ConvBias (NCHW44 where an algorithm runs it, else NCHW; NCHW -> NCHW44 for IC < 4)
 *   QLinearMatMul, com.microsoft QGemm with a constant B -> ConvBias as a 1x1 convolution: A [M, K] is NCHW
 *                                 {N = M, C = K, 1, 1}, B^T the OIHW filter, the output [M, N] is {M, N, 1, 1}
 *   ConvInteger, MatMulInteger -> the same with int32 output
 * Weights: whenever every effective weight w - zp fits int8 (int8 weights with zero point 0, and any 8-bit weights
 * whose zero point leaves them in [-128, 127]) the pack's kernels run w - zp directly. Otherwise (uint8 weights with a
 * zero point, int8 with a nonzero one: effective weights of up to 9 bits) each output channel o gets a shift e_o with
 * w - zp - e_o in [-128, 127] (one exists: a channel of 8-bit weights spans at most 255; e_o = 0 where the channel
 * fits), and
 *   sum (w - zp)(x - x_zp) = sum (w - zp - e_o)(x - x_zp) + e_o * S,   S = sum over the window of (x - x_zp)
 * (padding holds x_zp, so it adds 0 to both): the main convolution runs the int8 filter w - zp - e_o on the fast
 * kernels (any algorithm of the pack), a window convolution (an all-ones filter, same geometry and source zero point;
 * one output channel block per group, as S is the same for every output channel of a group) gives S, and the
 * RequantizeInt32 kernel's window correction (./requant.ts) computes v = acc + e_o * S + bias (int32, wrapping: the
 * same integer onnxruntime sums) and stores it (ConvInteger, MatMulInteger) or requantizes it as onnxruntime does
 * (docs/int8-ops.md, QLinearConv, QLinearMatMul and QGemm).
 * An int32 output of batch 1 and one group (a CNN's ConvInteger) takes the correction in the kernels instead: the
 * window sums first, then the main convolution adds e_o * S as it stores each sum (windowInKernel; no int32 tensor
 * between two passes), and applies the float epilogue of fuse-integer-epilogue.ts there too.
 * Requantization of the fast path: ConvBias with rounding 'half-even' computes onnxruntime's
 * f(f(float(acc + bias) * f(f(x_s * w_s) / y_s))), RNE, + zp, saturate (README "Rounding contract").
 */
import { ConvBias } from '../../../conv.js';
import type { ConvBiasParams, ConvFormat } from '../../../params.js';
import { firstBadScale, normalizeConvParams } from '../../../params.js';
import { candidates } from '../../../algos/pack.js';
import type { Node, Tensor } from '../../graph/ir.js';
import type { Lowering, PlannedValue } from '../../lowering/values.js';
import {
  unsupported,
  type BuildEnv,
  type Lower,
  type LoweredNode,
  type StepImpl,
  type StepPointers,
  kernelStep,
} from '../../executor/step.js';
import { I8ConvError } from '../../../errors.js';
import { THREADED_BYTES, outputTable, tableInput } from './lower-common.js';
import { RequantizeKernel } from './requant.js';
import { ADD_RECORD_BYTES, type BinaryQuant, writeAddRecord } from './binary.js';
import type { QType } from '../types.js';
import { WindowSumKernel, windowSumLanes } from './window-sum.js';
import { attrFloat, attrInt, attrInts, spatialPads } from '../../graph/attrs.js';

const f32 = Math.fround;

interface ConvSpec {
  /** the ConvBias parameters but for format */
  params: Omit<ConvBiasParams, 'format'>;
  /** OIHW 8-bit weights as stored (their zero points not subtracted) */
  weights: Int8Array | Uint8Array;
  /** the weight initializer's array (a matrix product's B [K, N] before its transposition) */
  source: Int8Array | Uint8Array;
  /** the weights' zero point per output channel */
  weightZp: number[];
  /** per output channel, the least and the greatest weight minus its zero point (exact integers, up to 9 bits) */
  lo: Int32Array;
  hi: Int32Array;
  /** every weight minus its zero point fits int8: one convolution (else the shifted weights and the window sums) */
  fits: boolean;
  bias: Int32Array | undefined;
  /** the output type: int8 / uint8 (requantized), int32 (ConvInteger, MatMulInteger) */
  outType: 'int8' | 'uint8' | 'int32';
  outZeroPoint: number;
  matmul: boolean;
  /** the value that holds x's zero point where it is computed at run time (ConvInteger / MatMulInteger) */
  dynamicZp?: string;
}

function constant(values: ReadonlyMap<string, PlannedValue>, node: Node, k: number, what: string): Tensor {
  const name = node.inputs[k];
  const v = name ? values.get(name) : undefined;
  if (!v?.constant) unsupported(node, `${what} (input ${k}) must be a constant`);
  return v.constant;
}
function scalar(node: Node, t: Tensor | undefined, what: string, dflt: number): number {
  if (!t) return dflt;
  if (t.data.length !== 1) unsupported(node, `${what} must be a scalar (per-tensor), it has ${t.data.length} elements`);
  return numbers(t)[0];
}
/** numbersOf(t) (graph/attrs.ts): the tensor's values as numbers, copied by a loop (no iterator). */
function numbers(t: Tensor): number[] {
  const d = t.data;
  const out = new Array<number>(d.length);
  if (d instanceof BigInt64Array) for (let i = 0; i < d.length; i++) out[i] = Number(d[i]);
  else for (let i = 0; i < d.length; i++) out[i] = (d as ArrayLike<number>)[i];
  return out;
}

function perChannel(node: Node, t: Tensor | undefined, n: number, what: string, dflt: number): number[] {
  if (!t) return new Array(n).fill(dflt);
  const v = numbers(t);
  if (v.length === 1) return new Array(n).fill(v[0]);
  if (v.length !== n) unsupported(node, `${what} has ${v.length} elements for ${n} output channels`);
  return v;
}
/**
 * The weight scales per output channel (one value repeated, or one per channel; 1 without a w_scale input), each a
 * finite positive float32 (else UNSUPPORTED_OP). A float32 tensor's values are copied and checked by their bits
 * (firstBadScale), not read one by one.
 */
function scalesOf(node: Node, t: Tensor | undefined, oc: number): Float32Array {
  if (!t) return new Float32Array(oc).fill(1);
  if (t.data.length !== 1 && t.data.length !== oc)
    unsupported(node, `w_scale has ${t.data.length} elements for ${oc} output channels`);
  let out: Float32Array;
  if (t.data instanceof Float32Array)
    out = t.data.length === oc ? t.data.slice() : new Float32Array(oc).fill(t.data[0]);
  else {
    const v = numbers(t);
    out = new Float32Array(oc);
    for (let o = 0; o < oc; o++) {
      checkScale(node, v[v.length === 1 ? 0 : o], 'w_scale');
      out[o] = v[v.length === 1 ? 0 : o];
    }
  }
  const bad = firstBadScale(out);
  if (bad >= 0) checkScale(node, out[bad], 'w_scale');
  return out;
}
function checkScale(node: Node, s: number, what: string): void {
  if (!(s > 0 && Number.isFinite(s) && f32(s) > 0)) unsupported(node, `${what} ${s} is not a finite positive float32`);
}

/**
 * B [K, N] as [N, K] (row o: column o of B), of B's element type. Kept per B until the step is built (the fusion
 * passes ask a matrix product's spec before the lowering does, and channelRanges keeps its answer per transposed
 * array); the build forgets it, so that a model keeps no copy of its weights.
 */
function transposed(b: Int8Array | Uint8Array, k: number, n: number): Int8Array | Uint8Array {
  const had = TRANSPOSED.get(b);
  if (had && had.length === k * n && had.k === k) return had.out;
  const out = transposeBytes(b, k, n);
  TRANSPOSED.set(b, { k, length: k * n, out });
  return out;
}
/** B [K, N] as [N, K] (row o: column o of B), of B's element type, a new array (graph/passes/matmul-rows.ts too). */
export function transposeBytes(b: Int8Array | Uint8Array, k: number, n: number): Int8Array | Uint8Array {
  return b instanceof Int8Array ? transposeI8(b, k, n) : transposeU8(b, k, n);
}
const TRANSPOSED = new WeakMap<Int8Array | Uint8Array, { k: number; length: number; out: Int8Array | Uint8Array }>();
// one loop per array class (each stays monomorphic; see scanI8), in tiles of 64 x 64 (a tile's rows of B and of the
// output stay in the L1 cache: a whole row of the output, k bytes apart for each value, did not; 8 MB 62 -> 9 ms)
const TILE = 64;
function transposeI8(b: Int8Array, k: number, n: number): Int8Array {
  const out = new Int8Array(k * n);
  for (let i0 = 0; i0 < k; i0 += TILE)
    for (let o0 = 0; o0 < n; o0 += TILE) {
      const i1 = Math.min(k, i0 + TILE),
        o1 = Math.min(n, o0 + TILE);
      for (let o = o0; o < o1; o++) for (let i = i0, w = o * k; i < i1; i++) out[w + i] = b[i * n + o];
    }
  return out;
}
function transposeU8(b: Uint8Array, k: number, n: number): Uint8Array {
  const out = new Uint8Array(k * n);
  for (let i0 = 0; i0 < k; i0 += TILE)
    for (let o0 = 0; o0 < n; o0 += TILE) {
      const i1 = Math.min(k, i0 + TILE),
        o1 = Math.min(n, o0 + TILE);
      for (let o = o0; o < o1; o++) for (let i = i0, w = o * k; i < i1; i++) out[w + i] = b[i * n + o];
    }
  return out;
}

/**
 * Per output channel o (rows of w.length / oc weights), the least and the greatest w - zp[o], with both bounds 0 or
 * beyond (what channelShifts needs; whether the channel fits int8). A channel of int8 weights with zero point 0 fits
 * whatever it holds: its bounds are not scanned ([-128, 127]). Kept per weight array while it lives (the fusion
 * passes ask a convolution's spec before the lowering does).
 */
function channelRanges(
  w: Int8Array | Uint8Array,
  oc: number,
  zp: readonly number[],
): { lo: Int32Array; hi: Int32Array } {
  const had = RANGES.get(w);
  if (had && had.oc === oc && had.zp.length === zp.length && had.zp.every((z, i) => z === zp[i])) return had;
  const per = w.length / oc;
  const lo = new Int32Array(oc);
  const hi = new Int32Array(oc);
  const signed = w instanceof Int8Array;
  for (let o = 0; o < oc; o++) {
    const z = zp[o];
    if (signed && z === 0) {
      lo[o] = -128;
      hi[o] = 127;
      continue;
    }
    if (per === 0) continue;
    // the raw least and greatest weight of the row (one loop per array type: each stays monomorphic)
    if (signed) scanI8(w, o * per, o * per + per);
    else scanU8(w as Uint8Array, o * per, o * per + per);
    lo[o] = Math.min(0, MIN - z);
    hi[o] = Math.max(0, MAX - z);
  }
  const r = { oc, zp: [...zp], lo, hi };
  RANGES.set(w, r);
  return r;
}

const RANGES = new WeakMap<Int8Array | Uint8Array, { oc: number; zp: number[]; lo: Int32Array; hi: Int32Array }>();

/**
 * scanI8 / scanU8's answer: the least and the greatest value of the range scanned. Two copies of one loop on purpose:
 * each stays monomorphic (one typed-array class per call site), which V8 runs several times faster than one shared
 * loop over both classes (the load-time measurements in docs/model.md).
 */
let MIN = 0;
let MAX = 0;
function scanI8(w: Int8Array, from: number, to: number): void {
  let a = 127;
  let b = -128;
  for (let i = from; i < to; i++) {
    const v = w[i];
    if (v < a) a = v;
    if (v > b) b = v;
  }
  MIN = a;
  MAX = b;
}
function scanU8(w: Uint8Array, from: number, to: number): void {
  let a = 255;
  let b = 0;
  for (let i = from; i < to; i++) {
    const v = w[i];
    if (v < a) a = v;
    if (v > b) b = v;
  }
  MIN = a;
  MAX = b;
}

/**
 * The int8 filter the kernels run: w - zp[o] - e[o] per output channel o (e: the channel's shift, none when absent).
 * Int8 weights with zero point 0 everywhere and no shifts are that filter already (returned as they are).
 */
function int8Filter(spec: ConvSpec, shifts?: Int32Array): Int8Array {
  const w = spec.weights;
  const oc = spec.params.oc;
  const zp = spec.weightZp;
  if (w instanceof Int8Array && !shifts && zp.every((z) => z === 0)) return w;
  const per = w.length / oc;
  const out = new Int8Array(w.length);
  for (let o = 0; o < oc; o++) {
    const d = zp[o] + (shifts ? shifts[o] : 0);
    if (w instanceof Int8Array) minusI8(w, out, o * per, o * per + per, d);
    else minusU8(w, out, o * per, o * per + per, d);
  }
  return out;
}
function minusI8(w: Int8Array, out: Int8Array, from: number, to: number, d: number): void {
  for (let i = from; i < to; i++) out[i] = w[i] - d;
}
function minusU8(w: Uint8Array, out: Int8Array, from: number, to: number, d: number): void {
  for (let i = from; i < to; i++) out[i] = w[i] - d;
}

/** The spec of a node, or an UNSUPPORTED_OP error. */
function convSpec(node: Node, values: ReadonlyMap<string, PlannedValue>): ConvSpec {
  const v = (k: number): PlannedValue => values.get(node.inputs[k])!;
  const op = node.opType;
  const isConv = op === 'QLinearConv' || op === 'ConvInteger';
  const integer = op === 'ConvInteger' || op === 'MatMulInteger';
  // input indices: [x, x_s, x_zp, w, w_s, w_zp, y_s, y_zp, bias]
  const I = integer
    ? { x: 0, xs: -1, xzp: 2, w: 1, ws: -1, wzp: 3, ys: -1, yzp: -1, b: -1 }
    : op === 'QGemm'
      ? { x: 0, xs: 1, xzp: 2, w: 3, ws: 4, wzp: 5, ys: 7, yzp: 8, b: 6 }
      : { x: 0, xs: 1, xzp: 2, w: 3, ws: 4, wzp: 5, ys: 6, yzp: 7, b: 8 };
  const has = (k: number) => k >= 0 && k < node.inputs.length && node.inputs[k] !== '';
  const x = v(I.x);
  if (x.type !== 'int8' && x.type !== 'uint8') unsupported(node, `input type ${x.type}`);
  const wT = constant(values, node, I.w, 'the weight');
  if (wT.type !== 'int8' && wT.type !== 'uint8') unsupported(node, `weight type ${wT.type}`);
  const xScale = has(I.xs) ? scalar(node, constant(values, node, I.xs, 'x_scale'), 'x_scale', 1) : 1;
  // ConvInteger / MatMulInteger after a DynamicQuantizeLinear: x's zero point is computed at run time (a scalar of x's
  // type), set on the convolution before each run (ConvBias.setSourceZeroPoint)
  const xzpValue = has(I.xzp) ? values.get(node.inputs[I.xzp]) : undefined;
  const dynamicZp = integer && !!xzpValue && !xzpValue.constant;
  if (dynamicZp && (xzpValue!.type !== x.type || xzpValue!.dims.reduce((a, b) => a * b, 1) !== 1))
    unsupported(node, `x_zero_point is a computed ${xzpValue!.type} [${xzpValue!.dims}], not a scalar of x's type`);
  const xZp = dynamicZp
    ? x.type === 'uint8'
      ? 128
      : 0
    : has(I.xzp)
      ? scalar(node, constant(values, node, I.xzp, 'x_zero_point'), 'x_zero_point', 0)
      : 0;
  let outType: 'int8' | 'uint8' | 'int32' = 'int32';
  let yScale: number | undefined;
  let yZp = 0;
  if (!integer) {
    if (!has(I.ys)) unsupported(node, 'float output (no y_scale) is not supported');
    yScale = scalar(node, constant(values, node, I.ys, 'y_scale'), 'y_scale', 1);
    const yz = has(I.yzp) ? constant(values, node, I.yzp, 'y_zero_point') : undefined;
    yZp = scalar(node, yz, 'y_zero_point', 0);
    // the output type is the zero point's (uint8 when it is absent, as ONNX says)
    if (yz && yz.type !== 'int8' && yz.type !== 'uint8') unsupported(node, `output type ${yz.type}`);
    outType = yz?.type === 'int8' ? 'int8' : 'uint8';
    checkScale(node, xScale, 'x_scale');
    checkScale(node, yScale, 'y_scale');
  }
  // the 8-bit weights as they are (a typed array: no copy into numbers, which costs seconds on a large model)
  const wData = wT.data as Int8Array | Uint8Array;
  let oc: number,
    icpg: number,
    fh: number,
    fw: number,
    group = 1;
  let geometry: Partial<ConvBiasParams>;
  let n: number, ih: number, iw: number;
  let weightsOIHW: Int8Array | Uint8Array;
  if (isConv) {
    const xd = x.dims,
      wd = wT.dims;
    if (xd.length !== 4 && xd.length !== 3)
      unsupported(node, `${xd.length - 2}-D convolutions are not supported (1-D and 2-D are)`);
    const rank1 = xd.length === 3;
    [n, ih, iw] = rank1 ? [xd[0], 1, xd[2]] : [xd[0], xd[2], xd[3]];
    oc = wd[0];
    icpg = wd[1];
    [fh, fw] = rank1 ? [1, wd[2]] : [wd[2], wd[3]];
    group = attrInt(node, 'group', 1);
    const k1 = (a: number[] | undefined, d: number): number[] => (a === undefined ? [d, d] : rank1 ? [1, a[0]] : a);
    const strides = k1(attrInts(node, 'strides'), 1);
    const dil = k1(attrInts(node, 'dilations'), 1);
    const kernel = attrInts(node, 'kernel_shape');
    if (kernel && (rank1 ? kernel[0] !== fw : kernel[0] !== fh || kernel[1] !== fw))
      unsupported(node, `kernel_shape [${kernel}] differs from the weight's`);
    let pads: [number, number, number, number];
    if (rank1) {
      const p1 = attrInts(node, 'pads') ?? [0, 0];
      const ap = node.attributes.get('auto_pad');
      if (ap && !(ap.kind === 'string' && (ap.value === 'NOTSET' || ap.value === 'VALID')))
        unsupported(node, 'auto_pad SAME on a 1-D convolution');
      pads = ap?.kind === 'string' && ap.value === 'VALID' ? [0, 0, 0, 0] : [0, p1[0], 0, p1[1]];
    } else {
      pads = spatialPads(node, [ih, iw], [fh, fw], strides, dil);
    }
    geometry = {
      n,
      ic: icpg * group,
      ih,
      iw,
      oc,
      fh,
      fw,
      stride: [strides[0], strides[1]],
      dilation: [dil[0], dil[1]],
      pad: pads,
      group,
    };
    weightsOIHW = wData;
  } else {
    // A [..., M, K] x B [K, N] (or QGemm's transB B [N, K])
    const ad = x.dims;
    if (ad.length < 2) unsupported(node, `A of rank ${ad.length}`);
    if (op === 'QGemm' && attrInt(node, 'transA', 0) !== 0) unsupported(node, 'transA = 1');
    const transB = op === 'QGemm' && attrInt(node, 'transB', 0) === 1;
    if (wT.dims.length !== 2) unsupported(node, `B must be a 2-D constant, it is [${wT.dims}]`);
    const [k, nn] = transB ? [wT.dims[1], wT.dims[0]] : wT.dims;
    if (ad[ad.length - 1] !== k) unsupported(node, `A [${ad}] and B [${wT.dims}] do not multiply`);
    n = ad.slice(0, -1).reduce((a, b) => a * b, 1);
    oc = nn;
    icpg = k;
    fh = fw = 1;
    ih = iw = 1;
    geometry = { n, ic: k, ih: 1, iw: 1, oc, fh: 1, fw: 1 };
    // QGemm's transB B [N, K] is OIHW already; B [K, N] is transposed
    weightsOIHW = transB ? wData : transposed(wData, k, nn);
  }
  const wzp = perChannel(
    node,
    has(I.wzp) ? constant(values, node, I.wzp, 'w_zero_point') : undefined,
    oc,
    'w_zero_point',
    0,
  );
  const wScales = scalesOf(node, has(I.ws) ? constant(values, node, I.ws, 'w_scale') : undefined, oc);
  let srcScale = xScale;
  if (op === 'QGemm') {
    const alpha = attrFloat(node, 'alpha', 1);
    if (attrFloat(node, 'beta', 1) !== 1 && has(I.b)) unsupported(node, 'beta != 1 with a bias');
    srcScale = f32(f32(alpha) * f32(xScale)); // onnxruntime: f(f(f(alpha * a_s) * b_s) / y_s)
    checkScale(node, srcScale, 'alpha * a_scale');
  }
  const { lo, hi } = channelRanges(weightsOIHW, oc, wzp);
  let fits = true;
  for (let o = 0; o < oc; o++) if (lo[o] < -128 || hi[o] > 127) fits = false;
  let bias: Int32Array | undefined;
  if (has(I.b)) {
    const b = constant(values, node, I.b, 'the bias');
    if (b.type !== 'int32') unsupported(node, `bias type ${b.type}`);
    const bv = numbers(b);
    if (bv.length !== oc && bv.length !== 1)
      unsupported(node, `bias of ${bv.length} elements for ${oc} output channels`);
    bias = bv.length === 1 ? new Int32Array(oc).fill(bv[0]) : new Int32Array(bv);
  }
  const srcType = x.type;
  if (!Number.isInteger(xZp) || xZp < (srcType === 'uint8' ? 0 : -128) || xZp > (srcType === 'uint8' ? 255 : 127))
    unsupported(node, `x_zero_point ${xZp}`);
  const params: Omit<ConvBiasParams, 'format'> = {
    ...(geometry as Omit<ConvBiasParams, 'format' | 'srcScale' | 'filterScale'>),
    srcScale,
    filterScale: wScales,
    srcType,
    srcZeroPoint: xZp,
    ...(outType === 'int32' ? {} : { dstScale: yScale, dstType: outType, dstZeroPoint: yZp }),
    biasMode: bias ? 'channel' : 'none',
    rounding: 'half-even',
  };
  return {
    params,
    weights: weightsOIHW,
    source: wData,
    weightZp: wzp,
    lo,
    hi,
    fits,
    bias,
    outType,
    outZeroPoint: yZp,
    matmul: !isConv,
    dynamicZp: dynamicZp ? node.inputs[I.xzp] : undefined,
  };
}

/** The parameters of an int32-output convolution of the spec (no bias, no requantization). */
const int32Params = (spec: ConvSpec): Omit<ConvBiasParams, 'format'> => ({
  ...spec.params,
  dstScale: undefined,
  dstType: 'int32',
  dstZeroPoint: 0,
  biasMode: 'none',
});

/** Whether some algorithm of the pack runs the convolution in a format. */
function formatRuns(spec: ConvSpec, format: ConvFormat, intOut: boolean): boolean {
  try {
    const p = intOut ? int32Params(spec) : spec.params;
    return candidates(normalizeConvParams({ ...p, format } as ConvBiasParams)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Per output channel, the shift e that brings the channel's effective weights into int8 (w - zp - e in [-128, 127]):
 * 0 where they fit already, else the one nearest 0 (8-bit weights span at most 255, so one exists).
 */
function channelShifts(spec: ConvSpec): Int32Array {
  const { lo, hi } = spec;
  const e = new Int32Array(lo.length);
  for (let o = 0; o < lo.length; o++) e[o] = hi[o] > 127 ? hi[o] - 127 : lo[o] < -128 ? lo[o] + 128 : 0;
  return e;
}

/**
 * Whether the window sums and their correction take a shifted convolution whose output is NCHW44 (format NCHW44 or
 * NCHW_NCHW44): the sums are one plane per group whose 4 channels of an output block share it (groups of whole
 * blocks), or one per channel of a depthwise source.
 */
function windowTakesNchw44(spec: ConvSpec, format: ConvFormat): boolean {
  const p = spec.params;
  const g = p.group ?? 1;
  const lanes = windowSumLanes(format === 'NCHW44' ? 'NCHW44' : 'NCHW', p.ic, g);
  const ocpg = p.oc / g;
  return lanes === 1 ? g === 1 || ocpg % 4 === 0 : lanes === 4 && ocpg === 1;
}

/**
 * The window correction's map (./requant.ts WindowCorrection) from output channels to window sums: planar sums (one
 * per group) are read at the channel's group (NCHW), or at the group of an output block's channels (NCHW44, splat);
 * per-channel sums of a depthwise NCHW44 source lane for lane.
 */
function windowCorrection(spec: ConvSpec, shifts: Int32Array, lanes: 1 | 4, nchw44: boolean) {
  const g = spec.params.group ?? 1;
  const oc = spec.params.oc;
  const ocpg = oc / g;
  if (!nchw44) {
    const planar = new Int32Array(oc);
    for (let c = 0; c < oc; c++) planar[c] = Math.floor(c / ocpg);
    return { shifts, sumChannels: g, map: planar };
  }
  const map = new Int32Array(oc / 4);
  for (let b = 0; b < map.length; b++) map[b] = lanes === 4 ? b : Math.floor((4 * b) / ocpg);
  return { shifts, sumChannels: g, map, splat: lanes === 1 };
}

/** onnxruntime's per-channel requantization scales f(f(x_s * w_s) / y_s) of an 8-bit output. */
function requantScales(spec: ConvSpec): Float32Array {
  const p = spec.params;
  const ws = p.filterScale as Float32Array;
  const out = new Float32Array(ws.length);
  for (let i = 0; i < ws.length; i++) out[i] = f32(f32(f32(p.srcScale) * f32(ws[i])) / f32(p.dstScale!));
  return out;
}

/** A QLinearMatMul whose B is no constant 2-D tensor (the host runs it). */
const computedB = (node: Node, values: ReadonlyMap<string, PlannedValue>): boolean =>
  node.opType === 'QLinearMatMul' &&
  (!values.get(node.inputs[3])?.constant || values.get(node.inputs[3])!.dims.length !== 2);

/**
 * QLinearConv, QLinearMatMul and QGemm with a constant 2-D B, ConvInteger, MatMulInteger: a ConvBias of the pack
 * (the operator table's lowering of the convolutions and matrix products). Their i8conv forms (made by
 * src/model/graph/passes/fuse-output-tables.ts) carry an `output_table` the kernels apply to every output byte.
 */
export const lowerConvOp: Lower = (node, { name, values }) =>
  computedB(node, values) ? undefined : lowerConv(node, name, values);

/**
 * Whether a node is a QLinearConv (or its tabled i8conv form, no residual add yet) that lowers to one ConvBias of the
 * pack (not the two-convolution path of a weight zero point) with an 8-bit output and a constant source zero point:
 * a QLinearAdd of its output and a same-shaped value can be applied as it stores (fuse-residual-adds.ts).
 */
export function convTakesResidualAdd(node: Node, values: ReadonlyMap<string, PlannedValue>): boolean {
  if (node.opType !== 'QLinearConv' || (node.domain !== '' && node.domain !== 'i8conv')) return false;
  if (node.domain === 'i8conv' && (node.inputs[9] ?? '') !== '') return false; // it has one already
  try {
    const s = convSpec(node, values);
    return s.fits && s.outType !== 'int32' && s.dynamicZp === undefined;
  } catch (e) {
    if (e instanceof I8ConvError) return false;
    throw e;
  }
}

/** The residual add an i8conv QLinearConv carries (inputs 9 .. 15: fuse-residual-adds.ts), or undefined. */
export interface ResidualAdd {
  /** the other operand (input 9) */
  r: string;
  quant: BinaryQuant & { type: QType; twin: boolean };
}
export function residualAddOf(node: Node, values: ReadonlyMap<string, PlannedValue>): ResidualAdd | undefined {
  if (node.domain !== 'i8conv' || node.opType !== 'QLinearConv' || !node.inputs[9]) return undefined;
  if (node.inputs.length !== 16)
    unsupported(node, `a residual add takes inputs 9 .. 15, got ${node.inputs.length} inputs`);
  const r = values.get(node.inputs[9])!;
  const y = values.get(node.outputs[0])!;
  if (r.type !== y.type || (r.type !== 'uint8' && r.type !== 'int8') || r.constant)
    unsupported(node, `the residual operand is ${r.constant ? 'a constant' : r.type}, the output ${y.type}`);
  if (r.dims.length !== y.dims.length || r.dims.some((d, i) => d !== y.dims[i]))
    unsupported(node, `the residual operand [${r.dims}] is not of the output's dims [${y.dims}]`);
  const num = (k: number, what: string, zp: boolean): number =>
    scalar(node, node.inputs[k] ? constant(values, node, k, what) : undefined, what, zp ? 0 : 1);
  const tw = node.attributes.get('twin');
  return {
    r: node.inputs[9],
    quant: {
      aScale: num(10, 'the output scale before the add', false),
      aZeroPoint: num(11, 'the output zero point before the add', true),
      bScale: num(12, 'the residual scale', false),
      bZeroPoint: num(13, 'the residual zero point', true),
      cScale: num(14, 'the sum scale', false),
      cZeroPoint: num(15, 'the sum zero point', true),
      type: r.type as QType,
      twin: tw?.kind === 'int' && tw.value === 1,
    },
  };
}

/**
 * Whether a ConvInteger / MatMulInteger can apply the float epilogue after it (fuse-integer-epilogue.ts): where its
 * kernels store the sums (batch 1, one group: windowInKernel), or where the weights were shifted per channel and the
 * window correction's pass stores them.
 */
export function convTakesFloatEpilogue(node: Node, values: ReadonlyMap<string, PlannedValue>): boolean {
  if (node.opType !== 'ConvInteger' && node.opType !== 'MatMulInteger') return false;
  try {
    // weights that fit take it where the kernels apply it as they store (batch 1, one group: windowInKernel)
    const s = convSpec(node, values);
    return !s.fits || (s.params.n === 1 && (s.params.group ?? 1) === 1);
  } catch (e) {
    if (e instanceof I8ConvError) return false;
    throw e;
  }
}

/**
 * Whether a ConvInteger can start its accumulators from an int32 bias (input 6: fuse-integer-epilogue.ts): the window
 * correction in the kernels, batch 1 and one group.
 */
export function convTakesIntBias(node: Node, values: ReadonlyMap<string, PlannedValue>): boolean {
  if (node.opType !== 'ConvInteger') return false;
  try {
    const s = convSpec(node, values);
    return s.params.n === 1 && (s.params.group ?? 1) === 1;
  } catch (e) {
    if (e instanceof I8ConvError) return false;
    throw e;
  }
}

/** The float epilogue an i8conv ConvInteger / MatMulInteger carries (inputs 4, 5: fuse-integer-epilogue.ts). */
interface FloatEpilogue {
  /** the scale S: its constant values (1 or C), or the computed value read each run */
  scale: Float32Array | string;
  /** B per output channel, or none */
  bias: Float32Array | undefined;
  relu: boolean;
}

/**
 * The int32 bias an i8conv ConvInteger adds to its sums (input 6: fuse-integer-epilogue.ts; before the float epilogue
 * where it has one, else its int32 output): the constant values per output channel, or the computed value read each
 * run; or none.
 */
function intBiasOf(node: Node, values: ReadonlyMap<string, PlannedValue>, oc: number): Int32Array | string | undefined {
  if (node.domain !== 'i8conv' || node.opType !== 'ConvInteger') return undefined;
  const ibName = node.inputs[6] ?? '';
  if (ibName === '') return undefined;
  const bv = values.get(ibName)!;
  const n = bv.dims.reduce((a, b) => a * b, 1);
  if (bv.type !== 'int32' || (n !== 1 && n !== oc))
    unsupported(node, `the int32 bias is ${bv.type} [${bv.dims}], not int32 of 1 or ${oc} values`);
  if (!bv.constant) return ibName;
  const d = bv.constant.data as Int32Array;
  return d.length === 1 ? new Int32Array(oc).fill(d[0]) : Int32Array.from(d);
}

function floatEpilogueOf(node: Node, values: ReadonlyMap<string, PlannedValue>, oc: number): FloatEpilogue | undefined {
  if (node.domain !== 'i8conv' || (node.opType !== 'ConvInteger' && node.opType !== 'MatMulInteger')) return undefined;
  const sName = node.inputs[4] ?? '';
  // an int32 bias alone: int32 output
  if (sName === '' && (node.inputs[6] ?? '') !== '') return undefined;
  if (sName === '') unsupported(node, 'the float epilogue needs its scale (input 4)');
  const sv = values.get(sName)!;
  const count = sv.dims.reduce((a, b) => a * b, 1);
  if (sv.type !== 'float32' || (count !== 1 && count !== oc))
    unsupported(node, `the epilogue scale is ${sv.type} [${sv.dims}], not float32 of 1 or ${oc} values`);
  const scale = sv.constant ? Float32Array.from(sv.constant.data as Float32Array) : sName;
  let bias: Float32Array | undefined;
  if ((node.inputs[5] ?? '') !== '') {
    const b = constant(values, node, 5, 'the epilogue bias');
    if (b.type !== 'float32' || (b.data.length !== 1 && b.data.length !== oc))
      unsupported(node, `the epilogue bias is ${b.type} of ${b.data.length} values for ${oc} channels`);
    const d = b.data as Float32Array;
    bias = d.length === 1 ? new Float32Array(oc).fill(d[0]) : Float32Array.from(d);
  }
  const act = node.attributes.get('activation');
  if (act && !(act.kind === 'string' && act.value === 'Relu')) unsupported(node, 'activation other than Relu');
  return { scale, bias, relu: !!act };
}

/** Whether a node lowers to a ConvBias with an 8-bit output, so that a look-up after it can be applied as it stores. */
export function convTakesOutputTable(node: Node, values: ReadonlyMap<string, PlannedValue>): boolean {
  const key = `${node.domain}:${node.opType}`;
  if ((key !== ':QLinearConv' && key !== ':QLinearMatMul' && key !== 'com.microsoft:QGemm') || computedB(node, values))
    return false;
  try {
    return convSpec(node, values).outType !== 'int32';
  } catch (e) {
    if (e instanceof I8ConvError) return false;
    throw e;
  }
}

export function lowerConv(node: Node, name: string, values: Map<string, PlannedValue>): LoweredNode {
  const spec = convSpec(node, values);
  let held: ConvSpec | undefined = spec;
  const table = outputTable(node);
  const add = residualAddOf(node, values);
  const epilogue = floatEpilogueOf(node, values, spec.params.oc);
  const intBias = intBiasOf(node, values, spec.params.oc);
  // the float epilogue (and an int32 bias) is applied by the window correction (with shifts of 0 where the weights fit)
  const general = !spec.fits || epilogue !== undefined || intBias !== undefined;
  if (add && (general || spec.outType === 'int32' || spec.dynamicZp !== undefined))
    unsupported(node, 'a residual add needs the one-convolution path with an 8-bit output');
  const intOut = general || spec.outType === 'int32';
  const p = spec.params;
  const nchw44 = !spec.matmul && formatRuns(spec, 'NCHW44', intOut) && (!general || windowTakesNchw44(spec, 'NCHW44'));
  const hybrid = !spec.matmul && !nchw44 && p.ic < 4 && (p.group ?? 1) === 1 && formatRuns(spec, 'NCHW_NCHW44', intOut);
  const y = node.outputs[0];
  const outputs = [y];
  if (general) {
    if (spec.outType !== 'int32' && requantScales(spec).some((k) => !(k > 0 && Number.isFinite(k))))
      unsupported(node, 'x_scale * w_scale / y_scale is not a finite positive float32 for every channel');
    // values of their own, alive during the step only (named after the convolution's own output where a look-up was
    // folded into it): the int32 accumulators of an 8-bit output, the channel sums and the window sums (one int32 per
    // group and pixel, or per channel of a depthwise source: g planes either way)
    const yv = values.get(y)!;
    const base = tableInput(node) ?? y;
    const s = normalizeConvParams({ ...int32Params(spec), format: 'NCHW' } as ConvBiasParams);
    const temps: [string, number[]][] = [
      [`${base}#sum`, [s.n, s.group, s.ih, s.iw]],
      [`${base}#win`, [s.n, s.group, s.oh, s.ow]],
    ];
    if (spec.outType !== 'int32') temps.unshift([`${base}#acc`, [...yv.dims]]);
    for (const [t, dims] of temps) {
      values.set(t, {
        name: t,
        type: 'int32',
        dims,
        layout: 'NCHW',
        bytes: dims.reduce((a, b) => a * b, 1) * 4,
        offset: -1,
      });
      outputs.push(t);
    }
  }
  const inputs = spec.dynamicZp ? [node.inputs[0], spec.dynamicZp] : [node.inputs[0]];
  // a computed epilogue scale, a computed int32 bias: read each run
  if (typeof epilogue?.scale === 'string') inputs.push(epilogue.scale);
  if (typeof intBias === 'string') inputs.push(intBias);
  // the residual operand: the last input, in the output's layout
  if (add) inputs.push(add.r);
  return {
    name,
    op: node.opType,
    node,
    inputs,
    outputs,
    rule: add ? { kind: 'conv', nchw44, hybrid, withOutput: [inputs.length - 1] } : { kind: 'conv', nchw44, hybrid },
    // the spec (a transposed copy of a matrix product's weights) goes with the first build, so that the model, which
    // keeps its steps, keeps no copy of any weight; a later build computes it again
    build: (env, step) => {
      const s = held ?? convSpec(node, values);
      held = undefined;
      TRANSPOSED.delete(s.source);
      if (s.matmul && !add && s.params.n >= MATMUL_PLANE_ROWS)
        return matmulAsPlane(env, step, s, general, table, epilogue);
      return buildConv(env, step, s, general, table, add, epilogue, intBias);
    },
  };
}

/**
 * Rows of A from which a matrix product runs as one image: below, as a batch of 1 x 1 images (each image's task
 * reads every weight; a plane of 1 pixel leaves the GEMM kernels' pixel lanes empty).
 */
const MATMUL_PLANE_ROWS = 4;

/**
 * A matrix product A [M, K] x B of M >= MATMUL_PLANE_ROWS rows as a 1x1 convolution of one image of M pixels: A^T
 * ([K][M], NCHW) written into the step's scratch, the convolution (its algorithm, window correction and epilogue as
 * for any image: every weight read once per run, not once per row) writing C^T ([N][M]) after it, transposed into the
 * output [M, N]. Each output is the same sum, so the same bits.
 */
function matmulAsPlane(
  env: BuildEnv,
  step: Lowering,
  spec: ConvSpec,
  general: boolean,
  table: Uint8Array | undefined,
  epilogue: FloatEpilogue | undefined,
): StepImpl {
  const m = spec.params.n;
  const k = spec.params.ic;
  const oc = spec.params.oc;
  const inner = buildConv(
    env,
    step,
    { ...spec, params: { ...spec.params, n: 1, ih: 1, iw: m } },
    general,
    table,
    undefined,
    epilogue,
  );
  const esize = epilogue || spec.outType === 'int32' ? 4 : 1;
  const at = (inner.scratchBytes + 15) & ~15;
  const aBytes = (m * k + 15) & ~15;
  const cBytes = m * oc * esize;
  const core = env.core;
  /** A [M][K] (8-bit) at `a` -> [K][M] at `to`. */
  const transposeIn = (a: number, to: number) => {
    const u8 = core.u8();
    for (let r = 0; r < m; r++) {
      const row = a + r * k;
      for (let c = 0; c < k; c++) u8[to + c * m + r] = u8[row + c];
    }
  };
  /** C^T [N][M] at `from` -> [M][N] at `y` (4-byte or 1-byte elements). */
  const transposeOut = (from: number, y: number) => {
    if (esize === 4) {
      const i32 = core.i32();
      const f = from >> 2,
        o = y >> 2;
      for (let c = 0; c < oc; c++) {
        const src = f + c * m;
        for (let r = 0; r < m; r++) i32[o + r * oc + c] = i32[src + r];
      }
      return;
    }
    const u8 = core.u8();
    for (let c = 0; c < oc; c++) {
      const src = from + c * m;
      for (let r = 0; r < m; r++) u8[y + r * oc + c] = u8[src + r];
    }
  };
  const around = (p: StepPointers): StepPointers => {
    const aT = p.scratch + at;
    transposeIn(p.inputs[0], aT);
    return { inputs: [aT, ...p.inputs.slice(1)], outputs: [aT + aBytes, ...p.outputs.slice(1)], scratch: p.scratch };
  };
  return {
    algorithm: `${inner.algorithm}+plane`,
    bytes: inner.bytes,
    scratchBytes: at + aBytes + cBytes,
    macs: inner.macs,
    run: (p) => {
      const q = around(p);
      inner.run(q);
      transposeOut(q.outputs[0], p.outputs[0]);
    },
    runAsync: async (p) => {
      const q = around(p);
      await (inner.runAsync ? inner.runAsync(q) : inner.run(q));
      transposeOut(q.outputs[0], p.outputs[0]);
    },
    dispose: () => inner.dispose(),
  };
}

/** The window sums kernel of a shifted convolution's source (one planar sum per group and pixel). */
function windowSums(env: BuildEnv, main: ConvBias, inLayout: 'NCHW' | 'NCHW44'): WindowSumKernel {
  const s = main.params;
  return new WindowSumKernel(env.core, {
    layout: inLayout,
    type: s.srcType,
    n: s.n,
    c: s.ic,
    group: s.group,
    ih: s.ih,
    iw: s.iw,
    oh: s.oh,
    ow: s.ow,
    fh: s.fh,
    fw: s.fw,
    stride: [s.sh, s.sw],
    dilation: [s.dh, s.dw],
    padTop: s.pt,
    padLeft: s.pl,
    zeroPoint: s.srcZeroPoint,
  });
}

/**
 * A ConvInteger / MatMulInteger (int32 sums) of batch 1 and one group whose weights were shifted per channel, and
 * its float epilogue where the node carries one: the window sums first (where some shift is not 0), then the main
 * convolution, whose kernels add e_o * S to each sum and apply the epilogue as they store it (ConvBias
 * setWindowEpilogue: assembly/common/finish.ts). No int32 tensor of sums between two passes. Outputs [y, #sum,
 * #win]; inputs [x, x's zero point where computed, the epilogue scale where computed].
 */
function windowInKernel(
  env: BuildEnv,
  step: Lowering,
  main: ConvBias,
  shifts: Int32Array,
  inLayout: 'NCHW' | 'NCHW44',
  epilogue: FloatEpilogue | undefined,
  zeroPointAt: ((p: StepPointers) => number) | undefined,
  intBias?: Int32Array | string,
): StepImpl {
  const oc = main.params.oc;
  const shifted = shifts.some((e) => e !== 0);
  let w: WindowSumKernel | undefined;
  try {
    w = shifted ? windowSums(env, main, inLayout) : undefined;
    const constScale = epilogue && typeof epilogue.scale !== 'string' ? epilogue.scale : undefined;
    main.setWindowEpilogue({
      shifts: shifted ? shifts : undefined,
      scales: epilogue
        ? constScale
          ? constScale.length === 1
            ? new Float32Array(oc).fill(constScale[0])
            : constScale
          : new Float32Array(oc)
        : undefined,
      bias: epilogue?.bias,
      relu: epilogue?.relu,
    });
  } catch (e) {
    main.dispose();
    w?.dispose();
    throw e;
  }
  const threaded = env.values.get(step.outputs[0])!.bytes >= THREADED_BYTES;
  const sumStep = w ? kernelStep(env.core, w, { second: 1, threaded }) : undefined;
  const scaleInput = typeof epilogue?.scale === 'string' ? (zeroPointAt ? 2 : 1) : -1;
  const scaleCount = scaleInput < 0 ? 0 : env.values.get(step.inputs[scaleInput])!.dims.reduce((a, b) => a * b, 1);
  // a computed int32 bias: the input after those
  const biasInput = typeof intBias === 'string' ? 1 + (zeroPointAt ? 1 : 0) + (scaleInput >= 0 ? 1 : 0) : -1;
  const biasCount = biasInput < 0 ? 0 : env.values.get(step.inputs[biasInput])!.dims.reduce((a, b) => a * b, 1);
  // outputs [y, #sum, #win]
  const before = (p: StepPointers): void => {
    if (scaleInput >= 0) main.setEpilogueScalesFrom(p.inputs[scaleInput], scaleCount);
    if (biasInput >= 0) main.setChannelBiasFrom(p.inputs[biasInput], biasCount);
    if (zeroPointAt) {
      const z = zeroPointAt(p);
      main.setSourceZeroPoint(z);
      w?.setZeroPoint(z);
    }
    const o = p.outputs;
    main.setWindowSums(w ? o[o.length - 1] : 0);
  };
  return {
    algorithm: `${main.algorithm}${shifted ? '+window' : ''}${intBias ? '+bias' : ''}${epilogue ? '+epilogue' : ''}`,
    bytes: main.heldBytes + (w?.bytes ?? 0),
    scratchBytes: main.scratchBytes,
    macs: main.params.macs,
    run: (p) => {
      before(p);
      const o = p.outputs;
      sumStep?.run({ inputs: [p.inputs[0], o[o.length - 2]], outputs: [o[o.length - 1]], scratch: p.scratch });
      main.runAt(p.inputs[0], o[0], p.scratch);
    },
    runAsync: async (p) => {
      const pool = env.core.pool;
      before(p);
      const o = p.outputs;
      if (!pool) {
        sumStep?.run({ inputs: [p.inputs[0], o[o.length - 2]], outputs: [o[o.length - 1]], scratch: p.scratch });
        return main.runAt(p.inputs[0], o[0], p.scratch);
      }
      if (w)
        await pool.runAsync(w.dispatch, {
          ctx: w.ctx,
          src: p.inputs[0],
          slices: o[o.length - 2],
          dst: o[o.length - 1],
        });
      if (!main.threaded) return main.runAt(p.inputs[0], o[0], p.scratch);
      const t = main.tasksAt(p.inputs[0], o[0], p.scratch);
      await pool.runAsync(t.kernels, t.e);
    },
    dispose: () => {
      main.dispose();
      w?.dispose();
    },
  };
}

function buildConv(
  env: BuildEnv,
  step: Lowering,
  spec: ConvSpec,
  general: boolean,
  table?: Uint8Array,
  add?: ResidualAdd,
  epilogue?: FloatEpilogue,
  intBias?: Int32Array | string,
): StepImpl {
  const inLayout = env.values.get(step.inputs[0])!.layout;
  const outLayout = step.layout ?? 'NCHW';
  const format: ConvFormat = outLayout === 'NCHW' ? 'NCHW' : inLayout === 'NCHW44' ? 'NCHW44' : 'NCHW_NCHW44';
  const select = env.select;
  const make = (p: ConvBiasParams, filter: Int8Array, bias: Int32Array | undefined): ConvBias => {
    const c = new ConvBias(env.core, env.selection ? { ...p, selection: env.selection } : p, env.convOptions, select, {
      model: true,
    });
    try {
      c.setFilter(filter);
      if (bias) c.setBias(bias);
    } catch (e) {
      c.dispose();
      throw e;
    }
    return c;
  };
  const macs = (c: ConvBias) => c.params.macs;
  // what the run closures read of the spec, so that they keep none of its weights
  const dynamicZp = spec.dynamicZp !== undefined;
  const signedSrc = spec.params.srcType === 'int8';
  const int32Out = spec.outType === 'int32';
  /** x's zero point of this run (a computed scalar: step input 1) */
  const zeroPointAt = (p: StepPointers): number => {
    const b = env.core.u8()[p.inputs[1]];
    return signedSrc ? (b << 24) >> 24 : b;
  };
  if (!general) {
    const c = make({ ...spec.params, format } as ConvBiasParams, int8Filter(spec), spec.bias);
    let addInt = false;
    try {
      if (table) c.setOutputTable(table);
      if (add) c.setResidualAdd((at) => (addInt = writeAddRecord(env.core, at, add.quant)), ADD_RECORD_BYTES);
    } catch (e) {
      c.dispose();
      throw e;
    }
    // the residual operand is the step's last input
    const r = step.inputs.length - 1;
    return {
      algorithm: `${c.algorithm}${table ? '+lut' : ''}${add ? `+add${addInt ? '-int' : ''}` : ''}`,
      bytes: c.heldBytes,
      scratchBytes: c.scratchBytes,
      macs: macs(c),
      run: (p) => {
        if (dynamicZp) c.setSourceZeroPoint(zeroPointAt(p));
        if (add) c.setResidualDelta(p.inputs[r] - p.outputs[0]);
        c.runAt(p.inputs[0], p.outputs[0], p.scratch);
      },
      runAsync: async (p) => {
        const pool = env.core.pool;
        if (dynamicZp) c.setSourceZeroPoint(zeroPointAt(p));
        if (add) c.setResidualDelta(p.inputs[r] - p.outputs[0]);
        if (!pool || !c.threaded) return c.runAt(p.inputs[0], p.outputs[0], p.scratch);
        const t = c.tasksAt(p.inputs[0], p.outputs[0], p.scratch);
        await pool.runAsync(t.kernels, t.e);
      },
      dispose: () => c.dispose(),
    };
  }
  // shifted weights: the main convolution of w - zp - e_o, the window sums, the window correction
  const oc = spec.params.oc;
  const shifts = channelShifts(spec);
  const filter = int8Filter(spec, shifts);
  // an int32 bias (under the float epilogue, or alone): the accumulators start from it (the int32 sums' channel bias)
  const main = make(
    { ...int32Params(spec), ...(intBias ? { biasMode: 'channel' } : {}), format } as ConvBiasParams,
    filter,
    // a computed one: zeros until the run sets it
    typeof intBias === 'string' ? new Int32Array(spec.params.oc) : intBias,
  );
  // an int32 output of batch 1 and one group: the kernels add e_o * S and apply the epilogue as they store
  if (int32Out && main.params.n === 1 && main.params.group === 1)
    return windowInKernel(env, step, main, shifts, inLayout, epilogue, dynamicZp ? zeroPointAt : undefined, intBias);
  if (intBias) {
    main.dispose();
    throw new I8ConvError('UNSUPPORTED_OP', 'an int32 bias of a ConvInteger needs batch 1 and one group');
  }
  let sums: WindowSumKernel | undefined;
  let fix: RequantizeKernel | undefined;
  try {
    const s = main.params;
    sums = windowSums(env, main, inLayout);
    fix = new RequantizeKernel(env.core, {
      dims: [s.n, oc, s.oh, s.ow],
      layout: outLayout,
      type: epilogue ? 'float32' : spec.outType,
      scale: epilogue
        ? typeof epilogue.scale === 'string'
          ? 1
          : epilogue.scale
        : spec.outType === 'int32'
          ? 1
          : requantScales(spec),
      ...(epilogue ? { floatBias: epilogue.bias, relu: epilogue.relu || undefined } : { bias: spec.bias }),
      zeroPoint: spec.outZeroPoint,
      window: windowCorrection(spec, shifts, sums.lanes, outLayout === 'NCHW44'),
      table,
    });
  } catch (e) {
    main.dispose();
    sums?.dispose();
    throw e;
  }
  const w = sums;
  const k = fix;
  const threaded = env.values.get(step.outputs[0])!.bytes >= THREADED_BYTES;
  const sumStep = kernelStep(env.core, w, { second: 1, threaded });
  const fixStep = kernelStep(env.core, k, { second: 1, threaded });
  // outputs: [y, #sum, #win] (int32 output: the main convolution writes y, corrected in place) or [y, #acc, #sum, #win]
  const at = (p: StepPointers) => {
    const o = p.outputs;
    return { acc: int32Out ? o[0] : o[1], t: o[o.length - 2], s: o[o.length - 1] };
  };
  // a computed epilogue scale: the step's input after x (and x's zero point)
  const scaleInput = typeof epilogue?.scale === 'string' ? (dynamicZp ? 2 : 1) : -1;
  const scaleCount = scaleInput < 0 ? 0 : env.values.get(step.inputs[scaleInput])!.dims.reduce((a, b) => a * b, 1);
  const setZeroPoint = (p: StepPointers): void => {
    if (scaleInput >= 0) k.setScalesFrom(p.inputs[scaleInput], scaleCount);
    if (!dynamicZp) return;
    const z = zeroPointAt(p);
    main.setSourceZeroPoint(z);
    w.setZeroPoint(z);
  };
  return {
    algorithm: `${main.algorithm}+window${table ? '+lut' : ''}`,
    bytes: main.heldBytes + w.bytes + k.bytes,
    scratchBytes: main.scratchBytes,
    macs: macs(main),
    run: (p) => {
      setZeroPoint(p);
      const { acc, t, s } = at(p);
      main.runAt(p.inputs[0], acc, p.scratch);
      sumStep.run({ inputs: [p.inputs[0], t], outputs: [s], scratch: p.scratch });
      fixStep.run({ inputs: [acc, s], outputs: [p.outputs[0]], scratch: p.scratch });
    },
    runAsync: async (p) => {
      const pool = env.core.pool;
      setZeroPoint(p);
      const { acc, t, s } = at(p);
      if (!pool) {
        main.runAt(p.inputs[0], acc, p.scratch);
        sumStep.run({ inputs: [p.inputs[0], t], outputs: [s], scratch: p.scratch });
        fixStep.run({ inputs: [acc, s], outputs: [p.outputs[0]], scratch: p.scratch });
        return;
      }
      if (!main.threaded) main.runAt(p.inputs[0], acc, p.scratch);
      else {
        const m = main.tasksAt(p.inputs[0], acc, p.scratch);
        await pool.runAsync(m.kernels, m.e);
      }
      await pool.runAsync(w.dispatch, { ctx: w.ctx, src: p.inputs[0], slices: t, dst: s });
      await pool.runAsync(k.dispatch, { ctx: k.ctx, src: acc, slices: s, dst: p.outputs[0] });
    },
    dispose: () => {
      main.dispose();
      w.dispose();
      k.dispose();
    },
  };
}
