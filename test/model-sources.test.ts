// rt.loadModel's sources (docs/model.md "Sources"): bytes, an http: URL (string or URL) served here, a data: URL, a
// file: URL and a path (Node), a Response, a Blob, a ReadableStream; onProgress as the bytes arrive; LOAD_FAILED for a
// 404, a refused connection, a missing file, a stream that errors; INVALID_PARAM for a value of no source type. Every
// source gives the same model as its bytes. The float-model signal (onFloatModel: warn once per load, error
// FLOAT_MODEL before anything is allocated, allow). The image helpers from the main entry, and the main entry's
// browser bundle: the image helpers and the source reader import no node:* module and no onnxruntime-web.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as main from '../src/index.js';
import { createRuntime, I8ConvError, type Runtime } from '../src/index.js';
import * as quantizeEntry from '../src/quantize/index.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { makeNode, tensor, valueInfo } from '../fixtures/models/build.js';
import type { Attribute } from '../src/model/graph/ir.js';
import { convChain, randomFeed } from './helpers/model-builders.js';
import { rng } from './helpers/rng.js';

const MODEL = convChain(31, 'uint8', 3, 13, [
  { oc: 8, k: 3, stride: 2, pad: 1 },
  { oc: 16, k: 1, stride: 1, pad: 0 },
]);
/** the same bytes, typed for Response and Blob */
const MODEL_AB = new Uint8Array(MODEL);
const X = randomFeed(3, 'uint8', 3 * 13 * 13) as Uint8Array;

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof I8ConvError) return e.code;
    throw e;
  }
  return 'no error';
}

