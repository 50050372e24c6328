/**
 * Host fallbacks of the quantized element-wise operators for the cases their wasm kernels do not take:
 * QuantizeLinear / DequantizeLinear per axis (and DequantizeLinear of int32), and QLinearAdd / QLinearMul with a
 * general numpy broadcast. Same formulas as the kernels (onnxruntime-web's; docs/int8-ops.md), on plain loops.
 */
import { dynamicQuantFromRange, quantizeValue, roundHalfEven } from '../../numerics/quantize.js';
import type { Node } from '../../graph/ir.js';
import type { HostOpFactory, HostOpNode, HostTensor, HostValueInfo } from '../types.js';
import { unsupported } from '../../executor/step.js';
import { attrInt, numbersOf } from '../../graph/attrs.js';
import * as hc from './common.js';

const f32 = Math.fround;
const rne = roundHalfEven;
const range = (t: string): [number, number] => (t === 'uint8' ? [0, 255] : [-128, 127]);
/** C++ std::max(v, lo) then std::min(., hi), then the float -> int conversion (NaN -> 0). */
const satInt = (v: number, lo: number, hi: number): number => {
  const a = v < lo ? lo : v;
  const b = hi < a ? hi : a;
  return Number.isNaN(b) ? 0 : Math.trunc(b);
};
const asNode = (n: Parameters<HostOpFactory>[0]): Node => ({
  ...n,
  inputs: [],
  outputs: [],
  attributes: new Map(n.attributes),
});

/** per-tensor or per-axis parameter index of element i */
function paramIndex(node: Node, x: readonly number[], scale: HostTensor, opset: number): (i: number) => number {
  const n = scale.data.length;
  if (n === 1) return () => 0;
  if (opset < 13 || scale.dims.length !== 1) unsupported(node, 'a per-axis scale needs opset 13 and a 1-D scale');
  if (attrInt(node, 'block_size', 0) !== 0) unsupported(node, 'blocked quantization (block_size)');
  const rank = x.length;
  const a = attrInt(node, 'axis', 1);
  if (a < -rank || a >= rank) unsupported(node, `axis ${a}`);
  const axis = (a + rank) % rank;
  if (x[axis] !== n) unsupported(node, `per-axis scale of ${n} values for dim ${x[axis]}`);
  const inner = x.slice(axis + 1).reduce((p, q) => p * q, 1);
  return (i) => Math.floor(i / inner) % n;
}

const constant = (node: Node, t: { constant?: HostTensor } | undefined, what: string): HostTensor => {
  if (!t?.constant) unsupported(node, `${what} must be a constant`);
  return t.constant;
};

export const quantizeHost: HostOpFactory = (n, ins, outs, opset) => {
  const node = asNode(n);
  const s = constant(node, ins[1], 'y_scale');
  const zp = ins[2] ? constant(node, ins[2], 'y_zero_point') : undefined;
  const at = paramIndex(node, ins[0]!.dims, s, opset);
  const scales = numbersOf(s as never).map(f32),
    zps = zp ? numbersOf(zp as never) : scales.map(() => 0);
  const [lo, hi] = range(outs[0].type);
  return (inputs, outputs) => {
    const x = inputs[0]!.data as Float32Array,
      y = outputs[0].data as Uint8Array | Int8Array;
    for (let i = 0; i < x.length; i++) {
      const k = at(i);
      y[i] = satInt(f32(rne(f32(x[i] / scales[k])) + zps[k]), lo, hi);
    }
  };
};

/**
 * DynamicQuantizeLinear (opset 11, uint8), as onnxruntime computes it: the range of x widened to hold 0, scale =
 * f32(f32(max - min) / 255) (1 where max == min), zero point = RNE(clamp(f32(0 - f32(min / scale)), 0, 255)), then
 * x quantized as QuantizeLinear with them (docs/int8-ops.md, DynamicQuantizeLinear); NaN as dynamicQuantParams says.
 */
