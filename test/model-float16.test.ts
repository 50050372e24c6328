// Models that compute in float16 (src/model/graph/passes/float16.ts): i8conv runs them in float32 where
// onnxruntime-web's CPU provider does, rounding to float16 exactly where a Cast to float16 stays after its cast
// insertion and cast-pair removal, and equals onnxruntime-web 1.30 (wasm, one thread, default optimizations) bit for
// bit: a convolution between casts, an isolated Concat (float32) and one that reads a float16 initializer (float16:
// its inputs rounded), an Add read by a Conv and by an output Cast (ISNet's pattern), a Resize between explicit
// casts, a MaxPool / Sigmoid chain, an Add of a float16 constant, a Cast from int64 to float16. Also the rounding
// itself (i8conv:RoundFloat16 against the reference's, on every float16 boundary), and float16 inputs and outputs
// (fed and returned as float16 bits).
import { describe, expect, it } from 'vitest';
import { runReference } from '../kernels-ref/model/index.js';
import { createRuntime } from '../src/index.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { halfBitsOf, halfValue, roundToHalf } from '../src/model/numerics/float16.js';
import { makeNode, valueInfo } from '../src/quantize/graph.js';
import { quantizeModel } from '../src/quantize/index.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { loadOrt, ortRun, ortSession } from '../fixtures/models/ort.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt().catch(() => null);
const r = rng(1610);

const halfs = (n: number, scale: number): Uint16Array => {
  const h = new Uint16Array(n);
  for (let i = 0; i < n; i++) h[i] = halfBitsOf(new Uint32Array(Float32Array.of((r() * 2 - 1) * scale).buffer)[0]);
  return h;
};
const w16 = (name: string, dims: number[], scale = 0.5): Tensor => ({
  name,
  type: 'float16',
  dims,
  data: halfs(
    dims.reduce((a, b) => a * b, 1),
    scale,
  ),
});
const i = (value: number): Attribute => ({ kind: 'int', value });
const is = (value: number[]): Attribute => ({ kind: 'ints', value });
const cast = (x: string, y: string, to: number) => makeNode('Cast', [x], [y], { to: i(to) }, { name: `cast_${y}` });
const conv = (x: string, w: string, b: string, y: string) =>
  makeNode('Conv', [x, w, b], [y], { pads: is([1, 1, 1, 1]), kernel_shape: is([3, 3]) }, { name: `conv_${y}` });
const relu = (x: string, y: string) => makeNode('Relu', [x], [y], {}, { name: `relu_${y}` });

interface Model {
  what: string;
  nodes: Node[];
  inits: Tensor[];
  /** outputs (float32 unless said) */
  outs: string[];
  /** RoundFloat16 steps the plan must have (where the float16 rounding stays) */
  rounds: number;
  inputType?: 'float32' | 'int64';
}

