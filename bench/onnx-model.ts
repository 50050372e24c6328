/**
 * A minimal protobuf writer and the one ONNX model the benchmark needs: a single QLinearConv node.
 *
 * Why not a protobuf library: the model has a fixed, tiny structure (one node, a few initializers), and the wire
 * format for it needs only varints, length-delimited fields and raw bytes. Writing it here keeps the benchmark
 * free of a code generator and of onnx's .proto files.
 *
 * Field numbers are those of onnx.proto (IR version 8, opset 13 is enough for QLinearConv with int8 or uint8
 * activations and a per-tensor or per-channel int8 weight):
 *   ModelProto      ir_version=1 graph=7 opset_import=8
 *   OperatorSetId   domain=1 version=2
 *   GraphProto      node=1 name=2 initializer=5 input=11 output=12
 *   NodeProto       input=1 output=2 name=3 op_type=4 attribute=5
 *   AttributeProto  name=1 i=3 ints=8 type=20 (INT=2, INTS=7)
 *   TensorProto     dims=1 data_type=2 name=8 raw_data=9 (FLOAT=1, UINT8=2, INT8=3, INT32=6)
 *   ValueInfoProto  name=1 type=2;  TypeProto tensor_type=1;  Tensor elem_type=1 shape=2
 *   TensorShape     dim=1;  Dimension dim_value=1
 */

/** Appends protobuf fields to a growing byte list. Only the wire types the ONNX model uses. */
export class ProtoWriter {
  private readonly bytes: number[] = [];