export const dynamicQuantizeHost: HostOpFactory = (n, ins, outs) => {
  const node = asNode(n);
  if (ins[0]?.type !== 'float32') unsupported(node, `input type ${ins[0]?.type} (float32 only)`);
  if (outs[0].type !== 'uint8') unsupported(node, `output type ${outs[0].type} (uint8 only)`);
  return (inputs, outputs) => {
    const x = inputs[0]!.data as Float32Array;
    const p = dynamicQuantParams(x);
    const y = outputs[0].data as Uint8Array;
    for (let i = 0; i < x.length; i++) y[i] = quantizeValue(x[i], p.scale, p.zeroPoint, 'uint8');
    (outputs[1].data as Float32Array)[0] = p.scale;
    (outputs[2].data as Uint8Array)[0] = p.zeroPoint;
  };
};

/**
 * The scale and zero point DynamicQuantizeLinear gives a tensor (see dynamicQuantizeHost). The range is onnxruntime's
 * (MLAS's min / max reduction): the first length - length % 4 elements (all of them below 4) go through vector min /
 * max that let a NaN through, the last few through scalar ones that skip it, so a NaN among the first makes the
 * range, the scale and every output NaN-derived (scale NaN, zero point 255, y 0) and one among the last is ignored.
 */
export function dynamicQuantParams(x: ArrayLike<number>): { scale: number; zeroPoint: number } {
  let mn = 3.4028234663852886e38,
    mx = -3.4028234663852886e38;
  const vec = x.length >= 4 ? x.length - (x.length % 4) : 0;
  let nan = false;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (v !== v) nan ||= i < vec;
    if (v < mn) mn = v;
    if (v > mx) mx = v;
  }
  return dynamicQuantFromRange(mn, mx, nan);
}

export const dequantizeHost: HostOpFactory = (n, ins, _outs, opset) => {
  const node = asNode(n);
  const s = constant(node, ins[1], 'x_scale');
  const zp = ins[2] ? constant(node, ins[2], 'x_zero_point') : undefined;
  const at = paramIndex(node, ins[0]!.dims, s, opset);
  const scales = numbersOf(s as never).map(f32),
    zps = zp ? numbersOf(zp as never) : scales.map(() => 0);
  return (inputs, outputs) => {
    const x = inputs[0]!.data as Uint8Array | Int8Array | Int32Array,
      y = outputs[0].data as Float32Array;
    for (let i = 0; i < x.length; i++) {
      const k = at(i);
      y[i] = f32(f32(x[i] - zps[k]) * scales[k]);
    }
  };
};

/**
 * com.microsoft QLinearAdd / QLinearMul with numpy broadcasting (docs/int8-ops.md, QLinearAdd and QLinearMul);
 * `twin`: i8conv's int8 node rounded as onnxruntime's uint8 twin, y = RNE(f32(c + (c_zp + 128))) - 128.
 */
