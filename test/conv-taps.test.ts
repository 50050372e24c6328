// The float convolutions' tap tables (src/model/backends/host/conv.ts): the 2-D builder, row by row, gives the table
// of the any-rank builder, position by position, on every geometry of a sweep (kernels 1..5 per side, strides 1..3,
// dilations 1..2, pads 0..3 on each side, planes 1..9 per side), in both roles (a Conv's input offsets, a
// ConvTranspose's output cells: the planes swapped).
import { describe, expect, it } from 'vitest';
import { taps2d, tapsNd } from '../src/model/backends/host/conv.js';

describe('tap tables', () => {
  it('the 2-D builder equals the any-rank builder on every geometry of the sweep', () => {
    let cases = 0;
    for (const kh of [1, 2, 3, 5])
      for (const kw of [1, 3, 4])
        for (const s of [1, 2, 3])
          for (const d of [1, 2])
            for (const [pt, pl] of [
              [0, 0],
              [1, 0],
              [0, 2],
              [3, 1],
            ])
              for (const ih of [1, 4, 9])
                for (const iw of [1, 5, 8]) {
                  const oh = Math.floor((ih + 2 * pt - (kh - 1) * d - 1) / s) + 1;
                  const ow = Math.floor((iw + 2 * pl - (kw - 1) * d - 1) / s) + 1;
                  if (oh < 1 || ow < 1) continue;
                  const args = [
                    [kh, kw],
                    [oh, ow],
                    [ih, iw],
                    [s, s + 1 > 3 ? 1 : s + 1],
                    [d, 3 - d],
                    [pt, pl],
                  ] as const;
                  expect(taps2d(...args)).toEqual(tapsNd(...args));
                  // a ConvTranspose's table: input plane [oh, ow] reaching output plane [ih, iw]
                  const swapped = [args[0], args[2], args[1], args[3], args[4], args[5]] as const;
                  expect(taps2d(...swapped)).toEqual(tapsNd(...swapped));
                  cases++;
                }
    expect(cases).toBeGreaterThan(1000);
  });
});
