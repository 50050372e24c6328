/**
 * Float convolutions, any number of spatial dims, bit for bit as the reference executor computes them:
 *
 * Conv (kernels-ref/model/ops/Conv.ts): X [N, C, D..], W [M, C/group, K..], optional B [M]; groups, pads or
 * auto_pad (NOTSET / VALID / SAME_UPPER / SAME_LOWER: O = ceil(D / s), total = max(0, (O - 1) s + dk - D), the odd
 * cell at the end for SAME_UPPER, at the begin for SAME_LOWER), strides, dilations. As onnxruntime computes it:
 * im2col, per image and group a column matrix [C/g * K, O] (padding cells 0, so a padding tap's term is f(0 * w),
 * NaN for an infinite weight), then per output channel the terms f(w * col) of each cell summed in the order of
 * ../../numerics/conv-order.ts (MLAS's blocks of K, or its one-row product where a group has one output channel);
 * the bias added last.
 *
 * ConvTranspose (kernels-ref/model/ops/ConvTranspose.ts): X [N, C, D..], W [C, M/group, K..], optional B [M];
 * output shape from output_shape / auto_pad / pads and output_padding as ONNX (and onnxruntime-web) define it. As
 * onnxruntime: a GEMM col[(m, kpos), i] = sum over the group's channels c of f(x[c, i] * w[c, m, kpos]) in MLAS's
 * blocks of K (../../numerics/sgemm.ts: blocks of `block` channels, each from 0, added onto the earlier blocks' sum;
 * the block from N = input cells and K = channels per group, A transposed unless onnxruntime packs W at load: a
 * constant W of rank > 2, more than one channel per group and more than one (output channel, kernel position) per
 * group), then col2im adds each column value to its output cell, kernel position by kernel position (row major),
 * onto zeros; the bias added last.
 */
