/**
 * Oracle of the WebGPU weight-only convolution (docs/gpu.md#semantics):
 * dequantize, then a plain float64 convolution with bias and activation. Also the encoder that quantizes
 * float weights the way MNN's tests do (docs/testing.md, C.1 / C.2) and the deterministic data of those tests.
 *
 * Layouts: input NCHW, weights OIHW (element e = ((oc*IC + ic)*KH + kh)*KW + kw), output NCHW.
 * Quantized storage: int8 = one byte per element (two's complement); int4 = two elements per byte, the even
 * element in the high nibble, q = nibble - 8. Scales/offsets: [oc*nBlk + b], w = q*S[oc][b] + O[oc][b] with
 * b = ic / blockSize (one block per output channel when blockSize is 0).
 */

export interface RefConvShape {
  n: number;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  fh: number;
  fw: number;
  sh: number;
  sw: number;
  ph: number;
  pw: number;
  dh: number;
  dw: number;
  nonlinearity: 'identity' | 'relu' | 'relu6';
}

export function refOutSize(s: RefConvShape): [number, number] {
  return [
    Math.floor((s.ih + 2 * s.ph - (s.fh - 1) * s.dh - 1) / s.sh) + 1,
    Math.floor((s.iw + 2 * s.pw - (s.fw - 1) * s.dw - 1) / s.sw) + 1,
  ];
}

/** The declared convolution parameters (the API's object: fh/fw, optional [h, w] stride / pad / dilation). */
export interface RefConvParams {
  n: number;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  fh: number;
  fw: number;
  stride?: ArrayLike<number>;
  pad?: ArrayLike<number>;
  dilation?: ArrayLike<number>;
}

/**
 * The oracle's own reading of the declared parameters (defaults: stride 1, pad 0, dilation 1, pad on both sides),
 * so that the product's parsing of stride, pad or dilation is checked against it, not shared with it.
 */
export function refShapeOf(p: RefConvParams, nonlinearity: RefConvShape['nonlinearity']): RefConvShape {
  const two = (v: ArrayLike<number> | undefined, d: number): [number, number] =>
    v === undefined ? [d, d] : [v[0], v[1]];
  const [sh, sw] = two(p.stride, 1);
  const [ph, pw] = two(p.pad, 0);
  const [dh, dw] = two(p.dilation, 1);
  return { n: p.n, ic: p.ic, ih: p.ih, iw: p.iw, oc: p.oc, fh: p.fh, fw: p.fw, sh, sw, ph, pw, dh, dw, nonlinearity };
}

/** q of element e from quantized storage. */
export function quantAt(bits: 4 | 8, data: Uint8Array, e: number): number {
  if (bits === 8) return (data[e] << 24) >> 24;
  const b = data[e >> 1];
  return ((e & 1) === 0 ? b >> 4 : b & 15) - 8;
}

/** Float weights (OIHW) from quantized storage: w = q*S + O, computed in float32 like the kernels' inputs. */
export function dequantizeLowMem(
  bits: 4 | 8,
  oc: number,
  ic: number,
  kh: number,
  kw: number,
  blockSize: number,
  data: Uint8Array,
  scales: Float32Array,
  offsets?: Float32Array,
): Float64Array {
  const nBlk = blockSize === 0 ? 1 : ic / blockSize;
  const out = new Float64Array(oc * ic * kh * kw);
  for (let o = 0; o < oc; o++)
    for (let c = 0; c < ic; c++) {
      const b = blockSize === 0 ? 0 : Math.floor(c / blockSize);
      const S = scales[o * nBlk + b];
      const O = offsets ? offsets[o * nBlk + b] : 0;
      for (let k = 0; k < kh * kw; k++) {
        const e = (o * ic + c) * kh * kw + k;
        out[e] = quantAt(bits, data, e) * S + O;
      }
    }
  return out;
}

