/**
 * The wasm SIMD kernel of float32 LSTM (assembly/model/lstm-f32.ts) for its common case, computing what the
 * TypeScript operator (../host/rnn.ts) computes, bit for bit: constant W and R (onnxruntime packs them, so the gate
 * products sum in blocks of 256 values of k), B and P constant or absent, the default activations (Sigmoid, Tanh, Tanh;
 * the attribute absent or naming exactly those), no sequence_lens (or a constant one of seq everywhere), K > 0,
 * seq > 0; any direction, layout, clip, input_forget; initial_h / initial_c computed, constant or absent; any
 * outputs (lowerRnn plans an omitted one before a named one; those left off the end are not written).
 * W^T and R^T are packed at load in panels of 16 columns, [dirs][GP / 16][K][16] and [dirs][GP / 16][H][16] (GP: 4H
 * rounded up to 16, zeros after 4H), the biases fused (Wb + Rb, one float32 addition, as the operator does). Tasks: one
 * per (direction, batch row), running every time step; each has its own slice of the kernel's scratch (gates, h, c,
 * and the input products X W^T of a chunk of steps, computed together before them so that W is read once per chunk,
 * not once per step: each row's sums are the ones a step alone computes).
 * DynamicQuantizeLSTM (the quantized mode) under the same conditions and batch 1: its 8-bit W and R minus their zero
 * points kept 8-bit, pairs of k in panels, [dirs][GP / 16][KQ / 2][16][2] (each zero point subtracted as the kernel
 * loads them), with the scale of each column; the kernel quantizes X once
 * and h at each step as the TypeScript operator's quantGemm does.
 * GRU (gruF32Task, prepareGruKernel) under the same conditions, any linear_before_reset.
 * Everything else: the TypeScript operator (the operator table's next implementation).
 */
import type { WasmRuntimeCore } from '../../../runtime.js';
import type { HostOpNode, HostValueInfo } from '../types.js';
import type { Lower } from '../../executor/step.js';
import { kernelStep } from '../../executor/step.js';
import { attrFloat, attrInt, attrString } from '../host/common.js';
import { infoOf } from '../host/lower.js';
import { dynamicQuantizeLstm, GRU, LSTM, quantParams } from '../host/rnn.js';
import { PACKED_STRIDE_K } from '../../numerics/sgemm.js';
import { LSTM_F32_CTX as L } from './lstm-ctx.generated.js';
import { HeapKernel } from './kernels.js';

const FLT_MAX = 3.4028234663852886e38;

function constFloats(v: HostValueInfo | undefined): Float32Array | null {
  return v?.constant && v.constant.type === 'float32' ? (v.constant.data as Float32Array) : null;
}

/** A prepared LSTM kernel: `make` puts its record and tables in wasm memory. */
interface Prepared {
  /** the kernel, and the byte offsets of its own copies of a constant initial_h / initial_c (else 0) */
  make(core: WasmRuntimeCore): { kernel: HeapKernel; h0: number; c0: number };
  /** multiply-adds of one run */
  macs: number;
}

/**
 * M [dirs][rows][k] transposed into panels of 16 columns, [dirs][gp / 16][k][16] (zeros past `rows`): a panel's k rows
 * of 16 floats are contiguous, so a product reads it as one stream.
 */
function packGates(M: Float32Array, dirs: number, rows: number, k: number, gp: number): Float32Array {
  const out = new Float32Array(dirs * k * gp);
  for (let d = 0; d < dirs; d++)
    for (let n = 0; n < rows; n++) {
      const from = (d * rows + n) * k;
      const to = (d * gp + (n & ~15)) * k + (n & 15);
      for (let q = 0; q < k; q++) out[to + q * 16] = M[from + q];
    }
  return out;
}

/** Floats of the input products computed ahead (LS_CHUNK steps of `cols` columns): about 256 KB. */
const CHUNK_FLOATS = 65536;

