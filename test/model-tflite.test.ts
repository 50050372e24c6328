// TFLite int8 models in rt.loadModel (src/model/graph/tflite/): the one-operator models of the benchmark's TFLite writer
// (fixtures/tflite-model.ts: CONV_2D, DEPTHWISE_CONV_2D, SAME, VALID and PAD + VALID, stride 1 and 2, per-tensor and
// per-channel filter scales, odd sizes) run with NHWC int8 in and out and equal the reference convolution
// (kernels-ref convBias, half-even rounding) exactly. bench/test/litert.test.ts shows LiteRT.js (XNNPACK) gives
// that same reference on these models, so i8conv equals LiteRT.js on them. Bad files: not a flatbuffer, the wrong
// identifier, cut short at every length, a float32 or unknown operator, a constant short of its shape, 400 random
// corruptions (TFL_FUZZ=N runs N; 20000 passed): typed errors, the runtime still usable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTfliteConvModel, buildTfliteGraph, type TfliteConvSpec } from '../fixtures/tflite-model.js';
import { convBias } from '../kernels-ref/conv-bias.js';
import { I8ConvError } from '../src/errors.js';
import { createRuntime, type Runtime } from '../src/index.js';
import { readTfliteModel } from '../src/model/graph/tflite/reader.js';
import { runReference } from '../kernels-ref/model/index.js';
import { rng } from './helpers/rng.js';
import { tfliteCases } from './helpers/tflite-cases.js';
import { fusedGraph } from './helpers/model-builders.js';

let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime({ threads: 1 });
});
afterAll(() => rt?.dispose());

function spec(
  o: Partial<TfliteConvSpec> & { ic: number; oc: number; ih: number; k: number; stride: number; pad: number },
  seed = 1,
): TfliteConvSpec {
  const group = o.group ?? 1;
  const r = rng(seed);
  return {
    iw: o.ih + 1,
    group,
    srcScale: 0.02,
    filterScale: 0.01,
    dstScale: 0.05,
    weights: Int8Array.from({ length: o.oc * (o.ic / group) * o.k * o.k }, () => Math.floor(r() * 255) - 127),
    bias: Int32Array.from({ length: o.oc }, () => Math.floor(r() * 2000) - 1000),
    ...o,
  };
}

const nhwcToNchw = (x: Int8Array, h: number, w: number, c: number) => {
  const y = new Int8Array(x.length);
  for (let i = 0; i < h * w; i++) for (let k = 0; k < c; k++) y[k * h * w + i] = x[i * c + k];
  return y;
};

async function check(s: TfliteConvSpec, seed: number): Promise<{ padding: string; op: string }> {
  const m = buildTfliteConvModel(s);
  const model = await rt.loadModel(m.bytes);
  try {
    const [, ih, iw, ic] = m.inputShape;
    const [, oh, ow, oc] = m.outputShape;
    expect(model.inputs.map((v) => [v.shape, v.type])).toEqual([[m.inputShape, 'int8']]);
    expect(model.outputs.map((v) => [v.shape, v.type])).toEqual([[m.outputShape, 'int8']]);
    const r = rng(seed);
    const x = Int8Array.from({ length: ih * iw * ic }, () => Math.floor(r() * 256) - 128);
    const y = model.run({ [model.inputs[0].name]: x })[model.outputs[0].name] as Int8Array;
    const fs = typeof s.filterScale === 'number' ? s.filterScale : Float32Array.from(s.filterScale);
    const want = convBias(
      {
        format: 'NCHW',
        n: 1,
        ic,
        ih,
        iw,
        oc,
        fh: s.k,
        fw: s.k,
        stride: s.stride,
        pad: s.pad,
        group: s.group,
        srcScale: s.srcScale,
        filterScale: fs,
        dstScale: s.dstScale,
        rounding: 'half-even',
        biasMode: 'channel',
      },
      nhwcToNchw(x, ih, iw, ic),
      s.weights,
      s.bias,
    ) as Int8Array;
    expect(Array.from(nhwcToNchw(y, oh, ow, oc))).toEqual(Array.from(want));
  } finally {
    model.dispose();
  }
  return { padding: m.padding, op: m.op };
}

