/**
 * readTfliteModel: a TFLite int8 model (flatbuffer, schema.fbs of tensorflow/lite/schema) -> the model runtime's
 * graph IR, in ONNX's QDQ form, so that the rest of rt.loadModel (shape inference, fuse-qdq, the planner) runs it
 * as it runs an ONNX QDQ model.
 *
 * Layout: TFLite is NHWC. Every rank-4 activation is NCHW inside the graph: a graph input of rank 4 keeps its NHWC
 * declaration and is transposed (perm 0,3,1,2) once; a rank-4 graph output is transposed back (0,2,3,1). Weights
 * are rearranged when read: CONV_2D's OHWI filter to OIHW, DEPTHWISE_CONV_2D's 1HW(C*M) to (C*M)1HW (group = C);
 * axes of CONCATENATION, MEAN and PAD's paddings are mapped to NCHW; RESHAPE of a rank-4 value runs on NHWC data
 * (a transpose on each side). A PAD / PADV2 before a convolution or max pool becomes that operator's own padding
 * later, where that computes the same numbers (passes/fold-pad.ts).
 *
 * Each int8 / uint8 activation tensor T is a value of the graph; an operator reads DequantizeLinear(T) (scale and
 * zero point from T's quantization, per tensor), computes its float ONNX counterpart, applies its fused activation
 * (RELU -> Relu, RELU6 -> Clip(0, 6), RELU_N1_TO_1 -> Clip(-1, 1)) and writes QuantizeLinear(...) into its
 * output tensor. fuse-qdq then makes these groups QLinearConv / QGemm / QLinear* nodes exactly as onnxruntime would,
 * Relu / Clip absorbed where the output's quantization already clips. Constant tensors (a buffer with data) are
 * initializers; int8 weights keep their codes behind a DequantizeLinear (per channel: axis 0 after the
 * rearrangement), int32 biases likewise (scale input scale x filter scale, as TFLite stores it).
 *
 * Operators: QUANTIZE, DEQUANTIZE, CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, AVERAGE_POOL_2D, MAX_POOL_2D, ADD,
 * SUB, MUL (operands of one rank that broadcast, or a constant scalar), PAD, PADV2, RESHAPE, SQUEEZE, CONCATENATION, MEAN (over H and W
 * of a rank-4 tensor), SOFTMAX (beta 1, last axis), LOGISTIC, HARD_SWISH, RELU, RELU6, RESIZE_BILINEAR and
 * RESIZE_NEAREST_NEIGHBOR (align_corners, half_pixel_centers or neither, as ONNX Resize's coordinate modes), TRANSPOSE_CONV
 * (ConvTranspose, per-channel filter scales on its output channels), with int8 or uint8 activations and int8
 * weights. Anything else (another operator, a float32 CONV_2D, a custom op, a second subgraph) is UNSUPPORTED_OP,
 * every such operator named at once, before any output is written; a file that is not a TFLite flatbuffer or is cut
 * short is BAD_MODEL.
 */
import { I8ConvError } from '../../../errors.js';
import type { Attribute, ElementType, Graph, Node, Tensor, ValueInfo } from '../ir.js';
import { FlatBuffer } from './flatbuffer.js';

/** schema.fbs BuiltinOperator codes read here */
const OP: Record<number, string> = {
  0: 'ADD',
  1: 'AVERAGE_POOL_2D',
  2: 'CONCATENATION',
  3: 'CONV_2D',
  4: 'DEPTHWISE_CONV_2D',
  6: 'DEQUANTIZE',
  9: 'FULLY_CONNECTED',
  14: 'LOGISTIC',
  17: 'MAX_POOL_2D',
  18: 'MUL',
  19: 'RELU',
  21: 'RELU6',
  22: 'RESHAPE',
  25: 'SOFTMAX',
  34: 'PAD',
  40: 'MEAN',
  23: 'RESIZE_BILINEAR',
  41: 'SUB',
  43: 'SQUEEZE',
  60: 'PADV2',
  67: 'TRANSPOSE_CONV',
  97: 'RESIZE_NEAREST_NEIGHBOR',
  114: 'QUANTIZE',
  117: 'HARD_SWISH',
};
/**
 * The BuiltinOptions union member (schema.fbs) of each operator whose options are read here: an operator whose
 * options table is of another member (an operator code changed, the table kept) is BAD_MODEL, since its fields would
 * read as another table's (a pool's filter size from a convolution's activation byte).
 */
