// float64 ('double') values through rt.loadModel, as PyTorch exports write them where a model's constants came from
// numpy or Python floats (a prior-box decode: Cast to double -> Mul -> Add -> Concat, a double graph output): Cast to
// and from double (float32, int64, int32 sources; the integers truncated and saturated as from float32), Add / Sub /
// Mul / Div of doubles with numpy broadcasting (one IEEE double operation per element), the exact unary operators (Neg,
// Abs, Sqrt, Reciprocal, Floor, Ceil, Round with its ties, Sign, Relu), and the data movement operators over doubles
// (Concat, Reshape, Transpose, Slice, Unsqueeze); double graph inputs and outputs
// (Float64Array). Each seeded model, with NaN, infinities, -0 and values past float32's range in its data, equals
// onnxruntime-web bit for bit and the reference executor. An operator the runtime does not compute in double (Exp)
// is UNSUPPORTED_OP naming it, before any run.
import { describe, expect, it } from 'vitest';
import { attrInt, attrInts, GraphBuilder, tensor, valueInfo } from '../fixtures/models/build.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { loadModelSync } from '../src/model/load.js';
import { runReference } from '../kernels-ref/model/index.js';
import type { Tensor } from '../src/model/graph/ir.js';
import { I8ConvError } from '../src/errors.js';
import { bitStrings, fileRuntime, quietOrt } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await quietOrt();
const runtime = fileRuntime();

const SPECIAL = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 1e300, -3e38, 5e-324];

function model(seed: number): { bytes: Uint8Array; feeds: Record<string, Tensor> } {
  const r = rng(seed);
  const [A, B, C] = [1 + Math.floor(r() * 3), 1 + Math.floor(r() * 4), 2 + Math.floor(r() * 6)];
  const b = new GraphBuilder('double');
  const d = (name: string, dims: number[], n: number, scale = 10) =>
    b.init(
      tensor(
        name,
        'double',
        dims,
        Float64Array.from({ length: n }, () => (r() * 2 - 1) * scale),
      ),
    );
  b.inputs.push(valueInfo('x', 'float32', [A, B, C]), valueInfo('xd', 'double', [A, B, C]));
  b.inputs.push(valueInfo('xi', 'int64', [A, B, C]));
  b.node('Cast', ['x'], ['x64'], { to: attrInt(11) });
  d('k', [C], C);
  d('c0', [], 1);
  d('den', [B, 1], B, 3);
  b.node('Mul', ['x64', 'k'], ['m']);
  b.node('Add', ['m', 'c0'], ['a']);
  b.node('Div', ['a', 'den'], ['dv']);
  b.node('Sub', ['dv', 'xd'], ['sb']);
  b.node('Cast', ['xi'], ['xi64'], { to: attrInt(11) });
  b.node('Concat', ['sb', 'xi64', 'xd'], ['cc'], { axis: attrInt(2) });
  b.init(tensor('shape', 'int64', [2], BigInt64Array.from([BigInt(A * B), -1n])));
  b.node('Reshape', ['cc', 'shape'], ['rs']);
  b.node('Transpose', ['rs'], ['tr'], { perm: attrInts([1, 0]) });
  b.init(tensor('st', 'int64', [1], BigInt64Array.from([1n])));
  b.init(tensor('en', 'int64', [1], BigInt64Array.from([9223372036854775807n])));
  b.init(tensor('ax', 'int64', [1], BigInt64Array.from([0n])));
  b.node('Slice', ['tr', 'st', 'en', 'ax'], ['sl']);
  b.init(tensor('uax', 'int64', [1], BigInt64Array.from([0n])));
  b.node('Unsqueeze', ['sl', 'uax'], ['yd']);
  b.node('Cast', ['cc'], ['yf'], { to: attrInt(1) });
  b.node('Cast', ['sb'], ['yi'], { to: attrInt(6) });
  b.node('Cast', ['sb'], ['yl'], { to: attrInt(7) });
  b.outputs.push(
    valueInfo('yd', 'double', null as never),
    valueInfo('yf', 'float32', null as never),
    valueInfo('yi', 'int32', null as never),
    valueInfo('yl', 'int64', null as never),
  );
  const n = A * B * C;
  const pick = () => (r() < 0.15 ? SPECIAL[Math.floor(r() * SPECIAL.length)] : (r() * 2 - 1) * 100);
  const feeds: Record<string, Tensor> = {
    x: tensor('x', 'float32', [A, B, C], Float32Array.from({ length: n }, pick)),
    xd: tensor('xd', 'double', [A, B, C], Float64Array.from({ length: n }, pick)),
    xi: tensor(
      'xi',
      'int64',
      [A, B, C],
      BigInt64Array.from({ length: n }, () => BigInt(Math.floor((r() * 2 - 1) * 2 ** 40))),
    ),
  };
  return { bytes: writeOnnxModel(b.graph()), feeds };
}

