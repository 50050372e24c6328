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
import { dynamicQuantParams } from './quant.js';
import { quantizeValue } from '../../numerics/quantize.js';
import { logistic, tanh as mlasTanh } from '../../numerics/float-math.js';
import { expf } from '../../numerics/expf.js';
import { logf } from '../../numerics/logf.js';

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
  defaults: ActName[] | null,
  quantized = false,
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
    ...(quantized
      ? []
      : ([
          [1, 'W'],
          [2, 'R'],
        ] as const)),
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
  if (quantized && layout !== 0) unsupported(node, `layout ${layout}: onnxruntime runs this operator at layout 0 only`);
  const clip = node.attributes.has('clip') ? f32(attrFloat(node, 'clip', 0)) : FLT_MAX;
  // RNN (no default activations here: its own rules) takes any clip; LSTM and GRU a positive one
  if (defaults && !(clip > 0)) unsupported(node, `clip ${clip} is not positive`);
  if (x.dims.length !== 3) fail('BAD_SHAPE', node, `X is [${x.dims}]: rank 3 is required`);
  const [seq, batch, input] = layout === 0 ? x.dims : [x.dims[1], x.dims[0], x.dims[2]];
  const state = layout === 0 ? [dirs, batch, hidden] : [batch, dirs, hidden];
  const expectIn = (k: number, what: string, dims: number[]): void => {
    const v = inputs[k];
    if (v && (v.dims.length !== dims.length || v.dims.some((d, i) => d !== dims[i])))
      fail('BAD_SHAPE', node, `${what} is [${v.dims}]: [${dims}] expected`);
  };
  // DynamicQuantizeLSTM keeps its 8-bit weights transposed: W [dirs, input, 4 hidden], R [dirs, hidden, 4 hidden]
  expectIn(1, 'W', quantized ? [dirs, input, gates * hidden] : [dirs, gates * hidden, input]);
  expectIn(2, 'R', quantized ? [dirs, hidden, gates * hidden] : [dirs, gates * hidden, hidden]);
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
    acts: defaults ? readActivations(node, dirs, defaults) : [],
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

/** The float32 inputs of an LSTM / GRU / RNN run: X, W, R, B, initial_h (the 8-bit W and R of DynamicQuantizeLSTM apart). */
function rnnInputs(ins: readonly (HostTensor | undefined)[]) {
  return {
    X: ins[0]!.data as Float32Array,
    W: ins[1]!.data as Float32Array,
    R: ins[2]!.data as Float32Array,
    B: ins[3]?.data as Float32Array | undefined,
    h0: ins[5]?.data as Float32Array | undefined,
  };
}

/** What an LSTM step needs besides its gate arguments: activations, fused biases, peepholes, clip. */
interface LstmGates {
  H: number;
  f: Act;
  g: Act;
  h: Act;
  /** Wb + Rb, gate order i, o, f, c (undefined: no B) */
  bias: Float32Array | undefined;
  P: Float32Array | undefined;
  p0: number;
  clip: number;
  inputForget: boolean;
}

/**
 * One LSTM step of one row (onnxruntime's GateComputations): g holds the 4 hidden gate arguments (i, o, f, c) at g0;
 * c and h (at s0) are the state, updated in place.
 */
function lstmStep(q: LstmGates, g: Float32Array, g0: number, c: Float32Array, h: Float32Array, s0: number): void {
  const { H, bias, P, p0, clip } = q;
  for (let j = 0; j < H; j++) {
    const cPrev = c[s0 + j];
    let gi = g[g0 + j];
    if (P) gi = f32(gi + f32(cPrev * P[p0 + j]));
    const i = activate(q.f, clipBias(gi, bias?.[j], clip));
    let f: number;
    if (q.inputForget) f = f32(1 - i);
    else {
      let gf = g[g0 + 2 * H + j];
      if (P) gf = f32(gf + f32(cPrev * P[p0 + 2 * H + j]));
      f = activate(q.f, clipBias(gf, bias?.[2 * H + j], clip));
    }
    const cc = activate(q.g, clipBias(g[g0 + 3 * H + j], bias?.[3 * H + j], clip));
    const C = f32(f32(cPrev * f) + f32(i * cc));
    c[s0 + j] = C;
    let go = g[g0 + H + j];
    if (P) go = f32(go + f32(C * P[p0 + H + j]));
    const o = activate(q.f, clipBias(go, bias?.[H + j], clip));
    // relu_m: max(C, 0) with NaN to 0, unlike MLAS's Relu of f and g
    h[s0 + j] = f32((q.h.name === 'relu' ? (C > 0 ? C : 0) : activate(q.h, C)) * o);
  }
}

