/**
 * The zoo's int8 models as TFLite files, for the model race against LiteRT.js (bench/race.ts): a QOperator graph
 * with int8 activations (quantize-minmax.ts `qoperatorForm(float, ranges, { activations: 'int8', ... })`) -> a
 * TFLite flatbuffer (bench/tflite-model.ts `buildTfliteGraph`) holding the same quantized numbers: the same int8
 * weights and int32 biases, the same scales and zero points, operator for operator.
 *
 *   QuantizeLinear (graph input)   float input NHWC [1, H, W, C] -> QUANTIZE
 *   QLinearConv                    CONV_2D (filter OIHW -> OHWI) or DEPTHWISE_CONV_2D (group = channels, filter
 *                                  1HWO), per-channel filter scales (quantized_dimension 0 / 3), bias scale
 *                                  input scale x filter scale in float32 as TFLite has it; padding SAME where TFLite's
 *                                  SAME is the node's padding, VALID where there is none, else PAD + VALID (PAD fills
 *                                  with the input's zero point, ONNX's zero)
 *   QLinearAdd                     ADD
 *   MaxPool (on int8 data)         padding with -128 (the smallest code: never a window's maximum unless the window
 *                                  is all padding) + MAX_POOL_2D VALID: PAD where -128 is the input's zero point (a
 *                                  ReLU's output: XNNPACK runs PAD, not PADV2), else PADV2; MAX_POOL_2D VALID alone
 *                                  without padding
 *   QLinearGlobalAveragePool       MEAN over H and W, keep_dims
 *   Flatten                        RESHAPE to [1, C] (of a [1, C, 1, 1] value: NHWC and NCHW order agree)
 *   QGemm (transB, alpha 1)        FULLY_CONNECTED, per-channel weights
 *   DequantizeLinear (graph output) DEQUANTIZE -> float output
 *
 * The Relu / Clip of the float model are not operators here, as in the QOperator form: each is its producer's
 * output range (zero point -128 at 0), which the int8 saturation applies. Fused activations are NONE.
 *
 * Anything else throws: this is a converter for the benchmark's models, not a general one.
 * No Node built-ins here: the benchmark page may run it.
 */
import type { Graph, Node, Tensor } from '../../src/model/ir.js';
import { TFL, buildTfliteGraph, samePadding, type TflOpSpec, type TflTensorSpec } from '../tflite-model.js';

const OPC = TFL.op;
const { SAME, VALID } = TFL.padding;
const I8 = 'i8' as const;
const I32 = 'i32' as const;

export interface TfliteConversion {
  bytes: Uint8Array;
  /** The float input, NHWC. */
  input: { name: string; shape: number[] };
  /** The float outputs (rank 2 in the zoo). */
  outputs: { name: string; shape: number[] }[];
  /** Counts of the TFLite operators written. */
  ops: Record<string, number>;
}

