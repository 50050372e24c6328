/**
 * The geometry shared by Conv, ConvInteger and QLinearConv (any number of spatial dims): kernel shape, strides,
 * dilations, group, and the begin / end padding from `pads` or `auto_pad`, and the output dims.
 *
 * X is [N, C, D1..Dk], W is [M, C/group, K1..Kk], Y is [N, M, O1..Ok]. With dk = (K - 1) * dilation + 1:
 * - NOTSET: pads as given ([b1..bk, e1..ek], default 0); O = floor((D + b + e - dk) / stride) + 1.
 * - VALID: no padding; O = floor((D - dk) / stride) + 1.
 * - SAME_UPPER / SAME_LOWER: O = ceil(D / stride); total = max(0, (O - 1) * stride + dk - D), split as
 *   floor(total / 2) at the begin for SAME_UPPER (the extra cell at the end) and at the end for SAME_LOWER.
 */
import { attrInts, attrInt, attrString, type Attributes, type Tensor } from './tensor.js';

export interface ConvGeometry {
  n: number;
  c: number;
  m: number;
  group: number;
  inDims: number[];
  kernel: number[];
  strides: number[];
  dilations: number[];
  padBegin: number[];
  outDims: number[];
}

export function convGeometry(x: Tensor, w: Tensor, attrs: Attributes, op: string): ConvGeometry {
  const k = x.dims.length - 2;
  if (k < 1) throw new Error(`${op}: X must have rank 3 or more, has dims [${x.dims}]`);
  if (w.dims.length !== k + 2) throw new Error(`${op}: W dims [${w.dims}] do not match X dims [${x.dims}]`);
  const [n, c, ...inDims] = x.dims;
  const [m, cg, ...kernel] = w.dims;
  const group = attrInt(attrs, 'group', 1);
  if (group < 1 || c % group !== 0 || m % group !== 0 || c / group !== cg)
    throw new Error(`${op}: group ${group} does not fit X channels ${c}, W dims [${w.dims}]`);
  const ks = attrInts(attrs, 'kernel_shape');
  if (ks && (ks.length !== k || ks.some((v, i) => v !== kernel[i])))
    throw new Error(`${op}: kernel_shape [${ks}] differs from W dims [${w.dims}]`);
  const strides = attrInts(attrs, 'strides') ?? kernel.map(() => 1);
  const dilations = attrInts(attrs, 'dilations') ?? kernel.map(() => 1);
  if (strides.length !== k || strides.some((s) => s < 1)) throw new Error(`${op}: bad strides [${strides}]`);
  if (dilations.length !== k || dilations.some((d) => d < 1)) throw new Error(`${op}: bad dilations [${dilations}]`);
  const autoPad = attrString(attrs, 'auto_pad', 'NOTSET');
  const pads = attrInts(attrs, 'pads');
  const padBegin: number[] = [];
  const outDims: number[] = [];
  for (let i = 0; i < k; i++) {
    const d = inDims[i];
    const dk = (kernel[i] - 1) * dilations[i] + 1;
    let b: number, e: number;
    if (autoPad === 'NOTSET') {
      if (pads && (pads.length !== 2 * k || pads.some((p) => p < 0))) throw new Error(`${op}: bad pads [${pads}]`);
      b = pads ? pads[i] : 0;
      e = pads ? pads[i + k] : 0;
    } else if (autoPad === 'VALID') {
      b = e = 0;
    } else if (autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
      const o = Math.ceil(d / strides[i]);
      const total = Math.max(0, (o - 1) * strides[i] + dk - d);
      const small = Math.floor(total / 2);
      b = autoPad === 'SAME_UPPER' ? small : total - small;
      e = total - b;
    } else throw new Error(`${op}: auto_pad ${autoPad} is not supported`);
    const o = Math.floor((d + b + e - dk) / strides[i]) + 1;
    if (o < 1) throw new Error(`${op}: output dim ${i} would be ${o}`);
    padBegin.push(b);
    outDims.push(o);
  }
  return { n, c, m, group, inDims, kernel, strides, dilations, padBegin, outDims };
}

/**
 * Visits every output element in N, M, O1..Ok order with its taps: for each input channel of its group and each
 * kernel position (row-major), the flat X index (-1 where the tap falls in the padding) and the flat W index, in
 * `xIdx[t]` / `wIdx[t]` for t < `count` (buffers reused between calls). The three convolutions do their own
 * arithmetic over these taps, in this order.
 */
export function forEachOutput(
  g: ConvGeometry,
  visit: (yIndex: number, m: number, xIdx: Int32Array, wIdx: Int32Array, count: number) => void,
): void {
  const k = g.inDims.length;
  const cg = g.c / g.group;
  const mg = g.m / g.group;
  const inSize = g.inDims.reduce((a, b) => a * b, 1);
  const kSize = g.kernel.reduce((a, b) => a * b, 1);
  const outSize = g.outDims.reduce((a, b) => a * b, 1);
  // The multi-index of every kernel position, once.
  const kPos: number[][] = [];
  for (let kp = 0; kp < kSize; kp++) {
    const idx = new Array<number>(k);
    for (let r = kp, i = k - 1; i >= 0; i--) {
      idx[i] = r % g.kernel[i];
      r = Math.floor(r / g.kernel[i]);
    }
    kPos.push(idx);
  }
  const xIdx = new Int32Array(cg * kSize);
  const wIdx = new Int32Array(cg * kSize);
  const spatial = new Int32Array(kSize); // the flat spatial X offset of each kernel position, or -1 (padding)
  const oIdx = new Array<number>(k);
  let y = 0;
  for (let b = 0; b < g.n; b++) {
    for (let m = 0; m < g.m; m++) {
      const grp = Math.floor(m / mg);
      for (let op = 0; op < outSize; op++) {
        for (let r = op, i = k - 1; i >= 0; i--) {
          oIdx[i] = r % g.outDims[i];
          r = Math.floor(r / g.outDims[i]);
        }
        for (let kp = 0; kp < kSize; kp++) {
          let xi = 0;
          for (let i = 0; i < k; i++) {
            const pos = oIdx[i] * g.strides[i] - g.padBegin[i] + kPos[kp][i] * g.dilations[i];
            if (pos < 0 || pos >= g.inDims[i]) {
              xi = -1;
              break;
            }
            xi = xi * g.inDims[i] + pos;
          }
          spatial[kp] = xi;
        }
        let t = 0;
        for (let ci = 0; ci < cg; ci++) {
          const xBase = (b * g.c + grp * cg + ci) * inSize;
          for (let kp = 0; kp < kSize; kp++, t++) {
            xIdx[t] = spatial[kp] < 0 ? -1 : xBase + spatial[kp];
            wIdx[t] = (m * cg + ci) * kSize + kp;
          }
        }
        visit(y++, m, xIdx, wIdx, t);
      }
    }
  }
}
