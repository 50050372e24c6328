/**
 * ConvBias parameters: the user's object, its validation, and the derived (normalized) shape facts used by the
 * oracle, the algorithms and the operator. Generic checks live here; what a particular algorithm supports is
 * its own `usable()`.
 *
 * Layouts (outer -> inner):
 *   'NCHW44'       src {N, IC/4, IH, IW, 4}  dst {N, OC/4, OH, OW, 4}   channel c = cb*4 + c4
 *   'NCHW'         src {N, IC, IH, IW}       dst {N, OC, OH, OW}
 *   'NCHW_NCHW44'  src {N, IC, IH, IW} with IC < 4 (first-layer "hybrid"), dst NCHW44
 *   filters are given as OIHW (group: GOIHW {G, OC/G, IC/G, FH, FW}); full bias has the dst layout.
 */
import { I8ConvError, check, isNonNegativeInt, isPositiveInt } from './errors.js';
import type { Nonlinearity, Rounding } from '../kernels-ref/requant.js';

export type { Nonlinearity, Rounding } from '../kernels-ref/requant.js';
export type ConvFormat = 'NCHW44' | 'NCHW' | 'NCHW_NCHW44';
export type BiasMode = 'none' | 'channel' | 'full';
export type Pair = readonly [number, number];

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
  pad?: Pair | number;
  dilation?: Pair | number;
  group?: number;
  srcScale: number;
  filterScale: number;
  /** Omitted => qint32 output. */
  dstScale?: number;
  biasMode?: BiasMode;
  nonlinearity?: Nonlinearity;
  rounding?: Rounding;
  /** Force an algorithm by name (algorithmNames()); undefined => the heuristic's choice. */
  algo?: string;
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
  ph: number;
  pw: number;
  dh: number;
  dw: number;
  group: number;
  icpg: number;
  ocpg: number;
  srcScale: number;
  filterScale: number;
  dstScale: number | undefined;
  dstType: 'int8' | 'int32';
  biasMode: BiasMode;
  nonlinearity: Nonlinearity;
  rounding: Rounding;
  algo: string | undefined;
  srcLength: number;
  dstLength: number;
  filterLength: number;
  /** Elements the bias must have for biasMode (0 for 'none'). */
  biasLength: number;
  /** Multiply-accumulates of one exec (for GMAC/s). */
  macs: number;
}

const FORMATS: readonly ConvFormat[] = ['NCHW44', 'NCHW', 'NCHW_NCHW44'];
const BIAS_MODES: readonly BiasMode[] = ['none', 'channel', 'full'];
const NONLINS: readonly Nonlinearity[] = ['identity', 'relu', 'hswish'];
const ROUNDINGS: readonly Rounding[] = ['half-away', 'half-even'];

function pair(v: Pair | number | undefined, dflt: number, name: string, min: number): [number, number] {
  if (v === undefined) return [dflt, dflt];
  const p: readonly unknown[] = typeof v === 'number' ? [v, v] : Array.isArray(v) ? v : [];
  check(p.length === 2, 'INVALID_PARAM', name, `must be a number or an [h, w] pair, got ${JSON.stringify(v)}`);
  const ok = (x: unknown) => (min === 0 ? isNonNegativeInt(x) : isPositiveInt(x));
  check(ok(p[0]) && ok(p[1]), 'INVALID_PARAM', name, `must hold integers >= ${min}, got ${JSON.stringify(v)}`);
  return [p[0] as number, p[1] as number];
}

function scale(v: unknown, name: string): number {
  check(
    typeof v === 'number' && Number.isFinite(v) && v > 0 && Math.fround(v) > 0 && Number.isFinite(Math.fround(v)),
    'INVALID_SCALE', name, `must be a finite positive number (as float32), got ${String(v)}`,
  );
  return v;
}

