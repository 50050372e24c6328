// Whole models through rt.loadModel against onnxruntime-web 1.30 (wasm, 1 thread) on the same file, bit for bit:
// MobileNetV2 1.0 and ResNet-18 (224x224, built in code with seeded weights, fixtures/models/zoo.ts) in QDQ form with
// uint8 activations (per-channel and per-tensor weights) and int8 activations (compared with onnxruntime on the
// uint8 twin: every activation zero point +128, the same values, which onnxruntime fuses fully), and in QOperator
// form; layout 'nchw' and a 2-thread runtime give the same bits; the product equals the reference executor on the
// fused graph (MobileNetV2). PP-OCR's cls and rec models quantized to QDQ too. Skipped where onnxruntime-web does not load.
import { loadModelSync } from '../src/model/load.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import { loadOrt, ortRun, ortSession } from '../fixtures/models/ort.js';
import { zooInput, zooQuantized, type ZooId } from '../fixtures/models/zoo.js';
import { withUint8Activations } from '../fixtures/models/quantize-minmax.js';
import { PPOCR, PPOCR_DIR, ppocrInput, ppocrQdq } from '../fixtures/models/ppocr.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { runReference } from '../kernels-ref/model/index.js';
import { fusedGraph } from './helpers/model-builders.js';

let ortOk = true;
try {
  await loadOrt();
} catch {
  ortOk = false;
}

async function ortOutputs(
  bytes: Uint8Array,
  feeds: Record<string, { data: Float32Array; dims: number[] }>,
): Promise<Map<string, ArrayLike<number>>> {
  const s = await ortSession(bytes);
  try {
    return (await ortRun(s, feeds)) as Map<string, ArrayLike<number>>;
  } finally {
    await s.release();
  }
}

function expectSameBits(got: ArrayLike<number>, want: ArrayLike<number>, what: string): void {
  expect(got.length, what).toBe(want.length);
  let differ = 0;
  for (let i = 0; i < got.length; i++) if (!Object.is(got[i], want[i])) differ++;
  expect(differ, `${what}: values differing from onnxruntime-web`).toBe(0);
}

