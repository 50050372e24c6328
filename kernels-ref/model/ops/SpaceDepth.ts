/**
 * DepthToSpace and SpaceToDepth, as ONNX defines them by a reshape and a transpose of a 4-D [N, C, H, W] tensor with
 * blocksize b (any element type: values are moved, never converted):
 * - DepthToSpace, mode DCR (the default): reshape to [N, b, b, C / b^2, H, W], transpose (0, 3, 4, 1, 5, 2), reshape
 *   to [N, C / b^2, H b, W b]; mode CRD: reshape to [N, C / b^2, b, b, H, W], transpose (0, 1, 4, 2, 5, 3).
 * - SpaceToDepth: reshape to [N, C, H / b, b, W / b, b], transpose (0, 3, 5, 1, 2, 4), reshape to
 *   [N, C b^2, H / b, W / b].
 */
import {
  attrInt,
  attrString,
  makeTensor,
  need,
  onlyAttrs,
  stridesOf,
  unravel,
  type OpFn,
  type Tensor,
} from '../tensor.js';

/** y = transpose(reshape(x, shape), perm), flattened: the general rule both operators are written with. */
function reshapeTranspose(x: Tensor, shape: number[], perm: number[], outDims: number[]): Tensor {
  const y = makeTensor(x.type, outDims);
  const permuted = perm.map((p) => shape[p]);
  const st = stridesOf(shape);
  for (let i = 0; i < y.data.length; i++) {
    const idx = unravel(i, permuted);
    let src = 0;
    perm.forEach((p, k) => (src += idx[k] * st[p]));
    y.data[i] = x.data[src];
  }
  return y;
}

function blocksize(attrs: Parameters<OpFn>[1], op: string): number {
  const b = attrInt(attrs, 'blocksize', 0);
  if (!(b >= 1)) throw new Error(`${op}: blocksize ${b} must be >= 1`);
  return b;
}

export const DepthToSpace: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'DepthToSpace', 'blocksize', 'mode');
  const x = need(inputs, 0, 'input');
  const b = blocksize(attrs, 'DepthToSpace');
  if (x.dims.length !== 4) throw new Error(`DepthToSpace: input [${x.dims}] must be 4-D`);
  const [n, c, h, w] = x.dims;
  if (c % (b * b) !== 0) throw new Error(`DepthToSpace: ${c} channels are not a multiple of ${b * b}`);
  const co = c / (b * b);
  const out = [n, co, h * b, w * b];
  const mode = attrString(attrs, 'mode', 'DCR');
  if (mode === 'DCR') return [reshapeTranspose(x, [n, b, b, co, h, w], [0, 3, 4, 1, 5, 2], out)];
  if (mode === 'CRD') return [reshapeTranspose(x, [n, co, b, b, h, w], [0, 1, 4, 2, 5, 3], out)];
  throw new Error(`DepthToSpace: mode ${mode} is neither DCR nor CRD`);
};

export const SpaceToDepth: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'SpaceToDepth', 'blocksize');
  const x = need(inputs, 0, 'input');
  const b = blocksize(attrs, 'SpaceToDepth');
  if (x.dims.length !== 4) throw new Error(`SpaceToDepth: input [${x.dims}] must be 4-D`);
  const [n, c, h, w] = x.dims;
  if (h % b !== 0 || w % b !== 0) throw new Error(`SpaceToDepth: H ${h} and W ${w} are not multiples of ${b}`);
  return [reshapeTranspose(x, [n, c, h / b, b, w / b, b], [0, 3, 5, 1, 2, 4], [n, c * b * b, h / b, w / b])];
};
