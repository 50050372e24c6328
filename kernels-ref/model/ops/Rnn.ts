/**
 * LSTM (opset 7+) and GRU (opset 7+), float32, from ONNX's definitions (every direction, layout 0 and 1,
 * sequence_lens, initial_h / initial_c, peepholes, input_forget, clip, linear_before_reset, the activations ONNX
 * lists with its operators' default alphas and betas), written for clarity:
 *
 *   LSTM (gates i, o, f, c):  it = f(Xt Wi^T + Ht-1 Ri^T + Pi . Ct-1 + Wbi + Rbi)
 *                             ft = f(Xt Wf^T + Ht-1 Rf^T + Pf . Ct-1 + Wbf + Rbf)   (1 - it with input_forget)
 *                             ct = g(Xt Wc^T + Ht-1 Rc^T + Wbc + Rbc)
 *                             Ct = ft . Ct-1 + it . ct
 *                             ot = f(Xt Wo^T + Ht-1 Ro^T + Po . Ct + Wbo + Rbo)
 *                             Ht = ot . h(Ct)
 *   GRU (gates z, r, h):      zt = f(Xt Wz^T + Ht-1 Rz^T + Wbz + Rbz)
 *                             rt = f(Xt Wr^T + Ht-1 Rr^T + Wbr + Rbr)
 *                             ht = g(Xt Wh^T + (rt . Ht-1) Rh^T + Rbh + Wbh)          (linear_before_reset 0)
 *                             ht = g(Xt Wh^T + rt . (Ht-1 Rh^T + Rbh) + Wbh)          (linear_before_reset 1)
 *                             Ht = (1 - zt) . ht + zt . Ht-1
 * Sums left to right, each product and sum rounded to float32; a matrix product sums its terms in k order from 0.
 * clip (where given) clamps each gate's argument to [-clip, clip] before its activation (not Ct before h). Sigmoid,
 * Tanh, exp and log in double, rounded once. A reverse direction reads each row's steps backwards within its length
 * (sequence_lens); Y is 0 past a row's length; Y_h / Y_c hold the state after its last step (0 for length 0).
 * activation_alpha / activation_beta are consumed in order by the functions that take them.
 */
import {
  attrFloat,
  attrInt,
  attrString,
  expectType,
  f32,
  makeTensor,
  need,
  onlyAttrs,
  type Attributes,
  type OpFn,
  type Tensor,
} from '../tensor.js';
import { DynamicQuantizeLinear } from './DynamicQuantizeLinear.js';

type Fn = (x: number) => number;

/** The activation functions ONNX lists, with its operators' default alpha / beta. */
const ACTIVATIONS: Record<string, { alpha?: number; beta?: number; make: (a: number, b: number) => Fn }> = {
  relu: { make: () => (x) => (x > 0 ? x : 0) },
  tanh: { make: () => (x) => f32(Math.tanh(x)) },
  sigmoid: { make: () => (x) => f32(1 / (1 + Math.exp(-x))) },
  affine: { alpha: 1, beta: 0, make: (a, b) => (x) => f32(f32(a * x) + b) },
  leakyrelu: { alpha: 0.01, make: (a) => (x) => (x >= 0 ? x : f32(a * x)) },
  thresholdedrelu: { alpha: 1, make: (a) => (x) => (x > a ? x : 0) },
  scaledtanh: { alpha: 1, beta: 1, make: (a, b) => (x) => f32(a * f32(Math.tanh(f32(b * x)))) },
  hardsigmoid: { alpha: 0.2, beta: 0.5, make: (a, b) => (x) => Math.min(Math.max(f32(f32(a * x) + b), 0), 1) },
  elu: { alpha: 1, make: (a) => (x) => (x >= 0 ? x : f32(a * (Math.exp(x) - 1))) },
  softsign: { make: () => (x) => f32(x / (1 + Math.abs(x))) },
  softplus: { make: () => (x) => f32(Math.log(1 + Math.exp(x))) },
};