/** LS_CHUNK: the time steps whose input products are computed together, at most seq. */
function chunkSteps(seq: number, cols: number): number {
  return Math.max(1, Math.min(seq, Math.floor(CHUNK_FLOATS / cols)));
}

/**
 * DynamicQuantizeLSTM's 8-bit W [dirs][K][4H] and R [dirs][H][4H] as stored, pairs of k in panels of 16 columns,
 * [dirs][GP / 16][KQ / 2][16][2] (KQ: K rounded up to even, the zero point past K and past 4H), their zero points
 * (inputs 9 and 11: per direction, or one value throughout; the kernel subtracts them as it loads the weights), and the scales of their columns (inputs 8 and 10: per direction or per column) as f32 [dirs][GP].
 */
function quantizedPacks(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  W: Uint8Array | Int8Array,
  R: Uint8Array | Int8Array,
  dirs: number,
  K: number,
  H: number,
  gp: number,
): { wp: Int8Array | Uint8Array; rp: Int8Array | Uint8Array; ws: Float32Array; rs: Float32Array; zps: Int32Array } {
  const N = 4 * H;
  const pack = (M: Uint8Array | Int8Array, k: number, scaleAt: number, what: string) => {
    // the operator's reading of the scales and zero points (checked there)
    const { scales, zps } = quantParams(
      node,
      inputs,
      scaleAt,
      what,
      M instanceof Int8Array ? 'int8' : 'uint8',
      dirs,
      N,
    );
    const kq = k + (k % 2);
    // the weights as stored (8 bits: half the bytes a product streams), the zero point where there is no weight, so
    // that w - zp is 0 there
    const out = M instanceof Int8Array ? new Int8Array(dirs * kq * gp) : new Uint8Array(dirs * kq * gp),
      s = new Float32Array(dirs * gp);
    for (let d = 0; d < dirs; d++) {
      const zp = zps[d];
      out.fill(zp, d * kq * gp, (d + 1) * kq * gp);
      // panels of 16 columns: [GP / 16][KQ / 2][16][2]
      for (let q = 0; q < k; q++)
        for (let n = 0; n < N; n++)
          out[d * kq * gp + (n >> 4) * kq * 16 + (q >> 1) * 32 + (n & 15) * 2 + (q & 1)] = M[(d * k + q) * N + n];
      for (let n = 0; n < N; n++) s[d * gp + n] = scales[d][scales[d].length === 1 ? 0 : n];
    }
    return { out, s, zps: Array.from({ length: dirs }, (_, d) => zps[d]) };
  };
  const w = pack(W, K, 8, 'W'),
    r = pack(R, H, 10, 'R');
  // [dirs][2]: each direction's W and R zero points
  return { wp: w.out, rp: r.out, ws: w.s, rs: r.s, zps: Int32Array.from(w.zps.flatMap((z, d) => [z, r.zps[d]])) };
}

/**
 * The record fields an LSTM and a GRU kernel share: sizes, the steps, the directions run backwards, and the element
 * strides of X, Y and the states for the layout.
 */
function sharedFields(
  layout: number,
  dims: { H: number; K: number; seq: number; batch: number; dirs: number },
  reverse: number,
): [number, number][] {
  const { H, K, seq, batch, dirs } = dims;
  const st =
    layout === 0
      ? { xT: batch * K, xB: K, yT: dirs * batch * H, yD: batch * H, yB: H, sD: batch * H, sB: H }
      : { xT: K, xB: seq * K, yT: dirs * H, yD: H, yB: seq * dirs * H, sD: H, sB: dirs * H };
  return [
    [L.LS_H, H],
    [L.LS_K, K],
    [L.LS_BLOCK_K, PACKED_STRIDE_K],
    [L.LS_SEQ, seq],
    [L.LS_BATCH, batch],
    [L.LS_REVERSE, reverse],
    [L.LS_X_T, st.xT],
    [L.LS_X_B, st.xB],
    [L.LS_Y_T, st.yT],
    [L.LS_Y_D, st.yD],
    [L.LS_Y_B, st.yB],
    [L.LS_S_D, st.sD],
    [L.LS_S_B, st.sB],
  ];
}