const OPTIONS_TYPE: Record<string, number> = {
  CONV_2D: 1,
  DEPTHWISE_CONV_2D: 2,
  AVERAGE_POOL_2D: 5,
  MAX_POOL_2D: 5,
  FULLY_CONNECTED: 8,
  SOFTMAX: 9,
  CONCATENATION: 10,
  ADD: 11,
  RESIZE_BILINEAR: 15,
  MUL: 21,
  MEAN: 27,
  SUB: 28,
  TRANSPOSE_CONV: 49,
  RESIZE_NEAREST_NEIGHBOR: 74,
};
const TYPES: Record<number, ElementType> = { 0: 'float32', 2: 'int32', 3: 'uint8', 4: 'int64', 9: 'int8' };
const TYPE_NAMES: Record<number, string> = {
  0: 'float32',
  1: 'float16',
  2: 'int32',
  3: 'uint8',
  4: 'int64',
  5: 'string',
  6: 'bool',
  7: 'int16',
  8: 'complex64',
  9: 'int8',
  10: 'float64',
};
const ONNX_TYPE: Record<ElementType, number> = {
  float32: 1,
  uint8: 2,
  int8: 3,
  int32: 6,
  int64: 7,
  bool: 9,
  float16: 10,
  double: 11,
};
const NHWC_TO_NCHW = [0, 3, 1, 2];
const NCHW_TO_NHWC = [0, 2, 3, 1];

interface TflTensor {
  name: string;
  shape: number[];
  typeCode: number;
  type: ElementType | undefined;
  data?: Uint8Array;
  scale?: number[];
  zeroPoint?: number[];
  axis: number;
}

const is8 = (t: ElementType | undefined): t is 'int8' | 'uint8' => t === 'int8' || t === 'uint8';

