/**
 * An RGBA image -> a model input: bilinear resize, then per channel `(v * scale - mean[c]) / std[c]`, as NCHW
 * float32 [1, 3, H, W] (or [1, 1, H, W] gray), the preprocessing of PaddleOCR, torchvision and most CNNs.
 *
 * - Resize: bilinear with half-pixel centres (OpenCV's INTER_LINEAR, PIL without antialias, ONNX Resize
 *   'half_pixel'): source x = (x + 0.5) * w / W - 0.5, clamped to the edge pixels; no antialiasing on
 *   downscaling. Same size: the pixels as they are.
 * - fit 'stretch' (default): the whole image to W x H. fit 'pad': PaddleOCR's recognizer / classifier rule:
 *   height H, width min(W, ceil(H * w / h)), the columns right of it 0 after normalization (PaddleOCR pads the
 *   normalized tensor with zeros).
 * - Channels: 'rgb' (default), 'bgr' (what OpenCV's imread gives, and so what PaddleOCR's models saw in training),
 *   or 'gray' (one channel, 0.299 R + 0.587 G + 0.114 B). Alpha is ignored (as imread ignores it).
 * Bad options -> INVALID_PARAM naming the option.
 */
import { I8ConvError, check, isPositiveInt } from '../errors.js';
import type { RgbaImage } from './png.js';

export interface ImageTensorOptions {
  height: number;
  width: number;
  /** multiplies the 0..255 value first; default 1 / 255 */
  scale?: number;
  /** per channel (or one value for all); default 0 */
  mean?: number[];
  /** per channel (or one value for all); default 1 */
  std?: number[];
  fit?: 'stretch' | 'pad';
  channels?: 'rgb' | 'bgr' | 'gray';
}

/** Bilinear resize (half-pixel centres) of one channel plane; see the header. */
export function resizeBilinear(src: Float32Array, w: number, h: number, W: number, H: number): Float32Array {
  const out = new Float32Array(W * H);
  if (w === W && h === H) {
    out.set(src);
    return out;
  }
  const sx = w / W;
  const sy = h / H;
  const x0s = new Int32Array(W);
  const x1s = new Int32Array(W);
  const fxs = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), w - 1);
    x0s[x] = Math.floor(fx);
    x1s[x] = Math.min(x0s[x] + 1, w - 1);
    fxs[x] = fx - x0s[x];
  }
  for (let y = 0; y < H; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), h - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, h - 1);
    const wy = fy - y0;
    const r0 = y0 * w;
    const r1 = y1 * w;
    for (let x = 0; x < W; x++) {
      const a = src[r0 + x0s[x]] + (src[r0 + x1s[x]] - src[r0 + x0s[x]]) * fxs[x];
      const b = src[r1 + x0s[x]] + (src[r1 + x1s[x]] - src[r1 + x0s[x]]) * fxs[x];
      out[y * W + x] = a + (b - a) * wy;
    }
  }
  return out;
}

const perChannel = (name: string, v: number[] | undefined, dflt: number, c: number): number[] => {
  if (v === undefined) return Array(c).fill(dflt);
  check(
    Array.isArray(v) &&
      (v.length === 1 || v.length === c) &&
      v.every((x) => typeof x === 'number' && Number.isFinite(x)),
    'INVALID_PARAM',
    name,
    () => `must be 1 or ${c} finite numbers, got ${JSON.stringify(v)}`,
  );
  return v.length === 1 ? Array(c).fill(v[0]) : v;
};

/** The NCHW float32 tensor of `img` (see the header): length channels x height x width. */
export function imageToTensor(img: RgbaImage, o: ImageTensorOptions): Float32Array {
  check(typeof o === 'object' && o !== null, 'INVALID_PARAM', 'options', 'must be an object { height, width, ... }');
  check(
    isPositiveInt(o.height) && isPositiveInt(o.width),
    'INVALID_PARAM',
    'size',
    () => `height and width must be positive integers, got ${o.height}x${o.width}`,
  );
  check(
    isPositiveInt(img?.width) &&
      isPositiveInt(img?.height) &&
      img.data instanceof Uint8Array &&
      img.data.length === img.width * img.height * 4,
    'BAD_BUFFER',
    'image',
    'must be { width, height, data: Uint8Array of width x height x 4 (RGBA) }',
  );
  const channels = o.channels ?? 'rgb';
  check(
    channels === 'rgb' || channels === 'bgr' || channels === 'gray',
    'INVALID_PARAM',
    'channels',
    () => `must be 'rgb', 'bgr' or 'gray', got ${String(channels)}`,
  );
  const fit = o.fit ?? 'stretch';
  check(
    fit === 'stretch' || fit === 'pad',
    'INVALID_PARAM',
    'fit',
    () => `must be 'stretch' or 'pad', got ${String(fit)}`,
  );
  const c = channels === 'gray' ? 1 : 3;
  const scale = o.scale ?? 1 / 255;
  check(
    typeof scale === 'number' && Number.isFinite(scale),
    'INVALID_PARAM',
    'scale',
    () => `must be a finite number, got ${String(scale)}`,
  );
  const mean = perChannel('mean', o.mean, 0, c);
  const std = perChannel('std', o.std, 1, c);
  if (std.some((s) => s === 0))
    throw new I8ConvError('INVALID_PARAM', `std: must not be 0, got ${JSON.stringify(std)}`, 'std');
  const { width: w, height: h, data } = img;
  const H = o.height;
  const W = o.width;
  const rw = fit === 'pad' ? Math.min(W, Math.ceil((H * w) / h)) : W;
  const out = new Float32Array(c * H * W);
  const plane = new Float32Array(w * h);
  for (let k = 0; k < c; k++) {
    const src = channels === 'gray' ? -1 : channels === 'bgr' ? 2 - k : k;
    for (let i = 0; i < w * h; i++) {
      plane[i] = src < 0 ? 0.299 * data[4 * i] + 0.587 * data[4 * i + 1] + 0.114 * data[4 * i + 2] : data[4 * i + src];
    }
    const r = resizeBilinear(plane, w, h, rw, H);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < rw; x++) out[(k * H + y) * W + x] = (r[y * rw + x] * scale - mean[k]) / std[k];
    }
  }
  return out;
}