import { convSumOrder, oneRowGroupedSum, type ConvSumOrder } from '../../numerics/conv-order.js';
import { sgemmStrideK } from '../../numerics/sgemm.js';
import type { HostOpFactory, HostOpNode, HostValueInfo } from '../types.js';
import {
  accumulateRows,
  attrInt,
  attrInts,
  attrString,
  checkWorkspace,
  expectDims,
  expectOutType,
  expectType,
  need,
  numel,
  onlyAttrs,
  unsupported,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

/** The multi-index of every position of `dims` (row-major), flattened: position p's index i at [p * rank + i]. */
function positions(dims: readonly number[]): Int32Array {
  const r = dims.length;
  const total = numel(dims);
  const out = new Int32Array(total * r);
  const idx = new Array<number>(r).fill(0);
  for (let p = 0; p < total; p++) {
    for (let i = 0; i < r; i++) out[p * r + i] = idx[i];
    for (let i = r - 1; i >= 0; i--) {
      if (++idx[i] < dims[i]) break;
      idx[i] = 0;
    }
  }
  return out;
}

function convCommon(node: HostOpNode, inputs: readonly (HostValueInfo | undefined)[]) {
  const x = need(node, inputs, 0, 'X');
  const w = need(node, inputs, 1, 'W');
  const b = inputs[2];
  expectType(node, x, 'X', 'float32');
  expectType(node, w, 'W', 'float32');
  if (b) expectType(node, b, 'B', 'float32');
  const k = x.dims.length - 2;
  if (k < 1 || w.dims.length !== k + 2) unsupported(node, `X [${x.dims}] and W [${w.dims}] must be of one rank >= 3`);
  const kernel = w.dims.slice(2);
  const ks = attrInts(node, 'kernel_shape');
  if (ks && (ks.length !== k || ks.some((v, i) => v !== kernel[i])))
    unsupported(node, `kernel_shape [${ks}] differs from W [${w.dims}]`);
  const strides = attrInts(node, 'strides') ?? kernel.map(() => 1);
  const dil = attrInts(node, 'dilations') ?? kernel.map(() => 1);
  if (strides.length !== k || strides.some((s) => s < 1)) unsupported(node, `bad strides [${strides}]`);
  if (dil.length !== k || dil.some((d) => d < 1)) unsupported(node, `bad dilations [${dil}]`);
  const autoPad = attrString(node, 'auto_pad', 'NOTSET');
  if (!['NOTSET', 'VALID', 'SAME_UPPER', 'SAME_LOWER'].includes(autoPad))
    unsupported(node, `auto_pad ${autoPad} is not supported`);
  const pads = attrInts(node, 'pads');
  if (pads && (pads.length !== 2 * k || pads.some((p) => p < 0))) unsupported(node, `bad pads [${pads}]`);
  return { x, w, b, k, kernel, strides, dil, autoPad, pads, group: attrInt(node, 'group', 1) };
}

/** What Conv computes, from its static facts (the JS operator and the wasm kernel, ../wasm-float/kernels.ts, share it). */
export interface ConvGeometry {
  n: number;
  /** input channels (all groups), output channels, groups, and per group */
  c: number;
  m: number;
  group: number;
  cg: number;
  mg: number;
  /** kernel positions, input and output spatial cells */
  kSize: number;
  inSize: number;
  oSize: number;
  /** the spatial input offset of every (kernel position p, output cell o) at [p * oSize + o], or -1 (padding) */
  tap: Int32Array;
  /** onnxruntime's order of each output's terms */
  order: ConvSumOrder;
  /** ConvAdd with input 3: the sums start from Z */
  sum: boolean;
  /** ConvAdd with activation 'Relu': each output y becomes y < 0 ? 0 : y (the Relu operator's function) */
  relu: boolean;
}

/** The geometry of a Conv node, after its checks (UNSUPPORTED_OP / BAD_SHAPE as the operator raises them). */
export function convGeometry(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
): ConvGeometry {
  const memo = GEOMETRY.get(node);
  if (memo && same(memo.inputs, inputs) && same(memo.outputs, outputs)) return memo.g;
  const fused = node.opType === 'ConvAdd';
  if (fused) onlyAttrs(node, 'auto_pad', 'dilations', 'group', 'kernel_shape', 'pads', 'strides', 'activation');
  else onlyAttrs(node, 'auto_pad', 'dilations', 'group', 'kernel_shape', 'pads', 'strides');
  const { x, w, b, k, kernel, strides, dil, autoPad, pads, group } = convCommon(node, inputs);
  const [n, c, ...inDims] = x.dims;
  const [m, cg] = w.dims;
  const sum = fused && inputs[3] !== undefined;
  if (sum) {
    need(node, inputs, 2, 'B');
    expectType(node, need(node, inputs, 3, 'Z'), 'Z', 'float32');
  }
  const activation = fused ? attrString(node, 'activation', '') : '';
  if (activation !== '' && activation !== 'Relu') unsupported(node, `activation ${JSON.stringify(activation)}`);
  const relu = activation === 'Relu';
  if (group < 1 || c % group !== 0 || m % group !== 0 || c / group !== cg)
    unsupported(node, `group ${group} does not fit X channels ${c}, W [${w.dims}]`);
  if (b && numel(b.dims) !== m) unsupported(node, `B has ${numel(b.dims)} values for ${m} output channels`);
  const begin: number[] = [];
  const end: number[] = [];
  const outDims: number[] = [];
  for (let i = 0; i < k; i++) {
    const d = inDims[i],
      dk = (kernel[i] - 1) * dil[i] + 1;
    let bg: number, en: number;
    if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
      const total = Math.max(0, (Math.ceil(d / strides[i]) - 1) * strides[i] + dk - d);
      bg = autoPad === 'SAME_UPPER' ? Math.floor(total / 2) : total - Math.floor(total / 2);
      en = total - bg;
    } else if (autoPad === 'VALID') bg = en = 0;
    else {
      bg = pads ? pads[i] : 0;
      en = pads ? pads[i + k] : 0;
    }
    const o = Math.floor((d + bg + en - dk) / strides[i]) + 1;
    if (o < 1) unsupported(node, `output dim ${i} would be ${o}`);
    begin.push(bg);
    end.push(en);
    outDims.push(o);
  }
  expectDims(node, outputs[0], [n, m, ...outDims]);
  expectOutType(node, outputs[0], 'float32');
  if (sum) {
    const z = inputs[3]!;
    if (z.dims.length !== k + 2 || z.dims.some((d, i) => d !== outputs[0].dims[i]))
      unsupported(node, `Z [${z.dims}] is not of the output's shape [${outputs[0].dims}]`);
  }

  const kSize = numel(kernel),
    oSize = numel(outDims),
    inSize = numel(inDims);
  const mg = m / group;
  // the tap table (the column matrix: the operator below, or the wasm kernel in pieces)
  checkWorkspace(node, kSize * oSize, 'im2col table');
  const tap = tapTable(kernel, outDims, inDims, strides, dil, begin);
  const order = convSumOrder(inDims, kernel, strides, dil, [...begin, ...end], cg, mg, oSize);
  const g: ConvGeometry = { n, c, m, group, cg, mg, kSize, inSize, oSize, tap, order, sum, relu };
  GEOMETRY.set(node, { inputs: [...inputs], outputs: [...outputs], g });
  return g;
}