export function normalizeConvParams(p: ConvBiasParams): ConvShape {
  check(p !== null && typeof p === 'object', 'INVALID_PARAM', 'params', 'must be an object');
  check(FORMATS.includes(p.format), 'UNSUPPORTED_FORMAT', 'format', `must be one of ${FORMATS.join(', ')}, got ${String(p.format)}`);
  for (const k of ['n', 'ic', 'ih', 'iw', 'oc', 'fh', 'fw'] as const) {
    check(isPositiveInt(p[k]), 'INVALID_PARAM', k, `must be a positive integer, got ${String(p[k])}`);
  }
  const [sh, sw] = pair(p.stride, 1, 'stride', 1);
  const [ph, pw] = pair(p.pad, 0, 'pad', 0);
  const [dh, dw] = pair(p.dilation, 1, 'dilation', 1);
  const group = p.group ?? 1;
  check(isPositiveInt(group), 'INVALID_PARAM', 'group', `must be a positive integer, got ${String(group)}`);
  const { n, ic, ih, iw, oc, fh, fw, format } = p;
  check(ic % group === 0 && oc % group === 0, 'GROUP_MISMATCH', 'group',
    `must divide ic (${ic}) and oc (${oc}), got ${group}`);
  if (format === 'NCHW44' || format === 'NCHW_NCHW44') {
    check(oc % 4 === 0, 'CHANNELS_NOT_MULTIPLE_OF_4', 'oc', `must be a multiple of 4 for ${format}, got ${oc}`);
  }
  if (format === 'NCHW44') {
    check(ic % 4 === 0, 'CHANNELS_NOT_MULTIPLE_OF_4', 'ic', `must be a multiple of 4 for NCHW44, got ${ic}`);
  }
  if (format === 'NCHW_NCHW44') {
    check(ic < 4, 'INVALID_PARAM', 'ic', `must be < 4 for the hybrid NCHW_NCHW44 format, got ${ic}`);
    check(group === 1, 'INVALID_PARAM', 'group', `must be 1 for NCHW_NCHW44, got ${group}`);
  }
  const efh = (fh - 1) * dh + 1;
  const efw = (fw - 1) * dw + 1;
  check(ih + 2 * ph >= efh, 'INVALID_PARAM', 'ih', `padded height ${ih + 2 * ph} is smaller than the (dilated) filter ${efh}`);
  check(iw + 2 * pw >= efw, 'INVALID_PARAM', 'iw', `padded width ${iw + 2 * pw} is smaller than the (dilated) filter ${efw}`);
  const oh = Math.floor((ih + 2 * ph - efh) / sh) + 1;
  const ow = Math.floor((iw + 2 * pw - efw) / sw) + 1;
  const srcScale = scale(p.srcScale, 'srcScale');
  const filterScale = scale(p.filterScale, 'filterScale');
  const dstScale = p.dstScale === undefined ? undefined : scale(p.dstScale, 'dstScale');
  const biasMode = p.biasMode ?? 'none';
  check(BIAS_MODES.includes(biasMode), 'INVALID_PARAM', 'biasMode', `must be one of ${BIAS_MODES.join(', ')}, got ${String(biasMode)}`);
  const nonlinearity = p.nonlinearity ?? 'identity';
  check(NONLINS.includes(nonlinearity), 'UNSUPPORTED_NONLINEARITY', 'nonlinearity',
    `must be one of ${NONLINS.join(', ')}, got ${String(nonlinearity)}`);
  const rounding = p.rounding ?? 'half-away';
  check(ROUNDINGS.includes(rounding), 'INVALID_PARAM', 'rounding', `must be one of ${ROUNDINGS.join(', ')}, got ${String(rounding)}`);
  check(p.algo === undefined || typeof p.algo === 'string', 'INVALID_PARAM', 'algo', 'must be a string when given');
  const icpg = ic / group;
  const ocpg = oc / group;
  const dstLength = n * oc * oh * ow;
  return {
    format, n, ic, ih, iw, oc, oh, ow, fh, fw, sh, sw, ph, pw, dh, dw, group, icpg, ocpg,
    srcScale, filterScale, dstScale,
    dstType: dstScale === undefined ? 'int32' : 'int8',
    biasMode, nonlinearity, rounding, algo: p.algo,
    srcLength: n * ic * ih * iw,
    dstLength,
    filterLength: oc * icpg * fh * fw,
    biasLength: biasMode === 'channel' ? oc : biasMode === 'full' ? dstLength : 0,
    macs: n * oc * oh * ow * icpg * fh * fw,
  };
}

/** Element offset of logical (n, c, h, w) in a tensor of the given layout kind. */
export function offsetOf(layout: 'NCHW' | 'NCHW44', C: number, H: number, W: number, n: number, c: number, h: number, w: number): number {
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
