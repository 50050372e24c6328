/**
 * NumPy .npy files (format versions 1.0, 2.0 and 3.0), the arrays `i8conv run` reads with `--input name=file.npy`
 * and writes with `--io-dump`: a C-order array of float32 ('<f4'), float64 ('<f8'), uint8 ('|u1'), int8 ('|i1'), int32
 * ('<i4') or int64 ('<i8'). Anything else (Fortran order, big-endian, other types, a truncated file) is BAD_FEED naming what.
 */
import { I8ConvError } from './errors.js';

export type NpyArray = Float32Array | Uint8Array | Int8Array | Int32Array | BigInt64Array | Float64Array;

const DESCR: Record<string, { ctor: new (b: ArrayBuffer) => NpyArray; size: number }> = {
  '<f4': { ctor: Float32Array, size: 4 },
  '|u1': { ctor: Uint8Array, size: 1 },
  '|i1': { ctor: Int8Array, size: 1 },
  '<i4': { ctor: Int32Array, size: 4 },
  '<i8': { ctor: BigInt64Array, size: 8 },
  '<f8': { ctor: Float64Array, size: 8 },
};

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // \x93NUMPY

function bad(what: string, why: string): never {
  throw new I8ConvError('BAD_FEED', `${what}: not a .npy array i8conv reads: ${why}`, 'npy');
}

/** Parses a .npy file (`what` names it in errors). */
export function readNpy(bytes: Uint8Array, what = 'npy'): { data: NpyArray; shape: number[] } {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) bad(what, 'no \\x93NUMPY signature');
  const major = bytes[6];
  if (major < 1 || major > 3) bad(what, `format version ${major}.${bytes[7]}`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hlen =
    major === 1 ? dv.getUint16(8, true) : bytes.length >= 12 ? dv.getUint32(8, true) : bad(what, 'truncated header');
  const start = major === 1 ? 10 : 12;
  if (start + hlen > bytes.length) bad(what, 'the header runs past the end');
  const header = new TextDecoder().decode(bytes.subarray(start, start + hlen));
  const descr = /'descr'\s*:\s*'([^']*)'/.exec(header)?.[1];
  const fortran = /'fortran_order'\s*:\s*(True|False)/.exec(header)?.[1];
  const shapeText = /'shape'\s*:\s*\(([^)]*)\)/.exec(header)?.[1];
  if (descr === undefined || fortran === undefined || shapeText === undefined)
    bad(what, `header ${JSON.stringify(header.trim())}`);
  if (fortran === 'True') bad(what, 'Fortran order (write it with np.ascontiguousarray)');
  const kind = DESCR[descr];
  if (!kind)
    bad(
      what,
      `dtype '${descr}' (float32 '<f4', float64 '<f8', uint8 '|u1', int8 '|i1', int32 '<i4', int64 '<i8' are read)`,
    );
  const shape = shapeText
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
  if (shape.some((d) => !Number.isInteger(d) || d < 0)) bad(what, `shape (${shapeText})`);
  const n = shape.reduce((a, b) => a * b, 1);
  const off = start + hlen;
  if (bytes.length - off < n * kind.size)
    bad(what, `${n} elements need ${n * kind.size} bytes of data, the file has ${bytes.length - off}`);
  const buf = bytes.slice(off, off + n * kind.size).buffer;
  return { data: new kind.ctor(buf), shape };
}

/** A .npy file (version 1.0) of `data` with `shape`. */
export function writeNpy(data: NpyArray, shape: readonly number[]): Uint8Array {
  const descr =
    data instanceof Float32Array
      ? '<f4'
      : data instanceof Uint8Array
        ? '|u1'
        : data instanceof Int8Array
          ? '|i1'
          : data instanceof Int32Array
            ? '<i4'
            : data instanceof Float64Array
              ? '<f8'
              : '<i8';
  const dims = shape.length === 1 ? `${shape[0]},` : shape.join(', ');
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${dims}), }`;
  // the data starts on a multiple of 64 bytes; the header ends with a newline
  const pad = 64 - ((10 + header.length + 1) % 64);
  header += ' '.repeat(pad % 64) + '\n';
  const h = new TextEncoder().encode(header);
  const out = new Uint8Array(10 + h.length + data.byteLength);
  out.set(MAGIC, 0);
  out[6] = 1;
  out[7] = 0;
  new DataView(out.buffer).setUint16(8, h.length, true);
  out.set(h, 10);
  out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), 10 + h.length);
  return out;
}