/** A stream of `bytes` in chunks of `size`. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) c.close();
      else {
        c.enqueue(bytes.slice(at, at + size));
        at += size;
      }
    },
  });
}

describe('loadModel sources', () => {
  let rt: Runtime;
  let server: Server;
  let base = '';
  let dir = '';
  let want: number[];
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
    const m = await rt.loadModel(MODEL);
    want = Array.from(m.run({ x: X }).c1_y as Uint8Array);
    m.dispose();
    server = createServer((req, res) => {
      if (req.url === '/model.onnx') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(MODEL.length) });
        // several writes: the client sees several chunks
        for (let i = 0; i < MODEL.length; i += 1000) res.write(MODEL.subarray(i, i + 1000));
        res.end();
      } else {
        res.writeHead(404);
        res.end('not found');
      }
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'i8conv-sources-'));
    writeFileSync(join(dir, 'model.onnx'), MODEL);
  });
  afterAll(async () => {
    rt?.dispose();
    await new Promise((ok) => server?.close(ok));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Loads from `source`, runs, checks the output and returns the progress calls. */
  async function loads(source: main.ModelSource): Promise<[number, number | undefined][]> {
    const calls: [number, number | undefined][] = [];
    const m = await rt.loadModel(source, { onProgress: (l, t) => calls.push([l, t]) });
    expect(Array.from(m.run({ x: X }).c1_y as Uint8Array)).toEqual(want);
    m.dispose();
    return calls;
  }

  it('bytes: one progress call (size, size)', async () => {
    expect(await loads(MODEL)).toEqual([[MODEL.length, MODEL.length]]);
    expect(await loads(MODEL.slice().buffer)).toEqual([[MODEL.length, MODEL.length]]);
  });

  it('an http URL, as a string and as a URL: progress rises to the Content-Length', async () => {
    for (const source of [`${base}/model.onnx`, new URL('/model.onnx', base)]) {
      const calls = await loads(source);
      expect(calls.length).toBeGreaterThan(1);
      expect(calls.at(-1)).toEqual([MODEL.length, MODEL.length]);
      for (let i = 1; i < calls.length; i++) expect(calls[i][0]).toBeGreaterThanOrEqual(calls[i - 1][0]);
      expect(calls.every(([, t]) => t === MODEL.length)).toBe(true);
    }
  });

  it('a data: URL, a file: URL and a path', async () => {
    let b64 = '';
    for (const byte of MODEL) b64 += String.fromCharCode(byte);
    expect((await loads(`data:application/octet-stream;base64,${btoa(b64)}`)).at(-1)).toEqual([
      MODEL.length,
      MODEL.length,
    ]);
    const file = join(dir, 'model.onnx');
    expect(await loads(pathToFileURL(file))).toEqual([[MODEL.length, MODEL.length]]);
    expect(await loads(pathToFileURL(file).href)).toEqual([[MODEL.length, MODEL.length]]);
    expect(await loads(file)).toEqual([[MODEL.length, MODEL.length]]);
  });

  it('a Response, a Blob, a ReadableStream (no total announced)', async () => {
    expect((await loads(new Response(MODEL_AB))).at(-1)).toEqual([MODEL.length, MODEL.length]);
    const blob = await loads(new Blob([MODEL_AB]));
    expect(blob.at(-1)).toEqual([MODEL.length, MODEL.length]);
    expect(blob.slice(0, -1).every(([, t]) => t === MODEL.length)).toBe(true);
    const stream = await loads(chunked(MODEL, 777));
    expect(stream.length).toBe(Math.ceil(MODEL.length / 777) + 1);
    expect(stream.slice(0, -1).every(([, t]) => t === undefined)).toBe(true);
    expect(stream.at(-1)).toEqual([MODEL.length, MODEL.length]);
  });

  it('LOAD_FAILED: a 404, a refused connection, an HTTP error Response, a missing file, a stream that errors', async () => {
    const before = rt.memoryInUse;
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    const failing = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(MODEL.slice(0, 100));
        c.error(new Error('connection reset'));
      },
    });
    const cases: [string, main.ModelSource, RegExp][] = [
      ['404', `${base}/missing.onnx`, /HTTP 404/],
      ['refused', `http://127.0.0.1:${port}/model.onnx`, /network error/],
      ['500 Response', new Response('boom', { status: 500, statusText: 'Internal Server Error' }), /HTTP 500/],
      ['missing file', join(dir, 'missing.onnx'), /ENOENT/],
      ['missing file URL', pathToFileURL(join(dir, 'missing.onnx')), /ENOENT/],
      ['stream error', failing, /connection reset/],
    ];
    for (const [what, source, msg] of cases) {
      const e = await rt.loadModel(source).catch((x: unknown) => x);
      expect(e, what).toBeInstanceOf(I8ConvError);
      expect((e as I8ConvError).code, what).toBe('LOAD_FAILED');
      expect((e as I8ConvError).message, what).toMatch(msg);
    }
    expect(rt.memoryInUse).toBe(before);
    // the runtime is still usable
    expect(await loads(MODEL)).toHaveLength(1);
  });

  it('INVALID_PARAM: no source type, an unread URL scheme, chunks that are no bytes, a used body, a bad option', async () => {
    const notBytes = new ReadableStream({
      start(c) {
        c.enqueue('text');
        c.close();
      },
    });
    const used = new Response(MODEL_AB);
    await used.arrayBuffer();
    for (const [what, source] of [
      ['a number', 42],
      ['null', null],
      ['a plain object', {}],
      ['an Int8Array', new Int8Array(4)],
      ['ftp:', 'ftp://example.com/model.onnx'],
      ['string chunks', notBytes],
      ['a used body', used],
    ] as [string, unknown][])
      expect(await codeOf(rt.loadModel(source as main.ModelSource)), what).toBe('INVALID_PARAM');
    expect(await codeOf(rt.loadModel(MODEL, { onProgress: 1 as unknown as main.LoadProgress }))).toBe('INVALID_PARAM');
    // a bad source with a bad option: the option is checked first, nothing is fetched
    expect(await codeOf(rt.loadModel(`${base}/missing.onnx`, { layout: 'x' as 'auto' }))).toBe('INVALID_PARAM');
  });

  it('the bytes of a model that changes after load: a dynamic model keeps its own copy', async () => {
    const g = readOnnxModel(MODEL);
    const dyn = writeOnnxModel({ ...g, inputs: g.inputs.map((v) => ({ ...v, shape: [1, 3, 'H', 'W'] })) });
    const m = await rt.loadModel(dyn, { inputShapes: { x: [1, 3, 13, 13] } });
    dyn.fill(0);
    const y = randomFeed(4, 'uint8', 3 * 9 * 9) as Uint8Array;
    const got = m.runTensors({ x: { data: y, dims: [1, 3, 9, 9] } }).c1_y;
    m.dispose();
    const fresh = await rt.loadModel(
      writeOnnxModel({ ...g, inputs: g.inputs.map((v) => ({ ...v, shape: [1, 3, 9, 9] })) }),
    );
    expect(got.dims).toEqual(fresh.outputs[0].shape);
    expect(Array.from(got.data as Uint8Array)).toEqual(Array.from(fresh.run({ x: y }).c1_y as Uint8Array));
    fresh.dispose();
  });
});