/** The gates of direction d of an LSTM node. */
function lstmGates(
  p: RnnPlan,
  d: number,
  B: Float32Array | undefined,
  P: Float32Array | undefined,
  inputForget: boolean,
): LstmGates {
  const H = p.hidden;
  const [f, g, h] = p.acts.slice(3 * d, 3 * d + 3);
  const b0 = d * 8 * H;
  const bias = B ? Float32Array.from({ length: 4 * H }, (_, n) => f32(B[b0 + n] + B[b0 + 4 * H + n])) : undefined;
  return { H, f, g, h, bias, P, p0: d * 3 * H, clip: p.clip, inputForget };
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
    const { X, W, R, B, h0 } = rnnInputs(ins);
    const c0 = ins[6]?.data as Float32Array | undefined,
      P = ins[7]?.data as Float32Array | undefined;
    const lens = lengthsOf(node, p, ins[4]);
    const [Y, Yh, Yc] = [0, 1, 2].map((k) => outs[k]?.data as Float32Array | undefined);
    if (Y) Y.fill(0);
    for (let d = 0; d < dirs; d++) {
      const q = lstmGates(p, d, B, P, inputForget);
      const w0 = d * 4 * H * input,
        r0 = d * 4 * H * H;
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
          lstmStep(q, g, 0, c, h, 0);
          if (Y) Y.set(h, ix.y(p.reverse[d] ? L - 1 - t : t, d, b));
        }
        if (Yh) for (let j = 0; j < H; j++) Yh[s0 + j] = L ? h[j] : 0;
        if (Yc) for (let j = 0; j < H; j++) Yc[s0 + j] = L ? c[j] : 0;
      }
    }
  };
};

// ---- DynamicQuantizeLSTM --------------------------------------------------------------------------------------------

/**
 * The 8-bit weights of one direction of a DynamicQuantizeLSTM, ready for quantGemm: w - zero point, transposed to
 * [N][K] (each output's K weights in a row), and a scale per column or one.
 */
interface QuantWeights {
  centred: Int16Array;
  scales: Float32Array;
}

/** Direction d's weights of a [dirs, K, N] 8-bit tensor with zero point zp, as QuantWeights. */
function centredWeights(
  data: Uint8Array | Int8Array,
  d: number,
  K: number,
  N: number,
  zp: number,
  scales: Float32Array,
): QuantWeights {
  const centred = new Int16Array(K * N);
  const w0 = d * K * N;
  for (let k = 0; k < K; k++) for (let n = 0; n < N; n++) centred[n * K + k] = data[w0 + k * N + n] - zp;
  return { centred, scales };
}

/**
 * A weight's scale and zero point as onnxruntime reads them: [dirs] (one per direction) or [dirs, 4 hidden] (one per
 * column); a per-column zero point must hold one value throughout (uint8) or be 0 (int8); a per-direction one is
 * taken as it is. Constants (quantize_dynamic writes initializers).
 */
export function quantParams(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  k: number,
  what: string,
  type: 'int8' | 'uint8',
  dirs: number,
  cols: number,
): { scales: Float32Array[]; zps: number[] } {
  const s = inputs[k],
    z = inputs[k + 1];
  if (!s || !z) unsupported(node, `${what}_scale and ${what}_zero_point are required`);
  if (!s.constant || !z.constant) unsupported(node, `${what}_scale and ${what}_zero_point must be constants`);
  expectType(node, s, `${what}_scale`, 'float32');
  expectType(node, z, `${what}_zero_point`, type);
  const perCol = s.dims.length === 2;
  const want = perCol ? [dirs, cols] : [dirs];
  for (const [v, name] of [
    [s, `${what}_scale`],
    [z, `${what}_zero_point`],
  ] as const)
    if (v.dims.length !== want.length || v.dims.some((x, i) => x !== want[i]))
      fail('BAD_SHAPE', node, `${name} is [${v.dims}]: [${dims(dirs)}] or [${dims(dirs, cols)}] expected`);
  const sd = s.constant!.data as Float32Array,
    zd = z.constant!.data as Uint8Array | Int8Array;
  const per = perCol ? cols : 1;
  // a per-column zero point: one value over the whole tensor (uint8), or 0 (int8), as onnxruntime checks
  if (perCol)
    for (const z of zd)
      if (type === 'int8' ? z !== 0 : z !== zd[0])
        unsupported(
          node,
          type === 'int8'
            ? `${what}_zero_point must be 0 for int8 weights (onnxruntime refuses others)`
            : `${what}_zero_point must hold one value (onnxruntime refuses others)`,
        );
  const zps = Array.from({ length: dirs }, (_, d) => zd[d * per]);
  return { scales: Array.from({ length: dirs }, (_, d) => sd.slice(d * per, d * per + per)), zps };
}
const dims = (...d: number[]): string => d.join(', ');