function activations(attrs: Attributes, op: string, dirs: number, defaults: string[]): Fn[] {
  const a = attrs.get('activations');
  const names = a?.kind === 'strings' ? a.value : Array.from({ length: dirs }, () => defaults).flat();
  if (names.length !== defaults.length * dirs)
    throw new Error(`${op}: ${names.length} activations for ${dirs} direction(s)`);
  const floats = (k: string): number[] => {
    const v = attrs.get(k);
    return v?.kind === 'floats' ? v.value : [];
  };
  const alphas = floats('activation_alpha'),
    betas = floats('activation_beta');
  let ai = 0,
    bi = 0;
  return names.map((n) => {
    const spec = ACTIVATIONS[n.toLowerCase()];
    if (!spec || !Object.hasOwn(ACTIVATIONS, n.toLowerCase())) throw new Error(`${op}: activation ${n} is unknown`);
    const alpha = spec.alpha === undefined ? 0 : ai < alphas.length ? alphas[ai++] : spec.alpha;
    const beta = spec.beta === undefined ? 0 : bi < betas.length ? betas[bi++] : spec.beta;
    return spec.make(f32(alpha), f32(beta));
  });
}

/** The sum of A[a0 + k] * B[b0 + k] over k < K, in k order from 0, float32. */
function dot(A: ArrayLike<number>, a0: number, B: ArrayLike<number>, b0: number, K: number): number {
  let s = 0;
  for (let k = 0; k < K; k++) s = f32(s + f32(A[a0 + k] * B[b0 + k]));
  return s;
}

interface Geometry {
  seq: number;
  batch: number;
  input: number;
  hidden: number;
  dirs: number;
  layout: number;
  reverse: boolean[];
  lens: number[];
  clip: Fn;
}

function geometry(inputs: readonly (Tensor | undefined)[], attrs: Attributes, op: string, gates: number): Geometry {
  const x = need(inputs, 0, 'X'),
    w = need(inputs, 1, 'W'),
    r = need(inputs, 2, 'R');
  for (const [t, n] of [
    [x, 'X'],
    [w, 'W'],
    [r, 'R'],
  ] as const)
    expectType(t, `${op} ${n}`, 'float32');
  const layout = attrInt(attrs, 'layout', 0);
  if (x.dims.length !== 3) throw new Error(`${op}: X must be 3-D`);
  const [seq, batch, input] = layout === 0 ? x.dims : [x.dims[1], x.dims[0], x.dims[2]];
  const direction = attrString(attrs, 'direction', 'forward');
  const reverse =
    direction === 'bidirectional'
      ? [false, true]
      : direction === 'reverse'
        ? [true]
        : direction === 'forward'
          ? [false]
          : null;
  if (!reverse) throw new Error(`${op}: direction ${direction} is unknown`);
  const hidden = attrInt(attrs, 'hidden_size', r.dims[2]);
  if (w.dims.join() !== [reverse.length, gates * hidden, input].join() || r.dims[1] !== gates * hidden)
    throw new Error(`${op}: W [${w.dims}] / R [${r.dims}] do not fit X [${x.dims}] and hidden_size ${hidden}`);
  const sl = inputs[4];
  if (sl) expectType(sl, `${op} sequence_lens`, 'int32');
  const lens = sl ? Array.from(sl.data as Int32Array) : new Array<number>(batch).fill(seq);
  if (lens.some((l) => l < 0 || l > seq)) throw new Error(`${op}: sequence_lens [${lens}] outside [0, ${seq}]`);
  const clipGiven = attrs.has('clip');
  const c = f32(attrFloat(attrs, 'clip', 0));
  return {
    seq,
    batch,
    input,
    hidden,
    dirs: reverse.length,
    layout,
    reverse,
    lens,
    clip: clipGiven ? (v) => Math.min(Math.max(v, -c), c) : (v) => v,
  };
}