/** Reads the model (see the header). */
export function readTfliteModel(input: Uint8Array | ArrayBuffer): Graph {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const fb = new FlatBuffer(bytes);
  const model = fb.root('TFL3');
  const version = fb.scalar(model, 0, 'u32', 0);
  if (version !== 3) throw new I8ConvError('BAD_MODEL', `model: TFLite schema version ${version}, not 3`, 'model');
  const codes = fb.tables(model, 1).map((c) => Math.max(fb.scalar(c, 0, 'i8', 0), fb.scalar(c, 3, 'i32', 0)));
  const buffers = fb.tables(model, 4).map((b) => fb.u8s(b, 0));
  const subgraphs = fb.tables(model, 2);
  if (subgraphs.length !== 1)
    throw new I8ConvError(
      'UNSUPPORTED_OP',
      `model: ${subgraphs.length} subgraphs (i8conv reads models of one)`,
      'model',
    );
  const sg = subgraphs[0];
  const used = new Set<string>();
  const tensors: TflTensor[] = fb.tables(sg, 0).map((t, i) => {
    let name = fb.str(t, 3) || `tensor_${i}`;
    while (used.has(name)) name = `${name}_${i}`;
    used.add(name);
    const typeCode = fb.scalar(t, 1, 'i8', 0);
    const buf = fb.scalar(t, 2, 'u32', 0);
    if (buf >= buffers.length && buf !== 0)
      throw new I8ConvError(
        'BAD_MODEL',
        `model: tensor ${JSON.stringify(name)} names buffer ${buf} of ${buffers.length}`,
        'model',
      );
    const data = buffers[buf];
    const q = fb.ref(t, 4);
    const scale = q ? fb.f32s(q, 2) : undefined;
    const zeroPoint = q ? fb.i64s(q, 3) : undefined;
    return {
      name,
      shape: fb.i32s(t, 0) ?? [],
      typeCode,
      type: TYPES[typeCode],
      data: data && data.length ? data : undefined,
      scale: scale && scale.length ? scale : undefined,
      zeroPoint: zeroPoint && zeroPoint.length ? zeroPoint : undefined,
      axis: q ? fb.scalar(q, 6, 'i32', 0) : 0,
    };
  });
  const SIZE: Partial<Record<ElementType, number>> = { float32: 4, int32: 4, uint8: 1, int8: 1, int64: 8 };
  for (const t of tensors) {
    if (t.shape.some((d) => !Number.isInteger(d) || d < 0))
      throw new I8ConvError('BAD_MODEL', `model: tensor ${JSON.stringify(t.name)} has shape [${t.shape}]`, 'model');
    const want = t.shape.reduce((a, b) => a * b, 1) * (t.type ? (SIZE[t.type] ?? 0) : 0);
    if (t.data && t.type && t.data.length !== want) {
      throw new I8ConvError(
        'BAD_MODEL',
        `model: constant tensor ${JSON.stringify(t.name)} of shape [${t.shape}] (${t.type}) holds ${t.data.length} bytes, not ${want}`,
        'model',
      );
    }
  }
  const sgInputs = fb.i32s(sg, 1) ?? [];
  const sgOutputs = fb.i32s(sg, 2) ?? [];
  const ops = fb.tables(sg, 3).map((o) => ({
    code: codes[fb.scalar(o, 0, 'u32', 0)],
    inputs: fb.i32s(o, 1) ?? [],
    outputs: fb.i32s(o, 2) ?? [],
    optionsType: fb.scalar(o, 3, 'u8', 0),
    options: fb.ref(o, 4),
  }));
  const badModel = (m: string) => new I8ConvError('BAD_MODEL', `model: ${m}`, 'model');
  for (const k of [...sgInputs, ...sgOutputs])
    if (!(k >= 0 && k < tensors.length))
      throw badModel(`a graph input or output names tensor ${k} of ${tensors.length}`);
  ops.forEach((o, i) => {
    if (o.code === undefined) throw badModel(`operator ${i} names an operator code the model does not list`);
    const name = OP[o.code];
    // inputs every operator read here needs (the others are optional: -1, or absent)
    const need =
      name === undefined
        ? 0
        : name === 'TRANSPOSE_CONV'
          ? 3
          : [
                'CONV_2D',
                'DEPTHWISE_CONV_2D',
                'FULLY_CONNECTED',
                'ADD',
                'SUB',
                'MUL',
                'PAD',
                'PADV2',
                'MEAN',
                'RESIZE_BILINEAR',
                'RESIZE_NEAREST_NEIGHBOR',
              ].includes(name)
            ? 2
            : 1;
    if (o.outputs.length < 1 || o.inputs.length < need)
      throw badModel(`operator ${i} (${name ?? o.code}) has ${o.inputs.length} inputs and ${o.outputs.length} outputs`);
    o.inputs.forEach((k, j) => {
      if (!(k < tensors.length && (k >= 0 || (k === -1 && j >= need))))
        throw badModel(`operator ${i} (${name ?? o.code}) names tensor ${k} of ${tensors.length} as input ${j}`);
    });
    for (const k of o.outputs)
      if (!(k >= 0 && k < tensors.length))
        throw badModel(`operator ${i} (${name ?? o.code}) names tensor ${k} of ${tensors.length} as an output`);
    const want = name === undefined ? undefined : OPTIONS_TYPE[name];
    if (want !== undefined && o.options && o.optionsType !== want)
      throw badModel(
        `operator ${i} (${name}): its options table is of union member ${o.optionsType}, not ${want} (the options of ${name})`,
      );
  });

  // Refuse first: every unsupported operator at once.
  const refusals: string[] = [];
  ops.forEach((o, i) => {
    const name = OP[o.code];
    // TRANSPOSE_CONV: inputs [output_shape, filter, data, bias?]
    const t = (k: number) => tensors[o.inputs[name === 'TRANSPOSE_CONV' && k < 2 ? [2, 1][k] : k]];
    const out = tensors[o.outputs[0]];
    if (!name) refusals.push(`operator ${i}: builtin code ${o.code}${o.code === 32 ? ' (CUSTOM)' : ''}`);
    else if (
      name === 'QUANTIZE'
        ? (t(0).type !== 'float32' && !is8(t(0).type)) || !is8(out.type)
        : name === 'DEQUANTIZE'
          ? !is8(t(0).type)
          : !is8(t(0).type) || !is8(out.type)
    ) {
      refusals.push(
        `operator ${i}: ${name} on ${TYPE_NAMES[t(0).typeCode] ?? t(0).typeCode} -> ${TYPE_NAMES[out.typeCode] ?? out.typeCode} (i8conv runs int8 / uint8 quantized operators)`,
      );
    } else if (
      (name === 'CONV_2D' || name === 'DEPTHWISE_CONV_2D' || name === 'FULLY_CONNECTED' || name === 'TRANSPOSE_CONV') &&
      (t(1).type !== 'int8' || !t(1).data)
    ) {
      refusals.push(`operator ${i}: ${name} whose filter is not a constant int8 tensor`);
    }
  });
  if (refusals.length) throw new I8ConvError('UNSUPPORTED_OP', `model: ${refusals.join('; ')}`, 'model');

  // The graph.
  const nodes: Node[] = [];
  const inits = new Map<string, Tensor>();
  const valueInfo = new Map<string, ValueInfo>();
  let fresh = 0;
  const nm = (base: string) => {
    let n = `${base}__${fresh++}`;
    while (used.has(n)) n = `${base}__${fresh++}`;
    used.add(n);
    return n;
  };
  const node = (
    opType: string,
    inputs: string[],
    outputs: string[],
    attrs: Record<string, Attribute> = {},
    name = '',
  ) => nodes.push({ name, opType, domain: '', inputs, outputs, attributes: new Map(Object.entries(attrs)) });
  const init = (name: string, type: ElementType, dims: number[], data: Tensor['data']) => {
    inits.set(name, { name, type, dims, data });
    return name;
  };
  const ints = (value: number[]): Attribute => ({ kind: 'ints', value });
  const int = (value: number): Attribute => ({ kind: 'int', value });
  const f32 = (v: number) => init(nm('c'), 'float32', [], Float32Array.of(v));
  /** the IR value of each tensor (rank-4 activations: NCHW) */
  const value = new Map<number, string>();
  const rank4 = (k: number) => tensors[k].shape.length === 4;
  const qparams = (k: number): [string, string] => {
    const t = tensors[k];
    if (!t.scale || t.scale.length !== 1)
      throw new I8ConvError(
        'UNSUPPORTED_OP',
        `model: tensor ${JSON.stringify(t.name)} has ${t.scale?.length ?? 0} scales (an activation needs one)`,
        'model',
      );
    const zp = t.zeroPoint?.[0] ?? 0;
    const zpData = t.type === 'uint8' ? Uint8Array.of(zp) : Int8Array.of(zp);
    return [f32(t.scale[0]), init(nm('zp'), t.type!, [], zpData)];
  };
  const dq = (k: number) => {
    const out = nm(`${tensors[k].name}_dq`);
    node('DequantizeLinear', [value.get(k)!, ...qparams(k)], [out]);
    return out;
  };
  const toQ = (x: string, k: number) => {
    const out = nm(tensors[k].name);
    node('QuantizeLinear', [x, ...qparams(k)], [out]);
    value.set(k, out);
  };
  const activation = (x: string, fused: number, where: string): string => {
    if (fused === 0) return x;
    const y = nm('act');
    if (fused === 1) node('Relu', [x], [y]);
    else if (fused === 3) node('Clip', [x, f32(0), f32(6)], [y]);
    else if (fused === 2) node('Clip', [x, f32(-1), f32(1)], [y]);
    else
      throw new I8ConvError(
        'UNSUPPORTED_OP',
        `model: ${where}: fused activation ${fused} (NONE, RELU, RELU_N1_TO_1, RELU6 are read)`,
        'model',
      );
    return y;
  };
  /** a constant tensor's values as numbers */
  const constInts = (k: number): number[] => {
    const t = tensors[k];
    if (!t.data)
      throw new I8ConvError('UNSUPPORTED_OP', `model: tensor ${JSON.stringify(t.name)} must be constant here`, 'model');
    const dv = new DataView(t.data.buffer, t.data.byteOffset, t.data.byteLength);
    if (t.type === 'int32') return Array.from({ length: t.data.length / 4 }, (_, i) => dv.getInt32(4 * i, true));
    if (t.type === 'int64')
      return Array.from({ length: t.data.length / 8 }, (_, i) => Number(dv.getBigInt64(8 * i, true)));
    throw new I8ConvError(
      'UNSUPPORTED_OP',
      `model: tensor ${JSON.stringify(t.name)} must be int32 or int64 here`,
      'model',
    );
  };
  /** an int8 weight rearranged by `index(i)` (source position of destination element i) behind a per-axis DQ */
  const weight = (k: number, dims: number[], index: (i: number) => number, axisOut: number | undefined): string => {
    const t = tensors[k];
    const src = new Int8Array(t.data!.buffer, t.data!.byteOffset, t.data!.length);
    const q = new Int8Array(src.length);
    for (let i = 0; i < q.length; i++) q[i] = src[index(i)];
    const scales = t.scale ?? [1];
    const per = scales.length > 1;
    const w = init(nm(`${t.name}_q`), 'int8', dims, q);
    const s = init(nm(`${t.name}_scale`), 'float32', per ? [scales.length] : [], Float32Array.from(scales));
    const z = init(
      nm(`${t.name}_zp`),
      'int8',
      per ? [scales.length] : [],
      Int8Array.from(t.zeroPoint ?? new Array(scales.length).fill(0)),
    );
    const out = nm(`${t.name}_dq`);
    node('DequantizeLinear', [w, s, z], [out], per ? { axis: int(axisOut ?? 0) } : {});
    return out;
  };
  const bias = (k: number | undefined): string[] => {
    if (k === undefined || k < 0) return [];
    const t = tensors[k];
    if (t.type !== 'int32' || !t.data)
      throw new I8ConvError(
        'UNSUPPORTED_OP',
        `model: bias ${JSON.stringify(t.name)} is not a constant int32 tensor`,
        'model',
      );
    // a copy into a fresh buffer: Node's Buffer.slice is a view, whose .buffer is the whole file
    const q = new Int32Array(t.data.length / 4);
    new Uint8Array(q.buffer).set(t.data);
    const scales = t.scale ?? [1];
    const per = scales.length > 1;
    const b = init(nm(`${t.name}_q`), 'int32', [q.length], q);
    const s = init(nm(`${t.name}_scale`), 'float32', per ? [scales.length] : [], Float32Array.from(scales));
    const z = init(nm(`${t.name}_zp`), 'int32', per ? [scales.length] : [], new Int32Array(scales.length));
    const out = nm(`${t.name}_dq`);
    node('DequantizeLinear', [b, s, z], [out], per ? { axis: int(0) } : {});
    return [out];
  };
  const pads2d = (
    padding: number,
    ih: number,
    iw: number,
    kh: number,
    kw: number,
    sh: number,
    sw: number,
    dh: number,
    dw: number,
  ): number[] => {
    if (padding === 1) return [0, 0, 0, 0];
    const one = (size: number, k: number, s: number, d: number) => {
      const out = Math.ceil(size / s);
      const total = Math.max((out - 1) * s + (k - 1) * d + 1 - size, 0);
      return [Math.floor(total / 2), total - Math.floor(total / 2)];
    };
    const [t, b] = one(ih, kh, sh, dh);
    const [l, r] = one(iw, kw, sw, dw);
    return [t, l, b, r];
  };
  const transpose = (x: string, perm: number[]) => {
    const y = nm('t');
    node('Transpose', [x], [y], { perm: ints(perm) });
    return y;
  };

  // graph inputs
  const inputs: ValueInfo[] = sgInputs.map((k) => {
    const t = tensors[k];
    const vi: ValueInfo = {
      name: t.name,
      type: t.type ?? null,
      onnxElemType: t.type ? ONNX_TYPE[t.type] : 0,
      shape: [...t.shape],
    };
    value.set(k, rank4(k) ? transpose(t.name, NHWC_TO_NCHW) : t.name);
    return vi;
  });

  ops.forEach((o, i) => {
    const name = OP[o.code];
    const where = `operator ${i} (${name})`;
    const x = o.inputs[0];
    const y = o.outputs[0];
    const opt = o.options;
    const optInt = (id: number, dflt: number) => (opt ? fb.scalar(opt, id, 'i32', dflt) : dflt);
    const optByte = (id: number, dflt: number) => (opt ? fb.scalar(opt, id, 'i8', dflt) : dflt);
    // Padding: SAME (0) or VALID (1), field 0 of the convolution, pool and transposed convolution options
    const padding = () => {
      const p = optByte(0, 0);
      if (p !== 0 && p !== 1) throw badModel(`${where}: padding ${p} is neither SAME (0) nor VALID (1)`);
      return p;
    };
    const input = (k: number) => {
      // -1 (no tensor) passed the index check only as an optional input; an operand read here is required
      if (k < 0) throw badModel(`${where} names no tensor (-1) as a required input`);
      if (!value.has(k)) {
        const t = tensors[k];
        if (!t.data || !is8(t.type))
          throw new I8ConvError(
            'UNSUPPORTED_OP',
            `model: ${where} reads tensor ${JSON.stringify(t.name)}, which nothing computes and which is no int8 constant`,
            'model',
          );
        if (t.shape.length === 4)
          throw new I8ConvError('UNSUPPORTED_OP', `model: ${where}: a rank-4 constant operand`, 'model');
        const arr =
          t.type === 'uint8'
            ? new Uint8Array(t.data)
            : new Int8Array(t.data.buffer, t.data.byteOffset, t.data.length).slice();
        value.set(k, init(nm(t.name), t.type, [...t.shape], arr));
      }
      return dq(k);
    };
    switch (name) {
      case 'QUANTIZE':
        toQ(tensors[x].type === 'float32' ? value.get(x)! : dq(x), y);
        break;
      case 'DEQUANTIZE': {
        const out = nm(tensors[y].name);
        node('DequantizeLinear', [value.get(x)!, ...qparams(x)], [out]);
        value.set(y, out);
        break;
      }
      case 'CONV_2D':
      case 'DEPTHWISE_CONV_2D': {
        const depthwise = name === 'DEPTHWISE_CONV_2D';
        const [, ih, iw, ic] = tensors[x].shape;
        const f = tensors[o.inputs[1]];
        const sw = optInt(1, 1);
        const sh = optInt(2, 1);
        const fused = optByte(depthwise ? 4 : 3, 0);
        const dw = optInt(depthwise ? 5 : 4, 1);
        const dh = optInt(depthwise ? 6 : 5, 1);
        let wv: string;
        let kh: number;
        let kw: number;
        let group = 1;
        if (depthwise) {
          [, kh, kw] = f.shape;
          const oc = f.shape[3];
          // 1 KH KW OC -> OC 1 KH KW
          wv = weight(
            o.inputs[1],
            [oc, 1, kh, kw],
            (i) => {
              const c = Math.floor(i / (kh * kw));
              const r = i % (kh * kw);
              return r * oc + c;
            },
            0,
          );
          group = ic;
        } else {
          const [oc, fkh, fkw, icpg] = f.shape;
          kh = fkh;
          kw = fkw;
          group = ic / icpg;
          // O KH KW I -> O I KH KW
          wv = weight(
            o.inputs[1],
            [oc, icpg, kh, kw],
            (i) => {
              const xw = i % kw;
              const yh = Math.floor(i / kw) % kh;
              const c = Math.floor(i / (kw * kh)) % icpg;
              const oo = Math.floor(i / (kw * kh * icpg));
              return ((oo * kh + yh) * kw + xw) * icpg + c;
            },
            0,
          );
        }
        const conv = nm('conv');
        node('Conv', [input(x), wv, ...bias(o.inputs[2])], [conv], {
          kernel_shape: ints([kh, kw]),
          strides: ints([sh, sw]),
          dilations: ints([dh, dw]),
          group: int(group),
          pads: ints(pads2d(padding(), ih, iw, kh, kw, sh, sw, dh, dw)),
        });
        toQ(activation(conv, fused, where), y);
        break;
      }
      case 'TRANSPOSE_CONV': {
        // TFLite's transposed convolution is the gradient of a convolution whose input has `output_shape` and whose
        // output is this operator's input; SAME pads that convolution (total (in - 1) * s + k - out, the smaller
        // half first), VALID not at all. ONNX ConvTranspose: the full result (in - 1) * s + k, cropped by pads, or
        // grown by output_padding where output_shape asks for more (those rows hold the bias alone, in both).
        const data = o.inputs[2];
        const [, ih, iw, ic] = tensors[data].shape;
        const f = tensors[o.inputs[1]];
        const [oc, kh, kw, fic] = f.shape;
        const os = constInts(o.inputs[0]);
        if (os.length !== 4 || fic !== ic || os[3] !== oc || !(os[1] > 0 && os[2] > 0))
          throw badModel(`${where}: output_shape [${os}] with filter [${f.shape}] and input [${tensors[data].shape}]`);
        const sw = optInt(1, 1);
        const sh = optInt(2, 1);
        const same = padding() === 0;
        const along = (inSize: number, outSize: number, k: number, s: number) => {
          const full = (inSize - 1) * s + k;
          const before = same ? Math.floor(Math.max(full - outSize, 0) / 2) : 0;
          const after = full - outSize - before;
          return after >= 0 ? { before, after, extra: 0 } : { before, after: 0, extra: -after };
        };
        const ph = along(ih, os[1], kh, sh);
        const pw = along(iw, os[2], kw, sw);
        if (ph.extra >= sh || pw.extra >= sw)
          throw new I8ConvError(
            'UNSUPPORTED_OP',
            `model: ${where}: output_shape [${os}] is larger than a stride past the full result`,
            'model',
          );
        // O KH KW I -> I O KH KW (ONNX's [C, M, kh, kw]); per-channel scales follow O: axis 1
        const wv = weight(
          o.inputs[1],
          [ic, oc, kh, kw],
          (i) => {
            const xw = i % kw;
            const yh = Math.floor(i / kw) % kh;
            const oo = Math.floor(i / (kw * kh)) % oc;
            const c = Math.floor(i / (kw * kh * oc));
            return ((oo * kh + yh) * kw + xw) * ic + c;
          },
          1,
        );
        const r = nm('deconv');
        const attrs: Record<string, Attribute> = {
          kernel_shape: ints([kh, kw]),
          strides: ints([sh, sw]),
          group: int(1),
          pads: ints([ph.before, pw.before, ph.after, pw.after]),
        };
        if (ph.extra || pw.extra) attrs.output_padding = ints([ph.extra, pw.extra]);
        node('ConvTranspose', [input(data), wv, ...bias(o.inputs[3])], [r], attrs);
        toQ(activation(r, optByte(3, 0), where), y);
        break;
      }
      case 'FULLY_CONNECTED': {
        const f = tensors[o.inputs[1]];
        const [oc, k] = f.shape;
        let a = input(x);
        if (tensors[x].shape.length !== 2) {
          if (rank4(x)) a = transpose(a, NCHW_TO_NHWC);
          const r = nm('flat');
          node('Reshape', [a, init(nm('shape'), 'int64', [2], BigInt64Array.of(-1n, BigInt(k)))], [r]);
          a = r;
        }
        const wv = weight(o.inputs[1], [oc, k], (i) => i, 0);
        const g = nm('fc');
        node('Gemm', [a, wv, ...bias(o.inputs[2])], [g], { transB: int(1) });
        toQ(activation(g, optByte(0, 0), where), y);
        break;
      }
      case 'AVERAGE_POOL_2D':
      case 'MAX_POOL_2D': {
        const [, ih, iw] = tensors[x].shape;
        const sw = optInt(1, 1);
        const sh = optInt(2, 1);
        const fw = optInt(3, 1);
        const fh = optInt(4, 1);
        const p = nm('pool');
        node(name === 'MAX_POOL_2D' ? 'MaxPool' : 'AveragePool', [input(x)], [p], {
          kernel_shape: ints([fh, fw]),
          strides: ints([sh, sw]),
          pads: ints(pads2d(padding(), ih, iw, fh, fw, sh, sw, 1, 1)),
        });
        toQ(activation(p, optByte(5, 0), where), y);
        break;
      }
      case 'ADD':
      case 'SUB':
      case 'MUL': {
        const [a, b] = o.inputs;
        const [sa, sb] = [tensors[a].shape, tensors[b].shape];
        // equal shapes, a scalar operand, or operands of one rank whose dims agree or are 1 (numpy broadcasting; both
        // rank-4 values are NCHW here, so the rule holds on the permuted dims alike)
        const scalarB = sb.reduce((m, d) => m * d, 1) === 1;
        const broadcasts = sa.length === sb.length && sa.every((d, i) => d === sb[i] || d === 1 || sb[i] === 1);
        if (!scalarB && !broadcasts)
          throw new I8ConvError(
            'UNSUPPORTED_OP',
            `model: ${where}: broadcasting [${sa}] with [${sb}] (shapes of one rank whose dims agree or are 1, or a scalar, are read)`,
            'model',
          );
        const r = nm(name.toLowerCase());
        node({ ADD: 'Add', SUB: 'Sub', MUL: 'Mul' }[name], [input(a), input(b)], [r]);
        toQ(activation(r, optByte(0, 0), where), y);
        break;
      }
      case 'PAD':
      case 'PADV2': {
        const p = constInts(o.inputs[1]);
        const rk = tensors[x].shape.length;
        if (p.length !== 2 * rk || p.some((v) => v < 0))
          throw badModel(`${where}: paddings [${p}] for a rank-${rk} input`);
        const before = Array.from({ length: rk }, (_, d) => p[2 * d]);
        const after = Array.from({ length: rk }, (_, d) => p[2 * d + 1]);
        const order = rk === 4 ? NHWC_TO_NCHW : [...Array(rk).keys()];
        const pads = [...order.map((d) => before[d]), ...order.map((d) => after[d])];
        const r = nm('pad');
        // PAD pads with the zero point (the value 0); PADV2 with its constant, a quantized scalar of the input's type
        // and quantization (its value here, dequantized)
        const cv = o.inputs[2];
        let value: string[] = [];
        if (name === 'PADV2' && cv !== undefined && cv >= 0) {
          const c = tensors[cv];
          if (!c.data || c.type !== tensors[x].type || c.data.length !== 1)
            throw badModel(`${where}: constant_values must be one constant ${tensors[x].type} value`);
          const code = c.type === 'int8' ? (c.data[0] << 24) >> 24 : c.data[0];
          const [sx, zx] = [tensors[x].scale?.[0] ?? 1, tensors[x].zeroPoint?.[0] ?? 0];
          value = [f32(Math.fround(Math.fround(code - zx) * Math.fround(sx)))];
        }
        node(
          'Pad',
          [input(x), init(nm('pads'), 'int64', [pads.length], BigInt64Array.from(pads.map(BigInt))), ...value],
          [r],
        );
        toQ(r, y);
        break;
      }
      case 'RESIZE_BILINEAR':
      case 'RESIZE_NEAREST_NEIGHBOR': {
        const size = constInts(o.inputs[1]);
        if (size.length !== 2 || !(size[0] > 0 && size[1] > 0)) throw badModel(`${where}: size [${size}]`);
        const [oh, ow] = size;
        const bilinear = name === 'RESIZE_BILINEAR';
        const align = opt ? fb.bool(opt, bilinear ? 2 : 0) : false;
        const half = opt ? fb.bool(opt, bilinear ? 3 : 1) : false;
        if (!rank4(x))
          throw new I8ConvError('UNSUPPORTED_OP', `model: ${where}: a rank-${tensors[x].shape.length} input`, 'model');
        const [n, , , c] = tensors[x].shape;
        const r = nm('resize');
        // TFLite's coordinates: align_corners, half_pixel_centers, else asymmetric (out * in / out_size); nearest
        // rounds aligned coordinates (half away from zero) and floors the others
        node(
          'Resize',
          [
            input(x),
            '',
            '',
            init(nm('sizes'), 'int64', [4], BigInt64Array.of(BigInt(n), BigInt(c), BigInt(oh), BigInt(ow))),
          ],
          [r],
          {
            mode: { kind: 'string', value: bilinear ? 'linear' : 'nearest' },
            coordinate_transformation_mode: {
              kind: 'string',
              value: align ? 'align_corners' : half ? (bilinear ? 'half_pixel' : 'tf_half_pixel_for_nn') : 'asymmetric',
            },
            nearest_mode: { kind: 'string', value: align ? 'round_prefer_ceil' : 'floor' },
          },
        );
        toQ(r, y);
        break;
      }
      case 'SQUEEZE':
      case 'RESHAPE': {
        let a = value.get(x)!;
        if (rank4(x)) a = transpose(a, NCHW_TO_NHWC);
        const r = nm('reshape');
        const shape = tensors[y].shape;
        node('Reshape', [a, init(nm('shape'), 'int64', [shape.length], BigInt64Array.from(shape.map(BigInt)))], [r]);
        value.set(y, rank4(y) ? transpose(r, NHWC_TO_NCHW) : r);
        break;
      }
      case 'CONCATENATION': {
        const rk = tensors[y].shape.length;
        let axis = optInt(0, 0);
        if (axis < 0) axis += rk;
        if (rk === 4) axis = NHWC_TO_NCHW.indexOf(axis);
        const r = nm('concat');
        node('Concat', o.inputs.map(input), [r], { axis: int(axis) });
        toQ(activation(r, optByte(1, 0), where), y);
        break;
      }
      case 'MEAN': {
        const axes = constInts(o.inputs[1])
          .map((a) => (a < 0 ? a + 4 : a))
          .sort();
        const keep = opt ? fb.bool(opt, 0) : false;
        if (!rank4(x) || axes.join() !== '1,2')
          throw new I8ConvError(
            'UNSUPPORTED_OP',
            `model: ${where}: MEAN over axes [${axes}] of a rank-${tensors[x].shape.length} tensor (over H and W of a rank-4 one is read)`,
            'model',
          );
        const g = nm('mean');
        node('GlobalAveragePool', [input(x)], [g]);
        if (keep) toQ(g, y);
        else {
          const r = nm('squeeze');
          node('Reshape', [g, init(nm('shape'), 'int64', [2], BigInt64Array.of(0n, -1n))], [r]);
          toQ(r, y);
        }
        break;
      }
      case 'SOFTMAX': {
        const beta = opt ? fb.scalar(opt, 0, 'f32', 1) : 1;
        if (beta !== 1 || rank4(x))
          throw new I8ConvError(
            'UNSUPPORTED_OP',
            `model: ${where}: beta ${beta} on a rank-${tensors[x].shape.length} tensor (beta 1, rank below 4, are read)`,
            'model',
          );
        const r = nm('softmax');
        node('Softmax', [input(x)], [r], { axis: int(-1) });
        toQ(r, y);
        break;
      }
      default: {
        const onnx = { LOGISTIC: 'Sigmoid', HARD_SWISH: 'HardSwish', RELU: 'Relu', RELU6: 'Clip' }[name as 'LOGISTIC'];
        const r = nm(name.toLowerCase());
        node(onnx, name === 'RELU6' ? [input(x), f32(0), f32(6)] : [input(x)], [r]);
        toQ(r, y);
      }
    }
  });

  const outputs: ValueInfo[] = sgOutputs.map((k) => {
    const t = tensors[k];
    const v = value.get(k);
    if (v === undefined)
      throw new I8ConvError('BAD_MODEL', `model: output ${JSON.stringify(t.name)} is computed by no operator`, 'model');
    node(rank4(k) ? 'Transpose' : 'Identity', [v], [t.name], rank4(k) ? { perm: ints(NCHW_TO_NHWC) } : {});
    const type = tensors[k].type ?? null;
    return { name: t.name, type, onnxElemType: type ? ONNX_TYPE[type] : 0, shape: [...t.shape] };
  });
  return {
    name: 'tflite',
    format: 'tflite',
    irVersion: 8,
    opsetImports: new Map([['', 13]]),
    inputs,
    outputs,
    initializers: inits,
    valueInfo,
    nodes,
  } as Graph;
}

/** Whether the bytes carry TFLite's file identifier ('TFL3' after the root offset). */
export function isTflite(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && bytes[4] === 0x54 && bytes[5] === 0x46 && bytes[6] === 0x4c && bytes[7] === 0x33;
}
