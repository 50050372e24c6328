/**
 * The ONNX writer: the graph IR (`../ir.ts`) -> ModelProto bytes. The inverse of `reader.ts` for everything the IR
 * carries: `readOnnxModel(writeOnnxModel(g))` equals `g` (every field, every typed array bit for bit) for any graph
 * the reader produced. Used where a graph built or rewritten in code must become a model file (the model zoo and
 * quantizer of the benchmark, onnxruntime as a reference).
 *
 * What it writes (field numbers as in reader.ts, from onnx/onnx.proto):
 *   ModelProto        ir_version=1, producer_name=2 ('i8conv'), graph=7, opset_import=8 (one per domain; the IR's
 *                     default domain '' is written as '')
 *   GraphProto        node=1, name=2, initializer=5, input=11, output=12, value_info=13
 *   NodeProto         input=1, output=2, name=3 (when not empty), op_type=4, attribute=5, domain=7 (when not '')
 *   AttributeProto    name=1, type=20 and one of f=2, i=3, s=4, t=5, g=6 (a GraphProto, as the graph above: its
 *                     nodes, name, initializers, inputs, outputs and value_info), floats=7 (packed), ints=8
 *                     (packed), strings=9
 *   TensorProto       dims=1 (packed), data_type=2, name=8, raw_data=9 (the typed array's bytes: little-endian,
 *                     as ONNX's raw_data; the platforms this runs on are little-endian)
 *   ValueInfoProto    name=1, type=2 -> tensor_type=1 -> elem_type=1 (when not 0), shape=2 -> dim=1 -> dim_value=1
 *                     or dim_param=2 (a `null` dim is an empty Dimension). A value with no element type and no
 *                     shape gets no type at all (the reader reads both back the same way).
 * Names are written as UTF-8. Numbers: int64 fields are varints of the value's 64-bit two's complement; a value
 * beyond int64's range (the reader reads INT64_MAX as 2^63) is written as INT64_MAX / INT64_MIN, which reads back
 * as the same double. Floats are written as float32 (every float the reader returns is one).
 *
 * What it refuses (`I8ConvError('INVALID_PARAM')`, naming the node and attribute or tensor): an `unsupported`
 * attribute (a list of subgraphs, a tensor list: the IR does not hold its contents, so writing it would change the
 * model),
 * a tensor whose data length is not the product of its dims, a dim or attribute value that is not an integer.
 */
import { I8ConvError } from '../../../errors.js';
import type { Attribute, ElementType, Graph, Node, Tensor, ValueInfo } from '../ir.js';

const ONNX_TYPE_CODE: Record<ElementType, number> = {
  float32: 1,
  uint8: 2,
  int8: 3,
  int32: 6,
  int64: 7,
  bool: 9,
  float16: 10,
  double: 11,
};
const ATTR_TYPE_CODE: Record<Exclude<Attribute['kind'], 'unsupported'>, number> = {
  float: 1,
  int: 2,
  string: 3,
  tensor: 4,
  graph: 5,
  floats: 6,
  ints: 7,
  strings: 8,
};

const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);
const utf8 = new TextEncoder();

/**
 * A protobuf message under construction: a list of byte chunks (small fields go into a scratch buffer, large
 * payloads such as raw_data are kept as views and copied once, when the model is assembled). A nested message is
 * built in its own Proto and appended with its length.
 */
