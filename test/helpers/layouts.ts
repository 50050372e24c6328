/** Plain index-formula conversions used by tests (docs/conv.md#layouts formulas, written out). */

/** NCHW44_DOT dense filter {OC/4, IC/4, FH, FW, 4(o), 4(i)} -> OIHW. */
export function dotFilterToOIHW(f: ArrayLike<number>, oc: number, ic: number, fh: number, fw: number): Int8Array {
  const out = new Int8Array(oc * ic * fh * fw);
  for (let o = 0; o < oc; o++)
    for (let i = 0; i < ic; i++)
      for (let kh = 0; kh < fh; kh++)
        for (let kw = 0; kw < fw; kw++) {
          const src = (((((o >> 2) * (ic >> 2) + (i >> 2)) * fh + kh) * fw + kw) * 4 + (o & 3)) * 4 + (i & 3);
          out[((o * ic + i) * fh + kh) * fw + kw] = f[src];
        }
  return out;
}

/** NCHW -> NCHW44 activation (C % 4 == 0). */
export function nchwToNchw44(x: ArrayLike<number>, n: number, c: number, h: number, w: number): Int8Array {
  const out = new Int8Array(n * c * h * w);
  for (let b = 0; b < n; b++)
    for (let ch = 0; ch < c; ch++)
      for (let y = 0; y < h; y++)
        for (let xx = 0; xx < w; xx++)
          out[((((b * (c >> 2) + (ch >> 2)) * h + y) * w + xx) << 2) + (ch & 3)] = x[((b * c + ch) * h + y) * w + xx];
  return out;
}