describe('double values', () => {
  it.skipIf(!ort)(
    'Cast, Add / Sub / Mul / Div, Concat, Reshape, Transpose, Slice, Unsqueeze on doubles: onnxruntime-web and the reference, bit for bit',
    async () => {
      const o = ort!;
      for (let seed = 1; seed <= 30; seed++) {
        const { bytes, feeds } = model(seed);
        const m = loadModelSync(runtime(), bytes, { onFloatModel: 'allow' });
        try {
          const got = m.run(Object.fromEntries(Object.entries(feeds).map(([k, t]) => [k, t.data])) as never) as Record<
            string,
            ArrayLike<number | bigint>
          >;
          expect(got.yd).toBeInstanceOf(Float64Array);
          const s = await o.InferenceSession.create(bytes);
          const want = await s.run(
            Object.fromEntries(
              Object.entries(feeds).map(([k, t]) => [
                k,
                new o.Tensor(t.type === 'double' ? 'float64' : (t.type as 'float32'), t.data as Float32Array, t.dims),
              ]),
            ),
          );
          await s.release();
          const ref = runReference(readOnnxModel(bytes), new Map(Object.entries(feeds)));
          for (const k of ['yd', 'yf', 'yi', 'yl']) {
            expect(bitStrings(got[k]), `seed ${seed} ${k} vs onnxruntime-web`).toEqual(
              bitStrings(want[k].data as ArrayLike<number>),
            );
            expect(bitStrings(got[k]), `seed ${seed} ${k} vs the reference`).toEqual(
              bitStrings(ref.get(k)!.data as ArrayLike<number>),
            );
          }
        } finally {
          m.dispose();
        }
      }
    },
  );

  it.skipIf(!ort)(
    'the exact unary operators on doubles (Neg, Abs, Sqrt, Reciprocal, Floor, Ceil, Round, Sign, Relu): onnxruntime-web and the reference, bit for bit',
    async () => {
      const o = ort!;
      const OPS = ['Neg', 'Abs', 'Sqrt', 'Reciprocal', 'Floor', 'Ceil', 'Round', 'Sign', 'Relu'];
      for (let seed = 1; seed <= 8; seed++) {
        const r = rng(900 + seed);
        const n = 5 + Math.floor(r() * 60);
        const b = new GraphBuilder('unary-double');
        b.inputs.push(valueInfo('x', 'double', [n]));
        for (const op of OPS) {
          b.node(op, ['x'], [`y_${op}`]);
          b.outputs.push(valueInfo(`y_${op}`, 'double', [n]));
        }
        const bytes = writeOnnxModel(b.graph());
        // specials, halves (Round's ties), values past float32's range and below its smallest
        const HALVES = [0.5, -0.5, 1.5, 2.5, -2.5, 4503599627370495.5, 1e-310, -1e-310];
        const x = Float64Array.from({ length: n }, () =>
          r() < 0.15
            ? SPECIAL[Math.floor(r() * SPECIAL.length)]
            : r() < 0.2
              ? HALVES[Math.floor(r() * HALVES.length)]
              : (r() * 2 - 1) * 10 ** Math.floor(r() * 12 - 4),
        );
        const m = loadModelSync(runtime(), bytes, { onFloatModel: 'allow' });
        try {
          const got = m.run({ x } as never) as Record<string, Float64Array>;
          const s = await o.InferenceSession.create(bytes);
          const want = await s.run({ x: new o.Tensor('float64', x, [n]) });
          await s.release();
          const ref = runReference(readOnnxModel(bytes), new Map([['x', tensor('x', 'double', [n], x)]]));
          for (const op of OPS) {
            const k = `y_${op}`;
            expect(got[k]).toBeInstanceOf(Float64Array);
            expect(bitStrings(got[k]), `seed ${seed} ${op} vs onnxruntime-web`).toEqual(
              bitStrings(want[k].data as ArrayLike<number>),
            );
            expect(bitStrings(got[k]), `seed ${seed} ${op} vs the reference`).toEqual(
              bitStrings(ref.get(k)!.data as ArrayLike<number>),
            );
          }
        } finally {
          m.dispose();
        }
      }
    },
  );

  it('an operator not computed in double is UNSUPPORTED_OP naming it, and the runtime stays usable', () => {
    const b = new GraphBuilder('exp');
    b.inputs.push(valueInfo('x', 'double', [4]));
    b.node('Exp', ['x'], ['y'], {}, { name: 'the_exp' });
    b.outputs.push(valueInfo('y', 'double', [4]));
    let err: unknown;
    try {
      loadModelSync(runtime(), writeOnnxModel(b.graph()), { onFloatModel: 'allow' }).dispose();
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(I8ConvError);
    expect((err as I8ConvError).code).toBe('UNSUPPORTED_OP');
    expect((err as Error).message).toMatch(/the_exp/);
    const { bytes, feeds } = model(99);
    const m = loadModelSync(runtime(), bytes, { onFloatModel: 'allow' });
    expect(m.run(Object.fromEntries(Object.entries(feeds).map(([k, t]) => [k, t.data])) as never)).toBeDefined();
    m.dispose();
  });
});
