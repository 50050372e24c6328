/**
 * The ONNX reader: ModelProto bytes -> the graph IR (`../ir.ts`). It knows the protobuf wire format and the few
 * ONNX messages a model runtime needs, and nothing about operators.
 *
 * Why a reader of our own and not a protobuf library: the browser bundle. protobufjs plus onnx's generated
 * descriptors weigh far more than the handful of messages read here, and a generic decoder would still leave
 * every check below (untrusted lengths, sizes before allocation, error paths) to us. The wire format needs only
 * varints, fixed 32/64-bit values and length-delimited fields.
 *
 * Field numbers are those of onnx/onnx.proto (stable since IR version 3; new fields only ever get new numbers):
 *   ModelProto        ir_version=1 graph=7 opset_import=8
 *   OperatorSetId     domain=1 version=2
 *   GraphProto        node=1 name=2 initializer=5 input=11 output=12 value_info=13 (sparse_initializer=15: refused)
 *   NodeProto         input=1 output=2 name=3 op_type=4 attribute=5 domain=7
 *   AttributeProto    name=1 f=2 i=3 s=4 t=5 g=6 floats=7 ints=8 strings=9 tensors=10 graphs=11 type=20
 *                     (AttributeType FLOAT=1 INT=2 STRING=3 TENSOR=4 GRAPH=5 FLOATS=6 INTS=7 STRINGS=8; others, GRAPHS=10
 *                     among them, unsupported)
 *   TensorProto       dims=1 data_type=2 segment=3 float_data=4 int32_data=5 int64_data=7 name=8 raw_data=9
 *                     double_data=10 external_data=13 data_location=14 (EXTERNAL=1)
 *   ValueInfoProto    name=1 type=2;  TypeProto tensor_type=1;  TypeProto.Tensor elem_type=1 shape=2
 *   TensorShapeProto  dim=1;  Dimension dim_value=1 dim_param=2
 * Per onnx.proto, int32_data holds int32, int8, uint8, bool and float16 (its bits) values, one varint each;
 * int64_data int64; float_data float; double_data double.
 *
 * A GRAPH attribute (If's branches) is read as a GraphProto into a `Graph` with the model's IR version and opset
 * imports; its nodes may read values of the enclosing graphs by name (ONNX's scoping), which the reader leaves as it
 * finds them.
 *
 * Untrusted input: every length, count and varint is checked against the bytes left in its enclosing message
 * before use; the message structure read here has a fixed depth but for subgraphs, nested at most MAX_SUBGRAPH_DEPTH
 * deep, and skipped groups are limited to MAX_GROUP_DEPTH; a tensor's size is checked (dims, element count, byte
 * cap, the bytes that encode it, an allocation budget proportional to the input) before its array is allocated. Every failure is
 * `I8ConvError('BAD_MODEL')` naming the field path and byte offset. Unknown fields are skipped by wire type.
 */
import { I8ConvError } from '../../../errors.js';
import type { Attribute, Dim, ElementType, Graph, Node, Tensor, TensorData, ValueInfo } from '../ir.js';

/** Largest tensor the reader allocates, in bytes (wasm32 memory could not hold more anyway). */
export const MAX_TENSOR_BYTES = 2 ** 31;
/** Tensor data allocated for one model may be at most this many times the model's size (plus a small slack):
 * typed fields expand at most 8x (a one-byte varint into an int64), raw_data 1x. */
export const ALLOC_FACTOR = 8;
/** Deepest nesting of (deprecated) protobuf groups the skipper follows. */
export const MAX_GROUP_DEPTH = 32;
/** Deepest nesting of subgraphs (GRAPH attributes of nodes of subgraphs) the reader follows. */
export const MAX_SUBGRAPH_DEPTH = 16;

/** What a graph being read shares with the model: its IR version and opset imports; and how deep it is nested. */
interface GraphScope {
  irVersion: number;
  opsetImports: Map<string, number>;
  depth: number;
}

