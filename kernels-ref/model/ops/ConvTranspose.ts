/**
 * ConvTranspose (float32), any number of spatial dims. X is [N, C, D1..Dk], W is [C, M/group, K1..Kk], B is [M];
 * Y is [N, M, O1..Ok].
 *
 * Shape (the ONNX spec, which onnxruntime-web 1.30 follows; checked there), with dk = (K - 1) * dilation + 1 and
 * full = stride * (D - 1) + output_padding + dk:
 * - `output_shape` given (the spatial dims, or all dims): O = output_shape, total = max(0, full - O), split as
 *   floor(total / 2) at the begin for SAME_UPPER and ceil(total / 2) at the begin otherwise (an O beyond `full`
 *   leaves its last cells at the bias).
 * - SAME_UPPER / SAME_LOWER: total = max(0, full - D * stride), O = full - total (D * stride unless the stride
 *   exceeds the dilated kernel), split as above (SAME_LOWER: the larger half first).
 * - VALID: no padding, O = full. NOTSET: `pads` [b1..bk, e1..ek] (default 0), O = full - b - e.
 *
 * Arithmetic (onnxruntime's GEMM + col2im order): input cell x[n, c, i] scatters to output position
 * o = i * stride - begin + kpos * dilation. Each output element is a float32 sum, from 0, over the kernel positions in
 * row-major order that reach it, each term itself the sum over the group's input channels of f(x * w) as MLAS's
 * SGEMM sums it (../sgemm-order.ts): in blocks of channels, each block from 0, each later block's sum added onto the
 * earlier ones'. The GEMM has the group's input channels as K, its input cells as N and A = W read transposed,
 * except where onnxruntime packs W at load (a constant W of rank > 2 with more than one input channel per group and
 * more than one (output channel, kernel position) per group: then A is not transposed). The bias B[m] is added last.
 */
import {
  attrInt,
  attrInts,
  attrString,
  expectType,
  f32,
  makeTensor,
  need,
  numel,
  onlyAttrs,
  unravel,
  type OpFn,
} from '../tensor.js';
import { blockOfK } from '../sgemm-order.js';

