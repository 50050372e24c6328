/**
 * ConvBias parameters: the user's object, its validation, and the derived (normalized) shape facts used by the
 * algorithms and the operator. Generic checks live here; what a particular algorithm supports is its own
 * `usable()`. (The oracle, kernels-ref/, derives its own shapes and shares no code with this file.)
 *
 * Layouts (outer -> inner):
 *   'NCHW44'       src {N, IC/4, IH, IW, 4}  dst {N, OC/4, OH, OW, 4}   channel c = cb*4 + c4 (IC, OC multiples of 4)
 *   'NCHW'         src {N, IC, IH, IW}       dst {N, OC, OH, OW}       any channel counts
 *   'NCHW_NCHW44'  src {N, IC, IH, IW} with IC < 4 (first-layer "hybrid"), dst NCHW44
 *   filters are given as OIHW (group: GOIHW {G, OC/G, IC/G, FH, FW}); full bias has the dst layout.
 *
 * Quantization: src is int8 or uint8 with a zero point, weights symmetric int8 with one scale or one per output
 * channel, dst int8 / uint8 with a zero point (dstScale given) or int32 (dstScale omitted). Padding elements equal
 * the source zero point, so they contribute nothing.
 */
import { I8ConvError, check, isNonNegativeInt, isPositiveInt } from './errors.js';

export type ConvFormat = 'NCHW44' | 'NCHW' | 'NCHW_NCHW44';
export type BiasMode = 'none' | 'channel' | 'full';
export type Nonlinearity = 'identity' | 'relu' | 'hswish' | 'relu6';
export type Rounding = 'half-away' | 'half-even';
export type SrcType = 'int8' | 'uint8';
export type DstType = 'int8' | 'uint8' | 'int32';
export type Selection = 'heuristic' | 'profile';
export type Pair = readonly [number, number];
/** [top, left, bottom, right] */
export type Quad = readonly [number, number, number, number];

export interface ConvBiasParams {
  format: ConvFormat;
  n: number;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  fh: number;
  fw: number;
  stride?: Pair | number;
  /** number, [h, w] (both sides), or [top, left, bottom, right] */
  pad?: Pair | Quad | number;
  dilation?: Pair | number;
  group?: number;
  srcScale: number;
  /** One scale, or one per output channel (length OC). */
  filterScale: number | Float32Array | readonly number[];
  /** Omitted => int32 output. */
  dstScale?: number;
  /** 'int8' (default) or 'uint8'. */
  srcType?: SrcType;
  /** Default 0; an integer in the range of srcType. */
  srcZeroPoint?: number;
  /** Default 'int8' when dstScale is given, 'int32' when it is omitted. */
  dstType?: DstType;
  /** Default 0; an integer in the range of dstType; must be 0 for int32 output. */
  dstZeroPoint?: number;
  biasMode?: BiasMode;
  nonlinearity?: Nonlinearity;
  rounding?: Rounding;
  /** Force an algorithm by name (rt.algorithms(params) lists them); undefined => the heuristic's choice. */
  algo?: string;
  /** 'heuristic' (default: the ordered pack's first usable preferred algorithm) or 'profile' (time the usable ones
   *  once, cache the winner under the declared parameters). The runtime option is the default. */
  selection?: Selection;
}

/** Validated parameters with every derived size. */
export interface ConvShape {
  format: ConvFormat;
  n: number;
  ic: number;
  ih: number;
  iw: number;
  oc: number;
  oh: number;
  ow: number;
  fh: number;
  fw: number;
  sh: number;
  sw: number;
  /** padding top, left, bottom, right */
  pt: number;
  pl: number;
  pb: number;
  pr: number;
  dh: number;
  dw: number;
  group: number;
  icpg: number;
  ocpg: number;
  srcScale: number;
  /** float32 weight scale per output channel (length OC) */
  filterScales: Float32Array;
  perChannel: boolean;
  dstScale: number | undefined;
  srcType: SrcType;
  srcZeroPoint: number;
  dstType: DstType;
  dstZeroPoint: number;
  biasMode: BiasMode;
  nonlinearity: Nonlinearity;
  rounding: Rounding;
  algo: string | undefined;
  selection: Selection | undefined;
  srcLength: number;
  dstLength: number;
  filterLength: number;
  /** Elements the bias must have for biasMode (0 for 'none'). */
  biasLength: number;
  /** Multiply-accumulates of one exec (for GMAC/s). */
  macs: number;
}