// ONNX TensorProto.DataType codes of the element types the IR carries.
const ONNX_TYPES: ReadonlyMap<number, ElementType> = new Map<number, ElementType>([
  [1, 'float32'],
  [2, 'uint8'],
  [3, 'int8'],
  [6, 'int32'],
  [7, 'int64'],
  [9, 'bool'],
  [10, 'float16'],
  [11, 'double'],
]);
const ELEMENT_BYTES: Record<ElementType, number> = {
  float32: 4,
  uint8: 1,
  int8: 1,
  int32: 4,
  int64: 8,
  float16: 2,
  bool: 1,
  double: 8,
};
/** The typed field (float_data=4, int32_data=5, int64_data=7, double_data=10) that may hold each type's values. */
const TYPED_FIELD: Record<ElementType, number> = {
  float32: 4,
  uint8: 5,
  int8: 5,
  int32: 5,
  int64: 7,
  float16: 5,
  bool: 5,
  double: 10,
};
/** The value range of each type whose values int32_data holds (float16: its 16 bits). */
const VARINT_RANGE: Partial<Record<ElementType, readonly [number, number]>> = {
  uint8: [0, 255],
  int8: [-128, 127],
  int32: [-2147483648, 2147483647],
  float16: [0, 65535],
  bool: [0, 1],
};
const ARRAY_OF: { [K in ElementType]: new (n: number) => TensorData } = {
  float32: Float32Array,
  uint8: Uint8Array,
  int8: Int8Array,
  int32: Int32Array,
  int64: BigInt64Array,
  float16: Uint16Array,
  bool: Uint8Array,
  double: Float64Array,
};
/** The same constructors, viewing a buffer. */
const VIEW_OF = ARRAY_OF as unknown as { [K in ElementType]: new (b: ArrayBuffer) => TensorData };

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LEN = 2;
const WIRE_START_GROUP = 3;
const WIRE_END_GROUP = 4;
const WIRE_FIXED32 = 5;

const utf8 = new TextDecoder('utf-8');

/** A position in the model bytes with the bounds of the message being read, the field path (for errors) and the
 * allocation budget. */
class Cursor {
  pos = 0;
  /** End of the enclosing message: nothing may be read at or past it. */
  end: number;
  readonly path: string[] = [];
  budget: number;
  // The last varint's low and high 32 bits (unsigned), so that reading one allocates nothing.
  lo = 0;
  hi = 0;

  constructor(readonly buf: Uint8Array) {
    this.end = buf.length;
    this.budget = ALLOC_FACTOR * buf.length + 4096;
  }

  fail(message: string, at = this.pos): never {
    const where = this.path.length ? this.path.join('.') : 'model';
    throw new I8ConvError('BAD_MODEL', `${where}: ${message} at byte ${at}`);
  }

