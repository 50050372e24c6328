/**
 * LSTM and GRU (float32), as onnxruntime's CPU kernels compute them (rnn/deep_cpu_lstm.cc, uni_directional_lstm.cc,
 * deep_cpu_gru.cc, rnn_helpers.cc): every direction (forward, reverse, bidirectional: the second direction's weights,
 * biases, states and activations are the second halves), layout 0 ([seq, batch, ...]) and 1 ([batch, seq, ...]),
 * sequence_lens (int32, each in [0, seq]), initial_h / initial_c (zeros where omitted), any output omitted.
 *
 * Per direction and batch row b of length L (sequence_lens[b], else seq): the steps t = 0 .. L-1 read X at t
 * (forward) or at L-1-t (reverse, onnxruntime's ReverseSequence); Y at a step the row does not reach is 0; Y_h / Y_c
 * are the state after the row's last step (0 where L = 0).
 *
 * LSTM (gates i, o, f, c in W, R, B; peepholes P in the order i, o, f):
 *   g[n] = Xt * W[n]^T, then g[n] += Ht-1 * R[n]^T (the matrix products below);
 *   i = f(clip(g_i + Pi . Ct-1 + (Wbi + Rbi)));  f = 1 - i (input_forget) or f(clip(g_f + Pf . Ct-1 + (Wbf + Rbf)));
 *   c = g(clip(g_c + (Wbc + Rbc)));  Ct = Ct-1 * f + i * c;  o = f(clip(g_o + Po . Ct + (Wbo + Rbo)));  Ht = h(Ct) * o.
 * GRU (gates z, r, h):
 *   g[n] = Xt * W[n]^T, g[z, r] += Ht-1 * R[z, r]^T;  r = clip(g_r + (Wbr + Rbr));
 *   linear_before_reset 0: hin = g_h + (r' . Ht-1) * Rh^T;  1: hin = g_h + r' . (Ht-1 * Rh^T + Rbh)
 *   (r' the reset gate f(r) as below); z = f(clip(g_z + (Wbz + Rbz)));  h = clip(hin + (Wbh + Rbh), or Wbh alone
 *   with linear_before_reset); Ht = (1 - z) * g(h) + z * Ht-1.
 * Every operation is one float32 operation in that order; "clip" is onnxruntime's: with a bias x + b, then
 * min(clip, x), then max(-clip, x) (C++ std::min / std::max: NaN becomes clip); without one, x > clip -> clip,
 * x < -clip -> -clip (NaN stays); the clip attribute defaults to FLT_MAX, so infinities become +-FLT_MAX.
 *
 * The matrix products are MLAS's SGEMM as its wasm kernel runs it: each output sums its products in k order, from 0,
 * one float32 multiply then one add per k, in blocks of StrideK values of k; the first block's sum is stored (a
 * product into zeros) or added to what is there (C + sum), and each later block's sum is added. StrideK is 256 where
 * the weights are a constant (onnxruntime prepacks constant W and R: GRU's R as its z, r rows and its h rows), else
 * MLAS's choice from N and K (128, halved while K fits in half of it, doubled while N is small); a K within one
 * block sums in plain k order.
 *
 * Activations (the attribute `activations`, 3 per direction for LSTM, 2 for GRU, case-insensitive; defaults Sigmoid,
 * Tanh, Tanh / Sigmoid, Tanh; alpha / beta consumed in order by the functions that take them, onnxruntime's defaults
 * otherwise): Sigmoid and Tanh are MLAS's logistic and tanh (../../numerics/float-math.ts), Relu max(x, 0); but GRU's
 * reset gate (f applied to r) and its output gate (g applied to h) take onnxruntime's own rational approximation
 * (clamped to +-20 for sigmoid, +-10 for tanh; sigmoid(x) = 0.5 (1 + t(x / 2))). Affine, LeakyRelu,
 * ThresholdedRelu, ScaledTanh (alpha Tanh(beta x) with Tanh(x) = 2 Sigmoid(2x) - 1 and Sigmoid(x) by exp), HardSigmoid,
 * Elu, Softsign and Softplus are onnxruntime's functors, float32 steps with the C library's expf (musl's,
 * ../../numerics/expf.ts) and log rounded once from double.
 * Refused (UNSUPPORTED_OP, as onnxruntime refuses them): an unknown activation, a count other than 3 or 2 per
 * direction, clip <= 0, a missing hidden_size, a non-float32 X, sequence_lens not int32.
 * An LSTM with constant weights, the default activations and no short sequence_lens runs on the wasm kernel of
 * ../wasm-float/lstm.ts instead, which computes these same operations (the operator table prefers it).
 */
