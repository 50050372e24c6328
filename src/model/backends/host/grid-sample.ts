/**
 * GridSample (opsets 16+, float32): onnxruntime's CPU kernel, float32 operation for operation. X [N, C, H, W] (opset
 * 20+: also [N, C, D, H, W]) is sampled at the normalized locations of grid [N, Hout, Wout, 2] ([N, Dout, Hout, Wout,
 * 3]), x first; Y [N, C, Hout, Wout].
 *
 * - A normalized location n in [-1, 1] maps to the image as onnxruntime's GsDenormalize: align_corners 1:
 *   f(f(f(n + 1) / 2) * (len - 1)); 0: f(f(f(f(n + 1) * len) - 1) / 2).
 * - mode nearest (opset 16: 'nearest'): the location rounded half to even (nearbyint), then the pixel there;
 *   linear ('bilinear' before 20): the four (eight) neighbours of floor(x), floor(y), weighted as
 *   dy2 * (dx2 p11 + dx1 p12) + dy1 * (dx2 p21 + dx1 p22) (and dz2 * that + dz1 * the next plane), with
 *   dx2 = f(x2 - x), dx1 = f(x - x1) (2-D with zeros padding and no align_corners, onnxruntime's precomputed plan:
 *   w11 p11 + w12 p12 + w21 p21 + w22 p22 in that order, w11 = dy2 dx2 ..., and 0 where no neighbour is inside); cubic ('bicubic', 4-D only): the 4 x 4 pixels around it, Keys' coefficients with
 *   alpha -0.75 (onnxruntime's expression order), rows first.
 * - padding_mode: zeros (a pixel outside is 0), border (its coordinates clamped), reflection (each coordinate, as a
 *   float, reflected by the near border until inside [-0.5, len - 0.5] or [0, len - 1] with align_corners; then
 *   truncated), as onnxruntime's PixelAtGrid. Reflection with align_corners over a dim of 1 is refused: the range
 *   to reflect into is empty and onnxruntime reads outside the image there.
 */
import type { HostOpFactory } from '../types.js';
import { attrInt, attrString, expectDims, expectOutType, f32, fail, need, onlyAttrs, unsupported } from './common.js';

const MODES: Record<string, 'nearest' | 'linear' | 'cubic'> = {
  nearest: 'nearest',
  linear: 'linear',
  bilinear: 'linear',
  cubic: 'cubic',
  bicubic: 'cubic',
};

/** onnxruntime's GsReflect: x reflected by the near border until within [lo, hi] (float32 arithmetic). */
function reflect(x: number, lo: number, hi: number): number {
  const range = f32(hi - lo);
  if (x < lo) {
    const dx = f32(lo - x);
    const n = Math.trunc(f32(dx / range));
    const r = f32(dx - f32(n * range));
    return n % 2 === 0 ? f32(lo + r) : f32(hi - r);
  }
  if (x > hi) {
    const dx = f32(x - hi);
    const n = Math.trunc(f32(dx / range));
    const r = f32(dx - f32(n * range));
    return n % 2 === 0 ? f32(hi - r) : f32(lo + r);
  }
  return x;
}

