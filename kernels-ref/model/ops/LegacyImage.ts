/**
 * Early ONNX's experimental image operators (onnxruntime still runs them):
 * - ImageScaler (float32, [N, C, H, W]): y = f32(f32(scale x) + bias[c]).
 * - Crop ([N, C, H, W]; border [left, top, right, bottom], scale [h, w] optional): rows top .. H - bottom (or top + h)
 *   and columns left .. W - right (or left + w) of every plane.
 */
import { expectType, f32, makeTensor, need, onlyAttrs, type OpFn } from '../tensor.js';

export const ImageScaler: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'ImageScaler', 'scale', 'bias');
  const x = need(inputs, 0, 'X');
  expectType(x, 'ImageScaler X', 'float32');
  if (x.dims.length !== 4) throw new Error('ImageScaler: X must be 4-D');
  const s = attrs.get('scale'),
    b = attrs.get('bias');
  const scale = s?.kind === 'float' ? f32(s.value) : 1;
  const bias = b?.kind === 'floats' ? b.value.map(f32) : [];
  const [n, c, h, w] = x.dims;
  if (bias.length !== c) throw new Error(`ImageScaler: ${bias.length} biases for ${c} channels`);
  const y = makeTensor('float32', x.dims);
  for (let i = 0; i < n * c * h * w; i++)
    y.data[i] = f32(f32(scale * (x.data[i] as number)) + bias[Math.floor(i / (h * w)) % c]);
  return [y];
};

export const Crop: OpFn = (inputs, attrs) => {
  onlyAttrs(attrs, 'Crop', 'border', 'scale');
  const x = need(inputs, 0, 'X');
  if (x.dims.length !== 4) throw new Error('Crop: X must be 4-D');
  const border = attrs.get('border'),
    sc = attrs.get('scale');
  if (border?.kind !== 'ints' || border.value.length < 4) throw new Error('Crop: border needs 4 values');
  const [left, top, right, bottom] = border.value;
  const [n, c, H, W] = x.dims;
  const hw = sc?.kind === 'ints' && sc.value.length >= 2 ? sc.value : null;
  const h = hw ? hw[0] : H - top - bottom,
    w = hw ? hw[1] : W - left - right;
  if (h < 0 || w < 0 || top + h > H || left + w > W) throw new Error('Crop: the border falls outside X');
  const y = makeTensor(x.type, [n, c, h, w]);
  let k = 0;
  for (let p = 0; p < n * c; p++)
    for (let r = top; r < top + h; r++) for (let q = left; q < left + w; q++) y.data[k++] = x.data[(p * H + r) * W + q];
  return [y];
};
