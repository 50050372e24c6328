/**
 * A minimal, bounds-checked FlatBuffers reader (the wire format of TFLite models): tables through their vtables,
 * scalars, vectors of scalars, strings, vectors of tables. Every offset is checked against the buffer before it is
 * followed, and a field outside its vtable reads as absent (the format's rule for fields newer than the writer), so a
 * truncated or corrupt file raises BAD_MODEL instead of reading out of bounds.
 */
import { I8ConvError } from '../../../errors.js';

export class FlatBuffer {
  private readonly dv: DataView;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private bad(what: string): never {
    throw new I8ConvError('BAD_MODEL', `model: not a valid TFLite flatbuffer (${what})`, 'model');
  }
  private need(pos: number, size: number, what: string): void {
    if (!(pos >= 0 && pos + size <= this.bytes.length))
      this.bad(`${what} at ${pos} is outside the ${this.bytes.length}-byte file`);
  }
  u8(p: number): number {
    this.need(p, 1, 'a byte');
    return this.dv.getUint8(p);
  }
  i8(p: number): number {
    this.need(p, 1, 'a byte');
    return this.dv.getInt8(p);
  }
  u16(p: number): number {
    this.need(p, 2, 'a u16');
    return this.dv.getUint16(p, true);
  }
  i32(p: number): number {
    this.need(p, 4, 'an i32');
    return this.dv.getInt32(p, true);
  }
  u32(p: number): number {
    this.need(p, 4, 'a u32');
    return this.dv.getUint32(p, true);
  }
  f32(p: number): number {
    this.need(p, 4, 'an f32');
    return this.dv.getFloat32(p, true);
  }
  i64(p: number): number {
    this.need(p, 8, 'an i64');
    return Number(this.dv.getBigInt64(p, true));
  }

  /** The root table's position; `ident` checks the 4-byte file identifier after the root offset. */
  root(ident?: string): number {
    if (this.bytes.length < 8) this.bad('shorter than a root offset and an identifier');
    if (ident !== undefined) {
      const got = String.fromCharCode(...this.bytes.subarray(4, 8));
      if (got !== ident) this.bad(`file identifier '${got.replace(/[^\x20-\x7e]/g, '?')}', not '${ident}'`);
    }
    return this.table(this.u32(0));
  }
  /** Checks a table at `t` and its vtable. */
  private table(t: number): number {
    const vt = t - this.i32(t);
    const size = this.u16(vt);
    if (size < 4 || size % 2) this.bad(`a vtable of ${size} bytes`);
    this.need(vt, size, 'a vtable');
    this.need(t, this.u16(vt + 2), 'a table');
    return t;
  }
  /** The position of field `id` of table `t`, or 0 when absent. */
  field(t: number, id: number): number {
    const vt = t - this.i32(t);
    const size = this.u16(vt);
    if (4 + 2 * id >= size) return 0;
    const off = this.u16(vt + 4 + 2 * id);
    return off ? t + off : 0;
  }
  /** The table a field refers to, or 0 when absent. */
  ref(t: number, id: number): number {
    const p = this.field(t, id);
    return p ? this.table(p + this.u32(p)) : 0;
  }
  scalar(t: number, id: number, type: 'u8' | 'i8' | 'i32' | 'u32' | 'f32', dflt: number): number {
    const p = this.field(t, id);
    return p ? this[type](p) : dflt;
  }
  bool(t: number, id: number): boolean {
    return this.scalar(t, id, 'u8', 0) !== 0;
  }
  /** [start, length] of the vector a field refers to (elements of `size` bytes), or undefined when absent. */
  private vector(t: number, id: number, size: number): [number, number] | undefined {
    const p = this.field(t, id);
    if (!p) return undefined;
    const v = p + this.u32(p);
    const n = this.u32(v);
    this.need(v + 4, n * size, `a vector of ${n} elements`);
    return [v + 4, n];
  }
  i32s(t: number, id: number): number[] | undefined {
    const v = this.vector(t, id, 4);
    return v && Array.from({ length: v[1] }, (_, k) => this.i32(v[0] + 4 * k));
  }
  f32s(t: number, id: number): number[] | undefined {
    const v = this.vector(t, id, 4);
    return v && Array.from({ length: v[1] }, (_, k) => this.f32(v[0] + 4 * k));
  }
  i64s(t: number, id: number): number[] | undefined {
    const v = this.vector(t, id, 8);
    return v && Array.from({ length: v[1] }, (_, k) => this.i64(v[0] + 8 * k));
  }
  /** A view of a [ubyte] vector (no copy), or undefined when absent. */
  u8s(t: number, id: number): Uint8Array | undefined {
    const v = this.vector(t, id, 1);
    return v && this.bytes.subarray(v[0], v[0] + v[1]);
  }
  str(t: number, id: number): string | undefined {
    const b = this.u8s(t, id);
    return b && new TextDecoder().decode(b);
  }
  tables(t: number, id: number): number[] {
    const v = this.vector(t, id, 4);
    if (!v) return [];
    return Array.from({ length: v[1] }, (_, k) => {
      const p = v[0] + 4 * k;
      return this.table(p + this.u32(p));
    });
  }
}