  private varint(v: number): void {
    // Values here are non-negative and below 2^53, so plain arithmetic (not 32-bit shifts) is exact.
    if (v < 0 || !Number.isInteger(v)) throw new Error(`protobuf varint must be a non-negative integer, got ${v}`);
    while (v >= 0x80) {
      this.bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.bytes.push(v);
  }
  private tag(field: number, wire: number): void {
    this.varint(field * 8 + wire);
  }
  /** Wire type 0. */
  int(field: number, v: number): this {
    this.tag(field, 0);
    this.varint(v);
    return this;
  }
  /** Wire type 2 with raw payload bytes. */
  raw(field: number, payload: Uint8Array | readonly number[]): this {
    this.tag(field, 2);
    this.varint(payload.length);
    for (let i = 0; i < payload.length; i++) this.bytes.push(payload[i]);
    return this;
  }
  string(field: number, s: string): this {
    return this.raw(field, new TextEncoder().encode(s));
  }
  message(field: number, build: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.raw(field, inner.finish());
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export const OnnxType = { FLOAT: 1, UINT8: 2, INT8: 3, INT32: 6 } as const;
const ATTR_INT = 2;
const ATTR_INTS = 7;

function tensor(w: ProtoWriter, name: string, dataType: number, dims: readonly number[], raw: Uint8Array): void {
  for (const d of dims) w.int(1, d);
  w.int(2, dataType);
  w.string(8, name);
  w.raw(9, raw);
}

function valueInfo(w: ProtoWriter, name: string, elemType: number, dims: readonly number[]): void {
  w.string(1, name);
  w.message(2, (t) =>
    t.message(1, (tt) => {
      tt.int(1, elemType);
      tt.message(2, (s) => {
        for (const d of dims) s.message(1, (dim) => dim.int(1, d));
      });
    }),
  );
}

function intsAttr(w: ProtoWriter, name: string, values: readonly number[]): void {
  w.message(5, (a) => {
    a.string(1, name);
    for (const v of values) a.int(8, v);
    a.int(20, ATTR_INTS);
  });
}

function bytesOf(v: ArrayBufferView): Uint8Array {
  // Copies, so the model does not alias the caller's arrays. ONNX raw_data is little-endian, as are all the
  // platforms this runs on (wasm memory is little-endian too).
  return new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength) as ArrayBuffer);
}

export interface QLinearConvModelSpec {
  /** Activation type: int8 (default zero point 0) or uint8 (default zero point 128). */
  activation: 'int8' | 'uint8';
  /** x_zero_point, in the activation type's range; default 0 (int8) or 128 (uint8). */
  srcZeroPoint?: number;
  /** y_zero_point, in the activation type's range; default 0 (int8) or 128 (uint8). */
  dstZeroPoint?: number;
  n: number;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  fh: number;
  fw: number;
  stride: readonly [number, number];
  pad: readonly [number, number];
  group: number;
  srcScale: number;
  /** One weight scale (a scalar w_scale, zero point 0), or one per output channel (length OC): then w_scale is a
   * 1-D float tensor of OC values and w_zero_point a 1-D int8 tensor of OC zeros (per-channel QLinearConv). */
  filterScale: number | Float32Array;
  dstScale: number;
  /** Int8 weights, OIHW (for groups: {OC, IC/G, FH, FW}, the ONNX layout). */
  weights: Int8Array;
  /** Int32 bias, length OC, scale srcScale*filterScale, zero point 0. */
  bias: Int32Array;
}

/** Serialized ONNX model `y = QLinearConv(x, ...)` with input `x` {N, IC, IH, IW} and output `y`. */
export function buildQLinearConvModel(s: QLinearConvModelSpec): Uint8Array {
  const actType = s.activation === 'int8' ? OnnxType.INT8 : OnnxType.UINT8;
  const [lo, hi, dflt] = s.activation === 'int8' ? [-128, 127, 0] : [0, 255, 128];
  const zeroPoint = (v: number | undefined, name: string) => {
    const z = v ?? dflt;
    if (!Number.isInteger(z) || z < lo || z > hi) throw new Error(`${name} must be an integer in [${lo}, ${hi}] for ${s.activation}, got ${z}`);
    return s.activation === 'int8' ? new Int8Array([z]) : new Uint8Array([z]);
  };
  const xZp = zeroPoint(s.srcZeroPoint, 'srcZeroPoint');
  const yZp = zeroPoint(s.dstZeroPoint, 'dstZeroPoint');
  const perChannel = typeof s.filterScale !== 'number';
  if (perChannel && (s.filterScale as Float32Array).length !== s.oc) {
    throw new Error(`per-channel filterScale must have OC = ${s.oc} entries, got ${(s.filterScale as Float32Array).length}`);
  }
  const oh = Math.floor((s.ih + 2 * s.pad[0] - s.fh) / s.stride[0]) + 1;
  const ow = Math.floor((s.iw + 2 * s.pad[1] - s.fw) / s.stride[1]) + 1;
  const f32 = (v: number) => bytesOf(new Float32Array([v]));
  const m = new ProtoWriter();
  m.int(1, 8); // ir_version 8
  m.message(8, (o) => {
    o.string(1, '');
    o.int(2, 13);
  });
  m.message(7, (g) => {
    g.message(1, (node) => {
      for (const input of ['x', 'x_scale', 'x_zp', 'w', 'w_scale', 'w_zp', 'y_scale', 'y_zp', 'b']) node.string(1, input);
      node.string(2, 'y');
      node.string(3, 'conv');
      node.string(4, 'QLinearConv');
      intsAttr(node, 'kernel_shape', [s.fh, s.fw]);
      intsAttr(node, 'strides', [s.stride[0], s.stride[1]]);
      intsAttr(node, 'pads', [s.pad[0], s.pad[1], s.pad[0], s.pad[1]]);
      intsAttr(node, 'dilations', [1, 1]);
      node.message(5, (a) => {
        a.string(1, 'group');
        a.int(3, s.group);
        a.int(20, ATTR_INT);
      });
    });
    g.string(2, 'qlinearconv');
    g.message(5, (t) => tensor(t, 'x_scale', OnnxType.FLOAT, [], f32(s.srcScale)));
    g.message(5, (t) => tensor(t, 'x_zp', actType, [], bytesOf(xZp)));
    g.message(5, (t) => tensor(t, 'w', OnnxType.INT8, [s.oc, s.ic / s.group, s.fh, s.fw], bytesOf(s.weights)));
    if (perChannel) {
      g.message(5, (t) => tensor(t, 'w_scale', OnnxType.FLOAT, [s.oc], bytesOf(Float32Array.from(s.filterScale as Float32Array))));
      g.message(5, (t) => tensor(t, 'w_zp', OnnxType.INT8, [s.oc], new Uint8Array(s.oc)));
    } else {
      g.message(5, (t) => tensor(t, 'w_scale', OnnxType.FLOAT, [], f32(s.filterScale as number)));
      g.message(5, (t) => tensor(t, 'w_zp', OnnxType.INT8, [], new Uint8Array([0])));
    }
    g.message(5, (t) => tensor(t, 'y_scale', OnnxType.FLOAT, [], f32(s.dstScale)));
    g.message(5, (t) => tensor(t, 'y_zp', actType, [], bytesOf(yZp)));
    g.message(5, (t) => tensor(t, 'b', OnnxType.INT32, [s.oc], bytesOf(s.bias)));
    g.message(11, (v) => valueInfo(v, 'x', actType, [s.n, s.ic, s.ih, s.iw]));
    g.message(12, (v) => valueInfo(v, 'y', actType, [s.n, s.oc, oh, ow]));
  });
  return m.finish();
}