describe.skipIf(!ortOk)('whole models equal onnxruntime-web', () => {
  let rt: Runtime;
  beforeAll(async () => {
    rt = await createRuntime();
  });
  afterAll(() => rt?.dispose());
  const x = zooInput(7);
  const feed = { input: { data: x, dims: [1, 3, 224, 224] } };

  for (const id of ['mobilenetv2', 'resnet18'] as ZooId[]) {
    const variants = [
      { name: 'QDQ uint8 per-channel', activations: 'uint8', weights: 'per-channel', form: 'qdq' },
      { name: 'QDQ int8 per-channel', activations: 'int8', weights: 'per-channel', form: 'qdq' },
      { name: 'QDQ uint8 per-tensor', activations: 'uint8', weights: 'per-tensor', form: 'qdq' },
      { name: 'QOperator uint8 per-channel', activations: 'uint8', weights: 'per-channel', form: 'qoperator' },
    ] as const;
    for (const v of variants) {
      it(`${id} ${v.name}`, async () => {
        const z = await zooQuantized(id, { activations: v.activations, weights: v.weights });
        const g = v.form === 'qdq' ? z.qdq : z.qoperator;
        const bytes = writeOnnxModel(g);
        const model = await rt.loadModel(bytes);
        try {
          expect(model.nodes.filter((n) => n.op === 'QLinearConv').length, 'every convolution fused').toBe(
            id === 'mobilenetv2' ? 52 : 20,
          );
          expect(model.nodes.some((n) => n.layout === 'NCHW44')).toBe(true);
          const out = model.run({ input: x });
          // onnxruntime fuses int8-activation convolutions with fan-out only on ARM: its reference is the uint8 twin
          const refBytes = v.activations === 'int8' ? writeOnnxModel(withUint8Activations(z.qdq)) : bytes;
          const want = await ortOutputs(refBytes, feed);
          for (const o of model.outputs)
            expectSameBits(out[o.name] as Float32Array, want.get(o.name)!, `${id} ${v.name} ${o.name}`);
        } finally {
          model.dispose();
        }
      });
    }
  }

  it('layout nchw and a 2-thread runtime give the same bits (MobileNetV2)', async () => {
    const z = await zooQuantized('mobilenetv2', { activations: 'uint8', weights: 'per-channel' });
    const bytes = writeOnnxModel(z.qdq);
    const auto = await rt.loadModel(bytes);
    const want = auto.run({ input: x }).output as Float32Array;
    auto.dispose();
    const flat = await rt.loadModel(bytes, { layout: 'nchw' });
    expect(flat.nodes.every((n) => n.layout === 'NCHW')).toBe(true);
    expectSameBits(flat.run({ input: x }).output as Float32Array, want, 'layout nchw');
    flat.dispose();
    const rt2 = await createRuntime({ threads: 2 });
    try {
      const m2 = await rt2.loadModel(bytes);
      expectSameBits(m2.run({ input: x }).output as Float32Array, want, `threads 2 (${rt2.threading.reason})`);
      expectSameBits((await m2.runAsync({ input: x })).output as Float32Array, want, 'threads 2 runAsync');
      m2.dispose();
    } finally {
      rt2.dispose();
    }
  });

  it('MobileNetV2 (int8 activations) equals the reference executor on the fused graph, every value', async () => {
    const z = await zooQuantized('mobilenetv2', { activations: 'int8', weights: 'per-channel' });
    const bytes = writeOnnxModel(z.qdq);
    const model = loadModelSync(rt, bytes, {}, { reuse: false, valueGuards: 64 });
    try {
      model.run({ input: x });
      expect(model.checkGuards()).toBe(true);
      let g = fusedGraph(readOnnxModel(bytes));
      const names = g.nodes.flatMap((n) => n.outputs).filter((o) => o !== '');
      g = { ...g, outputs: names.map((name) => ({ name, type: null, onnxElemType: 0, shape: null })) };
      const ref = runReference(
        g,
        new Map([['input', { name: 'input', type: 'float32', dims: [1, 3, 224, 224], data: x }]]),
      );
      let compared = 0;
      for (const name of names) {
        const r = ref.get(name)!;
        const v = model.readValue(name) ?? model.readValue(`${name}@nchw`);
        if (!v) continue;
        let bytesGot = v.bytes;
        if (v.layout === 'NCHW44') {
          const [n, c, h, w] = v.dims;
          const es = bytesGot.length / (n * c * h * w),
            hw = h * w;
          const plain = new Uint8Array(bytesGot.length);
          for (let b = 0; b < n; b++)
            for (let ch = 0; ch < c; ch++)
              for (let i = 0; i < hw; i++)
                for (let e = 0; e < es; e++)
                  plain[((b * c + ch) * hw + i) * es + e] =
                    bytesGot[(((b * (c >> 2) + (ch >> 2)) * hw + i) * 4 + (ch & 3)) * es + e];
          bytesGot = plain;
        }
        const want = new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.byteLength);
        expect(Buffer.compare(Buffer.from(bytesGot), Buffer.from(want)), `value ${name}`).toBe(0);
        compared++;
      }
      expect(compared).toBeGreaterThan(60);
    } finally {
      model.dispose();
    }
  });

  for (const kind of ['cls', 'rec'] as const) {
    it(`PP-OCR ${kind} quantized to QDQ equals onnxruntime-web`, async () => {
      const q = await ppocrQdq(kind, readFileSync(`${PPOCR_DIR}/${PPOCR[kind].file}`));
      const model = await rt.loadModel(q.qdqBytes);
      try {
        const input = ppocrInput(kind, 5);
        const out = model.run({ x: input });
        const want = await ortOutputs(q.qdqBytes, { x: { data: input, dims: PPOCR[kind].shape } });
        for (const o of model.outputs)
          expectSameBits(out[o.name] as Float32Array, want.get(o.name)!, `${kind} ${o.name}`);
      } finally {
        model.dispose();
      }
    });
  }
});
