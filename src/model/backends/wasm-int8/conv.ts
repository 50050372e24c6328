/**
 * Convolutions and matrix products of a model on the ConvBias pack (src/conv.ts), placed in the model's core
 * (ModelPlacement: arena pointers, shared scratch):
 *   QLinearConv                -> ConvBias (NCHW44 where an algorithm runs it, else NCHW; NCHW -> NCHW44 for IC < 4)
 *   QLinearMatMul, com.microsoft QGemm with a constant B -> ConvBias as a 1x1 convolution: A [M, K] is NCHW
 *                                 {N = M, C = K, 1, 1}, B^T the OIHW filter, the output [M, N] is {M, N, 1, 1}
 *   ConvInteger, MatMulInteger -> the same with int32 output
 * Weights: int8 with zero point 0 (symmetric) run the pack's kernels directly. Any other weights (uint8 with a zero
 * point, int8 with a nonzero one: effective weights w - zp of up to 9 bits) run on the general path: w - zp =
 * 2a + b with a = floor((w - zp) / 2) in [-128, 127] and b in {0, 1}; two int32-output convolutions (filters a
 * and b) and one requantization of 2 * acc_a + acc_b + bias (onnxruntime's formula; docs/int8-ops.md, QLinearConv,
 * QLinearMatMul and QGemm) — exact, at twice the cost; the fast kernels stay for symmetric weights.
 * Requantization of the fast path: ConvBias with rounding 'half-even' computes onnxruntime's
 * f(f(float(acc + bias) * f(f(x_s * w_s) / y_s))), RNE, + zp, saturate (README "Rounding contract").
 */
import { ConvBias } from '../../../conv.js';
import type { ConvBiasParams, ConvFormat } from '../../../params.js';
import { normalizeConvParams } from '../../../params.js';
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
} from '../../executor/step.js';
import { I8ConvError } from '../../../errors.js';
import { outputTable, tableInput } from './lower-common.js';
import { attrFloat, attrInt, attrInts, numbersOf, spatialPads } from '../../graph/attrs.js';

const f32 = Math.fround;

interface ConvSpec {
  /** the ConvBias parameters but for format */
  params: Omit<ConvBiasParams, 'format'>;
  /** OIHW weights minus their zero points (exact integers, up to 9 bits) */
  weights: Int32Array;
  /** int8 weights with zero point 0: the fast path */
  symmetric: boolean;
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
  return numbersOf(t)[0];
}
function perChannel(node: Node, t: Tensor | undefined, n: number, what: string, dflt: number): number[] {
  if (!t) return new Array(n).fill(dflt);
  const v = numbersOf(t);
  if (v.length === 1) return new Array(n).fill(v[0]);
  if (v.length !== n) unsupported(node, `${what} has ${v.length} elements for ${n} output channels`);
  return v;
}
function checkScale(node: Node, s: number, what: string): void {
  if (!(s > 0 && Number.isFinite(s) && f32(s) > 0)) unsupported(node, `${what} ${s} is not a finite positive float32`);
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
  const wData = numbersOf(wT);
  let oc: number,
    icpg: number,
    fh: number,
    fw: number,
    group = 1;
  let geometry: Partial<ConvBiasParams>;
  let n: number, ih: number, iw: number;
  let weightsOIHW: number[];
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
    weightsOIHW = new Array(k * nn);
    for (let o = 0; o < nn; o++)
      for (let i = 0; i < k; i++) weightsOIHW[o * k + i] = transB ? wData[o * k + i] : wData[i * nn + o];
  }
  const wzp = perChannel(
    node,
    has(I.wzp) ? constant(values, node, I.wzp, 'w_zero_point') : undefined,
    oc,
    'w_zero_point',
    0,
  );
  let wScales = has(I.ws)
    ? perChannel(node, constant(values, node, I.ws, 'w_scale'), oc, 'w_scale', 1)
    : new Array(oc).fill(1);
  wScales.forEach((s) => checkScale(node, s, 'w_scale'));
  let srcScale = xScale;
  if (op === 'QGemm') {
    const alpha = attrFloat(node, 'alpha', 1);
    if (attrFloat(node, 'beta', 1) !== 1 && has(I.b)) unsupported(node, 'beta != 1 with a bias');
    srcScale = f32(f32(alpha) * f32(xScale)); // onnxruntime: f(f(f(alpha * a_s) * b_s) / y_s)
    checkScale(node, srcScale, 'alpha * a_scale');
  }
  const per = weightsOIHW.length / oc;
  const weights = new Int32Array(weightsOIHW.length);
  for (let o = 0; o < oc; o++) for (let i = 0; i < per; i++) weights[o * per + i] = weightsOIHW[o * per + i] - wzp[o];
  const symmetric = wT.type === 'int8' && wzp.every((z) => z === 0);
  let bias: Int32Array | undefined;
  if (has(I.b)) {
    const b = constant(values, node, I.b, 'the bias');
    if (b.type !== 'int32') unsupported(node, `bias type ${b.type}`);
    const bv = numbersOf(b);
    if (bv.length !== oc && bv.length !== 1)
      unsupported(node, `bias of ${bv.length} elements for ${oc} output channels`);
    bias = Int32Array.from(bv.length === 1 ? new Array(oc).fill(bv[0]) : bv);
  }
  const srcType = x.type;
  if (!Number.isInteger(xZp) || xZp < (srcType === 'uint8' ? 0 : -128) || xZp > (srcType === 'uint8' ? 255 : 127))
    unsupported(node, `x_zero_point ${xZp}`);
  if (wScales.length !== oc) wScales = new Array(oc).fill(wScales[0]);
  const params: Omit<ConvBiasParams, 'format'> = {
    ...(geometry as Omit<ConvBiasParams, 'format' | 'srcScale' | 'filterScale'>),
    srcScale,
    filterScale: Float32Array.from(wScales),
    srcType,
    srcZeroPoint: xZp,
    ...(outType === 'int32' ? {} : { dstScale: yScale, dstType: outType, dstZeroPoint: yZp }),
    biasMode: bias ? 'channel' : 'none',
    rounding: 'half-even',
  };
  return {
    params,
    weights,
    symmetric,
    bias,
    outType,
    outZeroPoint: yZp,
    matmul: !isConv,
    dynamicZp: dynamicZp ? node.inputs[I.xzp] : undefined,
  };
}

