#!/usr/bin/env node
/**
 * Renders the OCR test-image set of test/data/ocr/ (issue 28: accuracy of the quantized PP-OCR models on real
 * inputs) in headless Chromium: canvas 2D text, then PNG (canvas.toDataURL, lossless), with a manifest.
 *
 *   node tools/render-ocr-images.mjs [--out test/data/ocr]
 *
 * What it makes (everything from one seeded generator, so a run on the same Chromium and fonts gives the same
 * bytes; the manifest records the Chromium version and the fonts):
 * - lines/NN.png: 40 text lines for the recognizer (rec, 48x320 input) and the direction classifier (cls, 48x192):
 *   heights 32..64 px, width chosen so that the line is at most 320 wide once resized to height 48 (ratio <= 6.6),
 *   fonts of the machine (DejaVu / Liberation: sans, serif, mono, narrow, bold), dark ink on plain, tinted,
 *   gradient or lightly noisy backgrounds. cls's rotated inputs are these lines turned 180 degrees, made at
 *   evaluation time (an exact pixel reversal), not stored.
 * - docs/NN.png: 8 document pages, 640x640 (det's input), 6-12 lines each, with each line's box
 *   [x0, y0, x1, y1] (canvas measureText's actual bounding box, rounded outwards) in the manifest.
 * - manifest.json: per image its file, size, text (lines) or lines with boxes (docs), font, background, the split
 *   ('calibration' or 'test': every fourth line and the first three pages calibrate, the rest are held out), and
 *   `rgbaFnv1a`, the FNV-1a 32-bit hash of the canvas's RGBA pixels (getImageData), which the PNG decoder's test
 *   compares with the decoded file.
 * Only Latin letters, digits and punctuation: the machine has no CJK font (fc-list), so no Chinese lines.
 */
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const args = process.argv.slice(2);
const outDir = args[0] === '--out' ? args[1] : 'test/data/ocr';

const LINES = [
  'Invoice 2024-03-17',
  'Total: $1,284.50',
  'Hello World',
  'Order No. 58213',
  'Tel: 010-6655-7788',
  'Quantization',
  'Room 404, Floor 3',
  'Deadline: June 9',
  'Version 1.30.0',
  'Page 12 of 48',
  'PP-OCR model test',
  'Subtotal 96.40',
  'Monday morning',
  'Batch size 16',
  'Zip code 94103',
  'Temperature 23.5 C',
  'Open 9:00-18:00',
  'Item #A-7731',
  'Flight CA 1831',
  'Thank you!',
  'Weight: 2.75 kg',
  'Chapter Seven',
  'Mean 0.485',
  'int8 inference',
  'Paris, France',
  'Receipt 000271',
  'Price 19.99 EUR',
  'Station 5',
  'Exit only',
  'Max speed 120',
  'WebAssembly SIMD',
  'Date 2023/11/05',
  'Account 6217-0032',
  'Good luck',
  'Hidden layer 64',
  'Tokyo 2020',
  'Net weight 500g',
  'ABCDEFG 1234567',
  'Welcome back',
  'Call 555-0199',
];

const DOC_TEXT = [
  'The quick brown fox jumps',
  'over the lazy dog 0123456789',
  'Meeting notes, March 4',
  'Agenda: budget review',
  'Attendees: 12 people',
  'Next review in 2 weeks',
  'Invoice total 3,250.00',
  'Payment due 2024-05-01',
  'Contact: sales@example.com',
  'Warehouse B, shelf 17',
  'Shipping by ground',
  'Signature required',
  'Model accuracy 97.2%',
  'Latency 14 ms per image',
  'Threads: 1, SIMD: yes',
  'Calibration on 16 inputs',
  'Section 4.2 Results',
  'Table 3: error rates',
  'Figure 7 shows the loss',
  'All values rounded',
  'Customer ID 009912',
  'Balance 1,020.75',
  'Thank you for shopping',
  'Keep this receipt',
];

