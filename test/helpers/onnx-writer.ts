/**
 * A protobuf writer and ONNX message builders for the reader's tests: every wire type the ONNX messages use
 * (varints including negative int64s, fixed32 / fixed64, length-delimited), packed and unpacked repeated fields,
 * and the ModelProto / GraphProto / NodeProto / AttributeProto / TensorProto / ValueInfoProto fields that
 * src/model/graph/onnx/reader.ts reads (numbers from onnx/onnx.proto, listed in the reader's header), in every
 * encoding the reader must handle; unlike the product's writer (src/model/graph/onnx/writer.ts) it writes whatever it
 * is given, so tests can also write malformed models on purpose.
 */

/** Appends protobuf fields to a growing byte list. */
export class ProtoWriter {
  readonly bytes: number[] = [];

  /** A varint of any int64 (negative values as 10-byte two's complement, as protobuf writes int32 / int64). */
  varint(v: number | bigint): this {
    let b = BigInt.asUintN(64, BigInt(v));
    while (b >= 0x80n) {
      this.bytes.push(Number(b & 0x7fn) | 0x80);
      b >>= 7n;
    }
    this.bytes.push(Number(b));
    return this;
  }
  tag(field: number, wire: number): this {
    return this.varint(field * 8 + wire);
  }
  /** Wire type 0 (int32, int64, enum). */
  int(field: number, v: number | bigint): this {
    return this.tag(field, 0).varint(v);
  }
  /** Wire type 5. */
  float(field: number, v: number): this {
    this.tag(field, 5);
    return this.append(new Uint8Array(new Float32Array([v]).buffer));
  }
  /** Wire type 1. */
  double(field: number, v: number): this {
    this.tag(field, 1);
    return this.append(new Uint8Array(new Float64Array([v]).buffer));
  }
  /** Wire type 2 with a raw payload. */
  bytesField(field: number, payload: Uint8Array | readonly number[]): this {
    this.tag(field, 2).varint(payload.length);
    return this.append(payload);
  }
  string(field: number, s: string): this {
    return this.bytesField(field, new TextEncoder().encode(s));
  }
  message(field: number, build: (w: ProtoWriter) => void): this {
    const inner = new ProtoWriter();
    build(inner);
    return this.bytesField(field, inner.finish());
  }
  packedVarints(field: number, values: readonly (number | bigint)[]): this {
    const inner = new ProtoWriter();
    for (const v of values) inner.varint(v);
    return this.bytesField(field, inner.finish());
  }
  packedFloats(field: number, values: readonly number[]): this {
    return this.bytesField(field, new Uint8Array(Float32Array.from(values).buffer));
  }
  packedDoubles(field: number, values: readonly number[]): this {
    return this.bytesField(field, new Uint8Array(Float64Array.from(values).buffer));
  }
  append(bytes: Uint8Array | readonly number[]): this {
    for (let i = 0; i < bytes.length; i++) this.bytes.push(bytes[i]);
    return this;
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** ONNX TensorProto.DataType codes. */
export const DT = {
  FLOAT: 1,
  UINT8: 2,
  INT8: 3,
  UINT16: 4,
  INT16: 5,
  INT32: 6,
  INT64: 7,
  STRING: 8,
  BOOL: 9,
  FLOAT16: 10,
  DOUBLE: 11,
} as const;
/** ONNX AttributeProto.AttributeType codes. */
export const AT = {
  FLOAT: 1,
  INT: 2,
  STRING: 3,
  TENSOR: 4,
  GRAPH: 5,
  FLOATS: 6,
  INTS: 7,
  STRINGS: 8,
  TENSORS: 9,
  GRAPHS: 10,
} as const;

export interface TensorSpec {
  name?: string;
  dataType: number;
  dims: readonly number[];
  raw?: Uint8Array;
  floatData?: readonly number[];
  int32Data?: readonly number[];
  int64Data?: readonly (number | bigint)[];
  doubleData?: readonly number[];
  /** Repeated numeric fields (dims and the typed data) packed (default) or one entry per value. */
  packed?: boolean;
  dataLocation?: number;
}

export interface AttrSpec {
  name: string;
  type: number;
  f?: number;
  i?: number | bigint;
  s?: string;
  t?: TensorSpec;
  /** A subgraph, written as-is (GRAPH attributes). */
  g?: GraphSpec;
  floats?: readonly number[];
  ints?: readonly (number | bigint)[];
  strings?: readonly string[];
  packed?: boolean;
}

export interface NodeSpec {
  name?: string;
  opType: string;
  domain?: string;
  inputs: readonly string[];
  outputs: readonly string[];
  attributes?: readonly AttrSpec[];
}

export interface ValueInfoSpec {
  name: string;
  elemType?: number;
  /** A size, a symbolic name, or null (a dim with neither); no shape field at all when absent. */
  shape?: readonly (number | string | null)[];
}

export interface GraphSpec {
  name?: string;
  nodes: readonly NodeSpec[];
  initializers?: readonly TensorSpec[];
  inputs: readonly ValueInfoSpec[];
  outputs: readonly ValueInfoSpec[];
  valueInfo?: readonly ValueInfoSpec[];
}

export interface ModelSpec {
  irVersion: number;
  opsets: readonly (readonly [string, number])[];
  graph: GraphSpec;
}

function ints(w: ProtoWriter, field: number, values: readonly (number | bigint)[], packed: boolean): void {
  if (packed) {
    if (values.length) w.packedVarints(field, values);
  } else for (const v of values) w.int(field, v);
}

export function writeTensorBody(w: ProtoWriter, t: TensorSpec): void {
  const packed = t.packed ?? true;
  ints(w, 1, t.dims, packed);
  w.int(2, t.dataType);
  if (t.name !== undefined) w.string(8, t.name);
  if (t.raw) w.bytesField(9, t.raw);
  if (t.floatData) {
    if (packed) w.packedFloats(4, t.floatData);
    else for (const v of t.floatData) w.float(4, v);
  }
  if (t.int32Data) ints(w, 5, t.int32Data, packed);
  if (t.int64Data) ints(w, 7, t.int64Data, packed);
  if (t.doubleData) {
    if (packed) w.packedDoubles(10, t.doubleData);
    else for (const v of t.doubleData) w.double(10, v);
  }
  if (t.dataLocation !== undefined) w.int(14, t.dataLocation);
}

function writeAttr(w: ProtoWriter, a: AttrSpec): void {
  const packed = a.packed ?? true;
  w.string(1, a.name);
  w.int(20, a.type);
  if (a.f !== undefined) w.float(2, a.f);
  if (a.i !== undefined) w.int(3, a.i);
  if (a.s !== undefined) w.string(4, a.s);
  if (a.t) w.message(5, (t) => writeTensorBody(t, a.t!));
  if (a.g) w.message(6, (g) => writeGraphBody(g, a.g!));
  if (a.floats) {
    if (packed) w.packedFloats(7, a.floats);
    else for (const v of a.floats) w.float(7, v);
  }
  if (a.ints) ints(w, 8, a.ints, packed);
  if (a.strings) for (const s of a.strings) w.string(9, s);
}

function writeNode(w: ProtoWriter, n: NodeSpec): void {
  for (const i of n.inputs) w.string(1, i);
  for (const o of n.outputs) w.string(2, o);
  if (n.name !== undefined) w.string(3, n.name);
  w.string(4, n.opType);
  for (const a of n.attributes ?? []) w.message(5, (aw) => writeAttr(aw, a));
  if (n.domain !== undefined) w.string(7, n.domain);
}

export function writeValueInfoBody(w: ProtoWriter, v: ValueInfoSpec): void {
  w.string(1, v.name);
  w.message(2, (tp) =>
    tp.message(1, (tt) => {
      if (v.elemType !== undefined) tt.int(1, v.elemType);
      if (v.shape) {
        tt.message(2, (s) => {
          for (const d of v.shape!) {
            s.message(1, (dw) => {
              if (typeof d === 'number') dw.int(1, d);
              else if (typeof d === 'string') dw.string(2, d);
            });
          }
        });
      }
    }),
  );
}

export function writeGraphBody(w: ProtoWriter, g: GraphSpec): void {
  for (const n of g.nodes) w.message(1, (nw) => writeNode(nw, n));
  if (g.name !== undefined) w.string(2, g.name);
  for (const t of g.initializers ?? []) w.message(5, (tw) => writeTensorBody(tw, t));
  for (const v of g.inputs) w.message(11, (vw) => writeValueInfoBody(vw, v));
  for (const v of g.outputs) w.message(12, (vw) => writeValueInfoBody(vw, v));
  for (const v of g.valueInfo ?? []) w.message(13, (vw) => writeValueInfoBody(vw, v));
}

/** ModelProto bytes: ir_version, the opset imports, then the graph. */
export function writeModel(m: ModelSpec): Uint8Array {
  const w = new ProtoWriter();
  w.int(1, m.irVersion);
  w.string(2, 'i8conv-test'); // producer_name: a field the reader skips
  for (const [domain, version] of m.opsets) {
    w.message(8, (o) => {
      o.string(1, domain);
      o.int(2, version);
    });
  }
  w.message(7, (g) => writeGraphBody(g, m.graph));
  return w.finish();
}

export function writeTensor(t: TensorSpec): Uint8Array {
  const w = new ProtoWriter();
  writeTensorBody(w, t);
  return w.finish();
}

/** The little-endian bytes of a typed array (a copy). */
export function le(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer.slice(a.byteOffset, a.byteOffset + a.byteLength) as ArrayBuffer);
}
