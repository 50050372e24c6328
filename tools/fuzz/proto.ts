/**
 * A protobuf tree of an ONNX file for the fuzzer's structural mutations (tools/fuzz/mutate.ts): the bytes parsed into
 * fields, the messages the mutations edit parsed into nested field lists (by the ONNX field numbers that
 * src/model/graph/onnx/reader.ts reads), everything else kept as raw bytes, and written back. Written back unedited,
 * a tree gives the same bytes whenever the file used minimal varints (as every writer does). A field may carry
 * `pad`: its varint value (or its length prefix) is then written with that many extra continuation bytes, a
 * non-minimal encoding a reader must take (up to the 10 bytes of a 64-bit varint) or refuse.
 */

/** Which field numbers of a message hold messages, and of which kind. */
const SUBMESSAGES: Record<string, Record<number, string>> = {
  model: { 7: 'graph' },
  graph: { 1: 'node', 5: 'tensor', 11: 'valueInfo', 12: 'valueInfo', 13: 'valueInfo' },
  node: { 5: 'attribute' },
  attribute: { 5: 'tensor', 6: 'graph' },
  valueInfo: { 2: 'type' },
  type: { 1: 'tensorType' },
  tensorType: { 2: 'shape' },
  shape: { 1: 'dim' },
  tensor: {},
  dim: {},
};

export interface ProtoField {
  no: number;
  /** wire type: 0 varint, 1 fixed64, 2 length-delimited, 5 fixed32 */
  wire: number;
  /** varint value (wire 0) */
  int?: bigint;
  /** payload (wires 1, 2, 5) of a field that is not parsed further */
  raw?: Uint8Array;
  /** the parsed fields of a submessage (wire 2) */
  msg?: ProtoMessage;
  /** extra varint continuation bytes when written (the value's, or the length prefix's) */
  pad?: number;
}

export interface ProtoMessage {
  kind: string;
  fields: ProtoField[];
}

function readVarint(b: Uint8Array, pos: number): [bigint, number] {
  let v = 0n;
  let shift = 0n;
  for (let i = 0; i < 10; i++) {
    if (pos >= b.length) throw new Error('truncated varint');
    const c = b[pos++];
    v |= BigInt(c & 0x7f) << shift;
    if (c < 0x80) return [BigInt.asUintN(64, v), pos];
    shift += 7n;
  }
  throw new Error('varint longer than 10 bytes');
}

/** Parses `bytes` as a message of `kind` ('model' for a whole file); throws on anything malformed. */
export function parseProto(bytes: Uint8Array, kind = 'model'): ProtoMessage {
  const fields: ProtoField[] = [];
  let pos = 0;
  while (pos < bytes.length) {
    const [key, p1] = readVarint(bytes, pos);
    pos = p1;
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      const [v, p2] = readVarint(bytes, pos);
      fields.push({ no, wire, int: v });
      pos = p2;
    } else if (wire === 1 || wire === 5) {
      const n = wire === 1 ? 8 : 4;
      if (pos + n > bytes.length) throw new Error('truncated fixed field');
      fields.push({ no, wire, raw: bytes.subarray(pos, pos + n) });
      pos += n;
    } else if (wire === 2) {
      const [len, p2] = readVarint(bytes, pos);
      const end = p2 + Number(len);
      if (end > bytes.length) throw new Error('truncated length-delimited field');
      const payload = bytes.subarray(p2, end);
      const sub = SUBMESSAGES[kind]?.[no];
      fields.push(sub ? { no, wire, msg: parseProto(payload, sub) } : { no, wire, raw: payload });
      pos = end;
    } else throw new Error(`wire type ${wire}`);
  }
  return { kind, fields };
}

function pushVarint(out: number[], v: bigint, pad = 0): void {
  let b = BigInt.asUintN(64, v);
  const bytes: number[] = [];
  while (b >= 0x80n) {
    bytes.push(Number(b & 0x7fn) | 0x80);
    b >>= 7n;
  }
  bytes.push(Number(b));
  // extra continuation bytes: the last byte gets its high bit and zeros follow, the last of them without it
  const extra = Math.max(0, Math.min(pad, 10 - bytes.length));
  if (extra > 0) {
    bytes[bytes.length - 1] |= 0x80;
    for (let i = 0; i < extra - 1; i++) bytes.push(0x80);
    bytes.push(0);
  }
  for (const x of bytes) out.push(x);
}

/** Writes a tree back to bytes. */
export function writeProto(m: ProtoMessage): Uint8Array {
  const out: number[] = [];
  write(m, out);
  return Uint8Array.from(out);
}

function write(m: ProtoMessage, out: number[]): void {
  for (const f of m.fields) {
    pushVarint(out, BigInt(f.no * 8 + f.wire));
    if (f.wire === 0) pushVarint(out, f.int ?? 0n, f.pad);
    else if (f.wire === 1 || f.wire === 5) for (const x of f.raw ?? []) out.push(x);
    else {
      const payload = f.msg ? writeProto(f.msg) : (f.raw ?? new Uint8Array(0));
      pushVarint(out, BigInt(payload.length), f.pad);
      for (const x of payload) out.push(x);
    }
  }
}

/** Every message of `kind` in the tree (depth first), with the message holding it. */
export function messagesOf(m: ProtoMessage, kind: string, out: ProtoMessage[] = []): ProtoMessage[] {
  if (m.kind === kind) out.push(m);
  for (const f of m.fields) if (f.msg) messagesOf(f.msg, kind, out);
  return out;
}

/** Every field of the tree (depth first). */
export function allFields(m: ProtoMessage, out: ProtoField[] = []): ProtoField[] {
  for (const f of m.fields) {
    out.push(f);
    if (f.msg) allFields(f.msg, out);
  }
  return out;
}

/** The varints of a packed repeated field's payload. */
export function unpackVarints(raw: Uint8Array): bigint[] {
  const v: bigint[] = [];
  let pos = 0;
  while (pos < raw.length) {
    const [x, p] = readVarint(raw, pos);
    v.push(x);
    pos = p;
  }
  return v;
}

/** A packed repeated varint payload. */
export function packVarints(values: readonly bigint[]): Uint8Array {
  const out: number[] = [];
  for (const v of values) pushVarint(out, v);
  return Uint8Array.from(out);
}
