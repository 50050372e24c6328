/**
 * A PNG decoder with no native code and no dependency (issue 28: calibration images for `i8conv quantize
 * --calibrate`). Reads every PNG of the specification (ISO/IEC 15948): colour types 0 (gray), 2 (RGB), 3 (palette),
 * 4 (gray + alpha), 6 (RGBA); bit depths 1, 2, 4, 8 (gray, palette) and 8, 16 (the others); filters 0-4;
 * Adam7 interlacing; tRNS transparency (palette alphas, or the gray / RGB key colour). Ancillary chunks other than
 * tRNS are skipped (gamma, colour profiles: the pixels are taken as stored). The zlib stream of the IDAT chunks is
 * inflated by the web-standard DecompressionStream('deflate') (browsers, Node 18+, Deno), hence async.
 *
 * Out: RGBA, 8 bits a channel, row-major (the layout of the canvas's ImageData): 16-bit samples keep their high
 * byte; gray g -> (g, g, g); sub-byte gray scaled to 0..255 (1-bit 1 -> 255, 2-bit 1 -> 85, 4-bit 1 -> 17); no tRNS ->
 * alpha 255.
 *
 * Bad input -> I8ConvError BAD_IMAGE naming what is wrong (signature, chunk CRC, IHDR field, missing IDAT / PLTE,
 * palette index past the palette, a zlib stream that does not inflate or inflates to the wrong length, a bad filter
 * type); more than 2^28 pixels -> TOO_LARGE. Every check comes before the pixels are written.
 */
import { I8ConvError } from '../errors.js';

