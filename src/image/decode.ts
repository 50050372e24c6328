/**
 * One entry for image files: `decodeImage(bytes)` sniffs the format by its signature and decodes to 8-bit RGBA
 * (RgbaImage, ImageData's layout).
 * - PNG: png.ts, this package's own decoder (no dependency).
 * - JPEG (baseline and progressive, gray / YCbCr / Adobe CMYK): jpeg-js (0.4.4, pure JavaScript, about 40 KB of
 *   source for its decoder), imported the first time a JPEG is decoded, so that PNG-only users (and bundles that
 *   never meet a JPEG) do not load it. Its errors become BAD_IMAGE. More than 2^28 pixels -> TOO_LARGE.
 * Anything else (GIF, WebP, BMP, not an image): BAD_IMAGE naming what the first bytes look like.
 */
import { I8ConvError } from '../errors.js';
import { MAX_PIXELS, decodePng, isPng, type RgbaImage } from './png.js';

export type { RgbaImage } from './png.js';

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

interface JpegJs {
  decode(
    data: Uint8Array,
    opts: { useTArray: true; formatAsRGBA: true; maxResolutionInMP: number; maxMemoryUsageInMB: number },
  ): RgbaImage;
}
let jpegJs: Promise<JpegJs> | null = null;

/** Decodes a JPEG with jpeg-js (loaded on first use). */
export async function decodeJpeg(bytes: Uint8Array): Promise<RgbaImage> {
  if (!isJpeg(bytes)) throw new I8ConvError('BAD_IMAGE', 'JPEG: not a JPEG file (no SOI marker FF D8 FF)', 'image');
  jpegJs ??= import('jpeg-js')
    .then((m) => ((m as { default?: JpegJs }).default ?? m) as JpegJs)
    .catch((e) => {
      jpegJs = null;
      throw new I8ConvError(
        'INVALID_PARAM',
        `image: JPEG needs the package jpeg-js, which cannot be imported (${(e as Error).message})`,
        'image',
      );
    });
  const jpeg = await jpegJs;
  let img: RgbaImage;
  try {
    img = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_PIXELS / 1e6,
      maxMemoryUsageInMB: 2048,
    });
  } catch (e) {
    const msg = String((e as Error)?.message ?? e);
    if (/maxResolutionInMP|maxMemoryUsageInMB|allocate/.test(msg))
      throw new I8ConvError('TOO_LARGE', `image: JPEG too large (${msg})`, 'image');
    throw new I8ConvError('BAD_IMAGE', `JPEG: ${msg}`, 'image');
  }
  if (!(img.width > 0 && img.height > 0) || img.data.length !== img.width * img.height * 4) {
    throw new I8ConvError(
      'BAD_IMAGE',
      `JPEG: decoded to ${img.width}x${img.height} with ${img.data.length} bytes (no frame?)`,
      'image',
    );
  }
  return {
    width: img.width,
    height: img.height,
    data: new Uint8Array(img.data.buffer, img.data.byteOffset, img.data.length),
  };
}

function describe(bytes: Uint8Array): string {
  const ascii = (i: number, n: number) => String.fromCharCode(...bytes.subarray(i, i + n));
  if (bytes.length === 0) return 'an empty file';
  if (ascii(0, 4) === 'GIF8') return 'a GIF file';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') return 'a WebP file';
  if (ascii(0, 2) === 'BM') return 'a BMP file';
  return `a file starting ${Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ')}`;
}

/** Decodes a PNG or JPEG file to 8-bit RGBA (see the header). */
export async function decodeImage(bytes: Uint8Array): Promise<RgbaImage> {
  if (!(bytes instanceof Uint8Array))
    throw new I8ConvError('INVALID_PARAM', 'image: must be a Uint8Array of file bytes', 'image');
  if (isPng(bytes)) return decodePng(bytes);
  if (isJpeg(bytes)) return decodeJpeg(bytes);
  throw new I8ConvError('BAD_IMAGE', `not a PNG or JPEG file: ${describe(bytes)}`, 'image');
}
