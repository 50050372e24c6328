// The load-time work budget (src/model/lowering/bounds.ts) and the window attribute checks (graph/shape-rules.ts,
// the TFLite reader's options): a pool whose window is mostly padding (kernel [2^24, 1], pads 2^23 - 1 over 8 rows)
// is TOO_LARGE in milliseconds, alone or twice; a channel-wise convolution of 2^30 channels likewise, through the
// operator API and rt.loadModel; a TFLite file whose convolution's operator code reads AVERAGE_POOL_2D /
// MAX_POOL_2D is refused at load (BAD_MODEL), with or without its options type patched to match; a sweep of 0,
// negative and huge window attributes over both readers gives typed errors at load, or a model that runs, never a
// wasm trap; real models (the TFLite cases, the race's files, the corpus) stay within the budget.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, corpusFiles, feedShapes, readCorpusModel } from '../fixtures/corpus.js';
import { REPO_ROOT } from '../fixtures/repo.js';
import { buildTfliteGraph, type TflOpSpec, type TflTensorSpec } from '../fixtures/tflite-model.js';
import { I8ConvError } from '../src/errors.js';
import { createRuntime, type Runtime } from '../src/index.js';
import { FlatBuffer } from '../src/model/graph/tflite/flatbuffer.js';
import { BOUNDS, checkBounds, nodeCost } from '../src/model/lowering/bounds.js';
import { prepareGraph } from '../src/model/load.js';
import { AT, DT, writeModel, type AttrSpec } from './helpers/onnx-writer.js';
import { tfliteCases } from './helpers/tflite-cases.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ threads: 1 });
  // the first loadModel imports the model pipeline: not part of any refusal timed below
  const m = await rt.loadModel(poolModel('MaxPool', 1, [3, 1], [1, 0, 1, 0]));
  m.dispose();
});
afterAll(() => rt?.dispose());

/** `count` chained 2-D pools of one kind over a float input of dims `x` ([1, 8, 8, 8]), stride [2, 1]. */
function poolModel(
  op: string,
  count: number,
  kernel: number[],
  pads: number[],
  extra: AttrSpec[] = [],
  x = [1, 8, 8, 8],
): Uint8Array {
  const nodes = Array.from({ length: count }, (_, i) => ({
    opType: op,
    inputs: [i === 0 ? 'x' : `y${i - 1}`],
    outputs: [`y${i}`],
    attributes: [
      { name: 'kernel_shape', type: AT.INTS, ints: kernel },
      { name: 'pads', type: AT.INTS, ints: pads },
      { name: 'strides', type: AT.INTS, ints: [2, 1] },
      ...extra,
    ],
  }));
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      nodes,
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: x }],
      outputs: [{ name: `y${count - 1}`, elemType: DT.FLOAT }],
    },
  });
}

/** A float Conv over x [1, 8, 8, 8] with a constant weight [8 / group... ] of kernel k x k and the given attributes. */
function convModel(attrs: AttrSpec[], k = 3, group = 1, op = 'Conv'): Uint8Array {
  const wDims = op === 'ConvTranspose' ? [8, 8 / group, k, k] : [8, 8 / group, k, k];
  const n = wDims.reduce((a, b) => a * b, 1);
  return writeModel({
    irVersion: 8,
    opsets: [['', 13]],
    graph: {
      nodes: [{ opType: op, inputs: ['x', 'w'], outputs: ['y'], attributes: attrs }],
      initializers: [
        { name: 'w', dataType: DT.FLOAT, dims: wDims, floatData: Array.from({ length: n }, (_, i) => (i % 7) - 3) },
      ],
      inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [1, 8, 8, 8] }],
      outputs: [{ name: 'y', elemType: DT.FLOAT }],
    },
  });
}

