/**
 * Observers: they watch the values a tensor takes (`observe(x)`, once per batch, e.g. once per calibration sample)
 * and give its quantization parameters (`params()`: `{ scale, zeroPoint, min, max }`, from `rangeParams` of
 * params.ts, i.e. onnxruntime's arithmetic, except TQT's power-of-two scale). After MegEngine's
 * `quantization/observer.py` and `fake_quant.py` (the seed), written anew.
 *
 * Common options: `type` 'uint8' (default) or 'int8'; `narrowRange` (int8 [-127, 127], uint8 [1, 255]);
 * `symmetric` (a range symmetric about 0; TQT is always symmetric). NaN and +-Infinity are not observed (the
 * QuantizeLinear of the model sends them to 0 or saturates them); `params()` before any finite value is
 * INVALID_PARAM.
 *
 * - MinMaxObserver: the running minimum and maximum of everything seen.
 * - EmaObserver: an exponential moving average of each batch's minimum and maximum, as the seed's
 *   ExponentialMovingAverageObserver: the first batch sets them, each later one gives
 *   `min = f32(f32(m * min) + f32(f32(1 - m) * batchMin))` (max alike), m = f32(momentum), default 0.9.
 * - HistogramObserver: a histogram of `bins` (default 2048) equal bins over [lo, hi], the smallest and largest
 *   values seen. When a batch falls outside, the range grows to hold it and every old bin's count is spread over the
 *   new bins it overlaps, in proportion to the overlap (values are taken as uniform within a bin). The range is then
 *   chosen as the seed's (PyTorch's) HistogramObserver does, by shrinking the histogram from its tails: starting from
 *   all bins, each step drops the outer bin (left or right) that holds fewer values (the one farther from 0 on a
 *   tie), and the range [left edge, right edge] whose quantization error is smallest over the whole path is kept
 *   (the widest one on a tie). The error of a range is the expected squared difference between a value and its
 *   fake-quantized value (the scale and zero point `rangeParams` gives that range), integrated exactly over each bin
 *   with the values uniform in the bin: rounding error inside the range, clipping error outside it. (The seed steps
 *   through quantiles with a fixed step and stops at the first step whose error grows; here every step is evaluated.)
 * - TqtObserver: TQT's thresholds (Jain et al., "Trained Quantization Thresholds", the seed's `TQT`) without a
 *   training loop: a power-of-two scale 2^e, initialized by the seed's rule e0 = log2(max|x| / 127) and refined by
 *   searching the integer exponent e in [ceil(e0) - 8, ceil(e0) + 1] whose quantization error (the histogram's, as
 *   above) on the data seen is smallest (the larger scale on a tie). The zero point is 0 (int8; uint8 when no negative
 *   value was seen) or 128 (uint8 with negative values). `min` / `max` are the range the codes represent.
 */
import { I8ConvError, check } from '../errors.js';
import { qRange, rangeParams, type QType, type QuantParams } from './params.js';

export interface ObserverOptions {
  type?: QType;
  narrowRange?: boolean;
  symmetric?: boolean;
}

export interface Observer {
  readonly type: QType;
  readonly narrowRange: boolean;
  /** Number of finite values observed so far. */
  readonly count: number;
  observe(x: ArrayLike<number>): void;
  params(): QuantParams;
}

const f = Math.fround;

function checkOptions(o: unknown): Required<ObserverOptions> {
  check(
    o === undefined || (typeof o === 'object' && o !== null),
    'INVALID_PARAM',
    'options',
    'must be an object or omitted',
  );
  const opts = (o ?? {}) as ObserverOptions;
  const type = opts.type ?? 'uint8';
  check(
    type === 'uint8' || type === 'int8',
    'INVALID_PARAM',
    'type',
    () => `must be 'uint8' or 'int8', got ${String(type)}`,
  );
  return { type, narrowRange: opts.narrowRange === true, symmetric: opts.symmetric === true };
}

/** The finite minimum and maximum of a batch, and how many finite values it has. */
function batchRange(x: ArrayLike<number>): { min: number; max: number; n: number } {
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (!Number.isFinite(v)) continue;
    n++;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max, n };
}

abstract class BaseObserver implements Observer {
  readonly type: QType;
  readonly narrowRange: boolean;
  readonly symmetric: boolean;
  count = 0;
  constructor(opts?: ObserverOptions) {
    const o = checkOptions(opts);
    this.type = o.type;
    this.narrowRange = o.narrowRange;
    this.symmetric = o.symmetric;
  }
  abstract observe(x: ArrayLike<number>): void;
  abstract params(): QuantParams;
  protected ensureSeen(): void {
    if (this.count === 0) throw new I8ConvError('INVALID_PARAM', 'observer: no finite value was observed', 'observer');
  }
  protected fromRange(min: number, max: number): QuantParams {
    return rangeParams(min, max, this.type, { symmetric: this.symmetric, narrowRange: this.narrowRange });
  }
}