/**
 * The 8-bit product of onnxruntime's quantized LSTM GEMM (rnn_helpers.cc's ComputeGemm for 8-bit weights): A (rows x
 * K, float32) quantized as DynamicQuantizeLinear does (its range over all of A, uint8), the integer sums
 * (a - a_zp)(w - w_zp) exactly (int32), then out = f32(sum) * f32(a_scale * w_scale[n]) stored (`add` false) or
 * added to out (`add` true). `qa` holds the centred quantized A.
 */
function quantGemm(
  A: Float32Array,
  rows: number,
  K: number,
  w: QuantWeights,
  N: number,
  out: Float32Array,
  add: boolean,
  qa: Int16Array,
  mult: Float32Array,
): void {
  const a = A.subarray(0, rows * K);
  const { scale, zeroPoint } = dynamicQuantParams(a);
  for (let i = 0; i < a.length; i++) qa[i] = quantizeValue(a[i], scale, zeroPoint, 'uint8') - zeroPoint;
  const wc = w.centred;
  for (let n = 0; n < N; n++) mult[n] = f32(scale * w.scales[w.scales.length === 1 ? 0 : n]);
  const K4 = K - (K % 4);
  for (let r = 0; r < rows; r++) {
    const a0 = r * K,
      o0 = r * N;
    for (let n = 0; n < N; n++) {
      const b0 = n * K;
      // four partial sums of exact integers (each below 2^53), wrapped to int32 as onnxruntime's sum is
      let s0 = 0,
        s1 = 0,
        s2 = 0,
        s3 = 0;
      let k = 0;
      for (; k < K4; k += 4) {
        s0 += qa[a0 + k] * wc[b0 + k];
        s1 += qa[a0 + k + 1] * wc[b0 + k + 1];
        s2 += qa[a0 + k + 2] * wc[b0 + k + 2];
        s3 += qa[a0 + k + 3] * wc[b0 + k + 3];
      }
      for (; k < K; k++) s0 += qa[a0 + k] * wc[b0 + k];
      const v = f32(f32((s0 + s1 + s2 + s3) | 0) * mult[n]);
      out[o0 + n] = add ? f32(v + out[o0 + n]) : v;
    }
  }
}

/**
 * com.microsoft DynamicQuantizeLSTM (onnxruntime's contrib operator; onnxruntime's quantize_dynamic writes it for an
 * LSTM with constant weights), as onnxruntime computes it with one thread (dynamic_quantize_lstm.cc on
 * uni_directional_lstm.cc). The LSTM above, layout 0, with W [dirs, input, 4 hidden] and R [dirs, hidden, 4 hidden]
 * 8-bit (int8 or uint8, W_scale / W_zero_point and R_scale / R_zero_point per direction or per column) and its two
 * matrix products quantized at run time, per direction:
 *  - the input product once over the rows of the first maxLen steps (maxLen the longest sequence_lens; the reverse
 *    direction reads the same values reordered): X quantized with one range for all of them;
 *  - the recurrent product once per step over every batch row together: the previous step's hidden rows quantized
 *    with one range. A row past its length contributes 0 when Y is an output (onnxruntime reads the previous step
 *    from Y, where it wrote 0) and its last hidden state otherwise (from Y_h's buffer; 0 for a row of length 0,
 *    whose part of that buffer onnxruntime never writes: its output memory, zeros when fresh); at step 0 initial_h
 *    (or 0).
 * Each product: quantGemm; the gate argument is the input product plus the recurrent one (f32(x + h)), then the
 * LSTM's gate arithmetic. onnxruntime with a pool of T threads splits a batch of more than 4 rows (or of 2..4 rows
 * with hidden <= 256) into T parts quantized apart, so its results there depend on its thread count; this is its
 * one-thread result (a batch of one row is the same for any T).
 */
