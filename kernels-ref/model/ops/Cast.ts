/**
 * Cast between float32, uint8, int8, int32, int64 and bool, as onnxruntime-web computes it (C++ static_cast
 * compiled to wasm's saturating float-to-int conversions; checked on onnxruntime-web 1.30):
 * - float32 -> int32 / int64: truncation toward zero, saturating at the type's limits, NaN -> 0.
 * - float32 -> int8: the saturating int32 conversion, then the low 8 bits (200.5 -> -56, 1e10 -> -1).
 * - float32 -> uint8: a saturating uint32 conversion (negative -> 0), then the low 8 bits (300 -> 44, 3e9 -> 0).
 * - integers -> a narrower integer: the low bits (wrapping); -> a wider one: the value.
 * - integers -> float32: rounded to nearest even once (int64 beyond 2^53 too).
 * - anything -> bool: x != 0 (NaN -> true); bool -> anything: 0 or 1.
 * The optional `saturate` attribute (float8 targets only) is accepted and has no effect here.
 */
import { attrInt, makeTensor, need, onlyAttrs, type ElementType, type OpFn } from '../tensor.js';

const TO: Record<number, ElementType> = { 1: 'float32', 2: 'uint8', 3: 'int8', 6: 'int32', 7: 'int64', 9: 'bool' };
const I64_MAX = (1n << 63n) - 1n;
const I64_MIN = -(1n << 63n);

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

const wrapTo = (t: ElementType, v: number): number => (t === 'uint8' ? v & 0xff : t === 'int8' ? (v << 24) >> 24 : v | 0);

export const Cast: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'Cast', 'to', ...(opset >= 19 ? ['saturate'] : []));
  const x = need(inputs, 0, 'input');
  const code = attrInt(attrs, 'to', 0);
  const to = TO[code];
  if (!to) throw new Error(`Cast: target ONNX type ${code} is not supported`);
  const from = x.type;
  if (!['float32', 'uint8', 'int8', 'int32', 'int64', 'bool'].includes(from)) throw new Error(`Cast: input type ${from} is not supported`);
  const y = makeTensor(to, x.dims);
  for (let i = 0; i < x.data.length; i++) {
    const v = x.data[i];
    let out: number | bigint;
    if (to === 'bool') out = from === 'int64' ? Number(v !== 0n) : Number(v !== 0);
    else if (from === 'float32') {
      const f = v as number;
      if (to === 'float32') out = f;
      else if (to === 'int64') out = satInt64(f);
      else if (to === 'uint8') out = satUint32(f) & 0xff;
      else out = wrapTo(to, satInt32(f));
    } else if (from === 'int64') {
      const b = v as bigint;
      if (to === 'float32') out = int64ToFloat32(b);
      else if (to === 'int64') out = b;
      else out = wrapTo(to, Number(BigInt.asIntN(32, b)));
    } else {
      const n = v as number; // uint8, int8, int32, bool: exact JS numbers
      if (to === 'float32') out = Math.fround(n);
      else if (to === 'int64') out = BigInt(n);
      else out = wrapTo(to, n);
    }
    y.data[i] = out;
  }
  return [y];
};
