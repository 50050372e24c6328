/**
 * Pooling, bit for bit as onnxruntime-web (wasm, one thread) computes it, and as the reference executor does
 * (kernels-ref/model/pool-geometry.ts and the ops): X [N, C, D1..Dk], kernel_shape required, strides, pads or
 * auto_pad, ceil_mode, dilations.
 *
 * Geometry (dk = (K - 1) * dilation + 1): NOTSET O = floor((D + b + e - dk) / s) + 1, ceil with ceil_mode, a last
 * window starting past the input and the begin padding dropped; VALID no padding; SAME_UPPER / SAME_LOWER
 * O = ceil(D / s), total = (O - 1) * s + dk - D not clamped at 0, begin trunc(total / 2) (SAME_UPPER) or
 * trunc((total + 1) / 2) (SAME_LOWER). Window o along an axis covers o * s - b + j * dilation, j < K; only the cells
 * inside the input are read (padding is never a candidate nor summed).
 *
 * onnxruntime runs a float32 pool through one of four loops (floatPoolLoop picks it as onnxruntime does); they
 * differ in the order of the float operations and in how a max treats NaN and -0, so each is spelled out.
 * `max` is wasm's f32.max (a NaN operand gives NaN; +0 beats -0), `pmax(m, x)` is C++'s std::max, `m < x ? x : m`
 * (a NaN x is skipped, a NaN m stays, the first of equal values stays); sums are f32 additions; `lowest` is
 * -3.4028235e38 (the float's lowest finite value).
 * - functor (MaxPool with dilations, an Indices output or storage_order 1 from opset 8; AveragePool from opset 19,
 *   with dilations, or with ceil_mode and count_include_pad both 1): per window, in window order (last axis
 *   fastest) over its cells inside the input. MaxPool: m = the first cell, then m = pmax(m, x) (the Indices output
 *   names the cell m came from); AveragePool: sum = 0, then sum + x, y = f(sum / count), count = the window cells
 *   inside the padded input (count_include_pad) or inside the input.
 * - global (MLAS; kernel_shape equal to the spatial dims, strides 1, no padding; GlobalAveragePool always): over the
 *   n cells of an image in order, four lanes: lane j folds the cells i < n - n % 4 with i % 4 == j, from lowest with
 *   max (MaxPool) or from 0 with + (AveragePool); then r = (l0 op l2) op (l1 op l3); then the last n % 4 cells in
 *   order, r = pmax(r, x) or r + x; the average divides by f(n).
 * - vector (MLAS; 2-D and 3-D, the last axis' stride 1 or 2, every kernel dim <= 32, D_last + b_last + e_last <=
 *   2045): per output row (fixed leading coordinates), a value per input column x: col(x) folds the window's rows
 *   inside the input (2-D: from the first row's cell; 3-D: from lowest / 0, planes then rows) with max for the
 *   columns x < D_last - D_last % 4 and pmax for the others (MaxPool), or + (AveragePool). Then output o folds
 *   the K_last positions p = o * s + j of the padded row (j in order, from the first position's value) with max / +,
 *   where a position outside the input counts lowest (MaxPool) or 0 (AveragePool). The average divides by
 *   f(prod(kernel_shape)) with count_include_pad, else by the cells inside the input.
 * - generic (MLAS; any other case): per window, the box clamped to the input, in window order, from lowest with
 *   pmax (MaxPool) or from 0 with + (AveragePool); the average divides by f(prod(kernel_shape)) with
 *   count_include_pad, else by the cells inside.
 * MaxPool on uint8 / int8 runs the functor loop (a max of integers has no NaN nor -0: any order gives the same).
 * A window with no cell inside the input (pads or dilations beyond the kernel) gives lowest / -inf / 0 / NaN here;
 * onnxruntime reads rows of its own choosing there, which is not reproduced.
 */