class Proto {
  readonly chunks: Uint8Array[] = [];
  length = 0;
  private buf = new Uint8Array(256);
  private pos = 0;

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    this.flush();
    if (n > this.buf.length) this.buf = new Uint8Array(Math.max(n, 2 * this.buf.length));
  }
  private flush(): void {
    if (this.pos === 0) return;
    this.chunks.push(this.buf.slice(0, this.pos));
    this.pos = 0;
  }
  private byte(b: number): void {
    this.buf[this.pos++] = b;
    this.length++;
  }

  /** An unsigned varint of a non-negative safe integer or a bigint in [0, 2^64). */
  varint(v: number | bigint): void {
    this.room(10);
    if (typeof v === 'number' && v >= 0 && v <= 0x7fffffff) {
      while (v >= 0x80) {
        this.byte((v & 0x7f) | 0x80);
        v >>>= 7;
      }
      this.byte(v);
      return;
    }
    let b = BigInt(v);
    while (b >= 0x80n) {
      this.byte(Number(b & 0x7fn) | 0x80);
      b >>= 7n;
    }
    this.byte(Number(b));
  }
  tag(field: number, wire: number): void {
    this.varint(field * 8 + wire);
  }
  /** An int64 / int32 / enum field value (negative ones as 64-bit two's complement, as protobuf does). */
  int(field: number, v: number): void {
    this.tag(field, 0);
    this.varint(v >= 0 && v <= 0x7fffffff ? v : int64Bits(v));
  }
  float(field: number, v: number): void {
    this.tag(field, 5);
    this.room(4);
    new DataView(this.buf.buffer, this.pos, 4).setFloat32(0, v, true);
    this.pos += 4;
    this.length += 4;
  }
  /** A length-delimited field whose payload is kept by reference until the model is assembled. */
  bytes(field: number, payload: Uint8Array): void {
    this.tag(field, 2);
    this.varint(payload.length);
    if (payload.length <= 64) {
      this.room(payload.length);
      this.buf.set(payload, this.pos);
      this.pos += payload.length;
    } else {
      this.flush();
      this.chunks.push(payload);
    }
    this.length += payload.length;
  }
  string(field: number, s: string): void {
    this.bytes(field, utf8.encode(s));
  }
  message(field: number, build: (p: Proto) => void): void {
    const inner = new Proto();
    build(inner);
    inner.flush();
    this.tag(field, 2);
    this.varint(inner.length);
    this.flush();
    for (const c of inner.chunks) this.chunks.push(c);
    this.length += inner.length;
  }
  packedVarints(field: number, values: readonly number[]): void {
    if (values.length === 0) return;
    this.message(field, (p) => {
      for (const v of values) p.varint(v >= 0 && v <= 0x7fffffff ? v : int64Bits(v));
    });
  }
  packedFloats(field: number, values: readonly number[]): void {
    if (values.length === 0) return;
    this.bytes(field, new Uint8Array(Float32Array.from(values).buffer));
  }
  finish(): Uint8Array {
    this.flush();
    const out = new Uint8Array(this.length);
    let off = 0;
    for (const c of this.chunks) {
      out.set(c, off);
      off += c.length;
    }
    return out;
  }
}

/** The 64-bit two's complement of an integer-valued number, clamped to int64 (2^63 -> INT64_MAX). */
function int64Bits(v: number): bigint {
  let b = BigInt(v);
  if (b > INT64_MAX) b = INT64_MAX;
  if (b < INT64_MIN) b = INT64_MIN;
  return BigInt.asUintN(64, b);
}

function fail(param: string, message: string): never {
  throw new I8ConvError('INVALID_PARAM', `${param}: ${message}`, param);
}

function checkInt(v: number, param: string): void {
  if (!Number.isInteger(v)) fail(param, `${v} is not an integer`);
}

function writeTensor(p: Proto, t: Tensor, param: string): void {
  const code = ONNX_TYPE_CODE[t.type];
  if (code === undefined) fail(param, `element type ${String(t.type)} is not one the IR carries`);
  let count = 1;
  for (const d of t.dims) {
    if (!Number.isSafeInteger(d) || d < 0) fail(param, `dim ${d} is not a non-negative integer`);
    count *= d;
  }
  if (t.data.length !== count) fail(param, `${t.data.length} values for dims [${t.dims.join(', ')}] (${count})`);
  p.packedVarints(1, t.dims);
  p.int(2, code);
  p.string(8, t.name);
  // raw_data is written even when empty, so that a zero-element tensor still says where its (no) data is.
  const d = t.data;
  p.bytes(9, new Uint8Array(d.buffer, d.byteOffset, d.byteLength));
}