import { sgemmStrideK } from '../../numerics/sgemm.js';
import type { HostOpFactory, HostOpNode, HostTensor, HostValueInfo } from '../types.js';
import type { Lower } from '../../executor/step.js';
import { I8ConvError } from '../../../errors.js';
import {
  attrFloat,
  attrInt,
  attrString,
  expectDims,
  expectOutType,
  expectType,
  fail,
  need,
  onlyAttrs,
  unsupported,
} from './common.js';
import { lowerHost } from './lower.js';
import { logistic, tanh as mlasTanh } from '../../numerics/float-math.js';
import { expf } from '../../numerics/expf.js';

const f32 = Math.fround;
const FLT_MAX = 3.4028234663852886e38;

// ---- activations --------------------------------------------------------------------------------------------------

type ActName =
  | 'sigmoid'
  | 'tanh'
  | 'relu'
  | 'affine'
  | 'leakyrelu'
  | 'thresholdedrelu'
  | 'scaledtanh'
  | 'hardsigmoid'
  | 'elu'
  | 'softsign'
  | 'softplus';

/** onnxruntime's table: whether each function takes alpha and beta, and its defaults where it has some. */
const ACTS: Record<ActName, { alpha: boolean; beta: boolean; a?: number; b?: number }> = {
  affine: { alpha: true, beta: true },
  relu: { alpha: false, beta: false },
  leakyrelu: { alpha: true, beta: false, a: 0.01, b: 0 },
  thresholdedrelu: { alpha: true, beta: false },
  tanh: { alpha: false, beta: false },
  scaledtanh: { alpha: true, beta: true },
  sigmoid: { alpha: false, beta: false },
  hardsigmoid: { alpha: true, beta: true, a: 0.2, b: 0.5 },
  elu: { alpha: true, beta: false, a: 1, b: 0 },
  softsign: { alpha: false, beta: false },
  softplus: { alpha: false, beta: false },
};

export interface Act {
  name: ActName;
  alpha: number;
  beta: number;
}

/** C's expf as onnxruntime-web's libc computes it (musl's); log is libm's log rounded once. */
const expF = expf;
/** onnxruntime's Sigmoid functor (rnn_activation_functors.h), float32. */
function sigmoidFunctor(x: number): number {
  if (x >= 0) return f32(1 / f32(1 + expF(-x)));
  const e = expF(x);
  return f32(e / f32(1 + e));
}

/** The functors of rnn_activation_functors.h and the MLAS ones, one element. */
export function activate(a: Act, x: number): number {
  switch (a.name) {
    case 'sigmoid':
      return logistic(x);
    case 'tanh':
      return mlasTanh(x);
    case 'relu':
      return x !== x ? x : x > 0 ? x : 0;
    case 'affine':
      return f32(f32(a.alpha * x) + a.beta);
    case 'leakyrelu':
      return x >= 0 ? x : f32(a.alpha * x);
    case 'thresholdedrelu':
      return x > a.alpha ? x : 0;
    case 'scaledtanh':
      return f32(a.alpha * f32(f32(2 * sigmoidFunctor(f32(2 * f32(a.beta * x)))) - 1));
    case 'hardsigmoid': {
      const v = f32(f32(a.alpha * x) + a.beta);
      const m = 0 < v ? v : 0;
      return m < 1 ? m : 1;
    }
    case 'elu':
      return x >= 0 ? x : f32(a.alpha * f32(expF(x) - 1));
    case 'softsign':
      return f32(x / f32(1 + Math.abs(x)));
    case 'softplus':
      return f32(Math.log(f32(1 + expF(x))));
  }
}

