/**
 * What every algorithm shares on the host: the common fields of the context record (requantization, source
 * encoding, geometry) that the operator writes for any plan.
 */
import type { ConvShape } from '../params.js';
import type { CtxField } from './types.js';

/** The source zero point in the signed domain the kernels use (xs = raw ^ srcXor): uint8 values are x - 128. */
export function srcZeroPointSigned(s: ConvShape): number {
  return s.srcType === 'uint8' ? s.srcZeroPoint - 128 : s.srcZeroPoint;
}

/** The i32 context fields every kernel family reads; pointers and float fields are set by the operator. */
export function commonCtxFields(s: ConvShape, ocpgPad: number): Partial<Record<CtxField, number>> {
  return {
    dstType: { int8: 0, int32: 1, uint8: 2 }[s.dstType],
    nonlin: { identity: 0, relu: 1, hswish: 2, relu6: 3 }[s.nonlinearity],
    rounding: s.rounding === 'half-even' ? 1 : 0,
    biasMode: { none: 0, channel: 1, full: 2 }[s.biasMode],
    dstZp: s.dstZeroPoint,
    dstLayout: s.format === 'NCHW' ? 1 : 0,
    plane: s.oh * s.ow,
    oc: s.oc,
    ocpg: s.ocpg,
    ocpgPad,
    group: s.group,
    srcLayout: s.format === 'NCHW44' ? 0 : 1,
    srcXor: s.srcType === 'uint8' ? 0x80 : 0,
    srcZp: srcZeroPointSigned(s),
    ic: s.ic,
    icpg: s.icpg,
    ih: s.ih,
    iw: s.iw,
    oh: s.oh,
    ow: s.ow,
    fh: s.fh,
    fw: s.fw,
    sh: s.sh,
    sw: s.sw,
    pt: s.pt,
    pl: s.pl,
    dh: s.dh,
    dw: s.dw,
    n: s.n,
  };
}