function runRnn(
  op: 'LSTM' | 'GRU',
  inputs: readonly (Tensor | undefined)[],
  attrs: Attributes,
  outputCount: number,
): Tensor[] {
  const gates = op === 'LSTM' ? 4 : 3;
  const g = geometry(inputs, attrs, op, gates);
  const { seq, batch, input: I, hidden: H, dirs, layout } = g;
  const acts = activations(attrs, op, dirs, op === 'LSTM' ? ['Sigmoid', 'Tanh', 'Tanh'] : ['Sigmoid', 'Tanh']);
  const X = inputs[0]!.data as Float32Array,
    W = inputs[1]!.data as Float32Array,
    R = inputs[2]!.data as Float32Array;
  const Bv = inputs[3]?.data as Float32Array | undefined,
    h0 = inputs[5]?.data as Float32Array | undefined;
  const c0 = op === 'LSTM' ? (inputs[6]?.data as Float32Array | undefined) : undefined;
  const P = op === 'LSTM' ? (inputs[7]?.data as Float32Array | undefined) : undefined;
  const inputForget = attrInt(attrs, 'input_forget', 0) !== 0;
  const lbr = attrInt(attrs, 'linear_before_reset', 0) !== 0;
  const yDims = layout === 0 ? [seq, dirs, batch, H] : [batch, seq, dirs, H];
  const sDims = layout === 0 ? [dirs, batch, H] : [batch, dirs, H];
  const Y = makeTensor('float32', yDims),
    Yh = makeTensor('float32', sDims),
    Yc = makeTensor('float32', sDims);
  const xAt = (t: number, b: number) => (layout === 0 ? (t * batch + b) * I : (b * seq + t) * I);
  const yAt = (t: number, d: number, b: number) =>
    layout === 0 ? ((t * dirs + d) * batch + b) * H : ((b * seq + t) * dirs + d) * H;
  const sAt = (d: number, b: number) => (layout === 0 ? (d * batch + b) * H : (b * dirs + d) * H);
  const bias = (d: number, n: number) => (Bv ? Bv[d * 2 * gates * H + n] : 0);
  const rbias = (d: number, n: number) => (Bv ? Bv[d * 2 * gates * H + gates * H + n] : 0);
  for (let d = 0; d < dirs; d++) {
    const [f, gf, hf] = acts.slice((d * acts.length) / dirs);
    const w0 = d * gates * H * I,
      r0 = d * gates * H * H;
    for (let b = 0; b < batch; b++) {
      const L = g.lens[b];
      let h = Array.from({ length: H }, (_, j) => (h0 ? h0[sAt(d, b) + j] : 0));
      let c = Array.from({ length: H }, (_, j) => (c0 ? c0[sAt(d, b) + j] : 0));
      for (let t = 0; t < L; t++) {
        const tt = g.reverse[d] ? L - 1 - t : t;
        const xw = (n: number) => dot(X, xAt(tt, b), W, w0 + n * I, I);
        const hr = (n: number, v: ArrayLike<number>) => dot(v, 0, R, r0 + n * H, H);
        if (op === 'LSTM') {
          // gate n's argument: Xt W[n]^T + Ht-1 R[n]^T (+ P . C) + Wb + Rb
          const arg = (n: number, peep?: number) => {
            let s = f32(xw(n) + hr(n, h));
            if (peep !== undefined) s = f32(s + peep);
            return f32(f32(s + bias(d, n)) + rbias(d, n));
          };
          const nextC = c.map((cj, j) => {
            const i = f(g.clip(arg(j, P ? f32(P[d * 3 * H + j] * cj) : undefined)));
            const fg = inputForget
              ? f32(1 - i)
              : f(g.clip(arg(2 * H + j, P ? f32(P[d * 3 * H + 2 * H + j] * cj) : undefined)));
            const cc = gf(g.clip(arg(3 * H + j)));
            return f32(f32(fg * cj) + f32(i * cc));
          });
          h = nextC.map((C, j) => {
            const o = f(g.clip(arg(H + j, P ? f32(P[d * 3 * H + H + j] * C) : undefined)));
            return f32(o * hf(C));
          });
          c = nextC;
        } else {
          const arg = (n: number, v: ArrayLike<number>) => f32(f32(f32(xw(n) + hr(n, v)) + bias(d, n)) + rbias(d, n));
          const z = h.map((_, j) => f(g.clip(arg(j, h))));
          const r = h.map((_, j) => f(g.clip(arg(H + j, h))));
          const rh = h.map((v, j) => f32(r[j] * v));
          h = h.map((prev, j) => {
            const n = 2 * H + j;
            const a = lbr
              ? f32(f32(xw(n) + f32(r[j] * f32(hr(n, h) + rbias(d, n)))) + bias(d, n))
              : f32(f32(f32(xw(n) + hr(n, rh)) + rbias(d, n)) + bias(d, n));
            return f32(f32(f32(1 - z[j]) * gf(g.clip(a))) + f32(z[j] * prev));
          });
        }
        (Y.data as Float32Array).set(h, yAt(tt, d, b));
      }
      if (L > 0) {
        (Yh.data as Float32Array).set(h, sAt(d, b));
        if (op === 'LSTM') (Yc.data as Float32Array).set(c, sAt(d, b));
      }
    }
  }
  return [Y, Yh, Yc].slice(0, outputCount);
}