export function dynamicQuantizeLstm(yGiven: boolean): HostOpFactory {
  return (node, inputs, outputs) => {
    const p = plan(node, inputs, outputs, 4, ['input_forget'], ['sigmoid', 'tanh', 'tanh'], true);
    const inputForget = attrInt(node, 'input_forget', 0) !== 0;
    const { dirs, batch, input: I, hidden: H, seq } = p;
    const wv = need(node, inputs, 1, 'W'),
      rv = need(node, inputs, 2, 'R');
    const wt = wv.type,
      rtype = rv.type;
    if (wt !== 'int8' && wt !== 'uint8') unsupported(node, `W is ${wt}: int8 or uint8 expected`);
    if (rtype !== 'int8' && rtype !== 'uint8') unsupported(node, `R is ${rtype}: int8 or uint8 expected`);
    const wq = quantParams(node, inputs, 8, 'W', wt, dirs, 4 * H),
      rq = quantParams(node, inputs, 10, 'R', rtype, dirs, 4 * H);
    const N = 4 * H;
    const xw = new Float32Array(seq * batch * N);
    const qa = new Int16Array(Math.max(seq * batch * I, batch * H));
    const mult = new Float32Array(N);
    // the centred weights of each direction, made at the first run and again only when W / R change (fed)
    let wSeen: unknown, rSeen: unknown;
    const wConst = inputs[1]!.constant !== undefined,
      rConst = inputs[2]!.constant !== undefined;
    let wc: QuantWeights[] = [],
      rc: QuantWeights[] = [];
    const g = new Float32Array(batch * N);
    const h = new Float32Array(batch * H),
      c = new Float32Array(batch * H),
      prev = new Float32Array(batch * H);
    const ix = indexers(p);
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        W = ins[1]!.data as Uint8Array | Int8Array,
        R = ins[2]!.data as Uint8Array | Int8Array;
      const B = ins[3]?.data as Float32Array | undefined,
        h0 = ins[5]?.data as Float32Array | undefined,
        c0 = ins[6]?.data as Float32Array | undefined,
        P = ins[7]?.data as Float32Array | undefined;
      const lens = lengthsOf(node, p, ins[4]);
      const [Y, Yh, Yc] = [0, 1, 2].map((k) => outs[k]?.data as Float32Array | undefined);
      if (Y) Y.fill(0);
      let maxLen = 0;
      for (const l of lens) maxLen = Math.max(maxLen, l);
      if (W !== wSeen || !wConst) {
        wc = Array.from({ length: dirs }, (_, d) => centredWeights(W, d, I, N, wq.zps[d], wq.scales[d]));
        wSeen = W;
      }
      if (R !== rSeen || !rConst) {
        rc = Array.from({ length: dirs }, (_, d) => centredWeights(R, d, H, N, rq.zps[d], rq.scales[d]));
        rSeen = R;
      }
      for (let d = 0; d < dirs; d++) {
        const q = lstmGates(p, d, B, P, inputForget);
        for (let b = 0; b < batch; b++) {
          const s0 = ix.s(d, b);
          for (let j = 0; j < H; j++) {
            h[b * H + j] = h0 ? h0[s0 + j] : 0;
            c[b * H + j] = c0 ? c0[s0 + j] : 0;
          }
        }
        if (maxLen > 0) quantGemm(X, maxLen * batch, I, wc[d], N, xw, false, qa, mult);
        prev.set(h);
        for (let t = 0; t < maxLen; t++) {
          // each active row's gate arguments start as its input product at the step it reads
          for (let b = 0; b < batch; b++) {
            const L = lens[b];
            if (t >= L) continue;
            const row = (p.reverse[d] ? L - 1 - t : t) * batch + b;
            g.set(xw.subarray(row * N, row * N + N), b * N);
          }
          quantGemm(prev, batch, H, rc[d], N, g, true, qa, mult);
          for (let b = 0; b < batch; b++) {
            const L = lens[b];
            if (t >= L) {
              if (yGiven || L === 0) prev.fill(0, b * H, b * H + H);
              continue;
            }
            lstmStep(q, g, b * N, c, h, b * H);
            prev.set(h.subarray(b * H, b * H + H), b * H);
            if (Y) Y.set(h.subarray(b * H, b * H + H), ix.y(p.reverse[d] ? L - 1 - t : t, d, b));
          }
        }
        for (let b = 0; b < batch; b++) {
          const L = lens[b],
            s0 = ix.s(d, b);
          if (Yh) for (let j = 0; j < H; j++) Yh[s0 + j] = L ? h[b * H + j] : 0;
          if (Yc) for (let j = 0; j < H; j++) Yc[s0 + j] = L ? c[b * H + j] : 0;
        }
      }
    };
  };
}

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
    const { X, W, R, B, h0 } = rnnInputs(ins);
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