export function qlinearBinaryHost(mul: boolean, twin = false): HostOpFactory {
  return (n, ins, outs) => {
    const node = asNode(n);
    if (twin && outs[0].type !== 'int8') unsupported(node, 'the uint8 twin rounding is for int8 data');
    const shift = twin ? 128 : 0;
    const sc = (k: number) => {
      const t = constant(node, ins[k], `input ${k}`);
      if (t.data.length !== 1) unsupported(node, `input ${k} must be a scalar`);
      return numbersOf(t as never)[0];
    };
    const as = f32(sc(1)),
      az = ins[2] ? sc(2) : 0,
      bs = f32(sc(4)),
      bz = ins[5] ? sc(5) : 0,
      cs = f32(sc(6)),
      cz = ins[7] ? sc(7) : 0;
    const [lo, hi] = range(outs[0].type);
    const od = outs[0].dims,
      rank = od.length;
    const strides = (d: readonly number[]) => {
      const pad = [...new Array(rank - d.length).fill(1), ...d];
      const st = new Array(rank).fill(0);
      let acc = 1;
      for (let i = rank - 1; i >= 0; i--) {
        st[i] = pad[i] === 1 ? 0 : acc;
        acc *= pad[i];
      }
      return st;
    };
    const sa = strides(ins[0]!.dims),
      sb = strides(ins[3]!.dims);
    const total = od.reduce((a, b) => a * b, 1);
    return (inputs, outputs) => {
      const a = inputs[0]!.data as Uint8Array,
        b = inputs[3]!.data as Uint8Array,
        y = outputs[0].data as Uint8Array;
      const idx = new Array(rank).fill(0);
      let ia = 0,
        ib = 0;
      for (let i = 0; i < total; i++) {
        const fa = f32(as * (a[ia] - az)),
          fb = f32(bs * (b[ib] - bz));
        let c = f32(f32(mul ? fa * fb : fa + fb) / cs);
        c = c < lo - cz ? lo - cz : c;
        c = hi - cz < c ? hi - cz : c;
        const r = rne(f32(c + (cz + shift)));
        y[i] = Number.isNaN(r) ? -shift : r - shift;
        for (let d = rank - 1; d >= 0; d--) {
          ia += sa[d];
          ib += sb[d];
          if (++idx[d] < od[d]) break;
          ia -= sa[d] * od[d];
          ib -= sb[d] * od[d];
          idx[d] = 0;
        }
      }
    };
  };
}

/**
 * QLinearMatMul with a non-constant B (attention): exact int32 accumulation of (a - a_zp)(b - b_zp[n]) over K, with
 * numpy batch broadcasting, then onnxruntime's requantization (docs/int8-ops.md, QLinearConv, QLinearMatMul and
 * QGemm: scale[n] = f(f(a_s * b_s[n]) / y_s), clamp in float, RNE, + y_zp).
 */
/** What QLinearMatMul computes, from its load-time facts (a computed or constant B). */
export interface QMatMulPlan {
  M: number;
  K: number;
  N: number;
  /** batch count, and each batch's offset into A and B (broadcast over the batch dims) */
  nb: number;
  aOff: number[];
  bOff: number[];
  az: number;
  /** per column j: B's zero point, and f(f(a_scale * b_scale[j]) / y_scale) */
  bzp: number[];
  scale: number[];
  /** the output's zero point and range */
  z: number;
  lo: number;
  hi: number;
}

/** QLinearMatMul's checks (UNSUPPORTED_OP) and plan. */
export function qlinearMatMulPlan(
  n: HostOpNode,
  ins: readonly (HostValueInfo | undefined)[],
  outs: readonly HostValueInfo[],
): QMatMulPlan {
  const node = asNode(n);
  const cs = (k: number, dflt?: number): number[] => {
    const t = ins[k];
    if (!t) {
      if (dflt === undefined) unsupported(node, `input ${k} is required`);
      return [dflt];
    }
    return numbersOf(constant(node, t, `input ${k}`) as never);
  };
  const as = cs(1),
    az = cs(2, 0),
    bs = cs(4),
    bz = cs(5, 0),
    ys = cs(6),
    yz = cs(7, 0);
  if (as.length !== 1 || az.length !== 1 || ys.length !== 1 || yz.length !== 1)
    unsupported(node, 'a and y take per-tensor scales and zero points');
  const ad = ins[0]!.dims,
    bd = ins[3]!.dims,
    od = outs[0].dims;
  if (ad.length < 2 || bd.length < 2) unsupported(node, 'inputs of rank >= 2 only');
  const M = ad[ad.length - 2],
    K = ad[ad.length - 1],
    N = bd[bd.length - 1];
  if (bs.length !== 1 && bs.length !== N) unsupported(node, `b_scale of ${bs.length} values for N = ${N}`);
  const scale = Array.from({ length: N }, (_, j) =>
    f32(f32(f32(as[0]) * f32(bs.length === 1 ? bs[0] : bs[j])) / f32(ys[0])),
  );
  const bzp = Array.from({ length: N }, (_, j) => (bz.length === 1 ? bz[0] : bz[j]));
  const batch = od.slice(0, -2);
  const nb = batch.reduce((p, q) => p * q, 1);
  // batch offsets of a and b (broadcast over the batch dims)
  const bOffsets = (d: readonly number[], stride: number): number[] => {
    const bdims = d.slice(0, -2);
    const pad = [...new Array(batch.length - bdims.length).fill(1), ...bdims];
    const offs: number[] = [];
    for (let i = 0; i < nb; i++) {
      let rem = i,
        off = 0,
        mul = 1;
      for (let k = batch.length - 1; k >= 0; k--) {
        const idx = rem % batch[k];
        rem = Math.floor(rem / batch[k]);
        if (pad[k] !== 1) off += idx * mul;
        mul *= pad[k];
      }
      offs.push(off * stride);
    }
    return offs;
  };
  const aOff = bOffsets(ad, M * K),
    bOff = bOffsets(bd, K * N);
  const [lo, hi] = range(outs[0].type);
  return { M, K, N, nb, aOff, bOff, az: az[0], bzp, scale, z: yz[0], lo, hi };
}