const ATTRS = ['activation_alpha', 'activation_beta', 'activations', 'clip', 'direction', 'hidden_size', 'layout'];

export const LSTM: OpFn = (inputs, attrs, _opset, outputCount = 3) => {
  onlyAttrs(attrs, 'LSTM', ...ATTRS, 'input_forget');
  return runRnn('LSTM', inputs, attrs, outputCount);
};

export const GRU: OpFn = (inputs, attrs, _opset, outputCount = 2) => {
  onlyAttrs(attrs, 'GRU', ...ATTRS, 'linear_before_reset');
  return runRnn('GRU', inputs, attrs, outputCount);
};

/**
 * com.microsoft DynamicQuantizeLSTM (onnxruntime's contrib operator, written by its quantize_dynamic for an LSTM):
 * the LSTM above (layout 0) whose W [dirs, input, 4 hidden] and R [dirs, hidden, 4 hidden] are 8-bit (int8 or
 * uint8, with W_scale / W_zero_point and R_scale / R_zero_point, inputs 8 to 11, one per direction or one per column
 * of 4 hidden; a per-column zero point holds one value throughout) and whose matrix products are integer ones on
 * inputs quantized at run time by DynamicQuantizeLinear, as onnxruntime computes them with one thread:
 *   Xt W^T: X's first maxLen steps (maxLen the longest row), all together, quantized once per direction;
 *   Ht-1 R^T: at each step, the batch's previous hidden rows together, quantized once: a row's last output, or 0
 *           for a row past its length when Y is an output (onnxruntime reads them back from Y) and for a row of
 *           length 0 (initial_h at step 0);
 *   each output = (the exact integer sum of (a - a_zp)(w - w_zp), to float32) * (a_scale * w_scale, float32),
 *   and the gate argument Xt W^T + Ht-1 R^T.
 */
