/**
 * The "naive JavaScript" peer: the convolution a web developer would write by hand, with typed arrays and
 * nested loops, no SIMD. It follows the same operator contract as the oracle for the benchmark's parameters
 * (channel bias, identity, int8 output, rounding half-even), so its output is checked like every other backend.
 *
 * Reads src NCHW {1, IC, H, W} (the benchmark converts once, outside the timing) and OIHW weights; writes the
 * int8 NCHW44 output {1, OC/4, OH, OW, 4} at index ((oc>>2)*OH + oy)*OW*4 + ox*4 + (oc&3).
 *
 * Requantization as in the README's rounding contract: s_bias = f32(f32(srcScale)*f32(filterScale)),
 * ratio = f32(s_bias / f32(dstScale)), y = sat8(round_half_even(f32(f32(acc) * ratio))).
 */
import type { ConvParams } from './data.js';

/** Rounds to the nearest integer, ties to even (Math.round sends ties towards +infinity, wrong for both rules). */
export function roundHalfEven(v: number): number {
  const r = Math.round(v);
  return r - v === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

export function naiveConvNCHW(
  p: ConvParams,
  srcNCHW: Int8Array,
  weights: Int8Array,
  bias: Int32Array,
  dst: Int8Array,
): void {
  const { ic, ih, iw, oc, fh, fw, group } = p;
  const [sh, sw] = p.stride;
  const [ph, pw] = p.pad;
  const oh = Math.floor((ih + 2 * ph - fh) / sh) + 1;
  const ow = Math.floor((iw + 2 * pw - fw) / sw) + 1;
  const icpg = ic / group;
  const ocpg = oc / group;
  const f = Math.fround;
  const ratio = f(f(f(p.srcScale) * f(p.filterScale)) / f(p.dstScale));
  for (let o = 0; o < oc; o++) {
    const g = Math.floor(o / ocpg);
    const wBase = o * icpg * fh * fw;
    const dBase = (o >> 2) * oh * ow * 4 + (o & 3);
    for (let oy = 0; oy < oh; oy++) {
      for (let ox = 0; ox < ow; ox++) {
        let acc = bias[o];
        for (let c = 0; c < icpg; c++) {
          const sBase = (g * icpg + c) * ih * iw;
          const wc = wBase + c * fh * fw;
          for (let ky = 0; ky < fh; ky++) {
            const y = oy * sh - ph + ky;
            if (y < 0 || y >= ih) continue;
            for (let kx = 0; kx < fw; kx++) {
              const x = ox * sw - pw + kx;
              if (x < 0 || x >= iw) continue;
              acc += srcNCHW[sBase + y * iw + x] * weights[wc + ky * fw + kx];
            }
          }
        }
        const q = roundHalfEven(f(f(acc) * ratio));
        dst[dBase + (oy * ow + ox) * 4] = q > 127 ? 127 : q < -128 ? -128 : q;
      }
    }
  }
}
