/**
 * A small TFLite flatbuffer writer: a one-operator model (CONV_2D, or DEPTHWISE_CONV_2D for channel-wise shapes,
 * behind a PAD where TFLite's SAME padding is not the shape's k/2 padding) with int8 activations and filter and
 * int32 bias, for the LiteRT.js (XNNPACK) peer of the benchmark (bench/litert.ts). Tables and field ids follow
 * TFLite's schema.fbs (tensorflow/lite/schema/schema.fbs).
 *
 * The flatbuffer is written front to back: the root offset and the "TFL3" file identifier, then each table as
 * its vtable followed by its inline fields, and everything a table refers to (vectors, strings, sub-tables)
 * after it, so that every unsigned offset points forward as the format requires.
 *
 * No Node built-ins here: the same file runs in the browser page.
 */

// ---- a minimal flatbuffer serializer ---------------------------------------------------------------------------

type Scalar = 'bool' | 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'f32' | 'i64';

const SIZE: Record<Scalar, number> = { bool: 1, i8: 1, u8: 1, i16: 2, u16: 2, i32: 4, u32: 4, f32: 4, i64: 8 };

/** A table: `fields[id]` is the field with that id in schema.fbs (absent when undefined). */
interface FbTable {
  kind: 'table';
  fields: (FbField | undefined)[];
}
/** A vector of scalars; `align` forces the alignment of its first element (schema's force_align). */
interface FbScalars {
  kind: 'scalars';
  type: Scalar;
  values: ArrayLike<number>;
  align?: number;
}
interface FbTables {
  kind: 'tables';
  items: FbTable[];
}
interface FbString {
  kind: 'string';
  value: string;
}
type FbRef = FbTable | FbScalars | FbTables | FbString;
type FbField = { kind: 'scalar'; type: Scalar; value: number } | FbRef;

const table = (fields: (FbField | undefined)[]): FbTable => ({ kind: 'table', fields });
const scalar = (type: Scalar, value: number): FbField => ({ kind: 'scalar', type, value });
const scalars = (type: Scalar, values: ArrayLike<number>, align?: number): FbScalars => ({ kind: 'scalars', type, values, align });
const tables = (items: FbTable[]): FbTables => ({ kind: 'tables', items });
const str = (value: string): FbString => ({ kind: 'string', value });

class ByteWriter {
  buf = new Uint8Array(4096);
  view = new DataView(this.buf.buffer);
  pos = 0;

  reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf);
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  /** Zero bytes until pos % a == r. */
  pad(a: number, r = 0): void {
    while (this.pos % a !== r) {
      this.reserve(1);
      this.buf[this.pos++] = 0;
    }
  }
  put(type: Scalar, at: number, v: number): void {
    const d = this.view;
    switch (type) {
      case 'bool':
      case 'u8': d.setUint8(at, v); break;
      case 'i8': d.setInt8(at, v); break;
      case 'i16': d.setInt16(at, v, true); break;
      case 'u16': d.setUint16(at, v, true); break;
      case 'i32': d.setInt32(at, v, true); break;
      case 'u32': d.setUint32(at, v, true); break;
      case 'f32': d.setFloat32(at, v, true); break;
      case 'i64': d.setBigInt64(at, BigInt(v), true); break;
    }
  }
  push(type: Scalar, v: number): void {
    this.reserve(SIZE[type]);
    this.put(type, this.pos, v);
    this.pos += SIZE[type];
  }
}

/** Serializes `root` with a 4-character file identifier. */
function serialize(root: FbTable, identifier: string): Uint8Array {
  const w = new ByteWriter();
  const pending: { at: number; ref: FbRef }[] = [];
  w.push('u32', 0); // root offset, patched below
  for (let i = 0; i < 4; i++) w.push('u8', identifier.charCodeAt(i));
  const rootPos = writeTable(w, root, pending);
  w.put('u32', 0, rootPos);
  // Breadth first: whatever is written now lies after every offset that refers to it.
  while (pending.length) {
    const { at, ref } = pending.shift()!;
    const target = writeRef(w, ref, pending);
    w.put('u32', at, target - at);
  }
  return w.buf.slice(0, w.pos);
}