/** Whether some algorithm of the pack runs the convolution in a format. */
function formatRuns(spec: ConvSpec, format: ConvFormat, intOut: boolean): boolean {
  try {
    const p = intOut
      ? { ...spec.params, dstScale: undefined, dstType: 'int32' as const, dstZeroPoint: 0, biasMode: 'none' as const }
      : spec.params;
    return candidates(normalizeConvParams({ ...p, format } as ConvBiasParams)).length > 0;
  } catch {
    return false;
  }
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
  const table = outputTable(node);
  const general = !spec.symmetric;
  const intOut = general || spec.outType === 'int32';
  const p = spec.params;
  const nchw44 = !spec.matmul && formatRuns(spec, 'NCHW44', intOut);
  const hybrid = !spec.matmul && !nchw44 && p.ic < 4 && (p.group ?? 1) === 1 && formatRuns(spec, 'NCHW_NCHW44', intOut);
  const y = node.outputs[0];
  const outputs = [y];
  if (general) {
    // the two int32 accumulators of the general path: values of their own, alive during the step only (named after
    // the convolution's own output where a look-up was folded into it)
    const yv = values.get(y)!;
    const base = tableInput(node) ?? y;
    for (const k of [0, 1]) {
      const t = `${base}#acc${k}`;
      values.set(t, {
        name: t,
        type: 'int32',
        dims: [...yv.dims],
        layout: 'NCHW',
        bytes: yv.dims.reduce((a, b) => a * b, 1) * 4,
        offset: -1,
      });
      outputs.push(t);
    }
  }
  return {
    name,
    op: node.opType,
    node,
    inputs: spec.dynamicZp ? [node.inputs[0], spec.dynamicZp] : [node.inputs[0]],
    outputs,
    rule: { kind: 'conv', nchw44, hybrid },
    build: (env, step) => buildConv(env, step, spec, general, table),
  };
}