/**
 * The kernel of an LSTM node, prepared, or null where the TypeScript operator runs it. Call it after the operator's
 * factory accepted the node (shapes and attributes checked).
 */
export function prepareLstmKernel(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  quantized = false,
): Prepared | null {
  const [xi, wi, ri, bi, li, hi, ci, pi] = inputs;
  if (!xi || xi.constant || xi.type !== 'float32') return null;
  const W = quantized ? (wi?.constant?.data as Uint8Array | Int8Array | undefined) : constFloats(wi),
    R = quantized ? (ri?.constant?.data as Uint8Array | Int8Array | undefined) : constFloats(ri);
  if (!W || !R) return null;
  const B = bi ? constFloats(bi) : undefined,
    P = pi ? constFloats(pi) : undefined;
  if (B === null || P === null) return null; // a computed B or P: the TypeScript operator
  const acts = node.attributes.get('activations');
  if (acts) {
    if (acts.kind !== 'strings') return null;
    const want = ['sigmoid', 'tanh', 'tanh'];
    if (acts.value.some((a, k) => a.toLowerCase() !== want[k % 3])) return null;
  }
  const direction = attrString(node, 'direction', 'forward');
  const dirs = direction === 'bidirectional' ? 2 : 1;
  const layout = attrInt(node, 'layout', 0);
  const H = attrInt(node, 'hidden_size', 0);
  const [seq, batch, K] = layout === 0 ? xi.dims : [xi.dims[1], xi.dims[0], xi.dims[2]];
  if (seq * batch * K === 0) return null;
  // the quantized products quantize the batch's rows together at each step: one row per task
  if (quantized && batch !== 1) return null;
  if (li) {
    const lens = li.constant?.data;
    if (!(lens instanceof Int32Array) || lens.some((l) => l !== seq)) return null;
  }
  const h0c = hi ? constFloats(hi) : null,
    c0c = ci ? constFloats(ci) : null;
  const gp = Math.ceil((4 * H) / 16) * 16;
  const hp = Math.ceil(H / 4) * 4;
  const kq = K + (K % 2),
    hq = H + (H % 2);
  // W [dirs][4H][K] -> panels [dirs][GP / 16][K][16]; R [dirs][4H][H] -> [dirs][GP / 16][H][16]; quantized: pairs
  // of k, the scales by column
  const q = quantized
    ? quantizedPacks(node, inputs, W as Uint8Array | Int8Array, R as Uint8Array | Int8Array, dirs, K, H, gp)
    : null;
  const wp = q ? q.wp : packGates(W as Float32Array, dirs, 4 * H, K, gp),
    rp = q ? q.rp : packGates(R as Float32Array, dirs, 4 * H, H, gp);
  let bias: Float32Array | null = null;
  if (B) {
    bias = new Float32Array(dirs * 4 * H + 4);
    for (let d = 0; d < dirs; d++)
      for (let n = 0; n < 4 * H; n++) bias[d * 4 * H + n] = Math.fround(B[d * 8 * H + n] + B[d * 8 * H + 4 * H + n]);
  }
  let peep: Float32Array | null = null;
  if (P) {
    peep = new Float32Array(dirs * 3 * H + 4);
    peep.set(P.subarray(0, dirs * 3 * H));
  }
  const clip = node.attributes.has('clip') ? Math.fround(attrFloat(node, 'clip', 0)) : FLT_MAX;
  const reverse = direction === 'bidirectional' ? 2 : direction === 'reverse' ? 1 : 0;
  // quantized: X ([seq][KQ]) and h ([HQ]) as i16 after the floats, the whole rounded up to 16 bytes
  // then the input products of LS_CHUNK steps, [chunk][GP]
  const chunk = chunkSteps(seq, gp);
  const taskFloats = gp + 4 + 2 * hp + (quantized ? Math.ceil((seq * kq + hq) / 8) * 4 : 0) + chunk * gp;
  const make = (core: WasmRuntimeCore): { kernel: HeapKernel; h0: number; c0: number } => {
    const kern = new HeapKernel(quantized ? 'lstm-dq-simd' : 'lstm-f32-simd', core, L.LS_CTX_BYTES);
    try {
      const fields: [number, number][] = [
        ...sharedFields(layout, { H, K, seq, batch, dirs }, reverse),
        [L.LS_GP, gp],
        [L.LS_INPUT_FORGET, attrInt(node, 'input_forget', 0) !== 0 ? 1 : 0],
        [L.LS_W, kern.put(wp)],
        [L.LS_R, kern.put(rp)],
        [L.LS_BIAS, bias ? kern.put(bias) : 0],
        [L.LS_P, peep ? kern.put(peep) : 0],
        [L.LS_SCRATCH, kern.put(new Float32Array(dirs * batch * taskFloats))],
        [L.LS_TASK_FLOATS, taskFloats],
        [L.LS_QUANT, quantized ? 1 : 0],
        [L.LS_KQ, kq],
        [L.LS_HQ, hq],
        [L.LS_W_SCALE, q ? kern.put(q.ws) : 0],
        [L.LS_R_SCALE, q ? kern.put(q.rs) : 0],
        [L.LS_QZP, q ? kern.put(q.zps) : 0],
        [L.LS_QUNSIGNED, q && q.wp instanceof Uint8Array ? 1 : 0],
        [L.LS_CHUNK, chunk],
      ];
      for (const [f, v] of fields) kern.i32(f, v);
      core.f32()[(kern.ctx + L.LS_CLIP) >> 2] = clip;
      const h0 = h0c ? kern.put(h0c) : 0;
      const c0 = c0c ? kern.put(c0c) : 0;
      kern.dispatch = [
        { fn: 'lstmF32Task', range: [dirs, batch], args: [{ base: 'src' }, { base: 'none' }, { base: 'none' }] },
      ];
      return { kernel: kern, h0, c0 };
    } catch (e) {
      kern.dispose();
      throw e;
    }
  };
  return { make, macs: dirs * seq * batch * 4 * H * (K + H) };
}