/** The activations of a node: `count` per direction, alpha / beta consumed in order (rnn_helpers.cc). */
function readActivations(node: HostOpNode, dirs: number, defaults: ActName[]): Act[] {
  const given = node.attributes.get('activations');
  if (given && given.kind !== 'strings') unsupported(node, 'activations must be strings');
  const names = given?.kind === 'strings' ? given.value : Array.from({ length: dirs }, () => defaults).flat();
  if (names.length !== defaults.length * dirs)
    unsupported(node, `${names.length} activations for ${dirs} direction(s): ${defaults.length * dirs} expected`);
  const list = (k: string): number[] => {
    const a = node.attributes.get(k);
    if (a && a.kind !== 'floats') unsupported(node, `${k} must be floats`);
    return a?.kind === 'floats' ? a.value : [];
  };
  const alphas = list('activation_alpha'),
    betas = list('activation_beta');
  let ai = 0,
    bi = 0;
  return names.map((raw) => {
    const name = raw.toLowerCase() as ActName;
    const spec = ACTS[name];
    if (!spec || !Object.hasOwn(ACTS, name))
      unsupported(node, `activation ${JSON.stringify(raw)} is not one onnxruntime takes`);
    const alpha = spec.alpha ? f32(ai < alphas.length ? alphas[ai++] : (spec.a ?? 0)) : 0;
    const beta = spec.beta ? f32(bi < betas.length ? betas[bi++] : (spec.b ?? 0)) : 0;
    return { name, alpha, beta };
  });
}

// onnxruntime's rational approximation of tanh (rnn_helpers.cc, deepcpu), GRU's reset and output gates.
const A1 = f32(4.89352455891786e-3),
  A3 = f32(6.37261928875436e-4),
  A5 = f32(1.48572235717979e-5),
  A7 = f32(5.12229709037114e-8),
  A9 = f32(-8.60467152213735e-11),
  A11 = f32(2.00018790482477e-13),
  A13 = f32(-2.76076847742355e-16);
const B0 = f32(4.89352518554385e-3),
  B2 = f32(2.268434632439e-3),
  B4 = f32(1.18534705686654e-4),
  B6 = f32(1.19825839466702e-6);

/** p / q of x (x already clamped). */
function ratio(x: number): number {
  const x2 = f32(x * x);
  let p = f32(f32(x2 * A13) + A11);
  p = f32(f32(x2 * p) + A9);
  p = f32(f32(x2 * p) + A7);
  p = f32(f32(x2 * p) + A5);
  p = f32(f32(x2 * p) + A3);
  p = f32(f32(x2 * p) + A1);
  p = f32(x * p);
  let q = f32(f32(x2 * B6) + B4);
  q = f32(f32(x2 * q) + B2);
  q = f32(f32(x2 * q) + B0);
  return f32(p / q);
}
const clamp = (x: number, b: number): number => (x < -b ? -b : x > b ? b : x);

/** GRU's reset gate: ps1 * f(r) (gru_reset_gate_*). */
function resetGate(a: Act, ps1: number, r: number): number {
  if (a.name === 'sigmoid') return f32(ps1 * f32(0.5 * f32(1 + ratio(f32(0.5 * clamp(r, 20))))));
  if (a.name === 'tanh') return f32(ps1 * ratio(clamp(r, 10)));
  if (a.name === 'relu') return f32(ps1 * (r > 0 ? r : 0));
  return f32(ps1 * activate(a, r));
}

/** GRU's output gate: (1 - z) * g(h) + z * prev (gru_output_gate_*). */
function outputGate(a: Act, h: number, z: number, prev: number): number {
  const keep = f32(z * prev);
  if (a.name === 'sigmoid') {
    const t = ratio(f32(0.5 * clamp(h, 20)));
    return f32(f32(f32(f32(1 - z) * 0.5) * f32(1 + t)) + keep);
  }
  const g = a.name === 'tanh' ? ratio(clamp(h, 10)) : a.name === 'relu' ? (h > 0 ? h : 0) : activate(a, h);
  return f32(f32(f32(1 - z) * g) + keep);
}