/** Loads (and, when it loads, runs on zeros and disposes) a model: the error, or null. */
async function loadRun(bytes: Uint8Array): Promise<unknown> {
  let model;
  try {
    model = await rt.loadModel(bytes, { onFloatModel: 'allow' });
  } catch (e) {
    return e;
  }
  try {
    const feeds: Record<string, Float32Array | Int8Array | Uint8Array> = {};
    for (const v of model.inputs) {
      const n = v.shape.reduce((a: number, b) => a * (b as number), 1);
      feeds[v.name] =
        v.type === 'float32' ? new Float32Array(n) : v.type === 'uint8' ? new Uint8Array(n) : new Int8Array(n);
    }
    model.run(feeds);
    return null;
  } catch (e) {
    return e;
  } finally {
    model.dispose();
  }
}

/** A typed refusal (or null: loaded and ran); never a RuntimeError or another untyped exception. */
function expectTyped(e: unknown, what: string): void {
  if (e === null) return;
  expect(e, `${what}: ${String(e)}`).toBeInstanceOf(I8ConvError);
  expect(['BAD_MODEL', 'BAD_SHAPE', 'TOO_LARGE', 'UNSUPPORTED_OP', 'OUT_OF_MEMORY'], what).toContain(
    (e as I8ConvError).code,
  );
}

async function timedRefusal(bytes: Uint8Array): Promise<{ ms: number; err: unknown }> {
  const t = performance.now();
  let err: unknown = null;
  try {
    (await rt.loadModel(bytes, { onFloatModel: 'allow' })).dispose();
  } catch (e) {
    err = e;
  }
  return { ms: performance.now() - t, err };
}

