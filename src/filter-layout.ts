/**
 * Filter layouts a user may hand to setFilter, turned into (G)OIHW (the product's own copy of the index formulas
 * of docs/conv.md#layouts; the oracle has its own).
 *   NCHW44_DOT   F[g][ob][ib][kh][kw][o4][i4] = W_g[ob*4 + o4][ib*4 + i4][kh][kw]   {G?, OCPG/4, ICPG/4, FH, FW, 4, 4}
 *   NCHW44_CHAN  F[gb][0][0][kh][kw][g4]      = W[gb*4 + g4][0][kh][kw]             {G/4, 1, 1, FH, FW, 4}
 */
import type { ConvShape } from './params.js';

export function dotFilterToOIHW(s: ConvShape, f: Int8Array): Int8Array {
  const out = new Int8Array(s.filterLength);
  const icb = s.icpg >> 2;
  const ocb = s.ocpg >> 2;
  for (let g = 0; g < s.group; g++)
    for (let o = 0; o < s.ocpg; o++)
      for (let i = 0; i < s.icpg; i++)
        for (let kh = 0; kh < s.fh; kh++)
          for (let kw = 0; kw < s.fw; kw++) {
            const from =
              ((((g * ocb + (o >> 2)) * icb + (i >> 2)) * s.fh + kh) * s.fw + kw) * 16 + (o & 3) * 4 + (i & 3);
            out[(((g * s.ocpg + o) * s.icpg + i) * s.fh + kh) * s.fw + kw] = f[from];
          }
  return out;
}

export function chanFilterToOIHW(s: ConvShape, f: Int8Array): Int8Array {
  const out = new Int8Array(s.filterLength);
  const taps = s.fh * s.fw;
  for (let g = 0; g < s.group; g++)
    for (let t = 0; t < taps; t++) out[g * taps + t] = f[((g >> 2) * taps + t) * 4 + (g & 3)];
  return out;
}