const C = 6;
const X = [1, 3, 9, 11];
function models(): Model[] {
  const w = (n: string, ic = C, oc = C) => w16(n, [oc, ic, 3, 3]);
  const b = (n: string, oc = C) => w16(n, [oc], 2);
  const stem = [cast('x', 'x16', 10), conv('x16', 'w0', 'b0', 'c0'), relu('c0', 'r0')];
  const stemInits = [w('w0', 3), b('b0')];
  return [
    {
      what: 'Conv -> Relu between casts: the input and output casts cancel (nothing rounded)',
      nodes: [...stem, cast('r0', 'y', 1)],
      inits: stemInits,
      outs: ['y'],
      rounds: 0,
    },
    {
      what: 'an isolated Concat (both inputs from cast nodes, read by a Conv): float32, nothing rounded',
      nodes: [
        ...stem,
        conv('r0', 'w1', 'b1', 'c1'),
        relu('c1', 'r1'),
        makeNode('Concat', ['r0', 'r1'], ['cat'], { axis: i(1) }, { name: 'cat' }),
        conv('cat', 'w2', 'b2', 'c2'),
        cast('c2', 'y', 1),
      ],
      inits: [...stemInits, w('w1'), b('b1'), w('w2', 2 * C), b('b2')],
      outs: ['y'],
      rounds: 0,
    },
    {
      what: 'a Concat of a float16 initializer read by a Conv only: isolated all the same, float32',
      nodes: [
        ...stem,
        makeNode('Concat', ['r0', 'k'], ['cat'], { axis: i(1) }, { name: 'cat' }),
        conv('cat', 'w2', 'b2', 'c2'),
        cast('c2', 'y', 1),
      ],
      inits: [...stemInits, w16('k', [1, 2, 9, 11], 3), w('w2', C + 2), b('b2')],
      outs: ['y'],
      rounds: 0,
    },
    {
      what: 'a Concat read by a Conv and by an output Cast (which needs no cast): float16, its computed input rounded',
      nodes: [
        ...stem,
        makeNode('Concat', ['r0', 'k'], ['cat'], { axis: i(1) }, { name: 'cat' }),
        conv('cat', 'w2', 'b2', 'c2'),
        cast('c2', 'y', 1),
        cast('cat', 'y2', 1),
      ],
      inits: [...stemInits, w16('k', [1, 2, 9, 11], 3), w('w2', C + 2), b('b2')],
      outs: ['y', 'y2'],
      rounds: 1,
    },
    {
      what: "the model's own Cast to float16 and back: kept (a narrowing cast the model wrote), rounded",
      nodes: [cast('x', 'x16', 10), cast('x16', 'x32', 1), relu('x32', 'y')],
      inits: [],
      outs: ['y'],
      rounds: 1,
    },
    {
      what: "an Add read by a Conv and an output Cast, and its Shape (ISNet's pattern)",
      nodes: [
        ...stem,
        conv('r0', 'w1', 'b1', 'c1'),
        relu('c1', 'r1'),
        makeNode('Add', ['r0', 'r1'], ['sum'], {}, { name: 'add' }),
        conv('sum', 'w2', 'b2', 'c2'),
        cast('c2', 'y', 1),
        cast('sum', 'y2', 1),
      ],
      inits: [...stemInits, w('w1'), b('b1'), w('w2'), b('b2')],
      outs: ['y', 'y2'],
      rounds: 0,
    },
    {
      what: 'a Resize between explicit casts, then a Concat with the stem',
      nodes: [
        ...stem,
        makeNode('MaxPool', ['r0'], ['p0'], { kernel_shape: is([2, 2]), strides: is([2, 2]) }, { name: 'pool' }),
        cast('p0', 'p32', 1),
        makeNode(
          'Resize',
          ['p32', '', '', 'sizes'],
          ['up'],
          { mode: { kind: 'string', value: 'linear' } },
          { name: 'rs' },
        ),
        cast('up', 'up16', 10),
        makeNode('Concat', ['up16', 'r0'], ['cat'], { axis: i(1) }, { name: 'cat' }),
        conv('cat', 'w2', 'b2', 'c2'),
        makeNode('Sigmoid', ['c2'], ['s2'], {}, { name: 'sig' }),
        cast('s2', 'y', 1),
      ],
      inits: [
        ...stemInits,
        { name: 'sizes', type: 'int64', dims: [4], data: BigInt64Array.of(1n, 6n, 9n, 11n) },
        w('w2', 2 * C),
        b('b2'),
      ],
      outs: ['y'],
      rounds: 2,
    },
    {
      what: 'an Add of a float16 constant and a Mul, then a float16 output cast',
      nodes: [
        ...stem,
        makeNode('Add', ['r0', 'k'], ['a'], {}, { name: 'addk' }),
        makeNode('Mul', ['a', 'a'], ['m'], {}, { name: 'mul' }),
        cast('m', 'y', 1),
      ],
      inits: [...stemInits, w16('k', [C, 1, 1], 4)],
      outs: ['y'],
      rounds: 0,
    },
  ];
}

function graphOf(m: Model): Graph {
  return {
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([['', 17]]),
    nodes: m.nodes,
    inputs: [valueInfo('x', m.inputType ?? 'float32', X)],
    outputs: m.outs.map((o) => valueInfo(o, 'float32', null)),
    initializers: new Map(m.inits.map((t) => [t.name, t])),
    valueInfo: new Map(),
  };
}