function writeRef(w: ByteWriter, ref: FbRef, pending: { at: number; ref: FbRef }[]): number {
  switch (ref.kind) {
    case 'table':
      return writeTable(w, ref, pending);
    case 'string': {
      const bytes = new TextEncoder().encode(ref.value);
      w.pad(4);
      const at = w.pos;
      w.push('u32', bytes.length);
      w.reserve(bytes.length + 1);
      w.buf.set(bytes, w.pos);
      w.pos += bytes.length;
      w.push('u8', 0);
      return at;
    }
    case 'scalars': {
      // the length (u32) sits right before the first element, which is aligned to its size (or more)
      const align = Math.max(4, SIZE[ref.type], ref.align ?? 1);
      w.pad(4);
      w.pad(align, align - 4);
      const at = w.pos;
      w.push('u32', ref.values.length);
      w.reserve(ref.values.length * SIZE[ref.type]);
      for (let i = 0; i < ref.values.length; i++) w.push(ref.type, ref.values[i]);
      return at;
    }
    case 'tables': {
      w.pad(4);
      const at = w.pos;
      w.push('u32', ref.items.length);
      for (const item of ref.items) {
        pending.push({ at: w.pos, ref: item });
        w.push('u32', 0);
      }
      return at;
    }
  }
}

/** vtable (u16 vtable size, u16 inline size, u16 offset per field id), then the table: soffset to the vtable and
 * the inline fields, largest first. Returns the table's position. */
function writeTable(w: ByteWriter, t: FbTable, pending: { at: number; ref: FbRef }[]): number {
  const n = t.fields.length;
  const inline = t.fields.map((f, id) => (f ? { id, f, size: f.kind === 'scalar' ? SIZE[f.type] : 4 } : null)).filter((x) => x !== null);
  if (inline.some((x) => x.size > 4)) throw new Error('8-byte inline table fields are not supported');
  inline.sort((a, b) => b.size - a.size || a.id - b.id);
  const offsets = new Array<number>(n).fill(0);
  let size = 4;
  for (const x of inline) {
    size = Math.ceil(size / x.size) * x.size;
    offsets[x.id] = size;
    size += x.size;
  }
  w.pad(4);
  const vtablePos = w.pos;
  w.push('u16', 4 + 2 * n);
  w.push('u16', size);
  for (let id = 0; id < n; id++) w.push('u16', offsets[id]);
  w.pad(4);
  const tablePos = w.pos;
  w.reserve(size);
  w.buf.fill(0, tablePos, tablePos + size);
  w.put('i32', tablePos, tablePos - vtablePos);
  for (const { id, f } of inline) {
    const at = tablePos + offsets[id];
    if (f.kind === 'scalar') w.put(f.type, at, f.value);
    else pending.push({ at, ref: f });
  }
  w.pos = tablePos + size;
  return tablePos;
}

// ---- the TFLite model --------------------------------------------------------------------------------------------

/** schema.fbs enums used here. */
export const TFL = {
  tensorType: { INT32: 2, INT8: 9 },
  op: {
    ADD: 0, CONCATENATION: 2, CONV_2D: 3, DEPTHWISE_CONV_2D: 4, DEQUANTIZE: 6, FULLY_CONNECTED: 9, LOGISTIC: 14, MAX_POOL_2D: 17,
    MUL: 18, RELU: 19, RESHAPE: 22, PAD: 34, MEAN: 40, PADV2: 60, TRANSPOSE_CONV: 67, RESIZE_NEAREST_NEIGHBOR: 97, QUANTIZE: 114,
    HARD_SWISH: 117,
  },
  /** BuiltinOptions union member numbers (1-based position in the union). */
  options: {
    Conv2DOptions: 1, DepthwiseConv2DOptions: 2, Pool2DOptions: 5, FullyConnectedOptions: 8, ConcatenationOptions: 10, AddOptions: 11,
    ReshapeOptions: 17, MulOptions: 21, PadOptions: 22, ReducerOptions: 27, PadV2Options: 43, TransposeConvOptions: 49,
    ResizeNearestNeighborOptions: 74,
  },
  padding: { SAME: 0, VALID: 1 },
  activation: { NONE: 0 },
} as const;