import type { HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import {
  attrInt,
  attrInts,
  attrString,
  checkWorkspace,
  expectDims,
  expectOutType,
  expectType,
  fail,
  need,
  numel,
  onlyAttrs,
  unsupported,
} from './common.js';

import { powf } from '../../numerics/powf.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;
/** The float's lowest finite value, -FLT_MAX. */
export const LOWEST = -3.4028234663852886e38;

/** wasm's f32.max: NaN if either is NaN, +0 over -0, else the larger. */
export function fmax(a: number, b: number): number {
  if (a !== a || b !== b) return Number.NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) && Object.is(b, -0) ? -0 : 0;
  return a > b ? a : b;
}
/** C++'s std::max(m, x): `m < x ? x : m`. */
const pmax = (m: number, x: number): number => (m < x ? x : m);

/** The loop onnxruntime runs a float32 pool with (see the header). */
export type FloatPoolLoop = 'functor' | 'global' | 'vector' | 'generic';

/** The window geometry of a pool over the spatial dims. */
export interface PoolGeometry {
  spatial: number[];
  kernel: number[];
  strides: number[];
  dilations: number[];
  padBegin: number[];
  padEnd: number[];
  outDims: number[];
}

/** The geometry of a pooling node (see the header); UNSUPPORTED_OP for what it refuses. */
export function poolGeometry(node: HostOpNode, spatial: readonly number[]): PoolGeometry {
  const k = spatial.length;
  const kernel = attrInts(node, 'kernel_shape');
  if (!kernel || kernel.length !== k) return unsupported(node, `kernel_shape must have ${k} values`);
  const strides = attrInts(node, 'strides') ?? kernel.map(() => 1);
  const dil = attrInts(node, 'dilations') ?? kernel.map(() => 1);
  if (strides.length !== k || dil.length !== k) unsupported(node, `strides / dilations must have ${k} values`);
  if ([...kernel, ...strides, ...dil].some((v) => v < 1))
    unsupported(node, 'kernel, strides and dilations must be >= 1');
  const ceil = attrInt(node, 'ceil_mode', 0) === 1;
  const autoPad = attrString(node, 'auto_pad', 'NOTSET');
  const pads = attrInts(node, 'pads');
  if (pads && autoPad !== 'NOTSET') unsupported(node, `pads with auto_pad ${autoPad}`);
  if (pads && (pads.length !== 2 * k || pads.some((p) => p < 0))) unsupported(node, `bad pads [${pads}]`);
  const begin: number[] = [],
    end: number[] = [],
    outDims: number[] = [];
  for (let i = 0; i < k; i++) {
    const d = spatial[i],
      dk = (kernel[i] - 1) * dil[i] + 1,
      s = strides[i];
    if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
      const o = Math.ceil(d / s);
      const total = (o - 1) * s + dk - d;
      begin.push(Math.trunc(autoPad === 'SAME_UPPER' ? total / 2 : (total + 1) / 2));
      end.push(total - begin[i]);
      outDims.push(o);
      continue;
    }
    if (autoPad !== 'NOTSET' && autoPad !== 'VALID') unsupported(node, `auto_pad ${autoPad} is not supported`);
    begin.push(pads ? pads[i] : 0);
    end.push(pads ? pads[i + k] : 0);
    const span = d + begin[i] + end[i] - dk;
    if (span < 0) unsupported(node, 'the kernel is larger than the padded input');
    let o = (ceil ? Math.ceil(span / s) : Math.floor(span / s)) + 1;
    if (ceil && (o - 1) * s >= d + begin[i]) o--;
    outDims.push(o);
  }
  return { spatial: [...spatial], kernel, strides, dilations: dil, padBegin: begin, padEnd: end, outDims };
}

/** Room MLAS's vector loop has for a padded row (its 2048-float stack buffer less 3 for the last vector's over-read). */
const MLAS_ROW_ROOM = 2045;

/**
 * The loop onnxruntime-web runs a float32 pool with (see the header): `max` MaxPool / `avg` AveragePool, the opset
 * of the node's domain, whether the node has the Indices output (MaxPool) and its storage_order, ceil_mode and
 * count_include_pad (AveragePool).
 */