/** The most input or output channels a convolution takes (real ones have at most a few thousand; a 1x1 convolution standing for a vocabulary-sized matrix product a few hundred thousand). */
export const MAX_CONV_CHANNELS = 2 ** 20;

const FORMATS: readonly ConvFormat[] = ['NCHW44', 'NCHW', 'NCHW_NCHW44'];
const BIAS_MODES: readonly BiasMode[] = ['none', 'channel', 'full'];
const NONLINS: readonly Nonlinearity[] = ['identity', 'relu', 'hswish', 'relu6'];
const ROUNDINGS: readonly Rounding[] = ['half-away', 'half-even'];
const SRC_TYPES: readonly SrcType[] = ['int8', 'uint8'];
const DST_TYPES: readonly DstType[] = ['int8', 'uint8', 'int32'];
const SELECTIONS: readonly Selection[] = ['heuristic', 'profile'];

/** The integer range of an 8-bit type. */
export function typeRange(t: 'int8' | 'uint8'): [number, number] {
  return t === 'uint8' ? [0, 255] : [-128, 127];
}

function pair(v: Pair | number | undefined, dflt: number, name: string, min: number): [number, number] {
  if (v === undefined) return [dflt, dflt];
  const p: readonly unknown[] = typeof v === 'number' ? [v, v] : Array.isArray(v) ? v : [];
  check(p.length === 2, 'INVALID_PARAM', name, () => `must be a number or an [h, w] pair, got ${JSON.stringify(v)}`);
  const ok = (x: unknown) => (min === 0 ? isNonNegativeInt(x) : isPositiveInt(x));
  check(ok(p[0]) && ok(p[1]), 'INVALID_PARAM', name, () => `must hold integers >= ${min}, got ${JSON.stringify(v)}`);
  return [p[0] as number, p[1] as number];
}

/** pad: number | [h, w] | [top, left, bottom, right] -> [top, left, bottom, right]. */
function padding(v: Pair | Quad | number | undefined): [number, number, number, number] {
  if (v === undefined) return [0, 0, 0, 0];
  const p: readonly unknown[] = typeof v === 'number' ? [v, v] : Array.isArray(v) ? v : [];
  check(
    p.length === 2 || p.length === 4,
    'INVALID_PARAM',
    'pad',
    () => `must be a number, an [h, w] pair or [top, left, bottom, right], got ${JSON.stringify(v)}`,
  );
  check(p.every(isNonNegativeInt), 'INVALID_PARAM', 'pad', () => `must hold integers >= 0, got ${JSON.stringify(v)}`);
  const q = p as number[];
  return q.length === 2 ? [q[0], q[1], q[0], q[1]] : [q[0], q[1], q[2], q[3]];
}

function isScale(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 && Math.fround(v) > 0 && Number.isFinite(Math.fround(v));
}

function scale(v: unknown, name: string): number {
  check(isScale(v), 'INVALID_SCALE', name, () => `must be a finite positive number (as float32), got ${String(v)}`);
  return v;
}

/**
 * The index of the first entry of a Float32Array that is no scale (not finite and positive), or -1. It reads each
 * float's two 16-bit halves, small integers: V8's interpreter and baseline tiers box every float they read from an
 * array into a new heap number, and a model's load checks tens of thousands of per-channel scales, several times
 * each. A float32 is positive, finite and not zero exactly where its sign bit is 0, its exponent is not all ones and
 * some bit is set.
 */