export interface TfliteConvSpec {
  /** Input channels, output channels, input height and width, square filter, stride, padding (both sides). */
  ic: number;
  oc: number;
  ih: number;
  iw: number;
  k: number;
  stride: number;
  pad: number;
  /** 1, or ic (= oc): channel-wise, written as DEPTHWISE_CONV_2D with depth multiplier 1. */
  group: number;
  srcScale: number;
  /** One value: per-tensor; `oc` values: per-channel (quantized_dimension 0 of OHWI, 3 of the depthwise 1HWO). */
  filterScale: number | ArrayLike<number>;
  dstScale: number;
  /** OIHW int8 weights, {OC, IC/G, K, K}. */
  weights: Int8Array;
  bias: Int32Array;
  /** Always write PAD + VALID, even where SAME would do (to compare the two). */
  forcePadOp?: boolean;
}

export interface TfliteConvModel {
  bytes: Uint8Array;
  /** How the padding was written: 'SAME', 'VALID' (pad 0 and SAME differs) or 'PAD+VALID'. */
  padding: 'SAME' | 'VALID' | 'PAD+VALID';
  op: 'CONV_2D' | 'DEPTHWISE_CONV_2D';
  inputShape: number[];
  outputShape: number[];
}

/** Why the model writer cannot express a shape, or null. */
export function tfliteSkipReason(s: { ic: number; oc: number; group: number }): string | null {
  if (s.group === 1) return null;
  if (s.group === s.ic && s.group === s.oc) return null;
  return `grouped convolution (group ${s.group}, not 1 or channel-wise) is not written as a TFLite model here`;
}

/** TFLite's SAME padding along one axis: output size and padding before. */
export function samePadding(size: number, k: number, s: number): { out: number; before: number } {
  const out = Math.ceil(size / s);
  const total = Math.max((out - 1) * s + k - size, 0);
  return { out, before: Math.floor(total / 2) };
}