/**
 * The geometry last computed for a node object, with the input and output arrays it was computed from: the lowering
 * checks a node with the TypeScript operator's factory and then prepares its wasm kernel on the same objects (one
 * computation of the tables for both).
 */
const GEOMETRY = new WeakMap<
  HostOpNode,
  {
    inputs: (HostValueInfo | undefined)[];
    outputs: HostValueInfo[];
    g: ConvGeometry;
  }
>();

/** The same value objects, in the same order. */
const same = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The tables made, by geometry, while something holds them: the convolutions of one geometry (a network's blocks
 * repeat theirs) share one table instead of each building its own (their readers only read it; the wasm kernels copy
 * it into their memory). A weak reference keeps no table alive: a table no operator holds is collected.
 */
const TAPS = new Map<string, WeakRef<Int32Array>>();

/** tapsNd's table (taps2d's in 2-D), shared with the earlier tables of the same geometry still alive (TAPS). */
function tapTable(
  kernel: readonly number[],
  outDims: readonly number[],
  inDims: readonly number[],
  strides: readonly number[],
  dil: readonly number[],
  begin: readonly number[],
): Int32Array {
  const key = [kernel, outDims, inDims, strides, dil, begin].map((a) => a.join(',')).join('|');
  const had = TAPS.get(key)?.deref();
  if (had) return had;
  const t =
    kernel.length === 2
      ? taps2d(kernel, outDims, inDims, strides, dil, begin)
      : tapsNd(kernel, outDims, inDims, strides, dil, begin);
  if (TAPS.size >= 256) for (const [k, r] of TAPS) if (!r.deref()) TAPS.delete(k);
  TAPS.set(key, new WeakRef(t));
  return t;
}

/**
 * The spatial input offset of every (kernel position p, output position o) at [p * oSize + o], or -1 in the padding:
 * any rank, position by position.
 */
export function tapsNd(
  kernel: readonly number[],
  outDims: readonly number[],
  inDims: readonly number[],
  strides: readonly number[],
  dil: readonly number[],
  begin: readonly number[],
): Int32Array {
  const k = kernel.length;
  const kSize = numel(kernel),
    oSize = numel(outDims);
  const tap = new Int32Array(kSize * oSize);
  const kp = positions(kernel),
    op = positions(outDims);
  for (let p = 0; p < kSize; p++)
    for (let o = 0; o < oSize; o++) {
      let off = 0;
      for (let i = 0; i < k; i++) {
        const q = op[o * k + i] * strides[i] - begin[i] + kp[p * k + i] * dil[i];
        if (q < 0 || q >= inDims[i]) {
          off = -1;
          break;
        }
        off = off * inDims[i] + q;
      }
      tap[p * oSize + o] = off;
    }
  return tap;
}

