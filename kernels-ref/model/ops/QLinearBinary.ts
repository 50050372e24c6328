/**
 * com.microsoft QLinearAdd / QLinearMul (MLAS's pure C++ branch, which wasm runs; docs/int8-ops.md, QLinearAdd and
 * QLinearMul): numpy broadcasting of A and B (same 8-bit type, the output's); per-tensor scales, optional zero points
 * (0 when absent). Per element: A' = f(a_scale * (a - a_zp)), B' likewise; c = f(f(A' op B') / c_scale); c clamped in
 * float (C++ max then min) to [lo - c_zp, hi - c_zp]; y = RNE(f(c + c_zp)).
 */
import { scaleIn, zpIn } from '../qlinear.js';
import {
  broadcastDims,
  broadcastIndex,
  cmax,
  cmin,
  expectType,
  f32,
  makeTensor,
  need,
  numel,
  onlyAttrs,
  qRange,
  roundHalfEven,
  toInt,
  unravel,
  type OpFn,
  type Tensor,
} from '../tensor.js';

function qlinearBinary(op: string, combine: (a: number, b: number) => number): OpFn {
  return (inputs, attrs) => {
    onlyAttrs(attrs, op);
    const a = need(inputs, 0, 'A');
    const b = need(inputs, 3, 'B');
    expectType(a, `${op} A`, 'uint8', 'int8');
    if (b.type !== a.type) throw new Error(`${op}: B is ${b.type}, A is ${a.type}`);
    const aS = scaleIn(inputs, 1, 'A_scale', op);
    const aZ = zpIn(inputs, 2, a.type, 'A_zero_point', op);
    const bS = scaleIn(inputs, 4, 'B_scale', op);
    const bZ = zpIn(inputs, 5, a.type, 'B_zero_point', op);
    const cS = scaleIn(inputs, 6, 'C_scale', op);
    const cZ = zpIn(inputs, 7, a.type, 'C_zero_point', op);
    const [lo, hi] = qRange(a.type);
    const dims = broadcastDims(a.dims, b.dims);
    const y = makeTensor(a.type, dims);
    const av = a.data as ArrayLike<number>;
    const bv = b.data as ArrayLike<number>;
    for (let i = 0; i < numel(dims); i++) {
      const idx = unravel(i, dims);
      const x = f32(aS * (av[broadcastIndex(idx, dims, a.dims)] - aZ));
      const z = f32(bS * (bv[broadcastIndex(idx, dims, b.dims)] - bZ));
      let c = f32(f32(combine(x, z)) / cS);
      c = cmin(cmax(c, lo - cZ), hi - cZ);
      y.data[i] = toInt(roundHalfEven(f32(c + cZ)));
    }
    return [y];
  };
}

export const QLinearAdd = qlinearBinary('QLinearAdd', (a, b) => a + b);
export const QLinearMul = qlinearBinary('QLinearMul', (a, b) => a * b);

/**
 * i8conv QLinearAdd / QLinearMul: int8 operands and output, computed as onnxruntime computes the uint8 twin it runs
 * where its QDQS8ToU8 rewrite made every operand and the output uint8 (docs/int8-ops.md, int8 activations): each
 * operand and zero point + 128, the uint8 operator, the result - 128. The operands' values are the int8 node's; the
 * output differs where f(c + c_zp + 128) rounds to f32 otherwise than f(c + c_zp) does.
 */
function uint8Twin(op: string, base: OpFn): OpFn {
  return (inputs, attrs, opset, outputCount) => {
    const name = `i8conv ${op}`;
    const shifted = (t: Tensor | undefined, what: string): Tensor => {
      // an omitted zero point is 0: 128 in the twin
      if (!t) return makeTensor('uint8', [], Uint8Array.of(128));
      expectType(t, `${name} ${what}`, 'int8');
      return makeTensor(
        'uint8',
        t.dims,
        Uint8Array.from(t.data as Int8Array, (v) => v + 128),
      );
    };
    const twin = [
      shifted(need(inputs, 0, 'A'), 'A'),
      inputs[1],
      shifted(inputs[2], 'A_zero_point'),
      shifted(need(inputs, 3, 'B'), 'B'),
      inputs[4],
      shifted(inputs[5], 'B_zero_point'),
      inputs[6],
      shifted(inputs[7], 'C_zero_point'),
    ];
    const [y] = base(twin, attrs, opset, outputCount);
    return [
      makeTensor(
        'int8',
        y.dims,
        Int8Array.from(y.data as Uint8Array, (v) => v - 128),
      ),
    ];
  };
}

export const Uint8TwinQLinearAdd = uint8Twin('QLinearAdd', QLinearAdd);
export const Uint8TwinQLinearMul = uint8Twin('QLinearMul', QLinearMul);