const FONTS = [
  'DejaVu Sans',
  'DejaVu Serif',
  'DejaVu Sans Mono',
  'Liberation Sans',
  'Liberation Serif',
  'Liberation Mono',
  'Liberation Sans Narrow',
];

// Runs in the page: draws one image, returns its PNG (base64), the RGBA hash and the boxes.
const PAGE_FN = `
${mulberry.toString()} // the Node side's generator, the same in the page
function background(ctx, w, h, bg, r) {
  if (bg.kind === 'gradient') {
    const g = bg.vertical ? ctx.createLinearGradient(0, 0, 0, h) : ctx.createLinearGradient(0, 0, w, h);
    g.addColorStop(0, bg.from); g.addColorStop(1, bg.to);
    ctx.fillStyle = g;
  } else ctx.fillStyle = bg.color;
  ctx.fillRect(0, 0, w, h);
  if (bg.kind === 'noise') {
    const img = ctx.getImageData(0, 0, w, h);
    for (let i = 0; i < img.data.length; i += 4) {
      if (bg.density !== undefined && r() >= bg.density) continue;
      const d = Math.round((r() - 0.5) * 2 * bg.amount);
      for (let c = 0; c < 3; c++) img.data[i + c] = Math.max(0, Math.min(255, img.data[i + c] + d));
    }
    ctx.putImageData(img, 0, 0);
  }
}
function fnv(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) { h ^= bytes[i]; h = Math.imul(h, 0x01000193) >>> 0; }
  return h >>> 0;
}
async function draw(spec) {
  await document.fonts.ready;
  const r = mulberry(spec.seed);
  const c = document.createElement('canvas');
  c.width = spec.width; c.height = spec.height;
  const ctx = c.getContext('2d', { willReadFrequently: true });
  background(ctx, spec.width, spec.height, spec.bg, r);
  ctx.textBaseline = 'alphabetic';
  const boxes = [];
  for (const t of spec.texts) {
    ctx.font = t.font;
    ctx.fillStyle = t.ink;
    ctx.fillText(t.text, t.x, t.y);
    const m = ctx.measureText(t.text);
    boxes.push([Math.floor(t.x - m.actualBoundingBoxLeft), Math.floor(t.y - m.actualBoundingBoxAscent),
      Math.ceil(t.x + m.actualBoundingBoxRight), Math.ceil(t.y + m.actualBoundingBoxDescent)]);
  }
  const rgba = ctx.getImageData(0, 0, spec.width, spec.height).data;
  return { png: c.toDataURL('image/png').split(',')[1], hash: fnv(rgba), boxes };
}
function measure(font, text) {
  const c = document.createElement('canvas').getContext('2d');
  c.font = font;
  const m = c.measureText(text);
  return { width: m.width, left: m.actualBoundingBoxLeft, right: m.actualBoundingBoxRight, ascent: m.actualBoundingBoxAscent, descent: m.actualBoundingBoxDescent };
}
`;