export function firstBadScale(a: Float32Array): number {
  const h = new Uint16Array(a.buffer, a.byteOffset, a.length * 2);
  const hi = LITTLE_ENDIAN ? 1 : 0;
  for (let i = 0; i < a.length; i++) {
    const top = h[2 * i + hi];
    if ((top & 0x8000) !== 0 || (top & 0x7f80) === 0x7f80 || (top | h[2 * i + 1 - hi]) === 0) return i;
  }
  return -1;
}
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** filterScale -> float32 per output channel. */
function filterScales(v: unknown, oc: number): { scales: Float32Array; perChannel: boolean } {
  if (typeof v === 'number') return { scales: new Float32Array(oc).fill(scale(v, 'filterScale')), perChannel: false };
  if (v instanceof Float32Array && v.length === oc) {
    // copied natively and checked by its bits (firstBadScale): no float is read into a number
    const out = v.slice();
    const bad = firstBadScale(out);
    if (bad >= 0)
      check(
        false,
        'INVALID_SCALE',
        'filterScale',
        () => `entry ${bad} must be a finite positive number (as float32), got ${String(out[bad])}`,
      );
    return { scales: out, perChannel: true };
  }
  const arr =
    v instanceof Float32Array || v instanceof Float64Array || Array.isArray(v) ? (v as ArrayLike<unknown>) : undefined;
  check(
    arr !== undefined,
    'INVALID_SCALE',
    'filterScale',
    () => `must be a number or a Float32Array / array of OC (${oc}) numbers, got ${Object.prototype.toString.call(v)}`,
  );
  check(
    arr.length === oc,
    'INVALID_SCALE',
    'filterScale',
    () => `per-channel scales must have OC = ${oc} entries, got ${arr.length}`,
  );
  const out = new Float32Array(oc);
  for (let o = 0; o < oc; o++) {
    // the message only for a bad entry (a template per channel costs milliseconds on a large model)
    if (!isScale(arr[o]))
      check(
        false,
        'INVALID_SCALE',
        'filterScale',
        () => `entry ${o} must be a finite positive number (as float32), got ${String(arr[o])}`,
      );
    out[o] = arr[o] as number;
  }
  return { scales: out, perChannel: true };
}

function zeroPoint(v: unknown, name: string, t: 'int8' | 'uint8' | 'int32'): number {
  if (v === undefined) return 0;
  if (t === 'int32') {
    check(v === 0, 'INVALID_PARAM', name, () => `must be 0 (or omitted) for int32 output, got ${String(v)}`);
    return 0;
  }
  const [lo, hi] = typeRange(t);
  check(
    typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi,
    'INVALID_PARAM',
    name,
    () => `must be an integer in [${lo}, ${hi}] for ${t}, got ${String(v)}`,
  );
  return v;
}

