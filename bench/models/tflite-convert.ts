/**
 * The race's int8 models as TFLite files (bench/race.ts): a QDQ graph whose every operator runs on int8 data (the
 * quantizer's form, quantize-minmax.ts `quantizeMinMax(float, ranges, { activations: 'int8', ... })`) -> a TFLite
 * flatbuffer (bench/tflite-model.ts `buildTfliteGraph`) holding the same quantized numbers: the same int8 weights
 * and int32 biases, the same scales and zero points, operator for operator.
 *
 * Each operator of the QDQ graph reads DequantizeLinear outputs and writes into QuantizeLinear nodes; the QuantizeLinear
 * output is the TFLite tensor (int8, the Q's scale and zero point), the DequantizeLinear of an initializer a constant
 * tensor. Two Qs of one value must agree. What is written:
 *
 *   QuantizeLinear (graph input)   float input NHWC [1, H, W, C] -> QUANTIZE
 *   Conv                           CONV_2D (filter OIHW -> OHWI) or DEPTHWISE_CONV_2D (group = channels, filter
 *                                  1HWO), per-channel filter scales (quantized_dimension 0 / 3), the int32 bias as
 *                                  stored (scale input scale x filter scale); padding SAME where TFLite's SAME is the
 *                                  node's padding, VALID where there is none, else PAD + VALID (PAD fills with the
 *                                  input's zero point, ONNX's zero)
 *   ConvTranspose                  TRANSPOSE_CONV (filter [C, M, kh, kw] -> OHWI [M, kh, kw, C], per-channel scales on
 *                                  M: quantized_dimension 0), output_shape the full result; no pads
 *   Add, Mul                       ADD, MUL (broadcasting operands of one rank, or a constant scalar, which goes second)
 *   MaxPool (on int8 data)         padding with -128 (the smallest code: never a window's maximum unless the window is
 *                                  all padding) + MAX_POOL_2D VALID: PAD where -128 is the input's zero point (a
 *                                  ReLU's output: XNNPACK runs PAD, not PADV2), else PADV2; MAX_POOL_2D VALID alone
 *                                  without padding
 *   GlobalAveragePool              MEAN over H and W, keep_dims
 *   Concat                         CONCATENATION (axis mapped to NHWC)
 *   Resize (nearest, asymmetric, floor)  RESIZE_NEAREST_NEIGHBOR, neither align_corners nor half_pixel_centers
 *   Sigmoid, HardSwish, Relu       LOGISTIC (its output must be TFLite's fixed 1/256, -128), HARD_SWISH, RELU
 *   Flatten                        RESHAPE to [1, C] (of a [1, C, 1, 1] value: NHWC and NCHW order agree)
 *   Gemm (transB, alpha 1)         FULLY_CONNECTED, per-channel weights
 *   DequantizeLinear (graph output) DEQUANTIZE -> float output
 *
 * The Relu / Clip the quantizer absorbed into a producer's output range are not operators here either: the int8
 * saturation applies them. Fused activations are NONE.
 *
 * Anything else throws: this is a converter for the benchmark's models, not a general one.
 * No Node built-ins here: the benchmark page may run it.
 */
import type { Graph, Node, Tensor } from '../../src/model/graph/ir.js';
import { TFL, buildTfliteGraph, samePadding, type TflOpSpec, type TflTensorSpec } from '../tflite-model.js';

const OPC = TFL.op;
const { SAME, VALID } = TFL.padding;
const I8 = 'i8' as const;
const I32 = 'i32' as const;

export interface TfliteConversion {
  bytes: Uint8Array;
  /** The float input, NHWC. */
  input: { name: string; shape: number[] };
  /** The float outputs (NHWC where rank 4). */
  outputs: { name: string; shape: number[] }[];
  /** Counts of the TFLite operators written. */
  ops: Record<string, number>;
}