export class MinMaxObserver extends BaseObserver {
  min = Infinity;
  max = -Infinity;
  observe(x: ArrayLike<number>): void {
    const b = batchRange(x);
    if (b.n === 0) return;
    this.count += b.n;
    this.min = Math.min(this.min, b.min);
    this.max = Math.max(this.max, b.max);
  }
  params(): QuantParams {
    this.ensureSeen();
    return this.fromRange(this.min, this.max);
  }
}

export class EmaObserver extends BaseObserver {
  readonly momentum: number;
  min = NaN;
  max = NaN;
  constructor(opts: ObserverOptions & { momentum?: number } = {}) {
    super(opts);
    const m = opts.momentum ?? 0.9;
    check(
      typeof m === 'number' && m >= 0 && m <= 1,
      'INVALID_PARAM',
      'momentum',
      () => `must be a number in [0, 1], got ${String(m)}`,
    );
    this.momentum = f(m);
  }
  observe(x: ArrayLike<number>): void {
    const b = batchRange(x);
    if (b.n === 0) return;
    const m = this.momentum;
    if (this.count === 0) {
      this.min = f(b.min);
      this.max = f(b.max);
    } else {
      const k = f(1 - m);
      this.min = f(f(m * this.min) + f(k * b.min));
      this.max = f(f(m * this.max) + f(k * b.max));
    }
    this.count += b.n;
  }
  params(): QuantParams {
    this.ensureSeen();
    return this.fromRange(this.min, this.max);
  }
}

/**
 * The expected squared error of fake quantization with (scale, zeroPoint) over a histogram of `counts` on equal
 * bins of [lo, lo + bins * width], values uniform within each bin (see the header). Per value (divided by the count).
 */
export function histogramError(
  counts: Float64Array,
  lo: number,
  width: number,
  scale: number,
  zeroPoint: number,
  qmin: number,
  qmax: number,
): number {
  // In y = x / scale the codes sit at the integers jlo..jhi; values below A = jlo - 0.5 clip to jlo, above
  // B = jhi + 0.5 to jhi. Inside, G(t) = round(t) / 12 + ((t - round(t))^3 + 1/8) / 3 is an antiderivative of
  // (t - round(t))^2, continuous at the half-integers; outside, (y - jlo)^3 / 3 and (y - jhi)^3 / 3.
  const jlo = qmin - zeroPoint;
  const jhi = qmax - zeroPoint;
  const A = jlo - 0.5;
  const B = jhi + 0.5;
  const w = width / scale;
  const y0 = lo / scale;
  let total = 0;
  let n = 0;
  for (let k = 0; k < counts.length; k++) {
    const c = counts[k];
    if (c === 0) continue;
    n += c;
    const u = y0 + k * w;
    if (w === 0) {
      const e = u < A ? u - jlo : u > B ? u - jhi : u - Math.round(u);
      total += c * e * e;
      continue;
    }
    const v = u + w;
    let s = 0;
    if (u < A) {
      const e = v < A ? v : A;
      const a = u - jlo;
      const b = e - jlo;
      s += (b * b * b - a * a * a) / 3;
    }
    if (v > B) {
      const e = u > B ? u : B;
      const a = e - jhi;
      const b = v - jhi;
      s += (b * b * b - a * a * a) / 3;
    }
    const a = u > A ? u : A;
    const b = v < B ? v : B;
    if (b > a) {
      const na = Math.round(a);
      const da = a - na;
      const nb = Math.round(b);
      const db = b - nb;
      s += (nb - na) / 12 + (db * db * db - da * da * da) / 3;
    }
    total += (c * s) / w;
  }
  return n > 0 ? (total / n) * scale * scale : 0;
}