/** onnxruntime's clip_add_bias / clip_ignore_bias. */
function clipBias(x: number, bias: number | undefined, clip: number): number {
  if (bias === undefined) return x > clip ? clip : x < -clip ? -clip : x;
  let v = f32(x + bias);
  v = v < clip ? v : clip;
  return -clip < v ? v : -clip;
}

// ---- the matrix products -------------------------------------------------------------------------------------------

/**
 * One output of C = A B^T (+ C): the dot of A[a0 .. a0 + K) and B[b0 .. b0 + K) in blocks of `sk`, each block summed
 * from 0 in k order; `c` is what C holds (undefined: MLAS's zero mode, the first block's sum is stored).
 */
function dot(A: Float32Array, a0: number, B: Float32Array, b0: number, K: number, sk: number, c?: number): number {
  if (K === 0) return c ?? 0;
  let out = c;
  for (let k0 = 0; k0 < K; k0 += sk) {
    const end = Math.min(K, k0 + sk);
    let acc = 0;
    for (let k = k0; k < end; k++) acc = f32(acc + f32(A[a0 + k] * B[b0 + k]));
    out = out === undefined ? acc : f32(acc + out);
  }
  return out!;
}

// ---- the node ------------------------------------------------------------------------------------------------------

interface RnnPlan {
  gates: number;
  dirs: number;
  reverse: boolean[];
  seq: number;
  batch: number;
  input: number;
  hidden: number;
  layout: number;
  clip: number;
  acts: Act[];
}

function plan(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
  gates: number,
  extraAttrs: string[],
  defaults: ActName[],
): RnnPlan {
  onlyAttrs(
    node,
    'activation_alpha',
    'activation_beta',
    'activations',
    'clip',
    'direction',
    'hidden_size',
    'layout',
    ...extraAttrs,
  );
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', 'float32');
  for (const [k, what] of [
    [1, 'W'],
    [2, 'R'],
    [3, 'B'],
    [5, 'initial_h'],
    [6, 'initial_c'],
    [7, 'P'],
  ] as const)
    if (inputs[k]) expectType(node, inputs[k], what, 'float32');
  if (inputs[4]) expectType(node, inputs[4], 'sequence_lens', 'int32');
  need(node, inputs, 1, 'W');
  need(node, inputs, 2, 'R');
  if (!node.attributes.has('hidden_size')) unsupported(node, 'hidden_size is required (onnxruntime requires it)');
  const hidden = attrInt(node, 'hidden_size', 0);
  if (!(hidden > 0)) unsupported(node, `hidden_size ${hidden} is not positive`);
  const direction = attrString(node, 'direction', 'forward');
  if (!['forward', 'reverse', 'bidirectional'].includes(direction))
    unsupported(node, `direction ${JSON.stringify(direction)} is not forward, reverse or bidirectional`);
  const dirs = direction === 'bidirectional' ? 2 : 1;
  const layout = attrInt(node, 'layout', 0);
  if (layout !== 0 && layout !== 1) unsupported(node, `layout ${layout} is neither 0 nor 1`);
  const clip = node.attributes.has('clip') ? f32(attrFloat(node, 'clip', 0)) : FLT_MAX;
  if (!(clip > 0)) unsupported(node, `clip ${clip} is not positive`);
  if (x.dims.length !== 3) fail('BAD_SHAPE', node, `X is [${x.dims}]: rank 3 is required`);
  const [seq, batch, input] = layout === 0 ? x.dims : [x.dims[1], x.dims[0], x.dims[2]];
  const state = layout === 0 ? [dirs, batch, hidden] : [batch, dirs, hidden];
  const expectIn = (k: number, what: string, dims: number[]): void => {
    const v = inputs[k];
    if (v && (v.dims.length !== dims.length || v.dims.some((d, i) => d !== dims[i])))
      fail('BAD_SHAPE', node, `${what} is [${v.dims}]: [${dims}] expected`);
  };
  expectIn(1, 'W', [dirs, gates * hidden, input]);
  expectIn(2, 'R', [dirs, gates * hidden, hidden]);
  expectIn(3, 'B', [dirs, 2 * gates * hidden]);
  expectIn(4, 'sequence_lens', [batch]);
  expectIn(5, 'initial_h', state);
  if (gates === 4) {
    expectIn(6, 'initial_c', state);
    expectIn(7, 'P', [dirs, 3 * hidden]);
  }
  const y = layout === 0 ? [seq, dirs, batch, hidden] : [batch, seq, dirs, hidden];
  outputs.forEach((o, k) => {
    expectDims(node, o, k === 0 ? y : state, k);
    expectOutType(node, o, 'float32', k);
  });
  const seqLens = inputs[4]?.constant;
  if (seqLens) checkSeqLens(node, seqLens.data as Int32Array, seq, 'BAD_MODEL');
  return {
    gates,
    dirs,
    reverse: direction === 'bidirectional' ? [false, true] : [direction === 'reverse'],
    seq,
    batch,
    input,
    hidden,
    layout,
    clip,
    acts: readActivations(node, dirs, defaults),
  };
}