/** Converts the QDQ graph (see the header). `inputShape` binds the graph input's NCHW dims. */
export function qdqToTflite(g: Graph, inputShape: readonly number[]): TfliteConversion {
  const tensors: TflTensorSpec[] = [];
  const ops: TflOpSpec[] = [];
  const counts: Record<string, number> = {};
  /** NCHW (ONNX) shape of each TFLite tensor */
  const shapes: number[][] = [];
  /** ONNX value (a Q output, the graph input) -> TFLite tensor index */
  const vals = new Map<string, number>();
  const init = (name: string): Tensor => {
    const t = g.initializers.get(name);
    if (!t) throw new Error(`tflite-convert: ${name} is not an initializer`);
    return t;
  };
  const num = (name: string) => Number(init(name).data[0]);
  const floats = (name: string) => Array.from(init(name).data as Float32Array, Number);
  const add = (t: TflTensorSpec, nchw: number[]) => {
    shapes.push(nchw);
    return tensors.push(t) - 1;
  };
  const op = (name: keyof typeof OPC, inputs: number[], outputs: number[], options?: TflOpSpec['options']) => {
    ops.push({ code: OPC[name], inputs, outputs, options });
    counts[name] = (counts[name] ?? 0) + 1;
  };
  const nhwc = (s: readonly number[]) => (s.length === 4 ? [s[0], s[2], s[3], s[1]] : [...s]);
  const i32 = (name: string, data: number[]) => add({ name, shape: [data.length], type: 'int32', data: Int32Array.from(data) }, [data.length]);
  const attrInts = (n: Node, key: string, dflt: number[]) => {
    const a = n.attributes.get(key);
    return a && a.kind === 'ints' ? a.value.map(Number) : dflt;
  };
  const attrInt = (n: Node, key: string, dflt: number) => {
    const a = n.attributes.get(key);
    return a && a.kind === 'int' ? Number(a.value) : dflt;
  };
  const attrStr = (n: Node, key: string, dflt: string) => {
    const a = n.attributes.get(key);
    return a && a.kind === 'string' ? a.value : dflt;
  };

  const producers = new Map<string, Node>();
  const consumers = new Map<string, Node[]>();
  for (const n of g.nodes) {
    for (const o of n.outputs) producers.set(o, n);
    for (const x of n.inputs) if (x) consumers.set(x, [...(consumers.get(x) ?? []), n]);
  }
  const graphInputs = new Set(g.inputs.map((i) => i.name));
  const graphOutputs = new Set(g.outputs.map((o) => o.name));
  const isQ = (n: Node | undefined): n is Node => n?.opType === 'QuantizeLinear' && n.domain === '';
  const isDq = (n: Node | undefined): n is Node => n?.opType === 'DequantizeLinear' && n.domain === '';

  /** The DequantizeLinear behind a float input, and whether it reads an initializer. */
  const dqOf = (v: string, where: string) => {
    const d = producers.get(v);
    if (!isDq(d)) throw new Error(`tflite-convert: ${where} reads ${v}, which no DequantizeLinear writes`);
    return d;
  };
  /** The TFLite tensor of an activation input (a DQ of a Q's output) or a constant one (a DQ of an int8 initializer). */
  const input = (v: string, where: string): number => {
    const d = dqOf(v, where);
    const x = d.inputs[0];
    const known = vals.get(x);
    if (known !== undefined) return known;
    const c = g.initializers.get(x);
    if (!c || c.type !== 'int8') throw new Error(`tflite-convert: ${where}: ${x} is neither a converted value nor an int8 initializer`);
    if (c.dims.length === 4) throw new Error(`tflite-convert: ${where}: a rank-4 constant operand`);
    const index = add({ name: x, shape: [...c.dims], type: 'int8', data: Int8Array.from(c.data as Int8Array), scale: [num(d.inputs[1])], zeroPoint: [num(d.inputs[2])] }, [...c.dims]);
    vals.set(x, index);
    return index;
  };
  /** A weight or bias: the initializer behind the DQ, its per-channel scales. */
  const constant = (v: string, where: string) => {
    const d = dqOf(v, where);
    const t = init(d.inputs[0]);
    const zp = init(d.inputs[2]);
    if (Array.from(zp.data as ArrayLike<number>, Number).some((z) => z !== 0)) throw new Error(`tflite-convert: ${where}: ${t.name} has a zero point other than 0`);
    return { t, scales: floats(d.inputs[1]) };
  };
  /**
   * The int8 output tensor of an operator writing float value y: every reader of y is a QuantizeLinear with the same
   * scale and zero point; their outputs all name the new tensor.
   */
  const output = (y: string, nchw: number[], where: string): number => {
    const qs = consumers.get(y) ?? [];
    if (!qs.length || !qs.every(isQ) || graphOutputs.has(y)) throw new Error(`tflite-convert: ${where}: its output ${y} is not (only) quantized`);
    const [s, z] = [num(qs[0].inputs[1]), num(qs[0].inputs[2])];
    if (qs.some((q) => num(q.inputs[1]) !== s || num(q.inputs[2]) !== z)) throw new Error(`tflite-convert: ${where}: ${y} is quantized twice with different parameters`);
    if (init(qs[0].inputs[2]).type !== 'int8') throw new Error(`tflite-convert: ${y} is ${init(qs[0].inputs[2]).type}, not int8 (convert the int8-activation model)`);
    const index = add({ name: qs[0].outputs[0], shape: nhwc(nchw), type: 'int8', scale: [s], zeroPoint: [z] }, nchw);
    for (const q of qs) vals.set(q.outputs[0], index);
    return index;
  };
  /** How a 2-D window op with ONNX pads [t, l, b, r] is written: SAME, VALID, or explicit padding first. */
  const padding = (ih: number, iw: number, k: [number, number], s: [number, number], pads: number[]) => {
    if (pads.every((p) => p === 0)) return { mode: VALID, explicit: null };
    const oh = Math.floor((ih + pads[0] + pads[2] - k[0]) / s[0]) + 1;
    const ow = Math.floor((iw + pads[1] + pads[3] - k[1]) / s[1]) + 1;
    const sh = samePadding(ih, k[0], s[0]);
    const sw = samePadding(iw, k[1], s[1]);
    if (sh.out === oh && sw.out === ow && sh.before === pads[0] && sw.before === pads[1]) return { mode: SAME, explicit: null };
    return { mode: VALID, explicit: [0, 0, pads[0], pads[2], pads[1], pads[3], 0, 0] };
  };
  /** PAD (or PADV2 with `value`) of tensor `x` with paddings `p` (NHWC pairs); the padded tensor keeps x's quantization. */
  const padOp = (x: number, p: number[], value?: number) => {
    const t = tensors[x];
    const s = shapes[x];
    const nchw = [s[0], s[1], s[2] + p[2] + p[3], s[3] + p[4] + p[5]];
    const pads = add({ name: `${t.name}.paddings`, shape: [4, 2], type: 'int32', data: Int32Array.from(p) }, [4, 2]);
    const out = add({ ...t, name: `${t.name}.padded`, shape: nhwc(nchw), data: undefined }, nchw);
    if (value === undefined) op('PAD', [x, pads], [out], { type: TFL.options.PadOptions, fields: [] });
    else {
      const c = add({ name: `${t.name}.pad_value`, shape: [], type: 'int8', data: Int8Array.of(value), scale: t.scale, zeroPoint: t.zeroPoint }, []);
      op('PADV2', [x, pads, c], [out], { type: TFL.options.PadV2Options, fields: [] });
    }
    return out;
  };
  /** A same-as-input operator's output: x's quantization, checked against the Q that follows. */
  const sameAsInput = (y: string, x: number, nchw: number[], where: string) => {
    const out = output(y, nchw, where);
    const [a, b] = [tensors[x], tensors[out]];
    if (a.scale![0] !== b.scale![0] || a.zeroPoint![0] !== b.zeroPoint![0]) throw new Error(`tflite-convert: ${where}: its output is quantized unlike its input`);
    return out;
  };

  const graphInput = g.inputs[0];
  if (g.inputs.length !== 1 || inputShape.length !== 4) throw new Error('tflite-convert: one rank-4 graph input is converted');
  const inIndex = add({ name: graphInput.name, shape: nhwc(inputShape), type: 'float32' }, [...inputShape]);
  const outputs: TfliteConversion['outputs'] = [];
  const outIndices: number[] = [];

  for (const n of g.nodes) {
    const y = n.outputs[0];
    const where = `${n.opType} ${n.name || y}`;
    switch (n.opType) {
      case 'QuantizeLinear': {
        if (!graphInputs.has(n.inputs[0])) break; // written with its producer
        const s = [...inputShape];
        const index = add({ name: y, shape: nhwc(s), type: 'int8', scale: [num(n.inputs[1])], zeroPoint: [num(n.inputs[2])] }, s);
        if (init(n.inputs[2]).type !== 'int8') throw new Error(`tflite-convert: the input is quantized to ${init(n.inputs[2]).type}, not int8`);
        vals.set(y, index);
        op('QUANTIZE', [inIndex], [index]);
        break;
      }
      case 'DequantizeLinear': {
        if (!graphOutputs.has(y)) break; // read by its consumers
        const x = vals.get(n.inputs[0]);
        if (x === undefined) throw new Error(`tflite-convert: output ${y} dequantizes ${n.inputs[0]}, which has no tensor`);
        const shape = nhwc(shapes[x]);
        const index = add({ name: y, shape, type: 'float32' }, shapes[x]);
        op('DEQUANTIZE', [x], [index]);
        outputs.push({ name: y, shape });
        outIndices.push(index);
        break;
      }
      case 'Conv': {
        const x = input(n.inputs[0], where);
        const { t: w, scales: fScale } = constant(n.inputs[1], where);
        if (w.type !== 'int8') throw new Error(`tflite-convert: ${where}: weights must be int8`);
        const [oc, icpg, kh, kw] = w.dims;
        const [, ic, ih, iw] = shapes[x];
        const group = attrInt(n, 'group', 1);
        const depthwise = group !== 1;
        if (depthwise && !(group === ic && oc === ic)) throw new Error(`tflite-convert: ${where}: group ${group} (1 or channel-wise with multiplier 1 are written)`);
        if (attrInts(n, 'dilations', [1, 1]).some((d) => d !== 1)) throw new Error(`tflite-convert: ${where}: dilation`);
        const [sh, sw] = attrInts(n, 'strides', [1, 1]);
        const pads = attrInts(n, 'pads', [0, 0, 0, 0]);
        const wd = w.data as Int8Array;
        const filter = new Int8Array(wd.length);
        for (let o = 0; o < oc; o++)
          for (let i = 0; i < icpg; i++)
            for (let yy = 0; yy < kh; yy++)
              for (let xx = 0; xx < kw; xx++)
                filter[depthwise ? (yy * kw + xx) * oc + o : ((o * kh + yy) * kw + xx) * icpg + i] = wd[((o * icpg + i) * kh + yy) * kw + xx];
        const fi = add({ name: `${w.name}.filter`, shape: depthwise ? [1, kh, kw, oc] : [oc, kh, kw, icpg], type: 'int8', data: filter, scale: fScale, zeroPoint: fScale.map(() => 0), axis: depthwise ? 3 : 0 }, [...w.dims]);
        const bi = bias(n.inputs[2], x, fScale, oc, where);
        const p = padding(ih, iw, [kh, kw], [sh, sw], pads);
        const src = p.explicit ? padOp(x, p.explicit) : x;
        const oh = Math.floor((ih + pads[0] + pads[2] - kh) / sh) + 1;
        const ow = Math.floor((iw + pads[1] + pads[3] - kw) / sw) + 1;
        const out = output(y, [1, oc, oh, ow], where);
        const pad = { type: I8, value: p.mode };
        if (depthwise) op('DEPTHWISE_CONV_2D', [src, fi, bi], [out], { type: TFL.options.DepthwiseConv2DOptions, fields: [pad, { type: I32, value: sw }, { type: I32, value: sh }, { type: I32, value: 1 }, { type: I8, value: 0 }, { type: I32, value: 1 }, { type: I32, value: 1 }] });
        else op('CONV_2D', [src, fi, bi], [out], { type: TFL.options.Conv2DOptions, fields: [pad, { type: I32, value: sw }, { type: I32, value: sh }, { type: I8, value: 0 }, { type: I32, value: 1 }, { type: I32, value: 1 }] });
        break;
      }
      case 'ConvTranspose': {
        const x = input(n.inputs[0], where);
        const { t: w, scales: fScale } = constant(n.inputs[1], where);
        if (w.type !== 'int8') throw new Error(`tflite-convert: ${where}: weights must be int8`);
        const [ic, oc, kh, kw] = w.dims;
        const [, , ih, iw] = shapes[x];
        if (attrInt(n, 'group', 1) !== 1 || attrInts(n, 'dilations', [1, 1]).some((d) => d !== 1) || attrInts(n, 'pads', [0, 0, 0, 0]).some((p) => p !== 0) || attrInts(n, 'output_padding', [0, 0]).some((p) => p !== 0)) {
          throw new Error(`tflite-convert: ${where}: group 1 without dilation, pads or output_padding is written`);
        }
        const [sh, sw] = attrInts(n, 'strides', [1, 1]);
        const oh = (ih - 1) * sh + kh;
        const ow = (iw - 1) * sw + kw;
        const wd = w.data as Int8Array;
        const filter = new Int8Array(wd.length);
        for (let c = 0; c < ic; c++)
          for (let o = 0; o < oc; o++)
            for (let yy = 0; yy < kh; yy++)
              for (let xx = 0; xx < kw; xx++) filter[((o * kh + yy) * kw + xx) * ic + c] = wd[((c * oc + o) * kh + yy) * kw + xx];
        const fi = add({ name: `${w.name}.filter`, shape: [oc, kh, kw, ic], type: 'int8', data: filter, scale: fScale, zeroPoint: fScale.map(() => 0), axis: 0 }, [...w.dims]);
        const bi = bias(n.inputs[2], x, fScale, oc, where);
        const out = output(y, [1, oc, oh, ow], where);
        const os = i32(`${n.name || y}.output_shape`, [1, oh, ow, oc]);
        op('TRANSPOSE_CONV', [os, fi, x, bi], [out], { type: TFL.options.TransposeConvOptions, fields: [{ type: I8, value: VALID }, { type: I32, value: sw }, { type: I32, value: sh }, { type: I8, value: 0 }] });
        break;
      }
      case 'Add':
      case 'Mul': {
        let [a, b] = [n.inputs[0], n.inputs[1]];
        if (g.initializers.has(dqOf(a, where).inputs[0]) && !g.initializers.has(dqOf(b, where).inputs[0])) [a, b] = [b, a];
        const ai = input(a, where);
        const bi = input(b, where);
        const [sa, sb] = [shapes[ai], shapes[bi]];
        const scalar = sb.reduce((m, d) => m * d, 1) === 1;
        const broadcasts = sa.length === sb.length && sa.every((d, i) => d === sb[i] || d === 1 || sb[i] === 1);
        if (!scalar && !broadcasts) throw new Error(`tflite-convert: ${where}: broadcasting [${sa}] with [${sb}]`);
        const nchw = broadcasts ? sa.map((d, i) => Math.max(d, sb[i])) : [...sa];
        const out = output(y, nchw, where);
        if (n.opType === 'Add') op('ADD', [ai, bi], [out], { type: TFL.options.AddOptions, fields: [{ type: I8, value: 0 }] });
        else op('MUL', [ai, bi], [out], { type: TFL.options.MulOptions, fields: [{ type: I8, value: 0 }] });
        break;
      }
      case 'MaxPool': {
        const x = input(n.inputs[0], where);
        const [kh, kw] = attrInts(n, 'kernel_shape', []);
        const [sh, sw] = attrInts(n, 'strides', [1, 1]);
        const pads = attrInts(n, 'pads', [0, 0, 0, 0]);
        if (attrInt(n, 'ceil_mode', 0) !== 0 || attrInts(n, 'dilations', [1, 1]).some((d) => d !== 1)) throw new Error(`tflite-convert: ${where}: ceil_mode or dilation`);
        const [, c, ih, iw] = shapes[x];
        const explicit = pads.some((v) => v !== 0) ? [0, 0, pads[0], pads[2], pads[1], pads[3], 0, 0] : null;
        // padding with -128: PAD where that is the zero point (a ReLU's output), which XNNPACK runs; else PADV2
        const src = explicit ? padOp(x, explicit, tensors[x].zeroPoint?.[0] === -128 ? undefined : -128) : x;
        const oh = Math.floor((ih + pads[0] + pads[2] - kh) / sh) + 1;
        const ow = Math.floor((iw + pads[1] + pads[3] - kw) / sw) + 1;
        const out = sameAsInput(y, x, [1, c, oh, ow], where);
        op('MAX_POOL_2D', [src], [out], { type: TFL.options.Pool2DOptions, fields: [{ type: I8, value: VALID }, { type: I32, value: sw }, { type: I32, value: sh }, { type: I32, value: kw }, { type: I32, value: kh }, { type: I8, value: 0 }] });
        break;
      }
      case 'GlobalAveragePool': {
        const x = input(n.inputs[0], where);
        const axes = i32(`${n.name || y}.axes`, [1, 2]);
        op('MEAN', [x, axes], [output(y, [shapes[x][0], shapes[x][1], 1, 1], where)], { type: TFL.options.ReducerOptions, fields: [{ type: 'bool', value: 1 }] });
        break;
      }
      case 'Concat': {
        const xs = n.inputs.map((v) => input(v, where));
        const s0 = shapes[xs[0]];
        let axis = attrInt(n, 'axis', 1);
        if (axis < 0) axis += s0.length;
        const nchw = s0.map((d, i) => (i === axis ? xs.reduce((m, k) => m + shapes[k][i], 0) : d));
        const out = output(y, nchw, where);
        op('CONCATENATION', xs, [out], { type: TFL.options.ConcatenationOptions, fields: [{ type: I32, value: s0.length === 4 ? [0, 3, 1, 2][axis] : axis }, { type: I8, value: 0 }] });
        break;
      }
      case 'Resize': {
        const x = input(n.inputs[0], where);
        if (attrStr(n, 'mode', 'nearest') !== 'nearest' || attrStr(n, 'coordinate_transformation_mode', 'half_pixel') !== 'asymmetric' || attrStr(n, 'nearest_mode', 'round_prefer_floor') !== 'floor') {
          throw new Error(`tflite-convert: ${where}: nearest, asymmetric, floor is written`);
        }
        const s = shapes[x];
        const sizes = n.inputs[3] ? Array.from(init(n.inputs[3]).data as BigInt64Array, Number) : undefined;
        const scales = !sizes && n.inputs[2] ? floats(n.inputs[2]) : undefined;
        const nchw = sizes ?? s.map((d, i) => Math.floor(d * (scales?.[i] ?? NaN)));
        if (nchw.length !== 4 || nchw[0] !== s[0] || nchw[1] !== s[1] || nchw.some((d) => !(d > 0))) throw new Error(`tflite-convert: ${where}: resizing [${s}] to [${nchw}]`);
        const size = i32(`${n.name || y}.size`, [nchw[2], nchw[3]]);
        op('RESIZE_NEAREST_NEIGHBOR', [x, size], [sameAsInput(y, x, nchw, where)], { type: TFL.options.ResizeNearestNeighborOptions, fields: [{ type: 'bool', value: 0 }, { type: 'bool', value: 0 }] });
        break;
      }
      case 'Sigmoid':
      case 'HardSwish':
      case 'Relu': {
        const x = input(n.inputs[0], where);
        const out = output(y, [...shapes[x]], where);
        if (n.opType === 'Sigmoid' && (tensors[out].scale![0] !== 1 / 256 || tensors[out].zeroPoint![0] !== -128)) {
          throw new Error(`tflite-convert: ${where}: TFLite's int8 LOGISTIC writes scale 1/256, zero point -128 (quantize its output so)`);
        }
        op(n.opType === 'Sigmoid' ? 'LOGISTIC' : n.opType === 'HardSwish' ? 'HARD_SWISH' : 'RELU', [x], [out]);
        break;
      }
      case 'Flatten': {
        const x = input(n.inputs[0], where);
        const s = shapes[x];
        if (s.length !== 4 || s[2] !== 1 || s[3] !== 1 || attrInt(n, 'axis', 1) !== 1) throw new Error(`tflite-convert: ${where}: Flatten of [${s}] (of [N, C, 1, 1] is written)`);
        const shape = [s[0], s[1]];
        op('RESHAPE', [x, i32(`${n.name || y}.shape`, shape)], [sameAsInput(y, x, shape, where)], { type: TFL.options.ReshapeOptions, fields: [{ ints: shape }] });
        break;
      }
      case 'Gemm': {
        if (attrInt(n, 'transB', 0) !== 1 || attrInt(n, 'transA', 0) !== 0) throw new Error(`tflite-convert: ${where}: Gemm with transB 1, transA 0 is written`);
        const alpha = n.attributes.get('alpha');
        if (alpha && alpha.kind === 'float' && alpha.value !== 1) throw new Error(`tflite-convert: ${where}: alpha ${alpha.value}`);
        const a = input(n.inputs[0], where);
        const { t: w, scales: fScale } = constant(n.inputs[1], where);
        if (w.type !== 'int8') throw new Error(`tflite-convert: ${where}: weights must be int8`);
        const [nOut, k] = w.dims;
        const wi = add({ name: `${w.name}.weights`, shape: [nOut, k], type: 'int8', data: Int8Array.from(w.data as Int8Array), scale: fScale, zeroPoint: fScale.map(() => 0), axis: 0 }, [nOut, k]);
        const bi = bias(n.inputs[2], a, fScale, nOut, where);
        op('FULLY_CONNECTED', [a, wi, bi], [output(y, [shapes[a][0], nOut], where)], { type: TFL.options.FullyConnectedOptions, fields: [{ type: I8, value: 0 }] });
        break;
      }
      default:
        throw new Error(`tflite-convert: ${n.opType} (${n.name}) is not converted`);
    }
  }
  if (!outIndices.length) throw new Error('tflite-convert: no graph output');
  const bytes = buildTfliteGraph({ tensors, ops, inputs: [inIndex], outputs: outIndices });
  return { bytes, input: { name: graphInput.name, shape: nhwc(inputShape) }, outputs, ops: counts };

  /** The int32 bias behind a DQ (scale input scale x filter scale, as stored), or zeros with that scale where there is none. */
  function bias(v: string | undefined, x: number, fScale: number[], oc: number, where: string): number {
    const sx = Math.fround(tensors[x].scale![0]);
    if (!v) return add({ name: `${where}.bias`, shape: [oc], type: 'int32', data: new Int32Array(oc), scale: fScale.map((f) => Math.fround(sx * Math.fround(f))), zeroPoint: fScale.map(() => 0) }, [oc]);
    const { t, scales } = constant(v, where);
    if (t.type !== 'int32' || t.data.length !== oc) throw new Error(`tflite-convert: ${where}: the bias is not ${oc} int32 values`);
    return add({ name: t.name, shape: [oc], type: 'int32', data: Int32Array.from(t.data as Int32Array), scale: scales, zeroPoint: scales.map(() => 0) }, [oc]);
  }
}