/** tapsNd of a 2-D convolution (the same table), row by row: input row ih = oh * sh - pt + kh * dh, column alike. */
export function taps2d(
  kernel: readonly number[],
  outDims: readonly number[],
  inDims: readonly number[],
  strides: readonly number[],
  dil: readonly number[],
  begin: readonly number[],
): Int32Array {
  const [kh, kw] = kernel;
  const [oh, ow] = outDims;
  const [ih, iw] = inDims;
  const oSize = oh * ow;
  const tap = new Int32Array(kh * kw * oSize);
  for (let a = 0; a < kh; a++)
    for (let b = 0; b < kw; b++) {
      const t0 = (a * kw + b) * oSize;
      for (let y = 0; y < oh; y++) {
        const r = y * strides[0] - begin[0] + a * dil[0];
        const at = t0 + y * ow;
        if (r < 0 || r >= ih) {
          tap.fill(-1, at, at + ow);
          continue;
        }
        for (let x = 0; x < ow; x++) {
          const q = x * strides[1] - begin[1] + b * dil[1];
          tap[at + x] = q < 0 || q >= iw ? -1 : r * iw + q;
        }
      }
    }
  return tap;
}

/**
 * The checks of Conv / ConvAdd but the column matrix's size (the wasm kernel, which builds it in pieces where it would
 * be too large): for the lowering of the kernel.
 */
export const ConvChecks: HostOpFactory = (node, inputs, outputs) => {
  convGeometry(node, inputs, outputs);
  return () => {
    throw new Error('ConvChecks: checks only');
  };
};

/** Conv, and ConvAdd (Conv + Z of the output's shape, as onnxruntime's FusedConv sums it: see the module comment). */
export const Conv: HostOpFactory = (node, inputs, outputs) => {
  const { n, c, m, group, cg, mg, kSize, inSize, oSize, tap, order, sum, relu } = convGeometry(node, inputs, outputs);
  const rows = cg * kSize;
  checkWorkspace(node, rows * oSize, 'column matrix');
  // the column matrix and a row of partial sums, made at the first run (where a wasm kernel runs the node, the
  // lowering only calls this factory for its checks)
  let col = new Float32Array(0);
  let part = new Float32Array(0);
  const { block, oneRow, groupedFrom } = order;
  return (ins, outs) => {
    if (col.length !== rows * oSize) col = new Float32Array(rows * oSize);
    if (part.length !== oSize) part = new Float32Array(oSize);
    const X = ins[0]!.data as Float32Array,
      W = ins[1]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    const B = ins[2]?.data as Float32Array | undefined;
    const Z = sum ? (ins[3]!.data as Float32Array) : undefined;
    for (let bi = 0; bi < n; bi++)
      for (let g = 0; g < group; g++) {
        // im2col for this image and group.
        for (let ci = 0; ci < cg; ci++) {
          const xBase = (bi * c + g * cg + ci) * inSize;
          for (let p = 0; p < kSize; p++) {
            const row = (ci * kSize + p) * oSize,
              t = p * oSize;
            for (let o = 0; o < oSize; o++) {
              const off = tap[t + o];
              col[row + o] = off < 0 ? 0 : X[xBase + off];
            }
          }
        }
        for (let mo = g * mg; mo < (g + 1) * mg; mo++) {
          const y0 = (bi * m + mo) * oSize,
            w0 = mo * rows;
          if (Z) Y.set(Z.subarray(y0, y0 + oSize), y0);
          if (oneRow) {
            // the first term (or Z), then every other term in order; the last N mod 4 cells as four-term sums
            const r0 = Z ? 0 : 1;
            if (!Z) {
              const w = W[w0];
              for (let o = 0; o < groupedFrom; o++) Y[y0 + o] = f32(w * col[o]);
            }
            accumulateRows(Y, y0, groupedFrom, W, w0 + r0, 1, col, r0 * oSize, oSize, rows - r0);
            for (let o = groupedFrom; o < oSize; o++)
              Y[y0 + o] = oneRowGroupedSum(W, w0, col, o, oSize, rows, block, Z?.[y0 + o]);
          } else
            for (let k0 = 0; k0 < rows; k0 += block) {
              // a block of rows summed from 0, then added onto the earlier blocks' sum (or Z)
              const kc = Math.min(block, rows - k0);
              const first = k0 === 0 && !Z;
              const into = first ? Y : part,
                i0 = first ? y0 : 0;
              into.fill(0, i0, i0 + oSize);
              accumulateRows(into, i0, oSize, W, w0 + k0, 1, col, k0 * oSize, oSize, kc);
              if (!first) for (let o = 0; o < oSize; o++) Y[y0 + o] = Y[y0 + o] + part[o];
            }
          if (B) {
            const bv = B[mo];
            for (let o = 0; o < oSize; o++) Y[y0 + o] = Y[y0 + o] + bv;
          }
          if (relu) for (let o = y0; o < y0 + oSize; o++) if (Y[o] < 0) Y[o] = 0;
        }
      }
  };
};

