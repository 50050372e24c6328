/**
 * QuantizeLinear and DequantizeLinear, per tensor, as the model executor runs them (wasm: assembly/model/
 * elementwise.ts). Both are bit-exact to onnxruntime-web (docs/int8-ops.md, QuantizeLinear and
 * DequantizeLinear) and to kernels-ref/model/ops/:
 *   QuantizeLinear    float32 -> uint8 / int8:  y = clamp(RNE(f32(x / s)) + zp, lo, hi); NaN -> 0, +-Infinity
 *                     saturate. A true float32 division, round half to even, the zero point added after rounding.
 *   DequantizeLinear  uint8 / int8 -> float32:  y = f32(float(x - zp) * s).
 * Per-axis scales are not taken here (the executor runs those on the host).
 *
 * Also the same QuantizeLinear as a host function (quantizeValue), which the table builders of lut.ts use.
 */
import type { WasmRuntimeCore } from '../../../runtime.js';
import {
  DST,
  ELEM_CTX as F,
  ElemKernel,
  NONE,
  Q_RANGE,
  SRC,
  checkLength,
  checkQType,
  checkScale,
  checkZeroPoint,
  xorOf,
} from './elem-common.js';
import type { QType } from '../types.js';
import type { Lower } from '../../executor/step.js';
import { c4, follow, is8, kernelLowering, scalarConst } from './lower-common.js';

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

// ---- lowering (the operator table's int8 implementations of QuantizeLinear and DequantizeLinear) ----------------

/** QuantizeLinear with a per-tensor scale and zero point and an 8-bit output. */
export const lowerQuantizeLinear: Lower = (node, { name, values }) => {
  const out = values.get(node.outputs[0]);
  const s = scalarConst(node, values, 1, 'y_scale'),
    z = scalarConst(node, values, 2, 'y_zero_point', 0);
  if (Number.isNaN(s) || Number.isNaN(z) || !out || !is8(out.type)) return undefined;
  // per-tensor parameters: an element's result depends on the element alone, so either layout runs it
  return kernelLowering(
    node,
    name,
    [node.inputs[0]],
    // per tensor, element by element: the same in either layout
    follow(c4(out)),
    (env) =>
      new QuantizeKernel(env.core, {
        length: out.dims.reduce((a, b) => a * b, 1),
        type: out.type as QType,
        scale: s,
        zeroPoint: z,
      }),
  );
};

/** DequantizeLinear of a computed 8-bit tensor with a per-tensor scale and zero point. */
export const lowerDequantizeLinear: Lower = (node, { name, values }) => {
  const x = values.get(node.inputs[0])!;
  const s = scalarConst(node, values, 1, 'x_scale'),
    z = scalarConst(node, values, 2, 'x_zero_point', 0);
  if (Number.isNaN(s) || Number.isNaN(z) || !is8(x.type) || x.constant) return undefined;
  return kernelLowering(
    node,
    name,
    [node.inputs[0]],
    follow(c4(x)),
    (env) =>
      new DequantizeKernel(env.core, {
        length: x.dims.reduce((a, b) => a * b, 1),
        type: x.type as QType,
        scale: s,
        zeroPoint: z,
      }),
  );
};