export function floatPoolLoop(
  kind: 'max' | 'avg',
  opset: number,
  g: PoolGeometry,
  o: { indices?: boolean; storageOrder?: number; ceil?: boolean; includePad?: boolean },
): FloatPoolLoop {
  const dilated = g.dilations.some((d) => d !== 1);
  if (kind === 'max' && opset >= 8 && (dilated || o.indices || o.storageOrder === 1)) return 'functor';
  if (kind === 'avg' && (opset >= 19 || dilated || (o.ceil && o.includePad))) return 'functor';
  const k = g.spatial.length;
  if (
    g.kernel.every((v, i) => v === g.spatial[i]) &&
    g.strides.every((s) => s === 1) &&
    g.padBegin.every((p) => p === 0) &&
    g.padEnd.every((p) => p === 0)
  )
    return 'global';
  if (k >= 2 && k <= 3 && g.strides[k - 1] <= 2 && g.kernel.every((v) => v <= 32)) {
    // MLAS subtracts the padding from the room left (down to 0), then compares the row's width
    let room = MLAS_ROW_ROOM;
    room = room >= g.padBegin[k - 1] ? room - g.padBegin[k - 1] : 0;
    room = room >= g.padEnd[k - 1] ? room - g.padEnd[k - 1] : 0;
    if (room >= g.spatial[k - 1]) return 'vector';
  }
  return 'generic';
}

/** Per output position and window tap: the flat offset in the image, -1 outside the input. */
interface Windows {
  /** per output position and tap (window order): the flat offset in the image, -1 outside the input */
  cells: Int32Array;
  /** per output position: the taps inside the padded input */
  padded: Int32Array;
  taps: number;
}

/** Every output's window cells (window order) and its taps inside the padded input. */
function poolWindows(node: HostOpNode, g: PoolGeometry): Windows {
  const k = g.spatial.length;
  const taps = numel(g.kernel),
    outSize = numel(g.outDims);
  checkWorkspace(node, outSize * taps, 'window table');
  const cells = new Int32Array(outSize * taps);
  const padded = new Int32Array(outSize);
  const oIdx = new Array<number>(k).fill(0),
    tIdx = new Array<number>(k).fill(0);
  for (let o = 0; o < outSize; o++) {
    tIdx.fill(0);
    for (let t = 0; t < taps; t++) {
      let flat = 0,
        inside = true,
        insidePad = true;
      for (let i = 0; i < k; i++) {
        const q = oIdx[i] * g.strides[i] - g.padBegin[i] + tIdx[i] * g.dilations[i];
        if (q < 0 || q >= g.spatial[i]) inside = false;
        if (q < -g.padBegin[i] || q >= g.spatial[i] + g.padEnd[i]) insidePad = false;
        flat = flat * g.spatial[i] + q;
      }
      cells[o * taps + t] = inside ? flat : -1;
      if (insidePad) padded[o]++;
      for (let i = k - 1; i >= 0; i--) {
        if (++tIdx[i] < g.kernel[i]) break;
        tIdx[i] = 0;
      }
    }
    for (let i = k - 1; i >= 0; i--) {
      if (++oIdx[i] < g.outDims[i]) break;
      oIdx[i] = 0;
    }
  }
  return { cells, padded, taps };
}

/** What a loop does with one image of one channel: x (the input) from x0, y (the output) from y0. */
type ImageFn = (X: Float32Array, x0: number, Y: Float32Array, y0: number) => void;

/**
 * The global loop over images of `n` cells (see the header): lanes, then the tail; `avg` divides by f(n).
 */
function globalLoop(avg: boolean, n: number): ImageFn {
  const body = n - (n % 4);
  const div = f32(n);
  return (X, x0, Y, y0) => {
    const l = avg ? [0, 0, 0, 0] : [LOWEST, LOWEST, LOWEST, LOWEST];
    for (let i = 0; i < body; i++) {
      const j = i & 3;
      l[j] = avg ? f32(l[j] + X[x0 + i]) : fmax(l[j], X[x0 + i]);
    }
    let r = avg ? f32(f32(l[0] + l[2]) + f32(l[1] + l[3])) : fmax(fmax(l[0], l[2]), fmax(l[1], l[3]));
    for (let i = body; i < n; i++) r = avg ? f32(r + X[x0 + i]) : pmax(r, X[x0 + i]);
    Y[y0] = avg ? f32(r / div) : r;
  };
}

/**
 * The vector loop (see the header) for a 2-D or 3-D pool: per output, the row cells (leading axes) inside the input,
 * the column positions of the padded row, the divisor.
 */