describe('the work budget: TOO_LARGE in milliseconds', () => {
  const K = 2 ** 24;
  for (const [op, count, x] of [
    ['MaxPool', 1, [1, 8, 8, 8]],
    ['MaxPool', 2, [1, 8, 8, 8]],
    ['AveragePool', 1, [1, 8, 8, 8]],
    // the TypeScript pool's window table of these (2^27 entries) was within its own limit: seconds to load and run
    ['MaxPool', 1, [1, 1, 4, 4]],
    ['MaxPool', 2, [1, 1, 4, 4]],
    ['MaxPool', 1, [1, 1, 2, 1]],
  ] as const) {
    it(`${count} ${op} of kernel [2^24, 1], pads 2^23 - 1 over [${x}]: TOO_LARGE naming the node, in well under 5 s`, async () => {
      const bytes = poolModel(op, count, [K, 1], [K / 2 - 1, 0, K / 2 - 1, 0], [], [...x]);
      expect(bytes.length).toBeLessThan(300);
      const { ms, err } = await timedRefusal(bytes);
      console.log(`${count} x ${op} kernel 2^24 over [${x}] (${bytes.length} bytes): refused in ${ms.toFixed(1)} ms`);
      expect(err).toBeInstanceOf(I8ConvError);
      expect((err as I8ConvError).code).toBe('TOO_LARGE');
      expect((err as Error).message).toMatch(new RegExp(`node "${op}#0".*padding of one window.*limit 2\\^20`));
      expect(ms).toBeLessThan(1000);
    });
  }

  it('each per-node pool limit on its own: padding cells over the node, the window table', async () => {
    const k = 2 ** 16;
    const pads = [k / 2 - 1, 0, k / 2 - 1, 0];
    // 2^14 channels x 4 outputs x (2^16 - 8) padding cells: past 2^30 over the node, each window within 2^20
    const many = await timedRefusal(poolModel('MaxPool', 1, [k, 1], pads, [], [1, 2 ** 14, 8, 1]));
    expect((many.err as I8ConvError).code).toBe('TOO_LARGE');
    expect((many.err as Error).message).toMatch(/its window cells in the padding \(outside .* limit 2\^30/);
    // 512 x 8 output positions x 2^16 kernel cells: a 2^28-entry window table
    const table = await timedRefusal(poolModel('MaxPool', 1, [k, 1], pads, [], [1, 1, 1024, 8]));
    expect((table.err as I8ConvError).code).toBe('TOO_LARGE');
    expect((table.err as Error).message).toMatch(/window table entries .* limit 2\^25/);
    expect(Math.max(many.ms, table.ms)).toBeLessThan(1000);
  });

  it('the same pool with a kernel of 2^16 (window mostly padding, little work) loads and runs', async () => {
    const k = 2 ** 16;
    expect(await loadRun(poolModel('MaxPool', 1, [k, 1], [k / 2 - 1, 0, k / 2 - 1, 0]))).toBeNull();
  });

  it('a convolution padded far beyond its input is TOO_LARGE in milliseconds', async () => {
    const p = 2 ** 20;
    const { ms, err } = await timedRefusal(
      convModel([
        { name: 'kernel_shape', type: AT.INTS, ints: [3, 3] },
        { name: 'pads', type: AT.INTS, ints: [p, p, p, p] },
      ]),
    );
    console.log(`Conv pads 2^20: refused in ${ms.toFixed(1)} ms`);
    expect((err as I8ConvError).code).toBe('TOO_LARGE');
    expect(ms).toBeLessThan(1000);
  });

  it('a channel-wise convolution of ic = group = 2^30 (operator API): TOO_LARGE before any allocation', () => {
    const t = performance.now();
    let err: unknown;
    try {
      rt.convBias({
        format: 'NCHW',
        n: 1,
        ic: 2 ** 30,
        ih: 1,
        iw: 1,
        oc: 2 ** 30,
        fh: 1,
        fw: 1,
        group: 2 ** 30,
        srcScale: 1,
        filterScale: 1,
        dstScale: 1,
      });
    } catch (e) {
      err = e;
    }
    const ms = performance.now() - t;
    console.log(`convBias ic = group = 2^30: refused in ${ms.toFixed(1)} ms`);
    expect(err).toBeInstanceOf(I8ConvError);
    expect((err as I8ConvError).code).toBe('TOO_LARGE');
    expect(ms).toBeLessThan(1000);
  });

  it('a channel-wise convolution of ic = group = 2^28 (rt.loadModel, weights fed): refused in milliseconds', async () => {
    const C = 2 ** 28;
    const bytes = writeModel({
      irVersion: 8,
      opsets: [['', 13]],
      graph: {
        nodes: [
          {
            opType: 'Conv',
            inputs: ['x', 'w'],
            outputs: ['y'],
            attributes: [{ name: 'group', type: AT.INT, i: C }],
          },
        ],
        inputs: [
          { name: 'x', elemType: DT.FLOAT, shape: [1, C, 1, 1] },
          { name: 'w', elemType: DT.FLOAT, shape: [C, 1, 1, 1] },
        ],
        outputs: [{ name: 'y', elemType: DT.FLOAT }],
      },
    });
    const { ms, err } = await timedRefusal(bytes);
    console.log(`loadModel Conv group 2^28: ${String(err)} in ${ms.toFixed(1)} ms`);
    expectTyped(err, 'group 2^28');
    expect(err).not.toBeNull();
    expect(ms).toBeLessThan(1000);
  });

  it('checkBounds names the quantity and the limit of a plan over its totals', () => {
    const node = (i: number) => ({
      name: `MatMul#${i}`,
      opType: 'MatMul',
      domain: '',
      inputs: ['a', 'b'],
      outputs: [`y${i}`],
      attributes: new Map(),
    });
    const v = (name: string, dims: number[]) => ({
      name,
      type: 'int8' as const,
      dims,
      layout: 'NCHW' as const,
      bytes: dims.reduce((p, d) => p * d, 1),
      offset: 0,
    });
    // one MatMul of 2^12 x 2^12 x 2^12 = 2^36 multiply-adds: within a node's limit; 65 of them: past the plan's
    const values = new Map([
      ['a', v('a', [4096, 4096])],
      ['b', v('b', [4096, 4096])],
      ...Array.from({ length: 16 }, (_, i) => [`y${i}`, v(`y${i}`, [4096, 4096])] as const),
    ]);
    expect(checkBounds({ nodes: [node(0)] }, values).work).toBe(2 ** 36);
    expect(() => checkBounds({ nodes: Array.from({ length: 65 }, (_, i) => node(i % 16)) }, values)).toThrow(
      /node "MatMul#\d+" \(MatMul\): its plan multiply-adds up to this node come to .* limit 2\^42/,
    );
  });
});

// ---- TFLite: a convolution's operator code changed to a pool -------------------------------------------------------

/** The bytes with the first operator code `from` changed to `to`; `options`: the operators' options type too. */
function patchOpcode(bytes: Uint8Array, from: number, to: number, options?: number): Uint8Array | undefined {
  const fb = new FlatBuffer(bytes);
  const root = fb.root('TFL3');
  const out = bytes.slice();
  const dv = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const codes = fb.tables(root, 1);
  const at = codes.findIndex((c) => Math.max(fb.scalar(c, 0, 'i8', 0), fb.scalar(c, 3, 'i32', 0)) === from);
  if (at < 0) return undefined;
  const c = codes[at];
  const f0 = fb.field(c, 0);
  const f3 = fb.field(c, 3);
  if (f0) out[f0] = to;
  if (f3) dv.setInt32(f3, to, true);
  if (options !== undefined) {
    for (const sg of fb.tables(root, 2))
      for (const o of fb.tables(sg, 3))
        if (fb.scalar(o, 0, 'u32', 0) === at) {
          const f = fb.field(o, 3);
          if (f) out[f] = options;
        }
  }
  return out;
}

describe('TFLite: a CONV_2D / DEPTHWISE_CONV_2D whose operator code reads as a pool', () => {
  const convCases = tfliteCases().filter((c) => c.ops.some((o) => o === 'CONV_2D' || o === 'DEPTHWISE_CONV_2D'));
  it('has convolution cases to patch', () => expect(convCases.length).toBeGreaterThanOrEqual(2));
  for (const c of convCases)
    for (const from of [3, 4])
      for (const to of [1, 17]) {
        const name = `${c.name}: code ${from} -> ${to === 1 ? 'AVERAGE_POOL_2D' : 'MAX_POOL_2D'}`;
        it(`${name}: BAD_MODEL at load (its options table is a convolution's); with the options type patched too, a typed error at load`, async () => {
          const p = patchOpcode(c.bytes, from, to);
          if (!p) return; // this case has no operator of code `from`
          const e = await loadRun(p);
          expect(e).toBeInstanceOf(I8ConvError);
          expect((e as I8ConvError).code).toBe('BAD_MODEL');
          expect((e as Error).message).toMatch(/operator \d+ \((AVERAGE|MAX)_POOL_2D\): its options table/);
          // the options type claims Pool2DOptions: the convolution's fields read as the pool's
          const q = patchOpcode(c.bytes, from, to, 5)!;
          const e2 = await loadRun(q);
          expectTyped(e2, name);
          expect(e2, `${name} with Pool2DOptions: ran`).not.toBeNull();
        });
      }
});

// ---- the sweep -------------------------------------------------------------------------------------------------------

const HUGE = [2 ** 31 - 1, 2 ** 40];
const BAD = [0, -1, -(2 ** 31), ...HUGE];

describe('ONNX window attributes 0, negative, huge: typed errors at load, never a trap', () => {
  for (const op of ['MaxPool', 'AveragePool']) {
    it(`${op}: kernel_shape, pads, strides, dilations, ceil_mode, auto_pad`, async () => {
      const models: [string, Uint8Array][] = [];
      for (const v of BAD) {
        models.push([`kernel_shape [${v}, 2]`, poolModel(op, 1, [v, 2], [0, 0, 0, 0])]);
        models.push([`pads [${v}, 0, 0, 0]`, poolModel(op, 1, [3, 3], [v, 0, 0, 0])]);
        models.push([`pads [0, 0, 0, ${v}]`, poolModel(op, 1, [3, 3], [0, 0, 0, v])]);
        const strides: AttrSpec = { name: 'strides', type: AT.INTS, ints: [v, 1] };
        models.push([
          `strides [${v}, 1]`,
          writeModel({
            irVersion: 8,
            opsets: [['', 13]],
            graph: {
              nodes: [
                {
                  opType: op,
                  inputs: ['x'],
                  outputs: ['y'],
                  attributes: [{ name: 'kernel_shape', type: AT.INTS, ints: [2, 2] }, strides],
                },
              ],
              inputs: [{ name: 'x', elemType: DT.FLOAT, shape: [1, 8, 8, 8] }],
              outputs: [{ name: 'y', elemType: DT.FLOAT }],
            },
          }),
        ]);
        if (op === 'MaxPool')
          models.push([
            `dilations [${v}, 1]`,
            poolModel(op, 1, [2, 2], [0, 0, 0, 0], [{ name: 'dilations', type: AT.INTS, ints: [v, 1] }]),
          ]);
        models.push([
          `ceil_mode ${v}`,
          poolModel(op, 1, [2, 2], [0, 0, 0, 0], [{ name: 'ceil_mode', type: AT.INT, i: v }]),
        ]);
      }
      models.push(['kernel_shape of rank 1', poolModel(op, 1, [2], [0, 0])]);
      models.push(['pads equal to the kernel', poolModel(op, 1, [3, 3], [3, 0, 0, 0])]);
      models.push([
        'auto_pad FOO',
        poolModel(op, 1, [2, 2], [0, 0, 0, 0], [{ name: 'auto_pad', type: AT.STRING, s: 'FOO' }]),
      ]);
      let refused = 0;
      for (const [what, bytes] of models) {
        const e = await loadRun(bytes);
        expectTyped(e, `${op} ${what}`);
        if (e) refused++;
        if (
          /kernel_shape \[(0|-)|strides \[(0|-)|pads \[-|pads \[0, 0, 0, -|pads equal|auto_pad|rank 1|ceil_mode (-|2)/.test(
            what,
          )
        )
          expect((e as I8ConvError | null)?.code, `${op} ${what}`).toBe('BAD_MODEL');
      }
      expect(refused).toBeGreaterThan(models.length / 2);
    });
  }

  it('Conv and ConvTranspose: kernel_shape, strides, dilations, pads, group, output_padding', async () => {
    // [what, bytes, BAD_MODEL expected]
    const models: [string, Uint8Array, boolean][] = [];
    const ks = (k: number[]): AttrSpec => ({ name: 'kernel_shape', type: AT.INTS, ints: k });
    const ints = (name: string, v: number[]): AttrSpec => ({ name, type: AT.INTS, ints: v });
    for (const op of ['Conv', 'ConvTranspose']) {
      for (const v of BAD) {
        models.push([`${op} strides [${v}, 1]`, convModel([ints('strides', [v, 1])], 3, 1, op), v < 1]);
        models.push([`${op} dilations [1, ${v}]`, convModel([ints('dilations', [1, v])], 3, 1, op), v < 1]);
        models.push([`${op} pads [${v}, 0, 0, 0]`, convModel([ints('pads', [v, 0, 0, 0])], 3, 1, op), v < 0]);
        models.push([`${op} group ${v}`, convModel([{ name: 'group', type: AT.INT, i: v }], 3, 1, op), v < 1]);
        // a kernel_shape other than the weight's spatial dims
        models.push([`${op} kernel_shape [${v}, 3]`, convModel([ks([v, 3])], 3, 1, op), true]);
      }
      models.push([`${op} kernel_shape [2, 2] for a 3 x 3 weight`, convModel([ks([2, 2])], 3, 1, op), true]);
      models.push([`${op} kernel_shape of rank 1`, convModel([ks([3])], 3, 1, op), true]);
      models.push([`${op} auto_pad FOO`, convModel([{ name: 'auto_pad', type: AT.STRING, s: 'FOO' }], 3, 1, op), true]);
    }
    for (const v of BAD)
      models.push([
        `ConvTranspose output_padding [${v}, 0]`,
        convModel([ints('output_padding', [v, 0])], 3, 1, 'ConvTranspose'),
        v !== 0,
      ]);
    for (const [what, bytes, bad] of models) {
      const e = await loadRun(bytes);
      expectTyped(e, what);
      if (bad) expect((e as I8ConvError | null)?.code, what).toBe('BAD_MODEL');
    }
  });
});

/** A TFLite model: x [1, 8, 8, 4] int8 -> one pool or convolution with the given options fields -> y. */
function tflWindowModel(code: number, fields: TflOpSpec['options']): Uint8Array {
  const q = (name: string, shape: number[]): TflTensorSpec => ({
    name,
    shape,
    type: 'int8',
    scale: [0.05],
    zeroPoint: [0],
  });
  const conv = code === 3 || code === 4;
  const tensors: TflTensorSpec[] = [q('x', [1, 8, 8, 4])];
  const inputs = [0];
  if (conv) {
    tensors.push({
      name: 'w',
      shape: code === 3 ? [4, 3, 3, 4] : [1, 3, 3, 4],
      type: 'int8',
      data: new Int8Array(code === 3 ? 144 : 36).fill(1),
      scale: [0.01],
      zeroPoint: [0],
    });
    tensors.push({ name: 'b', shape: [4], type: 'int32', data: new Int32Array(4), scale: [0.0005], zeroPoint: [0] });
    inputs.push(1, 2);
  }
  tensors.push(q('y', [1, 8, 8, 4]));
  return buildTfliteGraph({
    tensors,
    ops: [{ code, inputs, outputs: [tensors.length - 1], options: fields }],
    inputs: [0],
    outputs: [tensors.length - 1],
  });
}

describe('TFLite window options 0, negative, huge: typed errors at load, never a trap', () => {
  const I32 = 'i32' as const;
  const I8 = 'i8' as const;
  it('AVERAGE_POOL_2D / MAX_POOL_2D: padding, strides, filter sizes', async () => {
    let n = 0;
    for (const code of [1, 17])
      for (const v of BAD)
        for (const field of [0, 1, 2, 3, 4]) {
          // Pool2DOptions: padding (byte), stride_w, stride_h, filter_width, filter_height
          const f: NonNullable<TflOpSpec['options']>['fields'] = [
            { type: I8, value: 0 },
            { type: I32, value: 1 },
            { type: I32, value: 1 },
            { type: I32, value: 2 },
            { type: I32, value: 2 },
          ];
          f[field] = field === 0 ? { type: I8, value: ((v % 128) + 128) % 128 || 2 } : { type: I32, value: v | 0 };
          const e = await loadRun(tflWindowModel(code, { type: 5, fields: f }));
          expectTyped(e, `code ${code} field ${field} = ${v}`);
          if (field > 0 && (v | 0) <= 0)
            expect((e as I8ConvError)?.code, `code ${code} field ${field} = ${v}`).toBe('BAD_MODEL');
          n++;
        }
    expect(n).toBe(2 * BAD.length * 5);
  });

  it('8-bit pools of windows far beyond their input (up to 2^20 a side): they run, never a trap', async () => {
    const q = (name: string, shape: number[]): TflTensorSpec => ({
      name,
      shape,
      type: 'int8',
      scale: [0.05],
      zeroPoint: [0],
    });
    for (const code of [1, 17])
      for (const k of [2 ** 16 - 1, 2 ** 16, 2 ** 17, 2 ** 20 - 8]) {
        // SAME padding over 8 rows: a window of k rows, nearly all padding
        const tensors = [q('x', [1, 8, 8, 4]), q('y', [1, 8, 8, 4])];
        const fields: NonNullable<TflOpSpec['options']>['fields'] = [
          { type: I8, value: 0 },
          { type: I32, value: 1 },
          { type: I32, value: 1 },
          { type: I32, value: 1 },
          { type: I32, value: k },
        ];
        const bytes = buildTfliteGraph({
          tensors,
          ops: [{ code, inputs: [0], outputs: [1], options: { type: 5, fields } }],
          inputs: [0],
          outputs: [1],
        });
        const e = await loadRun(bytes);
        expectTyped(e, `code ${code} filter_height ${k}`);
        // the kernels' valid-tap range is closed-form i32 (test/model-pool-exact.test.ts: equal to onnxruntime-web)
        expect(e, `code ${code} filter_height ${k}`).toBeNull();
      }
  });

  it('CONV_2D / DEPTHWISE_CONV_2D: padding, strides, dilations', async () => {
    for (const code of [3, 4])
      for (const v of BAD)
        for (const field of [0, 1, 2, 4, 5]) {
          // Conv2DOptions: padding, stride_w, stride_h, activation, dilation_w, dilation_h (depthwise: multiplier at
          // 3, activation 4, dilations 5 and 6)
          const dw = code === 4;
          const f: NonNullable<TflOpSpec['options']>['fields'] = dw
            ? [
                { type: I8, value: 0 },
                { type: I32, value: 1 },
                { type: I32, value: 1 },
                { type: I32, value: 1 },
                { type: I8, value: 0 },
                { type: I32, value: 1 },
                { type: I32, value: 1 },
              ]
            : [
                { type: I8, value: 0 },
                { type: I32, value: 1 },
                { type: I32, value: 1 },
                { type: I8, value: 0 },
                { type: I32, value: 1 },
                { type: I32, value: 1 },
              ];
          const at = dw && field >= 4 ? field + 1 : field;
          f[at] = field === 0 ? { type: I8, value: ((v % 128) + 128) % 128 || 2 } : { type: I32, value: v | 0 };
          const e = await loadRun(tflWindowModel(code, { type: dw ? 2 : 1, fields: f }));
          expectTyped(e, `code ${code} field ${at} = ${v}`);
          if (field > 0 && (v | 0) <= 0)
            expect((e as I8ConvError)?.code, `code ${code} field ${at} = ${v}`).toBe('BAD_MODEL');
        }
  });
});

// ---- real models stay within the budget ------------------------------------------------------------------------------

describe('real models are within the budget', () => {
  it('every TFLite case loads and runs', async () => {
    for (const c of tfliteCases()) expect(await loadRun(c.bytes), c.name).toBeNull();
  });

  const read = (p: string) => new Uint8Array(readFileSync(join(REPO_ROOT, p)));
  const present = CORPUS.filter((m) => {
    try {
      return corpusFiles(m, read).every((f) => existsSync(join(REPO_ROOT, f)));
    } catch {
      return false;
    }
  });
  it.skipIf(present.length === 0)(
    `the corpus's graphs (${present.length} of ${CORPUS.length} present, 1024 x 1024 ones included) pass the budget`,
    () => {
      for (const m of present) {
        let g;
        try {
          g = prepareGraph(readCorpusModel(m, read), { inputShapes: feedShapes(m.feed(0)) });
        } catch (e) {
          // refused before the budget for what it is (an operator or type it does not run): not by the budget
          expect((e as I8ConvError).code, m.id).not.toBe('TOO_LARGE');
          continue;
        }
        const t = checkBounds(g.graph, g.values);
        const costs = g.graph.nodes.map((n) => nodeCost(n, g.values));
        const most = (k: 'work' | 'paddingCells' | 'tableEntries') => Math.max(1, ...costs.map((c) => c[k]));
        const l2 = (v: number) => `2^${Math.log2(Math.max(1, v)).toFixed(1)}`;
        console.log(
          `${m.id}: ${l2(t.work)} multiply-adds (${l2(most('work'))} in its largest node), ${l2(t.bytes)} bytes touched, padding cells ${l2(most('paddingCells'))}, table entries ${l2(most('tableEntries'))}`,
        );
        // within the budget with room: 8x below the limits
        expect(t.work).toBeLessThan(BOUNDS.planWork / 8);
        expect(most('work')).toBeLessThan(BOUNDS.nodeWork / 8);
        expect(t.bytes).toBeLessThan(BOUNDS.planBytes / 8);
      }
    },
  );
});