export const DynamicQuantizeLSTM: OpFn = (inputs, attrs, _opset, outputCount = 3, ctx) => {
  onlyAttrs(attrs, 'DynamicQuantizeLSTM', ...ATTRS.filter((a) => a !== 'layout'), 'input_forget');
  const op = 'DynamicQuantizeLSTM';
  const x = need(inputs, 0, 'X'),
    w = need(inputs, 1, 'W'),
    r = need(inputs, 2, 'R');
  expectType(x, `${op} X`, 'float32');
  expectType(w, `${op} W`, 'int8', 'uint8');
  expectType(r, `${op} R`, 'int8', 'uint8');
  if (x.dims.length !== 3) throw new Error(`${op}: X must be 3-D`);
  const [seq, batch, I] = x.dims;
  const direction = attrString(attrs, 'direction', 'forward');
  const reverse = { forward: [false], reverse: [true], bidirectional: [false, true] }[direction];
  if (!reverse) throw new Error(`${op}: direction ${direction} is unknown`);
  const dirs = reverse.length;
  const H = attrInt(attrs, 'hidden_size', 0);
  const N = 4 * H;
  if (w.dims.join() !== [dirs, I, N].join() || r.dims.join() !== [dirs, H, N].join())
    throw new Error(`${op}: W [${w.dims}] / R [${r.dims}] do not fit X [${x.dims}] and hidden_size ${H}`);
  const sl = inputs[4];
  const lens = sl ? Array.from(sl.data as Int32Array) : new Array<number>(batch).fill(seq);
  if (lens.some((l) => l < 0 || l > seq)) throw new Error(`${op}: sequence_lens [${lens}] outside [0, ${seq}]`);
  const maxLen = Math.max(0, ...lens);
  const clipGiven = attrs.has('clip');
  const cl = f32(attrFloat(attrs, 'clip', 0));
  const clip: Fn = clipGiven ? (v) => Math.min(Math.max(v, -cl), cl) : (v) => v;
  const acts = activations(attrs, op, dirs, ['Sigmoid', 'Tanh', 'Tanh']);
  const Bv = inputs[3]?.data as Float32Array | undefined,
    h0 = inputs[5]?.data as Float32Array | undefined,
    c0 = inputs[6]?.data as Float32Array | undefined,
    P = inputs[7]?.data as Float32Array | undefined;
  const inputForget = attrInt(attrs, 'input_forget', 0) !== 0;
  // a weight's scale and zero point for direction d, column n
  const param = (k: number, d: number, n: number): [number, number] => {
    const s = need(inputs, k, `${op} input ${k}`),
      z = need(inputs, k + 1, `${op} input ${k + 1}`);
    const per = s.dims.length === 2 ? N : 1;
    const zd = z.data as Int8Array | Uint8Array;
    if (per > 1 && zd.some((v) => v !== zd[0])) throw new Error(`${op}: a per-column zero point varies`);
    return [(s.data as Float32Array)[d * per + (per === 1 ? 0 : n)], zd[d * per]];
  };
  // the float32 outputs of A (rows x K) times the 8-bit weights Wq [K, N] of direction d, A quantized at run time
  const product = (A: Float32Array, rows: number, K: number, Wq: Tensor, k: number, d: number): Float32Array => {
    const [q, sc, zp] = DynamicQuantizeLinear([makeTensor('float32', [A.length], A)], new Map(), 11);
    const a = q.data as Uint8Array,
      aScale = (sc.data as Float32Array)[0],
      aZp = (zp.data as Uint8Array)[0];
    const wd = Wq.data as Int8Array | Uint8Array;
    const out = new Float32Array(rows * N);
    for (let i = 0; i < rows; i++)
      for (let n = 0; n < N; n++) {
        const [wScale, wZp] = param(k, d, n);
        let sum = 0;
        for (let kk = 0; kk < K; kk++) sum += (a[i * K + kk] - aZp) * (wd[(d * K + kk) * N + n] - wZp);
        out[i * N + n] = f32(f32(sum) * f32(aScale * wScale));
      }
    return out;
  };
  const Y = makeTensor('float32', [seq, dirs, batch, H]),
    Yh = makeTensor('float32', [dirs, batch, H]),
    Yc = makeTensor('float32', [dirs, batch, H]);
  const yOut = Y.data as Float32Array;
  const bias = (d: number, n: number) => (Bv ? Bv[d * 8 * H + n] : 0);
  const rbias = (d: number, n: number) => (Bv ? Bv[d * 8 * H + 4 * H + n] : 0);
  for (let d = 0; d < dirs; d++) {
    const [f, gf, hf] = acts.slice(3 * d, 3 * d + 3);
    const xw = product((x.data as Float32Array).slice(0, maxLen * batch * I), maxLen * batch, I, w, 8, d);
    const h = Array.from({ length: batch }, (_, b) =>
      Array.from({ length: H }, (_, j) => (h0 ? h0[(d * batch + b) * H + j] : 0)),
    );
    const c = Array.from({ length: batch }, (_, b) =>
      Array.from({ length: H }, (_, j) => (c0 ? c0[(d * batch + b) * H + j] : 0)),
    );
    const prev = h.map((row) => [...row]);
    for (let t = 0; t < maxLen; t++) {
      const hr = product(Float32Array.from(prev.flat()), batch, H, r, 10, d);
      for (let b = 0; b < batch; b++) {
        const L = lens[b];
        if (t >= L) {
          if (ctx?.outputNamed[0] || L === 0) prev[b].fill(0);
          continue;
        }
        const tt = reverse[d] ? L - 1 - t : t;
        const arg = (n: number, peep?: number) => {
          let s = f32(xw[(tt * batch + b) * N + n] + hr[b * N + n]);
          if (peep !== undefined) s = f32(s + peep);
          return f32(f32(s + bias(d, n)) + rbias(d, n));
        };
        const nextC = c[b].map((cj, j) => {
          const i = f(clip(arg(j, P ? f32(P[d * 3 * H + j] * cj) : undefined)));
          const fg = inputForget
            ? f32(1 - i)
            : f(clip(arg(2 * H + j, P ? f32(P[d * 3 * H + 2 * H + j] * cj) : undefined)));
          return f32(f32(fg * cj) + f32(i * gf(clip(arg(3 * H + j)))));
        });
        h[b] = nextC.map((C, j) => f32(f(clip(arg(H + j, P ? f32(P[d * 3 * H + H + j] * C) : undefined))) * hf(C)));
        c[b] = nextC;
        prev[b] = [...h[b]];
        yOut.set(h[b], ((tt * dirs + d) * batch + b) * H);
      }
    }
    for (let b = 0; b < batch; b++)
      if (lens[b] > 0) {
        (Yh.data as Float32Array).set(h[b], (d * batch + b) * H);
        (Yc.data as Float32Array).set(c[b], (d * batch + b) * H);
      }
  }
  return [Y, Yh, Yc].slice(0, outputCount);
};