export function normalizeConvParams(p: ConvBiasParams): ConvShape {
  check(p !== null && typeof p === 'object', 'INVALID_PARAM', 'params', 'must be an object');
  check(
    FORMATS.includes(p.format),
    'UNSUPPORTED_FORMAT',
    'format',
    () => `must be one of ${FORMATS.join(', ')}, got ${String(p.format)}`,
  );
  for (const k of ['n', 'ic', 'ih', 'iw', 'oc', 'fh', 'fw'] as const) {
    check(isPositiveInt(p[k]), 'INVALID_PARAM', k, () => `must be a positive integer, got ${String(p[k])}`);
  }
  const [sh, sw] = pair(p.stride, 1, 'stride', 1);
  const [pt, pl, pb, pr] = padding(p.pad);
  const [dh, dw] = pair(p.dilation, 1, 'dilation', 1);
  const group = p.group ?? 1;
  check(isPositiveInt(group), 'INVALID_PARAM', 'group', () => `must be a positive integer, got ${String(group)}`);
  const { n, ic, ih, iw, oc, fh, fw, format } = p;
  check(
    ic % group === 0 && oc % group === 0,
    'GROUP_MISMATCH',
    'group',
    () => `must divide ic (${ic}) and oc (${oc}), got ${group}`,
  );
  if (format === 'NCHW44' || format === 'NCHW_NCHW44') {
    check(
      oc % 4 === 0,
      'CHANNELS_NOT_MULTIPLE_OF_4',
      'oc',
      () => `must be a multiple of 4 for ${format} (use format 'NCHW' for any channel count), got ${oc}`,
    );
  }
  if (format === 'NCHW44') {
    check(
      ic % 4 === 0,
      'CHANNELS_NOT_MULTIPLE_OF_4',
      'ic',
      () => `must be a multiple of 4 for NCHW44 (use format 'NCHW' for any channel count), got ${ic}`,
    );
  }
  if (format === 'NCHW_NCHW44') {
    check(ic < 4, 'INVALID_PARAM', 'ic', () => `must be < 4 for the hybrid NCHW_NCHW44 format, got ${ic}`);
    check(group === 1, 'INVALID_PARAM', 'group', () => `must be 1 for NCHW_NCHW44, got ${group}`);
  }
  const efh = (fh - 1) * dh + 1;
  const efw = (fw - 1) * dw + 1;
  check(
    ih + pt + pb >= efh,
    'INVALID_PARAM',
    'ih',
    () => `padded height ${ih + pt + pb} is smaller than the (dilated) filter ${efh}`,
  );
  check(
    iw + pl + pr >= efw,
    'INVALID_PARAM',
    'iw',
    () => `padded width ${iw + pl + pr} is smaller than the (dilated) filter ${efw}`,
  );
  const oh = Math.floor((ih + pt + pb - efh) / sh) + 1;
  const ow = Math.floor((iw + pl + pr - efw) / sw) + 1;
  // the channel counts before anything is allocated (the per-channel scales below: 4 bytes per output channel; the
  // buffers' sizes are checked against the wasm memory when the operator is built, OUT_OF_MEMORY)
  check(
    ic <= MAX_CONV_CHANNELS && oc <= MAX_CONV_CHANNELS,
    'TOO_LARGE',
    ic > MAX_CONV_CHANNELS ? 'ic' : 'oc',
    () => `channel counts above 2^20 are not taken, got ic ${ic}, oc ${oc}`,
  );
  const srcScale = scale(p.srcScale, 'srcScale');
  const { scales, perChannel } = filterScales(p.filterScale, oc);
  const srcType = p.srcType ?? 'int8';
  check(
    SRC_TYPES.includes(srcType),
    'INVALID_PARAM',
    'srcType',
    () => `must be one of ${SRC_TYPES.join(', ')}, got ${String(srcType)}`,
  );
  const srcZeroPoint = zeroPoint(p.srcZeroPoint, 'srcZeroPoint', srcType);
  const dstType = p.dstType ?? (p.dstScale === undefined ? 'int32' : 'int8');
  check(
    DST_TYPES.includes(dstType),
    'INVALID_PARAM',
    'dstType',
    () => `must be one of ${DST_TYPES.join(', ')}, got ${String(dstType)}`,
  );
  let dstScale: number | undefined;
  if (dstType === 'int32') {
    check(
      p.dstScale === undefined,
      'INVALID_PARAM',
      'dstScale',
      'must be omitted for int32 output (the output keeps the scale srcScale * filterScale)',
    );
  } else {
    check(p.dstScale !== undefined, 'INVALID_SCALE', 'dstScale', () => `is required for ${dstType} output`);
    dstScale = scale(p.dstScale, 'dstScale');
  }
  const dstZeroPoint = zeroPoint(p.dstZeroPoint, 'dstZeroPoint', dstType);
  const biasMode = p.biasMode ?? 'none';
  check(
    BIAS_MODES.includes(biasMode),
    'INVALID_PARAM',
    'biasMode',
    () => `must be one of ${BIAS_MODES.join(', ')}, got ${String(biasMode)}`,
  );
  const nonlinearity = p.nonlinearity ?? 'identity';
  check(
    NONLINS.includes(nonlinearity),
    'UNSUPPORTED_NONLINEARITY',
    'nonlinearity',
    () => `must be one of ${NONLINS.join(', ')}, got ${String(nonlinearity)}`,
  );
  check(
    !(nonlinearity === 'relu6' && dstType === 'int32'),
    'UNSUPPORTED_NONLINEARITY',
    'nonlinearity',
    'relu6 needs a quantized output (dstScale); int32 output takes identity, relu or hswish',
  );
  const rounding = p.rounding ?? 'half-away';
  check(
    ROUNDINGS.includes(rounding),
    'INVALID_PARAM',
    'rounding',
    () => `must be one of ${ROUNDINGS.join(', ')}, got ${String(rounding)}`,
  );
  check(p.algo === undefined || typeof p.algo === 'string', 'INVALID_PARAM', 'algo', 'must be a string when given');
  check(
    p.selection === undefined || SELECTIONS.includes(p.selection),
    'INVALID_PARAM',
    'selection',
    () => `must be one of ${SELECTIONS.join(', ')}, got ${String(p.selection)}`,
  );
  const icpg = ic / group;
  const ocpg = oc / group;
  const dstLength = n * oc * oh * ow;
  return {
    format,
    n,
    ic,
    ih,
    iw,
    oc,
    oh,
    ow,
    fh,
    fw,
    sh,
    sw,
    pt,
    pl,
    pb,
    pr,
    dh,
    dw,
    group,
    icpg,
    ocpg,
    srcScale,
    filterScales: scales,
    perChannel,
    dstScale,
    srcType,
    srcZeroPoint,
    dstType,
    dstZeroPoint,
    biasMode,
    nonlinearity,
    rounding,
    algo: p.algo,
    selection: p.selection,
    srcLength: n * ic * ih * iw,
    dstLength,
    filterLength: oc * icpg * fh * fw,
    biasLength: biasMode === 'channel' ? oc : biasMode === 'full' ? dstLength : 0,
    macs: n * oc * oh * ow * icpg * fh * fw,
  };
}