function vectorLoop(avg: boolean, includePad: boolean, g: PoolGeometry): ImageFn {
  const k = g.spatial.length;
  const W = g.spatial[k - 1];
  const lead = g.spatial.slice(0, k - 1);
  const outLead = g.outDims.slice(0, k - 1);
  const ow = g.outDims[k - 1],
    kw = g.kernel[k - 1],
    sw = g.strides[k - 1],
    pl = g.padBegin[k - 1];
  const vecCols = W - (W % 4);
  const three = k === 3;
  // per leading output position: the row offsets (leading coordinates * W) inside the input, in order
  const rowSets: number[][] = [];
  for (let lo = 0; lo < numel(outLead); lo++) {
    const oc: number[] = [];
    for (let i = k - 2, r = lo; i >= 0; i--) {
      oc[i] = r % outLead[i];
      r = Math.floor(r / outLead[i]);
    }
    const ranges = oc.map((o, i) => {
      const s = o * g.strides[i] - g.padBegin[i];
      return [Math.max(s, 0), Math.min(s + g.kernel[i], lead[i])];
    });
    const rows: number[] = [];
    if (three) {
      for (let a = ranges[0][0]; a < ranges[0][1]; a++)
        for (let b = ranges[1][0]; b < ranges[1][1]; b++) rows.push((a * lead[1] + b) * W);
    } else for (let a = ranges[0][0]; a < ranges[0][1]; a++) rows.push(a * W);
    rowSets.push(rows);
  }
  const kernelSize = f32(numel(g.kernel));
  return (X, x0, Y, y0) => {
    for (let lo = 0; lo < rowSets.length; lo++) {
      const rows = rowSets[lo];
      const col = (x: number): number => {
        let v = three ? (avg ? 0 : LOWEST) : X[x0 + rows[0] + x];
        for (let r = three ? 0 : 1; r < rows.length; r++) {
          const c = X[x0 + rows[r] + x];
          v = avg ? f32(v + c) : x < vecCols ? fmax(v, c) : pmax(v, c);
        }
        return v;
      };
      for (let o = 0; o < ow; o++) {
        let acc = 0,
          inside = 0;
        for (let j = 0; j < kw; j++) {
          const x = o * sw + j - pl;
          const inRow = x >= 0 && x < W;
          if (inRow) inside++;
          const v = inRow ? col(x) : avg ? 0 : LOWEST;
          acc = j === 0 ? v : avg ? f32(acc + v) : fmax(acc, v);
        }
        Y[y0 + lo * ow + o] = avg ? f32(acc / (includePad ? kernelSize : f32(inside * rows.length))) : acc;
      }
    }
  };
}

export const AveragePool: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'auto_pad', 'ceil_mode', 'count_include_pad', 'dilations', 'kernel_shape', 'pads', 'strides');
  const x = poolInput(node, inputs, 'float32');
  const [n, c, ...spatial] = x.dims;
  const g = poolGeometry(node, spatial);
  expectDims(node, outputs[0], [n, c, ...g.outDims]);
  expectOutType(node, outputs[0], 'float32');
  const includePad = attrInt(node, 'count_include_pad', 0) === 1;
  const ceil = attrInt(node, 'ceil_mode', 0) === 1;
  const loop = floatPoolLoop('avg', opset, g, { ceil, includePad });
  const inSize = numel(spatial),
    outSize = numel(g.outDims);
  let image: ImageFn;
  if (loop === 'global') image = globalLoop(true, inSize);
  else if (loop === 'vector') image = vectorLoop(true, includePad, g);
  else {
    const win = poolWindows(node, g);
    const taps = win.taps;
    const counts = new Float32Array(outSize);
    for (let o = 0; o < outSize; o++) {
      let inside = 0;
      for (let t = 0; t < taps; t++) if (win.cells[o * taps + t] >= 0) inside++;
      counts[o] = !includePad ? inside : loop === 'functor' ? win.padded[o] : taps;
    }
    image = (X, x0, Y, y0) => {
      for (let o = 0; o < outSize; o++) {
        let sum = 0;
        for (let t = o * taps, e = t + taps; t < e; t++) {
          const off = win.cells[t];
          if (off >= 0) sum = f32(sum + X[x0 + off]);
        }
        Y[y0 + o] = f32(sum / counts[o]);
      }
    };
  }
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let p = 0; p < n * c; p++) image(X, p * inSize, Y, p * outSize);
  };
};