/**
 * onnxruntime's RNN activation functions by lower-case name: [function, whether it takes alpha, beta, their defaults
 * (onnxruntime's: 0 but for LeakyRelu, HardSigmoid and Elu)].
 */
const RNN_FUNCS: Record<string, [(x: number, a: number, b: number) => number, number?, number?]> = {
  affine: [(x, a, b) => f32(f32(a * x) + b), 0, 0],
  relu: [(x) => (x > 0 ? x : 0)],
  leakyrelu: [(x, a) => (x >= 0 ? x : f32(a * x)), 0.01],
  thresholdedrelu: [(x, a) => (x > a ? x : 0), 0],
  sigmoid: [(x) => f32(1 / (1 + Math.exp(-x)))],
  tanh: [(x) => f32(2 * f32(1 / (1 + Math.exp(-2 * x))) - 1)],
  scaledtanh: [(x, a, b) => f32(a * f32(2 * f32(1 / (1 + Math.exp(-2 * f32(b * x)))) - 1)), 0, 0],
  hardsigmoid: [(x, a, b) => Math.min(1, Math.max(0, f32(f32(a * x) + b))), 0.2, 0.5],
  elu: [(x, a) => (x >= 0 ? x : f32(a * (Math.exp(x) - 1))), 1],
  softsign: [(x) => f32(x / (1 + Math.abs(x)))],
  softplus: [(x) => f32(Math.log(1 + Math.exp(x)))],
};

/**
 * RNN (opset 7+, float32, layout 0), as onnxruntime defines it: per direction and step
 *   Ht = f(clip(Ht-1 R^T + (Xt W^T + Wb + Rb))),
 * the reverse direction walking every row from the last step, a row at a step past its length keeping Ht-1 (0 without
 * one); Y_h the row's last step (forward: its length - 1; reverse: step 0; 0 for a length of 0); Y 0 past each row's
 * length. Activations: one per direction (default Tanh; two names with one direction: the first; any case), alpha /
 * beta consumed in order by the functions that take them, onnxruntime's defaults otherwise; clip = max(min(y, clip),
 * -clip) where given and not negative. Sums in k order; sigmoid, tanh (2 sigmoid(2x) - 1), exp and log in double.
 */
