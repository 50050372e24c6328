/**
 * The TypeScript relayout path: gather copies described by data. A copy walks the destination in memory
 * order through `dims` (a refinement of the destination shape: splitting an axis, e.g. C into (C/4, 4), keeps
 * the memory order), reads the source at sum(idx[d] * strides[d]), and writes `pad` wherever a check
 * sum(idx[d] * coef[d]) < limit fails (a padded channel). Coefficients are non-negative, so along the
 * innermost axis the valid positions are a prefix and each row is one copy loop plus one fill.
 */
import type { RelayoutArray } from './dtype.js';

export interface Copy {
  from: 'src' | 'ws';
  to: 'dst' | 'ws';
  dims: number[];
  strides: number[];
  checks: Array<{ coef: number[]; limit: number }>;
}

export function runCopy(c: Copy, from: RelayoutArray, to: RelayoutArray, toOffset: number, pad: number): void {
  const nd = c.dims.length;
  const inner = c.dims[nd - 1];
  const innerStride = c.strides[nd - 1];
  const outerDims = c.dims.slice(0, nd - 1);
  const rows = outerDims.reduce((a, b) => a * b, 1);
  const idx = new Array<number>(nd - 1).fill(0);
  let out = toOffset;
  for (let row = 0; row < rows; row++) {
    let base = 0;
    for (let d = 0; d < nd - 1; d++) base += idx[d] * c.strides[d];
    // Valid prefix of this row: the smallest bound over all checks.
    let valid = inner;
    for (const ch of c.checks) {
      let partial = 0;
      for (let d = 0; d < nd - 1; d++) partial += idx[d] * ch.coef[d];
      const ci = ch.coef[nd - 1];
      const room = ch.limit - partial;
      const v = ci === 0 ? (room > 0 ? inner : 0) : Math.max(0, Math.ceil(room / ci));
      if (v < valid) valid = v;
    }
    if (innerStride === 1) {
      to.set(from.subarray(base, base + valid), out);
    } else {
      for (let i = 0, s = base; i < valid; i++, s += innerStride) to[out + i] = from[s];
    }
    if (valid < inner) to.fill(pad, out + valid, out + inner);
    out += inner;
    for (let d = nd - 2; d >= 0; d--) {
      if (++idx[d] < outerDims[d]) break;
      idx[d] = 0;
    }
  }
}