describe('TFLite int8 convolutions in rt.loadModel', () => {
  it('CONV_2D and DEPTHWISE_CONV_2D, every padding form, strides 1 and 2, per-tensor and per-channel: equal to the reference', async () => {
    const seen = new Set<string>();
    const cases: Parameters<typeof spec>[0][] = [
      { ic: 8, oc: 8, ih: 9, k: 3, stride: 1, pad: 1 },
      { ic: 3, oc: 16, ih: 11, k: 3, stride: 2, pad: 1 },
      { ic: 16, oc: 12, ih: 7, k: 1, stride: 1, pad: 0 },
      { ic: 8, oc: 8, ih: 9, k: 2, stride: 2, pad: 0 },
      { ic: 8, oc: 8, ih: 9, k: 5, stride: 1, pad: 2, forcePadOp: true },
      { ic: 12, oc: 12, ih: 10, k: 3, stride: 1, pad: 1, group: 12 },
      { ic: 12, oc: 12, ih: 10, k: 3, stride: 2, pad: 1, group: 12 },
      { ic: 8, oc: 8, ih: 13, k: 5, stride: 2, pad: 2, group: 8 },
      {
        ic: 20,
        oc: 24,
        ih: 6,
        k: 3,
        stride: 1,
        pad: 1,
        filterScale: Float32Array.from({ length: 24 }, (_, i) => 0.004 + 0.0007 * i),
      },
      {
        ic: 24,
        oc: 24,
        ih: 6,
        k: 3,
        stride: 1,
        pad: 1,
        group: 24,
        filterScale: Float32Array.from({ length: 24 }, (_, i) => 0.02 - 0.0005 * i),
      },
    ];
    let seed = 3;
    for (const c of cases) {
      const r = await check(spec(c, seed), seed + 100);
      seen.add(`${r.op} ${r.padding}`);
      seed++;
    }
    expect([...seen].sort()).toEqual([
      'CONV_2D PAD+VALID',
      'CONV_2D SAME',
      'CONV_2D VALID',
      'DEPTHWISE_CONV_2D PAD+VALID',
      'DEPTHWISE_CONV_2D SAME',
    ]);
  });

  it("a PAD / PADV2 read only by a convolution or max pool becomes that op's padding (no padded copy), with the same outputs", async () => {
    const q = (name: string, shape: number[], zp: number) => ({
      name,
      shape,
      type: 'int8' as const,
      scale: [0.05],
      zeroPoint: [zp],
    });
    const r = rng(7);
    const w = Int8Array.from({ length: 288 }, () => Math.floor(r() * 255) - 127);
    /** x -> PAD(V2) -> MAX_POOL_2D 3x3 s2 or CONV_2D 3x3 s1 VALID; `expose`: the padded tensor is a graph output too (never folded) */
    const model = (zp: number, value: number | null, op: 'pool' | 'conv', expose: boolean) => {
      const tensors = [
        q('x', [1, 9, 10, 8], zp),
        { name: 'p', shape: [4, 2], type: 'int32' as const, data: Int32Array.of(0, 0, 1, 1, 1, 2, 0, 0) },
        q('padded', [1, 11, 13, 8], zp),
        op === 'pool' ? q('y', [1, 5, 6, 8], zp) : q('y', [1, 9, 11, 4], 3),
        ...(value === null
          ? []
          : [
              {
                name: 'v',
                shape: [],
                type: 'int8' as const,
                data: Int8Array.of(value),
                scale: [0.05],
                zeroPoint: [zp],
              },
            ]),
        { name: 'w', shape: [4, 3, 3, 8], type: 'int8' as const, data: w, scale: [0.01], zeroPoint: [0] },
      ];
      const padOp =
        value === null
          ? { code: 34, inputs: [0, 1], outputs: [2], options: { type: 22, fields: [] } }
          : { code: 60, inputs: [0, 1, 4], outputs: [2], options: { type: 52, fields: [] } };
      const win =
        op === 'pool'
          ? {
              code: 17,
              inputs: [2],
              outputs: [3],
              options: {
                type: 5,
                fields: [
                  { type: 'i8' as const, value: 1 },
                  { type: 'i32' as const, value: 2 },
                  { type: 'i32' as const, value: 2 },
                  { type: 'i32' as const, value: 3 },
                  { type: 'i32' as const, value: 3 },
                ],
              },
            }
          : {
              code: 3,
              inputs: [2, tensors.length - 1],
              outputs: [3],
              options: {
                type: 1,
                fields: [
                  { type: 'i8' as const, value: 1 },
                  { type: 'i32' as const, value: 1 },
                  { type: 'i32' as const, value: 1 },
                ],
              },
            };
      return buildTfliteGraph({ tensors, ops: [padOp, win], inputs: [0], outputs: expose ? [3, 2] : [3] });
    };
    const x = Int8Array.from({ length: 9 * 10 * 8 }, () => Math.floor(r() * 256) - 128);
    for (const [zp, value, op, folds] of [
      [-128, null, 'pool', true],
      [9, -128, 'pool', true],
      [9, null, 'pool', false],
      // a zero point of 0: the padding is code 0, inside the maximum as LiteRT computes it (onnxruntime's PadFusion,
      // which leaves a fused padding out of the maximum, is for ONNX models only)
      [0, null, 'pool', false],
      [9, null, 'conv', true],
      [9, 9, 'conv', true],
      [9, 5, 'conv', false],
    ] as const) {
      const what = `zp ${zp}, ${value === null ? 'PAD' : `PADV2 ${value}`} -> ${op}`;
      const folded = await rt.loadModel(model(zp, value, op, false));
      const plain = await rt.loadModel(model(zp, value, op, true));
      try {
        expect(
          folded.nodes.some((n) => n.op === 'Pad'),
          what,
        ).toBe(!folds);
        expect(
          plain.nodes.some((n) => n.op === 'Pad'),
          what,
        ).toBe(true);
        const a = folded.run({ x }).y as Int8Array;
        const b = plain.run({ x }).y as Int8Array;
        expect(Array.from(a), what).toEqual(Array.from(b));
        expect(new Set(a).size, what).toBeGreaterThan(3);
      } finally {
        folded.dispose();
        plain.dispose();
      }
    }
  });

  it('bad files: BAD_MODEL (not a flatbuffer, another identifier, every truncation); UNSUPPORTED_OP names each unsupported operator', async () => {
    const good = buildTfliteConvModel(spec({ ic: 8, oc: 8, ih: 9, k: 3, stride: 2, pad: 1 })).bytes; // PAD + CONV_2D
    const codeOf = (b: Uint8Array) => {
      try {
        readTfliteModel(b);
        return 'ok';
      } catch (e) {
        if (!(e instanceof I8ConvError)) throw e;
        return `${e.code}: ${e.message}`;
      }
    };
    expect(codeOf(good)).toBe('ok');
    const other = good.slice();
    other.set([0x41, 0x42, 0x43, 0x44], 4);
    expect(codeOf(other)).toMatch(/^BAD_MODEL: .*identifier 'ABCD'/);
    for (let n = 0; n < good.length; n += Math.max(1, Math.floor(good.length / 97))) {
      expect(codeOf(good.subarray(0, n)), `cut at ${n} of ${good.length}`).toMatch(/^BAD_MODEL/);
    }
    // a float32 CONV_2D, a CUSTOM operator and an unknown builtin: each named, in one error
    const t = (name: string, type: 'float32' | 'int8', data?: Float32Array | Int8Array) => ({
      name,
      shape: [1, 4, 4, 2],
      type,
      data,
    });
    const bad = buildTfliteGraph({
      tensors: [
        t('x', 'float32'),
        { name: 'w', shape: [2, 1, 1, 2], type: 'float32', data: new Float32Array(4) },
        t('y', 'float32'),
        t('z', 'float32'),
        t('u', 'float32'),
      ],
      ops: [
        {
          code: 3,
          inputs: [0, 1],
          outputs: [2],
          options: {
            type: 1,
            fields: [
              { type: 'i8', value: 0 },
              { type: 'i32', value: 1 },
              { type: 'i32', value: 1 },
            ],
          },
        },
        { code: 32, inputs: [2], outputs: [3] },
        { code: 201, inputs: [3], outputs: [4] },
      ],
      inputs: [0],
      outputs: [4],
    });
    const msg = codeOf(bad);
    expect(msg).toMatch(/^UNSUPPORTED_OP: /);
    expect(msg).toMatch(/operator 0: CONV_2D on float32 -> float32/);
    expect(msg).toMatch(/operator 1: builtin code 32 \(CUSTOM\)/);
    expect(msg).toMatch(/operator 2: builtin code 201/);
    // a constant whose bytes do not fill its shape
    const short = buildTfliteGraph({
      tensors: [
        { name: 'x', shape: [1, 8], type: 'int8', scale: [0.1], zeroPoint: [0] },
        { name: 'w', shape: [4, 8], type: 'int8', data: new Int8Array(31), scale: [0.1] },
        { name: 'y', shape: [1, 4], type: 'int8', scale: [0.1], zeroPoint: [0] },
      ],
      ops: [{ code: 9, inputs: [0, 1], outputs: [2] }],
      inputs: [0],
      outputs: [2],
    });
    expect(codeOf(short)).toMatch(/^BAD_MODEL: .*"w" of shape \[4,8\] \(int8\) holds 31 bytes, not 32/);
    // rt.loadModel says the same, and the runtime stays usable
    await expect(rt.loadModel(bad)).rejects.toMatchObject({ code: 'UNSUPPORTED_OP' });
    await expect(rt.loadModel(good.subarray(0, 100))).rejects.toMatchObject({ code: 'BAD_MODEL' });
    const m = await rt.loadModel(good);
    expect(m.outputs[0].shape).toEqual([1, 5, 5, 8]);
    m.dispose();
  });

  it('corrupted files (random bytes changed, 400 times): each loads or raises a typed error; the runtime stays usable', async () => {
    const sources = [
      buildTfliteConvModel(spec({ ic: 8, oc: 8, ih: 9, k: 3, stride: 2, pad: 1 })).bytes,
      ...tfliteCases()
        .slice(0, 4)
        .map((c) => c.bytes),
    ];
    const r = rng(99);
    const codes = new Map<string, number>();
    for (let k = 0; k < Number(process.env.TFL_FUZZ ?? 400); k++) {
      const b = sources[k % sources.length].slice();
      for (let j = 0, n = 1 + Math.floor(r() * 4); j < n; j++) b[Math.floor(r() * b.length)] = Math.floor(r() * 256);
      let code = 'ok';
      try {
        const m = await rt.loadModel(b);
        m.dispose();
      } catch (e) {
        if (!(e instanceof I8ConvError)) throw new Error(`mutation ${k}: ${String(e)}`);
        code = e.code;
      }
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    expect(codes.get('BAD_MODEL') ?? 0).toBeGreaterThan(0);
    const m = await rt.loadModel(sources[0]);
    m.dispose();
  });

  it('a file handed over as a Node Buffer inside a larger allocation reads the same (its int32 biases copied out of the view)', async () => {
    for (const c of tfliteCases().filter((k) => k.ops.includes('CONV_2D') || k.ops.includes('TRANSPOSE_CONV'))) {
      const slab = Buffer.alloc(c.bytes.length + 4096, 0x5a);
      const buf = slab.subarray(1000, 1000 + c.bytes.length);
      buf.set(c.bytes);
      const outs = [];
      for (const bytes of [c.bytes, buf]) {
        const m = await rt.loadModel(bytes);
        try {
          outs.push(Array.from(m.run({ [m.inputs[0].name]: c.x })[m.outputs[0].name] as Int8Array));
        } finally {
          m.dispose();
        }
      }
      expect(outs[1], c.name).toEqual(outs[0]);
    }
  });

  it('the other operators equal the reference executor on the graph the reader makes (against LiteRT.js: test/model-tflite-litert.test.ts)', async () => {
    for (const c of tfliteCases()) {
      const m = await rt.loadModel(c.bytes);
      try {
        expect(m.inputs[0].shape, c.name).toEqual(c.inShape);
        expect(m.outputs[0].shape, c.name).toEqual(c.outShape);
        const y = m.run({ [m.inputs[0].name]: c.x })[m.outputs[0].name] as Int8Array;
        expect(y.length).toBe(c.outShape.reduce((a, b) => a * b, 1));
        const g = fusedGraph(readTfliteModel(c.bytes));
        const name = g.inputs[0].name;
        const ref = runReference(g, new Map([[name, { name, type: 'int8', dims: c.inShape, data: c.x }]]));
        expect(Array.from(y), c.name).toEqual(Array.from(ref.get(g.outputs[0].name)!.data as Int8Array));
      } finally {
        m.dispose();
      }
    }
  });
});