/**
 * The GRU kernel (gruF32Task) of a GRU node, prepared, or null where the TypeScript operator runs it: constant W and
 * R (B constant or absent), the default activations (Sigmoid, Tanh per direction), no sequence_lens (or all seq), K > 0,
 * seq > 0, H > 0; any direction, layout, clip, linear_before_reset; initial_h computed, constant or absent. W and R
 * split into their z, r rows and their h rows, each packed in panels of 16 columns as LSTM's (GP: 2H rounded up to 16,
 * GPH: H rounded up to 16), the biases per direction as [4][HP]: z and r fused (Wb + Rb), h fused or (linear_before_reset) Wb
 * alone, and R's h bias. Call it after the operator's factory accepted the node.
 */
export function prepareGruKernel(node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[]): Prepared | null {
  const [xi, wi, ri, bi, li, hi] = inputs;
  if (!xi || xi.constant || xi.type !== 'float32') return null;
  const W = constFloats(wi),
    R = constFloats(ri);
  if (!W || !R) return null;
  const B = bi ? constFloats(bi) : undefined;
  if (B === null) return null;
  const acts = node.attributes.get('activations');
  if (acts) {
    if (acts.kind !== 'strings') return null;
    const want = ['sigmoid', 'tanh'];
    if (acts.value.some((a, k) => a.toLowerCase() !== want[k % 2])) return null;
  }
  const direction = attrString(node, 'direction', 'forward');
  const dirs = direction === 'bidirectional' ? 2 : 1;
  const layout = attrInt(node, 'layout', 0);
  const H = attrInt(node, 'hidden_size', 0);
  const [seq, batch, K] = layout === 0 ? xi.dims : [xi.dims[1], xi.dims[0], xi.dims[2]];
  if (seq * batch * K * H === 0) return null;
  if (li) {
    const lens = li.constant?.data;
    if (!(lens instanceof Int32Array) || lens.some((l) => l !== seq)) return null;
  }
  const h0c = hi ? constFloats(hi) : null;
  const lbr = attrInt(node, 'linear_before_reset', 0) !== 0;
  const gp = Math.ceil((2 * H) / 16) * 16,
    gph = Math.ceil(H / 16) * 16,
    hp = Math.ceil(H / 4) * 4;
  // rows [dirs][3H][k] -> the z, r rows and the h rows apart
  const rowsOf = (M: Float32Array, k: number, from: number, count: number): Float32Array => {
    const out = new Float32Array(dirs * count * k);
    for (let d = 0; d < dirs; d++)
      out.set(M.subarray((d * 3 * H + from) * k, (d * 3 * H + from + count) * k), d * count * k);
    return out;
  };
  const wp = packGates(rowsOf(W, K, 0, 2 * H), dirs, 2 * H, K, gp),
    rp = packGates(rowsOf(R, H, 0, 2 * H), dirs, 2 * H, H, gp),
    whp = packGates(rowsOf(W, K, 2 * H, H), dirs, H, K, gph),
    rhp = packGates(rowsOf(R, H, 2 * H, H), dirs, H, H, gph);
  let bias: Float32Array | null = null;
  if (B) {
    bias = new Float32Array(dirs * 4 * hp + 4);
    for (let d = 0; d < dirs; d++) {
      const b0 = d * 6 * H,
        o = d * 4 * hp;
      for (let j = 0; j < H; j++) {
        bias[o + j] = Math.fround(B[b0 + j] + B[b0 + 3 * H + j]);
        bias[o + hp + j] = Math.fround(B[b0 + H + j] + B[b0 + 4 * H + j]);
        bias[o + 2 * hp + j] = lbr ? B[b0 + 2 * H + j] : Math.fround(B[b0 + 2 * H + j] + B[b0 + 5 * H + j]);
        bias[o + 3 * hp + j] = B[b0 + 5 * H + j];
      }
    }
  }
  const clip = node.attributes.has('clip') ? Math.fround(attrFloat(node, 'clip', 0)) : FLT_MAX;
  const reverse = direction === 'bidirectional' ? 2 : direction === 'reverse' ? 1 : 0;
  // z, r gates [GP + 4], h [HP], reset-gated [HP], gate h [GPH + 4], R's h product [GPH + 4], then the input
  // products of LS_CHUNK steps, [chunk][GP] and [chunk][GPH]
  const chunk = chunkSteps(seq, gp + gph);
  const taskFloats = gp + 4 + 2 * hp + 2 * (gph + 4) + chunk * (gp + gph);
  const make = (core: WasmRuntimeCore): { kernel: HeapKernel; h0: number; c0: number } => {
    const kern = new HeapKernel('gru-f32-simd', core, L.LS_CTX_BYTES);
    try {
      const fields: [number, number][] = [
        ...sharedFields(layout, { H, K, seq, batch, dirs }, reverse),
        [L.LS_GP, gp],
        [L.LS_GPH, gph],
        [L.LS_LBR, lbr ? 1 : 0],
        [L.LS_W, kern.put(wp)],
        [L.LS_R, kern.put(rp)],
        [L.LS_WH, kern.put(whp)],
        [L.LS_RH, kern.put(rhp)],
        [L.LS_BIAS, bias ? kern.put(bias) : 0],
        [L.LS_SCRATCH, kern.put(new Float32Array(dirs * batch * taskFloats))],
        [L.LS_TASK_FLOATS, taskFloats],
        [L.LS_CHUNK, chunk],
      ];
      for (const [f, v] of fields) kern.i32(f, v);
      core.f32()[(kern.ctx + L.LS_CLIP) >> 2] = clip;
      const h0 = h0c ? kern.put(h0c) : 0;
      kern.dispatch = [
        { fn: 'gruF32Task', range: [dirs, batch], args: [{ base: 'src' }, { base: 'none' }, { base: 'none' }] },
      ];
      return { kernel: kern, h0, c0: 0 };
    } catch (e) {
      kern.dispose();
      throw e;
    }
  };
  return { make, macs: dirs * seq * batch * 3 * H * (K + H) };
}

