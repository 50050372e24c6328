/**
 * Typed-array arguments read once. A caller's typed array is an object like any other: an own `length` or `buffer`
 * getter, a subclass overriding them, or a Proxy around a real array can answer a check with one value and the copy
 * that follows with another, and a length-tracking view of a resizable ArrayBuffer changes length when the buffer is
 * resized. So an API that takes typed arrays reads each one here, once, before it checks anything: its class name,
 * buffer, byte offset and length through the engine's own %TypedArray%.prototype accessors (which read the array's
 * internal slots: no getter of the caller runs, and a Proxy is no typed array), and a fixed-length Uint8Array view
 * of those bytes. The checks and the copy both use this snapshot. A fixed-length view of a resizable buffer that
 * later shrinks below it reads as 0 bytes (and a detached buffer too), which `intact` tells.
 */

const TYPED_ARRAY_PROTO = Object.getPrototypeOf(Uint8Array.prototype) as object;
const accessor = <T>(key: string | symbol): ((this: unknown) => T) =>
  Object.getOwnPropertyDescriptor(TYPED_ARRAY_PROTO, key)!.get as (this: unknown) => T;
const TAG = accessor<string | undefined>(Symbol.toStringTag);
const BUFFER = accessor<ArrayBufferLike>('buffer');
const BYTE_OFFSET = accessor<number>('byteOffset');
const LENGTH = accessor<number>('length');
const BYTE_LENGTH = accessor<number>('byteLength');

/** A typed array as read once (see the header). */
export interface ViewSnapshot {
  /** the class of its internal slots: 'Float32Array', 'Uint8Array', ... (a subclass's instance reads as its base) */
  readonly type: string;
  readonly buffer: ArrayBufferLike;
  readonly byteOffset: number;
  /** elements */
  readonly length: number;
  readonly byteLength: number;
  /** a fixed-length view of its bytes (null where its buffer is detached) */
  readonly bytes: Uint8Array | null;
}

/** The typed array `a` as read once; undefined when `a` is no typed array (a Proxy of one included). */
export function snapshotView(a: unknown): ViewSnapshot | undefined {
  if (typeof a !== 'object' || a === null) return undefined;
  const type = TAG.call(a);
  if (type === undefined) return undefined;
  const buffer = BUFFER.call(a);
  const byteOffset = BYTE_OFFSET.call(a);
  const length = LENGTH.call(a);
  const byteLength = BYTE_LENGTH.call(a);
  let bytes: Uint8Array | null;
  try {
    bytes = new Uint8Array(buffer, byteOffset, byteLength);
  } catch {
    bytes = null; // a detached buffer
  }
  return { type, buffer, byteOffset, length, byteLength, bytes };
}

/** Whether the snapshot's bytes are still all there (its buffer neither detached nor shrunk below them). */
export function intact(s: ViewSnapshot): boolean {
  return s.bytes !== null && s.bytes.byteLength === s.byteLength;
}

/** Whether two snapshots share bytes: the same buffer and intersecting byte ranges (empty ranges share none). */
export function overlaps(a: ViewSnapshot, b: ViewSnapshot): boolean {
  return (
    a.buffer === b.buffer &&
    a.byteLength > 0 &&
    b.byteLength > 0 &&
    a.byteOffset < b.byteOffset + b.byteLength &&
    b.byteOffset < a.byteOffset + a.byteLength
  );
}