/** Most threads a runtime or an operator may ask for. */
export const MAX_THREADS = 256;

/**
 * The one rule for a `threads` option (createRuntime's and an operator's): undefined, 'auto', or an integer in
 * [1, MAX_THREADS]. What 'auto' and undefined mean is the caller's (the cores for a runtime; the runtime's threads
 * for an operator).
 */
export function checkThreads(v: unknown, param = 'threads'): 'auto' | number | undefined {
  check(
    v === undefined || v === 'auto' || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_THREADS),
    'INVALID_PARAM',
    param,
    () => `must be 'auto' or an integer in [1, ${MAX_THREADS}], got ${String(v)}`,
  );
  return v as 'auto' | number | undefined;
}

/** Element offset of logical (n, c, h, w) in a tensor of the given layout kind. */
export function offsetOf(
  layout: 'NCHW' | 'NCHW44',
  C: number,
  H: number,
  W: number,
  n: number,
  c: number,
  h: number,
  w: number,
): number {
  if (layout === 'NCHW') return ((n * C + c) * H + h) * W + w;
  return ((((n * (C >> 2) + (c >> 2)) * H + h) * W + w) << 2) + (c & 3);
}

export function srcLayout(f: ConvFormat): 'NCHW' | 'NCHW44' {
  return f === 'NCHW44' ? 'NCHW44' : 'NCHW';
}
export function dstLayout(f: ConvFormat): 'NCHW' | 'NCHW44' {
  return f === 'NCHW' ? 'NCHW' : 'NCHW44';
}

export function dstShapeOf(s: ConvShape): number[] {
  return dstLayout(s.format) === 'NCHW44' ? [s.n, s.oc / 4, s.oh, s.ow, 4] : [s.n, s.oc, s.oh, s.ow];
}

export { I8ConvError };