/** out[n][oc][oh][ow] = nonlinearity(bias[oc] + sum x * w) over taps inside the input; float64 accumulation. */
export function lowMemConvRef(
  s: RefConvShape,
  x: ArrayLike<number>,
  w: ArrayLike<number>,
  bias: ArrayLike<number>,
): Float64Array {
  const [oh, ow] = refOutSize(s);
  const out = new Float64Array(s.n * s.oc * oh * ow);
  for (let n = 0; n < s.n; n++)
    for (let o = 0; o < s.oc; o++)
      for (let y = 0; y < oh; y++)
        for (let xo = 0; xo < ow; xo++) {
          let acc = bias[o];
          for (let c = 0; c < s.ic; c++)
            for (let ky = 0; ky < s.fh; ky++) {
              const iy = y * s.sh - s.ph + ky * s.dh;
              if (iy < 0 || iy >= s.ih) continue;
              for (let kx = 0; kx < s.fw; kx++) {
                const ix = xo * s.sw - s.pw + kx * s.dw;
                if (ix < 0 || ix >= s.iw) continue;
                acc += x[((n * s.ic + c) * s.ih + iy) * s.iw + ix] * w[((o * s.ic + c) * s.fh + ky) * s.fw + kx];
              }
            }
          if (s.nonlinearity === 'relu') acc = Math.max(acc, 0);
          else if (s.nonlinearity === 'relu6') acc = Math.min(Math.max(acc, 0), 6);
          out[((n * s.oc + o) * oh + y) * ow + xo] = acc;
        }
  return out;
}

/** C's round(): halves away from zero (Math.round is wrong for negative halves). */
export function roundHalfAway(v: number): number {
  return v < 0 ? -Math.floor(-v + 0.5) : Math.floor(v + 0.5);
}

export interface Quantized {
  data: Uint8Array;
  scales: Float32Array;
  offsets?: Float32Array;
  /** the weights the quantized data stands for (q*S + O), what MNN's tests use as the reference (empty with skipDequantized) */
  dequantized: Float64Array;
}

/**
 * MNN-test encoder (docs/testing.md#c-webgpu-weight-only-convolution-mnn), per (oc, block) of blockSize input channels x the KHxKW window:
 * symmetric: T = 2^(b-1) - 1, S = max(absmax, 1e-8)/T, q = clamp(round(w/S), -T, T), O = 0;
 * asymmetric: clampMin = -T-1, S = (max-min)/(T - clampMin), q = clamp(round((w-min)/S + clampMin)),
 * O = min - clampMin*S (the loader's rewrite of the stored (min, scale) pair).
 * `noClamp` reproduces C.2/C.3's symmetric encoder (q = round(w/S), which cannot exceed T anyway).
 */
export function quantizeMnn(
  w: ArrayLike<number>,
  oc: number,
  ic: number,
  kh: number,
  kw: number,
  opts: { bits: 4 | 8; asymmetric: boolean; blockSize?: number; skipDequantized?: boolean },
): Quantized {
  const { bits, asymmetric } = opts;
  const blockSize = opts.blockSize ?? 0;
  const nBlk = blockSize === 0 ? 1 : ic / blockSize;
  const bs = blockSize === 0 ? ic : blockSize;
  const T = (1 << (bits - 1)) - 1;
  const clampMin = -T - 1;
  const count = oc * ic * kh * kw;
  const q = new Int32Array(count);
  const scales = new Float32Array(oc * nBlk);
  const offsets = asymmetric ? new Float32Array(oc * nBlk) : undefined;
  const area = kh * kw;
  for (let o = 0; o < oc; o++)
    for (let b = 0; b < nBlk; b++) {
      const e0 = (o * ic + b * bs) * area;
      const e1 = e0 + bs * area;
      let mn = Infinity,
        mx = -Infinity,
        amax = 0;
      for (let e = e0; e < e1; e++) {
        const v = w[e];
        mn = Math.min(mn, v);
        mx = Math.max(mx, v);
        amax = Math.max(amax, Math.abs(v));
      }
      if (!asymmetric) {
        const S = Math.fround(Math.max(amax, 1e-8) / T);
        scales[o * nBlk + b] = S;
        for (let e = e0; e < e1; e++) q[e] = Math.min(T, Math.max(-T, roundHalfAway(Math.fround(w[e] / S))));
      } else {
        const S = Math.fround((mx - mn) / (T - clampMin));
        const inv = mx - mn < 1e-6 ? 0 : 1 / S;
        scales[o * nBlk + b] = S;
        offsets![o * nBlk + b] = Math.fround(mn - clampMin * S);
        for (let e = e0; e < e1; e++) {
          q[e] = Math.min(T, Math.max(clampMin, roundHalfAway(Math.fround((w[e] - mn) * inv + clampMin))));
        }
      }
    }
  const data = bits === 8 ? new Uint8Array(count) : new Uint8Array(Math.ceil(count / 2));
  const deq = new Float64Array(opts.skipDequantized ? 0 : count);
  for (let o = 0; o < oc; o++)
    for (let c = 0; c < ic; c++) {
      const b = blockSize === 0 ? 0 : Math.floor(c / blockSize);
      const S = scales[o * nBlk + b];
      const O = offsets ? offsets[o * nBlk + b] : 0;
      for (let k = 0; k < area; k++) {
        const e = (o * ic + c) * area + k;
        if (!opts.skipDequantized) deq[e] = q[e] * S + O;
        if (bits === 8) data[e] = q[e] & 0xff;
        else data[e >> 1] |= (e & 1) === 0 ? (q[e] + 8) << 4 : q[e] + 8;
      }
    }
  return { data, scales, offsets, dequantized: deq };
}

