/**
 * Pooling, bit for bit as the reference executor computes it (kernels-ref/model/pool-geometry.ts and the ops):
 * X [N, C, D1..Dk], kernel_shape required, strides, pads or auto_pad, ceil_mode, dilations.
 * Geometry (dk = (K - 1) * dilation + 1): NOTSET O = floor((D + b + e - dk) / s) + 1, ceil with ceil_mode, a last
 * window starting past the input and the begin padding dropped; VALID no padding; SAME_UPPER / SAME_LOWER
 * O = ceil(D / s), total = (O - 1) * s + dk - D not clamped at 0, begin trunc(total / 2) (SAME_UPPER) or
 * trunc((total + 1) / 2) (SAME_LOWER).
 * - AveragePool (float32): the f32 sum from 0, in window order (last axis fastest), of the cells inside the input,
 *   then f(sum / count): count = the window cells inside the padded input with count_include_pad, else inside the
 *   input.
 * - MaxPool (float32, uint8, int8): the first maximum (x > max) over the cells inside the input (padding is never a
 *   candidate, NaN never taken; a window with no candidate gives -inf, 0 in an 8-bit type); the optional int64
 *   Indices output (flat index in X; storage_order 1: the 2-D spatial index column-major).
 * - GlobalAveragePool (float32): the f32 sum of each image from 0, then f(sum / size).
 * Each window's input cells are precomputed at load time as offsets within an image (-1 outside).
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
  need,
  numel,
  onlyAttrs,
  unsupported,
} from './common.js';

/** Rounding to float32 (a module-local alias: a call through an import costs per element under some loaders). */
const f32 = Math.fround;

interface Windows {
  outDims: number[];
  /** per output position and tap: the flat offset in the image, -1 outside the input */
  cells: Int32Array;
  /** per output position: the taps inside the padded input */
  padded: Int32Array;
  taps: number;
}

function poolWindows(node: HostOpNode, spatial: readonly number[], allowDilations: boolean): Windows {
  const k = spatial.length;
  const kernel = attrInts(node, 'kernel_shape');
  if (!kernel || kernel.length !== k) return unsupported(node, `kernel_shape must have ${k} values`);
  const strides = attrInts(node, 'strides') ?? kernel.map(() => 1);
  const dil = attrInts(node, 'dilations') ?? kernel.map(() => 1);
  if (!allowDilations && dil.some((d) => d !== 1)) unsupported(node, 'dilations are not supported');
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
  const taps = numel(kernel),
    outSize = numel(outDims);
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
        const q = oIdx[i] * strides[i] - begin[i] + tIdx[i] * dil[i];
        if (q < 0 || q >= spatial[i]) inside = false;
        if (q < -begin[i] || q >= spatial[i] + end[i]) insidePad = false;
        flat = flat * spatial[i] + q;
      }
      cells[o * taps + t] = inside ? flat : -1;
      if (insidePad) padded[o]++;
      for (let i = k - 1; i >= 0; i--) {
        if (++tIdx[i] < kernel[i]) break;
        tIdx[i] = 0;
      }
    }
    for (let i = k - 1; i >= 0; i--) {
      if (++oIdx[i] < outDims[i]) break;
      oIdx[i] = 0;
    }
  }
  return { outDims, cells, padded, taps };
}

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

export const AveragePool: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'auto_pad', 'ceil_mode', 'count_include_pad', 'dilations', 'kernel_shape', 'pads', 'strides');
  const x = poolInput(node, inputs, 'float32');
  const [n, c, ...spatial] = x.dims;
  const win = poolWindows(node, spatial, true);
  expectDims(node, outputs[0], [n, c, ...win.outDims]);
  expectOutType(node, outputs[0], 'float32');
  const includePad = attrInt(node, 'count_include_pad', 0) === 1;
  const inSize = numel(spatial),
    outSize = numel(win.outDims),
    taps = win.taps;
  const counts = new Float64Array(outSize);
  for (let o = 0; o < outSize; o++) {
    let inside = 0;
    for (let t = 0; t < taps; t++) if (win.cells[o * taps + t] >= 0) inside++;
    counts[o] = includePad ? win.padded[o] : inside;
  }
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let p = 0; p < n * c; p++) {
      const x0 = p * inSize,
        y0 = p * outSize;
      for (let o = 0; o < outSize; o++) {
        let sum = 0;
        for (let t = o * taps, e = t + taps; t < e; t++) {
          const off = win.cells[t];
          if (off >= 0) sum = f32(sum + X[x0 + off]);
        }
        Y[y0 + o] = sum / counts[o];
      }
    }
  };
};

export const MaxPool: HostOpFactory = (node, inputs, outputs) => {
  onlyAttrs(node, 'auto_pad', 'ceil_mode', 'dilations', 'kernel_shape', 'pads', 'storage_order', 'strides');
  const x = poolInput(node, inputs, 'float32', 'uint8', 'int8');
  const [n, c, ...spatial] = x.dims;
  const win = poolWindows(node, spatial, true);
  const colMajor = attrInt(node, 'storage_order', 0) === 1;
  if (colMajor && spatial.length !== 2) unsupported(node, 'storage_order 1 is supported for 2-D pooling only');
  expectDims(node, outputs[0], [n, c, ...win.outDims]);
  expectOutType(node, outputs[0], x.type);
  if (outputs[1]) {
    expectDims(node, outputs[1], [n, c, ...win.outDims], 1);
    expectOutType(node, outputs[1], 'int64', 1);
  }
  const inSize = numel(spatial),
    outSize = numel(win.outDims),
    taps = win.taps;
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array | Uint8Array | Int8Array,
      Y = outs[0].data as Float32Array | Uint8Array | Int8Array;
    const I = outs[1]?.data as BigInt64Array | undefined;
    for (let p = 0; p < n * c; p++) {
      const x0 = p * inSize,
        y0 = p * outSize;
      for (let o = 0; o < outSize; o++) {
        let best = -Infinity,
          at = -1;
        for (let t = o * taps, e = t + taps; t < e; t++) {
          const off = win.cells[t];
          if (off < 0) continue;
          const v = X[x0 + off];
          if (v > best || (at < 0 && v === best)) {
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
  const size = numel(spatial);
  return (ins, outs) => {
    const X = ins[0]!.data as Float32Array,
      Y = outs[0].data as Float32Array;
    for (let p = 0; p < n * c; p++) {
      let sum = 0;
      for (let i = p * size, e = i + size; i < e; i++) sum = f32(sum + X[i]);
      Y[p] = sum / size;
    }
  };
};
