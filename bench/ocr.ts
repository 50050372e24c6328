/**
 * PP-OCR's pre- and post-processing, environment-neutral (no Node built-ins, nothing of the quantizer): the model
 * inputs of an image, greedy CTC decoding with PaddleOCR's class list, and the text boxes of a det probability map.
 * Used by the accuracy measurement (bench/accuracy-ocr.ts) and the demo page (bench/demo-worker.ts).
 *
 * Inputs, as PaddleOCR's own preprocessing makes them (tools/infer/predict_*.py), through src/image/tensor.ts:
 * - det: the image stretched to 640x640, BGR (OpenCV's order, which PaddleOCR normalizes in), `(v / 255 - mean) /
 *   std` with mean [0.485, 0.456, 0.406] and std [0.229, 0.224, 0.225] applied in that channel order.
 * - rec: height 48, width min(320, ceil(48 w / h)), zeros (after normalization) right of it, BGR, (v / 255 - 0.5) / 0.5.
 * - cls: the same at 48x192.
 *
 * Boxes (`textBoxes`), after PaddleOCR's DBPostProcess, simplified to axis-aligned rectangles (the demo's pages and
 * dropped screenshots hold horizontal text; PaddleOCR fits rotated rectangles to contours): the map binarized at
 * 0.3; 8-connected components; each component's bounding box; its score the mean probability over the component's
 * pixels (PaddleOCR's 'fast' score averages the box's) kept when >= 0.6; a box whose shorter side is below 3 pixels
 * dropped; the rest grown on every side by d = area * 1.5 / perimeter (PaddleOCR's unclip ratio 1.5 on a
 * rectangle), clamped to the map, then scaled to the image.
 */
import type { RgbaImage } from '../src/image/index.js';
import { imageToTensor } from '../src/image/index.js';

export type OcrInputKind = 'det' | 'rec' | 'cls';
/** [height, width] of each model's input */
export const OCR_INPUT: Record<OcrInputKind, [number, number]> = { det: [640, 640], rec: [48, 320], cls: [48, 192] };
export const DET_THRESHOLD = 0.3;
export const BOX_THRESHOLD = 0.6;
export const UNCLIP_RATIO = 1.5;

/** The model input of an image (see the header). */
export function ocrInput(kind: OcrInputKind, img: RgbaImage): Float32Array {
  const [height, width] = OCR_INPUT[kind];
  if (kind === 'det') return imageToTensor(img, { height, width, channels: 'bgr', mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225] });
  return imageToTensor(img, { height, width, fit: 'pad', channels: 'bgr', mean: [0.5], std: [0.5] });
}

/** The image turned 180 degrees (pixel order reversed). */
export function rotate180(img: RgbaImage): RgbaImage {
  const n = img.width * img.height;
  const data = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) data.set(img.data.subarray(4 * i, 4 * i + 4), 4 * (n - 1 - i));
  return { width: img.width, height: img.height, data };
}

/** The class list of PP-OCR's recognizer: blank, the dictionary's lines, a space. */
export function recClasses(keysText: string): string[] {
  const keys = keysText.replace(/\r/g, '').split('\n');
  if (keys[keys.length - 1] === '') keys.pop();
  return ['', ...keys, ' '];
}

/** Greedy CTC decoding of [T, C] probabilities: argmax per step, repeats collapsed, class 0 (blank) dropped. */
export function ctcGreedy(probs: ArrayLike<number>, steps: number, classes: readonly string[]): string {
  const c = classes.length;
  if (probs.length !== steps * c) throw new Error(`ctcGreedy: ${probs.length} values for ${steps} steps of ${c} classes`);
  let out = '';
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    for (let k = 1; k < c; k++) if (probs[t * c + k] > probs[t * c + best]) best = k;
    if (best !== 0 && best !== prev) out += classes[best];
    prev = best;
  }
  return out;
}

/** An axis-aligned box in pixels: [x0, y0) .. [x1, y1), and its score. */
export interface TextBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  score: number;
}

/**
 * The text boxes of a det probability map (w x h), scaled to an image of imgW x imgH (see the header), top to
 * bottom, then left to right.
 */
export function textBoxes(prob: ArrayLike<number>, w: number, h: number, imgW: number, imgH: number): TextBox[] {
  if (prob.length !== w * h) throw new Error(`textBoxes: ${prob.length} values for a ${w}x${h} map`);
  const f = Math.fround;
  const label = new Int32Array(w * h).fill(-1);
  const stack: number[] = [];
  const boxes: TextBox[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== -1 || !(prob[start] > f(DET_THRESHOLD))) continue;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    let sum = 0;
    let n = 0;
    label[start] = start;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      sum += prob[i];
      n++;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const j = yy * w + xx;
          if (label[j] === -1 && prob[j] > f(DET_THRESHOLD)) {
            label[j] = start;
            stack.push(j);
          }
        }
      }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const score = sum / n;
    if (score < BOX_THRESHOLD || Math.min(bw, bh) < 3) continue;
    const d = (bw * bh * UNCLIP_RATIO) / (2 * (bw + bh));
    const sx = imgW / w;
    const sy = imgH / h;
    boxes.push({
      x0: Math.max(0, Math.floor((x0 - d) * sx)),
      y0: Math.max(0, Math.floor((y0 - d) * sy)),
      x1: Math.min(imgW, Math.ceil((x1 + 1 + d) * sx)),
      y1: Math.min(imgH, Math.ceil((y1 + 1 + d) * sy)),
      score,
    });
  }
  // reading order: rows (boxes whose vertical centres are within half a box height of each other), left to right
  boxes.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: TextBox[][] = [];
  for (const b of boxes) {
    const row = rows[rows.length - 1];
    const c = (b.y0 + b.y1) / 2;
    if (row && Math.abs(c - (row[0].y0 + row[0].y1) / 2) < (row[0].y1 - row[0].y0) / 2) row.push(b);
    else rows.push([b]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.x0 - b.x0));
}

/** The pixels of a box of an image. */
export function crop(img: RgbaImage, b: TextBox): RgbaImage {
  const w = b.x1 - b.x0;
  const h = b.y1 - b.y0;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(img.data.subarray(((b.y0 + y) * img.width + b.x0) * 4, ((b.y0 + y) * img.width + b.x1) * 4), y * w * 4);
  return { width: w, height: h, data };
}
