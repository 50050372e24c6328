/**
 * The window geometry of the pooling operators (MaxPool, AveragePool, QLinearAveragePool), X being [N, C, D1..Dk]:
 * kernel_shape (required), strides (default 1), dilations (default 1; MaxPool only), pads ([b1..bk, e1..ek]) or
 * auto_pad, ceil_mode. With dk = (K - 1) * dilation + 1:
 * - NOTSET: O = floor((D + b + e - dk) / stride) + 1, or ceil(...) with ceil_mode = 1, where a last window that
 *   would start past the input and the begin padding is dropped ((O - 1) * stride >= D + b: O - 1), as
 *   onnxruntime and ONNX do.
 * - VALID: no padding, O = floor((D - dk) / stride) + 1 (ceil with ceil_mode).
 * - SAME_UPPER / SAME_LOWER: O = ceil(D / stride); total = (O - 1) * stride + dk - D, begin = trunc(total / 2)
 *   for SAME_UPPER, trunc((total + 1) / 2) for SAME_LOWER (C++ integer division), end = total - begin. total is not
 *   clamped at 0, as in ONNX's formula and onnxruntime: a stride larger than the kernel gives a negative begin pad
 *   (the window starts inside the input), which onnxruntime-web computes so (test/ref-model-ops.test.ts).
 * Window o along an axis covers input positions o * stride - b + j * dilation, j < K.
 */
import { attrInt, attrInts, attrString, type Attributes } from './tensor.js';

export interface PoolGeometry {
  kernel: number[];
  strides: number[];
  dilations: number[];
  padBegin: number[];
  padEnd: number[];
  inDims: number[];
  outDims: number[];
}

export function poolGeometry(
  spatial: readonly number[],
  attrs: Attributes,
  op: string,
  allowDilations: boolean,
): PoolGeometry {
  const k = spatial.length;
  if (k < 1) throw new Error(`${op}: X must have rank 3 or more`);
  const kernel = attrInts(attrs, 'kernel_shape');
  if (!kernel || kernel.length !== k) throw new Error(`${op}: kernel_shape must have ${k} values`);
  const strides = attrInts(attrs, 'strides') ?? kernel.map(() => 1);
  const dilations = attrInts(attrs, 'dilations') ?? kernel.map(() => 1);
  if (!allowDilations && dilations.some((d) => d !== 1)) throw new Error(`${op}: dilations are not supported`);
  if (strides.length !== k || dilations.length !== k)
    throw new Error(`${op}: strides / dilations must have ${k} values`);
  if ([...kernel, ...strides, ...dilations].some((v) => v < 1))
    throw new Error(`${op}: kernel, strides and dilations must be >= 1`);
  const ceil = attrInt(attrs, 'ceil_mode', 0) === 1;
  const autoPad = attrString(attrs, 'auto_pad', 'NOTSET');
  const pads = attrInts(attrs, 'pads');
  if (pads && autoPad !== 'NOTSET') throw new Error(`${op}: pads with auto_pad ${autoPad}`);
  const padBegin = new Array<number>(k).fill(0);
  const padEnd = new Array<number>(k).fill(0);
  const outDims: number[] = [];
  for (let i = 0; i < k; i++) {
    const d = spatial[i];
    const dk = (kernel[i] - 1) * dilations[i] + 1;
    const s = strides[i];
    if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
      const o = Math.ceil(d / s);
      const total = (o - 1) * s + dk - d;
      padBegin[i] = Math.trunc(autoPad === 'SAME_UPPER' ? total / 2 : (total + 1) / 2);
      padEnd[i] = total - padBegin[i];
      outDims.push(o);
      continue;
    }
    if (autoPad === 'NOTSET') {
      if (pads) {
        if (pads.length !== 2 * k) throw new Error(`${op}: pads must have ${2 * k} values`);
        padBegin[i] = pads[i];
        padEnd[i] = pads[k + i];
        if (pads[i] < 0 || pads[k + i] < 0) throw new Error(`${op}: negative pads`);
      }
    } else if (autoPad !== 'VALID') throw new Error(`${op}: auto_pad ${autoPad} is not supported`);
    const span = d + padBegin[i] + padEnd[i] - dk;
    if (span < 0) throw new Error(`${op}: the kernel is larger than the padded input`);
    let o = (ceil ? Math.ceil(span / s) : Math.floor(span / s)) + 1;
    if (ceil && (o - 1) * s >= d + padBegin[i]) o--;
    outDims.push(o);
  }
  return { kernel, strides, dilations, padBegin, padEnd, inDims: [...spatial], outDims };
}

/** Calls `visit` for each output position (flat index within the spatial block) with the window's start per axis. */
export function forEachWindow(g: PoolGeometry, visit: (o: number, start: number[]) => void): void {
  const k = g.outDims.length;
  const idx = new Array<number>(k).fill(0);
  const total = g.outDims.reduce((a, b) => a * b, 1);
  for (let o = 0; o < total; o++) {
    visit(
      o,
      idx.map((v, i) => v * g.strides[i] - g.padBegin[i]),
    );
    for (let i = k - 1; i >= 0; i--) {
      if (++idx[i] < g.outDims[i]) break;
      idx[i] = 0;
    }
  }
}

/** The kernel taps (per axis offsets j * dilation) in row-major order, last axis fastest. */
export function kernelTaps(g: PoolGeometry): number[][] {
  let taps: number[][] = [[]];
  for (let i = 0; i < g.kernel.length; i++) {
    const next: number[][] = [];
    for (const t of taps) for (let j = 0; j < g.kernel[i]; j++) next.push([...t, j * g.dilations[i]]);
    taps = next; // (not a spread into splice: a window of 2^17 taps would pass the engine's argument limit)
  }
  return taps;
}