function sameBits(a: Float32Array, b: Float32Array): number {
  let bad = 0;
  for (let k = 0; k < b.length; k++) if (!Object.is(a[k], b[k]) && !(Number.isNaN(a[k]) && Number.isNaN(b[k]))) bad++;
  return a.length === b.length ? bad : -1;
}

describe('models that compute in float16', () => {
  it.skipIf(!ort)('equal onnxruntime-web bit for bit; the float16 roundings where its casts stay', async () => {
    const rt = await createRuntime();
    const fails: string[] = [];
    try {
      for (const m of models()) {
        const g = graphOf(m);
        const bytes = writeOnnxModel(g);
        const x = new Float32Array(X.reduce((a, b) => a * b, 1));
        for (let k = 0; k < x.length; k++) x[k] = (r() * 2 - 1) * 3;
        const s = await ortSession(bytes);
        const want = await ortRun(s, { x: { dims: X, data: x } });
        await s.release();
        const model = await rt.loadModel(bytes, { onFloatModel: 'allow' });
        try {
          const got = model.run({ x });
          for (const o of m.outs) {
            const bad = sameBits(got[o] as Float32Array, want.get(o) as Float32Array);
            if (bad) fails.push(`${m.what}: ${o} ${bad} of ${want.get(o)!.length} differ`);
          }
          const rounds = model.nodes.filter((n) => n.op === 'RoundFloat16').length;
          if (rounds !== m.rounds) fails.push(`${m.what}: ${rounds} RoundFloat16 steps, ${m.rounds} expected`);
        } finally {
          model.dispose();
        }
      }
    } finally {
      rt.dispose();
    }
    expect(fails.join('\n')).toBe('');
  });

  it('RoundFloat16 equals the reference on every float16 boundary and around it', () => {
    // every float16 h, the float32 values just below, at and above the midpoint to the next one
    const xs: number[] = [];
    const f = new Float32Array(1);
    const u = new Uint32Array(f.buffer);
    for (let h = 0; h < 0x7c00; h++) {
      const lo = halfValue(h),
        hi = h + 1 <= 0x7c00 ? halfValue(h + 1) : Number.POSITIVE_INFINITY;
      const mid = Number.isFinite(hi) ? (lo + hi) / 2 : 65520;
      f[0] = mid;
      const m = u[0];
      for (const b of [m - 1, m, m + 1]) {
        u[0] = b;
        xs.push(f[0], -f[0]);
      }
      xs.push(lo, -lo);
    }
    xs.push(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN, 1e30, -1e30, 1e-30, 0, -0);
    const x = Float32Array.from(xs);
    const ref = runReference(
      {
        ...graphOf({ what: '', nodes: [], inits: [], outs: [], rounds: 0 }),
        nodes: [makeNode('RoundFloat16', ['x'], ['y'], {}, { domain: 'i8conv' })],
        inputs: [valueInfo('x', 'float32', [x.length])],
        outputs: [valueInfo('y', 'float32', [x.length])],
        opsetImports: new Map([
          ['', 17],
          ['i8conv', 1],
        ]),
      },
      [['x', { name: 'x', type: 'float32', dims: [x.length], data: x }]],
    ).get('y')!.data as Float32Array;
    const got = Float32Array.from(xs, roundToHalf);
    expect(sameBits(got, ref)).toBe(0);
    // the rounding is not the identity on these values (the test would pass vacuously otherwise)
    expect(sameBits(x, ref)).toBeGreaterThan(xs.length / 4);
  });

  it.skipIf(!ort)(
    'quantizeModel quantizes a float16 model from its float32 twin: no float16 left, its convolutions int8, the output equal to onnxruntime-web',
    async () => {
      const m = models()[1]; // stem, a second Conv, the isolated Concat, a third Conv
      const bytes = writeOnnxModel(graphOf(m));
      const feeds = Array.from({ length: 3 }, () => ({
        x: Float32Array.from({ length: X.reduce((a, b) => a * b, 1) }, () => (r() * 2 - 1) * 3),
      }));
      const { model: q, report } = await quantizeModel(bytes, { calibration: feeds });
      expect(report.notes.join(' ')).toMatch(/float16/);
      const g = readOnnxModel(q);
      expect([...g.initializers.values()].filter((t) => t.type === 'float16').map((t) => t.name)).toEqual([]);
      expect(g.nodes.filter((n) => n.opType === 'Conv').length).toBe(3);
      const rt = await createRuntime();
      try {
        const model = await rt.loadModel(q);
        const qconvs = model.nodes.filter((n) => n.op === 'QLinearConv').length;
        expect(qconvs).toBe(3);
        const s = await ortSession(q);
        const want = await ortRun(s, { x: { dims: X, data: feeds[0].x } });
        await s.release();
        expect(sameBits(model.run({ x: feeds[0].x }).y as Float32Array, want.get('y') as Float32Array)).toBe(0);
        model.dispose();
      } finally {
        rt.dispose();
      }
    },
  );

  it.skipIf(!ort)(
    'float16 inputs and outputs: fed and returned as float16 bits (Uint16Array), equal to onnxruntime-web',
    async () => {
      const rt = await createRuntime();
      try {
        // x (float16) -> Conv (float16 weights) -> Relu -> y (float16); Concat(x, x) -> cat (float16, moved values);
        // Relu -> Cast -> y32 (float32); Relu of x -> r16 (float16): every kind of float16 output
        const nodes = [
          conv('x', 'w0', 'b0', 'c0'),
          relu('c0', 'y'),
          makeNode('Concat', ['x', 'x'], ['cat'], { axis: i(1) }, { name: 'cat' }),
          cast('y', 'y32', 1),
          relu('x', 'r16'),
        ];
        const g: Graph = {
          ...graphOf({ what: '', nodes, inits: [w16('w0', [C, 3, 3, 3]), w16('b0', [C], 2)], outs: [], rounds: 0 }),
          inputs: [valueInfo('x', 'float16', X)],
          outputs: [
            valueInfo('y', 'float16', null),
            valueInfo('cat', 'float16', null),
            valueInfo('y32', 'float32', null),
            valueInfo('r16', 'float16', null),
          ],
        };
        const bytes = writeOnnxModel(g);
        const model = await rt.loadModel(bytes, { onFloatModel: 'allow' });
        expect(model.inputs[0].type).toBe('float16');
        expect(model.outputs.map((o) => o.type)).toEqual(['float16', 'float16', 'float32', 'float16']);
        const s = await ortSession(bytes);
        try {
          for (let run = 0; run < 3; run++) {
            const x = halfs(
              X.reduce((a, b) => a * b, 1),
              run === 2 ? 70000 : 4,
            );
            if (run === 1) x.set([0x8000, 0x7c00, 0xfc00, 0x0001, 0x8001, 0x7bff, 0x3c00, 0x7e01, 0xfe00, 0x7d55]); // -0, +-inf, subnormals, NaNs
            const got = model.run({ x });
            const want = await s.session.run({ x: new s.ort.Tensor('float16', x, X) });
            for (const o of ['y', 'cat', 'r16']) {
              expect(got[o], o).toBeInstanceOf(Uint16Array);
              const a = got[o] as Uint16Array,
                b = want[o].data as Uint16Array;
              let bad = 0;
              for (let k = 0; k < b.length; k++)
                if (a[k] !== b[k]) {
                  if (bad < 4) console.log(o, run, k, a[k].toString(16), b[k].toString(16));
                  bad++;
                }
              expect(a.length === b.length ? bad : -1, `${o} run ${run}`).toBe(0);
            }
            expect(sameBits(got.y32 as Float32Array, want.y32.data as Float32Array), `y32 run ${run}`).toBe(0);
          }
          // a float16 input fed as another array class is a bad feed
          await expect(async () => model.run({ x: new Float32Array(X.reduce((a, b) => a * b, 1)) })).rejects.toThrow(
            /BAD_FEED.*Uint16Array/,
          );
        } finally {
          await s.release();
          model.dispose();
        }
      } finally {
        rt.dispose();
      }
    },
  );
});
