// Image files for calibration (src/image/): the PNG decoder on the committed OCR images (sizes, known pixels, and
// the decoded pixels equal to the canvas pixels the renderer hashed), on every colour type / bit depth / filter /
// Adam7 written by an encoder in this file (node:zlib, independent of the decoder's DecompressionStream), on broken
// files (BAD_IMAGE, TOO_LARGE); JPEG through jpeg-js; resize and normalization to NCHW.
import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { I8ConvError } from '../src/errors.js';
import { decodeImage, decodePng, imageToTensor, resizeBilinear, type RgbaImage } from '../src/image/index.js';

const manifest = JSON.parse(readFileSync('test/data/ocr/manifest.json', 'utf8')) as {
  lines: {
    file: string;
    width: number;
    height: number;
    background: { kind: string; color?: string };
    rgbaFnv1a: number;
    text: string;
  }[];
  docs: { file: string; width: number; height: number; rgbaFnv1a: number; lines: { box: number[] }[] }[];
};
const file = (f: string) => new Uint8Array(readFileSync(`test/data/ocr/${f}`));

function fnv1a(b: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < b.length; i++) {
    h ^= b[i];
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(I8ConvError);
    return (e as I8ConvError).code;
  }
  return 'no error';
}

// --- a PNG writer for the tests ---------------------------------------------------------------------------------
const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (b: Uint8Array) => (b.reduce((c, x) => CRC[(c ^ x) & 0xff] ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
  return out;
}
const cat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const CH: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

interface PngSpec {
  w: number;
  h: number;
  colorType: number;
  depth: number;
  /** the raw samples of pixel (x, y) */
  px: (x: number, y: number) => number[];
  filter?: (y: number) => number;
  interlace?: boolean;
  plte?: Uint8Array;
  trns?: Uint8Array;
}
function encodePng(s: PngSpec): Uint8Array {
  const ch = CH[s.colorType];
  const bits = ch * s.depth;
  const bpp = Math.max(1, bits >> 3);
  const passes = s.interlace
    ? ADAM7.map(([x0, y0, dx, dy]) => ({
        x0,
        y0,
        dx,
        dy,
        w: Math.ceil((s.w - x0) / dx),
        h: Math.ceil((s.h - y0) / dy),
      })).filter((p) => p.w > 0 && p.h > 0)
    : [{ x0: 0, y0: 0, dx: 1, dy: 1, w: s.w, h: s.h }];
  const rows: number[] = [];
  let row = 0;
  for (const p of passes) {
    const stride = Math.ceil((p.w * bits) / 8);
    let prev = new Uint8Array(stride);
    for (let y = 0; y < p.h; y++) {
      const raw = new Uint8Array(stride);
      let bit = 0;
      for (let x = 0; x < p.w; x++) {
        for (const v of s.px(p.x0 + x * p.dx, p.y0 + y * p.dy)) {
          if (s.depth === 16) {
            raw[bit >> 3] = v >> 8;
            raw[(bit >> 3) + 1] = v & 255;
          } else raw[bit >> 3] |= v << (8 - s.depth - (bit & 7));
          bit += s.depth;
        }
      }
      const f = s.filter ? s.filter(row++) : 0;
      rows.push(f);
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? raw[i - bpp] : 0;
        const b = prev[i];
        const c = i >= bpp ? prev[i - bpp] : 0;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][f];
        rows.push((raw[i] - pred) & 255);
      }
      prev = raw;
    }
  }
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, s.w);
  new DataView(ihdr.buffer).setUint32(4, s.h);
  ihdr.set([s.depth, s.colorType, 0, 0, s.interlace ? 1 : 0], 8);
  return cat([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', ihdr),
    ...(s.plte ? [chunk('PLTE', s.plte)] : []),
    ...(s.trns ? [chunk('tRNS', s.trns)] : []),
    chunk('IDAT', new Uint8Array(deflateSync(Uint8Array.from(rows)))),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

describe('PNG decoder', () => {
  it("the test encoder's CRC is PNG's (IEND's known CRC AE426082)", () => {
    expect(crc(new TextEncoder().encode('IEND')).toString(16)).toBe('ae426082');
  });

  it('every committed OCR image: its size, and its pixels equal to the canvas pixels the renderer hashed', async () => {
    const all = [...manifest.lines, ...manifest.docs];
    expect(all.length).toBe(48);
    for (const e of all) {
      const img = await decodeImage(file(e.file));
      expect([img.width, img.height], e.file).toEqual([e.width, e.height]);
      expect(fnv1a(img.data), e.file).toBe(e.rgbaFnv1a);
    }
  });

  it('known pixels: plain white paper at the corners, dark ink inside a line box, opaque', async () => {
    const plain = manifest.lines.find((l) => l.background.kind === 'plain')!;
    const img = await decodePng(file(plain.file));
    const at = (x: number, y: number) =>
      Array.from(img.data.subarray(4 * (y * img.width + x), 4 * (y * img.width + x) + 4));
    expect(at(0, 0)).toEqual([255, 255, 255, 255]);
    expect(at(img.width - 1, img.height - 1)).toEqual([255, 255, 255, 255]);
    let darkest = 255;
    for (let i = 0; i < img.data.length; i += 4)
      darkest = Math.min(darkest, img.data[i] + img.data[i + 1] + img.data[i + 2]);
    expect(darkest).toBeLessThan(3 * 100);
    const doc = await decodePng(file(manifest.docs[0].file));
    const [x0, y0, x1, y1] = manifest.docs[0].lines[0].box;
    let inkInBox = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (doc.data[4 * (y * 640 + x)] < 128) inkInBox++;
    expect(inkInBox).toBeGreaterThan(10);
  });

  const gray = (x: number, y: number, max: number) => (x * 7 + y * 13) % (max + 1);
  const cases: [string, Omit<PngSpec, 'w' | 'h' | 'filter' | 'interlace'>, (x: number, y: number) => number[]][] = [];
  for (const depth of [1, 2, 4, 8, 16]) {
    const max = 2 ** depth - 1;
    cases.push([
      `gray ${depth}`,
      { colorType: 0, depth, px: (x, y) => [gray(x, y, max)] },
      (x, y) => {
        const v = gray(x, y, max);
        const g = depth === 16 ? v >> 8 : Math.round((v * 255) / max);
        return [g, g, g, 255];
      },
    ]);
  }
  cases.push([
    'gray 8 + tRNS key',
    { colorType: 0, depth: 8, trns: Uint8Array.of(0, 7), px: (x, y) => [gray(x, y, 255) % 9] },
    (x, y) => {
      const v = gray(x, y, 255) % 9;
      return [v, v, v, v === 7 ? 0 : 255];
    },
  ]);
  for (const depth of [8, 16]) {
    const rgb = (x: number, y: number) =>
      [(x * 37) % 256, (y * 53) % 256, (x * y * 11) % 256].map((v) => (depth === 16 ? v * 257 + x : v));
    cases.push([
      `rgb ${depth}`,
      { colorType: 2, depth, px: rgb },
      (x, y) => [...rgb(x, y).map((v) => (depth === 16 ? v >> 8 : v)), 255],
    ]);
    cases.push([
      `gray+alpha ${depth}`,
      { colorType: 4, depth, px: (x, y) => rgb(x, y).slice(0, 2) },
      (x, y) => {
        const [g, a] = rgb(x, y).map((v) => (depth === 16 ? v >> 8 : v));
        return [g, g, g, a];
      },
    ]);
    cases.push([
      `rgba ${depth}`,
      { colorType: 6, depth, px: (x, y) => [...rgb(x, y), rgb(y, x)[0]] },
      (x, y) => [...rgb(x, y), rgb(y, x)[0]].map((v) => (depth === 16 ? v >> 8 : v)),
    ]);
  }
  cases.push([
    'rgb 16 + tRNS key',
    {
      colorType: 2,
      depth: 16,
      trns: Uint8Array.of(1, 2, 3, 4, 5, 6),
      px: (x, y) => ((x + y) % 3 ? [258, 772, 1286] : [x, y, 9]),
    },
    (x, y) => ((x + y) % 3 ? [1, 3, 5, 0] : [0, 0, 0, 255]),
  ]);
  for (const depth of [1, 2, 4, 8]) {
    const n = 2 ** depth;
    const plte = Uint8Array.from({ length: 3 * n }, (_, i) => (i * 29) % 256);
    const trns = Uint8Array.from({ length: Math.max(1, n >> 1) }, (_, i) => 255 - i * 3);
    const idx = (x: number, y: number) => (x + 3 * y) % n;
    cases.push([
      `palette ${depth} + tRNS`,
      { colorType: 3, depth, plte, trns, px: (x, y) => [idx(x, y)] },
      (x, y) => {
        const i = idx(x, y);
        return [plte[3 * i], plte[3 * i + 1], plte[3 * i + 2], i < trns.length ? trns[i] : 255];
      },
    ]);
  }

  it.each(cases)('%s: every filter type, plain and Adam7, widths and heights 1..13', async (_, spec, want) => {
    for (const [w, h] of [
      [1, 1],
      [3, 2],
      [7, 5],
      [9, 13],
      [13, 9],
    ]) {
      for (const interlace of [false, true]) {
        const png = encodePng({ ...spec, w, h, interlace, filter: (r) => r % 5 });
        const img = await decodePng(png);
        expect([img.width, img.height]).toEqual([w, h]);
        const expected = new Uint8Array(w * h * 4);
        for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) expected.set(want(x, y), 4 * (y * w + x));
        expect(img.data, `${w}x${h}${interlace ? ' Adam7' : ''}`).toEqual(expected);
      }
    }
  });

  it('broken or unsupported files: BAD_IMAGE naming the problem; a huge size: TOO_LARGE', async () => {
    const good = encodePng({ w: 4, h: 3, colorType: 2, depth: 8, px: (x, y) => [x, y, 0] });
    const mutate = (at: number, v: number) => {
      const b = good.slice();
      b[at] = v;
      return b;
    };
    const ihdr = (w: number, h: number, depth: number, ct: number, interlace = 0) => {
      const d = new Uint8Array(13);
      new DataView(d.buffer).setUint32(0, w);
      new DataView(d.buffer).setUint32(4, h);
      d.set([depth, ct, 0, 0, interlace], 8);
      return chunk('IHDR', d);
    };
    const sig = good.subarray(0, 8);
    const idat = (raw: number[]) => chunk('IDAT', new Uint8Array(deflateSync(Uint8Array.from(raw))));
    const iend = chunk('IEND', new Uint8Array(0));
    const bad: [string, Uint8Array, RegExp][] = [
      ['not a PNG', Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9), /no PNG signature/],
      ['truncated', good.slice(0, good.length - 20), /past the end|truncated/],
      ['bad CRC', mutate(20, good[20] ^ 1), /CRC mismatch/],
      ['colour type 5', cat([sig, ihdr(2, 2, 8, 5), idat([0, 0, 0, 0, 0]), iend]), /colour type 5/],
      ['RGB at 4 bits', cat([sig, ihdr(2, 2, 4, 2), idat([0, 0, 0, 0, 0]), iend]), /bit depth 4 with colour type 2/],
      ['interlace 2', cat([sig, ihdr(2, 2, 8, 0, 2), idat([0, 0, 0, 0, 0, 0]), iend]), /interlace method 2/],
      ['zero width', cat([sig, ihdr(0, 2, 8, 0), iend]), /zero/],
      ['no IDAT', cat([sig, ihdr(2, 2, 8, 0), iend]), /no IDAT/],
      ['no IEND', cat([sig, ihdr(2, 2, 8, 0), idat([0, 1, 2, 0, 3, 4])]), /no IEND/],
      ['palette without PLTE', cat([sig, ihdr(2, 2, 8, 3), idat([0, 0, 0, 0, 0, 0]), iend]), /without a PLTE/],
      [
        'index past the palette',
        cat([sig, ihdr(2, 1, 8, 3), chunk('PLTE', Uint8Array.of(1, 2, 3)), idat([0, 0, 1]), iend]),
        /palette index 1 past the 1-entry palette/,
      ],
      ['filter type 7', cat([sig, ihdr(2, 2, 8, 0), idat([0, 1, 2, 7, 3, 4]), iend]), /filter type 7 on scanline 1/],
      [
        'short image data',
        cat([sig, ihdr(2, 2, 8, 0), idat([0, 1, 2, 0, 3]), iend]),
        /inflates to 5 bytes; .* needs 6/,
      ],
      ['not zlib', cat([sig, ihdr(2, 2, 8, 0), chunk('IDAT', Uint8Array.of(1, 2, 3, 4, 5)), iend]), /does not inflate/],
      ['IDAT first', cat([sig, idat([0]), ihdr(2, 2, 8, 0), iend]), /first chunk is IDAT/],
      [
        'unknown critical chunk',
        cat([sig, ihdr(1, 1, 8, 0), chunk('ZZZZ', new Uint8Array(1)), idat([0, 0]), iend]),
        /unknown critical chunk ZZZZ/,
      ],
    ];
    for (const [what, bytes, msg] of bad) {
      let err: unknown = null;
      try {
        await decodePng(bytes);
      } catch (e) {
        err = e;
      }
      expect(err, what).toBeInstanceOf(I8ConvError);
      expect((err as I8ConvError).code, what).toBe('BAD_IMAGE');
      expect((err as I8ConvError).message, what).toMatch(msg);
    }
    expect(await code(decodePng(cat([sig, ihdr(65536, 65536, 8, 0), idat([0]), iend])))).toBe('TOO_LARGE');
    // an unknown ancillary chunk is skipped
    const withText = cat([
      sig,
      ihdr(1, 1, 8, 0),
      chunk('tEXt', new TextEncoder().encode('a\0b')),
      idat([0, 200]),
      iend,
    ]);
    expect(Array.from((await decodePng(withText)).data)).toEqual([200, 200, 200, 255]);
  });
});