  /** Reads a varint (at most 10 bytes, within the message) into lo / hi. */
  varint(): void {
    const start = this.pos;
    let lo = 0;
    let hi = 0;
    for (let i = 0; ; i++) {
      if (i === 10) this.fail('varint longer than 10 bytes', start);
      if (this.pos >= this.end) this.fail('varint runs past the end of its message', start);
      const b = this.buf[this.pos++];
      if (i < 4) lo |= (b & 0x7f) << (7 * i);
      else if (i === 4) {
        lo |= (b & 0x0f) << 28;
        hi = (b & 0x7f) >> 4;
      } else hi |= (b & 0x7f) << (7 * i - 32);
      if (b < 0x80) break;
    }
    this.lo = lo >>> 0;
    this.hi = hi >>> 0;
  }
  /** An int64 field as a number (exact within +-2^53, else the nearest double). */
  int64(): number {
    this.varint();
    return (this.hi | 0) * 4294967296 + this.lo;
  }
  /** An int32 / enum field (protobuf sign-extends negative ones to 64 bits; the low 32 bits are the value). */
  int32(): number {
    this.varint();
    return this.lo | 0;
  }
  /** A length prefix, checked against the bytes left in the message. Returns the length; pos is at the payload. */
  length(): number {
    const at = this.pos;
    this.varint();
    const n = this.hi * 4294967296 + this.lo;
    if (n > this.end - this.pos) this.fail(`length ${n} past the end (${this.end - this.pos} bytes left)`, at);
    return n;
  }
  string(): string {
    const n = this.length();
    const s = utf8.decode(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }

  /** Reads the fields of a message ending at `end`: `onField(field, wire, at)` returns false for a field it does not
   * read, which is then skipped by its wire type. */
  message(end: number, onField: (field: number, wire: number, at: number) => boolean): void {
    const outer = this.end;
    this.end = end;
    while (this.pos < end) {
      const at = this.pos;
      this.varint();
      if (this.hi !== 0 || this.lo >>> 3 === 0) this.fail(`invalid field tag`, at);
      const field = this.lo >>> 3;
      const wire = this.lo & 7;
      if (!onField(field, wire, at)) this.skip(field, wire, at);
    }
    this.end = outer;
  }
  /** Reads a length-delimited sub-message under the path segment `name`. */
  sub(name: string, read: (end: number) => void): void {
    const n = this.length();
    this.path.push(name);
    const end = this.pos + n;
    read(end);
    if (this.pos !== end) this.fail('message does not end at its length');
    this.path.pop();
  }

  expectWire(field: number, wire: number, want: number, at: number, name: string): void {
    if (wire !== want) this.fail(`field ${field} (${name}) has wire type ${wire}, expected ${want}`, at);
  }

  skip(field: number, wire: number, at: number): void {
    switch (wire) {
      case WIRE_VARINT:
        this.varint();
        return;
      case WIRE_FIXED64:
        this.advance(8, at);
        return;
      case WIRE_FIXED32:
        this.advance(4, at);
        return;
      case WIRE_LEN:
        {
          const n = this.length();
          this.pos += n;
        }
        return;
      case WIRE_START_GROUP: {
        // A (deprecated) group: skip fields up to its matching end tag, following nested groups to a fixed depth.
        const open = [field];
        while (open.length) {
          if (open.length > MAX_GROUP_DEPTH) this.fail(`groups nested deeper than ${MAX_GROUP_DEPTH}`, at);
          if (this.pos >= this.end) this.fail(`group of field ${open[open.length - 1]} not closed`, at);
          const t = this.pos;
          this.varint();
          if (this.hi !== 0 || this.lo >>> 3 === 0) this.fail('invalid field tag', t);
          const f = this.lo >>> 3;
          const w = this.lo & 7;
          if (w === WIRE_START_GROUP) open.push(f);
          else if (w === WIRE_END_GROUP) {
            if (open.pop() !== f) this.fail(`end of group ${f} does not match its start`, t);
          } else this.skip(f, w, t);
        }
        return;
      }
      default:
        this.fail(`field ${field} has wire type ${wire}, which protobuf does not define here`, at);
    }
  }
  advance(n: number, at: number): void {
    if (n > this.end - this.pos) this.fail(`${n}-byte value past the end`, at);
    this.pos += n;
  }

  /** Reads a repeated int64 field, packed (wire 2) or not (wire 0), appending to `out`. */
  int64s(field: number, wire: number, at: number, name: string, out: number[]): void {
    if (wire === WIRE_VARINT) {
      out.push(this.int64());
      return;
    }
    this.expectWire(field, wire, WIRE_LEN, at, name);
    const n = this.length();
    const outer = this.end;
    this.end = this.pos + n;
    while (this.pos < this.end) out.push(this.int64());
    this.end = outer;
  }
  /** Reads a repeated float field, packed (wire 2) or not (wire 5), appending to `out`. */
  floats(field: number, wire: number, at: number, name: string, out: number[]): void {
    if (wire === WIRE_FIXED32) {
      this.advance(4, at);
      out.push(readF32(this.buf, this.pos - 4));
      return;
    }
    this.expectWire(field, wire, WIRE_LEN, at, name);
    const n = this.length();
    if (n % 4 !== 0) this.fail(`packed ${name} of ${n} bytes is not a multiple of 4`, at);
    for (let i = 0; i < n; i += 4) out.push(readF32(this.buf, this.pos + i));
    this.pos += n;
  }
}

const f32Scratch = new Float32Array(1);
const u8Scratch = new Uint8Array(f32Scratch.buffer);
function readF32(buf: Uint8Array, at: number): number {
  u8Scratch[0] = buf[at];
  u8Scratch[1] = buf[at + 1];
  u8Scratch[2] = buf[at + 2];
  u8Scratch[3] = buf[at + 3];
  return f32Scratch[0];
}

/** Dims for an error message: at most 8 of them (a malformed tensor may list thousands). */
function dimsText(dims: readonly number[]): string {
  return `[${dims.slice(0, 8).join(', ')}${dims.length > 8 ? `, ... (${dims.length} dims)` : ''}]`;
}

function normalizeDomain(d: string): string {
  return d === 'ai.onnx' ? '' : d;
}

/** A byte range of one typed-field entry: `count` values encoded in [start, end). */
interface Chunk {
  start: number;
  end: number;
  count: number;
}

/** Reads a TensorProto whose bytes end at `end` (the cursor is at its first field). */
function readTensorBody(c: Cursor, end: number): Tensor {
  const at = c.pos;
  const dims: number[] = [];
  let dataType = 0;
  let name = '';
  let rawAt = -1; // raw_data's payload offset and length (rawAt -1: none)
  let rawLen = 0;
  let location = 0;
  let hasExternal = false;
  // Entries of every typed field (numbers 4, 5, 7, 10), kept as byte ranges and decoded once the size is checked.
  const typed = new Map<number, Chunk[]>();
  const typedField = (field: number, wire: number, at: number, size: number): void => {
    // size: bytes per value for fixed-size fields (float 4, double 8), 0 for varints.
    const list = typed.get(field) ?? [];
    typed.set(field, list);
    const fixedWire = size === 4 ? WIRE_FIXED32 : size === 8 ? WIRE_FIXED64 : WIRE_VARINT;
    if (wire === fixedWire) {
      const start = c.pos;
      if (size) c.advance(size, at);
      else c.varint();
      list.push({ start, end: c.pos, count: 1 });
      return;
    }
    c.expectWire(field, wire, WIRE_LEN, at, `typed data field ${field}`);
    const n = c.length();
    const start = c.pos;
    let count: number;
    if (size) {
      if (n % size !== 0) c.fail(`packed field ${field} of ${n} bytes is not a multiple of ${size}`, at);
      count = n / size;
    } else {
      // Varints: one ends at each byte below 0x80; the last byte must end one.
      count = 0;
      let run = 0;
      for (let i = start; i < start + n; i++) {
        if (c.buf[i] < 0x80) {
          count++;
          run = 0;
        } else if (++run >= 10) c.fail(`packed field ${field}: varint longer than 10 bytes`, i - 9);
      }
      if (n > 0 && c.buf[start + n - 1] >= 0x80) c.fail(`packed field ${field}: last varint runs past its length`, at);
    }
    c.pos += n;
    list.push({ start, end: start + n, count });
  };
  c.message(end, (field, wire, at) => {
    switch (field) {
      case 1:
        c.int64s(field, wire, at, 'dims', dims);
        return true;
      case 2:
        c.expectWire(field, wire, WIRE_VARINT, at, 'data_type');
        dataType = c.int32();
        return true;
      case 3:
        c.fail('segmented tensors (field 3, segment) are not read', at);
      case 4:
        typedField(field, wire, at, 4);
        return true;
      case 5:
      case 7:
        typedField(field, wire, at, 0);
        return true;
      case 10:
        typedField(field, wire, at, 8);
        return true;
      case 8:
        c.expectWire(field, wire, WIRE_LEN, at, 'name');
        name = c.string();
        return true;
      case 9: {
        c.expectWire(field, wire, WIRE_LEN, at, 'raw_data');
        const n = c.length();
        rawAt = c.pos;
        rawLen = n;
        c.pos += n;
        return true;
      }
      case 13:
        hasExternal = true;
        return false;
      case 14:
        c.expectWire(field, wire, WIRE_VARINT, at, 'data_location');
        location = c.int32();
        return true;
      default:
        return false;
    }
  });
  if (location === 1 || hasExternal)
    c.fail(`tensor '${name}' keeps its data in an external file (data_location EXTERNAL), which is not read`, at);
  if (location !== 0) c.fail(`unknown data_location ${location}`, at);
  const type = ONNX_TYPES.get(dataType);
  if (type === undefined)
    c.fail(
      `tensor '${name}' has data_type ${dataType}, not one of the element types read (${[...ONNX_TYPES.keys()].join(', ')})`,
      at,
    );
  // Element count, checked before anything is allocated.
  const elemBytes = ELEMENT_BYTES[type];
  let count = 1;
  for (const d of dims) {
    if (!Number.isSafeInteger(d) || d < 0)
      c.fail(`tensor '${name}': dims ${dimsText(dims)} has a negative or huge dim`, at);
  }
  if (dims.includes(0)) count = 0;
  else {
    for (const d of dims) {
      count *= d;
      if (count * elemBytes > MAX_TENSOR_BYTES)
        c.fail(`tensor '${name}': dims ${dimsText(dims)} exceed ${MAX_TENSOR_BYTES} bytes`, at);
    }
  }
  const bytes = count * elemBytes;
  for (const f of typed.keys()) {
    if (f !== TYPED_FIELD[type] && typed.get(f)!.some((ch) => ch.count > 0)) {
      c.fail(`tensor '${name}' of type ${type} has values in field ${f}, which does not hold that type`, at);
    }
  }
  const chunks = typed.get(TYPED_FIELD[type]) ?? [];
  const typedCount = chunks.reduce((s, ch) => s + ch.count, 0);
  if (rawAt >= 0 && typedCount > 0) c.fail(`tensor '${name}' has both raw_data and typed data`, at);
  if (rawAt >= 0) {
    if (rawLen !== bytes) {
      c.fail(`tensor '${name}': raw_data has ${rawLen} bytes, dims ${dimsText(dims)} x ${elemBytes} need ${bytes}`, at);
    }
  } else if (typedCount !== count) {
    c.fail(`tensor '${name}': ${typedCount} values in its typed field, dims ${dimsText(dims)} need ${count}`, at);
  }
  if (bytes > c.budget)
    c.fail(`tensor '${name}' (${bytes} bytes) exceeds the allocation budget for a model of ${c.buf.length} bytes`, at);
  c.budget -= bytes;
  if (rawAt >= 0) {
    // raw_data: a copy of its bytes (slice of a plain Uint8Array view: a fresh buffer of exactly those bytes, not
    // zero-filled first; a Buffer's own slice would alias), viewed as the type (offset 0: aligned)
    const raw = new Uint8Array(c.buf.buffer, c.buf.byteOffset + rawAt, rawLen).slice();
    return { name, type, dims, data: new VIEW_OF[type](raw.buffer) };
  }
  const data = new ARRAY_OF[type](count);
  const dst = new Uint8Array(data.buffer);
  if (type === 'float32' || type === 'double') {
    let off = 0;
    for (const ch of chunks) {
      dst.set(c.buf.subarray(ch.start, ch.end), off);
      off += ch.end - ch.start;
    }
  } else {
    // Varints: int64 exactly (low and high words); the others are int32 values (sign-extended to 64 bits on the
    // wire) that must lie in their type's range: a value out of range is a malformed tensor, not truncated.
    const saveEnd = c.end;
    const savePos = c.pos;
    const i32 = type === 'int64' ? new Int32Array(data.buffer) : null;
    const out = data as Exclude<TensorData, BigInt64Array>;
    const [lo, hi] = VARINT_RANGE[type] ?? [0, 0]; // (int64 does not use it)
    let i = 0;
    for (const ch of chunks) {
      c.pos = ch.start;
      c.end = ch.end;
      while (c.pos < ch.end) {
        const vat = c.pos;
        c.varint();
        if (i32) {
          i32[2 * i] = c.lo;
          i32[2 * i + 1] = c.hi;
        } else {
          const v = (c.hi | 0) * 4294967296 + c.lo;
          if (v < lo || v > hi) c.fail(`tensor '${name}': int32_data value ${v} is out of range for ${type}`, vat);
          out[i] = v;
        }
        i++;
      }
    }
    c.pos = savePos;
    c.end = saveEnd;
  }
  return { name, type, dims, data };
}

function readDim(c: Cursor, end: number): Dim {
  let dim: Dim = null;
  c.message(end, (field, wire, at) => {
    if (field === 1) {
      c.expectWire(field, wire, WIRE_VARINT, at, 'dim_value');
      const v = c.int64();
      if (!Number.isSafeInteger(v) || v < 0) c.fail(`dim_value ${v} is not a non-negative integer`, at);
      dim = v;
      return true;
    }
    if (field === 2) {
      c.expectWire(field, wire, WIRE_LEN, at, 'dim_param');
      dim = c.string();
      return true;
    }
    return false;
  });
  return dim;
}

function readValueInfo(c: Cursor, end: number): ValueInfo {
  const v: ValueInfo = { name: '', type: null, onnxElemType: 0, shape: null };
  c.message(end, (field, wire, at) => {
    if (field === 1) {
      c.expectWire(field, wire, WIRE_LEN, at, 'name');
      v.name = c.string();
      return true;
    }
    if (field !== 2) return false;
    c.expectWire(field, wire, WIRE_LEN, at, 'type');
    c.sub('type', (typeEnd) =>
      c.message(typeEnd, (tf, tw, tat) => {
        if (tf !== 1) return false; // sequence, map, optional, sparse types: not tensors; skipped
        c.expectWire(tf, tw, WIRE_LEN, tat, 'tensor_type');
        c.sub('tensor_type', (tensorEnd) =>
          c.message(tensorEnd, (f, w, fat) => {
            if (f === 1) {
              c.expectWire(f, w, WIRE_VARINT, fat, 'elem_type');
              v.onnxElemType = c.int32();
              v.type = ONNX_TYPES.get(v.onnxElemType) ?? null;
              return true;
            }
            if (f !== 2) return false;
            c.expectWire(f, w, WIRE_LEN, fat, 'shape');
            const shape: Dim[] = [];
            v.shape = shape;
            c.sub('shape', (shapeEnd) =>
              c.message(shapeEnd, (df, dw, dat) => {
                if (df !== 1) return false;
                c.expectWire(df, dw, WIRE_LEN, dat, 'dim');
                c.sub(`dim[${shape.length}]`, (dimEnd) => shape.push(readDim(c, dimEnd)));
                return true;
              }),
            );
            return true;
          }),
        );
        return true;
      }),
    );
    return true;
  });
  return v;
}

const ATTR_KIND: Record<number, Attribute['kind']> = {
  1: 'float',
  2: 'int',
  3: 'string',
  4: 'tensor',
  5: 'graph',
  6: 'floats',
  7: 'ints',
  8: 'strings',
};

function readAttribute(c: Cursor, end: number, scope: GraphScope): [string, Attribute] {
  let name = '';
  let type = 0;
  let f = 0;
  let i = 0;
  let s = '';
  let t: Tensor | null = null;
  let g: Graph | null = null;
  const floats: number[] = [];
  const ints: number[] = [];
  const strings: string[] = [];
  c.message(end, (field, wire, at) => {
    switch (field) {
      case 1:
        c.expectWire(field, wire, WIRE_LEN, at, 'name');
        name = c.string();
        return true;
      case 20:
        c.expectWire(field, wire, WIRE_VARINT, at, 'type');
        type = c.int32();
        return true;
      case 2:
        c.expectWire(field, wire, WIRE_FIXED32, at, 'f');
        c.advance(4, at);
        f = readF32(c.buf, c.pos - 4);
        return true;
      case 3:
        c.expectWire(field, wire, WIRE_VARINT, at, 'i');
        i = c.int64();
        return true;
      case 4:
        c.expectWire(field, wire, WIRE_LEN, at, 's');
        s = c.string();
        return true;
      case 5:
        c.expectWire(field, wire, WIRE_LEN, at, 't');
        c.sub('t', (tEnd) => (t = readTensorBody(c, tEnd)));
        return true;
      case 6:
        c.expectWire(field, wire, WIRE_LEN, at, 'g');
        if (scope.depth >= MAX_SUBGRAPH_DEPTH) c.fail(`subgraphs nested deeper than ${MAX_SUBGRAPH_DEPTH}`, at);
        c.sub('g', (gEnd) => (g = readGraph(c, gEnd, { ...scope, depth: scope.depth + 1 })));
        return true;
      case 7:
        c.floats(field, wire, at, 'floats', floats);
        return true;
      case 8:
        c.int64s(field, wire, at, 'ints', ints);
        return true;
      case 9:
        c.expectWire(field, wire, WIRE_LEN, at, 'strings');
        strings.push(c.string());
        return true;
      default:
        return false; // tensors, graphs, sparse tensors, type protos, doc_string, ref_attr_name: skipped
    }
  });
  if (name === '') c.fail('attribute without a name', end);
  if (type === 0) c.fail(`attribute '${name}' has no type (IR version 1 attributes are not read)`, end);
  const kind = ATTR_KIND[type];
  let attr: Attribute;
  switch (kind) {
    case 'float':
      attr = { kind, value: f };
      break;
    case 'int':
      attr = { kind, value: i };
      break;
    case 'string':
      attr = { kind, value: s };
      break;
    case 'floats':
      attr = { kind, value: floats };
      break;
    case 'ints':
      attr = { kind, value: ints };
      break;
    case 'strings':
      attr = { kind, value: strings };
      break;
    case 'tensor':
      if (t === null) c.fail(`attribute '${name}' of type TENSOR has no tensor`, end);
      attr = { kind, value: t };
      break;
    case 'graph':
      if (g === null) c.fail(`attribute '${name}' of type GRAPH has no graph`, end);
      attr = { kind, value: g };
      break;
    default:
      attr = { kind: 'unsupported', onnxType: type };
  }
  return [name, attr];
}

function readNode(c: Cursor, end: number, scope: GraphScope): Node {
  const node: Node = { name: '', opType: '', domain: '', inputs: [], outputs: [], attributes: new Map() };
  let a = 0;
  c.message(end, (field, wire, at) => {
    switch (field) {
      case 1:
        c.expectWire(field, wire, WIRE_LEN, at, 'input');
        node.inputs.push(c.string());
        return true;
      case 2:
        c.expectWire(field, wire, WIRE_LEN, at, 'output');
        node.outputs.push(c.string());
        return true;
      case 3:
        c.expectWire(field, wire, WIRE_LEN, at, 'name');
        node.name = c.string();
        return true;
      case 4:
        c.expectWire(field, wire, WIRE_LEN, at, 'op_type');
        node.opType = c.string();
        return true;
      case 7:
        c.expectWire(field, wire, WIRE_LEN, at, 'domain');
        node.domain = normalizeDomain(c.string());
        return true;
      case 5:
        c.expectWire(field, wire, WIRE_LEN, at, 'attribute');
        c.sub(`attribute[${a++}]`, (attrEnd) => {
          const [name, attr] = readAttribute(c, attrEnd, scope);
          if (node.attributes.has(name)) c.fail(`attribute '${name}' given twice`, attrEnd);
          node.attributes.set(name, attr);
        });
        return true;
      default:
        return false;
    }
  });
  if (node.opType === '') c.fail('node without op_type', end);
  return node;
}

function readGraph(c: Cursor, end: number, scope: GraphScope): Graph {
  const g: Graph = {
    name: '',
    irVersion: scope.irVersion,
    opsetImports: scope.opsetImports,
    inputs: [],
    outputs: [],
    initializers: new Map(),
    valueInfo: new Map(),
    nodes: [],
  };
  let nInit = 0;
  let nValueInfo = 0;
  c.message(end, (field, wire, at) => {
    switch (field) {
      case 1:
        c.expectWire(field, wire, WIRE_LEN, at, 'node');
        c.sub(`node[${g.nodes.length}]`, (e) => g.nodes.push(readNode(c, e, scope)));
        return true;
      case 2:
        c.expectWire(field, wire, WIRE_LEN, at, 'name');
        g.name = c.string();
        return true;
      case 5:
        c.expectWire(field, wire, WIRE_LEN, at, 'initializer');
        c.sub(`initializer[${nInit++}]`, (e) => {
          const t = readTensorBody(c, e);
          if (t.name === '') c.fail('initializer without a name', e);
          if (g.initializers.has(t.name)) c.fail(`initializer '${t.name}' given twice`, e);
          g.initializers.set(t.name, t);
        });
        return true;
      case 11:
        c.expectWire(field, wire, WIRE_LEN, at, 'input');
        c.sub(`input[${g.inputs.length}]`, (e) => g.inputs.push(readValueInfo(c, e)));
        return true;
      case 12:
        c.expectWire(field, wire, WIRE_LEN, at, 'output');
        c.sub(`output[${g.outputs.length}]`, (e) => g.outputs.push(readValueInfo(c, e)));
        return true;
      case 13:
        c.expectWire(field, wire, WIRE_LEN, at, 'value_info');
        c.sub(`value_info[${nValueInfo++}]`, (e) => {
          const v = readValueInfo(c, e);
          g.valueInfo.set(v.name, v);
        });
        return true;
      case 15:
        c.fail('sparse initializers (field 15) are not read', at);
      default:
        return false;
    }
  });
  return g;
}

function bytesOf(input: Uint8Array | ArrayBuffer): Uint8Array {
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  throw new I8ConvError('INVALID_PARAM', 'bytes: expected a Uint8Array or an ArrayBuffer', 'bytes');
}

/**
 * Reads an ONNX model (ModelProto bytes) into the graph IR. Throws `I8ConvError('BAD_MODEL')` (the message names
 * the field path and byte offset) for anything it cannot read; never another exception for any input bytes.
 * The returned tensors own their data (nothing aliases `bytes`).
 */
export function readOnnxModel(input: Uint8Array | ArrayBuffer): Graph {
  const c = new Cursor(bytesOf(input));
  let irVersion = 0;
  const opsetImports = new Map<string, number>();
  let graphAt = -1;
  let graphLen = 0;
  let nOpset = 0;
  c.message(c.buf.length, (field, wire, at) => {
    switch (field) {
      case 1:
        c.expectWire(field, wire, WIRE_VARINT, at, 'ir_version');
        irVersion = c.int64();
        return true;
      case 7:
        // Read after the opset imports (which may come after it in the file).
        c.expectWire(field, wire, WIRE_LEN, at, 'graph');
        if (graphAt >= 0) c.fail('graph given twice', at);
        graphLen = c.length();
        graphAt = c.pos;
        c.pos += graphLen;
        return true;
      case 8: {
        c.expectWire(field, wire, WIRE_LEN, at, 'opset_import');
        let domain = '';
        let version = 0;
        c.sub(`opset_import[${nOpset++}]`, (e) =>
          c.message(e, (f, w, fat) => {
            if (f === 1) {
              c.expectWire(f, w, WIRE_LEN, fat, 'domain');
              domain = normalizeDomain(c.string());
              return true;
            }
            if (f === 2) {
              c.expectWire(f, w, WIRE_VARINT, fat, 'version');
              version = c.int64();
              return true;
            }
            return false;
          }),
        );
        if (opsetImports.has(domain)) c.fail(`opset of domain '${domain}' imported twice`, at);
        opsetImports.set(domain, version);
        return true;
      }
      default:
        return false;
    }
  });
  if (graphAt < 0) c.fail('no graph (field 7)', c.buf.length);
  c.pos = graphAt;
  c.end = graphAt + graphLen;
  c.path.push('graph');
  const g = readGraph(c, graphAt + graphLen, { irVersion, opsetImports, depth: 0 });
  c.path.pop();
  return g;
}

/** Reads one TensorProto (e.g. an ONNX test's `input_0.pb`). Same checks and errors as the model reader. */
export function readTensor(input: Uint8Array | ArrayBuffer): Tensor {
  const c = new Cursor(bytesOf(input));
  c.path.push('tensor');
  return readTensorBody(c, c.buf.length);
}