/** An 8-bit RGBA image, row-major (ImageData's layout). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const MAX_PIXELS = 2 ** 28;

const bad = (msg: string): I8ConvError => new I8ConvError('BAD_IMAGE', `PNG: ${msg}`, 'image');

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = crcTable[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** zlib-inflates with DecompressionStream('deflate'); a stream that fails -> BAD_IMAGE. */
export async function inflateZlib(data: Uint8Array, what = 'the IDAT zlib stream'): Promise<Uint8Array> {
  if (typeof DecompressionStream !== 'function') {
    throw new I8ConvError(
      'INVALID_PARAM',
      'this engine has no DecompressionStream (Node 18+, Deno and browsers have it): PNG cannot be inflated',
      'image',
    );
  }
  try {
    const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (e) {
    throw bad(`${what} does not inflate (${(e as Error).message})`);
  }
}

interface Header {
  width: number;
  height: number;
  depth: number;
  colorType: number;
  interlace: number;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

// Adam7: pass -> [x0, y0, dx, dy]
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** Is this a PNG file (its 8-byte signature)? */
export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Decodes a PNG file to 8-bit RGBA (see the header). */
export async function decodePng(bytes: Uint8Array): Promise<RgbaImage> {
  if (!(bytes instanceof Uint8Array))
    throw new I8ConvError('INVALID_PARAM', 'image: must be a Uint8Array of file bytes', 'image');
  if (!isPng(bytes)) throw bad('not a PNG file (no PNG signature)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let hdr: Header | null = null;
  let palette: Uint8Array | null = null;
  let trns: Uint8Array | null = null;
  const idat: Uint8Array[] = [];
  let pos = 8;
  let ended = false;
  while (pos < bytes.length) {
    if (pos + 12 > bytes.length) throw bad(`truncated chunk header at byte ${pos}`);
    const len = view.getUint32(pos);
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    if (len > bytes.length - pos - 12)
      throw bad(`chunk ${type} at byte ${pos}: length ${len} past the end of the file`);
    const data = bytes.subarray(pos + 8, pos + 8 + len);
    if (crc32(bytes, pos + 4, pos + 8 + len) !== view.getUint32(pos + 8 + len))
      throw bad(`chunk ${type} at byte ${pos}: CRC mismatch (corrupt file)`);
    pos += 12 + len;
    if (!hdr && type !== 'IHDR') throw bad(`the first chunk is ${type}, not IHDR`);
    if (type === 'IHDR') {
      if (hdr) throw bad('two IHDR chunks');
      if (len !== 13) throw bad(`IHDR is ${len} bytes, not 13`);
      const d = new DataView(data.buffer, data.byteOffset, 13);
      hdr = { width: d.getUint32(0), height: d.getUint32(4), depth: data[8], colorType: data[9], interlace: data[12] };
      if (hdr.width === 0 || hdr.height === 0) throw bad(`IHDR: size ${hdr.width}x${hdr.height} (zero)`);
      if (!(hdr.colorType in CHANNELS)) throw bad(`IHDR: colour type ${hdr.colorType} (PNG has 0, 2, 3, 4, 6)`);
      if (!DEPTHS[hdr.colorType].includes(hdr.depth))
        throw bad(
          `IHDR: bit depth ${hdr.depth} with colour type ${hdr.colorType} (allowed: ${DEPTHS[hdr.colorType].join(', ')})`,
        );
      if (data[10] !== 0 || data[11] !== 0)
        throw bad(`IHDR: compression ${data[10]} / filter method ${data[11]} (PNG has 0 / 0)`);
      if (hdr.interlace > 1) throw bad(`IHDR: interlace method ${hdr.interlace} (PNG has 0, 1)`);
      if (hdr.width * hdr.height > MAX_PIXELS) {
        throw new I8ConvError(
          'TOO_LARGE',
          `image: PNG of ${hdr.width}x${hdr.height} pixels, more than ${MAX_PIXELS}`,
          'image',
        );
      }
    } else if (type === 'PLTE') {
      if (len % 3 !== 0 || len === 0 || len > 768) throw bad(`PLTE of ${len} bytes (1..256 RGB entries)`);
      palette = data;
    } else if (type === 'tRNS') {
      trns = data;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      ended = true;
      break;
    } else if (!(type.charCodeAt(0) & 0x20)) {
      throw bad(`unknown critical chunk ${type}`);
    }
  }
  if (!hdr) throw bad('no IHDR chunk');
  if (!ended) throw bad('no IEND chunk (truncated file)');
  if (!idat.length) throw bad('no IDAT chunk');
  if (hdr.colorType === 3 && !palette) throw bad('colour type 3 (palette) without a PLTE chunk');

  const { width, height, depth, colorType } = hdr;
  const ch = CHANNELS[colorType];
  const bitsPerPixel = ch * depth;
  const bpp = Math.max(1, bitsPerPixel >> 3); // the filters' byte distance
  const passes = hdr.interlace
    ? ADAM7.map(([x0, y0, dx, dy]) => ({
        x0,
        y0,
        dx,
        dy,
        w: Math.ceil((width - x0) / dx),
        h: Math.ceil((height - y0) / dy),
      })).filter((p) => p.w > 0 && p.h > 0)
    : [{ x0: 0, y0: 0, dx: 1, dy: 1, w: width, h: height }];
  const expected = passes.reduce((s, p) => s + p.h * (1 + Math.ceil((p.w * bitsPerPixel) / 8)), 0);

  const total = idat.reduce((s, d) => s + d.length, 0);
  const z = new Uint8Array(total);
  let o = 0;
  for (const d of idat) {
    z.set(d, o);
    o += d.length;
  }
  const raw = await inflateZlib(z);
  if (raw.length !== expected)
    throw bad(
      `the image data inflates to ${raw.length} bytes; ${width}x${height}, ${bitsPerPixel} bits a pixel${hdr.interlace ? ', Adam7' : ''} needs ${expected}`,
    );

  // palette -> RGBA table (tRNS gives alphas of the first entries)
  let lut: Uint8Array | null = null;
  if (colorType === 3) {
    const n = palette!.length / 3;
    lut = new Uint8Array(n * 4);
    for (let i = 0; i < n; i++) {
      lut[4 * i] = palette![3 * i];
      lut[4 * i + 1] = palette![3 * i + 1];
      lut[4 * i + 2] = palette![3 * i + 2];
      lut[4 * i + 3] = trns && i < trns.length ? trns[i] : 255;
    }
  }
  // gray / RGB key colour of tRNS, at the file's bit depth
  const key =
    trns && (colorType === 0 || colorType === 2) && trns.length >= (colorType === 0 ? 2 : 6)
      ? Array.from({ length: colorType === 0 ? 1 : 3 }, (_, i) => (trns![2 * i] << 8) | trns![2 * i + 1])
      : null;

  const out = new Uint8Array(width * height * 4);
  const subScale = depth < 8 ? 255 / ((1 << depth) - 1) : 1;
  let off = 0;
  for (const p of passes) {
    const stride = Math.ceil((p.w * bitsPerPixel) / 8);
    let prev = new Uint8Array(stride);
    let cur = new Uint8Array(stride);
    for (let y = 0; y < p.h; y++) {
      const f = raw[off];
      const line = raw.subarray(off + 1, off + 1 + stride);
      off += 1 + stride;
      unfilter(f, line, prev, cur, bpp, y);
      const oy = p.y0 + y * p.dy;
      for (let x = 0; x < p.w; x++) {
        const o4 = (oy * width + p.x0 + x * p.dx) * 4;
        if (depth < 8) {
          const bit = x * depth;
          const v = (cur[bit >> 3] >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
          if (lut) {
            if (4 * v >= lut.length) throw bad(`palette index ${v} past the ${lut.length / 4}-entry palette`);
            out.set(lut.subarray(4 * v, 4 * v + 4), o4);
          } else {
            const g = Math.round(v * subScale);
            out[o4] = out[o4 + 1] = out[o4 + 2] = g;
            out[o4 + 3] = key && v === key[0] ? 0 : 255;
          }
          continue;
        }
        const sb = depth >> 3; // bytes a sample
        const s = (k: number) => cur[(x * ch + k) * sb];
        const s16 = (k: number) =>
          sb === 2 ? (cur[(x * ch + k) * 2] << 8) | cur[(x * ch + k) * 2 + 1] : cur[x * ch + k];
        switch (colorType) {
          case 0:
            out[o4] = out[o4 + 1] = out[o4 + 2] = s(0);
            out[o4 + 3] = key && s16(0) === key[0] ? 0 : 255;
            break;
          case 2:
            out[o4] = s(0);
            out[o4 + 1] = s(1);
            out[o4 + 2] = s(2);
            out[o4 + 3] = key && s16(0) === key[0] && s16(1) === key[1] && s16(2) === key[2] ? 0 : 255;
            break;
          case 3: {
            const v = cur[x];
            if (4 * v >= lut!.length) throw bad(`palette index ${v} past the ${lut!.length / 4}-entry palette`);
            out.set(lut!.subarray(4 * v, 4 * v + 4), o4);
            break;
          }
          case 4:
            out[o4] = out[o4 + 1] = out[o4 + 2] = s(0);
            out[o4 + 3] = s(1);
            break;
          default:
            out[o4] = s(0);
            out[o4 + 1] = s(1);
            out[o4 + 2] = s(2);
            out[o4 + 3] = s(3);
        }
      }
      [prev, cur] = [cur, prev];
    }
  }
  return { width, height, data: out };
}

/** Reverses one scanline's filter (PNG filter method 0) into `cur`; `prev` is the reconstructed line above. */
function unfilter(f: number, line: Uint8Array, prev: Uint8Array, cur: Uint8Array, bpp: number, y: number): void {
  const n = line.length;
  switch (f) {
    case 0:
      cur.set(line);
      break;
    case 1: // Sub
      for (let i = 0; i < n; i++) cur[i] = line[i] + (i >= bpp ? cur[i - bpp] : 0);
      break;
    case 2: // Up
      for (let i = 0; i < n; i++) cur[i] = line[i] + prev[i];
      break;
    case 3: // Average
      for (let i = 0; i < n; i++) cur[i] = line[i] + (((i >= bpp ? cur[i - bpp] : 0) + prev[i]) >> 1);
      break;
    case 4: // Paeth
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? cur[i - bpp] : 0;
        const b = prev[i];
        const c = i >= bpp ? prev[i - bpp] : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        cur[i] = line[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      break;
    default:
      throw bad(`filter type ${f} on scanline ${y} (PNG has 0-4)`);
  }
}