/** Round half to even (C's nearbyint in the default rounding mode). */
function nearbyint(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** Keys' cubic coefficients (alpha -0.75) of a fraction t, onnxruntime's expressions in float32. */
function cubicCoeffs(t: number, c: Float64Array): void {
  const a = -0.75;
  const x = Math.abs(t);
  const x1 = f32(x + 1),
    x2 = f32(1 - x),
    x3 = f32(2 - x);
  c[0] = f32(f32(f32(f32(f32(f32(a * x1) - f32(5 * a)) * x1) + f32(8 * a)) * x1) - f32(4 * a));
  c[1] = f32(f32(f32(f32(f32(f32(a + 2) * x) - f32(a + 3)) * x) * x) + 1);
  c[2] = f32(f32(f32(f32(f32(f32(a + 2) * x2) - f32(a + 3)) * x2) * x2) + 1);
  c[3] = f32(f32(f32(f32(f32(f32(a * x3) - f32(5 * a)) * x3) + f32(8 * a)) * x3) - f32(4 * a));
}

export const GridSample: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'mode', 'padding_mode', 'align_corners');
  const x = need(node, inputs, 0, 'X'),
    grid = need(node, inputs, 1, 'grid');
  if (x.type !== 'float32' || grid.type !== 'float32') unsupported(node, 'X and grid must be float32');
  const modeName = attrString(node, 'mode', opset >= 20 ? 'linear' : 'bilinear');
  const mode = MODES[modeName];
  const legal = opset >= 20 ? ['nearest', 'linear', 'cubic'] : ['nearest', 'bilinear', 'bicubic'];
  if (!mode || !legal.includes(modeName))
    fail('BAD_MODEL', node, `mode ${JSON.stringify(modeName)} is not one of ${legal.join(', ')}`);
  const padding = attrString(node, 'padding_mode', 'zeros');
  if (padding !== 'zeros' && padding !== 'border' && padding !== 'reflection')
    fail('BAD_MODEL', node, `padding_mode ${JSON.stringify(padding)} is not zeros, border or reflection`);
  const align = attrInt(node, 'align_corners', 0) !== 0;
  const rank = x.dims.length;
  if (rank !== 4 && !(rank === 5 && opset >= 20)) unsupported(node, `X of rank ${rank}: 4-D (5-D from opset 20)`);
  if (rank === 5 && mode === 'cubic') unsupported(node, 'cubic mode samples 4-D inputs only (as onnxruntime)');
  const sp = rank - 2;
  // reflecting into [0, 0] divides by a zero range: onnxruntime then reads outside the image (undefined values)
  if (padding === 'reflection' && align && x.dims.slice(2).some((d) => d === 1))
    unsupported(
      node,
      'reflection padding with align_corners over a dim of 1 (onnxruntime reads outside the image there)',
    );
  const [N, C] = x.dims;
  const inDims = x.dims.slice(2);
  const outDims = grid.dims.slice(1, 1 + sp);
  if (grid.dims.length !== rank || grid.dims[0] !== N || grid.dims[rank - 1] !== sp)
    fail(
      'BAD_SHAPE',
      node,
      `grid [${grid.dims}] must be [${N}, ${sp === 2 ? 'Hout, Wout' : 'Dout, Hout, Wout'}, ${sp}]`,
    );
  expectDims(node, outputs[0], [N, C, ...outDims]);
  expectOutType(node, outputs[0], 'float32');
  // [W, H, D] as the grid orders its coordinates
  const lens = [...inDims].reverse();
  const lo = lens.map((l) => (align ? 0 : -0.5));
  const hi = lens.map((l) => (align ? f32(l - 1) : f32(l - 0.5)));
  const denorm = (n: number, len: number): number =>
    align ? f32(f32(f32(n + 1) / 2) * (len - 1)) : f32(f32(f32(f32(n + 1) * len) - 1) / 2);
  const points = outDims.reduce((a, b) => a * b, 1);
  // onnxruntime samples 2-D linear, zeros padding, no align_corners through a precomputed plan of its own order
  const fastPath = sp === 2 && mode === 'linear' && padding === 'zeros' && !align;
  const plane = inDims.reduce((a, b) => a * b, 1);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      G = ins[1]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    const coeffs = new Float64Array(4);
    const v = new Float64Array(4);
    for (let n = 0; n < N; n++)
      for (let c = 0; c < C; c++) {
        const img = (n * C + c) * plane;
        // one pixel by integer coordinates [x, y, z], padded as padding_mode says
        const pixel = (xs: number[]): number => {
          const k = xs.slice();
          for (let d = 0; d < sp; d++) {
            const len = lens[d];
            if (padding === 'zeros') {
              if (k[d] < 0 || k[d] >= len) return 0;
            } else if (padding === 'border') k[d] = Math.min(Math.max(k[d], 0), len - 1);
            else k[d] = Math.trunc(reflect(k[d], lo[d], hi[d]));
          }
          // x fastest: offset = ((z * H) + y) * W + x
          let off = 0;
          for (let d = sp - 1; d >= 0; d--) off = off * lens[d] + k[d];
          return X[img + off];
        };
        for (let p = 0; p < points; p++) {
          const g = (n * points + p) * sp;
          const at = lens.map((len, d) => denorm(G[g + d], len));
          let y: number;
          if (mode === 'nearest') y = pixel(at.map((a) => nearbyint(a)));
          else if (mode === 'linear') {
            const a1 = at.map((a) => Math.floor(a));
            const w2 = at.map((a, d) => f32(a1[d] + 1 - a));
            const w1 = at.map((a, d) => f32(a - a1[d]));
            const plane2 = (zi: number[]): number => {
              const p11 = pixel([a1[0], a1[1], ...zi]),
                p12 = pixel([a1[0] + 1, a1[1], ...zi]),
                p21 = pixel([a1[0], a1[1] + 1, ...zi]),
                p22 = pixel([a1[0] + 1, a1[1] + 1, ...zi]);
              return f32(
                f32(w2[1] * f32(f32(w2[0] * p11) + f32(w1[0] * p12))) +
                  f32(w1[1] * f32(f32(w2[0] * p21) + f32(w1[0] * p22))),
              );
            };
            if (fastPath) {
              // onnxruntime's plan for 2-D linear, zeros, no align_corners: the four weights first, the neighbours
              // outside the image 0, and 0 where none is inside
              const inside = (xi: number, yi: number) => xi >= 0 && xi < lens[0] && yi >= 0 && yi < lens[1];
              const [xa, ya] = a1;
              if (!inside(xa, ya) && !inside(xa + 1, ya) && !inside(xa, ya + 1) && !inside(xa + 1, ya + 1)) y = 0;
              else {
                const p11 = pixel([xa, ya]),
                  p12 = pixel([xa + 1, ya]),
                  p21 = pixel([xa, ya + 1]),
                  p22 = pixel([xa + 1, ya + 1]);
                const w11 = f32(w2[1] * w2[0]),
                  w12 = f32(w2[1] * w1[0]),
                  w21 = f32(w1[1] * w2[0]),
                  w22 = f32(w1[1] * w1[0]);
                y = f32(f32(f32(f32(w11 * p11) + f32(w12 * p12)) + f32(w21 * p21)) + f32(w22 * p22));
              }
            } else y = sp === 2 ? plane2([]) : f32(f32(w2[2] * plane2([a1[2]])) + f32(w1[2] * plane2([a1[2] + 1])));
          } else {
            const x0 = Math.floor(at[0]) - 1,
              y0 = Math.floor(at[1]) - 1;
            cubicCoeffs(f32(f32(at[0] - x0) - 1), coeffs);
            for (let i = 0; i < 4; i++) {
              let s = 0;
              for (let j = 0; j < 4; j++) {
                const t = f32(coeffs[j] * pixel([x0 + j, y0 + i]));
                s = j === 0 ? t : f32(s + t);
              }
              v[i] = s;
            }
            cubicCoeffs(f32(f32(at[1] - y0) - 1), coeffs);
            let s = 0;
            for (let i = 0; i < 4; i++) {
              const t = f32(coeffs[i] * v[i]);
              s = i === 0 ? t : f32(s + t);
            }
            y = s;
          }
          Y[(n * C + c) * points + p] = y;
        }
      }
  };
};
