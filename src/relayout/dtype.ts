/**
 * Element types of the relayout API. A relayout only moves elements, so a type matters for three things:
 * its typed-array class, its size, and the value of padded positions (0, or the zero point of 'quint8').
 */
import { I8ConvError, type ErrorCode } from '../errors.js';

export type RelayoutDtype = 'int8' | 'uint8' | 'int32' | 'float32' | 'qint8' | 'quint8' | 'qint32';
export type RelayoutArray = Int8Array | Uint8Array | Int32Array | Float32Array;

type ArrayCtor = new (n: number) => RelayoutArray;

/** Declared once: every dtype's array class and element size. */
export const DTYPES: Record<RelayoutDtype, { ctor: ArrayCtor; size: 1 | 4 }> = {
  int8: { ctor: Int8Array, size: 1 },
  qint8: { ctor: Int8Array, size: 1 },
  uint8: { ctor: Uint8Array, size: 1 },
  quint8: { ctor: Uint8Array, size: 1 },
  int32: { ctor: Int32Array, size: 4 },
  qint32: { ctor: Int32Array, size: 4 },
  float32: { ctor: Float32Array, size: 4 },
};

export function isDtype(v: unknown): v is RelayoutDtype {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(DTYPES, v);
}

/** The dtype a typed array stands for when opts.dtype is omitted, or undefined for an unsupported view. */
export function dtypeOfArray(a: unknown): RelayoutDtype | undefined {
  // Subclasses count (Node's Buffer is a Uint8Array); Uint8ClampedArray, Int16Array or a DataView do not.
  if (a instanceof Int8Array) return 'int8';
  if (a instanceof Uint8Array) return 'uint8';
  if (a instanceof Int32Array) return 'int32';
  if (a instanceof Float32Array) return 'float32';
  return undefined;
}

/** Checks that `a` is a typed array of the class `dtype` needs; names `param` in the error. */
export function checkArrayFor(
  dtype: RelayoutDtype,
  a: unknown,
  param: 'src' | 'dst',
  code: ErrorCode = 'BAD_BUFFER',
): RelayoutArray {
  const ctor = DTYPES[dtype].ctor;
  if (!(a instanceof ctor)) {
    const got = a === null ? 'null' : typeof a === 'object' ? (a as object).constructor?.name : typeof a;
    throw new I8ConvError(code, `${param}: dtype '${dtype}' needs a ${ctor.name}, got ${got}`, param);
  }
  return a as RelayoutArray;
}
