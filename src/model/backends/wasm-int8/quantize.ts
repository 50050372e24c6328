/**
 * QuantizeLinear and DequantizeLinear, per tensor, as the model executor runs them (wasm: assembly/model/
 * elementwise.ts). Both are bit-exact to onnxruntime-web (spec §1, §2) and to kernels-ref/model/ops/:
 *   QuantizeLinear    float32 -> uint8 / int8:  y = clamp(RNE(f32(x / s)) + zp, lo, hi); NaN -> 0, +-Infinity
 *                     saturate. A true float32 division, round half to even, the zero point added after rounding.
 *   DequantizeLinear  uint8 / int8 -> float32:  y = f32(float(x - zp) * s).
 * Per-axis scales are not taken here (the executor runs those on the host).
 *
 * Also the same QuantizeLinear as a host function (quantizeValue), which the table builders of lut.ts use.
 */
import type { WasmRuntimeCore } from '../../../runtime.js';
import { DST, ELEM_CTX as F, ElemKernel, NONE, Q_RANGE, SRC, checkLength, checkQType, checkScale, checkZeroPoint, xorOf } from './elem-common.js';
import type { QType } from '../types.js';

export interface QuantizeParams {
  /** elements of the tensor (input and output alike) */
  length: number;
  /** the quantized type: the output of QuantizeLinear, the input of DequantizeLinear */
  type: QType;
  /** the scale, a finite positive float32 */
  scale: number;
  /** the zero point, in the type's range */
  zeroPoint: number;
}

function checkParams(p: QuantizeParams, op: string): { n: number; scale: number; zp: number } {
  const n = checkLength(p.length, `${op}.length`);
  checkQType(p.type, `${op}.type`);
  const scale = checkScale(p.scale, `${op}.scale`);
  const zp = checkZeroPoint(p.zeroPoint, p.type, `${op}.zeroPoint`);
  return { n, scale, zp };
}

/** QuantizeLinear: input 0 float32[length] -> output 0 type[length]. */
export class QuantizeKernel extends ElemKernel {
  readonly algorithm = 'quantize-simd';

  /** Throws INVALID_PARAM (type, zero point), INVALID_SCALE, BAD_SHAPE / TOO_LARGE (length), OUT_OF_MEMORY. */
  constructor(core: WasmRuntimeCore, p: QuantizeParams) {
    const { n, scale, zp } = checkParams(p, 'QuantizeLinear');
    super(core, 0);
    const [lo, hi] = Q_RANGE[p.type];
    this.setI32(F.EL_OUTXOR, xorOf(p.type));
    this.setF32(F.QZ_SCALE, scale);
    this.setF32(F.QZ_LO, lo - zp);
    this.setF32(F.QZ_HI, hi - zp);
    this.setI32(F.QZ_ZPU, zp + xorOf(p.type));
    this.plan('quantizeTask', n, [SRC, NONE, DST]);
  }
}

/** DequantizeLinear: input 0 type[length] -> output 0 float32[length]. */
export class DequantizeKernel extends ElemKernel {
  readonly algorithm = 'dequantize-simd';

  /** Throws INVALID_PARAM (type, zero point), INVALID_SCALE, BAD_SHAPE / TOO_LARGE (length), OUT_OF_MEMORY. */
  constructor(core: WasmRuntimeCore, p: QuantizeParams) {
    const { n, scale, zp } = checkParams(p, 'DequantizeLinear');
    super(core, 0);
    this.setI32(F.EL_INXOR, xorOf(p.type));
    this.setI32(F.DQ_ZPU, zp + xorOf(p.type));
    this.setF32(F.DQ_SCALE, scale);
    this.plan('dequantizeTask', n, [SRC, NONE, DST]);
  }
}

/** Round half to even of a float (NaN and infinities pass). */
export function roundHalfEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f; // exact: x has at most 53 significant bits and f is its integer part
  if (d !== 0.5) return d < 0.5 ? f : f + 1;
  return f % 2 === 0 ? f : f + 1;
}

/**
 * One value through QuantizeLinear (spec §1): RNE(f32(x / scale)), + zero point in float32, then std::max(v, lo) and
 * std::min(v, hi) (NaN stays), then the conversion to an integer, which sends NaN to 0.
 */
export function quantizeValue(x: number, scale: number, zeroPoint: number, type: QType): number {
  const [lo, hi] = Q_RANGE[type];
  let v = Math.fround(roundHalfEven(Math.fround(x / scale)) + zeroPoint);
  v = v < lo ? lo : v;
  v = hi < v ? hi : v;
  return Number.isNaN(v) ? 0 : v;
}
