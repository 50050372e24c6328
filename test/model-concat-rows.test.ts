// Concatenations of short rows (an outer count above 1, a few bytes per input per row: a detector's box coordinates)
// through rt.loadModel: com.microsoft QLinearConcat along the last axis with inputs requantized through their tables,
// copied (the output's scale and zero point) and constant, uint8 and int8 (the computed inputs' rows through the wasm
// rows kernel, concatRowsTask); float Concat, Split and Slice over the same short rows. Each equals the reference executor
// (kernels-ref) bit for bit, and onnxruntime-web where it loads the model.
import { describe, expect, it } from 'vitest';
import { attrInt, f32, GraphBuilder, tensor, valueInfo } from '../fixtures/models/build.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { loadModelSync } from '../src/model/load.js';
import { runReference } from '../kernels-ref/model/index.js';
import type { Tensor } from '../src/model/graph/ir.js';
import { fileRuntime, quietOrt } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await quietOrt();
const runtime = fileRuntime();

/** The product's outputs equal the reference's (and onnxruntime-web's where given) bit for bit. */
async function check(
  bytes: Uint8Array,
  feeds: Record<string, Tensor>,
  what: string,
  withOrt: boolean,
  algorithm?: string,
): Promise<void> {
  const m = loadModelSync(runtime(), bytes, { onFloatModel: 'allow' });
  try {
    if (algorithm) expect(m.nodes.map((n) => n.algorithm).join(' '), what).toContain(algorithm);
    const got = m.run(Object.fromEntries(Object.entries(feeds).map(([k, t]) => [k, t.data])) as never) as Record<
      string,
      ArrayLike<number>
    >;
    const ref = runReference(readOnnxModel(bytes), new Map(Object.entries(feeds)));
    for (const [k, t] of ref)
      expect(Array.from(got[k]), `${what}: ${k} vs the reference`).toEqual(Array.from(t.data as ArrayLike<number>));
    if (withOrt && ort) {
      const s = await ort.InferenceSession.create(bytes);
      const want = await s.run(
        Object.fromEntries(
          Object.entries(feeds).map(([k, t]) => [k, new ort.Tensor(t.type as 'uint8', t.data as Uint8Array, t.dims)]),
        ),
      );
      await s.release();
      for (const [k, w] of Object.entries(want))
        expect(Array.from(got[k]), `${what}: ${k} vs onnxruntime-web`).toEqual(Array.from(w.data as ArrayLike<number>));
    }
  } finally {
    m.dispose();
  }
}

describe('short rows', () => {
  it('QLinearConcat along the last axis: requantized, copied and constant inputs, uint8 and int8', async () => {
    for (let seed = 1; seed <= 12; seed++)
      for (const type of ['uint8', 'int8'] as const) {
        const r = rng(seed);
        const rows = 1 + Math.floor(r() * 300);
        const widths = [1 + Math.floor(r() * 4), 1 + Math.floor(r() * 5), 2, 1 + Math.floor(r() * 70)];
        const zp = (z: number) => (type === 'uint8' ? Uint8Array.of(z) : Int8Array.of(z - 128));
        const b = new GraphBuilder(
          'qconcat',
          new Map([
            ['', 13],
            ['com.microsoft', 1],
          ]),
        );
        b.init(f32('ys', [], [0.05]));
        b.init(tensor('yz', type, [], zp(120)));
        const ins: string[] = ['ys', 'yz'];
        const feeds: Record<string, Tensor> = {};
        const codes = (n: number) =>
          type === 'uint8'
            ? Uint8Array.from({ length: n }, () => Math.floor(r() * 256))
            : Int8Array.from({ length: n }, () => Math.floor(r() * 256) - 128);
        widths.forEach((w, k) => {
          const name = `x${k}`;
          // input 1: the output's own scale and zero point (a copy); input 2: a constant; the others requantized
          const s = k === 1 ? 0.05 : 0.01 + r() * 0.1;
          const z = k === 1 ? 120 : Math.floor(r() * 256);
          b.init(f32(`s${k}`, [], [s]));
          b.init(tensor(`z${k}`, type, [], zp(z)));
          if (k === 2) b.init(tensor(name, type, [1, rows, w], codes(rows * w)));
          else {
            b.inputs.push(valueInfo(name, type, [1, rows, w]));
            feeds[name] = tensor(name, type, [1, rows, w], codes(rows * w));
          }
          ins.push(name, `s${k}`, `z${k}`);
        });
        b.node('QLinearConcat', ins, ['y'], { axis: attrInt(-1) }, { domain: 'com.microsoft' });
        const total = widths.reduce((a, c) => a + c, 0);
        b.outputs.push(valueInfo('y', type, [1, rows, total]));
        await check(
          writeOnnxModel(b.graph()),
          feeds,
          `${type} seed ${seed} rows ${rows} widths ${widths}`,
          true,
          'concat-requant',
        );
      }
  });

  it('float Concat, Split and Slice over short rows: the same floats', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const r = rng(100 + seed);
      const rows = 1 + Math.floor(r() * 500);
      const w = [1 + Math.floor(r() * 4), 1 + Math.floor(r() * 80)];
      const b = new GraphBuilder('rows');
      const feeds: Record<string, Tensor> = {};
      w.forEach((n, k) => {
        b.inputs.push(valueInfo(`x${k}`, 'float32', [1, rows, n]));
        feeds[`x${k}`] = f32(
          `x${k}`,
          [1, rows, n],
          Array.from({ length: rows * n }, () => r() * 2 - 1),
        );
      });
      b.node('Concat', ['x0', 'x1'], ['c'], { axis: attrInt(2) });
      const total = w[0] + w[1];
      const cut = 1 + Math.floor(r() * (total - 1));
      b.init(tensor('sp', 'int64', [2], BigInt64Array.from([BigInt(cut), BigInt(total - cut)])));
      b.node('Split', ['c', 'sp'], ['a', 'bb'], { axis: attrInt(2) });
      b.init(tensor('st', 'int64', [1], BigInt64Array.from([1n])));
      b.init(tensor('en', 'int64', [1], BigInt64Array.from([BigInt(total)])));
      b.init(tensor('ax', 'int64', [1], BigInt64Array.from([2n])));
      b.node('Slice', ['c', 'st', 'en', 'ax'], ['s']);
      for (const o of ['a', 'bb', 's']) b.outputs.push(valueInfo(o, 'float32', null as never));
      await check(writeOnnxModel(b.graph()), feeds, `seed ${seed} rows ${rows} widths ${w}`, true);
    }
  });
});
