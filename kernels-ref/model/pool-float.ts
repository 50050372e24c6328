/**
 * The float32 pools as onnxruntime-web computes them (MaxPool, AveragePool, GlobalAveragePool): onnxruntime runs a
 * float pool through one of four loops, which differ in the order of the float operations and in how a max treats
 * NaN and -0. Here each loop is written out from its description (docs/model.md, "Float pools"):
 *
 * - fmax(a, b): wasm's f32.max (NaN if either is NaN, +0 above -0); cmax(m, x): C++ std::max, `m < x ? x : m`.
 *   LOWEST: -3.4028235e38.
 * - Which loop: MaxPool with dilations, an Indices output or storage_order 1 (opset 8+), AveragePool at opset 19+,
 *   with dilations, or with ceil_mode and count_include_pad both 1: `functor`. Otherwise, kernel_shape equal to the
 *   spatial dims with strides 1 and no padding: `global`; 2-D or 3-D with the last axis' stride <= 2, every kernel dim
 *   <= 32 and the padded last axis fitting 2045 floats (each pad taken from the room while there is room):
 *   `vector`; else `generic`. GlobalAveragePool is `global`.
 * - functor: the window's cells inside the input in window order (last axis fastest); max: the first cell, then
 *   cmax; average: f32 sum from 0, / f(cells inside the padded input) with count_include_pad, else / f(cells inside).
 * - generic: the same cells; max from LOWEST with cmax; average from 0, / f(prod(kernel)) with count_include_pad.
 * - global: four lanes over the first n - n % 4 cells (lane i % 4), max from LOWEST with fmax or sums from 0, then
 *   (l0 op l2) op (l1 op l3), then the other cells in order with cmax or +; the average / f(n).
 * - vector: per input column x of the padded last axis, col(x) folds the window's leading-axis cells inside the input
 *   in order: 2-D from the first cell, 3-D from LOWEST / 0; max with fmax for x < W - W % 4 and cmax beyond, average
 *   with +. Columns outside the input are LOWEST / 0. The output folds its K_last columns in order from the first's
 *   value, with fmax / +; the average / f(prod(kernel)) with count_include_pad, else / f(cells inside).
 */
import type { PoolGeometry } from './pool-geometry.js';
import { cmax, f32 } from './tensor.js';

export const LOWEST = -3.4028234663852886e38;

/** wasm's f32.max. */
export function fmax(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) && Object.is(b, -0) ? -0 : 0;
  return Math.max(a, b);
}

export type FloatLoop = 'functor' | 'global' | 'vector' | 'generic';

/** onnxruntime's loop for a float pool (see the header). */
export function floatLoop(
  op: 'MaxPool' | 'AveragePool',
  opset: number,
  g: PoolGeometry,
  facts: { indices: boolean; storageOrder: number; ceil: boolean; includePad: boolean },
): FloatLoop {
  const dilated = g.dilations.some((d) => d > 1);
  if (op === 'MaxPool' && opset >= 8 && (dilated || facts.indices || facts.storageOrder === 1)) return 'functor';
  if (op === 'AveragePool' && (opset >= 19 || dilated || (facts.ceil && facts.includePad))) return 'functor';
  const k = g.inDims.length;
  const noPad = g.padBegin.every((p) => p === 0) && g.padEnd.every((p) => p === 0);
  if (noPad && g.strides.every((s) => s === 1) && g.kernel.every((kk, i) => kk === g.inDims[i])) return 'global';
  if (k === 2 || k === 3) {
    let room = 2045;
    for (const p of [g.padBegin[k - 1], g.padEnd[k - 1]]) room = room >= p ? room - p : 0;
    if (g.strides[k - 1] <= 2 && g.kernel.every((kk) => kk <= 32) && room >= g.inDims[k - 1]) return 'vector';
  }
  return 'generic';
}

/** The global loop over n values (read through `at`). */
export function globalFold(avg: boolean, n: number, at: (i: number) => number): number {
  const lanes: number[] = [0, 1, 2, 3].map(() => (avg ? 0 : LOWEST));
  const bulk = n - (n % 4);
  for (let i = 0; i < bulk; i++) lanes[i % 4] = avg ? f32(lanes[i % 4] + at(i)) : fmax(lanes[i % 4], at(i));
  const op = (a: number, b: number) => (avg ? f32(a + b) : fmax(a, b));
  let r = op(op(lanes[0], lanes[2]), op(lanes[1], lanes[3]));
  for (let i = bulk; i < n; i++) r = avg ? f32(r + at(i)) : cmax(r, at(i));
  return avg ? f32(r / f32(n)) : r;
}

/** The window's cells of one output along each axis: the positions start + j * dilation, j < kernel. */
function axisCells(g: PoolGeometry, axis: number, start: number): number[] {
  return Array.from({ length: g.kernel[axis] }, (_, j) => start + j * g.dilations[axis]);
}

/**
 * One output of the functor, generic or vector loop: the window starting at `start` (per axis) over the image read
 * through `at(coords)`.
 */
export function windowFold(
  loop: 'functor' | 'generic' | 'vector',
  avg: boolean,
  includePad: boolean,
  g: PoolGeometry,
  start: readonly number[],
  at: (coords: readonly number[]) => number,
): number {
  const k = g.inDims.length;
  const inside = (axis: number, q: number) => q >= 0 && q < g.inDims[axis];
  const perAxis = start.map((s, i) => axisCells(g, i, s));
  if (loop !== 'vector') {
    // every combination of the axes' cells, last axis fastest
    let combos: number[][] = [[]];
    for (let i = 0; i < k; i++) combos = combos.flatMap((c) => perAxis[i].map((q) => [...c, q]));
    const cellsIn = combos.filter((c) => c.every((q, i) => inside(i, q)));
    if (avg) {
      let sum = 0;
      for (const c of cellsIn) sum = f32(sum + at(c));
      let count = cellsIn.length;
      if (includePad)
        count =
          loop === 'functor'
            ? combos.filter((c) => c.every((q, i) => q >= -g.padBegin[i] && q < g.inDims[i] + g.padEnd[i])).length
            : combos.length;
      return f32(sum / f32(count));
    }
    let m = loop === 'generic' ? LOWEST : Number.NEGATIVE_INFINITY;
    cellsIn.forEach((c, n) => {
      m = n === 0 && loop === 'functor' ? at(c) : cmax(m, at(c));
    });
    return m;
  }
  // vector: leading-axis cells inside the input, in order
  let lead: number[][] = [[]];
  for (let i = 0; i < k - 1; i++)
    lead = lead.flatMap((c) => perAxis[i].filter((q) => inside(i, q)).map((q) => [...c, q]));
  const W = g.inDims[k - 1];
  const bulk = W - (W % 4);
  const col = (x: number): number => {
    if (!inside(k - 1, x)) return avg ? 0 : LOWEST;
    let v = k === 3 ? (avg ? 0 : LOWEST) : at([...lead[0], x]);
    for (let r = k === 3 ? 0 : 1; r < lead.length; r++) {
      const c = at([...lead[r], x]);
      v = avg ? f32(v + c) : x < bulk ? fmax(v, c) : cmax(v, c);
    }
    return v;
  };
  const xs = perAxis[k - 1];
  let acc = col(xs[0]);
  for (let j = 1; j < xs.length; j++) acc = avg ? f32(acc + col(xs[j])) : fmax(acc, col(xs[j]));
  if (!avg) return acc;
  const count = includePad
    ? g.kernel.reduce((a, b) => a * b, 1)
    : xs.filter((x) => inside(k - 1, x)).length * lead.length;
  return f32(acc / f32(count));
}
