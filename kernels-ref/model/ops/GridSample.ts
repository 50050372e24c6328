/**
 * GridSample (float32): Y[n, c, i, j] = X[n, c] sampled at grid[n, i, j] = (x, y), each in [-1, 1] (5-D: (x, y, z)).
 * As onnxruntime's CPU kernel computes it, one float32 rounding per operation:
 *   the location: align_corners ? (g + 1) / 2 * (len - 1) : ((g + 1) * len - 1) / 2;
 *   nearest: rounded half to even; linear: the neighbours at floor and floor + 1 weighted (x2 - x, x - x1) as
 *   wy2 * (wx2 a + wx1 b) + wy1 * (wx2 c + wx1 d) (5-D: the two planes the same way, then by z; 4-D with zeros
 *   padding and no align_corners: (wy2 wx2) a + (wy2 wx1) b + (wy1 wx2) c + (wy1 wx1) d, 0 with no neighbour
 *   inside, onnxruntime's precomputed plan); cubic (4-D): Keys'
 *   kernel, alpha = -0.75, over the 4 x 4 pixels from floor - 1, each row then the column;
 *   a pixel outside: 0 (zeros), the nearest inside (border), or its coordinate reflected by the near border until it
 *   lies within [-0.5, len - 0.5] ([0, len - 1] with align_corners), then truncated (reflection).
 */
