/**
 * Naive ConvBias: the oracle every optimized path is compared with. Deliberately plain: one output element at a
 * time, logical (n, c, h, w) indexing, int32 accumulation of (x - srcZeroPoint) * w, then the rounding contract
 * of requant.ts per output channel. Supports every format, group, padding, stride and dilation the parameter
 * object can express, int8 and uint8 sources, per-tensor and per-channel weight scales. Shares no code with src/.
 */
import type { ConvBiasParams } from '../src/params.js';
import { refOffset, refShape } from './shape.js';
import { requantConsts, requantTo8, requantToInt32 } from './requant.js';

/** Accumulators (bias included), in the dst layout of the format. */
export function convAccumulate(
  params: ConvBiasParams,
  src: Int8Array | Uint8Array,
  weightsOIHW: Int8Array,
  bias?: Int32Array,
): Int32Array {
  const s = refShape(params);
  if (src.length !== s.srcLength) throw new Error(`reference: src has ${src.length} elements, expected ${s.srcLength}`);
  if (weightsOIHW.length !== s.filterLength)
    throw new Error(`reference: weights have ${weightsOIHW.length} elements, expected ${s.filterLength}`);
  if (s.biasMode !== 'none' && (!bias || bias.length !== s.biasLength))
    throw new Error(`reference: bias needs ${s.biasLength} elements`);
  const srcIs44 = s.format === 'NCHW44';
  const dstIs44 = s.format !== 'NCHW';
  const zp = s.srcZeroPoint;
  const out = new Int32Array(s.dstLength);
  for (let n = 0; n < s.n; n++) {
    for (let oc = 0; oc < s.oc; oc++) {
      const g = Math.floor(oc / s.ocpg);
      for (let oh = 0; oh < s.oh; oh++) {
        for (let ow = 0; ow < s.ow; ow++) {
          let acc = 0;
          for (let icg = 0; icg < s.icpg; icg++) {
            const ic = g * s.icpg + icg;
            for (let kh = 0; kh < s.fh; kh++) {
              const ih = oh * s.sh + kh * s.dh - s.padTop;
              if (ih < 0 || ih >= s.ih) continue; // padding equals the zero point: x - zp = 0
              for (let kw = 0; kw < s.fw; kw++) {
                const iw = ow * s.sw + kw * s.dw - s.padLeft;
                if (iw < 0 || iw >= s.iw) continue;
                const x = src[refOffset(srcIs44, s.ic, s.ih, s.iw, n, ic, ih, iw)];
                const w = weightsOIHW[((oc * s.icpg + icg) * s.fh + kh) * s.fw + kw];
                acc += (x - zp) * w;
              }
            }
          }
          const o = refOffset(dstIs44, s.oc, s.oh, s.ow, n, oc, oh, ow);
          if (s.biasMode === 'channel') acc += bias![oc];
          else if (s.biasMode === 'full') acc += bias![o];
          out[o] = acc | 0;
        }
      }
    }
  }
  return out;
}

/** The output channel of each element of a dst-layout tensor. */
function channelOf(s: ReturnType<typeof refShape>, i: number): number {
  const plane = s.oh * s.ow;
  if (s.format === 'NCHW') return Math.floor(i / plane) % s.oc;
  const block = Math.floor(i / (plane * 4)) % (s.oc / 4);
  return block * 4 + (i % 4);
}

/** The full operator: accumulate, then requantize per output channel (int8 / uint8 dst) or the int32 rule. */
export function convBias(
  params: ConvBiasParams,
  src: Int8Array | Uint8Array,
  weightsOIHW: Int8Array,
  bias?: Int32Array,
): Int8Array | Uint8Array | Int32Array {
  const s = refShape(params);
  const acc = convAccumulate(params, src, weightsOIHW, bias);
  const consts = s.filterScale.map((fs) => requantConsts(s.srcScale, fs, s.dstScale));
  if (s.dstType === 'int32')
    return acc.map((a, i) => requantToInt32(a, consts[channelOf(s, i)], s.nonlinearity, s.rounding));
  const out = s.dstType === 'uint8' ? new Uint8Array(acc.length) : new Int8Array(acc.length);
  for (let i = 0; i < acc.length; i++) {
    out[i] = requantTo8(acc[i], consts[channelOf(s, i)], s.nonlinearity, s.rounding, s.dstType, s.dstZeroPoint);
  }
  return out;
}

/**
 * NCHW44_DOT filter -> (G)OIHW, by the index formula of docs/conv.md#layouts:
 * F[g][ob][ib][kh][kw][o4][i4] = W_g[ob*4 + o4][ib*4 + i4][kh][kw]   (dense: G = 1).
 */
export function dotFilterToOIHW(params: ConvBiasParams, f: Int8Array): Int8Array {
  const s = refShape(params);
  if (s.icpg % 4 !== 0 || s.ocpg % 4 !== 0)
    throw new Error('reference: NCHW44_DOT filters need IC/G and OC/G multiples of 4');
  if (f.length !== s.filterLength)
    throw new Error(`reference: weights have ${f.length} elements, expected ${s.filterLength}`);
  const out = new Int8Array(s.filterLength);
  const icb = s.icpg / 4;
  const ocb = s.ocpg / 4;
  for (let g = 0; g < s.group; g++)
    for (let o = 0; o < s.ocpg; o++)
      for (let i = 0; i < s.icpg; i++)
        for (let kh = 0; kh < s.fh; kh++)
          for (let kw = 0; kw < s.fw; kw++) {
            const from =
              ((((g * ocb + Math.floor(o / 4)) * icb + Math.floor(i / 4)) * s.fh + kh) * s.fw + kw) * 16 +
              (o % 4) * 4 +
              (i % 4);
            out[(((g * s.ocpg + o) * s.icpg + i) * s.fh + kh) * s.fw + kw] = f[from];
          }
  return out;
}