/** Converts the QOperator graph (see the header). `inputShape` binds the graph input's NCHW dims. */
export function qoperatorToTflite(g: Graph, inputShape: readonly number[]): TfliteConversion {
  const tensors: TflTensorSpec[] = [];
  const ops: TflOpSpec[] = [];
  const counts: Record<string, number> = {};
  /** ONNX value -> TFLite tensor index and its NCHW (ONNX) shape. */
  const vals = new Map<string, { index: number; shape: number[] }>();
  const init = (name: string): Tensor => {
    const t = g.initializers.get(name);
    if (!t) throw new Error(`tflite-convert: ${name} is not an initializer`);
    return t;
  };
  const num = (name: string) => Number(init(name).data[0]);
  const floats = (name: string) => Array.from(init(name).data as Float32Array, Number);
  const add = (t: TflTensorSpec) => tensors.push(t) - 1;
  const op = (name: keyof typeof OPC, inputs: number[], outputs: number[], options?: TflOpSpec['options']) => {
    ops.push({ code: OPC[name], inputs, outputs, options });
    counts[name] = (counts[name] ?? 0) + 1;
  };
  const nhwc = (s: readonly number[]) => (s.length === 4 ? [s[0], s[2], s[3], s[1]] : [...s]);
  /** An int8 activation tensor for ONNX value `v` (NCHW shape `shape`) with the quantization of (scale, zp) names. */
  const act = (v: string, shape: number[], scaleName: string, zpName: string) => {
    const zp = init(zpName);
    if (zp.type !== 'int8') throw new Error(`tflite-convert: ${v} is ${zp.type}, not int8 (convert the int8-activation model)`);
    const index = add({ name: v, shape: nhwc(shape), type: 'int8', scale: [num(scaleName)], zeroPoint: [num(zpName)] });
    vals.set(v, { index, shape });
    return index;
  };
  const get = (v: string) => {
    const r = vals.get(v);
    if (!r) throw new Error(`tflite-convert: value ${v} has no tensor (unsupported producer?)`);
    return r;
  };
  const i32 = (name: string, data: number[]) => add({ name, shape: [data.length], type: 'int32', data: Int32Array.from(data) });
  const attrInts = (n: Node, key: string, dflt: number[]) => {
    const a = n.attributes.get(key);
    return a && a.kind === 'ints' ? a.value.map(Number) : dflt;
  };
  const attrInt = (n: Node, key: string, dflt: number) => {
    const a = n.attributes.get(key);
    return a && a.kind === 'int' ? Number(a.value) : dflt;
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
    const shape = t.shape.map((d, i) => d + p[2 * i] + p[2 * i + 1]);
    const pads = add({ name: `${t.name}.paddings`, shape: [4, 2], type: 'int32', data: Int32Array.from(p) });
    const out = add({ ...t, name: `${t.name}.padded`, shape, data: undefined });
    if (value === undefined) op('PAD', [x, pads], [out], { type: TFL.options.PadOptions, fields: [] });
    else {
      const c = add({ name: `${t.name}.pad_value`, shape: [], type: 'int8', data: Int8Array.of(value), scale: t.scale, zeroPoint: t.zeroPoint });
      op('PADV2', [x, pads, c], [out], { type: TFL.options.PadV2Options, fields: [] });
    }
    return out;
  };

  const graphInput = g.inputs[0];
  if (g.inputs.length !== 1 || inputShape.length !== 4) throw new Error('tflite-convert: one rank-4 graph input is converted');
  const inIndex = add({ name: graphInput.name, shape: nhwc(inputShape), type: 'float32' });
  vals.set(graphInput.name, { index: inIndex, shape: [...inputShape] });
  const outputs: TfliteConversion['outputs'] = [];
  const outIndices: number[] = [];
  const graphOutputs = new Set(g.outputs.map((o) => o.name));

  for (const n of g.nodes) {
    const y = n.outputs[0];
    switch (n.opType) {
      case 'QuantizeLinear': {
        const x = get(n.inputs[0]);
        op('QUANTIZE', [x.index], [act(y, x.shape, n.inputs[1], n.inputs[2])]);
        break;
      }
      case 'DequantizeLinear': {
        const x = get(n.inputs[0]);
        if (!graphOutputs.has(y)) throw new Error(`tflite-convert: DequantizeLinear ${n.name} is not at a graph output`);
        const index = add({ name: y, shape: nhwc(x.shape), type: 'float32' });
        op('DEQUANTIZE', [x.index], [index]);
        outputs.push({ name: y, shape: nhwc(x.shape) });
        outIndices.push(index);
        break;
      }
      case 'QLinearConv': {
        const [xv, xs, , wv, ws, wz, ys, yz, bv] = n.inputs;
        const x = get(xv);
        const w = init(wv);
        if (w.type !== 'int8' || Array.from(init(wz).data as Int8Array).some((v) => v !== 0)) throw new Error(`tflite-convert: ${n.name}: weights must be int8 with zero points 0`);
        const [oc, icpg, kh, kw] = w.dims;
        const [, ic, ih, iw] = x.shape;
        const group = attrInt(n, 'group', 1);
        const depthwise = group !== 1;
        if (depthwise && !(group === ic && oc === ic)) throw new Error(`tflite-convert: ${n.name}: group ${group} (1 or channel-wise with multiplier 1 are written)`);
        if (attrInts(n, 'dilations', [1, 1]).some((d) => d !== 1)) throw new Error(`tflite-convert: ${n.name}: dilation`);
        const [sh, sw] = attrInts(n, 'strides', [1, 1]);
        const pads = attrInts(n, 'pads', [0, 0, 0, 0]);
        const wd = w.data as Int8Array;
        const filter = new Int8Array(wd.length);
        for (let o = 0; o < oc; o++)
          for (let i = 0; i < icpg; i++)
            for (let yy = 0; yy < kh; yy++)
              for (let xx = 0; xx < kw; xx++)
                filter[depthwise ? (yy * kw + xx) * oc + o : ((o * kh + yy) * kw + xx) * icpg + i] = wd[((o * icpg + i) * kh + yy) * kw + xx];
        const fScale = floats(ws);
        const sx = Math.fround(num(xs));
        const fi = add({ name: `${n.name}.filter`, shape: depthwise ? [1, kh, kw, oc] : [oc, kh, kw, icpg], type: 'int8', data: filter, scale: fScale, zeroPoint: fScale.map(() => 0), axis: depthwise ? 3 : 0 });
        const bias = bv ? (init(bv).data as Int32Array) : new Int32Array(oc);
        const bi = add({ name: `${n.name}.bias`, shape: [oc], type: 'int32', data: Int32Array.from(bias), scale: fScale.map((f) => Math.fround(sx * Math.fround(f))), zeroPoint: fScale.map(() => 0) });
        const p = padding(ih, iw, [kh, kw], [sh, sw], pads);
        const src = p.explicit ? padOp(x.index, p.explicit) : x.index;
        const oh = Math.floor((ih + pads[0] + pads[2] - kh) / sh) + 1;
        const ow = Math.floor((iw + pads[1] + pads[3] - kw) / sw) + 1;
        const out = act(y, [1, oc, oh, ow], ys, yz);
        const pad = { type: I8, value: p.mode };
        if (depthwise) op('DEPTHWISE_CONV_2D', [src, fi, bi], [out], { type: TFL.options.DepthwiseConv2DOptions, fields: [pad, { type: I32, value: sw }, { type: I32, value: sh }, { type: I32, value: 1 }, { type: I8, value: 0 }, { type: I32, value: 1 }, { type: I32, value: 1 }] });
        else op('CONV_2D', [src, fi, bi], [out], { type: TFL.options.Conv2DOptions, fields: [pad, { type: I32, value: sw }, { type: I32, value: sh }, { type: I8, value: 0 }, { type: I32, value: 1 }, { type: I32, value: 1 }] });
        break;
      }
      case 'QLinearAdd': {
        const [av, , , bv, , , ys, yz] = n.inputs;
        const a = get(av);
        const b = get(bv);
        if (a.shape.join() !== b.shape.join()) throw new Error(`tflite-convert: ${n.name}: broadcasting`);
        op('ADD', [a.index, b.index], [act(y, a.shape, ys, yz)], { type: TFL.options.AddOptions, fields: [{ type: I8, value: 0 }] });
        break;
      }
      case 'MaxPool': {
        const x = get(n.inputs[0]);
        const [kh, kw] = attrInts(n, 'kernel_shape', []);
        const [sh, sw] = attrInts(n, 'strides', [1, 1]);
        const pads = attrInts(n, 'pads', [0, 0, 0, 0]);
        if (attrInt(n, 'ceil_mode', 0) !== 0 || attrInts(n, 'dilations', [1, 1]).some((d) => d !== 1)) throw new Error(`tflite-convert: ${n.name}: ceil_mode or dilation`);
        const [, c, ih, iw] = x.shape;
        const explicit = pads.some((v) => v !== 0) ? [0, 0, pads[0], pads[2], pads[1], pads[3], 0, 0] : null;
        const t = tensors[x.index];
        // padding with -128: PAD where that is the zero point (a ReLU's output), which XNNPACK runs; else PADV2
        const src = explicit ? padOp(x.index, explicit, t.zeroPoint?.[0] === -128 ? undefined : -128) : x.index;
        const oh = Math.floor((ih + pads[0] + pads[2] - kh) / sh) + 1;
        const ow = Math.floor((iw + pads[1] + pads[3] - kw) / sw) + 1;
        const out = add({ name: y, shape: [1, oh, ow, c], type: 'int8', scale: t.scale, zeroPoint: t.zeroPoint });
        vals.set(y, { index: out, shape: [1, c, oh, ow] });
        op('MAX_POOL_2D', [src], [out], { type: TFL.options.Pool2DOptions, fields: [{ type: I8, value: VALID }, { type: I32, value: sw }, { type: I32, value: sh }, { type: I32, value: kw }, { type: I32, value: kh }, { type: I8, value: 0 }] });
        break;
      }
      case 'QLinearGlobalAveragePool': {
        const [xv, , , ys, yz] = n.inputs;
        const x = get(xv);
        const axes = i32(`${n.name}.axes`, [1, 2]);
        op('MEAN', [x.index, axes], [act(y, [x.shape[0], x.shape[1], 1, 1], ys, yz)], { type: TFL.options.ReducerOptions, fields: [{ type: 'bool', value: 1 }] });
        break;
      }
      case 'Flatten': {
        const x = get(n.inputs[0]);
        if (x.shape.length !== 4 || x.shape[2] !== 1 || x.shape[3] !== 1 || attrInt(n, 'axis', 1) !== 1) throw new Error(`tflite-convert: ${n.name}: Flatten of [${x.shape}] (of [N, C, 1, 1] is written)`);
        const shape = [x.shape[0], x.shape[1]];
        const t = tensors[x.index];
        const out = add({ name: y, shape, type: 'int8', scale: t.scale, zeroPoint: t.zeroPoint });
        vals.set(y, { index: out, shape });
        op('RESHAPE', [x.index, i32(`${n.name}.shape`, shape)], [out], { type: TFL.options.ReshapeOptions, fields: [{ ints: shape }] });
        break;
      }
      case 'QGemm': {
        const [av, , , bv, bs, bz, cv, ys, yz] = n.inputs;
        if (attrInt(n, 'transB', 0) !== 1 || attrInt(n, 'transA', 0) !== 0) throw new Error(`tflite-convert: ${n.name}: QGemm with transB 1, transA 0 is written`);
        const alpha = n.attributes.get('alpha');
        if (alpha && alpha.kind === 'float' && alpha.value !== 1) throw new Error(`tflite-convert: ${n.name}: alpha ${alpha.value}`);
        const a = get(av);
        const w = init(bv);
        if (w.type !== 'int8' || Array.from(init(bz).data as Int8Array).some((v) => v !== 0)) throw new Error(`tflite-convert: ${n.name}: weights must be int8 with zero points 0`);
        const [nOut, k] = w.dims;
        const fScale = floats(bs);
        const sa = Math.fround(num(n.inputs[1]));
        const wi = add({ name: `${n.name}.weights`, shape: [nOut, k], type: 'int8', data: Int8Array.from(w.data as Int8Array), scale: fScale, zeroPoint: fScale.map(() => 0), axis: 0 });
        const bias = cv ? Int32Array.from(init(cv).data as Int32Array) : new Int32Array(nOut);
        const bi = add({ name: `${n.name}.bias`, shape: [nOut], type: 'int32', data: bias, scale: fScale.map((f) => Math.fround(sa * Math.fround(f))), zeroPoint: fScale.map(() => 0) });
        op('FULLY_CONNECTED', [a.index, wi, bi], [act(y, [a.shape[0], nOut], ys, yz)], { type: TFL.options.FullyConnectedOptions, fields: [{ type: I8, value: 0 }] });
        break;
      }
      default:
        throw new Error(`tflite-convert: ${n.opType} (${n.name}) is not converted`);
    }
  }
  if (!outIndices.length) throw new Error('tflite-convert: no graph output');
  const bytes = buildTfliteGraph({ tensors, ops, inputs: [inIndex], outputs: outIndices });
  return { bytes, input: { name: graphInput.name, shape: nhwc(inputShape) }, outputs, ops: counts };
}