// ---- the deterministic data of MNN's tests (C++ integer semantics: truncating '/', '%' keeps the sign) ----

const idiv = (a: number, b: number) => Math.trunc(a / b);

/** docs/testing.md#c1-the-weight-only-grid (MNN's ConvolutionInt8Test) weight, bias and input generators. */
export function mnnC1Data(b: number, oc: number, ic: number, is: number, kh: number, kw: number) {
  const wc = oc * ic * kh * kw;
  const weight = new Float32Array(wc);
  for (let i = 0; i < wc; i++) {
    const d =
      ((((idiv(i, kw) % 1317) * (idiv(i, kh) % 1317)) % 1317) +
        idiv(i, ic) +
        idiv(i, oc) +
        ((((oc - i) % 1317) * ic) % 1317) +
        i * ((oc - i) % 1317)) %
      1317;
    weight[i] = (d % 255) / 255 / 1000;
  }
  const bias = new Float32Array(oc);
  for (let i = 0; i < oc; i++) {
    const d =
      ((idiv(i, kw) % 1317) * (idiv(i, kh) % 1317) + idiv(i, ic) + idiv(i, oc) + (oc - i) * ic + i * (oc - i)) % 1317;
    bias[i] = (d % 255) / 255;
  }
  const xc = b * ic * is * is;
  const input = new Float32Array(xc);
  for (let i = 0; i < xc; i++) {
    let d =
      (idiv(i, kw) % 1317) * (idiv(i, kh) % 1317) +
      (idiv(i, ic) % 1317) * (idiv(i, oc) % 1317) +
      ((oc - i) % 1317) * ic +
      (i % 1317) * ((oc - i) % 1317);
    d = d % 1317;
    d = (d * d) % 1317;
    input[i] = ((d % 255) / 255) * (xc > 10000 ? 0.01 : 1);
  }
  return { weight, bias, input };
}

/** docs/testing.md C.2/C.3 (MNN's HybridConv / DenseConv) generators. */
export function mnnC2Data(
  bits: 4 | 8,
  n: number,
  ic: number,
  oc: number,
  ih: number,
  iw: number,
  kh: number,
  kw: number,
) {
  const xc = n * ic * ih * iw;
  const input = new Float32Array(xc);
  const mod = (1 << bits) - 1;
  for (let i = 0; i < xc; i++) input[i] = (i % mod) * 0.27;
  const wc = oc * ic * kh * kw;
  const weight = new Float32Array(wc);
  for (let i = 0; i < wc; i++) weight[i] = (i % 10) * 1.23 + 0.2;
  const bias = new Float32Array(oc);
  for (let i = 0; i < oc; i++) bias[i] = (i % 10) + 0.005;
  return { input, weight, bias };
}

/** C.1 check: every |out - ref| <= rtol * max|ref|. Returns the worst ratio |out-ref| / max|ref| (NaN fails). */
export function maxRelError(out: ArrayLike<number>, ref: ArrayLike<number>): number {
  // an output of another length than the oracle's (a misread output shape) is as wrong as can be
  if (out.length !== ref.length) return Infinity;
  let mref = 0;
  for (let i = 0; i < ref.length; i++) mref = Math.max(mref, Math.abs(ref[i]));
  let worst = 0;
  for (let i = 0; i < ref.length; i++) {
    const d = Math.abs(out[i] - ref[i]);
    if (!(d <= worst)) worst = Number.isNaN(d) ? Infinity : d;
  }
  return worst / Math.max(mref, 0.001);
}