function mulberry(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INKS = ['#000000', '#1a1a1a', '#202a60', '#3a2a1a', '#303030', '#10306a'];
// Pages (doc: true) get vertical gradients and sparse speckle noise (3% of the pixels, +-40): a diagonal dithered
// gradient or noise on every pixel costs about 0.5 MB of PNG per 640x640 page.
function pickBg(i, r, doc = false) {
  switch (i % 4) {
    case 0:
      return { kind: 'plain', color: '#ffffff' };
    case 1:
      return { kind: 'tinted', color: ['#f4ecd8', '#e8f0fa', '#eeeeee', '#f0f8e8'][Math.floor(r() * 4)] };
    case 2:
      return {
        kind: 'gradient',
        vertical: doc,
        from: '#ffffff',
        to: ['#d8d8e8', '#e8dcc8', '#d0e4d0'][Math.floor(r() * 3)],
      };
    default:
      return {
        kind: 'noise',
        color: ['#f8f8f8', '#f0ece4'][Math.floor(r() * 2)],
        ...(doc ? { amount: 40, density: 0.03 } : { amount: 10 }),
      };
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--font-render-hinting=none'],
  headless: true,
});
try {
  const page = await browser.newPage();
  await page.setContent(`<html><body><script>${PAGE_FN}</script></body></html>`);
  const r = mulberry(28);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'lines'), { recursive: true });
  mkdirSync(join(outDir, 'docs'), { recursive: true });
  const manifest = {
    about: 'OCR test images rendered by tools/render-ocr-images.mjs (headless Chromium canvas -> PNG); see its header',
    chromium: browser.version(),
    fonts: FONTS,
    lines: [],
    docs: [],
  };

  for (let i = 0; i < LINES.length; i++) {
    const text = LINES[i];
    const fontName = FONTS[i % FONTS.length];
    const bold = r() < 0.25;
    const height = [32, 40, 48, 56, 64][Math.floor(r() * 5)];
    let size = Math.round(height * (0.6 + 0.1 * r()));
    const pad = Math.round(height * 0.15);
    let m;
    for (;;) {
      m = await page.evaluate(([f, t]) => measure(f, t), [`${bold ? 'bold ' : ''}${size}px "${fontName}"`, text]);
      if ((Math.ceil(m.width) + 2 * pad) / height <= 6.6 || size <= 8) break;
      size--;
    }
    const font = `${bold ? 'bold ' : ''}${size}px "${fontName}"`;
    const width = Math.ceil(m.width) + 2 * pad;
    const y = Math.round((height + m.ascent - m.descent) / 2);
    const bg = pickBg(i, r);
    const ink = INKS[Math.floor(r() * INKS.length)];
    const res = await page.evaluate((spec) => draw(spec), {
      seed: 1000 + i,
      width,
      height,
      bg,
      texts: [{ text, font, ink, x: pad, y }],
    });
    const file = `lines/${String(i).padStart(2, '0')}.png`;
    writeFileSync(join(outDir, file), Buffer.from(res.png, 'base64'));
    manifest.lines.push({
      file,
      width,
      height,
      text,
      font,
      ink,
      background: bg,
      box: res.boxes[0],
      split: i % 4 === 0 ? 'calibration' : 'test',
      rgbaFnv1a: res.hash,
    });
  }

  for (let d = 0; d < 8; d++) {
    const width = 640;
    const height = 640;
    const bg = pickBg(d, r, true);
    const texts = [];
    let y = 30 + Math.floor(r() * 30);
    let k = d * 4;
    while (texts.length < 12) {
      const size = [16, 20, 24, 28, 32, 40][Math.floor(r() * 6)];
      if (y + size > height - 20) break;
      const fontName = FONTS[Math.floor(r() * FONTS.length)];
      const font = `${r() < 0.2 ? 'bold ' : ''}${size}px "${fontName}"`;
      const text = DOC_TEXT[k++ % DOC_TEXT.length];
      const m = await page.evaluate(([f, t]) => measure(f, t), [font, text]);
      const x = 20 + Math.floor(r() * Math.max(1, width - 40 - m.width));
      texts.push({ text, font, ink: INKS[Math.floor(r() * INKS.length)], x, y: y + size });
      y += Math.round(size * (1.6 + 0.8 * r()));
    }
    const res = await page.evaluate((spec) => draw(spec), { seed: 2000 + d, width, height, bg, texts });
    const file = `docs/${String(d).padStart(2, '0')}.png`;
    writeFileSync(join(outDir, file), Buffer.from(res.png, 'base64'));
    manifest.docs.push({
      file,
      width,
      height,
      background: bg,
      split: d < 3 ? 'calibration' : 'test',
      rgbaFnv1a: res.hash,
      lines: texts.map((t, j) => ({ text: t.text, font: t.font, ink: t.ink, box: res.boxes[j] })),
    });
  }
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  console.log(
    `wrote ${manifest.lines.length} lines and ${manifest.docs.length} pages to ${outDir} (Chromium ${manifest.chromium})`,
  );
} finally {
  await browser.close();
}