/** The model bytes for a convolution with k/2-style symmetric padding `pad`, int8 NHWC in and out, zero points 0. */
export function buildTfliteConvModel(c: TfliteConvSpec): TfliteConvModel {
  const reason = tfliteSkipReason(c);
  if (reason) throw new Error(reason);
  const depthwise = c.group !== 1;
  const { ic, oc, k, stride, pad } = c;
  const icpg = ic / c.group;
  if (c.weights.length !== oc * icpg * k * k) throw new Error(`weights: ${c.weights.length} values, expected ${oc * icpg * k * k}`);
  if (c.bias.length !== oc) throw new Error(`bias: ${c.bias.length} values, expected ${oc}`);
  const oh = Math.floor((c.ih + 2 * pad - k) / stride) + 1;
  const ow = Math.floor((c.iw + 2 * pad - k) / stride) + 1;
  if (oh < 1 || ow < 1) throw new Error('empty output');
  const sh = samePadding(c.ih, k, stride);
  const sw = samePadding(c.iw, k, stride);
  const sameOk = sh.out === oh && sw.out === ow && sh.before === pad && sw.before === pad;
  const padding: TfliteConvModel['padding'] = !c.forcePadOp && sameOk ? 'SAME' : pad === 0 ? 'VALID' : 'PAD+VALID';

  // Filter: OHWI for CONV_2D, 1HWO for DEPTHWISE_CONV_2D.
  const filter = new Int8Array(c.weights.length);
  for (let o = 0; o < oc; o++) {
    for (let i = 0; i < icpg; i++) {
      for (let y = 0; y < k; y++) {
        for (let x = 0; x < k; x++) {
          const v = c.weights[((o * icpg + i) * k + y) * k + x];
          filter[depthwise ? (y * k + x) * oc + o : ((o * k + y) * k + x) * icpg + i] = v;
        }
      }
    }
  }
  const fScales = typeof c.filterScale === 'number' ? [c.filterScale] : Array.from(c.filterScale);
  if (fScales.length !== 1 && fScales.length !== oc) throw new Error(`filterScale: ${fScales.length} values, expected 1 or ${oc}`);
  // Bias scale = srcScale * filterScale, computed in float32 as TFLite does (its scales are float32).
  const bScales = fScales.map((f) => Math.fround(Math.fround(c.srcScale) * Math.fround(f)));
  const zeros = (n: number) => new Array<number>(n).fill(0);
  const quant = (scale: number[], dim = 0) =>
    table([undefined, undefined, scalars('f32', scale), scalars('i64', zeros(scale.length)), undefined, undefined, scalar('i32', dim)]);
  const tensor = (name: string, shape: number[], type: number, buffer: number, q?: FbTable) =>
    table([scalars('i32', shape), scalar('i8', type), scalar('u32', buffer), str(name), q]);
  const bytesOf = (a: Int8Array | Int32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

  const inputShape = [1, c.ih, c.iw, ic];
  const outputShape = [1, oh, ow, oc];
  const filterShape = depthwise ? [1, k, k, oc] : [oc, k, k, icpg];
  const tensors: FbTable[] = [
    tensor('input', inputShape, TFL.tensorType.INT8, 0, quant([c.srcScale])),
    tensor('filter', filterShape, TFL.tensorType.INT8, 1, quant(fScales, depthwise ? 3 : 0)),
    tensor('bias', [oc], TFL.tensorType.INT32, 2, quant(bScales)),
    tensor('output', outputShape, TFL.tensorType.INT8, 0, quant([c.dstScale])),
  ];
  const buffers: FbTable[] = [table([]), table([scalars('u8', bytesOf(filter), 16)]), table([scalars('u8', bytesOf(c.bias), 16)])];
  const opCodes: FbTable[] = [];
  const operators: FbTable[] = [];
  const opCode = (code: number, version: number) => {
    opCodes.push(table([scalar('i8', code), undefined, scalar('i32', version), scalar('i32', code)]));
    return opCodes.length - 1;
  };
  let convInput = 0;
  if (padding === 'PAD+VALID') {
    const paddings = new Int32Array([0, 0, pad, pad, pad, pad, 0, 0]);
    buffers.push(table([scalars('u8', bytesOf(paddings), 16)]));
    tensors.push(tensor('paddings', [4, 2], TFL.tensorType.INT32, buffers.length - 1));
    // PAD keeps the input's quantization (its pad value is the zero point, 0).
    tensors.push(tensor('padded', [1, c.ih + 2 * pad, c.iw + 2 * pad, ic], TFL.tensorType.INT8, 0, quant([c.srcScale])));
    convInput = tensors.length - 1;
    const pIndex = opCode(TFL.op.PAD, 3);
    operators.push(table([
      scalar('u32', pIndex), scalars('i32', [0, tensors.length - 2]), scalars('i32', [convInput]),
      scalar('u8', TFL.options.PadOptions), table([]),
    ]));
  }
  const padEnum = padding === 'SAME' ? TFL.padding.SAME : TFL.padding.VALID;
  const convOptions = depthwise
    ? table([scalar('i8', padEnum), scalar('i32', stride), scalar('i32', stride), scalar('i32', 1), scalar('i8', TFL.activation.NONE), scalar('i32', 1), scalar('i32', 1)])
    : table([scalar('i8', padEnum), scalar('i32', stride), scalar('i32', stride), scalar('i8', TFL.activation.NONE), scalar('i32', 1), scalar('i32', 1)]);
  // Versions as TFLite's converter writes them for int8 (per-channel capable) kernels.
  const cIndex = depthwise ? opCode(TFL.op.DEPTHWISE_CONV_2D, 3) : opCode(TFL.op.CONV_2D, 3);
  operators.push(table([
    scalar('u32', cIndex), scalars('i32', [convInput, 1, 2]), scalars('i32', [3]),
    scalar('u8', depthwise ? TFL.options.DepthwiseConv2DOptions : TFL.options.Conv2DOptions), convOptions,
  ]));

  const subgraph = table([tables(tensors), scalars('i32', [0]), scalars('i32', [3]), tables(operators), str('main')]);
  const tensorMap = (name: string, index: number) => table([str(name), scalar('u32', index)]);
  const signature = table([tables([tensorMap('input', 0)]), tables([tensorMap('output', 3)]), str('serving_default'), undefined, scalar('u32', 0)]);
  const model = table([
    scalar('u32', 3), tables(opCodes), tables([subgraph]), str('i8conv bench: one int8 convolution'), tables(buffers),
    undefined, undefined, tables([signature]),
  ]);
  return {
    bytes: serialize(model, 'TFL3'),
    padding,
    op: depthwise ? 'DEPTHWISE_CONV_2D' : 'CONV_2D',
    inputShape,
    outputShape,
  };
}

// ---- a graph of operators --------------------------------------------------------------------------------------

/** One tensor of a TFLite graph: int8 / uint8 / int32 / float32, optionally constant, optionally quantized. */
export interface TflTensorSpec {
  name: string;
  shape: number[];
  type: 'float32' | 'int32' | 'uint8' | 'int8';
  /** constant data (a typed array of the tensor's type) */
  data?: Int8Array | Uint8Array | Int32Array | Float32Array;
  scale?: number[];
  zeroPoint?: number[];
  /** quantized_dimension (per-channel filters) */
  axis?: number;
}
/** One operator: its builtin code, tensor indices, and its options table (union member number, fields by id). */
export interface TflOpSpec {
  code: number;
  inputs: number[];
  outputs: number[];
  options?: { type: number; fields: ({ type: Scalar; value: number } | { ints: number[] } | undefined)[] };
}
export interface TflGraphSpec {
  tensors: TflTensorSpec[];
  ops: TflOpSpec[];
  inputs: number[];
  outputs: number[];
}
const TYPE_CODE = { float32: 0, int32: 2, uint8: 3, int8: 9 } as const;

/** The flatbuffer of a one-subgraph TFLite model (operator versions 1; LiteRT.js reads them). */
export function buildTfliteGraph(g: TflGraphSpec): Uint8Array {
  const buffers: FbTable[] = [table([])];
  const tensors = g.tensors.map((t) => {
    let buffer = 0;
    if (t.data) {
      buffers.push(table([scalars('u8', new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength), 16)]));
      buffer = buffers.length - 1;
    }
    const q = t.scale
      ? table([undefined, undefined, scalars('f32', t.scale), scalars('i64', t.zeroPoint ?? t.scale.map(() => 0)), undefined, undefined, scalar('i32', t.axis ?? 0)])
      : undefined;
    return table([scalars('i32', t.shape), scalar('i8', TYPE_CODE[t.type]), scalar('u32', buffer), str(t.name), q]);
  });
  const codes: number[] = [];
  const operators = g.ops.map((o) => {
    let idx = codes.indexOf(o.code);
    if (idx < 0) idx = codes.push(o.code) - 1;
    const opts = o.options
      ? table(o.options.fields.map((f) => (f === undefined ? undefined : 'ints' in f ? scalars('i32', f.ints) : scalar(f.type, f.value))))
      : undefined;
    return table([scalar('u32', idx), scalars('i32', o.inputs), scalars('i32', o.outputs), o.options ? scalar('u8', o.options.type) : undefined, opts]);
  });
  const opCodes = codes.map((c) => table([scalar('i8', Math.min(c, 127)), undefined, scalar('i32', 1), scalar('i32', c)]));
  const subgraph = table([tables(tensors), scalars('i32', g.inputs), scalars('i32', g.outputs), tables(operators), str('main')]);
  const tensorMap = (name: string, index: number) => table([str(name), scalar('u32', index)]);
  const signature = table([
    tables(g.inputs.map((k) => tensorMap(g.tensors[k].name, k))), tables(g.outputs.map((k) => tensorMap(g.tensors[k].name, k))), str('serving_default'), undefined, scalar('u32', 0),
  ]);
  const model = table([scalar('u32', 3), tables(opCodes), tables([subgraph]), str('i8conv test graph'), tables(buffers), undefined, undefined, tables([signature])]);
  return serialize(model, 'TFL3');
}
