/**
 * Image files for model inputs (issue 28: calibration from images): PNG (own decoder) and JPEG (jpeg-js, loaded
 * on first use) to 8-bit RGBA, then resize + normalize to an NCHW float32 tensor. Exported by 'i8conv/quantize'.
 */
export { decodeImage, decodeJpeg, isJpeg, type RgbaImage } from './decode.js';
export { decodePng, inflateZlib, isPng } from './png.js';
export { imageToTensor, resizeBilinear, type ImageTensorOptions } from './tensor.js';