describe('decodeImage: PNG and JPEG by signature', () => {
  it('a JPEG (jpeg-js) decodes close to the image it was encoded from; PNG and JPEG sniffed by their bytes', async () => {
    const png = await decodeImage(file(manifest.lines[5].file));
    const jpg = new Uint8Array(jpeg.encode({ width: png.width, height: png.height, data: png.data }, 95).data);
    const img = await decodeImage(jpg);
    expect([img.width, img.height]).toEqual([png.width, png.height]);
    let diff = 0;
    for (let i = 0; i < img.data.length; i++) diff += Math.abs(img.data[i] - png.data[i]);
    expect(diff / img.data.length).toBeLessThan(3);
  });

  it('anything else: BAD_IMAGE (GIF, WebP, empty, a broken JPEG); not bytes: INVALID_PARAM', async () => {
    expect(await code(decodeImage(new TextEncoder().encode('GIF89a....')))).toBe('BAD_IMAGE');
    expect(await code(decodeImage(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 ')))).toBe('BAD_IMAGE');
    expect(await code(decodeImage(new Uint8Array(0)))).toBe('BAD_IMAGE');
    expect(await code(decodeImage(Uint8Array.of(0xff, 0xd8, 0xff, 0xdb, 0, 2, 0xff, 0xd9)))).toBe('BAD_IMAGE');
    expect(await code(decodeImage('x.png' as unknown as Uint8Array))).toBe('INVALID_PARAM');
  });
});

describe('imageToTensor', () => {
  const img = (w: number, h: number, f: (x: number, y: number) => number[]): RgbaImage => {
    const data = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([...f(x, y), 255], 4 * (y * w + x));
    return { width: w, height: h, data };
  };

  it('same size: (v * scale - mean) / std per channel, NCHW, rgb / bgr / gray', () => {
    const im = img(2, 1, (x) => [10 + x, 100, 200 - x]);
    expect(
      Array.from(imageToTensor(im, { height: 1, width: 2, scale: 1, mean: [10, 100, 200], std: [1, 2, 4] })),
    ).toEqual([0, 1, 0, 0, 0, -0.25]);
    expect(Array.from(imageToTensor(im, { height: 1, width: 2, scale: 1, channels: 'bgr' }))).toEqual([
      200, 199, 100, 100, 10, 11,
    ]);
    const g = imageToTensor(im, { height: 1, width: 2, channels: 'gray', scale: 1 });
    expect(g.length).toBe(2);
    expect(g[0]).toBeCloseTo(0.299 * 10 + 0.587 * 100 + 0.114 * 200, 4);
    expect(imageToTensor(im, { height: 1, width: 2 })[0]).toBeCloseTo(10 / 255, 6); // default scale 1/255
  });

  it('bilinear with half-pixel centres: 2 -> 4 gives 0, 0.25, 0.75, 1 of the step; 4 -> 2 averages pairs', () => {
    expect(Array.from(resizeBilinear(Float32Array.of(0, 100), 2, 1, 4, 1))).toEqual([0, 25, 75, 100]);
    expect(Array.from(resizeBilinear(Float32Array.of(0, 10, 20, 30), 4, 1, 2, 1))).toEqual([5, 25]);
    expect(Array.from(resizeBilinear(Float32Array.of(0, 100), 1, 2, 1, 4))).toEqual([0, 25, 75, 100]);
  });

  it("fit 'pad': height H, width min(W, ceil(H w / h)), zeros to the right (PaddleOCR's rec / cls rule)", () => {
    const im = img(4, 2, () => [255, 255, 255]);
    const t = imageToTensor(im, { height: 4, width: 16, fit: 'pad', mean: [0.5], std: [0.5] });
    for (let c = 0; c < 3; c++) {
      for (let y = 0; y < 4; y++) {
        expect(Array.from(t.subarray((c * 4 + y) * 16, (c * 4 + y + 1) * 16))).toEqual([
          ...Array(8).fill(1),
          ...Array(8).fill(0),
        ]);
      }
    }
    expect(
      imageToTensor(
        img(40, 2, () => [0, 0, 0]),
        { height: 4, width: 16, fit: 'pad' },
      ).every((v) => v === 0),
    ).toBe(true);
  });

  it('bad options: INVALID_PARAM; a bad image object: BAD_BUFFER', () => {
    const im = img(2, 2, () => [1, 2, 3]);
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as I8ConvError).code;
      }
      return 'no error';
    };
    expect(err(() => imageToTensor(im, { height: 0, width: 2 }))).toBe('INVALID_PARAM');
    expect(err(() => imageToTensor(im, { height: 2, width: 2, mean: [1, 2] }))).toBe('INVALID_PARAM');
    expect(err(() => imageToTensor(im, { height: 2, width: 2, std: [0] }))).toBe('INVALID_PARAM');
    expect(err(() => imageToTensor(im, { height: 2, width: 2, fit: 'crop' as 'pad' }))).toBe('INVALID_PARAM');
    expect(err(() => imageToTensor(im, { height: 2, width: 2, channels: 'rgba' as 'rgb' }))).toBe('INVALID_PARAM');
    expect(err(() => imageToTensor({ ...im, data: new Uint8Array(3) }, { height: 2, width: 2 }))).toBe('BAD_BUFFER');
  });
});