/**
 * The operator table's float SIMD implementation of LSTM (of GRU with `gru`, of DynamicQuantizeLSTM with `quantized`):
 * where prepareLstmKernel (prepareGruKernel) takes the node, a step running the
 * kernel on the pool's threads, the pointers of initial_h / initial_c and of the outputs written into its record
 * before each run; otherwise undefined (the next implementation). The TypeScript operator checks the node first, so
 * that both refuse the same nodes with the same errors. An omitted output ('') is not written.
 */
export function lstmKernelOp(quantized = false, gru = false): Lower {
  return (node, c) => {
    const { name, values, opset } = c;
    const hostNode = { name: node.name, opType: node.opType, domain: node.domain, attributes: node.attributes };
    const ins = node.inputs.map((n) => (n === '' ? undefined : infoOf(values.get(n)!)));
    // the operator's checks (an omitted output given its shape, as lowerRnn plans it)
    const x = ins[0],
      r = ins[2];
    const outs = node.outputs.map((n, k): HostValueInfo => {
      if (n !== '') return infoOf(values.get(n)!);
      if (!x || !r || x.dims.length !== 3 || r.dims.length !== 3) return { type: 'float32', dims: [] };
      const layout = attrInt(node, 'layout', 0);
      const [seq, batch] = layout === 0 ? x.dims : [x.dims[1], x.dims[0]];
      const dirs = r.dims[0],
        hidden = attrInt(node, 'hidden_size', r.dims[2]);
      if (k === 0)
        return { type: 'float32', dims: layout === 0 ? [seq, dirs, batch, hidden] : [batch, seq, dirs, hidden] };
      return { type: 'float32', dims: layout === 0 ? [dirs, batch, hidden] : [batch, dirs, hidden] };
    });
    (gru ? GRU : quantized ? dynamicQuantizeLstm(node.outputs[0] !== '') : LSTM)(hostNode, ins, outs, opset);
    const prepared = gru ? prepareGruKernel(hostNode, ins) : prepareLstmKernel(hostNode, ins, quantized);
    if (!prepared) return undefined;
    const outputs = [...node.outputs];
    return {
      name,
      op: node.opType,
      node,
      inputs: [...node.inputs],
      outputs,
      rule: { kind: 'nchw' },
      build: (env, step) => {
        const { kernel, h0, c0 } = prepared.make(env.core);
        const base = kernelStep(env.core, kernel, { threaded: true });
        const at = (k: number, list: number[], names: string[]): number =>
          k < names.length && names[k] !== '' && list[k] >= 0 ? list[k] : 0;
        return {
          ...base,
          macs: prepared.macs,
          run(p) {
            const i32 = env.core.i32();
            const f = kernel.ctx >> 2;
            i32[f + (L.LS_H0 >> 2)] = h0 || at(5, p.inputs, step.inputs);
            i32[f + (L.LS_C0 >> 2)] = c0 || at(6, p.inputs, step.inputs);
            i32[f + (L.LS_Y >> 2)] = at(0, p.outputs, step.outputs);
            i32[f + (L.LS_YH >> 2)] = at(1, p.outputs, step.outputs);
            i32[f + (L.LS_YC >> 2)] = at(2, p.outputs, step.outputs);
            base.run(p);
          },
        };
      },
    };
  };
}
