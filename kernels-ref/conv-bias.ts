/**
 * Naive ConvBias: the oracle every optimized path is compared with. Deliberately plain: one output element at a
 * time, logical (n, c, h, w) indexing through `offsetOf`, int32 accumulation, then the rounding contract of
 * requant.ts. Supports every format, group, padding, stride and dilation the parameter object can express.
 */
import { normalizeConvParams, offsetOf, srcLayout, dstLayout, type ConvBiasParams } from '../src/params.js';
import { I8ConvError } from '../src/errors.js';
import { requantConsts, requantToInt32, requantToInt8 } from './requant.js';

/** Accumulators (bias included), in the dst layout of the format. */
export function convAccumulate(
  params: ConvBiasParams,
  src: Int8Array,
  weightsOIHW: Int8Array,
  bias?: Int32Array,
): Int32Array {
  const s = normalizeConvParams(params);
  if (src.length !== s.srcLength) throw new I8ConvError('BAD_BUFFER', `src: expected ${s.srcLength} elements, got ${src.length}`, 'src');
  if (weightsOIHW.length !== s.filterLength) {
    throw new I8ConvError('BAD_BUFFER', `weights: expected ${s.filterLength} elements, got ${weightsOIHW.length}`, 'weights');
  }
  if (s.biasMode !== 'none' && (!bias || bias.length !== s.biasLength)) {
    throw new I8ConvError('BIAS_LENGTH', `bias: expected ${s.biasLength} elements for biasMode '${s.biasMode}'`, 'bias');
  }
  const sl = srcLayout(s.format);
  const dl = dstLayout(s.format);
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
              const ih = oh * s.sh + kh * s.dh - s.ph;
              if (ih < 0 || ih >= s.ih) continue;
              for (let kw = 0; kw < s.fw; kw++) {
                const iw = ow * s.sw + kw * s.dw - s.pw;
                if (iw < 0 || iw >= s.iw) continue;
                const x = src[offsetOf(sl, s.ic, s.ih, s.iw, n, ic, ih, iw)];
                const w = weightsOIHW[((oc * s.icpg + icg) * s.fh + kh) * s.fw + kw];
                acc += x * w;
              }
            }
          }
          const o = offsetOf(dl, s.oc, s.oh, s.ow, n, oc, oh, ow);
          if (s.biasMode === 'channel') acc += bias![oc];
          else if (s.biasMode === 'full') acc += bias![o];
          out[o] = acc | 0;
        }
      }
    }
  }
  return out;
}

/** The full operator: accumulate, then requantize (int8 dst) or apply the int32 rule (dstScale omitted). */
export function convBias(
  params: ConvBiasParams,
  src: Int8Array,
  weightsOIHW: Int8Array,
  bias?: Int32Array,
): Int8Array | Int32Array {
  const s = normalizeConvParams(params);
  const acc = convAccumulate(params, src, weightsOIHW, bias);
  const c = requantConsts(s.srcScale, s.filterScale, s.dstScale);
  if (s.dstType === 'int32') return acc.map((a) => requantToInt32(a, c, s.nonlinearity, s.rounding));
  const out = new Int8Array(acc.length);
  for (let i = 0; i < acc.length; i++) out[i] = requantToInt8(acc[i], c, s.nonlinearity, s.rounding);
  return out;
}

/**
 * NCHW44_DOT filter -> (G)OIHW, by the index formula of spec cpu-conv.md §1.5:
 * F[g][ob][ib][kh][kw][o4][i4] = W_g[ob*4 + o4][ib*4 + i4][kh][kw]   (dense: G = 1).
 */
export function dotFilterToOIHW(params: ConvBiasParams, f: Int8Array): Int8Array {
  const s = normalizeConvParams(params);
  if (s.icpg % 4 !== 0 || s.ocpg % 4 !== 0) {
    throw new I8ConvError('INVALID_PARAM', 'layout: NCHW44_DOT filters need IC/G and OC/G multiples of 4', 'layout');
  }
  if (f.length !== s.filterLength) throw new I8ConvError('BAD_BUFFER', `weights: expected ${s.filterLength} elements, got ${f.length}`, 'weights');
  const out = new Int8Array(s.filterLength);
  const icb = s.icpg / 4;
  const ocb = s.ocpg / 4;
  for (let g = 0; g < s.group; g++)
    for (let o = 0; o < s.ocpg; o++)
      for (let i = 0; i < s.icpg; i++)
        for (let kh = 0; kh < s.fh; kh++)
          for (let kw = 0; kw < s.fw; kw++) {
            const from = ((((g * ocb + (o >> 2)) * icb + (i >> 2)) * s.fh + kh) * s.fw + kw) * 16 + (o & 3) * 4 + (i & 3);
            out[(((g * s.ocpg + o) * s.icpg + i) * s.fh + kh) * s.fw + kw] = f[from];
          }
  return out;
}
