/**
 * Host fallbacks of the quantized element-wise operators for the cases their wasm kernels do not take:
 * QuantizeLinear / DequantizeLinear per axis (and DequantizeLinear of int32), and QLinearAdd / QLinearMul with a
 * general numpy broadcast. Same formulas as the kernels (onnxruntime-web's, spec §1, §2, §4), on plain loops.
 */
import type { Node } from '../ir.js';
import type { HostOpFactory, HostTensor } from '../kernels/types.js';
import { unsupported } from '../step.js';
import { attrInt, numbersOf } from '../attrs.js';

const f32 = Math.fround;
const rne = (x: number): number => {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
};
const range = (t: string): [number, number] => (t === 'uint8' ? [0, 255] : [-128, 127]);
/** C++ std::max(v, lo) then std::min(., hi), then the float -> int conversion (NaN -> 0). */
const satInt = (v: number, lo: number, hi: number): number => {
  const a = v < lo ? lo : v;
  const b = hi < a ? hi : a;
  return Number.isNaN(b) ? 0 : Math.trunc(b);
};
const asNode = (n: Parameters<HostOpFactory>[0]): Node => ({ ...n, inputs: [], outputs: [], attributes: new Map(n.attributes) });

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
  const scales = numbersOf(s as never).map(f32), zps = zp ? numbersOf(zp as never) : scales.map(() => 0);
  const [lo, hi] = range(outs[0].type);
  return (inputs, outputs) => {
    const x = inputs[0]!.data as Float32Array, y = outputs[0].data as Uint8Array | Int8Array;
    for (let i = 0; i < x.length; i++) {
      const k = at(i);
      y[i] = satInt(f32(rne(f32(x[i] / scales[k])) + zps[k]), lo, hi);
    }
  };
};

export const dequantizeHost: HostOpFactory = (n, ins, _outs, opset) => {
  const node = asNode(n);
  const s = constant(node, ins[1], 'x_scale');
  const zp = ins[2] ? constant(node, ins[2], 'x_zero_point') : undefined;
  const at = paramIndex(node, ins[0]!.dims, s, opset);
  const scales = numbersOf(s as never).map(f32), zps = zp ? numbersOf(zp as never) : scales.map(() => 0);
  return (inputs, outputs) => {
    const x = inputs[0]!.data as Uint8Array | Int8Array | Int32Array, y = outputs[0].data as Float32Array;
    for (let i = 0; i < x.length; i++) {
      const k = at(i);
      y[i] = f32(f32(x[i] - zps[k]) * scales[k]);
    }
  };
};

/** com.microsoft QLinearAdd / QLinearMul with numpy broadcasting (spec §4). */
export function qlinearBinaryHost(mul: boolean): HostOpFactory {
  return (n, ins, outs) => {
    const node = asNode(n);
    const sc = (k: number) => {
      const t = constant(node, ins[k], `input ${k}`);
      if (t.data.length !== 1) unsupported(node, `input ${k} must be a scalar`);
      return numbersOf(t as never)[0];
    };
    const as = f32(sc(1)), az = ins[2] ? sc(2) : 0, bs = f32(sc(4)), bz = ins[5] ? sc(5) : 0, cs = f32(sc(6)), cz = ins[7] ? sc(7) : 0;
    const [lo, hi] = range(outs[0].type);
    const od = outs[0].dims, rank = od.length;
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
    const sa = strides(ins[0]!.dims), sb = strides(ins[3]!.dims);
    const total = od.reduce((a, b) => a * b, 1);
    return (inputs, outputs) => {
      const a = inputs[0]!.data as Uint8Array, b = inputs[3]!.data as Uint8Array, y = outputs[0].data as Uint8Array;
      const idx = new Array(rank).fill(0);
      let ia = 0, ib = 0;
      for (let i = 0; i < total; i++) {
        const fa = f32(as * (a[ia] - az)), fb = f32(bs * (b[ib] - bz));
        let c = f32(f32(mul ? fa * fb : fa + fb) / cs);
        c = c < lo - cz ? lo - cz : c;
        c = hi - cz < c ? hi - cz : c;
        y[i] = rne(f32(c + cz));
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
 * QLinearMatMul with a non-constant B (attention): exact int32 accumulation of (a - a_zp)(b - b_zp[n]) over K,
 * with numpy batch broadcasting, then onnxruntime's requantization (spec §3b/§3c: scale[n] = f(f(a_s * b_s[n]) /
 * y_s), clamp in float, RNE, + y_zp).
 */
export const qlinearMatMulHost: HostOpFactory = (n, ins, outs) => {
  const node = asNode(n);
  const cs = (k: number, dflt?: number): number[] => {
    const t = ins[k];
    if (!t) {
      if (dflt === undefined) unsupported(node, `input ${k} is required`);
      return [dflt];
    }
    return numbersOf(constant(node, t, `input ${k}`) as never);
  };
  const as = cs(1), az = cs(2, 0), bs = cs(4), bz = cs(5, 0), ys = cs(6), yz = cs(7, 0);
  if (as.length !== 1 || az.length !== 1 || ys.length !== 1 || yz.length !== 1) unsupported(node, 'a and y take per-tensor scales and zero points');
  const ad = ins[0]!.dims, bd = ins[3]!.dims, od = outs[0].dims;
  if (ad.length < 2 || bd.length < 2) unsupported(node, 'inputs of rank >= 2 only');
  const M = ad[ad.length - 2], K = ad[ad.length - 1], N = bd[bd.length - 1];
  if (bs.length !== 1 && bs.length !== N) unsupported(node, `b_scale of ${bs.length} values for N = ${N}`);
  const scale = Array.from({ length: N }, (_, j) => f32(f32(f32(as[0]) * f32(bs.length === 1 ? bs[0] : bs[j])) / f32(ys[0])));
  const bzp = Array.from({ length: N }, (_, j) => (bz.length === 1 ? bz[0] : bz[j]));
  const batch = od.slice(0, -2);
  const nb = batch.reduce((p, q) => p * q, 1);
  // batch offsets of a and b (broadcast over the batch dims)
  const bOffsets = (d: readonly number[], stride: number): number[] => {
    const bdims = d.slice(0, -2);
    const pad = [...new Array(batch.length - bdims.length).fill(1), ...bdims];
    const offs: number[] = [];
    for (let i = 0; i < nb; i++) {
      let rem = i, off = 0, mul = 1;
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
  const aOff = bOffsets(ad, M * K), bOff = bOffsets(bd, K * N);
  const [lo, hi] = range(outs[0].type);
  const z = yz[0];
  return (inputs, outputs) => {
    const a = inputs[0]!.data as Uint8Array, b = inputs[3]!.data as Uint8Array, y = outputs[0].data as Uint8Array;
    const col = new Int32Array(K);
    for (let t = 0; t < nb; t++) {
      for (let j = 0; j < N; j++) {
        for (let k = 0; k < K; k++) col[k] = b[bOff[t] + k * N + j] - bzp[j];
        for (let i = 0; i < M; i++) {
          let acc = 0;
          const ar = aOff[t] + i * K;
          for (let k = 0; k < K; k++) acc += (a[ar + k] - az[0]) * col[k];
          let f = f32(f32(acc | 0) * scale[j]);
          f = f < lo - z ? lo - z : f;
          f = hi - z < f ? hi - z : f;
          y[(t * M + i) * N + j] = rne(f) + z;
        }
      }
    }
  };
};
