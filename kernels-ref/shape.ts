/**
 * The oracle's own reading of a ConvBias parameter object: plain, with no validation beyond what it needs to
 * compute (the product validates; tests compare the two). It shares no code with src/ on purpose, so that a
 * mistake in the product's shape derivation cannot hide in both.
 */
import type { ConvBiasParams } from '../src/params.js';

export interface RefShape {
  format: 'NCHW44' | 'NCHW' | 'NCHW_NCHW44';
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
  padTop: number;
  padLeft: number;
  dh: number;
  dw: number;
  group: number;
  icpg: number;
  ocpg: number;
  srcScale: number;
  filterScale: number[];
  dstScale: number | undefined;
  srcType: 'int8' | 'uint8';
  srcZeroPoint: number;
  dstType: 'int8' | 'uint8' | 'int32';
  dstZeroPoint: number;
  biasMode: 'none' | 'channel' | 'full';
  nonlinearity: 'identity' | 'relu' | 'hswish' | 'relu6';
  rounding: 'half-away' | 'half-even';
  srcLength: number;
  dstLength: number;
  filterLength: number;
  biasLength: number;
}

function two(v: unknown, dflt: number): [number, number] {
  if (v === undefined) return [dflt, dflt];
  if (typeof v === 'number') return [v, v];
  const a = v as number[];
  return [a[0], a[1]];
}

export function refShape(p: ConvBiasParams): RefShape {
  const [sh, sw] = two(p.stride, 1);
  const [dh, dw] = two(p.dilation, 1);
  let top = 0,
    left = 0,
    bottom = 0,
    right = 0;
  if (typeof p.pad === 'number') top = left = bottom = right = p.pad;
  else if (Array.isArray(p.pad) && p.pad.length === 2)
    [top, left, bottom, right] = [p.pad[0], p.pad[1], p.pad[0], p.pad[1]];
  else if (Array.isArray(p.pad) && p.pad.length === 4) [top, left, bottom, right] = p.pad as number[];
  const group = p.group ?? 1;
  const oh = Math.floor((p.ih + top + bottom - ((p.fh - 1) * dh + 1)) / sh) + 1;
  const ow = Math.floor((p.iw + left + right - ((p.fw - 1) * dw + 1)) / sw) + 1;
  const filterScale =
    typeof p.filterScale === 'number' ? new Array<number>(p.oc).fill(p.filterScale) : Array.from(p.filterScale);
  const dstType = p.dstType ?? (p.dstScale === undefined ? 'int32' : 'int8');
  const biasMode = p.biasMode ?? 'none';
  const dstLength = p.n * p.oc * oh * ow;
  return {
    format: p.format,
    n: p.n,
    ic: p.ic,
    ih: p.ih,
    iw: p.iw,
    oc: p.oc,
    oh,
    ow,
    fh: p.fh,
    fw: p.fw,
    sh,
    sw,
    padTop: top,
    padLeft: left,
    dh,
    dw,
    group,
    icpg: p.ic / group,
    ocpg: p.oc / group,
    srcScale: p.srcScale,
    filterScale,
    dstScale: p.dstScale,
    srcType: p.srcType ?? 'int8',
    srcZeroPoint: p.srcZeroPoint ?? 0,
    dstType,
    dstZeroPoint: p.dstZeroPoint ?? 0,
    biasMode,
    nonlinearity: p.nonlinearity ?? 'identity',
    rounding: p.rounding ?? 'half-away',
    srcLength: p.n * p.ic * p.ih * p.iw,
    dstLength,
    filterLength: p.oc * (p.ic / group) * p.fh * p.fw,
    biasLength: biasMode === 'channel' ? p.oc : biasMode === 'full' ? dstLength : 0,
  };
}

/** Element offset of logical (n, c, h, w): NCHW, or NCHW44 (channel c in block c / 4, lane c % 4). */
export function refOffset(
  nchw44: boolean,
  C: number,
  H: number,
  W: number,
  n: number,
  c: number,
  h: number,
  w: number,
): number {
  if (!nchw44) return ((n * C + c) * H + h) * W + w;
  const block = Math.floor(c / 4);
  return (((n * (C / 4) + block) * H + h) * W + w) * 4 + (c % 4);
}
