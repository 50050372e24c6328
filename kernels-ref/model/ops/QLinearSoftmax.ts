/**
 * com.microsoft QLinearSoftmax (docs/int8-ops.md, QLinearSoftmax; the contrib kernel that onnxruntime's QDQ
 * transformer makes of DequantizeLinear -> Softmax -> QuantizeLinear), as onnxruntime-web 1.30 computes it (the tests
 * compare bit for bit).
 *
 * Inputs X (uint8 or int8), X_scale, X_zero_point (optional; never read: softmax does not change when every input
 * moves by the same amount), Y_scale, Y_zero_point (optional, 0); scales and zero points are one value each.
 * Attributes: `opset` (required: the version of the Softmax it stands for) and `axis` (default -1 at every opset:
 * the contrib schema's default; the QDQ fusion writes the Softmax's axis out). The output has X's type and dims.
 *
 * Rows: below opset 13, X coerced to [prod(dims[:axis]), D = prod(dims[axis:])]; from 13, the D = dims[axis] values
 * along `axis` (onnxruntime transposes that axis last and back; the values and their order within a row are the same).
 *
 * The table (float32, 256 entries, built in double), with D the row length:
 *   L = (double) logf(f(FLT_MAX / f(D)))     (C++ picks the float overload of `log` for a float argument)
 *   shift = max(0, L - 5) / x_scale          (double)
 *   E(i) = f( exp((i - 255 + shift) * x_scale) ),  i = 0..255, double exp
 * so E(255) = exp(max(0, L - 5)) and no row sum overflows. x_scale of any sign and size goes through the same
 * formula (0 gives NaN entries).
 *
 * One row, k = max(row) - x in 0..255 for each element (uint8 and int8 alike: onnxruntime's int8 index
 * (uint8)(127 - max + x) into a table stored at (uint8)(i - 128) reads the same entry E(255 - k)):
 *   sum = the f32 sum of E(255 - k) in row order, from 0
 *   Ys  = floor(f(1 / y_scale))             (float32: the kernel assumes y_scale ~ 1/256; others are truncated)
 *   q   = nearbyintf( f( f(E(255 - k) * Ys) / sum ) )   (round half to even)
 *   uint8: v = uint32(q) + y_zp (uint32 arithmetic), y = min(v, 255)
 *   int8:  v = int32(q) + y_zp (int32 arithmetic),  y = clamp(v, -128, 127)
 * The float -> integer conversions saturate as wasm's trunc_sat does (NaN -> 0, out of range -> the nearest
 * bound) and the additions wrap: the tests find onnxruntime-web with these results for y_scale 0, 1e-30, < 0 and
 * x_scale 0, < 0, 1e30, 1e-30.
 *
 * The exp and log here are JS's Math.exp / Math.log (logf as f(Math.log)); onnxruntime-web's are emscripten's libm.
 * test/model-qlinear-softmax.test.ts measures where that could change a float32 table entry.
 */
import { scaleIn, zpIn } from '../qlinear.js';
import {
  attrInt,
  expectType,
  f32,
  makeTensor,
  need,
  normAxis,
  numel,
  onlyAttrs,
  roundHalfEven,
  type OpFn,
} from '../tensor.js';

const FLT_MAX = 3.4028234663852886e38;

/** E(i), i = 0..255 (see the header): the entry for an element k below its row's maximum is E(255 - k). */
export function qlinearSoftmaxTable(xScale: number, reduceLen: number): Float32Array {
  const l = f32(Math.log(f32(FLT_MAX / f32(reduceLen))));
  const shift = Math.max(0, l - 5) / xScale;
  const table = new Float32Array(256);
  for (let i = 0; i < 256; i++) table[i] = Math.exp((i - 255 + shift) * xScale);
  return table;
}

/** wasm's i32.trunc_sat_f32_s / _u. */
const toI32 = (v: number): number => (Number.isNaN(v) ? 0 : Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, Math.trunc(v))));
const toU32 = (v: number): number => (Number.isNaN(v) ? 0 : Math.max(0, Math.min(2 ** 32 - 1, Math.trunc(v))));

export const QLinearSoftmax: OpFn = (inputs, attrs) => {
  const op = 'QLinearSoftmax';
  onlyAttrs(attrs, op, 'axis', 'opset');
  const x = need(inputs, 0, 'X');
  expectType(x, `${op} X`, 'uint8', 'int8');
  const opsetAttr = attrs.get('opset');
  if (!opsetAttr || opsetAttr.kind !== 'int') throw new Error(`${op}: attribute opset (an int) is required`);
  const opset = opsetAttr.value;
  const xS = scaleIn(inputs, 1, 'X_scale', op);
  zpIn(inputs, 2, x.type, 'X_zero_point', op); // type-checked only
  const yS = scaleIn(inputs, 3, 'Y_scale', op);
  const yZ = zpIn(inputs, 4, x.type, 'Y_zero_point', op);
  const rank = x.dims.length;
  if (rank === 0) throw new Error(`${op}: X must have rank 1 or more`);
  const axis = normAxis(attrInt(attrs, 'axis', -1), rank, `${op}: axis`);
  const y = makeTensor(x.type, x.dims);
  const total = numel(x.dims);
  if (total === 0) return [y];
  const len = opset < 13 ? numel(x.dims.slice(axis)) : x.dims[axis];
  const inner = opset < 13 ? 1 : numel(x.dims.slice(axis + 1));
  const outer = total / (len * inner);
  const table = qlinearSoftmaxTable(xS, len);
  const ys = Math.floor(f32(1 / yS));
  const xd = x.data as ArrayLike<number>;
  for (let o = 0; o < outer; o++)
    for (let j = 0; j < inner; j++) {
      const at = (k: number) => (o * len + k) * inner + j;
      let max = -Infinity;
      for (let k = 0; k < len; k++) max = Math.max(max, xd[at(k)]);
      const entry = (k: number) => table[255 - (max - xd[at(k)])];
      let sum = 0;
      for (let k = 0; k < len; k++) sum = f32(sum + entry(k));
      for (let k = 0; k < len; k++) {
        const q = roundHalfEven(f32(f32(entry(k) * ys) / sum));
        if (x.type === 'uint8') {
          const v = (toU32(q) + yZ) >>> 0;
          y.data[at(k)] = v > 255 ? 255 : v;
        } else {
          const v = (toI32(q) + yZ) | 0;
          y.data[at(k)] = v > 127 ? 127 : v < -128 ? -128 : v;
        }
      }
    }
  return [y];
};