export const RNN: OpFn = (inputs, attrs, _opset, outputCount = 2) => {
  onlyAttrs(attrs, 'RNN', ...ATTRS);
  if (attrInt(attrs, 'layout', 0) !== 0) throw new Error('RNN: layout 1 is not taken (onnxruntime reads layout 0)');
  const g = geometry(inputs, attrs, 'RNN', 1);
  const { seq, batch, input: I, hidden: H, dirs } = g;
  const a = attrs.get('activations');
  let names = a?.kind === 'strings' ? a.value : new Array<string>(dirs).fill('Tanh');
  if (names.length === 2 && dirs === 1) names = names.slice(0, 1);
  if (names.length !== dirs || names.some((n) => !Object.hasOwn(RNN_FUNCS, n.toLowerCase())))
    throw new Error(`RNN: activations [${names}] for ${dirs} direction(s)`);
  const floats = (k: string): number[] => {
    const v = attrs.get(k);
    return v?.kind === 'floats' ? [...v.value] : [];
  };
  const alphas = floats('activation_alpha'),
    betas = floats('activation_beta');
  // each function takes the next alpha / beta where it takes one
  const fns = names.map((name) => {
    const [fn, da, db] = RNN_FUNCS[name.toLowerCase()];
    const al = da === undefined ? 0 : f32(alphas.shift() ?? da);
    const be = db === undefined ? 0 : f32(betas.shift() ?? db);
    return (x: number) => fn(x, al, be);
  });
  const c = f32(attrFloat(attrs, 'clip', -1));
  const clip = attrs.has('clip') && c >= 0 ? (v: number) => Math.max(Math.min(v, c), -c) : (v: number) => v;
  const X = inputs[0]!.data as Float32Array,
    W = inputs[1]!.data as Float32Array,
    R = inputs[2]!.data as Float32Array;
  const Bv = inputs[3]?.data as Float32Array | undefined,
    h0 = inputs[5]?.data as Float32Array | undefined;
  const Y = makeTensor('float32', [seq, dirs, batch, H]),
    Yh = makeTensor('float32', [dirs, batch, H]);
  const y = Y.data as Float32Array;
  const yAt = (t: number, d: number, b: number) => ((t * dirs + d) * batch + b) * H;
  for (let d = 0; d < dirs; d++) {
    const fn = fns[d];
    for (let t = 0; t < seq; t++) {
      const ts = g.reverse[d] ? seq - 1 - t : t;
      const prevT = g.reverse[d] ? ts + 1 : ts - 1;
      for (let b = 0; b < batch; b++) {
        const prev = (j: number): number | undefined =>
          t > 0 ? y[yAt(prevT, d, b) + j] : h0 ? h0[(d * batch + b) * H + j] : undefined;
        for (let n = 0; n < H; n++) {
          if (ts >= g.lens[b]) {
            y[yAt(ts, d, b) + n] = prev(n) ?? 0;
            continue;
          }
          const bias = Bv ? f32(Bv[d * 2 * H + n] + Bv[d * 2 * H + H + n]) : 0;
          const xw = f32(bias + dot(X, (ts * batch + b) * I, W, (d * H + n) * I, I));
          const hv = Array.from({ length: H }, (_, j) => prev(j) ?? 0);
          const hr = t > 0 || h0 ? dot(hv, 0, R, (d * H + n) * H, H) : 0;
          y[yAt(ts, d, b) + n] = fn(clip(f32(hr + xw)));
        }
      }
    }
    for (let b = 0; b < batch; b++) {
      const last = g.reverse[d] ? 0 : g.lens[b] - 1;
      if (g.lens[b] > 0)
        (Yh.data as Float32Array).set(y.subarray(yAt(last, d, b), yAt(last, d, b) + H), (d * batch + b) * H);
    }
  }
  for (let d = 0; d < dirs; d++)
    for (let b = 0; b < batch; b++) for (let t = g.lens[b]; t < seq; t++) y.fill(0, yAt(t, d, b), yAt(t, d, b) + H);
  return [Y, Yh].slice(0, outputCount);
};