function checkSeqLens(node: HostOpNode, lens: Int32Array, seq: number, code: 'BAD_MODEL' | 'BAD_FEED'): void {
  for (const l of lens)
    if (l < 0 || l > seq)
      throw new I8ConvError(
        code,
        `node ${JSON.stringify(node.name)} (${node.opType}): sequence_lens holds ${l}, outside [0, ${seq}]`,
        node.name,
      );
}

/** Index helpers of a plan: X row (t, b), Y row (t, d, b), state row (d, b), as element offsets. */
function indexers(p: RnnPlan) {
  const { seq, batch, input, hidden, dirs, layout } = p;
  return {
    x: (t: number, b: number): number => (layout === 0 ? (t * batch + b) * input : (b * seq + t) * input),
    y: (t: number, d: number, b: number): number =>
      layout === 0 ? ((t * dirs + d) * batch + b) * hidden : ((b * seq + t) * dirs + d) * hidden,
    s: (d: number, b: number): number => (layout === 0 ? (d * batch + b) * hidden : (b * dirs + d) * hidden),
  };
}

/** The row lengths of a run: sequence_lens where given (checked), else seq for every row. */
function lengthsOf(node: HostOpNode, p: RnnPlan, t: HostTensor | undefined): Int32Array {
  if (!t) return new Int32Array(p.batch).fill(p.seq);
  const l = t.data as Int32Array;
  checkSeqLens(node, l, p.seq, 'BAD_FEED');
  return l;
}