export class HistogramObserver extends BaseObserver {
  readonly bins: number;
  /** counts per bin (fractional after the range grew) */
  counts: Float64Array;
  lo = NaN;
  hi = NaN;
  constructor(opts: ObserverOptions & { bins?: number } = {}) {
    super(opts);
    const bins = opts.bins ?? 2048;
    check(
      Number.isInteger(bins) && bins >= 1 && bins <= 1 << 20,
      'INVALID_PARAM',
      'bins',
      () => `must be an integer in [1, 2^20], got ${String(bins)}`,
    );
    this.bins = bins;
    this.counts = new Float64Array(bins);
  }
  get width(): number {
    return (this.hi - this.lo) / this.bins;
  }
  private bin(v: number, lo: number, width: number): number {
    if (width === 0) return 0;
    return Math.min(this.bins - 1, Math.max(0, Math.floor((v - lo) / width)));
  }
  observe(x: ArrayLike<number>): void {
    const b = batchRange(x);
    if (b.n === 0) return;
    if (this.count === 0) {
      this.lo = b.min;
      this.hi = b.max;
    } else if (b.min < this.lo || b.max > this.hi) {
      this.grow(Math.min(this.lo, b.min), Math.max(this.hi, b.max));
    }
    const width = this.width;
    for (let i = 0; i < x.length; i++) {
      const v = x[i];
      if (Number.isFinite(v)) this.counts[this.bin(v, this.lo, width)]++;
    }
    this.count += b.n;
  }
  /** Re-bins the histogram onto [lo, hi] (which holds the old range). */
  private grow(lo: number, hi: number): void {
    const old = this.counts;
    const oldLo = this.lo;
    const oldW = this.width;
    const w = (hi - lo) / this.bins;
    const counts = new Float64Array(this.bins);
    for (let k = 0; k < old.length; k++) {
      const c = old[k];
      if (c === 0) continue;
      const a = oldLo + k * oldW;
      if (oldW === 0) {
        counts[this.bin(a, lo, w)] += c;
        continue;
      }
      const b = a + oldW;
      for (let j = this.bin(a, lo, w); j < this.bins; j++) {
        const ja = lo + j * w;
        const jb = j === this.bins - 1 ? Infinity : ja + w;
        const overlap = Math.min(b, jb) - Math.max(a, ja);
        if (overlap > 0) counts[j] += (c * overlap) / oldW;
        if (jb >= b) break;
      }
    }
    this.counts = counts;
    this.lo = lo;
    this.hi = hi;
  }
  /** The quantization error (mean squared, see the header) of these parameters on the data seen. */
  error(scale: number, zeroPoint: number): number {
    const [qmin, qmax] = qRange(this.type, this.narrowRange);
    return histogramError(this.counts, this.lo, this.width, scale, zeroPoint, qmin, qmax);
  }
  params(): QuantParams {
    this.ensureSeen();
    const width = this.width;
    if (width === 0) return this.fromRange(this.lo, this.hi);
    let i = 0;
    let j = this.bins - 1;
    const edge = (k: number) => this.lo + k * width;
    let best = this.fromRange(this.lo, this.hi);
    let bestErr = this.error(best.scale, best.zeroPoint);
    while (i < j) {
      const left = this.counts[i];
      const right = this.counts[j];
      if (left < right || (left === right && Math.abs(edge(i)) >= Math.abs(edge(j + 1)))) i++;
      else j--;
      const p = this.fromRange(edge(i), j === this.bins - 1 ? this.hi : edge(j + 1));
      const e = this.error(p.scale, p.zeroPoint);
      if (e < bestErr) {
        best = p;
        bestErr = e;
      }
    }
    return best;
  }
}

export class TqtObserver extends HistogramObserver {
  constructor(opts: Omit<ObserverOptions, 'symmetric'> & { bins?: number } = {}) {
    super({ ...opts, symmetric: true });
  }
  /** The seed's initial exponent, log2(max|x| / 127) (not rounded). */
  initialExponent(): number {
    this.ensureSeen();
    return Math.log2(Math.max(Math.abs(this.lo), Math.abs(this.hi)) / 127);
  }
  params(): QuantParams {
    this.ensureSeen();
    const [qmin, qmax] = qRange(this.type, this.narrowRange);
    const zp = this.type === 'int8' || this.lo >= 0 ? 0 : 128;
    const absmax = Math.max(Math.abs(this.lo), Math.abs(this.hi));
    if (absmax === 0) return { scale: 1, zeroPoint: zp, min: qmin - zp, max: qmax - zp };
    const top = Math.ceil(this.initialExponent());
    let bestE = top + 1;
    let bestErr = Infinity;
    for (let e = top + 1; e >= top - 8; e--) {
      if (e < -126 || e > 127) continue; // a normal float32
      const err = this.error(2 ** e, zp);
      if (err < bestErr) {
        bestErr = err;
        bestE = e;
      }
    }
    const scale = 2 ** Math.max(-126, Math.min(127, bestE));
    return { scale, zeroPoint: zp, min: scale * (qmin - zp), max: scale * (qmax - zp) };
  }
}

/** The observers `quantizeModel` offers (its `observer` option), by name: adding one is a class above and a row here. */
export const OBSERVERS = {
  minmax: (o: ObserverOptions): Observer => new MinMaxObserver(o),
  ema: (o: ObserverOptions): Observer => new EmaObserver(o),
  histogram: (o: ObserverOptions): Observer => new HistogramObserver(o),
  tqt: (o: ObserverOptions): Observer => new TqtObserver(o),
} as const satisfies Record<string, (o: ObserverOptions) => Observer>;

export type ObserverKind = keyof typeof OBSERVERS;
