/**
 * Clip: y = min(max(x, min), max) with C++ std::max / std::min: the lower bound first, so min > max gives max
 * (as ONNX specifies and onnxruntime-web computes; test/ref-model.test.ts checks it), and NaN passes. Opset < 11 reads the `min` / `max` attributes
 * (float32 only); opset 11+ the optional scalar inputs 1 and 2, absent bounds being the type's limits (for float32
 * -+FLT_MAX, as onnxruntime: Clip(-inf) with no bound is -FLT_MAX).
 * float32, uint8, int8, int32.
 */
import { attrFloat, cmax, cmin, expectType, makeTensor, need, onlyAttrs, scalarOf, type OpFn } from '../tensor.js';

const LIMITS = {
  float32: [-3.4028234663852886e38, 3.4028234663852886e38], // onnxruntime's numeric_limits<float>::lowest() / max()
  uint8: [0, 255],
  int8: [-128, 127],
  int32: [-(2 ** 31), 2 ** 31 - 1],
} as const;

export const Clip: OpFn = (inputs, attrs, opset) => {
  const x = need(inputs, 0, 'input');
  expectType(x, 'Clip input', 'float32', 'uint8', 'int8', 'int32');
  const [tlo, thi] = LIMITS[x.type as keyof typeof LIMITS];
  let lo: number, hi: number;
  if (opset < 11) {
    onlyAttrs(attrs, 'Clip', 'min', 'max');
    expectType(x, 'Clip (opset < 11) input', 'float32');
    lo = attrFloat(attrs, 'min', -3.4028234663852886e38);
    hi = attrFloat(attrs, 'max', 3.4028234663852886e38);
  } else {
    onlyAttrs(attrs, 'Clip');
    for (const i of [1, 2])
      if (inputs[i] && inputs[i]!.type !== x.type)
        throw new Error(`Clip: bound ${i} is ${inputs[i]!.type}, input is ${x.type}`);
    lo = inputs[1] ? scalarOf(inputs[1], 'Clip min') : tlo;
    hi = inputs[2] ? scalarOf(inputs[2], 'Clip max') : thi;
  }
  const y = makeTensor(x.type, x.dims);
  const xd = x.data as ArrayLike<number>;
  for (let i = 0; i < xd.length; i++) y.data[i] = cmin(cmax(xd[i], lo), hi);
  return [y];
};