export const LSTM: HostOpFactory = (node, inputs, outputs) => {
  const p = plan(node, inputs, outputs, 4, ['input_forget'], ['sigmoid', 'tanh', 'tanh']);
  const inputForget = attrInt(node, 'input_forget', 0) !== 0;
  const { dirs, batch, input, hidden: H } = p;
  const skW = inputs[1]!.constant ? 256 : sgemmStrideK(4 * H, input);
  const skR = inputs[2]!.constant ? 256 : sgemmStrideK(4 * H, H);
  const ix = indexers(p);
  const g = new Float32Array(4 * H);
  const h = new Float32Array(H),
    c = new Float32Array(H);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      W = ins[1]!.data as Float32Array,
      R = ins[2]!.data as Float32Array;
    const B = ins[3]?.data as Float32Array | undefined,
      h0 = ins[5]?.data as Float32Array | undefined,
      c0 = ins[6]?.data as Float32Array | undefined,
      P = ins[7]?.data as Float32Array | undefined;
    const lens = lengthsOf(node, p, ins[4]);
    const [Y, Yh, Yc] = [0, 1, 2].map((k) => outs[k]?.data as Float32Array | undefined);
    if (Y) Y.fill(0);
    for (let d = 0; d < dirs; d++) {
      const [fAct, gAct, hAct] = p.acts.slice(3 * d, 3 * d + 3);
      const w0 = d * 4 * H * input,
        r0 = d * 4 * H * H,
        b0 = d * 8 * H,
        p0 = d * 3 * H;
      // the fused biases Wb + Rb, gate order i, o, f, c
      const bias = B ? Float32Array.from({ length: 4 * H }, (_, n) => f32(B[b0 + n] + B[b0 + 4 * H + n])) : undefined;
      for (let b = 0; b < batch; b++) {
        const L = lens[b];
        const s0 = ix.s(d, b);
        for (let j = 0; j < H; j++) {
          h[j] = h0 ? h0[s0 + j] : 0;
          c[j] = c0 ? c0[s0 + j] : 0;
        }
        for (let t = 0; t < L; t++) {
          const xt = ix.x(p.reverse[d] ? L - 1 - t : t, b);
          for (let n = 0; n < 4 * H; n++) {
            const xw = dot(X, xt, W, w0 + n * input, input, skW);
            g[n] = dot(h, 0, R, r0 + n * H, H, skR, xw);
          }
          for (let j = 0; j < H; j++) {
            let gi = g[j];
            if (P) gi = f32(gi + f32(c[j] * P[p0 + j]));
            const i = activate(fAct, clipBias(gi, bias?.[j], p.clip));
            let f: number;
            if (inputForget) f = f32(1 - i);
            else {
              let gf = g[2 * H + j];
              if (P) gf = f32(gf + f32(c[j] * P[p0 + 2 * H + j]));
              f = activate(fAct, clipBias(gf, bias?.[2 * H + j], p.clip));
            }
            const cc = activate(gAct, clipBias(g[3 * H + j], bias?.[3 * H + j], p.clip));
            const C = f32(f32(c[j] * f) + f32(i * cc));
            c[j] = C;
            let go = g[H + j];
            if (P) go = f32(go + f32(C * P[p0 + H + j]));
            const o = activate(fAct, clipBias(go, bias?.[H + j], p.clip));
            // relu_m: max(C, 0) with NaN to 0, unlike MLAS's Relu of f and g
            h[j] = f32((hAct.name === 'relu' ? (C > 0 ? C : 0) : activate(hAct, C)) * o);
          }
          if (Y) Y.set(h, ix.y(p.reverse[d] ? L - 1 - t : t, d, b));
        }
        const sOut = ix.s(d, b);
        if (Yh) for (let j = 0; j < H; j++) Yh[sOut + j] = L ? h[j] : 0;
        if (Yc) for (let j = 0; j < H; j++) Yc[sOut + j] = L ? c[j] : 0;
      }
    }
  };
};