function buildConv(env: BuildEnv, step: Lowering, spec: ConvSpec, general: boolean, table?: Uint8Array): StepImpl {
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
  /** x's zero point of this run (a computed scalar: step input 1) */
  const zeroPointAt = (p: StepPointers): number => {
    const b = env.core.u8()[p.inputs[1]];
    return spec.params.srcType === 'int8' ? (b << 24) >> 24 : b;
  };
  if (!general) {
    const c = make({ ...spec.params, format } as ConvBiasParams, Int8Array.from(spec.weights), spec.bias);
    if (table) {
      try {
        c.setOutputTable(table);
      } catch (e) {
        c.dispose();
        throw e;
      }
    }
    return {
      algorithm: table ? `${c.algorithm}+lut` : c.algorithm,
      bytes: c.heldBytes,
      scratchBytes: c.scratchBytes,
      macs: macs(c),
      run: (p) => {
        if (spec.dynamicZp) c.setSourceZeroPoint(zeroPointAt(p));
        c.runAt(p.inputs[0], p.outputs[0], p.scratch);
      },
      runAsync: async (p) => {
        const pool = env.core.pool;
        if (spec.dynamicZp) c.setSourceZeroPoint(zeroPointAt(p));
        if (!pool || !c.threaded) return c.runAt(p.inputs[0], p.outputs[0], p.scratch);
        const t = c.tasksAt(p.inputs[0], p.outputs[0], p.scratch);
        await pool.runAsync(t.kernels, t.e);
      },
      dispose: () => c.dispose(),
    };
  }
  // general path: w - zp = 2a + b
  const a = new Int8Array(spec.weights.length),
    b = new Int8Array(spec.weights.length);
  for (let i = 0; i < a.length; i++) {
    a[i] = Math.floor(spec.weights[i] / 2);
    b[i] = spec.weights[i] - 2 * a[i];
  }
  const ip: ConvBiasParams = {
    ...spec.params,
    format,
    dstScale: undefined,
    dstType: 'int32',
    dstZeroPoint: 0,
    biasMode: 'none',
  } as ConvBiasParams;
  const ca = make(ip, a, undefined);
  let cb: ConvBias;
  try {
    cb = make(ip, b, undefined);
  } catch (e) {
    ca.dispose();
    throw e;
  }
  const s = ca.params;
  const oc = s.oc,
    hw = s.oh * s.ow;
  const scales = new Float32Array(oc);
  for (let o = 0; o < oc; o++)
    scales[o] =
      spec.outType === 'int32'
        ? 1
        : f32(f32(f32(s.srcScale) * f32(s.filterScales[o])) / f32(s.dstScale ?? spec.params.dstScale!));
  const bias = spec.bias;
  const outType = spec.outType,
    zp = spec.outZeroPoint;
  const [lo, hi] = outType === 'uint8' ? [0, 255] : [-128, 127];
  const nb = outLayout === 'NCHW44';
  const run = (p: StepPointers): void => {
    if (spec.dynamicZp) {
      const z = zeroPointAt(p);
      ca.setSourceZeroPoint(z);
      cb.setSourceZeroPoint(z);
    }
    ca.runAt(p.inputs[0], p.outputs[1], p.scratch);
    cb.runAt(p.inputs[0], p.outputs[2], p.scratch);
    const buf = env.core.memory.buffer;
    const total = s.n * oc * hw;
    const acc0 = new Int32Array(buf, p.outputs[1], total),
      acc1 = new Int32Array(buf, p.outputs[2], total);
    const out32 = outType === 'int32' ? new Int32Array(buf, p.outputs[0], total) : undefined;
    const out8 =
      outType === 'int8'
        ? new Int8Array(buf, p.outputs[0], total)
        : outType === 'uint8'
          ? new Uint8Array(buf, p.outputs[0], total)
          : undefined;
    for (let i = 0; i < total; i++) {
      const c = nb ? (Math.floor(i / (hw * 4)) % (oc / 4)) * 4 + (i & 3) : Math.floor(i / hw) % oc;
      const v = (2 * acc0[i] + acc1[i] + (bias ? bias[c] : 0)) | 0;
      if (out32) {
        out32[i] = v;
        continue;
      }
      // onnxruntime's requantization (docs/int8-ops.md, Requantization): float(v) * scale, clamp to
      // [lo - zp, hi - zp], RNE, + zp
      let f = f32(f32(v) * scales[c]);
      f = f < lo - zp ? lo - zp : f;
      f = f > hi - zp ? hi - zp : f;
      const r = Math.round(f);
      const q = (r - f === 0.5 && r % 2 !== 0 ? r - 1 : r) + zp;
      out8![i] = table ? table[q & 255] : q; // the table is indexed by the raw byte
    }
  };
  return {
    algorithm: `general(2x ${ca.algorithm})${table ? '+lut' : ''}`,
    bytes: ca.heldBytes + cb.heldBytes,
    scratchBytes: Math.max(ca.scratchBytes, cb.scratchBytes),
    macs: 2 * macs(ca),
    run,
    dispose: () => {
      ca.dispose();
      cb.dispose();
    },
  };
}