function poolInput(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  ...types: HostValueInfo['type'][]
): HostValueInfo {
  const x = need(node, inputs, 0, 'X');
  expectType(node, x, 'X', ...types);
  if (x.dims.length < 3) unsupported(node, `X [${x.dims}] must have rank 3 or more`);
  return x;
}

export const MaxPool: HostOpFactory = (node, inputs, outputs, opset) => {
  onlyAttrs(node, 'auto_pad', 'ceil_mode', 'dilations', 'kernel_shape', 'pads', 'storage_order', 'strides');
  const x = poolInput(node, inputs, 'float32', 'uint8', 'int8');
  const [n, c, ...spatial] = x.dims;
  const g = poolGeometry(node, spatial);
  const storageOrder = attrInt(node, 'storage_order', 0);
  const colMajor = storageOrder === 1;
  if (colMajor && spatial.length !== 2) unsupported(node, 'storage_order 1 is supported for 2-D pooling only');
  expectDims(node, outputs[0], [n, c, ...g.outDims]);
  expectOutType(node, outputs[0], x.type);
  if (outputs[1]) {
    expectDims(node, outputs[1], [n, c, ...g.outDims], 1);
    expectOutType(node, outputs[1], 'int64', 1);
  }
  const inSize = numel(spatial),
    outSize = numel(g.outDims);
  const loop =
    x.type === 'float32'
      ? floatPoolLoop('max', opset, g, { indices: outputs[1] !== undefined, storageOrder })
      : 'functor';
  if (loop === 'global' || loop === 'vector') {
    const image = loop === 'global' ? globalLoop(false, inSize) : vectorLoop(false, false, g);
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
      for (let p = 0; p < n * c; p++) image(X, p * inSize, Y, p * outSize);
    };
  }
  const win = poolWindows(node, g);
  const taps = win.taps;
  const fromLowest = loop === 'generic';
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array | Uint8Array | Int8Array,
      Y = outs[0].data as Float32Array | Uint8Array | Int8Array;
    const I = outs[1]?.data as BigInt64Array | undefined;
    for (let p = 0; p < n * c; p++) {
      const x0 = p * inSize,
        y0 = p * outSize;
      for (let o = 0; o < outSize; o++) {
        // generic: from lowest; functor: from the first cell inside (-inf, then 0 / the type's lowest, if none)
        let best = fromLowest ? LOWEST : -Infinity,
          at = -1;
        for (let t = o * taps, e = t + taps; t < e; t++) {
          const off = win.cells[t];
          if (off < 0) continue;
          const v = X[x0 + off];
          if (at < 0 && !fromLowest) {
            best = v;
            at = off;
          } else if (best < v) {
            best = v;
            at = off;
          }
        }
        Y[y0 + o] = best;
        if (I) {
          if (colMajor && at >= 0) at = (at % spatial[1]) * spatial[0] + Math.floor(at / spatial[1]);
          I[y0 + o] = BigInt(at < 0 ? -1 : x0 + at);
        }
      }
    }
  };
};

export const GlobalAveragePool: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node);
  const x = poolInput(node, inputs, 'float32');
  const [n, c, ...spatial] = x.dims;
  expectDims(node, outputs[0], [n, c, ...spatial.map(() => 1)]);
  expectOutType(node, outputs[0], 'float32');
  const image = globalLoop(true, numel(spatial));
  const size = numel(spatial);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let p = 0; p < n * c; p++) image(X, p * size, Y, p);
  };
};

/**
 * MaxUnpool (opsets 9+, float32 X, int64 indices): Y of the output shape (inferred per spatial axis as
 * (in - 1) * stride - pads + kernel, or input 2's constant shape, which must hold at least as many elements), zeros,
 * then Y[I[j]] = X[j] for every j in order (a later duplicate wins), as onnxruntime's kernel. An index outside Y is
 * BAD_FEED (a constant one BAD_MODEL), raised before anything is written.
 */