// ---- RNN ----------------------------------------------------------------------------------------------------------

/** onnxruntime's RNN activation functors (rnn_activation_functors.h), float32 steps, the C library's expf / logf. */
const RNN_FUNCTORS: Record<ActName, (x: number, a: number, b: number) => number> = {
  affine: (x, a, b) => f32(f32(a * x) + b),
  relu: (x) => (0 < x ? x : 0),
  leakyrelu: (x, a) => (x >= 0 ? x : f32(a * x)),
  thresholdedrelu: (x, a) => (x > a ? x : 0),
  tanh: (x) => f32(f32(2 * sigmoidFunctor(f32(2 * x))) - 1),
  scaledtanh: (x, a, b) => f32(a * f32(f32(2 * sigmoidFunctor(f32(2 * f32(b * x)))) - 1)),
  sigmoid: (x) => sigmoidFunctor(x),
  hardsigmoid: (x, a, b) => {
    const v = f32(f32(a * x) + b);
    const m = 0 < v ? v : 0;
    return m < 1 ? m : 1;
  },
  elu: (x, a) => (x >= 0 ? x : f32(a * f32(expF(x) - 1))),
  softsign: (x) => f32(x / f32(1 + Math.abs(x))),
  softplus: (x) => logf(f32(1 + expF(x))),
};

/**
 * RNN (opset 7+, float32), as onnxruntime's CPU kernel computes it (rnn/rnn.cc), layout 0:
 *   per direction, xw = (Wb + Rb) + X W^T for every step (MLAS's accumulate mode onto the fused bias, or onto 0);
 *   at each step (time t, or seq - 1 - t backwards: the reverse direction walks every row from the last step),
 *   y = f32(Ht-1 R^T + xw[t]) (the product in MLAS's zero mode; Ht-1 the previous step's Y, or initial_h, or none:
 *   then y = 0 + xw[t]); a row at a step it does not reach (t >= sequence_lens) takes Ht-1 (0 without one) instead,
 *   every other one f(clip(y)) with clip = max(min(y, clip), -clip) where the attribute is given.
 *   Y_h is Y at each row's last step (forward: its length - 1; reverse: step 0; 0 for a row of length 0); then Y is 0
 *   at every step past a row's length.
 * Activations: one per direction (default Tanh; two names with one direction: the first), read as LSTM's are (names
 * in any case, alpha / beta consumed in order by the functions that take them, onnxruntime's defaults otherwise),
 * computed by onnxruntime's functors: Tanh = 2 Sigmoid(2x) - 1, Sigmoid by expf, Softplus log(1 + exp(x)) by logf
 * and expf, the others as LSTM's.
 * Refused: layout 1 (onnxruntime reads X as layout 0 whatever the attribute), an unknown activation.
 */
