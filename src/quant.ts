/**
 * Quantization on the host: the per-channel requantization constants the kernels read (written once per
 * operator), and the user-facing helpers quantizeFilter / quantize / dequantize.
 *
 * Constants, all float32, per output channel o (README "Rounding contract"):
 *   s_bias[o] = f32(srcScale) * f32(filterScale[o]);  ratio[o] = s_bias[o] / f32(dstScale);  inv_dst = 1 / f32(dstScale)
 */
import { I8ConvError, check } from './errors.js';
import type { ConvShape, Rounding } from './params.js';
import { typeRange } from './params.js';

const f32 = Math.fround;

export interface ChannelConsts {
  /** f32 per output channel, laid out [G][ocpgPad] (lanes past ocpg are 1) */
  sBias: Float32Array;
  ratio: Float32Array;
  invDst: number;
  /** relu6: the output clamp [lo, hi] before saturation (hi capped to 32767); otherwise the i16 range */
  clampLo: number;
  clampHi: number;
}

/** Ties away from zero (exact: x - trunc(x) is exact in binary floating point). */
function roundHalfAway(x: number): number {
  const t = Math.trunc(x);
  const d = x - t;
  return d >= 0.5 ? t + 1 : d <= -0.5 ? t - 1 : t;
}

/** Ties to even. */
function roundHalfEven(x: number): number {
  const r = Math.round(x); // ties toward +infinity
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

export function roundBy(mode: Rounding, x: number): number {
  return mode === 'half-even' ? roundHalfEven(x) : roundHalfAway(x);
}

export function channelConsts(s: ConvShape, ocpgPad: number): ChannelConsts {
  const n = s.group * ocpgPad;
  const sBias = new Float32Array(n).fill(1);
  const ratio = new Float32Array(n).fill(1);
  const d = s.dstScale === undefined ? 1 : f32(s.dstScale);
  for (let g = 0; g < s.group; g++) {
    for (let o = 0; o < s.ocpg; o++) {
      const sb = f32(f32(s.srcScale) * f32(s.filterScales[g * s.ocpg + o]));
      sBias[g * ocpgPad + o] = sb;
      ratio[g * ocpgPad + o] = f32(sb / d);
    }
  }
  const invDst = f32(1 / d);
  let clampLo = -32768;
  let clampHi = 32767;
  if (s.nonlinearity === 'relu6') {
    clampLo = s.dstZeroPoint;
    clampHi = Math.min(s.dstZeroPoint + roundBy(s.rounding, f32(6 * invDst)), 32767);
  }
  return { sBias, ratio, invDst, clampLo, clampHi };
}

/** Per-output-channel sum of a group's weights: sum over (ic, kh, kw) of w[o]. */
export function weightSums(oihw: Int8Array, oc: number): Int32Array {
  const per = oihw.length / oc;
  const out = new Int32Array(oc);
  for (let o = 0; o < oc; o++) {
    let sum = 0;
    for (let k = 0; k < per; k++) sum += oihw[o * per + k];
    out[o] = sum;
  }
  return out;
}

// ---- user helpers ---------------------------------------------------------------------------------------------

export interface QuantizedFilter {
  data: Int8Array;
  /** one scale per output channel (perChannel) or a single-element array */
  scales: Float32Array;
}

/**
 * Symmetric max-abs quantization of float32 OIHW weights. Per output channel (default) or per tensor.
 * narrowRange (default true): values in [-127, 127], scale = maxabs / 127; otherwise [-128, 127] with
 * scale = maxabs / 127.5. Rounds half to even. A channel of zeros gets scale 1.
 */
export function quantizeFilter(
  weights: Float32Array | readonly number[],
  oc: number,
  opts: { perChannel?: boolean; narrowRange?: boolean } = {},
): QuantizedFilter {
  check(
    weights instanceof Float32Array || Array.isArray(weights),
    'BAD_BUFFER',
    'weights',
    'must be a Float32Array or an array of numbers',
  );
  check(
    Number.isInteger(oc) && oc > 0 && weights.length % oc === 0,
    'INVALID_PARAM',
    'oc',
    () => `must be a positive integer dividing the weight count (${weights.length}), got ${String(oc)}`,
  );
  // the message only for a bad element (a message, or a closure's context, per element costs a load its time)
  for (let i = 0; i < weights.length; i++) if (!Number.isFinite(weights[i])) notFinite(i);
  const perChannel = opts.perChannel ?? true;
  const narrow = opts.narrowRange ?? true;
  const qmin = narrow ? -127 : -128;
  const half = narrow ? 127 : 127.5;
  const per = weights.length / oc;
  const groups = perChannel ? oc : 1;
  const len = perChannel ? per : weights.length;
  const data = new Int8Array(weights.length);
  const scales = new Float32Array(groups);
  for (let c = 0; c < groups; c++) {
    let maxAbs = 0;
    for (let k = 0; k < len; k++) maxAbs = Math.max(maxAbs, Math.abs(weights[c * len + k]));
    const sc = maxAbs > 0 ? f32(maxAbs / half) : 1;
    check(
      sc > 0 && Number.isFinite(sc),
      'INVALID_SCALE',
      'weights',
      () => `channel ${c}: max-abs ${maxAbs} gives no float32 scale`,
    );
    scales[c] = sc;
    for (let k = 0; k < len; k++) {
      const q = roundHalfEven(weights[c * len + k] / sc);
      data[c * len + k] = Math.min(Math.max(q, qmin), 127);
    }
  }
  return { data, scales };
}

/** float -> int8 / uint8: sat(round_half_even(x / scale) + zeroPoint). */
export function quantize(
  values: Float32Array | readonly number[],
  scale: number,
  zeroPoint = 0,
  type: 'int8' | 'uint8' = 'int8',
): Int8Array | Uint8Array {
  check(
    typeof scale === 'number' && Number.isFinite(scale) && scale > 0,
    'INVALID_SCALE',
    'scale',
    () => `must be a finite positive number, got ${String(scale)}`,
  );
  check(
    type === 'int8' || type === 'uint8',
    'INVALID_PARAM',
    'type',
    () => `must be 'int8' or 'uint8', got ${String(type)}`,
  );
  const [lo, hi] = typeRange(type);
  check(
    Number.isInteger(zeroPoint) && zeroPoint >= lo && zeroPoint <= hi,
    'INVALID_PARAM',
    'zeroPoint',
    () => `must be an integer in [${lo}, ${hi}], got ${String(zeroPoint)}`,
  );
  const out = type === 'uint8' ? new Uint8Array(values.length) : new Int8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const q = roundHalfEven(values[i] / scale) + zeroPoint;
    out[i] = Number.isNaN(q) ? zeroPoint : Math.min(Math.max(q, lo), hi);
  }
  return out;
}

/** int8 / uint8 / int32 -> float32: (q - zeroPoint) * scale. */
export function dequantize(q: Int8Array | Uint8Array | Int32Array, scale: number, zeroPoint = 0): Float32Array {
  if (!(q instanceof Int8Array || q instanceof Uint8Array || q instanceof Int32Array)) {
    throw new I8ConvError('BAD_BUFFER', 'q: must be an Int8Array, Uint8Array or Int32Array', 'q');
  }
  check(
    typeof scale === 'number' && Number.isFinite(scale) && scale > 0,
    'INVALID_SCALE',
    'scale',
    () => `must be a finite positive number, got ${String(scale)}`,
  );
  check(
    Number.isInteger(zeroPoint),
    'INVALID_PARAM',
    'zeroPoint',
    () => `must be an integer, got ${String(zeroPoint)}`,
  );
  const out = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) out[i] = (q[i] - zeroPoint) * scale;
  return out;
}

function notFinite(i: number): never {
  throw new I8ConvError('BAD_BUFFER', `weights: element ${i} is not a finite number`, 'weights');
}