export const qlinearMatMulHost: HostOpFactory = (n, ins, outs) => {
  const { M, K, N, nb, aOff, bOff, az, bzp, scale, z, lo, hi } = qlinearMatMulPlan(n, ins, outs);
  return (inputs, outputs) => {
    const a = inputs[0]!.data as Uint8Array,
      b = inputs[3]!.data as Uint8Array,
      y = outputs[0].data as Uint8Array;
    const col = new Int32Array(K);
    for (let t = 0; t < nb; t++) {
      for (let j = 0; j < N; j++) {
        for (let k = 0; k < K; k++) col[k] = b[bOff[t] + k * N + j] - bzp[j];
        for (let i = 0; i < M; i++) {
          let acc = 0;
          const ar = aOff[t] + i * K;
          for (let k = 0; k < K; k++) acc += (a[ar + k] - az) * col[k];
          let f = f32(f32(acc | 0) * scale[j]);
          f = f < lo - z ? lo - z : f;
          f = hi - z < f ? hi - z : f;
          y[(t * M + i) * N + j] = rne(f) + z;
        }
      }
    }
  };
};

/**
 * com.microsoft QLinearSoftmax (docs/int8-ops.md, QLinearSoftmax; kernels-ref/model/ops/QLinearSoftmax.ts gives the
 * exact semantics, which are onnxruntime-web 1.30's): X uint8 / int8 with constant per-tensor X_scale, Y_scale,
 * Y_zero_point (X_zero_point is not read); attributes `opset` (required) and `axis` (default -1). Rows: below opset
 * 13 X coerced to 2-D at axis, from 13 the values along axis (strided when axis is not the last). At load: the
 * float32 table E(i) = f(exp((i - 255 + shift) * x_scale)) with shift = max(0, (double) logf(f(FLT_MAX / f(D))) - 5)
 * / x_scale, and from it P(i) = f(E(i) * Ys), Ys = floor(f(1 / y_scale)). Per row: m = max; sum = the f32 sum in row
 * order of E(255 - m + x); y = nearbyintf(f(P(255 - m + x) / sum)) converted as wasm's trunc_sat (NaN 0), + y_zp
 * (uint32 / int32 arithmetic), then min(., 255) for uint8, clamp(., -128, 127) for int8. No allocation per run.
 */
/** What QLinearSoftmax computes, from its load-time facts: rows of `len` values `inner` apart, and the two tables. */
export interface QSoftmaxPlan {
  outer: number;
  len: number;
  inner: number;
  signed: boolean;
  yZp: number;
  /** e[i] = f32(exp((i - 255 + shift) * x_scale)); p[i] = f32(e[i] * floor(1 / y_scale)) */
  e: Float32Array;
  p: Float32Array;
}