export const ConvTranspose: OpFn = (inputs, attrs, _opset, _outputs, ctx) => {
  onlyAttrs(
    attrs,
    'ConvTranspose',
    'auto_pad',
    'dilations',
    'group',
    'kernel_shape',
    'output_padding',
    'output_shape',
    'pads',
    'strides',
  );
  const x = need(inputs, 0, 'X');
  const w = need(inputs, 1, 'W');
  const b = inputs[2];
  expectType(x, 'ConvTranspose X', 'float32');
  expectType(w, 'ConvTranspose W', 'float32');
  const k = x.dims.length - 2;
  if (k < 1 || w.dims.length !== k + 2)
    throw new Error(`ConvTranspose: X [${x.dims}] and W [${w.dims}] must be of one rank >= 3`);
  const [n, c, ...inDims] = x.dims;
  const [wc, mg, ...kernel] = w.dims;
  const group = attrInt(attrs, 'group', 1);
  if (group < 1 || wc !== c || c % group !== 0)
    throw new Error(`ConvTranspose: group ${group} does not fit X channels ${c}, W dims [${w.dims}]`);
  const m = mg * group;
  const cg = c / group;
  if (b) {
    expectType(b, 'ConvTranspose B', 'float32');
    if (b.data.length !== m) throw new Error(`ConvTranspose: B has ${b.data.length} values for ${m} output channels`);
  }
  const ks = attrInts(attrs, 'kernel_shape');
  if (ks && (ks.length !== k || ks.some((v, i) => v !== kernel[i])))
    throw new Error(`ConvTranspose: kernel_shape [${ks}] differs from W dims [${w.dims}]`);
  const strides = attrInts(attrs, 'strides') ?? kernel.map(() => 1);
  const dil = attrInts(attrs, 'dilations') ?? kernel.map(() => 1);
  const outPad = attrInts(attrs, 'output_padding') ?? kernel.map(() => 0);
  if (strides.length !== k || strides.some((s) => s < 1)) throw new Error(`ConvTranspose: bad strides [${strides}]`);
  if (dil.length !== k || dil.some((d) => d < 1)) throw new Error(`ConvTranspose: bad dilations [${dil}]`);
  if (outPad.length !== k || outPad.some((p, i) => p < 0 || p >= Math.max(strides[i], dil[i])))
    throw new Error(`ConvTranspose: bad output_padding [${outPad}]`);
  const autoPad = attrString(attrs, 'auto_pad', 'NOTSET');
  if (!['NOTSET', 'VALID', 'SAME_UPPER', 'SAME_LOWER'].includes(autoPad))
    throw new Error(`ConvTranspose: auto_pad ${autoPad} is not supported`);
  let outShape = attrInts(attrs, 'output_shape');
  if (outShape && outShape.length === k + 2) outShape = outShape.slice(2);
  if (outShape && outShape.length !== k)
    throw new Error(`ConvTranspose: output_shape [${outShape}] for ${k} spatial dims`);
  const pads = attrInts(attrs, 'pads');
  if (pads && (pads.length !== 2 * k || pads.some((p) => p < 0))) throw new Error(`ConvTranspose: bad pads [${pads}]`);
  const begin: number[] = [];
  const outDims: number[] = [];
  for (let i = 0; i < k; i++) {
    const full = strides[i] * (inDims[i] - 1) + outPad[i] + (kernel[i] - 1) * dil[i] + 1;
    let o: number, bgn: number;
    if (outShape || autoPad === 'SAME_UPPER' || autoPad === 'SAME_LOWER') {
      const total = Math.max(0, full - (outShape ? outShape[i] : inDims[i] * strides[i]));
      o = outShape ? outShape[i] : full - total;
      bgn = autoPad === 'SAME_UPPER' ? Math.floor(total / 2) : total - Math.floor(total / 2);
    } else if (autoPad === 'VALID') {
      o = full;
      bgn = 0;
    } else {
      bgn = pads ? pads[i] : 0;
      o = full - bgn - (pads ? pads[i + k] : 0);
    }
    if (o < 1) throw new Error(`ConvTranspose: output dim ${i} would be ${o}`);
    begin.push(bgn);
    outDims.push(o);
  }
  const y = makeTensor('float32', [n, m, ...outDims]);
  const xd = x.data as Float32Array;
  const wd = w.data as Float32Array;
  const inSize = numel(inDims);
  const kSize = numel(kernel);
  const outSize = numel(outDims);
  const kPos = Array.from({ length: kSize }, (_, p) => unravel(p, kernel));
  const packed = (ctx?.constantInputs[1] ?? false) && w.dims.length > 2 && mg * kSize > 1 && cg > 1;
  const block = blockOfK({
    m: mg * kSize,
    n: inSize,
    k: cg,
    transA: !packed,
    transB: false,
    alpha: 1,
    beta: 0,
    constantB: false,
  });
  for (let bi = 0; bi < n; bi++)
    for (let mo = 0; mo < m; mo++) {
      const grp = Math.floor(mo / mg);
      const ml = mo % mg;
      for (let op = 0; op < outSize; op++) {
        const oIdx = unravel(op, outDims);
        let acc = 0;
        for (let p = 0; p < kSize; p++) {
          // The input cell that lands here through kernel position p, if any.
          let xi = 0;
          for (let i = 0; i < k; i++) {
            const t = oIdx[i] + begin[i] - kPos[p][i] * dil[i];
            if (t < 0 || t % strides[i] !== 0 || t / strides[i] >= inDims[i]) {
              xi = -1;
              break;
            }
            xi = xi * inDims[i] + t / strides[i];
          }
          if (xi < 0) continue;
          let part = 0;
          for (let c0 = 0; c0 < cg; c0 += block) {
            let s = 0;
            for (let ci = c0; ci < Math.min(cg, c0 + block); ci++) {
              const ch = grp * cg + ci;
              s = f32(s + f32(xd[(bi * c + ch) * inSize + xi] * wd[(ch * mg + ml) * kSize + p]));
            }
            part = c0 === 0 ? s : f32(part + s);
          }
          acc = f32(acc + part);
        }
        y.data[(bi * m + mo) * outSize + op] = b ? f32(acc + (b.data as Float32Array)[mo]) : acc;
      }
    }
  return [y];
};
