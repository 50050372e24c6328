/**
 * Cast between float32, double, float16, uint8, int8, int32, int64 and bool, as onnxruntime-web computes it (C++
 * static_cast compiled to wasm's saturating float-to-int conversions; checked on onnxruntime-web 1.30):
 * - float32 / double / float16 -> int32 / int64: truncation toward zero, saturating at the type's limits, NaN -> 0.
 * - -> int8: the saturating int32 conversion, then the low 8 bits (200.5 -> -56, 1e10 -> -1).
 * - -> uint8: a saturating uint32 conversion (negative -> 0), then the low 8 bits (300 -> 44, 3e9 -> 0).
 * - integers -> a narrower integer: the low bits (wrapping); -> a wider one: the value.
 * - -> float32, double, float16: the value rounded to nearest even once (int64 beyond 2^53 to float32 too; float16
 *   overflows to infinity from 65520, underflows through its subnormals). float16 values are the IR's raw bits.
 * - anything -> bool: x != 0 (NaN -> true); bool -> anything: 0 or 1.
 * The optional `saturate` attribute (float8 targets only) is accepted and has no effect here.
 */
import { attrInt, makeTensor, need, onlyAttrs, type ElementType, type OpFn } from '../tensor.js';
// the ONNX data_type codes of the IR's element types (a data table shared with the reader, not product arithmetic)
import { ONNX_TYPES as TO } from '../../../src/model/graph/ir.js';
const I64_MAX = (1n << 63n) - 1n;
const I64_MIN = -(1n << 63n);
const FLOATS: ElementType[] = ['float32', 'double', 'float16'];

/** int64 -> float32 with one rounding (half to even). */
export function int64ToFloat32(v: bigint): number {
  const neg = v < 0n;
  let a = neg ? -v : v;
  if (a < 1n << 53n) return Math.fround(neg ? -Number(a) : Number(a));
  const len = a.toString(2).length;
  const shift = BigInt(len - 24);
  let q = a >> shift;
  const rem = a - (q << shift);
  const half = 1n << (shift - 1n);
  if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  a = q << shift;
  return neg ? -Number(a) : Number(a);
}

/** Round half to even of a non-negative finite number. */
function rne(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  return d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f;
}

/** The float16 bits of x, rounded to nearest even once. */
export function toHalfBits(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a >= 65520) return sign | 0x7c00;
  if (a < 2 ** -14) return sign | rne(a * 2 ** 24); // subnormal (1024 becomes the smallest normal's bits)
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  const m = rne((a / 2 ** e - 1) * 1024);
  return sign | (((e + 15) << 10) + m); // m = 1024 carries into the exponent
}

export function fromHalfBits(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f,
    m = h & 0x3ff;
  if (e === 0x1f) return m ? NaN : sign * Infinity;
  return sign * (e === 0 ? m * 2 ** -24 : (1 + m / 1024) * 2 ** (e - 15));
}

function satInt32(x: number): number {
  if (Number.isNaN(x)) return 0;
  if (x >= 2147483647) return 2147483647;
  if (x <= -2147483648) return -2147483648;
  return Math.trunc(x);
}
function satUint32(x: number): number {
  if (Number.isNaN(x) || x <= 0) return 0;
  if (x >= 4294967295) return 4294967295;
  return Math.trunc(x);
}
function satInt64(x: number): bigint {
  if (Number.isNaN(x)) return 0n;
  if (x >= 2 ** 63) return I64_MAX;
  if (x < -(2 ** 63)) return I64_MIN;
  return BigInt(Math.trunc(x));
}

const wrapTo = (t: ElementType, v: number): number =>
  t === 'uint8' ? v & 0xff : t === 'int8' ? (v << 24) >> 24 : v | 0;

export const Cast: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'Cast', 'to', ...(opset >= 19 ? ['saturate'] : []));
  const x = need(inputs, 0, 'input');
  const code = attrInt(attrs, 'to', 0);
  const to = TO[code];
  if (!to) throw new Error(`Cast: target ONNX type ${code} is not supported`);
  const from = x.type;
  const y = makeTensor(to, x.dims);
  for (let i = 0; i < x.data.length; i++) {
    const raw = x.data[i];
    if (from === 'int64') {
      const b = raw as bigint;
      if (to === 'bool') y.data[i] = Number(b !== 0n);
      else if (to === 'int64') y.data[i] = b;
      else if (to === 'float32') y.data[i] = int64ToFloat32(b);
      else if (to === 'double') y.data[i] = Number(b);
      else if (to === 'float16') y.data[i] = toHalfBits(Number(b));
      else y.data[i] = wrapTo(to, Number(BigInt.asIntN(32, b)));
      continue;
    }
    // Every other source is an exact JS number.
    const v = from === 'float16' ? fromHalfBits(raw as number) : (raw as number);
    if (to === 'bool') y.data[i] = Number(v !== 0);
    else if (to === 'float32') y.data[i] = Math.fround(v);
    else if (to === 'double') y.data[i] = v;
    else if (to === 'float16') y.data[i] = toHalfBits(v);
    else if (FLOATS.includes(from)) {
      if (to === 'int64') y.data[i] = satInt64(v);
      else if (to === 'uint8') y.data[i] = satUint32(v) & 0xff;
      else y.data[i] = wrapTo(to, satInt32(v));
    } else y.data[i] = to === 'int64' ? BigInt(v) : wrapTo(to, v);
  }
  return [y];
};