export const GRU: HostOpFactory = (node, inputs, outputs) => {
  const p = plan(node, inputs, outputs, 3, ['linear_before_reset'], ['sigmoid', 'tanh']);
  const lbr = attrInt(node, 'linear_before_reset', 0) !== 0;
  const { dirs, batch, input, hidden: H } = p;
  // onnxruntime prepacks a GRU's constant W, and its constant R as two matrices (z and r, then h)
  const skW = inputs[1]!.constant ? 256 : sgemmStrideK(3 * H, input);
  const skZR = inputs[2]!.constant ? 256 : sgemmStrideK(2 * H, H);
  const skH = inputs[2]!.constant ? 256 : sgemmStrideK(H, H);
  const ix = indexers(p);
  const g = new Float32Array(3 * H);
  const h = new Float32Array(H),
    cur = new Float32Array(H),
    next = new Float32Array(H);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      W = ins[1]!.data as Float32Array,
      R = ins[2]!.data as Float32Array;
    const B = ins[3]?.data as Float32Array | undefined,
      h0 = ins[5]?.data as Float32Array | undefined;
    const lens = lengthsOf(node, p, ins[4]);
    const [Y, Yh] = [0, 1].map((k) => outs[k]?.data as Float32Array | undefined);
    if (Y) Y.fill(0);
    for (let d = 0; d < dirs; d++) {
      const [fAct, gAct] = p.acts.slice(2 * d, 2 * d + 2);
      const w0 = d * 3 * H * input,
        r0 = d * 3 * H * H,
        b0 = d * 6 * H;
      const sum = (n: number): number => f32(B![b0 + n] + B![b0 + 3 * H + n]);
      const bz = B ? Float32Array.from({ length: H }, (_, j) => sum(j)) : undefined;
      const br = B ? Float32Array.from({ length: H }, (_, j) => sum(H + j)) : undefined;
      // linear_before_reset: Wbh and Rbh apart; otherwise their sum
      const bh = B ? Float32Array.from({ length: H }, (_, j) => (lbr ? B[b0 + 2 * H + j] : sum(2 * H + j))) : undefined;
      for (let b = 0; b < batch; b++) {
        const L = lens[b];
        const s0 = ix.s(d, b);
        for (let j = 0; j < H; j++) h[j] = h0 ? h0[s0 + j] : 0;
        for (let t = 0; t < L; t++) {
          const xt = ix.x(p.reverse[d] ? L - 1 - t : t, b);
          for (let n = 0; n < 3 * H; n++) g[n] = dot(X, xt, W, w0 + n * input, input, skW);
          for (let n = 0; n < 2 * H; n++) g[n] = dot(h, 0, R, r0 + n * H, H, skZR, g[n]);
          for (let j = 0; j < H; j++) {
            const r = clipBias(g[H + j], br?.[j], p.clip);
            if (lbr) {
              const lin = dot(h, 0, R, r0 + (2 * H + j) * H, H, skH, B ? B[b0 + 5 * H + j] : undefined);
              cur[j] = resetGate(fAct, lin, r);
            } else cur[j] = resetGate(fAct, h[j], r);
          }
          for (let j = 0; j < H; j++) {
            const hin = lbr ? f32(g[2 * H + j] + cur[j]) : dot(cur, 0, R, r0 + (2 * H + j) * H, H, skH, g[2 * H + j]);
            const z = activate(fAct, clipBias(g[j], bz?.[j], p.clip));
            next[j] = outputGate(gAct, clipBias(hin, bh?.[j], p.clip), z, h[j]);
          }
          h.set(next);
          if (Y) Y.set(h, ix.y(p.reverse[d] ? L - 1 - t : t, d, b));
        }
        if (Yh) for (let j = 0; j < H; j++) Yh[ix.s(d, b) + j] = L ? h[j] : 0;
      }
    }
  };
};

/**
 * The lowering of LSTM and GRU: their TypeScript operator, where an omitted output (an empty name before a named one)
 * is planned as a value of the step's own (computed, read by nothing), so that every output the operator writes has
 * its bytes.
 */
export function lowerRnn(factory: HostOpFactory): Lower {
  return (node, c) => {
    if (!node.outputs.includes('')) return lowerHost(node, c.name, c.values, factory, c.opset);
    const x = c.values.get(node.inputs[0]);
    const r = c.values.get(node.inputs[2]);
    if (!x || !r || x.dims.length !== 3 || r.dims.length !== 3)
      return lowerHost(node, c.name, c.values, factory, c.opset);
    const layout = attrInt(node, 'layout', 0);
    const [seq, batch] = layout === 0 ? x.dims : [x.dims[1], x.dims[0]];
    const dirs = r.dims[0],
      hidden = r.dims[2];
    const outputs = node.outputs.map((o, k) => {
      if (o !== '') return o;
      const name = `${c.name}#output${k}`;
      const dims =
        k === 0
          ? layout === 0
            ? [seq, dirs, batch, hidden]
            : [batch, seq, dirs, hidden]
          : layout === 0
            ? [dirs, batch, hidden]
            : [batch, dirs, hidden];
      c.values.set(name, {
        name,
        type: 'float32',
        dims,
        layout: 'NCHW',
        bytes: 4 * dims.reduce((a, v) => a * v, 1),
        offset: -1,
      });
      return name;
    });
    return lowerHost({ ...node, outputs }, c.name, c.values, factory, c.opset);
  };
}