/** What ConvTranspose computes, from its static facts (the JS operator and the wasm kernel, ./simd.ts, share it). */
export interface ConvTransposeGeometry {
  n: number;
  /** input channels (all groups) and per group */
  c: number;
  cg: number;
  /** output channels (all groups) and per group */
  m: number;
  mg: number;
  group: number;
  /** kernel positions, input cells and output cells of one plane */
  kSize: number;
  inSize: number;
  oSize: number;
  /** dest[p * inSize + q]: the output cell input cell q reaches through kernel position p, or -1 outside */
  dest: Int32Array;
  /** input channels per block of the GEMM's K (onnxruntime's order) */
  block: number;
  /** true when dest reaches every output cell exactly once */
  once: boolean;
}

/**
 * True when the tap table tapTable(kernel, inDims, outDims, strides, dil, begin) of a ConvTranspose (input cell q,
 * kernel position p -> output cell q * s - begin + p * d, -1 outside) reaches every output cell exactly once. The
 * table is the product of one such map per spatial dim (a cell is outside when it is outside in any dim), so it is
 * one-to-one and onto the output cells exactly when each dim's map (kernel[i] * inDims[i] entries) is.
 */
function reachesEachOnce(
  kernel: readonly number[],
  inDims: readonly number[],
  outDims: readonly number[],
  strides: readonly number[],
  dil: readonly number[],
  begin: readonly number[],
): boolean {
  for (let i = 0; i < kernel.length; i++) {
    const hits = new Uint8Array(outDims[i]);
    for (let p = 0; p < kernel[i]; p++)
      for (let q = 0; q < inDims[i]; q++) {
        const o = q * strides[i] - begin[i] + p * dil[i];
        if (o < 0 || o >= outDims[i]) continue;
        if (hits[o] !== 0) return false;
        hits[o] = 1;
      }
    if (hits.indexOf(0) >= 0) return false;
  }
  return true;
}

