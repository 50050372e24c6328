/**
 * i8conv/quantize: post-training quantization of float ONNX models in JavaScript. Observers (MinMax, EMA,
 * Histogram, TQT thresholds), fake quantization, and quantizeModel (float ONNX -> QDQ int8 ONNX + a report).
 * See docs/model.md, "Quantizing a float model".
 */
export {
  EmaObserver,
  HistogramObserver,
  MinMaxObserver,
  TqtObserver,
  histogramError,
  type Observer,
  type ObserverOptions,
} from './observers.js';
export { SqnrMeter, fakeQuantize, sqnr, sqnrDb } from './fake-quant.js';
export {
  adjustWeightScalesForBias,
  qRange,
  quantizeBias,
  quantizeCode,
  quantizeWeight,
  rangeParams,
  type QType,
  type QuantParams,
  type RangeOptions,
} from './params.js';
export {
  quantizeModel,
  type CalibrationFeed,
  type ObserverKind,
  type OutputReport,
  type QuantizeModelOptions,
  type QuantizeReport,
  type TensorReport,
} from './quantize-model.js';
export type { FloatNode } from './plan.js';
export type { ModelRuntime } from './executors.js';
export {
  decodeImage,
  decodePng,
  imageToTensor,
  resizeBilinear,
  type ImageTensorOptions,
  type RgbaImage,
} from '../image/index.js';