import { attrInt, attrString, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

const f = Math.fround;

function reflectInto(v: number, lo: number, hi: number): number {
  const span = f(hi - lo);
  let out = v;
  if (v < lo) {
    const d = f(lo - v);
    const k = Math.trunc(f(d / span));
    const rest = f(d - f(k * span));
    out = k % 2 === 0 ? f(lo + rest) : f(hi - rest);
  } else if (v > hi) {
    const d = f(v - hi);
    const k = Math.trunc(f(d / span));
    const rest = f(d - f(k * span));
    out = k % 2 === 0 ? f(hi - rest) : f(lo + rest);
  }
  return out;
}

function halfEven(v: number): number {
  const fl = Math.floor(v);
  const diff = v - fl;
  if (diff < 0.5) return fl;
  if (diff > 0.5) return fl + 1;
  return fl % 2 === 0 ? fl : fl + 1;
}

function keys(t: number): [number, number, number, number] {
  const A = -0.75;
  const s = Math.abs(t);
  const p = f(s + 1),
    q = f(1 - s),
    r = f(2 - s);
  const outer = (u: number) => f(f(f(f(f(f(A * u) - f(5 * A)) * u) + f(8 * A)) * u) - f(4 * A));
  const inner = (u: number) => f(f(f(f(f(f(A + 2) * u) - f(A + 3)) * u) * u) + 1);
  return [outer(p), inner(s), inner(q), outer(r)];
}

export const GridSample: OpFn = (inputs, attrs, opset) => {
  onlyAttrs(attrs, 'GridSample', 'mode', 'padding_mode', 'align_corners');
  const x = need(inputs, 0, 'X');
  const grid = need(inputs, 1, 'grid');
  const name = attrString(attrs, 'mode', opset >= 20 ? 'linear' : 'bilinear');
  const mode = name === 'bilinear' ? 'linear' : name === 'bicubic' ? 'cubic' : name;
  const pad = attrString(attrs, 'padding_mode', 'zeros');
  const align = attrInt(attrs, 'align_corners', 0) === 1;
  const three = x.dims.length === 5;
  const [N, C] = x.dims;
  const D = three ? x.dims[2] : 1,
    H = x.dims[three ? 3 : 2],
    W = x.dims[three ? 4 : 3];
  const Do = three ? grid.dims[1] : 1,
    Ho = grid.dims[three ? 2 : 1],
    Wo = grid.dims[three ? 3 : 2];
  const X = x.data as Float32Array,
    G = grid.data as Float32Array;
  const Y = new Float32Array(N * C * Do * Ho * Wo);
  const loc = (g: number, len: number) => (align ? f(f(f(g + 1) / 2) * f(len - 1)) : f(f(f(f(g + 1) * len) - 1) / 2));
  const low = align ? 0 : -0.5;
  const high = (len: number) => (align ? f(len - 1) : f(len - 0.5));
  const fetch = (base: number, z: number, y: number, xx: number): number => {
    if (pad === 'zeros') {
      if (xx < 0 || xx >= W || y < 0 || y >= H || z < 0 || z >= D) return 0;
    } else if (pad === 'border') {
      xx = Math.min(W - 1, Math.max(0, xx));
      y = Math.min(H - 1, Math.max(0, y));
      z = Math.min(D - 1, Math.max(0, z));
    } else {
      xx = Math.trunc(reflectInto(xx, low, high(W)));
      y = Math.trunc(reflectInto(y, low, high(H)));
      if (three) z = Math.trunc(reflectInto(z, low, high(D)));
    }
    return X[base + (z * H + y) * W + xx];
  };
  for (let n = 0; n < N; n++)
    for (let c = 0; c < C; c++) {
      const base = (n * C + c) * D * H * W;
      for (let oz = 0; oz < Do; oz++)
        for (let oy = 0; oy < Ho; oy++)
          for (let ox = 0; ox < Wo; ox++) {
            const g = (((n * Do + oz) * Ho + oy) * Wo + ox) * (three ? 3 : 2);
            const lx = loc(G[g], W),
              ly = loc(G[g + 1], H),
              lz = three ? loc(G[g + 2], D) : 0;
            let out: number;
            if (mode === 'nearest') out = fetch(base, three ? halfEven(lz) : 0, halfEven(ly), halfEven(lx));
            else if (mode === 'linear') {
              const x1 = Math.floor(lx),
                y1 = Math.floor(ly),
                z1 = Math.floor(lz);
              const wx2 = f(x1 + 1 - lx),
                wx1 = f(lx - x1),
                wy2 = f(y1 + 1 - ly),
                wy1 = f(ly - y1);
              const planeAt = (z: number) => {
                const top = f(f(wx2 * fetch(base, z, y1, x1)) + f(wx1 * fetch(base, z, y1, x1 + 1)));
                const bottom = f(f(wx2 * fetch(base, z, y1 + 1, x1)) + f(wx1 * fetch(base, z, y1 + 1, x1 + 1)));
                return f(f(wy2 * top) + f(wy1 * bottom));
              };
              if (!three && pad === 'zeros' && !align) {
                // onnxruntime's 2-D plan (linear, zeros, no align_corners): products of the weights first, summed in
                // row order; 0 where no neighbour lies inside
                const anyInside = [
                  [x1, y1],
                  [x1 + 1, y1],
                  [x1, y1 + 1],
                  [x1 + 1, y1 + 1],
                ].some(([u, v]) => u >= 0 && u < W && v >= 0 && v < H);
                const terms = [
                  [f(wy2 * wx2), fetch(base, 0, y1, x1)],
                  [f(wy2 * wx1), fetch(base, 0, y1, x1 + 1)],
                  [f(wy1 * wx2), fetch(base, 0, y1 + 1, x1)],
                  [f(wy1 * wx1), fetch(base, 0, y1 + 1, x1 + 1)],
                ];
                out = anyInside ? terms.reduce((acc, [w, p], i) => (i === 0 ? f(w * p) : f(acc + f(w * p))), 0) : 0;
              } else if (!three) out = planeAt(0);
              else {
                const wz2 = f(z1 + 1 - lz),
                  wz1 = f(lz - z1);
                out = f(f(wz2 * planeAt(z1)) + f(wz1 * planeAt(z1 + 1)));
              }
            } else {
              const x0 = Math.floor(lx) - 1,
                y0 = Math.floor(ly) - 1;
              const cx = keys(f(f(lx - x0) - 1));
              const rows = [0, 1, 2, 3].map((i) =>
                cx.reduce(
                  (acc, k, j) =>
                    j === 0 ? f(k * fetch(base, 0, y0 + i, x0 + j)) : f(acc + f(k * fetch(base, 0, y0 + i, x0 + j))),
                  0,
                ),
              );
              const cy = keys(f(f(ly - y0) - 1));
              out = cy.reduce((acc, k, i) => (i === 0 ? f(k * rows[i]) : f(acc + f(k * rows[i]))), 0);
            }
            Y[((n * C + c) * Do + oz) * Ho * Wo + oy * Wo + ox] = out;
          }
    }
  return [makeTensor('float32', three ? [N, C, Do, Ho, Wo] : [N, C, Ho, Wo], Y)];
};