export const RNN: HostOpFactory = (node, inputs, outputs) => {
  // two activations with one direction: the first (ONNX's default lists two)
  const listed = node.attributes.get('activations');
  const dirs0 = attrString(node, 'direction', 'forward') === 'bidirectional' ? 2 : 1;
  const one =
    listed?.kind === 'strings' && listed.value.length === 2 && dirs0 === 1
      ? {
          ...node,
          attributes: new Map([
            ...node.attributes,
            ['activations', { kind: 'strings' as const, value: listed.value.slice(0, 1) }],
          ]),
        }
      : node;
  const p = plan(one, inputs, outputs, 1, [], ['tanh']);
  if (p.layout !== 0) unsupported(node, 'layout 1: onnxruntime runs RNN at layout 0 only');
  const { dirs, batch, input: I, hidden: H, seq } = p;
  // onnxruntime clips only with a clip given and not negative (its default, -1, leaves y alone: infinities too)
  const clip = p.clip;
  const clipGiven = node.attributes.has('clip') && !(clip < 0);
  const skW = sgemmStrideK(H, I),
    skR = sgemmStrideK(H, H);
  const xw = new Float32Array(seq * batch * H);
  const yAll = new Float32Array(seq * dirs * batch * H);
  return (ins, outs) => {
    const { X, W, R, B, h0 } = rnnInputs(ins);
    const lens = lengthsOf(node, p, ins[4]);
    const [Y, Yh] = [0, 1].map((k) => outs[k]?.data as Float32Array | undefined);
    const frame = batch * H;
    const at = (t: number, d: number) => (t * dirs + d) * frame;
    for (let d = 0; d < dirs; d++) {
      const act = p.acts[d];
      const fn = RNN_FUNCTORS[act.name];
      const a = act.alpha,
        b = act.beta;
      const reverse = p.reverse[d];
      for (let r = 0; r < seq * batch; r++)
        for (let n = 0; n < H; n++) {
          const c = B ? f32(B[d * 2 * H + n] + B[d * 2 * H + H + n]) : 0;
          xw[r * H + n] = dot(X, r * I, W, (d * H + n) * I, I, skW, c);
        }
      for (let t = 0; t < seq; t++) {
        const ts = reverse ? seq - 1 - t : t;
        const y0 = at(ts, d);
        const prev =
          t === 0 ? (h0 ? { data: h0, at: d * frame } : null) : { data: yAll, at: at(reverse ? ts + 1 : ts - 1, d) };
        for (let bi = 0; bi < batch; bi++) {
          const valid = ts < lens[bi];
          for (let n = 0; n < H; n++) {
            const k = bi * H + n;
            if (!valid) {
              yAll[y0 + k] = prev ? prev.data[prev.at + k] : 0;
              continue;
            }
            const hr = prev ? dot(prev.data as Float32Array, prev.at + bi * H, R, (d * H + n) * H, H, skR) : 0;
            let v = f32(hr + xw[ts * frame + k]);
            if (clipGiven) {
              v = clip < v ? clip : v;
              v = v < -clip ? -clip : v;
            }
            yAll[y0 + k] = fn(v, a, b);
          }
        }
      }
      if (Yh)
        for (let bi = 0; bi < batch; bi++) {
          const last = reverse ? 0 : lens[bi] - 1;
          for (let n = 0; n < H; n++)
            Yh[(d * batch + bi) * H + n] = lens[bi] === 0 ? 0 : yAll[at(last, d) + bi * H + n];
        }
    }
    for (let d = 0; d < dirs; d++)
      for (let bi = 0; bi < batch; bi++)
        for (let t = lens[bi]; t < seq; t++) yAll.fill(0, at(t, d) + bi * H, at(t, d) + bi * H + H);
    if (Y) Y.set(yAll);
  };
};

/**
 * The lowering of LSTM, GRU, RNN and DynamicQuantizeLSTM: their TypeScript operator (made knowing whether Y is an output
 * of the node), where an omitted output (an empty name before a named one) is planned as a value of the step's own
 * (computed, read by nothing), so that every output the operator writes has its bytes.
 */
export function lowerRnn(make: (yGiven: boolean) => HostOpFactory): Lower {
  return (node, c) => {
    const factory = make(node.outputs[0] !== '');
    if (!node.outputs.includes('')) return lowerHost(node, c.name, c.values, factory, c.opset);
    const x = c.values.get(node.inputs[0]);
    const r = c.values.get(node.inputs[2]);
    if (!x || !r || x.dims.length !== 3 || r.dims.length !== 3)
      return lowerHost(node, c.name, c.values, factory, c.opset);
    const layout = attrInt(node, 'layout', 0);
    const [seq, batch] = layout === 0 ? x.dims : [x.dims[1], x.dims[0]];
    const dirs = r.dims[0],
      hidden = attrInt(node, 'hidden_size', r.dims[2]);
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