/** Checks a ConvTranspose node (UNSUPPORTED_OP, BAD_SHAPE, TOO_LARGE) and works out its geometry. */
export function convTransposeGeometry(
  node: HostOpNode,
  inputs: readonly (HostValueInfo | undefined)[],
  outputs: readonly HostValueInfo[],
): ConvTransposeGeometry {
  const memo = TRANSPOSE_GEOMETRY.get(node);
  if (memo && same(memo.inputs, inputs) && same(memo.outputs, outputs)) return memo.g;
  onlyAttrs(
    node,
    'auto_pad',
    'dilations',
    'group',
    'kernel_shape',
    'output_padding',
    'output_shape',
    'pads',
    'strides',
  );
  const { x, w, b, k, kernel, strides, dil, autoPad, pads, group } = convCommon(node, inputs);
  const [n, c, ...inDims] = x.dims;
  const [wc, mg] = w.dims;
  if (group < 1 || wc !== c || c % group !== 0)
    unsupported(node, `group ${group} does not fit X channels ${c}, W [${w.dims}]`);
  const m = mg * group,
    cg = c / group;
  if (b && numel(b.dims) !== m) unsupported(node, `B has ${numel(b.dims)} values for ${m} output channels`);
  const outPad = attrInts(node, 'output_padding') ?? kernel.map(() => 0);
  if (outPad.length !== k || outPad.some((p, i) => p < 0 || p >= Math.max(strides[i], dil[i])))
    unsupported(node, `bad output_padding [${outPad}]`);
  let outShape = attrInts(node, 'output_shape');
  if (outShape && outShape.length === k + 2) outShape = outShape.slice(2);
  if (outShape && outShape.length !== k) unsupported(node, `output_shape [${outShape}] for ${k} spatial dims`);
  const begin: number[] = [];
  const outDims: number[] = [];
  for (let i = 0; i < k; i++) {
    const full = strides[i] * (inDims[i] - 1) + outPad[i] + (kernel[i] - 1) * dil[i] + 1;
    let o: number, bg: number;
    if (outShape || autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
      const total = Math.max(0, full - (outShape ? outShape[i] : inDims[i] * strides[i]));
      o = outShape ? outShape[i] : full - total;
      bg = autoPad === 'SAME_UPPER' ? Math.floor(total / 2) : total - Math.floor(total / 2);
    } else if (autoPad === 'VALID') {
      o = full;
      bg = 0;
    } else {
      bg = pads ? pads[i] : 0;
      o = full - bg - (pads ? pads[i + k] : 0);
    }
    if (o < 1) unsupported(node, `output dim ${i} would be ${o}`);
    begin.push(bg);
    outDims.push(o);
  }
  expectDims(node, outputs[0], [n, m, ...outDims]);
  expectOutType(node, outputs[0], 'float32');

  const kSize = numel(kernel),
    inSize = numel(inDims),
    oSize = numel(outDims);
  checkWorkspace(node, kSize * inSize, 'col2im table');
  // the output cell o = q * s - begin + p * d that input cell q reaches through kernel position p: a convolution's
  // tap table with the roles of the input and output planes swapped
  const dest = tapTable(kernel, inDims, outDims, strides, dil, begin);
  const packed = w.constant !== undefined && w.dims.length > 2 && mg * kSize > 1 && cg > 1;
  const block = sgemmStrideK(inSize, cg, !packed);
  const once = reachesEachOnce(kernel, inDims, outDims, strides, dil, begin);
  const g: ConvTransposeGeometry = { n, c, cg, m, mg, group, kSize, inSize, oSize, dest, block, once };
  TRANSPOSE_GEOMETRY.set(node, { inputs: [...inputs], outputs: [...outputs], g });
  return g;
}

/** convTransposeGeometry's results, as GEOMETRY's. */
const TRANSPOSE_GEOMETRY = new WeakMap<
  HostOpNode,
  { inputs: (HostValueInfo | undefined)[]; outputs: HostValueInfo[]; g: ConvTransposeGeometry }
>();

export const ConvTranspose: HostOpFactory = (node, inputs, outputs) => {
  const { n, c, cg, m, mg, group, kSize, inSize, oSize, dest, block } = convTransposeGeometry(node, inputs, outputs);
  const colRow = new Float32Array(inSize);
  const part = new Float32Array(inSize);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      W = ins[1]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    const B = ins[2]?.data as Float32Array | undefined;
    Y.fill(0);
    for (let bi = 0; bi < n; bi++)
      for (let g = 0; g < group; g++)
        for (let ml = 0; ml < mg; ml++) {
          const y0 = (bi * m + g * mg + ml) * oSize;
          for (let p = 0; p < kSize; p++) {
            // One row of the column matrix: sums over blocks of the group's input channels, in order.
            for (let c0 = 0; c0 < cg; c0 += block) {
              const into = c0 === 0 ? colRow : part;
              into.fill(0);
              accumulateRows(
                into,
                0,
                inSize,
                W,
                ((g * cg + c0) * mg + ml) * kSize + p,
                mg * kSize,
                X,
                (bi * c + g * cg + c0) * inSize,
                inSize,
                Math.min(block, cg - c0),
              );
              if (c0 > 0) for (let q = 0; q < inSize; q++) colRow[q] = colRow[q] + part[q];
            }
            const d0 = p * inSize;
            for (let q = 0; q < inSize; q++) {
              const o = dest[d0 + q];
              if (o >= 0) Y[y0 + o] = Y[y0 + o] + colRow[q];
            }
          }
        }
    if (B)
      for (let bi = 0; bi < n; bi++)
        for (let mo = 0; mo < m; mo++) {
          const y0 = (bi * m + mo) * oSize,
            bv = B[mo];
          for (let o = 0; o < oSize; o++) Y[y0 + o] = Y[y0 + o] + bv;
        }
  };
};