/** x [1, 4, 6, 6] float32 -> Conv 3x3 (float weights) -> y; with `int8Head`, a QLinearConv chain before it. */
function floatConvModel(int8Head: boolean): Uint8Array {
  const r = rng(7);
  const ints = (value: number[]): Attribute => ({ kind: 'ints', value });
  const g = readOnnxModel(MODEL);
  if (!int8Head) {
    const w = tensor(
      'w',
      'float32',
      [4, 4, 3, 3],
      Float32Array.from({ length: 144 }, () => r() - 0.5),
    );
    return writeOnnxModel({
      ...g,
      nodes: [makeNode('Conv', ['x', 'w'], ['y'], { pads: ints([1, 1, 1, 1]) })],
      initializers: new Map([['w', w]]),
      inputs: [valueInfo('x', 'float32', [1, 4, 6, 6])],
      outputs: [valueInfo('y', 'float32', null)],
    });
  }
  const w = tensor(
    'fw',
    'float32',
    [4, 16, 1, 1],
    Float32Array.from({ length: 64 }, () => r() - 0.5),
  );
  return writeOnnxModel({
    ...g,
    nodes: [
      ...g.nodes,
      makeNode('DequantizeLinear', ['c1_y', 'c1_ys', 'c1_yzp'], ['deq']),
      makeNode('Conv', ['deq', 'fw'], ['y']),
    ],
    initializers: new Map([...g.initializers, ['fw', w]]),
    outputs: [valueInfo('y', 'float32', null)],
  });
}

describe('a float model given to loadModel', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime({ threads: 1 });
  });
  afterAll(() => rt?.dispose());

  it("'warn' (default): one console.warn per load naming the quantizer; 'allow': none; 'error': FLOAT_MODEL", async () => {
    const float = floatConvModel(false);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const a = await rt.loadModel(float);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toMatch(/float path.*quantizeModel.*i8conv quantize/s);
      // it runs (the float path)
      expect(a.run({ x: new Float32Array(144).fill(1) }).y).toHaveLength(144);
      a.dispose();
      (await rt.loadModel(float, { onFloatModel: 'warn' })).dispose();
      expect(warn).toHaveBeenCalledTimes(2);
      (await rt.loadModel(float, { onFloatModel: 'allow' })).dispose();
      expect(warn).toHaveBeenCalledTimes(2);
      const before = rt.memoryInUse;
      const e = await rt.loadModel(float, { onFloatModel: 'error' }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(I8ConvError);
      expect((e as I8ConvError).code).toBe('FLOAT_MODEL');
      expect((e as I8ConvError).message).toMatch(/quantizeModel/);
      expect(rt.memoryInUse).toBe(before);
      expect(await codeOf(rt.loadModel(float, { onFloatModel: 'no' as 'allow' }))).toBe('INVALID_PARAM');
      // a model with any int8 convolution is no float model, even beside a float one; nor is an int8 model
      for (const bytes of [floatConvModel(true), MODEL]) {
        const m = await rt.loadModel(bytes, { onFloatModel: 'error' });
        m.dispose();
        (await rt.loadModel(bytes)).dispose();
      }
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('image helpers from the main entry; the browser graph of what this part adds', () => {
  it("decodeImage and imageToTensor are the ones of 'i8conv/quantize'", () => {
    expect(main.decodeImage).toBe(quantizeEntry.decodeImage);
    expect(main.imageToTensor).toBe(quantizeEntry.imageToTensor);
  });

  it('esbuild --bundle --platform=browser: src/image and the source reader import no node:* and no onnxruntime-web', async () => {
    const root = new URL('..', import.meta.url).pathname;
    const r = await build({
      entryPoints: [join(root, 'src/index.ts')],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      splitting: true,
      outdir: join(root, 'out-not-written'),
      logLevel: 'silent',
      // the runtime's own node:* imports are another part's (the threads' loader); this test looks at the files below
      external: ['node:*'],
    });
    const inputs = r.metafile!.inputs;
    const mine = Object.keys(inputs).filter((f) => /^src\/image\/|^src\/model\/source\.ts$/.test(f));
    expect(mine).toEqual(expect.arrayContaining(['src/image/index.ts', 'src/image/decode.ts', 'src/model/source.ts']));
    for (const f of mine)
      expect(
        inputs[f].imports.filter((i) => i.path.startsWith('node:')),
        f,
      ).toEqual([]);
    // the file system import of the source reader is one bundlers leave alone, without a warning
    expect(r.warnings.filter((w) => mine.includes(w.location?.file ?? '')).map((w) => w.text)).toEqual([]);
    expect(Object.keys(inputs).filter((f) => f.includes('onnxruntime-web'))).toEqual([]);
    // jpeg-js is in the bundle (its own chunk, loaded on the first JPEG)
    expect(Object.keys(inputs).some((f) => f.includes('jpeg-js'))).toBe(true);
  });
});