export const MaxUnpool: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'kernel_shape', 'pads', 'strides');
  const x = need(node, inputs, 0, 'X'),
    ind = need(node, inputs, 1, 'I');
  expectType(node, x, 'X', 'float32');
  expectType(node, ind, 'I', 'int64');
  if (ind.dims.length !== x.dims.length || ind.dims.some((d, k) => d !== x.dims[k]))
    fail('BAD_SHAPE', node, `I [${ind.dims}] must have X's dims [${x.dims}]`);
  expectOutType(node, outputs[0], 'float32');
  const size = numel(outputs[0].dims);
  const check = (I: BigInt64Array, code: 'BAD_FEED' | 'BAD_MODEL'): void => {
    for (let j = 0; j < I.length; j++)
      if (I[j] < 0n || I[j] >= BigInt(size))
        fail(code, node, `index ${I[j]} (element ${j} of I) is outside the output's ${size} elements`);
  };
  if (ind.constant) check(ind.constant.data as BigInt64Array, 'BAD_MODEL');
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      I = ins[1]!.data as BigInt64Array,
      Y = outs[0].data as Float32Array;
    if (!ind.constant) check(I, 'BAD_FEED');
    Y.fill(0);
    for (let j = 0; j < X.length; j++) Y[Number(I[j])] = X[j];
  };
};

/**
 * LpPool / GlobalLpPool (opsets 2+, float32): onnxruntime's Pool task with its LpPool functor: per window (the cells
 * inside the input, row-major; dilations 1), from 0, y = f32(y + f32(|x| ^ p)) with the power in double (exact for p
 * 1 and 2: |x| and x * x), then y = powf(y, f32(1 / p)) (musl's powf, ../../numerics/powf.ts). p other than 1 and 2
 * is refused: onnxruntime's double pow per element is not reproduced bit for bit there.
 */
function lpFactory(global: boolean): HostOpFactory {
  return (node, inputs, outputs) => {
    if (global) onlyAttrs(node, 'p');
    else onlyAttrs(node, 'auto_pad', 'ceil_mode', 'dilations', 'kernel_shape', 'p', 'pads', 'strides');
    const x = need(node, inputs, 0, 'X');
    expectType(node, x, 'X', 'float32');
    const p = attrInt(node, 'p', 2);
    if (p !== 1 && p !== 2) unsupported(node, `p ${p}: only 1 and 2 are computed as onnxruntime computes them`);
    const spatial = x.dims.slice(2);
    if (spatial.length < 1 || spatial.length > 3) unsupported(node, `X of rank ${x.dims.length}: 3 to 5`);
    const g: PoolGeometry = global
      ? {
          spatial: [...spatial],
          kernel: [...spatial],
          strides: spatial.map(() => 1),
          dilations: spatial.map(() => 1),
          padBegin: spatial.map(() => 0),
          padEnd: spatial.map(() => 0),
          outDims: spatial.map(() => 1),
        }
      : poolGeometry(node, spatial);
    if (g.dilations.some((d) => d !== 1))
      unsupported(node, "dilations other than 1 (onnxruntime's LpPool pools without them)");
    expectDims(node, outputs[0], [x.dims[0], x.dims[1], ...g.outDims]);
    expectOutType(node, outputs[0], 'float32');
    const { cells, taps } = poolWindows(node, g);
    const root = f32(1 / p);
    const planes = x.dims[0] * x.dims[1];
    const inSize = numel(spatial),
      outSize = numel(g.outDims);
    return (ins, outs) => {
      const X = ins[0]!.data as Float32Array,
        Y = outs[0].data as Float32Array;
      for (let c = 0; c < planes; c++)
        for (let o = 0; o < outSize; o++) {
          let s = 0;
          for (let t = 0; t < taps; t++) {
            const at = cells[o * taps + t];
            if (at < 0) continue;
            const v = X[c * inSize + at];
            s = f32(s + (p === 1 ? Math.abs(v) : f32(v * v)));
          }
          Y[c * outSize + o] = powf(s, root);
        }
    };
  };
}
export const LpPool = lpFactory(false);
export const GlobalLpPool = lpFactory(true);