function writeAttribute(p: Proto, name: string, a: Attribute, param: string): void {
  if (a.kind === 'unsupported') {
    fail(
      param,
      `attribute of ONNX type ${a.onnxType} (a subgraph, tensor list, sparse tensor or type): the IR does not hold its contents, so it cannot be written`,
    );
  }
  p.string(1, name);
  p.int(20, ATTR_TYPE_CODE[a.kind]);
  switch (a.kind) {
    case 'float':
      p.float(2, a.value);
      break;
    case 'int':
      checkInt(a.value, param);
      p.int(3, a.value);
      break;
    case 'string':
      p.string(4, a.value);
      break;
    case 'tensor':
      p.message(5, (t) => writeTensor(t, a.value, `${param}.t`));
      break;
    case 'graph':
      p.message(6, (g) => writeGraph(g, a.value, `${param}.g`));
      break;
    case 'floats':
      p.packedFloats(7, a.value);
      break;
    case 'ints':
      a.value.forEach((v, i) => checkInt(v, `${param}[${i}]`));
      p.packedVarints(8, a.value);
      break;
    case 'strings':
      for (const s of a.value) p.string(9, s);
      break;
  }
}

function writeNode(p: Proto, n: Node, param: string): void {
  for (const i of n.inputs) p.string(1, i);
  for (const o of n.outputs) p.string(2, o);
  if (n.name !== '') p.string(3, n.name);
  p.string(4, n.opType);
  for (const [name, a] of n.attributes)
    p.message(5, (ap) => writeAttribute(ap, name, a, `${param}.attributes.${name}`));
  if (n.domain !== '') p.string(7, n.domain);
}

function writeValueInfo(p: Proto, v: ValueInfo, param: string): void {
  p.string(1, v.name);
  const elem = v.type !== null ? ONNX_TYPE_CODE[v.type] : v.onnxElemType;
  if (elem === 0 && v.shape === null) return;
  p.message(2, (tp) =>
    tp.message(1, (tt) => {
      if (elem !== 0) tt.int(1, elem);
      if (v.shape === null) return;
      const shape = v.shape;
      tt.message(2, (sp) => {
        shape.forEach((d, i) =>
          sp.message(1, (dp) => {
            if (typeof d === 'number') {
              if (!Number.isSafeInteger(d) || d < 0) fail(`${param}.shape[${i}]`, `${d} is not a non-negative integer`);
              dp.int(1, d);
            } else if (typeof d === 'string') dp.string(2, d);
          }),
        );
      });
    }),
  );
}

/**
 * Writes a graph as ONNX ModelProto bytes (ir_version and opset imports from the graph). Throws
 * `I8ConvError('INVALID_PARAM')` for what the IR cannot express in a file (see the header).
 */
export function writeOnnxModel(graph: Graph): Uint8Array {
  const m = new Proto();
  checkInt(graph.irVersion, 'graph.irVersion');
  m.int(1, graph.irVersion);
  m.string(2, 'i8conv');
  for (const [domain, version] of graph.opsetImports) {
    checkInt(version, `graph.opsetImports.${domain}`);
    m.message(8, (o) => {
      o.string(1, domain);
      o.int(2, version);
    });
  }
  m.message(7, (g) => writeGraph(g, graph, 'graph'));
  return m.finish();
}

/** A GraphProto's fields (the model's graph, or a subgraph attribute's: its IR version and opsets are the model's). */
function writeGraph(g: Proto, graph: Graph, param: string): void {
  graph.nodes.forEach((n, i) =>
    g.message(1, (np) => writeNode(np, n, `${param}.nodes[${i}] (${n.opType} ${JSON.stringify(n.name)})`)),
  );
  if (graph.name !== '') g.string(2, graph.name);
  for (const [name, t] of graph.initializers) {
    if (t.name !== name) fail(`${param}.initializers.${name}`, `the tensor is named ${JSON.stringify(t.name)}`);
    g.message(5, (tp) => writeTensor(tp, t, `${param}.initializers.${name}`));
  }
  graph.inputs.forEach((v, i) => g.message(11, (vp) => writeValueInfo(vp, v, `${param}.inputs[${i}]`)));
  graph.outputs.forEach((v, i) => g.message(12, (vp) => writeValueInfo(vp, v, `${param}.outputs[${i}]`)));
  for (const [name, v] of graph.valueInfo) g.message(13, (vp) => writeValueInfo(vp, v, `${param}.valueInfo.${name}`));
}