/** QLinearSoftmax's checks (UNSUPPORTED_OP / BAD_MODEL) and plan; null for an empty tensor. */
export function qlinearSoftmaxPlan(
  node: HostOpNode,
  ins: readonly (HostValueInfo | undefined)[],
  outs: readonly HostValueInfo[],
): QSoftmaxPlan | null {
  const op = 'QLinearSoftmax';
  hc.onlyAttrs(node, 'axis', 'opset');
  const x = hc.need(node, ins, 0, 'X');
  hc.expectType(node, x, 'X', 'uint8', 'int8');
  hc.expectDims(node, outs[0], x.dims);
  hc.expectOutType(node, outs[0], x.type);
  if (!node.attributes.has('opset'))
    hc.fail('BAD_MODEL', node, `${op} needs its opset attribute (the version of the Softmax it stands for)`);
  const opset = hc.attrInt(node, 'opset', 13);
  const scalar = (k: number, what: string, type: string): number => {
    const t = hc.need(node, ins, k, what).constant;
    if (!t) hc.unsupported(node, `${what} must be a constant`);
    if (t.type !== type) hc.unsupported(node, `${what} is ${t.type}, must be ${type}`);
    if (t.data.length !== 1) hc.unsupported(node, `${what} must hold one value, holds ${t.data.length}`);
    return Number(t.data[0]);
  };
  const xScale = scalar(1, 'X_scale', 'float32');
  if (ins[2]) hc.expectType(node, ins[2], 'X_zero_point', x.type);
  const yScale = scalar(3, 'Y_scale', 'float32');
  const yZp = ins[4] ? scalar(4, 'Y_zero_point', x.type) : 0;
  const rank = x.dims.length;
  if (rank === 0) hc.unsupported(node, 'X must have rank 1 or more');
  const axis = hc.normAxis(node, hc.attrInt(node, 'axis', -1), rank);
  const total = hc.numel(x.dims);
  const len = opset < 13 ? hc.numel(x.dims.slice(axis)) : x.dims[axis];
  const inner = opset < 13 ? 1 : hc.numel(x.dims.slice(axis + 1));
  const outer = total === 0 ? 0 : total / (len * inner);
  if (total === 0) return null;
  // the tables, once
  const e = new Float32Array(256),
    p = new Float32Array(256);
  const shift = Math.max(0, f32(Math.log(f32(3.4028234663852886e38 / f32(len)))) - 5) / xScale;
  const ys = Math.floor(f32(1 / yScale));
  for (let i = 0; i < 256; i++) {
    e[i] = Math.exp((i - 255 + shift) * xScale);
    p[i] = e[i] * ys;
  }
  return { outer, len, inner, signed: x.type === 'int8', yZp, e, p };
}

export const qlinearSoftmaxHost: HostOpFactory = (node, ins, outs) => {
  const plan = qlinearSoftmaxPlan(node, ins, outs);
  if (!plan) return () => {};
  const { outer, len, inner, signed, yZp, e, p } = plan;
  const stride = inner;
  return (inputs, outputs) => {
    const X = inputs[0]!.data as Uint8Array | Int8Array,
      Y = outputs[0].data as Uint8Array | Int8Array;
    for (let o = 0; o < outer; o++)
      for (let j = 0; j < inner; j++) {
        const start = o * len * inner + j,
          end = start + len * stride;
        let m = -128;
        for (let i = start; i < end; i += stride) if (X[i] > m) m = X[i];
        const base = 255 - m;
        let sum = 0;
        for (let i = start; i < end; i += stride) sum = f32(sum + e[base + X[i]]);
        for (let i = start; i < end; i += stride) {
          const q = rne(f32(p[base + X[i]] / sum));
          if (signed) {
            // int32(q) (trunc_sat: NaN 0) + y_zp, wrapping, then clamped
            const t = q >= -2147483648 ? (q <= 2147483647 ? q : 2147483647) : q !== q ? 0 : -2147483648;
            const v = (t + yZp) | 0;
            Y[i] = v > 127 ? 127 : v < -128 ? -128 : v;
          } else {
            const t = q >= 0 ? (q <= 4294967295 ? q : 4294967295) : 0;
            const v = (t + yZp) >>> 0;
            Y[i] = v > 255 ? 255 : v;
          }
        }
      }
  };
};
